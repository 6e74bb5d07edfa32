"""What a director does to a tournament record by hand (``tarockrec add-deals``): put a table's
session — full deals, or the score sheets ``convert --sheet`` makes of them — into that table's
``deals``. The session must be the table's: the tournament's game and rules, played by the
seated entrants (their names, in seat order). Nothing here checks the deals; ``validate`` does.
"""
from __future__ import annotations

from typing import Any


class NotTheTable(ValueError):
    """The session cannot go into the table: one sentence says why."""


def find_table(tournament: dict[str, Any], round_no: int, name: str) -> dict[str, Any]:
    """The table called ``name`` in round ``round_no`` (from 1); an unnamed table is called
    by its place (``1``, ``2``, …), as ``validate`` and ``publish`` call it."""
    rounds = tournament.get("rounds") or []
    if not 1 <= round_no <= len(rounds):
        raise NotTheTable(f"the tournament has {len(rounds)} round(s), not a round {round_no}")
    tables = rounds[round_no - 1].get("tables") or []
    called = [str(t.get("table", k + 1)) for k, t in enumerate(tables)]
    if name not in called:
        raise NotTheTable(f"round {round_no} has no table {name!r} (its tables: "
                          f"{', '.join(called) or 'none'})")
    table: dict[str, Any] = tables[called.index(name)]
    return table


def put_session(tournament: dict[str, Any], session: dict[str, Any], round_no: int,
                name: str, replace: bool = False) -> dict[str, Any]:
    """``tournament`` with ``session``'s deals (and written totals) as the play of the table
    ``name`` of round ``round_no``; the table's former play (deals, file or totals) only with
    ``replace``. Raises ``NotTheTable`` when the session is not the table's."""
    out: dict[str, Any] = {**tournament, "rounds": [
        {**rnd, "tables": [dict(t) for t in rnd.get("tables") or []]}
        for rnd in tournament.get("rounds") or []]}
    table = find_table(out, round_no, name)
    if "deals" not in session:
        raise NotTheTable("the session file holds a single deal, not a session (deals)")
    for key in ("game", "rules"):
        if session.get(key) != tournament.get(key):
            raise NotTheTable(f"the session names {key} {session.get(key)!r}, the tournament "
                              f"{tournament.get(key)!r}")
    register = {e.get("id"): e.get("name") for e in tournament.get("entrants") or []}
    seated = [register.get(s, s) for s in table.get("seats") or []]
    players = [p if isinstance(p, str) else p.get("name") for p in session.get("players", [])]
    if players != seated:
        raise NotTheTable(f"the session is played by {', '.join(map(str, players))}; table "
                          f"{name} of round {round_no} seats {', '.join(map(str, seated))}")
    had = [k for k in ("deals", "source", "result") if k in table]
    if had and not replace:
        raise NotTheTable(f"table {name} of round {round_no} already has its play ("
                          f"{', '.join(had)}); use --replace to replace it")
    for key in had:
        del table[key]
    table["deals"] = session["deals"]
    totals = (session.get("result") or {}).get("totals")
    if totals is not None:
        table["result"] = {"totals": totals}
    return out
