"""The Cego rules engine (docs/rules/cego.md), 3 and 4 players. One object = one deal.

Phases: auction (§3: the Solo round §3.3, the Piccolo/Bettel round §3.6, the ranked auction
§3.4 on the shared ``Auction`` in ``DUEL`` order, forehand's Räuber choice §3.6) → kept cards
(§4.2) → extra discard (§4.2) → play (§5; the declarer's Solo-hand challenge §4.5 instead of the
first lead) → done / challenged. Every action kind has ``verify_x`` / ``can_x`` / ``x``.
"""
from __future__ import annotations

from enum import StrEnum
from functools import partial
from itertools import combinations
from typing import Any, Iterator

from ...cards import TRUMP, iter_bits
from ...core.auction import HOLD, PASS, Auction, AuctionSpec, Refusal, TurnOrder
from ...engine import (LEGAL_CARDS, NO_VALUE, NOTHING, TEXT, TEXTS, Action, Event, TrickEngine,
                      call_event, takes)
from ...errors import IllegalAction
from ...scoring import Score
from ...tricks import TrickTable, follow_or_ruff, winner_by_beats
from .contracts import (
    CALLS, EXCHANGES, INFO, LADDER, PB, PB_TRICKS, RANKED, PackInfo, blank_beats, can_hold,
    hand_reason,
)
from .rules import CegoRules
from .scoring import CegoFacts, facts_from_piles, score_of

class Phase(StrEnum):
    """Where a deal stands (§3–§5); ``engine.phase`` is one of these."""
    SOLO_ROUND = "solo_round"
    PB_ROUND = "pb_round"
    RANKED_AUCTION = "ranked"
    CHOOSE = "choose"
    KEEP = "keep"
    DISCARD = "discard"
    PLAY = "play"
    DONE = "done"
    CHALLENGED = "challenged"
    #: a Piccolo / Bettel record that ends right after its failure is decided (§5.5, G16)
    STOPPED = "stopped"


(SOLO_ROUND, PB_ROUND, RANKED_AUCTION, CHOOSE, KEEP, DISCARD, PLAY, DONE, CHALLENGED,
 STOPPED) = Phase
AUCTION_PHASES = (SOLO_ROUND, PB_ROUND, RANKED_AUCTION, CHOOSE)
CALL_SET = frozenset(CALLS)

#: §3.4: challengers one at a time against the holder, exactly one step, holds, final passes
AUCTION_SPEC = AuctionSpec(ladder=RANKED, order=TurnOrder.DUEL, pass_final=True,
                           exact_step=True, holds=True)
_SUIT_NAME = {"T": "trumps", "S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}


def _bad(code: str, message: str, token: object = None, sub: str = "") -> IllegalAction:
    return IllegalAction(code, message, token, sub)


class CegoEngine(TrickEngine):
    ACTIONS = ("call", "keep", "discard", "challenge", "play", "stop")
    rules: CegoRules
    phase: Phase
    game = "cego"
    CODE = "CE"

    def __init__(self, rules: CegoRules, n: int, dealer: int, hands: list[int], talon: int,
                 hands_known: bool = True) -> None:
        self.rules = rules
        self.n = n
        self.info: PackInfo = INFO[n]
        self.pack = self.info.pack  # type: ignore[misc]
        self.dealer = dealer
        self.forehand = (dealer + 1) % n
        self.dealt = list(hands)
        self.hands = list(hands)
        self.talon = talon
        #: a score sheet has no hands: §3.2 cannot be checked
        self.hands_known = hands_known
        self.phase = SOLO_ROUND
        self.calls: list[tuple[int, str]] = []
        self._speakers = [(self.forehand + i) % n for i in range(n)]
        self._spoken = 0                        # Solo round / Piccolo-Bettel round turns
        self.solo_seat: int | None = None
        self.piccolo_seat: int | None = None
        self.auction: Auction | None = None
        self.contract: str | None = None
        self.declarer: int | None = None
        self.solo_bid = False
        self.raised = False
        self.kept = 0
        self.extra: int | None = None
        self.legage = 0
        self.table: TrickTable | None = None
        self.challenger: int | None = None
        self._plain = False
        #: §4.4 courts kept as designated blanks, and the trick order they give
        self.blanks = 0
        self.beats: tuple[int, ...] = self.info.beats

    # -- state ------------------------------------------------------------------------------
    # who acts, and what may be done (the shape is TrickEngine's)
    ACTOR = {SOLO_ROUND: "_speakers[_spoken]", PB_ROUND: "_speakers[_spoken]",
             RANKED_AUCTION: "auction", CHOOSE: "forehand", KEEP: "declarer",
             DISCARD: "declarer", PLAY: "table"}
    MOVES = {**{ph: ("call",) for ph in AUCTION_PHASES}, KEEP: ("keep",),
             DISCARD: ("discard",), PLAY: ("challenge", "stop", "play")}
    BY = {"challenge": "declarer", "stop": "declarer"}
    CANDIDATES = {"call": CALLS, "challenge": NO_VALUE, "stop": NO_VALUE, "play": LEGAL_CARDS}

    @property
    def is_over(self) -> bool:
        return self.phase in (DONE, CHALLENGED, STOPPED)

    @property
    def stage(self) -> str:
        return self.phase

    # what a record still owes, and the findings of an action out of its phase (the shape is
    # TrickEngine's): the tables, then the findings that are Cego's own
    EXPECT = {SOLO_ROUND: "CE-AUCTION-INCOMPLETE", PB_ROUND: "CE-AUCTION-INCOMPLETE",
              RANKED_AUCTION: "CE-AUCTION-INCOMPLETE", CHOOSE: "CE-AUCTION-INCOMPLETE",
              KEEP: "CE-EXCHANGE-MISSING", DISCARD: "CE-EXTRA-MISSING",
              PLAY: "CE-TRICKS-MISSING"}
    PHASE_CODE = "CE-TRICKS-EXTRA"
    EXPECTING = {
        SOLO_ROUND: "the Solo round is still running (seat {e.to_act} to speak)",
        PB_ROUND: "the Piccolo/Bettel round is still running (seat {e.to_act} to speak)",
        RANKED_AUCTION: "the auction is still running (seat {e.to_act} to call)",
        CHOOSE: "forehand (seat {e.forehand}) must still choose play_cego or raeuber",
        KEEP: "the declarer (seat {e.declarer}) must still choose the kept cards",
        DISCARD: "the declarer (seat {e.declarer}) must still make the extra discard",
        PLAY: "the play is still running",
    }
    ENDED = {CHALLENGED: "the Solo-hand challenge ended the deal (§4.5)",
             STOPPED: "the record ended after trick {e.tricks_done}, once the {e.contract} had "
                      "failed (§5.5)",
             DONE: "all {e.info.tricks} tricks have been played"}
    AFTER_END = {(CHALLENGED, None): "CE-AFTER-CHALLENGE", (None, None): "CE-TRICKS-EXTRA"}

    def _tricks_missing(self) -> str:
        more = ""
        if self.contract in PB and not self.rules.require_full_play:
            more = (", or those up to the trick in which the declarer wins "
                    + ("a trick" if self.contract == "bettel" else "a second trick"))
        return f"{super()._tricks_missing()}{more} (§5.5)"

    def _may_stop_early(self) -> bool:
        return self.early_end_ok()

    def early_end_ok(self) -> bool:
        """§5.5 / G16: a Piccolo or Bettel record may stop after the trick that decides its
        failure (not under ``require_full_play``)."""
        c = self.contract
        t = self.table
        if c not in PB or t is None or t.cards or self.rules.require_full_play:
            return False
        assert self.declarer is not None
        return t.count[self.declarer] > PB_TRICKS[c]

    def _after_end(self, kind: str, token: object) -> IllegalAction:
        if kind == "challenge" and self.phase == DONE:
            return _bad("CE-CHALLENGE", "the challenge is made instead of the first lead, not "
                        "after the play", token)
        return super()._after_end(kind, token)

    def _out_of_phase(self, kind: str, token: object) -> IllegalAction | None:
        ph = self.phase
        if kind == "call":
            return _bad("CE-AUCTION-OVER", "the auction is over"
                        + (f": {self._contract_text()}" if self.contract else ""), token)
        if kind in ("keep", "discard"):
            c = self.contract
            if c is not None and c not in EXCHANGES:
                return _bad("CE-NO-EXCHANGE", f"there is no exchange in {c}: the talon stays "
                            "untouched (§4.2)", token)
            if kind == "discard" and ph == KEEP:
                return _bad("CE-EXCHANGE-MISSING", "the kept cards come before the extra "
                            "discard (§4.2)", token)
            if kind == "discard" and c is not None and EXCHANGES[c].extra == "none":
                return _bad("CE-EXTRA-NONE", f"{c} has no extra discard (§4.2)", token)
            if ph in AUCTION_PHASES:
                return _bad("CE-AUCTION-INCOMPLETE", f"the exchange cannot start yet: "
                            f"{self._expecting()}", token)
            return _bad("CE-KEEP" if kind == "keep" else "CE-EXTRA-DISCARD",
                        f"the exchange is over: {self._expecting()}", token)
        if kind == "challenge":
            if ph in AUCTION_PHASES or ph in (KEEP, DISCARD):
                return _bad(self._expected_code(), f"the challenge is made after the exchange, "
                            f"instead of the first lead: {self._expecting()}", token)
            return _bad("CE-CHALLENGE", "the challenge is possible only instead of the first "
                        "lead", token)
        return None                             # play (or the stop) before the play phase

    def _contract_text(self) -> str:
        if self.contract == "raeuber":
            return "forehand declared Räuber"
        return f"seat {self.declarer} plays {self.contract}"

    # -- auction (§3) ------------------------------------------------------------------------
    def can_call(self, seat: int, call: str) -> bool:
        return self._can(self.verify_call, seat, call)

    def call(self, seat: int, call: str) -> Event:
        self.verify_call(seat, call)
        return self._apply_call(seat, call)

    @takes(TEXT)
    def verify_call(self, seat: int, call: str) -> None:
        ph = self.phase
        if call not in CALL_SET:
            raise _bad("CE-CALL-UNKNOWN", f"{call!r} is not a Cego call (App. B)", call)
        if ph not in AUCTION_PHASES:
            if call in ("raeuber", "play_cego"):
                raise _bad("CE-RAEUBER", self._no_raeuber_reason(), call)
            raise self._wrong_phase("call", call)
        if ph == CHOOSE:
            if call not in ("raeuber", "play_cego"):
                raise _bad("CE-AUCTION-OVER", f"the auction is over: forehand (seat "
                           f"{self.forehand}) now chooses play_cego or raeuber (§3.6)", call)
            if seat != self.forehand:
                raise _bad("CE-RAEUBER", f"only forehand (seat {self.forehand}) chooses "
                           f"Räuber, not seat {seat} (§3.6)", call)
            return
        if call in ("raeuber", "play_cego"):
            raise _bad("CE-RAEUBER", "Räuber can be declared only after the auction, when "
                       "forehand's forced cego stood unraised (§3.6)", call)
        if ph == SOLO_ROUND:
            turn = self._speakers[self._spoken]           # to_act in the two rounds
            if seat != turn:
                raise _bad("CE-TURN", f"it is seat {turn}'s turn in the Solo round, not seat "
                           f"{seat}'s (§3.3: forehand speaks first)", call)
            if call not in (PASS, "solo"):
                raise _bad("CE-STAGE1-CALL", f"only solo or pass may be called in the Solo "
                           f"round, not {call} (§3.3)", call)
            return
        if ph == PB_ROUND:
            turn = self._speakers[self._spoken]
            if seat != turn:
                raise _bad("CE-TURN", f"it is seat {turn}'s turn in the Piccolo/Bettel round, "
                           f"not seat {seat}'s (§3.6: each seat speaks once)", call)
            if call == "piccolo" and self.piccolo_seat is not None:
                raise _bad("CE-PB-ROUND", f"seat {self.piccolo_seat} already called Piccolo: "
                           "only bettel or pass now (§3.6)", call)
            if call not in (PASS, "piccolo", "bettel"):
                raise _bad("CE-PB-ROUND", f"only piccolo, bettel or pass may be called in the "
                           f"Piccolo/Bettel round, not {call} (§3.6)", call)
            return
        # the ranked auction (§3.4)
        a = self.auction
        assert a is not None
        if call in PB:
            raise _bad("CE-NO-PB", f"{call} is bid only in the 4-player Piccolo/Bettel round, "
                       "after every seat passed the Solo round (§3.6)", call)
        if seat == self.solo_seat and self.solo_bid:
            raise _bad("CE-SOLO-BIDDER", f"seat {seat} bid Solo and takes no further part in "
                       "the auction (§3.4)", call)
        if call == "solo":
            raise _bad("CE-SOLO-AGAIN", "the Solo round is over: there is never a second Solo "
                       "(§3.3)" if self.solo_bid else "the Solo round is over (§3.3)", call)
        why = a.refusal(seat, call)
        if why is not None:
            raise self._refused(why, seat, call)
        if call in RANKED:
            if a.high is None and call != "cego":
                raise _bad("CE-JUMP", f"the first bid of the auction is cego, not {call} "
                           "(§3.4: exactly one step above " + ("Solo)" if self.solo_bid
                                                               else "nothing; forced cego)"),
                           call)
            if not self._can_hold(seat, call):
                raise _bad("CE-HAND", f"seat {seat} may not bid {call}: the dealt hand lacks "
                           f"{hand_reason(call)} (§3.2)", call)
        elif call == HOLD:
            assert a.high is not None
            if not self._can_hold(seat, a.high):
                raise _bad("CE-HAND", f"seat {seat} may not hold {a.high}: the dealt hand lacks "
                           f"{hand_reason(a.high)} (§3.2: the restrictions bind holds too)", call)

    def _blanks_allowed(self, contract: str) -> bool:
        """§4.4: whether the rule set lets a court stand in for a pip card in ``contract``."""
        r = self.rules
        if contract == "eine_leere":
            return r.court_as_blank_eine_leere
        return r.court_as_blank and contract in ("zwei_leere", "zwei_verschiedene")

    def _can_hold(self, seat: int, contract: str) -> bool:
        return not self.hands_known or can_hold(self.info, self.dealt[seat], contract,
                                                self._blanks_allowed(contract))

    def _refused(self, why: Refusal, seat: int, call: str) -> IllegalAction:
        a = self.auction
        assert a is not None
        if why is Refusal.TURN:
            return _bad("CE-TURN", f"it is seat {a.turn}'s turn in the auction, not seat "
                        f"{seat}'s (§3.4)", call)
        if why is Refusal.PASSED:
            return _bad("CE-PASSED", f"seat {seat} has passed and may not speak again (§3.4)",
                        call)
        if why is Refusal.OPEN_PASS:
            return _bad("CE-OPEN-PASS", "forehand must open the auction with cego (§3.4)", call)
        if why is Refusal.HOLDER_RAISES:
            return _bad("CE-HOLDER-RAISES", f"seat {seat} holds the bid and may only hold or "
                        f"pass, not raise to {call} (§3.4)", call)
        if why in (Refusal.NO_HOLD, Refusal.HOLD_PRIORITY):
            return _bad("CE-HOLD", f"seat {seat} cannot hold: " + (
                "nothing has been bid yet" if a.high is None else
                f"only the holder (seat {a.holder}) may hold {a.high}") + " (§3.4)", call)
        if why is Refusal.JUMP:
            return _bad("CE-JUMP", f"{call} jumps: the only bid over {a.high} is "
                        f"{a.next_step()} (§3.4: exactly one step)", call)
        if why is Refusal.LOW:
            nxt = a.next_step()
            return _bad("CE-BID-LOW", f"{call} does not go above {a.high}" + (
                f"; the only bid is {nxt}" if nxt else ": Pfeife is the top, only pass")
                + " (§3.4)", call)
        return _bad("CE-AUCTION-OVER", "the auction is over", call)

    def _no_raeuber_reason(self) -> str:
        if self.n == 3:
            return "there is no Räuber in the 3-player game (§3.5)"
        if self.solo_bid:
            return "Räuber is impossible after a Solo bid (§3.6)"
        if self.contract in PB or self.contract == "raeuber":
            return f"Räuber cannot follow {self.contract} (§3.6)"
        if self.raised:
            return "Räuber only when forehand's cego stood unraised; here the bidding went " \
                   "above cego (§3.6)"
        return "Räuber is declared by forehand right after the auction (§3.6)"

    def _apply_call(self, seat: int, call: str) -> Event:
        self._push_call(seat, call)
        return call_event(seat, call)

    def _push_call(self, seat: int, call: str) -> None:
        self.calls.append((seat, call))
        ph = self.phase
        if ph == SOLO_ROUND:
            if call == "solo":                                  # §3.3: ends the round at once
                self.solo_seat, self.solo_bid = seat, True
                self._start_ranked([(seat + i) % self.n for i in range(1, self.n)])
            else:
                self._spoken += 1
                if self._spoken == self.n:
                    if self.n == 3:
                        self._start_ranked(self._speakers)
                    else:
                        self.phase, self._spoken = PB_ROUND, 0
        elif ph == PB_ROUND:
            if call == "bettel":                                # §3.6: ends at once
                self._fix("bettel", seat)
            else:
                if call == "piccolo":
                    self.piccolo_seat = seat
                self._spoken += 1
                if self._spoken == self.n:
                    if self.piccolo_seat is not None:
                        self._fix("piccolo", self.piccolo_seat)
                    else:
                        self._start_ranked(self._speakers)
        elif ph == RANKED_AUCTION:
            a = self.auction
            assert a is not None
            a.push(seat, call)
            if a.done:
                self.raised = a.raised
                if a.holder is None:                            # §3.4: the Solo stands
                    assert self.solo_seat is not None
                    self._fix("solo", self.solo_seat)
                elif (self.n == 4 and not self.solo_bid and a.high == "cego"
                      and a.holder == self.forehand and not a.raised):
                    self.contract, self.declarer = "cego", self.forehand
                    self.phase = CHOOSE                         # §3.6 Räuber conversion
                else:
                    assert a.high is not None
                    self._fix(a.high, a.holder)
        else:                                                   # CHOOSE
            if call == "raeuber":
                self._fix("raeuber", None)
            else:
                self._fix("cego", self.forehand)

    def run_calls(self, entries: list[Any]) -> None:
        """The recorded ``auction`` (``[{"seat", "call"}, …]``), the replay's batch."""
        self._run_entries(entries, "call", _CHECK_CALL, self._push_call, self.verify_call)

    def _start_ranked(self, seats: list[int]) -> None:
        # open mode: forehand's opening is forced (§3.4)
        spec = AUCTION_SPEC if self.solo_bid else OPEN_SPEC
        self.auction = Auction(spec, seats)
        self.phase = RANKED_AUCTION

    def _fix(self, contract: str, declarer: int | None) -> None:
        self.contract, self.declarer = contract, declarer
        if contract in EXCHANGES:
            self.phase = KEEP
        else:
            if contract == "solo":
                self.legage = self.talon                        # §4.2: the untouched talon
            self._start_play()

    # -- exchange (§4.2) ----------------------------------------------------------------------
    def can_keep(self, seat: int, cards: tuple[str, ...]) -> bool:
        return self._can(self.verify_keep, seat, cards)

    def keep(self, seat: int, cards: tuple[str, ...]) -> Event:
        self.verify_keep(seat, cards)
        return self._apply_keep(seat, cards)

    @takes(TEXTS)
    def verify_keep(self, seat: int, cards: tuple[str, ...]) -> None:
        if self.phase != KEEP:
            raise self._wrong_phase("keep", cards)
        c = self.contract
        assert c is not None and self.declarer is not None
        if seat != self.declarer:
            raise _bad("CE-TURN", f"only the declarer (seat {self.declarer}) exchanges, not "
                       f"seat {seat}", cards)
        ex = EXCHANGES[c]
        index = self.pack.index
        hand = self.dealt[seat]
        mask = 0
        for cc in cards:
            card = index.get(cc)
            if card is None:
                raise _bad("CARD-UNKNOWN", f"{cc!r} is not a card of the {self.pack.name} pack",
                           cc)
            if not hand >> card & 1:
                raise _bad("CE-KEEP", f"seat {seat} keeps {cc}, which is not in the dealt hand "
                           "(§4.2: the kept cards come from the hand)", cc)
            if mask >> card & 1:
                raise _bad("CE-KEEP", f"{cc} is kept twice", cc)
            mask |= 1 << card
        if len(cards) != ex.keep:
            raise _bad("CE-KEEP", f"{c} keeps {ex.keep} card{'s' if ex.keep > 1 else ''}, not "
                       f"{len(cards)} (§4.2)", cards)
        info = self.info
        if ex.kind == "pfeife" and mask != 1:
            raise _bad("CE-KEEP-KIND", f"Pfeife keeps exactly T1, not {cards[0]} (§4.2)",
                       cards[0])
        if ex.kind in ("pip", "pips_same_suit", "pips_two_suits") and mask & ~info.pip_mask:
            bad = next(cc for cc in cards if not info.pip_mask >> index[cc] & 1)
            what = "one pip card" if ex.kind == "pip" else "two pip cards"
            if mask & info.trump_mask or not self._blanks_allowed(c):
                raise _bad("CE-KEEP-KIND", f"{c} keeps {what}, and {bad} is not one (§4.2)",
                           bad)
            if can_hold(info, hand, c):                                     # §4.4
                raise _bad("CE-KEEP-KIND", f"{c}: the court {bad} may be kept as a blank only "
                           "when the pip cards of the hand cannot meet the contract (§4.4)",
                           bad)
        if ex.kind in ("pips_same_suit", "pips_two_suits"):
            suits = {self.pack.suits[index[cc]] for cc in cards}
            if ex.kind == "pips_same_suit" and len(suits) != 1:
                raise _bad("CE-KEEP-KIND", f"Zwei Leere keeps two pip cards of the same suit, "
                           f"not {' '.join(cards)} (§4.2)", cards)
            if ex.kind == "pips_two_suits" and len(suits) != 2:
                raise _bad("CE-KEEP-KIND", "Zwei Verschiedene keeps two pip cards of different "
                           f"suits, not {' '.join(cards)} (§4.2)", cards)

    def _apply_keep(self, seat: int, cards: tuple[str, ...]) -> Event:
        c = self.contract
        assert c is not None
        mask = sum(map(self.pack.bit.__getitem__, cards))  # checked: distinct cards
        self.kept = mask
        blanks = mask & ~self.info.pip_mask & ~self.info.trump_mask     # §4.4 designated
        if blanks and EXCHANGES[c].kind != "any":
            self.blanks = blanks
            self.beats = blank_beats(self.info, blanks)
        self.legage = self.dealt[seat] & ~mask
        self.hands[seat] = mask | self.talon
        if EXCHANGES[c].extra == "none":
            self._start_play()
        else:
            self.phase = DISCARD
        return Event(Action("keep", seat, tuple(cards)))

    def can_discard(self, seat: int, card: str) -> bool:
        return self._can(self.verify_discard, seat, card)

    def discard(self, seat: int, card: str) -> Event:
        self.verify_discard(seat, card)
        return self._apply_discard(seat, card)

    def extra_allowed(self) -> int:
        """§4.2: the cards the extra discard may be (mask)."""
        c = self.contract
        assert c is not None and self.declarer is not None
        hand = self.hands[self.declarer]
        rule = EXCHANGES[c].extra
        trumps = hand & self.info.trump_mask
        if rule == "any":
            return hand
        if not trumps:                                          # G12
            return hand & ~self.kept
        if rule == "lowest_trump":
            return trumps & -trumps
        return 1 << (trumps.bit_length() - 1)

    @takes(TEXT)
    def verify_discard(self, seat: int, card_code: str) -> None:
        if self.phase != DISCARD:
            raise self._wrong_phase("discard", card_code)
        assert self.declarer is not None and self.contract is not None
        if seat != self.declarer:
            raise _bad("CE-TURN", f"only the declarer (seat {self.declarer}) discards, not "
                       f"seat {seat}", card_code)
        card = self.pack.index.get(card_code)
        if card is None:
            raise _bad("CARD-UNKNOWN", f"{card_code!r} is not a card of the {self.pack.name} "
                       "pack", card_code)
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise _bad("CE-EXTRA-DISCARD", f"the extra discard {card_code} is not among the "
                       "kept cards and the talon (§4.2)", card_code)
        allowed = self.extra_allowed()
        if not allowed >> card & 1:
            rule = EXCHANGES[self.contract].extra
            if self.kept >> card & 1 and not hand & self.info.trump_mask:
                why = "with no trump in hand the extra discard may not be a kept card (G12)"
            else:
                want = self.pack.code(next(iter_bits(allowed)))
                why = (f"the extra discard must be the {rule.replace('_', ' ')} of the kept "
                       f"cards and the talon, {want}")
            raise _bad("CE-EXTRA-DISCARD", f"{self.contract}: {why} (§4.2)", card_code)

    def _apply_discard(self, seat: int, card_code: str) -> Event:
        card = self.pack.index[card_code]
        self.extra = card
        self.hands[seat] &= ~(1 << card)
        self.legage |= 1 << card
        self._start_play()
        return Event(Action("discard", seat, card_code))

    # -- the Solo-hand challenge (§4.5) ---------------------------------------------------------
    def can_challenge(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_challenge, seat, value)

    def challenge(self, seat: int, value: Any = None) -> Event:
        self.verify_challenge(seat, value)
        return self._apply_challenge(seat, value)

    def challenge_refusal(self) -> str | None:
        """Why no challenge is possible in this deal at all (None: the declarer may)."""
        c = self.contract
        if c == "solo":
            return "there is no challenge in a Solo (§4.5)"
        if c in PB or c == "raeuber":
            return f"there is no challenge in {c} (§4.5, G7)"
        if self.solo_bid:
            return "the challenge is impossible after a Solo bid (§4.5)"
        return None

    @takes(NOTHING)
    def verify_challenge(self, seat: int, value: Any = None) -> None:
        if self.phase != PLAY:
            raise self._wrong_phase("challenge", value)
        why = self.challenge_refusal()
        if why is not None:
            raise _bad("CE-CHALLENGE", why)
        if seat != self.declarer:
            raise _bad("CE-CHALLENGE", f"only the declarer (seat {self.declarer}) may "
                       f"challenge, not seat {seat} (§4.5)", seat)
        t = self.table
        assert t is not None
        if t.tricks or t.cards:
            raise _bad("CE-CHALLENGE", "the challenge replaces the first lead; a card has "
                       "already been played (§4.5)")

    def _apply_challenge(self, seat: int, value: Any = None) -> Event:
        self.challenger = seat
        self.phase = CHALLENGED
        return Event(Action("challenge", seat))

    # -- the early end of a failed Piccolo / Bettel (§5.5, G16) ------------------------------------
    # A record may simply end once the failure is decided; ``stop`` is that end for a program
    # driving the engine (the generator). A record never writes it: the replay just stops.
    def can_stop(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_stop, seat, value)

    def stop(self, seat: int, value: Any = None) -> Event:
        self.verify_stop(seat, value)
        return self._apply_stop(seat, value)

    @takes(NOTHING)
    def verify_stop(self, seat: int, value: Any = None) -> None:
        if self.phase != PLAY:
            raise self._wrong_phase("stop", value)
        if seat != self.declarer:
            raise _bad("CE-TURN", f"the declarer (seat {self.declarer}) ends the record, not "
                       f"seat {seat}", seat)
        if not self.early_end_ok():
            raise _bad("CE-TRICKS-MISSING", "the play may end early only right after the trick "
                       "that decides a Piccolo's or Bettel's failure, and not under "
                       "require_full_play (§5.5)")

    def _apply_stop(self, seat: int, value: Any = None) -> Event:
        self.phase = STOPPED
        return Event(Action("stop", seat))

    # -- play (§5) ------------------------------------------------------------------------------
    def _start_play(self) -> None:
        c = self.contract
        lead = self.forehand if c == "raeuber" else self.declarer              # §5.1
        assert lead is not None
        # §5.3: the highest trump, else the highest card of the led suit (the order fixed by
        # now: ``beats``; not a bound method, which would make a reference cycle)
        self.table = TrickTable(self.hands, tuple(range(self.n)), lead, self.info.tricks,
                                partial(winner_by_beats, self.beats))
        self.phase = PLAY
        self._plain = not (self.rules.exposed_lead and c is not None and c in EXCHANGES
                           and EXCHANGES[c].exposed and c != "pfeife")

    def _exposed_due(self) -> int:
        """§4.3 option ``exposed_lead``: the cards the declarer's lead must come from now
        (0: no obligation)."""
        if self._plain:
            return 0
        t = self.table
        assert t is not None and self.declarer is not None and self.contract is not None
        if t.cards or t.leader != self.declarer:
            return 0
        leads = sum(1 for lead, _, _, _ in t.tricks if lead == self.declarer)
        c = self.contract
        limit = 1 if c == "eine_leere" else 2
        if leads >= limit:
            return 0
        hand = self.hands[self.declarer]
        held = self.kept & hand
        if c == "zwei_verschiedene":
            return held
        suits = self.pack.suit_mask
        out = held
        for card in iter_bits(self.kept):
            out |= hand & suits[self.pack.suits[card]]
        return out

    def _legal_mask(self, seat: int) -> int:
        t = self.table
        assert t is not None
        hand = self.hands[seat]
        if t.cards:
            pack = self.pack
            return follow_or_ruff(hand, pack.suit_mask[pack.suits[t.cards[0]]],
                                  self.info.trump_mask)
        due = self._exposed_due() if not self._plain else 0
        return hand & due or hand

    def _not_in_hand(self, seat: int, card: int, card_code: str) -> IllegalAction:
        t = self.table
        assert t is not None
        holder = self.holder(card)
        if holder is not None:
            if not t.cards:
                why = (f"who won trick {len(t.tricks)}" if t.tricks else
                       "forehand leads in Räuber" if self.contract == "raeuber" else
                       "the declarer leads")
                return _bad("CE-LEAD", f"trick {t.trick_number} must be led by seat {seat} "
                            f"({why}, §5.1), but {card_code} belongs to seat {holder}",
                            card_code)
            return _bad("CE-TURN", f"it is seat {seat}'s turn, but {card_code} belongs to seat "
                        f"{holder}", card_code)
        if card in t.played_by:
            return _bad("CE-NOT-IN-HAND", f"{card_code} was already played in trick "
                        f"{t.played_by[card][1]}", card_code)
        if self.legage >> card & 1 and self.contract in EXCHANGES:
            return _bad("CE-NOT-IN-HAND", f"seat {seat} plays {card_code}, which the declarer "
                        "laid away (Legage)", card_code)
        return _bad("CE-TALON-CARD", f"seat {seat} plays {card_code}, which lies in the unused "
                    f"talon ({self.contract}: the talon is not used, §4.2)", card_code)

    def _why_illegal(self, seat: int, card: int, card_code: str, legal: int) -> IllegalAction:
        t = self.table
        assert t is not None
        hand = self.hands[seat]
        pack = self.pack
        if t.cards:
            led = pack.suits[t.cards[0]]
            if hand & pack.suit_mask[led]:
                some = pack.code(next(iter_bits(hand & pack.suit_mask[led])))
                return _bad("CE-FOLLOW", f"seat {seat} played {card_code} but holds {some} and "
                            f"must follow {_SUIT_NAME[led]} (§5.2)", card_code)
            some = pack.code(next(iter_bits(hand & self.info.trump_mask)))
            return _bad("CE-RUFF", f"seat {seat} played {card_code} but is void in "
                        f"{_SUIT_NAME[led]} and holds {some}: it must play a trump (§5.2)",
                        card_code)
        due = self._exposed_due()
        shown = " ".join(pack.codes_of(due))
        return _bad("CE-EXPOSED-LEAD", f"under exposed_lead the declarer must lead from "
                    f"{shown} (§4.3)", card_code)

    def play_tricks(self, tricks: list[Any], start: int = 0) -> None:
        """Play a recorded ``play`` list (the replay's fast path); raises ``IllegalAction``
        with ``sub`` = ``/t/j`` at the first illegal card."""
        if self.phase == PLAY and self._plain:
            start = self._play_plain(tricks, self.info.trump_mask)
        self._play_checked(tricks, start)

    def pfeife_broken(self) -> bool:
        """§6.11: T1 played in a trick other than trick 1, and that trick not won by T1."""
        t = self.table
        if t is None:
            return False
        for number, (_, cards, seats, winner) in enumerate(t.tricks, 1):
            if 0 in cards:                                      # T1 is card 0
                return number != 1 and cards[seats.index(winner)] != 0
        return False

    # -- legal actions -------------------------------------------------------------------------
    def _candidates_keep(self, seat: int) -> Iterator[tuple[str, ...]]:
        return self.legal_keeps()

    def _candidates_discard(self, seat: int) -> list[str]:
        return self.pack.codes_of(self.extra_allowed())

    def legal_keeps(self) -> Iterator[tuple[str, ...]]:
        c = self.contract
        assert c is not None and self.declarer is not None
        ex = EXCHANGES[c]
        hand = self.dealt[self.declarer]
        info = self.info
        if ex.kind == "pfeife":
            pool = hand & 1
        elif ex.kind == "any":
            pool = hand
        elif self._blanks_allowed(c):                                   # §4.4
            pool = hand & ~info.trump_mask
        else:
            pool = hand & info.pip_mask
        codes = [self.pack.code(x) for x in iter_bits(pool)]
        for k in combinations(codes, ex.keep):
            if self.can_keep(self.declarer, k):
                yield k

    # -- scoring (§6) ------------------------------------------------------------------------------
    def facts(self) -> CegoFacts:
        """The facts the score is computed from (§6): what the table writes for this deal."""
        assert self.contract is not None
        t = self.table
        n = self.n
        r = self.rules
        return facts_from_piles(
            n, self.dealer, self.contract, self.declarer, self.solo_bid,
            t.won if t is not None else [0] * n, t.count if t is not None else [0] * n,
            self.legage, self.challenger is not None, self.dealt,
            self.contract == "pfeife" and self.pfeife_broken(),     # asked for Pfeife only
            high=r.high_trumps, multiple_solo_hands=str(r.multiple_solo_hands))

    def score(self) -> Score:
        """The score of a finished deal (or one ended by the challenge)."""
        return score_of(self.n, self.dealer, self.facts(), str(self.rules.raeuber_tie))


#: §3.4 open mode: forehand's cego is forced
OPEN_SPEC = AuctionSpec(ladder=RANKED, order=TurnOrder.DUEL, pass_final=True,
                        exact_step=True, holds=True, forced_opening=True)

#: ``verify_call`` without its value-shape test (the batch tests the shape itself)
_CHECK_CALL = CegoEngine.verify_call.__wrapped__  # type: ignore[attr-defined]

__all__ = ["CegoEngine", "AUCTION_SPEC", "OPEN_SPEC", "LADDER", "TRUMP"]
