"""Cego scoring (rules/cego.md §6), exactly as the pseudocode of §6.11: the sheet entries of the
seed's traditional method and the zero-sum ``net`` per seat (``n·s_i − Σs``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ...scoring import Score, ScoreItem
from .contracts import (
    FACTOR_NO_SOLO, FACTOR_SOLO, INFO, PB_TRICKS, PB_VALUE, RAEUBER_LOSS,
    RAEUBER_LOSS_FOREHAND, SOLO_FACTOR_LOST, SOLO_FACTOR_WON, TOTAL_POINTS, WIN_POINTS,
    achievement, is_solo_hand,
)

if TYPE_CHECKING:
    from .engine import CegoEngine


@dataclass
class DealScore:
    """What §6.11 computes for one deal, with the parts that make it up."""

    sheet: list[int]
    net: list[int]
    #: (item name, base, multiplier, sheet entries of the item)
    items: list[tuple[str, int, int, list[int]]] = field(default_factory=list)
    points: list[int] | None = None
    achievement: int | None = None
    multiplier: int | None = None


def net_of(sheet: Sequence[int]) -> list[int]:
    """§6.6: net_i = n·s_i − Σ s_j."""
    n = len(sheet)
    total = sum(sheet)
    return [n * s - total for s in sheet]


def score_deal(n: int, dealer: int, contract: str, declarer: int | None, solo_bid: bool,
               piles: Sequence[int], tricks_won: Sequence[int], legage: int, challenge: bool,
               dealt_hands: Sequence[int], pfeife_broken: bool, *, high: str = "T18..T22",
               multiple_solo_hands: str = "each", raeuber_tie: str = "all_tied") -> DealScore:
    """§6.11 ``score_deal``; piles and hands are card masks of the ``n``-player pack."""
    info = INFO[n]
    sheet = [0] * n
    items: list[tuple[str, int, int, list[int]]] = []

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
    if challenge:                                                       # §6.9
        assert declarer is not None
        m = FACTOR_NO_SOLO[contract]
        pen = [(declarer + k) % n for k in range(1, n)
               if is_solo_hand(info, dealt_hands[(declarer + k) % n], high)]
        if multiple_solo_hands == "first_only":
            pen = pen[:1]                                               # G6 option
        for q in (pen or [declarer]):
            add(f"solo_hand:{q}", q, -8, m)
        out.multiplier = m
    elif contract in PB_VALUE:                                          # §6.7
        assert declarer is not None
        ok = tricks_won[declarer] == PB_TRICKS[contract]
        add(contract, declarer, PB_VALUE[contract] if ok else -PB_VALUE[contract], 1)
    elif contract == "raeuber":                                         # §6.8
        pts = [info.count(piles[i]) for i in range(n)]
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
        out.points = pts
    else:                                                               # §6.1–§6.5
        assert declarer is not None
        t = tricks_won[declarer]
        p = 0 if t == 0 else info.count(legage | piles[declarer]) + (1 if n == 3 else 0)
        a = achievement(p)
        if contract == "pfeife" and pfeife_broken and p >= WIN_POINTS:   # §6.4
            a = -1
        if contract == "solo":
            m = SOLO_FACTOR_WON if a > 0 else SOLO_FACTOR_LOST
        else:
            m = (FACTOR_SOLO if solo_bid else FACTOR_NO_SOLO)[contract]
        add(contract, declarer, a, m)
        out.points = [p, TOTAL_POINTS - p]
        out.achievement, out.multiplier = a, m
    out.net = net_of(sheet)
    return out


def score_engine(e: "CegoEngine") -> Score:
    """The score of a finished deal (or one ended by the challenge)."""
    assert e.contract is not None
    t = e.table
    n = e.n
    piles = t.won if t is not None else [0] * n
    tricks = t.count if t is not None else [0] * n
    r = e.rules
    ds = score_deal(n, e.dealer, e.contract, e.declarer, e.solo_bid, piles, tricks, e.legage,
                    e.challenger is not None, e.dealt,
                    e.contract == "pfeife" and e.pfeife_broken(),     # asked for Pfeife only
                    high=r.high_trumps,
                    multiple_solo_hands=str(r.multiple_solo_hands),
                    raeuber_tie=str(r.raeuber_tie))
    items = [ScoreItem(name, base, mult, tuple(net_of(entry)),
                       note=f"sheet {entry}") for name, base, mult, entry in ds.items]
    facts: dict[str, Any] = {
        "declarer": e.forehand if e.contract == "raeuber" else e.declarer,
        "contract": e.contract,
    }
    if ds.points is not None:
        facts["points"] = ds.points
    if e.challenger is None:
        facts["tricks"] = list(tricks)
    if ds.multiplier is not None:
        facts["multiplier"] = ds.multiplier
    facts["sheet"] = list(ds.sheet)
    return Score(items, ds.net, facts)


def sheet_problem(n: int, dealer: int, contract: str, declarer: int | None,
                  solo_bid: bool | None,
                  sheet: Sequence[int], points: Sequence[int] | None,
                  challenged: bool) -> str | None:
    """What is wrong with the sheet entries a score sheet records (no cards), or None: the
    shapes §6.5–§6.9 allow for ``contract`` (and the card points, when written)."""
    fh = (dealer + 1) % n
    if contract == "raeuber":                                           # §6.8
        ok = [0, -RAEUBER_LOSS, -RAEUBER_LOSS_FOREHAND]
        if any(s not in ok or (s == -RAEUBER_LOSS_FOREHAND) != (i == fh and s != 0)
               for i, s in enumerate(sheet)) or not any(sheet):
            return ("a Räuber sheet has −5 for each loser (−10 for forehand) and 0 elsewhere "
                    "(§6.8)")
        return None
    if declarer is None or not 0 <= declarer < n:
        return None
    others = [sheet[i] for i in range(n) if i != declarer]
    if challenged:                                                      # §6.9
        m = FACTOR_NO_SOLO.get(contract)
        unit = 8 * m if m else 0
        if not unit or any(s % unit or s < 0 for s in sheet) or not any(sheet):
            return f"after a challenge every sheet entry is a multiple of 8·M = {unit} (§6.9)"
        return None
    if contract in PB_VALUE:                                            # §6.7
        v = PB_VALUE[contract]
        if not ((sheet[declarer] == v and not any(others))
                or (sheet[declarer] == 0 and all(s == v for s in others))):
            return (f"{contract} writes {v} for the declarer, or {v} for each defender (§6.7)")
        return None
    if contract == "solo":
        def factors(a: int) -> set[int]:
            return {SOLO_FACTOR_WON if a > 0 else SOLO_FACTOR_LOST}
    elif contract in FACTOR_NO_SOLO:
        both = {FACTOR_SOLO[contract], FACTOR_NO_SOLO[contract]} if solo_bid is None else \
            {(FACTOR_SOLO if solo_bid else FACTOR_NO_SOLO)[contract]}

        def factors(a: int) -> set[int]:
            return both
    else:
        return None
    values = {a * m for a in range(-8, 9) if a for m in factors(a)}
    won = sheet[declarer] > 0 and not any(others)
    lost = sheet[declarer] == 0 and others[0] > 0 and all(s == others[0] for s in others)
    v = sheet[declarer] if won else -others[0] if lost else 0
    if not (won or lost) or v not in values:
        return ("the sheet writes V = A·M for the declarer when it is positive, else |V| for "
                "each defender (§6.5)")
    if (points is not None and len(points) == 2 and contract != "pfeife"
            and all(isinstance(p, int) for p in points)):
        a = achievement(points[0]) if 0 <= points[0] <= TOTAL_POINTS else 0
        if not a or v % a or v // a not in factors(a):
            return (f"card points {points[0]} give A = {a}, which does not make V = {v} (§6.2)")
    return None
