"""Ulti properties over generated deals: valid, zero-sum, points consistent, XML round trip,
one mutated card or bid caught; and the CLI (generate → validate)."""
from __future__ import annotations

import copy
import json
import random

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.codecs import jsonio, xmlio
from tarockrec.games.ulti.contracts import COUNTERS, PACK, parse_contract
from tarockrec.generate import deal_records
from tarockrec.validate import validate_record

N = 2000


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(deal_records("ulti", N, 20260101))


def test_all_valid_zero_sum_points(records: list[dict]) -> None:
    for rec in records:
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        score = rep.scores[0]
        assert score is not None and sum(score.deltas) == 0
        assert score.deltas == rec["result"]["scores"]
        c = parse_contract(rec["result"]["contract"])
        d, s = [x for x in range(3) if x != score.facts["declarer"]], score.facts["declarer"]
        assert score.deltas[d[0]] == score.deltas[d[1]]          # both defenders alike
        if "points" in score.facts and len(rec.get("play", [])) == 10:
            assert not c.no_trump
            talon = PACK.mask(next(a["discard"] for a in reversed(rec["auction"])
                                   if a["call"] == "bid"))
            marriages = sum(40 if item[-1] == c.trump else 20
                            for t in rec.get("declarations", []) for item in t["say"]
                            if item.startswith("marriage:"))
            assert sum(score.facts["points"]) == 90 - 10 * (talon & COUNTERS).bit_count() \
                + marriages
            assert s is not None


def test_xml_round_trip(records: list[dict]) -> None:
    for rec in records[:600]:
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


#: what a changed card or winning bid may break: the card rules, the auction, the sheet
EXPECTED_MUTATION_CODES = {
    "UL-NOT-IN-HAND", "UL-LEAD", "UL-FOLLOW", "UL-HEAD", "UL-RUFF", "UL-OVERTRUMP", "UL-ULTI-SEVEN",
    "UL-BID-LOW", "UL-SUIT-BINDS", "UL-BID-HAND", "UL-MARRIAGE-NT", "UL-MARRIAGE-CARDS",
    "UL-DOUBLE-TARGET", "UL-DOUBLE-TRICK", "UL-CONCEDE", "UL-TRICKS-MISSING", "UL-TRICKS-EXTRA",
    "UL-DECL-TIMING", "UL-MARRIAGE-HUNDRED", "UL-SUIT-MISSING", "UL-CONTRACT-ILLEGAL",
    "RESULT-CONTRACT", "RESULT-SCORES", "RESULT-POINTS", "RESULT-TRICKS", "RESULT-MULTIPLIER",
}


def test_one_mutated_card_or_bid_is_caught(records: list[dict]) -> None:
    rng = random.Random(5)
    for rec in records[:400]:
        bad = copy.deepcopy(rec)
        if "play" in bad and rng.random() < 0.6:
            t = rng.randrange(len(bad["play"]))
            j = rng.randrange(3)
            old = bad["play"][t][j]
            bad["play"][t][j] = rng.choice([c for c in PACK.codes if c != old])
        else:
            # the winning bid: a different contract is either illegal in the auction or
            # contradicts the recorded result (an earlier bid may change legally)
            a = [a for a in bad["auction"] if a["call"] == "bid"][-1]
            a["contract"] = rng.choice([c for c in ("spades_simple", "hearts_hundred_40_ulti",
                                                    "betli", "durch_nt_ouvert")
                                        if c != a["contract"]])
        codes = {f.code for f in validate_record(bad).findings}
        assert codes and codes <= EXPECTED_MUTATION_CODES, (codes, jsonio.dumps(bad, compact=True))


def test_cli_generate_then_validate(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    out = tmp_path / "ulti.jsonl"
    res = runner.invoke(main, ["generate", "ulti", "-n", "5", "--seed", "1", "-o", str(out)])
    assert res.exit_code == 0, res.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and all(json.loads(x)["game"] == "ulti" for x in lines)
    res = runner.invoke(main, ["validate", str(out)])
    assert res.exit_code == 0, res.output
    bad = json.loads(lines[0])
    bad["auction"][0]["contract"] = "clubs_durch"
    p = tmp_path / "bad.json"
    p.write_text(jsonio.dumps(bad), encoding="utf-8")
    res = runner.invoke(main, ["validate", str(p)])
    assert res.exit_code == 1 and "UL-CONTRACT-ILLEGAL" in res.output
