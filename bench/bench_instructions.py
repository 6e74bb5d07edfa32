"""Instructions per deal of full validation against bare parsing (issue 42's measure).

    python bench/bench_instructions.py [--deals 1000] [--games koenigrufen:4,ulti:3,...]
                                       [--source] [--repeat 3] [--out bench/results/FILE.json]

For each game and table size: N generated deals as JSON Lines, then, counted by callgrind
(deterministic, unlike times on a shared machine), (a) ``tarockrec validate -q --jobs 1 FILE``
as the console script runs it, minus the same on a one-deal file, per deal, and (b) bare
``orjson.loads`` of each line of the same file, minus the same on the one-line file, per deal.
Printed: both, their ratio, and beside it the same ratio in CPU time (user + system of the
child processes, run without valgrind in this run, the best of ``--repeat``). ``--source``
measures the checkout's plain modules (``--source DIR``: another checkout's, e.g. a
baseline); without it, the installed tarockrec (compiled where
setup.py had a compiler); ``--python`` another interpreter's (a virtual environment holding
another build, e.g. a throwaway one of ``pip install .``).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from typing import Any

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)    # the generator: the checkout's (the records are the same either way)

GAMES = "koenigrufen:4,koenigrufen:5,ulti:3,illustrated:4,illustrated:5,cego:3,cego:4," \
        "carinthian:3,carinthian:4"

PARSE = ("import sys, orjson\n"
         "with open(sys.argv[1], 'rb') as fp:\n"
         "    for line in fp:\n"
         "        orjson.loads(line)\n")

#: the console script (``tarockrec.cli:run``; ``tarockrec.command:run`` in builds before issue 44)
VALIDATE = ("import sys; sys.argv = ['tarockrec', 'validate', '-q', '--jobs', '1', sys.argv[1]]\n"
            "try:\n"
            "    from tarockrec.command import run\n"
            "except ImportError:\n"
            "    from tarockrec.cli import run\n"
            "run()\n")


def child(source: str | None) -> dict[str, Any]:
    """How the child processes start: a checkout first on the path (``--source``), or from
    a directory without the checkout (the installed package)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if source:
        env["PYTHONPATH"] = source
    else:
        env.pop("PYTHONPATH", None)
    return {"env": env, "cwd": tempfile.gettempdir()}


#: the interpreter of the child processes (``--python``); ``sys.executable`` is the real
#: binary, where ``python`` on the path may be a shim script (pyenv), which valgrind would count
PYTHON = sys.executable


def instructions(code: str, path: str, kw: dict[str, Any]) -> int:
    """Instructions of ``python -c code path`` counted by callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          PYTHON, "-c", code, path], capture_output=True, text=True,
                         **kw)
    for line in out.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    raise SystemExit(f"callgrind counted nothing: {out.stderr[-2000:]}")


def cpu(code: str, path: str, kw: dict[str, Any], repeat: int) -> float:
    """User + system seconds of ``python -c code path``, the best of ``repeat``."""
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([PYTHON, "-c", code, path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False, **kw)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def build(source: str | None) -> str:
    """Which tarockrec the children import, and whether compiled."""
    kw = child(source)
    out = subprocess.run([PYTHON, "-c",
                          "import tarockrec.engine as e, tarockrec; "
                          "print(tarockrec.__file__, e.__file__.endswith('.so'))"],
                         capture_output=True, text=True, **kw)
    if out.returncode != 0:
        raise SystemExit("tarockrec is not installed (use --source for the checkout)")
    where, compiled = out.stdout.split()
    return f"{'compiled' if compiled == 'True' else 'plain'} ({os.path.dirname(where)})"


def write_records(game: str, players: int, n: int, seed: int, tmp: str) -> tuple[str, str]:
    """``n`` generated deals as JSON Lines in ``tmp`` (``GAMEPLAYERS.jsonl``) and the first of
    them alone (``GAMEPLAYERS-1.jsonl``): the two files' paths."""
    from tarockrec.codecs import jsonio
    from tarockrec.generate import deal_records
    path = os.path.join(tmp, f"{game}{players}.jsonl")
    one = os.path.join(tmp, f"{game}{players}-1.jsonl")
    with open(path, "w", encoding="utf-8") as fp:
        for r in deal_records(game, n, seed, players):
            fp.write(jsonio.dumps(r, compact=True) + "\n")
    with open(path, encoding="utf-8") as src, open(one, "w", encoding="utf-8") as dst:
        dst.write(src.readline())
    return path, one


def bench_game(game: str, players: int, n: int, seed: int, kw: dict[str, Any], repeat: int,
               tmp: str) -> dict[str, Any]:
    path, one = write_records(game, players, n, seed, tmp)
    check = subprocess.run([PYTHON, "-c", VALIDATE, path], capture_output=True,
                           text=True, **kw)
    if check.returncode != 0:
        raise SystemExit(f"{game} {players}: validate failed: {check.stdout[-500:]}"
                         f"{check.stderr[-500:]}")
    v = (instructions(VALIDATE, path, kw) - instructions(VALIDATE, one, kw)) / (n - 1)
    p = (instructions(PARSE, path, kw) - instructions(PARSE, one, kw)) / (n - 1)
    vc = (cpu(VALIDATE, path, kw, repeat) - cpu(VALIDATE, one, kw, repeat)) / (n - 1)
    pc = (cpu(PARSE, path, kw, repeat) - cpu(PARSE, one, kw, repeat)) / (n - 1)
    return {"game": game, "players": players, "deals": n,
            "validate_instructions": round(v), "parse_instructions": round(p),
            "ratio": round(v / p, 2), "validate_cpu_us": round(vc * 1e6, 1),
            "parse_cpu_us": round(pc * 1e6, 1),
            "cpu_ratio": round(vc / pc, 1) if pc > 0 else None}


def write_out(args: argparse.Namespace, what: str, results: list[dict[str, Any]]) -> None:
    """The result file, written again after each game (a run stopped early keeps what it
    measured)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import result_file
    rows = [[f"{r['game']} {r['players']}", f"{r['validate_instructions'] / 1e3:,.0f} k",
             f"{r['parse_instructions'] / 1e3:,.1f} k", f"{r['ratio']:.1f} ×",
             f"{r['validate_cpu_us']:.0f} µs", f"{r['parse_cpu_us']:.1f} µs",
             f"{r['cpu_ratio']} ×"] for r in results]
    result_file.write(
        args.out, title="Instructions per deal: validation against parsing", order=15,
        conditions=f"tarockrec {args.label or what.split()[0]}; {args.deals} generated deals "
                   "a game, JSON Lines; instructions counted by callgrind, the one-deal run "
                   f"subtracted; CPU the best of {args.repeat}",
        tables=[result_file.table(
            "`tarockrec validate -q --jobs 1` against bare `orjson.loads` of the same "
            "lines, per deal.",
            ["game", "validate", "parse", "ratio", "validate CPU", "parse CPU",
             "CPU ratio"], rows)],
        figures={"build": what, "label": args.label, "results": results})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--games", default=GAMES, help="game:players,... (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--repeat", type=int, default=3, help="CPU timings, the best of")
    ap.add_argument("--source", nargs="?", const=ROOT, metavar="CHECKOUT",
                    help="the plain modules of this checkout (or of CHECKOUT)")
    ap.add_argument("--python", default=sys.executable, metavar="INTERPRETER",
                    help="run tarockrec under this interpreter (a venv's bin/python)")
    ap.add_argument("--label", default="", help="a name for this build in the result file")
    ap.add_argument("--out", metavar="FILE", help="write the result file FILE")
    args = ap.parse_args()
    global PYTHON
    PYTHON = args.python
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed")
    kw = child(args.source)
    what = build(args.source)
    print(f"tarockrec: {what}; {args.deals} deals each")
    print(f"{'game':16} {'validate':>10} {'parse':>8} {'ratio':>6}   {'CPU µs':>8} "
          f"{'parse µs':>8} {'ratio':>6}")
    results = []
    with tempfile.TemporaryDirectory(prefix="tarockrec-instr-") as tmp:
        for spec in args.games.split(","):
            game, _, players = spec.partition(":")
            r = bench_game(game, int(players), args.deals, args.seed, kw, args.repeat, tmp)
            results.append(r)
            print(f"{game + ' ' + players:16} {r['validate_instructions'] / 1e3:9.0f}k "
                  f"{r['parse_instructions'] / 1e3:7.1f}k {r['ratio']:5.1f}×   "
                  f"{r['validate_cpu_us']:8.1f} {r['parse_cpu_us']:8.1f} "
                  f"{r['cpu_ratio'] if r['cpu_ratio'] is not None else '-':>5}×", flush=True)
            if args.out:
                write_out(args, what, results)


if __name__ == "__main__":
    main()
