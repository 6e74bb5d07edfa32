"""``tarockrec serve`` seats rounds with the draw of issue 40 (tarockrec/tournament/draw.py): random from
a seed, by the standings, again before any result (the replaced draw kept), a field no tables
seat refused with the draw's sentence; the evening's record holds each round's draw, which
``validate`` checks (``TOURN-DRAW``), and validates while a drawn round has no play yet."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tarockrec.tournament import draw
from tarockrec.validate import validate_record
from test_serve import Evening, Table, messages
from test_serve_evening import deal

pytest.importorskip("flask")


def drawn(ev: Evening, event_id: int, **form: str) -> list[str]:
    r = ev.post(f"/director/event/{event_id}/round", **form)
    assert r.status_code == 302
    return messages(ev.director.get(f"/director/event/{event_id}").text)


def record(ev: Evening, event_id: int) -> dict[str, Any]:
    got = ev.director.get(f"/director/event/{event_id}/tournament.json").get_json()
    assert isinstance(got, dict)
    return got


def test_rounds_drawn_by_the_draw_of_issue_40(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *[f"P{k}" for k in range(1, 14)])
    assert drawn(ev, event_id, method="random", seed="7") == [
        "round 1 is seated (draw: random, seed 7)"]
    rec = record(ev, event_id)
    # the seating is the draw's for that seed and register, on any machine
    empty = {**rec, "rounds": []}
    want = draw.draw_tournament(empty, 1, 7, "random")["rounds"][0]
    assert [t["seats"] for t in rec["rounds"][0]["tables"]] == \
        [t["seats"] for t in want["tables"]]
    assert sorted(len(t["seats"]) for t in want["tables"]) == [4, 4, 5]
    # a drawn round without play is a record that validates (the draw checked)
    report = validate_record(rec)
    assert report.valid and "TOURN-DRAWN" in {f.code for f in report.findings}
    # drawn again before any result: another seed, the first draw kept as replaced
    assert drawn(ev, event_id, method="random", seed="8", redraw="yes") == [
        "round 1 is seated (draw: random, seed 8)"]
    rec = record(ev, event_id)
    assert rec["rounds"][0]["draw"]["seed"] == 8
    assert [d["seed"] for d in rec["rounds"][0]["draw"]["replaced"]] == [7]
    assert validate_record(rec).valid
    # a stored draw that does not give the seating is what validate refuses
    forged = json.loads(json.dumps(rec))
    forged["rounds"][0]["draw"]["seed"] = 9
    assert "TOURN-DRAW" in {f.code for f in validate_record(forged).findings}
    # every table enters one deal: round 2 is drawn by the standings after round 1
    codes = ev.codes(event_id, 1)
    for t, code in enumerate(codes):
        n = len(rec["rounds"][0]["tables"][t]["seats"])
        assert Table(ev, code, f"10.1.0.{t}").enter(deal(n, 0, t != 1)).status_code == 302
    said = drawn(ev, event_id, method="standings", seed="3")
    assert said[-1] == "round 2 is seated (draw: standings, seed 3)"
    rec = record(ev, event_id)
    before = {**rec, "rounds": rec["rounds"][:1]}
    want = draw.draw_tournament(before, 2, 3, "standings")["rounds"][1]
    assert [t["seats"] for t in rec["rounds"][1]["tables"]] == \
        [t["seats"] for t in want["tables"]]
    assert validate_record(rec).valid
    # once a result is in, the round cannot be drawn again
    assert ev.post(f"/director/event/{event_id}/round", method="random", redraw="yes",
                   seed="1").status_code == 302      # round 2 has none yet: allowed
    Table(ev, ev.codes(event_id, 2)[0], "10.2.0.0").enter(deal(
        len(record(ev, event_id)["rounds"][1]["tables"][0]["seats"]), 0, True))
    r = ev.post(f"/director/event/{event_id}/round", method="random", redraw="yes")
    assert r.status_code == 409


def test_a_field_no_tables_seat_is_refused_with_the_draws_sentence(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event()
    ev.register(event_id, *"ABCDEF")
    said = drawn(ev, event_id, method="random")
    assert len(said) == 1 and said[0].startswith("not drawn: ")
    assert "6" in said[0]
    conn_rounds = record(ev, event_id)["rounds"]
    assert conn_rounds == []
    # a withdrawal makes it five: one table of five
    assert ev.post(f"/director/event/{event_id}/withdraw", entrant="6").status_code == 302
    said = drawn(ev, event_id, method="random", seed="5")
    assert said[-1] == "round 1 is seated (draw: random, seed 5)"
    rec = record(ev, event_id)
    assert [sorted(t["seats"]) for t in rec["rounds"][0]["tables"]] == [["1", "2", "3", "4",
                                                                         "5"]]
    assert rec["rounds"][0]["absent"] == ["6"] and validate_record(rec).valid
    assert re.fullmatch(r"[1-5]", rec["rounds"][0]["tables"][0]["seats"][0])
