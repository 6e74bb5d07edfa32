#!/usr/bin/env python3
"""Build the tournament samples (samples/tournaments/{valid,invalid}/), reproducibly.

A small tournament at each degree of completeness — full deals, score sheets (the same deals
reduced by ``convert --sheet``), sessions kept in files of their own, and only the tables'
written totals (its standings worked by hand in tests/test_tournaments.py) — and an invalid
tournament for every ``TOURN-*`` code, each breaking one thing of a valid one (``_expect``
lists the finding codes).

Usage:  PYTHONPATH=. python tools/build_tournament_samples.py
"""
from __future__ import annotations

import copy
import shutil
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.generate import tournament_record  # noqa: E402
from tarockrec.tournament.sheet import to_sheet  # noqa: E402

OUT = ROOT / "samples" / "tournaments"

#: the totals-only tournament: 8 entrants, 2 rounds, tables of 4 (Königrufen), the totals as a
#: club scorer would write them; tests/test_tournaments.py works its standings by hand
TOTALS_ONLY: dict[str, Any] = {
    "tarockrec": 1, "game": "koenigrufen",
    "event": {"name": "Clubabend", "date": "2026-11-20", "site": "Wien"},
    "entrants": [{"id": "A", "name": "Anna", "club": "TC Wien", "team": "Ost"},
                 {"id": "B", "name": "Bernd", "club": "TC Wien", "team": "Ost"},
                 {"id": "C", "name": "Clara", "club": "TC Graz", "team": "Süd"},
                 {"id": "D", "name": "Dieter", "club": "TC Graz", "team": "Süd"},
                 {"id": "E", "name": "Eva", "club": "TC Linz", "team": "Nord"},
                 {"id": "F", "name": "Franz", "club": "TC Linz", "team": "Nord"},
                 {"id": "G", "name": "Gerda", "club": "TC Wien", "team": "Ost"},
                 {"id": "H", "name": "Hans"}],
    "rounds": [
        {"tables": [{"table": "1", "seats": ["A", "B", "C", "D"],
                     "result": {"totals": [30, -10, -30, 10]}},
                    {"table": "2", "seats": ["E", "F", "G", "H"],
                     "result": {"totals": [-20, 40, 0, -20]}}]},
        {"tables": [{"table": "1", "seats": ["A", "E", "G", "D"],
                     "result": {"totals": [-10, 50, 10, -50]}},
                    {"table": "2", "seats": ["B", "F", "C", "H"],
                     "result": {"totals": [40, -40, 30, -30]}}]},
    ],
}


def valid() -> dict[str, Any]:
    out: dict[str, Any] = {}
    full = tournament_record("ulti", 6, 2, 11)              # two tables of 3
    full["event"] = {"name": "Ulti-verseny (full deals)", "date": "2026-11-21",
                     "site": "Szeged"}
    out["full-deals.json"] = full
    sheets = to_sheet(full)                                 # convert --sheet
    sheets["event"] = {**full["event"], "name": "Ulti-verseny (score sheets)"}
    out["score-sheets.json"] = sheets
    files = copy.deepcopy(full)
    files["event"]["name"] = "Ulti-verseny (sessions in files)"
    names = {e["id"]: e["name"] for e in full["entrants"]}
    for r, rnd in enumerate(files["rounds"]):
        for t, table in enumerate(rnd["tables"]):
            name = f"sessions/round{r + 1}-table{t + 1}.json"
            out[name] = {"tarockrec": 1, "game": "ulti",
                         "players": [names[s] for s in table["seats"]],
                         "deals": table.pop("deals"), "result": table.pop("result")}
            table["source"] = name
    out["sessions-in-files.json"] = files
    out["totals-only.json"] = copy.deepcopy(TOTALS_ONLY)
    return out


def invalid(ok: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}

    def mk(name: str, base: str, change: Callable[[dict[str, Any]], None], expect: list[str],
           why: str) -> None:
        rec = copy.deepcopy(ok[base])
        change(rec)
        rec["_example"] = why
        rec["_expect"] = expect
        out[name + ".json"] = rec

    t = "totals-only.json"
    mk("entrant-twice", t, lambda r: r["entrants"].append({"id": "A", "name": "Anton"}),
       ["TOURN-ENTRANT"], "two entrants with the id A")
    mk("seat-unknown", t, lambda r: r["rounds"][0]["tables"][0]["seats"].__setitem__(3, "Z"),
       ["TOURN-ENTRANT", "TOURN-UNSEATED"], "a table seats Z, who is not an entrant")
    mk("seated-twice", t, lambda r: r["rounds"][1]["tables"][1]["seats"].__setitem__(0, "A"),
       ["TOURN-SEATED", "TOURN-UNSEATED"], "Anna at both tables of round 2 (Bernd nowhere)")
    mk("absent-and-seated", t, lambda r: r["rounds"][0].update(absent=["A"]),
       ["TOURN-SEATED"], "Anna marked absent in round 1 but seated")
    mk("unseated", t, lambda r: r["entrants"].append({"id": "I", "name": "Ida"}),
       ["TOURN-UNSEATED", "TOURN-UNSEATED"], "Ida is registered but never seated nor absent")

    def three(r: dict[str, Any]) -> None:
        table = r["rounds"][0]["tables"][1]
        table["seats"] = table["seats"][:3]
        table["result"]["totals"] = [-20, 40, -20]
        r["rounds"][0]["absent"] = ["H"]
    mk("table-of-three", t, three, ["TOURN-TABLE-SIZE"], "a Königrufen table of three")
    mk("table-name-twice", t, lambda r: r["rounds"][1]["tables"][1].update(table="1"),
       ["TOURN-TABLE-NAME"], "two tables of round 2 are called 1")
    mk("table-name-empty", t, lambda r: r["rounds"][0]["tables"][0].update(table=" "),
       ["TOURN-TABLE-NAME"], "a table whose name is a space")
    mk("totals-not-zero", t, lambda r: r["rounds"][1]["tables"][0]["result"].update(
        totals=[-10, 50, 10, -40]), ["TOURN-TOTALS"], "table totals adding up to 10")
    mk("no-play", t, lambda r: r["rounds"][1]["tables"][0].pop("result"), ["TOURN-NO-PLAY"],
       "a table with neither deals, a session file nor totals")
    mk("standings-differ", t, lambda r: r.update(standings=[
        {"rank": 1, "entrant": "E", "total": 40}]),
       ["TOURN-STANDINGS"] * 8,
       "written standings: Eva's total is 30, and the other seven are left out")

    def score(r: dict[str, Any]) -> None:
        deal = r["rounds"][0]["tables"][0]["deals"][0]
        s = deal["result"]["scores"]
        s[0] += 1
        s[1] -= 1
    mk("deal-score-changed", "full-deals.json", score, ["RESULT-SCORES"],
       "a deal's written score changed inside a table")
    mk("source-missing", "sessions-in-files.json", lambda r: r["rounds"][0]["tables"][0].update(
        source="sessions/nowhere.json"), ["TOURN-SOURCE"], "a table's session file is missing")
    mk("source-other-players", "sessions-in-files.json",
       lambda r: r["rounds"][0]["tables"][0].update(source="sessions/round1-table2.json"),
       ["TOURN-SOURCE"], "a table's session file is another table's")
    return out


#: the README's walk-through (samples/tournaments/cup/): three evenings of a club cup under the
#: Raiffeisen Tarockcup Austria's rule set, the same eight entrants, score sheets at every
#: table; in the third, round 2 table 2 is still to be entered from its full recording
CUP_NAMES = [("Anna Berger", "TC Wien"), ("Bernd Huber", "TC Wien"), ("Clara Wimmer", "TC Graz"),
             ("Dieter Gruber", "TC Graz"), ("Eva Moser", "TC Linz"), ("Franz Bauer", "TC Linz"),
             ("Gerda Steiner", "TC Wien"), ("Hans Pichler", "TC Graz")]
CUP_ROUND, CUP_TABLE = 2, 1          # the table of the third evening still to be entered


def cup() -> dict[str, Any]:
    from tarockrec import games
    rules = games.get("koenigrufen").rules({"name": "tarockcup_austria"})  # type: ignore[union-attr]
    out: dict[str, Any] = {}
    for month, seed in ((1, 31), (2, 32), (3, 33)):
        rec = tournament_record("koenigrufen", 8, 2, seed, rules)
        rec["event"] = {"name": f"Clubcup, evening {month}", "date": f"2026-0{month}-13",
                        "site": "Wien", "series": "Clubcup 2026"}
        for e, (name, club) in zip(rec["entrants"], CUP_NAMES):
            e.update(name=name, club=club)
        full = rec["rounds"][CUP_ROUND - 1]["tables"][CUP_TABLE]
        sheets = to_sheet(rec)                             # what the tables wrote
        if month == 3:
            names = {e["id"]: e["name"] for e in rec["entrants"]}
            out[f"round{CUP_ROUND}-table{CUP_TABLE + 1}.json"] = {
                "tarockrec": 1, "game": "koenigrufen", "rules": rec["rules"],
                "players": [names[s] for s in full["seats"]], "deals": full["deals"],
                "result": full["result"]}
            waiting = sheets["rounds"][CUP_ROUND - 1]["tables"][CUP_TABLE]
            del waiting["deals"], waiting["result"]
            sheets["_example"] = (f"round {CUP_ROUND}, table {CUP_TABLE + 1} is still to be "
                                  "entered (README: A tournament, from sheets to the published "
                                  "site)")
        out[f"cup-2026-0{month}.json"] = sheets
    return out


def main() -> None:
    ok = valid()
    bad = invalid(ok)
    walk = cup()
    if OUT.exists():
        shutil.rmtree(OUT)
    for sub, recs in (("valid", ok), ("invalid", bad), ("cup", walk)):
        for name, rec in recs.items():
            path = OUT / sub / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(jsonio.dumps(rec), encoding="utf-8")
    # the invalid tournaments that name session files find them beside them
    shutil.copytree(OUT / "valid" / "sessions", OUT / "invalid" / "sessions")
    print(f"{len(ok)} valid, {len(bad)} invalid tournament samples in {OUT}")


if __name__ == "__main__":
    main()
