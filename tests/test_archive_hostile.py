"""The archive against hostile files, hostile queries and a full disk (issue 39, part 3): a
query's time, rows and memory bounded, its functions allow-listed; a file whose schema
tarockrec did not make refused before anything of it runs; a reading command never writes;
a failed write said in one line, and an archive left as two files said to be; an export into
one file that validates alone. Each test failed before its fix."""
from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from conftest import ROOT, archive_rows as rows
from tarockrec.cli import main

SAMPLES = Path(ROOT) / "samples"
TOURNAMENTS = SAMPLES / "tournaments" / "valid"
KR_VALID = SAMPLES / "koenigrufen" / "valid"
#: a query that never ends by itself
ENDLESS = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r"


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def cli(*args: Any, timeout: float = 300, **kw: Any) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own; its peak memory (kB) on the last line of stderr."""
    code = ("import resource, sys\nfrom tarockrec.cli import main\ntry:\n    main(sys.argv[1:])\n"
            "finally:\n    sys.stderr.write('\\nMAXRSS %d\\n' % "
            "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=timeout, **kw)


def peak_mb(done: subprocess.CompletedProcess[str]) -> float:
    return int(done.stderr.rsplit("MAXRSS ", 1)[1]) / 1024


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("built") / "a.db"
    res = run("archive", "add", db, TOURNAMENTS)
    assert res.exit_code == 0, res.output
    return db


@pytest.fixture
def db(built: Path, tmp_path: Path) -> Path:
    """A copy of an archive of the tournament samples, one file."""
    assert not Path(f"{built}-wal").exists()
    shutil.copy(built, tmp_path / "a.db")
    return tmp_path / "a.db"


# -- 3.2 bounds ---------------------------------------------------------------------------------
def test_an_endless_query_is_stopped_at_its_deadline(db: Path) -> None:
    """A recursive CTE ran until killed."""
    done = cli("archive", "query", db, "SELECT count(*) FROM (" + ENDLESS + ")",
               "--timeout", "2", timeout=120)
    assert done.returncode == 2, done.stderr
    assert "ARCHIVE-LIMIT" in done.stderr and "longer than 2 s" in done.stderr


def test_a_query_that_grows_a_value_is_stopped_in_bounded_memory(db: Path) -> None:
    """A string-doubling query took 752 MB in 20 s (and went on). The address space is capped
    at 2 GB here so that the machine survives the code before the fix."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    done = cli("archive", "query", db, "WITH RECURSIVE r(s) AS (SELECT 'xy' UNION ALL SELECT "
               "s || s FROM r) SELECT length(s) FROM r", timeout=120, preexec_fn=cap)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "ARCHIVE-LIMIT" in done.stderr and "memory" in done.stderr
    assert peak_mb(done) < 400, peak_mb(done)


def test_rows_are_written_as_they_come_and_capped(db: Path) -> None:
    """30 M rows were collected in memory before the first was written; now they stream (the
    peak does not grow with them), and --max-rows stops them."""
    res = run("archive", "query", db, ENDLESS, "--max-rows", "5", "--format", "json")
    assert res.exit_code == 2
    assert json.loads(res.stdout) == [{"n": n} for n in range(1, 6)]     # a whole JSON array
    assert "ARCHIVE-LIMIT" in res.stderr and "more than 5 rows" in res.stderr
    small = cli("archive", "query", db, ENDLESS + " LIMIT 1000", "--format", "csv")
    big = cli("archive", "query", db, ENDLESS + " LIMIT 400000", "--format", "csv")
    assert small.returncode == big.returncode == 0, big.stderr
    assert big.stdout.count("\n") == 400001
    assert peak_mb(big) < peak_mb(small) + 15, (peak_mb(small), peak_mb(big))


@pytest.mark.parametrize("sql", ["SELECT fts3_tokenizer('simple')",
                                 "SELECT load_extension('x')"])
def test_functions_outside_the_allow_list_are_refused(db: Path, sql: str) -> None:
    """fts3_tokenizer('simple') handed out a memory address."""
    res = run("archive", "query", db, sql)
    assert res.exit_code == 2 and "ARCHIVE-QUERY" in res.stderr, res.output
    assert sql.split("(")[0].split()[-1] in res.stderr and res.stdout == ""
    ok = run("archive", "query", db, "SELECT upper(name), json_array(count(*)), "
             "round(avg(tables), 1) FROM events GROUP BY name ORDER BY name LIMIT 1")
    assert ok.exit_code == 0, ok.output


# -- 3.5 a BLOB, an infinite number ----------------------------------------------------------------
def test_a_blob_and_an_infinite_number_are_written_as_json_can_hold_them(db: Path) -> None:
    """A BLOB ended in a TypeError traceback, and 1e999 was written as Infinity (not JSON):
    a BLOB is its bytes in hex, an infinite number null (an empty cell in CSV)."""
    sql = "SELECT x'00ff' AS b, 1e999 AS inf, -1e999 AS minus, 1.5 AS f"
    res = run("archive", "query", db, sql, "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout, parse_constant=lambda c: pytest.fail(c)) == \
        [{"b": "00FF", "inf": None, "minus": None, "f": 1.5}]
    res = run("archive", "query", db, sql, "--format", "csv")
    assert res.stdout.splitlines() == ["b,inf,minus,f", "00FF,,,1.5"]


# -- 3.2, 3.4: objects the project did not create -------------------------------------------------
def _plant(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()


TRIGGER = ("CREATE TRIGGER rename AFTER INSERT ON entrant BEGIN UPDATE entrant SET "
           "name = 'pwned'; END")
HANGING_VIEW = ("CREATE VIEW events AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 "
                "FROM r) SELECT n AS name FROM r")


def test_a_trigger_in_the_file_never_runs(db: Path) -> None:
    """A hostile archive's trigger ran during add (it renamed every entrant) and check still
    reported 0 changed: the file is refused before anything is written, by check too."""
    _plant(db, TRIGGER)
    before = db.read_bytes()
    res = run("archive", "add", db, SAMPLES / "tournaments" / "series")
    assert res.exit_code == 2 and "ARCHIVE-SCHEMA" in res.stderr, res.output
    assert "trigger rename" in res.stderr
    assert db.read_bytes() == before and not Path(f"{db}-wal").exists()
    assert rows(db, "SELECT count(*) FROM entrant WHERE name = 'pwned'") == [(0,)]
    res = run("archive", "check", db)
    assert res.exit_code == 2 and "ARCHIVE-SCHEMA" in res.stderr, res.output


@pytest.mark.parametrize("command", [["query", "SELECT * FROM events"], ["stats"],
                                     ["standings", "--series", "x"]])
def test_a_view_the_archive_does_not_define_is_refused(db: Path, command: list[str]) -> None:
    """A hostile archive's own views hung query and standings."""
    _plant(db, "DROP VIEW events", HANGING_VIEW)
    done = cli("archive", command[0], db, *command[1:], timeout=120)
    assert done.returncode == 2 and "ARCHIVE-SCHEMA" in done.stderr, done.stderr
    assert "view events" in done.stderr


def test_an_extra_view_is_refused(db: Path) -> None:
    _plant(db, "CREATE VIEW mine AS SELECT 1")
    res = run("archive", "query", db, "SELECT 1")
    assert res.exit_code == 2 and "ARCHIVE-SCHEMA" in res.stderr and "view mine" in res.stderr


@pytest.mark.parametrize("command", [["people"], ["player", "Anna"], ["check"],
                                     ["standings", "--series", "Wiener Cup 2025/26"],
                                     ["query", "SELECT * FROM events"]])
def test_an_archive_without_its_tables_is_said_to_be_one(tmp_path: Path,
                                                         command: list[str]) -> None:
    """The right version but no tables: a traceback (no such table)."""
    db = tmp_path / "empty.db"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 2")
    conn.close()
    res = run("archive", command[0], db, *command[1:])
    assert res.exit_code == 2, res.output
    assert "ARCHIVE-SCHEMA" in res.stderr and "missing" in res.stderr and "table" in res.stderr


# -- 3.7 a reading command never writes --------------------------------------------------------
@pytest.mark.parametrize("command", [["query", "SELECT 1"], ["stats"], ["people"],
                                     ["check"]])
def test_a_reading_command_leaves_an_empty_file_empty(tmp_path: Path,
                                                      command: list[str]) -> None:
    """query on a zero-byte file turned it into an archive."""
    empty = tmp_path / "zero.db"
    empty.write_bytes(b"")
    res = run("archive", command[0], empty, *command[1:])
    assert res.exit_code == 2 and "ARCHIVE-SCHEMA" in res.stderr, res.output
    assert "empty file" in res.stderr
    assert empty.read_bytes() == b"" and sorted(os.listdir(tmp_path)) == ["zero.db"]
    res = run("archive", command[0], tmp_path / "missing.db", *command[1:])
    assert res.exit_code == 2 and "no such file" in res.stderr
    assert sorted(os.listdir(tmp_path)) == ["zero.db"]


# -- 3.5 tracebacks --------------------------------------------------------------------------
def test_a_person_merged_into_itself_is_refused(db: Path) -> None:
    (name,) = rows(db, "SELECT min(name) FROM entrant")[0]
    assert run("archive", "link", db, "--name", name, "--yes").exit_code == 0
    (pid,) = rows(db, "SELECT min(id) FROM person")[0]
    linked = rows(db, "SELECT count(*) FROM entrant WHERE person_id = ?", pid)
    res = run("archive", "link", db, "--merge", f"#{pid}", f"#{pid}")
    assert res.exit_code == 2 and "same person" in res.stderr, res.output
    assert rows(db, "SELECT count(*) FROM entrant WHERE person_id = ?", pid) == linked
    assert rows(db, "SELECT count(*) FROM person WHERE id = ?", pid) == [(1,)]


def test_check_on_a_damaged_page_says_so(db: Path) -> None:
    """check on a corrupted page ended in a traceback."""
    conn = sqlite3.connect(db)
    (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'records'"
                           ).fetchone()
    (size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    data = bytearray(db.read_bytes())
    start = (page - 1) * size
    data[start + 8:start + size] = b"\xff" * (size - 8)       # the header kept, cells broken
    db.write_bytes(bytes(data))
    res = run("archive", "check", db)
    assert res.exit_code == 2, res.output
    assert "ARCHIVE-DAMAGED" in res.stderr and "damaged" in res.stderr


# -- 3.3 a full disk, a file-size limit -----------------------------------------------------------
@pytest.fixture
def file_size_limit() -> Iterator[Any]:
    """Set the soft file-size limit of this process for a while (SIGXFSZ ignored, so a write
    past it fails with EFBIG as on a full disk), and restore both after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    def limit(size: int) -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield limit
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


def test_a_write_that_fails_midway_leaves_the_archive_as_it_was(db: Path,
                                                                file_size_limit: Any) -> None:
    """Disk full during add ended in a traceback ("cannot rollback - no transaction is
    active")."""
    before = rows(db, "SELECT count(*) FROM records")
    file_size_limit(db.stat().st_size // 4)     # the log cannot take the add
    res = run("archive", "add", db, KR_VALID)
    file_size_limit(resource.RLIM_INFINITY)
    assert res.exit_code == 2, res.output
    assert "ARCHIVE-WRITE" in res.stderr and f"nothing added to {db}" in res.stderr
    assert rows(db, "SELECT count(*) FROM records") == before
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]


def test_an_archive_left_as_two_files_is_said_to_be(db: Path, file_size_limit: Any) -> None:
    """Under ulimit -f, add said "N stored" with exit 0 though the log could not be written
    back: the .db copied alone was then malformed, though the docs say it is one file."""
    file_size_limit(db.stat().st_size + 8192)   # the log fits, the archive cannot grow
    res = run("archive", "add", db, KR_VALID)
    file_size_limit(resource.RLIM_INFINITY)
    assert res.exit_code == 2, res.output
    assert " stored" in res.stdout and "0 stored" not in res.stdout
    wal = Path(f"{db}-wal")
    assert wal.stat().st_size > 0
    assert "ARCHIVE-WRITE" in res.stderr and str(wal) in res.stderr and "copy both" in res.stderr
    # what was stored is there, with its log; the next write with room folds it back in
    stored = rows(db, "SELECT count(*) FROM records")
    res = run("archive", "add", db, SAMPLES / "tournaments" / "series")
    assert res.exit_code == 0, res.output
    assert not wal.exists() or wal.stat().st_size == 0
    assert rows(db, "SELECT count(*) FROM records")[0][0] > stored[0][0]


# -- 3.6 an export into one file validates alone -------------------------------------------------
ALL_VALID = sorted(SAMPLES.glob("*/valid")) + [SAMPLES / "tournaments" / "series"]


def test_every_sample_round_trips_through_every_export_format(tmp_path: Path) -> None:
    """A tournament whose tables are files of their own was exported into one file with its
    source paths and not the files: refused by validate (TOURN-SOURCE). Its tables' sessions
    are now written inline: every shipped valid sample, through every format, validates."""
    db = tmp_path / "all.db"
    res = run("archive", "add", db, *ALL_VALID)
    assert res.exit_code == 0, res.output
    (n,) = rows(db, "SELECT count(*) FROM records")[0]
    assert rows(db, "SELECT count(*) FROM attachments")[0][0] >= 4
    outs = []
    for fmt in ("jsonl", "xml", "text", "files"):
        out = tmp_path / f"out-{fmt}"
        res = run("archive", "export", db, "-o", out, "--format", fmt)
        assert res.exit_code == 0, res.output
        outs.append(out)
    for out in outs:
        res = run("validate", out, "--format", "json")
        assert res.exit_code == 0, (out, res.stdout[-3000:])
        summary = json.loads(res.stdout.splitlines()[-1])["summary"]
        assert summary["valid"] == summary["records"] == n, (out, summary)


def test_a_table_file_that_cannot_go_inline_is_refused_naming_files(tmp_path: Path) -> None:
    src = tmp_path / "t"
    shutil.copytree(TOURNAMENTS, src)
    session = src / "sessions" / "round1-table1.json"
    rec = json.loads(session.read_text())
    rec["meta"] = {"note": "entered by the director"}
    session.write_text(json.dumps(rec))
    db = tmp_path / "a.db"
    assert run("archive", "add", db, src / "sessions-in-files.json").exit_code == 0
    out = tmp_path / "one.jsonl"
    res = run("archive", "export", db, "-o", out)
    assert res.exit_code == 2, res.output
    assert "ARCHIVE-EXPORT" in res.stderr and "--format files" in res.stderr
    assert "sessions/round1-table1.json" in res.stderr and not out.exists()


def test_a_reader_in_the_way_is_noted_not_an_error(db: Path) -> None:
    """The log is written back without waiting for a reader (readers never hold up a
    writer): one still reading an older state leaves the -wal file, which is noted (exit 0)
    and folded in by the next write."""
    reader = sqlite3.connect(db)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM records").fetchone()      # holds its snapshot
    try:
        res = run("archive", "add", db, KR_VALID)
    finally:
        reader.close()
    assert res.exit_code == 0, res.output
    assert "note:" in res.stderr and "-wal is left beside" in res.stderr
    assert "ARCHIVE-WRITE" not in res.stderr
    res = run("archive", "add", db, SAMPLES / "tournaments" / "series")
    assert res.exit_code == 0 and "note:" not in res.stderr, res.output
    assert not Path(f"{db}-wal").exists()
