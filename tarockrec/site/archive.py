"""``tarockrec publish --archive ARCHIVE -o DIR``: the archive as a static, offline site.

* ``index.html``: a search box (the page's own script over the index in ``search/NAME.js``,
  split by first letters and loaded as one types: ``search_index``), the series by season, the
  events by season, and links to ``people-L.html``, the people by first letter;
* ``series-K.html``: a series' standings of one season per person (as ``archive standings``),
  each row linked to the person's page;
* ``events/E/``: every event as ``tarockrec publish`` draws it (standings, rounds, tables with
  every deal), its standings rows linked to the people's pages;
* ``people/P.html``: a person's history across events and the contracts they declared (an
  entrant linked to no person has a page of its own, ``people/entrant-N.html``).

Every page fits a phone's width (390 px: wide tables scroll inside their box). The pages are
the templates ``archive_index.html``, ``archive_series.html``, ``archive_person.html`` and
``archive_people.html``; the search shards are written through ``site.script_json``, so that no
name in them can end a block or a statement (an entrant named ``<!--<script>`` emptied the
page: issue 39 item 3.1).
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from typing import Any, Callable, Iterator

from ..archive.check import materialise
from ..archive.queries import deal_stats, history, series_standings
from ..tournament.ranking import number_text
from . import render, search_index
from .publish import _write_page, staged_site, write_event

Write = Callable[[str, Iterator[str]], None]


def _link(href: str, text: Any) -> dict[str, Any]:
    return {"href": href, "text": text}


class ArchiveSite:
    def __init__(self, conn: sqlite3.Connection, out: str, write: Write) -> None:
        self.conn, self.out, self.write = conn, out, write
        self.pages = 0
        self.search: list[dict[str, str]] = []
        self.published: dict[int, str] = {}        # event id -> its folder

    def put(self, name: str, text: str) -> None:
        path = os.path.join(self.out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.write(path, iter([text]))
        self.pages += 1

    def person_page(self, person_id: int | None, entrant_row: int) -> str:
        """The page of a person (or of an entrant linked to none), from the site's root."""
        return f"people/{person_id}.html" if person_id is not None else \
            f"people/entrant-{entrant_row}.html"

    # -- events ------------------------------------------------------------------------------
    def events(self) -> list[str]:
        """Every ranked event published as ``publish`` draws it; lines to tell the user."""
        said = []
        for event_id, record_id in self.conn.execute(
                "SELECT e.id, e.record_id FROM event e JOIN records r ON r.id = e.record_id "
                "WHERE r.valid = 1 ORDER BY e.date, e.id").fetchall():
            (canonical,) = self.conn.execute("SELECT canonical FROM records WHERE id = ?",
                                             (record_id,)).fetchone()   # one at a time
            links = {entrant: "../../" + self.person_page(pid, row) for row, entrant, pid in
                     self.conn.execute("SELECT id, entrant, person_id FROM entrant WHERE "
                                       "event_id = ?", (event_id,))}
            folder = f"events/{event_id}"
            with tempfile.TemporaryDirectory(prefix="tarockrec-site-") as tmp:
                path = materialise(self.conn, record_id, tmp, canonical)
                assert path is not None
                status, lines = write_event(path, os.path.join(self.out, folder), self.write,
                                            links, "../../index.html")
            if status == 0:
                self.published[event_id] = folder
                self.pages += int(lines[0].split()[1]) if lines[0].startswith("wrote") else 0
            else:
                said += [f"event {event_id}: {line}" for line in lines]
        return said

    # -- series --------------------------------------------------------------------------------
    def series(self) -> list[tuple[str, str, str]]:
        """A page per series and season: (series, season, page)."""
        out = []
        pairs = self.conn.execute("SELECT DISTINCT series, season FROM event WHERE series IS "
                                  "NOT NULL AND ranked = 1 ORDER BY season DESC, series")
        for k, (name, season) in enumerate(pairs.fetchall(), 1):
            page = f"series-{k}.html"
            events, ranked = series_standings(self.conn, name, season)
            heads: list[Any] = ["rank", "player", "cup points"] + [
                _link(self.published[eid] + "/index.html", n + 1) if eid in self.published
                else n + 1 for n, (eid, _, _) in enumerate(events)]
            rows = [[r.rank, self._series_player(r, events), number_text(r.cup_points),
                     *[number_text(x) for x in r.events]] for r in ranked]
            title = f"{name} · {season}"
            self.put(page, self._page("archive_series.html", title, "", heads=heads, rows=rows,
                                      events=[(d, self._event_link(eid, n, ""))
                                              for eid, n, d in events]))
            self.search.append({"t": title, "u": page, "k": "series"})
            out.append((name, season or "", page))
        return out

    def _page(self, template: str, title: str, home: str, **context: Any) -> str:
        """A page of the archive (``home``: the way from it to the site's root)."""
        return render(template, title=title, kind="doc archive", nav=[[_link(
            home + "index.html", "Archive")]], scripted=False, **context)

    def _series_player(self, r: Any, events: list[tuple[int, str, str | None]]) -> Any:
        if r.person_id is not None:
            return _link(f"people/{r.person_id}.html", r.name)
        ids = [eid for eid, _, _ in events]
        row = self.conn.execute(
            f"SELECT id FROM entrant WHERE entrant = ? AND person_id IS NULL AND event_id IN "
            f"({','.join('?' * len(ids))}) ORDER BY id LIMIT 1", (r.key, *ids)).fetchone()
        return _link(f"people/entrant-{row[0]}.html", r.name) if row else r.name

    def _event_link(self, event_id: int, name: str, home: str) -> Any:
        folder = self.published.get(event_id)
        return _link(f"{home}{folder}/index.html", name) if folder else name

    # -- people --------------------------------------------------------------------------------
    def people(self) -> list[tuple[str, str]]:
        out = []
        for pid, key, name, club in self.conn.execute(
                "SELECT id, key, name, club FROM person ORDER BY name, id").fetchall():
            page = f"people/{pid}.html"
            self._person(page, name, club, key, history(self.conn, pid),
                         deal_stats(self.conn, pid), "")
            out.append((name + (f" ({club})" if club else ""), page))
        for row, name, club in self.conn.execute(
                "SELECT id, name, club FROM entrant WHERE person_id IS NULL "
                "ORDER BY name, id").fetchall():
            page = f"people/entrant-{row}.html"
            events = self._entrant_history(row)
            where = " · " + " · ".join(str(e["event"]) for e in events)
            self._person(page, name, club, None, events, [], where)
            out.append((name + (f" ({club})" if club else "") + where, page))
        return out

    def _entrant_history(self, row: int) -> list[dict[str, Any]]:
        cur = self.conn.execute(
            "SELECT e.id, e.name, e.date, n.rank, (SELECT count(*) FROM entrant m WHERE "
            "m.event_id = e.id), n.total, n.score, n.rank_points, n.cup_points FROM entrant n "
            "JOIN event e ON e.id = n.event_id WHERE n.id = ?", (row,))
        keys = ("event_id", "event", "date", "place", "of", "total", "score", "rank_points",
                "cup_points")
        return [dict(zip(keys, r)) for r in cur]

    def _person(self, page: str, name: str, club: str | None, key: str | None,
                events: list[dict[str, Any]], deals: list[dict[str, Any]], where: str) -> None:
        """A person's page (``where``: what tells an entrant's page apart in the search)."""
        info = " · ".join(str(x) for x in (club, key) if x)
        rows = [[e["date"], self._event_link(e["event_id"], e["event"], "../"),
                 f'{e["place"]} of {e["of"]}' if e["place"] is not None else "",
                 e["total"], e["rank_points"], e["cup_points"]] for e in events]
        self.put(page, self._page("archive_person.html", name, "../", info=info, events=rows,
                                  deals=[[d["name"], d["played"], d["won"], d["lost"],
                                          d["average"]] for d in deals]))
        self.search.append({"t": name + (f" ({club})" if club else "") + where, "u": page,
                            "k": "person"})

    # -- the front page ------------------------------------------------------------------------
    def index(self, series: list[tuple[str, str, str]], people: list[tuple[str, str]]) -> None:
        """The front page: the search box (its index in shards, ``search_index``), the series,
        the events by season, and the people by first letter (pages of their own): nothing
        on it grows with the number of people (issue 43 problem 7)."""
        events = self.conn.execute("SELECT id, name, date, series, season FROM event ORDER BY "
                                   "season DESC, date DESC, id").fetchall()
        shards = search_index.write_search(self.conn, self.out, self.write, self.published,
                                           series, self.person_page)
        letters = search_index.people_pages(people, lambda file, title, links: self.put(
            file, search_index.people_page(title, links)))
        seasons: dict[str, list[list[Any]]] = {}
        for eid, name, date, s, season in events:
            seasons.setdefault(season or "", []).append([date, self._event_link(eid, name, ""),
                                                         s])
        self.put("index.html", render(
            "archive_index.html", title="Archive", kind="doc archive", scripted=True,
            site_scripts=True, nav=[[_link("index.html", "Archive")]], search=shards,
            series=[{"href": p, "name": n, "season": s} for n, s, p in series],
            events=list(seasons.items()), people=letters))


def publish_archive(conn: sqlite3.Connection, out: str, force: bool = False,
                    write: Write | None = None) -> tuple[int, list[str]]:
    """Write the archive's site into ``out``, built beside it and switched in whole as
    ``publish`` switches a tournament's site in (``publish.staged_site``); (status, lines)."""
    def build(folder: str) -> tuple[int, list[str]]:
        site = ArchiveSite(conn, folder, write or _write_page)
        said = site.events()
        series = site.series()
        people = site.people()
        site.index(series, people)
        return 0, said + [f"wrote {site.pages} pages to {out} (index.html: the archive, with "
                          "its search box)"]
    return staged_site(out, force, build)


__all__ = ["ArchiveSite", "publish_archive"]
