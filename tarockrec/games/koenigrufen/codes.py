"""Königrufen's finding codes (sections of docs/rules/koenigrufen.md)."""
from __future__ import annotations

from ...codes import Code

CODES: tuple[Code, ...] = (
    Code("KR-SEAT", "§1.1", "an action names a seat that is not at the table"),
    Code("KR-SITS-OUT", "§1.1", "at a table of five, the dealer (who sits the deal out) "
         "acts, is named declarer, partner or an item's seat, or is given tricks or points "
         "(decision: docs/notation.md, Königrufen at five)"),
    Code("KR-REDEAL", "§2.3", "a redeal demanded too late, by a hand that may not demand "
         "it, or under a rule set without redeals"),
    Code("KR-TURN", "§3.3", "a player acts out of turn"),
    Code("KR-OPEN", "§3.3", "forehand does not open with Mein Spiel (under contract_order = "
         "oe2023: Mein Spiel or a contract of the auction), or Mein Spiel is called later"),
    Code("KR-FIRST-WORD", "§7.2", "under contract_order = oe2023, the Sechserdreier named other "
         "than as forehand's first call (a later bid, or the free choice after Mein Spiel and "
         "three passes)"),
    Code("KR-CALL-UNKNOWN", "§3.2", "an auction call that is not a Königrufen call"),
    Code("KR-NOT-BIDDABLE", "§3.2", "a contract only forehand may name at the free choice is "
         "bid in the auction"),
    Code("KR-BID-LOW", "§3.1", "a bid that does not outrank the standing one"),
    Code("KR-HOLD", "§3.3", "a hold by a player without the priority, of Mein Spiel, or of "
         "nothing"),
    Code("KR-BID-HAND", "§4.6.3", "a Besserrufer bid (or hold) by a player holding no bird, "
         "under bird_announcement_requires_card or besserrufer_bird_in_hand; a king-call "
         "contract bid (or held) with four kings, under four_kings_forbid_king_call"),
    Code("KR-AUCTION-INCOMPLETE", "§3.3", "the record ends during the auction"),
    Code("KR-CHOICE", "§3.3", "forehand's free choice is missing, misplaced or names no "
         "contract he may choose"),
    Code("KR-KING-CALL", "§4.2", "a king call missing where due, made where none is called, "
         "or naming a king that may not be called"),
    Code("KR-TALON", "§4.3", "a talon take or discard where the contract has none"),
    Code("KR-TALON-HALF", "§4.3", "the declarer takes a half of the talon that he may not "
         "take (or not the whole talon where he takes it all)"),
    Code("KR-TALON-UNTOUCHED", "§4.3", "the talon is used in a contract where it stays "
         "untouched"),
    Code("KR-DISCARD", "§4.3", "a discard of the wrong number of cards or of cards not held"),
    Code("KR-DISCARD-TAROCK", "§4.3", "a king or tarock discarded while other cards could be "
         "laid away, or a discarded tarock left unshown"),
    Code("KR-DISCARD-SUIT", "§7.2", "in a Farbendreier, a suit card discarded while tarocks "
         "T2–T20 could be laid away (tarocks are discarded first)"),
    Code("KR-CONCEDE", "§4.4", "a concession in a contract or at a moment that allows none"),
    Code("KR-BESSERRUFER", "§4.6.3", "the Besserrufer declarer's compulsory bird "
         "announcement is missing or wrong"),
    Code("KR-DECL-TURN", "§4.6.1", "a player speaks out of turn in the declaration round"),
    Code("KR-DECL-END", "§4.6.1", "a declaration after the round has ended, or the round "
         "does not end before play"),
    Code("KR-NO-DECLARATIONS", "§4.6", "a declaration in a contract without a declaration "
         "round"),
    Code("KR-SAY-UNKNOWN", "§4.6.2", "a statement that is not a Königrufen declaration"),
    Code("KR-PARTNER-STATEMENT", "§4.6.2", "a partner statement where none stands (twice in "
         "a turn, without a called king, false, or by the declarer)"),
    Code("KR-ANNOUNCE-CONTRACT", "§4.6.2", "an announcement the contract does not allow"),
    Code("KR-ANNOUNCE-REPEAT", "§4.6.2", "an item announced a second time"),
    Code("KR-ANNOUNCE-SIDE", "§4.6.2", "an announcement by a player whose side may not make "
         "it"),
    Code("KR-ANNOUNCE-CARD", "G17", "a bird or King Ultimo announced without the card, under "
         "bird_announcement_requires_card"),
    Code("KR-ANNOUNCE-ONCE", "§7.2", "under announcement_round = oe2023, a seat announcing in "
         "a second turn, or the declarer announcing after his first turn ('ich liege')"),
    Code("KR-KONTRA-LATE", "§7.2", "under announcement_round = oe2023, a kontra-type call "
         "after the seat let its first turn since the contract or announcement (or the level "
         "it answers) pass"),
    Code("KR-KONTRA-OR-VALAT", "§7.2", "under colour_game_kontra_or_valat, an opponent in a "
         "colour game who both kontras and announces the Valat"),
    Code("KR-KONTRA", "§4.6.2", "a kontra on an unannounced item, or a kontra level out of "
         "order"),
    Code("KR-KONTRA-SIDE", "§4.6.2", "a kontra level said by the wrong side"),
    Code("KR-KONTRA-TARGET", "G39", "under misere_kontra_individual, a declarer's rekontra that "
         "does not name which of several opponents' kontras it answers"),
    Code("KR-KONTRA-VALAT", "§6.9", "a kontra on the contract once Valat is announced"),
    Code("KR-LEAD", "§5.1", "a trick led by the wrong seat"),
    Code("KR-NOT-IN-HAND", "§5.1", "a card played that the seat does not hold"),
    Code("KR-FOLLOW", "§5.2", "a card of another suit played while holding the led suit"),
    Code("KR-RUFF", "§5.2", "a non-tarock played while void in the led suit and holding "
         "tarocks"),
    Code("KR-MUST-WIN", "§5.4", "in a misère contract, a card that does not beat the trick "
         "although the seat could"),
    Code("KR-FARBENSOLO-LEAD", "§5.5", "a tarock led in Farbensolo (or Farbendreier) while "
         "holding suit cards"),
    Code("KR-RESERVED-DUE", "§5.6", "an announced card not played in its target trick"),
    Code("KR-RESERVED-KEEP", "§5.6", "an announced card played before its target trick"),
    Code("KR-PAGAT-LAST", "§5.6", "the Pagat played before the last tarock, under "
         "pagat_last_tarock"),
    Code("KR-TRICK-SIZE", "§5.1", "a trick with other than four cards"),
    Code("KR-TRICKS-MISSING", "§5.9", "the record stops before play is over"),
    Code("KR-TRICKS-EXTRA", "§5.9", "cards recorded after play is over"),
    Code("KR-AFTER-END", "§5.9", "an action recorded after the deal has ended"),
    Code("KR-PHASE", "§3–§5", "an action that no phase of the deal allows now",
         unreachable="a defensive fallback: every phase names its own code first"),
    Code("KR-PLAY", "§5.8", "a card the legal-card algorithm refuses for no named reason",
         unreachable="a defensive fallback: every refused card has a named reason first"),
)
