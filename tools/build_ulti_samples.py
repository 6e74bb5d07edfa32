#!/usr/bin/env python3
"""Build the Ulti sample records (samples/ulti/{valid,invalid}/*.json).

Reproducible: every random choice comes from a seeded ``random.Random``. For each worked
example of rules/ulti.md §9 the cards that matter are placed by hand, the rest is dealt from
the remaining cards, the calls and declarations are given, and the play is searched with the
engine's own legal cards (random legal cards, some kept back for the last trick, restarts)
until the example's facts (points, sheet, last trick) hold. Every contract family gets a
record of its own; the illegal records of §10 are made from valid ones by breaking exactly one
thing (their ``_expect`` lists the finding codes).

Usage:  PYTHONPATH=. python tools/build_ulti_samples.py
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
from tarockrec.cards import iter_bits  # noqa: E402
from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.engine import Action  # noqa: E402
from tarockrec.games.ulti.contracts import COUNTERS, PACK  # noqa: E402
from tarockrec.games.ulti.engine import UltiEngine  # noqa: E402
from tarockrec.games.ulti.rules import UltiRules  # noqa: E402
from tarockrec.games.ulti.scoring import sheet_entries  # noqa: E402
from tarockrec.tournament.sheet import to_sheet  # noqa: E402

G = games.get("ulti")
assert G is not None
OUT = ROOT / "samples" / "ulti"
PLAYERS = ["Anikó", "Bence", "Csilla"]
ALL = list(PACK.codes)
BLANKS = [c for c in ALL if not (COUNTERS >> PACK.index[c] & 1)]


class Miss(Exception):
    """This attempt does not give the example; try again."""


def deal(rng: random.Random, fixed: dict[int, list[str]], talon: list[str] | None = None):
    """Hands with the ``fixed`` cards placed and a talon of two blanks (or ``talon``)."""
    used = {c for cs in fixed.values() for c in cs} | set(talon or [])
    rest = [c for c in ALL if c not in used]
    rng.shuffle(rest)
    if talon is None:
        talon = [c for c in rest if c in BLANKS][:2]
        rest = [c for c in rest if c not in talon]
    hands = []
    for s in range(3):
        h = list(fixed.get(s, []))
        while len(h) < 10:
            h.append(rest.pop())
        hands.append(h)
    return hands, talon


def engine(hands: list[list[str]], talon: list[str], dealer: int, rules=None) -> UltiEngine:  # type: ignore[no-untyped-def]
    return UltiEngine(rules or UltiRules(), dealer, [PACK.mask(h) for h in hands],
                      PACK.mask(talon))


def solo_auction(e: UltiEngine, contract: str, suit: str, discard: list[str] | None = None) -> None:
    """Forehand names ``suit``, bids ``contract`` (discarding the talon he picked up unless
    told otherwise); the other two pass."""
    f = e.forehand
    e.name_suit(f, suit)  # type: ignore[attr-defined]
    e.bid(f, (contract, tuple(discard or PACK.codes_of(e.talon))))  # type: ignore[attr-defined]
    e.apply(Action("pass", (f + 1) % 3))
    e.apply(Action("pass", (f + 2) % 3))


def play(e: UltiEngine, rng: random.Random, says: dict[tuple[int, int], list[str]] | None = None,
         keep: dict[int, list[str]] | None = None, high: set[int] | None = None,
         stop: Callable[[UltiEngine], bool] | None = None) -> None:
    """Random legal play; ``says`` = (seat, trick) → items said with that card; ``keep`` =
    cards a seat holds back for the last trick when it can; ``high`` = seats that play their
    strongest legal card."""
    says = dict(says or {})
    keep = keep or {}
    while not e.is_over:
        if stop is not None and stop(e):
            return
        seat = e.to_act
        t = e.table
        assert seat is not None and t is not None
        key = (seat, t.trick_number)
        if key in says:
            e.declare(seat, (t.trick_number, tuple(says.pop(key))))  # type: ignore[attr-defined]
        legal = list(iter_bits(e._legal_mask(seat)))
        kept = [c for c in legal if PACK.code(c) not in keep.get(seat, ())]
        legal = kept or legal
        if high and seat in high:
            card = max(legal, key=lambda c: (PACK.suits[c] == (e.contract.trump or ""),
                                             e._strength[c]))
        else:
            card = rng.choice(legal)
        e.play(seat, PACK.code(card))  # type: ignore[attr-defined]
    if says:
        raise Miss


def record(e: UltiEngine, **private: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"tarockrec": 1, "game": "ulti", "players": list(PLAYERS),
                           "dealer": e.dealer}
    rec.update(G.record_of(e))
    rec["result"] = e.score().result()
    for k, v in private.items():
        rec["_" + k] = v
    return rec


def last_trick(e: UltiEngine) -> list[str]:
    t = e.table
    assert t is not None and len(t.tricks) == 10
    return [PACK.code(c) for c in t.tricks[9][1]]


def search(name: str, build: Callable[[random.Random], dict[str, Any]], tries: int = 200000) -> dict[str, Any]:
    rng = random.Random(name)
    for _ in range(tries):
        try:
            return build(rng)
        except Miss:
            continue
    raise SystemExit(f"{name}: no deal found")


def check(e: UltiEngine, sheet: list[int], pts: list[int] | None = None,
          last: list[str] | None = None) -> None:
    sc = e.score()
    if sheet_entries(sc, e.soloist) != sheet:  # type: ignore[arg-type]
        raise Miss
    if pts is not None and sc.facts.get("points") != pts:
        raise Miss
    if last is not None and last_trick(e) != last:
        raise Miss


# ---------------------------------------------------------------------------------------
# §9 worked examples
# ---------------------------------------------------------------------------------------
def u1(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {0: ["HK", "HQ"], 1: ["CK", "CQ"]})
    e = engine(hands, talon, 2)
    solo_auction(e, "spades_simple", "S")
    play(e, rng, {(0, 1): ["marriage:H"], (1, 1): ["marriage:C"]})
    check(e, [1, 0, 0], [80, 50])
    if "S7" in last_trick(e):
        raise Miss
    return record(e, example="§9 U1 Spades Simple, success")


def u2(rng: random.Random) -> dict[str, Any]:
    hearts = ["HA", "H10", "HK", "HQ", "HJ", "H9", "H8", "H7"]
    hands, talon = deal(rng, {1: hearts, 0: ["SK", "SQ"]})
    e = engine(hands, talon, 0)
    solo_auction(e, "hearts_simple_ulti", "H")
    play(e, rng, {(1, 1): ["marriage:H"], (0, 1): ["marriage:S"], (2, 1): ["double:ulti"],
                  (1, 2): ["redouble:ulti"]})
    check(e, [0, 34, 0], [90, 60])
    if last_trick(e)[0] != "H7" or e.table.winner(10) != 1:  # type: ignore[union-attr]
        raise Miss
    return record(e, example="§9 U2 Hearts Simple + Ulti, Ulti doubled and redoubled, success")


def u3(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {2: ["C7", "HK", "HQ"], 1: ["C9"], 0: ["SJ"]})
    if PACK.mask(hands[2]) & PACK.suit_mask["C"] != PACK.mask(["C7"]) and rng.random() < 0.5:
        raise Miss
    e = engine(hands, talon, 1)
    solo_auction(e, "clubs_simple_ulti", "C")
    marriage = [s for s in "SHD" if {s + "K", s + "Q"} <= set(hands[0])]
    says: dict[tuple[int, int], list[str]] = {(0, 1): ["double:main"]}
    if not marriage:
        raise Miss
    says[(0, 1)] = ["marriage:" + marriage[0], "double:main"]
    play(e, rng, says, keep={1: ["C9"], 0: ["SJ"]})
    check(e, [0, 0, -10], [40, 70], ["C9", "C7", "SJ"])
    return record(e, example="§9 U3 Clubs Simple + Ulti, main doubled, Ulti lost with the 7 "
                  "captured")


def u4(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {})
    e = engine(hands, talon, 2)
    solo_auction(e, "betli", "D")
    play(e, rng, {(1, 1): ["double:main"]}, stop=lambda x: len(x.table.tricks) == 3)  # type: ignore[union-attr]
    t = e.table
    assert t is not None
    if len(t.tricks) != 3 or [t.winner(i) == 0 for i in (1, 2, 3)] != [False, False, True]:
        raise Miss
    check(e, [-10, 0, 0])
    return record(e, example="§9 U4 Single Betli doubled, lost early (record ends after "
                  "trick 3)")


def u5(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {1: ["HK", "HQ", "H7", "HA", "H9", "H8", "SK", "SQ"]})
    e = engine(hands, talon, 0)
    solo_auction(e, "hearts_hundred_40", "H")
    says: dict[tuple[int, int], list[str]] = {(1, 1): ["marriage:H"]}
    for s in (0, 2):
        ms = [x for x in "SCD" if {x + "K", x + "Q"} <= set(hands[s])]
        if ms:
            says[(s, 1)] = ["marriage:" + m for m in ms]
    play(e, rng, says, keep={1: ["H7"]})
    check(e, [0, -4, 0], [90, 80])
    if last_trick(e)[0 if e.table.tricks[9][0] == 1 else 1] != "H7" and "H7" not in last_trick(e):  # type: ignore[union-attr]
        raise Miss
    if e.table.winner(10) != 1 or e.table.winning_card(10) != PACK.index["H7"]:  # type: ignore[union-attr]
        raise Miss
    return record(e, example="§9 U5 Hearts 40-Hundred fails, silent seven won by the soloist")


def u6(rng: random.Random) -> dict[str, Any]:
    clubs = ["CA", "C10", "CK", "CQ", "CJ", "C9", "C8", "C7"]
    hands, talon = deal(rng, {0: clubs + ["SK", "SQ"]})
    e = engine(hands, talon, 2)
    solo_auction(e, "clubs_durch_hundred_20", "C")
    play(e, rng, {(0, 1): ["marriage:S"], (2, 1): ["double:main"], (0, 2): ["redouble:main"]},
         keep={0: ["C7"]}, high={0})
    check(e, [42, 0, 0], [110, 0])
    if e.table.winning_card(10) != PACK.index["C7"]:  # type: ignore[union-attr]
        raise Miss
    return record(e, example="§9 U6 Clubs Single Durch + 20-Hundred, doubled and redoubled, "
                  "success with silent seven")


def u7(rng: random.Random) -> dict[str, Any]:
    spades = ["SA", "S10", "SK", "SQ", "SJ", "S9", "S8", "S7"]
    hands, talon = deal(rng, {2: spades + ["HK", "HQ"], 0: ["D8"], 1: ["C9"]})
    e = engine(hands, talon, 1)
    solo_auction(e, "spades_simple", "S")
    play(e, rng, {(2, 1): ["marriage:H"], (0, 1): ["double:main"]},
         keep={2: ["SA"], 0: ["D8"], 1: ["C9"]})
    check(e, [0, 0, 6], [110, 0], ["SA", "D8", "C9"])
    return record(e, example="§9 U7 Spades Simple, unbid Durch and silent hundred, main doubled")


def u8(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {1: ["D7"], 2: ["D8"], 0: ["HJ"]})
    e = engine(hands, talon, 2)
    solo_auction(e, "diamonds_simple", "D")
    play(e, rng, keep={1: ["D7"], 2: ["D8"], 0: ["HJ"]})
    check(e, [1, -2, -2], [60, 30], ["D7", "D8", "HJ"])
    return record(e, example="§9 U8 Diamonds Simple; a defender's seven captured by his partner")


def u9(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {})
    e = engine(hands, talon, 0)
    solo_auction(e, "hearts_simple", "H")
    e.concede(1)  # type: ignore[attr-defined]
    check(e, [0, -2, 0])
    return record(e, example="§9 U9 Hearts Simple conceded")


def u10(rng: random.Random) -> dict[str, Any]:
    spades = ["SA", "SK", "SQ", "SJ", "S10", "S9", "S8", "S7"]
    hands, talon = deal(rng, {1: spades + ["HA", "DA"]})
    e = engine(hands, talon, 0)
    solo_auction(e, "durch_nt_double", "S")
    play(e, rng, {(2, 1): ["double:main"], (1, 2): ["redouble:main"], (0, 3): ["surdouble:main"]})
    check(e, [0, 96, 0])
    return record(e, example="§9 U10 Double Durch (NT) with double, redouble and surdouble")


def u11(rng: random.Random) -> dict[str, Any]:
    hands, talon = deal(rng, {0: ["HK", "HQ"], 2: ["SK", "SQ"]})
    e = engine(hands, talon, 2)
    solo_auction(e, "spades_hundred_20", "S")
    play(e, rng, {(0, 1): ["marriage:H"], (2, 1): ["marriage:S"]})
    check(e, [-4, 1, 1], [50, 100])
    return record(e, example="§9 U11 Spades 20-Hundred fails; the defenders reach 100")


EXAMPLES = {"u01_spades_simple": u1, "u02_hearts_simple_ulti_redoubled": u2,
            "u03_clubs_simple_ulti_captured_seven": u3, "u04_betli_doubled_early_end": u4,
            "u05_hearts_hundred_40_silent_seven": u5, "u06_clubs_durch_hundred_20": u6,
            "u07_spades_simple_unbid_durch": u7, "u08_diamonds_simple_defenders_seven": u8,
            "u09_hearts_simple_conceded": u9, "u10_durch_nt_double_surdoubled": u10,
            "u11_spades_hundred_20_defenders_100": u11}


# ---------------------------------------------------------------------------------------
# one record per contract family
# ---------------------------------------------------------------------------------------
FAMILIES = [
    "spades_simple", "hearts_simple", "clubs_simple_ulti", "hearts_simple_ulti",
    "diamonds_hundred_20", "hearts_hundred_40", "spades_hundred_40_ulti",
    "hearts_hundred_20_ulti", "betli", "betli_double", "betli_ouvert", "durch_nt",
    "durch_nt_double", "durch_nt_ouvert", "clubs_durch_hundred_40", "hearts_durch_ulti",
    "spades_durch_double_hundred_20_ulti", "diamonds_durch_ouvert_ulti",
    "hearts_durch_ouvert_hundred_40_ulti",
]


def family(cid: str) -> Callable[[random.Random], dict[str, Any]]:
    def build(rng: random.Random) -> dict[str, Any]:
        c = G_contract(cid)
        fixed: dict[int, list[str]] = {}
        high: set[int] = set()
        if c.durch or c.durch_nt:
            s = c.trump or "S"
            order = [s + r for r in ("A", "10", "K", "Q", "J", "9", "8", "7")]
            extra = [x + "A" for x in "SCHD" if x != s][:2]
            if c.hundred == 20:
                extra = ["HK", "HQ"] if s != "H" else ["SK", "SQ"]
            fixed = {0: order + extra}
            high = {0}
        hands, talon = deal(rng, fixed)
        e = engine(hands, talon, 2)
        solo_auction(e, cid, c.trump or rng.choice("SCHD"))
        says = {}
        if c.hundred:
            want = [c.trump] if c.hundred == 40 else [x for x in "SCHD" if x != c.trump]
            ms = [x for x in want if {x + "K", x + "Q"} <= set(PACK.codes_of(e.hands[0]))]
            if not ms:
                raise Miss
            says[(0, 1)] = ["marriage:" + ms[0]]
        play(e, rng, says, high=high)
        return record(e, example=f"contract family: {cid}")
    return build


def G_contract(cid: str):  # type: ignore[no-untyped-def]
    from tarockrec.games.ulti.contracts import CONTRACTS
    return CONTRACTS[cid]


def oracle_auction(rng: random.Random) -> dict[str, Any]:
    """§4.4: the bidding example (dealer 2, forehand 0), then a random play."""
    hands, talon = deal(rng, {})
    e = engine(hands, talon, 2)
    steps = [(0, "clubs_simple"), (1, "spades_simple_ulti"), (2, "betli"), (0, None),
             (1, "hearts_simple_ulti"), (2, "betli_double"), (0, None), (1, None)]
    e.name_suit(0, "C")  # type: ignore[attr-defined]
    for seat, cid in steps:
        if cid is None:
            e.apply(Action("pass", seat))
        else:
            held = PACK.codes_of(e.hands[seat] | e.talon)
            blanks = [x for x in held if x in BLANKS]
            e.bid(seat, (cid, tuple(rng.sample(blanks, 2))))  # type: ignore[attr-defined]
    play(e, rng)
    return record(e, example="§4.4 bidding example: soloist 2 plays Double Betli")


def hundred_ulti_over_durch(rng: random.Random) -> dict[str, Any]:
    """§10.5: Hundred + Ulti (8) over Single Durch NT (6) is fine."""
    hands, talon = deal(rng, {1: ["SK", "SQ"]})
    e = engine(hands, talon, 2)
    e.name_suit(0, "D")  # type: ignore[attr-defined]
    e.bid(0, ("durch_nt", tuple(PACK.codes_of(e.talon))))  # type: ignore[attr-defined]
    held = [x for x in PACK.codes_of(e.hands[1] | e.talon) if x in BLANKS and x not in ("S7", "SK", "SQ")]
    e.bid(1, ("spades_hundred_40_ulti", tuple(held[:2])))  # type: ignore[attr-defined]
    e.apply(Action("pass", 2))
    e.apply(Action("pass", 0))
    play(e, rng, {(1, 1): ["marriage:S"]})
    return record(e, example="§10.5 Hundred + Ulti over Single Durch (NT) is a legal overcall")


def session(rng: random.Random) -> dict[str, Any]:
    deals = []
    totals = [0, 0, 0]
    for dealer in (0, 1, 2, 0):
        e = G.random_deal(rng, 3, dealer, UltiRules(), {})
        while not e.is_over:
            e.apply(G.choose(e, rng))
        d: dict[str, Any] = {"dealer": dealer}
        d.update(G.record_of(e))
        res = e.score().result()
        d["result"] = res
        totals = [a + b for a, b in zip(totals, res["scores"])]
        deals.append(d)
    return {"tarockrec": 1, "game": "ulti", "meta": {"event": "Ulti club evening"},
            "players": list(PLAYERS), "deals": deals, "result": {"totals": totals},
            "_example": "session of four deals; the deal passes to the left (d+1)"}


# ---------------------------------------------------------------------------------------
# §10 illegal records, each made from a valid one by breaking one thing
# ---------------------------------------------------------------------------------------
def positions(rec: dict[str, Any]):  # type: ignore[no-untyped-def]
    """Replay ``rec``'s play; yield (trick index, position, engine before the card)."""
    e = engine(rec["deal"]["hands"], rec["deal"]["talon"], rec["dealer"])
    for i, a in enumerate(rec["auction"]):
        if "suit" in a:
            e.name_suit(a["seat"], a["suit"])  # type: ignore[attr-defined]
        if a["call"] == "bid":
            e.bid(a["seat"], (a["contract"], tuple(a["discard"])))  # type: ignore[attr-defined]
        else:
            e.apply(Action("pass", a["seat"]))
    decls = list(rec.get("declarations", []))
    for t, trick in enumerate(rec.get("play", [])):
        for j, cc in enumerate(trick):
            seat = e.to_act
            while decls and decls[0]["trick"] == t + 1 and decls[0]["seat"] == seat:
                d = decls.pop(0)
                e.declare(seat, (d["trick"], tuple(d["say"])))  # type: ignore[attr-defined]
            yield t, j, e
            e.play(seat, cc)  # type: ignore[attr-defined]


def break_play(rec: dict[str, Any], pick: Callable[[UltiEngine, int], str | None]) -> dict[str, Any]:
    """Replace the first card for which ``pick(engine, seat)`` names another card; the play is
    cut after that trick and the result dropped."""
    for t, j, e in positions(rec):
        alt = pick(e, e.to_act)  # type: ignore[arg-type]
        if alt is not None:
            out = copy.deepcopy(rec)
            out["play"] = out["play"][:t + 1]
            out["play"][t][j] = alt
            out.pop("result", None)
            return out
    raise Miss


def _hand(e: UltiEngine, seat: int) -> list[str]:
    return PACK.codes_of(e.hands[seat])


def pick_revoke(e: UltiEngine, seat: int) -> str | None:
    t = e.table
    if not t.cards or PACK.code(t.cards[0])[0] != "H":  # type: ignore[union-attr]
        return None
    h = _hand(e, seat)
    if any(c[0] == "H" for c in h):
        return next((c for c in h if c[0] == "S"), None)
    return None


def pick_no_ruff(e: UltiEngine, seat: int) -> str | None:
    t = e.table
    tr = e.contract.trump  # type: ignore[union-attr]
    if not t.cards:  # type: ignore[union-attr]
        return None
    led = PACK.code(t.cards[0])[0]  # type: ignore[union-attr]
    h = _hand(e, seat)
    if led != tr and not any(c[0] == led for c in h) and any(c[0] == tr for c in h):
        return next((c for c in h if c[0] not in (led, tr)), None)
    return None


def pick_no_head(suit: str, lead: str, hold: str, bad: str):  # type: ignore[no-untyped-def]
    def pick(e: UltiEngine, seat: int) -> str | None:
        t = e.table
        if len(t.cards) != 1 or PACK.code(t.cards[0]) != lead:  # type: ignore[union-attr]
            return None
        h = _hand(e, seat)
        return bad if hold in h and bad in h else None
    return pick


def pick_no_head_any(e: UltiEngine, seat: int) -> str | None:
    """A plain-suit lead, no trump in the trick, the next player holds a higher and a lower
    card of the suit and plays the lower (§10.12 in general form)."""
    t = e.table
    tr = e.contract.trump  # type: ignore[union-attr]
    if len(t.cards) != 1:  # type: ignore[union-attr]
        return None
    lead = t.cards[0]  # type: ignore[union-attr]
    led = PACK.suits[lead]
    if led == tr:
        return None
    st = e._strength
    same = [c for c in iter_bits(e.hands[seat]) if PACK.suits[c] == led]
    hi = [c for c in same if st[c] > st[lead]]
    lo = [c for c in same if st[c] < st[lead]]
    return PACK.code(lo[0]) if hi and lo else None


def pick_no_overtrump(e: UltiEngine, seat: int) -> str | None:
    t = e.table
    tr = e.contract.trump  # type: ignore[union-attr]
    if len(t.cards) != 2:  # type: ignore[union-attr]
        return None
    led = PACK.code(t.cards[0])[0]  # type: ignore[union-attr]
    second = PACK.code(t.cards[1])  # type: ignore[union-attr]
    h = _hand(e, seat)
    if led == tr or second[0] != tr or any(c[0] == led for c in h):
        return None
    legal = PACK.codes_of(e._legal_mask(seat))
    lower = [c for c in h if c[0] == tr and c not in legal]
    return lower[0] if lower and all(c[0] == tr for c in legal) else None


def pick_seven(trick_no: int, lead: bool):  # type: ignore[no-untyped-def]
    def pick(e: UltiEngine, seat: int) -> str | None:
        t = e.table
        seven = e.contract.trump + "7"  # type: ignore[union-attr, operator]
        if seat != e.soloist or t.trick_number != trick_no or bool(t.cards) == lead:  # type: ignore[union-attr]
            return None
        if seven in _hand(e, seat) and PACK.codes_of(e._legal_mask(seat)) != [seven]:
            return seven
        return None
    return pick


def pick_wrong_leader(trick_no: int):  # type: ignore[no-untyped-def]
    def pick(e: UltiEngine, seat: int) -> str | None:
        t = e.table
        if t.trick_number != trick_no or t.cards:  # type: ignore[union-attr]
            return None
        other = (seat + 1) % 3
        return _hand(e, other)[0]
    return pick


def invalid(valid: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    rng = random.Random("invalid")

    def mk(name: str, rec: dict[str, Any], expect: list[str], why: str) -> None:
        rec = copy.deepcopy(rec)
        for k in [k for k in rec if k.startswith("_")]:
            del rec[k]
        rec["_example"] = why
        rec["_expect"] = expect
        out[name] = rec

    base = valid["family_spades_simple"]
    # 1. forehand passes / bids without a suit
    r = copy.deepcopy(base)
    r["auction"][0] = {"seat": r["auction"][0]["seat"], "call": "pass"}
    r.pop("result")
    mk("i01a_forehand_passes", r, ["UL-OPEN-PASS"], "§10.1 forehand passes at his first turn")
    r = copy.deepcopy(base)
    del r["auction"][0]["suit"]
    mk("i01b_no_suit_named", r, ["UL-SUIT-MISSING"], "§10.1 forehand bids without naming a suit")
    # 2. names clubs, opens hearts
    r = copy.deepcopy(valid["family_hearts_simple"])
    r["auction"][0]["suit"] = "C"
    mk("i02_suit_binds", r, ["UL-SUIT-BINDS"], "§10.2 forehand names clubs and opens with a "
       "Hearts Simple")
    # 3. pick-up then pass
    r = copy.deepcopy(base)
    r["auction"][1]["discard"] = PACK.codes_of(PACK.mask(r["deal"]["hands"][r["auction"][1]["seat"]]))[:2]
    mk("i03_pickup_then_pass", r, ["UL-PASS-PICKUP"], "§10.3 a player picks up the talon and "
       "then passes")
    # 4. discard not from the 12 held; the same card twice
    r = copy.deepcopy(base)
    other = r["deal"]["hands"][1][0]
    r["auction"][0]["discard"] = [r["auction"][0]["discard"][0], other]
    mk("i04a_discard_not_held", r, ["UL-DISCARD"], "§10.4 a discard is not among the 12 cards "
       "held after the pick-up")
    r = copy.deepcopy(base)
    r["auction"][0]["discard"] = [r["auction"][0]["discard"][0]] * 2
    mk("i04b_discard_twice", r, ["UL-DISCARD"], "§10.4 the discard is not two different cards")
    # 5. equal or lower overcalls
    r = copy.deepcopy(valid["overcall_hundred_ulti_over_durch_nt"])
    r["auction"][0]["contract"] = "spades_hundred_20_ulti"
    r["auction"][0]["suit"] = "S"
    r["auction"][1]["contract"] = "hearts_hundred_20"
    mk("i05a_equal_overcall", r, ["UL-BID-LOW"], "§10.5 Hearts Hundred (8) over Hundred + Ulti "
       "(8)")
    r = copy.deepcopy(valid["overcall_hundred_ulti_over_durch_nt"])
    r["auction"][1]["contract"] = "betli"
    mk("i05b_betli_over_durch", r, ["UL-BID-LOW"], "§10.5 Single Betli (5) over Single Durch "
       "(6)")
    r = copy.deepcopy(valid["bidding_example_4_4"])
    r["auction"][5]["contract"] = "hearts_hundred_20"
    mk("i05c_oracle_variant", r, ["UL-BID-LOW"], "§4.4 variant: Hearts Hundred (8) over Hearts "
       "Simple + Ulti (10)")
    # 6. illegal combinations
    r = copy.deepcopy(valid["family_clubs_durch_hundred_40"])
    r["auction"][0]["contract"] = "clubs_durch"
    mk("i06a_durch_alone", r, ["UL-CONTRACT-ILLEGAL"], "§10.6 a trump Durch with neither "
       "Hundred nor Ulti")
    r = copy.deepcopy(valid["family_betli"])
    r["auction"][0]["contract"] = "betli_ulti"
    mk("i06b_betli_ulti", r, ["UL-CONTRACT-ILLEGAL"], "§10.6 Ulti combined with Betli")
    # 7. auction after two passes; acting twice
    r = copy.deepcopy(base)
    r["auction"].append({"seat": r["auction"][0]["seat"], "call": "pass"})
    mk("i07a_after_two_passes", r, ["UL-AUCTION-OVER"], "§10.7 the auction continues after two "
       "consecutive passes")
    r = copy.deepcopy(valid["overcall_hundred_ulti_over_durch_nt"])
    r["auction"][2] = dict(r["auction"][2], seat=1)
    mk("i07b_acts_twice", r, ["UL-TURN"], "§10.7 a bidder acts twice in a row")
    # 8. concession
    r = copy.deepcopy(valid["family_clubs_simple_ulti"])
    for k in ("declarations", "play", "result"):
        r.pop(k, None)
    r["end"] = {"type": "concede", "seat": r["auction"][0]["seat"]}
    mk("i08a_concede_simple_ulti", r, ["UL-CONCEDE"], "§10.8 concession in a Simple + Ulti")
    r = copy.deepcopy(base)
    r.pop("result")
    r["end"] = {"type": "concede", "seat": r["auction"][0]["seat"]}
    mk("i08b_concede_after_lead", r, ["UL-CONCEDE-LATE"], "§10.8 concession after the soloist "
       "has led")
    # 9. doubling
    u2r = valid["u02_hearts_simple_ulti_redoubled"]

    def with_decls(rec: dict[str, Any], decls: list[dict[str, Any]]) -> dict[str, Any]:
        x = copy.deepcopy(rec)
        x.pop("result", None)
        x["declarations"] = decls
        return x
    sol = u2r["auction"][0]["seat"]
    d1, d2 = [s for s in range(3) if s != sol]
    mk("i09a_double_at_trick_2", with_decls(u2r, [{"seat": d2, "trick": 2, "say": ["double:main"]}]),
       ["UL-DOUBLE-TRICK"], "§10.9 a defender doubles at trick 2")
    mk("i09b_soloist_doubles", with_decls(u2r, [{"seat": sol, "trick": 1, "say": ["double:main"]}]),
       ["UL-DOUBLE-WHO"], "§10.9 the soloist doubles")
    mk("i09c_redouble_undoubled", with_decls(u2r, [{"seat": sol, "trick": 2, "say": ["redouble:main"]}]),
       ["UL-DOUBLE-LEVEL"], "§10.9 a redouble of an undoubled target")
    mk("i09d_soloist_surdoubles",
       with_decls(u2r, [{"seat": d2, "trick": 1, "say": ["double:ulti"]},
                        {"seat": sol, "trick": 2, "say": ["redouble:ulti"]},
                        {"seat": sol, "trick": 3, "say": ["surdouble:ulti"]}]),
       ["UL-DOUBLE-WHO"], "§10.9 a surdouble by the soloist")
    u10r = valid["u10_durch_nt_double_surdoubled"]
    x = copy.deepcopy(u10r)
    x.pop("result")
    x["declarations"][-1]["trick"] = 4
    mk("i09e_surdouble_at_trick_4", x, ["UL-DOUBLE-TRICK"], "§10.9 a surdouble at trick 4")
    # 10. marriages
    u1r = valid["u01_spades_simple"]
    x = copy.deepcopy(u1r)
    x.pop("result")
    x["declarations"] = [dict(x["declarations"][0], trick=2)]
    mk("i10a_marriage_trick_2", x, ["UL-MARRIAGE-TRICK"], "§10.10 a marriage declared in trick 2")
    x = copy.deepcopy(u1r)
    x.pop("result")
    x["declarations"][0]["say"] = ["marriage:C"]
    mk("i10b_marriage_not_held", x, ["UL-MARRIAGE-CARDS"], "§10.10 a marriage declared without "
       "holding both cards")
    x = copy.deepcopy(valid["family_betli"])
    x.pop("result")
    holder = next((s for s in range(3) for m in "SCHD"
                   if {m + "K", m + "Q"} <= set(x["deal"]["hands"][s])
                   and s != x["auction"][0]["seat"]), None)
    if holder is None:
        raise SystemExit("no marriage in the Betli sample")
    m = next(m for m in "SCHD" if {m + "K", m + "Q"} <= set(x["deal"]["hands"][holder]))
    x["declarations"] = [{"seat": holder, "trick": 1, "say": ["marriage:" + m]}]
    mk("i10c_marriage_in_betli", x, ["UL-MARRIAGE-NT"], "§10.10 a marriage declared in a Betli")
    x = copy.deepcopy(valid["u05_hearts_hundred_40_silent_seven"])
    x.pop("result")
    sol5 = x["auction"][0]["seat"]
    hand5 = set(x["deal"]["hands"][sol5])
    m20 = next((m for m in "SCD" if {m + "K", m + "Q"} <= hand5), None)
    if m20 is None:
        raise SystemExit("U5 soloist has no side marriage; pick another seed")
    x["declarations"][0]["say"] = ["marriage:" + m20]
    mk("i10d_hundred_40_declares_20", x, ["UL-MARRIAGE-HUNDRED"], "§10.10 a 40-Hundred soloist "
       "declaring a 20")
    x = copy.deepcopy(valid["u05_hearts_hundred_40_silent_seven"])
    x.pop("result")
    x["declarations"][0]["say"] = ["marriage:H", "marriage:" + m20]
    mk("i10e_hundred_two_marriages", x, ["UL-MARRIAGE-HUNDRED"], "§10.10 a Hundred soloist "
       "declaring two marriages")
    # 11–14. play
    plays = [(n, r) for n, r in valid.items() if "play" in r and len(r["play"]) == 10]
    from tarockrec.generate import deal_records
    plays += [(f"pool{i}", r) for i, r in enumerate(deal_records("ulti", 400, 7))
              if "play" in r and len(r["play"]) == 10]

    def first_break(pick, kinds=None):  # type: ignore[no-untyped-def]
        for n, r in plays:
            if kinds and not any(r["result"]["contract"].startswith(k) for k in kinds):
                continue
            try:
                return break_play(r, pick)
            except Miss:
                continue
        raise SystemExit(f"no record to break for {pick}")
    mk("i11a_revoke", first_break(pick_revoke), ["UL-FOLLOW"], "§11.11 revoke: holding hearts on "
       "a heart lead and playing a spade".replace("§11.11", "§10.11"))
    mk("i11b_no_ruff", first_break(pick_no_ruff, ["spades", "clubs", "hearts", "diamonds"]),
       ["UL-RUFF"], "§10.11 void in the led suit, holding a trump, and discarding a plain card")
    mk("i12a_no_head", first_break(pick_no_head_any, ["spades", "clubs", "hearts", "diamonds"]),
       ["UL-HEAD"], "§10.12 failure to head: holding a higher card of the led plain suit (no "
       "trump in the trick) and playing a lower one (like SA held on a SK lead, S9 played)")
    mk("i12b_no_overtrump", first_break(pick_no_overtrump, ["spades", "clubs", "hearts",
                                                            "diamonds"]),
       ["UL-OVERTRUMP"], "§10.12 failure to overtrump when able after a ruff")
    mk("i12c_betli_no_head", _betli_no_head(rng), ["UL-HEAD"], "§10.12 in Betli, holding DK "
       "on a DQ lead and playing D9")
    hsu = [r for n, r in plays if r["result"]["contract"] == "hearts_simple_ulti"]
    mk("i13a_seven_led_trick_4", first_break_in(hsu, pick_seven(4, True)), ["UL-ULTI-SEVEN"],
       "§10.13 the soloist of a Hearts Simple + Ulti leads H7 in trick 4")
    mk("i13b_seven_played_trick_6", first_break_in(hsu, pick_seven(6, False)), ["UL-ULTI-SEVEN"],
       "§10.13 the soloist plays H7 in trick 6 while holding another legal card")
    mk("i14a_trick_1_wrong_leader", break_play(base, pick_wrong_leader(1)), ["UL-LEAD"],
       "§10.14 trick 1 led by somebody other than the soloist")
    mk("i14b_trick_5_wrong_leader", break_play(base, pick_wrong_leader(5)), ["UL-LEAD"],
       "§10.14 a later trick not led by the previous winner")
    # 15. fewer than 10 tricks in a trump contract
    r = copy.deepcopy(base)
    r["play"] = r["play"][:7]
    r.pop("result")
    mk("i15_trump_contract_short", r, ["UL-TRICKS-MISSING"], "§10.15 a trump contract record "
       "with fewer than 10 tricks")
    # 16. scoring errors
    r = copy.deepcopy(valid["u06_clubs_durch_hundred_20"])
    r["result"]["scores"] = [2 * 44, -44, -44]      # silent seven ×4 as well: +40 + 2·4
    mk("i16a_silent_seven_doubled", r, ["RESULT-SCORES"], "§10.16 doubling applied to the silent "
       "seven (sheet +48 instead of +42)")
    r = copy.deepcopy(valid["u03_clubs_simple_ulti_captured_seven"])
    r["result"]["scores"] = [+14, +14, -28]         # extra penalty ×2: −2 −4 −8 = −14
    mk("i16b_extra_penalty_doubled", r, ["RESULT-SCORES"], "§10.16 doubling applied to the extra "
       "Ulti penalty (sheet −14 instead of −10)")
    r = copy.deepcopy(valid["family_hearts_durch_ulti"])
    sol_h = r["result"]["declarer"]
    r["result"]["scores"] = _hearts_durch_doubled(r, sol_h)
    mk("i16c_hearts_doubles_durch", r, ["RESULT-SCORES"], "§10.16 hearts doubling applied to the "
       "Durch part")
    return out


def invalid_sheets(valid: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Score sheets whose outcome cannot be (docs/notation.md, the outcome block), each
    breaking one thing of a valid sheet twin; and cardless records without an outcome whose
    scores no outcome gives."""
    out: dict[str, dict[str, Any]] = {}

    def mk(name: str, base: str, change: Callable[[dict[str, Any]], None], expect: list[str],
           why: str) -> None:
        rec = copy.deepcopy(valid[base] if base in valid else
                            next(v for k, v in valid.items() if k.startswith(base + "_")))
        for k in [k for k in rec if k.startswith("_")]:
            del rec[k]
        change(rec)
        rec["_example"] = why
        rec["_expect"] = expect
        out[name] = rec

    def o(rec: dict[str, Any]) -> dict[str, Any]:
        outcome: dict[str, Any] = rec["outcome"]
        return outcome

    def items(rec: dict[str, Any]) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = o(rec).setdefault("items", [])
        return found

    mk("s01_contract_unknown", "sheet_u01", lambda r: o(r).update(contract="spades_bettel"),
       ["REC-SCHEMA"], "an outcome naming no Ulti contract (the schema knows them all)")
    mk("s02_partner", "sheet_u01", lambda r: o(r).update(partner=1), ["OUTCOME-PARTNER"],
       "Ulti has no partner")
    def concede(rec: dict[str, Any]) -> None:
        rec["outcome"] = {"contract": o(rec)["contract"], "declarer": o(rec)["declarer"],
                          "end": "concede"}
    mk("s03_concede_ulti", "sheet_u02", concede, ["OUTCOME-END"],
       "§5.1 a Simple + Ulti cannot be conceded")
    mk("s04_kontra_16", "sheet_u10", lambda r: o(r).update(kontra=16), ["OUTCOME-KONTRA"],
       "§5.4 doubling stops at surdouble (×8)")
    mk("s05_seven_doubled", "sheet_u05", lambda r: items(r)[0].update(kontra=2),
       ["OUTCOME-KONTRA"], "§5.4, G10 the silent seven is never doubled")
    mk("s06_points_odd", "sheet_u01", lambda r: o(r).update(points=[85, 50]),
       ["OUTCOME-POINTS"], "§7.1 points come in tens")
    mk("s07_won_with_fewer_points", "sheet_u05", lambda r: o(r).update(won=True),
       ["OUTCOME-CONFLICT"], "§7.2 a 40-Hundred with 90 points is lost")
    mk("s08_no_ulti_item", "sheet_u02", lambda r: o(r).pop("items"), ["OUTCOME-MISSING"],
       "§7.2 a contract with Ulti: the outcome says whether the Ulti was made")
    mk("s09_ulti_in_simple", "sheet_u01", lambda r: items(r).append(
        {"item": "ulti", "announced": True, "made": True, "side": "declarer"}),
       ["OUTCOME-ITEM"], "a Simple without Ulti scores no Ulti")
    mk("s10_bonus_in_betli", "sheet_u04", lambda r: items(r).append(
        {"item": "hundred", "announced": False, "made": True, "side": "opponents"}),
       ["OUTCOME-ITEM"], "§7.4 no-trump contracts score no bonus")
    mk("s11_declarer_not_the_caller", "sheet_u01", lambda r: o(r).update(declarer=1),
       ["OUTCOME-AUCTION"], "the outcome's soloist differs from the auction's")
    mk("s12_hundred_missing", "sheet_u11", lambda r: o(r).pop("items"), ["OUTCOME-CONFLICT"],
       "§7.4 the defenders' 100 points give each defender a bonus: it must be written")
    mk("s13_scores_differ", "sheet_u01",
       lambda r: r["result"].update(scores=[4, -2, -2]), ["RESULT-SCORES"],
       "the written scores are not what the outcome gives")
    mk("s14_no_won", "sheet_u01", lambda r: o(r).pop("won"), ["OUTCOME-MISSING"],
       "the outcome must say whether the main part was won")

    # issue 32: outcomes no play gives (the written result left out: the outcome alone)
    def outcome_only(**change: Any) -> Callable[[dict[str, Any]], None]:
        def edit(rec: dict[str, Any]) -> None:
            rec.pop("result", None)
            o(rec).update(change)
        return edit
    mk("s17_ulti_without_a_trick", "sheet_u02", outcome_only(tricks=[4, 0, 6]),
       ["OUTCOME-CONFLICT"], "§7.2 an Ulti made (the soloist won trick 10) by a soloist who "
       "won no trick")
    mk("s18_points_beyond_tricks", "sheet_u05",
       outcome_only(tricks=[4, 1, 5], points=[100, 80], won=True), ["OUTCOME-POINTS"],
       "§1.4, §7.1 100 points from one trick: its 3 aces and tens, trick 10 and the trump "
       "marriage make 80 at most")
    mk("s19_betli_stopped_undecided", "sheet_u04", outcome_only(tricks=[0, 2, 1]),
       ["OUTCOME-POINTS"], "§6.6 a Betli stops early only once the soloist has won a trick "
       "(at or after that trick, as the engine allows): here he has won none")

    def bare(rec: dict[str, Any]) -> None:
        del rec["outcome"]
        rec["result"] = {"scores": [202, -101, -101]}     # a soloist entry of +101
    mk("s15_unreachable_scores", "sheet_u01", bare, ["RESULT-UNREACHABLE"],
       "a sheet without an outcome whose scores no outcome of a Spades Simple gives")

    def cards(rec: dict[str, Any]) -> None:
        rec["outcome"] = copy.deepcopy(valid["sheet_u01_spades_simple"]["outcome"])
        rec["outcome"]["won"] = False
    mk("s16_outcome_against_cards", "u01_spades_simple", cards, ["OUTCOME-CARDS"],
       "a full record whose written outcome says the game was lost; the cards say won")
    return out


def _hearts_durch_doubled(rec: dict[str, Any], sol: int) -> list[int]:
    """The scores a scorer would write if hearts doubled the Durch part (6 → 12)."""
    scores = list(rec["result"]["scores"])
    made = scores[sol] > 0
    # the main item is ±6 per defender; doubling it for hearts adds ±6 more
    delta = 6 if made else -6
    return [x + (2 * delta if s == sol else -delta) for s, x in enumerate(scores)]


def first_break_in(recs: list[dict[str, Any]], pick) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    for r in recs:
        try:
            return break_play(r, pick)
        except Miss:
            continue
    raise SystemExit("no Hearts Simple + Ulti record with a suitable moment")


def _betli_no_head(rng: random.Random) -> dict[str, Any]:
    for _ in range(5000):
        hands, talon = deal(rng, {0: ["DQ"], 1: ["DK", "D9"]})
        e = engine(hands, talon, 2)
        solo_auction(e, "betli", "D")
        rec_e = e
        t = rec_e.table
        assert t is not None
        e.play(0, "DQ")  # type: ignore[attr-defined]
        rec = record_partial(e)
        rec["play"] = [["DQ", "D9", hands[2][0]]]
        return rec
    raise SystemExit("no Betli deal")


def record_partial(e: UltiEngine) -> dict[str, Any]:
    rec: dict[str, Any] = {"tarockrec": 1, "game": "ulti", "players": list(PLAYERS),
                           "dealer": e.dealer}
    rec.update(G.record_of(e))
    return rec


def hsu_records(rng: random.Random) -> list[dict[str, Any]]:
    """Extra Hearts Simple + Ulti records with the soloist holding H7 (for §10.13)."""
    out = []
    while len(out) < 4:
        hands, talon = deal(rng, {0: ["H7", "HA", "H10", "H9"]})
        e = engine(hands, talon, 2)
        solo_auction(e, "hearts_simple_ulti", "H")
        play(e, rng)
        out.append(record(e))
    return out


def main() -> None:
    valid: dict[str, dict[str, Any]] = {}
    for name, fn in EXAMPLES.items():
        valid[name] = search(name, fn)
    for cid in FAMILIES:
        valid["family_" + cid] = search(cid, family(cid))
    valid["bidding_example_4_4"] = search("oracle", oracle_auction)
    valid["overcall_hundred_ulti_over_durch_nt"] = search("overcall", hundred_ulti_over_durch)
    valid["session"] = session(random.Random("session"))
    extra = hsu_records(random.Random("hsu"))
    bad = invalid({**valid, **{f"_hsu{i}": r for i, r in enumerate(extra)}})
    for name in EXAMPLES:                   # the score-sheet twin of every worked example
        valid["sheet_" + name] = to_sheet(valid[name])
    valid["sheet_session"] = to_sheet(valid["session"])
    bad.update(invalid_sheets(valid))
    if OUT.exists():
        shutil.rmtree(OUT)
    for sub, recs in (("valid", valid), ("invalid", bad)):
        (OUT / sub).mkdir(parents=True, exist_ok=True)
        for name, rec in recs.items():
            (OUT / sub / f"{name}.json").write_text(jsonio.dumps(rec), encoding="utf-8")
    print(f"{len(valid)} valid, {len(bad)} invalid Ulti samples in {OUT}")


if __name__ == "__main__":
    main()
