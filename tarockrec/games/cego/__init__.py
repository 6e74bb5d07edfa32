"""Cego (Baden tarock), 3 and 4 players: docs/rules/cego.md; notation per its Appendix B and
docs/notation.md ("Cego vocabulary")."""
from __future__ import annotations

import random
from typing import Any, Iterator

from ...dealing import composition
from ...engine import Action
from ...errors import IllegalAction
from ...findings import Finding
from ...rules import RuleSet
from ...scoring import Score
from .. import Batch, Game, Step, batch_or_steps, call_action, entry_steps, register
from .codes import CODES
from .contracts import (
    CALLS, EXCHANGES, FACTOR_NO_SOLO, FACTOR_SOLO, INFO, PACK4, PB, TOTAL_POINTS,
)
from .engine import AUCTION_PHASES, CHOOSE, DISCARD, KEEP, PLAY, CegoEngine
from .rules import CegoRules
from .outcome import outcome_of, parse, possible_sheets, sheet_problem
from .scoring import net_of, score_of


def deal_from_deck(deck: list[int], dealer: int, n: int) -> tuple[list[list[int]], list[int]]:
    """§2.4: the top 12 (3p) or 10 (4p) cards to the talon, then one packet to each seat from
    forehand on, ending with the dealer."""
    info = INFO[n]
    t, h = info.talon_size, info.hand_size
    f = (dealer + 1) % n
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        hands[(f + i) % n] = deck[t + i * h:t + (i + 1) * h]
    return hands, deck[:t]


HAND_PTRS = tuple(f"/deal/hands/{s}" for s in range(4))


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Cego(Game[CegoEngine]):
    name = "cego"
    title = "Cego"
    table_sizes = (3, 4)
    pack = PACK4
    Rules = CegoRules
    Engine = CegoEngine
    codes = CODES

    # -- the deal ---------------------------------------------------------------------------
    def make_engine(self, rules: RuleSet, n: int, dealer: int, deal: dict[str, Any],
                    carry: dict[str, Any]) -> tuple[CegoEngine | None, list[Finding]]:
        info = INFO[n]
        hands = deal.get("hands")
        talon = deal.get("talon")
        if not isinstance(hands, list) or len(hands) != n:
            return None, [Finding("DEAL-COMPOSITION", f"Cego deals {n} hands at a table of "
                                  f"{n}", "/deal/hands")]
        if isinstance(talon, list) and talon and all(isinstance(x, list) for x in talon):
            return None, [Finding("DEAL-COMPOSITION", "the Cego talon is one packet: a single "
                                  "list of cards (§2.3)", "/deal/talon")]
        parts: list[tuple[str, Any, int | None]] = [
            (HAND_PTRS[s], hands[s], info.hand_size) for s in range(n)]
        parts.append(("/deal/talon", talon, info.talon_size))
        findings, masks = composition(info.pack, parts)
        if findings:
            return None, findings
        deck = deal.get("deck")
        if deck is not None:
            findings += self._check_deck(deck, dealer, n, masks)
        assert isinstance(rules, CegoRules)
        return CegoEngine(rules, n, dealer, masks[:n], masks[n]), findings

    def _check_deck(self, deck: Any, dealer: int, n: int, masks: list[int]) -> list[Finding]:
        info = INFO[n]
        found, _ = composition(info.pack, [("/deal/deck", deck, len(info.pack))])
        if found:
            return found
        hands, talon = deal_from_deck([info.pack.index[c] for c in deck], dealer, n)
        if _mask(talon) != masks[n]:
            return [Finding("DEAL-ORDER", f"the talon does not match the deck: the top "
                            f"{info.talon_size} cards form the talon (§2.4)", "/deal/talon")]
        for s in range(n):
            if _mask(hands[s]) != masks[s]:
                return [Finding("DEAL-ORDER", f"seat {s}'s hand does not match the deck and the "
                                "dealing order (§2.4: the talon, then one packet to each seat "
                                "from forehand)", f"/deal/hands/{s}")]
        return []

    # -- replay ------------------------------------------------------------------------------
    def replay(self, rec: dict[str, Any], engine: CegoEngine) -> Iterator[Step]:
        return self._replay(rec, engine, False)

    def replay_batched(self, rec: dict[str, Any], engine: CegoEngine) -> Iterator[Step]:
        """``replay`` for a caller that needs no step per action (the validator): the recorded
        auction is one ``Batch`` (the same checks, findings and places;
        ``tests/test_replay_batches.py`` holds the two to the same verdicts)."""
        return self._replay(rec, engine, True)

    def _replay(self, rec: dict[str, Any], engine: CegoEngine, batched: bool) -> Iterator[Step]:
        auction = rec.get("auction", [])
        yield from batch_or_steps("/auction", batched, lambda: engine.run_calls(auction),
                                  entry_steps(auction, call_action))
        if engine.phase == CHOOSE:          # §3.6: no explicit choice means play_cego
            yield f"/auction/{len(auction)}", Action("call", engine.forehand, "play_cego")
        ex = rec.get("exchange")
        decl = engine.declarer if engine.declarer is not None else engine.forehand
        if ex is not None:
            if "keep" in ex:
                yield "/exchange/keep", Action("keep", decl, tuple(ex["keep"]))
            if "extra_discard" in ex:
                yield "/exchange/extra_discard", Action("discard", decl, ex["extra_discard"])
        end = rec.get("end")
        if end is not None:
            if end.get("type") != "challenge":
                yield "/end/type", IllegalAction("CE-END", f"a Cego deal cannot end by "
                                                 f"{end.get('type')}: the only early end is the "
                                                 "declarer's Solo-hand challenge (§4.5)",
                                                 end.get("type"))
                return
            yield "/end", Action("challenge", end.get("seat", -1))
        if "play" in rec:
            play = rec["play"]
            yield "/play", Batch(lambda: engine.play_tricks(play))

    def record_of(self, engine: CegoEngine) -> dict[str, Any]:
        e = engine
        pack = e.pack
        rec: dict[str, Any] = {
            "deal": {"hands": [pack.codes_of(h) for h in e.dealt],
                     "talon": pack.codes_of(e.talon)},
            "auction": [{"seat": s, "call": c} for s, c in e.calls],
        }
        if e.kept:
            ex: dict[str, Any] = {"keep": pack.codes_of(e.kept)}
            if e.extra is not None:
                ex["extra_discard"] = pack.code(e.extra)
            rec["exchange"] = ex
        if e.table is not None and e.table.tricks:
            rec["play"] = [[pack.code(c) for c in cards] for _, cards, _, _ in e.table.tricks]
        if e.challenger is not None:
            rec["end"] = {"type": "challenge", "seat": e.challenger}
        return rec

    # -- generator -----------------------------------------------------------------------------
    def random_deal(self, rng: random.Random, n: int, dealer: int, rules: RuleSet,
                    carry: dict[str, Any]) -> CegoEngine:
        info = INFO[n]
        deck = list(range(len(info.pack)))
        rng.shuffle(deck)
        hands, talon = deal_from_deck(deck, dealer, n)
        assert isinstance(rules, CegoRules)
        return CegoEngine(rules, n, dealer, [_mask(h) for h in hands], _mask(talon))

    def card_points_total(self, engine: CegoEngine) -> int | None:
        """§1.7: the declarer's side and the defenders always total 70 (the 3-player extra
        point included); Piccolo, Bettel, Räuber and a challenged deal count no such total."""
        if engine.contract in PB or engine.contract == "raeuber" or engine.phase != "done":
            return None
        return TOTAL_POINTS

    def choose(self, engine: CegoEngine, rng: random.Random) -> Action:
        """A random legal action, weighted so that every contract, the Solo-hand challenge
        and Räuber turn up in a few hundred deals."""
        e = engine
        actions = list(e.legal_actions)
        if e.phase in AUCTION_PHASES:
            by = {a.value: a for a in actions}
            if e.phase == CHOOSE:
                return by["raeuber"] if rng.random() < 0.5 else by["play_cego"]
            if "solo" in by and rng.random() < 0.08:
                return by["solo"]
            if "bettel" in by and rng.random() < 0.03:
                return by["bettel"]
            if "piccolo" in by and rng.random() < 0.05:
                return by["piccolo"]
            if "hold" in by and rng.random() < 0.75:
                return by["hold"]
            bids = [a for a in actions if a.value in EXCHANGES and a.value != "cego"]
            seat = bids[0].seat if bids else -1
            keen = seat >= 0 and bool(e.dealt[seat] & 1)      # holds the Pfeife (T1)
            if bids and rng.random() < (0.85 if keen else 0.45):
                return bids[0]
            if "cego" in by and (e.solo_bid and rng.random() < 0.5 or "pass" not in by):
                return by["cego"]
            return by.get("pass") or rng.choice(actions)
        if e.phase == PLAY:
            ch = [a for a in actions if a.kind == "challenge"]
            if ch and rng.random() < 0.15:
                return ch[0]
            stop = [a for a in actions if a.kind == "stop"]
            if stop and rng.random() < 0.5:              # §5.5: the record ends early
                return stop[0]
            actions = [a for a in actions if a.kind == "play"]
        return rng.choice(actions)

    # -- sessions: the deal passes to forehand (§2.1, §6.10), nothing else carries -----------
    def next_dealer(self, engine: CegoEngine | None, dealer: int, n: int,
                    rec: dict[str, Any]) -> int:
        return (dealer + 1) % n

    # -- the outcome and score sheets (§6; docs/notation.md, the Cego outcome) ------------------
    def outcome(self, engine: CegoEngine) -> dict[str, Any]:
        return outcome_of(engine.facts())

    def score_outcome(self, outcome: dict[str, Any], rules: RuleSet, n: int, dealer: int,
                      carry: dict[str, Any]) -> tuple[list[Finding], Score | None]:
        """The written outcome checked (games/cego/outcome.py) and scored by the scorer of the
        played deals."""
        assert isinstance(rules, CegoRules)
        found, facts = parse(outcome, rules, n, dealer)
        if facts is None:
            return found, None
        return found, score_of(n, dealer, facts, str(rules.raeuber_tie))

    def check_sheet(self, rec: dict[str, Any], rules: RuleSet, n: int,
                    carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        """A score sheet (no cards): the auction's structure, complete (§3, §3.7; hand
        restrictions unchecked); with an outcome, its factor against the calls' Solo bid; without
        one, the contract's factor (§6.3), the sheet entries' shape (§6.5–§6.9) and that the net
        scores are their settlement (§6.6)."""
        findings: list[Finding] = []
        facts: dict[str, Any] = {}
        assert isinstance(rules, CegoRules)
        e = CegoEngine(rules, n, rec["dealer"], [0] * n, 0, hands_known=False)
        auction = rec.get("auction", [])
        for i, entry in enumerate(auction):
            try:
                e.call(entry["seat"], entry["call"])
            except IllegalAction as err:
                findings.append(Finding(err.code, err.message, f"/auction/{i}"))
                return findings, None
        if e.phase == CHOOSE:
            e.call(e.forehand, "play_cego")
        if e.phase in AUCTION_PHASES:               # §2.5, §3.7: every deal reaches a contract
            findings.append(Finding("CE-AUCTION-INCOMPLETE", (
                "the score sheet records no calls" if not auction else
                "the score sheet's calls stop before a contract is reached")
                + ": every deal reaches a contract, and the sheet records the calls that fix "
                "it (§2.5, §3.7)", "/auction"))
            return findings, None
        facts["declarer"] = e.forehand if e.contract == "raeuber" else e.declarer
        facts["contract"] = e.contract
        c = e.contract
        if c is not None and c in FACTOR_NO_SOLO:
            facts["multiplier"] = (FACTOR_SOLO if e.solo_bid else FACTOR_NO_SOLO)[c]
        end = rec.get("end")
        if isinstance(end, dict):
            why = e.challenge_refusal()         # the schema admits only the challenge
            if why is not None:
                findings.append(Finding("CE-CHALLENGE", why, "/end"))
            elif end.get("seat") != e.declarer:
                findings.append(Finding("CE-CHALLENGE", f"only the declarer (seat {e.declarer}) "
                                        f"may challenge, not seat {end.get('seat')} (§4.5)",
                                        "/end"))
        written = rec.get("outcome")
        if isinstance(written, dict):               # scored, and compared with the calls
            if isinstance(end, dict) and written.get("end") != "challenge":
                findings.append(Finding("OUTCOME-CONFLICT", "the record's end is the "
                                        "declarer's challenge, but the outcome's is not (§4.5)",
                                        "/outcome"))
            return findings, facts
        res = rec.get("result") or {}
        sheet, scores = _ints(res.get("sheet"), n), _ints(res.get("scores"), n)
        if c == "solo":                                         # §6.3: M by won or lost
            line = sheet if sheet is not None else scores
            decl = e.declarer
            if line is not None and decl is not None:
                facts["multiplier"] = 1 if line[decl] > 0 else 2
            elif res.get("multiplier") not in (None, 1, 2):
                findings.append(Finding("RESULT-MULTIPLIER", f"a Solo has M = 1 won or 2 lost, "
                                        f"not {res['multiplier']} (§6.3)", "/result/multiplier"))
        if sheet is not None and scores is not None and scores != net_of(sheet):
            findings.append(Finding("RESULT-SCORES", f"the scores {scores} are not the "
                                    f"settlement of the sheet entries {sheet}: "
                                    f"{net_of(sheet)} (§6.6)", "/result/scores"))
        why = _sheet_problem(rec, rules, n, c, facts["declarer"], e.solo_bid, sheet)
        if why is not None:
            findings.append(Finding("RESULT-SHEET", f"the sheet entries {sheet} cannot be: "
                                    f"{why}", "/result/sheet"))
        return findings, facts

    def reachable(self, rec: dict[str, Any], rules: RuleSet, n: int, carry: dict[str, Any],
                  facts: dict[str, Any], scores: list[int]) -> bool | None:
        """Whether some outcome of the calls' contract gives ``scores`` (§6.5–§6.9): the
        sheet lines of every A the table size allows, the factor the calls fix, each
        declarer's and each penalised seat's line after a challenge, each set of Räuber
        losers. A written sheet is checked by ``check_sheet``, and the scores against it."""
        assert isinstance(rules, CegoRules)
        c = facts.get("contract")
        d = facts.get("declarer")
        if not isinstance(c, str) or not isinstance(d, int):
            return None
        res = rec.get("result") or {}
        sheet = _ints(res.get("sheet"), n)
        auction = rec.get("auction") or []
        solo_bid = any(x.get("call") == "solo" for x in auction)
        if sheet is not None:       # checked, and reported, by check_sheet
            if scores != net_of(sheet) or _sheet_problem(rec, rules, n, c, d, solo_bid, sheet):
                return None
            return True
        lines = possible_sheets(n, rec["dealer"], c, [d], [solo_bid], [_challenged(rec)],
                                rules)
        # §6.2–§6.5: a line that gives the scores must also fit the written card points
        return any(net_of(line) == scores
                   and _sheet_problem(rec, rules, n, c, d, solo_bid, list(line)) is None
                   for line in lines)


def _ints(v: Any, n: int) -> list[int] | None:
    """``v`` when it is a list of ``n`` integers."""
    if isinstance(v, list) and len(v) == n and all(isinstance(x, int) for x in v):
        return v
    return None


def _sheet_problem(rec: dict[str, Any], rules: CegoRules, n: int, contract: str | None,
                   declarer: int | None, solo_bid: bool, sheet: list[int] | None) -> str | None:
    if sheet is None or contract is None:
        return None
    points = (rec.get("result") or {}).get("points")
    return sheet_problem(n, rec["dealer"], contract, declarer, solo_bid, sheet,
                         points if isinstance(points, list) else None, _challenged(rec), rules)


def _challenged(rec: dict[str, Any]) -> bool:
    end = rec.get("end")
    return isinstance(end, dict) and end.get("type") == "challenge"


register(Cego())
__all__ = ["Cego", "CegoEngine", "CegoRules", "deal_from_deck", "CALLS", "KEEP", "DISCARD",
           "PLAY"]
