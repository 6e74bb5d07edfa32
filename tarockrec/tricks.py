"""The shared trick-taking core: hands as bit masks, the trick on the table, who won what.

Games decide *which* cards are legal and *who* wins a trick; this module keeps the bookkeeping
that is the same everywhere (whose turn, removing cards, piles, trick counts), and the
**seat plan**: who plays to trick *k* and who leads the next one. Most deals use one fixed set
of seats for every trick (``SeatPlan``); a deal in which a seat plays only some tricks (four-player
Carinthian Trischak: the dealer plays the talon into tricks 1–6, then sits out,
docs/rules/carinthian.md §5.6) gives a plan whose ``seats(k)`` differs between tricks, so trick
sizes may differ.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

#: (cards, seats) of a complete trick, in play order -> the winning seat
WinnerOf = Callable[[list[int], list[int]], int]


class SeatPlan:
    """The same seats in every trick, in play order (``order``); the winner leads next."""

    __slots__ = ("order",)

    def __init__(self, order: Sequence[int]) -> None:
        self.order = tuple(order)

    def seats(self, trick: int) -> tuple[int, ...]:
        """The seats that play to 1-based ``trick``, in play order round the table."""
        return self.order

    def next_leader(self, trick: int, winner: int, table: "TrickTable") -> int:
        """Who leads trick ``trick + 1`` after ``winner`` took trick ``trick`` at ``table``
        (passed in, not kept: a plan that held its table would make a reference cycle)."""
        return winner


#: seats in play order -> the seat after each: ``TrickTable.following``, made once per order and
#: shared; never written
_FOLLOWING: dict[tuple[int, ...], dict[int, int]] = {}


class TrickTable:
    """The cards on the table and the piles, driven by a ``SeatPlan``.

    ``size`` and ``following`` describe the trick being played (or next to be played) and
    change only when the plan gives another set of seats for the next trick. ``winner_of``
    should not hold the engine that holds the table (a bound method would): the cycle would
    keep every finished deal alive until the cyclic collector runs (``winner_by_beats``)."""

    def __init__(self, hands: list[int], plan: SeatPlan | Sequence[int], leader: int,
                 n_tricks: int, winner_of: WinnerOf) -> None:
        self.hands = hands                      # card mask per seat (inactive seats: 0)
        self.plan = plan if isinstance(plan, SeatPlan) else SeatPlan(plan)
        self.leader = leader
        self.n_tricks = n_tricks                # a game may lower it for an early end
        self.winner_of = winner_of
        self.cards: list[int] = []              # current trick, in play order
        self.seats: list[int] = []
        self.tricks: list[tuple[int, list[int], list[int], int]] = []  # (leader, cards, seats, winner)
        self.won = [0] * len(hands)             # mask of cards won per seat
        self.count = [0] * len(hands)           # tricks won per seat
        self._played_by: dict[int, tuple[int, int]] | None = None
        self._seats_key: tuple[int, ...] = ()
        self.order: tuple[int, ...] = ()
        self.size = 0
        #: the seat that plays after each seat of the current trick (sitting-out seats skipped)
        self.following: dict[int, int] = {}
        self._set_trick(1)
        #: whether the plan may give other seats for a later trick (else skip asking it)
        self._varies = type(self.plan).seats is not SeatPlan.seats
        self._fixed_leader = type(self.plan).next_leader is SeatPlan.next_leader

    def _set_trick(self, number: int) -> None:
        order = self.plan.seats(number)
        if order is not self._seats_key:
            self._seats_key = order
            self.order = order
            self.size = len(order)
            following = _FOLLOWING.get(order)
            if following is None:
                following = _FOLLOWING[order] = {s: order[(i + 1) % len(order)]
                                                 for i, s in enumerate(order)}
            self.following = following

    @property
    def to_play(self) -> int | None:
        if len(self.tricks) >= self.n_tricks:
            return None
        return self.following[self.seats[-1]] if self.seats else self.leader

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or next to be played)."""
        return len(self.tricks) + 1

    @property
    def done(self) -> bool:
        return len(self.tricks) >= self.n_tricks

    def push(self, seat: int, card: int) -> int | None:
        """Play ``card`` (already checked legal); returns the winner when the trick completes."""
        self.hands[seat] &= ~(1 << card)
        self.cards.append(card)
        self.seats.append(seat)
        self._played_by = None
        if len(self.cards) < self.size:
            return None
        cards, seats = self.cards, self.seats
        self.cards, self.seats = [], []
        if self._varies or not self._fixed_leader:
            return self._close(seats, cards)
        winner = self.winner_of(cards, seats)       # the common case, inline (hot path)
        mask = 0
        for c in cards:
            mask |= 1 << c
        self.won[winner] |= mask
        self.count[winner] += 1
        self.tricks.append((self.leader, cards, seats, winner))
        self.leader = winner
        return winner

    def push_trick(self, seats: list[int], cards: list[int], mask: int | None = None) -> int:
        """Play a whole trick at once (cards already checked legal, table at a trick start;
        ``mask``: the cards' mask when the caller has it)."""
        hands = self.hands
        for s, c in zip(seats, cards):
            hands[s] &= ~(1 << c)
        self._played_by = None
        if mask is None or self._varies or not self._fixed_leader:
            return self._close(seats, cards, mask)
        winner = self.winner_of(cards, seats)       # _close's common case, inline (hot path)
        self.won[winner] |= mask
        self.count[winner] += 1
        self.tricks.append((self.leader, cards, seats, winner))
        self.leader = winner
        return winner

    def _close(self, seats: list[int], cards: list[int], mask: int | None = None) -> int:
        winner = self.winner_of(cards, seats)
        if mask is None:
            mask = 0
            for c in cards:
                mask |= 1 << c
        self.won[winner] |= mask
        self.count[winner] += 1
        self.tricks.append((self.leader, cards, seats, winner))
        if self._fixed_leader and not self._varies:
            self.leader = winner
            return winner
        number = len(self.tricks)
        self.leader = self.plan.next_leader(number, winner, self)
        if self._varies and number < self.n_tricks:
            self._set_trick(number + 1)
        return winner

    def forget_played(self) -> None:
        """Tricks were added to ``tricks`` by their game directly (a written-out fast path):
        ``played_by`` is built anew."""
        self._played_by = None

    @property
    def played_by(self) -> dict[int, tuple[int, int]]:
        """card -> (seat, 1-based trick number) for every card played so far."""
        if self._played_by is None:
            out: dict[int, tuple[int, int]] = {}
            for n, (_, cards, seats, _) in enumerate(self.tricks, 1):
                for c, s in zip(cards, seats):
                    out[c] = (s, n)
            n = len(self.tricks) + 1
            for c, s in zip(self.cards, self.seats):
                out[c] = (s, n)
            self._played_by = out
        return self._played_by

    def played(self, card: int) -> tuple[int, int] | None:
        """``played_by.get(card)`` without building the whole map (for a few look-ups)."""
        if self._played_by is not None:
            return self._played_by.get(card)
        for n, (_, cards, seats, _) in enumerate(self.tricks, 1):
            if card in cards:
                return seats[cards.index(card)], n
        if card in self.cards:
            return self.seats[self.cards.index(card)], len(self.tricks) + 1
        return None

    def winner(self, number: int) -> int:
        return self.tricks[number - 1][3]

    def winning_card(self, number: int) -> int:
        _, cards, seats, winner = self.tricks[number - 1]
        return cards[seats.index(winner)]


# -- legal-card primitives (masks in, masks out) ------------------------------------------------
# Every game's legal-card function is built from these; ``beats[c]`` is the mask of the cards
# that beat card ``c`` when it is winning the trick (trump over suit, higher over lower).

def follow(hand: int, led_mask: int) -> int:
    """Follow the led suit if able, else anything (no duty to trump)."""
    return hand & led_mask or hand


def follow_or_ruff(hand: int, led_mask: int, trump_mask: int) -> int:
    """Follow the led suit if able, else play a trump if able, else anything."""
    return hand & led_mask or hand & trump_mask or hand


def must_beat(allowed: int, beating: int) -> int:
    """Among ``allowed``, only the cards that beat the winning card, when there are any
    (overtake / over-ruff / Stichzwang / misère must-win)."""
    return allowed & beating or allowed


def hold_back(allowed: int, reserved: int) -> int:
    """Leave out ``reserved`` cards (a bird kept for its trick) unless nothing else is legal."""
    return allowed & ~reserved or allowed


def winner_by_beats(beats: Sequence[int], cards: list[int], seats: list[int]) -> int:
    """The seat whose card wins the complete trick under ``beats``: a table's ``winner_of``
    as ``functools.partial(winner_by_beats, beats)``."""
    return seats[best_index(cards, beats)]


def best_index(cards: Sequence[int], beats: Sequence[int]) -> int:
    """Index of the card winning the (partial) trick ``cards`` under ``beats``."""
    best = 0
    w = cards[0]
    for i in range(1, len(cards)):
        if beats[w] >> cards[i] & 1:
            w, best = cards[i], i
    return best


def beats_table(suits: Sequence[str], strength: Sequence[int],
                trump: str | None = "T") -> tuple[int, ...]:
    """card -> the mask of the cards that beat it while it wins a trick (a pack's ``suits``
    and ``strength``): a higher card of its suit, and for a card of another suit than
    ``trump`` every trump (without trumps, ``trump`` None: a higher card of its suit only).
    The winning card is of the led suit or a trump, so ``winner_by_beats`` under this table
    is the usual rule: the highest trump, else the highest card of the led suit."""
    n = len(suits)
    trumps = sum(1 << c for c in range(n) if trump is not None and suits[c] == trump)
    return tuple(sum(1 << c for c in range(n) if suits[c] == suits[w]
                     and strength[c] > strength[w]) | (0 if suits[w] == trump else trumps)
                 for w in range(n))


def beats_of(winner_of: WinnerOf) -> Sequence[int] | None:
    """The table of a trick winner made as ``partial(winner_by_beats, beats)``; else None."""
    if getattr(winner_of, "func", None) is winner_by_beats:
        return winner_of.args[0]  # type: ignore[attr-defined, no-any-return]
    return None


#: card -> its bit (``1 << card``), for every pack (the largest has 54 cards)
_BITS = tuple(1 << card for card in range(64))


def play_fixed(table: TrickTable, hands: list[int], tricks: list[Any],
               card_of: Callable[[Any], int], led_of: Sequence[int], trump_mask: int,
               beats: Sequence[int] | None, hold: tuple[int, int, int] | None) -> int:
    """The recorded ``tricks`` in whole tricks on ``table`` (seats and leader following the
    fixed plan), each card checked against the basic duties while they are all that applies:
    follow suit (``led_of``: card -> the mask of the suit it leads), else a trump
    (``trump_mask``), else anything; with ``beats`` beat the winning card; with ``hold`` =
    (seat, cards, tricks) that seat keeps those cards back while it has another legal one, in
    the first ``tricks`` tricks. A card leaves its hand as it is checked, and goes back when a
    later card of its trick is refused. Under ``winner_by_beats`` the winning card is followed
    card by card (``best``) where there is no duty to beat or it follows the table's beats
    (Ulti's, misère's); elsewhere the table's ``winner_of`` is asked. Returns the tricks
    played; it stops before the first trick the card-by-card path must report on. The duties
    are ``TrickEngine._play_plain``'s, written out (a call per card is what the loop saves;
    ``tests/test_play_paths.py`` holds the two alike)."""
    bit = _BITS
    size, following, winner_of = table.size, table.following, table.winner_of
    done, won, count = table.tricks, table.won, table.count
    n_tricks, leader, played = table.n_tricks, table.leader, 0
    hold_seat, held, hold_until = hold if hold is not None else (-1, 0, 0)
    trump, has_beats = trump_mask, beats is not None
    wins = beats_of(winner_of)
    tracked = wins is not None and (not has_beats or wins is beats)
    for trick in tricks:
        if type(trick) is not list or len(trick) != size or len(done) >= n_tricks:
            break
        if hold_seat >= 0 and len(done) >= hold_until:
            hold_seat = -1
        try:
            cards = list(map(card_of, trick))
        except (KeyError, TypeError):       # not a card: the card-by-card path says so
            break
        seat = leader
        seats: list[int] = []
        best = cards[0]
        led_mask = led_of[best]
        taken = 0
        for card in cards:
            hand = hands[seat]
            b = bit[card]
            if taken:
                allowed = hand & led_mask or hand & trump or hand
                if has_beats:
                    beating = beats[best]  # type: ignore[index]
                    allowed = allowed & beating or allowed
                    if beating & b:
                        best = card
                elif tracked:                       # (no duty: ``best`` is the winning card)
                    winning = wins[best]  # type: ignore[index]
                    if winning & b:
                        best = card
            else:
                allowed = hand
            if seat == hold_seat:
                allowed = allowed & ~held or allowed
            if not allowed & b:             # (also a card given twice: it left its hand)
                for s, c in zip(seats, cards):  # the trick's cards back to their hands
                    hands[s] |= bit[c]
                table.leader = leader
                table.forget_played()
                return played
            taken |= b
            hands[seat] = hand ^ b
            seats.append(seat)
            seat = following[seat]
        winner = seats[cards.index(best)] if tracked else winner_of(cards, seats)
        won[winner] |= taken
        count[winner] += 1
        done.append((leader, cards, seats, winner))
        leader = winner
        played += 1
    table.leader = leader
    table.forget_played()
    return played
