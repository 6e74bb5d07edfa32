"""Hostile names on every page the site package writes (issue 39 item 3.1, issue 44 part 2):
``show --html``, ``publish``, ``publish --archive`` and ``standings --format html``. An entrant
named ``<!--<script>`` emptied the archive's front page (its search data block swallowed the
rest of the page). Every embedded data block must keep ``<``, ``>`` and ``&`` out of the
script's text, every other text is escaped by the templates; in Chromium the page's content
after each block is still there, and no script but the page's own runs."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from markupsafe import escape

from chromium import Browser
from conftest import ROOT
from test_archive_site import FOUND
from tarockrec.cli import main
from tarockrec.codecs import jsonio

#: each breaks out of a script block, opens a comment or injects markup if not escaped
HOSTILE = ["<!--<script>", "</script><script>alert(1)</script>",
           '"><img src=x onerror=alert(2)>', "<!-- x", "a & b <b>c</b> \u2028 \u2029"]
SAMPLE = Path(ROOT, "samples", "tournaments", "valid", "full-deals.json")
BLOCK = re.compile(r"<script([^>]*)>(.*?)</script>", re.S)


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _hostile_tournament(tmp_path: Path) -> Path:
    rec = jsonio.loads(SAMPLE.read_text(encoding="utf-8"))
    for k, e in enumerate(rec["entrants"]):
        e["name"] = HOSTILE[k % len(HOSTILE)] + f" {k}"
        if "club" in e:
            e["club"] = HOSTILE[(k + 1) % len(HOSTILE)]
    rec.setdefault("event", {})["name"] = "<!--<script> cup"
    path = tmp_path / "hostile.json"
    path.write_text(jsonio.dumps(rec), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    home = tmp_path_factory.mktemp("hostile")
    src = _hostile_tournament(home)
    assert run("publish", src, "-o", home / "event").exit_code == 0
    db = home / "a.db"
    res = run("archive", "add", db, src)
    assert res.exit_code == 0, res.output
    res = run("publish", "--archive", db, "-o", home / "archive")
    assert res.exit_code == 0, res.output
    res = run("standings", src, "--format", "html")
    assert res.exit_code == 0, res.output
    (home / "standings.html").write_text(res.output, encoding="utf-8")
    return {"source": src, "event": home / "event", "archive": home / "archive",
            "standings": home / "standings.html"}


def _pages(sites: dict[str, Path]) -> list[Path]:
    return ([sites["standings"]] + sorted(sites["event"].glob("*.html"))
            + sorted(sites["archive"].rglob("*.html")))


def test_no_embedded_block_holds_markup(sites: dict[str, Path]) -> None:
    """Every script block is the page's own program or JSON without ``<``, ``>`` or ``&``:
    nothing in it can end it, open a comment or start a tag."""
    blocks = 0
    for page in _pages(sites):
        text = page.read_text(encoding="utf-8")
        assert "<img" not in text and "<!--" not in text and "<b>" not in text, page
        for attrs, body in BLOCK.findall(text):
            if "application/json" in attrs:
                blocks += 1
                assert not set(body) & {"<", ">", "&", "\u2028", "\u2029"}, page
                json.loads(body)
            else:
                assert "alert" not in body, page
    assert blocks > 5          # the deal data of every table page and the archive's search
    # the archive's search shards: a call of the page's function on JSON without markup
    shards = sorted((sites["archive"] / "search").glob("*.js"))
    assert shards
    for shard in shards:
        text = shard.read_text(encoding="utf-8")
        assert text.startswith("tarockrecSearch(") and text.endswith(");\n"), shard
        body = text[len("tarockrecSearch("):-len(");\n")]
        assert not set(body) & {"<", ">", "&", "\u2028", "\u2029"}, shard
        assert json.loads(f"[{body}]")[0] == shard.stem


def test_every_name_is_text_in_the_browser(browser: Browser, sites: dict[str, Path]) -> None:
    front = sites["archive"] / "index.html"
    for page in _pages(sites):
        tab = browser.open(page)
        try:
            assert tab.problems() == [], (page, tab.problems())   # no alert, no error
            assert all(u.startswith("file://") for u in tab.requests()), tab.requests()
            assert tab.evaluate("document.images.length") == 0, page
            own = tab.evaluate("[...document.scripts].filter(s => s.type !== "
                               "'application/json').length")
            assert own <= 1, page                                # the page's own program
            text = tab.evaluate("document.body.innerText")
            if page == front:
                # the content after the search block is all there: series, events, people
                heads = tab.evaluate("[...document.querySelectorAll('h2')]"
                                     ".map(h => h.textContent)")
                assert heads == ["Series", "Events", "People"], heads
                people = " ".join(p.read_text(encoding="utf-8") for p in
                                  sites["archive"].glob("people-*.html"))
                for k in range(4):                      # the people, by first letter
                    assert f">{escape(HOSTILE[k % len(HOSTILE)])}" in people, k
                tab.evaluate("document.getElementById('search').focus()")
                tab.browser.send("Input.insertText", {"text": "<!--<script"}, tab.session)
                found = [t for t, _ in tab.wait(FOUND)]      # the shards loaded, run
                assert "<!--<script> cup" in " ".join(found) and \
                    any(f.startswith("<!--<script> 0") for f in found), found
            elif page.name == "index.html" or page == sites["standings"]:
                assert "</script><script>alert(1)</script> 1" in text, page
            assert tab.problems() == [], (page, tab.problems())
        finally:
            tab.close()
