"""The worked examples of rules/cego.md §8 as complete legal deals, found by search.

Each example fixes what the rules document fixes — table size, dealer, the calls, the cards it
names (exact hands in Ex 8, the talon in Ex 13/14) — and the facts that decide its score (the
declarer's tricks and card points, where the Pfeife falls, who wins which trick). The rest of
the deal and the play are searched with the engine's own legal actions from a seeded random
generator, so the deals are reproducible; Ex 13 and 14 (Räuber) are a fixed play that gives
every pile of §8 exactly. Used by tests/test_cego_golden.py (which checks the
scores against the numbers written in the rules document) and tools/build_cego_samples.py.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from tarockrec import games
from tarockrec.engine import Action
from tarockrec.games.cego import CegoEngine, CegoRules
from tarockrec.games.cego.contracts import INFO
from tarockrec.generate import record_of

G = games.get("cego")
assert G is not None


@dataclass
class Example:
    name: str
    n: int
    dealer: int
    calls: list[tuple[int, str]]
    #: cards placed by hand: seat -> cards, and the talon
    hands: dict[int, list[str]] = field(default_factory=dict)
    talon: list[str] | None = None
    #: a test on the dealt hands (e.g. trump counts of the other seats)
    deal_ok: Callable[[list[int]], bool] | None = None
    #: a test on the finished engine (the facts that decide the score)
    done_ok: Callable[[CegoEngine], bool] = lambda e: True
    challenge: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    #: play policy: "random", "high" / "low" (half the time the highest / lowest legal card),
    #: or a function (engine, legal plays, rng) -> the play
    policy: Any = "random"
    #: the search seed (chosen so that the search ends quickly; any seed finds a deal)
    seed: int = 1


def _deal(rng: random.Random, ex: Example) -> tuple[list[int], int] | None:
    info = INFO[ex.n]
    pack = info.pack
    fixed = {s: [pack.index[c] for c in cs] for s, cs in ex.hands.items()}
    talon = [pack.index[c] for c in ex.talon] if ex.talon else None
    used = {c for cs in fixed.values() for c in cs} | set(talon or [])
    rest = [c for c in range(len(pack)) if c not in used]
    rng.shuffle(rest)
    if talon is None:
        talon, rest = rest[:info.talon_size], rest[info.talon_size:]
    hands = []
    for s in range(ex.n):
        h = fixed.get(s, [])
        need = info.hand_size - len(h)
        hands.append(h + rest[:need])
        rest = rest[need:]
    masks = [sum(1 << c for c in h) for h in hands]
    if ex.deal_ok is not None and not ex.deal_ok(masks):
        return None
    return masks, sum(1 << c for c in talon)


def attempt(rng: random.Random, ex: Example) -> CegoEngine | None:
    rules = CegoRules("default", ex.options)
    dealt = _deal(rng, ex)
    if dealt is None:
        return None
    hands, talon = dealt
    e = CegoEngine(rules, ex.n, ex.dealer, hands, talon)
    for seat, call in ex.calls:
        if not e.can_call(seat, call):
            return None
        e.call(seat, call)
    while not e.is_over:
        acts = list(e.legal_actions)
        if ex.challenge and any(a.kind == "challenge" for a in acts):
            e.apply(Action("challenge", e.declarer))
            break
        acts = [a for a in acts if a.kind not in ("challenge", "stop")]
        if e.phase == "play" and callable(ex.policy):
            a = ex.policy(e, acts, rng)
        elif e.phase == "play" and ex.policy != "random" and rng.random() < 0.5:
            a = max(acts, key=lambda a: e.pack.index[a.value]) if ex.policy == "high" else \
                min(acts, key=lambda a: e.pack.index[a.value])
        else:
            a = rng.choice(acts)
        e.apply(a)
    return e if ex.done_ok(e) else None


def find(ex: Example, seed: int | None = None, tries: int = 200_000) -> CegoEngine:
    if ex.name in RAEUBER_PLAYS:
        return raeuber_exact(ex.name)
    rng = random.Random(f"{ex.name}/{ex.seed if seed is None else seed}")
    for _ in range(tries):
        e = attempt(rng, ex)
        if e is not None:
            return e
    raise RuntimeError(f"no deal found for {ex.name}")


def record(ex: Example, e: CegoEngine, players: list[str] | None = None) -> dict[str, Any]:
    rules = CegoRules("default", ex.options)
    return record_of(G, e, rules, ex.n, ex.dealer, {}, players)


# -- the facts of each example ---------------------------------------------------------------
def _decl(e: CegoEngine, tricks: int, points: int) -> bool:
    f = e.score().facts
    assert e.declarer is not None and e.table is not None
    return e.table.count[e.declarer] == tricks and f["points"][0] == points


def _t1_trick(e: CegoEngine) -> tuple[int, bool]:
    """(the trick T1 was played to, whether T1 won it)."""
    assert e.table is not None
    for k, (_, cards, seats, winner) in enumerate(e.table.tricks, 1):
        if 0 in cards:
            return k, cards[seats.index(winner)] == 0
    return 0, False


def _trumps(mask: int, n: int) -> int:
    return (mask & INFO[n].trump_mask).bit_count()


def _count_pile(e: CegoEngine, seat: int) -> int:
    assert e.table is not None
    return e.info.count(e.table.won[seat])


SOLO_HAND_0 = ["T22", "T19", "T15", "T12", "T9", "T6", "T4", "T2", "S10", "S9", "HK", "H3", "D2"]
NOT_SOLO_HAND_0 = ["T18", "T17", "T15", "T12", "T9", "T6", "T4", "T2"]
_EX5_CALLS = [(2, "pass"), (0, "pass"), (1, "pass"), (2, "cego"), (0, "pass"), (1, "eine"),
              (2, "hold"), (1, "eine_leere"), (2, "hold"), (1, "zwei_leere"), (2, "hold"),
              (1, "zwei_verschiedene"), (2, "hold"), (1, "pfeife"), (2, "pass")]
_EX6_CALLS = [(1, "pass"), (2, "pass"), (0, "solo"), (1, "cego"), (2, "eine"), (1, "hold"),
              (2, "eine_leere"), (1, "hold"), (2, "zwei_leere"), (1, "hold"),
              (2, "zwei_verschiedene"), (1, "pass")]
_EX8_CALLS = [(0, "pass"), (1, "pass"), (2, "pass"), (0, "cego"), (1, "eine"), (0, "hold"),
              (1, "eine_leere"), (0, "hold"), (1, "zwei_leere"), (0, "pass"), (2, "pass")]
_ALL_PASS4 = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]
_RAEUBER_CALLS = [*_ALL_PASS4, *_ALL_PASS4, (0, "cego"), (1, "pass"), (2, "pass"), (3, "pass"),
                  (0, "raeuber")]
_RAEUBER_TALON = ["T21", "SK", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"]


def _t1_at_7(e: CegoEngine, acts: list[Action], rng: random.Random) -> Action:
    """The declarer keeps T1 until trick 7 and plays it there (Ex 5a)."""
    assert e.table is not None
    t1 = [a for a in acts if a.value == "T1"]
    if t1 and e.table.trick_number == 7:
        return t1[0]
    rest = [a for a in acts if a.value != "T1"] or acts
    return rng.choice(rest)


def _raeuber(counts: list[int], tricks: list[int]) -> Callable[[CegoEngine], bool]:
    """Each seat's tricks and the count of its pile (§8 Ex 13, 14)."""
    def ok(e: CegoEngine) -> bool:
        assert e.table is not None
        return (list(e.table.count) == tricks
                and [_count_pile(e, s) for s in range(4)] == counts)
    return ok


EXAMPLES: dict[str, Example] = {x.name: x for x in [
    Example("ex01", 3, 2, [(0, "pass"), (1, "pass"), (2, "pass"), (0, "cego"), (1, "pass"),
                           (2, "pass")], done_ok=lambda e: _decl(e, 6, 47), seed=5),
    Example("ex02", 3, 2, [(0, "pass"), (1, "solo"), (2, "cego"), (0, "eine"), (2, "hold"),
                           (0, "eine_leere"), (2, "pass")],
            done_ok=lambda e: _decl(e, 5, 33), seed=6),
    Example("ex03", 3, 0, [(1, "solo"), (2, "pass"), (0, "pass")],
            done_ok=lambda e: _decl(e, 4, 28)),
    Example("ex04", 3, 2, [(0, "solo"), (1, "cego"), (2, "pass")],
            done_ok=lambda e: _decl(e, 5, 40), seed=5),
    Example("ex05a", 3, 1, _EX5_CALLS, hands={1: ["T1"]},
            done_ok=lambda e: _decl(e, 6, 41) and _t1_trick(e) == (7, False), policy=_t1_at_7),
    Example("ex05b", 3, 1, _EX5_CALLS, hands={1: ["T1"]},
            done_ok=lambda e: _decl(e, 6, 41) and _t1_trick(e) == (1, False), policy="low", seed=2),
    Example("ex06", 3, 0, _EX6_CALLS, done_ok=lambda e: _decl(e, 7, 36), seed=5),
    Example("ex07", 3, 1, [(2, "pass"), (0, "pass"), (1, "pass"), (2, "cego"), (0, "pass"),
                           (1, "pass")], done_ok=lambda e: _decl(e, 0, 0), policy="low"),
    Example("ex08a", 3, 2, _EX8_CALLS, hands={0: SOLO_HAND_0}, challenge=True,
            deal_ok=lambda h: _trumps(h[2], 3) == 6),
    Example("ex08b", 3, 2, _EX8_CALLS, hands={0: NOT_SOLO_HAND_0}, challenge=True,
            deal_ok=lambda h: _trumps(h[0], 3) == 8 and _trumps(h[2], 3) == 6),
    Example("ex08c", 3, 2, _EX8_CALLS, hands={0: SOLO_HAND_0}, challenge=True,
            deal_ok=lambda h: _trumps(h[2], 3) == 9),
    Example("ex09", 4, 3, [*_ALL_PASS4, *_ALL_PASS4, (0, "cego"), (1, "eine"), (0, "pass"),
                           (2, "pass"), (3, "pass")], done_ok=lambda e: _decl(e, 4, 52), seed=8),
    Example("ex10", 4, 1, [(2, "solo"), (3, "pass"), (0, "pass"), (1, "pass")],
            done_ok=lambda e: _decl(e, 5, 45), seed=3),
    Example("ex11", 4, 0, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"),
                           (2, "piccolo"), (3, "pass"), (0, "pass")],
            done_ok=lambda e: e.table is not None and [
                k for k, t in enumerate(e.table.tricks, 1) if t[3] == 2][:2] == [3, 8]),
    Example("ex12", 4, 0, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "piccolo"),
                           (2, "bettel")],
            done_ok=lambda e: e.table is not None and e.table.count[2] == 0, policy="low"),
    Example("ex13", 4, 3, _RAEUBER_CALLS, talon=_RAEUBER_TALON,
            done_ok=_raeuber([23, 17, 11, 8], [3, 4, 2, 2])),
    Example("ex14", 4, 3, _RAEUBER_CALLS, talon=_RAEUBER_TALON,
            done_ok=_raeuber([7, 19, 19, 14], [2, 3, 3, 3])),
]}


def truncate_after(rec: dict[str, Any], tricks: int) -> dict[str, Any]:
    """The record with its play cut after ``tricks`` tricks (§5.5 early end)."""
    out = dict(rec)
    out["play"] = rec["play"][:tricks]
    return out


# -- Räuber (Ex 13, 14): the piles of §8 exactly -----------------------------------------------
#: (seat, card) of every trick, leader first. Found once by a depth-first search that builds
#: each trick from the winner's pile of §8 (every card of a trick lies in its winner's pile)
#: under the follow rules of §5.2 (a seat that does not follow is void from then on; one that
#: does not trump has no trump left); the hands are what each seat plays. The engine replays
#: them below, so a wrong entry here fails loudly.
RAEUBER_PLAYS: dict[str, list[list[tuple[int, str]]]] = {
    "ex13": [
        [(0, "S10"), (1, "SN"), (2, "S7"), (3, "S9")],
        [(1, "T10"), (2, "T11"), (3, "T14"), (0, "T15")],
        [(0, "T16"), (1, "T12"), (2, "DK"), (3, "SQ")],
        [(0, "H1"), (1, "H2"), (2, "HN"), (3, "DQ")],
        [(2, "C8"), (3, "C9"), (0, "C10"), (1, "T19")],
        [(1, "T20"), (2, "S8"), (3, "CQ"), (0, "T1")],
        [(1, "T18"), (2, "HQ"), (3, "C7"), (0, "T17")],
        [(1, "T13"), (2, "HK"), (3, "CK"), (0, "T22")],
        [(0, "H4"), (1, "SJ"), (2, "H3"), (3, "CN")],
        [(2, "D4"), (3, "DN"), (0, "D3"), (1, "DJ")],
        [(3, "D1"), (0, "HJ"), (1, "D2"), (2, "CJ")],
    ],
    "ex14": [
        [(0, "T18"), (1, "T19"), (2, "T20"), (3, "T1")],
        [(2, "T16"), (3, "T12"), (0, "T10"), (1, "T17")],
        [(1, "S7"), (2, "S10"), (3, "S9"), (0, "S8")],
        [(2, "T13"), (3, "T14"), (0, "T11"), (1, "T15")],
        [(1, "T22"), (2, "CK"), (3, "SQ"), (0, "HK")],
        [(1, "HN"), (2, "H3"), (3, "HQ"), (0, "H2")],
        [(3, "C10"), (0, "C7"), (1, "C9"), (2, "C8")],
        [(3, "D2"), (0, "DJ"), (1, "D1"), (2, "D3")],
        [(0, "SJ"), (1, "HJ"), (2, "CJ"), (3, "D4")],
        [(0, "H4"), (1, "DN"), (2, "DQ"), (3, "H1")],
        [(3, "CN"), (0, "SN"), (1, "DK"), (2, "CQ")],
    ],
}


def raeuber_exact(name: str) -> CegoEngine:
    """Ex 13 / 14 with the talon, calls and every pile of §8."""
    ex = EXAMPLES[name]
    pack = INFO[4].pack
    hands = [0, 0, 0, 0]
    for trick in RAEUBER_PLAYS[name]:
        for seat, card in trick:
            hands[seat] |= 1 << pack.index[card]
    e = CegoEngine(CegoRules(), 4, ex.dealer, hands, pack.mask(_RAEUBER_TALON))
    for seat, call in ex.calls:
        e.call(seat, call)
    for trick in RAEUBER_PLAYS[name]:
        for seat, card in trick:
            e.play(seat, card)
    assert ex.done_ok(e), name
    return e
