"""The archive site's front page and search at scale (issue 43 §3, problem 7): the front page's
size and each keystroke's time in Chromium, at SEASONS × EVENTS × ENTRANTS.

    python bench/bench_archive_search.py [--seasons 10] [--events 30] [--entrants 200]
        [--reuse] [--unlinked] [--full] [--runs 3] [--prefetch-most BYTES]
        [--out bench/results/archive_search.json]

The archive is bench/bench_archive.py's (one Königrufen tournament per event, entrants from a
register of 3 × ENTRANTS people with person ids), added a season at a time; ``--reuse`` takes
the one a run of either script left in bench/out/archive/ (it must be of the same size).
``--unlinked`` measures a copy in which no entrant is linked to a person (every entrant's
name a search entry and a page of its own, as in the archive issue 43 measured).

The site is what ``publish --archive`` writes, but for the events' own folders: their pages
are rendered by ``publish`` and change nothing on the front page or in the search but its
links, so the bench marks every event as published without drawing it (``--full`` draws them:
many minutes). Then, in headless Chromium (tests/chromium.py), the front page opened from
disk (file://), each query typed a key at a time into a fresh tab, RUNS times: a keystroke's
time is from the input event to the results in the page and laid out. Twice: typed into a
box not focused (each key loads the shards it needs: "on demand"), and typed once the box
was focused and the index it then loads (when small, ``search_index.PREFETCH_MOST``, at once;
when larger, a shard at a time: ``--prefetch-most 0`` makes the index "larger") is in.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import sys
import time
from typing import Any

if "--source" in sys.argv:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import bench_archive  # noqa: E402  (beside this file)
from chromium import Browser  # noqa: E402  (tests/chromium.py)

SITE = os.path.join(os.path.dirname(bench_archive.OUT), "archive_search_site")
#: what is typed: a person by name, by id, reversed; an event by name and date; a series
QUERIES = ["Player 417", "AT-1417", "417 player", "Bench Cup 2019/20, event 7",
           "2021-10-03", "Bench Cup 2019/20", "player 41 tc 5"]
#: a keystroke in the page: the input event to the results shown and laid out (ms)
KEY = """(async text => {
  const box = document.getElementById('search'), out = document.getElementById('results');
  box.value = text;
  const t0 = performance.now();
  const done = new Promise(ok => { const check = () => out.dataset.done === box.value;
    if (check()) ok(); else new MutationObserver((_, o) => { if (check()) { o.disconnect();
      ok(); } }).observe(out, {attributes: true}); });
  box.dispatchEvent(new Event('input'));
  await done;
  out.getBoundingClientRect();
  return [performance.now() - t0, out.querySelectorAll('a').length];
})(%s)"""


#: the box focused: the time until the shards it loads (a small index: all) are in (ms)
FOCUS = """new Promise(ok => {
  const box = document.getElementById('search'), out = document.getElementById('results');
  const meta = JSON.parse(document.getElementById('index').textContent);
  const t0 = performance.now(), all = String(meta.prefetch || meta.trickle.length ?
    meta.shards.length : 0);
  const check = () => (out.dataset.loaded || '0') === all;
  box.focus();
  if (check()) ok(performance.now() - t0); else new MutationObserver((_, o) => {
    if (check()) { o.disconnect(); ok(performance.now() - t0); } }).observe(out,
    {attributes: true}); })"""


def archive(a: argparse.Namespace) -> str:
    """The full archive's file, built (or reused)."""
    db = os.path.join(bench_archive.OUT, "archive.db")
    if a.reuse and os.path.exists(db):
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        (events,) = conn.execute("SELECT count(*) FROM event").fetchone()
        conn.close()
        if events == a.seasons * a.events:
            return db
        sys.exit(f"bench/out/archive/archive.db holds {events} events, not "
                 f"{a.seasons * a.events}: run without --reuse")
    built = bench_archive.build(a.seasons, a.events, a.entrants, a.seed)
    for folder in built["seasons"]:
        r = bench_archive.run(["archive", "add", "-q", db, folder])
        print(f"added {folder}: {r['wall_s']:.1f} s, exit {r['rc']:.0f}", flush=True)
    return db


def unlinked(db: str) -> str:
    """A copy of the archive in which no entrant is linked to a person."""
    copy = os.path.join(os.path.dirname(db), "unlinked.db")
    shutil.copy(db, copy)
    conn = sqlite3.connect(copy)
    conn.execute("UPDATE entrant SET person_id = NULL")
    conn.execute("DELETE FROM person")
    conn.commit()
    conn.close()
    return copy


def publish(db: str, full: bool, pages: bool) -> float:
    """The site into SITE (the events' folders only with ``full``, the people's own pages
    only with ``pages``); seconds."""
    from tarockrec.archive.store import open_archive
    from tarockrec.site.archive import ArchiveSite, publish_archive
    from tarockrec.site.publish import _write_page
    t = time.perf_counter()
    conn = open_archive(db)
    if full:
        status, lines = publish_archive(conn, SITE, force=True)
        assert status == 0, lines
    else:
        shutil.rmtree(SITE, ignore_errors=True)
        site = ArchiveSite(conn, SITE, _write_page)
        if not pages:       # the page of each of 60,000 entrants: the front page needs none
            site._person = lambda *args, **kwargs: None  # type: ignore[method-assign]
        site.published = {eid: f"events/{eid}" for (eid,) in conn.execute(
            "SELECT e.id FROM event e JOIN records r ON r.id = e.record_id WHERE r.valid = 1")}
        series = site.series()
        site.index(series, site.people())
    conn.close()
    return time.perf_counter() - t


def sizes() -> dict[str, Any]:
    front = os.path.join(SITE, "index.html")
    with open(front, encoding="utf-8") as fp:
        text = fp.read()
    shards = [os.path.getsize(os.path.join(SITE, "search", f))
              for f in os.listdir(os.path.join(SITE, "search"))]
    return {"front_bytes": os.path.getsize(front), "front_links": text.count("<a "),
            "shards": len(shards), "shard_bytes_max": max(shards),
            "shard_bytes_median": statistics.median(shards), "shard_bytes_all": sum(shards)}


def keystrokes(runs: int, focus: bool) -> dict[str, Any]:
    """Each query typed a key at a time into a fresh tab; with ``focus``, once the box was
    focused and the index it then loads (when small) is in."""
    browser = Browser()
    out: dict[str, Any] = {}
    try:
        for query in QUERIES:
            times: list[list[float]] = []
            for _ in range(runs):
                tab = browser.open(os.path.join(SITE, "index.html"))
                try:
                    if focus:
                        out.setdefault("loaded_ms", []).append(tab.wait(FOCUS))
                    got = [tab.wait(KEY % json.dumps(query[:k])) for k in
                           range(1, len(query) + 1)]
                    assert tab.problems() == [], tab.problems()
                finally:
                    tab.close()
                times.append([ms for ms, _ in got])
            per_key = [statistics.median(col) for col in zip(*times)]
            out[query] = {"ms": per_key, "first_ms": per_key[0], "max_ms": max(per_key),
                          "links": got[-1][1]}
            print(f"  {query!r:32} first key {per_key[0]:6.1f} ms, later keys "
                  f"{statistics.median(per_key[1:]):6.1f} ms (slowest {max(per_key[1:]):6.1f} "
                  f"ms), {got[-1][1]} hits shown", flush=True)
    finally:
        browser.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    bench_archive.scale_options(ap)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--unlinked", action="store_true")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--prefetch-most", type=int, metavar="BYTES",
                    help="search_index.PREFETCH_MOST (0: the index loaded a shard at a time)")
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/archive_search.json)")
    a = ap.parse_args()
    db = archive(a)
    if a.prefetch_most is not None:
        from tarockrec.site import search_index
        search_index.PREFETCH_MOST = a.prefetch_most
    figures: dict[str, Any] = {k: v for k, v in vars(a).items()
                               if k not in ("source", "out", "reuse", "unlinked")}
    variants = [("linked", db)] + ([("unlinked", unlinked(db))] if a.unlinked else [])
    for label, path in variants:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        counts = {"people": conn.execute("SELECT count(*) FROM person").fetchone()[0],
                  "unlinked_entrants": conn.execute("SELECT count(*) FROM entrant WHERE "
                                                    "person_id IS NULL").fetchone()[0],
                  "events": conn.execute("SELECT count(*) FROM event").fetchone()[0]}
        conn.close()
        seconds = publish(path, a.full, label == "linked")
        got = {**counts, "publish_s": seconds, **sizes()}
        print(f"{label}: {counts}; published in {seconds:.1f} s; front page "
              f"{got['front_bytes'] / 1000:.1f} KB, {got['front_links']} links; "
              f"{got['shards']} shards, largest {got['shard_bytes_max'] / 1000:.1f} KB",
              flush=True)
        got["keys"] = keystrokes(a.runs, False)
        later = [ms for q in got["keys"].values() for ms in q["ms"][1:]]
        got["key_ms_median"], got["key_ms_max"] = statistics.median(later), max(later)
        got["first_key_ms_max"] = max(q["first_ms"] for q in got["keys"].values())
        print("  the box focused first, the index loaded:")
        focused = keystrokes(a.runs, True)
        loaded = focused.pop("loaded_ms")
        every = [ms for q in focused.values() for ms in q["ms"]]
        got["focused"] = {"keys": focused, "loaded_ms_median": statistics.median(loaded),
                          "loaded_ms_max": max(loaded), "key_ms_median": statistics.median(every),
                          "key_ms_max": max(every)}
        print(f"  index loaded {got['focused']['loaded_ms_median']:.0f} ms after the focus "
              f"(slowest {max(loaded):.0f} ms); every key: median "
              f"{statistics.median(every):.1f} ms, slowest {max(every):.1f} ms", flush=True)
        figures[label] = got
    os.makedirs(os.path.dirname(bench_archive.OUT), exist_ok=True)
    with open(os.path.join(os.path.dirname(bench_archive.OUT), "archive_search.json"),
              "w") as fp:
        json.dump(figures, fp, indent=1)
    if a.out:
        write_result(a.out, figures)


def write_result(path: str, figures: dict[str, Any]) -> None:
    import result_file  # beside this file
    drawn = "the events marked published, not drawn"
    labels = [k for k in ("linked", "unlinked") if k in figures]
    rows = []
    for k in labels:
        f = figures[k]
        rows.append([k, f"{f['people']:,} / {f['unlinked_entrants']:,}",
                     f"{f['front_bytes'] / 1000:.1f} KB", f["front_links"],
                     f"{f['shards']} ({f['shard_bytes_max'] / 1000:.0f} KB largest, "
                     f"{f['shard_bytes_all'] / 1e6:.1f} MB all)",
                     f"{f['key_ms_median']:.1f} ms", f"{f['key_ms_max']:.1f} ms",
                     f"{f['first_key_ms_max']:.1f} ms",
                     f"{f['focused']['loaded_ms_median']:.0f} ms",
                     f"{f['focused']['key_ms_median']:.1f} ms",
                     f"{f['focused']['key_ms_max']:.1f} ms"])
    keys = [[k, q, f"{v['first_ms']:.1f} ms", f"{max(v['ms'][1:]):.1f} ms",
             f"{statistics.median(v['ms'][1:]):.1f} ms",
             f"{max(figures[k]['focused']['keys'][q]['ms']):.1f} ms", v["links"]]
            for k in labels for q, v in figures[k]["keys"].items()]
    result_file.write(
        path, title="The archive site's front page and search", order=61,
        conditions=(f"{figures['seasons']} seasons × {figures['events']} events × "
                    f"{figures['entrants']} entrants (bench/bench_archive.py's archive); "
                    f"{'every event drawn' if figures['full'] else drawn}; "
                    f"headless Chromium, the page opened from disk, each query typed a key at a "
                    f"time into a fresh tab, median of {figures['runs']} runs per key"),
        tables=[result_file.table(
                    "The front page and the search index (issue 43: 8.3 MB, 36,909 links and "
                    "136–209 ms a keystroke before).",
                    ["archive", "people / entrants linked to none", "front page", "links",
                     "shards", "on demand: later key (median)", "later key (slowest)",
                     "first key (slowest)", "focused: index loaded in",
                     "then a key (median)", "a key (slowest)"], rows),
                result_file.table(
                    "Each query, typed a key at a time: the first key loads the shards.",
                    ["archive", "query", "on demand: first key", "later keys (slowest)",
                     "later keys (median)", "focused: slowest key", "hits shown"], keys)],
        figures=figures)


if __name__ == "__main__":
    main()
