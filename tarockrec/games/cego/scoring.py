"""Cego scoring (docs/rules/cego.md §6), exactly as the pseudocode of §6.11: the sheet entries of
the seed's traditional method and the zero-sum ``net`` per seat (``n·s_i − Σs``).

One scorer for played deals and score sheets: the engine reduces a finished deal to its facts
(``CegoFacts``: what the table writes, engine.py ``CegoEngine.facts``), a score sheet's written
outcome is checked and parsed into the same facts (outcome.py here), and ``score_facts`` scores
either. This module does not know the engine."""
from __future__ import annotations

from typing import Any, Sequence

from ...plain import Plain
from ...scoring import Score, ScoreItem
from .contracts import (
    FACTOR_NO_SOLO, FACTOR_SOLO, INFO, PB_TRICKS, PB_VALUE, RAEUBER_LOSS,
    RAEUBER_LOSS_FOREHAND, SOLO_FACTOR_LOST, SOLO_FACTOR_WON, TOTAL_POINTS, WIN_POINTS,
    achievement, is_solo_hand,
)


class CegoFacts(Plain):
    """What decides a Cego deal's score (the outcome the table writes, §6)."""

    __slots__ = _fields = ("contract", "declarer", "solo_bid", "tricks", "p", "broken",
                           "seat_points", "penalised")
    contract: str
    #: the declarer (Räuber: forehand, the Räuber caller, §6.8)
    declarer: int
    solo_bid: bool
    #: tricks won per seat; None after the Solo-hand challenge (no card is played, §4.5)
    tricks: tuple[int, ...] | None
    #: Solo and the exchange contracts: the declarer's card points P (§6.1)
    p: int
    #: Pfeife: the T1 condition of §5.4 broken
    broken: bool
    #: Räuber: each seat's card points (§6.8)
    seat_points: tuple[int, ...] | None
    #: after the challenge: the penalised seats (§6.9); None: no challenge
    penalised: tuple[int, ...] | None

    def __init__(self, contract: str, declarer: int, solo_bid: bool,
                 tricks: tuple[int, ...] | None, p: int = 0, broken: bool = False,
                 seat_points: tuple[int, ...] | None = None,
                 penalised: tuple[int, ...] | None = None) -> None:
        self.contract = contract
        self.declarer = declarer
        self.solo_bid = solo_bid
        self.tricks = tricks
        self.p = p
        self.broken = broken
        self.seat_points = seat_points
        self.penalised = penalised


class DealScore(Plain):
    """What §6.11 computes for one deal, with the parts that make it up."""

    _fields = ("sheet", "net", "items", "points", "achievement", "multiplier")
    sheet: list[int]
    net: list[int]
    #: (item name, base, multiplier, sheet entries of the item)
    items: list[tuple[str, int, int, list[int]]]
    points: list[int] | None
    achievement: int | None
    multiplier: int | None

    def __init__(self, sheet: list[int], net: list[int],
                 items: list[tuple[str, int, int, list[int]]] | None = None,
                 points: list[int] | None = None, achievement: int | None = None,
                 multiplier: int | None = None) -> None:
        self.sheet = sheet
        self.net = net
        self.items = [] if items is None else items
        self.points = points
        self.achievement = achievement
        self.multiplier = multiplier


def net_of(sheet: Sequence[int]) -> list[int]:
    """§6.6: net_i = n·s_i − Σ s_j."""
    n = len(sheet)
    total = sum(sheet)
    return [n * s - total for s in sheet]


def a_of(f: CegoFacts) -> int:
    """§6.2 with the Pfeife failure rule of §6.4."""
    if f.contract == "pfeife" and f.broken and f.p >= WIN_POINTS:
        return -1
    return achievement(f.p)


def factor(contract: str, solo_bid: bool, a: int) -> int:
    """§6.3 M: Solo 1 won / 2 lost; the ladder by whether there was a Solo bid."""
    if contract == "solo":
        return SOLO_FACTOR_WON if a > 0 else SOLO_FACTOR_LOST
    return (FACTOR_SOLO if solo_bid else FACTOR_NO_SOLO)[contract]


def penalised_seats(info_n: int, declarer: int, dealt_hands: Sequence[int], high: str,
                    multiple_solo_hands: str) -> tuple[int, ...]:
    """§4.5, §6.9: the defenders whose dealt hand is a Solo hand (G6: only the first under
    ``first_only``), else the declarer."""
    info = INFO[info_n]
    n = info_n
    pen = [(declarer + k) % n for k in range(1, n)
           if is_solo_hand(info, dealt_hands[(declarer + k) % n], high)]
    if multiple_solo_hands == "first_only":
        pen = pen[:1]                                               # G6 option
    return tuple(pen or [declarer])


def facts_from_piles(n: int, dealer: int, contract: str, declarer: int | None, solo_bid: bool,
                     piles: Sequence[int], tricks_won: Sequence[int], legage: int,
                     challenge: bool, dealt_hands: Sequence[int], pfeife_broken: bool, *,
                     high: str = "T18..T22", multiple_solo_hands: str = "each") -> CegoFacts:
    """The facts of a deal from its piles (card masks of the ``n``-player pack, §1.6, §6.1)."""
    info = INFO[n]
    if contract == "raeuber":
        return CegoFacts(contract, (dealer + 1) % n, False, tuple(tricks_won),
                         seat_points=tuple(info.count(piles[i]) for i in range(n)))
    assert declarer is not None
    if challenge:
        return CegoFacts(contract, declarer, solo_bid, None,
                         penalised=penalised_seats(n, declarer, dealt_hands, high,
                                                   multiple_solo_hands))
    if contract in PB_VALUE:
        return CegoFacts(contract, declarer, solo_bid, tuple(tricks_won))
    t = tricks_won[declarer]
    p = 0 if t == 0 else info.count(legage | piles[declarer]) + (1 if n == 3 else 0)
    return CegoFacts(contract, declarer, solo_bid, tuple(tricks_won), p, pfeife_broken)


def score_facts(n: int, dealer: int, f: CegoFacts, raeuber_tie: str = "all_tied") -> DealScore:
    """§6.11 ``score_deal`` on the facts of a deal (played or written)."""
    sheet = [0] * n
    items: list[tuple[str, int, int, list[int]]] = []
    contract = f.contract
    declarer = f.declarer

    def add(name: str, scorer: int, a: int, m: int) -> None:   # V = a·m != 0
        v = a * m
        entry = [0] * n
        if v > 0:
            entry[scorer] += v
        else:
            for i in range(n):
                if i != scorer:
                    entry[i] += -v
        for i in range(n):
            sheet[i] += entry[i]
        items.append((name, a, m, entry))

    out = DealScore(sheet, [], items)
    if f.penalised is not None:                                         # §6.9
        m = FACTOR_NO_SOLO[contract]
        for q in f.penalised:
            add(f"solo_hand:{q}", q, -8, m)
        out.multiplier = m
    elif contract in PB_VALUE:                                          # §6.7
        assert f.tricks is not None
        ok = f.tricks[declarer] == PB_TRICKS[contract]
        add(contract, declarer, PB_VALUE[contract] if ok else -PB_VALUE[contract], 1)
    elif contract == "raeuber":                                         # §6.8
        pts = f.seat_points
        assert pts is not None
        forehand = (dealer + 1) % n
        top = max(pts)
        losers = [i for i in range(n) if pts[i] == top]
        if raeuber_tie == "parlett" and forehand in losers:
            losers = [forehand]
        for i in losers:
            loss = RAEUBER_LOSS_FOREHAND if i == forehand else RAEUBER_LOSS
            sheet[i] -= loss
            entry = [0] * n
            entry[i] = -loss
            items.append((f"raeuber:{i}", -loss, 1, entry))
        out.points = list(pts)
    else:                                                               # §6.1–§6.5
        a = a_of(f)
        m = factor(contract, f.solo_bid, a)
        add(contract, declarer, a, m)
        out.points = [f.p, TOTAL_POINTS - f.p]
        out.achievement, out.multiplier = a, m
    out.net = net_of(sheet)
    return out


def score_deal(n: int, dealer: int, contract: str, declarer: int | None, solo_bid: bool,
               piles: Sequence[int], tricks_won: Sequence[int], legage: int, challenge: bool,
               dealt_hands: Sequence[int], pfeife_broken: bool, *, high: str = "T18..T22",
               multiple_solo_hands: str = "each", raeuber_tie: str = "all_tied") -> DealScore:
    """§6.11 ``score_deal``; piles and hands are card masks of the ``n``-player pack."""
    f = facts_from_piles(n, dealer, contract, declarer, solo_bid, piles, tricks_won, legage,
                         challenge, dealt_hands, pfeife_broken, high=high,
                         multiple_solo_hands=multiple_solo_hands)
    return score_facts(n, dealer, f, raeuber_tie)


def score_of(n: int, dealer: int, f: CegoFacts, raeuber_tie: str) -> Score:
    """The ``Score`` of a deal's facts: its items, net and the facts a ``result`` records."""
    ds = score_facts(n, dealer, f, raeuber_tie)
    items = [ScoreItem(name, base, mult, tuple(net_of(entry)),
                       note=f"sheet {entry}") for name, base, mult, entry in ds.items]
    facts: dict[str, Any] = {"declarer": f.declarer, "contract": f.contract}
    if ds.points is not None:
        facts["points"] = ds.points
    if f.tricks is not None:
        facts["tricks"] = list(f.tricks)
    if ds.multiplier is not None:
        facts["multiplier"] = ds.multiplier
    facts["sheet"] = list(ds.sheet)
    return Score(items, ds.net, facts)
