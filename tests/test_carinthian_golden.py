"""Golden tests: the worked examples of rules/carinthian.md §8, driving the engine directly.

The deals are found by tools/carinthian_examples.py, which states each example's
preconditions (calls, decisions, the cards and counts the document names); the expected sheet
entries, settlements and item values below are written from the rules document, never read
from the engine or a sample.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from tarockrec.engine import Action
from tarockrec.games import get
from tarockrec.games.carinthian.contracts import PACK
from tarockrec.games.carinthian.engine import CarinthianEngine
from tarockrec.games.carinthian.rules import CarinthianRules
from tarockrec.games.carinthian.scoring import carry_after, initial_carry
from tools.carinthian_examples import EXAMPLES, build

GAME = get("carinthian")


def item_entries(e: CarinthianEngine) -> dict[str, int]:
    """Sheet entry of each item in the declarer's column (normal games), summed by name."""
    out: dict[str, int] = {}
    n = e.n
    for it in e.score().items:
        # deltas = n·e − Σe with one non-zero column: the entry is deltas[d] / (n − 1)
        assert e.declarer is not None
        out[it.name] = out.get(it.name, 0) + it.deltas[e.declarer] // (n - 1)
    return out


def test_e1_angesehen_zahle_round_turns_into_kontra() -> None:
    e = build(EXAMPLES["E1"])
    s = e.score()
    assert item_entries(e) == {"game": 6, "four_kings": 1, "pagat": -4}
    assert s.facts["sheet"] == [0, 3, 0]
    assert s.deltas == [-3, 6, -3]
    assert s.facts["points"] == [41, 29]
    assert e.turns[1] == (2, ("kontra",)) and len(e.turns) == 3   # the round ended at once


def test_e2_zahle_accepted_in_a_doubling_period() -> None:
    ex = EXAMPLES["E2"]
    e = build(ex)
    s = e.score()
    assert e.table is None and e.is_over                          # no play
    assert s.facts["sheet"] == [0, 0, 6] and s.deltas == [-6, -6, 12]
    after = GAME.next_carry(e, ex.carry)
    assert after["successes"] == 1 and after["period_deals"] == ex.carry["period_deals"] + 1
    assert after["period_active"]


def test_e3_vierzig_fuenfzig_kontra_retour_failure() -> None:
    e = build(EXAMPLES["E3"])
    s = e.score()
    assert item_entries(e) == {"game": -44, "trull": -1}
    assert s.facts["sheet"] == [-45, 0, 0] and s.deltas == [-90, 45, 45]


def test_e4_solo_announced_pagat_kontra_retour_in_period() -> None:
    ex = EXAMPLES["E4"]
    e = build(ex)
    s = e.score()
    assert e.D == 2
    assert item_entries(e) == {"game": 24, "pagat": 32, "mondfang": 1, "trull": 1}
    assert s.facts["sheet"] == [0, 58, 0] and s.deltas == [-58, 116, -58]
    after = GAME.next_carry(e, ex.carry)
    assert after["successes"] == ex.carry["successes"] + 1        # 38 ≥ 36


def test_e5_announced_valat_fails_silent_uhu() -> None:
    e = build(EXAMPLES["E5"])
    s = e.score()
    assert item_entries(e) == {"valat": -24, "uhu": 6, "trull": 1, "four_kings": 1}
    assert s.facts["sheet"] == [0, 0, -16] and s.deltas == [16, 16, -32]
    assert s.facts["points"] == [66, 4]
    # "If a period were active this would count as a success, and the −24 would be −48."
    period = {"period_active": True, "successes": 0, "period_deals": 0, "restricted": False}
    e2 = _replay(e, period)
    assert item_entries(e2)["valat"] == -48
    assert GAME.next_carry(e2, period)["successes"] == 1


def test_e6_silent_valat_with_kontra() -> None:
    e = build(EXAMPLES["E6"])
    s = e.score()
    assert item_entries(e) == {"valat": 48, "trull": 1, "four_kings": 1, "pagat": 4}
    assert s.facts["sheet"] == [54, 0, 0] and s.deltas == [108, -54, -54]


def test_e7_trischak_stichzwang_two_kontras() -> None:
    e = build(EXAMPLES["E7"])
    s = e.score()
    assert e.mode == "stichzwang" and e.game_kontras == 2
    assert s.facts["points"] == [30, 28, 12]
    assert s.facts["sheet"] == [-12, 0, 0] and s.deltas == [-24, 12, 12]
    after = GAME.next_carry(e, initial_carry())
    assert after == {"period_active": True, "successes": 0, "period_deals": 0,
                     "restricted": False}


def test_e8_trischak_tie_at_the_top_in_a_period() -> None:
    ex = EXAMPLES["E8"]
    e = build(ex)
    s = e.score()
    assert s.facts["points"] == [10, 30, 30] and s.facts["multiplier"] == 2
    assert s.facts["sheet"] == [6, 0, 0] and s.deltas == [12, -6, -6]
    after = GAME.next_carry(e, ex.carry)
    assert after["successes"] == 0 and after["period_deals"] == 0 and after["period_active"]


def test_e9_trischak_trickless_player_and_silent_pagat() -> None:
    e = build(EXAMPLES["E9"])
    s = e.score()
    assert s.facts["sheet"] == [4, 0, 3]
    assert s.deltas == [5, -7, 2]


def test_e10_four_player_trischak_dealer_loses_tricks_1_to_6() -> None:
    e = build(EXAMPLES["E10"])
    s = e.score()
    assert e.table is not None and len(e.table.tricks) == 6
    assert [len(c) for _, c, _, _ in e.table.tricks] == [4] * 6
    assert e.game_kontras == 2
    assert s.facts["sheet"] == [0, 0, 0, 12]
    assert s.deltas == [-12, -12, -12, 36]


def test_e11_four_player_solo_idle_dealer_pays() -> None:
    e = build(EXAMPLES["E11"])
    s = e.score()
    assert s.facts["points"][0] == 40
    assert s.facts["sheet"] == [0, 0, 0, 12]
    assert s.deltas == [-12, -12, -12, 36]
    e2 = _replay(e, {}, {"settle_active_only": "true"})
    assert e2.score().deltas == [0, -12, -12, 24]


def _replay(e: CarinthianEngine, carry: dict[str, Any],
            options: dict[str, Any] | None = None) -> CarinthianEngine:
    """The same deal and actions under another carried state or rule set."""
    rules = CarinthianRules("default", options or {})
    rec = GAME.record_of(e)
    hands = [PACK.mask(h) for h in rec["deal"]["hands"]]
    talon = (PACK.mask(rec["deal"]["talon"][0]), PACK.mask(rec["deal"]["talon"][1]))
    e2 = CarinthianEngine(rules, e.n, e.dealer, hands, talon, carry)
    for _, step in GAME.replay(rec, e2):
        if isinstance(step, Action):
            e2.apply(step)
        else:
            step.run()  # type: ignore[union-attr]
    assert e2.is_over
    return e2


# -- E12: the doubling-period bookkeeping (3 players) ------------------------------------------
# (deal, event, D, successes after, period_deals after, game score) from the table of §8 E12;
# ``None`` for "period over".
E12 = [
    ("trischak", 1, (0, 0)),
    ("drei", 2, (1, 1)),
    ("solo", 2, (1, 2)),
    ("zahle", 2, (1, 3)),
    ("vierzig", 2, (2, 4)),
    ("hinunter_valat", 2, None),
    ("drei", 1, None),
]


def test_e12_doubling_period_bookkeeping() -> None:
    rules = CarinthianRules()
    carry = initial_carry()
    # deal 1 Trischak; 2 Drei 38 pts; 3 Solo 30; 4 Zahle; 5 Vierzig 41; 6 Hinunter with
    # Valat announced, 52 pts in 15 tricks (a success); 7 Drei 40
    outcomes = [("trischak", False), ("played", True), ("played", False), ("zahle", False),
                ("played", True), ("played", True), ("played", True)]
    seen = []
    for kind, success in outcomes:
        D = 2 if carry["period_active"] else 1
        carry = carry_after(carry, kind, success, rules, 3)
        seen.append((D, (carry["successes"], carry["period_deals"])
                     if carry["period_active"] else None))
    assert seen == [(1, (0, 0)), (2, (1, 1)), (2, (1, 2)), (2, (1, 3)), (2, (2, 4)),
                    (2, None), (1, None)]


def test_e12_game_scores_of_the_session_deals() -> None:
    """The game items of E12's deals 2–7 (+10, −24, +6, +14, −48, +5)."""
    from tools.carinthian_examples import SESSION_E12, build_session
    engines = build_session(SESSION_E12)
    games = []
    for e in engines:
        s = e.score()
        by = {it.name: it for it in s.items}
        name = "zahle" if e.zahle else ("valat" if "valat" in by else
                                         ("trischak" if e.trischak else "game"))
        games.append((s.facts["contract"], s.facts["multiplier"],
                      s.facts["sheet"][e.declarer] if name != "trischak" else None,
                      by[name].deltas[e.declarer] // 2 if name != "trischak" else None))
    assert [g[:2] for g in games] == [("trischak", 1), ("drei", 2), ("solo", 2),
                                      ("angesehen", 2), ("vierzig", 2), ("hinunter", 2),
                                      ("drei", 1)]
    assert [g[3] for g in games[1:]] == [10, -24, 6, 14, -48, 5]


def test_e12_tenth_deal_of_a_period_is_restricted() -> None:
    """Fewer than 3 successes in deals 2–10: deal 11 (the 10th of the period) is
    restricted: only Angesehen/Solo, Angesehen ⇒ Trischak, D = 2."""
    rules = CarinthianRules()
    carry = carry_after(initial_carry(), "trischak", False, rules, 3)
    for k in range(9):
        assert not carry["restricted"]
        carry = carry_after(carry, "played", k < 2, rules, 3)
    assert carry == {"period_active": True, "successes": 2, "period_deals": 9,
                     "restricted": True}
    rng = random.Random(5)
    e = GAME.random_deal(rng, 3, 1, rules, carry)
    assert e.restricted and e.D == 2
    assert not e.can_call(2, "hinunter") and e.can_call(2, "angesehen") and e.can_call(2, "solo")
    e.call(2, "angesehen")
    e.call(0, "pass")
    e.call(1, "pass")
    assert not e.can_take(2, "a")
    with pytest.raises(Exception) as err:
        e.take(2, "a")
    assert getattr(err.value, "code", None) == "CA-RESTRICTED"
    # a Solo success in the restricted phase does not end it; a Trischak does
    still = carry_after(dict(carry, successes=2), "played", True, rules, 3)
    assert still["period_active"] and still["restricted"]
    assert carry_after(carry, "trischak", False, rules, 3)["restricted"] is False


def test_trischak_everybody_tied_nobody_scores() -> None:
    """§6.6 rule 3: |T| = all participants → nobody scores."""
    from tools.carinthian_examples import ALL_TIED
    e = build(ALL_TIED)
    s = e.score()
    assert len(set(s.facts["points"])) == 1
    assert s.facts["sheet"] == [0, 0, 0] and s.deltas == [0, 0, 0]


def test_success_targets_of_section_6_8() -> None:
    """§6.8 (and the seed): a success needs 36, 40 for Vierzig, 50 with Fünfzig; an
    announced Valat still only needs the game's own target."""
    from tarockrec.games.carinthian.scoring import success_target
    assert success_target("drei", []) == 36
    assert success_target("solo", []) == 36
    assert success_target("vierzig", []) == 40
    assert success_target("vierzig", ["fuenfzig"]) == 50
    assert success_target("hinunter", ["valat"]) == 36
    assert success_target("vierzig", ["valat"]) == 40
    assert success_target("vierzig", ["valat", "fuenfzig"]) == 50
