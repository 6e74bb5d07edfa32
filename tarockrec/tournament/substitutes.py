"""Substitutes and departures at a tournament table (docs/tournaments.md, "Substitutes,
departures, tables that end early").

A table records who played which deals: ``substitutes`` (``{"seat": 2, "entrant": "14",
"from_deal": 9}``: entrant 14 plays seat 2 from the table's 9th deal on) and ``left``
(``{"seat": 1, "after_deal": 19}``: seat 1's player left after the 19th deal; the table ends
there unless a substitute takes the seat over). The rule set's ``substitutes`` treatment says
how the seat's result is credited:

- ``split``: each entrant scores the Schrift of the deals he played; the seat's place and rank
  points go to the entrant who played more of its deals (the one who started it on a tie);
- ``seat_holder``: the entrant who started the seat takes its whole result and place, a
  substitute scores nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..findings import Finding

SPLIT = "split"
SEAT_HOLDER = "seat_holder"


@dataclass
class Split:
    """Who played a table's seats: per seat the entrant credited with its place, and per
    entrant the Schrift and the number of deals he played there."""

    holders: list[str]
    parts: dict[str, int] = field(default_factory=dict)
    deals: dict[str, int] = field(default_factory=dict)


def has_changes(table: Mapping[str, Any]) -> bool:
    return bool(table.get("substitutes") or table.get("left"))


def check_left(table: Mapping[str, Any], n: int, n_deals: int | None, ptr: str,
               add: Callable[[Finding], None]) -> bool:
    """A player who left after deal k: the table ends there unless a substitute takes his
    seat from deal k + 1."""
    ok = True
    taken = {(s["seat"], s["from_deal"]) for s in table.get("substitutes", ())}
    said: set[tuple[int, int]] = set()
    for i, gone in enumerate(table.get("left", ())):
        where = f"{ptr}/left/{i}"
        if (gone["seat"], gone["after_deal"]) in said:
            add(Finding("TOURN-SUBSTITUTE", f"seat {gone['seat']}'s player leaving after deal "
                        f"{gone['after_deal']} is written twice", where))
            ok = False
        elif gone["seat"] >= n:
            add(Finding("TOURN-SUBSTITUTE", f"the table has no seat {gone['seat']}", where))
            ok = False
        elif n_deals is not None and n_deals > gone["after_deal"] and \
                (gone["seat"], gone["after_deal"] + 1) not in taken:
            add(Finding("TOURN-SUBSTITUTE", f"seat {gone['seat']}'s player left after deal "
                        f"{gone['after_deal']}, but the table plays {n_deals} deals and nobody "
                        "takes the seat over", where))
            ok = False
        said.add((gone["seat"], gone["after_deal"]))
    return ok


def timelines(seats: list[str], subs: Any) -> list[list[tuple[int, str]]]:
    """Per seat, who plays it from which deal on (deals from 1), in order: the seated entrant
    from deal 1, then each substitute from his ``from_deal``. A substitute of a seat the table
    does not have is left out (``split_seats`` refuses it)."""
    out: list[list[tuple[int, str]]] = [[(1, eid)] for eid in seats]
    for sub in subs:
        if isinstance(sub, Mapping) and isinstance(sub.get("seat"), int) \
                and 0 <= sub["seat"] < len(seats) and isinstance(sub.get("from_deal"), int):
            out[sub["seat"]].append((sub["from_deal"], str(sub.get("entrant"))))
    for timeline in out:
        timeline.sort(key=lambda x: x[0])       # stable: the seat's starter first
    return out


def players_at(plan: list[list[tuple[int, str]]], deal: int) -> list[str]:
    """The entrant at each seat in the table's ``deal``-th deal (from 1), from ``timelines``:
    whoever took the seat last at or before that deal."""
    return [[eid for start, eid in timeline if start <= deal][-1] for timeline in plan]


def split_seats(table: Mapping[str, Any], seats: list[str], deltas: list[list[int]] | None,
                treatment: str, register: Mapping[str, Any], ptr: str,
                add: Callable[[Finding], None]) -> Split | None:
    """Credit each seat's deals to whoever played them (``deltas``: per deal, per seat; None
    for a table that gives only its totals, which cannot be split). None, with a finding, when
    the record does not say consistently who played what."""
    n = len(seats)
    if not check_left(table, n, None if deltas is None else len(deltas), ptr, add):
        return None
    subs = table.get("substitutes", ())
    if subs and deltas is None:
        add(Finding("TOURN-SUBSTITUTE", "a seat played by two entrants needs the table's "
                    "deals to split its result; only its totals are written",
                    ptr + "/substitutes"))
        return None
    for i, sub in enumerate(subs):
        where = f"{ptr}/substitutes/{i}"
        if sub["entrant"] not in register:
            add(Finding("TOURN-ENTRANT", f"{sub['entrant']!r} is not in the register of "
                        "entrants", where + "/entrant"))
            return None
        if sub["seat"] >= n or deltas is None or sub["from_deal"] > len(deltas):
            add(Finding("TOURN-SUBSTITUTE", f"no seat {sub['seat']} or no deal "
                        f"{sub['from_deal']} at this table", where))
            return None
    out = Split(list(seats))
    for s, timeline in enumerate(timelines(seats, subs)):
        for k, (start, eid) in enumerate(timeline):
            end = timeline[k + 1][0] - 1 if k + 1 < len(timeline) else len(deltas or ())
            played = (deltas or [])[start - 1:end]
            out.parts[eid] = out.parts.get(eid, 0) + sum(d[s] for d in played)
            out.deals[eid] = out.deals.get(eid, 0) + len(played)
        if treatment == SPLIT:
            out.holders[s] = max((eid for _, eid in timeline),
                                 key=lambda e: (out.deals[e], e == seats[s]))
        else:
            total = sum(out.parts.pop(eid, 0) for _, eid in timeline)
            out.parts.update({eid: 0 for _, eid in timeline})
            out.parts[seats[s]] = total
    return out


def settle(rows: Mapping[str, Any], split: Split, seat_totals: list[int], r: int) -> None:
    """After the seats were placed under their holders (each holder credited with the whole
    seat's total): each entrant keeps only the Schrift of his own deals, and the deals he
    played are counted."""
    holders = set(split.holders)
    for s, eid in enumerate(split.holders):
        row = rows[eid]
        row.score += split.parts[eid] - seat_totals[s]
        row.rounds[r] = split.parts[eid]
    for eid, part in split.parts.items():
        if eid not in holders:
            rows[eid].score += part
            rows[eid].rounds[r] = part
    for eid, n in split.deals.items():
        row = rows[eid]
        row.deals = None if row.deals is None else row.deals + n
