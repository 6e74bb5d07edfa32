"""Score breakdowns shared by every game."""
from __future__ import annotations

from typing import Any, NamedTuple

from .plain import Plain


class ScoreItem(NamedTuple):
    """One scored item: ``deltas`` per seat, already multiplied by ``multiplier``.
    Immutable; a named tuple, as several are built for every scored deal (a frozen
    dataclass costs about 0.8 µs to build, this about 0.3 µs)."""

    name: str
    base: int
    multiplier: int
    deltas: tuple[int, ...]
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"item": self.name, "base": self.base, "multiplier": self.multiplier,
                "scores": list(self.deltas), "note": self.note}


class Score(Plain):
    """What a finished (or deliberately ended) deal scores."""

    __slots__ = _fields = ("items", "deltas", "facts", "money")
    items: list[ScoreItem]
    deltas: list[int]
    #: derived facts compared with a recorded ``result``: declarer, contract, partner,
    #: points, tricks, multiplier (only the keys the game knows)
    facts: dict[str, Any]
    #: the money (Geld) per seat where it differs from ``deltas`` (the tournament score, the
    #: Schrift): a rule set that counts kontras for money only (Königrufen ``kontra_in_score =
    #: off``); None where both are the same
    money: list[int] | None

    def __init__(self, items: list[ScoreItem], deltas: list[int],
                 facts: dict[str, Any] | None = None, money: list[int] | None = None) -> None:
        self.items = items
        self.deltas = deltas
        self.facts = {} if facts is None else facts
        self.money = money

    def result(self) -> dict[str, Any]:
        out = dict(self.facts)
        out["scores"] = list(self.deltas)
        return out


def spread(winners: frozenset[int] | set[int], seats: tuple[int, ...], amount: int,
           n: int) -> tuple[int, ...]:
    """Per-seat deltas of one item of ``amount`` won by ``winners`` from the other active
    ``seats`` of an ``n``-seat table: every winner–loser pairing pays ``amount`` along the
    larger side (1 v 3: +3v/−v, 2 v 2: +v/−v, 3 v 1: +v/−3v, 1 v 2: +2v/−v)."""
    out = [0] * n
    n_w = len(winners)
    n_l = len(seats) - n_w
    if n_w == 0 or n_l == 0:
        return tuple(out)
    total = amount * max(n_w, n_l)
    for s in seats:
        out[s] = total // n_w if s in winners else -(total // n_l)
    return tuple(out)
