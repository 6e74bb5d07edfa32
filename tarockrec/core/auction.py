"""One auction for every game: ranked calls, holds, passes, the end, the standing call.

An ``AuctionSpec`` (data) says how a game's auction runs; an ``Auction`` is one running auction.
The component knows turn order, ranking, holds and the end; a game adds what is its own before
it asks the component (an opening call, hand restrictions, a forced bid) and turns each
``Refusal`` into its finding code and sentence.

Turn orders:

* ``ROTATE`` — the turn goes round the seats still in (Königrufen §3.3, Carinthian §3.3, Ulti §4.2,
  Illustrated §3.2);
* ``DUEL`` — challengers enter one at a time in priority order and bid against the holder until
  one of them passes (Cego §3.4).

What a ``ROTATE`` auction may also be told (all data, all off by default):

* who may hold: only a seat that has bid before (``hold_after_bid``), a call only once
  (``hold_once``), with or without priority over the holder (``hold_priority``);
* how far a bid may go: at most ``max_jump`` steps above the seat's lowest possible call (the
  hold when it may hold, else the next step); ``jump`` tells how far a call goes, and the game
  decides what a jump means (Illustrated Tarokk §3.3: an invitation or not);
* forced passes: ``force_pass(seat)`` leaves the seat only a pass at its next turn.
"""
from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Callable, Mapping, Sequence

from ..plain import Frozen

PASS = "pass"
HOLD = "hold"


class TurnOrder(StrEnum):
    ROTATE = "rotate"
    DUEL = "duel"


#: read once per auction (a module name, not the Enum class's attribute: ~0.1 µs less)
_DUEL = TurnOrder.DUEL


class Refusal(StrEnum):
    """Why the auction refuses a call (the game words it and picks the code)."""

    OVER = "over"              # the auction has ended
    TURN = "turn"              # not this seat's turn
    PASSED = "passed"          # the seat has passed for good
    UNKNOWN = "unknown"        # not a call of this auction
    LOW = "low"                # a bid that does not outrank the standing call
    JUMP = "jump"              # more than one step up where a bid is exactly one step
    NO_HOLD = "no_hold"        # nothing to hold, or holds do not exist / not at this level
    HOLD_PRIORITY = "hold_priority"  # only a seat of higher priority than the holder may hold
    OPEN_PASS = "open_pass"    # the first speaker may not pass (an opening is forced)
    HOLDER_RAISES = "holder_raises"  # DUEL: the holder may only hold or pass
    HOLD_UNBID = "hold_unbid"  # ``hold_after_bid``: the seat has made no bid it could hold with
    HELD = "held"              # ``hold_once``: the standing call has been held already
    FORCED = "forced"          # the seat must pass at this turn (``force_pass``)


class AuctionSpec(Frozen):
    """How an auction runs (the game's data; ``Auction`` runs one)."""

    _fields = ("ladder", "order", "pass_final", "exact_step", "holds", "passes_to_end",
               "forced_opening", "higher", "hold_priority", "hold_after_bid", "hold_once",
               "max_jump")
    __slots__ = (*_fields, "rank", "calls")
    #: the bids, lowest first (holds and passes are not bids)
    ladder: tuple[str, ...]
    order: TurnOrder
    #: a pass takes the seat out for good
    pass_final: bool
    #: a raise is exactly one step above the standing call (Cego §3.4)
    exact_step: bool
    #: a seat of higher priority may take over the standing call at the same level
    holds: bool
    #: the auction ends after this many passes in a row once a bid stands (Ulti: 2); ``None``:
    #: it ends when every other seat has passed
    passes_to_end: int | None
    #: the first speaker must bid (Königrufen mein_spiel, Cego's forced cego)
    forced_opening: bool
    #: ``higher(new, standing)``: whether a bid outranks the standing one (default: the ladder)
    higher: Callable[[str, str], bool] | None
    #: a hold needs priority over the holder (nearer the first speaker); False: any seat may
    hold_priority: bool
    #: only a seat that has made a call other than a pass may hold (Illustrated §3.3 step 3)
    hold_after_bid: bool
    #: a call that was held may not be held again (Illustrated §3.3 step 3)
    hold_once: bool
    #: a bid goes at most this many steps above the seat's lowest possible call (the hold when
    #: it may hold, else the next step up); ``None``: any higher bid (ROTATE only)
    max_jump: int | None
    #: bid -> its place on the ladder (derived)
    rank: Mapping[str, int]
    #: every call of the auction: a pass, a hold, the bids (derived)
    calls: tuple[str, ...]

    def __init__(self, ladder: tuple[str, ...], order: TurnOrder = TurnOrder.ROTATE,
                 pass_final: bool = True, exact_step: bool = False, holds: bool = True,
                 passes_to_end: int | None = None, forced_opening: bool = False,
                 higher: Callable[[str, str], bool] | None = None, hold_priority: bool = True,
                 hold_after_bid: bool = False, hold_once: bool = False,
                 max_jump: int | None = None) -> None:
        self.ladder = ladder
        self.order = order
        self.pass_final = pass_final
        self.exact_step = exact_step
        self.holds = holds
        self.passes_to_end = passes_to_end
        self.forced_opening = forced_opening
        self.higher = higher
        self.hold_priority = hold_priority
        self.hold_after_bid = hold_after_bid
        self.hold_once = hold_once
        self.max_jump = max_jump
        self.rank = MappingProxyType({c: i for i, c in enumerate(ladder)})
        self.calls = (PASS, HOLD, *ladder)


#: seats in speaking order -> (seat -> priority, seat -> next seat): an auction's tables,
#: made once per order (a game has a few) and shared; never written
_SEAT_TABLES: dict[tuple[int, ...], tuple[dict[int, int], dict[int, int]]] = {}


class Auction:
    """One auction among ``seats``, given in priority order (the first speaks first and has the
    highest priority)."""

    __slots__ = ("spec", "seats", "priority", "active", "high", "holder", "turn",
                 "passes_in_row", "raised", "calls", "done", "held", "bidders", "forced",
                 "_rank", "_queue", "_challenger", "_next", "_duel")

    def __init__(self, spec: AuctionSpec, seats: Sequence[int]) -> None:
        self.spec = spec
        self.seats = order = tuple(seats)
        tables = _SEAT_TABLES.get(order)
        if tables is None:
            tables = _SEAT_TABLES[order] = ({s: i for i, s in enumerate(order)},   # 0 = highest
                                            dict(zip(order, order[1:] + order[:1])))
        self.priority, self._next = tables
        self.active = list(self.seats)          # seats still in, in priority order
        self.high: str | None = None            # the standing call
        self.holder: int | None = None          # who owns it
        self.turn: int | None = self.seats[0]
        self.passes_in_row = 0
        self.raised = False                     # a bid was made over the opening
        self.calls: list[tuple[int, str]] = []
        self.done = False
        self.held = False                       # ROTATE: the standing call was reached by a hold
        self.bidders: set[int] = set()          # ROTATE: seats that made a call other than a pass
        self.forced: set[int] = set()           # seats that must pass at their next turn
        self._rank = spec.rank
        self._duel = spec.order is _DUEL              # asked on every call (an Enum look-up)
        self._queue: list[int] = []             # DUEL: challengers still to come
        self._challenger: int | None = None     # DUEL: the seat bidding against the holder

    # -- the standing situation --------------------------------------------------------------
    def level(self) -> int:
        return -1 if self.high is None else self._rank[self.high]

    def outranks(self, bid: str, standing: str) -> bool:
        higher = self.spec.higher
        if higher is not None:
            return higher(bid, standing)
        return self._rank[bid] > self._rank[standing]

    def next_step(self) -> str | None:
        """The one bid a ``exact_step`` auction allows now (None: the top stands)."""
        i = self.level() + 1
        return self.spec.ladder[i] if i < len(self.spec.ladder) else None

    def may_hold(self, seat: int) -> bool:
        h = self.holder
        spec = self.spec
        return (spec.holds and h is not None and h != seat
                and (not spec.hold_priority or self.priority[seat] < self.priority[h])
                and (not spec.hold_after_bid or seat in self.bidders)
                and (not spec.hold_once or not self.held))

    def jump(self, seat: int, call: str) -> int:
        """How many steps ``call`` (a bid) goes above ``seat``'s lowest possible call: 0 is that
        call itself (the opening's lowest bid, the next step, or the step held)."""
        if self.high is None:
            low = 0
        else:
            low = self.level() if self.may_hold(seat) else self.level() + 1
        return self._rank[call] - low

    def force_pass(self, seat: int) -> None:
        """``seat`` may only pass at its next turn (a game's rule, e.g. after an invitation)."""
        self.forced.add(seat)

    # -- checking and applying a call ----------------------------------------------------------
    def refusal(self, seat: int, call: str) -> Refusal | None:
        """Why ``seat`` may not make ``call`` now, or None when the auction allows it."""
        if self.done:
            return Refusal.OVER
        if seat != self.turn:
            if self.spec.pass_final and seat in self.priority and seat not in self.active:
                return Refusal.PASSED
            return Refusal.TURN
        if call == PASS:
            if self.spec.forced_opening and not self.calls:
                return Refusal.OPEN_PASS
            return None
        if self.forced and seat in self.forced:
            return Refusal.FORCED
        duel_holder = self._duel and seat == self.holder
        if call == HOLD:
            if self.high is None or not self.spec.holds:
                return Refusal.NO_HOLD
            if duel_holder:                     # keeps the challenger's level himself
                return None
            if self.may_hold(seat):
                return None
            spec = self.spec
            if spec.hold_after_bid and seat not in self.bidders:
                return Refusal.HOLD_UNBID
            if spec.hold_once and self.held:
                return Refusal.HELD
            return Refusal.HOLD_PRIORITY
        if call not in self._rank:
            return Refusal.UNKNOWN
        if duel_holder:
            return Refusal.HOLDER_RAISES
        if self.high is not None:
            if self.spec.exact_step and call != self.next_step():
                return Refusal.LOW if self._rank[call] <= self.level() else Refusal.JUMP
            if not self.outranks(call, self.high):
                return Refusal.LOW
        k = self.spec.max_jump
        if k is not None and self.jump(seat, call) > k:
            return Refusal.JUMP
        return None

    def push(self, seat: int, call: str) -> None:
        """Apply a call the auction allows (``refusal`` is None)."""
        self.calls.append((seat, call))
        if self._duel:
            self._push_duel(seat, call)
        else:
            self._push_rotate(seat, call)

    def _push_rotate(self, seat: int, call: str) -> None:
        if call == PASS:
            self.passes_in_row += 1
            if self.spec.pass_final:
                self.active.remove(seat)
            if self.forced:
                self.forced.discard(seat)
        else:
            self.passes_in_row = 0
            if call != HOLD:
                self.raised = self.high is not None or self.raised
                self.high = call
                self.held = False
            else:
                self.held = True
            self.holder = seat
            self.bidders.add(seat)
        k = self.spec.passes_to_end
        active = self.active
        if self.high is not None and (
                (k is not None and self.passes_in_row >= k)
                or (k is None and len(active) == 1 and active[0] == self.holder)):
            self.done, self.turn = True, None
            return
        if not active:                  # everybody passed with no bid: the game decides
            self.done, self.turn = True, None
            return
        # the next seat still in after ``seat`` in speaking order
        nxt = self._next
        s = nxt[seat]
        while s not in active and s != seat:
            s = nxt[s]
        self.turn = s

    def _push_duel(self, seat: int, call: str) -> None:
        """Cego §3.4: the holder and one challenger at a time, until one of them passes."""
        if self.holder is None:                 # the opening (or, after a Solo, the first cego)
            if call == PASS:
                self.active.remove(seat)
                self._next_challenger(opening=True)
                return
            self.high, self.holder = call, seat
            self._queue = [s for s in self.active if s != seat]
            self._next_challenger()
            return
        if seat == self._challenger:
            if call == PASS:
                self.active.remove(seat)
                self._next_challenger()
            else:                               # the one step up
                self.high, self.raised = call, True
                self.turn = self.holder
            return
        # the holder's turn: hold, or pass and leave the bid to the challenger
        if call == PASS:
            self.active.remove(seat)
            self.holder = self._challenger
            self._next_challenger()
        else:
            self.turn = self._challenger

    def _next_challenger(self, opening: bool = False) -> None:
        if opening:                             # still looking for the first bid
            if self.active:
                self.turn = self.active[0]
                return
            self.done, self.turn = True, None   # nobody bid: the game decides (e.g. a Solo stands)
            return
        self._queue = [s for s in self._queue if s in self.active and s != self.holder]
        if not self._queue:
            self.done, self.turn, self._challenger = True, None, None
            return
        self._challenger = self._queue.pop(0)
        self.turn = self._challenger

    def close(self) -> None:
        """End the auction by a game's own rule (Carinthian §3.3 (b): Solo by the seat of
        highest priority still in cannot be held or overbid)."""
        self.done, self.turn = True, None

    def legal_calls(self, calls: Sequence[str] | None = None) -> list[str]:
        """The calls the auction itself allows now (``calls`` narrows the candidates)."""
        seat = self.turn
        if seat is None:
            return []
        candidates = calls if calls is not None else self.spec.calls
        return [c for c in candidates if self.refusal(seat, c) is None]
