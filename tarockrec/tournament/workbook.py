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
into a workbook; a number a spreadsheet would round (more than 15 significant digits) is
written as text.
"""
from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..findings import Finding

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


def read_sheet(path: str, xlsx: bool | None = None) -> Sheet:
    """The first sheet of a CSV file or an .xlsx workbook (the sheet ``results`` if it has
    one). ``xlsx``: which the file is (``import sheet`` or ``csv``); None: by its name."""
    if _is_xlsx(path, xlsx):
        return _read_xlsx(path)
    try:
        with open(path, "rb") as fp:
            raw = fp.read()
        if raw.startswith(b"PK\x03\x04"):
            raise WorkbookError(f"{path}: an .xlsx workbook (a zip file), not a CSV file: "
                                "import it with import sheet")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:  # Excel's plain "CSV" in Western Europe: Windows-1252
            text = raw.decode("cp1252")
        # European Excel separates by semicolons, its "text" by tabs: the header tells which
        header = text.split("\n", 1)[0]
        sep = max((",", ";", "\t"), key=header.count)
        rows = [list(r) for r in csv.reader(io.StringIO(text, newline=""), delimiter=sep)]
    except UnicodeDecodeError:
        raise WorkbookError(f"{path}: not a CSV text file (neither UTF-8 nor Windows-1252)") \
            from None
    except (OSError, csv.Error) as err:
        raise WorkbookError(f"{path}: {err}") from None
    if not rows:
        raise WorkbookError(f"{path}: the file is empty")
    return Sheet(Path(path).name, [h.strip() for h in rows[0]], rows[1:])


def _is_xlsx(path: str, xlsx: bool | None) -> bool:
    return path.lower().endswith(".xlsx") if xlsx is None else xlsx


def read_deals(path: str, xlsx: bool | None = None) -> Sheet | None:
    """A workbook's sheet ``deals`` (one row per deal), or a CSV file of deals; None for a
    workbook without one."""
    if not _is_xlsx(path, xlsx):
        return read_sheet(path, False)
    sheet = _read_xlsx(path, "deals")
    return sheet if sheet.header else None


@dataclass(frozen=True)
class UnsavedFormula:
    """A formula cell whose value the workbook does not hold: a program that wrote it without
    computing it (a script, openpyxl) saves only the formula, and no value can be read."""

    formula: str
    cell: str                   # its reference, e.g. ``G7``

    def __str__(self) -> str:
        return self.formula

    def why(self) -> str:
        return (f"cell {self.cell} holds a formula ({self.formula}) whose value was not saved "
                "in the workbook: open and save the workbook in a spreadsheet program (which "
                "computes it), or enter the value")


def _read_xlsx(path: str, name: str | None = None) -> Sheet:
    try:
        import openpyxl
    except ImportError:
        raise WorkbookError("reading .xlsx needs openpyxl: pip install 'tarockrec[xlsx]'") \
            from None
    try:
        # the formulas first: a formula cell's saved value is read only where there are any
        # (opened as a file: openpyxl refuses a name not ending in .xlsx, and the subcommand,
        # not the name, says what the file is)
        with open(path, "rb") as fp:
            wb = openpyxl.load_workbook(fp, read_only=True)
            if name is not None and name not in wb.sheetnames:
                wb.close()
                return Sheet(name, [], [])
            ws = wb[name or "results"] if (name or "results") in wb.sheetnames else \
                wb.worksheets[0]
            title = ws.title
            rows: list[list[Any]] = []
            formulas: dict[tuple[int, int], UnsavedFormula] = {}
            for k, cells in enumerate(ws.iter_rows()):
                rows.append([c.value for c in cells])
                formulas.update(((k, j), UnsavedFormula(_formula_text(c.value), c.coordinate))
                                for j, c in enumerate(cells) if c.data_type == "f")
            wb.close()
            if formulas:
                fp.seek(0)
                _saved_values(openpyxl.load_workbook(fp, read_only=True, data_only=True),
                              title, rows, formulas)
    except Exception as err:                    # openpyxl raises many kinds on a bad file
        raise WorkbookError(f"{path}: not a readable .xlsx workbook ({err}); import csv reads "
                            "a CSV file") from None
    rows = [["" if v is None else v for v in r] for r in rows]
    if not rows:
        raise WorkbookError(f"{path}: sheet {title!r} is empty")
    return Sheet(title, [str(h).strip() for h in rows[0]], rows[1:])


def _saved_values(wb: Any, title: str, rows: list[list[Any]],
                  formulas: dict[tuple[int, int], UnsavedFormula]) -> None:
    """Put the saved values of the sheet's formula cells into ``rows`` (read for their
    formulas); a formula without a saved value is an ``UnsavedFormula``."""
    for (k, j), unsaved in formulas.items():
        rows[k][j] = unsaved
    for k, values in enumerate(wb[title].iter_rows(values_only=True)):
        for j, value in enumerate(values):
            if (k, j) in formulas and value is not None:
                rows[k][j] = value
    wb.close()


def _formula_text(value: Any) -> str:
    """A formula as the spreadsheet shows it (an array formula's text is its ``text``)."""
    return str(getattr(value, "text", value))


#: a cell's whole number: ASCII digits, at most 18 of them (any score fits; more is a slip,
#: and would not fit the archive's 64-bit integers)
WHOLE_TEXT = re.compile(r"-?[0-9]{1,18}")
WHOLE_MAX = 10 ** 18


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and not -WHOLE_MAX < value < WHOLE_MAX:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value).strip()
    return int(text) if WHOLE_TEXT.fullmatch(text) else None


def import_sheet(sheet: Sheet, game: str, rules: str | None = None,
                 event: str | None = None, deals: Sheet | None = None) -> Imported:
    """A tournament record (tables with their written totals) from a director's sheet, and
    the tables' deals from a ``deals`` sheet (one row per deal, ``deal_rows``) where there is
    one; every problem names the sheet, the row and the column (``IMPORT-SHEET``)."""
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
        if all(str(v).strip() == "" for v in row.values()) or _unsaved(row, k, bad):
            continue
        _one_row(row, k, sheet, extra, register, tables, bad)
    if out.findings:
        return out
    rec = _record(game, rules, event, register, tables, extra)
    if deals is not None:
        add_deals(rec, deals, out.findings)
    out.record = None if out.findings else rec
    return out


def _unsaved(row: dict[str, Any], k: int, bad: Any) -> bool:
    """Whether a row has formula cells without a saved value (each one is said)."""
    found = [(column, v) for column, v in row.items() if isinstance(v, UnsavedFormula)]
    for column, v in found:
        bad(k, column, v.why())
    return bool(found)


def _one_row(row: dict[str, Any], k: int, sheet: Sheet, extra: list[str],
             register: dict[str, dict[str, Any]],
             tables: dict[tuple[int, str], dict[int, tuple[str, int, dict[str, Any]]]],
             bad: Any) -> None:
    nums = {c: _whole(row[c]) for c in WHOLE}
    for c, v in nums.items():
        if v is None:
            bad(k, c, f"{row[c]!r} is not a whole number (of at most 18 digits)")
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


def xlsx_bytes(rows: Iterable[list[Any]], sheet: str = "results", numbers: bool = False,
               more: Iterable[tuple[str, Iterable[list[Any]]]] = ()) -> bytes:
    """A workbook holding ``rows`` on its first sheet (and ``more`` sheets by name), each
    header bold; ``numbers``: text cells that read as numbers (from a CSV) become numbers."""
    try:
        import openpyxl
        from openpyxl.styles import Font
    except ImportError:
        raise WorkbookError("writing .xlsx needs openpyxl: pip install 'tarockrec[xlsx]'") \
            from None
    wb = openpyxl.Workbook()
    first = wb.active
    assert first is not None
    for name, content in [(sheet, rows), *more]:
        ws = first if name == sheet else wb.create_sheet(name)
        ws.title = name
        for k, row in enumerate(content):
            ws.append([_cell(x) if numbers else _exact(x) for x in row])
            if k == 0:
                for c in ws[1]:
                    c.font = Font(bold=True)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


#: the most significant digits a spreadsheet keeps of a number: Excel holds 15 (a double holds
#: every whole number up to 2**53, but Excel shows and computes with 15 digits and rounds the
#: rest), so a number with more is written as text, exactly as printed
EXACT_DIGITS = 15


def _cell(x: Any) -> Any:
    """A CSV cell as a workbook cell: a whole number or a decimal of at most ``EXACT_DIGITS``
    significant digits as a number, else text (a longer number too: never rounded)."""
    if isinstance(x, str) and NUMBER.match(x) and _fits(x):
        return int(x) if "." not in x else float(x)
    return x


def _fits(number: str) -> bool:
    """Whether a spreadsheet holds the written number exactly (``EXACT_DIGITS``)."""
    return len(number.lstrip("-").replace(".", "").lstrip("0")) <= EXACT_DIGITS


def _exact(x: Any) -> Any:
    """A value as a workbook cell: a whole number a spreadsheet would round as text."""
    if isinstance(x, int) and not isinstance(x, bool) and not _fits(str(x)):
        return str(x)
    return x


def csv_to_xlsx(text: str, sheet: str) -> bytes:
    """Any of tarockrec's CSV outputs as a workbook a director opens."""
    return xlsx_bytes(csv.reader(io.StringIO(text)), sheet, numbers=True)


# -- one row per deal: a table's score sheet ----------------------------------------------------
#: deal keys a deals sheet writes as JSON text in a column of their own
DEAL_JSON = ("carry", "deal", "auction", "exchange", "declarations", "play", "late_claims",
             "end", "result", "notes")
#: outcome keys whose value is a seat (written from 1 in the sheet, as the results' ``seat``)
SEAT_KEYS = ("declarer", "partner")
DEAL_COLUMNS = ("round", "table", "deal", "dealer")


def _outcome_keys() -> tuple[str, ...]:
    from ..outcome import TOP
    return tuple(TOP) + ("items",)


def deal_rows(rec: dict[str, Any]) -> Iterator[list[Any]]:
    """The deals of a tournament's tables as a score sheet: one row per deal (``round``,
    ``table``, ``deal`` (its number from 1), ``dealer`` from 1, the outcome's keys as columns —
    seats from 1, lists of numbers space-separated, the items as JSON — and every other key of
    the deal as JSON text in a column ``deal.<key>``; a deal's private ``_`` keys as columns of
    their own, their values as JSON)."""
    keys = _outcome_keys()
    rows: list[dict[str, Any]] = []
    for r, rnd in enumerate(rec["rounds"], start=1):
        for t, table in enumerate(rnd["tables"], start=1):
            for k, deal in enumerate(table.get("deals", ()), start=1):
                row: dict[str, Any] = {"round": r, "table": table.get("table", str(t)),
                                       "deal": k}
                if "dealer" in deal:
                    row["dealer"] = deal["dealer"] + 1
                for key, value in (deal.get("outcome") or {}).items():
                    row[key] = _sheet_value(key, value)
                for key, value in deal.items():
                    if key in DEAL_JSON:
                        row["deal." + key] = json.dumps(value, ensure_ascii=False)
                    elif key.startswith("_"):
                        row[key] = json.dumps(value, ensure_ascii=False)
                rows.append(row)
    columns = list(DEAL_COLUMNS) + [k for k in keys if any(k in r for r in rows)] + \
        [f"deal.{k}" for k in DEAL_JSON if any(f"deal.{k}" in r for r in rows)] + \
        sorted({k for r in rows for k in r if k.startswith("_")})
    yield columns
    for row in rows:
        yield [row.get(c, "") for c in columns]


def _sheet_value(key: str, value: Any) -> Any:
    if key in SEAT_KEYS:
        return "" if value is None else value + 1
    if isinstance(value, list) and all(isinstance(x, int) for x in value):
        return " ".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return value


def add_deals(rec: dict[str, Any], sheet: Sheet, bad_out: list[Finding]) -> None:
    """Attach a deals sheet's rows to the tables of ``rec`` (matched by round and table), in
    the order of their ``deal`` column; each problem names the sheet, row and column."""
    def bad(row: int, column: str, why: str) -> None:
        bad_out.append(Finding("IMPORT-SHEET", f"sheet {sheet.name!r}, row {row}, column "
                               f"{column!r}: {why}", ""))
    header = list(sheet.header)
    for c in ("round", "table", "deal"):
        if c not in header:
            bad(1, c, "the column is missing (needed: round, table, deal)")
    if bad_out:
        return
    tables = {(r, str(t.get("table", k + 1))): t for r, rnd in enumerate(rec["rounds"], start=1)
              for k, t in enumerate(rnd["tables"])}
    got: dict[tuple[int, str], dict[int, dict[str, Any]]] = {}
    for k, cells in enumerate(sheet.rows, start=2):
        row = dict(zip(header, list(cells) + [""] * (len(header) - len(cells))))
        if all(str(v).strip() == "" for v in row.values()) or _unsaved(row, k, bad):
            continue
        rnd, num = _whole(row["round"]), _whole(row["deal"])
        where = (rnd or 0, str(row["table"]).strip())
        if rnd is None or num is None or where not in tables:
            column = "round" if rnd is None else "deal" if num is None else "table"
            bad(k, column, f"no table {row['table']} in round {row['round']} of the results, "
                "or not a whole number")
            continue
        deal = _deal_of(row, k, bad)
        if deal is not None:
            got.setdefault(where, {})[num] = deal
    for where, deals in got.items():
        tables[where]["deals"] = [deals[n] for n in sorted(deals)]


def _deal_of(row: dict[str, Any], k: int, bad: Any) -> dict[str, Any] | None:
    keys = _outcome_keys()
    deal: dict[str, Any] = {}
    outcome: dict[str, Any] = {}
    for column, cell in row.items():
        text = str(cell).strip()
        if column in ("round", "table", "deal") or text == "":
            continue
        try:
            if column == "dealer":
                deal["dealer"] = _seat_cell(cell)
            elif column in keys:
                outcome[column] = _outcome_cell(column, cell)
            elif column.startswith("deal.") and column[5:] in DEAL_JSON:
                deal[column[5:]] = json.loads(text)
            elif column.startswith("_"):
                deal[column] = json.loads(text)
            else:
                deal["_" + column] = _plain(cell)
        except ValueError as err:
            bad(k, column, f"{text!r} cannot be read ({err})")
            return None
    if outcome:
        deal["outcome"] = outcome
    return deal


def _seat_cell(cell: Any) -> int:
    seat = _whole(cell)
    if seat is None or seat < 1:
        raise ValueError("a seat from 1")
    return seat - 1


def _outcome_cell(key: str, cell: Any) -> Any:
    from ..outcome import TOP
    kind = TOP.get(key, "json")
    text = str(cell).strip()
    if kind == "seat":
        return _seat_cell(cell)
    if kind == "int":
        n = _whole(cell)
        if n is None:
            raise ValueError("a whole number")
        return n
    if kind == "bool":
        if text.lower() not in ("true", "false", "1", "0"):
            raise ValueError("true or false")
        return text.lower() in ("true", "1")
    if kind == "ints":
        values = [_whole(x) for x in text.split()]
        if None in values:
            raise ValueError("whole numbers separated by spaces")
        return values
    if kind == "str":
        return text
    return json.loads(text)
