"""A session record: its deals in order, the state each carries to the next, the dealer
passing on, and the totals. Registered as the kind ``session`` (``kinds``)."""
from __future__ import annotations

from typing import Any

from . import games, kinds
from .deal import _validate_deal, game_of
from .findings import Finding
from .kinds import Report, _check_notes


def check_session(rec: dict[str, Any], report: Report, origin: str | None = None,
                  deferred: Any = None) -> None:
    """The kind ``session``: a session record (already through the schema)."""
    known = game_of(rec, report)
    if known is None:
        return
    game, rules, n = known
    _check_notes(rec, "", report)
    _validate_session(game, rules, n, rec, report)


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


kinds.register("session", check_session)
