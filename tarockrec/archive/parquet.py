"""``archive export --format parquet``: the documented views as Parquet files (one per view,
``OUT/<view>.parquet``) for pandas, DuckDB or Dask. Needs pyarrow (``pip install
'tarockrec[parquet]'``)."""
from __future__ import annotations

import os
import sqlite3
from typing import Any

from .store import VIEWS

#: SQLite's declared types as Arrow types (set once pyarrow is imported)
_TYPES: dict[str, Any] = {}


def write_views(conn: sqlite3.Connection, out: str, ids: list[int] | None = None,
                force: bool = False) -> list[str]:
    """Each view's rows (of the selected records, when ``ids`` is given) as OUT/VIEW.parquet,
    each file built in a private temporary folder and put in place through the one door out
    (``export.write_bytes``: an existing file only with ``force``, never a device, a FIFO or a
    link replaced). Raises ``atomic.WriteError``."""
    try:
        import pyarrow as pa              # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pyarrow.parquet as pq      # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        raise ImportError("writing Parquet needs pyarrow: pip install 'tarockrec[parquet]'") \
            from None
    global _TYPES
    _TYPES = {"INTEGER": pa.int64(), "TEXT": pa.string(), "BLOB": pa.binary(),
              "REAL": pa.float64()}
    import tempfile
    from .export import write_bytes
    if os.path.lexists(out) and not os.path.isdir(out):
        raise NotADirectoryError(f"{out} is not a folder; nothing was written")
    taken = [v for v in VIEWS if os.path.lexists(os.path.join(out, f"{v}.parquet"))]
    if taken and not force:
        raise FileExistsError(f"{os.path.join(out, taken[0] + '.parquet')} exists (use --force "
                              "to overwrite)")
    os.makedirs(out, exist_ok=True)
    written = []
    for view in VIEWS:
        cur = conn.execute(f"SELECT * FROM {view}")
        names = [d[0] for d in cur.description]
        keep = _kept(conn, view, ids, names)
        path = os.path.join(out, f"{view}.parquet")
        schema = pa.schema([(n, _TYPES.get(conn_type, pa.string()))
                            for n, conn_type in zip(names, _types(conn, view, names))])
        with tempfile.TemporaryDirectory() as private:
            built = os.path.join(private, "view.parquet")
            with pq.ParquetWriter(built, schema) as writer:  # a batch at a time: flat memory
                while rows := cur.fetchmany(BATCH):
                    chosen = [r for r in rows if keep is None or keep(r)]
                    writer.write_table(pa.table({n: pa.array([r[k] for r in chosen],
                                                             schema.field(n).type)
                                                 for k, n in enumerate(names)}, schema=schema))
            with open(built, "rb") as spool:
                write_bytes(path, iter(lambda: spool.read(1 << 20), b""), replace=force)
        written.append(path)
    return written


#: rows written at a time
BATCH = 50_000


def _types(conn: sqlite3.Connection, view: str, names: list[str]) -> list[str]:
    """Each column's declared type (``PRAGMA table_info`` of the view); a computed column has
    none: the type of its first value (text when it has none)."""
    declared = {row[1]: (row[2] or "").upper() for row in
                conn.execute(f"PRAGMA table_info({view})")}
    out = []
    for n in names:
        kind = declared.get(n)
        if not kind:
            row = conn.execute(f'SELECT typeof("{n}") FROM {view} WHERE "{n}" IS NOT NULL '
                               "LIMIT 1").fetchone()
            kind = str(row[0]).upper() if row else "TEXT"
        out.append(kind)
    return out


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
