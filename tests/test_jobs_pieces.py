"""``validate --jobs``: XML archives and the text notation go to the workers unparsed, cut into
runs of whole records (``sources.Piece``), and the report is byte for byte the one of the file
read in order by one process, whatever is wrong in it (issue 25 item 6)."""
from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from conftest import ROOT, SAMPLES, default_signals
from tarockrec import parallel, sources
from tarockrec.codecs import jsonio, textio, xmlio
from tarockrec.generate import deal_records
from tarockrec.report import Style, render
from tarockrec.sources import Piece, units

STYLES = (Style(), Style("json"), Style("junit", quiet=True))


@pytest.fixture(autouse=True)
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pieces of a few records each, so that a small file is cut many times."""
    monkeypatch.setattr(sources, "PIECE", 6000)
    monkeypatch.setattr(sources, "PIECE_MAX", 60_000)


def _records() -> list[Any]:
    """Deals of three games and a session (whose <deal>s and [Round] blocks nest)."""
    recs: list[Any] = [r for g in ("koenigrufen", "ulti", "cego") for r in deal_records(g, 8, 3)]
    session = json.loads((Path(SAMPLES) / "koenigrufen" / "valid" /
                          "session-redeal-in-doubling-period.json").read_text())
    recs.insert(5, session)
    recs.insert(17, session)
    return recs


def _in_order(path: str, style: Style) -> tuple[str, tuple[int, int, int]]:
    """What validate printed before pieces: the file read in order (no pieces), one process."""
    counts = [0, 0, 0]
    texts = []
    for unit in units(path, parallel.BATCH):
        for entry in ([unit] if isinstance(unit, sources.Entry) else unit.entries()):
            e, rep = parallel.check(entry)
            state, text = render(e, rep, style)
            counts[("valid", "invalid", "unreadable").index(state)] += 1
            texts.append(text)
    return "".join(texts), (counts[0], counts[1], counts[2])


def _rendered(path: str, style: Style, jobs: int) -> tuple[str, tuple[int, int, int]]:
    chunks = list(parallel.rendered([path], style, jobs))
    counts = tuple(sum(c.counts[k] for c in chunks) for k in range(3))
    return "".join(c.text for c in chunks), counts  # type: ignore[return-value]


def _same(path: Path) -> str:
    """The report of ``path`` for --jobs 1 and 2, each the same as read in order."""
    for style in STYLES:
        want = _in_order(str(path), style)
        assert _rendered(str(path), style, 1) == want
        assert _rendered(str(path), style, 2) == want
    return _in_order(str(path), Style())[0]


def _xml(recs: list[Any]) -> bytes:
    return "".join(xmlio.iter_dumps(recs)).encode()


def _text(recs: list[Any]) -> bytes:
    return "".join(textio.iter_dumps(recs)).encode()


def _trusted(path: Path) -> list[bool]:
    return [u.parsed() is not None for u in units(str(path), parallel.BATCH, set())
            if isinstance(u, Piece)]


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_a_plain_file_is_parsed_in_pieces(tmp_path: Path, fmt: str) -> None:
    """Every piece of a file as the writer writes it is trusted: parsed where it is validated,
    never read again; and the report is the same."""
    path = tmp_path / f"a.{fmt}"
    path.write_bytes((_xml if fmt == "xml" else _text)(_records()))
    trusted = _trusted(path)
    assert len(trusted) > 3 and all(trusted)
    out = _same(path)
    assert out.count(": valid (") == len(_records())


def _mutations(fmt: str) -> dict[str, Callable[[bytes], bytes]]:
    """Ways to spoil a file in its middle (after the first pieces)."""
    mid: Callable[[bytes], int] = lambda b: b.index(b"\n", len(b) // 2)
    common: dict[str, Callable[[bytes], bytes]] = {
        "bad-cards": lambda b: b.replace(b"T1 ", b"T9 ", 7).replace(b"SK", b"S1", 3),
        "bom": lambda b: sources.BOM + b,
        "crlf": lambda b: b.replace(b"\n", b"\r\n"),
        "truncated": lambda b: b[: len(b) * 2 // 3],
        "garbage-middle": lambda b: b[:mid(b)] + b"\n<<%% ]] {\n" + b[mid(b):],
        "nul": lambda b: b[:mid(b)] + b"\x00" + b[mid(b):],
    }
    if fmt == "xml":      # (text: see test_text_not_utf8)
        common["not-utf8"] = lambda b: b[:mid(b)] + b"\xff\xfe" + b[mid(b):]
    if fmt == "xml":
        common.update({
            "entity-ref": lambda b: b.replace(b">Player 2<", b">&xxe;<", 5),
            "doctype": lambda b: b.replace(
                b"?>", b'?>\n<!DOCTYPE tarockrec [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', 1),
            "laughs": lambda b: b.replace(b"?>", b'?>\n<!DOCTYPE t [<!ENTITY a "aaaa">'
                                          b'<!ENTITY b "&a;&a;&a;&a;">]>', 1),
            "comment-cut": lambda b: b[:mid(b)] + b"\n<!--\n  <deal game=\"x\">\n-->" + b[mid(b):],
            "cdata-cut": lambda b: b[:mid(b)] + b"\n<![CDATA[\n  <deal>\n]]>" + b[mid(b):],
            "indent": lambda b: b.replace(b"\n  <deal", b"\n <deal"),
            "one-line": lambda b: b.replace(b"\n", b""),
            "stray-element": lambda b: b.replace(b"\n  <deal", b"\n  <note/>\n  <deal", 3),
            "root-closed-early": lambda b: b[:mid(b)] + b"</tarockrec>" + b[mid(b):],
            "attributes": lambda b: b.replace(
                b"<deal ", b"<deal " + b" ".join(b'a%d="1"' % k for k in range(300)) + b" ", 4),
        })
    else:
        common.update({
            "open-comment": lambda b: b[:mid(b)] + b"\n{ a comment left open\n" + b[mid(b):],
            "comment-over-cut": lambda b: b.replace(b"*\n\n[Tarockrec", b"{\n*\n\n[Tarockrec", 3)
            .replace(b"[Game", b"}\n[Game", 3),
            "bad-tag": lambda b: b.replace(b'[Dealer "', b'[Dealer = "', 4),
            "huge-number": lambda b: b.replace(b'[Dealer "0"]', b"[Dealer = " + b"9" * 5000
                                               + b"]", 2),
            "round-outside": lambda b: b.replace(b"[Tarockrec", b'[Round "1"]\n[Tarockrec', 2),
            "star-spaces": lambda b: b.replace(b"\n*\n", b"\n * ; end\n"),
            "comments": lambda b: b.replace(b"\n*\n", b"\n*\n; between\n\n; records\n"),
        })
    return common


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_spoiled_files_report_as_read_in_order(tmp_path: Path, fmt: str) -> None:
    """Errors in some records, broken XML or text in the middle, a BOM, hostile XML: the
    report of --jobs 1 and --jobs 2 is byte for byte that of the file read in order."""
    good = (_xml if fmt == "xml" else _text)(_records())
    for name, spoil in _mutations(fmt).items():
        path = tmp_path / f"{name}.{fmt}"
        path.write_bytes(spoil(good))
        _same(path)
    # entities are never resolved: the DOCTYPE is refused, an undefined one is broken XML
    if fmt == "xml":
        assert "XML-DOCTYPE" in _same(tmp_path / "doctype.xml")
        assert "root:" not in _same(tmp_path / "doctype.xml")
        assert "XML-SYNTAX" in _same(tmp_path / "entity-ref.xml")
        assert "XML-ATTRIBUTES" in _same(tmp_path / "attributes.xml")
    else:
        assert "TEXT-SYNTAX" in _same(tmp_path / "open-comment.txt")
    assert "INVALID" in _same(tmp_path / f"bad-cards.{fmt}")


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_random_damage(tmp_path: Path, fmt: str) -> None:
    """Bytes cut out, doubled or changed anywhere: always the report of the file in order."""
    good = (_xml if fmt == "xml" else _text)(_records())
    rng = random.Random(25)
    for k in range(12):
        b = bytearray(good)
        for _ in range(3):
            at = rng.randrange(len(b))
            what = rng.random()
            if what < 0.3:
                del b[at:at + rng.randrange(1, 40)]
            elif what < 0.6:
                b[at:at] = b[at:at + rng.randrange(1, 400)]
            else:
                b[at] = rng.choice(b"<>[]{}*;\"\n &")
        path = tmp_path / f"damaged{k}.{fmt}"
        path.write_bytes(bytes(b))
        for style in (Style(), Style("json")):
            want = _in_order(str(path), style)
            assert _rendered(str(path), style, 1) == want
            assert _rendered(str(path), style, 2) == want


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_compressed_and_cut_short(tmp_path: Path, fmt: str) -> None:
    """A .gz file is cut as the plain one; one cut short keeps its complete records."""
    data = gzip.compress((_xml if fmt == "xml" else _text)(_records()))
    whole = tmp_path / f"a.{fmt}.gz"
    whole.write_bytes(data)
    assert all(_trusted(whole))
    _same(whole)
    cut = tmp_path / f"cut.{fmt}.gz"
    cut.write_bytes(data[: len(data) * 3 // 4])
    assert "IO-ERROR" in _same(cut)


def test_same_file_twice(tmp_path: Path) -> None:
    """Two readings of one file, the first one read again to its end: the second one is
    reported whole too (each reading of a file is a run of its own)."""
    path = tmp_path / "a.xml"
    path.write_bytes(_xml(_records())[:-3000])
    one, one_counts = _in_order(str(path), Style())
    for jobs in (1, 2):
        chunks = list(parallel.rendered([str(path), str(path)], Style(), jobs))
        text = "".join(c.text for c in chunks)
        counts = tuple(sum(c.counts[k] for c in chunks) for k in range(3))
        assert text == one + one
        assert counts == tuple(2 * c for c in one_counts)


def test_text_pieces_are_counted_as_read() -> None:
    """The marks a text is cut at count its records (a session's rounds are not records)."""
    data = _text(_records())
    assert len(textio.RECORD_START.findall(b"\n*\n" + data)) == len(_records())
    xml = _xml(_records())
    assert sum(xml.count(m) for m in xmlio.RECORD_STARTS) == len(_records())


def test_jsonl_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in _records()))
    _same(path)


def test_text_not_utf8(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 in a text: read in order, the whole piece of up to a megabyte
    read at a time around them is one unreadable record (TEXT-SYNTAX); cut into pieces, the
    records of the pieces before stay readable, and --jobs 1 and 2 say the same."""
    data = _text(_records())
    mid = data.index(b"\n", len(data) // 2)
    path = tmp_path / "bad.txt"
    path.write_bytes(data[:mid] + b"\xff\xfe" + data[mid:])
    for style in STYLES:
        assert _rendered(str(path), style, 1) == _rendered(str(path), style, 2)
    text, counts = _rendered(str(path), Style(), 2)
    assert counts[0] > 5 and counts[2] == 1 and "not UTF-8" in text


def test_text_reader_lets_go_of_its_text(tmp_path: Path) -> None:
    """A text read to its end leaves no lexer holding the text and its line index: tokens
    kept in the lexer's look-ahead made a cycle that only the collector's rare full pass
    freed, so a stream read piece by piece grew with the file (221 MB at 100,000 deals)."""
    import gc
    data = _text(_records())
    path = tmp_path / "a.txt"
    path.write_bytes(data)
    pieces = [u for u in units(str(path), parallel.BATCH, set()) if isinstance(u, Piece)]
    gc.collect()
    gc.disable()
    try:
        for _ in textio.iter_text(data):
            pass
        for piece in pieces:
            for _e in piece.read():
                pass
        held = [o for o in gc.get_objects() if isinstance(o, textio._Lexer) and o.s]
    finally:
        gc.enable()
    assert held == []



# -- stdin: kept as read (``sources._Spool``) and cut like a file --------------------------------
class _Stdin:
    """What ``sys.stdin`` is to the reader: its ``buffer``."""

    def __init__(self, path: Path) -> None:
        self.buffer = open(path, "rb")

    def close(self) -> None:          # what a worker process does to its stdin when it starts
        pass


def _on_stdin(monkeypatch: pytest.MonkeyPatch, path: Path,
              read: Callable[[], Any]) -> Any:
    stdin = _Stdin(path)
    monkeypatch.setattr(sys, "stdin", stdin)
    try:
        return read()
    finally:
        stdin.buffer.close()


def _same_stdin(path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The report of ``path`` given on stdin, for --jobs 1 and 2, each the same as stdin read
    in order (what validate printed before stdin was cut into pieces)."""
    for style in STYLES:
        want = _on_stdin(monkeypatch, path, lambda: _in_order("-", style))
        assert "<stdin>" in want[0] or style.quiet
        for jobs in (1, 2):
            assert _on_stdin(monkeypatch, path, lambda: _rendered("-", style, jobs)) == want
    return str(_on_stdin(monkeypatch, path, lambda: _in_order("-", Style()))[0])


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_stdin_is_parsed_in_pieces(tmp_path: Path, fmt: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """XML and text on stdin are cut into pieces as a file is (parsed where they are
    validated), every piece trusted, and the report is the same."""
    path = tmp_path / f"a.{fmt}"
    path.write_bytes((_xml if fmt == "xml" else _text)(_records()))
    pieces = _on_stdin(monkeypatch, path, lambda: [
        u for u in units("-", parallel.BATCH, set())])
    assert len(pieces) > 3 and all(isinstance(u, Piece) for u in pieces)
    assert all(u.source == "<stdin>" and u.parsed() is not None for u in pieces)
    assert _same_stdin(path, monkeypatch).count(": valid (") == len(_records())


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_spoiled_stdin_reports_as_read_in_order(tmp_path: Path, fmt: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """stdin spoiled as the files above, and compressed (whole and cut short): the pieces that
    are not trusted are read again from the kept stdin, and the report is stdin's in order."""
    good = (_xml if fmt == "xml" else _text)(_records())
    spoiled = {name: spoil(good) for name, spoil in _mutations(fmt).items()}
    spoiled["gz"] = gzip.compress(good)
    spoiled["gz-cut"] = gzip.compress(good)[: len(gzip.compress(good)) * 3 // 4]
    for name, data in spoiled.items():
        path = tmp_path / f"{name}.{fmt}"
        path.write_bytes(data)
        out = _same_stdin(path, monkeypatch)
        if name in ("truncated", "bad-cards", "gz-cut"):
            assert ("IO-ERROR" if name == "gz-cut" else "INVALID" if name == "bad-cards"
                    else "SYNTAX") in out, name


def test_stdin_is_kept_in_memory_up_to_a_bound(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond ``SPOOL_MEMORY`` bytes, stdin is kept in a temporary file without a name (so
    that nothing is left behind whatever stops the process), closed once read again."""
    import tempfile
    monkeypatch.setattr(sources, "SPOOL_MEMORY", 20_000)
    spool_dir = tmp_path / "spool"
    spool_dir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool_dir))
    path = tmp_path / "cut.xml"
    path.write_bytes(_xml(_records())[:-3000])        # the last piece is read again
    seen: list[tuple[bool, list[str]]] = []

    def read() -> list[sources.Entry]:
        got = []
        for u in units("-", parallel.BATCH, set()):
            assert isinstance(u, Piece) and u.spool is not None
            if u.spool.copy is not None:
                seen.append((u.spool.copy._rolled, os.listdir(spool_dir)))
            got.extend(u.entries())
        assert u.spool.copy is None                  # read again: let go of
        return got
    got = _on_stdin(monkeypatch, path, read)
    assert seen and seen[-1] == (True, [])
    assert any(e.problem is not None and e.problem.code == "XML-SYNTAX" for e in got)
    assert os.listdir(spool_dir) == []
    _same_stdin(path, monkeypatch)


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_stdin_through_a_pipe(tmp_path: Path, fmt: str) -> None:
    """`cat a.xml | tarockrec validate --jobs 2 -`: the report of --jobs 1, which is the one
    of the file but for its name."""
    data = (_xml if fmt == "xml" else _text)(_records() * 6)
    data = data.replace(b"T1 ", b"T9 ", 2)
    data = data[: len(data) - 2000]
    path = tmp_path / f"a.{fmt}"
    path.write_bytes(data)
    cmd = [sys.executable, "-m", "tarockrec.cli", "validate"]
    outs = [subprocess.run(cmd + ["-j", j, "-"], input=data, capture_output=True, cwd=ROOT)
            for j in ("1", "2")]
    whole = subprocess.run(cmd + ["-j", "1", str(path)], capture_output=True, cwd=ROOT)
    assert outs[0].stdout == outs[1].stdout
    assert outs[0].returncode == outs[1].returncode == whole.returncode == 2
    assert outs[0].stdout == whole.stdout.replace(str(path).encode(), b"<stdin>")
    assert b"Traceback" not in outs[1].stderr


@pytest.mark.parametrize("signum", ["SIGINT", "SIGTERM"])
def test_a_signal_stops_validate_reading_stdin(signum: str) -> None:
    """Ctrl-C or SIGTERM while XML comes in on stdin with --jobs 2: stopped at once, exit 2.
    The command runs in a session of its own, so that whatever goes wrong, its workers are
    ended with it (a worker left behind holds its output open: the test would wait for ever)."""
    import signal
    import threading
    import time
    data = _xml(list(deal_records("koenigrufen", 40, 9)) * 200)
    proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "validate", "-j", "2",
                             "-"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=default_signals)
    assert proc.stdin is not None and proc.stdout is not None

    def feed() -> None:        # half at once, the rest never (stdin stays open)
        try:
            assert proc.stdin is not None
            proc.stdin.write(data[: len(data) // 2])
            proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass
    first: list[bytes] = []
    threading.Thread(target=feed, daemon=True).start()
    reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()), daemon=True)
    reader.start()
    took = None
    try:
        reader.join(120)
        if first and first[0].endswith(b"valid (koenigrufen deal)\n"):
            sent = time.monotonic()
            proc.send_signal(getattr(signal, signum))
            proc.wait(timeout=30)
            took = time.monotonic() - sent
    finally:
        alive = proc.poll() is None
        try:
            os.killpg(proc.pid, signal.SIGKILL)     # the workers too, if any is left
        except ProcessLookupError:
            pass
        proc.wait()
        proc.stdin.close()
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    assert took is not None, f"first line {first}, still running {alive}, stderr: {err[-3000:]}"
    assert proc.returncode == 2 and err.startswith("tarockrec: stopped by "), err
    assert took < 15, took
