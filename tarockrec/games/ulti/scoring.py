"""Ulti scoring (rules/ulti.md §7): main and Ulti parts doubled separately, the undoubled
extra Ulti penalty, silent seven, the two 100 bonuses, unbid Durch; sheet → settlement.

Each ``ScoreItem`` is one sheet entry: ``base`` is the signed entry before doubling,
``multiplier`` the doubling factor, ``deltas`` the zero-sum settlement of that entry
(``settle_i = 3·e_i − Σe``, §7.7, = ``tarockrec.scoring.spread`` of 1 v 2). Items whose name
starts with ``defenders_`` are written once in *each* defender's column.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...scoring import Score, ScoreItem, spread
from .contracts import COUNTERS, KING, SEVEN
from .rules import SimpleTie, TalonPoints

if TYPE_CHECKING:
    from .engine import UltiEngine

SEATS = (0, 1, 2)


class _Sheet:
    def __init__(self, soloist: int) -> None:
        self.soloist = soloist
        self.defenders = frozenset(s for s in SEATS if s != soloist)
        self.items: list[ScoreItem] = []

    def solo(self, name: str, base: int, mult: int = 1, note: str = "") -> None:
        """An entry in the soloist's column."""
        if base == 0:
            return
        x = base * mult
        deltas = (spread({self.soloist}, SEATS, x, 3) if x > 0
                  else spread(self.defenders, SEATS, -x, 3))
        self.items.append(ScoreItem(name, base, mult, deltas, note))

    def each_defender(self, name: str, base: int, note: str = "") -> None:
        """The same entry in each defender's column."""
        if base == 0:
            return
        deltas = (spread(self.defenders, SEATS, base, 3) if base > 0
                  else spread({self.soloist}, SEATS, -base, 3))
        self.items.append(ScoreItem("defenders_" + name, base, 1, deltas, note))

    def score(self, facts: dict[str, object]) -> Score:
        deltas = [0, 0, 0]
        for it in self.items:
            for s in SEATS:
                deltas[s] += it.deltas[s]
        return Score(self.items, deltas, facts)


def sheet_entries(score: Score, soloist: int) -> list[int]:
    """The score-sheet entries ``[e0, e1, e2]`` (§7.7) behind a score."""
    out = [0, 0, 0]
    for it in score.items:
        if it.name.startswith("defenders_"):
            for s in SEATS:
                if s != soloist:
                    out[s] += it.base * it.multiplier
        else:
            out[soloist] += it.base * it.multiplier
    return out


def points(e: "UltiEngine") -> tuple[int, int]:
    """§7.1 (and G3): the soloist's and the defenders' points in a trump contract."""
    t = e.table
    c = e.contract
    sol = e.soloist
    assert t is not None and c is not None and sol is not None
    pile_s = t.won[sol]
    pile_d = 0
    for s in SEATS:
        if s != sol:
            pile_d |= t.won[s]
    if e.rules.talon_points_to is TalonPoints.DEFENDERS:
        pile_d |= e.talon
    s_pts = 10 * (pile_s & COUNTERS).bit_count()
    d_pts = 10 * (pile_d & COUNTERS).bit_count()
    if len(t.tricks) == 10:
        if t.winner(10) == sol:
            s_pts += 10
        else:
            d_pts += 10
    for seat, suit in e.marriages:
        v = 40 if suit == c.trump else 20
        if seat == sol:
            s_pts += v
        else:
            d_pts += v
    return s_pts, d_pts


def score_deal(e: "UltiEngine") -> Score:
    c = e.contract
    sol = e.soloist
    r = e.rules
    assert c is not None and sol is not None
    sheet = _Sheet(sol)
    facts: dict[str, object] = {"declarer": sol, "contract": c.id}
    if e.phase == "conceded":                                   # §7.6
        sheet.solo("concession", -c.main_value, 1, f"{c.id} conceded before the first lead")
        return sheet.score(facts)
    t = e.table
    assert t is not None
    facts["tricks"] = list(t.count)
    won = t.count[sol]
    main_mult = e.doubling.multiplier("main")
    if c.no_trump:                                              # §7.2 Betli / NT Durch
        ok = won == 0 if c.betli else (won == len(t.tricks) == 10)
        sheet.solo("main", c.main_value if ok else -c.main_value, main_mult,
                   f"{c.id} {'made' if ok else 'lost'} ({won} trick{'s' * (won != 1)})")
        return sheet.score(facts)
    assert c.trump is not None
    hm = c.hm
    s_pts, d_pts = points(e)
    facts["points"] = [s_pts, d_pts]
    all_tricks = won == 10
    if c.simple:
        ok = s_pts > d_pts or (s_pts == d_pts and r.simple_tie is SimpleTie.SOLOIST_WINS)
    elif c.durch is None:
        ok = s_pts >= 100
    else:                                                       # one unit (G7)
        ok = all_tricks and (not c.hundred or s_pts >= 100)
    sheet.solo("main", c.main_value if ok else -c.main_value, main_mult,
               f"{c.id} main part {'made' if ok else 'lost'} ({s_pts} v {d_pts} points, "
               f"{won} tricks)")
    seven = SEVEN[c.trump]
    played = t.played(seven)
    by_seat = played[0] if played is not None else None      # who played the 7 of trumps
    seven_last = played is not None and played[1] == 10
    last_winner = t.winner(10)
    if c.ulti:                                                  # §7.2 Ulti part
        ulti_ok = seven_last and by_seat == sol and last_winner == sol
        sheet.solo("ulti", c.ulti_value if ulti_ok else -c.ulti_value, e.doubling.multiplier("ulti"),
                   "Ulti " + ("made" if ulti_ok else "lost"))
        if seven_last and by_seat == sol and last_winner != sol:
            sheet.solo("ulti_extra", -c.ulti_value, 1,
                       "the 7 of trumps was captured in the last trick (undoubled)")
    v7 = 2 * hm                                                 # §7.3 silent seven
    if seven_last:
        by = by_seat
        if by == sol and not c.ulti:
            sheet.solo("silent_seven", v7 if last_winner == sol else -v7, 1,
                       f"{c.trump}7 in the last trick")
        elif by != sol:
            sheet.each_defender("silent_seven", v7 if last_winner == by else -v7,
                                f"seat {by}'s {c.trump}7 in the last trick")
    if not c.hundred and s_pts >= 100:                          # §7.4
        sheet.solo("silent_hundred", hm, 1, f"{s_pts} points without a Hundred bid")
    if d_pts >= 100:
        sheet.each_defender("hundred", hm, f"the defenders made {d_pts} points")
    if c.durch is None and all_tricks:                          # §7.5
        bonus = 3 * hm if r.unbid_durch_hearts_double else 3
        sheet.solo("unbid_durch", bonus, 1, "all 10 tricks without a Durch bid")
    return sheet.score(facts)


__all__ = ["score_deal", "sheet_entries", "points", "KING"]
