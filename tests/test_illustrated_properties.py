"""Illustrated Tarokk properties over generated deals (4 and 5 players): valid, zero-sum,
94 card points, the sitting-out dealer scores 0, JSON→XML→JSON identical, one mutated card or
call caught; and the CLI (generate → validate)."""
from __future__ import annotations

import copy
import random

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.codecs import jsonio, xmlio
from tarockrec.generate import deal_records
from tarockrec.validate import validate_record

N = 2000


@pytest.fixture(scope="module", params=[4, 5])
def table(request: pytest.FixtureRequest) -> tuple[int, list[dict]]:
    n = request.param
    return n, list(deal_records("illustrated", N, 4004 + n, n))


def test_valid_zero_sum_points_dealer(table: tuple[int, list[dict]]) -> None:
    n, records = table
    played = 0
    for rec in records:
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        score = rep.scores[0]
        assert score is not None and sum(score.deltas) == 0
        assert score.deltas == rec["result"]["scores"]
        if n == 5:
            assert score.deltas[rec["dealer"]] == 0
            assert rec["deal"]["hands"][rec["dealer"]] == []
        if "points" in score.facts:
            assert sum(score.facts["points"]) == 94
            assert len(rec["play"]) == 9 and all(len(t) == 4 for t in rec["play"])
            played += 1
    assert played > N // 2


def test_xml_round_trip(table: tuple[int, list[dict]]) -> None:
    _, records = table
    for rec in records[:400]:
        text = jsonio.dumps(rec)
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == text


def test_one_mutation_caught(table: tuple[int, list[dict]]) -> None:
    n, records = table
    rng = random.Random(n)
    tried = 0
    for rec in records[:300]:
        if "play" not in rec:
            continue
        bad = copy.deepcopy(rec)
        t = rng.randrange(9)
        j = rng.randrange(1, 4)
        # swap two cards of different seats inside one trick: the leader plays a card he lacks
        bad["play"][t][0], bad["play"][t][j] = bad["play"][t][j], bad["play"][t][0]
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == ("IT-NOT-IN-HAND", f"/play/{t}/0"), str(first)
        # a changed call: the first call becomes a hold, which only a bidder may make
        bad = copy.deepcopy(rec)
        bad["auction"][0]["call"] = "hold"
        hand = rec["deal"]["hands"][rec["auction"][0]["seat"]]
        want = "IT-HOLD" if {"T1", "T21", "T22"} & set(hand) else "IT-NO-HONOUR"
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == (want, "/auction/0"), str(first)
        tried += 1
    assert tried > 100


def test_mutated_score_caught(table: tuple[int, list[dict]]) -> None:
    n, records = table
    rec = next(r for r in records if "play" in r)
    bad = copy.deepcopy(rec)
    bad["result"]["scores"][rec["dealer"]] += 1
    bad["result"]["scores"][(rec["dealer"] + 1) % n] -= 1
    codes = {f.code for f in validate_record(bad).findings}
    assert "RESULT-SCORES" in codes


def test_cli_generate_then_validate(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    out = tmp_path / "it5.jsonl"
    res = runner.invoke(main, ["generate", "illustrated", "-n", "5", "--seed", "1",
                               "--players", "5", "-o", str(out)])
    assert res.exit_code == 0, res.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    res = runner.invoke(main, ["validate", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["generate", "illustrated", "-n", "2", "--players", "3"])
    assert res.exit_code == 2 and "played by 4 or 5 players" in res.output
