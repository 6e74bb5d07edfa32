"""How ``tarockrec validate`` words each record's report: a text block, a JSON line or a JUnit
test case. One function does it wherever the record was checked (in the main process or in a
worker), so the output is the same for every ``--jobs``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .patterns import lazy_module
from .plain import Frozen
from .sources import Entry
from .validate import Report

if TYPE_CHECKING:
    import orjson
else:       # only --format json writes with it (one record's validate does without it)
    orjson = lazy_module("orjson")

VALID, INVALID, UNREADABLE = "valid", "invalid", "unreadable"


class Style(Frozen):
    """The ``validate`` options that shape a record's report."""

    _fields = ("fmt", "quiet", "max_findings")
    fmt: str                           # text | json | junit
    quiet: bool                        # valid records print nothing
    max_findings: int | None           # findings shown per record (the rest are counted)

    def __init__(self, fmt: str = "text", quiet: bool = False,
                 max_findings: int | None = None) -> None:
        self.fmt = fmt
        self.quiet = quiet
        self.max_findings = max_findings



def status(entry: Entry, rep: Report) -> str:
    """``valid``, ``invalid`` or ``unreadable`` (what ``validate`` counts and its ``--format
    json`` reports). A record with no error is valid: no finding of validation is a warning
    (the one that is not an error, SHEET-UNVERIFIED, is information)."""
    if entry.problem is not None:
        return UNREADABLE
    if not rep.valid:
        return INVALID
    return VALID


def json_line(d: dict[str, Any]) -> str:
    """One JSON Lines report line; a name that is not valid Unicode (a file name of undecodable
    bytes) is written with escapes instead of failing."""
    try:
        return orjson.dumps(d).decode() + "\n"
    except TypeError:
        import json
        return json.dumps(d, ensure_ascii=True) + "\n"


def json_array(items: Iterable[Any]) -> str:
    """An array in the one style of every ``--format json``: one compact object a line
    between ``[`` and ``]`` lines (as ``score`` writes its rows, ``validate`` its lines)."""
    body = ",\n".join(json_line(v).rstrip("\n") for v in items)
    return "[\n" + body + "\n]\n" if body else "[\n]\n"


def unreadable(entry: Entry) -> str:
    """One line for an input that cannot be read, naming the file once: a file that cannot be
    opened is its ``IO-ERROR`` alone (its sentence names the file), anything else the record's
    label and the finding."""
    problem = entry.problem
    assert problem is not None
    if problem.code == "IO-ERROR" and not problem.pointer and problem.line is None \
            and entry.source in problem.message:
        return f"{problem.message} [{problem.code}]"
    return f"{label(entry, True)}: {problem}"


def label(entry: Entry, many: bool | None = None) -> str:
    """The file name, and the record number and line when the file holds several records
    (``many``: by default when the record is not the first or has a line of its own)."""
    if not (many if many is not None else entry.index > 1 or entry.line is not None):
        return entry.source
    line = f", line {entry.line}" if entry.line is not None else ""
    return f"{entry.source} #{entry.index}{line}"


def render(entry: Entry, rep: Report, style: Style) -> tuple[str, str]:
    """(status, what ``validate`` prints for the record: "" when ``quiet`` hides it)."""
    state = status(entry, rep)
    if style.quiet and state == VALID:
        return state, ""
    shown = rep.findings if style.max_findings is None else rep.findings[:style.max_findings]
    hidden = len(rep.findings) - len(shown)
    if style.fmt == "json":
        d = rep.as_dict()
        d["status"] = state
        d["findings"] = [f.as_dict() for f in shown]
        if hidden:
            d["findings_not_shown"] = hidden
        d["source"] = entry.source
        return state, json_line(d)
    if style.fmt == "junit":
        return state, junit_case(entry, rep, state, shown, hidden)
    what = f" ({rep.game} {rep.kind})" if rep.game and rep.kind else ""
    out = [f"{label(entry)}: {state if state == VALID else state.upper()}{what}\n"]
    for f in shown:
        tag = "" if f.severity == "error" else f"{f.severity}: "
        out.append(f"  {tag}{f}\n")
    if hidden:
        out.append(f"  … and {hidden} more finding(s) (--max-findings {style.max_findings})\n")
    return state, "".join(out)


def junit_case(entry: Entry, rep: Report, state: str, shown: list[Any], hidden: int) -> str:
    from xml.sax.saxutils import escape, quoteattr
    name = quoteattr(label(entry).encode("utf-8", "backslashreplace").decode())
    kind = quoteattr(f"{rep.game or 'unknown'} {rep.kind or 'record'}")
    if state == VALID:
        return f"  <testcase classname={kind} name={name}/>\n"
    text = "".join(f"{f}\n" for f in shown) + (f"… and {hidden} more\n" if hidden else "")
    text = text.encode("utf-8", "backslashreplace").decode()
    tag = "error" if state == UNREADABLE else "failure"
    first = quoteattr(shown[0].code if shown else state)
    return (f"  <testcase classname={kind} name={name}>\n"
            f"    <{tag} type={first} message={first}>{escape(text)}</{tag}>\n"
            "  </testcase>\n")


def junit(cases: list[str], counts: dict[str, int]) -> str:
    total = sum(counts.values())
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<testsuite name="tarockrec validate" tests="{total}" '
            f'failures="{counts[INVALID]}" errors="{counts[UNREADABLE]}">\n'
            + "".join(cases) + "</testsuite>\n")
