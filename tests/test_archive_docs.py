"""docs/archive.md: the worked questions give the answers written under them, on the shipped
samples; the views' columns documented are the views' columns; query is read-only; player,
stats and the Parquet export."""
from __future__ import annotations

import json
import re
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tarockrec.archive.store import VIEWS
from tarockrec.cli import main

DOC = (Path(ROOT) / "docs" / "archive.md").read_text(encoding="utf-8")
#: a question's command and its answer
ASKED = re.compile(r"```sh\n(tarockrec archive query samples\.db .*?)\n```\n\n```text\n(.*?)```",
                   re.S)
BUILD = re.compile(r"```sh\n(tarockrec archive add samples\.db .*?)\n```", re.S)


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _commands(text: str, db: Path) -> list[list[str]]:
    """The lines of a shell block as argument lists (``\\`` continues a line)."""
    out = []
    for line in text.replace("\\\n", " ").splitlines():
        args = shlex.split(line)
        assert args[0] == "tarockrec"
        out.append([str(db) if a == "samples.db" else a for a in args[1:]])
    return out


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("doc") / "samples.db"
    build = BUILD.search(DOC)
    assert build is not None
    import os
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for args in _commands(build.group(1), db):
            res = run(*args)
            assert res.exit_code == 0, res.output
    finally:
        os.chdir(here)
    return db


def test_a_dozen_worked_questions_are_documented() -> None:
    assert len(ASKED.findall(DOC)) >= 12


@pytest.mark.parametrize("k", range(len(ASKED.findall(DOC))), ids=lambda k: f"q{k + 1}")
def test_worked_question_gives_its_documented_answer(samples_db: Path, k: int) -> None:
    command, answer = ASKED.findall(DOC)[k]
    [args] = _commands(command, samples_db)
    res = run(*args)
    assert res.exit_code == 0, res.output
    assert res.output == answer


def test_documented_views_and_columns(samples_db: Path) -> None:
    conn = sqlite3.connect(samples_db)
    for view in VIEWS:
        row = re.search(rf"^\| `{view}` \| (.*) \|$", DOC, re.M)
        assert row is not None, view
        documented = re.findall(r"(?:^|, )`(\w+)`", re.sub(r"\([^()]*\)", "", row.group(1)))
        actual = [d[0] for d in conn.execute(f"SELECT * FROM {view} LIMIT 0").description]
        assert documented == actual, view


@pytest.mark.parametrize("sql", ["DELETE FROM deal", "UPDATE person SET name = 'x'",
                                 "ATTACH 'x.db' AS x", "PRAGMA user_version = 9",
                                 "CREATE TABLE t (a)", "DROP VIEW events"])
def test_query_is_read_only(samples_db: Path, sql: str) -> None:
    # what earlier tests committed is moved from the write-ahead log into the file first: a
    # connection's close may do so, which is no write of the query's
    conn = sqlite3.connect(samples_db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = samples_db.read_bytes()
    res = run("archive", "query", samples_db, sql)
    assert res.exit_code == 2 and "refused" in res.output
    assert samples_db.read_bytes() == before


def test_query_formats(samples_db: Path) -> None:
    sql = "SELECT name, date FROM events WHERE series = 'Wiener Cup 2025/26' ORDER BY date"
    got = json.loads(run("archive", "query", samples_db, sql, "--format", "json").output)
    assert [g["date"] for g in got] == ["2025-09-13", "2025-11-08", "2026-02-14"]
    csv = run("archive", "query", samples_db, sql, "--format", "csv").output
    assert csv.splitlines()[0] == "name,date" and len(csv.splitlines()) == 4
    res = run("archive", "query", samples_db, "SELECT nonsense FROM events")
    assert res.exit_code == 2 and "no such column" in res.output


def test_player_history_and_declarer_stats(samples_db: Path) -> None:
    got = json.loads(run("archive", "player", samples_db, "AT-101", "--format", "json").output)
    assert got["person"]["name"] == "Anna"
    assert [(e["date"], e["entrant"]) for e in got["events"]] == \
        [("2025-03-15", "AT-101"), ("2025-09-13", "AT-101"), ("2025-11-08", "AT-101"),
         ("2026-02-14", "17")]
    conn = sqlite3.connect(samples_db)
    assert [(e["place"], e["total"]) for e in got["events"]] == conn.execute(
        "SELECT rank, total FROM entrants WHERE name = 'Anna' AND series IS NOT NULL "
        "ORDER BY date").fetchall()
    text = run("archive", "player", samples_db, "Anna").output
    assert "as declarer:" in text and "2026-02-14" in text
    # a person who declared at tables: the ulti tournaments' Player 2, linked by name
    assert run("archive", "link", samples_db, "--name", "Player 2",
               "--yes").exit_code == 0
    got = json.loads(run("archive", "player", samples_db, "Player 2", "--format",
                         "json").output)
    declared = conn.execute("SELECT contract, count(*), sum(declarer_score > 0) FROM deals "
                            "WHERE declarer_name = 'Player 2' AND event_id IS NOT NULL "
                            "GROUP BY contract").fetchall()
    assert sorted((d["contract"], d["played"], d["won"]) for d in got["declarer"]) == \
        sorted(declared)
    assert sum(d["played"] for d in got["declarer"]) == 39
    res = run("archive", "player", samples_db, "Nobody")
    assert res.exit_code == 1 and "no person" in res.output


def test_stats_per_contract_and_season(samples_db: Path) -> None:
    got = json.loads(run("archive", "stats", samples_db, "--game", "koenigrufen", "--format",
                         "json").output)
    dreier = [g for g in got if g["contract"] == "dreier"]
    assert sum(g["played"] for g in dreier) == 11 and sum(g["won"] for g in dreier) == 9
    assert {g["game"] for g in got} == {"koenigrufen"}
    csv = run("archive", "stats", samples_db, "--format", "csv").output.splitlines()
    assert csv[0] == "game,contract,season,played,won,won_share,average"
    seasons = {line.split(",")[2] for line in csv[1:]}
    assert "2026/27" in seasons and "" in seasons


def test_parquet_export_of_the_views(samples_db: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    from tarockrec.archive import parquet
    monkeypatch.setattr(parquet, "BATCH", 7)             # written in many batches
    res = run("archive", "export", samples_db, "-o", tmp_path / "pq", "--format", "parquet")
    assert res.exit_code == 0, res.output
    conn = sqlite3.connect(samples_db)
    for view in VIEWS:
        table = pq.read_table(tmp_path / "pq" / f"{view}.parquet")
        assert table.to_pylist() == [dict(zip(table.column_names, row)) for row in
                                     conn.execute(f"SELECT * FROM {view}")], view
    pd = pytest.importorskip("pandas")
    frame = pd.read_parquet(tmp_path / "pq" / "deals.parquet")
    assert len(frame) == conn.execute("SELECT count(*) FROM deals").fetchone()[0]
    assert frame.groupby("game").size()["ulti"] == 243
    # a selection: only that event's rows
    res = run("archive", "export", samples_db, "-o", tmp_path / "one", "--format", "parquet",
              "--event", "Clubabend")
    assert res.exit_code == 0
    assert pq.read_table(tmp_path / "one" / "events.parquet").column("name").to_pylist() == \
        ["Clubabend"]
    assert pq.read_table(tmp_path / "one" / "tables.parquet").num_rows == 4
