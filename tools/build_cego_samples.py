#!/usr/bin/env python3
"""Build the Cego sample records (samples/cego/{valid,invalid}/*.json).

Reproducible: every random choice comes from a seeded ``random.Random``. The worked examples of
rules/cego.md §8 come from tools/cego_examples.py (the example's dealer, calls and named cards,
the rest of the deal and the play searched with the engine's own legal actions until the
example's deciding facts hold). Every contract gets a record at both table sizes, the Solo-hand
challenge too, and each table size a session. The illegal records of §9 are made from legal ones
by breaking exactly one thing; ``_expect`` lists the finding codes and ``_at`` their places.
Every worked example also has a score-sheet twin (``sheet-<example>``: ``convert --sheet``, no
cards, the derived outcome), and every check of a score sheet an invalid sample (``sheet_*``).

Usage:  PYTHONPATH=. python tools/build_cego_samples.py
"""
from __future__ import annotations

import copy
import random
import shutil
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import cego_examples as X  # noqa: E402
from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.games.cego import CegoEngine, CegoRules  # noqa: E402
from tarockrec.games.cego.contracts import CONTRACTS, INFO  # noqa: E402
from tarockrec.generate import record_of, session_records  # noqa: E402
from tarockrec.tournament.sheet import to_sheet  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

G = X.G
OUT = ROOT / "samples" / "cego"
PLAYERS = {3: ["Anton", "Berta", "Conrad"], 4: ["Anton", "Berta", "Conrad", "Dora"]}
Rec = dict[str, Any]

EXAMPLE_TITLES = {
    "ex01": "§8 Ex 1", "ex02": "§8 Ex 2", "ex03": "§8 Ex 3", "ex04": "§8 Ex 4",
    "ex05a": "§8 Ex 5a", "ex05b": "§8 Ex 5b", "ex06": "§8 Ex 6", "ex07": "§8 Ex 7",
    "ex08a": "§8 Ex 8a", "ex08b": "§8 Ex 8b", "ex08c": "§8 Ex 8c", "ex09": "§8 Ex 9",
    "ex10": "§8 Ex 10", "ex11": "§8 Ex 11", "ex12": "§8 Ex 12", "ex13": "§8 Ex 13",
    "ex14": "§8 Ex 14",
}


def check_valid(rec: Rec) -> Rec:
    report = validate_record(rec)
    assert report.valid, [str(f) for f in report.findings]
    return rec


def example_records() -> dict[str, Rec]:
    out = {}
    for name, title in EXAMPLE_TITLES.items():
        ex = X.EXAMPLES[name]
        e = X.find(ex)
        rec = X.record(ex, e, PLAYERS[ex.n])
        if name == "ex11":                      # G16: the record ends after trick 8
            rec = X.truncate_after(rec, 8)
            rec["result"] = validate_record(dict(rec, result={})).scores[0].result()  # type: ignore[union-attr]
        rec["_example"] = title
        out[name] = check_valid(rec)
    return out


def contract_records() -> dict[str, Rec]:
    """The first generated deal of every contract at both table sizes, and a challenge."""
    out: dict[str, Rec] = {}
    for n in (3, 4):
        wanted = [c for c in CONTRACTS if n == 4 or c not in ("piccolo", "bettel", "raeuber")]
        wanted.append("challenge")
        rng = random.Random(f"cego-contracts/{n}")
        rules = CegoRules()
        i = 0
        while wanted and i < 20_000:
            dealer = i % n
            i += 1
            e = G.random_deal(rng, n, dealer, rules, {})
            while not e.is_over:
                e.apply(G.choose(e, rng))
            key = "challenge" if e.challenger is not None else e.contract
            if key in wanted:
                wanted.remove(key)
                rec = record_of(G, e, rules, n, dealer, {}, PLAYERS[n])
                out[f"contract-{n}p-{key}"] = check_valid(rec)
        assert not wanted, wanted
    return out


def other_valid() -> dict[str, Rec]:
    out: dict[str, Rec] = {}
    for n in (3, 4):
        (sess,) = session_records("cego", 1, 2 * n, 2026 + n, n=n)
        sess["players"] = PLAYERS[n]
        sess["meta"] = {"event": "Cego-Abend", "site": "Bräunlingen"}
        out[f"session-{n}p"] = check_valid(sess)
    # the full deck order (§2.4)
    rec = copy.deepcopy(contract_records_cache["contract-4p-cego"])
    n, f = 4, (rec["dealer"] + 1) % 4
    deck = list(rec["deal"]["talon"])
    for i in range(n):
        deck += rec["deal"]["hands"][(f + i) % n]
    rec["deal"]["deck"] = deck
    out["deck-order-4p"] = check_valid(rec)
    # a score sheet (no cards): Ex 2 as the table wrote it
    ex2 = EXAMPLES_CACHE["ex02"]
    out["score-sheet-3p-ex02"] = check_valid({
        "tarockrec": 1, "game": "cego", "players": PLAYERS[3], "dealer": 2,
        "auction": ex2["auction"],
        "result": {k: ex2["result"][k] for k in ("declarer", "contract", "multiplier", "sheet",
                                                  "scores")}})
    # rule options: exposed lead, Parlett's Räuber tie
    rng = random.Random("cego-options")
    for name, options, want in (("option-exposed-lead-3p", {"exposed_lead": "on"},
                                 lambda e: e.contract in ("eine_leere", "zwei_leere",
                                                          "zwei_verschiedene")
                                 and e.challenger is None),
                                ("option-raeuber-tie-parlett-4p", {"raeuber_tie": "parlett"},
                                 lambda e: e.contract == "raeuber")):
        n = 3 if "3p" in name else 4
        rules = CegoRules("default", options)
        for i in range(20_000):
            e = G.random_deal(rng, n, i % n, rules, {})
            while not e.is_over:
                e.apply(G.choose(e, rng))
            if want(e):
                out[name] = check_valid(record_of(G, e, rules, n, i % n, {}, PLAYERS[n]))
                break
    return out


# -- invalid records (§9) -----------------------------------------------------------------------
def fresh(n: int, dealer: int, fixed: dict[int, str] | None = None, seed: int = 0) -> CegoEngine:
    """An engine with the ``fixed`` cards placed, the rest dealt from a seeded shuffle."""
    info = INFO[n]
    pack = info.pack
    fixed = fixed or {}
    rng = random.Random(f"cego-invalid/{n}/{dealer}/{seed}")
    used = {c for cs in fixed.values() for c in cs.split()}
    rest = [c for c in pack.codes if c not in used]
    rng.shuffle(rest)
    talon = [rest.pop() for _ in range(info.talon_size)]
    hands = []
    for s in range(n):
        h = fixed.get(s, "").split()
        while len(h) < info.hand_size:
            h.append(rest.pop())
        hands.append(pack.mask(h))
    return CegoEngine(CegoRules(), n, dealer, hands, pack.mask(talon))


def calls_record(n: int, dealer: int, calls: str, fixed: dict[int, str] | None = None) -> Rec:
    """A record of a deal and the given calls (the last one is the broken one)."""
    e = fresh(n, dealer, fixed)
    return {"tarockrec": 1, "game": "cego", "players": PLAYERS[n], "dealer": dealer,
            "deal": {"hands": [e.pack.codes_of(h) for h in e.dealt],
                     "talon": e.pack.codes_of(e.talon)},
            "auction": [{"seat": int(s), "call": c}
                        for s, c in (x.split(":") for x in calls.split())]}


def findings(rec: Rec) -> list[tuple[str, str]]:
    return [(f.code, f.pointer) for f in validate_record(rec).findings
            if f.severity == "error"]


def trick_of(rec: Rec, k: int) -> list[str]:
    play: list[list[str]] = rec["play"]
    return play[k]


def swap_illegal(rec: Rec, code: str) -> Rec:
    """Swap a played card with a later card of the same seat so that it becomes ``code``."""
    e = G.make_engine(G.rules(rec.get("rules")), len(rec["players"]), rec["dealer"],
                      rec["deal"], {})[0]
    assert e is not None
    steps = list(G.replay({k: v for k, v in rec.items() if k != "play"}, e))
    for _, step in steps:
        e.apply(step)  # type: ignore[arg-type]
    play = rec["play"]
    seats: list[list[int]] = []
    probe = e
    for trick in play:
        row = []
        for c in trick:
            row.append(probe.to_act)
            probe.play(probe.to_act, c)
        seats.append(row)
    for t, trick in enumerate(play):
        for j in range(1, len(trick)):
            seat = seats[t][j]
            for t2 in range(t + 1, len(play)):
                j2 = seats[t2].index(seat)
                bad = copy.deepcopy(rec)
                bad["play"][t][j], bad["play"][t2][j2] = play[t2][j2], play[t][j]
                bad.pop("result", None)
                if findings(bad) == [(code, f"/play/{t}/{j}")]:
                    return bad
    raise RuntimeError(f"no swap gives {code}")


def invalid_records(valid: dict[str, Rec]) -> dict[str, tuple[Rec, str]]:
    """name -> (record, what is broken)."""
    out: dict[str, tuple[Rec, str]] = {}
    c3 = valid["contract-3p-cego"]
    c4 = valid["contract-4p-cego"]

    def mutate(base: Rec, fn: Callable[[Rec], None]) -> Rec:
        rec = copy.deepcopy(base)
        rec.pop("_example", None)
        fn(rec)
        return rec

    # 1 pack and deal
    def s7(r: Rec) -> None:
        r["deal"]["hands"][0][0] = "S7"
    out["09_01a_3p_deal_with_S7"] = (mutate(c3, s7), "a 3-player deal containing S7 (§1.2)")
    out["09_01b_3p_talon_of_11"] = (mutate(c3, lambda r: r["deal"]["talon"].pop()),
                                    "a 3-player talon of 11 cards (§2)")

    def hand12(r: Rec) -> None:
        r["deal"]["hands"][1].append(r["deal"]["talon"][0])
    out["09_01c_4p_hand_of_12"] = (mutate(c4, hand12), "a 4-player hand of 12 cards (§2)")
    # 2–10 the auction
    out["09_02_stage1_not_forehand_first"] = (
        calls_record(3, 0, "2:pass"), "d = 0: the first stage-1 call by seat 2 (§3.3)")
    out["09_03_cego_in_stage1"] = (calls_record(3, 2, "0:cego"),
                                   "cego called in the Solo round (§3.3)")
    out["09_04_second_solo"] = (calls_record(3, 2, "0:solo 1:solo"), "0:solo 1:solo (§3.3)")
    out["09_05_forehand_passes_open_auction"] = (
        calls_record(3, 2, "0:pass 1:pass 2:pass 0:pass"), "forehand must open with cego (§3.4)")
    pips = {0: "S10 H4", 1: "S9 S8 H3 D2", 2: "C10 C9 D3"}
    out["09_06_jump_bid"] = (calls_record(3, 2, "0:pass 1:pass 2:pass 0:cego 1:eine_leere",
                                          pips), "a jump from cego to eine_leere (§3.4)")
    out["09_07_holder_raises"] = (calls_record(
        3, 2, "0:pass 1:pass 2:pass 0:cego 1:eine 0:eine_leere", pips),
        "the holder raises instead of holding (§3.4)")
    out["09_08_passed_player_speaks"] = (calls_record(
        3, 2, "0:pass 1:pass 2:pass 0:cego 1:pass 2:eine 1:hold", pips),
        "a player who passed holds (§3.4)")
    out["09_09_solo_bidder_in_auction"] = (calls_record(3, 2, "0:pass 1:solo 1:cego"),
                                           "the Solo bidder calls cego (§3.4)")
    no_pip = {0: "S10 H4", 1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 SK CK HK DK"}
    out["09_10a_eine_leere_without_pip"] = (calls_record(
        3, 2, "0:pass 1:pass 2:pass 0:cego 1:eine 0:hold 1:eine_leere", no_pip),
        "eine_leere bid holding no pip card (§3.2)")
    out["09_10b_pfeife_without_T1"] = (calls_record(
        3, 2, "0:pass 1:pass 2:pass 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere "
              "0:hold 1:zwei_verschiedene 0:hold 1:pfeife",
        {0: "T1 S10 S9 H4", 1: "S8 C10 C9 H3 D2"}), "pfeife bid without T1 (§3.2)")
    out["09_10c_hold_zwei_leere_without_pair"] = (calls_record(
        3, 2, "0:pass 1:pass 2:pass 0:cego 1:eine 0:hold 1:eine_leere 0:hold 1:zwei_leere "
              "0:hold", {0: "S10 H4 D3 SK CK HK DK SQ CQ HQ DQ T22 T21", 1: "S9 S8 H3"}),
        "a hold at Zwei Leere without two pips of one suit (§3.2)")
    # 11 4-player stages
    out["09_11a_piccolo_after_solo"] = (calls_record(4, 0, "1:pass 2:solo 3:piccolo"),
                                        "piccolo after solo (§3.6)")
    out["09_11b_second_piccolo"] = (calls_record(
        4, 0, "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:piccolo"), "a second piccolo (§3.6)")
    out["09_11c_seat_speaks_twice_in_stage2"] = (calls_record(
        4, 0, "1:pass 2:pass 3:pass 0:pass 1:pass 1:piccolo"), "a seat speaking twice (§3.6)")
    out["09_11d_cego_after_piccolo"] = (calls_record(
        4, 0, "1:pass 2:pass 3:pass 0:pass 1:piccolo 2:cego"), "cego after a piccolo (§3.6)")
    # 12 Räuber
    out["09_12a_raeuber_3p"] = (calls_record(3, 2, "0:pass 1:pass 2:pass 0:cego 1:pass 2:pass "
                                                   "0:raeuber"), "raeuber at 3 players (§3.5)")
    out["09_12b_raeuber_after_solo"] = (calls_record(
        4, 3, "0:solo 1:pass 2:pass 3:pass 0:raeuber"), "raeuber after a Solo (§3.6)")
    out["09_12c_raeuber_after_raise"] = (calls_record(
        4, 3, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:cego 1:eine 0:hold "
              "1:pass 2:pass 3:pass 0:raeuber"), "raeuber after the cego was raised (§3.6)")
    out["09_12d_raeuber_not_forehand"] = (calls_record(
        4, 3, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:cego 1:pass 2:pass "
              "3:pass 1:raeuber"), "raeuber declared by seat 1, not forehand (§3.6)")
    # 13, 14 the exchange
    out["09_13a_cego_without_extra_discard"] = (
        mutate(c3, lambda r: r["exchange"].pop("extra_discard")),
        "Cego exchange ending with 14 cards in hand (§4.2)")

    def keep_talon(r: Rec) -> None:
        r["exchange"]["keep"][0] = r["deal"]["talon"][0]
    out["09_13b_kept_card_from_talon"] = (mutate(c3, keep_talon),
                                          "a kept card not from the dealt hand (§4.2)")
    zl = valid["contract-3p-zwei_leere"] if "contract-3p-zwei_leere" in valid else None
    assert zl is not None

    def not_lowest(r: Rec) -> None:
        e = G.make_engine(CegoRules(), 3, r["dealer"], r["deal"], {})[0]
        assert e is not None
        for _, step in G.replay({k: v for k, v in r.items() if k not in ("play", "exchange")},
                                e):
            e.apply(step)  # type: ignore[arg-type]
        e.keep(r["result"]["declarer"], tuple(r["exchange"]["keep"]))
        trumps = [c for c in e.pack.codes_of(e.hands[e.declarer]) if c[0] == "T"]  # type: ignore[index]
        r["exchange"]["extra_discard"] = trumps[1]
    out["09_14a_zwei_leere_extra_not_lowest_trump"] = (
        mutate(zl, not_lowest), "Zwei Leere: the extra discard is not the lowest trump (§4.2)")
    zv = valid["contract-3p-zwei_verschiedene"]

    def same_suit(r: Rec) -> None:
        d = r["result"]["declarer"]
        hand = r["deal"]["hands"][d]
        k0 = r["exchange"]["keep"][0]
        other = next(c for c in hand if c != k0 and c[0] == k0[0] and c[1:].isdigit())
        r["exchange"]["keep"] = [k0, other]
    out["09_14b_zwei_verschiedene_same_suit"] = (
        mutate(zv, same_suit), "Zwei Verschiedene: two kept pips of one suit (§4.2)")
    el = valid["contract-3p-eine_leere"]

    def keep_court(r: Rec) -> None:
        d = r["result"]["declarer"]
        r["exchange"]["keep"] = [next(c for c in r["deal"]["hands"][d]
                                      if c[0] != "T" and not c[1:].isdigit())]
    out["09_14c_eine_leere_keeps_court"] = (mutate(el, keep_court),
                                            "Eine Leere: the kept card is a court (§4.2)")
    pf = valid["contract-3p-pfeife"]

    def keep_not_t1(r: Rec) -> None:
        d = r["result"]["declarer"]
        r["exchange"]["keep"] = [next(c for c in r["deal"]["hands"][d] if c != "T1")]
    out["09_14d_pfeife_keeps_not_T1"] = (mutate(pf, keep_not_t1),
                                         "Pfeife: the kept card is not T1 (§4.2)")
    # 15 talon unused
    solo = valid["contract-3p-solo"]

    def talon_card(r: Rec) -> None:
        r["play"][0][0] = r["deal"]["talon"][0]
    out["09_15_solo_plays_talon_card"] = (mutate(solo, talon_card),
                                          "a talon card played in a Solo (§4.2)")
    # 16 the challenge
    ch = valid["contract-3p-challenge"]
    out["09_16a_challenge_by_defender"] = (
        mutate(ch, lambda r: r["end"].update(seat=(r["end"]["seat"] + 1) % 3)),
        "the challenge made by a defender (§4.5)")

    def challenge_after_solo(r: Rec) -> None:
        r["end"] = {"type": "challenge", "seat": r["result"]["declarer"]}
        r.pop("play")
    out["09_16b_challenge_in_solo"] = (mutate(solo, challenge_after_solo),
                                       "a challenge in a Solo (§4.5)")
    out["09_16c_cards_after_challenge"] = (
        mutate(ch, lambda r: r.__setitem__("play", c3["play"][:1])),
        "cards played after the challenge (§4.5)")
    # 17 leads
    def defender_leads(r: Rec) -> None:
        r["play"][0] = r["play"][0][1:] + r["play"][0][:1]
    out["09_17a_defender_leads_trick_1"] = (mutate(c3, defender_leads),
                                            "a defender leads to trick 1 (§5.1)")

    def wrong_leader(r: Rec) -> None:
        r["play"][3] = r["play"][3][1:] + r["play"][3][:1]
    out["09_17b_trick_led_by_non_winner"] = (mutate(c4, wrong_leader),
                                             "trick 4 led by a seat that did not win trick 3")
    # 18, 19 play
    out["09_18a_revoke"] = (swap_illegal(c3, "CE-FOLLOW"), "a card that does not follow suit")
    ruff_base = next(r for r in (c4, c3, valid["contract-4p-eine"], valid["contract-4p-solo"]))
    try:
        out["09_18b_void_without_trump"] = (swap_illegal(ruff_base, "CE-RUFF"),
                                            "void in the led suit, no trump played while holding "
                                            "one (§5.2)")
    except RuntimeError:
        out["09_18b_void_without_trump"] = (swap_illegal(valid["contract-4p-solo"], "CE-RUFF"),
                                            "void in the led suit, no trump played (§5.2)")

    def played_twice(r: Rec) -> None:
        r["play"][2][0] = r["play"][1][0]
    out["09_19_card_played_twice"] = (mutate(c3, played_twice), "a card played twice (§5)")
    # 20 early stops
    out["09_20a_cego_stops_early"] = (mutate(c3, lambda r: r["play"].pop()),
                                      "a Cego record that stops before the last trick (§5.5)")
    bet = valid["contract-4p-bettel"]
    assert bet["result"]["tricks"][bet["result"]["declarer"]] >= 1

    def bettel_short(r: Rec) -> None:
        e = G.make_engine(CegoRules(), 4, r["dealer"], r["deal"], {})[0]
        assert e is not None
        for _, step in G.replay({k: v for k, v in r.items() if k != "play"}, e):
            e.apply(step)  # type: ignore[arg-type]
        k = 0
        for k, trick in enumerate(r["play"]):
            for c in trick:
                e.play(e.to_act, c)  # type: ignore[arg-type]
            if e.table is not None and e.table.count[r["result"]["declarer"]]:
                break
        r["play"] = r["play"][:k]
        r.pop("result")
    out["09_20b_bettel_stops_undecided"] = (mutate(bet, bettel_short),
                                            "a Bettel record that stops while the declarer has "
                                            "won no trick (§5.5)")
    # 21 results
    def extra_point(r: Rec) -> None:
        p = r["result"]["points"]
        r["result"]["points"] = [p[0] + 1, p[1] - 1]
    out["09_21a_4p_extra_point"] = (mutate(c4, extra_point),
                                    "a 4-player declarer credited with the extra point (§1.7)")
    ex5b = EXAMPLES_CACHE["ex05b"]

    def pfeife_won(r: Rec) -> None:
        r["result"]["sheet"] = ex5b["result"]["sheet"]
        r["result"]["scores"] = ex5b["result"]["scores"]
    out["09_21b_pfeife_scored_won_after_T1_lost"] = (
        mutate(EXAMPLES_CACHE["ex05a"], pfeife_won),
        "Ex 5a scored as won although T1 was lost in trick 7 (§6.4)")
    return out


def sheet_invalid(examples: dict[str, Rec]) -> dict[str, tuple[Rec, str, str]]:
    """name -> (score sheet, what is broken, the one code it must give): the checks of a
    score sheet without an outcome (§3.7, §6.2–§6.6) and of a written outcome."""
    out: dict[str, tuple[Rec, str, str]] = {}

    def bare(name: str, **result: Any) -> Rec:
        """The example's calls and the given result, no outcome."""
        ex = examples[name]
        return {k: v for k, v in ex.items() if k in ("tarockrec", "game", "players", "dealer",
                                                     "auction")} | {"result": result}

    def outcome(name: str, fn: Callable[[Rec], None]) -> Rec:
        rec = to_sheet(examples[name])
        rec.pop("_example", None)
        fn(rec)
        return rec

    out["sheet_solo_multiplier"] = (
        bare("ex10", contract="solo", declarer=2, multiplier=2, sheet=[0, 0, 3, 0],
             scores=[-3, -3, 9, -3]), "a won Solo written with M = 2 (§6.3: 1 won, 2 lost)",
        "RESULT-MULTIPLIER")
    out["sheet_pfeife_a_against_points"] = (
        bare("ex05a", points=[20, 50], sheet=[0, 6, 0], scores=[-6, 12, -6]),
        "a Pfeife with P = 20 written as won with A = +1 (§6.2: P = 20 gives A = −4)",
        "RESULT-SHEET")
    out["sheet_unreachable_scores"] = (
        bare("ex01", scores=[3, -1, -2]), "scores that add up to zero but that no sheet line of "
        "a Cego gives (§6.5, §6.6)", "RESULT-UNREACHABLE")
    rec = bare("ex01", contract="cego", declarer=0, scores=[6, -3, -3])
    out["sheet_empty_auction"] = (dict(rec, auction=[]), "a score sheet without its calls "
                                  "(§2.5, §3.7)", "CE-AUCTION-INCOMPLETE")
    out["sheet_unfinished_auction"] = (dict(rec, auction=rec["auction"][:4]), "a score sheet "
                                       "whose calls stop before the contract (§3.7)",
                                       "CE-AUCTION-INCOMPLETE")

    def a_wrong(r: Rec) -> None:
        r["outcome"].update(points=[20, 50], a=1)
    out["sheet_outcome_a_against_points"] = (
        outcome("ex05a", a_wrong), "a Pfeife outcome with P = 20 and A = +1 (§6.2)",
        "OUTCOME-CONFLICT")
    out["sheet_outcome_without_a"] = (
        outcome("ex01", lambda r: r["outcome"].pop("a")), "a Cego outcome without A",
        "CE-OUTCOME-KEY")
    out["sheet_outcome_tricks"] = (
        outcome("ex01", lambda r: r["outcome"].update(tricks=[6, 4, 4])),
        "14 tricks at a 3-player table (§5.5)", "OUTCOME-POINTS")
    out["sheet_outcome_points_beyond_tricks"] = (
        outcome("ex01", lambda r: r["outcome"].update(tricks=[12, 1, 0])),
        "47 card points from 12 of 13 tricks: the defenders' 3 cards count 13 at most, so the "
        "declarer has at least 57 (§1.6, §6.1; issue 32)", "OUTCOME-CONFLICT")
    out["sheet_outcome_multiplier_against_calls"] = (
        outcome("ex01", lambda r: r["outcome"].update(multiplier=2)),
        "M = 2 for a Cego that no Solo bid preceded (§6.3)", "OUTCOME-AUCTION")
    out["sheet_outcome_challenge_in_solo"] = (
        outcome("ex10", lambda r: r["outcome"].update(end="challenge")),
        "a Solo ended by the Solo-hand challenge (§4.5)", "OUTCOME-END")
    out["sheet_outcome_item_without_challenge"] = (
        outcome("ex01", lambda r: r["outcome"].update(items=[
            {"item": "solo_hand", "announced": True, "made": True, "side": "declarer",
             "seat": 1}])), "a penalised Solo hand in a deal that was played (§4.5)",
        "OUTCOME-ITEM")
    out["sheet_outcome_partner"] = (
        outcome("ex01", lambda r: r["outcome"].update(partner=1)),
        "a partner in Cego, where every contract is played alone (§1.1)", "OUTCOME-PARTNER")
    out["sheet_outcome_kontra"] = (
        outcome("ex01", lambda r: r["outcome"].update(kontra=2)), "a kontra in Cego (§4.1)",
        "OUTCOME-KONTRA")
    out["sheet_outcome_scores"] = (
        outcome("ex01", lambda r: r["result"].update(scores=[5, -2, -3])),
        "scores that differ from what the outcome gives (§6.6)", "RESULT-SCORES")
    full = copy.deepcopy(examples["ex01"])
    full.pop("_example", None)
    full["outcome"] = dict(to_sheet(examples["ex01"])["outcome"], a=2, points=[42, 28])
    out["sheet_outcome_against_cards"] = (full, "a full record whose outcome differs from what "
                                          "its cards give", "OUTCOME-CARDS")
    return out


EXAMPLES_CACHE: dict[str, Rec] = {}
contract_records_cache: dict[str, Rec] = {}


def main() -> None:
    EXAMPLES_CACHE.update(example_records())
    contract_records_cache.update(contract_records())
    valid: dict[str, Rec] = {}
    for name, rec in EXAMPLES_CACHE.items():
        ex = X.EXAMPLES[name]
        valid[f"{name}-{ex.n}p-{rec['result']['contract']}"] = rec
    valid.update(contract_records_cache)
    valid.update(other_valid())
    for name, rec in list(valid.items()):
        if name.startswith("ex"):                  # the score-sheet twins
            valid[f"sheet-{name}"] = check_valid(to_sheet(rec))
    invalid = {name: (rec, f"§9 row {int(name[3:5])}: {what}")
               for name, (rec, what) in invalid_records(contract_records_cache).items()}
    for name, (rec, what, code) in sheet_invalid(EXAMPLES_CACHE).items():
        assert sorted({c for c, _ in findings(rec)}) == [code], (name, findings(rec))
        invalid[name] = (rec, f"score sheet: {what}")
    if OUT.exists():
        shutil.rmtree(OUT)
    (OUT / "valid").mkdir(parents=True)
    (OUT / "invalid").mkdir(parents=True)
    for name, rec in sorted(valid.items()):
        check_valid(rec)
        (OUT / "valid" / f"{name}.json").write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")
    for name, (rec, what) in sorted(invalid.items()):
        found = findings(rec)
        assert found, name
        rec["_example"] = what
        rec["_expect"] = sorted({c for c, _ in found})
        rec["_at"] = [p for _, p in found]
        (OUT / "invalid" / f"{name}.json").write_text(jsonio.dumps(rec) + "\n",
                                                       encoding="utf-8")
        print(f"{name}: {found}")
    print(f"{len(valid)} valid, {len(invalid)} invalid records in {OUT}")


if __name__ == "__main__":
    main()
