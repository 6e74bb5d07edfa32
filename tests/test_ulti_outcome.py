"""Ulti score sheets (games/ulti/outcome.py): an outcome no play gives is refused (issue 32,
item 1) — trick 10 against the soloist's tricks and the last-trick items (§7.2, §7.3), the
points against the tricks, the aces and tens and the marriages (§1.4, §5.2, §7.1), an early
end only where §6.6 lets play stop. Each case on a worked example's sheet twin (rules/ulti.md
§9) without its written result."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import SAMPLES
from tarockrec.validate import validate_record


def _sheet(stem: str) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((Path(SAMPLES) / "ulti" / "valid" / f"sheet_{stem}.json")
                                     .read_text(encoding="utf-8"))
    rec.pop("result", None)
    return rec


def _seven(seat: int, made: bool, side: str) -> dict[str, Any]:
    return {"item": "silent_seven", "announced": False, "made": made, "side": side, "seat": seat}


# (example, change of its outcome, the first error's code and place; None: valid)
CASES: list[tuple[str, dict[str, Any], tuple[str, str] | None]] = [
    # an Ulti made by a soloist who won no trick: he won trick 10
    ("u02_hearts_simple_ulti_redoubled", {"tricks": [4, 0, 6]},
     ("OUTCOME-CONFLICT", "/outcome/items")),
    ("u02_hearts_simple_ulti_redoubled", {"tricks": [5, 1, 4]}, None),
    # his 7 captured in trick 10, yet he won every trick
    ("u03_clubs_simple_ulti_captured_seven", {"tricks": [0, 0, 10], "points": [110, 0],
                                              "won": True},
     ("OUTCOME-CONFLICT", "/outcome/items")),
    # a defender won trick 10 with the 7 of trumps but no trick
    ("u08_diamonds_simple_defenders_seven", {"items": [_seven(1, True, "opponents")],
                                             "tricks": [3, 0, 7]},
     ("OUTCOME-CONFLICT", "/outcome/items")),
    ("u08_diamonds_simple_defenders_seven", {"items": [_seven(1, True, "opponents")],
                                             "tricks": [3, 1, 6]}, None),
    # fewer than the 60 points of the six aces and tens at least in play, and trick 10
    ("u01_spades_simple", {"points": [30, 30], "won": False},
     ("OUTCOME-POINTS", "/outcome/points")),
    ("u01_spades_simple", {"points": [150, 50]}, ("OUTCOME-POINTS", "/outcome/points")),
    ("u01_spades_simple", {"points": [80, 60]}, None),
    # one trick holds three aces and tens at most
    ("u05_hearts_hundred_40_silent_seven", {"tricks": [4, 1, 5], "points": [100, 80],
                                            "won": True},
     ("OUTCOME-POINTS", "/outcome/points")),
    ("u05_hearts_hundred_40_silent_seven", {"tricks": [4, 1, 5], "points": [80, 80]}, None),
    # a Betli stops early only once the soloist has won a trick, an NT Durch once he has lost
    # one: at that trick or after it, as the engine lets a record stop (§6.6)
    ("u04_betli_doubled_early_end", {"tricks": [0, 2, 1]}, ("OUTCOME-POINTS", "/outcome/tricks")),
    ("u04_betli_doubled_early_end", {"tricks": [2, 1, 1]}, None),
    ("u10_durch_nt_double_surdoubled", {"tricks": [0, 6, 0], "won": False},
     ("OUTCOME-POINTS", "/outcome/tricks")),
    ("u10_durch_nt_double_surdoubled", {"tricks": [1, 6, 1], "won": False}, None),
    ("u10_durch_nt_double_surdoubled", {"tricks": [1, 6, 0], "won": False}, None),
]


@pytest.mark.parametrize("stem,change,want", CASES,
                         ids=[f"{c[0][:3]}-{i}" for i, c in enumerate(CASES)])
def test_an_outcome_no_play_gives_is_refused(stem: str, change: dict[str, Any],
                                             want: tuple[str, str] | None) -> None:
    rec = _sheet(stem)
    rec["outcome"].update(change)
    errors = [f for f in validate_record(rec).findings if f.severity == "error"]
    if want is None:
        assert not errors, [str(f) for f in errors]
    else:
        assert errors and (errors[0].code, errors[0].pointer) == want, [str(f) for f in errors]
