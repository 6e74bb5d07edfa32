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
              noise: float = 2.0):
    """Trick-level beam search: each state of the beam is continued by ``samples`` random
    tricks (cards drawn by ``policy`` key + noise among the legal cards); states passing
    ``check`` are kept, ranked by ``score(e)`` (lower first, plus noise), ``width`` of them."""
    check = check or (lambda e, n: True)
    final = final or (lambda e: True)
    beam = [e]
    for n in range(1, 13):
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
    from tarockrec.games.koenigrufen.scoring import _piles
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
            samples: int = 6, score: Callable | None = None) -> dict[str, Any]:
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
            got = (beam_play(e, rng, check, final, policy, width, samples, score)
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


def bound(side, target: int, after: dict[int, list[Callable]] | None = None) -> Callable:  # type: ignore[no-untyped-def]
    """check(e, n): the facts of trick n and the side's points not beyond ``target``."""
    after = after or {}

    def check(e, n):  # type: ignore[no-untyped-def]
        return pts_side(e, side) <= target and all(f(e) for f in after.get(n, ()))
    return check


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    (OUT / "valid").mkdir(parents=True, exist_ok=True)
    (OUT / "invalid").mkdir(parents=True, exist_ok=True)
    for name, f in EXAMPLES.items():
        if args.only and not any(o in name for o in args.only):
            continue
        rec = f()
        (OUT / "valid" / f"{name}.json").write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
