"""``tarockrec publish --archive ARCHIVE -o DIR``: the archive as a static, offline site.

* ``index.html``: a search box (the page's own script over the index in ``search/NAME.js``,
  split by first letters and loaded as one types: ``search_index``), the series by season, the
  events by season, and links to ``people-L.html``, the people by first letter;
* ``series-K.html``: a series' standings of one season per person (as ``archive standings``),
  each row linked to the person's page, with the id ``person-P`` its person's page links to;
* ``events/E/``: every event as ``tarockrec publish`` draws it (standings, rounds, tables with
  every deal), its standings rows and the people at its tables linked to the people's pages,
  a linked entrant called by the person register's name (issue 43 problem 6);
* ``people/P.html``: a person's page from what ``archive player`` computes
  (``queries.profile``): the summary, the rank in each cup, each event by season with its
  rounds, the contracts they declared (an entrant linked to no person has a page of its own,
  ``people/entrant-N.html``).

Every page fits a phone's width whatever the names (390 px: wide tables scroll inside their
box, the place and total in view; a long name is cut, whole on hover: ``site.name_cell``).
The pages are the templates ``archive_index.html``, ``archive_series.html``,
``archive_person.html`` and ``archive_people.html``; the search shards are written through
``site.script_json``, so that no name in them can end a block or a statement (an entrant named
``<!--<script>`` emptied the page: issue 39 item 3.1).
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from typing import Any, Callable, Iterator

from ..archive.check import materialise
from ..archive.queries import profile, series_standings
from ..tournament.ranking import number_text
from . import name_cell, render, search_index
from .publish import _write_page, staged_site, write_event

Write = Callable[[str, Iterator[str]], None]


def _link(href: str, text: Any) -> dict[str, Any]:
    return {"href": href, "text": text}


class ArchiveSite:
    def __init__(self, conn: sqlite3.Connection, out: str, write: Write) -> None:
        self.conn, self.out, self.write = conn, out, write
        self.pages = 0
        self.published: dict[int, str] = {}        # event id -> its folder
        #: a person's page -> their lines in the series: "my rank in this cup"
        self.cups: dict[str, list[dict[str, Any]]] = {}

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
            links, register = {}, {}
            for row, entrant, pid, name in self.conn.execute(
                    "SELECT n.id, n.entrant, n.person_id, p.name FROM entrant n LEFT JOIN "
                    "person p ON p.id = n.person_id WHERE n.event_id = ?", (event_id,)):
                links[entrant] = "../../" + self.person_page(pid, row)
                if name is not None:            # a linked person: the register's name
                    register[entrant] = name
            folder = f"events/{event_id}"
            with tempfile.TemporaryDirectory(prefix="tarockrec-site-") as tmp:
                path = materialise(self.conn, record_id, tmp, canonical)
                assert path is not None
                status, lines = write_event(path, os.path.join(self.out, folder), self.write,
                                            links, "../../index.html", register)
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
            title = f"{name} · {season}"
            rows, anchors = [], []
            for r in ranked:
                person = self._series_page(r, events)
                anchor = person[len("people/"):-len(".html")] if person else ""
                anchors.append(f"person-{anchor}" if anchor else "")
                rows.append([r.rank, name_cell(r.name, person), number_text(r.cup_points),
                             *[number_text(x) for x in r.events]])
                if person:
                    self.cups.setdefault(person, []).append({
                        "series": _link(f"../{page}#person-{anchor}", title),
                        "rank": r.rank, "of": len(ranked), "points": number_text(r.cup_points)})
            self.put(page, self._page("archive_series.html", title, "", heads=heads, rows=rows,
                                      row_ids=anchors, events=[(d, self._event_link(eid, n, ""))
                                                               for eid, n, d in events]))
            out.append((name, season or "", page))
        return out

    def _page(self, template: str, title: str, home: str, **context: Any) -> str:
        """A page of the archive (``home``: the way from it to the site's root)."""
        return render(template, title=title, kind="doc archive", nav=[[_link(
            home + "index.html", "Archive")]], scripted=False, **context)

    def _series_page(self, r: Any, events: list[tuple[int, str, str | None]]) -> str | None:
        """The page of a series line's person (or of its first entrant linked to none)."""
        if r.person_id is not None:
            return self.person_page(r.person_id, 0)
        ids = [eid for eid, _, _ in events]
        row = self.conn.execute(
            f"SELECT id FROM entrant WHERE entrant = ? AND person_id IS NULL AND event_id IN "
            f"({','.join('?' * len(ids))}) ORDER BY id LIMIT 1", (r.key, *ids)).fetchone()
        return self.person_page(None, row[0]) if row else None

    def _event_link(self, event_id: int, name: str, home: str) -> Any:
        folder = self.published.get(event_id)
        return _link(f"{home}{folder}/index.html", name) if folder else name

    # -- people --------------------------------------------------------------------------------
    def people(self) -> list[tuple[str, str]]:
        out = []
        for pid, key, name, club in self.conn.execute(
                "SELECT id, key, name, club FROM person ORDER BY name, id").fetchall():
            page = self.person_page(pid, 0)
            self._person(page, name, club, key, profile(self.conn, "n.person_id = ?", (pid,),
                                                        links=True))
            out.append((name + (f" ({club})" if club else ""), page))
        for row, name, club in self.conn.execute(
                "SELECT id, name, club FROM entrant WHERE person_id IS NULL "
                "ORDER BY name, id").fetchall():
            page = self.person_page(None, row)
            found = profile(self.conn, "n.id = ?", (row,), links=True)
            where = " · " + " · ".join(str(e["event"]) for e in found["events"])
            self._person(page, name, club, None, found)
            out.append((name + (f" ({club})" if club else "") + where, page))
        return out

    def _person(self, page: str, name: str, club: str | None, key: str | None,
                found: dict[str, Any]) -> None:
        """A person's page: the summary and their rank in each cup, then season by season each event with its
        rounds, then the contracts they declared, by the names players give them."""
        info = " · ".join(str(x) for x in (club, key) if x)
        s = found["summary"]
        summary = [("events", s["events"]), ("best place", s["best_place"] or "–"),
                   ("average place", "–" if s["average_place"] is None
                    else f"{s['average_place']:g}")] + \
            [(f"cup points {season}", number_text(points))
             for season, points in s["cup_points"].items()]
        self.put(page, self._page(
            "archive_person.html", name, "../", info=info, summary=summary,
            cups=self.cups.get(page, []), seasons=self._seasons(found["events"]),
            deals=[[d["name"], d["played"], d["won"], d["lost"], d["average"]]
                   for d in found["declarer"]]))

    def _seasons(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A person's events by season (latest first), each named with its date, its place,
        total and cup points, and its rounds: the table (linked to its page), the result
        there, the place at the table, the people at it (linked to their pages)."""
        seasons: dict[str, list[dict[str, Any]]] = {}
        for e in sorted(events, key=lambda e: (e["season"] or "", e["date"] or ""),
                        reverse=True):
            folder = self.published.get(e["event_id"])
            title = " · ".join(str(x) for x in (e["date"], e["event"]) if x)
            facts = [f"place {e['place']} of {e['of']}" if e["place"] is not None else "",
                     f"total {number_text(e['total'])}" if e["total"] is not None else "",
                     f"cup points {number_text(e['cup_points'])}"
                     if e["cup_points"] is not None else ""]
            rounds = [[r["round"], _link(f"../{folder}/round-{r['round']}-table-"
                                         f"{r['number']}.html", r["table"]) if folder
                       else r["table"], "" if r["result"] is None else f"{r['result']:+d}",
                       "" if r["place"] is None else f"{r['place']} of {r['of']}",
                       {"parts": [name_cell(n, "../" + self.person_page(pid, row))
                                  for n, pid, row in r["people"]]}] for r in e["rounds"]]
            seasons.setdefault(e["season"] or "no season", []).append({
                "link": _link(f"../{folder}/index.html", title) if folder else title,
                "facts": " · ".join(f for f in facts if f), "rounds": rounds})
        return [{"name": k, "events": v} for k, v in seasons.items()]

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
