"""The batched replay (``Game.replay_batched``: the auction and the declaration turns each one
``Batch``) against the one-action-at-a-time replay (``Game.replay``), for Cego, Carinthian and
Ulti (its auction: named suit, bids with their discards, passes).

The batches restate what ``engine.apply`` does per action (the value's shape, then the rules,
then the change) without building an Action and an Event per entry. This test holds the two
to the same verdicts: generated deals and copies with a mutated auction, exchange or
declaration list (a wrong seat, a seat that is no whole number, an unknown or another call, two
entries swapped, one missing, one repeated, items said or dropped) are validated once through
each replay, and the findings (code, place, sentence, severity) and scores must agree.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Callable, Iterator

import pytest

from tarockrec.games import Batch, Game, get
from tarockrec.generate import deal_records
from tarockrec.validate import validate_record

CASES = [("carinthian", 3), ("carinthian", 4), ("cego", 3), ("cego", 4), ("ulti", 3)]
DEALS = 25

Rec = dict[str, Any]
CALLS = {"carinthian": ["pass", "hold", "angesehen", "hinunter", "drei", "vier", "vierzig",
                        "solo", "bogus"],
         "cego": ["pass", "hold", "solo", "cego", "eine", "eine_leere", "zwei_leere",
                  "zwei_verschiedene", "pfeife", "piccolo", "bettel", "raeuber", "play_cego",
                  "bogus"],
         "ulti": ["pass", "bid", "bogus", 7]}
#: Ulti: what a bid entry's other fields may be changed to
ULTI_FIELDS: dict[str, list[Any]] = {
    "contract": ["S.simple", "H.simple", "S.40-100", "H.ulti", "betli", "redurchmars", "bogus",
                 "simple", 3],
    "discard": [[], ["SA"], ["SA", "SA"], ["ZZ", "SA"], "SA", [1, 2], None],
    "suit": ["S", "H", "X", "s", None, 1],
}
SAYS = ["kontra", "retour", "zahle", "pagat", "uhu", "kike", "valat", "fuenfzig",
        "kontra:valat", "retour:valat", "kontra:pagat", "kontra:uhu", "retour:game", "bogus"]


def _outcome(game: Game[Any], rec: Rec, batched: bool,
             monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    with monkeypatch.context() as m:
        if not batched:   # the validator takes replay_batched: give it the per-action steps
            m.setattr(game, "replay_batched", game.replay)
        rep = validate_record(copy.deepcopy(rec))
    return ([(f.code, f.pointer, f.message, f.severity) for f in rep.findings],
            [s.deltas if s is not None else None for s in rep.scores])


def _list_mutations(entries: list[Rec], n: int, values: list[Any], key: str,
                    rng: random.Random) -> Iterator[list[Rec]]:
    """Copies of a list of ``{"seat", key}`` entries with one thing changed."""
    if not entries:
        yield [{"seat": 0, key: values[0]}]
        return
    k = len(entries)
    picks = sorted({0, k - 1, rng.randrange(k)})
    for i in picks:
        e = entries[i]
        for seat in ((e["seat"] + 1) % n, (e["seat"] - 1) % n, n, -1, True, "0", None, 1.0):
            out = copy.deepcopy(entries)
            out[i]["seat"] = seat
            yield out
        for v in rng.sample(values, min(4, len(values))):
            out = copy.deepcopy(entries)
            out[i][key] = copy.deepcopy(v)
            yield out
        out = copy.deepcopy(entries)
        del out[i]
        yield out
        out = copy.deepcopy(entries)
        out.insert(i, copy.deepcopy(entries[i]))
        yield out
        if i + 1 < k:
            out = copy.deepcopy(entries)
            out[i], out[i + 1] = out[i + 1], out[i]
            yield out
    out = copy.deepcopy(entries)
    out.append(copy.deepcopy(entries[-1]))
    yield out
    yield entries[:1]
    yield []


def _variants(rec: Rec, name: str, rng: random.Random) -> Iterator[Rec]:
    n = len(rec["players"])
    yield rec
    for auction in _list_mutations(rec.get("auction", []), n, CALLS[name], "call", rng):
        yield dict(rec, auction=auction)
    if name == "carinthian":
        says: list[Any] = [[], *([x] for x in SAYS), ["pagat", "uhu"], ["kontra", "kontra"],
                           "kontra", [1]]
        turns = rec.get("declarations", [])
        for decl in _list_mutations(turns, n, says, "say", rng):
            yield dict(rec, declarations=decl)
        for i, turn in enumerate(turns):           # every turn with an item added / dropped
            for change in (lambda s: s + [rng.choice(SAYS)], lambda s: s[1:]):
                m = copy.deepcopy(rec)
                m["declarations"][i]["say"] = change(list(turn["say"]))
                yield m
    if name == "ulti":
        for i, entry in enumerate(rec.get("auction", [])):
            for key, values in ULTI_FIELDS.items():
                for v in rng.sample(values, 3) + ([None] if key in entry else []):
                    m = copy.deepcopy(rec)
                    if v is None and key in entry:
                        del m["auction"][i][key]
                    else:
                        m["auction"][i][key] = copy.deepcopy(v)
                    yield m
    ex = rec.get("exchange")
    if ex:                       # the exchange between the batches: another step changed
        for key in list(ex):
            m = copy.deepcopy(rec)
            del m["exchange"][key]
            yield m
        if "take" in ex:
            yield dict(rec, exchange=dict(ex, take="b" if ex["take"] == "a" else "a"))
    if "exchange" in rec:
        yield {k: v for k, v in rec.items() if k != "exchange"}


def _records(name: str, n: int) -> list[Rec]:
    return list(deal_records(name, DEALS, seed=1000 + n, n=n))


@pytest.mark.parametrize("name,n", CASES)
def test_batched_replay_same_verdicts(name: str, n: int,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    game = get(name)
    assert game is not None
    rng = random.Random(f"batches/{name}/{n}")
    seen: set[str] = set()
    checked = 0
    for rec in _records(name, n):
        for variant in _variants(rec, name, rng):
            slow = _outcome(game, variant, False, monkeypatch)
            fast = _outcome(game, variant, True, monkeypatch)
            assert fast == slow, (variant.get("auction"), variant.get("declarations"))
            seen.update(code for code, *_ in slow[0])
            checked += 1
    assert checked > 500
    # the mutations reach the rules, not just the schema
    prefix = {"carinthian": "CA", "cego": "CE", "ulti": "UL"}[name]
    assert len({c for c in seen if c.startswith(prefix)}) >= 8, sorted(seen)
    assert "ACTION-VALUE" in seen or "REC-SCHEMA" in seen


@pytest.mark.parametrize("name,n", CASES)
def test_batched_replay_is_batched(name: str, n: int) -> None:
    """The batched replay gives one step for the whole auction (and the declarations but
    Ulti's), and the engine it leaves is the one the one-by-one replay leaves."""
    game = get(name)
    assert game is not None
    for rec in _records(name, n)[:20]:
        rules = game.rules(rec.get("rules"))
        engines = []
        for replay in (game.replay, game.replay_batched):  # type: ignore[attr-defined]
            engine, _ = game.make_engine(rules, n, rec["dealer"], rec["deal"],
                                         game.initial_carry(rules, n))
            assert engine is not None
            places = []
            run: Callable[[Any], Any]
            for place, step in replay(rec, engine):
                places.append(place)
                run = (lambda s: s.run()) if isinstance(step, Batch) else engine.apply
                run(step)
            engines.append((engine, places))
        (slow, slow_places), (fast, fast_places) = engines
        assert game.record_of(fast) == game.record_of(slow)
        assert fast.score() == slow.score()
        assert "/auction" in fast_places
        assert not any(p.startswith("/auction/") and p != f"/auction/{len(rec['auction'])}"
                       for p in fast_places)
        if name != "ulti":      # Ulti's declarations go with their cards, one by one
            assert not any(p.startswith("/declarations/") for p in fast_places)


def test_call_events_interned_by_type() -> None:
    """A call's Event is shared per (seat, call); a seat that is not a whole number (``True``
    equals 1 as a key) gets its own, so the finding about it still names it."""
    from tarockrec.engine import call_event
    assert call_event(1, "pass") is call_event(1, "pass")
    assert call_event(1, "pass").action == ("call", 1, "pass")
    odd = call_event(True, "pass").action
    assert odd.seat is True and odd is not call_event(1, "pass").action
