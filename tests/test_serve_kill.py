"""``tarockrec serve`` killed with SIGKILL at random moments while a table enters deals: no
acknowledged entry is lost, none is stored twice, the archive's integrity check passes, and
the server starts again where the evening stood (issue 41, item 5)."""
from __future__ import annotations

import http.client
import http.cookiejar
import random
import re
import signal
import sqlite3
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from test_serve_process import free_port, start, wait_for

pytest.importorskip("flask")
pytest.importorskip("waitress")

PASSWORD = "a long enough password"
DEAL = {"contract": "rufer", "declarer": "0", "partner": "2", "won": "yes", "points": "40 30",
        "tricks0": "3", "tricks1": "3", "tricks2": "3", "tricks3": "3", "seat": "0"}


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as r:
            return str(r.read().decode())

    def post(self, path: str, data: dict[str, str]) -> str:
        body = urllib.parse.urlencode(data).encode()
        with self.opener.open(self.base + path, body, timeout=30) as r:
            return str(r.read().decode())


def value(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, name
    return found.group(1)


def setup_evening(base: str) -> str:
    d = Browser(base)
    d.post("/login", {"csrf": value(d.get("/login"), "csrf"), "password": PASSWORD})
    csrf = value(d.get("/director"), "csrf")
    d.post("/director/events", {"csrf": csrf, "gamerules": "koenigrufen/default",
                                "name": "Killed"})
    for name in ("Anna", "Bernd", "Clara", "Dieter"):
        d.post("/director/event/1/register", {"csrf": csrf, "name": name})
    page = d.post("/director/event/1/round", {"csrf": csrf, "seating": "1,2,3,4"})
    return str(re.findall(r"/t/([A-Z0-9]{6})", page)[0])


def test_sigkill_at_random_moments_loses_and_doubles_nothing(tmp_path: Path) -> None:
    rng = random.Random(41)
    acknowledged: set[str] = set()
    code = ""
    for run in range(3):
        port = free_port()
        proc = start(tmp_path, port)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_for(base + "/", proc)
            if run == 0:
                code = setup_evening(base)
            table = Browser(base)
            page = table.get(f"/t/{code}")
            # the server starts again where the evening stood
            assert len(re.findall(r'href="\?edit=\d+"', page)) == len(acknowledged)
            stop = threading.Event()

            def enter() -> None:
                while not stop.is_set():
                    key = f"kill{run}-{rng.getrandbits(64):016x}"
                    try:
                        page = table.get(f"/t/{code}")
                        table.post(f"/t/{code}/deal", {
                            "csrf": value(page, "csrf"), "key": key,
                            "number": value(page, "number"), **DEAL})
                    except (OSError, AssertionError, http.client.HTTPException):
                        return
                    acknowledged.add(key)          # the page said "saved"
            worker = threading.Thread(target=enter)
            worker.start()
            time.sleep(rng.uniform(0.5, 2.5))
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
            stop.set()
            worker.join(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
        conn = sqlite3.connect(tmp_path / "club.db")
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        keys = {r[0] for r in conn.execute("SELECT key FROM evening_submission")}
        assert acknowledged <= keys                         # nothing acknowledged is lost
        deals = conn.execute("SELECT count(*), count(DISTINCT number) FROM evening_deal"
                             ).fetchone()
        assert deals[0] == deals[1] == len(keys)          # each submission stored once
        conn.close()
        acknowledged = keys        # a request cut after its commit counts from here on
    print("entries stored over three kills:", len(acknowledged))
    assert len(acknowledged) > 3
