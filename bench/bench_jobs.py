"""`tarockrec validate -q --jobs 1` against `--jobs 2`, per format, as whole processes.

    python bench/bench_jobs.py [--deals 40000] [--game koenigrufen] [--runs 3]
                               [--baseline /path/to/other/checkout] [--formats jsonl,xml,txt]
                               [--stdin]

For each format (JSON Lines, an XML archive, the text notation: the same deals, made with
`tarockrec generate` and `tarockrec convert`) it runs this checkout's `validate -q --jobs 1` and
`--jobs 2`, and, with ``--baseline``, the other checkout's too, in turn (A B A B ...: the
machine's drift touches both alike), and prints per command the median wall time, deals/s and
the peak resident memory of the largest process (the parent or one worker), and the speed-up
of --jobs 2 over --jobs 1 taken run by run. With ``--stdin`` each format is also given on
standard input through a pipe (`cat FILE | tarockrec validate -q --jobs N -`: rows `xml-`, ...). The machine's load average is printed first and
last: on a machine shared with others, compare only figures measured in the same run.
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


def inputs(game: str, deals: int, formats: list[str]) -> dict[str, str]:
    """The deals in every format (made once, kept in bench/out)."""
    os.makedirs(OUT, exist_ok=True)
    base = os.path.join(OUT, f"jobs-{game}-{deals}")
    paths = {fmt: f"{base}.{fmt}" for fmt in formats}
    if not os.path.exists(base + ".jsonl"):
        subprocess.run(cli(ROOT) + ["generate", game, "-n", str(deals), "-o", base + ".jsonl"],
                       check=True)
    for fmt, path in paths.items():
        if not os.path.exists(path):
            subprocess.run(cli(ROOT) + ["convert", base + ".jsonl", path], check=True)
    return paths


def run_once(cmd: list[str], stdin: str | None = None) -> tuple[float, int]:
    """(wall seconds, peak resident kB of the largest process it waited for); ``stdin``: a
    file piped to it by `cat`."""
    t = time.perf_counter()
    cat = subprocess.Popen(["cat", stdin], stdout=subprocess.PIPE) if stdin else None
    proc = subprocess.Popen(cmd, stdin=cat.stdout if cat else None,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if cat is not None and cat.stdout is not None:
        cat.stdout.close()
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if cat is not None:
        cat.wait()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd[-4:])} failed ({proc.returncode})")
    return wall, usage.ru_maxrss


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40_000)
    ap.add_argument("--game", default="koenigrufen")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", help="another checkout, measured in the same run")
    ap.add_argument("--formats", default="jsonl,xml,txt")
    ap.add_argument("--stdin", action="store_true", help="each format on stdin too")
    ap.add_argument("--out", metavar="FILE", help="write the result file FILE")
    args = ap.parse_args()
    rows: list[list[str]] = []
    figures: dict[str, object] = {}
    formats = args.formats.split(",")
    paths = inputs(args.game, args.deals, formats)
    ways = [(fmt, False) for fmt in formats] + ([(fmt, True) for fmt in formats]
                                               if args.stdin else [])
    checkouts = [("this", ROOT)] + ([("baseline", os.path.abspath(args.baseline))]
                                    if args.baseline else [])
    print(f"load average {load()}; {os.cpu_count()} cores; {args.deals:,} {args.game} deals; "
          f"median of {args.runs} runs")
    print(f"{'format':6} {'checkout':9} {'jobs':>4} {'wall s':>8} {'deals/s':>8} "
          f"{'peak MB':>8} {'x (j2/j1)':>9}")
    for fmt, piped in ways:
        walls: dict[tuple[str, int], list[float]] = {}
        peaks: dict[tuple[str, int], list[int]] = {}
        for _ in range(args.runs):
            for name, checkout in checkouts:
                for jobs in (1, 2):
                    wall, peak = run_once(cli(checkout) + [
                        "validate", "-q", "--jobs", str(jobs), "-" if piped else paths[fmt]],
                        paths[fmt] if piped else None)
                    walls.setdefault((name, jobs), []).append(wall)
                    peaks.setdefault((name, jobs), []).append(peak)
        for name, _checkout in checkouts:
            ratios = [a / b for a, b in zip(walls[(name, 1)], walls[(name, 2)])]
            for jobs in (1, 2):
                wall = statistics.median(walls[(name, jobs)])
                peak = max(peaks[(name, jobs)]) / 1024
                speed = f"{statistics.median(ratios):9.2f}" if jobs == 2 else ""
                print(f"{fmt + ('-' if piped else ''):6} {name:9} {jobs:4} {wall:8.2f} {args.deals / wall:8.0f} "
                      f"{peak:8.0f} {speed}")
            ones, twos = walls[(name, 1)], walls[(name, 2)]
            rows.append([fmt + (" (stdin)" if piped else ""), name,
                         f"{statistics.median(ones):.2f} s", f"{statistics.median(twos):.2f} s",
                         f"{args.deals / statistics.median(ones):,.0f}",
                         f"{statistics.median(ratios):.2f}",
                         " ".join(f"{r:.2f}" for r in ratios)])
            figures[f"{fmt}{'-' if piped else ''} {name}"] = {"jobs1": ones, "jobs2": twos}
        sys.stdout.flush()
    print(f"load average {load()}")
    if args.out:
        import result_file  # beside this file
        result_file.write(
            args.out, title="validate --jobs 2 against --jobs 1", order=35,
            conditions=f"{args.deals:,} {args.game} deals per format, median of {args.runs} "
                       "interleaved runs, wall time",
            tables=[result_file.table(
                "Whole processes, `validate -q --jobs N FILE` (issue 42, item 4).",
                ["format", "checkout", "--jobs 1", "--jobs 2", "deals/s (--jobs 1)",
                 "x (j2/j1, median)", "run by run"], rows)],
            figures=figures)


if __name__ == "__main__":
    main()
