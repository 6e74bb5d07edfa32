"""The Ulti rules engine (docs/rules/ulti.md). One object = one deal.

Phases: auction (§4: forehand names a suit, then bids — pick up the talon, name a contract,
discard two — and passes until two in a row) → play (§5, §6: concession before the first card,
marriages and doubles said with a card of tricks 1–3, ten tricks or an early end) → done.
Every action kind has ``verify_x`` / ``can_x`` / ``x`` (see ``tarockrec.engine``); ``pass`` is a
Python keyword, so that one is reached through ``apply(Action("pass", seat))``.
"""
from __future__ import annotations

from enum import StrEnum
from functools import partial
from itertools import combinations
from typing import Any, Iterator

from ...cards import iter_bits
from ...core.auction import PASS, Auction, AuctionSpec, Refusal
from ...core.declarations import ChainRefusal, KontraChains, KontraLadder
from ...engine import (ITEMS, LEGAL_CARDS, NO_VALUE, NOTHING, OPTIONAL_TEXT, OPTIONAL_TEXTS, TEXT,
                       TEXTS, Action, Event, Shape, TrickEngine, pair, takes)
from ...errors import IllegalAction
from ...scoring import Score
from ...tricks import TrickTable, beats_table, hold_back, must_beat, winner_by_beats
from .contracts import (
    CONTRACTS, COUNTERS, KING, NT_STRENGTH, PACK, QUEEN, SEVEN, SUIT_MASK, SUIT_NAME, SUIT_OF,
    TRUMP_STRENGTH, Contract, ContractError, outranks, parse_contract,
)
from .rules import SimpleTie, TalonPoints, UltiRules
from .scoring import UltiFacts, score_facts

N = 3
SEATS = (0, 1, 2)
code = PACK.code


class Phase(StrEnum):
    AUCTION = "auction"
    PLAY = "play"
    DONE = "done"
    CONCEDED = "conceded"


AUCTION, PLAY, DONE, CONCEDED = Phase.AUCTION, Phase.PLAY, Phase.DONE, Phase.CONCEDED
TARGETS = ("main", "ulti")
#: §5.4: the doubling chain on each target; level k is said with one's card to trick k
DOUBLING = KontraLadder(("double", "redouble", "surdouble"))
SOLOIST = "soloist"                 # the side that owns both targets
SUIT_LETTERS = ("S", "C", "H", "D")


def _outranks_id(bid: str, standing: str) -> bool:
    return outranks(CONTRACTS[bid], CONTRACTS[standing])


#: §4.2: forehand opens with a bid; a pass is not final; two passes in a row end it
AUCTION_SPEC = AuctionSpec(ladder=tuple(CONTRACTS), pass_final=False, holds=False,
                           passes_to_end=2, forced_opening=True, higher=_outranks_id)


def _bad(code_: str, message: str, token: object = None, sub: str = "") -> IllegalAction:
    return IllegalAction(code_, message, token, sub)


def _above(strength: tuple[int, ...]) -> dict[str, list[int]]:
    """suit -> [mask of the suit's cards stronger than r for r = 0..8]."""
    out: dict[str, list[int]] = {}
    for s in SUIT_LETTERS:
        out[s] = [sum(1 << c for c in iter_bits(SUIT_MASK[s]) if strength[c] > r)
                  for r in range(9)]
    return out


ABOVE_TRUMP = _above(TRUMP_STRENGTH)
ABOVE_NT = _above(NT_STRENGTH)


#: (no-trump order?, trump suit) -> the cards that beat a card winning the trick (§6.3: a
#: higher card of its suit, or any trump when it is not one): heading and overtrumping as
#: masks (§6.5)
BEATS = {(nt, t): beats_table(SUIT_OF, NT_STRENGTH if nt else TRUMP_STRENGTH, t)
         for nt, t in ((True, None), *((False, s) for s in SUIT_LETTERS))}


#: a bid: (contract id, the two discarded cards; None before the talon is picked up)
BID_VALUE = pair(OPTIONAL_TEXT, OPTIONAL_TEXTS, "a pair (contract id, the two discards)")
#: a pass: nothing, or the record's (contract, discard) fields, which must both be empty
PASS_VALUE = Shape("nothing, or a pair (contract id, discards)",
                   lambda v: v is None or BID_VALUE.test(v))
#: a declaration turn: (the trick whose card it goes with, the items said)
DECLARE_VALUE = pair(Shape("a trick number", lambda v: v is None or type(v) is int), ITEMS,
                     "a pair (trick number, the items said)")


class UltiEngine(TrickEngine):
    ACTIONS = ("name_suit", "bid", "pass", "concede", "declare", "play")
    game = "ulti"
    CODE = "UL"
    pack = PACK
    rules: UltiRules

    def __init__(self, rules: UltiRules, dealer: int, hands: list[int], talon: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.forehand = (dealer + 1) % N
        self.dealt = list(hands)
        self.dealt_talon = talon
        self.hands = list(hands)
        self.talon = talon                     # the current talon (last discard)
        self.phase = AUCTION
        # auction (§4.2)
        self.named_suit: str | None = None
        self.entries: list[dict[str, Any]] = []   # the recorded auction entries
        self.auction = Auction(AUCTION_SPEC, tuple((self.forehand + i) % N for i in range(N)))
        self.soloist: int | None = None           # the standing bid's owner, then the soloist
        self.contract: Contract | None = None
        # play
        self.table: TrickTable | None = None
        self.doubling: KontraChains[str] = KontraChains(DOUBLING)   # §5.4: main and ulti
        self.marriages: list[tuple[int, str]] = []       # (seat, suit) declared (§5.2)
        self.decls: list[dict[str, Any]] = []            # the recorded declarations
        self._decl_at: tuple[int, int, int] | None = None  # (seat, trick, cards played) of decls[-1]
        #: (seat, trick, cards played before it) of the last declaration: its card must follow
        #: (§5.4: a declaration goes with a card; a window that never comes holds none)
        self.pending: tuple[int, int, int] | None = None
        self._declarations = 0                           # declaration actions applied
        self._strength = TRUMP_STRENGTH
        self._above = ABOVE_TRUMP
        self._seven = -1

    # -- state ----------------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to call in the auction."""
        return self.auction.turn

    @property
    def high(self) -> Contract | None:
        """The standing bid."""
        return None if self.auction.high is None else CONTRACTS[self.auction.high]

    @property
    def level(self) -> dict[str, int]:
        """The doubling level (0 undoubled … 3 surdoubled) of each target."""
        return {t: self.doubling.level.get(t, 0) for t in TARGETS}

    # who acts, and what may be done (the shape is TrickEngine's): bids are enumerated as
    # contract x every pair of discards; declarations as single-item says with the card about
    # to be played
    ACTOR = {AUCTION: "auction", PLAY: "table"}
    MOVES = {AUCTION: ("name_suit", "pass", "bid"), PLAY: ("concede", "declare", "play")}
    CANDIDATES = {"name_suit": SUIT_LETTERS, "pass": NO_VALUE, "concede": NO_VALUE,
                  "play": LEGAL_CARDS}

    @property
    def is_over(self) -> bool:
        return self.phase in (DONE, CONCEDED)

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in SEATS if s != self.soloist)

    @property
    def cards_played(self) -> int:
        t = self.table
        return 0 if t is None else 3 * len(t.tricks) + len(t.cards)

    @property
    def decided(self) -> bool:
        """§6.6: Betli is lost once the soloist wins a trick; NT Durch once he loses one."""
        c, t = self.contract, self.table
        if c is None or t is None or self.soloist is None or not c.no_trump:
            return False
        won = t.count[self.soloist]
        return won > 0 if c.betli else won < len(t.tricks)

    # what a record still owes, and the findings of an action out of its phase (the shape is
    # TrickEngine's): the tables, then the findings that are Ulti's own
    EXPECT = {AUCTION: "UL-AUCTION-INCOMPLETE", PLAY: "UL-TRICKS-MISSING"}
    EXPECTING = {
        AUCTION: "the auction is still running (seat {e.turn} to call; it ends only after two "
                 "passes in a row)",
        PLAY: "the play is still running",
    }
    ENDED = {CONCEDED: "seat {e.soloist} conceded the deal before the first card",
             DONE: "all 10 tricks have been played"}
    AFTER_END = {(CONCEDED, None): "UL-AFTER-CONCEDE", (DONE, "play"): "UL-TRICKS-EXTRA",
                 (None, None): "UL-AFTER-END"}

    def expected_next(self) -> IllegalAction | None:
        if (self.phase == PLAY and self.pending is not None
                and self.cards_played == self.pending[2]):
            seat, trick, _ = self.pending
            return _bad("UL-DECL-TIMING", f"seat {seat}'s declaration goes with its card to trick "
                        f"{trick}, but the record plays no card to trick {trick}: a declaration is "
                        "made only with a card that is played (§5.4)", None,
                        f"/declarations/{self._declarations - 1}")
        return super().expected_next()

    def _may_stop_early(self) -> bool:
        t = self.table
        return t is not None and not t.cards and self.decided and not self.rules.require_full_play

    def _tricks_missing(self) -> str:
        t, c = self.table, self.contract
        assert t is not None and c is not None
        if not t.tricks and not t.cards:
            return (f"the record has no play: {c.id} must be played (only a Simple without Ulti "
                    "may be conceded)")
        return (f"the record ends after {len(t.tricks)} complete trick(s); {c.id} needs all 10 "
                "tricks" + ("" if not c.no_trump else " or an end once its result is decided"))

    def _out_of_phase(self, kind: str, token: object) -> IllegalAction | None:
        if kind in ("play", "declare", "concede"):
            return None                         # the auction is still running
        return _bad("UL-AUCTION-OVER", f"the auction is over (two passes in a row): seat "
                    f"{self.soloist} plays {self.contract.id if self.contract else '?'}", token)

    # -- auction (§4) ----------------------------------------------------------------------
    def can_name_suit(self, seat: int, suit: str) -> bool:
        return self._can(self.verify_name_suit, seat, suit)

    def name_suit(self, seat: int, suit: str) -> Event:
        self.verify_name_suit(seat, suit)
        return self._apply_name_suit(seat, suit)

    @takes(TEXT)
    def verify_name_suit(self, seat: int, suit: str) -> None:
        if self.phase != AUCTION:
            raise self._wrong_phase("name_suit", suit)
        if seat != self.forehand or self.entries or self.named_suit is not None:
            raise _bad("UL-SUIT-NOT-FOREHAND", f"seat {seat} names a suit ({suit}): only "
                       f"forehand (seat {self.forehand}) names one, once, before his opening "
                       "bid", suit)
        if suit not in SUIT_LETTERS:
            raise _bad("UL-SUIT-UNKNOWN", f"{suit!r} is not a suit (S, C, H, D)", suit)

    def _apply_name_suit(self, seat: int, suit: str) -> Event:
        self.named_suit = suit
        return Event(Action("name_suit", seat, suit))

    def _check_turn(self, seat: int, token: object) -> None:
        if self.phase != AUCTION:
            raise self._wrong_phase("call", token)
        if seat != self.turn:
            raise _bad("UL-TURN", f"it is seat {self.turn}'s turn in the auction, not seat "
                       f"{seat}'s", token)

    def can_bid(self, seat: int, value: tuple[Any, Any]) -> bool:
        return self._can(self.verify_bid, seat, value)

    def bid(self, seat: int, value: tuple[Any, Any]) -> Event:
        self.verify_bid(seat, value)
        return self._apply_bid(seat, value)

    @takes(BID_VALUE)
    def verify_bid(self, seat: int, value: tuple[Any, Any]) -> None:
        self._check_bid(seat, value)

    def _check_bid(self, seat: int, value: tuple[Any, Any]) -> tuple[Contract, int]:
        """``verify_bid``'s rules; returns the contract and the discard's mask."""
        cid, discard = value
        self._check_turn(seat, cid)
        if not self.entries and self.named_suit is None:
            raise _bad("UL-SUIT-MISSING", f"forehand (seat {seat}) must name a suit before his "
                       "opening bid", cid)
        try:
            c = parse_contract(cid)
        except ContractError as err:
            raise _bad("UL-CONTRACT-ILLEGAL" if err.kind == "illegal" else "UL-CONTRACT-UNKNOWN",
                       f"seat {seat} bids {err.message}", cid, "/contract") from None
        binds = not self.entries or (seat == self.forehand
                                     and self.rules.forehand_suit_binds_all_his_bids)
        if binds and c.trump is not None and c.trump != self.named_suit:
            raise _bad("UL-SUIT-BINDS", f"forehand named {SUIT_NAME[str(self.named_suit)]}, so "
                       f"his bid {c.id} must have {SUIT_NAME[str(self.named_suit)]} as trumps",
                       cid, "/contract")
        high = self.high
        if high is not None and self.auction.refusal(seat, c.id) is Refusal.LOW:
            raise _bad("UL-BID-LOW", f"seat {seat}'s {c.id} ({c.value}) does not outrank "
                       f"{high.id} ({high.value}): a bid must be worth more (the only "
                       "equal-value overcalls are Single Betli over Simple + Ulti and any other "
                       "10 over Hearts Simple + Ulti)", cid, "/contract")
        mask = self._discard_mask(seat, discard)
        kept = (self.hands[seat] | self.talon) & ~mask
        if self.rules.require_marriage_for_hundred and c.hundred:
            suits = [str(c.trump)] if c.hundred == 40 else [s for s in SUIT_LETTERS if s != c.trump]
            if not any(kept >> KING[s] & 1 and kept >> QUEEN[s] & 1 for s in suits):
                raise _bad("UL-BID-HAND", f"seat {seat} bids {c.id} without holding the "
                           "marriage it needs (this rule set)", cid, "/contract")
        if self.rules.require_seven_for_ulti and c.ulti:
            assert c.trump is not None
            if not kept >> SEVEN[c.trump] & 1:
                raise _bad("UL-BID-HAND", f"seat {seat} bids {c.id} without holding "
                           f"{c.trump}7 (this rule set)", cid, "/contract")
        return c, mask

    def _discard_mask(self, seat: int, discard: Any) -> int:
        held = self.hands[seat] | self.talon
        if not isinstance(discard, (list, tuple)) or len(discard) != 2:
            raise _bad("UL-DISCARD", f"seat {seat} must discard exactly two cards after picking "
                       "up the talon", discard, "/discard")
        mask = 0
        for i, cc in enumerate(discard):
            card = PACK.index.get(cc) if isinstance(cc, str) else None
            if card is None:
                raise _bad("CARD-UNKNOWN", f"{cc!r} is not a card of the 32-card pack", cc,
                           f"/discard/{i}")
            if mask >> card & 1:
                raise _bad("UL-DISCARD", f"seat {seat} discards {cc} twice", cc, f"/discard/{i}")
            if not held >> card & 1:
                where = self.holder(card)
                also = f" (it is in seat {where}'s hand)" if where is not None else ""
                raise _bad("UL-DISCARD", f"seat {seat} discards {cc}, which is not among the "
                           f"12 cards it holds after picking up the talon "
                           f"{' '.join(PACK.codes_of(self.talon))}{also}", cc, f"/discard/{i}")
            mask |= 1 << card
        return mask

    def _apply_bid(self, seat: int, value: tuple[Any, Any]) -> Event:
        cid, discard = value
        c = parse_contract(cid)
        picked = self.talon
        self._push_bid(seat, c, PACK.mask(discard), discard)
        return Event(Action("bid", seat, (c.id, tuple(discard))),
                     {"picked_up": PACK.codes_of(picked)})

    def _push_bid(self, seat: int, c: Contract, mask: int, discard: Any) -> None:
        self.hands[seat] = (self.hands[seat] | self.talon) & ~mask
        self.talon = mask
        entry: dict[str, Any] = {"seat": seat, "call": "bid"}
        if not self.entries:
            entry["suit"] = self.named_suit
        entry["contract"] = c.id
        entry["discard"] = list(discard)
        self.entries.append(entry)
        self.auction.push(seat, c.id)
        self.soloist = seat

    def can_pass(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_pass, seat, value)

    def pass_(self, seat: int, value: Any = None) -> Event:
        self.verify_pass(seat, value)
        return self._apply_pass(seat, value)

    @takes(PASS_VALUE)
    def verify_pass(self, seat: int, value: Any = None) -> None:
        self._check_turn(seat, "pass")
        if self.auction.refusal(seat, PASS) is Refusal.OPEN_PASS:
            raise _bad("UL-OPEN-PASS", f"forehand (seat {seat}) cannot pass: he must name a suit "
                       "and make the opening bid", "pass")
        cid, discard = value if isinstance(value, tuple) else (None, None)
        if discard is not None:
            raise _bad("UL-PASS-PICKUP", f"seat {seat} passes with a discard, i.e. after picking "
                       "up the talon: whoever picks up the talon must bid", "pass", "/discard")
        if cid is not None:
            raise _bad("UL-PASS-PICKUP", f"seat {seat}'s pass names a contract ({cid}); a pass "
                       "is only a pass", "pass", "/contract")

    def _apply_pass(self, seat: int, value: Any = None) -> Event:
        self._push_pass(seat)
        return Event(Action("pass", seat))

    def _push_pass(self, seat: int) -> None:
        self.entries.append({"seat": seat, "call": "pass"})
        self.auction.push(seat, PASS)
        if self.auction.done:
            self._start_play()

    def run_auction(self, entries: list[Any]) -> None:
        """The recorded ``auction`` (the replay's ``Batch``): each entry's named suit, bid or
        pass with ``verify_x``'s checks in the replay's order, applied without an Action and
        an Event per entry. A value of the common shape (a whole-number seat, texts) goes
        straight to the rules; any other through ``verify_x``, whose shape check words
        ``ACTION-VALUE``. An ``IllegalAction`` gets ``sub`` = the place the one-by-one replay
        names (``/i/suit``, ``/i/call``, ``/i`` + its own)."""
        cls = type(self)        # verify_x's rules without its shape check (``takes``)
        name_rules = cls.verify_name_suit.__wrapped__  # type: ignore[attr-defined]
        pass_rules = cls.verify_pass.__wrapped__  # type: ignore[attr-defined]
        check_bid, bid_shape = self._check_bid, BID_VALUE.test
        for i, entry in enumerate(entries):
            seat = entry["seat"]
            at_suit = False
            try:
                if "suit" in entry:
                    at_suit = True
                    suit = entry["suit"]
                    if type(seat) is int and type(suit) is str:
                        name_rules(self, seat, suit)
                    else:
                        self.verify_name_suit(seat, suit)
                    self.named_suit = suit
                    at_suit = False
                call = entry.get("call")
                cid = entry.get("contract")
                disc = entry.get("discard")
                if call == "pass":
                    if type(seat) is int and cid is None and disc is None:
                        pass_rules(self, seat, _NO_BID)
                    else:
                        self.verify_pass(seat, (cid, tuple(disc) if type(disc) is list else disc))
                    self._push_pass(seat)
                elif call == "bid":
                    if (type(disc) is list and len(disc) == 2 and type(disc[0]) is str
                            and type(disc[1]) is str):
                        value: tuple[Any, Any] = (cid, (disc[0], disc[1]))
                        plain = type(seat) is int and (cid is None or type(cid) is str)
                    else:
                        value = (cid, tuple(disc) if type(disc) is list else disc)
                        plain = type(seat) is int and bid_shape(value)
                    if not plain:
                        self.verify_bid(seat, value)        # raises ACTION-VALUE
                    c, mask = check_bid(seat, value)
                    self._push_bid(seat, c, mask, value[1])
                else:
                    raise _bad("UL-CALL-UNKNOWN", f"{call!r} is not an Ulti call (bid or pass)",
                               call, "/call")
            except IllegalAction as err:
                err.sub = f"/{i}{'/suit' if at_suit else ''}{err.sub}"
                raise

    def _start_play(self) -> None:
        c = self.high
        assert c is not None and self.soloist is not None
        self.contract = c
        if c.no_trump:
            self._strength, self._above = NT_STRENGTH, ABOVE_NT
        else:
            assert c.trump is not None
            self._seven = SEVEN[c.trump] if c.ulti else -1
        self.phase = PLAY
        self.doubling.open("main", SOLOIST)
        if c.ulti:
            self.doubling.open("ulti", SOLOIST)
        # the contract's trump and card order (§6.3) as its beats table, not the engine (a
        # bound method would make a reference cycle: tricks.TrickTable)
        self.table = TrickTable(self.hands, SEATS, self.soloist, 10,
                                partial(winner_by_beats, BEATS[(c.no_trump, c.trump)]))

    # -- concession (§5.1) -----------------------------------------------------------------
    def can_concede(self, seat: int, value: Any = None) -> bool:
        return self._can(self.verify_concede, seat, value)

    def concede(self, seat: int, value: Any = None) -> Event:
        self.verify_concede(seat, value)
        return self._apply_concede(seat, value)

    @takes(NOTHING)
    def verify_concede(self, seat: int, value: Any = None) -> None:
        if self.phase != PLAY:
            raise self._wrong_phase("concede", "concede")
        c = self.contract
        assert c is not None
        if not c.simple or c.ulti:
            raise _bad("UL-CONCEDE", f"{c.id} cannot be conceded: only a Simple without Ulti "
                       "may be, before the first lead", "concede")
        if seat != self.soloist:
            raise _bad("UL-CONCEDE", f"only the soloist (seat {self.soloist}) may concede, not "
                       f"seat {seat}", "concede")
        if self.cards_played or self.decls:
            raise _bad("UL-CONCEDE-LATE", f"seat {seat} concedes after play has begun: a "
                       "Simple may be conceded only before the soloist leads to trick 1",
                       "concede")

    def _apply_concede(self, seat: int, value: Any = None) -> Event:
        self.phase = CONCEDED
        return Event(Action("concede", seat))

    # -- declarations: marriages and doubles, said with a card (§5.2, §5.4) ----------------
    def can_declare(self, seat: int, value: tuple[Any, Any]) -> bool:
        return self._can(self.verify_declare, seat, value)

    def declare(self, seat: int, value: tuple[Any, Any]) -> Event:
        self.verify_declare(seat, value)
        return self._apply_declare(seat, value)

    @takes(DECLARE_VALUE)
    def verify_declare(self, seat: int, value: tuple[Any, Any]) -> None:
        """Marriages (§5.2) and the doubling chain (§5.4), said with one's card to tricks 1–3."""
        trick, say = value
        if self.phase != PLAY:
            raise self._wrong_phase("declare", list(say))
        if seat not in SEATS:
            raise _bad("UL-TURN", f"there is no seat {seat} at a table of three", list(say))
        c = self.contract
        t = self.table
        assert c is not None and t is not None
        solo = seat == self.soloist
        side = SOLOIST if solo else "defenders"
        said_marriage = [s_ for s_, _ in self.marriages if s_ == seat]
        this_turn: set[str] = set()
        for i, item in enumerate(say):
            sub = f"/say/{i}"
            kind, _, arg = item.partition(":") if isinstance(item, str) else ("", "", "")
            if kind == "marriage" and arg in SUIT_LETTERS:
                self._check_marriage(seat, trick, arg, item, sub, this_turn, said_marriage)
                said_marriage.append(seat)
            elif DOUBLING.index(kind) and arg in TARGETS:
                self._check_double(seat, trick, kind, arg, side, item, sub, this_turn)
            else:
                raise _bad("UL-SAY-UNKNOWN", f"{item!r} is not an Ulti declaration "
                           "(marriage:S|C|H|D, double/redouble/surdouble:main|ulti)", item, sub)
            this_turn.add(item if kind == "marriage" else arg)
        to_play = t.to_play
        if not isinstance(trick, int) or not 1 <= trick <= t.n_tricks:
            raise _bad("UL-DECL-TIMING", f"seat {seat}'s declaration names trick {trick}, but a "
                       f"deal has tricks 1 to {t.n_tricks}", list(say), "/trick")
        if trick != t.trick_number or seat != to_play:
            now = (f"now seat {to_play} is to play to trick {t.trick_number}"
                   if to_play is not None else "the play is over")
            said = " ".join(say) or "nothing"
            raise _bad("UL-DECL-TIMING", f"seat {seat} says {said} with its card to "
                       f"trick {trick}, but {now}: a declaration is written just before the "
                       "card it goes with", list(say), "/trick")

    def _check_marriage(self, seat: int, trick: Any, suit: str, item: str, sub: str,
                        this_turn: set[str], said_before: list[int]) -> None:
        c = self.contract
        assert c is not None
        name = SUIT_NAME[suit]
        if c.no_trump:
            raise _bad("UL-MARRIAGE-NT", f"seat {seat} declares the {name} marriage in {c.id}: "
                       "no-trump contracts have no marriages", item, sub)
        if trick != 1:
            raise _bad("UL-MARRIAGE-TRICK", f"seat {seat} declares the {name} marriage at trick "
                       f"{trick}: marriages are declared only with one's card to trick 1",
                       item, sub)
        if (seat, suit) in self.marriages or item in this_turn:
            raise _bad("UL-MARRIAGE-TWICE", f"seat {seat} declares the {name} marriage twice",
                       item, sub)
        hand = self.hands[seat]
        if not (hand >> KING[suit] & 1 and hand >> QUEEN[suit] & 1):
            raise _bad("UL-MARRIAGE-CARDS", f"seat {seat} declares the {name} marriage without "
                       f"holding both {suit}K and {suit}Q", item, sub)
        if seat == self.soloist and c.hundred:
            want = "the trump marriage" if c.hundred == 40 else "one non-trump marriage"
            if said_before:
                raise _bad("UL-MARRIAGE-HUNDRED", f"the Hundred soloist (seat {seat}) declares a "
                           f"second marriage ({name}): he may declare only {want}", item, sub)
            if (suit == c.trump) != (c.hundred == 40):
                raise _bad("UL-MARRIAGE-HUNDRED", f"the soloist (seat {seat}) bid {c.id} and may "
                           f"declare only {want}, not the {name} marriage", item, sub)

    def _check_double(self, seat: int, trick: Any, kind: str, target: str, side: str,
                      item: str, sub: str, this_turn: set[str]) -> None:
        c = self.contract
        assert c is not None
        level = DOUBLING.index(kind)
        if target == "ulti" and not c.ulti:
            raise _bad("UL-DOUBLE-TARGET", f"seat {seat} says {item}, but {c.id} has no Ulti "
                       "part", item, sub)
        why = self.doubling.refusal(target, kind, side)
        if why is ChainRefusal.WRONG_SIDE:
            if DOUBLING.by_owner(level):
                raise _bad("UL-DOUBLE-WHO", f"seat {seat} says {item}: only the soloist "
                           f"(seat {self.soloist}) redoubles", item, sub)
            raise _bad("UL-DOUBLE-WHO", f"the soloist (seat {seat}) says {item}: only a defender "
                       "may " + kind, item, sub)
        if trick != level:
            raise _bad("UL-DOUBLE-TRICK", f"seat {seat} says {item} at trick {trick}: a {kind} "
                       f"is said only with one's card to trick {level}", item, sub)
        if why is not None or target in this_turn:
            have = ("undoubled", "doubled", "redoubled", "surdoubled")[self.level[target]]
            raise _bad("UL-DOUBLE-LEVEL", f"seat {seat} says {item}, but the {target} target is "
                       f"{have}: a {kind} needs it "
                       f"{('undoubled', 'doubled', 'redoubled')[level - 1]}", item, sub)

    def _apply_declare(self, seat: int, value: tuple[Any, Any]) -> Event:
        trick, say = value
        for item in say:
            kind, _, arg = item.partition(":")
            if kind == "marriage":
                self.marriages.append((seat, arg))
            else:
                self.doubling.say(arg, kind)
        at = (seat, trick, self.cards_played)
        if self._decl_at == at:
            self.decls[-1]["say"].extend(say)
        else:
            self.decls.append({"seat": seat, "trick": trick, "say": list(say)})
        self._decl_at = at
        self.pending = at
        self._declarations += 1
        return Event(Action("declare", seat, value))

    # -- play (§6) -------------------------------------------------------------------------
    def _legal_mask(self, seat: int) -> int:
        """§6.5 legal-card algorithm."""
        t = self.table
        c = self.contract
        assert t is not None and c is not None
        hand = self.hands[seat]
        trick = t.cards
        if trick:
            led = SUIT_OF[trick[0]]
            trump = c.trump
            st = self._strength
            f = hand & SUIT_MASK[led]
            if f:
                if trump is None or led == trump or not any(SUIT_OF[x] == trump for x in trick):
                    top = max(st[x] for x in trick if SUIT_OF[x] == led)
                    legal = must_beat(f, self._above[led][top])   # head the trick
                else:
                    legal = f                       # trick already ruffed: follow freely
            elif trump is not None and hand & SUIT_MASK[trump]:
                tr = hand & SUIT_MASK[trump]
                tops = [st[x] for x in trick if SUIT_OF[x] == trump]
                legal = must_beat(tr, self._above[trump][max(tops)]) if tops else tr
            else:
                legal = hand
        else:
            legal = hand
        if self._seven >= 0 and seat == self.soloist and len(t.tricks) < 9:
            legal = hold_back(legal, 1 << self._seven)     # §6.5: the Ulti seven waits
        return legal

    def _not_in_hand(self, seat: int, card: int, cc: str) -> IllegalAction:
        t = self.table
        assert t is not None
        holder = self.holder(card)
        if holder is not None:
            if not t.cards:
                why = (f"the winner of trick {len(t.tricks)}" if t.tricks
                       else "the soloist leads trick 1")
                return _bad("UL-LEAD", f"trick {t.trick_number} must be led by seat {seat} "
                            f"({why}), but {cc} belongs to seat {holder}", cc)
            return _bad("UL-NOT-IN-HAND", f"seat {seat} is to play the next card of trick "
                        f"{t.trick_number}, but {cc} belongs to seat {holder}", cc)
        if card in t.played_by:
            return _bad("UL-NOT-IN-HAND", f"{cc} was already played in trick "
                        f"{t.played_by[card][1]}", cc)
        return _bad("UL-NOT-IN-HAND", f"seat {seat} plays {cc}, which lies in the talon "
                    "(the soloist's discard)", cc)

    def _why_illegal(self, seat: int, card: int, cc: str, legal: int) -> IllegalAction:
        t = self.table
        c = self.contract
        assert t is not None and c is not None
        hand = self.hands[seat]
        if card == self._seven and seat == self.soloist:
            other = code(next(iter_bits(legal)))
            return _bad("UL-ULTI-SEVEN", f"the soloist (seat {seat}) plays {cc} in trick "
                        f"{t.trick_number}: in {c.id} he must keep his 7 of trumps for the last "
                        f"trick while he has another legal card ({other})", cc)
        led = SUIT_OF[t.cards[0]]
        trump = c.trump
        f = hand & SUIT_MASK[led]
        if f and not f >> card & 1:
            return _bad("UL-FOLLOW", f"seat {seat} played {cc} but holds "
                        f"{code(next(iter_bits(f)))} and must follow {SUIT_NAME[led]} (revoke)", cc)
        best = t.cards[0]
        for x in t.cards[1:]:
            if SUIT_OF[x] == SUIT_OF[best] and self._strength[x] > self._strength[best] \
                    or (SUIT_OF[x] == trump and SUIT_OF[best] != trump):
                best = x
        higher = code(max(iter_bits(legal), key=lambda x: self._strength[x]))
        if f:
            return _bad("UL-HEAD", f"seat {seat} played {cc} but must beat {code(best)} with a "
                        f"higher {SUIT_NAME[led]} card ({higher}) when able", cc)
        assert trump is not None
        tr = hand & SUIT_MASK[trump]
        if not tr >> card & 1:
            return _bad("UL-RUFF", f"seat {seat} played {cc}: void in {SUIT_NAME[led]}, it holds "
                        f"the trump {code(next(iter_bits(tr)))} and must trump", cc)
        return _bad("UL-OVERTRUMP", f"seat {seat} played {cc} but must overtrump {code(best)} "
                    f"with {higher} when able", cc)

    def play_tricks(self, tricks: list[Any], first: int = 0) -> None:
        """Play recorded tricks ``first…`` (the replay's fast path, no declarations). Raises
        ``IllegalAction`` with ``sub`` = ``/play/t/j`` at the first illegal card."""
        t, c = self.table, self.contract
        if self.phase == PLAY and t is not None and c is not None \
                and not t.cards and len(t.tricks) == first:
            # §6.5 as masks (the same cards as _legal_mask), whole tricks at a time; the
            # card-by-card path below takes over at the first card it refuses
            hold = (self.soloist, 1 << self._seven, 9) \
                if self._seven >= 0 and self.soloist is not None else None
            first += self._play_plain(tricks[first:], SUIT_MASK[c.trump] if c.trump else 0,
                                      BEATS[(c.no_trump, c.trump)], hold)
        self._play_checked(tricks, first, "/play")

    # -- legal actions ---------------------------------------------------------------------
    def legal_bids(self, seat: int) -> Iterator[Contract]:
        for c in CONTRACTS.values():
            if self._bid_ok(seat, c):
                yield c

    def _bid_ok(self, seat: int, c: Contract) -> bool:
        if not self.entries and c.trump is not None and c.trump != self.named_suit:
            return False
        if (self.entries and seat == self.forehand and c.trump is not None
                and self.rules.forehand_suit_binds_all_his_bids and c.trump != self.named_suit):
            return False
        return self.high is None or self.auction.outranks(c.id, self.high.id)

    def _candidates_bid(self, seat: int) -> Iterator[tuple[str, tuple[str, str]]]:
        if not self.entries and self.named_suit is None:
            return                      # forehand names his suit first
        held = [code(x) for x in iter_bits(self.hands[seat] | self.talon)]
        for c in self.legal_bids(seat):
            for d in combinations(held, 2):
                yield (c.id, d)

    def _candidates_declare(self, seat: int) -> Iterator[tuple[int, tuple[str]]]:
        assert self.table is not None
        n = self.table.trick_number
        if n <= 3:
            for item in self._candidate_says():
                yield (n, (item,))

    @staticmethod
    def _candidate_says() -> Iterator[str]:
        for s in SUIT_LETTERS:
            yield f"marriage:{s}"
        for kind in DOUBLING.levels:
            for target in TARGETS:
                yield f"{kind}:{target}"

    # -- scoring: the facts of the play (§7), scored by scoring.score_facts ---------------------
    def score(self) -> Score:
        return score_facts(self.facts(), self.rules)

    def facts(self) -> UltiFacts:
        """What the finished deal's score depends on (§7.1–§7.6)."""
        c = self.contract
        sol = self.soloist
        assert c is not None and sol is not None
        if self.phase == CONCEDED:                              # §7.6
            return UltiFacts(c, sol, conceded=True)
        t = self.table
        assert t is not None
        tricks = list(t.count)
        won = tricks[sol]
        main_factor = self.doubling.multiplier("main")
        if c.no_trump:                                          # §7.2 Betli / NT Durch
            ok = won == 0 if c.betli else (won == len(t.tricks) == 10)
            return UltiFacts(c, sol, tricks=tricks, main_won=ok, main_factor=main_factor)
        assert c.trump is not None
        s_pts, d_pts = self.points()
        all_tricks = won == 10
        if c.simple:
            ok = s_pts > d_pts or (s_pts == d_pts and self.rules.simple_tie is SimpleTie.SOLOIST_WINS)
        elif c.durch is None:
            ok = s_pts >= 100
        else:                                                   # one unit (G7)
            ok = all_tricks and (not c.hundred or s_pts >= 100)
        played = t.played(SEVEN[c.trump])
        seven: tuple[int, bool] | None = None
        if played is not None and played[1] == 10:              # the trump 7 in trick 10
            seven = (played[0], t.winner(10) == played[0])
        soloist_seven = seven is not None and seven[0] == sol
        return UltiFacts(
            c, sol, tricks=tricks, points=(s_pts, d_pts), main_won=ok, main_factor=main_factor,
            ulti_won=c.ulti and soloist_seven and seven is not None and seven[1],
            ulti_factor=self.doubling.multiplier("ulti") if c.ulti else 1,
            ulti_extra=c.ulti and soloist_seven and seven is not None and not seven[1],
            seven=None if (c.ulti and soloist_seven) else seven,
            silent_hundred=not c.hundred and s_pts >= 100,
            defenders_hundred=d_pts >= 100,
            unbid_durch=c.durch is None and all_tricks)

    def points(self) -> tuple[int, int]:
        """§7.1 (and G3): the soloist's and the defenders' points in a trump contract."""
        t = self.table
        c = self.contract
        sol = self.soloist
        assert t is not None and c is not None and sol is not None
        pile_s = t.won[sol]
        pile_d = 0
        for s in SEATS:
            if s != sol:
                pile_d |= t.won[s]
        if self.rules.talon_points_to is TalonPoints.DEFENDERS:
            pile_d |= self.talon
        s_pts = 10 * (pile_s & COUNTERS).bit_count()
        d_pts = 10 * (pile_d & COUNTERS).bit_count()
        if len(t.tricks) == 10:
            if t.winner(10) == sol:
                s_pts += 10
            else:
                d_pts += 10
        for seat, suit in self.marriages:
            v = 40 if suit == c.trump else 20
            if seat == sol:
                s_pts += v
            else:
                d_pts += v
        return s_pts, d_pts


#: a pass's value in ``run_auction``: no contract, no discard
_NO_BID = (None, None)
