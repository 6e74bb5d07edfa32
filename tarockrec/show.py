"""``tarockrec show``: a deal as a person reads it in a terminal (issue 11, item 1).

Everything is built from the engine replay, the same for every game: ``Game.make_engine`` and
``Game.replay`` give the steps in the order the rules take them (each with its place in the
record), ``Engine.apply`` their events (the talon cards taken, the partner found, …), the
engine's ``TrickTable`` the tricks with their leaders and winners, and ``Engine.score`` the
breakdown. The words of each step are the record's own (the entry at the step's place), so a
game registered later is shown without code here; ``LABELS`` may hold a small per-game hook.

Sections, in order: the header (game, source, rules, the table with dealer ``D`` and forehand
``F``), the dealt hands as a diagram (one row per seat, one column per suit) and the talon, the
auction as a table by seat, the exchange, the declarations (a table by seat, or a list when
they are made during the play), the tricks (one row per trick, one column per seat; ``>``
marks the leader's card, ``*`` the winner's), any other actions (claims, concessions), and the
score breakdown with the recorded result checked. A record with an error is shown up to its
first finding, which is printed where it happened (``✗``); a deal's notes are shown at their
place too. Colour (suits, headings, findings) only when asked for; readable without.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import IO, Any, Callable, Iterable

from . import games
from .cards import Pack
from .engine import Action
from .errors import IllegalAction, RulesError
from .findings import Finding, pointer_get
from .scoring import Score
from .sources import Entry, entries
from .validate import Report, validate_record

# -- colour ---------------------------------------------------------------------------------
#: ANSI colours of the suits (a four-colour pack: trumps yellow, clubs green, hearts red,
#: diamonds blue, spades the terminal's own colour)
SUIT_COLOURS = {"T": "33", "C": "32", "H": "31", "D": "34", "S": ""}
SUIT_NAMES = {"T": "trumps", "S": "♠", "C": "♣", "H": "♥", "D": "♦"}

#: per-game label hooks: game -> function(record value at a step's place, pointer) -> text, or
#: None to use the generic wording
LABELS: dict[str, Callable[[Any, str], str | None]] = {}

#: the sections of a deal object in the order they are shown
SECTIONS = ("deal", "auction", "exchange", "declarations", "play", "late_claims", "end",
            "result")
_SECTION_TITLES = {"deal": "Hands", "auction": "Auction", "exchange": "Exchange",
                   "declarations": "Declarations", "play": "Play", "late_claims": "Late claims",
                   "end": "End", "result": "Score", "outcome": "Outcome (the sheet line)"}



def engine_pack(game: Any, tr: Any) -> Any:
    """The pack the deal is played with: the engine's own where it has one (Cego's pack
    depends on the table size, §1.2), else the game's."""
    engine = getattr(tr, "engine", None) if tr is not None else None
    return getattr(engine, "pack", None) or game.pack

class Style:
    """Turns colour on or off; every coloured piece of text goes through here."""

    def __init__(self, colour: bool, pack: Pack | None = None) -> None:
        self.colour = colour
        self.pack = pack

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour and code and text else text

    def bold(self, text: str) -> str:
        return self.paint(text, "1")

    def bad(self, text: str) -> str:
        return self.paint(text, "1;31")

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def card(self, code: str) -> str:
        pack = self.pack
        if not self.colour or pack is None or code not in pack.index:
            return code
        return self.paint(code, SUIT_COLOURS.get(pack.suits[pack.index[code]], ""))

    def cards(self, text: str) -> str:
        """Colour every word of ``text`` that is a card code."""
        if not self.colour or self.pack is None:
            return text
        return " ".join(self.card(w) for w in text.split(" "))


def _pad(text: str, width: int, visible: int | None = None) -> str:
    return text + " " * max(0, width - (len(text) if visible is None else visible))


# -- the replay ------------------------------------------------------------------------------
@dataclass
class Step:
    """One applied replay step: its place (relative to the deal object), the action (None for
    a batch of tricks) and what its event reported."""

    ptr: str
    action: Action | None
    info: dict[str, Any] | None


@dataclass
class Trace:
    """A deal replayed as far as it goes."""

    engine: Any | None
    steps: list[Step] = field(default_factory=list)
    failure: Finding | None = None       # where the replay stopped (pointer relative to the deal)
    score: Score | None = None


def trace(game: games.Game[Any], rules: Any, n: int, d: dict[str, Any],
          carry: dict[str, Any]) -> Trace:
    """Replay deal object ``d`` step by step, stopping at the first illegal step."""
    dealer = d.get("dealer")
    if "deal" not in d or not isinstance(dealer, int) or not 0 <= dealer < n:
        return Trace(None)                 # a score sheet, or a dealer the validator refuses
    engine, found = game.make_engine(rules, n, d["dealer"], d["deal"], carry)
    errors = [f for f in found if f.severity == "error"]
    if engine is None or errors:
        return Trace(None, failure=errors[0] if errors else None)
    tr = Trace(engine)
    try:
        for sub, step in game.replay(d, engine):
            if isinstance(step, IllegalAction):
                tr.failure = Finding(step.code, step.message, sub + step.sub)
                return tr
            try:
                if isinstance(step, games.Batch):
                    step.run()
                    tr.steps.append(Step(sub, None, None))
                else:
                    event = engine.apply(step)
                    tr.steps.append(Step(sub, step, event.info))
            except IllegalAction as err:
                tr.failure = Finding(err.code, err.message, sub + err.sub)
                return tr
        missing = engine.expected_next()
        if missing is not None:
            tr.failure = Finding(missing.code, missing.message,
                                 missing.sub or ("/play" if "play" in d else ""))
            return tr
        tr.score = engine.score()
    except Exception as err:  # a bug must not become a traceback for the user
        tr.failure = Finding("INTERNAL-ERROR", f"tarockrec could not replay this deal "
                             f"({type(err).__name__}: {err}); please report it", "")
    return tr


def session_traces(game: games.Game[Any], rules: Any, n: int, rec: dict[str, Any],
                   report: Report) -> list[Trace]:
    """Every deal of a session replayed with the state the earlier deals carry over, as the
    validator derives it (after a deal that cannot be replayed: the table's written word)."""
    carry = game.initial_carry(rules, n)
    known = True
    out: list[Trace] = []
    for i, d in enumerate(rec["deals"]):
        if not known and isinstance(d.get("carry"), dict):
            carry = d["carry"]
        tr = trace(game, rules, n, d, carry)
        out.append(tr)
        score = report.scores[i] if i < len(report.scores) else None
        if tr.engine is not None and tr.failure is None:
            carry = game.next_carry(tr.engine, carry)
        elif score is not None and "deal" not in d:
            carry = game.next_carry_sheet(rules, n, d, score.facts, carry)
        else:
            known = False
    return out


# -- words -----------------------------------------------------------------------------------
def _value_at(doc: Any, ptr: str) -> Any:
    return pointer_get(doc, ptr, None)


def words(value: Any) -> str:
    """A record value in words: a call, a list of cards, an entry's fields."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (str, int)):
        return str(value)
    if isinstance(value, list):
        if all(isinstance(v, list) for v in value) and value:
            return " | ".join(words(v) for v in value)
        return " ".join(words(v) for v in value)
    if isinstance(value, dict):
        parts: list[str] = []
        head = " ".join(words(value[k]) for k in ("call", "contract") if k in value)
        if head:
            parts.append(head)
        if "say" in value:
            parts.append(words(value["say"]) or "—")
        if "type" in value:
            parts.append(words(value["type"]))
        for k, v in value.items():
            if k in ("seat", "call", "contract", "say", "type", "trick") or k.startswith("_"):
                continue
            parts.append(f"{k.replace('_', ' ')} {words(v)}".rstrip())
        return " · ".join(p for p in parts if p)
    return str(value)


def _group(ptr: str) -> str:
    """The record entry a step belongs to: ``/auction/0/suit`` → ``/auction/0``,
    ``/exchange/discards/1`` → itself, ``/exchange/king`` → itself."""
    tokens = ptr.split("/")[1:]
    out: list[str] = []
    for t in tokens:
        if len(out) == 2 and not t.isdigit():
            break
        out.append(t)
        if t.isdigit():
            break
    return "/" + "/".join(out) if out else ""


def _section(ptr: str, d: dict[str, Any]) -> str:
    head = ptr.split("/")[1] if ptr.startswith("/") else ""
    if head in ("hands", "talon", "deck"):
        return "deal"
    return head or ("play" if "play" in d else "")


# -- rendering -------------------------------------------------------------------------------
class _View:
    """Renders one deal (header excluded) to lines."""

    def __init__(self, game: games.Game[Any], rec: dict[str, Any], d: dict[str, Any], n: int,
                 tr: Trace | None, findings: list[Finding], style: Style,
                 score: Score | None, prefix: str = "") -> None:
        self.game, self.rec, self.d, self.n, self.tr = game, rec, d, n, tr
        self.prefix = prefix            # where the deal object is in the record
        self.findings = findings
        self.st = style
        self.score = score
        self.players = [p.get("name", "") if isinstance(p, dict) else str(p)
                        for p in rec.get("players", [])]
        dealer = d.get("dealer", 0)
        engine = tr.engine if tr is not None else None
        self.dealer = dealer if isinstance(dealer, int) else 0
        forehand = getattr(engine, "forehand", None)
        self.forehand = forehand if isinstance(forehand, int) else (self.dealer + 1) % max(n, 1)
        self.lines: list[str] = []
        self.label_hook = LABELS.get(game.name)

    # helpers
    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return f"{self.players[seat]} ({seat})"
        return f"seat {seat}"

    def out(self, text: str = "") -> None:
        self.lines.append(text)

    def title(self, section: str) -> None:
        self.out()
        self.out(self.st.bold(_SECTION_TITLES.get(section, section.replace("_", " ").title())))

    def placed(self, f: Finding) -> str:
        """The section a finding is shown in: where its pointer points; the replay's finding
        without a section (a deal that stops short) after the last section reached."""
        ptr = f.pointer[len(self.prefix):]
        section = _section(ptr, self.d)
        if section in SECTIONS or (section == "outcome" and "deal" not in self.d):
            return section          # a played deal's outcome finding: shown on top
        tr = self.tr
        if tr is not None and tr.failure is not None and (f.code, ptr) == (
                tr.failure.code, tr.failure.pointer):
            return self.stop
        return ""

    @property
    def stop(self) -> str:
        """The last section shown: where the replay stopped, or all of them."""
        tr = self.tr
        if tr is None or "deal" not in self.d:
            return SECTIONS[-1]
        if tr.engine is None:
            return "deal"
        if tr.failure is None:
            return SECTIONS[-1]
        section = _section(tr.failure.pointer, self.d)
        if section in SECTIONS:
            return section
        reached = [_section(st.ptr, self.d) for st in tr.steps]
        return next((x for x in reversed(reached) if x in SECTIONS), "deal")

    def finding_lines(self, section: str) -> None:
        for f in self.findings:
            if self.placed(f) == section:
                mark = self.st.bad("✗") if f.severity == "error" else self.st.dim(
                    "!" if f.severity == "warning" else "i")
                self.out(f"  {mark} {f}")
        for note in self.d.get("notes") or []:
            at = note.get("at", "")
            if _section(at, self.d) == section:
                self.out(f"  ✎ {at}: {note.get('text', '')}")

    def label(self, ptr: str) -> str:
        """The words of the record entry at ``ptr``; a field of an object (``/exchange/king``,
        ``/exchange/discards/1``) is named by its key."""
        value = _value_at(self.d, ptr)
        if self.label_hook is not None:
            text = self.label_hook(value, ptr)
            if text is not None:
                return text
        tokens = ptr.split("/")[2:]
        keys = [t for t in tokens if not t.isdigit()]
        text = words(value)
        if keys and not isinstance(value, dict):
            return f"{keys[-1].replace('_', ' ')} {text}".rstrip()
        return text

    def info_text(self, info: dict[str, Any] | None) -> str:
        if not info:
            return ""
        parts = []
        for k, v in info.items():
            shown = self.name(v) if k in ("partner", "winner", "seat") else words(v)
            parts.append(f"{k.replace('_', ' ')} {shown}")
        return " (" + ", ".join(parts) + ")"

    # sections
    def hands(self) -> None:
        self.title("deal")
        deal = self.d.get("deal") or {}
        hands = deal.get("hands") if isinstance(deal, dict) else None
        pack = engine_pack(self.game, self.tr)
        if not isinstance(hands, list):
            self.finding_lines("deal")
            return
        suits: list[str] = []
        for s in pack.suits:
            if s not in suits:
                suits.append(s)
        rows: list[tuple[str, list[list[str]]]] = []
        for seat in range(self.n):
            cards = hands[seat] if seat < len(hands) and isinstance(hands[seat], list) else []
            marks = ("D" if seat == self.dealer else " ") + ("F" if seat == self.forehand else " ")
            groups: list[list[str]] = [[] for _ in suits]
            odd: list[str] = []
            for c in cards:
                if isinstance(c, str) and c in pack.index:
                    groups[suits.index(pack.suits[pack.index[c]])].append(c)
                else:
                    odd.append(str(c))
            for g in groups:
                g.sort(key=lambda c: -pack.strength[pack.index[c]])
            if odd:
                groups.append(odd)
            empty = not cards
            rows.append((f"{marks} {self.name(seat)}" + (f"  {self._empty_hand(seat)}"
                                                          if empty else ""), groups))
        width = max(len(r[0]) for r in rows)
        widths = [max([len(" ".join(r[1][i])) for r in rows if i < len(r[1])]
                      + [len(SUIT_NAMES.get(suits[i], suits[i])) if i < len(suits) else 0])
                  for i in range(max(len(r[1]) for r in rows))]
        head = _pad("", width) + "  " + "  ".join(
            _pad(SUIT_NAMES.get(s, s), widths[i]) for i, s in enumerate(suits))
        self.out("  " + self.st.dim(head.rstrip()))
        for label, groups in rows:
            cells = []
            for i, g in enumerate(groups):
                text = " ".join(self.st.card(c) for c in g)
                cells.append(_pad(text, widths[i], len(" ".join(g))))
            self.out(("  " + _pad(label, width) + "  " + "  ".join(cells)).rstrip())
        talon = deal.get("talon")
        if talon:
            self.out("  " + _pad("talon", width + 2) + self.st.cards(words(talon)))
        self.out(self.st.dim("  D dealer, F forehand"))
        self.finding_lines("deal")

    def _seat_table(self, entries: list[tuple[int | None, str]], failed: bool) -> None:
        """Entries (seat, text) as a table by seat, a row per round round the table from
        forehand; with ``failed`` the last entry is the one the finding is about."""
        order, rows = self.seat_rows(entries, failed)
        widths = {s: max([len(self.name(s))] + [len(r.get(s, "")) for r in rows]) for s in order}
        self.out("  " + self.st.dim("  ".join(_pad(self.name(s), widths[s]) for s in order)
                                    .rstrip()))
        for r in rows:
            if not r:
                continue
            if -1 in r:
                self.out("  " + r[-1])
                continue
            cells = []
            for s in order:
                text = r.get(s, "")
                shown = self.st.cards(text)
                if text.startswith("✗ "):
                    shown = self.st.bad("✗") + " " + self.st.cards(text[2:])
                cells.append(_pad(shown, widths[s], len(text)))
            self.out(("  " + "  ".join(cells)).rstrip())

    def seat_rows(self, entries: list[tuple[int | None, str]],
                  failed: bool) -> tuple[list[int], list[dict[int, str]]]:
        """The columns (seats from forehand) and rows (seat → text; ``-1`` → a line of its own
        for an entry without a seat at the table) of the table by seat; with ``failed`` the last
        entry is marked ``✗``."""
        seats = list(range(self.n))
        order = sorted(seats, key=lambda s: (s - self.forehand) % self.n)
        active = {s for s, _ in entries if isinstance(s, int) and 0 <= s < self.n}
        order = [s for s in order if s in active or not self._sits_out(s)]
        rows: list[dict[int, str]] = [{}]
        last = -1
        for i, (seat, text) in enumerate(entries):
            if failed and i == len(entries) - 1:
                text = "✗ " + text
            if seat is None or seat not in order:
                rows.append({-1: f"{self.name(seat)}: {text}"})
                last = len(order)
                continue
            col = order.index(seat)
            if col <= last:
                rows.append({})
            rows[-1][seat] = text
            last = col
        return order, [r for r in rows if r]

    def _empty_hand(self, seat: int) -> str:
        """What a seat dealt no cards does: sits the deal out, or plays from elsewhere (a
        talon) — told by the tricks."""
        table = getattr(self.tr.engine, "table", None) if self.tr is not None else None
        tricks = list(getattr(table, "tricks", []) or [])
        if tricks and all(seat not in t[2] for t in tricks):
            return "sits out"
        return "dealt no cards"

    def _sits_out(self, seat: int) -> bool:
        hands = (self.d.get("deal") or {}).get("hands")
        return (isinstance(hands, list) and seat < len(hands) and isinstance(hands[seat], list)
                and not hands[seat])

    def _groups(self, section: str) -> list[tuple[str, int | None, list[Step]]]:
        """The record entries of ``section`` that the replay reached, in replay order."""
        out: dict[str, tuple[int | None, list[Step]]] = {}
        for st in self.tr.steps if self.tr is not None else []:
            if _section(st.ptr, self.d) != section or st.action is None:
                continue
            g = _group(st.ptr)
            if g not in out:
                value = _value_at(self.d, g)
                seat = value.get("seat") if isinstance(value, dict) else None
                out[g] = (seat if isinstance(seat, int) else st.action.seat, [])
            out[g][1].append(st)
        return [(g, seat, steps) for g, (seat, steps) in out.items()]

    def _failed_entry(self, section: str) -> tuple[str, int | None] | None:
        """The entry of ``section`` at which the replay stopped (its group and seat)."""
        f = self.tr.failure if self.tr is not None else None
        if f is None or _section(f.pointer, self.d) != section or section == "play":
            return None
        g = _group(f.pointer)
        value = _value_at(self.d, g)
        seat = value.get("seat") if isinstance(value, dict) else None
        if not isinstance(seat, int):        # an entry without a seat: the one on turn
            seat = getattr(self.tr.engine, "to_act", None) if self.tr is not None else None
        return g, seat if isinstance(seat, int) else None

    def entries_section(self, section: str, table: bool) -> None:
        items, failed = self.entry_items(section)
        if not items and not any(self.placed(f) == section for f in self.findings):
            return
        self.title(section)
        if table:
            self._seat_table(items, failed)
        else:
            for i, (seat, text) in enumerate(items):
                mark = self.st.bad("✗ ") if failed and i == len(items) - 1 else ""
                who = f"{self.name(seat)}: " if seat is not None else ""
                self.out(f"  {mark}{who}{self.st.cards(text)}")
        self.finding_lines(section)

    def entry_items(self, section: str) -> tuple[list[tuple[int | None, str]], bool]:
        """The entries of ``section`` the replay reached, as (seat, words with what the engine
        derived), and whether the last one is where the replay stopped."""
        groups = self._groups(section)
        failed = self._failed_entry(section)
        items: list[tuple[int | None, str]] = []
        for g, seat, steps in groups:
            if failed is not None and g == failed[0]:
                continue                  # shown below, as the failed entry
            text = self.label(g) + "".join(self.info_text(s.info) for s in steps)
            trick = _value_at(self.d, g + "/trick")
            if isinstance(trick, int) and not isinstance(trick, bool):
                text = f"trick {trick}: {text}"
            items.append((seat, text))
        if failed is not None:
            text = self.label(failed[0])
            trick = _value_at(self.d, failed[0] + "/trick")
            if isinstance(trick, int) and not isinstance(trick, bool):
                text = f"trick {trick}: {text}"
            items.append((failed[1], text))
        return items, failed is not None

    def play(self) -> None:
        engine = self.tr.engine if self.tr is not None else None
        table = getattr(engine, "table", None)
        f = self.tr.failure if self.tr is not None else None
        failed_here = f is not None and _section(f.pointer, self.d) == "play"
        tricks = list(getattr(table, "tricks", []) or [])
        current = (list(getattr(table, "seats", [])), list(getattr(table, "cards", []))) \
            if table is not None else ([], [])
        if not tricks and not current[1] and not failed_here and "play" not in self.d:
            return
        self.title("play")
        pack = engine_pack(self.game, self.tr)
        seats_used: list[int] = []
        for seats in [t[2] for t in tricks] + [current[0], list(getattr(table, "order", ()))]:
            for s in seats:
                if isinstance(s, int) and s not in seats_used:
                    seats_used.append(s)
        if not seats_used:
            seats_used = [s for s in range(self.n) if not self._sits_out(s)]
        order = sorted(seats_used, key=lambda s: (s - self.forehand) % self.n)
        width = {s: max(len(self.name(s)), 5) for s in order}
        self.out("  " + self.st.dim(("trick  " + "  ".join(_pad(self.name(s), width[s])
                                                           for s in order) + "  won by")))
        for number, (leader, cards, seats, winner) in enumerate(tricks, 1):
            by_seat = dict(zip(seats, cards))
            cells = []
            for s in order:
                if s not in by_seat:
                    cells.append(_pad("", width[s]))
                    continue
                code = pack.code(by_seat[s])
                text = (">" if s == leader else " ") + code + ("*" if s == winner else "")
                shown = (">" if s == leader else " ") + self.st.card(code) + (
                    self.st.bold("*") if s == winner else "")
                cells.append(_pad(shown, width[s], len(text)))
            self.out(f"  {number:>5}  " + "  ".join(cells) + "  " + self.name(winner))
        bad_seat: int | None = None
        bad_card = ""
        if failed_here and f is not None:
            bad = _value_at(self.d, f.pointer)
            # a card, or a whole trick (of the wrong size); not the whole play
            if isinstance(bad, str) or (isinstance(bad, list) and f.pointer.count("/") == 2
                                        and all(isinstance(c, str) for c in bad)):
                bad_card = words(bad)
            nxt = getattr(table, "to_play", None)
            bad_seat = nxt if isinstance(nxt, int) else None
        if current[1] or bad_card:
            by_seat = dict(zip(current[0], (pack.code(c) for c in current[1])))
            cells = []
            lead = current[0][0] if current[0] else getattr(table, "leader", None)
            for s in order:
                if s in by_seat:
                    text = (">" if s == lead else " ") + by_seat[s]
                    cells.append(_pad((">" if s == lead else " ") + self.st.card(by_seat[s]),
                                      width[s], len(text)))
                elif s == bad_seat and bad_card:
                    text = "✗" + bad_card
                    cells.append(_pad(self.st.bad("✗") + self.st.card(bad_card), width[s],
                                      len(text)))
                else:
                    cells.append(_pad("", width[s]))
            row = "  ".join(cells).rstrip()
            if bad_card and bad_seat not in order:      # nobody's turn to play: said apart
                row += ("  " if row else "") + self.st.bad("✗") + self.st.card(bad_card)
            self.out(f"  {len(tricks) + 1:>5}  " + row)
        if tricks:
            self.out(self.st.dim("  > led the trick, * won it"))
        self.finding_lines("play")

    def contract(self, cid: Any) -> str:
        """A contract as players name it (the game's ``DISPLAY_NAMES``)."""
        return str(games.contract_name(self.game.name, cid) if isinstance(cid, str) else cid)

    def fact_parts(self, sc: Score) -> list[str]:
        """What the engine derived for the score line: contract, declarer, partner, card
        points, tricks, period multiplier (or "no game")."""
        facts = sc.facts
        parts: list[str] = []
        if facts.get("contract") is not None:
            parts.append(f"contract {self.contract(facts['contract'])}")
        for k in ("declarer", "partner"):
            v = facts.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                parts.append(f"{k} {self.name(v)}")
        if isinstance(facts.get("points"), list):
            parts.append("card points " + " : ".join(map(str, facts["points"])))
        if isinstance(facts.get("tricks"), list):
            parts.append("tricks " + " ".join(map(str, facts["tricks"])))
        if facts.get("multiplier") not in (None, 1):
            parts.append(f"period multiplier {facts['multiplier']}")
        if "contract" not in facts and facts.get("declarer") is None:
            parts.insert(0, "no game")
        return parts

    def score_section(self) -> None:
        sc = self.score
        if sc is None and not any(self.placed(f) == "result" for f in self.findings):
            return
        self.title("result")
        if sc is not None:
            self.out("  " + " · ".join(self.fact_parts(sc)))
            n = len(sc.deltas)
            width = max(14, max((len(it.name) for it in sc.items), default=0))
            cols = [max(len(self.players[s]) if s < len(self.players) else 6, 6)
                    for s in range(n)]
            head = f"  {'item':<{width}} {'base':>5} {'×':>3}  " + "  ".join(
                f"{self.players[s] if s < len(self.players) else s:>{cols[s]}}" for s in range(n))
            self.out(self.st.dim(head))
            for it in sc.items:
                self.out(f"  {it.name:<{width}} {it.base:>5} {it.multiplier:>3}  "
                         + "  ".join(f"{x:>+{cols[s]}d}" for s, x in enumerate(it.deltas))
                         + (f"  {self.st.dim(it.note)}" if it.note else ""))
            self.out(self.st.bold(f"  {'total':<{width}} {'':>5} {'':>3}  " + "  ".join(
                f"{x:>+{cols[s]}d}" for s, x in enumerate(sc.deltas))))
            recorded = self.d.get("result")
            if isinstance(recorded, dict) and not any(
                    self.placed(f) == "result" for f in self.findings):
                self.out("  " + self.st.dim("the recorded result agrees"))
        self.finding_lines("result")

    def render(self) -> list[str]:
        stop = self.stop
        self.finding_lines("")
        if "deal" not in self.d:
            self.out()
            self.out(self.st.bold("Score sheet") + " (no cards: the play is not shown)")
            for section in ("auction", "declarations", "end"):
                self._raw_section(section)
            if isinstance(self.d.get("outcome"), dict):
                self._outcome(self.d["outcome"])
            if self.score is not None and self.score.items:
                self.score_section()        # scored from the outcome: its breakdown
            else:
                self._sheet_score()
            return self.lines
        tr = self.tr
        failed = tr is None or tr.engine is None or tr.failure is not None
        reached = {_section(st.ptr, self.d) for st in tr.steps} if tr is not None else set()
        for section in SECTIONS:
            if section == "deal":
                self.hands()
                if tr is None or tr.engine is None:
                    break
                continue
            if section == "result":
                if not failed:
                    self.score_section()
                break
            if section not in reached and section != stop:
                continue
            if section == "auction":
                self.entries_section("auction", table=True)
            elif section == "declarations":
                during = any(isinstance(x, dict) and "trick" in x
                             for x in self.d.get("declarations") or [])
                self.entries_section("declarations", table=not during)
            elif section == "play":
                self.play()
            else:
                self.entries_section(section, table=False)
        if failed and any(f.severity == "error" for f in self.findings):
            self.out()
            self.out(self.st.dim("(shown up to its first finding)"))
        return self.lines

    def _raw_section(self, section: str) -> None:
        value = self.d.get(section)
        if not value:
            self.finding_lines(section)     # e.g. a sheet that writes no calls
            return
        self.title(section)
        items = value if isinstance(value, list) else [value]
        self._seat_table([(x.get("seat") if isinstance(x, dict) else None, words(x))
                          for x in items], False)
        self.finding_lines(section)

    def _outcome(self, o: dict[str, Any]) -> None:
        """The sheet line the table wrote (docs/notation.md, the outcome block)."""
        self.title("outcome")
        for line in self.outcome_lines(o):
            self.out("  " + line)
        self.finding_lines("outcome")

    def outcome_lines(self, o: dict[str, Any]) -> list[str]:
        """An outcome as text: the game and its facts on one line, then each bonus or premium
        on a line of its own."""
        parts = [f"contract {self.contract(o['contract'])}"] if "contract" in o else []
        parts += [f"{k} {self.name(o[k]) if isinstance(o[k], int) else '—'}"
                  for k in ("declarer", "partner") if k in o]
        if "won" in o:
            parts.append("won" if o["won"] else "lost")
        if "kontra" in o:
            parts.append(f"kontra ×{o['kontra']}")
        parts += [f"{k} {words(v)}" for k, v in o.items()
                  if k not in ("contract", "declarer", "partner", "won", "kontra", "items")
                  and not k.startswith("_")]
        lines = [" · ".join(parts) or "as written"]
        for it in o.get("items") or []:
            if not isinstance(it, dict):
                continue
            how = "announced by" if it.get("announced") else "silent, by"
            line = (f"{it.get('item')}: {how} the {it.get('side')}, "
                    f"{'made' if it.get('made') else 'failed'}")
            if "seat" in it:
                line += f" ({self.name(it['seat'])})"
            if "kontra" in it:
                line += f" · kontra ×{it['kontra']}"
            lines.append(line)
        return lines

    def _sheet_score(self) -> None:
        result = self.d.get("result") or {}
        self.title("result")
        parts = [f"contract {self.contract(result['contract'])}"] if "contract" in result \
            else []
        parts += [f"{k} {self.name(result[k]) if isinstance(result[k], int) else '—'}"
                  for k in ("declarer", "partner") if k in result]
        parts += [f"{k} {words(v)}" for k, v in result.items()
                  if k not in ("contract", "declarer", "partner", "scores")
                  and not k.startswith("_")]
        self.out("  " + (" · ".join(parts) or "as written"))
        scores = result.get("scores")
        if isinstance(scores, list):
            self.out("  " + "  ".join(f"{self.name(s)} {x:+d}" for s, x in enumerate(scores)
                                      if isinstance(x, int)))
        self.finding_lines("result")


# -- records ----------------------------------------------------------------------------------
def _header(game: games.Game[Any] | None, rec: dict[str, Any], label: str,
            st: Style) -> list[str]:
    title = game.title if game is not None else str(rec.get("game"))
    lines = [st.bold(f"{title} · {label}")]
    rules = rec.get("rules")
    if isinstance(rules, dict):
        opts = rules.get("options") or {}
        lines.append(f"rules: {rules.get('name', 'default')}" + (
            " (" + ", ".join(f"{k}={v}" for k, v in opts.items()) + ")" if opts else ""))
    meta = rec.get("meta")
    if isinstance(meta, dict) and meta:
        lines.append(" · ".join(f"{k}: {v}" for k, v in meta.items()))
    return lines


def _table_line(rec: dict[str, Any], d: dict[str, Any], n: int, forehand: int) -> str:
    players = [p.get("name", "") if isinstance(p, dict) else str(p)
               for p in rec.get("players", [])]
    dealer = d.get("dealer")
    parts = []
    for s, p in enumerate(players):
        marks = ("D" if s == dealer else "") + ("F" if s == forehand else "")
        parts.append(f"{s} {p}" + (f" [{marks}]" if marks else ""))
    return "table: " + " · ".join(parts)


#: what show says of a tournament record, whose deals are drawn table by table by publish
TOURNAMENT_HINT = ("a tournament: its standings follow; tarockrec publish draws every table and "
                   "deal as a site (docs/tournaments.md)")


def render_record(rec: Any, label: str, report: Report, deal: int | None = None,
                  colour: bool = False) -> tuple[list[str], bool]:
    """The lines showing record ``rec`` (one deal of a session with ``deal``, 1-based) and
    whether the deal asked for exists."""
    if not isinstance(rec, dict):
        return [f"{label}: not a record"] + [f"  ✗ {f}" for f in report.findings], True
    name = rec.get("game")
    game = games.get(name) if isinstance(name, str) else None
    st = Style(colour, game.pack if game is not None else None)
    lines = _header(game, rec, label, st)
    if "rounds" in rec:                  # a tournament: its findings, then its standings
        lines += [f"  {st.bad('✗') if f.severity == 'error' else 'i'} {f}"
                  for f in report.findings]
        lines.append("")
        lines.append(TOURNAMENT_HINT)
        if report.standings is not None:
            from .tournament.standings import Ranked, as_text
            lines += as_text([Ranked(label, label, report.standings)], "entrants").splitlines()
        return lines, deal is None
    blocking = not report.valid and (game is None or _unreplayable(report))
    if game is None or blocking:
        errors = [f for f in report.findings if f.severity == "error"]
        lines.append("")
        lines.append(f"  {st.bad('✗')} {errors[0]}")
        more = f"; {len(errors) - 1} more finding(s): tarockrec validate lists them" \
            if len(errors) > 1 else ""
        lines.append(st.dim(f"(the record cannot be replayed{more})"))
        return lines, True
    try:
        rules = game.rules(rec.get("rules"))
    except RulesError:                   # pragma: no cover - reported by the validator above
        return lines, True
    n = len(rec["players"])
    if "deals" not in rec:
        if deal not in (None, 1):
            return lines, False
        carry = rec.get("carry") or game.initial_carry(rules, n)
        tr = trace(game, rules, n, rec, carry)
        fh = getattr(tr.engine, "forehand", (rec["dealer"] + 1) % n)
        lines.append(_table_line(rec, rec, n, fh))
        score = tr.score if tr.score is not None else (report.scores[0] if report.scores
                                                       else None)
        lines += _View(game, rec, rec, n, tr, _with_failure(report.findings, tr),
                       st, score).render()
        return lines, True
    deals = rec["deals"]
    if deal is not None and not 1 <= deal <= len(deals):
        return lines, False
    traces = session_traces(game, rules, n, rec, report)
    lines += _overview(rec, report, n, st)
    for i, d in enumerate(deals):
        if deal is not None and i != deal - 1:
            continue
        tr = traces[i]
        ptr = f"/deals/{i}"
        mine = [f for f in report.findings if f.pointer == ptr or f.pointer.startswith(ptr + "/")]
        fh = getattr(tr.engine, "forehand", (d["dealer"] + 1) % n)
        lines.append("")
        lines.append(st.bold(f"— deal {i + 1} of {len(deals)} —"))
        lines.append(_table_line(rec, d, n, fh))
        score = report.scores[i] if i < len(report.scores) else None
        lines += _View(game, rec, d, n, tr, _with_failure(mine, tr, ptr), st,
                       tr.score or score, ptr).render()
    return lines, True


def _unreplayable(report: Report) -> bool:
    """The validator stopped before any deal (the record's shape, its game, rules or table)."""
    return not report.scores and not report.valid


def _with_failure(findings: list[Finding], tr: Trace, prefix: str = "") -> list[Finding]:
    """The validator's findings of a deal (it stops a deal at its first illegal step), and the
    replay's own finding should the two ever disagree."""
    f = tr.failure
    if f is not None and not any((x.code, x.pointer) == (f.code, prefix + f.pointer)
                                 for x in findings):
        return [Finding(f.code, f.message, prefix + f.pointer, f.severity), *findings]
    return findings


def _overview(rec: dict[str, Any], report: Report, n: int, st: Style) -> list[str]:
    players = [p.get("name", "") if isinstance(p, dict) else str(p) for p in rec["players"]]
    cols = [max(len(p), 6) for p in players]
    lines = ["", st.bold(f"Session of {len(rec['deals'])} deals"),
             "  " + st.dim(f"{'deal':>4}  {'dealer':<12} {'contract':<24} {'declarer':<12} "
                           + "  ".join(f"{p:>{cols[s]}}" for s, p in enumerate(players)))]
    totals = [0] * n
    for i, d in enumerate(rec["deals"]):
        sc = report.scores[i] if i < len(report.scores) else None
        dealer = players[d["dealer"]] if 0 <= d["dealer"] < n else str(d["dealer"])
        if sc is None:
            lines.append(f"  {i + 1:>4}  {dealer:<12} " + st.bad("✗ not scored"))
            continue
        totals = [a + b for a, b in zip(totals, sc.deltas)]
        decl = sc.facts.get("declarer")
        who = players[decl] if isinstance(decl, int) and 0 <= decl < n else "—"
        named = games.contract_name(rec.get("game"), sc.facts.get("contract"))
        lines.append(f"  {i + 1:>4}  {dealer:<12} {str(named or '—'):<24} "
                     f"{who:<12} " + "  ".join(f"{x:>+{cols[s]}d}"
                                               for s, x in enumerate(sc.deltas)))
    lines.append(st.bold(f"  {'':>4}  {'totals':<12} {'':<24} {'':<12} "
                         + "  ".join(f"{x:>+{cols[s]}d}" for s, x in enumerate(totals))))
    for f in report.findings:
        if not f.pointer.startswith("/deals/"):
            lines.append(f"  {st.bad('✗') if f.severity == 'error' else 'i'} {f}")
    return lines


def show(paths: Iterable[str], out: IO[str], deal: int | None = None,
         record: int | None = None, colour: bool = False) -> int:
    """Show every record of ``paths`` (or the ``record``-th of each file); returns the exit
    status: 0 all valid, 1 some invalid, 2 unreadable input or no such deal / record."""
    status = 0
    shown = 0
    first = True
    for path in paths:
        held = 0
        for entry in entries(path):
            held = entry.index
            if record is not None and entry.index != record:
                continue
            status = max(status, _show_entry(entry, out, deal, colour, first))
            first = False
            shown += 1
        if record is not None and held < record:
            out.write(("" if first else "\n") + no_record(path, record, held) + "\n")
            first = False
            status = 2
    if shown == 0:
        return 2
    return status


def no_record(path: str, record: int, held: int) -> str:
    """What ``show --record N`` says of a file with fewer records."""
    return (f"{path}: there is no record {record}: it holds {held} record"
            f"{'' if held == 1 else 's'}")


def _show_entry(entry: Entry, out: IO[str], deal: int | None, colour: bool,
                first: bool) -> int:
    label = entry.source if entry.index == 1 and entry.line in (None, 1) else \
        f"{entry.source} #{entry.index}"
    if not first:
        out.write("\n")
    if entry.problem is not None:
        out.write(f"{label}: unreadable\n  ✗ {entry.problem}\n")
        return 2
    report = validate_record(entry.record, entry.index, entry.line, entry.lines,
                             origin=entry.source)
    try:
        lines, found = render_record(entry.record, label, report, deal, colour)
    except Exception as err:  # a bug must not become a traceback for the user
        lines, found = [label, f"  ✗ INTERNAL-ERROR: tarockrec could not show this record "
                               f"({type(err).__name__}: {err}); please report it"], True
    if not found:
        out.write("\n".join(lines) + f"\n{label}: there is no deal {deal} in this record\n")
        return 2
    verdict = "valid" if report.valid else "INVALID"
    lines.append("")
    lines.append(f"{label}: {verdict}")
    out.write("\n".join(lines) + "\n")
    return 0 if report.valid else 1
