"""Start-up of ``tarockrec validate`` (tarockrec/cli/entry.py): a plain ``validate`` command line is
read without ``click`` and runs the same command; every other goes to ``click``."""
from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT, SAMPLES
from tarockrec.cli import main
from tarockrec.cli.entry import validate_args
from tarockrec.codecs import textio
from tarockrec.generate import deal_records

VALID = os.path.join(SAMPLES, "koenigrufen", "valid", "contract-bettel-won.json")
INVALID = os.path.join(SAMPLES, "koenigrufen", "invalid")


@pytest.mark.parametrize("args, read", [
    (["validate", "x"], (["x"], "text", False, None, None)),
    (["validate", "-q", "--format=json", "x", "-j", "2", "--max-findings", "3", "-"],
     (["x", "-"], "json", True, 3, 2)),
    (["validate", "--quiet", "--format", "junit", "--jobs=1", "a", "b"],
     (["a", "b"], "junit", True, None, 1)),
])
def test_a_plain_validate_line_is_read_without_click(args: list[str], read: object) -> None:
    assert validate_args(args) == read


def _imported_by(code: str) -> set[str]:
    """The modules ``python -c code`` imports (``-X importtime``), in this interpreter."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                          capture_output=True, cwd=ROOT, timeout=120, check=True)
    return _modules(proc.stderr)


def _modules(importtime: bytes) -> set[str]:
    """The modules ``-X importtime`` lists on stderr."""
    return {line.rsplit("|", 1)[1].strip() for line in importtime.decode().splitlines()
            if line.startswith("import time:")}


@pytest.mark.parametrize("args", [
    [], ["score", "x"], ["validate"], ["validate", "--help"], ["validate", "-h", "x"],
    ["validate", "-j0", "x"], ["validate", "-j", "0", "x"], ["validate", "--jobs", "x"],
    ["validate", "--format", "XML", "x"], ["validate", "--", "x"], ["validate", "-x"],
    ["validate", "--max-findings", "-1", "x"], ["validate", "-qj2", "x"],
])
def test_any_other_line_goes_to_click(args: list[str]) -> None:
    assert validate_args(args) is None


def _entry(args: list[str]) -> tuple[subprocess.CompletedProcess[bytes], set[str]]:
    """The console entry point run on ``args``, and the modules it imported (``-X
    importtime`` lists each on stderr, but for a package imported by ``importlib``, whose
    modules it lists: a plain ``validate`` ends without the interpreter's teardown, so nothing
    could be asked of the process at its exit)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c",
                           "from tarockrec.cli import run\nrun()", *args],
                          capture_output=True, cwd=ROOT, timeout=120)
    return proc, _modules(proc.stderr)


@pytest.mark.parametrize("args", [
    ["validate", VALID], ["validate", "-q", INVALID, VALID], ["validate", "--format", "json",
                                                              INVALID],
    ["validate", "--format=junit", "--max-findings", "1", INVALID], ["validate", "no/such.json"],
    ["validate", "-j", "2", INVALID],
])
def test_the_same_output_and_exit_without_click(args: list[str]) -> None:
    """The console entry point runs a plain ``validate`` without importing ``click`` (its
    start-up: ``bench/bench_startup.py``), with what click's ``validate`` prints and exits
    with; a line it does not read goes to click."""
    fast, imported = _entry(args)
    assert "tarockrec.cli.entry" in imported and "click" not in imported
    ref = CliRunner().invoke(main, args)
    assert fast.returncode == ref.exit_code
    assert fast.stdout.decode() == ref.stdout
    other, imported = _entry(["validate", "--help"])
    assert other.returncode == 0 and "click" in imported
    assert b"Usage:" in other.stdout


GAMES = ("koenigrufen", "illustrated", "cego", "carinthian", "ulti")
#: what validating one record has no use for: the other games, the commands' and the
#: tournament layer's modules, and what only they, a pool or a failing record need
NOT_FOR_ONE_RECORD = ("click", "dataclasses", "inspect", "jsonschema", "lxml", "multiprocessing",
                      "concurrent", "tarockrec.archive", "tarockrec.site",
                      # the click application and its commands (tarockrec.cli.entry is needed)
                      "tarockrec.cli.app", "tarockrec.cli.group", "tarockrec.cli.records",
                      "tarockrec.cli.score", "tarockrec.cli.generate", "tarockrec.cli.tournament",
                      "tarockrec.cli.imports", "tarockrec.cli.reference",
                      # one record is read by the standard library's C scanner (issue 42)
                      "orjson", "json",
                      "tarockrec.tournament", "tarockrec.generate", "tarockrec.codecs.xmlio",
                      "tarockrec.codecs.textio", "jinja2")


@pytest.mark.parametrize("game", GAMES)
def test_validating_one_record_imports_only_what_it_needs(game: str) -> None:
    """Start-up (issue 35, item 6; ``bench/bench_startup.py``): ``validate`` of one deal
    imports its game, and none of the modules above nor another game (nor ``dataclasses``,
    whose classes are built by compiling their methods' source at import)."""
    folder = os.path.join(SAMPLES, game, "valid")
    record = os.path.join(folder, sorted(f for f in os.listdir(folder) if f.endswith(".json"))[0])
    # the first run may find the user's cache without this game's schema gate (compiled and
    # kept then, with jsonschema); the second is what every later run does
    _entry(["validate", record])
    proc, imported = _entry(["validate", record])
    assert proc.returncode == 0, proc.stderr
    assert {"tarockrec.validate", f"tarockrec.games.{game}.engine"} <= imported
    unneeded = NOT_FOR_ONE_RECORD + tuple(f"tarockrec.games.{g}" for g in GAMES if g != game)
    assert not {name for name in imported
                if any(name == m or name.startswith(m + ".") for m in unneeded)}


def test_a_text_file_is_validated_without_the_xml_reader(tmp_path: Any) -> None:
    """A file of the text notation is cut into pieces and read without importing the XML
    reader and lxml (``sources._pieces`` imported both codecs for either kind of file)."""
    path = tmp_path / "deals.txt"
    path.write_text(textio.dumps(next(deal_records("koenigrufen", 1, 1))), encoding="utf-8")
    proc, imported = _entry(["validate", str(path)])
    assert proc.returncode == 0, proc.stderr
    assert "tarockrec.codecs.textio" in imported
    assert not {name for name in imported if name in ("lxml", "tarockrec.codecs.xmlio")
                or name.startswith("lxml.")}


@pytest.mark.parametrize("text", [
    b'{"a": 1, "b": [1.5, -0, 2e-400, "x\\u00e9"], "c": {"d": null, "e": true}}',
    b'  {"a": 1}\n', b'{"a": 1, "a": 2}', b'{"a": {"b": 1, "b": 1}}', b'{"a": "\\ud800"}',
    b'{"a": "\\u0001"}', b'{"a": 1e400}', b'{"a": NaN}', b'{"a": 12345678901234567890123}',
    b'{"a": 1} x', b'{"a": 1', b'\xff{"a": 1}', b'[' * 201 + b']' * 201, b'{"\\ufffe": 1}',
    b'{"a": "tab\\there"}',
])
def test_the_first_value_is_read_as_the_others(text: bytes) -> None:
    """jsonio.loads reads its first value without orjson (nor the json package): the same
    value, or the same finding, as the way every later value takes."""
    from tarockrec.codecs import jsonio

    def read(first: bool) -> object:
        jsonio._READ = 0 if first else 1
        try:
            return ("value", jsonio.loads(text))
        except jsonio.JSONError as err:
            return ("finding", err.finding.code, err.finding.message, err.finding.pointer)

    assert read(True) == read(False)


def test_a_choice_is_read_as_a_strenum_reads_it() -> None:
    """Rule options' choices (``rules.Choice``, cheaper to build than a ``StrEnum``)."""
    import pickle
    from tarockrec.games.koenigrufen.rules import FarbensoloBonuses as F
    assert F("valat") is F.VALAT and F.VALAT == "valat" and f"{F.VALAT}" == "valat"
    assert (F.VALAT.name, F.VALAT.value) == ("VALAT", "valat")
    assert pickle.loads(pickle.dumps(F.VALAT)) is F.VALAT
    with pytest.raises(ValueError):
        F("nothing")
