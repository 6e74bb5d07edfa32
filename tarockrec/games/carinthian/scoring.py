"""Carinthian scoring (docs/rules/carinthian.md §6): game score, bonuses, Zahle, Trischak, the score
sheet and its settlement, and the state carried across deals (§6.8).

One scorer, two sources: ``score_facts`` scores a deal's ``Facts`` — what the table writes
after it (the outcome block) — whether they come from the play (``CarinthianEngine.facts``)
or from a score sheet's written outcome (``games/carinthian/outcome.py``). This module knows
no engine.

Each item is computed as score-sheet entries per seat (§6.7; in a normal game only the
declarer's column); the item's ``deltas`` are the zero-sum settlement of those entries
(``settle_i = n·e_i − Σe``), so that the deltas of the items add up to the deal's deltas.
``facts["sheet"]`` holds the sheet entries of the deal.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, NamedTuple

from ...plain import Plain
from ...scoring import Score, ScoreItem
from .contracts import (
    BIRD_BASE, BIRDS, CONTRACTS, FUENFZIG_TARGET, FUENFZIG_VALUE, TRISCHAK, TRISCHAK_BASE,
    VALAT_SILENT, VALAT_WIN, ZAHLE_VALUE,
)

if TYPE_CHECKING:
    from .rules import CarinthianRules

_KONTRA_NAMES = {2: "kontra", 4: "retour"}
#: the order of a deal's items (Facts.items keeps it; the scorer reads them in one pass)
ORDER = ("valat", *BIRDS, "trull", "four_kings", "mondfang")


class Item(NamedTuple):
    """A bonus of the outcome (§6.3, §6.6): ``made`` by the side that announced it, or for a
    silent one the side whose it is (the bird's player, the pile that holds the Trull or the
    kings, the Sküs that caught the Mond); ``kontra`` its own factor (announced items only);
    ``seat`` for a Trischak bonus scored in one participant's own column."""

    name: str
    announced: bool
    made: bool
    declarer_side: bool
    kontra: int = 1
    seat: int | None = None


class Facts(Plain):
    """What decides a Carinthian deal's score (the outcome block as an object): built from the
    play on the hot path (no JSON), or parsed from a written outcome."""

    __slots__ = _fields = ("contract", "declarer", "zahle", "kontra", "target", "won", "points",
                           "tricks", "items")
    contract: str                       # a contract id of CONTRACTS, or TRISCHAK
    declarer: int
    zahle: bool                         # §6.5: both defenders said zahle, no play
    kontra: int                         # the game's factor (Trischak: 2^k game kontras)
    target: int                         # §6.2: 36, 40, or 50 with Fünfzig (played games)
    won: bool                           # P_decl ≥ target (played games)
    points: list[int] | None            # [P_decl, P_def]; Trischak: per seat
    tricks: list[int] | None            # tricks won per seat
    items: tuple[Item, ...]             # in ORDER; Trischak: birds, then Trull, then kings

    def __init__(self, contract: str, declarer: int, zahle: bool = False, kontra: int = 1,
                 target: int = 0, won: bool = False, points: list[int] | None = None,
                 tricks: list[int] | None = None, items: tuple[Item, ...] = ()) -> None:
        self.contract = contract
        self.declarer = declarer
        self.zahle = zahle
        self.kontra = kontra
        self.target = target
        self.won = won
        self.points = points
        self.tricks = tricks
        self.items = items


def settle(entries: list[int], seats: tuple[int, ...]) -> tuple[int, ...]:
    """§6.7: ``settle_i = n·e_i − Σ_j e_j`` over ``seats`` (others 0)."""
    out = [0] * len(entries)
    total = 0
    for s in seats:                 # a loop, not sum() over a generator (once or more a deal)
        total += entries[s]
    k = len(seats)
    for s in seats:
        out[s] = k * entries[s] - total
    return tuple(out)


@functools.cache
def _unit(n: int, seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``settle`` of a sheet with 1 in ``seat``'s column only (the deltas of one entry e are
    e times these): ``n·e − Σe`` over ``seats``, a handful of tables, built once each."""
    e = [0] * n
    e[seat] = 1
    return settle(e, seats)


@functools.cache
def _deltas1(n: int, seats: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """The deltas of one entry ``value`` in ``seat``'s column: ``value`` times ``_unit`` (the
    entries of a deal are a few dozen values, each table's built once)."""
    return tuple([u * value for u in _unit(n, seats, seat)])


class Sheet:
    """Collects sheet entries item by item."""

    def __init__(self, n: int, seats: tuple[int, ...]) -> None:
        self.n = n
        self.seats = seats
        self.entries = [0] * n
        self.items: list[ScoreItem] = []

    def add(self, name: str, base: int, multiplier: int, entries: dict[int, int],
            note: str = "") -> None:
        e = [0] * self.n
        for s, v in entries.items():
            e[s] += v
            self.entries[s] += v
        self.items.append(ScoreItem(name, base, multiplier, settle(e, self.seats), note))

    def add1(self, name: str, base: int, multiplier: int, seat: int, value: int,
             note: str = "") -> None:
        """``add`` of an item with one entry, ``value`` in ``seat``'s column (§6.7: outside
        Trischak only the declarer's column changes)."""
        self.entries[seat] += value
        self.items.append(ScoreItem(name, base, multiplier,
                                    _deltas1(self.n, self.seats, seat, value), note))

    def score(self, facts: dict[str, Any]) -> Score:
        facts["sheet"] = list(self.entries)
        return Score(self.items, list(settle(self.entries, self.seats)), facts)


@functools.cache
def settle_seats(n: int, dealer: int, trischak: bool, active_only: bool) -> tuple[int, ...]:
    """§6.7 / G21: every seat, or (option ``settle_active_only``) the active seats only."""
    if n == 4 and not trischak and active_only:
        return tuple((dealer + 1 + i) % n for i in range(3))
    return tuple(range(n))


def target_of(contract: str, fuenfzig: bool) -> int:
    return FUENFZIG_TARGET if fuenfzig else CONTRACTS[contract].target


def period_factor(carry: dict[str, Any]) -> int:
    """§6.8: D = 2 while a doubling period is active."""
    return 2 if carry.get("period_active") else 1


def score_facts(f: Facts, rules: "CarinthianRules", n: int, dealer: int, D: int) -> Score:
    """The score of a deal from its facts (§6.2–§6.7); ``D`` the doubling period's factor."""
    d = f.declarer
    trischak = f.contract == TRISCHAK
    sheet = Sheet(n, settle_seats(n, dealer, trischak, rules.settle_active_only))
    facts: dict[str, Any] = {"declarer": d, "contract": f.contract, "multiplier": D}
    if f.zahle:                                                      # §6.5
        m = D if rules.zahle_doubled else 1
        sheet.add1("zahle", ZAHLE_VALUE, m, d, ZAHLE_VALUE * m, "both defenders said zahle")
        return sheet.score(facts)
    tricks = f.tricks
    points = f.points
    assert tricks is not None and points is not None
    facts["tricks"] = list(tricks)
    facts["points"] = list(points)
    if trischak:
        _trischak(f, rules, n, dealer, D, sheet)
        return sheet.score(facts)
    c = CONTRACTS[f.contract]
    fuenfzig = f.target == FUENFZIG_TARGET and c.id == "vierzig"
    value = FUENFZIG_VALUE if fuenfzig else c.value
    r = rules
    items = f.items                     # in ORDER (valat first): one pass, no look-ups
    valat = items[0] if items and items[0].name == "valat" else None
    if valat is not None and valat.announced:                        # §6.2
        k = valat.kontra
        if r.valat_and_game_kontra:                                  # G10: both multiply
            k *= f.kontra
        amount = VALAT_WIN if valat.made else -int(r.announced_valat_loss)
        m = D if r.valat_in_period_doubled else 1
        sheet.add1("valat", abs(amount), k * m, d, amount * k * m,
                   f"announced valat {'made' if valat.made else 'lost'}" + _k(k))
    elif valat is not None:                                          # silent: all 16 tricks
        k = f.kontra
        m = D if r.valat_in_period_doubled else 1
        sheet.add1("valat", VALAT_SILENT, k * m, d, VALAT_SILENT * k * m,
                   "silent valat" + _k(k))
    else:
        k = f.kontra
        won = f.won
        sheet.add1("game", value, k * D, d, (value if won else -value) * k * D,
                   f"{c.id}{' + fuenfzig' if fuenfzig else ''} {'won' if won else 'lost'} with "
                   f"{points[0]} card points (target {f.target})" + _k(k))
    # §6.3 bonuses: never multiplied by D
    for it in items:
        b = it.name
        base = BIRD_BASE.get(b)
        if base is not None:
            if it.announced:
                k = it.kontra
                sheet.add1(b, 2 * base, k, d, (2 * base if it.made else -2 * base) * k,
                           f"announced {b} {'won' if it.made else 'lost'}" + _k(k))
            else:   # silent: + when the declarer's bird is won or a defender's lost to him
                sheet.add1(b, base, 1, d, base if it.declarer_side == it.made else -base,
                           f"silent {b} played by "
                           f"{'the declarer' if it.declarer_side else 'a defender'}, "
                           f"{'won' if it.made else 'lost'}")
        elif b == "mondfang":
            if it.declarer_side:
                sheet.add1(b, 1, 1, d, 1, "the declarer's Sküs caught the Mond")
            else:
                sheet.add1(b, 1, 1, d, -1, "a defender's Sküs caught the declarer's Mond")
        elif b != "valat":                                           # trull, four_kings
            pile = "declarer's" if it.declarer_side else "defenders'"
            sheet.add1(b, 1, 1, d, 1 if it.declarer_side else -1, f"{b} in the {pile} pile")
    return sheet.score(facts)


def _k(f: int) -> str:
    return f" ({_KONTRA_NAMES[f]} ×{f})" if f > 1 else ""


def _trischak(f: Facts, r: "CarinthianRules", n: int, dealer: int, D: int,
              sheet: Sheet) -> None:
    """§6.6, first matching rule; then the Trischak bonuses."""
    tricks, pts = f.tricks, f.points
    assert tricks is not None and pts is not None
    d = f.declarer
    seats = tuple(range(n))
    k = f.kontra.bit_length() - 1                   # game kontras: the factor is 2^k
    mult = f.kontra * D
    V = TRISCHAK_BASE * mult
    note = f" ({k} kontra(s))" if k else ""
    if n == 4 and tricks[dealer] == 0:                               # rule 1
        sheet.add("trischak", TRISCHAK_BASE, mult, {dealer: V},
                  "the dealer won none of tricks 1–6" + note)
    elif tricks.count(0) == 1:                                       # rule 2
        s = tricks.index(0)
        sheet.add("trischak", TRISCHAK_BASE, mult, {s: V}, f"seat {s} won no trick" + note)
    else:                                                            # rule 3
        top = max(pts)
        T = [s for s in seats if pts[s] == top]
        if len(T) == 1:
            sheet.add("trischak", TRISCHAK_BASE, mult, {T[0]: -V},
                      f"seat {T[0]} has the most card points ({top})" + note)
        elif len(T) < len(seats) and not (n == 4 and r.trischak4_tie == "none"):
            sheet.add("trischak", TRISCHAK_BASE, mult, {s: V for s in seats if s not in T},
                      f"tie at the top ({top}): the others score" + note)
    # bonuses (not multiplied by D), in ORDER
    for it in f.items:
        b = it.name
        base = BIRD_BASE.get(b)
        if base is not None and it.announced:
            kb = it.kontra
            sheet.add(b, 2 * base, kb, {d: (2 * base if it.made else -2 * base) * kb},
                      f"announced {b} {'won' if it.made else 'lost'}" + _k(kb))
            continue
        p = it.seat
        assert p is not None
        if base is not None:
            sheet.add(b, base, 1, {p: base if it.made else -base},
                      f"silent {b} of seat {p} {'won' if it.made else 'lost'}")
        else:                                                        # trull, four_kings
            sheet.add(b, 1, 1, {p: 1}, f"{b} in seat {p}'s pile")


# -- the state carried across deals (§6.8) ------------------------------------------------
def initial_carry() -> dict[str, Any]:
    return {"period_active": False, "successes": 0, "period_deals": 0, "restricted": False}


def carry_after(carry: dict[str, Any], kind: str, success: bool, rules: "CarinthianRules",
                n: int) -> dict[str, Any]:
    """§6.8 after one scored deal. ``kind``: ``trischak``, ``zahle`` or ``played``;
    ``success``: a played game with P_decl ≥ target (G8: a Zahle when that option says so)."""
    if kind == TRISCHAK:
        return {"period_active": True, "successes": 0, "period_deals": 0, "restricted": False}
    active = bool(carry.get("period_active", False))
    if not active:
        return initial_carry()
    restricted = bool(carry.get("restricted", False))
    successes = int(carry.get("successes", 0))
    deals = int(carry.get("period_deals", 0)) + 1
    if kind == "played" and success or kind == "zahle" and rules.zahle_counts_as_success:
        successes += 1
    need = 4 if n == 4 else 3
    if successes >= need and (not restricted or rules.restricted_solo_counts):
        return initial_carry()
    return {"period_active": True, "successes": successes, "period_deals": deals,
            "restricted": deals >= rules.restricted_after_deals}


def deal_kind(f: Facts) -> tuple[str, bool]:
    """(kind, success) of a deal from its facts, for ``carry_after``: a played game succeeds
    with P_decl ≥ its target (§6.8)."""
    if f.contract == TRISCHAK:
        return TRISCHAK, False
    if f.zahle:
        return "zahle", False
    assert f.points is not None
    return "played", f.points[0] >= success_target(f.contract, ("fuenfzig",)
                                                   if f.target == FUENFZIG_TARGET else ())


def success_target(contract: str, announced: list[str] | set[str] | tuple[str, ...]) -> int:
    """§6.8: the card points a played game needs to count as a success: 36, 40 for Vierzig,
    50 with Fünfzig; an announced Valat adds nothing (the project lead's decision on §6.8:
    "an announced Valat does not raise the target: 36, 40 or 50 as the contract needs")."""
    return target_of(contract, "fuenfzig" in announced)


__all__ = ["Facts", "Item", "score_facts", "carry_after", "deal_kind", "initial_carry",
           "settle", "success_target", "target_of", "settle_seats", "period_factor"]
