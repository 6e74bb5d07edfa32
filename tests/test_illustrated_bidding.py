"""Illustrated Tarokk: the worked bidding sequences of §3.8 and single auction rules (§3.3–3.6)."""
from __future__ import annotations

import pytest

from tarockrec import games
from tarockrec.errors import IllegalAction
from tarockrec.games.illustrated.contracts import PACK
from tarockrec.games.illustrated.engine import IllustratedEngine

GAME = games.get("illustrated")
A, B, C, D = 0, 1, 2, 3          # dealer 3: forehand is seat 0


def engine(fixed: dict[int, str], n: int = 4, dealer: int = 3, **options: object) -> IllustratedEngine:
    """Hands holding the ``fixed`` cards; the rest of the pack in pack order, honours only
    where fixed."""
    used = {c for cs in fixed.values() for c in cs.split()}
    rest = [c for c in PACK.codes if c not in used and c not in ("T1", "T21", "T22")]
    rest += [c for c in ("T1", "T21", "T22") if c not in used]   # unfixed honours: talon
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(4):
        s = (dealer + 1 + k) % n
        hands[s] = fixed.get(s, "").split()
        while len(hands[s]) < 9:
            hands[s].append(rest.pop(0))
    talon = rest
    assert len(talon) == 6
    rules = GAME.Rules("default", options or None)  # type: ignore[union-attr]
    return IllustratedEngine(rules, n, dealer, [PACK.mask(h) for h in hands],
                             [PACK.index[c] for c in talon])


def bids(e: IllustratedEngine, seq: list[tuple[int, str]]) -> None:
    for s, c in seq:
        e.bid(s, c)


def to_call(e: IllustratedEngine) -> None:
    while e.phase == "discard":
        s = e.to_act
        e.discard(s, next(iter(e.legal_discards(s))))


def test_xx_invitation_yield() -> None:
    e = engine({A: "T22 T20", B: "T21", C: "T1"})
    bids(e, [(A, "three"), (B, "two"), (C, "pass"), (D, "pass"), (A, "pass")])
    assert (e.declarer, e.contract) == (B, "two")
    assert e.invitation == (PACK.index["T20"], A)
    to_call(e)
    assert [PACK.code(c) for c in e.legal_calls()] == ["T20"]


def test_hold_takes_over_level() -> None:
    e = engine({A: "T22", B: "T21", C: "T1"})
    bids(e, [(A, "three"), (B, "two"), (C, "pass"), (D, "pass"), (A, "hold"), (B, "pass")])
    assert (e.declarer, e.contract) == (A, "two")


def test_held_solo_ends_auction() -> None:
    e = engine({A: "T22", B: "T21", D: "T1"})
    bids(e, [(A, "three"), (B, "two"), (C, "pass"), (D, "one"), (A, "hold"), (B, "pass"),
             (D, "solo"), (A, "hold")])
    assert (e.declarer, e.contract) == (A, "solo")
    assert e.phase == "discard"


def test_opening_two_is_xix_and_inviter_must_pass() -> None:
    e = engine({A: "T22 T19", B: "T21", C: "T1"})
    bids(e, [(A, "two")])
    assert e.invitation == (PACK.index["T19"], A)
    bids(e, [(B, "one"), (C, "pass"), (D, "pass")])
    assert [a.value for a in e.legal_actions()] == ["pass"]
    with pytest.raises(IllegalAction) as err:
        e.bid(A, "hold")
    assert err.value.code == "IT-MUST-PASS"


def test_fourth_one_after_three_is_xix() -> None:
    e = engine({A: "T22", D: "T21 T19", C: "T1"})
    bids(e, [(A, "three"), (B, "pass"), (C, "pass"), (D, "one")])
    assert e.invitation == (PACK.index["T19"], D)
    bids(e, [(A, "hold")])
    assert e.can_bid(D, "pass") and not e.can_bid(D, "solo")  # type: ignore[attr-defined]
    bids(e, [(D, "pass")])
    assert (e.declarer, e.contract) == (A, "one")
    to_call(e)
    assert [PACK.code(c) for c in e.legal_calls()] == ["T19"]


def test_double_jump_is_xviii() -> None:
    e = engine({B: "T1", D: "T21 T18", A: "T22"})
    bids(e, [(A, "pass"), (B, "three"), (C, "pass"), (D, "solo")])
    assert e.invitation == (PACK.index["T18"], D)
    bids(e, [(B, "hold")])
    assert (e.declarer, e.contract) == (B, "solo")
    to_call(e)
    assert [PACK.code(c) for c in e.legal_calls()] == ["T18"]


def test_jump_after_three_passes_is_not_an_invitation() -> None:
    e = engine({D: "T1", A: "T22", B: "T21"})
    bids(e, [(A, "pass"), (B, "pass"), (C, "pass"), (D, "one")])
    assert e.invitation is None
    assert (e.declarer, e.contract) == (D, "one")


def test_accepting_xix_then_inviters_pass_ends() -> None:
    e = engine({A: "T22 T19", B: "T21", C: "T1"})
    bids(e, [(A, "two"), (B, "one"), (C, "pass"), (D, "pass"), (A, "pass")])
    assert (e.declarer, e.contract) == (B, "one")
    assert e.is_over is False and e.phase == "discard"
    to_call(e)
    assert [PACK.code(c) for c in e.legal_calls()] == ["T19"]


@pytest.mark.parametrize("seq,fixed,code", [
    ([(A, "three")], {B: "T22", C: "T21", D: "T1"}, "IT-NO-HONOUR"),
    ([(A, "pass"), (B, "pass"), (C, "pass"), (D, "two")], {A: "T22", B: "T21", C: "T1"},
     "IT-HONOURLESS-LEVEL"),
    ([(A, "hold")], {A: "T22"}, "IT-HOLD"),
    ([(A, "two")], {A: "T1 T19", B: "T22 T21"}, "IT-INVITATION"),
    ([(A, "solo")], {A: "T22"}, "IT-TRIPLE-JUMP"),
    ([(A, "three"), (B, "two"), (C, "pass"), (D, "pass"), (A, "pass")],
     {A: "T22", B: "T21", C: "T1"}, "IT-YIELD-PASS"),
    ([(A, "three"), (C, "pass")], {A: "T22", B: "T21", C: "T1"}, "IT-TURN"),
])
def test_illegal_calls(seq: list[tuple[int, str]], fixed: dict[int, str], code: str) -> None:
    e = engine(fixed)
    with pytest.raises(IllegalAction) as err:
        bids(e, seq)
    assert err.value.code == code


def test_honourless_fourth_may_bid_three() -> None:
    e = engine({A: "T22", B: "T21", C: "T1"})
    bids(e, [(A, "pass"), (B, "pass"), (C, "pass"), (D, "three")])
    # the talon holds no honour here (all three are dealt): the deal ends at once (§3.6)
    assert e.phase == "honourless_failed"
    assert e.score().deltas == [1, 1, 1, -3]


def test_opening_solo_option() -> None:
    e = engine({A: "T22"}, opening_solo="allowed")
    bids(e, [(A, "solo")])
    assert e.invitation is None


def test_five_players_dealer_sits_out() -> None:
    e = engine({0: "T22", 1: "T21", 2: "T1"}, n=5, dealer=4)
    assert e.active == (0, 1, 2, 3)
    with pytest.raises(IllegalAction) as err:
        e.bid(4, "pass")
    assert err.value.code in ("IT-TURN", "IT-SEAT")
    bids(e, [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert e.declarer == 0
    assert e.discard_order == (0, 1, 2, 3)


@pytest.mark.parametrize("rule", ["any_bidder", "earlier_seat_only"])
def test_hold_rule_option(rule: str) -> None:
    """§3.3 step 3 / G9: any seat that has bid may hold; under earlier_seat_only only a seat
    before the holder."""
    e = engine({A: "T22 T19", B: "T21", C: "T1"}, hold_rule=rule)
    bids(e, [(A, "three"), (B, "two"), (C, "pass"), (D, "pass"), (A, "one")])
    assert e.invitation == (PACK.index["T19"], A)      # a single jump from A's hold of two
    if rule == "any_bidder":
        bids(e, [(B, "hold"), (A, "pass")])              # A, the inviter, must pass
        assert (e.declarer, e.contract) == (B, "one")
    else:
        with pytest.raises(IllegalAction) as err:
            e.bid(B, "hold")                             # B sits after A
        assert err.value.code == "IT-HOLD"
        bids(e, [(B, "pass")])
        assert (e.declarer, e.contract) == (A, "one")


@pytest.mark.parametrize("option, ok", [("three", False), ("any", True)])
def test_honourless_fourth_bids_option(option: str, ok: bool) -> None:
    e = engine({A: "T22", B: "T21", C: "T1"}, honourless_fourth_bids=option)
    bids(e, [(A, "pass"), (B, "pass"), (C, "pass")])
    if ok:
        bids(e, [(D, "two")])                            # no invitation: nobody is left
        assert (e.declarer, e.contract, e.invitation) == (D, "two", None)
    else:
        with pytest.raises(IllegalAction) as err:
            e.bid(D, "two")
        assert err.value.code == "IT-HONOURLESS-LEVEL"
