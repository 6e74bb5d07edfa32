"""Odd input and odd outputs never end in a traceback (issue 25, items 2-4): a broken record
in a pretty-printed array, a byte order mark, NaN and numbers too long to read, a full disk;
bounded workers and memory; truncated compressed archives keep their complete records."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT, SAMPLES
from tarockrec import parallel, sources
from tarockrec.report import Style
from tarockrec.cli import main
from tarockrec.codecs import jsonio, textio, xmlio

VALID = os.path.join(SAMPLES, "koenigrufen", "valid",
                     "ex14-rufer-own-king-doubling-king-ultimo.json")
REC: dict[str, Any] = json.load(open(VALID, encoding="utf-8"))
BOM = b"\xef\xbb\xbf"


def _cli(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "tarockrec.cli", *args], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=300)


# -- a broken record in a pretty-printed array ------------------------------------------------
def _array_with_a_broken_second_record() -> str:
    text = json.dumps([REC, REC, REC], indent=2)
    second = text.index('"dealer"', text.index('"dealer"') + 1)
    return text[:second] + "5, " + text[second:]        # a value with no field name


@pytest.mark.parametrize("command", [["validate"], ["show"], ["score"], ["convert"]])
def test_a_broken_record_of_a_pretty_array_is_its_own_finding(command: list[str],
                                                              tmp_path: Any) -> None:
    src = tmp_path / "three.json"
    src.write_text(_array_with_a_broken_second_record(), encoding="utf-8")
    args = command + [str(src)] + ([str(tmp_path / "out.xml")] if command == ["convert"] else [])
    res = CliRunner().invoke(main, args)
    assert isinstance(res.exception, SystemExit), res.exception     # no traceback
    assert res.exit_code == 2 and "JSON-SYNTAX" in res.output
    if command == ["validate"]:
        assert res.output.splitlines()[0] == f"{src} #1, line 2: valid (koenigrufen deal)"
        assert "#3, line" in res.output and "2 valid" in res.output


def test_the_line_map_maps_the_records_around_a_broken_one() -> None:
    text = _array_with_a_broken_second_record()
    lines = jsonio.line_map(text)
    def line(at: int) -> int:
        return text.count("\n", 0, at) + 1

    assert lines["/0/dealer"] == line(text.index('"dealer"'))
    assert lines["/2/dealer"] == line(text.rindex('"dealer"'))
    assert lines["/2"] == line(text.rindex('"tarockrec"')) - 1
    for broken in ('[{"a": 1, 2}]', '[{1: 2}]', '[{"a\\q": 1}, {"b": 2}]', '[{,}]'):
        jsonio.line_map(broken)                          # never fails


# -- a UTF-8 byte order mark ------------------------------------------------------------------
def _bom_inputs() -> dict[str, bytes]:
    line = jsonio.dumps(REC, compact=True) + "\n"
    return {"a.jsonl": (line * 3).encode(), "a.json": jsonio.dumps(REC).encode(),
            "arr.json": json.dumps([REC, REC], indent=2).encode(),
            "a.xml": "".join(xmlio.iter_dumps([REC, REC])).encode(),
            "a.txt": "".join(textio.iter_dumps([REC, REC])).encode(),
            "a.jsonl.gz": gzip.compress(BOM + (line * 3).encode())}


@pytest.mark.parametrize("name", sorted(_bom_inputs()))
def test_a_byte_order_mark_is_read_past(name: str, tmp_path: Any) -> None:
    data = _bom_inputs()[name]
    if not name.endswith(".gz"):
        data = BOM + data
    path = tmp_path / name
    path.write_bytes(data)
    count = 3 if "jsonl" in name else 1 if name == "a.json" else 2
    expect = f"{count} record(s): {count} valid, 0 invalid, 0 unreadable\n"
    runner = CliRunner()
    for args, stdin in ((["validate", str(path)], None), (["validate", "-"], data)):
        res = runner.invoke(main, args, input=stdin)
        assert res.exit_code == 0 and res.output.endswith(expect), (args, res.output)
    chunks = list(parallel.rendered([str(path)], Style(), jobs=2))
    assert sum(c.counts[0] for c in chunks) == count


def test_a_byte_order_mark_on_stdin_with_jobs() -> None:
    data = BOM + (jsonio.dumps(REC, compact=True) + "\n").encode() * 3
    res = _cli(["validate", "-j", "2", "-"], data)
    assert res.returncode == 0, res.stderr.decode()
    assert res.stdout.decode().endswith("3 record(s): 3 valid, 0 invalid, 0 unreadable\n")
    with pytest.raises(jsonio.JSONError):                   # before the text, nothing else
        jsonio.loads(b" " + BOM + b"{}")
    assert jsonio.loads(BOM + b'{"a": 1}') == {"a": 1}


# -- NaN, Infinity and whole numbers too long to read -------------------------------------------
@pytest.mark.parametrize("value, code, words", [
    ("NaN", "JSON-SYNTAX", "NaN is not a number JSON has"),
    ("-Infinity", "JSON-SYNTAX", "-Infinity is not a number JSON has"),
    ("Infinity", "JSON-SYNTAX", "Infinity is not a number JSON has"),
    ("9" * 5000, "REC-NUMBER", "this whole number has 5,000 digits, more than the 4,300"),
    ("-" + "1" * 4301, "REC-NUMBER", "4,301 digits")])
def test_json_constants_and_long_numbers_are_named(value: str, code: str, words: str,
                                                   tmp_path: Any) -> None:
    line = jsonio.dumps(REC, compact=True)
    bad = line[:-1] + ',\n"_x": ' + value + "}"
    with pytest.raises(jsonio.JSONError) as err:
        jsonio.loads(bad, 10)
    found = err.value.finding
    assert (found.code, found.line) == (code, 12) and words in found.message
    assert found.message.endswith("at column 7")
    path = tmp_path / "a.jsonl"
    path.write_text(line + "\n" + line[:-1] + ',"_x":' + value + "}\n" + line + "\n",
                    encoding="utf-8")
    got = [(e.index, e.problem.code if e.problem else None) for e, _ in
           parallel.reports([str(path)])]
    assert got == [(1, None), (2, code), (3, None)]
    assert jsonio.loads('{"_x": ' + "7" * 4300 + "}") == {"_x": int("7" * 4300)}


@pytest.mark.parametrize("old, new", [
    ('[Dealer "3"]', '[Dealer "' + "9" * 5000 + '"]'),
    ('[_example = "§8 Example 14"]', "[_example = " + "9" * 5000 + "]"),
    ("carry: doubling=2", "carry: doubling=" + "9" * 5000),
    ("auction: 0:", "auction: " + "9" * 5000 + ":")])
def test_a_text_notation_number_too_long_is_one_records_finding(old: str, new: str,
                                                                tmp_path: Any) -> None:
    text = "".join(textio.iter_dumps([REC, REC]))
    assert old in text
    path = tmp_path / "two.txt"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    got = [(e.index, e.problem.code if e.problem else None, r.valid)
           for e, r in parallel.reports([str(path)])]
    assert got == [(1, "REC-NUMBER", False), (2, None, True)]


@pytest.mark.parametrize("old", ['dealer="3"', 'doubling="2"'])
def test_an_xml_number_too_long_is_one_records_finding(old: str, tmp_path: Any) -> None:
    text = "".join(xmlio.iter_dumps([REC, REC]))
    path = tmp_path / "two.xml"
    path.write_text(text.replace(old, old[:-2] + "9" * 5000 + '"', 1), encoding="utf-8")
    got = [(e.index, e.problem.code if e.problem else None, r.valid)
           for e, r in parallel.reports([str(path)])]
    assert got == [(1, "REC-NUMBER", False), (2, None, True)]


# -- a full disk ------------------------------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["validate", VALID], ["validate", "-j", "2", VALID, VALID],
                                  ["score", VALID], ["score", "--format", "csv", VALID],
                                  ["show", VALID], ["convert", VALID, "-", "--to", "xml"],
                                  ["generate", "koenigrufen", "-n", "50", "--seed", "1"],
                                  ["codes"]])
def test_writing_to_a_full_disk_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        res = subprocess.run([sys.executable, "-m", "tarockrec.cli", *args], stdout=full,
                             stderr=subprocess.PIPE, cwd=ROOT, timeout=300)
    err = res.stderr.decode()
    assert res.returncode == 2, err
    assert err == "tarockrec: cannot write the output: no space left on device; what was " \
                  "written is incomplete\n"


# -- bounded resources ------------------------------------------------------------------------
@pytest.mark.parametrize("records, batch, most", [(1, 1000, 1), (7, 2, 4)])
def test_jobs_start_no_more_workers_than_runs(records: int, batch: int, most: int,
                                              monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Any) -> None:
    import multiprocessing
    monkeypatch.setattr(parallel, "BATCH", batch)
    path = tmp_path / "few.jsonl"
    path.write_text((jsonio.dumps(REC, compact=True) + "\n") * records, encoding="utf-8")
    runs = parallel.rendered([str(path)], Style(), jobs=64)
    first = next(runs)                  # the pool is up: every worker it starts is running
    started = len(multiprocessing.active_children())
    rest = list(runs)
    assert started == most
    assert sum(c.counts[0] for c in [first, *rest]) == records


def test_jobs_above_the_cores_are_named(tmp_path: Any) -> None:
    path = tmp_path / "one.json"
    path.write_text(jsonio.dumps(REC), encoding="utf-8")
    many = parallel.default_jobs() + 1
    res = CliRunner().invoke(main, ["validate", "-j", str(many), str(path)])
    assert res.exit_code == 0
    assert f"--jobs {many} is more than the {many - 1} core(s)" in res.output
    res = CliRunner().invoke(main, ["validate", "-j", str(many - 1), str(path)])
    assert res.exit_code == 0 and "core(s)" not in res.output


_PEAK = """
import resource, sys
from tarockrec import sources
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
found = [(e.index, e.problem) for e in sources.entries(sys.argv[1])]
assert found == [(1, None), (2, None)], found
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""


@pytest.mark.parametrize("text", ["a" * 20_000_000, "\n" * 10_000_000])
def test_a_json_array_with_a_large_text_reads_in_memory_of_its_size(text: str,
                                                                    tmp_path: Any) -> None:
    """The array splitter's pattern for a text kept a place to go back to per character
    (~120 bytes per byte: 2.4 GB for this file)."""
    path = tmp_path / "big.json"
    path.write_text(json.dumps([dict(REC, _x=text), REC], indent=2), encoding="utf-8")
    size = path.stat().st_size
    res = subprocess.run([sys.executable, "-c", _PEAK, str(path)], capture_output=True,
                         cwd=ROOT, timeout=300)
    assert res.returncode == 0, res.stderr.decode()
    grown = int(res.stdout) * 1024                      # ru_maxrss: kilobytes on Linux
    assert grown < 10 * size, (grown, size)
