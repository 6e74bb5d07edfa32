"""``tarockrec publish --archive``: the archive as a static site — every local link resolves,
nothing is fetched from elsewhere, the search box finds people and events, the archive's
pages fit 390 px, and every event is there as ``publish`` draws it (headless Chromium:
tests/chromium.py; skipped, saying so, without chromium)."""
from __future__ import annotations

import os
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from chromium import Browser, screenshot
from conftest import ROOT
from tarockrec.cli import main

SAMPLES = Path(ROOT) / "samples"


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.links.append(v)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("site")
    db = home / "a.db"
    res = run("archive", "add", db, SAMPLES / "tournaments" / "valid",
              SAMPLES / "tournaments" / "series", SAMPLES / "koenigrufen" / "valid")
    assert res.exit_code == 0, res.output
    assert run("archive", "link", db, "--name", "Hans", "--club", "TC Linz",
               "--yes").exit_code == 0
    res = run("publish", "--archive", db, "-o", home / "site")
    assert res.exit_code == 0, res.output
    return home / "site"


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_link_resolves_and_nothing_is_remote(site: Path) -> None:
    pages = _pages(site)
    assert len(pages) > 50
    reached = {site / "index.html"}
    for page in pages:
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            url = urlsplit(link)
            assert not url.scheme and not url.netloc, (page, link)       # nothing remote
            if url.path:
                target = (page.parent / unquote(url.path)).resolve()
                assert target.is_file(), (page.relative_to(site), link)
                reached.add(target)
    # every page is reached from some other (or is the front page)
    assert {p.resolve() for p in pages} <= reached | {(site / "index.html").resolve()}


def test_every_event_and_person_is_there(site: Path) -> None:
    import sqlite3
    conn = sqlite3.connect(site.parent / "a.db")
    for (event_id,) in conn.execute("SELECT id FROM event"):
        assert (site / "events" / str(event_id) / "index.html").is_file()
    for (pid,) in conn.execute("SELECT id FROM person"):
        assert (site / "people" / f"{pid}.html").is_file()
    # every row of a series' standings links a person's page
    series = (site / "series-1.html").read_text(encoding="utf-8")
    rows = series.split("<tbody>")[1].split("</tbody>")[0].split("<tr")[1:]
    assert rows and all('href="people/' in r for r in rows)
    # and so does every standings row of an event
    event = (site / "events" / "1" / "index.html").read_text(encoding="utf-8")
    rows = event.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert rows and all('href="../../people/' in r for r in rows)
    # every page of an event links back to the archive's front page
    for page in (site / "events" / "1").glob("*.html"):
        assert '<a href="../../index.html">Archive</a>' in page.read_text(encoding="utf-8"), \
            page.name


#: the links the search box shows once its script is done with what was typed (it loads the
#: shards it needs first: search.js marks the list with data-done, the query it answers)
FOUND = ("new Promise(done => { const o = document.getElementById('results'), "
         "b = document.getElementById('search'); const check = () => { if (o.dataset.done !== "
         "b.value) return false; done([...o.querySelectorAll('a')].map(a => [a.textContent, "
         "a.getAttribute('href')])); return true; }; if (!check()) new MutationObserver("
         "(_, ob) => { if (check()) ob.disconnect(); }).observe(o, {attributes: true}); })")
CLEAR = ("(() => { const b = document.getElementById('search'); b.value = ''; "
         "b.dispatchEvent(new Event('input')); b.focus(); })()")


def _narrow(tab: Any) -> None:
    tab.browser.send("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}, tab.session)


def test_pages_in_the_browser(browser: Browser, site: Path, tmp_path: Path) -> None:
    mine = [p for p in _pages(site) if "events" not in p.parts]
    events = sorted(site.glob("events/*/index.html"))
    for page in mine + events + sorted(site.glob("events/1/round-1-table-*.html")):
        tab = browser.open(page)
        try:
            assert tab.problems() == [], (page, tab.problems())
            assert all(u.startswith("file://") for u in tab.requests()), tab.requests()
            if page in mine:                           # the archive's pages fit a phone
                _narrow(tab)
                width = tab.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, (page.relative_to(site), width)
        finally:
            tab.close()


def _shots(tmp_path: Path) -> Path:
    """Where the screenshots go: docs/ with TAROCKREC_SCREENSHOTS=1 (to refresh the ones the
    docs show), else the test's own folder."""
    return Path(ROOT) / "docs" if os.environ.get("TAROCKREC_SCREENSHOTS") == "1" else tmp_path


def test_search_finds_a_person_and_an_event(browser: Browser, site: Path,
                                            tmp_path: Path) -> None:
    tab = browser.open(site / "index.html")
    try:
        _narrow(tab)
        tab.evaluate("document.getElementById('search').focus()")
        tab.browser.send("Input.insertText", {"text": "anna"}, tab.session)
        found = tab.wait(FOUND)
        assert ["Anna (TC Wien)", "people/1.html"] in found, found
        screenshot(tab, _shots(tmp_path) / "archive-search.png")
        tab.evaluate(CLEAR)
        tab.browser.send("Input.insertText", {"text": "wiener cup, 2."}, tab.session)
        found = [href for _, href in tab.wait(FOUND)]
        assert len(found) >= 1 and all((site / f).is_file() for f in found), found
        assert any(f.startswith("events/") for f in found)
        tab.evaluate(CLEAR)
        tab.browser.send("Input.insertText", {"text": "nobody at all"}, tab.session)
        tab.wait(FOUND)
        assert tab.evaluate("document.getElementById('results').textContent") == \
            "nothing found"
        assert tab.problems() == [] and all(u.startswith("file://") for u in tab.requests())
    finally:
        tab.close()
    tab = browser.open(site / "series-1.html")
    try:
        _narrow(tab)
        screenshot(tab, _shots(tmp_path) / "archive-series.png")
    finally:
        tab.close()
    assert (_shots(tmp_path) / "archive-series.png").stat().st_size > 1000


def test_a_persons_page_at_390_and_1280_px(browser: Browser, site: Path,
                                            tmp_path: Path) -> None:
    """Hans's page (linked by the README's walk-through) as docs/ shows it: no wider than the
    phone, the rounds' place in view."""
    (page,) = [p for p in site.glob("people/[0-9]*.html") if "<h1>Hans</h1>" in
               p.read_text(encoding="utf-8")]
    tab = browser.open(page)
    try:
        for width in (390, 1280):
            tab.browser.send("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": 844 if width == 390 else 900, "deviceScaleFactor": 1,
                "mobile": width == 390}, tab.session)
            assert tab.evaluate("document.documentElement.scrollWidth") <= width
            assert tab.evaluate("Math.max(...[...document.querySelectorAll('th')].filter("
                                "th => th.textContent === 'place').map(th => th.getBoundingC"
                                "lientRect().right))") <= width
            shot = _shots(tmp_path) / f"archive-person-{width}.png"
            screenshot(tab, shot)
            assert shot.stat().st_size > 1000
    finally:
        tab.close()
