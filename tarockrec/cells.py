"""The one cell writer (issue 39, part 2): every spreadsheet output — each ``--format csv``
and ``--format xlsx`` — writes its cells here, so that a name is never read back as a
formula and a text is never read back as a number.

* CSV (RFC 4180): a field holding the separator, a double quote, a carriage return or a line
  break is quoted, its double quotes doubled. A text cell that starts with ``=``, ``+``,
  ``-``, ``@``, a tab or a carriage return is prefixed with a single quote, as the OWASP
  guidance on CSV injection says, so that a spreadsheet shows it and does not compute it —
  unless it is a plain number (``-12``, ``7.5``, ``-14/3``), which no spreadsheet runs.
  Numbers are written as numbers.
* xlsx: a text cell is a string cell (type ``s``), never a formula, however it starts, and
  never a number ("12.50" stays "12.50"); numbers are numbers, except a whole number a
  spreadsheet would round (more than ``EXACT_DIGITS`` significant digits), written as text.
  A character no workbook may hold (a control character) is written as its escape ``\\xNN``.
"""
from __future__ import annotations

import io
import re
from typing import Any, Iterable, Sequence

#: the first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV
#: Injection")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: a text that is a plain number (a score, a fraction): read back as that number, never run
PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:[./][0-9]+)?")
#: the most significant digits a spreadsheet keeps of a number (Excel: 15)
EXACT_DIGITS = 15
#: what must be quoted in a CSV field (RFC 4180 §2.6) besides the separator
_QUOTED = ('"', "\r", "\n")
#: the characters a workbook cannot hold (XML 1.0 forbids them)
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


class NoWorkbook(Exception):
    """openpyxl (the ``xlsx`` extra) is not installed; the message says how to install it."""


def neutral(text: str) -> str:
    """A text cell that no spreadsheet reads as a formula."""
    if text.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_field(value: Any, sep: str = ",") -> str:
    """One cell as a CSV field (None: empty)."""
    if value is None:
        return ""
    text = neutral(value) if isinstance(value, str) else str(value)
    if sep in text or any(c in text for c in _QUOTED):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_row(cells: Iterable[Any], sep: str = ",") -> str:
    """One row as a CSV line (ended by a line break)."""
    return sep.join(csv_field(c, sep) for c in cells) + "\n"


def csv_table(heads: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
    """A header and rows as CSV text."""
    out = io.StringIO()
    out.write(csv_row(heads))
    for row in rows:
        out.write(csv_row(row))
    return out.getvalue()


def fits(number: str) -> bool:
    """Whether a spreadsheet holds the written number exactly (``EXACT_DIGITS``)."""
    return len(number.lstrip("-").replace(".", "").lstrip("0")) <= EXACT_DIGITS


def need_openpyxl() -> Any:
    """The openpyxl module, or ``NoWorkbook`` saying how to install it."""
    try:
        import openpyxl
    except ImportError:
        raise NoWorkbook("an .xlsx workbook needs openpyxl, the optional xlsx extra: "
                         "pip install 'tarockrec[xlsx]'") from None
    return openpyxl


def xlsx(sheets: Sequence[tuple[str, Sequence[Any], Iterable[Sequence[Any]]]]) -> bytes:
    """A workbook of ``sheets`` (name, header, rows), each header bold."""
    openpyxl = need_openpyxl()
    from openpyxl.styles import Font
    wb = openpyxl.Workbook(write_only=False)
    first = wb.active
    bold = Font(bold=True)
    for k, (name, heads, rows) in enumerate(sheets):
        ws = first if k == 0 else wb.create_sheet()
        ws.title = name
        for r, row in enumerate([list(heads), *rows], start=1):
            for c, value in enumerate(row, start=1):
                _put(ws.cell(row=r, column=c), value)
                if r == 1:
                    ws.cell(row=r, column=c).font = bold
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _put(cell: Any, value: Any) -> None:
    """One value into a workbook cell: text as a string cell, numbers as numbers."""
    if value is None:
        return
    if isinstance(value, int) and not isinstance(value, bool) and not fits(str(value)):
        value = str(value)
    if isinstance(value, (int, float)):
        cell.value = value
        return
    text = _ILLEGAL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(value))
    cell.value = text
    cell.data_type = "s"            # never a formula, whatever it starts with
