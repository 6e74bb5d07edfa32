"""``convert --sheet`` of every record kind, and findings an API user can print (issue 35,
item 4): a tournament's inline tables are reduced to score sheets, a sheet without written
scores is kept, and ``str(finding)`` never holds a lone surrogate."""
from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import SAMPLES
from tarockrec.cli import main
from tarockrec.findings import Finding
from tarockrec.tournament.sheet import NotSheetable, to_sheet
from tarockrec.validate import validate_record

TOURNAMENTS = os.path.join(SAMPLES, "tournaments", "valid")


def _load(name: str) -> dict[str, Any]:
    with open(os.path.join(TOURNAMENTS, name), encoding="utf-8") as f:
        rec: dict[str, Any] = json.load(f)
    return rec


def _tables(rec: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for rnd in rec["rounds"] for t in rnd["tables"]]


def test_a_tournaments_sheet_reduces_its_inline_tables() -> None:
    full = _load("full-deals.json")
    sheet = to_sheet(full)
    # every inline deal lost its cards and play, kept its result; the standings are the same
    for table, was in zip(_tables(sheet), _tables(full)):
        assert len(table["deals"]) == len(was["deals"])
        assert all("deal" not in d and "play" not in d and "outcome" in d
                   for d in table["deals"])
        assert table["result"] == was["result"] and table["seats"] == was["seats"]
    # the shipped score-sheet sample is exactly the full one reduced (beside its name)
    shipped = _load("score-sheets.json")
    assert {**sheet, "event": shipped["event"]} == shipped
    before, after = validate_record(full), validate_record(sheet)
    assert after.valid and after.standings is not None and before.standings is not None
    assert [r.as_dict() for r in after.standings] == [r.as_dict() for r in before.standings]
    assert to_sheet(sheet) == sheet         # a sheet reduces to itself


def test_tables_in_files_and_totals_only_are_kept() -> None:
    origin = os.path.join(TOURNAMENTS, "sessions-in-files.json")
    files = _load("sessions-in-files.json")
    assert to_sheet(files, origin) == files
    totals = _load("totals-only.json")
    assert to_sheet(totals) == totals
    # without the file it was read from, a table's file cannot be found: not valid
    with pytest.raises(NotSheetable) as err:
        to_sheet(files)
    assert {f.code for f in err.value.report.findings} == {"TOURN-SOURCE"}


def test_an_invalid_tournament_makes_no_sheet() -> None:
    bad = _load("full-deals.json")
    bad["rounds"][0]["tables"][0]["deals"][0]["result"]["scores"][0] += 1
    with pytest.raises(NotSheetable) as err:
        to_sheet(bad)
    assert "RESULT-SCORES" in {f.code for f in err.value.report.findings}


def test_convert_sheet_of_tournaments_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "o.json"
    res = runner.invoke(main, ["convert", "--sheet", os.path.join(TOURNAMENTS,
                                                                    "full-deals.json"), str(out)])
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["rounds"] == _load("score-sheets.json")["rounds"]
    # a table's file is found beside the tournament as validate finds it
    shutil.copytree(TOURNAMENTS, tmp_path / "t")
    res = runner.invoke(main, ["convert", "--sheet", str(tmp_path / "t" /
                                                          "sessions-in-files.json"),
                               str(tmp_path / "files.jsonl")])
    assert res.exit_code == 0, res.output
    # an invalid table: its findings and one line, no traceback, nothing written
    bad = _load("full-deals.json")
    bad["rounds"][1]["tables"][0]["deals"][1]["result"]["scores"][0] += 1
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    res = runner.invoke(main, ["convert", "--sheet", str(tmp_path / "bad.json"),
                               str(tmp_path / "bad-out.json")])
    assert res.exit_code == 1 and res.exception is None or isinstance(res.exception, SystemExit)
    assert "[RESULT-SCORES]" in res.output and "not valid, so no score sheet" in res.output
    assert not (tmp_path / "bad-out.json").exists()


CEGO_SOLO = {"tarockrec": 1, "game": "cego", "players": ["A", "B", "C", "D"], "dealer": 0,
             "auction": [{"seat": 1, "call": "solo"}, {"seat": 2, "call": "pass"},
                         {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"}],
             "result": {"declarer": 1, "contract": "solo"}}


def test_a_sheet_without_scores_converts() -> None:
    """A Cego sheet with no ``result.scores`` validates; its sheet is itself."""
    assert validate_record(CEGO_SOLO).valid
    assert to_sheet(CEGO_SOLO) == CEGO_SOLO
    session = {k: v for k, v in CEGO_SOLO.items() if k not in ("dealer", "auction", "result")}
    session["deals"] = [{k: CEGO_SOLO[k] for k in ("dealer", "auction", "result")}]
    assert validate_record(session).valid
    assert to_sheet(copy.deepcopy(session)) == session


def test_str_of_a_finding_escapes_lone_surrogates() -> None:
    f = Finding("REC-SCHEMA", "an odd key \ud800", "/x\udfff/1", line=3)
    text = str(f)
    text.encode("utf-8")                     # printable wherever UTF-8 is
    assert text == "line 3 /x\\udfff/1: an odd key \\ud800 [REC-SCHEMA]"
    assert str(Finding("REC-SCHEMA", "plain é", "/a")) == "/a: plain é [REC-SCHEMA]"
    # what the validator finds in a record with such a key prints
    rec = {"tarockrec": 1, "game": "ulti", "players": ["A", "B", "C"], "dealer": 0,
           "deal\ud800": 1}
    for finding in validate_record(rec).findings:
        str(finding).encode("utf-8")


# -- issue 35, item 5: wording, help, table names ----------------------------------------------
@pytest.mark.parametrize("args", [["standings"], ["publish", "-o", "site"],
                                  ["show", "--html", "o.html"]])
def test_a_missing_file_is_named_once(args: list[str], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, [*args[:1], "nosuch.json", *args[1:]])
    first = res.output.splitlines()[0]
    assert res.exit_code == 2
    assert first == "cannot read nosuch.json: No such file or directory [IO-ERROR]"


def test_generate_tournament_help_promises_no_limit_the_default_lacks() -> None:
    from tarockrec.generate import DEFAULT_ROUND_DEALS
    from tarockrec.tournament.record import standings_rules
    assert standings_rules("koenigrufen", None).deals_per_round == {}   # the default: none
    text = " ".join(CliRunner().invoke(main, ["generate", "--help"]).output.split())
    assert "the rule set's deal limit" not in text
    assert f"playing {DEFAULT_ROUND_DEALS} deals a round, or the rule set's deals per round " \
           "where it sets them" in text


def test_table_names_tell_the_tables_apart() -> None:
    rec = _load("totals-only.json")
    for rnd in rec["rounds"]:
        for table in rnd["tables"]:
            del table["table"]                      # unnamed: called 1 and 2 by their place
    assert validate_record(rec).valid
    rec["rounds"][1]["tables"][0]["table"] = "2"    # now clashes with the unnamed second
    found = [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]
    assert found == [("TOURN-TABLE-NAME", "/rounds/1/tables/1")]
    rec["rounds"][1]["tables"][0]["table"] = ""
    found = [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]
    assert found == [("TOURN-TABLE-NAME", "/rounds/1/tables/0/table")]


# -- standings --series and --teams say when they have nothing to say ----------------------
def _generated(tmp_path: Path, entrants: int) -> str:
    from tarockrec.generate import tournament_record
    path = tmp_path / f"t{entrants}.json"
    path.write_text(json.dumps(tournament_record("koenigrufen", entrants, 1, 5)))
    return str(path)


def test_a_series_sorts_ids_as_numbers_and_says_there_are_no_cup_points(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["standings", _generated(tmp_path, 12), "--series",
                                    "--format", "csv"])
    assert res.exit_code == 0
    lines = res.output.splitlines()
    assert lines[0].startswith("tarockrec: no cup points: ")     # one line, on stderr
    ids = [line.split(",")[1] for line in lines[2:]]
    assert ids == [str(k) for k in range(1, 13)]                 # not 1, 10, 11, 12, 2, …


def test_a_series_with_cup_points_says_nothing_more(tmp_path: Path) -> None:
    from tarockrec.tournament.standings import Ranked, cannot_rank
    from tarockrec.tournament.record import Row
    assert cannot_rank([Ranked("a", "A", [Row("1", "Anna")], True)], "series") is None
    assert cannot_rank([Ranked("a", "A", [Row("1", "Anna", team="Ost")])], "teams") is None


def test_teams_without_teams_say_so(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["standings", _generated(tmp_path, 8), "--teams"])
    assert res.exit_code == 2
    assert res.output.startswith("tarockrec: no teams: ") and res.output.count("\n") == 1
    with_teams = CliRunner().invoke(main, ["standings", os.path.join(TOURNAMENTS,
                                                                     "totals-only.json"),
                                           "--teams"])
    assert with_teams.exit_code == 0 and "Ost" in with_teams.output


# -- add-deals: a table's session into the tournament -----------------------------------------
def test_add_deals_puts_a_session_into_its_table(tmp_path: Path) -> None:
    runner = CliRunner()
    shutil.copytree(TOURNAMENTS, tmp_path / "t")
    tour, session = tmp_path / "t" / "sessions-in-files.json", \
        tmp_path / "t" / "sessions" / "round1-table1.json"
    out = tmp_path / "t" / "inline.json"
    args = ["add-deals", str(tour), str(session), "--round", "1", "--table", "1", "-o", str(out)]
    res = runner.invoke(main, args)
    assert res.exit_code == 1 and "already has its play (source)" in res.output
    assert not out.exists()
    res = runner.invoke(main, [*args, "--replace", "--sheet"])
    assert res.exit_code == 0, res.output
    rec = json.loads(out.read_text())
    table = rec["rounds"][0]["tables"][0]
    assert "source" not in table and all("deal" not in d for d in table["deals"])
    rep = validate_record(rec, origin=str(out))
    assert rep.valid, [str(f) for f in rep.findings]
    # another table's session, a round or table that is not there: one line, exit 1
    for bad, says in ((["--round", "1", "--table", "2"], "is played by"),
                      (["--round", "3", "--table", "1"], "not a round 3"),
                      (["--round", "1", "--table", "9"], "has no table '9'")):
        res = runner.invoke(main, ["add-deals", str(tour), str(session), *bad, "-o",
                                   str(tmp_path / "x.json"), "--replace"])
        assert res.exit_code == 1 and says in res.output and res.output.count("\n") == 1
    res = runner.invoke(main, [*args, "--replace"])       # OUT exists: only with --force
    assert res.exit_code == 2 and "--force" in res.output


@pytest.mark.internal_error
def test_a_sheet_that_cannot_be_made_is_one_finding(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever goes wrong reducing a valid record is one INTERNAL-ERROR finding, never a
    traceback (a bug planted in the tournament's reduction)."""
    import tarockrec.tournament.sheet as sheet

    def broken(record: dict[str, Any]) -> dict[str, Any]:
        raise IndexError("list index out of range")
    monkeypatch.setattr(sheet, "_tournament_sheet", broken)
    res = CliRunner().invoke(main, ["convert", "--sheet", os.path.join(TOURNAMENTS,
                                                                         "full-deals.json"),
                                    str(tmp_path / "o.json")])
    assert res.exit_code == 1 and not isinstance(res.exception, IndexError)
    lines = res.output.splitlines()
    assert "[INTERNAL-ERROR]" in lines[0] and "IndexError" in lines[0]
    assert lines[1].endswith(": no score sheet can be made of it")


def test_a_table_file_with_odd_players_is_a_finding(tmp_path: Path) -> None:
    """Found by bench/fuzz.py (2026-11-28): a table's file whose players are not names gave
    INTERNAL-ERROR (AttributeError: 'float' object has no attribute 'get')."""
    shutil.copytree(TOURNAMENTS, tmp_path / "t")
    path = tmp_path / "t" / "sessions" / "round1-table1.json"
    session = json.loads(path.read_text())
    for odd in ([1.5, "x", "y"], 7):
        session["players"] = odd
        path.write_text(json.dumps(session))
        rep = validate_record(_load("sessions-in-files.json"),
                              origin=str(tmp_path / "t" / "sessions-in-files.json"))
        codes = {f.code for f in rep.findings if f.severity == "error"}
        assert codes == {"TOURN-SOURCE"}, [str(f) for f in rep.findings]


@pytest.mark.parametrize("game_name", ["illustrated", "koenigrufen"])
@pytest.mark.parametrize("field,odd", [("auction", [None, None, None, None]), ("auction", 3),
                                       ("end", "redeal"), ("outcome", ["redeal"])])
def test_a_tables_malformed_deal_is_counted_without_a_crash(game_name: str, field: str,
                                                             odd: Any, tmp_path: Path) -> None:
    """Found by bench/fuzz.py (2026-11-28, seed 5, input 706): counting a table file's deals
    toward the round's limit read a deal's ``auction`` (or ``end``, ``outcome``) before the
    file's schema check, and a non-object there gave INTERNAL-ERROR (AttributeError:
    'NoneType' object has no attribute 'get'). The malformed deal is the file's schema finding."""
    from tarockrec.generate import tournament_record
    rec = tournament_record(game_name, 8, 1, seed=3)
    table = rec["rounds"][0]["tables"][0]
    names = {e["id"]: e["name"] for e in rec["entrants"]}
    deals = table.pop("deals")
    deals[1][field] = odd
    session = {"tarockrec": 1, "game": game_name, "players": [names[s] for s in table["seats"]],
               "deals": deals}
    (tmp_path / "t1.json").write_text(json.dumps(session))
    table["source"] = "t1.json"
    rep = validate_record(rec, origin=str(tmp_path / "cup.json"))
    codes = {f.code for f in rep.findings if f.severity == "error"}
    assert "INTERNAL-ERROR" not in codes and "REC-SCHEMA" in codes, \
        [str(f) for f in rep.findings]
