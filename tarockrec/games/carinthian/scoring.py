"""Carinthian scoring (rules/carinthian.md §6): game score, bonuses, Zahle, Trischak, the score
sheet and its settlement, and the state carried across deals (§6.8).

Each item is computed as score-sheet entries per seat (§6.7; in a normal game only the
declarer's column); the item's ``deltas`` are the zero-sum settlement of those entries
(``settle_i = n·e_i − Σe``), so that the deltas of the items add up to the deal's deltas.
``facts["sheet"]`` holds the sheet entries of the deal.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ...scoring import Score, ScoreItem
from .contracts import (
    BIRD_BASE, BIRD_CARD, BIRD_TRICK, BIRDS, CONTRACTS, FUENFZIG_TARGET, FUENFZIG_VALUE,
    KING_MASK, T21, T22, TRISCHAK, TRISCHAK_BASE, TRULL_MASK, VALAT_SILENT, VALAT_WIN,
    ZAHLE_VALUE, points, raw,
)

if TYPE_CHECKING:
    from ...tricks import TrickTable
    from .engine import CarinthianEngine
    from .rules import CarinthianRules

_KONTRA_NAMES = {2: "kontra", 4: "retour"}


def settle(entries: list[int], seats: tuple[int, ...]) -> tuple[int, ...]:
    """§6.7: ``settle_i = n·e_i − Σ_j e_j`` over ``seats`` (others 0)."""
    out = [0] * len(entries)
    total = sum(entries[s] for s in seats)
    for s in seats:
        out[s] = len(seats) * entries[s] - total
    return tuple(out)


@functools.cache
def _unit(n: int, seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``settle`` of a sheet with 1 in ``seat``'s column only (the deltas of one entry e are
    e times these): ``n·e − Σe`` over ``seats``, a handful of tables, built once each."""
    e = [0] * n
    e[seat] = 1
    return settle(e, seats)


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
        unit = _unit(self.n, self.seats, seat)
        self.items.append(ScoreItem(name, base, multiplier, tuple([u * value for u in unit]),
                                    note))

    def score(self, facts: dict[str, Any]) -> Score:
        facts["sheet"] = list(self.entries)
        return Score(self.items, list(settle(self.entries, self.seats)), facts)


def settle_seats(e: "CarinthianEngine") -> tuple[int, ...]:
    """§6.7 / G21: every seat, or (option) the active seats only."""
    if e.n == 4 and not e.trischak and e.rules.settle_active_only:
        return e.active
    return tuple(range(e.n))


def target_of(contract: str, fuenfzig: bool) -> int:
    return FUENFZIG_TARGET if fuenfzig else CONTRACTS[contract].target


def _played_in(t: "TrickTable", card: int, trick: int) -> int | None:
    """The seat that played ``card`` in 1-based ``trick`` (None: not in that trick), i.e.
    ``t.played(card)`` when it names ``trick`` (a card is played once): one trick looked at."""
    tricks = t.tricks
    if trick <= len(tricks):
        _, cards, seats, _ = tricks[trick - 1]
    elif trick == len(tricks) + 1:
        cards, seats = t.cards, t.seats
    else:
        return None
    return seats[cards.index(card)] if card in cards else None


def score_deal(e: "CarinthianEngine") -> Score:
    c = e.contract
    assert c is not None and e.declarer is not None
    d = e.declarer
    sheet = Sheet(e.n, settle_seats(e))
    facts: dict[str, Any] = {"declarer": d, "contract": TRISCHAK if e.trischak else c.id,
                             "multiplier": e.D}
    if e.zahle:                                                      # §6.5
        m = e.D if e.rules.zahle_doubled else 1
        sheet.add1("zahle", ZAHLE_VALUE, m, d, ZAHLE_VALUE * m, "both defenders said zahle")
        return sheet.score(facts)
    t = e.table
    assert t is not None
    facts["tricks"] = list(t.count)
    if e.trischak:
        _trischak(e, sheet, facts)
        return sheet.score(facts)
    pile_d, pile_o = piles(e)
    p_decl = points(pile_d)
    facts["points"] = [p_decl, points(pile_o)]
    announced = e.announced
    fuenfzig = "fuenfzig" in announced
    target = target_of(c.id, fuenfzig)
    value = FUENFZIG_VALUE if fuenfzig else c.value
    all16 = t.count[d] == 16
    chains = e.chains
    r = e.rules
    if "valat" in announced:                                         # §6.2
        f = chains.multiplier("valat")
        if r.valat_and_game_kontra:                                  # G10: both multiply
            f *= chains.multiplier("game")
        amount = VALAT_WIN if all16 else -int(r.announced_valat_loss)
        m = e.D if r.valat_in_period_doubled else 1
        sheet.add1("valat", abs(amount), f * m, d, amount * f * m,
                   f"announced valat {'made' if all16 else 'lost'}" + _k(f))
    elif all16:
        f = chains.multiplier("game")
        m = e.D if r.valat_in_period_doubled else 1
        sheet.add1("valat", VALAT_SILENT, f * m, d, VALAT_SILENT * f * m,
                   "silent valat" + _k(f))
    else:
        f = chains.multiplier("game")
        won = p_decl >= target
        sheet.add1("game", value, f * e.D, d, (value if won else -value) * f * e.D,
                   f"{c.id}{' + fuenfzig' if fuenfzig else ''} {'won' if won else 'lost'} with "
                   f"{p_decl} card points (target {target})" + _k(f))
    # §6.3 bonuses: never multiplied by D
    for b in BIRDS:
        card, trick, base = BIRD_CARD[b], BIRD_TRICK[b], BIRD_BASE[b]
        p = _played_in(t, card, trick)
        if b in announced:
            f = chains.multiplier(b)
            ok = p == d and t.winner(trick) == d
            sheet.add1(b, 2 * base, f, d, (2 * base if ok else -2 * base) * f,
                       f"announced {b} {'won' if ok else 'lost'}" + _k(f))
            continue
        if p is None:
            continue
        w = t.winner(trick)
        if p == d:
            amount = base if w == d else -base
        elif w == p:
            amount = -base
        elif w == d:
            amount = base
        else:
            continue
        sheet.add1(b, base, 1, d, amount, f"silent {b} played by seat {p}, won by seat {w}")
    if r.trull_kings_tricks_only:                                    # G15
        pile_d, pile_o = t.won[d], _others(t.won, d, e)
    for name, mask in (("trull", TRULL_MASK), ("four_kings", KING_MASK)):
        if pile_d & mask == mask:
            sheet.add1(name, 1, 1, d, 1, f"{name} in the declarer's pile")
        elif pile_o & mask == mask:
            sheet.add1(name, 1, 1, d, -1, f"{name} in the defenders' pile")
    p22 = t.played(T22)                                              # Mondfang
    p21 = _played_in(t, T21, p22[1]) if p22 is not None else None
    if p21 is not None and p22 is not None:
        if p22[0] == d and p21 != d:
            sheet.add1("mondfang", 1, 1, d, 1, "the declarer's Sküs caught the Mond")
        elif p22[0] != d and p21 == d:
            sheet.add1("mondfang", 1, 1, d, -1, "a defender's Sküs caught the declarer's Mond")
    return sheet.score(facts)


def _k(f: int) -> str:
    return f" ({_KONTRA_NAMES[f]} ×{f})" if f > 1 else ""


def _others(won: list[int], d: int, e: "CarinthianEngine") -> int:
    out = 0
    for s in range(e.n):
        if s != d:
            out |= won[s]
    return out


def piles(e: "CarinthianEngine") -> tuple[int, int]:
    """§6.1: the declarer's pile (tricks + discard) and the defenders' (tricks + the untaken
    half; in Solo the whole talon)."""
    t = e.table
    c = e.contract
    assert t is not None and c is not None and e.declarer is not None
    pile_d = t.won[e.declarer] | e.discard_mask
    pile_o = _others(t.won, e.declarer, e)
    pile_o |= e.untaken if c.talon else e.talon[0] | e.talon[1]
    return pile_d, pile_o


def trischak_piles(e: "CarinthianEngine") -> list[int]:
    """§6.6: each participant's tricks, plus (three players) the talon card turned up by the
    winner of each of tricks 1–6 (§5.6)."""
    t = e.table
    assert t is not None
    out = list(t.won)
    if e.n == 4 and t.count[e.dealer] == 0 and len(t.tricks) > 6:
        # G19 dealer_zero_continue: the record went on, the deal is scored as after trick 6
        out = [0] * e.n
        for _, cards, _, w in t.tricks[:6]:
            for c in cards:
                out[w] |= 1 << c
    if e.n == 3:
        for k, card in enumerate(e.talon_order[:len(t.tricks)]):
            out[t.winner(k + 1)] |= 1 << card
    return out


def trischak_points_total(e: "CarinthianEngine") -> int:
    """What the participants' counts add up to, from the pile sizes alone (§1.4: 69–71)."""
    pl = trischak_piles(e)
    total = 0
    for m in pl:
        n = m.bit_count()
        if n:
            total += raw(m) - 2 * (n // 3) - (1 if n % 3 else 0)
    return total


def _trischak(e: "CarinthianEngine", sheet: Sheet, facts: dict[str, Any]) -> None:
    """§6.6, first matching rule; then the Trischak bonuses."""
    t = e.table
    r = e.rules
    assert t is not None and e.declarer is not None
    d = e.declarer
    seats = tuple(range(e.n))
    k = e.game_kontras
    V = TRISCHAK_BASE * (1 << k) * e.D
    pl = trischak_piles(e)
    pts = [points(m) for m in pl]
    facts["points"] = pts
    mult = (1 << k) * e.D
    note = f" ({k} kontra(s))" if k else ""
    if e.n == 4 and t.count[e.dealer] == 0:                          # rule 1
        sheet.add("trischak", TRISCHAK_BASE, mult, {e.dealer: V},
                  "the dealer won none of tricks 1–6" + note)
    elif [t.count[s] for s in seats].count(0) == 1:                  # rule 2
        s = [t.count[x] for x in seats].index(0)
        sheet.add("trischak", TRISCHAK_BASE, mult, {s: V}, f"seat {s} won no trick" + note)
    else:                                                            # rule 3
        top = max(pts)
        T = [s for s in seats if pts[s] == top]
        if len(T) == 1:
            sheet.add("trischak", TRISCHAK_BASE, mult, {T[0]: -V},
                      f"seat {T[0]} has the most card points ({top})" + note)
        elif len(T) < len(seats) and not (e.n == 4 and r.trischak4_tie == "none"):
            sheet.add("trischak", TRISCHAK_BASE, mult, {s: V for s in seats if s not in T},
                      f"tie at the top ({top}): the others score" + note)
    # bonuses (not multiplied by D)
    early = e.n == 4 and t.count[e.dealer] == 0          # decided after trick 6 (§6.6)
    for b in BIRDS:
        card, trick, base = BIRD_CARD[b], BIRD_TRICK[b], BIRD_BASE[b]
        played = t.played(card)
        if early:                                        # no bird reaches its trick
            played = played if played is not None and played[1] <= 6 else None
        if b in e.announced:
            f = e.chains.multiplier(b)
            ok = played == (d, trick) and t.winner(trick) == d
            sheet.add(b, 2 * base, f, {d: (2 * base if ok else -2 * base) * f},
                      f"announced {b} {'won' if ok else 'lost'}" + _k(f))
            continue
        if not r.trischak_silent_bonuses or played is None or played[1] != trick:
            continue
        p = played[0]
        won = t.winner(trick) == p
        sheet.add(b, base, 1, {p: base if won else -base},
                  f"silent {b} of seat {p} {'won' if won else 'lost'}")
    if r.trischak_silent_bonuses:
        for name, mask in (("trull", TRULL_MASK), ("four_kings", KING_MASK)):
            for s in seats:
                if pl[s] & mask == mask:
                    sheet.add(name, 1, 1, {s: 1}, f"{name} in seat {s}'s pile")


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


def deal_outcome(e: "CarinthianEngine") -> tuple[str, bool]:
    """(kind, success) of a finished deal, for ``carry_after``."""
    if e.trischak:
        return TRISCHAK, False
    if e.zahle:
        return "zahle", False
    c = e.contract
    assert c is not None
    pile_d, _ = piles(e)
    return "played", points(pile_d) >= success_target(c.id, e.announced)


def success_target(contract: str, announced: list[str] | set[str]) -> int:
    """§6.8: the card points a played game needs to count as a success: 36, 40 for Vierzig,
    50 with Fünfzig; an announced Valat adds nothing (the seed: "even with a Valat
    announcement 36 points suffice; but Vierzig and Fünfzig need 40 and 50")."""
    return target_of(contract, "fuenfzig" in announced)


__all__ = ["score_deal", "carry_after", "deal_outcome", "initial_carry", "settle",
           "success_target"]
