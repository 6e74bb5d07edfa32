"""Score tables for analysis (issue 11, item 5): one row per deal and seat.

Built over the generic ``Score`` of every game (its ``items``, ``deltas`` and ``facts``) and the
record's envelope, so a game registered later needs nothing here. Columns, in order:

``source`` (the file), ``record`` (its place in the file, from 1), ``id`` (the record's
``meta.id`` or private ``_id``, when it has one), ``deal`` (from 1; always 1 for a deal record),
``seat``, ``player``, ``dealer``, ``contract``, ``declarer``, ``partner`` (seats, empty when
nobody), ``side`` (``declarer`` for the declarer and his partners, ``defender``, ``out`` for a
seat that sits out of the deal as its game says, ``Game.sitting_out``: the dealer at five in
Königrufen and Illustrated Tarokk, who scores nothing, and at four in Carinthian outside
Trischak, who settles with the others unless the rule set says otherwise, G21; the same for a
played deal and its score sheet; empty when the deal has no declarer), ``multiplier`` (the period
multiplier, where the game has one), then one column ``item.<name>`` per score item met
anywhere in the input (the seat's delta; 0 where the deal did not score that item) and
``total`` (the seat's delta for the deal: the sum of its items), and, only where some deal of
the input has one, ``money`` (the seat's money, the Geld: where a rule set counts kontras for
money only, Königrufen ``kontra_in_score = off``, the total with the kontras; elsewhere the
total).

A tournament gives the rows of its tables' deals, table by table, with three more columns:
``round`` (from 1) and ``table`` (its name) before ``deal`` (from 1 at each table), and
``entrant`` (the id in the register) before ``player`` (the entrant's name).

A score sheet (a deal recorded without cards) has no items: its rows give the written total,
and its declarer, partner and contract as the calls fix them, else as the table wrote them.

The rows are the recomputed scores (what ``score`` prints): an unreadable record, and a deal
that cannot be replayed, give no rows; every unreadable or invalid record gets a line on stderr
with its first finding.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Iterable, Iterator

import orjson

from . import games
from .scoring import Score
from .sources import Entry, entries
from .validate import Report, validate_record

if TYPE_CHECKING:
    from .tournament.record import Table

FIXED = ("source", "record", "id", "deal", "seat", "player", "dealer", "contract", "declarer",
         "partner", "side", "multiplier")
ITEM_PREFIX = "item."
#: the facts a score sheet's written result may give (it has no score items)
_SHEET_FACTS = ("declarer", "partner", "contract", "multiplier")


@dataclass(slots=True, frozen=True)
class _Place:
    """Where a tournament's deal was played: round (from 1), table, entrant ids and names by
    seat (a substitute's from his first deal on)."""

    round: int
    table: str
    entrants: list[str]
    names: list[str]


@dataclass(slots=True)
class _Deal:
    """What the rows of one scored deal need (kept until the item columns are known)."""

    source: str
    record: int
    rid: str | None
    deal: int
    players: list[str]
    dealer: int | None
    score: Score
    out: frozenset[int]             # the seats that sit out of the deal (Game.sitting_out)
    place: _Place | None = None


def _player(p: Any) -> str:
    if isinstance(p, dict):
        return str(p.get("name", ""))
    return str(p)


def _record_id(rec: dict[str, Any]) -> str | None:
    meta = rec.get("meta")
    if isinstance(meta, dict) and isinstance(meta.get("id"), str):
        return str(meta["id"])
    rid = rec.get("_id")
    return str(rid) if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None


def _seats(value: Any) -> set[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return {value}
    if isinstance(value, (list, tuple, set, frozenset)):
        return {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
    return set()


def scored_deals(reports: Iterable[tuple[Entry, Report]],
                 problems: list[str]) -> Iterator[_Deal]:
    """The scored deals of every record, in order (a tournament's table by table); what gives
    no rows is noted in ``problems`` (one line each)."""
    for entry, rep in reports:
        label = f"{entry.source} #{entry.index}"
        rec = entry.record
        if entry.problem is not None or not isinstance(rec, dict):
            problems.append(f"{label}: unreadable, no rows: {entry.problem}")
            continue
        errors = [f for f in rep.findings if f.severity == "error"]
        rid = _record_id(rec)
        missing = 0
        if rep.kind == "tournament":
            for table in rep.tables or ():
                if not isinstance(table.session, dict):
                    problems.append(f"{label}: round {table.round + 1}, table {table.name}: "
                                    "only the table's totals are written, no rows")
                    continue
                session = table.session
                scores = table.report.scores if table.report is not None else []
                for d in _deals(entry, rid, session, scores, table):
                    if d is None:
                        missing += 1
                    else:
                        yield d
        else:
            for d in _deals(entry, rid, rec, rep.scores):
                if d is None:
                    missing += 1
                else:
                    yield d
        if errors:
            first = errors[0]
            unscored = f"; {missing} deal(s) not scored" if missing or not rep.scores else ""
            problems.append(f"{label}: INVALID{unscored}: {first}"
                            + (f" (and {len(errors) - 1} more finding(s))" if len(errors) > 1
                               else ""))


def _deals(entry: Entry, rid: str | None, rec: dict[str, Any], scores: list[Score | None],
           table: Table | None = None) -> Iterator[_Deal | None]:
    """The scored deals of one deal or session record (None for each deal not scored)."""
    deals = rec.get("deals") if "deals" in rec else [rec]
    if not isinstance(deals, list):
        deals = []
    listed = rec.get("players")
    players = [_player(p) for p in listed] if isinstance(listed, list) else []
    name = rec.get("game")
    game = games.get(name) if isinstance(name, str) else None
    for i, score in enumerate(scores):
        if score is None or i >= len(deals) or not isinstance(deals[i], dict):
            yield None
            continue
        d = deals[i]
        dealer = d.get("dealer")
        if "deal" not in d and isinstance(d.get("result"), dict):
            # a score sheet: what the calls did not fix, the table wrote (checked where it
            # could be)
            facts = {k: v for k, v in d["result"].items()
                     if k in _SHEET_FACTS and not k.startswith("_")}
            facts.update({k: v for k, v in score.facts.items() if v is not None})
            score = Score(score.items, score.deltas, facts, score.money)
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            dealer = None
        # who sits out the game says (a played deal and its score sheet alike; a sheet has
        # no hands to tell)
        out = frozenset() if game is None or dealer is None else \
            game.sitting_out(len(score.deltas), dealer, score.facts)
        place = None if table is None else _Place(table.round + 1, table.name,
                                                  table.entrants_at(i + 1),
                                                  table.names_at(i + 1))
        yield _Deal(entry.source, entry.index, rid, i + 1, players, dealer, score, out, place)


def rows(deals: Iterable[_Deal], columns: list[str]) -> Iterator[dict[str, Any]]:
    """The rows of every deal; ``columns`` gains each item column the first time it is met
    (so it is complete once the iterator is exhausted)."""
    known = set(columns)
    for d in deals:
        sc = d.score
        facts = sc.facts
        declarer = facts.get("declarer")
        partners = _seats(facts.get("partner"))
        team = _seats(declarer) | partners
        n = len(sc.deltas)
        per_seat: list[dict[str, int]] = [{} for _ in range(n)]
        for it in sc.items:
            col = ITEM_PREFIX + it.name
            if col not in known:
                known.add(col)
                columns.append(col)
            for s, delta in enumerate(it.deltas[:n]):
                per_seat[s][col] = per_seat[s].get(col, 0) + delta
        partner = facts.get("partner")
        for s in range(n):
            if s in d.out:
                side = "out"
            elif not team:
                side = ""
            else:
                side = "declarer" if s in team else "defender"
            names = d.players if d.place is None else d.place.names
            row: dict[str, Any] = {
                "source": d.source, "record": d.record, "id": d.rid, "deal": d.deal, "seat": s,
                "player": names[s] if s < len(names) else None, "dealer": d.dealer,
                "contract": facts.get("contract"),
                "declarer": declarer if isinstance(declarer, int) else None,
                "partner": (partner if isinstance(partner, int) and not isinstance(partner, bool)
                            else " ".join(map(str, sorted(partners))) or None),
                "side": side, "multiplier": facts.get("multiplier"),
            }
            if d.place is not None:
                row["round"] = d.place.round
                row["table"] = d.place.table
                row["entrant"] = d.place.entrants[s] if s < len(d.place.entrants) else None
            row.update(per_seat[s])
            row["total"] = sc.deltas[s]
            row["money"] = (sc.money or sc.deltas)[s]
            yield row


def table(reports: Iterable[tuple[Entry, Report]],
          problems: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and row objects of the score table of ``reports``."""
    columns = list(FIXED)
    # the item columns are known only at the end: the rows wait (compactly, as their deals)
    deals = list(scored_deals(reports, problems))
    if any(d.place is not None for d in deals):      # a tournament's deals: where they were
        columns[columns.index("deal"):columns.index("deal")] = ["round", "table"]
        columns.insert(columns.index("player"), "entrant")
    found = list(rows(deals, columns))
    columns.append("total")
    if any(d.score.money is not None for d in deals):
        columns.append("money")
    return columns, found


def cells_of(columns: list[str], found: list[dict[str, Any]]) -> Iterator[list[Any]]:
    """The rows as lists of cells (an item a seat did not score: 0)."""
    for row in found:
        yield [row.get(c, 0) for c in columns]


def write(reports: Iterable[tuple[Entry, Report]], fmt: str, out: IO[str],
          problems: list[str]) -> int:
    """Write the score table of ``reports`` to ``out`` as ``csv`` (through the one cell
    writer, ``cells``) or ``json`` (an array of row objects, one a line). Returns the number
    of rows."""
    from . import cells
    columns, found = table(reports, problems)
    if fmt == "csv":
        out.write(cells.csv_row(columns))
        for line in cells_of(columns, found):
            out.write(cells.csv_row(line))
    else:
        out.write("[")
        sep = "\n"
        for row in found:
            full = {c: row.get(c, 0) if c.startswith(ITEM_PREFIX) else row.get(c)
                    for c in columns}
            out.write(sep + orjson.dumps(full).decode())
            sep = ",\n"
        out.write("\n]\n")
    return len(found)


def reports(paths: Iterable[str]) -> Iterator[tuple[Entry, Report]]:
    """Every record of ``paths`` with its validation report."""
    for path in paths:
        for entry in entries(path):
            if entry.problem is not None:
                rep = Report(index=entry.index, line=entry.line, findings=[entry.problem])
            else:
                rep = validate_record(entry.record, entry.index, entry.line, entry.lines,
                                      origin=entry.source, tables=True)
            yield entry, rep


def _counted(paths: Iterable[str], status: list[int]) -> Iterator[tuple[Entry, Report]]:
    for entry, rep in reports(paths):
        if entry.problem is not None:
            status[0] = 2
        elif not rep.valid:
            status[0] = max(status[0], 1)
        yield entry, rep


def command(paths: Iterable[str], fmt: str, out: IO[str], err: IO[str]) -> int:
    """``score --format csv|json``: rows on ``out``, a line on ``err`` for each record that
    gives no rows or is invalid; the exit status as in the text form (0 all valid, 1 some
    invalid, 2 some unreadable)."""
    problems: list[str] = []
    status = [0]
    write(_counted(paths, status), fmt, out, problems)
    for p in problems:
        err.write(p + "\n")
    return status[0]


def workbook(paths: Iterable[str], err: IO[str]) -> tuple[bytes, int]:
    """``score --format xlsx``: the score table as a workbook (sheet ``score``) and the exit
    status; ``cells.NoWorkbook`` before any work without openpyxl."""
    from . import cells
    cells.need_openpyxl()
    problems: list[str] = []
    status = [0]
    columns, found = table(_counted(paths, status), problems)
    data = cells.xlsx([("score", columns, cells_of(columns, found))])
    for p in problems:
        err.write(p + "\n")
    return data, status[0]
