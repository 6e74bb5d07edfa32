"""The declaration and kontra round, shared by every game that has one.

``Round`` is the turn order and the end rule of a round of turns (each turn a possibly empty list
of items); ``KontraChains`` holds one kontra chain per target — its level, the side that owns the
target, and who may say each level. Games check their own items (which announcements exist, who
may make them) and use these two for everything that is the same everywhere.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Generic, Hashable, Sequence, TypeVar

from ..plain import Frozen

#: what a kontra chain is on: a name ("contract", a bonus) or, where each side owns its own
#: copy of a bonus, a (side, name) pair (Illustrated §4.11)
Target = TypeVar("Target", bound=Hashable)


class RoundRefusal(StrEnum):
    OVER = "over"          # the round has ended
    TURN = "turn"          # not this seat's turn


class RoundSpec(Frozen):
    """How a round ends. ``passes_to_end``: after that many silent turns in a row (with
    ``all_speak``: only once every seat has had a turn; Königrufen §4.6.1); ``None``: after each
    seat has spoken once (``once``: Carinthian §4.5, Illustrated)."""

    __slots__ = _fields = ("passes_to_end", "all_speak")
    passes_to_end: int | None
    all_speak: bool

    def __init__(self, passes_to_end: int | None = None, all_speak: bool = True) -> None:
        self.passes_to_end = passes_to_end
        self.all_speak = all_speak


#: seats in speaking order -> seat -> the next seat: a round's table, made once per order and
#: shared; never written
_NEXT: dict[tuple[int, ...], dict[int, int]] = {}


class Round:
    """One round of turns among ``seats`` (in speaking order, the first speaks first)."""

    __slots__ = ("spec", "seats", "turn", "spoke", "passes_in_row", "turns", "done", "_next")

    def __init__(self, spec: RoundSpec, seats: Sequence[int]) -> None:
        self.spec = spec
        self.seats = order = tuple(seats)
        nxt = _NEXT.get(order)
        if nxt is None:
            nxt = _NEXT[order] = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
        self._next = nxt
        self.turn: int | None = self.seats[0] if self.seats else None
        self.spoke: set[int] = set()
        self.passes_in_row = 0
        self.turns: list[tuple[int, tuple[str, ...]]] = []
        self.done = not self.seats

    def refusal(self, seat: int) -> RoundRefusal | None:
        if self.done:
            return RoundRefusal.OVER
        if seat != self.turn:
            return RoundRefusal.TURN
        return None

    def push(self, seat: int, say: Sequence[str], silent: bool | None = None) -> None:
        """Record ``seat``'s turn (already checked) and move on. ``silent``: whether the turn
        counts as a pass (default: when nothing is said; Illustrated §4.8 counts the
        declarer's first turn as speech even when empty)."""
        self.turns.append((seat, say if type(say) is tuple else tuple(say)))
        self.spoke.add(seat)
        silent = not say if silent is None else silent
        self.passes_in_row = self.passes_in_row + 1 if silent else 0
        k = self.spec.passes_to_end
        if k is None:
            ended = len(self.spoke) == len(self.seats)
        else:
            ended = self.passes_in_row >= k and (
                not self.spec.all_speak or len(self.spoke) == len(self.seats))
        if ended:
            self.done, self.turn = True, None
        else:
            self.turn = self._next[seat]

    def close(self) -> None:
        """End the round early (e.g. Carinthian §4.4: a kontra ends the Zahle round)."""
        self.done, self.turn = True, None

    def mark_spoken(self, seat: int) -> None:
        """``seat`` spoke outside the round's turns (Königrufen's Besserrufer opening, §4.6.3):
        it counts for ``all_speak`` but neither takes a turn nor breaks a run of passes."""
        self.spoke.add(seat)


class ChainRefusal(StrEnum):
    UNKNOWN_TARGET = "unknown_target"    # the target was never announced (or is void)
    NEEDS_PREVIOUS = "needs_previous"    # a level said before the one below it
    REPEATED = "repeated"                # that level was already said on the target
    WRONG_SIDE = "wrong_side"            # this side may not say this level
    UNKNOWN_LEVEL = "unknown_level"


class KontraLadder(Frozen):
    """The levels of a kontra chain, lowest first (``kontra``, ``rekontra``, …). Odd levels
    (1st, 3rd, …) are said against the target's owner, even ones by the owner's side; each level
    doubles the target."""

    __slots__ = _fields = ("levels",)
    levels: tuple[str, ...]

    def __init__(self, levels: tuple[str, ...]) -> None:
        self.levels = levels

    def index(self, name: str) -> int:
        """1-based level of ``name`` (0 if it is none of the levels)."""
        try:
            return self.levels.index(name) + 1
        except ValueError:
            return 0

    def by_owner(self, level: int) -> bool:
        return level % 2 == 0


class KontraChains(Generic[Target]):
    """One chain per target. ``owner[target]`` is the side (any hashable: "D"/"O", a team
    name) that gains from the target; ``level[target]`` the highest level said on it."""

    __slots__ = ("ladder", "owner", "level")

    def __init__(self, ladder: KontraLadder) -> None:
        self.ladder = ladder
        self.owner: dict[Target, Hashable] = {}
        self.level: dict[Target, int] = {}

    def open(self, target: Target, owner: Hashable) -> None:
        """Make ``target`` (the contract, an announced bonus) open to kontra."""
        self.owner[target] = owner
        self.level.setdefault(target, 0)

    def close(self, target: Target) -> None:
        """A target that can no longer be kontra'd (its chain stands)."""
        self.owner.pop(target, None)

    def cancel(self, target: Target) -> None:
        """Close ``target`` and void its chain (Königrufen §4.6.2: a Valat announcement cancels
        the kontra on the contract)."""
        self.owner.pop(target, None)
        self.level[target] = 0

    def remove(self, target: Target) -> None:
        """Forget ``target`` and its chain (an announcement superseded by a higher one)."""
        self.owner.pop(target, None)
        self.level.pop(target, None)

    def refusal(self, target: Target, name: str, side: Hashable) -> ChainRefusal | None:
        want = self.ladder.index(name)
        if not want:
            return ChainRefusal.UNKNOWN_LEVEL
        if target not in self.owner:
            return ChainRefusal.UNKNOWN_TARGET
        have = self.level[target]
        if have >= want:
            return ChainRefusal.REPEATED
        if have != want - 1:
            return ChainRefusal.NEEDS_PREVIOUS
        if (side == self.owner[target]) != self.ladder.by_owner(want):
            return ChainRefusal.WRONG_SIDE
        return None

    def say(self, target: Target, name: str) -> None:
        self.level[target] = self.ladder.index(name)

    def multiplier(self, target: Target) -> int:
        return 1 << self.level.get(target, 0)

    def copy(self) -> "KontraChains[Target]":
        out: KontraChains[Target] = KontraChains.__new__(KontraChains)
        out.ladder = self.ladder
        out.owner = self.owner.copy()
        out.level = self.level.copy()
        return out
