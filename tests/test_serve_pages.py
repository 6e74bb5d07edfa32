"""tarockrec serve (issue 41, §3 and §4): the live site drawn by publish's own renderers (the
pages equal publish's of the evening's record), a table's totals instead of its deals, the
contracts by their names, Trischaken's thirds where the rule set counts them. One archive and
one evening for the module (Flask's test client)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("flask")
pytest.importorskip("segno")

from test_serve import RUFER, Evening, Table, field, messages  # noqa: E402
from tarockrec.serve import evening, sheetform, storage  # noqa: E402
from tarockrec.site.publish import publish  # noqa: E402
from tarockrec.tournament.record import StandingsRules  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402


class Room:
    """One evening of eight (two tables): table 1 enters two deals, table 2 its totals."""

    def __init__(self, path: Path) -> None:
        self.ev = Evening(path / "club.db")
        self.event_id = self.ev.event()
        self.ev.register(self.event_id, "Anna", "Bernd", "Clara", "Dieter", "Emil", "Franz",
                         "Gerda", "Hilde")
        assert self.ev.seat(self.event_id, "1, 2, 3, 4\n5, 6, 7, 8") == ["round 1 is seated"]
        one, two = self.ev.codes(self.event_id, 1)
        self.one, self.two = Table(self.ev, one), Table(self.ev, two, "127.0.0.2")
        for _ in range(2):
            assert self.one.enter(RUFER).status_code == 302

    def totals(self, table: Table, values: list[str], **extra: str) -> Any:
        page = table.page()
        data = {"csrf": table.csrf, "key": re.findall(r'name="key" value="([^"]*)"', page)[-1],
                "seat": "1", **{f"total{s}": v for s, v in enumerate(values)}, **extra}
        return table.client.post(f"/t/{table.code}/totals", data=data)

    def written(self) -> None:
        """Table 2's totals are in (whichever test runs first)."""
        conn = storage.connect(self.ev.path)
        t = storage.table_by_code(conn, self.two.code)
        assert t is not None
        if storage.totals(conn, t.id) is None:
            assert self.totals(self.two, ["30", "-10", "-25", "5"]).status_code == 302
        conn.close()

    def record(self) -> dict[str, Any]:
        r = self.ev.director.get(f"/director/event/{self.event_id}/tournament.json")
        return dict(r.get_json())


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    yield Room(tmp_path_factory.mktemp("room"))


def test_a_table_enters_its_totals_checked_as_validate_checks_them(room: Room) -> None:
    room.totals(room.two, [], clear="yes")            # whatever ran before on this module
    # refused: totals that do not add up to 0, as validate refuses them; nothing stored
    r = room.totals(room.two, ["10", "-10", "5", "0"])
    assert r.status_code == 422 and any("[TOURN-TOTALS]" in m for m in messages(r.text))
    r = room.totals(room.two, ["10", "x", "5", "0"])
    assert r.status_code == 422 and "whole number" in messages(r.text)[0]
    # refused: totals at a table that entered deals (its deals give them)
    r = room.totals(room.one, ["10", "-10", "5", "-5"])
    assert r.status_code == 422 and any("[EVENING-TOTALS-DEALS]" in m for m in messages(r.text))
    conn = storage.connect(room.ev.path)
    assert conn.execute("SELECT count(*) FROM evening_totals").fetchone() == (0,)
    assert room.totals(room.two, ["30", "-10", "-25", "5"]).status_code == 302
    page = room.two.page()
    assert messages(page) == ["the totals saved"] and "entered its totals only" in page
    assert 'id="entry"' not in page                   # no deal form while the totals stand
    # a deal while the totals stand is refused (and its form is not offered)
    r = room.two.client.post(f"/t/{room.two.code}/deal", data={
        "csrf": room.two.csrf, "key": "d" * 20, "number": "1", **RUFER})
    assert r.status_code == 422 and any("[EVENING-TOTALS-DEALS]" in m for m in messages(r.text))
    # the record writes the table as a table of totals only; it validates
    rec = room.record()
    assert rec["rounds"][0]["tables"][1] == {"table": "2", "seats": ["5", "6", "7", "8"],
                                             "result": {"totals": [30, -10, -25, 5]}}
    report = validate_record(rec, tables=True)
    assert report.valid and "TOURN-UNVERIFIED" in {f.code for f in report.findings}
    assert {r.player: r.total for r in report.standings or []}["Emil"] == 30
    # the overview says so, and the table can confirm with its totals (another seat)
    assert "0 (totals)" in room.ev.director.get(f"/director/event/{room.event_id}").text
    page = room.two.page()
    confirm = re.findall(r'action="/t/\w+/confirm".*?name="key" value="([^"]*)"', page, re.S)
    r = room.two.client.post(f"/t/{room.two.code}/confirm", data={
        "csrf": room.two.csrf, "key": confirm[0], "seat": "1"})
    assert "another seat" in messages(room.two.page())[0]
    conn.close()


def test_totals_can_be_removed_and_a_rule_set_that_needs_the_deals_refuses_them(
        room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    room.written()
    conn = storage.connect(room.ev.path)
    t = storage.table_by_code(conn, room.two.code)
    assert t is not None and storage.totals(conn, t.id) is not None
    assert room.totals(room.two, [], clear="yes").status_code == 302
    assert storage.totals(conn, t.id) is None
    assert 'id="entry"' in room.two.page()            # the deal form is back
    monkeypatch.setattr(evening, "standings_rules",
                        lambda *a: StandingsRules(counts="money"))
    r = room.totals(room.two, ["30", "-10", "-25", "5"])
    assert r.status_code == 422 and any("[EVENING-TOTALS-ONLY]" in m for m in messages(r.text))
    assert storage.totals(conn, t.id) is None
    monkeypatch.undo()
    room.written()
    conn.close()


def _published(room: Room, tmp_path: Path) -> Path:
    src = tmp_path / "evening.json"
    src.write_text(json.dumps(room.record(), ensure_ascii=False), encoding="utf-8")
    status, lines = publish(str(src), str(tmp_path / "site"))
    assert status == 0, lines
    return tmp_path / "site"


def test_the_live_pages_are_publishs_pages_of_the_evening(room: Room, tmp_path: Path) -> None:
    room.written()
    site = _published(room, tmp_path)
    anyone = room.ev.app.test_client()                # no login: the room's pages
    for name in ("index.html", "round-1.html", "round-1-table-1.html",
                 "round-1-table-2.html"):
        r = anyone.get(f"/live/{room.event_id}/{name}")
        assert r.status_code == 200, name
        assert r.text == (site / name).read_text(encoding="utf-8"), name
    # table 1's page draws its deals; its policy allows its own script and style, by hash
    r = anyone.get(f"/live/{room.event_id}/round-1-table-1.html")
    assert 'id="tarockrec-data"' in r.text
    policy = r.headers["Content-Security-Policy"]
    assert re.search(r"script-src 'sha256-[A-Za-z0-9+/=]+'", policy)
    assert "unsafe-inline" not in policy and "default-src 'none'" in policy
    assert anyone.get(f"/live/{room.event_id}/").location.endswith("/index.html")
    # the projector's page and the director's overview lead to it
    assert f'href="/live/{room.event_id}/index.html"' in anyone.get(
        f"/standings/{room.event_id}").text
    assert f'href="/live/{room.event_id}/index.html"' in room.ev.director.get(
        f"/director/event/{room.event_id}").text


def test_a_live_page_of_no_such_round_or_a_table_without_play_is_not_found(room: Room) -> None:
    anyone = room.ev.app.test_client()
    assert anyone.get(f"/live/{room.event_id}/round-2.html").status_code == 404
    assert anyone.get(f"/live/{room.event_id}/round-1-table-3.html").status_code == 404
    assert anyone.get(f"/live/{room.event_id + 9}/index.html").status_code == 404
    ev = room.ev
    other = ev.event(name="Zweiter Abend")
    ev.register(other, "Ida", "Jakob", "Karin", "Ludwig")
    ev.seat(other, "1, 2, 3, 4")
    r = anyone.get(f"/live/{other}/round-1-table-1.html")
    assert r.status_code == 404 and "entered nothing yet" in r.text
    assert anyone.get(f"/live/{other}/round-1.html").status_code == 200


def test_the_sheet_and_the_form_name_the_contracts(room: Room) -> None:
    page = room.one.page()
    assert "<td>Rufer</td>" in page and "<td>rufer</td>" not in page
    assert '<option value="solorufer" >Solorufer</option>' in page
    assert not re.search(r">(rufer|solorufer|piccolo_ouvert)<", page)


def test_the_thirds_are_offered_where_the_rule_set_counts_them(room: Room) -> None:
    assert not sheetform.form_spec("koenigrufen", "default", 4).thirds
    assert not sheetform.form_spec("cego", "default", 4).thirds
    spec = sheetform.form_spec("koenigrufen", "ooe_2023", 4)
    assert spec.thirds
    assert 'name="thirds0"' not in room.one.page()
    ev = room.ev
    other = ev.event(rules="koenigrufen/ooe_2023", name="Linz")
    ev.register(other, "Maria", "Norbert", "Olga", "Paul")
    ev.seat(other, "1, 2, 3, 4")
    table = Table(ev, ev.codes(other, 1)[0], "127.0.0.3")
    assert 'name="thirds3"' in table.page()
    trischaken = {"contract": "trischaken", "declarer": "0", "points": "25 20 15 10",
                  "tricks0": "3", "tricks1": "3", "tricks2": "3", "tricks3": "3", "seat": "0"}
    # without the thirds the validator refuses the deal: this rule set compares them
    r = table.enter(trischaken)
    assert r.status_code == 422 and any("[OUTCOME-POINTS]" in m for m in messages(r.text))
    r = table.enter({**trischaken, "thirds0": "75", "thirds1": "60", "thirds2": "45",
                     "thirds3": "30"})
    assert r.status_code == 302
    conn = storage.connect(ev.path)
    deal = storage.deals(conn, storage.tables(conn, other)[0].id)[0]
    assert deal.sheet["outcome"]["thirds"] == [75, 60, 45, 30]
    assert "<td>Trischaken</td>" in table.page()
    conn.close()


def test_the_director_goes_from_table_to_table_by_keys(room: Room) -> None:
    codes = room.ev.codes(room.event_id, 1)
    first = room.ev.director.get(f"/t/{codes[0]}").text
    second = room.ev.director.get(f"/t/{codes[1]}").text
    assert f'href="/t/{codes[1]}" rel="next"' in first and 'rel="prev"' not in first
    assert f'href="/t/{codes[0]}" rel="prev"' in second and 'rel="next"' not in second
    assert 'rel="next"' not in room.one.page()     # a table's phone: its own table only
    assert re.search(r'<select name="contract" autofocus>', first)
    assert field(first, "csrf")
