"""``tarockrec publish`` never destroys (issue 35, item 1): the site is built beside its folder
and switched in whole, so that a refusal, an error, a full disk or a signal leaves the previous
site exactly as it was (or nothing), says which in one line, and exits 2 (1 for a tournament that
is not valid). Only a folder marked as one of ours is replaced, and only with ``--force``."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec.site import publish as publish_module
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import tournament_record
from tarockrec.site.publish import MARKER, publish

from conftest import ROOT, default_signals

TOURNAMENTS = Path(ROOT) / "samples" / "tournaments"


def _tournament(tmp_path: Path, name: str, entrants: int = 13, rounds: int = 3) -> Path:
    src = tmp_path / name
    src.write_text(jsonio.dumps(tournament_record("illustrated", entrants, rounds, 99)),
                   encoding="utf-8")
    return src


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (the test's measure of "exactly as it was")."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _old_site(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    out = tmp_path / "site"
    status, messages = publish(str(_tournament(tmp_path, "old.json")), str(out))
    assert status == 0, messages
    return out, _snapshot(out)


def _leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


def _cli(*args: str) -> Any:
    return CliRunner().invoke(main, ["publish", *args])


def _one_line(res: Any, status: int = 2) -> str:
    assert res.exit_code == status, res.output
    assert "Traceback" not in res.output and res.exception is None or \
        isinstance(res.exception, SystemExit)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


def test_an_invalid_tournament_leaves_the_previous_site_exactly(tmp_path: Path) -> None:
    out, before = _old_site(tmp_path)
    res = _cli(str(TOURNAMENTS / "invalid" / "deal-score-changed.json"), "-o", str(out), "-f")
    assert res.exit_code == 1 and "RESULT-SCORES" in res.stderr
    assert res.stderr.strip().splitlines()[-1].endswith(
        f"not valid; nothing published; the previous site in {out} is unchanged")
    assert _snapshot(out) == before and _leftovers(tmp_path) == []


@pytest.mark.parametrize("force", [[], ["-f"]])
def test_a_folder_not_written_by_publish_is_refused_without_writing(
        tmp_path: Path, force: list[str]) -> None:
    out = tmp_path / "www"
    out.mkdir()
    (out / "index.html").write_text("<p>the club's own page</p>")
    before = _snapshot(out)
    line = _one_line(_cli(str(TOURNAMENTS / "valid" / "totals-only.json"), "-o", str(out),
                          *force))
    assert line == (f"tarockrec: cannot write the site to {out}: the folder holds files that "
                    "tarockrec publish did not write (index.html); choose a new or an empty "
                    "folder; nothing was written")
    assert _snapshot(out) == before and _leftovers(tmp_path) == []


def test_an_empty_folder_is_written_and_an_earlier_site_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    src = str(TOURNAMENTS / "valid" / "totals-only.json")
    assert _cli(src, "-o", str(out)).exit_code == 0 and (out / MARKER).is_file()
    before = _snapshot(out)
    line = _one_line(_cli(src, "-o", str(out)))
    assert "exists and holds a site written earlier; use --force" in line
    assert _snapshot(out) == before


def test_a_rerun_with_fewer_rounds_leaves_no_stale_pages(tmp_path: Path) -> None:
    out, before = _old_site(tmp_path)
    assert "round-3.html" in before and "round-3-table-1.html" in before
    status, messages = publish(str(_tournament(tmp_path, "two.json", rounds=2)), str(out),
                               force=True)
    assert status == 0, messages
    pages = sorted(p.name for p in out.iterdir())
    assert not [p for p in pages if p.startswith("round-3")], pages
    assert len(pages) == 1 + 1 + 2 + 6 and _leftovers(tmp_path) == []


class _FullDisk:
    """A page file that takes ``room`` characters in all (shared by every page) and then
    fails as a full disk does."""
    room = 0

    def __init__(self, path: str, *args: Any, **kw: Any) -> None:
        self._fp = open(path, *args, **kw)

    def write(self, text: str) -> int:
        if len(text) > _FullDisk.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        _FullDisk.room -= len(text)
        return self._fp.write(text)

    def __enter__(self) -> "_FullDisk":
        return self

    def __exit__(self, *exc: Any) -> None:
        self._fp.close()


@pytest.mark.parametrize("previous", [True, False])
def test_a_full_disk_leaves_the_previous_site_or_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, previous: bool) -> None:
    if previous:
        out, before = _old_site(tmp_path)
    else:
        out, before = tmp_path / "site", {}
    src = _tournament(tmp_path, "new.json", entrants=17)
    _FullDisk.room = 300_000                    # a few pages go in, then the disk is full
    monkeypatch.setattr(publish_module, "_open", _FullDisk)
    line = _one_line(_cli(str(src), "-o", str(out), "-f"))
    left = (f"the previous site in {out} is unchanged" if previous else "nothing was written")
    assert line == (f"tarockrec: cannot write the site to {out}: no space left on the device; "
                    f"{left}")
    assert _leftovers(tmp_path) == []
    if previous:
        assert _snapshot(out) == before
    else:
        assert not out.exists()


def test_missing_parent_folders_made_for_the_site_go_when_it_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _FullDisk.room = 1000
    monkeypatch.setattr(publish_module, "_open", _FullDisk)
    out = tmp_path / "a" / "b" / "site"
    _one_line(_cli(str(TOURNAMENTS / "valid" / "totals-only.json"), "-o", str(out)))
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_dangling_link_as_the_folder_is_named(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.symlink_to(tmp_path / "gone")
    line = _one_line(_cli(str(TOURNAMENTS / "valid" / "totals-only.json"), "-o", str(out)))
    assert line == (f"tarockrec: cannot write the site to {out}: it is a symbolic link to "
                    f"{tmp_path / 'gone'}, which does not exist; nothing was written")
    assert out.is_symlink() and not (tmp_path / "gone").exists()


def test_a_link_to_a_site_replaces_the_site_and_stays_a_link(tmp_path: Path) -> None:
    real, _ = _old_site(tmp_path)
    link = tmp_path / "www"
    link.symlink_to(real)
    status, messages = publish(str(_tournament(tmp_path, "two.json", rounds=2)), str(link),
                               force=True)
    assert status == 0, messages
    assert link.is_symlink() and not (real / "round-3.html").exists()
    assert (real / "round-2.html").is_file()


def test_a_read_only_file_system_is_named(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(path: Any, mode: int = 0o777) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "mkdir", read_only)
    out = tmp_path / "site"
    line = _one_line(_cli(str(TOURNAMENTS / "valid" / "totals-only.json"), "-o", str(out)))
    assert line == (f"tarockrec: cannot write the site to {out}: the file system is "
                    "read-only; nothing was written")


def test_a_file_as_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.write_text("mine")
    line = _one_line(_cli(str(TOURNAMENTS / "valid" / "totals-only.json"), "-o", str(out),
                          "-f"))
    assert "it is a file, not a folder; nothing was written" in line
    assert out.read_text() == "mine"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_while_publishing_leaves_the_previous_site(tmp_path: Path, sig: str) -> None:
    """A real process is sent the signal once some pages of the new site are written."""
    out, before = _old_site(tmp_path)
    src = _tournament(tmp_path, "big.json", entrants=40, rounds=5)
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", "from tarockrec.cli import run; run()",
                             "publish", str(src), "-o", str(out), "-f"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_signals)
    try:
        assert _pages_being_written(tmp_path, proc), "publish ended before the signal"
        proc.send_signal(getattr(signal, sig))
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    why = "Ctrl-C" if sig == "SIGINT" else sig
    assert proc.returncode == 2 and "Traceback" not in err, err
    assert err.strip() == (f"tarockrec: stopped by {why} while publishing to {out}; "
                           f"the previous site in {out} is unchanged")
    assert _snapshot(out) == before and _leftovers(tmp_path) == []


def _pages_being_written(parent: Path, proc: subprocess.Popen[str]) -> bool:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        for folder in parent.glob(".site.*.tmp"):
            try:
                if len(os.listdir(folder)) >= 5:
                    return True
            except FileNotFoundError:
                pass
        time.sleep(0.02)
    return False


@pytest.mark.skipif(sys.platform != "linux", reason="a tmpfs of Linux")
def test_a_real_full_file_system_keeps_the_previous_site(tmp_path: Path) -> None:
    """A small tmpfs (mounted only where the test may mount: as root) fills up while the new
    site is written."""
    fs = tmp_path / "fs"
    fs.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(fs)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        out = fs / "site"
        assert _cli(str(TOURNAMENTS / "valid" / "totals-only.json"), "-o",
                    str(out)).exit_code == 0
        before = _snapshot(out)
        line = _one_line(_cli(str(_tournament(tmp_path, "big.json", entrants=17)), "-o",
                              str(out), "-f"))
        assert line == (f"tarockrec: cannot write the site to {out}: no space left on the "
                        f"device; the previous site in {out} is unchanged")
        assert _snapshot(out) == before and _leftovers(fs) == []
    finally:
        subprocess.run(["umount", str(fs)], capture_output=True)


def test_a_full_disk_found_only_when_flushing_keeps_the_previous_site(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """File systems with delayed allocation report ENOSPC at fsync, not at write."""
    from tarockrec import atomic
    out, before = _old_site(tmp_path)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    line = _one_line(_cli(str(_tournament(tmp_path, "two.json", rounds=2)), "-o", str(out),
                          "-f"))
    assert line.endswith(f"no space left on the device; the previous site in {out} is "
                         "unchanged")
    assert _snapshot(out) == before and _leftovers(tmp_path) == []
