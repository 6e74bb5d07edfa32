"""The archive site's search (issue 43 §3; problems 5 and 7), on the test archive of
tests/test_archive_names.py (five Wiener Cup events of eight entrants, the spellings of
Jürgen Müller, the two Maria Hubers) and on two small generated ones.

* Problem 5: "Wiener Cup" showed 38 unlinked-entrant pages and no event (the list stopped at
  40): each kind of hit is found first by what names it — a person by any spelling, reversed
  or by id, an event by name and date, a series — and events are never hidden behind
  entrants. In Python (``archive.search.search`` over the shards the site wrote) and once in
  the browser, typed into the front page, where the script must show what Python finds.
* Problem 7: the front page carried every person and a search entry for each: its size must
  not grow with the number of people.
"""
from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from chromium import Browser
from test_archive_names import EVENTS, built, run  # noqa: F401  (built: the fixture)
from test_archive_site import CLEAR, FOUND
from tarockrec.archive import search


@pytest.fixture(scope="module")
def site(built: tuple[Path, dict[str, str]],  # noqa: F811
         tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test archive with Jürgen Müller linked (person id AT-5), published."""
    home = tmp_path_factory.mktemp("search")
    db = home / "a.db"
    db.write_bytes(built[0].read_bytes())
    assert run("archive", "link", db, "--name", "Jürgen Müller", "--person", "AT-5",
               "--yes").exit_code == 0
    res = run("publish", "--archive", db, "-o", home / "site")
    assert res.exit_code == 0, res.output
    return home / "site"


@functools.lru_cache(maxsize=4)
def _shards(site: Path) -> dict[str, list[search.Entry]]:
    out = {}
    for path in (site / "search").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        name, entries = json.loads("[" + text[len("tarockrecSearch("):-len(");\n")] + "]")
        out[name] = entries
    return out


def found(site: Path, query: str) -> list[search.Entry]:
    """What the front page shows for ``query``: the shards it loads, searched."""
    shards = _shards(site)
    return search.search([e for n in search.needed(shards, query) for e in shards[n]], query)


def _texts(site: Path, query: str) -> list[str]:
    return [str(e["t"]) for e in found(site, query)]


# -- problem 5 -----------------------------------------------------------------------------------
def test_each_kind_is_found_first_by_what_names_it(site: Path) -> None:
    for query in ("Mueller", "Muller", "Müller", "müll", "Müller Jürgen", "Mueller Juergen",
                  "AT-5", "at-5"):
        assert _texts(site, query)[0] == "Jürgen Müller (TC Wien)", query
    assert _texts(site, "Huber Maria")[:2] == _texts(site, "maria hub")[:2] and \
        {t.split(" · ")[0] for t in _texts(site, "Huber Maria")} == \
        {"Maria Huber (Graz)", "Maria Huber (Linz)", "Maria Huber"}
    assert _texts(site, "Huber Graz") == ["Maria Huber (Graz) · not linked"]   # a club narrows
    assert _texts(site, "Graz") == []                  # but finds nothing by itself
    # an event by its name and date (in either order, as an Austrian writes a date too)
    for query in ("Wiener Cup, 1. Runde 2025-09-13", "2025-09-13 wiener", "13.09.2025"):
        assert _texts(site, query)[0] == "Wiener Cup, 1. Runde 2025-09-13", query
    # the series, after the events of its season (each kind is shown: search.js)
    hits = found(site, "wiener cup 2025/26")
    assert [e["t"] for e in hits if e["k"] == "series"] == ["Wiener Cup · 2025/26"]
    assert {e["k"] for e in hits} == {"event", "series"}


def test_events_are_not_hidden_behind_entrants(site: Path) -> None:
    """Thirty-odd entrants linked to no person played the Wiener Cup: the events come
    first (the old page showed 38 entrants' pages of 40 and no event)."""
    conn = sqlite3.connect(site.parent / "a.db")
    (unlinked,) = conn.execute("SELECT count(*) FROM entrant WHERE person_id IS NULL "
                               "").fetchone()
    conn.close()
    assert unlinked >= 30
    hits = found(site, "Wiener Cup")
    kinds = [e["k"] for e in hits]
    assert kinds[:len(EVENTS)] == ["event"] * len(EVENTS) and "series" in kinds
    assert [e["t"] for e in hits[:len(EVENTS)]] == \
        [f"{name} {date}" for name, date, *_ in sorted(EVENTS, key=lambda e: e[1],
                                                       reverse=True)]     # the latest first
    assert all(k != "entrant" for k in kinds)    # an entrant is found by its name only
    people = found(site, "Spieler")              # one hit per name and club, not per event
    assert len(people) == 3 and {e["k"] for e in people} == {"entrant"}


def test_split_shards_hold_every_hit_the_query_needs() -> None:
    """A shard of more hits than it may hold is split by the next letter; a query still
    loads every shard it needs, however long the query."""
    hits = [search.Hit(f"Player {k}", f"p/{k}", "person", (0, 0, str(k)),
                       search.terms(f"Player {k}", "TC 1"), search.terms(f"Player {k}"))
            for k in range(150)] + \
           [search.Hit("Pia Post", "p/pia", "person", (0, 1, "Pia"),
                       search.terms("Pia Post"), search.terms("Pia Post"))]
    split = search.shards(hits, most=50)
    assert "p" not in split and {"pi", "po", "player"} <= set(split)
    assert all(len(v) <= 50 for n, v in split.items() if n != "player" and len(n) < 3)
    for query in ("p", "pl", "player 17", "pia", "post pia", "17 pl"):
        got = search.search([e for n in search.needed(split, query) for e in split[n]], query)
        want = [h.url for h in hits if search.matches(h, query)]
        assert sorted(str(e["u"]) for e in got) == sorted(want), query


def test_an_entrant_linked_to_no_person_is_found_by_its_person_id(tmp_path: Path) -> None:
    conn = sqlite3.connect(_archive(tmp_path, 8))
    conn.execute("UPDATE entrant SET person_id = NULL")
    conn.execute("DELETE FROM person")
    hits = search.hits(conn, {}, [])
    conn.close()
    assert [h.text for h in hits if search.matches(h, "AT-3")] == \
        ["Spieler 3 (TC 1) · not linked"]
    assert "3" in search.shards(hits)


# -- problem 7 -----------------------------------------------------------------------------------
def _archive(home: Path, entrants: int) -> Path:
    """An archive of one event of ``entrants`` people with person ids (a round of tables
    that give their totals only)."""
    seats = [str(k + 1) for k in range(entrants)]
    rec = {"tarockrec": 1, "game": "koenigrufen",
           "event": {"name": "Cup", "date": "2026-01-10", "series": "Cup"},
           "entrants": [{"id": k, "name": f"Spieler {k}", "club": "TC 1", "person": f"AT-{k}"}
                        for k in seats],
           "rounds": [{"tables": [{"table": str(t + 1), "seats": seats[4 * t:4 * t + 4],
                                   "result": {"totals": [10, -10, 20, -20]}}
                                  for t in range(entrants // 4)]}]}
    src = home / f"t{entrants}.json"
    src.write_text(json.dumps(rec), encoding="utf-8")
    res = run("archive", "add", home / f"a{entrants}.db", src)
    assert res.exit_code == 0, res.output
    return home / f"a{entrants}.db"


def _published(home: Path, entrants: int) -> Path:
    res = run("publish", "--archive", _archive(home, entrants), "-o", home / f"s{entrants}")
    assert res.exit_code == 0, res.output
    return home / f"s{entrants}"


def test_the_front_page_does_not_grow_with_the_people(tmp_path: Path) -> None:
    small, large = _published(tmp_path, 8), _published(tmp_path, 48)
    size = {s: (s / "index.html").stat().st_size for s in (small, large)}
    # 40 more people: a few letters more at most (each under 100 bytes), nothing per person
    assert size[large] - size[small] < 1000, size
    assert len(list((large / "people").glob("*.html"))) >= 48
    letters = " ".join(p.read_text(encoding="utf-8") for p in large.glob("people-*.html"))
    assert letters.count('href="people/') >= 48           # each person still listed
    assert (large / "index.html").read_text(encoding="utf-8").count('href="people/') == 0


# -- the page's script: what Python finds -------------------------------------------------------
#: the number of shards the page loaded, once it loaded every shard it names
LOADED = ("new Promise(ok => { const o = document.getElementById('results'), n = JSON.parse("
          "document.getElementById('index').textContent).shards.length; const c = () => "
          "o.dataset.loaded === String(n); if (c()) ok(n); else new MutationObserver((_, b) => "
          "{ if (c()) { b.disconnect(); ok(n); } }).observe(o, {attributes: true}); })")
QUERIES = ("Mueller", "huber maria", "AT-5", "Wiener Cup", "2026-02", "13.09.2025",
           "wiener cup 2025/26", "Spieler")


def test_typing_in_the_front_page_shows_what_python_finds(browser: Browser,
                                                          site: Path) -> None:
    tab = browser.open(site / "index.html")
    try:
        for query in QUERIES:
            tab.evaluate(CLEAR)
            for k in range(len(query)):             # as typed: a key at a time
                tab.browser.send("Input.insertText", {"text": query[k]}, tab.session)
            shown: list[Any] = tab.wait(FOUND)
            want = found(site, query)
            by_kind: dict[str, list[list[str]]] = {}
            for e in want:
                by_kind.setdefault(str(e["k"]), []).append([str(e["t"]), str(e["u"])])
            assert shown == [x for k in search.KINDS for x in by_kind.get(k, [])[:20]], query
            assert shown, query
        # the box was focused: a small index is loaded whole (no later key waits for a file)
        assert tab.wait(LOADED) == len(_shards(site))
        assert tab.problems() == [], tab.problems()
        assert all(u.startswith("file://") for u in tab.requests())
    finally:
        tab.close()


#: the shards the page loaded once the box is focused, when they are all in (or 10 s passed)
IN_AFTER_FOCUS = """new Promise(ok => { const o = document.getElementById('results'),
  n = String(JSON.parse(document.getElementById('index').textContent).shards.length);
  const c = () => o.dataset.loaded === n; setTimeout(() => ok(o.dataset.loaded || '0'), 10000);
  document.getElementById('search').focus();
  if (c()) ok(n); else new MutationObserver((_, b) => { if (c()) { b.disconnect(); ok(n); } })
    .observe(o, {attributes: true}); })"""


def test_a_larger_index_is_loaded_a_file_at_a_time_once_the_box_is_focused(
        browser: Browser, built: tuple[Path, dict[str, str]],  # noqa: F811
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over PREFETCH_MOST, a word's first key waited for its file (30–110 ms at 1 MB): the
    files are loaded in the background, one after the other, the largest first."""
    from tarockrec.site import search_index
    monkeypatch.setattr(search_index, "PREFETCH_MOST", 0)
    db = tmp_path / "a.db"
    db.write_bytes(built[0].read_bytes())
    assert run("publish", "--archive", db, "-o", tmp_path / "site").exit_code == 0
    page = tmp_path / "site" / "index.html"
    meta = json.loads(page.read_text(encoding="utf-8").split('id="index"')[1]
                      .split(">", 1)[1].split("</script>")[0])
    sizes = {n: (tmp_path / "site" / "search" / f"{n}.js").stat().st_size for n in meta["shards"]}
    assert meta["prefetch"] is False and len(sizes) > 1
    assert meta["trickle"] == sorted(sizes, key=lambda n: (-sizes[n], n))
    tab = browser.open(page)
    try:
        assert tab.wait(IN_AFTER_FOCUS) == str(len(sizes))
        assert tab.problems() == [], tab.problems()
    finally:
        tab.close()
