"""Carinthian rule options (rules/carinthian.md §7): every option is honoured or refused with
OPTION-UNSUPPORTED; the honoured ones change exactly what the gap table says."""
from __future__ import annotations

import copy
import glob
import json
import os
from typing import Any

import pytest

from tarockrec.games.carinthian.rules import CarinthianRules
from tarockrec.games.carinthian.scoring import carry_after
from tarockrec.generate import deal_records
from tarockrec.scoring import Score
from tarockrec.validate import validate_record

from conftest import SAMPLES

VALID = os.path.join(SAMPLES, "carinthian", "valid")


def sample(name: str) -> dict[str, Any]:
    path = glob.glob(os.path.join(VALID, f"{name}*.json"))[0]
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def under(rec: dict[str, Any], **options: Any) -> Score:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    rec["rules"] = {"name": "default", "options": options}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0] is not None
    return rep.scores[0]


@pytest.mark.parametrize("option,value", [
    ("talon_profile_by_bid", "by_bid"), ("redeal_no_tarock", "true"),
    ("zahle_allow_pass", "true"), ("kontra_multi_round", "true")])
def test_unimplemented_values_are_refused(option: str, value: str) -> None:
    rec = sample("e01")
    rec["rules"] = {"name": "default", "options": {option: value}}
    f = validate_record(rec).findings
    assert [(x.code, x.pointer) for x in f] == [("OPTION-UNSUPPORTED", f"/rules/options/{option}")]


@pytest.mark.parametrize("option,value", [
    ("zahle_doubled", "yes"), ("announced_valat_loss", 30), ("restricted_after_deals", 0),
    ("talon_order", "random")])
def test_wrong_values_are_refused(option: str, value: Any) -> None:
    rec = sample("e01")
    rec["rules"] = {"name": "default", "options": {option: value}}
    assert [x.code for x in validate_record(rec).findings] == ["OPTION-VALUE"]


def test_talon_order_stacking() -> None:
    rec = sample("c3_trischak_stichzwang")
    a, b = rec["deal"]["talon"]
    for option, order in (("b_on_a", b + a), ("a_on_b", a + b)):
        good = copy.deepcopy(rec)
        good["exchange"]["talon_order"] = order
        assert under(good, talon_order=option) is not None
        bad = copy.deepcopy(good)
        bad["exchange"]["talon_order"] = order[3:] + order[:3]
        bad["rules"] = {"name": "default", "options": {"talon_order": option}}
        bad.pop("result")
        f = [x for x in validate_record(bad).findings if x.severity == "error"]
        assert [(x.code, x.pointer) for x in f] == [("CA-TALON-ORDER", "/exchange/trischak")]


def test_zahle_options() -> None:
    rec = sample("e02")                                  # Zahle in a doubling period: +3 × 2
    assert under(rec).facts["sheet"] == [0, 0, 6]
    assert under(rec, zahle_doubled="false").facts["sheet"] == [0, 0, 3]
    rules = CarinthianRules("default", {"zahle_counts_as_success": "true"})
    after = carry_after(rec["carry"], "zahle", False, rules, 3)
    assert after["successes"] == rec["carry"]["successes"] + 1


def test_valat_options() -> None:
    rec = sample("e05")                                  # announced Valat lost: −24
    assert under(rec).facts["sheet"] == [0, 0, -16]
    assert under(rec, announced_valat_loss=48).facts["sheet"] == [0, 0, -40]
    period = copy.deepcopy(rec)
    period["carry"] = {"period_active": True, "successes": 0, "period_deals": 0,
                       "restricted": False}
    assert under(period).facts["sheet"] == [0, 0, -40]   # −48 + 8
    assert under(period, valat_in_period_doubled="false").facts["sheet"] == [0, 0, -16]


def test_bird_announcement_without_the_card() -> None:
    rec = next(r for r in deal_records("carinthian", 200, 5, 3)
               if r["result"]["contract"] == "solo" and r["declarations"][0]["say"] == [])
    decl = rec["result"]["declarer"]
    missing = next(b for b, c in (("pagat", "T1"), ("uhu", "T2"), ("kike", "T3"))
                   if c not in rec["deal"]["hands"][decl])
    bad = copy.deepcopy(rec)
    bad["declarations"][0]["say"] = [missing]
    bad.pop("result")
    f = [(x.code, x.pointer) for x in validate_record(bad).findings]
    assert f == [("CA-ANNOUNCE-CARD", "/declarations/0/say/0")]
    score = under(bad, bird_announce_requires_card="false")
    lost = [it for it in score.items if it.name == missing]
    assert lost and lost[0].deltas[decl] < 0            # an announced bird not held is lost


def test_trull_and_kings_from_tricks_only() -> None:
    changed = 0
    for rec in deal_records("carinthian", 300, 6, 3):
        if "play" not in rec or rec["result"]["contract"] == "trischak":
            continue
        a = {it.name for it in under(rec).items}
        b = {it.name for it in under(rec, trull_kings_tricks_only="true").items}
        assert a - {"trull", "four_kings"} == b - {"trull", "four_kings"}
        changed += a != b
    assert changed > 0


def test_trischak_options() -> None:
    recs = [r for r in deal_records("carinthian", 1500, 7, 4)
            if r["result"]["contract"] == "trischak"]
    silent = next(r for r in recs if {it.name for it in under(r).items} - {"trischak"})
    assert {it.name for it in under(silent, trischak_silent_bonuses="off").items} <= {"trischak"}
    tie = next(r for r in recs if any("tie at the top" in it.note for it in under(r).items))
    assert not any(it.name == "trischak" for it in under(tie, trischak4_tie="none").items)


def test_period_options() -> None:
    restricted = {"period_active": True, "successes": 2, "period_deals": 9, "restricted": True}
    plain = CarinthianRules()
    assert carry_after(restricted, "played", True, plain, 3)["period_active"]
    counts = CarinthianRules("default", {"restricted_solo_counts": "true"})
    assert not carry_after(restricted, "played", True, counts, 3)["period_active"]
    five = CarinthianRules("default", {"restricted_after_deals": 5})
    carry = carry_after({}, "trischak", False, five, 4)
    for _ in range(5):
        carry = carry_after(carry, "played", False, five, 4)
    assert carry["restricted"] and carry["period_deals"] == 5


def test_valat_and_game_kontra() -> None:
    rec = sample("e05")                                  # announced Valat, no kontra
    bad = copy.deepcopy(rec)
    bad.pop("result")
    bad["declarations"][1]["say"] = ["kontra", "kontra:valat"]
    f = [(x.code, x.pointer) for x in validate_record(bad).findings if x.severity == "error"]
    assert f == [("CA-KONTRA-VALAT", "/declarations/1/say/0")]
    bad["declarations"].append({"seat": rec["result"]["declarer"], "say": []})
    score = under(bad, valat_and_game_kontra="true")
    valat = next(it for it in score.items if it.name == "valat")
    assert valat.multiplier == 4                         # kontra on the game and on Valat
    assert score.facts["sheet"] == [0, 0, -24 * 4 + 8]


def test_trischak_after_seeing_the_talon_is_accepted() -> None:
    rec = sample("c3_trischak_stichzwang")
    assert under(rec, trischak_after_seeing_talon="true").deltas == rec["result"]["scores"]


def test_dealer_zero_continue() -> None:
    """G19: with the option the record goes on to trick 16 and scores as after trick 6."""
    from tarockrec.games import get
    game = get("carinthian")
    rules = CarinthianRules("default", {"dealer_zero_continue": "true"})
    import random
    rng = random.Random(4)
    found = 0
    for i in range(3000):
        e = game.random_deal(rng, 4, i % 4, rules, {})
        while not e.is_over:
            e.apply(game.choose(e, rng))
        if not e.trischak or e.table is None or e.table.count[e.dealer]:
            continue
        assert len(e.table.tricks) == 16
        s = e.score()
        assert s.facts["sheet"][e.dealer] >= 3 and s.deltas[e.dealer] > 0
        assert sum(s.facts["points"]) == game.card_points_total(e)
        rec = game.record_of(e)
        six = copy.deepcopy(rec)
        six["play"] = rec["play"][:6]
        base = {"tarockrec": 1, "game": "carinthian", "players": ["A", "B", "C", "D"],
                "dealer": e.dealer}
        short = validate_record({**base, **six})
        assert short.valid and short.scores[0] is not None
        assert short.scores[0].deltas == s.deltas        # the same score as after trick 6
        full = validate_record({**base, **rec})
        assert [(f.code, f.pointer) for f in full.findings] == [("CA-TRICKS-EXTRA", "/play/6")]
        found += 1
        if found == 3:
            break
    assert found == 3
