"""Golden tests: the worked examples of rules/cego.md §8 (Ex 1–14).

Two ways, each against the numbers written in the rules document:

* the scoring pseudocode of §6.11 (``score_deal``) on the piles each example lists (counting
  cards plus the stated number of zero cards);
* complete legal deals driven through the engine — the example's dealer, calls and named cards,
  the rest found by a seeded search (tools/cego_examples.py) for the facts that decide the score
  (the declarer's tricks and card points, the trick of the Pfeife, who wins which trick; in
  Ex 13 and 14 every pile exactly as listed) — whose score, record and replay must give the
  example's sheet and net.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

import pytest

from conftest import ROOT
from tarockrec.codecs import jsonio, xmlio
from tarockrec.games.cego import CegoEngine
from tarockrec.games.cego.contracts import INFO, achievement
from tarockrec.games.cego.scoring import score_deal
from tarockrec.validate import validate_record

sys.path.insert(0, f"{ROOT}/tools")
import cego_examples as X  # noqa: E402


def pile(n: int, counting: str, zeros: int, avoid: str = "") -> int:
    """The counting cards named plus ``zeros`` zero cards (§0.2) not named in ``avoid``."""
    info = INFO[n]
    pack = info.pack
    named = counting.split() + avoid.split()
    mask = pack.mask(counting.split())
    free = [c for c in range(len(pack)) if info.value[c] == 0 and pack.codes[c] not in named]
    for c in free[:zeros]:
        mask |= 1 << c
    assert mask.bit_count() == len(counting.split()) + zeros
    return mask


# -- §6.11 on the listed piles -----------------------------------------------------------------
#: (name, n, dealer, contract, declarer, solo_bid, counting cards, zero cards, tricks,
#:  pfeife_broken, P, A, M, sheet, net) — every number from §8
DECLARER_EXAMPLES = [
    ("ex01", 3, 2, "cego", 0, False, "T22 T21 SK CK HK SQ CQ HQ SN CN HN SJ", 18, 6, False,
     47, 3, 1, [3, 0, 0], [6, -3, -3]),
    ("ex02", 3, 2, "eine_leere", 0, True, "T21 SK SN SJ CN HQ HN HJ DQ DJ", 17, 5, False,
     33, -1, 4, [0, 4, 4], [-8, 4, 4]),
    ("ex03", 3, 0, "solo", 1, True, "T22 T21 SK HQ SN DJ CJ", 17, 4, False,
     28, -2, 2, [4, 0, 4], [4, -8, 4]),
    ("ex04", 3, 2, "cego", 1, True, "T22 T21 T1 SK CK SQ CQ SN SJ CJ", 17, 5, False,
     40, 2, 2, [0, 4, 0], [-4, 8, -4]),
    ("ex05a", 3, 1, "pfeife", 1, False, "T22 T21 SK CK HK SQ CQ SJ CJ HJ DJ", 19, 6, True,
     41, -1, 6, [6, 0, 6], [6, -12, 6]),
    ("ex05b", 3, 1, "pfeife", 1, False, "T22 T21 SK CK HK SQ CQ SJ CJ HJ DJ", 19, 6, False,
     41, 2, 6, [0, 12, 0], [-12, 24, -12]),
    ("ex06", 3, 0, "zwei_verschiedene", 2, True, "T22 SK CK HQ DQ SN CN HJ DJ", 24, 7, False,
     36, 1, 6, [0, 0, 6], [-6, -6, 12]),
    ("ex09", 4, 3, "eine", 1, False, "T22 T21 T1 SK CK HK DK SQ CQ HQ DQ SN SJ", 13, 4, False,
     52, 4, 2, [0, 8, 0, 0], [-8, 24, -8, -8]),
    ("ex10", 4, 1, "solo", 2, True, "T22 T21 T1 SK CK HK DK SQ SN SJ CJ", 19, 5, False,
     45, 3, 1, [0, 0, 3, 0], [-3, -3, 9, -3]),
]


@pytest.mark.parametrize("case", DECLARER_EXAMPLES, ids=[c[0] for c in DECLARER_EXAMPLES])
def test_scoring_pseudocode_on_the_listed_piles(case: tuple[Any, ...]) -> None:
    (_, n, dealer, contract, decl, solo_bid, counting, zeros, t, broken, p, a, m, sheet,
     net) = case
    piles = [0] * n
    piles[decl] = pile(n, counting, zeros)
    tricks = [0] * n
    tricks[decl] = t
    out = score_deal(n, dealer, contract, decl, solo_bid, piles, tricks, 0, False, [0] * n,
                     broken)
    assert out.points == [p, 70 - p]
    assert (out.achievement, out.multiplier) == (a, m)
    assert out.sheet == sheet and out.net == net


def test_ex01_counts_46_before_the_extra_point() -> None:
    assert INFO[3].count(pile(3, "T22 T21 SK CK HK SQ CQ HQ SN CN HN SJ", 18)) == 46


def test_ex06_without_the_extra_point_the_declarer_loses() -> None:
    # §8 Ex 6: 35 would be a loss, A = −1, V = −6
    assert INFO[3].count(pile(3, "T22 SK CK HQ DQ SN CN HJ DJ", 24)) == 35
    assert achievement(35) * 6 == -6


def test_ex07_no_trick_gives_everything_to_the_defenders() -> None:
    out = score_deal(3, 1, "cego", 2, False, [0, 0, 0], [0, 0, 0],
                     pile(3, "T22 T21", 10), False, [0, 0, 0], False)
    assert out.points == [0, 70] and (out.achievement, out.multiplier) == (-8, 1)
    assert out.sheet == [8, 8, 0] and out.net == [8, 8, -16]


def test_ex09_defenders_pile_and_leftover_term() -> None:
    # 28 cards: CN HN DN CJ HJ DJ (15) + 22 zero cards; 37 − 18 − 1 = 18; 52 + 18 = 70
    assert INFO[4].count(pile(4, "CN HN DN CJ HJ DJ", 22)) == 18
    assert INFO[4].count(pile(4, "T22 T21 T1 SK CK HK DK SQ CQ HQ DQ SN SJ", 13)) == 52


def _hand(n: int, cards: str) -> int:
    return INFO[n].pack.mask(cards.split())


EX8_SOLO_HAND = "T22 T19 T15 T12 T9 T6 T4 T2 S10 S9 HK H3 D2"


@pytest.mark.parametrize("seat0, seat2, sheet, net", [
    # (a) seat 0 holds a Solo hand, seat 2 six trumps
    (EX8_SOLO_HAND, "T21 T20 T16 T14 T13 T11 SK SQ CK CQ HQ HN DK", [0, 32, 32], [-64, 32, 32]),
    # (b) seat 0 eight trumps, one high: nobody has a Solo hand, the declarer pays
    ("T18 T17 T15 T12 T9 T6 T4 T2 S10 S9 HK H3 D2",
     "T21 T20 T16 T14 T13 T11 SK SQ CK CQ HQ HN DK", [32, 0, 32], [32, -64, 32]),
    # (c) both defenders hold Solo hands (seat 2: nine trumps)
    (EX8_SOLO_HAND, "T21 T20 T16 T14 T13 T11 T10 T8 T7 SQ CK CQ HQ", [32, 64, 32],
     [-32, 64, -32]),
], ids=["a", "b", "c"])
def test_ex08_solo_hand_penalty(seat0: str, seat2: str, sheet: list[int],
                                net: list[int]) -> None:
    hands = [_hand(3, seat0), 0, _hand(3, seat2)]
    out = score_deal(3, 2, "zwei_leere", 1, False, [0] * 3, [0] * 3, 0, True, hands, False)
    assert out.multiplier == 4 and out.sheet == sheet and out.net == net


RAEUBER_PILES = {
    # Ex 13: seat 0 (forehand) has the most: −10
    "ex13": (["T22 CK HK DK SQ T10 T11 T12 T13 T14 T15 T16",
              "T1 CQ HQ SN T17 T18 T19 T20 S10 S9 S8 S7 C10 C9 C8 C7",
              "DQ CN HN SJ H1 H2 H3 H4", "DN CJ HJ DJ D1 D2 D3 D4"],
             [23, 17, 11, 8], [-10, 0, 0, 0], [-30, 10, 10, 10]),
    # Ex 14: seats 1 and 2 tie for the most: −5 each
    "ex14": (["SJ CJ HJ DJ D1 D2 D3 D4", "T22 CK HK SQ T10 T11 T12 T13 T14 T15 T16 T17",
              "T1 DK CQ SN CN T18 T19 T20 S10 S9 S8 S7",
              "HQ DQ HN DN C10 C9 C8 C7 H1 H2 H3 H4"],
             [7, 19, 19, 14], [0, -5, -5, 0], [10, -10, -10, 10]),
}


@pytest.mark.parametrize("name", sorted(RAEUBER_PILES))
@pytest.mark.parametrize("tie", ["all_tied", "parlett"])
def test_raeuber_piles(name: str, tie: str) -> None:
    piles, counts, sheet, net = RAEUBER_PILES[name]
    masks = [_hand(4, p) for p in piles]
    out = score_deal(4, 3, "raeuber", None, False, masks, [0] * 4, 0, False, [0] * 4, False,
                     raeuber_tie=tie)
    # Ex 14: under raeuber_tie = parlett the result is the same (forehand is not tied)
    assert out.points == counts and out.sheet == sheet and out.net == net


@pytest.mark.parametrize("contract, tricks, sheet, net", [
    ("piccolo", 2, [10, 10, 0, 10], [10, 10, -30, 10]),       # Ex 11
    ("bettel", 0, [0, 0, 15, 0], [-15, -15, 45, -15]),        # Ex 12
])
def test_piccolo_bettel_values(contract: str, tricks: int, sheet: list[int],
                               net: list[int]) -> None:
    won = [0, 0, tricks, 0]
    out = score_deal(4, 0, contract, 2, False, [0] * 4, won, 0, False, [0] * 4, False)
    assert out.sheet == sheet and out.net == net


# -- complete deals through the engine -----------------------------------------------------------
#: name -> (declarer, contract, solo_bid, points or None, sheet, net), from §8
ENGINE_EXAMPLES: dict[str, tuple[int, str, bool, list[int] | None, list[int], list[int]]] = {
    "ex01": (0, "cego", False, [47, 23], [3, 0, 0], [6, -3, -3]),
    "ex02": (0, "eine_leere", True, [33, 37], [0, 4, 4], [-8, 4, 4]),
    "ex03": (1, "solo", True, [28, 42], [4, 0, 4], [4, -8, 4]),
    "ex04": (1, "cego", True, [40, 30], [0, 4, 0], [-4, 8, -4]),
    "ex05a": (1, "pfeife", False, [41, 29], [6, 0, 6], [6, -12, 6]),
    "ex05b": (1, "pfeife", False, [41, 29], [0, 12, 0], [-12, 24, -12]),
    "ex06": (2, "zwei_verschiedene", True, [36, 34], [0, 0, 6], [-6, -6, 12]),
    "ex07": (2, "cego", False, [0, 70], [8, 8, 0], [8, 8, -16]),
    "ex08a": (1, "zwei_leere", False, None, [0, 32, 32], [-64, 32, 32]),
    "ex08b": (1, "zwei_leere", False, None, [32, 0, 32], [32, -64, 32]),
    "ex08c": (1, "zwei_leere", False, None, [32, 64, 32], [-32, 64, -32]),
    "ex09": (1, "eine", False, [52, 18], [0, 8, 0, 0], [-8, 24, -8, -8]),
    "ex10": (2, "solo", True, [45, 25], [0, 0, 3, 0], [-3, -3, 9, -3]),
    "ex11": (2, "piccolo", False, None, [10, 10, 0, 10], [10, 10, -30, 10]),
    "ex12": (2, "bettel", False, None, [0, 0, 15, 0], [-15, -15, 45, -15]),
    "ex13": (0, "raeuber", False, [23, 17, 11, 8], [-10, 0, 0, 0], [-30, 10, 10, 10]),
    "ex14": (0, "raeuber", False, [7, 19, 19, 14], [0, -5, -5, 0], [10, -10, -10, 10]),
}


@lru_cache(maxsize=None)
def engine_of(name: str) -> CegoEngine:
    return X.find(X.EXAMPLES[name])


@pytest.mark.parametrize("name", sorted(ENGINE_EXAMPLES))
def test_example_as_a_complete_deal(name: str) -> None:
    decl, contract, solo_bid, points, sheet, net = ENGINE_EXAMPLES[name]
    e = engine_of(name)
    assert (e.contract, e.solo_bid) == (contract, solo_bid)
    score = e.score()
    assert score.facts["declarer"] == decl
    if points is not None:
        assert score.facts["points"] == points
    assert score.facts["sheet"] == sheet and score.deltas == net
    rec = X.record(X.EXAMPLES[name], e)
    report = validate_record(rec)
    assert report.valid, [str(f) for f in report.findings]
    assert report.scores[0] is not None and report.scores[0].deltas == net
    assert report.scores[0].facts["sheet"] == sheet
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


def test_ex05_pfeife_condition() -> None:
    # (a) T1 lost in trick 7: broken; (b) T1 led to trick 1 and lost: kept
    assert engine_of("ex05a").pfeife_broken() and not engine_of("ex05b").pfeife_broken()


def test_ex08_challenge_replaces_the_first_lead() -> None:
    e = engine_of("ex08a")
    assert e.phase == "challenged" and e.table is not None and not e.table.tricks
    rec = X.record(X.EXAMPLES["ex08a"], e)
    assert rec["end"] == {"type": "challenge", "seat": 1} and "play" not in rec


def test_ex11_record_may_end_after_trick_8() -> None:
    rec = X.truncate_after(X.record(X.EXAMPLES["ex11"], engine_of("ex11")), 8)
    del rec["result"]
    report = validate_record(rec)
    assert report.valid, [str(f) for f in report.findings]
    assert report.scores[0] is not None and report.scores[0].deltas == [10, 10, -30, 10]
    # ... but not under require_full_play, nor before the deciding trick
    strict = dict(rec, rules={"name": "default", "options": {"require_full_play": "on"}})
    assert [(f.code, f.pointer) for f in validate_record(strict).findings] == [
        ("CE-TRICKS-MISSING", "/play")]
    early = X.truncate_after(rec, 7)
    assert [f.code for f in validate_record(early).findings] == ["CE-TRICKS-MISSING"]


def test_ex12_bettel_no_trick() -> None:
    e = engine_of("ex12")
    assert e.table is not None and e.table.count[2] == 0 and len(e.table.tricks) == 11
    assert [c for s, c in e.calls] == ["pass"] * 4 + ["piccolo", "bettel"]


@pytest.mark.parametrize("name", sorted(RAEUBER_PILES))
def test_raeuber_deal_has_the_listed_piles(name: str) -> None:
    e = engine_of(name)
    assert e.table is not None
    assert [e.table.won[s] for s in range(4)] == [_hand(4, p) for p in RAEUBER_PILES[name][0]]
    assert e.pack.codes_of(e.talon) == e.pack.codes_of(
        _hand(4, "T21 SK T2 T3 T4 T5 T6 T7 T8 T9"))


def test_breakdown_items_carry_a_and_m() -> None:
    """§6.5: one item per deal value V = A × M (Ex 5a: A = −1, M = 6); one per penalised seat
    after a challenge (Ex 8c: seats 2 and 0, A = −8, M = 4)."""
    items = engine_of("ex05a").score().items
    assert [(it.name, it.base, it.multiplier, list(it.deltas)) for it in items] == [
        ("pfeife", -1, 6, [6, -12, 6])]
    items = engine_of("ex08c").score().items
    assert [(it.name, it.base, it.multiplier) for it in items] == [
        ("solo_hand:2", -8, 4), ("solo_hand:0", -8, 4)]
