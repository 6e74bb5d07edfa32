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
``results``) — both through the one door in and under the caps below (docs/safety.md). Sheets
are written through the one cell writer (``cells``): ``rows_csv``, ``xlsx_bytes``.
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


#: the caps of a sheet (issue 39, item 4; docs/safety.md): the bytes of a CSV file (as stored
#: and decompressed) and of a workbook's parts once inflated, counted before anything is
#: parsed; the rows and columns of a sheet and a workbook's shared strings, counted as they
#: are read. A director's sheet of 200 entrants and 10 rounds has 2,000 rows of 8 columns, a
#: deals sheet of 50 tables a round 12,000 rows of about 25
SHEET_MAX_BYTES = 64 << 20
SHEET_MAX_ROWS = 100_000
SHEET_MAX_COLUMNS = 64
SHEET_MAX_STRINGS = 1_000_000
#: the deepest a JSON value in a deals sheet's cell may nest (a deal's parts nest about 5 deep)
CELL_MAX_DEPTH = 64


@dataclass
class Sheet:
    """The cells of one sheet: its name, its header and its rows (row 2 onwards); ``merged``:
    its merged cells' ranges (``A1:G1``)."""

    name: str
    header: list[str]
    rows: list[list[Any]]
    merged: list[str] = field(default_factory=list)


@dataclass
class Imported:
    record: dict[str, Any] | None
    findings: list[Finding] = field(default_factory=list)


def read_sheet(path: str, xlsx: bool | None = None) -> Sheet:
    """The first sheet of a CSV file or an .xlsx workbook (the sheet ``results`` if it has
    one), read through the one door in (``sources.read_capped``: never a FIFO, a device or a
    folder) under the caps above. ``xlsx``: which the file is (``import sheet`` or ``csv``);
    None: by its name."""
    if _is_xlsx(path, xlsx):
        return _read_xlsx(path)
    from .. import sources
    from ..codecs.bounds import TooLarge
    try:
        raw = sources.read_capped(path, SHEET_MAX_BYTES)
    except TooLarge as err:
        raise WorkbookError(f"{path}: {err}; nothing was read") from None
    except OSError as err:
        raise WorkbookError(f"cannot read {path}: {err.strerror or err}") from None
    if raw.startswith(b"PK\x03\x04"):
        raise WorkbookError(f"{path}: an .xlsx workbook (a zip file), not a CSV file: "
                            "import it with import sheet")
    text = decode_csv(path, raw)
    # European Excel separates by semicolons, its "text" by tabs: the header tells which
    header = text.split("\n", 1)[0]
    sep = max((",", ";", "\t"), key=header.count)
    rows: list[list[str]] = []
    cells = 0
    try:
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=sep):
            _bound(path, len(rows) + 1, len(row), cells)
            cells += len(row)
            rows.append(row)
    except csv.Error as err:
        raise WorkbookError(f"{path}: not a CSV file ({err})") from None
    if not rows:
        raise WorkbookError(f"{path}: the file is empty")
    return Sheet(Path(path).name, [h.strip() for h in rows[0]], rows[1:])


def _bound(path: str, row: int, columns: int, cells: int) -> None:
    """``WorkbookError`` when a sheet runs past a cap at ``row``."""
    if row > SHEET_MAX_ROWS:
        raise WorkbookError(f"{path}: the sheet has more than {SHEET_MAX_ROWS:,} rows, the most "
                            "one may have; nothing was read")
    if columns > SHEET_MAX_COLUMNS:
        raise WorkbookError(f"{path}: row {row} has {columns:,} cells, more than the "
                            f"{SHEET_MAX_COLUMNS} columns a sheet may have; nothing was read")
    if cells > SHEET_MAX_ROWS * 8:
        raise WorkbookError(f"{path}: the sheet holds more than {SHEET_MAX_ROWS * 8:,} cells, "
                            "the most one may hold; nothing was read")


#: a multi-byte UTF-8 character (its lead byte and continuation bytes)
_UTF8_CHAR = re.compile(rb"[\xc2-\xf4][\x80-\xbf]+")


def decode_csv(path: str, raw: bytes) -> str:
    """The text of a CSV file: UTF-8 (a BOM skipped), UTF-16 (with its BOM, or told by the
    NUL byte of every other byte, as Excel's "Unicode text" saves), or Windows-1252 (Excel's
    plain "CSV" in Western Europe). A file that mixes UTF-8 and Windows-1252 is refused (read
    as either, some names would come out garbled, "JÃ¼rgen")."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        order = "utf-16"
    else:
        head = raw[:4096]
        evens, odds = head[0::2], head[1::2]
        order = ("utf-16-le" if len(head) >= 4 and odds.count(0) > len(odds) * 0.9
                 and evens.count(0) < len(evens) * 0.1 else
                 "utf-16-be" if len(head) >= 4 and evens.count(0) > len(evens) * 0.9
                 and odds.count(0) < len(odds) * 0.1 else "")
    if order:
        try:
            return raw.decode(order)
        except UnicodeDecodeError:
            raise WorkbookError(f"{path}: the file looks like UTF-16 text but is not valid "
                                "UTF-16; save it again as CSV UTF-8") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        bad = err.start
    if _UTF8_CHAR.search(raw):
        line = raw.count(b"\n", 0, bad) + 1
        good = raw.count(b"\n", 0, _UTF8_CHAR.search(raw).start()) + 1  # type: ignore[union-attr]
        raise WorkbookError(f"{path}: the file mixes two encodings: line {good} is UTF-8 and "
                            f"line {line} is not (Windows-1252?); read as either, some names "
                            "would come out garbled; save the file again as CSV UTF-8")
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        raise WorkbookError(f"{path}: not a CSV text file (neither UTF-8 nor UTF-16 nor "
                            "Windows-1252)") from None


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


_MERGE = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]+[0-9]+(?::[A-Z]+[0-9]+)?)"')
_ROW = re.compile(rb"<(?:\w+:)?row[\s>/]")
_STRING = re.compile(rb"<(?:\w+:)?si[\s>/]")


def _inspect_xlsx(path: str) -> dict[str, list[str]]:
    """Before openpyxl parses anything: the workbook's parts, by their declared sizes (which
    the zip reader holds them to) and as streamed, within the caps (``WorkbookError``
    otherwise); returns each worksheet part's merged ranges."""
    import zipfile
    from .. import sources
    try:
        sources.check_input(path, stdin=False)
        archive = zipfile.ZipFile(path)
    except OSError as err:
        raise WorkbookError(f"cannot read {path}: {err.strerror or err}") from None
    except (zipfile.BadZipFile, ValueError) as err:
        raise WorkbookError(f"{path}: not a readable .xlsx workbook ({err}); import csv reads "
                            "a CSV file") from None
    merged: dict[str, list[str]] = {}
    with archive:
        infos = archive.infolist()
        inflated = sum(i.file_size for i in infos)
        if inflated > SHEET_MAX_BYTES or len(infos) > 10_000:
            raise WorkbookError(f"{path}: the workbook inflates to {inflated:,} bytes, more "
                                f"than the {SHEET_MAX_BYTES:,} a workbook may; nothing was read")
        for info in infos:
            name = info.filename
            sheet = name.startswith("xl/worksheets/") and name.endswith(".xml")
            strings = name == "xl/sharedStrings.xml"
            if not (sheet or strings):
                continue
            count, found = _stream_count(archive, info, _ROW if sheet else _STRING, path)
            if sheet and count > SHEET_MAX_ROWS:
                raise WorkbookError(f"{path}: a sheet has more than {SHEET_MAX_ROWS:,} rows, "
                                    "the most one may have; nothing was read")
            if strings and count > SHEET_MAX_STRINGS:
                raise WorkbookError(f"{path}: the workbook holds more than "
                                    f"{SHEET_MAX_STRINGS:,} texts, the most one may; nothing "
                                    "was read")
            if sheet:
                merged[name] = found
    return merged


def _stream_count(archive: Any, info: Any, mark: re.Pattern[bytes],
                  path: str) -> tuple[int, list[str]]:
    """How often ``mark`` occurs in a part (read a piece at a time), and its merged ranges."""
    import zipfile
    count, tail, merges = 0, b"", []
    try:
        with archive.open(info) as fp:
            while piece := fp.read(1 << 20):
                # a mark is counted in the piece it starts in: those starting in the last 64
                # bytes (a mark is shorter) wait for the next piece
                data = tail + piece
                cut = max(0, len(data) - 64)
                count += sum(1 for m in mark.finditer(data) if m.start() < cut)
                merges += [m.group(1).decode() for m in _MERGE.finditer(data)
                           if m.start() < cut]
                tail = data[cut:]
        count += len(mark.findall(tail))
        merges += [m.decode() for m in _MERGE.findall(tail)]
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError) as err:
        raise WorkbookError(f"{path}: not a readable .xlsx workbook ({err})") from None
    return count, merges


def _read_xlsx(path: str, name: str | None = None) -> Sheet:
    from .. import sources
    from ..cells import NoWorkbook, need_openpyxl
    try:
        openpyxl = need_openpyxl()
    except NoWorkbook as err:
        raise WorkbookError(str(err)) from None
    merges = _inspect_xlsx(path)
    try:
        # opened as a file through the door in: openpyxl refuses a name not ending in .xlsx,
        # and the subcommand, not the name, says what the file is
        fp = sources.open_input(path, records=False)
    except OSError as err:
        raise WorkbookError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        with fp:
            # the formulas first: a formula cell's saved value is read only where there are any
            wb = openpyxl.load_workbook(fp, read_only=True)
            if name is not None and name not in wb.sheetnames:
                wb.close()
                return Sheet(name, [], [])
            ws = wb[name or "results"] if (name or "results") in wb.sheetnames else \
                wb.worksheets[0]
            title = ws.title
            merged = merges.get(str(getattr(ws, "_worksheet_path", "")).lstrip("/"), [])
            rows: list[list[Any]] = []
            formulas: dict[tuple[int, int], UnsavedFormula] = {}
            cells = 0
            for k, row in enumerate(ws.iter_rows(max_row=SHEET_MAX_ROWS + 1,
                                                 max_col=SHEET_MAX_COLUMNS + 1)):
                values = [c.value for c in row]
                while values and values[-1] is None:
                    values.pop()
                _bound(path, k + 1, len(values), cells)
                cells += len(values)
                rows.append(values)
                formulas.update(((k, j), UnsavedFormula(_formula_text(c.value), c.coordinate))
                                for j, c in enumerate(row[:len(values)]) if c.data_type == "f")
            wb.close()
            if formulas:
                fp.seek(0)
                _saved_values(openpyxl.load_workbook(fp, read_only=True, data_only=True),
                              title, rows, formulas)
    except WorkbookError:
        raise
    except Exception as err:                    # openpyxl raises many kinds on a bad file
        raise WorkbookError(f"{path}: not a readable .xlsx workbook ({err}); import csv reads "
                            "a CSV file") from None
    rows = [["" if v is None else v for v in r] for r in rows]
    while rows and not any(str(v).strip() for v in rows[-1]):
        rows.pop()
    if not rows:
        raise WorkbookError(f"{path}: sheet {title!r} is empty")
    return Sheet(title, [str(h).strip() for h in rows[0]], rows[1:], merged)


def _saved_values(wb: Any, title: str, rows: list[list[Any]],
                  formulas: dict[tuple[int, int], UnsavedFormula]) -> None:
    """Put the saved values of the sheet's formula cells into ``rows`` (read for their
    formulas); a formula without a saved value is an ``UnsavedFormula``."""
    for (k, j), unsaved in formulas.items():
        rows[k][j] = unsaved
    for k, values in enumerate(wb[title].iter_rows(max_row=len(rows),
                                                   max_col=SHEET_MAX_COLUMNS + 1,
                                                   values_only=True)):
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
    if missing:
        _no_header(sheet, missing, out.findings)
        return out
    _merged_data(sheet, out.findings)
    extra = [h for h in sheet.header if h.lower() not in COLUMNS and h]
    register: dict[str, dict[str, Any]] = {}
    tables: dict[tuple[int, str], dict[int, tuple[str, int, dict[str, Any]]]] = {}
    for k, cells in enumerate(sheet.rows, start=2):
        row = dict(zip(header, list(cells) + [""] * (len(header) - len(cells))))
        if all(str(v).strip() == "" for v in row.values()) or _unsaved(row, k, bad) \
                or _control(row, k, bad):
            continue
        _one_row(row, k, sheet, extra, register, tables, bad)
    if out.findings:
        return out
    rec = _record(game, rules, event, register, tables, extra)
    if deals is not None:
        add_deals(rec, deals, out.findings)
    out.record = None if out.findings else rec
    return out


def _no_header(sheet: Sheet, missing: list[str], found: list[Finding]) -> None:
    """Row 1 lacks required columns: where the header is when a later row holds them (a
    title row above it), merged cells named as such; else each missing column."""
    def say(why: str) -> None:
        found.append(Finding("IMPORT-SHEET", f"sheet {sheet.name!r}, row 1: {why}", ""))
    merged = [m for m in sheet.merged if _rows_of(m)[0] == 1]
    for k, cells in enumerate(sheet.rows[:20], start=2):
        names = {str(c).strip().lower() for c in cells}
        if all(c in names for c in REQUIRED):
            title = " ".join(str(c).strip() for c in sheet.header if str(c).strip())
            what = (f"merged cells {', '.join(merged)} holding {title!r}" if merged else
                    f"{title!r}" if title else "nothing")
            say(f"the columns {', '.join(REQUIRED)} are on row {k}, not on row 1, which holds "
                f"{what} (a title?): the header is on row {k}? Delete the row(s) above it")
            return
    if merged:
        say(f"row 1 holds merged cells ({', '.join(merged)}): the header row must have one "
            "column name in each cell")
    for c in missing:
        found.append(Finding("IMPORT-SHEET", f"sheet {sheet.name!r}, row 1, column {c!r}: the "
                             "column is missing (needed: " + ", ".join(REQUIRED) + ")", ""))


def _rows_of(ref: str) -> tuple[int, int]:
    """The first and last row of a range (``A1:G1``)."""
    nums = [int(re.sub("[A-Z]", "", part)) for part in ref.split(":")]
    return nums[0], nums[-1]


def _merged_data(sheet: Sheet, found: list[Finding]) -> None:
    """Merged cells below the header: a merged cell keeps its value in its first cell only,
    so the rows it spans would read as empty there."""
    for ref in sheet.merged:
        first, last = _rows_of(ref)
        if first == 1 and last == 1:
            why = ("the header row has merged cells: the header row must have one column "
                   "name in each cell")
        else:
            why = ("merged cells: a merged cell holds its value in its first cell only; "
                   "unmerge them and fill in each cell")
        found.append(Finding("IMPORT-SHEET", f"sheet {sheet.name!r}, cells {ref}: {why}", ""))


#: characters a name may not hold: the control characters (a carriage
#: return, a NUL, a tab, …), which a CSV or a workbook written from it cannot carry as written
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


#: the columns that name someone or something (an entrant, a club, a table)
NAMED = ("entrant", "name", "club", "table")


def _control(row: dict[str, Any], k: int, bad: Any) -> bool:
    """Whether a row's names hold control characters (each such cell is said)."""
    found = False
    for column in NAMED:
        v = row.get(column)
        m = CONTROL.search(v) if isinstance(v, str) else None
        if m is not None and isinstance(v, str):
            bad(k, column, f"the cell holds the control character U+{ord(m.group()):04X} "
                f"at position {m.start() + 1} ({v[:40]!r}); a name is one line of printable "
                "characters")
            found = True
    return found


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
    """Rows as CSV, through the one cell writer (``cells``)."""
    from .. import cells
    return "".join(cells.csv_row(row) for row in rows)


def xlsx_bytes(rows: Iterable[list[Any]], sheet: str = "results", numbers: bool = False,
               more: Iterable[tuple[str, Iterable[list[Any]]]] = ()) -> bytes:
    """A workbook holding ``rows`` on its first sheet (and ``more`` sheets by name), each
    header bold, through the one cell writer (``cells``: text as string cells, never
    formulas); ``numbers``: text cells that read as numbers (from a CSV) become numbers."""
    from .. import cells
    sheets = []
    for name, content in [(sheet, rows), *more]:
        listed = [[_cell(x) for x in r] if numbers else list(r) for r in content]
        sheets.append((name, listed[0] if listed else [], listed[1:]))
    try:
        return cells.xlsx(sheets)
    except cells.NoWorkbook as err:
        raise WorkbookError(str(err)) from None


def _cell(x: Any) -> Any:
    """A CSV cell as a workbook cell: a whole number or a decimal of at most
    ``cells.EXACT_DIGITS`` significant digits as a number, else text (a longer number too:
    never rounded)."""
    from ..cells import fits
    if isinstance(x, str) and NUMBER.match(x) and fits(x):
        return int(x) if "." not in x else float(x)
    return x


def csv_to_xlsx(text: str, sheet: str) -> bytes:
    """A CSV text as a workbook (numbers as numbers). The commands write their workbooks from
    their typed rows instead (``cells.xlsx``), so that an id such as "12.50" stays text."""
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
                deal[column[5:]] = _json_cell(text)
            elif column.startswith("_"):
                deal[column] = _json_cell(text)
            else:
                deal["_" + column] = _plain(cell)
        except ValueError as err:
            shown = text if len(text) <= 60 else text[:57] + "..."
            bad(k, column, f"{shown!r} cannot be read ({err})")
            return None
    if outcome:
        deal["outcome"] = outcome
    return deal


def _json_cell(text: str) -> Any:
    """A cell's JSON value, nested at most ``CELL_MAX_DEPTH`` deep (``ValueError`` else:
    deeper, the parser would run out of stack)."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:                         # counted before parsing
        if quoted:
            escaped, quoted = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > CELL_MAX_DEPTH:
        raise ValueError(f"it nests {deepest} levels deep, more than the {CELL_MAX_DEPTH} a "
                         "cell's value may")
    return json.loads(text)


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
    return _json_cell(text)
