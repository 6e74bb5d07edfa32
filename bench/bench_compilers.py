"""The compiler, chosen by measurement (issue 42 §1): each candidate build in one run.

    python bench/bench_compilers.py [--candidates pure,cython-all,...] [--deals 200]
                                    [--games koenigrufen:4,...] [--repeat 3] [--jobs 2]
                                    [--out bench/results/compilers.json]

For each candidate: a copy of the checkout's package (tests, samples and docs left out) built
into a wheel by ``pip wheel --no-deps --no-build-isolation`` (setup.py, steered by
``TAROCKREC_PURE``, ``TAROCKREC_COMPILER`` and ``TAROCKREC_MODULES``), the build's wall and CPU
time (user + system of pip and every compiler it ran) and the wheel's size; the wheel installed
into a virtual environment of its own (``--system-site-packages``: the dependencies are this
interpreter's) and byte-compiled; then, as bench/bench_instructions.py counts them, the
instructions of ``tarockrec validate -q --jobs 1`` per deal for every game and table size
(callgrind, N deals minus one deal, ``PYTHONHASHSEED=0``), the CPU time per deal (the best of
``--repeat``) and one record's ``validate``, start-up included. The per-deal figures are taken
in one process per build: each game's one-deal file validated twice (the first run imports
what the game needs), then its whole file, callgrind's counts dumped after each (a client
request); per deal = (whole file - one deal) / (N - 1), start-up and first imports left out as
bench_instructions.py leaves them out by subtracting a one-deal process. Bare ``orjson.loads`` of the same
lines is counted once (it does not depend on the build).

The candidates (``CANDIDATES``): the plain package; Cython as setup.py compiled before issue 42
(every module of ``ALL_BEFORE``, untyped); Cython on the replay core (``CORE``, setup.py's
``HOT`` since issue 42) as setup.py builds it, with the C types of ``tarockrec/tricks.pxd``, and
without them (``cython-untyped``: the copy leaves every ``.pxd`` out); on setup.py's ``HOT``; on
``CORE`` and the games' engines; mypyc on the modules it compiles (``MYPYC``). The builds run one after the other, each with
``--jobs`` cores; each build is measured while the next one builds.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

import bench_instructions as bi  # noqa: E402  (bench/ on the path)

#: the module list of setup.py before issue 42: every module on the validation path
ALL_BEFORE = ["tarockrec/engine.py", "tarockrec/tricks.py", "tarockrec/dealing.py",
              "tarockrec/cards.py", "tarockrec/sources.py", "tarockrec/codecs/jsonio.py",
              "tarockrec/codecs/xmlio.py", "tarockrec/codecs/textio.py",
              "tarockrec/codecs/textfast.py", "tarockrec/validate.py", "tarockrec/kinds.py",
              "tarockrec/deal.py", "tarockrec/session.py", "tarockrec/scoresheet.py",
              "tarockrec/codecs/textsyntax.py", "tarockrec/scoring.py", "tarockrec/findings.py",
              "tarockrec/core/auction.py", "tarockrec/core/declarations.py",
              "tarockrec/errors.py", "tarockrec/parallel.py", "tarockrec/report.py",
              "tarockrec/games/__init__.py", "tarockrec/games/*/engine.py",
              "tarockrec/games/*/scoring.py", "tarockrec/games/*/contracts.py",
              "tarockrec/games/*/__init__.py", "tarockrec/games/illustrated/bidding.py",
              "tarockrec/games/koenigrufen/outcome.py"]

#: the shared replay core and the schema gate, without the games' engines
CORE = ["tarockrec/engine.py", "tarockrec/tricks.py", "tarockrec/core/auction.py",
        "tarockrec/core/declarations.py", "tarockrec/deal.py", "tarockrec/kinds.py",
        "tarockrec/dealing.py", "tarockrec/cards.py", "tarockrec/validate.py",
        "tarockrec/fastschema.py"]

#: the games' engines (2-4.6 MB of C each)
ENGINES = ["tarockrec/games/*/engine.py", "tarockrec/games/koenigrufen/five.py"]

#: mypyc on the modules of the core it compiles as they are: the game engines cannot be
#: (mypyc: "Type of 'phase' is incompatible with definition in class 'TrickEngine'"), nor then
#: engine.py and tricks.py, whose classes they subclass (a compiled class has no plain-Python
#: subclass), nor core/declarations.py ("Multiple assignment in class bodies not supported")
MYPYC = ["tarockrec/cards.py", "tarockrec/dealing.py", "tarockrec/deal.py", "tarockrec/kinds.py",
         "tarockrec/validate.py", "tarockrec/core/auction.py"]

#: name -> (what it is, setup.py's environment, whether the C types of the ``.pxd`` files
#: beside the modules are left out of the copy)
CANDIDATES: dict[str, tuple[str, dict[str, str], bool]] = {
    "pure": ("plain Python (`TAROCKREC_PURE=1`)", {"TAROCKREC_PURE": "1"}, False),
    "cython-all": ("Cython, untyped, the modules compiled before issue 42",
                   {"TAROCKREC_MODULES": ",".join(ALL_BEFORE)}, True),
    "cython-core": ("Cython, the replay core and schema gate (`CORE`), with the C types of "
                    "`tarockrec/tricks.pxd`", {"TAROCKREC_MODULES": ",".join(CORE)}, False),
    "cython-untyped": ("Cython, `CORE`, untyped (no `.pxd`)",
                       {"TAROCKREC_MODULES": ",".join(CORE)}, True),
    "cython-hot": ("Cython, setup.py's `HOT` modules", {}, False),
    "cython-engines": ("Cython, `CORE` and the games' engines",
                       {"TAROCKREC_MODULES": ",".join(CORE + ENGINES)}, False),
    "mypyc": ("mypyc, the modules of `MYPYC`",
              {"TAROCKREC_COMPILER": "mypyc", "TAROCKREC_MODULES": ",".join(MYPYC)}, False),
}

#: what a build does not need from the checkout
SKIP = ("tests/", "samples/", "docs/", "bench/", "tools/", ".ci/")


def copy_source(dst: str, untyped: bool) -> None:
    """The checkout's tracked files as they are in the work tree (uncommitted edits too);
    ``untyped``: without the ``.pxd`` files (Cython's C types)."""
    files = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True,
                           check=True).stdout.split("\n")
    for f in files:
        if not f or f.startswith(SKIP) or (untyped and f.endswith(".pxd")):
            continue
        src = os.path.join(ROOT, f)
        out = os.path.join(dst, f)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), out)
        elif os.path.isfile(src):
            shutil.copy2(src, out)


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def installed(name: str, python: str) -> dict[str, Any]:
    """Candidate ``name`` as already installed for ``python`` (``--installed``): measured, not
    built here (e.g. the environment of a timed ``pip install .``)."""
    where = subprocess.run([python, "-c", "import os, tarockrec; "
                            "print(os.path.dirname(tarockrec.__file__))"], cwd="/",
                           capture_output=True, text=True, check=True).stdout.strip()
    compiled = sorted(os.path.relpath(os.path.join(d, f), where)
                      for d, _, fs in os.walk(where) for f in fs if f.endswith(".so"))
    return {"candidate": name, "python": python, "build_wall_s": None, "build_cpu_s": None,
            "wheel_kB": None, "compiled": compiled, "build_notes": [],
            "built_by": "installed by `pip install .` (see Installing)"}


def build_tools(tmp: str) -> str:
    """setuptools and Cython for every build, as ``[build-system] requires`` names them (mypy
    is this interpreter's)."""
    tools = os.path.join(tmp, "tools")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", tools,
                    "setuptools>=70.1", "Cython>=3.0"], check=True)
    return tools


def build(name: str, tmp: str, jobs: int, tools: str) -> dict[str, Any]:
    """Build candidate ``name``'s wheel, install it into its own venv; the figures."""
    _, env_extra, untyped = CANDIDATES[name]
    src = os.path.join(tmp, name, "src")
    copy_source(src, untyped)
    venv = os.path.join(tmp, name, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages",
                    venv], check=True)
    python = os.path.join(venv, "bin", "python")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAROCKREC_")}
    env.update(env_extra)
    env["PYTHONPATH"] = tools
    # setup.py compiles on os.cpu_count() cores: --jobs limits them (taskset) where asked
    pin = ["taskset", "-c", ",".join(str(i) for i in range(jobs))] \
        if jobs < (os.cpu_count() or 1) and shutil.which("taskset") else []
    wheels = os.path.join(tmp, name, "wheel")
    cpu0, wall0 = children_cpu(), time.perf_counter()
    out = subprocess.run([*pin, python, "-m", "pip", "wheel", "--no-deps",
                          "--no-build-isolation", "-q", "-w", wheels, src],
                         env=env, capture_output=True, text=True, cwd=tmp)
    wall, cpu = time.perf_counter() - wall0, children_cpu() - cpu0
    if out.returncode != 0:
        raise SystemExit(f"{name}: the build failed:\n{out.stdout[-3000:]}{out.stderr[-3000:]}")
    wheel = os.path.join(wheels, os.listdir(wheels)[0])
    env.pop("PYTHONPATH")
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", wheel], check=True,
                   env=env, cwd=tmp)
    where = subprocess.run([python, "-c", "import os, tarockrec; "
                            "print(os.path.dirname(tarockrec.__file__))"], cwd=tmp, env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([python, "-m", "compileall", "-q", where], check=True, cwd=tmp,
                   stdout=subprocess.DEVNULL)
    compiled = sorted(os.path.relpath(os.path.join(d, f), where)
                      for d, _, fs in os.walk(where) for f in fs if f.endswith(".so"))
    notes = [ln for ln in out.stderr.splitlines() if ln.startswith("tarockrec:")]
    if name != "pure" and not compiled:     # setup.py fell back to the plain package
        raise SystemExit(f"{name}: nothing was compiled ({'; '.join(notes) or 'no message'}): "
                         "is its compiler importable by this interpreter's base Python?")
    return {"candidate": name, "python": python, "build_wall_s": round(wall, 1),
            "build_cpu_s": round(cpu, 1), "wheel_kB": round(os.path.getsize(wheel) / 1e3),
            "compiled": compiled, "build_notes": notes}


def records(games: list[tuple[str, int]], n: int, seed: int, tmp: str) -> dict[str, str]:
    """Each game's file of ``n`` deals (and its one-deal file beside it, ``-1.jsonl``)."""
    return {f"{game} {players}": bi.write_records(game, players, n, seed, tmp)[0]
            for game, players in games}


#: the child process of a measurement: ``DRIVER MODE REPEAT FILE...`` validates (or parses,
#: ``MODE`` = ``parse``) each ``FILE``'s one-deal file twice (the first imports what the game
#: needs), then the whole file, and tells callgrind to dump its counts after each (a client
#: request through ``CGCTL``, a no-op outside valgrind); it prints the CPU seconds of each
#: second one-deal run and whole-file run, the best of ``REPEAT`` (run without valgrind)
DRIVER = r"""
import ctypes, json, os, sys, time
cg = ctypes.CDLL(os.environ["CGCTL"])
mode, repeat, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
if mode == "parse":
    import orjson
    def once(path):
        with open(path, "rb") as fp:
            for line in fp:
                orjson.loads(line)
else:
    try:
        from tarockrec.command import run
    except ImportError:
        from tarockrec.cli import run
    def leave(code=0):
        raise SystemExit(code)
    os._exit = leave
    def once(path):
        sys.argv = ["tarockrec", "validate", "-q", "--jobs", "1", path]
        try:
            run()
        except SystemExit as done:
            if done.code not in (0, None):
                raise SystemExit(f"validate {path}: exit {done.code}")
out = {}
for path in files:
    one = path[:-6] + "-1.jsonl"
    once(one)
    cg.dump(b"warm")
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for k, p in enumerate((one, path)):
            t = time.process_time()
            once(p)
            best[k] = min(best[k], time.process_time() - t)
            cg.dump(("one " if k == 0 else "all ").encode() + path.encode())
    out[path] = best
print(json.dumps(out))
"""

CGCTL_C = """#include <valgrind/callgrind.h>
void dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
"""


def cgctl(tmp: str) -> str:
    """The callgrind client request as a shared library (ctypes loads it)."""
    src, lib = os.path.join(tmp, "cgctl.c"), os.path.join(tmp, "cgctl.so")
    with open(src, "w", encoding="utf-8") as fp:
        fp.write(CGCTL_C)
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-o", lib, src], check=True)
    return lib


def dumps(prefix: str) -> dict[str, int]:
    """label -> instructions of each labelled callgrind dump file ``prefix.N`` (the counts
    since the dump before it)."""
    counts: dict[str, int] = {}
    for name in os.listdir(os.path.dirname(prefix)):
        if not name.startswith(os.path.basename(prefix) + "."):
            continue
        label, total = "", 0
        with open(os.path.join(os.path.dirname(prefix), name), encoding="utf-8") as fp:
            for line in fp:
                if line.startswith("desc: Trigger: Client Request: "):
                    label = line.split("Client Request: ", 1)[1].strip()
                elif line.startswith(("summary:", "totals:")):
                    total = int(line.split()[1])
        if label:
            counts[label] = total
    return counts


def measure(python: str, paths: dict[str, str], n: int, repeat: int, mode: str,
            tmp: str, lib: str) -> dict[str, Any]:
    """Instructions and CPU per deal under ``python``: the whole file minus one deal, both
    run warm in one process (start-up and first imports left out), over ``n - 1``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",
                                                           "PYTHONPATH")}
    env.update(PYTHONHASHSEED="0", CGCTL=lib)
    files = list(paths.values())
    prefix = os.path.join(tmp, f"cg-{mode}-{abs(hash(python))}")
    cg = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={prefix}",
                         python, "-c", DRIVER, mode, "1", *files], capture_output=True,
                        text=True, env=env, cwd=tmp)
    if cg.returncode != 0:
        raise SystemExit(f"{python} {mode}: {cg.stdout[-1000:]}{cg.stderr[-2000:]}")
    counts = dumps(prefix)
    timed = subprocess.run([python, "-c", DRIVER, mode, str(repeat), *files],
                           capture_output=True, text=True, env=env, cwd=tmp, check=True)
    cpu = json.loads(timed.stdout.strip().splitlines()[-1])   # after validate's summaries
    out: dict[str, Any] = {}
    for key, path in paths.items():
        i = (counts["all " + path] - counts["one " + path]) / (n - 1)
        c = (cpu[path][1] - cpu[path][0]) / (n - 1)
        out[key] = {"instructions": round(i), "cpu_us": round(c * 1e6, 1)}
        print(f"  {key:16} {i / 1e3:9.0f} k  {c * 1e6:7.1f} µs", flush=True)
    return out


def one_record(python: str, path: str, tmp: str) -> int:
    """Instructions of one record's ``validate`` as the console script runs it, start-up
    included (bench/bench_instructions.py's way)."""
    bi.PYTHON = python
    kw = bi.child(None)
    kw["env"]["PYTHONHASHSEED"] = "0"
    kw["cwd"] = tmp
    return bi.instructions(bi.VALIDATE, path, kw)


def write_out(args: argparse.Namespace, builds: list[dict[str, Any]],
              parse: dict[str, Any], runs: dict[str, dict[str, Any]]) -> None:
    import result_file
    names = [b["candidate"] for b in builds]
    build_rows = [[f"`{b['candidate']}`", CANDIDATES[b["candidate"]][0], len(b["compiled"]),
                   *([f"{b['build_wall_s']:.0f} s", f"{b['build_cpu_s']:.0f} s",
                      f"{b['wheel_kB']:,} kB"] if b.get("build_wall_s") is not None else
                     [b.get("built_by", ""), "", ""])] for b in builds]
    games = list(parse)
    instr_rows, cpu_rows = [], []
    for g in games:
        p = parse[g]["instructions"]
        instr_rows.append([g, f"{p / 1e3:,.0f} k"] + [
            f"{runs[n][g]['instructions'] / 1e3:,.0f} k ({runs[n][g]['instructions'] / p:.1f} ×)"
            for n in names if n in runs])
        cpu_rows.append([g, f"{parse[g]['cpu_us']:.1f} µs"] + [
            f"{runs[n][g]['cpu_us']:.0f} µs" for n in names if n in runs])
    instr_rows.append([f"one record ({games[0]}), start-up included", ""] + [
        f"{b['one_record_instructions'] / 1e6:,.0f} M" for b in builds
        if b["candidate"] in runs])
    measured = [n for n in names if n in runs]
    result_file.write(
        args.out, title="Compilers", order=12,
        conditions=f"{args.deals} generated deals a game, JSON Lines; each build by "
                   f"`pip wheel --no-deps --no-build-isolation` on {args.jobs} core(s), one "
                   "after the other; instructions counted by callgrind with the one-deal run "
                   f"subtracted, CPU the best of {args.repeat}, in the same run",
        tables=[
            result_file.table("The builds: modules compiled, the build's wall and CPU time "
                              "(pip and every compiler it ran), the wheel's size.",
                              ["build", "what", "modules", "wall", "CPU", "wheel"],
                              build_rows),
            result_file.table("Instructions per deal of `tarockrec validate -q --jobs 1`, and "
                              "their ratio to bare `orjson.loads` of the same lines.",
                              ["game", "parse", *measured], instr_rows),
            result_file.table("CPU time per deal, the same runs.",
                              ["game", "parse", *measured], cpu_rows)],
        figures={"builds": builds, "parse": parse, "validate": runs})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--candidates", default=",".join(CANDIDATES))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--games", default=bi.GAMES, help="game:players,... (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--repeat", type=int, default=3, help="CPU timings, the best of")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="cores a build may use (default: all)")
    ap.add_argument("--keep", metavar="DIR", help="build in DIR and keep it (else a temporary one)")
    ap.add_argument("--out", metavar="FILE", help="write the result file FILE")
    ap.add_argument("--installed", action="append", default=[], metavar="NAME=PYTHON",
                    help="measure candidate NAME as installed for PYTHON instead of building it")
    ap.add_argument("--merge", action="store_true",
                    help="keep the other candidates of the result file --out (an earlier run's)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed")
    names = args.candidates.split(",")
    unknown = [n for n in names if n not in CANDIDATES]
    if unknown:
        raise SystemExit(f"unknown candidates {unknown}: {', '.join(CANDIDATES)}")
    games = [(g, int(p)) for g, _, p in (s.partition(":") for s in args.games.split(","))]
    tmp = args.keep or tempfile.mkdtemp(prefix="tarockrec-compilers-")
    os.makedirs(tmp, exist_ok=True)
    try:
        run(args, names, games, tmp)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


def run(args: argparse.Namespace, names: list[str], games: list[tuple[str, int]],
        tmp: str) -> None:
    """The builds one after the other; each build measured as soon as it is installed, while
    the next one builds (callgrind's counts do not depend on what runs beside them)."""
    paths = records(games, args.deals, args.seed, tmp)
    lib = cgctl(tmp)
    tools = build_tools(tmp)
    first = next(iter(paths.values()))[:-6] + "-1.jsonl"
    builds: list[dict[str, Any]] = []
    runs: dict[str, dict[str, Any]] = {}
    if args.merge and args.out and os.path.exists(args.out):   # an earlier run's candidates
        with open(args.out, encoding="utf-8") as fp:
            earlier = json.load(fp)["figures"]
        builds = [b for b in earlier["builds"] if b["candidate"] not in names]
        runs = {n: r for n, r in earlier["validate"].items() if n not in names}
    lock = threading.Lock()

    def measure_build(b: dict[str, Any]) -> None:
        r = measure(b["python"], paths, args.deals, args.repeat, "validate", tmp, lib)
        b["one_record_instructions"] = one_record(b["python"], first, tmp)
        print(f"{b['candidate']}: one record, start-up included: "
              f"{b['one_record_instructions'] / 1e6:.0f} M", flush=True)
        with lock:
            runs[b["candidate"]] = r
            if args.out:
                write_out(args, [x for x in builds if x["candidate"] in runs], parse, runs)

    with ThreadPoolExecutor(max_workers=1) as pool:
        print("parse (orjson.loads)")
        parse = measure(sys.executable, paths, args.deals, args.repeat, "parse", tmp, lib)
        pending = []
        given = dict(x.split("=", 1) for x in args.installed)
        for name in names:
            b = installed(name, given[name]) if name in given else \
                build(name, tmp, args.jobs, tools)
            with lock:
                builds.append(b)
            print(f"{name}: {len(b['compiled'])} modules compiled, build {b['build_wall_s']} s "
                  f"wall, {b['build_cpu_s']} s CPU, wheel {b['wheel_kB']} kB", flush=True)
            for note in b["build_notes"]:
                print("  " + note)
            pending.append(pool.submit(measure_build, b))
        for f in pending:
            f.result()


if __name__ == "__main__":
    main()
