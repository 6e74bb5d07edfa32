"""``import csv|sheet`` (issue 39, 4.3): the help names the file FILE and says what csv and
sheet write (one tournament record, not JSON Lines) and that --game is required for them;
the subcommand, not the file's extension, says whether the file is CSV or a workbook."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tarockrec.cli import main

SHEETS = Path(ROOT) / "samples" / "tournaments" / "sheet"


def run(*args: Any) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_the_help_names_the_file_and_what_each_subcommand_writes() -> None:
    res = run("import", "--help")
    assert res.exit_code == 0
    text = " ".join(res.output.split())
    assert "{akos|csv|sheet} FILE" in text and "DATABASE" not in text
    assert "csv, sheet (required): the tournament's game" in text
    assert "as one tournament record (JSON, on one line)" in text
    assert "akos: FILE a database; as JSON Lines records" in text


@pytest.mark.parametrize("source, sample", [("csv", "director-template.csv"),
                                            ("sheet", "director-template.xlsx")])
def test_the_subcommand_says_what_the_file_is(tmp_path: Path, source: str,
                                              sample: str) -> None:
    """A workbook saved without its .xlsx name was read as CSV, and a CSV file named .xlsx
    as a workbook."""
    if source == "sheet":
        pytest.importorskip("openpyxl")
    given = tmp_path / "results.dat"
    shutil.copy(SHEETS / sample, given)
    res = run("import", source, given, "--game", "koenigrufen", "--rules", "tiroler_cup")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["game"] == "koenigrufen"


def test_a_file_of_the_other_kind_is_said_to_be_one(tmp_path: Path) -> None:
    res = run("import", "csv", SHEETS / "director-template.xlsx", "--game", "koenigrufen")
    assert res.exit_code == 2 and "an .xlsx workbook" in res.stderr
    assert "import sheet" in res.stderr
    pytest.importorskip("openpyxl")
    named = tmp_path / "results.xlsx"          # a CSV file under a workbook's name
    shutil.copy(SHEETS / "director-template.csv", named)
    res = run("import", "csv", named, "--game", "koenigrufen", "--rules", "tiroler_cup")
    assert res.exit_code == 0, res.output
    res = run("import", "sheet", SHEETS / "director-template.csv", "--game", "koenigrufen")
    assert res.exit_code == 2 and "not a readable .xlsx workbook" in res.stderr
    assert "import csv" in res.stderr
