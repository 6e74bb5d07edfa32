"""Property tests over generated Königrufen deals (played through the engine's legal actions)."""
from __future__ import annotations

import copy
import random

import pytest

from tarockrec.codecs import jsonio
from tarockrec.games.koenigrufen.contracts import CONTRACTS, PACK, card_points
from tarockrec.generate import deal_records
from tarockrec.validate import validate_record

N_DEALS = 2000


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(deal_records("koenigrufen", N_DEALS, seed=20261121))


def test_every_generated_deal_is_valid_and_zero_sum(records: list[dict]) -> None:
    contracts = set()
    for rec in records:
        rep = validate_record(rec)
        assert rep.valid, (rep.findings, jsonio.dumps(rec, compact=True))
        (score,) = rep.scores
        assert score is not None and sum(score.deltas) == 0
        assert score.deltas == rec["result"]["scores"]
        contracts.add(rec["result"].get("contract"))
    # the generator reaches every contract, so the properties cover them all
    assert set(CONTRACTS) <= contracts


def test_card_points_total_70(records: list[dict]) -> None:
    checked = 0
    for rec in records:
        res = rec["result"]
        contract = CONTRACTS.get(res.get("contract", ""))
        if contract is None or "play" not in rec:
            continue
        if contract.family == "positive":
            assert sum(res["points"]) == 70
            checked += 1
        else:  # talon is nobody's: trick piles + talon count 70 (§1.4, Appendix C)
            talon = PACK.mask(rec["deal"]["talon"][0] + rec["deal"]["talon"][1])
            tricks = sum(PACK.mask(t) for t in rec["play"])
            assert card_points(tricks) + card_points(talon) in (69, 70, 71)
            checked += 1
    assert checked > N_DEALS * 0.9


def test_every_card_played_once_and_hands_partition(records: list[dict]) -> None:
    for rec in records[:500]:
        if "play" not in rec:
            continue
        played = [c for t in rec["play"] for c in t]
        assert len(played) == 48 == len(set(played))


def _holder_at(rec: dict, t: int, j: int) -> tuple[int, set[str]]:
    """Replay the tricks independently of the engine to know who played (t, j) and what he held."""
    hands = [set(h) for h in rec["deal"]["hands"]]
    ex = rec.get("exchange", {})
    decl = rec["result"]["declarer"]
    if ex.get("take"):
        lower, upper = rec["deal"]["talon"]
        hands[decl] |= set(lower + upper if ex["take"] == "all" else
                           (lower if ex["take"] == "lower" else upper))
        hands[decl] -= set(ex["discard"])
    first = rec["play"][0][0]
    leader = next(s for s in range(4) if first in hands[s])
    for k, trick in enumerate(rec["play"]):
        seats = [(leader + i) % 4 for i in range(4)]
        if k == t:
            return seats[j], hands[seats[j]]
        for s, c in zip(seats, trick):
            hands[s].discard(c)
        # winner by the rules of §5.3 (tarock mode; Farbensolo excluded by the caller)
        def key(c: str) -> int:
            if c.startswith("T"):
                return 100 + int(c[1:])
            return PACK.strength[PACK.index[c]] if c[0] == trick[0][0] else -1
        leader = seats[max(range(4), key=lambda i: key(trick[i]))]
    raise AssertionError


def test_a_card_the_player_does_not_hold_is_caught(records: list[dict]) -> None:
    """A card played a second time, and a card another seat still holds."""
    rng = random.Random(5)
    tried = 0
    for rec in records:
        if "play" not in rec:
            continue
        t, j = rng.randrange(1, 12), rng.randrange(4)
        played = sorted({c for trick in rec["play"][:t] for c in trick})
        bad = copy.deepcopy(rec)
        bad["play"][t][j] = rng.choice(played)
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == ("KR-NOT-IN-HAND", f"/play/{t}/{j}"), str(first)
        if rec["result"]["contract"] != "farbensolo" and t < 11:
            # a card another seat still holds (he plays it later): out of turn, or a wrong lead
            _, hand = _holder_at(rec, t, j)
            others = sorted({c for trick in rec["play"][t + 1:] for c in trick} - hand)
            bad["play"][t][j] = rng.choice(others)
            first = validate_record(bad).findings[0]
            want = "KR-LEAD" if j == 0 else "KR-TURN"
            assert (first.code, first.pointer) == (want, f"/play/{t}/{j}"), str(first)
        tried += 1
        if tried >= 600:
            break
    assert tried >= 600


def test_a_revoke_is_caught(records: list[dict]) -> None:
    """An independent oracle (§5.2): holding the led suit and playing another suit is illegal."""
    rng = random.Random(6)
    tried = 0
    for rec in records:
        if "play" not in rec or rec["result"]["contract"] == "farbensolo":
            continue
        t, j = rng.randrange(12), 1 + rng.randrange(3)
        seat, hand = _holder_at(rec, t, j)
        led = rec["play"][t][0]
        suit = led[0] if not led.startswith("T") else "T"
        same = [c for c in hand if c.startswith(suit)]
        other = [c for c in hand if not c.startswith(suit)]
        if not same or not other:
            continue
        bad = copy.deepcopy(rec)
        bad["play"][t][j] = rng.choice(other)
        rep = validate_record(bad)
        codes = {f.code for f in rep.findings}
        assert "KR-FOLLOW" in codes, (codes, t, j)
        assert f"/play/{t}/{j}" in {f.pointer for f in rep.findings}
        tried += 1
    assert tried > 300


def test_a_mutated_call_is_caught(records: list[dict]) -> None:
    """Independent oracles from §3: forehand opens with mein_spiel; a bid must outrank the
    previous bid; calls follow the turn order."""
    rng = random.Random(7)
    for rec in records[:800]:
        auction = rec["auction"]
        if not auction:
            continue
        bad = copy.deepcopy(rec)
        bad["auction"][0]["call"] = rng.choice(["pass", "piccolo", "dreier"])
        assert "KR-OPEN" in {f.code for f in validate_record(bad).findings}
        bids = [i for i, a in enumerate(auction[:-1]) if a["call"] in CONTRACTS and i > 0]
        if len(bids) >= 2:
            i, k = bids[0], bids[1]
            bad = copy.deepcopy(rec)
            bad["auction"][k]["call"] = auction[i]["call"]  # equal rank: not higher
            assert "KR-BID-LOW" in {f.code for f in validate_record(bad).findings}
        bad = copy.deepcopy(rec)
        i = rng.randrange(len(auction))
        bad["auction"][i]["seat"] = (auction[i]["seat"] + 1 + rng.randrange(3)) % 4
        first = validate_record(bad).findings[0]
        assert (first.code, first.pointer) == ("KR-TURN", f"/auction/{i}"), str(first)


def test_recorded_scores_are_checked(records: list[dict]) -> None:
    for rec in records[:300]:
        bad = copy.deepcopy(rec)
        scores = bad["result"]["scores"]
        if scores == [0, 0, 0, 0]:
            continue
        bad["result"]["scores"] = [scores[1], scores[0], scores[2], scores[3]] \
            if scores[0] != scores[1] else [s + (10 if i == 0 else 0) for i, s in enumerate(scores)]
        codes = {f.code for f in validate_record(bad).findings}
        assert codes & {"RESULT-SCORES", "RESULT-ZERO-SUM"}


def test_json_xml_json_identical(records: list[dict]) -> None:
    from tarockrec.codecs import xmlio
    for rec in records:
        text = jsonio.dumps(rec)
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(jsonio.loads(text)))) == text
