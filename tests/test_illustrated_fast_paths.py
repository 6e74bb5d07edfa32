"""Illustrated Tarokk's fast paths against the slow ones (issue 10).

* Replay: the validator's ``replay_batched`` gives the auction, the discards and the
  declarations as ``Batch`` steps (the engine's ``bid_all``, ``discard_all``,
  ``declare_all``); each record, and copies with an entry mutated (a wrong or absent seat, an
  unknown value, entries swapped, dropped, repeated), is validated as shipped and with the
  per-action ``replay`` instead (the path through ``engine.apply``): the findings (code, place, sentence) and scores must agree; and
  the same replayed without the schema gate in front, so that values of any shape reach the
  engine (the end state must agree too).
* Scoring: the shipped ``score_deal`` against a frozen copy of the scoring before the speed
  work (tests/illustrated_score_reference.py): items, deltas and facts, over generated deals of
  every named rule set and of option sets that change the scoring, 4 and 5 players.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import pytest

import illustrated_score_reference as reference
from conftest import replayed
from tarockrec import games, schema
from tarockrec.errors import IllegalAction
from tarockrec.games import Batch
from tarockrec.generate import deal_records, session_records
from tarockrec.validate import validate_record

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


def _deals(block: dict[str, Any], n: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(deal object, carry) of standalone deals and of the deals of sessions (doubled ones)."""
    rules = GAME.rules(block)
    for rec in deal_records("illustrated", DEALS, 77 + n, n, rules=rules):
        yield rec, rec.get("carry") or GAME.initial_carry(rules, n)
    for sess in session_records("illustrated", 3, 12, 99 + n, n, rules=rules):
        carry = GAME.initial_carry(rules, n)
        for d in sess["deals"]:
            yield d, carry
            carry = GAME.next_carry(replayed(GAME, d, rules, carry, n), carry)


@pytest.mark.parametrize("case,n", CASES)
def test_scoring_matches_reference(case: int, n: int) -> None:
    block = BLOCKS[case]
    rules = GAME.rules(block)
    seen = 0
    for rec, carry in _deals(block, n):
        e = replayed(GAME, rec, rules, carry, n)
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


# -- the replay's batches ---------------------------------------------------------------------
def _report(rec: dict[str, Any]) -> tuple[Any, ...]:
    rep = validate_record(copy.deepcopy(rec))
    return ([(f.code, f.pointer, f.message, f.severity) for f in rep.findings],
            [s.deltas if s is not None else None for s in rep.scores])


#: odd values for a seat, a call, a statement
ODD = [-1, 4, 9, "1", True, None, 1.5, [0]]
CALLS = ["pass", "hold", "three", "two", "one", "solo", "bogus", "", "Pass", 3, None, ["pass"]]
SAYS: list[Any] = [[], ["kontra"], ["rekontra"], ["trull"], ["four_kings"], ["pagat_ultimo"],
                   ["pagat_uhu"], ["volat"], ["double_game"], ["eight_tarokk"], ["nine_tarokk"],
                   ["kontra:trull"], ["centrum"], ["sas_ultimo"], ["bogus"], [3], [None],
                   ["trull", "trull"], ["kontra", "kontra"], "kontra", ["king_ultimo:S"]]


def _list_mutations(rec: dict[str, Any], key: str, rng: random.Random,
                    values: list[Any], field: str) -> list[dict[str, Any]]:
    """Copies of ``rec`` with one entry of ``rec[key]`` changed: seat, value, order, count."""
    entries = rec.get(key) or []
    n = len(rec["players"])
    out = []
    for i in range(len(entries)):
        for how in ("seat", "value", "swap", "drop", "repeat"):
            m = copy.deepcopy(rec)
            lst = m[key]
            if how == "seat":
                lst[i]["seat"] = rng.choice(ODD + list(range(n)))
            elif how == "value":
                lst[i][field] = copy.deepcopy(rng.choice(values))
            elif how == "swap" and i + 1 < len(lst):
                lst[i], lst[i + 1] = lst[i + 1], lst[i]
            elif how == "drop":
                del lst[i]
            elif how == "repeat":
                lst.insert(i, copy.deepcopy(lst[i]))
            out.append(m)
    m = copy.deepcopy(rec)
    m.setdefault(key, []).append({"seat": rng.randrange(n), field: copy.deepcopy(
        rng.choice(values))})
    out.append(m)
    return out


def _discard_mutations(rec: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    discards = (rec.get("exchange") or {}).get("discards")
    if not discards:
        return []
    out = []
    hands = rec["deal"]["hands"]
    for s, cards in enumerate(discards):
        if not cards:
            continue
        for how in range(7):
            m = copy.deepcopy(rec)
            d = m["exchange"]["discards"]
            if how == 0:
                d[s][0] = rng.choice(["XX", "T23", 5, None, "SK", "T22", "T20"])
            elif how == 1:
                d[s].append(d[s][0])
            elif how == 2:
                d[s] = d[s][1:]
            elif how == 3:
                other = rng.choice([h for h in hands if h])
                d[s][0] = rng.choice(other)
            elif how == 4:
                t = rng.randrange(len(d))
                d[s], d[t] = d[t], d[s]
            elif how == 5:
                d[s] = d[s] + [rng.choice(hands[s] or ["T1"])]
            else:
                d[s][0] = d[s][-1]
            out.append(m)
    return out


def _mutants(rec: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    out = [rec]
    out += _list_mutations(rec, "auction", rng, CALLS, "call")
    out += _list_mutations(rec, "declarations", rng, SAYS, "say")
    out += _discard_mutations(rec, rng)
    return out


@pytest.mark.parametrize("case,n", [(i, n) for i in (0, 1, 2, 3, 4, 6) for n in (4, 5)])
def test_batches_agree_with_single_actions(case: int, n: int,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"batch{case}{n}")
    rules = GAME.rules(BLOCKS[case])
    records = []
    for rec in deal_records("illustrated", 10, 300 + case * 10 + n, n, rules=rules):
        rec = dict(rec, rules=BLOCKS[case])
        records += _mutants(rec, rng)
    shipped = [_report(r) for r in records]
    batched = sum(1 for o in shipped if o[0])
    cls = type(GAME)
    monkeypatch.setattr(cls, "replay_batched", cls.replay)     # the validator, one at a time
    single = [_report(r) for r in records]
    assert batched > len(records) // 2          # most mutants are refused
    codes = {f[0] for o in shipped for f in o[0]}
    assert len(codes) > 10, codes
    for rec, fast, slow in zip(records, shipped, single):
        assert fast == slow, (rec.get("auction"), rec.get("declarations"), rec.get("exchange"))


def _replayed(rec: dict[str, Any], rules: Any, stepwise: bool) -> tuple[Any, ...]:
    """The validator's replay loop without the schema gate in front (values of any shape
    reach the engine): where and why it stops, or the state it ends in. An exception is
    compared too; for a record the gate lets through the caller requires that there is none."""
    n = len(rec["players"])
    e, _ = GAME.make_engine(rules, n, rec["dealer"], rec["deal"], GAME.initial_carry(rules, n))
    steps = GAME.replay(rec, e) if stepwise else GAME.replay_batched(rec, e)
    try:
        for sub, step in steps:
            if isinstance(step, IllegalAction):
                return "notation", sub + step.sub, step.code, step.message
            try:
                step.run() if isinstance(step, Batch) else e.apply(step)
            except IllegalAction as err:
                return "refused", sub + err.sub, err.code, err.message, err.token
    except Exception as err:  # noqa: BLE001 - an odd value may break both alike
        return "error", type(err).__name__, str(err)
    missing = e.expected_next()
    return ("end", e.phase, e.calls, e.turns, e.discards, e.hand_declared, e.items,
            None if missing is None else (missing.code, missing.message))


@pytest.mark.parametrize("n", [4, 5])
def test_batches_agree_without_the_schema(n: int) -> None:
    rng = random.Random(f"raw{n}")
    odd_calls = CALLS + [b"pass", ("pass",), {"call": "pass"}]
    gated = 0
    for case in (0, 2, 3):
        rules = GAME.rules(BLOCKS[case])
        for rec in deal_records("illustrated", 15, 900 + case + n, n, rules=rules):
            mutants = ([rec] + _list_mutations(rec, "auction", rng, odd_calls, "call")
                       + _list_mutations(rec, "declarations", rng, SAYS + [5, None, ["x", 1]],
                                         "say")
                       + _discard_mutations(rec, rng))
            for m in mutants:
                batched = _replayed(m, rules, False)
                assert batched == _replayed(m, rules, True), m
                if schema.fast_check(m):     # what the validator lets through: no crash
                    assert batched[0] != "error", (batched, m)
                    gated += 1
    assert gated > 100


@pytest.mark.parametrize("case,n", [(i, n) for i in (1, 2, 3, 4) for n in (4, 5)])
def test_whole_tricks_agree_under_other_rules(case: int, n: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """test_play_paths' check of ``_play_bound`` (and ``_play_plain``) against the card-by-card
    path, under the rule sets whose announcements bind other cards (the sas) or none."""
    import test_play_paths as paths
    from tarockrec.engine import TrickEngine
    rng = random.Random(f"tricks{case}{n}")
    rules = GAME.rules(BLOCKS[case])
    records = [v for rec in deal_records("illustrated", 40, 500 + case + n, n, rules=rules)
               for v in paths._variants(rec, "illustrated", rng)]
    shipped = [paths._outcome(r) for r in records]
    for cls in (TrickEngine, GAME.Engine):
        for attr in paths.FAST:
            if attr in vars(cls):
                monkeypatch.setattr(cls, attr, lambda self, *a, **k: 0)
    slow = [paths._outcome(r) for r in records]
    assert len({str(o) for o in shipped}) > 1
    for rec, fast_out, slow_out in zip(records, shipped, slow):
        assert fast_out == slow_out, rec.get("play")
