"""The Carinthian Tarock rules engine (docs/rules/carinthian.md). One object = one deal.

Phases: auction (§3) → Trischak decision (Angesehen only, §4.1) → talon take and discard
(§4.2) → the declarer's announcements (§4.3) → Zahle/kontra round (§4.4) or kontra round
(§4.5) → retour turn → play (§5) → done; Zahle accepted ends the deal without play (``paid``).
Trischak: decision → announcement/kontra round of every participant (§4.6) → retour → play.
With four players the dealer sits out (empty hand) except in Trischak, where he holds the six
talon cards and plays tricks 1–6 (§5.6, a ``TrischakPlan``).
Every action kind has ``verify_x`` / ``can_x`` / ``x`` (see ``tarockrec.engine``).

Action values: ``call`` a call (§3.1); ``choose`` (mode, talon order) — the Trischak decision
with ``stichzwang``/``nachlassen`` and, with three players, the order in which the six talon
cards are turned (four players: an empty order); ``take`` ``"a"``/``"b"`` (a talon half; taken
in the decision phase of an Angesehen it declines Trischak); ``discard`` (three cards, the
discarded tarocks shown); ``declare`` the items said in one turn; ``play`` a card code.
"""
from __future__ import annotations

import functools
from enum import StrEnum

from itertools import combinations
from typing import Any, Iterator

from ...cards import iter_bits
from ...core.auction import HOLD, PASS, Auction, AuctionSpec, Refusal
from ...core.declarations import ChainRefusal, KontraChains, KontraLadder, Round, RoundSpec
from ...engine import (AUCTION_CALLS, LEGAL_CARDS, TEXT, TEXTS, Action, DeclaringEngine, Event,
                       TrickEngine, call_event, pair, takes)
from ...errors import IllegalAction
from ...scoring import Score
from ...tricks import (SeatPlan, TrickTable, best_index, follow_or_ruff, hold_back, must_beat,
                      winner_by_beats)
from .contracts import (
    ANNOUNCEMENTS, BEATS, BIRD_CARD, BIRD_TRICK, BIRDS, CONTRACTS, DISCARDABLE_TAROCKS,
    FORBIDDEN_DISCARD, FREE_MASK, HALVES, KING_MASK, KONTRA, LADDER, MODES, PACK, RETOUR, T1,
    T21, T22, TAROCK_MASK, TRISCHAK, TRULL_MASK, ZAHLE, Contract, points, raw,
)
from .rules import CarinthianRules, TalonOrder
from .scoring import Facts, Item, score_facts, target_of

SUIT_OF = PACK.suits
SUIT_MASK = PACK.suit_mask
code = PACK.code

class Phase(StrEnum):
    """Where a deal stands (§3–§5); ``engine.phase`` is one of these."""
    AUCTION = "auction"
    DECIDE = "decide"
    TAKE = "take"
    DISCARD = "discard"
    ANNOUNCE = "announce"
    ZAHLE_ROUND = "zahle"
    KONTRA_ROUND = "kontra"
    RETOUR_TURN = "retour"
    TRISCHAK_ROUND = "trischak"
    PLAY = "play"
    DONE = "done"
    PAID = "paid"


AUCTION, DECIDE, TAKE, DISCARD, ANNOUNCE, ZAHLE_ROUND, KONTRA_ROUND, RETOUR_TURN, \
    TRISCHAK_ROUND, PLAY, DONE, PAID = Phase

AUCTION_SPEC = AuctionSpec(ladder=LADDER, pass_final=True, holds=True)
ONCE = RoundSpec(passes_to_end=None)
LADDER_KR = KontraLadder((KONTRA, RETOUR))
GAME = "game"


@functools.cache
def active_seats(n: int, dealer: int) -> tuple[int, ...]:
    """The seats that bid and play outside Trischak, in play order from forehand (§1.6)."""
    return tuple((dealer + 1 + i) % n for i in range(3))


def sits_out(n: int, dealer: int, trischak: bool) -> int | None:
    """The seat that sits out of a deal: the dealer at a table of four, except in Trischak,
    where he holds the talon and plays tricks 1–6 (§1.6, §5.6)."""
    return dealer if n == 4 and not trischak else None


#: enum members as module constants (an ``Enum.MEMBER`` look-up costs ~80 ns in Python 3.11;
#: these are asked on every call and kontra item)
R_PASSED, R_TURN, R_LOW = Refusal.PASSED, Refusal.TURN, Refusal.LOW
C_UNKNOWN_TARGET, C_REPEATED, C_WRONG_SIDE, C_NEEDS_PREVIOUS = (
    ChainRefusal.UNKNOWN_TARGET, ChainRefusal.REPEATED, ChainRefusal.WRONG_SIDE,
    ChainRefusal.NEEDS_PREVIOUS)
B_ON_A, A_ON_B = TalonOrder.B_ON_A, TalonOrder.A_ON_B
SUIT_NAMES = {"T": "tarock", "S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}

#: the Trischak decision: (mode, order of the six talon cards; empty with four players)
CHOICE = pair(TEXT, TEXTS, "a pair (stichzwang or nachlassen, the talon order)")
DISCARD_VALUE = pair(TEXTS, TEXTS, "a pair (the three discarded cards, the tarocks shown)")


def _bad(code_: str, message: str, token: object = None, sub: str = "") -> IllegalAction:
    return IllegalAction(code_, message, token, sub)


class TrischakPlan(SeatPlan):
    """§5.6 four-player Trischak: all four seats play tricks 1–6 (the dealer plays the talon
    cards), then the dealer sits out; after trick 6 won by the dealer, forehand leads. When
    the dealer has won none of tricks 1–6 the play ends there (the table's ``n_tricks``),
    unless ``continue_play`` (G19 ``dealer_zero_continue``: the record goes on to trick 16)."""

    __slots__ = ("dealer", "forehand", "active", "continue_play")

    def __init__(self, order: tuple[int, ...], dealer: int, forehand: int,
                 active: tuple[int, ...], continue_play: bool = False) -> None:
        super().__init__(order)
        self.dealer = dealer
        self.forehand = forehand
        self.active = active
        self.continue_play = continue_play

    def seats(self, trick: int) -> tuple[int, ...]:
        return self.order if trick <= 6 else self.active

    def next_leader(self, trick: int, winner: int, table: TrickTable) -> int:
        if trick == 6:
            if table.count[self.dealer] == 0 and not self.continue_play:
                table.n_tricks = 6                          # §5.6: play ends after trick 6
            if winner == self.dealer:
                return self.forehand
        return winner


class CarinthianEngine(DeclaringEngine):
    ACTIONS = ("call", "choose", "take", "discard", "declare", "play")
    rules: CarinthianRules
    phase: Phase
    game = "carinthian"
    CODE = "CA"
    pack = PACK

    def __init__(self, rules: CarinthianRules, n: int, dealer: int, hands: list[int],
                 talon: tuple[int, int], carry: dict[str, Any] | None = None) -> None:
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.forehand = (dealer + 1) % n
        #: the seats that bid and play outside Trischak, in play order from forehand (§1.6)
        self.active = active_seats(n, dealer)
        self.dealt = list(hands)
        self.hands = list(hands)
        self.talon = talon                       # (half A, half B) masks
        carry = carry or {}
        self.period_active = bool(carry.get("period_active", False))
        self.successes = int(carry.get("successes", 0))
        self.period_deals = int(carry.get("period_deals", 0))
        #: §6.8: the restricted phase, derived from the carried state
        self.restricted = self.period_active and self.period_deals >= rules.restricted_after_deals
        self.D = 2 if self.period_active else 1
        self.phase = AUCTION
        self.auction = Auction(AUCTION_SPEC, self.active)
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.trischak = False
        self.mode: str | None = None
        self.talon_order: tuple[int, ...] = ()
        self.taken: str | None = None
        self.discard_mask = 0
        self.shown: tuple[str, ...] = ()
        self.announced: list[str] = []           # the declarer's announcements, in order
        self.chains: KontraChains[str] = KontraChains(LADDER_KR)
        self.game_kontras = 0                    # Trischak: kontras on the game (§4.6)
        self.round = Round(ONCE, ())
        self.turns: list[tuple[int, tuple[str, ...]]] = []
        self.zahle = False                       # both defenders said zahle (§4.4)
        self.table: TrickTable | None = None
        self._reserved = 0                       # the declarer's announced bird cards
        self._plain = False                      # only §5.2 applies in play
        self._facts: Facts | None = None         # the finished deal's facts (``facts()``)

    # -- helpers -------------------------------------------------------------------------
    @property
    def defenders(self) -> tuple[int, ...]:
        """The declarer's opponents in play order from the seat after him (§4.4, §4.5)."""
        d = self.declarer
        assert d is not None
        a = self.active
        i = a.index(d)
        return a[(i + 1) % 3], a[(i + 2) % 3]

    @property
    def participants(self) -> tuple[int, ...]:
        """Trischak: everybody, in play order from the declarer (§4.6)."""
        d = self.declarer
        assert d is not None
        return tuple((d + k) % self.n for k in range(self.n))

    @property
    def sitting_out(self) -> int | None:
        """The dealer at a table of four, outside Trischak (§1.6)."""
        return sits_out(self.n, self.dealer, self.trischak)

    # who acts, and what may be done (the shape is TrickEngine's)
    ACTOR = {AUCTION: "auction", DECIDE: "declarer", TAKE: "declarer", DISCARD: "declarer",
             ANNOUNCE: "declarer", ZAHLE_ROUND: "round", KONTRA_ROUND: "round",
             RETOUR_TURN: "round", TRISCHAK_ROUND: "round", PLAY: "table"}
    MOVES = {AUCTION: ("call",), DECIDE: ("take", "choose"), TAKE: ("take",),
             DISCARD: ("discard",), ANNOUNCE: ("declare",), ZAHLE_ROUND: ("declare",),
             KONTRA_ROUND: ("declare",), RETOUR_TURN: ("declare",),
             TRISCHAK_ROUND: ("declare",), PLAY: ("play",)}
    CANDIDATES = {"call": AUCTION_CALLS, "take": HALVES, "play": LEGAL_CARDS}

    @property
    def is_over(self) -> bool:
        return self.phase in (DONE, PAID)

    def _seat_ok(self, seat: int, token: object) -> None:
        if not 0 <= seat < self.n:
            raise _bad("CA-SEAT", f"there is no seat {seat} at a table of {self.n}", token)

    # what a record still owes, and the findings of an action out of its phase (the shape is
    # TrickEngine's): the tables, then the findings that are Carinthian's own
    EXPECT = {AUCTION: "CA-AUCTION-INCOMPLETE", DECIDE: "CA-TALON", TAKE: "CA-TALON",
              DISCARD: "CA-DISCARD", ANNOUNCE: "CA-DECL-MISSING",
              ZAHLE_ROUND: "CA-DECL-MISSING", KONTRA_ROUND: "CA-DECL-MISSING",
              RETOUR_TURN: "CA-DECL-MISSING", TRISCHAK_ROUND: "CA-DECL-MISSING",
              PLAY: "CA-TRICKS-MISSING"}
    PHASE_CODE = "CA-PHASE"
    EXPECTING = {
        AUCTION: "the auction is still running (seat {e.auction.turn} to call)",
        TAKE: "seat {e.declarer} must still take a talon half",
        DISCARD: "seat {e.declarer} must still discard three cards",
        ANNOUNCE: "seat {e.declarer} must still make (or decline) his announcements",
        ZAHLE_ROUND: "seat {e.round.turn} must still say zahle or kontra",
        KONTRA_ROUND: "seat {e.round.turn} must still speak in the kontra round",
        RETOUR_TURN: "seat {e.declarer} must still answer the kontra (retour or nothing)",
        TRISCHAK_ROUND: "seat {e.round.turn} must still speak in the Trischak round",
        PLAY: "the play is still running",
    }
    ENDED = {PAID: "both defenders said zahle: the deal is scored without play (§4.4)",
             DONE: "all {e.table.n_tricks} tricks have been played"}
    AFTER_END = {(DONE, "play"): "CA-TRICKS-EXTRA", (None, None): "CA-AFTER-END"}

    def _expecting(self) -> str:
        if self.phase == DECIDE:
            return (f"seat {self.declarer} must still take a talon half"
                    + (" or" if not self.restricted else ", no: must") + " convert to Trischak")
        return super()._expecting()

    def _expected_code(self) -> str:
        if self.phase == DECIDE and self.restricted:
            return "CA-RESTRICTED"
        return super()._expected_code()

    def _out_of_phase(self, kind: str, token: object) -> IllegalAction | None:
        c = self.contract
        if kind == "call":
            return _bad("CA-AUCTION-OVER", f"the auction is over: seat {self.declarer} plays "
                        f"{c.id if c else '?'}", token)
        if self.phase == AUCTION:
            return None
        if kind == "choose":
            if c is not None and c.id != "angesehen":
                return _bad("CA-TRISCHAK", f"only an Angesehen declarer may convert to "
                            f"Trischak, not a {c.id} declarer (§4.1)", token)
            return _bad("CA-TRISCHAK", "the Trischak decision is made right after the auction, "
                        "before the talon is touched (§4.1)", token)
        if kind in ("take", "discard"):
            if c is not None and not c.talon:
                return _bad("CA-SOLO-TALON", "in a Solo nobody takes or looks at the talon "
                            "(§4.2)", token)
            if self.trischak:
                return _bad("CA-TALON", "Trischak has no talon exchange (§4.6)", token)
            if kind == "discard" and self.phase == DECIDE:
                return _bad("CA-TALON", f"a discard before a talon half is taken: "
                            f"{self._expecting()}", token)
            return _bad("CA-TALON", f"the talon exchange is over ({self._expecting()})", token)
        if kind == "declare" and self.phase == PLAY:
            return _bad("CA-DECL-END", "the announcement and kontra rounds have ended; "
                        "play has begun", token)
        return None

    # -- auction (§3) --------------------------------------------------------------------
    def can_call(self, seat: int, call: str) -> bool:
        return self._can(self.verify_call, seat, call)

    def call(self, seat: int, call: str) -> Event:
        self.verify_call(seat, call)
        return self._apply_call(seat, call)

    @takes(TEXT)
    def verify_call(self, seat: int, call: str) -> None:
        if self.phase != AUCTION:
            raise self._wrong_phase("call", call)
        if not 0 <= seat < self.n:
            self._seat_ok(seat, call)
        if self.n == 4 and seat == self.dealer:
            raise _bad("CA-DEALER", f"seat {seat} deals and sits out: the dealer makes no "
                       "calls with four players (§3.4)", call)
        if call != PASS and call != HOLD and call not in CONTRACTS:
            raise _bad("CA-CALL-UNKNOWN", f"{call!r} is not a Carinthian call (pass, hold, "
                       f"{', '.join(LADDER)})", call)
        a = self.auction
        refusal = a.refusal(seat, call)
        if refusal is R_PASSED:
            raise _bad("CA-PASSED", f"seat {seat} has passed and may not call again (a pass is "
                       "final, §3.3)", call)
        if refusal is R_TURN:
            raise _bad("CA-TURN", f"it is seat {a.turn}'s turn to call, not seat {seat}'s", call)
        if call == PASS:
            if (seat == self.active[2] and len(a.calls) == 2
                    and all(c == PASS for _, c in a.calls)):
                raise _bad("CA-FORCED", f"forehand and middlehand passed: seat {seat} must bid "
                           "(§3.3 forced bid)", call)
            return
        if call == HOLD:
            if a.high is None:
                raise _bad("CA-HOLD", "there is no bid to hold", call)
            if a.high == "vierzig":
                raise _bad("CA-HOLD", "Vierzig cannot be held: only Solo or a pass answers it "
                           "(§3.3)", call)
            if refusal is not None:
                raise _bad("CA-HOLD", f"seat {seat} may not hold seat {a.holder}'s {a.high}: "
                           "only a player of higher priority may hold (§3.3)", call)
            return
        if refusal is R_LOW:
            raise _bad("CA-BID-LOW", f"{call} does not outrank the standing {a.high}; bid "
                       "higher, hold or pass", call)
        if call == "vierzig" and any(s == seat for s, _ in a.calls):
            raise _bad("CA-VIERZIG", "Vierzig may only be bid at a player's first call (§3.3)",
                       call)
        if self.restricted and call not in ("angesehen", "solo"):
            raise _bad("CA-RESTRICTED", f"the session is in its restricted phase: only "
                       f"angesehen and solo may be bid, not {call} (§3.2)", call)
        assert refusal is None, refusal

    def _apply_call(self, seat: int, call: str) -> Event:
        self._push_call(seat, call)
        return call_event(seat, call)

    def _push_call(self, seat: int, call: str) -> None:
        a = self.auction
        a.push(seat, call)
        if not a.done and a.high == "solo" and a.holder == a.active[0]:
            a.close()                                       # §3.3 end rule (b)
        if a.done:
            assert a.holder is not None and a.high is not None
            self.declarer = a.holder
            self.contract = CONTRACTS[a.high]
            if self.contract.id == "angesehen":
                self.phase = DECIDE
            elif self.contract.talon:
                self.phase = TAKE
            else:
                self._start_announce()

    # -- the replay's batches -------------------------------------------------------------
    # Runs of recorded calls / declaration turns, checked and applied exactly as ``apply``
    # takes them one by one (the same checks in the same order), without an Action, an Event
    # and a place per entry. An ``IllegalAction`` gets ``sub`` = ``/i`` + its own: the place
    # the one-by-one replay names (``/auction/i…``) under the batch's ``/auction``.
    def run_calls(self, entries: list[Any]) -> None:
        """The recorded ``auction`` (``[{"seat", "call"}, …]``), the replay's batch."""
        self._run_entries(entries, "call", _CHECK_CALL, self._push_call, self.verify_call)

    def run_declarations(self, turns: list[Any]) -> None:
        """The recorded ``declarations`` (``[{"seat", "say"}, …]``)."""
        declare = self._declare
        for i, turn in enumerate(turns):
            seat, say = turn["seat"], tuple(turn["say"])
            try:
                if type(seat) is not int:   # ACTION-VALUE
                    self.verify_declare(seat, say)
                declare(seat, say, True)
            except IllegalAction as err:
                err.sub = f"/{i}{err.sub}"
                raise

    # -- Trischak decision (§4.1, §4.6) --------------------------------------------------
    def can_choose(self, seat: int, value: tuple[str, tuple[str, ...]]) -> bool:
        return self._can(self.verify_choose, seat, value)

    def choose(self, seat: int, value: tuple[str, tuple[str, ...]]) -> Event:
        self.verify_choose(seat, value)
        return self._apply_choose(seat, value)

    @takes(CHOICE)
    def verify_choose(self, seat: int, value: tuple[str, tuple[str, ...]]) -> None:
        mode, order = value
        if self.phase != DECIDE:
            raise self._wrong_phase("choose", mode)
        if seat != self.declarer:
            raise _bad("CA-TURN", f"only the declarer (seat {self.declarer}) decides on "
                       "Trischak", mode)
        if mode not in MODES:
            raise _bad("CA-TRISCHAK-MODE", f"{mode!r} is not a Trischak play mode (stichzwang "
                       "or nachlassen, §4.1)", mode)
        talon = self.talon[0] | self.talon[1]
        if self.n == 4:
            if order:
                raise _bad("CA-TALON-ORDER", "with four players the dealer takes the six talon "
                           "cards as his hand: there is no talon order (§4.6)", list(order))
            return
        cards = [PACK.index.get(c) for c in order]
        if len(order) != 6 or None in cards or sum(1 << c for c in cards if c is not None) \
                != talon:
            raise _bad("CA-TALON-ORDER", "the talon order must list the six talon cards, each "
                       "once (§4.6)", list(order))
        first = sum(1 << c for c in cards[:3] if c is not None)
        want = self.rules.talon_order
        if want is B_ON_A and first != self.talon[1]:
            raise _bad("CA-TALON-ORDER", "under talon_order b_on_a the three cards of half B "
                       "are turned first", list(order))
        if want is A_ON_B and first != self.talon[0]:
            raise _bad("CA-TALON-ORDER", "under talon_order a_on_b the three cards of half A "
                       "are turned first", list(order))

    def _apply_choose(self, seat: int, value: tuple[str, tuple[str, ...]]) -> Event:
        mode, order = value
        self.trischak = True
        self.mode = mode
        self.talon_order = tuple(map(PACK.index.__getitem__, order))
        if self.n == 4:                                      # §4.6 / §5.6
            self.hands[self.dealer] = self.talon[0] | self.talon[1]
        self.round = Round(ONCE, self.participants)
        self.phase = TRISCHAK_ROUND
        return Event(Action("choose", seat, (mode, tuple(order))))

    # -- talon exchange (§4.2) -----------------------------------------------------------
    def can_take(self, seat: int, half: str) -> bool:
        return self._can(self.verify_take, seat, half)

    def take(self, seat: int, half: str) -> Event:
        self.verify_take(seat, half)
        return self._apply_take(seat, half)

    @takes(TEXT)
    def verify_take(self, seat: int, half: str) -> None:
        if self.phase not in (DECIDE, TAKE):
            raise self._wrong_phase("take", half)
        if seat != self.declarer:
            raise _bad("CA-TURN", f"only the declarer (seat {self.declarer}) takes from the "
                       "talon", half)
        if self.phase == DECIDE and self.restricted:
            raise _bad("CA-RESTRICTED", "in the restricted phase an Angesehen declarer must "
                       "play Trischak (§3.2, §4.1)", half)
        if half not in HALVES:
            raise _bad("CA-TALON-HALF", f"{half!r}: the declarer takes exactly one whole half, "
                       "a or b (§4.2)", half)

    def _apply_take(self, seat: int, half: str) -> Event:
        got = self.talon[HALVES.index(half)]
        self.hands[seat] |= got
        self.taken = half
        self.phase = DISCARD
        return Event(Action("take", seat, half), {"cards": PACK.codes_of(got)})

    @property
    def untaken(self) -> int:
        if self.taken is None:
            return 0
        return self.talon[1] if self.taken == "a" else self.talon[0]

    def can_discard(self, seat: int, value: tuple[tuple[str, ...], tuple[str, ...]]) -> bool:
        return self._can(self.verify_discard, seat, value)

    def discard(self, seat: int, value: tuple[tuple[str, ...], tuple[str, ...]]) -> Event:
        self.verify_discard(seat, value)
        return self._apply_discard(seat, value)

    @takes(DISCARD_VALUE)
    def verify_discard(self, seat: int, value: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
        cards, shown = value
        if self.phase != DISCARD:
            raise self._wrong_phase("discard", list(cards))
        if seat != self.declarer:
            raise _bad("CA-TURN", f"only the declarer (seat {self.declarer}) discards",
                       list(cards))
        if len(cards) != 3:
            raise _bad("CA-DISCARD", f"the declarer discards exactly 3 cards, not {len(cards)} "
                       "(§4.2)", list(cards), "/discard")
        hand = self.hands[seat]
        mask = 0
        for i, cc in enumerate(cards):
            card = PACK.index.get(cc)
            sub = f"/discard/{i}"
            if card is None:
                raise _bad("CARD-UNKNOWN", f"{cc!r} is not a card of the {PACK.name} pack", cc,
                           sub)
            if mask >> card & 1:
                raise _bad("CA-DISCARD", f"{cc} is discarded twice", cc, sub)
            if not hand >> card & 1:
                if self.untaken >> card & 1:
                    raise _bad("CA-TALON-HALF", f"{cc} lies in the half the declarer did not "
                               "take: he takes one whole half only (§4.2)", cc, sub)
                raise _bad("CA-DISCARD", f"seat {seat} cannot discard {cc}: not in hand", cc,
                           sub)
            if FORBIDDEN_DISCARD >> card & 1:
                raise _bad("CA-DISCARD-FORBIDDEN", f"{cc} may never be discarded (kings, "
                           "Sküs, Mond, Pagat; §4.2)", cc, sub)
            mask |= 1 << card
        free = (hand & FREE_MASK).bit_count()
        tarocks = mask & TAROCK_MASK
        need = max(0, 3 - free)
        if tarocks.bit_count() != need:
            if need == 0:
                raise _bad("CA-DISCARD-TAROCK", f"seat {seat} holds {free} suit cards below the "
                           f"king: no tarock may be discarded ({code(next(iter_bits(tarocks)))}"
                           ", §4.2)", list(cards), "/discard")
            raise _bad("CA-DISCARD-TAROCK", f"seat {seat} holds {free} suit card(s) below the "
                       f"king: the discard is all of them and exactly {need} tarock(s) "
                       "(§4.2)", list(cards), "/discard")
        shown_mask = 0
        for i, cc in enumerate(shown):
            card = PACK.index.get(cc)
            if card is None or not tarocks >> card & 1 or shown_mask >> card & 1:
                raise _bad("CA-DISCARD-SHOWN", f"{cc!r} is shown but is not a discarded tarock "
                           "(only the discarded tarocks are shown, each once)", cc,
                           f"/shown/{i}")
            shown_mask |= 1 << card
        if shown_mask != tarocks:
            missing = code(next(iter_bits(tarocks & ~shown_mask)))
            raise _bad("CA-DISCARD-SHOWN", f"the discarded tarock {missing} was not shown: every "
                       "discarded tarock is shown to the others (§4.2)", missing, "/discard")

    def _apply_discard(self, seat: int, value: tuple[tuple[str, ...], tuple[str, ...]]) -> Event:
        cards, shown = value
        mask = sum(map(PACK.bit.__getitem__, cards))      # checked: three distinct cards
        self.hands[seat] &= ~mask
        self.discard_mask = mask
        self.shown = tuple(shown)
        self._start_announce()
        return Event(Action("discard", seat, (tuple(cards), tuple(shown))))

    def legal_discards(self) -> Iterator[tuple[str, ...]]:
        """§4.2 enumerated: 3 free cards, or all free cards and the fewest tarocks T2–T20."""
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        free = [code(x) for x in iter_bits(hand & FREE_MASK)]
        if len(free) >= 3:
            yield from combinations(free, 3)
            return
        tarocks = [code(x) for x in iter_bits(hand & DISCARDABLE_TAROCKS)]
        for extra in combinations(tarocks, 3 - len(free)):
            yield tuple(free) + extra

    # -- announcements and kontra rounds (§4.3–§4.6) -------------------------------------
    def _start_announce(self) -> None:
        assert self.declarer is not None
        self.round = Round(ONCE, (self.declarer,))
        self.phase = ANNOUNCE

    def _declare(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        ph = self.phase
        if ph not in (ANNOUNCE, ZAHLE_ROUND, KONTRA_ROUND, RETOUR_TURN, TRISCHAK_ROUND):
            raise self._wrong_phase("declare", list(say))
        if not 0 <= seat < self.n:                # the token built only when refused
            self._seat_ok(seat, list(say))
        for i, item in enumerate(say):
            if not isinstance(item, str):
                raise _bad("CA-SAY-UNKNOWN", f"{item!r} is not a Carinthian declaration", item,
                           f"/say/{i}")
        if seat != self.round.turn:
            if ph == ANNOUNCE and any(x in ANNOUNCEMENTS for x in say):
                x = next(x for x in say if x in ANNOUNCEMENTS)
                raise _bad("CA-ANNOUNCE-SEAT", f"only the declarer (seat {self.declarer}) "
                           f"announces; seat {seat} may not announce {x} (§4.3)", x,
                           f"/say/{say.index(x)}")
            if ph in (KONTRA_ROUND, ZAHLE_ROUND) and seat == self.declarer:
                raise _bad("CA-KONTRA-SIDE", f"the declarer (seat {seat}) does not speak in the "
                           "kontra round; he answers with retour after it (§4.5)", list(say))
            raise _bad("CA-DECL-TURN", f"it is seat {self.round.turn}'s turn to speak, not seat "
                       f"{seat}'s", list(say))
        if ph == ANNOUNCE:
            self._announce(seat, say, commit)
        elif ph == ZAHLE_ROUND:
            self._zahle(seat, say, commit)
        elif ph == KONTRA_ROUND:
            self._kontra(seat, say, commit)
        elif ph == RETOUR_TURN:
            self._retour(seat, say, commit)
        else:
            self._trischak_turn(seat, say, commit)

    def _unknown(self, item: str, i: int) -> IllegalAction:
        return _bad("CA-SAY-UNKNOWN", f"{item!r} is not a Carinthian declaration", item,
                    f"/say/{i}")

    def _check_announcement(self, seat: int, item: str, i: int, seen: list[str]) -> None:
        c = self.contract
        assert c is not None
        sub = f"/say/{i}"
        if item not in ANNOUNCEMENTS:
            if item in (KONTRA, RETOUR, ZAHLE) or item.partition(":")[0] in (KONTRA, RETOUR):
                raise _bad("CA-ANNOUNCE", f"{item} is not an announcement: the declarer's "
                           "announcement turn holds pagat, uhu, kike, valat or fuenfzig (§4.3)",
                           item, sub)
            raise self._unknown(item, i)
        if self.trischak and item in ("valat", "fuenfzig"):
            raise _bad("CA-ANNOUNCE-CONTRACT", f"{item} cannot be announced in Trischak "
                       "(§4.6)", item, sub)
        if item == "fuenfzig" and c.id != "vierzig":
            raise _bad("CA-ANNOUNCE-CONTRACT", f"fuenfzig can only be announced in Vierzig, not "
                       f"in {c.id} (§4.3)", item, sub)
        if item in seen:
            raise _bad("CA-ANNOUNCE-REPEAT", f"{item} is announced twice", item, sub)
        if (item in BIRD_CARD and self.rules.bird_announce_requires_card
                and not self.hands[seat] >> BIRD_CARD[item] & 1):
            raise _bad("CA-ANNOUNCE-CARD", f"seat {seat} announces {item} without holding "
                       f"{code(BIRD_CARD[item])} (§4.3)", item, sub)
        seen.append(item)

    def _announce(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        seen: list[str] = []
        for i, item in enumerate(say):
            self._check_announcement(seat, item, i, seen)
        if not commit:
            return
        self.announced = seen
        self.turns.append((seat, say))
        c = self.contract
        assert c is not None
        # §4.5: the game is the kontra target, or Valat when announced (G10: both, by option)
        self.chains.open("valat" if "valat" in seen else GAME, "D")
        if "valat" in seen and self.rules.valat_and_game_kontra:
            self.chains.open(GAME, "D")
        for b in seen:
            if b in BIRD_CARD:
                self.chains.open(b, "D")
        if c.id == "angesehen" and not seen:
            self.round = Round(ONCE, self.defenders)
            self.phase = ZAHLE_ROUND
        else:
            self.round = Round(ONCE, self.defenders)
            self.phase = KONTRA_ROUND

    def _zahle(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        if len(say) != 1 or say[0] not in (ZAHLE, KONTRA):
            tok = say[1] if len(say) > 1 else (say[0] if say else [])
            raise _bad("CA-ZAHLE", "in the Zahle round each defender says exactly one of zahle "
                       "or kontra (§4.4)", tok, "/say/1" if len(say) > 1 else
                       ("/say/0" if say else ""))
        if not commit:
            return
        self.turns.append((seat, say))
        if say[0] == KONTRA:
            self.chains.say(GAME, KONTRA)
            self.round.close()
            self._start_retour()
            return
        self.round.push(seat, say)
        if self.round.done:                                  # both said zahle
            self.zahle = True
            self.phase = PAID

    def _kontra_item(self, seat: int, item: str, i: int, chains: KontraChains[str],
                     side: str) -> None:
        sub = f"/say/{i}"
        if item == ZAHLE:
            c = self.contract
            assert c is not None
            why = ("the declarer announced " + ", ".join(self.announced)
                   if self.announced else f"the contract is {c.id}")
            raise _bad("CA-ZAHLE", f"zahle is said only in an Angesehen without announcements; "
                       f"{why} (§4.4)", item, sub)
        name, _, target = item.partition(":")
        if name not in (KONTRA, RETOUR):
            if item in ANNOUNCEMENTS:
                raise _bad("CA-ANNOUNCE-SEAT", f"only the declarer announces, in his own turn; "
                           f"seat {seat} may not announce {item} (§4.3)", item, sub)
            raise self._unknown(item, i)
        target = target or GAME
        if target in BIRDS or target in (GAME, "valat"):
            pass
        else:
            raise self._unknown(item, i)
        refusal = chains.refusal(target, name, side)
        if refusal is C_UNKNOWN_TARGET:
            if target == GAME and "valat" in self.announced:
                raise _bad("CA-KONTRA-VALAT", "valat was announced: it replaces the game, so "
                           "the kontra target is valat, not the game (§4.5)", item, sub)
            raise _bad("CA-KONTRA", f"{name} on {target}, which was not announced: silent "
                       "bonuses cannot be kontra'd (§4.5)", item, sub)
        if refusal is C_REPEATED:
            raise _bad("CA-KONTRA-REPEAT", f"{target} already has a {name}; at most one per "
                       "target (§4.5)", item, sub)
        if refusal is C_WRONG_SIDE:
            if name == RETOUR:
                raise _bad("CA-RETOUR", f"only the declarer says retour, not seat {seat} "
                           "(§4.5)", item, sub)
            raise _bad("CA-KONTRA-SIDE", f"the declarer cannot kontra his own {target} "
                       "(§4.5)", item, sub)
        if refusal is C_NEEDS_PREVIOUS:
            raise _bad("CA-RETOUR", f"retour on {target}, which nobody kontra'd (§4.5)", item,
                       sub)
        chains.say(target, name)

    def _kontra(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        chains = self.chains.copy() if say else self.chains   # a silent turn changes none
        for i, item in enumerate(say):
            self._kontra_item(seat, item, i, chains, "O")
        if not commit:
            return
        self.chains = chains
        self.turns.append((seat, say))
        self.round.push(seat, say)
        if self.round.done:
            if any(self.chains.level.values()):
                self._start_retour()
            else:
                self._start_play()

    def _start_retour(self) -> None:
        assert self.declarer is not None
        self.round = Round(ONCE, (self.declarer,))
        self.phase = RETOUR_TURN

    def _retour(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        chains = self.chains.copy() if say else self.chains   # a silent turn changes none
        for i, item in enumerate(say):
            name, _, target = item.partition(":")
            if name == KONTRA:
                raise _bad("CA-KONTRA-SIDE", "the declarer cannot kontra; he answers a kontra "
                           "with retour (§4.5)", item, f"/say/{i}")
            if self.trischak and item == RETOUR:
                raise _bad("CA-RETOUR", "there is no retour on the Trischak game; only on a "
                           "kontra'd announcement (§4.6)", item, f"/say/{i}")
            self._kontra_item(seat, item, i, chains, "D")
        if not commit:
            return
        self.chains = chains
        self.turns.append((seat, say))
        self._start_play()

    def _trischak_turn(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        chains = self.chains.copy() if say else self.chains   # a silent turn changes none
        seen = list(self.announced)
        kontra = 0
        for i, item in enumerate(say):
            sub = f"/say/{i}"
            if item == KONTRA:
                if kontra:
                    raise _bad("CA-KONTRA-REPEAT", "one kontra on the game per turn (§4.6)",
                               item, sub)
                kontra = 1
                continue
            if item in ANNOUNCEMENTS:
                if seat != self.declarer:
                    raise _bad("CA-ANNOUNCE-SEAT", f"only the declarer announces; seat {seat} "
                               f"may not announce {item} (§4.6)", item, sub)
                self._check_announcement(seat, item, i, seen)
                chains.open(item, "D")
                continue
            name = item.partition(":")[0]
            if name == RETOUR:
                raise _bad("CA-RETOUR", "retour comes after the Trischak round, by the "
                           "declarer, on a kontra'd announcement (§4.6)", item, sub)
            if seat == self.declarer and name == KONTRA:
                raise _bad("CA-KONTRA-SIDE", "the declarer cannot kontra his own announcement "
                           "(§4.6)", item, sub)
            self._kontra_item(seat, item, i, chains, "O")
        if not commit:
            return
        self.announced = seen
        self.chains = chains
        self.game_kontras += kontra
        self.turns.append((seat, say))
        self.round.push(seat, say)
        if self.round.done:
            if any(self.chains.level.values()):
                self._start_retour()
            else:
                self._start_play()

    # -- play (§5) -----------------------------------------------------------------------
    def _start_play(self) -> None:
        assert self.declarer is not None
        if self.trischak and self.n == 4:
            plan: SeatPlan = TrischakPlan(tuple((self.forehand + i) % 4 for i in range(4)),
                                          self.dealer, self.forehand, self.active,
                                          self.rules.dealer_zero_continue)
        else:
            # the seats that play, in play order from forehand: the active seats (with three
            # players also every participant of a Trischak)
            plan = SeatPlan(self.active)
        # §5.2 rule 4: the highest tarock, else the highest card of the led suit
        self.table = TrickTable(self.hands, plan, self.forehand, 16,
                                functools.partial(winner_by_beats, BEATS))
        self.phase = PLAY
        self._reserved = sum(1 << BIRD_CARD[b] for b in self.announced if b in BIRD_CARD) \
            if self.announced else 0
        self._plain = not self.trischak and not self._reserved

    def _legal_mask(self, seat: int) -> int:
        """§5.8, the consolidated legal-card algorithm, on the shared primitives."""
        t = self.table
        assert t is not None
        hand = self.hands[seat]
        cards = t.cards
        if cards:
            legal = follow_or_ruff(hand, SUIT_MASK[SUIT_OF[cards[0]]], TAROCK_MASK)   # §5.2
            if self.trischak and self.mode == "stichzwang":                          # §5.4
                legal = must_beat(legal, BEATS[cards[best_index(cards, BEATS)]])
        else:
            legal = hand
        if self._plain:
            return legal
        if self.trischak and legal >> T1 & 1 and hand & TAROCK_MASK != 1 << T1:      # §5.5
            legal = hold_back(legal, 1 << T1)
        if seat == self.declarer and self._reserved:                                 # §5.3
            n = t.trick_number
            later = sum(1 << BIRD_CARD[b] for b in self.announced
                        if b in BIRD_CARD and BIRD_TRICK[b] > n)
            legal = hold_back(legal, later)
        return legal

    @takes(TEXT)
    def verify_play(self, seat: int, card_code: str) -> None:
        if (self.phase == PLAY and self.n == 4 and seat == self.dealer
                and (not self.trischak or (self.table is not None
                                           and self.table.trick_number > 6))):
            raise _bad("CA-DEALER", f"seat {seat} is the dealer and sits out "
                       + ("from trick 7 on (§5.6)" if self.trischak else
                          "outside Trischak (§1.6)"), card_code)
        TrickEngine.verify_play.__wrapped__(self, seat, card_code)  # type: ignore[attr-defined]

    def _not_in_hand(self, seat: int, card: int, card_code: str) -> IllegalAction:
        t = self.table
        assert t is not None
        holder = self.holder(card)
        if holder is not None:
            if not t.cards:
                why = (f"who won trick {len(t.tricks)}" if t.tricks else "forehand leads")
                if len(t.tricks) == 6 and self.trischak and self.n == 4 \
                        and t.winner(6) == self.dealer:
                    why = "forehand leads after the dealer wins trick 6 (§5.6)"
                return _bad("CA-LEAD", f"trick {t.trick_number} must be led by seat {seat} "
                            f"({why}), but {card_code} belongs to seat {holder}", card_code)
            return _bad("CA-TURN", f"it is seat {seat}'s turn, but {card_code} belongs to "
                        f"seat {holder}", card_code)
        if self.untaken >> card & 1:
            return _bad("CA-TALON-HALF", f"{card_code} lies in the untaken talon half",
                        card_code)
        if card in t.played_by:
            return _bad("CA-NOT-IN-HAND", f"{card_code} was already played in trick "
                        f"{t.played_by[card][1]}", card_code)
        where = "was discarded" if self.discard_mask >> card & 1 else "lies in the talon"
        return _bad("CA-NOT-IN-HAND", f"seat {seat} plays {card_code}, which {where}",
                    card_code)

    def _why_illegal(self, seat: int, card: int, card_code: str, legal: int) -> IllegalAction:
        t = self.table
        assert t is not None
        hand = self.hands[seat]
        if t.cards:
            led = SUIT_OF[t.cards[0]]
            follow = follow_or_ruff(hand, SUIT_MASK[led], TAROCK_MASK)
            if not follow >> card & 1:
                if hand & SUIT_MASK[led]:
                    some = code(next(iter_bits(hand & SUIT_MASK[led])))
                    return _bad("CA-FOLLOW", f"seat {seat} played {card_code} but holds {some} "
                                f"and must follow {SUIT_NAMES[led]} (revoke, §5.2)", card_code)
                some = code(next(iter_bits(hand & TAROCK_MASK)))
                return _bad("CA-RUFF", f"seat {seat} played {card_code} but is void in "
                            f"{SUIT_NAMES[led]} and holds {some}: it must play a tarock (§5.2)",
                            card_code)
            if self.trischak and self.mode == "stichzwang":
                w = t.cards[best_index(t.cards, BEATS)]
                beating = follow & BEATS[w]
                if beating and not beating >> card & 1:
                    return _bad("CA-STICHZWANG", f"seat {seat} played {card_code} but could "
                                f"beat {code(w)} with {code(next(iter_bits(beating)))}: in "
                                "Stichzwang one must head the trick (§5.4)", card_code)
        if self.trischak and card == T1 and hand & TAROCK_MASK != 1 << T1:
            other = code(next(iter_bits(hand & TAROCK_MASK & ~(1 << T1))))
            return _bad("CA-PAGAT", f"seat {seat} played T1 while still holding {other}: in "
                        "Trischak the Pagat goes only as the last tarock (§5.5)", card_code)
        if seat == self.declarer and self._reserved >> card & 1:
            bird = next(b for b in self.announced if BIRD_CARD.get(b) == card)
            return _bad("CA-BIRD-EARLY", f"the declarer announced {bird} and may not play "
                        f"{card_code} before trick {BIRD_TRICK[bird]} while he has another "
                        "legal card (§5.3)", card_code)
        return _bad("CA-PLAY", f"seat {seat} may not play {card_code} now", card_code)

    def play_tricks(self, tricks: list[Any]) -> None:
        """The recorded ``play`` list (the replay's fast path while only §5.2 applies, or
        Trischak's §5.4/§5.5 without announced birds)."""
        start = 0
        if self._plain and self.phase == PLAY:
            start = self._play_plain(tricks, TAROCK_MASK)
        elif self.phase == PLAY:
            start = self._play_masks(tricks)
        self._play_checked(tricks, start)

    def _play_masks(self, tricks: list[Any]) -> int:
        """Whole tricks with _legal_mask's rules as masks: §5.2; in Trischak Stichzwang
        (§5.4: beat the winning card when able) and the pagat kept back while another tarock
        is held (§5.5); the declarer's announced birds kept back until their trick (§5.3).
        Returns the tricks played; the card-by-card path takes over at the first card
        refused (to word the finding)."""
        t = self.table
        assert t is not None
        card_of = PACK.index.__getitem__
        led_of = PACK.led
        hands = self.hands
        trischak = self.trischak
        stichzwang = trischak and self.mode == "stichzwang"
        pagat = 1 << T1
        birds = [(1 << BIRD_CARD[b], BIRD_TRICK[b]) for b in self.announced if b in BIRD_CARD]
        declarer = self.declarer if self._reserved else None
        played = 0
        later = 0
        for trick in tricks:
            # t.n_tricks is read each time: a TrischakPlan may end the play after trick 6
            if type(trick) is not list or len(trick) != t.size or len(t.tricks) >= t.n_tricks:
                break
            try:
                cards = list(map(card_of, trick))
            except (KeyError, TypeError):
                return played
            if declarer is not None:
                n = len(t.tricks) + 1
                later = 0
                for bit, target in birds:
                    if target > n:
                        later |= bit
            following = t.following
            seat = t.leader
            seats: list[int] = []
            best = cards[0]
            led = led_of[best]
            taken = 0
            for card in cards:
                hand = hands[seat]
                if taken:
                    legal = hand & led or hand & TAROCK_MASK or hand
                    if stichzwang:
                        beating = BEATS[best]
                        legal = legal & beating or legal
                        if beating >> card & 1:
                            best = card
                else:
                    legal = hand
                if trischak and legal & pagat and hand & TAROCK_MASK != pagat:
                    legal = legal & ~pagat or legal
                if seat == declarer:
                    legal = legal & ~later or legal
                if not legal >> card & 1 or taken >> card & 1:
                    return played
                taken |= 1 << card
                seats.append(seat)
                seat = following[seat]
            t.push_trick(seats, cards, taken)
            played += 1
            if len(t.tricks) >= t.n_tricks:
                self.phase = DONE
        return played

    def _wrong_size(self, trick: Any, t: int, size: int, prefix: str) -> IllegalAction:
        if self.phase == DONE and self.table is not None:
            return _bad("CA-TRICKS-EXTRA", f"play ended after trick {len(self.table.tricks)}"
                        + (" (the dealer won none of tricks 1–6, §5.6)"
                           if len(self.table.tricks) == 6 else "") + ": nothing can follow",
                        trick, f"{prefix}/{t}")
        err = super()._wrong_size(trick, t, size, prefix)
        if self.n == 4 and isinstance(trick, list) and len(trick) == 4 and size == 3:
            err.message += (" (the dealer sits out" + (" after trick 6" if self.trischak
                                                       else "") + ")")
            err.args = (err.message,)
        return err

    # -- legal actions ---------------------------------------------------------------------
    def _candidates_choose(self, seat: int) -> Iterator[tuple[str, tuple[str, ...]]]:
        a, b = (PACK.codes_of(h) for h in self.talon)
        orders = [()] if self.n == 4 else [tuple(a + b), tuple(b + a)]
        for mode in MODES:
            for order in orders:
                yield (mode, order)

    def _candidates_discard(self, seat: int) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
        for d in self.legal_discards():
            yield (d, tuple(c for c in d if c[0] == "T"))

    def _candidates_declare(self, seat: int) -> Iterator[tuple[str, ...]]:
        ph = self.phase
        if ph == ZAHLE_ROUND:
            yield (ZAHLE,)
            yield (KONTRA,)
            return
        yield ()
        if ph == ANNOUNCE:
            items = [x for x in ANNOUNCEMENTS]
            for k in range(1, len(items) + 1):
                yield from combinations(items, k)
            return
        targets = [GAME, "valat", *self.announced]
        if ph == TRISCHAK_ROUND:
            if seat == self.declarer:
                for k in range(1, 4):
                    for birds in combinations(BIRDS, k):
                        yield birds
                        yield birds + (KONTRA,)
            yield (KONTRA,)
        for t in targets:
            for name in (KONTRA, RETOUR):
                yield (name if t == GAME else f"{name}:{t}",)

    # -- scoring ------------------------------------------------------------------------
    def facts(self) -> Facts:
        """What the finished deal gives the scorer (the outcome block as an object), once."""
        f = self._facts
        if f is None:
            f = self._facts = deal_facts(self)
        return f

    def score(self) -> Score:
        f = self._facts                         # facts(), without the call
        if f is None:
            f = self._facts = deal_facts(self)
        return score_facts(f, self.rules, self.n, self.dealer, self.D)


#: ``verify_call`` without its value-shape test (the batch tests the shape itself)
_CHECK_CALL = CarinthianEngine.verify_call.__wrapped__  # type: ignore[attr-defined]


# -- the facts of a finished deal (the scorer's input, docs/rules/carinthian.md §6) --------------
# Module functions, not methods kept in a closure: a checked deal must leave no reference cycle.
def _others(won: list[int], d: int, n: int) -> int:
    out = 0
    for s in range(n):
        if s != d:
            out |= won[s]
    return out


def piles(e: CarinthianEngine) -> tuple[int, int]:
    """§6.1: the declarer's pile (tricks + discard) and the defenders' (tricks + the untaken
    half; in Solo the whole talon)."""
    t = e.table
    c = e.contract
    assert t is not None and c is not None and e.declarer is not None
    pile_d = t.won[e.declarer] | e.discard_mask
    pile_o = _others(t.won, e.declarer, e.n)
    pile_o |= e.untaken if c.talon else e.talon[0] | e.talon[1]
    return pile_d, pile_o


def trischak_piles(e: CarinthianEngine) -> list[int]:
    """§6.6: each participant's tricks, plus (three players) the talon card turned up by the
    winner of each of tricks 1–6 (§5.6)."""
    t = e.table
    assert t is not None
    out = list(t.won)
    if e.n == 4 and t.count[e.dealer] == 0 and len(t.tricks) > 6:
        # G19 dealer_zero_continue: the record went on, the deal is scored as after trick 6
        out = [0] * e.n
        for _, cards, _, w in t.tricks[:6]:
            for c in cards:
                out[w] |= 1 << c
    if e.n == 3:
        for k, card in enumerate(e.talon_order[:len(t.tricks)]):
            out[t.winner(k + 1)] |= 1 << card
    return out


def trischak_points_total(e: CarinthianEngine) -> int:
    """What the participants' counts add up to, from the pile sizes alone (§1.4: 69–71)."""
    total = 0
    for m in trischak_piles(e):
        n = m.bit_count()
        if n:
            total += raw(m) - 2 * (n // 3) - (1 if n % 3 else 0)
    return total


def _played_in(t: TrickTable, card: int, trick: int) -> int | None:
    """The seat that played ``card`` in 1-based ``trick`` (None: not in that trick), i.e.
    ``t.played(card)`` when it names ``trick`` (a card is played once): one trick looked at."""
    tricks = t.tricks
    if trick <= len(tricks):
        _, cards, seats, _ = tricks[trick - 1]
    elif trick == len(tricks) + 1:
        cards, seats = t.cards, t.seats
    else:
        return None
    return seats[cards.index(card)] if card in cards else None


#: (bird, its card, its trick) in BIRDS order: one tuple read per bird instead of two look-ups
_BIRD_SPOTS = tuple((b, BIRD_CARD[b], BIRD_TRICK[b]) for b in BIRDS)


def deal_facts(e: CarinthianEngine) -> Facts:
    """The facts of the finished deal ``e`` (§6): Zahle, Trischak or a played game."""
    c = e.contract
    d = e.declarer
    assert c is not None and d is not None
    if e.zahle:                                                      # §6.5
        return Facts(c.id, d, zahle=True)
    t = e.table
    assert t is not None
    if e.trischak:
        return _trischak_facts(e, t, d)
    pile_d, pile_o = piles(e)
    p_decl, p_def = points(pile_d), points(pile_o)
    announced = e.announced
    target = target_of(c.id, "fuenfzig" in announced)
    chains = e.chains
    items: list[Item] = []
    all16 = t.count[d] == 16
    if "valat" in announced:                                         # §6.2
        items.append(Item("valat", True, all16, True, chains.multiplier("valat")))
    elif all16:
        items.append(Item("valat", False, True, True))
    for b, card, trick in _BIRD_SPOTS:                               # §6.3
        p = _played_in(t, card, trick)
        if b in announced:
            items.append(Item(b, True, p == d and t.winner(trick) == d, True,
                              chains.multiplier(b)))
            continue
        if p is None:
            continue
        w = t.winner(trick)
        if p == d:
            items.append(Item(b, False, w == d, True))
        elif w == p:
            items.append(Item(b, False, True, False))
        elif w == d:
            items.append(Item(b, False, False, False))
        # a defender's bird won by the other defender scores nothing
    if e.rules.trull_kings_tricks_only:                              # G15
        pile_d, pile_o = t.won[d], _others(t.won, d, e.n)
    for name, mask in (("trull", TRULL_MASK), ("four_kings", KING_MASK)):
        if pile_d & mask == mask:
            items.append(Item(name, False, True, True))
        elif pile_o & mask == mask:
            items.append(Item(name, False, True, False))
    p22 = t.played(T22)                                              # Mondfang
    p21 = _played_in(t, T21, p22[1]) if p22 is not None else None
    if p21 is not None and p22 is not None:
        if p22[0] == d and p21 != d:
            items.append(Item("mondfang", False, True, True))
        elif p22[0] != d and p21 == d:
            items.append(Item("mondfang", False, True, False))
    return Facts(c.id, d, False, chains.multiplier(GAME), target, p_decl >= target,
                 [p_decl, p_def], t.count, tuple(items))


def _trischak_facts(e: CarinthianEngine, t: TrickTable, d: int) -> Facts:
    """§6.6: the participants' tricks and card points, the game kontras, the bonuses."""
    pl = trischak_piles(e)
    items: list[Item] = []
    silent = e.rules.trischak_silent_bonuses
    early = e.n == 4 and t.count[e.dealer] == 0          # decided after trick 6 (§6.6)
    for b, card, trick in _BIRD_SPOTS:
        played = t.played(card)
        if early:                                        # no bird reaches its trick
            played = played if played is not None and played[1] <= 6 else None
        if b in e.announced:
            ok = played == (d, trick) and t.winner(trick) == d
            items.append(Item(b, True, ok, True, e.chains.multiplier(b)))
            continue
        if not silent or played is None or played[1] != trick:
            continue
        p = played[0]
        items.append(Item(b, False, t.winner(trick) == p, p == d, 1, p))
    if silent:
        for name, mask in (("trull", TRULL_MASK), ("four_kings", KING_MASK)):
            for s in range(e.n):
                if pl[s] & mask == mask:
                    items.append(Item(name, False, True, s == d, 1, s))
    return Facts(TRISCHAK, d, False, 1 << e.game_kontras, 0, False,
                 [points(m) for m in pl], list(t.count), tuple(items))
