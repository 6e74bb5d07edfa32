"""``tarockrec serve`` in headless Chromium: a table enters a deal from its phone at 390 px
through the page's own script (entry.js), the director's overview and the table's page fit
390 px without sideways scrolling, buttons are big enough for thumbs, and no page has a
script error or a refused resource (everything is served by the package: no CDN). Writes the
screenshots to docs/ (``serve-table-390.png``, ``serve-overview-1280.png``,
``serve-standings-1280.png``) from a checkout. A deal typed while the phone is offline is kept
and sent again when the connection is back, and stored once."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from chromium import Browser, Tab, screenshot
from conftest import ROOT
from test_serve_kill import PASSWORD, setup_evening
from test_serve_process import free_port, start, wait_for

pytest.importorskip("flask")
pytest.importorskip("waitress")


def open_url(browser: Browser, url: str) -> Tab:
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
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
    port = free_port()
    proc = start(tmp_path, port)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/", proc)
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
            docs = Path(ROOT, "docs")
            if docs.is_dir():
                screenshot(tab, tmp_path / "serve-table-390.png")
                shutil.copy(tmp_path / "serve-table-390.png", docs / "serve-table-390.png")
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
            if docs.is_dir():
                screenshot(tab, tmp_path / "serve-overview-1280.png")
                shutil.copy(tmp_path / "serve-overview-1280.png",
                            docs / "serve-overview-1280.png")
            assert problems(tab) == []
            # the projector's standings, with table 1's deal so far
            go(tab, f"{base}/standings/1")
            assert tab.evaluate("document.querySelectorAll('table.standings tbody tr').length"
                                ) == 4
            fits(tab, 390)
            width(tab, 1280)
            if docs.is_dir():
                screenshot(tab, tmp_path / "serve-standings-1280.png")
                shutil.copy(tmp_path / "serve-standings-1280.png",
                            docs / "serve-standings-1280.png")
            assert problems(tab) == []
        finally:
            tab.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
