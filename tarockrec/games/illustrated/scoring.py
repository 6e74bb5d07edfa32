"""Illustrated Tarokk scoring (docs/rules/illustrated.md §6) and the doubling periods (§6.9).

One scorer: ``score_facts`` scores an ``IllustratedFacts`` (the facts of a deal: contract,
teams, card points and tricks, the announcements with their kontra levels and whether each was
made, the silent items the play gave, the tarokk declarations and claims). A played deal gets
its facts from the engine (``IllustratedEngine.facts``), a score sheet from its written
outcome (``outcome_facts`` in ``__init__``); both are scored here. This module does not know
the engine.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Protocol

from ...plain import Plain
from ...scoring import Score, ScoreItem, spread
from .contracts import ANNOUNCED_VALUE, GAME_VALUE, ULTIMO_UHU, bonus_kind

if TYPE_CHECKING:
    from .rules import IllustratedRules


class IllustratedFacts(Plain):
    """What the scorer needs of a deal (§6.1). Teams are "D" (declarer's) and "O"."""

    __slots__ = _fields = ("n", "active", "multiplier", "contract", "declarer", "partner", "end",
                           "points", "tricks", "items", "made", "trull", "four_kings", "caught",
                           "ultimos", "declared", "late")
    n: int
    active: tuple[int, ...]
    multiplier: int
    contract: str | None
    declarer: int | None
    partner: int | None
    #: None: played (or being played); "honourless": the honourless fourth's failure scored
    #: (§6.8); "redeal": thrown in (all passed, annulled, a failure under redeal_no_penalty)
    end: str | None
    #: card points (P_D, P_O), discards counted (§1.3), and tricks won per seat
    points: tuple[int, int]
    tricks: tuple[int, ...]
    #: the active announcements, (team, item) -> kontra level; ("D", "game") is the game's
    items: dict[tuple[str, str], int]
    #: whether each announced bonus other than the game, double game and volát was achieved
    made: dict[tuple[str, str], bool]
    #: the team that collected all three honours / all four kings (None: neither)
    trull: str | None
    four_kings: str | None
    #: the team whose T22 took an opponent's T21 (§4.9)
    caught: str | None
    #: (ultimó id, team that played its card to trick 9, whether the card won it): the silent
    #: ultimós' candidates (§6.4)
    ultimos: tuple[tuple[str, str, bool], ...]
    #: tarokk declarations (seat, claim), by seat, and late claims in order (§4.12)
    declared: tuple[tuple[int, str], ...]
    late: tuple[tuple[int, str], ...]

    def __init__(self, n: int, active: tuple[int, ...], multiplier: int,
                 contract: str | None, declarer: int | None, partner: int | None = None,
                 end: str | None = None, points: tuple[int, int] = (0, 0),
                 tricks: tuple[int, ...] = (),
                 items: dict[tuple[str, str], int] | None = None,
                 made: dict[tuple[str, str], bool] | None = None, trull: str | None = None,
                 four_kings: str | None = None, caught: str | None = None,
                 ultimos: tuple[tuple[str, str, bool], ...] = (),
                 declared: tuple[tuple[int, str], ...] = (),
                 late: tuple[tuple[int, str], ...] = ()) -> None:
        self.n = n
        self.active = active
        self.multiplier = multiplier
        self.contract = contract
        self.declarer = declarer
        self.partner = partner
        self.end = end
        self.points = points
        self.tricks = tricks
        self.items = {} if items is None else items
        self.made = {} if made is None else made
        self.trull = trull
        self.four_kings = four_kings
        self.caught = caught
        self.ultimos = ultimos
        self.declared = declared
        self.late = late


    def team_of(self, seat: int) -> str:
        return "D" if seat == self.declarer or seat == self.partner else "O"

    def members(self, team: str) -> frozenset[int]:
        d = self.declarer
        if team == "D":
            assert d is not None
            return frozenset((d,) if self.partner is None else (d, self.partner))
        return frozenset(s for s in self.active if s != d and s != self.partner)

    def tricks_d(self) -> int:
        """The declarer team's tricks."""
        t = self.tricks
        d = t[self.declarer] if self.declarer is not None else 0
        return d + t[self.partner] if self.partner is not None else d

    def team_tricks(self, team: str) -> int:
        """A team's tricks, the defenders' as 9 − the declarer team's (§6.2; so also while
        the play is under way, as ``score()`` has always counted them)."""
        return self.tricks_d() if team == "D" else 9 - self.tricks_d()


def game_value(contract: str, partner: int | None, rules: "IllustratedRules") -> int:
    """``g`` (§1.4, §6.6): the bid's value; a lone declarer's is the solo's under
    ``lone_game_value = solo``."""
    if partner is None and rules.lone_game_value == "solo":
        return 4
    return GAME_VALUE[contract]


def honourless_value(contract: str, rules: "IllustratedRules") -> int:
    """§6.8: what the failed honourless fourth pays (settled 1 v 3): ``g``, or 3 under
    ``honourless_fourth_failure = pays_one_value``."""
    return 3 if rules.honourless_fourth_failure == "pays_one_value" else GAME_VALUE[contract]


def silent_counts(f: IllustratedFacts, rules: "IllustratedRules", team: str, bonus: str) -> bool:
    """§6.4: whether ``team``'s silent ``bonus`` (trull, four_kings, xxi_catch or an ultimó)
    is scored, given the deal's announcements: the one statement of it, for the scorer and for
    the checks of a written outcome."""
    items = f.items
    if (team, bonus) in items:
        return False            # announced: only the announced item counts
    if bonus == "trull" or bonus == "four_kings":
        return (f.team_tricks(team) != 9
                and (rules.silent_bonus_after_announced_volat or (team, "volat") not in items))
    if bonus == "xxi_catch":
        return True
    # a silent ultimó: G35 — not after the team's uhu on that card under
    # silent_ultimo_after_failed_uhu = false (an uhu stays announced once said; an ultimó it
    # superseded leaves the uhu in its place)
    return rules.silent_ultimo_after_failed_uhu or (team, ULTIMO_UHU[bonus]) not in items


#: (table size, active seats, declarer, partner) -> each team's unit deltas (_Sheet.units);
#: keyed by the seats, not the team's frozenset, so that a hit builds no set
_UNITS: dict[tuple[int, tuple[int, ...], int | None, int | None],
             dict[str, tuple[int, ...]]] = {}


@functools.cache
def _scaled(unit: tuple[int, ...], v: int) -> tuple[int, ...]:
    """``v`` times a team's unit deltas: built once per table and value (a deal's items are a
    few dozen values) and shared, the item's deltas being a tuple."""
    return tuple(map(v.__mul__, unit))


class _Sheet:
    """Items from the declarer team's point of view; per-seat deltas via ``spread``."""

    def __init__(self, f: IllustratedFacts, m: int, teams: bool) -> None:
        self.f = f
        self.m = m
        self.items: list[ScoreItem] = []
        self.v = 0
        self.out = [0] * f.n
        #: each team's deltas of an item worth 1 to it (``spread`` is linear: every pairing
        #: pays along the larger side, a whole multiple of the smaller), built once per deal,
        #: and what the team's items add up to
        self.units: dict[str, tuple[int, ...]] | None = None
        self.won = {"D": 0, "O": 0}
        if teams:
            key = (f.n, f.active, f.declarer, f.partner)
            units = _UNITS.get(key)
            if units is None:
                units = _UNITS[key] = {"D": spread(f.members("D"), f.active, 1, f.n),
                                       "O": spread(f.members("O"), f.active, 1, f.n)}
            self.units = units

    def add(self, team: str, amount: int, name: str, note: str = "") -> None:
        """``amount`` to ``team`` ("D" or "O")."""
        if amount == 0:
            return
        f = self.f
        self.v += amount if team == "D" else -amount
        v = amount * self.m
        if self.units is not None:
            deltas = _scaled(self.units[team], v)
            self.won[team] += v
        else:
            deltas = spread(f.members(team), f.active, v, f.n)
            out = self.out
            for s, d in enumerate(deltas):
                out[s] += d
        self.items.append(ScoreItem(name, amount if team == "D" else -amount, self.m, deltas, note))

    def hand(self, name: str, winners: frozenset[int], seats: tuple[int, ...], v: int,
             note: str) -> None:
        deltas = spread(winners, seats, v * self.m, self.f.n)
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


def bonus_values(r: "IllustratedRules") -> dict[str, int]:
    """Each bonus kind's announced value under ``r`` (§4.9, §6.7)."""
    key = (int(r.pagat_uhu_value), int(r.xxi_catch_values))
    values = _VALUES.get(key)
    if values is None:
        values = dict(ANNOUNCED_VALUE)
        values["pagat_uhu"] = key[0]
        values["sas_uhu"] = key[0]      # Kupa 1§ items 14 and 16: both 15
        values["xxi_catch"] = 2 * key[1]
        _VALUES[key] = values
    return values


#: the value of a tarokk declaration or claim (§4.12)
HAND_VALUE = {"eight_tarokk": 1, "nine_tarokk": 2}
#: the silent ultimós' names in the notes
_ULTIMO_NAME = {"pagat_ultimo": "pagát", "sas_ultimo": "sas"}


def score_facts(f: IllustratedFacts, r: "IllustratedRules") -> Score:
    """§6: the score of the deal ``f`` under the rules ``r`` (the one scorer)."""
    m = f.multiplier
    facts: dict[str, Any] = {"declarer": f.declarer}
    if f.contract is not None:
        facts["contract"] = f.contract
    if f.end == "redeal":
        return Score([], [0] * f.n, {"declarer": f.declarer, "multiplier": m}
                     | ({"contract": f.contract} if f.contract else {}))
    facts["multiplier"] = m
    if f.end == "honourless":        # §3.6, §6.8
        sheet = _Sheet(f, m, False)
        assert f.declarer is not None and f.contract is not None
        facts["partner"] = None
        sheet.add("O", honourless_value(f.contract, r), "game",
                  "the honourless fourth drew no honour: lost, played alone")
        return Score(sheet.items, sheet.deltas(), facts)
    facts["partner"] = f.partner
    assert f.declarer is not None and f.contract is not None
    sheet = _Sheet(f, m, True)
    p_d, p_o = f.points
    facts["points"] = [p_d, p_o]
    facts["tricks"] = list(f.tricks)
    tricks_d = f.tricks_d()
    items = f.items

    # §6.3 game, double game, volát
    for team, amount, name, note in game_items(game_value(f.contract, f.partner, r), p_d,
                                               tricks_d, items):
        sheet.add(team, amount, name, note)

    # §6.4 other bonuses
    values = bonus_values(r)
    made = f.made
    for (team, bonus), lvl in sorted(items.items()):
        if bonus in ("game", "double_game", "volat"):
            continue
        ok = made[(team, bonus)]
        amount = values[bonus_kind(bonus)] * (1 << lvl)
        sheet.add(team if ok else ("O" if team == "D" else "D"), amount, bonus,
                  f"announced {bonus} {'made' if ok else 'failed'}"
                  + (f" ×{1 << lvl}" if lvl else ""))
    for bonus, collector in (("trull", f.trull), ("four_kings", f.four_kings)):
        if collector is not None and silent_counts(f, r, collector, bonus):
            sheet.add(collector, 1, bonus, f"silent {bonus}")
    c = f.caught
    if c is not None and (c, "xxi_catch") not in items:
        sheet.add(c, int(r.xxi_catch_values), "xxi_catch", "silent XXI-catch")
    # silent pagát ultimó; silent sas ultimó the same way (G45; Kupa 1§ item 12: silent 5)
    for ultimo, team, ok in f.ultimos:
        if silent_counts(f, r, team, ultimo):
            sheet.add(team if ok else ("O" if team == "D" else "D"), 5, ultimo,
                      f"silent {_ULTIMO_NAME[ultimo]} ultimó {'made' if ok else 'lost'}")

    # §4.12 hand bonuses
    for seat, claim in f.declared:
        sheet.hand(claim, frozenset((seat,)), f.active, HAND_VALUE[claim],
                   f"seat {seat} declared {claim}")
    for seat, claim in f.late:
        mates = f.members(f.team_of(seat))
        if len(mates) > 1:
            sheet.hand(claim, frozenset((seat,)), tuple(sorted(mates)), HAND_VALUE[claim],
                       f"seat {seat} claims {claim} late, paid by his teammates")
    return Score(sheet.items, sheet.deltas(), facts)


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


class _Played(Protocol):
    """What ``next_periods`` reads of a played deal (the engine, not imported here)."""

    periods: tuple[int, ...]
    n: int

    @property
    def redeal(self) -> bool: ...

    @property
    def rules(self) -> "IllustratedRules": ...


def next_periods(e: _Played) -> tuple[int, ...]:
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


__all__ = ["IllustratedFacts", "score_facts", "silent_counts", "next_periods", "periods_after",
           "game_items", "multiplier_of", "bonus_values", "game_value"]
