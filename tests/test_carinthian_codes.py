"""Carinthian findings not covered by the §9 samples: each broken record names its code at its
place; the engine API refuses what the notation cannot write; score-sheet records."""
from __future__ import annotations

import copy
import random
from typing import Any, Callable

import pytest

from tarockrec.errors import IllegalAction
from tarockrec.games import get
from tarockrec.generate import deal_records
from tarockrec.validate import validate_record

GAME = get("carinthian")
RECORDS = list(deal_records("carinthian", 400, 31, 3))


def pick(want: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in RECORDS if want(r)))


def first(rec: dict[str, Any]) -> tuple[str, str]:
    errors = [f for f in validate_record(rec).findings if f.severity == "error"]
    assert errors, "the record is valid"
    return errors[0].code, errors[0].pointer


def contract(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda r: r["result"]["contract"] == name and "play" in r


def test_exchange_during_the_auction() -> None:
    rec = pick(contract("drei"))
    rec["auction"] = rec["auction"][:1]
    assert first(rec) == ("CA-AUCTION-INCOMPLETE", "/exchange/take")


def test_call_after_the_auction() -> None:
    rec = pick(contract("drei"))
    rec["auction"].append({"seat": rec["dealer"], "call": "pass"})
    assert first(rec) == ("CA-AUCTION-OVER", f"/auction/{len(rec['auction']) - 1}")


def test_missing_exchange() -> None:
    rec = pick(contract("hinunter"))
    del rec["exchange"]
    assert first(rec) == ("CA-TALON", "/declarations/0")


def test_take_in_trischak() -> None:
    rec = pick(lambda r: r["result"]["contract"] == "trischak")
    rec["exchange"]["take"] = "a"
    assert first(rec) == ("CA-TALON", "/exchange/take")


def test_kontra_in_the_announcement_turn() -> None:
    rec = pick(contract("vier"))
    rec["declarations"][0]["say"] = ["kontra"]
    assert first(rec) == ("CA-ANNOUNCE", "/declarations/0/say/0")


def test_announcement_repeated() -> None:
    rec = pick(contract("vier"))
    rec["declarations"][0]["say"] = ["valat", "valat"]
    assert first(rec) == ("CA-ANNOUNCE-REPEAT", "/declarations/0/say/1")


def test_declaration_after_the_rounds() -> None:
    rec = pick(contract("vier"))
    rec["declarations"].append({"seat": rec["declarations"][0]["seat"], "say": []})
    assert first(rec) == ("CA-DECL-END", f"/declarations/{len(rec['declarations']) - 1}")


def test_kontra_round_unfinished() -> None:
    rec = pick(lambda r: contract("solo")(r) and len(r["declarations"]) == 3)
    rec["declarations"] = rec["declarations"][:2]
    assert first(rec) == ("CA-DECL-MISSING", "/play/0/0")
    del rec["play"]
    assert first(rec) == ("CA-DECL-MISSING", "")


def test_seventeenth_trick() -> None:
    rec = pick(contract("solo"))
    rec["play"].append(rec["play"][0])
    assert first(rec) == ("CA-TRICKS-EXTRA", "/play/16/0")


def test_play_after_zahle() -> None:
    zahle = pick(lambda r: "play" not in r)
    played = pick(contract("angesehen"))
    zahle["play"] = played["play"]
    assert first(zahle) == ("CA-AFTER-END", "/play/0/0")


def test_engine_refuses_what_records_cannot_write() -> None:
    rng = random.Random(3)
    rules = GAME.Rules()
    e = GAME.random_deal(rng, 3, 2, rules, {})
    e.call(0, "angesehen")
    e.call(1, "pass")
    e.call(2, "pass")
    order = tuple(GAME.record_of(e)["deal"]["talon"][0] + GAME.record_of(e)["deal"]["talon"][1])
    for value, code in ((("both", order), "CA-TRISCHAK-MODE"),
                        (("stichzwang", order[:5]), "CA-TALON-ORDER")):
        with pytest.raises(IllegalAction) as err:
            e.choose(0, value)
        assert err.value.code == code
    with pytest.raises(IllegalAction) as err:
        e.call(0, "solo")
    assert err.value.code == "CA-AUCTION-OVER"
    e.choose(0, ("stichzwang", order))
    with pytest.raises(IllegalAction) as err:
        e.declare(0, ("kontra", "kontra"))
    assert err.value.code == "CA-KONTRA-REPEAT"
    with pytest.raises(IllegalAction) as err:
        e.declare(1, ())
    assert err.value.code == "CA-DECL-TURN"


# -- score sheets (no cards) -------------------------------------------------------------------
def sheet(rec: dict[str, Any]) -> dict[str, Any]:
    """What the table wrote: calls, the Trischak decision, announcements and kontras, the
    result (no cards)."""
    return {k: v for k, v in rec.items() if k not in ("deal", "exchange", "play")
            } | ({"exchange": {"trischak": rec["exchange"]["trischak"]}}
                 if "trischak" in rec.get("exchange", {}) else {})


def test_score_sheet_checked_as_far_as_it_can_be() -> None:
    for want in (contract("drei"), lambda r: r["result"]["contract"] == "trischak"):
        rec = sheet(pick(want))
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        assert "SHEET-UNVERIFIED" in {f.code for f in rep.findings}
        bad = copy.deepcopy(rec)
        bad["result"]["sheet"][rec["result"]["declarer"]] += 1
        assert first(bad) == ("CA-SHEET", "/result/scores")
    rec = sheet(pick(contract("drei")))
    d = rec["result"]["declarer"]
    rec["result"]["sheet"] = [3 if s != d else 0 for s in range(3)]
    rec["result"]["scores"] = [3 * x - sum(rec["result"]["sheet"]) for x in rec["result"]["sheet"]]
    assert first(rec) == ("CA-SHEET", "/result/sheet")
    rec = sheet(pick(contract("drei")))
    rec["exchange"] = {"trischak": "nachlassen"}
    assert first(rec) == ("CA-TRISCHAK", "/exchange/trischak")


def test_score_sheet_session_carries_the_period() -> None:
    """A session written as score sheets: the carried period state is derived from the sheets'
    contracts and card points (§6.8), deal by deal, and checked against what they wrote."""
    from tarockrec.generate import session_records
    sess = next(session_records("carinthian", 1, 40, 8, 3))
    sheets = copy.deepcopy(sess)
    sheets["deals"] = [sheet(d) for d in sess["deals"]]
    rep = validate_record(sheets)
    assert rep.valid, [str(f) for f in rep.findings if f.severity == "error"]
    assert rep.totals == sess["result"]["totals"]
    assert any(d.get("carry", {}).get("period_active") for d in sess["deals"])
    # a carry written wrongly on a sheet is caught where it is written
    k = next(i for i, d in enumerate(sheets["deals"]) if d.get("carry", {}).get("period_active"))
    sheets["deals"][k]["carry"]["successes"] += 1
    codes = [(f.code, f.pointer) for f in validate_record(sheets).findings]
    assert ("SESSION-CARRY", f"/deals/{k}/carry") in codes


@pytest.mark.parametrize("n", [3, 4])
def test_deck_checked_against_the_dealing_order(n: int) -> None:
    """§2.3: 8 cards to each active seat from forehand, 3 to half A, 8 each, 3 to half B."""
    rec = copy.deepcopy(next(deal_records("carinthian", 1, 12, n)))
    d = rec["dealer"]
    active = [(d + 1 + i) % n for i in range(3)]
    hands, (a, b) = rec["deal"]["hands"], rec["deal"]["talon"]
    deck = [c for s in active for c in hands[s][:8]] + a + \
        [c for s in active for c in hands[s][8:]] + b
    rec["deal"]["deck"] = deck
    assert validate_record(rec).valid
    bad = copy.deepcopy(rec)
    bad["deal"]["deck"][0], bad["deal"]["deck"][8] = deck[8], deck[0]
    assert first(bad) == ("DEAL-ORDER", f"/deal/hands/{active[0]}")
    bad = copy.deepcopy(rec)
    bad["deal"]["deck"][24], bad["deal"]["deck"][51] = deck[51], deck[24]
    assert first(bad) == ("DEAL-ORDER", "/deal/talon/0")
    bad = copy.deepcopy(rec)
    bad["deal"]["hands"][active[0]] = hands[active[0]][1:]
    assert first(bad) == ("DEAL-COMPOSITION", f"/deal/hands/{active[0]}")


def test_the_idle_dealer_cannot_play() -> None:
    """§1.6, §5.6: with four players the dealer plays no card outside Trischak, and none after
    trick 6 in Trischak."""
    rng = random.Random(9)
    seen = set()
    for i in range(400):
        e = GAME.random_deal(rng, 4, i % 4, GAME.Rules(), {})
        while not e.is_over:
            if e.phase == "play" and e.table is not None and not e.table.cards and (
                    not e.trischak or e.table.trick_number == 7):
                card = GAME.pack.codes[0]
                with pytest.raises(IllegalAction) as err:
                    e.play(e.dealer, card)
                assert err.value.code == "CA-DEALER"
                seen.add(e.trischak)
            e.apply(GAME.choose(e, rng))
        if seen == {True, False}:
            break
    assert seen == {True, False}
