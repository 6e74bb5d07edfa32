"""Load on ``tarockrec serve`` (issue 41, item 5): TABLES tables entering deals at once, each
from a client of its own (its own connection and session), against the real server on a
loopback port. Reports the latency of each entry (the POST of a deal until its answer, the
redirect to the sheet followed: what a phone waits for before it shows "saved") as p50 and
p99, and counts errors, lost entries (acknowledged but not in the archive) and duplicates
(a submission stored twice, or a deal number twice). Every table resends one entry with the
same key, which must be stored once.

    python bench/bench_serve.py [--tables 60] [--deals 12] [--processes 4] [--think S]

Loopback only; bounded: TABLES × DEALS entries (+ one resend per table). The clients run in
PROCESSES processes (threads within each), so that the clients' own Python work does not
serialise on one interpreter."""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import multiprocessing
import os
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench password 41"
DEAL = {"contract": "rufer", "declarer": "0", "partner": "2", "won": "yes", "points": "40 30",
        "tricks0": "3", "tricks1": "3", "tricks2": "3", "tricks3": "3", "seat": "0"}


class Client:
    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=60) as r:
            return str(r.read().decode())

    def post(self, path: str, data: dict[str, str]) -> str:
        with self.opener.open(self.base + path, urllib.parse.urlencode(data).encode(),
                              timeout=60) as r:
            return str(r.read().decode())


def value(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    if not found:
        raise ValueError(f"no {name} on the page")
    return found.group(1)


def setup(base: str, tables: int) -> list[str]:
    d = Client(base)
    d.post("/login", {"csrf": value(d.get("/login"), "csrf"), "password": PASSWORD})
    csrf = value(d.get("/director"), "csrf")
    d.post("/director/events", {"csrf": csrf, "gamerules": "koenigrufen/default",
                                "name": "Bench"})
    for k in range(tables * 4):
        d.post("/director/event/1/register", {"csrf": csrf, "name": f"Player {k + 1}"})
    seating = "\n".join(",".join(str(4 * t + s + 1) for s in range(4)) for t in range(tables))
    page = d.post("/director/event/1/round", {"csrf": csrf, "seating": seating})
    return re.findall(r"/t/([A-Z0-9]{6})", page)


def table_run(base: str, code: str, deals: int, out: list[dict[str, Any]],
              think: float = 0.0) -> None:
    c = Client(base)
    pause = random.Random(code)
    got: dict[str, Any] = {"latencies": [], "errors": 0, "acked": []}
    try:
        page = c.get(f"/t/{code}")
        for k in range(deals):
            if think:           # a table plays its deal before it enters it
                time.sleep(pause.uniform(0, 2 * think))
            key = f"{code}-{k:03d}-{os.urandom(6).hex()}"
            data = {"csrf": value(page, "csrf"), "key": key, "number": value(page, "number"),
                    **DEAL}
            t0 = time.perf_counter()
            try:
                page = c.post(f"/t/{code}/deal", data)
            except (OSError, urllib.error.URLError):
                got["errors"] += 1
                page = c.get(f"/t/{code}")
                continue
            got["latencies"].append(time.perf_counter() - t0)
            if f"deal {k + 1} saved" not in page:
                got["errors"] += 1
                continue
            got["acked"].append(key)
            if k == 0:          # the phone resends its first entry: stored once
                again = c.post(f"/t/{code}/deal", data)
                if "already saved" not in again:
                    got["errors"] += 1
                page = again
    except Exception:           # a client that fails counts, the bench goes on
        got["errors"] += 1
    out.append(got)


def process_run(base: str, codes: list[str], deals: int, think: float, queue: Any) -> None:
    out: list[dict[str, Any]] = []
    threads = [threading.Thread(target=table_run, args=(base, code, deals, out, think))
               for code in codes]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    queue.put(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=60)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--processes", type=int, default=4)
    ap.add_argument("--threads", type=int, default=16, help="the server's worker threads")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a table waits between its entries (0: none, every "
                    "table enters as fast as the server answers: the server saturated)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    (work / "pw").write_text(PASSWORD + "\n")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = (f"import sys; sys.argv[1:] = []; from tarockrec.serve.server import serve; "
            f"serve({str(work / 'bench.db')!r}, {PASSWORD!r}, '127.0.0.1', {port}, "
            f"threads={args.threads})")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        codes = setup(base, args.tables)
        assert len(codes) == args.tables, "the round was not seated"
        queue: Any = multiprocessing.Queue()
        procs = [multiprocessing.Process(target=process_run,
                                         args=(base, codes[p::args.processes], args.deals,
                                               args.think, queue)) for p in range(args.processes)]
        t0 = time.perf_counter()
        for p in procs:
            p.start()
        results = [r for _ in procs for r in queue.get()]
        for p in procs:
            p.join()
        wall = time.perf_counter() - t0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    latencies = sorted(x for r in results for x in r["latencies"])
    acked = [k for r in results for k in r["acked"]]
    conn = sqlite3.connect(work / "bench.db")
    keys = {r[0] for r in conn.execute("SELECT key FROM evening_submission")}
    stored, numbers = conn.execute("SELECT count(*), count(DISTINCT table_id || '/' || number) "
                                   "FROM evening_deal").fetchone()
    conn.close()
    report = {
        "tables": args.tables, "deals_per_table": args.deals, "think_s": args.think, "entries": len(latencies),
        "wall_s": round(wall, 2), "entries_per_s": round(len(latencies) / wall, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies else None,
        "max_ms": round(1000 * latencies[-1], 1) if latencies else None,
        "errors": sum(r["errors"] for r in results),
        "lost": len(set(acked) - keys),
        "duplicated": (stored - numbers) + (len(acked) - len(set(acked))) + (stored - len(keys)),
        "load_before": os.getloadavg()[0],
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
