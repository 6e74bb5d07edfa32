"""``tarockrec publish TOURNAMENT -o DIR``: a tournament as a static, self-contained site — no
script or style from elsewhere, no network: the standings (``index.html``), one page per round
with its tables (``round-R.html``), and one page per table (``round-R-table-T.html``) with its
sheet and every deal drawn and stepped through as ``show --html`` draws it.

Each table's page is written as its table is checked and its session let go, so memory does not
grow with the number of deals. The site is built in a temporary folder beside ``DIR`` and
switched in whole once every page is written and the tournament is valid
(``atomic.StagedFolder``): a refusal, an error, a full disk, SIGTERM, SIGHUP or Ctrl-C leaves the
previous site exactly as it was, or nothing. The file ``MARKER`` marks a folder as a site of
ours; ``--force`` replaces only such a folder, never one holding anything else.

The pages are templates: ``standings.html`` (the front page), ``round.html``, and a table's
``deal.html`` (``site.deal``), or ``totals.html`` where only its totals are written.
"""
from __future__ import annotations

import os
from typing import IO, Any, Callable, Iterator, Mapping

from ..atomic import StagedFolder, Terminated, WriteError
from ..findings import Finding
from ..sources import entries
from ..tournament.ranking import BY_RANK_POINTS, BY_TOTAL, HEADINGS, number_text
from ..tournament.record import Row, Table, validate_tournament
from . import name_cell, render
from .deal import page, record_model
from .standings import PLACING_LEGEND, legend

#: a link bar: the links (``href``, ``text``) of one ``nav.site`` bar
Bar = list[dict[str, str]]


def _nav(rounds: int, home: str = "") -> list[Bar]:
    """The link bar: ``home``, the archive's front page a published archive's event links
    back to (``publish --archive``), then the standings and the rounds."""
    return [([{"href": home, "text": "Archive"}] if home else [])
            + [{"href": "index.html", "text": "Standings"}]
            + [{"href": f"round-{r + 1}.html", "text": f"Round {r + 1}"} for r in range(rounds)]]


#: the columns of a table's results (a round's page, a table's page without deals)
TOTALS = ["seat", "player", "result", "place"]


#: the file that marks a folder as a site written by publish (written last, into every site)
MARKER = ".tarockrec-site"

#: opens a page for writing (tests put one that fails here: a full disk)
_open: Callable[..., IO[str]] = open


def _write_page(path: str, chunks: Iterator[str]) -> None:
    with _open(path, "w", encoding="utf-8", newline="\n") as fp:
        for chunk in chunks:
            fp.write(chunk)


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
        #: entrant id -> the page of the person (``publish --archive``: a standings row links
        #: to it)
        self.people: Mapping[str, str] = {}
        #: the archive's front page, relative to these pages (``publish --archive``)
        self.home = ""
        #: entrant id -> the name the pages call the entrant by, where it is not the record's
        #: (``publish --archive``: a linked person's register name, issue 43 problem 6)
        self.register: Mapping[str, str] = {}

    def name(self, entrant: str) -> Any:
        """An entrant's name as a cell: the register's or the record's, cut when long (the
        whole name on hover), linked to the person's page where there is one."""
        return name_cell(self.register.get(entrant) or self.names.get(entrant, entrant),
                         self.people.get(entrant))

    def _people_bar(self, t: Table) -> Bar:
        """The people at a table, each linked to their page (``publish --archive``)."""
        return [self.name(e) for e in t.seats if e in self.people]   # each a link

    def _put(self, name: str, text: str) -> None:
        self.write(os.path.join(self.out, name), iter([text]))
        self.files.append(name)

    def table_page(self, t: Table) -> None:
        """A table's page: its entrants and result, then the deals as ``show --html``."""
        summary = Table(t.round, t.index, t.name, t.seats, t.totals)   # without the session
        self.rounds[t.round].append(summary)
        name = f"round-{t.round + 1}-table-{t.index + 1}.html"
        title = f"{self.title} · round {t.round + 1} · table {t.name}"
        nav = _nav(len(self.rounds), self.home) + [
            [{"href": f"round-{t.round + 1}.html", "text": f"back to round {t.round + 1}"}]]
        if self.people:
            nav.append(self._people_bar(t))
        if t.session is None or t.report is None:
            self._put(name, render("totals.html", title=title, kind="doc", scripted=False,
                                   nav=nav, heads=TOTALS, rows=self._totals_rows(t)))
            return
        session = t.session
        if self.register and isinstance(session, dict) and \
                len(session.get("players") or ()) == len(t.seats):
            session = dict(session, players=[self.register.get(e) or p for e, p in
                                             zip(t.seats, session["players"])])
        model, _ = record_model(session, f"table {t.name}", t.report)
        self._put(name, page([model], title, nav))

    def _totals_rows(self, t: Table) -> list[list[Any]]:
        places = _places(t.totals) if t.totals is not None else [None] * len(t.seats)
        return [[s, self.name(eid), t.totals[s] if t.totals is not None else None,
                  places[s]] for s, eid in enumerate(t.seats)]

    def round_pages(self) -> None:
        for r in range(len(self.rounds)):
            self.round_page(r)

    def round_page(self, r: int) -> None:
        """Round ``r``'s page (from 0): its tables (``self.rounds[r]``) and who was absent."""
        tables = self.rounds[r]
        shown = [{"href": f"round-{r + 1}-table-{t.index + 1}.html", "name": t.name,
                  "rows": self._totals_rows(t)}
                 for t in sorted(tables, key=lambda x: x.index)]
        absent = [self.name(a) for a in self.rec["rounds"][r].get("absent", [])]
        self._put(f"round-{r + 1}.html", render(
            "round.html", title=f"{self.title} · round {r + 1}", kind="doc",
            scripted=False, nav=_nav(len(self.rounds), self.home), heads=TOTALS,
            tables=shown, absent=absent))

    def index(self, rows: list[Row]) -> None:
        ev = self.rec.get("event") or {}
        info = " · ".join(str(ev[k]) for k in ("date", "site", "series") if ev.get(k))
        n = len(self.rounds)
        scheme = rows[0].rules.ranks_by if rows else BY_TOTAL
        label = HEADINGS[scheme]
        total_h, score_h, points_h = (label[k].replace("_", " ")
                                      for k in ("total", "score", "rank_points"))
        # rank, name and total first: what a narrow window shows before the box scrolls
        heads: list[Any] = ["rank", "player", total_h, score_h, points_h, "club"] + \
            [{"href": f"round-{r + 1}.html", "text": f"round {r + 1}"} for r in range(n)]
        body = []
        for row in rows:
            cells: list[Any] = [row.rank, name_cell(self.register.get(row.entrant) or row.player,
                                                    self.people.get(row.entrant)),
                                number_text(row.total), row.score,
                                number_text(row.rank_points), row.club]
            for r in range(n):
                v, p = row.rounds[r], row.table_ranks[r]
                cells.append("absent" if v is None else f"{v}" if p is None else f"{v} ({p}.)")
            body.append(cells)
        if rows and rows[0].rules.own:
            info = (info + " · " if info else "") + "ranked by its own tournament block"
        placing = scheme == BY_RANK_POINTS
        self._put("index.html", render(
            "standings.html", title=self.title, kind="doc", scripted=False,
            nav=_nav(n, self.home), info=info, heads=heads, rows=body, name_columns=[1],
            more=f"the {points_h}, clubs and rounds",
            legend=legend(["rank", total_h, score_h, points_h, "round R"],
                          PLACING_LEGEND if placing else None)))


def _places(totals: list[int]) -> list[int]:
    return [1 + sum(1 for y in totals if y > x) for x in totals]


def _read(path: str) -> tuple[dict[str, Any] | None, tuple[int, list[str]]]:
    """The one tournament record in ``path``, or None with the status and lines saying why."""
    from .. import schema
    found = list(entries(path))
    if not found or found[0].problem is not None:
        from ..report import unreadable
        return None, (2, [unreadable(found[0]) if found else f"{path}: it holds no record"])
    rec = found[0].record
    if len(found) != 1 or not isinstance(rec, dict) or "rounds" not in rec:
        return None, (2, [f"{path}: publish takes one tournament record (a file with rounds)"])
    if not schema.fast_check(rec):
        return None, (1, [f"{path}: {f}" for f in schema.explain(rec)] +
                      [f"{path}: not valid; nothing published"])
    return rec, (0, [])


def publish(path: str, out: str, force: bool = False,
            write: Callable[[str, Iterator[str]], None] = _write_page,
            people: Mapping[str, str] | None = None) -> tuple[int, list[str]]:
    """Write the site of the tournament in ``path`` into the folder ``out`` (made if missing;
    an existing site of ours is replaced only with ``force``, a folder holding anything else
    never). Returns the exit status (0 written; 1 the tournament is not valid; 2 not readable,
    not a tournament, the folder cannot be written, or stopped by SIGTERM, SIGHUP or Ctrl-C)
    and the lines to tell the user; whenever it is not 0, ``out`` is as it was (module
    docstring). ``people``: entrant id -> the page a standings row links to."""
    rec, refused = _read(path)
    if rec is None:
        return refused
    return staged_site(out, force, lambda folder: _build(path, rec, out, folder, write, people))


def write_event(path: str, folder: str, write: Callable[[str, Iterator[str]], None],
                people: Mapping[str, str] | None = None, home: str = "",
                register: Mapping[str, str] | None = None) -> tuple[int, list[str]]:
    """The site of the tournament in ``path`` written into ``folder``, which is made here and
    lies inside a folder the caller switches in whole (``publish --archive``; ``home``: the
    archive's front page; ``register``: entrant id -> a linked person's register name)."""
    rec, refused = _read(path)
    if rec is None:
        return refused
    os.makedirs(folder, exist_ok=True)
    return _build(path, rec, folder, folder, write, people, home, register)


def staged_site(out: str, force: bool,
                build: Callable[[str], tuple[int, list[str]]]) -> tuple[int, list[str]]:
    """``build(folder)`` writes a site into a temporary folder beside ``out``, which is
    switched in whole when it returns status 0 (``atomic.StagedFolder``); otherwise, or on an
    error or a signal, ``out`` stays as it was, and the last line says so."""
    staged = StagedFolder(out, MARKER, replace=force)
    try:
        staged.check()
        with staged.building() as folder:
            status, lines = build(folder)
            if status == 0:
                staged.commit()
            elif lines:
                lines[-1] += f"; {staged.left}"
            return status, lines
    except WriteError as err:
        return 2, [f"tarockrec: {err.message}"]
    except (Terminated, KeyboardInterrupt) as err:
        why = err.name if isinstance(err, Terminated) else "Ctrl-C"
        return 2, [f"tarockrec: stopped by {why} while publishing to {out}; {staged.left}"]


def _build(path: str, rec: dict[str, Any], out: str, folder: str,
           write: Callable[[str, Iterator[str]], None],
           people: Mapping[str, str] | None = None, home: str = "",
           register: Mapping[str, str] | None = None) -> tuple[int, list[str]]:
    """The pages into ``folder`` (``out`` as the user named it); status 1 if the tournament is
    not valid."""
    site = Site(rec, folder, write)
    site.people = people or {}
    site.home = home
    site.register = register or {}
    findings: list[Finding] = []
    rows = validate_tournament(rec, findings, origin=path, on_table=site.table_page)
    errors = [f for f in findings if f.severity == "error"]
    if errors or rows is None:
        return 1, [f"{path}: {f}" for f in errors] + [f"{path}: not valid; nothing published"]
    site.round_pages()
    site.index(rows)
    return 0, [f"wrote {len(site.files)} pages to {out} (index.html: the standings)"]
