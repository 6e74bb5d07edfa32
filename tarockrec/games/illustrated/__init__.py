"""Illustrated Tarokk (Illusztrált tarokk): docs/rules/illustrated.md; notation per its §11 and
docs/notation.md ("Illustrated vocabulary").

Carry keys (state between the deals of a session, §6.9): ``{"periods": [k, ...]}`` — one entry
per open doubling period, the number of scored deals it still covers (oldest first). The
multiplier of a scored deal is ``2 ** len(periods)``. Absent or ``[]``: no open period.
"""
from __future__ import annotations

import random
from typing import Any, Iterator, Mapping

from ...dealing import composition
from ...engine import Action
from ...errors import IllegalAction
from ...findings import Finding
from .. import (Batch, Game, Step, batch_or_steps, declare_action, entry_steps,
                 mapping, register)
from ...rules import RuleSet
from .codes import CODES
from ...core.auction import Auction
from . import bidding
from .contracts import LEVELS, PACK
from .engine import IllustratedEngine, seating
from .rules import IllustratedRules
from ...scoring import Score
from .scoring import multiplier_of, next_periods, periods_after, score_facts
from .outcome import facts_of, outcome_of, reachable


def deal_from_deck(deck: list[int], dealer: int, n: int) -> tuple[list[list[int]], list[int]]:
    """§2.2 canonical mapping: talon = deck[0:6] (top first); active position k gets
    deck[6+5k : 11+5k] and deck[26+4k : 30+4k]."""
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(4):
        s = (dealer + 1 + k) % n
        hands[s] = deck[6 + 5 * k: 11 + 5 * k] + deck[26 + 4 * k: 30 + 4 * k]
    return hands, deck[0:6]


def _periods(carry: dict[str, Any]) -> tuple[int, ...]:
    p = carry.get("periods") or []
    return tuple(map(int, p)) if p else ()


_HAND_AT = tuple(f"/deal/hands/{s}" for s in range(5))


def _discards(discards: list[Any], order: tuple[int, ...]) -> Iterator[Step]:
    for s in order:
        yield f"/{s}", Action("discard", s, tuple(discards[s]))


class Illustrated(Game[IllustratedEngine]):
    name = "illustrated"
    title = "Illustrated Tarokk"
    table_sizes = (4, 5)
    pack = PACK
    Rules = IllustratedRules
    Engine = IllustratedEngine
    codes = CODES

    def make_engine(self, rules: RuleSet, n: int, dealer: int, deal: dict[str, Any],
                    carry: dict[str, Any]) -> tuple[IllustratedEngine | None, list[Finding]]:
        hands = deal.get("hands")
        talon = deal.get("talon")
        if not isinstance(hands, list) or len(hands) != n:
            return None, [Finding("DEAL-COMPOSITION", f"an Illustrated Tarokk deal for {n} "
                                  f"players has {n} hands", "/deal/hands")]
        if not isinstance(talon, list):
            return None, [Finding("DEAL-COMPOSITION", "the talon is one ordered list of 6 "
                                  "cards, top card first", "/deal/talon")]
        parts: list[tuple[str, Any, int | None]] = [
            (_HAND_AT[s] if s < 5 else f"/deal/hands/{s}", hands[s],
             0 if (n == 5 and s == dealer) else 9) for s in range(n)]
        parts.append(("/deal/talon", talon, 6))
        findings, masks = composition(PACK, parts)
        if findings:
            return None, findings
        deck = deal.get("deck")
        if deck is not None:
            findings += self._check_deck(deck, dealer, n, hands, talon)
        assert isinstance(rules, IllustratedRules)
        engine = IllustratedEngine(rules, n, dealer, masks[:n],
                                   list(map(PACK.index.__getitem__, talon)), _periods(carry))
        return engine, findings

    def _check_deck(self, deck: Any, dealer: int, n: int, hands: list[list[str]],
                    talon: list[str]) -> list[Finding]:
        found, _ = composition(PACK, [("/deal/deck", deck, 42)])
        if found:
            return found
        exp_hands, exp_talon = deal_from_deck([PACK.index[c] for c in deck], dealer, n)
        if exp_talon != [PACK.index[c] for c in talon]:
            return [Finding("DEAL-ORDER", "the talon does not match the deck: the first six "
                            "cards of the deck, in order, are the talon", "/deal/talon")]
        for s in range(n):
            if sorted(exp_hands[s]) != sorted(PACK.index[c] for c in hands[s]):
                return [Finding("DEAL-ORDER", f"seat {s}'s hand does not match the deck and "
                                "the dealing order (§2.2)", f"/deal/hands/{s}")]
        return []

    def replay(self, rec: dict[str, Any], engine: IllustratedEngine) -> Iterator[Step]:
        return self._replay(rec, engine, False)

    def replay_batched(self, rec: dict[str, Any], engine: IllustratedEngine) -> Iterator[Step]:
        """``replay`` for the validator: the auction, the discards and the declarations each
        one ``Batch`` (the engine's ``bid_all``, ``discard_all``, ``declare_all``: no
        ``Action`` and ``Event`` per entry; the same checks, findings and places)."""
        return self._replay(rec, engine, True)

    def _replay(self, rec: dict[str, Any], engine: IllustratedEngine,
                batched: bool) -> Iterator[Step]:
        e = engine
        auction = rec.get("auction", [])
        yield from batch_or_steps("/auction", batched, lambda: e.bid_all(auction), entry_steps(
            auction, lambda entry: Action("bid", entry["seat"], entry["call"])))
        end = rec.get("end") or {}
        annul = end.get("type") == "annul"
        ex = rec.get("exchange")
        if ex is not None:
            discards = ex.get("discards")
            if isinstance(discards, list):
                if len(discards) != e.n:
                    yield "/exchange/discards", IllegalAction(
                        "IT-DISCARD-COUNT", f"the exchange lists {len(discards)} discards; "
                        f"one list per seat ({e.n}) is written")
                    return
                order = e.discard_order or e.active
                if e.n == 5 and discards[e.dealer]:
                    yield f"/exchange/discards/{e.dealer}", IllegalAction(
                        "IT-TURN", f"seat {e.dealer} deals and sits out: he discards nothing")
                    return
                yield from batch_or_steps("/exchange/discards", batched,
                                          lambda: e.discard_all(discards, order),
                                          _discards(discards, order))
            if annul and "call" not in ex:
                yield "/end", Action("annul", end.get("seat", -1))
            if "call" in ex:
                decl = e.declarer if e.declarer is not None else -1
                yield "/exchange/call", Action("call", decl, ex["call"])
        elif annul:
            yield "/end", Action("annul", end.get("seat", -1))
        turns = rec.get("declarations", [])
        yield from batch_or_steps("/declarations", batched, lambda: e.declare_all(turns),
                                  entry_steps(turns, declare_action))
        if annul and ex is not None and "call" in ex:
            yield "/end", Action("annul", end.get("seat", -1))
        if "play" in rec:
            yield "/play", Batch(lambda: e.play_tricks(rec["play"]))
        for i, lc in enumerate(rec.get("late_claims", [])):
            yield f"/late_claims/{i}", Action("late_claim", lc["seat"], lc["claim"])

    def record_of(self, e: IllustratedEngine) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "deal": {"hands": [PACK.codes_of(h) for h in e.dealt],
                     "talon": [PACK.code(c) for c in e.talon]},
            "auction": [{"seat": s, "call": c} for s, c in e.calls],
        }
        if e.discard_turn:
            ex: dict[str, Any] = {"discards": [list(d) if d is not None else []
                                               for d in e.discards]}
            if e.called is not None:
                ex["call"] = PACK.code(e.called)
            rec["exchange"] = ex
        if e.turns:
            rec["declarations"] = [{"seat": s, "say": list(say)} for s, say in e.turns]
        if e.table is not None and e.table.tricks:
            rec["play"] = [[PACK.code(c) for c in cards] for _, cards, _, _ in e.table.tricks]
        if e.late_claims:
            rec["late_claims"] = [{"seat": s, "claim": c} for s, c in e.late_claims]
        if e.annul_seat is not None:
            rec["end"] = {"type": "annul", "seat": e.annul_seat}
        return rec

    def random_deal(self, rng: random.Random, n: int, dealer: int, rules: RuleSet,
                    carry: dict[str, Any]) -> IllustratedEngine:
        deck = list(range(len(PACK)))
        rng.shuffle(deck)
        hands, talon = deal_from_deck(deck, dealer, n)
        masks = [sum(1 << c for c in h) for h in hands]
        assert isinstance(rules, IllustratedRules)
        return IllustratedEngine(rules, n, dealer, masks, talon, _periods(carry))

    def card_points_total(self, engine: IllustratedEngine) -> int | None:
        return 94 if "points" in engine.score().facts else None        # §1.3

    def choose(self, engine: IllustratedEngine, rng: random.Random) -> Action:
        """Random legal action, weighted towards passing so deals look like real ones."""
        e: IllustratedEngine = engine
        seat = e.to_act
        if e.phase == "discard":
            # ITVB 4.2: the only bidder sometimes takes fewer talon cards
            assert seat is not None
            raises = [c for c in LEVELS if e.raised is None and not e.discard_turn
                      and e.can_bid(seat, c)] if e.rules.sole_bidder_chooses_talon else []
            if raises and rng.random() < 0.5:
                return Action("bid", seat, rng.choice(raises))
            return Action("discard", seat, rng.choice(list(e.legal_discards(seat))))
        if e.phase == "play":
            return rng.choice(list(e.legal_actions()))
        actions = list(e.legal_actions())
        passes = [a for a in actions if (a.kind == "bid" and a.value == "pass")
                  or (a.kind == "declare" and not a.value)]
        if e.phase == "call":
            annuls = [a for a in actions if a.kind == "annul"]
            if annuls and rng.random() < 0.5:
                return rng.choice(annuls)
            return rng.choice([a for a in actions if a.kind == "call"])
        if passes and rng.random() < (0.75 if e.phase == "declare" else 0.45):
            return passes[0]
        rest = [a for a in actions if a not in passes] or actions
        if e.phase == "declare" and rng.random() < 0.5:
            # an 8/9-tarokk holder usually says so (and must, before some announcements)
            counts = [a for a in rest if any(x in ("eight_tarokk", "nine_tarokk")
                                             for x in a.value)]
            if counts:
                return rng.choice(counts)
        return rng.choice(rest)

    def initial_carry(self, rules: RuleSet, n: int) -> dict[str, Any]:
        return {"periods": []}

    def next_carry(self, engine: IllustratedEngine, carry: dict[str, Any]) -> dict[str, Any]:
        return {"periods": list(next_periods(engine))}

    # -- the outcome block (outcome.py; docs/notation.md) ---------------------------------------
    def outcome(self, engine: IllustratedEngine) -> dict[str, Any]:
        return outcome_of(engine.facts(), engine.rules)

    def score_outcome(self, outcome: dict[str, Any], rules: RuleSet, n: int, dealer: int,
                      carry: dict[str, Any]) -> tuple[list[Finding], Score | None]:
        assert isinstance(rules, IllustratedRules)
        found, facts = facts_of(outcome, rules, n, dealer, multiplier_of(_periods(carry), rules))
        return found, (score_facts(facts, rules) if facts is not None else None)

    def reachable(self, rec: dict[str, Any], rules: RuleSet, n: int, carry: dict[str, Any],
                  facts: dict[str, Any], scores: list[int]) -> bool | None:
        assert isinstance(rules, IllustratedRules)
        if self._thrown_in(rec):
            return not any(scores)              # a thrown-in deal scores nothing (§2.3)
        result = rec.get("result") or {}
        contract = facts.get("contract", result.get("contract"))
        if contract not in LEVELS:
            return None
        declarer = facts.get("declarer", result.get("declarer"))
        partner = result["partner"] if "partner" in result else ...
        return reachable(scores, rules, n, rec["dealer"], multiplier_of(_periods(carry), rules),
                         contract, declarer, partner)

    @staticmethod
    def _thrown_in(rec: dict[str, Any]) -> bool:
        """A record without an engine (score sheet): annulled, or all four passed (§2.3), or
        an outcome that says so."""
        if mapping(rec.get("end")).get("type") == "annul":
            return True
        if mapping(rec.get("outcome")).get("end") == "redeal":
            return True
        calls = rec.get("auction")      # read before the schema check too (a table's limit)
        return isinstance(calls, list) and len(calls) == 4 \
            and all(mapping(c).get("call") == "pass" for c in calls)

    def next_dealer(self, engine: IllustratedEngine | None, dealer: int, n: int,
                    rec: dict[str, Any]) -> int:
        thrown = engine.redeal if engine is not None else self._thrown_in(rec)
        return dealer if thrown else (dealer + 1) % n

    def sitting_out(self, n: int, dealer: int, facts: Mapping[str, Any]) -> frozenset[int]:
        """§1.1: four take part in every deal; at five the dealer sits out (``seating``)."""
        return frozenset(range(n)).difference(seating(n, dealer)[0])

    def next_carry_sheet(self, rules: RuleSet, n: int, rec: dict[str, Any],
                         facts: dict[str, Any], carry: dict[str, Any]) -> dict[str, Any]:
        """§6.9 after a score sheet: the same rule as after a played deal."""
        assert isinstance(rules, IllustratedRules)
        return {"periods": list(periods_after(_periods(carry), self._thrown_in(rec), rules, n))}

    def check_sheet(self, rec: dict[str, Any], rules: RuleSet, n: int,
                    carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        findings: list[Finding] = []
        assert isinstance(rules, IllustratedRules)
        facts: dict[str, Any] = {"multiplier": multiplier_of(_periods(carry), rules)}
        # §3.5: the last call other than a pass names the declarer, the last level the
        # contract (a hold keeps the level; ITVB 4.2's raise is the only bidder's last call)
        calls = [c for c in rec.get("auction") or [] if isinstance(c, dict)]
        bids = [c for c in calls if c.get("call") != "pass"]
        levels = [c["call"] for c in bids if c.get("call") in LEVELS]
        scores = (rec.get("result") or {}).get("scores")
        said = rec.get("outcome")
        thrown_in = (said.get("end") == "redeal" if isinstance(said, dict)
                     else not isinstance(scores, list) or not any(scores))
        ended = _auction_ended(calls, rules, n, rec["dealer"]) if calls else None
        if ended is False and not thrown_in:
            # an auction cut short names nobody: only an annulled deal stops there (§4.5)
            findings.append(Finding("IT-AUCTION-INCOMPLETE", "the score sheet's calls stop "
                                    "before the auction ends; only a deal thrown in "
                                    "(annulled) stops there (§3.5, §4.5)", "/auction"))
        elif bids and levels and isinstance(bids[-1].get("seat"), int) and (
                ended or (ended is None and not thrown_in)):
            facts["contract"] = levels[-1]
            facts["declarer"] = bids[-1]["seat"]
        dealer = rec["dealer"]
        if n == 5 and isinstance(scores, list) and len(scores) == 5 and scores[dealer] != 0:
            findings.append(Finding("RESULT-SCORES", f"seat {dealer} deals and sits out; his "
                                    "score must be 0", f"/result/scores/{dealer}"))
        return findings, facts


def _auction_ended(calls: list[dict[str, Any]], rules: IllustratedRules, n: int,
                   dealer: int) -> bool | None:
    """Whether the sheet's calls are a whole §3 auction (False: cut short, as by an annulment
    during the bidding under ITVB ``annul_timing = before_discard``; such calls name no
    declarer). None where the calls alone cannot tell: a standing solo (whether it stands,
    §3.5, depends on invitations that need the hands) or calls the shared auction does not
    follow (the outcome's checks judge those)."""
    a = Auction(bidding.auction_spec(rules), seating(n, dealer)[0])
    for c in calls:
        seat, call = c.get("seat"), c.get("call")
        if a.done or not isinstance(seat, int) or not isinstance(call, str) \
                or a.refusal(seat, call) is not None:
            return None
        a.push(seat, call)
    if a.done:
        return True
    return None if a.high == "solo" else False


register(Illustrated())
