"""The Königrufen rules engine (docs/rules/koenigrufen.md). One object = one deal.

Phases: auction (§3) → free choice → king call (§4.2) → talon take / discard / concession
(§4.3, §4.4) → Besserrufer opening (§4.6.3) → declarations (§4.6) → play (§5) → done.
Every action kind has ``verify_x`` / ``can_x`` / ``x`` (see ``tarockrec.engine``).
"""
from __future__ import annotations

from enum import StrEnum

from functools import partial
from itertools import combinations
from typing import Any, Iterable, Iterator

from ...cards import iter_bits
from ...engine import (FLAG, LEGAL_CARDS, NO_VALUE, NOTHING, TEXT, TEXTS, Action,
                       DeclaringEngine, Event, pair, takes)
from ...errors import IllegalAction
from ...scoring import Score
from ...core.auction import Auction, AuctionSpec, Refusal, TurnOrder
from ...core.declarations import ChainRefusal, KontraChains, KontraLadder, Round, RoundSpec
from ...tricks import (SeatPlan, TrickTable, best_index, follow_or_ruff, hold_back, must_beat,
                      beats_table, play_fixed, winner_by_beats)
from .contracts import (
    ALL_ANNOUNCEMENTS, BEATS, BIRD_CARD, BIRDS, FORBIDDEN_DISCARD, KING_MASK, KINGS,
    KONTRA_LEVELS, PACK, T1, T21, T22, TAROCK_MASK, TRULL_MASK, Contract, card_points,
    contract_table, thirds,
)
from .rules import KoenigrufenRules
from .scoring import (ALONE, OTHERS, SEATS, SIDE_OF, Facts, Item, doubling_after, lowest_bird,
                      period_multiplier, score_facts)

N = 4
SUIT_OF = PACK.suits
STRENGTH = PACK.strength
SUIT_MASK = PACK.suit_mask
code = PACK.code

class Phase(StrEnum):
    """Where a deal stands (§3–§5); ``engine.phase`` is one of these."""
    AUCTION = "auction"
    CHOOSE = "choose"          # forehand chooses after Mein Spiel and three passes (§3.4)
    KING = "king"
    TALON = "talon"
    DISCARD = "discard"
    OPENING = "opening"        # the declarer's opening declaration turn (§4.6)
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"
    REDEALT = "redealt"
    CONCEDED = "conceded"


AUCTION, CHOOSE, KING, TALON, DISCARD, OPENING, DECLARE, PLAY, DONE, REDEALT, CONCEDED = Phase


class Tariff:
    """What a rule set plays, read once per rule set (not per deal): its contracts with their
    values (``contract_values``, ``farbendreier``) and ranks (``contract_order``), the auction
    over them, its birds (``quapil``) and bonus values (``bonus_scale``, ``kakadu_value``)."""

    __slots__ = ("contracts", "biddable", "auction", "calls", "openings", "open_with_contract",
                 "opening_text", "first_word_only", "birds", "bird_card", "bonus_base",
                 "capture_base", "bonus_types")

    def __init__(self, rules: KoenigrufenRules) -> None:
        from .contracts import (BONUS_BASE, CAPTURE_BASE, ORDERS, TAROCKCUP_BONUS_BASE,
                                TAROCKCUP_CAPTURE_BASE)
        order = ORDERS[str(rules.contract_order)]
        self.contracts = contract_table(str(rules.contract_values), rules.farbendreier,
                                        str(rules.contract_order))
        self.biddable = tuple(c for c in self.contracts.values() if c.biddable)
        #: §3.3: forehand opens (with mein_spiel, or under oe2023 also a contract: checked by
        #: the engine), a bid must outrank the standing one, a seat nearer forehand may hold, a
        #: pass is final, the last seat in wins; the ladder is in rank order
        self.auction = AuctionSpec(ladder=("mein_spiel", *(c.id for c in self.biddable)),
                                   pass_final=True, holds=True, forced_opening=True)
        #: every call word of the auction (the candidates of ``legal_actions``)
        self.calls = ("mein_spiel", "pass", "hold", *(c.id for c in self.biddable))
        #: what forehand's first call may be (§3.2 seed: mein_spiel only; §7.2 oe2023:
        #: "Vorhand" or a contract of the ladder)
        self.open_with_contract = order.open_with_contract
        self.openings = frozenset(("mein_spiel", *((c.id for c in self.biddable)
                                                   if order.open_with_contract else ())))
        self.opening_text = ("mein_spiel (Vorhand) or a contract of the auction"
                             if order.open_with_contract else "mein_spiel")
        #: contracts named only as forehand's first call (§7.2 oe2023: the Sechserdreier)
        self.first_word_only = frozenset(order.first_word_only) & set(self.contracts)
        self.birds = BIRDS if rules.quapil else tuple(b for b in BIRDS if b != "quapil")
        self.bird_card = {b: BIRD_CARD[b] for b in self.birds}
        #: §6.4 the bonuses a contract scores, by (no trumps, king call): Farbensolo and
        #: Farbendreier only the four kings (with ``farbensolo_bonuses``)
        self.bonus_types = {(no_trump, king_call): ("four_kings",) if no_trump else
                            (*self.birds, "trull", "four_kings")
                            + (("king_ultimo",) if king_call else ())
                            for no_trump in (False, True) for king_call in (False, True)}
        if rules.bonus_scale == "tarockcup":
            self.bonus_base = dict(TAROCKCUP_BONUS_BASE)
            self.capture_base = TAROCKCUP_CAPTURE_BASE
        else:
            self.bonus_base = dict(BONUS_BASE)
            self.bonus_base["kakadu"] = int(rules.kakadu_value)
            self.capture_base = CAPTURE_BASE


_TARIFFS: dict[tuple[object, ...], Tariff] = {}


def tariff(rules: KoenigrufenRules) -> Tariff:
    """The rule set's ``Tariff``, cached by the options it depends on."""
    key = (rules.contract_values, rules.farbendreier, rules.contract_order, rules.quapil,
           rules.bonus_scale, rules.kakadu_value)
    t = _TARIFFS.get(key)
    if t is None:
        t = _TARIFFS[key] = Tariff(rules)
    return t


HALVES = ("lower", "upper")


def _bad(code_: str, message: str, token: object = None, sub: str = "") -> IllegalAction:
    return IllegalAction(code_, message, token, sub)


KONTRA_LADDER = KontraLadder(KONTRA_LEVELS)
#: the cards of the birds (T1–T4), for the forced order of announced birds (§7.2)
_BIRD_MASK = sum(1 << card for card, _ in BIRD_CARD.values())
#: §4.6.1: the round ends after three passes in a row once everyone has spoken (the literal
#: reading: after any three passes in a row)
ROUND_SPECS = {"all_spoke_then_three_passes": RoundSpec(passes_to_end=3, all_speak=True),
               "literal_three_passes": RoundSpec(passes_to_end=3, all_speak=False)}


class Plan:
    """One rule set read once (rule sets are immutable): its ``Tariff``, its declaration round,
    and the tables of ``KoenigrufenEngine.apply``'s fast path, which accepts the common legal
    call (§3.3, §3.4) without the checked path's sentences."""

    __slots__ = ("tariff", "round_spec", "no_round", "oe_round", "free_openings", "free_bids",
                 "free_choices", "limited", "hold_any", "rank")

    def __init__(self, rules: KoenigrufenRules) -> None:
        t = self.tariff = tariff(rules)
        self.round_spec = ROUND_SPECS[str(rules.declaration_end_rule)]
        #: a deal's round before its declarations (§4.6): no seats, over; shared by the rule
        #: set's deals and never written (``_after_exchange`` starts the deal's own)
        self.no_round = Round(self.round_spec, ())
        self.oe_round = rules.announcement_round == "oe2023"
        spec = t.auction
        # ``_call_fits`` reads ``Auction.refusal`` for this kind of auction only
        assert (spec.order is TurnOrder.ROTATE and not spec.exact_step and spec.higher is None
                and spec.max_jump is None)
        # the calls ``_check_hand_limits`` may refuse under these rules
        limited = set()
        if rules.besserrufer_bird_in_hand or rules.bird_announcement_requires_card:
            limited.add("besserrufer")
        if rules.four_kings_forbid_king_call:
            limited |= {c.id for c in t.contracts.values() if c.king_call}
        #: forehand's first calls that need no check beyond the turn
        self.free_openings = frozenset(c for c in t.openings if c not in limited)
        #: the bids that need no check beyond the turn and outranking the standing call
        self.free_bids = frozenset(c for c in spec.ladder if c != "mein_spiel"
                                   and c not in t.first_word_only and c not in limited)
        #: the contracts forehand's free choice takes without a further check
        self.free_choices = frozenset(c for c in t.contracts
                                      if c not in t.first_word_only and c not in limited)
        #: the contracts whose hold, too, is checked against the holder's hand
        self.limited = frozenset(limited)
        self.hold_any = rules.hold_right != "forehand_only"
        self.rank = spec.rank


_PLANS: dict[KoenigrufenRules, Plan] = {}


def plan(rules: KoenigrufenRules) -> Plan:
    """The rule set's ``Plan`` (cached by the rule set object, as ``Game.rules`` caches those)."""
    p = _PLANS.get(rules)
    if p is None:
        p = Plan(rules)
        if len(_PLANS) < 256:
            _PLANS[rules] = p
    return p


#: every trick is played by the four seats in turn (an immutable plan, shared by all deals)
_SEAT_PLAN = SeatPlan(range(N))
#: the cards that beat a card winning a trick without trumps (§5.3 Farbensolo, Farbendreier:
#: a higher card of its suit; the winning card is always of the led suit)
_WINS_NO_TRUMP = beats_table(SUIT_OF, STRENGTH, trump=None)
#: the seats of a trick in play order, by its leader
_ROUND_FROM = tuple(tuple((lead + i) % N for i in range(N)) for lead in range(N))

#: a card code -> its bit (``_discard_fits``)
_BIT = PACK.bit.__getitem__
#: the cards ``_discard_fits`` leaves to the checked path: kings and trull (never discarded)
#: and the tarocks (only when nothing else can be, §4.3)
_NOT_DISCARDED = FORBIDDEN_DISCARD | TAROCK_MASK

#: ``Event(action)`` without the named tuple's Python-level ``__new__`` (the replay builds one
#: per action; the same tuple)
_new = tuple.__new__

#: the king call's value: the king's card code, and whether it is the remaining king (§4.2)
KING_VALUE = pair(TEXT, FLAG, "a pair (king card code, true when it is the remaining king)")


class KoenigrufenEngine(DeclaringEngine):
    ACTIONS = ("redeal", "call", "king", "take", "discard", "concede", "declare", "play")
    rules: KoenigrufenRules
    phase: Phase
    game = "koenigrufen"
    CODE = "KR"
    pack = PACK

    # the state every deal starts from and that later phases set (immutable values, read from
    # the class until set: ``__init__`` runs once per replayed deal)
    declarer: int | None = None
    contract: Contract | None = None
    called_king: int | None = None
    king_remaining = False
    taken: str | None = None                     # lower | upper | all
    discard_mask = 0
    partner: int | None = None
    redeal_seat: int | None = None
    valat_announced = False
    table: TrickTable | None = None
    _soft_reservation = False
    _plain = False
    _plain_misere = False
    _hold: tuple[int, int, int] | None = None
    _individual = False                          # G39 misère kontra per opponent

    def __init__(self, rules: KoenigrufenRules, dealer: int, hands: list[int],
                 talon: tuple[int, int], doubling: int = 0) -> None:
        self.rules = rules
        self._plan = p = plan(rules)
        self.tariff = p.tariff
        self.contracts = p.tariff.contracts
        self.dealer = dealer
        self.forehand = (dealer + 1) % N
        self.dealt = list(hands)
        self.hands = list(hands)
        self.talon = talon                       # (lower, upper) masks
        self.doubling = doubling                 # deals still doubled before this one (§6.8)
        self.phase = AUCTION
        # auction (§3.3)
        self.calls: list[tuple[int, str]] = []      # the auction's calls and forehand's choice
        self.auction = Auction(p.tariff.auction, _ROUND_FROM[self.forehand])
        # declarations (§4.6)
        self.turns: list[tuple[int, tuple[str, ...]]] = []   # the opening included
        self.round = p.no_round
        self.announced: dict[str, tuple[int, str]] = {}  # bonus -> (seat, side "D"/"O")
        self.chains: KontraChains[str] = KontraChains(KONTRA_LADDER)  # per target (§4.6.2)
        self.public = [False] * N                        # side made public (§4.8 a, b)
        self._reserved: dict[int, list[tuple[int, int]]] = {}
        #: §7.2 ``announcement_round = oe2023`` (read once per deal): the round starts with the
        #: declarer, every seat announces in one turn only, a kontra-type call only at the first
        #: turn after what it answers
        self._oe_round = p.oe_round
        self._announcers: set[int] = set()          # seats that have announced (oe2023)
        self._kontra_seats: set[int] = set()        # seats that said a kontra-type call
        self._last_turn: dict[int, int] = {}        # seat -> index of its last round turn
        self._opened_at: dict[str, int] = {}        # chain target -> turn index of its change

    # -- helpers -------------------------------------------------------------------------
    def prio(self, seat: int) -> int:
        return (seat - self.forehand) % N

    @property
    def side_d(self) -> frozenset[int]:
        assert self.declarer is not None
        if self.partner is None:
            return frozenset((self.declarer,))
        return frozenset((self.declarer, self.partner))

    def side(self, seat: int) -> str:
        return "D" if seat in self.side_d else "O"

    @property
    def king_in_talon(self) -> bool:
        return self.called_king is not None and bool((self.talon[0] | self.talon[1]) >> self.called_king & 1)

    # who acts, and what may be done (the shape is TrickEngine's)
    ACTOR = {AUCTION: "auction", CHOOSE: "forehand", KING: "declarer", TALON: "declarer",
             DISCARD: "declarer", OPENING: "declarer", DECLARE: "round", PLAY: "table"}
    #: declaration turns are listed as a pass and each single legal call (with the partner
    #: statement when one is due); longer turns are legal too and are checked call by call by
    #: ``verify_declare``. §4.4: the declarer may still concede after the discard, before the
    #: first turn (the seat to speak first is then another player)
    MOVES = {AUCTION: ("redeal", "call"), CHOOSE: ("call",), KING: ("king",),
             TALON: ("concede", "take"), DISCARD: ("discard",), OPENING: ("concede", "declare"),
             DECLARE: ("concede", "declare"), PLAY: ("play",)}
    BY = {"redeal": "seats", "concede": "declarer"}
    CANDIDATES = {"redeal": NO_VALUE, "concede": NO_VALUE, "take": ("lower", "upper", "all"),
                  "king": tuple((code(k), remaining) for k in KINGS
                                for remaining in (False, True)),
                  "play": LEGAL_CARDS}
    seats = range(N)

    @property
    def is_over(self) -> bool:
        return self.phase in (DONE, REDEALT, CONCEDED)

    # what a record still owes, and the findings of an action out of its phase (the shape is
    # TrickEngine's): the tables, then the findings that are Königrufen's own
    EXPECT = {AUCTION: "KR-AUCTION-INCOMPLETE", CHOOSE: "KR-CHOICE", KING: "KR-KING-CALL",
              TALON: "KR-TALON", DISCARD: "KR-DISCARD", OPENING: "KR-BESSERRUFER",
              DECLARE: "KR-DECL-END", PLAY: "KR-TRICKS-MISSING"}
    PHASE_CODE = "KR-PHASE"
    EXPECTING = {
        AUCTION: "the auction is still running (seat {e.auction.turn} to call)",
        CHOOSE: "forehand must still choose the contract after three passes to Mein Spiel",
        KING: "seat {e.declarer} must still call a king",
        TALON: "seat {e.declarer} must still take a talon half",
        DISCARD: "seat {e.declarer} must still discard",
        OPENING: "seat {e.declarer} must still open with a bird announcement (Besserrufer)",
        DECLARE: "the declaration phase is still running (seat {e.decl_turn} to speak)",
        PLAY: "the play is still running",
    }
    ENDED = {DONE: "all 12 tricks have been played", REDEALT: "the deal was redealt",
             CONCEDED: "the declarer conceded"}
    AFTER_END = {(None, "play"): "KR-TRICKS-EXTRA", (None, "declare"): "KR-NO-DECLARATIONS",
                 (None, None): "KR-AFTER-END"}

    def _out_of_phase(self, kind: str, token: object) -> IllegalAction | None:
        c = self.contract
        if kind == "redeal":
            return _bad("KR-REDEAL", "a redeal must be demanded before the first bidding call",
                        token)
        if kind == "call":
            return _bad("KR-CHOICE", "the auction is over"
                        + (f": seat {self.declarer} plays {c.id}" if c else "")
                        + "; forehand chooses freely only after three passes to Mein Spiel",
                        token)
        if kind == "king":
            if c is not None and not c.king_call:
                return _bad("KR-KING-CALL", f"no king is called in {c.id}", token)
            return _bad("KR-KING-CALL", "the king is called right after the contract is fixed",
                        token)
        if kind in ("take", "discard"):
            if c is not None and c.talon == "none":
                return _bad("KR-TALON-UNTOUCHED",
                            f"the talon stays untouched in {c.id}: no talon exchange", token)
            if self.phase == KING:
                # §4.2 / §9 I12: a king-call contract whose record has no king call reaches
                # the talon without one; name the missing king call, not the talon
                return _bad("KR-KING-CALL", f"no king was called: {self._expecting()} before "
                            "the talon", token)
            return _bad("KR-TALON", f"a talon {kind} is not possible now ({self._expecting()})",
                        token)
        if kind == "concede":
            return _bad("KR-CONCEDE", "a concession is only possible in Rufer or Besserrufer, "
                        "when the called king lies in the talon, before the declarations", token)
        if kind == "declare":
            if c is not None and (c.family == "trischaken"):
                return _bad("KR-NO-DECLARATIONS",
                            "Trischaken has no announcements and no kontra", token)
            if self.phase == PLAY:
                return _bad("KR-DECL-END", "the declaration phase had already ended "
                            "(three passes in a row once everyone had spoken)", token)
        if kind == "play" and self.phase == DECLARE:
            return _bad("KR-DECL-END", f"the declaration phase has not ended: seat "
                        f"{self.decl_turn} still has a turn (it ends after three passes in "
                        "a row once everyone has spoken)", token)
        return None

    def _may_stop_early(self) -> bool:
        return self._early_stop_ok()

    def _early_stop_ok(self) -> bool:
        c = self.contract
        if not self.rules.allow_early_stop_misere or c is None or c.tricks_goal is None:
            return False
        assert self.table is not None and self.declarer is not None
        if self.table.cards:
            return False
        return self.table.count[self.declarer] > c.tricks_goal

    # -- the replay's fast path ----------------------------------------------------------
    def apply(self, action: Action) -> Event:
        """``Engine.apply``; the common legal call, discard and silent turn of the declaration
        round are accepted from the rule set's ``Plan`` (and a mask) and applied as the checked
        path would. Any other action (every illegal one among them) takes the checked path:
        the same findings."""
        kind = action.kind
        if kind == "call":
            if self._call_fits(action.seat, action.value):
                self._push_call(action.seat, action.value)
                return _new(Event, (action, None))
        elif kind == "discard":
            mask = self._discard_fits(action.seat, action.value)
            if mask:
                return self._push_discard(action.seat, action.value, mask)
        elif kind == "declare":
            seat, say = action.seat, action.value
            if self._silent_fits(seat, say):
                self._end_turn(seat, (), False)
                return _new(Event, (action if type(say) is tuple else Action("declare", seat, ()),
                                    None))
            if self._kontra_fits(seat, say):
                self._push_kontra(seat)
                return _new(Event, (action if type(say) is tuple
                                    else Action("declare", seat, ("kontra",)), None))
        return DeclaringEngine.apply(self, action)

    def _discard_fits(self, seat: object, cards: object) -> int:
        """The mask of ``cards`` when ``verify_discard`` surely accepts them from ``seat``
        (§4.3): the declarer's discard of the right number of distinct cards from his hand,
        none a king, a trull card or a tarock (then no other rule applies); else 0: ask the
        checked path. Not in Farbendreier, whose discard rule is mirrored."""
        c = self.contract
        if (self.phase is not DISCARD or type(seat) is not int or seat != self.declarer
                or c is None or c.no_trump
                or (type(cards) is not tuple and type(cards) is not list)):
            return 0
        try:
            mask = sum(map(_BIT, cards))
        except (KeyError, TypeError):
            return 0
        k = 6 if c.talon == "all" else 3
        if (len(cards) != k or mask.bit_count() != k or self.hands[seat] & mask != mask
                or mask & _NOT_DISCARDED):
            return 0
        return mask

    def _silent_fits(self, seat: object, say: object) -> bool:
        """Whether ``say`` by ``seat`` is a silent turn of the declaration round (§4.6.1) that
        ``_declare`` surely accepts: the seat to speak, saying nothing, not the Besserrufer
        (whose first turn may owe a bird). False: ask the checked path."""
        c = self.contract
        return (self.phase is DECLARE and (type(say) is tuple or type(say) is list) and not say
                and type(seat) is int and seat == self.round.turn
                and c is not None and c.id != "besserrufer")

    def _kontra_fits(self, seat: object, say: object) -> bool:
        """Whether ``say`` by ``seat`` is a turn of the declaration round that ``_declare``
        surely accepts saying only ``kontra`` on the contract (§4.6.2): the seat to speak, an
        opponent, the contract's chain open and not yet kontra'd; not the Besserrufer, not under
        the rule sets that add checks to it (``announcement_round = oe2023``,
        ``misere_kontra_individual``, ``colour_game_kontra_or_valat`` in a colour game).
        False: ask the checked path."""
        c = self.contract
        return (self.phase is DECLARE and (type(say) is tuple or type(say) is list)
                and len(say) == 1 and say[0] == "kontra"
                and type(seat) is int and seat == self.round.turn
                and seat != self.declarer and seat != self.partner
                and c is not None and c.id != "besserrufer"
                and not self._individual and not self._oe_round
                and not (c.no_trump and self.rules.colour_game_kontra_or_valat)
                and self.chains.owner.get("contract") == "D"
                and self.chains.level.get("contract") == 0)

    def _push_kontra(self, seat: int) -> None:
        """Apply a turn ``_kontra_fits`` accepts, as ``_declare`` commits it."""
        self.chains.say("contract", "kontra")
        self._kontra_seats.add(seat)
        self.public[seat] = True                  # the kontra makes the seat's side public
        self._end_turn(seat, ("kontra",), False)

    def call_run(self, entries: list[dict[str, Any]]) -> None:
        """The recorded auction (its ``{"seat", "call"}`` entries) applied in one replay step,
        each as ``apply(Action("call", seat, call))`` would; an ``IllegalAction`` gets ``sub``
        = ``/i`` (+ its own), the place the per-action replay names."""
        fits = self._call_fits
        a = self.auction
        for i, entry in enumerate(entries):
            seat, call = entry["seat"], entry["call"]
            if fits(seat, call):
                if self.phase is AUCTION:       # ``_push_call`` written out for a bid or pass
                    self.calls.append((seat, call))
                    a.push(seat, call)
                    if a.done:
                        self._auction_done()
                else:
                    self._push_call(seat, call)
                continue
            try:
                DeclaringEngine.apply(self, Action("call", seat, call))
            except IllegalAction as err:
                err.sub = f"/{i}{err.sub}"
                raise

    def declare_run(self, turns: list[dict[str, Any]]) -> None:
        """The recorded declaration turns (``{"seat", "say"}``) in one replay step, each as
        ``apply(Action("declare", seat, tuple(say)))`` would; ``sub`` as in ``call_run``."""
        c = self.contract
        besserrufer = c is None or c.id == "besserrufer"
        for i, turn in enumerate(turns):
            seat, say = turn["seat"], tuple(turn["say"])
            r = self.round
            if (not say and not besserrufer and self.phase is DECLARE and type(seat) is int
                    and seat == r.turn):
                # a silent turn (§4.6.1): ``_silent_fits`` and ``_end_turn`` written out
                self.turns.append((seat, say))
                self._last_turn[seat] = len(r.turns)
                r.push(seat, say)
                if r.done:
                    self._start_play()
                continue
            if self._kontra_fits(seat, say):
                self._push_kontra(seat)
                continue
            try:
                DeclaringEngine.apply(self, Action("declare", seat, say))
            except IllegalAction as err:
                err.sub = f"/{i}{err.sub}"
                raise

    def _call_fits(self, seat: object, call: object) -> bool:
        """Whether ``verify_call`` surely accepts ``call`` by ``seat``: in the auction the seat
        on turn, with forehand's opening, a pass, a hold the auction allows (not of Mein
        Spiel, by a seat the rules let hold) or a bid above the standing call; at the free
        choice (§3.4) forehand naming a contract it may choose; never a call its hand may rule
        out (``_check_hand_limits``). False: ask the checked path (which may accept it too)."""
        p = self._plan
        if self.phase is not AUCTION:
            return (self.phase is CHOOSE and type(seat) is int and seat == self.forehand
                    and type(call) is str and call in p.free_choices)
        a = self.auction
        if type(seat) is not int or seat != a.turn or type(call) is not str or a.forced:
            return False
        if not a.calls:
            return call in p.free_openings
        if call == "pass":
            return True
        high = a.high
        if high is None:
            return False
        if call == "hold":
            return (high != "mein_spiel" and (p.hold_any or seat == self.forehand)
                    and high not in p.limited and a.may_hold(seat))
        return call in p.free_bids and p.rank[call] > p.rank[high]

    # -- redeal (§2.3) -------------------------------------------------------------------
    def can_redeal(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_redeal, seat, value)

    def redeal(self, seat: int, value: Any = None) -> Event:
        self.verify_redeal(seat, value)
        return self._apply_redeal(seat, value)

    @takes(NOTHING)
    def verify_redeal(self, seat: int, value: Any = None) -> None:
        if self.phase != AUCTION or self.calls:
            raise self._wrong_phase("redeal")
        if not self.rules.redeal_no_king_no_tarock:
            raise _bad("KR-REDEAL", "this rule set allows no redeal: every hand must be played")
        if not 0 <= seat < N:
            raise _bad("KR-SEAT", f"there is no seat {seat}", seat)
        if self.hands[seat] & (TAROCK_MASK | KING_MASK):
            held = PACK.codes_of(self.hands[seat] & (TAROCK_MASK | KING_MASK))
            raise _bad("KR-REDEAL", f"seat {seat} may not demand a redeal: it holds "
                       f"{held[0]} (only a hand without tarock and king may)", seat)

    def _apply_redeal(self, seat: int, value: Any = None) -> Event:
        self.redeal_seat = seat
        self.phase = REDEALT
        return Event(Action("redeal", seat))

    # -- auction (§3) --------------------------------------------------------------------
    def can_call(self, seat: int, call: str) -> bool:
        return self._can(self.verify_call, seat, call)

    def call(self, seat: int, call: str) -> Event:
        self.verify_call(seat, call)
        return self._apply_call(seat, call)

    @takes(TEXT)
    def verify_call(self, seat: int, call: str) -> None:
        if self.phase == CHOOSE:
            if seat != self.forehand:
                raise _bad("KR-TURN", f"only forehand (seat {self.forehand}) chooses the "
                           f"contract after Mein Spiel and three passes, not seat {seat}", call)
            if call not in self.contracts:
                raise _bad("KR-CHOICE", f"{call!r} is not a contract forehand can choose"
                           + self._not_played(call), call)
            if call in self.tariff.first_word_only:
                raise _bad("KR-FIRST-WORD", f"{call} is named only as forehand's first call, "
                           "not at the free choice after Mein Spiel (Vorhand) and three "
                           "passes (contract_order = oe2023)", call)
            self._check_hand_limits(seat, call)
            return
        if self.phase != AUCTION:
            raise self._wrong_phase("call", call)
        a = self.auction
        t = self.tariff
        if seat == a.turn:
            if not a.calls:
                # forehand's first call (§3.2; §7.2 oe2023: "Vorhand" or a contract). Under
                # oe2023 a contract that is no opening (Rufer, Trischaken) is named below
                if call not in t.openings and (call in ("pass", "hold")
                                               or not t.open_with_contract):
                    raise _bad("KR-OPEN", f"forehand must open with {t.opening_text}, not "
                               f"{call}", call)
            elif call == "mein_spiel":
                raise _bad("KR-OPEN", "mein_spiel is only forehand's first call", call)
            elif call in t.first_word_only:
                raise _bad("KR-FIRST-WORD", f"{call} may be named only as forehand's first "
                           "call (contract_order = oe2023: the Sechserdreier only "
                           "'vorneweg')", call)
        if call == "hold" and seat == a.turn:
            if a.high == "mein_spiel":
                raise _bad("KR-HOLD", "Mein Spiel cannot be held", call)
            if self.rules.hold_right == "forehand_only" and seat != self.forehand:
                raise _bad("KR-HOLD", "only forehand may hold under this rule set", call)
        if call not in ("pass", "hold") and call not in a.spec.rank and seat == a.turn:
            contract = self.contracts.get(call)
            if contract is None:
                raise _bad("KR-CALL-UNKNOWN", f"{call!r} is not a Königrufen call"
                           + self._not_played(call), call)
            raise _bad("KR-NOT-BIDDABLE", f"{call} cannot be bid in the auction: only forehand "
                       "chooses it after Mein Spiel and three passes", call)
        why = a.refusal(seat, call)
        if why is not None:
            raise self._auction_refusal(why, seat, call)
        if call == "hold":
            # §3.3: the holder plays the held contract himself ([OÖ23 Vorhand 2]), so his hand
            # must allow it as it would his own bid: a Besserrufer without a bird is a revoke
            # ([OÖ23 Ansagen 4]), a king call with four kings forbidden ([OÖ23 Vorhand 3])
            assert a.high is not None
            self._check_hand_limits(seat, a.high, held=True)
            return
        if call in ("pass", "mein_spiel"):
            return
        self._check_hand_limits(seat, call)

    @staticmethod
    def _not_played(call: str) -> str:
        return (" (the Farbendreier is played only under farbendreier = on)"
                if call == "farbendreier" else "")

    def _auction_refusal(self, why: Refusal, seat: int, call: str) -> IllegalAction:
        a = self.auction
        if why is Refusal.PASSED:
            return _bad("KR-TURN", f"seat {seat} has passed and may not call again (a pass is "
                        "final)", call)
        if why is Refusal.TURN:
            return _bad("KR-TURN", f"it is seat {a.turn}'s turn to call, not seat {seat}'s", call)
        if why is Refusal.HOLD_PRIORITY:
            return _bad("KR-HOLD", f"seat {seat} may not hold seat {a.holder}'s {a.high}: only "
                        "a seat of higher priority (nearer forehand) may hold", call)
        if why is Refusal.LOW:
            return _bad("KR-BID-LOW", f"{call} does not outrank the current {a.high}; a bid must "
                        "be higher (or a hold)", call)
        # OPEN_PASS and OVER cannot reach here: the opening and the phase are checked first
        return self._wrong_phase("call", call)  # pragma: no cover

    def _check_hand_limits(self, seat: int, call: str, held: bool = False) -> None:
        """Whether ``seat``'s hand lets it play contract ``call`` (bid, chosen, or ``held``:
        the hold of the standing ``call``)."""
        c = self.contracts[call]
        value = "hold" if held else call
        play = f"hold (and so play) {call}" if held else f"play {call}"
        if call == "besserrufer" and (self.rules.besserrufer_bird_in_hand
                                      or self.rules.bird_announcement_requires_card):
            # the compulsory bird (§4.6.3) must be announceable: under these options only
            # by its holder, so a Besserrufer without a bird in hand could never open
            if not any(self.hands[seat] >> card & 1 for card, _ in self.tariff.bird_card.values()):
                raise _bad("KR-BID-HAND", f"seat {seat} holds no bird ("
                           + ", ".join(self.tariff.birds) + f") and so cannot {play} "
                           "under this rule set", value)
        if (c.king_call and self.rules.four_kings_forbid_king_call
                and self.hands[seat] & KING_MASK == KING_MASK):
            raise _bad("KR-BID-HAND", f"with four kings seat {seat} may not {play} under "
                       "this rule set", value)

    def _apply_call(self, seat: int, call: str) -> Event:
        self._push_call(seat, call)
        return Event(Action("call", seat, call))

    def _push_call(self, seat: int, call: str) -> None:
        """Apply a checked call (``_apply_call`` without its event)."""
        self.calls.append((seat, call))
        if self.phase == CHOOSE:
            self._fix_contract(self.contracts[call], seat)
            return
        a = self.auction
        a.push(seat, call)
        if a.done:
            self._auction_done()

    def _auction_done(self) -> None:
        """The auction has ended (§3.3): forehand's free choice, or the contract is fixed."""
        a = self.auction
        assert a.high is not None and a.holder is not None
        if a.high == "mein_spiel":              # three passes: forehand chooses (§3.4)
            self.phase = CHOOSE
            self.declarer = a.holder
        else:
            self._fix_contract(self.contracts[a.high], a.holder)

    def _fix_contract(self, contract: Contract, declarer: int) -> None:
        self.contract = contract
        self.declarer = declarer
        if contract.king_call:
            self.phase = KING
        elif contract.talon != "none":
            self.phase = TALON
        else:
            self._after_exchange()

    # -- king call (§4.2) ----------------------------------------------------------------
    def can_king(self, seat: int, value: tuple[str, bool]) -> bool:
        return self._can(self.verify_king, seat, value)

    def king(self, seat: int, value: tuple[str, bool]) -> Event:
        self.verify_king(seat, value)
        return self._apply_king(seat, value)

    @takes(KING_VALUE)
    def verify_king(self, seat: int, value: tuple[str, bool]) -> None:
        card_code, remaining = value
        if self.phase != KING:
            raise self._wrong_phase("king", card_code)
        self._check_declarer(seat, "call the king")
        k = PACK.index.get(card_code)
        if k not in KINGS:
            raise _bad("KR-KING-CALL", f"{card_code} is not a king", card_code)
        own = self.hands[seat] & KING_MASK
        if own >> k & 1 and not self.rules.call_own_king and own != KING_MASK:
            raise _bad("KR-KING-CALL", f"seat {seat} may not call its own king {card_code} "
                       "under this rule set", card_code)
        if remaining and own != KING_MASK & ~(1 << k):
            raise _bad("KR-KING-CALL", f"'the remaining king' needs the other three kings in "
                       f"hand, seat {seat} holds {(own).bit_count()} other(s)", card_code)

    def _apply_king(self, seat: int, value: tuple[str, bool]) -> Event:
        self.called_king = PACK.index[value[0]]
        self.king_remaining = bool(value[1])
        c = self.contract
        assert c is not None
        if c.talon != "none":
            self.phase = TALON
        else:
            self._after_exchange()
        return Event(Action("king", seat, value))

    def _check_declarer(self, seat: int, what: str) -> None:
        if seat != self.declarer:
            raise _bad("KR-TURN", f"only the declarer (seat {self.declarer}) may {what}", seat)

    # -- talon (§4.3) --------------------------------------------------------------------
    def can_take(self, seat: int, half: str) -> bool:
        return self._can(self.verify_take, seat, half)

    def take(self, seat: int, half: str) -> Event:
        self.verify_take(seat, half)
        return self._apply_take(seat, half)

    @takes(TEXT)
    def verify_take(self, seat: int, half: str) -> None:
        if self.phase != TALON:
            raise self._wrong_phase("take", half)
        self._check_declarer(seat, "take from the talon")
        c = self.contract
        assert c is not None
        if c.talon == "all" and half != "all":
            raise _bad("KR-TALON-HALF", f"in {c.id} the declarer takes all six talon cards",
                       half)
        if c.talon == "half" and half not in HALVES:
            raise _bad("KR-TALON-HALF", f"in {c.id} the declarer takes exactly one whole half "
                       "(lower or upper)", half)

    def _apply_take(self, seat: int, half: str) -> Event:
        lower, upper = self.talon
        got = lower | upper if half == "all" else (lower if half == "lower" else upper)
        self.hands[seat] |= got
        self.taken = half
        self.phase = DISCARD
        return Event(Action("take", seat, half), {"cards": PACK.codes_of(got)})

    @property
    def untaken(self) -> int:
        if self.taken is None or self.taken == "all":
            return 0
        return self.talon[1] if self.taken == "lower" else self.talon[0]

    def can_discard(self, seat: int, cards: tuple[str, ...]) -> bool:
        return self._can(self.verify_discard, seat, cards)

    def discard(self, seat: int, cards: tuple[str, ...]) -> Event:
        self.verify_discard(seat, cards)
        return self._apply_discard(seat, cards)

    @takes(TEXTS)
    def verify_discard(self, seat: int, cards: tuple[str, ...]) -> None:
        if self.phase != DISCARD:
            raise self._wrong_phase("discard", list(cards))
        self._check_declarer(seat, "discard")
        c = self.contract
        assert c is not None
        k = 6 if c.talon == "all" else 3
        if len(cards) != k:
            raise _bad("KR-DISCARD", f"the declarer must discard exactly {k} cards in {c.id}, "
                       f"not {len(cards)}", list(cards))
        hand = self.hands[seat]
        mask = 0
        for i, cc in enumerate(cards):
            card = PACK.index.get(cc)
            if card is None:
                raise _bad("CARD-UNKNOWN", f"{cc!r} is not a card", cc, f"/{i}")
            if mask >> card & 1:
                raise _bad("KR-DISCARD", f"{cc} is discarded twice", cc, f"/{i}")
            if not hand >> card & 1:
                if self.untaken >> card & 1:
                    raise _bad("KR-TALON-HALF", f"{cc} lies in the {self._untaken_name()} half, "
                               "which the declarer did not take: one whole half only", cc, f"/{i}")
                raise _bad("KR-DISCARD", f"seat {seat} cannot discard {cc}: not in hand", cc,
                           f"/{i}")
            if FORBIDDEN_DISCARD >> card & 1:
                raise _bad("KR-DISCARD", f"{cc} may never be discarded (kings and trull)", cc,
                           f"/{i}")
            mask |= 1 << card
        if c.no_trump:
            # §7.2 Farbendreier: "tarocks discarded first" — the §4.3 rule mirrored: suit cards
            # (never kings) only when too few tarocks T2–T20 are left to lay away (the
            # Fünferstücke, kings and trull, are never discarded, as in §4.3)
            free = hand & TAROCK_MASK & ~FORBIDDEN_DISCARD
            suits = mask & ~TAROCK_MASK
            if suits and (free.bit_count() >= k or free & ~mask):
                kept = PACK.code(next(iter_bits(free & ~mask)))
                raise _bad("KR-DISCARD-SUIT", f"{PACK.code(next(iter_bits(suits)))} may be "
                           f"discarded in {c.id} only when no tarock can be: seat {seat} keeps "
                           f"{kept}", list(cards))
            return
        free = hand & ~TAROCK_MASK & ~KING_MASK          # E of §4.3
        tarocks = mask & TAROCK_MASK
        if tarocks:
            if free.bit_count() >= k or (free & ~mask):
                kept = PACK.code(next(iter_bits(free & ~mask))) if free & ~mask else ""
                raise _bad("KR-DISCARD-TAROCK", f"{PACK.code(next(iter_bits(tarocks)))} may be "
                           "discarded only when no other card can be"
                           + (f": seat {seat} keeps {kept}" if kept else ""), list(cards))

    def _untaken_name(self) -> str:
        return "upper" if self.taken == "lower" else "lower"

    def _apply_discard(self, seat: int, cards: tuple[str, ...]) -> Event:
        return self._push_discard(seat, cards, PACK.mask(cards))

    def _push_discard(self, seat: int, cards: tuple[str, ...], mask: int) -> Event:
        self.hands[seat] &= ~mask
        self.discard_mask = mask
        self._after_exchange()
        return Event(Action("discard", seat, tuple(cards)))

    # -- concession (§4.4) ---------------------------------------------------------------
    def can_concede(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_concede, seat, value)

    def concede(self, seat: int, value: Any = None) -> Event:
        self.verify_concede(seat, value)
        return self._apply_concede(seat, value)

    @takes(NOTHING)
    def verify_concede(self, seat: int, value: Any = None) -> None:
        c = self.contract
        allowed_phase = self.phase == TALON or (
            self.phase in (OPENING, DECLARE) and not self.turns and self.taken is not None)
        if not allowed_phase or c is None or c.id not in ("rufer", "besserrufer"):
            raise self._wrong_phase("concede")
        self._check_declarer(seat, "concede")
        if not self.king_in_talon:
            raise _bad("KR-CONCEDE", f"the declarer may concede only when the called king "
                       f"lies in the talon; {code(self.called_king or 0)} does not")

    def _apply_concede(self, seat: int, value: Any = None) -> Event:
        self.phase = CONCEDED
        return Event(Action("concede", seat))

    # -- after the exchange: sides, declarations ----------------------------------------
    def _after_exchange(self) -> None:
        c = self.contract
        assert c is not None and self.declarer is not None
        if self.called_king is not None:
            h = self.holder(self.called_king)
            self.partner = h if h is not None and h != self.declarer else None
        if c.family == "trischaken":
            self._start_play()
            return
        first = self.declarer if self._oe_round else (self.declarer + 1) % N
        self.round = Round(self._plan.round_spec, _ROUND_FROM[first])
        self._individual = c.family == "misere" and self.rules.misere_kontra_individual
        if self._individual:                           # G39: one chain per opponent
            for s in range(N):
                if s != self.declarer:
                    self.chains.open(f"seat{s}", "D")
        else:
            self.chains.open("contract", "D")          # §4.6.2 (no round in Trischaken)
        if (c.id == "besserrufer" and self.rules.besserrufer_announcement_timing == "opening"
                and not self._oe_round):       # oe2023: the round's first turn is the opening
            self.phase = OPENING
        else:
            self.phase = DECLARE

    @property
    def decl_turn(self) -> int | None:
        """The seat to speak in the declaration round (§4.6.1)."""
        return self.round.turn

    @property
    def statement_needed_at_all(self) -> bool:
        """§4.6.2: partner statements are due in king-call contracts unless the talon showed
        the called king (then everybody knows the declarer is alone)."""
        c = self.contract
        assert c is not None
        return c.king_call and not (c.talon == "half" and self.king_in_talon)

    def _declare(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        """One turn of the declaration phase (§4.6.1; the Besserrufer opening, §4.6.3): its
        calls checked in order on one working copy (``_Turn``) by the method of their kind,
        committed only when all pass."""
        if self.phase not in (OPENING, DECLARE):
            raise self._wrong_phase("declare", list(say))
        c = self.contract
        assert c is not None and self.declarer is not None
        opening = self.phase == OPENING
        if not opening and seat != self.decl_turn:
            raise _bad("KR-DECL-TURN", f"it is seat {self.decl_turn}'s turn to declare, not "
                       f"seat {seat}'s", list(say))
        if c.id == "besserrufer":
            self._compulsory_announcement(seat, say, opening)
        if not say:  # a pass: nothing to check beyond the turn
            if commit:
                self._end_turn(seat, say, opening)
            return
        turn = _Turn(self, seat)
        if "partner" in say or "not_partner" in say:
            turn.partner_statement(say)
        for i, item in enumerate(say):
            sub = f"/say/{i}"
            if item in ("partner", "not_partner"):
                continue
            if item in ALL_ANNOUNCEMENTS:
                turn.announcement(item, sub)
                continue
            level_name, _, target = item.partition(":")
            if level_name not in KONTRA_LEVELS:
                raise _bad("KR-SAY-UNKNOWN", f"{item!r} is not a Königrufen declaration", item,
                           sub)
            turn.kontra_chain(item, level_name, target or "contract", sub)
        if commit:
            turn.commit(say, opening)

    def _compulsory_announcement(self, seat: int, say: tuple[str, ...], opening: bool) -> None:
        """§4.6.3 Besserrufer compulsory announcement: the declarer's opening (§4.6.1), made
        by him alone, holds announcements only, at least one bird; under
        ``besserrufer_announcement_timing = first_turn`` (or the oe2023 round) his first
        turn of the round must announce a bird instead."""
        if opening:
            if seat != self.declarer:
                raise _bad("KR-BESSERRUFER", f"the Besserrufer declarer (seat {self.declarer}) "
                           "opens the declarations with his bird announcement", list(say))
            if not any(x in self.tariff.birds for x in say):
                raise _bad("KR-BESSERRUFER", "the Besserrufer opening must announce "
                           + self._bird_names(), list(say))
            if any(x not in ALL_ANNOUNCEMENTS for x in say):
                raise _bad("KR-BESSERRUFER", "the Besserrufer opening holds announcements only",
                           list(say))
            self._bird_held_before_talon(seat, say)
        elif (seat == self.declarer
              and (self.rules.besserrufer_announcement_timing == "first_turn" or self._oe_round)
              and seat not in self.round.spoke):
            if not any(x in self.tariff.birds for x in say):
                raise _bad("KR-BESSERRUFER", "the Besserrufer declarer's first turn must "
                           "announce " + self._bird_names(), list(say))
            self._bird_held_before_talon(seat, say)

    def _bird_held_before_talon(self, seat: int, say: tuple[str, ...]) -> None:
        """``besserrufer_bird_in_hand`` (§4.6.3, [OÖ23 Ansagen 4]): the compulsory
        announcement needs one announced bird held before the talon pickup; a bird taken from
        the talon may be announced beside it ("darf zusätzlich angesagt werden", [ÖF21;
        LTA-GK1] as the ooe_2023 set's source summarises them)."""
        if self.rules.besserrufer_bird_in_hand and not any(
                x in BIRD_CARD and self.dealt[seat] >> BIRD_CARD[x][0] & 1 for x in say):
            raise _bad("KR-BESSERRUFER", "the compulsory bird must be one held before the "
                       "talon pickup under this rule set (a bird from the talon may only be "
                       "announced beside it)", list(say))

    def _check_announce_once(self, seat: int, item: str, sub: str) -> None:
        """§7.2 ``announcement_round = oe2023`` ([OÖ23 Ansagen 1]: each player announces only
        once; [OÖ23 Allg. 2]: the declarer announces and ends with 'ich liege', his last word
        on his own announcements): announcements in one turn per seat, the declarer's first."""
        if seat in self._announcers:
            raise _bad("KR-ANNOUNCE-ONCE", f"seat {seat} has already announced in an earlier "
                       "turn: each player announces only once (this rule set)", item, sub)
        if seat == self.declarer and seat in self.round.spoke:
            raise _bad("KR-ANNOUNCE-ONCE", f"the declarer (seat {seat}) announces only in his "
                       "first turn, which ends with 'ich liege' (this rule set)", item, sub)

    def _check_kontra_in_time(self, seat: int, level_name: str, target: str, item: str,
                              sub: str) -> None:
        """§7.2 ``announcement_round = oe2023`` ([OÖ23 Allg. 2]: every announcement is
        acknowledged with 'gut' or kontra'd): a kontra-type call answers the contract or an
        announcement (or the last level on it) at the seat's first turn after it was made."""
        opened = self._opened_at.get(target, -1)
        last = self._last_turn.get(seat, -1)
        if last > opened:
            raise _bad("KR-KONTRA-LATE", f"seat {seat} let its turn after "
                       f"{self._target_name(target)} was last raised pass: {level_name} only "
                       "at the first opportunity (this rule set)", item, sub)

    def _bird_names(self) -> str:
        *head, last = self.tariff.birds
        return ", ".join(head) + " or " + last

    def _own_chain(self, seat: int, level_name: str, target: str,
                   chains: KontraChains[str], item: str, sub: str) -> str:
        """G39 ``misere_kontra_individual``: in a negative contract each opponent kontras for
        himself — one chain per opponent, ``seat<n>``, settled between the declarer and seat
        n (tarockcup.at, Allgemeines bullet 5: "Bei negativen Spielen muss jeder Spieler extra
        kontrieren"). An opponent's bare ``kontra`` / ``subkontra`` is on his own chain; the
        declarer's bare ``rekontra`` answers the one kontra awaiting it, and must name the
        opponent (``rekontra:seat<n>``) when several do (decision: the cup's text says no more)."""
        if target == "contract":
            if seat != self.declarer:
                return f"seat{seat}"
            level = KONTRA_LADDER.index(level_name)
            if not KONTRA_LADDER.by_owner(level):
                raise _bad("KR-KONTRA-SIDE", f"the declarer (seat {seat}) may not say "
                           f"{level_name}: in {self._contract_id()} each opponent says it for "
                           "himself", item, sub)
            open_ = [t for t in chains.owner
                     if t.startswith("seat") and chains.level[t] == level - 1]
            if len(open_) == 1:
                return open_[0]
            if not open_:
                raise _bad("KR-KONTRA", f"{level_name}: no opponent's {KONTRA_LEVELS[level - 2]} "
                           f"awaits it; in {self._contract_id()} each opponent kontras for "
                           "himself", item, sub)
            raise _bad("KR-KONTRA-TARGET", f"{level_name} answers the kontras of "
                       + " and ".join(open_) + f": name the one, e.g. {level_name}:{open_[0]} "
                       "(each opponent kontras for himself)", item, sub)
        if target.startswith("seat"):
            if target not in chains.owner:
                raise _bad("KR-KONTRA", f"{item}: {target} is not an opponent of the declarer",
                           item, sub)
            if seat != self.declarer and target != f"seat{seat}":
                raise _bad("KR-KONTRA-SIDE", f"seat {seat} may not say {level_name} on "
                           f"{target}'s chain: each opponent kontras for himself", item, sub)
        return target

    def _contract_id(self) -> str:
        return self.contract.id if self.contract is not None else ""

    @staticmethod
    def _target_name(target: str) -> str:
        if target.startswith("seat"):
            return f"the contract against seat {target[4:]}"
        return "the contract" if target == "contract" else target

    def _chain_message(self, level_name: str, target: str, current: int) -> str:
        t = self._target_name(target)
        if current >= KONTRA_LEVELS.index(level_name) + 1:
            return f"{t} already has a {level_name}; a second one is not allowed"
        needs = KONTRA_LEVELS[KONTRA_LEVELS.index(level_name) - 1]
        return f"{level_name} on {t} needs a {needs} first"

    def _allowed_announcements(self) -> tuple[str, ...]:
        c = self.contract
        assert c is not None
        if c.no_trump:
            if self.rules.farbensolo_bonuses == "valat_and_four_kings":
                return ("valat", "four_kings")
            return c.announcements
        if "quapil" in self.tariff.birds and "pagat" in c.announcements:
            return c.announcements + ("quapil",)
        return c.announcements

    def _end_turn(self, seat: int, say: tuple[str, ...], opening: bool) -> None:
        self.turns.append((seat, say))
        if opening:                                   # §4.6.3: not a turn of the round
            self.round.mark_spoken(seat)
            self.phase = DECLARE
            return
        self._last_turn[seat] = len(self.round.turns)
        self.round.push(seat, say)
        if self.round.done:                           # §4.6.1
            self._start_play()

    # -- play (§5) -----------------------------------------------------------------------
    def _start_play(self) -> None:
        c = self.contract
        assert c is not None and self.declarer is not None
        lead = self.declarer if c.declarer_leads else self.forehand
        if c.id == "farbensolo" and self.rules.farbensolo_lead == "forehand":
            lead = self.forehand
        # §5.3: the highest tarock, else the highest card of the led suit; without trumps
        # (Farbensolo, Farbendreier) the highest card of the led suit
        winner = partial(winner_by_beats, _WINS_NO_TRUMP if c.no_trump else BEATS)
        self.table = TrickTable(self.hands, _SEAT_PLAN, lead, 12, winner)
        self.phase = PLAY
        self._reserved = self._reservations()
        r = self.rules
        #: §7.2 ``reservation_rule = soft`` ([OÖ23 Ansagen 6]): an announced card may leave the
        #: hand before its trick (its bonus is then lost); still due in its own trick
        self._soft_reservation = r.reservation_rule == "soft"
        self._plain = (c.family == "positive" and not self._reserved
                       and not (c.no_trump and r.farbensolo_tarock_lead != "free"))
        # misère without the optional restrictions: §5.2 + §5.4 only
        self._plain_misere = (c.family != "positive" and r.misere_overtake == "must_win"
                              and not r.pagat_last_tarock_in_misere)
        # one card reserved (§5.6), by one seat, under the strict rule: until the trick before
        # its target the legal cards are §5.2's with that card held back (``_legal_mask``:
        # nothing due yet, and a single kept card leaves no bird order to choose): so
        # ``_play_masks`` plays those tricks; from its target trick on, card by card
        if (not self._plain and c.family == "positive" and not c.no_trump
                and not self._soft_reservation and len(self._reserved) == 1):
            (seat, reserved), = self._reserved.items()
            if len(reserved) == 1:
                card, target = reserved[0]
                self._hold = (seat, 1 << card, target - 1)

    def _reservations(self) -> dict[int, list[tuple[int, int]]]:
        """§5.6: reserved (card, target trick) per seat, for announced birds / King Ultimo."""
        out: dict[int, list[tuple[int, int]]] = {}
        c = self.contract
        assert c is not None
        if not c.bonus:
            return out
        for bonus, (seat, side) in self.announced.items():
            if bonus in self.tariff.bird_card:
                card, target = self.tariff.bird_card[bonus]
            elif bonus == "king_ultimo" and self.called_king is not None:
                card, target = self.called_king, 12
            else:
                continue
            h = self.holder(card)
            if h is None:
                continue
            binds = (h == seat if self.rules.reservation_binds == "announcer"
                     else self.side(h) == side)
            if binds:
                out.setdefault(h, []).append((card, target))
        return out

    def _legal_mask(self, seat: int) -> int:
        """§5.8 legal-card algorithm, built from the shared primitives of ``tricks.py``."""
        t = self.table
        c = self.contract
        assert t is not None and c is not None
        hand = self.hands[seat]
        if self._plain:  # positive contract, no reservations, default lead rules
            return self._follow(hand, t.cards) if t.cards else hand
        if not t.cards:
            legal = hand
            if (c.no_trump and self.rules.farbensolo_tarock_lead
                    == "only_without_suit_cards"):
                legal = hold_back(hand, TAROCK_MASK)                         # §5.5
        else:
            legal = self._follow(hand, t.cards)                             # §5.2
            if c.family != "positive":
                legal = must_beat(legal, self._beating(legal, t.cards))     # §5.4
        if c.family != "positive" and self.rules.pagat_last_tarock_in_misere:
            if hand & TAROCK_MASK != 1 << T1:
                legal = hold_back(legal, 1 << T1)
        reserved = self._reserved.get(seat)
        if reserved:                                                        # §5.6
            n = t.trick_number
            due = 0
            later = 0
            for card, target in reserved:
                if legal >> card & 1:
                    if target == n:
                        due |= 1 << card
                    elif target > n:
                        later |= 1 << card
            if due:
                return due
            if self._soft_reservation and legal & ~later:
                return legal            # §7.2 soft: played early, the bonus is lost
            if legal & ~later or self.rules.forced_bird_order != "highest_first" or not later:
                legal = hold_back(legal, later)
            else:
                # [OÖ23 Ansagen 7] orders the birds only (T4 > T3 > T2 > T1 in index order);
                # an announced King Ultimo stays a free choice beside them (the summary's P-12)
                birds = later & _BIRD_MASK
                legal = (later & ~_BIRD_MASK) | (1 << max(iter_bits(birds)) if birds else 0)
        return legal

    @staticmethod
    def _follow(hand: int, trick: list[int]) -> int:
        """§5.2: follow suit, else ruff (a tarock), else anything."""
        return follow_or_ruff(hand, SUIT_MASK[SUIT_OF[trick[0]]], TAROCK_MASK)

    @staticmethod
    def _current_winner(trick: list[int]) -> int:
        return trick[best_index(trick, BEATS)]

    def _beating(self, legal: int, trick: list[int]) -> int:
        """§5.4: the cards of ``legal`` that count as beating the trick so far."""
        if self.rules.misere_overtake == "literal":
            # G19 literal (the seed's two sentences): following suit, a higher card of the led
            # suit than those played so far, even when the trick is ruffed; void and ruffing,
            # a tarock higher than the tarocks on the table
            led = SUIT_OF[trick[0]]
            suit = led if legal & SUIT_MASK[led] else "T"
            top = max((STRENGTH[x] for x in trick if SUIT_OF[x] == suit), default=0)
            return sum(1 << c for c in iter_bits(legal)
                       if SUIT_OF[c] == suit and STRENGTH[c] > top)
        return legal & BEATS[self._current_winner(trick)]

    def _not_in_hand(self, seat: int, card: int, card_code: str) -> IllegalAction:
        t = self.table
        assert t is not None
        holder = self.holder(card)
        if holder is not None:
            if not t.cards:
                why = self._lead_reason()
                return _bad("KR-LEAD", f"trick {t.trick_number} must be led by seat {seat} "
                            f"({why}), but {card_code} belongs to seat {holder}", card_code)
            return _bad("KR-TURN", f"it is seat {seat}'s turn, but {card_code} belongs to "
                        f"seat {holder}", card_code)
        if self.untaken >> card & 1:
            return _bad("KR-TALON-HALF", f"{card_code} lies in the untaken "
                        f"{self._untaken_name()} talon half: the declarer took one whole half "
                        "only", card_code)
        if self.discard_mask >> card & 1:
            return _bad("KR-NOT-IN-HAND", f"seat {seat} plays {card_code}, which was discarded",
                        card_code)
        if card in t.played_by:
            return _bad("KR-NOT-IN-HAND", f"{card_code} was already played in trick "
                        f"{t.played_by[card][1]}", card_code)
        return _bad("KR-NOT-IN-HAND", f"seat {seat} plays {card_code}, which lies in the "
                    "talon", card_code)

    def _lead_reason(self) -> str:
        t = self.table
        c = self.contract
        assert t is not None and c is not None
        if t.tricks:
            return f"who won trick {len(t.tricks)}"
        return "the declarer leads" if t.leader == self.declarer and c.declarer_leads \
            else "forehand leads"

    def _why_illegal(self, seat: int, card: int, card_code: str, legal: int) -> IllegalAction:
        t = self.table
        c = self.contract
        assert t is not None and c is not None
        hand = self.hands[seat]
        if t.cards:
            led = SUIT_OF[t.cards[0]]
            follow = self._follow(hand, t.cards)
            if not follow >> card & 1:
                if hand & SUIT_MASK[led]:
                    some = code(next(iter_bits(hand & SUIT_MASK[led])))
                    name = {"T": "tarock", "S": "spades", "C": "clubs", "H": "hearts",
                            "D": "diamonds"}[led]
                    return _bad("KR-FOLLOW", f"seat {seat} played {card_code} but holds {some} "
                                f"and must follow {name} (revoke)", card_code)
                some = code(next(iter_bits(hand & TAROCK_MASK)))
                return _bad("KR-RUFF", f"seat {seat} played {card_code} but is void in the led "
                            f"suit and holds {some}: it must play a tarock", card_code)
            if c.family != "positive":
                w = self._beating(follow, t.cards)
                if w and not w >> card & 1:
                    return _bad("KR-MUST-WIN", f"seat {seat} played {card_code} but could beat "
                                f"{code(self._current_winner(t.cards))} with "
                                f"{code(next(iter_bits(w)))}: in {c.id} one must win the trick "
                                "if one can", card_code)
        elif c.no_trump and SUIT_OF[card] == "T":
            return _bad("KR-FARBENSOLO-LEAD", f"seat {seat} may not lead a tarock in {c.id} while "
                        "holding suit cards (this rule set)", card_code)
        if card == T1 and c.family != "positive" and self.rules.pagat_last_tarock_in_misere:
            return _bad("KR-PAGAT-LAST", "the Pagat may be played only as the last tarock in a "
                        "misère contract (this rule set)", card_code)
        for r_card, target in self._reserved.get(seat, []):
            if target == t.trick_number and legal >> r_card & 1:
                return _bad("KR-RESERVED-DUE", f"seat {seat} must play {code(r_card)} in trick "
                            f"{target}: it was announced for this trick", card_code)
            if r_card == card and target > t.trick_number:
                return _bad("KR-RESERVED-KEEP", f"seat {seat} must keep {card_code} for trick "
                            f"{target} (announced) while it has other legal cards", card_code)
        return _bad("KR-PLAY", f"seat {seat} may not play {card_code} now", card_code)

    def play_tricks(self, tricks: list[list[str]]) -> None:
        """Play a whole recorded ``play`` list (the replay's fast path). Raises
        ``IllegalAction`` with ``sub`` = ``/t/j`` at the first illegal card."""
        start = 0
        if self.phase == PLAY and (self._plain or self._plain_misere or self._hold is not None):
            start = self._play_masks(tricks)
        self._play_checked(tricks, start)

    def _play_masks(self, tricks: list[Any]) -> int:
        """Whole tricks while the legal cards are plain masks (``tricks.play_fixed``, the
        shared loop): §5.2, in misère also §5.4 (beat the winning card when able), one
        reserved card held back before its trick (``_hold``; from its target trick on, card by
        card). The winner follows §5.3 under the table's ``winner_by_beats``. Returns the
        tricks played: the card-by-card path takes over at the first card refused."""
        t = self.table
        assert t is not None
        beats = BEATS if self._plain_misere else None     # §5.4
        if self._hold is not None:      # (none once its target trick has come)
            tricks = tricks[:max(0, self._hold[2] - len(t.tricks))]
        played = play_fixed(t, self.hands, tricks, PACK.index.__getitem__, PACK.led,
                            TAROCK_MASK, beats, self._hold)
        if len(t.tricks) >= t.n_tricks:
            self.phase = DONE
        return played

    # -- legal actions ------------------------------------------------------------------------
    def _candidates_call(self, seat: int) -> Iterable[str]:
        if self.phase == CHOOSE:
            return self.contracts
        return self.tariff.calls

    def _candidates_discard(self, seat: int) -> Iterator[tuple[str, ...]]:
        return self.legal_discards()

    def legal_discards(self) -> Iterator[tuple[str, ...]]:
        """§4.3 discard rule, enumerated: all k-subsets of the freely discardable cards, or
        all of them plus the fewest tarocks T2–T20 needed."""
        c = self.contract
        assert c is not None and self.declarer is not None
        k = 6 if c.talon == "all" else 3
        hand = self.hands[self.declarer]
        first = hand & ~TAROCK_MASK & ~KING_MASK
        then = hand & TAROCK_MASK & ~FORBIDDEN_DISCARD
        if c.no_trump:            # Farbendreier: tarocks first, then suit cards (not kings)
            first, then = then, first
        free = [code(x) for x in iter_bits(first)]
        if len(free) >= k:
            yield from combinations(free, k)
            return
        rest = [code(x) for x in iter_bits(then)]
        for extra in combinations(rest, k - len(free)):
            yield tuple(free) + extra

    def _candidates_declare(self, seat: int) -> Iterator[tuple[str, ...]]:
        stmt = ("partner",) if seat == self.partner else ("not_partner",)
        if self.phase == DECLARE:
            yield ()
        items = list(ALL_ANNOUNCEMENTS)
        for lvl in KONTRA_LEVELS:
            items.append(lvl)
            items.extend(f"{lvl}:{b}" for b in self.chains.owner if b != "contract")
        for item in items:
            yield (item,)
            if self.contract is not None and self.contract.king_call and seat != self.declarer:
                yield (item, *stmt)

    # -- scoring ------------------------------------------------------------------------
    def score(self) -> Score:
        """§6.11: the one scorer over the facts of the play (``of_engine``, below)."""
        t = self.tariff
        return score_facts(of_engine(self), self.rules, t.bonus_base, t.capture_base)


class _Turn:
    """The working copy of one turn of the declaration phase (§4.6.1): the engine's
    announcements, kontra chains, Valat and the speaker's public side as this turn leaves
    them, call by call (each call "must be legal at the moment it is made"). ``_declare``
    makes one per non-empty turn and commits it only when every call passes, so that
    verifying mutates nothing (the chains and the announcements are the engine's until the
    turn first changes them, and copied then: a refused call costs no copy). One method per kind of call (§4.6.2 Calls), named after its
    paragraph: ``partner_statement``, ``announcement``, ``kontra_chain`` (with Valat and the
    contract kontra); §4.6.3 is the engine's ``_compulsory_announcement``."""

    __slots__ = ("eng", "seat", "my_side", "announced", "chains", "valat", "public", "stated",
                 "changed", "kontra_said")

    def __init__(self, eng: KoenigrufenEngine, seat: int) -> None:
        self.eng = eng
        self.seat = seat
        self.announced = eng.announced      # the engine's own until an announcement (copied then)
        self.chains = eng.chains            # likewise (_own_chains)
        self.valat = eng.valat_announced
        self.public = eng.public[seat]
        #: the turn holds a partner statement
        self.stated = False
        self.my_side = eng.side(seat)
        #: chains opened or raised in this turn
        self.changed: list[str] = []
        self.kontra_said = seat in eng._kontra_seats

    def _either(self) -> bool:
        """§7.2 ``colour_game_kontra_or_valat`` ([OÖ23 Farben 4]): in a colour game an
        opponent either kontras or announces the Valat."""
        c = self.eng.contract
        assert c is not None
        return bool(c.no_trump and self.eng.rules.colour_game_kontra_or_valat
                    and self.my_side == "O")

    def _own_chains(self) -> KontraChains[str]:
        """The chains to change: the engine's, copied at the turn's first change."""
        if self.chains is self.eng.chains:
            self.chains = self.chains.copy()
        return self.chains

    def partner_statement(self, say: tuple[str, ...]) -> None:
        """§4.6.2 partner statement: at most one per turn, only in a king-call contract, never
        by the declarer, only beside an announcement or a kontra-type call, and true."""
        eng, seat = self.eng, self.seat
        statements = [i for i, x in enumerate(say) if x in ("partner", "not_partner")]
        if not statements:
            return
        if len(statements) > 1:
            raise _bad("KR-PARTNER-STATEMENT", "at most one partner statement per turn",
                       say[statements[1]], f"/say/{statements[1]}")
        i = statements[0]
        c = eng.contract
        assert c is not None
        if not c.king_call:
            raise _bad("KR-PARTNER-STATEMENT", f"there is no partner to speak of in {c.id}",
                       say[i], f"/say/{i}")
        if seat == eng.declarer:
            raise _bad("KR-PARTNER-STATEMENT", f"seat {seat} is the declarer and makes no "
                       "partner statement: his side is known from the start, even when he "
                       "called his own king", say[i], f"/say/{i}")
        if len(say) == 1:
            raise _bad("KR-PARTNER-STATEMENT", "a partner statement stands only beside an "
                       "announcement or a kontra-type call", say[i], f"/say/{i}")
        truth = seat == eng.partner
        if (say[i] == "partner") != truth:
            raise _bad("KR-PARTNER-STATEMENT", f"seat {seat} says '{say[i]}' but "
                       + ("holds" if truth else "does not hold")
                       + f" the called king {code(eng.called_king or 0)}", say[i], f"/say/{i}")
        self.stated = True

    def announcement(self, item: str, sub: str) -> None:
        """§4.6.2 announcements: one the contract allows, each bonus once per deal, King Ultimo
        and Valat by the declarer's side (``opponents_valat``), G18 the bird (and King Ultimo's
        king) in the announcer's hand (``bird_announcement_requires_card``), §4.6.3 the
        Besserrufer bird held before the talon (``besserrufer_bird_in_hand``: checked for the
        compulsory turn as a whole, ``_compulsory_announcement``), the partner
        statement due with a first announcement, §7.2 oe2023 once per seat and kontra or
        valat in a colour game. A Valat voids the contract's kontra chain."""
        eng, seat, my_side = self.eng, self.seat, self.my_side
        c = eng.contract
        assert c is not None
        rules = eng.rules
        if eng._oe_round:
            eng._check_announce_once(seat, item, sub)
        if item not in eng._allowed_announcements():
            raise _bad("KR-ANNOUNCE-CONTRACT", f"{item} cannot be announced in {c.id}",
                       item, sub)
        if item in self.announced:
            raise _bad("KR-ANNOUNCE-REPEAT", f"{item} has already been announced "
                       f"(by seat {self.announced[item][0]}); each bonus only once", item, sub)
        if item == "king_ultimo" and my_side != "D":
            raise _bad("KR-ANNOUNCE-SIDE", "king_ultimo may be announced only by the "
                       "declarer's side", item, sub)
        if item == "valat" and my_side != "D" and not rules.opponents_valat:
            raise _bad("KR-ANNOUNCE-SIDE", "valat may be announced only by the "
                       "declarer's side", item, sub)
        if rules.bird_announcement_requires_card:
            self._holds_card(item, sub)
        if (eng.statement_needed_at_all and seat != eng.declarer and not self.public
                and not self.stated):
            raise _bad("KR-PARTNER-STATEMENT", f"seat {seat} must say whether it holds "
                       f"the called king (partner / not_partner) with its first "
                       "announcement", item, sub)
        if item == "valat" and self.kontra_said and self._either():
            raise _bad("KR-KONTRA-OR-VALAT", f"seat {seat} has said a kontra and may not "
                       f"also announce the valat in {c.id} (this rule set)", item, sub)
        self.announced = {**self.announced, item: (seat, my_side)}
        chains = self._own_chains()
        chains.open(item, my_side)
        self.changed.append(item)
        if item == "valat":           # §4.6.2 Valat and the contract kontra
            self.valat = True
            chains.cancel("contract")

    def _holds_card(self, item: str, sub: str) -> None:
        """G18 ``bird_announcement_requires_card``: a bird only by its holder; [OÖ23 Ansagen
        1]: King Ultimo likewise only by the called king's holder (not for the partner)."""
        eng, seat = self.eng, self.seat
        if item in BIRD_CARD and not eng.hands[seat] >> BIRD_CARD[item][0] & 1:
            raise _bad("KR-ANNOUNCE-CARD", f"seat {seat} announces {item} without "
                       f"holding {code(BIRD_CARD[item][0])}", item, sub)
        if (item == "king_ultimo" and eng.called_king is not None
                and not eng.hands[seat] >> eng.called_king & 1):
            raise _bad("KR-ANNOUNCE-CARD", f"seat {seat} announces king_ultimo without "
                       f"holding the called king {code(eng.called_king)}", item, sub)

    def kontra_chain(self, item: str, level_name: str, target: str, sub: str) -> None:
        """§4.6.2 kontra chain: on the contract or an announcement, each level the next one,
        kontra and subkontra against the target's owner, rekontra by his side; none on the
        contract once Valat is announced. G39 ``misere_kontra_individual``: each opponent's
        own chain; §7.2 oe2023: at the first opportunity, and kontra or valat in a colour
        game. A kontra-type call on the contract makes the side public (§4.8 b)."""
        eng, seat, chains = self.eng, self.seat, self.chains
        c = eng.contract
        assert c is not None
        if eng._individual:
            target = eng._own_chain(seat, level_name, target, chains, item, sub)
        elif target.startswith("seat"):
            raise _bad("KR-KONTRA", f"{item}: an opponent's own kontra chain ({target}) "
                       "exists only in negative contracts under misere_kontra_individual",
                       item, sub)
        if self.announced.get("valat", (-1, ""))[0] == seat and self._either():
            raise _bad("KR-KONTRA-OR-VALAT", f"seat {seat} has announced the valat and may "
                       f"not also say {level_name} in {c.id} (this rule set)", item, sub)
        self.kontra_said = True
        refusal = chains.refusal(target, level_name, self.my_side)
        if eng._oe_round and refusal is None:
            eng._check_kontra_in_time(seat, level_name, target, item, sub)
        if refusal is ChainRefusal.UNKNOWN_TARGET:
            if target == "contract" and self.valat:
                raise _bad("KR-KONTRA-VALAT", f"{level_name} on the contract is void once "
                           "valat is announced", item, sub)
            raise _bad("KR-KONTRA", f"{level_name} on {target}, which has not been "
                       "announced", item, sub)
        if refusal in (ChainRefusal.REPEATED, ChainRefusal.NEEDS_PREVIOUS):
            raise _bad("KR-KONTRA", eng._chain_message(level_name, target,
                                                       chains.level[target]), item, sub)
        if refusal is ChainRefusal.WRONG_SIDE:
            who = ("the side that owns" if KONTRA_LADDER.by_owner(
                KONTRA_LADDER.index(level_name)) else "the side against")
            raise _bad("KR-KONTRA-SIDE", f"seat {seat} may not say {level_name} on "
                       f"{eng._target_name(target)}: only {who} it may", item, sub)
        self._own_chains().say(target, level_name)
        self.changed.append(target)
        if target == "contract":
            self.public = True

    def commit(self, say: tuple[str, ...], opening: bool) -> None:
        """The turn stands: the working copy becomes the engine's state (§7.2 oe2023: when
        each chain last changed, who has announced), and the turn ends (§4.6.1)."""
        eng, seat = self.eng, self.seat
        eng.announced = self.announced
        eng.chains = self.chains
        eng.valat_announced = self.valat
        if self.kontra_said:
            eng._kontra_seats.add(seat)
        if eng._oe_round:
            n = len(eng.round.turns)
            for target in self.changed:
                eng._opened_at[target] = n
            if any(x in ALL_ANNOUNCEMENTS for x in say):
                eng._announcers.add(seat)
        if self.stated or self.public:
            eng.public[seat] = True
        eng._end_turn(seat, say, opening)


# -- the facts of the play (§6.11): what a score sheet writes, read from the finished deal ------
# (outcome.py reads the same facts from a written outcome; scoring.py scores both)
def of_engine(e: KoenigrufenEngine) -> Facts:
    """The facts of the finished deal ``e`` (§6.11 read from the play)."""
    r = e.rules
    c = e.contract
    m = period_multiplier(e.doubling)
    if e.redeal_seat is not None or c is None:
        return Facts(None, None, None, m, "redeal")
    d_seat = e.declarer
    assert d_seat is not None
    partner = e.partner
    if e.phase == "conceded":                  # §6.9, G22
        items: tuple[Item, ...] = ()
        if c.id == "besserrufer" and r.besserrufer_concession_pays_bird:
            tf = e.tariff
            bird = lowest_bird(e.dealt[d_seat], tf.birds, tf.bonus_base, tf.bird_card)
            items = (Item(bird, True, False, True),)
        return Facts(c, d_seat, partner, m, "concede", items=items)
    t = e.table
    assert t is not None
    tricks = list(t.count)
    if c.family == "trischaken":
        return _trischaken(e, t, m, tricks)
    D = ALONE[d_seat] if partner is None else frozenset((d_seat, partner))
    pile_d, pile_o = piles(e, D)
    thirds_d = thirds(pile_d)
    points = [(thirds_d + 1) // 3, card_points(pile_o)]   # card_points, §1.4
    if c.family == "misere":
        won = tricks[d_seat] == c.tricks_goal
        if e._individual:                      # G39: one chain per opponent
            ind = tuple(Item("contract", True, won, True, e.chains.multiplier(f"seat{s}"), s)
                        for s in SEATS if s != d_seat
                        and e.chains.multiplier(f"seat{s}") > 1)
            return Facts(c, d_seat, partner, m, None, won, tricks, points, None, 1, ind)
        return Facts(c, d_seat, partner, m, None, won, tricks, points, None,
                     e.chains.multiplier("contract"), ())

    # §6.3 (positive contracts): the contract item's kontra, the Valat, the bonuses
    solo_void = c.id == "solorufer" and e.king_in_talon
    void_all = solo_void and r.solorufer_talon_king_kontra_void == "always"
    won_d = 0
    for s in D:
        won_d += tricks[s]
    success = thirds_d >= int(r.win_threshold_thirds)
    # a function of the module bound to this deal, not one defined here: compiled, an inner
    # function ties the engine in a reference cycle with the call's closure
    kk = partial(_kontra_unless_void, e, solo_void, void_all)
    out: list[Item] = []
    f_contract = 1
    announced = e.announced
    valat_happened = False
    if "valat" in announced:
        x_d = announced["valat"][1] == "D"
        X = D if x_d else OTHERS[D]
        made = sum(tricks[s] for s in X) == 12
        out.append(Item("valat", True, made, x_d, kk("valat", not made)))
        valat_happened = True
    elif won_d == 12:
        f_contract = kk("contract", False)
        out.append(Item("valat", False, True, True))
        valat_happened = True
    elif won_d == 0 and r.opponents_valat:
        f_contract = kk("contract", True)
        out.append(Item("valat", False, True, False))
        valat_happened = True
    else:
        f_contract = kk("contract", not success)
    if not (c.no_trump and r.farbensolo_bonuses != "valat_and_four_kings"):
        _bonuses(e, out, D, pile_d, pile_o, kk, valat_happened)
    return Facts(c, d_seat, partner, m, None, success, tricks, points, None, f_contract,
                 tuple(out))


def _trischaken(e: KoenigrufenEngine, t: TrickTable, m: int, tricks: list[int]) -> Facts:
    """§6.7 / §7.2: each seat's card points; in thirds where the rule set compares them (G29
    ``trischaken_compare = thirds``; ``trischaken_scoring = oe2023``, the talon in the pile of
    the last trick's winner, [OÖ23 Trischaken 1])."""
    r = e.rules
    c = e.contract
    piles_ = list(t.won)
    th: list[int] | None = None
    if r.trischaken_scoring == "oe2023":
        lower, upper = e.talon
        piles_[t.winner(12)] |= lower | upper
        th = [thirds(p) for p in piles_]
    elif r.trischaken_compare == "thirds":
        th = [thirds(p) for p in piles_]
    points = [card_points(p) for p in piles_]
    return Facts(c, e.declarer, None, m, None, False, tricks, points, th)


def _kontra_unless_void(e: KoenigrufenEngine, solo_void: bool, void_all: bool, target: str,
                        lost: bool) -> int:
    """The kontra factor of ``target`` (§4.6.2), but 1 where a Solorufer with the king in the
    talon voids the kontras (G23 ``solorufer_talon_king_kontra_void``: always, or on the
    contract and an announced Valat when lost). Kept whether or not kontras count in the score
    (``kontra_in_score``): the money counts them (§7.2)."""
    if void_all or (solo_void and lost and target in ("contract", "valat")):
        return 1
    return e.chains.multiplier(target)


def piles(e: KoenigrufenEngine, D: frozenset[int]) -> tuple[int, int]:
    """§4.5: cards owned by each side at the end."""
    t = e.table
    c = e.contract
    assert t is not None and c is not None
    pile_d = pile_o = 0
    for s in SEATS:
        if s in D:
            pile_d |= t.won[s]
        else:
            pile_o |= t.won[s]
    lower, upper = e.talon
    if c.talon == "half":
        extra = e.discard_mask | e.untaken
        if e.rules.unused_talon_owner == "opponents":
            pile_d |= e.discard_mask
            pile_o |= e.untaken
        else:
            pile_d |= extra
    elif c.talon == "all":
        pile_d |= e.discard_mask
    elif c.talon_owner == "opponents":
        if c.id == "solorufer" and e.king_in_talon:
            assert e.called_king is not None
            with_king = lower if lower >> e.called_king & 1 else upper
            pile_d |= with_king
            pile_o |= (lower | upper) & ~with_king
        else:
            pile_o |= lower | upper
    return pile_d, pile_o


def _bonuses(e: KoenigrufenEngine, out: list[Item], D: frozenset[int], pile_d: int,
             pile_o: int, kk: "partial[int]", valat_happened: bool) -> None:
    """§6.4: the bonus and penalty items the play gives, in the scorer's order."""
    r = e.rules
    c = e.contract
    t = e.table
    assert c is not None and t is not None
    side_of = SIDE_OF[D]
    silent_penalty = r.silent_failure_penalty
    silent_ok = not (r.valat_suppresses_silent_bonuses and valat_happened)
    tariff = e.tariff
    bird_card = tariff.bird_card
    king = e.called_king
    tricks = t.tricks
    n_tricks = len(tricks)
    announced = e.announced
    for bonus in tariff.bonus_types[c.no_trump, c.king_call]:
        if announced and bonus in announced:
            x_d = announced[bonus][1] == "D"
            X = D if x_d else OTHERS[D]
            if bonus in bird_card:      # the bird wins its trick: its player is the winner
                card, trick = bird_card[bonus]
                ok = (trick <= n_tricks and t.winning_card(trick) == card
                      and t.winner(trick) in X)
            elif bonus == "king_ultimo":
                ok = (king is not None and n_tricks >= 12 and king in tricks[11][1]
                      and t.winner(12) in X)
            else:
                mask = TRULL_MASK if bonus == "trull" else KING_MASK
                ok = (pile_d if x_d else pile_o) & mask == mask
            out.append(Item(bonus, True, ok, x_d, kk(bonus, not ok)))
            continue
        if not silent_ok:
            continue
        if bonus in bird_card:
            card, trick = bird_card[bonus]
            if trick > n_tricks:
                continue
            _, cards, seats, w = tricks[trick - 1]
            if card in cards:
                p = seats[cards.index(card)]
                if w == p:
                    out.append(Item(bonus, False, True, p in D))
                elif w not in side_of[p] and silent_penalty:
                    out.append(Item(bonus, False, False, p in D))
        elif bonus == "king_ultimo":
            if king is not None and n_tricks >= 12 and king in tricks[11][1]:
                if t.winner(12) in D:
                    out.append(Item(bonus, False, True, True))
                elif silent_penalty:
                    out.append(Item(bonus, False, False, True))
        else:                            # trull, four kings: in one side's pile (§6.4)
            mask = TRULL_MASK if bonus == "trull" else KING_MASK
            if pile_d & mask == mask:
                out.append(Item(bonus, False, True, True))
            if pile_o & mask == mask:
                out.append(Item(bonus, False, True, False))
    if c.no_trump:
        return
    # capture penalties (always silent): the item goes to the capturing side
    if r.xxi_capture:
        found = _trick_of(t, T21)
        if found is not None and T22 in found[0]:     # the XXI and the Sküs in one trick
            cards, seats, _ = found
            p21, p22 = seats[cards.index(T21)], seats[cards.index(T22)]
            if p22 not in side_of[p21]:
                out.append(Item("xxi_capture", False, True, p22 in D))
    if c.king_call and r.king_capture and king is not None:
        found = _trick_of(t, king)
        if found is not None:
            cards, seats, nk = found
            pk = seats[cards.index(king)]
            w = t.winner(nk)
            excluded = nk == 12 and r.king_capture_excludes_ultimo
            if w not in side_of[pk] and not excluded:
                out.append(Item("king_capture", False, True, w in D))


def _trick_of(t: TrickTable, card: int) -> tuple[list[int], list[int], int] | None:
    """The cards, seats and 1-based number of the trick ``card`` was played to (None: not
    played): ``TrickTable.played``, keeping the trick."""
    for n, (_, cards, seats, _) in enumerate(t.tricks, 1):
        if card in cards:
            return cards, seats, n
    if card in t.cards:
        return t.cards, t.seats, len(t.tricks) + 1
    return None


def next_doubling(e: KoenigrufenEngine) -> int:
    """§6.8 queue counter after the played deal ``e``."""
    return doubling_after(e.doubling, e.redeal_seat is not None,
                          e.contract.id if e.contract is not None else None, e.rules)
