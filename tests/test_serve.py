"""tarockrec serve (issue 41): an evening through Flask's test client — the director's pages,
a table's score sheet checked deal by deal, the archive's tournament at the end — and the
requests that try to break it (issue 41, item 6)."""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("flask")
pytest.importorskip("segno")

from tarockrec.serve import evening, sheetform, storage  # noqa: E402
from tarockrec.serve.app import create_app  # noqa: E402
from tarockrec.serve.security import Password, RateLimit  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

PASSWORD = "correct horse battery"
#: a Rufer won 40 : 30, seat 0 with seat 2 (10 each way under the default rule set, §6.1)
RUFER = {"contract": "rufer", "declarer": "0", "partner": "2", "won": "yes",
         "points": "40 30", "tricks0": "3", "tricks1": "3", "tricks2": "3", "tricks3": "3",
         "seat": "0"}


def field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no {name} on the page"
    return found.group(1)


def messages(html: str) -> list[str]:
    box = re.search(r'<ul class="messages"[^>]*>(.*?)</ul>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", box.group(1), re.S) if box else []


class Evening:
    """A director's client and helpers over one archive."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)
        self.app = create_app(self.path, Password(PASSWORD), "http://127.0.0.1:8041/")
        self.director = self.app.test_client()
        self.csrf = field(self.director.get("/login").text, "csrf")
        r = self.director.post("/login", data={"csrf": self.csrf, "password": PASSWORD})
        assert r.status_code == 302 and r.location == "/director"
        self.csrf = field(self.director.get("/director").text, "csrf")   # a new session

    def post(self, url: str, **data: Any) -> Any:
        return self.director.post(url, data={"csrf": self.csrf, **data})

    def event(self, rules: str = "koenigrufen/default", name: str = "Clubabend") -> int:
        r = self.post("/director/events", gamerules=rules, name=name, date="2026-12-02",
                      site="Wien")
        assert r.status_code == 302, r.text
        return int(r.location.rsplit("/", 1)[1])

    def register(self, event_id: int, *names: str) -> None:
        for name in names:
            assert self.post(f"/director/event/{event_id}/register",
                             name=name).status_code == 302
        said = messages(self.director.get(f"/director/event/{event_id}").text)
        assert len(said) == len(names) and all(m.startswith("registered ") for m in said)

    def seat(self, event_id: int, seating: str, **extra: str) -> list[str]:
        r = self.post(f"/director/event/{event_id}/round", seating=seating, **extra)
        assert r.status_code == 302
        page = self.director.get(f"/director/event/{event_id}").text
        return messages(page)

    def codes(self, event_id: int, round_no: int) -> list[str]:
        conn = storage.connect(self.path)
        try:
            return [t.code for t in storage.tables(conn, event_id, round_no)]
        finally:
            conn.close()


class Table:
    """A phone at a table: its own client (its own session and CSRF token)."""

    def __init__(self, ev: Evening, code: str, addr: str = "127.0.0.1") -> None:
        self.client = ev.app.test_client()
        self.client.environ_base["REMOTE_ADDR"] = addr
        self.code = code
        self.csrf = ""

    def page(self) -> str:
        r = self.client.get(f"/t/{self.code}")
        assert r.status_code == 200
        self.csrf = (re.findall(r'name="csrf" value="([^"]*)"', r.text) or [self.csrf])[0]
        return str(r.text)

    def enter(self, fields: dict[str, str], key: str | None = None) -> Any:
        page = self.page()
        form = 'id="entry"' in page          # a confirmed table's page has no form
        data = {"csrf": self.csrf, "key": key or (field(page, "key") if form else "k" * 20),
                "number": field(page, "number") if form else "1", **fields}
        return self.client.post(f"/t/{self.code}/deal", data=data)


@pytest.fixture
def ev(tmp_path: Path) -> Evening:
    return Evening(tmp_path / "club.db")


def four(ev: Evening) -> tuple[int, Table]:
    event_id = ev.event()
    ev.register(event_id, "Anna", "Bernd", "Clara", "Dieter")
    assert ev.seat(event_id, "1, 2, 3, 4") == ["round 1 is seated"]
    return event_id, Table(ev, ev.codes(event_id, 1)[0])


def test_an_evening_from_registration_to_the_archived_tournament(ev: Evening) -> None:
    event_id, table = four(ev)
    assert "next dealer: <strong>Dieter</strong>" in table.page()
    r = table.enter(RUFER)
    assert r.status_code == 302
    page = table.page()
    assert messages(page) == ["deal 1 saved"]
    assert re.findall(r'class="num">(-?\d+)<', page)[:4] == ["10", "-10", "10", "-10"]
    assert "next dealer: <strong>Anna</strong>" in page          # the deal passed on
    # an outcome no play can give is refused with the validator's sentence, nothing stored
    r = table.enter({**RUFER, "points": "71 0"})
    assert r.status_code == 422
    assert any("[OUTCOME-POINTS]" in m for m in messages(r.text))
    conn = storage.connect(ev.path)
    assert len(storage.deals(conn, storage.tables(conn, event_id)[0].id)) == 1
    # a second seat confirms; the seat that entered the last deal may not
    page = table.page()
    keys = re.findall(r'name="key" value="([^"]*)"', page)
    assert len(keys) == len(set(keys)) == 2            # each form its own submission key
    r = table.client.post(f"/t/{table.code}/confirm", data={
        "csrf": field(page, "csrf"), "key": field(page, "key"), "seat": "0"})
    assert "another seat" in messages(table.page())[0]
    page = table.page()
    r = table.client.post(f"/t/{table.code}/confirm", data={
        "csrf": field(page, "csrf"), "key": field(page, "key"), "seat": "1"})
    assert r.status_code == 302
    assert "Confirmed." in table.page()
    # once confirmed the table cannot change its deals
    assert table.enter(RUFER).status_code == 403
    live_record = ev.director.get(f"/director/event/{event_id}/tournament.json").get_json()
    assert ev.app.test_client().get(f"/director/event/{event_id}/tournament.json"
                                    ).status_code == 302          # the director's only
    r = ev.post(f"/director/event/{event_id}/finish")
    assert r.status_code == 302
    page = ev.director.get(f"/director/event/{event_id}").text
    assert "the event is finished and stored in the archive as a tournament" in messages(page)
    # the archived tournament is an ordinary record: it validates, with the deal's score
    row = conn.execute("SELECT r.canonical, r.valid FROM evening_event e JOIN records r ON "
                       "r.id = e.record_id WHERE e.id = ?", (event_id,)).fetchone()
    record = json.loads(row[0])
    assert record == live_record                  # what the director downloaded is archived
    report = validate_record(record, tables=True)
    assert row[1] == 1 and report.valid and report.standings is not None
    assert [r.total for r in report.standings][:1] == [10]
    assert conn.execute("SELECT name, ranked FROM events").fetchall() == [("Clubabend", 1)]
    # the live standings are the archived record's standings, as `tarockrec standings`
    # ranks them
    page = ev.app.test_client().get(f"/standings/{event_id}").text
    shown = re.findall(r'<tr><td class="num">(\d*)</td><td>([^<]*)(?:<small>[^<]*</small>)?'
                       r'</td>\s*<td class="num">(-?\d+)</td>', page)
    assert shown == [(str(r.rank), r.player.strip(), str(r.total))
                     for r in report.standings]
    assert '<meta http-equiv="refresh"' in page
    conn.close()


def test_finishing_with_an_unconfirmed_table_is_refused(ev: Evening) -> None:
    event_id, table = four(ev)
    table.enter(RUFER)
    ev.post(f"/director/event/{event_id}/finish")
    page = ev.director.get(f"/director/event/{event_id}").text
    assert any("[EVENING-UNCONFIRMED]" in m for m in messages(page))
    conn = storage.connect(ev.path)
    assert storage.event(conn, event_id).state == "open"  # type: ignore[union-attr]
    assert conn.execute("SELECT count(*) FROM records").fetchone() == (0,)


def test_a_replayed_submission_is_stored_once(ev: Evening) -> None:
    event_id, table = four(ev)
    page = table.page()
    key = field(page, "key")
    data = {"csrf": field(page, "csrf"), "key": key, "number": "1", **RUFER}
    assert table.client.post(f"/t/{table.code}/deal", data=data).status_code == 302
    again = table.client.post(f"/t/{table.code}/deal", data=data)      # the phone resends
    assert again.status_code == 302
    assert "deal 1 saved (already saved)" in messages(table.page())
    conn = storage.connect(ev.path)
    assert conn.execute("SELECT count(*) FROM evening_deal").fetchone() == (1,)
    assert conn.execute("SELECT count(*) FROM evening_submission").fetchone() == (1,)


def test_a_forged_form_without_the_csrf_token_is_refused(ev: Evening) -> None:
    event_id, table = four(ev)
    page = table.page()
    data = {"key": field(page, "key"), "number": "1", **RUFER}
    assert table.client.post(f"/t/{table.code}/deal", data=data).status_code == 400
    data["csrf"] = "forged" + field(page, "csrf")[6:]
    assert table.client.post(f"/t/{table.code}/deal", data=data).status_code == 400
    # the director's forms too: a forged new event
    r = ev.director.post("/director/events", data={"gamerules": "koenigrufen/default",
                                                    "name": "Forged"})
    assert r.status_code == 400
    conn = storage.connect(ev.path)
    assert conn.execute("SELECT count(*) FROM evening_deal").fetchone() == (0,)
    assert [e.name for e in storage.events(conn)] == ["Clubabend"]


def test_another_tables_code_and_a_past_rounds_code_cannot_write(ev: Evening) -> None:
    event_id = ev.event()
    ev.register(event_id, *"ABCDEFGH")
    assert ev.seat(event_id, "1,2,3,4\n5,6,7,8") == ["round 1 is seated"]
    one, two = ev.codes(event_id, 1)
    phone = Table(ev, one)
    page = phone.page()
    # a code no table has: refused, and guessing is rate-limited
    for guess in range(10):
        assert phone.client.get(f"/t/ZZZZZ{guess}").status_code == 404
    assert phone.client.get(f"/t/{two}").status_code == 429
    assert phone.client.post(f"/t/{two}/deal", data={
        "csrf": field(page, "csrf"), "key": field(page, "key"), **RUFER}).status_code == 429
    # round 1's tables cannot write once round 2 is drawn
    phone2 = Table(ev, two, "10.0.0.2")
    phone2.page()
    assert ev.seat(event_id, "1,5,2,6\n3,7,4,8") == ["round 2 is seated"]
    r = phone2.enter(RUFER)
    assert r.status_code == 403
    conn = storage.connect(ev.path)
    assert conn.execute("SELECT count(*) FROM evening_deal").fetchone() == (0,)


def test_a_100_mb_body_is_refused(ev: Evening) -> None:
    event_id, table = four(ev)
    big = b"x" * (100 * 1024 * 1024)
    r = table.client.post(f"/t/{table.code}/deal", data=big,
                          content_type="application/x-www-form-urlencoded")
    assert r.status_code == 413
    assert "Traceback" not in r.text


def test_a_name_full_of_html_is_escaped_everywhere(ev: Evening) -> None:
    event_id = ev.event(name="<script>alert(1)</script>")
    evil = '<img src=x onerror="alert(2)">'
    ev.register(event_id, evil, "Bernd", "Clara", "Dieter")
    ev.seat(event_id, "1,2,3,4")
    table = Table(ev, ev.codes(event_id, 1)[0])
    for page in (ev.director.get(f"/director/event/{event_id}").text,
                 ev.director.get("/director").text, table.page()):
        assert "<img src=x" not in page and "<script>alert" not in page
    assert "&lt;img src=x onerror=&#34;alert(2)&#34;&gt;" in table.page()


def test_no_traceback_in_any_response(ev: Evening, monkeypatch: pytest.MonkeyPatch) -> None:
    event_id, table = four(ev)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internals /home/x/file.py line 3")
    monkeypatch.setattr(evening, "check_session", broken)
    r = table.client.get(f"/t/{table.code}")
    assert r.status_code == 500
    assert "secret internals" not in r.text and "Traceback" not in r.text
    assert "something went wrong" in r.text
    assert ev.director.get("/no/such/page").status_code == 404


def test_the_password_is_stored_only_as_a_hash_and_login_is_rate_limited(
        ev: Evening) -> None:
    pw = Password("hunter2-hunter2")
    assert pw.check("hunter2-hunter2") and not pw.check("hunter2")
    assert b"hunter2" not in pw.hash and len(pw.salt) == 16
    assert PASSWORD.encode() not in Path(ev.path).read_bytes()
    intruder = ev.app.test_client()
    csrf = field(intruder.get("/login").text, "csrf")
    for _ in range(10):
        r = intruder.post("/login", data={"csrf": csrf, "password": "guess"})
        assert r.status_code == 200 and "wrong password" in r.text
    r = intruder.post("/login", data={"csrf": csrf, "password": PASSWORD})
    assert r.status_code == 429                  # even the right one, until the window ends
    assert intruder.get("/director").status_code == 302          # not logged in


def test_rate_limit_window_passes() -> None:
    limit = RateLimit(limit=2, window=0.05)
    limit.fail("a")
    limit.fail("a")
    assert limit.blocked("a") and not limit.blocked("b")
    import time
    time.sleep(0.06)
    assert not limit.blocked("a")


def test_director_pages_need_the_login(ev: Evening) -> None:
    stranger = ev.app.test_client()
    assert stranger.get("/director").status_code == 302
    assert stranger.get("/director/event/1").location.endswith("/login")


def test_registration_finds_people_of_the_archive_ignoring_case_and_umlauts(
        ev: Evening) -> None:
    conn = sqlite3.connect(ev.path)
    conn.execute("INSERT INTO person (key, name, club) VALUES ('AT-17', 'Hans Müller', "
                 "'TC Linz'), (NULL, 'Grete Öller', NULL)")
    conn.commit()
    conn.close()
    event_id = ev.event()
    for query in ("muller", "MUELLER", "Müll"):
        page = ev.director.get(f"/director/event/{event_id}?q={query}").text
        assert "Hans Müller · TC Linz · AT-17" in page, query
        assert "Grete" not in page
    assert "Grete Öller" in ev.director.get(f"/director/event/{event_id}?q=oller").text
    assert evening.fold("Straße Ä") == evening.fold("STRASSE a")
    r = ev.post(f"/director/event/{event_id}/register", name="Hans Müller", club="TC Linz",
                person="AT-17")
    assert r.status_code == 302
    conn2 = storage.connect(ev.path)
    assert [(e.name, e.person_key) for e in storage.entrants(conn2, event_id)] == \
        [("Hans Müller", "AT-17")]


def test_a_seating_is_checked_as_validate_checks_a_round(ev: Evening) -> None:
    event_id = ev.event()
    ev.register(event_id, *"ABCDEFG")
    said = ev.seat(event_id, "1,2,3\n4,5,6,7")
    assert any("[TOURN-TABLE-SIZE]" in m for m in said)
    said = ev.seat(event_id, "1,2,3,4\n4,5,6,7")
    assert any("[TOURN-SEATED]" in m for m in said)
    said = ev.seat(event_id, "1,2,3,4")
    assert any("[TOURN-UNSEATED]" in m for m in said)
    said = ev.seat(event_id, "A, B, c, d\n5,6,7,99")
    assert any("[TOURN-ENTRANT]" in m for m in said)
    conn = storage.connect(ev.path)
    assert storage.current_round(conn, event_id) == 0
    ev.register(event_id, "H")
    assert ev.seat(event_id, "a, b, c, d\n5,6,7,8") == ["round 1 is seated"]
    # re-drawn before any result: the round is replaced, with new codes
    old = ev.codes(event_id, 1)
    assert ev.seat(event_id, "4,3,2,1\n5,6,7,8", redraw="yes") == ["round 1 is seated"]
    assert ev.codes(event_id, 1) != old and storage.current_round(conn, event_id) == 1
    # a late entrant plays from the next round; one who withdraws is not seated again, nor
    # in round 1 drawn again (no result of it was in when he withdrew)
    ev.register(event_id, "I")
    assert storage.entrants(conn, event_id)[-1].from_round == 2
    assert ev.post(f"/director/event/{event_id}/withdraw", entrant="8").status_code == 302
    said = ev.seat(event_id, "1,2,3,4\n5,6,7,8")
    assert any("[TOURN-ENTRANT]" in m for m in said)
    said = ev.seat(event_id, "4,3,2,1\n5,6,7,8", redraw="yes")
    assert any("[TOURN-ENTRANT]" in m for m in said)


def test_a_correction_is_checked_and_logged(ev: Evening) -> None:
    event_id, table = four(ev)
    table.enter(RUFER)
    conn = storage.connect(ev.path)
    t = storage.tables(conn, event_id)[0]
    url = f"/director/event/{event_id}/correct/{t.id}"
    key = field(ev.director.get(url).text, "key")
    lost: dict[str, Any] = {"contract": "rufer", "declarer": 0, "partner": 2, "won": False,
                            "points": [30, 40], "tricks": [3, 3, 3, 3]}
    good = {"dealer": 3, "outcome": lost}
    bad = {"dealer": 3, "outcome": {**lost, "points": [30, 41]}}
    r = ev.post(url, key=key, deal="1", sheet=json.dumps(bad), reason="typo")
    assert r.status_code == 200 and any("[OUTCOME-POINTS]" in m for m in messages(r.text))
    r = ev.post(url, key=key, deal="1", sheet=json.dumps(good), reason="the sheet said lost")
    assert r.status_code == 302
    assert storage.deals(conn, t.id)[0].sheet == good
    [c] = storage.corrections(conn, event_id)
    assert (c.deal, c.reason, json.loads(c.new or "")) == (1, "the sheet said lost", good)
    assert json.loads(c.old or "")["outcome"]["won"] is True
    assert "the sheet said lost" in ev.director.get(f"/director/event/{event_id}").text


def test_the_form_offers_what_the_rule_set_plays() -> None:
    default = sheetform.form_spec("koenigrufen", "default", 4)
    cup = sheetform.form_spec("koenigrufen", "tarockcup_austria", 4)
    assert "farbendreier" not in default.contracts and "farbendreier" in cup.contracts
    assert "piccolo" not in sheetform.form_spec("cego", "default", 3).contracts
    assert "piccolo" in sheetform.form_spec("cego", "default", 4).contracts
    assert "partner" in default.keys and "partner" not in \
        sheetform.form_spec("ulti", "default", 3).keys
    with pytest.raises(sheetform.FormError, match="not a contract"):
        sheetform.outcome_of({"contract": "farbendreier"}, default)
    with pytest.raises(sheetform.FormError, match="whole number"):
        sheetform.outcome_of({"points": "40 x"}, default)
    assert "king_ultimo:H" in sheetform.form_spec("illustrated", "default", 4).items
    assert sheetform.outcome_of(RUFER, default) == {
        "contract": "rufer", "declarer": 0, "partner": 2, "won": True, "points": [40, 30],
        "tricks": [3, 3, 3, 3]}


def test_an_archive_of_schema_version_2_is_brought_up_to_date(tmp_path: Path) -> None:
    from tarockrec.archive import store
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    store.migrate(conn, upto=2)      # before the person log (3) and the evenings (4)
    conn.execute("INSERT INTO person (key, name, club) VALUES ('K1', 'Anna Ärger', NULL)")
    conn.close()
    ev = Evening(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (store.VERSION,)
    conn.close()
    event_id = ev.event()
    assert "Anna Ärger" in ev.director.get(f"/director/event/{event_id}?q=arger").text


def test_an_ulti_table_of_three_enters_its_sheet(ev: Evening) -> None:
    event_id = ev.event(rules="ulti/default", name="Ulti-verseny")
    ev.register(event_id, "Anna", "Béla", "Csaba")
    assert ev.seat(event_id, "Anna, Béla, Csaba") == ["round 1 is seated"]
    table = Table(ev, ev.codes(event_id, 1)[0])
    page = table.page()
    assert 'list="contracts"' in page and "partner" not in page.split('id="entry"')[1]
    # diamonds simple lost 10 : 90 (samples/tournaments/valid/score-sheets.json)
    lost = {"contract": "diamonds_simple", "declarer": "1", "won": "no", "points": "10 90",
            "tricks0": "3", "tricks1": "4", "tricks2": "3", "seat": "1"}
    assert table.enter(lost).status_code == 302
    page = table.page()
    assert re.findall(r'class="num">(-?\d+)<', page)[:3] == ["1", "-2", "1"]
    r = table.enter({**lost, "contract": "diamonds_simple_nonsense"})
    assert r.status_code == 422
    assert messages(r.text) == ["not saved: &#39;diamonds_simple_nonsense&#39; is not a valid "
                                "Ulti contract id (e.g. hearts_simple, spades_hundred_40_ulti, "
                                "clubs_durch_ulti, betli, durch_nt_ouvert) [REC-SCHEMA]"]


def test_the_table_cards_give_each_tables_address_and_an_empty_sheet(ev: Evening) -> None:
    event_id = ev.event()
    ev.register(event_id, *"ABCDEFGH")
    ev.seat(event_id, "1,2,3,4\n5,6,7,8")
    page = ev.director.get(f"/director/event/{event_id}/cards/1").text
    for code in ev.codes(event_id, 1):
        assert f"http://127.0.0.1:8041/t/{code}" in page
    assert page.count("<svg") == 2 and page.count('class="card"') == 2
    assert page.count("<tr><td>12</td>") == 2           # 12 deals a round at four (default)
    assert "<li>E: table 2</li>" in page                # who sits where, by name
    assert ev.director.get(f"/director/event/{event_id}/cards/2").status_code == 404
    assert ev.app.test_client().get(f"/director/event/{event_id}/cards/1").status_code == 302


def test_a_koenigrufen_table_of_five_where_the_dealer_sits_out(ev: Evening) -> None:
    event_id = ev.event()
    ev.register(event_id, *"ABCDE")
    assert ev.seat(event_id, "1,2,3,4,5") == ["round 1 is seated"]
    table = Table(ev, ev.codes(event_id, 1)[0])
    assert "next dealer: <strong>E</strong>" in table.page()
    five = {**RUFER, "tricks4": "0"}
    assert table.enter(five).status_code == 302
    page = table.page()
    assert re.findall(r'class="num">(-?\d+)<', page)[:5] == ["10", "-10", "10", "-10", "0"]
    assert "next dealer: <strong>A</strong>" in page
    # seat 0 deals now and sits out: a Rufer declared by him is refused
    r = table.enter({**five, "tricks0": "0", "tricks4": "3"})
    assert r.status_code == 422 and any("[KR-SITS-OUT]" in m for m in messages(r.text))


def test_the_address_printed_for_the_tables() -> None:
    pytest.importorskip("waitress")
    from tarockrec.serve.server import public_url, qr_text
    assert public_url("127.0.0.1", 8041) == "http://127.0.0.1:8041/"
    assert public_url("::1", 80) == "http://[::1]:80/"
    room = public_url("0.0.0.0", 8041)        # every interface: this machine's address
    assert room.startswith("http://") and "0.0.0.0" not in room
    drawn = qr_text("http://192.168.1.20:8041/")
    assert len(drawn.splitlines()) > 10 and set(drawn) <= set(" ▀▄█\n\x1b[0123456789;m")
