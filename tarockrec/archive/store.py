"""The archive's store: one SQLite file, its schema versioned with ``PRAGMA user_version``.

``MIGRATIONS[k]`` takes a store from version ``k`` to ``k + 1``; ``open_archive`` applies the
missing ones in the transaction that opens a writable store, so an archive of any earlier
version is brought up to date when it is next written (and a read-only one is read as it is,
when its version is current). Writers use WAL and a busy timeout: two ``archive add`` at once
both succeed, one after the other; readers never wait for a writer.
"""
from __future__ import annotations

import functools
import os
import re
import sqlite3
from importlib import metadata
from urllib.parse import quote

from ..findings import Finding

#: version 1: records kept verbatim (``documents``), their index rows and findings
_V1 = """
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE,          -- of data
  name TEXT NOT NULL,                   -- the file's name as given (a table file: relative
                                        -- to its tournament's file)
  format TEXT NOT NULL,                 -- json | jsonl | xml | text
  compression TEXT,                     -- gz | zst: how the file came (data is decompressed)
  records INTEGER NOT NULL,             -- records read from it
  data BLOB NOT NULL);                  -- the bytes as they came (a JSON Lines line: that line)
CREATE TABLE records (
  id INTEGER PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE,          -- of the canonical form: what makes a duplicate
  document_id INTEGER NOT NULL REFERENCES documents(id),
  doc_index INTEGER NOT NULL,           -- 1 = the document's first record
  source TEXT NOT NULL, line INTEGER,
  kind TEXT, game TEXT, rules TEXT,
  valid INTEGER NOT NULL,
  outcome TEXT,                         -- the validated scores, compared by ``archive check``
  version TEXT NOT NULL,                -- the tarockrec that validated it
  added TEXT NOT NULL,
  canonical TEXT NOT NULL);
CREATE TABLE attachments (             -- a tournament's table files
  record_id INTEGER NOT NULL REFERENCES records(id),
  path TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  PRIMARY KEY (record_id, path));
CREATE TABLE event (
  id INTEGER PRIMARY KEY,
  record_id INTEGER NOT NULL UNIQUE REFERENCES records(id),
  name TEXT, date TEXT, season TEXT, site TEXT, series TEXT, game TEXT, rules TEXT,
  ranked INTEGER NOT NULL);             -- standings derived (every table's result known)
CREATE TABLE entrant (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES event(id),
  entrant TEXT NOT NULL, name TEXT NOT NULL, club TEXT, team TEXT,
  person_key TEXT,                      -- the record's ``person`` id of the entrant
  rank INTEGER, total INTEGER, score INTEGER, rank_points INTEGER, cup_points INTEGER,
  UNIQUE (event_id, entrant));
CREATE TABLE tbl (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES event(id),
  round INTEGER NOT NULL, number INTEGER NOT NULL, name TEXT, size INTEGER NOT NULL,
  play TEXT NOT NULL);                  -- deals | source | totals
CREATE TABLE tbl_seat (
  table_id INTEGER NOT NULL REFERENCES tbl(id), seat INTEGER NOT NULL,
  entrant_id INTEGER REFERENCES entrant(id), result INTEGER, place INTEGER,
  PRIMARY KEY (table_id, seat));
CREATE TABLE deal (
  id INTEGER PRIMARY KEY,
  record_id INTEGER NOT NULL REFERENCES records(id),
  table_id INTEGER REFERENCES tbl(id),
  number INTEGER NOT NULL, dealer INTEGER, contract TEXT, declarer INTEGER, partner INTEGER,
  multiplier INTEGER, cards INTEGER NOT NULL);
CREATE TABLE deal_seat (
  deal_id INTEGER NOT NULL REFERENCES deal(id), seat INTEGER NOT NULL, player TEXT,
  entrant_id INTEGER REFERENCES entrant(id), score INTEGER, money INTEGER,
  PRIMARY KEY (deal_id, seat));
CREATE TABLE score_item (
  deal_id INTEGER NOT NULL REFERENCES deal(id), position INTEGER NOT NULL, name TEXT NOT NULL,
  base INTEGER, multiplier INTEGER, deltas TEXT NOT NULL);
CREATE TABLE finding (
  record_id INTEGER NOT NULL REFERENCES records(id), code TEXT NOT NULL, severity TEXT NOT NULL,
  pointer TEXT NOT NULL, line INTEGER, message TEXT NOT NULL);
CREATE INDEX records_document ON records(document_id);
CREATE INDEX entrant_event ON entrant(event_id);
CREATE INDEX tbl_event ON tbl(event_id);
CREATE INDEX tbl_seat_entrant ON tbl_seat(entrant_id);
CREATE INDEX deal_record ON deal(record_id);
CREATE INDEX deal_table ON deal(table_id);
CREATE INDEX deal_seat_entrant ON deal_seat(entrant_id);
CREATE INDEX score_item_deal ON score_item(deal_id);
CREATE INDEX finding_record ON finding(record_id);
CREATE INDEX event_series ON event(series, season);
"""

#: version 2: the person register, each deal's declaring entrant (a person's deals found by
#: index), and the documented views (docs/archive.md)
_V2 = """
CREATE TABLE person (
  id INTEGER PRIMARY KEY,
  key TEXT UNIQUE,                      -- a federation or club id (an entrant's ``person``)
  name TEXT NOT NULL, club TEXT);
ALTER TABLE entrant ADD COLUMN person_id INTEGER REFERENCES person(id);
ALTER TABLE entrant ADD COLUMN link TEXT;          -- id | confirmed
CREATE INDEX entrant_person ON entrant(person_id);
CREATE INDEX entrant_name ON entrant(name, club);
CREATE INDEX deal_seat_player ON deal_seat(player);
CREATE INDEX deal_contract ON deal(contract);
ALTER TABLE deal ADD COLUMN declarer_entrant INTEGER REFERENCES entrant(id);
UPDATE deal SET declarer_entrant = (SELECT s.entrant_id FROM deal_seat s
  WHERE s.deal_id = deal.id AND s.seat = deal.declarer);
CREATE INDEX deal_declarer_entrant ON deal(declarer_entrant);
CREATE VIEW events AS
  SELECT e.id AS event_id, e.record_id, e.name, e.date, e.season, e.site, e.series, e.game,
         e.rules, e.ranked,
         (SELECT count(*) FROM tbl t WHERE t.event_id = e.id) AS tables,
         (SELECT count(*) FROM tbl t WHERE t.event_id = e.id AND t.play = 'totals')
           AS totals_only_tables,
         (SELECT count(*) FROM entrant n WHERE n.event_id = e.id) AS entrants
  FROM event e;
CREATE VIEW tables AS
  SELECT t.id AS table_id, t.event_id, e.name AS event, e.season, t.round + 1 AS round,
         t.name AS table_name, t.size, t.play,
         (SELECT count(*) FROM deal d WHERE d.table_id = t.id) AS deals
  FROM tbl t JOIN event e ON e.id = t.event_id;
CREATE VIEW entrants AS
  SELECT n.id AS entrant_row, n.event_id, e.name AS event, e.date, e.season, e.series,
         n.entrant, n.name, n.club, n.team, n.person_id, n.rank, n.total, n.score,
         n.rank_points, n.cup_points
  FROM entrant n JOIN event e ON e.id = n.event_id;
CREATE VIEW deals AS
  SELECT d.id AS deal_id, d.record_id, t.event_id, d.table_id, t.round + 1 AS round,
         t.name AS table_name, d.number, r.game, e.season, d.dealer, d.contract, d.declarer,
         d.partner, d.multiplier, d.cards,
         ds.player AS declarer_name, dn.person_id AS declarer_person_id,
         ds.score AS declarer_score
  FROM deal d JOIN records r ON r.id = d.record_id
  LEFT JOIN tbl t ON t.id = d.table_id LEFT JOIN event e ON e.id = t.event_id
  LEFT JOIN deal_seat ds ON ds.deal_id = d.id AND ds.seat = d.declarer
  LEFT JOIN entrant dn ON dn.id = d.declarer_entrant;
CREATE VIEW seat_scores AS
  SELECT s.deal_id, t.event_id, e.season, r.game, s.seat, s.player, n.entrant,
         n.person_id, d.contract, s.seat = d.declarer AS declarer,
         s.seat = d.partner AS partner, s.score, s.money
  FROM deal_seat s JOIN deal d ON d.id = s.deal_id JOIN records r ON r.id = d.record_id
  LEFT JOIN entrant n ON n.id = s.entrant_id
  LEFT JOIN tbl t ON t.id = d.table_id LEFT JOIN event e ON e.id = t.event_id;
CREATE VIEW items AS
  SELECT i.deal_id, t.event_id, d.contract, i.position, i.name, i.base, i.multiplier,
         i.deltas
  FROM score_item i JOIN deal d ON d.id = i.deal_id LEFT JOIN tbl t ON t.id = d.table_id;
CREATE VIEW people AS
  SELECT p.id AS person_id, p.key, p.name, p.club,
         (SELECT count(*) FROM entrant n WHERE n.person_id = p.id) AS events,
         (SELECT min(e.date) FROM entrant n JOIN event e ON e.id = n.event_id
           WHERE n.person_id = p.id) AS first_date,
         (SELECT max(e.date) FROM entrant n JOIN event e ON e.id = n.event_id
           WHERE n.person_id = p.id) AS last_date
  FROM person p;
CREATE VIEW findings AS
  SELECT f.record_id, r.source, r.line AS record_line, r.valid, f.code, f.severity,
         f.pointer, f.line, f.message
  FROM finding f JOIN records r ON r.id = f.record_id;
"""

#: version 3: the log of every link, merge and unlink of the person register (issue 43)
_V3 = """
CREATE TABLE person_log (
  id INTEGER PRIMARY KEY,
  time TEXT NOT NULL,                   -- UTC, 2026-01-31T18:00:00Z
  action TEXT NOT NULL,                 -- link | merge | unlink
  person_id INTEGER,                    -- the person linked to (merged into, unlinked from)
  person TEXT,                          -- its key or name then (a person may be merged away)
  entrant_id INTEGER, event_id INTEGER, entrant TEXT, name TEXT,
  detail TEXT);
CREATE VIEW links AS
  SELECT l.id AS log_id, l.time, l.action, l.person_id, l.person, l.entrant_id AS entrant_row,
         l.event_id, e.name AS event, e.date, l.entrant, l.name, l.detail
  FROM person_log l LEFT JOIN event e ON e.id = l.event_id;
"""

#: version 4: the evenings ``tarockrec serve`` runs (tarockrec/serve/storage.py): an event
#: being played, its register, rounds, tables, the deals each table entered, the submissions
#: already stored (a resend is stored once), the director's corrections
_V4 = """
CREATE TABLE evening_event (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, rules TEXT NOT NULL,
  name TEXT NOT NULL, date TEXT, site TEXT, series TEXT,
  state TEXT NOT NULL DEFAULT 'open',   -- open | finished
  created TEXT NOT NULL,
  record_id INTEGER REFERENCES records(id));  -- the archived tournament, once finished
CREATE TABLE evening_entrant (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES evening_event(id),
  entrant TEXT NOT NULL,                -- the record's entrant id
  name TEXT NOT NULL, club TEXT,
  person_key TEXT,                      -- a person id of the archive's register
  from_round INTEGER NOT NULL DEFAULT 1,  -- a late entrant plays from this round
  withdrawn_after INTEGER,              -- left after this round (0: before round 1)
  UNIQUE (event_id, entrant));
CREATE TABLE evening_round (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES evening_event(id),
  number INTEGER NOT NULL,              -- 1, 2, ...
  method TEXT NOT NULL,                 -- fixed | random | standings
  seed INTEGER,
  draw TEXT,                            -- the record's draw entry (JSON; tournament/draw.py)
  drawn TEXT NOT NULL,
  UNIQUE (event_id, number));
CREATE TABLE evening_table (
  id INTEGER PRIMARY KEY,
  round_id INTEGER NOT NULL REFERENCES evening_round(id),
  number INTEGER NOT NULL,
  seats TEXT NOT NULL,                  -- JSON list of entrant ids in seat order
  code TEXT NOT NULL UNIQUE,            -- the table's short code (its address)
  confirmed TEXT,                       -- when a second seat confirmed the result
  confirmed_by INTEGER,                 -- that seat
  UNIQUE (round_id, number));
CREATE TABLE evening_deal (
  id INTEGER PRIMARY KEY,
  table_id INTEGER NOT NULL REFERENCES evening_table(id),
  number INTEGER NOT NULL,              -- 1, 2, ... at the table
  sheet TEXT NOT NULL,                  -- the score-sheet deal (JSON: dealer, outcome)
  seat INTEGER,                         -- the seat that entered it (null: the director)
  entered TEXT NOT NULL,
  UNIQUE (table_id, number));
CREATE TABLE evening_submission (
  key TEXT PRIMARY KEY,                 -- the idempotency key the form carried
  table_id INTEGER REFERENCES evening_table(id),
  what TEXT NOT NULL,                   -- what it stored, said again to a resend
  at TEXT NOT NULL);
CREATE TABLE evening_correction (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES evening_event(id),
  table_id INTEGER REFERENCES evening_table(id),
  deal INTEGER,                         -- the deal's number at the table
  at TEXT NOT NULL,
  old TEXT, new TEXT,                   -- JSON, null where there was none
  reason TEXT NOT NULL);
CREATE TABLE evening_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX evening_entrant_event ON evening_entrant(event_id);
CREATE INDEX evening_table_round ON evening_table(round_id);
CREATE INDEX evening_deal_table ON evening_deal(table_id);
CREATE INDEX evening_correction_event ON evening_correction(event_id);
"""

#: version 5: a table's written totals, where the rule set ranks by totals only and the table
#: enters its totals instead of its deals (issue 41, §3)
_V5 = """
CREATE TABLE evening_totals (
  table_id INTEGER PRIMARY KEY REFERENCES evening_table(id),
  totals TEXT NOT NULL,                 -- JSON list: each seat's total, adding up to 0
  seat INTEGER,                         -- the seat that entered them (null: the director)
  entered TEXT NOT NULL);
"""

#: version 6: a table's departures (tarockrec/serve/storage.py): who left, who took a seat
#: over, whether the director ended it early, as the tournament record writes them
_V6 = """
ALTER TABLE evening_table ADD COLUMN changes TEXT;  -- JSON: left, substitutes, ended_early
"""

MIGRATIONS = (_V1, _V2, _V3, _V4, _V5, _V6)
VERSION = len(MIGRATIONS)
#: the views ``archive query`` may read (docs/archive.md)
VIEWS = ("events", "tables", "entrants", "deals", "seat_scores", "items", "people", "findings",
         "links")
#: how long a writer waits for another one (ms): an ``add`` holds the lock while it runs
BUSY_MS = 600_000


class ArchiveError(Exception):
    """An archive that cannot be opened or is not one: a sentence for the user (with a
    finding code for the refusals the code names)."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.finding = Finding(code, message) if code is not None else None

    def __str__(self) -> str:
        said = super().__str__()
        return f"{self.finding.code}: {said}" if self.finding is not None else said


def tarockrec_version() -> str:
    try:
        return metadata.version("tarockrec")
    except metadata.PackageNotFoundError:
        return "unknown"


def open_archive(path: str, write: bool = False) -> sqlite3.Connection:
    """The archive at ``path``. Writing: created if missing, WAL, migrated to ``VERSION``.
    Reading: opened read-only (``mode=ro``; on a read-only medium, where SQLite cannot make
    its shared-memory file, ``immutable=1``)."""
    if os.path.isdir(path):
        raise ArchiveError(f"{path} is a folder, not an archive file")
    if write:
        return _open_writer(path)
    if not os.path.isfile(path):
        raise ArchiveError(f"{path} is not an archive: no such file")
    conn = _open_reader(path)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == 0:            # an empty file, or another program's: never made an archive
        refusal = _foreign(conn, path) or ArchiveError(
            f"{path} is not an archive (an empty file); archive add makes one",
            "ARCHIVE-SCHEMA")
        conn.close()
        raise refusal
    if version <= VERSION:
        try:
            check_schema(conn, path, version)
        except BaseException:
            conn.close()
            raise
    if version < VERSION and _writable(path):     # brought up to date, then read
        conn.close()
        _open_writer(path).close()
        conn = _open_reader(path)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version != VERSION:
        conn.close()
        raise ArchiveError(f"{path} is an archive of schema version {version}, this tarockrec "
                           f"reads version {VERSION}, and it cannot be brought up to date "
                           "where it is (read-only): copy it somewhere writable"
                           if version < VERSION
                           else f"{path} was written by a newer tarockrec (schema {version})")
    return conn


def _writable(path: str) -> bool:
    """Whether the archive and its folder can be written (for its journal files)."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def _open_reader(path: str) -> sqlite3.Connection:
    uri = "file:" + quote(os.path.abspath(path))
    try:
        conn = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=BUSY_MS / 1000)
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.DatabaseError as err:
        if "not a database" in str(err) or "malformed" in str(err):
            raise ArchiveError(f"{path} is not an archive ({err})") from None
    try:      # a read-only folder or medium: nothing will change it while we read
        conn = sqlite3.connect(uri + "?immutable=1", uri=True)
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.DatabaseError as err:
        raise ArchiveError(f"{path} cannot be read as an archive ({err})") from None


def _open_writer(path: str) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            conn.execute("PRAGMA trusted_schema = OFF")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            refusal = _foreign(conn, path) if version == 0 else None
            if refusal is not None:
                raise refusal
            if 0 < version <= VERSION:         # before anything is written
                check_schema(conn, path, version)
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise ArchiveError(f"{path} cannot be written in WAL mode ({mode})")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            migrate(conn)
        except BaseException:
            conn.close()
            raise
        return conn
    except sqlite3.DatabaseError as err:
        raise ArchiveError(f"{path} cannot be opened as an archive ({err})") from None


def _foreign(conn: sqlite3.Connection, path: str) -> ArchiveError | None:
    """An SQLite database of another program (no archive version, yet tables: a server's
    tarock.db given for the archive) is left as it is, not given the archive's tables."""
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                         "ORDER BY name")]
    if not tables:
        return None
    return ArchiveError(f"{path} is not an archive but another program's SQLite database "
                        f"(tables {', '.join(tables[:4])}); nothing was changed")


@functools.lru_cache(maxsize=None)
def expected_schema(version: int) -> frozenset[tuple[str, str, str, str]]:
    """The schema objects (type, name, table, SQL without white space) that the migrations
    up to ``version`` make: an archive of that version holds these and nothing else."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, upto=version)
        return frozenset(_objects(conn))
    finally:
        conn.close()


def _objects(conn: sqlite3.Connection) -> list[tuple[str, str, str, str]]:
    # (``sqlite_stat1`` and kin: the statistics an ANALYZE leaves, read by the planner only)
    return [(t, n, tb, re.sub(r"\s+", "", sql or "")) for t, n, tb, sql in conn.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%'")]


def check_schema(conn: sqlite3.Connection, path: str, version: int) -> None:
    """Refuse an archive whose schema is not the one its version's migrations make: a view,
    trigger, table or index this tarockrec did not create (a hostile file's trigger would run
    on the next write, its view on the next read), or a table missing. Nothing of the file's
    own SQL has run when this is called."""
    found = set(_objects(conn))
    want = expected_schema(version)
    order = {"table": 0, "view": 1, "trigger": 2, "index": 3}
    extra = sorted({(t, n) for t, n, _, _ in found - want},
                   key=lambda o: (order.get(o[0], 4), o[1]))
    missing = sorted({(t, n) for t, n, _, _ in want - found} - set(extra),
                     key=lambda o: (order.get(o[0], 4), o[1]))
    if extra:
        raise ArchiveError(f"{path} holds {_named(extra)} that tarockrec did not create "
                           f"(or that differ from its own); it is refused and nothing of it "
                           "was run", "ARCHIVE-SCHEMA")
    if missing:
        raise ArchiveError(f"{path} is not a whole archive of schema version {version}: "
                           f"{_named(missing)} missing", "ARCHIVE-SCHEMA")


def _named(objects: list[tuple[str, str]]) -> str:
    shown = ", ".join(f"{t} {n}" for t, n in objects[:5])
    return shown + (f" and {len(objects) - 5} more" if len(objects) > 5 else "")


def close_writer(conn: sqlite3.Connection, path: str) -> tuple[bool, str] | None:
    """Write the write-ahead log back into the archive's file and close it, so the archive is
    one file again (docs/archive.md: it can be copied as one). None when it is; else (failed,
    a sentence): failed when the log could not be written back (a full disk, a file-size
    limit: what was committed stays, in the ``-wal`` file, but the file alone is not the
    archive), not failed when a reader still reads an older state (the next write folds the
    rest in). The checkpoint never waits for a reader (PASSIVE)."""
    try:
        _, log, done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    except sqlite3.Error as err:
        conn.close()
        return True, (f"what was written is kept in {path}-wal, but it could not be written "
                      f"back into {path} ({err}): the archive is those two files, not {path} "
                      "alone (copy both; the next write of the archive, with room, folds it "
                      "in)")
    conn.close()
    if log != done and os.path.exists(path + "-wal"):
        return False, (f"{path}-wal is left beside {path} while another command reads the "
                       "archive: copy both, or copy after the next write")
    return None


def migrate(conn: sqlite3.Connection, upto: int = VERSION) -> int:
    """Apply the migrations from the store's version to ``upto``, each in one transaction
    with its new ``user_version``; returns the version reached."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise ArchiveError(f"this archive was written by a newer tarockrec (schema "
                               f"{version}, this one knows {VERSION})")
        for k in range(version, upto):
            for statement in _statements(MIGRATIONS[k]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {k + 1}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:        # (SQLite undoes it itself on a full disk)
            conn.execute("ROLLBACK")
        raise
    return max(int(version), upto)


def _statements(script: str) -> list[str]:
    """The statements of a migration (``executescript`` would commit the transaction)."""
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line.split("--", 1)[0] + ("\n" if "--" in line else "")
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    return [s for s in out if s]
