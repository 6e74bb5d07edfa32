"""The Königrufen replay's fast paths against the checked per-action path.

``KoenigrufenEngine.apply`` accepts the common legal call and a silent declaration turn from
the rule set's ``Plan`` (and ``play_tricks`` whole tricks); everything else goes through
``verify_x`` / ``_apply_x``. The validator replays through ``replay_batched`` (the auction and the
declarations as one ``Batch`` step each). These tests force the per-action checked path
(``DeclaringEngine.apply``) and demand the same findings (code, pointer, sentence) and the same
scores, on generated records and on records with their auction, exchange and declarations
mutated."""
from __future__ import annotations

import copy
import itertools
import random
from typing import Any, Iterator

import pytest

from conftest import replayed
from tarockrec import games
from tarockrec.engine import Action, DeclaringEngine
from tarockrec.generate import deal_records
from tarockrec.games.koenigrufen.contracts import PACK
from tarockrec.games.koenigrufen.engine import KoenigrufenEngine
from tarockrec.validate import validate_record

G = games.get("koenigrufen")
assert G is not None

#: rule sets whose auction or declarations differ (holds, hand limits, the oe2023 ladder and
#: round, the cup's individual misère kontra, the Besserrufer's first-turn bird)
RULES: list[dict[str, Any] | None] = [
    None,
    {"name": "ooe_2023"},
    {"name": "tarockcup_austria"},
    {"name": "default", "options": {"hold_right": "forehand_only",
                                    "four_kings_forbid_king_call": "on",
                                    "besserrufer_bird_in_hand": "on",
                                    "besserrufer_announcement_timing": "first_turn"}},
    {"name": "default", "options": {"bird_announcement_requires_card": "on",
                                    "declaration_end_rule": "literal_three_passes"}},
]


def _records(block: dict[str, Any] | None, n: int, seed: int) -> list[dict[str, Any]]:
    rules = G.rules(block)
    return list(deal_records("koenigrufen", n, seed, rules=rules))


def _outcome(rec: dict[str, Any]) -> tuple[Any, ...]:
    r = validate_record(rec)
    return ([(f.code, f.pointer, f.message, f.severity) for f in r.findings],
            [None if s is None else (s.items, s.deltas, s.facts) for s in r.scores])


def _swapped(rec: dict[str, Any], a: tuple[int, int], b: tuple[int, int]) -> dict[str, Any]:
    """A copy of ``rec`` with the cards at play places ``a`` and ``b`` (trick, index) swapped."""
    m = copy.deepcopy(rec)
    (ta, ja), (tb, jb) = a, b
    m["play"][ta][ja], m["play"][tb][jb] = m["play"][tb][jb], m["play"][ta][ja]
    return m


def _as_card_by_card(records: list[dict[str, Any]],
                     monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Each record's outcome, asserted equal to its outcome with the whole-trick paths off."""
    from tarockrec.engine import TrickEngine
    shipped = [_outcome(r) for r in records]
    with monkeypatch.context() as m:
        m.setattr(TrickEngine, "_play_plain", lambda self, *a, **k: 0)
        m.setattr(KoenigrufenEngine, "_play_masks", lambda self, *a, **k: 0)
        slow = [_outcome(r) for r in records]
    for rec, a, b in zip(records, shipped, slow):
        assert a == b, rec["play"]
    return shipped


def _per_action(m: pytest.MonkeyPatch) -> None:
    """The validator's replay one action at a time (not the auction and the declarations as
    ``Batch`` steps, as it takes them by default)."""
    m.setattr(type(G), "replay_batched", lambda self, rec, e: type(G).replay(self, rec, e))


def _slow_outcomes(recs: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The outcomes with every action, one at a time, through the checked path."""
    with monkeypatch.context() as m:
        _per_action(m)
        m.setattr(KoenigrufenEngine, "apply", DeclaringEngine.apply)
        return [_outcome(r) for r in recs]


def _per_action_outcomes(recs: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The outcomes with the actions one at a time (the engine's fast ``apply`` kept); the
    validator's own (``_outcome``) takes the auction and declarations as ``Batch`` steps."""
    with monkeypatch.context() as m:
        _per_action(m)
        return [_outcome(r) for r in recs]


CALLS = ("pass", "hold", "mein_spiel", "rufer", "trischaken", "piccolo", "sechserdreier",
         "solorufer", "besserrufer", "bettel", "dreier", "piccolo_ouvert", "farbendreier",
         "bettel_ouvert", "farbensolo", "solodreier", "bogus")
SAYS: tuple[list[str], ...] = ([], ["kontra"], ["rekontra"], ["pagat"], ["valat"], ["partner"],
                               ["pagat", "not_partner"], ["kontra", "partner"], ["bogus"],
                               ["kontra:pagat"])


def _entry_mutations(rec: dict[str, Any], key: str, field: str,
                     values: tuple[Any, ...]) -> Iterator[dict[str, Any]]:
    """``rec`` with one entry of the list ``key`` changed: another seat, another ``field``
    value, left out, given twice, swapped with the next."""
    entries = rec.get(key) or []
    for i, entry in enumerate(entries):
        for s in (0, 1, 2, 3, 4):
            if s != entry["seat"]:
                out = copy.deepcopy(rec)
                out[key][i]["seat"] = s
                yield out
        for v in values:
            if v != entry[field]:
                out = copy.deepcopy(rec)
                out[key][i][field] = copy.deepcopy(v)
                yield out
        out = copy.deepcopy(rec)
        del out[key][i]
        yield out
        out = copy.deepcopy(rec)
        out[key].insert(i, copy.deepcopy(entry))
        yield out
        if i + 1 < len(entries):
            out = copy.deepcopy(rec)
            out[key][i], out[key][i + 1] = out[key][i + 1], out[key][i]
            yield out


def _exchange_mutations(rec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    ex = rec.get("exchange")
    if not ex:
        return
    for key, value in (("king", "SK"), ("king", "T1"), ("take", "upper"), ("take", "all"),
                       ("take", "lower")):
        out = copy.deepcopy(rec)
        out["exchange"][key] = value
        yield out
    for key in list(ex):
        out = copy.deepcopy(rec)
        del out["exchange"][key]
        yield out
    discard = ex.get("discard")
    if discard:
        # another card for the first one: each kind of card in the deal (a tarock, a king, the
        # trull, a card of another hand or of the untaken half), a repeat, one too few / many
        dealt = [c for hand in rec["deal"]["hands"] for c in hand]
        dealt += [c for half in rec["deal"]["talon"] for c in half]
        for card in dealt[::3] + ["T1", "T21", "SK", "T10", "XX", discard[1]]:
            out = copy.deepcopy(rec)
            out["exchange"]["discard"][0] = card
            yield out
        for cards in (discard[:-1], discard + [discard[0]], discard + ["T2"]):
            out = copy.deepcopy(rec)
            out["exchange"]["discard"] = cards
            yield out


@pytest.mark.parametrize("block", RULES, ids=lambda b: "default" if b is None else
                         b["name"] + ("+options" if b.get("options") else ""))
def test_generated_records_agree(block: dict[str, Any] | None,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    recs = _records(block, 60, 7)
    fast = [_outcome(r) for r in recs]
    assert all(not f for f, _ in fast), fast
    assert fast == _slow_outcomes(recs, monkeypatch)
    assert fast == _per_action_outcomes(recs, monkeypatch)


@pytest.mark.parametrize("block", RULES, ids=lambda b: "default" if b is None else
                         b["name"] + ("+options" if b.get("options") else ""))
def test_mutated_records_agree(block: dict[str, Any] | None,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    recs = _records(block, 6, 11)
    mutated: list[dict[str, Any]] = []
    for rec in recs:
        mutated += _entry_mutations(rec, "auction", "call", CALLS)
        mutated += _entry_mutations(rec, "declarations", "say", SAYS)
        mutated += _exchange_mutations(rec)
    fast = [_outcome(r) for r in mutated]
    assert sum(1 for f, _ in fast if f) > len(mutated) // 2   # most mutations are findings
    slow = _slow_outcomes(mutated, monkeypatch)
    per_action = _per_action_outcomes(mutated, monkeypatch)
    for rec, a, b, c in zip(mutated, fast, slow, per_action):
        assert a == b == c, (rec, a, b, c)


@pytest.mark.parametrize("block", RULES, ids=lambda b: "default" if b is None else
                         b["name"] + ("+options" if b.get("options") else ""))
def test_fast_accept_implies_verify(block: dict[str, Any] | None) -> None:
    """Every call (and discard) the fast path accepts, by any seat, in every auction (and
    discard) state the generated deals pass through, is one ``verify_call``
    (``verify_discard``) accepts; and applied either way it gives the same event and the same
    engine state."""
    rules = G.rules(block)
    rng = random.Random(8)
    fast_accepted = kontras = 0
    for rec in _records(block, 40, 3):
        e, found = G.make_engine(rules, 4, rec["dealer"], rec["deal"], {"doubling": 0})
        slow, _ = G.make_engine(rules, 4, rec["dealer"], rec["deal"], {"doubling": 0})
        assert e is not None and slow is not None and not found
        for _, step in G.replay(rec, e):
            if not isinstance(step, Action):
                break
            if e.phase in ("auction", "choose"):
                for seat in range(4):
                    for call in CALLS:
                        if e._call_fits(seat, call):
                            e.verify_call(seat, call)
            if e.phase == "declare":
                for seat in range(4):
                    for say in SAYS:
                        if e._kontra_fits(seat, tuple(say)):
                            e.verify_declare(seat, tuple(say))
                            kontras += 1
            if e.phase == "discard":
                held = PACK.codes_of(e.hands[e.declarer])
                others = PACK.codes_of(sum(e.hands) & ~e.hands[e.declarer]
                                       | e.talon[0] | e.talon[1])
                tries = list(itertools.islice(e.legal_discards(), 20))
                tries += [tuple(rng.sample(held, k)) for k in (2, 3, 3, 3, 3, 4, 6, 6)]
                tries += [(held[0], held[0], held[1]), (held[0], others[0], held[1])]
                tries += [tuple(rng.sample(PACK.codes_of(e.hands[s]), 3)) for s in range(4)]
                for cards in tries:
                    for seat in range(4):
                        mask = e._discard_fits(seat, cards)
                        if mask:
                            e.verify_discard(seat, cards)
                            assert mask == PACK.mask(cards)
                            fast_accepted += 1
            assert e.apply(step) == DeclaringEngine.apply(slow, step)
            assert (e.phase, e.to_act, e.calls, e.turns, e.declarer, e.contract,
                    e.auction.calls, e.round.turns, e.round.spoke, e.round.turn) == (
                slow.phase, slow.to_act, slow.calls, slow.turns, slow.declarer, slow.contract,
                slow.auction.calls, slow.round.turns, slow.round.spoke, slow.round.turn)
        assert G.record_of(e) == G.record_of(slow)
    assert fast_accepted > 10
    assert kontras > 0 or block in (RULES[1], RULES[2])    # oe2023 and the cup: checked path


def test_fast_declare_list_value_event() -> None:
    """A silent turn given as a list: the event holds the tuple, as the checked path's does."""
    rules = G.rules(None)
    for rec in _records(None, 30, 5):
        e, _ = G.make_engine(rules, 4, rec["dealer"], rec["deal"], {"doubling": 0})
        assert e is not None
        for _, step in G.replay(rec, e):
            if not isinstance(step, Action):
                break
            if step.kind == "declare" and not step.value and e.phase == "declare":
                ev = e.apply(Action("declare", step.seat, []))
                assert ev.action == Action("declare", step.seat, ())
                assert type(ev.action.value) is tuple
                return
            e.apply(step)
    raise AssertionError("no silent declaration turn met")


@pytest.mark.parametrize("options", [{}, {"forced_bird_order": "highest_first"},
                                     {"reservation_binds": "announcer"},
                                     {"reservation_rule": "soft"},
                                     {"misere_overtake": "literal"},
                                     {"pagat_last_tarock_in_misere": "on"},
                                     {"farbensolo_tarock_lead": "only_without_suit_cards"}])
def test_whole_tricks_agree_with_card_by_card(options: dict[str, Any],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``play_tricks``'s whole-trick path (§5.2, misère §5.4, one reserved card held back,
    §5.6) against the card-by-card path: generated deals, and copies in which one seat (the
    holder of a reserved card, else one at random) plays two of its cards the other way round
    (every card stays in hand: only the rules of play can refuse the swap)."""

    rng = random.Random(str(options))
    rules = G.rules({"name": "default", "options": options})
    records: list[dict[str, Any]] = []
    for rec in deal_records("koenigrufen", 200, 17, rules=rules):
        e = replayed(G, rec, rules, {"doubling": 0})
        records.append(rec)
        if e.table is None or not e.table.tricks:
            continue
        if e._reserved:
            (seat, held), *_ = e._reserved.items()
            card = held[0][0]
        else:
            seat = rng.randrange(4)
            card = -1
        places = {c: (t, j) for t, (_, cards, seats, _) in enumerate(e.table.tricks)
                  for j, c in enumerate(cards) if seats[j] == seat}
        if card not in places:
            card = max(places, key=lambda c: places[c])      # its card of the last trick
        ta, ja = places[card]
        others = [c for c in places if c != card]
        for c in rng.sample(others, min(4, len(others))):
            records.append(_swapped(rec, (ta, ja), places[c]))
    shipped = _as_card_by_card(records, monkeypatch)
    assert sum(1 for f, _ in shipped if not f) > 150 and sum(1 for f, _ in shipped if f) > 150


@pytest.mark.parametrize("options", [{}, {"forced_bird_order": "highest_first"},
                                     {"reservation_binds": "announcer"},
                                     {"reservation_rule": "soft"}])
def test_reserved_card_whole_tricks(options: dict[str, Any],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Deals with an announced bird or King Ultimo (§5.6): the whole-trick path that holds
    the reserved card back gives the card-by-card findings, also when the holder plays the
    card (or another) in other tricks."""
    block = {"name": "default", "options": options}
    rules = G.rules(block)
    records: list[dict[str, Any]] = []
    for rec in deal_records("koenigrufen", 600, 17, rules=rules):
        e = replayed(G, rec, rules, {"doubling": 0})
        if not e._reserved or e.table is None:
            continue
        records.append(rec)
        # the holder's cards, each swapped with the reserved card (every card stays in hand)
        (seat, held), *_ = e._reserved.items()
        card = held[0][0]
        places = {c: (t, j) for t, (_, cards, seats, _) in enumerate(e.table.tricks)
                  for j, c in enumerate(cards) if seats[j] == seat}
        if card not in places:
            continue
        ta, ja = places[card]
        for c, (tb, jb) in places.items():
            if c != card:
                records.append(_swapped(rec, (ta, ja), (tb, jb)))
    assert len(records) > 60
    shipped = _as_card_by_card(records, monkeypatch)
    assert sum(1 for f, _ in shipped if not f) > 20 and sum(1 for f, _ in shipped if f) > 20
