"""The engine interface every game implements (python-chess ``Board`` + pokerkit actions).

An engine holds one deal. ``to_act`` says whose turn it is, ``legal_actions`` lists what may be
done now (both from a game's tables, see ``TrickEngine``), and every action kind ``x`` has ``verify_x`` (raises ``IllegalAction`` with a
sentence), ``can_x`` (bool) and ``x`` (applies, returns an event). ``score`` gives the
breakdown once ``is_over``. The generic entry points ``verify/can/apply`` take an ``Action``.
"""
from __future__ import annotations

import functools
import operator
from enum import StrEnum
from typing import (Any, Callable, ClassVar, Iterable, Iterator, Mapping, NamedTuple, Sequence,
                    TypeVar)

from .cards import Pack
from .plain import Frozen
from .errors import IllegalAction
from .rules import RuleSet
from .scoring import Score
from .tricks import TrickTable, play_fixed


class Kind(StrEnum):
    """Every action kind of every game (a ``StrEnum``: ``Kind.PLAY == "play"``)."""

    REDEAL = "redeal"
    NAME_SUIT = "name_suit"
    CALL = "call"
    BID = "bid"
    PASS = "pass"
    KING = "king"
    TAKE = "take"
    KEEP = "keep"
    DISCARD = "discard"
    EXCHANGE = "exchange"
    ANNUL = "annul"
    CONCEDE = "concede"
    CHOOSE = "choose"
    CHALLENGE = "challenge"
    DECLARE = "declare"
    PLAY = "play"
    LATE_CLAIM = "late_claim"
    STOP = "stop"


#: each kind in a sentence ("a declaration cannot come yet: …")
NOUNS: dict[str, str] = {
    Kind.REDEAL: "a redeal", Kind.NAME_SUIT: "naming a suit", Kind.CALL: "a call",
    Kind.BID: "a bid", Kind.PASS: "a pass", Kind.KING: "a king call",
    Kind.TAKE: "taking a talon half", Kind.KEEP: "keeping cards", Kind.DISCARD: "a discard",
    Kind.EXCHANGE: "an exchange", Kind.ANNUL: "an annulment", Kind.CONCEDE: "a concession",
    Kind.CHOOSE: "a choice", Kind.CHALLENGE: "a challenge", Kind.DECLARE: "a declaration",
    Kind.PLAY: "play", Kind.LATE_CLAIM: "a late claim", Kind.STOP: "ending the record",
}


class Action(NamedTuple):
    """One action: its kind, the seat and the kind's value (a call, a card code, the items
    said in a declaration turn, …; each game's engine documents the value of each kind).
    Immutable and hashable; a named tuple, as it is built for every replayed action."""

    kind: str
    seat: int
    value: Any = None


class Shape(Frozen):
    """What the value of an action kind looks like; checked before the rules are asked, so
    that a program passing a wrong value gets ``ACTION-VALUE``, never a ``TypeError``."""

    __slots__ = _fields = ("describe", "test")
    describe: str
    test: Callable[[Any], bool]

    def __init__(self, describe: str, test: Callable[[Any], bool]) -> None:
        self.describe = describe
        self.test = test


def _texts(v: Any) -> bool:
    return isinstance(v, (tuple, list)) and all(isinstance(x, str) for x in v)


def _text_or_none(v: Any) -> bool:
    return v is None or isinstance(v, str)


#: the value is not used (a pass, a concession, a redeal demand)
NOTHING = Shape("no value", lambda v: True)
#: (the test is ``isinstance(v, str)`` without a Python frame)
TEXT = Shape("a text (a call, a card code, a suit)", str.__instancecheck__)
TEXTS = Shape("a list of texts (card codes)", _texts)
#: the items said in a declaration turn: the game explains an item that is not a statement
ITEMS = Shape("a list of the items said", lambda v: isinstance(v, (tuple, list)))


def pair(first: Shape, second: Shape, describe: str) -> Shape:
    """A two-item tuple whose items have the shapes ``first`` and ``second``."""
    return Shape(describe, lambda v: isinstance(v, tuple) and len(v) == 2
                 and first.test(v[0]) and second.test(v[1]))


OPTIONAL_TEXT = Shape("a text or nothing", _text_or_none)
OPTIONAL_TEXTS = Shape("a list of texts or nothing", lambda v: v is None or _texts(v))
WHOLE = Shape("a whole number", lambda v: type(v) is int)
FLAG = Shape("true or false", lambda v: isinstance(v, bool))

V = TypeVar("V", bound=Callable[..., None])


def takes(shape: Shape) -> Callable[[V], V]:
    """Decorate ``verify_x``: a seat that is not a whole number, or a value of another shape
    than ``shape``, is refused with ``ACTION-VALUE`` before the rules are asked."""

    def decorate(verify: V) -> V:
        kind = verify.__name__.removeprefix("verify_")

        @functools.wraps(verify)
        def checked(self: Any, seat: Any, value: Any = None) -> None:
            if type(seat) is not int:
                raise IllegalAction("ACTION-VALUE", f"a seat is a whole number, not {seat!r}",
                                    seat)
            if not shape.test(value):
                raise IllegalAction("ACTION-VALUE", f"{value!r} is not a value of {kind}: it "
                                    f"takes {shape.describe}", value)
            verify(self, seat, value)

        checked.shape = shape  # type: ignore[attr-defined]
        return checked  # type: ignore[return-value]

    return decorate


class Event(NamedTuple):
    """What an applied action did; ``info`` holds derived facts (e.g. a trick's winner)."""

    action: Action
    info: dict[str, Any] | None = None


#: the Event of each (seat, call) applied: immutable, so built once and shared (an Event and
#: its Action cost ~0.5 µs to build; a Cego or Carinthian deal has up to a dozen calls, and
#: their replays take the Action from it too). Bounded: a record may hold any text as a call.
_CALL_EVENTS: dict[tuple[int, str], Event] = {}


def call_event(seat: int, call: str) -> Event:
    """``Event(Action("call", seat, call))``, interned for a whole-number seat and a text."""
    if type(seat) is not int or type(call) is not str:
        return Event(Action("call", seat, call))
    ev = _CALL_EVENTS.get((seat, call))
    if ev is None:
        ev = Event(Action("call", seat, call))
        if len(_CALL_EVENTS) < 1024:
            _CALL_EVENTS[(seat, call)] = ev
    return ev


class LegalActions:
    """The legal actions now, python-chess style: iterate over them, or ask
    ``action in engine.legal_actions`` (answered through ``can``, without listing)."""

    __slots__ = ("_engine",)

    def __init__(self, engine: "Engine") -> None:
        self._engine = engine

    def __iter__(self) -> Iterator[Action]:
        return self._engine._legal_actions()

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._engine.can(action)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __call__(self) -> Iterator[Action]:
        """The older call form ``engine.legal_actions()``."""
        return iter(self)


class Engine:
    """Base class. A game's engine defines, for each action kind ``x`` it lists in
    ``ACTIONS``, ``verify_x(seat, value)`` (raises ``IllegalAction``), ``can_x`` (bool),
    ``x`` (verifies, applies, returns an ``Event``) and ``_apply_x``; ``_can`` and ``_act``
    below keep those two one-liners. ``pass`` is a keyword: its methods are ``pass_`` and
    ``can_pass``."""

    ACTIONS: ClassVar[tuple[str, ...]] = ()
    #: kinds whose ``_apply_x`` itself runs every check of ``verify_x`` before it changes
    #: anything (both call one ``_x(…, commit)``): ``apply`` then checks once, not twice
    SELF_CHECKING: ClassVar[frozenset[str]] = frozenset()
    _dispatch_table: ClassVar[dict[str, tuple[Callable[[Any], bool] | None,
                                              Callable[..., None] | None,
                                              Callable[..., None], Callable[..., "Event"]]]]
    game: ClassVar[str] = ""
    pack: ClassVar[Pack]
    rules: RuleSet

    @staticmethod
    def _can(verify: Callable[..., None], *args: Any) -> bool:
        try:
            verify(*args)
        except IllegalAction:
            return False
        return True

    # -- generic entry points -------------------------------------------------------------
    def verify(self, action: Action) -> None:
        if action.kind not in self.ACTIONS:
            raise IllegalAction("ACTION-UNKNOWN", f"{self.game} has no action {action.kind!r}",
                                action.kind)
        getattr(self, f"verify_{action.kind}")(action.seat, action.value)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> Event:
        """Verify and apply ``action`` (raises ``IllegalAction`` when it is not legal)."""
        entry = self._dispatch_table.get(action.kind)
        if entry is None:
            self.verify(action)                 # raises ACTION-UNKNOWN
            raise AssertionError("unreachable")
        test, rules, checked, apply = entry
        seat, value = action.seat, action.value
        if test is not None and (type(seat) is not int or not test(value)):
            checked(self, seat, value)          # raises ACTION-VALUE
        if rules is not None:                   # None: the kind is SELF_CHECKING
            rules(self, seat, value)
        return apply(self, seat, value)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        # kind -> (value test, verify_x's rules, verify_x, _apply_x): ``apply`` dispatches
        # through it (no name lookups; the shape test inline, not through the decorator)
        table = {}
        for k in cls.ACTIONS:
            verify = getattr(cls, f"verify_{k}")
            shape: Shape | None = getattr(verify, "shape", None)
            rules = None if k in cls.SELF_CHECKING else getattr(verify, "__wrapped__", verify)
            table[k] = (shape.test if shape else None, rules, verify, getattr(cls, f"_apply_{k}"))
        cls._dispatch_table = table

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    # -- to be provided by each game --------------------------------------------------------
    @property
    def to_act(self) -> int | None:  # pragma: no cover - interface
        raise NotImplementedError

    @property
    def is_over(self) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def _legal_actions(self) -> Iterator[Action]:  # pragma: no cover - interface
        raise NotImplementedError

    def expected_next(self) -> IllegalAction | None:
        """Why the deal is not finished yet (as an ``IllegalAction`` to report), or None."""
        raise NotImplementedError  # pragma: no cover - interface

    def score(self) -> Score:  # pragma: no cover - interface
        raise NotImplementedError


_NUMBER_WORDS = {3: "three", 4: "four"}


#: the shared components' turns, as ``TrickEngine.ACTOR`` names them
SHARED_ACTORS: Mapping[str, str] = {"auction": "auction.turn", "round": "round.turn",
                                    "table": "table.to_play"}
#: ``TrickEngine.CANDIDATES``: the auction's own calls (pass, hold, the ladder), and the legal
#: cards of the seat to play
AUCTION_CALLS = "auction"
LEGAL_CARDS = "cards"
#: ``TrickEngine.CANDIDATES``: a kind that takes no value (a pass, a concession)
NO_VALUE: tuple[None] = (None,)

_Values = Callable[[Any, int], Iterable[Any]]


def _compile_actor(actor: Mapping[str, str]) -> Callable[[Any], int | None]:
    """``to_act`` from a game's ``ACTOR`` table, written out as the chain of phase tests one
    would write by hand, in the table's order (phases with the same actor in one test): it is
    asked on every checked action, and a short chain of string comparisons beats a table
    lookup and a getter call. An actor is a shared component's turn, an attribute, or an
    attribute indexed by another (``speakers[spoken]``)."""
    by: dict[str, list[str]] = {}
    for phase, who in actor.items():
        by.setdefault(SHARED_ACTORS.get(who, who), []).append(str(phase))
    lines = ["def to_act(self):", "    ph = self.phase"]
    for path, phases in by.items():
        seq, _, index = path.partition("[")
        index = index.removesuffix("]")
        if not all(p.isidentifier() for p in seq.split(".")) or index and not index.isidentifier():
            raise ValueError(f"ACTOR: {path!r} is not an attribute")
        expr = f"self.{seq}[self.{index}]" if index else f"self.{seq}"
        test = f"ph == {phases[0]!r}" if len(phases) == 1 else f"ph in {tuple(phases)!r}"
        lines += [f"    if {test}:", f"        return {expr}"]
    lines.append("    return None")
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)                  # noqa: S102 - our own table, checked above
    fn: Callable[[Any], int | None] = scope["to_act"]
    fn.__doc__ = "The seat whose turn it is (None: nobody's, the deal is over)."
    fn.__qualname__ = "to_act"
    return fn


class TrickEngine(Engine):
    """Play-phase plumbing shared by every trick-taking engine: the seat holding a card, the
    legal cards of the seat on turn, and putting a checked card on the shared ``TrickTable``.
    A game supplies ``_legal_mask(seat)`` and ``verify_play``; phases are named ``play`` and
    ``done``.

    Who acts and what may be done, driven by the game's tables ``ACTOR`` (phase -> whose turn
    it is), ``MOVES`` (phase -> the action kinds possible in it), ``BY`` (kind -> who may take
    it when not the seat to act) and ``CANDIDATES`` (kind -> its candidate values): ``to_act``
    reads the turn of the phase's component, ``legal_actions`` lists the candidates ``can``
    accepts.

    Also the shape of what a record still owes (``expected_next``) and of an action out of its
    phase (``_wrong_phase``), driven by the game's tables ``EXPECT``, ``EXPECTING``, ``ENDED``
    and ``AFTER_END`` and two hooks: ``_may_stop_early`` (the play may end before its last
    trick) and ``_out_of_phase`` (the findings that are the game's own)."""

    hands: list[int]
    table: TrickTable | None
    phase: str
    #: the game's finding-code prefix (``KR``, ``UL``, ``IT``)
    CODE: ClassVar[str] = ""
    #: phase -> the code of a record that ends in it, and of an action that comes before the
    #: phase's business is done (the play phase: the game's ``TRICKS-MISSING``)
    EXPECT: ClassVar[Mapping[str, str]] = {}
    #: the code of a phase ``EXPECT`` does not list (a defensive fallback)
    PHASE_CODE: ClassVar[str] = ""
    #: phase -> what must still happen in it: a template, ``{e.x}`` = the engine's ``x``
    EXPECTING: ClassVar[Mapping[str, str]] = {}
    #: phase in which the deal is over -> why nothing can follow (a template as above)
    ENDED: ClassVar[Mapping[str, str]] = {}
    #: the code of an action after the end, by (phase, kind), then (None, kind), then (phase,
    #: None), then (None, None)
    AFTER_END: ClassVar[Mapping[tuple[str | None, str | None], str]] = {}

    #: phase -> who acts in it: ``auction``, ``round``, ``table`` (the turn of the shared
    #: component: the auction, the declaration ``Round``, the seat to play), or the name of
    #: the engine's own attribute holding the seat (``declarer``, ``forehand``, …); a phase
    #: not listed (the deal is over): nobody
    ACTOR: ClassVar[Mapping[str, str]] = {}
    #: phase -> the action kinds possible in it, in the order ``legal_actions`` lists them
    MOVES: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: kind -> who may take it when that is not (only) the seat to act: the name of the
    #: engine's attribute holding a seat (``declarer``) or the seats (``active``)
    BY: ClassVar[Mapping[str, str]] = {}
    #: kind -> its candidate values: ``AUCTION_CALLS`` (the auction's calls), ``LEGAL_CARDS``
    #: (the legal-card mask of the seat to play), a tuple of values (``NO_VALUE``: the kind
    #: takes none); a kind not listed asks the game's hook ``_candidates_<kind>(seat)``
    CANDIDATES: ClassVar[Mapping[str, object]] = {}
    _moves: ClassVar[dict[str, tuple[tuple[str, Callable[[Any], Any] | None, _Values,
                                           Callable[..., None]], ...]]]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "ACTOR" in cls.__dict__:
            cls.to_act = property(_compile_actor(cls.ACTOR))  # type: ignore[assignment]
        plan = {}
        for kind in {k for kinds in cls.MOVES.values() for k in kinds}:
            by = cls.BY.get(kind)
            plan[kind] = (kind, None if by is None else operator.attrgetter(by),
                          cls._values_of(kind), cls._dispatch_table[kind][2])
        cls._moves = {phase: tuple(plan[k] for k in kinds) for phase, kinds in cls.MOVES.items()}

    @classmethod
    def _values_of(cls, kind: str) -> _Values:
        source = cls.CANDIDATES.get(kind)
        if source == AUCTION_CALLS:
            return lambda e, seat: e.auction.spec.calls
        if source == LEGAL_CARDS:
            return lambda e, seat: e.pack.codes_of(e._legal_mask(seat))
        if isinstance(source, tuple):
            return lambda e, seat: source
        hook: _Values = getattr(cls, f"_candidates_{kind}")
        return hook

    # -- who acts, what may be done --------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (None: nobody's, the deal is over); each game's is
        compiled from its ``ACTOR`` table."""
        return None

    def _legal_actions(self) -> Iterator[Action]:
        """The candidates of each kind of the phase, by the seat to act (or the seats ``BY``
        names), that ``can`` accepts."""
        moves = self._moves.get(self.phase)
        if not moves:
            return
        seat = self.to_act
        for kind, by, values, verify in moves:
            if by is None:
                seats: Iterable[int | None] = (seat,)
            else:
                who = by(self)
                seats = (who,) if who is None or type(who) is int else who
            for s in seats:
                if s is None:
                    continue
                for v in values(self, s):
                    try:
                        verify(self, s, v)
                    except IllegalAction:
                        continue
                    yield Action(kind, s, v)

    # -- what the record still owes; actions out of their phase -----------------------------
    @property
    def tricks_done(self) -> int:
        """The complete tricks played so far."""
        t = self.table
        return 0 if t is None else len(t.tricks)

    def _expecting(self) -> str:
        """What must still happen in the phase the deal is in."""
        template = self.EXPECTING.get(self.phase)
        return "the deal is over" if template is None else template.format(e=self)

    def _expected_code(self) -> str:
        return self.EXPECT.get(self.phase, self.PHASE_CODE)

    def _may_stop_early(self) -> bool:
        """Whether the record may end now, in the play phase, before the last trick."""
        return False

    def _tricks_missing(self) -> str:
        """The sentence of a record that ends before the last trick."""
        n = self.tricks_done
        total = self.table.n_tricks if self.table is not None else 0
        return (f"the record ends after {n} trick{'' if n == 1 else 's'}; all {total} tricks "
                "must be recorded")

    def expected_next(self) -> IllegalAction | None:
        """Why the deal is not finished yet: nothing once it is over (or the play may stop
        now); the missing tricks in the play; else what the phase still expects."""
        if self.is_over:
            return None
        if self.phase == "play":
            if self._may_stop_early():
                return None
            return IllegalAction(self._expected_code(), self._tricks_missing())
        return IllegalAction(self._expected_code(),
                             f"the record ends early: {self._expecting()}")

    def _wrong_phase(self, kind: str, token: object = None) -> IllegalAction:
        """Why an action of ``kind`` cannot come now (every ``verify_x`` asks it when the phase
        is not ``x``'s): after the end, the game's own reasons, else what is still expected."""
        if self.is_over:
            return self._after_end(kind, token)
        found = self._out_of_phase(kind, token)
        if found is not None:
            return found
        return IllegalAction(self._expected_code(), f"{NOUNS.get(kind, kind)} cannot come yet: "
                             f"{self._expecting()}", token)

    def _after_end(self, kind: str, token: object) -> IllegalAction:
        codes, ph = self.AFTER_END, self.phase
        code = (codes.get((ph, kind)) or codes.get((None, kind)) or codes.get((ph, None))
                or codes[(None, None)])
        template = self.ENDED.get(ph, "the deal is over")
        return IllegalAction(code, f"nothing can follow: {template.format(e=self)}", token)

    def _out_of_phase(self, kind: str, token: object) -> IllegalAction | None:
        """The game's own finding for ``kind`` out of its phase (the deal not over), or None
        for the shared one: the current phase's ``EXPECT`` code and what it still expects."""
        return None

    # -- hooks every trick engine provides --------------------------------------------------
    def _not_in_hand(self, seat: int, card: int, card_code: str) -> IllegalAction:  # pragma: no cover
        raise NotImplementedError

    def _why_illegal(self, seat: int, card: int, card_code: str,
                     legal: int) -> IllegalAction:  # pragma: no cover
        raise NotImplementedError

    @takes(TEXT)
    def verify_play(self, seat: int, card_code: str) -> None:
        """The checks of a played card in their order: the phase, the card, the turn, the
        hand, then the game's legal cards (each failure explained by the game's hooks)."""
        if self.phase != "play":
            raise self._wrong_phase("play", card_code)
        t = self.table
        assert t is not None
        card = self.pack.index.get(card_code) if isinstance(card_code, str) else None
        if card is None:
            raise IllegalAction("CARD-UNKNOWN", f"{card_code!r} is not a card of the "
                                f"{self.pack.name} pack", card_code)
        to_play = t.to_play
        if seat != to_play:
            raise IllegalAction(f"{self.CODE}-TURN", f"it is seat {to_play}'s turn to play, "
                                f"not seat {seat}'s", card_code)
        if not self.hands[seat] >> card & 1:
            raise self._not_in_hand(seat, card, card_code)
        legal = self._legal_mask(seat)
        if not legal >> card & 1:
            raise self._why_illegal(seat, card, card_code, legal)

    def can_play(self, seat: int, card_code: str) -> bool:
        return self._can(self.verify_play, seat, card_code)

    def play(self, seat: int, card_code: str) -> Event:
        self.verify_play(seat, card_code)
        return self._apply_play(seat, card_code)

    def holder(self, card: int) -> int | None:
        """The seat whose hand holds ``card`` now (None: played, in the talon or discarded)."""
        bit = 1 << card
        for seat, hand in enumerate(self.hands):
            if hand & bit:
                return seat
        return None

    def _legal_mask(self, seat: int) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def legal_cards(self) -> list[str]:
        seat = self.to_act
        if self.phase != "play" or seat is None:
            return []
        return self.pack.codes_of(self._legal_mask(seat))

    def _apply_play(self, seat: int, card_code: str) -> Event:
        t = self.table
        assert t is not None
        winner = t.push(seat, self.pack.index[card_code])
        if t.done:
            self.phase = "done"
        if winner is None:
            return Event(Action("play", seat, card_code))
        return Event(Action("play", seat, card_code), {"trick": len(t.tricks), "winner": winner})

    def _run_entries(self, entries: list[Any], key: str,
                     check: Callable[[Any, int, str], None], push: Callable[[int, str], None],
                     verify: Callable[[Any, Any], None]) -> None:
        """A run of recorded ``{"seat", key}`` entries (a replay's ``Batch``), each checked by
        ``check`` and applied by ``push``, the same checks in the same order as ``apply``
        takes them one by one, without an Action and an Event per entry; an entry of another
        shape goes through ``verify`` (the kind's ``verify_x``, which words ``ACTION-VALUE``).
        An ``IllegalAction`` gets ``sub`` = ``/i`` + its own: the place the one-by-one replay
        names, under the batch's place."""
        for i, entry in enumerate(entries):
            seat, value = entry["seat"], entry[key]
            try:
                if type(seat) is int and type(value) is str:
                    check(self, seat, value)
                else:
                    verify(seat, value)
            except IllegalAction as err:
                err.sub = f"/{i}{err.sub}"
                raise
            push(seat, value)

    #: report a trick of the wrong size before its cards (True), or after checking the cards
    #: it has, so that a record ending on an illegal card names that card (False)
    TRICK_SIZE_FIRST: ClassVar[bool] = True

    def _play_checked(self, tricks: list[Any], first: int = 0, prefix: str = "") -> None:
        """The recorded tricks from ``first`` on, card by card with every check; an
        ``IllegalAction`` gets ``sub`` = ``prefix/t`` (trick size) or ``prefix/t/j``."""
        index = self.pack.index
        for t in range(first, len(tricks)):
            trick = tricks[t]
            table = self.table
            size = table.size if table is not None else len(trick)
            bad_size = type(trick) is not list or len(trick) != size
            if bad_size and (self.TRICK_SIZE_FIRST or type(trick) is not list):
                raise self._wrong_size(trick, t, size, prefix)
            for j, cc in enumerate(trick[:size]):
                table = self.table
                if self.phase != "play" or table is None:
                    err = self._wrong_phase("play", cc)
                    err.sub = f"{prefix}/{t}/{j}"
                    raise err
                seat = table.to_play
                card = index.get(cc) if type(cc) is str else None
                if card is None or not (self.hands[seat] >> card  # type: ignore[index]
                                        & self._legal_mask(seat) >> card & 1):  # type: ignore[arg-type]
                    try:
                        self.verify_play(seat, cc)  # type: ignore[arg-type]
                    except IllegalAction as err:
                        err.sub = f"{prefix}/{t}/{j}"
                        raise
                table.push(seat, card)  # type: ignore[arg-type]
                if table.done:
                    self.phase = "done"
            if bad_size:
                raise self._wrong_size(trick, t, size, prefix)

    def _wrong_size(self, trick: Any, t: int, size: int, prefix: str) -> IllegalAction:
        held = len(trick) if type(trick) is list else 0
        return IllegalAction(f"{self.CODE}-TRICK-SIZE", f"trick {t + 1} holds {held} cards; a "
                             f"trick has {_NUMBER_WORDS.get(size, size)}", trick, f"{prefix}/{t}")

    def _play_plain(self, tricks: list[Any], trump_mask: int,
                    beats: Sequence[int] | None = None,
                    hold: tuple[int, int, int] | None = None) -> int:
        """The replay's fast path while only the basic duties apply: follow suit, else play a
        trump (``trump_mask``), else anything; with ``beats`` (card → mask of the cards that
        beat it) also the duty to beat the card winning the trick when one can (misère
        must-win; Ulti's heading and overtrumping, where a ruffed trick cannot be beaten by
        following suit); with ``hold`` = (seat, cards, tricks) that seat keeps back those
        cards while it has another legal one, in the first ``tricks`` tricks (``hold_back``).
        Whole tricks go to the table at once. Returns how many tricks it played; it stops
        before the first trick that needs the card-by-card path (to report a finding)."""
        table = self.table
        assert table is not None
        if table.hands is self.hands and not table._varies and table._fixed_leader:
            return self._play_fixed(tricks, trump_mask, beats, hold)
        card_of = self.pack.index.__getitem__
        led_of = self.pack.led
        hands = self.hands
        played = 0
        hold_seat, held, hold_until = hold if hold is not None else (-1, 0, 0)
        for trick in tricks:
            if type(trick) is not list or len(trick) != table.size or table.done:
                break
            if hold_seat >= 0 and len(table.tricks) >= hold_until:
                hold_seat = -1
            try:
                cards = list(map(card_of, trick))
            except (KeyError, TypeError):       # not a card: the card-by-card path says so
                return played
            following = table.following         # the seat plan may change between tricks
            seat = table.leader
            seats: list[int] = []
            best = cards[0]
            led_mask = led_of[best]
            taken = 0
            # follow_or_ruff and must_beat (tarockrec.tricks) written out: the hot loop
            for card in cards:
                hand = hands[seat]
                if taken:
                    allowed = hand & led_mask or hand & trump_mask or hand
                    if beats is not None:
                        beating = beats[best]
                        allowed = allowed & beating or allowed
                        if beating >> card & 1:
                            best = card
                else:
                    allowed = hand
                if seat == hold_seat:
                    allowed = allowed & ~held or allowed
                if not allowed >> card & 1 or taken >> card & 1:
                    return played
                taken |= 1 << card
                seats.append(seat)
                seat = following[seat]
            table.push_trick(seats, cards, taken)
            played += 1
            if table.done:
                self.phase = "done"
        return played

    def _play_fixed(self, tricks: list[Any], trump_mask: int, beats: Sequence[int] | None,
                    hold: tuple[int, int, int] | None) -> int:
        """``_play_plain`` for a table whose seats and leader follow the fixed plan (every
        game's but Carinthian Trischak's): ``tricks.play_fixed``, where the compiled build
        gives the loop C integers (``tricks.pxd``)."""
        table = self.table
        assert table is not None
        played = play_fixed(table, self.hands, tricks, self.pack.index.__getitem__,
                            self.pack.led, trump_mask, beats, hold)
        if len(table.tricks) >= table.n_tricks:
            self.phase = "done"
        return played


class DeclaringEngine(TrickEngine):
    """A trick engine whose declaration turn (the list of items a seat says) is checked and
    applied by one ``_declare(seat, say, commit)``: ``verify_declare`` runs it without
    committing, ``_apply_declare`` commits (so ``declare`` is ``SELF_CHECKING``: checked once)."""

    SELF_CHECKING: ClassVar[frozenset[str]] = frozenset({"declare"})

    def can_declare(self, seat: int, say: tuple[str, ...]) -> bool:
        return self._can(self.verify_declare, seat, say)

    def declare(self, seat: int, say: tuple[str, ...]) -> Event:
        self.verify_declare(seat, say)
        return self._apply_declare(seat, say)

    @takes(ITEMS)
    def verify_declare(self, seat: int, say: tuple[str, ...]) -> None:
        self._declare(seat, tuple(say), commit=False)

    def _apply_declare(self, seat: int, say: tuple[str, ...]) -> Event:
        self._declare(seat, tuple(say), commit=True)
        return Event(Action("declare", seat, tuple(say)))

    def _declare(self, seat: int, say: tuple[str, ...], commit: bool) -> None:
        """Check the turn (raising ``IllegalAction``) and, with ``commit``, apply it."""
        raise NotImplementedError  # pragma: no cover - interface
