"""Illustrated Tarokk's finding codes (sections of docs/rules/illustrated.md)."""
from __future__ import annotations

from ...codes import Code

CODES: tuple[Code, ...] = (
    Code("IT-SEAT", "§1.1", "an action names a seat that is not active in the deal"),
    Code("IT-TURN", "§3.3", "a player acts out of turn, after passing, or while sitting out "
         "as the fifth player's dealer"),
    Code("IT-BID-UNKNOWN", "§3.1", "a call that is not an Illustrated Tarokk call"),
    Code("IT-NO-HONOUR", "§3.3", "a bid by a player holding no honour (T1, T21, T22)"),
    Code("IT-HONOURLESS-LEVEL", "§3.6", "the honourless fourth bids at a level other than "
         "three"),
    Code("IT-HOLD", "§3.3", "a hold by a player who has not bid, of a held bid, or when no "
         "hold is possible"),
    Code("IT-BID-LOW", "§3.3", "a bid that does not outbid the standing one"),
    Code("IT-BID-JUMP", "§3.3", "a jump the state machine does not allow",
         unreachable="a defensive fallback behind the named jump rules; a brute-force search "
                     "found no record that reaches it"),
    Code("IT-TRIPLE-JUMP", "§3.3", "an opening with solo, a triple jump, where the rule set "
         "forbids it"),
    Code("IT-INVITATION", "§3.3", "an invitation made without the invited card's qualifier"),
    Code("IT-MUST-PASS", "§3.3", "an inviter bids again instead of passing"),
    Code("IT-YIELD-PASS", "§3.3", "a pass where the state machine requires a call"),
    Code("IT-AUCTION-INCOMPLETE", "§3.5", "the record ends during the auction"),
    Code("IT-AUCTION-OVER", "§3.5", "a call after the auction has ended"),
    Code("IT-RAISE", "§3.5", "under sole_bidder_chooses_talon (ITVB 4.2): a raise after the "
         "auction by another seat than the only bidder, not to a higher game, after his "
         "invitation, or by the honourless fourth"),
    Code("IT-DISCARD-TURN", "§4.3", "a discard by the wrong seat, or out of order"),
    Code("IT-DISCARD-COUNT", "§4.3", "a seat discards the wrong number of cards"),
    Code("IT-DISCARD-NOT-HELD", "§4.3", "a discard of a card not held, or of one card twice"),
    Code("IT-DISCARD-FORBIDDEN", "§4.3", "a king, an honour or the invited card discarded"),
    Code("IT-DISCARD-MISSING", "§4.3", "the record ends before all discards are made"),
    Code("IT-ANNUL-LATE", "§4.5", "a deal annulled before all discards or after the partner "
         "call"),
    Code("IT-ANNUL-HAND", "§4.5", "a deal annulled by a hand that gives no ground for it"),
    Code("IT-CALL", "§4.6", "a partner call by another seat than the declarer, or of a card "
         "that may not be called"),
    Code("IT-CALL-MISSING", "§4.6", "the record ends before the partner call"),
    Code("IT-DECL-TURN", "§4.8", "a player speaks out of turn in the announcement phase"),
    Code("IT-DECL-END", "§4.8", "a statement after the announcement phase ended, or play "
         "before it ended"),
    Code("IT-SAY-UNKNOWN", "§4.10.1", "a statement that is not an Illustrated Tarokk "
         "statement"),
    Code("IT-TRULL-MEANING", "§4.10.2", "under trull_meaning_rules (ITVB 7.6-7.8): a trull "
         "without the honours it means (a high honour; both for the declarer's first turn, the "
         "skíz with three bidders; one in an invitation game, two honours or the skíz for the "
         "inviter's first turn)"),
    Code("IT-ATTRIBUTION", "§4.10.1", "an announcement that would be attributed to the other "
         "side"),
    Code("IT-ANNOUNCE-REPEAT", "§4.10.2", "an item its side has already announced"),
    Code("IT-DG-VOLAT", "§4.10.2", "double game and volát announced together or out of "
         "order"),
    Code("IT-ULTIMO-UHU", "§4.10.2", "an ultimó and an uhu announced against the "
         "restrictions between a team's announcements"),
    Code("IT-TRICK-TARGET", "G18", "two announcements on one target trick by one side"),
    Code("IT-KONTRA-TARGET", "§4.11", "a kontra on an item that is not announced (or was "
         "superseded)"),
    Code("IT-KONTRA-SIDE", "§4.11", "a kontra level said by the wrong side"),
    Code("IT-KONTRA-LEVEL", "§4.11", "a kontra level out of order"),
    Code("IT-KONTRA-MAX", "§4.11", "a kontra level beyond the highest one"),
    Code("IT-FORCED-KONTRA", "G24", "the seat that discarded the called card does not say "
         "kontra on the game"),
    Code("IT-TAROKK-DECLARE", "§4.12", "eight or nine tarokks declared twice or with the "
         "wrong count"),
    Code("IT-TAROKK-UNDECLARED", "§4.12", "a kontra on a tarokk-barred item by a seat "
         "whose eight or nine tarokks are not yet declared"),
    Code("IT-LATE-CLAIM", "§4.12", "a late tarokk claim before play ends, twice, or not a "
         "tarokk claim"),
    Code("IT-NOT-IN-HAND", "§5.1", "a card played that the seat does not hold"),
    Code("IT-FOLLOW", "§5.2", "a card of another suit played while holding the led suit"),
    Code("IT-FOLLOW-TAROKK", "§5.2", "a non-tarokk played to a tarokk lead while holding "
         "tarokks"),
    Code("IT-TRUMP", "§5.2", "a suit card played while void in the led suit and holding "
         "tarokks"),
    Code("IT-BOUND-DUE", "§5.3", "an announced card not played in its target trick"),
    Code("IT-BOUND-KEEP", "§5.3", "an announced card played before its target trick"),
    Code("IT-BOUND-ORDER", "§5.3", "bound cards played in the wrong order of priority"),
    Code("IT-TRICK-SIZE", "§5.1", "a trick with other than one card per active seat"),
    Code("IT-TRICKS-MISSING", "§5.1", "the record stops before play is over"),
    Code("IT-TRICKS-EXTRA", "§5.1", "cards recorded after play is over"),
    Code("IT-AFTER-END", "§5.1", "an action recorded after the deal has ended"),
    Code("IT-PHASE", "§3–§5", "an action that no phase of the deal allows now",
         unreachable="a defensive fallback: every phase names its own code first; a "
                     "brute-force search found no record that reaches it"),
    Code("IT-PLAY", "§5.2", "a card refused for no named reason",
         unreachable="a defensive fallback: every refused card has a named reason first"),
)
