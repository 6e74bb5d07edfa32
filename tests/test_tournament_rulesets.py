"""The shipped rule sets' ``tournament`` blocks (issue 23 item 4): each validates against the
schema and cites a source or a decision for every value, and ranks a small tournament as its
values say, worked by hand."""
from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from tarockrec import rulesets
from tarockrec.games import all_games
from tarockrec.tournament import record as tournament
from tarockrec.tournament.record import Row, rank, standings_rules
from tarockrec.validate import validate_record

BLOCKS = [(g, n) for g in sorted(all_games()) for n, d in rulesets.for_game(g).items()
          if d.tournament]
REQUIRED = {("koenigrufen", "tarockcup_austria"), ("koenigrufen", "oe_finale_2021"),
            ("koenigrufen", "ooe_2023"), ("koenigrufen", "tiroler_cup"),
            ("illustrated", "tarokk_kupa"), ("illustrated", "itvb")}


def test_the_cups_have_blocks() -> None:
    assert REQUIRED <= set(BLOCKS)


@pytest.mark.parametrize("game,name", BLOCKS, ids=[f"{g}-{n}" for g, n in BLOCKS])
def test_block_validates_and_every_value_is_sourced_or_decided(game: str, name: str) -> None:
    schema = json.loads((rulesets.HERE / "ruleset.schema.json").read_text(encoding="utf-8"))
    path = rulesets.HERE / game / f"{name}.json"
    jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)
    block = rulesets.for_game(game)[name].tournament
    assert block is not None
    decided = " ".join(block.get("decided", ()))
    keys = ["counts", "deals_per_round", "rank_points", "tie_breaks", "cup_points"]
    if "rank_points" in block:              # how ties share them matters only with points
        keys.append("rank_ties")
    for key in keys:
        assert key in block["sources"] or key in decided, (name, key)
    assert set(block["sources"]) <= set(block), name
    standings_rules(game, {"name": name})       # loads


def _tournament(game: str, name: str, rounds: list[list[tuple[list[str], list[int]]]]
                ) -> dict[str, Any]:
    ids = sorted({e for rnd in rounds for seats, _ in rnd for e in seats})
    return {"tarockrec": 1, "game": game, "rules": {"name": name},
            "event": {"name": "test", "date": "2026-11-26"},
            "entrants": [{"id": e, "name": e} for e in ids],
            "rounds": [{"tables": [{"table": str(t + 1), "seats": seats,
                                    "result": {"totals": totals}}
                                   for t, (seats, totals) in enumerate(rnd)]}
                       for rnd in rounds]}


def _standings(rec: dict[str, Any]) -> list[tuple[int, str, int, int]]:
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    assert not [f for f in rep.findings if f.severity == "error"], \
        [str(f) for f in rep.findings]
    return [(r.rank, r.entrant, r.score, r.rank_points) for r in rep.standings]


def test_tiroler_cup_rank_points_ties_and_tie_breaks() -> None:
    """Nine entrants, two rounds, a table of four and one of five each round; rank points
    60/40/20/0 (four) and 60/45/30/15/0 (five), ties at a table sharing their places' points
    rounded down, then better table ranks, then the best round.

    round 1: T1 A 30, B 10, C −10, D −30 → A 60, B 40, C 20, D 0;
             T2 E 20, F 20, G 0, H −5, I −35 → E, F share 1–2: (60 + 45) // 2 = 52; G 30, H 15, I 0.
    round 2: T1 G 25, E 0, A −10, I −15 → G 60, E 40, A 20, I 0;
             T2 D 15, B 5, H 5, C −5, F −20 → D 60, B and H share 2–3: (45 + 30) // 2 = 37;
             C 15, F 0.
    totals = Schrift + Rang: G 25 + 90 = 115, E 20 + 92 = 112, A 20 + 80 = 100,
    B 15 + 77 = 92, F 0 + 52 = 52, H 0 + 52 = 52, D −15 + 60 = 45, C −15 + 35 = 20,
    I −50 + 0 = −50.  F and H tie on 52: F has a first place (round 1, tied 1–2), H none → F
    before H by table ranks.

    Königrufen tables of five are not played by the engine yet (TOURN-TABLE-SIZE), so the
    tables' totals are ranked as validation ranks them, under the rule set's own block.
    """
    rec = _tournament("koenigrufen", "tiroler_cup", [
        [(["A", "B", "C", "D"], [30, 10, -10, -30]),
         (["E", "F", "G", "H", "I"], [20, 20, 0, -5, -35])],
        [(["A", "E", "G", "I"], [-10, 0, 25, -15]),
         (["B", "C", "D", "F", "H"], [5, -5, 15, -20, 5])]])
    srules = standings_rules("koenigrufen", rec["rules"])
    rows = {e["id"]: Row(e["id"], e["name"]) for e in rec["entrants"]}
    for r, rnd in enumerate(rec["rounds"]):
        for row in rows.values():
            row.rounds.append(None)
            row.table_ranks.append(None)
        for table in rnd["tables"]:
            tournament._score_table(rows, table["seats"], table["result"]["totals"], r, srules)
    got = [(x.rank, x.entrant, x.score, x.rank_points) for x in rank(list(rows.values()), srules)]
    assert got == [
        (1, "G", 25, 90), (2, "E", 20, 92), (3, "A", 20, 80), (4, "B", 15, 77),
        (5, "F", 0, 52), (6, "H", 0, 52), (7, "D", -15, 60), (8, "C", -15, 35),
        (9, "I", -50, 0)]


def test_tiroler_cup_tables_of_four_validated() -> None:
    """The same rule set through validation, tables of four: one round, A 30, B 10, C −10,
    D −30 and E 0, F 0, G 0, H 0 → A 30 + 60 = 90, B 10 + 40 = 50, then E, F, G, H all tied
    at their table: (60 + 40 + 20 + 0) // 4 = 30 each, C −10 + 20 = 10, D −30 + 0 = −30.
    E–H stay equal after table ranks (each placed 1) and best round (0): they share rank 3."""
    rec = _tournament("koenigrufen", "tiroler_cup", [
        [(["A", "B", "C", "D"], [30, 10, -10, -30]), (["E", "F", "G", "H"], [0, 0, 0, 0])]])
    assert _standings(rec) == [(1, "A", 30, 60), (2, "B", 10, 40), (3, "E", 0, 30),
                               (3, "F", 0, 30), (3, "G", 0, 30), (3, "H", 0, 30),
                               (7, "C", -10, 20), (8, "D", -30, 0)]


def test_tiroler_cup_plays_three_rounds() -> None:
    """Issue 39, 1.6: the Turniermodus the block cites says "Es werden 3 Runden gespielt":
    three rounds rank, a fourth is refused (TOURN-ROUNDS), the rule quoted in its sources."""
    block = rulesets.for_game("koenigrufen")["tiroler_cup"].tournament
    assert block is not None and "Es werden 3 Runden gespielt" in block["sources"]["rounds"]
    one = [(["A", "B", "C", "D"], [30, 10, -10, -30])]
    assert [r[1] for r in _standings(_tournament("koenigrufen", "tiroler_cup", [one] * 3))] \
        == ["A", "B", "C", "D"]
    rep = validate_record(_tournament("koenigrufen", "tiroler_cup", [one] * 4))
    assert [f.code for f in rep.findings if f.severity == "error"] == ["TOURN-ROUNDS"]
    assert [f.pointer for f in rep.findings if f.code == "TOURN-ROUNDS"] == ["/rounds/3"]


@pytest.mark.parametrize("game,name", sorted(REQUIRED - {("koenigrufen", "tiroler_cup"),
                                                          ("illustrated", "itvb")}))
def test_schrift_only_cups(game: str, name: str) -> None:
    """Cups whose blocks give the Schrift alone, no rank points, the default tie-breaks
    (better table ranks, then the best round). Two rounds of one table of four:

    round 1: A 20, B 10, C −10, D −20;  round 2: A −20, B −10, C 20, D 10.
    totals: A 0, B 0, C 10, D −10.  C first; A and B tie on 0: A's places are 1 and 4, B's 2
    and 3 → A (one first place) before B by table ranks.
    """
    rec = _tournament(game, name, [[(["A", "B", "C", "D"], [20, 10, -10, -20])],
                                   [(["A", "B", "C", "D"], [-20, -10, 20, 10])]])
    assert _standings(rec) == [(1, "C", 10, 0), (2, "A", 0, 0), (3, "B", 0, 0),
                               (4, "D", -10, 0)]


def test_rules_command_shows_the_block() -> None:
    """`tarockrec rules GAME NAME` gives a director the block: values with their sources and
    the decisions, in text and JSON (the markdown is docs/rulesets.md, checked elsewhere)."""
    from click.testing import CliRunner

    from tarockrec.cli import main

    text = CliRunner().invoke(main, ["rules", "koenigrufen", "tiroler_cup"])
    assert text.exit_code == 0, text.output
    assert "tournament (standings" in text.output
    assert "deals_per_round = table of 4: 16; table of 5: 20 [source" in text.output
    assert "decided: cup_points" in text.output
    js = CliRunner().invoke(main, ["rules", "illustrated", "itvb", "--format", "json"])
    block = json.loads(js.output)["tournament"]
    assert block == rulesets.for_game("illustrated")["itvb"].tournament
    plain = CliRunner().invoke(main, ["rules", "koenigrufen", "default", "--format", "json"])
    assert json.loads(plain.output)["tournament"] is None


def test_a_tournament_naming_no_rule_set_of_its_game_is_refused() -> None:
    """A misspelt rule set ('tiroler-cup') was ranked silently under the defaults, the record
    valid, where a deal naming it is refused: now RULES-UNKNOWN at /rules as for a deal (an
    incomplete rule set, tiroler_cup, still ranks a tournament of totals)."""
    from pathlib import Path
    sample = Path(__file__).resolve().parent.parent / "samples" / "tournaments" / "valid" / \
        "totals-only.json"
    rec = json.loads(sample.read_text(encoding="utf-8"))
    rec["rules"] = {"name": "tiroler_cup"}
    assert validate_record(rec).valid
    rec["rules"] = {"name": "tiroler-cup"}
    rep = validate_record(rec)
    assert not rep.valid and [(f.code, f.pointer) for f in rep.findings
                              if f.severity == "error"] == [("RULES-UNKNOWN", "/rules")]
