"""Cego samples: every worked example of §8 scores as the rules document says (sheet and net
written here from rules/cego.md §8), every valid sample validates in canonical form and
round-trips through XML, every invalid sample (§9) gives exactly its ``_expect`` codes at its
``_at`` places."""
from __future__ import annotations

import glob
import json
import os
from typing import Any

import pytest

from conftest import SAMPLES
from tarockrec.codecs import jsonio, xmlio
from tarockrec.validate import validate_record

DIR = os.path.join(SAMPLES, "cego")
VALID = sorted(glob.glob(os.path.join(DIR, "valid", "*.json")))
INVALID = sorted(glob.glob(os.path.join(DIR, "invalid", "*.json")))

# §8: example -> (contract, declarer, points or None, sheet, net)
GOLDEN: dict[str, tuple[str, int, list[int] | None, list[int], list[int]]] = {
    "§8 Ex 1": ("cego", 0, [47, 23], [3, 0, 0], [6, -3, -3]),
    "§8 Ex 2": ("eine_leere", 0, [33, 37], [0, 4, 4], [-8, 4, 4]),
    "§8 Ex 3": ("solo", 1, [28, 42], [4, 0, 4], [4, -8, 4]),
    "§8 Ex 4": ("cego", 1, [40, 30], [0, 4, 0], [-4, 8, -4]),
    "§8 Ex 5a": ("pfeife", 1, [41, 29], [6, 0, 6], [6, -12, 6]),
    "§8 Ex 5b": ("pfeife", 1, [41, 29], [0, 12, 0], [-12, 24, -12]),
    "§8 Ex 6": ("zwei_verschiedene", 2, [36, 34], [0, 0, 6], [-6, -6, 12]),
    "§8 Ex 7": ("cego", 2, [0, 70], [8, 8, 0], [8, 8, -16]),
    "§8 Ex 8a": ("zwei_leere", 1, None, [0, 32, 32], [-64, 32, 32]),
    "§8 Ex 8b": ("zwei_leere", 1, None, [32, 0, 32], [32, -64, 32]),
    "§8 Ex 8c": ("zwei_leere", 1, None, [32, 64, 32], [-32, 64, -32]),
    "§8 Ex 9": ("eine", 1, [52, 18], [0, 8, 0, 0], [-8, 24, -8, -8]),
    "§8 Ex 10": ("solo", 2, [45, 25], [0, 0, 3, 0], [-3, -3, 9, -3]),
    "§8 Ex 11": ("piccolo", 2, None, [10, 10, 0, 10], [10, 10, -30, 10]),
    "§8 Ex 12": ("bettel", 2, None, [0, 0, 15, 0], [-15, -15, 45, -15]),
    "§8 Ex 13": ("raeuber", 0, [23, 17, 11, 8], [-10, 0, 0, 0], [-30, 10, 10, 10]),
    "§8 Ex 14": ("raeuber", 0, [7, 19, 19, 14], [0, -5, -5, 0], [10, -10, -10, 10]),
}


def load(path: str) -> Any:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _examples(sheets: bool = False) -> dict[str, dict[str, Any]]:
    """The full records of §8 (or their score-sheet twins: no cards, the outcome)."""
    out = {}
    for p in VALID:
        rec = load(p)
        if rec.get("_example") in GOLDEN and ("deal" not in rec) == sheets:
            out[rec["_example"]] = rec
    return out


@pytest.mark.parametrize("sheets", [False, True], ids=["cards", "sheet"])
@pytest.mark.parametrize("example", sorted(GOLDEN))
def test_worked_example(example: str, sheets: bool) -> None:
    rec = _examples(sheets).get(example)
    assert rec is not None, f"no sample for {example}"
    contract, declarer, points, sheet, net = GOLDEN[example]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None
    assert (score.facts["contract"], score.facts["declarer"]) == (contract, declarer)
    if points is not None:
        assert score.facts["points"] == points
    assert score.facts["sheet"] == sheet and score.deltas == net
    if sheets:
        assert "outcome" in rec and not {"deal", "play", "exchange", "end"} & set(rec)


def test_ex11_sample_ends_after_trick_8() -> None:
    assert len(_examples()["§8 Ex 11"]["play"]) == 8


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
    errors = [f for f in rep.findings if f.severity == "error"]
    assert sorted({f.code for f in errors}) == sorted(rec["_expect"]), [str(f) for f in errors]
    assert [f.pointer for f in errors] == rec["_at"]


def test_every_contract_at_both_table_sizes() -> None:
    seen = set()
    for p in VALID:
        rec = load(p)
        if "deals" in rec or "deal" not in rec:
            continue
        n = len(rec["players"])
        seen.add((n, rec["result"]["contract"], "end" in rec))
    ladder = ["solo", "cego", "eine", "eine_leere", "zwei_leere", "zwei_verschiedene", "pfeife"]
    for n in (3, 4):
        for c in ladder + (["piccolo", "bettel", "raeuber"] if n == 4 else []):
            assert (n, c, False) in seen, (n, c)
        assert any(s[0] == n and s[2] for s in seen), f"no challenge at {n}"


def test_every_section_9_row_has_a_sample() -> None:
    rows = {int(os.path.basename(p)[3:5]) for p in INVALID
            if os.path.basename(p).startswith("09_")}
    assert rows == set(range(1, 22))


def test_sessions_at_both_table_sizes() -> None:
    sessions = [load(p) for p in VALID if "session" in os.path.basename(p)]
    assert sorted(len(s["players"]) for s in sessions) == [3, 4]
    for s in sessions:
        assert len(s["deals"]) > 1


def test_every_sample_fits_the_xsd() -> None:
    from lxml import etree

    from tarockrec import schema
    xsd = schema.xsd()
    for path in VALID + INVALID:
        doc = etree.fromstring(xmlio.dumps(load(path)).encode())
        assert xsd.validate(doc), (path, xsd.error_log.last_error)
