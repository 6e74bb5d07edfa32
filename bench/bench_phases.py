"""Where a deal's validation goes: instructions per deal of each phase (issue 42 §2, "profile
first; the profile decides").

    python bench/bench_phases.py [--deals 200] [--games koenigrufen:4,...] [--source [DIR]]
                                 [--python INTERPRETER] [--out bench/results/phases.json]

For each game and table size: N generated deals as JSON Lines, then one process under callgrind
(``PYTHONHASHSEED=0``) that validates every deal once (imports and caches warm), then passes
over all N deals, callgrind's counts dumped after each (a client request, as
bench/bench_compilers.py makes them):

- ``parse``: bare ``orjson.loads`` of each line;
- ``read``: ``jsonio.loads``, the reader every command uses (orjson and its checks);
- ``gate``: the schema gate (``schema.fast_check``) on each parsed record;
- ``setup``: the game, rule set and dealt cards checked, the engine made (``deal.game_of``,
  ``Game.make_engine``);
- ``auction``, ``exchange``, ``declarations``, ``play``: the validator's replay
  (``Game.replay_batched``) run through that phase, each pass with fresh engines, minus the
  pass before (the first minus ``setup``); Ulti's declarations go with their cards and count
  with ``play``;
- ``score``: ``engine.score()`` after the whole replay;
- ``rest``: ``validate_record`` whole minus gate, setup, replay and score (the record's kind,
  the notes, the written result compared, the report).

Per deal: each pass over N. Last, in the same warm process, the console script's
``tarockrec validate -q --jobs 1`` on the one-deal file (twice) and on the whole file: the whole
file minus the one deal, over N - 1, is ``total`` (bench/bench_instructions.py's measure, without
the first imports), and ``total`` minus ``read`` and ``validate_record`` is ``cli``, the console
script's own share (the file read in runs, the report tallied, the summary). The table gives each phase in thousands of instructions and its share of the whole.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_compilers as bc  # noqa: E402  (bench/ on the path)
import bench_instructions as bi  # noqa: E402

PHASES = ("auction", "exchange", "declarations", "play")

#: the child process: ``DRIVER FILE``; prints nothing, dumps callgrind's counts after each pass
DRIVER = r"""
import ctypes, os, sys
cg = ctypes.CDLL(os.environ["CGCTL"])
import orjson
from tarockrec import schema
from tarockrec.codecs import jsonio
from tarockrec.deal import game_of
from tarockrec.games import Batch
from tarockrec.kinds import Report
from tarockrec.validate import validate_record

PHASES = ("auction", "exchange", "declarations", "play")
with open(sys.argv[1], "rb") as fp:
    lines = fp.read().splitlines()
recs = [orjson.loads(x) for x in lines]
for r in recs:
    assert not validate_record(r).findings
ulti = recs[0]["game"] == "ulti"

def stage(place):
    top = place.split("/", 2)[1] if place else "play"
    if top == "declarations" and ulti:
        return 3
    return PHASES.index(top) if top in PHASES[:3] else 3

def setup(r):
    game, rules, n = game_of(r, Report(index=1))
    carry = r.get("carry") or game.initial_carry(rules, n)
    engine, _ = game.make_engine(rules, n, r["dealer"], r["deal"], carry)
    return game, engine

def replay(r, last):
    game, engine = setup(r)
    for place, step in game.replay_batched(r, engine):
        if stage(place) > last:
            break
        if isinstance(step, Batch):
            step.run()
        else:
            engine.apply(step)
    return engine

def dump(label):
    cg.dump(label.encode())

dump("warm")
for x in lines:
    orjson.loads(x)
dump("parse")
for x in lines:
    jsonio.loads(x)
dump("read")
for r in recs:
    schema.fast_check(r)
dump("gate")
for r in recs:
    setup(r)
dump("setup")
for k, name in enumerate(PHASES):
    for r in recs:
        replay(r, k)
    dump("through " + name)
engines = [replay(r, 3) for r in recs]
dump("engines")
for e in engines:
    e.score()
dump("score")
for r in recs:
    validate_record(r)
dump("validate_record")
from tarockrec.cli import run
def leave(code=0):
    raise SystemExit(code)
os._exit = leave
for label, path in (("cli warm", sys.argv[2]), ("cli one", sys.argv[2]), ("cli all", sys.argv[1])):
    sys.argv = ["tarockrec", "validate", "-q", "--jobs", "1", path]
    try:
        run()
    except SystemExit as done:
        assert done.code in (0, None), done.code
    dump(label)
"""


def bench_game(game: str, players: int, n: int, seed: int, kw: dict[str, Any], tmp: str,
               lib: str) -> dict[str, Any]:
    path, one = bi.write_records(game, players, n, seed, tmp)
    env = dict(kw["env"], PYTHONHASHSEED="0", CGCTL=lib)
    prefix = os.path.join(tmp, f"cg-{game}{players}")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={prefix}",
                          bi.PYTHON, "-c", DRIVER, path, one], capture_output=True, text=True,
                         env=env, cwd=kw["cwd"])
    if run.returncode != 0:
        raise SystemExit(f"{game} {players}: {run.stderr[-2000:]}")
    counts = bc.dumps(prefix)
    c = {k: v / n for k, v in counts.items()}
    cli = (counts["cli all"] - counts["cli one"]) / (n - 1)
    through = [c["setup"]] + [c[f"through {p}"] for p in PHASES]
    phases = {"read": c["read"], "gate": c["gate"], "setup": c["setup"]}
    for k, p in enumerate(PHASES):
        phases[p] = through[k + 1] - through[k]
    phases["score"] = c["score"]
    phases["rest"] = c["validate_record"] - c["gate"] - through[-1] - c["score"]
    phases["cli"] = cli - c["read"] - c["validate_record"]
    return {"game": game, "players": players, "deals": n, "parse": round(c["parse"]),
            "total": round(cli), "phases": {k: round(v) for k, v in phases.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--games", default=bi.GAMES, help="game:players,... (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--source", nargs="?", const=bi.ROOT, metavar="CHECKOUT",
                    help="the plain modules of this checkout (or of CHECKOUT)")
    ap.add_argument("--python", default=sys.executable, metavar="INTERPRETER",
                    help="run tarockrec under this interpreter (a venv's bin/python, e.g. one "
                         "holding the compiled build)")
    ap.add_argument("--label", default="", help="a name for this build in the result file")
    ap.add_argument("--out", metavar="FILE", help="write the result file FILE")
    args = ap.parse_args()
    bi.PYTHON = args.python         # (bench_instructions' children and ours)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed")
    kw = bi.child(args.source)
    what = bi.build(args.source)
    names = ("read", "gate", "setup", *PHASES, "score", "rest", "cli")
    print(f"tarockrec: {what}; {args.deals} deals each; thousands of instructions per deal")
    print(f"{'game':15}{'parse':>7}" + "".join(f"{x:>8}" for x in names) + f"{'total':>8}")
    results = []
    with tempfile.TemporaryDirectory(prefix="tarockrec-phases-") as tmp:
        lib = bc.cgctl(tmp)
        for spec in args.games.split(","):
            game, _, players = spec.partition(":")
            r = bench_game(game, int(players), args.deals, args.seed, kw, tmp, lib)
            results.append(r)
            print(f"{game + ' ' + players:15}{r['parse'] / 1e3:7.0f}"
                  + "".join(f"{r['phases'][x] / 1e3:8.0f}" for x in names)
                  + f"{r['total'] / 1e3:8.0f}", flush=True)
            if args.out:
                write_out(args, what, names, results)


def write_out(args: argparse.Namespace, what: str, names: tuple[str, ...],
              results: list[dict[str, Any]]) -> None:
    import result_file
    rows = [[f"{r['game']} {r['players']}", f"{r['parse'] / 1e3:.0f} k"]
            + [f"{r['phases'][x] / 1e3:.0f} k ({100 * r['phases'][x] / r['total']:.0f} %)"
               for x in names] + [f"{r['total'] / 1e3:.0f} k"] for r in results]
    compiled = what.startswith("compiled")
    result_file.write(
        args.out, title="Where a deal's validation goes"
        + (": the compiled build" if compiled else ""), order=17 if compiled else 16,
        conditions=f"the {args.label or what.split()[0]} package; {args.deals} generated deals "
                   "a game, JSON Lines; instructions counted by callgrind, per deal, each "
                   "phase a pass over every deal in one warm process",
        tables=[result_file.table(
            "Instructions per deal of each phase of `tarockrec validate -q --jobs 1` (and its "
            "share of the whole), beside bare `orjson.loads` of the line (parse).",
            ["game", "parse", *names, "total"], rows)],
        figures={"build": what, "label": args.label, "results": results})


if __name__ == "__main__":
    main()
