"""The shared phase components on their own: auction, round, kontra chains, seat plan."""
from __future__ import annotations

import pytest

from tarockrec.core.auction import HOLD, PASS, Auction, AuctionSpec, Refusal, TurnOrder
from tarockrec.core.declarations import (
    ChainRefusal, KontraChains, KontraLadder, Round, RoundRefusal, RoundSpec,
)
from tarockrec.tricks import SeatPlan, TrickTable, follow_or_ruff, hold_back, must_beat

LADDER = ("a", "b", "c", "d")


def run(auction: Auction, calls: list[tuple[int, str]]) -> None:
    for seat, call in calls:
        assert auction.refusal(seat, call) is None, (seat, call, auction.refusal(seat, call))
        auction.push(seat, call)


def test_rotate_hold_by_priority_and_last_standing_wins() -> None:
    a = Auction(AuctionSpec(LADDER), (1, 2, 3, 0))
    run(a, [(1, "a"), (2, "b")])
    assert a.refusal(3, HOLD) is Refusal.HOLD_PRIORITY      # lower priority than the holder
    assert a.refusal(3, "a") is Refusal.LOW
    run(a, [(3, PASS), (0, PASS), (1, HOLD)])
    assert (a.high, a.holder, a.turn) == ("b", 1, 2)
    run(a, [(2, PASS)])
    assert a.done and (a.high, a.holder) == ("b", 1)
    assert a.refusal(2, PASS) is Refusal.OVER


def test_rotate_pass_is_final() -> None:
    a = Auction(AuctionSpec(LADDER), (0, 1, 2))
    run(a, [(0, "a"), (1, PASS)])
    assert a.refusal(1, "b") is Refusal.PASSED
    assert a.turn == 2


def test_passes_in_row_end_and_passes_not_final() -> None:
    a = Auction(AuctionSpec(LADDER, pass_final=False, holds=False, passes_to_end=2), (0, 1, 2))
    run(a, [(0, "a"), (1, PASS), (2, "b"), (0, PASS), (1, "c"), (2, PASS)])
    assert not a.done and a.turn == 0
    assert a.refusal(0, HOLD) is Refusal.NO_HOLD
    run(a, [(0, PASS)])
    assert a.done and (a.high, a.holder) == ("c", 1)


def test_forced_opening() -> None:
    a = Auction(AuctionSpec(LADDER, forced_opening=True), (0, 1, 2))
    assert a.refusal(0, PASS) is Refusal.OPEN_PASS
    assert a.refusal(1, "a") is Refusal.TURN
    assert a.refusal(0, "zz") is Refusal.UNKNOWN


def test_duel_challengers_in_priority_order() -> None:
    """Cego §3.4: 0 opens, 1 raises one step at a time against 0 until one passes, then 2
    challenges the survivor."""
    a = Auction(AuctionSpec(LADDER, order=TurnOrder.DUEL, exact_step=True, forced_opening=True),
                (0, 1, 2))
    run(a, [(0, "a")])
    assert a.turn == 1
    assert a.refusal(1, "c") is Refusal.JUMP
    assert a.refusal(1, "a") is Refusal.LOW
    run(a, [(1, "b")])
    assert a.turn == 0
    assert a.refusal(0, "c") is Refusal.HOLDER_RAISES
    run(a, [(0, HOLD), (1, "c"), (0, PASS)])                 # 0 gives up; 1 holds c
    assert (a.holder, a.turn, a.high) == (1, 2, "c")
    run(a, [(2, "d"), (1, PASS)])
    assert a.done and (a.high, a.holder, a.raised) == ("d", 2, True)


def test_duel_unraised_opening_and_all_pass() -> None:
    a = Auction(AuctionSpec(LADDER, order=TurnOrder.DUEL, exact_step=True, forced_opening=True),
                (0, 1, 2, 3))
    run(a, [(0, "a"), (1, PASS), (2, PASS), (3, PASS)])
    assert a.done and (a.high, a.holder, a.raised) == ("a", 0, False)
    b = Auction(AuctionSpec(LADDER, order=TurnOrder.DUEL, exact_step=True), (1, 2))
    run(b, [(1, PASS), (2, PASS)])                            # after a Solo: the Solo stands
    assert b.done and b.high is None and b.holder is None


def test_rotate_hold_after_bid_once_without_priority() -> None:
    """Illustrated §3.3 step 3 as data: a seat that has bid may hold, whatever its place, and a
    held call cannot be held again."""
    spec = AuctionSpec(LADDER, hold_priority=False, hold_after_bid=True, hold_once=True)
    a = Auction(spec, (0, 1, 2, 3))
    run(a, [(0, "a"), (1, "b")])
    assert a.refusal(2, HOLD) is Refusal.HOLD_UNBID          # 2 has not bid
    run(a, [(2, PASS), (3, "c"), (0, PASS)])
    assert a.refusal(1, HOLD) is None                         # 1 bid and is later than 3
    run(a, [(1, HOLD)])
    assert (a.high, a.holder, a.held) == ("c", 1, True)
    assert a.refusal(3, HOLD) is Refusal.HELD
    run(a, [(3, "d")])
    assert not a.held and a.bidders == {0, 1, 3}


def test_rotate_jumps_measured_from_the_lowest_call() -> None:
    spec = AuctionSpec(LADDER, hold_priority=False, hold_after_bid=True, hold_once=True,
                       max_jump=2)
    a = Auction(spec, (0, 1, 2, 3))
    assert [a.jump(0, c) for c in LADDER] == [0, 1, 2, 3]
    assert a.refusal(0, "d") is Refusal.JUMP and a.refusal(0, "c") is None
    run(a, [(0, "a")])
    assert a.jump(1, "b") == 0 and a.jump(1, "d") == 2        # 1 cannot hold: b is the lowest
    run(a, [(1, "b"), (2, PASS), (3, PASS)])
    assert a.jump(0, "c") == 1                                # 0 may hold b: the hold is lowest
    assert a.legal_calls() == [PASS, HOLD, "c", "d"]


def test_rotate_forced_pass() -> None:
    a = Auction(AuctionSpec(LADDER, hold_priority=False, hold_after_bid=True), (0, 1, 2))
    run(a, [(0, "b")])
    a.force_pass(0)
    run(a, [(1, "c"), (2, PASS)])
    assert a.refusal(0, HOLD) is Refusal.FORCED and a.refusal(0, "d") is Refusal.FORCED
    run(a, [(0, PASS)])
    assert a.done and (a.high, a.holder) == ("c", 1) and not a.forced


def test_round_passes_in_row_after_everyone_spoke() -> None:
    r = Round(RoundSpec(passes_to_end=3), (1, 2, 3, 0))
    for seat, say in [(1, ()), (2, ()), (3, ()), (0, ("x",)), (1, ()), (2, ())]:
        assert r.refusal(seat) is None
        r.push(seat, say)
    assert r.refusal(1) is RoundRefusal.TURN and r.turn == 3
    r.push(3, ())
    assert r.done and r.refusal(0) is RoundRefusal.OVER


def test_round_each_once() -> None:
    r = Round(RoundSpec(), (2, 0))
    r.push(2, ("kontra",))
    r.push(0, ())
    assert r.done


def test_kontra_chain_levels_and_sides() -> None:
    k = KontraChains(KontraLadder(("kontra", "rekontra", "subkontra")))
    k.open("contract", "D")
    assert k.refusal("pagat", "kontra", "O") is ChainRefusal.UNKNOWN_TARGET
    assert k.refusal("contract", "rekontra", "D") is ChainRefusal.NEEDS_PREVIOUS
    assert k.refusal("contract", "kontra", "D") is ChainRefusal.WRONG_SIDE
    assert k.refusal("contract", "kontra", "O") is None
    k.say("contract", "kontra")
    assert k.refusal("contract", "kontra", "O") is ChainRefusal.REPEATED
    assert k.refusal("contract", "rekontra", "O") is ChainRefusal.WRONG_SIDE
    k.say("contract", "rekontra")
    assert k.multiplier("contract") == 4
    assert k.refusal("contract", "mord", "O") is ChainRefusal.UNKNOWN_LEVEL


class TrischakPlan(SeatPlan):
    """Four-player Carinthian Trischak (§5.6): dealer 0 plays tricks 1–6, then sits out; if he
    wins trick 6, forehand leads trick 7."""

    def __init__(self) -> None:
        super().__init__((1, 2, 3, 0))
        self.without_dealer = (1, 2, 3)

    def seats(self, trick: int) -> tuple[int, ...]:
        return self.order if trick <= 6 else self.without_dealer

    def next_leader(self, trick: int, winner: int, table: TrickTable) -> int:
        return 1 if trick == 6 and winner == 0 else winner


def test_seat_plan_changes_trick_size() -> None:
    # dealer 0 holds 40..45 (the talon), seat 1 0..15, seat 2 16..31, seat 3 32..39 and 46..53
    hands = [0b111111 << 40, (1 << 16) - 1, ((1 << 16) - 1) << 16, (0xFF << 32) | (0xFF << 46)]
    t = TrickTable(hands, TrischakPlan(), 1, 16,
                   lambda cards, seats: seats[cards.index(max(cards))])
    for k in range(6):
        assert t.size == 4
        t.push_trick([1, 2, 3, 0], [k, 16 + k, 32 + k, 40 + k])   # the dealer wins every one
        assert t.leader == (0 if k < 5 else 1)
    assert t.size == 3 and t.to_play == 1
    t.push(1, 6)
    t.push(2, 22)
    assert t.to_play == 3
    assert t.push(3, 38) == 3 and len(t.tricks) == 7


@pytest.mark.parametrize("hand,led,trump,want", [
    (0b0110, 0b0010, 0b1000, 0b0010), (0b1100, 0b0010, 0b1000, 0b1000), (0b0100, 0b0010, 0b1000, 0b0100)])
def test_follow_or_ruff(hand: int, led: int, trump: int, want: int) -> None:
    assert follow_or_ruff(hand, led, trump) == want


def test_must_beat_and_hold_back() -> None:
    assert must_beat(0b0110, 0b0100) == 0b0100
    assert must_beat(0b0110, 0b1000) == 0b0110
    assert hold_back(0b0110, 0b0100) == 0b0010
    assert hold_back(0b0100, 0b0100) == 0b0100


@pytest.mark.parametrize("pack_name", ["TAROCK54", "TAROCK42"])
@pytest.mark.parametrize("trump", ["T", None])
def test_beats_table_gives_the_usual_trick_winner(pack_name: str, trump: str | None) -> None:
    """``winner_by_beats`` under ``beats_table`` (Königrufen's and Carinthian's BEATS,
    Illustrated's, Königrufen's no-trump table): the highest trump, else the highest card of
    the led suit, on random tricks of three to five cards."""
    import random
    from functools import partial

    from tarockrec import cards as cards_module
    from tarockrec.tricks import beats_table, winner_by_beats
    pack = getattr(cards_module, pack_name)
    winner = partial(winner_by_beats, beats_table(pack.suits, pack.strength, trump))
    rng = random.Random(7)
    for _ in range(20000):
        trick = rng.sample(range(len(pack.suits)), rng.choice([3, 4, 5]))
        seats = rng.sample(range(5), len(trick))
        suit = trump if trump and any(pack.suits[c] == trump for c in trick) \
            else pack.suits[trick[0]]
        top = max((c for c in trick if pack.suits[c] == suit), key=pack.strength.__getitem__)
        assert winner(trick, seats) == seats[trick.index(top)], trick
