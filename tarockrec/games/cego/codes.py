"""Cego's finding codes (sections of docs/rules/cego.md; §9 names the illegal records)."""
from __future__ import annotations

from ...codes import Code

CODES: tuple[Code, ...] = (
    Code("CE-TURN", "§3.3", "a player calls, exchanges or plays out of turn"),
    Code("CE-CALL-UNKNOWN", "App. B", "an auction call that is not a Cego call"),
    Code("CE-STAGE1-CALL", "§3.3", "a call other than solo or pass in the Solo round"),
    Code("CE-SOLO-AGAIN", "§3.3", "a second Solo: the first Solo ends the Solo round at once"),
    Code("CE-SOLO-BIDDER", "§3.4", "the Solo bidder speaks in the ranked auction"),
    Code("CE-OPEN-PASS", "§3.4", "forehand passes instead of opening the open auction with "
         "cego"),
    Code("CE-JUMP", "§3.4", "a bid that is not exactly one step above the standing bid (the "
         "first bid is always cego)"),
    Code("CE-BID-LOW", "§3.4", "a bid at or below the standing bid, or above Pfeife"),
    Code("CE-HOLDER-RAISES", "§3.4", "the holder raises: he may only hold or pass"),
    Code("CE-HOLD", "§3.4", "a hold by a seat that is not the holder, or with nothing to hold"),
    Code("CE-PASSED", "§3.4", "a player who passed speaks again"),
    Code("CE-HAND", "§3.2", "a bid or hold of a contract the dealt hand cannot carry out"),
    Code("CE-PB-ROUND", "§3.6", "a call the Piccolo/Bettel round does not allow (a second "
         "Piccolo, a ladder bid)"),
    Code("CE-NO-PB", "§3.6", "Piccolo or Bettel outside the 4-player Piccolo/Bettel round"),
    Code("CE-RAEUBER", "§3.6", "Räuber (or the choice to play Cego) where forehand has no such "
         "choice, or by another seat than forehand"),
    Code("CE-AUCTION-OVER", "§3.7", "a call after the auction ended"),
    Code("CE-AUCTION-INCOMPLETE", "§3.7", "the record ends during the auction"),
    Code("CE-NO-EXCHANGE", "§4.2", "an exchange in Solo, Piccolo, Bettel or Räuber"),
    Code("CE-EXCHANGE-MISSING", "§4.2", "the declarer plays (or the record ends) without "
         "choosing the kept cards"),
    Code("CE-KEEP", "§4.2", "kept cards of the wrong number, repeated, or not from the dealt "
         "hand"),
    Code("CE-KEEP-KIND", "§4.2", "kept cards the contract does not allow (not a pip card, not "
         "of one suit / two suits, not the Pfeife)"),
    Code("CE-EXTRA-MISSING", "§4.2", "the declarer plays (or the record ends) without the extra "
         "discard of Cego, Zwei Leere or Zwei Verschiedene"),
    Code("CE-EXTRA-NONE", "§4.2", "an extra discard in a contract that has none"),
    Code("CE-EXTRA-DISCARD", "§4.2", "an extra discard the contract forbids (not the lowest / "
         "highest trump, a kept card, a card not held)"),
    Code("CE-CHALLENGE", "§4.5", "a Solo-hand challenge that is not allowed (a defender, after a "
         "Solo bid, in Solo, Piccolo, Bettel or Räuber, after a card was played)"),
    Code("CE-AFTER-CHALLENGE", "§4.5", "a card played after the Solo-hand challenge ended the "
         "deal"),
    Code("CE-END", "§5.5", "an early end other than the Solo-hand challenge"),
    Code("CE-LEAD", "§5.1", "a trick led by the wrong seat"),
    Code("CE-EXPOSED-LEAD", "§4.3", "under exposed_lead, a lead that ignores the exposed "
         "kept cards"),
    Code("CE-FOLLOW", "§5.2", "a card that does not follow the led suit (revoke)"),
    Code("CE-RUFF", "§5.2", "void in the led suit, a card other than a trump while holding one"),
    Code("CE-NOT-IN-HAND", "§5", "a card the player does not hold (discarded, played before, "
         "another player's)"),
    Code("CE-TALON-CARD", "§4.2", "a card of the unused talon (or the Legage) played"),
    Code("CE-TRICK-SIZE", "§5", "a trick with the wrong number of cards"),
    Code("CE-TRICKS-MISSING", "§5.5", "the record stops before the last trick (Piccolo and "
         "Bettel may stop after the deciding trick)"),
    Code("CE-TRICKS-EXTRA", "§5.5", "a card after the deal has ended"),
    Code("CE-OUTCOME-KEY", "docs/notation.md Cego outcome", "a written outcome leaves out a "
         "fact its contract is scored by (A, M, card points, tricks, …), or writes one the "
         "contract does not have"),
)
