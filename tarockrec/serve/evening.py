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
    for number in sorted(by_round):
        seated = {s for t in by_round[number] for s in t.seats}
        tables = []
        for t in by_round[number]:
            table: dict[str, Any] = {"table": str(t.number), "seats": t.seats}
            sheets = [d.sheet for d in storage.deals(conn, t.id)]
            if sheets:          # a drawn table with no play yet is a state the record holds
                table["deals"] = sheets
            elif t.id in written:       # its totals only (docs/tournaments.md)
                table["result"] = {"totals": written[t.id]}
            tables.append(table)
        rnd: dict[str, Any] = {"tables": tables}
        absent = [e.entrant for e in register if e.entrant not in seated]
        if absent:
            rnd["absent"] = absent
        rnd["draw"] = drawn.get(number, {"method": "fixed"})
        rounds.append(rnd)
    return {"tarockrec": 1, "game": event.game, "rules": {"name": event.rules}, "event": info,
            "entrants": [{"id": e.entrant, "name": e.name,
                          **({"club": e.club} if e.club else {}),
                          **({"person": e.person_key} if e.person_key else {})}
                         for e in register],
            "rounds": rounds}


@dataclass
class Live:
    """The standings as they stand: over the rounds of which every table has entered deals
    (a table still playing counts with the deals it entered so far)."""

    rounds: int                    # the rounds ranked
    playing: list[storage.Table]   # tables of the current round that have not confirmed
    rows: list[Any]                # tournament.Row, as ``tarockrec standings`` ranks them
    findings: list[Finding]        # why the standings cannot be derived (nothing ranked)


def live(conn: sqlite3.Connection, event: storage.Event) -> Live:
    rec = tournament(conn, event)
    ranked = 0
    for rnd in rec["rounds"]:
        if not all(t.get("deals") or t.get("result") for t in rnd["tables"]):
            break
        ranked += 1
    rec["rounds"] = rec["rounds"][:ranked]
    current = storage.current_round(conn, event.id)
    playing = [t for t in storage.tables(conn, event.id, current) if t.confirmed is None]
    if not ranked:
        return Live(0, playing, [], [])
    report = validate_record(rec, tables=True)
    errors = [f for f in report.findings if f.severity == "error"]
    return Live(ranked, playing, list(report.standings or []), errors)


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
        absent = [e["id"] for e in rec["entrants"] if e["id"] not in seated]
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
    data = json.dumps(rec, ensure_ascii=False, indent=1).encode()
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
