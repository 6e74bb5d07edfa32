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

import json
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Mapping

from .. import games, kinds, rulesets, schema
from . import published, ranking, substitutes
from ..errors import Reread, RulesError
from ..findings import Finding
from ..kinds import Report, _check_notes
from .ranking import HIGHER as HIGHER, MEAN as MEAN, SHARE as SHARE
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
    #: the rounds a tournament plays (None: any number)
    rounds: int | None = None
    #: the most deals a table of each size plays in one round (absent: no limit)
    deals_per_round: Mapping[int, int] = field(default_factory=dict)
    #: rank points for places 1, 2, … at a table of each size (absent: none)
    rank_points: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    rank_ties: str = SHARE
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    #: cup (series) points for placings 1, 2, …; later placings score 0
    cup_points: tuple[int, ...] = ()
    #: ``total`` (Schrift plus rank points) or ``rank_points`` (placing points first)
    ranks_by: str = ranking.BY_TOTAL
    #: round number (from 1) -> table size -> that round's own placing-point scale
    rank_points_by_round: Mapping[int, Mapping[int, tuple[int, ...]]] = \
        field(default_factory=dict)
    #: (the smallest field it applies to, cup points by placing), by field size
    cup_points_by_field: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: cup points on the field size: linear (``cup_points_formula``) or the Tyrolean curve
    #: (``cup_points_curve``)
    cup_points_formula: ranking.FieldFormula | None = None
    #: the cup points of a tournament are its total (the Raiffeisen cup)
    cup_points_total: bool = False
    #: the total scaled into cup points (the Kärnten cup; implies ``cup_points_total``)
    cup_points_total_scale: ranking.TotalScale | None = None
    #: where an entrant's carried points count (``total`` or ``cup_points``)
    carried_into: str = "total"
    #: a series counts only each entrant's best k results (None: all of them)
    series_best: int | None = None
    series_tie_breaks: tuple[str, ...] = ()
    #: how a seat played by two entrants is credited (substitutes.py: split, seat_holder)
    substitutes: str = "split"
    #: the tournament record's own block ranked it (house rules), not its rule set's
    own: bool = False
    #: where each value comes from (``sections`` of the rule set's provenance)
    sources: Mapping[str, str] = field(default_factory=dict)
    #: a value that could not be read from the source and was decided (rule set ``notes``)
    decided: tuple[str, ...] = ()
    #: an entrant of the register who played no round: ``listed`` after the ranked ones with no
    #: rank and no cup points, or ``left_out`` of the standings; never ranked
    unplayed: str = "listed"
    #: what counts toward ``deals_per_round``: ``dealt_on``, a deal after which the deal
    #: passes on (a redeal or a passed-out deal that the same dealer deals again does not
    #: count), or ``every`` recorded deal
    deals_count: str = "dealt_on"

    @property
    def gives_cup_points(self) -> bool:
        """Whether any cup points come from this ranking (else every entrant gets 0)."""
        return bool(self.cup_points or self.cup_points_by_field or self.cup_points_formula
                    or self.cup_points_total or self.cup_points_total_scale is not None
                    or self.carried_into == "cup_points")


def standings_rules(game: str, rules_block: Mapping[str, Any] | None,
                    own: Mapping[str, Any] | None = None) -> StandingsRules:
    """The standings rules of the rule set a tournament names (its ``tournament`` block), or
    of the record's own block ``own`` (house rules; already checked) where it has one."""
    if own is not None:
        return rules_from_block(own, True)
    name = (rules_block or {}).get("name", "default")
    doc = rulesets.for_game(game).get(str(name))
    block = doc.tournament if doc is not None else None
    if not block:
        return StandingsRules()
    return rules_from_block(block)


def _field_formula(block: Mapping[str, Any]) -> ranking.FieldFormula | None:
    """The block's cup points on the field size, if any (the schema allows one of the two)."""
    if (linear := block.get("cup_points_formula")) is not None:
        return ranking.CupFormula(linear["base"], linear["step"], linear.get("minimum", 0))
    if (curve := block.get("cup_points_curve")) is not None:
        return ranking.CupCurve(curve["top"], curve["exponent"])
    return None


def _total_scale(scale: Mapping[str, Any] | None) -> ranking.TotalScale | None:
    if scale is None:
        return None
    return ranking.TotalScale(scale.get("half_above"), scale.get("minimum"),
                              scale.get("maximum"))


def rules_from_block(block: Mapping[str, Any], own: bool = False) -> StandingsRules:
    """A ``tournament`` block (rule-set schema) as standings rules."""
    def sizes(m: Mapping[str, Any]) -> dict[int, tuple[int, ...]]:
        return {int(k): tuple(v) for k, v in m.items()}
    return StandingsRules(
        counts=block.get("counts", "score"), rounds=block.get("rounds"),
        deals_per_round={int(k): int(v) for k, v in block.get("deals_per_round", {}).items()},
        rank_points=sizes(block.get("rank_points", {})),
        rank_ties=block.get("rank_ties", SHARE),
        tie_breaks=tuple(block.get("tie_breaks", TIE_BREAKS)),
        cup_points=tuple(block.get("cup_points", ())),
        ranks_by=block.get("ranks_by", ranking.BY_TOTAL),
        rank_points_by_round={int(r): sizes(m) for r, m in
                              block.get("rank_points_by_round", {}).items()},
        cup_points_by_field=tuple((int(t["entrants_from"]), tuple(t["points"]))
                                  for t in block.get("cup_points_by_field", ())),
        cup_points_formula=_field_formula(block),
        cup_points_total=block.get("cup_points_total", False),
        cup_points_total_scale=_total_scale(block.get("cup_points_total_scale")),
        carried_into=block.get("carried_into", "total"),
        series_best=block.get("series_best"),
        series_tie_breaks=tuple(block.get("series_tie_breaks", ())),
        substitutes=block.get("substitutes", "split"),
        sources=dict(block.get("sources", {})),
        decided=tuple(block.get("decided", ())), own=own,
        unplayed=block.get("unplayed", "listed"),
        deals_count=block.get("deals_count", "dealt_on"))


@dataclass
class Row:
    """One entrant's line of the standings."""

    entrant: str
    player: str
    club: str | None = None
    team: str | None = None
    #: None for an entrant who played no round (not ranked)
    rank: int | None = 0
    #: the sum of the entrant's table results (the tournament score, or the money)
    score: int = 0
    #: the sum of the table rank points (exact: a tie may share a place's points unevenly)
    rank_points: Fraction = Fraction(0)
    #: per round: the entrant's table result, None when absent or not known
    rounds: list[int | None] = field(default_factory=list)
    #: per round: the entrant's place at the table (1 = best), None when absent
    table_ranks: list[int | None] = field(default_factory=list)
    #: None for an entrant who played no round: no cup points, which is not 0 cup points
    cup_points: ranking.Number | None = 0
    #: per round: the rank points the entrant's place earned, None when absent
    round_points: list[Fraction | None] = field(default_factory=list)
    #: the deals the entrant played (None: a table gave only its totals)
    deals: int | None = 0
    #: points carried in from a qualification (``entrants[].carried``)
    carried: int = 0
    #: how the tournament was ranked (the rule set's or the record's own block)
    rules: StandingsRules = field(default_factory=StandingsRules, repr=False, compare=False)

    @property
    def total(self) -> ranking.Number:
        carried = self.carried if self.rules.carried_into == "total" else 0
        if self.rules.ranks_by == ranking.BY_RANK_POINTS:
            return _whole(self.rank_points + carried)
        return _whole(self.score + self.rank_points + carried)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rank": self.rank, "entrant": self.entrant, "player": self.player,
                               "total": ranking.plain(self.total), "score": self.score,
                               "rank_points": ranking.plain(self.rank_points),
                               "rounds": list(self.rounds),
                               "table_ranks": list(self.table_ranks),
                               "cup_points": None if self.cup_points is None
                               else ranking.plain(self.cup_points)}
        if self.carried:
            out["carried"] = self.carried
        if self.club is not None:
            out["club"] = self.club
        if self.team is not None:
            out["team"] = self.team
        return out


def _whole(x: ranking.Number) -> ranking.Number:
    """A whole fraction as an int (so that today's integer standings stay integers)."""
    return int(x) if isinstance(x, Fraction) and x.denominator == 1 else x


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
    #: the table's ``substitutes`` as written, and the names of the substitutes in them
    substitutes: list[dict[str, Any]] = field(default_factory=list)
    sub_names: dict[str, str] = field(default_factory=dict)

    def entrants_at(self, deal: int) -> list[str]:
        """The entrant at each seat in the table's ``deal``-th deal (from 1): a substitute
        from his ``from_deal`` on, as the standings credit him (substitutes.py)."""
        return substitutes.players_at(substitutes.timelines(self.seats, self.substitutes), deal)

    def names_at(self, deal: int) -> list[str]:
        """The names of ``entrants_at(deal)``."""
        names = dict(zip(self.seats, self.names))
        names.update(self.sub_names)
        return [names.get(eid, eid) for eid in self.entrants_at(deal)]


# -- validation ------------------------------------------------------------------------------
def _register(entrants: list[dict[str, Any]],
              add: Callable[[Finding], None]) -> dict[str, dict[str, Any]]:
    """The entrants by id (the first of two with one id, which is a finding)."""
    register: dict[str, dict[str, Any]] = {}
    for i, e in enumerate(entrants):
        if e["id"] in register:
            add(Finding("TOURN-ENTRANT", f"two entrants have the id {e['id']!r}",
                        f"/entrants/{i}/id"))
        register.setdefault(e["id"], e)
    return register


def validate_tournament(rec: dict[str, Any], findings: list[Finding], origin: str | None = None,
                        on_table: Callable[[Table], None] | None = None,
                        deferred: Any = None, check_draws: bool = True) -> list[Row] | None:
    """Check the tournament ``rec`` (already through the schema), adding to ``findings``;
    returns the derived standings, or None when a table's result is not known. ``origin``: the
    file the tournament was read from (a table's ``source`` is relative to it). ``on_table`` is
    given each table with its session as it is checked (``publish`` draws it then); the
    session is let go after, so one table is in memory at a time. ``deferred``: the inline
    tables' deals not read yet (``inline.Deferred``), read when their table is checked.
    ``check_draws``: check each round's stored draw (``TOURN-DRAW``, draw.py)."""
    validate_record = kinds.validator()     # by name, as validate finds this module
    add = findings.append
    game = games.get(rec["game"])
    if game is None:
        add(Finding("GAME-UNSUPPORTED", f"this version of tarockrec cannot check {rec['game']} "
                    "records yet", "/game"))
        return None
    try:        # the rule set named must exist, as a deal's must (it was taken as default);
        game.rules(rec.get("rules"))    # an incomplete one still ranks tables of totals
    except RulesError as err:
        if err.code == "RULES-UNKNOWN":
            add(Finding(err.code, err.message, "/rules"))
            return None
    own = rec.get("tournament")
    if own is not None and not check_own_block(own, add):
        return None
    srules = standings_rules(game.name, rec.get("rules"), own)
    register = _register(rec["entrants"], add)
    rows = {eid: Row(eid, e["name"], e.get("club"), e.get("team"),
                     carried=e.get("carried", 0), rules=srules)
            for eid, e in register.items()}
    complete = True
    if srules.rounds is not None and len(rec["rounds"]) > srules.rounds:
        add(Finding("TOURN-ROUNDS", f"a tournament under these rules plays {srules.rounds} "
                    f"rounds, this one {len(rec['rounds'])}", f"/rounds/{srules.rounds}"))
    for r, rnd in enumerate(rec["rounds"]):
        _check_seating(rnd, r, register, game.table_sizes, add)
        if check_draws and "draw" in rnd:
            _check_draw(rec, r, game, origin, add)
        for row in rows.values():
            row.rounds.append(None)
            row.table_ranks.append(None)
            row.round_points.append(None)
        for t, table in enumerate(rnd["tables"]):
            ptr = f"/rounds/{r}/tables/{t}"
            seats = table["seats"]
            if len(seats) not in game.table_sizes or any(s not in register for s in seats):
                complete = False
                continue
            if "draw" in rnd and not any(k in table for k in ("deals", "source", "result")):
                add(Finding("TOURN-DRAWN", f"table {table.get('table', t + 1)} of round "
                            f"{r + 1} is drawn and has no play entered yet; the standings wait "
                            "for its result", ptr, "info"))
                complete = False
                continue
            session = _session_of(rec, table, seats, register, ptr, origin, add, deferred)
            found: list[Any] = []
            totals = _table_totals(table, seats, session, ptr, srules, validate_record, add,
                                   found, game)
            if on_table is not None:
                subs = list(table.get("substitutes", ()))
                on_table(Table(r, t, str(table.get("table", t + 1)), list(seats), totals,
                               session, found[0] if found else None,
                               [register[s]["name"] for s in seats], subs,
                               {x["entrant"]: register[x["entrant"]]["name"] for x in subs
                                if x["entrant"] in register}))
            if totals is None:
                complete = False
                continue
            if not _credit_table(rows, table, seats, totals, found[0] if found else None, r,
                                 srules, register, ptr, add):
                complete = False
    if "published" in rec and not published.apply(rec, rows, srules, add):
        return None
    if not complete:
        return None
    ranked = rank(list(rows.values()), srules)
    _compare_standings(rec.get("standings"), ranked, add)
    return ranked


def _check_draw(rec: dict[str, Any], r: int, game: Any, origin: str | None, add: Any) -> None:
    """Round ``r``'s stored draw gives its seating (draw.py, ``TOURN-DRAW``): its checker is
    found by name (``kinds``), as the validator is, since the draw reads this module."""
    kinds.get("draw")(rec, r, game, origin, add)


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
            elif register[eid].get("joins", 1) > r + 1:
                add(Finding("TOURN-SEATED", f"entrant {eid} ({register[eid]['name']}) joins "
                            f"from round {register[eid]['joins']} but is seated in round "
                            f"{r + 1}", f"{ptr}/seats/{s}"))
            elif eid in seen:
                add(Finding("TOURN-SEATED", f"entrant {eid} ({register[eid]['name']}) is "
                            f"seated twice in round {r + 1} ({seen[eid]} and table {t + 1})",
                            f"{ptr}/seats/{s}"))
            seen[eid] = f"table {t + 1}"
    _seat_substitutes(rnd, r, register, seen, add)
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
        if eid not in seen and e.get("joins", 1) <= r + 1:
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


def _seat_substitutes(rnd: dict[str, Any], r: int, register: Mapping[str, Any],
                      seen: dict[str, str], add: Any) -> None:
    """A substitute plays (part of) the round at his table: seated there, and nowhere else."""
    for t, table in enumerate(rnd["tables"]):
        for i, sub in enumerate(table.get("substitutes", ())):
            eid = sub["entrant"]
            if eid in register and eid in seen:
                add(Finding("TOURN-SEATED", f"entrant {eid} ({register[eid]['name']}) "
                            f"substitutes at table {t + 1} in round {r + 1} but is seated at "
                            f"{seen[eid]}", f"/rounds/{r}/tables/{t}/substitutes/{i}/entrant"))
            seen.setdefault(eid, f"table {t + 1}")


def _session_of(rec: dict[str, Any], table: dict[str, Any], seats: list[str],
                register: Mapping[str, Any], ptr: str, origin: str | None,
                add: Any, deferred: Any = None) -> dict[str, Any] | None:
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
    session["deals"] = table["deals"] if deferred is None else deferred.load(table["deals"])
    if "result" in table:
        session["result"] = table["result"]
    return session


def _read_source(rec: dict[str, Any], source: str, names: list[str], ptr: str,
                 origin: str | None, add: Any) -> dict[str, Any] | None:
    from ..sources import SourceRefused, table_source_entries
    where = ptr + "/source"
    try:
        found = list(_first_two(table_source_entries(source, origin)))
    except SourceRefused as err:
        add(Finding("TOURN-SOURCE", str(err), where))
        return None
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
                  add: Any, reports: list[Any], game: Any = None) -> list[int] | None:
    """The table's result per seat: the validated session's totals (the money where the rule
    set counts it), or the written totals of a table that gives no deals; the session's report
    goes to ``reports``."""
    n = len(seats)
    empty = session is not None and not session.get("deals")
    if empty:
        where = ptr + ("/source" if "source" in table else "/deals")
        if (table.get("result") or {}).get("totals") is None:
            add(Finding("TOURN-NO-PLAY", "the table's session holds no deal and no totals are "
                        "written: nothing was played at it", where))
            return None
        session = None              # no deal: its written totals are all it gives
    if session is not None:
        played = counted_deals(game, session["deals"], n, srules)
        if srules.deals_per_round.get(n) is not None and played > srules.deals_per_round[n]:
            add(Finding("TOURN-DEAL-LIMIT", f"a table of {n} plays at most "
                        f"{srules.deals_per_round[n]} deals a round under this rule set, this "
                        f"one {played}", ptr + ("/source" if "source" in table
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
    if "source" in table and not empty:
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


def counted_deals(game: Any, deals: list[Any], n: int, srules: StandingsRules) -> int:
    """The deals of a table that count toward the round's limit (``deals_count``): under
    ``dealt_on`` those after which the deal passes on, as the game says (``next_dealer``)."""
    if srules.deals_count == "every" or game is None:
        return len(deals)
    count = 0
    for d in deals:
        dealer = d.get("dealer") if isinstance(d, dict) else None
        if not isinstance(dealer, int):
            count += 1
        elif game.next_dealer(None, dealer, n, d) != dealer:
            count += 1
    return count


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


def _credit_table(rows: dict[str, Row], table: dict[str, Any], seats: list[str],
                  totals: list[int], report: Any, r: int, srules: StandingsRules,
                  register: Mapping[str, Any], ptr: str, add: Any) -> bool:
    """Each seat's place and rank points, and each entrant's Schrift and deals at the table;
    a seat played by two entrants is credited as the rule set's ``substitutes`` treatment
    says (substitutes.py). False when the record does not say who played what."""
    deltas = None if report is None else deal_deltas(report, srules.counts)
    if not substitutes.has_changes(table):
        _score_table(rows, seats, totals, r, srules)
        _count_deals(rows, seats, None if deltas is None else len(deltas))
        return True
    split = substitutes.split_seats(table, seats, deltas, srules.substitutes, register, ptr,
                                    add)
    if split is None:
        return False
    _score_table(rows, split.holders, totals, r, srules)
    substitutes.settle(rows, split, totals, r)
    return True


def deal_deltas(report: Any, counts: str) -> list[list[int]]:
    """Per deal of a validated session: each seat's score (or money, where the rule set counts
    it)."""
    return [list((getattr(sc, "money", None) if counts == "money" else None) or sc.deltas)
            for sc in report.scores]


def _count_deals(rows: dict[str, Row], seats: list[str], deals: int | None) -> None:
    """The deals the table played, added to each seated entrant's count (unknown once a
    table gives only its totals)."""
    for eid in seats:
        row = rows[eid]
        row.deals = None if deals is None or row.deals is None else row.deals + deals


def _score_table(rows: dict[str, Row], seats: list[str], totals: list[int], r: int,
                 srules: StandingsRules) -> None:
    """Each entrant's table result and place (ties share places), and rank points from the
    round's scale for the table's size."""
    n = len(seats)
    points = ranking.scale(srules.rank_points, srules.rank_points_by_round, r + 1, n)
    order = sorted(range(n), key=lambda s: -totals[s])
    place = 0
    while place < n:
        tied = [s for s in order[place:] if totals[s] == totals[order[place]]]
        share = Fraction(ranking.place_points(points, place, len(tied), srules.rank_ties))
        for s in tied:
            row = rows[seats[s]]
            row.rounds[r] = totals[s]
            row.table_ranks[r] = place + 1
            row.round_points[len(row.round_points):] = [None] * (r + 1 - len(row.round_points))
            row.round_points[r] = share
            row.score += totals[s]
            row.rank_points += share
        place += len(tied)


def rank(rows: list[Row], srules: StandingsRules) -> list[Row]:
    """Rank by total, then the rule set's tie-breaks (``ranking.TIE_BREAKS``); entrants still
    equal share a rank (1, 2, 2, 4); cup points by placing, field size or total, plus the
    points carried into them. Only those who played are ranked (cups rank those who played):
    an entrant with no result in any round (as a seat holder, a substitute or in a published
    list) has no rank and no cup points (None, not 0: a series counts no result for him
    there), listed after the ranked ones or left out, as the rule set says (``unplayed``)."""
    idle = sorted((row for row in rows if all(x is None for x in row.rounds)),
                  key=lambda row: id_order(row.entrant))
    for row in idle:
        row.rank, row.cup_points = None, None
    played = [row for row in rows if any(x is not None for x in row.rounds)]
    return _ranked(played, srules) + (idle if srules.unplayed == "listed" else [])


def _ranked(rows: list[Row], srules: StandingsRules) -> list[Row]:
    def key(row: Row) -> tuple[Any, ...]:
        return (-row.total, *(ranking.TIE_BREAKS[tb](row) for tb in srules.tie_breaks))
    ordered = sorted(rows, key=lambda row: (key(row), row.entrant))
    prev: tuple[Any, ...] | None = None
    place = 0
    for i, row in enumerate(ordered):
        k = key(row)
        place = place if k == prev else i + 1
        row.rank = place
        prev = k
        row.cup_points = _whole(Fraction(ranking.cup_points_for(
            row.rank, len(ordered), row.total, srules.cup_points, srules.cup_points_by_field,
            srules.cup_points_formula, srules.cup_points_total, srules.cup_points_total_scale))
            + (row.carried if srules.carried_into == "cup_points" else 0))
    return ordered


def check_own_block(block: Any, add: Callable[[Finding], None]) -> bool:
    """A tournament record's own ``tournament`` block (house rules), checked against the
    rule-set schema's ``tournament`` definition; False (and ``TOURN-RANKING``) when it does
    not fit."""
    import jsonschema
    schema = json.loads(rulesets.SCHEMA.read_text(encoding="utf-8"))["properties"]["tournament"]
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(block),
                    key=lambda e: list(e.absolute_path))
    for err in errors[:1]:
        where = "".join(f"/{p}" for p in err.absolute_path)
        add(Finding("TOURN-RANKING", "the tournament's own ranking block does not fit the "
                    f"rule-set schema: {err.message}", "/tournament" + where))
    return not errors


def _compare_standings(written: list[dict[str, Any]] | None, ranked: list[Row],
                       add: Any) -> None:
    if written is None:
        return
    derived = {row.entrant: row for row in ranked}
    listed = set()
    for i, w in enumerate(written):
        row = derived.get(w["entrant"])
        if w["entrant"] in listed:
            add(Finding("TOURN-STANDINGS", f"the standings list {w['entrant']!r} twice",
                        f"/standings/{i}/entrant"))
            continue
        listed.add(w["entrant"])
        if row is not None and row.rank is None:
            add(Finding("TOURN-STANDINGS", f"the standings rank {row.player} ({row.entrant}), "
                        "who played no round and is not ranked", f"/standings/{i}"))
            continue
        if row is None:
            add(Finding("TOURN-STANDINGS", f"the standings list {w['entrant']!r}, who is not an "
                        "entrant", f"/standings/{i}/entrant"))
            continue
        for key in ("rank", "total", "score", "rank_points", "cup_points"):
            if key in w and ranking.exact(w[key]) != getattr(row, key):
                add(Finding("TOURN-STANDINGS", f"the standings give {row.player} "
                            f"{key.replace('_', ' ')} {w[key]}, the tables give "
                            f"{ranking.number_text(getattr(row, key))}",
                            f"/standings/{i}/{key}"))
    for row in ranked:
        if row.entrant not in listed and row.rank is not None:
            add(Finding("TOURN-STANDINGS", f"the standings leave out {row.player} "
                        f"({row.entrant}), rank {row.rank}", "/standings"))


# -- series and teams ------------------------------------------------------------------------
@dataclass
class SeriesRow:
    entrant: str
    player: str
    rank: int = 0
    cup_points: ranking.Number = 0
    #: per tournament: the cup points, None when not played
    events: list[ranking.Number | None] = field(default_factory=list)


def series(tournaments: list[list[Row]]) -> list[SeriesRow]:
    """A cup series: each tournament's cup points summed per entrant (matched by entrant id),
    only the best ``series_best`` of them where the rule set strikes the rest
    (Streichresultate); equal sums are broken by its ``series_tie_breaks``, and entrants still
    equal share a rank. The rules are the first tournament's."""
    srules = next((rows[0].rules for rows in tournaments if rows), StandingsRules())
    out: dict[str, SeriesRow] = {}
    for k, rows in enumerate(tournaments):
        for row in rows:
            if row.rank is None or row.cup_points is None:  # played no round there
                continue
            s = out.setdefault(row.entrant, SeriesRow(row.entrant, row.player,
                                                      events=[None] * len(tournaments)))
            s.events[k] = row.cup_points
    for s in out.values():
        s.cup_points = _whole(Fraction(ranking.best_of(s.events, srules.series_best)))

    def key(s: SeriesRow) -> tuple[Any, ...]:
        return (-s.cup_points, *(ranking.SERIES_TIE_BREAKS[tb](s.events)
                                 for tb in srules.series_tie_breaks))
    ordered = sorted(out.values(), key=lambda s: (key(s), id_order(s.entrant)))
    for i, s in enumerate(ordered):
        s.rank = ordered[i - 1].rank if i and key(ordered[i - 1]) == key(s) else i + 1
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
    total: ranking.Number = 0


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


# -- the kind ``tournament`` (``kinds``: validate finds it by name) ---------------------------
def check_tournament(rec: dict[str, Any], report: Report, origin: str | None = None,
                     deferred: Any = None) -> None:
    """The kind ``tournament``: a tournament record (already through the schema)."""
    if deferred is not None:
        _deferred_gate(rec, deferred)
    _check_notes(rec, "", report)
    report.standings = validate_tournament(
        rec, report.findings, origin,
        report.tables.append if report.tables is not None else None, deferred)
    if deferred is not None:
        deferred.rest()


def _deferred_gate(rec: dict[str, Any], deferred: Any) -> None:
    """What a table's deals read later must pass: the schema gate, as the deals of a session
    of the tournament's game and rules (the gate of the whole tournament holds its tables'
    deals to the same definitions); a note anchored inside them is checked on the whole
    document."""
    head = {"tarockrec": 1, "game": rec["game"], "players": ["A", "B", "C"]}
    if "rules" in rec:
        head["rules"] = rec["rules"]
    deferred.gate = lambda deals: schema.fast_check({**head, "deals": deals})
    for note in rec.get("notes") or ():
        if deferred.inside(rec, note["at"]):
            raise Reread


kinds.register("tournament", check_tournament)
