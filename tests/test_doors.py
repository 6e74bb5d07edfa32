"""One door in, one door out (issue 39, part 2): every command that reads or writes a file,
taken from the click command tree (so that a new command fails here until it is listed), run
against the same hostile targets. An input: ``/dev/zero`` (a device), a FIFO with no writer, a
folder, a loop of symbolic links, a gzip bomb. An output: a full device (``/dev/full``, made
here as a device node), a FIFO, a symbolic link to a file, a folder, an existing file without
``--force``. Each run must end with a message and exit code 1 or 2 — never a traceback, never
a hang (a timeout), and never replacing the target. docs/safety.md lists the same."""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import click
import pytest

from conftest import ROOT, gzip_stream

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform != "linux",
                                reason="FIFOs and device nodes")

VALID = Path(ROOT) / "samples" / "tournaments" / "valid"
TOURNAMENT = VALID / "full-deals.json"
SESSION = VALID / "sessions" / "round1-table1.json"
SHEET_CSV = Path(ROOT) / "samples" / "tournaments" / "sheet" / "director-template.csv"

#: commands that neither read nor write a file (their output is stdout only)
NEITHER = {"codes", "rules", "schema"}

#: every reading command, with one or more argument lists; {IN} is the hostile input, {DB}
#: a good archive, {T} a good tournament, {S} a good session, {CSV} a good sheet, {PW} a
#: director's password file, {NEW} a new
#: file name and {DIR} a new folder name (so that only the input is hostile)
READS: dict[str, list[list[str]]] = {
    "validate": [["{IN}"]],
    "convert": [["{IN}", "{NEW}.jsonl"]],
    "score": [["{IN}"], ["{IN}", "--format", "csv"]],
    "standings": [["{IN}"]],
    "show": [["{IN}"], ["{IN}", "--html", "{NEW}.html"]],
    "publish": [["{IN}", "-o", "{DIR}"], ["--archive", "{IN}", "-o", "{DIR}"]],
    "add-deals": [["{IN}", "{S}", "--round", "1", "--table", "1", "-o", "{NEW}.json"],
                  ["{T}", "{IN}", "--round", "1", "--table", "1", "-o", "{NEW}.json"]],
    "import": [["csv", "{IN}", "--game", "koenigrufen"],
               ["sheet", "{IN}.xlsx", "--game", "koenigrufen"],
               ["csv", "{CSV}", "--game", "koenigrufen", "--deals", "{IN}"],
               ["akos", "{IN}"]],
    "generate": [],                       # reads nothing
    "draw": [["{IN}", "--round", "1"], ["{IN}", "--round", "3", "-o", "{NEW}.json"]],
    "archive add": [["{DB}", "{IN}"], ["{IN}", "{S}"]],
    "archive check": [["{IN}"]],
    "archive export": [["{IN}", "-o", "{NEW}.jsonl"]],
    "archive link": [["{IN}", "--name", "x", "--person", "y"]],
    "archive people": [["{IN}"]],
    "archive player": [["{IN}", "x"]],
    "archive query": [["{IN}", "SELECT 1"]],
    "archive standings": [["{IN}", "--series", "x"]],
    "archive stats": [["{IN}"]],
    "archive unlink": [["{IN}", "--event", "1", "--entrant", "1"]],
    # the evening's server: its archive refused before anything listens
    "serve": [["{IN}", "--port", "0", "--password-file", "{PW}"]],
}

#: every writing command: (arguments with {OUT} the hostile target, "file" or "folder")
WRITES: dict[str, list[tuple[list[str], str]]] = {
    "convert": [(["{S}", "{OUT}", "--to", "jsonl"], "file")],
    "generate": [(["ulti", "--seed", "1", "-o", "{OUT}"], "file")],
    "import": [(["csv", "{CSV}", "--game", "koenigrufen", "-o", "{OUT}"], "file")],
    "add-deals": [(["{T}", "{S}", "--round", "1", "--table", "1", "--replace", "-o", "{OUT}"],
                   "file")],
    "show": [(["{S}", "--html", "{OUT}"], "file")],
    "draw": [(["{T}", "--round", "3", "--seed", "1", "-o", "{OUT}"], "file")],
    "publish": [(["{T}", "-o", "{OUT}"], "folder"), (["--archive", "{DB}", "-o", "{OUT}"],
                                                    "folder")],
    "archive export": [(["{DB}", "-o", "{OUT}", "--format", fmt], "file")
                       for fmt in ("jsonl", "xml", "text")] +
                      [(["{DB}", "-o", "{OUT}", "--format", fmt], "folder")
                       for fmt in ("files", "parquet")],
    "archive add": [(["{OUT}", "{S}"], "archive")],
}
#: commands that write only into an archive (in place, SQLite's own door): their archive is
#: among READS' hostile inputs
WRITES_ARCHIVE = {"archive link", "archive unlink"}
READS_STDOUT_ONLY = {"validate", "score", "standings"}


def _leaves(group: click.Group, prefix: str = "") -> list[str]:
    out = []
    for name, cmd in group.commands.items():
        full = f"{prefix}{name}"
        out += _leaves(cmd, full + " ") if isinstance(cmd, click.Group) else [full]
    return out


def test_every_command_is_listed() -> None:
    """A new command is caught here: it must be said to read, write or neither."""
    from tarockrec.cli import main
    leaves = set(_leaves(main))
    listed = NEITHER | set(READS) | set(WRITES) | WRITES_ARCHIVE
    assert leaves == listed, (leaves - listed, listed - leaves)
    for name in leaves - NEITHER:        # reading commands have a hostile input run
        assert READS.get(name) or name == "generate", name
    files = {n for n in leaves if any(isinstance(p, click.Option) and "-o" in p.opts
                                      for p in _command(main, n).params)}
    assert files <= set(WRITES), files - set(WRITES)


def _command(group: click.Group, name: str) -> click.Command:
    cmd: Any = group
    for part in name.split():
        cmd = cmd.commands[part]
    return cmd


def _run(args: list[str], cwd: Path, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=ROOT)
    try:
        return subprocess.run([sys.executable, "-m", "tarockrec.cli", *args], cwd=cwd,
                              capture_output=True, text=True, timeout=timeout, env=env,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"tarockrec {' '.join(args)} did not end in {timeout} s (a FIFO waits?)")


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("good")
    db = folder / "club.db"
    res = _run(["archive", "add", str(db), str(VALID / "full-deals.json"), str(SESSION)],
               folder)
    assert res.returncode == 0, res.stdout + res.stderr
    bomb = folder / "bomb.json.gz"
    gzip_stream(bomb, b"", b" ", 300)              # 300 MiB of spaces, about 1.3 MB stored
    password = folder / "password"
    password.write_text("a director's password\n")
    return {"DB": str(db), "T": str(TOURNAMENT), "S": str(SESSION), "CSV": str(SHEET_CSV),
            "BOMB": str(bomb), "PW": str(password)}


def _fill(args: list[str], values: dict[str, str]) -> list[str]:
    return [a.format(**values) for a in args]


HOSTILE_INPUTS = ["/dev/zero", "fifo", "folder", "loop", "gzip bomb"]


def _hostile_input(kind: str, folder: Path, good: dict[str, str], ext: str) -> str:
    if kind == "/dev/zero":
        return "/dev/zero"
    path = folder / f"hostile{ext}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        os.symlink(path.name, path)
    else:
        shutil.copy(good["BOMB"], path)
    return str(path)


_READ_CASES = [(name, k, kind) for name, forms in READS.items() for k in range(len(forms))
               for kind in HOSTILE_INPUTS]


@pytest.mark.parametrize("name,form,kind", _READ_CASES,
                         ids=[f"{n}-{f}-{k}" for n, f, k in _READ_CASES])
def test_a_hostile_input(tmp_path: Path, good: dict[str, str], name: str, form: int,
                         kind: str) -> None:
    args = READS[name][form]
    ext = ".xlsx" if "{IN}.xlsx" in args else ""
    hostile = _hostile_input(kind, tmp_path, good, ext)
    before = os.lstat(hostile).st_mode
    values = dict(good, IN=hostile[: -len(ext)] if ext else hostile,
                  NEW=str(tmp_path / "new"), DIR=str(tmp_path / "site"))
    res = _run(name.split() + _fill(args, values), tmp_path)
    said = res.stdout + res.stderr
    assert "Traceback" not in said, said
    assert res.returncode in (1, 2), (res.returncode, said)
    assert said.strip(), "no message"
    assert stat.S_IFMT(os.lstat(hostile).st_mode) == stat.S_IFMT(before)
    assert not (tmp_path / "new.jsonl").exists() and not (tmp_path / "new.json").exists()


HOSTILE_OUTPUTS = ["full device", "fifo", "symlink", "folder", "existing file"]


def _hostile_output(kind: str, folder: Path) -> Path:
    path = folder / "out"
    if kind == "full device":
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))      # as /dev/full
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        (folder / "linked.txt").write_text("kept\n", encoding="utf-8")
        os.symlink("linked.txt", path)
    elif kind == "folder":
        path.mkdir()
        (path / "keep.txt").write_text("kept\n", encoding="utf-8")
    else:
        path.write_text("kept\n", encoding="utf-8")
    return path


def _state(path: Path) -> tuple[int, str | None, list[str] | None]:
    """What a target is: its kind, its text (a file, or the file a link leads to), the names
    in it (a folder)."""
    mode = os.lstat(path).st_mode
    text = path.read_text(encoding="utf-8") if stat.S_ISREG(os.stat(path).st_mode) else None
    names = sorted(os.listdir(path)) if stat.S_ISDIR(mode) else None
    return stat.S_IFMT(mode), text, names


_WRITE_CASES = [(name, k, kind) for name, forms in WRITES.items() for k in range(len(forms))
                for kind in HOSTILE_OUTPUTS]


@pytest.mark.parametrize("name,form,kind", _WRITE_CASES,
                         ids=[f"{n}-{f}-{k}" for n, f, k in _WRITE_CASES])
def test_a_hostile_output(tmp_path: Path, good: dict[str, str], name: str, form: int,
                          kind: str) -> None:
    """Without --force: nothing existing is ever touched (exit 1 or 2), except that a folder
    output adds its files to an existing folder, keeping what is there."""
    if name == "archive export" and "parquet" in WRITES[name][form][0]:
        pytest.importorskip("pyarrow")
    args, what = WRITES[name][form]
    target = _hostile_output(kind, tmp_path)
    before = _state(target)
    res = _run(name.split() + _fill(args, dict(good, OUT=str(target))), tmp_path)
    said = res.stdout + res.stderr
    assert "Traceback" not in said, said
    after = _state(target)
    if what == "folder" and kind == "folder" and res.returncode == 0:
        assert after[0] == before[0] and "keep.txt" in (after[2] or [])
        assert (target / "keep.txt").read_text(encoding="utf-8") == "kept\n"
        return
    assert res.returncode in (1, 2), (res.returncode, said)
    assert said.strip(), "no message"
    assert after == before, (before, after)


_FORCED = [(name, k) for name, forms in WRITES.items() for k in range(len(forms))
           if forms[k][1] == "file"]


@pytest.mark.parametrize("name,form", _FORCED, ids=[f"{n}-{f}" for n, f in _FORCED])
def test_forced_onto_a_full_device_or_through_a_link(tmp_path: Path, good: dict[str, str],
                                                     name: str, form: int) -> None:
    """With --force: a full device is written in place and fails with "no space left" (exit 2;
    before, archive export renamed a regular file over it and said it wrote the records); a
    symbolic link is followed and stays a link; a FIFO is written in place to its reader."""
    args, _ = WRITES[name][form]
    (tmp_path / "d").mkdir()
    device = _hostile_output("full device", tmp_path / "d")
    res = _run(name.split() + _fill(args, dict(good, OUT=str(device))) + ["--force"], tmp_path)
    assert "Traceback" not in res.stderr and res.returncode == 2, res.stdout + res.stderr
    assert "no space left on the device" in res.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    link = _hostile_output("symlink", tmp_path)
    res = _run(name.split() + _fill(args, dict(good, OUT=str(link))) + ["--force"], tmp_path)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stdout + res.stderr
    assert os.path.islink(link) and (tmp_path / "linked.txt").read_text(encoding="utf-8") != \
        "kept\n"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    res = _run(name.split() + _fill(args, dict(good, OUT=str(fifo))) + ["--force"], tmp_path)
    reader.join(timeout=60)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stdout + res.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and got and got[0]


def test_the_archive_export_target_device_is_never_replaced(tmp_path: Path,
                                                            good: dict[str, str]) -> None:
    """Item 1 as reported: export --format jsonl -o DEVICE -f exited 0 and left a regular
    file where the device was."""
    device = _hostile_output("full device", tmp_path)
    res = _run(["archive", "export", good["DB"], "--format", "jsonl", "-o", str(device), "-f"],
               tmp_path)
    assert res.returncode == 2 and "no space left on the device" in res.stderr, res.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert [n for n in os.listdir(tmp_path) if n != "out"] == []    # no temporary file left
    # and an export that works still gives the records back
    out = tmp_path / "back.jsonl"
    res = _run(["archive", "export", good["DB"], "--format", "jsonl", "-o", str(out)], tmp_path)
    assert res.returncode == 0, res.stderr
    assert [json.loads(line)["tarockrec"] for line in out.read_text().splitlines()] == [1, 1]
