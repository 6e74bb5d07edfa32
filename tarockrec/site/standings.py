"""``tarockrec standings --format html``: the standings as a self-contained page (no script,
no network), and the column legends a tournament site's front page shares with it. The figures
and rows are ``standings.table_rows``'; this module only lays them out (template
``standings.html``)."""
from __future__ import annotations

from typing import Iterable, Mapping

from ..tournament.standings import Ranked, by_date, own_ranking_note, table_rows
from . import render

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

#: the columns of a tournament ranked by placing points first (``ranks_by: rank_points``)
PLACING_LEGEND = {
    "total": "placing points (and points carried in, where they count): what ranks first",
    "schrift": "the sum of the entrant's table results (the Schrift): it breaks ties",
    "placing points": "points for the places at each table, on the rule set's scale for the "
                      "round and the table size; tied places take their exact mean",
}

#: the columns whose cells are names (they wrap at their spaces)
NAME_COLUMNS = ("player", "members")


def legend(keys: Iterable[str],
           texts: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """What the named columns mean, as (name, meaning) pairs for the list under the table
    (``texts`` first, then ``LEGEND``)."""
    meaning = {**LEGEND, **(texts or {})}
    return [(k, meaning[k]) for k in keys if k in meaning]


def as_html(tournaments: Iterable[Ranked], mode: str, title: str | None = None) -> str:
    """The page of the standings (``mode``: entrants, series or teams); a series' events
    numbered by date (``standings.by_date``)."""
    listed = list(tournaments)
    if mode == "series":
        listed = by_date(listed)
    heads, rows = table_rows(listed, mode, named=True)
    keep = [i for i, h in enumerate(heads) if h != "tournament" and
            any(row[i] not in (None, "") for row in rows)]
    title = title or " · ".join(t.name for t in listed) + own_ranking_note(listed)
    named = {heads[i].replace("_", " ").split(".")[0] for i in keep}
    return render("standings.html", title=title, kind="doc", scripted=False, nav=[], info="",
                  heads=[heads[i] for i in keep], rows=[[row[i] for i in keep] for row in rows],
                  name_columns=[k for k, i in enumerate(keep) if heads[i] in NAME_COLUMNS],
                  more="the other columns",
                  legend=legend(k for k in LEGEND
                                if k in named or k == "round R" and "round" in named))


__all__ = ["LEGEND", "PLACING_LEGEND", "as_html", "legend"]
