"""The evening's flow in ``tarockrec serve`` (issue 41): late entrants and withdrawals as the
draw's rules say, a departure during a round as the tournament record writes it (``left``,
``substitutes``, ``ended_early``), ``archive export --event`` of an evening not finished (at
several moments: it validates, and ``tarockrec standings`` of it equals the live page),
corrections stored with time, old and new values and reason, and the session key that
survives a restart and is kept from queries."""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from test_serve import PASSWORD, Evening, Table, field, messages
from test_serve_evening import deal

pytest.importorskip("flask")

from tarockrec.serve import storage  # noqa: E402
from tarockrec.serve.app import create_app  # noqa: E402
from tarockrec.serve.security import Password  # noqa: E402
from tarockrec.tournament import draw  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

ROW = re.compile(r'<tr><td class="num">(\d*)</td><td>([^<]*)(?:<small>[^<]*</small>)?'
                 r'</td>\s*<td class="num">(-?\d+)</td>')


def record(ev: Evening, event_id: int) -> dict[str, Any]:
    got = ev.director.get(f"/director/event/{event_id}/tournament.json").get_json()
    assert isinstance(got, dict)
    return got


def exported(ev: Evening, name: str, out: Path) -> Path:
    """``archive export ARCHIVE --event NAME`` into the folder ``out``: its one file."""
    got = CliRunner().invoke(main, ["archive", "export", ev.path, "--event", name,
                                    "-o", str(out)])
    assert got.exit_code == 0, got.output
    [path] = list(out.iterdir())
    return path


def same_standings(ev: Evening, event_id: int, path: Path) -> None:
    """The export validates, and the live page shows what ``tarockrec standings`` of it
    says: its rows, or (a drawn round not begun) its sentence why they wait."""
    got = CliRunner().invoke(main, ["validate", str(path)])
    assert got.exit_code == 0, got.output
    got = CliRunner().invoke(main, ["standings", str(path), "--format", "json"])
    page = ev.app.test_client().get(f"/standings/{event_id}").text
    if got.exit_code == 0:
        cli = [(str(x["rank"] or ""), x["player"], str(x["total"]))
               for x in json.loads(got.stdout)]
        assert ROW.findall(page) == cli and "The record&#39;s standings" not in page
    else:
        why = got.stderr.split("nothing was ranked: ", 1)[1].strip()
        assert "TOURN-DRAWN" in why
        assert why.replace("'", "&#39;") in page


def test_export_of_an_evening_being_played_at_every_moment(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event(name="Dienstag")
    moments = iter(range(100))

    def check() -> dict[str, Any]:
        path = exported(ev, "Dienstag", tmp_path / f"out{next(moments)}")
        same_standings(ev, event_id, path)
        rec = json.loads(path.read_text())
        assert rec == record(ev, event_id)          # the director's download, the same
        return rec

    check()                                          # nothing registered yet
    ev.register(event_id, *[f"P{k}" for k in range(1, 10)])
    assert len(check()["entrants"]) == 9             # after registration
    assert ev.post(f"/director/event/{event_id}/round", method="random",
                   seed="4").status_code == 302
    check()                                          # drawn, no play: the standings wait
    rec = record(ev, event_id)
    sizes = [len(t["seats"]) for t in rec["rounds"][0]["tables"]]
    one, two = ev.codes(event_id, 1)
    first = Table(ev, one, "10.0.0.1")
    assert first.enter(deal(sizes[0], 0, True)).status_code == 302
    check()                                          # mid-round: one table has begun
    second = Table(ev, two, "10.0.0.2")
    assert second.enter(deal(sizes[1], 0, False)).status_code == 302
    assert first.enter(deal(sizes[0], 1, False)).status_code == 302
    assert len(check()["rounds"][0]["tables"][0]["deals"]) == 2      # mid-round, ranked
    # a correction: table 1's deal 2 won after all
    t = storage.tables(storage.connect(ev.path), event_id, 1)[0]
    url = f"/director/event/{event_id}/correct/{t.id}"
    fixed = {"dealer": 0, "outcome": {"contract": "rufer", "declarer": 1, "partner": 3,
                                      "won": True, "points": [40, 30],
                                      "tricks": [3] * sizes[0] if sizes[0] == 4 else
                                      [0, 3, 3, 3, 3]}}
    r = ev.post(url, key=field(ev.director.get(url).text, "key"), deal="2",
                sheet=json.dumps(fixed), reason="won on the paper sheet")
    assert r.status_code == 302
    assert check()["rounds"][0]["tables"][0]["deals"][1] == fixed
    for table in (first, second):
        page = table.page()
        table.client.post(f"/t/{table.code}/confirm", data={
            "csrf": table.csrf, "key": re.findall(r'name="key" value="([^"]*)"', page)[1],
            "seat": "3"})
    ev.post(f"/director/event/{event_id}/finish")
    assert "the event is finished and stored in the archive as a tournament" in messages(
        ev.director.get(f"/director/event/{event_id}").text)
    check()                                          # finished: the archived record


def test_a_late_entrant_joins_as_the_draws_rule_says(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *"ABCDEFGH")
    assert ev.seat(event_id, "1,2,3,4\n5,6,7,8") == ["round 1 is seated"]
    ev.register(event_id, "Ida")                     # after round 1 was drawn
    rec = record(ev, event_id)
    # the rule set's draw.late_entrants is ``nothing``: Ida joins from round 2, and round 1
    # is not hers (not absent in it)
    assert rec["entrants"][8] == {"id": "9", "name": "Ida", "joins": 2}
    assert "absent" not in rec["rounds"][0]
    assert ev.post(f"/director/event/{event_id}/withdraw", entrant="2").status_code == 302
    r = ev.post(f"/director/event/{event_id}/round", method="random", seed="11")
    assert r.status_code == 302
    rec = record(ev, event_id)
    seated = {s for t in rec["rounds"][1]["tables"] for s in t["seats"]}
    assert "9" in seated and "2" not in seated and rec["rounds"][1]["absent"] == ["2"]
    path = exported(ev, "Clubabend", tmp_path / "out")
    got = CliRunner().invoke(main, ["validate", str(path)])
    assert got.exit_code == 0, got.output
    # under ``absent`` the rounds she missed mark her absent (scored as an absent entrant)
    monkeypatch.setattr(draw, "rules_for", lambda game, rec: draw.DrawRules(
        late_entrants="absent"))
    rec = record(ev, event_id)
    assert "joins" not in rec["entrants"][8] and rec["rounds"][0]["absent"] == ["9"]


def test_a_withdrawal_before_the_round_begins_leaves_its_redraw(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *"ABCDEFGHI")
    assert ev.post(f"/director/event/{event_id}/round", method="random",
                   seed="2").status_code == 302
    assert sorted(len(t["seats"]) for t in record(ev, event_id)["rounds"][0]["tables"]) == [4, 5]
    # nobody has played yet: entrant 3 withdraws, and the round is drawn again without him
    r = ev.post(f"/director/event/{event_id}/withdraw", entrant="3")
    assert r.status_code == 302
    assert messages(ev.director.get(f"/director/event/{event_id}").text)[-1] == \
        "entrant 3 is seated in round 1, which has no result yet: draw it again without him"
    assert ev.post(f"/director/event/{event_id}/round", method="random", seed="2",
                   redraw="yes").status_code == 302
    rec = record(ev, event_id)
    assert [len(t["seats"]) for t in rec["rounds"][0]["tables"]] == [4, 4]
    assert rec["rounds"][0]["absent"] == ["3"] and validate_record(rec).valid


def test_a_departure_during_a_round(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *"ABCDEFGH")
    assert ev.seat(event_id, "1,2,3,4\n5,6,7,8") == ["round 1 is seated"]
    ev.register(event_id, "Emil")                    # came late: a substitute this round
    conn = storage.connect(ev.path)
    one, two = storage.tables(conn, event_id, 1)
    phone = Table(ev, one.code)
    for k in range(3):
        assert phone.enter(deal(4, k, True)).status_code == 302
    url = f"/director/event/{event_id}/depart/{one.id}"

    def depart(**form: str) -> list[str]:
        key = field(ev.director.get(f"/director/event/{event_id}/correct/{one.id}").text,
                    "key")
        r = ev.post(url, key=key, reason="felt unwell", **form)
        assert r.status_code == 302
        return messages(ev.director.get(r.location).text)

    # C leaves after deal 2 though the table played 3, nobody takes over: refused
    said = depart(seat="2", after_deal="2")
    assert any("[TOURN-SUBSTITUTE]" in m for m in said)
    # F (seated at table 2) cannot take his seat over
    said = depart(seat="2", after_deal="3", substitute="F")
    assert any("[TOURN-SEATED]" in m for m in said)
    assert storage.table_by_id(conn, one.id).changes == {}  # type: ignore[union-attr]
    # Emil takes over from deal 4
    said = depart(seat="2", after_deal="3", substitute="Emil")
    assert said == ["round 1 table 1: departure recorded"]
    # until deal 4 is entered the record holds the departure alone (and validates)
    rec = record(ev, event_id)
    table = rec["rounds"][0]["tables"][0]
    assert table["left"] == [{"seat": 2, "after_deal": 3}] and "substitutes" not in table
    assert validate_record(rec, tables=True).valid
    assert phone.enter(deal(4, 3, False)).status_code == 302     # the table plays on
    table = record(ev, event_id)["rounds"][0]["tables"][0]
    assert table["substitutes"] == [{"seat": 2, "entrant": "9", "from_deal": 4}]
    # table 2 ends early after one deal: no deal can be added any more
    assert Table(ev, two.code, "10.0.0.2").enter(deal(4, 0, True)).status_code == 302
    url = f"/director/event/{event_id}/depart/{two.id}"
    key = field(ev.director.get(f"/director/event/{event_id}/correct/{two.id}").text, "key")
    assert ev.post(url, key=key, reason="out of time", ended="yes").status_code == 302
    r = Table(ev, two.code, "10.0.0.2").enter(deal(4, 1, True))
    assert r.status_code == 422 and any("[EVENING-ENDED]" in m for m in messages(r.text))
    rec = record(ev, event_id)
    assert rec["rounds"][0]["tables"][1]["ended_early"] is True
    # the record validates and ranks Emil; C plays no later round
    path = exported(ev, "Clubabend", tmp_path / "out")
    got = CliRunner().invoke(main, ["standings", str(path), "--format", "json"])
    assert got.exit_code == 0, got.output
    assert "Emil" in [x["player"] for x in json.loads(got.stdout)]
    assert not storage.entrants(conn, event_id)[2].plays(2)
    # both are in the event's log, as corrections: old and new as JSON, and the reason
    log = storage.corrections(conn, event_id)
    assert [(c.table, c.deal, c.reason) for c in log] == [(1, None, "felt unwell"),
                                                          (2, None, "out of time")]
    assert json.loads(log[0].new or "")["left"] == [{"seat": 2, "after_deal": 3}]
    assert log[0].old is None and json.loads(log[1].new or "") == {"ended_early": True}
    page = ev.director.get(f"/director/event/{event_id}").text
    assert "round 1 table 1 seats: felt unwell" in page


def test_corrections_remove_renumber_add_and_are_logged_typed(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *"ABCD")
    ev.seat(event_id, "1,2,3,4")
    conn = storage.connect(ev.path)
    [t] = storage.tables(conn, event_id, 1)
    phone = Table(ev, t.code)
    for k in range(3):
        assert phone.enter(deal(4, k, k != 1)).status_code == 302
    third = storage.deals(conn, t.id)[2].sheet
    second = storage.deals(conn, t.id)[1].sheet
    url = f"/director/event/{event_id}/correct/{t.id}"

    def correct(number: str, sheet: str, reason: str) -> Any:
        return ev.post(url, key=field(ev.director.get(url).text, "key"), deal=number,
                       sheet=sheet, reason=reason)
    # removing deal 2 would leave deal 3 dealt by the wrong seat: refused, nothing stored
    r = correct("2", "", "not played")
    assert r.status_code == 200 and any("[SESSION-DEALER]" in m for m in messages(r.text))
    # deal 3 was never played: removed; the next entry is deal 3 again
    assert correct("3", "", "not played").status_code == 302
    assert [d.number for d in storage.deals(conn, t.id)] == [1, 2]
    # the deal the table forgot is added after its last
    missed = {"dealer": 1, "outcome": {"contract": "rufer", "declarer": 2, "partner": 0,
                                       "won": True, "points": [40, 30],
                                       "tricks": [3, 3, 3, 3]}}
    assert correct("3", json.dumps(missed), "missing on the phone").status_code == 302
    assert [d.sheet for d in storage.deals(conn, t.id)][2] == missed
    assert correct("5", json.dumps(missed), "no such deal").status_code == 400
    log = storage.corrections(conn, event_id)
    assert [(c.deal, c.reason) for c in log] == [(3, "not played"),
                                                 (3, "missing on the phone")]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", log[0].at)
    old = json.loads(log[0].old or "")               # the JSON of the deal, typed
    assert old == third and old["outcome"]["won"] is True and old["outcome"]["declarer"] == 2
    assert log[0].new is None and log[1].old is None and json.loads(log[1].new or "") == missed
    # once confirmed, the director's change at the table's page is a correction: refused
    # there, made on the correction page with a reason
    page = phone.page()
    phone.client.post(f"/t/{t.code}/confirm", data={
        "csrf": phone.csrf, "key": re.findall(r'name="key" value="([^"]*)"', page)[1],
        "seat": "3"})
    assert storage.table_by_id(conn, t.id).confirmed  # type: ignore[union-attr]
    page = ev.director.get(f"/t/{t.code}").text
    r = ev.post(f"/t/{t.code}/deal", key="d" * 20, number="1", **{
        k: v for k, v in deal(4, 0, False).items()})
    assert r.status_code == 409 and "correction page" in r.text
    assert len(storage.corrections(conn, event_id)) == 2 and page
    # a deal removed from the middle (storage): the later ones move up, numbered 1, 2, …
    storage.correct(conn, event_id, t.id, 1, None, "test", "r" * 20)
    assert [(d.number, d.sheet) for d in storage.deals(conn, t.id)] == [(1, second),
                                                                        (2, missed)]


def test_sessions_survive_a_restart_and_the_key_is_kept_from_queries(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *"ABCD")
    ev.seat(event_id, "1,2,3,4")
    code = ev.codes(event_id, 1)[0]
    phone = Table(ev, code)
    page = phone.page()
    # the server restarts (a new process, a new password): the same key from the archive
    again = create_app(ev.path, Password("another password"), "http://127.0.0.1:8041/")
    for old, client in ((ev.director, again.test_client()),
                        (phone.client, again.test_client())):
        cookie = old.get_cookie("session")
        assert cookie is not None
        client.set_cookie("session", cookie.value)
        if old is ev.director:
            assert client.get(f"/director/event/{event_id}").status_code == 200
        else:
            r = client.post(f"/t/{code}/deal", data={"csrf": phone.csrf,
                                                     "key": field(page, "key"), "number": "1",
                                                     **deal(4, 0, True)})
            assert r.status_code == 302           # the CSRF token of before the restart
    conn = storage.connect(ev.path)
    assert len(storage.deals(conn, storage.tables(conn, event_id)[0].id)) == 1
    # the archive serve made is its owner's only; no query reads the key
    assert stat.S_IMODE(os.stat(ev.path).st_mode) & 0o077 == 0
    got = CliRunner().invoke(main, ["archive", "query", ev.path,
                                    "SELECT value FROM evening_setting"])
    assert got.exit_code != 0 and "ARCHIVE-QUERY" in got.output
    key = conn.execute("SELECT value FROM evening_setting WHERE key = 'secret_key'").fetchone()
    assert key[0] not in got.output and len(key[0]) >= 64
    assert PASSWORD.encode() not in Path(ev.path).read_bytes()
