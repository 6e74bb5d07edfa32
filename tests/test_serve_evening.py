"""A whole evening through ``tarockrec serve`` (issue 41, item 7, through Flask's test client;
the browser test drives one table in Chromium): 13 entrants registered, three rounds seated
(two tables of four and one of five, where the dealer sits out), every table entering its
deals from its own client, one impossible deal refused, one correction, every table
confirmed by a second seat; the live standings equal ``tarockrec standings`` of the record
the director downloads, and the finished event is the same record in the archive."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from test_serve import Evening, Table, field, messages

pytest.importorskip("flask")

SEATINGS = ("1,2,3,4\n5,6,7,8\n9,10,11,12,13",
            "1,5,9,13\n2,6,10,11\n3,4,7,8,12",
            "13,1,6,11\n12,2,5,8\n3,4,7,9,10")


def deal(n: int, k: int, won: bool) -> dict[str, str]:
    """Deal ``k`` (from 0) at a table of ``n``: the seat after the dealer declares a Rufer
    with the seat across, won 40 : 30 or lost 30 : 40; every player takes 3 tricks (the
    dealer of a table of five sits out: 0)."""
    dealer = (n - 1 + k) % n
    declarer, partner = (dealer + 1) % n, (dealer + 3) % n
    out = {"contract": "rufer", "declarer": str(declarer), "partner": str(partner),
           "won": "yes" if won else "no", "points": "40 30" if won else "30 40",
           "seat": str(declarer)}
    out.update({f"tricks{s}": "0" if n == 5 and s == dealer else "3" for s in range(n)})
    return out


def test_a_whole_evening(tmp_path: Path) -> None:
    ev = Evening(tmp_path / "club.db")
    event_id = ev.event(name="Clubcup, evening 4")
    ev.register(event_id, *[f"Player {k}" for k in range(1, 14)])
    for r, seating in enumerate(SEATINGS, 1):
        assert ev.seat(event_id, seating) == [f"round {r} is seated"]
        for t, code in enumerate(ev.codes(event_id, r)):
            table = Table(ev, code, f"10.0.{r}.{t}")
            n = len(seating.splitlines()[t].split(","))
            for k in range(n + 1):
                assert table.enter(deal(n, k, (k + t + r) % 3 != 0)).status_code == 302
            if (r, t) == (2, 1):      # an outcome no play gives: refused, nothing stored
                bad = table.enter({**deal(n, n + 1, True), "points": "70 0"})
                assert bad.status_code == 422
                assert any("[OUTCOME-POINTS]" in m for m in messages(bad.text))
            page = table.page()
            assert len(re.findall(r'href="\?edit=\d+"', page)) == n + 1
            r_ = table.client.post(f"/t/{code}/confirm", data={
                "csrf": table.csrf, "key": re.findall(r'name="key" value="([^"]*)"', page)[1],
                "seat": "0" if deal(n, n, True)["seat"] != "0" else "1"})
            assert r_.status_code == 302 and "Confirmed." in table.page()
    # the director corrects round 1, table 2, deal 1 (confirmed: only the director may)
    conn_tables = re.findall(r'/correct/(\d+)', ev.director.get(
        f"/director/event/{event_id}").text)
    url = f"/director/event/{event_id}/correct/{conn_tables[1]}"
    fixed = {"dealer": 3, "outcome": {"contract": "rufer", "declarer": 0, "partner": 2,
                                      "won": False, "points": [35, 35],
                                      "tricks": [3, 3, 3, 3]}}
    r = ev.post(url, key=field(ev.director.get(url).text, "key"), deal="1",
                sheet=json.dumps(fixed), reason="35 : 35 on the paper sheet")
    assert r.status_code == 302
    # the live standings equal `tarockrec standings` of the record as it stands
    record = ev.director.get(f"/director/event/{event_id}/tournament.json").get_json()
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(record))
    got = CliRunner().invoke(main, ["standings", str(path), "--format", "json"])
    assert got.exit_code == 0, got.output
    cli = [(str(x["rank"]), x["player"], str(x["total"])) for x in json.loads(got.output)]
    page = ev.app.test_client().get(f"/standings/{event_id}").text
    live = re.findall(r'<tr><td class="num">(\d*)</td><td>([^<]*)(?:<small>[^<]*</small>)?'
                      r'</td>\s*<td class="num">(-?\d+)</td>', page)
    assert live == cli and len(cli) == 13
    assert "standings after 3 round(s)" in page and "still playing" not in page
    # finished: the archive holds that record, and it validates
    ev.post(f"/director/event/{event_id}/finish")
    assert messages(ev.director.get(f"/director/event/{event_id}").text) == [
        "deal 1 corrected", "the event is finished and stored in the archive as a tournament"]
    export = tmp_path / "out"
    got = CliRunner().invoke(main, ["archive", "export", ev.path, "--event",
                                    "Clubcup, evening 4", "-o", str(export)])
    assert got.exit_code == 0, got.output
    [exported] = list(export.iterdir())
    assert json.loads(exported.read_text()) == record
    got = CliRunner().invoke(main, ["validate", str(exported)])
    assert got.exit_code == 0, got.output
