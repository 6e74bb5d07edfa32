"""Every write is safe (issue 11, item 6): a missing folder, an unwritable target, a full disk or
a termination signal gives one clear line and exit 2, and leaves neither the target nor a
temporary file behind."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from tarockrec import atomic
from tarockrec.atomic import Terminated, WriteError, write_atomic
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records

from conftest import ROOT, SAMPLES

SAMPLE = os.path.join(SAMPLES, "ulti", "valid", sorted(os.listdir(os.path.join(SAMPLES, "ulti",
                                                                                 "valid")))[0])


def _one_clean_line(res: Any) -> str:
    """The command failed with exit 2 and one line on stderr, no traceback."""
    assert res.exit_code == 2, res.output
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit)
    assert "Traceback" not in res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("tarockrec: ")
    return lines[0]


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("command", ["convert", "generate"])
def test_a_missing_folder_is_one_line_and_exit_2(command: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    target = os.path.join("no", "such", "dir", "out.xml" if command == "convert" else "g.jsonl")
    args = (["convert", SAMPLE, target] if command == "convert"
            else ["generate", "ulti", "-n", "2", "--seed", "1", "-o", target])
    line = _one_clean_line(CliRunner().invoke(main, args))
    assert f"cannot write {target}" in line and "the folder no/such/dir does not exist" in line
    assert _left(tmp_path) == []


def test_a_file_where_a_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    line = _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE,
                                                     str(tmp_path / "plain" / "out.json")]))
    assert "is a file, not a folder" in line
    assert _left(tmp_path) == ["plain"]


def test_a_folder_as_the_target_is_refused_cleanly(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    line = _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE, str(tmp_path / "d"),
                                                     "--to", "json", "--force"]))
    assert "is a folder" in line
    assert _left(tmp_path) == ["d"] and _left(tmp_path / "d") == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs a user whom file permissions bind (root writes anywhere)")
def test_an_unwritable_folder(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        line = _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE, str(ro / "o.xml")]))
    finally:
        ro.chmod(0o700)
    assert "permission denied" in line
    assert _left(ro) == []


def test_an_unwritable_target_even_for_root(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied as the operating system says it (the suite may run as root, whom
    permissions do not bind): the same line, nothing left."""
    def refuse(*args: Any, **kw: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    res = CliRunner().invoke(main, ["generate", "koenigrufen", "-n", "2", "--seed", "3", "-o",
                                    str(tmp_path / "g.jsonl")])
    assert "permission denied" in _one_clean_line(res)
    assert _left(tmp_path) == []


class _FullDisk:
    """A text file on a disk that fills up after ``room`` characters: the write that crosses it
    raises ENOSPC, as a real full disk does."""

    def __init__(self, fd: int, *args: Any, room: int, **kw: Any) -> None:
        self._fp = os.fdopen(fd, *args, **kw)
        self._room = room

    def write(self, text: str) -> int:
        if len(text) > self._room:
            raise OSError(errno.ENOSPC, "No space left on device")
        self._room -= len(text)
        return self._fp.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fp, name)

    def __enter__(self) -> "_FullDisk":
        return self

    def __exit__(self, *exc: Any) -> None:
        self._fp.close()


@pytest.mark.parametrize("args", [["convert", "{src}", "{dst}.xml"],
                                  ["convert", "{src}", "{dst}.jsonl"],
                                  ["generate", "ulti", "-n", "40", "--seed", "2", "-o",
                                   "{dst}.jsonl"]])
def test_a_full_disk_leaves_nothing(args: list[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(jsonio.dumps(r, compact=True) + "\n"
                           for r in deal_records("illustrated", 40, 5)))
    monkeypatch.setattr(atomic, "_open", lambda fd, *a, **kw: _FullDisk(fd, *a, room=5000, **kw))
    argv = [a.format(src=src, dst=tmp_path / "out") for a in args]
    line = _one_clean_line(CliRunner().invoke(main, argv))
    assert "no space left on the device; nothing was written" in line
    assert _left(tmp_path) == ["in.jsonl"]


def test_a_full_disk_keeps_the_file_a_forced_write_would_replace(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.json"
    out.write_text("old")
    monkeypatch.setattr(atomic, "_open", lambda fd, *a, **kw: _FullDisk(fd, *a, room=10, **kw))
    _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE, str(out), "--force"]))
    assert out.read_text() == "old" and _left(tmp_path) == ["out.json"]


def test_write_error_names_the_target_not_the_temporary_file(tmp_path: Path) -> None:
    with pytest.raises(WriteError) as info:
        write_atomic(str(tmp_path / "none" / "x.json"), iter(["{}"]))
    assert ".tmp" not in info.value.message and info.value.path.endswith("x.json")


def test_sigterm_in_the_middle_of_a_write_removes_the_temporary_file(tmp_path: Path) -> None:
    """In-process: the signal arrives while chunks are written; the handler is back to what it
    was afterwards."""
    before = signal.getsignal(signal.SIGTERM)
    seen: list[str] = []

    def chunks() -> Iterator[str]:
        yield "[\n"
        seen.extend(p.name for p in tmp_path.iterdir())
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):               # the handler runs between two of these at the latest
            yield "1,\n"
        yield "1]\n"

    with pytest.raises(Terminated) as info:
        write_atomic(str(tmp_path / "out.json"), chunks())
    assert info.value.name == "SIGTERM"
    assert len(seen) == 1 and seen[0].startswith(".out.json.") and seen[0].endswith(".tmp")
    assert _left(tmp_path) == []
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_handler_someone_installed_is_left_alone(tmp_path: Path) -> None:
    got: list[int] = []
    old = signal.signal(signal.SIGTERM, lambda s, f: got.append(s))
    try:
        write_atomic(str(tmp_path / "x.json"), iter(["{", "}"]))
        assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL and not got
    finally:
        signal.signal(signal.SIGTERM, old)
    assert (tmp_path / "x.json").read_text() == "{}"


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_sigterm_during_a_big_convert_leaves_nothing(tmp_path: Path) -> None:
    """A real process converting a large archive is sent SIGTERM while the temporary file grows:
    exit 2, one line, neither the target nor the temporary file left."""
    line = jsonio.dumps(next(iter(deal_records("koenigrufen", 1, 9))), compact=True) + "\n"
    src = tmp_path / "big.jsonl"
    src.write_text(line * 60_000)
    out = tmp_path / "out.xml"
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "convert", str(src),
                             str(out)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    grown = False
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            tmps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            if tmps and any(_size(p) > 100_000 for p in tmps):
                grown = True
                break
            time.sleep(0.02)
        assert grown, "the convert finished or never started writing before the signal"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 2, err
    assert "Traceback" not in err
    assert err.strip() == f"tarockrec: stopped by SIGTERM while writing {out}; nothing was written"
    assert _left(tmp_path) == ["big.jsonl"]


def _size(p: Path) -> int:
    try:
        return p.stat().st_size
    except FileNotFoundError:
        return 0


def test_a_full_disk_found_only_when_flushing(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """File systems with delayed allocation report ENOSPC at fsync, not at write."""
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    line = _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE,
                                                     str(tmp_path / "o.json")]))
    assert "no space left on the device" in line and _left(tmp_path) == []


def test_ctrl_c_while_writing_is_one_line_and_exit_2(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupted(_FullDisk):
        def write(self, text: str) -> int:
            raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "_open", lambda fd, *a, **kw: Interrupted(fd, *a, room=0, **kw))
    out = tmp_path / "g.jsonl"
    line = _one_clean_line(CliRunner().invoke(main, ["generate", "ulti", "-n", "3", "-o",
                                                     str(out)]))
    assert line == f"tarockrec: stopped by Ctrl-C while writing {out}; nothing was written"
    assert _left(tmp_path) == []
