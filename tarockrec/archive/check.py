"""``archive check``: every stored record validated again by the installed tarockrec, and
each whose verdict or scores differ from what the archive recorded (with the version that
validated it then) reported."""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from typing import Any

from ..codecs import jsonio
from ..validate import Report, validate_record
from .export import write_bytes
from .ingest import outcome_of


@dataclass
class Change:
    record_id: int
    source: str
    index: int
    version: str
    what: str          # a sentence: what changed


def check(conn: sqlite3.Connection) -> tuple[int, list[Change]]:
    """(records checked, the changed ones)."""
    changes, n = [], 0
    rows = conn.execute("SELECT id, source, doc_index, version, outcome, canonical FROM "
                        "records ORDER BY id")
    for record_id, source, index, version, stored, canonical in rows:
        n += 1
        rep = _revalidate(conn, record_id, jsonio.loads(canonical))
        now = outcome_of(rep)
        if now != stored:
            changes.append(Change(record_id, source, index, version,
                                  _difference(json.loads(stored), json.loads(now))))
    return n, changes


def _revalidate(conn: sqlite3.Connection, record_id: int, rec: Any) -> Report:
    """The record validated again; a tournament with table files reads them from a
    temporary folder where they are written at the paths its tables name."""
    with tempfile.TemporaryDirectory(prefix="tarockrec-check-") as tmp:
        origin = materialise(conn, record_id, tmp, None)
        return validate_record(rec, origin=origin, tables=True)


def materialise(conn: sqlite3.Connection, record_id: int, tmp: str,
                canonical: str | None) -> str | None:
    """Write the record's table files under ``tmp`` at the paths its tables name (and, given
    ``canonical``, the record itself); returns the path the record reads them from (None when
    it has none and is not written)."""
    files = conn.execute("SELECT a.path, d.data FROM attachments a JOIN documents d ON "
                         "d.id = a.document_id WHERE a.record_id = ?", (record_id,)).fetchall()
    if not files and canonical is None:
        return None
    home = os.path.join(tmp, "t", "t", "t")          # room for ``../`` in a source
    for path, data in files:
        target = os.path.normpath(os.path.join(home, path))
        if not os.path.isabs(path) and target.startswith(tmp + os.sep):
            write_bytes(target, [data], replace=True)   # (an absolute path is read where it is)
    origin = os.path.join(home, "tournament.json")
    if canonical is not None:
        write_bytes(origin, [canonical.encode()], replace=True)
    return origin


def _difference(before: dict[str, Any], now: dict[str, Any]) -> str:
    if before.get("valid") != now.get("valid"):
        was = "valid" if before.get("valid") else "not valid"
        is_ = "valid" if now.get("valid") else "not valid"
        codes = ", ".join(now.get("errors") or []) or "no error"
        return f"was {was}, is {is_} now ({codes})"
    keys = [k for k in sorted(set(before) | set(now)) if before.get(k) != now.get(k)]
    return "its " + ", ".join(keys) + " differ: " + "; ".join(
        f"{k} {_short(before.get(k))} then, {_short(now.get(k))} now" for k in keys)


def _short(v: Any) -> str:
    text = json.dumps(v, separators=(",", ":"))
    return text if len(text) <= 80 else text[:77] + "…"
