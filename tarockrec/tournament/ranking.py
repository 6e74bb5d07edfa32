"""Ranking schemes (docs/tournaments.md, "Ranking schemes"): the parts of a rule set's
``tournament`` block that say how entrants are ordered, kept apart from the validation in
``record.py``. Everything here is exact: rank points of tied places may be a mean that is
not a whole number, and it is carried as a ``Fraction`` (never rounded) until it is printed.

- ``ranks_by``: ``total`` (the Schrift plus rank points, as the Austrian cups rank) or
  ``rank_points`` (placing points first, the Schrift only a tie-break: ITVB, Irmengard);
- tie-breaks as an ordered list of keys (``TIE_BREAKS``);
- placing-point scales by table size and by round (``rank_points_by_round``);
- cup points by placing, by a table chosen by the field size, by a formula on the field
  size (linear, or the Tyrolean curve), or the tournament total itself (as it is, or scaled
  as the Kärnten cup scales it); points carried into a final;
- a series counting only the best k results, its ties broken by its own keys.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping, Protocol, Sequence

#: how tied entrants at a table share the rank points of their places (``rank_ties``)
SHARE = "share"      # the sum of their places' points, divided and rounded down
HIGHER = "higher"    # each takes the best tied place's points
MEAN = "mean"        # the exact arithmetic mean (ITVB 2.3), which need not be whole

#: what the entrants are ranked by first (``ranks_by``)
BY_TOTAL = "total"
BY_RANK_POINTS = "rank_points"

#: carried points (``entrants[].carried``) count into the ``total`` or the ``cup_points``
CARRY_TARGETS = ("total", "cup_points")

Number = int | Fraction


class TieRow(Protocol):
    """What a tie-break reads of a standings row (``tournament.Row``)."""

    score: int
    rank_points: Fraction
    rounds: list[int | None]
    round_points: list[Fraction | None]
    table_ranks: list[int | None]
    deals: int | None


def _table_ranks(row: TieRow) -> tuple[int, ...]:
    """More first places, then more second places, …"""
    most = max((x for x in row.table_ranks if x is not None), default=0)
    return tuple(-sum(1 for x in row.table_ranks if x == p) for p in range(1, max(most, 5) + 1))


def _best_round_total(row: TieRow) -> Number:
    """The best single round, its Schrift plus that round's rank points."""
    both = [s + (p or 0) for s, p in zip(row.rounds, row.round_points) if s is not None]
    return -max(both, default=0)


def _second_best_round(row: TieRow) -> Number:
    """The second-best single round (its Schrift); fewer than two rounds played ranks below
    any result."""
    played = sorted((x for x in row.rounds if x is not None), reverse=True)
    return Fraction(10**12) if len(played) < 2 else -played[1]


def _last_round(row: TieRow) -> Number:
    """The last round of the tournament (its Schrift); not playing it ranks below any result."""
    last = row.rounds[-1] if row.rounds else None
    return Fraction(10**12) if last is None else -last


#: tie-break key -> a sort key (smaller is better)
TIE_BREAKS: Mapping[str, Callable[[TieRow], Any]] = {
    "schrift": lambda row: -row.score,
    "rank_points_sum": lambda row: -row.rank_points,
    "rank_points_sum_asc": lambda row: row.rank_points,
    "table_ranks": _table_ranks,
    "best_round": lambda row: -max((x for x in row.rounds if x is not None), default=0),
    "best_round_total": _best_round_total,
    "second_best_round": _second_best_round,
    "last_round": _last_round,
    "fewest_deals": lambda row: 10**9 if row.deals is None else row.deals,
}

#: series tie-break key -> a sort key on the events' cup points (None: not played)
SERIES_TIE_BREAKS: Mapping[str, Callable[[Sequence[Number | None]], Any]] = {
    # the better single results, compared from the best down; where one entrant's results run
    # out first, a missing result ranks below any result, 0 included (as ``last_event`` and
    # ``second_best_round`` rank not playing): the end mark sorts after every result
    "best_results": lambda evs: (*(-x for x in sorted((e for e in evs if e is not None),
                                                      reverse=True)), Fraction(10**12)),
    # the better result in the latest event (not playing it: below any result)
    "last_event": lambda evs: Fraction(10**12) if not evs or evs[-1] is None else -evs[-1],
}


@dataclass(frozen=True)
class CupFormula:
    """Cup points on the field size N for place p: ``max(minimum, base + step × (N − p))``
    (``cup_points_formula``)."""

    base: int
    step: int
    minimum: int = 0

    def points(self, place: int, field: int) -> int:
        return max(self.minimum, self.base + self.step * (field - place))


class FieldFormula(Protocol):
    """Cup points for place p of a field of N entrants (``cup_points_formula``,
    ``cup_points_curve``)."""

    def points(self, place: int, field: int) -> int: ...


@dataclass(frozen=True)
class CupCurve:
    """Cup points on the field size N for place p: ``top × ((N − p) / (N − 1))^exponent``,
    rounded to the nearest whole number, a half up (``cup_points_curve``; the Tyrolean cup:
    top 200, exponent 3). Computed exactly; a field of one scores 0 (the formula is 0/0)."""

    top: int
    exponent: int

    def points(self, place: int, field: int) -> int:
        if field < 2:
            return 0
        share = Fraction(field - place, field - 1) ** self.exponent
        return math.floor(self.top * share + Fraction(1, 2))


@dataclass(frozen=True)
class TotalScale:
    """A tournament total turned into cup points (``cup_points_total_scale``): below
    ``minimum`` it scores ``minimum``; above ``half_above`` only half the excess counts,
    rounded down; never more than ``maximum``. The Kärnten cup: 0, 100, 200."""

    half_above: int | None = None
    minimum: int | None = None
    maximum: int | None = None

    def points(self, total: Number) -> Number:
        got = total
        if self.minimum is not None:
            got = max(got, self.minimum)
        if self.half_above is not None and got > self.half_above:
            got = self.half_above + math.floor(Fraction(got - self.half_above, 2))
        if self.maximum is not None:
            got = min(got, self.maximum)
        return got


def place_points(points: Sequence[int], first: int, count: int, ties: str) -> Number:
    """Rank points of ``count`` entrants tied on places ``first`` .. ``first + count - 1``
    (0-based), from the scale ``points`` (places past its end score 0)."""
    got = [points[p] if p < len(points) else 0 for p in range(first, first + count)]
    if ties == HIGHER:
        return got[0]
    if ties == MEAN:
        return Fraction(sum(got), count)
    return sum(got) // count


def scale(by_size: Mapping[int, Sequence[int]],
          by_round: Mapping[int, Mapping[int, Sequence[int]]], round_no: int,
          size: int) -> Sequence[int]:
    """The placing-point scale of a table of ``size`` in round ``round_no`` (from 1): the
    round's own scale where the rule set gives one, else the scale for every round."""
    own = by_round.get(round_no, {})
    return own[size] if size in own else by_size.get(size, ())


def cup_points_for(rank: int, field: int, total: Number, cup: Sequence[int],
                   by_field: Sequence[tuple[int, Sequence[int]]],
                   formula: FieldFormula | None, from_total: bool,
                   total_scale: TotalScale | None = None) -> Number:
    """An entrant's cup points for ranking ``rank`` of ``field`` entrants: the tournament
    total itself (scaled by ``total_scale`` where given), a formula on the field size, the
    table for the field's size, or the list by placing (in that order of precedence; a
    placing past the list scores 0)."""
    if from_total or total_scale is not None:
        return total if total_scale is None else total_scale.points(total)
    if formula is not None:
        return formula.points(rank, field)
    table = cup
    for smallest, points in sorted(by_field):
        if field >= smallest:
            table = points
    return table[rank - 1] if rank - 1 < len(table) else 0


def best_of(events: Sequence[Number | None], best: int | None) -> Number:
    """A series total: the sum of the ``best`` highest results (all of them when None)."""
    played = sorted((e for e in events if e is not None), reverse=True)
    return sum(played[:best] if best is not None else played, Fraction(0))


def plain(x: Number) -> int | float | str:
    """A number for JSON: whole numbers as int, a finite decimal (7.5) as float where a float
    holds it exactly (else as the string of its digits, "50000000000000000000.5"), any other
    fraction exactly as a string ("14/3")."""
    if isinstance(x, int) or x.denominator == 1:
        return int(x)
    digits = _decimal_places(x.denominator)
    if digits is None:
        return f"{x.numerator}/{x.denominator}"
    as_float = float(x)
    return as_float if Fraction(as_float) == x else _decimal_text(x, digits)


def _decimal_places(denominator: int) -> int | None:
    """How many decimal places a fraction of this (reduced) denominator has: None when its
    decimal does not end (a factor other than 2 and 5)."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def _decimal_text(x: Fraction, places: int) -> str:
    """A finite decimal written out exactly (integer arithmetic: no rounding at any size)."""
    scaled = abs(x.numerator) * 10 ** places // x.denominator
    whole, frac = divmod(scaled, 10 ** places)
    return f"{'-' if x < 0 else ''}{whole}.{frac:0{places}d}"


def number_text(x: Number | None) -> str:
    """A number as the cups print it: 7, 7.5, -2.25; a fraction without a finite decimal as
    14/3."""
    if x is None:
        return ""
    if isinstance(x, Fraction) and x.denominator != 1:
        places = _decimal_places(x.denominator)
        if places is not None:              # a finite decimal: written out exactly
            return _decimal_text(x, places)
    return str(plain(x))


def exact(value: Any) -> Fraction:
    """A written number (int, float or "p/q") as an exact fraction."""
    return Fraction(value) if not isinstance(value, float) else Fraction(str(value))


#: the standings' column headings under each scheme (``publish``, ``standings``)
HEADINGS: Mapping[str, Mapping[str, str]] = {
    BY_TOTAL: {"total": "total", "score": "score", "rank_points": "rank_points"},
    BY_RANK_POINTS: {"total": "total", "score": "schrift", "rank_points": "placing_points"},
}
