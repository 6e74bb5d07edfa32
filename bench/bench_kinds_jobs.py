"""Every input kind, `validate -q` with the default worker count against `--jobs 1` (issue 42,
item 4), as whole processes.

    python bench/bench_kinds_jobs.py [--runs 5] [--deals 20000] [--kinds deals-jsonl,...]
                                     [--out bench/results/kinds_jobs.json]

The inputs (Königrufen, made once with `tarockrec generate` and kept in bench/out):

* ``deals-jsonl``, ``deals-xml``, ``deals-txt``: DEALS deals as JSON Lines, one XML archive and
  the text notation (the same deals: `convert`);
* ``deal-files``: a folder of DEALS / 10 files of one deal record each;
* ``sessions``: JSON Lines of DEALS / 24 session records of 24 deals each;
* ``sheets``: the same sessions as score sheets (no cards: ``tournament.sheet.to_sheet``);
* ``tournaments``: a folder of 20 tournaments of 40 entrants over 3 rounds, deals inline;
* ``tournament-files``: the same tournaments with each table's session in a file of its own
  (the table's ``source``).

Each input is validated by `validate -q` (the default: as many workers as cores, 2 here) and by
`validate -q --jobs 1`, in turn (A B A B ...: the machine's drift touches both alike). Printed
per input: the median wall time of each, the median of the run-by-run ratio `--jobs 1` /
default (above 1: the default is faster), and the CPU time of the process and its workers. The
load average is printed first and last: compare only figures measured in the same run.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUT = os.path.join(ROOT, "bench", "out")
KINDS = ("deals-jsonl", "deals-xml", "deals-txt", "deal-files", "sessions", "sheets",
         "tournaments", "tournament-files")


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_jobs import cli, load  # noqa: E402  (beside this file: the command, the load)


def _made(path: str, *args: str) -> str:
    if not os.path.exists(path):
        subprocess.run(cli(ROOT) + list(args), check=True)
    return path


def _deal_files(jsonl: str, folder: str, count: int) -> str:
    if not os.path.isdir(folder):
        os.makedirs(folder + ".part", exist_ok=True)
        with open(jsonl, encoding="utf-8") as fp:
            for k, line in zip(range(count), fp):
                with open(os.path.join(folder + ".part", f"deal{k:05d}.json"), "w") as out:
                    out.write(line)
        os.rename(folder + ".part", folder)
    return folder


def _sheets(sessions: str, path: str) -> str:
    if not os.path.exists(path):
        sys.path.insert(0, ROOT)
        from tarockrec.tournament.sheet import to_sheet
        with open(sessions, encoding="utf-8") as fp, open(path + ".part", "w") as out:
            for line in fp:
                out.write(json.dumps(to_sheet(json.loads(line))) + "\n")
        os.rename(path + ".part", path)
    return path


def _table_files(inline: str, folder: str) -> str:
    """The tournaments of ``inline`` with every table's deals in a session file."""
    if os.path.isdir(folder):
        return folder
    part = folder + ".part"
    for name in sorted(os.listdir(inline)):
        with open(os.path.join(inline, name), encoding="utf-8") as fp:
            rec = json.load(fp)
        names = {e["id"]: e["name"] for e in rec["entrants"]}
        stem = name.rsplit(".", 1)[0]
        os.makedirs(os.path.join(part, stem), exist_ok=True)
        for r, rnd in enumerate(rec["rounds"], 1):
            for table in rnd["tables"]:
                session = {"tarockrec": 1, "game": rec["game"],
                           **({"rules": rec["rules"]} if "rules" in rec else {}),
                           "players": [names[s] for s in table["seats"]],
                           "deals": table.pop("deals"), "result": table.pop("result")}
                source = f"{stem}/round{r}-table{table['table']}.json"
                with open(os.path.join(part, source), "w", encoding="utf-8") as out:
                    json.dump(session, out)
                table["source"] = source
        with open(os.path.join(part, name), "w", encoding="utf-8") as out:
            json.dump(rec, out)
    os.rename(part, folder)
    return folder


def inputs(deals: int, kinds: list[str]) -> dict[str, str]:
    """The path of each kind's input (made once)."""
    os.makedirs(OUT, exist_ok=True)
    base = os.path.join(OUT, f"kinds-{deals}")
    jsonl = _made(base + ".jsonl", "generate", "koenigrufen", "-n", str(deals), "--seed", "1",
                  "-o", base + ".jsonl")
    per = 24
    sessions = _made(base + "-sessions.jsonl", "generate", "koenigrufen", "-n", str(per),
                     "--sessions", str(max(1, deals // per)), "--seed", "2",
                     "-o", base + "-sessions.jsonl")
    tournaments = os.path.join(OUT, "kinds-tournaments")
    if not os.path.isdir(tournaments):
        os.makedirs(tournaments + ".part", exist_ok=True)
        for k in range(20):
            _made(os.path.join(tournaments + ".part", f"cup{k + 1:02d}.json"), "generate",
                  "koenigrufen", "--tournament", "40", "--rounds", "3", "--seed", str(k + 1),
                  "-o", os.path.join(tournaments + ".part", f"cup{k + 1:02d}.json"))
        os.rename(tournaments + ".part", tournaments)
    made = {
        "deals-jsonl": lambda: jsonl,
        "deals-xml": lambda: _made(base + ".xml", "convert", jsonl, base + ".xml"),
        "deals-txt": lambda: _made(base + ".txt", "convert", jsonl, base + ".txt"),
        "deal-files": lambda: _deal_files(jsonl, base + "-files", deals // 10),
        "sessions": lambda: sessions,
        "sheets": lambda: _sheets(sessions, base + "-sheets.jsonl"),
        "tournaments": lambda: tournaments,
        "tournament-files": lambda: _table_files(tournaments, tournaments + "-files"),
    }
    return {kind: made[kind]() for kind in kinds}


def run_once(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and the workers it waited for, its summary
    line)."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    out = proc.stdout.read().decode()
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{' '.join(cmd[-4:])} failed ({code}): {out[-300:]}")
    return wall, usage.ru_utime + usage.ru_stime, out.strip().splitlines()[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--out", metavar="FILE", help="write the result file FILE")
    args = ap.parse_args()
    paths = inputs(args.deals, args.kinds.split(","))
    print(f"load average {load()}; {os.cpu_count()} cores; median of {args.runs} runs")
    print(f"{'input':17} {'j1 wall':>8} {'def wall':>8} {'j1/def':>7} {'j1 CPU':>7} "
          f"{'def CPU':>7}  records")
    rows: list[list[str]] = []
    figures: dict[str, object] = {}
    for kind, path in paths.items():
        walls: dict[str, list[float]] = {"1": [], "default": []}
        cpus: dict[str, list[float]] = {"1": [], "default": []}
        summary = ""
        for _ in range(args.runs):
            for jobs in ("default", "1"):
                extra = [] if jobs == "default" else ["--jobs", "1"]
                wall, cpu, summary = run_once(cli(ROOT) + ["validate", "-q", *extra, path])
                walls[jobs].append(wall)
                cpus[jobs].append(cpu)
        ratio = statistics.median(a / b for a, b in zip(walls["1"], walls["default"]))
        med = {j: statistics.median(w) for j, w in walls.items()}
        cpu = {j: statistics.median(c) for j, c in cpus.items()}
        print(f"{kind:17} {med['1']:8.2f} {med['default']:8.2f} {ratio:7.2f} {cpu['1']:7.2f} "
              f"{cpu['default']:7.2f}  {summary}", flush=True)
        rows.append([kind, summary.split(":")[0], f"{med['1']:.2f} s", f"{med['default']:.2f} s",
                     f"{ratio:.2f}", f"{cpu['1']:.2f} s", f"{cpu['default']:.2f} s"])
        figures[kind] = {"walls": walls, "cpus": cpus, "ratio": ratio}
    print(f"load average {load()}")
    if args.out:
        import result_file
        result_file.write(
            args.out, title="Every input kind: the default worker count against --jobs 1",
            order=41, conditions=f"Königrufen, median of {args.runs} interleaved runs, "
                                 f"whole processes, wall time; the default is "
                                 f"{os.cpu_count()} workers here",
            tables=[result_file.table(
                "`validate -q --jobs 1` and `validate -q` (the default), per input kind; "
                "`j1 / default` above 1: the default is faster (run by run, median).",
                ["input", "records", "--jobs 1", "default", "j1 / default", "CPU --jobs 1",
                 "CPU default"], rows)],
            figures=figures)


if __name__ == "__main__":
    main()
