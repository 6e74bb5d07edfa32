"""Cego rules, one §9 row (or rule) at a time: the engine refuses each illegal action with its
code, and the validator names the place in a record (rules/cego.md §3–§6, §9)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from tarockrec import games
from tarockrec.engine import Action
from tarockrec.errors import IllegalAction
from tarockrec.games.cego import CegoEngine, CegoRules
from tarockrec.games.cego.contracts import INFO
from tarockrec.generate import record_of
from tarockrec.validate import validate_record

G = games.get("cego")
assert G is not None


def deal(n: int, dealer: int, fixed: dict[int, str] | None = None, talon: str = "",
         seed: int = 0, **options: Any) -> CegoEngine:
    """An engine whose seats hold the ``fixed`` cards (the rest dealt at random)."""
    info = INFO[n]
    pack = info.pack
    fixed = fixed or {}
    rng = random.Random(seed)
    used = {c for cs in fixed.values() for c in cs.split()} | set(talon.split())
    rest = [c for c in pack.codes if c not in used]
    rng.shuffle(rest)
    tal = talon.split() or [rest.pop() for _ in range(info.talon_size)]
    hands = []
    for s in range(n):
        h = fixed.get(s, "").split()
        while len(h) < info.hand_size:
            h.append(rest.pop())
        hands.append(pack.mask(h))
    return CegoEngine(CegoRules("default", options), n, dealer, hands, pack.mask(tal))


def run(e: CegoEngine, calls: str) -> CegoEngine:
    for item in calls.split():
        seat, call = item.split(":")
        e.call(int(seat), call)
    return e


def refused(e: CegoEngine, action: Action, code: str) -> str:
    assert not e.can(action)
    with pytest.raises(IllegalAction) as err:
        e.apply(action)
    assert err.value.code == code, (err.value.code, str(err.value))
    return str(err.value)


def call(seat: int, c: str) -> Action:
    return Action("call", seat, c)


ALL_PASS3 = "0:pass 1:pass 2:pass"
ALL_PASS4 = "0:pass 1:pass 2:pass 3:pass"
PIPS = "S10 S9 H3 D2"            # pips of three suits, two spades


# -- §3.3 the Solo round (§9 rows 2–4) -------------------------------------------------------
def test_row2_stage1_starts_at_forehand() -> None:
    e = deal(3, 0)
    assert refused(e, call(2, "pass"), "CE-TURN")
    assert e.to_act == 1


def test_row3_only_solo_or_pass_in_stage1() -> None:
    e = deal(3, 2)
    for c in ("cego", "eine", "hold", "piccolo"):
        refused(e, call(0, c), "CE-STAGE1-CALL")
    refused(e, call(0, "nonsense"), "CE-CALL-UNKNOWN")


def test_row4_no_second_solo() -> None:
    e = run(deal(3, 2), "0:solo")
    refused(e, call(1, "solo"), "CE-SOLO-AGAIN")


def test_solo_ends_stage1_at_once_and_stands() -> None:
    e = run(deal(3, 0), "1:solo 2:pass 0:pass")
    assert (e.contract, e.declarer, e.solo_bid, e.phase) == ("solo", 1, True, "play")
    assert e.legage == e.talon


# -- §3.4 the ranked auction (§9 rows 5–10) ---------------------------------------------------
def test_row5_forehand_must_open_with_cego() -> None:
    e = run(deal(3, 2), ALL_PASS3)
    refused(e, call(0, "pass"), "CE-OPEN-PASS")
    refused(e, call(0, "eine"), "CE-JUMP")
    refused(e, call(0, "hold"), "CE-HOLD")


def test_row6_exact_step() -> None:
    e = run(deal(3, 2, {1: PIPS}), ALL_PASS3 + " 0:cego")
    refused(e, call(1, "eine_leere"), "CE-JUMP")
    refused(e, call(1, "cego"), "CE-BID-LOW")
    refused(e, call(1, "hold"), "CE-HOLD")


def test_row7_holder_only_holds_or_passes() -> None:
    e = run(deal(3, 2, {0: PIPS, 1: "H4"}), ALL_PASS3 + " 0:cego 1:eine")
    refused(e, call(0, "eine_leere"), "CE-HOLDER-RAISES")
    run(e, "0:hold 1:eine_leere 0:hold")


def test_row8_passed_player_never_speaks_again() -> None:
    e = run(deal(3, 2, {1: PIPS, 2: "H4 D1"}), ALL_PASS3 + " 0:cego 1:pass 2:eine")
    refused(e, call(1, "hold"), "CE-PASSED")
    refused(e, call(1, "eine_leere"), "CE-PASSED")


def test_row9_solo_bidder_takes_no_part() -> None:
    e = run(deal(3, 2), "0:pass 1:solo")
    refused(e, call(1, "cego"), "CE-SOLO-BIDDER")
    assert e.to_act == 2            # seat 2 (right of S = 1) has priority


def test_row10_hand_restrictions_bind_bids_and_holds() -> None:
    no_pips = "T1 T2 T3 T4 T5 T6 T7 T8 T9 SK CK HK DK"
    e = run(deal(3, 2, {0: PIPS, 1: no_pips}), ALL_PASS3 + " 0:cego 1:eine 0:hold")
    assert "pip" in refused(e, call(1, "eine_leere"), "CE-HAND")
    # pfeife without T1
    e = run(deal(3, 2, {0: "T1 " + PIPS, 1: "S10 S9 C10 C9 H1 H2"}),
            ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:hold "
                        "1:zwei_verschiedene 0:hold")
    refused(e, call(1, "pfeife"), "CE-HAND")
    # a hold at Zwei Leere without two pips of one suit
    e = run(deal(3, 2, {0: "S10 H3 D2 " + "SK CK HK DK SQ CQ HQ DQ T21 T22", 1: PIPS}),
            ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere")
    refused(e, call(0, "hold"), "CE-HAND")


def test_pfeife_is_the_top() -> None:
    e = run(deal(3, 2, {1: "T1 S10 S9 H3", 0: "S8 C10 C9 H4"}),
            ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:hold "
                        "1:zwei_verschiedene 0:hold 1:pfeife 0:pass")
    assert "top" in refused(e, call(2, "pfeife"), "CE-BID-LOW")
    run(e, "2:pass")
    assert (e.contract, e.declarer, e.raised) == ("pfeife", 1, True)


def test_after_solo_first_participant_passes_second_declares() -> None:
    e = run(deal(3, 2), "0:solo 1:pass 2:cego")
    assert (e.contract, e.declarer, e.solo_bid) == ("cego", 2, True)


def test_three_player_example_sequences_of_3_8() -> None:
    e = run(deal(3, 2, {1: PIPS, 0: "H4"}),
            ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass 2:pass")
    assert (e.contract, e.declarer, e.solo_bid) == ("zwei_leere", 1, False)
    e = run(deal(4, 0, {0: "H4"}), "1:pass 2:solo 3:pass 0:cego 1:eine 0:hold 1:pass")
    assert (e.contract, e.declarer, e.solo_bid) == ("eine", 0, True)


# -- §3.6 4 players: Piccolo / Bettel and Räuber (§9 rows 11, 12) -----------------------------
def test_row11_stage_structure() -> None:
    e = run(deal(4, 0), "1:pass 2:solo")
    refused(e, call(3, "piccolo"), "CE-NO-PB")
    e = run(deal(4, 0), "1:pass 2:pass 3:pass 0:pass 1:piccolo")
    refused(e, call(2, "piccolo"), "CE-PB-ROUND")
    refused(e, call(2, "cego"), "CE-PB-ROUND")
    refused(e, call(1, "bettel"), "CE-TURN")
    run(e, "2:pass 3:pass 0:pass")
    assert (e.contract, e.declarer) == ("piccolo", 1)
    refused(e, call(2, "cego"), "CE-AUCTION-OVER")
    e = run(deal(4, 0), "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:bettel")
    assert (e.contract, e.declarer, e.phase) == ("bettel", 2, "play")
    refused(e, call(3, "pass"), "CE-AUCTION-OVER")
    e = run(deal(4, 3), ALL_PASS4 + " " + ALL_PASS4)
    refused(e, call(0, "piccolo"), "CE-NO-PB")


RAEUBER = ALL_PASS4 + " " + ALL_PASS4 + " 0:cego 1:pass 2:pass 3:pass"


def test_row12_raeuber_conditions() -> None:
    e = run(deal(3, 2), ALL_PASS3 + " 0:cego 1:pass 2:pass")
    assert "3-player" in refused(e, call(0, "raeuber"), "CE-RAEUBER")
    e = run(deal(4, 0), "1:solo 2:pass 3:pass 0:pass")
    assert "Solo" in refused(e, call(1, "raeuber"), "CE-RAEUBER")
    e = run(deal(4, 3, {1: "H4"}), ALL_PASS4 + " " + ALL_PASS4 +
            " 0:cego 1:eine 0:hold 1:pass 2:pass 3:pass")
    assert (e.contract, e.raised) == ("eine", True)
    refused(e, call(0, "raeuber"), "CE-RAEUBER")
    e = run(deal(4, 3), RAEUBER)
    assert e.phase == "choose" and e.to_act == 0
    refused(e, call(1, "raeuber"), "CE-RAEUBER")
    refused(e, call(1, "pass"), "CE-AUCTION-OVER")
    e2 = run(deal(4, 3), RAEUBER)
    refused(e2, call(0, "raeuber") if False else Action("keep", 0, ("T1",)),
            "CE-AUCTION-INCOMPLETE")
    run(e, "0:raeuber")
    assert (e.contract, e.declarer, e.phase, e.to_act) == ("raeuber", None, "play", 0)
    e = run(deal(4, 3), ALL_PASS4)
    refused(e, call(0, "raeuber"), "CE-RAEUBER")


def test_raeuber_choice_absent_means_cego() -> None:
    e = run(deal(4, 3), RAEUBER)
    rec = {"tarockrec": 1, "game": "cego", "players": list("ABCD"), "dealer": 3,
           "deal": {"hands": [e.pack.codes_of(h) for h in e.dealt],
                    "talon": e.pack.codes_of(e.talon)},
           "auction": [{"seat": s, "call": c} for s, c in e.calls]}
    found = validate_record(rec).findings
    assert [(f.code, f.pointer) for f in found] == [("CE-EXCHANGE-MISSING", "")]


# -- §4.2 the exchange (§9 rows 13–15) -------------------------------------------------------
def cego3(fixed: dict[int, str] | None = None, talon: str = "", contract: str = "cego",
          **options: Any) -> CegoEngine:
    """3 players, dealer 2: seat 1 gets ``contract`` (seat 0 holds to zwei_verschiedene)."""
    steps = ["eine", "eine_leere", "zwei_leere", "zwei_verschiedene", "pfeife"]
    calls = ALL_PASS3 + " 0:cego"
    for c in steps[:steps.index(contract) + 1] if contract != "cego" else []:
        calls += f" 1:{c} 0:hold" if c != contract else f" 1:{c} 0:pass 2:pass"
    if contract == "cego":
        calls += " 1:pass 2:pass"
    return run(deal(3, 2, fixed, talon, **options), calls)


def test_row13_cego_exchange() -> None:
    e = cego3({0: "H4 S8 C8 H3 D3"})
    assert (e.contract, e.declarer) == ("cego", 0)
    hand = e.pack.codes_of(e.dealt[0])
    refused(e, Action("keep", 0, (hand[0],)), "CE-KEEP")
    refused(e, Action("keep", 0, (hand[0], hand[0])), "CE-KEEP")
    talon_card = e.pack.codes_of(e.talon)[0]
    assert "dealt hand" in refused(e, Action("keep", 0, (hand[0], talon_card)), "CE-KEEP")
    refused(e, Action("keep", 1, tuple(hand[:2])), "CE-TURN")
    refused(e, Action("discard", 0, hand[0]), "CE-EXCHANGE-MISSING")
    e.keep(0, tuple(hand[:2]))
    assert bin(e.hands[0]).count("1") == 14
    refused(e, Action("play", 0, hand[0]), "CE-EXTRA-MISSING")
    refused(e, Action("keep", 0, tuple(hand[:2])), "CE-KEEP")
    refused(e, Action("discard", 0, hand[5]), "CE-EXTRA-DISCARD")   # laid away already
    e.discard(0, hand[0])                                            # a kept card may go
    assert e.phase == "play" and bin(e.legage).count("1") == 12
    refused(e, Action("discard", 0, hand[1]), "CE-EXTRA-DISCARD")


def test_row14_kept_cards_and_extra_discard() -> None:
    # Zwei Leere: the extra discard is the lowest trump of K ∪ T
    e = cego3({0: "T1 S10 C10 H4", 1: "S9 S8 H3 D2"}, talon="T3 T5 T9 T12 T15 T18 SK CK HK "
              "DK SQ CQ", contract="zwei_leere")
    refused(e, Action("keep", 1, ("S9", "H3")), "CE-KEEP-KIND")
    refused(e, Action("keep", 1, ("S9", "SK")) if False else Action("keep", 1, ("S9", "T1")),
            "CE-KEEP")
    e.keep(1, ("S9", "S8"))
    assert "T3" in refused(e, Action("discard", 1, "T5"), "CE-EXTRA-DISCARD")
    e.discard(1, "T3")
    # Zwei Verschiedene: kept S10 S9 is one suit; the extra discard is the highest trump
    e = cego3({0: "T1 S8 C10 H4 D3", 1: "S10 S9 H3 D2"}, talon="T3 T5 T9 T12 T15 T18 SK CK HK "
              "DK SQ CQ", contract="zwei_verschiedene")
    refused(e, Action("keep", 1, ("S10", "S9")), "CE-KEEP-KIND")
    e.keep(1, ("S10", "H3"))
    refused(e, Action("discard", 1, "T3"), "CE-EXTRA-DISCARD")
    e.discard(1, "T18")
    # Eine Leere keeps a pip card: not SK, not T4
    e = cego3({0: "H4", 1: "SK T4 S10"}, contract="eine_leere")
    refused(e, Action("keep", 1, ("SK",)), "CE-KEEP-KIND")
    refused(e, Action("keep", 1, ("T4",)), "CE-KEEP-KIND")
    e.keep(1, ("S10",))
    assert e.phase == "play"
    refused(e, Action("discard", 1, "T4"), "CE-EXTRA-NONE")
    # Pfeife keeps T1 only
    e = cego3({0: "T2 S10 S9 H3 D2", 1: "T1 S8 C9 C8 H4 D1"}, contract="pfeife")
    refused(e, Action("keep", 1, ("S8",)), "CE-KEEP-KIND")
    e.keep(1, ("T1",))


def test_g12_no_trump_in_k_and_t() -> None:
    talon = "SK CK HK DK SQ CQ HQ DQ SN CN HN DN"
    e = cego3({0: "T1 S8 C10 H4 D3", 1: "S10 S9 H3 D2"}, talon=talon,
              contract="zwei_verschiedene")
    e.keep(1, ("S10", "H3"))
    refused(e, Action("discard", 1, "S10"), "CE-EXTRA-DISCARD")
    e.discard(1, "SK")


def test_row15_talon_unused_in_solo_pb_raeuber() -> None:
    e = run(deal(3, 0, talon="T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11"), "1:solo")
    run(e, "2:pass 0:pass")
    refused(e, Action("play", 1, "T22"), "CE-TALON-CARD")
    refused(e, Action("keep", 1, ("T22",)), "CE-NO-EXCHANGE")
    e = run(deal(4, 3, talon="T21 SK T2 T3 T4 T5 T6 T7 T8 T9"), RAEUBER + " 0:raeuber")
    refused(e, Action("play", 0, "T21"), "CE-TALON-CARD")


# -- §4.5 the Solo-hand challenge (§9 row 16) ------------------------------------------------
def test_row16_challenge() -> None:
    e = cego3({0: "H4", 1: PIPS}, contract="eine_leere")
    e.keep(1, ("S10",))
    refused(e, Action("challenge", 0), "CE-CHALLENGE")
    refused(e, Action("challenge", 2), "CE-CHALLENGE")
    assert e.can_challenge(1)
    lead = next(a for a in e.legal_actions if a.kind == "play")
    e.apply(lead)
    assert "first lead" in refused(e, Action("challenge", 1), "CE-CHALLENGE")
    e = run(deal(3, 2), "0:solo 1:cego 2:pass")
    e.keep(1, tuple(e.pack.codes_of(e.dealt[1])[:2]))
    e.discard(1, e.pack.codes_of(e.hands[1])[0])
    assert "Solo bid" in refused(e, Action("challenge", 1), "CE-CHALLENGE")
    e = run(deal(3, 0), "1:solo 2:pass 0:pass")
    refused(e, Action("challenge", 1), "CE-CHALLENGE")
    e = run(deal(4, 0), "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:bettel")
    refused(e, Action("challenge", 2), "CE-CHALLENGE")
    e = run(deal(4, 3), RAEUBER + " 0:raeuber")
    refused(e, Action("challenge", 0), "CE-CHALLENGE")
    # cards after a challenge
    e = cego3({0: "H4", 1: PIPS}, contract="eine_leere")
    refused(e, Action("challenge", 1), "CE-EXCHANGE-MISSING")
    e.keep(1, ("S10",))
    e.challenge(1)
    assert e.is_over and e.expected_next() is None
    refused(e, Action("play", 1, "S10"), "CE-AFTER-CHALLENGE")
    refused(e, Action("challenge", 1), "CE-AFTER-CHALLENGE")


def test_challenge_multiple_solo_hands_option() -> None:
    hand0 = "T22 T19 T15 T12 T9 T6 T4 T2 S10 S9 HK H3 D2"
    hand2 = "T21 T20 T16 T14 T13 T11 T10 T8 T7 SQ CK CQ HQ"
    # G6 first_only: the first Solo hand in seat order after the declarer (seat 1) is seat 2
    for option, sheet in (("each", [32, 64, 32]), ("first_only", [32, 32, 0])):
        e = deal(3, 2, {0: hand0, 1: "S8 C10 C9 H4", 2: hand2}, multiple_solo_hands=option)
        run(e, ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass "
               "2:pass")
        keep = [c for c in e.pack.codes_of(e.dealt[1]) if c[0] != "T" and c[1:].isdigit()]
        pair = next((a, b) for a in keep for b in keep if a < b and a[0] == b[0])
        e.keep(1, pair)
        e.discard(1, e.pack.codes_of(e.extra_allowed())[0])
        e.challenge(1)
        assert e.score().facts["sheet"] == sheet


def test_solo_hand_high_option() -> None:
    # 8 trumps with T22 and one more high: a Solo hand only while the Stieß counts
    hand0 = "T22 T18 T15 T12 T9 T6 T4 T2 S10 S9 HK H3 D2"
    for option, sheet in (("t18_t22", [0, 32, 32]), ("t18_t21", [32, 0, 32])):
        e = deal(3, 2, {0: hand0, 1: "S8 C10 C9 H4", 2: "T21 SK SQ CK CQ HQ HN DK"},
                 solo_hand_high=option)
        run(e, ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass "
               "2:pass")
        keep = [c for c in e.pack.codes_of(e.dealt[1]) if c[0] != "T" and c[1:].isdigit()]
        pair = next((a, b) for a in keep for b in keep if a < b and a[0] == b[0])
        e.keep(1, pair)
        e.discard(1, e.pack.codes_of(e.extra_allowed())[0])
        e.challenge(1)
        assert e.score().facts["sheet"] == sheet


# -- §5 play (§9 rows 17–20) -----------------------------------------------------------------
def test_rows17_to_19_play() -> None:
    e = run(deal(3, 0, {1: "T22 T21 T20 S10 SK", 2: "T2 HK HQ SQ", 0: "H1 H2 CK S9 T3"}),
            "1:solo 2:pass 0:pass")
    refused(e, Action("play", 2, "HK"), "CE-TURN")
    refused(e, Action("play", 1, "HK"), "CE-LEAD")          # HK belongs to seat 2
    e.play(1, "T20")                                         # trump led
    assert "trump" in refused(e, Action("play", 2, "HK"), "CE-FOLLOW")
    e.play(2, "T2")
    e.play(0, "T3")
    refused(e, Action("play", 1, "T20"), "CE-NOT-IN-HAND")  # played twice
    e.play(1, "SK")                                          # seat 1 won and leads spades
    e.play(2, "SQ")
    assert e.hands[0] & e.pack.suit_mask["S"]
    refused(e, Action("play", 0, "H1"), "CE-FOLLOW")


def test_row18_void_must_trump() -> None:
    e = run(deal(3, 0, {1: "HK T22", 2: "T2 SQ SK SN SJ S10 S9 S8 C8 C9 C10 CJ CN"}),
            "1:solo 2:pass 0:pass")
    e.play(1, "HK")
    refused(e, Action("play", 2, "S9"), "CE-RUFF")
    e.play(2, "T2")


def test_row20_stops_before_the_last_trick() -> None:
    rec = next(r for r in _records(3) if r["result"]["contract"] == "cego" and "play" in r)
    short = dict(rec, play=rec["play"][:12])
    del short["result"]
    assert [(f.code, f.pointer) for f in validate_record(short).findings] == [
        ("CE-TRICKS-MISSING", "/play")]
    extra = dict(rec, play=rec["play"] + [rec["play"][0]])
    assert [(f.code, f.pointer) for f in validate_record(extra).findings] == [
        ("CE-TRICKS-EXTRA", "/play/13/0")]
    odd = dict(rec, play=[rec["play"][0][:2]] + rec["play"][1:])
    assert [(f.code, f.pointer) for f in validate_record(odd).findings] == [
        ("CE-TRICK-SIZE", "/play/0")]


def test_row20_bettel_stops_before_failure() -> None:
    e = run(deal(4, 0, {2: "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"}),
            "1:pass 2:pass 3:pass 0:pass 1:pass 2:bettel")
    e.play(2, "T22")
    while e.table is not None and e.table.cards:
        e.apply(next(a for a in e.legal_actions if a.kind == "play"))
    assert e.expected_next() is None                        # seat 2 won: failure decided
    e = run(deal(4, 0, {2: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"}),
            "1:pass 2:pass 3:pass 0:pass 1:pass 2:bettel")
    e.play(2, "T1")
    while e.table is not None and e.table.cards:
        e.apply(next(a for a in e.legal_actions if a.kind == "play"))
    if e.table is not None and e.table.count[2] == 0:
        assert e.expected_next() is not None and e.expected_next().code == "CE-TRICKS-MISSING"


def test_exposed_lead_option() -> None:
    e = cego3({0: "H4", 1: "S10 T5 HK H1"}, contract="eine_leere", exposed_lead="on")
    e.keep(1, ("S10",))
    others = [a for a in e.legal_actions if a.kind == "play"]
    assert all(e.pack.suits[e.pack.index[a.value]] == "S" for a in others)
    non_spade = next(c for c in e.pack.codes_of(e.hands[1]) if c[0] != "S")
    refused(e, Action("play", 1, non_spade), "CE-EXPOSED-LEAD")
    e.play(1, "S10")


def test_end_other_than_challenge() -> None:
    rec = next(r for r in _records(3) if "play" in r)
    bad = dict(rec, end={"type": "challenge", "seat": 0})
    bad["end"] = {"type": "challenge", "seat": rec["result"]["declarer"]}
    codes = {f.code for f in validate_record(bad).findings}
    assert codes & {"CE-CHALLENGE", "CE-AFTER-CHALLENGE"}
    schema_bad = dict(rec, end={"type": "concede", "seat": 0})
    assert [f.code for f in validate_record(schema_bad).findings] == ["REC-SCHEMA"]
    e = games.get("cego")
    assert e is not None
    steps = list(e.replay(dict(rec, end={"type": "concede"}), G.random_deal(
        random.Random(1), 3, rec["dealer"], CegoRules(), {})))
    assert any(isinstance(s, IllegalAction) and s.code == "CE-END" for _, s in steps)


# -- §6 result checks (§9 row 21) -------------------------------------------------------------
def _records(n: int, count: int = 60) -> list[dict[str, Any]]:
    rng = random.Random(f"cego-rules/{n}")
    out = []
    for i in range(count):
        rules = CegoRules()
        e = G.random_deal(rng, n, i % n, rules, {})
        while not e.is_over:
            e.apply(G.choose(e, rng))
        out.append(record_of(G, e, rules, n, i % n, {}))
    return out


def test_row21_result_checked() -> None:
    rec = next(r for r in _records(4) if r["result"]["contract"] in ("cego", "eine")
               and "points" in r["result"])
    p = rec["result"]["points"]
    bad = dict(rec, result=dict(rec["result"], points=[p[0] + 1, p[1] - 1]))
    assert [(f.code, f.pointer) for f in validate_record(bad).findings] == [
        ("RESULT-POINTS", "/result/points")]
    sheet = rec["result"]["sheet"]
    bad = dict(rec, result=dict(rec["result"], sheet=[-x for x in sheet]))
    assert [(f.code, f.pointer) for f in validate_record(bad).findings] == [
        ("RESULT-SHEET", "/result/sheet")]
    bad = dict(rec, result=dict(rec["result"], multiplier=9))
    assert [f.code for f in validate_record(bad).findings] == ["RESULT-MULTIPLIER"]


def test_score_sheet_records() -> None:
    sheet = {"tarockrec": 1, "game": "cego", "players": list("ABC"), "dealer": 2,
             "auction": [{"seat": s, "call": c} for s, c in
                         [(0, "pass"), (1, "solo"), (2, "cego"), (0, "eine"), (2, "hold"),
                          (0, "eine_leere"), (2, "pass")]],
             "result": {"declarer": 0, "contract": "eine_leere", "multiplier": 4,
                        "sheet": [0, 4, 4], "scores": [-8, 4, 4]}}
    report = validate_record(sheet)
    assert report.valid and [f.code for f in report.findings] == ["SHEET-UNVERIFIED"]
    bad = dict(sheet, result=dict(sheet["result"], multiplier=3))
    assert "RESULT-MULTIPLIER" in {f.code for f in validate_record(bad).findings}
    bad = dict(sheet, result=dict(sheet["result"], scores=[-4, 2, 2]))
    assert "RESULT-SCORES" in {f.code for f in validate_record(bad).findings}
    bad = dict(sheet, auction=sheet["auction"][:2] + [{"seat": 2, "call": "eine"}])
    assert ("CE-JUMP", "/auction/2") in {(f.code, f.pointer)
                                         for f in validate_record(bad).findings}


def test_deal_composition() -> None:
    rec = _records(3, 1)[0]
    hands = [list(h) for h in rec["deal"]["hands"]]
    hands[0][0] = "S7"
    found = validate_record(dict(rec, deal=dict(rec["deal"], hands=hands))).findings
    assert ("CARD-UNKNOWN", "/deal/hands/0/0") in {(f.code, f.pointer) for f in found}
    talon = rec["deal"]["talon"][:11]
    found = validate_record(dict(rec, deal=dict(rec["deal"], talon=talon))).findings
    assert ("DEAL-COMPOSITION", "/deal/talon") in {(f.code, f.pointer) for f in found}
    rec4 = _records(4, 1)[0]
    hands = [list(h) for h in rec4["deal"]["hands"]]
    hands[1].append(rec4["deal"]["talon"][0])
    found = validate_record(dict(rec4, deal=dict(rec4["deal"], hands=hands))).findings
    assert ("DEAL-COMPOSITION", "/deal/hands/1") in {(f.code, f.pointer) for f in found}
    found = validate_record(dict(rec4, deal=dict(rec4["deal"], talon=[rec4["deal"]["talon"]]))
                            ).findings
    assert [(f.code, f.pointer) for f in found] == [("DEAL-COMPOSITION", "/deal/talon")]


def test_deck_order() -> None:
    rec = _records(4, 1)[0]
    n, dealer = 4, rec["dealer"]
    f = (dealer + 1) % n
    deck = list(rec["deal"]["talon"])
    for i in range(n):
        deck += rec["deal"]["hands"][(f + i) % n]
    ok = dict(rec, deal=dict(rec["deal"], deck=deck))
    assert validate_record(ok).valid
    swapped = deck[:]
    swapped[0], swapped[-1] = swapped[-1], swapped[0]
    found = validate_record(dict(rec, deal=dict(rec["deal"], deck=swapped))).findings
    assert [(f.code, f.pointer) for f in found] == [("DEAL-ORDER", "/deal/talon")]


@pytest.mark.parametrize("option, value, code", [
    ("court_as_blank", "sometimes", "OPTION-VALUE"),
    ("court_as_blank", "on", None),
    ("court_as_blank_eine_leere", "on", None),
    ("raeuber_tie", "forehand", "OPTION-VALUE"),
    ("solo_hand_high", "t18_t21", None),
    ("exposed_lead", "on", None),
])
def test_appendix_a_options_honoured_or_refused(option: str, value: str,
                                                code: str | None) -> None:
    rec = _records(3, 1)[0]
    rec = dict(rec, rules={"name": "default", "options": {option: value}})
    found = [(f.code, f.pointer) for f in validate_record(rec).findings]
    if code is None:
        assert not [f for f in found if f[0].startswith("OPTION")]
    else:
        assert found == [(code, f"/rules/options/{option}")]


# -- §4.4 option court_as_blank ----------------------------------------------------------------
ZL_CALLS = ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass 2:pass"


def test_court_as_blank_relaxes_the_hand_restriction() -> None:
    # seat 1: one spade pip and SK, no other pip pair: Zwei Leere only with a court blank
    fixed = {0: "S9 C10 H4", 1: "S10 SK CK HK DK T22 T21 T20 T19 T18 T17 T16 T15"}
    e = run(deal(3, 2, fixed), ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold")
    refused(e, call(1, "zwei_leere"), "CE-HAND")
    e = run(deal(3, 2, fixed, court_as_blank="on"), ZL_CALLS)
    assert (e.contract, e.declarer) == ("zwei_leere", 1)
    assert ("SK", "S10") in set(e.legal_keeps())
    refused(e, Action("keep", 1, ("SK", "T22")), "CE-KEEP-KIND")
    e.keep(1, ("S10", "SK"))
    assert e.blanks == e.pack.mask(["SK"])


def test_court_blank_only_when_pips_do_not_suffice() -> None:
    fixed = {0: "S9 C10 H4", 1: "S10 S8 SK CK HK DK T22 T21 T20"}
    e = run(deal(3, 2, fixed, court_as_blank="on"), ZL_CALLS)
    assert "cannot meet" in refused(e, Action("keep", 1, ("S10", "SK")), "CE-KEEP-KIND")
    e.keep(1, ("S10", "S8"))
    # without the option a court is never a blank
    e = run(deal(3, 2, {0: "S9 C10 H4", 1: "S10 S8 SK"}), ZL_CALLS)
    refused(e, Action("keep", 1, ("S10", "SK")), "CE-KEEP-KIND")


def test_court_blank_ranks_lowest_in_its_suit_and_keeps_its_value() -> None:
    fixed = {0: "S9 C10 H4 T1", 1: "S10 SK CK HK DK T22 T21 T20 T19 T18 T17 T16 T15",
             2: "SQ SN SJ S8 T2 T3 T4 T5 T6 T7 T8 T9 T10"}
    e = run(deal(3, 2, fixed, court_as_blank="on"), ZL_CALLS)
    e.keep(1, ("S10", "SK"))
    e.discard(1, e.pack.codes_of(e.extra_allowed())[0])
    e.play(1, "SK")                 # the designated blank led: every spade beats it
    assert e.can_play(2, "S8") and not e.can_play(2, "T2")
    e.play(2, "S8")
    spade0 = next(c for c in e.pack.codes_of(e.hands[0]) if c[0] == "S")
    event = e.play(0, spade0)
    assert event.info is not None and event.info["winner"] in (0, 2)
    assert e.table is not None and e.table.won[event.info["winner"]] >> e.pack.index["SK"] & 1
    assert e.info.value[e.pack.index["SK"]] == 5


def test_court_as_blank_eine_leere() -> None:
    fixed = {0: "S9 C10 H4", 1: "SK CK HK DK T22 T21 T20 T19 T18 T17 T16 T15 T14"}
    calls = ALL_PASS3 + " 0:cego 1:eine 0:hold"
    e = run(deal(3, 2, fixed, court_as_blank="on"), calls)
    refused(e, call(1, "eine_leere"), "CE-HAND")                 # only Zwei Leere / Verschiedene
    e = run(deal(3, 2, fixed, court_as_blank_eine_leere="on"), calls + " 1:eine_leere 0:pass "
                                                                         "2:pass")
    e.keep(1, ("HK",))
    assert e.blanks == e.pack.mask(["HK"]) and e.phase == "play"


SHEET_BASE = {"tarockrec": 1, "game": "cego", "players": list("ABC"), "dealer": 2,
              "auction": [{"seat": s, "call": c} for s, c in
                          [(0, "pass"), (1, "solo"), (2, "cego"), (0, "eine"), (2, "hold"),
                           (0, "eine_leere"), (2, "pass")]]}


@pytest.mark.parametrize("result, ok", [
    ({"sheet": [0, 4, 4], "scores": [-8, 4, 4], "points": [33, 37]}, True),     # Ex 2
    ({"sheet": [0, 4, 4], "scores": [-8, 4, 4], "points": [41, 29]}, False),    # A = +2
    ({"sheet": [0, 3, 3], "scores": [-6, 3, 3]}, False),                        # M = 4
    ({"sheet": [8, 0, 0], "scores": [16, -8, -8]}, True),                       # A = 2
    ({"sheet": [4, 4, 0], "scores": [4, 4, -8]}, False),                        # declarer pays
    ({"sheet": [0, 4, 8], "scores": [-12, 0, 12]}, False),
])
def test_score_sheet_entries_have_the_shape_of_section_6(result: dict[str, Any],
                                                         ok: bool) -> None:
    rec = dict(SHEET_BASE, result=result)
    codes = [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]
    assert codes == ([] if ok else [("RESULT-SHEET", "/result/sheet")]), codes


@pytest.mark.parametrize("contract, calls, sheet, ok", [
    ("raeuber", RAEUBER + " 0:raeuber", [-10, 0, 0, 0], True),
    ("raeuber", RAEUBER + " 0:raeuber", [0, -5, -5, 0], True),
    ("raeuber", RAEUBER + " 0:raeuber", [-5, 0, 0, 0], False),
    ("bettel", "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:bettel", [0, 0, 15, 0], True),
    ("bettel", "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:bettel", [0, 0, 10, 0], False),
    ("solo", "1:solo 2:pass 3:pass 0:pass", [0, 3, 0, 0], True),
    ("solo", "1:solo 2:pass 3:pass 0:pass", [3, 0, 3, 3], False),   # a lost Solo has M = 2
])
def test_score_sheet_4p_shapes(contract: str, calls: str, sheet: list[int], ok: bool) -> None:
    dealer = 3 if contract == "raeuber" else 0
    auction = [{"seat": int(x.split(":")[0]), "call": x.split(":")[1]} for x in calls.split()]
    net = [4 * s - sum(sheet) for s in sheet]
    rec = {"tarockrec": 1, "game": "cego", "players": list("ABCD"), "dealer": dealer,
           "auction": auction, "result": {"contract": contract, "sheet": sheet, "scores": net}}
    codes = [f.code for f in validate_record(rec).findings if f.severity == "error"]
    assert codes == ([] if ok else ["RESULT-SHEET"]), codes


def test_score_sheet_after_a_challenge() -> None:
    calls = ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass 2:pass"
    auction = [{"seat": int(x.split(":")[0]), "call": x.split(":")[1]} for x in calls.split()]
    for sheet, ok in (([32, 64, 32], True), ([0, 32, 32], True), ([0, 30, 30], False)):
        net = [3 * s - sum(sheet) for s in sheet]
        rec = {"tarockrec": 1, "game": "cego", "players": list("ABC"), "dealer": 2,
               "auction": auction, "end": {"type": "challenge", "seat": 1},
               "result": {"sheet": sheet, "scores": net}}
        codes = [f.code for f in validate_record(rec).findings if f.severity == "error"]
        assert codes == ([] if ok else ["RESULT-SHEET"]), (sheet, codes)


def test_score_sheet_challenge_must_be_possible() -> None:
    calls = ALL_PASS3 + " 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere 0:pass 2:pass"
    auction = [{"seat": int(x.split(":")[0]), "call": x.split(":")[1]} for x in calls.split()]
    base = {"tarockrec": 1, "game": "cego", "players": list("ABC"), "dealer": 2,
            "auction": auction}
    by_defender = dict(base, end={"type": "challenge", "seat": 0})
    assert [(f.code, f.pointer) for f in validate_record(by_defender).findings
            if f.severity == "error"] == [("CE-CHALLENGE", "/end")]
    after_solo = dict(base, auction=SHEET_BASE["auction"], end={"type": "challenge", "seat": 0})
    assert [(f.code, f.pointer) for f in validate_record(after_solo).findings
            if f.severity == "error"] == [("CE-CHALLENGE", "/end")]


def test_stop_after_a_decided_failure_only() -> None:
    e = run(deal(4, 0, {2: "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"}),
            "1:pass 2:pass 3:pass 0:pass 1:pass 2:bettel")
    refused(e, Action("stop", 2), "CE-TRICKS-MISSING")
    e.play(2, "T22")
    refused(e, Action("stop", 2), "CE-TRICKS-MISSING")          # in the middle of a trick
    while e.table is not None and e.table.cards:
        e.apply(next(a for a in e.legal_actions if a.kind == "play"))
    refused(e, Action("stop", 1), "CE-TURN")
    assert Action("stop", 2) in e.legal_actions
    e.stop(2)
    assert e.is_over and e.expected_next() is None
    refused(e, Action("play", 2, "T21"), "CE-TRICKS-EXTRA")
    assert e.score().facts["sheet"] == [15, 15, 0, 15]
    strict = run(deal(4, 0, {2: "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"},
                      require_full_play="on"), "1:pass 2:pass 3:pass 0:pass 1:pass 2:bettel")
    strict.play(2, "T22")
    while strict.table is not None and strict.table.cards:
        strict.apply(next(a for a in strict.legal_actions if a.kind == "play"))
    refused(strict, Action("stop", 2), "CE-TRICKS-MISSING")


def test_a_failed_bettel_may_play_on_and_stop_later() -> None:
    """§5.5 / G16 as decided in the default rule set: the stop is allowed from the deciding
    trick on, not only right after it; the tricks played on must be legal and count."""
    from tarockrec.rulesets import for_game
    assert any("G16" in d for d in for_game("cego")["default"].provenance["decided"])
    e = run(deal(4, 0, {2: "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"}),
            "1:pass 2:pass 3:pass 0:pass 1:pass 2:bettel")
    for lead in ("T22", "T21", "T20"):            # trick 1 decides the failure; 2 and 3 go on
        e.play(2, lead)
        while e.table is not None and e.table.cards:
            e.apply(next(a for a in e.legal_actions if a.kind == "play"))
        assert Action("stop", 2) in e.legal_actions
    refused(e, Action("play", 2, "T22"), "CE-NOT-IN-HAND")    # played on: still checked
    e.stop(2)
    assert e.tricks_done == 3 and e.table is not None and e.table.count[2] == 3
    assert e.score().facts["sheet"] == [15, 15, 0, 15]
    assert [f.code for f in validate_record(record_of(G, e, e.rules, 4, 0, {})).findings
            if f.severity == "error"] == []
