"""Every write is safe (issue 11, item 6): a missing folder, an unwritable target, a full disk or
a termination signal gives one clear line and exit 2, and leaves neither the target nor a
temporary file behind."""
from __future__ import annotations

import errno
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
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


# -- issue 25, item 1: writes never destroy what is not theirs --------------------------------
# A FIFO, a device or a symbolic link is never renamed over: a device or FIFO is written in
# place, a link is followed; a folder is one line; an existing OUT of `show --html` needs
# --force; a target that appears while the output is written is not replaced without --force.

def _generate(*args: str) -> Any:
    return CliRunner().invoke(main, ["generate", "koenigrufen", "-n", "3", "--seed", "5", *args])


def _expected() -> str:
    res = _generate()
    assert res.exit_code == 0
    return str(res.stdout)


class _FifoReader:
    """Reads a FIFO in a thread (its open waits for a writer); daemonic, so that a writer that
    never comes (the FIFO replaced by a file) leaves no process hanging."""

    def __init__(self, path: Path, stop_after: int | None = None) -> None:
        self.data = b""
        self._path, self._stop = path, stop_after
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        with open(self._path, "rb") as fp:
            self.data = fp.read() if self._stop is None else fp.read(self._stop)

    def join(self) -> bytes:
        self._thread.join(timeout=30)
        assert not self._thread.is_alive(), "nothing was ever written to the FIFO"
        return self.data


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_written_in_place_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    res = _generate("-o", str(fifo))                     # exists: refused without --force
    assert res.exit_code == 2 and "exists; use --force" in res.output
    reader = _FifoReader(fifo)
    res = _generate("-o", str(fifo), "-f")
    assert res.exit_code == 0, res.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)        # still the FIFO
    assert reader.join().decode() == _expected()
    assert _left(tmp_path) == ["pipe"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_whose_reader_goes_away_says_part_was_written(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = _FifoReader(fifo, stop_after=10)            # reads 10 bytes and closes
    res = CliRunner().invoke(main, ["generate", "ulti", "-n", "300", "--seed", "1", "-o",
                                    str(fifo), "-f"])
    line = _one_clean_line(res)
    assert line == (f"tarockrec: cannot write {fifo}: broken pipe; {fifo} got part of the "
                    "output")
    assert len(reader.join()) == 10 and stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_an_input_error_writes_nothing_into_a_fifo(tmp_path: Path) -> None:
    """In place the output is gathered whole first: an error in the input means the FIFO is
    never even opened."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = _FifoReader(fifo)

    def chunks() -> Iterator[str]:
        yield "[1,\n"
        raise ValueError("bad record")

    with pytest.raises(ValueError):
        write_atomic(str(fifo), chunks(), replace=True)
    os.close(os.open(fifo, os.O_WRONLY))                 # release the reader: it got nothing
    assert reader.join() == b""


@pytest.mark.skipif(not hasattr(os, "mknod") or os.geteuid() != 0,
                    reason="making a device node needs root")
def test_a_device_like_dev_null_is_written_in_place(tmp_path: Path) -> None:
    """`generate -o /dev/null -f` run as root replaced the system's /dev/null with a file. A
    copy of /dev/null (character device 1,3) in the test's folder stands in for it."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:                             # pragma: no cover - a container
        pytest.skip("this system does not let us make device nodes")
    res = _generate("-o", str(null), "-f")
    assert res.exit_code == 0, res.output
    st = os.lstat(null)
    assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 3)
    assert _left(tmp_path) == ["null"]
    res = CliRunner().invoke(main, ["convert", SAMPLE, str(null), "--to", "json", "-f"])
    assert res.exit_code == 0 and stat.S_ISCHR(os.lstat(null).st_mode)


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="needs /proc descriptor links")
def test_a_link_to_dev_stdout_writes_to_standard_output(tmp_path: Path) -> None:
    """`-o /dev/stdout -f` (here a link to it, so that nothing outside the test's folder is at
    stake) writes to the process's standard output and leaves the link; a file behind it is
    appended to, never truncated or replaced (as after `>>`)."""
    link = tmp_path / "out"
    link.symlink_to("/dev/stdout")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    argv = [sys.executable, "-m", "tarockrec.cli", "generate", "koenigrufen", "-n", "3",
            "--seed", "5", "-o", str(link), "-f"]
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == _expected()
    log = tmp_path / "log"
    log.write_text("earlier\n")
    with open(log, "a") as fp:
        proc = subprocess.run(argv, env=env, stdout=fp, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert log.read_text() == "earlier\n" + _expected()
    assert os.readlink(link) == "/dev/stdout" and _left(tmp_path) == ["log", "out"]


def test_a_link_to_a_file_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.jsonl"
    link.symlink_to("real.jsonl")
    res = _generate("-o", str(link))
    assert res.exit_code == 2 and "exists; use --force" in res.output
    assert real.read_text() == "old\n"
    assert _generate("-o", str(link), "-f").exit_code == 0
    assert os.readlink(link) == "real.jsonl"
    assert real.read_text() == _expected() and stat.S_IMODE(real.stat().st_mode) == 0o640
    assert _left(tmp_path) == ["link.jsonl", "real.jsonl"]


def test_a_chain_of_links_into_another_folder(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "real.json").write_text("old")
    (tmp_path / "sub" / "hop").symlink_to("real.json")
    (tmp_path / "first").symlink_to("sub/hop")
    res = CliRunner().invoke(main, ["convert", SAMPLE, str(tmp_path / "first"), "--to", "json",
                                    "-f"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "first").is_symlink() and (tmp_path / "sub" / "hop").is_symlink()
    assert (tmp_path / "sub" / "real.json").read_text() == Path(SAMPLE).read_text()
    assert _left(tmp_path / "sub") == ["hop", "real.json"]


def test_a_dangling_link_gets_its_target_created(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to("made.jsonl")
    res = _generate("-o", str(link))                     # nothing there yet: no --force needed
    assert res.exit_code == 0, res.output
    assert link.is_symlink() and os.readlink(link) == "made.jsonl"
    assert (tmp_path / "made.jsonl").read_text() == _expected()
    assert _left(tmp_path) == ["link.jsonl", "made.jsonl"]
    astray = tmp_path / "astray"
    astray.symlink_to("no/such/folder/x.jsonl")
    line = _one_clean_line(_generate("-o", str(astray)))
    assert line.endswith(f"the folder {tmp_path}/no/such/folder does not exist; nothing was "
                         "written")
    assert astray.is_symlink() and _left(tmp_path) == ["astray", "link.jsonl", "made.jsonl"]


@pytest.mark.parametrize("force", [[], ["--force"]])
@pytest.mark.parametrize("command", ["convert", "generate", "show"])
def test_a_folder_is_one_line_with_or_without_force(command: str, force: list[str],
                                                    tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    args = {"convert": ["convert", SAMPLE, str(folder), "--to", "json"],
            "generate": ["generate", "ulti", "-n", "2", "-o", str(folder)],
            "show": ["show", SAMPLE, "--html", str(folder)]}[command]
    line = _one_clean_line(CliRunner().invoke(main, args + force))
    assert line == f"tarockrec: cannot write {folder}: {folder} is a folder; nothing was written"
    assert _left(tmp_path) == ["d"] and _left(folder) == []


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_a_socket_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind("sock")
        line = _one_clean_line(_generate("-o", "sock", "-f"))
    assert line == "tarockrec: cannot write sock: sock is a socket, not a file; nothing was written"
    assert stat.S_ISSOCK(os.lstat("sock").st_mode) and _left(tmp_path) == ["sock"]


def _appears_meanwhile(monkeypatch: pytest.MonkeyPatch, target: Path, content: str) -> None:
    """Another run finishes ``target`` just after ours has written its temporary file (the
    moment between the complete temporary file and putting it in place)."""
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        real_fsync(fd)
        target.write_text(content)

    monkeypatch.setattr(atomic.os, "fsync", fsync)


def test_a_target_that_appears_meanwhile_is_not_replaced(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Two convert runs without --force to the same new target: the second refuses instead of
    silently replacing the first's output."""
    out = tmp_path / "out.json"
    _appears_meanwhile(monkeypatch, out, "the first run's output")
    line = _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE, str(out)]))
    assert line == (f"tarockrec: {out} exists; use --force to overwrite it; nothing was "
                    "written")
    assert out.read_text() == "the first run's output"
    assert _left(tmp_path) == ["out.json"]


def test_with_force_a_file_that_appears_meanwhile_is_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.json"
    _appears_meanwhile(monkeypatch, out, "the first run's output")
    assert CliRunner().invoke(main, ["convert", SAMPLE, str(out), "-f"]).exit_code == 0
    assert out.read_text() == Path(SAMPLE).read_text() and _left(tmp_path) == ["out.json"]


def test_without_hard_links_the_name_is_still_taken_exclusively(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without link() (EPERM): the write still works, and a target that appeared
    meanwhile is still not replaced."""
    def no_links(src: str, dst: str, **kw: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    out = tmp_path / "a.json"
    assert CliRunner().invoke(main, ["convert", SAMPLE, str(out)]).exit_code == 0
    assert out.read_text() == Path(SAMPLE).read_text()
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~_umask()
    late = tmp_path / "b.json"
    _appears_meanwhile(monkeypatch, late, "first")
    line = _one_clean_line(CliRunner().invoke(main, ["convert", SAMPLE, str(late)]))
    assert "exists; use --force" in line
    assert late.read_text() == "first" and _left(tmp_path) == ["a.json", "b.json"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_write_atomic_replaces_only_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    out.write_text("old")
    with pytest.raises(WriteError) as info:
        write_atomic(str(out), iter(["new"]))
    assert "exists; use --force" in info.value.message and out.read_text() == "old"
    write_atomic(str(out), iter(["new"]), replace=True)
    assert out.read_text() == "new" and _left(tmp_path) == ["x.json"]


def test_show_html_refuses_an_existing_page_without_force(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    out.write_text("old")
    res = CliRunner().invoke(main, ["show", SAMPLE, "--html", str(out)])
    assert res.exit_code == 2 and "exists; use --force" in res.output
    assert out.read_text() == "old"
    res = CliRunner().invoke(main, ["show", SAMPLE, "--html", str(out), "--force"])
    assert res.exit_code == 0 and out.read_text().startswith("<!DOCTYPE html>")
    assert CliRunner().invoke(main, ["show", SAMPLE, "--force"]).exit_code == 2   # html only


def test_show_html_dash_writes_the_page_to_stdout(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["show", SAMPLE, "--html", "-"])
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("<!DOCTYPE html>") and res.stdout.rstrip().endswith("</html>")
    assert res.stderr.strip() == "wrote standard output (1 record, 1 deal)"
    assert _left(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("stop", ["Ctrl-C", "SIGTERM"])
def test_stopped_while_copying_in_place_says_part_was_written(
        stop: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written in place, a signal that comes once the copy has begun leaves part of the output
    there, and the line says so (not "nothing was written")."""
    import shutil
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = _FifoReader(fifo)

    def copy_then_stop(src: Any, dst: Any, length: int = 0) -> None:
        dst.write(src.read(5))
        dst.flush()
        if stop == "Ctrl-C":
            raise KeyboardInterrupt
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)                                    # the handler raises well before

    monkeypatch.setattr(shutil, "copyfileobj", copy_then_stop)
    line = _one_clean_line(_generate("-o", str(fifo), "-f"))
    assert line == (f"tarockrec: stopped by {stop} while writing {fifo}; {fifo} got part of "
                    "the output")
    assert len(reader.join()) == 5 and _left(tmp_path) == ["pipe"]
