"""The archive (issue 34, docs/archive.md): adding records, duplicates, invalid records, the
verbatim export, the transaction under SIGKILL, two writers at once, the migration path from
schema version 1, a read-only archive, and ``archive check``."""
from __future__ import annotations

import filecmp
import gzip
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT, archive_rows as rows
from tarockrec.archive import store
from tarockrec.cli import main
from tarockrec.validate import validate_record

SAMPLES = Path(ROOT) / "samples"
KR_VALID = SAMPLES / "koenigrufen" / "valid"
TOURNAMENTS = SAMPLES / "tournaments" / "valid"
#: the tournament records among the samples (their tables' session files lie in sessions/)
N_TOURNAMENTS = len(list(TOURNAMENTS.glob("*.json")))


def _totals_only_tables() -> int:
    """The samples' tables that give only their totals: no deals, no session file."""
    return sum(1 for f in TOURNAMENTS.glob("*.json")
               for rnd in json.loads(f.read_text(encoding="utf-8"))["rounds"]
               for t in rnd["tables"] if "deals" not in t and "source" not in t)


def run(*args: str) -> Any:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result


def cli(*args: str, **kw: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "tarockrec.cli", *map(str, args)],
                          capture_output=True, text=True, env=env, **kw)


def test_add_indexes_every_kind_of_record(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    res = run("archive", "add", db, KR_VALID, TOURNAMENTS)
    assert res.exit_code == 0, res.output
    n_kr = len(list(KR_VALID.glob("*.json")))
    n_t = len(list(TOURNAMENTS.rglob("*.json")))
    assert f"{n_kr + n_t} stored" in res.output
    sessions = sum(1 for f in KR_VALID.glob("*.json") if "deals" in json.loads(f.read_text()))
    assert rows(db, "SELECT kind, count(*) FROM records GROUP BY kind ORDER BY kind") == \
        [("deal", n_kr - sessions), ("session", sessions + n_t - N_TOURNAMENTS),
         ("tournament", N_TOURNAMENTS)]
    assert rows(db, "SELECT count(*) FROM event")[0][0] == N_TOURNAMENTS
    # a tournament's tables, seats and the standings as validation derives them
    path = TOURNAMENTS / "full-deals.json"
    rep = validate_record(json.loads(path.read_text()), origin=str(path), tables=True)
    assert rep.standings is not None and rep.tables is not None
    got = rows(db, "SELECT n.entrant, n.rank, n.total FROM entrant n JOIN event e ON "
               "e.id = n.event_id WHERE e.name = 'Ulti-verseny (full deals)' ORDER BY n.rank, "
               "n.entrant")
    assert got == sorted(((r.entrant, r.rank, r.total) for r in rep.standings),
                      key=lambda x: (x[1], x[0]))
    deals = sum(len(t.session["deals"]) for t in rep.tables)
    assert rows(db, "SELECT count(*) FROM deal d JOIN tbl t ON t.id = d.table_id JOIN event e "
                "ON e.id = t.event_id WHERE e.name = 'Ulti-verseny (full deals)'")[0][0] == deals
    # each seat's score of a deal is the validator's; the items add up to it
    one = KR_VALID / "ex01-rufer-kontra-rekontra.json"
    scores = validate_record(json.loads(one.read_text())).scores[0]
    assert scores is not None
    got = rows(db, "SELECT s.seat, s.score FROM deal_seat s JOIN deal d ON d.id = s.deal_id "
               "JOIN records r ON r.id = d.record_id WHERE r.source = ? ORDER BY s.seat",
               str(one))
    assert [g[1] for g in got] == scores.deltas
    items = rows(db, "SELECT i.deltas FROM score_item i JOIN deal d ON d.id = i.deal_id JOIN "
                 "records r ON r.id = d.record_id WHERE r.source = ?", str(one))
    assert [sum(json.loads(i[0])[s] for i in items) for s in range(4)] == scores.deltas
    # the totals-only tables are told apart, and the version that validated each record kept
    assert rows(db, "SELECT count(*) FROM tbl WHERE play = 'totals'")[0][0] == \
        _totals_only_tables()
    assert {v for (v,) in rows(db, "SELECT DISTINCT version FROM records")} == \
        {store.tarockrec_version()}


def test_duplicates_are_counted_not_stored(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert run("archive", "add", db, KR_VALID).exit_code == 0
    before = rows(db, "SELECT count(*), (SELECT count(*) FROM documents) FROM records")
    # the same records again, and one of them in another format (XML)
    xml = tmp_path / "again.xml"
    assert run("convert", KR_VALID / "contract-solodreier.json", xml).exit_code == 0
    res = run("archive", "add", db, KR_VALID, xml)
    assert res.exit_code == 0
    assert "0 stored" in res.output and f"{before[0][0] + 1} duplicate(s)" in res.output
    assert rows(db, "SELECT count(*), (SELECT count(*) FROM documents) FROM records") == before


def test_invalid_records_are_refused_or_kept_flagged(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    bad = SAMPLES / "koenigrufen" / "invalid" / "five-dealer-calls.json"
    res = run("archive", "add", db, bad)
    assert res.exit_code == 1 and "KR-SITS-OUT" in res.output and "1 refused" in res.output
    assert rows(db, "SELECT count(*) FROM records") == [(0,)]
    res = run("archive", "add", "--keep-invalid", db, bad)
    assert res.exit_code == 1 and "1 stored (1 of them not valid, kept)" in res.output
    assert rows(db, "SELECT valid FROM records") == [(0,)]
    assert ("KR-SITS-OUT",) in rows(db, "SELECT code FROM finding")
    assert rows(db, "SELECT code FROM findings WHERE valid = 0 AND severity = 'error'") == \
        [("KR-SITS-OUT",)]


def test_unreadable_input_is_said_and_nothing_else_lost(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    broken = tmp_path / "broken.json"
    broken.write_text('{"tarockrec": 1, "game": ')
    res = run("archive", "add", db, broken, KR_VALID / "contract-solodreier.json")
    assert res.exit_code == 2 and "JSON-SYNTAX" in res.output and "1 unreadable" in res.output
    assert rows(db, "SELECT count(*) FROM records") == [(1,)]


def _inputs(tmp_path: Path) -> Path:
    """A folder of every kind of input: one-record JSON files, a JSON Lines file (CRLF and a
    BOM-less blank line), a compressed JSON Lines file, an XML archive, a text file, a
    tournament with its table files."""
    src = tmp_path / "in"
    src.mkdir()
    for name in ("ex01-rufer-kontra-rekontra.json", "contract-solodreier.json"):
        shutil.copy(KR_VALID / name, src / name)
    recs = [json.loads(p.read_text()) for p in sorted(KR_VALID.glob("cup-*.json"))[:4]]
    lines = [json.dumps(r, ensure_ascii=False) for r in recs]
    (src / "lines.jsonl").write_bytes(("\r\n".join(lines[:2]) + "\n\n" + lines[2]).encode())
    with gzip.open(src / "packed.jsonl.gz", "wb") as fp:
        fp.write((lines[3] + "\n").encode())
    assert run("convert", KR_VALID / "deck-dreier.json", src / "one.xml").exit_code == 0
    more = [json.loads(p.read_text()) for p in sorted(KR_VALID.glob("ex0*.json"))[2:5]]
    arch = tmp_path / "arch.jsonl"
    arch.write_text("\n".join(json.dumps(r) for r in more) + "\n")
    assert run("convert", arch, src / "many.xml").exit_code == 0
    assert run("convert", KR_VALID / "ex07a-trischaken.json", src / "deal.txt").exit_code == 0
    shutil.copy(TOURNAMENTS / "sessions-in-files.json", src / "sessions-in-files.json")
    shutil.copytree(TOURNAMENTS / "sessions", src / "sessions")
    return src


def test_export_gives_back_every_file_byte_for_byte(tmp_path: Path) -> None:
    src = _inputs(tmp_path)
    db = tmp_path / "a.db"
    res = run("archive", "add", db, src)
    assert res.exit_code == 0, res.output
    out = tmp_path / "out"
    res = run("archive", "export", db, "-o", out, "--format", "files")
    assert res.exit_code == 0, res.output
    for path in src.rglob("*"):
        if path.is_file() and path.suffix != ".gz" and path.name != "lines.jsonl":
            assert (out / path.relative_to(src)).read_bytes() == path.read_bytes(), path
    # JSON Lines: each line as it came (a CR kept), the blank line not a record
    lines = (src / "lines.jsonl").read_bytes().split(b"\n")
    assert (out / "lines.jsonl").read_bytes() == lines[0] + b"\n" + lines[1] + b"\n" + \
        lines[3] + b"\n"
    # a compressed file comes back decompressed, under its name without .gz (issue 43, 9)
    assert (out / "packed.jsonl").read_bytes() == gzip.decompress(
        (src / "packed.jsonl.gz").read_bytes())
    assert not (out / "packed.jsonl.gz").exists()
    assert rows(db, "SELECT compression FROM documents WHERE name = 'packed.jsonl.gz'") == \
        [("gz",)]
    # the exported folder validates as the inputs did (the tournament finds its table files)
    assert cli("validate", out).returncode == 0


def test_export_to_one_file_keeps_json_lines_as_they_came(tmp_path: Path) -> None:
    src = _inputs(tmp_path)
    db = tmp_path / "a.db"
    assert run("archive", "add", db, src).exit_code == 0
    out = tmp_path / "all.jsonl"
    assert run("archive", "export", db, "-o", out).exit_code == 0
    got = out.read_bytes().split(b"\n")
    line = (src / "lines.jsonl").read_bytes().split(b"\n")[0]
    assert line.endswith(b"\r") and line in got
    for fmt, name in (("xml", "all.xml"), ("text", "all.txt")):
        res = run("archive", "export", db, "-o", tmp_path / name)
        assert res.exit_code == 0 and res.output.startswith("16 record(s)"), res.output
        from tarockrec.sources import entries
        back = [e.record for e in entries(str(tmp_path / name))]
        assert len(back) == 16 and all(e is not None for e in back), fmt
    # an existing file is not overwritten without --force
    res = run("archive", "export", db, "-o", out)
    assert res.exit_code == 2 and "exists" in res.output


def test_export_selects_by_event_season_and_player(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert run("archive", "add", db, TOURNAMENTS, KR_VALID).exit_code == 0
    out = tmp_path / "o.jsonl"
    assert run("archive", "export", db, "-o", out, "--event", "Clubabend").exit_code == 0
    assert [json.loads(x)["event"]["name"] for x in out.read_text().splitlines()] == \
        ["Clubabend"]
    assert run("archive", "export", db, "-o", out, "--season", "2026/27", "--player", "Player 1",
               "--force").exit_code == 0
    names = sorted(json.loads(x)["event"]["name"] for x in out.read_text().splitlines())
    assert names == ["Ulti-verseny (full deals)", "Ulti-verseny (score sheets)",
                     "Ulti-verseny (sessions in files)"]
    assert run("archive", "export", db, "-o", out, "--player", "Anna", "--force").exit_code == 0
    got = [json.loads(x) for x in out.read_text().splitlines()]
    assert got and all("Anna" in json.dumps(r) for r in got)
    assert run("archive", "export", db, "-o", out, "--season", "1999/00",
               "--force").exit_code == 0
    assert out.read_text() == ""


def test_check_reports_a_changed_verdict_or_score(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert run("archive", "add", db, TOURNAMENTS, KR_VALID).exit_code == 0
    res = run("archive", "check", db)
    stored = len(list(KR_VALID.glob("*.json"))) + len(list(TOURNAMENTS.rglob("*.json")))
    assert res.exit_code == 0 and f"{stored} record(s) checked" in res.output and "0 changed" in \
        res.output
    # as an older tarockrec would have recorded them: one deal scored otherwise, one
    # tournament found not valid
    conn = sqlite3.connect(db)
    rid, outcome = conn.execute("SELECT id, outcome FROM records WHERE kind = 'deal' "
                                "ORDER BY id LIMIT 1").fetchone()
    was = json.loads(outcome)
    was["scores"] = [[s + 10 * (-1) ** k for k, s in enumerate(was["scores"][0])]]
    conn.execute("UPDATE records SET outcome = ?, version = '0.0.9' WHERE id = ?",
                 (json.dumps(was, separators=(",", ":")), rid))
    tid, outcome = conn.execute("SELECT r.id, r.outcome FROM records r JOIN event e ON "
                                "e.record_id = r.id WHERE e.name LIKE '%in files%'").fetchone()
    was = json.loads(outcome)
    was["valid"] = False
    conn.execute("UPDATE records SET outcome = ? WHERE id = ?",
                 (json.dumps(was, separators=(",", ":")), tid))
    conn.commit()
    conn.close()
    res = run("archive", "check", db)
    assert res.exit_code == 1 and "2 changed" in res.output
    assert f"record {rid} " in res.output and "tarockrec 0.0.9" in res.output and \
        "scores" in res.output
    assert f"record {tid} " in res.output and "was not valid, is valid now" in res.output


# -- the store: migrations, transactions, writers, read-only -----------------------------------
def test_migration_from_version_1(tmp_path: Path) -> None:
    db = tmp_path / "v1.db"
    conn = sqlite3.connect(db, isolation_level=None)
    assert store.migrate(conn, upto=1) == 1
    assert conn.execute("PRAGMA user_version").fetchone() == (1,)
    conn.close()
    # an archive written at version 1 (entrants without persons)
    v1 = tmp_path / "v1-filled.db"
    shutil.copy(db, v1)
    conn = store.open_archive(str(tmp_path / "scratch.db"), write=True)
    conn.close()
    # fill the version-1 archive through the v1 tables only
    from tarockrec.archive.ingest import Ingest, read_inputs
    conn = sqlite3.connect(v1, isolation_level=None)
    conn.execute("BEGIN")
    job = Ingest(conn)
    import tarockrec.archive.people as people
    saved = people.link_by_key
    people.link_by_key = lambda conn, event_id: None       # (version 1 has no persons)
    try:
        for entry, doc in read_inputs([str(TOURNAMENTS / "totals-only.json")]):
            job.add(entry, doc, lambda e: e.source)
    finally:
        people.link_by_key = saved
    # a deal at one of its tables, as version 1 stored it (no declaring entrant column)
    table_id, entrant_id, record_id = conn.execute(
        "SELECT t.id, s.entrant_id, e.record_id FROM tbl t JOIN tbl_seat s ON "
        "s.table_id = t.id AND s.seat = 2 JOIN event e ON e.id = t.event_id LIMIT 1").fetchone()
    deal_id = conn.execute("INSERT INTO deal (record_id, table_id, number, contract, declarer, "
                           "cards) VALUES (?, ?, 1, 'dreier', 2, 0) RETURNING id",
                           (record_id, table_id)).fetchone()[0]
    conn.executemany("INSERT INTO deal_seat (deal_id, seat, player, entrant_id, score) VALUES "
                     "(?, ?, ?, ?, ?)", [(deal_id, s, f"p{s}", entrant_id if s == 2 else None,
                                          30 if s == 2 else -10) for s in range(4)])
    conn.execute("COMMIT")
    conn.close()
    conn = store.open_archive(str(v1))        # a reader brings a writable archive up to date
    assert conn.execute("PRAGMA user_version").fetchone() == (store.VERSION,)
    assert conn.execute("SELECT name, entrants, totals_only_tables FROM events").fetchall() == \
        [("Clubabend", 8, 4)]
    assert conn.execute("SELECT count(*) FROM entrant WHERE person_id IS NULL").fetchone() == \
        (8,)
    assert conn.execute("SELECT declarer_entrant FROM deal").fetchall() == [(entrant_id,)]
    assert conn.execute("SELECT contract, declarer_score FROM deals").fetchall() == \
        [("dreier", 30)]
    conn.close()
    # and the upgraded archive takes records as a new one does
    res = run("archive", "add", v1, KR_VALID / "contract-solodreier.json")
    assert res.exit_code == 0 and "1 stored" in res.output


def test_a_newer_archive_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    store.open_archive(str(db), write=True).close()
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {store.VERSION + 1}")
    conn.close()
    res = run("archive", "add", db, KR_VALID / "contract-solodreier.json")
    assert res.exit_code == 2 and "newer tarockrec" in res.output


@pytest.mark.parametrize("command", [["stats"], ["query", "SELECT 1"], ["add", "X"]])
def test_another_programs_sqlite_database_is_left_alone(tmp_path: Path,
                                                        command: list[str]) -> None:
    """A server's tarock.db (the file `import akos` reads) given for the archive: every
    command, even a reading one, gave it the archive's tables and WAL mode; now it is refused
    in one line (exit 2) and its bytes are unchanged."""
    db = tmp_path / "tarock.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE user (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    args = [str(KR_VALID / "contract-solodreier.json") if a == "X" else a for a in command]
    res = cli("archive", command[0], db, *args[1:])
    assert res.returncode == 2 and "another program's SQLite database" in res.stderr, res.stderr
    assert db.read_bytes() == before and not Path(f"{db}-wal").exists()


@pytest.mark.parametrize("command", [["stats"], ["add", "X"]])
def test_a_folder_for_the_archive_is_said_to_be_one(tmp_path: Path, command: list[str]) -> None:
    """A folder given for ARCHIVE: 'no such file' (reading) and 'unable to open database
    file' (add) did not say what was wrong."""
    args = [str(KR_VALID / "contract-solodreier.json") if a == "X" else a for a in command]
    res = cli("archive", command[0], tmp_path, *args[1:])
    assert res.returncode == 2 and "is a folder, not an archive file" in res.stderr, res.stderr


def _big_input(tmp_path: Path, n: int = 1500) -> Path:
    out = tmp_path / "big.jsonl"
    res = cli("generate", "koenigrufen", "-n", n, "--seed", 3, "-o", out)
    assert res.returncode == 0, res.stderr
    return out


def test_sigkill_during_add_leaves_before_or_after(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert run("archive", "add", db, KR_VALID).exit_code == 0
    before = rows(db, "SELECT count(*) FROM records")[0][0]
    deals_before = rows(db, "SELECT count(*) FROM deal")[0][0]
    big = _big_input(tmp_path)
    env = {**os.environ, "PYTHONPATH": ROOT}
    seen_states = set()
    for delay in (0.05, 0.2, 0.5, 1.0, 2.0):
        proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "archive", "add",
                                 str(db), str(big)], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        time.sleep(delay)
        killed = proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert rows(db, "PRAGMA integrity_check") == [("ok",)]
        count = rows(db, "SELECT count(*) FROM records")[0][0]
        assert count in (before, before + 1500), (delay, count)
        deals = rows(db, "SELECT count(*) FROM deal")[0][0]
        assert deals - deals_before == count - before      # index rows with their records
        seen_states.add((killed, count))
        if count != before:
            break
    assert (True, before) in seen_states             # at least one kill fell inside the add
    # killed while a new archive is being made: none, or an empty one that takes records
    for delay in (0.05, 0.3):
        fresh = tmp_path / f"fresh-{delay}.db"
        proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "archive", "add",
                                 str(fresh), str(big)], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if fresh.exists():
            assert rows(fresh, "PRAGMA integrity_check") == [("ok",)]
            version = rows(fresh, "PRAGMA user_version")[0][0]
            assert version in (0, store.VERSION)
            if version:
                assert rows(fresh, "SELECT count(*) FROM records")[0][0] in (0, 1500)
        res = run("archive", "add", fresh, KR_VALID / "contract-solodreier.json")
        assert res.exit_code == 0 and "1 stored" in res.output


def test_two_adds_at_once_both_succeed(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    big = _big_input(tmp_path, 400)
    env = {**os.environ, "PYTHONPATH": ROOT}
    procs = [subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "archive", "add", str(db),
                               str(p)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for p in (big, KR_VALID)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    n_kr = len(list(KR_VALID.glob("*.json")))
    assert rows(db, "SELECT count(*) FROM records")[0][0] == 400 + n_kr


def _read_only(paths: list[Path]) -> bool:
    """Make ``paths`` read-only, for root too (``chattr +i``: immutable); False when this
    system cannot."""
    for p in paths:
        os.chmod(p, 0o555 if p.is_dir() else 0o444)
    if os.getuid() != 0:
        return True
    return subprocess.run(["chattr", "+i", *map(str, paths)],
                          capture_output=True).returncode == 0 if shutil.which("chattr") \
        else False


def test_a_read_only_archive_can_be_queried(tmp_path: Path) -> None:
    home = tmp_path / "ro"
    home.mkdir()
    db = home / "a.db"
    assert run("archive", "add", db, TOURNAMENTS).exit_code == 0
    assert not (home / "a.db-wal").exists()          # checkpointed at close
    if not _read_only([db, home]):
        pytest.skip("cannot make a file read-only for root here (no chattr +i)")
    try:
        with pytest.raises(OSError):
            (home / "probe").write_text("x")           # the folder is read-only indeed
        conn = store.open_archive(str(db))
        assert conn.execute("SELECT count(*) FROM events").fetchone() == (N_TOURNAMENTS,)
        conn.close()
        res = run("archive", "export", db, "-o", tmp_path / "o.jsonl")
        n_records = len(list(TOURNAMENTS.rglob("*.json")))
        assert res.exit_code == 0 and f"{n_records} record(s)" in res.output
        res = run("archive", "add", db, KR_VALID / "contract-solodreier.json")
        assert res.exit_code == 2 and "cannot be opened" in res.output
    finally:
        if os.getuid() == 0:
            subprocess.run(["chattr", "-i", str(db), str(home)], capture_output=True)
        os.chmod(home, 0o755)
        os.chmod(db, 0o644)


def test_every_invalid_sample_kept_with_its_findings(tmp_path: Path) -> None:
    """Every invalid sample of every game and the tournaments', kept with --keep-invalid: each
    stored flagged, with the codes its ``_expect`` names, and no traceback; a hostile record
    (fields of the wrong kinds) too."""
    db = tmp_path / "a.db"
    hostile = tmp_path / "hostile.jsonl"
    hostile.write_text("\n".join(json.dumps(r) for r in [
        {"tarockrec": 1, "game": "koenigrufen", "players": 7, "dealer": "x", "deals": 3},
        {"tarockrec": 1, "game": "ulti", "entrants": [{"id": ["x"]}, 5], "rounds": {"a": 1},
         "event": {"name": 3, "date": [2025]}},
        [1, 2, 3]]) + "\n")
    folders = sorted((SAMPLES).glob("*/invalid"))
    res = run("archive", "add", "--keep-invalid", db, *folders, hostile)
    assert res.exit_code == 1, res.output
    expected = 0
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            rec = json.loads(path.read_text())
            expected += 1
            codes = {c for (c,) in rows(db, "SELECT f.code FROM finding f JOIN records r ON "
                                        "r.id = f.record_id WHERE r.source = ?", str(path))}
            assert set(rec.get("_expect", [])) <= codes, (path, codes)
    # every one stored but duplicates; the valid ones are a tournament's table files
    assert rows(db, "SELECT count(*) FROM records WHERE source != ? AND source NOT LIKE "
                "'%/sessions/%'", str(hostile))[0][0] == expected - int(res.output.split(
                    " duplicate(s)")[0].rsplit(" ", 1)[1])
    assert {Path(s).parent.name for (s,) in rows(db, "SELECT source FROM records WHERE "
                                                   "valid = 1")} == {"sessions"}
    assert rows(db, "SELECT count(*), sum(valid) FROM records WHERE source = ?",
                str(hostile)) == [(3, 0)]


def test_add_reads_standard_input(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    data = (KR_VALID / "contract-solodreier.json").read_bytes()
    res = cli("archive", "add", db, "-", input=data.decode())
    assert res.returncode == 0 and "1 stored" in res.stdout, res.stderr
    assert rows(db, "SELECT name, data FROM documents") == [("stdin", data)]


def test_a_tournament_with_other_table_files_is_not_a_duplicate(tmp_path: Path) -> None:
    src = tmp_path / "t"
    shutil.copytree(TOURNAMENTS, src)
    db = tmp_path / "a.db"
    assert run("archive", "add", db, src / "sessions-in-files.json").exit_code == 0
    # the same files again, one of them laid out otherwise: a duplicate
    table = src / "sessions" / "round1-table1.json"
    session = json.loads(table.read_text())
    table.write_text(json.dumps(session))
    res = run("archive", "add", db, src / "sessions-in-files.json")
    assert "0 stored" in res.output and "1 duplicate(s)" in res.output
    # a deal of a table file changed: another tournament (not valid: its standings differ)
    session["deals"] = session["deals"][:-1]
    table.write_text(json.dumps(session))
    res = run("archive", "add", "--keep-invalid", db, src / "sessions-in-files.json")
    assert "1 stored (1 of them not valid, kept)" in res.output, res.output
    assert rows(db, "SELECT count(*) FROM records WHERE kind = 'tournament'") == [(2,)]
    assert rows(db, "SELECT count(*) FROM attachments") == [(8,)]


def test_a_number_beyond_sqlite_is_refused_not_a_traceback(tmp_path: Path) -> None:
    """A valid tournament whose totals exceed 64 bits (a director's typo of many digits) is
    refused with ARCHIVE-RANGE, and the records beside it are stored (a traceback before)."""
    record = json.loads((TOURNAMENTS / "totals-only.json").read_text())
    huge = 10 ** 30
    table = next(t for r in record["rounds"] for t in r["tables"]
                 if isinstance(t.get("result"), dict) and "totals" in t["result"])
    table["result"]["totals"][0] += huge
    table["result"]["totals"][1] -= huge
    record.pop("standings", None)
    bad = tmp_path / "huge.json"
    bad.write_text(json.dumps(record))
    assert validate_record(record, origin=str(bad), tables=True).valid
    # in this process (catch_exceptions=False: a traceback fails the test), so that the
    # catalogue check sees the code made
    res = run("archive", "add", tmp_path / "a.db", bad, TOURNAMENTS / "score-sheets.json")
    assert res.exit_code == 1, res.output
    assert "ARCHIVE-RANGE" in res.output
    # counted under its own reason: the record is valid
    assert "1 stored" in res.output and "0 refused as not valid" in res.output
    assert "1 refused as out of range" in res.output
    assert rows(tmp_path / "a.db", "SELECT count(*) FROM records") == [(1,)]
    # kept invalid or not, a record out of range is counted so
    record["standings"] = [{"rank": 1, "entrant": "A", "total": 0}]   # TOURN-STANDINGS
    bad.write_text(json.dumps(record))
    assert not validate_record(record, origin=str(bad), tables=True).valid
    res = run("archive", "add", tmp_path / "b.db", bad, "--keep-invalid")
    assert res.exit_code == 1, res.output
    assert "0 stored (0 of them not valid, kept)" in res.output
    assert "0 refused as not valid, 1 refused as out of range" in res.output


def test_a_substitute_s_deals_are_his_in_the_archive(tmp_path: Path) -> None:
    """Issue 39, 1.3: the archive's seat scores credit each deal to the entrant who played it,
    as ``score`` and the standings do (tournament.Table.entrants_at): E plays seat 3 from deal
    4, so each entrant's seat scores of the table add up to his round result. Before, every
    deal of the seat was Dora's."""
    path = TOURNAMENTS / "substitute-after-deal-3.json"
    db = tmp_path / "a.db"
    assert run("archive", "add", str(db), str(path)).exit_code == 0
    got = rows(db, "SELECT d.number, n.entrant, s.player FROM deal_seat s JOIN deal d ON "
               "d.id = s.deal_id JOIN entrant n ON n.id = s.entrant_id WHERE s.seat = 3 "
               "ORDER BY d.number")
    assert [(k, e, p) for k, e, p in got] == \
        [(k, "D", "Dora") for k in (1, 2, 3)] + [(k, "E", "Emil") for k in range(4, 9)]
    rep = validate_record(json.loads(path.read_text()), origin=str(path))
    assert rep.standings is not None
    summed = dict(rows(db, "SELECT n.entrant, sum(s.score) FROM deal_seat s JOIN entrant n ON "
                       "n.id = s.entrant_id GROUP BY n.entrant"))
    assert summed == {r.entrant: r.rounds[0] for r in rep.standings if r.rounds[0] is not None}
