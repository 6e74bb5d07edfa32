"""``tarockrec standings``: a tournament's standings (or a cup series', or the teams') as a text
table, CSV or JSON (the HTML page is ``site.standings``'). The figures are ``record.py``'s; this module
only lays them out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .ranking import BY_TOTAL, HEADINGS, plain
from ..report import json_array, json_line
from .record import Row, SeriesRow, TeamRow, series, teams


@dataclass
class Ranked:
    """One validated tournament: where it came from, its event name and its standings."""

    source: str
    name: str
    rows: list[Row]
    #: whether its ranking gives cup points at all (none: every entrant gets 0)
    gives_cup_points: bool = False
    #: the event's date and name as written (``event.date``, ``event.name``): a series
    #: numbers its events by them
    date: str | None = None
    event: str = ""


def by_date(tournaments: list[Ranked]) -> list[Ranked]:
    """A series' events in the order it numbers them, as ``archive standings`` does: by date
    (``YYYY-MM-DD`` compared as written; events without a date last), then by event name, then
    in the order given."""
    return sorted(tournaments, key=lambda t: (not t.date, t.date or "", t.event))


def events_heading(events: Iterable[tuple[str, str | None]]) -> str:
    """The heading of a series' standings: its events numbered by date (``event.K``)."""
    return "events by date: " + " · ".join(f"{k}: {name} {date or ''}".rstrip()
                                             for k, (name, date) in enumerate(events, 1))


def event_column(k: int, name: str, date: str | None) -> str:
    """A series' column of event K where no first line names the events (CSV, a workbook, a
    page): ``event.K: name date``, as the text table's first line calls it."""
    return f"event.{k}: {name} {date or ''}".rstrip()


def events_json(events: Iterable[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """A series' events as JSON gives them: ``number`` (the K of ``event.K``), ``name``,
    ``date`` (null where none is written)."""
    return [{"number": k, "name": name, "date": date}
            for k, (name, date) in enumerate(events, 1)]


def why_not_ranked(findings: Iterable[Any], ranked: bool, differ: bool) -> str:
    """Why a tournament gives no standings, in one sentence naming the cause (``ranked``:
    standings were derived all the same; ``differ``: the only errors are written standings
    that differ from them)."""
    findings = list(findings)
    errors = [f for f in findings if f.severity == "error"]
    n = len(errors)
    if differ:
        return ("its written standings differ from the ones its tables give (above); "
                "standings --derived prints the derived ones")
    drawn = sorted({f.pointer.split("/")[2] for f in findings if f.code == "TOURN-DRAWN"},
                   key=int)
    if not errors and drawn:
        return (f"round {int(drawn[0]) + 1} is drawn and not played yet (TOURN-DRAWN): the "
                "standings wait for its tables' results")
    if ranked:
        return f"the tournament is not valid ({n} finding(s) above)"
    if any(f.code.startswith(("REC-", "JSON-", "XML-", "TEXT-")) for f in errors):
        return (f"the record does not have the shape of a tournament ({n} finding(s) above), "
                "so it was not checked further and no standings can be derived")
    if any(f.pointer.startswith(("/rounds/", "/published")) for f in errors):
        return (f"the tournament is not valid ({n} finding(s) above) and some table's result "
                "is not known, so no standings can be derived")
    return f"the tournament is not valid ({n} finding(s) above), so no standings can be derived"


def cannot_rank(tournaments: list[Ranked], mode: str) -> str | None:
    """Why the ``mode`` standings of ``tournaments`` say nothing, in one line (None when they
    do): a series where no rule set gives cup points, teams where no entrant has a team."""
    if mode == "series" and not any(t.gives_cup_points for t in tournaments):
        return ("no cup points: the rule set of " + ", ".join(t.name for t in tournaments)
                + " gives none (its tournament block has no cup_points), so every entrant has "
                "0 and shares rank 1")
    if mode == "teams" and not any(r.team for t in tournaments for r in t.rows):
        return ("no teams: no entrant of " + ", ".join(t.name for t in tournaments)
                + " has a team (entrants[].team), so there are no team standings")
    return None


def table_rows(tournaments: list[Ranked], mode: str,
               named: bool = False) -> tuple[list[str], list[list[Any]]]:
    """The columns and rows of the standings: ``mode`` is ``entrants`` (each tournament's
    standings, one after the other), ``series`` or ``teams``; ``named``: a series' event
    columns carry the event's name and date (``event_column``)."""
    if mode == "series":
        ranked = series([t.rows for t in tournaments])
        heads = ["rank", "entrant", "player", "cup_points"] + \
            [event_column(k, t.name, t.date) if named else f"event.{k}"
             for k, t in enumerate(tournaments, 1)]
        return heads, [[s.rank, s.entrant, s.player, plain(s.cup_points),
                        *(None if e is None else plain(e) for e in s.events)] for s in ranked]
    if mode == "teams":
        heads = ["tournament", "rank", "team", "total", "members"]
        out: list[list[Any]] = []
        for t in tournaments:
            for tr in teams(t.rows):
                out.append([t.name, tr.rank, tr.team, plain(tr.total), ", ".join(tr.members)])
        return heads, out
    n_rounds = max((len(r.rounds) for t in tournaments for r in t.rows), default=0)
    label = scheme_headings(tournaments)
    heads = (["tournament", "rank", "entrant", "player", "club", "team", label["total"],
              label["score"], label["rank_points"], "cup_points"]
             + [f"round.{k + 1}" for k in range(n_rounds)]
             + [f"place.{k + 1}" for k in range(n_rounds)])
    rows = []
    for t in tournaments:
        for r in t.rows:
            rows.append([t.name, r.rank, r.entrant, r.player, r.club, r.team, plain(r.total),
                         r.score, plain(r.rank_points),
                         None if r.cup_points is None else plain(r.cup_points), *r.rounds,
                         *r.table_ranks])
    return heads, rows


def scheme_headings(tournaments: list[Ranked]) -> Mapping[str, str]:
    """The column headings of the scheme that ranked the (first) tournament: placing points
    first says ``placing_points`` and ``schrift`` (ranking.HEADINGS)."""
    rows = next((t.rows for t in tournaments if t.rows), [])
    return HEADINGS[rows[0].rules.ranks_by if rows else BY_TOTAL]


def own_ranking_note(tournaments: list[Ranked]) -> str:
    """What the heading says of a tournament ranked by its record's own block."""
    own = [t.name for t in tournaments if t.rows and t.rows[0].rules.own]
    return f" (ranked by its own tournament block: {', '.join(own)})" if own else ""


def as_json(tournaments: list[Ranked], mode: str) -> str:
    """One object per row (JSON: ``rank``, ``player``, ``total`` and the parts of the total)."""
    if mode == "series":
        # one compact value on one line, the style of every --format json that is no array
        return json_line({"events": events_json((t.name, t.date) for t in tournaments),
                          "standings": [{"rank": s.rank, "entrant": s.entrant,
                                         "player": s.player, "total": plain(s.cup_points),
                                         "events": [None if e is None else plain(e)
                                                    for e in s.events]}
                                        for s in series([t.rows for t in tournaments])]})
    if mode == "teams":
        return json_array({"tournament": t.name, "rank": tr.rank, "team": tr.team,
                           "total": plain(tr.total), "members": tr.members}
                          for t in tournaments for tr in teams(t.rows))
    return json_array({"tournament": t.name, **r.as_dict()} for t in tournaments
                      for r in t.rows)


def as_csv(tournaments: list[Ranked], mode: str) -> str:
    """Through the one cell writer (``cells``): no name is read back as a formula."""
    from .. import cells
    heads, rows = table_rows(tournaments, mode, named=True)
    return cells.csv_table(heads, rows)


def as_xlsx(tournaments: list[Ranked], mode: str) -> bytes:
    """The standings as a workbook (sheet ``standings``): ids and names as text cells; a
    series' events numbered by date, as ``render`` numbers them."""
    from .. import cells
    heads, rows = table_rows(in_order(tournaments, mode), mode, named=True)
    return cells.xlsx([("standings", heads, rows)])


def as_text(tournaments: list[Ranked], mode: str) -> str:
    heads, rows = table_rows(tournaments, mode)
    keep = [i for i, h in enumerate(heads) if h != "tournament" and
            any(row[i] not in (None, "") for row in rows)]
    cells = [[heads[i] for i in keep]] + [["" if row[i] is None else str(row[i]) for i in keep]
                                          for row in rows]
    widths = [max(len(c[k]) for c in cells) for k in range(len(keep))]
    out = []
    if mode == "series":
        out.append(events_heading((t.name, t.date) for t in tournaments))
    else:
        names = sorted({t.name for t in tournaments}, key=[t.name for t in tournaments].index)
        out.append(" · ".join(names) + own_ranking_note(tournaments))
    for c in cells:
        out.append("  ".join(x.rjust(w) if x.lstrip("-").isdigit() else x.ljust(w)
                             for x, w in zip(c, widths)).rstrip())
    return "\n".join(out) + "\n"


#: the formats laid out here (the page, ``--format html``, is ``site.standings``')
FORMATS = {"text": as_text, "csv": as_csv, "json": as_json}


def render(tournaments: Iterable[Ranked], mode: str, fmt: str) -> str:
    """The standings in ``fmt``; a series' events numbered by date (``by_date``)."""
    return FORMATS[fmt](in_order(list(tournaments), mode), mode)


def in_order(tournaments: list[Ranked], mode: str) -> list[Ranked]:
    """The tournaments as every format numbers them: a series' events by date."""
    return by_date(tournaments) if mode == "series" else tournaments


__all__ = ["Ranked", "cannot_rank", "render", "table_rows", "SeriesRow", "TeamRow"]


@dataclass
class Entered:
    """What ``standings`` makes of one record read: the tournament ranked (or None), the lines
    it says on stderr, and how it went (``ranked``, ``invalid`` or ``unreadable``)."""

    ranked: Ranked | None
    said: list[str]
    outcome: str


def rank_entry(entry: Any, derived: bool) -> Entered:
    """One read record (``sources.Entry``) validated and, where it may be, ranked: an invalid
    tournament is not ranked and says why (``why_not_ranked``); with ``derived``, one whose only
    fault is written standings that differ is ranked as derived, marked so (still invalid)."""
    from ..report import label, unreadable
    from ..validate import validate_record
    if entry.problem is not None:
        return Entered(None, [unreadable(entry)], "unreadable")
    rec = entry.record
    if not isinstance(rec, dict) or "rounds" not in rec:
        return Entered(None, [f"{label(entry, True)}: not a tournament record (no rounds)"],
                       "invalid")
    rep = validate_record(rec, entry.index, entry.line, entry.lines, origin=entry.source)
    said = [f"{label(entry, True)}: {f}" for f in rep.findings if f.severity == "error"]
    event: dict[str, Any] = rec["event"] if isinstance(rec.get("event"), dict) else {}
    name = str(event.get("name") or entry.source)
    outcome = "ranked"
    if not rep.valid or rep.standings is None:
        outcome = "invalid"
        differ = only_standings_differ(rep)
        if not (derived and differ and rep.standings is not None):
            said.append(f"{label(entry, True)}: nothing was ranked: "
                        + why_not_ranked(rep.findings, rep.standings is not None, differ))
            return Entered(None, said, outcome)
        name += " (DERIVED: differs from the written standings)"
    cup = any(row.rules.gives_cup_points for row in rep.standings[:1])
    date = event.get("date")
    return Entered(Ranked(entry.source, name, rep.standings, cup,
                          date if isinstance(date, str) else None, str(event.get("name") or "")),
                   said, outcome)


def only_standings_differ(rep: Any) -> bool:
    """Whether the only errors of a tournament are written standings that differ."""
    errors = [f.code for f in rep.findings if f.severity == "error"]
    return bool(errors) and set(errors) == {"TOURN-STANDINGS"}
