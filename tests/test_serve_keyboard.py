"""tarockrec serve (issue 41, §3): the director enters a deal on a keyboard alone, in headless
Chromium (the session's one browser): the contract has the focus when the table's page opens,
typing picks a contract by its name, Tab goes through the fields in the sheet's order, Enter
on a list saves the deal (entry.js), and Alt+N opens the round's next table. The live site's
table page draws the deal with no script error under its own policy (pages.standalone)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterator

import pytest

from chromium import Browser, Tab
from test_serve_browser import go, open_url, problems, until
from test_serve_kill import PASSWORD, Browser as Client, value
from test_serve_process import serving

pytest.importorskip("flask")
pytest.importorskip("waitress")


def key(tab: Tab, name: str, text: str = "", code: str = "", vk: int = 0,
        modifiers: int = 0) -> None:
    """One key down and up, as a keyboard sends it (a character key also types its text)."""
    params = {"key": name, "code": code or name, "windowsVirtualKeyCode": vk,
              "nativeVirtualKeyCode": vk, "modifiers": modifiers}
    tab.browser.send("Input.dispatchKeyEvent", {"type": "keyDown", "text": text, **params}
                     if text else {"type": "rawKeyDown", **params}, tab.session)
    tab.browser.send("Input.dispatchKeyEvent", {"type": "keyUp", **params}, tab.session)


def char(tab: Tab, c: str) -> None:
    key(tab, c, c, f"Key{c.upper()}" if c.isalpha() else "", ord(c.upper()))


def tab_key(tab: Tab, times: int = 1) -> None:
    for _ in range(times):
        key(tab, "Tab", vk=9)


def typed(tab: Tab, text: str) -> None:
    tab.browser.send("Input.insertText", {"text": text}, tab.session)


def focused(tab: Tab) -> str:
    return str(tab.evaluate("document.activeElement.name || document.activeElement.tagName"))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    """A server with one evening of eight: round 1 seated at two tables."""
    with serving(tmp_path_factory.mktemp("keyboard")) as base:
        d = Client(base)
        d.post("/login", {"csrf": value(d.get("/login"), "csrf"), "password": PASSWORD})
        csrf = value(d.get("/director"), "csrf")
        d.post("/director/events", {"csrf": csrf, "gamerules": "koenigrufen/default",
                                    "name": "Tastatur"})
        for name in ("Anna", "Bernd", "Clara", "Dieter", "Emil", "Franz", "Gerda", "Hilde"):
            d.post("/director/event/1/register", {"csrf": csrf, "name": name})
        page = d.post("/director/event/1/round", {"csrf": csrf,
                                                  "seating": "1,2,3,4\n5,6,7,8"})
        codes = list(dict.fromkeys(re.findall(r"/t/([A-Z0-9]{6})", page)))
        assert len(codes) == 2
        yield base, codes


def test_the_director_enters_a_deal_on_the_keyboard_alone(
        browser: Browser, served: tuple[str, list[str]]) -> None:
    base, codes = served
    tab = open_url(browser, f"{base}/login")
    try:
        tab.evaluate(f"(() => {{ const f = document.forms[document.forms.length - 1];"
                     f" f.elements['password'].value = {json.dumps(PASSWORD)};"
                     " f.submit(); })()")
        until(tab, "location.pathname === '/director'")
        go(tab, f"{base}/t/{codes[0]}")
        assert focused(tab) == "contract"                  # autofocus: type at once
        char(tab, "r")                                     # "Rufer", by its name
        assert tab.evaluate("document.activeElement.value") == "rufer"
        tab_key(tab, 2)                                    # past "ended early"
        assert focused(tab) == "declarer"
        char(tab, "a")                                     # Anna
        tab_key(tab)
        assert focused(tab) == "partner"
        char(tab, "c")                                     # Clara
        tab_key(tab)
        assert focused(tab) == "won"
        key(tab, " ", " ", "Space", 32)                    # won
        tab_key(tab, 2)                                    # past the kontra
        assert focused(tab) == "points"
        typed(tab, "40 30")
        for s in range(4):
            tab_key(tab)
            assert focused(tab) == f"tricks{s}"
            typed(tab, "3")
        tab_key(tab, 2)                                    # past the bonuses' summary
        assert focused(tab) == "seat"
        key(tab, "Enter", "\r", "Enter", 13)               # Enter on a list saves
        said = until(tab, "document.querySelector('.messages') &&"
                     " document.querySelector('.messages').textContent")
        assert "deal 1 saved" in said
        assert tab.evaluate("document.querySelector('table.sheet tbody td:nth-child(2)')"
                            ".textContent") == "Rufer"
        assert focused(tab) == "contract"                  # the next deal, at once
        # Alt+N: the round's next table
        key(tab, "n", code="KeyN", vk=78, modifiers=1)
        assert until(tab, f"location.pathname === '/t/{codes[1]}'")
        assert problems(tab) == []
        # the live page of table 1 draws the deal under its own policy, without an error
        live = open_url(browser, f"{base}/live/1/round-1-table-1.html")
        try:
            shown = until(live, "document.getElementById('app').textContent")
            assert "contract Rufer · declarer Anna (0) · partner Clara (2) · won" in shown
            assert problems(live) == []
        finally:
            live.close()
    finally:
        tab.close()


def test_enter_in_a_text_field_saves_as_well(browser: Browser,
                                             served: tuple[str, list[str]]) -> None:
    base, codes = served
    tab = open_url(browser, f"{base}/t/{codes[1]}")        # a table's phone: no login
    try:
        assert focused(tab) == "contract"
        tab.evaluate("(() => { const f = document.getElementById('entry');"
                     " f.elements.contract.value = 'rufer'; f.elements.declarer.value = '0';"
                     " f.elements.partner.value = '2';"
                     " f.querySelector('[name=won][value=yes]').checked = true;"
                     " ['tricks0','tricks1','tricks2','tricks3'].forEach("
                     "   n => f.elements[n].value = '3');"
                     " f.elements.points.focus(); })()")
        typed(tab, "40 30")
        key(tab, "Enter", "\r", "Enter", 13)
        said = until(tab, "document.querySelector('.messages') &&"
                     " document.querySelector('.messages').textContent")
        assert "deal 1 saved" in said
        assert problems(tab) == []
    finally:
        tab.close()
