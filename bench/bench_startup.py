"""Start-up: ``tarockrec validate`` of one small record, as a whole process (issue 35, item 6).

    python bench/bench_startup.py [--runs 15] [--baseline /other/checkout] [--record FILE]

Runs bare Python (``python -c pass``), ``import click``, and each checkout's ``validate`` of
one record, in turn (A B A B …), after one warm-up each (bytecode caches written, to a
temporary ``PYTHONPYCACHEPREFIX``, and the schema gate kept in the user's cache, as an
installed package has them), and prints per command the median wall time and the median CPU
time (user + system) of the process. With valgrind at hand it also counts each command's
instructions (``callgrind``: one run, deterministic, unlike times on a shared machine).

Last run (2026-12-02, load 8-11 on the 2 shared cores, ``--runs 11 --baseline /work/main``:
main before issue 42's start-up work), the record above:

    command               wall ms   CPU ms   instructions
    bare python             728.1    119.3         140 M
    import click           1100.6    178.6         210 M
    validate (this)         974.6    155.5         197 M
    validate (baseline)    1225.2    199.9         254 M
    CPU this / baseline, run by run: median 0.78

(issue 42's target: 200 M; the run before, 2026-11-28: 250 M). What went: orjson and the json
package (the first value is read by the standard library's C scanner), the kept schema gate
read whole before unmarshalling, the rule options' choices as ``rules.Choice`` instead of
``StrEnum``, one rule set file read instead of eight, and the unwritable-character pattern
compiled only for a text that is not printable.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
RECORD = os.path.join(ROOT, "samples", "koenigrufen", "valid", "contract-bettel-won.json")


def validate(checkout: str, record: str) -> str:
    """``tarockrec validate RECORD`` as the console script runs it (``tarockrec.cli:run``;
    ``tarockrec.command:run`` in an older checkout that has a ``command.py``)."""
    entry = "command" if os.path.exists(os.path.join(checkout, "tarockrec", "command.py")) \
        else "cli"
    return (f"import sys; sys.path.insert(0, {checkout!r}); sys.argv = ['tarockrec', "
            f"'validate', {record!r}]; from tarockrec.{entry} import run; run()")


def run_once(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``python -c code``."""
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, env=env)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {code}")
    return wall, usage.ru_utime + usage.ru_stime


def instructions(code: str, env: dict[str, str]) -> int | None:
    """Instructions of ``python -c code`` counted by callgrind (None without valgrind)."""
    if shutil.which("valgrind") is None:
        return None
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, env=env)
    for line in out.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--baseline", help="another checkout, measured in the same run")
    ap.add_argument("--record", default=RECORD)
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/startup.json)")
    args = ap.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="tarockrec-pyc-")
    commands = {"bare python": "pass", "import click": "import click",
                "validate (this)": validate(ROOT, args.record)}
    if args.baseline:
        commands["validate (baseline)"] = validate(os.path.abspath(args.baseline), args.record)
    for code in commands.values():
        run_once(code, env)                                # warm-up
    walls: dict[str, list[float]] = {k: [] for k in commands}
    cpus: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(args.runs):
        for label, code in commands.items():
            wall, cpu = run_once(code, env)
            walls[label].append(wall)
            cpus[label].append(cpu)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; median of "
          f"{args.runs} runs; {os.path.relpath(args.record, ROOT)}")
    print(f"{'command':20} {'wall ms':>8} {'CPU ms':>8} {'instructions':>14}")
    rows = []
    for label, code in commands.items():
        count = instructions(code, env)
        rows.append([label, "" if count is None else f"{count / 1e6:.0f} M",
                     f"{1000 * statistics.median(cpus[label]):.0f} ms",
                     f"{1000 * statistics.median(walls[label]):.0f} ms"])
        print(f"{label:20} {1000 * statistics.median(walls[label]):8.1f} "
              f"{1000 * statistics.median(cpus[label]):8.1f} "
              f"{'' if count is None else f'{count / 1e6:11.0f} M'}")
    figures: dict[str, object] = {"rows": rows, "runs": args.runs}
    if args.baseline:
        ratios = [a / b for a, b in zip(cpus["validate (this)"], cpus["validate (baseline)"])]
        figures["cpu_this_over_baseline"] = round(statistics.median(ratios), 2)
        print(f"CPU this / baseline, run by run: median {statistics.median(ratios):.2f}")
    if args.out:
        import result_file  # beside this file
        result_file.write(args.out, title="Start-up", order=30,
                          conditions=f"median of {args.runs}; instructions counted by callgrind",
                          tables=[result_file.table(
                              f"One record ({os.path.relpath(args.record, ROOT)}), a whole "
                              "process.", ["command", "instructions", "CPU", "wall"], rows)],
                          figures=figures)
    shutil.rmtree(env["PYTHONPYCACHEPREFIX"], ignore_errors=True)


if __name__ == "__main__":
    main()
