"""``tarockrec draw --format html``: a drawn round as a page to print (docs/tournaments.md, *The
draw*): the tables with their seats, who sits where (alphabetically), then one table card per
table, a printed page each, with an empty sheet for the deals (template ``draw_round.html``)."""
from __future__ import annotations

from typing import Any, Mapping

from ..drawprint import CARD_ROWS, absent_names, by_name, seats_of, title
from . import render


def round_page(rec: Mapping[str, Any], round_no: int,
               deals: Mapping[str, int] | None = None) -> str:
    """The page of round ``round_no`` (from 1). ``deals``: the deals a table of each size
    plays (the card's sheet rows; ``CARD_ROWS`` where the rule set sets no limit)."""
    tables = seats_of(rec, round_no)
    rows = {str(len(t)): (deals or {}).get(str(len(t)), CARD_ROWS) for t in tables}
    return render("draw_round.html", title=f"{title(rec)}: round {round_no}", kind="draw",
                  scripted=False, nav=[], tables=tables, by_name=by_name(tables),
                  absent=absent_names(rec, round_no), rows=rows,
                  draw=rec["rounds"][round_no - 1].get("draw") or {})


__all__ = ["round_page"]
