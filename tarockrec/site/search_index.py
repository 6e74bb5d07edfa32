"""The archive site's search index and people lists (issue 43 §3): what keeps the front page
small at any size of archive.

* ``search/NAME.js``: the index (``archive.search``: people, events, series, entrants linked
  to no person, ranked) split into shards by the first letters of the words; each file is one
  call ``tarockrecSearch(NAME, [...])`` that the front page's script loads with a ``<script>``
  element when a word typed needs it (or all of them when the search box is focused, if
  together they are small: ``PREFETCH_MOST``; if larger, up to ``TRICKLE_MOST``, one after
  the other, the largest first, so that a word's first key seldom waits for its file). A
  ``<script>`` element, not ``fetch()``: a page opened
  from disk (``file://``) may not fetch the site's own files, but may run them. The data go
  through ``site.script_json`` (no ``<``, ``>``, ``&``, U+2028, U+2029 left in a name).
* ``people-L.html``: the people (and the entrants linked to none) whose names begin with L,
  one page per first letter; the front page links the letters, not the people.
"""
from __future__ import annotations

import os
import sqlite3
import unicodedata
from typing import Any, Callable, Iterator, Mapping

from ..archive import search
from . import NAME_CUT, name_cell, render, script_json

Write = Callable[[str, Iterator[str]], None]
#: the folder of the shards, from the site's root
FOLDER = "search/"
#: an index of at most this many bytes is loaded whole when the search box is focused (a
#: first key then waits for no file); a larger one a shard at a time, as the words need them
PREFETCH_MOST = 1_000_000
#: an index of at most this many bytes (but over PREFETCH_MOST) is loaded a shard at a time in
#: the background once the box is focused, the largest first (the most-typed first letters)
TRICKLE_MOST = 10_000_000


def shard_script(name: str, entries: list[search.Entry]) -> str:
    """A shard's file: one call of the page's ``tarockrecSearch``."""
    return f"tarockrecSearch({script_json(name)},{script_json(entries)});\n"


def write_search(conn: sqlite3.Connection, out: str, write: Write,
                 event_pages: Mapping[int, str], series_pages: list[tuple[str, str, str]],
                 person_page: Callable[[int | None, int], str]) -> dict[str, Any]:
    """Write the shards into ``out``/search/; what the front page's script is told of them
    (``prefetch``: load them all when the box is focused; ``trickle``: else the shards to load
    one after the other then)."""
    split = search.shards(search.hits(conn, event_pages, series_pages, person_page))
    os.makedirs(os.path.join(out, FOLDER), exist_ok=True)
    sizes = {}
    for name, entries in split.items():
        text = shard_script(name, entries)
        sizes[name] = len(text.encode("utf-8"))
        write(os.path.join(out, FOLDER, name + ".js"), iter([text]))
    size = sum(sizes.values())
    trickle = sorted(sizes, key=lambda n: (-sizes[n], n)) \
        if PREFETCH_MOST < size <= TRICKLE_MOST else []
    return {"folder": FOLDER, "shards": sorted(split), "prefetch": size <= PREFETCH_MOST,
            "trickle": trickle, "cut": NAME_CUT}


def letter(text: str) -> str:
    """The letter a name is listed under: its first letter folded (Ö: o), a–z or 0–9, else
    ``_``."""
    folded = "".join(c for c in unicodedata.normalize("NFD", text.strip().lower())
                     if not unicodedata.combining(c))
    return search.shard_of(folded)


def people_pages(people: list[tuple[str, str]],
                 page: Callable[[str, str, list[Any]], None]) -> list[dict[str, str]]:
    """The people (text, page) by first letter, one page each through ``page(file, title,
    links)`` (a long name cut, whole on hover: ``site.name_cell``); the front page's links to
    them."""
    by: dict[str, list[Any]] = {}
    for text, href in people:
        by.setdefault(letter(text), []).append(name_cell(text, href))
    out = []
    for key in sorted(by):
        name = key.upper() if key != "_" else "other"
        file = f"people-{key}.html"
        page(file, f"People: {name}", by[key])
        out.append({"href": file, "text": name, "count": str(len(by[key]))})
    return out


def people_page(title: str, links: list[Any]) -> str:
    return render("archive_people.html", title=title, kind="doc archive", scripted=False,
                  nav=[[{"href": "index.html", "text": "Archive"}]], people=links)


__all__ = ["letter", "people_page", "people_pages", "shard_script", "write_search"]
