"""Every Illustrated Tarokk finding code that no sample expects, each from its smallest trigger.

Most are one-point mutations of the §8 E1 sample (samples/illustrated/valid/e01_complete_deal),
validated as a whole record (code and JSON Pointer). A few can never reach the engine from a
record: an unknown token is refused by the schema (REC-SCHEMA) first, and the replay always
asks the seat whose turn it is to discard; those are tested through the engine API and say so.

E1: dealer 3; seat 1 bids three after forehand's pass, the others pass; discards in the order
1, 2, 3, 0; seat 1 calls T20 (seat 3 holds it); seat 1 announces trull, seat 2 kontras it,
seat 3 declares eight tarokks, rekontras and announces pagat_ultimo.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tarockrec import games
from tarockrec.errors import IllegalAction
from tarockrec.validate import validate_record

VALID = Path(__file__).resolve().parents[1] / "samples" / "illustrated" / "valid"
E1 = json.loads((VALID / "e01_complete_deal.json").read_text(encoding="utf-8"))


def _findings(rec: dict) -> list[tuple[str, str]]:
    return [(f.code, f.pointer) for f in validate_record(rec).findings]


def _only(rec: dict, code: str, pointer: str) -> None:
    assert _findings(rec) == [(code, pointer)]


@pytest.fixture
def e1() -> dict:
    assert _findings(E1) == []
    return copy.deepcopy(E1)


def _engine(until: str):
    """The E1 deal through the engine API, stopped when ``until`` begins."""
    g = games.get("illustrated")
    rules = g.Rules()
    e, found = g.make_engine(rules, 4, E1["dealer"], E1["deal"], g.initial_carry(rules, 4))
    assert e is not None and not found
    for entry in E1["auction"]:
        if e.phase == until:
            return e
        e.bid(entry["seat"], entry["call"])
    for s in e.discard_order:
        if e.phase == until:
            return e
        e.discard(s, tuple(E1["exchange"]["discards"][s]))
    e.call(1, E1["exchange"]["call"])
    assert e.phase == until
    return e


def _raises(code: str, fn, *args) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.code == code
    return info.value


# -- auction -------------------------------------------------------------------------------------
def test_bid_low(e1: dict) -> None:
    # seat 3 (holds T1) bids three over seat 1's three instead of passing
    e1["auction"][3]["call"] = "three"
    _only(e1, "IT-BID-LOW", "/auction/3")


def test_bid_unknown_engine_api() -> None:
    # a record cannot make an unknown call: the schema enumerates them (REC-SCHEMA)
    rec = copy.deepcopy(E1)
    rec["auction"][0]["call"] = "four"
    assert [c for c, _ in _findings(rec)] == ["REC-SCHEMA"]
    e = _engine("auction")
    err = _raises("IT-BID-UNKNOWN", e.verify_bid, 0, "four")
    assert err.token == "four"


def test_auction_incomplete_before_discards(e1: dict) -> None:
    # seat 3's closing pass is missing: the discards come while the auction still runs
    del e1["auction"][-1]
    _only(e1, "IT-AUCTION-INCOMPLETE", "/exchange/discards/0")


def test_auction_incomplete_record_ends(e1: dict) -> None:
    del e1["auction"][-1]
    for key in ("exchange", "declarations", "play", "result"):
        del e1[key]
    _only(e1, "IT-AUCTION-INCOMPLETE", "")


def test_after_end_passed_out(e1: dict) -> None:
    # seat 1 passes instead of bidding three: all four pass, so nothing may follow
    e1["auction"][1]["call"] = "pass"
    _only(e1, "IT-AFTER-END", "/exchange/discards/0")


def test_after_end_late_claim_after_pass_out(e1: dict) -> None:
    e1["auction"][1]["call"] = "pass"
    for key in ("exchange", "declarations", "play", "result"):
        del e1[key]
    e1["late_claims"] = [{"seat": 3, "claim": "eight_tarokk"}]
    _only(e1, "IT-AFTER-END", "/late_claims/0")


# -- exchange ------------------------------------------------------------------------------------
def test_discard_missing(e1: dict) -> None:
    # no exchange block: the first announcement comes while seat 1 must still discard
    del e1["exchange"]
    _only(e1, "IT-DISCARD-MISSING", "/declarations/0")


@pytest.mark.parametrize("i, card, words", [(0, "DK", "DK, which he does not hold"),  # seat 2's
                                            (1, "D1", "D1 twice")])  # his own, written twice
def test_discard_not_held(e1: dict, i: int, card: str, words: str) -> None:
    e1["exchange"]["discards"][1][i] = card
    _only(e1, "IT-DISCARD-NOT-HELD", f"/exchange/discards/1/{i}")
    assert words in validate_record(e1).findings[0].message


def test_discard_turn_engine_api() -> None:
    # the replay hands each recorded discard list to its seat in discarding order, so a record
    # never discards out of turn; the engine API can
    e = _engine("discard")
    assert e.to_act == 1
    err = _raises("IT-DISCARD-TURN", e.verify_discard, 2, ("DN",))
    assert "seat 1 discards now" in err.message


def test_call_missing(e1: dict) -> None:
    # the partner call is left out: the first announcement comes before it
    del e1["exchange"]["call"]
    _only(e1, "IT-CALL-MISSING", "/declarations/0")


def test_call_missing_record_ends(e1: dict) -> None:
    del e1["exchange"]["call"]
    for key in ("declarations", "play", "result"):
        del e1[key]
    _only(e1, "IT-CALL-MISSING", "")


# -- announcements -------------------------------------------------------------------------------
def test_decl_turn(e1: dict) -> None:
    # the declarer (seat 1) speaks first after his call, not seat 2
    e1["declarations"][0]["seat"] = 2
    _only(e1, "IT-DECL-TURN", "/declarations/0")


def test_announce_repeat(e1: dict) -> None:
    e1["declarations"][0]["say"].append("trull")
    _only(e1, "IT-ANNOUNCE-REPEAT", "/declarations/0/say/1")


def test_kontra_target(e1: dict) -> None:
    # seat 2 kontras volat, which nobody announced (instead of the declarer's trull)
    e1["declarations"][1]["say"] = ["kontra:volat"]
    _only(e1, "IT-KONTRA-TARGET", "/declarations/1/say/0")


def test_trick_target(e1: dict) -> None:
    # seat 3 adds king_ultimo:S to his pagat_ultimo: both need trick 9 (default rule G18)
    e1["declarations"][2]["say"].append("king_ultimo:S")
    _only(e1, "IT-TRICK-TARGET", "/declarations/2/say/3")


def test_trick_target_off_by_rule(e1: dict) -> None:
    e1["declarations"][2]["say"].append("king_ultimo:S")
    e1["rules"] = {"options": {"one_bonus_per_trick_target": "false"}}
    assert "IT-TRICK-TARGET" not in [c for c, _ in _findings(e1)]


def test_say_unknown_engine_api() -> None:
    # a record cannot carry an unknown statement: the schema's pattern refuses it (REC-SCHEMA)
    rec = copy.deepcopy(E1)
    rec["declarations"][0]["say"] = ["kontra:bogus"]
    assert [c for c, _ in _findings(rec)] == ["REC-SCHEMA"]
    e = _engine("declare")
    assert e.to_act == 1
    err = _raises("IT-SAY-UNKNOWN", e.verify_declare, 1, ("trull", "bogus"))
    assert err.sub == "/say/1"
    _raises("IT-SAY-UNKNOWN", e.verify_declare, 1, ("kontra:bogus",))
    _raises("IT-SAY-UNKNOWN", e.verify_declare, 1, (7,))


# -- play ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("trick, j, card, where", [
    (0, 1, "CK", "belongs to seat 2"),
    (0, 1, "DJ", "seat 0 discarded"),
    (1, 1, "SJ", "already played in trick 1"),
])
def test_not_in_hand(e1: dict, trick: int, j: int, card: str, where: str) -> None:
    e1["play"][trick][j] = card
    rep = validate_record(e1)
    assert [(f.code, f.pointer) for f in rep.findings] == [("IT-NOT-IN-HAND",
                                                            f"/play/{trick}/{j}")]
    assert where in rep.findings[0].message


@pytest.mark.parametrize("trick", [0, 8])
def test_trick_size_short(e1: dict, trick: int) -> None:
    e1["play"][trick].pop()
    _only(e1, "IT-TRICK-SIZE", f"/play/{trick}")


def test_trick_size_long(e1: dict) -> None:
    e1["play"][0].append("T1")
    _only(e1, "IT-TRICK-SIZE", "/play/0")


def test_tricks_extra(e1: dict) -> None:
    e1["play"].append(list(e1["play"][0]))
    _only(e1, "IT-TRICKS-EXTRA", "/play/9/0")


def test_tricks_missing(e1: dict) -> None:
    del e1["play"][-1]
    del e1["result"]
    _only(e1, "IT-TRICKS-MISSING", "/play")


def test_seat_beyond_the_table(e1: dict) -> None:
    e1["auction"][0]["seat"] = 7
    _only(e1, "IT-SEAT", "/auction/0")


def test_result_tricks(e1: dict) -> None:
    e1["result"]["tricks"] = [2, 4, 0, 3]
    _only(e1, "RESULT-TRICKS", "/result/tricks")


def test_result_partner_and_points(e1: dict) -> None:
    e1["result"]["partner"] = 2
    e1["result"]["points"] = [74, 20]
    assert sorted(_findings(e1)) == [("RESULT-PARTNER", "/result/partner"),
                                     ("RESULT-POINTS", "/result/points")]
