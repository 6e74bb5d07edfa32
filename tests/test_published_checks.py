"""Published lists and departures that cannot be (issue 39, part 2, item 11): a place past the
table's size, a table size the game has no table of, a departure written twice. Before, each
was accepted (the first two silently given 0 rank points)."""
from __future__ import annotations

from typing import Any

import pytest

from tarockrec.validate import validate_record

from test_ranking_schemes import _played, _published


def _codes(rec: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]


@pytest.mark.parametrize("place,size,where,said", [
    (9, 4, "place", "place 9 at a table of 4"),
    (1, 1000, "table_size", "a table of 1000"),
    (1, 3, "table_size", "a table of 3")])        # Königrufen: tables of 4 or 5
def test_a_published_place_or_table_size_that_cannot_be(place: int, size: int, where: str,
                                                        said: str) -> None:
    rec = _published([])
    rec["published"][0]["rounds"][0] = {"schrift": 50, "place": place, "table_size": size}
    rep = validate_record(rec)
    found = [f for f in rep.findings if f.code == "TOURN-PUBLISHED"]
    assert [f.pointer for f in found] == [f"/published/0/rounds/0/{where}"]
    assert said in found[0].message and rep.standings is None


def test_a_departure_written_twice_is_refused() -> None:
    rec = _played()
    table = rec["rounds"][0]["tables"][0]
    table["substitutes"] = [{"seat": 2, "entrant": "9", "from_deal": 9}]
    table["left"] = [{"seat": 2, "after_deal": 8}]
    assert validate_record(rec).standings is not None          # once: as before
    table["left"].append({"seat": 2, "after_deal": 8})
    assert ("TOURN-SUBSTITUTE", "/rounds/0/tables/0/left/1") in _codes(rec)
