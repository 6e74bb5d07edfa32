"""Score sheets from full records (``tarockrec convert --sheet``): what the table would have
written for each deal, with no cards and no play: the derived outcome and result.

A full record and its sheet validate with identical scores (the conformance suite checks it for
every game, table size and complete rule set). A tournament's sheet is the tournament with each
table's inline deals reduced so; a table kept in a file of its own (``source``) or given by its
totals only is kept as written (convert the file itself to reduce it)."""
from __future__ import annotations

from typing import Any

from .. import games
from ..findings import MISSING, Finding, pointer_get
from ..validate import Report, validate_record


class NotSheetable(ValueError):
    """A record that cannot be reduced: it is not valid (its findings say why)."""

    def __init__(self, report: Report) -> None:
        self.report = report
        errors = [f for f in report.findings if f.severity == "error"]
        super().__init__(str(errors[0]) if errors else "the record cannot be reduced")


def to_sheet(record: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
    """The score-sheet form of a valid deal, session or tournament record; raises
    ``NotSheetable`` with the validator's report when the record is not valid. ``origin``: the
    file the record was read from (a tournament's tables may name files beside it)."""
    report = validate_record(record, outcomes=True, origin=origin)
    if not report.valid:
        raise NotSheetable(report)
    try:
        return _reduce(record, report)
    except NotSheetable:
        raise
    except Exception as err:  # a bug must not become a traceback: one finding says it
        report.findings.append(Finding(
            "INTERNAL-ERROR", f"tarockrec could not make a score sheet of this "
            f"{report.kind or 'record'} ({type(err).__name__}: {err}); please report it", ""))
        raise NotSheetable(report) from None


def _reduce(record: dict[str, Any], report: Report) -> dict[str, Any]:
    if report.kind == "tournament":
        return _tournament_sheet(record)
    game = games.get(record["game"])
    if game is None or report.outcomes is None:     # a valid record names a known game
        raise NotSheetable(report)
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
    if "deal" not in deal:          # already a sheet: kept as written (its scores may be unwritten)
        return dict(deal)
    assert report.outcomes is not None
    outcome = report.outcomes[i]
    score = report.scores[i]
    assert outcome is not None and score is not None    # a valid played deal has both
    out = game.to_sheet({k: v for k, v in deal.items() if k != "notes"}, outcome)
    written = {k: v for k, v in (deal.get("result") or {}).items() if k.startswith("_")}
    out["result"] = {**score.result(), **written}
    _keep_notes(deal, out, out)
    return out


def _tournament_sheet(record: dict[str, Any]) -> dict[str, Any]:
    """The (valid) tournament with each table's inline deals reduced to sheets, as the table's
    session (the tournament's game and rules, the seated entrants' names) reduces."""
    names = {e["id"]: e["name"] for e in record["entrants"]}
    out = {k: v for k, v in record.items() if k not in ("rounds", "notes")}
    out["rounds"] = []
    for rnd in record["rounds"]:
        tables = []
        for table in rnd["tables"]:
            if "deals" in table:
                session = {"tarockrec": 1, "game": record["game"],
                           **({"rules": record["rules"]} if "rules" in record else {}),
                           "players": [names[s] for s in table["seats"]],
                           "deals": table["deals"]}
                table = {**table, "deals": to_sheet(session)["deals"]}
            tables.append(table)
        out["rounds"].append({**rnd, "tables": tables})
    _keep_notes(record, out, out)
    return out


def _keep_notes(source: dict[str, Any], target: dict[str, Any], doc: dict[str, Any]) -> None:
    """The notes of ``source`` whose anchor is still a place of the sheet ``doc``."""
    notes = [n for n in source.get("notes") or []
             if pointer_get(doc, n["at"]) is not MISSING]
    if notes:
        target["notes"] = notes

