"""The work of `validate --jobs 2` against `--jobs 1`, counted in instructions (issue 42, item 4).

    python bench/bench_jobs_instructions.py [--deals 2000] [--formats jsonl,xml,txt]
                                            [--out bench/results/jobs_instructions.json]

Wall times on a shared virtual machine wander by a fifth from minute to minute; instructions
do not. Each run is a whole process under callgrind with its children traced: the main
process, and each worker's own instructions. A forked child's count includes what its parent
had done before the fork, so a probe forks a child that ends at once just before each fork
(``os.register_at_fork``): its count is the parent's at that moment, taken off the worker's.
Printed per format: `--jobs 1`'s instructions; for `--jobs 2` the main process's before the
workers started (serial), after, each worker's own and the sum; the sum over `--jobs 1`'s
(the price of the parallel run); and the bound it sets on the speed-up on two idle cores,
`--jobs 1` / (serial + the rest / 2) — what the wall-time ratio of `bench_jobs.py` can reach
on an idle machine.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUT = os.path.join(ROOT, "bench", "out")

#: the run under callgrind: the console entry point, with the fork probe
RUN = """import os, sys
checkout, path, jobs, log = sys.argv[1:5]
sys.path.insert(0, checkout)
busy = False
def probe():
    global busy
    if busy:
        return
    busy = True
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    with open(log, "a") as fp:
        fp.write(f"{pid}\\n")
    busy = False
os.register_at_fork(before=probe)
sys.argv = ["tarockrec", "validate", "-q", "--jobs", jobs, path]
from tarockrec.cli import run
run()
"""


def counts(path: str, jobs: int) -> dict[str, object]:
    """The instructions of ``validate -q --jobs JOBS PATH``: main (before and after the
    workers' fork) and each worker's own."""
    tmp = tempfile.mkdtemp()
    try:
        script = os.path.join(tmp, "run.py")
        with open(script, "w", encoding="utf-8") as fp:
            fp.write(RUN)
        log = os.path.join(tmp, "probes")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONHASHSEED"] = "0"
        subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                        "--dump-instr=no", f"--callgrind-out-file={tmp}/cg.%p",
                        os.path.realpath(sys.executable), script, ROOT, path, str(jobs), log],
                       env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        probes = {int(x) for x in open(log).read().split()} if os.path.exists(log) else set()
        total: dict[int, int] = {}
        for name in os.listdir(tmp):
            if name.startswith("cg."):
                with open(os.path.join(tmp, name), encoding="utf-8") as fp:
                    m = re.search(r"^(?:summary|totals): (\d+)", fp.read(), re.M)
                assert m is not None, name
                total[int(name[3:])] = int(m.group(1))
    finally:
        shutil.rmtree(tmp)
    main = min(total)
    serial = max((total[p] for p in probes), default=total[main])
    workers = [total[pid] - total[max(p for p in probes if p < pid)]
               for pid in sorted(total) if pid != main and pid not in probes]
    return {"main": total[main], "serial": serial, "workers": workers,
            "sum": total[main] + sum(workers)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--formats", default="jsonl,xml,txt")
    ap.add_argument("--out", metavar="FILE", help="write the result file FILE")
    args = ap.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_jobs   # its inputs: the same deals in every format
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "tarockrec")],
                   check=True, env={k: v for k, v in os.environ.items()
                                    if k != "PYTHONDONTWRITEBYTECODE"})
    paths = bench_jobs.inputs("koenigrufen", args.deals, args.formats.split(","))
    print(f"{args.deals:,} Königrufen deals; instructions (M)")
    print(f"{'format':6} {'--jobs 1':>9} {'serial':>8} {'main':>8} {'workers':>16} {'sum':>8} "
          f"{'sum/j1':>7} {'bound':>6}")
    rows: list[list[str]] = []
    figures: dict[str, object] = {}
    for fmt, path in paths.items():
        one = counts(path, 1)["sum"]
        two = counts(path, 2)
        assert isinstance(one, int)
        serial, main_, total = (int(two[k]) for k in ("serial", "main", "sum"))   # type: ignore[call-overload]
        workers = " + ".join(f"{w / 1e6:.0f}" for w in two["workers"])          # type: ignore[attr-defined]
        bound = one / (serial + (total - serial) / 2)
        print(f"{fmt:6} {one / 1e6:9.0f} {serial / 1e6:8.0f} {main_ / 1e6:8.0f} {workers:>16} "
              f"{total / 1e6:8.0f} {total / one:7.3f} {bound:6.2f}", flush=True)
        rows.append([fmt, f"{one / 1e6:,.0f} M", f"{serial / 1e6:,.0f} M",
                     f"{(main_ - serial) / 1e6:,.0f} M", workers + " M", f"{total / 1e6:,.0f} M",
                     f"{total / one:.3f}", f"{bound:.2f}"])
        figures[fmt] = {"jobs1": one, **two}
    if args.out:
        import result_file
        result_file.write(
            args.out, title="validate --jobs 2 against --jobs 1, in instructions", order=36,
            conditions=f"{args.deals:,} Königrufen deals per format; callgrind, every process "
                       "(children traced, each worker's count less the main process's at its "
                       "fork)",
            tables=[result_file.table(
                "Instructions of `validate -q --jobs 1` and of `--jobs 2`: the main process "
                "before the workers start (serial) and after, each worker's own, the sum; the "
                "bound: the speed-up two idle cores give this split of the work.",
                ["format", "--jobs 1", "serial", "main after", "workers", "--jobs 2 sum",
                 "sum / --jobs 1", "bound"], rows)],
            figures=figures)


if __name__ == "__main__":
    main()
