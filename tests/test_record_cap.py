"""The per-record cap holds for XML and the text notation (issue 35, item 3): a record is
bounded as a whole, however it is built — a session of many small deals, a record of many
small children, one huge text node — not only from one record-like mark to the next. Past
the cap: one INPUT-TOO-LARGE at that record's place, the records before it read, the next
file read, memory bounded (a real process, plain file, gzip and stdin)."""
from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarockrec import sources
from tarockrec.codecs import textio, xmlio
from tarockrec.codecs.bounds import RecordTooLarge
from tarockrec.sources import entries, units

from conftest import ROOT, gzip_stream

SAMPLE = Path(ROOT) / "samples" / "tournaments" / "valid" / "sessions" / "round1-table1.json"
SESSION = json.loads(SAMPLE.read_text(encoding="utf-8"))
CAP = 3 << 20        # above the text reader's 1 MB chunks


def _read(path: Path, jobs: bool) -> list[Any]:
    """The entries of ``path`` as one process reads them, or as ``--jobs`` does (a piece not
    trusted is read in order to the file's end, and the file's later pieces are dropped)."""
    if not jobs:
        return list(entries(str(path)))
    got: list[Any] = []
    stopped: set[int] = set()
    for u in units(str(path), 64, stopped):
        if isinstance(u, sources.Piece):
            parsed = u.parsed()
            if parsed is None:
                stopped.add(u.run)
                got += u.rest()
            else:
                got += parsed
        else:
            got += [u] if isinstance(u, sources.Entry) else u.entries()
    return got


def _big_session() -> dict[str, Any]:
    """A session of many small deals, larger than CAP, every deal under it."""
    return {**SESSION, "deals": SESSION["deals"] * 1000}


def _archive(fmt: str, records: list[dict[str, Any]]) -> str:
    return "".join((xmlio if fmt == "xml" else textio).iter_dumps(records))


def _write(path: Path, text: str, packed: str) -> Path:
    data = text.encode()
    path.write_bytes(gzip.compress(data, 1) if packed else data)
    return path


@pytest.mark.parametrize("jobs", [False, True])
@pytest.mark.parametrize("packed", ["", ".gz"])
@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_a_session_of_many_small_deals_is_one_record(tmp_path: Path, monkeypatch: Any,
                                                     fmt: str, packed: str, jobs: bool) -> None:
    monkeypatch.setattr(sources, "RECORD_MAX_BYTES", CAP)
    text = _archive(fmt, [SESSION] * 3 + [_big_session(), SESSION])
    assert len(text) > CAP + (1 << 20)
    got = _read(_write(tmp_path / f"a.{fmt}{packed}", text, packed), jobs)
    codes = [(e.index, e.problem.code if e.problem else "ok") for e in got]
    assert codes == [(1, "ok"), (2, "ok"), (3, "ok"), (4, "INPUT-TOO-LARGE")], codes
    big = got[-1]
    # its place: the line where the session starts
    mark = "<session" if fmt == "xml" else '[Tarockrec "1"]'
    start = [k for k in range(len(text)) if text.startswith(mark, k)][3]
    assert big.line == text.count("\n", 0, start) + 1
    assert "record 4" in big.problem.message and "256" not in big.problem.message
    assert "the most one record may take" in big.problem.message


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_a_record_under_the_cap_reads_as_before(tmp_path: Path, monkeypatch: Any,
                                                fmt: str) -> None:
    """Records as large as CAP allows, several in a row, are read whole and alike."""
    monkeypatch.setattr(sources, "RECORD_MAX_BYTES", CAP)
    session = {**SESSION, "deals": SESSION["deals"] * 40}      # about 0.3-0.6 MB each
    text = _archive(fmt, [session] * 30)
    assert len(text) > 2 * CAP
    got = _read(_write(tmp_path / f"a.{fmt}", text, ""), False)
    assert [(e.index, e.problem) for e in got] == [(k, None) for k in range(1, 31)]
    assert got[-1].record == json.loads(json.dumps(session))


@pytest.mark.parametrize("packed", ["", ".gz"])
def test_xml_many_small_children_and_a_huge_text_node(tmp_path: Path, monkeypatch: Any,
                                                      packed: str) -> None:
    monkeypatch.setattr(sources, "RECORD_MAX_BYTES", CAP)
    ok = _archive("xml", [SESSION])
    head = ok[:ok.rindex("</tarockrec>")]
    for body in ("<deal>" + "<x/>" * (CAP // 3) + "</deal>",
                 '<deal><notes>' + "x" * (2 * CAP) + "</notes></deal>",
                 '<deal><notes a="' + "x" * (2 * CAP) + '"/></deal>',
                 "<other>" + "<session/>" * (CAP // 8) + "</other>"):
        text = head + body + "\n" + ok[ok.index("<session"):]
        got = _read(_write(tmp_path / f"b.xml{packed}", text, packed), False)
        codes = [(e.index, e.problem.code if e.problem else "ok") for e in got]
        assert codes == [(1, "ok"), (2, "INPUT-TOO-LARGE")], (body[:20], codes)
        assert got[-1].line == head.count("\n") + 1


# -- a real process: memory bounded ------------------------------------------------------------

_MEASURED = """
import os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from tarockrec import sources
from tarockrec.codecs import xmlio
sources.RECORD_MAX_BYTES = 4 << 20
xmlio.XML_RECORD_MAX_MARKUP = 1 << 20
sys.argv = ["tarockrec"] + sys.argv[1:]

def peak():
    # this process's own peak (ru_maxrss would count the parent's, forked before exec)
    kb = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0].split()[1]
    sys.stderr.write("PEAK %s\\n" % kb)
    sys.stderr.flush()

leave = os._exit
def measured_exit(code):        # the plain validate path ends without teardown (command._leave)
    peak()
    leave(code)
os._exit = measured_exit
from tarockrec.cli import run
try:
    run()
finally:
    peak()
"""


def _huge(fmt: str, folder: Path) -> Path:
    """A gzip of 600 MiB that is one record after a good one."""
    good = _archive(fmt, [SESSION]).encode()
    path = folder / f"huge.{fmt}.gz"
    if fmt == "xml":
        head = good[:good.rindex(b"</tarockrec>")] + b'  <session game="ulti">\n'
        gzip_stream(path, head, b"<deal a=\"1\"/>", 600, b"</session></tarockrec>\n")
    else:
        head = good + b'\n[Tarockrec "1"]\n[Game "ulti"]\n[Deals "9"]\n*\n'
        gzip_stream(path, head, b'[Round "1"]\n*\n', 600, b"")
    return path


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS and /proc as Linux has them")
@pytest.mark.parametrize("stdin", [False, True])
@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_a_600_mib_record_in_bounded_memory(tmp_path: Path, fmt: str, stdin: bool) -> None:
    huge = _huge(fmt, tmp_path)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(SESSION))
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    args = ["-"] if stdin else [str(huge)]
    with open(huge, "rb") as fp:
        res = subprocess.run([sys.executable, "-c", _MEASURED, "validate", "--jobs", "1", *args,
                              str(good)],
                             stdin=fp, capture_output=True, text=True, env=env, timeout=600)
    assert "Traceback" not in res.stderr and res.returncode == 2, res.stdout + res.stderr
    assert res.stdout.count("[INPUT-TOO-LARGE]") == 1, res.stdout
    assert "3 record(s): 2 valid, 0 invalid, 1 unreadable" in res.stdout, res.stdout
    peak_mb = int(res.stderr.split("PEAK ")[1].split()[0]) // 1024
    assert peak_mb < 250, peak_mb


@pytest.mark.parametrize("tag", ["<x/>", '<x a="1"/>'])
def test_xml_tags_are_capped_too(tmp_path: Path, monkeypatch: Any, tag: str) -> None:
    """A record of many tiny tags (``<x/>``: 4 bytes, about 130 parsed) or attributes is held
    to a cap of its tags and attributes, the byte cap being far off."""
    monkeypatch.setattr(xmlio, "XML_RECORD_MAX_MARKUP", 100_000)
    ok = _archive("xml", [SESSION])
    head = ok[:ok.rindex("</tarockrec>")]
    text = head + "<deal>" + tag * 200_000 + "</deal>\n" + ok[ok.index("<session"):]
    got = _read(_write(tmp_path / "t.xml", text, ""), False)
    assert [(e.index, e.problem.code if e.problem else "ok") for e in got] == \
        [(1, "ok"), (2, "INPUT-TOO-LARGE")]
    assert got[-1].line == head.count("\n") + 1
    assert "holds more than 100,000 tags and attributes, the most one XML record may hold" in \
        got[-1].problem.message


def test_the_element_by_element_reader_is_capped_too() -> None:
    """The reader used when the root cannot be read from the file's head."""
    doc = _archive("xml", [SESSION, _big_session()]).encode()
    guard = xmlio._AttributeGuard(io.BytesIO(doc), CAP)
    read = xmlio._iter_every_element(guard, b"")
    assert next(read)[2] == json.loads(json.dumps(SESSION))
    with pytest.raises(RecordTooLarge) as err:
        next(read)
    assert err.value.line == doc.count(b"\n", 0, doc.index(b"<session", 100)) + 1


# -- JSON: values, not only bytes --------------------------------------------------------------

@pytest.mark.parametrize("packed", ["", ".gz"])
def test_a_json_record_of_very_many_tiny_values_is_refused(tmp_path: Path, monkeypatch: Any,
                                                           packed: str) -> None:
    """``[[],[],…]`` is 3 bytes a value written and some 64 read: a JSON record is held to a
    cap of its values (brackets and commas), the byte cap being far off; the record before it
    and the next file are read."""
    from tarockrec.codecs import jsonio
    monkeypatch.setattr(jsonio, "JSON_RECORD_MAX_VALUES", 10_000)
    tiny = {**SESSION, "notes": [[]] * 20_000}
    lines = json.dumps(SESSION) + "\n" + json.dumps(tiny) + "\n" + json.dumps(SESSION) + "\n"
    path = tmp_path / f"a.jsonl{packed}"
    path.write_bytes(gzip.compress(lines.encode()) if packed else lines.encode())
    doc = tmp_path / f"b.json{packed}"
    doc.write_bytes(gzip.compress(json.dumps(tiny).encode()) if packed
                    else json.dumps(tiny).encode())
    for jobs in (False, True):
        got = [(e.index, e.problem.code if e.problem else "ok") for e in _read(path, jobs)]
        assert got == [(1, "ok"), (2, "INPUT-TOO-LARGE"), (3, "ok")], got
        got = [(e.index, e.problem.code if e.problem else "ok") for e in _read(doc, jobs)]
        assert got == [(1, "INPUT-TOO-LARGE")], got


def test_a_json_array_of_very_many_records_is_refused(tmp_path: Path, monkeypatch: Any) -> None:
    """Each record of a pretty array is remembered by its bounds before it is read: an array
    of more records than ``JSON_ARRAY_MAX_RECORDS`` is one INPUT-TOO-LARGE (kept as JSON Lines,
    it would be read a line at a time); one within it reads record by record."""
    from tarockrec.codecs import jsonio
    monkeypatch.setattr(jsonio, "JSON_ARRAY_MAX_RECORDS", 50)
    path = tmp_path / "many.json"
    path.write_text(json.dumps([[]] * 60))
    got = [e.problem.code if e.problem else "ok" for e in entries(str(path))]
    assert got == ["INPUT-TOO-LARGE"], got
    path.write_text(json.dumps([SESSION] * 40))
    got = [e.problem.code if e.problem else "ok" for e in entries(str(path))]
    assert got == ["ok"] * 40, got


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS and /proc as Linux has them")
@pytest.mark.parametrize("unit,wrap", [(b"[],", b'{"deals":[%s[]]}'), (b"[],", b"[%s[]]")])
def test_a_200_mib_json_of_tiny_values_in_bounded_memory(tmp_path: Path, unit: bytes,
                                                         wrap: bytes) -> None:
    """With the default caps: 200 MiB of ``[],`` as one record, or as an array of 70 million
    records, is one INPUT-TOO-LARGE, and the next file is read, in far less memory than the
    several GB its objects would take."""
    head, tail = wrap.split(b"%s")
    path = tmp_path / "tiny.json.gz"
    gzip_stream(path, head, unit, 200, tail)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(SESSION))
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    measured = _MEASURED.replace("sources.RECORD_MAX_BYTES = 4 << 20\n", "") \
        .replace("xmlio.XML_RECORD_MAX_MARKUP = 1 << 20\n", "")
    res = subprocess.run([sys.executable, "-c", measured, "validate", "--jobs", "1", str(path),
                          str(good)],
                         capture_output=True, text=True, env=env, timeout=600)
    assert "Traceback" not in res.stderr and res.returncode == 2, res.stdout + res.stderr
    assert res.stdout.count("[INPUT-TOO-LARGE]") == 1, res.stdout
    assert "2 record(s): 1 valid, 0 invalid, 1 unreadable" in res.stdout, res.stdout
    peak_mb = int(res.stderr.split("PEAK ")[1].split()[0]) // 1024
    assert peak_mb < 1024, peak_mb
