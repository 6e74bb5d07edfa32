"""JSON Lines read in runs of lines cut from blocks of bytes (``sources._line_runs``): the same
records, numbers, lines and findings as reading the file line by line, wherever the blocks
and runs are cut."""
from __future__ import annotations

import io
import random
from typing import Any

import pytest

from tarockrec import parallel, sources
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records


def _line_by_line(data: bytes) -> list[tuple[int, int, Any, str | None]]:
    """What a plain line-by-line reader makes of ``data`` (the reference)."""
    out = []
    index = 0
    for lineno, raw in enumerate(io.BytesIO(data), 1):
        if not raw.strip():
            continue
        index += 1
        item = jsonio.parse_jsonl_line(raw, lineno)
        e = sources._entry("f.jsonl", index, lineno, item)
        out.append((e.index, e.line, e.record, e.problem.message if e.problem else None))
    return out


def _runs(path: str) -> list[tuple[int, int, Any, str | None]]:
    return [(e.index, e.line, e.record, e.problem.message if e.problem else None)
            for unit in sources.units(path, parallel.BATCH) for e in unit.entries()]


def _archive(rng: random.Random) -> bytes:
    recs = [jsonio.dumps(r, compact=True).encode() for r in deal_records("ulti", 6, rng.randrange(10 ** 6))]
    lines: list[bytes] = []
    for rec in recs:
        pick = rng.random()
        if pick < 0.15:
            lines.append(rec[: len(rec) // 3])              # broken
        elif pick < 0.25:
            lines.append(rng.choice([b"", b"   ", b"\t\r", b"\x0c"]))   # blank
        elif pick < 0.3:
            lines.append(b"  " + rec)                       # a record after spaces
        elif pick < 0.35:
            lines.append(rec + b"\r")                       # a Windows line end
        elif pick < 0.4:
            lines.append(b'{"a": 1,\rbad')                  # a lone carriage return inside
        lines.append(rec)
    text = b"\n".join(lines)
    return text if rng.random() < 0.5 else text + b"\n"


@pytest.mark.parametrize("seed", range(40))
def test_runs_read_what_lines_read(seed: int, tmp_path: Any,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    data = _archive(rng)
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    monkeypatch.setattr(sources, "BLOCK", rng.choice([1, 7, 100, 1000, 1 << 20]))
    monkeypatch.setattr(parallel, "BATCH", rng.choice([1, 2, 3, 50, 200]))
    monkeypatch.setattr(sources, "RUN_BYTES", rng.choice([1, 500, 3000, 1 << 20]))
    expected = _line_by_line(data)
    got = _runs(str(path))
    assert got == expected
    assert len(expected) > 3


@pytest.mark.parametrize("data", [b"", b"\n", b"\n\n  \n", b"{}", b"{}\n", b"\n{}", b"{}\n\n{}"])
def test_edge_files(data: bytes, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    for block in (1, 2, 1 << 20):
        monkeypatch.setattr(sources, "BLOCK", block)
        assert _runs(str(path)) == _line_by_line(data)


def test_a_line_longer_than_many_blocks(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = jsonio.dumps(next(deal_records("koenigrufen", 1, 3)), compact=True).encode()
    data = rec + b"\n" + b'{"x": "' + b"a" * 50_000 + b'"}\n' + rec + b"\n"
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    monkeypatch.setattr(sources, "BLOCK", 1000)
    assert _runs(str(path)) == _line_by_line(data)


def test_lines_of_many_deals_make_runs_of_about_a_thousand_deals(tmp_path: Any) -> None:
    """A line of a session weighs its deals: the runs are cut at RUN_BYTES as well as at BATCH
    lines, so that a file of sessions is shared among the workers (issue 42, item 4)."""
    from tarockrec.generate import session_records
    line = jsonio.dumps(next(session_records("koenigrufen", 1, 24, 5)), compact=True).encode()
    path = tmp_path / "sessions.jsonl"
    path.write_bytes((line + b"\n") * 200)
    runs = list(sources.units(str(path), parallel.BATCH))
    per_run = -(-sources.RUN_BYTES // (len(line) + 1))     # the line reaching RUN_BYTES ends it
    assert 1 < per_run < parallel.BATCH
    assert len(runs) == -(-200 // per_run)
    assert all(isinstance(run, sources.Lines) for run in runs)
    assert sum(len(list(run.entries())) for run in runs) == 200
