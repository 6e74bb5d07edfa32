"""Tournaments (docs/tournaments.md): the samples, standings worked by hand, generated
tournaments, and the commands."""
from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarockrec.tournament import record as tournament
from tarockrec.games import all_games
from tarockrec.generate import table_sizes_for, tournament_record
from tarockrec.tournament.record import Row, StandingsRules, rank, series, teams
from tarockrec.validate import validate_record

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "tournaments"


def _load(path: Path) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return rec


@pytest.mark.parametrize("path", sorted((SAMPLES / "valid").glob("*.json")), ids=lambda p: p.stem)
def test_valid_samples(path: Path) -> None:
    rep = validate_record(_load(path), origin=str(path))
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.kind == "tournament" and rep.standings is not None
    assert sorted(r.entrant for r in rep.standings) == \
        sorted(e["id"] for e in _load(path)["entrants"])


@pytest.mark.parametrize("path", sorted((SAMPLES / "invalid").glob("*.json")),
                         ids=lambda p: p.stem)
def test_invalid_samples(path: Path) -> None:
    rec = _load(path)
    rep = validate_record(rec, origin=str(path))
    assert [f.code for f in rep.findings if f.severity == "error"] == rec["_expect"], \
        [str(f) for f in rep.findings]
    assert all(f.pointer for f in rep.findings if f.severity == "error")


def test_totals_only_standings_worked_by_hand() -> None:
    """samples/tournaments/valid/totals-only.json, worked by hand (default rules: the score
    alone, ties broken by better table places, then the best round).

    round 1: table 1 A 30 B −10 C −30 D 10 → places A1 D2 B3 C4; table 2 E −20 F 40 G 0 H −20
             → F1 G2, E and H tied third.
    round 2: table 1 A −10 E 50 G 10 D −50 → E1 G2 A3 D4; table 2 B 40 F −40 C 30 H −30
             → B1 C2 H3 F4.
    totals:  A 20, B 30, C 0, D −40, E 30, F 0, G 10, H −50.
    B and E tie at 30 with one first and one third place each; E's best round (50) beats B's
    (40): E first, B second. C and F tie at 0: F has a first place, C none: F fifth, C sixth.
    """
    rep = validate_record(_load(SAMPLES / "valid" / "totals-only.json"))
    assert rep.standings is not None
    got = [(r.rank, r.entrant, r.total) for r in rep.standings]
    assert got == [(1, "E", 30), (2, "B", 30), (3, "A", 20), (4, "G", 10), (5, "F", 0),
                   (6, "C", 0), (7, "D", -40), (8, "H", -50)]
    e = rep.standings[0]
    assert e.rounds == [-20, 50] and e.table_ranks == [3, 1]
    # teams: Ost = A + B + G = 60, Nord = E + F = 30, Süd = C + D = −40 (Hans has none)
    assert [(t.rank, t.team, t.total) for t in teams(rep.standings)] == \
        [(1, "Ost", 60), (2, "Nord", 30), (3, "Süd", -40)]


def test_rank_points_shared_and_cup_points() -> None:
    """The same tables with rank points 3/2/1/0 at a table of four, ties sharing the points of
    their places (rounded down), and cup points 10/8/6 for the first three.

    round 1: A1 3, D2 2, B3 1, C4 0; F1 3, G2 2, E and H share places 3–4: (1 + 0) // 2 = 0.
    round 2: E1 3, G2 2, A3 1, D4 0; B1 3, C2 2, H3 1, F4 0.
    totals (score + rank points): A 20+4 = 24, B 30+4 = 34, C 0+2 = 2, D −40+2 = −38,
    E 30+3 = 33, F 0+3 = 3, G 10+4 = 14, H −50+1 = −49.
    """
    rec = _load(SAMPLES / "valid" / "totals-only.json")
    rules = StandingsRules(rank_points={4: (3, 2, 1, 0)}, cup_points=(10, 8, 6))
    rows = _rows(rec, rules)
    got = [(r.rank, r.entrant, r.total, r.rank_points, r.cup_points) for r in rows]
    assert got == [(1, "B", 34, 4, 10), (2, "E", 33, 3, 8), (3, "A", 24, 4, 6),
                   (4, "G", 14, 4, 0), (5, "F", 3, 3, 0), (6, "C", 2, 2, 0),
                   (7, "D", -38, 2, 0), (8, "H", -49, 1, 0)]
    higher = _rows(rec, StandingsRules(rank_points={4: (3, 2, 1, 0)}, rank_ties="higher"))
    assert {r.entrant: r.rank_points for r in higher}["H"] == 2     # the better tied place: 1 + 1
    # a series of the tournament twice: cup points add up per entrant
    s = series([rows, rows])
    assert [(x.rank, x.entrant, x.cup_points) for x in s[:4]] == \
        [(1, "B", 20), (2, "E", 16), (3, "A", 12), (4, "C", 0)]


def _rows(rec: dict[str, Any], rules: StandingsRules) -> list[Row]:
    """Standings of a totals-only tournament under ``rules`` (not a rule set's)."""
    rows = {e["id"]: Row(e["id"], e["name"], e.get("club"), e.get("team"))
            for e in rec["entrants"]}
    for r, rnd in enumerate(rec["rounds"]):
        for row in rows.values():
            row.rounds.append(None)
            row.table_ranks.append(None)
        for table in rnd["tables"]:
            tournament._score_table(rows, table["seats"], table["result"]["totals"], r, rules)
    return rank(list(rows.values()), rules)


def test_table_sizes_for() -> None:
    assert table_sizes_for(13, (4, 5)) == [4, 4, 5]
    assert table_sizes_for(200, (4, 5)) == [4] * 50
    assert table_sizes_for(7, (3, 4)) == [3, 4]
    with pytest.raises(ValueError):
        table_sizes_for(5, (3, 4))


@pytest.mark.parametrize("game", ["illustrated", "koenigrufen"])
def test_a_generated_tournament_validates_and_refuses_a_changed_score(game: str) -> None:
    """13 entrants at tables of 4, 4 and 5 over 3 rounds (Illustrated Tarokk and Königrufen,
    whose tables of five the engines play, the dealer sitting out): valid; the standings list
    every entrant once, in rank order; a deal's written score changed anywhere inside it is
    refused."""
    rec = tournament_record(game, 13, 3, 2026)
    assert [len(t["seats"]) for t in rec["rounds"][0]["tables"]] == [4, 4, 5]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.standings is not None
    assert sorted(r.entrant for r in rep.standings) == sorted(e["id"] for e in rec["entrants"])
    ranks = [r.rank for r in rep.standings]
    totals = [r.total for r in rep.standings]
    assert ranks == sorted(ranks) and totals == sorted(totals, reverse=True)
    rng = random.Random(5)
    for _ in range(12):
        bad = copy.deepcopy(rec)
        r = rng.randrange(3)
        t = rng.randrange(3)
        table = bad["rounds"][r]["tables"][t]
        d = rng.randrange(len(table["deals"]))
        scores = table["deals"][d]["result"]["scores"]
        i = rng.randrange(len(scores))
        scores[i] += 1
        scores[(i + 1) % len(scores)] -= 1
        codes = {f.code for f in validate_record(bad).findings if f.severity == "error"}
        assert "RESULT-SCORES" in codes, (r, t, d, codes)
        f = next(f for f in validate_record(bad).findings if f.code == "RESULT-SCORES")
        assert f.pointer == f"/rounds/{r}/tables/{t}/deals/{d}/result/scores"


def test_deal_limit() -> None:
    """ooe_2023 limits a table of four to 16 deals a round (its block); a 17th is refused."""
    g = all_games()["koenigrufen"]
    rec = tournament_record("koenigrufen", 4, 1, 7, g.rules({"name": "ooe_2023"}))
    table = rec["rounds"][0]["tables"][0]
    assert len(table["deals"]) == 16
    assert "TOURN-DEAL-LIMIT" not in {f.code for f in validate_record(rec).findings}
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["tables"][0]["deals"].append(copy.deepcopy(table["deals"][-1]))
    limits = [f for f in validate_record(bad).findings if f.code == "TOURN-DEAL-LIMIT"]
    assert len(limits) == 1 and limits[0].pointer == "/rounds/0/tables/0/deals"


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", "from tarockrec.cli import run; run()", *args],
                          capture_output=True, text=True, env=env, cwd=cwd)


def test_standings_command(tmp_path: Path) -> None:
    path = str(SAMPLES / "valid" / "totals-only.json")
    out = _cli("standings", path, "--format", "json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [(r["rank"], r["player"], r["total"]) for r in rows][:2] == \
        [(1, "Eva", 30), (2, "Bernd", 30)]
    assert {"score", "rank_points", "rounds", "table_ranks"} <= set(rows[0])
    csv = _cli("standings", path, "--format", "csv").stdout.splitlines()
    assert csv[0].startswith("tournament,rank,entrant,player") and len(csv) == 9
    text = _cli("standings", path).stdout
    assert "Eva" in text.splitlines()[2]
    teams_json = json.loads(_cli("standings", path, "--teams", "--format", "json").stdout)
    assert teams_json[0]["team"] == "Ost" and teams_json[0]["total"] == 60
    series_json = json.loads(_cli("standings", path, path, "--series", "--format",
                                  "json").stdout)["standings"]
    assert len(series_json) == 8 and series_json[0]["total"] == 0    # no cup points: default
    page = _cli("standings", path, "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and '<td class="name">Eva</td>' in page
    bad = _cli("standings", str(SAMPLES / "invalid" / "unseated.json"))
    assert bad.returncode == 1 and "TOURN-UNSEATED" in bad.stderr


def test_generate_tournament_command(tmp_path: Path) -> None:
    target = tmp_path / "t.json"
    out = _cli("generate", "cego", "--tournament", "7", "--rounds", "2", "--seed", "3", "-o",
               str(target))
    assert out.returncode == 0, out.stderr
    rec = _load(target)
    assert [len(t["seats"]) for t in rec["rounds"][0]["tables"]] == [3, 4]
    assert validate_record(rec).valid
    assert _cli("validate", str(target)).returncode == 0
    five = tmp_path / "kr.json"
    out = _cli("generate", "koenigrufen", "--tournament", "13", "--rounds", "3", "--seed", "1",
               "-o", str(five))
    assert out.returncode == 0, out.stderr
    rec = _load(five)
    assert [[len(t["seats"]) for t in rnd["tables"]] for rnd in rec["rounds"]] == [[4, 4, 5]] * 3
    big = rec["rounds"][0]["tables"][2]
    assert [d["dealer"] for d in big["deals"][:5]] == [0, 1, 2, 3, 4]
    assert all(d["result"]["scores"][d["dealer"]] == 0 for d in big["deals"])
    assert _cli("validate", str(five)).returncode == 0
    rows = json.loads(_cli("standings", str(five), "--format", "json").stdout)
    assert sorted(r["entrant"] for r in rows) == sorted(e["id"] for e in rec["entrants"])
    no = _cli("generate", "cego", "--tournament", "5")
    assert no.returncode == 2 and "cannot be seated" in no.stderr


def test_show_draws_a_tournament_as_its_standings(tmp_path: Path) -> None:
    """``show`` of a tournament (it crashed on the missing players): its findings, a pointer to
    publish and the standings; ``--html`` writes a page saying the same."""
    path = str(SAMPLES / "valid" / "totals-only.json")
    out = _cli("show", path, "--no-color")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "tarockrec publish draws every table" in out.stdout
    lines = out.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("rank"))
    assert "Eva" in lines[head + 1] and "Bernd" in lines[head + 2]
    page = tmp_path / "t.html"
    html = _cli("show", path, "--html", str(page))
    assert html.returncode == 0 and "tarockrec publish" in page.read_text(encoding="utf-8")


def test_score_lists_every_table_and_deal(tmp_path: Path) -> None:
    """``score`` of a tournament (it printed only the file's name): each table with its seated
    entrants, every deal's breakdown and the table's totals; the csv/json rows carry round,
    table and entrant, one row per deal and seat, and each table's rows add up to its totals
    (also for tables whose sessions live in files of their own)."""
    for name in ("full-deals", "sessions-in-files", "score-sheets"):
        path = SAMPLES / "valid" / f"{name}.json"
        rec = _load(path)
        rep = validate_record(rec, origin=str(path), tables=True)
        assert rep.valid, [str(f) for f in rep.findings]
        tables = rep.tables or []
        assert len(tables) == sum(len(r["tables"]) for r in rec["rounds"])
        text = _cli("score", str(path))
        assert text.returncode == 0, text.stderr
        heads = [ln for ln in text.stdout.splitlines() if ln.startswith("  round ")]
        assert len(heads) == len(tables)
        assert heads[0] == "  round 1, table {}: {}".format(tables[0].name, ", ".join(
            f"{e} ({n})" for e, n in zip(tables[0].seats, tables[0].names)))
        assert text.stdout.count("table totals:") == len(tables)
        out = _cli("score", str(path), "--format", "json")
        assert out.returncode == 0, out.stderr
        rows = json.loads(out.stdout)
        deals = sum(len(t.report.scores) for t in tables)
        assert len(rows) == sum(len(t.seats) * len(t.report.scores) for t in tables) and deals
        for t in tables:
            mine = [r for r in rows if (r["round"], r["table"]) == (t.round + 1, t.name)]
            for seat, entrant in enumerate(t.seats):
                seat_rows = [r for r in mine if r["seat"] == seat]
                assert {r["entrant"] for r in seat_rows} == {entrant}
                assert sum(r["total"] for r in seat_rows) == t.totals[seat]
        csv = _cli("score", str(path), "--format", "csv").stdout.splitlines()
        assert csv[0].startswith("source,record,id,round,table,deal,seat,entrant,player,")
        assert len(csv) == len(rows) + 1
    only = _cli("score", str(SAMPLES / "valid" / "totals-only.json"))
    assert only.returncode == 0 and "only the table's totals are written: +30  -10  -30  +10" \
        in only.stdout
    rows_err = _cli("score", str(SAMPLES / "valid" / "totals-only.json"), "--format", "json")
    assert json.loads(rows_err.stdout) == [] and "no rows" in rows_err.stderr


def test_a_valid_document_is_not_line_mapped(tmp_path: Path) -> None:
    """A one-record pretty JSON document maps its lines only when a finding needs one (the map
    of a large tournament cost more than reading it); findings still name their line."""
    from tarockrec.sources import JSONLines, entries
    [entry] = list(entries(str(SAMPLES / "valid" / "full-deals.json")))
    assert isinstance(entry.lines, JSONLines)
    assert validate_record(entry.record, entry.index, entry.line, entry.lines,
                           origin=entry.source).valid
    assert entry.lines._map is None
    bad = _load(SAMPLES / "valid" / "full-deals.json")
    bad["rounds"][0]["tables"][0]["deals"][0]["result"]["scores"][0] += 1
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(bad, indent=2), encoding="utf-8")
    [entry] = list(entries(str(target)))
    rep = validate_record(entry.record, entry.index, entry.line, entry.lines)
    [f] = [f for f in rep.findings if f.code == "RESULT-SCORES"]
    text = target.read_text(encoding="utf-8").splitlines()
    assert f.line is not None and '"scores"' in text[f.line - 1]


def test_a_table_with_no_deal_and_no_totals_is_no_play(tmp_path: Path) -> None:
    """Issue 32, item 4: a table with ``"deals": []``, or a session file with no deal, and no
    written totals did not play: TOURN-NO-PLAY (every seat got place 1 and its rank points).
    With its totals written it is a totals-only table."""
    rec = _load(SAMPLES / "valid" / "totals-only.json")
    table = rec["rounds"][1]["tables"][0]
    del table["result"]
    rec.pop("standings", None)
    table["deals"] = []

    def errors(r: dict[str, Any], origin: str | None = None) -> list[tuple[str, str]]:
        rep = validate_record(r, origin=origin)
        return [(f.code, f.pointer) for f in rep.findings if f.severity == "error"]

    assert errors(rec) == [("TOURN-NO-PLAY", "/rounds/1/tables/0/deals")]
    # a session file with no deal
    names = {e["id"]: e["name"] for e in rec["entrants"]}
    session = {"tarockrec": 1, "game": rec["game"], "players": [names[s] for s in table["seats"]],
               "deals": []}
    (tmp_path / "empty.json").write_text(json.dumps(session), encoding="utf-8")
    del table["deals"]
    table["source"] = "empty.json"
    path = tmp_path / "t.json"
    assert errors(rec, str(path)) == [("TOURN-NO-PLAY", "/rounds/1/tables/0/source")]
    # the same with the table's totals written: valid, its totals rank
    table["result"] = {"totals": [-10, 50, 10, -50]}
    assert errors(rec, str(path)) == []


def _with_idle_entrant() -> dict[str, Any]:
    """totals-only.json with entrant I in the register, absent from both rounds."""
    rec = _load(SAMPLES / "valid" / "totals-only.json")
    rec["entrants"].append({"name": "Ida", "id": "I"})
    for rnd in rec["rounds"]:
        rnd["absent"] = [*rnd.get("absent", []), "I"]
    rec.pop("standings", None)
    return rec


def test_an_entrant_who_played_no_round_is_not_ranked() -> None:
    """Issue 32, item 4: an entrant of the register who plays no round is not ranked (with
    total 0 he sat above everyone with a negative total, and took cup points): listed after
    the ranked ones with no rank and no cup points (the default), or left out (``unplayed =
    left_out``); a series gives him nothing for that tournament."""
    rec = _with_idle_entrant()
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.standings is not None
    assert [(r.rank, r.entrant) for r in rep.standings] == \
        [(1, "E"), (2, "B"), (3, "A"), (4, "G"), (5, "F"), (6, "C"), (7, "D"), (8, "H"),
         (None, "I")]
    cup = StandingsRules(cup_points=tuple(range(20, 0, -1)))
    rows = rank(_rows(rec, cup), cup)
    # no cup points (None), not 0 cup points (issue 39, 1.8)
    assert rows[-1].entrant == "I" and rows[-1].rank is None and rows[-1].cup_points is None
    assert rows[-2].entrant == "H" and rows[-2].cup_points == 13
    assert "I" not in [s.entrant for s in series([rows])]
    left_out = StandingsRules(unplayed="left_out")
    assert "I" not in [r.entrant for r in rank(_rows(rec, left_out), left_out)]
    # written standings that rank him are refused; leaving him out is right
    rec["standings"] = [{"rank": r.rank, "entrant": r.entrant, "total": r.total}
                        for r in rep.standings if r.rank is not None]
    assert validate_record(rec).valid
    rec["standings"].append({"rank": 9, "entrant": "I", "total": 0})
    codes = [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]
    assert codes == [("TOURN-STANDINGS", "/standings/8")]


def test_a_duplicated_row_of_the_written_standings_is_flagged() -> None:
    """Issue 32, item 4: a row written twice in the standings is refused."""
    rec = _load(SAMPLES / "valid" / "sessions-in-files.json")
    rec["standings"].append(dict(rec["standings"][3]))
    rep = validate_record(rec, origin=str(SAMPLES / "valid" / "sessions-in-files.json"))
    codes = [(f.code, f.pointer) for f in rep.findings if f.severity == "error"]
    assert codes == [("TOURN-STANDINGS", f"/standings/{len(rec['standings']) - 1}/entrant")]


@pytest.mark.parametrize("command", ["show", "show-html", "score", "score-csv", "standings",
                                     "publish"])
def test_every_command_finds_a_tables_source_beside_the_tournament(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32, item 4: ``show``, ``score``, ``standings`` and ``publish`` read a table's
    ``source`` relative to the tournament's file, as ``validate`` does (``show`` called the
    shipped sample INVALID: its files "cannot be found from a tournament read from standard
    input"). Run from another folder, with a relative path."""
    from click.testing import CliRunner
    from tarockrec.cli import main
    monkeypatch.chdir(ROOT / "samples")
    path = "tournaments/valid/sessions-in-files.json"
    args = {"show": ["show", path], "show-html": ["show", path, "--html", "-"],
            "score": ["score", path], "score-csv": ["score", "--format", "csv", path],
            "standings": ["standings", path],
            "publish": ["publish", path, "-o", str(tmp_path / "site")]}[command]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert "TOURN-SOURCE" not in res.output and "cannot be found" not in res.output
    if command == "show":
        assert "INVALID" not in res.output and "Player 5" in res.output


def test_standings_says_why_nothing_was_ranked_and_derived_prints_them() -> None:
    """Issue 32, item 4: ``standings`` on an invalid tournament says plainly that nothing was
    ranked and why; ``--derived`` prints the derived standings of a tournament whose written
    ones differ, marked as differing (the exit code stays 1); not those of a tournament with
    another fault."""
    from click.testing import CliRunner
    from tarockrec.cli import main
    differ = str(SAMPLES / "invalid" / "standings-differ.json")
    no_play = str(SAMPLES / "invalid" / "no-play.json")
    res = CliRunner().invoke(main, ["standings", differ])
    assert res.exit_code == 1 and res.stdout == ""
    assert "nothing was ranked: its written standings differ" in res.stderr
    assert "--derived" in res.stderr
    res = CliRunner().invoke(main, ["standings", no_play])
    assert res.exit_code == 1 and res.stdout == ""
    assert "nothing was ranked: the tournament is not valid" in res.stderr
    assert "TOURN-NO-PLAY" in res.stderr
    res = CliRunner().invoke(main, ["standings", "--derived", differ])
    assert res.exit_code == 1 and "nothing was ranked" not in res.stderr
    assert res.stdout.splitlines()[0].endswith("(DERIVED: differs from the written standings)")
    rows = [line.split() for line in res.stdout.splitlines()[2:]]
    assert [(r[0], r[1]) for r in rows][:2] == [("1", "E"), ("2", "B")]
    res = CliRunner().invoke(main, ["standings", "--derived", "--format", "csv", differ])
    assert all("DERIVED" in line for line in res.stdout.splitlines()[1:])
    res = CliRunner().invoke(main, ["standings", "--derived", no_play])
    assert res.exit_code == 1 and res.stdout == "" and "nothing was ranked" in res.stderr


@pytest.mark.parametrize("game,rules,four,five", [
    ("koenigrufen", "ooe_2023", 16, 20), ("koenigrufen", "default", 12, 15),
    ("illustrated", "default", 12, 15)])
def test_a_generated_table_of_five_sits_out_evenly(game: str, rules: str, four: int,
                                                   five: int) -> None:
    """Issue 32, item 4: at a table of five the dealer sits out; without a limit of its own
    it plays as many deals as let each seat play as many as at four, a multiple of 5, each
    seat sitting out equally often (ooe_2023: 16 at four, 20 at five, as its decided list
    says). Only deals after which the deal passes on count (``deals_count = dealt_on``): a
    redeal or an Illustrated passed-out deal is played beside them (113 of 123 tables of
    five were uneven when they counted)."""
    from collections import Counter
    g = all_games()[game]
    rec = tournament_record(game, 13, 2, 3, rules=g.rules({"name": rules}))
    srules = tournament.standings_rules(game, rec.get("rules"))
    for rnd in rec["rounds"]:
        for table in rnd["tables"]:
            n = len(table["seats"])
            dealt_on = [d["dealer"] for d in table["deals"]
                        if g.next_dealer(None, d["dealer"], n, d) != d["dealer"]]
            assert len(dealt_on) == (five if n == 5 else four)
            assert tournament.counted_deals(g, table["deals"], n, srules) == len(dealt_on)
            assert set(Counter(dealt_on).values()) == {len(dealt_on) // n}
    assert validate_record(rec).valid


def test_the_deal_limit_counts_the_deals_dealt_on() -> None:
    """A redeal (the same dealer deals again) does not count toward ``deals_per_round`` under
    ``deals_count = dealt_on``; under ``every`` it does."""
    g = all_games()["illustrated"]
    rec = tournament_record("illustrated", 8, 1, 3)
    table = rec["rounds"][0]["tables"][0]
    deals = table["deals"]
    redeals = len(deals) - sum(1 for d in deals if g.next_dealer(None, d["dealer"], 4, d)
                               != d["dealer"])
    assert redeals > 0
    dealt_on = tournament.StandingsRules(deals_per_round={4: 12})
    assert tournament.counted_deals(g, deals, 4, dealt_on) == 12
    every = tournament.StandingsRules(deals_per_round={4: 12}, deals_count="every")
    assert tournament.counted_deals(g, deals, 4, every) == 12 + redeals


@pytest.mark.parametrize("game,rules", [("illustrated", "default"), ("illustrated", "itvb"),
                                        ("koenigrufen", "default")])
def test_every_seat_of_a_generated_table_of_five_sits_out_equally(game: str,
                                                                   rules: str) -> None:
    """Issue 39, 1.7: over every written deal of a generated table of five (the dealer sits
    out), each seat sits out equally often, and the tournament validates (its deal limit
    counted as the validator counts it). Before, a deal thrown in after an all-pass (§3.7: the
    same dealer deals again) was written beside the others, and its dealer sat out once more:
    most Illustrated tables of five were uneven."""
    from collections import Counter

    from hypothesis import given, settings, strategies as st
    g = all_games()[game]
    chosen = g.rules({"name": rules})

    @settings(max_examples=12, deadline=None)
    @given(st.integers(0, 1 << 30))
    def check(seed: int) -> None:
        rec = tournament_record(game, 5, 1, seed, rules=chosen)
        table = rec["rounds"][0]["tables"][0]
        assert len(table["seats"]) == 5
        out = Counter(s for d in table["deals"]
                      for s in g.sitting_out(5, d["dealer"], d["result"]))
        assert len(set(out[s] for s in range(5))) == 1, out
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
    check()


def test_generate_refuses_more_rounds_than_the_rule_set_plays(tmp_path: Path) -> None:
    """Issue 39, 1.4: ``generate --tournament --rounds R`` with R above the rule set's
    ``rounds`` is refused as bad usage (exit 2, nothing written), rather than writing a
    tournament its own validator refuses (TOURN-ROUNDS) with exit 0; R up to it is written."""
    limit = tournament.standings_rules("illustrated", {"name": "itvb"}).rounds
    assert limit is not None
    target = tmp_path / "t.json"
    out = _cli("generate", "illustrated", "--tournament", "4", "--rules", "itvb", "--rounds",
               str(limit + 1), "--seed", "1", "-o", str(target))
    assert out.returncode == 2 and out.stdout == "" and not target.exists()
    assert f"plays at most {limit} rounds, not {limit + 1}" in out.stderr
    with pytest.raises(ValueError, match="at most"):
        tournament_record("illustrated", 4, limit + 1, 1,
                          rules=all_games()["illustrated"].rules({"name": "itvb"}))
    out = _cli("generate", "illustrated", "--tournament", "4", "--rules", "itvb", "--rounds",
               str(limit), "--seed", "1", "-o", str(target))
    assert out.returncode == 0, out.stderr
    assert _cli("validate", str(target)).returncode == 0


def _cup_tournament() -> dict[str, Any]:
    """A cup's tournament (tarockcup_austria: the cup points are the total) with its written
    standings, each row carrying the cup points the tables give."""
    rec = _load(SAMPLES / "cup" / "cup-2026-01.json")
    rep = validate_record(rec)
    assert rep.valid and rep.standings is not None
    cups = {r.entrant: r.cup_points for r in rep.standings}
    for row in rec["standings"]:
        row["cup_points"] = cups[row["entrant"]]
    return rec


def test_written_standings_carry_cup_points_and_they_are_checked(tmp_path: Path) -> None:
    """Issue 39, 1.5: a standings row may carry ``cup_points`` (JSON, XML, text), and they are
    checked against the computed ones: a wrong figure is TOURN-STANDINGS at that row's
    ``cup_points``, naming the entrant. Before, the field was refused by the schema."""
    from lxml import etree

    from tarockrec import schema
    from tarockrec.codecs import textio, xmlio
    rec = _cup_tournament()
    assert validate_record(rec).valid
    doc = etree.fromstring(xmlio.dumps(rec).encode())
    xsd = schema.xsd()
    assert xsd.validate(doc), xsd.error_log.last_error
    for back in (xmlio.loads(xmlio.dumps(rec)), textio.loads(textio.dumps(rec))):
        assert [r.get("cup_points") for r in back["standings"]] == \
            [r["cup_points"] for r in rec["standings"]]
        assert validate_record(back).valid
    bad = copy.deepcopy(rec)
    right = bad["standings"][1]["cup_points"]
    bad["standings"][1]["cup_points"] = right + 7
    name = {e["id"]: e["name"] for e in rec["entrants"]}[bad["standings"][1]["entrant"]]
    errors = [f for f in validate_record(bad).findings if f.severity == "error"]
    assert [(f.code, f.pointer) for f in errors] == [("TOURN-STANDINGS",
                                                     "/standings/1/cup_points")]
    assert name in errors[0].message and f"cup points {right + 7}" in errors[0].message
    path = tmp_path / "bad.xml"
    path.write_text(xmlio.dumps(bad))
    out = _cli("validate", str(path))
    assert out.returncode == 1 and "/standings/1/cup_points" in out.stdout


def test_a_refused_shape_is_not_called_an_unknown_table_result(tmp_path: Path) -> None:
    """Issue 39, 1.5: a tournament refused for its shape (here a standings row with a field the
    notation does not have) is not ranked because of that shape, not because "some table's
    result is not known", as ``standings`` used to say."""
    rec = _cup_tournament()
    rec["standings"][0]["medal"] = "gold"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(rec))
    out = _cli("standings", str(path))
    assert out.returncode == 1 and "REC-SCHEMA" in out.stderr
    assert "does not have the shape of a tournament" in out.stderr
    assert "table's result is not known" not in out.stderr
    # a table whose result is not known still says so
    rec = _cup_tournament()
    del rec["rounds"][0]["tables"][0]["deals"]
    rec["rounds"][0]["tables"][0].pop("result", None)
    path.write_text(json.dumps(rec))
    out = _cli("standings", str(path))
    assert out.returncode == 1 and "some table's result is not known" in out.stderr


def test_a_generated_cup_tournament_writes_its_cup_points() -> None:
    """``generate --tournament`` under a rule set that gives cup points writes them in its
    standings, and they validate."""
    g = all_games()["koenigrufen"]
    rec = tournament_record("koenigrufen", 8, 1, 4, rules=g.rules({"name": "tarockcup_austria"}))
    assert all("cup_points" in r for r in rec["standings"])
    assert validate_record(rec).valid
    assert all("cup_points" not in r for r in tournament_record("koenigrufen", 8, 1, 4)
               ["standings"])


def test_an_entrant_who_played_no_round_has_no_cup_points() -> None:
    """Issue 39, 1.8: an entrant of the register who played no round has no rank and no cup
    points: null in JSON, an empty cell in CSV — not 0, which the last place of a cup earns —
    and a series counts no result for him there. Before, he was given cup_points 0."""
    rec = _cup_tournament()
    rec["entrants"].append({"id": "99", "name": "Idle"})
    for rnd in rec["rounds"]:
        rnd.setdefault("absent", []).append("99")
    rep = validate_record(rec)
    assert rep.valid and rep.standings is not None
    idle = [r for r in rep.standings if r.entrant == "99"]
    assert [(r.rank, r.cup_points) for r in idle] == [(None, None)]
    assert idle[0].as_dict()["cup_points"] is None
    ranked = [r for r in rep.standings if r.rank is not None]
    assert ranked and all(r.cup_points is not None for r in ranked)
    rows = tournament.series([rep.standings])
    assert "99" not in {s.entrant for s in rows}
