"""The archive's people (issue 34, item 2): the entrant's ``person`` key in every notation,
entrants linked by it, proposals by name and club confirmed, merged and split by the user,
and a series' standings per person equal to ``standings --series`` where the ids agree."""
from __future__ import annotations

import copy
import csv
import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree

from conftest import ROOT, archive_rows as rows
from tarockrec import schema
from tarockrec.tournament import record as tournament
from tarockrec.cli import main
from tarockrec.codecs import textio, xmlio
from tarockrec.validate import validate_record

SERIES = Path(ROOT) / "samples" / "tournaments" / "series"
SEASON = [SERIES / f"wiener-cup-{m}.json" for m in ("2025-09", "2025-11", "2026-02")]
NAME = "Wiener Cup 2025/26"


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _with_person() -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((SERIES / "wiener-cup-2025-09.json").read_text())
    assert rec["entrants"][0]["person"] == "AT-101"
    return rec


def test_person_key_in_json_xml_and_text() -> None:
    rec = _with_person()
    assert validate_record(rec).valid
    text = xmlio.dumps(rec)
    assert 'person="AT-101"' in text
    xsd = etree.XMLSchema(etree.fromstring(schema.schema_text("xml").encode()))
    assert xsd.validate(etree.fromstring(text.encode())), xsd.error_log
    assert list(xmlio.iter_xml_lines(io.BytesIO(text.encode())))[0][2] == rec
    as_text = textio.dumps(rec)
    assert '"person": "AT-101"' in as_text
    from tarockrec.sources import entries
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fp:
        fp.write(as_text)
    assert [e.record for e in entries(fp.name)] == [rec]
    bad = copy.deepcopy(rec)
    bad["entrants"][0]["person"] = 101
    assert [(f.code, f.pointer) for f in validate_record(bad).findings] == \
        [("REC-SCHEMA", "/entrants/0/person")]


def test_entrants_link_by_person_id_and_never_silently_by_name(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert run("archive", "add", db, SERIES).exit_code == 0
    # Anna is AT-101 at every event, entrant 17 at the last one
    got = rows(db, "SELECT n.entrant FROM entrant n JOIN person p ON p.id = n.person_id "
               "WHERE p.key = 'AT-101' ORDER BY n.id")
    assert got == [("AT-101",), ("AT-101",), ("AT-101",), ("17",)]
    # Hans carries no person id: none of his four entrants is linked, each is proposed
    assert rows(db, "SELECT count(*) FROM entrant WHERE name = 'Hans' AND person_id IS "
                "NULL") == [(4,)]
    res = run("archive", "people", db, "--format", "json")
    proposals = json.loads(res.output)
    assert [(p["name"], p["club"], len(p["entrants"])) for p in proposals] == \
        [("Hans", "TC Linz", 4)]
    res = run("archive", "link", db, "--name", "Hans", "--club", "TC Linz", "--person", "AT-108",
              "--yes")
    assert res.exit_code == 0 and "linked 4" in res.output
    assert json.loads(run("archive", "people", db, "--format", "json").output) == []
    # split one off again, then merge two persons
    res = run("archive", "unlink", db, "--event", "Wiener Cup, 1. Runde", "--entrant", "L-17")
    assert res.exit_code == 0 and "unlinked 1" in res.output
    assert rows(db, "SELECT count(*) FROM entrant WHERE person_id IS NULL") == [(1,)]
    res = run("archive", "link", db, "--name", "Hans", "--club", "TC Linz", "--yes")
    assert "linked 1" in res.output
    assert rows(db, "SELECT count(DISTINCT person_id) FROM entrant WHERE name = 'Hans'") == [(1,)]
    res = run("archive", "link", db, "--merge", "AT-101", "AT-102")
    assert res.exit_code == 0 and "4 entrant(s) moved" in res.output
    assert rows(db, "SELECT count(*) FROM person WHERE key = 'AT-102'") == [(0,)]
    res = run("archive", "link", db, "--merge", "AT-101", "nobody")
    assert res.exit_code == 2 and "no person 'nobody'" in res.output


@pytest.fixture
def cup_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cup points by a table of placings (the shipped sets give none, or the total)."""
    real = tournament.standings_rules

    def with_points(game: str, block: Any, own: Any = None) -> tournament.StandingsRules:
        return dataclasses.replace(real(game, block, own), cup_points=(25, 20, 16, 13, 11, 10, 9, 8),
                                   cup_points_total=False)
    monkeypatch.setattr(tournament, "standings_rules", with_points)


def _series_json(files: list[Path]) -> dict[str, Any]:
    res = run("standings", "--series", "--format", "json", *files)
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.output)
    return out


def _series(files: list[Path]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = _series_json(files)["standings"]
    return out


def _archive_json(db: Path, season: str | None = "2025/26") -> dict[str, Any]:
    args = ["archive", "standings", db, "--series", NAME, "--format", "json"]
    res = run(*args, *(["--season", season] if season else []))
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.output)
    return out


def _archive_series(db: Path, season: str | None = "2025/26") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = _archive_json(db, season)["standings"]
    return out


@pytest.mark.parametrize("points", [False, True], ids=["shipped", "cup-points"])
def test_archive_standings_equal_standings_series_where_ids_agree(
        tmp_path: Path, points: bool, request: pytest.FixtureRequest) -> None:
    if points:
        request.getfixturevalue("cup_points")
    files = SEASON[:2]                                 # the ids agree at these two events
    db = tmp_path / "a.db"
    assert run("archive", "add", db, *files).exit_code == 0
    want = _series(files)
    got = _archive_series(db)
    assert [(g["rank"], g["person"], g["player"], g["cup_points"], g["event.1"], g["event.2"])
            for g in got] == \
        [(w["rank"], w["entrant"], w["player"], w["total"], *w["events"]) for w in want]
    if points:
        assert {g["cup_points"] for g in got} != {0}


def test_archive_standings_join_a_person_across_ids(tmp_path: Path, cup_points: None) -> None:
    db = tmp_path / "a.db"
    assert run("archive", "add", db, SERIES).exit_code == 0       # both seasons
    assert run("archive", "link", db, "--name", "Hans", "--club", "TC Linz",
               "--yes").exit_code == 0
    got = {g["player"]: g for g in _archive_series(db)}
    want = _series(SEASON)                     # by entrant id: Anna and Hans split
    for name in ("Anna", "Hans"):
        split = [w for w in want if w["player"] == name]
        assert len(split) > 1
        assert got[name]["cup_points"] == sum(w["total"] for w in split)
    assert len(got) == 8
    assert sum(g["cup_points"] for g in got.values()) == sum(w["total"] for w in want)
    # the season before is another series; a season without events of the series is said
    assert _archive_series(db, None) == _archive_series(db)
    res = run("archive", "standings", db, "--series", NAME, "--season", "2024/25")
    assert res.exit_code == 1 and "no ranked event" in res.output


def _heading(*args: Any) -> str:
    res = run(*args)
    assert res.exit_code == 0, res.output
    return str(res.output.splitlines()[0])


def test_series_numbers_events_by_date_whatever_the_order_given(
        tmp_path: Path, cup_points: None) -> None:
    """``standings --series`` numbers its events as ``archive standings`` does: by date, then
    by name, events without a date last — not in the order of the command line."""
    files = SEASON[::-1]                               # latest first on the command line
    db = tmp_path / "a.db"
    assert run("archive", "add", db, *files).exit_code == 0
    want = _series(files)
    got = _archive_series(db)
    by_id = {w["entrant"]: w["events"] for w in want if w["entrant"] not in ("AT-101", "17")}
    same = {g["person"]: [g["event.1"], g["event.2"], g["event.3"]] for g in got
            if g["person"] in by_id}                   # Anna is entrant 17 at the third
    assert len(same) > 3 and same == {k: by_id[k] for k in same}
    assert any(e[0] is None for e in same.values())    # someone missed the first event
    heading = ("events by date: 1: Wiener Cup, 1. Runde 2025-09-13 · 2: Wiener Cup, 2. Runde "
               "2025-11-08 · 3: Wiener Cup, 3. Runde 2026-02-14")
    assert _heading("standings", "--series", *files) == heading
    assert _heading("archive", "standings", db, "--series", NAME) == heading
    # equal dates go by name, a missing date last
    dated = []
    for path, (name, date) in zip(SEASON, [("Z", None), ("B", "2025-10-01"), ("A", "2025-10-01")]):
        rec = json.loads(path.read_text())
        rec["event"]["name"] = name
        if date is None:
            del rec["event"]["date"]
        else:
            rec["event"]["date"] = date
        dated.append(tmp_path / path.name)
        dated[-1].write_text(json.dumps(rec))
    db2 = tmp_path / "b.db"
    assert run("archive", "add", db2, *dated).exit_code == 0
    heading = "events by date: 1: A 2025-10-01 · 2: B 2025-10-01 · 3: Z"
    assert _heading("standings", "--series", *dated) == heading
    assert _heading("archive", "standings", db2, "--series", NAME) == heading
    assert _series(dated) == _series(dated[::-1])


def test_series_json_and_csv_name_their_events(tmp_path: Path, cup_points: None) -> None:
    """JSON gives the events (number, name, date) beside the rows; CSV heads each event's
    column with its number, name and date, as the text table's first line lists them. Both
    commands alike; the events numbered by date whatever the order given."""
    files = SEASON[::-1]
    db = tmp_path / "a.db"
    assert run("archive", "add", db, *files).exit_code == 0
    events = [{"number": 1, "name": "Wiener Cup, 1. Runde", "date": "2025-09-13"},
              {"number": 2, "name": "Wiener Cup, 2. Runde", "date": "2025-11-08"},
              {"number": 3, "name": "Wiener Cup, 3. Runde", "date": "2026-02-14"}]
    mine, archived = _series_json(files), _archive_json(db)
    assert mine["events"] == archived["events"] == events
    assert all(len(row["events"]) == len(events) for row in mine["standings"])
    columns = ["event.1: Wiener Cup, 1. Runde 2025-09-13", "event.2: Wiener Cup, 2. Runde "
               "2025-11-08", "event.3: Wiener Cup, 3. Runde 2026-02-14"]
    for args, first in ((["standings", "--series", *files], "entrant"),
                        (["archive", "standings", db, "--series", NAME], "person")):
        res = run(*args, "--format", "csv")
        assert res.exit_code == 0, res.output
        table = list(csv.reader(io.StringIO(res.output)))
        assert table[0] == ["rank", first, "player", "cup_points", *columns]
        assert all(len(row) == len(table[0]) for row in table)
    # a workbook is the CSV's cells
    openpyxl = pytest.importorskip("openpyxl")
    res = CliRunner().invoke(main, ["standings", "--series", "--format", "xlsx",
                                    *map(str, files)], catch_exceptions=False)
    assert res.exit_code == 0
    sheet = openpyxl.load_workbook(io.BytesIO(res.stdout_bytes)).active
    assert [c.value for c in sheet[1]][4:] == columns
    # the text table keeps its short columns under its first line
    text = run("standings", "--series", *files).output.splitlines()
    assert text[1].split()[-3:] == ["event.1", "event.2", "event.3"]
    # an event without a date: its name alone, the date null
    rec = json.loads(SEASON[0].read_text())
    del rec["event"]["date"]
    undated = tmp_path / "undated.json"
    undated.write_text(json.dumps(rec))
    got = _series_json([undated, SEASON[1]])["events"]
    assert got == [{"number": 1, "name": "Wiener Cup, 2. Runde", "date": "2025-11-08"},
                   {"number": 2, "name": "Wiener Cup, 1. Runde", "date": None}]
    res = run("standings", "--series", "--format", "csv", undated, SEASON[1])
    assert res.output.splitlines()[0].endswith('"event.2: Wiener Cup, 1. Runde"')
