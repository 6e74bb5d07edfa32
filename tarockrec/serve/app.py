"""The pages of ``tarockrec serve`` (a Flask application; ``create_app`` makes one).

Director (``/director/...``, behind the password): events, registration, rounds, the overview,
corrections and finishing. Tables (``/t/<code>``): a table's score sheet, entered deal by deal
and confirmed by a second seat. Every POST carries the session's CSRF token and a submission
key (stored with what it stored: a resend is answered, not stored again)."""
from __future__ import annotations

import json
import re
import sqlite3
from typing import Any, Callable, TypeVar, cast

from flask import (Flask, Response, abort, current_app, flash, g, get_flashed_messages,
                   redirect, render_template, request, session, url_for)
from jinja2 import ChoiceLoader, PackageLoader
from markupsafe import Markup
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from .. import games
from .. import rulesets, site
from ..findings import Finding
from . import evening, pages, sheetform, storage
from .security import Password, RateLimit, same, token

#: the largest request body accepted (a form of a deal is well under 4 kB)
MAX_BODY = 64 * 1024
F = TypeVar("F", bound=Callable[..., Any])
Page = str | BaseResponse | tuple[str, int]


def create_app(archive: str, password: Password, public_url: str = "") -> Flask:
    """The application on the archive file ``archive`` (made and migrated if needed)."""
    storage.prepare(archive)
    app = Flask(__name__)
    # the server's pages, then the site's templates: its one layout (base.html), navigation
    # and stylesheet (issue 44); autoescaping stays on (Flask's, for .html)
    app.jinja_loader = ChoiceLoader([PackageLoader(__name__, "templates"),
                                     PackageLoader(site.__name__, "templates")])
    conn = storage.connect(archive)
    try:
        app.secret_key = storage.setting(conn, "secret_key", token() + token())
    finally:
        conn.close()
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, MAX_FORM_MEMORY_SIZE=MAX_BODY,
                      SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Strict",
                      ARCHIVE=archive, PUBLIC_URL=public_url, PROPAGATE_EXCEPTIONS=False)
    app.extensions["tarockrec.limits"] = RateLimit()
    app.extensions["tarockrec.password"] = password
    for routes in (_hooks, _start_routes, _event_routes, _round_routes,
                   _correction_routes, _departure_routes, _room_routes, _table_routes):
        routes(app)
    pages.routes(app, pages.Helpers(db, the_table, writable, open_event, _key, _table_page))
    return app


def _hooks(app: Flask) -> None:
    """The request hooks, error pages, template globals and the stylesheet."""
    @app.teardown_appcontext
    def _close(_: BaseException | None) -> None:
        c = g.pop("db", None)
        if c is not None:
            c.close()

    @app.before_request
    def _csrf() -> None:
        session.setdefault("csrf", token())
        if request.method == "POST" and not same(request.form.get("csrf"), session["csrf"]):
            abort(400, "the form is out of date or did not come from this page: reload it")

    @app.after_request
    def _headers(resp: Response) -> Response:
        # a page of the site's own (pages.standalone) brings its own, stricter policy
        resp.headers.setdefault("Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "style-src 'self'; frame-ancestors 'none'")
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        return resp

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> tuple[str, int]:
        return render_template("error.html", code=err.code, why=err.description), \
            err.code or 500

    @app.errorhandler(Exception)
    def _bug(err: Exception) -> tuple[str, int]:      # never a traceback in a response
        app.logger.error("internal error: %s: %s", type(err).__name__, err)
        return render_template("error.html", code=500,
                               why="something went wrong on the server; nothing was "
                               "stored by this request"), 500

    @app.context_processor
    def _globals() -> dict[str, Any]:
        director = session.get("director", False)
        return {"csrf": session.get("csrf", ""), "director": director, "new_key": token,
                # what the one layout (site/templates/base.html) takes from the server
                "kind": "serve", "served": {"stylesheet": url_for("stylesheet")},
                "nav": [[{"href": url_for("index"), "text": "tarockrec"}]],
                "logout": url_for("logout") if director else "",
                "messages": get_flashed_messages()}

    @app.get("/site.css")
    def stylesheet() -> Response:
        # the one stylesheet's parts for the server's pages (its CSP allows 'self' only)
        resp = Response(site.stylesheet("serve"), mimetype="text/css")
        resp.cache_control.max_age = 300
        return resp


def _start_routes(app: Flask) -> None:
    """The start page, a table code typed in, the director's login and logout."""
    # -- start and login -------------------------------------------------------------------
    @app.get("/")
    def index() -> Page:
        if session.get("director"):
            return redirect(url_for("director"))
        return render_template("index.html")

    @app.get("/table")
    def table_code() -> Page:
        code = re.sub(r"[^A-Za-z0-9]", "", request.args.get("code", ""))[:16].upper()
        return redirect(url_for("table", code=code)) if code else redirect(url_for("index"))

    @app.route("/login", methods=["GET", "POST"])
    def login() -> Page:
        if request.method == "POST":
            if _limits().blocked(client()):
                abort(429, "too many wrong passwords: wait a minute")
            if current_app.extensions["tarockrec.password"].check(request.form.get("password", "")):
                session.clear()
                session["csrf"] = token()
                session["director"] = True
                return redirect(url_for("director"))
            _limits().fail(client())
            flash("wrong password")
        return render_template("login.html")

    @app.post("/logout")
    def logout() -> Page:
        session.clear()
        return redirect(url_for("index"))


def _event_routes(app: Flask) -> None:
    """The director's events: the list, a new one, one event's page."""
    # -- the director ----------------------------------------------------------------------
    @app.get("/director")
    @director_only
    def director() -> Page:
        choices = {name: ruleset_names(name) for name in games.MODULES}
        return render_template("director.html", events=storage.events(db()), choices=choices,
                               qr=_qr(app.config["PUBLIC_URL"]),
                               url=app.config["PUBLIC_URL"])

    @app.post("/director/events")
    @director_only
    def new_event() -> Page:
        f = request.form
        game, _, rules = f.get("gamerules", "").partition("/")
        if game not in games.MODULES or rules not in ruleset_names(game):
            abort(400, "choose a game and one of its rule sets")
        name = _text(f.get("name"), 200)
        if not name:
            abort(400, "the event needs a name")
        date = _text(f.get("date"), 10)
        if date and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            abort(400, "the date is written as year, month and day: 2026-12-02")
        event_id = storage.new_event(db(), game, rules, name, date or None,
                                     _text(f.get("site"), 200) or None,
                                     _text(f.get("series"), 200) or None)
        return redirect(url_for("event_page", event_id=event_id))

    @app.get("/director/event/<int:event_id>")
    @director_only
    def event_page(event_id: int) -> Page:
        ev = open_event(event_id)
        c = db()
        register = storage.entrants(c, event_id)
        current = storage.current_round(c, event_id)
        counts = storage.deal_counts(c, event_id)
        query = _text(request.args.get("q"), 100)
        return render_template(
            "event.html", ev=ev, register=register, current=current,
            tables=storage.tables(c, event_id), counts=counts, query=query,
            found=evening.search_people(c, query) if query else [],
            names=evening.names_of(register), corrections=storage.corrections(c, event_id),
            sizes=games.get(ev.game).table_sizes if games.get(ev.game) else (),  # type: ignore
            written=storage.totals_of_event(c, event_id),
            has_results=evening.has_results(c, event_id, current))



def _round_routes(app: Flask) -> None:
    """Registration, withdrawal, drawing a round, confirming for a table."""
    @app.post("/director/event/<int:event_id>/register")
    @director_only
    def register(event_id: int) -> Page:
        _event_open(event_id)
        name = _text(request.form.get("name"), 100)
        if not name:
            abort(400, "an entrant needs a name")
        entrant = storage.register(db(), event_id, name,
                                   _text(request.form.get("club"), 100) or None,
                                   _text(request.form.get("person"), 100) or None)
        flash(f"registered {name} as entrant {entrant}")
        return redirect(url_for("event_page", event_id=event_id))

    @app.post("/director/event/<int:event_id>/withdraw")
    @director_only
    def withdraw(event_id: int) -> Page:
        _event_open(event_id)
        c = db()
        entrant = _text(request.form.get("entrant"), 20)
        storage.withdraw(c, event_id, entrant)
        current = storage.current_round(c, event_id)
        if any(entrant in t.seats for t in storage.tables(c, event_id, current)) and not any(
                e.plays(current) for e in storage.entrants(c, event_id) if e.entrant == entrant):
            flash(f"entrant {entrant} is seated in round {current}, which has no result yet: "
                  "draw it again without him")
        return redirect(url_for("event_page", event_id=event_id))

    @app.post("/director/event/<int:event_id>/round")
    @director_only
    def draw_round(event_id: int) -> Page:
        """Seat the next round (or the current one again, before any result of it): by the
        draw (random, standings: issue 40) or the director's own seating (fixed)."""
        ev = _event_open(event_id)
        c = db()
        redraw = request.form.get("redraw") == "yes"
        current = storage.current_round(c, event_id)
        if redraw and (current == 0 or evening.has_results(c, event_id, current)):
            abort(409, "a round can be drawn again only before any result of it is entered")
        number = current if redraw else current + 1
        method = request.form.get("method", "fixed")
        if method not in ("fixed", "random", "standings"):
            abort(400, "the draw's method is fixed, random or standings")
        seed_text = request.form.get("seed", "").strip()
        if seed_text and not re.fullmatch(r"\d{1,18}", seed_text):
            abort(400, "a seed is a whole number")
        seating = None
        if method == "fixed":
            seating = _seating(request.form.get("seating", ""), storage.entrants(c, event_id))
            problems = evening.check_seating(c, ev, seating, number)
            if problems:
                for p in problems:
                    flash(f"{p.message} [{p.code}]")
                return redirect(url_for("event_page", event_id=event_id))
        try:
            tables, draw = evening.draw_round(c, ev, method, int(seed_text) if seed_text
                                              else None, redraw, seating)
        except evening.DrawRefused as err:
            flash(f"not drawn: {err}")
            return redirect(url_for("event_page", event_id=event_id))
        storage.add_round(c, event_id, tables, draw, redraw)
        flash(f"round {number} is seated" + (f" (draw: {method}, seed {draw['seed']})"
                                              if "seed" in draw else ""))
        return redirect(url_for("event_page", event_id=event_id))

    @app.post("/director/event/<int:event_id>/confirm/<int:table_id>")
    @director_only
    def director_confirm(event_id: int, table_id: int) -> Page:
        _event_open(event_id)
        _event_table(event_id, table_id)
        storage.confirm(db(), table_id, None, _key())
        return redirect(url_for("event_page", event_id=event_id))



def _correction_routes(app: Flask) -> None:
    """Corrections, finishing the event, its record."""
    @app.route("/director/event/<int:event_id>/correct/<int:table_id>",
               methods=["GET", "POST"])
    @director_only
    def correct(event_id: int, table_id: int) -> Page:
        ev = _event_open(event_id)
        c = db()
        t = _event_table(event_id, table_id)
        names = evening.names_of(storage.entrants(c, event_id))
        sheets = [d.sheet for d in storage.deals(c, table_id)]
        if request.method == "POST":
            sheet = _sheet_json(request.form.get("sheet", ""))
            # a deal changed or removed, or one the table missed added after its last
            number = _number(request.form.get("deal"), len(sheets) + (sheet is not None))
            reason = _text(request.form.get("reason"), 500)
            if not reason:
                abort(400, "a correction needs a reason")
            trial = sheets[:number - 1] + ([sheet] if sheet is not None else []) + \
                sheets[number:]
            checked = evening.check_session(ev, t, names, trial)
            if checked.errors:
                for f in checked.errors[:5]:
                    flash(f"not corrected: {f.message} [{f.code}]")
            else:
                storage.correct(c, event_id, table_id, number, sheet, reason, _key())
                flash(f"deal {number} corrected")
                return redirect(url_for("event_page", event_id=event_id))
        return render_template("correct.html", ev=ev, t=t, names=names,
                               sheets=[json.dumps(s, ensure_ascii=False) for s in sheets])

    @app.post("/director/event/<int:event_id>/finish")
    @director_only
    def finish(event_id: int) -> Page:
        ev = _event_open(event_id)
        problems = evening.finish_event(db(), ev)
        for p in problems[:10]:
            flash(f"not finished: {p.pointer} {p.message} [{p.code}]")
        if not problems:
            flash("the event is finished and stored in the archive as a tournament")
        return redirect(url_for("event_page", event_id=event_id))

    @app.get("/director/event/<int:event_id>/tournament.json")
    @director_only
    def record(event_id: int) -> Page:
        """The evening as it stands, as a tournament record (``tarockrec validate``,
        ``standings`` and ``publish`` read it)."""
        ev = open_event(event_id)
        body = json.dumps(evening.tournament(db(), ev), ensure_ascii=False, indent=1)
        return Response(body + "\n", mimetype="application/json", headers={
            "Content-Disposition": f'attachment; filename="evening-{event_id}.json"'})



def _departure_routes(app: Flask) -> None:
    """A departure during a round: a player leaves a table after a deal (another entrant may
    take his seat over), or the director ends a table early; checked as ``validate`` checks
    the record, logged as a correction."""
    @app.post("/director/event/<int:event_id>/depart/<int:table_id>")
    @director_only
    def depart(event_id: int, table_id: int) -> Page:
        ev = _event_open(event_id)
        c = db()
        t = _event_table(event_id, table_id)
        reason = _text(request.form.get("reason"), 500)
        if not reason:
            abort(400, "a departure needs a reason")
        f = request.form
        seat = int(f["seat"]) if f.get("seat", "").isdigit() and \
            int(f["seat"]) < len(t.seats) else None
        after = int(f["after_deal"]) if f.get("after_deal", "").isdigit() else None
        if (seat is None) != (after is None) or (seat is None and f.get("ended") != "yes"):
            abort(400, "say which seat left after which deal, or end the table")
        register = storage.entrants(c, event_id)
        sub = _seating(f["substitute"], register)[0][0] \
            if f.get("substitute", "").strip() else None
        changes = evening.departure(t, seat, after, sub, f.get("ended") == "yes")
        problems = evening.check_departure(c, ev, t, changes, sub)
        for p in problems[:5]:
            flash(f"not recorded: {p.message} [{p.code}]")
        if not problems:
            storage.set_changes(c, event_id, t, changes, reason, _key(),
                                t.seats[seat] if seat is not None else None)
            flash(f"round {t.round} table {t.number}: departure recorded")
        return redirect(url_for("correct", event_id=event_id, table_id=table_id))


def _room_routes(app: Flask) -> None:
    """What the room sees: the live standings and the printed table cards."""
    # -- for the room ----------------------------------------------------------------------
    @app.get("/standings/<int:event_id>")
    def standings(event_id: int) -> Page:
        """The standings for a projector, refreshing itself (no script: a meta refresh)."""
        ev = open_event(event_id)
        now = evening.live(db(), ev)
        return render_template("standings.html", ev=ev, live=now,
                               current=storage.current_round(db(), event_id))

    @app.get("/director/event/<int:event_id>/cards/<int:round_no>")
    @director_only
    def cards(event_id: int, round_no: int) -> Page:
        """The round's table list and one printable card per table: its address and code
        (with the QR code), the seats, an empty sheet for the deals."""
        ev = open_event(event_id)
        c = db()
        names = evening.names_of(storage.entrants(c, event_id))
        tables = storage.tables(c, event_id, round_no)
        if not tables:
            abort(404, "no such round")
        base = app.config["PUBLIC_URL"] or request.host_url
        n = max(len(t.seats) for t in tables)
        left = evening.deals_left(ev, n, [])
        return render_template("cards.html", ev=ev, round_no=round_no, names=names,
                               tables=tables, rows=range(left),
                               links={t.code: base.rstrip("/") + url_for("table", code=t.code)
                                      for t in tables},
                               qrs={t.code: _qr(base.rstrip("/") + url_for("table",
                                                                           code=t.code))
                                    for t in tables})



def _table_routes(app: Flask) -> None:
    """A table's own pages: its sheet, a deal entered, its confirmation."""
    @app.get("/t/<code>")
    def table(code: str) -> Page:
        t, ev = the_table(code)
        return _table_page(t, ev)

    @app.post("/t/<code>/deal")
    def enter_deal(code: str) -> Page:
        t, ev = the_table(code)
        key = _key()
        c = db()
        again = storage.submitted(c, key)
        if again is not None:
            flash(f"{again} (already saved)")
            return redirect(url_for("table", code=code))
        writable(t, ev)
        if t.confirmed is not None or t.round != storage.current_round(c, ev.id):
            # the director's change to a table that can no longer change itself is a
            # correction: stored with its reason and logged (the correction page)
            abort(409, "this table's result is confirmed or its round is over: correct it on "
                  "its correction page, with a reason")
        if storage.totals(c, t.id) is not None:
            pages.say([Finding("EVENING-TOTALS-DEALS", "the table has entered its "
                                "totals only: remove them first to enter deals", "")])
            return _table_page(t, ev, None, 422)
        names = evening.names_of(storage.entrants(c, ev.id))
        sheets = [d.sheet for d in storage.deals(c, t.id)]
        n = len(t.seats)
        number = _number(request.form.get("number") or str(len(sheets) + 1), len(sheets) + 1)
        spec = sheetform.form_spec(ev.game, ev.rules, n)
        form = {k: v for k, v in request.form.items() if k not in ("csrf", "key")}
        try:
            outcome = sheetform.outcome_of(request.form, spec)
        except sheetform.FormError as err:
            flash(f"not saved: {err}")
            return _table_page(t, ev, form, 422)
        dealer = sheets[number - 1]["dealer"] if number <= len(sheets) else \
            evening.next_dealer(ev, n, sheets)
        sheet = {"dealer": dealer, "outcome": outcome}
        trial = sheets[:number - 1] + [sheet] + sheets[number:]
        checked = evening.check_session(ev, t, names, trial)
        ended = evening.closed(t, number, len(sheets))
        if checked.errors or ended:
            for f in ([ended] if ended else checked.errors[:5]):
                flash(f"not saved: {f.message} [{f.code}]")
            return _table_page(t, ev, form, 422)
        seat = request.form.get("seat", "")
        what = f"deal {number} saved"
        again = storage.store_deal(c, t.id, number, sheet,
                                   int(seat) if seat.isdigit() and int(seat) < n else None,
                                   key, what)
        flash(what if again is None else f"{again} (already saved)")
        return redirect(url_for("table", code=code))

    @app.post("/t/<code>/confirm")
    def confirm(code: str) -> Page:
        t, ev = the_table(code)
        key = _key()
        if storage.submitted(db(), key) is not None:
            return redirect(url_for("table", code=code))
        writable(t, ev)
        deals = storage.deals(db(), t.id)
        seat = request.form.get("seat", "")
        if not seat.isdigit() or int(seat) >= len(t.seats):
            abort(400, "say which seat confirms")
        written = storage.totals(db(), t.id)
        if not deals and written is None:
            abort(409, "there is nothing to confirm yet")
        last = deals[-1].seat if deals else written.seat if written else None
        if last is not None and last == int(seat):
            flash("another seat than the one who entered the last deal must confirm")
            return redirect(url_for("table", code=code))
        storage.confirm(db(), t.id, int(seat), key)
        flash("the table's result is confirmed")
        return redirect(url_for("table", code=code))



# -- shared by the pages ----------------------------------------------------------------
def _limits() -> RateLimit:
    """The guard against guessed passwords and table codes (one per application)."""
    return cast(RateLimit, current_app.extensions["tarockrec.limits"])


def db() -> sqlite3.Connection:
    """This request's connection to the archive (closed when the request ends)."""
    if "db" not in g:
        g.db = storage.connect(current_app.config["ARCHIVE"])
    return cast(sqlite3.Connection, g.db)


def client() -> str:
    """The address a request came from (what the rate limit counts)."""
    return request.remote_addr or "?"


def director_only(view: F) -> F:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not session.get("director"):
            return redirect(url_for("login"))
        return view(*args, **kwargs)
    wrapped.__name__ = view.__name__
    return cast(F, wrapped)

def open_event(event_id: int) -> storage.Event:
    ev = storage.event(db(), event_id)
    if ev is None:
        abort(404, "no such event")
    return ev


def _event_open(event_id: int) -> storage.Event:
    ev = open_event(event_id)
    if ev.state != "open":
        abort(409, "the event is finished: nothing more can be changed")
    return ev


def _event_table(event_id: int, table_id: int) -> storage.Table:
    """The event's table ``table_id`` (404 for another event's or none)."""
    t = storage.table_by_id(db(), table_id)
    if t is None or t.event_id != event_id:
        abort(404, "no such table")
    return t

# -- a table ---------------------------------------------------------------------------
def the_table(code: str) -> tuple[storage.Table, storage.Event]:
    if _limits().blocked(client()):
        abort(429, "too many wrong table codes: wait a minute")
    t = storage.table_by_code(db(), code) if re.fullmatch(r"[A-Z0-9]{1,16}", code) \
        else None
    if t is None:
        _limits().fail(client())
        abort(404, "no table has this code")
    ev = storage.event(db(), t.event_id)
    assert ev is not None
    return t, ev

def writable(t: storage.Table, ev: storage.Event) -> None:
    """A table writes only its own table in the current round, until it confirmed; the
    director enters for any open table of the open event."""
    if ev.state != "open":
        abort(403, "the event is finished")
    if session.get("director"):
        return
    if t.round != storage.current_round(db(), ev.id):
        abort(403, "this table's round is over: only the director can change it now")
    if t.confirmed is not None:
        abort(403, "the table has confirmed its result: only the director can change it")


def _table_page(t: storage.Table, ev: storage.Event, form: dict[str, str] | None = None,
                status: int = 200) -> tuple[str, int]:
    c = db()
    names = evening.names_of(storage.entrants(c, ev.id))
    deals = storage.deals(c, t.id)
    sheets = [d.sheet for d in deals]
    checked = evening.check_session(ev, t, names, sheets)
    n = len(t.seats)
    scores = [s.deltas if s is not None else None for s in checked.report.scores]
    dealer = evening.next_dealer(ev, n, sheets)
    return render_template(
        "table.html", t=t, ev=ev, seats=[names[s] for s in t.seats], deals=deals,
        scores=scores, totals=checked.report.totals, dealer=dealer,
        left=evening.deals_left(ev, n, sheets),
        spec=sheetform.form_spec(ev.game, ev.rules, n), rows=range(sheetform.ITEM_ROWS),
        form=form or {}, current=ev.state == "open" and (session.get("director") or (
            t.round == storage.current_round(c, ev.id) and t.confirmed is None)),
        edit=_number(request.args.get("edit"), len(deals)) if request.args.get("edit")
        else None, **pages.table_extras(c, t, ev, bool(session.get("director")))), status





def ruleset_names(game: str) -> list[str]:
    """The complete rule sets of ``game`` (an incomplete one cannot check a deal)."""
    return [name for name, doc in rulesets.for_game(game).items() if doc.complete]


def _key() -> str:
    key = request.form.get("key", "")
    if not re.fullmatch(r"[A-Za-z0-9_-]{16,64}", key):
        abort(400, "the form carries no submission key: reload the page")
    return key


def _text(value: str | None, most: int) -> str:
    return " ".join((value or "").split())[:most]


def _number(value: str | None, most: int) -> int:
    if value is None or not value.isdigit() or not 1 <= int(value) <= most:
        abort(400, "no such deal")
    return int(value)


def _sheet_json(text: str) -> dict[str, Any] | None:
    """A corrected deal as the director writes it (JSON: ``dealer`` and ``outcome``), or
    nothing (empty: the deal is removed)."""
    if not text.strip():
        return None
    try:
        sheet = json.loads(text)
    except ValueError as err:
        abort(400, f"the corrected deal is not JSON ({err})")
    if not isinstance(sheet, dict) or set(sheet) - {"dealer", "outcome", "result", "auction"}:
        abort(400, "a corrected deal holds dealer and outcome (and may hold result, auction)")
    return sheet


def _seating(text: str, register: list[storage.Entrant]) -> list[list[str]]:
    """The director's seating: one table a line, its entrants by id or name, seat order."""
    by_name = {evening.fold(e.name): e.entrant for e in register}
    ids = {e.entrant for e in register}
    out = []
    for line in text.splitlines()[:500]:
        parts = [p.strip() for p in re.split(r"[,;]", line.split(":", 1)[-1]) if p.strip()]
        if parts:
            out.append([p if p in ids else by_name.get(evening.fold(p), p)[:40]
                        for p in parts[:8]])
    if not out:
        abort(400, "give the seating: one table a line, its entrants by number or name")
    return out


def _qr(url: str) -> Markup | None:
    if not url:
        return None
    import segno
    return Markup(segno.make(url, error="m").svg_inline(scale=4, title="the tables' address"))
