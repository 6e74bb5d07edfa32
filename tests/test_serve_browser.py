"""``tarockrec serve`` in headless Chromium. A whole evening (issue 41, item 7): 13 entrants
registered, three rounds drawn, every table entering from a browser context of its own (its
own cookie jar), one impossible deal refused with the finding's code and sentence, one
correction, every table confirmed, the live standings equal to ``tarockrec standings`` of
``archive export --event``. And a table enters a deal from its phone at 390 px
through the page's own script (entry.js), the director's overview and the table's page fit
390 px without sideways scrolling, buttons are big enough for thumbs, and no page has a
script error or a refused resource (everything is served by the package: no CDN). Writes the
screenshots (``serve-table-390.png``, ``serve-overview-1280.png``,
``serve-standings-1280.png``) to docs/ with TAROCKREC_SCREENSHOTS=1, else to its own folder.
A deal typed while the phone is offline is kept and sent again when the connection is back,
and stored once."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from click.testing import CliRunner

from chromium import Browser, BrowserError, Tab, screenshot
from conftest import ROOT
from test_serve_evening import deal
from test_serve_kill import PASSWORD, setup_evening
from test_serve_process import serving

pytest.importorskip("flask")
pytest.importorskip("waitress")



def _shot(tab: Any, tmp_path: Path, name: str) -> None:
    """A screenshot into docs/ with TAROCKREC_SCREENSHOTS=1 (to refresh the ones the docs
    show), else into the test's own folder: a test run never changes the checkout."""
    folder = Path(ROOT, "docs") if os.environ.get("TAROCKREC_SCREENSHOTS") == "1" else tmp_path
    screenshot(tab, folder / name)

def open_url(browser: Browser, url: str, context: str | None = None) -> Tab:
    """A new tab on ``url`` (in the browser context ``context``: its own cookie jar)."""
    target = browser.send("Target.createTarget", {"url": "about:blank", **(
        {"browserContextId": context} if context else {})})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target,
                                                     "flatten": True})["sessionId"]
    for domain in ("Runtime", "Page", "Log", "Network"):
        browser.send(f"{domain}.enable", session=session)
    start_at = len(browser.events)
    browser.send("Page.navigate", {"url": url}, session)
    browser.wait_for("Page.loadEventFired", session)
    return Tab(browser, target, session, url, start_at)


def go(tab: Tab, url: str) -> None:
    tab.browser.send("Page.navigate", {"url": url}, tab.session)
    tab.browser.wait_for("Page.loadEventFired", tab.session)


def width(tab: Tab, px: int) -> None:
    tab.browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": px, "height": 900, "deviceScaleFactor": 1,
                      "mobile": px < 600}, tab.session)
    assert tab.evaluate("window.innerWidth") == px


def offline(tab: Tab, off: bool) -> None:
    tab.browser.send("Network.emulateNetworkConditions", {
        "offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        tab.session)


def problems(tab: Tab) -> list[str]:
    return [p for p in tab.problems() if "ERR_INTERNET_DISCONNECTED" not in p]


def until(tab: Tab, expression: str, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = tab.evaluate(expression)
        if got or time.monotonic() > deadline:
            return got
        time.sleep(0.2)


def fits(tab: Tab, px: int) -> None:
    width(tab, px)
    assert tab.evaluate("document.documentElement.scrollWidth") <= px
    small = tab.evaluate("Array.from(document.querySelectorAll('button')).filter(b =>"
                         " b.getBoundingClientRect().height < 40).map(b => b.textContent)")
    assert small == []


def test_a_table_enters_a_deal_from_a_phone_and_the_pages_fit_390_px(
        browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as base:
        code = setup_evening(base)
        tab = open_url(browser, f"{base}/t/{code}")
        try:
            fits(tab, 390)
            fill = {"contract": "rufer", "declarer": "0", "partner": "2", "points": "40 30",
                    "tricks0": "3", "tricks1": "3", "tricks2": "3", "tricks3": "3"}
            tab.evaluate(f"(() => {{ const f = document.getElementById('entry');"
                         f" const v = {json.dumps(fill)};"
                         " for (const k in v) f.elements[k].value = v[k];"
                         " f.querySelector('[name=won][value=yes]').checked = true;"
                         " f.requestSubmit(); })()")
            said = until(tab, "document.querySelector('.messages') &&"
                         " document.querySelector('.messages').textContent")
            assert "deal 1 saved" in said
            assert tab.evaluate("document.querySelectorAll('a[href=\"?edit=1\"]').length") == 1
            # the connection is lost: the deal typed is kept and sent again once it is back
            offline(tab, True)
            tab.evaluate(f"(() => {{ const f = document.getElementById('entry');"
                         f" const v = {json.dumps(fill)};"
                         " for (const k in v) f.elements[k].value = v[k];"
                         " f.querySelector('[name=won][value=yes]').checked = true;"
                         " f.requestSubmit(); })()")
            assert until(tab, "!document.querySelector('.pending').hidden")
            assert until(tab, "Object.keys(localStorage).length") == 1
            offline(tab, False)
            assert until(tab, "document.querySelectorAll('a[href=\"?edit=2\"]').length")
            assert "deal 2 saved" in tab.evaluate("document.querySelector('.messages')"
                                                  ".textContent")
            assert tab.evaluate("Object.keys(localStorage).length") == 0
            # the browser's failed requests while offline are no problem of the page (their
            # events may be read from the browser's pipe later: filtered, not cut off)
            fits(tab, 390)
            _shot(tab, tmp_path, "serve-table-390.png")
            assert problems(tab) == []
            assert all(u.startswith(base) for u in tab.requests())
            # the director logs in in the same browser and sees the table's deal
            go(tab, f"{base}/login")
            tab.evaluate(f"(() => {{ const f = document.forms[document.forms.length - 1];"
                         f" f.elements['password'].value = {json.dumps(PASSWORD)};"
                         " f.submit(); })()")
            until(tab, "location.pathname === '/director'")
            go(tab, f"{base}/director/event/1")
            assert tab.evaluate("document.querySelector('tbody td:nth-child(5)').textContent"
                                ) == "2"
            fits(tab, 390)
            width(tab, 1280)
            _shot(tab, tmp_path, "serve-overview-1280.png")
            assert problems(tab) == []
            # the projector's standings, with table 1's deal so far
            go(tab, f"{base}/standings/1")
            assert tab.evaluate("document.querySelectorAll('table.standings tbody tr').length"
                                ) == 4
            fits(tab, 390)
            width(tab, 1280)
            _shot(tab, tmp_path, "serve-standings-1280.png")
            assert problems(tab) == []
        finally:
            tab.close()


# -- a whole evening ------------------------------------------------------------------------
def loaded(tab: Tab, url: str, timeout: float = 30) -> None:
    """Wait until the tab shows a page loaded at ``url`` (after a form's submission)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if tab.evaluate(f"location.href === {json.dumps(url)} && !window.__before"
                            " && document.readyState === 'complete'"):
                return
        except BrowserError:             # the page is being replaced
            pass
        assert time.monotonic() < deadline, f"{url} did not load"
        time.sleep(0.05)


def post(tab: Tab, form: str, values: dict[str, str], then: str) -> None:
    """Fill the form ``form`` (a selector of one of its fields) and submit it as a person
    would (no script of the page's own), then wait for the page at ``then``."""
    tab.evaluate(f"(() => {{ window.__before = true;"
                 f" const f = document.querySelector({json.dumps(form)}).form;"
                 f" const v = {json.dumps(values)};"
                 " for (const k in v) f.elements[k].value = v[k]; f.submit(); })()")
    loaded(tab, then)


def said(tab: Tab) -> str:
    return str(tab.evaluate("(document.querySelector('.messages') || {}).textContent || ''"))


def enter(tab: Tab, fields: dict[str, str], expect: str) -> str:
    """A deal typed into the table's form and sent by its own script (entry.js); the
    page's note once it says ``expect``."""
    won = fields.get("won", "yes")
    values = {k: v for k, v in fields.items() if k != "won"}
    tab.evaluate(f"(() => {{ const f = document.getElementById('entry');"
                 f" const v = {json.dumps(values)};"
                 " for (const k in v) f.elements[k].value = v[k];"
                 f" f.querySelector('[name=won][value={won}]').checked = true;"
                 " f.requestSubmit(); })()")
    note = until(tab, f"(document.querySelector('.messages') || {{}}).textContent"
                 f" && document.querySelector('.messages').textContent.includes("
                 f"{json.dumps(expect)}) && document.querySelector('.messages').textContent")
    assert note, f"the page never said {expect!r}: {said(tab)!r}"
    return str(note)


def cli(*args: str) -> Any:
    from tarockrec.cli import main
    return CliRunner().invoke(main, list(args))


def test_a_whole_evening_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    from tarockrec.serve import storage
    contexts: list[str] = []
    tabs: list[Tab] = []

    def tab_of_its_own(url: str) -> Tab:
        contexts.append(browser.send("Target.createBrowserContext")["browserContextId"])
        tabs.append(open_url(browser, url, contexts[-1]))
        return tabs[-1]
    with serving(tmp_path) as base:
        try:
            director = tab_of_its_own(f"{base}/login")
            post(director, "[name=password]", {"password": PASSWORD}, f"{base}/director")
            post(director, "[name=gamerules]",
                 {"gamerules": "koenigrufen/default", "name": "Browserabend"},
                 f"{base}/director/event/1")
            event = f"{base}/director/event/1"
            for k in range(1, 14):
                post(director, "input[name=name][required]", {"name": f"Spieler {k}"}, event)
            assert "registered Spieler 13 as entrant 13" in said(director)
            refused = ""
            for r in (1, 2, 3):
                post(director, "select[name=method]", {"method": "random", "seed": str(r)}, event)
                assert f"round {r} is seated" in said(director)
                rows = director.evaluate(
                    "Array.from(document.querySelectorAll('tbody tr')).filter(tr =>"
                    f" tr.cells[0].textContent === '{r}').map(tr => [tr.cells[3].textContent,"
                    " tr.cells[2].textContent.split(', ').length])")
                assert sorted(n for _, n in rows) == [4, 4, 5]
                for t, (code, n) in enumerate(rows):
                    phone = tab_of_its_own(f"{base}/t/{code}")
                    width(phone, 390)
                    if (r, t) == (2, 0):       # an outcome no play gives: refused, not stored
                        refused = enter(phone, {**deal(n, 0, True), "points": "70 0"},
                                        "not saved")
                    enter(phone, deal(n, 0, (r + t) % 2 == 0), "deal 1 saved")
                    post(phone, "form[action$='/confirm'] [name=seat]", {"seat": "1"},
                         f"{base}/t/{code}")
                    assert "Confirmed." in phone.evaluate("document.body.textContent")
                    assert [p for p in problems(phone) if (r, t) != (2, 0) or "(UNPROCESSABLE"
                            not in p] == []
                    phone.close()
                    tabs.remove(phone)
            assert "[OUTCOME-POINTS]" in refused
            assert "its 30 cards count 10 to 62 card points" in refused and "not 70" in refused
            # the director corrects round 1, table 1: its deal was lost after all
            conn = storage.connect(str(tmp_path / "club.db"))
            first = storage.tables(conn, 1, 1)[0]
            sheet = storage.deals(conn, first.id)[0].sheet
            outcome = sheet["outcome"]
            fixed = {**sheet, "outcome": {**outcome, "won": not outcome["won"],
                                          "points": outcome["points"][::-1]}}
            go(director, f"{event}/correct/{first.id}")
            post(director, "textarea[name=sheet]", {"deal": "1", "sheet": json.dumps(fixed),
                                                    "reason": "the paper sheet says otherwise"},
                 event)
            assert "deal 1 corrected" in said(director)
            assert storage.deals(conn, first.id)[0].sheet == fixed
            # the live standings are `tarockrec standings` of the exported record
            got = cli("archive", "export", str(tmp_path / "club.db"), "--event", "Browserabend",
                      "-o", str(tmp_path / "out"))
            assert got.exit_code == 0, got.output
            [path] = list((tmp_path / "out").iterdir())
            got = cli("standings", str(path), "--format", "json")      # exit 0: it validates
            assert got.exit_code == 0, got.output
            want = [[str(x["rank"]), x["player"], str(x["total"])] for x in json.loads(got.stdout)]
            go(director, f"{base}/standings/1")
            shown = director.evaluate(
                "Array.from(document.querySelectorAll('table.standings tbody tr')).map(tr =>"
                " [tr.cells[0].textContent, tr.cells[1].firstChild.textContent.trim(),"
                " tr.cells[2].textContent])")
            assert shown == want and len(want) == 13
            assert "standings after 3 round(s)" in director.evaluate("document.body.textContent")
            assert problems(director) == []
            conn.close()
        finally:
            for tab in tabs:
                tab.close()
            for context in contexts:
                browser.send("Target.disposeBrowserContext", {"browserContextId": context})
