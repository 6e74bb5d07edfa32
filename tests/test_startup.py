"""Start-up of ``tarockrec validate`` (tarockrec/command.py): a plain ``validate`` command line is
read without ``click`` and runs the same command; every other goes to ``click``."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import ROOT, SAMPLES
from tarockrec.cli import main
from tarockrec.command import validate_args

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


@pytest.mark.parametrize("args", [
    [], ["score", "x"], ["validate"], ["validate", "--help"], ["validate", "-h", "x"],
    ["validate", "-j0", "x"], ["validate", "-j", "0", "x"], ["validate", "--jobs", "x"],
    ["validate", "--format", "XML", "x"], ["validate", "--", "x"], ["validate", "-x"],
    ["validate", "--max-findings", "-1", "x"], ["validate", "-qj2", "x"],
])
def test_any_other_line_goes_to_click(args: list[str]) -> None:
    assert validate_args(args) is None


def _entry(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    code = ("import atexit, sys\n"
            "atexit.register(lambda: sys.stderr.write('click imported\\n' if 'click' in "
            "sys.modules else ''))\n"
            "from tarockrec.command import run\nrun()")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, cwd=ROOT,
                          timeout=120)


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
    fast = _entry(args)
    assert b"click imported" not in fast.stderr, fast.stderr
    ref = CliRunner().invoke(main, args)
    assert fast.returncode == ref.exit_code
    assert fast.stdout.decode() == ref.stdout
    other = _entry(["validate", "--help"])
    assert other.returncode == 0 and b"click imported" in other.stderr
    assert b"Usage:" in other.stdout
