"""The archive's site for the people in it (issue 43 §2, §4, problems 6 and 8), on the test
archive of tests/test_archive_names.py (the four spellings of Jürgen Müller linked as one
person, the Maria Huber of Graz linked, the rest not) with one more event whose entrants have
a name of 5,000 characters, names full of HTML and a long event name: a person's page with
the summary, the cups, each event's rounds and the contracts by their names; links from every
standings row and table; the register's names on the series and event pages; every page
kind no wider than 390 px at 390 px, with the place and total in view (headless Chromium:
tests/chromium.py, one browser for the session)."""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from chromium import Browser
from tarockrec.site.search_index import letter
from test_archive_names import SPELLINGS, build, run

LONG = "W" * 5000
HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(2)>', "<!--<script>",
           "Anna & <b>Bold</b> ' \" Berg"]
EVENT = "Grazer <i>Herbst</i> Turnier " + "Überlange-Veranstaltungsbezeichnung" * 8


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The archive, the site and what the tests look for: Müller's person id."""
    folder = tmp_path_factory.mktemp("pages")
    db, ids = build(folder)
    rec = json.loads((folder / "generated.json").read_text(encoding="utf-8"))
    rec["event"] = {"name": EVENT, "date": "2026-10-03", "series": "Grazer Cup"}
    names = [LONG] + HOSTILE
    for e, name in zip(rec["entrants"], names + [None] * len(rec["entrants"])):
        e["name"] = name or f"Spieler {e['id']}"
        if name == LONG:
            e["club"] = "Z" * 300
        if e["id"] == ids["mueller"]:
            e["name"], e["club"] = "Juergen Mueller", "TC Wien"
    (folder / "hostile.json").write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    assert run("archive", "add", db, folder / "hostile.json").exit_code == 0
    proposals = json.loads(run("archive", "people", db, "--format", "json").output)
    mueller = next(p for p in proposals if "J. Müller" in p["names"])
    res = run("archive", "link", db, "--proposal", mueller["number"], "--yes")
    assert res.exit_code == 0, res.output
    assert run("archive", "link", db, "--name", "Maria Huber", "--club", "Graz",
               "--yes").exit_code == 0
    assert run("archive", "link", db, "--name", LONG, "--yes").exit_code == 0
    res = run("publish", "--archive", db, "-o", folder / "site")
    assert res.exit_code == 0, res.output
    conn = sqlite3.connect(db)
    ((pid,),) = conn.execute("SELECT id FROM person WHERE name = 'Jürgen Müller'").fetchall()
    ((long_id,),) = conn.execute("SELECT id FROM person WHERE name = ?", (LONG,)).fetchall()
    conn.close()
    return folder / "site", {"db": db, "mueller": pid, "long": long_id, "ids": ids}


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def _body(page: Path) -> str:
    """The page without its stylesheet."""
    return re.sub(r"<style>.*?</style>", "", _text(page), flags=re.S)


# -- §2: the person's page ------------------------------------------------------------------------
def test_a_persons_page_has_the_summary_seasons_rounds_and_cups(
        archive: tuple[Path, dict[str, Any]]) -> None:
    site, info = archive
    page = _body(site / "people" / f"{info['mueller']}.html")
    got = json.loads(run("archive", "player", info["db"], "Jürgen Müller", "--format",
                         "json").output)
    s = got["summary"]
    # the summary, as archive player computes it
    for name, value in (("events", s["events"]), ("best place", s["best_place"]),
                        ("average place", f"{s['average_place']:g}")):
        assert f"<dt>{name}</dt><dd>{value}</dd>" in page, name
    for season in s["cup_points"]:
        assert f"<dt>cup points {season}</dt>" in page
    # seasons, latest first, each event named with its date and linked to its pages
    seasons = re.findall(r"<h2>(\d{4}/\d\d)</h2>", page)
    assert seasons == sorted(set(seasons), reverse=True) == ["2026/27", "2025/26"]
    for e in got["events"]:
        assert re.search(rf'<h3><a href="\.\./events/{e["event_id"]}/index\.html">'
                         rf'{e["date"]} · ', page), e["event"]
        assert f"place {e['place']} of {e['of']}" in page
    # each round: the table's page, the result, the place, the people at it, each linked
    rows = re.findall(r'<tr><td>(\d)</td><td><a href="\.\./events/(\d+)/round-(\d)-table-(\d)'
                      r'\.html">\d</a></td><td>([+-]\d+)</td><td>(\d) of (\d)</td>'
                      r'<td class="name">(.*?)</td></tr>', page)
    assert len(rows) == sum(len(e["rounds"]) for e in got["events"]) == 12
    for (rnd, event, rnd2, table, result, place, of, people), want in zip(
            rows, [r for e in sorted(got["events"], key=lambda e: e["date"], reverse=True)
                   for r in e["rounds"]]):
        assert rnd == rnd2 == str(want["round"]) and (site / "events" / event /
                                                      f"round-{rnd}-table-{table}.html").is_file()
        assert (int(result), int(place), int(of)) == (want["result"], want["place"], want["of"])
        assert people.count('<a href="../people/') == len(want["with"]) == 3
    # my rank in this cup: a link to the row of the series page, which has that id
    cups = re.findall(r'<li><a href="\.\./(series-\d\.html)#(person-\d+)">([^<]*)</a>: rank '
                      r'(\d+) of (\d+)', page)
    assert {c[2] for c in cups} >= {"Wiener Cup · 2025/26", "Wiener Cup · 2026/27"}
    for series, anchor, _, rank, _ in cups:
        row = re.search(rf'<tr id="{anchor}"><td>(\d+)</td><td class="name"><a href='
                        rf'"people/{info["mueller"]}\.html">Jürgen Müller</a>',
                        _body(site / series))
        assert row and row.group(1) == rank, (series, anchor)
    # the contracts by the names players give them, never their ids
    declared = page.split("<h2>As declarer</h2>")[1]
    assert declared.count("<tr>") == len(got["declarer"]) + 1 > 1
    for d in got["declarer"]:
        assert f'<td class="name">{d["name"]}</td>' in declared
    assert "_" not in re.sub(r'"[^"]*"', "", declared)        # no id, outside attributes


def test_every_standings_row_and_table_links_the_peoples_pages(
        archive: tuple[Path, dict[str, Any]]) -> None:
    site, _ = archive
    for series in site.glob("series-*.html"):
        body = _body(series).split("<tbody>")[1].split("</tbody>")[0]
        rows = body.split("<tr")[1:]
        assert rows and all(re.search(r' id="person-(\d+|entrant-\d+)"><td>\d+</td><td '
                                      r'class="name"><a href="people/', r) for r in rows)
    for event in site.glob("events/*"):
        body = _body(event / "index.html").split("<tbody>")[1].split("</tbody>")[0]
        assert all('href="../../people/' in r for r in body.split("<tr>")[1:])
        for table in event.glob("round-*-table-*.html"):
            bars = re.findall(r'<nav class="site">(.*?)</nav>', _body(table), re.S)
            assert bars[-1].count('<a href="../../people/') == 4, table
        for rnd in event.glob("round-?.html"):
            assert _body(rnd).count('<a href="../../people/') == 8, rnd


# -- problem 6: a linked person is called by the register's name ---------------------------------
def test_a_linked_person_has_the_registers_name_on_series_and_event_pages(
        archive: tuple[Path, dict[str, Any]]) -> None:
    site, info = archive
    others = SPELLINGS - {"Jürgen Müller"}
    pages = [p for p in site.rglob("*.html") if p.name != "index.html" or "events" in p.parts]
    assert len(pages) > 40
    for page in pages:
        text = _text(page)
        assert not [s for s in others if s in text], page.relative_to(site)
    mine = f'people/{info["mueller"]}.html">Jürgen Müller</a>'
    for series in site.glob("series-*.html"):
        assert mine in _text(series), series.name
    for event in site.glob("events/*"):
        standings = _text(event / "index.html")
        assert mine in standings, event.name
        assert mine in _text(event / "round-1.html")
        # the deal pages' players too (the data the page's script draws)
        for table in event.glob("round-*-table-*.html"):
            if f"../../{mine}" in _text(table):
                data = re.search(r'id="tarockrec-data">(.*?)</script>', _text(table), re.S)
                assert data is None or "Jürgen Müller" in json.loads(data.group(1))[
                    "records"][0]["players"], table


# -- problem 8, §4: at any width -----------------------------------------------------------------
#: the right edge of the first header cell named like each of ``heads`` in each table (none:
#: the table has no such column), and the page's width
MEASURE = """(() => {
  const heads = %s, out = {width: document.documentElement.scrollWidth, cells: []};
  for (const t of document.querySelectorAll('table')) {
    const names = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
    for (const h of heads) {
      const i = names.findIndex(n => n === h);
      if (i >= 0) out.cells.push([h, Math.round(t.querySelectorAll('thead th')[i]
                                                  .getBoundingClientRect().right)]);
    }
  }
  return out;
})()"""


def _kinds(site: Path, info: dict[str, Any]) -> list[Path]:
    """A page of every kind: the front page, a series, a person's (the person of the long
    name's too), an entrant's, the people of the long name's first letter, an event's
    standings, a round, a table with deals."""
    event = max(site.glob("events/*"), key=lambda p: int(p.name))      # the hostile event
    return [site / "index.html", *sorted(site.glob("series-*.html")),
            site / "people" / f"{info['mueller']}.html", site / "people" / f"{info['long']}.html",
            *[p for p in site.glob("people/entrant-*.html") if "&lt;" in _text(p)][:2],
            site / f"people-{letter(LONG)}.html",             # the people of a first letter
            event / "index.html", event / "round-1.html",
            *[p for p in sorted(event.glob("round-*-table-*.html"))
              if f"/{info['long']}.html" in _text(p)][:2]]


def _in_view(where: Path) -> str | None:
    """The column a page must show at 390 px without scrolling (the deal pages draw their
    tables by script, without a header row)."""
    if where.name.startswith("series"):
        return "cup points"
    if where.parts[0] == "people":
        return "place"
    if where.parts[0] == "events" and "table" not in where.name:
        return "total" if where.name == "index.html" else "place"
    return None


def test_no_page_is_wider_than_390_px_with_the_place_and_total_in_view(
        browser: Browser, archive: tuple[Path, dict[str, Any]]) -> None:
    site, info = archive
    heads = ["rank", "total", "cup points", "place", "result", "round"]
    for page in _kinds(site, info):
        tab = browser.open(page)
        try:
            tab.browser.send("Emulation.setDeviceMetricsOverride", {
                "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
                tab.session)
            assert tab.problems() == [], (page, tab.problems())
            got = tab.evaluate(MEASURE % json.dumps(heads))
            where = page.relative_to(site)
            assert got["width"] <= 390, (where, got["width"])
            assert all(right <= 390 for _, right in got["cells"]), (where, got["cells"])
            measured = {h for h, _ in got["cells"]}
            wanted = _in_view(where)
            assert wanted is None or wanted in measured, (where, measured)
        finally:
            tab.close()


def test_long_names_are_cut_with_the_whole_name_on_hover_and_on_the_persons_page(
        archive: tuple[Path, dict[str, Any]]) -> None:
    site, info = archive
    from tarockrec.site import NAME_CUT
    cut = LONG[:NAME_CUT - 1] + "…"
    event = max(site.glob("events/*"), key=lambda p: int(p.name))
    for page in [*site.glob("series-*.html"), event / "index.html", event / "round-1.html",
                 site / "people" / f"{info['mueller']}.html"]:
        text = _text(page)
        if f'/{info["long"]}.html' in text:
            assert f'title="{LONG}">{cut}</a>' in text, page.relative_to(site)
    assert f"<h1>{LONG}</h1>" in _text(site / "people" / f"{info['long']}.html")
    # names full of markup are text wherever they are
    for page in site.rglob("*.html"):
        body = _body(page)
        assert "<script>alert" not in body and "<img" not in body and "<b>Bold" not in body


def test_the_series_page_marks_the_row_reached_from_a_persons_page(
        browser: Browser, archive: tuple[Path, dict[str, Any]]) -> None:
    site, info = archive
    page = _body(site / "people" / f"{info['mueller']}.html")
    series, anchor = re.findall(r'href="\.\./(series-\d\.html)#(person-\d+)"', page)[0]
    tab = browser.open(site / series)
    try:
        colour = ("getComputedStyle(document.getElementById('%s').cells[0])"
                  ".backgroundColor" % anchor)
        before = tab.evaluate(colour)
        tab.evaluate(f"location.hash = '{anchor}'")
        assert tab.evaluate(colour) != before == "rgba(0, 0, 0, 0)"
        other = tab.evaluate("[...document.querySelectorAll('tbody tr')].filter(tr => tr.id "
                             f"!== '{anchor}').map(tr => getComputedStyle(tr.cells[0])"
                             ".backgroundColor)")
        assert set(other) == {before}
    finally:
        tab.close()


def test_the_search_cuts_a_long_name_whole_on_hover(
        browser: Browser, archive: tuple[Path, dict[str, Any]]) -> None:
    from tarockrec.site import NAME_CUT
    from test_archive_site import FOUND
    site, _ = archive
    tab = browser.open(site / "index.html")
    try:
        tab.browser.send("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}, tab.session)
        tab.evaluate("document.getElementById('search').focus()")
        tab.browser.send("Input.insertText", {"text": "wwww"}, tab.session)
        found = tab.wait(FOUND)
        assert found and found[0][0] == LONG[:NAME_CUT - 1] + "…", found
        assert tab.evaluate("document.querySelector('#results a').title").startswith(LONG)
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        tab.close()
