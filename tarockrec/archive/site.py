"""``tarockrec publish --archive ARCHIVE -o DIR``: the archive as a static, offline site.

* ``index.html``: a search box (the page's own script over an index written into it: people
  and events, found as one types; nothing is fetched), the series by season, the events, the
  people;
* ``series-K.html``: a series' standings of one season per person (as ``archive standings``),
  each row linked to the person's page;
* ``events/E/``: every event as ``tarockrec publish`` draws it (standings, rounds, tables with
  every deal), its standings rows linked to the people's pages;
* ``people/P.html``: a person's history across events and the contracts they declared (an
  entrant linked to no person has a page of its own, ``people/entrant-N.html``).

Every page fits a phone's width (390 px: wide tables scroll inside their box).
"""
from __future__ import annotations

import html
import json
import os
import sqlite3
import tempfile
from typing import Any, Callable, Iterator

from ..publish import NAV_STYLE
from ..tournament.ranking import number_text
from ..tournament.standings import STYLE
from .check import materialise
from .queries import deal_stats, history, series_events, series_standings

Write = Callable[[str, Iterator[str]], None]

#: narrow screens: tables scroll in their box, the text wraps
MOBILE = ("body{margin:1em;max-width:62em}div.scroll{overflow-x:auto;max-width:100%}"
          "input#search{width:100%;box-sizing:border-box;font-size:1.1em;padding:.4em}"
          "ul#results{padding-left:1.2em}h1{font-size:1.5em;overflow-wrap:anywhere}")
SEARCH = """
const norm = s => s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase();
const box = document.getElementById('search'), out = document.getElementById('results');
const data = JSON.parse(document.getElementById('index').textContent);
function find() {
  const q = norm(box.value.trim());
  out.textContent = '';
  if (!q) return;
  for (const d of data.filter(d => norm(d.t).includes(q)).slice(0, 40)) {
    const li = document.createElement('li'), a = document.createElement('a');
    a.href = d.u; a.textContent = d.t; li.appendChild(a);
    li.appendChild(document.createTextNode(' · ' + d.k)); out.appendChild(li);
  }
  if (!out.children.length) out.textContent = 'nothing found';
}
box.addEventListener('input', find);
"""


def _e(x: Any) -> str:
    return "" if x is None else html.escape(str(x))


def _doc(title: str, body: str, home: str, script: str = "") -> str:
    csp = "default-src 'none'; style-src 'unsafe-inline'" + \
        ("; script-src 'unsafe-inline'" if script else "")
    nav = f'<nav class="site"><a href="{home}index.html">Archive</a></nav>'
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">"
            f"<title>{_e(title)}</title><style>{STYLE}{NAV_STYLE}{MOBILE}</style></head>"
            f"<body>{nav}<h1>{_e(title)}</h1>\n{body}\n"
            + (f"<script>{script}</script>" if script else "") + "</body></html>\n")


def _table(heads: list[str], rows: list[list[str]]) -> str:
    """An HTML table in a box that scrolls on a narrow screen; cells are HTML already."""
    return ('<div class="scroll"><table><thead><tr>' + "".join(f"<th>{h}</th>" for h in heads)
            + "</tr></thead><tbody>" + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row)
                                               + "</tr>" for row in rows)
            + "</tbody></table></div>")


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
        from ..publish import write_event
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
            heads = ["rank", "player", "cup points"] + [
                f'<a href="{self.published.get(eid, "") + "/index.html"}">{n + 1}</a>'
                if eid in self.published else str(n + 1) for n, (eid, _, _) in enumerate(events)]
            rows = [[_e(r.rank), self._series_player(r, events), _e(number_text(r.cup_points)),
                     *[_e(number_text(x)) for x in r.events]] for r in ranked]
            listing = "<ol>" + "".join(f"<li>{_e(d)} {self._event_link(eid, n, '')}</li>"
                                       for eid, n, d in events) + "</ol>"
            title = f"{name} · {season}"
            self.put(page, _doc(title, _table(heads, rows) + "<h2>Events</h2>" + listing, ""))
            self.search.append({"t": title, "u": page, "k": "series"})
            out.append((name, season or "", page))
        return out

    def _series_player(self, r: Any, events: list[tuple[int, str, str | None]]) -> str:
        if r.person_id is not None:
            return f'<a href="people/{r.person_id}.html">{_e(r.name)}</a>'
        ids = [eid for eid, _, _ in events]
        row = self.conn.execute(
            f"SELECT id FROM entrant WHERE entrant = ? AND person_id IS NULL AND event_id IN "
            f"({','.join('?' * len(ids))}) ORDER BY id LIMIT 1", (r.key, *ids)).fetchone()
        return f'<a href="people/entrant-{row[0]}.html">{_e(r.name)}</a>' if row else _e(r.name)

    def _event_link(self, event_id: int, name: str, home: str) -> str:
        folder = self.published.get(event_id)
        return f'<a href="{home}{folder}/index.html">{_e(name)}</a>' if folder else _e(name)

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
        info = " · ".join(_e(x) for x in (club, key) if x)
        rows = [[_e(e["date"]), self._event_link(e["event_id"], e["event"], "../"),
                 f'{_e(e["place"])} of {_e(e["of"])}' if e["place"] is not None else "",
                 _e(e["total"]), _e(e["rank_points"]), _e(e["cup_points"])] for e in events]
        body = (f"<p>{info}</p>" if info else "") + "<h2>Events</h2>" + _table(
            ["date", "event", "place", "total", "rank points", "cup points"], rows)
        if deals:
            body += "<h2>As declarer</h2>" + _table(
                ["contract", "played", "won", "lost", "average"],
                [[_e(d["name"]), _e(d["played"]), _e(d["won"]), _e(d["lost"]),
                  _e(d["average"])] for d in deals])
        self.put(page, _doc(name, body, "../"))
        self.search.append({"t": name + (f" ({club})" if club else "") + where, "u": page,
                            "k": "person"})

    # -- the front page ------------------------------------------------------------------------
    def index(self, series: list[tuple[str, str, str]], people: list[tuple[str, str]]) -> None:
        events = self.conn.execute("SELECT id, name, date, series FROM event ORDER BY date DESC, "
                                   "id").fetchall()
        for eid, name, date, _ in events:
            if eid in self.published:
                self.search.append({"t": f"{name} {date or ''}".strip(),
                                    "u": f"{self.published[eid]}/index.html", "k": "event"})
        data = json.dumps(self.search, ensure_ascii=False).replace("</", "<\\/")
        body = ('<p><input id="search" type="search" placeholder="Find a person or an event" '
                'aria-label="Find a person or an event" autocomplete="off"></p>'
                '<ul id="results"></ul>'
                f'<script type="application/json" id="index">{data}</script>'
                "<h2>Series</h2><ul>" + "".join(
                    f'<li><a href="{p}">{_e(n)}</a> · {_e(s)}</li>' for n, s, p in series)
                + "</ul><h2>Events</h2>" + _table(["date", "event", "series"], [
                    [_e(d), self._event_link(eid, n, ""), _e(s)] for eid, n, d, s in events])
                + "<h2>People</h2><ul>" + "".join(f'<li><a href="{p}">{_e(n)}</a></li>'
                                                 for n, p in people) + "</ul>")
        self.put("index.html", _doc("Archive", body, "", SEARCH))


def publish_archive(conn: sqlite3.Connection, out: str, force: bool = False,
                    write: Write | None = None) -> tuple[int, list[str]]:
    """Write the archive's site into ``out``, built beside it and switched in whole as
    ``publish`` switches a tournament's site in (``publish.staged_site``); (status, lines)."""
    from ..publish import _write_page, staged_site

    def build(folder: str) -> tuple[int, list[str]]:
        site = ArchiveSite(conn, folder, write or _write_page)
        said = site.events()
        series = site.series()
        people = site.people()
        site.index(series, people)
        return 0, said + [f"wrote {site.pages} pages to {out} (index.html: the archive, with "
                          "its search box)"]
    return staged_site(out, force, build)


__all__ = ["publish_archive", "series_events"]
