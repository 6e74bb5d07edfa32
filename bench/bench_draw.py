"""The random draw's repeated meetings against a lower bound (issue 40).

For fields of 8 to 200 entrants (Königrufen: tables of four, the fewest of five) and 3 to 6
rounds, draws every round with ``tarockrec.draw.draw_round`` (method ``random``, seed 1) and
counts the repeats (for each two entrants, the meetings after their first) against the
pigeonhole bound ``draw.repeat_bound``: the rounds hold R × Σ C(s, 2) meetings of at most
C(N, 2) pairs, so at least the excess repeats. Where the bound is 0 a repeat-free schedule may
exist (it does for every field here with tables of four once N − 1 ≥ 3R, the draw's own
zeros show it), so every repeat above it is the draw's. Usage:

    python bench/bench_draw.py [--fields 8,9,...] [--rounds 3,4,5,6] [--seed 1]

Prints one line per field and round count: N, R, the tables, repeats, bound, seconds.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarockrec import draw  # noqa: E402

DEFAULT_FIELDS = [8, 9, 10, 12, 13, 16, 17, 20, 23, 24, 30, 40, 50, 64, 80, 100, 128, 160, 200]


def run(fields: list[int], rounds: list[int], seed: int) -> list[tuple[int, int, str, int, int,
                                                                        float]]:
    out = []
    for n in fields:
        field = [str(i + 1) for i in range(n)]
        plan = draw.table_plan(n, (4, 5))
        tables: list[list[list[str]]] = []
        t0 = time.perf_counter()
        for r in range(1, max(rounds) + 1):
            tables.append(draw.draw_round(field, (4, 5), "random", seed, r, tables))
            if r in rounds:
                shape = "+".join(f"{plan.count(s)}×{s}" for s in sorted(set(plan)))
                out.append((n, r, shape, draw.repeats(tables),
                            draw.repeat_bound(n, r, plan), time.perf_counter() - t0))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fields", default=",".join(map(str, DEFAULT_FIELDS)))
    ap.add_argument("--rounds", default="3,4,5,6")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    fields = [int(x) for x in args.fields.split(",")]
    rounds = [int(x) for x in args.rounds.split(",")]
    print("| entrants | rounds | tables | repeats | lower bound | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n, r, shape, rep, bound, secs in run(fields, rounds, args.seed):
        print(f"| {n} | {r} | {shape} | {rep} | {bound} | {secs:.2f} |")


if __name__ == "__main__":
    main()
