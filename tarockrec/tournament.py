"""Tournaments (docs/tournaments.md): the register of entrants, the rounds, each round's tables
with their entrants in seat order, and each table's play at any degree of completeness — full
deals, score sheets, a session in a file of its own, or only the table's written totals.

``validate_tournament`` checks the whole (``TOURN-*`` codes, and every table's session as
``validate`` checks a session) and derives the standings: what counts (the tournament score
or the money), table rank points, tie-breaks, cup points and team scores are the rule set's
data (``standings_rules``: the ``tournament`` block of ``tarockrec/rulesets/<game>/<name>.json``,
each value with its source). One table is in memory at a time: a table kept in a file of its own
is read when its turn comes and let go after.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from . import games, rulesets
from .findings import Finding

#: how ties at a table share the rank points (``rank_ties``)
SHARE = "share"           # the tied entrants share the points of their places (rounded down)
HIGHER = "higher"         # each tied entrant gets the points of the best tied place
#: tie-breaks between entrants with equal totals, in the order a rule set lists them
TIE_BREAKS = ("table_ranks", "best_round")


@dataclass(frozen=True)
class StandingsRules:
    """How a tournament is ranked, from its rule set's ``tournament`` block (or these defaults:
    the tournament score alone, no rank points, no deal limit, better table ranks first, then
    the best round)."""

    #: ``score``: the session totals (the Schrift; kontras counting as the rule set scores
    #: them); ``money``: the money figure where the rule set counts kontras for money only
    counts: str = "score"
    #: the most deals a table of each size plays in one round (absent: no limit)
    deals_per_round: Mapping[int, int] = field(default_factory=dict)
    #: rank points for places 1, 2, … at a table of each size (absent: none)
    rank_points: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    rank_ties: str = SHARE
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    #: cup (series) points for placings 1, 2, …; later placings score 0
    cup_points: tuple[int, ...] = ()
    #: where each value comes from (``sections`` of the rule set's provenance)
    sources: Mapping[str, str] = field(default_factory=dict)
    #: a value that could not be read from the source and was decided (rule set ``notes``)
    decided: tuple[str, ...] = ()


def standings_rules(game: str, rules_block: Mapping[str, Any] | None) -> StandingsRules:
    """The standings rules of the rule set a tournament names (its ``tournament`` block)."""
    name = (rules_block or {}).get("name", "default")
    doc = rulesets.for_game(game).get(str(name))
    block = doc.tournament if doc is not None else None
    if not block:
        return StandingsRules()
    return StandingsRules(
        counts=block.get("counts", "score"),
        deals_per_round={int(k): int(v) for k, v in block.get("deals_per_round", {}).items()},
        rank_points={int(k): tuple(v) for k, v in block.get("rank_points", {}).items()},
        rank_ties=block.get("rank_ties", SHARE),
        tie_breaks=tuple(block.get("tie_breaks", TIE_BREAKS)),
        cup_points=tuple(block.get("cup_points", ())),
        sources=dict(block.get("sources", {})),
        decided=tuple(block.get("decided", ())))


@dataclass
class Row:
    """One entrant's line of the standings."""

    entrant: str
    player: str
    club: str | None = None
    team: str | None = None
    rank: int = 0
    #: the sum of the entrant's table results (the tournament score, or the money)
    score: int = 0
    #: the sum of the table rank points
    rank_points: int = 0
    #: per round: the entrant's table result, None when absent or not known
    rounds: list[int | None] = field(default_factory=list)
    #: per round: the entrant's place at the table (1 = best), None when absent
    table_ranks: list[int | None] = field(default_factory=list)
    cup_points: int = 0

    @property
    def total(self) -> int:
        return self.score + self.rank_points

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rank": self.rank, "entrant": self.entrant, "player": self.player,
                               "total": self.total, "score": self.score,
                               "rank_points": self.rank_points, "rounds": list(self.rounds),
                               "table_ranks": list(self.table_ranks),
                               "cup_points": self.cup_points}
        if self.club is not None:
            out["club"] = self.club
        if self.team is not None:
            out["team"] = self.team
        return out


@dataclass
class Table:
    """What validation learnt of one table: where it is, who sat, and its result."""

    round: int
    index: int
    name: str
    seats: list[str]
    totals: list[int] | None
    #: the table's session record as validated (inline or read from its file), and the
    #: validator's report on it, for ``publish``
    session: dict[str, Any] | None = None
    report: Any = None
    #: the seated entrants' names, in seat order
    names: list[str] = field(default_factory=list)


# -- validation ------------------------------------------------------------------------------
def validate_tournament(rec: dict[str, Any], findings: list[Finding], origin: str | None = None,
                        on_table: Callable[[Table], None] | None = None) -> list[Row] | None:
    """Check the tournament ``rec`` (already through the schema), adding to ``findings``;
    returns the derived standings, or None when a table's result is not known. ``origin``: the
    file the tournament was read from (a table's ``source`` is relative to it). ``on_table`` is
    given each table with its session as it is checked (``publish`` draws it then); the
    session is let go after, so one table is in memory at a time."""
    from .validate import validate_record      # validate imports this module
    add = findings.append
    game = games.get(rec["game"])
    if game is None:
        add(Finding("GAME-UNSUPPORTED", f"this version of tarockrec cannot check {rec['game']} "
                    "records yet", "/game"))
        return None
    srules = standings_rules(game.name, rec.get("rules"))
    register: dict[str, dict[str, Any]] = {}
    for i, e in enumerate(rec["entrants"]):
        if e["id"] in register:
            add(Finding("TOURN-ENTRANT", f"two entrants have the id {e['id']!r}",
                        f"/entrants/{i}/id"))
        register.setdefault(e["id"], e)
    rows = {eid: Row(eid, e["name"], e.get("club"), e.get("team")) for eid, e in register.items()}
    complete = True
    for r, rnd in enumerate(rec["rounds"]):
        _check_seating(rnd, r, register, game.table_sizes, add)
        for row in rows.values():
            row.rounds.append(None)
            row.table_ranks.append(None)
        for t, table in enumerate(rnd["tables"]):
            ptr = f"/rounds/{r}/tables/{t}"
            seats = table["seats"]
            if len(seats) not in game.table_sizes or any(s not in register for s in seats):
                complete = False
                continue
            session = _session_of(rec, table, seats, register, ptr, origin, add)
            found: list[Any] = []
            totals = _table_totals(table, seats, session, ptr, srules, validate_record, add,
                                   found)
            if on_table is not None:
                on_table(Table(r, t, str(table.get("table", t + 1)), list(seats), totals,
                               session, found[0] if found else None,
                               [register[s]["name"] for s in seats]))
            if totals is None:
                complete = False
                continue
            _score_table(rows, seats, totals, r, srules)
    if not complete:
        return None
    ranked = rank(list(rows.values()), srules)
    _compare_standings(rec.get("standings"), ranked, add)
    return ranked


def _check_seating(rnd: dict[str, Any], r: int, register: Mapping[str, Any],
                   sizes: tuple[int, ...], add: Any) -> None:
    """Every entrant at exactly one table of the round, or marked absent; table sizes the
    game allows."""
    seen: dict[str, str] = {}
    named: dict[str, int] = {}
    for t, table in enumerate(rnd["tables"]):
        ptr = f"/rounds/{r}/tables/{t}"
        _check_table_name(table, t, r, ptr, named, add)
        n = len(table["seats"])
        if n not in sizes:
            add(Finding("TOURN-TABLE-SIZE", f"a table of {n} cannot play this game (tables of "
                        f"{' or '.join(map(str, sizes))})", ptr + "/seats"))
        for s, eid in enumerate(table["seats"]):
            if eid not in register:
                add(Finding("TOURN-ENTRANT", f"{eid!r} is not in the register of entrants",
                            f"{ptr}/seats/{s}"))
            elif eid in seen:
                add(Finding("TOURN-SEATED", f"entrant {eid} ({register[eid]['name']}) is "
                            f"seated twice in round {r + 1} ({seen[eid]} and table {t + 1})",
                            f"{ptr}/seats/{s}"))
            seen[eid] = f"table {t + 1}"
    for a, eid in enumerate(rnd.get("absent", [])):
        if eid not in register:
            add(Finding("TOURN-ENTRANT", f"{eid!r} is not in the register of entrants",
                        f"/rounds/{r}/absent/{a}"))
        elif eid in seen:
            add(Finding("TOURN-SEATED", f"entrant {eid} ({register[eid]['name']}) is marked "
                        f"absent in round {r + 1} but seated at {seen[eid]}",
                        f"/rounds/{r}/absent/{a}"))
        seen.setdefault(eid, "absent")
    for eid, e in register.items():
        if eid not in seen:
            add(Finding("TOURN-UNSEATED", f"entrant {eid} ({e['name']}) is neither seated nor "
                        f"marked absent in round {r + 1}", f"/rounds/{r}"))


def _check_table_name(table: dict[str, Any], t: int, r: int, ptr: str, named: dict[str, int],
                      add: Any) -> None:
    """A table's name says which table it is: not empty, and one table of the round by each
    name (an unnamed table is called by its place, as its pages are); ``named``: the names
    of the round so far."""
    name = str(table.get("table", t + 1))
    if not name.strip():
        add(Finding("TOURN-TABLE-NAME", f"table {t + 1} of round {r + 1} has an empty name; "
                    "give it one or leave the name out", ptr + "/table"))
    elif name in named:
        unnamed = "" if "table" in table else " (unnamed, so called by its place)"
        add(Finding("TOURN-TABLE-NAME", f"two tables of round {r + 1} are called {name!r}: "
                    f"table {named[name] + 1} and table {t + 1}{unnamed}",
                    ptr + ("/table" if "table" in table else "")))
    named.setdefault(name, t)


def _session_of(rec: dict[str, Any], table: dict[str, Any], seats: list[str],
                register: Mapping[str, Any], ptr: str, origin: str | None,
                add: Any) -> dict[str, Any] | None:
    """The table's session record (its deals inline, or the one record of its ``source``
    file); None when it has no deals."""
    names = [register[s]["name"] for s in seats]
    if "source" in table:
        if "deals" in table:
            add(Finding("TOURN-SOURCE", "a table gives its deals both inline and in a file",
                        ptr + "/source"))
            return None
        return _read_source(rec, table["source"], names, ptr, origin, add)
    if "deals" not in table:
        return None
    session: dict[str, Any] = {"tarockrec": 1, "game": rec["game"]}
    if "rules" in rec:
        session["rules"] = rec["rules"]
    session["players"] = names
    session["deals"] = table["deals"]
    if "result" in table:
        session["result"] = table["result"]
    return session


def _read_source(rec: dict[str, Any], source: str, names: list[str], ptr: str,
                 origin: str | None, add: Any) -> dict[str, Any] | None:
    from .sources import entries
    where = ptr + "/source"
    if origin is None or origin == "-":
        add(Finding("TOURN-SOURCE", f"the table's session is in {source!r}, which cannot be "
                    "found from a tournament read from standard input", where))
        return None
    path = source if os.path.isabs(source) else os.path.join(os.path.dirname(origin), source)
    found = list(_first_two(entries(path)))
    if not found or found[0].problem is not None:
        why = found[0].problem.message if found and found[0].problem else "it holds no record"
        add(Finding("TOURN-SOURCE", f"the table's session file {source} cannot be read: {why}",
                    where))
        return None
    session = found[0].record
    if len(found) > 1 or not isinstance(session, dict) or "deals" not in session:
        add(Finding("TOURN-SOURCE", f"the table's file {source} must hold exactly one session "
                    "record", where))
        return None
    for key in ("game", "rules"):
        if session.get(key) != rec.get(key):
            add(Finding("TOURN-SOURCE", f"the session in {source} names {key} "
                        f"{session.get(key)!r}, the tournament {rec.get(key)!r}", where))
            return None
    listed = session.get("players")             # the file is not through the schema yet
    players = [p.get("name") if isinstance(p, dict) else p
               for p in (listed if isinstance(listed, list) else [])]
    if players != names:
        add(Finding("TOURN-SOURCE", f"the session in {source} is played by {players}, but the "
                    f"table seats {names}", where))
        return None
    return session


def _first_two(it: Iterable[Any]) -> Iterator[Any]:
    for k, x in enumerate(it):
        yield x
        if k == 1:
            return


def _table_totals(table: dict[str, Any], seats: list[str], session: dict[str, Any] | None,
                  ptr: str, srules: StandingsRules, validate_record: Any,
                  add: Any, reports: list[Any]) -> list[int] | None:
    """The table's result per seat: the validated session's totals (the money where the rule
    set counts it), or the written totals of a table that gives no deals; the session's report
    goes to ``reports``."""
    n = len(seats)
    if session is not None:
        if srules.deals_per_round.get(n) is not None and \
                len(session["deals"]) > srules.deals_per_round[n]:
            add(Finding("TOURN-DEAL-LIMIT", f"a table of {n} plays at most "
                        f"{srules.deals_per_round[n]} deals a round under this rule set, this "
                        f"one {len(session['deals'])}", ptr + ("/source" if "source" in table
                                                              else "/deals")))
        report = validate_record(session)
        reports.append(report)
        for f in report.findings:
            add(_moved(f, table, ptr))
        if not report.valid or report.totals is None:
            return None
        totals = report.totals if srules.counts == "score" else report_money(report)
        written = (table.get("result") or {}).get("totals")
        if "source" in table and written is not None and written != report.totals:
            add(Finding("TOURN-TOTALS", f"the table's written totals {written} differ from its "
                        f"session's {report.totals}", ptr + "/result/totals"))
        return totals
    if "source" in table:
        return None                 # its file could not be read: said by _read_source
    written = (table.get("result") or {}).get("totals")
    if written is None:
        add(Finding("TOURN-NO-PLAY", "the table gives neither deals, nor a session file, nor "
                    "its totals", ptr))
        return None
    if len(written) != n or sum(written) != 0:
        add(Finding("TOURN-TOTALS", f"the table's totals {written} are not {n} figures adding "
                    "up to 0", ptr + "/result/totals"))
        return None
    add(Finding("TOURN-UNVERIFIED", "only the table's totals are written: its deals were not "
                "checked", ptr, "info"))
    return list(written)


def _moved(f: Finding, table: dict[str, Any], ptr: str) -> Finding:
    """A finding of a table's session, placed in the tournament: inside the table's deals,
    or, for a session in a file of its own, at the table's ``source`` naming the place in
    that file."""
    if "source" in table:
        return Finding(f.code, f"{table['source']}{f.pointer or '/'}: {f.message}",
                       ptr + "/source", f.severity)
    pointer = f.pointer
    if pointer.startswith("/players"):
        pointer = "/seats"
    elif pointer.startswith("/rules") or pointer.startswith("/game"):
        return f
    return Finding(f.code, f.message, ptr + pointer, f.severity)


def report_money(report: Any) -> list[int] | None:
    """The session's money totals: each deal's ``money`` where its score has one (a rule set
    counting kontras for money only), else its score."""
    out = [0] * len(report.totals)
    for sc in report.scores:
        if sc is None:
            return None
        deltas = getattr(sc, "money", None) or sc.deltas
        out = [a + b for a, b in zip(out, deltas)]
    return out


def _score_table(rows: dict[str, Row], seats: list[str], totals: list[int], r: int,
                 srules: StandingsRules) -> None:
    """Each entrant's table result and place (ties share places), and rank points."""
    n = len(seats)
    points = srules.rank_points.get(n, ())
    order = sorted(range(n), key=lambda s: -totals[s])
    place = 0
    while place < n:
        tied = [s for s in order[place:] if totals[s] == totals[order[place]]]
        got = [points[p] if p < len(points) else 0 for p in range(place, place + len(tied))]
        share = got[0] if srules.rank_ties == HIGHER else sum(got) // len(got)
        for s in tied:
            row = rows[seats[s]]
            row.rounds[r] = totals[s]
            row.table_ranks[r] = place + 1
            row.score += totals[s]
            row.rank_points += share if points else 0
        place += len(tied)


def rank(rows: list[Row], srules: StandingsRules) -> list[Row]:
    """Rank by total, then the rule set's tie-breaks; entrants still equal share a rank (1, 2,
    2, 4); cup points by placing."""
    def key(row: Row) -> tuple[Any, ...]:
        parts: list[Any] = [-row.total]
        for tb in srules.tie_breaks:
            if tb == "table_ranks":         # more first places, then more second places, …
                most = max((x for x in row.table_ranks if x is not None), default=0)
                parts.append(tuple(-sum(1 for x in row.table_ranks if x == p)
                                   for p in range(1, max(most, 5) + 1)))
            elif tb == "best_round":
                parts.append(-max((x for x in row.rounds if x is not None), default=0))
        return tuple(parts)
    ordered = sorted(rows, key=lambda row: (key(row), row.entrant))
    prev: tuple[Any, ...] | None = None
    for i, row in enumerate(ordered):
        k = key(row)
        row.rank = ordered[i - 1].rank if k == prev else i + 1
        prev = k
        cp = srules.cup_points
        row.cup_points = cp[row.rank - 1] if row.rank - 1 < len(cp) else 0
    return ordered


def _compare_standings(written: list[dict[str, Any]] | None, ranked: list[Row],
                       add: Any) -> None:
    if written is None:
        return
    derived = {row.entrant: row for row in ranked}
    listed = set()
    for i, w in enumerate(written):
        row = derived.get(w["entrant"])
        listed.add(w["entrant"])
        if row is None:
            add(Finding("TOURN-STANDINGS", f"the standings list {w['entrant']!r}, who is not an "
                        "entrant", f"/standings/{i}/entrant"))
            continue
        for key in ("rank", "total", "score", "rank_points"):
            if key in w and w[key] != getattr(row, key):
                add(Finding("TOURN-STANDINGS", f"the standings give {row.player} "
                            f"{key.replace('_', ' ')} {w[key]}, the tables give "
                            f"{getattr(row, key)}", f"/standings/{i}/{key}"))
    for row in ranked:
        if row.entrant not in listed:
            add(Finding("TOURN-STANDINGS", f"the standings leave out {row.player} "
                        f"({row.entrant}), rank {row.rank}", "/standings"))


# -- series and teams ------------------------------------------------------------------------
@dataclass
class SeriesRow:
    entrant: str
    player: str
    rank: int = 0
    cup_points: int = 0
    #: per tournament: the cup points, None when not played
    events: list[int | None] = field(default_factory=list)


def series(tournaments: list[list[Row]]) -> list[SeriesRow]:
    """A cup series: each tournament's cup points summed per entrant (matched by entrant id)."""
    out: dict[str, SeriesRow] = {}
    for k, rows in enumerate(tournaments):
        for row in rows:
            s = out.setdefault(row.entrant, SeriesRow(row.entrant, row.player,
                                                      events=[None] * len(tournaments)))
            s.events[k] = row.cup_points
            s.cup_points += row.cup_points
    ordered = sorted(out.values(), key=lambda s: (-s.cup_points, id_order(s.entrant)))
    for i, s in enumerate(ordered):
        s.rank = ordered[i - 1].rank if i and ordered[i - 1].cup_points == s.cup_points else i + 1
    return ordered


def id_order(entrant: str) -> tuple[Any, ...]:
    """Entrant ids in the order a person reads them: ``2`` before ``10`` (numbers within an
    id compare as numbers), then as written."""
    import re
    parts = re.split(r"(\d+)", entrant)
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts if p), entrant


@dataclass
class TeamRow:
    team: str
    members: list[str]
    rank: int = 0
    total: int = 0


def teams(rows: list[Row]) -> list[TeamRow]:
    """Team standings: the members' totals summed (entrants without a team are left out)."""
    out: dict[str, TeamRow] = {}
    for row in rows:
        if row.team is None:
            continue
        t = out.setdefault(row.team, TeamRow(row.team, []))
        t.members.append(row.player)
        t.total += row.total
    ordered = sorted(out.values(), key=lambda t: (-t.total, t.team))
    for i, t in enumerate(ordered):
        t.rank = ordered[i - 1].rank if i and ordered[i - 1].total == t.total else i + 1
    return ordered
