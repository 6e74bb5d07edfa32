#!/usr/bin/env python3
"""Build the Königrufen sample records (samples/koenigrufen/{valid,invalid}/*.json).

Reproducible: every random choice comes from a seeded ``random.Random``. For each worked
example of rules/koenigrufen.md §8 the hands are designed by hand (the cards that matter are
placed, the rest is filled from the remaining cards with a seeded generator), the calls are
given, and the play is searched with the engine's own legal cards (randomised depth-first
search with restarts, the example's facts as a filter after every trick and at the end).

The invalid records (§9 I1–I37 and a few malformed ones) are made from the valid ones by
breaking exactly one thing.

Usage:  PYTHONPATH=. python tools/build_koenigrufen_samples.py [--only NAME ...]
"""
from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tarockrec import games  # noqa: E402
from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.engine import Action  # noqa: E402
from tarockrec.errors import IllegalAction  # noqa: E402
from tarockrec.games.koenigrufen.contracts import (  # noqa: E402
    KING_MASK, PACK, TRULL_MASK, card_points, thirds,
)

G = games.get("koenigrufen")
assert G is not None
OUT = ROOT / "samples" / "koenigrufen"
PLAYERS = ["Anna", "Bernd", "Clara", "David"]
C = PACK.index
ALL = list(PACK.codes)
TAROCKS = [c for c in ALL if c[0] == "T"]
KINGS = ["SK", "CK", "HK", "DK"]


def mask(codes) -> int:  # type: ignore[no-untyped-def]
    return PACK.mask(list(codes))


def blank(c: str) -> bool:
    return PACK.codes.index(c) >= 0 and thirds(mask([c])) == 1


# ---------------------------------------------------------------------------------------
# dealing: place the cards that matter, fill the rest from a seeded generator
# ---------------------------------------------------------------------------------------
SLOTS = (0, 1, 2, 3, "lower", "upper")
SIZE = {0: 12, 1: 12, 2: 12, 3: 12, "lower": 3, "upper": 3}


def fill(rng: random.Random, fixed: dict, allow: dict | None = None) -> tuple[list[list[str]], list[list[str]]]:
    """``fixed``: slot -> cards placed there; ``allow``: slot -> predicate(card) for the
    filler cards. Returns (hands, [lower, upper]); raises ValueError when impossible."""
    allow = allow or {}
    used = [c for v in fixed.values() for c in v]
    assert len(used) == len(set(used)), f"a card placed twice: {used}"
    rest = [c for c in ALL if c not in used]
    rng.shuffle(rest)
    out = {s: list(fixed.get(s, [])) for s in SLOTS}
    # most restricted slots first
    order = sorted(SLOTS, key=lambda s: sum(1 for c in rest if allow.get(s, lambda _: True)(c)))
    for s in order:
        need = SIZE[s] - len(out[s])
        pred = allow.get(s, lambda _: True)
        pick = [c for c in rest if pred(c)][:need]
        if len(pick) < need:
            raise ValueError(f"cannot fill slot {s}")
        for c in pick:
            rest.remove(c)
        out[s] += pick
    key = PACK.index.__getitem__
    hands = [sorted(out[s], key=key) for s in range(4)]
    return hands, [sorted(out["lower"], key=key), sorted(out["upper"], key=key)]


def engine(dealer: int, hands, talon, doubling: int = 0, rules=None):  # type: ignore[no-untyped-def]
    rules = rules or G.Rules()
    e, found = G.make_engine(rules, 4, dealer, {"hands": hands, "talon": talon},
                             {"doubling": doubling})
    assert e is not None and not found, found
    return e


# ---------------------------------------------------------------------------------------
# play search
# ---------------------------------------------------------------------------------------
TRACE = bool(__import__("os").environ.get("KR_TRACE"))


class Budget(Exception):
    pass


def clone(e):  # type: ignore[no-untyped-def]
    """A copy of an engine in the play phase that can be played on independently."""
    c = copy.copy(e)
    c.hands = list(e.hands)
    t = copy.copy(e.table)
    for k, v in vars(e.table).items():
        if isinstance(v, (list, dict)):
            setattr(t, k, type(v)(v))
    t.hands = c.hands
    c.table = t
    return c


def search_play(e, rng: random.Random, check: Callable | None = None,  # type: ignore[no-untyped-def]
                final: Callable | None = None, policy: Callable | None = None,
                budget: int = 4000, restarts: int = 40):
    """Randomised DFS over the legal cards. ``check(e, n)`` after trick ``n`` (False prunes),
    ``final(e)`` at the end, ``policy(e, seat, card)`` orders the candidates (low first)."""
    check = check or (lambda e, n: True)
    final = final or (lambda e: True)

    def dfs(x, nodes):  # type: ignore[no-untyped-def]
        if x.is_over:
            return x if final(x) else None
        nodes[0] += 1
        if nodes[0] > budget:
            raise Budget
        seat = x.to_act
        cards = x.legal_cards()
        rng.shuffle(cards)
        if policy is not None:
            cards.sort(key=lambda c: policy(x, seat, c) + rng.random() * 0.5)
        for card in cards:
            y = clone(x)
            n = len(y.table.tricks)
            y.apply(Action("play", seat, card))
            if len(y.table.tricks) > n and not check(y, n + 1):
                continue
            r = dfs(y, nodes)
            if r is not None:
                return r
        return None

    for _ in range(restarts):
        try:
            r = dfs(clone(e), [0])
        except Budget:
            continue
        if r is not None:
            return r
        return None  # exhausted: impossible with these hands
    return None


def beam_play(e, rng: random.Random, check: Callable | None = None,  # type: ignore[no-untyped-def]
              final: Callable | None = None, policy: Callable | None = None,
              width: int = 150, samples: int = 6, score: Callable | None = None,
              noise: float = 2.0, exhaust: int = 3):
    """Trick-level beam search: each state of the beam is continued by ``samples`` random
    tricks (cards drawn by ``policy`` key + noise among the legal cards); states passing
    ``check`` are kept, ranked by ``score(e)`` (lower first, plus noise), ``width`` of them."""
    check = check or (lambda e, n: True)
    final = final or (lambda e: True)
    beam = [e]
    for n in range(1, 13):
        if n == 13 - exhaust:
            # the last tricks: exhaustive depth-first search from every state of the beam
            for x in beam:
                r = search_play(x, rng, check, final, policy, budget=3000, restarts=1)
                if r is not None:
                    return r
            return None
        children = []
        seen = set()
        for x in beam:
            for _ in range(samples):
                y = clone(x)
                while len(y.table.tricks) < n:
                    seat = y.to_act
                    cards = y.legal_cards()
                    if policy is None:
                        card = rng.choice(cards)
                    else:
                        card = min(cards, key=lambda c: policy(y, seat, c) + rng.random() * noise)
                    y.apply(Action("play", seat, card))
                key = tuple(tuple(t[1]) for t in y.table.tricks)
                if key in seen or not check(y, n):
                    continue
                seen.add(key)
                children.append(y)
        if TRACE:
            print(f"    trick {n}: {len(children)} states", file=sys.stderr)
        if not children:
            return None
        if score is not None:
            children.sort(key=lambda y: score(y) + rng.random())
        else:
            rng.shuffle(children)
        beam = children[:width]
    for y in beam:
        if final(y):
            return y
    return None


def trick(e, n):  # type: ignore[no-untyped-def]
    """(leader, cards (codes), seats, winner) of trick n (1-based)."""
    lead, cards, seats, w = e.table.tricks[n - 1]
    return lead, [PACK.code(c) for c in cards], list(seats), w


def played(e, card: str):  # type: ignore[no-untyped-def]
    """(seat, trick number) or None."""
    return e.table.played_by.get(C[card])


def who_played_in(e, n: int, card: str) -> int | None:  # type: ignore[no-untyped-def]
    p = played(e, card)
    return p[0] if p is not None and p[1] == n else None


def pile(e, side) -> int:  # type: ignore[no-untyped-def]
    """Cards owned by ``side`` at the end (§4.5): the declarer's side or its complement get
    the talon/discards as scored; any other set of seats only its tricks."""
    from tarockrec.games.koenigrufen.engine import piles as _piles
    side = frozenset(side)
    if e.contract is not None and e.contract.family != "trischaken":
        d = e.side_d
        pd, po = _piles(e, d)
        if side == d:
            return pd
        if side == frozenset(range(4)) - d:
            return po
    m = 0
    for s in side:
        m |= e.table.won[s]
    return m


def pts_side(e, side) -> int:  # type: ignore[no-untyped-def]
    return card_points(pile(e, side))


def side_thirds_bound(e, side, target: int) -> bool:  # type: ignore[no-untyped-def]
    """Prune: the side's pile is already over ``target`` card points."""
    return card_points(pile(e, side)) <= target


# ---------------------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------------------
def run_calls(e, auction, king=None, take=None, discard=None, decls=(), concede=None,  # type: ignore[no-untyped-def]
              rng=None, discard_pick=None):
    """Apply the non-play actions. ``discard``: list, or None to pick one (``discard_pick``
    filters the legal discards). Raises IllegalAction when the design is wrong."""
    for s, call in auction:
        e.apply(Action("call", s, call))
    if king is not None:
        e.apply(Action("king", e.declarer, (king, False) if isinstance(king, str) else king))
    if concede == "exposure":
        e.apply(Action("concede", e.declarer))
        return
    if take is not None:
        e.apply(Action("take", e.declarer, take))
        if discard is None:
            options = [d for d in e.legal_discards() if discard_pick is None or discard_pick(d)]
            if not options:
                raise IllegalAction("BUILD", "no discard fits")
            discard = (rng or random).choice(options)
        e.apply(Action("discard", e.declarer, tuple(discard)))
    if concede == "discard":
        e.apply(Action("concede", e.declarer))
        return
    for s, say in decls:
        e.apply(Action("declare", s, tuple(say)))


def record(e, dealer: int, doubling: int = 0, example: str | None = None,  # type: ignore[no-untyped-def]
           rules: dict | None = None, extra: dict | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"tarockrec": 1, "game": "koenigrufen"}
    if rules:
        rec["rules"] = {"name": "default", "options": rules}
    rec["players"] = list(PLAYERS)
    rec["dealer"] = dealer
    if doubling:
        rec["carry"] = {"doubling": doubling}
    rec.update(G.record_of(e))
    rec["result"] = e.score().result()
    if example:
        rec["_example"] = example
    if extra:
        rec.update(extra)
    return rec


def realise(name: str, seed: int, deal: Callable, calls: dict, dealer: int, *,  # type: ignore[no-untyped-def]
            doubling: int = 0, check=None, final=None, policy=None, example=None,
            expect=None, deals: int = 300, budget: int = 3000, restarts: int = 8,
            pre_play: Callable | None = None, beam: bool = True, width: int = 150,
            samples: int = 6, score: Callable | None = None, exhaust: int = 3) -> dict[str, Any]:
    """``deal(rng)`` designs the hands, ``calls`` the actions before the play (see
    ``run_calls``); ``check``/``final``/``policy``/``score`` steer the play search."""
    """Try seeded deals until the calls are legal and a play with the facts is found."""
    rng = random.Random(seed)
    for attempt in range(deals):
        try:
            hands, talon = deal(rng)
        except ValueError:
            continue
        e = engine(dealer, hands, talon, doubling)
        try:
            run_calls(e, rng=rng, **calls)
        except IllegalAction as err:
            if attempt == 0 and err.code != "BUILD":
                print(f"  {name}: calls illegal: {err.code} {err.message}", file=sys.stderr)
            continue
        if pre_play is not None and not pre_play(e):
            continue
        if e.is_over:
            got = e
        else:
            got = (beam_play(e, rng, check, final, policy, width, samples, score, exhaust=exhaust)
                   if beam else search_play(e, rng, check, final, policy, budget, restarts))
        if got is None:
            continue
        rec = record(got, dealer, doubling, example)
        if expect is not None and rec["result"]["scores"] != expect:
            print(f"  !! {name}: engine delta {rec['result']['scores']} != spec {expect}",
                  file=sys.stderr)
        print(f"  {name}: found after {attempt + 1} deal(s)", file=sys.stderr)
        return rec
    raise SystemExit(f"{name}: no realisation found")


# ---------------------------------------------------------------------------------------
# helpers for the examples
# ---------------------------------------------------------------------------------------
def no_tarock(c: str) -> bool:
    return c[0] != "T"


def plain(c: str) -> bool:
    """A blank suit card (no tarock, no counting card)."""
    return c[0] != "T" and thirds(mask([c])) == 1


def hold_until(spec: dict[str, int], prefer: dict[str, int] | None = None) -> Callable:
    """Policy: keep each card of ``spec`` until its trick, then play it at once;
    ``prefer``: card -> extra key (negative = play early)."""
    prefer = prefer or {}

    def key(e, seat, card):  # type: ignore[no-untyped-def]
        n = e.table.trick_number
        k = prefer.get(card, 0)
        if card in spec:
            k += 5 if n < spec[card] else -5
        return k
    return key


def at(n: int, card: str, seat: int | None = None, wins: bool | None = None) -> Callable:
    """Fact: ``card`` played in trick n (by ``seat``); wins the trick or not."""
    def f(e) -> bool:  # type: ignore[no-untyped-def]
        p = played(e, card)
        if p is None or p[1] != n or (seat is not None and p[0] != seat):
            return False
        if wins is not None and (e.table.winner(n) == p[0]) != wins:
            return False
        return True
    return f


def not_at(n: int, card: str) -> Callable:
    return lambda e: (played(e, card) or (None, None))[1] != n


def tricks_checker(facts: dict[int, list[Callable]]) -> Callable:
    """check(e, n): every fact listed for trick n holds."""
    def check(e, n):  # type: ignore[no-untyped-def]
        return all(f(e) for f in facts.get(n, ()))
    return check


def all_of(*fs: Callable) -> Callable:
    return lambda e: all(f(e) for f in fs)


def side_pile_has(side, cards) -> Callable:  # type: ignore[no-untyped-def]
    m = mask(cards)
    return lambda e: pile(e, side) & m == m


def no_side_has(side, cards) -> Callable:  # type: ignore[no-untyped-def]
    """Neither ``side`` nor its complement owns all of ``cards`` (checks both piles)."""
    m = mask(cards)

    def f(e):  # type: ignore[no-untyped-def]
        other = frozenset(range(4)) - frozenset(side)
        return pile(e, side) & m != m and pile(e, other) & m != m
    return f


def points_are(side, p: int) -> Callable:  # type: ignore[no-untyped-def]
    return lambda e: pts_side(e, side) == p


def winner_is(n: int, seat: int) -> Callable:
    return lambda e: e.table.winner(n) == seat


def tarocks_of(e, *seats: int) -> int:  # type: ignore[no-untyped-def]
    tm = mask(TAROCKS)
    return sum((e.hands[s] & tm).bit_count() for s in seats)


def no_xxi_capture(e) -> bool:  # type: ignore[no-untyped-def]
    a, b = played(e, "T21"), played(e, "T22")
    return a is None or b is None or a[1] != b[1]


# ---------------------------------------------------------------------------------------
# §8 worked examples
# ---------------------------------------------------------------------------------------
EXAMPLES: dict[str, Callable[[], dict[str, Any]]] = {}


def example(name: str):  # type: ignore[no-untyped-def]
    def deco(f):  # type: ignore[no-untyped-def]
        EXAMPLES[name] = f
        return f
    return deco


def bound(side, target: int, after: dict[int, list[Callable]] | None = None,  # type: ignore[no-untyped-def]
          keep: dict[str, int] | None = None) -> Callable:
    """check(e, n): the facts of trick n, the side's points not beyond ``target``, and the
    cards of ``keep`` (card -> trick) not played before their trick."""
    after = after or {}
    keep = keep or {}

    def check(e, n):  # type: ignore[no-untyped-def]
        for card, until in keep.items():
            if n < until and played(e, card) is not None:
                return False
        return pts_side(e, side) <= target and all(f(e) for f in after.get(n, ()))
    return check


def threats(seats, above: int) -> Callable:  # type: ignore[no-untyped-def]
    """Beam score term: tarocks higher than T<above> still held by ``seats``."""
    m = mask([f"T{i}" for i in range(above + 1, 23)])
    return lambda e: sum((e.hands[s] & m).bit_count() for s in seats)


@example("ex01-rufer-kontra-rekontra")
def ex1() -> dict[str, Any]:
    """Rufer 0+2 (HK), kontra + rekontra, silent Pagat by seat 2, Trull, XXI capture."""
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {
            0: "T22 T20 T15 T14".split(), 1: "T21 T19 T16 T12".split(),
            2: "T1 T3 T4 T5 T6 T7 T8 HK".split(), 3: "T18 T17 T13 T11 T10 T9".split(),
            "lower": ["T2"]},
            {0: plain, "upper": plain, 1: no_tarock, 2: no_tarock, 3: no_tarock,
             "lower": no_tarock})
    D = (0, 2)

    def policy(e, seat, c):  # type: ignore[no-untyped-def]
        k = hold_until({"T21": 5, "T22": 5, "T1": 12})(e, seat, c)
        if seat != 2 and c[0] == "T":
            k -= 1
        if e.table.trick_number == 5 and c[0] == "T":
            k -= 2
        return k
    return realise(
        "ex01", 101, deal, dict(
            auction=[(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "rufer")],
            king="HK", take="lower",
            decls=[(1, ["kontra"]), (2, ["rekontra"]), (3, []), (0, []), (1, [])]),
        dealer=3, example="§8 Example 1", expect=[70, -70, 70, -70], policy=policy,
        check=bound(D, 40, {5: [at(5, "T21", 1), at(5, "T22", 0, True)],
                            10: [not_at(10, "T3")], 11: [not_at(11, "T2")],
                            12: [at(12, "T1", 2, True)]}),
        final=all_of(points_are(D, 40), no_side_has(D, KINGS),
                     lambda e: e.table.winner(played(e, "HK")[1]) in D),
        score=lambda y: 0 if len(y.table.tricks) < 5 else pts_side(y, D) + 4 * tarocks_of(y, 0, 1, 3))


def pace(side, target: int) -> Callable:  # type: ignore[no-untyped-def]
    """Beam score: distance of the side's card points from a linear path to ``target``."""
    def f(e):  # type: ignore[no-untyped-def]
        n = len(e.table.tricks)
        whole = pile(e, side)
        won = 0
        for s in side:
            won |= e.table.won[s]
        base = thirds(whole & ~won)
        want = base + (3 * target - base) * n / 12
        return abs(thirds(whole) - want) / 3
    return f


def seats_pace(tricks: list[int], pts: list[int | None]) -> Callable:
    """Trischaken beam score: per seat distance from the target tricks and points."""
    def f(e):  # type: ignore[no-untyped-def]
        n = len(e.table.tricks)
        d = 0.0
        for s in range(4):
            d += abs(e.table.count[s] - tricks[s] * n / 12)
            if pts[s] is not None:
                d += abs(thirds(e.table.won[s]) - 3 * pts[s] * n / 12) / 3
        return d
    return f


def seats_check(tricks: list[int], pts: list[int | None], extra: Callable | None = None) -> Callable:
    def check(e, n):  # type: ignore[no-untyped-def]
        for s in range(4):
            if e.table.count[s] > tricks[s]:
                return False
            if pts[s] is not None and thirds(e.table.won[s]) > 3 * pts[s] + 1:
                return False
        left = 12 - n
        if sum(max(0, tricks[s] - e.table.count[s]) for s in range(4)) > left:
            return False
        return extra is None or extra(e, n)
    return check


def seats_final(tricks: list[int], pts: list[int | None]) -> Callable:
    def final(e):  # type: ignore[no-untyped-def]
        return (list(e.table.count) == tricks
                and all(p is None or card_points(e.table.won[s]) == p for s, p in enumerate(pts)))
    return final


def low(c: str) -> bool:
    """Low card: tarock T2..T8 or a suit card below the jack."""
    if c[0] == "T":
        return 2 <= int(c[1:]) <= 8
    return thirds(mask([c])) == 1


def high(c: str) -> bool:
    return not low(c) and c != "T1"


MS3 = [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass")]   # dealer 3, forehand 0


@example("ex02-dreier-pagat-kontra-lost")
def ex2() -> dict[str, Any]:
    """Designed by hand, trick by trick (the search did not find the endgame of tricks 11-12).

    Seat 1 (D) loses tricks 1-2 (court tricks led by seat 0: SQ/CQ over S7/C7), wins trick 3
    with T22 and then SK, CK, HK, T21, T20, T19; gives up trick 10 (D4 under DQ DN DJ) to
    seat 2, who leads D1 in trick 11: seat 0 ruffs with T2, seat 1 overruffs with T17; trick
    12: T1 falls to seat 3's T9. pile(D) = 8 tricks + discards HJ H4 D3 + lower DK T7 T8:
    SK CK HK DK T22 T21 HJ + 31 blanks = 113 thirds -> P(D) = 38."""
    hands = [
        "T2 T3 T4 T5 T6 SQ S10 CQ C10 HN H1 DJ".split(),
        "T22 T21 T19 T17 T1 SK S7 CK C7 HJ D3 D4".split(),
        "T10 T11 T12 T13 SN S9 CN C9 HQ H2 DQ D1".split(),
        "T9 T14 T15 T16 T18 SJ S8 CJ C8 H3 DN D2".split(),
    ]
    talon = ["DK T7 T8".split(), "T20 HK H4".split()]  # lower, upper
    key = PACK.index.__getitem__
    hands = [sorted(h, key=key) for h in hands]
    talon = [sorted(h, key=key) for h in talon]
    play = [s.split() for s in (
        "SQ S7 SN SJ",      # 1  0 leads, 0 wins
        "CQ C7 CN CJ",      # 2  0 leads, 0 wins
        "T6 T22 T13 T18",   # 3  0 leads, 1 wins
        "SK S9 S8 S10",     # 4  1 leads, 1 wins
        "CK C9 C8 C10",     # 5
        "HK H2 H3 H1",      # 6
        "T21 T12 T16 T3",   # 7
        "T20 T11 T15 T4",   # 8
        "T19 T10 T14 T5",   # 9
        "D4 DQ DN DJ",      # 10 1 leads, 2 wins
        "D1 D2 T2 T17",     # 11 2 leads, 1 wins (seat 0's T2 lost to D)
        "T1 HQ T9 HN",      # 12 1 leads, 3 wins (Pagat lost)
    )]
    dealer = 3
    e = engine(dealer, hands, talon)
    run_calls(e, auction=[(0, "mein_spiel"), (1, "dreier"), (2, "pass"), (3, "pass"), (0, "pass")],
              take="upper", discard=["HJ", "H4", "D3"],
              decls=[(2, []), (3, []), (0, []), (1, ["pagat"]), (2, ["kontra:pagat"]), (3, []),
                     (0, []), (1, [])])
    e.play_tricks(play)
    assert e.is_over
    D = (1,)
    assert card_points(pile(e, D)) == 38 and side_pile_has(D, KINGS)(e)
    assert no_side_has(D, ["T22", "T21", "T1"])(e) and no_xxi_capture(e) and not_at(10, "T3")(e)
    rec = record(e, dealer, example="§8 Example 2")
    if rec["result"]["scores"] != [-30, 90, -30, -30]:
        print(f"  !! ex02: engine delta {rec['result']['scores']} != spec [-30, 90, -30, -30]",
              file=sys.stderr)
    return rec


@example("ex03-sechserdreier-lost-35")
def ex3() -> dict[str, Any]:
    black_honours = "SQ CQ SN CN SJ CJ".split()
    bad = mask("T22 T21 HK DK HQ DQ HN DN HJ DJ".split())

    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {
            0: "SK CK SQ CQ SN CN SJ CJ T2".split(), 1: ["T1"],
            "lower": "T20 T19 T18".split(), "upper": "T17 T16 T15".split()},
            {0: plain})
    D = (0,)

    def check(e, n):  # type: ignore[no-untyped-def]
        # T1 (seat 1's) is captured by the declarer in trick 3
        if pile(e, D) & bad or e.table.count[0] > 7:
            return False
        if n == 3 and not (played(e, "T1") and played(e, "T1")[1] == 3 and e.table.winner(3) == 0):
            return False
        if n == 11 and not at(11, "T2", 0, True)(e):
            return False
        return n != 12 or (e.table.count[0] == 7 and not_at(12, "T1")(e))
    return realise(
        "ex03", 303, deal, dict(
            auction=MS3 + [(0, "sechserdreier")], take="all", discard=black_honours,
            decls=[(1, ["kontra"]), (2, []), (3, []), (0, [])]),
        dealer=3, example="§8 Example 3", expect=[-180, 60, 60, 60],
        policy=hold_until({"T1": 3, "T2": 11}, {"T20": -1, "T19": -1}), check=check,
        final=all_of(lambda e: thirds(pile(e, D)) == 106, no_side_has(D, ["T22", "T21", "T1"]),
                     no_side_has(D, KINGS), no_xxi_capture),
        score=lambda e: abs(e.table.count[0] - 7 * len(e.table.tricks) / 12)
        + (0 if played(e, "T2") else 2 * threats((1, 2, 3), 2)(e) * len(e.table.tricks) / 12),
        exhaust=5, width=100)


@example("ex04-solorufer-king-ultimo-lost")
def ex4() -> dict[str, Any]:
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {
            1: ["SK"], 3: "T8 CK HK DK T22 T20 T19 T18 T17".split(), "lower": ["T1"]},
            {"lower": lambda c: c not in KINGS, "upper": lambda c: c not in KINGS and c != "T21",
             3: no_tarock})
    D = (1, 3)
    return realise(
        "ex04", 404, deal, dict(
            auction=[(2, "mein_spiel"), (3, "solorufer"), (0, "pass"), (1, "pass"), (2, "pass")],
            king="SK", decls=[(0, []), (1, ["king_ultimo", "partner"]), (2, []), (3, []), (0, [])]),
        dealer=1, example="§8 Example 4", expect=[-40, 40, -40, 40],
        policy=hold_until({"T8": 12}),
        check=bound(D, 33, {10: [not_at(10, "T3")], 11: [not_at(11, "T2")],
                            12: [at(12, "SK", 1), at(12, "T8", 3, True)]}, keep={"T8": 12}),
        final=all_of(points_are(D, 33), side_pile_has(D, KINGS),
                     no_side_has(D, ["T22", "T21", "T1"]), no_xxi_capture),
        score=lambda e: pace(D, 33)(e) + 3 * threats((0, 1, 2), 8)(e) * len(e.table.tricks) / 12)


def _ex5(name: str, seed: int, won: bool) -> dict[str, Any]:
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {3: ["T21"], 2: ["T22"], "lower": ["DK", "T1"]},
                    {"lower": lambda c: c not in KINGS and c[0] != "T",
                     "upper": lambda c: c not in KINGS and c not in ("T2", "T3")})
    D = (3,)
    target = 36 if won else 30
    return realise(
        name, seed, deal, dict(
            auction=[(1, "mein_spiel"), (2, "pass"), (3, "solorufer"), (0, "pass"), (1, "pass")],
            king="DK", decls=[(0, ["kontra"]), (1, []), (2, []), (3, [])]),
        dealer=0, example="§8 Example 5" + (" (contrast)" if won else ""),
        expect=[-20, -20, -20, 60] if won else [40, 40, 40, -120],
        policy=hold_until({"T21": 6, "T22": 6}, {"T1": 0}),
        check=bound(D, 99 if won else target,
                    {6: [at(6, "T21", 3), at(6, "T22", 2, True)],
                     10: [not_at(10, "T3")], 11: [not_at(11, "T2")]}),
        final=all_of(lambda e: (pts_side(e, D) >= 36) if won else pts_side(e, D) == target,
                     no_side_has(D, ["T22", "T21", "T1"]), no_side_has(D, KINGS)),
        score=(lambda e: -pts_side(e, D)) if won else pace(D, target))


@example("ex05-solorufer-king-in-talon-kontra-void")
def ex5() -> dict[str, Any]:
    return _ex5("ex05", 505, False)


@example("ex05b-solorufer-king-in-talon-kontra-stands")
def ex5b() -> dict[str, Any]:
    return _ex5("ex05b", 506, True)


@example("ex06-piccolo-rekontra-doubling-period")
def ex6() -> dict[str, Any]:
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {0: ["T12"]}, {0: low})
    return realise(
        "ex06", 606, deal, dict(
            auction=[(3, "mein_spiel"), (0, "piccolo"), (1, "pass"), (2, "pass"), (3, "pass")],
            decls=[(1, ["kontra"]), (2, []), (3, []), (0, ["rekontra"]), (1, []), (2, []), (3, [])]),
        dealer=2, doubling=3, example="§8 Example 6", expect=[480, -160, -160, -160],
        check=lambda e, n: (e.table.winner(n) == 0) == (n == 4),
        final=lambda e: e.table.count[0] == 1)


TRISCHAKEN = {
    "a": ([3, 3, 4, 2], [12, 21, 17, 14], [10, -30, 10, 10]),
    "b": ([4, 3, 3, 2], [22, 15, 16, 11], [-60, 20, 20, 20]),
    "c": ([5, 4, 3, 0], [None] * 4, [-10, -10, -10, 30]),
    "d": ([6, 0, 6, 0], [None] * 4, [-10, 10, -10, 10]),
    "e": ([3, 3, 3, 3], [19, 14, 19, 12], [-10, 10, -10, 10]),
    "f": ([0, 0, 12, 0], [None] * 4, [10, 10, -30, 10]),
    "g": ([3, 3, 3, 3], [18, 18, 18, 10], [-10, -10, -10, 30]),
    "h": ([3, 3, 3, 3], [16, 16, 16, 16], [0, 0, 0, 0]),
}


def _trischaken(case: str) -> dict[str, Any]:
    tricks, pts, delta = TRISCHAKEN[case]
    fixed: dict = {"lower": "HK H2 H3".split(), "upper": "S7 S8 C7".split()}
    allow: dict = {}
    if case == "f":
        fixed[2] = [f"T{i}" for i in range(11, 23)]
    elif case == "d":
        fixed[0] = "T22 T20 T18 T16 T14 T12".split()
        fixed[2] = "T21 T19 T17 T15 T13 T11".split()
    elif case == "c":
        allow[3] = low
    return realise(
        f"ex07{case}", 700 + ord(case), lambda rng: fill(rng, fixed, allow),
        dict(auction=MS3 + [(0, "trischaken")]), dealer=3,
        example=f"§8 Example 7{case}", expect=delta,
        check=seats_check(tricks, pts), final=seats_final(tricks, pts),
        score=seats_pace(tricks, pts), deals=100, exhaust=4, width=100)


for _case in TRISCHAKEN:
    EXAMPLES[f"ex07{_case}-trischaken"] = (lambda c: lambda: _trischaken(c))(_case)


@example("ex08-besserrufer-uhu-king-captured")
def ex8() -> dict[str, Any]:
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {1: "T2 T22 T19 T17".split(), 3: "DK D1 T21".split(), 0: ["T10"]},
                    {0: lambda c: c[0] != "D", "upper": lambda c: c != "DK",
                     "lower": lambda c: c != "DK"})
    D = (1, 3)

    def policy(e, seat, c):  # type: ignore[no-untyped-def]
        k = hold_until({"T10": 5, "DK": 5})(e, seat, c)
        if e.table.trick_number == 5 and c[0] == "D":
            k -= 3
        return k
    return realise(
        "ex08", 808, deal, dict(
            auction=[(0, "mein_spiel"), (1, "besserrufer"), (2, "pass"), (3, "pass"), (0, "pass")],
            king="DK", take="upper", decls=[(1, ["uhu"]), (2, []), (3, []), (0, [])]),
        dealer=3, example="§8 Example 8", expect=[-10, 10, -10, 10], policy=policy,
        check=bound(D, 33, {5: [lambda e: trick(e, 5)[1][0][0] == "D", at(5, "DK", 3),
                                at(5, "T10", 0, True)],
                            10: [not_at(10, "T3")], 11: [at(11, "T2", 1, True)],
                            12: [not_at(12, "T1")]}),
        final=all_of(points_are(D, 33), no_side_has(D, KINGS), no_side_has(D, ["T22", "T21", "T1"]),
                     no_xxi_capture),
        score=pace(D, 33))


@example("ex09-dreier-silent-valat-kontra")
def ex9() -> dict[str, Any]:
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {2: [f"T{i}" for i in range(14, 23)], "upper": "T13 T12 T1".split()},
                    {2: plain})
    D = (2,)

    def policy(e, seat, c):  # type: ignore[no-untyped-def]
        k = hold_until({"T1": 12})(e, seat, c)
        if seat == 2 and c[0] == "T":
            k -= int(c[1:]) / 10
        return k
    return realise(
        "ex09", 909, deal, dict(
            auction=[(0, "mein_spiel"), (1, "pass"), (2, "dreier"), (3, "pass"), (0, "pass")],
            take="upper", decls=[(3, ["kontra"]), (0, []), (1, []), (2, [])]),
        dealer=3, example="§8 Example 9", expect=[-350, -350, 1050, -350], policy=policy,
        check=lambda e, n: e.table.winner(n) == 2 and (n != 10 or not_at(10, "T3")(e))
        and (n != 11 or not_at(11, "T2")(e)) and (n != 12 or at(12, "T1", 2, True)(e)))


@example("ex10-rufer-valat-lost-trull-made")
def ex10() -> dict[str, Any]:
    def deal(rng):  # type: ignore[no-untyped-def]
        return fill(rng, {0: "T22 T21 T20 T19 T18 T17 T16 HK".split(), 1: "CK T1 T15 T14".split(),
                          3: ["DK"]}, {"lower": lambda c: c != "CK" and c[0] != "T",
                                       "upper": lambda c: c != "CK"})
    D = (0, 1)

    def check(e, n):  # type: ignore[no-untyped-def]
        w = e.table.winner(n)
        if (w == 3) != (n == 9) or (n != 9 and w not in D):
            return False
        if n == 9 and not (played(e, "DK") and played(e, "DK")[1] == 9):
            return False
        if n == 12 and not at(12, "HK", 0, True)(e):
            return False
        return n != 10 or not_at(10, "T3")(e)
    return realise(
        "ex10", 1010, deal, dict(
            auction=MS3 + [(0, "rufer")], king="CK", take="lower",
            decls=[(1, []), (2, ["kontra"]), (3, []), (0, ["valat", "trull"]), (1, []), (2, []),
                   (3, [])]),
        dealer=3, example="§8 Example 10", expect=[-60, -60, 60, 60],
        policy=hold_until({"HK": 12, "DK": 9}), check=check,
        final=all_of(points_are(D, 60), side_pile_has(D, ["T22", "T21", "T1"]), no_xxi_capture,
                     not_at(11, "T2"), lambda e: played(e, "CK")[1] != 9),
        width=300)


@example("ex11a-rufer-concession")
def ex11a() -> dict[str, Any]:
    return realise(
        "ex11a", 1111, lambda rng: fill(rng, {"upper": ["SK"]}, {0: lambda c: c != "SK"}),
        dict(auction=MS3 + [(0, "rufer")], king="SK", concede="exposure"),
        dealer=3, example="§8 Example 11a", expect=[-30, 10, 10, 10])


@example("ex11b-besserrufer-held-concession")
def ex11b() -> dict[str, Any]:
    return realise(
        "ex11b", 1112, lambda rng: fill(rng, {"lower": ["HK"]}),
        dict(auction=[(2, "mein_spiel"), (3, "besserrufer"), (0, "pass"), (1, "pass"), (2, "hold"),
                      (3, "pass")], king="HK", concede="exposure"),
        dealer=1, example="§8 Example 11b", expect=[20, 20, -60, 20])


@example("ex12-farbensolo-kontra")
def ex12() -> dict[str, Any]:
    D = (1,)
    return realise(
        "ex12", 1212, lambda rng: fill(rng, {1: KINGS + "SQ SN HQ HN".split()}, {1: no_tarock}),
        dict(auction=[(1, "mein_spiel"), (2, "piccolo"), (3, "pass"), (0, "pass"), (1, "farbensolo"),
                      (2, "pass")], decls=[(2, ["kontra"]), (3, []), (0, []), (1, [])]),
        dealer=0, example="§8 Example 12", expect=[-100, 300, -100, -100],
        check=bound(D, 37), final=all_of(points_are(D, 37), side_pile_has(D, KINGS)),
        score=pace(D, 37))


@example("ex13-bettel-ouvert-lost")
def ex13() -> dict[str, Any]:
    return realise(
        "ex13", 1313, lambda rng: fill(rng, {2: ["T15"]}, {2: low}),
        dict(auction=[(1, "mein_spiel"), (2, "bettel_ouvert"), (3, "pass"), (0, "pass"), (1, "pass")],
             decls=[(3, []), (0, []), (1, []), (2, [])]),
        dealer=0, example="§8 Example 13", expect=[80, 80, -240, 80],
        check=lambda e, n: (e.table.winner(n) == 2) == (n == 7))


@example("ex14-rufer-own-king-doubling-king-ultimo")
def ex14() -> dict[str, Any]:
    D = (0,)
    return realise(
        "ex14", 1414, lambda rng: fill(rng, {0: "HK T22 T20 T18 T16".split(), 1: ["T21"]},
                                       {"lower": no_tarock}),
        dict(auction=MS3 + [(0, "rufer")], king="HK", take="lower",
             decls=[(1, []), (2, []), (3, []), (0, [])]),
        dealer=3, doubling=2, example="§8 Example 14", expect=[120, -40, -40, -40],
        policy=hold_until({"HK": 12}),
        check=bound(D, 37, {10: [not_at(10, "T3")], 11: [not_at(11, "T2")],
                            12: [at(12, "HK", 0, True)]}),
        final=all_of(points_are(D, 37), no_side_has(D, KINGS), no_side_has(D, ["T22", "T21", "T1"]),
                     no_xxi_capture),
        score=pace(D, 37))


# ---------------------------------------------------------------------------------------
# further valid records: the remaining contracts, redeal, score sheet, deck, sessions
# ---------------------------------------------------------------------------------------
def auction_for(contract: str, declarer: int, dealer: int) -> list[tuple[int, str]]:
    """Forehand's Mein Spiel, then the declarer bids (or forehand chooses), all others pass."""
    f = (dealer + 1) % 4
    calls = [(f, "mein_spiel")]
    if contract in ("rufer", "sechserdreier", "trischaken"):
        assert declarer == f
        return calls + [((f + i) % 4, "pass") for i in (1, 2, 3)] + [(f, contract)]
    for i in (1, 2, 3):
        s = (f + i) % 4
        calls.append((s, contract if s == declarer else "pass"))
    if declarer != f:
        calls.append((f, "pass"))
        # seats after the declarer already passed; the ones before him pass in the loop above
    else:
        calls = [(f, "mein_spiel")] + [((f + i) % 4, "pass") for i in (1, 2, 3)]
        raise ValueError("forehand cannot bid after three passes; use a free choice")
    return calls


def random_deal(contract: str, declarer: int, dealer: int, seed: int, *, king: str | None = None,
                take: str | None = None, fixed: dict | None = None, allow: dict | None = None,
                doubling: int = 0, example: str | None = None, concede: str | None = None,
                check=None, final=None) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """A legal deal of ``contract`` with all declaration turns passed and a random play."""
    d1 = (declarer + 1) % 4
    decls = []
    if contract == "besserrufer":
        decls.append((declarer, ["pagat"]))
    if contract != "trischaken":
        # the Besserrufer opening counts as the declarer's turn: three passes end it
        decls += [((d1 + i) % 4, []) for i in range(3 if contract == "besserrufer" else 4)]
    c = contract
    calls: dict[str, Any] = dict(auction=auction_for(c, declarer, dealer), decls=decls)
    if c in ("rufer", "solorufer", "besserrufer"):
        calls["king"] = king or "SK"
    if c in ("rufer", "besserrufer", "dreier"):
        calls["take"] = take or "lower"
    if c == "sechserdreier":
        calls["take"] = "all"
    if concede:
        calls["concede"] = concede
    return realise(f"{c}-{seed}", seed, lambda rng: fill(rng, fixed or {}, allow), calls, dealer,
                   doubling=doubling, example=example, check=check, final=final, width=20,
                   samples=2)


@example("contract-bettel-won")
def c_bettel() -> dict[str, Any]:
    return random_deal("bettel", 2, 0, 31, allow={2: low},
                       final=lambda e: e.table.count[2] == 0)


@example("contract-sechserdreier-lost")
def c_sechserdreier() -> dict[str, Any]:
    return random_deal("sechserdreier", 1, 0, 38, allow={1: low},
                       final=lambda e: e.score().items[0].name == "contract"
                       and pts_side(e, (1,)) < 36)


@example("contract-piccolo-ouvert-lost")
def c_piccolo_ouvert() -> dict[str, Any]:
    return random_deal("piccolo_ouvert", 3, 1, 32)


@example("contract-solodreier")
def c_solodreier() -> dict[str, Any]:
    return random_deal("solodreier", 1, 2, 33, fixed={1: "T22 T21 T20 T19 T18 T17".split()})


@example("contract-farbensolo-declarer-not-forehand")
def c_farbensolo() -> dict[str, Any]:
    return random_deal("farbensolo", 2, 0, 34)


@example("contract-besserrufer-pagat")
def c_besserrufer() -> dict[str, Any]:
    return random_deal("besserrufer", 3, 0, 35, king="CK",
                       fixed={3: ["T1"]}, allow={"lower": lambda c: c != "CK",
                                                 "upper": lambda c: c != "CK"})


@example("contract-rufer-king-in-talon-alone")
def c_rufer_talon_king() -> dict[str, Any]:
    """Rufer whose called king lies in the talon; the declarer takes that half and plays alone."""
    return random_deal("rufer", 0, 3, 36, king="DK", take="upper", fixed={"upper": ["DK"]})


@example("redeal")
def redeal() -> dict[str, Any]:
    rng = random.Random(41)
    hands, talon = fill(rng, {}, {2: lambda c: c[0] != "T" and c not in KINGS})
    e = engine(1, hands, talon)
    e.apply(Action("redeal", 2))
    return record(e, 1, example="§2.3 redeal")


@example("sheet-rufer")
def sheet() -> dict[str, Any]:
    """A score sheet: calls and result, no cards."""
    return {"tarockrec": 1, "game": "koenigrufen", "players": list(PLAYERS), "dealer": 3,
            "auction": [{"seat": s, "call": c} for s, c in MS3 + [(0, "rufer")]],
            "result": {"declarer": 0, "contract": "rufer", "partner": 2,
                       "scores": [70, -70, 70, -70]},
            "_example": "§8 Example 1 as a score sheet"}


@example("deck-dreier")
def with_deck() -> dict[str, Any]:
    """A deal recorded with the deck order after the cut (§2.2)."""
    rec = random_deal("dreier", 2, 0, 37)
    rec["deal"]["deck"] = deck_of(rec)
    return rec


def deck_of(rec: dict[str, Any]) -> list[str]:
    """The deck order (top first) that the dealing procedure of §2.2 turns into this deal."""
    f = (rec["dealer"] + 1) % 4
    hands = rec["deal"]["hands"]
    deck = list(rec["deal"]["talon"][0]) + list(rec["deal"]["talon"][1])
    for rnd in range(2):
        for i in range(4):
            deck += hands[(f + i) % 4][rnd * 6:(rnd + 1) * 6]
    return deck


SESSION_KEYS = ("dealer", "carry", "deal", "auction", "exchange", "declarations", "play", "end",
                "result", "notes")


def session(name: str, seed: int, plan: list[str], example: str | None = None) -> dict[str, Any]:
    """A session: ``plan`` lists the contracts of the deals in order ("redeal" for a redeal,
    which does not count as a deal and keeps the dealer)."""
    deals = []
    dealer = 0
    doubling = 0
    totals = [0, 0, 0, 0]
    for i, what in enumerate(plan):
        f = (dealer + 1) % 4
        if what == "redeal":
            rng = random.Random(seed + i)
            hands, talon = fill(rng, {}, {f: lambda c: c[0] != "T" and c not in KINGS})
            e = engine(dealer, hands, talon, doubling)
            e.apply(Action("redeal", f))
            rec = record(e, dealer, doubling)
        else:
            declarer = f if what in ("rufer", "sechserdreier", "trischaken") else (f + 2) % 4
            rec = random_deal(what, declarer, dealer, seed + i, doubling=doubling,
                              king="SK" if what in ("rufer", "solorufer", "besserrufer") else None)
            e = None
        d = {k: rec[k] for k in SESSION_KEYS if k in rec}
        d["carry"] = {"doubling": doubling}
        deals.append(d)
        totals = [a + b for a, b in zip(totals, rec["result"]["scores"])]
        if what != "redeal":
            doubling = max(0, doubling - 1) + (4 if what == "trischaken" else 0)
            dealer = (dealer + 1) % 4
    out = {"tarockrec": 1, "game": "koenigrufen", "players": list(PLAYERS), "deals": deals,
           "result": {"totals": totals}}
    if example:
        out["_example"] = example
    return out


EX15_PLAN = ["rufer", "dreier", "piccolo", "rufer", "trischaken", "rufer", "trischaken",
             "bettel", "rufer", "solorufer", "rufer", "sechserdreier", "rufer", "rufer"]


@example("session-ex15-doubling-periods")
def ex15() -> dict[str, Any]:
    return session("ex15", 1500, EX15_PLAN, "§8 Example 15")


@example("session-redeal-in-doubling-period")
def session2() -> dict[str, Any]:
    return session("s2", 1600, ["rufer", "trischaken", "redeal", "dreier", "piccolo", "rufer",
                                "rufer", "solorufer"], "§6.8 doubling period across a redeal")


# ---------------------------------------------------------------------------------------
# score-sheet twins: every worked example (§8) as the sheet the table writes
# (``tarockrec convert --sheet``: no cards, no play, the derived outcome and the same result)
# ---------------------------------------------------------------------------------------
def sheet_twins() -> list[str]:
    """The worked examples that get a score-sheet twin ``sheet-<name>``."""
    return [n for n in EXAMPLES if n.startswith(("ex", "session-ex"))]


def build_sheets() -> None:
    from tarockrec.tournament.sheet import to_sheet
    for name in sheet_twins():
        path = OUT / "valid" / f"{name}.json"
        if not path.exists():
            continue
        rec = to_sheet(load(name))
        rec["_example"] = f"{load(name).get('_example', name)} as a score sheet"
        (OUT / "valid" / f"sheet-{name}.json").write_text(jsonio.dumps(rec) + "\n",
                                                           encoding="utf-8")


# ---------------------------------------------------------------------------------------
# §9 illegal records: a valid record with exactly one thing broken
# ---------------------------------------------------------------------------------------
def load(name: str) -> dict[str, Any]:
    return jsonio.loads((OUT / "valid" / f"{name}.json").read_text(encoding="utf-8"))


def base(name: str) -> dict[str, Any]:
    rec = copy.deepcopy(load(name))
    rec.pop("_example", None)
    return rec


def before_play(rec: dict[str, Any]):  # type: ignore[no-untyped-def]
    """The engine of a valid record, replayed up to the first card."""
    e, _ = G.make_engine(G.Rules(), 4, rec["dealer"], rec["deal"], rec.get("carry") or {})
    for _sub, step in G.replay({k: v for k, v in rec.items() if k != "play"}, e):
        e.apply(step)
    return e


def positions(rec: dict[str, Any]):  # type: ignore[no-untyped-def]
    """Yield (trick index, position, seat, card, hand mask before playing) over the play."""
    e = before_play(rec)
    for t, cards in enumerate(rec["play"]):
        for j, card in enumerate(cards):
            seat = e.to_act
            yield t, j, seat, card, e.hands[seat], [PACK.code(c) for c in e.table.cards]
            e.apply(Action("play", seat, card))


def where(rec: dict[str, Any], card: str) -> tuple[int, int]:
    for t, cards in enumerate(rec["play"]):
        if card in cards:
            return t, cards.index(card)
    raise KeyError(card)


def swap(rec: dict[str, Any], a: tuple[int, int], b: tuple[int, int]) -> dict[str, Any]:
    p = rec["play"]
    p[a[0]][a[1]], p[b[0]][b[1]] = p[b[0]][b[1]], p[a[0]][a[1]]
    return rec


def find_swap(rec: dict[str, Any], want: Callable) -> dict[str, Any]:
    """Swap a played card with a later card of the same seat such that ``want(led, card,
    other, hand, table)`` holds at the earlier place (``other`` is the card put there)."""
    pos = list(positions(rec))
    for i, (t, j, seat, card, hand, table) in enumerate(pos):
        for t2, j2, seat2, card2, _h, _tb in pos[i + 1:]:
            if seat2 == seat and t2 > t and want(table, card, card2, hand):
                return swap(rec, (t, j), (t2, j2))
    raise SystemExit("no swap found")


def suit(c: str) -> str:
    return c[0]


def revoke(table, card, other, hand) -> bool:  # type: ignore[no-untyped-def]
    """``other`` is not of the led suit although ``card`` (of the led suit) was held."""
    return bool(table) and suit(table[0]) != "T" and suit(card) == suit(table[0]) \
        and suit(other) not in (suit(table[0]), "T")


def no_ruff(table, card, other, hand) -> bool:  # type: ignore[no-untyped-def]
    led = suit(table[0]) if table else None
    return bool(table) and led != "T" and suit(card) == "T" and suit(other) not in ("T", led) \
        and not any(PACK.codes[x][0] == led for x in range(len(PACK)) if hand >> x & 1)


INVALID: list[tuple[str, str, Callable[[], dict[str, Any]], list[str]]] = []


def bad(name: str, example: str, expect: list[str]):  # type: ignore[no-untyped-def]
    def deco(f):  # type: ignore[no-untyped-def]
        INVALID.append((name, example, f, expect))
        return f
    return deco


def calls(*pairs) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    return [{"seat": s, "call": c} for s, c in pairs]


def says(*pairs) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    return [{"seat": s, "say": list(x)} for s, x in pairs]


E1 = "ex01-rufer-kontra-rekontra"
E2 = "ex02-dreier-pagat-kontra-lost"
E3 = "ex03-sechserdreier-lost-35"
E4 = "ex04-solorufer-king-ultimo-lost"
E6 = "ex06-piccolo-rekontra-doubling-period"
E7E = "ex07e-trischaken"
E8 = "ex08-besserrufer-uhu-king-captured"
E9 = "ex09-dreier-silent-valat-kontra"
E10 = "ex10-rufer-valat-lost-trull-made"
E12 = "ex12-farbensolo-kontra"
E13 = "ex13-bettel-ouvert-lost"
E14 = "ex14-rufer-own-king-doubling-king-ultimo"
DREIER = "deck-dreier"
BESSER = "contract-besserrufer-pagat"
SECHSER = "contract-sechserdreier-lost"


def _mut(name: str, f: Callable[[dict[str, Any]], Any]) -> Callable[[], dict[str, Any]]:
    def g() -> dict[str, Any]:
        rec = base(name)
        f(rec)      # mutates in place
        return rec
    return g


def _set(path: list, value: Any) -> Callable[[dict[str, Any]], None]:  # type: ignore[type-arg]
    def f(rec: dict[str, Any]) -> None:
        x: Any = rec
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = value
    return f


def register_invalid() -> None:
    def add(name, example, expect, src, f):  # type: ignore[no-untyped-def]
        INVALID.append((name, example, _mut(src, f), expect))

    # I1 deal composition
    def i1a(r):  # type: ignore[no-untyped-def]
        r["deal"]["hands"][0].append(r["deal"]["talon"][0].pop())
    add("i01a-hand-of-13", "§9 I1", ["DEAL-COMPOSITION"], E1, i1a)
    add("i01b-card-twice", "§9 I1", ["DEAL-COMPOSITION"], E1,
        lambda r: r["deal"]["hands"][1].__setitem__(0, r["deal"]["hands"][0][0]))
    add("i01c-unknown-card", "§9 I1", ["CARD-UNKNOWN"], E1,
        lambda r: r["deal"]["hands"][1].__setitem__(0, "HX"))

    # I2 dealing order
    def i2a(r):  # type: ignore[no-untyped-def]
        r["deal"]["deck"][0], r["deal"]["deck"][6] = r["deal"]["deck"][6], r["deal"]["deck"][0]
    add("i02a-deck-lower-half", "§9 I2", ["DEAL-ORDER"], "deck-dreier", i2a)

    def i2b(r):  # type: ignore[no-untyped-def]
        r["deal"]["deck"][11], r["deal"]["deck"][12] = r["deal"]["deck"][12], r["deal"]["deck"][11]
    add("i02b-deck-forehand-packet", "§9 I2", ["DEAL-ORDER"], "deck-dreier", i2b)

    # I3 redeal with a tarock
    def i3(r):  # type: ignore[no-untyped-def]
        seat = next(s for s in range(4) if "T7" in r["deal"]["hands"][s])
        r["end"]["seat"] = seat
        r.pop("result", None)
    add("i03-redeal-holding-t7", "§9 I3", ["KR-REDEAL"], "redeal", i3)

    # I4 - I9 auction
    add("i04a-forehand-opens-pass", "§9 I4", ["KR-OPEN"], E1,
        lambda r: r["auction"][0].__setitem__("call", "pass"))
    add("i04b-forehand-opens-piccolo", "§9 I4", ["KR-OPEN"], E1,
        lambda r: r["auction"][0].__setitem__("call", "piccolo"))
    add("i05a-rufer-bid-in-auction", "§9 I5", ["KR-NOT-BIDDABLE"], E12,
        lambda r: r["auction"][2].__setitem__("call", "rufer"))
    add("i05b-trischaken-bid-in-auction", "§9 I5", ["KR-NOT-BIDDABLE"], E1,
        lambda r: r["auction"][1].__setitem__("call", "trischaken"))
    add("i06-bid-not-higher", "§9 I6", ["KR-BID-LOW"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "bettel"), (2, "piccolo"), (3, "pass"),
                                (0, "pass"), (1, "pass"))))
    add("i07-lower-priority-holds", "§9 I7", ["KR-HOLD"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "hold"),
                                (0, "pass"))))
    add("i07b-same-contract-is-not-a-hold", "§3.4 example 4", ["KR-BID-LOW"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "piccolo"),
                                (0, "pass"))))
    add("i08-mein-spiel-held", "§9 I8", ["KR-HOLD"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "hold"), (2, "pass"), (3, "pass"))))
    add("i09a-pass-is-final", "§9 I9", ["KR-TURN"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "bettel"),
                                (0, "pass"), (1, "dreier"))))
    add("i09b-out-of-turn", "§9 I9", ["KR-TURN"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "pass"), (3, "piccolo"))))
    add("i10a-result-contract", "§9 I10", ["RESULT-CONTRACT"], E9,
        lambda r: r["result"].__setitem__("contract", "solodreier"))
    add("i10b-result-declarer", "§9 I10", ["RESULT-DECLARER"], E9,
        lambda r: r["result"].__setitem__("declarer", 0))
    add("i11a-free-choice-after-a-bid", "§9 I11", ["KR-CHOICE"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "pass"),
                                (0, "pass"), (0, "sechserdreier"))))
    add("i11b-forehand-names-rank1-in-auction", "§9 I11", ["KR-NOT-BIDDABLE"], E1,
        _set(["auction"], calls((0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "pass"),
                                (0, "sechserdreier"))))

    # I12 king call
    add("i12a-king-call-in-dreier", "§9 I12", ["KR-KING-CALL"], DREIER,
        lambda r: r["exchange"].__setitem__("king", "SK"))
    add("i12b-no-king-call-in-besserrufer", "§9 I12", ["KR-KING-CALL"], E8,
        lambda r: r["exchange"].pop("king"))
    add("i12c-remaining-king-with-two-kings", "§9 I12", ["KR-KING-CALL"], E1,
        lambda r: r["exchange"].__setitem__("as_remaining_king", True))

    # I13 one whole half
    def i13a(r):  # type: ignore[no-untyped-def]
        r["exchange"]["discard"][0] = r["deal"]["talon"][1][0]   # a card of the untaken upper half
    add("i13a-discard-from-untaken-half", "§9 I13", ["KR-TALON-HALF"], E1, i13a)

    def i13b(r):  # type: ignore[no-untyped-def]
        t, j = next((t, j) for t, j, seat, *_ in positions(r) if seat == r["result"]["declarer"])
        r["play"][t][j] = r["deal"]["talon"][1][0]
    add("i13b-play-from-untaken-half", "§9 I13", ["KR-TALON-HALF"], E1, i13b)

    # I14 discard
    add("i14a-discard-t22", "§9 I14", ["KR-DISCARD"], E1,
        lambda r: r["exchange"]["discard"].__setitem__(0, "T22"))
    add("i14b-discard-king", "§9 I14", ["KR-DISCARD"], E14,
        lambda r: r["exchange"]["discard"].__setitem__(0, "HK"))
    add("i14c-discard-t1", "§9 I14", ["KR-DISCARD"], BESSER,
        lambda r: r["exchange"]["discard"].__setitem__(0, "T1"))
    add("i14d-discard-two", "§9 I14", ["KR-DISCARD"], E1,
        lambda r: r["exchange"]["discard"].pop())

    def i14e(r):  # type: ignore[no-untyped-def]
        hand = set(r["deal"]["hands"][0]) | set(r["deal"]["talon"][0])
        extra = next(c for c in sorted(hand) if c[0] in "SCHD" and c not in KINGS
                     and c not in r["exchange"]["discard"] and not any(c in t for t in r["play"][:0]))
        r["exchange"]["discard"].append(extra)
    add("i14e-discard-four", "§9 I14", ["KR-DISCARD"], E1, i14e)
    add("i14f-sechserdreier-discard-five", "§9 I14", ["KR-DISCARD"], SECHSER,
        lambda r: r["exchange"]["discard"].pop())

    # I15 tarock discarded while a suit card is kept
    def i15(r):  # type: ignore[no-untyped-def]
        decl = r["result"]["declarer"]
        hand = set(r["deal"]["hands"][decl]) | set(r["deal"]["talon"][0])
        tar = next(c for c in sorted(hand) if c[0] == "T" and c not in ("T1", "T21", "T22"))
        r["exchange"]["discard"][0] = tar
    add("i15-tarock-discard-keeping-suit-card", "§9 I15", ["KR-DISCARD-TAROCK"], E1, i15)

    # I16 talon untouched
    for src, tag in ((E4, "solorufer"), (E6, "piccolo"), (E12, "farbensolo")):
        add(f"i16-talon-exchange-in-{tag}", "§9 I16", ["KR-TALON-UNTOUCHED"], src,
            (lambda r: r.setdefault("exchange", {}).update(take="lower")))

    # I17 concession
    add("i17a-concede-in-dreier", "§9 I17", ["KR-CONCEDE"], DREIER,
        lambda r: r.__setitem__("end", {"type": "concede", "seat": 2}))
    add("i17b-concede-king-not-in-talon", "§9 I17", ["KR-CONCEDE"], E1,
        lambda r: r.__setitem__("end", {"type": "concede", "seat": 0}))
    add("i17c-concede-after-declarations", "§9 I17", ["KR-CONCEDE"],
        "contract-rufer-king-in-talon-alone",
        lambda r: (r.__setitem__("end", {"type": "concede", "seat": 0}), r.pop("play")))

    # I18 - I28 declarations
    add("i18a-announce-in-piccolo", "§9 I18", ["KR-ANNOUNCE-CONTRACT"], E6,
        lambda r: r["declarations"][1].__setitem__("say", ["pagat"]))
    add("i18b-announce-in-bettel-ouvert", "§9 I18", ["KR-ANNOUNCE-CONTRACT"], E13,
        lambda r: r["declarations"][0].__setitem__("say", ["trull"]))
    add("i18c-declaration-in-trischaken", "§9 I18", ["KR-NO-DECLARATIONS"], E7E,
        lambda r: r.__setitem__("declarations", says((1, []))))
    add("i19a-pagat-in-farbensolo", "§9 I19", ["KR-ANNOUNCE-CONTRACT"], E12,
        lambda r: r["declarations"][1].__setitem__("say", ["pagat"]))
    add("i19b-king-ultimo-in-dreier", "§9 I19", ["KR-ANNOUNCE-CONTRACT"], DREIER,
        lambda r: r["declarations"][3].__setitem__("say", ["king_ultimo"]))
    add("i20a-opponent-announces-valat", "§9 I20", ["KR-ANNOUNCE-SIDE"], E1,
        lambda r: r["declarations"][2].__setitem__("say", ["valat", "not_partner"]))
    add("i20b-opponent-announces-king-ultimo", "§9 I20", ["KR-ANNOUNCE-SIDE"], E1,
        lambda r: r["declarations"][2].__setitem__("say", ["king_ultimo", "not_partner"]))
    add("i21-trull-twice", "§9 I21", ["KR-ANNOUNCE-REPEAT"], E10,
        lambda r: r["declarations"][4].__setitem__("say", ["trull", "partner"]))
    add("i22-partner-kontra-contract", "§9 I22", ["KR-KONTRA-SIDE"], E4,
        lambda r: r["declarations"][1].__setitem__("say", ["kontra"]))
    add("i23a-opponent-rekontra", "§9 I23", ["KR-KONTRA-SIDE"], E1,
        _set(["declarations"], says((1, ["kontra"]), (2, []), (3, ["rekontra"]), (0, []), (1, []),
                                    (2, []))))
    add("i23b-subkontra-without-rekontra", "§9 I23", ["KR-KONTRA"], E1,
        _set(["declarations"], says((1, ["kontra"]), (2, []), (3, ["subkontra"]), (0, []),
                                    (1, []), (2, []))))
    add("i23c-second-kontra", "§9 I23", ["KR-KONTRA"], E1,
        _set(["declarations"], says((1, ["kontra"]), (2, []), (3, ["kontra"]), (0, []), (1, []),
                                    (2, []))))
    add("i24-kontra-after-valat", "§9 I24", ["KR-KONTRA-VALAT"], E10,
        lambda r: r["declarations"][5].__setitem__("say", ["kontra"]))
    add("i25-kontra-own-side-trull", "§9 I25", ["KR-KONTRA-SIDE"], E10,
        lambda r: r["declarations"][4].__setitem__("say", ["kontra:trull"]))
    add("i26a-announce-without-partner-statement", "§9 I26", ["KR-PARTNER-STATEMENT"], E1,
        lambda r: r["declarations"][2].__setitem__("say", ["trull"]))
    add("i26b-false-partner-statement", "§9 I26", ["KR-PARTNER-STATEMENT"], E1,
        lambda r: r["declarations"][1].__setitem__("say", ["rekontra", "not_partner"]))
    add("i26c-declarer-partner-statement", "§4.6.2", ["KR-PARTNER-STATEMENT"], E14,
        lambda r: r["declarations"][3].__setitem__("say", ["trull", "partner"]))
    add("i27-besserrufer-without-bird", "§9 I27", ["KR-BESSERRUFER"], E8,
        lambda r: r["declarations"][0].__setitem__("say", ["trull"]))
    add("i28a-closed-before-declarer-spoke", "§9 I28", ["KR-DECL-END"], E14,
        lambda r: r["declarations"].pop())
    add("i28b-call-after-the-end", "§9 I28", ["KR-DECL-END"], E1,
        lambda r: r["declarations"].append({"seat": 2, "say": []}))

    # I29 / I30 leads
    def rotate(t: int):  # type: ignore[no-untyped-def]
        def f(r):  # type: ignore[no-untyped-def]
            r["play"][t] = r["play"][t][-1:] + r["play"][t][:-1]
        return f
    add("i29a-piccolo-led-by-forehand", "§9 I29", ["KR-LEAD"], E6, rotate(0))
    add("i29b-solodreier-led-by-declarer", "§9 I29", ["KR-LEAD"], "contract-solodreier",
        lambda r: r["play"].__setitem__(0, r["play"][0][2:] + r["play"][0][:2]))
    add("i29c-farbensolo-led-by-forehand", "§9 I29", ["KR-LEAD"],
        "contract-farbensolo-declarer-not-forehand",
        lambda r: r["play"].__setitem__(0, r["play"][0][2:] + r["play"][0][:2]))
    add("i30-wrong-leader", "§9 I30", ["KR-LEAD"], E1, rotate(1))

    # I31 - I35 play
    add("i31a-revoke", "§9 I31", ["KR-FOLLOW"], E1, lambda r: find_swap(r, revoke))
    add("i31b-no-ruff", "§9 I31", ["KR-RUFF"], E1, lambda r: find_swap(r, no_ruff))
    add("i31c-no-ruff-farbensolo", "§9 I31", ["KR-RUFF"], E12, lambda r: find_swap(r, no_ruff))
    add("i31d-revoke-farbensolo", "§9 I31", ["KR-FOLLOW"], E12, lambda r: find_swap(r, revoke))

    def must_win(src):  # type: ignore[no-untyped-def]
        def f(r):  # type: ignore[no-untyped-def]
            e = before_play(r)
            for t, cards in enumerate(r["play"]):
                for j, card in enumerate(cards):
                    seat = e.to_act
                    if j:
                        follow = e._follow(e.hands[seat], e.table.cards)
                        legal = e._legal_mask(seat)
                        under = follow & ~legal
                        if under and legal != follow:
                            other = PACK.code(next(iter(b for b in range(len(PACK)) if under >> b & 1)))
                            t2, j2 = where(r, other)
                            if (t2, j2) > (t, j):
                                return swap(r, (t, j), (t2, j2))
                    e.apply(Action("play", seat, card))
            raise SystemExit(f"no must-win swap in {src}")
        return f
    add("i32a-must-win-bettel", "§9 I32", ["KR-MUST-WIN"], "contract-bettel-won",
        must_win("bettel"))
    add("i32b-must-win-trischaken", "§9 I32", ["KR-MUST-WIN"], E7E, must_win("trischaken"))

    def keep_pagat(r):  # type: ignore[no-untyped-def]
        t1 = where(r, "T1")
        for t, j, seat, card, hand, table in positions(r):
            if seat == 3 and t < 11 and card[0] == "T" and (not table or table[0][0] == "T"
                                                          or not any(c[0] == table[0][0] for c in PACK.codes_of(hand))):
                return swap(r, (t, j), t1)
        raise SystemExit("no pagat swap")
    add("i33-pagat-played-early", "§9 I33", ["KR-RESERVED-KEEP"], BESSER, keep_pagat)

    add("i34-uhu-not-played-when-due", "§9 I34", ["KR-RESERVED-DUE"], E8, _uhu_due)

    def discarded_played(r):  # type: ignore[no-untyped-def]
        t, j = next((t, j) for t, j, seat, *_ in positions(r) if seat == 0)
        r["play"][t][j] = r["exchange"]["discard"][0]
    add("i35a-discarded-card-played", "§9 I35", ["KR-NOT-IN-HAND"], E1, discarded_played)

    def talon_played(r):  # type: ignore[no-untyped-def]
        t, j = next((t, j) for t, j, seat, *_ in positions(r) if seat == 0)
        r["play"][t][j] = r["deal"]["talon"][0][0]
    add("i35b-talon-card-played-piccolo", "§9 I35", ["KR-NOT-IN-HAND"], E6, talon_played)
    add("i35c-untaken-half-card-played", "§9 I35", ["KR-TALON-HALF"], E1, i13b)

    def nine(r):  # type: ignore[no-untyped-def]
        del r["play"][9:]
        r.pop("result")
    add("i36-nine-tricks", "§9 I36", ["KR-TRICKS-MISSING"], E1, nine)

    # I37 result
    add("i37a-scores-not-zero-sum", "§9 I37", ["RESULT-ZERO-SUM", "RESULT-SCORES"], E1,
        lambda r: r["result"].__setitem__("scores", [70, -70, 70, -60]))
    add("i37b-sechserdreier-loss-at-win-value", "§9 I37", ["RESULT-SCORES"], SECHSER,
        lambda r: r["result"].__setitem__("scores", [x // 2 for x in r["result"]["scores"]]))
    add("i37c-trischaken-tie-declarer-doubled", "§9 I37", ["RESULT-SCORES"], E7E,
        lambda r: r["result"].__setitem__("scores", [-20, 15, -10, 15]))

    # score sheets (issue 22): a written outcome that cannot be, a sheet's scores that no
    # outcome gives, an outcome that the cards contradict
    sheet_ex = "score sheet (docs/notation.md, Königrufen outcome)"
    S1, S2, S6, S7 = ("sheet-" + E1, "sheet-" + E2, "sheet-" + E6, "sheet-ex07a-trischaken")
    S8, S9, S10 = "sheet-" + E8, "sheet-" + E9, "sheet-" + E10
    S11B, S12, S14 = "sheet-ex11b-besserrufer-held-concession", "sheet-" + E12, "sheet-" + E14

    def sheet(name, expect, src, f):  # type: ignore[no-untyped-def]
        add(name, sheet_ex, expect, src, f)

    def out(*path_value):  # type: ignore[no-untyped-def]
        *path, value = path_value
        return _set(["outcome", *path], value)

    sheet("s01-rufer-scores-unreachable", ["RESULT-UNREACHABLE"], "sheet-rufer",
          lambda r: r["result"].__setitem__("scores", [5, -5, 5, -5]))

    def no_calls(r):  # type: ignore[no-untyped-def]
        del r["auction"]
        r["outcome"]["contract"] = "farbendreier"
    sheet("s02-contract-not-played", ["OUTCOME-CONTRACT"], S2, no_calls)
    sheet("s03-contract-not-the-calls", ["OUTCOME-AUCTION"], S1, out("contract", "dreier"))
    sheet("s04-partner-in-dreier", ["OUTCOME-PARTNER"], S2, out("partner", 3))
    sheet("s05-declarer-as-partner", ["OUTCOME-PARTNER"], S1, out("partner", 0))
    sheet("s06-rufer-without-partner", ["OUTCOME-PARTNER"], S1,
          lambda r: r["outcome"].pop("partner"))
    sheet("s07-partner-seat-7", ["OUTCOME-SEAT"], S1, out("partner", 7))
    sheet("s08-dreier-conceded", ["OUTCOME-END"], S2,
          lambda r: r.__setitem__("outcome", {"contract": "dreier", "declarer": 1,
                                              "end": "concede"}))
    sheet("s09-redeal-with-items", ["OUTCOME-END"], S1,
          lambda r: r.__setitem__("outcome", {"end": "redeal", "items": r["outcome"]["items"]}))
    sheet("s10-pagat-in-farbensolo", ["OUTCOME-ITEM"], S12,
          out("items", [{"item": "pagat", "announced": False, "made": True,
                         "side": "declarer"}]))
    sheet("s11-capture-announced", ["OUTCOME-ITEM"], S1, out("items", 2, "announced", True))
    sheet("s12-failed-silent-trull", ["OUTCOME-ITEM"], S1, out("items", 1, "made", False))
    sheet("s13-besserrufer-without-bird", ["OUTCOME-ITEM"], S8,
          lambda r: r["outcome"]["items"].pop(0))
    sheet("s14-opponents-valat-not-played", ["OUTCOME-ITEM"], S9,
          out("items", 0, "side", "opponents"))
    sheet("s15-king-ultimo-of-the-opponents", ["OUTCOME-ITEM"], S14,
          out("items", 0, "side", "opponents"))

    def bird_owed(r):  # type: ignore[no-untyped-def]
        r["rules"] = {"name": "default", "options": {"besserrufer_concession_pays_bird": "on"}}
    sheet("s16-schleifen-without-bird", ["OUTCOME-ITEM"], S11B, bird_owed)
    sheet("s17-kontra-on-silent-pagat", ["OUTCOME-KONTRA"], S1, out("items", 0, "kontra", 2))
    sheet("s18-kontra-on-trischaken", ["OUTCOME-KONTRA"], S7, out("kontra", 2))
    sheet("s19-contract-kontra-beside-announced-valat", ["OUTCOME-KONTRA"], S10,
          out("kontra", 2))
    sheet("s20-points-not-70", ["OUTCOME-POINTS"], S1, out("points", [40, 31]))
    sheet("s21-thirteen-tricks", ["OUTCOME-POINTS"], S1, out("tricks", [2, 3, 4, 4]))
    sheet("s22-valat-made-game-lost", ["OUTCOME-CONFLICT"], S9, out("won", False))
    sheet("s23-won-with-30", ["OUTCOME-CONFLICT"], S1, out("points", [30, 40]))
    sheet("s24-piccolo-won-with-three-tricks", ["OUTCOME-CONFLICT"], S6,
          out("tricks", [3, 1, 4, 4]))
    sheet("s25-declarer-took-every-trick-no-valat", ["OUTCOME-CONFLICT"], S9,
          lambda r: r["outcome"]["items"].pop(0))
    sheet("s26-scores-not-the-outcome", ["RESULT-SCORES"], S1,
          lambda r: r["result"].__setitem__("scores", [60, -60, 60, -60]))

    # outcomes no legal play gives (issue 32 item 1; docs/notation.md, "Königrufen outcome")
    sheet("s28-trull-and-opponents-pagat", ["OUTCOME-CONFLICT"], S1,
          out("items", 0, "side", "opponents"))
    sheet("s29-41-points-from-one-trick", ["OUTCOME-POINTS"], S1,
          lambda r: r["outcome"].update(tricks=[1, 3, 0, 8], points=[41, 29]))
    sheet("s30-valat-with-50-points", ["OUTCOME-POINTS"], S9, out("points", [50, 20]))
    sheet("s31-trischaken-trickless-seat-with-points", ["OUTCOME-POINTS"], S7,
          out("tricks", [3, 3, 6, 0]))

    def king_ultimo_from_the_talon(r):  # type: ignore[no-untyped-def]
        r["rules"] = {"name": "ooe_2023", "options": {}}      # call_own_king = off
        del r["result"]
        r["outcome"]["items"] = [{"item": "king_ultimo", "announced": False, "made": True,
                                  "side": "declarer"}]
    sheet("s32-solorufer-king-ultimo-king-in-talon-ooe", ["OUTCOME-CONFLICT"],
          "sheet-ex05-solorufer-king-in-talon-kontra-void", king_ultimo_from_the_talon)
    sheet("s33-pagat-for-both-sides", ["OUTCOME-CONFLICT"], S1,
          lambda r: r["outcome"]["items"].append({"item": "pagat", "announced": True,
                                                  "made": False, "side": "opponents"}))

    # issue 39: a Trull or four kings the points or the placed cards force whole into one
    # pile is written; a kontra a Solorufer's talon king voids is not
    def eight_from_24(r):  # type: ignore[no-untyped-def]
        del r["result"]
        r["outcome"].update(points=[62, 8], items=[])    # 24 cards, all blanks: 8 points
    sheet("s34-opponents-8-points-from-24-cards-no-trull", ["OUTCOME-CONFLICT"], S1,
          eight_from_24)

    def pagat_and_capture(r):  # type: ignore[no-untyped-def]
        del r["result"]
        r["outcome"]["items"] = [x for x in r["outcome"]["items"] if x["item"] != "trull"]
    sheet("s35-silent-pagat-and-xxi-capture-no-trull", ["OUTCOME-CONFLICT"], S1,
          pagat_and_capture)

    def void_kontra(r):  # type: ignore[no-untyped-def]
        r["rules"] = {"name": "tarockcup_austria", "options": {}}    # call_own_king = off
        del r["result"]
        r["outcome"]["kontra"] = 2
        del r["outcome"]["items"]                   # no XXI capture under this rule set
    sheet("s36-solorufer-king-in-talon-void-kontra-written", ["OUTCOME-KONTRA"],
          "sheet-ex05-solorufer-king-in-talon-kontra-void", void_kontra)

    def wrong_outcome(r):  # type: ignore[no-untyped-def]
        r["outcome"] = dict(load(S1)["outcome"], kontra=2)
    add("s27-outcome-not-the-cards", sheet_ex, ["OUTCOME-CARDS"], E1, wrong_outcome)

    # malformed
    add("m-unknown-field", "notation", ["REC-SCHEMA"], E1, lambda r: r.__setitem__("comment", "x"))
    add("m-unknown-option", "notation", ["OPTION-UNKNOWN"], E1,
        lambda r: r.__setitem__("rules", {"name": "default", "options": {"kaiser_stich": "on"}}))
    add("m-unsupported-option-value", "notation", ["OPTION-UNSUPPORTED"], E1,
        lambda r: r.__setitem__("rules", {"name": "default",
                                          "options": {"kaiserstich": "on"}}))
    add("m-notation-version-2", "notation", ["REC-VERSION"], E1,
        lambda r: r.__setitem__("tarockrec", 2))


def _pos_of(r, t, seat):  # type: ignore[no-untyped-def]
    """Position of ``seat``'s card in trick t (0-based) of a valid record."""
    e = before_play(r)
    for tt, cards in enumerate(r["play"]):
        for j, card in enumerate(cards):
            if tt == t and e.to_act == seat:
                return j
            e.apply(Action("play", e.to_act, card))
    raise KeyError


def _uhu_due(r):  # type: ignore[no-untyped-def]
    """Trick 11: seat 1 plays its trick-12 card instead of the due Uhu."""
    return swap(r, (10, _pos_of(r, 10, 1)), (11, _pos_of(r, 11, 1)))


def build_invalid() -> None:
    register_invalid()
    for old in (OUT / "invalid").glob("*.json"):
        if not old.name.startswith("five-"):   # tools/build_koenigrufen_five_samples.py's
            old.unlink()
    for name, example, make, expect in INVALID:
        try:
            rec = make()
        except (FileNotFoundError, SystemExit, StopIteration, KeyError) as err:
            print(f"  invalid {name}: not built ({type(err).__name__}: {err})", file=sys.stderr)
            continue
        rec["_example"] = example
        rec["_expect"] = expect
        (OUT / "invalid" / f"{name}.json").write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", help="build only the valid records whose name "
                    "contains one of these")
    ap.add_argument("--missing", action="store_true", help="build only valid records whose "
                    "file does not exist yet")
    ap.add_argument("--invalid", action="store_true", help="(re)build only the invalid records")
    args = ap.parse_args()
    (OUT / "valid").mkdir(parents=True, exist_ok=True)
    (OUT / "invalid").mkdir(parents=True, exist_ok=True)
    for name, f in EXAMPLES.items():
        if args.invalid or (args.only and not any(o in name for o in args.only)):
            continue
        path = OUT / "valid" / f"{name}.json"
        if args.missing and path.exists():
            continue
        rec = f()
        path.write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")
    if not args.invalid:
        build_sheets()
    if args.only and not args.invalid:
        return
    build_invalid()


if __name__ == "__main__":
    main()
