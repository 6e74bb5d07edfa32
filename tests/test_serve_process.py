"""``tarockrec serve`` as the director starts it: a real waitress server on a free loopback
port, one request, then SIGTERM: a clean stop (exit 0), the archive's integrity intact."""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("flask")
pytest.importorskip("waitress")
pytest.importorskip("segno")

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(tmp_path: Path, port: int) -> subprocess.Popen[str]:
    pw = tmp_path / "pw"
    pw.write_text("a long enough password\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tarockrec.cli", "serve", str(tmp_path / "club.db"),
         "--port", str(port), "--password-file", str(pw)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def wait_for(url: str, proc: subprocess.Popen[str]) -> bytes:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                return bytes(resp.read())
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@contextlib.contextmanager
def serving(tmp_path: Path) -> Iterator[str]:
    """``tarockrec serve`` on a free loopback port with an archive in ``tmp_path``: its base
    address once it answers; stopped (and waited for) on leaving."""
    port = free_port()
    proc = start(tmp_path, port)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/", proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_answers_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    proc = start(tmp_path, port)
    try:
        page = wait_for(f"http://127.0.0.1:{port}/", proc)
        assert b"your table" in page.lower()
        css = wait_for(f"http://127.0.0.1:{port}/site.css", proc)
        assert b"body.serve" in css                   # the one stylesheet, from the package
        js = wait_for(f"http://127.0.0.1:{port}/static/entry.js", proc)
        assert b"localStorage" in js
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert f"http://127.0.0.1:{port}/" in out
    assert "▀" in out or "█" in out                  # the QR code, drawn in the terminal
    assert "stopped" in out and "Traceback" not in err
    assert not Path(f"{tmp_path / 'club.db'}-wal").exists() or \
        Path(f"{tmp_path / 'club.db'}-wal").stat().st_size == 0     # one file again
    conn = sqlite3.connect(tmp_path / "club.db")
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert conn.execute("PRAGMA user_version").fetchone()[0] >= 4
    conn.close()


def test_serve_refuses_a_short_password(tmp_path: Path) -> None:
    pw = tmp_path / "pw"
    pw.write_text("short\n")
    r = subprocess.run([sys.executable, "-m", "tarockrec.cli", "serve",
                        str(tmp_path / "club.db"), "--password-file", str(pw)],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2 and "at least 8 characters" in r.stderr
    assert not (tmp_path / "club.db").exists()
