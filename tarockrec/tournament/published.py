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
                                               add):
                ok = False
    add(Finding("TOURN-UNVERIFIED", "the tournament is a published list: no table of it was "
                "checked", "/published", "info"))
    return ok


def _credit(row: Any, r: int, got: Mapping[str, Any], srules: Any, ptr: str,
            add: Callable[[Finding], None]) -> bool:
    points: Fraction
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
