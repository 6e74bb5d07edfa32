"""Carinthian Tarock properties over generated deals (3 and 4 players, 2,000 each): valid,
zero-sum, card points total right (70 in a normal game; Trischak piles with their talon
cards 69–71, counted from the pile sizes), the idle dealer, JSON → XML → JSON identical, one
mutated card or call caught with its code; the legal cards equal an independent reading of
§5.8; sessions across doubling periods (§6.8)."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarockrec.codecs import jsonio, xmlio
from tarockrec.games import get
from tarockrec.games.carinthian.contracts import BIRD_CARD, BIRD_TRICK, PACK
from tarockrec.games.carinthian.engine import CarinthianEngine
from tarockrec.generate import deal_records, session_records
from tarockrec.validate import validate_record

N = 2000
GAME = get("carinthian")


@pytest.fixture(scope="module", params=[3, 4])
def table(request: pytest.FixtureRequest) -> tuple[int, list[dict[str, Any]]]:
    n = request.param
    return n, list(deal_records("carinthian", N, 9009 + n, n))


def _raw(code: str) -> int:
    if code in ("T22", "T21", "T1"):
        return 5
    if code[0] != "T":
        return {"K": 5, "Q": 4, "N": 3, "J": 2}.get(code[1:], 1)
    return 1


def test_valid_zero_sum_points_dealer(table: tuple[int, list[dict[str, Any]]]) -> None:
    n, records = table
    kinds: dict[str, int] = {}
    for rec in records:
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        score = rep.scores[0]
        assert score is not None and sum(score.deltas) == 0
        assert score.deltas == rec["result"]["scores"]
        facts = score.facts
        d = rec["dealer"]
        contract = facts["contract"]
        kinds[contract] = kinds.get(contract, 0) + 1
        if n == 4:
            assert rec["deal"]["hands"][d] == []
            if contract != "trischak":
                assert facts.get("tricks", [0] * 4)[d] == 0
                assert "play" not in rec or all(len(t) == 3 for t in rec["play"])
        if "play" not in rec:                      # Zahle: no play
            assert contract == "angesehen" and "points" not in facts
            continue
        if contract != "trischak":
            assert sum(facts["points"]) == 70 and len(rec["play"]) == 16
            assert [s for s, e in enumerate(facts["sheet"]) if e] in ([], [facts["declarer"]])
            continue
        # Trischak: every pile counted alone (§1.4), the talon cards in the piles
        pts = facts["points"]
        assert len(pts) == n
        if n == 3 or len(rec["play"]) == 16:
            assert 69 <= sum(pts) <= 71
        sizes = [3 * t for t in facts["tricks"]]
        if n == 3:
            for k, card in enumerate(rec["exchange"]["talon_order"]):
                winner = _winners(rec)[k]
                sizes[winner] += 1
        else:
            sizes = [0] * 4
            for k, trick in enumerate(rec["play"]):
                sizes[_winners(rec)[k]] += len(trick)
        played = [c for t in rec["play"] for c in t] + (
            rec["exchange"].get("talon_order", []) if n == 3 else [])
        raw_total = sum(_raw(c) for c in played)
        expect = raw_total - sum(2 * (s // 3) + (1 if s % 3 else 0) for s in sizes)
        assert sum(pts) == expect
        if n == 4 and len(rec["play"]) == 6:
            assert facts["tricks"][d] == 0
            assert [len(t) for t in rec["play"]] == [4] * 6
        elif n == 4:
            assert [len(t) for t in rec["play"]] == [4] * 6 + [3] * 10
    assert set(kinds) == {"angesehen", "hinunter", "drei", "vier", "vierzig", "solo", "trischak"}


def _winners(rec: dict[str, Any]) -> list[int]:
    """Trick winners, re-derived from the record alone (§5.2 rule 4, §5.6)."""
    n = len(rec["players"])
    d = rec["dealer"]
    f = (d + 1) % n
    trischak = "trischak" in (rec.get("exchange") or {})
    leader = f
    out = []
    for k, trick in enumerate(rec["play"]):
        if n == 4 and trischak and k < 6:
            seats = [(leader + i) % 4 for i in range(4)]
        elif n == 4:
            active = [s for s in range(4) if s != d]
            i = active.index(leader)
            seats = [active[(i + j) % 3] for j in range(3)]
        else:
            seats = [(leader + i) % 3 for i in range(3)]
        best = 0
        for i in range(1, len(trick)):
            a, b = trick[best], trick[i]
            sa, sb = PACK.suits[PACK.index[a]], PACK.suits[PACK.index[b]]
            ra, rb = PACK.strength[PACK.index[a]], PACK.strength[PACK.index[b]]
            if (sb == "T" and (sa != "T" or rb > ra)) or (sb == sa and rb > ra):
                best = i
        w = seats[best]
        out.append(w)
        leader = f if (n == 4 and trischak and k == 5 and w == d) else w
    return out


def test_xml_round_trip(table: tuple[int, list[dict[str, Any]]]) -> None:
    _, records = table
    for rec in records[:400]:
        text = jsonio.dumps(rec)
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == text


def test_one_mutation_caught(table: tuple[int, list[dict[str, Any]]]) -> None:
    n, records = table
    rng = random.Random(n)
    tried = 0
    for rec in records[:400]:
        bad = copy.deepcopy(rec)
        bad["auction"][0]["call"] = "hold"           # forehand holds nothing
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == ("CA-HOLD", "/auction/0"), str(first)
        if "play" not in rec:
            continue
        bad = copy.deepcopy(rec)
        t = rng.randrange(len(rec["play"]))
        j = rng.randrange(1, len(rec["play"][t]))
        # swap two cards of different seats in one trick: the leader plays a card he lacks
        bad["play"][t][0], bad["play"][t][j] = bad["play"][t][j], bad["play"][t][0]
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == ("CA-LEAD", f"/play/{t}/0"), str(first)
        # one card dropped from a trick
        bad = copy.deepcopy(rec)
        del bad["play"][t][j]
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == ("CA-TRICK-SIZE", f"/play/{t}"), str(first)
        tried += 1
    assert tried > 250


def test_mutated_scores_caught(table: tuple[int, list[dict[str, Any]]]) -> None:
    n, records = table
    for rec in records[:50]:
        bad = copy.deepcopy(rec)
        bad["result"]["sheet"][0] += 1
        assert "RESULT-SHEET" in {f.code for f in validate_record(bad).findings}
        bad = copy.deepcopy(rec)
        bad["result"]["scores"][0] += 1
        bad["result"]["scores"][1] -= 1
        assert "RESULT-SCORES" in {f.code for f in validate_record(bad).findings}


# -- §5.8 legal cards against an independent reading ----------------------------------------
def _legal_by_the_book(e: CarinthianEngine, seat: int) -> set[str]:
    t = e.table
    assert t is not None
    hand = PACK.codes_of(e.hands[seat])
    suit = {c: PACK.suits[PACK.index[c]] for c in PACK.codes}
    rank = {c: PACK.strength[PACK.index[c]] for c in PACK.codes}
    tarocks = [c for c in hand if suit[c] == "T"]
    trick = [PACK.code(c) for c in t.cards]
    if not trick:
        L = list(hand)
    else:
        led = trick[0]
        if suit[led] == "T":
            L = tarocks or hand
        else:
            L = [c for c in hand if suit[c] == suit[led]] or tarocks or hand
        if e.trischak and e.mode == "stichzwang":
            w = trick[0]
            for c in trick[1:]:
                if (suit[c] == "T" and (suit[w] != "T" or rank[c] > rank[w])) or (
                        suit[c] == suit[w] == suit[led] and rank[c] > rank[w]):
                    w = c
            in_trick_tarock = any(suit[c] == "T" for c in trick)

            def beats(c: str) -> bool:
                if suit[c] == "T":
                    return suit[w] != "T" or rank[c] > rank[w]
                return (not in_trick_tarock and suit[c] == suit[led] == suit[w]
                        and rank[c] > rank[w])
            B = [c for c in L if beats(c)]
            if B:
                L = B
    if e.trischak and "T1" in L and set(tarocks) != {"T1"}:
        L = [c for c in L if c != "T1"]
    if seat == e.declarer:
        R = {PACK.code(BIRD_CARD[b]) for b in e.announced
             if b in BIRD_CARD and BIRD_TRICK[b] > t.trick_number}
        if [c for c in L if c not in R]:
            L = [c for c in L if c not in R]
    return set(L)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from([3, 4]))
def test_legal_cards_follow_section_5_8(seed: int, n: int) -> None:
    rng = random.Random(seed)
    rules = GAME.Rules()
    e = GAME.random_deal(rng, n, seed % n, rules, {})
    while not e.is_over:
        if e.phase == "play":
            seat = e.to_act
            assert seat is not None
            assert set(e.legal_cards()) == _legal_by_the_book(e, seat)
        e.apply(GAME.choose(e, rng))


# -- sessions across doubling periods (§6.8) ---------------------------------------------------
@pytest.mark.parametrize("n", [3, 4])
def test_sessions_across_periods(n: int) -> None:
    need = 4 if n == 4 else 3
    restricted_seen = 0
    periods_ended = 0
    for sess in session_records("carinthian", 20, 60, 77 + n, n):
        rep = validate_record(sess)
        assert rep.valid, [str(f) for f in rep.findings]
        assert rep.totals == sess["result"]["totals"]
        carry = {"period_active": False, "successes": 0, "period_deals": 0, "restricted": False}
        for i, (deal, score) in enumerate(zip(sess["deals"], rep.scores)):
            assert score is not None
            written = {**carry, **deal.get("carry", {})}
            assert written == carry or not deal.get("carry")
            assert score.facts["multiplier"] == (2 if carry["period_active"] else 1)
            if carry["restricted"]:
                restricted_seen += 1
                assert score.facts["contract"] in ("trischak", "solo")
            nxt = sess["deals"][i + 1].get("carry", {}) if i + 1 < len(sess["deals"]) else None
            if nxt is not None:
                nxt = {"period_active": False, "successes": 0, "period_deals": 0,
                       "restricted": False, **nxt}
                if score.facts["contract"] == "trischak":
                    assert nxt == {"period_active": True, "successes": 0, "period_deals": 0,
                                   "restricted": False}
                elif carry["period_active"] and not nxt["period_active"]:
                    periods_ended += 1
                    assert carry["successes"] == need - 1 and not carry["restricted"]
                carry = nxt
        # a carried state written wrongly is caught where it is written
        bad = copy.deepcopy(sess)
        k = next((i for i, d in enumerate(bad["deals"]) if d.get("carry")), None)
        if k is not None:
            bad["deals"][k]["carry"]["period_deals"] += 1
            bad["deals"][k]["carry"]["restricted"] = (
                bad["deals"][k]["carry"]["period_deals"] >= 9)
            codes = [(f.code, f.pointer) for f in validate_record(bad).findings]
            assert ("SESSION-CARRY", f"/deals/{k}/carry") in codes
    assert periods_ended > 0 and restricted_seen > 0


def test_an_illegal_held_card_is_caught_where_it_is_played(
        table: tuple[int, list[dict[str, Any]]]) -> None:
    """Replace one played card by a card the same player holds but may not play: the finding
    names the rule (§5.2–§5.5) at that card."""
    n, records = table
    rng = random.Random(50 + n)
    caught: dict[str, int] = {}
    for rec in records[:600]:
        if "play" not in rec:
            continue
        rules = GAME.rules(rec.get("rules"))
        e, _ = GAME.make_engine(rules, n, rec["dealer"], rec["deal"], rec.get("carry") or {})
        assert e is not None
        for _, step in GAME.replay({k: v for k, v in rec.items() if k != "play"}, e):
            e.apply(step)  # type: ignore[arg-type]
        t = rng.randrange(len(rec["play"]))
        for k in range(t):
            for c in rec["play"][k]:
                e.play(e.to_act, c)  # type: ignore[arg-type]
        done = False
        for j, card in enumerate(rec["play"][t]):
            seat = e.to_act
            assert seat is not None
            held = set(PACK.codes_of(e.hands[seat])) - set(e.legal_cards())
            if held and not done:
                bad = copy.deepcopy(rec)
                bad["play"][t][j] = sorted(held)[0]
                errors = [f for f in validate_record(bad).findings if f.severity == "error"]
                assert errors[0].pointer == f"/play/{t}/{j}", str(errors[0])
                assert errors[0].code in ("CA-FOLLOW", "CA-RUFF", "CA-STICHZWANG", "CA-PAGAT",
                                          "CA-BIRD-EARLY"), str(errors[0])
                caught[errors[0].code] = caught.get(errors[0].code, 0) + 1
                done = True
            e.play(seat, card)
    assert {"CA-FOLLOW", "CA-RUFF", "CA-PAGAT"} <= set(caught), caught
