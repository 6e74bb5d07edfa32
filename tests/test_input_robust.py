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

from conftest import ROOT, SAMPLES, default_signals
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
@pytest.mark.parametrize("records, batch, most", [(1, 1000, 0), (7, 2, 4)])
def test_jobs_start_no_more_workers_than_runs(records: int, batch: int, most: int,
                                              monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Any) -> None:
    import multiprocessing
    monkeypatch.setattr(parallel, "BATCH", batch)
    path = tmp_path / "few.jsonl"
    path.write_text((jsonio.dumps(REC, compact=True) + "\n") * records, encoding="utf-8")
    runs = parallel.rendered([str(path)], Style(), jobs=64)
    first = next(runs)                  # the pool is up: every worker it starts is running
    # (one run is checked in this process: no worker)
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


# short ids: pytest puts the test id in PYTEST_CURRENT_TEST, and a 20 MB value is more than
# one environment string may hold (E2BIG when the subprocess starts)
@pytest.mark.parametrize("text", ["a" * 20_000_000, "\n" * 10_000_000],
                         ids=["long-text", "many-lines"])
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


# -- an XML start tag of very many attributes ---------------------------------------------------
def _bomb_archive(attributes: int, after: int = 1, sep: str = " ") -> str:
    text = "".join(xmlio.iter_dumps([REC] * (1 + after)))
    many = sep.join(f'a{i}="1"' for i in range(attributes))
    return text.replace('<deal game="koenigrufen"', f'<deal game="koenigrufen" {many}', 1)


@pytest.mark.parametrize("attributes, sep", [(200_000, " "), (1_000_000, " "),
                                             (200_000, "\n")])
def test_an_xml_start_tag_of_very_many_attributes_is_refused_at_once(attributes: int, sep: str,
                                                                     tmp_path: Any) -> None:
    """libxml2 took time quadratic in the attributes of a tag (minutes for 200,000) before any
    code of ours saw it; now it never sees more than one over the limit."""
    path = tmp_path / "bomb.xml"
    path.write_text(_bomb_archive(attributes, 1, sep), encoding="utf-8")
    res = _cli(["validate", "-j", "1", str(path)])     # timeout: the test fails, not hangs
    out = res.stdout.decode()
    assert res.returncode == 2 and "XML-ATTRIBUTES" in out, out
    line = 3 + (attributes - 1 if sep == "\n" else 0)   # the line libxml2 gives, kept
    assert f"#1, line {line}: UNREADABLE" in out and "#2, line" in out and "1 valid" in out


def test_the_attribute_guard_passes_everything_else_on_unchanged() -> None:
    import io
    from tarockrec.codecs.xmlio import _AttributeGuard
    text = "".join(xmlio.iter_dumps([REC] * 40)).encode()
    fake = b"<x " + b" ".join(b'a%d="1"' % i for i in range(300)) + b"/>"
    tricky = text.replace(b"<players>", b"<!-- " + fake + b" --><players>", 1).replace(
        b"<players>", b"<![CDATA[" + fake + b"]]><players>", 2)
    for data in (text, tricky):
        for size in (7, 1000, 32768, -1):
            guard = _AttributeGuard(io.BytesIO(data))
            parts = []
            while part := guard.read(size):
                assert size < 0 or len(part) <= size
                parts.append(part)
            assert b"".join(parts) == data
    cut = _AttributeGuard(io.BytesIO(b"<r>" + fake.replace(b" a1=", b"\n a1=") + b"</r>")).read()
    assert cut.count(b'="1"') == xmlio.MAX_ATTRIBUTES + 1 and cut.count(b"\n") == 1


def _reading(pid: int, path: str) -> bool:
    """Whether process ``pid`` has read into ``path`` (its imports are done)."""
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            if os.readlink(f"/proc/{pid}/fd/{fd}") == path:
                with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                    if int(info.readline().split()[1]) > 0:
                        return True
    except OSError:
        pass
    return False


@pytest.mark.skipif(not os.path.isdir("/proc/self/fdinfo"), reason="needs /proc")
@pytest.mark.parametrize("signum, jobs", [("SIGINT", "1"), ("SIGTERM", "2")])
def test_a_signal_is_honoured_while_xml_is_parsed(signum: str, jobs: str, tmp_path: Any) -> None:
    """Ctrl-C and SIGTERM (handled by Python, so run only between calls into C) stop
    validate while the archive is parsed: no C call of the reader runs long."""
    import signal
    import time
    path = tmp_path / "bomb.xml"
    path.write_text(_bomb_archive(1_000_000, 3000), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "validate", "-j", jobs,
                             str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=ROOT, start_new_session=True,   # (killpg: workers with it)
                            preexec_fn=default_signals)
    try:
        deadline = time.monotonic() + 120
        while not _reading(proc.pid, str(path)) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        sent = time.monotonic()
        proc.send_signal(getattr(signal, signum))
        proc.wait(timeout=60)
        took = time.monotonic() - sent
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)     # a worker left behind holds stderr open
        except ProcessLookupError:
            pass
        proc.wait()
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    assert proc.returncode == 2 and err.startswith("tarockrec: stopped by "), err
    assert took < (5 if jobs == "1" else 15), took      # workers end their run (GRACE)


# -- compressed archives cut short ----------------------------------------------------------------
def _archive_bytes(n: int = 200) -> bytes:
    from tarockrec.generate import deal_records
    return "".join(jsonio.dumps(r, compact=True) + "\n"
                   for r in deal_records("koenigrufen", n, 3)).encode()


def _compress(data: bytes, kind: str) -> bytes:
    import zstandard
    if kind == "gz":
        return gzip.compress(data)
    return zstandard.ZstdCompressor(write_checksum=True).compress(data)   # a 4-byte trailer


def _read(path: Any) -> list[tuple[int, str | None]]:
    return [(e.index, e.problem.code if e.problem else None) for e in sources.entries(str(path))]


@pytest.mark.parametrize("kind", ["gz", "zst"])
def test_a_compressed_archive_cut_short_keeps_its_complete_records(kind: str,
                                                                  tmp_path: Any) -> None:
    data = _archive_bytes()
    packed = _compress(data, kind)
    path = tmp_path / f"cut.jsonl.{kind}"
    path.write_bytes(packed[:len(packed) * 85 // 100])
    got = _read(path)
    readable = [i for i, code in got if code is None]
    assert readable == list(range(1, len(readable) + 1))
    # zstd gives its data a block (128 kB) at a time; gzip up to the cut
    assert len(readable) >= (150 if kind == "gz" else 100), got[-3:]
    assert got[-1] == (len(got), "IO-ERROR") and all(c != "IO-ERROR" for _, c in got[:-1])
    (last,) = [e for e in sources.entries(str(path))][-1:]
    assert last.problem is not None and "is cut short" in last.problem.message
    chunks = list(parallel.rendered([str(path)], Style(), jobs=2))
    assert sum(c.counts[0] for c in chunks) == len(readable)
    res = CliRunner().invoke(main, ["validate", "-q", str(path)])
    assert res.exit_code == 2 and f"{len(readable)} valid" in res.output


@pytest.mark.parametrize("kind", ["gz", "zst"])
def test_a_compressed_archive_cut_at_a_records_end_or_followed_by_junk_is_told(
        kind: str, tmp_path: Any) -> None:
    data = (jsonio.dumps(REC, compact=True) + "\n").encode() * 3
    packed = _compress(data, kind)
    path = tmp_path / f"a.jsonl.{kind}"
    path.write_bytes(packed[:-4])                       # the checksum or trailer only
    assert _read(path) == [(1, None), (2, None), (3, None), (4, "IO-ERROR")]
    path.write_bytes(packed + b"not compressed")
    assert _read(path) == [(1, None), (2, None), (3, None), (4, "IO-ERROR")]
    path.write_bytes(packed + _compress(data, kind) + (b"\0" * 8 if kind == "gz" else b""))
    assert _read(path) == [(i, None) for i in range(1, 7)]   # members / frames, padding
    if kind == "gz":
        broken = bytearray(packed)
        broken[-12] ^= 0xFF                            # data or its check sum damaged
        path.write_bytes(bytes(broken))
        assert _read(path)[-1][1] == "IO-ERROR"
