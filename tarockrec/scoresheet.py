"""A score sheet: a deal recorded without cards (principle 10), checked by its calls, its
outcome when written, and the arithmetic of its result. Registered as the kind ``sheet``
(``kinds``); ``deal.py`` asks for it."""
from __future__ import annotations

from typing import Any

from . import games, kinds, outcome
from .kinds import Report, _compare_result, _prefixed, _show
from .findings import Finding
from .scoring import Score


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


kinds.register("sheet", _validate_sheet)
