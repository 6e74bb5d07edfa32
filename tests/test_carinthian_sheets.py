"""Carinthian score sheets (docs/notation.md, the outcome block; games/carinthian/outcome.py):
one scorer for played deals and written outcomes under every option, the carried period state
the same from a sheet as from the cards (§6.8), every check of a written outcome with its code
and place, the reach of a sheet without an outcome, and §6.8's target with an announced Valat."""
from __future__ import annotations

import copy
import glob
import json
import os
from typing import Any

import pytest

from conftest import SAMPLES, replayed
from tarockrec.games import get
from tarockrec.games.carinthian import Carinthian
from tarockrec.games.carinthian.rules import CarinthianRules
from tarockrec.games.carinthian.scoring import Facts, Item, deal_kind
from tarockrec.generate import deal_records, session_records
from tarockrec.tournament.sheet import to_sheet
from tarockrec.validate import validate_record

G = get("carinthian")
assert isinstance(G, Carinthian)

#: option sets whose scoring or carry differs from the default's (rules/carinthian.md §7)
OPTIONS: list[dict[str, Any]] = [
    {"valat_and_game_kontra": "true", "announced_valat_loss": 48},
    {"settle_active_only": "true", "zahle_doubled": "false", "valat_in_period_doubled": "false"},
    {"trischak_silent_bonuses": "off", "trischak4_tie": "none", "dealer_zero_continue": "true"},
    {"trull_kings_tricks_only": "true", "zahle_counts_as_success": "true",
     "restricted_solo_counts": "true", "restricted_after_deals": 3},
]


def _rules(options: dict[str, Any]) -> CarinthianRules:
    return CarinthianRules("default", {k: v for k, v in options.items()})


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("k", range(len(OPTIONS)))
def test_sheets_score_as_their_deals_under_options(n: int, k: int) -> None:
    """A session and its score sheet give the same scores and totals; each sheet deal without
    its outcome writes scores some outcome of its contract gives (RESULT-UNREACHABLE never
    refuses what the cards gave)."""
    rules = _rules(OPTIONS[k])
    for session in session_records("carinthian", 3, 12, 500 + k, n=n, rules=rules):
        full = validate_record(session)
        assert full.valid, [str(f) for f in full.findings if f.severity == "error"]
        sheet = to_sheet(session)
        rep = validate_record(sheet)
        assert rep.valid, [str(f) for f in rep.findings if f.severity == "error"]
        assert [s.deltas for s in rep.scores if s] == [s.deltas for s in full.scores if s]
        assert rep.totals == full.totals
        bare = copy.deepcopy(sheet)
        for deal in bare["deals"]:
            deal.pop("outcome")
        codes = {f.code for f in validate_record(bare).findings if f.severity == "error"}
        assert not codes, codes


CARRIES = [{}, {"period_active": True, "successes": 0, "period_deals": 0},
           {"period_active": True, "successes": 2, "period_deals": 5}]


@pytest.mark.parametrize("n", [3, 4])
def test_carry_from_a_sheet_is_the_carry_from_the_cards(n: int) -> None:
    """§6.8: ``next_carry_sheet`` over a deal's sheet (its outcome) gives the state
    ``next_carry`` gives over its cards, from every kind of carried state."""
    rules = G.Rules()
    checked = 0
    for rec in deal_records("carinthian", 300, 40 + n, n=n):
        for carry in CARRIES:
            e = replayed(G, rec, rules, dict(carry))
            sheet = G.to_sheet(rec, G.outcome(e))
            score = e.score()
            assert G.next_carry_sheet(rules, n, sheet, score.facts, dict(carry)) == \
                G.next_carry(e, dict(carry))
            checked += 1
    assert checked > 600


def test_an_announced_valat_does_not_raise_the_target() -> None:
    """§6.8 (the project lead's decision): a played game with an announced Valat counts as a
    success with the contract's own target (36, 40, 50), on both paths: the facts of the
    cards and a written outcome; a written target raised for the Valat is refused."""
    lost = (Item("valat", True, False, True),)
    assert deal_kind(Facts("hinunter", 0, target=36, points=[40, 30], items=lost)) == \
        ("played", True)
    assert deal_kind(Facts("vierzig", 0, target=40, points=[38, 32], items=lost)) == \
        ("played", False)
    assert deal_kind(Facts("vierzig", 0, target=50, points=[48, 22], items=lost)) == \
        ("played", False)
    twin = _sample("valid", "sheet-e05_e5")            # Drei, announced Valat lost, 66 points
    carry = {"period_active": True, "successes": 0, "period_deals": 0, "restricted": False}
    twin["carry"] = carry
    twin.pop("result")
    assert validate_record(twin).valid
    after = G.next_carry_sheet(G.Rules(), 3, twin, {}, carry)
    assert after["successes"] == 1
    for target in (50, 70):
        bad = copy.deepcopy(twin)
        bad["outcome"]["target"] = target
        assert _first(bad) == ("OUTCOME-CONFLICT", "/outcome/target")


def _sample(kind: str, name: str) -> dict[str, Any]:
    with open(os.path.join(SAMPLES, "carinthian", kind, name + ".json"), encoding="utf-8") as f:
        rec: dict[str, Any] = json.load(f)
    rec.pop("_example", None)
    return rec


def _first(rec: dict[str, Any]) -> tuple[str, str]:
    errors = [f for f in validate_record(rec).findings if f.severity == "error"]
    assert errors, "the record is valid"
    return errors[0].code, errors[0].pointer


def _item(name: str, announced: bool = False, made: bool = True, side: str = "declarer",
          **more: Any) -> dict[str, Any]:
    return {"item": name, "announced": announced, "made": made, "side": side, **more}


# (sample, change of the outcome (None: remove the key), code, place)
CASES: list[tuple[str, dict[str, Any], str, str]] = [
    # the schema's Carinthian vocabulary answers first (schemas: carinthian_outcome)
    ("e01_e1", {"contract": "ramsch"}, "REC-SCHEMA", "/outcome/contract"),
    ("e01_e1", {"declarer": None}, "REC-SCHEMA", "/outcome"),
    ("e01_e1", {"end": "concede"}, "REC-SCHEMA", "/outcome/end"),
    ("e01_e1", {"items": [_item("schmiss")]}, "REC-SCHEMA", "/outcome/items/0/item"),
    ("e01_e1", {"declarer": 5}, "OUTCOME-SEAT", "/outcome/declarer"),
    ("e01_e1", {"partner": 0}, "OUTCOME-PARTNER", "/outcome/partner"),
    ("e02_e2", {"items": [_item("trull")]}, "OUTCOME-END", "/outcome/items"),
    ("e02_e2", {"kontra": 2}, "OUTCOME-KONTRA", "/outcome/kontra"),
    ("e02_e2", {"points": [40, 30]}, "CA-OUTCOME-KEYS", "/outcome/points"),
    ("e01_e1", {"target": None}, "CA-OUTCOME-KEYS", "/outcome"),
    ("e01_e1", {"a": 1}, "CA-OUTCOME-KEYS", "/outcome/a"),
    ("e07_e7", {"won": True}, "CA-OUTCOME-KEYS", "/outcome/won"),
    ("e07_e7", {"kontra": 16}, "OUTCOME-KONTRA", "/outcome/kontra"),
    ("e10_e10", {"kontra": 16}, None, ""),                       # four kontras at four
    ("e05_e5", {"kontra": 2}, "OUTCOME-KONTRA", "/outcome/kontra"),
    ("e01_e1", {"tricks": [5, 5, 5]}, "OUTCOME-POINTS", "/outcome/tricks"),
    ("e01_e1", {"tricks": [5, 11]}, "OUTCOME-POINTS", "/outcome/tricks"),
    ("e11_e11", {"tricks": [1, 5, 5, 5]}, "OUTCOME-POINTS", "/outcome/tricks"),
    ("e10_e10", {"tricks": [6, 5, 5, 0]}, "OUTCOME-POINTS", "/outcome/tricks"),
    ("e10_e10", {"tricks": [2, 2, 2, 0], "points": [5, 5, 5, 0]}, None, ""),
    ("e10_e10", {"tricks": [5, 4, 0, 7]}, "OUTCOME-POINTS", "/outcome/tricks"),
    ("e01_e1", {"points": [41, 28]}, "OUTCOME-POINTS", "/outcome/points"),
    ("e06_e6", {"points": [50, 20], "won": True}, "OUTCOME-POINTS", "/outcome/points"),
    ("e07_e7", {"points": [30, 28, 30]}, "OUTCOME-POINTS", "/outcome/points"),
    ("e07_e7", {"points": [10, 10, 50]}, "OUTCOME-POINTS", "/outcome/points/2"),
    ("e01_e1", {"won": False}, "OUTCOME-CONFLICT", "/outcome/won"),
    ("e03_e3", {"target": 40, "won": True}, None, ""),                          # a Vierzig without Fünfzig
    ("e01_e1", {"target": 40}, "OUTCOME-CONFLICT", "/outcome/target"),
    ("e06_e6", {"items": [_item("trull"), _item("four_kings")]}, "OUTCOME-CONFLICT",
     "/outcome/items"),
    ("e05_e5", {"items": [_item("valat", True, True)]}, "OUTCOME-CONFLICT", "/outcome/tricks"),
    ("e01_e1", {"tricks": [0, 16, 0], "points": [70 - 9, 9]}, "OUTCOME-CONFLICT",
     "/outcome/items"),
    ("e01_e1", {"tricks": [8, 0, 8], "points": [1, 69], "won": False}, "OUTCOME-CONFLICT",
     "/outcome/items"),
    ("e10_e10", {"items": [_item("pagat", True, True)]}, "OUTCOME-CONFLICT", "/outcome/items"),
    ("e09_e9", {"items": [_item("uhu", seat=1, side="opponents"),
                          _item("kike", seat=1, side="opponents"),
                          _item("pagat", seat=1, side="opponents")],
                "tricks": [12, 2, 2]}, "OUTCOME-CONFLICT", "/outcome/items"),
    # issue 32: what the piles can hold (§1.4, §4.2, §6.1, §6.3, §6.6)
    ("e03_e3", {"items": [_item("trull", side="opponents"), _item("pagat")]},
     "OUTCOME-CONFLICT", "/outcome/items"),               # a Pagat made, the Trull theirs
    ("e03_e3", {"items": [_item("trull", side="opponents"), _item("mondfang")]},
     "OUTCOME-CONFLICT", "/outcome/items"),
    ("e01_e1", {"items": [_item("trull"), _item("four_kings")], "points": [20, 50],
                "won": False}, "OUTCOME-POINTS", "/outcome/points"),   # 35 raw in 30 cards
    ("e01_e1", {"items": [_item("trull"), _item("four_kings")], "points": [38, 32]},
     None, ""),                                                        # the fewest they count
    ("e01_e1", {"items": [_item("trull"), _item("four_kings")], "points": [37, 33]},
     "OUTCOME-POINTS", "/outcome/points"),
    ("e01_e1", {"items": [_item("trull"), _item("four_kings")], "tricks": [7, 2, 7],
                "points": [34, 36], "won": False}, "OUTCOME-CONFLICT", "/outcome/items"),
    ("e06_e6", {"items": [_item("valat"), _item("pagat"), _item("four_kings")]},
     "OUTCOME-CONFLICT", "/outcome/items"),   # 1 point in the untaken half: his whole Trull
    ("e01_e1", {"tricks": [15, 1, 0], "points": [24, 46], "won": False, "items": None},
     "OUTCOME-POINTS", "/outcome/points"),        # one trick and the discard: 23 at most
    ("e09_e9", {"points": [44, 25, 1]}, "OUTCOME-POINTS", "/outcome/points/2"),  # no trick
    ("e07_e7", {"items": [_item("mondfang")]}, "OUTCOME-ITEM", "/outcome/items/0/item"),
    ("e01_e1", {"items": [_item("four_kings", True)]}, "OUTCOME-ITEM",
     "/outcome/items/0/announced"),
    ("e01_e1", {"items": [_item("pagat", True, side="opponents")]}, "OUTCOME-ITEM",
     "/outcome/items/0/side"),
    ("e01_e1", {"items": [_item("pagat", True, seat=1)]}, "OUTCOME-ITEM",
     "/outcome/items/0/seat"),
    ("e01_e1", {"items": [_item("pagat", True, kontra=8)]}, "OUTCOME-KONTRA",
     "/outcome/items/0/kontra"),
    ("e01_e1", {"items": [_item("pagat", kontra=2)]}, "OUTCOME-KONTRA",
     "/outcome/items/0/kontra"),
    ("e01_e1", {"items": [_item("trull", made=False)]}, "OUTCOME-ITEM",
     "/outcome/items/0/made"),
    ("e01_e1", {"items": [_item("valat", side="opponents")]}, "OUTCOME-ITEM",
     "/outcome/items/0/side"),
    ("e01_e1", {"items": [_item("pagat", seat=1)]}, "OUTCOME-ITEM", "/outcome/items/0/seat"),
    ("e09_e9", {"items": [_item("pagat")]}, "OUTCOME-ITEM", "/outcome/items/0"),
    ("e09_e9", {"items": [_item("pagat", seat=1)]}, "OUTCOME-ITEM", "/outcome/items/0/side"),
    ("e09_e9", {"items": [_item("pagat", seat=0), _item("pagat", True, made=False)]},
     "OUTCOME-ITEM", "/outcome/items/1"),
    ("e09_e9", {"items": [_item("pagat", seat=0), _item("pagat", seat=1, side="opponents")]},
     "OUTCOME-ITEM", "/outcome/items/1"),
]


@pytest.mark.parametrize("name,change,code,at", CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_outcome_checks(name: str, change: dict[str, Any], code: str | None, at: str) -> None:
    """Each check of a written outcome: its code at its place, on a worked example's twin
    with its calls taken away (the outcome alone) and no written result."""
    rec = _sample("valid", "sheet-" + name)
    rec.pop("auction")
    rec.pop("result")
    for k, v in change.items():
        if v is None:
            rec["outcome"].pop(k, None)
        else:
            rec["outcome"][k] = v
    if code is None:
        assert validate_record(rec).valid
    else:
        assert _first(rec) == (code, at)


def test_silent_trischak_bonuses_off() -> None:
    rec = _sample("valid", "sheet-e09_e9")
    rec["rules"] = {"name": "default", "options": {"trischak_silent_bonuses": "off"}}
    rec.pop("result")
    assert _first(rec) == ("OUTCOME-ITEM", "/outcome/items/0/item")


def test_outcome_against_the_calls() -> None:
    """OUTCOME-AUCTION: the calls fix contract and declarer; a Trischak outcome needs an
    Angesehen (the decision may be written in the outcome alone)."""
    rec = _sample("valid", "sheet-e05_e5")
    rec["outcome"]["contract"] = "vier"
    assert _first(rec) == ("OUTCOME-AUCTION", "/outcome/contract")
    rec = _sample("valid", "sheet-e07_e7")
    rec["auction"][0]["call"] = "hinunter"
    rec.pop("exchange")
    rec.pop("result")
    assert _first(rec) == ("OUTCOME-AUCTION", "/outcome/contract")


def test_outcome_with_the_cards() -> None:
    """A full record may carry its outcome: it must be what the cards give (OUTCOME-CARDS)."""
    for path in sorted(glob.glob(os.path.join(SAMPLES, "carinthian", "valid", "e*.json"))):
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
        if "deals" in rec:
            continue
        sheet = to_sheet(rec)
        rec["outcome"] = sheet["outcome"]
        assert validate_record(rec).valid, path
        if "points" in rec["outcome"]:
            bad = copy.deepcopy(rec)
            bad["outcome"]["points"] = bad["outcome"]["points"][::-1]
            codes = {f.code for f in validate_record(bad).findings if f.severity == "error"}
            assert "OUTCOME-CARDS" in codes


@pytest.mark.parametrize("name,scores,ok", [
    ("e01_e1", [-3, 6, -3], True),
    ("e01_e1", [3, 0, -3], False),                   # two columns outside Trischak
    ("e01_e1", [-1000, 2000, -1000], False),
    ("e07_e7", [-24, 12, 12], True),
    ("e07_e7", [-1000, 500, 500], False),
    ("e07_e7", [1, 0, -1], False),                   # no Trischak result is one point apart
    ("e11_e11", [-12, -12, -12, 36], True),
])
def test_reach_of_a_sheet_without_outcome(name: str, scores: list[int], ok: bool) -> None:
    rec = _sample("valid", "sheet-" + name)
    rec.pop("outcome")
    rec["result"] = {"scores": scores}
    rep = validate_record(rec)
    if ok:
        assert rep.valid
        assert "can come from some outcome" in next(
            f.message for f in rep.findings if f.code == "SHEET-UNVERIFIED")
    else:
        assert _first(rec) == ("RESULT-UNREACHABLE", "/result/scores")


def test_the_default_scorer_of_outcomes_refuses() -> None:
    """The frame's ``Game.score_outcome`` (a game that does not score written outcomes yet)
    answers OUTCOME-UNSUPPORTED, never a score; Carinthian's own overrides it."""
    from tarockrec.games import Game
    rec = _sample("valid", "sheet-e01_e1")
    found, score = Game.score_outcome(G, rec["outcome"], G.Rules(), 3, 0, {})
    assert score is None and [(f.code, f.pointer) for f in found] == \
        [("OUTCOME-UNSUPPORTED", "/outcome")]
    found, score = G.score_outcome(rec["outcome"], G.Rules(), 3, 0, {})
    assert not found and score is not None


def test_a_trischak_pagat_lost_to_the_seat_that_made_the_trull() -> None:
    """A silent Pagat lost by seat 0 lies in the pile of whoever won its trick — here seat 1,
    whose pile then holds the whole Trull (§6.6). The sheet was refused as putting the Pagat
    in two piles (found by the conformance sweep under zahle_counts_as_success = true)."""
    from tarockrec.validate import validate_record
    sheet: dict[str, Any] = {
        "tarockrec": 1, "game": "carinthian", "players": ["A", "B", "C"], "dealer": 2,
        "auction": [{"seat": 0, "call": "pass"}, {"seat": 1, "call": "pass"},
                    {"seat": 2, "call": "angesehen"}],
        "exchange": {"trischak": "nachlassen"},
        "outcome": {"contract": "trischak", "declarer": 2, "kontra": 2, "points": [22, 27, 21],
                    "tricks": [5, 5, 6],
                    "items": [{"item": "pagat", "announced": False, "made": False,
                               "side": "opponents", "seat": 0},
                              {"item": "trull", "announced": False, "made": True,
                               "side": "opponents", "seat": 1}]}}
    rep = validate_record(sheet)
    assert rep.valid, [str(f) for f in rep.findings]
    sheet["outcome"]["items"][1]["seat"] = 0          # the Pagat's loser holds the Trull
    assert "OUTCOME-CONFLICT" in [f.code for f in validate_record(sheet).findings]
