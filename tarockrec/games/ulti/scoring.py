"""Ulti scoring (docs/rules/ulti.md §7): main and Ulti parts doubled separately, the undoubled
extra Ulti penalty, silent seven, the two 100 bonuses, unbid Durch; sheet → settlement.

Each ``ScoreItem`` is one sheet entry: ``base`` is the signed entry before doubling,
``multiplier`` the doubling factor, ``deltas`` the zero-sum settlement of that entry
(``settle_i = 3·e_i − Σe``, §7.7, = ``tarockrec.scoring.spread`` of 1 v 2). Items whose name
starts with ``defenders_`` are written once in *each* defender's column.
"""
from __future__ import annotations


from ...plain import Plain
from ...scoring import Score, ScoreItem, spread
from .contracts import Contract
from .rules import UltiRules

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


class UltiFacts(Plain):
    """What the score of an Ulti deal depends on (§7): derived from the play by the engine
    (``UltiEngine.facts``) or read from a written outcome (``outcome.facts_of``)."""

    __slots__ = _fields = ("contract", "soloist", "conceded", "tricks", "points", "main_won",
                           "main_factor", "ulti_won", "ulti_factor", "ulti_extra", "seven",
                           "silent_hundred", "defenders_hundred", "unbid_durch")
    contract: Contract
    soloist: int
    #: §7.6: conceded before the first lead (nothing else is scored)
    conceded: bool
    #: tricks won per seat (None: not written on a sheet)
    tricks: list[int] | None
    #: §7.1: the soloist's and the defenders' points, trump contracts (None: not written)
    points: tuple[int, int] | None
    #: §7.2: the main part made, and its doubling factor (§5.4)
    main_won: bool
    main_factor: int
    #: §7.2: the Ulti part made, its factor, and the undoubled extra penalty (the soloist's
    #: trump 7 captured in trick 10)
    ulti_won: bool
    ulti_factor: int
    ulti_extra: bool
    #: §7.3: the seat that played the 7 of trumps to trick 10 and whether it won that trick
    #: (None: the 7 was not played to trick 10)
    seven: tuple[int, bool] | None
    #: §7.4 and §7.5
    silent_hundred: bool
    defenders_hundred: bool
    unbid_durch: bool

    def __init__(self, contract: Contract, soloist: int, conceded: bool = False,
                 tricks: list[int] | None = None, points: tuple[int, int] | None = None,
                 main_won: bool = False, main_factor: int = 1, ulti_won: bool = False,
                 ulti_factor: int = 1, ulti_extra: bool = False,
                 seven: tuple[int, bool] | None = None, silent_hundred: bool = False,
                 defenders_hundred: bool = False, unbid_durch: bool = False) -> None:
        self.contract = contract
        self.soloist = soloist
        self.conceded = conceded
        self.tricks = tricks
        self.points = points
        self.main_won = main_won
        self.main_factor = main_factor
        self.ulti_won = ulti_won
        self.ulti_factor = ulti_factor
        self.ulti_extra = ulti_extra
        self.seven = seven
        self.silent_hundred = silent_hundred
        self.defenders_hundred = defenders_hundred
        self.unbid_durch = unbid_durch


def score_facts(f: UltiFacts, r: UltiRules) -> Score:
    """The one Ulti scorer (§7): a played deal's facts and a score sheet's alike."""
    c = f.contract
    sol = f.soloist
    sheet = _Sheet(sol)
    facts: dict[str, object] = {"declarer": sol, "contract": c.id}
    if f.conceded:                                              # §7.6
        sheet.solo("concession", -c.main_value, 1, f"{c.id} conceded before the first lead")
        return sheet.score(facts)
    won = None
    if f.tricks is not None:
        facts["tricks"] = list(f.tricks)
        won = f.tricks[sol]
    took = "" if won is None else f" ({won} trick{'s' * (won != 1)})"
    ok = f.main_won
    if c.no_trump:                                              # §7.2 Betli / NT Durch
        sheet.solo("main", c.main_value if ok else -c.main_value, f.main_factor,
                   f"{c.id} {'made' if ok else 'lost'}{took}")
        return sheet.score(facts)
    assert c.trump is not None
    hm = c.hm
    if f.points is not None:
        facts["points"] = list(f.points)
        took = f" ({f.points[0]} v {f.points[1]} points{'' if won is None else f', {won} tricks'})"
    sheet.solo("main", c.main_value if ok else -c.main_value, f.main_factor,
               f"{c.id} main part {'made' if ok else 'lost'}{took}")
    if c.ulti:                                                  # §7.2 Ulti part
        sheet.solo("ulti", c.ulti_value if f.ulti_won else -c.ulti_value, f.ulti_factor,
                   "Ulti " + ("made" if f.ulti_won else "lost"))
        if f.ulti_extra:
            sheet.solo("ulti_extra", -c.ulti_value, 1,
                       "the 7 of trumps was captured in the last trick (undoubled)")
    v7 = 2 * hm                                                 # §7.3 silent seven
    if f.seven is not None:
        by, took_last = f.seven
        if by == sol and not c.ulti:
            sheet.solo("silent_seven", v7 if took_last else -v7, 1,
                       f"{c.trump}7 in the last trick")
        elif by != sol:
            sheet.each_defender("silent_seven", v7 if took_last else -v7,
                                f"seat {by}'s {c.trump}7 in the last trick")
    if f.silent_hundred:                                        # §7.4
        sheet.solo("silent_hundred", hm, 1, "100 points without a Hundred bid")
    if f.defenders_hundred:
        sheet.each_defender("hundred", hm, "the defenders made 100 points")
    if f.unbid_durch:                                           # §7.5
        bonus = 3 * hm if r.unbid_durch_hearts_double else 3
        sheet.solo("unbid_durch", bonus, 1, "all 10 tricks without a Durch bid")
    return sheet.score(facts)


__all__ = ["UltiFacts", "score_facts", "sheet_entries"]
