"""A record cannot make the tool read what the user did not give it (issue 35, item 2): a
tournament table's ``source`` must lead into the tournament's folder (after symbolic links;
``--allow-source-outside`` widens it), be a regular file (a FIFO, ``/dev/stdin`` or a device is
refused without being opened in a way that blocks) and hold at most ``RECORD_MAX_BYTES``; each
refusal is a TOURN-SOURCE finding with a sentence."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarockrec import sources
from tarockrec.validate import validate_record

from conftest import ROOT

VALID = Path(ROOT) / "samples" / "tournaments" / "valid"
FIRST = "sessions/round1-table1.json"           # round 1, table 1's source in the sample


def _tournament(tmp_path: Path, source: str) -> Path:
    """The sample tournament with its sessions in ``tmp_path/t``, round 1 table 1 reading
    ``source`` instead of its own file."""
    folder = tmp_path / "t"
    shutil.copytree(VALID / "sessions", folder / "sessions")
    text = (VALID / "sessions-in-files.json").read_text(encoding="utf-8")
    assert f'"source": "{FIRST}"' in text
    path = folder / "cup.json"
    path.write_text(text.replace(f'"source": "{FIRST}"', f'"source": {json.dumps(source)}'),
                    encoding="utf-8")
    return path


def _findings(path: Path, **kw: Any) -> list[tuple[str, str, str]]:
    rec = json.loads(path.read_text(encoding="utf-8"))
    return [(f.code, f.pointer, f.message) for f in validate_record(rec, origin=str(path),
                                                                     **kw).findings
            if f.severity == "error"]


def _refused(path: Path) -> str:
    found = _findings(path)
    assert [(c, p) for c, p, _ in found] == [("TOURN-SOURCE", "/rounds/0/tables/0/source")], \
        found
    return found[0][2]


def _outside_copy(tmp_path: Path) -> Path:
    out = tmp_path / "elsewhere" / "s.json"
    out.parent.mkdir()
    shutil.copy(VALID / FIRST, out)
    return out


def test_the_sample_itself_reads_its_sources(tmp_path: Path) -> None:
    assert _findings(_tournament(tmp_path, FIRST)) == []


@pytest.mark.parametrize("how", ["absolute", "climbing", "link"])
def test_a_source_outside_the_folder_is_refused(tmp_path: Path, how: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    foreign = _outside_copy(tmp_path)
    source = {"absolute": str(foreign), "climbing": "../elsewhere/s.json",
              "link": "sessions/link.json"}[how]
    path = _tournament(tmp_path, source)
    if how == "link":
        (path.parent / "sessions" / "link.json").symlink_to(foreign)
    message = _refused(path)
    assert message == (f"the table's session file {source} lies outside the tournament's "
                       f"folder {path.parent} (it leads to {foreign}); it is not read (use "
                       "--allow-source-outside to read it)")
    monkeypatch.setattr(sources, "ALLOW_SOURCE_OUTSIDE", True)
    assert _findings(path) == []


def test_a_link_inside_the_folder_is_followed(tmp_path: Path) -> None:
    path = _tournament(tmp_path, "link.json")
    (path.parent / "link.json").symlink_to(path.parent / FIRST)
    assert _findings(path) == []


def test_etc_passwd_is_not_read(tmp_path: Path) -> None:
    assert "lies outside the tournament's folder" in _refused(_tournament(tmp_path,
                                                                          "/etc/passwd"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    path = _tournament(tmp_path, "sessions/pipe.json")
    os.mkfifo(path.parent / "sessions" / "pipe.json")
    assert _refused(path) == ("the table's session file sessions/pipe.json is a FIFO, not a "
                              "regular file; it is not read")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_even_when_outside_is_allowed(
        tmp_path: Path, device: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "ALLOW_SOURCE_OUTSIDE", True)
    assert _refused(_tournament(tmp_path, device)) == (
        f"the table's session file {device} is a device, not a regular file; it is not read")


def test_a_folder_and_a_missing_file(tmp_path: Path) -> None:
    assert _refused(_tournament(tmp_path, "sessions")) == (
        "the table's session file sessions is a folder, not a regular file; it is not read")
    assert _refused(_tournament(tmp_path / "b", "sessions/none.json")) == (
        "the table's session file sessions/none.json cannot be read: no such file or directory")


def test_a_huge_sparse_file_is_refused_unread(tmp_path: Path) -> None:
    path = _tournament(tmp_path, "sessions/huge.json")
    with open(path.parent / "sessions" / "huge.json", "wb") as fp:
        fp.truncate(2 << 30)                    # 2 GiB, no block written
    assert _refused(path) == (
        f"the table's session file sessions/huge.json holds {2 << 30:,} bytes, more than the "
        f"{sources.RECORD_MAX_BYTES:,} a session may hold; it is not read")


def test_a_nul_in_the_source_is_a_finding(tmp_path: Path) -> None:
    assert "is not a file name" in _refused(_tournament(tmp_path, "sessions/a\u0000.json"))


def _cli(*args: str, stdin: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", "from tarockrec.cli import run; run()", *args],
                          capture_output=True, text=True, env=env, timeout=120, stdin=stdin)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
@pytest.mark.parametrize("command", [["validate"], ["standings"], ["publish", "-o", "SITE"]])
def test_no_command_hangs_on_a_fifo_or_dev_stdin(tmp_path: Path, command: list[str]) -> None:
    """A real process: the FIFO has no writer and stdin stays open, so reading either would
    wait for ever (the timeout fails the test)."""
    path = _tournament(tmp_path, "sessions/pipe.json")
    os.mkfifo(path.parent / "sessions" / "pipe.json")
    args = [a.replace("SITE", str(tmp_path / "site")) for a in command]
    res = _cli(args[0], str(path), *args[1:], stdin=subprocess.PIPE)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr
    assert "TOURN-SOURCE" in res.stdout + res.stderr
    assert not (tmp_path / "site").exists()
    stdin = _tournament(tmp_path / "s", "/dev/stdin")
    res = _cli(args[0], str(stdin), *args[1:], "--allow-source-outside", stdin=subprocess.PIPE)
    assert res.returncode == 1 and "TOURN-SOURCE" in res.stdout + res.stderr, res.stderr


def test_the_option_widens_the_folder_on_the_command_line(tmp_path: Path) -> None:
    path = _tournament(tmp_path, str(_outside_copy(tmp_path)))
    refused = _cli("validate", str(path))
    assert refused.returncode == 1 and "TOURN-SOURCE" in refused.stdout
    assert "lies outside the tournament's folder" in refused.stdout
    allowed = _cli("validate", "--allow-source-outside", str(path))
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="/proc")
def test_a_file_swapped_while_it_is_opened_is_refused(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """What the system says was opened must be the file checked (a folder on the way swapped
    for a link between the check and the open is simulated by what /proc reports)."""
    path = _tournament(tmp_path, FIRST)
    real_readlink = os.readlink

    def swapped(p: Any) -> str:
        return "/etc/shadow" if str(p).startswith("/proc/self/fd/") else real_readlink(p)

    monkeypatch.setattr(sources.os, "readlink", swapped)
    found = _findings(path)                     # every table's file is read so
    assert {c for c, _, _ in found} == {"TOURN-SOURCE"} and len(found) == 4, found
    assert found[0][2] == (f"the table's session file {FIRST} changed while it was opened "
                           "(it led to /etc/shadow); it is not read")
