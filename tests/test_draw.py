"""The draw (issue 40; tarockrec/tournament/draw.py, docs/tournaments.md *The draw*): table plans for any
field, the random and standings draws from a stored seed, ``validate``'s check of a stored draw
(TOURN-DRAW), drawn rounds not played yet (TOURN-DRAWN), late entrants, departures, re-draws,
the ``draw`` command and what it prints."""
from __future__ import annotations

import copy
import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarockrec import games, rulesets
from tarockrec.tournament import draw
from tarockrec.validate import validate_record

ROOT = Path(__file__).resolve().parent.parent
# the exhaustive search of bench/bench_draw.py, as test_fuzz uses bench/fuzz.py
sys.path.insert(0, str(ROOT / "bench"))
from bench_draw import partitions, repeated_pairs  # noqa: E402
GAMES = {"koenigrufen": (4, 5), "illustrated": (4, 5), "cego": (3, 4), "carinthian": (3, 4),
         "ulti": (3,)}


def _register(n: int, game: str = "koenigrufen", rules: str | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"tarockrec": 1, "game": game}
    if rules:
        rec["rules"] = {"name": rules}
    rec["event"] = {"name": "Draw test", "date": "2026-12-01"}
    rec["entrants"] = [{"id": str(i + 1), "name": f"Player {i + 1:03d}"} for i in range(n)]
    rec["rounds"] = []
    return rec


def _codes(rec: dict[str, Any]) -> list[str]:
    return [f.code for f in validate_record(rec).findings]


def _play(rec: dict[str, Any], r: int) -> None:
    """Totals at every table of round ``r`` (from 1): seat 0 wins 10 from each other seat
    at table 1, the next seat at table 2, … (different winners each round)."""
    for t, table in enumerate(rec["rounds"][r - 1]["tables"]):
        n = len(table["seats"])
        win = (t + r) % n
        table["result"] = {"totals": [10 * (n - 1) if s == win else -10 for s in range(n)]}


# -- item 2: table sizes for any field ---------------------------------------------------------
def test_the_games_table_sizes() -> None:
    for name, sizes in GAMES.items():
        game = games.get(name)
        assert game is not None and tuple(game.table_sizes) == sizes


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_field_from_4_to_200_is_seated_or_refused_with_what_to_do(game: str) -> None:
    sizes = GAMES[game]
    odd = sizes[-1]
    for n in range(4, 201):
        try:
            plan = draw.table_plan(n, sizes, title=game)
        except draw.DrawRefused as err:
            # refused only where no split exists, and the message names the bye
            assert all((n - k * odd) % sizes[0] for k in range(n // odd + 1)) or len(sizes) == 1
            assert "give" in err.message and "bye" in err.message and "absent" in err.message
            assert "allows no table of another size" in err.message
            continue
        assert sum(plan) == n and set(plan) <= set(sizes)
        # the fewest tables of the odd size: one fewer would not split
        k = plan.count(odd) if len(sizes) > 1 else 0
        assert k == 0 or all((n - j * odd) % sizes[0] for j in range(k))
        assert plan == sorted(plan, key=lambda s: s == odd)      # usual tables first


def test_koenigrufen_refuses_exactly_1_to_3_6_7_11() -> None:
    refused = []
    for n in range(1, 201):
        try:
            draw.table_plan(n, (4, 5))
        except draw.DrawRefused:
            refused.append(n)
    assert refused == [1, 2, 3, 6, 7, 11]


def test_the_refusal_names_the_byes_that_seat_the_field() -> None:
    with pytest.raises(draw.DrawRefused) as err:
        draw.table_plan(7, (4, 5), title="Königrufen")
    assert err.value.message == (
        "7 entrants cannot be seated at tables of 4 or 5 (Königrufen): give 2 entrants a bye "
        "this round (a sit-out, recorded as absent: --absent ID) and seat 5 at one table of 5, "
        "or register 1 more; the rule set allows no table of another size")
    with pytest.raises(draw.DrawRefused) as err:
        draw.table_plan(2, (4, 5), title="Königrufen")
    assert "a table needs at least 4; register 2 more" in err.value.message
    with pytest.raises(draw.DrawRefused) as err:
        draw.table_plan(10, (3,), title="Ulti")
    assert "give 1 entrant a bye" in err.value.message and "three tables of 3" in err.value.message


def test_fewest_of_another_size_where_the_rule_set_says_so() -> None:
    assert draw.table_plan(20, (4, 5)) == [4] * 5
    assert draw.table_plan(20, (4, 5), fewest_of=4) == [5] * 4
    assert draw.table_plan(13, (4, 5), fewest_of=4) == [5, 4, 4]


# -- item 4: reproducible --------------------------------------------------------------------
def test_the_generator_is_splitmix64() -> None:
    rng = draw.Rng("any")
    rng.state = 0               # the published SplitMix64 sequence from state 0
    assert [rng.next64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_pinned_seatings_of_a_few_seeds() -> None:
    """These seatings are stored in records: a change here breaks every stored draw."""
    field = [str(i) for i in range(1, 10)]
    assert draw.draw_round(field, (4, 5), "random", 1, 1) == \
        [["2", "6", "5", "3"], ["1", "7", "8", "4", "9"]]
    r1 = draw.draw_round(field, (4, 5), "random", 2026, 1)
    assert r1 == [["3", "5", "1", "7"], ["4", "8", "9", "2", "6"]]
    assert draw.draw_round(field, (4, 5), "random", 2026, 2, [r1]) == \
        [["6", "5", "2", "3"], ["8", "7", "1", "9", "4"]]


def test_same_inputs_same_seating_other_seed_other_seating() -> None:
    field = [str(i) for i in range(1, 41)]
    a = draw.draw_round(field, (4, 5), "random", 5, 1)
    assert a == draw.draw_round(field, (4, 5), "random", 5, 1)
    assert a != draw.draw_round(field, (4, 5), "random", 6, 1)
    assert a != draw.draw_round(field, (4, 5), "random", 5, 2)


def test_the_draw_does_not_depend_on_string_hashing() -> None:
    """Same seating in a fresh interpreter with another PYTHONHASHSEED."""
    code = ("from tarockrec.tournament import draw; f=[str(i) for i in range(1, 30)]; "
            "r1=draw.draw_round(f,(4,5),'random',9,1); "
            "print(draw.draw_round(f,(4,5),'random',9,2,[r1]))")
    outs = set()
    for hs in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hs, PYTHONPATH=str(ROOT))
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True).stdout)
    assert len(outs) == 1


# -- item 1: methods -------------------------------------------------------------------------
def test_random_draw_avoids_repeats_while_another_seating_does() -> None:
    """16 entrants at four tables of four can play 5 rounds without meeting anyone twice
    (an affine plane of order 4); the draw finds 3 such rounds (the pigeonhole bound is 0)."""
    field = [str(i) for i in range(1, 17)]
    rounds: list[list[list[str]]] = []
    for r in range(1, 4):
        rounds.append(draw.draw_round(field, (4, 5), "random", 11, r, rounds))
    assert draw.repeats(rounds) == 0 == draw.repeat_bound(16, 3, [4, 4, 4, 4])


@pytest.mark.parametrize("n,bound", [
    # pigeonhole: 3 rounds x 2 tables x C(4,2) = 36 meetings of C(8,2) = 28 pairs
    (8, 36 - 28),
    # the round before: 12 at three tables of four; a table of four in a later round takes
    # two of its entrants from one table of the round before: 1 pair a table, 3 a round, 2
    # rounds after the first
    (12, 2 * 3),
    # 17 at 4, 4, 4, 5 (four tables): only the table of five repeats a pair, 1 a round
    (17, 2 * 1),
])
def test_random_draw_meets_the_bound_on_forced_repeats(n: int, bound: int) -> None:
    field = [str(i) for i in range(1, n + 1)]
    rounds: list[list[list[str]]] = []
    for r in range(1, 4):
        rounds.append(draw.draw_round(field, (4, 5), "random", 3, r, rounds))
    assert draw.repeat_bound(n, 3, draw.table_plan(n, (4, 5))) == bound
    assert draw.repeats(rounds) == bound


@pytest.mark.parametrize("n,seed", [(9, 1), (12, 5), (13, 3)])
def test_each_random_round_repeats_no_more_pairs_than_the_best_seating_of_it(
        n: int, seed: int) -> None:
    """Small fields, searched exhaustively: no seating of a round (given the rounds before)
    repeats fewer pairs than the draw's."""
    field = [str(i) for i in range(1, n + 1)]
    plan = draw.table_plan(n, (4, 5))
    rounds: list[list[list[str]]] = []
    for r in range(1, 4):
        tables = draw.draw_round(field, (4, 5), "random", seed, r, rounds)
        met = draw.meetings(rounds)
        best = min(repeated_pairs(p, met) for p in partitions(field, plan))
        assert repeated_pairs(tables, met) == best, (r, best)
        rounds.append(tables)


def test_standings_draw_seats_the_leaders_at_table_1() -> None:
    """Piatnik 2013: 'Auslosung nach Zwischenstand (die ersten Vier auf Tisch eins, etc.)'."""
    rec = _register(12, rules="piatnik_2013")
    rec = draw.draw_tournament(rec, 1, seed=4)
    assert rec["rounds"][0]["draw"]["method"] == "standings"
    _play(rec, 1)
    rec = draw.draw_tournament(rec, 2, seed=4)
    rows = validate_record(copy.deepcopy({**rec, "rounds": rec["rounds"][:1]})).standings
    assert rows is not None
    best = [r.entrant for r in rows][:4]
    ranks = {r.entrant: r.rank for r in rows}
    table1 = rec["rounds"][1]["tables"][0]["seats"]
    # the three table winners share rank 1 (10 points each), then the 8s: table 1 holds the
    # three winners and one of the entrants sharing rank 4, as the ranking orders them
    assert sorted(ranks[e] for e in table1) == sorted(ranks[e] for e in best)
    assert all(ranks[e] == 1 for e in table1 if ranks[e] != 4)


def test_ties_in_the_standings_are_broken_as_the_ranking_breaks_them() -> None:
    groups = [["a"], ["b", "c"], ["d"]]
    order = draw._order_by_standings(["d", "c", "b", "a", "e"], groups, draw.Rng("t"))
    assert order[0] == "a" and set(order[1:3]) == {"b", "c"} and order[3:] == ["d", "e"]


def test_seat_order_by_the_standings() -> None:
    field = [str(i) for i in range(1, 9)]
    tables = draw.draw_round(field, (4, 5), "standings", 1, 2,
                             standings=[[str(i)] for i in range(8, 0, -1)],
                             seat_order="standings")
    assert tables == [["8", "7", "6", "5"], ["4", "3", "2", "1"]]


def test_fixed_draw_is_checked_only() -> None:
    rec = _register(8)
    rec["rounds"] = [{"tables": [{"seats": ["1", "2", "3", "4"]},
                                 {"seats": ["5", "6", "7", "8"]}]}]
    out = draw.draw_tournament(rec, 1, method="fixed")
    assert out["rounds"][0]["draw"] == {"method": "fixed"}
    assert out["rounds"][0]["tables"] == rec["rounds"][0]["tables"]
    rec["rounds"][0]["tables"][1]["seats"] = ["5", "6", "7"]
    with pytest.raises(draw.DrawRefused, match="TOURN|cannot play|neither seated"):
        draw.draw_tournament(rec, 1, method="fixed")


# -- item 3: records, late arrivals, departures, re-draws --------------------------------------
def test_a_register_with_no_rounds_is_valid() -> None:
    rep = validate_record(_register(13))
    assert rep.valid and not rep.findings


def test_a_drawn_round_without_play_is_valid_and_explained() -> None:
    rec = draw.draw_tournament(_register(13), 1, seed=1)
    rep = validate_record(rec)
    assert rep.valid
    assert [f.code for f in rep.findings] == ["TOURN-DRAWN"] * 3
    assert all(f.severity == "info" for f in rep.findings)
    # without a stored draw the same empty table is a table nothing was played at
    del rec["rounds"][0]["draw"]
    assert "TOURN-NO-PLAY" in _codes(rec)


def test_validate_reproduces_a_stored_draw_and_names_the_first_table_that_differs() -> None:
    rec = draw.draw_tournament(_register(13), 1, seed=21)
    _play(rec, 1)
    rec = draw.draw_tournament(rec, 2, seed=22)
    assert "TOURN-DRAW" not in _codes(rec)
    bad = copy.deepcopy(rec)
    t1, t2 = bad["rounds"][1]["tables"][1]["seats"], bad["rounds"][1]["tables"][2]["seats"]
    t1[0], t2[0] = t2[0], t1[0]
    found = [f for f in validate_record(bad).findings if f.code == "TOURN-DRAW"]
    assert len(found) == 1 and found[0].pointer == "/rounds/1/tables/1/seats"
    assert "table 2 of round 2" in found[0].message and "seed 22" in found[0].message
    other = copy.deepcopy(rec)
    other["rounds"][1]["draw"]["seed"] = 23
    assert "TOURN-DRAW" in _codes(other)
    # without a seed only the table sizes are checked
    del bad["rounds"][1]["draw"]["seed"]
    assert "TOURN-DRAW" not in _codes(bad)


def test_a_standings_draw_is_checked_against_the_standings_before_it() -> None:
    rec = draw.draw_tournament(_register(12, rules="piatnik_2013"), 1, seed=2)
    _play(rec, 1)
    rec = draw.draw_tournament(rec, 2, seed=2)
    assert "TOURN-DRAW" not in _codes(rec)
    changed = copy.deepcopy(rec)      # other results in round 1: other standings, other draw
    for table in changed["rounds"][0]["tables"]:
        table["result"]["totals"].reverse()
    assert "TOURN-DRAW" in _codes(changed)


def test_a_standings_draw_waits_for_the_round_before() -> None:
    rec = draw.draw_tournament(_register(12, rules="piatnik_2013"), 1, seed=2)
    with pytest.raises(draw.DrawRefused, match="standings after round 1, which are not known"):
        draw.draw_tournament(rec, 2, seed=2)


def test_late_entrant_joins_from_the_next_round() -> None:
    rec = draw.draw_tournament(_register(12), 1, seed=5)
    _play(rec, 1)
    rec["entrants"].append({"id": "13", "name": "Late"})
    assert "TOURN-UNSEATED" in _codes(rec)       # round 1 does not list him
    rec = draw.draw_tournament(rec, 2, seed=5)
    assert rec["entrants"][-1]["joins"] == 2
    assert sum(len(t["seats"]) for t in rec["rounds"][1]["tables"]) == 13
    codes = _codes(rec)
    assert "TOURN-UNSEATED" not in codes and "TOURN-DRAW" not in codes
    early = copy.deepcopy(rec)
    early["entrants"][-1]["joins"] = 3
    assert "TOURN-SEATED" in _codes(early)


def test_late_entrant_marked_absent_where_the_rule_set_says_so() -> None:
    rec = _register(12)
    rec["tournament"] = {"draw": {"late_entrants": "absent"}, "sources": {}}
    rec = draw.draw_tournament(rec, 1, seed=5)
    _play(rec, 1)
    rec["entrants"].append({"id": "13", "name": "Late"})
    rec = draw.draw_tournament(rec, 2, seed=5)
    assert "joins" not in rec["entrants"][-1]
    assert rec["rounds"][0]["absent"] == ["13"]
    assert "TOURN-UNSEATED" not in _codes(rec)


def test_departures_are_drawn_without() -> None:
    rec = draw.draw_tournament(_register(13), 1, seed=8)
    _play(rec, 1)
    rec = draw.draw_tournament(rec, 2, seed=8, absent=["4"])
    assert rec["rounds"][1]["absent"] == ["4"]
    assert all("4" not in t["seats"] for t in rec["rounds"][1]["tables"])
    assert [len(t["seats"]) for t in rec["rounds"][1]["tables"]] == [4, 4, 4]
    assert "TOURN-DRAW" not in _codes(rec)
    # one who left a table during round 1 is not drawn for round 2
    rec2 = draw.draw_tournament(_register(13), 1, seed=8)
    _play(rec2, 1)
    table = rec2["rounds"][0]["tables"][0]
    table["left"] = [{"seat": 1, "after_deal": 3}]
    rec2 = draw.draw_tournament(rec2, 2, seed=8)
    assert rec2["rounds"][1]["absent"] == [table["seats"][1]]


def test_redraw_keeps_the_seed_history() -> None:
    rec = draw.draw_tournament(_register(13), 1, seed=1)
    rec = draw.draw_tournament(rec, 1, seed=2)
    rec = draw.draw_tournament(rec, 1, seed=3)
    d = rec["rounds"][0]["draw"]
    assert d["seed"] == 3 and [x["seed"] for x in d["replaced"]] == [1, 2]
    assert rec["rounds"][0]["tables"] == \
        draw.draw_tournament(_register(13), 1, seed=3)["rounds"][0]["tables"]
    assert validate_record(rec).valid
    _play(rec, 1)
    with pytest.raises(draw.DrawRefused, match="a result is entered"):
        draw.draw_tournament(rec, 1, seed=4)
    with pytest.raises(draw.DrawRefused, match="next is round 2"):
        draw.draw_tournament(rec, 3, seed=4)


def test_the_record_with_its_draw_fits_the_schema_and_round_trips_xml() -> None:
    from tarockrec.codecs import jsonio, xmlio
    rec = draw.draw_tournament(_register(9), 1, seed=1)
    rec = draw.draw_tournament(rec, 1, seed=2)
    rec["entrants"][0]["joins"] = 1
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["draw"]["method"] = "coin"
    assert [(f.code, f.pointer) for f in validate_record(bad).findings] == \
        [("REC-SCHEMA", "/rounds/0/draw/method")]
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["draw"]["replaced"][0]["bogus"] = 1
    assert "REC-SCHEMA" in _codes(bad)


def test_standings_command_says_the_round_is_drawn_not_played(tmp_path: Path) -> None:
    rec = draw.draw_tournament(_register(8), 1, seed=1)
    (tmp_path / "t.json").write_text(json.dumps(rec), encoding="utf-8")
    res = _cli("standings", "t.json", cwd=tmp_path)
    assert res.returncode == 1
    assert "round 1 is drawn and not played yet (TOURN-DRAWN)" in res.stderr


# -- three published events' fields ------------------------------------------------------------
@pytest.mark.parametrize("event,entrants,rounds,rules,plan", [
    # OÖN 2014-10-02: the Steyr tournament of 2014, '160 Damen und Herren'; 2016: 'drei Mal 16
    # Spiele' (3 rounds), a computer draw 'auf immer andere Gegner'
    ("Steyr 2014", 160, 3, "ooe_2023", [4] * 40),
    # KTC 2024-04-14: 23 entrants, 'mehr Fünfer- als Vierertische', three rounds
    ("KTC Landskron 2024", 23, 3, "kaernten_cup", [4, 4, 5, 5, 5]),
    # KTC 2024-09-29: 40 entrants at Reichenfels, three rounds
    ("KTC Reichenfels 2024", 40, 3, "kaernten_cup", [4] * 10),
])
def test_published_fields_are_drawn(event: str, entrants: int, rounds: int, rules: str,
                                    plan: list[int]) -> None:
    rec = _register(entrants, rules=rules)
    for r in range(1, rounds + 1):
        rec = draw.draw_tournament(rec, r, seed=2024)
        assert [len(t["seats"]) for t in rec["rounds"][-1]["tables"]] == plan
        _play(rec, r)
    tables = [[t["seats"] for t in rnd["tables"]] for rnd in rec["rounds"]]
    assert draw.repeats(tables) == draw.repeat_bound(entrants, rounds, plan) == 0, event
    assert "TOURN-DRAW" not in _codes(rec)


def test_deals_per_table_follow_the_rule_set() -> None:
    assert draw.deals_per_table(_register(9, rules="ooe_2023")) == {"4": 16, "5": 20}
    assert draw.deals_per_table(_register(9)) == {"4": 12, "5": 15}
    assert draw.deals_per_table(_register(9, rules="kaernten_cup")) == {"4": 20, "5": 25}


# -- rule-set data ----------------------------------------------------------------------------
def test_rule_sets_draw_entries_are_sourced() -> None:
    for game in rulesets.games():
        for name, doc in rulesets.for_game(game).items():
            block = doc.tournament or {}
            if "draw" in block:
                decided = " ".join(block.get("decided", ()))
                assert "draw" in block["sources"] or "draw" in decided, name
    assert draw.rules_for("koenigrufen", _register(4, rules="ooe_2023")).method == "random"
    assert draw.rules_for("koenigrufen", _register(4, rules="piatnik_2013")).method == \
        "standings"
    assert draw.rules_for("koenigrufen", _register(4)) == draw.DrawRules()


def test_a_records_own_draw_entry_is_schema_checked() -> None:
    rec = _register(8)
    rec["tournament"] = {"draw": {"method": "lottery"}, "sources": {}}
    assert "TOURN-RANKING" in _codes(rec)


# -- item 5: the command ----------------------------------------------------------------------
def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tarockrec.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True)


def test_draw_command_writes_the_round_and_prints_it(tmp_path: Path) -> None:
    rec = _register(13)
    rec["entrants"][0]["name"] = "Zoë <script>alert(1)</script>"
    (tmp_path / "t.json").write_text(json.dumps(rec), encoding="utf-8")
    res = _cli("draw", "t.json", "--round", "1", "--seed", "7", "-o", "r1.json", "--format",
               "text", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = json.loads((tmp_path / "r1.json").read_text(encoding="utf-8"))
    assert out["rounds"][0]["draw"] == {"method": "random", "seed": 7, "seat_order": "random"}
    assert out["rounds"][0]["tables"] == \
        draw.draw_tournament(rec, 1, seed=7)["rounds"][0]["tables"]
    assert "Table 3" in res.stdout and "Who sits where" in res.stdout
    where = res.stdout.split("Who sits where\n")[1].splitlines()
    assert [w.split(" (")[0].strip() for w in where] == \
        sorted(w.split(" (")[0].strip() for w in where)
    again = _cli("draw", "t.json", "--round", "1", "--seed", "7", "-o", "r1.json", cwd=tmp_path)
    assert again.returncode == 2 and "exists" in again.stderr
    rows = list(csv.reader(io.StringIO(_cli("draw", "r1.json", "--round", "1", "--format",
                                            "csv", cwd=tmp_path).stdout)))
    assert rows[0] == ["round", "table", "seat", "entrant", "name", "club"] and len(rows) == 14
    page = _cli("draw", "r1.json", "--round", "1", "--format", "html", cwd=tmp_path).stdout
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert page.count('class="card"') == 3 and "@media print" in page
    assert validate_record(out).valid


def test_draw_command_refuses_a_field_it_cannot_seat(tmp_path: Path) -> None:
    (tmp_path / "t.json").write_text(json.dumps(_register(7)), encoding="utf-8")
    res = _cli("draw", "t.json", "--round", "1", "-o", "out.json", cwd=tmp_path)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert "give 2 entrants a bye" in res.stderr and "nothing written" in res.stderr
    assert not (tmp_path / "out.json").exists()
    ok = _cli("draw", "t.json", "--round", "1", "--absent", "6,7", "-o", "out.json",
              cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert json.loads((tmp_path / "out.json").read_text())["rounds"][0]["absent"] == ["6", "7"]
    unknown = _cli("draw", "t.json", "--round", "1", "--absent", "99", "-o", "x.json",
                   cwd=tmp_path)
    assert unknown.returncode == 1 and "not in the register" in unknown.stderr


def test_rules_command_shows_the_draw() -> None:
    res = _cli("rules", "koenigrufen", "piatnik_2013", cwd=ROOT)
    assert "draw = method standings, seat order random, late entrants nothing" in res.stdout


@pytest.mark.skipif(shutil.which("chromium") is None, reason="no chromium")
def test_table_cards_print_to_pdf_one_page_per_table(tmp_path: Path) -> None:
    from tarockrec.site.draw import round_page
    rec = draw.draw_tournament(_register(13, rules="ooe_2023"), 1, seed=1)
    page = tmp_path / "round.html"
    page.write_text(round_page(rec, 1, draw.deals_per_table(rec)), encoding="utf-8")
    pdf = tmp_path / "round.pdf"
    subprocess.run([shutil.which("chromium") or "chromium", "--headless", "--no-sandbox",
                    "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                    page.as_uri()], capture_output=True, timeout=120, check=False)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = data.count(b"/Type /Page") - data.count(b"/Type /Pages")
    assert pages >= 4            # the list, then one card per table (3 tables)
