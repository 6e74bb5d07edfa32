"""Illustrated Tarokk's fast paths against the slow ones (issue 10).

* Scoring: the shipped ``score_deal`` against a frozen copy of the scoring before the speed
  work (tests/illustrated_score_reference.py): items, deltas and facts, over generated deals of
  every named rule set and of option sets that change the scoring, 4 and 5 players.
"""
from __future__ import annotations

from typing import Any, Iterator

import pytest

import illustrated_score_reference as reference
from tarockrec import games
from tarockrec.games import Batch
from tarockrec.generate import deal_records, session_records

GAME = games.get("illustrated")
assert GAME is not None

#: rule-set blocks: the named ones, and option sets the scoring reads
BLOCKS: list[dict[str, Any]] = [
    {"name": "default"}, {"name": "akos"}, {"name": "itvb"}, {"name": "tarokk_kupa"},
    {"name": "default", "options": {"sas_bonuses": "true", "pagat_uhu_value": 15,
                                    "xxi_catch_values": 42, "lone_game_value": "solo",
                                    "silent_ultimo_after_failed_uhu": "false",
                                    "silent_bonus_after_announced_volat": "false"}},
    {"name": "default", "options": {"lone_declarer_takes_all_discards": "true",
                                    "honourless_fourth_failure": "pays_one_value",
                                    "honourless_fourth_bids": "any", "card_bindings": "false"}},
    {"name": "default", "options": {"unintentional_lone_takes_all_discards": "true",
                                    "honourless_fourth_failure": "redeal_no_penalty",
                                    "doubling_after_passout": "extend"}},
]
CASES = [(i, n) for i in range(len(BLOCKS)) for n in (4, 5)]
DEALS = 150


def _engine(rec: dict[str, Any], rules: Any, n: int, carry: dict[str, Any]) -> Any:
    engine, found = GAME.make_engine(rules, n, rec["dealer"], rec["deal"], carry)
    assert engine is not None and not found
    for _sub, step in GAME.replay(rec, engine):
        step.run() if isinstance(step, Batch) else engine.apply(step)  # type: ignore[union-attr]
    return engine


def _deals(block: dict[str, Any], n: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(deal object, carry) of standalone deals and of the deals of sessions (doubled ones)."""
    rules = GAME.rules(block)
    for rec in deal_records("illustrated", DEALS, 77 + n, n, rules=rules):
        yield rec, rec.get("carry") or GAME.initial_carry(rules, n)
    for sess in session_records("illustrated", 3, 12, 99 + n, n, rules=rules):
        carry = GAME.initial_carry(rules, n)
        for d in sess["deals"]:
            yield d, carry
            carry = GAME.next_carry(_engine(d, rules, n, carry), carry)


@pytest.mark.parametrize("case,n", CASES)
def test_scoring_matches_reference(case: int, n: int) -> None:
    block = BLOCKS[case]
    rules = GAME.rules(block)
    seen = 0
    for rec, carry in _deals(block, n):
        e = _engine(rec, rules, n, carry)
        got, want = e.score(), reference.score_deal(e)
        assert got.items == want.items, rec
        assert got.deltas == want.deltas and got.facts == want.facts, rec
        assert list(got.facts) == list(want.facts)
        seen += "points" in got.facts
    assert seen > DEALS // 3


def _outcome(fn: Any, e: Any) -> Any:
    try:
        s = fn(e)
    except Exception as err:  # noqa: BLE001 - both must fail alike
        return type(err).__name__
    return s.items, s.deltas, s.facts


@pytest.mark.parametrize("n", [4, 5])
def test_scoring_mid_play_matches_reference(n: int) -> None:
    """``score()`` asked during the play (a public call; the validator never does): the same
    answer, or the same kind of failure, as the reference, after every card."""
    block = BLOCKS[4]
    rules = GAME.rules(block)
    for rec in deal_records("illustrated", 40, 5 + n, n, rules=rules):
        if "play" not in rec:
            continue
        e, _ = GAME.make_engine(rules, n, rec["dealer"], rec["deal"], GAME.initial_carry(rules, n))
        for _sub, step in GAME.replay({k: v for k, v in rec.items() if k != "play"}, e):
            step.run() if isinstance(step, Batch) else e.apply(step)  # type: ignore[union-attr]
        for trick in rec["play"]:
            for cc in trick:
                e.play(e.to_act, cc)
                assert _outcome(type(e).score, e) == _outcome(reference.score_deal, e)
