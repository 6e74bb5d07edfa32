"""The validator: a thin replay of a record over its game's engine.

``validate_record`` takes one record (the JSON data model) and returns a ``Report`` with every
finding (code, severity, JSON Pointer, sentence) and the recomputed score of each deal.
Nothing here raises for bad input: whatever is wrong becomes a finding.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from . import games, outcome, schema
from .engine import Action
from .errors import IllegalAction, Reread, RulesError
from .findings import MISSING, Finding, pointer_get, pointer_join
from .games import Batch
from .plain import Plain
from .scoring import Score

NOTATION_VERSION = 1


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
        return not any(f.severity == "error" for f in self.findings)

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


def _place(findings: list[Finding], lines: Mapping[str, int] | None,
           line: int | None) -> list[Finding]:
    """Attach an XML/JSONL line to each finding: the nearest recorded ancestor's line."""
    if not findings or (not lines and line is None):
        return findings
    out = []
    for f in findings:
        ln = None
        if lines:
            p = f.pointer
            while True:
                if p in lines:
                    ln = lines[p]
                    break
                if not p:
                    break
                p = p.rsplit("/", 1)[0]
        out.append(Finding(f.code, f.message, f.pointer, f.severity, ln if ln is not None else line))
    return out


def validate_record(rec: Any, index: int = 1, line: int | None = None,
                    lines: Mapping[str, int] | None = None, outcomes: bool = False,
                    origin: str | None = None, tables: bool = False,
                    deferred: Any = None) -> Report:
    """``origin``: the file ``rec`` was read from (a tournament's tables may name files of
    their own, relative to it). ``tables``: keep a tournament's tables on the report.
    ``deferred``: the tables' deals not read yet (``inline.Deferred``, as ``sources`` reads a
    large tournament); ``errors.Reread`` when the record must be read whole to be checked."""
    report = Report(index=index, line=line, outcomes=[] if outcomes else None,
                    tables=[] if tables else None)
    try:
        _validate(rec, report, origin, deferred)
    except Reread:
        raise
    except Exception as err:  # a bug must not become a traceback for the user
        report.findings.append(Finding("INTERNAL-ERROR", f"tarockrec could not finish checking "
                                       f"this record ({type(err).__name__}: {err}); please "
                                       "report it", ""))
    report.findings = _place(report.findings, lines, line)
    return report


def _validate(rec: Any, report: Report, origin: str | None = None,
              deferred: Any = None) -> None:
    add = report.findings.append
    if not isinstance(rec, dict):
        add(Finding("REC-SCHEMA", "a record must be a JSON object", ""))
        return
    version = rec.get("tarockrec")
    if isinstance(version, int) and not isinstance(version, bool) and version > NOTATION_VERSION:
        add(Finding("REC-VERSION", f"this record uses notation version {version}; this tarockrec "
                    f"reads version {NOTATION_VERSION} — please upgrade tarockrec", "/tarockrec"))
        return
    name = rec.get("game")
    report.game = name if isinstance(name, str) else None
    report.kind = "tournament" if "rounds" in rec else "session" if "deals" in rec else "deal"
    if not schema.fast_check(rec):
        if deferred is not None:        # explained on the whole document
            raise Reread
        report.findings.extend(schema.explain(rec) or _fractions(rec, ""))
        if report.findings:
            return
    if report.kind == "tournament":
        from .tournament.record import validate_tournament
        if deferred is not None:
            _deferred_gate(rec, deferred)
        _check_notes(rec, "", report)
        report.standings = validate_tournament(
            rec, report.findings, origin,
            report.tables.append if report.tables is not None else None, deferred)
        if deferred is not None:
            deferred.rest()
        return
    game = games.get(name) if isinstance(name, str) else None
    if game is None:
        add(Finding("GAME-UNSUPPORTED", f"this version of tarockrec cannot check {name} records "
                    "yet", "/game"))
        return
    try:
        rules = game.rules(rec.get("rules"))
    except RulesError as err:
        ptr = f"/rules/options/{err.option}" if err.option else "/rules"
        add(Finding(err.code, err.message, ptr))
        return
    n = len(rec["players"])
    if n not in game.table_sizes:
        sizes = " or ".join(map(str, game.table_sizes))
        add(Finding("REC-PLAYERS", f"{game.title} is played by {sizes} players, this record "
                    f"names {n}", "/players"))
        return
    _check_notes(rec, "", report)
    if report.kind == "deal":
        carry = rec.get("carry") or game.initial_carry(rules, n)
        report.scores.append(_validate_deal(game, rules, n, rec, "", carry, report)[0])
        return
    _validate_session(game, rules, n, rec, report)


def _deferred_gate(rec: dict[str, Any], deferred: Any) -> None:
    """What a table's deals read later must pass: the schema gate, as the deals of a session
    of the tournament's game and rules (the gate of the whole tournament holds its tables'
    deals to the same definitions); a note anchored inside them is checked on the whole
    document."""
    head = {"tarockrec": 1, "game": rec["game"], "players": ["A", "B", "C"]}
    if "rules" in rec:
        head["rules"] = rec["rules"]
    deferred.gate = lambda deals: schema.fast_check({**head, "deals": deals})
    for note in rec.get("notes") or ():
        if deferred.inside(rec, note["at"]):
            raise Reread


def _fractions(value: Any, ptr: str) -> list[Finding]:
    """Numbers written with a fraction (``1.0``): JSON Schema calls them integers, the
    notation does not (it has whole numbers only)."""
    if isinstance(value, float):
        return [Finding("REC-SCHEMA", f"write whole numbers without a decimal point "
                        f"({value!r})", ptr)]
    out: list[Finding] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if not k.startswith("_"):
                out += _fractions(v, pointer_join(ptr, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _fractions(v, f"{ptr}/{i}")
    return out


def _resolve(doc: Any, pointer: str) -> bool:
    """Whether JSON Pointer ``pointer`` names a place inside ``doc``."""
    if pointer != "" and not pointer.startswith("/"):
        return False
    return pointer_get(doc, pointer) is not MISSING


def _check_notes(rec: dict[str, Any], ptr: str, report: Report) -> None:
    for i, note in enumerate(rec.get("notes") or []):
        if not _resolve(rec, note["at"]):
            report.findings.append(Finding("REC-NOTE", f"this note is anchored at {note['at']!r}, "
                                           "which is not a place in this record",
                                           f"{ptr}/notes/{i}/at"))


def _validate_session(game: games.Game[Any], rules: Any, n: int, rec: dict[str, Any],
                      report: Report) -> None:
    add = report.findings.append
    carry = game.initial_carry(rules, n)
    totals = [0] * n
    complete = True
    carry_known = True
    expected_dealer: int | None = None
    for i, deal in enumerate(rec["deals"]):
        ptr = f"/deals/{i}"
        _check_notes(deal, ptr, report)
        if expected_dealer is not None and deal["dealer"] != expected_dealer:
            add(Finding("SESSION-DEALER", f"deal {i + 1} should be dealt by seat "
                        f"{expected_dealer} (the deal passes on in play order), not seat "
                        f"{deal['dealer']}", ptr + "/dealer"))
        # compared key by key in full: an absent key is its initial value (off / 0)
        written = game.normalise_carry(rules, n, deal["carry"]) if "carry" in deal else None
        derived = game.normalise_carry(rules, n, carry)
        if written is not None and written != derived:
            if carry_known:
                diff = ", ".join(f"{k} {derived.get(k)!r}, not {written.get(k)!r}"
                                 for k in sorted(set(written) | set(derived))
                                 if written.get(k) != derived.get(k))
                add(Finding("SESSION-CARRY", f"the carried state written here {deal['carry']} "
                            f"differs from the one the earlier deals give ({diff})",
                            ptr + "/carry"))
            else:  # an earlier deal could not be replayed: take the table's word for it
                carry = written
        score, engine = _validate_deal(game, rules, n, deal, ptr, carry, report)
        report.scores.append(score)
        if score is None:
            complete = False
        else:
            totals = [a + b for a, b in zip(totals, score.deltas)]
        if engine is not None:
            carry = game.next_carry(engine, carry)
        elif score is not None and "deal" not in deal:   # a score sheet
            carry = game.next_carry_sheet(rules, n, deal, score.facts, carry)
        else:
            carry_known = False
        expected_dealer = game.next_dealer(engine, deal["dealer"], n, deal)
    report.totals = totals if complete else None
    recorded = (rec.get("result") or {}).get("totals")
    if recorded is not None and complete and recorded != totals:
        add(Finding("RESULT-TOTALS", f"the session totals {recorded} differ from the sum of the "
                    f"recomputed deals {totals}", "/result/totals"))


def _validate_deal(game: games.Game[Any], rules: Any, n: int, d: dict[str, Any], ptr: str,
                   carry: dict[str, Any], report: Report) -> tuple[Score | None, Any]:
    add = report.findings.append
    dealer = d["dealer"]
    if not 0 <= dealer < n:
        add(Finding("REC-DEALER", f"there is no seat {dealer} at a table of {n}", ptr + "/dealer"))
        return None, None
    if "deal" not in d:
        if report.outcomes is not None:
            report.outcomes.append(d.get("outcome"))
        return _validate_sheet(game, rules, n, d, ptr, carry, report), None
    engine, found = game.make_engine(rules, n, dealer, d["deal"], carry)
    report.findings.extend(_prefixed(found, ptr))
    if engine is None or found and any(f.severity == "error" for f in found):
        return None, None
    failed = False
    apply = engine.apply
    for sub, step in game.replay_batched(d, engine):
        kind = type(step)                       # the common steps first: an action, a batch
        if kind is not Batch and kind is not Action and isinstance(step, IllegalAction):
            add(Finding(step.code, step.message, ptr + sub + step.sub))
            failed = True
            break
        try:
            if kind is Action:
                apply(step)
            elif kind is Batch or isinstance(step, Batch):
                step.run()                      # type: ignore[union-attr]  # (its type)
            else:
                apply(step)
        except IllegalAction as err:
            add(Finding(err.code, err.message, ptr + sub + err.sub))
            failed = True
            break
    if failed:
        return None, None
    missing = engine.expected_next()
    if missing is not None:
        where = missing.sub or ("/play" if "play" in d else "")
        add(Finding(missing.code, missing.message, ptr + where))
        return None, None
    score = engine.score()
    written = d.get("outcome")
    if written is not None or report.outcomes is not None:
        derived = game.outcome(engine)
        if written is not None:
            report.findings.extend(outcome.compare(written, derived, ptr))
        if report.outcomes is not None:
            report.outcomes.append(derived)
    _compare_result(d.get("result"), score.result(), ptr, report)
    return score, engine


def _validate_sheet(game: games.Game[Any], rules: Any, n: int, d: dict[str, Any], ptr: str,
                    carry: dict[str, Any], report: Report) -> Score | None:
    """Principle 10: a record without cards. With an ``outcome`` it is scored by the game's
    one scorer and every written result field is compared; without one, its scores must be
    reachable by some outcome of its contract. What was and was not verified is said."""
    found, facts = game.check_sheet(d, rules, n, carry)
    report.findings.extend(_prefixed(found, ptr))
    result = d.get("result") or {}
    for key in ("declarer", "partner"):
        seat = result.get(key)
        if isinstance(seat, int) and not 0 <= seat < n:
            report.findings.append(Finding("RESULT-SEAT", f"the recorded {key} is seat {seat}, "
                                           f"but the table has seats 0–{n - 1}",
                                           f"{ptr}/result/{key}"))
    written = d.get("outcome")
    if written is not None:
        return _score_outcome(game, rules, n, d, ptr, carry, facts or {}, written, report)
    if facts:
        partial = {k: v for k, v in facts.items() if k in result}
        _compare_result({k: result[k] for k in partial}, partial, ptr, report)
    scores = result.get("scores")
    score: Score | None = None
    reached: bool | None = None
    if isinstance(scores, list):
        if len(scores) != n:
            report.findings.append(Finding("RESULT-SCORES", f"{len(scores)} scores for {n} "
                                           "seats", ptr + "/result/scores"))
        elif sum(scores) != 0:
            report.findings.append(Finding("RESULT-ZERO-SUM", f"the scores {scores} add up to "
                                           f"{sum(scores)}, not 0", ptr + "/result/scores"))
        else:
            reached = game.reachable(d, rules, n, carry, facts or {}, list(scores))
            if reached is False:
                report.findings.append(Finding(
                    "RESULT-UNREACHABLE", f"no outcome of this {_contract_of(facts, result)} "
                    f"under these rules gives the scores {scores}", ptr + "/result/scores"))
            else:
                score = Score([], list(scores), dict(facts or {}))
    if reached:
        said = ("score sheet without cards or outcome: the calls were checked and the written "
                "scores can come from some outcome of the contract; which outcome, and the "
                "play, were not verified")
    else:
        said = ("score sheet without cards or outcome: the play was not verified, only the "
                "calls and the arithmetic of the written result")
    report.findings.append(Finding("SHEET-UNVERIFIED", said, ptr or "/", "info"))
    return score


def _contract_of(facts: dict[str, Any] | None, result: dict[str, Any]) -> str:
    name = (facts or {}).get("contract", result.get("contract"))
    return f"contract ({name})" if isinstance(name, str) else "deal"


def _score_outcome(game: games.Game[Any], rules: Any, n: int, d: dict[str, Any], ptr: str,
                   carry: dict[str, Any], facts: dict[str, Any], written: dict[str, Any],
                   report: Report) -> Score | None:
    """A score sheet with an outcome: the outcome must agree with the calls, be possible for
    its contract under the rules, and give the written result."""
    add = report.findings.append
    bad = outcome.check_seats(written, n) + outcome.duplicate_items(written)
    for key in ("contract", "declarer", "partner", "multiplier"):      # what the calls fix
        if key in facts and key in written and written[key] != facts[key]:
            bad.append(Finding("OUTCOME-AUCTION", f"the outcome says {key} = "
                               f"{_show(written[key])}, but the calls make it "
                               f"{_show(facts[key])}", f"/outcome/{key}"))
    score: Score | None = None
    if not bad:
        bad, score = game.score_outcome(written, rules, n, d["dealer"], carry)
    report.findings.extend(_prefixed(bad, ptr))
    add(Finding("SHEET-UNVERIFIED", "score sheet without cards: the calls and the score of the "
                "written outcome were checked; the play was not (no cards)", ptr or "/", "info"))
    if score is None or any(f.severity == "error" for f in bad):
        return None
    _compare_result(d.get("result"), score.result(), ptr, report)
    return score


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
