"""Every page kind of the archive's site at full scale, at 390 and 1280 px (issue 43 §4): the
document's width and whether the columns a reader comes for (place, total, cup points) are in
view, in headless Chromium. A benchmark, not a test: CI cannot afford a full-scale archive
(tests/test_archive_pages.py checks the same on a small one).

    python bench/bench_archive_widths.py [--seasons 10] [--events 30] [--entrants 200]
        [--reuse] [--reuse-site] [--out bench/results/archive_widths.json]

The archive is bench/bench_archive.py's (``--reuse``: the one bench/out/archive/ holds), in a
copy in which a few people carry the widest names a club might type: 5,000 letters without a
space, a long name of many words, a long name in CJK letters, each with a 300-letter club.
``publish --archive`` writes its whole site, every event drawn (``--reuse-site``: the one a run
left in bench/out/archive_widths_site). Then the pages most likely to be too wide: the front
page, the people of the long names' letters and the largest letter, the long-named people's
pages and the page of the person with the most events, the series page with the most lines,
the largest event's standings and first round, the largest table page, and the standings, a
round and a table page of the long-named people.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

if "--source" in sys.argv:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import bench_archive  # noqa: E402  (beside this file)
import bench_archive_search  # noqa: E402
from chromium import Browser  # noqa: E402  (tests/chromium.py)
from test_archive_pages import MEASURE, _in_view  # noqa: E402  (the test's own measure)

SITE = Path(os.path.dirname(bench_archive.OUT)) / "archive_widths_site"
#: the widest names: no space to break at, many words, CJK letters
NAMES = ["W" * 5000, " ".join(["Maximiliane-Theodora"] * 12) + " von Hohenberg",
         "山田花子" * 60]
HEADS = ["rank", "total", "cup points", "place", "result", "round"]
WIDTHS = [(390, 844, True), (1280, 900, False)]


def renamed(db: str) -> tuple[str, list[int]]:
    """A copy of the archive in which the people with the most events carry NAMES."""
    copy = os.path.join(os.path.dirname(db), "widths.db")
    shutil.copy(db, copy)
    conn = sqlite3.connect(copy)
    pids = [pid for (pid,) in conn.execute(
        "SELECT person_id FROM entrant WHERE person_id IS NOT NULL GROUP BY person_id "
        "ORDER BY count(*) DESC, person_id LIMIT ?", (len(NAMES),))]
    for pid, name in zip(pids, NAMES):
        conn.execute("UPDATE person SET name = ?, club = ? WHERE id = ?", (name, "Z" * 300, pid))
    conn.commit()
    conn.close()
    return copy, pids


def publish(db: str) -> float:
    from tarockrec.archive.store import open_archive
    from tarockrec.site.archive import publish_archive
    t = time.perf_counter()
    conn = open_archive(db)
    status, lines = publish_archive(conn, str(SITE), force=True)
    conn.close()
    assert status == 0, lines
    return time.perf_counter() - t


def pages(pids: list[int]) -> list[tuple[str, Path]]:
    """The sample: (what it is, the page)."""
    from tarockrec.site.search_index import letter

    def largest(pattern: str, under: Path = SITE) -> Path:
        return max(under.glob(pattern), key=lambda p: p.stat().st_size)
    event = max(SITE.glob("events/*"), key=lambda p: (p / "index.html").stat().st_size)
    out = [("front page", SITE / "index.html"),
           ("people by letter (largest)", largest("people-*.html"))]
    out += [(f"people by letter ({n[:1]}…)", SITE / f"people-{letter(n)}.html") for n in NAMES]
    out += [(f"person: {n[:12]}… ({len(n)} chars)", SITE / "people" / f"{pid}.html")
            for pid, n in zip(pids, NAMES)]
    out += [("series (largest)", largest("series-*.html")),
            ("event standings (largest)", event / "index.html"),
            ("event round 1 (largest event)", event / "round-1.html"),
            ("table page (largest)", largest("events/*/round-*-table-*.html"))]
    for pid, n in zip(pids, NAMES):
        mine = f"/people/{pid}.html"
        table = next(p for p in sorted(SITE.glob("events/*/round-*-table-*.html"))
                     if mine in p.read_text(encoding="utf-8"))
        rnd = table.parent / (table.name.split("-table-")[0] + ".html")
        out += [(f"event standings: {n[:12]}…", table.parent / "index.html"),
                (f"event round: {n[:12]}…", rnd), (f"table page: {n[:12]}…", table)]
    return out


def measure(sample: list[tuple[str, Path]]) -> list[dict[str, Any]]:
    browser = Browser()
    rows = []
    try:
        for what, page in sample:
            where = page.relative_to(SITE)
            row: dict[str, Any] = {"page": what, "path": str(where),
                                   "bytes": page.stat().st_size, "column": _in_view(where)}
            for width, height, mobile in WIDTHS:
                tab = browser.open(page)
                try:
                    browser.send("Emulation.setDeviceMetricsOverride", {
                        "width": width, "height": height, "deviceScaleFactor": 1,
                        "mobile": mobile}, tab.session)
                    assert tab.problems() == [], (where, tab.problems())
                    got = tab.evaluate(MEASURE % json.dumps(HEADS))
                finally:
                    tab.close()
                right = max((r for h, r in got["cells"] if h == row["column"]), default=None)
                row[str(width)] = {"width": got["width"], "column_right": right,
                                   "in_view": right is not None and right <= width,
                                   "cells": got["cells"]}
            print(f"  {what:36} {row['bytes'] / 1000:9.1f} KB  390 px: "
                  f"{row['390']['width']} px wide, {row['column']} at "
                  f"{row['390']['column_right']}; 1280 px: {row['1280']['width']} px wide",
                  flush=True)
            rows.append(row)
    finally:
        browser.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    bench_archive.scale_options(ap)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--reuse-site", action="store_true")
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/archive_widths.json)")
    a = ap.parse_args()
    db, pids = renamed(bench_archive_search.archive(a))
    figures: dict[str, Any] = {k: v for k, v in vars(a).items()
                               if k not in ("source", "out", "reuse", "reuse_site")}
    last = os.path.join(os.path.dirname(bench_archive.OUT), "archive_widths.json")
    if a.reuse_site and (SITE / "index.html").exists():      # the time of the run that wrote it
        with open(last) as fp:
            figures["publish_s"] = json.load(fp)["publish_s"]
    else:
        figures["publish_s"] = publish(db)
        print(f"published in {figures['publish_s']:.0f} s", flush=True)
    figures["files"] = sum(1 for _ in SITE.rglob("*.html"))
    figures["pages"] = measure(pages(pids))
    figures["widest_390"] = max(r["390"]["width"] for r in figures["pages"])
    with open(last, "w") as fp:
        json.dump(figures, fp, indent=1, ensure_ascii=False)
    if a.out:
        write_result(a.out, figures)


def write_result(path: str, figures: dict[str, Any]) -> None:
    import result_file  # beside this file

    def col(r: dict[str, Any], w: str) -> str:
        c = r[w]
        if r["column"] is None:
            return "–"
        return f"{'yes' if c['in_view'] else 'NO'} ({c['column_right']} px)"
    rows = [[r["page"], f"{r['bytes'] / 1000:,.1f} KB", r["column"] or "–",
             f"{r['390']['width']} px", col(r, "390"), f"{r['1280']['width']} px",
             col(r, "1280")] for r in figures["pages"]]
    took = f"published in {figures['publish_s'] / 60:.0f} min"
    result_file.write(
        path, title="The archive site's pages at 390 and 1280 px", order=62,
        conditions=(f"{figures['seasons']} seasons × {figures['events']} events × "
                    f"{figures['entrants']} entrants (bench/bench_archive.py's archive), three "
                    f"people renamed to the widest names (5,000 letters without a space, 12 "
                    f"words, 240 CJK letters; 300-letter clubs); every event drawn, "
                    f"{figures['files']:,} pages, {took}; headless Chromium, each page opened "
                    f"from disk at 390 × 844 (mobile) and 1280 × 900"),
        tables=[result_file.table(
            "The document's scroll width and whether the column a reader comes for is in "
            "view (its right edge) on the pages most likely to be too wide (issue 43 §4, "
            "problem 8: 394–401 px and 57,179 px before).",
            ["page", "size", "column", "390 px: width", "column in view",
             "1280 px: width", "column in view"], rows)],
        figures=figures)


if __name__ == "__main__":
    main()
