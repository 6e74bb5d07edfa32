"""The shared trick-taking core: hands as bit masks, the trick on the table, who won what.

Games decide *which* cards are legal and *who* wins a trick; this class keeps the bookkeeping
that is the same everywhere (whose turn, removing cards, piles, trick counts).
"""
from __future__ import annotations

from typing import Callable


class TrickTable:
    def __init__(self, hands: list[int], order: tuple[int, ...], leader: int, n_tricks: int,
                 winner_of: Callable[[list[int], list[int]], int]) -> None:
        self.hands = hands                      # card mask per seat (inactive seats: 0)
        self.order = order                      # active seats in play order
        self.size = len(order)                  # cards in a trick
        #: the active seat that plays after each active seat (a sitting-out seat is skipped)
        self.following = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
        self.leader = leader
        self.n_tricks = n_tricks
        self.winner_of = winner_of              # (cards, seats) -> winning seat
        self.cards: list[int] = []              # current trick, in play order
        self.seats: list[int] = []
        self.tricks: list[tuple[int, list[int], list[int], int]] = []  # (leader, cards, seats, winner)
        self.won = [0] * len(hands)             # mask of cards won per seat
        self.count = [0] * len(hands)           # tricks won per seat
        self._played_by: dict[int, tuple[int, int]] | None = None

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
        cards = self.cards
        cards.append(card)
        self.seats.append(seat)
        self._played_by = None
        if len(cards) < self.size:
            return None
        winner = self.winner_of(self.cards, self.seats)
        mask = 0
        for c in self.cards:
            mask |= 1 << c
        self.won[winner] |= mask
        self.count[winner] += 1
        self.tricks.append((self.leader, self.cards, self.seats, winner))
        self.cards, self.seats = [], []
        self.leader = winner
        return winner

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

    def push_trick(self, seats: list[int], cards: list[int]) -> int:
        """Play a whole trick at once (cards already checked legal, table at a trick start)."""
        hands = self.hands
        mask = 0
        for s, c in zip(seats, cards):
            hands[s] &= ~(1 << c)
            mask |= 1 << c
        winner = self.winner_of(cards, seats)
        self.won[winner] |= mask
        self.count[winner] += 1
        self.tricks.append((self.leader, cards, seats, winner))
        self.leader = winner
        self._played_by = None
        return winner

    def winner(self, number: int) -> int:
        return self.tricks[number - 1][3]

    def winning_card(self, number: int) -> int:
        _, cards, seats, winner = self.tricks[number - 1]
        return cards[seats.index(winner)]
