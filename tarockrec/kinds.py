"""The record kinds the validator checks, found by name as the games are (``games.get``).

A kind (a deal, a session, a score sheet, a tournament) is checked by a function its own
module registers here when imported: ``deal.py``, ``session.py``, ``scoresheet.py`` and
``tournament/record.py``. ``validate.py`` asks for a kind's checker by name and imports no
kind; a kind that checks records inside it (a tournament's tables) asks for the validator
the same way and never imports ``validate.py``. Here too: the ``Report`` every checker fills
in, and what the checkers share (a note's anchor, a written result against the derived one).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Iterable

from .findings import MISSING, Finding, pointer_get
from .plain import Plain
from .scoring import Score

#: a kind's checker: (record, report, origin, deferred), adding to the report
Checker = Callable[[dict[str, Any], "Report", "str | None", Any], None]
#: the module (under ``tarockrec``) that registers each kind's checker, and the validator's
MODULES = {"deal": "deal", "session": "session", "sheet": "scoresheet",
           "tournament": "tournament.record", "validator": "validate",
           "draw": "tournament.draw"}       # a tournament round's stored draw
_CHECKERS: dict[str, Any] = {}


def register(kind: str, checker: Any) -> Any:
    """Make ``checker`` the one of ``kind`` (called by the kind's module as it is imported)."""
    _CHECKERS[kind] = checker
    return checker


def get(kind: str) -> Any:
    """The checker of ``kind``, its module imported on first use (as a game's is)."""
    try:
        return _CHECKERS[kind]
    except KeyError:
        importlib.import_module(f"{__package__}.{MODULES[kind]}")
        return _CHECKERS[kind]


def validator() -> Callable[..., Report]:
    """``validate.validate_record``, for a kind that checks records inside it."""
    return get("validator")  # type: ignore[no-any-return]


class Report(Plain):
    """What the validator found in one record."""

    _fields = ("index", "line", "game", "kind", "findings", "scores", "totals", "outcomes",
               "standings", "tables")
    index: int
    line: int | None
    game: str | None
    kind: str | None                   # deal | session
    findings: list[Finding]
    scores: list[Score | None]
    totals: list[int] | None
    #: the outcome of each deal (derived from the cards, or as written on a score sheet), when
    #: the caller asked for them (``validate_record(..., outcomes=True)``: ``convert --sheet``)
    outcomes: list[dict[str, Any] | None] | None
    #: a tournament's derived standings (tarockrec/tournament/record.py), None when not known
    standings: list[Any] | None
    #: a tournament's tables (``tournament.Table``: seats, session and its report), when the
    #: caller asked for them (``validate_record(..., tables=True)``: ``score``)
    tables: list[Any] | None

    def __init__(self, index: int = 1, line: int | None = None, game: str | None = None,
                 kind: str | None = None, findings: list[Finding] | None = None,
                 scores: list[Score | None] | None = None, totals: list[int] | None = None,
                 outcomes: list[dict[str, Any] | None] | None = None,
                 standings: list[Any] | None = None, tables: list[Any] | None = None) -> None:
        self.index = index
        self.line = line
        self.game = game
        self.kind = kind
        self.findings = [] if findings is None else findings
        self.scores = [] if scores is None else scores
        self.totals = totals
        self.outcomes = outcomes
        self.standings = standings
        self.tables = tables


    @property
    def valid(self) -> bool:
        for f in self.findings:         # (a loop: asked of every record, mostly of none)
            if f.severity == "error":
                return False
        return True

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "valid": self.valid, "game": self.game,
                               "kind": self.kind,
                               "findings": [f.as_dict() for f in self.findings]}
        if self.line is not None:
            out["line"] = self.line
        if self.scores:
            out["scores"] = [s.deltas if s is not None else None for s in self.scores]
        if self.totals is not None:
            out["totals"] = self.totals
        return out


def _resolve(doc: Any, pointer: str) -> bool:
    """Whether JSON Pointer ``pointer`` names a place inside ``doc``."""
    if pointer != "" and not pointer.startswith("/"):
        return False
    return pointer_get(doc, pointer) is not MISSING


def _check_notes(rec: dict[str, Any], ptr: str, report: Report) -> None:
    notes = rec.get("notes")
    if not notes:
        return
    for i, note in enumerate(notes):
        if not _resolve(rec, note["at"]):
            report.findings.append(Finding("REC-NOTE", f"this note is anchored at {note['at']!r}, "
                                           "which is not a place in this record",
                                           f"{ptr}/notes/{i}/at"))


_FIELD_NAMES = {"declarer": "declarer", "contract": "contract", "partner": "partner",
                "points": "card points", "tricks": "tricks won", "multiplier": "multiplier",
                "scores": "scores"}


def _compare_result(recorded: dict[str, Any] | None, derived: dict[str, Any], ptr: str,
                    report: Report) -> None:
    if not recorded:
        return
    scores = recorded.get("scores")
    if isinstance(scores, list) and _whole(scores) and sum(scores) != 0:
        report.findings.append(Finding("RESULT-ZERO-SUM", f"the recorded scores {scores} add up "
                                       f"to {sum(scores)}, not 0", ptr + "/result/scores"))
    for key, value in recorded.items():
        if key[:1] == "_":
            continue
        want = derived.get(key)
        if value != want:
            name = _FIELD_NAMES.get(key, key)
            report.findings.append(Finding(f"RESULT-{key.upper()}", f"the recorded {name} "
                                           f"{_show(value)} differ(s) from the recomputed "
                                           f"{_show(want)}", f"{ptr}/result/{key}"))


def _whole(values: list[Any]) -> bool:
    """Whether every value is a whole number (``all(isinstance(x, int) ...)`` without a
    generator: asked of every deal's result)."""
    for x in values:
        if not isinstance(x, int):
            return False
    return True


def _show(v: Any) -> str:
    return "none" if v is None else str(v)


def _prefixed(findings: Iterable[Finding], ptr: str) -> list[Finding]:
    if not ptr:
        return list(findings)
    return [Finding(f.code, f.message, ptr + f.pointer, f.severity, f.line) for f in findings]
