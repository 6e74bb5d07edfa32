"""Carinthian Tarock samples (tools/build_carinthian_samples.py): every worked example of §8
scores as rules/carinthian.md says (sheet entries and settlements written here from the
document), every valid sample validates in canonical form and survives JSON → XML → JSON,
every invalid sample (§9) produces exactly its ``_expect`` codes, the first at its ``_at``."""
from __future__ import annotations

import glob
import json
import os

import pytest

from tarockrec.codecs import jsonio, xmlio
from tarockrec.validate import validate_record

from conftest import SAMPLES

DIR = os.path.join(SAMPLES, "carinthian")
VALID = sorted(glob.glob(os.path.join(DIR, "valid", "*.json")))
INVALID = sorted(glob.glob(os.path.join(DIR, "invalid", "*.json")))

# §8: example -> (sheet entries, settlement, multiplier)
GOLDEN = {
    "§8 E1": ([0, 3, 0], [-3, 6, -3], 1),
    "§8 E2": ([0, 0, 6], [-6, -6, 12], 2),
    "§8 E3": ([-45, 0, 0], [-90, 45, 45], 1),
    "§8 E4": ([0, 58, 0], [-58, 116, -58], 2),
    "§8 E5": ([0, 0, -16], [16, 16, -32], 1),
    "§8 E6": ([54, 0, 0], [108, -54, -54], 1),
    "§8 E7": ([-12, 0, 0], [-24, 12, 12], 1),
    "§8 E8": ([6, 0, 0], [12, -6, -6], 2),
    "§8 E9": ([4, 0, 3], [5, -7, 2], 1),
    "§8 E10": ([0, 0, 0, 12], [-12, -12, -12, 36], 1),
    "§8 E11": ([0, 0, 0, 12], [-12, -12, -12, 36], 1),
    "§8 E11 (settle_active_only)": ([0, 0, 0, 12], [0, -12, -12, 24], 1),
    "§6.6 rule 3: every participant tied": ([0, 0, 0], [0, 0, 0], 1),
}


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def by_example() -> dict[str, dict]:
    return {rec["_example"]: rec for rec in map(load, VALID) if "_example" in rec}


@pytest.mark.parametrize("example", sorted(GOLDEN))
def test_worked_example(example: str) -> None:
    rec = by_example().get(example)
    assert rec is not None, f"no sample for {example}"
    sheet, deltas, m = GOLDEN[example]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None
    assert score.facts["sheet"] == sheet
    assert score.deltas == deltas
    assert score.facts["multiplier"] == m


def test_e12_session() -> None:
    """§8 E12: D per deal and the period bookkeeping, derived inside the session."""
    rec = by_example()["§8 E12"]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert [s.facts["multiplier"] for s in rep.scores] == [1, 2, 2, 2, 2, 2, 1]
    assert [s.facts["contract"] for s in rep.scores] == [
        "trischak", "drei", "solo", "angesehen", "vierzig", "hinunter", "drei"]
    carries = [(d["carry"]["successes"], d["carry"]["period_deals"]) for d in rec["deals"][2:6]]
    assert carries == [(1, 1), (1, 2), (1, 3), (2, 4)]
    assert not rec["deals"][6]["carry"]["period_active"]        # deal 6 ended the period


@pytest.mark.parametrize("n", [3, 4])
def test_restricted_phase_session(n: int) -> None:
    rec = load(os.path.join(DIR, "valid", f"s{n}_restricted_phase.json"))
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    flags = [d["carry"]["restricted"] for d in rec["deals"]]
    assert flags == [False] * 10 + [True, True, False]
    assert rep.scores[10] is not None and rep.scores[10].facts["contract"] == "solo"
    assert rep.scores[11] is not None and rep.scores[11].facts["contract"] == "trischak"
    # the carried state is checked inside a session
    bad = json.loads(json.dumps(rec))
    bad["deals"][10]["carry"]["restricted"] = False
    assert [f.code for f in validate_record(bad).findings] == ["SESSION-CARRY"]


def test_every_contract_at_both_sizes() -> None:
    names = {os.path.basename(p)[:-5] for p in VALID}
    for n in (3, 4):
        for kind in ("angesehen", "angesehen_zahle", "hinunter", "drei", "vier", "vierzig",
                     "vierzig_fuenfzig", "solo", "trischak_stichzwang", "trischak_nachlassen"):
            assert f"c{n}_{kind}" in names
    assert "c4_trischak_early_end" in names


@pytest.mark.parametrize("path", VALID, ids=[os.path.basename(p) for p in VALID])
def test_valid_sample(path: str) -> None:
    rec = load(path)
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    with open(path, encoding="utf-8") as f:
        assert f.read() == jsonio.dumps(rec)                 # canonical form (as convert writes)
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


@pytest.mark.parametrize("path", INVALID, ids=[os.path.basename(p) for p in INVALID])
def test_invalid_sample(path: str) -> None:
    rec = load(path)
    rep = validate_record(rec)
    assert not rep.valid
    errors = [f for f in rep.findings if f.severity == "error"]
    assert sorted({f.code for f in errors}) == sorted(rec["_expect"]), [str(f) for f in errors]
    assert rec["_at"] in [f.pointer for f in errors]


def test_every_section_9_row_has_a_sample() -> None:
    rows = {int(os.path.basename(p)[1:3]) for p in INVALID}
    assert set(range(1, 22)) <= rows


def test_samples_are_xsd_valid() -> None:
    from lxml import etree

    from tarockrec import schema
    xsd = schema.xsd()
    for path in VALID + INVALID:
        doc = etree.fromstring(xmlio.dumps(load(path)).encode())
        assert xsd.validate(doc), (path, xsd.error_log.last_error)


TWIN = ", as the score sheet (outcome) the table writes"


@pytest.mark.parametrize("example", sorted(GOLDEN))
def test_worked_example_score_sheet_twin(example: str) -> None:
    """The score-sheet twin of a worked example (no cards: the calls and the outcome) scores
    the same sheet entries, settlement and multiplier as the document."""
    rec = by_example().get(example + TWIN)
    assert rec is not None, f"no score-sheet twin for {example}"
    assert "deal" not in rec and "play" not in rec and "outcome" in rec
    sheet, deltas, m = GOLDEN[example]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None
    assert (score.facts["sheet"], score.deltas, score.facts["multiplier"]) == (sheet, deltas, m)


def test_worked_session_score_sheet_twin() -> None:
    """§8 E12 as score sheets: the same deals' scores and totals, and the carried period state
    each deal writes is the one the sheets' outcomes give (§6.8, an announced Valat counting
    as a success with 52 card points)."""
    full, twin = by_example()["§8 E12"], by_example()["§8 E12" + TWIN]
    a, b = validate_record(full), validate_record(twin)
    assert a.valid and b.valid, [str(f) for f in b.findings if f.severity == "error"]
    assert [s.deltas for s in a.scores if s] == [s.deltas for s in b.scores if s]
    assert a.totals == b.totals
    assert [d["carry"] for d in full["deals"]] == [d["carry"] for d in twin["deals"]]
