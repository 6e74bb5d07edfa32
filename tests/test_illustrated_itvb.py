"""The ITVB's cup rules (rule set ``itvb``): the option values added for them —
tarokk_declaration = itvb (7.1, 7.3), free_call_when_tarokk_discarded =
only_if_declarer_holds_xx (5.6, 5.7), annul_timing = after_talon (8.2),
sole_bidder_chooses_talon (4.2), attribution_exceptions = itvb (7.2), trull_meaning_rules
(7.6-7.8) — each changes the verdict as its section says; the rule set scores the Kupa samples
as hand-computed.

Section numbers are the ITVB 4.0's (tarokk.hu/T_tajekoztatok/Illusztralt_versenyszabalyzat.pdf),
read through the summary named in the rule set's provenance."""
from __future__ import annotations

import copy
import json
import os
from typing import Any

import pytest

from tarockrec import rulesets
from tarockrec.errors import IllegalAction, RulesError
from tarockrec.games import all_games
from tarockrec.games.illustrated.contracts import PACK
from tarockrec.games.illustrated.engine import IllustratedEngine
from tarockrec.games.illustrated.rules import IllustratedRules
from tarockrec.validate import validate_record

from conftest import SAMPLES

VALID = os.path.join(SAMPLES, "illustrated", "valid")
GAME = all_games()["illustrated"]
TALON = "T14 C10 H1 DJ HJ HQ"
#: deal A of tests/test_illustrated_kupa.py
DEAL_A = [
    "T22 T21 T19 T18 T17 T16 T15 T2 S10",
    "T20 T13 T12 T11 T10 DK DQ DN HN",
    "T1 T3 T4 T5 T6 T7 T8 T9 D1",
    "SK SQ SN SJ CK CQ CN CJ HK",
]
#: deal A with the sas at the partner (s1) and T3 at the declarer: s0 keeps nine tarokks
DEAL_D = [
    "T22 T21 T19 T18 T17 T16 T15 T3 S10",
    "T20 T13 T12 T11 T2 DK DQ DN HN",
    "T1 T10 T4 T5 T6 T7 T8 T9 D1",
    "SK SQ SN SJ CK CQ CN CJ HK",
]


def itvb_part() -> dict[str, Any]:
    """The ITVB values this version implements."""
    by_name = {o.name: o for o in GAME.Rules.options}
    return {k: v for k, v in rulesets.for_game("illustrated")["itvb"].options.items()
            if by_name[k].supported is None or v in by_name[k].supported}


def rules(**options: Any) -> IllustratedRules:
    return IllustratedRules("default", options)


def dealt(r: IllustratedRules, hands: list[str]) -> IllustratedEngine:
    return IllustratedEngine(r, 4, 3, [PACK.mask(h.split()) for h in hands],
                             [PACK.index[c] for c in TALON.split()])


def to_call(r: IllustratedRules, hands: list[str], discards: list[str]) -> IllustratedEngine:
    """s0 bids three, the others pass, each seat discards as given."""
    e = dealt(r, hands)
    for s, call in ((0, "three"), (1, "pass"), (2, "pass"), (3, "pass")):
        e.bid(s, call)
    for s, cards in enumerate(discards):
        e.discard(s, tuple(cards.split()))
    return e


def code_of(fn: Any, *args: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        fn(*args)
    return err.value.code


def test_the_rule_set_is_complete() -> None:
    """All its values are implemented: it loads as a whole, with the three the ITVB needed last
    (4.2, 7.2, 7.6-7.8)."""
    r = GAME.rules({"name": "itvb"})
    assert isinstance(r, IllustratedRules)
    assert r.sole_bidder_chooses_talon and r.trull_meaning_rules
    assert r.attribution_exceptions == "itvb"
    part = itvb_part()
    assert part == rulesets.for_game("illustrated")["itvb"].options
    assert part["tarokk_declaration"] == "itvb" and part["annul_timing"] == "after_talon"
    assert part["free_call_when_tarokk_discarded"] == "only_if_declarer_holds_xx"


def test_generated_itvb_deals_raise_and_survive_the_round_trip() -> None:
    """The generator produces the only bidder's raise (4.2) under itvb; those deals are valid,
    zero-sum and survive JSON -> XML -> JSON (tests/test_rulesets.py checks generated deals of
    every complete set in general)."""
    import random

    from tarockrec.codecs import jsonio, xmlio
    from tarockrec.generate import deal_record

    r = GAME.rules({"name": "itvb"})
    rng = random.Random("itvb-raise")
    raised = 0
    for i in range(40):
        n = GAME.table_sizes[i % len(GAME.table_sizes)]
        rec = deal_record(GAME, rng, i % n, rules=r, n=n)
        bids = [c for c in rec["auction"] if c["call"] != "pass"]
        if len(bids) > 1 and len({c["seat"] for c in bids}) == 1:
            raised += 1
            assert rec["result"]["contract"] == bids[-1]["call"]
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        assert rep.scores[0] is not None and sum(rep.scores[0].deltas) == 0
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)
    assert raised


# -- 7.3: no count needed when the partner holds the card ---------------------------------------
def test_count_not_needed_when_the_partner_holds_the_card() -> None:
    """Deal D: s0 keeps nine tarokks, his partner s1 (T20) holds the sas, a defender the pagát.
    ITVB 7.3: s0 may announce the sas ultimó without stating his count, not the pagát ultimó;
    the Kupa's rule (no exception in the part of its text at hand) asks for it in both."""
    discards = ["S10 C10 H1", "DJ", "HJ", "HQ"]
    itvb = to_call(rules(sas_bonuses="true", tarokk_declaration="itvb"), DEAL_D, discards)
    kupa = to_call(rules(sas_bonuses="true", tarokk_declaration="kupa"), DEAL_D, discards)
    for e in (itvb, kupa):
        e.call(0, "T20")
    assert itvb.can_declare(0, ("sas_ultimo",)) and itvb.can_declare(0, ("sas_uhu",))
    assert code_of(itvb.declare, 0, ("pagat_ultimo",)) == "IT-TAROKK-UNDECLARED"
    assert code_of(kupa.declare, 0, ("sas_ultimo",)) == "IT-TAROKK-UNDECLARED"
    assert itvb.can_declare(0, ("nine_tarokk", "pagat_ultimo"))


def test_kontra_needs_the_count_under_itvb() -> None:
    """Deal A under the ITVB's count rule: s0 holds the sas himself, so he states his nine
    tarokks before the sas ultimó; the defender s2 (eight tarokks, his partner s3 holds no sas)
    states his before a kontra on it."""
    rec = json.load(open(os.path.join(VALID, "kupa_sas_ultimo_kontra_tarokk_count.json"),
                         encoding="utf-8"))
    rec.pop("result")
    rec["rules"] = {"name": "tarokk_kupa", "options": {"tarokk_declaration": "itvb"}}
    assert validate_record(rec).valid
    bad = copy.deepcopy(rec)
    bad["declarations"][2]["say"] = ["kontra", "kontra:sas_ultimo"]
    assert [(f.code, f.pointer) for f in validate_record(bad).findings] == \
        [("IT-TAROKK-UNDECLARED", "/declarations/2/say/1")]
    bad = copy.deepcopy(rec)
    bad["declarations"][0]["say"] = ["sas_ultimo"]
    assert [(f.code, f.pointer) for f in validate_record(bad).findings] == \
        [("IT-TAROKK-UNDECLARED", "/declarations/0/say/0")]


# -- 5.6, 5.7: the free call only when the declarer holds the XX -------------------------------
def test_free_call_only_when_the_declarer_holds_the_xx() -> None:
    """Deal A, s1 (who holds T20) discards T10 instead of DJ: another seat discarded a tarokk.
    s0 lacks the XX: he must call it (ITVB 5.7), where `any` lets him call any tarokk."""
    only = to_call(rules(free_call_when_tarokk_discarded="only_if_declarer_holds_xx"), DEAL_A,
                   ["S10 C10 H1", "T10", "HJ", "HQ"])
    anyone = to_call(rules(), DEAL_A, ["S10 C10 H1", "T10", "HJ", "HQ"])
    assert [PACK.code(c) for c in only.legal_calls()] == ["T20"]
    assert code_of(only.call, 0, "T13") == "IT-CALL"
    assert len(anyone.legal_calls()) == 19


def test_free_call_with_the_xx_and_calling_oneself_only_with_it() -> None:
    """s0 holds the XX (swapped with s1's T13) and s1 discarded T10: any tarokk he does not
    hold (5.7), or the XX to play alone (5.6), never another of his own."""
    hands = list(DEAL_A)
    hands[0] = hands[0].replace("T19", "T20")
    hands[1] = hands[1].replace("T20", "T19")
    e = to_call(rules(free_call_when_tarokk_discarded="only_if_declarer_holds_xx"), hands,
                ["S10 C10 H1", "T10", "HJ", "HQ"])
    calls = {PACK.code(c) for c in e.legal_calls()}
    assert {"T20", "T19", "T13", "T10", "T3"} <= calls
    assert not calls & {"T18", "T17", "T16", "T15", "T14", "T2"}      # his own
    assert code_of(e.call, 0, "T18") == "IT-CALL"
    e.call(0, "T10")                  # the card in s1's discard: s0 plays alone
    assert e.partner is None


# -- 8.2: annulment after drawing the talon, four kings before it too ---------------------------
def test_annul_after_talon() -> None:
    """Deal A's s3 holds no tarokk: under `before_discard` he may annul during the auction,
    under the ITVB's timing only after the talon is drawn, before his discard; four kings may
    annul during the auction too."""
    early = dealt(rules(annul_timing="before_discard"), DEAL_A)
    itvb = dealt(rules(annul_timing="after_talon"), DEAL_A)
    assert early.can_annul(3)
    assert code_of(itvb.annul, 3) == "IT-ANNUL-LATE"
    for s, call in ((0, "three"), (1, "pass"), (2, "pass"), (3, "pass")):
        itvb.bid(s, call)
    assert itvb.can_annul(3)                        # drawn HQ, still no tarokk
    itvb.annul(3)
    assert itvb.redeal
    kings = list(DEAL_A)
    kings[1] = kings[1].replace("DK", "SQ")
    kings[3] = kings[3].replace("SQ", "DK")
    k = dealt(rules(annul_timing="after_talon"), kings)
    assert k.annul_case(3) == 1 and k.can_annul(3)


# -- the same deals under default, tarokk_kupa and the ITVB's supported part ---------------------
def test_kupa_samples_under_the_itvb_part() -> None:
    """The ITVB plays the sas bonuses (6: sas ultimó 10, silent 5; sas uhu 15) like the Kupa:
    K2 scores V = 3 + 5 = 8 and K6 V = 3 + 15 = 18 under both (hand computations in
    tests/test_illustrated_kupa.py). rules/illustrated.md E3 (e03_lone_kontra_catch): the
    ITVB's XXI-catch is 42, silent 21 (6), the seed's — so E3 scores as under the default,
    s1 +42 and the others -14, where the Kupa page's 84/42 gives +105/-35."""
    part = {"name": "default", "options": itvb_part()}

    def score(name: str, block: dict[str, Any]) -> list[int]:
        rec = json.load(open(os.path.join(VALID, name + ".json"), encoding="utf-8"))
        rec.pop("result")
        rec["rules"] = block
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        assert rep.scores[0] is not None
        return list(rep.scores[0].deltas)

    assert score("kupa_silent_sas_ultimo", part) == [8, 8, -8, -8]
    assert score("kupa_partner_sas_uhu", part) == [18, 18, -18, -18]
    assert score("e03_lone_kontra_catch", part) == [-14, 42, -14, -14]
    assert score("e03_lone_kontra_catch", {"name": "tarokk_kupa"}) == [-35, 105, -35, -35]


# -- 7.2: centrum, and the birds after the declarer's trull, are not said for the last speaker ---
def itvb_with(**options: str) -> dict[str, Any]:
    """The itvb rule set (each test names the option it is about)."""
    return {"name": "itvb", "options": options}


def centrum_record() -> dict[str, Any]:
    """Deal A (Kupa K2's cards): s0 announces trull, the defender s2 kontras it (the last
    speaker is now a defender), then s0's secret partner s1 announces centrum and wins trick 5
    with T20; s0's side takes every trick, T2 wins the last one."""
    rec = json.load(open(os.path.join(VALID, "kupa_silent_sas_ultimo.json"), encoding="utf-8"))
    rec.pop("result")
    rec.pop("_example")
    rec["declarations"] = [{"seat": s, "say": say} for s, say in (
        (0, ["trull"]), (1, []), (2, ["kontra:trull"]), (3, []), (0, []), (1, ["centrum"]),
        (2, []), (3, []), (0, []))]
    rec["play"] = [t.split() for t in (
        "T22 T13 T9 SJ", "T21 T12 T8 CJ", "T19 T11 T7 SN", "T18 T10 T6 CN", "T17 T20 T5 SQ",
        "HN T4 HK T16", "T15 DN T3 CQ", "T14 DQ T1 CK", "T2 DK D1 SK")]
    return rec


def test_centrum_is_not_said_for_the_last_speaker() -> None:
    """ITVB 7.2 (attribution_exceptions = itvb). Score (three, g = 1), rules §6.3/§6.4 with the
    ITVB values: silent volát 3g = 3 (s0's side takes all nine tricks), announced trull made and
    kontra'd 2 x 2 = 4, centrum made 10 (T20 wins trick 5 after four won tricks), silent sas
    ultimó 5 (T2 wins trick 9; ITVB 6); silent four kings suppressed by the volát. V = 22, 2 v 2."""
    rec = centrum_record()
    rec["rules"] = itvb_with(attribution_exceptions="itvb")
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0] is not None and list(rep.scores[0].deltas) == [22, 22, -22, -22]
    rec["rules"] = {"name": "default"}
    assert [(f.code, f.pointer) for f in validate_record(rec).findings] == \
        [("IT-ATTRIBUTION", "/declarations/5/say/0")]


def test_birds_are_exempt_only_after_the_declarers_trull() -> None:
    """7.2: kismadár is exempt after s0's trull (s0 keeps T21 for trick 6, which it wins: V =
    3 + 4 + 10 + 5 = 22 as in the centrum deal, the kismadár in the centrum's place); without
    the trull (s2 kontras the game instead) it is said for the last speaker, a defender, and
    s1's announcement is refused under itvb too."""
    rec = centrum_record()
    rec["declarations"][5]["say"] = ["kismadar"]
    rec["play"] = [t.split() for t in (
        "T22 T13 T9 SJ", "T19 T12 T8 CJ", "T18 T11 T7 SN", "T17 T10 T6 CN", "T15 T20 T5 SQ",
        "HN T4 HK T21", "T16 DN T3 CQ", "T14 DQ T1 CK", "T2 DK D1 SK")]
    rec["rules"] = itvb_with(attribution_exceptions="itvb")
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0] is not None and list(rep.scores[0].deltas) == [22, 22, -22, -22]
    rec["declarations"][0]["say"] = []
    rec["declarations"][2]["say"] = ["kontra"]
    assert [(f.code, f.pointer) for f in validate_record(rec).findings] == \
        [("IT-ATTRIBUTION", "/declarations/5/say/0")]


# -- 4.2: the only bidder may take fewer talon cards ---------------------------------------------
def raised_record() -> dict[str, Any]:
    """Kupa K2's deal and play: s0 bids three, the others pass, and s0, the only bidder, then
    plays one: he takes one talon card (T14), s1 and s2 two each, s3 one (§4.1)."""
    rec = json.load(open(os.path.join(VALID, "kupa_silent_sas_ultimo.json"), encoding="utf-8"))
    rec.pop("result")
    rec.pop("_example")
    rec["auction"].append({"seat": 0, "call": "one"})
    rec["exchange"]["discards"] = [["S10"], ["C10", "H1"], ["DJ", "HJ"], ["HQ"]]
    return rec


def test_the_only_bidder_raises_by_taking_fewer_talon_cards() -> None:
    """ITVB 4.2 (sole_bidder_chooses_talon = true). Score at one (g = 3), rules §6.3/§6.4 with
    the ITVB values: silent volát 3g = 9, silent sas ultimó 5 (ITVB 6): V = 14, 2 v 2. Under the
    default the fifth call comes after the auction's end."""
    rec = raised_record()
    rec["rules"] = itvb_with(sole_bidder_chooses_talon="true")
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0] is not None and list(rep.scores[0].deltas) == [14, 14, -14, -14]
    rec["rules"] = {"name": "default"}
    assert [(f.code, f.pointer) for f in validate_record(rec).findings] == \
        [("IT-AUCTION-OVER", "/auction/4")]


def test_no_raise_after_an_invitation_nobody_took() -> None:
    """4.2's exception: s0 opens two, an XIX invitation (T22, T19, nine tarokks), nobody bids:
    his bid stands, a raise to one is refused."""
    rec = raised_record()
    rec["auction"][0]["call"] = "two"
    rec["auction"][4]["call"] = "one"
    rec["rules"] = itvb_with(sole_bidder_chooses_talon="true")
    assert [(f.code, f.pointer) for f in validate_record(rec).findings] == \
        [("IT-RAISE", "/auction/4")]


def test_raise_refusals() -> None:
    """Only the declarer, only upwards, only before the first discard, once; and not when a
    second player bid (the auction is simply over then)."""
    r = rules(sole_bidder_chooses_talon="true")
    e = dealt(r, DEAL_A)
    for s, call in ((0, "three"), (1, "pass"), (2, "pass"), (3, "pass")):
        e.bid(s, call)
    assert code_of(e.bid, 1, "one") == "IT-RAISE"
    assert code_of(e.bid, 0, "three") == "IT-RAISE"
    assert code_of(e.bid, 0, "pass") == "IT-RAISE"
    assert [a.value for a in e.legal_actions() if a.kind == "bid"] == ["two", "one", "solo"]
    e.bid(0, "solo")
    assert e.contract == "solo" and e.drawn[0] == 0
    assert code_of(e.bid, 0, "solo") == "IT-AUCTION-OVER"
    hands = list(DEAL_A)                # s1 gets T1 (for T13) so that he may bid
    hands[1], hands[2] = hands[1].replace("T13", "T1"), hands[2].replace("T1 ", "T13 ")
    two = dealt(r, hands)
    for s, call in ((0, "three"), (1, "two"), (2, "pass"), (3, "pass"), (0, "hold"), (1, "pass")):
        two.bid(s, call)
    assert code_of(two.bid, 0, "one") == "IT-AUCTION-OVER"
    late = dealt(r, DEAL_A)
    for s, call in ((0, "three"), (1, "pass"), (2, "pass"), (3, "pass")):
        late.bid(s, call)
    late.discard(0, ("S10", "C10", "H1"))
    assert code_of(late.bid, 0, "one") == "IT-AUCTION-OVER"


def test_no_raise_for_the_honourless_fourth() -> None:
    """Decision (the summary, 3.7: no raise for the trial three, próbahárom): deal A with T22
    moved from s0's hand to the talon's top (T14 to s0): s3, who holds no honour, bids three
    after three passes, draws T22 and may not raise."""
    hands = list(DEAL_A)
    hands[0] = hands[0].replace("T22", "T14")
    e = IllustratedEngine(rules(sole_bidder_chooses_talon="true"), 4, 3,
                          [PACK.mask(h.split()) for h in hands],
                          [PACK.index[c] for c in "T22 C10 H1 DJ HJ HQ".split()])
    for s, call in ((0, "pass"), (1, "pass"), (2, "pass"), (3, "three")):
        e.bid(s, call)
    assert e.phase == "discard" and e.declarer == 3
    assert code_of(e.bid, 3, "two") == "IT-RAISE"


# -- 7.6-7.8: what a trull means ------------------------------------------------------------------
def declaring(r: IllustratedRules, hands: list[str], auction: list[tuple[int, str]],
              discards: list[str], call: str) -> IllustratedEngine:
    e = dealt(r, hands)
    for s, c in auction:
        e.bid(s, c)
    for s in e.discard_order:
        e.discard(s, tuple(discards[s].split()))
    e.call(e.declarer, call)                      # type: ignore[arg-type]
    return e


TRULL = rules(trull_meaning_rules="true")
ONE_BID = [(0, "three"), (1, "pass"), (2, "pass"), (3, "pass")]
K2_DISCARDS = ["S10 C10 H1", "DJ", "HJ", "HQ"]


def test_a_defenders_trull_needs_a_high_honour() -> None:
    """7.6: K2's deal, the defender s2 (T1, no high honour) says kontra and announces trull.
    Default: valid; score (three, g = 1), rules §6.3/§6.4: s0's side takes every trick, silent
    volát 3g = 3, the kontra'd game scored as well g x 2 = 2 (step 3), s2's failed trull 2 to the
    declarer's side; silent trull and four kings suppressed by the volát: V = 7. ITVB: refused."""
    rec = json.load(open(os.path.join(VALID, "kupa_silent_sas_ultimo.json"), encoding="utf-8"))
    rec.pop("result")
    rec["declarations"] = [{"seat": s, "say": say} for s, say in (
        (0, []), (1, []), (2, ["kontra", "trull"]), (3, []), (0, []), (1, []))]
    rec["rules"] = {"name": "default"}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0] is not None and list(rep.scores[0].deltas) == [7, 7, -7, -7]
    rec["rules"] = itvb_with(trull_meaning_rules="true")
    assert [(f.code, f.pointer) for f in validate_record(rec).findings] == \
        [("IT-TRULL-MEANING", "/declarations/2/say/1")]


def test_the_declarers_first_turn_trull_means_both_high_honours() -> None:
    """7.7: deal A with s0's T21 given to s2 (for T3): s0 holds the skíz only, he alone bid.
    His first-turn trull is refused; in a later turn a high honour is enough (7.6)."""
    hands = list(DEAL_A)
    hands[0], hands[2] = hands[0].replace("T21", "T3"), hands[2].replace("T3", "T21")
    e = declaring(TRULL, hands, ONE_BID, K2_DISCARDS, "T20")
    assert code_of(e.declare, 0, ("trull",)) == "IT-TRULL-MEANING"
    assert declaring(rules(), hands, ONE_BID, K2_DISCARDS, "T20").can_declare(0, ("trull",))
    e.declare(0, ())
    e.declare(1, ("four_kings",))
    e.declare(2, ())
    e.declare(3, ())
    assert e.can_declare(0, ("trull",))
    full = declaring(TRULL, DEAL_A, ONE_BID, K2_DISCARDS, "T20")   # both: allowed
    assert full.can_declare(0, ("trull",))


def test_with_three_bidders_the_first_turn_trull_means_the_skiz() -> None:
    """7.7: s0 holds T22 (not T21), s1 T1, s2 T21: three bidders, s0 declarer at one. His
    first-turn trull needs the skíz only; with two bidders it needs both."""
    hands = list(DEAL_A)
    hands[0], hands[2] = hands[0].replace("T21", "T3"), hands[2].replace("T3", "T21")
    hands[1], hands[2] = hands[1].replace("T13", "T1"), hands[2].replace("T1 ", "T13 ")
    three = declaring(TRULL, hands, [(0, "three"), (1, "two"), (2, "one"), (3, "pass"),
                                     (0, "hold"), (1, "pass"), (2, "pass")],
                      ["S10", "C10 H1", "DJ HJ", "HQ"], "T20")
    assert three.declarer == 0 and three.contract == "one"
    assert three.can_declare(0, ("trull",))
    two = declaring(TRULL, hands, [(0, "three"), (1, "two"), (2, "pass"), (3, "pass"),
                                   (0, "hold"), (1, "pass")],
                    ["S10 C10", "H1 DJ", "HJ", "HQ"], "T20")
    assert two.declarer == 0 and two.contract == "two"
    assert code_of(two.declare, 0, ("trull",)) == "IT-TRULL-MEANING"


#: deal A with s0's T22 and s1's T10 swapped: s0 (T21, T19) invites, s1 (T22) accepts
INVITE = [DEAL_A[0].replace("T22", "T10"), DEAL_A[1].replace("T10", "T22"), DEAL_A[2],
          DEAL_A[3]]
INVITE_AUCTION = [(0, "two"), (1, "one"), (2, "pass"), (3, "pass"), (0, "pass")]
INVITE_DISCARDS = ["HQ", "DN", "C10 H1", "DJ HJ"]


def test_invitation_game_trull() -> None:
    """7.8: s0's XIX invitation is taken by s1 (one); two bidders. The declarer's first-turn
    trull means one high honour (s1 holds T22 only: allowed, where 7.7 would want both); when
    he says none, the inviter's first-turn trull needs two honours or the skíz: s0 with T21
    alone is refused, with T21 and T1 allowed."""
    e = declaring(TRULL, INVITE, INVITE_AUCTION, INVITE_DISCARDS, "T19")
    assert e.declarer == 1 and e.invitation is not None and e.invitation[1] == 0
    assert e.can_declare(1, ("trull",))
    for s in (1, 2, 3):
        e.declare(s, ())
    assert code_of(e.declare, 0, ("trull",)) == "IT-TRULL-MEANING"
    hands = list(INVITE)
    hands[0], hands[2] = hands[0].replace("T10", "T1"), hands[2].replace("T1 ", "T10 ")
    f = declaring(TRULL, hands, INVITE_AUCTION, INVITE_DISCARDS, "T19")
    for s in (1, 2, 3):
        f.declare(s, ())
    assert f.can_declare(0, ("trull",))


def test_partner_trull_after_the_declarers_bird() -> None:
    """7.6's exception: s1 (deal A, no high honour) may announce trull once his declarer s0
    announced centrum; without it he may not."""
    e = declaring(TRULL, DEAL_A, ONE_BID, K2_DISCARDS, "T20")
    e.declare(0, ("centrum",))
    assert e.can_declare(1, ("trull",))
    f = declaring(TRULL, DEAL_A, ONE_BID, K2_DISCARDS, "T20")
    f.declare(0, ())
    assert code_of(f.declare, 1, ("trull",)) == "IT-TRULL-MEANING"
