"""Throughput and memory of the bulk path, measured in one run next to its baselines.

    python bench/bench_validate.py [--deals 10000] [--games koenigrufen,ulti,...] [--source]

It measures the installed tarockrec (what the ``tarockrec`` command runs: compiled by setup.py
where a compiler was at hand), or with ``--source`` the checkout's pure-Python modules; the
first line printed says which.

For each game: generate N deals as JSON Lines (through the engine's legal actions), then time
(a) parsing alone with orjson (the parser the bulk path uses) and with the stdlib json module,
(b) full validation of the file as `tarockrec validate` does it (stream, parse, schema gate,
replay, score, result check), (c) pure-Python jsonschema on a sample (the explain-only path),
the peak Python heap (tracemalloc) while streaming the file, and (d) the same deals as one
XML archive: streamed parsing alone and full validation. One core, one process; each timing
the best of REPEAT runs; (a) with orjson, (b) and (d) in a fresh process (``--measure``), as
`tarockrec validate` starts, not in this one, which has generated the deals.

Then, as whole processes (what a user runs): `tarockrec validate -q --jobs 1` against
`--jobs 2` on one JSON Lines archive of 100,000 deals of every game, next to the machine's
own ceiling for two processes (two `--jobs 1` runs at once, over the archive's two halves),
and the start-up: the process time (user + system) of `tarockrec validate` on one small
file, next to a bare `python -c pass`.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import subprocess
import sys
import time
import tracemalloc
from typing import Any, Callable, Iterator, TypeVar

if "--source" in sys.argv:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import orjson  # noqa: E402

import tarockrec  # noqa: E402

from tarockrec import games, schema  # noqa: E402
from tarockrec.codecs import jsonio, xmlio  # noqa: E402
from tarockrec.generate import deal_records  # noqa: E402
from tarockrec.sources import entries  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

#: deals in the archive of the whole-process figures (the issue's measure: 100,000)
ARCHIVE_DEALS = 100_000
OUT = os.path.abspath(os.path.join(os.path.dirname(__file__), "out"))
#: how the whole-process figures start tarockrec: the same one this process measures
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
CHILD = ({"env": {**os.environ, "PYTHONPATH": ROOT}} if "--source" in sys.argv
         else {"cwd": OUT})


T = TypeVar("T")


#: runs of each timing; the best is reported (the least disturbed by the rest of the machine)
REPEAT = 3


def timed(fn: Callable[..., T], *args: Any, repeat: int = 1) -> tuple[float, T]:
    """(the best of ``repeat`` runs' seconds, the result)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - t)
    return best, result


def _xml_parse(path: str) -> int:
    with open(path, "rb") as fp:
        return sum(1 for _ in xmlio.iter_xml_lines(fp))


def _parse_lines(lines: list[bytes]) -> None:
    for line in lines:       # parsed and dropped, as the streaming validator does
        orjson.loads(line)


def validate_jsonl(path: str) -> tuple[int, int]:
    """(valid, not valid) records of a JSON Lines file, read and checked as ``validate``
    does it."""
    ok = bad = 0
    for e in entries(path):
        rep = validate_record(e.record, e.index, e.line) if e.problem is None else None
        if rep is not None and rep.valid:
            ok += 1
        else:
            bad += 1
    return ok, bad


def validate_xml(path: str) -> int:
    """Valid records of an XML archive, read and checked as ``validate`` does it."""
    ok = 0
    for e in entries(path):
        if e.problem is None and validate_record(e.record, e.index, e.line, e.lines).valid:
            ok += 1
    return ok


def measure(path: str) -> dict[str, Any]:
    """The bare parse of ``path`` (orjson over its lines read beforehand, for JSON Lines; the
    streaming reader for XML) and its full validation, each the best of REPEAT runs."""
    xml = path.endswith(".xml")
    if xml:
        parse_s, _ = timed(_xml_parse, path, repeat=REPEAT)
    else:
        with open(path, "rb") as fp:
            lines = fp.readlines()
        parse_s, _ = timed(_parse_lines, lines, repeat=REPEAT)
        del lines
    validate_s, result = timed(validate_xml if xml else validate_jsonl, path, repeat=REPEAT)
    return {"parse_s": parse_s, "validate_s": validate_s, "result": result}


def _measure_apart(path: str) -> dict[str, Any]:
    """``measure`` in a fresh process, as ``tarockrec validate`` starts: what this process
    generated and holds (its heap is larger, and the collector walks it) does not count."""
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--measure", path,
                          *(["--source"] if "--source" in sys.argv else [])],
                         capture_output=True, check=True, **CHILD)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def bench_game(game: str, n: int, seed: int, players: int | None) -> dict[str, object]:
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"{game}{players or ''}.jsonl")
    gen_s, _ = timed(lambda: jsonio.write_atomic(
        path, (jsonio.dumps(r, compact=True) + "\n" for r in deal_records(game, n, seed, players)),
        replace=True))
    with open(path, "rb") as fp:
        lines = fp.readlines()
    size = sum(map(len, lines))

    def parse_all(loads) -> None:  # type: ignore[no-untyped-def]
        for x in lines:      # parsed and dropped, as the streaming validator does
            loads(x)

    stdlib_s, _ = timed(parse_all, json.loads, repeat=REPEAT)
    measured = _measure_apart(path)
    parse_s, full_s, (ok, bad) = measured["parse_s"], measured["validate_s"], measured["result"]
    docs = [orjson.loads(x) for x in lines]
    gate_s, _ = timed(lambda: [schema.fast_check(d) for d in docs], repeat=REPEAT)
    sample = docs[: min(300, n)]
    js_s, _ = timed(lambda: [schema.explain(d) for d in sample])

    tracemalloc.start()
    validate_jsonl(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    # the same deals as one XML archive: streamed parse alone, then full validation
    xml_path = path[:-len(".jsonl")] + ".xml"
    jsonio.write_atomic(xml_path, xmlio.iter_dumps(docs), replace=True)
    measured = _measure_apart(xml_path)
    xml_parse_s, xml_s, xml_ok = measured["parse_s"], measured["validate_s"], measured["result"]
    tracemalloc.start()
    validate_xml(xml_path)
    _, xml_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "game": game + (f" ({players} players)" if players else ""), "deals": n,
        "file": f"{game}{players or ''}",
        "file_MB": round(size / 1e6, 2), "generate_s": round(gen_s, 2),
        "parse_orjson_per_s": round(n / parse_s), "parse_stdlib_json_per_s": round(n / stdlib_s),
        "schema_gate_per_s": round(n / gate_s),
        "jsonschema_explain_per_s": round(len(sample) / js_s),
        "validate_per_s": round(n / full_s), "valid": ok, "invalid": bad,
        "validate_vs_parse": round((n / full_s) / (n / parse_s), 3),
        "peak_heap_MB": round(peak / 1e6, 2),
        "xml_MB": round(os.path.getsize(xml_path) / 1e6, 2),
        "xml_parse_per_s": round(n / xml_parse_s), "xml_validate_per_s": round(n / xml_s),
        "xml_validate_vs_parse": round(xml_parse_s / xml_s, 3),
        "xml_valid": xml_ok, "xml_peak_heap_MB": round(xml_peak / 1e6, 2),
    }


def _process_time(cmd: list[str], repeat: int = 1) -> tuple[float, float]:
    """(wall seconds, user + system seconds) of running ``cmd`` ``repeat`` times (the best)."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       **CHILD)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = min(best, (wall, cpu))
    return best


def _concurrent_time(cmds: list[list[str]], repeat: int = 1) -> float:
    """Wall seconds of running ``cmds`` all at once (the best of ``repeat`` runs)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        procs = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  **CHILD) for cmd in cmds]
        for proc in procs:
            proc.wait()
        best = min(best, time.perf_counter() - t)
    return best


def bench_processes(paths: list[str]) -> dict[str, object]:
    """Whole-process figures: --jobs 1 against --jobs 2 over an archive of every game's deals
    (ARCHIVE_DEALS of them: the files again from the first when they run out), and start-up."""
    big = os.path.join(OUT, "all.jsonl")

    def lines() -> Iterator[bytes]:
        while True:
            for p in paths:
                with open(p, "rb") as fp:
                    yield from fp

    n = ARCHIVE_DEALS
    with open(big, "wb") as out:
        out.writelines(itertools.islice(lines(), n))
    # the machine's own ceiling for two processes: two independent --jobs 1 runs at once, over
    # the two halves of the archive
    halves = [os.path.join(OUT, f"half{k}.jsonl") for k in (1, 2)]
    with open(big, "rb") as fp, open(halves[0], "wb") as h1, open(halves[1], "wb") as h2:
        for k, line in enumerate(fp):
            (h1 if k < n // 2 else h2).write(line)
    cli = [sys.executable, "-m", "tarockrec.cli", "validate", "-q"]
    one, _ = _process_time(cli + ["--jobs", "1", big], repeat=REPEAT)
    two, _ = _process_time(cli + ["--jobs", "2", big], repeat=REPEAT)
    apart = _concurrent_time([cli + ["--jobs", "1", h] for h in halves], repeat=REPEAT)
    small = os.path.join(OUT, "one.json")
    with open(paths[0], "rb") as fp, open(small, "wb") as out:
        out.write(fp.readline())
    _, start = _process_time([sys.executable, "-c", "from tarockrec.cli import run; run()",
                              "validate", small], repeat=5)
    _, bare = _process_time([sys.executable, "-c", "pass"], repeat=5)
    return {"archive_deals": n, "jobs1_per_s": round(n / one), "jobs2_per_s": round(n / two),
            "jobs2_vs_jobs1": round(one / two, 2),
            "two_processes_on_halves_per_s": round(n / apart),
            "two_processes_on_halves_vs_jobs1": round(one / apart, 2), "cores": os.cpu_count(),
            "startup_process_ms": round(start * 1000), "bare_python_process_ms": round(bare * 1000)}


def default_games() -> str:
    specs = []
    for name, game in games.all_games().items():
        sizes = game.table_sizes
        specs += [name] if len(sizes) == 1 else [f"{name}:{k}" for k in sizes]
    return ",".join(specs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--games", default=default_games())
    ap.add_argument("--source", action="store_true",
                    help="measure the checkout's modules instead of the installed package")
    ap.add_argument("--measure", metavar="FILE", help=argparse.SUPPRESS)  # the fresh process
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/validate.json), "
                         "which tools/build_performance_doc.py renders in docs/performance.md")
    args = ap.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    build = {"tarockrec": os.path.dirname(tarockrec.__file__), "compiled": tarockrec.compiled()}
    print(json.dumps(build), flush=True)
    results = []
    for spec in args.games.split(","):
        name, _, players = spec.partition(":")
        results.append(bench_game(name, args.deals, args.seed, int(players) if players else None))
        print(json.dumps(results[-1]), flush=True)
    files = [os.path.join(OUT, f"{r['file']}.jsonl") for r in results]
    procs = bench_processes(files)
    print(json.dumps(procs), flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with open(os.path.join(OUT, "results.json"), "w") as fp:
        json.dump({"build": build, "results": results, "processes": procs, "max_rss_MB": round(rss, 1)}, fp,
                  indent=2)
    print(f"max RSS of the whole run: {rss:.1f} MB")
    if args.out:
        write_result(args.out, build, results, procs)


def write_result(path: str, build: dict[str, Any], results: list[dict[str, Any]],
                 procs: dict[str, Any]) -> None:
    import result_file  # beside this file
    rows = [[r["game"], f"{r['parse_orjson_per_s']:,}", f"{r['parse_stdlib_json_per_s']:,}",
             f"{r['validate_per_s']:,}", f"{r['xml_validate_per_s']:,}"] for r in results]
    result_file.write(
        path, title="Validation speed", order=20,
        conditions=("compiled build" if build["compiled"] else "plain build")
        + ", one process, best of each run",
        tables=[result_file.table("Deals per second, per game.",
                                  ["game", "parse (orjson)", "parse (json)", "validate (JSON Lines)",
                                   "validate (XML)"], rows),
                result_file.table("Whole processes.", ["measure", "value"],
                                  [[k, v] for k, v in procs.items()])],
        figures={"build": build, "results": results, "processes": procs})


if __name__ == "__main__":
    main()
