"""A director's spreadsheet in and out (issue 33, item 4): `tarockrec import csv|sheet`, the
template workbook in samples/, `standings --format xlsx`, `score --format xlsx`, a round trip
spreadsheet → record → spreadsheet, every error naming sheet, row and column, and `publish`'s
headings following the scheme."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarockrec.tournament import workbook
from tarockrec.codecs import jsonio
from tarockrec.validate import validate_record

openpyxl = pytest.importorskip("openpyxl")

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "samples" / "tournaments" / "sheet"
CSV = SHEET / "director-template.csv"
XLSX = SHEET / "director-template.xlsx"


def _cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", "from tarockrec.cli import main; main()", *args],
                          cwd=ROOT, capture_output=True, timeout=120)


def _imported(path: Path) -> dict[str, Any]:
    got = workbook.import_sheet(workbook.read_sheet(str(path)), "koenigrufen", "tiroler_cup",
                                "Vorlage")
    assert got.record is not None, [str(f) for f in got.findings]
    return got.record


def test_the_template_imports_and_ranks_as_documented() -> None:
    """docs/tournaments.md, "A director's spreadsheet": the template (two rounds of two tables
    of four) under tiroler_cup. Round 1: Anna 30 → 60, Bernd 10 → 40, Clara −10 → 20, Dieter
    −30 → 0; Eva and Franz 20 share places 1–2 → (60 + 40) // 2 = 50, Gerda −15 → 20, Hans −25
    → 0. Round 2: Eva 25 → 60, Clara 5 → 40, Hans −10 → 20, Anna −20 → 0; Bernd 15 → 60, Dieter
    0 → 40, Franz −5 → 20, Gerda −10 → 0."""
    rec = _imported(XLSX)
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    assert [(r.rank, r.player, r.total, r.score, r.rank_points) for r in rep.standings] == [
        (1, "Eva", 155, 45, 110), (2, "Bernd", 125, 25, 100), (3, "Franz", 85, 15, 70),
        (4, "Anna", 70, 10, 60), (5, "Clara", 55, -5, 60), (6, "Dieter", 10, -30, 40),
        (7, "Gerda", -5, -25, 20), (8, "Hans", -15, -35, 20)]
    assert rec == _imported(CSV)                  # the workbook and its CSV are the same sheet
    assert rec["rounds"][0]["tables"][1]["_Bemerkung"] == ["", "", "spät gekommen", ""]


def test_round_trip_sheet_record_sheet(tmp_path: Path) -> None:
    """Spreadsheet → record → spreadsheet gives the same rows (the unknown column included),
    as CSV and as a workbook read back."""
    rec = _imported(CSV)
    rows = list(workbook.record_rows(rec))
    assert workbook.rows_csv(rows) == CSV.read_text(encoding="utf-8")
    out = tmp_path / "back.xlsx"
    out.write_bytes(workbook.xlsx_bytes(rows))
    assert _imported(out) == rec


def test_import_command_and_standings_xlsx(tmp_path: Path) -> None:
    """The commands: import sheet → a record; standings --format xlsx → a workbook whose first
    rows are the standings' header and Eva's line; score --format xlsx likewise."""
    out = tmp_path / "t.json"
    res = _cli("import", "sheet", str(XLSX), "--game", "koenigrufen", "--rules", "tiroler_cup",
               "-o", str(out))
    assert res.returncode == 0, res.stderr
    res = _cli("standings", str(out), "--format", "xlsx")
    assert res.returncode == 0, res.stderr
    ws = openpyxl.load_workbook(io.BytesIO(res.stdout)).active
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0][:8] == ("tournament", "rank", "entrant", "player", "club", "team", "total",
                           "score")
    assert rows[1][1:4] == (1, "5", "Eva") and rows[1][6] == 155   # ids are text (issue 39)
    res = _cli("score", str(ROOT / "samples" / "tournaments" / "valid" / "full-deals.json"),
               "--format", "xlsx")
    assert res.returncode == 0, res.stderr
    ws = openpyxl.load_workbook(io.BytesIO(res.stdout)).active
    assert ws.max_row > 2


@pytest.mark.parametrize("edit,where", [
    (lambda rows: [r[:6] + r[7:] for r in rows], "row 1, column 'points'"),
    (lambda rows: rows[:3] + [rows[3][:6] + ["ten"] + rows[3][7:]] + rows[4:],
     "row 4, column 'points'"),
    (lambda rows: rows[:3] + [rows[3][:2] + ["1"] + rows[3][3:]] + rows[4:],
     "row 4, column 'seat'"),
    (lambda rows: rows[:10] + [rows[10][:4] + ["Anne"] + rows[10][5:]] + rows[11:],
     "row 11, column 'name'"),
    (lambda rows: rows[:5] + [rows[5][:3] + [""] + rows[5][4:]] + rows[6:],
     "row 6, column 'entrant'"),
    # a traceback before (int() of 5000 digits, of '²'); '３０' and 19 digits were taken
    (lambda rows: rows[:3] + [rows[3][:6] + ["9" * 5000] + rows[3][7:]] + rows[4:],
     "row 4, column 'points'"),
    (lambda rows: rows[:3] + [rows[3][:2] + ["²"] + rows[3][3:]] + rows[4:],
     "row 4, column 'seat'"),
    (lambda rows: rows[:3] + [rows[3][:6] + ["３０"] + rows[3][7:]] + rows[4:],
     "row 4, column 'points'"),
    (lambda rows: rows[:3] + [rows[3][:6] + ["1" * 19] + rows[3][7:]] + rows[4:],
     "row 4, column 'points'"),
])
def test_every_error_names_sheet_row_and_column(tmp_path: Path, edit: Any, where: str) -> None:
    """A missing column, a cell that is not a whole number, a seat taken twice, an entrant
    whose name differs from an earlier row, an empty id: IMPORT-SHEET naming the place."""
    rows = [list(r) for r in csv.reader(io.StringIO(CSV.read_text(encoding="utf-8")))]
    bad = tmp_path / "bad.csv"
    bad.write_text(workbook.rows_csv(edit(rows)), encoding="utf-8")
    got = workbook.import_sheet(workbook.read_sheet(str(bad)), "koenigrufen")
    assert got.record is None
    assert [f.code for f in got.findings] == ["IMPORT-SHEET"]
    assert f"sheet 'bad.csv', {where}" in got.findings[0].message
    res = _cli("import", "csv", str(bad), "--game", "koenigrufen")
    assert res.returncode == 1 and b"IMPORT-SHEET" in res.stderr


def test_unreadable_files(tmp_path: Path) -> None:
    """Not a workbook, an empty file, no --game: exit 2 with one line, no traceback."""
    fake = tmp_path / "x.xlsx"
    fake.write_text("not a zip", encoding="utf-8")
    for args in (["sheet", str(fake), "--game", "koenigrufen"], ["csv", str(CSV)]):
        res = _cli("import", *args)
        assert res.returncode == 2 and b"Traceback" not in res.stderr, res.stderr
    empty = tmp_path / "e.csv"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(workbook.WorkbookError):
        workbook.read_sheet(str(empty))


def test_publish_headings_follow_the_scheme(tmp_path: Path) -> None:
    """publish's standings page heads its columns by the scheme: an ITVB tournament (placing
    points first) says 'placing points' and 'schrift'; a Tyrolean one 'total', 'score', 'rank
    points'."""
    from tarockrec.site.publish import publish

    def heads(rec: dict[str, Any]) -> str:
        src = tmp_path / f"{rec['rules']['name']}.json"
        src.write_text(jsonio.dumps(rec), encoding="utf-8")
        out = tmp_path / f"site-{rec['rules']['name']}"
        status, messages = publish(str(src), str(out))
        assert status == 0, messages
        page = (out / "index.html").read_text(encoding="utf-8")
        return page[page.index("<thead>"):page.index("</thead>")]
    itvb = {"tarockrec": 1, "game": "illustrated", "rules": {"name": "itvb"},
            "event": {"name": "ITVB"}, "entrants": [{"id": e, "name": e} for e in "ABCD"],
            "rounds": [{"tables": [{"seats": list("ABCD"), "result": {"totals": [5, 5, 0, -10]}}]}]}
    text = heads(itvb)
    assert "placing points" in text and "schrift" in text
    tirol = _imported(CSV)
    text = heads(tirol)
    assert "rank points" in text and "placing" not in text
    own = {**tirol, "rules": {"name": "house"}, "tournament": {
        "ranks_by": "rank_points", "rank_points": {"4": [3, 2, 1, 0]},
        "sources": {"rank_points": "house rules"}}}
    src = tmp_path / "own.json"
    src.write_text(jsonio.dumps({**own, "rules": {"name": "default"}}), encoding="utf-8")
    status, messages = publish(str(src), str(tmp_path / "site-own"))
    assert status == 0, messages
    page = (tmp_path / "site-own" / "index.html").read_text(encoding="utf-8")
    assert "ranked by its own tournament block" in page and "placing points" in page


SCORE_SHEETS = ROOT / "samples" / "tournaments" / "valid" / "score-sheets.json"


def _sheets_record() -> dict[str, Any]:
    return json.loads(SCORE_SHEETS.read_text(encoding="utf-8"))


def test_deals_sheet_round_trip(tmp_path: Path) -> None:
    """One row per deal with the outcome columns (a workbook's sheet 'deals'): the Ulti
    score-sheet tournament → workbook (results + deals) → record gives every table's deals
    back unchanged, and the record validates (each deal rescored, the written totals
    checked); the command reads the deals sheet by itself."""
    rec = _sheets_record()
    book = tmp_path / "sheets.xlsx"
    book.write_bytes(workbook.xlsx_bytes(workbook.record_rows(rec),
                                         more=[("deals", workbook.deal_rows(rec))]))
    got = workbook.import_sheet(workbook.read_sheet(str(book)), "ulti", None, None,
                                workbook.read_deals(str(book)))
    assert got.record is not None, [str(f) for f in got.findings]
    assert [t.get("deals") for r in got.record["rounds"] for t in r["tables"]] == \
        [t.get("deals") for r in rec["rounds"] for t in r["tables"]]
    assert validate_record(got.record).valid
    header = next(workbook.deal_rows(rec))
    assert header[:6] == ["round", "table", "deal", "dealer", "contract", "declarer"]
    out = tmp_path / "t.json"
    res = _cli("import", "sheet", str(book), "--game", "ulti", "-o", str(out))
    assert res.returncode == 0, res.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["rounds"][0]["tables"][0]["deals"] == \
        rec["rounds"][0]["tables"][0]["deals"]
    # the same as two CSV files
    results, deals = tmp_path / "results.csv", tmp_path / "deals.csv"
    results.write_text(workbook.rows_csv(workbook.record_rows(rec)), encoding="utf-8")
    deals.write_text(workbook.rows_csv(workbook.deal_rows(rec)), encoding="utf-8")
    res = _cli("import", "csv", str(results), "--deals", str(deals), "--game", "ulti")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["rounds"][1]["tables"][1]["deals"] == \
        rec["rounds"][1]["tables"][1]["deals"]


@pytest.mark.parametrize("column,value,why", [
    ("kontra", "twice", "'kontra'"), ("won", "maybe", "'won'"), ("table", "9", "'table'"),
    ("points", "10 ninety", "'points'"), ("deal.auction", "[{", "'deal.auction'")])
def test_deals_sheet_errors_name_the_cell(tmp_path: Path, column: str, value: str,
                                          why: str) -> None:
    """A cell of the deals sheet that cannot be read: IMPORT-SHEET naming sheet 'deals.csv',
    row 3 (the second deal) and the column."""
    rec = _sheets_record()
    rows = list(workbook.deal_rows(rec))
    rows[2][rows[0].index(column)] = value
    deals = tmp_path / "deals.csv"
    deals.write_text(workbook.rows_csv(rows), encoding="utf-8")
    results = tmp_path / "results.csv"
    results.write_text(workbook.rows_csv(workbook.record_rows(rec)), encoding="utf-8")
    got = workbook.import_sheet(workbook.read_sheet(str(results)), "ulti", None, None,
                                workbook.read_deals(str(deals)))
    assert got.record is None
    assert [f.code for f in got.findings] == ["IMPORT-SHEET"]
    assert f"sheet 'deals.csv', row 3, column {why}" in got.findings[0].message


@pytest.mark.parametrize("sep", [";", "\t"])
def test_a_csv_as_european_excel_writes_it(tmp_path: Path, sep: str) -> None:
    """Excel in German or Austrian settings saves "CSV" with semicolons, a BOM and CRLF (its
    text export: tabs): it imports as the comma file does (before: every column but the
    first said to be missing)."""
    rows = list(csv.reader(io.StringIO(CSV.read_text(encoding="utf-8"))))
    rows[1][7] = f"spät{sep} sehr"               # a remark holding the separator, quoted
    buf = io.StringIO()
    csv.writer(buf, delimiter=sep, lineterminator="\r\n").writerows(rows)
    semi = tmp_path / "excel.csv"
    semi.write_bytes(b"\xef\xbb\xbf" + buf.getvalue().encode("utf-8"))
    rec = _imported(semi)
    assert rec["rounds"][0]["tables"][0]["_Bemerkung"][0] == f"spät{sep} sehr"
    rec["rounds"][0]["tables"][0]["_Bemerkung"][0] = ""
    assert rec == _imported(CSV)


@pytest.mark.parametrize("args,said", [
    (["--game", "koenigrufn"], "--game koenigrufn: not a game"),
    (["--game", "koenigrufen", "--rules", "tiroler-cup"], "no rule set named 'tiroler-cup'")])
def test_an_unknown_game_or_rule_set_writes_nothing(tmp_path: Path, args: list[str],
                                                    said: str) -> None:
    """A misspelt --game or --rules wrote a record (exit 0) that then failed to validate, or,
    for the rule set, was ranked under the defaults: now one line, exit 2, nothing written."""
    out = tmp_path / "t.json"
    res = _cli("import", "csv", str(CSV), *args, "-o", str(out))
    assert res.returncode == 2 and said in res.stderr.decode(), res.stderr
    assert b"Traceback" not in res.stderr and not out.exists()


def test_a_csv_in_windows_1252_as_excel_saves_plain_csv() -> None:
    """Excel's plain "CSV (Trennzeichen-getrennt)" writes Windows-1252 with semicolons: the
    names with umlauts come through (before: the file was refused with a codec error)."""
    import tempfile
    rows = list(csv.reader(io.StringIO(CSV.read_text(encoding="utf-8"))))
    for row in rows[1:]:
        row[4] = "Jörg Müß" if row[3] == "1" else row[4]
    buf = io.StringIO()
    csv.writer(buf, delimiter=";", lineterminator="\r\n").writerows(rows)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "excel.csv"
        path.write_bytes(buf.getvalue().encode("cp1252"))
        rec = _imported(path)
    assert rec["entrants"][0]["name"] == "Jörg Müß"


def _with_formula(path: Path, saved: str | None) -> None:
    """The template as a workbook whose row 2 points cell (Anna's 30) is the formula =10+20 — as a script
    writes it (no saved value) or, ``saved``, as a spreadsheet program saves it."""
    import zipfile
    rows: list[list[Any]] = [list(r) for r in csv.reader(io.StringIO(
        CSV.read_text(encoding="utf-8")))]
    rows = [[workbook._cell(x) for x in r] for r in rows]
    path.write_bytes(workbook.xlsx_bytes(rows))
    _put_formula(path, None, "G2", "=10+20")   # the cell writer writes text, never formulas
    if saved is not None:
        with zipfile.ZipFile(path) as z:
            parts = {n: z.read(n) for n in z.namelist()}
        sheet = "xl/worksheets/sheet1.xml"
        assert parts[sheet].count(b"<f>10+20</f><v></v>") == 1
        parts[sheet] = parts[sheet].replace(b"<f>10+20</f><v></v>",
                                            f"<f>10+20</f><v>{saved}</v>".encode())
        with zipfile.ZipFile(path, "w") as z:
            for n, data in parts.items():
                z.writestr(n, data)


def _put_formula(path: Path, sheet: str | None, cell: str, formula: str) -> None:
    """Make a cell of the workbook at ``path`` a formula, as a script writes it."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet] if sheet else wb.active
    ws[cell] = formula
    wb.save(path)


def test_a_formula_without_its_saved_value_is_said_so(tmp_path: Path) -> None:
    """A formula cell whose value was never computed (a script wrote the workbook) cannot be
    read: IMPORT-SHEET names sheet, row, column and cell and says to save it in a spreadsheet
    program (before: "'' is not a whole number"). With its value saved, the value is read."""
    book = tmp_path / "formula.xlsx"
    _with_formula(book, None)
    got = workbook.import_sheet(workbook.read_sheet(str(book)), "koenigrufen")
    assert got.record is None and [f.code for f in got.findings] == ["IMPORT-SHEET"]
    message = got.findings[0].message
    assert "sheet 'results', row 2, column 'points'" in message
    assert "cell G2 holds a formula (=10+20) whose value was not saved" in message
    assert "open and save the workbook in a spreadsheet program" in message
    assert "whole number" not in message
    res = _cli("import", "sheet", str(book), "--game", "koenigrufen")
    assert res.returncode == 1 and b"IMPORT-SHEET" in res.stderr and b"G2" in res.stderr
    _with_formula(book, "30")
    saved = workbook.import_sheet(workbook.read_sheet(str(book)), "koenigrufen")
    assert saved.record is not None, [str(f) for f in saved.findings]
    plain = workbook.import_sheet(workbook.read_sheet(str(CSV)), "koenigrufen").record
    assert plain is not None
    assert saved.record["rounds"][0]["tables"][0]["result"]["totals"][0] == 30
    assert saved.record == plain                     # the template's own value there is 30


def test_a_formula_without_its_value_in_the_deals_sheet(tmp_path: Path) -> None:
    """The same on the sheet 'deals': its row and column, and the cell."""
    rec = _sheets_record()
    rows = list(workbook.deal_rows(rec))
    book = tmp_path / "sheets.xlsx"
    book.write_bytes(workbook.xlsx_bytes(workbook.record_rows(rec), more=[("deals", rows)]))
    _put_formula(book, "deals", "C3", "=1+1")
    got = workbook.import_sheet(workbook.read_sheet(str(book)), "ulti", None, None,
                                workbook.read_deals(str(book)))
    assert got.record is None and [f.code for f in got.findings] == ["IMPORT-SHEET"]
    assert "sheet 'deals', row 3, column 'deal': cell C3 holds a formula (=1+1) whose value " \
        "was not saved" in got.findings[0].message


# -- numbers a spreadsheet cannot hold exactly, and exact means ---------------------------------
def _xlsx_as_csv_prints(tmp_path: Path, rec: dict[str, Any]) -> list[list[Any]]:
    """``standings --format xlsx`` read back with openpyxl, every cell compared with the CSV
    output's text: a number cell prints as the CSV does, anything else is that very text."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    res = _cli("standings", str(path), "--format", "csv")
    assert res.returncode == 0, res.stderr
    want = list(csv.reader(io.StringIO(res.stdout.decode())))
    res = _cli("standings", str(path), "--format", "xlsx")
    assert res.returncode == 0, res.stderr
    got = [list(r) for r in openpyxl.load_workbook(io.BytesIO(res.stdout)).active
           .iter_rows(values_only=True)]
    assert [["" if c is None else str(c) for c in r] for r in got] == want
    return got


def test_huge_numbers_are_written_as_text_never_rounded(tmp_path: Path) -> None:
    """A total of 21 digits (a director's slip, valid all the same) is beyond what a
    spreadsheet holds exactly (15 significant digits; 2**53 for a double): it is written as
    text, digit for digit (before: a number, which Excel rounds to 100000000000000000000)."""
    rec = json.loads((ROOT / "samples" / "tournaments" / "valid" / "totals-only.json")
                     .read_text(encoding="utf-8"))
    huge = 10 ** 20 + 3
    table = rec["rounds"][0]["tables"][0]
    table["result"]["totals"][0] += huge
    table["result"]["totals"][1] -= huge
    rec.pop("standings", None)
    assert validate_record(rec).valid
    rows = _xlsx_as_csv_prints(tmp_path, rec)
    heads = rows[0]
    anna = next(r for r in rows if r[heads.index("player")] == "Anna")
    assert anna[heads.index("total")] == "100000000000000000023"
    assert anna[heads.index("round.1")] == "100000000000000000033"
    assert anna[heads.index("round.2")] == -10                   # small numbers stay numbers
    eva = next(r for r in rows if r[heads.index("player")] == "Eva")
    assert eva[heads.index("total")] == 30


@pytest.mark.parametrize("text,cell", [
    ("999999999999999", 999999999999999), ("-999999999999999", -999999999999999),
    ("1000000000000000", "1000000000000000"), (str(2 ** 53 + 1), str(2 ** 53 + 1)),
    ("12345678901234.5", 12345678901234.5), ("1234567890123456.5", "1234567890123456.5"),
    ("0.000125", 0.000125), ("38/3", "38/3"), ("7.5", 7.5)])
def test_a_csv_cell_is_a_number_only_where_a_spreadsheet_holds_it(text: str, cell: Any) -> None:
    got = openpyxl.load_workbook(io.BytesIO(workbook.csv_to_xlsx(f"x\n{text}\n", "s"))).active
    assert got["A2"].value == cell and type(got["A2"].value) is type(cell)


def test_exact_means_are_written_as_printed(tmp_path: Path) -> None:
    """Exact-mean placing points: 38/3, 32/3, 23/3 (ITVB, docs/tournaments.md) as the text the
    standings print; 7/2 (a record's own block) as the number 3.5."""
    from test_ranking_schemes import ITVB_ROUNDS, OWN, _tournament
    rows = _xlsx_as_csv_prints(tmp_path, _tournament("illustrated", "itvb", ITVB_ROUNDS))
    heads = rows[0]
    total = {r[heads.index("entrant")]: r[heads.index("placing_points")] for r in rows[1:]}
    assert (total["D"], total["E"], total["C"], total["F"]) == ("38/3", "32/3", "23/3", 19)
    rows = _xlsx_as_csv_prints(tmp_path, _tournament("koenigrufen", "default", [
        [(["A", "B", "C", "D"], [30, 10, 10, -50])], [(["A", "B", "C", "D"], [-30, -10, 0, 40])]],
        tournament=OWN))
    heads = rows[0]
    assert [(r[heads.index("entrant")], r[heads.index("placing_points")]) for r in rows[1:]] == \
        [("C", 3.5), ("A", 3), ("D", 3), ("B", 2.5)]


def test_round_trip_keeps_a_points_cell_of_18_digits(tmp_path: Path) -> None:
    """Spreadsheet → record → spreadsheet with points of 18 digits (the most the import reads):
    written back as text, digit for digit, and read back to the same record."""
    rows = [list(r) for r in csv.reader(io.StringIO(CSV.read_text(encoding="utf-8")))]
    rows[1][6], rows[2][6] = "123456789012345678", "-123456789012345678"
    source = tmp_path / "big.csv"
    source.write_text(workbook.rows_csv(rows), encoding="utf-8")
    rec = _imported(source)
    assert rec["rounds"][0]["tables"][0]["result"]["totals"][:2] == \
        [123456789012345678, -123456789012345678]
    book = tmp_path / "back.xlsx"
    book.write_bytes(workbook.xlsx_bytes(workbook.record_rows(rec)))
    ws = openpyxl.load_workbook(book).active
    assert (ws["G2"].value, ws["G3"].value, ws["G4"].value) == \
        ("123456789012345678", "-123456789012345678", -10)
    assert _imported(book) == rec


def test_a_huge_total_with_a_half_point_is_exact_everywhere(tmp_path: Path) -> None:
    """A and B share places 1–2 with 10**20 + 10 each: (3 + 2) / 2 = 2.5 rank points, a total
    of 10**20 + 12.5 written out exactly in CSV, JSON (as a string: no double holds it) and
    the workbook (before: 1e+20); C and D share 3–4: 0.5, −10**20 − 9.5."""
    from test_ranking_schemes import _tournament
    own = {"rank_points": {"4": [3, 2, 1, 0]}, "rank_ties": "mean",
           "sources": {"rank_points": "a test"}}
    huge = 10 ** 20
    rec = _tournament("koenigrufen", "default",
                      [[(["A", "B", "C", "D"], [huge + 10, huge + 10, -huge - 10, -huge - 10])]],
                      tournament=own)
    assert validate_record(rec).valid
    rows = _xlsx_as_csv_prints(tmp_path, rec)
    heads = rows[0]
    assert [r[heads.index("total")] for r in rows[1:]] == \
        ["100000000000000000012.5"] * 2 + ["-100000000000000000009.5"] * 2
    res = _cli("standings", str(tmp_path / "t.json"), "--format", "json")
    assert [r["total"] for r in json.loads(res.stdout)] == \
        ["100000000000000000012.5"] * 2 + ["-100000000000000000009.5"] * 2
    from fractions import Fraction
    from tarockrec.tournament import ranking
    assert ranking.plain(Fraction(huge + 1, 2)) == "50000000000000000000.5"
    assert ranking.number_text(Fraction(10 ** 30 + 1, 4)) == "250000000000000000000000000000.25"
    assert ranking.number_text(Fraction(-9, 4)) == "-2.25" and ranking.plain(Fraction(7, 2)) == 3.5
