"""Every Ulti finding code that no sample expects, each from its smallest trigger.

Most are one-point mutations of a valid sample, validated as a whole record (code and JSON
Pointer). A few tokens can never reach the engine from a record because the schema
(REC-SCHEMA) refuses them first; those are tested through the engine API (or the game's
replay) and say so.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from tarockrec import games
from tarockrec.engine import Action
from tarockrec.errors import IllegalAction
from tarockrec.validate import validate_record

VALID = Path(__file__).resolve().parents[1] / "samples" / "ulti" / "valid"


def _load(stem: str) -> dict:
    return json.loads((VALID / f"{stem}.json").read_text(encoding="utf-8"))


def _findings(rec: dict) -> list[tuple[str, str]]:
    return [(f.code, f.pointer) for f in validate_record(rec).findings]


def _only(rec: dict, code: str, pointer: str) -> None:
    assert _findings(rec) == [(code, pointer)]


@pytest.fixture
def u02() -> dict:
    """Hearts Simple + Ulti, seat 1 soloist; marriages and Ulti doubles at tricks 1 and 2."""
    rec = _load("u02_hearts_simple_ulti_redoubled")
    assert _findings(rec) == []
    return copy.deepcopy(rec)


@pytest.fixture
def u09() -> dict:
    """Hearts Simple conceded by seat 1 before the first card (no play)."""
    rec = _load("u09_hearts_simple_conceded")
    assert _findings(rec) == []
    return copy.deepcopy(rec)


def _u02_engine():
    """The u02 deal with its auction applied through the engine API: play phase, seat 1 to
    lead trick 1."""
    rec = _load("u02_hearts_simple_ulti_redoubled")
    g = games.get("ulti")
    rules = g.Rules()
    e, found = g.make_engine(rules, 3, rec["dealer"], rec["deal"], g.initial_carry(rules, 3))
    assert e is not None and not found
    return g, e


def _raises(code: str, fn, *args) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.code == code
    return info.value


# -- auction -------------------------------------------------------------------------------------
def test_auction_incomplete_with_play() -> None:
    # the second pass is missing: the first card comes while the auction still runs
    rec = _load("u01_spades_simple")
    del rec["auction"][-1]
    _only(rec, "UL-AUCTION-INCOMPLETE", "/play/0/0")


def test_auction_incomplete_record_ends(u09: dict) -> None:
    # the record stops after the bid and one pass (no end, no play)
    del u09["auction"][-1]
    del u09["end"]
    del u09["result"]
    _only(u09, "UL-AUCTION-INCOMPLETE", "")


def test_contract_unknown(u09: dict) -> None:
    # the schema's id grammar allows it; it names a part twice, so it is no contract id
    u09["auction"][0]["contract"] = "hearts_simple_simple"
    _only(u09, "UL-CONTRACT-UNKNOWN", "/auction/0/contract")


def test_contract_unknown_on_a_score_sheet(u09: dict) -> None:
    # not canonical (parts out of order): a score sheet's written contract is checked too
    sheet = {k: v for k, v in u09.items() if k not in ("deal", "end")}
    sheet["result"]["contract"] = "hearts_ulti_simple"
    assert ("UL-CONTRACT-UNKNOWN", "/result/contract") in _findings(sheet)


def test_suit_not_forehand(u09: dict) -> None:
    # seat 2 (not forehand) names a suit with his pass
    u09["auction"][1]["suit"] = "H"
    _only(u09, "UL-SUIT-NOT-FOREHAND", "/auction/1/suit")


def test_suit_unknown_engine_api() -> None:
    # a record cannot name an unknown suit: the schema enumerates S C H D (REC-SCHEMA)
    rec = _load("u09_hearts_simple_conceded")
    rec["auction"][0]["suit"] = "X"
    assert [c for c, _ in _findings(rec)] == ["REC-SCHEMA"]
    _, e = _u02_engine()
    err = _raises("UL-SUIT-UNKNOWN", e.verify_name_suit, 1, "X")
    assert err.token == "X"


def test_call_unknown_through_replay() -> None:
    # the schema enumerates the calls (bid, pass), so a record never reaches this check;
    # it lives in the game's replay, so the replay is run on an unchecked record
    rec = _load("u09_hearts_simple_conceded")
    rec["auction"][1]["call"] = "double"
    assert [c for c, _ in _findings(rec)] == ["REC-SCHEMA"]
    g, e = _u02_engine()
    steps = list(g.replay(rec, e))
    sub, step = steps[-1]
    assert sub == "/auction/1/call"
    assert isinstance(step, IllegalAction) and step.code == "UL-CALL-UNKNOWN"


# -- the end -------------------------------------------------------------------------------------
def test_end_type_through_replay() -> None:
    # the schema allows only end type "concede", so a record never reaches this check;
    # it lives in the game's replay, so the replay is run on an unchecked record
    rec = _load("u09_hearts_simple_conceded")
    rec["end"]["type"] = "annul"
    assert [c for c, _ in _findings(rec)] == ["REC-SCHEMA"]
    g, e = _u02_engine()
    steps = list(g.replay(rec, e))
    sub, step = steps[-1]
    assert sub == "/end/type"
    assert isinstance(step, IllegalAction) and step.code == "UL-END"


def test_after_concede(u09: dict) -> None:
    # a double said after the soloist conceded (the record has no card)
    u09["declarations"] = [{"seat": 0, "trick": 1, "say": ["double:main"]}]
    _only(u09, "UL-AFTER-CONCEDE", "/declarations/0")


def test_after_concede_engine_api() -> None:
    g, e = _u02_engine()
    e.name_suit(1, "H")
    e.bid(1, ("hearts_simple", ("C7", "D8")))
    e.apply(Action("pass", 2))
    e.apply(Action("pass", 0))
    e.concede(1)
    _raises("UL-AFTER-CONCEDE", e.verify_play, 1, "HJ")


def test_after_end(u02: dict) -> None:
    # a declaration dated trick 11, after all 10 tricks; the empty turn at trick 10 makes the
    # replay read the declarations card by card to the end (a trick-11 date alone is out of
    # range and is checked before trick 4 as UL-DECL-TIMING)
    u02["declarations"] += [{"seat": 1, "trick": 10, "say": []},
                            {"seat": 0, "trick": 11, "say": ["double:main"]}]
    _only(u02, "UL-AFTER-END", "/declarations/5")


# -- declarations --------------------------------------------------------------------------------
def test_decl_timing(u02: dict) -> None:
    # seat 2's double and seat 0's marriage (both trick 1) written in the wrong order: seat 2's
    # turn comes after seat 0 has played, i.e. after the card it went with
    d = u02["declarations"]
    d[1], d[2] = d[2], d[1]
    _only(u02, "UL-DECL-TIMING", "/declarations/2/trick")


def test_double_target() -> None:
    # Durch NT Double has no Ulti part: double:main → double:ulti
    rec = _load("u10_durch_nt_double_surdoubled")
    k, i = next((k, d["say"].index("double:main")) for k, d in enumerate(rec["declarations"])
                if "double:main" in d["say"])
    rec["declarations"][k]["say"][i] = "double:ulti"
    _only(rec, "UL-DOUBLE-TARGET", f"/declarations/{k}/say/{i}")


def test_marriage_twice(u02: dict) -> None:
    u02["declarations"][0]["say"].append("marriage:H")
    _only(u02, "UL-MARRIAGE-TWICE", "/declarations/0/say/1")


def test_say_unknown_engine_api() -> None:
    # a record cannot carry an unknown declaration: the schema's pattern refuses it (REC-SCHEMA)
    rec = _load("u02_hearts_simple_ulti_redoubled")
    rec["declarations"][0]["say"] = ["marriage:X"]
    assert [c for c, _ in _findings(rec)] == ["REC-SCHEMA"]
    _, e = _u02_engine()
    e.name_suit(1, "H")
    e.bid(1, ("hearts_simple_ulti", ("C7", "D8")))
    e.apply(Action("pass", 2))
    e.apply(Action("pass", 0))
    err = _raises("UL-SAY-UNKNOWN", e.verify_declare, 1, (1, ("marriage:H", "marriage:X")))
    assert err.sub == "/say/1"
    _raises("UL-SAY-UNKNOWN", e.verify_declare, 1, (1, ("quadruple:main",)))


# -- play ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("trick, j, card, where", [
    (0, 1, "SK", "belongs to seat 0"),           # another seat's card
    (0, 1, "C7", "talon"),                       # the soloist's discard
    (4, 1, "S7", "already played in trick 1"),   # a card of trick 1 again
])
def test_not_in_hand(u02: dict, trick: int, j: int, card: str, where: str) -> None:
    u02["play"][trick][j] = card
    rep = validate_record(u02)
    assert [(f.code, f.pointer) for f in rep.findings] == [("UL-NOT-IN-HAND",
                                                            f"/play/{trick}/{j}")]
    assert where in rep.findings[0].message


@pytest.mark.parametrize("trick", [0, 5])   # card-by-card path (tricks 1–3) and fast path
def test_trick_size(u02: dict, trick: int) -> None:
    u02["play"][trick].pop()
    _only(u02, "UL-TRICK-SIZE", f"/play/{trick}")


def test_tricks_extra(u02: dict) -> None:
    u02["play"].append(list(u02["play"][0]))
    _only(u02, "UL-TRICKS-EXTRA", "/play/10/0")


def test_declaration_for_a_trick_that_does_not_exist() -> None:
    """A declaration dated trick 11 (a deal has ten) is named as such, wherever it stands."""
    g = games.get("ulti")
    e = g.random_deal(random.Random(4), 3, 0, g.Rules(), g.initial_carry(g.Rules(), 3))
    rng = random.Random(5)
    while e.phase != "play":
        e.apply(g.choose(e, rng))
    with pytest.raises(IllegalAction) as err:
        e.verify_declare(e.to_act, (11, ()))
    assert err.value.code == "UL-DECL-TIMING" and "tricks 1 to 10" in err.value.message


def _one_trick_betli() -> dict:
    """§9 U4's deal, but the soloist wins trick 1 with SA: the Betli is decided after one trick
    and the record legally stops there (§6.6)."""
    rec = json.loads((VALID / "u04_betli_doubled_early_end.json").read_text())
    rec.pop("result")
    rec["play"] = [["SA", "S8", "S9"]]
    return rec


def test_declaration_for_an_unplayed_trick_is_refused() -> None:
    """§5.4: a redouble goes with the soloist's card to trick 2; when play ends after trick 1
    that window never comes, so the redouble cannot count (issue: it doubled the score)."""
    rec = _one_trick_betli()
    report = validate_record(rec)
    assert report.valid and report.scores[0].deltas == [-20, 10, 10]
    rec["declarations"].append({"seat": 0, "trick": 2, "say": ["redouble:main"]})
    report = validate_record(rec)
    assert [(f.code, f.pointer) for f in report.findings] == [("UL-DECL-TIMING", "/declarations/1")]
