"""``tarockrec publish``: a tournament as a static site — every page there, every local link
resolving, nothing from elsewhere, and every page rendering in headless Chromium without a
script error (tests/chromium.py; skipped, saying so, without chromium)."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tarockrec.codecs import jsonio
from tarockrec.generate import tournament_record
from tarockrec.site.publish import publish

from chromium import Browser, screenshot

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "tournaments"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k == "href" and v:
                self.links.append(v)
            if k == "src" and v:
                self.sources.append(v)


def _site(tmp_path: Path, rec: dict | None = None) -> Path:
    src = tmp_path / "t.json"
    src.write_text(jsonio.dumps(rec or tournament_record("illustrated", 13, 3, 99)),
                   encoding="utf-8")
    out = tmp_path / "site"
    status, messages = publish(str(src), str(out))
    assert status == 0, messages
    return out


def test_every_page_and_every_link(tmp_path: Path) -> None:
    out = _site(tmp_path)
    pages = sorted(p.name for p in out.glob("*.html"))
    assert (out / ".tarockrec-site").is_file()
    # standings, 3 rounds, 3 tables (4, 4 and 5 seats) a round
    assert "index.html" in pages and len(pages) == 1 + 3 + 9
    for name in pages:
        text = (out / name).read_text(encoding="utf-8")
        parser = _Links()
        parser.feed(text)
        assert not parser.sources, (name, parser.sources)        # nothing loaded from elsewhere
        assert not re.search(r"(?i)\b(?:https?:)?//", " ".join(parser.links)), name
        for link in parser.links:
            target = link.split("#")[0]
            if target:
                assert (out / target).is_file(), (name, link)
    index = (out / "index.html").read_text(encoding="utf-8")
    for i in range(1, 14):
        assert f"<td class=\"name\">Player {i}</td>" in index


def test_totals_only_and_files(tmp_path: Path) -> None:
    status, _ = publish(str(SAMPLES / "valid" / "totals-only.json"), str(tmp_path / "a"))
    assert status == 0
    table = (tmp_path / "a" / "round-1-table-1.html").read_text(encoding="utf-8")
    assert "Only the table's totals are written" in table and "Anna" in table
    status, _ = publish(str(SAMPLES / "valid" / "sessions-in-files.json"), str(tmp_path / "b"))
    assert status == 0 and (tmp_path / "b" / "round-2-table-2.html").is_file()


def test_an_invalid_tournament_is_not_published(tmp_path: Path) -> None:
    status, messages = publish(str(SAMPLES / "invalid" / "deal-score-changed.json"),
                               str(tmp_path / "site"))
    assert status == 1 and any("RESULT-SCORES" in m for m in messages)
    assert not (tmp_path / "site").exists()
    status, messages = publish(str(tmp_path / "none.json"), str(tmp_path / "x"))
    assert status == 2


def test_an_earlier_site_is_overwritten_only_with_force(tmp_path: Path) -> None:
    import subprocess
    import sys
    src = str(SAMPLES / "valid" / "totals-only.json")
    out = str(tmp_path / "site")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", "from tarockrec.cli import run; run()",
                               "publish", src, "-o", out, *args], capture_output=True,
                              text=True, env={**__import__("os").environ,
                                              "PYTHONPATH": str(ROOT)})
    assert cli().returncode == 0
    again = cli()
    assert again.returncode == 2 and "exists" in again.stderr
    assert cli("--force").returncode == 0


def test_every_page_renders_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    out = _site(tmp_path)
    for page in sorted(out.glob("*.html")):
        tab = browser.open(page)
        try:
            assert tab.problems() == [], (page.name, tab.problems())
            assert all(u.startswith("file://") for u in tab.requests()), tab.requests()
            heading = tab.evaluate("(document.querySelector('h1, h2') || {}).textContent || ''")
            assert heading, page.name
            if page.name.startswith("round-1-table-3"):      # a table of five, stepped to its end
                assert tab.evaluate("document.querySelectorAll('.card').length") > 0
            if page.name == "index.html" and (ROOT / "docs").is_dir():
                screenshot(tab, tmp_path / "standings.png")
        finally:
            tab.close()
    assert (tmp_path / "standings.png").stat().st_size > 1000
