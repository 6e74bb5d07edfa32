"""Königrufen score sheets (issue 22): the outcome block, its checks, the reachable scores of a
sheet without one, and the tournament score beside the money (``kontra_in_score = off``).

The sheet property itself (every generated deal and its sheet score alike) is
tests/test_sheets.py; the invalid sheet samples (s01–s27) are checked with the others by
tests/test_koenigrufen_invalid.py."""
from __future__ import annotations

import copy
import random
import time
from pathlib import Path
from typing import Any

import pytest

from tarockrec import games
from tarockrec.codecs import jsonio
from tarockrec.generate import session_records
from tarockrec.tournament.sheet import to_sheet
from tarockrec.scoretable import command as table_command
from tarockrec.validate import validate_record

G = games.get("koenigrufen")
assert G is not None
VALID = Path(__file__).resolve().parents[1] / "samples" / "koenigrufen" / "valid"
TWINS = sorted(VALID.glob("sheet-ex*.json")) + sorted(VALID.glob("sheet-session-*.json"))


def _load(path: Path) -> dict[str, Any]:
    return jsonio.loads(path.read_text(encoding="utf-8"))


def _codes(rec: dict[str, Any]) -> set[str]:
    return {f.code for f in validate_record(rec).findings if f.severity == "error"}


def test_every_worked_example_has_a_sheet_twin() -> None:
    examples = {p.stem for p in VALID.glob("ex*.json")} | {"session-ex15-doubling-periods"}
    assert {p.stem.removeprefix("sheet-") for p in TWINS} == examples


@pytest.mark.parametrize("path", TWINS, ids=[p.stem for p in TWINS])
def test_a_sheet_twin_scores_as_its_worked_example(path: Path) -> None:
    sheet = _load(path)
    full = _load(VALID / (path.stem.removeprefix("sheet-") + ".json"))
    got, want = validate_record(sheet), validate_record(full)
    assert got.valid, [str(f) for f in got.findings]
    assert [s.deltas if s else None for s in got.scores] == \
        [s.deltas if s else None for s in want.scores]
    for deal in sheet.get("deals", [sheet]):
        assert "outcome" in deal and "play" not in deal and "deal" not in deal


def _rufer_sheet(scores: list[int]) -> dict[str, Any]:
    sheet = _load(VALID / "sheet-rufer.json")
    sheet["result"]["scores"] = scores
    return sheet


def test_the_rufer_five_is_refused() -> None:
    """The issue's reproducer: no outcome of a Rufer gives 5 (every item a multiple of 10)."""
    assert "RESULT-UNREACHABLE" in _codes(_rufer_sheet([5, -5, 5, -5]))
    # the same seats, a reachable amount: accepted (contract ×4 + pagat + trull + capture)
    assert not _codes(_rufer_sheet([70, -70, 70, -70]))
    # three against one with the partner written: 2 v 2 only
    assert "RESULT-UNREACHABLE" in _codes(_rufer_sheet([30, -10, -10, -10]))


def _stripped(deal: dict[str, Any]) -> dict[str, Any]:
    """The sheet of a deal without its outcome: calls and scores only."""
    out = {k: v for k, v in deal.items() if k != "outcome"}
    out["result"] = {"scores": list(deal["result"]["scores"])}
    return out


@pytest.mark.parametrize("rs", ["default", "ooe_2023", "tarockcup_austria", "oe_finale_2021"])
def test_every_played_score_is_reachable(rs: str) -> None:
    """Soundness of ``reachable``: the scores of generated deals, written without an outcome,
    are never refused; an odd amount (no tariff has one in a Rufer) is; a sheet takes
    milliseconds."""
    rules = G.rules({"name": rs}) if rs != "default" else G.Rules()
    checked = 0
    slowest = 0.0
    for session in session_records("koenigrufen", 10, 12, 99, n=4, rules=rules):
        sheet = to_sheet(session)
        for i, deal in enumerate(sheet["deals"]):
            bare = {k: v for k, v in sheet.items() if k not in ("deals", "result")}
            bare.update(_stripped(deal))
            t0 = time.perf_counter()
            codes = _codes(bare)
            slowest = max(slowest, time.perf_counter() - t0)
            assert "RESULT-UNREACHABLE" not in codes, (deal["outcome"], deal["result"])
            checked += 1
    assert checked >= 100
    assert slowest < 0.5


def test_an_unreachable_trischaken_and_misere() -> None:
    sheet = _load(VALID / "sheet-ex07a-trischaken.json")
    sheet.pop("outcome")
    sheet["result"] = {"scores": [-20, 10, 10, 0]}
    assert "RESULT-UNREACHABLE" in _codes(sheet)
    sheet["result"] = {"scores": [-60, 20, 20, 20]}      # forehand has the most points
    assert not _codes(sheet)
    pic = _load(VALID / "sheet-ex06-piccolo-rekontra-doubling-period.json")
    pic.pop("outcome")
    pic["result"] = {"scores": [240, -80, -80, -80]}     # 20 × rekontra × period
    assert not _codes(pic)
    pic["result"] = {"scores": [180, -60, -60, -60]}
    assert "RESULT-UNREACHABLE" in _codes(pic)


def _ooe(rec: dict[str, Any]) -> dict[str, Any]:
    rec["rules"] = {"name": "ooe_2023"}
    return rec


def test_trischaken_thirds_are_needed_where_the_rules_compare_them() -> None:
    rules = G.rules({"name": "ooe_2023"})
    for session in session_records("koenigrufen", 40, 12, 7, n=4, rules=rules):
        for deal in to_sheet(session)["deals"]:
            out = deal["outcome"]
            if out.get("contract") != "trischaken":
                continue
            assert "thirds" in out
            found, score = G.score_outcome({k: v for k, v in out.items() if k != "thirds"},
                                           rules, 4, deal["dealer"], deal.get("carry", {}))
            assert score is None and [f.code for f in found] == ["OUTCOME-POINTS"]
            th = list(out["thirds"])
            give = max(range(4), key=th.__getitem__)
            th[give] -= 3                     # a card point moved: the points no longer fit
            th[(give + 1) % 4] += 3
            found, _ = G.score_outcome(dict(out, thirds=th), rules, 4, deal["dealer"],
                                       deal.get("carry", {}))
            assert [f.code for f in found] == ["OUTCOME-CONFLICT"]
            return
    pytest.fail("no Trischaken generated")


def test_money_beside_the_tournament_score() -> None:
    """Issue 22 item 4: under ooe_2023 and the Tarockcup a kontra counts for the money only;
    the score is the Schrift, ``Score.money`` the Geld; the seed counts kontras in the
    score and has no second figure."""
    rec = _load(VALID / "cup-bettel-individual-kontra.json")
    score = validate_record(rec).scores[0]
    assert score is not None
    assert score.deltas == [-2, 6, -2, -2]
    assert score.money == [-2, 14, -8, -4]
    on = copy.deepcopy(rec)
    on["rules"] = {**rec["rules"], "options": {**rec["rules"].get("options", {}),
                                               "kontra_in_score": "on"}}
    on.pop("result", None)
    on_score = validate_record(on).scores[0]
    assert on_score is not None and on_score.deltas == score.money and on_score.money is None
    # its sheet scores the same two figures from the written outcome
    sheet_score = validate_record(to_sheet(rec)).scores[0]
    assert sheet_score is not None and sheet_score.money == score.money


def test_money_is_a_column_of_the_score_table(tmp_path: Path) -> None:
    import io
    out, err = io.StringIO(), io.StringIO()
    table_command([str(VALID / "cup-bettel-individual-kontra.json")], "csv", out, err)
    head, *rows = out.getvalue().splitlines()
    assert head.split(",")[-2:] == ["total", "money"]
    assert [r.split(",")[-1] for r in rows] == ["-2", "14", "-8", "-4"]
    out = io.StringIO()
    table_command([str(VALID / "ex01-rufer-kontra-rekontra.json")], "csv", out, err)
    assert out.getvalue().splitlines()[0].split(",")[-1] == "total"


def test_a_sheets_money_under_ooe_matches_its_deals() -> None:
    rules = G.rules({"name": "ooe_2023"})
    seen = 0
    for session in session_records("koenigrufen", 20, 12, 3, n=4, rules=rules):
        full = validate_record(session)
        sheet = validate_record(to_sheet(session))
        assert [s.money if s else None for s in sheet.scores] == \
            [s.money if s else None for s in full.scores]
        seen += sum(1 for s in full.scores if s is not None and s.money is not None)
    assert seen > 0


def test_the_sheet_scorer_is_the_played_scorer() -> None:
    """One scorer: a played deal's score is ``score_facts`` over its facts, and the outcome
    read back gives the very same facts."""
    from tarockrec.games.koenigrufen.engine import of_engine, tariff
    from tarockrec.games.koenigrufen.outcome import parse
    rng = random.Random(5)
    for rs in ("default", "ooe_2023"):
        rules = G.rules({"name": rs}) if rs != "default" else G.Rules()
        t = tariff(rules)
        for _ in range(150):
            e = G.random_deal(rng, 4, rng.randrange(4), rules, {"doubling": rng.randrange(3)})
            while not e.is_over:
                e.apply(G.choose(e, rng))
            facts = of_engine(e)
            found, back = parse(G.outcome(e), rules, t.contracts, t.birds,
                                {"doubling": e.doubling})
            assert not found and back == facts


def test_a_game_without_an_outcome_scorer_says_so() -> None:
    """The frame's default (``Game.score_outcome``), which Königrufen no longer uses: a game
    that cannot score a written outcome refuses it with OUTCOME-UNSUPPORTED, never silently."""
    from tarockrec.games import Game
    found, score = Game.score_outcome(G, {"contract": "rufer"}, G.Rules(), 4, 0, {})
    assert score is None and [f.code for f in found] == ["OUTCOME-UNSUPPORTED"]


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("rs", ["default", "ooe_2023"])
def test_a_result_with_only_the_scores_is_checked_against_the_outcome(rs: str, n: int) -> None:
    """Issue 32, item 2: the result's fields are optional (docs/notation.md). A sheet whose
    outcome names the partner and whose result writes only the scores is accepted (it was
    refused with RESULT-SCORES: the sides were taken from the result alone); the same scores
    moved to the wrong side are refused."""
    rules = G.rules({"name": rs})
    partnered = 0
    for session in session_records("koenigrufen", 2, 12, 5, n=n, rules=rules):
        sheet = to_sheet(session)
        for deal in sheet["deals"]:
            deal["result"] = {"scores": deal["result"]["scores"]}
        assert not _codes(sheet)
        for i, deal in enumerate(sheet["deals"]):
            p, d = deal["outcome"].get("partner"), deal["outcome"].get("declarer")
            scores = deal["result"]["scores"]
            if not isinstance(p, int) or scores[p] == 0:
                continue
            partnered += 1
            # the partner's score swapped with a defender's: the outcome's sides differ
            other = next(s for s in range(n) if s not in (p, d) and scores[s] != scores[p]
                         and scores[s] != 0)
            bad = copy.deepcopy(sheet)
            row = bad["deals"][i]["result"]["scores"]
            row[p], row[other] = row[other], row[p]
            assert "RESULT-SCORES" in _codes(bad)
    assert partnered


def test_a_rufer_sheet_without_outcome_or_partner_is_not_refused_for_its_sides() -> None:
    """Without an outcome the partner may be any seat: a Rufer's 2 v 2 scores with no partner
    written are not refused (RESULT-SCORES assumed the declarer alone)."""
    sheet = _load(VALID / "sheet-ex01-rufer-kontra-rekontra.json")
    sheet.pop("outcome")
    sheet["result"] = {"scores": [70, -70, 70, -70]}
    assert not _codes(sheet)
    sheet["result"] = {"scores": [70, 70, -70, -70]}
    assert not _codes(sheet)
    sheet["result"] = {"scores": [70, -70, -50, 50]}           # no side pays alike
    assert "RESULT-SCORES" in _codes(sheet)


def _stopped_early(rules: Any, n: int, seed: int) -> dict[str, Any] | None:
    """A deal under ``rules`` whose record ends as soon as the play may stop (a negative
    contract decided, G32), or None if the deal never may."""
    from tarockrec.generate import record_of
    rng = random.Random(seed)
    carry = G.initial_carry(rules, n)
    e = G.random_deal(rng, n, 0, rules, carry)
    while not e.is_over:
        if e.phase == "play" and e.expected_next() is None:
            return record_of(G, e, rules, n, 0, carry)
        e.apply(G.choose(e, rng))
    return None


@pytest.mark.parametrize("n", [4, 5])
def test_a_misere_stopped_early_converts_to_a_valid_sheet(n: int) -> None:
    """Issue 32, item 2: a Bettel or Piccolo stopped once lost (``allow_early_stop_misere =
    on``) converts to a sheet that validates: the sheet writes the tricks played (it was
    refused: "tricks must add up to 12"). A full count is still needed otherwise."""
    rules = G.rules({"name": "default", "options": {"allow_early_stop_misere": "on"}})
    stopped = [rec for seed in range(400) if (rec := _stopped_early(rules, n, seed))]
    assert len(stopped) >= 3
    for rec in stopped[:5]:
        full = validate_record(rec)
        assert full.valid, [str(f) for f in full.findings]
        sheet = to_sheet(rec)
        assert sum(sheet["outcome"]["tricks"]) < 12
        got = validate_record(sheet)
        assert got.valid, [str(f) for f in got.findings]
        assert got.scores[0] is not None and full.scores[0] is not None
        assert got.scores[0].deltas == full.scores[0].deltas
        # without the option the short count is refused
        assert "OUTCOME-POINTS" in _codes({**sheet, "rules": {"name": "default"}})
        # and a short count is no decided misère when the declarer's tricks do not lose it
        out = sheet["outcome"]
        d = out["declarer"]
        short = copy.deepcopy(sheet)
        short["outcome"]["tricks"][d] = 0
        assert "OUTCOME-POINTS" in _codes(short)
