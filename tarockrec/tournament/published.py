"""A cup's published list (docs/tournaments.md, "Published lists"): per entrant, per round the
Schrift and the rank points, or the Schrift and the place (with the table's size, from which
the rule set's scale gives the rank points), without the tables. It is kept as it was
published, marked unverified (``TOURN-UNVERIFIED``) like a table that writes only its totals,
ranked under the rule set, and compared with the published ranking (``standings``).

    "published": [{"entrant": "17", "rounds": [{"schrift": 40, "rank_points": 60},
                                                {"schrift": -12, "place": 3, "table_size": 4},
                                                null]}, …]
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

from . import ranking
from ..findings import Finding


def apply(rec: Mapping[str, Any], rows: Mapping[str, Any], srules: Any,
          add: Callable[[Finding], None]) -> bool:
    """Credit each entrant's published rounds to his row; False (with findings) when the list
    cannot be read as one."""
    listed = rec["published"]
    if rec.get("rounds"):
        add(Finding("TOURN-PUBLISHED", "the tournament gives its rounds both as tables and as a "
                    "published list", "/published"))
        return False
    n_rounds = max((len(e["rounds"]) for e in listed), default=0)
    for row in rows.values():
        row.rounds += [None] * n_rounds
        row.table_ranks += [None] * n_rounds
        row.round_points += [None] * n_rounds
        row.deals = None
    ok = True
    seen: set[str] = set()
    from .. import games
    found = games.get(str(rec.get("game")))
    sizes = tuple(found.table_sizes) if found is not None else ()
    for i, entry in enumerate(listed):
        row = rows.get(entry["entrant"])
        if entry["entrant"] in seen:
            add(Finding("TOURN-PUBLISHED", f"the list gives entrant {entry['entrant']} twice",
                        f"/published/{i}/entrant"))
            ok = False
            continue
        seen.add(entry["entrant"])
        if row is None:
            add(Finding("TOURN-ENTRANT", f"{entry['entrant']!r} is not in the register of "
                        "entrants", f"/published/{i}/entrant"))
            ok = False
            continue
        for r, got in enumerate(entry["rounds"]):
            if got is not None and not _credit(row, r, got, srules, f"/published/{i}/rounds/{r}",
                                               add, sizes):
                ok = False
    add(Finding("TOURN-UNVERIFIED", "the tournament is a published list: no table of it was "
                "checked", "/published", "info"))
    return ok


def _credit(row: Any, r: int, got: Mapping[str, Any], srules: Any, ptr: str,
            add: Callable[[Finding], None], sizes: tuple[int, ...] = ()) -> bool:
    points: Fraction
    size, place = got.get("table_size"), got.get("place")
    if size is not None and sizes and size not in sizes:
        add(Finding("TOURN-PUBLISHED", f"a table of {size}: the game is played at tables of "
                    f"{' or '.join(map(str, sizes))}", ptr + "/table_size"))
        return False
    if place is not None and size is not None and place > size:
        add(Finding("TOURN-PUBLISHED", f"place {place} at a table of {size}: the places there "
                    f"are 1 to {size}", ptr + "/place"))
        return False
    if "rank_points" in got:
        points = ranking.exact(got["rank_points"])
    elif "place" in got and "table_size" in got:
        scale = ranking.scale(srules.rank_points, srules.rank_points_by_round, r + 1,
                              got["table_size"])
        points = Fraction(scale[got["place"] - 1] if got["place"] <= len(scale) else 0)
    elif srules.rank_points or srules.rank_points_by_round:
        add(Finding("TOURN-PUBLISHED", "the rule set gives rank points: a published round needs "
                    "its rank points, or its place and table size", ptr))
        return False
    else:
        points = Fraction(0)
    row.rounds[r] = got["schrift"]
    row.table_ranks[r] = got.get("place")
    row.round_points[r] = points
    row.score += got["schrift"]
    row.rank_points += points
    return True
