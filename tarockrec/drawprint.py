"""What ``tarockrec draw --format`` prints of a drawn round (docs/tournaments.md, *The draw*):
the tables with their seats, an alphabetical list of who sits where (what entrants look for on
the wall); its HTML page, with one printable table card per table (the round, the seats and an
empty sheet for the deals), is ``site.draw``'s."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

#: rows of the empty score sheet on a table card where the rule set sets no deal limit
CARD_ROWS = 16


@dataclass(frozen=True)
class Seat:
    table: str
    seat: int           # from 1
    entrant: str
    name: str
    club: str


def seats_of(rec: Mapping[str, Any], round_no: int) -> list[list[Seat]]:
    """Round ``round_no``'s tables (from 1) as seats with the entrants' names."""
    register = {e["id"]: e for e in rec["entrants"]}
    rnd = rec["rounds"][round_no - 1]
    out = []
    for t, table in enumerate(rnd["tables"]):
        name = str(table.get("table", t + 1))
        out.append([Seat(name, s + 1, eid, register.get(eid, {}).get("name", eid),
                         register.get(eid, {}).get("club", "")) for s, eid in
                    enumerate(table["seats"])])
    return out


def by_name(tables: list[list[Seat]]) -> list[Seat]:
    """Every seat, alphabetically by name (then id)."""
    return sorted((s for t in tables for s in t), key=lambda s: (s.name.casefold(), s.entrant))


def text(rec: Mapping[str, Any], round_no: int) -> str:
    tables = seats_of(rec, round_no)
    lines = [f"{title(rec)}: round {round_no}", ""]
    for t in tables:
        lines.append(f"Table {t[0].table}")
        lines += [f"  seat {s.seat}  {s.name} ({s.entrant})" for s in t]
    lines += ["", "Who sits where"]
    lines += [f"  {s.name} ({s.entrant}): table {s.table}, seat {s.seat}" for s in by_name(tables)]
    absent = absent_names(rec, round_no)
    if absent:
        lines += ["", "Absent: " + ", ".join(absent)]
    return "\n".join(lines) + "\n"


def csv_text(rec: Mapping[str, Any], round_no: int) -> str:
    """The seating as CSV, through the one cell writer (``cells``: no name runs as a
    formula; docs/safety.md)."""
    from .cells import csv_table
    return csv_table(["round", "table", "seat", "entrant", "name", "club"],
                     [[round_no, s.table, s.seat, s.entrant, s.name, s.club]
                      for t in seats_of(rec, round_no) for s in t])


def title(rec: Mapping[str, Any]) -> str:
    event = rec.get("event") or {}
    return str(event.get("name") or "Tournament")


def absent_names(rec: Mapping[str, Any], round_no: int) -> list[str]:
    register = {e["id"]: e["name"] for e in rec["entrants"]}
    return [register.get(a, a) for a in rec["rounds"][round_no - 1].get("absent", ())]
