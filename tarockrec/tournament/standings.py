"""``tarockrec standings``: a tournament's standings (or a cup series', or the teams') as a text
table, CSV, JSON or a self-contained HTML page. The figures are ``record.py``'s; this module
only lays them out."""
from __future__ import annotations

import csv
import html
import io
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
    heads, rows = table_rows(tournaments, mode, named=True)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(heads)
    for row in rows:
        w.writerow(["" if x is None else x for x in row])
    return buf.getvalue()


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


def as_html(tournaments: list[Ranked], mode: str, title: str | None = None) -> str:
    """A self-contained page (no script, no network) with the standings table."""
    heads, rows = table_rows(tournaments, mode, named=True)
    keep = [i for i, h in enumerate(heads) if h != "tournament" and
            any(row[i] not in (None, "") for row in rows)]
    title = title or " · ".join(t.name for t in tournaments) + own_ranking_note(tournaments)
    body = ["<table><thead><tr>" + "".join(f"<th>{html.escape(heads[i])}</th>" for i in keep)
            + "</tr></thead><tbody>"]
    name = ' class="name"'
    for row in rows:
        body.append("<tr>" + "".join(
            f"<td{name if heads[i] in ('player', 'members') else ''}>"
            f"{'' if row[i] is None else html.escape(str(row[i]))}</td>" for i in keep)
            + "</tr>")
    body.append("</tbody></table>")
    named = {heads[i].replace("_", " ").split(".")[0] for i in keep}
    explained = legend(k for k in LEGEND if k in named or k == "round R" and "round" in named)
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{html.escape(title)}</h1>\n" + scroll_box("\n".join(body), "standings")
            + explained + "\n</body></html>\n")


#: the standings pages' style (``standings --format html`` and ``publish``): a table wider
#: than the window scrolls sideways inside its marked box, never the page; narrow windows get
#: narrow margins and a hint that the box scrolls
STYLE = ("body{font-family:system-ui,sans-serif;margin:1.5em 2em;overflow-wrap:break-word}"
         "table{border-collapse:collapse}"
         "th,td{padding:.25em .6em;border-bottom:1px solid #ccc;text-align:left;"
         "white-space:nowrap}td.name{white-space:normal;min-width:7em}"
         "td:nth-child(n+2){font-variant-numeric:tabular-nums}"
         ".box{display:inline-block;vertical-align:top;overflow-x:auto;max-width:100%;"
         "border:1px solid #bbb;border-radius:4px}"
         ".box:focus{outline:2px solid #1f5fa8}"
         ".hint{display:none;color:#555;font-size:.85em;margin:.3em 0}"
         "dl.legend{color:#333;font-size:.9em;margin:.8em 0}"
         "dl.legend dt{font-weight:600;display:inline}dl.legend dt::after{content:': '}"
         "dl.legend dd{display:inline;margin:0}dl.legend dd::after{content:'';display:block;"
         "margin-bottom:.2em}"
         "@media (max-width:700px){body{margin:.6em}.hint{display:block}}")

#: what the columns of a standings page mean
LEGEND = {
    "rank": "the place in the standings; entrants equal after the rule set's tie-breaks "
            "share it",
    "entrant": "the entrant's id in the tournament's register (what the tables' seats name)",
    "total": "score plus rank points: what ranks",
    "score": "the sum of the entrant's table results (the tournament score, as the rule set "
             "counts it)",
    "rank points": "points for the places at each table, as the rule set gives them",
    "cup points": "points for the place in the standings, summed over a series",
    "round R": "the table result of that round, and the place at the table in brackets",
}


def scroll_box(table: str, label: str, more: str = "the other columns") -> str:
    """``table`` in a box that scrolls sideways when it is wider than the window (marked by
    its border and, on narrow screens, a hint that ``more`` is further right); the page
    itself never does."""
    return (f'<p class="hint">The table scrolls sideways: swipe it for {html.escape(more)}.'
            f'</p><div class="box" role="region" aria-label="{html.escape(label)}" '
            f'tabindex="0">{table}</div>')


#: the columns of a tournament ranked by placing points first (``ranks_by: rank_points``)
PLACING_LEGEND = {
    "total": "placing points (and points carried in, where they count): what ranks first",
    "schrift": "the sum of the entrant's table results (the Schrift): it breaks ties",
    "placing points": "points for the places at each table, on the rule set's scale for the "
                      "round and the table size; tied places take their exact mean",
}


def legend(keys: Iterable[str], texts: Mapping[str, str] | None = None) -> str:
    """What the named columns mean, as a definition list under the table (``texts`` first,
    then ``LEGEND``)."""
    meaning = {**LEGEND, **(texts or {})}
    items = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(meaning[k])}</dd>"
                    for k in keys if k in meaning)
    return f'<dl class="legend">{items}</dl>' if items else ""


FORMATS = {"text": as_text, "csv": as_csv, "json": as_json, "html": as_html}


def render(tournaments: Iterable[Ranked], mode: str, fmt: str) -> str:
    """The standings in ``fmt``; a series' events numbered by date (``by_date``)."""
    listed = list(tournaments)
    return FORMATS[fmt](by_date(listed) if mode == "series" else listed, mode)


__all__ = ["PLACING_LEGEND", "Ranked", "cannot_rank", "legend", "render", "scroll_box", "table_rows", "SeriesRow", "TeamRow"]


def only_standings_differ(rep: Any) -> bool:
    """Whether the only errors of a tournament are written standings that differ."""
    errors = [f.code for f in rep.findings if f.severity == "error"]
    return bool(errors) and set(errors) == {"TOURN-STANDINGS"}
