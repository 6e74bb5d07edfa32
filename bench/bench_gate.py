"""The schema gate against jsonschema-rs, on the same records, in one run.

    python bench/bench_gate.py [--deals 3000] [--source]

Issue 10 asks for jsonschema-rs as the gate where it is at least as fast. It answers yes or no
the same way: JSON Schema counts ``1.0`` as an integer, the engines need ints, so jsonschema-rs
would need a walk over every record for floats beside it (timed here in Python; in the
compiled build it would be compiled too). Per game: µs per record of ``schema.fast_check``,
of jsonschema-rs's ``is_valid`` and of the walk (each the best of 7 over the same records);
then what each gate adds to the start-up of ``tarockrec validate`` (process time to get the
gate ready in a fresh process that has imported the validator and the CLI, best of 5).
jsonschema-rs is not a dependency: without it, only our figures are printed.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any, Callable

if "--source" in sys.argv:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import orjson  # noqa: E402

import tarockrec  # noqa: E402
from tarockrec import schema  # noqa: E402
from tarockrec.generate import deal_records  # noqa: E402

SPECS = [("koenigrufen", None), ("ulti", None), ("illustrated", 4), ("illustrated", 5),
         ("cego", 3), ("cego", 4), ("carinthian", 3), ("carinthian", 4)]

#: what getting each gate ready costs, measured after the imports `tarockrec validate` makes
#: (ours builds a game's gate when its first record comes: one Königrufen record here)
READY = {
    "ours": "schema.fast_check({'tarockrec': 1, 'game': 'koenigrufen', 'players': [], "
            "'dealer': 0})",
    "jsonschema-rs": "import jsonschema_rs; jsonschema_rs.validator_for(schema.json_schema())",
}
_CHILD = """
import resource, sys
sys.path[:0] = {path!r}
import tarockrec.cli, tarockrec.validate
from tarockrec import schema
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
t = cpu()
{ready}
print(cpu() - t)
"""


def has_float(value: Any) -> bool:
    """Whether a float is anywhere in ``value`` (what jsonschema-rs would need beside it)."""
    items = value.values() if type(value) is dict else value
    for x in items:
        t = type(x)
        if t is float or ((t is dict or t is list) and has_float(x)):
            return True
    return False


def per_record(check: Callable[[Any], Any], records: list[Any], repeat: int = 7) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for r in records:
            check(r)
        best = min(best, time.perf_counter() - t)
    return best / len(records) * 1e6


def ready_ms(name: str) -> float | None:
    path = [os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))] \
        if "--source" in sys.argv else []
    code = _CHILD.format(path=path, ready=READY[name])
    best = float("inf")
    for _ in range(5):
        # started in bench/: the installed tarockrec unless --source put the checkout first
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=os.path.dirname(os.path.abspath(__file__)))
        if out.returncode:
            return None
        best = min(best, float(out.stdout) * 1000)
    return round(best, 1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--source", action="store_true")
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/gate.json)")
    args = ap.parse_args()
    try:
        import jsonschema_rs
        rs: Callable[[Any], bool] | None = jsonschema_rs.validator_for(
            schema.json_schema()).is_valid
    except ImportError:
        rs = None
    print(json.dumps({"compiled": tarockrec.compiled(), "jsonschema_rs": rs is not None}))
    rows: list[dict[str, Any]] = []
    for game, n in SPECS:
        # parsed from their text one after the other, as the bulk path has them (the
        # generator's own objects lie scattered over its heap: every check ran ~25% slower)
        texts = [orjson.dumps(r) for r in deal_records(game, args.deals, args.seed, n)]
        records = [orjson.loads(t) for t in texts]
        row: dict[str, Any] = {"game": game + (f" ({n})" if n else ""),
                               "ours_us": round(per_record(schema.fast_check, records), 2)}
        if rs is not None:
            assert all(map(rs, records)) and not any(map(has_float, records))
            row["jsonschema_rs_us"] = round(per_record(rs, records), 2)
            row["float_walk_us"] = round(per_record(has_float, records), 2)
        print(json.dumps(row), flush=True)
        rows.append(row)
    ready = {name: ready_ms(name) for name in READY if name == "ours" or rs is not None}
    print(json.dumps({"ready_ms": ready}))
    if args.out:
        import result_file  # beside this file
        columns = ["game", "ours µs", "jsonschema-rs µs", "float walk µs"]
        result_file.write(
            args.out, title="The schema gate against jsonschema-rs", order=50,
            conditions=("compiled" if tarockrec.compiled() else "plain")
            + f" build, {args.deals} deals a game, best of 7",
            tables=[result_file.table(
                "Per record, on the same records.", columns,
                [[r["game"], r["ours_us"], r.get("jsonschema_rs_us", "–"),
                  r.get("float_walk_us", "–")] for r in rows]),
                    result_file.table("Getting the gate ready at start-up.", ["gate", "ms"],
                                      [[k, v] for k, v in ready.items()])],
            figures={"compiled": tarockrec.compiled(), "rows": rows, "ready_ms": ready})


if __name__ == "__main__":
    main()
