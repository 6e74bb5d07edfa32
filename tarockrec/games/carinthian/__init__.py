"""Carinthian Tarock (Kärntner Tarock), 3 and 4 players: docs/rules/carinthian.md; notation per
its Appendix and docs/notation.md ("Carinthian vocabulary").

Carry keys (state between the deals of a session, §6.8): ``{"period_active": bool,
"successes": int, "period_deals": int, "restricted": bool}``; absent keys are off / 0. The deal
is doubled while a period is active; ``restricted`` is derived (``period_deals`` ≥ 9) and a
written value that disagrees is ``CA-CARRY``.
"""
from __future__ import annotations

import random
from typing import Any, Iterator, Mapping

from ...dealing import composition
from ...engine import Action
from ...errors import IllegalAction
from ...findings import Finding
from ...rules import RuleSet
from ...scoring import Score
from .. import (Batch, Game, Step, batch_or_steps, call_action, declare_action,
                 entry_steps, register)
from .codes import CODES
from .contracts import BIRDS, CONTRACTS, PACK, TAROCK_MASK, TRISCHAK
from .engine import CarinthianEngine, sits_out, trischak_points_total
from .outcome import parse as parse_outcome, reachable, to_outcome
from .rules import CarinthianRules
from .scoring import (
    carry_after, deal_kind, initial_carry, period_factor, score_facts, settle, success_target,
)

CARRY_KEYS = ("period_active", "successes", "period_deals", "restricted")
HAND_PTRS = tuple(f"/deal/hands/{s}" for s in range(4))


def deal_from_deck(deck: list[int], dealer: int, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """§2.3: 8 cards to each active seat from forehand, 3 to half A, 8 each, 3 to half B."""
    active = [(dealer + 1 + i) % n for i in range(3)]
    hands: list[list[int]] = [[] for _ in range(n)]
    for k, s in enumerate(active):
        hands[s] = deck[8 * k: 8 * k + 8] + deck[27 + 8 * k: 27 + 8 * k + 8]
    return hands, [deck[24:27], deck[51:54]]


def full_carry(carry: dict[str, Any]) -> dict[str, Any]:
    out = initial_carry()
    out.update({k: carry[k] for k in CARRY_KEYS if k in carry})
    return out


def carry_findings(carry: dict[str, Any], rules: CarinthianRules, n: int) -> list[Finding]:
    """§6.8: a lone deal's carried state must be one the rules can reach."""
    c = full_carry(carry)
    need = 4 if n == 4 else 3
    derived = bool(c["period_active"]) and int(c["period_deals"]) >= rules.restricted_after_deals
    if "restricted" in carry and bool(carry["restricted"]) != derived:
        return [Finding("CA-CARRY", f"restricted is {'on' if derived else 'off'} for a period "
                        f"with {c['period_deals']} deals (restricted from "
                        f"{rules.restricted_after_deals} deals on, §6.8), not "
                        f"{carry['restricted']}", "/carry/restricted")]
    if not c["period_active"] and (c["successes"] or c["period_deals"]):
        return [Finding("CA-CARRY", "successes and period deals are counted only while a "
                        "doubling period is active (§6.8)", "/carry")]
    if c["period_active"] and int(c["successes"]) >= need and not derived:
        return [Finding("CA-CARRY", f"{c['successes']} successes would have ended the doubling "
                        f"period ({need} end it, §6.8)", "/carry/successes")]
    return []


def _declarer(engine: CarinthianEngine) -> int:
    """The declarer's seat for an exchange step (-1 before the auction has one: the engine
    words the finding). A function of the module, not one defined in ``_replay``: compiled,
    that would tie the replay's closure and the engine in a reference cycle."""
    return engine.declarer if engine.declarer is not None else -1


class Carinthian(Game[CarinthianEngine]):
    name = "carinthian"
    title = "Carinthian Tarock"
    table_sizes = (3, 4)
    pack = PACK
    Rules = CarinthianRules
    Engine = CarinthianEngine
    codes = CODES

    def make_engine(self, rules: RuleSet, n: int, dealer: int, deal: dict[str, Any],
                    carry: dict[str, Any]) -> tuple[CarinthianEngine | None, list[Finding]]:
        assert isinstance(rules, CarinthianRules)
        hands = deal.get("hands")
        talon = deal.get("talon")
        if not isinstance(hands, list) or len(hands) != n:
            return None, [Finding("DEAL-COMPOSITION", f"a Carinthian deal for {n} players has "
                                  f"{n} hands (the dealer's empty with four)", "/deal/hands")]
        if not isinstance(talon, list) or len(talon) != 2:
            return None, [Finding("DEAL-COMPOSITION", "the talon is two halves of three cards "
                                  "(A, B)", "/deal/talon")]
        parts: list[tuple[str, Any, int | None]] = [
            (HAND_PTRS[s], hands[s], 0 if n == 4 and s == dealer else 16) for s in range(n)]
        parts += [("/deal/talon/0", talon[0], 3), ("/deal/talon/1", talon[1], 3)]
        findings, masks = composition(PACK, parts)
        if findings:
            return None, findings
        found = carry_findings(carry, rules, n)
        if found:
            return None, found
        deck = deal.get("deck")
        if deck is not None:
            findings += self._check_deck(deck, dealer, n, masks)
        engine = CarinthianEngine(rules, n, dealer, masks[:n], (masks[n], masks[n + 1]), carry)
        return engine, findings

    def _check_deck(self, deck: Any, dealer: int, n: int, masks: list[int]) -> list[Finding]:
        found, _ = composition(PACK, [("/deal/deck", deck, 54)])
        if found:
            return found
        hands, talon = deal_from_deck([PACK.index[c] for c in deck], dealer, n)
        for i, name in enumerate(("A", "B")):
            if sum(1 << c for c in talon[i]) != masks[n + i]:
                return [Finding("DEAL-ORDER", f"talon half {name} does not match the deck and "
                                "the dealing order (§2.3)", f"/deal/talon/{i}")]
        for s in range(n):
            if sum(1 << c for c in hands[s]) != masks[s]:
                return [Finding("DEAL-ORDER", f"seat {s}'s hand does not match the deck and the "
                                "dealing order (§2.3)", f"/deal/hands/{s}")]
        return []

    def replay(self, rec: dict[str, Any], engine: CarinthianEngine) -> Iterator[Step]:
        return self._replay(rec, engine, False)

    def replay_batched(self, rec: dict[str, Any], engine: CarinthianEngine) -> Iterator[Step]:
        """``replay`` for a caller that needs no step per action (the validator): the auction
        and the declaration turns are each one ``Batch`` (the same checks, findings and
        places; ``tests/test_replay_batches.py`` holds the two to the same verdicts)."""
        return self._replay(rec, engine, True)

    def _replay(self, rec: dict[str, Any], engine: CarinthianEngine,
                batched: bool) -> Iterator[Step]:
        auction = rec.get("auction", [])
        yield from batch_or_steps("/auction", batched, lambda: engine.run_calls(auction),
                                  entry_steps(auction, call_action))
        ex = rec.get("exchange") or {}
        if "trischak" in ex or "talon_order" in ex:
            where = "/exchange/trischak" if "trischak" in ex else "/exchange/talon_order"
            yield where, Action("choose", _declarer(engine), (ex.get("trischak", ""),
                                                              tuple(ex.get("talon_order", ()))))
        if "take" in ex:
            yield "/exchange/take", Action("take", _declarer(engine), ex["take"])
        if "discard" in ex or "shown" in ex:
            yield "/exchange", Action("discard", _declarer(engine),
                                      (tuple(ex.get("discard", ())), tuple(ex.get("shown", ()))))
        turns = rec.get("declarations", [])
        yield from batch_or_steps("/declarations", batched,
                                  lambda: engine.run_declarations(turns),
                                  entry_steps(turns, declare_action))
        if "play" in rec:
            yield "/play", Batch(lambda: engine.play_tricks(rec["play"]))

    def record_of(self, e: CarinthianEngine) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "deal": {"hands": [PACK.codes_of(h) for h in e.dealt],
                     "talon": [PACK.codes_of(e.talon[0]), PACK.codes_of(e.talon[1])]},
            "auction": [{"seat": s, "call": c} for s, c in e.auction.calls],
        }
        ex: dict[str, Any] = {}
        if e.trischak:
            assert e.mode is not None
            ex["trischak"] = e.mode
            if e.n == 3:
                ex["talon_order"] = [PACK.code(c) for c in e.talon_order]
        if e.taken is not None:
            ex["take"] = e.taken
        if e.discard_mask:
            ex["discard"] = PACK.codes_of(e.discard_mask)
            if e.shown:
                ex["shown"] = list(e.shown)
        if ex:
            rec["exchange"] = ex
        if e.turns:
            rec["declarations"] = [{"seat": s, "say": list(say)} for s, say in e.turns]
        if e.table is not None and e.table.tricks:
            rec["play"] = [[PACK.code(c) for c in cards] for _, cards, _, _ in e.table.tricks]
        return rec

    #: share of generated deals in which forehand is dealt the sixteen top tarocks, so that
    #: announced Valat and Fünfzig are also won (by chance a hand wins all 16 tricks almost never)
    MONSTER_SHARE = 0.02

    def random_deal(self, rng: random.Random, n: int, dealer: int, rules: RuleSet,
                    carry: dict[str, Any]) -> CarinthianEngine:
        assert isinstance(rules, CarinthianRules)
        deck = list(range(len(PACK)))
        rng.shuffle(deck)
        if rng.random() < self.MONSTER_SHARE:      # forehand's places in the deck (§2.3)
            top = [PACK.index[f"T{k}"] for k in range(7, 23)]
            rest = [c for c in deck if c not in top]
            deck = top[:8] + rest[:16] + rest[16:19] + top[8:] + rest[19:]
        hands, talon = deal_from_deck(deck, dealer, n)
        return CarinthianEngine(rules, n, dealer, [sum(1 << c for c in h) for h in hands],
                                (sum(1 << c for c in talon[0]), sum(1 << c for c in talon[1])),
                                full_carry(carry))

    def card_points_total(self, engine: CarinthianEngine) -> int | None:
        # §1.4: both piles of a normal game count 70 together; Trischak piles (talon cards
        # included) count what their sizes leave of the 106 (69–71), from the piles alone
        if engine.phase != "done":
            return None
        if engine.trischak:
            return trischak_points_total(engine)
        return 70

    def choose(self, engine: CarinthianEngine, rng: random.Random) -> Action:
        """A random legal action, weighted so that generated deals reach every contract, Zahle,
        Trischak (both modes, every outcome), announcements, kontra and retour."""
        e = engine
        if e.phase == "discard" and e.declarer is not None:
            d = rng.choice(list(e.legal_discards()))
            return Action("discard", e.declarer, (d, tuple(c for c in d if c[0] == "T")))
        actions = list(e.legal_actions)
        seat = e.to_act
        strong = seat is not None and (e.hands[seat] & TAROCK_MASK).bit_count() >= 14
        if strong and e.phase == "auction":            # a monster hand plays a high game
            high = [a for a in actions if a.value in ("vierzig", "solo")]
            if high:
                return rng.choice(high)
        if strong and e.phase == "announce" and rng.random() < 0.7:
            want = {"valat"} | ({"fuenfzig"} if rng.random() < 0.5 else set())
            best = [a for a in actions if set(a.value) == want] or [
                a for a in actions if set(a.value) == {"valat"}]
            if best:
                return best[0]
        if e.phase == "auction":
            passes = [a for a in actions if a.value == "pass"]
            if passes and rng.random() < 0.55:
                return passes[0]
            rest = [a for a in actions if a.value != "pass"] or actions
            return rest[0] if rng.random() < 0.5 else rng.choice(rest)
        if e.phase == "decide":
            chooses = [a for a in actions if a.kind == "choose"]
            if chooses and (rng.random() < 0.35 or not any(a.kind == "take" for a in actions)):
                a = rng.choice(chooses)
                order = list(a.value[1])
                if order and e.rules.talon_order == "any":
                    rng.shuffle(order)
                return Action("choose", a.seat, (a.value[0], tuple(order)))
            return rng.choice([a for a in actions if a.kind == "take"])
        if e.phase == "play":
            return rng.choice(actions)
        silent = [a for a in actions if a.kind == "declare" and not a.value]
        if e.phase == "announce":
            if silent and rng.random() < 0.6:
                return silent[0]
            small = [a for a in actions if len(a.value) == 1 and (
                a.value[0] != "valat" or rng.random() < 0.2)] or actions
            return rng.choice(small)
        if e.phase == "zahle":
            return actions[0] if rng.random() < 0.6 else rng.choice(actions)
        if silent and rng.random() < (0.5 if e.phase == "retour" else 0.7):
            return silent[0]
        return rng.choice(actions)

    # -- state across deals (§6.8) -----------------------------------------------------------
    def sitting_out(self, n: int, dealer: int, facts: Mapping[str, Any]) -> frozenset[int]:
        """§1.6: at four the dealer sits out, except in Trischak (``sits_out``)."""
        seat = sits_out(n, dealer, facts.get("contract") == TRISCHAK)
        return frozenset() if seat is None else frozenset({seat})

    def initial_carry(self, rules: RuleSet, n: int) -> dict[str, Any]:
        return initial_carry()

    def next_carry(self, engine: CarinthianEngine, carry: dict[str, Any]) -> dict[str, Any]:
        kind, success = deal_kind(engine.facts())
        return carry_after(full_carry(carry), kind, success, engine.rules, engine.n)

    # -- the outcome block (tarockrec/outcome.py, games/carinthian/outcome.py) ---------------
    def to_sheet(self, deal: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
        """The sheet keeps the Trischak decision and its mode (a call, §4.1), not the talon
        order or the exchange's cards: a sheet without its outcome still says Trischak."""
        out = super().to_sheet(deal, outcome)
        mode = (deal.get("exchange") or {}).get("trischak")
        if mode is not None:
            out["exchange"] = {"trischak": mode}
        return out

    def outcome(self, engine: CarinthianEngine) -> dict[str, Any]:
        return to_outcome(engine.facts())

    def score_outcome(self, outcome: dict[str, Any], rules: RuleSet, n: int, dealer: int,
                      carry: dict[str, Any]) -> tuple[list[Finding], Score | None]:
        """The written outcome checked (§4–§6) into the facts a played deal gives, and scored
        by the same ``score_facts``."""
        assert isinstance(rules, CarinthianRules)
        c = full_carry(carry)
        restricted = bool(c["period_active"]) and \
            int(c["period_deals"]) >= rules.restricted_after_deals
        found, facts = parse_outcome(outcome, rules, n, dealer, restricted)
        if facts is None:
            return found, None
        return found, score_facts(facts, rules, n, dealer, period_factor(c))

    def reachable(self, rec: dict[str, Any], rules: RuleSet, n: int, carry: dict[str, Any],
                  facts: dict[str, Any], scores: list[int]) -> bool | None:
        assert isinstance(rules, CarinthianRules)
        res = rec.get("result") or {}
        c = full_carry(carry)
        restricted = bool(c["period_active"]) and \
            int(c["period_deals"]) >= rules.restricted_after_deals
        return reachable(facts.get("contract", res.get("contract")),
                         facts.get("declarer", res.get("declarer")), rules, n, rec["dealer"],
                         period_factor(c), restricted, scores)

    def next_carry_sheet(self, rules: RuleSet, n: int, rec: dict[str, Any],
                         facts: dict[str, Any], carry: dict[str, Any]) -> dict[str, Any]:
        """§6.8 after a score sheet: from its outcome as after the cards (``deal_kind`` of the
        same facts); without one, Trischak from the decision or the written contract and a
        success from the written card points against the contract's target."""
        assert isinstance(rules, CarinthianRules)
        written = rec.get("outcome")
        if written is not None:
            _, parsed = parse_outcome(written, rules, n, rec["dealer"], False)
            if parsed is not None:
                kind, success = deal_kind(parsed)
                return carry_after(full_carry(carry), kind, success, rules, n)
        res = rec.get("result") or {}
        contract = facts.get("contract") or res.get("contract")
        if "trischak" in (rec.get("exchange") or {}) or contract == TRISCHAK:
            return carry_after(full_carry(carry), TRISCHAK, False, rules, n)
        pts = res.get("points")
        if not isinstance(contract, str) or contract not in CONTRACTS \
                or not isinstance(pts, list) or not pts or not isinstance(pts[0], int):
            kind = "zahle" if contract == "angesehen" else "played"
            return carry_after(full_carry(carry), kind, False, rules, n)
        said = {x for t in rec.get("declarations") or [] for x in t.get("say", [])}
        success = pts[0] >= success_target(contract, said)
        return carry_after(full_carry(carry), "played", success, rules, n)

    def check_sheet(self, rec: dict[str, Any], rules: RuleSet, n: int,
                    carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        """A score sheet: replay the calls (hands unknown), check the sheet's arithmetic."""
        assert isinstance(rules, CarinthianRules)
        findings = carry_findings(carry, rules, n)
        if findings:
            return findings, None
        dealer = rec["dealer"]
        e = CarinthianEngine(rules, n, dealer, [0] * n, (0, 0), full_carry(carry))
        facts: dict[str, Any] = {"multiplier": e.D}
        for i, entry in enumerate(rec.get("auction", [])):
            try:
                e.call(entry["seat"], entry["call"])
            except IllegalAction as err:
                return [Finding(err.code, err.message, f"/auction/{i}")], None
        ex = rec.get("exchange") or {}
        if e.contract is not None:
            facts["declarer"] = e.declarer
            facts["contract"] = e.contract.id
            # the Trischak decision: written in the exchange, or (a sheet) in the outcome
            if "trischak" in ex or (rec.get("outcome") or {}).get("contract") == TRISCHAK \
                    and e.contract.id == "angesehen":
                if e.contract.id != "angesehen":
                    return [Finding("CA-TRISCHAK", f"only an Angesehen declarer may convert to "
                                    f"Trischak, not a {e.contract.id} declarer (§4.1)",
                                    "/exchange/trischak")], facts
                facts["contract"] = TRISCHAK
            elif e.restricted and e.contract.id == "angesehen":
                return [Finding("CA-RESTRICTED", "in the restricted phase an Angesehen declarer "
                                "must play Trischak (§3.2)", "/exchange")], facts
        res = rec.get("result") or {}
        sheet, scores = res.get("sheet"), res.get("scores")
        if isinstance(sheet, list) and len(sheet) == n:
            seats = tuple(range(n))
            if n == 4 and rules.settle_active_only and facts.get("contract") != TRISCHAK:
                seats = tuple((dealer + 1 + i) % n for i in range(3))
            if isinstance(scores, list) and list(settle(sheet, seats)) != scores:
                findings.append(Finding("CA-SHEET", f"the scores {scores} are not the "
                                        f"settlement of the sheet {sheet} (n·e − Σe, §6.7)",
                                        "/result/scores"))
            decl = res.get("declarer", facts.get("declarer"))
            contract = res.get("contract", facts.get("contract"))
            if contract in CONTRACTS and isinstance(decl, int) and 0 <= decl < n \
                    and any(v for s, v in enumerate(sheet) if s != decl):
                findings.append(Finding("CA-SHEET", "outside Trischak only the declarer's "
                                        "column of the sheet changes (§6.7)", "/result/sheet"))
        return findings, facts


register(Carinthian())

__all__ = ["Carinthian", "CarinthianEngine", "CarinthianRules", "BIRDS"]
