"""Cego score sheets (issue 22): the outcome block and its checks (games/cego/outcome.py),
sheets without an outcome (§6.2–§6.6, §3.7), one scorer for both.

The four cases the issue names: a Solo's multiplier, A against the points of a Pfeife, scores
no sheet line gives, an unfinished or empty auction."""
from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest

from conftest import ROOT
from tarockrec.games import all_games
from tarockrec.games.cego import CegoRules
from tarockrec.games.cego.contracts import INFO
from tarockrec.games.cego.outcome import FEASIBLE_A, FEASIBLE_P, points_range
from tarockrec.generate import session_records
from tarockrec.tournament.sheet import to_sheet
from tarockrec.validate import validate_record

G = all_games()["cego"]
VALID = os.path.join(ROOT, "samples", "cego", "valid")


def sample(name: str) -> dict[str, Any]:
    with open(os.path.join(VALID, f"{name}.json"), encoding="utf-8") as f:
        rec: dict[str, Any] = json.load(f)
    return rec


def calls(text: str) -> list[dict[str, Any]]:
    return [{"seat": int(x.split(":")[0]), "call": x.split(":")[1]} for x in text.split()]


def errors(rec: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]


def codes(rec: dict[str, Any]) -> set[str]:
    return {c for c, _ in errors(rec)}


def sheet(n: int, dealer: int, auction: str, result: dict[str, Any],
          **more: Any) -> dict[str, Any]:
    return {"tarockrec": 1, "game": "cego", "players": list("ABCD"[:n]), "dealer": dealer,
            "auction": calls(auction), "result": result, **more}


def net(line: list[int]) -> list[int]:
    return [len(line) * s - sum(line) for s in line]


SOLO4 = "1:solo 2:pass 3:pass 0:pass"                  # dealer 0, seat 1 plays Solo
PFEIFE3 = ("2:pass 0:pass 1:pass 2:cego 0:pass 1:eine 2:hold 1:eine_leere 2:hold 1:zwei_leere "
           "2:hold 1:zwei_verschiedene 2:hold 1:pfeife 2:pass")     # Ex 5, dealer 1
CEGO3 = "0:pass 1:pass 2:pass 0:cego 1:pass 2:pass"                # Ex 1, dealer 2


# -- the issue's four cases -------------------------------------------------------------------
@pytest.mark.parametrize("m, ok", [(1, True), (2, False), (3, False)])
def test_a_won_solos_multiplier_is_checked(m: int, ok: bool) -> None:
    line = [0, 3, 0, 0]
    rec = sheet(4, 0, SOLO4, {"contract": "solo", "declarer": 1, "multiplier": m,
                              "sheet": line, "scores": net(line)})
    assert errors(rec) == ([] if ok else [("RESULT-MULTIPLIER", "/result/multiplier")])


def test_a_lost_solos_multiplier_is_2_and_without_a_line_1_or_2() -> None:
    line = [6, 0, 6, 6]
    base = {"contract": "solo", "declarer": 1, "sheet": line, "scores": net(line)}
    assert errors(sheet(4, 0, SOLO4, dict(base, multiplier=2))) == []
    assert codes(sheet(4, 0, SOLO4, dict(base, multiplier=1))) == {"RESULT-MULTIPLIER"}
    assert errors(sheet(4, 0, SOLO4, {"multiplier": 3})) == [
        ("RESULT-MULTIPLIER", "/result/multiplier")]
    assert errors(sheet(4, 0, SOLO4, {"multiplier": 2})) == []


@pytest.mark.parametrize("points, line, ok", [
    ([20, 50], [0, 6, 0], False),         # the issue: P = 20 gives A = −4, not +1
    ([20, 50], [24, 0, 24], True),        # A = −4, M = 6
    ([41, 29], [0, 12, 0], True),         # Ex 5b: the T1 condition kept, A = +2
    ([41, 29], [6, 0, 6], True),          # Ex 5a: broken, A = −1 (§6.4)
    ([30, 40], [6, 0, 6], False),         # P < 36: the table value A = −2, −1 only when P ≥ 36
    ([30, 41], [12, 0, 12], False),       # not P and 70 − P
])
def test_a_pfeifes_a_is_checked_against_the_points(points: list[int], line: list[int],
                                                   ok: bool) -> None:
    rec = sheet(3, 1, PFEIFE3, {"points": points, "sheet": line, "scores": net(line)})
    assert errors(rec) == ([] if ok else [("RESULT-SHEET", "/result/sheet")])


@pytest.mark.parametrize("scores, ok", [
    ([3, -1, -2], False),                 # the issue: adds up to 0, no sheet line gives it
    ([6, -3, -3], True),                  # V = +3 (A = 3, M = 1)
    ([-14, 7, 7], False),                 # V = −7: A = −7 needs P 1–5, below what 3 players reach
    ([-12, 6, 6], True),                  # V = −6
])
def test_scores_without_a_sheet_must_be_reachable(scores: list[int], ok: bool) -> None:
    rec = sheet(3, 2, CEGO3, {"scores": scores})
    report = validate_record(rec)
    assert [(f.code, f.pointer) for f in report.findings if f.severity == "error"] == (
        [] if ok else [("RESULT-UNREACHABLE", "/result/scores")])
    info = [f.message for f in report.findings if f.code == "SHEET-UNVERIFIED"]
    assert len(info) == 1 and ("can come from some outcome" in info[0]) == ok


@pytest.mark.parametrize("auction", ["", "0:pass 1:pass 2:pass 0:cego 1:eine",
                                     "0:pass 1:solo"])
def test_an_unfinished_or_empty_auction_is_refused(auction: str) -> None:
    rec = sheet(3, 2, auction, {"contract": "cego", "declarer": 0, "scores": [6, -3, -3]})
    assert errors(rec) == [("CE-AUCTION-INCOMPLETE", "/auction")]


def test_forehands_unspoken_choice_is_play_cego() -> None:
    """§3.6: an unraised Cego of 4 players without raeuber/play_cego is played as Cego."""
    rec = sheet(4, 3, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:cego 1:pass "
                "2:pass 3:pass", {"contract": "cego", "declarer": 0, "scores": [6, -2, -2, -2]})
    assert errors(rec) == []


def test_reachable_scores_of_every_kind() -> None:
    raeuber = ("0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:cego 1:pass 2:pass "
               "3:pass 0:raeuber")
    assert errors(sheet(4, 3, raeuber, {"scores": [10, -10, -10, 10]})) == []     # Ex 14
    assert errors(sheet(4, 3, raeuber, {"scores": [-15, 5, 5, 5]})) == []        # all four tie
    assert codes(sheet(4, 3, raeuber, {"scores": [-3, 1, 1, 1]})) == {"RESULT-UNREACHABLE"}
    # seats 0 (forehand), 1 and 2 tie for most
    assert errors(sheet(4, 3, raeuber, {"scores": [-20, 0, 0, 20]})) == []
    parlett = sheet(4, 3, raeuber, {"scores": [-20, 0, 0, 20]}, rules={"name": "default",
                    "options": {"raeuber_tie": "parlett"}})
    assert codes(parlett) == {"RESULT-UNREACHABLE"}                   # forehand tied: he alone
    bettel = "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:bettel"
    assert errors(sheet(4, 0, bettel, {"scores": [15, 15, -45, 15]})) == []
    assert codes(sheet(4, 0, bettel, {"scores": [10, 10, -30, 10]})) == {"RESULT-UNREACHABLE"}
    zl = "0:pass 1:pass 2:pass 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass 2:pass"
    end = {"type": "challenge", "seat": 1}
    assert errors(sheet(3, 2, zl, {"scores": [-32, 64, -32]}, end=end)) == []     # Ex 8c
    assert codes(sheet(3, 2, zl, {"scores": [-16, 8, 8]}, end=end)) == {"RESULT-UNREACHABLE"}
    # Ex 8b's line (the declarer penalised) is A = −8 played out too; Ex 8a's only challenged
    assert errors(sheet(3, 2, zl, {"scores": [32, -64, 32]})) == []
    assert codes(sheet(3, 2, zl, {"scores": [-64, 32, 32]})) == {"RESULT-UNREACHABLE"}


def test_feasible_points_are_sound_bounds() -> None:
    """Every P a generated deal reaches lies in its trick count's range (§1.6, §6.1)."""
    assert min(FEASIBLE_P[3] - {0}) == 6 and min(FEASIBLE_P[4] - {0}) == 5
    assert -7 not in FEASIBLE_A[3] and -7 in FEASIBLE_A[4]
    for n in (3, 4):
        for (session,) in [tuple(session_records("cego", 1, 150, 7 + n, n=n))]:
            for deal in session["deals"]:
                res = deal["result"]
                if "points" in res and res["contract"] != "raeuber" and "tricks" in res:
                    low, high = points_range(n, res["tricks"][res["declarer"]])
                    assert low <= res["points"][0] <= high, res
    assert points_range(3, INFO[3].tricks) == (70, 70)


# -- the outcome block ------------------------------------------------------------------------
EX01 = "ex01-3p-cego"


def outcome_sheet(name: str = EX01, **changes: Any) -> dict[str, Any]:
    rec = to_sheet(sample(name))
    for key, value in changes.items():
        if value is None:
            rec["outcome"].pop(key, None)
        else:
            rec["outcome"][key] = value
    return rec


def test_a_sheet_with_an_outcome_is_scored() -> None:
    rec = outcome_sheet()
    assert rec["outcome"] == {"contract": "cego", "declarer": 0, "won": True, "a": 3,
                              "points": [47, 23], "tricks": [6, 4, 3], "multiplier": 1}
    report = validate_record(rec)
    assert report.valid and report.scores[0] is not None
    assert report.scores[0].deltas == [6, -3, -3]
    bad = copy.deepcopy(rec)
    bad["result"]["sheet"] = [0, 3, 3]
    assert errors(bad) == [("RESULT-SHEET", "/result/sheet")]


@pytest.mark.parametrize("changes, found", [
    ({"a": 2}, ("OUTCOME-CONFLICT", "/outcome/a")),
    ({"won": False}, ("OUTCOME-CONFLICT", "/outcome/won")),
    ({"multiplier": 2}, ("OUTCOME-AUCTION", "/outcome/multiplier")),     # no Solo was bid
    ({"points": [47, 24]}, ("OUTCOME-POINTS", "/outcome/points")),
    ({"points": [3, 67], "a": -7, "won": False},
     ("OUTCOME-CONFLICT", "/outcome/points")),                   # 6 tricks count more
    ({"tricks": [6, 4, 4]}, ("OUTCOME-POINTS", "/outcome/tricks")),
    ({"tricks": [0, 7, 6]}, ("OUTCOME-CONFLICT", "/outcome/points")),   # P = 0 iff no trick
    # issue 32: the defenders' 3 cards count 13 at most, so 12 tricks give at least 57
    ({"tricks": [12, 1, 0]}, ("OUTCOME-CONFLICT", "/outcome/points")),
    ({"a": None}, ("CE-OUTCOME-KEY", "/outcome")),
    ({"target": 35}, ("CE-OUTCOME-KEY", "/outcome/target")),
    ({"end": "challenge"}, ("CE-OUTCOME-KEY", "/outcome")),
    ({"contract": "eine"}, ("OUTCOME-AUCTION", "/outcome/contract")),
    ({"partner": 1}, ("OUTCOME-PARTNER", "/outcome/partner")),
    ({"kontra": 2}, ("OUTCOME-KONTRA", "/outcome/kontra")),
    ({"items": [{"item": "solo_hand", "announced": True, "made": True, "side": "declarer",
                 "seat": 1}]}, ("OUTCOME-ITEM", "/outcome/items")),
])
def test_an_impossible_outcome_is_refused(changes: dict[str, Any],
                                          found: tuple[str, str]) -> None:
    assert found in errors(outcome_sheet(**changes)), errors(outcome_sheet(**changes))


def test_the_issues_pfeife_as_an_outcome() -> None:
    rec = outcome_sheet("ex05a-3p-pfeife")
    assert rec["outcome"]["a"] == -1 and rec["outcome"]["points"] == [41, 29]
    assert errors(rec) == []
    assert errors(outcome_sheet("ex05a-3p-pfeife", points=[20, 50], a=1, won=True)) == [
        ("OUTCOME-CONFLICT", "/outcome/a")]
    # −1 with P ≥ 36 is the broken Pfeife; elsewhere A is the table's
    assert errors(outcome_sheet("ex01-3p-cego", a=-1, won=False)) == [
        ("OUTCOME-CONFLICT", "/outcome/a")]


def test_a_won_solos_outcome_has_m_1() -> None:
    rec = outcome_sheet("ex10-4p-solo")
    assert rec["outcome"]["multiplier"] == 1 and errors(rec) == []
    assert errors(outcome_sheet("ex10-4p-solo", multiplier=2)) == [
        ("OUTCOME-CONFLICT", "/outcome/multiplier")]


def test_piccolo_bettel_outcomes() -> None:
    rec = outcome_sheet("ex11-4p-piccolo")            # stopped after the deciding trick
    assert rec["outcome"]["tricks"] == [2, 2, 2, 2] and errors(rec) == []
    # a won Piccolo was played out: all 11 tricks
    assert errors(outcome_sheet("ex11-4p-piccolo", won=True)) == [
        ("OUTCOME-POINTS", "/outcome/tricks")]
    assert errors(outcome_sheet("ex12-4p-bettel", won=False)) == [
        ("OUTCOME-CONFLICT", "/outcome/won")]
    full = copy.deepcopy(rec)
    full["rules"] = {"name": "default", "options": {"require_full_play": "on"}}
    assert ("OUTCOME-POINTS", "/outcome/tricks") in errors(full)
    assert errors(outcome_sheet("ex12-4p-bettel", tricks=[3, 3, 0, 4])) == [
        ("OUTCOME-POINTS", "/outcome/tricks")]
    assert errors(outcome_sheet("ex12-4p-bettel", a=1)) == [
        ("CE-OUTCOME-KEY", "/outcome/a")]
    # §5.5 / G16 as decided (rule set default, provenance.decided): the record may also stop
    # later than right after the deciding trick; before it, it may not
    for tricks, found in (([3, 2, 3, 2], []), ([3, 3, 1, 2], [("OUTCOME-POINTS",
                                                               "/outcome/tricks")])):
        later = outcome_sheet("ex11-4p-piccolo", tricks=tricks)
        later["result"]["tricks"] = tricks
        assert errors(later) == found


def test_raeuber_outcomes() -> None:
    assert errors(outcome_sheet("ex13-4p-raeuber")) == []
    assert errors(outcome_sheet("ex13-4p-raeuber", points=[23, 17, 11, 0])) == [
        ("OUTCOME-CONFLICT", "/outcome/points/3")]
    # issue 32: one trick's 4 cards count 17 at most (three 5s and a 4, §1.6)
    assert errors(outcome_sheet("ex13-4p-raeuber", points=[20, 14, 11, 18],
                                tricks=[3, 4, 3, 1])) == [
        ("OUTCOME-CONFLICT", "/outcome/points/3")]
    assert not [code for code, _ in errors(outcome_sheet(
        "ex13-4p-raeuber", points=[20, 14, 11, 17], tricks=[3, 4, 3, 1]))
        if code.startswith("OUTCOME")]                  # only the written result differs
    assert errors(outcome_sheet("ex13-4p-raeuber", points=[60, 30, 11, 8])) == [
        ("OUTCOME-CONFLICT", "/outcome/points/0")]                # 12 cards count 46 at most
    assert errors(outcome_sheet("ex13-4p-raeuber", points=[40, 40, 11, 8])) == [
        ("OUTCOME-CONFLICT", "/outcome/points")]
    assert errors(outcome_sheet("ex13-4p-raeuber", points=[23, 17])) == [
        ("OUTCOME-POINTS", "/outcome/points")]
    # the caller is forehand (§6.8); on a sheet the calls say so first
    assert errors(outcome_sheet("ex13-4p-raeuber", declarer=1)) == [
        ("OUTCOME-AUCTION", "/outcome/declarer")]


def score_outcome(outcome: dict[str, Any], n: int, dealer: int,
                  **options: str) -> list[tuple[str, str]]:
    found, score = G.score_outcome(outcome, CegoRules("default", options), n, dealer, {})
    assert (score is None) == any(f.severity == "error" for f in found)
    return [(f.code, f.pointer) for f in found]


def test_score_outcome_alone() -> None:
    """``score_outcome`` checks what the calls would fix on a sheet (its own callers have none)."""
    raeuber = outcome_sheet("ex13-4p-raeuber")["outcome"]
    assert score_outcome(raeuber, 4, 3) == []
    assert score_outcome(dict(raeuber, declarer=1), 4, 3) == [
        ("OUTCOME-CONFLICT", "/outcome/declarer")]
    assert score_outcome(dict(raeuber, declarer=4), 4, 3) == [
        ("OUTCOME-SEAT", "/outcome/declarer")]
    cego = outcome_sheet()["outcome"]
    assert score_outcome(dict(cego, contract="piccolo"), 3, 2) == [
        ("OUTCOME-CONTRACT", "/outcome/contract")]
    assert score_outcome({k: v for k, v in cego.items() if k != "contract"}, 3, 2) == [
        ("CE-OUTCOME-KEY", "/outcome")]
    assert score_outcome(dict(cego, end="concede"), 3, 2) == [("OUTCOME-END", "/outcome/end")]
    # M: Cego 1, or 2 after a Solo bid; a challenge comes only without one (§6.3, §4.5)
    assert score_outcome(dict(cego, multiplier=2), 3, 2) == []
    assert score_outcome(dict(cego, multiplier=3), 3, 2) == [
        ("OUTCOME-CONFLICT", "/outcome/multiplier")]
    challenged = outcome_sheet("ex08c-3p-zwei_leere")["outcome"]
    assert score_outcome(dict(challenged, multiplier=5), 3, 2) == [
        ("OUTCOME-CONFLICT", "/outcome/multiplier")]


def test_challenge_outcomes() -> None:
    rec = outcome_sheet("ex08c-3p-zwei_leere")
    assert errors(rec) == []
    items = rec["outcome"]["items"]
    failed = {"item": "solo_hand", "announced": True, "made": False, "side": "declarer",
              "seat": 1}
    assert errors(outcome_sheet("ex08b-3p-zwei_leere")) == []
    assert errors(outcome_sheet("ex08c-3p-zwei_leere", items=items + [failed])) == [
        ("OUTCOME-CONFLICT", "/outcome/items")]
    assert errors(outcome_sheet("ex08c-3p-zwei_leere", items=[dict(items[0], made=False)])) \
        == [("OUTCOME-CONFLICT", "/outcome/items/0")]
    assert errors(outcome_sheet("ex08c-3p-zwei_leere", items=[])) == [
        ("OUTCOME-ITEM", "/outcome/items")]
    first_only = copy.deepcopy(rec)
    first_only["rules"] = {"name": "default", "options": {"multiple_solo_hands": "first_only"}}
    assert ("OUTCOME-ITEM", "/outcome/items") in errors(first_only)
    assert errors(outcome_sheet("ex08c-3p-zwei_leere", multiplier=5)) == [
        ("OUTCOME-AUCTION", "/outcome/multiplier")]
    # a record that also writes the challenge as its end: the outcome must say so
    both = dict(rec, end={"type": "challenge", "seat": 1})
    assert errors(both) == []
    both["outcome"] = outcome_sheet("ex09-4p-eine")["outcome"]
    assert ("OUTCOME-CONFLICT", "/outcome") in errors(both)
    # a Solo cannot be challenged (§4.5)
    assert errors(outcome_sheet("ex10-4p-solo", end="challenge")) == [
        ("OUTCOME-END", "/outcome/end")]


def test_an_outcome_with_the_cards_must_be_theirs() -> None:
    rec = sample(EX01)
    rec["outcome"] = G.outcome(replayed(rec))
    assert errors(rec) == []
    rec["outcome"]["a"] = 2
    assert errors(rec) == [("OUTCOME-CARDS", "/outcome/a")]


def replayed(rec: dict[str, Any]) -> Any:
    from conftest import replayed as replay
    return replay(G, rec)


def test_one_scorer_for_cards_and_outcome() -> None:
    """The played deal's score and its outcome's score are the same, field by field."""
    for n in (3, 4):
        (session,) = session_records("cego", 1, 200, 99 + n, n=n)
        rules = CegoRules()
        for deal in session["deals"]:
            rec = {**{k: v for k, v in session.items() if k != "deals"}, **deal}
            e = replayed(rec)
            played = e.score()
            found, score = G.score_outcome(G.outcome(e), rules, n, deal["dealer"], {})
            assert not found and score is not None
            assert score.result() == played.result() and score.items == played.items


def test_random_sheets_keep_their_scores() -> None:
    rng = random.Random(5)
    for n in (3, 4):
        (session,) = session_records("cego", 1, 40, rng.randrange(1 << 20), n=n)
        full = validate_record(session)
        report = validate_record(to_sheet(session))
        assert report.valid and [s.deltas for s in report.scores if s] == \
            [s.deltas for s in full.scores if s]


@pytest.mark.parametrize("options", [{}, {"multiple_solo_hands": "first_only"},
                                     {"raeuber_tie": "parlett"}])
def test_played_scores_are_reachable_without_an_outcome(options: dict[str, str]) -> None:
    """Soundness: a played deal's scores, written without an outcome (scores alone, or with
    sheet, points and multiplier), are never refused, and are said to be reachable."""
    for n in (3, 4):
        rules = CegoRules("default", options)
        (session,) = session_records("cego", 1, 60, 17 * n, n=n, rules=rules)
        head = {k: v for k, v in to_sheet(session).items() if k not in ("deals", "result")}
        for deal in to_sheet(session)["deals"]:
            o = deal.pop("outcome")
            if o.get("end"):
                deal["end"] = {"type": "challenge", "seat": o["declarer"]}
            res = deal["result"]
            for keep in (("scores",), ("sheet", "scores", "points", "multiplier")):
                rec = {**head, **deal, "result": {k: res[k] for k in keep if k in res}}
                report = validate_record(rec)
                assert report.valid, [str(f) for f in report.findings]
                if keep == ("scores",):
                    assert "can come from some outcome" in report.findings[-1].message


def test_scores_without_a_sheet_line_are_checked_against_the_written_points() -> None:
    """Issue 32, item 2: a Cego sheet with neither an outcome nor a ``sheet`` field has its
    scores checked against its written card points (§6.2–§6.5): Eine Leere after a Solo bid
    (M = 4) for −8/+4/+4 is V = −4, so A = −1, so P is 31–35."""
    rec = sample("score-sheet-3p-ex02")
    del rec["result"]["sheet"]

    def codes(points: list[int]) -> set[str]:
        rec["result"]["points"] = points
        return {code for code, _ in errors(rec)}

    assert codes([33, 37]) == set()
    assert "RESULT-UNREACHABLE" in codes([23, 47])        # A = −3: V = −12
    assert "RESULT-UNREACHABLE" in codes([60, 10])        # a won game
    assert "RESULT-UNREACHABLE" in codes([33, 30])        # not P and 70 − P
