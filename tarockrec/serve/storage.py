"""The evening's rows in the archive file (the ``evening_*`` tables of schema versions 4-5,
``archive/store.py``). Plain SQL over one connection per request; each change is one
``BEGIN IMMEDIATE`` … ``COMMIT`` (``transaction``), committed before a page says it is saved.
WAL mode, ``synchronous = FULL``: a committed entry survives a crash of the process or the
machine."""
from __future__ import annotations

import json
import secrets
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from ..archive.store import BUSY_MS, open_archive

#: the letters of a table code: no 0/O, 1/I/L (read off a card, typed on a phone)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def prepare(path: str) -> None:
    """Make the archive (if missing) and bring its schema up to date (the store's
    migrations), once at start. An archive made here is readable by its owner only (with its
    ``-wal`` and ``-shm`` files, which SQLite makes with the archive's permissions): it holds
    the key that signs the sessions."""
    import os
    mask = os.umask(0o077) if not os.path.lexists(path) else None
    try:
        open_archive(path, write=True).close()
    finally:
        if mask is not None:
            os.umask(mask)


def connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def setting(conn: sqlite3.Connection, key: str, make: str) -> str:
    """A stored setting, stored as ``make`` the first time it is asked for."""
    with transaction(conn):
        row = conn.execute("SELECT value FROM evening_setting WHERE key = ?", (key,)).fetchone()
        if row is None:
            conn.execute("INSERT INTO evening_setting (key, value) VALUES (?, ?)", (key, make))
            return make
        return str(row[0])


@dataclass
class Event:
    id: int
    game: str
    rules: str
    name: str
    date: str | None
    site: str | None
    series: str | None
    state: str
    record_id: int | None


@dataclass
class Entrant:
    entrant: str
    name: str
    club: str | None
    person_key: str | None
    from_round: int
    withdrawn_after: int | None

    def plays(self, round_no: int) -> bool:
        return self.from_round <= round_no and (self.withdrawn_after is None
                                                or round_no <= self.withdrawn_after)


@dataclass
class Table:
    id: int
    event_id: int
    round: int
    number: int
    seats: list[str]
    code: str
    confirmed: str | None
    confirmed_by: int | None
    #: departures as the record writes them: ``left``, ``substitutes``, ``ended_early``
    changes: dict[str, Any]


@dataclass
class Deal:
    number: int
    sheet: dict[str, Any]
    seat: int | None


_EVENT = "id, game, rules, name, date, site, series, state, record_id"


def new_event(conn: sqlite3.Connection, game: str, rules: str, name: str, date: str | None,
              site: str | None, series: str | None) -> int:
    with transaction(conn):
        row = conn.execute("INSERT INTO evening_event (game, rules, name, date, site, series, "
                           "created) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                           (game, rules, name, date, site, series, now())).fetchone()
    return int(row[0])


def events(conn: sqlite3.Connection) -> list[Event]:
    return [Event(*r) for r in conn.execute(f"SELECT {_EVENT} FROM evening_event ORDER BY id")]


def event(conn: sqlite3.Connection, event_id: int) -> Event | None:
    row = conn.execute(f"SELECT {_EVENT} FROM evening_event WHERE id = ?",
                       (event_id,)).fetchone()
    return Event(*row) if row else None


def entrants(conn: sqlite3.Connection, event_id: int) -> list[Entrant]:
    return [Entrant(*r) for r in conn.execute(
        "SELECT entrant, name, club, person_key, from_round, withdrawn_after FROM "
        "evening_entrant WHERE event_id = ? ORDER BY id", (event_id,))]


def register(conn: sqlite3.Connection, event_id: int, name: str, club: str | None,
             person_key: str | None) -> str:
    """Register an entrant; one who comes after a round was drawn plays from the next
    (issue 40, item 3). Returns the entrant's id."""
    with transaction(conn):
        drawn = current_round(conn, event_id)
        row = conn.execute("SELECT count(*) FROM evening_entrant WHERE event_id = ?",
                           (event_id,)).fetchone()
        entrant = str(int(row[0]) + 1)
        conn.execute("INSERT INTO evening_entrant (event_id, entrant, name, club, person_key, "
                     "from_round) VALUES (?, ?, ?, ?, ?, ?)",
                     (event_id, entrant, name, club, person_key, drawn + 1))
    return entrant


def withdraw(conn: sqlite3.Connection, event_id: int, entrant: str) -> None:
    """The entrant leaves: the rounds still to be drawn go without him, and so does the
    current round drawn again while no result of it is in (he has not played it)."""
    with transaction(conn):
        current = current_round(conn, event_id)
        begun = conn.execute("SELECT 1 FROM evening_deal d JOIN evening_table t ON "
                             "t.id = d.table_id JOIN evening_round r ON r.id = t.round_id "
                             "WHERE r.event_id = ? AND r.number = ? LIMIT 1",
                             (event_id, current)).fetchone() is not None
        conn.execute("UPDATE evening_entrant SET withdrawn_after = ? WHERE event_id = ? AND "
                     "entrant = ?", (current if begun else max(current - 1, 0), event_id,
                                     entrant))


def current_round(conn: sqlite3.Connection, event_id: int) -> int:
    row = conn.execute("SELECT max(number) FROM evening_round WHERE event_id = ?",
                       (event_id,)).fetchone()
    return int(row[0] or 0)


def new_code(conn: sqlite3.Connection) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if conn.execute("SELECT 1 FROM evening_table WHERE code = ?", (code,)).fetchone() is None:
            return code


def add_round(conn: sqlite3.Connection, event_id: int, seating: list[list[str]],
              draw: dict[str, Any], redraw: bool = False) -> int:
    """Store a drawn round (the next one, or with ``redraw`` in place of the current one,
    which the caller has checked has no result yet); returns its number."""
    with transaction(conn):
        number = current_round(conn, event_id)
        if redraw:
            row = conn.execute("SELECT id FROM evening_round WHERE event_id = ? AND number = ?",
                               (event_id, number)).fetchone()
            conn.execute("DELETE FROM evening_table WHERE round_id = ?", (row[0],))
            conn.execute("DELETE FROM evening_round WHERE id = ?", (row[0],))
        else:
            number += 1
        rid = conn.execute("INSERT INTO evening_round (event_id, number, method, seed, draw, "
                           "drawn) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                           (event_id, number, draw.get("method", "fixed"), draw.get("seed"),
                            json.dumps(draw), now())).fetchone()[0]
        for k, seats in enumerate(seating, 1):
            conn.execute("INSERT INTO evening_table (round_id, number, seats, code) VALUES "
                         "(?, ?, ?, ?)", (rid, k, json.dumps(seats), new_code(conn)))
    return number


def draws(conn: sqlite3.Connection, event_id: int) -> dict[int, dict[str, Any]]:
    """Each round's draw entry (method, seed, the draws it replaced)."""
    return {int(r[0]): json.loads(r[1]) if r[1] else {"method": "fixed"} for r in conn.execute(
        "SELECT number, draw FROM evening_round WHERE event_id = ?", (event_id,))}


_TABLE = ("SELECT t.id, r.event_id, r.number, t.number, t.seats, t.code, t.confirmed, "
          "t.confirmed_by, t.changes FROM evening_table t JOIN evening_round r ON r.id = t.round_id ")


def _table(row: Any) -> Table:
    return Table(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], row[6], row[7],
                 json.loads(row[8]) if row[8] else {})


def tables(conn: sqlite3.Connection, event_id: int, round_no: int | None = None) -> list[Table]:
    rows = conn.execute(_TABLE + "WHERE r.event_id = ? AND (? IS NULL OR r.number = ?) "
                        "ORDER BY r.number, t.number", (event_id, round_no, round_no))
    return [_table(r) for r in rows]


def table_by_code(conn: sqlite3.Connection, code: str) -> Table | None:
    row = conn.execute(_TABLE + "WHERE t.code = ?", (code,)).fetchone()
    return _table(row) if row else None


def table_by_id(conn: sqlite3.Connection, table_id: int) -> Table | None:
    row = conn.execute(_TABLE + "WHERE t.id = ?", (table_id,)).fetchone()
    return _table(row) if row else None


def deals(conn: sqlite3.Connection, table_id: int) -> list[Deal]:
    return [Deal(r[0], json.loads(r[1]), r[2]) for r in conn.execute(
        "SELECT number, sheet, seat FROM evening_deal WHERE table_id = ? ORDER BY number",
        (table_id,))]


def deal_counts(conn: sqlite3.Connection, event_id: int) -> dict[int, int]:
    return {int(r[0]): int(r[1]) for r in conn.execute(
        "SELECT d.table_id, count(*) FROM evening_deal d JOIN evening_table t ON "
        "t.id = d.table_id JOIN evening_round r ON r.id = t.round_id WHERE r.event_id = ? "
        "GROUP BY d.table_id", (event_id,))}


def submitted(conn: sqlite3.Connection, key: str) -> str | None:
    row = conn.execute("SELECT what FROM evening_submission WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row else None


def store_deal(conn: sqlite3.Connection, table_id: int, number: int, sheet: dict[str, Any],
               seat: int | None, key: str, what: str) -> str | None:
    """Store deal ``number`` of the table (a new one, or one the table changes before it
    confirmed) with the submission's key, in one transaction. Returns what an earlier
    submission with this key stored (nothing stored again), else None."""
    with transaction(conn):
        again = submitted(conn, key)
        if again is not None:
            return again
        conn.execute("INSERT INTO evening_deal (table_id, number, sheet, seat, entered) VALUES "
                     "(?, ?, ?, ?, ?) ON CONFLICT (table_id, number) DO UPDATE SET "
                     "sheet = excluded.sheet, seat = excluded.seat, entered = excluded.entered",
                     (table_id, number, json.dumps(sheet), seat, now()))
        conn.execute("INSERT INTO evening_submission (key, table_id, what, at) VALUES "
                     "(?, ?, ?, ?)", (key, table_id, what, now()))
    return None


def confirm(conn: sqlite3.Connection, table_id: int, seat: int | None, key: str) -> str | None:
    with transaction(conn):
        again = submitted(conn, key)
        if again is not None:
            return again
        conn.execute("UPDATE evening_table SET confirmed = ?, confirmed_by = ? WHERE id = ?",
                     (now(), seat, table_id))
        conn.execute("INSERT INTO evening_submission (key, table_id, what, at) VALUES "
                     "(?, ?, 'confirmed', ?)", (key, table_id, now()))
    return None


def correct(conn: sqlite3.Connection, event_id: int, table_id: int, number: int,
            sheet: dict[str, Any] | None, reason: str, key: str) -> str | None:
    """The director's correction of deal ``number`` (``sheet`` None: the deal is removed),
    stored with the old and new sheets and the reason, in one transaction."""
    with transaction(conn):
        again = submitted(conn, key)
        if again is not None:
            return again
        row = conn.execute("SELECT sheet FROM evening_deal WHERE table_id = ? AND number = ?",
                           (table_id, number)).fetchone()
        old = row[0] if row else None
        if sheet is None:
            conn.execute("DELETE FROM evening_deal WHERE table_id = ? AND number = ?",
                         (table_id, number))
            # the later deals move up one, so that the table's deals stay numbered 1, 2, …
            # (one row at a time, upwards: the numbers stay unique at every step)
            for (later,) in conn.execute("SELECT number FROM evening_deal WHERE table_id = ? "
                                         "AND number > ? ORDER BY number",
                                         (table_id, number)).fetchall():
                conn.execute("UPDATE evening_deal SET number = ? WHERE table_id = ? AND "
                             "number = ?", (later - 1, table_id, later))
        else:
            conn.execute("INSERT INTO evening_deal (table_id, number, sheet, seat, entered) "
                         "VALUES (?, ?, ?, NULL, ?) ON CONFLICT (table_id, number) DO UPDATE "
                         "SET sheet = excluded.sheet, seat = NULL, entered = excluded.entered",
                         (table_id, number, json.dumps(sheet), now()))
        conn.execute("INSERT INTO evening_correction (event_id, table_id, deal, at, old, new, "
                     "reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (event_id, table_id, number, now(), old,
                      None if sheet is None else json.dumps(sheet), reason))
        conn.execute("INSERT INTO evening_submission (key, table_id, what, at) VALUES "
                     "(?, ?, 'corrected', ?)", (key, table_id, now()))
    return None


@dataclass
class Correction:
    at: str
    round: int
    table: int
    deal: int
    old: str | None
    new: str | None
    reason: str


def corrections(conn: sqlite3.Connection, event_id: int) -> list[Correction]:
    return [Correction(*r) for r in conn.execute(
        "SELECT c.at, r.number, t.number, c.deal, c.old, c.new, c.reason FROM "
        "evening_correction c JOIN evening_table t ON t.id = c.table_id JOIN evening_round r "
        "ON r.id = t.round_id WHERE c.event_id = ? ORDER BY c.id", (event_id,))]


def people(conn: sqlite3.Connection) -> list[tuple[str, str | None, str | None]]:
    """The archive's people (name, club, key) and the names of entrants linked to none."""
    rows = conn.execute("SELECT name, club, key FROM person UNION SELECT name, club, NULL "
                        "FROM entrant WHERE person_id IS NULL ORDER BY 1, 2").fetchall()
    return [(str(r[0]), r[1], r[2]) for r in rows]


# -- a table's written totals (schema version 5) ---------------------------------------------
@dataclass
class Written:
    """The totals a table entered instead of its deals, and the seat that entered them."""

    totals: list[int]
    seat: int | None


def totals(conn: sqlite3.Connection, table_id: int) -> Written | None:
    """The totals a table entered instead of its deals, or None."""
    row = conn.execute("SELECT totals, seat FROM evening_totals WHERE table_id = ?",
                       (table_id,)).fetchone()
    return Written([int(x) for x in json.loads(row[0])], row[1]) if row else None


def totals_of_event(conn: sqlite3.Connection, event_id: int) -> dict[int, list[int]]:
    """Every table of the event that entered its totals: table id -> totals."""
    return {int(r[0]): [int(x) for x in json.loads(r[1])] for r in conn.execute(
        "SELECT s.table_id, s.totals FROM evening_totals s JOIN evening_table t ON "
        "t.id = s.table_id JOIN evening_round r ON r.id = t.round_id WHERE r.event_id = ?",
        (event_id,))}


def store_totals(conn: sqlite3.Connection, table_id: int, values: list[int] | None,
                 seat: int | None, key: str, what: str) -> str | None:
    """Store (or, ``values`` None, remove) the table's totals with the submission's key, in
    one transaction. Returns what an earlier submission with this key stored, else None."""
    with transaction(conn):
        again = submitted(conn, key)
        if again is not None:
            return again
        if values is None:
            conn.execute("DELETE FROM evening_totals WHERE table_id = ?", (table_id,))
        else:
            conn.execute("INSERT INTO evening_totals (table_id, totals, seat, entered) VALUES "
                         "(?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET totals = "
                         "excluded.totals, seat = excluded.seat, entered = excluded.entered",
                         (table_id, json.dumps(values), seat, now()))
        conn.execute("INSERT INTO evening_submission (key, table_id, what, at) VALUES "
                     "(?, ?, ?, ?)", (key, table_id, what, now()))
    return None


def set_changes(conn: sqlite3.Connection, event_id: int, t: Table, changes: dict[str, Any],
                reason: str, key: str, gone: str | None) -> str | None:
    """Store the table's departures (who left, who took a seat over, ended early), logged
    as a correction with the old and new ones and the reason; the entrant who left
    (``gone``) plays no later round. One transaction."""
    with transaction(conn):
        again = submitted(conn, key)
        if again is not None:
            return again
        conn.execute("UPDATE evening_table SET changes = ? WHERE id = ?",
                     (json.dumps(changes), t.id))
        if gone is not None:
            conn.execute("UPDATE evening_entrant SET withdrawn_after = ? WHERE event_id = ? "
                         "AND entrant = ? AND (withdrawn_after IS NULL OR withdrawn_after > ?)",
                         (t.round, event_id, gone, t.round))
        conn.execute("INSERT INTO evening_correction (event_id, table_id, deal, at, old, new, "
                     "reason) VALUES (?, ?, NULL, ?, ?, ?, ?)",
                     (event_id, t.id, now(), json.dumps(t.changes) if t.changes else None,
                      json.dumps(changes), reason))
        conn.execute("INSERT INTO evening_submission (key, table_id, what, at) VALUES "
                     "(?, ?, 'departure recorded', ?)", (key, t.id, now()))
    return None
