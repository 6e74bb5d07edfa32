"""``tarockrec show RECORD --html OUT.html``: a deal as a page to step through (issue 11, item 2).

The page is built from the same replay as the terminal view (``show.trace``,
``show.session_traces`` and ``show._View``: the steps in the rules' order, their events, the
engine's ``TrickTable`` and ``score()``), turned into plain data here and drawn in the browser
by a script. Nothing is game-specific: cards are drawn from the pack's suits and ranks, the
auction, exchange and declarations are the record's own words with what the engine derived.

The file is self-contained — inline CSS, inline JavaScript, cards drawn as inline SVG by the
script, no fonts, images or network — and holds the data as JSON in a
``<script type="application/json">`` block in which ``<``, ``>`` and ``&`` are written as
``\\u003c`` … (``site.script_json``) so that no record content can end the block or start
markup; the script puts every text into the page with ``textContent``, never as HTML. The page
is the template ``deal.html``. It is written atomically
(``atomic.write_atomic``).

Steps of a deal: the dealt hands; the hands at the start of play when the talon or an exchange
changed them; then one step per trick (the trick on the table, leader and winner marked, the
hands without the cards played); the score appears at the last step. Keys: ← → a step, Home
and End the first and last, PageUp and PageDown the previous and next deal.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from .. import games
from ..findings import Finding
from ..report import unreadable
from ..scoring import Score
from ..show import (SECTIONS, TOURNAMENT_HINT, Style, Trace, _SECTION_TITLES, _View, _section,
                    _unreplayable, _value_at, _with_failure, engine_pack, session_traces, trace,
                    words)
from ..sources import Entry, entries
from ..validate import Report, validate_record
from . import cut_name, render

#: suit signs and colours of the drawn cards (a four-colour pack, as in the terminal); a suit
#: letter not listed is drawn with its letter in grey
SUIT_SIGNS = {"T": "", "S": "♠", "C": "♣", "H": "♥", "D": "♦"}
SUIT_WORDS = {"T": "trumps", "S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}


# -- the data --------------------------------------------------------------------------------
def _pack(game: games.Game[Any]) -> dict[str, Any]:
    pack = game.pack
    suits: list[str] = []
    for s in pack.suits:
        if s not in suits:
            suits.append(s)
    return {"suits": [{"code": s, "sign": SUIT_SIGNS.get(s, s), "name": SUIT_WORDS.get(s, s)}
                      for s in suits],
            "cards": {c: [pack.suits[i], pack.strength[i], c[len(pack.suits[i]):]]
                      if c.startswith(pack.suits[i]) else [pack.suits[i], pack.strength[i], c]
                      for i, c in enumerate(pack.codes)}}


def _finding(f: Finding) -> dict[str, Any]:
    return {"text": str(f), "error": f.severity == "error", "severity": f.severity}


def _score(view: _View, sc: Score | None, d: dict[str, Any]) -> dict[str, Any] | None:
    if sc is None:
        return None
    recorded = d.get("result")
    scores = recorded.get("scores") if isinstance(recorded, dict) else None
    facts = sc.facts
    seat = {k: v for k in ("declarer", "partner") if isinstance(v := facts.get(k), int)
            and not isinstance(v, bool)}
    return {"facts": view.fact_parts(sc),
            "contract": view.contract(facts["contract"]) if facts.get("contract") else "—",
            "declarer": seat.get("declarer"), "partner": seat.get("partner"),
            "items": [{"name": it.name, "base": it.base, "multiplier": it.multiplier,
                       "deltas": list(it.deltas), "note": it.note} for it in sc.items],
            "total": list(sc.deltas),
            "recorded": scores if isinstance(scores, list) else None,
            "agrees": isinstance(recorded, dict) and not any(
                view.placed(f) == "result" for f in view.findings)}


def deal_model(game: games.Game[Any], rec: dict[str, Any], d: dict[str, Any], n: int,
               tr: Trace | None, findings: list[Finding], score: Score | None,
               prefix: str = "") -> dict[str, Any]:
    """One deal as data for the page: the table, the dealt hands and talon, the sections in
    the record's words, the tricks, the score, and each finding in the section it is about."""
    view = _View(game, rec, d, n, tr, findings, Style(False, game.pack), score, prefix)
    out: dict[str, Any] = {"dealer": view.dealer, "forehand": view.forehand,
                           "sheet": "deal" not in d, "findings": _placed(view, d, findings),
                           "sections": []}
    if "deal" not in d:                      # a score sheet: the calls as written
        return _sheet_model(view, d, score, out)
    deal = d.get("deal") if isinstance(d.get("deal"), dict) else {}
    hands = deal.get("hands") if isinstance(deal, dict) else None
    out["hands"] = [[str(c) for c in h] if isinstance(h, list) else []
                    for h in (hands if isinstance(hands, list) else [])]
    out["hands"] += [[] for _ in range(n - len(out["hands"]))]
    out["empty"] = [view._empty_hand(s) if not out["hands"][s] else "" for s in range(n)]
    talon = deal.get("talon") if isinstance(deal, dict) else None
    out["talon"] = words(talon) if talon else ""
    engine = tr.engine if tr is not None else None
    failed = tr is None or engine is None or tr.failure is not None
    out["stopped"] = failed and any(f.severity == "error" for f in findings)
    out["score"] = None if failed else _score(view, score, d)
    if tr is None or engine is None:
        out["tricks"], out["start"], out["partial"] = [], None, None
        return out
    out["sections"] = _played_sections(view, d, tr)
    out.update(_play(game, d, tr, getattr(engine, "table", None)))
    return out


def _placed(view: _View, d: dict[str, Any],
            findings: list[Finding]) -> dict[str, list[dict[str, Any]]]:
    """The findings and the record's notes, each under the section it is about."""
    placed: dict[str, list[dict[str, Any]]] = {}
    for f in findings:
        placed.setdefault(view.placed(f), []).append(_finding(f))
    for note in d.get("notes") or []:
        if isinstance(note, dict):
            at = str(note.get("at", ""))
            placed.setdefault(_section(at, d), []).append(
                {"text": f"✎ {at}: {note.get('text', '')}", "error": False, "severity": "note"})
    return placed


def _sheet_model(view: _View, d: dict[str, Any], score: Score | None,
                 out: dict[str, Any]) -> dict[str, Any]:
    """A score sheet's deal: the calls and the sheet line as written, and the score."""
    sections = out["sections"]
    for section in ("auction", "declarations", "end"):
        value = d.get(section)
        if value:
            items = value if isinstance(value, list) else [value]
            sections.append(_list_section(view, section, [
                (x.get("seat") if isinstance(x, dict) else None, words(x)) for x in items],
                False))
    if isinstance(d.get("outcome"), dict):   # the sheet line the table wrote
        sections.append(_list_section(view, "outcome", [
            (None, line) for line in view.outcome_lines(d["outcome"])], False))
    result = d.get("result") or {}
    out["sheet_result"] = [f"{k} {words(v)}" for k, v in result.items()
                           if k != "scores" and not k.startswith("_")]
    out["score"] = _score(view, score, d)
    return out


def _played_sections(view: _View, d: dict[str, Any], tr: Trace) -> list[dict[str, Any]]:
    """The sections the replay reached (or stopped in), in the rules' order: the auction
    and seat-by-seat declarations as rows per seat, the others as lists."""
    sections: list[dict[str, Any]] = []
    stop = view.stop
    reached = {_section(st.ptr, d) for st in tr.steps}
    for section in SECTIONS:
        if section in ("deal", "play", "result") or (section not in reached and
                                                    section != stop):
            continue
        items, bad = view.entry_items(section)
        if not items:
            continue
        if section == "auction" or (section == "declarations" and not any(
                isinstance(x, dict) and "trick" in x for x in d.get("declarations") or [])):
            order, rows = view.seat_rows(items, bad)
            sections.append({"key": section, "title": _SECTION_TITLES.get(section, section),
                             "order": order,
                             "rows": [{str(k): v for k, v in r.items()} for r in rows]})
        else:
            sections.append(_list_section(view, section, items, bad))
    return sections


def _play(game: games.Game[Any], d: dict[str, Any], tr: Trace,
          table: Any) -> dict[str, Any]:
    """The play: the tricks taken, the trick on the table when the replay stopped (with the
    card refused, if one was), and the hands at the start of play."""
    pack = engine_pack(game, tr)
    tricks = list(getattr(table, "tricks", []) or [])
    out: dict[str, Any] = {"tricks": [{"leader": leader, "seats": list(seats),
                                       "winner": winner, "cards": [pack.code(c) for c in cards]}
                                      for leader, cards, seats, winner in tricks]}
    partial = None
    cur_seats = list(getattr(table, "seats", []) or [])
    cur_cards = [pack.code(c) for c in getattr(table, "cards", []) or []]
    stop_at = tr.failure
    bad_card, bad_seat = "", None
    if stop_at is not None and _section(stop_at.pointer, d) == "play":
        bad = _value_at(d, stop_at.pointer)
        if isinstance(bad, str) or (isinstance(bad, list) and stop_at.pointer.count("/") == 2
                                    and all(isinstance(c, str) for c in bad)):
            bad_card = words(bad)
        nxt = getattr(table, "to_play", None)
        bad_seat = nxt if isinstance(nxt, int) else None
    if cur_cards or bad_card:
        lead = cur_seats[0] if cur_seats else getattr(table, "leader", None)
        partial = {"leader": lead, "seats": cur_seats, "cards": cur_cards,
                   "bad_seat": bad_seat, "bad_card": bad_card}
    out["partial"] = partial
    start = None
    if table is not None and (tricks or partial is not None):
        start = [pack.codes_of(m) for m in getattr(table, "hands", [])]
        for _, cards, seats, _ in tricks:
            for s, c in zip(seats, cards):
                start[s].append(pack.code(c))
        for s, c in zip(cur_seats, cur_cards):
            start[s].append(c)
    out["start"] = start
    return out


def _list_section(view: _View, section: str, items: list[tuple[int | None, str]],
                  bad: bool) -> dict[str, Any]:
    return {"key": section, "title": _SECTION_TITLES.get(section, section.replace("_", " ")
                                                         .capitalize()),
            "items": [{"seat": seat if isinstance(seat, int) else None,
                       "who": view.name(seat) if seat is not None else "",
                       "text": text, "bad": bad and i == len(items) - 1}
                      for i, (seat, text) in enumerate(items)]}


def _put_players(out: dict[str, Any], full: list[str]) -> None:
    """The players' names, a long one cut (``players``), and where one is cut the whole names
    too (``names``: shown on hover and in the header)."""
    out["players"] = [cut_name(p) for p in full]
    if out["players"] != full:
        out["names"] = full


def _players(rec: dict[str, Any]) -> list[str]:
    return [p.get("name", "") if isinstance(p, dict) else str(p)
            for p in rec.get("players", [])]


def record_model(rec: Any, label: str, report: Report,
                 deal: int | None = None) -> tuple[dict[str, Any], bool]:
    """A record as data for the page (one deal of a session with ``deal``, 1-based) and
    whether the deal asked for exists."""
    out: dict[str, Any] = {"label": label, "valid": report.valid, "deals": [], "findings": [],
                           "players": [], "title": "", "lines": []}
    if not isinstance(rec, dict):
        out["title"] = "not a record"
        out["findings"] = [_finding(f) for f in report.findings]
        return out, True
    name = rec.get("game")
    game = games.get(name) if isinstance(name, str) else None
    out["title"] = game.title if game is not None else str(name)
    if "rounds" in rec:                  # a tournament: its deals are drawn by publish
        out["lines"].append(TOURNAMENT_HINT)
        out["findings"] = [_finding(f) for f in report.findings]
        return out, deal is None
    out["game"] = name if isinstance(name, str) else ""
    _put_players(out, _players(rec))
    rules = rec.get("rules")
    if isinstance(rules, dict):
        opts = rules.get("options") or {}
        out["lines"].append(f"rules: {rules.get('name', 'default')}" + (
            " (" + ", ".join(f"{k}={v}" for k, v in opts.items()) + ")" if opts else ""))
    meta = rec.get("meta")
    if isinstance(meta, dict) and meta:
        out["lines"].append(" · ".join(f"{k}: {words(v)}" for k, v in meta.items()))
    if game is None or (not report.valid and _unreplayable(report)):
        errors = [f for f in report.findings if f.severity == "error"]
        out["findings"] = [_finding(f) for f in errors[:1]]
        more = f"; {len(errors) - 1} more finding(s): tarockrec validate lists them" \
            if len(errors) > 1 else ""
        out["lines"].append(f"the record cannot be replayed{more}")
        return out, True
    out["pack"] = _pack(game)
    ruleset = game.rules(rec.get("rules"))
    n = len(rec["players"])
    players = out["players"]
    if "deals" not in rec:
        if deal not in (None, 1):
            return out, False
        carry = rec.get("carry") or game.initial_carry(ruleset, n)
        tr = trace(game, ruleset, n, rec, carry)
        score = tr.score if tr.score is not None else (report.scores[0] if report.scores
                                                       else None)
        m = deal_model(game, rec, rec, n, tr, _with_failure(report.findings, tr), score)
        m["number"] = 1
        out["deals"].append(m)
        return out, True
    deals = rec["deals"]
    if deal is not None and not 1 <= deal <= len(deals):
        return out, False
    traces = session_traces(game, ruleset, n, rec, report)
    totals = [0] * n
    overview: list[dict[str, Any]] = []
    for i, d in enumerate(deals):
        sc = report.scores[i] if i < len(report.scores) else None
        dealer = players[d["dealer"]] if 0 <= d["dealer"] < n else str(d["dealer"])
        row: dict[str, Any] = {"number": i + 1, "dealer": dealer, "scores": None}
        if sc is not None:
            totals = [a + b for a, b in zip(totals, sc.deltas)]
            decl = sc.facts.get("declarer")
            named = games.contract_name(game.name, sc.facts.get("contract"))
            row.update(contract=str(named or "—"),
                       declarer=players[decl] if isinstance(decl, int) and 0 <= decl < n
                       else "—", scores=list(sc.deltas))
        overview.append(row)
        if deal is not None and i != deal - 1:
            continue
        tr = traces[i]
        ptr = f"/deals/{i}"
        mine = [f for f in report.findings if f.pointer == ptr or f.pointer.startswith(ptr + "/")]
        m = deal_model(game, rec, d, n, tr, _with_failure(mine, tr, ptr),
                       tr.score or sc, ptr)
        m["number"] = i + 1
        out["deals"].append(m)
    out["overview"] = overview
    out["totals"] = totals
    out["findings"] = [_finding(f) for f in report.findings if not f.pointer.startswith("/deals/")]
    return out, True


# -- the page ---------------------------------------------------------------------------------
def page(records: list[dict[str, Any]], title: str,
         nav: list[list[dict[str, str]]] | None = None) -> str:
    """The whole HTML page for ``records`` (record models), with the link bars ``nav`` on
    top (a tournament's table page)."""
    return render("deal.html", title=title, kind="deal", scripted=True, nav=nav or [],
                  data={"tarockrec_page": 1, "records": records})


#: the most deals one page holds by default: the page is for stepping through deals, and it is
#: built whole in memory and in the browser (about 3.7 kB and 50 kB of memory a deal)
MAX_DEALS = 1000


def write_html(paths: Iterable[str], target: str, deal: int | None = None,
               record: int | None = None,
               write: Callable[[str, Iterator[str]], None] | None = None,
               max_deals: int = MAX_DEALS) -> tuple[int, list[str]]:
    """Build the page of every record of ``paths`` (or the ``record``-th of each file) and
    write it to ``target`` with ``write`` (default ``atomic.write_atomic``: whole or not at
    all; it raises ``WriteError`` / ``Terminated``). Returns the exit status (0 all valid, 1
    some invalid, 2 unreadable input, no such deal / record, or more than ``max_deals`` deals:
    then nothing is written, and reading stops there) and the lines to tell the user (the
    last, after a write, says what was written)."""
    from ..atomic import write_atomic
    name = "standard output" if target == "-" else target     # in the messages
    status = 0
    models: list[dict[str, Any]] = []
    messages: list[str] = []
    invalid: list[str] = []
    deals = 0
    for path in paths:
        held = 0
        for entry in entries(path):
            held = entry.index
            if record is not None and entry.index != record:
                continue
            st, model, problem = _entry_model(entry, deal)
            status = max(status, st)
            if problem.endswith(": INVALID"):
                invalid.append(problem)
            elif problem:
                messages.append(problem)
            if model is not None:
                models.append(model)
                deals += max(1, len(model["deals"]))
                if deals > max_deals:
                    return 2, [f"the page would hold more than {max_deals} deals (it stopped "
                               f"reading at {entry.source} record {entry.index}); choose "
                               "records with --record or --deal, or raise --max-deals; nothing "
                               f"written to {name}"]
        if record is not None and held < record:
            from ..show import no_record
            messages.append(no_record(path, record, held))
            status = 2
    if len(invalid) > 1:
        invalid = [f"{len(invalid)} of {len(models)} records are INVALID (each is drawn up to "
                   "its first finding; tarockrec validate lists them all)"]
    messages = invalid + messages
    if not models:
        messages.append(f"no record to show; nothing written to {name}")
        return 2, messages
    if status == 2 and any(m.startswith("no deal") or ": there is no record " in m
                           for m in messages):
        return 2, messages + [f"nothing written to {name}"]
    title = models[0]["title"] + " · " + models[0]["label"] + (
        f" (+{len(models) - 1})" if len(models) > 1 else "")
    (write or write_atomic)(target, iter([page(models, f"tarockrec · {title}")]))
    deals = sum(len(m["deals"]) for m in models)
    messages.append(f"wrote {name} ({len(models)} record{'s' if len(models) != 1 else ''}, "
                    f"{deals} deal{'s' if deals != 1 else ''})")
    return status, messages


def _entry_model(entry: Entry, deal: int | None) -> tuple[int, dict[str, Any] | None, str]:
    label = entry.source if entry.index == 1 and entry.line in (None, 1) else \
        f"{entry.source} #{entry.index}"
    if entry.problem is not None:
        return 2, {"label": label, "title": "unreadable", "valid": False, "deals": [],
                   "players": [], "lines": [], "findings": [_finding(entry.problem)]}, \
            unreadable(entry)
    report = validate_record(entry.record, entry.index, entry.line, entry.lines,
                             origin=entry.source)
    try:
        model, found = record_model(entry.record, label, report, deal)
    except Exception as err:  # a bug must not become a traceback for the user
        model = {"label": label, "title": "internal error", "valid": False, "deals": [],
                 "players": [], "lines": [],
                 "findings": [{"text": f"INTERNAL-ERROR: tarockrec could not show this record "
                                       f"({type(err).__name__}: {err}); please report it",
                               "error": True, "severity": "error"}]}
        found = True
    if not found:
        return 2, None, f"no deal {deal} in {label}"
    return (0 if report.valid else 1), model, "" if report.valid else f"{label}: INVALID"
