"""The game registry: one ``Game`` object per game, registered by name (python-chess variants)."""
from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Generic, Iterator, Mapping, TypeVar

from ..cards import Pack
from ..codes import Code
from ..engine import Action, call_event
from ..engine import Engine as BaseEngine
from ..errors import IllegalAction
from ..findings import Finding
from ..rules import RuleSet
from ..scoring import Score

class Batch:
    """A replay step that applies many recorded actions at once (a fast path, e.g. all
    tricks); it raises ``IllegalAction`` whose ``sub`` points inside the step's place."""

    __slots__ = ("run",)

    def __init__(self, run: Callable[[], None]) -> None:
        self.run = run


#: one replay step: where it is written (JSON Pointer relative to the deal object) and the action,
#: or an ``IllegalAction`` the notation itself detected (e.g. a trick of the wrong size)
Step = tuple[str, "Action | Batch | IllegalAction"]


def mapping(value: Any) -> Mapping[str, Any]:
    """``value`` if it is an object, else an empty one: for reading a record's fields before
    (or without) its schema check, e.g. a tournament table's deals counted toward its limit."""
    return value if isinstance(value, dict) else {}


def batch_or_steps(place: str, batched: bool, run: Callable[[], None],
                   steps: Iterator[Step]) -> Iterator[Step]:
    """A run of recorded entries at ``place``: one ``Batch`` (``run``) for ``replay_batched``,
    or ``steps`` one at a time for ``replay`` (their places relative to ``place``)."""
    if batched:
        yield place, Batch(run)
    else:
        for sub, action in steps:
            yield place + sub, action


def entry_steps(entries: list[Any], action: Callable[[Any], Action]) -> Iterator[Step]:
    """``(/i, action(entry))`` for each entry of a recorded list."""
    for i, entry in enumerate(entries):
        yield f"/{i}", action(entry)


def call_action(entry: dict[str, Any]) -> Action:
    """A recorded auction entry ``{"seat", "call"}`` as its action (interned: ``call_event``)."""
    return call_event(entry["seat"], entry["call"]).action


def declare_action(turn: dict[str, Any]) -> Action:
    """A recorded declaration turn ``{"seat", "say"}`` as its action."""
    return Action("declare", turn["seat"], tuple(turn["say"]))


E = TypeVar("E", bound=BaseEngine)


class Game(Generic[E]):
    """What the record layer needs from a game. Subclasses fill in the game's notation and
    name their engine class: ``class Ulti(Game[UltiEngine])``."""

    name: str = ""
    title: str = ""
    table_sizes: tuple[int, ...] = ()
    pack: Pack
    Rules: type[RuleSet]
    Engine: type[E]
    #: the game's finding codes (``tarockrec/games/<game>/codes.py``)
    codes: tuple[Code, ...] = ()

    def rules(self, block: dict[str, Any] | None) -> RuleSet:
        """The rule set a record names (rule sets are immutable, so equal blocks share one)."""
        if not block:
            key: tuple[Any, ...] = ("default", ())
        else:
            options = block.get("options") or {}
            try:
                key = (block.get("name", "default"), tuple(sorted(options.items())))
                hash(key)
            except TypeError:  # unhashable option values: build (and refuse) uncached
                return self.Rules.build(block)
        cache: dict[tuple[Any, ...], RuleSet] = self.__dict__.setdefault("_rules_cache", {})
        rules = cache.get(key)
        if rules is None:
            rules = self.Rules.build(block)
            if len(cache) < 256:
                cache[key] = rules
        return rules

    # -- the deal ---------------------------------------------------------------------------
    def make_engine(self, rules: RuleSet, n: int, dealer: int, deal: dict[str, Any],
                    carry: dict[str, Any]) -> tuple[E | None, list[Finding]]:
        """Check the dealt cards (pointers relative to the deal object) and build the engine."""
        raise NotImplementedError

    def replay(self, rec: dict[str, Any], engine: E) -> Iterator[Step]:
        """The recorded actions in order, as engine actions with their place in the record."""
        raise NotImplementedError

    def replay_batched(self, rec: dict[str, Any], engine: E) -> Iterator[Step]:
        """The same actions for a caller that needs no step per action (the validator): runs
        of them may come as one ``Batch`` each, with the same checks, findings and places."""
        return self.replay(rec, engine)

    def record_of(self, engine: E) -> dict[str, Any]:
        """The deal-level fields (``deal`` … ``end``) that record what ``engine`` went through."""
        raise NotImplementedError

    def random_deal(self, rng: random.Random, n: int, dealer: int, rules: RuleSet,
                    carry: dict[str, Any]) -> E:
        raise NotImplementedError

    def card_points_total(self, engine: E) -> int | None:
        """What the card points of the finished deal ``engine`` add up to (the pack's total,
        less what the rules leave uncounted), or None when the deal counts no card points.
        The conformance suite compares it with the sum of the score's ``points``."""
        return None

    def choose(self, engine: E, rng: random.Random) -> Action:
        """A random legal action (the generator's policy; games may weight it)."""
        return rng.choice(list(engine.legal_actions))

    # -- state across deals ------------------------------------------------------------------
    def initial_carry(self, rules: RuleSet, n: int) -> dict[str, Any]:
        return {}

    def normalise_carry(self, rules: RuleSet, n: int, carry: dict[str, Any]) -> dict[str, Any]:
        """The carried state ``carry`` names, in full: absent keys take the initial state's
        values (off / 0 / none open, as the notation says), private ``_`` fields are left out.
        Two carries mean the same state exactly when their normal forms are equal."""
        out = self.initial_carry(rules, n)
        out.update((k, v) for k, v in carry.items() if not k.startswith("_"))
        return out

    def next_carry(self, engine: E, carry: dict[str, Any]) -> dict[str, Any]:
        return carry

    def next_carry_sheet(self, rules: RuleSet, n: int, rec: dict[str, Any],
                         facts: dict[str, Any], carry: dict[str, Any]) -> dict[str, Any]:
        """The carried state after a score-sheet deal ``rec`` (no engine): from the facts its
        calls fixed, else from what the table wrote."""
        return carry

    def next_dealer(self, engine: E | None, dealer: int, n: int, rec: dict[str, Any]) -> int:
        return (dealer + 1) % n

    def sitting_out(self, n: int, dealer: int, facts: Mapping[str, Any]) -> frozenset[int]:
        """The seats that sit out of a deal at a table of ``n`` (dealt no cards, no part in
        the calls or the play), from its dealer and the facts of its score (``contract``):
        the same for a played deal and its score sheet, which has no hands to tell."""
        return frozenset()

    # -- the outcome: what the table writes (tarockrec/outcome.py) ------------------------------
    def outcome(self, engine: E) -> dict[str, Any]:
        """The outcome block of the finished deal ``engine`` (the score-sheet line the table
        writes): the facts ``score_outcome`` scores, derived from the play."""
        raise NotImplementedError

    def score_outcome(self, outcome: dict[str, Any], rules: RuleSet, n: int, dealer: int,
                      carry: dict[str, Any]) -> tuple[list[Finding], Score | None]:
        """Check a written outcome against its contract and rule set (findings with pointers
        relative to the deal object, ``/outcome/...``) and score it with the same function that
        scores a played deal. No score when the outcome cannot be."""
        return [Finding("OUTCOME-UNSUPPORTED", f"this version of tarockrec cannot score a "
                        f"written {self.title} outcome yet", "/outcome")], None

    #: the fields of a full deal that a score sheet does not keep (the cards, the play and
    #: what the outcome says in their place); ``to_sheet`` drops them
    CARD_FIELDS: tuple[str, ...] = ("deal", "exchange", "declarations", "play", "late_claims",
                                    "end")

    def to_sheet(self, deal: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
        """The score-sheet form of the played deal object ``deal`` (a record, or a deal of a
        session) with its derived ``outcome``: no cards, no play, the outcome in their place;
        the calls are kept. ``result`` is set by the caller."""
        out = {k: v for k, v in deal.items() if k not in self.CARD_FIELDS}
        out["outcome"] = outcome
        return out

    def reachable(self, rec: dict[str, Any], rules: RuleSet, n: int, carry: dict[str, Any],
                  facts: dict[str, Any], scores: list[int]) -> bool | None:
        """For a score sheet without an outcome: whether some outcome of the contract the
        calls (``facts``) or the written result fix gives ``scores`` under ``rules``; None
        when the record names too little to tell (no contract), or the game cannot tell."""
        return None

    # -- records without cards ---------------------------------------------------------------
    def check_sheet(self, rec: dict[str, Any], rules: RuleSet, n: int,
                    carry: dict[str, Any]) -> tuple[list[Finding], dict[str, Any] | None]:
        """Check a score-sheet record (no cards); return findings and the facts it fixes."""
        return [], None


GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    GAMES[game.name] = game
    return game


#: the module of each game, imported when the game is first asked for (start-up time)
MODULES: dict[str, str] = {
    "koenigrufen": "koenigrufen",
    "ulti": "ulti",
    "illustrated": "illustrated",
    "cego": "cego",
    "carinthian": "carinthian",
}


def unknown(name: object) -> str:
    """How every command and the validator word a game that is not one of tarockrec's."""
    return f"{name!r} is not a game tarockrec checks ({', '.join(sorted(MODULES))})"


def get(name: str) -> Game[Any] | None:
    game = GAMES.get(name)
    if game is None and name in MODULES:
        importlib.import_module(f"{__name__}.{MODULES[name]}")
        game = GAMES.get(name)
    return game


def contract_name(game: str | None, contract: str | None) -> str | None:
    """A contract as players name it ("Solorufer", "Piccolo ouvert"): the game's
    ``DISPLAY_NAMES`` (in its ``contracts`` module, said once per game), or the id as it is
    where the game names none."""
    if contract is None or game not in MODULES:
        return contract
    module = importlib.import_module(f"{__name__}.{MODULES[str(game)]}.contracts")
    names: Mapping[str, str] = getattr(module, "DISPLAY_NAMES", {})
    return names.get(contract, contract)


def all_games() -> dict[str, Game[Any]]:
    for name in MODULES:
        get(name)
    return {name: GAMES[name] for name in MODULES if name in GAMES}
