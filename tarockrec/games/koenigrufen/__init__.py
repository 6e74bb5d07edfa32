"""Königrufen: docs/rules/koenigrufen.md; notation per its Appendix C and docs/notation.md."""
from __future__ import annotations

import random
from functools import partial
from typing import Any, Iterator, Mapping

from ...dealing import composition
from ...engine import Action
from ...errors import IllegalAction
from ...findings import Finding
from .. import (Batch, Game, Step, batch_or_steps, call_action, declare_action,
                 entry_steps, mapping, register)
from ...rules import RuleSet
from .codes import CODES
from ...scoring import Score
from .contracts import BIRD_CARD, KING_MASK, PACK, TAROCK_MASK
from .engine import KoenigrufenEngine, next_doubling, of_engine, tariff
from .outcome import parse, reachable, to_outcome
from .five import ENGINE_DEALER, FIVE, FiveEngine, SeatMap, seat_map
from .rules import KoenigrufenRules
from .scoring import doubling_after, period_multiplier, score_facts

N = 4
#: the places of the dealt cards
_HAND_PTRS = tuple(f"/deal/hands/{s}" for s in range(N))
_HAND_PTRS_FIVE = tuple(f"/deal/hands/{s}" for s in range(FIVE))
_TALON_PTRS = ("/deal/talon/0", "/deal/talon/1")
#: the cards dealt to each place (§2.2)
_HAND_SIZES = (12,) * N
_HALF_SIZES = (3, 3)
#: at five, by dealer: the cards dealt to each seat (the dealer none, §2.2 for the others)
_FIVE_SIZES = tuple(tuple(0 if s == dealer else 12 for s in range(FIVE)) for dealer in range(FIVE))


def deal_from_deck(deck: list[int], dealer: int, order: str) -> tuple[list[list[int]], list[list[int]]]:
    """§2.2: talon halves and hands from the deck (top first) by the dealing procedure."""
    f = (dealer + 1) % N
    seats = [(f + i) % N for i in range(N)]
    hands: list[list[int]] = [[] for _ in range(N)]
    if order == "talon_first":
        talon = [deck[0:3], deck[3:6]]
        rest = deck[6:]
        packets = [rest[i * 6:(i + 1) * 6] for i in range(8)]
    else:  # talon_between: 6 each, the two halves, 6 each
        packets = [deck[i * 6:(i + 1) * 6] for i in range(4)]
        talon = [deck[24:27], deck[27:30]]
        packets += [deck[30 + i * 6:30 + (i + 1) * 6] for i in range(4)]
    for i, packet in enumerate(packets):
        hands[seats[i % N]].extend(packet)
    return hands, talon


def _deck_with_redeal_hand(rng: random.Random, deck: list[int], dealer: int,
                           order: str) -> list[int]:
    """``deck`` rearranged so that one random seat is dealt only plain suit cards below the
    king (a hand that may demand a redeal, §2.3)."""
    places, _ = deal_from_deck(list(range(len(deck))), dealer, order)
    seat = rng.randrange(N)
    plain = [c for c in deck if not (TAROCK_MASK | KING_MASK) >> c & 1]
    hand = rng.sample(plain, len(places[seat]))
    rest = [c for c in deck if c not in hand]
    out = [-1] * len(deck)
    for place, card in zip(places[seat], hand):
        out[place] = card
    it = iter(rest)
    return [c if c >= 0 else next(it) for c in out]


#: the bird cards (T1–T4): the hand a score sheet's auction is replayed with
_BIRDS = sum(1 << card for card, _ in BIRD_CARD.values())


def _redealt(rec: dict[str, Any]) -> bool:
    """§2.3: the deal was redealt (a full record's ``end``, or a score sheet's outcome)."""
    return (mapping(rec.get("end")).get("type") == "redeal"
            or mapping(rec.get("outcome")).get("end") == "redeal")


#: a deal's engine: the four-seat engine, or at a table of five the same behind record seats
AnyEngine = KoenigrufenEngine | FiveEngine


def _inner(e: AnyEngine) -> KoenigrufenEngine:
    return e.inner if isinstance(e, FiveEngine) else e


class Koenigrufen(Game[AnyEngine]):
    name = "koenigrufen"
    title = "Königrufen"
    #: four, or five with the dealer sitting out each deal (five.py; docs/notation.md)
    table_sizes = (4, 5)
    pack = PACK
    Rules = KoenigrufenRules
    Engine = KoenigrufenEngine
    codes = CODES

    def make_engine(self, rules: RuleSet, n: int, dealer: int, deal: dict[str, Any],
                    carry: dict[str, Any]) -> tuple[AnyEngine | None, list[Finding]]:
        hands = deal.get("hands")
        talon = deal.get("talon")
        parts: list[tuple[str, Any, int | None]]
        if not isinstance(hands, list) or len(hands) != n:
            return None, [Finding("DEAL-COMPOSITION", "Königrufen deals four hands" if n == N
                                  else "a Königrufen deal at a table of five has five hands "
                                  f"(the dealer's, seat {dealer}, empty: he sits out)",
                                  "/deal/hands")]
        if not isinstance(talon, list) or len(talon) != 2:
            return None, [Finding("DEAL-COMPOSITION", "the talon is two halves of three cards "
                                  "(lower, upper)", "/deal/talon")]
        if n == FIVE:
            return self._make_five(rules, dealer, deal, hands, talon, carry)
        parts = [*zip(_HAND_PTRS, hands, _HAND_SIZES), *zip(_TALON_PTRS, talon, _HALF_SIZES)]
        findings, masks = composition(PACK, parts)
        if findings:
            return None, findings
        deck = deal.get("deck")
        if deck is not None:
            findings += self._check_deck(deck, dealer, hands, talon, str(rules.deal_order))
        assert isinstance(rules, KoenigrufenRules)
        engine = KoenigrufenEngine(rules, dealer, masks[:4], (masks[4], masks[5]),
                                   int(carry.get("doubling", 0)))
        return engine, findings

    def _make_five(self, rules: RuleSet, dealer: int, deal: dict[str, Any],
                   hands: list[Any], talon: list[Any],
                   carry: dict[str, Any]) -> tuple[AnyEngine | None, list[Finding]]:
        """A table of five: the sitting-out dealer is dealt nothing (five.py); the four-seat
        engine gets the four others' hands from forehand on."""
        parts: list[tuple[str, Any, int | None]] = [
            *zip(_HAND_PTRS_FIVE, hands, _FIVE_SIZES[dealer] if 0 <= dealer < FIVE else
                 (12,) * FIVE), *zip(_TALON_PTRS, talon, _HALF_SIZES)]
        findings, masks = composition(PACK, parts)
        if findings:
            return None, findings
        m = seat_map(dealer)
        deck = deal.get("deck")
        if deck is not None:
            findings += self._check_deck(deck, dealer, hands, talon, str(rules.deal_order), m)
        assert isinstance(rules, KoenigrufenRules)
        inner = KoenigrufenEngine(rules, ENGINE_DEALER, [masks[s] for s in m.active()],
                                  (masks[5], masks[6]), int(carry.get("doubling", 0)))
        return FiveEngine(inner, dealer), findings

    def _check_deck(self, deck: Any, dealer: int, hands: list[list[str]], talon: list[list[str]],
                    order: str, m: SeatMap | None = None) -> list[Finding]:
        found, _ = composition(PACK, [("/deal/deck", deck, 54)])
        if found:
            return found
        ids = [PACK.index[c] for c in deck]
        exp_hands, exp_talon = deal_from_deck(ids, ENGINE_DEALER if m else dealer, order)
        for i, name in enumerate(("lower", "upper")):
            if sorted(exp_talon[i]) != sorted(PACK.index[c] for c in talon[i]):
                return [Finding("DEAL-ORDER", f"the {name} talon half does not match the deck: "
                                f"the dealing order gives {' '.join(PACK.code(x) for x in exp_talon[i])}",
                                f"/deal/talon/{i}")]
        for k in range(N):
            s = m.rec(k) if m else k            # at five: dealt from forehand, dealer left out
            if sorted(exp_hands[k]) != sorted(PACK.index[c] for c in hands[s]):
                return [Finding("DEAL-ORDER", f"seat {s}'s hand does not match the deck and the "
                                "dealing order (§2.2)", f"/deal/hands/{s}")]
        return []

    def replay(self, rec: dict[str, Any], engine: AnyEngine) -> Iterator[Step]:
        return self._replay(rec, engine, False)

    def replay_batched(self, rec: dict[str, Any], engine: AnyEngine) -> Iterator[Step]:
        """``replay`` for the validator: the auction and the declaration turns each one
        ``Batch`` (the same checks and the same places)."""
        return self._replay(rec, engine, True)

    def _replay(self, rec: dict[str, Any], engine: AnyEngine,
                batched: bool) -> Iterator[Step]:
        """The recorded actions in the order the rules take them (at five in record seats:
        ``FiveEngine`` takes them so)."""
        # batched: each run one ``Batch`` (``batch_or_steps`` written out: no generator, and no
        # per-entry steps made and thrown away, on the validator's path)
        auction = rec.get("auction", [])
        if batched:
            yield "/auction", Batch(partial(engine.call_run, auction))
        else:
            yield from batch_or_steps("/auction", False, partial(engine.call_run, auction),
                                      entry_steps(auction, call_action))
        end = rec.get("end") or {}
        if end.get("type") == "redeal":
            yield "/end", Action("redeal", end.get("seat", -1))
        ex = rec.get("exchange") or {}
        conceded = end.get("type") == "concede"
        decl = engine.declarer if engine.declarer is not None else -1
        if "king" in ex:
            yield "/exchange/king", Action("king", decl, (ex["king"],
                                                          bool(ex.get("as_remaining_king"))))
        if conceded and "take" not in ex:   # §4.4: right after the exposure
            yield "/end", Action("concede", end.get("seat", -1))
            conceded = False
        if "take" in ex:
            yield "/exchange/take", Action("take", decl, ex["take"])
        if "discard" in ex:
            yield "/exchange/discard", Action("discard", decl, tuple(ex["discard"]))
        turns = rec.get("declarations", [])
        if batched:
            yield "/declarations", Batch(partial(engine.declare_run, turns))
        else:
            yield from batch_or_steps("/declarations", False, partial(engine.declare_run, turns),
                                      entry_steps(turns, declare_action))
        if conceded:                         # after the discard (or, illegally, later)
            yield "/end", Action("concede", end.get("seat", -1))
        if "play" in rec:
            yield "/play", Batch(partial(engine.play_tricks, rec["play"]))

    def record_of(self, e: AnyEngine) -> dict[str, Any]:
        if isinstance(e, FiveEngine):
            return e.map.record_fields(self.record_of(e.inner))
        lower, upper = e.talon
        rec: dict[str, Any] = {
            "deal": {"hands": [PACK.codes_of(h) for h in e.dealt],
                     "talon": [PACK.codes_of(lower), PACK.codes_of(upper)]},
            "auction": [{"seat": s, "call": c} for s, c in e.calls],
        }
        ex: dict[str, Any] = {}
        if e.called_king is not None:
            ex["king"] = PACK.code(e.called_king)
            if e.king_remaining:
                ex["as_remaining_king"] = True
        if e.taken is not None:
            ex["take"] = e.taken
        if e.discard_mask:
            ex["discard"] = PACK.codes_of(e.discard_mask)
        if ex:
            rec["exchange"] = ex
        if e.turns:
            rec["declarations"] = [{"seat": s, "say": list(say)} for s, say in e.turns]
        if e.table is not None and e.table.tricks:
            rec["play"] = [[PACK.code(c) for c in cards] for _, cards, _, _ in e.table.tricks]
        if e.redeal_seat is not None:
            rec["end"] = {"type": "redeal", "seat": e.redeal_seat}
        elif e.phase == "conceded":
            rec["end"] = {"type": "concede", "seat": e.declarer}
        return rec

    #: share of generated deals in which one seat is dealt a hand that may demand a redeal
    #: (no tarock, no king: §2.3), when the rules allow redeals; by chance it is 1 in ~2,000
    REDEAL_HAND_SHARE = 0.02

    def random_deal(self, rng: random.Random, n: int, dealer: int, rules: RuleSet,
                    carry: dict[str, Any]) -> AnyEngine:
        if n == FIVE:
            inner = self.random_deal(rng, N, ENGINE_DEALER, rules, carry)
            assert isinstance(inner, KoenigrufenEngine)
            return FiveEngine(inner, dealer)
        assert isinstance(rules, KoenigrufenRules)
        deck = list(range(len(PACK)))
        rng.shuffle(deck)
        if rules.redeal_no_king_no_tarock and rng.random() < self.REDEAL_HAND_SHARE:
            deck = _deck_with_redeal_hand(rng, deck, dealer, str(rules.deal_order))
        hands, talon = deal_from_deck(deck, dealer, str(rules.deal_order))
        masks = [sum(1 << c for c in h) for h in hands]
        return KoenigrufenEngine(rules, dealer, masks, (sum(1 << c for c in talon[0]),
                                                        sum(1 << c for c in talon[1])),
                                 int(carry.get("doubling", 0)))

    #: the generator's free choice after Mein Spiel: mostly Rufer, as at real tables
    CHOICE_WEIGHTS = {"rufer": 12, "trischaken": 2, "sechserdreier": 1}

    def card_points_total(self, engine: AnyEngine) -> int | None:
        engine = _inner(engine)
        # §1.4: any split of the whole pack into two piles counts 70. Misère contracts leave
        # the talon out of both piles and Trischaken counts per seat: no fixed total there.
        c = engine.contract
        if c is None or c.family in ("misere", "trischaken") or engine.phase != "done":
            return None
        return 70

    def choose(self, engine: AnyEngine, rng: random.Random) -> Action:
        """A random legal action, weighted so generated deals look like real ones: most
        players pass, bids climb one step at a time, few announcements and kontras."""
        if isinstance(engine, FiveEngine):
            return engine._out(self.choose(engine.inner, rng))
        e: KoenigrufenEngine = engine
        if e.phase == "discard":
            return Action("discard", e.declarer, rng.choice(list(e.legal_discards())))  # type: ignore[arg-type]
        every = list(e.legal_actions())
        # the rarer ways a deal goes, taken often enough to appear in a few thousand deals:
        # a redeal demand (§2.3) and a concession before or after the discard (§4.4)
        redeals = [a for a in every if a.kind == "redeal"]
        if redeals and rng.random() < 0.5:
            return rng.choice(redeals)
        concessions = [a for a in every if a.kind == "concede"]
        if concessions and rng.random() < 0.4:
            return concessions[0]
        actions = [a for a in every if a.kind not in ("redeal", "concede")] or every
        if e.phase == "choose":
            weights = [self.CHOICE_WEIGHTS.get(a.value, 1) for a in actions]
            return rng.choices(actions, weights)[0]
        if e.phase == "auction" and e.tariff.first_word_only and not e.calls:
            # contract_order = oe2023: forehand's Sechserdreier exists only as his first word;
            # name it now and then (the seed has no such call: nothing drawn there)
            first = [a for a in actions if a.value in e.tariff.first_word_only]
            if first and rng.random() < 0.05:
                return first[0]
        passes = [a for a in actions if (a.kind == "call" and a.value in ("pass", "mein_spiel"))
                  or (a.kind == "declare" and not a.value)]
        if passes and rng.random() < (0.85 if e.phase in ("declare", "auction") else 0.5):
            return passes[0]
        rest = [a for a in actions if a not in passes] or actions
        if e.phase == "auction":
            return rest[0] if rng.random() < 0.7 else rng.choice(rest)  # hold / lowest bid
        return rng.choice(rest)

    def initial_carry(self, rules: RuleSet, n: int) -> dict[str, Any]:
        return {"doubling": 0}

    def next_carry(self, engine: AnyEngine, carry: dict[str, Any]) -> dict[str, Any]:
        return {"doubling": next_doubling(_inner(engine))}

    def next_carry_sheet(self, rules: RuleSet, n: int, rec: dict[str, Any],
                         facts: dict[str, Any], carry: dict[str, Any]) -> dict[str, Any]:
        """§6.8 after a score sheet: its contract is the auction's, else the one written
        (in the outcome, else in the result)."""
        assert isinstance(rules, KoenigrufenRules)
        outcome = rec.get("outcome") or {}
        contract = (facts.get("contract") or outcome.get("contract")
                    or (rec.get("result") or {}).get("contract"))
        redealt = _redealt(rec)
        return {"doubling": doubling_after(int(carry.get("doubling", 0)), redealt,
                                           contract if isinstance(contract, str) else None,
                                           rules)}

    def next_dealer(self, engine: AnyEngine | None, dealer: int, n: int,
                    rec: dict[str, Any]) -> int:
        if engine is not None and engine.redeal_seat is not None:
            return dealer  # §2.3: the same dealer deals again
        if _redealt(rec):
            return dealer
        return (dealer + 1) % n

    def sitting_out(self, n: int, dealer: int, facts: Mapping[str, Any]) -> frozenset[int]:
        """At five the dealer sits out each deal (five.py; docs/notation.md, "Königrufen at
        five")."""
        return frozenset({dealer}) if n == FIVE else frozenset()

    # -- the outcome (docs/notation.md, "Königrufen outcome"; outcome.py) ------------------------
    def outcome(self, engine: AnyEngine) -> dict[str, Any]:
        if isinstance(engine, FiveEngine):
            return engine.map.outcome(to_outcome(of_engine(engine.inner)))
        return to_outcome(of_engine(engine))

    def score_outcome(self, outcome: dict[str, Any], rules: RuleSet, n: int, dealer: int,
                      carry: dict[str, Any]) -> tuple[list[Finding], Score | None]:
        """The written outcome checked (outcome.parse) and scored by the one scorer (at five
        in engine seats, the findings and the score back in record seats)."""
        assert isinstance(rules, KoenigrufenRules)
        if n == FIVE:
            m = SeatMap(dealer)
            found5: list[Finding] = []
            o4 = m.outcome_in(outcome, found5)
            if found5:
                return found5, None
            found4, score4 = self.score_outcome(o4, rules, N, ENGINE_DEALER, carry)
            return ([m.finding(f) for f in found4],
                    m.score(score4) if score4 is not None else None)
        t = tariff(rules)
        found, facts = parse(outcome, rules, t.contracts, t.birds, carry)
        if facts is None:
            return found, None
        return found, score_facts(facts, rules, t.bonus_base, t.capture_base)

    def reachable(self, rec: dict[str, Any], rules: RuleSet, n: int, carry: dict[str, Any],
                  facts: dict[str, Any], scores: list[int]) -> bool | None:
        """A sheet without an outcome: some outcome of its contract (the calls', else the
        written one) with its declarer and partner (written, else any) gives ``scores``
        (facts.reachable). None: no contract, declarer or redeal to tell by."""
        assert isinstance(rules, KoenigrufenRules)
        if n == FIVE:                   # the same question in engine seats
            m = SeatMap(rec["dealer"])
            if len(scores) != FIVE or scores[m.dealer] != 0:
                return None             # check_sheet reports the dealer's score
            return self.reachable(_sheet_in(rec, m), rules, N, carry, _facts_in(facts, m),
                                  [scores[s] for s in m.active()])
        t = tariff(rules)
        res = rec.get("result") or {}
        name = facts.get("contract", res.get("contract"))
        decl = facts.get("declarer", res.get("declarer"))
        c = t.contracts.get(name) if isinstance(name, str) else None
        if _redealt(rec):
            return not any(scores)
        if c is None or not isinstance(decl, int) or not 0 <= decl < N:
            return None
        if "partner" in res:
            p = res["partner"]
            if isinstance(p, int) and not (0 <= p < N and p != decl):
                return None              # no such partner (RESULT-SEAT says so)
            partners: list[int | None] = [p if isinstance(p, int) else None]
        elif c.king_call:
            partners = [None, *(s for s in range(N) if s != decl)]
        else:
            partners = [None]
        return reachable(rules, c, t.birds, t.bonus_base, t.capture_base,
                         int(carry.get("doubling", 0)), decl, partners, scores)

    def check_sheet(self, rec: dict[str, Any], rules: RuleSet, n: int,
                    carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        """A score sheet: replay the auction (hands unknown), check the result's shape (at
        five in engine seats, the sitting-out dealer neither calling nor scoring)."""
        if n == FIVE:
            return self._check_sheet_five(rec, rules, carry)
        findings: list[Finding] = []
        dealer = rec["dealer"]
        assert isinstance(rules, KoenigrufenRules)
        # the hands are unknown: every seat is given the birds (and no king), so that the calls
        # a hand may forbid (§7.2 a Besserrufer without a bird, G34 four kings) stand
        e = KoenigrufenEngine(rules, dealer, [_BIRDS] * 4, (0, 0),
                              int(carry.get("doubling", 0)))
        facts: dict[str, Any] = {"multiplier": period_multiplier(e.doubling)}
        auction = rec.get("auction", [])
        for i, entry in enumerate(auction):
            try:
                e.call(entry["seat"], entry["call"])
            except IllegalAction as err:
                findings.append(Finding(err.code, err.message, f"/auction/{i}"))
                return findings, None
        if auction and e.contract is not None:
            facts["declarer"] = e.declarer
            facts["contract"] = e.contract.id
        res = rec.get("result") or {}
        name = res.get("contract", facts.get("contract"))
        contract = e.contracts.get(name) if isinstance(name, str) else None
        scores = res.get("scores")
        if contract is not None and isinstance(scores, list) and len(scores) == N:
            decl = res.get("declarer", facts.get("declarer"))
            # G39: a negative contract settled with each opponent apart (own kontras) may leave
            # the opponents' scores unequal
            apart = contract.family == "misere" and rules.misere_kontra_individual
            if (contract.family != "trischaken" and not apart and isinstance(decl, int)
                    and decl in range(N)
                    and not any(_sides_even(scores, decl, p)
                                for p in _partners(rec, contract.king_call, decl))):
                findings.append(Finding("RESULT-SCORES", "the scores of one side differ: "
                                        "every Königrufen item is paid side against side",
                                        "/result/scores"))
        return findings, facts

    def _check_sheet_five(self, rec: dict[str, Any], rules: RuleSet,
                          carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        m = SeatMap(rec["dealer"])
        findings: list[Finding] = []
        auction = rec.get("auction") or []
        stop = next((i for i, e in enumerate(auction) if e.get("seat") == m.dealer),
                    len(auction))
        found4, facts4 = self.check_sheet({**_sheet_in(rec, m), "auction": [
            {**e, "seat": m.eng(e["seat"])} for e in auction[:stop]]}, rules, N, carry)
        findings += [m.finding(f) for f in found4]
        if stop < len(auction) and not found4:
            findings.append(Finding("KR-SITS-OUT", f"seat {m.dealer} deals and sits out this "
                                    "deal at a table of five: he does not call",
                                    f"/auction/{stop}"))
            return findings, None
        scores = (rec.get("result") or {}).get("scores")
        if isinstance(scores, list) and len(scores) == FIVE and scores[m.dealer] != 0:
            findings.append(Finding("RESULT-SCORES", f"seat {m.dealer} deals and sits out; "
                                    "his score must be 0", f"/result/scores/{m.dealer}"))
        if facts4 is None:
            return findings, None
        return findings, _facts_out(facts4, m)


def _partners(rec: dict[str, Any], king_call: bool, decl: int) -> list[int | None]:
    """The declarer's possible partners on a score sheet: the one its result names, else its
    outcome's (the result's fields are optional, docs/notation.md), else any other seat or
    none when the contract calls a king."""
    for block in (rec.get("result"), rec.get("outcome")):
        if isinstance(block, dict) and "partner" in block:
            p = block["partner"]
            return [p if isinstance(p, int) and p in range(N) else None]
    return [None, *(s for s in range(N) if s != decl)] if king_call else [None]


def _sides_even(scores: list[Any], decl: int, partner: int | None) -> bool:
    """Whether each side's seats score alike (every Königrufen item is paid side against
    side)."""
    side = {decl} if partner is None else {decl, partner}
    return all(len({scores[s] for s in group}) <= 1 for group in (side, set(range(N)) - side))


def _sheet_in(rec: dict[str, Any], m: SeatMap) -> dict[str, Any]:
    """A five-seat score sheet's result in engine seats (for the four-seat checks)."""
    res = rec.get("result")
    written = rec.get("outcome")
    if isinstance(written, dict) and "partner" in written:
        rec = {**rec, "outcome": {**written, "partner": m.eng(written["partner"])}}
    if not isinstance(res, dict):
        return {**rec, "dealer": ENGINE_DEALER}
    out = dict(res)
    for key in ("declarer", "partner"):
        if key in out:
            out[key] = m.eng(out[key])
    scores = out.get("scores")
    if isinstance(scores, list) and len(scores) == FIVE:
        out["scores"] = [scores[s] for s in m.active()]
    return {**rec, "dealer": ENGINE_DEALER, "result": out}


def _facts_in(facts: dict[str, Any], m: SeatMap) -> dict[str, Any]:
    return {k: m.eng(v) if k in ("declarer", "partner") else v for k, v in facts.items()}


def _facts_out(facts: dict[str, Any], m: SeatMap) -> dict[str, Any]:
    return {k: m.rec(v) if k in ("declarer", "partner") else v for k, v in facts.items()}


register(Koenigrufen())
