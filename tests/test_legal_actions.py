"""``legal_actions`` against brute force, for every registered game and table size.

At every step of generated deals, the listed actions must be exactly the actions of the brute
force: every seat, every kind of the game (not only the kinds of the phase), every value of the
kind's whole value space, kept when ``can`` accepts it. The value spaces are written here from
the games' vocabularies, not from the engines' candidate hooks: every card of the pack, every
call name, every k-subset of the seat's cards (in pack order, the canonical form of a set of
cards), every talon order. A declaration turn is a list of any length: the engines list a pass
and the single statements (and the pairs a rule needs together), which is checked here against
the same space, so that no single statement that ``can`` accepts is missing from the listing.
Also: ``to_act`` is the seat of every listed action taken by the seat whose turn it is.
"""
from __future__ import annotations

import random
from itertools import combinations, permutations
from math import comb
from typing import Any, Callable, Iterable

import pytest

from tarockrec.engine import Action
from tarockrec import rulesets
from tarockrec.games import Game, all_games

DEALS = 5
#: the kinds out of the phase are enumerated at every this many steps (they are refused by
#: their phase check, which the first steps of each phase already show)
EVERY = 4
#: a step whose brute force would ask ``can`` more often than this skips the biggest kinds
#: (only the Königrufen six-card discard of a whole talon, and Ulti's bids, come near it)
MAX_SUBSETS = 4000
#: rule options under which more kinds occur (a redeal of a hand with no king and no tarock)
OPTIONS = {"koenigrufen": {"redeal_no_king_no_tarock": "on"}}
CASES = [(name, n, opts, "default") for name, game in sorted(all_games().items())
         for n in game.table_sizes for opts in ({}, *([OPTIONS[name]] if name in OPTIONS else []))]
#: every other complete named rule set, at the game's first table size (the cup ladders, the
#: ITVB raise, the OÖ announcement round bring kinds and values of their own)
CASES += [(name, all_games()[name].table_sizes[0], {}, rs)
          for name in sorted(all_games()) for rs, doc in sorted(rulesets.for_game(name).items())
          if rs != "default" and doc.complete]
NOVALUE = (None,)

Space = Callable[[Any, int], Iterable[Any]]


def _cards(e: Any) -> list[str]:
    return list(e.pack.codes)


class TooMany(Exception):
    """A value space too big to enumerate at this step: the kind is left out of the step."""


def _subsets(e: Any, mask: int, k: int) -> Iterable[tuple[str, ...]]:
    cards = e.pack.codes_of(mask)
    if comb(len(cards), k) > MAX_SUBSETS:
        raise TooMany
    return combinations(cards, k)


def _sizes(e: Any, seat: int, mask: int, sizes: Iterable[int]) -> Iterable[tuple[str, ...]]:
    for k in sizes:
        yield from _subsets(e, mask, k)


def _kr_declare(e: Any, seat: int) -> Iterable[tuple[str, ...]]:
    from tarockrec.games.koenigrufen.contracts import ALL_ANNOUNCEMENTS, KONTRA_LEVELS
    items = [*ALL_ANNOUNCEMENTS, *KONTRA_LEVELS,
             *(f"{lvl}:{b}" for lvl in KONTRA_LEVELS for b in ALL_ANNOUNCEMENTS)]
    yield ()
    for x in items:
        yield (x,)
        yield (x, "partner")
        yield (x, "not_partner")


def _ulti_bids(e: Any, seat: int) -> Iterable[tuple[str, tuple[str, str]]]:
    from tarockrec.games.ulti.contracts import CONTRACTS
    held = e.pack.codes_of(e.hands[seat] | e.talon)
    for cid in CONTRACTS:
        for d in combinations(held, 2):
            yield (cid, d)


def _ulti_declare(e: Any, seat: int) -> Iterable[tuple[int, tuple[str, ...]]]:
    from tarockrec.games.ulti.engine import DOUBLING, SUIT_LETTERS, TARGETS
    items = [f"marriage:{s}" for s in SUIT_LETTERS]
    items += [f"{k}:{t}" for k in DOUBLING.levels for t in TARGETS]
    for trick in range(1, 11):
        for x in items:
            yield (trick, (x,))


def _it_declare(e: Any, seat: int) -> Iterable[tuple[str, ...]]:
    from tarockrec.games.illustrated.contracts import (ALL_BONUSES as BASE, HAND_BONUSES,
                                                       KONTRA_LEVELS, SAS_BONUSES)
    ALL_BONUSES = (*BASE, *SAS_BONUSES)        # the sas ids of the Kupa and ITVB rule sets
    kontras = [*KONTRA_LEVELS, *(f"{k}:{b}" for k in KONTRA_LEVELS for b in ALL_BONUSES)]
    singles = [*HAND_BONUSES, *kontras, *ALL_BONUSES]
    yield ()
    for x in singles:
        yield (x,)
    for h in HAND_BONUSES:                  # the pairs a statement may need together
        for x in [*ALL_BONUSES, *kontras]:
            yield (h, x)
    for k in kontras:
        for x in [*ALL_BONUSES, *HAND_BONUSES]:
            yield (k, x)


def _ca_declare(e: Any, seat: int) -> Iterable[tuple[str, ...]]:
    from tarockrec.games.carinthian.contracts import ANNOUNCEMENTS, BIRDS, KONTRA, RETOUR, ZAHLE
    yield ()
    yield (ZAHLE,)
    for k in range(1, len(ANNOUNCEMENTS) + 1):
        yield from combinations(ANNOUNCEMENTS, k)
    for k in range(1, len(BIRDS) + 1):
        for birds in combinations(BIRDS, k):
            yield birds + (KONTRA,)
    for t in ("game", "valat", *ANNOUNCEMENTS):
        for name in (KONTRA, RETOUR):
            yield (name if t == "game" else f"{name}:{t}",)


def _ca_discard(e: Any, seat: int) -> Iterable[tuple[tuple[str, ...], tuple[str, ...]]]:
    for d in _subsets(e, e.hands[seat], 3):
        tarocks = [c for c in d if c[0] == "T"]
        for k in range(len(tarocks) + 1):
            for shown in combinations(tarocks, k):
                yield (d, shown)


def _ca_choose(e: Any, seat: int) -> Iterable[tuple[str, tuple[str, ...]]]:
    from tarockrec.games.carinthian.contracts import MODES
    # §4.6: any order of the six talon cards is legal; the listing names the two orders that
    # keep the halves together (the space here: every order of the halves, and none)
    halves = [e.pack.codes_of(h) for h in e.talon]
    orders = [()] + [tuple(a + b) for a, b in permutations(halves)]
    for mode in MODES:
        for order in orders:
            yield (mode, order)


def _cego_keep(e: Any, seat: int) -> Iterable[tuple[str, ...]]:
    from tarockrec.games.cego.contracts import EXCHANGES
    if e.contract is None:
        return ()
    ex = EXCHANGES.get(e.contract)
    return () if ex is None else _subsets(e, e.dealt[seat], ex.keep)


def _spaces(game: str) -> dict[str, Space]:
    if game == "koenigrufen":
        return {
            "redeal": lambda e, s: NOVALUE, "concede": lambda e, s: NOVALUE,
            "call": lambda e, s: ("mein_spiel", "pass", "hold", *e.contracts),
            "king": lambda e, s: [(c, r) for c in _cards(e) for r in (False, True)],
            "take": lambda e, s: ("lower", "upper", "all"),
            "discard": lambda e, s: _subsets(e, e.hands[s], 6 if e.contract is not None
                                             and e.contract.talon == "all" else 3),
            "declare": _kr_declare, "play": lambda e, s: _cards(e)}
    if game == "ulti":
        from tarockrec.games.ulti.engine import SUIT_LETTERS
        return {"name_suit": lambda e, s: SUIT_LETTERS, "pass": lambda e, s: NOVALUE,
                "concede": lambda e, s: NOVALUE, "bid": _ulti_bids, "declare": _ulti_declare,
                "play": lambda e, s: _cards(e)}
    if game == "illustrated":
        from tarockrec.games.illustrated.contracts import CALLS, HAND_BONUSES
        return {"bid": lambda e, s: CALLS, "annul": lambda e, s: NOVALUE,
                "discard": lambda e, s: _sizes(e, s, e.hands[s], range(0, 4)),
                "call": lambda e, s: _cards(e), "declare": _it_declare,
                "play": lambda e, s: _cards(e), "late_claim": lambda e, s: tuple(HAND_BONUSES)}
    if game == "cego":
        from tarockrec.games.cego.contracts import CALLS as CEGO_CALLS
        return {"call": lambda e, s: CEGO_CALLS, "keep": _cego_keep,
                "discard": lambda e, s: _cards(e), "challenge": lambda e, s: NOVALUE,
                "stop": lambda e, s: NOVALUE, "play": lambda e, s: _cards(e)}
    if game == "carinthian":
        from tarockrec.core.auction import HOLD, PASS
        from tarockrec.games.carinthian.contracts import HALVES, LADDER
        return {"call": lambda e, s: (PASS, HOLD, *LADDER), "choose": _ca_choose,
                "take": lambda e, s: HALVES, "discard": _ca_discard, "declare": _ca_declare,
                "play": lambda e, s: _cards(e)}
    raise AssertionError(f"no value spaces written for {game}")


def _said(value: Any) -> tuple[str, ...]:
    """The statements of a declaration turn (Ulti's value is (trick, statements))."""
    return value[1] if value and isinstance(value[0], int) else value  # type: ignore[no-any-return]


def _brute_force(e: Any, n: int, spaces: dict[str, Space],
                 kinds: Iterable[str]) -> tuple[set[Action], set[str]]:
    """The actions of ``kinds`` that ``can`` accepts over the whole spaces, and the kinds left
    out (too many)."""
    found: set[Action] = set()
    skipped = set()
    for kind in kinds:
        accepted = set()
        try:
            for seat in range(n):
                for value in spaces[kind](e, seat):
                    action = Action(kind, seat, value)
                    if e.can(action):
                        accepted.add(action)
        except TooMany:
            skipped.add(kind)
        else:
            found |= accepted
    return found, skipped


@pytest.mark.parametrize("name,n,options,ruleset", CASES)
def test_legal_actions_are_the_brute_force(name: str, n: int, options: dict[str, str],
                                           ruleset: str) -> None:
    game: Game[Any] = all_games()[name]
    spaces = _spaces(name)
    rng = random.Random(20261124)
    rules = game.Rules(ruleset, options)
    carry = game.initial_carry(rules, n)
    dealer = 0
    steps = big = 0
    kinds_seen = set()
    for d in range(DEALS):
        e = game.random_deal(rng, n, dealer, rules, carry)
        while d == 0 and options and not any(e.can(Action("redeal", s)) for s in range(n)):
            e = game.random_deal(rng, n, dealer, rules, carry)   # start with a redeal hand
        assert set(spaces) == set(e.ACTIONS)
        while True:
            listed = list(e.legal_actions)
            kinds = e.ACTIONS if steps % EVERY == 0 else e.MOVES.get(e.phase, ())
            brute, skipped = _brute_force(e, n, spaces, kinds)
            skipped |= set(e.ACTIONS) - set(kinds)
            for a in listed:
                assert e.can(a), a
            # a declaration turn: the space holds the single statements (a listed pair is
            # checked by ``can`` above)
            shown = {a for a in listed if a.kind not in skipped
                     and (a.kind != "declare" or len(_said(a.value)) <= 1)}
            brute = {a for a in brute if a.kind != "declare" or len(_said(a.value)) <= 1}
            assert shown == brute, (e.phase, sorted(map(repr, shown ^ brute))[:6])
            big += bool(skipped & set(kinds))
            kinds_seen |= {a.kind for a in listed}
            seat = e.to_act
            for a in listed:
                if a.kind in e.MOVES.get(e.phase, ()) and a.kind not in e.BY:
                    assert a.seat == seat, (a, seat)
            steps += 1
            if e.is_over:
                assert e.to_act is None
                break
            e.apply(game.choose(e, rng))
        carry = game.next_carry(e, carry)
        dealer = game.next_dealer(e, dealer, n, {})
    assert steps > DEALS * 10 and big < steps // 20
    if options:
        assert "redeal" in kinds_seen


def test_every_phase_of_play_has_an_actor() -> None:
    """Each game's tables agree: a phase with kinds has an actor, or its kinds name their
    seats (``BY``), and every kind a phase lists is one of the game's actions."""
    for game in all_games().values():
        e = game.random_deal(random.Random(1), game.table_sizes[0], 0, game.Rules(),
                             game.initial_carry(game.Rules(), game.table_sizes[0]))
        for phase, kinds in e.MOVES.items():
            assert set(kinds) <= set(e.ACTIONS), (game.name, phase)
            assert phase in e.ACTOR or all(k in e.BY for k in kinds), (game.name, phase)
        assert set(e.ACTOR) <= set(e.MOVES), game.name
