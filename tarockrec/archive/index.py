"""The index rows of one validated record: its event (a tournament's register, tables and
standings), its deals with each seat's score and money, each deal's score items."""
from __future__ import annotations

import json
import sqlite3
from typing import Any

from ..scoring import Score
from ..validate import Report
from ..tournament.ranking import plain


def season_of(date: Any) -> str | None:
    """The season of a date (``YYYY-MM-DD``): July to June, ``2025/26`` for 2025-07-01 to
    2026-06-30; None when the year or month is not known (``??``)."""
    if not isinstance(date, str) or len(date) < 7 or not date[:4].isdigit() \
            or not date[5:7].isdigit():
        return None
    year, month = int(date[:4]), int(date[5:7])
    first = year if month >= 7 else year - 1
    return f"{first}/{(first + 1) % 100:02d}"


def index_record(conn: sqlite3.Connection, record_id: int, rec: Any, rep: Report) -> None:
    if not isinstance(rec, dict):
        return
    if rep.kind == "tournament":
        _tournament(conn, record_id, rec, rep)
        return
    players = [_name(p) for p in _list(rec.get("players"))]
    deals = _list(rec.get("deals")) if rep.kind == "session" else [rec]
    _deals(conn, record_id, None, deals, rep.scores, players, [None] * len(players))


def _list(v: Any) -> list[Any]:
    """``v`` when it is a list (a record kept with ``--keep-invalid`` may have anything)."""
    return v if isinstance(v, list) else []


def _name(player: Any) -> str | None:
    if isinstance(player, dict):
        player = player.get("name")
    return player if isinstance(player, str) else None


def _deals(conn: sqlite3.Connection, record_id: int, table_id: int | None,
           deals: list[Any], scores: list[Score | None], players: list[str | None],
           entrant_ids: list[int | None], at: Any = None) -> None:
    """The deals of a session or a tournament's table (``at(k)``: the players and entrant
    rows of deal k, where a substitute took a seat over)."""
    seats: list[tuple[Any, ...]] = []
    items: list[tuple[Any, ...]] = []
    for k, deal in enumerate(deals):
        if not isinstance(deal, dict):
            continue
        if at is not None:
            players, entrant_ids = at(k + 1)
        score = scores[k] if k < len(scores) else None
        facts = score.facts if score is not None else {}
        result = deal.get("result") if isinstance(deal.get("result"), dict) else {}
        got = {key: facts.get(key, result.get(key) if result else None)
               for key in ("contract", "declarer", "partner", "multiplier")}
        declarer = _int(got["declarer"])
        row = conn.execute(
            "INSERT INTO deal (record_id, table_id, number, dealer, contract, declarer, "
            "partner, multiplier, cards, declarer_entrant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            (record_id, table_id, k + 1, _int(deal.get("dealer")), _text(got["contract"]),
             declarer, _int(got["partner"]), _int(got["multiplier"]), int("deal" in deal),
             entrant_ids[declarer] if declarer is not None and 0 <= declarer < len(entrant_ids)
             else None)).fetchone()
        deal_id = int(row[0])
        deltas = score.deltas if score is not None else [None] * len(players)
        money = score.money if score is not None and score.money is not None else deltas
        for s, player in enumerate(players):
            seats.append((deal_id, s, player, entrant_ids[s] if s < len(entrant_ids) else None,
                          deltas[s] if s < len(deltas) else None,
                          money[s] if s < len(money) else None))
        if score is not None:
            items.extend((deal_id, i, it.name, it.base, it.multiplier,
                          json.dumps(list(it.deltas))) for i, it in enumerate(score.items))
    conn.executemany("INSERT INTO deal_seat (deal_id, seat, player, entrant_id, score, money) "
                     "VALUES (?, ?, ?, ?, ?, ?)", seats)
    conn.executemany("INSERT INTO score_item (deal_id, position, name, base, multiplier, "
                     "deltas) VALUES (?, ?, ?, ?, ?, ?)", items)


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _text(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _tournament(conn: sqlite3.Connection, record_id: int, rec: dict[str, Any],
                rep: Report) -> None:
    event: dict[str, Any] = rec["event"] if isinstance(rec.get("event"), dict) else {}
    rules = rec.get("rules")
    row = conn.execute(
        "INSERT INTO event (record_id, name, date, season, site, series, game, rules, ranked) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (record_id, _text(event.get("name")), _text(event.get("date")),
         season_of(event.get("date")), _text(event.get("site")), _text(event.get("series")),
         _text(rec.get("game")), _text(rules.get("name")) if isinstance(rules, dict) else None,
         int(rep.standings is not None))).fetchone()
    event_id = int(row[0])
    ranked = {r.entrant: r for r in rep.standings or []}
    ids: dict[str, int] = {}
    for e in _list(rec.get("entrants")):
        if not isinstance(e, dict) or not isinstance(e.get("id"), str) or e["id"] in ids:
            continue
        r = ranked.get(e["id"])
        row = conn.execute(
            "INSERT INTO entrant (event_id, entrant, name, club, team, person_key, rank, total, "
            "score, rank_points, cup_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            (event_id, e["id"], _text(e.get("name")) or "", _text(e.get("club")),
             _text(e.get("team")), _text(e.get("person")),
             *((r.rank, plain(r.total), r.score, plain(r.rank_points),
                None if r.cup_points is None else plain(r.cup_points))
               if r is not None else (None,) * 5))).fetchone()
        ids[e["id"]] = int(row[0])
    from .people import link_by_key
    link_by_key(conn, event_id)
    for t in rep.tables or []:
        _table(conn, record_id, event_id, rec, t, ids)


def _table(conn: sqlite3.Connection, record_id: int, event_id: int, rec: dict[str, Any],
           t: Any, ids: dict[str, int]) -> None:
    table = rec["rounds"][t.round]["tables"][t.index]
    play = "source" if "source" in table else "deals" if "deals" in table else "totals"
    row = conn.execute("INSERT INTO tbl (event_id, round, number, name, size, play) VALUES "
                       "(?, ?, ?, ?, ?, ?) RETURNING id",
                       (event_id, t.round, t.index + 1, t.name, len(t.seats), play)).fetchone()
    table_id = int(row[0])
    totals = t.totals
    places = [1 + sum(1 for y in totals if y > x) for x in totals] if totals else None
    conn.executemany("INSERT INTO tbl_seat (table_id, seat, entrant_id, result, place) VALUES "
                     "(?, ?, ?, ?, ?)",
                     [(table_id, s, ids.get(eid), totals[s] if totals else None,
                       places[s] if places else None) for s, eid in enumerate(t.seats)])
    if t.session is not None and t.report is not None:
        def at(k: int) -> tuple[list[str | None], list[int | None]]:
            """Who played deal k: a substitute from his first deal on, as the standings
            credit him (tournament.Table.entrants_at)."""
            return list(t.names_at(k)), [ids.get(eid) for eid in t.entrants_at(k)]
        _deals(conn, record_id, table_id, t.session.get("deals") or [], t.report.scores,
               list(t.names), [ids.get(eid) for eid in t.seats],
               at if t.substitutes else None)
