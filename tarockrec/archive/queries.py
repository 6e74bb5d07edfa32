"""The archive's answers: a series' standings per person, a person's history and deal
statistics, per-contract statistics, and read-only SQL over the documented views."""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..findings import Finding



@dataclass
class SeriesRow:
    """A person's line of a series: an entrant without a person stands for itself (by its
    entrant id, as ``standings --series`` counts every entrant)."""

    key: str                   # the person's key (or ``#id``), or the entrant id
    name: str
    person_id: int | None
    rank: int = 0
    cup_points: Any = 0        # a number: int, or an exact Fraction (means)
    events: list[Any] = field(default_factory=list)


def series_events(conn: sqlite3.Connection, series: str,
                  season: str | None) -> list[tuple[int, str, str | None]]:
    """The ranked events of ``series`` (and ``season``) in the order the series numbers them,
    as ``standings --series`` does (``standings.by_date``): by date, events without one last,
    then by name, then as stored: (id, name, date)."""
    sql = "SELECT id, name, date FROM event WHERE series = ? AND ranked = 1"
    args: list[Any] = [series]
    if season is not None:
        sql += " AND season = ?"
        args.append(season)
    return [(r[0], r[1] or "", r[2]) for r in conn.execute(
        sql + " ORDER BY coalesce(date, '') = '', date, coalesce(name, ''), id", args)]


def series_standings(conn: sqlite3.Connection, series: str,
                     season: str | None) -> tuple[list[tuple[int, str, str | None]],
                                                  list[SeriesRow]]:
    """The series' cup points per person over its events, ranked by the series' rules as
    ``tournament.series`` ranks them per entrant id: the first event's rule set (or its own
    tournament block) says how many results count (``series_best``) and how equal sums are
    broken (``series_tie_breaks``); entrants still equal share a rank."""
    from ..tournament import ranking
    from ..tournament.record import id_order
    events = series_events(conn, series, season)
    order = {event_id: k for k, (event_id, _, _) in enumerate(events)}
    out: dict[str, SeriesRow] = {}
    found = conn.execute(
        "SELECT n.event_id, n.entrant, coalesce(p.name, n.name), n.person_id, p.key, "
        "n.cup_points FROM entrant n "
        "LEFT JOIN person p ON p.id = n.person_id WHERE n.event_id IN (SELECT value FROM "
        "json_each(?)) ORDER BY n.event_id, n.id", (json.dumps(list(order)),))
    for event_id, entrant, name, person_id, key, cup in found:
        if cup is None:         # played no round there (or the event was not ranked)
            continue
        k = order[event_id]
        ident = (key or f"#{person_id}") if person_id is not None else entrant
        row = out.get(ident)
        if row is None:
            row = out[ident] = SeriesRow(ident, name, person_id, events=[None] * len(events))
        row.events[k] = (row.events[k] or 0) + ranking.exact(cup or 0)
    srules = _series_rules(conn, events[0][0]) if events else None
    best = srules.series_best if srules is not None else None
    tie_breaks = srules.series_tie_breaks if srules is not None else ()
    for row in out.values():
        row.events = [None if e is None else _whole(e) for e in row.events]
        row.cup_points = _whole(ranking.best_of(row.events, best))

    def rank_key(s: SeriesRow) -> tuple[Any, ...]:
        return (-s.cup_points, *(ranking.SERIES_TIE_BREAKS[tb](s.events) for tb in tie_breaks))
    ranked = sorted(out.values(), key=lambda s: (rank_key(s), id_order(s.key)))
    for i, s in enumerate(ranked):
        s.rank = ranked[i - 1].rank if i and rank_key(ranked[i - 1]) == rank_key(s) else i + 1
    return events, ranked


def _series_rules(conn: sqlite3.Connection, event_id: int) -> Any:
    """The standings rules of an event's tournament record (its rule set's block, or its own)."""
    from ..tournament.record import standings_rules
    (canonical,) = conn.execute("SELECT r.canonical FROM event e JOIN records r ON "
                                "r.id = e.record_id WHERE e.id = ?", (event_id,)).fetchone()
    rec = json.loads(canonical)
    return standings_rules(str(rec.get("game")), rec.get("rules"), rec.get("tournament"))


def _whole(x: Any) -> Any:
    """A whole fraction as an int, any other number as it is."""
    from fractions import Fraction
    return int(x) if isinstance(x, Fraction) and x.denominator == 1 else x


def history(conn: sqlite3.Connection, person_id: int) -> list[dict[str, Any]]:
    """The person's events, by date: place, total, score, rank points, cup points."""
    return entrant_history(conn, "n.person_id = ?", (person_id,))


def entrant_history(conn: sqlite3.Connection, where: str,
                    args: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The events of the entrants ``where`` selects (``n``: the entrant), by date."""
    cur = conn.execute(
        "SELECT e.id, e.name, e.date, e.season, e.series, n.id, n.entrant, n.name, n.club, "
        "n.rank, (SELECT count(*) FROM entrant m WHERE m.event_id = e.id), n.total, n.score, "
        "n.rank_points, n.cup_points FROM entrant n JOIN event e ON e.id = n.event_id "
        f"WHERE {where} ORDER BY e.date, e.id", args)
    keys = ("event_id", "event", "date", "season", "series", "entrant_row", "entrant",
            "name", "club", "place", "of", "total", "score", "rank_points", "cup_points")
    return [dict(zip(keys, row)) for row in cur]


def summary(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Events played, the best and average place (of the ranked ones), cup points per
    season (latest first)."""
    places = [e["place"] for e in events if e["place"] is not None]
    seasons: dict[str, Any] = {}
    for e in sorted(events, key=lambda e: e["season"] or "", reverse=True):
        season = e["season"] or "no season"
        seasons[season] = seasons.get(season, 0) + (e["cup_points"] or 0)
    return {"events": len(events), "best_place": min(places) if places else None,
            "average_place": round(sum(places) / len(places), 2) if places else None,
            "cup_points": seasons}


def rounds(conn: sqlite3.Connection, entrant_row: int,
           links: bool = False) -> list[dict[str, Any]]:
    """An entrant's rounds: the table, the people at it (their register names where
    linked), the entrant's result there and place at the table. ``links``: each round also
    says the table's number and, for every other seat, (name, person id, entrant row): what
    the site links to."""
    out = []
    for table_id, rnd, number, name, result, place, size in conn.execute(
            "SELECT t.id, t.round + 1, t.number, t.name, s.result, s.place, t.size FROM "
            "tbl_seat s JOIN tbl t ON t.id = s.table_id WHERE s.entrant_id = ? "
            "ORDER BY t.round, t.number", (entrant_row,)).fetchall():
        others = conn.execute(
            "SELECT coalesce(p.name, n.name), n.person_id, n.id FROM tbl_seat s JOIN entrant n "
            "ON n.id = s.entrant_id LEFT JOIN person p ON p.id = n.person_id WHERE "
            "s.table_id = ? AND s.entrant_id IS NOT ? ORDER BY s.seat",
            (table_id, entrant_row)).fetchall()
        r = {"round": rnd, "table": name or str(number), "with": [o[0] for o in others],
             "result": result, "place": place, "of": size}
        if links:
            r.update(number=number, people=[tuple(o) for o in others])
        out.append(r)
    return out


def profile(conn: sqlite3.Connection, where: str, args: tuple[Any, ...],
            links: bool = False) -> dict[str, Any]:
    """What ``archive player`` and a person's page on the site show of the entrants ``where``
    selects: their events by date, each with its rounds (``rounds``), the summary
    (``summary``) and the contracts they declared (``entrant_deal_stats``)."""
    events = entrant_history(conn, where, args)
    for e in events:
        e["rounds"] = rounds(conn, e["entrant_row"], links)
    return {"events": events, "summary": summary(events),
            "declarer": entrant_deal_stats(conn, where, args)}


def round_line(r: dict[str, Any]) -> str:
    """A round as one line: "round 2, table 3 with Anna, Hans, Eva: +34, 1st of 4"."""
    result = "" if r["result"] is None else f"{r['result']:+d}"
    place = "" if r["place"] is None else f"place {r['place']} of {r['of']}"
    said = ", ".join(x for x in (result, place) if x)
    return f"round {r['round']}, table {r['table']} with {', '.join(r['with'])}" + \
        (f": {said}" if said else "")


def deal_stats(conn: sqlite3.Connection, person_id: int) -> list[dict[str, Any]]:
    """The contracts the person played as declarer: played, won (a positive score), lost,
    the average score; each contract with the name players give it."""
    return entrant_deal_stats(conn, "n.person_id = ?", (person_id,))


def entrant_deal_stats(conn: sqlite3.Connection, where: str,
                       args: tuple[Any, ...]) -> list[dict[str, Any]]:
    from ..games import contract_name
    cur = conn.execute(
        "SELECT r.game, d.contract, count(*), sum(s.score > 0), sum(s.score < 0), "
        "round(avg(s.score), 2) FROM deal_seat s JOIN entrant n ON n.id = s.entrant_id "
        "JOIN deal d ON d.id = s.deal_id JOIN records r ON r.id = d.record_id "
        f"WHERE {where} AND s.seat = d.declarer AND s.score IS NOT NULL "
        "GROUP BY r.game, d.contract ORDER BY count(*) DESC, r.game, d.contract", args)
    return [{"game": g, "contract": c, "name": contract_name(g, c), "played": n, "won": w,
             "lost": lo, "average": avg} for g, c, n, w, lo, avg in cur]


def contract_stats(conn: sqlite3.Connection, game: str | None = None) -> list[dict[str, Any]]:
    """Per game, contract and season: how often it was played, how often the declarer won
    (a positive score for the declarer's seat), and the declarer's average score. Deals
    outside events have no season."""
    sql = ("SELECT r.game, d.contract, e.season, count(*), sum(s.score > 0), "
           "round(avg(s.score), 2) FROM deal d JOIN records r ON r.id = d.record_id "
           "JOIN deal_seat s ON s.deal_id = d.id AND s.seat = d.declarer "
           "LEFT JOIN tbl t ON t.id = d.table_id LEFT JOIN event e ON e.id = t.event_id "
           "WHERE d.contract IS NOT NULL AND s.score IS NOT NULL")
    args: list[Any] = []
    if game is not None:
        sql += " AND r.game = ?"
        args.append(game)
    sql += " GROUP BY r.game, d.contract, e.season ORDER BY r.game, d.contract, e.season"
    from ..games import contract_name
    return [{"game": g, "contract": c, "name": contract_name(g, c), "season": s, "played": n,
             "won": w, "won_share": round(w / n, 3) if n else None, "average": avg}
            for g, c, s, n, w, avg in conn.execute(sql, args)]


class QueryError(Exception):
    """A query refused or stopped: its finding (``ARCHIVE-QUERY``: refused as it is written;
    ``ARCHIVE-LIMIT``: stopped at a bound)."""

    def __init__(self, message: str, code: str = "ARCHIVE-QUERY") -> None:
        super().__init__(message)
        self.finding = Finding(code, message)


@dataclass(frozen=True)
class Limits:
    """The bounds of ``archive query`` (docs/archive.md, *Questions*)."""

    seconds: float = 60.0
    rows: int = 1_000_000
    #: the longest value (a string or BLOB) a query may make: SQLITE_LIMIT_LENGTH
    value_bytes: int = 64 << 20
    #: SQLite's memory in all (``PRAGMA hard_heap_limit``: for the whole process, which only
    #: ever lowers it; a command runs one query)
    heap_bytes: int = 512 << 20


def query(conn: sqlite3.Connection, sql: str,
          limits: Limits = Limits()) -> tuple[list[str], Iterator[tuple[Any, ...]]]:
    """Run ``sql`` read-only: the connection is opened read-only, and an authorizer refuses
    whatever is not reading (a write, ATTACH, a PRAGMA) and every function outside ``FUNCTIONS``.
    The views are the documented interface (docs/archive.md); the tables behind them may
    change from one schema version to the next. The rows come one by one (memory does not grow
    with them), under ``limits``: a deadline (a progress handler), the longest value, SQLite's
    heap and the number of rows; past one of them the rows stop with a ``QueryError``."""
    deadline = time.monotonic() + limits.seconds
    conn.execute(f"PRAGMA hard_heap_limit = {int(limits.heap_bytes)}")
    old_length = conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, limits.value_bytes)
    conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 1000)
    conn.set_authorizer(_reader)

    def done() -> None:
        conn.set_authorizer(None)
        conn.set_progress_handler(None, 0)
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, old_length)
    try:
        cur = conn.execute(sql)
    except (sqlite3.Error, ValueError, MemoryError) as err:
        done()
        raise _stopped(err, limits) from None
    heads = [d[0] for d in cur.description or ()]

    def rows() -> Iterator[tuple[Any, ...]]:
        n = 0
        try:
            for row in cur:
                n += 1
                if n > limits.rows:
                    raise QueryError(f"the query gives more than {limits.rows:,} rows; the "
                                     "first of them were written (--max-rows)", "ARCHIVE-LIMIT")
                yield row
        except (sqlite3.Error, ValueError, MemoryError) as err:
            raise _stopped(err, limits) from None
        finally:
            cur.close()
            done()
    return heads, rows()


def _stopped(err: BaseException, limits: Limits) -> QueryError:
    said = str(err)
    if said == "interrupted":
        return QueryError(f"the query ran longer than {limits.seconds:g} s and was stopped "
                          "(--timeout)", "ARCHIVE-LIMIT")
    if isinstance(err, MemoryError) or "too big" in said or "out of memory" in said:
        return QueryError(f"the query needs more memory than it may take (a value of at most "
                          f"{limits.value_bytes >> 20} MB, {limits.heap_bytes >> 20} MB in all)"
                          " and was stopped", "ARCHIVE-LIMIT")
    if "is prohibited" in said:
        return QueryError(f"{said}: the evening server's settings (its session key) are not "
                          "for queries (docs/archive.md)")
    if "not authorized" in said:
        return QueryError(f"{said}: a query may only read, with SQLite's own functions "
                          "(docs/archive.md)")
    return QueryError(said)


_READ = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, getattr(sqlite3, "SQLITE_RECURSIVE", 33)}

#: the functions a query may call: SQLite's core, date and time, mathematical, JSON, aggregate
#: and window functions (https://sqlite.org/lang_corefunc.html and the pages beside it); not
#: ``fts3_tokenizer`` (it hands out a memory address), ``load_extension`` and the like
FUNCTIONS = frozenset("""
abs char coalesce concat concat_ws format glob hex ifnull iif instr length like likelihood
likely lower ltrim max min nullif octet_length printf quote random randomblob replace round
rtrim sign soundex substr substring trim typeof unhex unicode unlikely upper zeroblob
sqlite_version
date time datetime julianday unixepoch strftime timediff current_date current_time
current_timestamp
acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln log log10
log2 mod pi pow power radians sin sinh sqrt tan tanh trunc
json jsonb json_array jsonb_array json_array_length json_error_position json_extract
jsonb_extract json_insert jsonb_insert json_object jsonb_object json_patch jsonb_patch
json_pretty json_remove jsonb_remove json_replace jsonb_replace json_set jsonb_set json_type
json_valid json_quote -> ->>
avg count group_concat string_agg sum total json_group_array jsonb_group_array
json_group_object jsonb_group_object
row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value
nth_value
""".split())


#: tables no query reads: ``tarockrec serve``'s session-signing key (whoever has it could
#: sign himself the director's session)
PRIVATE = frozenset({"evening_setting"})


def _reader(action: int, arg1: str | None, arg2: str | None, db: str | None,
            through: str | None) -> int:
    if action == sqlite3.SQLITE_READ and (arg1 or "").lower() in PRIVATE:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_OK if (arg2 or "").lower() in FUNCTIONS else sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK if action in _READ else sqlite3.SQLITE_DENY
