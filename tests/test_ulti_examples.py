"""Ulti golden scores (rules/ulti.md §9) and the illegal records of §10 (samples/ulti)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarockrec.games.ulti.scoring import sheet_entries
from tarockrec.validate import validate_record

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "ulti"

# file stem: (soloist, contract, sheet [e0, e1, e2], settlement, points [S, D] or None)
EXAMPLES = {
    "u01_spades_simple": (0, "spades_simple", [1, 0, 0], [2, -1, -1], [80, 50]),
    "u02_hearts_simple_ulti_redoubled": (1, "hearts_simple_ulti", [0, 34, 0], [-34, 68, -34],
                                         [90, 60]),
    "u03_clubs_simple_ulti_captured_seven": (2, "clubs_simple_ulti", [0, 0, -10], [10, 10, -20],
                                             [40, 70]),
    "u04_betli_doubled_early_end": (0, "betli", [-10, 0, 0], [-20, 10, 10], None),
    "u05_hearts_hundred_40_silent_seven": (1, "hearts_hundred_40", [0, -4, 0], [4, -8, 4],
                                           [90, 80]),
    "u06_clubs_durch_hundred_20": (0, "clubs_durch_hundred_20", [42, 0, 0], [84, -42, -42],
                                   [110, 0]),
    "u07_spades_simple_unbid_durch": (2, "spades_simple", [0, 0, 6], [-6, -6, 12], [110, 0]),
    "u08_diamonds_simple_defenders_seven": (0, "diamonds_simple", [1, -2, -2], [6, -3, -3],
                                            [60, 30]),
    "u09_hearts_simple_conceded": (1, "hearts_simple", [0, -2, 0], [2, -4, 2], None),
    "u10_durch_nt_double_surdoubled": (1, "durch_nt_double", [0, 96, 0], [-96, 192, -96], None),
    "u11_spades_hundred_20_defenders_100": (0, "spades_hundred_20", [-4, 1, 1], [-10, 5, 5],
                                            [50, 100]),
}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("twin", ["", "sheet_"], ids=["cards", "sheet"])
@pytest.mark.parametrize("stem", sorted(EXAMPLES))
def test_worked_example(stem: str, twin: str) -> None:
    """Each worked example as played, and as its score-sheet twin (no cards, no play: the
    outcome the table writes), scored by the same scorer to the same figures."""
    soloist, contract, sheet, settlement, points = EXAMPLES[stem]
    rec = _load(SAMPLES / "valid" / f"{twin}{stem}.json")
    assert rec["_example"].startswith("§9 U")
    assert ("deal" in rec) == (twin == "") and ("outcome" in rec) == (twin != "")
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None
    assert score.facts["declarer"] == soloist
    assert score.facts["contract"] == contract
    assert sheet_entries(score, soloist) == sheet
    assert score.deltas == settlement
    assert settlement == [3 * e - sum(sheet) for e in sheet]      # §7.7
    if points is not None:
        assert score.facts["points"] == points


def test_u3_last_trick_and_u8_last_trick() -> None:
    u3 = _load(SAMPLES / "valid" / "u03_clubs_simple_ulti_captured_seven.json")
    assert u3["play"][9] == ["C9", "C7", "SJ"]
    u7 = _load(SAMPLES / "valid" / "u07_spades_simple_unbid_durch.json")
    assert u7["play"][9] == ["SA", "D8", "C9"]
    u8 = _load(SAMPLES / "valid" / "u08_diamonds_simple_defenders_seven.json")
    assert u8["play"][9] == ["D7", "D8", "HJ"]
    u4 = _load(SAMPLES / "valid" / "u04_betli_doubled_early_end.json")
    assert len(u4["play"]) == 3


@pytest.mark.parametrize("path", sorted((SAMPLES / "valid").glob("*.json")), ids=lambda p: p.stem)
def test_valid_samples(path: Path) -> None:
    rep = validate_record(_load(path))
    assert rep.valid, [str(f) for f in rep.findings]


@pytest.mark.parametrize("path", sorted((SAMPLES / "invalid").glob("*.json")),
                         ids=lambda p: p.stem)
def test_invalid_samples(path: Path) -> None:
    rec = _load(path)
    rep = validate_record(rec)
    codes = [f.code for f in rep.findings if f.severity == "error"]
    assert codes == rec["_expect"], [str(f) for f in rep.findings]
    assert all(f.pointer for f in rep.findings)


def test_every_section_10_item_has_a_sample() -> None:
    names = " ".join(p.stem for p in (SAMPLES / "invalid").glob("*.json"))
    for n in range(1, 17):
        assert f"i{n:02d}" in names, n
