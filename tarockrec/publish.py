"""``tarockrec publish TOURNAMENT -o DIR``: a tournament as a static, self-contained site — no
script or style from elsewhere, no network: the standings (``index.html``), one page per round
with its tables (``round-R.html``), and one page per table (``round-R-table-T.html``) with its
sheet and every deal drawn and stepped through as ``show --html`` draws it.

Each table's page is written as its table is checked and its session let go, so memory does not
grow with the number of deals. Every file is written whole or not at all
(``atomic.write_atomic``); the standings are written last, so a site whose ``index.html`` is
there is complete.
"""
from __future__ import annotations

import html
import os
from typing import Any, Callable, Iterator

from .findings import Finding
from .htmlpage import page, record_model
from .sources import entries
from .standings import STYLE, legend, scroll_box
from .tournament import Row, Table, validate_tournament

#: a link bar on top of every page
NAV_STYLE = ("nav.site{font-family:system-ui,sans-serif;padding:.4em 1em;background:#f3f3f3;"
             "border-bottom:1px solid #ccc}nav.site a{margin-right:1em;white-space:nowrap;"
             "display:inline-block}")


def _doc(title: str, nav: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            f"style-src 'unsafe-inline'\">"
            f"<title>{html.escape(title)}</title><style>{STYLE}{NAV_STYLE}</style></head>"
            f"<body>{nav}<h1>{html.escape(title)}</h1>\n{body}\n</body></html>\n")


def _nav(rounds: int) -> str:
    links = ['<a href="index.html">Standings</a>'] + [
        f'<a href="round-{r + 1}.html">Round {r + 1}</a>' for r in range(rounds)]
    return f'<nav class="site">{"".join(links)}</nav>'


def _table(heads: list[str], rows: list[list[str]], name_column: int | None = None) -> str:
    """An HTML table; cells are HTML already (escaped by the caller). The cells of
    ``name_column`` (names) wrap at their spaces."""
    def td(k: int, c: str) -> str:
        return f'<td class="name">{c}</td>' if k == name_column else f"<td>{c}</td>"
    return ("<table><thead><tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead>"
            "<tbody>" + "".join("<tr>" + "".join(td(k, c) for k, c in enumerate(row)) + "</tr>"
                                for row in rows) + "</tbody></table>")


def _e(x: Any) -> str:
    return "" if x is None else html.escape(str(x))


class Site:
    """Writes the pages of one tournament into ``out`` with ``write(path, chunks)``."""

    def __init__(self, rec: dict[str, Any], out: str,
                 write: Callable[[str, Iterator[str]], None]) -> None:
        self.rec = rec
        self.out = out
        self.write = write
        self.names = {e["id"]: e["name"] for e in rec["entrants"]}
        self.title = str((rec.get("event") or {}).get("name") or "Tournament")
        self.rounds: list[list[Table]] = [[] for _ in rec["rounds"]]
        self.files: list[str] = []

    def _put(self, name: str, text: str) -> None:
        self.write(os.path.join(self.out, name), iter([text]))
        self.files.append(name)

    def table_page(self, t: Table) -> None:
        """A table's page: its entrants and result, then the deals as ``show --html``."""
        summary = Table(t.round, t.index, t.name, t.seats, t.totals)   # without the session
        self.rounds[t.round].append(summary)
        name = f"round-{t.round + 1}-table-{t.index + 1}.html"
        title = f"{self.title} · round {t.round + 1} · table {t.name}"
        nav = _nav(len(self.rounds)) + \
            f'<nav class="site"><a href="round-{t.round + 1}.html">back to round {t.round + 1}</a></nav>'
        if t.session is None or t.report is None:
            body = self._totals_table(t) + "<p>Only the table's totals are written: there are no deals to show.</p>"
            self._put(name, _doc(title, nav, body))
            return
        model, _ = record_model(t.session, f"table {t.name}", t.report)
        text = page([model], title)
        text = text.replace("<body>\n", f"<body>\n<style>{NAV_STYLE}</style>{nav}\n", 1)
        self._put(name, text)

    def _totals_table(self, t: Table) -> str:
        rows = []
        places = _places(t.totals) if t.totals is not None else [None] * len(t.seats)
        for s, eid in enumerate(t.seats):
            rows.append([str(s), _e(self.names.get(eid, eid)),
                         _e(t.totals[s] if t.totals is not None else None), _e(places[s])])
        return _table(["seat", "player", "result", "place"], rows)

    def round_pages(self) -> None:
        for r, tables in enumerate(self.rounds):
            parts = []
            for t in sorted(tables, key=lambda x: x.index):
                link = f"round-{r + 1}-table-{t.index + 1}.html"
                parts.append(f'<h2><a href="{link}">Table {_e(t.name)}</a></h2>'
                             + self._totals_table(t))
            absent = [self.names.get(a, a) for a in self.rec["rounds"][r].get("absent", [])]
            if absent:
                parts.append("<p>Absent: " + _e(", ".join(absent)) + "</p>")
            self._put(f"round-{r + 1}.html", _doc(f"{self.title} · round {r + 1}",
                                                  _nav(len(self.rounds)), "\n".join(parts)))

    def index(self, rows: list[Row]) -> None:
        ev = self.rec.get("event") or {}
        info = " · ".join(_e(ev[k]) for k in ("date", "site", "series") if ev.get(k))
        n = len(self.rounds)
        # rank, name and total first: what a narrow window shows before the box scrolls
        heads = ["rank", "player", "total", "score", "rank points", "club"] + \
            [f'<a href="round-{r + 1}.html">round {r + 1}</a>' for r in range(n)]
        body = []
        for row in rows:
            cells = [_e(row.rank), _e(row.player), _e(row.total), _e(row.score),
                     _e(row.rank_points), _e(row.club)]
            for r in range(n):
                v, p = row.rounds[r], row.table_ranks[r]
                cells.append("absent" if v is None else f"{v} ({p}.)")
            body.append(cells)
        table = _table(heads, body, name_column=1)
        self._put("index.html", _doc(self.title, _nav(n), (f"<p>{info}</p>" if info else "")
                                     + scroll_box(table, "standings", "the rank points, clubs and rounds")
                                     + legend(["rank", "total", "score", "rank points",
                                               "round R"])))


def _places(totals: list[int]) -> list[int]:
    return [1 + sum(1 for y in totals if y > x) for x in totals]


def publish(path: str, out: str,
            write: Callable[[str, Iterator[str]], None] | None = None) -> tuple[int, list[str]]:
    """Write the site of the tournament in ``path`` into the folder ``out`` (made if missing).
    Returns the exit status (0 written, 1 the tournament is not valid: nothing written, 2 not
    readable or not a tournament) and the lines to tell the user."""
    from . import schema
    from .atomic import write_atomic
    found = list(entries(path))
    if not found or found[0].problem is not None:
        from .report import unreadable
        return 2, [unreadable(found[0]) if found else f"{path}: it holds no record"]
    rec = found[0].record
    if len(found) != 1 or not isinstance(rec, dict) or "rounds" not in rec:
        return 2, [f"{path}: publish takes one tournament record (a file with rounds)"]
    if not schema.fast_check(rec):
        return 1, [f"{path}: {f}" for f in schema.explain(rec)] + \
            [f"{path}: not valid; nothing published"]
    if os.path.exists(out) and not os.path.isdir(out):
        return 2, [f"cannot write {out}: it is a file, not a folder; nothing published"]
    os.makedirs(out, exist_ok=True)
    site = Site(rec, out, write or write_atomic)
    findings: list[Finding] = []
    rows = validate_tournament(rec, findings, origin=path, on_table=site.table_page)
    errors = [f for f in findings if f.severity == "error"]
    if errors or rows is None:
        for name in site.files:                  # a site of an invalid tournament is not left
            try:
                os.unlink(os.path.join(out, name))
            except FileNotFoundError:
                pass
        return 1, [f"{path}: {f}" for f in errors] + [f"{path}: not valid; nothing published"]
    site.round_pages()
    site.index(rows)
    return 0, [f"wrote {len(site.files)} pages to {out} (index.html: the standings)"]
