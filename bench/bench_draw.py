"""The random draw's repeated meetings against a lower bound (issue 40).

For fields of 8 to 200 entrants (Königrufen: tables of four, the fewest of five) and 3 to 6
rounds, draws every round with ``tarockrec.tournament.draw.draw_round`` (method ``random``, seed 1) and
counts the repeats (for each two entrants, the meetings after their first) against the
pigeonhole bound ``draw.repeat_bound``: the rounds hold R × Σ C(s, 2) meetings of at most
C(N, 2) pairs, so at least the excess repeats. Where the bound is 0 a repeat-free schedule may
exist (it does for every field here with tables of four once N − 1 ≥ 3R, the draw's own
zeros show it). The draw seats one round at a time, as an evening is drawn, and cannot plan the
rounds after it; for fields of at most 13 the column "round best" is the exact optimum of that
online task: every round's fewest repeated pairs over all its seatings (searched exhaustively),
given the draw's earlier rounds, summed. Usage:

    python bench/bench_draw.py [--fields 8,9,...] [--rounds 3,4,5,6] [--seed 1]

Prints one Markdown row per field and round count: N, R, the tables, the repeats, the bound,
the round-by-round optimum (small fields), and the seconds the draws took (cumulative).
"""
from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarockrec.tournament import draw  # noqa: E402

DEFAULT_FIELDS = [8, 9, 10, 12, 13, 16, 17, 20, 23, 24, 30, 40, 50, 64, 80, 100, 128, 160, 200]


def partitions(items: list[str], sizes: list[int]) -> Iterator[list[list[str]]]:
    """Every split of ``items`` into tables of ``sizes`` (each once, whatever their order):
    the exhaustive search behind the bench's optimum and tests/test_draw.py's."""
    if not items:
        yield []
        return
    for d in sorted(set(sizes)):
        rest_sizes = list(sizes)
        rest_sizes.remove(d)
        for combo in combinations(items[1:], d - 1):
            left = [x for x in items[1:] if x not in combo]
            for rest in partitions(left, rest_sizes):
                yield [[items[0], *combo], *rest]


def repeated_pairs(tables: list[list[str]], met: dict[tuple[str, str], int]) -> int:
    """The pairs at ``tables`` who met before (``met``: draw.meetings of the rounds before)."""
    return sum(1 for t in tables for i, a in enumerate(t) for b in t[i + 1:]
               if met.get(draw.pair(a, b)))


def run(fields: list[int], rounds: list[int], seed: int
        ) -> list[tuple[int, int, str, int, int, int | None, float]]:
    out = []
    for n in fields:
        field = [str(i + 1) for i in range(n)]
        plan = draw.table_plan(n, (4, 5))
        tables: list[list[list[str]]] = []
        best: int | None = 0 if n <= 13 else None
        seconds = 0.0
        for r in range(1, max(rounds) + 1):
            t0 = time.perf_counter()
            tables.append(draw.draw_round(field, (4, 5), "random", seed, r, tables[:r - 1]))
            seconds += time.perf_counter() - t0
            if best is not None and r > 1:
                met = draw.meetings(tables[:r - 1])
                # a pair's later meeting adds one repeat whatever the count: the round's
                # repeats are its pairs that met before
                best += min(repeated_pairs(p, met) for p in partitions(field, plan))
            if r in rounds:
                shape = "+".join(f"{plan.count(s)}×{s}" for s in sorted(set(plan)))
                out.append((n, r, shape, draw.repeats(tables),
                            draw.repeat_bound(n, r, plan), best, seconds))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fields", default=",".join(map(str, DEFAULT_FIELDS)))
    ap.add_argument("--rounds", default="3,4,5,6")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    fields = [int(x) for x in args.fields.split(",")]
    rounds = [int(x) for x in args.rounds.split(",")]
    print("| entrants | rounds | tables | repeats | lower bound | round best | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n, r, shape, rep, bound, best, secs in run(fields, rounds, args.seed):
        print(f"| {n} | {r} | {shape} | {rep} | {bound} | {'—' if best is None else best} "
              f"| {secs:.2f} |")


if __name__ == "__main__":
    main()
