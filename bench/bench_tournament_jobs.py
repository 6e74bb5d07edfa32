"""Tournaments with the default worker count against ``--jobs 1`` (issue 35, item 6).

    python bench/bench_tournament_jobs.py [--runs 3] [--files 20] [--entrants 40]
                                          [--big 10000] [--big-runs 1]
                                          [--baseline /other/checkout]

Two inputs, made with ``tarockrec generate --tournament`` (kept in bench/out):

* a folder of FILES tournaments of ENTRANTS entrants over 3 rounds, every table's deals
  inline (the rule set's deal limit, or 12 deals a round: ``generate``'s default);
  ``--files 0`` leaves it out;
* one tournament of BIG entrants over one round (BIG 10,000: 2,500 tables, 30,000 inline
  deals); ``--big 0`` leaves it out.

Each is validated as a whole process by ``validate -q`` (the default worker count) and by
``validate -q --jobs 1``, in turn (A B A B …: the machine's drift touches both alike; RUNS
times, the large tournament BIG_RUNS times), and,
with ``--baseline``, by the other checkout's too. Printed per command: the median wall time,
the peak resident memory of the largest process (the parent or one worker) and, per
checkout, the median of the run-by-run ratio default / ``--jobs 1`` (below 1: the default is
faster), and the CPU time of the process with its workers. The load average is printed first
and last: on a shared machine compare only figures of the same run.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUT = os.path.join(ROOT, "bench", "out")


def cli(checkout: str) -> list[str]:
    """The command that runs ``checkout``'s tarockrec."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {checkout!r}); "
            "from tarockrec.cli import run; run()"]


def generate(entrants: int, rounds: int, seed: int, path: str) -> None:
    if not os.path.exists(path):
        subprocess.run(cli(ROOT) + ["generate", "koenigrufen", "--tournament", str(entrants),
                                    "--rounds", str(rounds), "--seed", str(seed), "-o", path],
                       check=True)


def inputs(files: int, entrants: int, big: int) -> list[tuple[str, str]]:
    """(label, path) of the inputs, made once."""
    folder = os.path.join(OUT, f"tournaments-{files}x{entrants}")
    os.makedirs(folder, exist_ok=True)
    for k in range(files):
        generate(entrants, 3, k + 1, os.path.join(folder, f"cup{k + 1:02d}.json"))
    made = [(f"{files} tournaments", folder)] if files else []
    if big:
        path = os.path.join(OUT, f"tournament-inline-{big}.json")
        generate(big, 1, 1, path)
        made.append((f"{big:,} entrants inline", path))
    return made


def run_once(cmd: list[str]) -> tuple[float, int, float]:
    """(wall seconds, peak resident kB of the largest process it waited for, CPU seconds of
    the process and the workers it waited for)."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(cmd[-4:])} failed ({code})")
    return wall, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--entrants", type=int, default=40)
    ap.add_argument("--big", type=int, default=10_000)
    ap.add_argument("--big-runs", type=int, default=1)
    ap.add_argument("--baseline", help="another checkout, measured in the same run")
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/tournament_jobs.json)")
    args = ap.parse_args()
    rows: list[list[str]] = []
    checkouts = [("this", ROOT)] + ([("baseline", os.path.abspath(args.baseline))]
                                    if args.baseline else [])
    made = inputs(args.files, args.entrants, args.big)
    runs = {label: args.big_runs if path.endswith(".json") else args.runs
            for label, path in made}
    print(f"load average {load()}; {os.cpu_count()} cores; median of {args.runs} runs "
          f"({args.big_runs} of the large tournament)")
    print(f"{'input':24} {'checkout':9} {'jobs':>7} {'wall s':>8} {'CPU s':>7} {'peak MB':>8} "
          f"{'default/j1':>10}")
    for label, path in made:
        walls: dict[tuple[str, str], list[float]] = {}
        peaks: dict[tuple[str, str], list[int]] = {}
        cpus: dict[tuple[str, str], list[float]] = {}
        for _ in range(runs[label]):
            for name, checkout in checkouts:
                for jobs in ("default", "1"):
                    extra = [] if jobs == "default" else ["--jobs", "1"]
                    wall, peak, cpu = run_once(cli(checkout) + ["validate", "-q", *extra, path])
                    walls.setdefault((name, jobs), []).append(wall)
                    cpus.setdefault((name, jobs), []).append(cpu)
                    peaks.setdefault((name, jobs), []).append(peak)
        for name, _checkout in checkouts:
            ratios = [a / b for a, b in zip(walls[(name, "default")], walls[(name, "1")])]
            for jobs in ("default", "1"):
                wall = statistics.median(walls[(name, jobs)])
                peak = max(peaks[(name, jobs)]) / 1024
                ratio = f"{statistics.median(ratios):10.2f}" if jobs == "default" else ""
                cpu = statistics.median(cpus[(name, jobs)])
                print(f"{label:24} {name:9} {jobs:>7} {wall:8.2f} {cpu:7.2f} {peak:8.0f} {ratio}")
                rows.append([label, name, jobs, f"{wall:.1f} s", f"{cpu:.2f} s", f"{peak:.0f} MB",
                             ratio.strip()])
        sys.stdout.flush()
    print(f"load average {load()}")
    if args.out:
        import result_file  # beside this file
        result_file.write(
            args.out, title="Tournaments: the default worker count against --jobs 1", order=40,
            conditions=f"median of {args.runs} runs ({args.big_runs} of the large tournament)",
            tables=[result_file.table("`validate -q` (default) and `validate -q --jobs 1`.",
                                      ["input", "checkout", "jobs", "wall", "CPU", "peak",
                                       "default / --jobs 1"], rows)],
            figures={"rows": rows})


if __name__ == "__main__":
    main()
