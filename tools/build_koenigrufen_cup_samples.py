#!/usr/bin/env python3
"""Build the Königrufen records of the Tarockcup rule sets (samples/koenigrufen/valid/cup-*.json).

Reproducible like tools/build_koenigrufen_samples.py (whose dealing and play search it uses):
the cards that matter are placed by hand, the rest filled from a seeded generator, the calls
given, the play searched among the engine's legal cards with the deal's facts as a filter.
The expected scores live in tests/test_koenigrufen_cup.py, computed there by hand from
rules/koenigrufen.md §7.2; this script only checks that the deal has the facts it is meant to
show (which items score), never the amounts.

Usage:  PYTHONPATH=. python tools/build_koenigrufen_cup_samples.py [--only NAME ...]
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
sys.path.insert(0, str(ROOT / "tools"))

from build_koenigrufen_samples import (  # noqa: E402
    ALL, PLAYERS, fill, run_calls, search_play,
)

from tarockrec import games  # noqa: E402
from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.errors import IllegalAction  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

G = games.get("koenigrufen")
assert G is not None
OUT = ROOT / "samples" / "koenigrufen" / "valid"
TAROCKS = [c for c in ALL if c[0] == "T"]
SUITS = [c for c in ALL if c[0] != "T"]
KINGS = ["SK", "CK", "HK", "DK"]
MS3 = [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass")]


def items_of(e: Any) -> set[str]:
    return {it.name for it in e.score().items}


def rescored_items(rec: dict[str, Any], rules: dict[str, Any],
                   auction: list[tuple[int, str]] | None = None) -> set[str]:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    rec["rules"] = rules
    if auction is not None:
        rec["auction"] = [{"seat": s, "call": c} for s, c in auction]
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    return {it.name for it in rep.scores[0].items}


def make(name: str, seed: int, rules: dict[str, Any], dealer: int, fixed: dict,
         allow: dict | None, calls: dict, final: Callable[[Any], bool],
         also_default: set[str] | None = None, deals: int = 200,
         policy: Callable | None = None, check: Callable | None = None,
         default_auction: list[tuple[int, str]] | None = None) -> dict[str, Any]:
    """Seeded deals until the calls are legal and a play has the facts ``final`` asks for
    (and, with ``also_default``, the same record scores exactly those items under the default
    rule set — with ``default_auction`` in place of its auction where the cup's contract order
    needs other calls)."""
    g_rules = G.rules(rules)
    rng = random.Random(seed)
    for _ in range(deals):
        try:
            hands, talon = fill(rng, fixed, allow)
        except ValueError:
            continue
        e, found = G.make_engine(g_rules, 4, dealer, {"hands": hands, "talon": talon},
                                 {"doubling": 0})
        assert e is not None and not found, found
        try:
            run_calls(e, rng=rng, **calls)
        except IllegalAction as err:
            print(f"  {name}: {err.code} {err.message}", file=sys.stderr)
            continue
        got = search_play(e, rng, check=check, final=final, policy=policy, budget=3000,
                          restarts=6)
        if got is None:
            continue
        rec: dict[str, Any] = {"tarockrec": 1, "game": "koenigrufen", "rules": dict(rules),
                               "players": list(PLAYERS), "dealer": dealer}
        rec.update(G.record_of(got))
        rec["result"] = got.score().result()
        if also_default is not None and rescored_items(
                rec, {"name": "default"}, default_auction) != also_default:
            continue
        return rec
    raise SystemExit(f"{name}: no deal found")


CUP = {"name": "tarockcup_austria"}
SAMPLES: dict[str, Callable[[], dict[str, Any]]] = {}


def sample(name: str) -> Callable[[Callable[[], dict[str, Any]]], Callable[[], dict[str, Any]]]:
    def deco(f: Callable[[], dict[str, Any]]) -> Callable[[], dict[str, Any]]:
        SAMPLES[name] = f
        return f
    return deco


def won_by(seat_set: frozenset[int]) -> Callable[[Any], bool]:
    return lambda e: e.score().deltas[min(seat_set)] > 0


@sample("cup-rufer-won")
def rufer() -> dict[str, Any]:
    # forehand 0 plays a Rufer, calls HK (seat 2): only the contract item scores, under the
    # cup and under the default (no silent bonus, no capture)
    return make("cup-rufer-won", 101, CUP, 3,
                {0: "T22 T21 T20 T19 T18 T17 T16".split(), 2: ["HK", "T15", "T14"]},
                {"lower": lambda c: c[0] != "T" and c not in KINGS},
                dict(auction=MS3 + [(0, "rufer")], king="HK", take="lower",
                     decls=[(1, []), (2, []), (3, []), (0, [])]),
                final=lambda e: items_of(e) == {"contract"} and e.score().deltas[0] > 0,
                also_default={"contract"})


@sample("cup-farbendreier-won")
def farbendreier() -> dict[str, Any]:
    # seat 1 plays a Farbendreier with the kings and queens; the lower half holds three
    # tarocks, which he must discard (§7.2 "tarocks discarded first")
    hand = "SK SQ SN CK CQ CN HK HQ HN DK DQ DN".split()
    return make("cup-farbendreier-won", 202, CUP, 3,
                {1: hand, "lower": ["T5", "T6", "T7"]}, None,
                dict(auction=[(0, "mein_spiel"), (1, "farbendreier"), (2, "pass"), (3, "pass"),
                              (0, "pass")], take="lower", discard=["T5", "T6", "T7"],
                     decls=[(2, []), (3, []), (0, []), (1, [])]),
                final=lambda e: items_of(e) == {"contract"} and e.score().deltas[1] > 0)


@sample("cup-sechserdreier-lost")
def sechserdreier() -> dict[str, Any]:
    # forehand 0 plays a Sechserdreier with a weak hand and loses it (§7.2: 4, lost 8). The
    # cup's order (contract_order = oe2023): the Sechserdreier is forehand's first word, the
    # others pass; under the seed it is forehand's free choice after Mein Spiel and three passes
    return make("cup-sechserdreier-lost", 303, CUP, 3,
                {1: "T22 T21 T20 T19 SK".split(), 2: "T18 T17 T16 CK".split(),
                 3: "T15 T14 T13 HK DK".split()},
                {0: lambda c: c[0] != "T" and c not in KINGS},
                dict(auction=[(0, "sechserdreier"), (1, "pass"), (2, "pass"), (3, "pass")],
                     take="all", decls=[(1, []), (2, []), (3, []), (0, [])]),
                final=lambda e: items_of(e) == {"contract"} and e.score().deltas[0] < 0,
                also_default={"contract"}, default_auction=MS3 + [(0, "sechserdreier")])


def dreier_with(name: str, seed: int, say: list[str], want: set[str],
                hand: list[str], fixed: dict | None = None) -> dict[str, Any]:
    return make(name, seed, CUP, 3, {1: hand, **(fixed or {})},
                {"lower": lambda c: c[0] != "T" and c not in KINGS},
                dict(auction=[(0, "mein_spiel"), (1, "dreier"), (2, "pass"), (3, "pass"),
                              (0, "pass")], take="lower",
                     decls=[(2, []), (3, []), (0, []), (1, say), (2, []), (3, []), (0, [])]
                     if say else [(2, []), (3, []), (0, []), (1, [])]),
                final=lambda e: items_of(e) == want and _bonus_to_declarer(e),
                policy=_strong_declarer, check=_quapil_check if "quapil" in want else None)


def _bonus_to_declarer(e: Any) -> bool:
    return all(it.deltas[1] > 0 for it in e.score().items if it.name != "contract")


def _strong_declarer(e: Any, seat: int, card: str) -> float:
    """Seat 1 leads his highest tarocks, the IV in trick 9; the others play at random."""
    if seat != 1:
        return 0.0
    if card == "T4":
        return -100.0 if len(e.table.tricks) == 8 else 100.0
    return -int(card[1:]) if card[0] == "T" else 50.0


def _quapil_check(e: Any, n: int) -> bool:
    from tarockrec.games.koenigrufen.contracts import T4
    if n < 9:
        return T4 not in e.table.played_by
    if n == 9:
        return bool(e.table.winning_card(9) == T4)
    return True


#: the IV and eight high tarocks, three low suit cards; the Sküs with seat 0 (so that the Trull
#: is split); the contract may be won or lost, the Quapil is the declarer's
QUAPIL_HAND = "T4 T21 T20 T19 T18 T17 T16 T15 T14 S7 C7 H4".split()
QUAPIL_FIXED: dict = {0: ["T22"]}


@sample("cup-dreier-silent-quapil")
def silent_quapil() -> dict[str, Any]:
    # seat 1 wins a Dreier and his tarock IV wins trick 9 without an announcement
    return dreier_with("cup-dreier-silent-quapil", 404, [], {"contract", "quapil"}, QUAPIL_HAND,
                       QUAPIL_FIXED)


@sample("cup-dreier-announced-quapil")
def announced_quapil() -> dict[str, Any]:
    # the same with the Quapil announced by the declarer (reserved for trick 9, §5.6)
    return dreier_with("cup-dreier-announced-quapil", 505, ["quapil"], {"contract", "quapil"},
                       QUAPIL_HAND, QUAPIL_FIXED)


@sample("cup-dreier-announced-valat")
def announced_valat() -> dict[str, Any]:
    # seat 1 holds the twelve highest tarocks, announces Valat and takes every trick; all
    # cards end in his pile, so the silent Trull and Four Kings score beside it (G26 default)
    hand = "T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 T22".split()
    return dreier_with("cup-dreier-announced-valat", 606, ["valat"],
                       {"valat", "trull", "four_kings"}, hand)


@sample("cup-bettel-individual-kontra")
def bettel() -> dict[str, Any]:
    # seat 1 plays a Bettel; seats 2 and 3 each kontra for themselves, the declarer answers
    # seat 2's with a rekontra (G39, tarockcup.at Allgemeines bullet 5); seat 0 does not kontra
    low = {"S7", "S8", "S9", "C7", "C8", "C9", "H4", "H3", "H2", "D4", "D3", "D2", "T2", "T3"}
    return make("cup-bettel-individual-kontra", 707, CUP, 3, {}, {1: lambda c: c in low},
                dict(auction=[(0, "mein_spiel"), (1, "bettel"), (2, "pass"), (3, "pass"),
                              (0, "pass")],
                     decls=[(2, ["kontra"]), (3, ["kontra"]), (0, []), (1, ["rekontra:seat2"]),
                            (2, []), (3, []), (0, [])]),
                final=lambda e: e.table.count[1] == 0)


@sample("cup-solorufer-over-bettel")
def solorufer_over_bettel() -> dict[str, Any]:
    # the cup's order (contract_order = oe2023: Piccolo < Bettel < Solorufer): seat 2 bids a
    # Solorufer over seat 1's Bettel (under the seed, Solorufer < Bettel, refused), calls CK
    # (seat 0), and the pair wins with the contract the only item
    return make("cup-solorufer-over-bettel", 808, CUP, 3,
                {2: "T22 T21 T20 T19 T18 T17 T16 T15 SK HK".split(), 0: ["CK", "T14", "T13"]},
                None,
                dict(auction=[(0, "mein_spiel"), (1, "bettel"), (2, "solorufer"), (3, "pass"),
                              (0, "pass"), (1, "pass")], king="CK",
                     decls=[(3, []), (0, []), (1, []), (2, [])]),
                final=lambda e: items_of(e) == {"contract"} and e.score().deltas[2] > 0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    for name, build in SAMPLES.items():
        if args.only and name not in args.only:
            continue
        rec = build()
        (OUT / f"{name}.json").write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")
        print(f"{name}: {rec['result']['scores']}")


if __name__ == "__main__":
    main()
