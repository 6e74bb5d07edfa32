"""A deal record: replayed over its game's engine, its written outcome and result compared
with the derived ones. Registered as the kind ``deal`` (``kinds``)."""
from __future__ import annotations

from typing import Any

from . import games, kinds, outcome
from .engine import Action
from .errors import IllegalAction, RulesError
from .findings import Finding
from .games import Batch
from .kinds import Report, _check_notes, _compare_result, _prefixed
from .scoring import Score


def game_of(rec: dict[str, Any], report: Report) -> tuple[games.Game[Any], Any, int] | None:
    """A deal's or a session's game, rule set and table size, or None (and the finding)."""
    add = report.findings.append
    name = rec.get("game")
    game = games.get(name) if isinstance(name, str) else None
    if game is None:
        add(Finding("GAME-UNSUPPORTED", f"this version of tarockrec cannot check {name} records "
                    "yet", "/game"))
        return None
    try:
        rules = game.rules(rec.get("rules"))
    except RulesError as err:
        ptr = f"/rules/options/{err.option}" if err.option else "/rules"
        add(Finding(err.code, err.message, ptr))
        return None
    n = len(rec["players"])
    if n not in game.table_sizes:
        sizes = " or ".join(map(str, game.table_sizes))
        add(Finding("REC-PLAYERS", f"{game.title} is played by {sizes} players, this record "
                    f"names {n}", "/players"))
        return None
    return game, rules, n


def check_deal(rec: dict[str, Any], report: Report, origin: str | None = None,
               deferred: Any = None) -> None:
    """The kind ``deal``: one deal record (already through the schema)."""
    known = game_of(rec, report)
    if known is None:
        return
    game, rules, n = known
    _check_notes(rec, "", report)
    carry = rec.get("carry") or game.initial_carry(rules, n)
    report.scores.append(_validate_deal(game, rules, n, rec, "", carry, report)[0])


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
        return kinds.get("sheet")(game, rules, n, d, ptr, carry, report), None
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


kinds.register("deal", check_deal)
