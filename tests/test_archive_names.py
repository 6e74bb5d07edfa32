"""The archive for the people in it (issue 43): a test archive of five events built from a
generated tournament, with the four spellings of Jürgen Müller ("J. Müller", "Jürgen Müller",
"Juergen Mueller", "Müller Jürgen" without a club) and two Maria Hubers (Graz and Linz, at one
table; at the fourth event both without a club). The proposals group the spellings and never
the Hubers; linking shows what it would do and needs --yes; unlink names one event; a person
is called by the register's name everywhere; contracts are named as players name them."""
from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import archive_rows as rows
from tarockrec.archive import store
from tarockrec.cli import main
from tarockrec.games import contract_name

SERIES = "Wiener Cup"
#: (event name, date, Müller's spelling, his club, the Hubers' clubs)
EVENTS = [("Wiener Cup, 1. Runde", "2025-09-13", "J. Müller", "TC Wien", ("Graz", "Linz")),
          ("Wiener Cup, 2. Runde", "2025-11-08", "Jürgen Müller", "TC Wien", ("Graz", "Linz")),
          ("Wiener Cup, 3. Runde", "2026-02-14", "Juergen Mueller", "TC Wien", ("Graz", "Linz")),
          ("Wiener Cup, 4. Runde", "2026-04-11", "Müller Jürgen", None, (None, None)),
          ("Wiener Cup, 1. Runde", "2026-09-12", "Jürgen Müller", "TC Wien", ("Graz", "Linz"))]
SPELLINGS = {"J. Müller", "Jürgen Müller", "Juergen Mueller", "Müller Jürgen"}


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    return build(tmp_path_factory.mktemp("names"))


def build(folder: Path) -> tuple[Path, dict[str, str]]:
    """The archive and the entrant ids: Müller's, and the two Hubers' (at his table in
    round 1); the generated tournament it is made from is ``folder/generated.json`` (the
    site's tests add an event to it: tests/test_archive_pages.py)."""
    gen = folder / "generated.json"
    res = run("generate", "koenigrufen", "--tournament", 8, "--rounds", 2, "--seed", 43,
              "-o", gen)
    assert res.exit_code == 0, res.output
    base = json.loads(gen.read_text(encoding="utf-8"))
    seats = base["rounds"][0]["tables"][0]["seats"]
    ids = {"mueller": seats[0], "graz": seats[1], "linz": seats[2],
           "anna": base["rounds"][0]["tables"][1]["seats"][0],
           "karl": base["rounds"][0]["tables"][1]["seats"][1]}
    files = []
    for k, (name, date, spelling, club, hubers) in enumerate(EVENTS):
        rec = json.loads(json.dumps(base))
        rec["event"] = {"name": name, "date": date, "series": SERIES}
        for e in rec["entrants"]:
            e["name"], e["club"] = f"Spieler {e['id']}", "TC Wien"
            if e["id"] == ids["anna"]:
                e["name"] = "Anna Berger"
            if e["id"] == ids["karl"]:          # two persons of one name, then no id
                e["name"] = "Karl Wolf"
                if k < 4:
                    e["person"] = "AT-9" if k < 3 else "AT-10"
            if e["id"] == ids["mueller"]:
                e["name"], e["club"] = spelling, club
            for who, huber_club in zip(("graz", "linz"), hubers):
                if e["id"] == ids[who]:
                    e["name"], e["club"] = "Maria Huber", huber_club
            if e["club"] is None:
                del e["club"]
        files.append(folder / f"event-{k}.json")
        files[-1].write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    db = folder / "built.db"
    res = run("archive", "add", db, *files)
    assert res.exit_code == 0, res.output
    return db, ids


@pytest.fixture
def db(built: tuple[Path, dict[str, str]], tmp_path: Path) -> Path:
    copy = tmp_path / "a.db"
    shutil.copy(built[0], copy)
    return copy


def _proposals(db: Path) -> list[dict[str, Any]]:
    res = run("archive", "people", db, "--format", "json")
    assert res.exit_code == 0, res.output
    out: list[dict[str, Any]] = json.loads(res.output)
    return out


def _linked(db: Path) -> int:
    """The entrants linked (Karl Wolf's, linked by their person ids, left out)."""
    return int(rows(db, "SELECT count(*) FROM entrant WHERE person_id IS NOT NULL AND "
                    "name != 'Karl Wolf'")[0][0])


# -- 1. spelling variants proposed together --------------------------------------------------
def test_the_four_spellings_are_one_proposal_scored_with_reasons(db: Path) -> None:
    found = _proposals(db)
    mueller = [p for p in found if set(p["names"]) & SPELLINGS]
    assert len(mueller) == 1, [p["names"] for p in mueller]
    p = mueller[0]
    assert set(p["names"]) == SPELLINGS
    assert p["name"] == "Jürgen Müller" and p["club"] == "TC Wien"
    assert p["clubs"] == ["TC Wien"] and len(p["entrants"]) == 5
    assert [e["date"] for e in p["entrants"]] == [date for _, date, *_ in EVENTS]
    for said in ("same club, name differs by ü/ue", "name in reversed order",
                 "name with an initial", "no club at 1 event(s)",
                 "same name and club at 2 event(s)"):
        assert said in p["reason"], p["reason"]
    assert 0 < p["score"] < 100
    # the exact spelling of one club at every event scores higher than the variants
    spieler = [q for q in found if q["names"] == ["Anna Berger"]]
    assert len(spieler) == 1 and spieler[0]["score"] > p["score"]
    assert spieler[0]["reason"] == "same name and club at 5 event(s)"
    # the text lists it with its number, score and reason, and the command that confirms it
    text = run("archive", "people", db).output
    assert re.search(rf"^\s*{p['number']}\s+{p['score']}\s+Jürgen Müller\s+TC Wien\s+5", text,
                     re.M), text
    assert "--proposal N" in text


# -- 2. two Maria Hubers never merged --------------------------------------------------------
def test_the_two_maria_hubers_are_never_proposed_as_one(db: Path) -> None:
    hubers = [p for p in _proposals(db) if "Maria Huber" in p["names"]]
    clubs = sorted(tuple(p["clubs"]) for p in hubers)
    # Graz, Linz, and the two of the fourth event (no club, at one table) each on their own
    assert clubs == [(), (), ("Graz",), ("Linz",)]
    for p in hubers:
        assert len({e["club"] for e in p["entrants"]}) == 1
        assert len({e["event_id"] for e in p["entrants"]}) == len(p["entrants"])
    for p in hubers:
        if not p["clubs"]:
            assert "also fits Maria Huber (Graz) and Maria Huber (Linz)" in p["reason"]


def test_link_refuses_a_name_of_two_clubs_and_previews_before_it_links(db: Path) -> None:
    res = run("archive", "link", db, "--name", "Maria Huber")
    assert res.exit_code == 2
    assert "entrants of 3 clubs: Graz (4), Linz (4), no club (2)" in res.output
    assert "--club CLUB" in res.output and "--all" in res.output
    assert _linked(db) == 0
    # --club: the preview lists the entrants, links nothing, says how to confirm
    res = run("archive", "link", db, "--name", "Maria Huber", "--club", "Graz")
    assert res.exit_code == 0, res.output
    assert "would link 4 entrant(s) to a new person Maria Huber (Graz)" in res.output
    assert res.output.count("Maria Huber (Graz)") == 5
    assert "nothing linked yet: add --yes" in res.output
    assert _linked(db) == 0
    res = run("archive", "link", db, "--name", "Maria Huber", "--club", "Graz", "--yes")
    assert res.exit_code == 0 and "linked 4 entrant(s)" in res.output
    assert res.output.startswith("linking 4 entrant(s) to a new person Maria Huber (Graz):")
    assert rows(db, "SELECT DISTINCT n.club FROM entrant n JOIN person p ON "
                "p.id = n.person_id WHERE p.key IS NULL") == [("Graz",)]
    # --all would make one person of two who sat at one table: refused
    res = run("archive", "link", db, "--name", "Maria Huber", "--all", "--yes")
    assert res.exit_code == 2 and "they are two people" in res.output
    assert _linked(db) == 4


def test_a_proposal_is_linked_by_its_number_after_a_preview(db: Path) -> None:
    p = next(p for p in _proposals(db) if "J. Müller" in p["names"])
    res = run("archive", "link", db, "--proposal", p["number"])
    assert res.exit_code == 0 and "would link 5 entrant(s)" in res.output
    assert "Müller Jürgen" in res.output and _linked(db) == 0
    res = run("archive", "link", db, "--proposal", p["number"], "--yes")
    assert res.exit_code == 0 and "linked 5 entrant(s)" in res.output
    assert rows(db, "SELECT name, club FROM person WHERE key IS NULL") == \
        [("Jürgen Müller", "TC Wien")]
    assert not [q for q in _proposals(db) if set(q["names"]) & SPELLINGS]
    res = run("archive", "link", db, "--proposal", 99)
    assert res.exit_code == 2 and "no proposal 99" in res.output


def test_every_link_and_unlink_is_logged_with_its_time(db: Path) -> None:
    assert run("archive", "link", db, "--name", "Jürgen Müller", "--yes").exit_code == 0
    assert run("archive", "unlink", db, "--event", "Wiener Cup, 2. Runde", "--entrant",
               "1").exit_code in (0, 1)
    got = json.loads(run("archive", "query", db, "SELECT time, action, person, event, date, "
                         "name FROM links ORDER BY log_id", "--format", "json").output)
    assert [(g["action"], g["person"], g["date"], g["name"]) for g in got][:2] == \
        [("link", "Jürgen Müller", "2025-11-08", "Jürgen Müller"),
         ("link", "Jürgen Müller", "2026-09-12", "Jürgen Müller")]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", g["time"]) for g in got)


def test_a_version_2_archive_is_brought_to_the_log(db: Path, tmp_path: Path) -> None:
    old = tmp_path / "v2.db"
    conn = sqlite3.connect(old, isolation_level=None)
    store.migrate(conn, 2)
    conn.close()
    assert rows(old, "PRAGMA user_version") == [(2,)]
    conn = store.open_archive(str(old))
    assert conn.execute("PRAGMA user_version").fetchone() == (store.VERSION,)
    assert store.VERSION >= 3          # 3: the person log; 4: the evenings of serve
    assert conn.execute("SELECT count(*) FROM links").fetchone() == (0,)
    conn.close()


# -- 3. unlink --event names one event -------------------------------------------------------
def test_unlink_refuses_an_event_name_of_two_seasons(db: Path,
                                                     built: tuple[Path, dict[str, str]]) -> None:
    mueller = built[1]["mueller"]
    assert run("archive", "link", db, "--name", "Jürgen Müller", "--yes").exit_code == 0
    res = run("archive", "unlink", db, "--event", "Wiener Cup, 1. Runde", "--entrant", mueller)
    assert res.exit_code == 2
    assert "2 events are called 'Wiener Cup, 1. Runde'" in res.output
    assert re.search(r"event \d+: Wiener Cup, 1\. Runde 2025-09-13; event (\d+): Wiener Cup, "
                     r"1\. Runde 2026-09-12", res.output), res.output
    assert _linked(db) == 2
    res = run("archive", "unlink", db, "--event", "Wiener Cup, 1. Runde", "--date",
              "2026-09-12", "--entrant", mueller)
    assert res.exit_code == 0 and "unlinked 1" in res.output
    assert rows(db, "SELECT e.date FROM entrant n JOIN event e ON e.id = n.event_id WHERE "
                "n.person_id IS NOT NULL AND n.person_key IS NULL") == [("2025-11-08",)]
    (event_id,) = rows(db, "SELECT id FROM event WHERE date = '2025-11-08'")[0]
    res = run("archive", "unlink", db, "--event", event_id, "--entrant", mueller)
    assert res.exit_code == 0 and "unlinked 1" in res.output and _linked(db) == 0
    res = run("archive", "unlink", db, "--event", "Wiener Cup, 9. Runde", "--entrant", "1")
    assert res.exit_code == 2 and "no event 'Wiener Cup, 9. Runde'" in res.output


# -- 4. merge into itself ----------------------------------------------------------------------
def test_merge_of_a_person_into_itself_is_refused_plainly(db: Path) -> None:
    assert run("archive", "link", db, "--name", "Anna Berger", "--yes").exit_code == 0
    ((pid,),) = rows(db, "SELECT id FROM person WHERE name = 'Anna Berger'")
    res = run("archive", "link", db, "--merge", "Anna Berger", f"#{pid}")
    assert res.exit_code == 2
    assert f"Anna Berger and #{pid} are the same person (#{pid}): nothing to merge" in \
        res.output
    assert rows(db, "SELECT count(*) FROM entrant WHERE person_id = ?", pid) == [(5,)]


# -- 6. a person's name is the register's ------------------------------------------------------
def test_series_line_carries_the_person_name_not_the_first_spelling(db: Path) -> None:
    p = next(p for p in _proposals(db) if "J. Müller" in p["names"])
    assert run("archive", "link", db, "--proposal", p["number"], "--yes").exit_code == 0
    res = run("archive", "standings", db, "--series", SERIES, "--season", "2025/26",
              "--format", "json")
    players = [r["player"] for r in json.loads(res.output)["standings"]]
    assert "Jürgen Müller" in players and not set(players) & (SPELLINGS - {"Jürgen Müller"})
    got = json.loads(run("archive", "player", db, "Jürgen Müller", "--format", "json").output)
    assert got["person"]["name"] == "Jürgen Müller" and got["summary"]["events"] == 5
    assert all(name == "Jürgen Müller" for e in got["events"] for r in e["rounds"]
               for name in [got["person"]["name"]])
    # the people at his tables are called by their register names too
    assert run("archive", "link", db, "--name", "Maria Huber", "--club", "Linz",
               "--yes").exit_code == 0
    others = {n for e in got["events"] for r in e["rounds"] for n in r["with"]}
    assert "Maria Huber" in others


# -- 2 (player's page): a name no person is linked to --------------------------------------------
def test_player_answers_for_a_name_no_person_is_linked_to(
        db: Path, built: tuple[Path, dict[str, str]]) -> None:
    res = run("archive", "player", db, "Juergen Mueller")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Juergen Mueller: 1 entrant(s) of this name, not linked to a person " \
        "(clubs: TC Wien)"
    assert lines[1] == f"link them with  tarockrec archive link {db} --name 'Juergen Mueller'"
    assert re.match(r"events 1 · best place (\d+) · average place \1 · cup points 2025/26: ",
                    lines[2]), lines[2]
    assert "rounds:" in lines
    at = lines.index("rounds:")
    assert lines[at + 1] == "2026-02-14 Wiener Cup, 3. Runde"
    assert re.fullmatch(r"  round 1, table 1 with Maria Huber, Maria Huber, Spieler \d: "
                        r"[+-]\d+, place \d of 4", lines[at + 2]), lines[at + 2]
    # a name of two clubs: the command names a club
    res = run("archive", "player", db, "Maria Huber", "--format", "json")
    got = json.loads(res.output)
    assert res.exit_code == 0 and got["linked"] is False and got["person"] is None
    assert got["link"].endswith("--name 'Maria Huber' --club Graz")
    assert got["summary"]["events"] == 10 and len(got["events"]) == 10
    assert set(got["summary"]) == {"events", "best_place", "average_place", "cup_points"}
    assert list(got["summary"]["cup_points"]) == ["2026/27", "2025/26"]
    table = got["events"][0]["rounds"][0]
    assert set(table) == {"round", "table", "with", "result", "place", "of"}
    places = [e["place"] for e in got["events"]]
    assert got["summary"]["best_place"] == min(places)
    assert got["summary"]["average_place"] == round(sum(places) / len(places), 2)
    res = run("archive", "player", db, "Nobody")
    assert res.exit_code == 1 and "no person 'Nobody'" in res.output


# -- 7. contracts as players name them -------------------------------------------------------------
def test_contracts_are_named_as_players_name_them(db: Path) -> None:
    assert run("archive", "link", db, "--name", "Anna Berger", "--yes").exit_code == 0
    declared = rows(db, "SELECT DISTINCT d.contract FROM deal d JOIN entrant n ON "
                    "n.id = d.declarer_entrant WHERE n.name = 'Anna Berger'")
    assert declared
    text = run("archive", "player", db, "Anna Berger").output.split("as declarer:")[1]
    for (cid,) in declared:
        name = contract_name("koenigrufen", cid)
        assert name and name != cid and re.search(rf"^{re.escape(name)}\s", text, re.M), cid
    assert "_" not in text
    stats = run("archive", "stats", db).output
    assert "_" not in "".join(stats.splitlines()[1:]) and "Solodreier" in stats
    got = json.loads(run("archive", "stats", db, "--format", "json").output)
    assert all(g["name"] == contract_name(g["game"], g["contract"]) for g in got)


def test_show_names_the_contract() -> None:
    from conftest import ROOT
    sample = Path(ROOT) / "samples" / "koenigrufen" / "valid" / "contract-solodreier.json"
    out = run("show", sample, "--no-color").output
    assert "contract Solodreier" in out and "contract solodreier" not in out


@pytest.mark.parametrize("game, cid, name", [
    ("koenigrufen", "solorufer", "Solorufer"),
    ("koenigrufen", "piccolo_ouvert", "Piccolo ouvert"),
    ("ulti", "hearts_durch_ulti", "Hearts Durchmars Ulti"),
    ("ulti", "clubs_durch_double_hundred_20_ulti", "Clubs 20-Hundred Double Durchmars Ulti"),
    ("cego", "eine_leere", "Eine Leere"),
    ("carinthian", "trischak", "Trischak"),
    ("illustrated", "solo", "Solo (szóló)")])
def test_each_game_names_its_contracts_once(game: str, cid: str, name: str) -> None:
    assert contract_name(game, cid) == name


def test_every_contract_of_every_game_has_a_display_name() -> None:
    import importlib
    for game in ("koenigrufen", "ulti", "cego", "carinthian"):
        module = importlib.import_module(f"tarockrec.games.{game}.contracts")
        ids = module.CONTRACTS if isinstance(module.CONTRACTS, tuple) else \
            tuple(module.CONTRACTS)
        assert all(cid in module.DISPLAY_NAMES for cid in ids), game
        assert all("_" not in n for n in module.DISPLAY_NAMES.values()), game


# -- 5. search: transliterations, reversed names, person ids, events by name and date ------------
def test_search_finds_spellings_ids_events_and_ranks_people_first(db: Path) -> None:
    from tarockrec.archive import search
    assert run("archive", "link", db, "--name", "Jürgen Müller", "--person", "AT-5",
               "--yes").exit_code == 0
    conn = sqlite3.connect(db)
    events = {eid: f"events/{eid}" for (eid,) in conn.execute("SELECT id FROM event")}
    found = search.hits(conn, events, [(SERIES, "2025/26", "series-1.html")])

    def texts(query: str) -> list[str]:
        return [h.text for h in found if search.matches(h, query)]
    for query in ("Mueller", "Muller", "Müller", "müll", "Müller Jürgen", "AT-5", "at-5"):
        assert texts(query)[0] == "Jürgen Müller (TC Wien)", query
    assert texts("Huber Maria") == texts("Maria Huber") == texts("maria hub") and \
        {t.split(" · ")[0] for t in texts("Huber Maria")} == \
        {"Maria Huber (Graz)", "Maria Huber (Linz)", "Maria Huber"}
    # events by name and date, latest first; the series; people before events
    assert {"Wiener Cup, 1. Runde 2026-09-12", "Wiener Cup, 1. Runde 2025-09-13"} <= \
        set(texts("Wiener Cup, 1. Runde"))
    assert texts("Wiener Cup, 1. Runde 2025-09-13") == ["Wiener Cup, 1. Runde 2025-09-13"]
    assert texts("wiener 2026-02") == ["Wiener Cup, 3. Runde 2026-02-14"]
    assert texts("wiener cup 2025/26")[-1] == "Wiener Cup · 2025/26"
    kinds = [h.kind for h in found]
    assert kinds == sorted(kinds, key=search.KINDS.index)
    # the shards: a hit in the shard of each of its words' first letters
    split = search.shards(found)
    assert set(split) >= {"m", "j", "a", "w", "h", "2"}
    assert "g" not in split and "t" not in split       # a club's words choose no shard
    assert any(h["t"] == "Jürgen Müller (TC Wien)" for h in split["a"])      # AT-5
    assert all(search.matches(h, "Huber") for h in split["h"])
    conn.close()


def test_link_club_empty_names_the_entrants_without_a_club(db: Path) -> None:
    res = run("archive", "link", db, "--name", "Maria Huber", "--club", "")
    assert res.exit_code == 2 and "they are two people" in res.output     # one table
    res = run("archive", "link", db, "--name", "Müller Jürgen", "--club", "", "--yes")
    assert res.exit_code == 0 and "linked 1 entrant(s)" in res.output
    assert rows(db, "SELECT p.name, p.club FROM person p WHERE key IS NULL") == \
        [("Müller Jürgen", None)]


def test_entrants_of_two_person_ids_are_never_one_proposal(
        db: Path, built: tuple[Path, dict[str, str]]) -> None:
    assert rows(db, "SELECT key, name FROM person ORDER BY key") == \
        [("AT-10", "Karl Wolf"), ("AT-9", "Karl Wolf")]
    (karl,) = [p for p in _proposals(db) if p["names"] == ["Karl Wolf"]]
    assert karl["person"] is None and len(karl["entrants"]) == 1
    assert "also fits Karl Wolf (TC Wien) and Karl Wolf (TC Wien)" in karl["reason"]
    # an entrant split off AT-9 keeps its id: proposed back to AT-9, never to AT-10
    res = run("archive", "unlink", db, "--event", "Wiener Cup, 2. Runde", "--entrant",
              built[1]["karl"])
    assert res.exit_code == 0, res.output
    (back,) = [p for p in _proposals(db) if p["person"] and p["person"]["key"] == "AT-9"]
    assert [e["date"] for e in back["entrants"]] == ["2025-11-08"]
    assert back["reason"].startswith("the person AT-9 (same person id at 2 event(s))")
    assert not [p for p in _proposals(db) if p["person"] and p["person"]["key"] == "AT-10"]
    # nor linked as one
    res = run("archive", "link", db, "--name", "Karl Wolf", "--person", "AT-10", "--yes")
    assert res.exit_code == 2 and "different person ids (AT-10, AT-9)" in res.output
