"""Illustrated Tarokk score sheets (issue 22): the outcome block and the one scorer.

* a played deal's outcome, read back, gives the engine's facts' score (one scorer), for every
  rule set and both table sizes; its scores are reachable for a sheet without an outcome;
* the kontra check reads the highest level from the rule set;
* a sheet's carried state (§6.9) follows its outcome as a played deal's follows its cards;
* the sheet without an outcome: what is refused, and that it answers in milliseconds.
"""
from __future__ import annotations

import copy
import json
import os
import time
from typing import Any

import pytest

from tarockrec.games import get
from tarockrec.games.illustrated.scoring import score_facts
from tarockrec.games.illustrated.outcome import facts_of, outcome_of, reachable
from tarockrec.generate import session_records
from tarockrec.validate import validate_record

from conftest import SAMPLES

GAME = get("illustrated")
assert GAME is not None
RULE_SETS = ("default", "akos", "tarokk_kupa", "itvb")


def _rules(name: str) -> Any:
    return GAME.rules({"name": name}) if name != "default" else GAME.Rules()


def _played(name: str, n: int, sessions: int = 3) -> list[tuple[Any, dict[str, Any]]]:
    """(engine, carry) of every deal of some generated sessions."""
    rules = _rules(name)
    out = []
    for sess in session_records("illustrated", sessions, 12, 7 + n, n=n, rules=rules):
        carry = GAME.initial_carry(rules, n)
        for d in sess["deals"]:
            e, found = GAME.make_engine(rules, n, d["dealer"], d["deal"], carry)
            assert e is not None and not found
            for _sub, step in GAME.replay(d, e):
                step.run() if hasattr(step, "run") else e.apply(step)  # type: ignore[union-attr]
            out.append((e, carry))
            carry = GAME.next_carry(e, carry)
    return out


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize("n", [4, 5])
def test_outcome_read_back_scores_alike(name: str, n: int) -> None:
    rules = _rules(name)
    kinds = set()
    for e, _carry in _played(name, n):
        f = e.facts()
        outcome = outcome_of(f, rules)
        found, back = facts_of(outcome, rules, n, e.dealer, e.multiplier)
        assert not found and back is not None, ([str(x) for x in found], outcome)
        want, got = e.score(), score_facts(back, rules)
        assert got.deltas == want.deltas and got.facts == want.facts, outcome
        kinds.add(outcome.get("end"))
        if outcome.get("end") != "redeal":
            assert reachable(want.deltas, rules, n, e.dealer, e.multiplier, outcome["contract"],
                             None, ...), outcome
    assert None in kinds and "redeal" in kinds


def _twin(stem: str) -> dict[str, Any]:
    with open(os.path.join(SAMPLES, "illustrated", "valid", f"sheet-{stem}.json"),
              encoding="utf-8") as fp:
        return json.load(fp)


def _errors(rec: dict[str, Any]) -> set[str]:
    return {f.code for f in validate_record(rec).findings if f.severity == "error"}


def test_the_highest_kontra_comes_from_the_rule_set() -> None:
    """E1's trull rekontra'd (×4): ×16 passes with max_kontra_level 5 and 4, not with 3
    (szubkontra, ×8, is then the highest); ×32 only with 5."""
    rec = _twin("e01_complete_deal")
    for level, factor, ok in ((5, 32, True), (4, 16, True), (4, 32, False), (3, 8, True),
                              (3, 16, False)):
        r = copy.deepcopy(rec)
        r["rules"] = {"name": "default", "options": {"max_kontra_level": level}}
        r["outcome"]["items"][1]["kontra"] = factor
        r.pop("result")
        codes = _errors(r)
        assert ("OUTCOME-KONTRA" not in codes) is ok, (level, factor, codes)


def test_both_sides_may_write_the_same_bonus() -> None:
    """E9: the declarer's announced XXI-catch failed, the defenders' silent one made — one
    item name on both sides is no duplicate; the same side twice is."""
    rec = _twin("e09_xxi_catch_fails")
    assert _errors(rec) == set()
    r = copy.deepcopy(rec)
    r["outcome"]["items"][1]["side"] = "declarer"
    assert "OUTCOME-ITEM" in _errors(r)


def test_a_sheet_carries_the_periods_its_outcome_says() -> None:
    """§6.9: akos throws a honourless fourth's failure in (redeal_no_penalty): written as
    ``end: redeal`` the sheet opens a doubling period exactly as the cards do, and the next
    deal's doubled scores validate; written as a scored failure it is refused."""
    rules = GAME.rules({"name": "akos", "options": {"doubling_after_passout": "stacking"}})
    rec = _twin("e08_honourless_fourth_fails")
    assert GAME._thrown_in({**rec, "outcome": {"end": "redeal"}})
    after = GAME.next_carry_sheet(rules, 4, {**rec, "outcome": {"end": "redeal"}}, {},
                                  {"periods": [2]})
    assert after == {"periods": [2, 4]}
    r = copy.deepcopy(rec)
    r["rules"] = {"name": "akos"}
    r.pop("carry", None)
    r.pop("result")
    assert "OUTCOME-END" in _errors(r)


def test_sheet_without_outcome() -> None:
    rec = _twin("e01_complete_deal")
    bare = {k: v for k, v in rec.items() if k != "outcome"}
    bare["result"] = {"scores": [-21, 19, -21, 23]}
    rep = validate_record(bare)
    assert rep.valid and any("can come from" in f.message for f in rep.findings)
    for scores in ([-22, 19, -21, 24], [7, 0, -2, -5], [-10, -10, -10, 30]):
        bad = copy.deepcopy(bare)
        bad["result"]["scores"] = scores
        assert "RESULT-UNREACHABLE" in _errors(bad), scores
    # a passed-out deal scores nothing
    passed = copy.deepcopy(bare)
    passed["auction"] = [{"seat": s, "call": "pass"} for s in range(4)]
    passed["result"]["scores"] = [2, -2, 0, 0]
    assert "RESULT-UNREACHABLE" in _errors(passed)
    passed["result"]["scores"] = [0, 0, 0, 0]
    assert _errors(passed) == set()


def test_reachable_is_fast_enough_for_a_sheet() -> None:
    """The widest search (declarer and partner unknown, scores no outcome gives) in
    milliseconds."""
    rules = _rules("default")
    t = time.perf_counter()
    assert not reachable([7, 0, -2, -5], rules, 4, 3, 1, "solo", None, ...)
    assert time.perf_counter() - t < 0.5


def test_a_game_without_an_outcome_says_so() -> None:
    """OUTCOME-UNSUPPORTED: a written outcome of a game whose outcome is not implemented yet
    (the frame's default ``Game.score_outcome``)."""
    from tarockrec.games import Game, all_games
    lacking = [n for n, g in sorted(all_games().items()) if type(g).score_outcome is Game.score_outcome]
    if not lacking:
        pytest.skip("every game scores its outcome")
    rec = {"tarockrec": 1, "game": lacking[0], "players": ["A", "B", "C", "D"], "dealer": 0,
           "outcome": {}}
    assert "OUTCOME-UNSUPPORTED" in _errors(rec), lacking[0]


def _cut_short(outcome: dict[str, Any] | None, scores: list[int]) -> dict[str, Any]:
    """A deal annulled during the auction (ITVB, ``annul_timing = before_discard``): seat 1
    bid two, then seat 2 annulled; its score sheet keeps the one call."""
    rec: dict[str, Any] = {"tarockrec": 1, "game": "illustrated", "rules": {"name": "itvb"},
                           "players": ["A", "B", "C", "D"], "dealer": 0,
                           "auction": [{"seat": 1, "call": "two"}],
                           "result": {"declarer": None, "multiplier": 1, "scores": scores}}
    if outcome is not None:
        rec["outcome"] = outcome
    return rec


def test_an_auction_cut_short_names_no_declarer() -> None:
    """Found by a 3,000-deal run of tests/test_sheets.py: the sheet of a deal annulled during
    the bidding was refused (OUTCOME-AUCTION: the calls were taken to make seat 1 declarer);
    such calls name nobody, and only a thrown-in deal may stop there."""
    sheet = _cut_short({"declarer": None, "end": "redeal"}, [0, 0, 0, 0])
    rep = validate_record(sheet)
    assert rep.valid, [str(f) for f in rep.findings]
    assert validate_record(_cut_short(None, [0, 0, 0, 0])).valid
    played = _cut_short({"contract": "two", "declarer": 1, "partner": 2, "won": True,
                         "points": [60, 34]}, [20, -20, 20, -20])
    played["result"]["declarer"] = 1
    codes = {f.code for f in validate_record(played).findings if f.severity == "error"}
    assert "IT-AUCTION-INCOMPLETE" in codes
    codes = {f.code for f in validate_record(_cut_short(None, [20, -20, 20, -20])).findings
             if f.severity == "error"}
    assert "IT-AUCTION-INCOMPLETE" in codes


def _silent(name: str, side: str) -> dict[str, Any]:
    return {"item": name, "announced": False, "made": True, "side": side}


@pytest.mark.parametrize("change,code", [
    # issue 32: what a team made sits in its tricks (§4.9): the Skíz and the XXI cannot be
    # both in the declarer's side's Trull and in the defenders' catch
    ({"items": [_silent("four_kings", "opponents"), _silent("trull", "declarer"),
                _silent("xxi_catch", "opponents")]}, "OUTCOME-CONFLICT"),
    # 6 tricks and 2 discards are 26 cards: at least 29 card points (§1.3)
    ({"points": [25, 69], "won": False}, "OUTCOME-POINTS"),
    ({"points": [29, 65], "won": False}, None),
    # the four kings in the defenders' tricks leave at most 3 five-point cards to 26 cards
    ({"points": [81, 13]}, "OUTCOME-POINTS"),
])
def test_an_outcome_no_play_gives_is_refused(change: dict[str, Any], code: str | None) -> None:
    rec = _twin("e02_silent_items")
    rec.pop("result")
    rec["outcome"].update(change)
    found = [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]
    if code is None:
        assert not found
    else:
        assert found and found[0][0] == code, found
        assert found[0][1] == ("/outcome/items" if code == "OUTCOME-CONFLICT"
                               else "/outcome/points")
