"""Königrufen at a table of five (issue 23; docs/notation.md, "Königrufen at five").

docs/rules/koenigrufen.md §1.1 plays four; the cups seat five where the entrants do not divide by
four (tarock.tirol Turniermodus: "20 Spiele an Fünfertischen"). Decision, as Illustrated Tarokk
at five does it: the dealer sits out each deal — his ``deal.hands`` entry is ``[]``, he never
calls, declares, concedes, demands a redeal or plays, and his ``result.scores`` entry is 0 —
and the other four play an ordinary deal with forehand = dealer + 1. The dealer passes on over
all five seats.

The engine stays a four-seat engine (its hot path unchanged): ``SeatMap`` maps the record's
five seats onto the engine's four (record seat ``dealer + 1 + k`` is engine seat ``k``; the
dealer is engine seat 4, which the engine does not have), and ``FiveEngine`` speaks record
seats outside — actions in, events, legal actions, the trick table, findings (their sentences'
seat numbers) and the score out.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, TypeVar, overload

from ...engine import Action, Engine, Event
from ...errors import IllegalAction
from ...findings import Finding
from ...patterns import lazy
from ...scoring import Score, ScoreItem
from ...tricks import TrickTable
from .contracts import PACK, Contract
from .engine import KoenigrufenEngine

FIVE = 5
#: the engine's dealer: its forehand is engine seat 0
ENGINE_DEALER = 3

T = TypeVar("T")

#: a named tuple built without its Python-level ``__new__`` (the same tuple)
_new = tuple.__new__

#: a seat number in an engine sentence ("seat 2", "seat 2's") or a chain name ("seat2")
_SEAT_IN_TEXT = lazy(r"\bseat( ?)(\d+)\b")
_SEAT_ITEM = lazy(r":seat(\d+)$")


class SeatMap:
    """The record's five seats ↔ the engine's four active ones for one deal. A bijection on
    0–4 (the sitting-out dealer is engine seat 4, which the engine refuses); any other number
    is left as it is (a seat the table does not have, either way)."""

    __slots__ = ("dealer", "_eng", "_rec", "_active")

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        #: record seat -> engine seat and back, for the seats 0–4 (built once per map)
        self._eng = tuple((s - dealer - 1) % FIVE for s in range(FIVE))
        self._rec = tuple((s + dealer + 1) % FIVE for s in range(FIVE))
        self._active = self._rec[:4]

    @overload
    def eng(self, seat: int) -> int: ...
    @overload
    def eng(self, seat: None) -> None: ...
    @overload
    def eng(self, seat: int | None) -> int | None: ...
    @overload
    def eng(self, seat: object) -> object: ...

    def eng(self, seat: object) -> object:
        """A record seat as the engine's."""
        if type(seat) is int and 0 <= seat < FIVE:
            return self._eng[seat]
        return seat

    @overload
    def rec(self, seat: int) -> int: ...
    @overload
    def rec(self, seat: None) -> None: ...
    @overload
    def rec(self, seat: int | None) -> int | None: ...
    @overload
    def rec(self, seat: object) -> object: ...

    def rec(self, seat: object) -> object:
        """An engine seat as the record's."""
        if type(seat) is int and 0 <= seat < FIVE:
            return self._rec[seat]
        return seat

    def active(self) -> tuple[int, ...]:
        """The record seats that play, forehand first."""
        return self._active

    # -- texts and values ------------------------------------------------------------------
    def text(self, message: str) -> str:
        """An engine sentence with its seat numbers in record seats."""
        if "seat" not in message:               # nothing to map (most score notes)
            return message
        return _SEAT_IN_TEXT.sub(lambda m: f"seat{m.group(1)}{self.rec(int(m.group(2)))}",
                                 message)

    def say(self, say: Any, to: Callable[[int], int]) -> Any:
        """A declaration turn's items with their per-seat chains (``kontra:seat<n>``) mapped."""
        if not say or not isinstance(say, (list, tuple)) or not any(
                isinstance(x, str) and ":seat" in x for x in say):
            return say
        out = [_SEAT_ITEM.sub(lambda m: f":seat{to(int(m.group(1)))}", x)
               if isinstance(x, str) else x for x in say]
        return tuple(out) if isinstance(say, tuple) else out

    def error(self, err: IllegalAction) -> IllegalAction:
        return IllegalAction(err.code, self.text(err.message), err.token, err.sub)

    def finding(self, f: Finding) -> Finding:
        return Finding(f.code, self.text(f.message), f.pointer, f.severity, f.line)

    def spread(self, values: list[int] | tuple[int, ...]) -> list[int]:
        """Four per-seat values (engine order) as five (record seats; the dealer's 0)."""
        if len(values) == 4:                    # record seat s is engine seat _eng[s]
            a, b, c, d = values
            full = (a, b, c, d, 0)
            e = self._eng
            return [full[e[0]], full[e[1]], full[e[2]], full[e[3]], full[e[4]]]
        out = [0] * FIVE
        for k, v in enumerate(values):
            out[self.rec(k)] = v
        return out

    def sits_out(self, what: str, token: object = None, sub: str = "") -> IllegalAction:
        return IllegalAction("KR-SITS-OUT", f"seat {self.dealer} deals and sits out this deal "
                             f"at a table of five: he {what}", token, sub)

    # -- the record's deal fields ----------------------------------------------------------
    def record_fields(self, rec: dict[str, Any]) -> dict[str, Any]:
        """The engine's deal fields (``Koenigrufen.record_of``) in record seats."""
        hands = rec["deal"]["hands"]
        rec["deal"]["hands"] = [hands[self.eng(s)] if s != self.dealer else []
                                for s in range(FIVE)]
        rec["auction"] = [{"seat": self.rec(e["seat"]), "call": e["call"]}
                          for e in rec["auction"]]
        if "declarations" in rec:
            rec["declarations"] = [{"seat": self.rec(t["seat"]), "say": self.say(t["say"], self.rec)}
                                   for t in rec["declarations"]]
        if "end" in rec:
            rec["end"] = {**rec["end"], "seat": self.rec(rec["end"]["seat"])}
        return rec

    def score(self, score: Score) -> Score:
        """An engine score in record seats."""
        facts = dict(score.facts)
        for key in ("declarer", "partner"):
            if key in facts:
                facts[key] = self.rec(facts[key])
        if isinstance(facts.get("tricks"), list):
            facts["tricks"] = self.spread(facts["tricks"])
        if isinstance(facts.get("points"), list) and len(facts["points"]) == 4:
            facts["points"] = self.spread(facts["points"])      # Trischaken: per seat
        spread, text = self.spread, self.text
        items = [_new(ScoreItem, (it.name, it.base, it.multiplier, tuple(spread(it.deltas)),
                                  text(it.note))) for it in score.items]
        money = self.spread(score.money) if score.money is not None else None
        return Score(items, self.spread(score.deltas), facts, money)

    def outcome(self, o: dict[str, Any]) -> dict[str, Any]:
        """An engine outcome block in record seats."""
        out = dict(o)
        for key in ("declarer", "partner"):
            if isinstance(out.get(key), int):
                out[key] = self.rec(out[key])
        for key in ("tricks", "thirds"):
            if isinstance(out.get(key), list):
                out[key] = self.spread(out[key])
        if isinstance(out.get("points"), list) and len(out["points"]) == 4:
            out["points"] = self.spread(out["points"])
        if "items" in out:
            out["items"] = [{**it, "seat": self.rec(it["seat"])} if "seat" in it else it
                            for it in out["items"]]
        return out

    def per_seat_in(self, values: Any, where: str, what: str,
                    found: list[Finding]) -> Any:
        """A written per-seat list of five as the engine's four: the dealer's entry must be
        0 (else a finding at ``where``); a list of another shape is left to the engine's
        checks."""
        if not isinstance(values, list) or len(values) != FIVE:
            return values
        if values[self.dealer] != 0:
            found.append(Finding("KR-SITS-OUT", f"seat {self.dealer} deals and sits out this "
                                 f"deal at a table of five: his {what} is 0, not "
                                 f"{values[self.dealer]}", f"{where}/{self.dealer}"))
        return [values[s] for s in self.active()]

    def outcome_in(self, o: dict[str, Any], found: list[Finding]) -> dict[str, Any]:
        """A written outcome in engine seats; the sitting-out dealer named where only a
        player can be is a finding."""
        out = dict(o)
        for key in ("declarer", "partner"):
            v = out.get(key)
            if v == self.dealer and type(v) is int:
                found.append(Finding("KR-SITS-OUT", f"seat {self.dealer} deals and sits out "
                                     f"this deal at a table of five: he is not the {key}",
                                     f"/outcome/{key}"))
            out[key] = self.eng(v) if key in out else None
            if key not in o:
                del out[key]
        out["tricks"] = self.per_seat_in(o.get("tricks"), "/outcome/tricks", "tricks entry",
                                         found) if "tricks" in o else None
        if "tricks" not in o:
            del out["tricks"]
        for key in ("points", "thirds"):
            if key in o:
                out[key] = self.per_seat_in(o[key], f"/outcome/{key}", f"{key} entry", found)
        if isinstance(o.get("items"), list):
            items = []
            for i, it in enumerate(o["items"]):
                if isinstance(it, dict) and it.get("seat") == self.dealer:
                    found.append(Finding("KR-SITS-OUT", f"seat {self.dealer} deals and sits "
                                         "out this deal at a table of five: no item is his",
                                         f"/outcome/items/{i}/seat"))
                items.append({**it, "seat": self.eng(it["seat"])}
                             if isinstance(it, dict) and "seat" in it else it)
            out["items"] = items
        return out


#: the map of each dealer's deal (a map is never changed: shared)
_MAPS = tuple(SeatMap(dealer) for dealer in range(FIVE))


def seat_map(dealer: int) -> SeatMap:
    """``SeatMap(dealer)``, shared for a dealer of the table."""
    if type(dealer) is int and 0 <= dealer < FIVE:
        return _MAPS[dealer]
    return SeatMap(dealer)


class _TableView:
    """The engine's ``TrickTable`` as ``show`` reads it, in record seats."""

    def __init__(self, t: TrickTable, m: SeatMap) -> None:
        rec = m.rec
        self.tricks = [(rec(lead), cards, [rec(s) for s in seats], rec(w))
                       for lead, cards, seats, w in t.tricks]
        self.seats = [rec(s) for s in t.seats]
        self.cards = list(t.cards)
        self.order = tuple(rec(s) for s in t.order)
        self.to_play = rec(t.to_play)
        self.leader = rec(t.leader)
        self.hands = m.spread(t.hands)
        self.count = m.spread(t.count)
        self.done = t.done
        self.n_tricks = t.n_tricks


class FiveEngine(Engine):
    """A Königrufen deal at a table of five: the four-seat engine ``inner`` (the dealer out)
    behind record seats. The generic entry points (``verify / can / apply``, ``legal_actions``,
    ``to_act``, ``expected_next``, ``score``) and the replay's runs (``call_run``,
    ``declare_run``, ``play_tricks``) take and give record seats; every refusal's sentence
    names record seats. An action by the sitting-out dealer is ``KR-SITS-OUT``."""

    game = "koenigrufen"
    pack = PACK
    n = FIVE
    #: the four-seat engine's tables (its phases, and who may act out of turn, are the same)
    MOVES = KoenigrufenEngine.MOVES
    BY = KoenigrufenEngine.BY

    def __init__(self, inner: KoenigrufenEngine, dealer: int) -> None:
        self.inner = inner
        self.map = seat_map(dealer)
        self.dealer = dealer
        self.rules = inner.rules

    # -- state, in record seats ------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.inner.phase

    @property
    def is_over(self) -> bool:
        return self.inner.is_over

    @property
    def to_act(self) -> int | None:
        return self.map.rec(self.inner.to_act)

    @property
    def forehand(self) -> int:
        return self.map.rec(self.inner.forehand)

    @property
    def declarer(self) -> int | None:
        return self.map.rec(self.inner.declarer)

    @property
    def partner(self) -> int | None:
        return self.map.rec(self.inner.partner)

    @property
    def redeal_seat(self) -> int | None:
        return self.map.rec(self.inner.redeal_seat)

    @property
    def table(self) -> _TableView | None:
        t = self.inner.table
        return None if t is None else _TableView(t, self.map)

    @property
    def hands(self) -> list[int]:
        return self.map.spread(self.inner.hands)

    @property
    def dealt(self) -> list[int]:
        return self.map.spread(self.inner.dealt)

    @property
    def contract(self) -> Contract | None:
        return self.inner.contract

    @property
    def contracts(self) -> dict[str, Contract]:
        return self.inner.contracts

    # -- actions ---------------------------------------------------------------------------
    def _in(self, action: Action) -> Action:
        seat = action.seat
        if type(seat) is int and seat == self.dealer:
            raise self.map.sits_out(f"takes no {action.kind} action", action.value)
        value = self.map.say(action.value, self.map.eng) if action.kind == "declare" \
            else action.value
        return Action(action.kind, self.map.eng(seat), value)

    def _out(self, action: Action) -> Action:
        value = self.map.say(action.value, self.map.rec) if action.kind == "declare" \
            else action.value
        return Action(action.kind, self.map.rec(action.seat), value)

    def _guard(self, run: Callable[[], T]) -> T:
        try:
            return run()
        except IllegalAction as err:
            raise self.map.error(err) from None

    def verify(self, action: Action) -> None:
        a = self._in(action)
        self._guard(lambda: self.inner.verify(a))

    def apply(self, action: Action) -> Event:
        a = self._in(action)
        event = self._guard(lambda: self.inner.apply(a))
        info = event.info
        if info is not None and "winner" in info:
            info = {**info, "winner": self.map.rec(info["winner"])}
        return Event(action, info)

    def _legal_actions(self) -> Iterator[Action]:
        for a in self.inner._legal_actions():
            yield self._out(a)

    def legal_cards(self) -> list[str]:
        return self.inner.legal_cards()

    def legal_discards(self) -> Any:
        return self.inner.legal_discards()

    def expected_next(self) -> IllegalAction | None:
        err = self.inner.expected_next()
        return None if err is None else self.map.error(err)

    def score(self) -> Score:
        return self.map.score(self.inner.score())

    # -- the replay's runs (Koenigrufen._replay) -------------------------------------------
    def _entries(self, entries: list[Any], key: str,
                 run: Callable[[list[Any]], None]) -> None:
        """Recorded ``{"seat", key}`` entries through the engine's run ``run``, in engine
        seats; the first entry by the sitting-out dealer ends it with ``KR-SITS-OUT``."""
        m = self.map
        dealer, eng, say, table = m.dealer, m.eng, m.say, m._eng
        mapped: list[dict[str, Any]] = []
        stop = len(entries)
        for i, e in enumerate(entries):         # the runs read only these two fields
            seat = e["seat"]
            if type(seat) is int and 0 <= seat < FIVE:
                if seat == dealer:
                    stop = i
                    break
                seat = table[seat]              # ``m.eng`` written out
            value = e[key]
            mapped.append({"seat": seat, key: say(value, eng) if key == "say" else value})
        self._guard(lambda: run(mapped))
        if stop < len(entries):
            what = "does not call" if key == "call" else "does not declare"
            raise m.sits_out(what, entries[stop].get(key), f"/{stop}")

    def call_run(self, entries: list[Any]) -> None:
        self._entries(entries, "call", self.inner.call_run)

    def declare_run(self, turns: list[Any]) -> None:
        self._entries(turns, "say", self.inner.declare_run)

    def play_tricks(self, tricks: list[Any]) -> None:
        self._guard(lambda: self.inner.play_tricks(tricks))


# the four-seat engine's action kinds, set after the class so that ``Engine`` builds no
# dispatch table for them (``FiveEngine`` dispatches through the four-seat engine)
FiveEngine.ACTIONS = KoenigrufenEngine.ACTIONS
