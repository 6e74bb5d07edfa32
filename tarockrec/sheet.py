"""Score sheets from full records (``tarockrec convert --sheet``): what the table would have
written for each deal, with no cards and no play: the derived outcome and result.

A full record and its sheet validate with identical scores (the conformance suite checks it for
every game, table size and complete rule set)."""
from __future__ import annotations

from typing import Any

from . import games
from .findings import MISSING, pointer_get
from .validate import Report, validate_record


class NotSheetable(ValueError):
    """A record that cannot be reduced: it is not valid (its findings say why)."""

    def __init__(self, report: Report) -> None:
        self.report = report
        errors = [f for f in report.findings if f.severity == "error"]
        super().__init__(str(errors[0]) if errors else "the record cannot be reduced")


def to_sheet(record: dict[str, Any]) -> dict[str, Any]:
    """The score-sheet form of a valid deal or session record; raises ``NotSheetable`` with
    the validator's report when the record is not valid."""
    report = validate_record(record, outcomes=True)
    if not report.valid or report.outcomes is None:
        raise NotSheetable(report)
    game = games.get(record["game"])
    assert game is not None
    if "deals" not in record:
        return _deal_sheet(game, record, report, 0, "")
    out = {k: v for k, v in record.items() if k not in ("deals", "notes")}
    out["deals"] = [_deal_sheet(game, d, report, i, f"/deals/{i}")
                    for i, d in enumerate(record["deals"])]
    _keep_notes(record, out, out)
    if report.totals is not None:
        out["result"] = {**(record.get("result") or {}), "totals": list(report.totals)}
    return out


def _deal_sheet(game: games.Game[Any], deal: dict[str, Any], report: Report, i: int,
                ptr: str) -> dict[str, Any]:
    assert report.outcomes is not None
    outcome = report.outcomes[i]
    score = report.scores[i]
    assert score is not None
    if "deal" not in deal:          # already a sheet: kept as written
        return dict(deal)
    assert outcome is not None
    out = game.to_sheet({k: v for k, v in deal.items() if k != "notes"}, outcome)
    written = {k: v for k, v in (deal.get("result") or {}).items() if k.startswith("_")}
    out["result"] = {**score.result(), **written}
    _keep_notes(deal, out, out)
    return out


def _keep_notes(source: dict[str, Any], target: dict[str, Any], doc: dict[str, Any]) -> None:
    """The notes of ``source`` whose anchor is still a place of the sheet ``doc``."""
    notes = [n for n in source.get("notes") or []
             if pointer_get(doc, n["at"]) is not MISSING]
    if notes:
        target["notes"] = notes

