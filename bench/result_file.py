"""The benchmarks' result files: ``bench/results/<name>.json``, which
``tools/build_performance_doc.py`` renders as docs/performance.md.

A result file holds what the doc prints (a title, the command, the date, the commit measured,
the conditions, tables and notes) and the raw figures the script measured (``figures``).
A script given ``--out FILE`` writes one with :func:`write`; the notes a person adds to
explain the figures are kept when the file is written again.
"""
from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from typing import Any

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def commit() -> str:
    """The checkout's commit (short), with ``+dirty`` when it has uncommitted changes."""
    try:
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def load_average() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg()) + " (1, 5, 15 min)"


def write(path: str, *, title: str, order: int, conditions: str,
          tables: list[dict[str, Any]], figures: Any, notes: list[str] | None = None) -> None:
    """Write the result file ``path`` (its notes kept from the file already there)."""
    kept: list[str] = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fp:
            kept = json.load(fp).get("notes", [])
    doc = {"title": title, "order": order,
           "bench": os.path.relpath(os.path.abspath(sys.argv[0]), ROOT),
           "command": "python " + " ".join([os.path.relpath(os.path.abspath(sys.argv[0]), ROOT),
                                           *sys.argv[1:]]),
           "date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
           "commit": commit(),
           "conditions": f"{conditions}; {os.cpu_count()} cores, load average "
                         f"{load_average()} at the end, Python {sys.version.split()[0]}",
           "tables": tables, "notes": notes if notes is not None else kept,
           "figures": figures}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path + ".part", "w", encoding="utf-8") as fp:
        json.dump(doc, fp, indent=1, ensure_ascii=False)
        fp.write("\n")
    os.replace(path + ".part", path)


def table(caption: str, columns: list[str], rows: list[list[Any]]) -> dict[str, Any]:
    return {"caption": caption, "columns": columns, "rows": [[str(c) for c in r] for r in rows]}
