"""Ulti: docs/rules/ulti.md (older Parlett/McLeod rules); notation per its §13 and
docs/notation.md ("Ulti vocabulary")."""
from __future__ import annotations

import random
from functools import partial
from itertools import combinations
from typing import Any, Iterator

from ...cards import iter_bits
from ...dealing import composition
from ...engine import Action
from ...errors import IllegalAction
from ...findings import Finding
from .. import Batch, Game, Step, register
from .codes import CODES
from .contracts import CONTRACTS, COUNTERS, PACK, ContractError, parse_contract
from ...core.auction import PASS, Auction, Refusal
from .engine import AUCTION, AUCTION_SPEC, PLAY, UltiEngine
from ...rules import RuleSet
from .outcome import facts_of, reachable_scores, to_outcome
from .rules import TalonPoints, UltiRules
from .scoring import score_facts
from ...scoring import Score

N = 3


def deal_from_deck(deck: list[int], dealer: int) -> tuple[list[list[int]], list[int]]:
    """§2: five to each from forehand clockwise, two to the talon, five more to each."""
    f = (dealer + 1) % N
    hands: list[list[int]] = [[] for _ in range(N)]
    for i in range(N):
        hands[(f + i) % N].extend(deck[5 * i:5 * i + 5])
    talon = deck[15:17]
    for i in range(N):
        hands[(f + i) % N].extend(deck[17 + 5 * i:22 + 5 * i])
    return hands, talon


def _masks(lists: list[list[int]]) -> list[int]:
    return [sum(1 << c for c in x) for x in lists]


class Ulti(Game[UltiEngine]):
    name = "ulti"
    title = "Ulti"
    table_sizes = (3,)
    pack = PACK
    Rules = UltiRules
    Engine = UltiEngine
    codes = CODES

    def make_engine(self, rules: RuleSet, n: int, dealer: int, deal: dict[str, Any],
                    carry: dict[str, Any]) -> tuple[UltiEngine | None, list[Finding]]:
        hands = deal.get("hands")
        talon = deal.get("talon")
        if not isinstance(hands, list) or len(hands) != N:
            return None, [Finding("DEAL-COMPOSITION", "Ulti deals three hands of ten",
                                  "/deal/hands")]
        parts: list[tuple[str, Any, int | None]] = [(f"/deal/hands/{s}", hands[s], 10)
                                                    for s in range(N)]
        parts.append(("/deal/talon", talon, 2))
        findings, masks = composition(PACK, parts)
        if findings:
            return None, findings
        deck = deal.get("deck")
        if deck is not None:
            findings += self._check_deck(deck, dealer, masks)
        assert isinstance(rules, UltiRules)
        return UltiEngine(rules, dealer, masks[:3], masks[3]), findings

    def _check_deck(self, deck: Any, dealer: int, masks: list[int]) -> list[Finding]:
        found, _ = composition(PACK, [("/deal/deck", deck, 32)])
        if found:
            return found
        hands, talon = deal_from_deck([PACK.index[c] for c in deck], dealer)
        if _masks([talon])[0] != masks[3]:
            return [Finding("DEAL-ORDER", "the talon does not match the deck: the dealing order "
                            f"(§2) gives {' '.join(PACK.code(x) for x in talon)}", "/deal/talon")]
        for s, m in enumerate(_masks(hands)):
            if m != masks[s]:
                return [Finding("DEAL-ORDER", f"seat {s}'s hand does not match the deck and the "
                                "dealing order (§2: 5 each from forehand, 2 to the talon, 5 "
                                "each)", f"/deal/hands/{s}")]
        return []

    # -- replay ------------------------------------------------------------------------------
    def replay(self, rec: dict[str, Any], engine: UltiEngine) -> Iterator[Step]:
        return self._replay(rec, engine, False)

    def replay_batched(self, rec: dict[str, Any], engine: UltiEngine) -> Iterator[Step]:
        """``replay`` for a caller that needs no step per action (the validator): the recorded
        auction is one ``Batch`` (``UltiEngine.run_auction``: the same checks, findings and
        places; ``tests/test_replay_batches.py`` holds the two to the same verdicts)."""
        return self._replay(rec, engine, True)

    def _replay(self, rec: dict[str, Any], engine: UltiEngine, batched: bool) -> Iterator[Step]:
        auction = rec.get("auction", [])
        if batched:
            yield "/auction", Batch(partial(engine.run_auction, auction))
            auction = []
        for i, entry in enumerate(auction):
            p = f"/auction/{i}"
            seat = entry["seat"]
            if "suit" in entry:
                yield p + "/suit", Action("name_suit", seat, entry["suit"])
            call = entry.get("call")
            disc = entry.get("discard")
            disc = tuple(disc) if isinstance(disc, list) else disc
            if call == "bid":
                yield p, Action("bid", seat, (entry.get("contract"), disc))
            elif call == "pass":
                yield p, Action("pass", seat, (entry.get("contract"), disc))
            else:
                yield p + "/call", IllegalAction("UL-CALL-UNKNOWN", f"{call!r} is not an Ulti "
                                                 "call (bid or pass)", call)
                return
        end = rec.get("end")
        play = rec.get("play") or []
        concede: Action | None = None
        if end is not None:
            if end.get("type") != "concede":
                yield "/end/type", IllegalAction("UL-END", f"an Ulti deal cannot end by "
                                                 f"{end.get('type')}: the only early end is the "
                                                 "soloist's concession of a Simple", end.get("type"))
                return
            concede = Action("concede", end.get("seat", -1))
            if not play:
                yield "/end", concede
                concede = None
        queue = list(enumerate(rec.get("declarations") or []))
        tricks = [d.get("trick") for _, d in queue]
        # card by card only up to the last trick a declaration names (the first card when
        # the soloist concedes); the rest in one batch, with the same checks
        last = max([1 if concede is not None else 0]
                   + [x for x in tricks if isinstance(x, int) and not isinstance(x, bool)
                      and x <= 10])
        slow = min(len(play), last)
        for t in range(slow):
            trick = play[t]
            if not isinstance(trick, list) or len(trick) != N:
                yield f"/play/{t}", IllegalAction("UL-TRICK-SIZE", f"trick {t + 1} holds "
                                                  f"{len(trick) if isinstance(trick, list) else 0}"
                                                  " cards; a trick has three", trick)
                return
            for j, cc in enumerate(trick):
                seat = engine.to_act
                while queue:
                    k, d = queue[0]
                    due = d.get("trick") == t + 1 and d.get("seat") == seat
                    table = engine.table
                    stale = (not isinstance(d.get("trick"), int) or d["trick"] < t + 1
                             or (d["trick"] == t + 1 and table is not None
                                 and d.get("seat") in table.seats))
                    if not (due or stale):
                        break
                    queue.pop(0)
                    yield f"/declarations/{k}", Action("declare", d["seat"],
                                                       (d.get("trick"), tuple(d.get("say", []))))
                yield f"/play/{t}/{j}", Action("play", seat if seat is not None else -1, cc)
                if concede is not None:
                    yield "/end", concede
                    concede = None
        for k, d in queue:
            if slow < len(play):
                break
            yield f"/declarations/{k}", Action("declare", d["seat"],
                                               (d.get("trick"), tuple(d.get("say", []))))
        if slow < len(play):
            if queue:
                k, d = queue[0]
                yield f"/declarations/{k}", Action("declare", d["seat"],
                                                   (d.get("trick"), tuple(d.get("say", []))))
            yield "", Batch(lambda: engine.play_tricks(play, slow))

    def record_of(self, engine: UltiEngine) -> dict[str, Any]:
        e = engine
        rec: dict[str, Any] = {
            "deal": {"hands": [PACK.codes_of(h) for h in e.dealt],
                     "talon": PACK.codes_of(e.dealt_talon)},
            "auction": [dict(x) for x in e.entries],
        }
        if e.decls:
            rec["declarations"] = [{"seat": d["seat"], "trick": d["trick"], "say": list(d["say"])}
                                   for d in e.decls]
        if e.table is not None and e.table.tricks:
            rec["play"] = [[PACK.code(c) for c in cards] for _, cards, _, _ in e.table.tricks]
        if e.phase == "conceded":
            rec["end"] = {"type": "concede", "seat": e.soloist}
        return rec

    # -- generator -----------------------------------------------------------------------------
    def random_deal(self, rng: random.Random, n: int, dealer: int, rules: RuleSet,
                    carry: dict[str, Any]) -> UltiEngine:
        deck = list(range(len(PACK)))
        rng.shuffle(deck)
        hands, talon = deal_from_deck(deck, dealer)
        assert isinstance(rules, UltiRules)
        return UltiEngine(rules, dealer, _masks(hands), _masks([talon])[0])

    def card_points_total(self, engine: UltiEngine) -> int | None:
        """§7.1: ten a counter (aces and tens) plus ten for the last trick, plus the declared
        marriages; the talon's counters only where they go to the defenders (G3)."""
        c, t = engine.contract, engine.table
        if c is None or c.trump is None or t is None or len(t.tricks) != 10:
            return None
        counted = COUNTERS if engine.rules.talon_points_to is TalonPoints.DEFENDERS \
            else COUNTERS & ~engine.talon
        marriages = sum(40 if suit == c.trump else 20 for _, suit in engine.marriages)
        return 10 * counted.bit_count() + 10 + marriages

    def choose(self, engine: UltiEngine, rng: random.Random) -> Action:
        """A random legal action, weighted so that deals look like real ones: short auctions,
        mostly low contracts, marriages usually declared, doubles now and then."""
        e = engine
        seat = e.to_act
        assert seat is not None
        if e.phase == AUCTION:
            if not e.entries and e.named_suit is None:
                held = e.hands[seat]
                return Action("name_suit", seat,
                              max("SCHD", key=lambda s: ((held & PACK.suit_mask[s]).bit_count(),
                                                         rng.random())))
            if e.entries and rng.random() < 0.7:
                return Action("pass", seat)
            bids = list(e.legal_bids(seat))
            if not bids:
                return Action("pass", seat)
            pick = bids[min(int(rng.expovariate(0.35)), len(bids) - 1)]
            cards = [PACK.code(x) for x in iter_bits(e.hands[seat] | e.talon)]
            if not any(e.can_bid(seat, (pick.id, pair)) for pair in combinations(cards, 2)):
                # a bid no discard allows (require_marriage_for_hundred keeps a marriage the
                # hand may lack): the first legal action instead of drawing discards forever
                return next(iter(e.legal_actions()), Action("pass", seat))
            while True:
                disc = tuple(rng.sample(cards, 2))
                if e.can_bid(seat, (pick.id, disc)):
                    return Action("bid", seat, (pick.id, disc))
        assert e.table is not None
        actions = list(e.legal_actions())
        if any(a.kind == "concede" for a in actions) and rng.random() < 0.1:
            return Action("concede", seat)
        for a in actions:
            if a.kind == "declare":
                item = a.value[1][0]
                if rng.random() < (0.8 if item.startswith("marriage") else 0.12):
                    return a
        plays = [a for a in actions if a.kind == "play"]
        return rng.choice(plays)

    # -- sessions ------------------------------------------------------------------------------
    def next_dealer(self, engine: UltiEngine | None, dealer: int, n: int,
                    rec: dict[str, Any]) -> int:
        return (dealer + 1) % n                 # §1.1 / §7.7: the deal passes to the left

    # -- the outcome (games/ulti/outcome.py) -----------------------------------------------------
    def outcome(self, engine: UltiEngine) -> dict[str, Any]:
        return to_outcome(engine.facts())

    def score_outcome(self, outcome: dict[str, Any], rules: RuleSet, n: int, dealer: int,
                      carry: dict[str, Any]) -> tuple[list[Finding], Score | None]:
        assert isinstance(rules, UltiRules)
        found, facts = facts_of(outcome, rules)
        return found, (score_facts(facts, rules) if facts is not None else None)

    def reachable(self, rec: dict[str, Any], rules: RuleSet, n: int, carry: dict[str, Any],
                  facts: dict[str, Any], scores: list[int]) -> bool | None:
        res = rec.get("result") or {}
        cid = facts.get("contract", res.get("contract"))
        sol = facts.get("declarer", res.get("declarer"))
        if cid not in CONTRACTS or not isinstance(sol, int) or not 0 <= sol < N:
            return None
        assert isinstance(rules, UltiRules)
        return tuple(scores) in reachable_scores(cid, sol, rules)

    def to_sheet(self, deal: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
        """The calls are kept without the cards each bid discarded."""
        out = super().to_sheet(deal, outcome)
        if "auction" in out:
            out["auction"] = [{k: v for k, v in e.items() if k != "discard"}
                              for e in out["auction"]]
        return out

    # -- score sheets ----------------------------------------------------------------------------
    def check_sheet(self, rec: dict[str, Any], rules: RuleSet, n: int,
                    carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        """A score sheet (no cards): the auction's order and overcalls, the contract id, and
        that both defenders' settlements agree (every Ulti entry is soloist v both)."""
        findings: list[Finding] = []
        facts: dict[str, Any] = {}
        auction = Auction(AUCTION_SPEC, tuple((rec["dealer"] + 1 + i) % N for i in range(N)))
        for i, entry in enumerate(rec.get("auction", [])):
            p = f"/auction/{i}"
            seat = entry["seat"]
            call = PASS if entry.get("call") == "pass" else entry.get("contract")
            if call != PASS:
                try:
                    call = parse_contract(call).id
                except ContractError as err:
                    findings.append(Finding("UL-CONTRACT-ILLEGAL" if err.kind == "illegal"
                                            else "UL-CONTRACT-UNKNOWN", err.message,
                                            p + "/contract"))
                    return findings, None
            why = auction.refusal(seat, call)
            if why is not None:
                code, message, where = _SHEET_REFUSALS[why]
                findings.append(Finding(code, message.format(seat=seat, turn=auction.turn,
                                                             call=call, high=auction.high),
                                        p + where))
                return findings, None
            auction.push(seat, call)
        if auction.done:
            facts = {"declarer": auction.holder, "contract": auction.high}
        res = rec.get("result") or {}
        scores = res.get("scores")
        decl = res.get("declarer", facts.get("declarer"))
        if isinstance(scores, list) and len(scores) == N and isinstance(decl, int) \
                and 0 <= decl < N:
            a, b = [scores[s] for s in range(N) if s != decl]
            if a != b:
                findings.append(Finding("RESULT-SCORES", "the two defenders' scores differ: "
                                        "every Ulti entry is settled soloist against both "
                                        "defenders alike", "/result/scores"))
        if "contract" in res and res["contract"] not in CONTRACTS:
            findings.append(Finding("UL-CONTRACT-UNKNOWN", f"{res['contract']!r} is not an Ulti "
                                    "contract id", "/result/contract"))
        return findings, facts


#: a score sheet's auction refused by the shared component: (code, sentence, place)
_SHEET_REFUSALS: dict[Refusal, tuple[str, str, str]] = {
    Refusal.OVER: ("UL-AUCTION-OVER", "the auction had already ended after two passes in a row",
                   ""),
    Refusal.TURN: ("UL-TURN", "it is seat {turn}'s turn in the auction, not seat {seat}'s", ""),
    Refusal.OPEN_PASS: ("UL-OPEN-PASS", "forehand cannot pass his opening", ""),
    Refusal.LOW: ("UL-BID-LOW", "{call} does not outrank {high}", "/contract"),
}


register(Ulti())
__all__ = ["Ulti", "UltiEngine", "UltiRules", "deal_from_deck", "PLAY"]
