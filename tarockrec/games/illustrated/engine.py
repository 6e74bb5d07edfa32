"""The Illustrated Tarokk rules engine (docs/rules/illustrated.md). One object = one deal.

Phases: auction (§3) → discards (§4.1–4.4, one turn per active seat from the declarer) →
annulment window / partner call (§4.5, §4.6) → announcements (§4.8–4.12) → play (§5) →
done (late tarokk claims may follow, §4.12). With 5 players the dealer sits out: he has a seat
with an empty hand, and every "next player" runs over ``self.active`` only.
"""
from __future__ import annotations

from enum import StrEnum
from functools import partial

from itertools import combinations
from typing import Any, Iterator

from ...cards import iter_bits
from ...engine import (AUCTION_CALLS, LEGAL_CARDS, NO_VALUE, NOTHING, TEXT, TEXTS, Action,
                       DeclaringEngine, Event, takes)
from ...errors import IllegalAction
from ...scoring import Score
from ...core.declarations import KontraChains, KontraLadder, Round, RoundSpec
from ...tricks import TrickTable, beats_table, follow_or_ruff, hold_back, winner_by_beats
from ...core.auction import HOLD, PASS, Auction, Refusal
from . import bidding
from .contracts import (
    ALL_BONUSES, BINDINGS, CALLABLE, GAME_VALUE, CALLS, HAND_BONUSES, HIGH_HONOUR_MASK, HONOUR_MASK, KING_MASK,
    KONTRA_LEVELS,
    KUPA_TAROKK_BARRED, LEVEL_OF, LEVELS, PACK, SAS_BONUSES, SILENT_ULTIMOS, T1, T19, T20, T21,
    T22, TALON_TABLE, TAROCK_MASK, TAROKK_BARRED, UHU_ULTIMO, ULTIMO_UHU, binding, bonus_kind,
    card_points,
)
from .rules import IllustratedRules
from .scoring import IllustratedFacts, multiplier_of, score_facts, silent_counts

SUIT_OF = PACK.suits
STRENGTH = PACK.strength
SUIT_MASK = PACK.suit_mask
code = PACK.code
SUIT_NAME = {"T": "tarokk", "S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}

class Phase(StrEnum):
    """Where a deal stands (§3–§5); ``engine.phase`` is one of these."""
    AUCTION = "auction"
    DISCARD = "discard"
    CALL = "call"
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"
    PASSED_OUT = "passed_out"
    ANNULLED = "annulled"
    FAILED = "honourless_failed"


AUCTION, DISCARD, CALL, DECLARE, PLAY, DONE, PASSED_OUT, ANNULLED, FAILED = Phase


def _bad(code_: str, message: str, token: object = None, sub: str = "") -> IllegalAction:
    return IllegalAction(code_, message, token, sub)


#: §4.8: the announcement phase ends after three empty turns in a row
DECLARATION_ROUND = RoundSpec(passes_to_end=3, all_speak=False)


#: §5.1: who wins a trick, the highest tarokk, else the highest card of the led suit (card ->
#: the cards that beat it while it wins)
_BEATS = beats_table(SUIT_OF, STRENGTH)

#: (n, dealer) -> the active seats and their positions (IllustratedEngine.active, pos)
_SEATS: dict[tuple[int, int], tuple[tuple[int, ...], dict[int, int]]] = {}


def seating(n: int, dealer: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """The four seats that play at a table of ``n`` (at five the dealer sits out), forehand
    first, and each one's position; built once per table size and dealer."""
    seats = _SEATS.get((n, dealer))
    if seats is None:
        active = tuple((dealer + 1 + i) % n for i in range(4))
        seats = _SEATS[(n, dealer)] = (active, {s: i for i, s in enumerate(active)})
    return seats


#: the round before the partner call: over before it starts, never pushed to (_declare runs in
#: the declaration phase only, whose round _apply_call makes), so one serves every engine
_NO_ROUND = Round(DECLARATION_ROUND, ())
#: the levels said against the owner of the item (odd) and by his side (even), in words
_ODD_LEVELS = ", ".join(KONTRA_LEVELS[0::2])
_EVEN_LEVELS = ", ".join(KONTRA_LEVELS[1::2])
#: max_kontra_level -> the kontra ladder (§4.11)
_LADDERS = {k: KontraLadder(KONTRA_LEVELS[:k]) for k in range(1, len(KONTRA_LEVELS) + 1)}
_WITH_SAS = ALL_BONUSES + SAS_BONUSES
_BONUS_SETS = {ALL_BONUSES: frozenset(ALL_BONUSES), _WITH_SAS: frozenset(_WITH_SAS)}

#: the auction's refusals every call is tested against (an Enum member read from its class
#: costs ~0.1 µs each time, a module name a few ns)
_PASSED, _TURN, _FORCED = Refusal.PASSED, Refusal.TURN, Refusal.FORCED
#: the calls in the order a list of possible ones names them (the lowest first, pass last)
_CALL_ORDER = (HOLD, *LEVELS, PASS)


class IllustratedEngine(DeclaringEngine):
    ACTIONS = ("bid", "discard", "annul", "call", "declare", "play", "late_claim")
    SELF_CHECKING = frozenset({"bid", "declare"})   # _bid/_declare(…, commit): check, then commit
    rules: IllustratedRules
    phase: Phase
    game = "illustrated"
    CODE = "IT"
    TRICK_SIZE_FIRST = False
    pack = PACK

    def __init__(self, rules: IllustratedRules, n: int, dealer: int, hands: list[int],
                 talon: list[int], periods: tuple[int, ...] = ()) -> None:
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.forehand = (dealer + 1) % n
        #: the four seats that play, forehand first, and each one's position (shared by the
        #: deals of one table and dealer: never changed)
        self.active, self.pos = seating(n, dealer)
        self.dealt = list(hands)
        self.hands = list(hands)
        self.talon = list(talon)             # card ids, top (drawn first) first
        self.periods = tuple(periods)        # open doubling periods: scored deals left in each
        self.phase = AUCTION
        # auction (§3.2): the shared component keeps the turn, the standing call and holder,
        # who has bid or passed, the forced passes; bidding.py says what is Illustrated's own
        self.auction = Auction(bidding.auction_spec(rules), self.active)
        self.invitation: tuple[int, int] | None = None   # (card, inviter)
        #: ITVB 4.2 (``sole_bidder_chooses_talon``): the only bidder's raise, (seat, level)
        self.raised: tuple[int, str] | None = None
        self.declarer: int | None = None
        self.contract: str | None = None
        # exchange (§4.1–4.5)
        self.drawn = [0] * n
        self.discards: list[tuple[str, ...] | None] = [None] * n
        self.discard_mask = [0] * n
        self.discard_order: tuple[int, ...] = ()
        self.discard_turn = 0
        self.kept = [0] * n
        self.annul_seat: int | None = None
        self.called: int | None = None
        self.partner: int | None = None
        self.discarder_of_called: int | None = None
        # announcements (§4.7–4.12)
        self.turns: list[tuple[int, tuple[str, ...]]] = []
        self.round = _NO_ROUND                # the call starts the round (_apply_call)
        self.public = dict.fromkeys(self.active, False)
        #: one kontra chain per (team, item): team "D" or "O", item "game" or a bonus id; only
        #: the active ones (§4.11)
        k = int(rules.max_kontra_level)
        self.chains: KontraChains[tuple[str, str]] = KontraChains(
            _LADDERS.get(k) or KontraLadder(KONTRA_LEVELS[:k]))
        self.announcer: dict[tuple[str, str], int] = {}
        self.ever: set[tuple[str, str]] = set()     # every (team, bonus) announced, superseded too
        self.superseded: set[tuple[str, str]] = set()
        self.last_side: str | None = None
        self.hand_declared: dict[int, str] = {}
        self.late_claims: list[tuple[int, str]] = []
        self.table: TrickTable | None = None
        #: the bonus ids these rules play (§4.9; G45 adds the sas ones)
        self.bonuses = _WITH_SAS if rules.sas_bonuses else ALL_BONUSES
        self._bonus_set = _BONUS_SETS[self.bonuses]

    # -- helpers -----------------------------------------------------------------------------
    def nxt(self, seat: int) -> int:
        return self.active[(self.pos[seat] + 1) % 4]

    @property
    def calls(self) -> list[tuple[int, str]]:
        """The auction's calls so far, (seat, call) in order, and the only bidder's raise
        after them (ITVB 4.2)."""
        return self.auction.calls + ([self.raised] if self.raised is not None else [])

    @property
    def turn(self) -> int | None:
        """The seat to call in the auction (None once it is over)."""
        return self.auction.turn

    @property
    def high(self) -> str | None:
        """The standing bid (§3.2 ``high``)."""
        return self.auction.high

    @property
    def has_bid(self) -> dict[int, bool]:
        """§3.2 ``has_bid``: each active seat has made a call other than a pass."""
        bidders = self.auction.bidders
        return {s: s in bidders for s in self.active}

    @property
    def team_d(self) -> frozenset[int]:
        assert self.declarer is not None
        return frozenset((self.declarer,) if self.partner is None else (self.declarer, self.partner))

    @property
    def team_o(self) -> frozenset[int]:
        return frozenset(self.active) - self.team_d

    def side(self, seat: int) -> str:
        # seat in team_d, without building it
        assert self.declarer is not None
        return "D" if seat == self.declarer or seat == self.partner else "O"

    def members(self, team: str) -> frozenset[int]:
        return self.team_d if team == "D" else self.team_o

    @staticmethod
    def other(team: str) -> str:
        return "O" if team == "D" else "D"

    @property
    def g(self) -> int:
        assert self.contract is not None
        if self.partner is None and self.rules.lone_game_value == "solo":
            return 4
        return GAME_VALUE[self.contract]

    @property
    def multiplier(self) -> int:
        return multiplier_of(self.periods, self.rules)

    # who acts, and what may be done (the shape is TrickEngine's)
    ACTOR = {AUCTION: "auction", DISCARD: "discard_order[discard_turn]", CALL: "declarer",
             DECLARE: "round", PLAY: "table"}
    #: the discard phase lists the only bidder's raise (ITVB 4.2, ``sole_bidder_chooses_talon``)
    #: before the discards; ``verify_bid`` refuses it where the rule set has no raise
    MOVES = {AUCTION: ("annul", "bid"), DISCARD: ("annul", "bid", "discard"),
             CALL: ("annul", "call"),
             DECLARE: ("declare",), PLAY: ("play",), DONE: ("late_claim",)}
    BY = {"annul": "active", "late_claim": "active"}
    CANDIDATES = {"bid": AUCTION_CALLS, "play": LEGAL_CARDS,
                  "late_claim": tuple(HAND_BONUSES)}

    @property
    def is_over(self) -> bool:
        return self.phase in (DONE, PASSED_OUT, ANNULLED, FAILED)

    @property
    def redeal(self) -> bool:
        """The deal was thrown in (all pass or annulment): same dealer, new period (§2.3);
        so is a honourless fourth's failure under ``honourless_fourth_failure =
        redeal_no_penalty``."""
        return self.phase in (PASSED_OUT, ANNULLED) or (
            self.phase == FAILED and self.rules.honourless_fourth_failure == "redeal_no_penalty")

    def _seat_ok(self, seat: Any, token: object) -> None:
        if not isinstance(seat, int) or seat not in self.pos:
            if isinstance(seat, int) and seat == self.dealer and self.n == 5:
                raise _bad("IT-TURN", f"seat {seat} deals and sits out this deal: he has no "
                           "cards and takes no part", token)
            raise _bad("IT-SEAT", f"there is no active seat {seat}", token)

    # what a record still owes, and the findings of an action out of its phase (the shape is
    # TrickEngine's): the tables, then the findings that are Illustrated's own
    EXPECT = {AUCTION: "IT-AUCTION-INCOMPLETE", DISCARD: "IT-DISCARD-MISSING",
              CALL: "IT-CALL-MISSING", DECLARE: "IT-DECL-END", PLAY: "IT-TRICKS-MISSING"}
    PHASE_CODE = "IT-PHASE"
    EXPECTING = {
        AUCTION: "the auction is still running (seat {e.turn} to call)",
        DISCARD: "seat {e.to_act} must still discard",
        CALL: "the declarer (seat {e.declarer}) must still call his partner's tarokk",
        DECLARE: "the announcement phase is still running (seat {e.decl_turn} to speak)",
        PLAY: "the play is still running",
    }
    ENDED = {DONE: "all 9 tricks have been played", PASSED_OUT: "all four players passed",
             ANNULLED: "the deal was annulled",
             FAILED: "the honourless fourth drew no honour, so the deal ended"}
    AFTER_END = {(None, "bid"): "IT-AUCTION-OVER", (None, "play"): "IT-TRICKS-EXTRA",
                 (None, None): "IT-AFTER-END"}

    def _out_of_phase(self, kind: str, token: object) -> IllegalAction | None:
        if kind == "bid":
            return _bad("IT-AUCTION-OVER", f"the auction is over: seat {self.declarer} is "
                        f"declarer at {self.contract}; nothing may be called after its end", token)
        if kind == "annul":
            if self.phase in (DECLARE, PLAY):
                return _bad("IT-ANNUL-LATE", "a deal can be annulled only after all discards and "
                            "before the partner call; the call has already been made", token)
            return _bad("IT-ANNUL-LATE", "a deal can be annulled only after all discards and "
                        f"before the partner call ({self._expecting()})", token)
        if kind == "play" and self.phase == DECLARE:
            return _bad("IT-DECL-END", f"play started before the announcement phase ended: seat "
                        f"{self.decl_turn} still has a turn (it ends after three empty turns in "
                        "a row)", token)
        if kind == "declare" and self.phase == PLAY:
            return _bad("IT-DECL-END", "the announcement phase had already ended after three "
                        "empty turns in a row: no statement may follow", token)
        if kind == "late_claim":
            return _bad("IT-LATE-CLAIM", "a late tarokk claim is made only after all 9 tricks",
                        token)
        return None

    # -- auction (§3) ------------------------------------------------------------------------
    def can_bid(self, seat: int, call: str) -> bool:
        return self._can(self.verify_bid, seat, call)

    def bid(self, seat: int, call: str) -> Event:
        self.verify_bid(seat, call)
        return self._apply_bid(seat, call)

    @takes(TEXT)
    def verify_bid(self, seat: int, call: str) -> None:
        self._bid(seat, call, False)

    def _apply_bid(self, seat: int, call: str) -> Event:
        return Event(Action("bid", seat, call), self._bid(seat, call, True))

    def bid_all(self, entries: list[dict[str, Any]]) -> None:
        """The replay's fast path for the ``auction`` list: each call checked and applied as
        ``apply`` does (``_bid``), without an ``Action`` and an ``Event`` per call; a call of
        another shape goes through ``apply`` (to word the finding). ``sub`` = ``/i``."""
        bid = self._bid
        for i, entry in enumerate(entries):
            seat, call = entry["seat"], entry["call"]
            try:
                if type(seat) is int and type(call) is str:
                    bid(seat, call, True)
                else:
                    self.apply(Action("bid", seat, call))
            except IllegalAction as err:
                err.sub = f"/{i}{err.sub}"
                raise

    def _bid(self, seat: int, call: str, commit: bool) -> dict[str, Any] | None:
        """§3.3 checks of a call in their order, then (``commit``) §3.4 and §3.5: the shared
        auction answers the turn, holds, ranking and jumps; bidding.py what is Illustrated's.
        Returns what the committed call derived (the ``Event``'s info)."""
        phase = self.phase
        if phase != AUCTION:
            if phase == DISCARD and self.rules.sole_bidder_chooses_talon:
                return self._raise(seat, call, commit)
            raise self._wrong_phase("bid", call)
        if type(seat) is not int or seat not in self.pos:
            self._seat_ok(seat, call)
        a = self.auction
        why = a.refusal(seat, call)
        if why is _PASSED:
            raise _bad("IT-TURN", f"seat {seat} has passed and may not call again", call)
        if why is _TURN:
            raise _bad("IT-TURN", f"it is seat {a.turn}'s turn to call, not seat {seat}'s", call)
        if call not in CALLS:
            raise _bad("IT-BID-UNKNOWN", f"{call!r} is not an Illustrated Tarokk call", call)
        if why is _FORCED:                       # §3.3 step 1
            raise _bad("IT-MUST-PASS", f"seat {seat} made an invitation and must pass at his "
                       f"next turn, not {call}", call)
        rules = self.rules
        hand = self.dealt[seat]
        card: int | None = None
        honourless = None if hand & HONOUR_MASK else bidding.honourless_calls(rules, a, seat,
                                                                               hand)
        if honourless is not None and call not in honourless:    # §3.3 step 2, §3.6
            if len(honourless) == 1:
                raise _bad("IT-NO-HONOUR", f"seat {seat} holds no honour (T1, T21, T22) and "
                           "must pass; only the fourth player after three passes may bid "
                           "without one", call)
            raise _bad("IT-HONOURLESS-LEVEL", f"seat {seat} bids as the honourless fourth "
                       f"and may bid {' or '.join(honourless[1:])} only under these rules, "
                       f"not {call}", call)
        if why is not None:
            raise self._why_bid(why, seat, call)
        # an honourless bid invites nobody; a pass only when it yields (bidding.yields: over
        # a two)
        if honourless is None and (call != PASS or a.high == "two"):
            card = bidding.invites(rules, a, seat, call, self.invitation)
            if card is not None and not bidding.qualifies(rules, hand, card):
                if card == bidding.XX:           # §3.3 step 8
                    raise _bad("IT-YIELD-PASS", f"seat {seat} may not pass here: after "
                               "three–two and two passes the three-bidder's pass is the XX "
                               "invitation, which needs T21 or T22 and T20; he must hold or bid "
                               "on", call)
                kind = "XIX" if card == T19 else "XVIII"
                raise _bad("IT-INVITATION", f"seat {seat}'s {call} is a "
                           f"{'single' if card == T19 else 'double'} jump and so a {kind} "
                           f"invitation, which needs T21 or T22 and {code(card)}"
                           + (f" and {rules.invitation_min_tarokks} tarokks"
                              if int(rules.invitation_min_tarokks) else "")
                           + f"; seat {seat} does not qualify", call)
        if not commit:
            return None
        a.push(seat, call)
        info: dict[str, Any] | None = None
        if card is not None:                     # §3.4
            self.invitation = (card, seat)
            info = {"invitation": code(card)}
            if call != PASS and rules.inviter_must_pass_next:
                a.force_pass(seat)
        if not a.done and a.high == "solo" and bidding.solo_stands(a):   # §3.5, third case
            a.close()
        if a.done:
            if a.high is None:
                self.phase = PASSED_OUT          # §3.7
            else:
                self._fix_contract()
        return info

    def _raise(self, seat: int, call: str, commit: bool) -> dict[str, Any] | None:
        """ITVB 4.2 (``sole_bidder_chooses_talon = true``): when only one player bid, he may,
        before the talon is taken, choose to take fewer talon cards (3, 2, 1 or 0) and so raise
        his game; not when he made an invitation (the only bidder opened the bidding, so nobody
        took it). Written as one more auction call by the declarer, after the auction's end:
        the level he plays. Decisions: the raise comes once, before any discard or annulment
        (the talon is not yet taken: the draw is redone at the new level); the honourless
        fourth may not raise (the summary: no raise for the trial three, próbahárom)."""
        a = self.auction
        if self.raised is not None or self.discard_turn or self.declarer is None:
            raise self._wrong_phase("bid", call)
        self._seat_ok(seat, call)
        d, contract = self.declarer, self.contract
        assert contract is not None
        if a.bidders != {d}:
            raise self._wrong_phase("bid", call)
        if seat != d:
            raise _bad("IT-RAISE", f"only the declarer (seat {d}), the only bidder, may choose "
                       f"to take fewer talon cards; the auction is over for seat {seat}", call)
        if call not in LEVELS or LEVELS.index(call) <= LEVELS.index(contract):
            raise _bad("IT-RAISE", f"seat {seat} is declarer at {contract}: as the only bidder "
                       f"he may raise only to a higher game (fewer talon cards), not {call!r}",
                       call)
        if self.invitation is not None:
            raise _bad("IT-RAISE", f"seat {seat} made an invitation nobody took: his bid "
                       f"stands at {contract} (ITVB 4.2)", call)
        if not self.dealt[d] & HONOUR_MASK:
            raise _bad("IT-RAISE", f"seat {seat} bid as the honourless fourth and may not "
                       "raise his game", call)
        if not commit:
            return None
        self.raised = (seat, call)
        for s in self.active:                    # the talon is drawn again at the new level
            self.hands[s] = self.dealt[s]
        self.contract = call
        self._draw()
        return {"raise": call}

    def _why_bid(self, why: Refusal, seat: int, call: str) -> IllegalAction:
        """The words for the shared auction's refusal of a hold or a bid (§3.3 steps 3–7)."""
        a = self.auction
        if call == HOLD:
            if seat not in a.bidders:
                return _bad("IT-HOLD", f"seat {seat} has not bid in this auction and may not "
                            "hold", call)
            if a.held:
                return _bad("IT-HOLD", f"seat {seat} may not hold {a.high}: it has already "
                            "been held", call)
            return _bad("IT-HOLD", f"seat {seat} may not hold now", call)
        if why is Refusal.JUMP and call == "solo" and a.high is None:
            return _bad("IT-TRIPLE-JUMP", f"seat {seat} opens with solo, a triple jump, which "
                        "these rules do not allow", call)
        if why is Refusal.LOW:
            return _bad("IT-BID-LOW", f"seat {seat}'s {call} does not outbid the current "
                        f"{a.high}", call)
        # a bid above the lowest call by more than the jumps allowed
        legal = " / ".join(a.legal_calls(_CALL_ORDER)) or "pass"
        return _bad("IT-BID-JUMP", f"seat {seat} may not call {call} here (possible: {legal})",
                    call)

    def _fix_contract(self) -> None:
        a = self.auction
        assert a.high is not None and a.holder is not None
        self.contract, self.declarer = a.high, a.holder
        self._draw()

    def _draw(self) -> None:
        """§4.1: the talon dealt out at the contract's level."""
        assert self.contract is not None and self.declarer is not None
        table = TALON_TABLE[self.contract]
        i = 0
        k = self.pos[self.declarer]
        order = self.active[k:] + self.active[:k]      # from the declarer on
        talon, drawn = self.talon, self.drawn
        for s, r in zip(order, table):
            m = 0
            for c in talon[i:i + r]:
                m |= 1 << c
            i += r
            drawn[s] = m
        if not self.dealt[self.declarer] & HONOUR_MASK and not drawn[self.declarer] & HONOUR_MASK:
            self.phase = FAILED                  # §3.6
            return
        hands = self.hands
        for s in order:
            hands[s] |= drawn[s]
        self.discard_order = order
        self.discard_turn = 0
        self.phase = DISCARD

    # -- discards (§4.3, §4.4) -----------------------------------------------------------------
    def _undiscardable(self, seat: int) -> int:
        m = KING_MASK | HONOUR_MASK
        if (self.invitation is not None and self.invitation[1] == seat
                and not self.rules.invited_card_discardable):
            m |= 1 << self.invitation[0]
        if not self.rules.xx_discardable:
            m |= 1 << T20
        return m

    def can_discard(self, seat: int, cards: tuple[str, ...]) -> bool:
        return self._can(self.verify_discard, seat, cards)

    def discard(self, seat: int, cards: tuple[str, ...]) -> Event:
        self.verify_discard(seat, cards)
        return self._apply_discard(seat, cards)

    @takes(TEXTS)
    def verify_discard(self, seat: int, cards: tuple[str, ...]) -> None:
        self._check_discard(seat, cards)

    def _check_discard(self, seat: int, cards: tuple[str, ...]) -> int:
        """``verify_discard``'s checks in their order; returns the discarded cards' mask."""
        if self.phase != DISCARD:
            raise self._wrong_phase("discard", list(cards))
        if type(seat) is not int or seat not in self.pos:
            self._seat_ok(seat, list(cards))
        turn = self.discard_order[self.discard_turn]    # to_act in this phase (ACTOR)
        if seat != turn:
            raise _bad("IT-DISCARD-TURN", f"seat {turn} discards now, not seat {seat}",
                       list(cards))
        r = self.drawn[seat].bit_count()
        if len(cards) != r:
            raise _bad("IT-DISCARD-COUNT", f"seat {seat} received {r} talon card(s) and must "
                       f"discard exactly {r}, not {len(cards)}", list(cards))
        seen = 0
        bad = self._undiscardable(seat)
        hand = self.hands[seat]
        index = PACK.index
        for i, cc in enumerate(cards):
            card = index.get(cc)
            if card is not None and not seen >> card & 1 and hand >> card & 1 \
                    and not bad >> card & 1:
                seen |= 1 << card                # the common case: nothing to say
                continue
            sub = f"/{i}"
            if card is None:
                raise _bad("CARD-UNKNOWN", f"{cc!r} is not a card", cc, sub)
            if seen >> card & 1:
                raise _bad("IT-DISCARD-NOT-HELD", f"seat {seat} discards {cc} twice", cc, sub)
            if not self.hands[seat] >> card & 1:
                raise _bad("IT-DISCARD-NOT-HELD", f"seat {seat} discards {cc}, which he does "
                           "not hold", cc, sub)
            seen |= 1 << card
            if bad >> card & 1:
                if (1 << card) & KING_MASK:
                    why = "a king may never be discarded"
                elif (1 << card) & HONOUR_MASK:
                    why = "an honour (T22, T21, T1) may never be discarded"
                elif self.invitation is not None and card == self.invitation[0]:
                    why = f"he invited with {cc} and may not discard it"
                else:
                    why = "T20 may not be discarded under these rules"
                raise _bad("IT-DISCARD-FORBIDDEN", f"seat {seat} may not discard {cc}: {why}",
                           cc, sub)
        return seen

    def _apply_discard(self, seat: int, cards: tuple[str, ...]) -> Event:
        info = self._commit_discard(seat, cards, PACK.mask(cards))
        return Event(Action("discard", seat, tuple(cards)), info)

    def discard_all(self, discards: list[Any], order: tuple[int, ...]) -> None:
        """The replay's fast path for ``exchange/discards``, seat by seat in ``order``: the
        checks of ``verify_discard`` and the commit of ``_apply_discard`` without an
        ``Action`` and an ``Event`` each; a value of another shape goes through ``apply``
        (to word the finding). ``sub`` = ``/seat``."""
        for s in order:
            cards = tuple(discards[s])
            try:
                for c in cards:
                    if type(c) is not str:
                        self.apply(Action("discard", s, cards))
                        break
                else:
                    self._commit_discard(s, cards, self._check_discard(s, cards))
            except IllegalAction as err:
                err.sub = f"/{s}{err.sub}"
                raise

    def _commit_discard(self, seat: int, cards: tuple[str, ...], m: int) -> dict[str, int]:
        self.hands[seat] &= ~m
        self.discard_mask[seat] = m
        self.discards[seat] = tuple(cards)
        self.discard_turn += 1
        info = {"tarokks": (m & TAROCK_MASK).bit_count()}
        if self.discard_turn == 4:
            self.kept = list(self.hands)
            self.phase = CALL
            if self.n == 5:   # §4.4: the dealer tells the three non-declarers' combined count
                info["combined"] = sum((self.discard_mask[s] & TAROCK_MASK).bit_count()
                                       for s in self.active if s != self.declarer)
        return info

    def disclosures(self) -> dict[str, Any]:
        """§4.4 derived statements: tarokks discarded per seat (4 players) or combined (5),
        and the declarer's shown tarokks."""
        assert self.declarer is not None
        out: dict[str, Any] = {"shown": PACK.codes_of(self.discard_mask[self.declarer] & TAROCK_MASK)}
        counts = {s: (self.discard_mask[s] & TAROCK_MASK).bit_count() for s in self.active}
        if self.n == 4:
            out["counts"] = {s: c for s, c in counts.items() if c}
        else:
            out["combined"] = sum(c for s, c in counts.items() if s != self.declarer)
        return out

    def legal_discards(self, seat: int) -> Iterator[tuple[str, ...]]:
        r = self.drawn[seat].bit_count()
        free = [code(c) for c in iter_bits(self.hands[seat] & ~self._undiscardable(seat))]
        yield from combinations(free, r)

    # -- annulment (§4.5) ----------------------------------------------------------------------
    def annul_case(self, seat: int) -> int | None:
        hand = self.hands[seat]
        if hand & KING_MASK == KING_MASK:
            return 1
        if (self.rules.trial_three_throw and self.phase == DISCARD and seat == self.declarer
                and self.contract == "three" and self.pos[seat] == 3):
            return 6          # the fourth's "trial three": thrown in after seeing the talon
        if self.discard_mask[seat] & TAROCK_MASK and not self.rules.annul_after_tarokk_discard:
            return None
        t = hand & TAROCK_MASK
        cases = {0: 2, 1 << T21: 3, 1 << T1: 4, (1 << T21) | (1 << T1): 5}
        case = cases.get(t)
        if case is not None and self.rules.annul_hands == "kegl_three" and case > 3:
            return None
        return case

    def can_annul(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_annul, seat, value)

    def annul(self, seat: int, value: Any = None) -> Event:
        self.verify_annul(seat, value)
        return self._apply_annul(seat, value)

    @takes(NOTHING)
    def verify_annul(self, seat: int, value: Any = None) -> None:
        if self.rules.annul_timing in ("before_discard", "after_talon"):
            # during the auction, or in the exchange before the player's own discard
            if self.phase not in (AUCTION, DISCARD):
                raise _bad("IT-ANNUL-LATE", "under these rules a deal can be annulled only "
                           "before the player's own discard", seat)
            self._seat_ok(seat, seat)
            if self.phase == DISCARD and self.discards[seat] is not None:
                raise _bad("IT-ANNUL-LATE", f"seat {seat} has already discarded and can no "
                           "longer annul the deal under these rules", seat)
        elif self.phase != CALL:
            raise self._wrong_phase("annul", seat)
        self._seat_ok(seat, seat)
        if self.annul_case(seat) is None:
            extra = (" (after discarding a tarokk only four kings allow it)"
                     if self.discard_mask[seat] & TAROCK_MASK else "")
            raise _bad("IT-ANNUL-HAND", f"seat {seat} may not annul the deal: his hand is none "
                       "of four kings, no tarokk, T21 alone, T1 alone, T21 and T1 alone" + extra,
                       seat)
        if (self.rules.annul_timing == "after_talon" and self.phase == AUCTION
                and self.annul_case(seat) != 1):
            raise _bad("IT-ANNUL-LATE", f"seat {seat} annuls during the auction: under these "
                       "rules only four kings allow it before the talon is drawn (ITVB 8.2)", seat)

    def _apply_annul(self, seat: int, value: Any = None) -> Event:
        self.annul_seat = seat
        self.phase = ANNULLED
        return Event(Action("annul", seat), {"case": self.annul_case(seat)})

    # -- partner call (§4.6) -------------------------------------------------------------------
    def legal_calls(self) -> list[int]:
        assert self.declarer is not None
        d = self.declarer
        if self.rules.call_rule == "akos":
            return self._legal_calls_akos(d)
        if self.invitation is not None and self.invitation[1] != d:
            out = [self.invitation[0]]
        else:
            others_discarded = any(self.discard_mask[s] & TAROCK_MASK
                                   for s in self.active if s != d)
            free = self.rules.free_call_when_tarokk_discarded
            if others_discarded and free == "any":
                out = list(CALLABLE)
            elif (others_discarded and free == "only_if_declarer_holds_xx"
                  and self.hands[d] >> T20 & 1):
                # ITVB 5.7: any tarokk, when the declarer holds the XX; 5.6: he calls himself
                # only with the XX
                out = [c for c in CALLABLE if c == T20 or not self.hands[d] >> c & 1]
            else:
                holds = self.hands[d] | self.discard_mask[d]
                out = [T20]
                if holds >> T20 & 1:
                    for c in CALLABLE:
                        if not holds >> c & 1:
                            out.append(c)
                            break
        if self.rules.call_own_discard == "forbidden":
            out = [c for c in out if not self.discard_mask[d] >> c & 1]
        return out

    def _legal_calls_akos(self, d: int) -> list[int]:
        """``call_rule = akos``: the invited card (an invitation is not binding), the highest
        tarokk not in the declarer's hand (his discard does not count), and T20 — or, once
        another player discarded a tarokk, any of T3–T20."""
        out: set[int] = set()
        if self.invitation is not None and self.invitation[1] != d:
            out.add(self.invitation[0])
        for c in CALLABLE:                      # T20 down to T2
            if not self.hands[d] >> c & 1:
                out.add(c)
                break
        if any(self.discard_mask[s] & TAROCK_MASK for s in self.active if s != d):
            out.update(CALLABLE[:-1])       # T20–T3: T2 cannot be called
        else:
            out.add(T20)
        if self.rules.call_own_discard == "forbidden":
            out = {c for c in out if not self.discard_mask[d] >> c & 1}
        return [c for c in CALLABLE if c in out]

    def can_call(self, seat: int, card_code: str) -> bool:
        return self._can(self.verify_call, seat, card_code)

    def call(self, seat: int, card_code: str) -> Event:
        self.verify_call(seat, card_code)
        return self._apply_call(seat, card_code)

    @takes(TEXT)
    def verify_call(self, seat: int, card_code: str) -> None:
        if self.phase != CALL:
            raise self._wrong_phase("call", card_code)
        if seat != self.declarer:
            raise _bad("IT-CALL", f"only the declarer (seat {self.declarer}) calls a partner",
                       card_code)
        card = PACK.index.get(card_code) if isinstance(card_code, str) else None
        if card is None or SUIT_OF[card] != "T":
            raise _bad("IT-CALL", f"the declarer (seat {seat}) must call a tarokk T2–T20, not "
                       f"{card_code!r}", card_code)
        if (1 << card) & HONOUR_MASK:
            raise _bad("IT-CALL", f"the declarer (seat {seat}) may not call an honour "
                       f"({card_code})", card_code)
        legal = self.legal_calls()
        if card in legal:
            return
        if (self.invitation is not None and self.invitation[1] != seat
                and self.rules.call_rule == "seed"):
            raise _bad("IT-CALL", f"seat {self.invitation[1]} invited with "
                       f"{code(self.invitation[0])} and the declarer (seat {seat}) must call it, "
                       f"not {card_code}", card_code)
        why = (" (nobody else discarded a tarokk)"
               if self.rules.free_call_when_tarokk_discarded == "any" else "")
        raise _bad("IT-CALL", f"the declarer (seat {seat}) must call "
                   f"{' or '.join(code(c) for c in legal)}, not {card_code}{why}", card_code)

    def _apply_call(self, seat: int, card_code: str) -> Event:
        card = PACK.index[card_code]
        self.called = card
        self.partner = None
        for s in self.active:
            if s != seat and self.hands[s] >> card & 1:
                self.partner = s
            if s != seat and self.discard_mask[s] >> card & 1:
                self.discarder_of_called = s
        self.public[seat] = True
        if (self.invitation is not None and self.invitation[1] != seat
                and self.invitation[1] == self.partner):
            self.public[self.partner] = True
        if self.rules.side_reveal == "akos" and (
                self.discard_mask[seat] >> card & 1
                or (self.invitation is not None and card == self.invitation[0]
                    and not self.discard_mask[seat] & TAROCK_MASK)):
            for s in self.active:          # the call shows the teams: every side is known
                self.public[s] = True
        self.chains.open(("D", "game"), "D")
        self.phase = DECLARE
        k = self.pos[seat]
        order = self.active[k:] + self.active[:k]
        self.round = Round(DECLARATION_ROUND, order)          # §4.8: the declarer speaks first
        return Event(Action("call", seat, card_code), {"partner": self.partner})

    # -- announcements (§4.8–4.12) -------------------------------------------------------------
    @property
    def decl_turn(self) -> int | None:
        """The seat to speak in the announcement phase."""
        return self.round.turn

    @property
    def items(self) -> dict[tuple[str, str], int]:
        """(team, item) -> kontra level of every active item (§4.11)."""
        return self.chains.level

    def _declare(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        """One turn of the announcement phase (§4.8): each statement checked in order on one
        working copy (``_Turn``) by the method of its kind, committed only when all pass."""
        if self.phase != DECLARE:
            raise self._wrong_phase("declare", list(say))
        if type(seat) is not int or seat not in self.pos:
            self._seat_ok(seat, list(say))
        if seat != self.round.turn:
            raise _bad("IT-DECL-TURN", f"it is seat {self.decl_turn}'s turn to speak, not "
                       f"seat {seat}'s", list(say))
        if not say:
            self._declare_nothing(seat, commit)
            return
        turn = _Turn(self, seat)
        for i, item in enumerate(say):
            sub = _SAY_AT[i] if i < _SAYS else f"/say/{i}"
            if not isinstance(item, str):
                raise _bad("IT-SAY-UNKNOWN", f"{item!r} is not a statement", item, sub)
            if item in HAND_BONUSES:
                turn.hand_bonus(item, sub)
                continue
            level_name, _, target = item.partition(":")
            if level_name in LEVEL_OF:
                turn.kontra_chain(item, level_name, target or "game", sub)
            elif item in self._bonus_set:
                turn.announcement(item, sub)
            else:
                raise _bad("IT-SAY-UNKNOWN", f"{item!r} is not an Illustrated Tarokk statement"
                           + self._sas_off(item), item, sub)
        if seat == self.discarder_of_called:
            turn.forced_kontra(say)
        if commit:
            turn.commit(say)

    def declare_all(self, turns: list[dict[str, Any]]) -> None:
        """The replay's fast path for the ``declarations`` list: each turn checked and
        applied by ``_declare`` as ``apply`` does, without an ``Action`` and an ``Event``
        each; a seat of another shape goes through ``apply`` (to word the finding).
        ``sub`` = ``/i``."""
        declare = self._declare
        for i, turn in enumerate(turns):
            seat, say = turn["seat"], tuple(turn["say"])
            try:
                if (not say and type(seat) is int and self.phase == DECLARE
                        and seat == self.round.turn):
                    self._declare_nothing(seat, True)     # _declare's checks all pass
                elif type(seat) is int:
                    declare(seat, say, True)
                else:
                    self.apply(Action("declare", seat, say))
            except IllegalAction as err:
                err.sub = f"/{i}{err.sub}"
                raise

    def _declare_nothing(self, seat: int, commit: bool) -> None:
        """The rest of ``_declare`` for an empty turn (most turns are): no statement to check,
        only the forced kontra; nothing but the turn itself to commit."""
        first_turn = seat not in self.round.spoke
        if (first_turn and seat == self.discarder_of_called
                and self.rules.discarder_of_called_card_must_kontra
                and self.chains.level.get(("D", "game"), 0) == 0):
            raise _bad("IT-FORCED-KONTRA", f"seat {seat} discarded the called card "
                       f"{code(self.called or 0)} and must say kontra on the game in his first "
                       "turn", [])
        if not commit:
            return
        self.turns.append((seat, ()))
        # §4.8: the declarer's first turn counts as speech even when empty
        self.round.push(seat, (), silent=not (seat == self.declarer and first_turn))
        if self.round.done:
            self._start_play()

    def _trull_meaning(self, seat: int, first_turn: bool,
                       announcer: dict[tuple[str, str], int]) -> str | None:
        """``trull_meaning_rules = true`` (ITVB 7.6 first sentence, 7.7, 7.8; the rules, not
        the strong recommendations 9.1 exempts): why ``seat``'s trull is refused, or None.

        * 7.7: the declarer's trull in his first turn means both high honours (T21 and T22);
          when three players bid, the skíz (T22);
        * 7.8: in an invitation (or yield) game, which another seat's invitation made, it means
          one high honour; and when two players bid, the inviter's trull in his first turn
          (the declarer said none, else it would be a repeat) needs two honours or the skíz;
        * 7.6: else a trull needs a high honour in hand, except for the declarer's partner
          once the declarer announced centrum, kismadár or nagymadár unasked.

        Decisions: "in hand" is the hand kept after the discards (honours cannot be
        discarded); "unasked" is read as before any trull of his side, which holds whenever
        the partner may still announce trull (a side announces it once); a bird counts when
        the declarer himself announced it, earlier in the phase or in this turn; the 7.8
        inviter rule precedes 7.6's bird exception only when the declarer announced no bird
        (7.8 names it as its own exception)."""
        hand = self.kept[seat]
        d = self.declarer
        bidders = len(self.auction.bidders)
        inviter = (self.invitation[1] if self.invitation is not None
                   and self.invitation[1] != d else None)
        bird = any(announcer.get(("D", b)) == d for b in ("centrum", "kismadar", "nagymadar"))
        if seat == d and first_turn:
            if inviter is not None:                                   # 7.8
                ok, need = bool(hand & HIGH_HONOUR_MASK), "a high honour (T21 or T22)"
            elif bidders >= 3:                                        # 7.7
                ok, need = bool(hand >> T22 & 1), "the skíz (T22), three players having bid"
            else:
                ok, need = (hand & HIGH_HONOUR_MASK) == HIGH_HONOUR_MASK, "both high honours "\
                    "(T21 and T22)"
            return None if ok else f"the declarer's first-turn trull means {need} (ITVB " \
                + ("7.8)" if inviter is not None else "7.7)")
        if self.side(seat) == "D" and seat != d and bird:             # 7.6, the exception
            return None
        if seat == inviter and first_turn and bidders == 2:           # 7.8
            if (hand & HONOUR_MASK).bit_count() >= 2 or hand >> T22 & 1:
                return None
            return ("in an invitation game the inviter's first-turn trull means two honours or "
                    "the skíz (ITVB 7.8)")
        if hand & HIGH_HONOUR_MASK:                                   # 7.6
            return None
        return "a trull needs a high honour (T21 or T22) in hand (ITVB 7.6)"

    def _attribution_exempt(self, item: str, announcer: dict[tuple[str, str], int]) -> bool:
        """ITVB 7.2 (``attribution_exceptions = itvb``): centrum always, kismadár and nagymadár
        after a trull the declarer announced himself (earlier in the phase or in this turn)."""
        if self.rules.attribution_exceptions != "itvb":
            return False
        if item == "centrum":
            return True
        return (item in ("kismadar", "nagymadar")
                and announcer.get(("D", "trull")) == self.declarer)

    def _barred(self, item: str) -> bool:
        """§4.10.2 rule 6: the items undeclared 8/9 tarokks bar (``tarokk_declaration =
        akos``: the pagát ones only; ``kupa``: the pagát and sas ones, Tarokk Kupa
        Versenyszabályzat 1§ "1., Tarokkszám")."""
        if self.rules.tarokk_declaration == "akos":
            return item in ("pagat_ultimo", "pagat_uhu")
        if self.rules.tarokk_declaration in ("kupa", "itvb"):
            return item in KUPA_TAROKK_BARRED
        return bonus_kind(item) in TAROKK_BARRED

    def _partner_holds(self, seat: int, item: str) -> bool:
        """``tarokk_declaration = itvb`` (ITVB 7.3): the count is not needed when not the
        speaker but his partner holds the item's card (the pagát or the sas)."""
        if self.rules.tarokk_declaration != "itvb":
            return False
        b = binding(item)
        assert b is not None
        card = b[0]
        return not self.kept[seat] >> card & 1 and any(
            self.kept[s] >> card & 1 for s in self.members(self.side(seat)) if s != seat)

    def _sas_off(self, item: str) -> str:
        return (" (the sas bonuses are not played under these rules: sas_bonuses = false)"
                if item in SAS_BONUSES and not self.rules.sas_bonuses else "")

    def _undeclared(self, seat: int, declared: dict[int, str]) -> bool:
        return (self.kept[seat] & TAROCK_MASK).bit_count() >= 8 and seat not in declared

    # -- play (§5) -----------------------------------------------------------------------------
    def _start_play(self) -> None:
        self.phase = PLAY
        hands = list(self.hands)
        self.table = TrickTable(hands, self.active, self.forehand, 9,
                                partial(winner_by_beats, _BEATS))
        self.hands = hands
        self._binds = self._bindings() if self.rules.card_bindings else []

    def _bindings(self) -> list[tuple[str, int, int, bool]]:
        out = []
        for (team, item) in self.items:
            if item == "game":
                continue
            b = binding(item)
            if b is not None:
                out.append((team, *b))
        return out

    @staticmethod
    def _follow_mask(hand: int, trick: list[int]) -> int:
        """§5.2: follow suit, else a tarokk, else anything (any card leads)."""
        return follow_or_ruff(hand, SUIT_MASK[SUIT_OF[trick[0]]], TAROCK_MASK) if trick else hand

    def _active_binds(self, seat: int) -> list[tuple[int, int]]:
        t = self.table
        assert t is not None and self.declarer is not None
        n = len(t.tricks) + 1                                   # t.trick_number
        team = "D" if seat == self.declarer or seat == self.partner else "O"   # side(seat)
        hand = self.hands[seat]
        out = []
        members: frozenset[int] | None = None
        for b_team, card, target, bird in self._binds:
            if b_team != team or not hand >> card & 1 or n > target:
                continue
            if bird:
                if members is None:
                    members = self.members(team)
                if any(w not in members for _, _, _, w in t.tricks):
                    continue
            out.append((card, target))
        return out

    def _legal_mask(self, seat: int) -> int:
        t = self.table
        assert t is not None
        legal = self._follow_mask(self.hands[seat], t.cards)
        if not self._binds:
            return legal
        return self._bound(seat, legal)

    def _bound(self, seat: int, legal: int) -> int:
        """§5.3: the cards of ``legal`` that the announcements binding ``seat`` leave."""
        t = self.table
        assert t is not None
        bs = self._active_binds(seat)
        if not bs:
            return legal
        n = t.trick_number
        due = 0
        later = 0
        for card, target in bs:
            if legal >> card & 1:
                if target == n:
                    due |= 1 << card
                else:
                    later |= 1 << card
        if due:
            return due
        if legal & ~later:
            return hold_back(legal, later)
        m = min(target for card, target in bs if legal >> card & 1)
        return sum(1 << card for card, target in bs if legal >> card & 1 and target == m)

    def _not_in_hand(self, seat: int, card: int, cc: str) -> IllegalAction:
        t = self.table
        assert t is not None
        if card in t.played_by:
            return _bad("IT-NOT-IN-HAND", f"{cc} was already played in trick "
                        f"{t.played_by[card][1]}", cc)
        for s in self.active:
            if self.hands[s] >> card & 1:
                return _bad("IT-NOT-IN-HAND", f"seat {seat} plays {cc}, which belongs to seat {s}", cc)
            if self.discard_mask[s] >> card & 1:
                return _bad("IT-NOT-IN-HAND", f"seat {seat} plays {cc}, which seat {s} discarded", cc)
        return _bad("IT-NOT-IN-HAND", f"seat {seat} plays {cc}, which he does not hold", cc)

    def _why_illegal(self, seat: int, card: int, cc: str, legal: int) -> IllegalAction:
        t = self.table
        assert t is not None
        hand = self.hands[seat]
        follow = self._follow_mask(hand, t.cards)
        if not follow >> card & 1:
            led = SUIT_OF[t.cards[0]]
            if hand & SUIT_MASK[led]:
                some = code(next(iter_bits(hand & SUIT_MASK[led])))
                if led == "T":
                    return _bad("IT-FOLLOW-TAROKK", f"seat {seat} played {cc} to a tarokk lead "
                                f"but holds {some} and must play a tarokk", cc)
                return _bad("IT-FOLLOW", f"seat {seat} played {cc} but holds {some} and must "
                            f"follow {SUIT_NAME[led]} (revoke)", cc)
            some = code(next(iter_bits(hand & TAROCK_MASK)))
            return _bad("IT-TRUMP", f"seat {seat} played {cc} but has no {SUIT_NAME[led]} and "
                        f"holds {some}: he must play a tarokk", cc)
        n = t.trick_number
        bs = self._active_binds(seat)
        for b_card, target in bs:
            if target == n and follow >> b_card & 1:
                return _bad("IT-BOUND-DUE", f"seat {seat} must play {code(b_card)} in trick "
                            f"{n}: his side announced it for this trick", cc)
        for b_card, target in bs:
            if b_card == card and target > n:
                if follow & ~sum(1 << c for c, tg in bs if tg > n):
                    return _bad("IT-BOUND-KEEP", f"seat {seat} must keep {cc} for trick "
                                f"{target} (announced) while he has other legal cards", cc)
                return _bad("IT-BOUND-ORDER", f"seat {seat} must play "
                            f"{' or '.join(PACK.codes_of(legal))} rather than {cc}: of the "
                            "bound cards the one for the earliest trick comes first", cc)
        return _bad("IT-PLAY", f"seat {seat} may not play {cc} now "
                    f"(legal: {' '.join(PACK.codes_of(legal))})", cc)

    def play_tricks(self, tricks: list[list[str]]) -> None:
        """The replay's fast path for the whole ``play`` list; ``sub`` = ``/t/j``."""
        start = 0
        if self.phase == PLAY:      # while no announcement binds a card: the shared path
            start = self._play_bound(tricks) if self._binds else self._play_plain(tricks,
                                                                                  TAROCK_MASK)
        self._play_checked(tricks, start)

    def _play_bound(self, tricks: list[list[str]]) -> int:
        """Whole tricks: §5.2, then (announcements that bind cards) ``_bound``'s §5.3 for each
        card, with the table as it stands before the trick (what the card-by-card path sees: a
        seat's hand and the tricks won change only when the trick is complete). Returns the
        tricks played; the card-by-card path takes over at the first card refused (to word
        the finding)."""
        t = self.table
        assert t is not None
        card_of = PACK.index.__getitem__
        hands = self.hands
        played = 0
        d, p = self.declarer, self.partner
        team_d = self.team_d
        binds = self._binds
        # the birds' condition (_active_binds): every trick so far won by the bird's team
        d_all = o_all = True
        for _, _, _, w in t.tricks:
            if w in team_d:
                o_all = False
            else:
                d_all = False
        done = len(t.tricks)                 # t.done: done >= t.n_tricks
        size, last = t.size, t.n_tricks
        live_d = live_o = _NO_BINDS
        mask_d = mask_o = 0
        # the live binds change only after a trick past a live bind's target (``until``) or,
        # where the deal has birds, when a team first loses a trick: asked again only then
        until = bound = 0
        birds = any(bird for _, _, _, bird in binds)
        tarock = TAROCK_MASK
        for trick in tricks:
            if type(trick) is not list or len(trick) != size or done >= last:
                break
            try:
                cards = list(map(card_of, trick))
            except (KeyError, TypeError):
                return played
            n = done + 1
            if n > until:
                live_d, live_o, mask_d, mask_o, until = _live_binds(binds, n, d_all, o_all)
                bound = mask_d | mask_o
            following = t.following
            seat = t.leader
            seats: list[int] = []
            led = SUIT_MASK[SUIT_OF[cards[0]]]
            taken = 0
            for card in cards:
                hand = hands[seat]
                legal = (hand & led or hand & tarock or hand) if taken else hand
                if legal & bound:          # a bound card is legal: whose binds say which
                    ours = seat == d or seat == p
                    if legal & (mask_d if ours else mask_o):
                        legal = _bound_legal(legal, live_d if ours else live_o, n)
                if not legal >> card & 1 or taken >> card & 1:
                    return played
                taken |= 1 << card
                seats.append(seat)
                seat = following[seat]
            if t.push_trick(seats, cards, taken) in team_d:
                if o_all and birds:
                    until = 0
                o_all = False
            else:
                if d_all and birds:
                    until = 0
                d_all = False
            played += 1
            done += 1
            if done >= last:
                self.phase = DONE
        return played

    # -- late claims (§4.12) -----------------------------------------------------------------
    def can_late_claim(self, seat: int, claim: str) -> bool:
        return self._can(self.verify_late_claim, seat, claim)

    def late_claim(self, seat: int, claim: str) -> Event:
        self.verify_late_claim(seat, claim)
        return self._apply_late_claim(seat, claim)

    @takes(TEXT)
    def verify_late_claim(self, seat: int, claim: str) -> None:
        if self.phase != DONE:
            raise self._wrong_phase("late_claim", claim)
        self._seat_ok(seat, claim)
        if claim not in HAND_BONUSES:
            raise _bad("IT-LATE-CLAIM", f"{claim!r} is not a tarokk claim (eight_tarokk or "
                       "nine_tarokk)", claim)
        if seat in self.hand_declared:
            raise _bad("IT-LATE-CLAIM", f"seat {seat} declared his tarokks already and cannot "
                       "claim them again after play", claim)
        if any(s == seat for s, _ in self.late_claims):
            raise _bad("IT-LATE-CLAIM", f"seat {seat} has already claimed", claim)
        have = (self.kept[seat] & TAROCK_MASK).bit_count()
        if have != HAND_BONUSES[claim][0]:
            raise _bad("IT-LATE-CLAIM", f"seat {seat} claims {claim} but held {have} tarokks "
                       "after discarding", claim)

    def _apply_late_claim(self, seat: int, claim: str) -> Event:
        self.late_claims.append((seat, claim))
        return Event(Action("late_claim", seat, claim))

    # -- legal actions -------------------------------------------------------------------------
    def _candidates_annul(self, seat: int) -> tuple[None, ...]:
        """G15: from the auction on (``annul_timing`` before_discard, after_talon), else only
        after the discards, in the call phase."""
        early = self.rules.annul_timing in ("before_discard", "after_talon")
        return NO_VALUE if early == (self.phase != CALL) else ()

    def _candidates_discard(self, seat: int) -> Iterator[tuple[str, ...]]:
        return self.legal_discards(seat)

    def _candidates_call(self, seat: int) -> Iterator[str]:
        return (code(c) for c in self.legal_calls())

    def _candidates_declare(self, seat: int) -> Iterator[tuple[str, ...]]:
        return self.candidate_says(seat)

    def candidate_says(self, seat: int) -> Iterator[tuple[str, ...]]:
        """A pass, each single statement, and a hand declaration or a kontra followed by one
        announcement (longer turns are legal too and are checked statement by statement)."""
        yield ()
        hand_decl = [h for h in HAND_BONUSES if (self.kept[seat] & TAROCK_MASK).bit_count()
                     == HAND_BONUSES[h][0] and seat not in self.hand_declared]
        kontras = []
        maxk = int(self.rules.max_kontra_level)
        for (team, item), lvl in self.items.items():
            if lvl < maxk:
                name = KONTRA_LEVELS[lvl]
                kontras.append(name if item == "game" else f"{name}:{item}")
        singles = hand_decl + kontras + list(self.bonuses)
        for x in singles:
            yield (x,)
        for h in hand_decl:
            for x in self.bonuses:
                yield (h, x)
            for k in kontras:            # a declaration before a kontra on a tarokk-barred item
                yield (h, k)
        if not self.public[seat]:
            for k in kontras:
                for x in self.bonuses:
                    yield (k, x)
                for h in hand_decl:      # the side shown first, where a declaration needs it
                    yield (k, h)

    # -- scoring -------------------------------------------------------------------------------
    def score(self) -> Score:
        """§6: the one scorer (scoring.score_facts) over the facts of the play."""
        return score_facts(self.facts(), self.rules)

    def facts(self) -> IllustratedFacts:
        """What the play gives the scorer (§6.1): teams, card points and tricks, each
        announcement's level and whether it was made, the silent items' candidates, the tarokk
        declarations and claims (``Game.outcome`` writes them as the outcome block)."""
        if self.redeal or self.phase == FAILED:    # thrown in (§2.3); §3.6, §6.8
            return IllustratedFacts(self.n, self.active, self.multiplier, self.contract,
                                    self.declarer, None,
                                    "redeal" if self.redeal else "honourless")
        t = self.table
        assert t is not None and self.declarer is not None
        D = self.team_d
        won = t.won
        won_d = 0
        won_o = 0
        for s in self.active:                   # team_o: the active seats outside D
            if s in D:
                won_d |= won[s]
            else:
                won_o |= won[s]
        r = self.rules
        dm = self.discard_mask
        disc_d = dm[self.declarer]
        disc_o = 0
        lone_all = self.partner is None and (r.lone_declarer_takes_all_discards or (
            r.unintentional_lone_takes_all_discards and self.discarder_of_called is not None))
        for s in self.active:
            if s != self.declarer:
                if lone_all:
                    disc_d |= dm[s]
                else:
                    disc_o |= dm[s]
        items = self.items
        caught = _catch(t, D)
        made = {}
        for key in items:
            team, bonus = key
            if bonus != "game" and bonus != "double_game" and bonus != "volat":
                made[key] = _achieved(t, D, won_d if team == "D" else won_o, caught, team, bonus)
        trull = "D" if won_d & HONOUR_MASK == HONOUR_MASK else (
            "O" if won_o & HONOUR_MASK == HONOUR_MASK else None)
        kings = "D" if won_d & KING_MASK == KING_MASK else (
            "O" if won_o & KING_MASK == KING_MASK else None)
        hand = self.hand_declared
        f = IllustratedFacts(self.n, self.active, self.multiplier, self.contract, self.declarer,
                             self.partner, None,
                             (card_points(won_d | disc_d), card_points(won_o | disc_o)),
                             tuple(t.count), items, made, trull, kings, caught, (),
                             tuple(sorted(hand.items())) if hand else (),
                             tuple(self.late_claims))
        ultimos = []
        for card, ultimo, _ in SILENT_ULTIMOS[:2 if r.sas_bonuses else 1]:
            seat = _seat_in(t, card, 9)
            if seat is not None:
                team = "D" if seat in D else "O"
                # trick 9 still being played (score() asked mid-play): its winner is asked for
                # only where the silent ultimó would count, as it always was
                ok = (t.winning_card(9) == card
                      if len(t.tricks) >= 9 or silent_counts(f, r, team, ultimo) else False)
                ultimos.append((ultimo, team, ok))
        if ultimos:
            f.ultimos = tuple(ultimos)
        return f


# A card's place in the play: the trick it was played to (the one being played counts as the
# next), looked up where a bonus needs it. Functions of the module, not ones defined in
# facts: compiled, those would tie the engine in a reference cycle with its closure.

class _Turn:
    """The working copy of one turn of the announcement phase (§4.8): the engine's chains,
    announcers, sides and declarations as this turn leaves them, statement by statement (the
    state is updated within the turn as well, §4.10.1). ``_declare`` makes one per non-empty
    turn and commits it only when every statement passes, so that verifying mutates nothing:
    the chains, the announcers and the declarations are the engine's until the turn first
    changes them, and copied then (a refused statement costs no copy).
    One method per kind of statement, named after its section: ``hand_bonus`` (§4.12),
    ``kontra_chain`` (§4.11), ``announcement`` (§4.10: ``attribution`` §4.10.1, ``restrictions``
    §4.10.2), and ``forced_kontra`` (§4.6) over the whole turn."""

    __slots__ = ("eng", "seat", "me", "chains", "items", "announcer", "ever", "superseded",
                 "public", "last", "declared", "first_turn", "shown", "eight")

    def __init__(self, eng: IllustratedEngine, seat: int) -> None:
        self.eng = eng
        self.seat = seat
        self.me = "D" if seat == eng.declarer or seat == eng.partner else "O"   # side(seat)
        #: the engine's own until this turn writes to them (copied then)
        self.chains = eng.chains
        #: the active (team, item) keys and their levels, the chains' own dict
        self.items = self.chains.level
        self.announcer = eng.announcer
        self.ever = eng.ever
        self.superseded = eng.superseded
        self.declared = eng.hand_declared
        self.public = eng.public[seat]
        self.last = eng.last_side
        self.first_turn = seat not in eng.round.spoke
        #: a statement of this turn shows the side (§4.7)
        self.shown = False
        #: the speaker holds 8 or 9 tarokks (§4.12; §4.10.2 rule 6 may bar his statements)
        self.eight = (eng.kept[seat] & TAROCK_MASK).bit_count() >= 8

    def _own_chains(self) -> KontraChains[tuple[str, str]]:
        """The chains to change: the engine's, copied at the turn's first change."""
        if self.chains is self.eng.chains:
            self.chains = self.chains.copy()
            self.items = self.chains.level
        return self.chains

    def _speaks(self) -> None:
        """A statement that shows the speaker's side and makes it the last speaker's (§4.7,
        §4.10.1)."""
        self.public = self.shown = True
        self.last = self.me

    def hand_bonus(self, item: str, sub: str) -> None:
        """§4.12 hand bonuses: 8 or 9 tarokks after discarding, exactly, at most once per
        player. Under ``tarokk_declaration = akos | kupa | itvb`` it is declared like an
        announcement: the side must be known or presumed right (§4.10.1), and becomes known
        (Kupa: "before the pairs are known the tarokk count is said for the last speaker")."""
        eng, seat = self.eng, self.seat
        need, _ = HAND_BONUSES[item]
        have = (eng.kept[seat] & TAROCK_MASK).bit_count()
        if seat in self.declared:
            raise _bad("IT-TAROKK-DECLARE", f"seat {seat} has already declared his "
                       "tarokks", item, sub)
        if have != need:
            raise _bad("IT-TAROKK-DECLARE", f"seat {seat} declares {item} but holds "
                       f"{have} tarokks after discarding (exactly {need} are needed)",
                       item, sub)
        if eng.rules.tarokk_declaration in ("akos", "kupa", "itvb"):
            if not self.public and (self.last or "D") != self.me:
                raise _bad("IT-ATTRIBUTION", f"seat {seat} declares {item} while his "
                           "side is not known and would be taken for the other side; "
                           "he must first make himself known with a kontra", item, sub)
            self._speaks()
        self.declared = {**self.declared, seat: item}

    def kontra_chain(self, item: str, level_name: str, tgt: str, sub: str) -> None:
        """§4.11 kontra chain: on the game or an announced, not superseded bonus; odd levels
        against the item's owner, even ones by his side, each the next level, up to
        ``max_kontra_level``; §4.10.2 rule 6: not on an item that undeclared 8/9 tarokks
        bar. A kontra-level call shows the side (§4.7)."""
        eng, seat, me = self.eng, self.seat, self.me
        if tgt != "game" and tgt not in eng._bonus_set:
            raise _bad("IT-SAY-UNKNOWN", f"{item!r}: {tgt} is not a bonus"
                       + eng._sas_off(tgt), item, sub)
        lvl = LEVEL_OF[level_name]
        # odd levels against the owner, even levels by the owner
        owner = eng.other(me) if lvl % 2 else me
        key = (owner, tgt)
        items = self.items
        if key not in items:
            if (eng.other(owner), tgt) in items:
                which = ("the declarer side's" if owner == "O" else "the defenders'")
                raise _bad("IT-KONTRA-SIDE", f"seat {seat} ({'declarer side' if me == 'D' else 'defender'}) "
                           f"may not say {level_name} on {which} {tgt}: "
                           + (_ODD_LEVELS + " are said against the other side"
                              if lvl % 2 else _EVEN_LEVELS + " are said by the side "
                              "that owns the item"), item, sub)
            raise _bad("IT-KONTRA-TARGET", f"seat {seat} says {item}, but {tgt} has "
                       "not been announced (or was superseded)", item, sub)
        cur = items[key]
        maxk = int(eng.rules.max_kontra_level)
        if lvl > maxk:
            raise _bad("IT-KONTRA-MAX", f"{level_name} goes beyond the highest level "
                       f"allowed ({KONTRA_LEVELS[maxk - 1]})", item, sub)
        if self.chains.refusal(key, level_name, me) is not None:   # out of order
            raise _bad("IT-KONTRA-LEVEL", f"seat {seat} says {level_name} on {tgt}, "
                       f"which stands at {KONTRA_LEVELS[cur - 1] if cur else 'no kontra'}"
                       f"; the next level is {KONTRA_LEVELS[cur] if cur < maxk else 'none'}",
                       item, sub)
        if self.eight:
            self._undeclared_tarokks(tgt, item, sub)
        self._own_chains().say(key, level_name)
        self.public = self.shown = True            # a kontra-level call shows the side
        self.last = me

    def announcement(self, item: str, sub: str) -> None:
        """§4.10 who may announce what: the §4.10.1 attribution, then the §4.10.2
        restrictions between the announcements of one team; the bonus (§4.9) opens its chain
        (§4.11) for the announcer's side."""
        exempt = self.attribution(item, sub)
        self.restrictions(item, sub)
        key = (self.me, item)
        self._own_chains().open(key, self.me)
        if self.announcer is self.eng.announcer:      # the turn's first announcement
            self.announcer, self.ever = dict(self.announcer), set(self.ever)
        self.announcer[key] = self.seat
        self.ever.add(key)
        if not exempt:
            self._speaks()

    def attribution(self, item: str, sub: str) -> bool:
        """§4.10.1 attribution ("the last speaker's side"): an announcement by a player whose
        side is not public is legal only when the presumed side (the last one to announce or
        kontra, else the declarer's) is his own. ITVB 7.2 (``attribution_exceptions =
        itvb``): centrum, and kismadár and nagymadár once the declarer himself has announced
        trull, are not said for the last speaker. Decision (the ITVB does not say whose they
        are then): such an announcement is the announcer's own side's, needs no presumed
        side, and neither shows his side nor becomes the last speaker's statement. Returns
        whether ``item`` is so exempt."""
        exempt = (self.eng.rules.attribution_exceptions == "itvb"
                  and self.eng._attribution_exempt(item, self.announcer))
        if not self.public and not exempt:
            presumed = self.last or "D"
            if presumed != self.me:
                raise _bad("IT-ATTRIBUTION", f"seat {self.seat} announces {item} while his side "
                           "is not known: it would be taken for the "
                           f"{'declarer side' if presumed == 'D' else 'defenders'}, which is "
                           "wrong; he must first make himself known with a kontra", item, sub)
        return exempt

    def restrictions(self, item: str, sub: str) -> None:
        """§4.10.2 restrictions between announcements of one team, in order: rule 1 (not
        twice), rule 6 (undeclared 8/9 tarokks), ITVB 7.6–7.8 (what a trull means,
        ``trull_meaning_rules``), rule 2 (double game and volát), rule 3 (ultimó and uhu:
        a partner's uhu supersedes the ultimó), rule 4 (one target per trick)."""
        eng, seat, me = self.eng, self.seat, self.me
        if (me, item) in self.items:
            raise _bad("IT-ANNOUNCE-REPEAT", f"seat {seat}'s side has already announced "
                       f"{item}", item, sub)
        if self.eight:
            self._undeclared_tarokks(item, item, sub)
        if item == "trull" and eng.rules.trull_meaning_rules:
            why = eng._trull_meaning(seat, self.first_turn, self.announcer)
            if why is not None:
                raise _bad("IT-TRULL-MEANING", f"seat {seat} may not announce trull here: "
                           + why, item, sub)
        if item in _DG_VOLAT_TRULL_KINGS:
            self._double_game_and_volat(item, sub)
        if item in UHU_ULTIMO or item in ULTIMO_UHU:
            self._ultimo_and_uhu(item, sub)
        if eng.rules.one_bonus_per_trick_target:
            self._one_target_per_trick(item, sub)

    def _undeclared_tarokks(self, item: str, token: str, sub: str) -> None:
        """§4.10.2 rule 6 (asked when the speaker holds 8 or 9 tarokks, ``eight``): a player
        holding 8 or 9 undeclared tarokks neither announces the items they bar nor says any
        kontra-level call on them (ITVB 7.3: unless his partner holds the item's card).
        ``token``: the statement (``item`` itself, or a kontra on it)."""
        eng, seat = self.eng, self.seat
        if (eng._barred(item) and eng._undeclared(seat, self.declared)
                and not eng._partner_holds(seat, item)):
            when = f"announcing {item}" if token == item else f"any kontra on {item}"
            raise _bad("IT-TAROKK-UNDECLARED", f"seat {seat} holds "
                       f"{(eng.kept[seat] & TAROCK_MASK).bit_count()} tarokks and must "
                       f"declare them before {when}", token, sub)

    def _double_game_and_volat(self, item: str, sub: str) -> None:
        """§4.10.2 rule 2: double game and volát not in one turn
        (``double_game_and_volat_same_turn``), no double game after the side's volát; trull
        and four kings after volát only where ``trull_kings_after_volat`` allows them."""
        eng, me = self.eng, self.me
        r = eng.rules
        if item in ("double_game", "volat"):
            # the other one said in this turn: active now, not before the turn (neither is
            # ever superseded, nor announced twice)
            other = (me, "volat" if item == "double_game" else "double_game")
            if (other in self.items and other not in eng.chains.level
                    and r.double_game_and_volat_same_turn == "forbidden"):
                raise _bad("IT-DG-VOLAT", f"seat {self.seat} may not announce double_game and "
                           "volat in the same turn", item, sub)
            if item == "double_game" and (me, "volat") in self.items:
                raise _bad("IT-DG-VOLAT", f"seat {self.seat}'s side has announced volat and "
                           "may no longer announce double_game", item, sub)
        if (item in ("trull", "four_kings") and (me, "volat") in self.items
                and r.trull_kings_after_volat == "forbidden"):
            raise _bad("IT-DG-VOLAT", f"{item} may not be announced after volat under "
                       "these rules", item, sub)

    def _ultimo_and_uhu(self, item: str, sub: str) -> None:
        """§4.10.2 rule 3: (a) not the uhu with the card of one's own ultimó; (b) a partner's
        uhu supersedes the ultimó, which goes with its kontras (unless
        ``ultimo_to_uhu_by_partner = forbidden``); (c) no ultimó after the side's uhu with
        the same card."""
        seat, me = self.seat, self.me
        if item in UHU_ULTIMO:
            ult = UHU_ULTIMO[item]
            if (me, ult) in self.items:
                if self.announcer[(me, ult)] == seat:
                    raise _bad("IT-ULTIMO-UHU", f"seat {seat} announced {ult} himself and "
                               f"may not raise it to {item}", item, sub)
                if self.eng.rules.ultimo_to_uhu_by_partner == "forbidden":
                    raise _bad("IT-ULTIMO-UHU", f"{ult} may not be raised to {item} under "
                               "these rules", item, sub)
                self._own_chains().remove((me, ult))
                self.superseded = self.superseded | {(me, ult)}
        if item in ULTIMO_UHU and (me, ULTIMO_UHU[item]) in self.ever:
            raise _bad("IT-ULTIMO-UHU", f"seat {seat}'s side announced "
                       f"{ULTIMO_UHU[item]} and may not announce {item} with the same card",
                       item, sub)

    def _one_target_per_trick(self, item: str, sub: str) -> None:
        """§4.10.2 rule 4 (``one_bonus_per_trick_target``): no two active announcements of
        one side that need a card to win the same trick."""
        b = BINDINGS.get(item)
        if b is not None and not b[2]:
            for (team, other_item) in self.items:
                ob = BINDINGS.get(other_item)
                if team == self.me and ob is not None and not ob[2] and ob[1] == b[1]:
                    raise _bad("IT-TRICK-TARGET", f"seat {self.seat}'s side already has "
                               f"{other_item} for trick {b[1]}; {item} needs the same "
                               "trick and cannot also succeed", item, sub)

    def forced_kontra(self, say: tuple[str, ...]) -> None:
        """§4.6 forced kontra: the player who discarded the called card says kontra on the
        game in his first turn, unless it is already kontra'd
        (``discarder_of_called_card_must_kontra``)."""
        eng, seat = self.eng, self.seat
        if (self.first_turn and seat == eng.discarder_of_called
                and eng.rules.discarder_of_called_card_must_kontra
                and eng.chains.level.get(("D", "game"), 0) == 0
                and self.items.get(("D", "game"), 0) == 0):
            raise _bad("IT-FORCED-KONTRA", f"seat {seat} discarded the called card "
                       f"{code(eng.called or 0)} and must say kontra on the game in his first "
                       "turn", list(say))

    def commit(self, say: tuple[str, ...]) -> None:
        """The turn stands: the working copy becomes the engine's state, the turn is pushed to
        the round (§4.8: three empty turns in a row end the phase)."""
        eng, seat = self.eng, self.seat
        eng.chains, eng.announcer, eng.ever, eng.superseded = (self.chains, self.announcer,
                                                               self.ever, self.superseded)
        if self.shown and eng.rules.side_reveal == "akos" and (
                seat == eng.partner or (seat == eng.discarder_of_called and "kontra" in say)):
            for s in eng.active:    # the partner, or the discarder's kontra, shows the teams
                eng.public[s] = True
        eng.public[seat] = self.public
        eng.last_side = self.last
        eng.hand_declared = self.declared
        eng.turns.append((seat, say))
        eng.round.push(seat, say, silent=False)        # a turn that says something
        if eng.round.done:
            eng._start_play()


#: the places of a turn's first statements (``_declare``: a format per statement cost more)
_SAY_AT = tuple(f"/say/{i}" for i in range(8))
_SAYS = len(_SAY_AT)
#: the announcements §4.10.2 rule 2 restricts (``_Turn._double_game_and_volat``)
_DG_VOLAT_TRULL_KINGS = frozenset(("double_game", "volat", "trull", "four_kings"))
#: no bind restricts a card (``_play_bound`` where the deal has none); never added to
_NO_BINDS: list[tuple[int, int]] = []


def _live_binds(binds: list[tuple[str, int, int, bool]], n: int, d_all: bool, o_all: bool
                ) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int, int, int]:
    """``_play_bound``: the binds (§5.3) that may still restrict a card in trick ``n``, per
    team as (card, target trick), and their cards as masks: those of ``_active_binds``, less
    its test of the hand (a card not held is not legal either); a bird's only while its team
    (``d_all``, ``o_all``) has won every trick so far. Last, the last trick for which these
    stay the same while no team loses its first trick (the earliest live target; 99: none)."""
    live_d: list[tuple[int, int]] = []
    live_o: list[tuple[int, int]] = []
    mask_d = mask_o = 0
    until = 99
    for b_team, b_card, target, bird in binds:
        if n > target:
            continue
        if b_team == "D":
            if bird and not d_all:
                continue
            live_d.append((b_card, target))
            mask_d |= 1 << b_card
        elif not bird or o_all:
            live_o.append((b_card, target))
            mask_o |= 1 << b_card
        else:
            continue
        if target < until:
            until = target
    return live_d, live_o, mask_d, mask_o, until


def _bound_legal(legal: int, live: list[tuple[int, int]], n: int) -> int:
    """``_bound`` (§5.3) for ``_play_bound``: of the ``legal`` cards, a card due in trick
    ``n`` must be played; a card bound to a later trick is kept while the seat has another
    legal card; else the one for the earliest trick."""
    due = later = 0
    for b_card, target in live:
        if legal >> b_card & 1:
            if target == n:
                due |= 1 << b_card
            else:
                later |= 1 << b_card
    if due:
        return due
    if legal & ~later:
        return legal & ~later
    m = min(target for b_card, target in live if legal >> b_card & 1)
    return sum(1 << b_card for b_card, target in live if legal >> b_card & 1 and target == m)


def _seat_in(t: TrickTable, card: int, trick: int) -> int | None:
    """The seat that played ``card`` to 1-based ``trick`` (None: it was not played there)."""
    n_done = len(t.tricks)
    if trick <= n_done:
        _, cards, seats, _ = t.tricks[trick - 1]
    elif trick == n_done + 1:
        cards, seats = t.cards, t.seats
    else:
        return None
    return seats[cards.index(card)] if card in cards else None


def _catch(t: TrickTable, D: frozenset[int]) -> str | None:
    """The team whose T22 took an opponent's T21 in the same trick, if any."""
    for _, cards, seats, _ in t.tricks:
        if T22 in cards:
            break
    else:
        cards, seats = t.cards, t.seats
        if T22 not in cards:
            return None
    if T21 in cards:
        a = "D" if seats[cards.index(T22)] in D else "O"
        b = "D" if seats[cards.index(T21)] in D else "O"
        if a != b:
            return a
    return None


_BIRDS = ("centrum", "kismadar", "nagymadar")


def _achieved(t: TrickTable, D: frozenset[int], pile: int, caught: str | None, team: str,
              bonus: str) -> bool:
    """Whether ``team`` (whose cards won are ``pile``) achieved the announced ``bonus``."""
    kind = bonus_kind(bonus)
    if kind == "trull":
        return pile & HONOUR_MASK == HONOUR_MASK
    if kind == "four_kings":
        return pile & KING_MASK == KING_MASK
    if kind == "xxi_catch":
        return caught == team
    card, target, _ = BINDINGS[bonus]  # type: ignore[misc]
    tricks = t.tricks
    if kind in _BIRDS:
        return (all(("D" if tricks[i][3] in D else "O") == team for i in range(target))
                and t.winning_card(target) == card)
    # played to the target trick, and winning it for the team (wins_with)
    seat = _seat_in(t, card, target)
    return (seat is not None and len(tricks) >= target and t.winning_card(target) == card
            and ("D" if seat in D else "O") == team)
