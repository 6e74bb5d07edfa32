"""The replay's whole-trick paths against the card-by-card path, for every game and table size.

Each game replays a recorded play in whole tricks on masks while it can (``_play_plain`` and
the games' own ``_play_masks`` / ``_play_bound``) and falls back to the
card-by-card path, which asks ``_legal_mask`` for every card, at the first card the masks
refuse. The masks restate the rules of ``_legal_mask``; this test holds the two to the same
verdicts: generated deals (with announcements, Trischak, Ulti sevens, …) and copies in which a
seat plays two of its cards the other way round, or a trick has a card too many, are validated
once as shipped and once with every whole-trick path switched off, and the findings (code,
place, sentence) and scores must agree.
"""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tarockrec.engine import TrickEngine
from conftest import replayed
from tarockrec.games import all_games
from tarockrec.generate import deal_records
from tarockrec.validate import validate_record

CASES = [(name, n) for name, game in sorted(all_games().items()) for n in game.table_sizes]
DEALS = 100
#: the whole-trick paths: each returns how many tricks it played (0 = none, all card by card)
FAST = ("_play_plain", "_play_masks", "_play_bound")


def _outcome(rec: dict[str, Any]) -> tuple[Any, ...]:
    rep = validate_record(copy.deepcopy(rec))
    return ([(f.code, f.pointer, f.message, f.severity) for f in rep.findings],
            [s.deltas if s is not None else None for s in rep.scores])


def _seats(rec: dict[str, Any], name: str) -> list[list[int]]:
    """The seat that played each card of ``rec``'s play (a valid record), from its replay."""
    engine = replayed(all_games()[name], rec)
    table = engine.table
    return [list(seats) for _, _, seats, _ in table.tricks] if table is not None else []


def _variants(rec: dict[str, Any], name: str, rng: random.Random) -> list[dict[str, Any]]:
    """``rec`` and copies in which one seat plays two of its cards in each other's tricks
    (every card stays with its holder: only the rules of play can refuse the swap) — its card
    of the last trick against each of its last three others, and two at random — and one with a
    card added to a trick."""
    out = [rec]
    play = rec.get("play")
    if not play:
        return out
    seats = _seats(rec, name)
    places: dict[int, list[tuple[int, int]]] = {}
    for t, trick in enumerate(seats):
        for j, seat in enumerate(trick):
            places.setdefault(seat, []).append((t, j))
    pairs = []
    for seat, where in sorted(places.items()):
        # the last tricks, where birds and kept cards are due, each against the last one
        pairs += [(where[-1], w) for w in where[-4:-1]]
        if len(where) > 1:
            pairs.append(tuple(rng.sample(where, 2)))
    for (a, i), (b, j) in pairs:
        m = copy.deepcopy(rec)
        m["play"][a][i], m["play"][b][j] = m["play"][b][j], m["play"][a][i]
        out.append(m)
    m = copy.deepcopy(rec)
    m["play"][rng.randrange(len(play))].append(play[-1][0])
    out.append(m)
    return out


@pytest.mark.parametrize("name,n", CASES)
def test_whole_tricks_agree_with_card_by_card(name: str, n: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"{name}{n}")
    records = [v for rec in deal_records(name, DEALS, 4242, n)
               for v in _variants(rec, name, rng)]
    shipped = [_outcome(r) for r in records]
    for cls in (TrickEngine, all_games()[name].Engine):
        for attr in FAST:
            if attr in vars(cls):
                monkeypatch.setattr(cls, attr, lambda self, *a, **k: 0)
    slow = [_outcome(r) for r in records]
    assert len({str(o) for o in shipped}) > 1            # the variants are not all alike
    for rec, fast_out, slow_out in zip(records, shipped, slow):
        assert fast_out == slow_out, rec.get("play")
