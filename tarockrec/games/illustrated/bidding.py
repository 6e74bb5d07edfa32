"""Illustrated Tarokk's own bidding rules (§3.3–§3.6), consulted by the engine around the shared
``Auction`` (tarockrec/core/auction.py).

The component keeps what every auction has: the turn, the standing call and its holder, holds
(only by a seat that has bid, a call only once, §3.3 step 3; by priority under ``hold_rule =
earlier_seat_only``), passes, the end (§3.5: all pass, or three passes and a bid), and how far a
bid may go above the seat's lowest call (§3.3 steps 4, 5 and 7: a single or double jump, a triple
one only as an opening solo under ``opening_solo = allowed``). Forced passes are the component's
too (``force_pass``). What is Illustrated's own is here:

* the honour requirement and the honourless fourth (§3.3 step 2, §3.6);
* what a jump means: an invitation, and with which card (§3.3 step 6, option
  ``jump_invitations``), and the yield situation, where a pass is the XX invitation (step 8);
* what a seat needs to invite (step 6, option ``invitation_min_tarokks``);
* the solo end (§3.5, third case).
"""
from __future__ import annotations

from ...core.auction import HOLD, PASS, Auction, AuctionSpec
from .contracts import HIGH_HONOUR_MASK, HONOUR_MASK, LEVELS, T18, T19, T20, TAROCK_MASK
from .rules import IllustratedRules

#: §3.3 step 6: the card a single (1) or a double (2) jump invites with
INVITE_CARD = {1: T19, 2: T18}
#: the yield situation's card (§3.3 step 8)
XX = T20

_SPECS: dict[tuple[bool, bool], AuctionSpec] = {}


def auction_spec(rules: IllustratedRules) -> AuctionSpec:
    """The shared auction as §3 runs it under ``rules``."""
    key = (rules.hold_rule == "earlier_seat_only", rules.opening_solo == "allowed")
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = AuctionSpec(
            ladder=LEVELS, pass_final=True, holds=True, hold_priority=key[0],
            hold_after_bid=True, hold_once=True,
            # an opening solo is the only triple jump there can be (§3.3 step 7): the lowest
            # call is ``three`` only at the opening, a seat that may hold ``three`` cannot exist
            max_jump=3 if key[1] else 2)
    return spec


def honourless_calls(rules: IllustratedRules, a: Auction, seat: int, hand: int) -> tuple[str, ...] | None:
    """§3.3 step 2, §3.6: the calls open to ``seat`` when its hand holds no honour (None: it
    holds one, the auction alone decides)."""
    if hand & HONOUR_MASK:
        return None
    if a.high is not None or len(a.active) != 1:    # not the fourth after three passes
        return (PASS,)
    if rules.honourless_fourth_bids == "three":
        return (PASS, "three")
    return (PASS, "three", "two", "one") + (("solo",) if rules.opening_solo == "allowed" else ())


def yields(a: Auction, seat: int) -> bool:
    """§3.3 step 8: ``seat`` bid three, another two (not a hold), the other two passed: its pass
    is the XX invitation."""
    holder = a.holder
    if a.high != "two" or a.held or len(a.active) != 2 or holder is None or holder == seat:
        return False
    mine = [c for s, c in a.calls if s == seat and c != PASS]
    theirs = [c for s, c in a.calls if s == holder and c != PASS]
    return mine == ["three"] and theirs == ["two"]


def invites(rules: IllustratedRules, a: Auction, seat: int, call: str,
            invitation: tuple[int, int] | None) -> int | None:
    """The card ``call`` (one the auction allows) invites with, or None (§3.3 steps 6, 8)."""
    if call == PASS:
        return XX if yields(a, seat) else None
    if call == HOLD:
        return None
    card = INVITE_CARD.get(a.jump(seat, call))
    if card is None:                            # the lowest call, or an opening solo
        return None
    if rules.jump_invitations == "akos":
        # every jump is an invitation, unless one of the same kind was made before
        return None if invitation is not None and invitation[0] == card else card
    # (a) nobody left who could accept it; (b) an invitation was made before
    return card if len(a.active) > 1 and invitation is None else None


def qualifies(rules: IllustratedRules, hand: int, card: int) -> bool:
    """§3.3 step 6: a high honour and the invited card (and, under ``invitation_min_tarokks``,
    that many tarokks)."""
    return (bool(hand & HIGH_HONOUR_MASK) and bool(hand >> card & 1)
            and (hand & TAROCK_MASK).bit_count() >= int(rules.invitation_min_tarokks))


def solo_stands(a: Auction) -> bool:
    """§3.5: a solo ends the auction once no other seat still in can hold it: it was held
    already, or each of them never bid or is an inviter who must pass."""
    if a.high != "solo":
        return False
    if a.held:
        return True
    return not any(s in a.bidders and s not in a.forced for s in a.active if s != a.holder)
