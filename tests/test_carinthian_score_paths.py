"""The shortcuts of Carinthian scoring against the general forms they stand for: one item's
settlement from a cached unit row (``Sheet.add1``) against ``Sheet.add``, and a bird looked up
in its own trick (``_played_in``) against ``TrickTable.played``, on generated deals."""
from __future__ import annotations

import itertools

from conftest import replayed
from tarockrec.games import get
from tarockrec.games.carinthian.engine import _played_in
from tarockrec.games.carinthian.scoring import Sheet
from tarockrec.generate import deal_records


def test_add1_is_add_with_one_entry() -> None:
    for n in (3, 4):
        seat_sets = [tuple(range(n))] + [tuple(c) for c in itertools.combinations(range(n), 3)]
        for seats, seat, value in itertools.product(seat_sets, range(n), (-48, -3, 0, 1, 7)):
            a, b = Sheet(n, seats), Sheet(n, seats)
            for _ in range(2):                   # twice: the entries add up
                a.add("x", 3, 2, {seat: value}, "note")
                b.add1("x", 3, 2, seat, value, "note")
            assert a.items == b.items and a.entries == b.entries
            assert a.score({}) == b.score({})


def test_played_in_is_played_in_that_trick() -> None:
    game = get("carinthian")
    assert game is not None
    checked = 0
    for n in (3, 4):
        for rec in deal_records("carinthian", 40, seed=77 + n, n=n):
            rules = game.rules(rec.get("rules"))
            e = replayed(game, rec, rules, game.initial_carry(rules, n))
            t = e.table
            if t is None:
                continue
            for card in range(54):
                where = t.played(card)
                for k in range(1, 18):
                    want = where[0] if where is not None and where[1] == k else None
                    assert _played_in(t, card, k) == want
            checked += 1
    assert checked > 50
