"""The archive at scale (issue 34, item 5): SEASONS seasons × EVENTS events × ENTRANTS
entrants, full deals at a tenth of the tables and only totals at the rest.

    python bench/bench_archive.py [--seasons 10] [--events 30] [--entrants 200] [--source]

Builds one Königrufen tournament file per event (three rounds, tables of four; a tenth of the
tables give their 16 deals inline, from a pool of sessions played through the engine by
``tarockrec.generate``, the rest only their totals; entrants drawn from a register of 3 ×
ENTRANTS people, each with a ``person`` id and another entrant id at every event). Then, each
in a fresh process with its peak resident memory:

* ``tarockrec validate -q --jobs 1`` of all the files (the baseline),
* ``tarockrec archive add -q`` of one season at a time into one growing archive (the adds'
  speed against validate's, and their memory as the archive grows),
* and, on the full archive (read-only connection, median of 25 runs each): a person's
  history and declarer statistics, a series' standings for a season, and the documented
  views filtered by a person or an event.

Figures go to stdout and bench/out/archive.json.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import shutil
import statistics
import sys
import time
from typing import Any, Callable

if "--source" in sys.argv:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.generate import session_records  # noqa: E402

import bench_tournament  # noqa: E402  (beside this file: python puts bench/ on the path)

OUT = os.path.abspath(os.path.join(os.path.dirname(__file__), "out", "archive"))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DEALS, ROUNDS, POOL = 16, 3, 40


def _zero_sum(rng: random.Random) -> list[int]:
    a, b, c = (rng.randrange(-20, 21) * 10 for _ in range(3))
    return [a, b, c, -(a + b + c)]


def build(seasons: int, events: int, entrants: int, seed: int) -> dict[str, Any]:
    """One file per event under OUT/season-S/; returns what was built."""
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    rng = random.Random(seed)
    pool = list(session_records("koenigrufen", POOL, DEALS, seed, n=4))
    people = [(f"AT-{1000 + k}", f"Player {k + 1}", f"TC {k % 12 + 1}")
              for k in range(3 * entrants)]
    full = tables = deals = 0
    for s in range(seasons):
        folder = os.path.join(OUT, f"season-{s + 1:02d}")
        os.makedirs(folder)
        start = datetime.date(2016 + s, 9, 1)
        for e in range(events):
            rec, counts = _event(rng, pool, people, entrants, start, s, e)
            full, tables, deals = full + counts[0], tables + counts[1], deals + counts[2]
            with open(os.path.join(folder, f"event-{e + 1:02d}.json"), "w",
                      encoding="utf-8") as fp:
                fp.write(jsonio.dumps(rec, compact=True))
    return {"full_tables": full, "tables": tables, "deals": deals,
            "seasons": [os.path.join(OUT, f"season-{s + 1:02d}") for s in range(seasons)]}


def _event(rng: random.Random, pool: list[dict[str, Any]], people: list[tuple[str, str, str]],
           entrants: int, start: datetime.date, s: int,
           e: int) -> tuple[dict[str, Any], tuple[int, int, int]]:
    chosen = rng.sample(people, entrants)
    register = [{"id": str(k + 1), "name": name, "club": club, "person": pid}
                for k, (pid, name, club) in enumerate(chosen)]
    season = f"{2016 + s}/{(2017 + s) % 100:02d}"
    rec: dict[str, Any] = {
        "tarockrec": 1, "game": "koenigrufen",
        "event": {"name": f"Bench Cup {season}, event {e + 1}",
                  "date": (start + datetime.timedelta(days=8 * e)).isoformat(),
                  "series": f"Bench Cup {season}"},
        "entrants": register, "rounds": []}
    full = tables = deals = 0
    for _ in range(ROUNDS):
        ids = [x["id"] for x in register]
        rng.shuffle(ids)
        row = []
        for t in range(len(ids) // 4):
            table: dict[str, Any] = {"table": str(t + 1), "seats": ids[4 * t:4 * t + 4]}
            tables += 1
            if tables % 10 == 0:
                session = rng.choice(pool)
                table["deals"] = session["deals"]
                full, deals = full + 1, deals + len(session["deals"])
            else:
                table["result"] = {"totals": _zero_sum(rng)}
            row.append(table)
        rec["rounds"].append({"tables": row})
    return rec, (full, tables, deals)


def run(args: list[str]) -> dict[str, float]:
    """A tarockrec command in a fresh process, started in OUT (``bench_tournament.run``)."""
    return bench_tournament.run(args, OUT)


def timed(fn: Callable[[], Any], runs: int = 25) -> float:
    """The median wall time of ``fn`` in milliseconds."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def queries(db: str) -> dict[str, float]:
    from tarockrec.archive import queries as q
    from tarockrec.archive.store import open_archive
    conn = open_archive(db)
    pid = conn.execute("SELECT person_id FROM people ORDER BY events DESC LIMIT 1").fetchone()[0]
    eid, series, season = conn.execute("SELECT event_id, series, season FROM events ORDER BY "
                                       "date DESC LIMIT 1").fetchone()
    rid = conn.execute("SELECT record_id FROM events WHERE event_id = ?", (eid,)).fetchone()[0]

    def rows(sql: str, *args: Any) -> Callable[[], Any]:
        return lambda: conn.execute(sql, args).fetchall()
    asked: dict[str, Callable[[], Any]] = {
        "person history + declarer stats": lambda: (q.history(conn, pid),
                                                    q.deal_stats(conn, pid)),
        "series standings of a season": lambda: q.series_standings(conn, series, season),
        "events WHERE event_id": rows("SELECT * FROM events WHERE event_id = ?", eid),
        "tables WHERE event_id": rows("SELECT * FROM tables WHERE event_id = ?", eid),
        "entrants WHERE person_id": rows("SELECT * FROM entrants WHERE person_id = ?", pid),
        "entrants WHERE event_id": rows("SELECT * FROM entrants WHERE event_id = ?", eid),
        "deals WHERE event_id": rows("SELECT * FROM deals WHERE event_id = ?", eid),
        "deals WHERE declarer_person_id": rows("SELECT * FROM deals WHERE declarer_person_id "
                                               "= ?", pid),
        "seat_scores WHERE person_id": rows("SELECT * FROM seat_scores WHERE person_id = ?",
                                            pid),
        "seat_scores WHERE event_id": rows("SELECT * FROM seat_scores WHERE event_id = ?", eid),
        "items WHERE event_id": rows("SELECT * FROM items WHERE event_id = ?", eid),
        "people WHERE person_id": rows("SELECT * FROM people WHERE person_id = ?", pid),
        "findings WHERE record_id": rows("SELECT * FROM findings WHERE record_id = ?", rid),
    }
    return {label: {"ms": timed(fn), "rows": _count(fn())} for label, fn in asked.items()}


def _count(found: Any) -> int:
    """Rows a question returned (the standings: their rows; a history: events and deals)."""
    if isinstance(found, tuple):
        return sum(_count(x) for x in found if isinstance(x, list))
    return len(found)


def _readers(db: str, seasons: int) -> dict[str, Any]:
    """Reading commands in fresh processes (start-up included): their time and memory as the
    archive grows."""
    out: dict[str, Any] = {"seasons": seasons}
    for label, args in (("archive player", ["archive", "player", db, "AT-1000"]),
                        ("archive standings", ["archive", "standings", db, "--series",
                                               "Bench Cup 2016/17", "--season", "2016/17"])):
        r = run(args)
        out[label] = r
        print(f"  {label} ({seasons} season(s) stored): {r['wall_s']:.2f} s, peak "
              f"{r['peak_mb']:.1f} MB, exit {r['rc']:.0f}")
    return out


def scale_options(ap: argparse.ArgumentParser) -> None:
    """The archive's scale (10 seasons × 30 events × 200 entrants by default), its seed, and
    ``--source`` (the checkout's tarockrec): the options of every archive benchmark."""
    ap.add_argument("--seasons", type=int, default=10)
    ap.add_argument("--events", type=int, default=30)
    ap.add_argument("--entrants", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--source", action="store_true")


def main() -> None:
    ap = argparse.ArgumentParser()
    scale_options(ap)
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/archive.json)")
    a = ap.parse_args()
    t = time.perf_counter()
    built = build(a.seasons, a.events, a.entrants, a.seed)
    print(f"built {a.seasons} × {a.events} events × {a.entrants} entrants: {built['tables']} "
          f"tables, {built['full_tables']} of them with {built['deals']} deals "
          f"({time.perf_counter() - t:.1f} s)")
    figures: dict[str, Any] = {k: v for k, v in vars(a).items() if k not in ("source", "out")}
    figures.update({k: built[k] for k in ("tables", "full_tables", "deals")})
    db = os.path.join(OUT, "archive.db")
    adds, checks, readers = [], [], []
    for k, folder in enumerate(built["seasons"]):
        # the baseline right before each add: the machine's load changes over minutes
        base = run(["validate", "-q", "--jobs", "1", folder])
        r = run(["archive", "add", "-q", db, folder])
        r["archive_mb"] = os.path.getsize(db) / 1e6
        adds.append(r)
        checks.append(base)
        print(f"season {k + 1:2d}: validate {base['wall_s']:6.2f} s, peak {base['peak_mb']:5.1f} "
              f"MB; archive add {r['wall_s']:6.2f} s, peak {r['peak_mb']:5.1f} MB; exit "
              f"{base['rc']:.0f}/{r['rc']:.0f}; archive {r['archive_mb']:7.1f} MB")
        if k in (0, len(built["seasons"]) - 1):
            readers.append(_readers(db, k + 1))
    figures["validate"], figures["adds"], figures["readers"] = checks, adds, readers
    total, base_total = sum(r["wall_s"] for r in adds), sum(r["wall_s"] for r in checks)
    figures["add_speed_vs_validate"] = base_total / total
    print(f"all seasons: validate {base_total:7.2f} s, archive add {total:7.2f} s: "
          f"{base_total / total:.2f} × validate's speed")
    figures["queries_ms"] = queries(db)
    for label, got in figures["queries_ms"].items():
        print(f"  {label:36s} {got['ms']:8.2f} ms  {got['rows']:6d} rows")
    with open(os.path.join(os.path.dirname(OUT), "archive.json"), "w") as fp:
        json.dump(figures, fp, indent=1)
    if a.out:
        write_result(a.out, figures)


def write_result(path: str, figures: dict[str, Any]) -> None:
    import result_file  # beside this file
    seasons = [[k + 1, f"{v['wall_s']:.1f} s", f"{v['peak_mb']:.0f} MB", f"{d['wall_s']:.1f} s",
                f"{d['peak_mb']:.0f} MB", f"{v['archive_mb']:.0f} MB"]
               for k, (d, v) in enumerate(zip(figures["validate"], figures["adds"]))]
    queries_rows = [[label, f"{got['ms']:.2f} ms", got["rows"]]
                    for label, got in figures["queries_ms"].items()]
    result_file.write(
        path, title="The archive at scale", order=60,
        conditions=(f"{figures['seasons']} seasons × {figures['events']} events × "
                    f"{figures['entrants']} entrants: {figures['tables']:,} tables, "
                    f"{figures['full_tables']:,} of them with {figures['deals']:,} deals; "
                    f"archive add at {figures['add_speed_vs_validate']:.2f} × validate's speed"),
        tables=[result_file.table("Each season: `archive add` against `validate --jobs 1`.",
                                  ["season", "add", "add peak", "validate", "validate peak",
                                   "archive"], seasons),
                result_file.table("On the full archive (median of 25, read-only).",
                                  ["query", "time", "rows"], queries_rows)],
        figures=figures)


if __name__ == "__main__":
    main()
