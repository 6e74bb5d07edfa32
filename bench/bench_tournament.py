"""Tournaments at scale (issue 23, item 6), measured in one run next to plain ``validate``.

    python bench/bench_tournament.py [--entrants 200] [--rounds 3] [--series 20] [--source]

Builds a Königrufen tournament of ENTRANTS entrants over ROUNDS rounds of full deal records
(each table's session in a file of its own, as large tournaments keep them: tables of four, the
rule set's deal limit or 16 deals a round), and a series of SERIES such tournaments (the same
tables under SERIES event files). Then, each in a fresh process with its peak resident memory:

* ``tarockrec validate --jobs 1`` of the same sessions as one JSON Lines file (the baseline),
* ``tarockrec validate`` of the tournament (every table validated, standings derived),
* ``tarockrec standings`` of the tournament, and ``--series`` over the SERIES tournaments,
* ``tarockrec publish`` of the tournament,
* and, for memory that does not grow with the deals, ``validate`` of a one-round tournament.

deals/s is deals over wall time; figures go to stdout and bench/out/tournament.json.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from typing import Any

if "--source" in sys.argv:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.generate import session_records, table_sizes_for  # noqa: E402

OUT = os.path.abspath(os.path.join(os.path.dirname(__file__), "out", "tournament"))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DEALS = 16


def build(entrants: int, rounds: int, series: int, seed: int) -> dict[str, Any]:
    """The tournament files; returns what was built (paths, deal count)."""
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(os.path.join(OUT, "tables"))
    rng = random.Random(seed)
    register = [{"id": str(i + 1), "name": f"Player {i + 1}"} for i in range(entrants)]
    sizes = table_sizes_for(entrants, (4,))
    rec: dict[str, Any] = {"tarockrec": 1, "game": "koenigrufen",
                           "event": {"name": "Bench cup", "date": "2026-11-26"},
                           "entrants": register, "rounds": []}
    deals = 0
    with open(os.path.join(OUT, "sessions.jsonl"), "w", encoding="utf-8") as all_sessions:
        for r in range(rounds):
            ids = [e["id"] for e in register]
            rng.shuffle(ids)
            tables = []
            for t, n in enumerate(sizes):
                seats, ids = ids[:n], ids[n:]
                session = next(session_records("koenigrufen", 1, DEALS, rng.randrange(1 << 30),
                                               n=n))
                session["players"] = [f"Player {s}" for s in seats]
                name = f"tables/r{r + 1}t{t + 1}.json"
                with open(os.path.join(OUT, name), "w", encoding="utf-8") as fp:
                    fp.write(jsonio.dumps(session))
                all_sessions.write(jsonio.dumps(session, compact=True) + "\n")
                deals += len(session["deals"])
                tables.append({"table": str(t + 1), "seats": seats, "source": name})
            rec["rounds"].append({"tables": tables})
    paths = []
    for k in range(series):
        rec["event"]["name"] = f"Bench cup {k + 1}"
        path = os.path.join(OUT, f"cup{k + 1:02d}.json")
        with open(path, "w", encoding="utf-8") as fp:
            fp.write(jsonio.dumps(rec))
        paths.append(path)
    one = dict(rec, rounds=rec["rounds"][:1])
    with open(os.path.join(OUT, "one-round.json"), "w", encoding="utf-8") as fp:
        fp.write(jsonio.dumps(one))
    return {"tournaments": paths, "deals": deals, "deals_one_round": deals // rounds}


def run(args: list[str], cwd: str = OUT) -> dict[str, float]:
    """A tarockrec command in a fresh process (started in ``cwd``): wall seconds and peak
    resident memory (MB)."""
    code = ("import resource, subprocess, sys, time, json; t = time.perf_counter(); "
            "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
            "w = time.perf_counter() - t; "
            "print(json.dumps({'rc': p.returncode, 'wall_s': w, 'peak_mb': "
            "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))")
    cmd = [sys.executable, "-c", "from tarockrec.cli import run; run()", *args]
    env = dict(os.environ)
    if "--source" in sys.argv:
        env["PYTHONPATH"] = ROOT
    out = subprocess.run([sys.executable, "-c", code, *cmd], capture_output=True, text=True,
                         env=env, check=True, cwd=cwd)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entrants", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--series", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--source", action="store_true")
    a = ap.parse_args()
    t = time.perf_counter()
    built = build(a.entrants, a.rounds, a.series, a.seed)
    print(f"built {a.series} tournament file(s) of {built['deals']} deals each "
          f"({time.perf_counter() - t:.1f} s)")
    first = built["tournaments"][0]
    deals = built["deals"]
    figures: dict[str, Any] = {"entrants": a.entrants, "rounds": a.rounds, "series": a.series,
                               "deals": deals}
    steps = [
        ("validate sessions.jsonl (baseline)", ["validate", "-q", "--jobs", "1",
                                                "sessions.jsonl"], deals),
        ("validate tournament", ["validate", "-q", "--jobs", "1", first], deals),
        ("validate one-round tournament", ["validate", "-q", "--jobs", "1", "one-round.json"],
         built["deals_one_round"]),
        ("standings", ["standings", first], deals),
        ("standings --series", ["standings", "--series", *built["tournaments"]],
         deals * a.series),
        ("publish", ["publish", first, "-o", "site"], deals),
    ]
    for label, args, n in steps:
        r = run(args)
        r["deals_per_s"] = n / r["wall_s"]
        figures[label] = r
        print(f"{label:38s} {n:7d} deals  {r['wall_s']:7.2f} s  {r['deals_per_s']:8.0f} deals/s"
              f"  peak {r['peak_mb']:6.1f} MB  exit {r['rc']:.0f}")
    with open(os.path.join(os.path.dirname(OUT), "tournament.json"), "w") as fp:
        json.dump(figures, fp, indent=1)


if __name__ == "__main__":
    main()
