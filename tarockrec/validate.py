"""The validator: a thin replay of a record over its game's engine.

``validate_record`` takes one record (the JSON data model) and returns a ``Report`` with every
finding (code, severity, JSON Pointer, sentence) and the recomputed score of each deal.
Nothing here raises for bad input: whatever is wrong becomes a finding.

Each record kind (deal, session, score sheet, tournament) is checked by its own module, found
through ``kinds`` by name as a game is: this module imports none of them.
"""
from __future__ import annotations

from typing import Any, Mapping

from . import kinds, schema
from .errors import Reread
from .findings import Finding, pointer_join
from .kinds import Report as Report

NOTATION_VERSION = 1


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
    kinds.get(report.kind)(rec, report, origin, deferred)    # deal, session, tournament


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


kinds.register("validator", validate_record)
