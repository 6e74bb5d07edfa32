"""The evening's pages for the room and a table's totals (issue 41, §3 and §4).

The live site (``/live/EVENT/...``) is the site ``tarockrec publish`` writes, drawn by its own
renderers (``site.publish.Site``, ``site.deal``, their templates) from the evening as it
stands, at the same relative addresses: ``index.html`` the standings, ``round-R.html`` a
round's tables with their results, ``round-R-table-T.html`` a table's sheet with every deal
drawn and stepped through as ``show --html`` draws it (or its totals, where it entered only
those). The pages are the site's self-contained ones (their stylesheet and script written in):
each is sent with a Content-Security-Policy that allows exactly its own inline style and
script, by their SHA-256 hashes, and nothing else.

A table whose rule set ranks by totals only may enter its totals instead of its deals
(``POST /t/CODE/totals``), checked as ``validate`` checks a table of totals only
(``evening.check_totals``) and written into the evening's record as such a table is
(``result.totals``, no deals).

The routes are added by ``routes(app, helpers)``: the request helpers of ``app`` are handed in
(``Helpers``), so that this module does not import the application's."""
from __future__ import annotations

import base64
import hashlib
import re
import sqlite3
from dataclasses import dataclass
from typing import Any, Callable

from flask import Flask, Response, abort, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..findings import Finding
from ..site.publish import Site
from ..tournament.record import Table, validate_tournament
from . import evening, sheetform, storage

Page = str | BaseResponse | tuple[str, int]


@dataclass(frozen=True)
class Helpers:
    """The request helpers of ``app`` (its connection, a table by its code, the writer's
    guard, an event by its id, the submission key, a table's page)."""

    db: Callable[[], sqlite3.Connection]
    the_table: Callable[[str], tuple[storage.Table, storage.Event]]
    writable: Callable[[storage.Table, storage.Event], None]
    open_event: Callable[[int], storage.Event]
    key: Callable[[], str]
    table_page: Callable[..., tuple[str, int]]


def routes(app: Flask, h: Helpers) -> None:
    """The live site's pages and a table's totals."""
    _live_routes(app, h)
    _totals_routes(app, h)


# -- the live site -------------------------------------------------------------------------
def _live_routes(app: Flask, h: Helpers) -> None:
    @app.get("/live/<int:event_id>/")
    def live_home(event_id: int) -> Page:
        return redirect(url_for("live_index", event_id=event_id))

    @app.get("/live/<int:event_id>/index.html")
    def live_index(event_id: int) -> Page:
        """The standings as ``publish`` writes its front page, over the rounds ranked so far
        (``evening.live``: the projector's figures)."""
        ev = h.open_event(event_id)
        c = h.db()
        site, pages = _site(evening.tournament(c, ev))
        site.index(evening.live(c, ev).rows)
        return standalone(pages["index.html"])

    @app.get("/live/<int:event_id>/round-<int:round_no>.html")
    def live_round(event_id: int, round_no: int) -> Page:
        """A round's tables with their results so far, as ``publish`` writes the round."""
        ev = h.open_event(event_id)
        rec = evening.tournament(h.db(), ev)
        site, pages = _site(rec)
        _check_round(rec, round_no, None, lambda t: site.rounds[t.round].append(
            Table(t.round, t.index, t.name, t.seats, t.totals)))
        site.round_page(round_no - 1)
        return standalone(pages[f"round-{round_no}.html"])

    @app.get("/live/<int:event_id>/round-<int:round_no>-table-<int:number>.html")
    def live_table(event_id: int, round_no: int, number: int) -> Page:
        """A table's sheet with its deals drawn as ``publish`` draws them."""
        ev = h.open_event(event_id)
        rec = evening.tournament(h.db(), ev)
        site, pages = _site(rec)
        _check_round(rec, round_no, number, site.table_page)
        name = f"round-{round_no}-table-{number}.html"
        if name not in pages:
            abort(404, f"table {number} of round {round_no} has entered nothing yet: its "
                  "page shows its deals once the first is in")
        return standalone(pages[name])


def _site(rec: dict[str, Any]) -> tuple[Site, dict[str, str]]:
    """``publish``'s site of ``rec``, writing its pages into the returned dict."""
    pages: dict[str, str] = {}

    def keep(path: str, chunks: Any) -> None:
        pages[path] = "".join(chunks)
    return Site(rec, "", keep), pages


def _check_round(rec: dict[str, Any], round_no: int, number: int | None,
                 on_table: Callable[[Table], None]) -> None:
    """Validate round ``round_no``'s tables (only table ``number`` where given) as
    ``publish`` does, handing each to ``on_table``; the earlier rounds and the other tables
    are left out of the check (their play is not this page's)."""
    if not 1 <= round_no <= len(rec["rounds"]) or number is not None and not \
            1 <= number <= len(rec["rounds"][round_no - 1]["tables"]):
        abort(404, "no such round or table")
    trial = dict(rec)
    rounds = [dict(r) for r in rec["rounds"][:round_no]]
    for r, rnd in enumerate(rounds):
        rnd["draw"] = rnd.get("draw") or {"method": "fixed"}   # a table without play: waits
        rnd["tables"] = [t if r == round_no - 1 and number in (None, k + 1) else
                         {"table": t["table"], "seats": t["seats"]}
                         for k, t in enumerate(rnd["tables"])]
    trial["rounds"] = rounds
    validate_tournament(trial, [], on_table=lambda t: on_table(t) if t.round == round_no - 1
                        else None, check_draws=False)


#: an inline style or script element of a self-contained page (no attributes: the data
#: block, ``type="application/json"``, is not run and needs no hash)
_INLINE = re.compile(r"<(style|script)>(.*?)</\1>", re.S)


def standalone(html: str) -> Response:
    """A self-contained page of the site with a Content-Security-Policy that allows its own
    inline style and script (their SHA-256 hashes) and nothing else: no other source, no
    form, no frame."""
    allowed: dict[str, list[str]] = {"style": [], "script": []}
    for kind, body in _INLINE.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        allowed[kind].append(f"'sha256-{digest}'")
    policy = ["default-src 'none'", "img-src data:", "frame-ancestors 'none'",
              "base-uri 'none'", "form-action 'none'"] + [
        f"{kind}-src {' '.join(hashes)}" for kind, hashes in allowed.items() if hashes]
    resp = Response(html, mimetype="text/html")
    resp.headers["Content-Security-Policy"] = "; ".join(policy)
    return resp


# -- a table's totals --------------------------------------------------------------------
def _totals_routes(app: Flask, h: Helpers) -> None:
    @app.post("/t/<code>/totals")
    def enter_totals(code: str) -> Page:
        """The table's totals instead of its deals (or, ``clear``, removed again)."""
        t, ev = h.the_table(code)
        key = h.key()
        c = h.db()
        again = storage.submitted(c, key)
        if again is not None:
            flash(f"{again} (already saved)")
            return redirect(url_for("table", code=code))
        h.writable(t, ev)
        n = len(t.seats)
        form = {k: v for k, v in request.form.items() if k not in ("csrf", "key")}
        values: list[int] | None = None
        if request.form.get("clear") != "yes":
            try:
                values = [sheetform.whole(request.form.get(f"total{s}", ""),
                                          "each seat's total") for s in range(n)]
            except sheetform.FormError as err:
                flash(f"not saved: {err}")
                return h.table_page(t, ev, form, 422)
        problems = evening.check_totals(c, ev, t, values)
        if problems:
            say(problems)
            return h.table_page(t, ev, form, 422)
        seat = request.form.get("seat", "")
        what = "the totals saved" if values is not None else "the totals removed"
        again = storage.store_totals(c, t.id, values,
                                     int(seat) if seat.isdigit() and int(seat) < n else None,
                                     key, what)
        flash(what if again is None else f"{again} (already saved)")
        return redirect(url_for("table", code=code))


def say(problems: list[Finding]) -> None:
    """The findings that refused an entry, each with its sentence and code."""
    for f in problems[:5]:
        flash(f"not saved: {f.message} [{f.code}]")


def table_extras(conn: sqlite3.Connection, t: storage.Table, ev: storage.Event,
                 director: bool) -> dict[str, Any]:
    """What a table's entry page shows besides its deals: the totals it entered, whether it
    may enter totals instead, its live page, and (for the director) the round's tables
    before and after it, reached with access keys."""
    tables = storage.tables(conn, ev.id, t.round) if director else []
    at = next((k for k, x in enumerate(tables) if x.id == t.id), 0)
    return {"written": storage.totals(conn, t.id),
            "totals_allowed": evening.totals_allowed(ev),
            "live": url_for("live_table", event_id=ev.id, round_no=t.round, number=t.number),
            "before": tables[at - 1] if at > 0 else None,
            "after": tables[at + 1] if at + 1 < len(tables) else None}
