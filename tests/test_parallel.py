"""``validate --jobs N``: the same output as one process, record for record, in input order."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import ROOT, SAMPLES
from tarockrec import parallel
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An archive of three games with broken lines, bad cards and blank lines among them."""
    rng = random.Random(7)
    lines = [jsonio.dumps(r, compact=True) for g in ("koenigrufen", "ulti", "illustrated")
             for r in deal_records(g, 40, 5)]
    out = []
    for line in lines:
        r = rng.random()
        if r < 0.08:
            line = line[: len(line) // 2]              # unreadable
        elif r < 0.16:
            line = line.replace('"T1"', '"T9"', 1).replace('"S7"', '"S1"', 1)   # invalid
        elif r < 0.2:
            out.append("")                               # a blank line
        out.append(line)
    path = tmp_path_factory.mktemp("par") / "mixed.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


def _run(args: list[str]) -> tuple[int, str]:
    res = CliRunner().invoke(main, args)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_jobs_give_the_same_output_in_the_same_order(mixed: str, fmt: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH", 7)          # many batches, odd boundaries
    others = [os.path.join(SAMPLES, "ulti", "valid"), "no/such/file.jsonl",
              os.path.join(SAMPLES, "koenigrufen", "invalid")]
    one = _run(["validate", "--format", fmt, "-j", "1", mixed, *others])
    two = _run(["validate", "--format", fmt, "-j", "2", mixed, *others])
    three = _run(["validate", "--format", fmt, "-j", "3", "-q", mixed, *others])
    assert one == two
    assert one[0] == 2                                   # an unreadable file among them
    assert "JSON-SYNTAX" in one[1] and "CARD-UNKNOWN" in one[1] and "IO-ERROR" in one[1]
    quiet = _run(["validate", "--format", fmt, "-j", "1", "-q", mixed, *others])
    assert three == quiet


def test_jobs_on_stdin(mixed: str) -> None:
    data = open(mixed, "rb").read()
    outs = [subprocess.run([sys.executable, "-m", "tarockrec.cli", "validate", "-j", j, "-"],
                           input=data, capture_output=True, cwd=ROOT) for j in ("1", "2")]
    assert outs[0].returncode == outs[1].returncode == 2
    assert outs[0].stdout == outs[1].stdout and outs[0].stdout.count(b"\n") > 100
    assert b"Traceback" not in outs[1].stderr


def test_default_is_one_process_for_small_inputs(mixed: str) -> None:
    from tarockrec.cli import _jobs
    assert _jobs(None, [mixed]) == 1
    assert _jobs(None, ["-"]) == parallel.default_jobs()
    assert _jobs(4, [mixed]) == 4
