"""Illustrated Tarokk samples: every worked example of §8 scores as the spec says (deltas
written here from rules/illustrated.md §8), every valid sample validates, every invalid sample
(§9) produces exactly its ``_expect`` codes."""
from __future__ import annotations

import glob
import json
import os

import pytest

from tarockrec.codecs import jsonio, xmlio
from tarockrec.validate import validate_record

from conftest import SAMPLES

DIR = os.path.join(SAMPLES, "illustrated")
VALID = sorted(glob.glob(os.path.join(DIR, "valid", "*.json")))
INVALID = sorted(glob.glob(os.path.join(DIR, "invalid", "*.json")))

# §8: example -> (per-seat deltas, P_D or None where the spec gives none, multiplier)
GOLDEN = {
    "§8 E1": ([-21, 19, -21, 23], 75, 1),
    "§8 E2": ([-4, 4, -4, 4], 52, 1),
    "§8 E3": ([-14, 42, -14, -14], 45, 1),
    "§8 E4": ([22, 22, -22, -22], 68, 1),
    "§8 E5": ([14, 14, -14, -14], 90, 1),
    "§8 E6": ([-33, -33, 33, 33], 50, 1),
    "§8 E7": ([10, 10, -10, -10, 0], 66, 2),
    "§8 E8": ([2, 2, 2, -6], None, 2),
    "§8 E9": ([-65, 65, -65, 65], 40, 1),
    "§8 E10": ([2, -4, 6, -4], 20, 1),
    "§8 E11": ([-4, 12, -4, -4], 49, 1),
}


@pytest.mark.parametrize("example", sorted(GOLDEN))
def test_worked_example_score_sheet(example: str) -> None:
    """The score-sheet twin of each worked example (no cards: the outcome the table writes)
    scores the example's deltas through the same scorer."""
    twins = [load(p) for p in VALID if os.path.basename(p).startswith("sheet-")]
    rec = next((r for r in twins if r.get("_example") == f"{example} score sheet"), None)
    assert rec is not None and "deal" not in rec and "outcome" in rec, example
    deltas, p_d, m = GOLDEN[example]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None and score.deltas == deltas
    assert score.facts["multiplier"] == m
    if p_d is not None:
        assert score.facts["points"][0] == p_d


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def examples() -> dict[str, dict]:
    out = {}
    for p in VALID:
        rec = load(p)
        if rec.get("_example") in GOLDEN:
            out[rec["_example"]] = rec
    return out


@pytest.mark.parametrize("example", sorted(GOLDEN))
def test_worked_example(example: str) -> None:
    rec = examples().get(example)
    assert rec is not None, f"no sample for {example}"
    deltas, p_d, m = GOLDEN[example]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None
    assert score.deltas == deltas
    assert score.facts["multiplier"] == m
    if p_d is not None and "_note" not in rec:
        assert score.facts["points"][0] == p_d


@pytest.mark.parametrize("path", VALID, ids=[os.path.basename(p) for p in VALID])
def test_valid_sample(path: str) -> None:
    rec = load(path)
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    with open(path, encoding="utf-8") as f:
        assert f.read() == jsonio.dumps(rec) + "\n"          # canonical form
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


@pytest.mark.parametrize("path", INVALID, ids=[os.path.basename(p) for p in INVALID])
def test_invalid_sample(path: str) -> None:
    rec = load(path)
    rep = validate_record(rec)
    assert not rep.valid
    codes = sorted({f.code for f in rep.findings if f.severity == "error"})
    assert codes == sorted(rec["_expect"]), [str(f) for f in rep.findings]


def test_every_section_9_example_has_a_sample() -> None:
    names = {os.path.basename(p)[:5] for p in INVALID}
    assert {f"09_{i:02d}" for i in range(1, 27)} <= names
