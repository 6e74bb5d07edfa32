"""Carinthian Tarock's finding codes (sections of docs/rules/carinthian.md)."""
from __future__ import annotations

from ...codes import Code

CODES: tuple[Code, ...] = (
    Code("CA-SEAT", "§1.1", "an action names a seat that is not at the table"),
    Code("CA-CARRY", "§6.8", "the carried session state of a lone deal is impossible (the "
         "restricted flag disagrees with the period's deal count, or counters without a period)"),
    Code("CA-DEALER", "§1.6, §3.4, §5.6", "with four players the dealer calls, or plays a card "
         "outside Trischak or after trick 6 of Trischak"),
    Code("CA-TURN", "§3.3", "a player acts out of turn"),
    Code("CA-CALL-UNKNOWN", "§3.1", "an auction call that is not a Carinthian call"),
    Code("CA-PASSED", "§3.3", "a player who passed calls again (a pass is final)"),
    Code("CA-FORCED", "§3.3", "the third player passes after forehand and middlehand passed "
         "(he must bid)"),
    Code("CA-BID-LOW", "§3.3", "a bid that does not outrank the standing one"),
    Code("CA-VIERZIG", "§3.3", "Vierzig bid at a player's second or later call"),
    Code("CA-HOLD", "§3.3", "a hold of nothing, of a Vierzig, or by a player without the "
         "priority"),
    Code("CA-RESTRICTED", "§3.2, §6.8", "in the restricted phase, a bid other than Angesehen "
         "or Solo, or an Angesehen declarer who does not play Trischak"),
    Code("CA-AUCTION-INCOMPLETE", "§3.3", "the record ends (or goes on) during the auction"),
    Code("CA-AUCTION-OVER", "§3.3", "a call after the auction has ended"),
    Code("CA-TRISCHAK", "§4.1", "a Trischak conversion by a declarer other than an Angesehen "
         "declarer, or not right after the auction"),
    Code("CA-TRISCHAK-MODE", "§4.1", "a Trischak play mode other than stichzwang or "
         "nachlassen"),
    Code("CA-TALON-ORDER", "§4.6, G6", "the Trischak talon order is not the six talon cards "
         "(or not in the stacking the rule set names), or is given with four players"),
    Code("CA-TALON", "§4.2", "the talon exchange missing where due, or an exchange in "
         "Trischak or after it is over"),
    Code("CA-SOLO-TALON", "§4.2", "a talon take or discard in a Solo"),
    Code("CA-TALON-HALF", "§4.2", "the declarer takes anything but one whole half"),
    Code("CA-DISCARD", "§4.2", "a discard of other than 3 cards or of cards not held"),
    Code("CA-DISCARD-FORBIDDEN", "§4.2", "a king, Sküs, Mond or Pagat discarded"),
    Code("CA-DISCARD-TAROCK", "§4.2", "a tarock discarded while 3 free cards are held, or "
         "other than the necessary minimum of tarocks"),
    Code("CA-DISCARD-SHOWN", "§4.2", "a discarded tarock not shown, or a shown card that is "
         "not a discarded tarock"),
    Code("CA-ANNOUNCE", "§4.3", "a kontra-type call in the declarer's announcement turn"),
    Code("CA-ANNOUNCE-SEAT", "§4.3", "an announcement by a player other than the declarer"),
    Code("CA-ANNOUNCE-CONTRACT", "§4.3, §4.6", "fuenfzig outside Vierzig, or valat/fuenfzig "
         "in Trischak"),
    Code("CA-ANNOUNCE-REPEAT", "§4.3", "an item announced twice"),
    Code("CA-ANNOUNCE-CARD", "§4.3, G13", "a bird announced without holding its card"),
    Code("CA-ZAHLE", "§4.4", "zahle said where there is no Zahle round, or a Zahle-round turn "
         "that is not exactly zahle or kontra"),
    Code("CA-KONTRA", "§4.5", "a kontra on a target that was not announced (silent bonuses "
         "cannot be kontra'd)"),
    Code("CA-KONTRA-REPEAT", "§4.5", "a second kontra on the same target"),
    Code("CA-KONTRA-VALAT", "§4.5, G10", "a kontra on the game when Valat was announced"),
    Code("CA-KONTRA-SIDE", "§4.5", "the declarer says kontra, or speaks in the defenders' "
         "round"),
    Code("CA-RETOUR", "§4.5, §4.6", "retour by a defender, on a target nobody kontra'd, or on "
         "the Trischak game"),
    Code("CA-SAY-UNKNOWN", "§4.3–§4.6", "a statement that is not a Carinthian declaration"),
    Code("CA-DECL-TURN", "§4.4–§4.6", "a player speaks out of turn in a round"),
    Code("CA-DECL-MISSING", "§4.3–§4.6", "the record leaves the announcement or a kontra "
         "round unfinished"),
    Code("CA-DECL-END", "§4.5", "a declaration after the rounds have ended"),
    Code("CA-LEAD", "§5.1, §5.6", "a trick led by the wrong seat"),
    Code("CA-NOT-IN-HAND", "§5", "a card played that the seat does not hold"),
    Code("CA-FOLLOW", "§5.2", "a card of another suit played while holding the led suit"),
    Code("CA-RUFF", "§5.2", "a non-tarock played while void in the led suit and holding "
         "tarocks"),
    Code("CA-STICHZWANG", "§5.4", "in Trischak Stichzwang, a card that does not head the "
         "trick although the seat could"),
    Code("CA-PAGAT", "§5.5", "in Trischak, the Pagat played while holding another tarock"),
    Code("CA-BIRD-EARLY", "§5.3", "an announced bird played before its trick while another "
         "card was legal"),
    Code("CA-TRICK-SIZE", "§1.3, §5.6", "a trick with the wrong number of cards"),
    Code("CA-TRICKS-MISSING", "§5.7", "the record stops before play is over"),
    Code("CA-TRICKS-EXTRA", "§5.7", "cards recorded after play is over"),
    Code("CA-AFTER-END", "§4.4, §5.7", "an action after the deal has ended (after a Zahle, "
         "or after play)"),
    Code("CA-SHEET", "§6.7", "a score-sheet record whose scores are not the settlement of its "
         "sheet entries, or whose entries the contract cannot give"),
    Code("CA-OUTCOME-KEYS", "docs/notation.md outcome", "an outcome that leaves out a key "
         "its kind of deal needs (a played game: won, points, tricks, target; a Trischak: "
         "points, tricks) or writes one it cannot have (a Zahle has no play)"),
    Code("CA-PHASE", "§3–§5", "an action that no phase of the deal allows now",
         unreachable="a defensive fallback: every phase names its own code first"),
    Code("CA-PLAY", "§5.8", "a card the legal-card algorithm refuses for no named reason",
         unreachable="a defensive fallback: every refused card has a named reason first"),
)
