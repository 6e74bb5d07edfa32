"""Hostile spreadsheets, in and out (issue 39, part 2, items 2–10): formula injection in every
CSV and xlsx output, ids as text, caps and file types on `import csv`, xlsx bombs, control
characters in names, deep JSON in a deals cell, a missing openpyxl, mixed encodings, a title
row and merged cells. Each rejection asserts its code or its message, and never a traceback."""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tarockrec.tournament import workbook

from conftest import ROOT, gzip_stream

openpyxl = pytest.importorskip("openpyxl")

SHEET = Path(ROOT) / "samples" / "tournaments" / "sheet"
CSV = SHEET / "director-template.csv"
HOSTILE = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1)",
           "\tTab", "\rCR"]


def _cli(*args: str, stdin: Any = None, env: dict[str, str] | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", "from tarockrec.cli import main; main()", *args],
                          cwd=ROOT, capture_output=True, timeout=timeout, stdin=stdin,
                          env=dict(os.environ, PYTHONPATH=ROOT, **(env or {})))


def _rows() -> list[list[str]]:
    return [list(r) for r in csv.reader(io.StringIO(CSV.read_text(encoding="utf-8")))]


def _tournament(tmp_path: Path, names: list[str], ids: list[str] | None = None) -> Path:
    """The template imported, its first entrants renamed (and re-keyed) as given."""
    got = workbook.import_sheet(workbook.read_sheet(str(CSV)), "koenigrufen", "tiroler_cup")
    assert got.record is not None
    rec = got.record
    for k, name in enumerate(names):
        rec["entrants"][k]["name"] = name
    if ids:
        old = [e["id"] for e in rec["entrants"][:len(ids)]]
        for e, new in zip(rec["entrants"], ids):
            e["id"] = new
        for rnd in rec["rounds"]:
            for t in rnd["tables"]:
                t["seats"] = [ids[old.index(s)] if s in old else s for s in t["seats"]]
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return path


# -- item 2: formula injection, item 10: ids are text -------------------------------------------
@pytest.mark.parametrize("text,out", [
    ('=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"), ("-2+3", "'-2+3"), ("@SUM(1)", "'@SUM(1)"),
    ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("-12", "-12"), ("7.5", "7.5"), ("-14/3", "-14/3"),
    ("a\rb", '"a\rb"'), ("Anna", "Anna")])
def test_the_cell_writer_neutralises_and_quotes(text: str, out: str) -> None:
    from tarockrec import cells
    assert cells.csv_field(text) == out
    assert cells.csv_field(-12) == "-12"           # a number stays a number


def test_standings_and_score_csv_neutralise_formulas(tmp_path: Path) -> None:
    """Before: every name went out as written, a spreadsheet ran it."""
    path = _tournament(tmp_path, HOSTILE)
    res = _cli("standings", str(path), "--format", "csv")
    assert res.returncode == 0, res.stderr
    got = list(csv.reader(io.StringIO(res.stdout.decode(), newline="")))
    players = [r[got[0].index("player")] for r in got[1:]]
    assert sorted(p for p in players if p.startswith("'")) == sorted("'" + h for h in HOSTILE)
    assert not any(p[:1] in "=+-@\t\r" for p in players)
    full = Path(ROOT) / "samples" / "tournaments" / "valid" / "full-deals.json"
    rec = json.loads(full.read_text(encoding="utf-8"))
    rec["entrants"][0]["name"] = "=1+1"
    (tmp_path / "full.json").write_text(json.dumps(rec), encoding="utf-8")
    res = _cli("score", str(tmp_path / "full.json"), "--format", "csv")
    assert res.returncode == 0, res.stderr
    text = res.stdout.decode()
    assert "'=1+1" in text and ",=1+1" not in text


def test_xlsx_text_is_a_string_cell_and_ids_stay_text(tmp_path: Path) -> None:
    """Before: a name starting with = became a live formula, the id "12.50" the number
    12.5, a name with a carriage return a _csv.Error traceback."""
    path = _tournament(tmp_path, HOSTILE + ["a\rb"], ids=["12.50", "007"])
    res = _cli("standings", str(path), "--format", "xlsx")
    assert res.returncode == 0 and b"Traceback" not in res.stderr, res.stderr
    ws = openpyxl.load_workbook(io.BytesIO(res.stdout)).active
    heads = [c.value for c in ws[1]]
    kinds = {ws.cell(row=r, column=heads.index("player") + 1).value:
             ws.cell(row=r, column=heads.index("player") + 1).data_type
             for r in range(2, ws.max_row + 1)}
    assert kinds['=HYPERLINK("http://x","y")'] == "s" and kinds["a\rb"] == "s"
    assert all(kind == "s" for kind in kinds.values())
    ids = {ws.cell(row=r, column=heads.index("entrant") + 1).value
           for r in range(2, ws.max_row + 1)}
    assert {"12.50", "007"} <= ids
    totals = [ws.cell(row=r, column=heads.index("total") + 1).value
              for r in range(2, ws.max_row + 1)]
    assert all(isinstance(t, int) for t in totals)          # numbers stay numbers


def test_score_xlsx_names_are_string_cells(tmp_path: Path) -> None:
    full = Path(ROOT) / "samples" / "tournaments" / "valid" / "full-deals.json"
    rec = json.loads(full.read_text(encoding="utf-8"))
    rec["entrants"][0]["name"] = "=1+1"
    (tmp_path / "full.json").write_text(json.dumps(rec), encoding="utf-8")
    res = _cli("score", str(tmp_path / "full.json"), "--format", "xlsx")
    assert res.returncode == 0, res.stderr
    ws = openpyxl.load_workbook(io.BytesIO(res.stdout)).active
    found = [c for row in ws.iter_rows() for c in row if c.value == "=1+1"]
    assert found and all(c.data_type == "s" for c in found)


# -- item 7: no openpyxl --------------------------------------------------------------------------
_NO_OPENPYXL = ("import sys; sys.modules['openpyxl'] = None; "
                "from tarockrec.cli import main; main()")


@pytest.mark.parametrize("args", [["standings", "{cup}", "--format", "xlsx"],
                                  ["score", "{full}", "--format", "xlsx"],
                                  ["import", "sheet", "{xlsx}", "--game", "koenigrufen"]])
def test_xlsx_without_openpyxl_says_how_to_install_it(tmp_path: Path, args: list[str]) -> None:
    """Before: a WorkbookError traceback."""
    paths = {"cup": str(_tournament(tmp_path, [])),
             "full": str(Path(ROOT) / "samples" / "tournaments" / "valid" / "full-deals.json"),
             "xlsx": str(SHEET / "director-template.xlsx")}
    res = subprocess.run([sys.executable, "-c", _NO_OPENPYXL,
                          *[a.format(**paths) for a in args]], cwd=ROOT, capture_output=True,
                         timeout=120, env=dict(os.environ, PYTHONPATH=ROOT))
    assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    assert b"pip install 'tarockrec[xlsx]'" in res.stderr


# -- item 3: caps and file types of import csv ----------------------------------------------------
@pytest.mark.parametrize("target", ["/dev/zero", "fifo", "folder", "loop"])
def test_import_csv_refuses_what_is_no_file(tmp_path: Path, target: str) -> None:
    """Before: /dev/zero took 4.8 GB and ended in a MemoryError, a FIFO hung."""
    if target == "fifo":
        os.mkfifo(tmp_path / "f.csv")
        target = str(tmp_path / "f.csv")
    elif target == "folder":
        target = str(tmp_path)
    elif target == "loop":
        os.symlink("l.csv", tmp_path / "l.csv")
        target = str(tmp_path / "l.csv")
    res = _cli("import", "csv", target, "--game", "koenigrufen", timeout=60)
    assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    assert b"cannot read" in res.stderr


def test_import_csv_of_endless_stdin_and_a_gzip_bomb_is_capped(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        res = _cli("import", "csv", "-", "--game", "koenigrufen", stdin=zero, timeout=120)
    assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    assert b"holds more than 64 MiB" in res.stderr
    bomb = tmp_path / "bomb.csv.gz"
    gzip_stream(bomb, b"round,table,seat,entrant,name,points\n", b"1,", 300)
    res = _cli("import", "csv", str(bomb), "--game", "koenigrufen", timeout=120)
    assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    assert b"once decompressed" in res.stderr


def test_a_sheet_with_too_many_rows_or_columns(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(workbook, "SHEET_MAX_ROWS", 10)
    with pytest.raises(workbook.WorkbookError, match="more than 10 rows"):
        workbook.read_sheet(str(CSV))
    wide = tmp_path / "wide.csv"
    wide.write_text("a," * 100 + "a\n", encoding="utf-8")
    with pytest.raises(workbook.WorkbookError, match="more than the 64 columns"):
        workbook.read_sheet(str(wide))


# -- item 4: xlsx bombs ----------------------------------------------------------------------------
def _xlsx_with(path: Path, part: str, data: bytes) -> None:
    """The template workbook with one part replaced (or added)."""
    with zipfile.ZipFile(SHEET / "director-template.xlsx") as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts[part] = data
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in parts.items():
            z.writestr(n, d)


def test_an_xlsx_that_inflates_past_the_cap_is_refused_unparsed(tmp_path: Path) -> None:
    """Before: a 0.8 MB workbook of 200 MB of rows still ran after 300 s."""
    book = tmp_path / "bomb.xlsx"
    _xlsx_with(book, "xl/worksheets/sheet1.xml", b" " * (80 << 20))
    res = _cli("import", "sheet", str(book), "--game", "koenigrufen", timeout=60)
    assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    assert b"inflates to" in res.stderr


def test_an_xlsx_of_too_many_rows_or_strings(tmp_path: Path) -> None:
    book = tmp_path / "rows.xlsx"
    rows = b"".join(b'<row r="%d"/>' % k for k in range(1, workbook.SHEET_MAX_ROWS + 3))
    _xlsx_with(book, "xl/worksheets/sheet1.xml",
               b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
               b"<sheetData>" + rows + b"</sheetData></worksheet>")
    with pytest.raises(workbook.WorkbookError, match="more than 100,000 rows"):
        workbook.read_sheet(str(book))
    book = tmp_path / "strings.xlsx"
    _xlsx_with(book, "xl/sharedStrings.xml",
               b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
               + b"<si><t/></si>" * (workbook.SHEET_MAX_STRINGS + 1) + b"</sst>")
    with pytest.raises(workbook.WorkbookError, match="texts, the most one may"):
        workbook.read_sheet(str(book))


# -- item 5: control characters in names ------------------------------------------------------------
@pytest.mark.parametrize("name,code", [("Ann\ra", "U+000D"), ("Ann\x00a", "U+0000"),
                                       ("Ann\x1ba", "U+001B")])
def test_a_control_character_in_a_name_is_refused(tmp_path: Path, name: str, code: str) -> None:
    """Before: imported, exit 0 (the CR then broke the CSV and xlsx outputs)."""
    rows = _rows()
    rows[3][4] = name
    bad = tmp_path / "bad.csv"
    bad.write_text(workbook.rows_csv(rows), encoding="utf-8", newline="")
    got = workbook.import_sheet(workbook.read_sheet(str(bad)), "koenigrufen")
    assert got.record is None and [f.code for f in got.findings] == ["IMPORT-SHEET"]
    assert "row 4, column 'name'" in got.findings[0].message and code in got.findings[0].message


# -- item 6: deep JSON in a deals cell --------------------------------------------------------------
def test_deeply_nested_json_in_a_deals_cell_is_a_finding(tmp_path: Path) -> None:
    """Before: a RecursionError traceback."""
    results = tmp_path / "r.csv"
    results.write_text(CSV.read_text(encoding="utf-8"), encoding="utf-8")
    deals = tmp_path / "deals.csv"
    deals.write_text("round,table,deal,deal.notes\n1,1,1," + "[" * 30_000 + "]" * 30_000
                     + "\n", encoding="utf-8")
    res = _cli("import", "csv", str(results), "--game", "koenigrufen", "--deals", str(deals))
    assert res.returncode == 1 and b"Traceback" not in res.stderr, res.stderr
    assert b"IMPORT-SHEET" in res.stderr and b"nests 30000 levels deep" in res.stderr


# -- item 8: encodings ---------------------------------------------------------------------------
def test_mixed_utf8_and_cp1252_is_refused_and_utf16_is_read(tmp_path: Path) -> None:
    """Before: the mixed file imported as "JÃ¼rgen", the UTF-16 file was six missing
    columns."""
    rows = _rows()
    rows[1][4], rows[2][4] = "Jürgen", "Müller"
    text = workbook.rows_csv(rows).split("\n")
    mixed = tmp_path / "mixed.csv"
    mixed.write_bytes(text[0].encode() + b"\n" + text[1].encode("utf-8") + b"\n" +
                      "\n".join(text[2:]).encode("cp1252"))
    res = _cli("import", "csv", str(mixed), "--game", "koenigrufen")
    assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    assert b"mixes two encodings: line 2 is UTF-8 and line 3 is not" in res.stderr
    whole = CSV.read_text(encoding="utf-8").replace("Anna", "Jürgen")
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):     # with a BOM, and without
        wide = tmp_path / f"{encoding}.csv"
        wide.write_bytes(whole.encode(encoding))
        got = workbook.import_sheet(workbook.read_sheet(str(wide)), "koenigrufen")
        assert got.record is not None, [str(f) for f in got.findings]
        assert got.record["entrants"][0]["name"] == "Jürgen"


# -- item 9: a title row, merged cells ---------------------------------------------------------
def test_a_title_row_above_the_header_is_said_so(tmp_path: Path) -> None:
    """Before: six missing columns at row 1."""
    titled = tmp_path / "titled.csv"
    titled.write_text("Tiroler Cup 2025,,,,,,,\n" + CSV.read_text(encoding="utf-8"),
                      encoding="utf-8")
    got = workbook.import_sheet(workbook.read_sheet(str(titled)), "koenigrufen")
    assert [f.code for f in got.findings] == ["IMPORT-SHEET"]
    assert "the header is on row 2?" in got.findings[0].message
    book = tmp_path / "titled.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Tiroler Cup 2025"])
    for row in _rows():
        ws.append([workbook._cell(x) for x in row])
    ws.merge_cells("A1:H1")
    ws.merge_cells("F3:F4")
    wb.save(book)
    got = workbook.import_sheet(workbook.read_sheet(str(book)), "koenigrufen")
    assert [f.code for f in got.findings] == ["IMPORT-SHEET"]
    assert "merged cells A1:H1 holding 'Tiroler Cup 2025'" in got.findings[0].message
    assert "the header is on row 2?" in got.findings[0].message
    wb = openpyxl.Workbook()                    # no title; two cells below merged
    ws = wb.active
    for row in _rows():
        ws.append([workbook._cell(x) for x in row])
    ws.merge_cells("F2:F3")
    wb.save(book)
    sheet = workbook.read_sheet(str(book))
    assert sheet.merged
    got = workbook.import_sheet(sheet, "koenigrufen")
    assert got.record is None and {f.code for f in got.findings} == {"IMPORT-SHEET"}
    assert "cells F2:F3: merged cells" in got.findings[0].message   # named first, as such


def test_the_archive_csv_goes_through_the_cell_writer(tmp_path: Path) -> None:
    """`archive query --format csv` (and the archive's other tables) neutralise formulas and
    quote a carriage return (before: written as they came)."""
    db = tmp_path / "a.db"
    res = _cli("archive", "add", str(db), str(Path(ROOT) / "samples" / "tournaments" / "valid"
                                              / "full-deals.json"))
    assert res.returncode == 0, res.stderr
    res = _cli("archive", "query", str(db), "SELECT '=1+1' AS a, 'x' || char(13) || 'y' AS b, "
               "-3 AS c", "--format", "csv")
    assert res.returncode == 0, res.stderr
    assert res.stdout.decode() == "a,b,c\n'=1+1,\"x\ry\",-3\n"
