"""Build the Carinthian Tarock sample records (samples/carinthian/{valid,invalid}/*.json).

Reproducible: every random choice comes from a seeded ``random.Random``. The worked examples
of rules/carinthian.md §8 come from tools/carinthian_examples.py (preconditions as scripts,
deals found by a seeded search); every contract at both table sizes, Zahle, both Trischak modes
and the four-player early end are found among deals played through the engine's own legal
actions; two sessions cross a doubling period into the restricted phase and out. The illegal
records of §9 are made from valid ones by breaking exactly one thing (``_expect`` lists the
finding codes, ``_at`` the place of the first error).

Usage:  python tools/build_carinthian_samples.py
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

from tarockrec import games  # noqa: E402
from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.games.carinthian import Carinthian  # noqa: E402
from tarockrec.games.carinthian.contracts import PACK, TAROCK_MASK  # noqa: E402
from tarockrec.games.carinthian.engine import CarinthianEngine  # noqa: E402
from tarockrec.games.carinthian.rules import CarinthianRules  # noqa: E402
from tarockrec.games.carinthian.scoring import deal_kind, initial_carry  # noqa: E402
from tarockrec.generate import record_of  # noqa: E402
from tarockrec.tournament.sheet import to_sheet  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402
from tools.carinthian_examples import (  # noqa: E402
    ALL_TIED, EXAMPLES, SESSION_E12, Example, build, build_session,
)

G = games.get("carinthian")
assert isinstance(G, Carinthian)
OUT = ROOT / "samples" / "carinthian"
NAMES = {3: ["Anna", "Bernd", "Clara"], 4: ["Anna", "Bernd", "Clara", "Dieter"]}
RULES = CarinthianRules()


def record(e: CarinthianEngine, carry: dict[str, Any], rules: CarinthianRules = RULES,
           **private: Any) -> dict[str, Any]:
    rec = record_of(G, e, rules, e.n, e.dealer, carry, NAMES[e.n])
    rec.update({f"_{k}": v for k, v in private.items()})
    return rec


def play(rng: random.Random, n: int, dealer: int, carry: dict[str, Any],
         rules: CarinthianRules = RULES) -> CarinthianEngine:
    e = G.random_deal(rng, n, dealer, rules, carry)
    while not e.is_over:
        e.apply(G.choose(e, rng))
    return e


def kind_of(e: CarinthianEngine) -> str:
    c = e.contract
    assert c is not None
    if e.trischak:
        early = e.table is not None and len(e.table.tricks) == 6
        return f"trischak_{e.mode}" + ("_early" if early else "")
    if e.zahle:
        return "angesehen_zahle"
    if "fuenfzig" in e.announced:
        return "vierzig_fuenfzig"
    return c.id


def search(rng: random.Random, n: int, dealer: int, carry: dict[str, Any],
           want: Callable[[CarinthianEngine], bool], tries: int = 20000) -> CarinthianEngine:
    for _ in range(tries):
        e = play(rng, n, dealer, carry)
        if want(e):
            return e
    raise RuntimeError("no deal found")


# -- valid samples -------------------------------------------------------------------------
def valid() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for i, (name, ex) in enumerate(EXAMPLES.items(), 1):
        e = build(ex)
        out[f"e{i:02d}_{name.lower()}"] = record(e, ex.carry, example=f"§8 {name}")
    e11 = build(EXAMPLES["E11"])
    opt = CarinthianRules("default", {"settle_active_only": "true"})
    rec = G.record_of(e11)
    e = G.make_engine(opt, 4, 0, rec["deal"], {})[0]
    assert e is not None
    _replay(rec, e)
    out["e11b_settle_active_only"] = record(e, {}, opt, example="§8 E11 (settle_active_only)")
    out["e12_session_period"] = session(build_session(SESSION_E12), "§8 E12")
    out["x3_trischak_all_tied"] = record(build(ALL_TIED), {},
                                         example="§6.6 rule 3: every participant tied")
    # every contract, Zahle, both Trischak modes, the early end, at both table sizes
    for n in (3, 4):
        rng = random.Random(f"contracts/{n}")
        wanted = ["angesehen", "angesehen_zahle", "hinunter", "drei", "vier", "vierzig",
                  "vierzig_fuenfzig", "solo", "trischak_stichzwang", "trischak_nachlassen"]
        if n == 4:
            wanted.append("trischak_early_end")
        found: dict[str, CarinthianEngine] = {}
        extra: dict[str, CarinthianEngine] = {}
        for k in range(60000):
            if len(found) == len(wanted) and len(extra) == 3:
                break
            e = play(rng, n, k % n, {})
            kd = kind_of(e)
            if kd.endswith("_early") and kd not in wanted:
                kd = "trischak_early_end" if n == 4 else kd
            if kd in wanted and kd not in found:
                found[kd] = e
            says = [x for _, s in e.turns for x in s]
            if "retour" in says and "retour" not in extra and not e.trischak:
                extra["retour"] = e
            if any(x.startswith("retour:") for x in says) and "bird_retour" not in extra:
                extra["bird_retour"] = e
            if e.trischak and any(x in ("pagat", "uhu", "kike") for x in says) \
                    and "trischak_bird" not in extra:
                extra["trischak_bird"] = e
        assert len(found) == len(wanted), (n, sorted(set(wanted) - set(found)))
        for kd, e in {**found, **extra}.items():
            out[f"c{n}_{kd}"] = record(e, {})
    for n in (3, 4):
        out[f"s{n}_restricted_phase"] = session(period_session(n), f"a period at {n} players "
                                                "into the restricted phase and out")
    # the score-sheet twin of every worked example (§8) and of the restricted-phase sessions:
    # no cards, the outcome, the same scores and carried state
    for name in [k for k in out if k.startswith(("e", "x3", "s"))]:
        twin = to_sheet(out[name])
        twin["_example"] = f"{out[name]['_example']}, as the score sheet (outcome) the table writes"
        out[f"sheet-{name}"] = twin
    return out


def _replay(rec: dict[str, Any], e: CarinthianEngine) -> None:
    for _, step in G.replay(rec, e):
        if isinstance(step, games.Batch):
            step.run()
        else:
            assert not isinstance(step, Exception)
            e.apply(step)


def session(engines: list[CarinthianEngine], example: str) -> dict[str, Any]:
    carry = initial_carry()
    deals = []
    totals = [0] * engines[0].n
    n = engines[0].n
    for e in engines:
        rec = record_of(G, e, RULES, n, e.dealer, carry)
        d = {k: v for k, v in rec.items() if k not in ("tarockrec", "game", "rules", "players")}
        d["carry"] = dict(carry)
        deals.append(d)
        totals = [a + b for a, b in zip(totals, rec["result"]["scores"])]
        carry = G.next_carry(e, carry)
    return {"tarockrec": 1, "game": "carinthian", "players": NAMES[n], "deals": deals,
            "result": {"totals": totals}, "_example": example}


def period_session(n: int) -> list[CarinthianEngine]:
    """A Trischak starts a period; deals without enough successes reach the restricted phase;
    a Solo is played in it; a Trischak ends it; one normal deal after."""
    rng = random.Random(f"period/{n}")
    carry = initial_carry()
    out: list[CarinthianEngine] = []
    dealer = 0

    def push(want: Callable[[CarinthianEngine], bool]) -> None:
        nonlocal carry, dealer
        e = search(rng, n, dealer, carry, want)
        out.append(e)
        carry = G.next_carry(e, carry)
        dealer = (dealer + 1) % n

    push(lambda e: e.trischak)
    for _ in range(RULES.restricted_after_deals):
        push(lambda e: not e.trischak and not deal_kind(e.facts())[1])
    assert carry["restricted"]
    push(lambda e: e.contract is not None and e.contract.id == "solo")
    push(lambda e: e.trischak)
    assert not carry["restricted"] and carry["period_active"]
    push(lambda e: not e.trischak)
    return out


# -- invalid samples (§9) ------------------------------------------------------------------
def _engine(rec: dict[str, Any], tricks: int | None = None) -> CarinthianEngine:
    """The engine after the record's actions (and only ``tricks`` tricks of play)."""
    n = len(rec["players"])
    rules = G.rules(rec.get("rules"))
    e, _ = G.make_engine(rules, n, rec["dealer"], rec["deal"], rec.get("carry") or {})
    assert e is not None
    r = dict(rec)
    if tricks is not None:
        r["play"] = rec.get("play", [])[:tricks]
    _replay(r, e)
    return e


def invalid(samples: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    rng = random.Random("invalid")
    out: dict[str, dict[str, Any]] = {}

    def add(name: str, rec: dict[str, Any], expect: list[str], at: str, what: str) -> None:
        rec = copy.deepcopy(rec)
        rec.pop("result", None)
        rec.pop("_example", None)
        rec["_example"] = what
        rec["_expect"] = expect
        rec["_at"] = at
        rep = validate_record(rec)
        codes = sorted({f.code for f in rep.findings if f.severity == "error"})
        places = [f.pointer for f in rep.findings if f.severity == "error"]
        assert codes == sorted(expect) and places[0] == at, (name, codes, places,
                                                              [str(f) for f in rep.findings])
        out[name] = rec

    def base(n: int, want: Callable[[CarinthianEngine], bool]) -> dict[str, Any]:
        e = search(rng, n, rng.randrange(n), {}, want)
        return record(e, {})

    def auction(rec: dict[str, Any], calls: list[tuple[int, str]]) -> dict[str, Any]:
        rec = copy.deepcopy(rec)
        rec["auction"] = [{"seat": s, "call": c} for s, c in calls]
        return rec

    any3 = base(3, lambda e: not e.trischak and not e.zahle)
    d = any3["dealer"]
    F, M, R = (d + 1) % 3, (d + 2) % 3, d
    add("i01_vierzig_second_call", auction(any3, [(F, "angesehen"), (M, "hinunter"),
                                                   (R, "pass"), (F, "hold"), (M, "vierzig")]),
        ["CA-VIERZIG"], "/auction/4", "§9.1 middlehand bids vierzig on his second call")
    add("i02_hold_without_priority", auction(any3, [(F, "angesehen"), (M, "hold")]),
        ["CA-HOLD"], "/auction/1", "§9.2 middlehand holds forehand's Angesehen")
    add("i03_hold_over_vierzig", auction(any3, [(F, "angesehen"), (M, "vierzig"), (R, "pass"),
                                                (F, "hold")]),
        ["CA-HOLD"], "/auction/3", "§9.3 forehand holds a Vierzig")
    add("i04_forced_bid_passed", auction(any3, [(F, "pass"), (M, "pass"), (R, "pass")]),
        ["CA-FORCED"], "/auction/2", "§9.4 all three pass")
    add("i05_bid_after_pass", auction(any3, [(F, "pass"), (M, "angesehen"), (R, "hinunter"),
                                             (F, "drei")]),
        ["CA-PASSED"], "/auction/3", "§9.5 a player who passed bids again")
    restricted = {"period_active": True, "successes": 1, "period_deals": 9, "restricted": True}
    r6 = auction(any3, [(F, "hinunter")])
    r6["carry"] = restricted
    add("i06a_restricted_bid", r6, ["CA-RESTRICTED"], "/auction/0",
        "§9.6 hinunter bid in the restricted phase")
    ang = base(3, lambda e: kind_of(e) == "angesehen")
    ang["carry"] = dict(restricted)
    add("i06b_restricted_no_trischak", ang, ["CA-RESTRICTED"], "/exchange/take",
        "§9.6 an Angesehen declarer in the restricted phase takes the talon")
    hin = base(3, lambda e: kind_of(e) == "hinunter" and not e.announced)
    r7 = copy.deepcopy(hin)
    r7["exchange"] = {"trischak": "nachlassen", "talon_order": hin["deal"]["talon"][0]
                      + hin["deal"]["talon"][1]}
    add("i07_hinunter_trischak", r7, ["CA-TRISCHAK"], "/exchange/trischak",
        "§9.7 a Hinunter declarer converts to Trischak")
    # §9.8: one card of the other half (played), discarding 2 or 4
    e = _engine(hin, 0)
    decl = e.declarer
    assert decl is not None
    other = PACK.codes_of(e.untaken)
    r8 = copy.deepcopy(hin)
    r8["exchange"]["discard"] = r8["exchange"]["discard"][:2] + other[:1]
    r8["exchange"].pop("shown", None)
    shown = [c for c in r8["exchange"]["discard"] if c[0] == "T"]
    if shown:
        r8["exchange"]["shown"] = shown
    add("i08a_card_of_other_half", r8, ["CA-TALON-HALF"], "/exchange/discard/2",
        "§9.8 the declarer lays away a card of the half he did not take")
    r8b = copy.deepcopy(hin)
    r8b["exchange"]["discard"] = hin["exchange"]["discard"][:2]
    r8b["exchange"].pop("shown", None)
    add("i08b_discard_two", r8b, ["CA-DISCARD"], "/exchange/discard",
        "§9.8 the declarer discards 2 cards")
    r8c = copy.deepcopy(hin)
    held = [c for c in PACK.codes_of(e.hands[decl]) if c[0] != "T" and c[1] != "K"]
    r8c["exchange"]["discard"] = hin["exchange"]["discard"] + held[:1]
    add("i08c_discard_four", r8c, ["CA-DISCARD"], "/exchange/discard",
        "§9.8 the declarer discards 4 cards")
    # §9.9
    king = base(3, lambda e: e.taken is not None and bool(
        e.dealt[e.declarer or 0] & (1 << PACK.index["SK"])))
    r9 = copy.deepcopy(king)
    r9["exchange"]["discard"] = ["SK"] + king["exchange"]["discard"][1:]
    add("i09a_discard_king", r9, ["CA-DISCARD-FORBIDDEN"], "/exchange/discard/0",
        "§9.9 SK discarded")
    free3 = base(3, lambda e: e.taken is not None and not e.discard_mask & TAROCK_MASK
                 and bool(e.dealt[e.declarer or 0] & (TAROCK_MASK & ~(1 << PACK.index["T1"])
                                                       & ~(1 << PACK.index["T21"])
                                                       & ~(1 << PACK.index["T22"]))))
    e = _engine(free3, 0)
    t = [c for c in PACK.codes_of(e.dealt[e.declarer or 0]) if c[0] == "T"
         and c not in ("T1", "T21", "T22")][0]
    r9b = copy.deepcopy(free3)
    r9b["exchange"]["discard"] = free3["exchange"]["discard"][:2] + [t]
    r9b["exchange"]["shown"] = [t]
    add("i09b_tarock_with_free_cards", r9b, ["CA-DISCARD-TAROCK"], "/exchange/discard",
        "§9.9 a tarock discarded while holding 3 free cards")
    # a declarer with two free cards after the take (N = 2): dealt by hand
    n2 = Example("N2", 3, 2, [("call", 0, "hinunter"), ("call", 1, "pass"), ("call", 2, "pass"),
                              ("take", 0, "a"), ("discard", 0, None), ("declare", 0, ()),
                              ("declare", 1, ()), ("declare", 2, ())], lambda e: True,
                 fixed={0: [f"T{k}" for k in range(2, 16)] + ["H4", "D4"]},
                 talon=(["T16", "T17", "T18"], ["T19", "T20", "CK"]))
    two = record(build(n2), {})
    e = _engine(two, 0)
    extra = [c for c in PACK.codes_of(e.hands[e.declarer or 0]) if c[0] == "T"
             and c not in ("T1", "T21", "T22")][0]
    r9c = copy.deepcopy(two)
    frees = [c for c in two["exchange"]["discard"] if c[0] != "T"]
    tars = [c for c in two["exchange"]["discard"] if c[0] == "T"]
    r9c["exchange"]["discard"] = frees[:1] + tars + [extra]
    r9c["exchange"]["shown"] = tars + [extra]
    add("i09c_two_tarocks_for_one", r9c, ["CA-DISCARD-TAROCK"], "/exchange/discard",
        "§9.9 two tarocks discarded when N = 2")
    r9d = copy.deepcopy(two)
    r9d["exchange"].pop("shown")
    add("i09d_tarock_not_shown", r9d, ["CA-DISCARD-SHOWN"], "/exchange/discard",
        "§9.9 a discarded tarock not shown")
    solo = base(3, lambda e: kind_of(e) == "solo")
    r10 = copy.deepcopy(solo)
    r10["exchange"] = {"take": "a"}
    add("i10_solo_exchange", r10, ["CA-SOLO-TALON"], "/exchange/take",
        "§9.10 a talon take in a Solo")
    # §9.11
    r11 = copy.deepcopy(hin)
    r11["declarations"][1]["say"] = ["pagat"]
    add("i11a_defender_announces", r11, ["CA-ANNOUNCE-SEAT"], "/declarations/1/say/0",
        "§9.11 a defender announces pagat")
    drei = base(3, lambda e: kind_of(e) == "drei")
    r11b = copy.deepcopy(drei)
    r11b["declarations"][0]["say"] = ["fuenfzig"]
    add("i11b_fuenfzig_in_drei", r11b, ["CA-ANNOUNCE-CONTRACT"], "/declarations/0/say/0",
        "§9.11 fuenfzig announced in a Drei")
    tri = base(3, lambda e: e.trischak and e.mode == "stichzwang")
    r11c = copy.deepcopy(tri)
    r11c["declarations"][0]["say"] = ["valat"]
    add("i11c_valat_in_trischak", r11c, ["CA-ANNOUNCE-CONTRACT"], "/declarations/0/say/0",
        "§9.11 valat announced in Trischak")
    # §9.12
    r12 = copy.deepcopy(hin)
    r12["declarations"] = [hin["declarations"][0],
                           {"seat": hin["declarations"][1]["seat"], "say": ["kontra"]},
                           {"seat": hin["declarations"][2]["seat"], "say": ["kontra"]}]
    add("i12a_second_kontra", r12, ["CA-KONTRA-REPEAT"], "/declarations/2/say/0",
        "§9.12 a second kontra on the game")
    r12b = copy.deepcopy(r12)
    r12b["declarations"][2]["say"] = ["retour"]
    add("i12b_defender_retour", r12b, ["CA-RETOUR"], "/declarations/2/say/0",
        "§9.12 a defender says retour")
    r12c = copy.deepcopy(hin)
    r12c["declarations"][1]["say"] = ["kontra:uhu"]
    add("i12c_kontra_unannounced", r12c, ["CA-KONTRA"], "/declarations/1/say/0",
        "§9.12 kontra on an unannounced Uhu")
    r12d = copy.deepcopy(hin)
    r12d["declarations"][0]["say"] = ["valat"]
    r12d["declarations"][1]["say"] = ["kontra"]
    add("i12d_kontra_game_with_valat", r12d, ["CA-KONTRA-VALAT"], "/declarations/1/say/0",
        "§9.12 kontra on the game when Valat was announced")
    # §9.13
    r13 = copy.deepcopy(ang)
    r13.pop("carry")
    r13["declarations"] = [{"seat": ang["declarations"][0]["seat"], "say": ["valat"]},
                           {"seat": ang["declarations"][1]["seat"], "say": ["zahle"]}]
    add("i13a_zahle_after_announcement", r13, ["CA-ZAHLE"], "/declarations/1/say/0",
        "§9.13 zahle although the declarer announced a bonus")
    r13b = copy.deepcopy(hin)
    r13b["declarations"][1]["say"] = ["zahle"]
    add("i13b_zahle_in_hinunter", r13b, ["CA-ZAHLE"], "/declarations/1/say/0",
        "§9.13 zahle in a Hinunter")
    # §9.14–§9.17 card play: the first trick where the rule can be broken
    add_play_faults(add, rng)
    # §9.18: four players
    four = base(4, lambda e: not e.trischak and not e.zahle)
    d4 = four["dealer"]
    r18 = copy.deepcopy(four)
    r18["auction"] = [{"seat": d4, "call": "angesehen"}] + four["auction"]
    add("i18a_dealer_bids", r18, ["CA-DEALER"], "/auction/0", "§9.18 the dealer makes a bid")
    r18b = copy.deepcopy(four)
    r18b["play"][0] = four["play"][0] + [four["deal"]["talon"][0][0]]
    add("i18b_dealer_plays_outside_trischak", r18b, ["CA-TRICK-SIZE"], "/play/0",
        "§9.18 a fourth card (the dealer's) in a trick outside Trischak")
    t4 = base(4, lambda e: e.trischak and e.table is not None and len(e.table.tricks) == 16)
    e = _engine(t4, 6)
    r18c = copy.deepcopy(t4)
    r18c["play"][6] = t4["play"][6] + [t4["play"][0][-1]]
    add("i18c_dealer_plays_trick_7", r18c, ["CA-TRICK-SIZE"], "/play/6",
        "§9.18 the dealer plays to trick 7 in Trischak")
    t4w = base(4, lambda e: e.trischak and e.table is not None and len(e.table.tricks) == 16
               and e.table.winner(6) == e.dealer)
    e = _engine(t4w, 6)
    assert e.table is not None
    wrong = next(s for s in e.active if s != e.forehand)
    r18d = copy.deepcopy(t4w)
    r18d["play"] = t4w["play"][:6] + [[PACK.codes_of(e.hands[wrong])[0],
                                       *t4w["play"][6][1:]]]
    add("i18d_trick_7_wrong_leader", r18d, ["CA-LEAD"], "/play/6/0",
        "§9.18 after the dealer wins trick 6, trick 7 is led by another than forehand")
    # §9.19
    r19 = copy.deepcopy(tri)
    r19["exchange"]["talon_order"] = tri["exchange"]["talon_order"][:5] + [
        tri["deal"]["hands"][0][0]]
    add("i19a_talon_order_not_permutation", r19, ["CA-TALON-ORDER"], "/exchange/trischak",
        "§9.19 the talon order is not a permutation of the talon")
    r19b = copy.deepcopy(tri)
    good = record(_engine(tri), {})["result"]
    pts = list(good["points"])
    r19b["result"] = dict(good, points=pts[1:] + pts[:1])
    r19b["_example"] = ("§9.19 piles credited as if talon cards went to others than the "
                        "winners of their tricks (the notation derives the assignment)")
    r19b["_expect"] = ["RESULT-POINTS"]
    r19b["_at"] = "/result/points"
    out["i19b_talon_card_to_wrong_winner"] = _checked(r19b)
    # §9.20
    r20 = copy.deepcopy(drei)
    r20["play"] = drei["play"][:15]
    add("i20a_fifteen_tricks", r20, ["CA-TRICKS-MISSING"], "/play",
        "§9.20 a record with 15 tricks")
    e = _engine(drei, 3)
    assert e.table is not None
    leader = e.table.leader
    other = next(s for s in e.active if s != leader)
    r20b = copy.deepcopy(drei)
    r20b["play"] = drei["play"][:3] + [[PACK.codes_of(e.hands[other])[0],
                                        *drei["play"][3][1:]]]
    add("i20b_wrong_leader", r20b, ["CA-LEAD"], "/play/3/0",
        "§9.20 a trick led by another than the previous winner")
    # §9.21
    per = base(3, lambda e: e.trischak and any(i.name == "trischak" for i in e.score().items))
    r21 = copy.deepcopy(per)
    r21["carry"] = {"period_active": True, "successes": 0, "period_deals": 1,
                    "restricted": False}
    plain = record(_engine(per), {})["result"]
    r21["result"] = plain
    rec = copy.deepcopy(r21)
    rec["_example"] = "§9.21 a Trischak in a doubling period scored without ×2"
    rec["_expect"] = ["RESULT-MULTIPLIER", "RESULT-SCORES", "RESULT-SHEET"]
    rec["_at"] = "/result/multiplier"
    out["i21a_trischak_not_doubled"] = _checked(rec)
    bon = base(3, lambda e: not e.trischak and not e.zahle and sum(
        i.deltas[e.declarer or 0] for i in e.score().items
        if i.name in ("trull", "four_kings", "pagat", "uhu", "kike", "mondfang")) != 0)
    carry = {"period_active": True, "successes": 0, "period_deals": 1, "restricted": False}
    bon["carry"] = carry
    ed = _engine(bon)
    s = ed.score()
    assert ed.declarer is not None
    wrong_sheet = list(s.facts["sheet"])
    wrong_sheet[ed.declarer] = sum(
        (it.deltas[ed.declarer] // (ed.n - 1)) * (1 if it.name in ("game", "valat") else 2)
        for it in s.items)
    res = record(ed, carry)["result"]
    res["sheet"] = wrong_sheet
    res["scores"] = [ed.n * x - sum(wrong_sheet) for x in wrong_sheet]
    rec = copy.deepcopy(bon)
    rec["result"] = res
    rec["_example"] = "§9.21 bonuses multiplied by the doubling period"
    rec["_expect"] = ["RESULT-SCORES", "RESULT-SHEET"]
    rec["_at"] = "/result/sheet"
    out["i21b_bonuses_doubled"] = _checked(rec)
    sheet_faults(add, samples, out)
    # the carried state
    r22 = copy.deepcopy(any3)
    r22["carry"] = {"period_active": True, "successes": 0, "period_deals": 9,
                    "restricted": False}
    add("i22_carry_restricted_flag", r22, ["CA-CARRY"], "/carry/restricted",
        "§6.8 a carried state whose restricted flag disagrees with its deal count")
    return out


def sheet_faults(add: Callable[..., None], samples: dict[str, dict[str, Any]],
                 out: dict[str, dict[str, Any]]) -> None:
    """Score sheets whose written outcome cannot be (docs/notation.md, the outcome block):
    each breaks one thing of a worked example's twin."""
    def twin(name: str, **change: Any) -> dict[str, Any]:
        rec = copy.deepcopy(samples[f"sheet-{name}"])
        rec.pop("_example", None)
        rec.pop("auction", None)          # the outcome alone (the calls would answer first)
        for k, v in change.items():
            if v is None:
                rec["outcome"].pop(k, None)
            else:
                rec["outcome"][k] = v
        return rec
    e1 = samples["sheet-e01_e1"]["outcome"]                 # Angesehen, kontra, 41 points
    add("o01_contract_restricted", dict(twin("e03_e3"), carry={
        "period_active": True, "successes": 0, "period_deals": 9, "restricted": True}), ["OUTCOME-CONTRACT"], "/outcome/contract",
        "a Vierzig written in the restricted phase (§3.2)")
    add("o02_dealer_declares", twin("e11_e11", declarer=0), ["OUTCOME-SEAT"],
        "/outcome/declarer", "four players: the idle dealer written as declarer (§1.6)")
    add("o03_partner", twin("e01_e1", partner=2), ["OUTCOME-PARTNER"], "/outcome/partner",
        "a partner written in a Carinthian outcome (the declarer plays alone)")
    add("o04_zahle_in_drei", twin("e05_e5", end="zahle"), ["OUTCOME-END"], "/outcome/end",
        "zahle written as the end of a Drei (§4.4)")
    add("o05_kontra_beyond_retour", twin("e01_e1", kontra=8), ["OUTCOME-KONTRA"],
        "/outcome/kontra", "a game kontra'd ×8 (kontra ×2, retour ×4 at most, §4.5)")
    add("o06_points_for_tricks", twin("e01_e1", points=[70 - e1["points"][1] + 30,
                                                        e1["points"][1] - 30]),
        ["OUTCOME-POINTS"], "/outcome/points", "card points that do not add up to 70 (§1.4)")
    add("o07_won_with_too_few", twin("e03_e3", won=True), ["OUTCOME-CONFLICT"],
        "/outcome/won", "a Fünfzig written as won with 47 card points (§6.2)")
    add("o08_valat_target_raised", twin("e05_e5", target=70), ["OUTCOME-CONFLICT"],
        "/outcome/target", "an announced Valat written with a raised target (§6.8: it does "
        "not raise the target)")
    items = copy.deepcopy(samples["sheet-e01_e1"]["outcome"]["items"])
    items.append({"item": "trull", "announced": True, "made": True, "side": "declarer"})
    add("o09_announced_trull", twin("e01_e1", items=items), ["OUTCOME-ITEM"],
        "/outcome/items/2/announced", "a Trull written as announced (§4.3: never announced)")
    add("o10_trischak_without_points", twin("e07_e7", points=None), ["CA-OUTCOME-KEYS"],
        "/outcome", "a Trischak outcome without the participants' card points (§6.6)")
    impossible_outcomes(add, twin)
    unreachable = copy.deepcopy(samples["sheet-e01_e1"])
    unreachable.pop("outcome")
    unreachable["result"] = {"scores": [-1000, 2000, -1000]}
    rec = copy.deepcopy(unreachable)
    rec["_example"] = "a sheet without outcome whose scores no Angesehen gives (§6.2–§6.5)"
    rec["_expect"] = ["RESULT-UNREACHABLE"]
    rec["_at"] = "/result/scores"
    out["o11_scores_unreachable"] = _checked(rec)      # its result is the point: kept


def impossible_outcomes(add: Callable[..., None], twin: Callable[..., dict[str, Any]]) -> None:
    """Issue 32: outcomes no play gives, by what the piles can hold (§1.4, §4.2, §6.1, §6.3,
    §6.6); the examples the issue reports."""
    def item(name: str, side: str = "declarer") -> dict[str, Any]:
        return {"item": name, "announced": False, "made": True, "side": side}
    add("o12_pagat_with_their_trull", twin("e03_e3", items=[item("trull", "opponents"),
                                                           item("pagat")]),
        ["OUTCOME-CONFLICT"], "/outcome/items", "a Pagat made by the declarer while the "
        "defenders' pile holds the Trull: T1 cannot lie in both piles (§6.3)")
    add("o13_trull_kings_few_points", twin("e01_e1", items=[item("trull"), item("four_kings")],
                                           points=[20, 50], won=False),
        ["OUTCOME-POINTS"], "/outcome/points", "Trull and four kings in the pile of a declarer "
        "who won 9 tricks, with 20 card points: his 30 cards count at least 38 (§1.4, §6.1)")
    add("o14_points_beyond_tricks", twin("e01_e1", tricks=[15, 1, 0], points=[24, 46],
                                         won=False, items=None),
        ["OUTCOME-POINTS"], "/outcome/points", "24 card points from one trick and the discard: "
        "6 cards without the whole Trull or the four kings count 23 at most (§1.4, §4.2)")
    add("o15_valat_with_50", twin("e06_e6", points=[50, 20]), ["OUTCOME-POINTS"],
        "/outcome/points", "a Valat with 50 card points: the defenders hold only the untaken "
        "half, 3 cards counting 13 at most (§1.4, §6.1)")
    add("o16_trischak_trickless_points", twin("e09_e9", points=[44, 25, 1]),
        ["OUTCOME-POINTS"], "/outcome/points/2", "a Trischak seat with no trick and a card point "
        "(§5.6, §6.6: his pile is empty)")


def _checked(rec: dict[str, Any]) -> dict[str, Any]:
    rep = validate_record(rec)
    codes = sorted({f.code for f in rep.findings if f.severity == "error"})
    places = sorted(f.pointer for f in rep.findings if f.severity == "error")
    assert codes == sorted(rec["_expect"]), (rec["_example"], codes)
    assert rec["_at"] in places, (rec["_example"], places)
    return rec


def add_play_faults(add: Callable[..., None], rng: random.Random) -> None:
    """§9.14–§9.17: replace one played card by an illegal one the player holds."""
    cases = [
        ("i14a_revoke", "CA-FOLLOW", "§9.14 a tarock played to a heart lead while holding hearts",
         lambda e: not e.trischak, _revoke),
        ("i14b_no_ruff", "CA-RUFF", "§9.14 void in the led suit, holding a tarock, another suit "
         "played", lambda e: not e.trischak, _no_ruff),
        ("i15_pagat_early", "CA-BIRD-EARLY", "§9.15 the declarer who announced Pagat plays T1 "
         "early", lambda e: "pagat" in e.announced and not e.trischak, _pagat_early),
        ("i16_stichzwang", "CA-STICHZWANG", "§9.16 Stichzwang: a lower tarock while holding a "
         "higher one", lambda e: e.trischak and e.mode == "stichzwang", _under),
        ("i17_pagat_not_last", "CA-PAGAT", "§9.17 Trischak: T1 played while holding another "
         "tarock", lambda e: e.trischak, _pagat_not_last),
    ]
    for name, code, what, want, fault in cases:
        for _ in range(5000):
            e = play(rng, 3, rng.randrange(3), {})
            if not want(e) or e.table is None:
                continue
            rec = record(e, {})
            got = fault(rec)
            if got is not None:
                r, at = got
                add(name, r, [code], at, what)
                break
        else:
            raise RuntimeError(name)


def _walk(rec: dict[str, Any], test: Callable[[CarinthianEngine, int, int], str | None]
          ) -> tuple[dict[str, Any], str] | None:
    """The first trick/position where ``test`` (engine before the card, trick, position)
    gives a replacement card; the record is cut after that trick."""
    for t in range(len(rec["play"])):
        e = _engine(rec, t)
        assert e.table is not None
        for j in range(len(rec["play"][t])):
            seat = e.to_act
            assert seat is not None
            card = test(e, t, j)
            if card is not None:
                r = copy.deepcopy(rec)
                r["play"] = rec["play"][:t + 1]
                r["play"][t][j] = card
                r.pop("result", None)
                return r, f"/play/{t}/{j}"
            e.play(seat, rec["play"][t][j])
    return None


def _hand(e: CarinthianEngine) -> list[str]:
    seat = e.to_act
    assert seat is not None
    return PACK.codes_of(e.hands[seat])


def _revoke(rec: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    def test(e: CarinthianEngine, t: int, j: int) -> str | None:
        tt = e.table
        assert tt is not None
        h = _hand(e)
        if tt.cards and PACK.code(tt.cards[0])[0] == "H" and any(c[0] == "H" for c in h):
            tar = [c for c in h if c[0] == "T"]
            return tar[0] if tar else None
        return None
    return _walk(rec, test)


def _no_ruff(rec: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    def test(e: CarinthianEngine, t: int, j: int) -> str | None:
        tt = e.table
        assert tt is not None
        h = _hand(e)
        if tt.cards:
            led = PACK.code(tt.cards[0])[0]
            if led != "T" and not any(c[0] == led for c in h) and any(c[0] == "T" for c in h):
                other = [c for c in h if c[0] not in ("T", led)]
                return other[0] if other else None
        return None
    return _walk(rec, test)


def _pagat_early(rec: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    def test(e: CarinthianEngine, t: int, j: int) -> str | None:
        if e.to_act == e.declarer and t < 15 and "T1" in _hand(e):
            legal = e.legal_cards()
            if legal and "T1" not in legal:
                tt = e.table
                assert tt is not None
                if not tt.cards or PACK.suits[tt.cards[0]] == "T":
                    return "T1"
        return None
    return _walk(rec, test)


def _under(rec: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    def test(e: CarinthianEngine, t: int, j: int) -> str | None:
        tt = e.table
        assert tt is not None
        if not tt.cards or PACK.suits[tt.cards[0]] != "T":
            return None
        top = max(PACK.strength[c] for c in tt.cards if PACK.suits[c] == "T")
        h = _hand(e)
        low = [c for c in h if c[0] == "T" and c != "T1" and PACK.strength[PACK.index[c]] < top]
        high = [c for c in h if c[0] == "T" and PACK.strength[PACK.index[c]] > top]
        return low[0] if low and high else None
    return _walk(rec, test)


def _pagat_not_last(rec: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    def test(e: CarinthianEngine, t: int, j: int) -> str | None:
        tt = e.table
        assert tt is not None
        h = _hand(e)
        if "T1" in h and len([c for c in h if c[0] == "T"]) > 1 and (
                not tt.cards or PACK.suits[tt.cards[0]] == "T") and (
                not tt.cards or e.mode == "nachlassen"):
            return "T1"
        return None
    return _walk(rec, test)


def main() -> None:
    good = valid()
    bad = invalid(good)
    if OUT.exists():
        shutil.rmtree(OUT)
    for sub, recs in (("valid", good), ("invalid", bad)):
        (OUT / sub).mkdir(parents=True, exist_ok=True)
        for name, rec in sorted(recs.items()):
            (OUT / sub / f"{name}.json").write_text(jsonio.dumps(rec), encoding="utf-8")
    print(f"{len(good)} valid, {len(bad)} invalid samples in {OUT}")


if __name__ == "__main__":
    main()
