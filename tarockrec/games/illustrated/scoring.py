"""Illustrated Tarokk scoring (rules/illustrated.md §6) and the doubling periods (§6.9)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...scoring import Score, ScoreItem, spread
from .contracts import (
    ANNOUNCED_VALUE, BINDINGS, HONOUR_MASK, KING_MASK, SILENT_ULTIMOS, T21, T22, bonus_kind,
    card_points,
)

if TYPE_CHECKING:
    from ...tricks import TrickTable
    from .engine import IllustratedEngine
    from .rules import IllustratedRules


#: (table size, active seats, declarer team) -> each team's unit deltas (_Sheet.units)
_UNITS: dict[tuple[int, tuple[int, ...], frozenset[int]], dict[str, tuple[int, ...]]] = {}


class _Sheet:
    """Items from the declarer team's point of view; per-seat deltas via ``spread``."""

    def __init__(self, e: "IllustratedEngine", m: int, d: frozenset[int] | None = None,
                 o: frozenset[int] | None = None) -> None:
        self.e = e
        self.m = m
        self.items: list[ScoreItem] = []
        self.v = 0
        self.out = [0] * e.n
        #: each team's deltas of an item worth 1 to it (``spread`` is linear: every pairing
        #: pays along the larger side, a whole multiple of the smaller), built once per deal,
        #: and what the team's items add up to
        self.units: dict[str, tuple[int, ...]] | None = None
        self.won = {"D": 0, "O": 0}
        if d is not None and o is not None:
            key = (e.n, e.active, d)
            units = _UNITS.get(key)
            if units is None:
                units = _UNITS[key] = {"D": spread(d, e.active, 1, e.n),
                                       "O": spread(o, e.active, 1, e.n)}
            self.units = units

    def add(self, team: str, amount: int, name: str, note: str = "") -> None:
        """``amount`` to ``team`` ("D" or "O")."""
        if amount == 0:
            return
        e = self.e
        self.v += amount if team == "D" else -amount
        v = amount * self.m
        if self.units is not None:
            deltas = tuple(map(v.__mul__, self.units[team]))
            self.won[team] += v
        else:
            deltas = spread(e.members(team), e.active, v, e.n)
            out = self.out
            for s, d in enumerate(deltas):
                out[s] += d
        self.items.append(ScoreItem(name, amount if team == "D" else -amount, self.m, deltas, note))

    def hand(self, name: str, winners: frozenset[int], seats: tuple[int, ...], v: int,
             note: str) -> None:
        deltas = spread(winners, seats, v * self.m, self.e.n)
        self.items.append(ScoreItem(name, v, self.m, deltas, note))
        out = self.out
        for s, d in enumerate(deltas):
            out[s] += d

    def deltas(self) -> list[int]:
        out = list(self.out)
        if self.units is not None:
            for team, v in self.won.items():
                if v:
                    for s, u in enumerate(self.units[team]):
                        out[s] += u * v
        return out


#: §4.9 announced values per (pagat_uhu_value, xxi_catch_values) (the rules' only two inputs)
_VALUES: dict[tuple[int, int], dict[str, int]] = {}


def _values(r: "IllustratedRules") -> dict[str, int]:
    key = (int(r.pagat_uhu_value), int(r.xxi_catch_values))
    values = _VALUES.get(key)
    if values is None:
        values = dict(ANNOUNCED_VALUE)
        values["pagat_uhu"] = key[0]
        values["sas_uhu"] = key[0]      # Kupa 1§ items 14 and 16: both 15
        values["xxi_catch"] = 2 * key[1]
        _VALUES[key] = values
    return values


_BIRDS = ("centrum", "kismadar", "nagymadar")


def score_deal(e: "IllustratedEngine") -> Score:
    m = e.multiplier
    facts: dict[str, Any] = {"declarer": e.declarer}
    if e.contract is not None:
        facts["contract"] = e.contract
    if e.redeal:
        return Score([], [0] * e.n, {"declarer": e.declarer, "multiplier": m}
                     | ({"contract": e.contract} if e.contract else {}))
    facts["multiplier"] = m
    if e.phase == "honourless_failed":        # §3.6, §6.8
        sheet = _Sheet(e, m)
        assert e.declarer is not None
        g = 3 if e.rules.honourless_fourth_failure == "pays_one_value" else {
            "three": 1, "two": 2, "one": 3, "solo": 4}[e.contract]  # type: ignore[index]
        facts["partner"] = None
        sheet.add("O", g, "game", "the honourless fourth drew no honour: lost, played alone")
        return Score(sheet.items, sheet.deltas(), facts)
    facts["partner"] = e.partner
    t = e.table
    assert t is not None and e.declarer is not None
    D, O = e.team_d, e.team_o
    sheet = _Sheet(e, m, D, O)
    won = t.won
    won_d = 0
    won_o = 0
    for s in D:
        won_d |= won[s]
    for s in O:
        won_o |= won[s]
    r = e.rules
    dm = e.discard_mask
    disc_d = dm[e.declarer]
    disc_o = 0
    lone_all = e.partner is None and (r.lone_declarer_takes_all_discards or (
        r.unintentional_lone_takes_all_discards and e.discarder_of_called is not None))
    for s in e.active:
        if s != e.declarer:
            if lone_all:
                disc_d |= dm[s]
            else:
                disc_o |= dm[s]
    p_d = card_points(won_d | disc_d)
    p_o = card_points(won_o | disc_o)
    facts["points"] = [p_d, p_o]
    count = t.count
    facts["tricks"] = list(count)
    tricks_d = 0
    for s in D:
        tricks_d += count[s]
    g = e.g
    items = e.items

    # §6.3 game, double game, volát
    for team, amount, name, note in game_items(g, p_d, tricks_d, items):
        sheet.add(team, amount, name, note)

    # §6.4 other bonuses
    caught = _catch(t, D)
    pile_d, pile_o = won_d, won_o
    values = _values(r)
    for (team, bonus), lvl in sorted(items.items()):
        if bonus in ("game", "double_game", "volat"):
            continue
        ok = _achieved(t, D, pile_d if team == "D" else pile_o, caught, team, bonus)
        amount = values[bonus_kind(bonus)] * (1 << lvl)
        sheet.add(team if ok else ("O" if team == "D" else "D"), amount, bonus,
                  f"announced {bonus} {'made' if ok else 'failed'}"
                  + (f" ×{1 << lvl}" if lvl else ""))
    for bonus, mask in (("trull", HONOUR_MASK), ("four_kings", KING_MASK)):
        for team, pile in (("D", pile_d), ("O", pile_o)):
            if (pile & mask == mask and (team, bonus) not in items
                    and (tricks_d if team == "D" else 9 - tricks_d) != 9
                    and (r.silent_bonus_after_announced_volat or (team, "volat") not in items)):
                sheet.add(team, 1, bonus, f"silent {bonus}")
    c = caught
    if c is not None and (c, "xxi_catch") not in items:
        sheet.add(c, int(r.xxi_catch_values), "xxi_catch", "silent XXI-catch")
    # silent pagát ultimó; silent sas ultimó the same way (G45; Kupa 1§ item 12: silent 5)
    for card, ultimo, uhu in SILENT_ULTIMOS[:2 if r.sas_bonuses else 1]:
        seat = _seat_in(t, card, 9)
        if seat is None:
            continue
        s_team = "D" if seat in D else "O"
        blocked = (s_team, ultimo) in items
        if not r.silent_ultimo_after_failed_uhu and (
                (s_team, uhu) in e.ever or (s_team, ultimo) in e.superseded):
            blocked = True
        if not blocked:
            ok = t.winning_card(9) == card
            name = "pagát" if ultimo == "pagat_ultimo" else "sas"
            sheet.add(s_team if ok else ("O" if s_team == "D" else "D"), 5, ultimo,
                      f"silent {name} ultimó {'made' if ok else 'lost'}")

    # §4.12 hand bonuses
    for seat, claim in sorted(e.hand_declared.items()):
        v = 1 if claim == "eight_tarokk" else 2
        sheet.hand(claim, frozenset((seat,)), e.active, v, f"seat {seat} declared {claim}")
    for seat, claim in e.late_claims:
        v = 1 if claim == "eight_tarokk" else 2
        mates = D if seat in D else O
        if len(mates) > 1:
            sheet.hand(claim, frozenset((seat,)), tuple(sorted(mates)), v,
                       f"seat {seat} claims {claim} late, paid by his teammates")
    return Score(sheet.items, sheet.deltas(), facts)


# A card's place in the play: the trick it was played to (the one being played counts as the
# next), looked up where a bonus needs it. Functions of the module, not ones defined in
# score_deal: compiled, those would tie the engine in a reference cycle with its closure.

def _seat_in(t: "TrickTable", card: int, trick: int) -> int | None:
    """The seat that played ``card`` to 1-based ``trick`` (None: it was not played there)."""
    n_done = len(t.tricks)
    if trick <= n_done:
        _, cards, seats, _ = t.tricks[trick - 1]
    elif trick == n_done + 1:
        cards, seats = t.cards, t.seats
    else:
        return None
    return seats[cards.index(card)] if card in cards else None


def _catch(t: "TrickTable", D: frozenset[int]) -> str | None:
    """The team whose T22 took an opponent's T21 in the same trick, if any."""
    for _, cards, seats, _ in t.tricks:
        if T22 in cards:
            break
    else:
        cards, seats = t.cards, t.seats
        if T22 not in cards:
            return None
    if T21 in cards:
        a = "D" if seats[cards.index(T22)] in D else "O"
        b = "D" if seats[cards.index(T21)] in D else "O"
        if a != b:
            return a
    return None


def _achieved(t: "TrickTable", D: frozenset[int], pile: int, caught: str | None, team: str,
              bonus: str) -> bool:
    """Whether ``team`` (whose cards won are ``pile``) achieved the announced ``bonus``."""
    kind = bonus_kind(bonus)
    if kind == "trull":
        return pile & HONOUR_MASK == HONOUR_MASK
    if kind == "four_kings":
        return pile & KING_MASK == KING_MASK
    if kind == "xxi_catch":
        return caught == team
    card, target, _ = BINDINGS[bonus]  # type: ignore[misc]
    tricks = t.tricks
    if kind in _BIRDS:
        return (all(("D" if tricks[i][3] in D else "O") == team for i in range(target))
                and t.winning_card(target) == card)
    # played to the target trick, and winning it for the team (wins_with)
    seat = _seat_in(t, card, target)
    return (seat is not None and len(tricks) >= target and t.winning_card(target) == card
            and ("D" if seat in D else "O") == team)


def game_items(g: int, p_d: int, tricks_d: int, items: dict[tuple[str, str], int]
               ) -> list[tuple[str, int, str, str]]:
    """§6.3 as a pure function: (team, amount, item, note) for the game, double game and
    volát, given the game value, the declarer team's card points and tricks, and the active
    announcements ``(team, item) -> kontra level`` (``("D", "game")`` is the game's level)."""
    out: list[tuple[str, int, str, str]] = []
    if p_d >= 48:
        W, L, pts_w, tricks_w = "D", "O", p_d, tricks_d
    else:
        W, L, pts_w, tricks_w = "O", "D", 94 - p_d, 9 - tricks_d
    kG = items.get(("D", "game"), 0)
    game_scored = False
    w_dg, w_vol = (W, "double_game") in items, (W, "volat") in items
    if not w_dg and not w_vol:
        if tricks_w == 9:
            out.append((W, 3 * g, "volat", "silent volát (instead of the game)"))
        elif pts_w >= 71:
            out.append((W, 2 * g, "double_game", "silent double game (instead of the game)"))
        else:
            out.append((W, g * (1 << kG), "game", "game" + (f" ×{1 << kG}" if kG else "")))
            game_scored = True
    else:
        if w_dg:
            ok = pts_w >= 71
            out.append((W if ok else L, 4 * g * (1 << items[(W, "double_game")]),
                        "double_game", f"announced double game {'made' if ok else 'failed'}"))
        if w_vol:
            ok = tricks_w == 9
            out.append((W if ok else L, 6 * g * (1 << items[(W, "volat")]), "volat",
                        f"announced volát {'made' if ok else 'failed'}"))
        if w_dg and not w_vol and tricks_w == 9:
            out.append((W, 3 * g, "volat", "silent volát on top of the announced double game"))
    if (L, "double_game") in items:
        out.append((W, 4 * g * (1 << items[(L, "double_game")]), "double_game",
                    "announced double game failed"))
    if (L, "volat") in items:
        out.append((W, 6 * g * (1 << items[(L, "volat")]), "volat", "announced volát failed"))
    if kG > 0 and not game_scored:
        out.append((W, g * (1 << kG), "game", f"kontra'd game ×{1 << kG}"))
    return out


def multiplier_of(periods: tuple[int, ...], rules: "IllustratedRules") -> int:
    """§6.9: ``2 ** open periods``; under ``doubling_after_passout = extend | restart`` (the
    AkosUzonyi server's "stacking" and "peculating") one ×2 while any deal is still doubled."""
    if rules.doubling_after_passout in ("extend", "restart"):
        return 2 if periods else 1
    return 1 << int(len(periods))     # int(): a Python int, also where compiled


def next_periods(e: "IllustratedEngine") -> tuple[int, ...]:
    """The open doubling periods after the played deal ``e``."""
    return periods_after(e.periods, e.redeal, e.rules, e.n)


def periods_after(periods: tuple[int, ...], thrown_in: bool, rules: "IllustratedRules",
                  n: int) -> tuple[int, ...]:
    """§6.9 (the one statement of the carried state, for played deals and score sheets): a
    thrown-in deal opens a period of n scored deals; a scored deal uses one deal of every open
    period."""
    if thrown_in:
        if rules.doubling_after_passout == "none":
            return periods
        if rules.doubling_after_passout == "extend":       # n more doubled deals, one period
            return (sum(periods) + n,)
        if rules.doubling_after_passout == "restart":      # n doubled deals from now on
            return (n,)
        return periods + (n,)
    return tuple(p - 1 for p in periods if p > 1)


__all__ = ["score_deal", "next_periods", "periods_after", "game_items", "multiplier_of"]
