"""Compressed and raw inputs are bounded (issue 35, item 3): a record (a JSON document, a JSON
Lines line, an XML or text record) holds at most ``RECORD_MAX_BYTES``, a file as stored or
decompressed at most ``FILE_MAX_BYTES``; past a cap comes INPUT-TOO-LARGE, what came before is
read, and so is the next file. No traceback, no crash, memory bounded: a gzip bomb and
``/dev/zero`` are validated in a real process under an address-space limit, with one process
and with ``--jobs``."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarockrec import sources
from tarockrec.sources import entries, units

from conftest import ROOT, gzip_stream

SAMPLE = Path(ROOT) / "samples" / "tournaments" / "valid" / "sessions" / "round1-table1.json"
RECORD = json.dumps(json.loads(SAMPLE.read_text(encoding="utf-8"))).encode()


def _read(path: Path, jobs: bool = False) -> list[tuple[int, str]]:
    """(record number, code or "ok") of every entry, as one process or as ``--jobs`` reads."""
    got: list[tuple[int, str]] = []
    if not jobs:
        found: Any = entries(str(path))
    else:
        found = (e for u in units(str(path), 64, set())
                 for e in ([u] if isinstance(u, sources.Entry) else u.entries()))
    for e in found:
        got.append((e.index, e.problem.code if e.problem else "ok"))
    return got


@pytest.fixture()
def small_caps(monkeypatch: pytest.MonkeyPatch) -> int:
    cap = 3 * len(RECORD)
    monkeypatch.setattr(sources, "RECORD_MAX_BYTES", cap)
    return cap


@pytest.mark.parametrize("jobs", [False, True])
@pytest.mark.parametrize("packed", ["", ".gz", ".zst"])
def test_a_line_past_the_cap_keeps_the_records_before(tmp_path: Path, small_caps: int,
                                                      jobs: bool, packed: str) -> None:
    data = (RECORD + b"\n") * 100 + b" " * (small_caps + (4 << 20)) + b"\n" + RECORD + b"\n"
    path = tmp_path / f"a.jsonl{packed}"
    path.write_bytes(_pack(data, packed))
    assert _read(path, jobs) == [(k, "ok") for k in range(1, 101)] + [(101, "INPUT-TOO-LARGE")]


@pytest.mark.parametrize("jobs", [False, True])
def test_a_pretty_json_document_is_one_record_under_the_cap(tmp_path: Path, small_caps: int,
                                                            jobs: bool) -> None:
    small = tmp_path / "small.json"
    small.write_text(json.dumps(json.loads(RECORD), indent=2))
    assert _read(small, jobs) == [(1, "ok")]
    big = tmp_path / "big.json.gz"
    big.write_bytes(gzip.compress(json.dumps(json.loads(RECORD), indent=60).encode()))
    assert _read(big, jobs) == [(1, "INPUT-TOO-LARGE")]


@pytest.mark.parametrize("jobs", [False, True])
@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_an_xml_or_text_record_past_the_cap(tmp_path: Path, small_caps: int, jobs: bool,
                                            fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tarockrec.codecs import textio, xmlio
    # the text reader hands records out 1 MB (textio.CHUNK) at a time: a cap above that
    small_caps = 3 << 20
    monkeypatch.setattr(sources, "RECORD_MAX_BYTES", small_caps)
    rec = json.loads(RECORD)
    text = "".join((xmlio if fmt == "xml" else textio).iter_dumps([rec] * 3))
    assert _read(_write(tmp_path / f"ok.{fmt}", text), jobs) == [(k, "ok") for k in (1, 2, 3)]
    cut = text.rindex("</tarockrec>") if fmt == "xml" else len(text)
    bomb = text[:cut] + ("<deal>" if fmt == "xml" else "\n*\n[Event \"x\"]\n") + \
        " " * (small_caps + (2 << 20))
    got = _read(_write(tmp_path / f"bomb.{fmt}", bomb), jobs)
    assert got[:3] == [(k, "ok") for k in (1, 2, 3)], got
    assert got[-1][1] == "INPUT-TOO-LARGE", got       # after what the cut record gives


def test_the_file_cap_counts_decompressed_bytes(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "FILE_MAX_BYTES", 50 * (len(RECORD) + 1))
    path = tmp_path / "many.jsonl.gz"
    path.write_bytes(gzip.compress((RECORD + b"\n") * 100))
    got = _read(path)
    assert got[-1][1] == "INPUT-TOO-LARGE" and got[:-1] == [(k, "ok") for k in range(1, 51)]
    assert "once decompressed, the most one file may" in next(
        e.problem.message for e in entries(str(path)) if e.problem)


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _pack(data: bytes, packed: str) -> bytes:
    if packed == ".gz":
        return gzip.compress(data, 1)
    if packed == ".zst":
        import zstandard
        return zstandard.ZstdCompressor().compress(data)
    return data


# -- real processes under an address-space limit ---------------------------------------------

_LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
sys.argv = ["tarockrec"] + sys.argv[1:]
from tarockrec.cli import run
run()
"""


def _bomb(path: Path, mib: int, head: bytes = b"", tail: bytes = b"") -> None:
    """``mib`` MiB of spaces, gzipped as they stream (a few MB on disk)."""
    gzip_stream(path, head, b" ", mib, tail)


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bomb")
    _bomb(folder / "bomb.json.gz", 1024)            # 1 GiB of spaces, about 4.5 MB stored
    (folder / "good.jsonl").write_bytes(RECORD + b"\n")
    return folder


def _validate_limited(*args: str, stdin: Any = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", _LIMITED, "validate", *args],
                          capture_output=True, text=True, env=env, timeout=300, stdin=stdin)


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_a_gzip_bomb_under_a_2_gib_limit_is_a_finding(bomb: Path, jobs: list[str]) -> None:
    res = _validate_limited(*jobs, str(bomb / "bomb.json.gz"), str(bomb / "good.jsonl"))
    assert "Traceback" not in res.stderr and res.returncode == 2, res.stdout + res.stderr
    assert "the JSON document holds more than 256 MiB, the most one may hold" in res.stdout
    assert "[INPUT-TOO-LARGE]" in res.stdout
    assert "2 record(s): 1 valid, 0 invalid, 1 unreadable" in res.stdout   # the next file read


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_dev_zero_under_a_2_gib_limit_is_a_finding(jobs: list[str]) -> None:
    """On standard input, read under the caps; named, a device is refused unread (issue 39)."""
    with open("/dev/zero", "rb") as zero:
        res = _validate_limited(*jobs, "-", stdin=zero)
    assert "Traceback" not in res.stderr and res.returncode == 2, res.stdout + res.stderr
    assert "[INPUT-TOO-LARGE]" in res.stdout, res.stdout
    res = _validate_limited(*jobs, "/dev/zero")
    assert "Traceback" not in res.stderr and res.returncode == 2, res.stdout + res.stderr
    assert "it is a device, not a regular file" in res.stdout and "[IO-ERROR]" in res.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
def test_a_jsonl_bomb_as_a_table_source(tmp_path: Path) -> None:
    """A compressed session file that is one endless line: TOURN-SOURCE, in bounded memory."""
    t = json.loads((Path(ROOT) / "samples" / "tournaments" / "valid" /
                    "sessions-in-files.json").read_text(encoding="utf-8"))
    t["rounds"][0]["tables"][0]["source"] = "bomb.jsonl.gz"
    (tmp_path / "cup.json").write_text(json.dumps(t))
    for table in t["rounds"][0]["tables"][1:] + t["rounds"][1]["tables"]:
        src = Path(ROOT) / "samples" / "tournaments" / "valid" / table["source"]
        (tmp_path / table["source"]).parent.mkdir(exist_ok=True)
        (tmp_path / table["source"]).write_bytes(src.read_bytes())
    _bomb(tmp_path / "bomb.jsonl.gz", 300, head=RECORD[:-1])
    res = _validate_limited(str(tmp_path / "cup.json"))
    assert "Traceback" not in res.stderr and res.returncode == 1, res.stdout + res.stderr
    assert "TOURN-SOURCE" in res.stdout and "runs longer than 256 MiB" in res.stdout
