"""What the evening checks, each by the code ``tarockrec validate`` runs: a table's deal (the
table's session of score sheets with the new deal, validated as a session), a round's seating
(the tournament with that round, its seating findings), and the finished tournament (an
ordinary tournament record, validated and stored by ``archive add``'s ``Ingest``)."""
from __future__ import annotations

import functools
import json
import sqlite3
import unicodedata
from dataclasses import dataclass
from typing import Any

from .. import games
from ..archive.ingest import Doc, Ingest
from ..findings import Finding
from ..generate import round_deals
from ..sources import Entry
from ..tournament.record import counted_deals, standings_rules
from ..validate import Report, validate_record
from . import storage

#: the findings of a seating (docs/tournaments.md, ``TOURN-*``)
SEATING_CODES = ("TOURN-ENTRANT", "TOURN-SEATED", "TOURN-UNSEATED", "TOURN-TABLE-SIZE",
                 "TOURN-TABLE-NAME")


def fold(text: str) -> str:
    """A name as the search compares it: case and accents ignored, an umlaut written out
    (``ue``) the same as without (``Müller``, ``Mueller`` and ``muller`` are one)."""
    t = text.casefold().replace("ß", "ss")
    for umlaut, plain in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("ae", "a"), ("oe", "o"),
                          ("ue", "u")):
        t = t.replace(umlaut, plain)
    t = unicodedata.normalize("NFKD", t)
    return "".join(c for c in t if not unicodedata.combining(c)).strip()


def search_people(conn: sqlite3.Connection, query: str,
                  limit: int = 12) -> list[tuple[str, str | None, str | None]]:
    q = fold(query)
    if not q:
        return []
    return [p for p in storage.people(conn) if q in fold(p[0])][:limit]


def names_of(entrants: list[storage.Entrant]) -> dict[str, str]:
    return {e.entrant: e.name for e in entrants}


def next_dealer(event: storage.Event, n: int, sheets: list[dict[str, Any]]) -> int:
    """The dealer of the table's next deal (the game's rotation; a redeal keeps him); the
    first deal's dealer is the last seat, so that seat 1 leads."""
    game = games.get(event.game)
    if not sheets or game is None:
        return n - 1
    last = sheets[-1]
    return game.next_dealer(None, int(last["dealer"]), n, last)


@dataclass
class Checked:
    errors: list[Finding]
    report: Report


def check_session(event: storage.Event, table: storage.Table, names: dict[str, str],
                  sheets: list[dict[str, Any]]) -> Checked:
    """The table's deals validated as its session is: the errors and the report. The same
    deals are checked once: the page shown after an entry reuses the entry's check."""
    return _checked(event.game, event.rules, tuple(names[s] for s in table.seats),
                    json.dumps(sheets, sort_keys=True))


@functools.lru_cache(maxsize=512)
def _checked(game_name: str, rules: str, players: tuple[str, ...], sheets_json: str) -> Checked:
    sheets = json.loads(sheets_json)
    report = validate_record({"tarockrec": 1, "game": game_name, "rules": {"name": rules},
                              "players": list(players), "deals": sheets})
    errors = [f for f in report.findings if f.severity == "error"]
    game = games.get(game_name)
    n = len(players)
    srules = standings_rules(game_name, {"name": rules})
    limit = srules.deals_per_round.get(n)
    if game is not None and limit is not None and not errors \
            and counted_deals(game, sheets, n, srules) > limit:
        errors.append(Finding("TOURN-DEAL-LIMIT", f"a table of {n} plays at most {limit} deals "
                              "a round under this rule set", f"/deals/{len(sheets) - 1}"))
    return Checked(errors, report)


def deals_left(event: storage.Event, n: int, sheets: list[dict[str, Any]]) -> int:
    game = games.get(event.game)
    if game is None:
        return 0
    srules = standings_rules(event.game, {"name": event.rules})
    return max(0, round_deals(game, n, srules.deals_per_round)
               - counted_deals(game, sheets, n, srules))


def tournament(conn: sqlite3.Connection, event: storage.Event) -> dict[str, Any]:
    """The evening as a tournament record (docs/tournaments.md): the register, each round's
    tables with their score sheets, the entrants who sat out a round as absent."""
    register = storage.entrants(conn, event.id)
    info = {k: v for k, v in (("name", event.name), ("date", event.date), ("site", event.site),
                              ("series", event.series)) if v}
    rounds: list[dict[str, Any]] = []
    by_round: dict[int, list[storage.Table]] = {}
    for t in storage.tables(conn, event.id):
        by_round.setdefault(t.round, []).append(t)
    drawn = storage.draws(conn, event.id)
    written = storage.totals_of_event(conn, event.id)
    late = _late_rule(event)
    for number in sorted(by_round):
        tables = [_table_entry(conn, t, written.get(t.id)) for t in by_round[number]]
        seated = {s for t in tables for s in t["seats"]} | \
            {x["entrant"] for t in tables for x in t.get("substitutes", ())}
        rnd: dict[str, Any] = {"tables": tables}
        # a late entrant's rounds before he joined: not his under the draw's ``nothing``
        # (he ``joins``), marked absent under ``absent`` (tournament/draw.py)
        absent = [e.entrant for e in register if e.entrant not in seated
                  and (late == "absent" or e.from_round <= number)]
        if absent:
            rnd["absent"] = absent
        rnd["draw"] = drawn.get(number, {"method": "fixed"})
        rounds.append(rnd)
    joins = late == "nothing"
    return {"tarockrec": 1, "game": event.game, "rules": {"name": event.rules}, "event": info,
            "entrants": [{"id": e.entrant, "name": e.name,
                          **({"club": e.club} if e.club else {}),
                          **({"person": e.person_key} if e.person_key else {}),
                          **({"joins": e.from_round} if joins and e.from_round > 1 else {})}
                         for e in register],
            "rounds": rounds}


def _table_entry(conn: sqlite3.Connection, t: storage.Table,
                 written: list[int] | None) -> dict[str, Any]:
    """A table of the record: its seats, its deals (a drawn table with no play yet is a state
    the record holds: none) or the totals it ``written`` instead (docs/tournaments.md), who
    left or took a seat over and whether the director ended it (docs/tournaments.md,
    *Substitutes, departures, tables that end early*)."""
    table: dict[str, Any] = {"table": str(t.number), "seats": t.seats}
    sheets = [d.sheet for d in storage.deals(conn, t.id)]
    if sheets:
        table["deals"] = sheets
    elif written is not None:
        table["result"] = {"totals": written}
    table.update(_written(t.changes, len(sheets)))
    return table


def _written(changes: dict[str, Any], count: int) -> dict[str, Any]:
    """A table's departures as its record writes them with ``count`` deals entered: a
    substitute from the deal he first plays once it is entered (until then the table has
    ended where the player left, which the record holds)."""
    out: dict[str, Any] = {}
    subs = [x for x in changes.get("substitutes", ()) if x["from_deal"] <= count]
    if subs:
        out["substitutes"] = subs
    if changes.get("left"):
        out["left"] = changes["left"]
    if changes.get("ended_early"):
        out["ended_early"] = True
    return out


def _late_rule(event: storage.Event) -> str:
    """The rule set's ``draw.late_entrants``: what a late entrant scores for the rounds he
    missed (``nothing`` or ``absent``)."""
    from ..tournament.draw import rules_for
    return rules_for(event.game, {"rules": {"name": event.rules}}).late_entrants


@dataclass
class Live:
    """The standings as they stand: ``tarockrec standings`` of the evening's record (a table
    still playing counts with the deals it entered so far). While a drawn round waits for a
    table's first deal (``TOURN-DRAWN``), ``waiting`` says so in the command's own sentence
    and the rows are the standings over the rounds before it."""

    rounds: int                    # the rounds ranked
    playing: list[storage.Table]   # tables of the current round that have not confirmed
    rows: list[Any]                # tournament.Row, as ``tarockrec standings`` ranks them
    findings: list[Finding]        # why the standings cannot be derived (nothing ranked)
    waiting: str = ""              # why the record's standings wait (TOURN-DRAWN)


def live(conn: sqlite3.Connection, event: storage.Event) -> Live:
    from ..tournament.standings import why_not_ranked
    rec = tournament(conn, event)
    current = storage.current_round(conn, event.id)
    playing = [t for t in storage.tables(conn, event.id, current) if t.confirmed is None]
    report = validate_record(rec, tables=True)
    errors = [f for f in report.findings if f.severity == "error"]
    if report.standings is not None or errors:
        return Live(len(rec["rounds"]), playing, list(report.standings or []), errors)
    waiting = why_not_ranked(report.findings, False, False)
    begun = 0                     # the rounds of which every table has play
    for rnd in rec["rounds"]:
        if not all(t.get("deals") or t.get("result") for t in rnd["tables"]):
            break
        begun += 1
    rec["rounds"] = rec["rounds"][:begun]
    before = validate_record(rec, tables=True)
    return Live(begun, playing, list(before.standings or []),
                [f for f in before.findings if f.severity == "error"], waiting)


def check_seating(conn: sqlite3.Connection, event: storage.Event,
                  seating: list[list[str]], round_no: int) -> list[Finding]:
    """A round's seating (a fixed one, or the draw's) checked as ``validate`` checks a
    tournament's: every seat an entrant of the register playing this round, nobody twice,
    every table of a size the game is played by."""
    register = storage.entrants(conn, event.id)
    playing = {e.entrant for e in register if e.plays(round_no)}
    out = [Finding("TOURN-ENTRANT", f"entrant {s} does not play round {round_no} (not "
                   "registered for it, or withdrawn)", f"/rounds/{round_no - 1}")
           for table in seating for s in table if s not in playing
           and s in {e.entrant for e in register}]
    rec = tournament(conn, event)
    rec["rounds"] = rec["rounds"][:round_no - 1]
    seated = {s for t in seating for s in t}
    rnd: dict[str, Any] = {"tables": [{"table": str(k), "seats": t,
                                       "result": {"totals": [0] * len(t)}}
                                      for k, t in enumerate(seating, 1)]}
    absent = [e.entrant for e in register if e.entrant not in seated]
    if absent:
        rnd["absent"] = absent
    rec["rounds"].append(rnd)
    report = validate_record(rec)
    out += [f for f in report.findings
            if f.code in SEATING_CODES and f.pointer.startswith(f"/rounds/{round_no - 1}")]
    unseated = sorted(playing - seated, key=lambda s: (len(s), s))
    if unseated:
        out.append(Finding("TOURN-UNSEATED", f"entrant(s) {', '.join(unseated)} play round "
                           f"{round_no} but have no seat", f"/rounds/{round_no - 1}"))
    return out


class DrawRefused(ValueError):
    """The draw refuses the round: a sentence for the director (tarockrec/tournament/draw.py)."""


def draw_round(conn: sqlite3.Connection, event: storage.Event, method: str,
               seed: int | None, redraw: bool,
               seating: list[list[str]] | None = None) -> tuple[list[list[str]], dict[str, Any]]:
    """The next round (or, ``redraw``, the current one again) seated by the draw of issue 40
    (``draw.draw_tournament``): ``random`` or ``standings`` from the seed (a new one when
    None), ``fixed`` the director's ``seating`` checked. Returns the tables and the round's
    draw entry (with the draws it replaces); raises ``DrawRefused``."""
    from ..tournament import draw
    rec = tournament(conn, event)
    current = storage.current_round(conn, event.id)
    round_no = current if redraw else current + 1
    withdrawn = [e.entrant for e in storage.entrants(conn, event.id)
                 if not e.plays(round_no) and e.from_round <= round_no]
    if method == "fixed":
        assert seating is not None
        seated = {s for t in seating for s in t}
        rnd: dict[str, Any] = {"tables": [{"table": str(k), "seats": t}
                                          for k, t in enumerate(seating, 1)]}
        absent = [e["id"] for e in rec["entrants"] if e["id"] not in seated
                  and e.get("joins", 1) <= round_no]
        if absent:
            rnd["absent"] = absent
        if redraw:
            rnd["draw"] = rec["rounds"][round_no - 1]["draw"]
            rec["rounds"][round_no - 1] = rnd
        else:
            rec["rounds"].append(rnd)
        withdrawn = []
    try:
        out = draw.draw_tournament(rec, round_no, seed, method, withdrawn)
    except draw.DrawRefused as err:
        raise DrawRefused(str(err)) from None
    new = out["rounds"][round_no - 1]
    return [list(t["seats"]) for t in new["tables"]], dict(new["draw"])


def finish(conn: sqlite3.Connection, event: storage.Event) -> list[Finding]:
    """Close the evening: its tournament record validated and stored in the archive as
    ``archive add`` stores one, in the same transaction as the event's new state. Returns
    the findings that refused it (nothing stored), or none."""
    unconfirmed = [t for t in storage.tables(conn, event.id) if t.confirmed is None]
    if unconfirmed:
        return [Finding("EVENING-UNCONFIRMED", "round {} table {} has not confirmed its "
                        "result".format(unconfirmed[0].round, unconfirmed[0].number), "")]
    rec = tournament(conn, event)
    data = record_bytes(rec)
    ingest = Ingest(conn)
    with storage.transaction(conn):
        ingest.add(Entry(f"evening-{event.id}.json", 1, None, rec),
                   Doc(data, f"evening-{event.id}.json", "json", None), lambda e: e.source)
        if ingest.counts.problems:
            raise _Refused([f for _, f in ingest.counts.problems])
        row = conn.execute("SELECT id FROM records WHERE source = ? ORDER BY id DESC LIMIT 1",
                           (f"evening-{event.id}.json",)).fetchone()
        conn.execute("UPDATE evening_event SET state = 'finished', record_id = ? WHERE id = ?",
                     (row[0] if row else None, event.id))
    return []


class _Refused(Exception):
    def __init__(self, findings: list[Finding]) -> None:
        super().__init__("refused")
        self.findings = findings


def finish_event(conn: sqlite3.Connection, event: storage.Event) -> list[Finding]:
    try:
        return finish(conn, event)
    except _Refused as refused:
        return refused.findings


def open_records(conn: sqlite3.Connection,
                 names: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    """The evenings not finished yet that ``names`` name (an event's name), each as its
    tournament record stands, under the document name ``finish`` stores it by: what
    ``archive export --event`` writes of an evening being played (docs/serve.md)."""
    if not names or conn.execute("SELECT 1 FROM sqlite_master WHERE name = "
                                 "'evening_event'").fetchone() is None:
        return []
    return [(f"evening-{ev.id}.json", tournament(conn, ev)) for ev in storage.events(conn)
            if ev.state == "open" and ev.name in names]


def record_bytes(rec: dict[str, Any]) -> bytes:
    """An evening's record as its file holds it (the document ``finish`` stores)."""
    return json.dumps(rec, ensure_ascii=False, indent=1).encode()


# -- departures during a round (docs/tournaments.md, *Substitutes, departures, tables that end
# early*) ----------------------------------------------------------------------------------
def departure(t: storage.Table, seat: int | None, after_deal: int | None,
              substitute: str | None, ended: bool) -> dict[str, Any]:
    """The table's departures with one more: seat ``seat``'s player left after deal
    ``after_deal`` (``substitute`` takes the seat over from the next deal), and/or the
    director ended the table early."""
    out = {k: list(v) if isinstance(v, list) else v for k, v in t.changes.items()}
    if seat is not None and after_deal is not None:
        out.setdefault("left", []).append({"seat": seat, "after_deal": after_deal})
        if substitute:
            out.setdefault("substitutes", []).append(
                {"seat": seat, "entrant": substitute, "from_deal": after_deal + 1})
    if ended:
        out["ended_early"] = True
    return out


def check_departure(conn: sqlite3.Connection, event: storage.Event, t: storage.Table,
                    changes: dict[str, Any], substitute: str | None) -> list[Finding]:
    """The evening's record with the table's new departures, checked as ``validate`` checks
    it: the errors it would have (``TOURN-SUBSTITUTE``, ``REC-SCHEMA``), and a
    ``substitute`` not in the register (``TOURN-ENTRANT``) or already playing this round
    (``TOURN-SEATED``); none when it stands."""
    rec = tournament(conn, event)
    rnd = rec["rounds"][t.round - 1]
    ptr = f"/rounds/{t.round - 1}/tables/{t.number - 1}"
    if substitute is not None:
        names = {e["id"]: e["name"] for e in rec["entrants"]}
        playing = {s for x in rnd["tables"] for s in x["seats"]} | \
            {y["entrant"] for x in rnd["tables"] for y in x.get("substitutes", ())}
        if substitute not in names:
            return [Finding("TOURN-ENTRANT", f"{substitute!r} is not in the register of "
                            "entrants", ptr + "/substitutes")]
        if substitute in playing:
            return [Finding("TOURN-SEATED", f"entrant {substitute} ({names[substitute]}) "
                            f"plays round {t.round} already", ptr + "/substitutes")]
    table = rnd["tables"][t.number - 1]
    for key in ("substitutes", "left", "ended_early"):
        table.pop(key, None)
    table.update(_written(changes, len(table.get("deals", ()))))
    return [f for f in validate_record(rec, tables=True).findings if f.severity == "error"]


def closed(t: storage.Table, number: int, count: int) -> Finding | None:
    """Why deal ``number`` cannot be entered at the table (``count`` deals entered): the
    director ended it (``EVENING-ENDED``), or a player left with nobody taking his seat over
    after an earlier deal (``TOURN-SUBSTITUTE``)."""
    ptr = f"/rounds/{t.round - 1}/tables/{t.number - 1}"
    if t.changes.get("ended_early") and number > count:
        return Finding("EVENING-ENDED", f"the director ended table {t.number} of round "
                       f"{t.round} after {count} deal(s): no deal can be added", ptr)
    from ..tournament.substitutes import check_left
    found: list[Finding] = []
    check_left(t.changes, len(t.seats), max(number, count), ptr, found.append)
    return found[0] if found else None

# -- a table's totals instead of its deals (issue 41, §3) -------------------------------------
def totals_allowed(event: storage.Event) -> bool:
    """Whether the rule set ranks by the tables' totals alone, so that a table may enter its
    totals instead of its deals: the standings count each table's score totals (not money
    figured deal by deal) and no tie-break needs the deals (``fewest_deals``)."""
    srules = standings_rules(event.game, {"name": event.rules})
    return srules.counts == "score" and "fewest_deals" not in srules.tie_breaks


def has_results(conn: sqlite3.Connection, event_id: int, round_no: int) -> bool:
    """Whether any table of the round has entered a deal or its totals."""
    counts = storage.deal_counts(conn, event_id)
    written = storage.totals_of_event(conn, event_id)
    return any(counts.get(t.id) or t.id in written
               for t in storage.tables(conn, event_id, round_no))


def check_totals(conn: sqlite3.Connection, event: storage.Event, table: storage.Table,
                 values: list[int] | None) -> list[Finding]:
    """The totals a table enters instead of its deals, checked as ``validate`` checks a
    table of totals only (``TOURN-TOTALS``: a figure a seat, adding up to 0), where the rule
    set ranks by totals only (``EVENING-TOTALS-ONLY``) and the table entered no deal
    (``EVENING-TOTALS-DEALS``). ``values`` None removes them: always allowed."""
    where = f"/rounds/{table.round - 1}/tables/{table.number - 1}"
    if values is None:
        return []
    if not totals_allowed(event):
        return [Finding("EVENING-TOTALS-ONLY", "this rule set ranks by more than the tables' "
                        "totals: enter the deals", where)]
    if storage.deals(conn, table.id):
        return [Finding("EVENING-TOTALS-DEALS", "the table has entered deals, which give its "
                        "totals: remove them first to enter the totals instead", where)]
    rec = tournament(conn, event)
    rec["rounds"] = rec["rounds"][:table.round]
    for rnd in rec["rounds"][:-1]:      # the earlier rounds are not this check's business
        for t in rnd["tables"]:
            t.pop("deals", None)
            t.pop("result", None)
    mine = rec["rounds"][-1]["tables"][table.number - 1]
    mine.pop("deals", None)
    mine["result"] = {"totals": values}
    report = validate_record(rec)
    return [f for f in report.findings if f.severity == "error"
            and (f.pointer == where or f.pointer.startswith(where + "/"))]
