"""The worked examples of rules/carinthian.md §8 as complete legal deals, found by a seeded search.

Each example states its *preconditions* (the calls, the decisions, the cards or counts the
rules document names) as a script, constraints on the deal and a predicate on the finished
engine; ``build(example)`` replays the search from the example's stored seed and returns the
engine. The expected scores are NOT here: the golden tests (tests/test_carinthian_golden.py)
write them from the rules document and compare. ``find(example)`` searches for a seed
(used when an example changes; ``python tools/carinthian_examples.py`` prints them).
"""
from __future__ import annotations

import itertools
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tarockrec.engine import Action  # noqa: E402
from tarockrec.games.carinthian.contracts import (  # noqa: E402
    BEATS, KING_MASK, PACK, TAROCK_MASK, TRULL_MASK, points, raw,
)
from tarockrec.games.carinthian.engine import CarinthianEngine  # noqa: E402
from tarockrec.games.carinthian.rules import CarinthianRules  # noqa: E402
from tarockrec.games.carinthian.engine import piles, trischak_piles  # noqa: E402

C = PACK.index
Pred = Callable[[CarinthianEngine], bool]

PERIOD = {"period_active": True, "successes": 1, "period_deals": 2, "restricted": False}


@dataclass
class Example:
    name: str
    n: int
    dealer: int
    #: the pre-play actions: (kind, seat, value); a discard value None = a legal discard that
    #: keeps the reserved cards; a choose value (mode, None) = the talon order the search fits
    script: list[tuple[str, int, Any]]
    check: Pred
    carry: dict[str, Any] = field(default_factory=dict)
    #: cards dealt to a seat (the rest of the hand is random)
    fixed: dict[int, list[str]] = field(default_factory=dict)
    talon: tuple[list[str], list[str]] | None = None
    #: suits (S C H D T) a seat is dealt none of
    void: dict[int, str] = field(default_factory=dict)
    #: seat -> card -> the trick before which it is kept (unless forced)
    reserve: dict[int, dict[str, int]] = field(default_factory=dict)
    #: seat -> trick -> a card played there when legal
    prefer: dict[int, dict[int, str]] = field(default_factory=dict)
    #: seats that play to lose tricks / to win them
    losers: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    #: the Trischak talon cards must give piles the predicate accepts
    seed: int = 0
    rules: dict[str, Any] = field(default_factory=dict)


def _deal(ex: Example, rng: random.Random) -> tuple[list[int], tuple[int, int]] | None:
    n = ex.n
    active = [(ex.dealer + 1 + i) % n for i in range(3)]
    hands: dict[int, list[int]] = {s: [C[c] for c in ex.fixed.get(s, [])] for s in active}
    used = {c for h in hands.values() for c in h}
    talon: list[list[int]] = [[], []]
    if ex.talon is not None:
        talon = [[C[c] for c in ex.talon[0]], [C[c] for c in ex.talon[1]]]
        used |= set(talon[0]) | set(talon[1])
    rest = [c for c in range(54) if c not in used]
    rng.shuffle(rest)
    slots: list[tuple[str, int]] = []
    for s in active:
        slots += [("h", s)] * (16 - len(hands[s]))
    if ex.talon is None:
        slots += [("t", 0)] * 3 + [("t", 1)] * 3
    for card in rest:
        ok = [i for i, (k, s) in enumerate(slots)
              if k == "t" or PACK.suits[card] not in ex.void.get(s, "")]
        if not ok:
            return None
        k, s = slots.pop(rng.choice(ok))
        (hands[s] if k == "h" else talon[s]).append(card)
    masks = [0] * n
    for s, h in hands.items():
        masks[s] = sum(1 << c for c in h)
    return masks, (sum(1 << c for c in talon[0]), sum(1 << c for c in talon[1]))


def _strength(card: int) -> int:
    return PACK.strength[card] + (100 if PACK.suits[card] == "T" else 0)


def _pick_card(ex: Example, e: CarinthianEngine, seat: int, rng: random.Random) -> str:
    t = e.table
    assert t is not None
    legal = [C[c] for c in e.legal_cards()]
    k = t.trick_number
    want = ex.prefer.get(seat, {}).get(k)
    if want is not None and C[want] in legal:
        return want
    keep = {C[c] for c, before in ex.reserve.get(seat, {}).items() if before > k}
    free = [c for c in legal if c not in keep] or legal
    if seat in ex.losers:
        if t.cards:
            w = t.cards[0]
            for x in t.cards[1:]:
                if BEATS[w] >> x & 1:
                    w = x
            losing = [c for c in free if not BEATS[w] >> c & 1]
            pool = losing or free
        else:
            pool = free
        return PACK.code(min(pool, key=_strength))
    if seat in ex.winners:
        return PACK.code(max(free, key=_strength))
    return PACK.code(rng.choice(free))


def _discard(ex: Example, e: CarinthianEngine, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    assert e.declarer is not None
    keep = set(ex.reserve.get(e.declarer, {}))
    options = list(e.legal_discards())
    good = [d for d in options if not keep & set(d)] or options
    d = rng.choice(good)
    return d, tuple(c for c in d if c[0] == "T")


def _run(ex: Example, seed: int, order: tuple[str, ...] | None = None
         ) -> tuple[CarinthianEngine, list[Action]] | None:
    rng = random.Random(f"{ex.name}/{seed}")
    dealt = _deal(ex, rng)
    if dealt is None:
        return None
    hands, talon = dealt
    rules = CarinthianRules("default", ex.rules)
    e = CarinthianEngine(rules, ex.n, ex.dealer, hands, talon, dict(ex.carry) or None)
    actions: list[Action] = []
    for kind, seat, value in ex.script:
        if kind == "discard" and value is None:
            value = _discard(ex, e, rng)
        if kind == "choose" and value[1] is None:
            if ex.n == 3:
                value = (value[0], order or tuple(PACK.codes_of(talon[0]) + PACK.codes_of(talon[1])))
            else:
                value = (value[0], ())
        a = Action(kind, seat, value)
        e.apply(a)
        actions.append(a)
    while not e.is_over:
        seat = e.to_act
        assert seat is not None and e.phase == "play", e.phase
        a = Action("play", seat, _pick_card(ex, e, seat, rng))
        e.apply(a)
        actions.append(a)
    return e, actions


def _fit_order(ex: Example, e: CarinthianEngine) -> tuple[str, ...] | None:
    """3-player Trischak: the talon order (it changes no card played) whose piles satisfy the
    predicate, or None."""
    t = e.table
    assert t is not None
    cards = list(e.talon_order)
    base = e.talon_order
    seen: set[tuple[int, ...]] = set()
    for perm in itertools.permutations(cards):
        key = tuple(sorted((t.winner(i + 1), c) for i, c in enumerate(perm)))  # type: ignore[misc]
        if key in seen:
            continue
        seen.add(key)
        e.talon_order = perm
        if ex.check(e):
            e.talon_order = base
            return tuple(PACK.code(c) for c in perm)
    e.talon_order = base
    return None


def attempt(ex: Example, seed: int) -> CarinthianEngine | None:
    got = _run(ex, seed)
    if got is None:
        return None
    e, _ = got
    if e.trischak and ex.n == 3 and e.table is not None:
        order = _fit_order(ex, e)
        if order is None:
            return None
        again = _run(ex, seed, order)
        assert again is not None
        e = again[0]
    return e if ex.check(e) else None


def build(ex: Example) -> CarinthianEngine:
    e = attempt(ex, ex.seed)
    if e is None:
        raise AssertionError(f"example {ex.name}: seed {ex.seed} no longer gives the example "
                             "(run tools/carinthian_examples.py to find a new one)")
    return e


def find(ex: Example, start: int = 0, tries: int = 200000) -> int:
    for seed in range(start, start + tries):
        try:
            e = attempt(ex, seed)
        except Exception:  # noqa: BLE001 - a script the deal cannot carry (e.g. a bird not held)
            continue
        if e is not None:
            return seed
    raise RuntimeError(f"no seed found for {ex.name}")


# -- predicates ----------------------------------------------------------------------------
def items(e: CarinthianEngine) -> set[str]:
    return {i.name for i in e.score().items}


def p_decl(e: CarinthianEngine) -> int:
    return points(piles(e)[0])


def trick(e: CarinthianEngine, k: int) -> tuple[list[str], list[int], int]:
    t = e.table
    assert t is not None
    _, cards, seats, winner = t.tricks[k - 1]
    return [PACK.code(c) for c in cards], seats, winner


def _e1(e: CarinthianEngine) -> bool:
    cards, seats, w = trick(e, 16)
    pd, _ = piles(e)
    return (p_decl(e) == 41 and pd & KING_MASK == KING_MASK
            and cards == ["S10", "S7", "T1"] and seats == [1, 2, 0] and w == 0
            and items(e) == {"game", "four_kings", "pagat"})


def _e3(e: CarinthianEngine) -> bool:
    _, po = piles(e)
    return p_decl(e) == 47 and po & TRULL_MASK == TRULL_MASK and items(e) == {"game", "trull"}


def _e4(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    c9, s9, _ = trick(e, 9)
    c16, s16, w16 = trick(e, 16)
    return (p_decl(e) == 38 and t.played_by[C["T21"]] == (0, 9) and t.played_by[C["T22"]] == (1, 9)
            and t.played_by[C["T1"]] == (1, 16) and w16 == 1
            and items(e) == {"game", "pagat", "mondfang", "trull"})


def _e5(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    lost = [k + 1 for k in range(16) if t.winner(k + 1) != 2]
    return (lost == [9] and p_decl(e) == 66 and t.played_by[C["T2"]] == (2, 15)
            and t.winner(15) == 2 and items(e) == {"valat", "uhu", "trull", "four_kings"})


def _e6(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    return (t.count[0] == 16 and t.played_by[C["T1"]] == (0, 16)
            and e.dealt[0] >> C["T22"] & 1 == 1 and e.dealt[0] >> C["T21"] & 1 == 1
            and items(e) == {"valat", "trull", "four_kings", "pagat"})


def _trischak_points(want: list[int]) -> Pred:
    def check(e: CarinthianEngine) -> bool:
        return [points(m) for m in trischak_piles(e)] == want
    return check


def _e7(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    pl = trischak_piles(e)
    return (t.count == [8, 5, 3] and [m.bit_count() for m in pl] == [27, 17, 10]
            and [raw(m) for m in pl] == [48, 39, 19] and items(e) == {"trischak"})


def _e8(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    return (min(t.count) >= 1 and _trischak_points([10, 30, 30])(e)
            and items(e) == {"trischak"})


def _e9(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    cards, seats, w = trick(e, 16)
    return (t.count[2] == 0 and cards[0] == "T1" and seats[0] == 0 and w == 0
            and not any(PACK.suits[C[c]] == "T" for c in cards[1:])
            and items(e) == {"trischak", "pagat"})


def _e10(e: CarinthianEngine) -> bool:
    t = e.table
    assert t is not None
    return len(t.tricks) == 6 and t.count[3] == 0 and items(e) == {"trischak"}


def _e11(e: CarinthianEngine) -> bool:
    return p_decl(e) == 40 and items(e) == {"game"}


def _decl(seat: int, say: list[str]) -> tuple[str, int, Any]:
    return ("declare", seat, tuple(say))


EXAMPLES: dict[str, Example] = {ex.name: ex for ex in (
    Example("E1", 3, 0, [("call", 1, "angesehen"), ("call", 2, "pass"), ("call", 0, "pass"),
                         ("take", 1, "a"), ("discard", 1, None), _decl(1, []),
                         _decl(2, ["kontra"]), _decl(1, [])], _e1,
            fixed={1: ["S10", "SK", "CK", "HK", "DK", "T22", "T21", "T20", "T19", "T18"],
                   2: ["S7", "SQ", "SN"],
                   0: ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "S8"]},
            talon=(["H4", "D4", "C7"], ["H3", "D3", "C8"]), void={0: "S"},
            reserve={1: {"S10": 16}, 2: {"S7": 16}, 0: {"T1": 16}},
            prefer={1: {1: "SK", 2: "CK", 3: "HK", 4: "DK"}}, seed=17592),
    Example("E2", 3, 1, [("call", 2, "angesehen"), ("call", 0, "pass"), ("call", 1, "pass"),
                         ("take", 2, "b"), ("discard", 2, None), _decl(2, []),
                         _decl(0, ["zahle"]), _decl(1, ["zahle"])], lambda e: e.zahle,
            carry=PERIOD, seed=0),
    Example("E3", 3, 2, [("call", 0, "vierzig"), ("call", 1, "pass"), ("call", 2, "pass"),
                         ("take", 0, "a"), ("discard", 0, None), _decl(0, ["fuenfzig"]),
                         _decl(1, ["kontra"]), _decl(2, []), _decl(0, ["retour"])], _e3,
            fixed={1: ["T22", "T21"], 2: ["T1", "T20"]}, seed=1063),
    Example("E4", 3, 0, [("call", 1, "solo"), _decl(1, ["pagat"]), _decl(2, ["kontra:pagat"]),
                         _decl(0, []), _decl(1, ["retour:pagat"])], _e4,
            carry=PERIOD,
            fixed={1: ["T1", "T22", "T20", "T19", "T18", "T17", "T16", "T15", "T14"],
                   0: ["T21"]},
            reserve={1: {"T1": 16, "T22": 9}, 0: {"T21": 9}},
            prefer={1: {9: "T22", 16: "T1"}, 0: {9: "T21"}}, seed=86),
    Example("E5", 3, 1, [("call", 2, "drei"), ("call", 0, "pass"), ("call", 1, "pass"),
                         ("take", 2, "a"), ("discard", 2, None), _decl(2, ["valat"]),
                         _decl(0, []), _decl(1, [])], _e5,
            fixed={2: ["T22", "T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13",
                       "T12", "T2", "T1", "HK", "DK", "H4"]},
            talon=(["SN", "S9", "S8"], ["CN", "C9", "C8"]),
            reserve={2: {"H4": 9, "T2": 15, "T1": 13}},
            prefer={2: {9: "H4", 15: "T2", 13: "T1"}}, winners=(2,), losers=(0, 1), seed=4),
    Example("E6", 3, 2, [("call", 0, "hinunter"), ("call", 1, "pass"), ("call", 2, "pass"),
                         ("take", 0, "b"), ("discard", 0, None), _decl(0, []),
                         _decl(1, ["kontra"]), _decl(2, []), _decl(0, [])], _e6,
            fixed={0: ["T22", "T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13",
                       "T12", "T11", "T10", "T9", "T8", "T1"]},
            talon=(["H4", "D4", "C7"], ["H3", "D3", "C8"]),
            reserve={0: {"T1": 16}}, winners=(0,), seed=0),
    Example("E7", 3, 2, [("call", 0, "angesehen"), ("call", 1, "pass"), ("call", 2, "pass"),
                         ("choose", 0, ("stichzwang", None)), _decl(0, []), _decl(1, ["kontra"]),
                         _decl(2, ["kontra"])], _e7, seed=6133),
    Example("E8", 3, 2, [("call", 0, "angesehen"), ("call", 1, "pass"), ("call", 2, "pass"),
                         ("choose", 0, ("nachlassen", None)), _decl(0, []), _decl(1, []),
                         _decl(2, [])], _e8, carry=PERIOD, seed=187),
    Example("E9", 3, 2, [("call", 0, "angesehen"), ("call", 1, "pass"), ("call", 2, "pass"),
                         ("choose", 0, ("nachlassen", None)), _decl(0, []), _decl(1, []),
                         _decl(2, [])], _e9, fixed={0: ["T1"]},
            losers=(2,), seed=365),
    Example("E10", 4, 3, [("call", 0, "pass"), ("call", 1, "angesehen"), ("call", 2, "pass"),
                          ("choose", 1, ("nachlassen", None)), _decl(1, []),
                          _decl(2, ["kontra"]), _decl(3, ["kontra"]), _decl(0, [])], _e10,
            losers=(3,), seed=2),
    Example("E11", 4, 0, [("call", 1, "pass"), ("call", 2, "pass"), ("call", 3, "solo"),
                          _decl(3, []), _decl(1, []), _decl(2, [])], _e11, seed=173),
)}




# -- E12: a session across a doubling period ---------------------------------------------------
def _session_deal(name: str, dealer: int, script: list[tuple[str, int, Any]], check: Pred,
                  **kw: Any) -> Example:
    return Example(name, 3, dealer, script, check, **kw)


def _pts(want: int) -> Pred:
    return lambda e: p_decl(e) == want


SESSION_E12: list[Example] = [
    _session_deal("E12-1", 0, [("call", 1, "angesehen"), ("call", 2, "pass"), ("call", 0, "pass"),
                               ("choose", 1, ("nachlassen", None)), _decl(1, []), _decl(2, []),
                               _decl(0, [])], lambda e: True),
    _session_deal("E12-2", 1, [("call", 2, "drei"), ("call", 0, "pass"), ("call", 1, "pass"),
                               ("take", 2, "a"), ("discard", 2, None), _decl(2, []), _decl(0, []),
                               _decl(1, [])], _pts(38)),
    _session_deal("E12-3", 2, [("call", 0, "solo"), _decl(0, []), _decl(1, []), _decl(2, [])],
                  _pts(30)),
    _session_deal("E12-4", 0, [("call", 1, "angesehen"), ("call", 2, "pass"), ("call", 0, "pass"),
                               ("take", 1, "a"), ("discard", 1, None), _decl(1, []),
                               _decl(2, ["zahle"]), _decl(0, ["zahle"])], lambda e: e.zahle),
    _session_deal("E12-5", 1, [("call", 2, "vierzig"), ("call", 0, "pass"), ("call", 1, "pass"),
                               ("take", 2, "b"), ("discard", 2, None), _decl(2, []), _decl(0, []),
                               _decl(1, [])], _pts(41)),
    _session_deal("E12-6", 2, [("call", 0, "hinunter"), ("call", 1, "pass"), ("call", 2, "pass"),
                               ("take", 0, "b"), ("discard", 0, None), _decl(0, ["valat"]),
                               _decl(1, []), _decl(2, [])],
                  lambda e: e.table is not None and e.table.count[0] == 15 and p_decl(e) == 52,
                  fixed={0: ["T22", "T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14",
                             "T13", "T12", "T11", "T10", "T9", "T8", "SK"],
                         1: ["SQ", "SN", "SJ", "S10", "S9", "S8", "S7"], 2: ["T7"]},
                  talon=(["HQ", "DQ", "CQ"], ["H4", "D4", "C7"]), void={2: "S"},
                  prefer={0: {1: "SK"}, 1: {1: "SQ"}}, winners=(0,)),
    _session_deal("E12-7", 0, [("call", 1, "drei"), ("call", 2, "pass"), ("call", 0, "pass"),
                               ("take", 1, "a"), ("discard", 1, None), _decl(1, []), _decl(2, []),
                               _decl(0, [])], _pts(40)),
]
#: the seeds found for the session's deals (``python tools/carinthian_examples.py E12``)
SESSION_E12_SEEDS = [0, 0, 36, 0, 66, 0, 36]


def build_session(deals: list[Example], seeds: list[int] | None = None) -> list[CarinthianEngine]:
    from tarockrec.games.carinthian.scoring import carry_after, deal_kind, initial_carry
    seeds = seeds or SESSION_E12_SEEDS
    carry = initial_carry()
    out: list[CarinthianEngine] = []
    for ex, seed in zip(deals, seeds):
        ex.carry = dict(carry)
        ex.seed = seed
        e = build(ex)
        out.append(e)
        kind, success = deal_kind(e.facts())
        carry = carry_after(carry, kind, success, e.rules, 3)
    return out


def find_session(deals: list[Example]) -> list[int]:
    from tarockrec.games.carinthian.scoring import carry_after, deal_kind, initial_carry
    carry = initial_carry()
    seeds = []
    for ex in deals:
        ex.carry = dict(carry)
        ex.seed = find(ex)
        seeds.append(ex.seed)
        e = build(ex)
        kind, success = deal_kind(e.facts())
        carry = carry_after(carry, kind, success, e.rules, 3)
    return seeds


if __name__ == "__main__":
    for name in sys.argv[1:] or [*EXAMPLES, "E12"]:
        if name == "E12":
            print(name, find_session(SESSION_E12), flush=True)
        else:
            print(name, find(EXAMPLES[name]), flush=True)


# -- §6.6 rule 3 with everybody tied (not a §8 example) -----------------------------------------
def _all_tied(e: CarinthianEngine) -> bool:
    pts = [points(m) for m in trischak_piles(e)]
    t = e.table
    assert t is not None
    return len(set(pts)) == 1 and min(t.count) >= 1 and not items(e)


ALL_TIED = Example("T3-TIE", 3, 1, [("call", 2, "angesehen"), ("call", 0, "pass"),
                                    ("call", 1, "pass"), ("choose", 2, ("nachlassen", None)),
                                    _decl(2, []), _decl(0, []), _decl(1, [])], _all_tied, seed=413)
