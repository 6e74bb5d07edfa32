"""``archive export --format parquet``: the documented views as Parquet files (one per view,
``OUT/<view>.parquet``) for pandas, DuckDB or Dask. Needs pyarrow (``pip install
'tarockrec[parquet]'``)."""
from __future__ import annotations

import os
import sqlite3
from typing import Any

from .store import VIEWS


def write_views(conn: sqlite3.Connection, out: str, ids: list[int] | None = None) -> list[str]:
    """Each view's rows (of the selected records, when ``ids`` is given) as OUT/VIEW.parquet."""
    try:
        import pyarrow as pa              # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pyarrow.parquet as pq      # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        raise ImportError("writing Parquet needs pyarrow: pip install 'tarockrec[parquet]'") \
            from None
    os.makedirs(out, exist_ok=True)
    written = []
    for view in VIEWS:
        cur = conn.execute(f"SELECT * FROM {view}")
        names = [d[0] for d in cur.description]
        data: list[list[Any]] = [[] for _ in names]
        keep = _kept(conn, view, ids, names)
        for row in cur:
            if keep is None or keep(row):
                for k, v in enumerate(row):
                    data[k].append(v)
        table = pa.table({n: pa.array(col) for n, col in zip(names, data)})
        path = os.path.join(out, f"{view}.parquet")
        pq.write_table(table, path)
        written.append(path)
    return written


def _kept(conn: sqlite3.Connection, view: str, ids: list[int] | None,
          names: list[str]) -> Any:
    """A test of a view's row: whether it belongs to the selected records (None: every row)."""
    if ids is None:
        return None
    chosen = set(ids)
    if "record_id" in names:
        k = names.index("record_id")
        return lambda row: row[k] in chosen
    events = {e for (e,) in conn.execute("SELECT id FROM event WHERE record_id IN (SELECT "
                                         "value FROM json_each(?))", (str(list(ids)),))}
    if "event_id" in names:
        k = names.index("event_id")
        if view in ("seat_scores", "items"):
            deals = {d for (d,) in conn.execute("SELECT id FROM deal WHERE record_id IN (SELECT "
                                                "value FROM json_each(?))", (str(list(ids)),))}
            j = names.index("deal_id")
            return lambda row: row[j] in deals
        return lambda row: row[k] in events
    return None
