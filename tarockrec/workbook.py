"""A tournament director's spreadsheet, in and out (docs/tournaments.md, "A director's
spreadsheet"): one row per entrant per round and table.

| column | meaning |
| --- | --- |
| ``round`` | the round, from 1 |
| ``table`` | the table's name or number |
| ``seat`` | the seat at the table, from 1 (seat 1 is the record's seat 0) |
| ``entrant`` | the entrant's id (the register's key) |
| ``name`` | the entrant's name |
| ``club`` | optional: the entrant's club |
| ``points`` | the entrant's result at that table (the table's written totals) |

Any other column is kept: its values go to the table as a private field ``_<column>`` (one
value per seat) and come back out as the same column. The CSV is read with the csv module; an
.xlsx workbook with openpyxl (the optional ``xlsx`` extra), its first sheet (or the one named
``results``). ``csv_to_xlsx`` turns any of tarockrec's CSV outputs (``standings``, ``score``)
into a workbook.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from .findings import Finding

COLUMNS = ("round", "table", "seat", "entrant", "name", "club", "points")
REQUIRED = ("round", "table", "seat", "entrant", "name", "points")
WHOLE = ("round", "seat", "points")
NUMBER = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?$")


class WorkbookError(ValueError):
    """The file cannot be read as a spreadsheet at all (not the rows' problems)."""


@dataclass
class Sheet:
    """The cells of one sheet: its name, its header and its rows (row 2 onwards)."""

    name: str
    header: list[str]
    rows: list[list[Any]]


@dataclass
class Imported:
    record: dict[str, Any] | None
    findings: list[Finding] = field(default_factory=list)


def read_sheet(path: str) -> Sheet:
    """The first sheet of a CSV file or an .xlsx workbook (the sheet ``results`` if it has
    one)."""
    if path.lower().endswith(".xlsx"):
        return _read_xlsx(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as fp:
            rows = [list(r) for r in csv.reader(fp)]
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise WorkbookError(f"{path}: {err}") from None
    if not rows:
        raise WorkbookError(f"{path}: the file is empty")
    return Sheet(Path(path).name, [h.strip() for h in rows[0]], rows[1:])


def _read_xlsx(path: str) -> Sheet:
    try:
        import openpyxl
    except ImportError:
        raise WorkbookError("reading .xlsx needs openpyxl: pip install 'tarockrec[xlsx]'") \
            from None
    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as err:                    # openpyxl raises many kinds on a bad file
        raise WorkbookError(f"{path}: not a readable .xlsx workbook ({err})") from None
    ws = wb["results"] if "results" in wb.sheetnames else wb.worksheets[0]
    rows = [["" if c is None else c for c in r] for r in ws.iter_rows(values_only=True)]
    wb.close()
    if not rows:
        raise WorkbookError(f"{path}: sheet {ws.title!r} is empty")
    return Sheet(ws.title, [str(h).strip() for h in rows[0]], rows[1:])


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value).strip()
    return int(text) if text.lstrip("-").isdigit() else None


def import_sheet(sheet: Sheet, game: str, rules: str | None = None,
                 event: str | None = None) -> Imported:
    """A tournament record (tables with their written totals) from a director's sheet; every
    problem names the sheet, the row and the column (``IMPORT-SHEET``)."""
    out = Imported(None)

    def bad(row: int, column: str, why: str) -> None:
        out.findings.append(Finding("IMPORT-SHEET", f"sheet {sheet.name!r}, row {row}, column "
                                    f"{column!r}: {why}", ""))
    header = [h.lower() for h in sheet.header]
    missing = [c for c in REQUIRED if c not in header]
    for c in missing:
        bad(1, c, "the column is missing (needed: " + ", ".join(REQUIRED) + ")")
    if missing:
        return out
    extra = [h for h in sheet.header if h.lower() not in COLUMNS and h]
    register: dict[str, dict[str, Any]] = {}
    tables: dict[tuple[int, str], dict[int, tuple[str, int, dict[str, Any]]]] = {}
    for k, cells in enumerate(sheet.rows, start=2):
        row = dict(zip(header, list(cells) + [""] * (len(header) - len(cells))))
        if all(str(v).strip() == "" for v in row.values()):
            continue
        _one_row(row, k, sheet, extra, register, tables, bad)
    if out.findings:
        return out
    out.record = _record(game, rules, event, register, tables, extra)
    return out


def _one_row(row: dict[str, Any], k: int, sheet: Sheet, extra: list[str],
             register: dict[str, dict[str, Any]],
             tables: dict[tuple[int, str], dict[int, tuple[str, int, dict[str, Any]]]],
             bad: Any) -> None:
    nums = {c: _whole(row[c]) for c in WHOLE}
    for c, v in nums.items():
        if v is None:
            bad(k, c, f"{row[c]!r} is not a whole number")
    eid, name = str(row["entrant"]).strip(), str(row["name"]).strip()
    if not eid:
        bad(k, "entrant", "the entrant's id is empty")
    rnd, seat, points = nums["round"], nums["seat"], nums["points"]
    if rnd is not None and rnd < 1:
        bad(k, "round", "rounds count from 1")
    if seat is not None and seat < 1:
        bad(k, "seat", "seats count from 1")
    if rnd is None or seat is None or points is None or not eid or rnd < 1 or seat < 1:
        return
    entrant = {"id": eid, "name": name}
    club = str(row.get("club", "")).strip()
    if club:
        entrant["club"] = club
    known = register.setdefault(eid, entrant)
    if known != entrant:
        bad(k, "name" if known["name"] != name else "club", f"entrant {eid} is "
            f"{known['name']!r}{' of ' + known['club'] if known.get('club') else ''} in an "
            "earlier row")
        return
    seats = tables.setdefault((rnd, str(row["table"]).strip()), {})
    if seat in seats:
        bad(k, "seat", f"seat {seat} of table {row['table']} in round {rnd} is already taken")
        return
    seats[seat] = (eid, points, {h: row[h.lower()] for h in extra})


def _record(game: str, rules: str | None, event: str | None,
            register: dict[str, dict[str, Any]],
            tables: dict[tuple[int, str], dict[int, tuple[str, int, dict[str, Any]]]],
            extra: list[str]) -> dict[str, Any]:
    rec: dict[str, Any] = {"tarockrec": 1, "game": game}
    if rules:
        rec["rules"] = {"name": rules}
    if event:
        rec["event"] = {"name": event}
    rec["entrants"] = list(register.values())
    n_rounds = max((r for r, _ in tables), default=0)
    rec["rounds"] = []
    for r in range(1, n_rounds + 1):
        seated: set[str] = set()
        out_tables = []
        for (rr, name), seats in tables.items():
            if rr != r:
                continue
            order = [seats[s] for s in sorted(seats)]
            table: dict[str, Any] = {"table": name, "seats": [e for e, _, _ in order],
                                     "result": {"totals": [p for _, p, _ in order]}}
            for h in extra:
                table["_" + h] = [_plain(x[h]) for _, _, x in order]
            seated.update(table["seats"])
            out_tables.append(table)
        rnd: dict[str, Any] = {"tables": out_tables}
        absent = [e for e in register if e not in seated]
        if absent:
            rnd["absent"] = absent
        rec["rounds"].append(rnd)
    return rec


def _plain(v: Any) -> Any:
    """A cell as JSON keeps it (dates and times as text)."""
    return v if isinstance(v, (str, int, float, bool)) or v is None else str(v)


def record_rows(rec: dict[str, Any]) -> Iterator[list[Any]]:
    """A tournament record back as the director's sheet: the header, then one row per
    entrant per round and table (tables with their written totals, or the session's totals
    where the record has them in ``result``), the private ``_`` columns after ``points``."""
    names = {e["id"]: e for e in rec["entrants"]}
    extra: list[str] = []
    for rnd in rec["rounds"]:
        for t in rnd["tables"]:
            extra += [k[1:] for k in t if k.startswith("_") and k[1:] not in extra
                      and isinstance(t[k], list) and len(t[k]) == len(t["seats"])]
    yield list(COLUMNS) + extra
    for r, rnd in enumerate(rec["rounds"], start=1):
        for t, table in enumerate(rnd["tables"], start=1):
            totals = (table.get("result") or {}).get("totals") or [None] * len(table["seats"])
            for s, eid in enumerate(table["seats"]):
                e = names.get(eid, {})
                yield [r, table.get("table", str(t)), s + 1, eid, e.get("name", ""),
                       e.get("club", ""), totals[s]] + \
                    [table.get("_" + h, [""] * (s + 1))[s] for h in extra]


def rows_csv(rows: Iterable[list[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for row in rows:
        w.writerow(["" if x is None else x for x in row])
    return buf.getvalue()


def xlsx_bytes(rows: Iterable[list[Any]], sheet: str = "results", numbers: bool = False) -> bytes:
    """A workbook of one sheet holding ``rows``, the header bold; ``numbers``: text cells
    that read as numbers (from a CSV) become numbers."""
    try:
        import openpyxl
        from openpyxl.styles import Font
    except ImportError:
        raise WorkbookError("writing .xlsx needs openpyxl: pip install 'tarockrec[xlsx]'") \
            from None
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = sheet
    for k, row in enumerate(rows):
        ws.append([_cell(x) for x in row] if numbers else list(row))
        if k == 0:
            for c in ws[1]:
                c.font = Font(bold=True)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _cell(x: Any) -> Any:
    """A CSV cell as a workbook cell: a whole number or a decimal as a number, else text."""
    if isinstance(x, str) and NUMBER.match(x):
        return int(x) if "." not in x else float(x)
    return x


def csv_to_xlsx(text: str, sheet: str) -> bytes:
    """Any of tarockrec's CSV outputs as a workbook a director opens."""
    return xlsx_bytes(csv.reader(io.StringIO(text)), sheet, numbers=True)
