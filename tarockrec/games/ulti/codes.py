"""Ulti's finding codes (sections of docs/rules/ulti.md)."""
from __future__ import annotations

from ...codes import Code

CODES: tuple[Code, ...] = (
    Code("UL-TURN", "§4.2", "a player acts out of turn"),
    Code("UL-CALL-UNKNOWN", "§4.1", "an auction call that is not an Ulti call"),
    Code("UL-CONTRACT-UNKNOWN", "§3.2", "a bid names no Ulti contract"),
    Code("UL-CONTRACT-ILLEGAL", "§3.2", "a bid names a combination that is not a legal "
         "contract"),
    Code("UL-SUIT-UNKNOWN", "§1.2", "a named suit that is not a suit"),
    Code("UL-SUIT-NOT-FOREHAND", "§4.2", "a suit named by another player than forehand"),
    Code("UL-SUIT-MISSING", "§4.2", "forehand's opening bid names no suit"),
    Code("UL-SUIT-BINDS", "§4.2", "a plain-suit bid in another suit than forehand named"),
    Code("UL-OPEN-PASS", "§4.2", "forehand passes his opening"),
    Code("UL-BID-LOW", "§4.3", "a bid that does not outrank the standing one"),
    Code("UL-BID-HAND", "§5.2", "a Forty or Twenty contract bid without its marriage, under "
         "this rule set"),
    Code("UL-DISCARD", "§4.1", "a bid after picking up the talon that does not discard "
         "exactly two held cards"),
    Code("UL-PASS-PICKUP", "§4.1", "a pass after picking up the talon, or a pass that names a "
         "contract"),
    Code("UL-AUCTION-INCOMPLETE", "§4.2", "the record ends during the auction"),
    Code("UL-AUCTION-OVER", "§4.2", "a call after two passes in a row ended the auction"),
    Code("UL-CONCEDE", "§5.1", "a concession of a contract that cannot be conceded"),
    Code("UL-CONCEDE-LATE", "§5.1", "a concession after play has begun"),
    Code("UL-AFTER-CONCEDE", "§5.1", "an action after the soloist conceded"),
    Code("UL-END", "§6.6", "an early end other than a concession"),
    Code("UL-SAY-UNKNOWN", "§5.2", "a declaration that is not an Ulti declaration"),
    Code("UL-MARRIAGE-NT", "§5.2", "a marriage declared in a no-trump contract"),
    Code("UL-MARRIAGE-TRICK", "§5.2", "a marriage declared after the seat's first card"),
    Code("UL-MARRIAGE-TWICE", "§5.2", "one marriage declared twice"),
    Code("UL-MARRIAGE-CARDS", "§5.2", "a marriage declared without its king and queen"),
    Code("UL-MARRIAGE-HUNDRED", "§5.2", "a marriage declared by the Hundred soloist beside "
         "the one his contract counts"),
    Code("UL-DOUBLE-TARGET", "§5.4", "a double on a part the contract does not have"),
    Code("UL-DOUBLE-WHO", "§5.4", "a doubling level said by the wrong side"),
    Code("UL-DOUBLE-TRICK", "§5.4", "a doubling level said with a card to the wrong trick"),
    Code("UL-DOUBLE-LEVEL", "§5.4", "a doubling level out of order"),
    Code("UL-DECL-TIMING", "§5.4", "a declaration written for a card that is never played"),
    Code("UL-LEAD", "§6.1", "a trick led by the wrong seat"),
    Code("UL-NOT-IN-HAND", "§6.1", "a card played that the seat does not hold"),
    Code("UL-TRICK-SIZE", "§1.3", "a trick with other than three cards"),
    Code("UL-FOLLOW", "§6.2", "a card of another suit played while holding the led suit"),
    Code("UL-HEAD", "§6.2", "a lower card of the led suit played while the seat could beat "
         "the trick"),
    Code("UL-RUFF", "§6.2", "a plain card played while void in the led suit and holding "
         "trumps"),
    Code("UL-OVERTRUMP", "§6.2", "a lower trump played while the seat could overtrump"),
    Code("UL-ULTI-SEVEN", "§6.4", "the Ulti soloist plays the seven of trumps before the last "
         "trick while he could keep it"),
    Code("UL-TRICKS-MISSING", "§6.6", "the record stops before play is over"),
    Code("UL-TRICKS-EXTRA", "§6.6", "cards recorded after play is over"),
    Code("UL-AFTER-END", "§6.6", "an action recorded after the deal has ended"),
)
