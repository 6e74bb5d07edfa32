"""``archive export``: records back out of the archive.

* into a folder (``--format files``, or OUT an existing folder): every document that holds a
  selected record, written back under its name as it came, byte for byte (a compressed input
  comes back decompressed), with a tournament's table files at the paths its tables name —
  so the folder validates as the inputs did. A JSON Lines line comes back as that line (and
  its line break) in a file of its document's name.
* into one file, as JSON Lines, XML or the text notation: each record in that format — a
  record that came as a JSON Lines line is written as that very line into JSON Lines, every
  other record in its canonical form.

The selection: ``--event`` (an event's name or id), ``--season``, ``--player`` (a person's
key, id or name, or a name as written at a table), all of them when several are given.
"""
from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence



@dataclass
class Selection:
    events: tuple[str, ...] = ()
    seasons: tuple[str, ...] = ()
    players: tuple[str, ...] = ()


def selected(conn: sqlite3.Connection, sel: Selection) -> list[int]:
    """The ids of the selected records, in the order they were stored."""
    where, args = [], []
    if sel.events:
        marks = ",".join("?" * len(sel.events))
        where.append(f"(r.id IN (SELECT record_id FROM event WHERE name IN ({marks}) OR "
                     f"CAST(id AS TEXT) IN ({marks})))")
        args += [*sel.events, *sel.events]
    if sel.seasons:
        marks = ",".join("?" * len(sel.seasons))
        where.append(f"(r.id IN (SELECT record_id FROM event WHERE season IN ({marks})))")
        args += list(sel.seasons)
    if sel.players:
        marks = ",".join("?" * len(sel.players))
        where.append(
            f"(r.id IN (SELECT e.record_id FROM entrant n JOIN event e ON e.id = n.event_id "
            f"LEFT JOIN person p ON p.id = n.person_id WHERE n.name IN ({marks}) OR p.key IN "
            f"({marks}) OR p.name IN ({marks})) OR r.id IN (SELECT d.record_id FROM deal d "
            f"JOIN deal_seat s ON s.deal_id = d.id WHERE d.table_id IS NULL AND "
            f"s.player IN ({marks})))")
        args += list(sel.players) * 4
    sql = "SELECT r.id FROM records r" + (" WHERE " + " AND ".join(where) if where else "") + \
        " ORDER BY r.id"
    return [row[0] for row in conn.execute(sql, args)]


def safe_name(name: str) -> str:
    """A document's name as a path inside the export folder (never outside it)."""
    parts = [p if p not in ("..", ".") else "__" for p in
             os.path.normpath(name.replace("\\", "/")).split("/") if p and p != "."]
    return os.path.join(*parts) if parts else "record"


def to_folder(conn: sqlite3.Connection, ids: list[int], out: str,
              force: bool = False, extra: Sequence[tuple[str, bytes]] = ()) -> list[str]:
    """Write the selected records' documents (and attachments) into ``out``, one file at a
    time (a document's bytes are read when its file is written: memory does not grow with
    the archive); returns the files written. A compressed input comes back decompressed
    under its name without ``.gz``/``.zst``; a table file, whose path its tournament names,
    comes back compressed again under that path. ``extra``: documents not stored as records
    (an evening being played: its name and bytes), written beside them."""
    files: dict[str, list[tuple[int, str, str | None]]] = {}
    own = {safe_name(name): data for name, data in extra}
    seen: set[tuple[int, str]] = set()
    for doc_id, name, fmt, compression, attached in _documents(conn, ids):
        if (doc_id, name) in seen:
            continue
        seen.add((doc_id, name))
        plain = plain_name(name) if compression and not attached else name
        if plain != name and any(d[0] != doc_id for d in files.get(safe_name(plain), [])):
            plain = name                    # another document has that name: kept packed
        packed = compression if plain == name else None
        files.setdefault(safe_name(plain), []).append((doc_id, fmt, packed))
    taken = [n for n in [*files, *own] if os.path.lexists(os.path.join(out, n))]
    if taken and not force:
        raise FileExistsError(f"{os.path.join(out, taken[0])} exists (use --force to "
                              "overwrite)")
    if os.path.lexists(out) and not os.path.isdir(out):
        raise NotADirectoryError(f"{out} is not a folder; nothing was written")
    for name, docs in files.items():
        write_bytes(os.path.join(out, name), _data(conn, docs), replace=force)
    for name, data in own.items():
        write_bytes(os.path.join(out, name), [data], replace=force)
    return sorted([*files, *own])


def plain_name(name: str) -> str:
    """A compressed file's name without its compression suffix (``t.json.gz``: ``t.json``)."""
    for ext in (".gz", ".zst"):
        if name.lower().endswith(ext) and len(name) > len(ext):
            return name[:-len(ext)]
    return name


def _data(conn: sqlite3.Connection, docs: list[tuple[int, str, str | None]]) -> Iterator[bytes]:
    for doc_id, fmt, packed in docs:
        (data,) = conn.execute("SELECT data FROM documents WHERE id = ?", (doc_id,)).fetchone()
        data = data + b"\n" if fmt == "jsonl" else data
        yield _pack(data, packed)


def _pack(data: bytes, how: str | None) -> bytes:
    """``data`` compressed as it came (gzip without a time stamp: the same bytes each time;
    zstd where the zstandard module is installed, else as it is)."""
    if how == "gz":
        import gzip
        return gzip.compress(data, mtime=0)
    if how == "zst":
        try:
            import zstandard
        except ImportError:
            return data
        return bytes(zstandard.ZstdCompressor().compress(data))
    return data


def write_bytes(path: str, parts: Iterable[bytes], replace: bool = False) -> None:
    """Write ``parts`` to ``path`` whole or not at all, through the one door out
    (``atomic.write_atomic``: a device, a FIFO or a symbolic link is never replaced; an
    existing file only with ``replace``); missing folders are made. Raises
    ``atomic.WriteError``."""
    from ..atomic import write_atomic
    folder = os.path.dirname(path)
    if folder and not os.path.lexists(folder):
        os.makedirs(folder, exist_ok=True)
    write_atomic(path, parts, replace=replace, binary=True)


def _documents(conn: sqlite3.Connection,
               ids: list[int]) -> Iterator[tuple[int, str, str, str | None, bool]]:
    """(document id, name, format, compression, attached) of each selected record and its
    attachments."""
    for record_id in ids:
        yield from conn.execute(
            "SELECT d.id, d.name, d.format, d.compression, 0 FROM records r JOIN documents d "
            "ON d.id = r.document_id WHERE r.id = ?", (record_id,))
        yield from conn.execute(
            "SELECT d.id, a.path, d.format, d.compression, 1 FROM attachments a JOIN "
            "documents d ON "
            "d.id = a.document_id WHERE a.record_id = ? ORDER BY a.path", (record_id,))


class NotInline(Exception):
    """A record that cannot be written into one file: its finding (``ARCHIVE-EXPORT``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        from ..findings import Finding
        self.finding = Finding("ARCHIVE-EXPORT", message)


#: what a table file's session record may hold besides what a table takes inline (the
#: tournament's ``game`` and ``rules`` apply, its players are the seated entrants)
_SESSION_ONLY = {"tarockrec", "game", "rules", "players"}


def records(conn: sqlite3.Connection, ids: list[int]) -> Iterator[dict[str, Any]]:
    """The selected records, a tournament's tables that are files of their own given their
    sessions inline (``inline_tables``)."""
    for record_id in ids:
        row = conn.execute("SELECT canonical FROM records WHERE id = ?", (record_id,)).fetchone()
        yield inline_tables(conn, record_id, json.loads(row[0]))


def inline_tables(conn: sqlite3.Connection, record_id: int, rec: Any) -> Any:
    """``rec`` with each table's ``source`` replaced by the deals (and result) of the session
    its stored file holds, so that one file holds the whole tournament and validates alone.
    A table file that holds more than a table takes (``meta``) or not one session record
    refuses the record (NotInline): it is exported whole into a folder (``--format files``)."""
    files = dict(conn.execute("SELECT a.path, d.data FROM attachments a JOIN documents d ON "
                              "d.id = a.document_id WHERE a.record_id = ?", (record_id,)))
    if not files or not isinstance(rec, dict) or not isinstance(rec.get("rounds"), list):
        return rec
    out = dict(rec)
    out["rounds"] = [dict(rnd, tables=[_inline(t, files, rec) for t in rnd["tables"]])
                     if isinstance(rnd, dict) and isinstance(rnd.get("tables"), list) else rnd
                     for rnd in rec["rounds"]]
    return out


def _inline(table: Any, files: dict[str, bytes], rec: dict[str, Any]) -> Any:
    source = table.get("source") if isinstance(table, dict) else None
    if not isinstance(source, str) or source not in files:
        return table
    from .ingest import Doc, _document
    found = [e.record for e, _ in _document(source, Doc(files[source], source, "", None))
             if e.problem is None]
    session = found[0] if len(found) == 1 else None
    event: dict[str, Any] = rec["event"] if isinstance(rec.get("event"), dict) else {}
    name = f"the tournament {event.get('name')!r}" if event.get("name") else "a tournament"
    if not isinstance(session, dict) or not isinstance(session.get("deals"), list):
        raise NotInline(f"{name}: its table file {source} does not hold one session, so it "
                        "cannot be written inline: export it into a folder (--format files)")
    extra = sorted(set(session) - _SESSION_ONLY - {"deals", "result"})
    if extra:
        raise NotInline(f"{name}: its table file {source} holds {', '.join(extra)}, which a "
                        "table inline cannot: export it into a folder (--format files)")
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key == "source":
            out["deals"] = session["deals"]
            if "result" in session and "result" not in table:
                out["result"] = session["result"]
        else:
            out[key] = value
    return out


def as_format(conn: sqlite3.Connection, ids: list[int], fmt: str,
              extra: Sequence[dict[str, Any]] = ()) -> Iterator[bytes]:
    """The selected records as one file of ``fmt`` (jsonl, xml, text); a tournament whose
    tables are files of their own with its tables' sessions inline. ``extra``: records not
    stored as such (an evening being played), written after them."""
    if fmt == "jsonl":
        yield from _stored_as(conn, ids)
        from ..codecs import jsonio
        for rec in extra:
            yield jsonio.dumps(rec, compact=True).encode() + b"\n"
        return
    from itertools import chain
    from ..codecs.serialise import serialise
    for chunk in serialise(chain(records(conn, ids), extra), fmt):
        yield chunk.encode()


def _stored_as(conn: sqlite3.Connection, ids: list[int]) -> Iterator[bytes]:
    """The stored records as JSON Lines (a line that came as one, as it came)."""
    for record_id in ids:
        fmt_, data, canonical, files = conn.execute(
            "SELECT d.format, d.data, r.canonical, (SELECT count(*) FROM attachments a "
            "WHERE a.record_id = r.id) FROM records r JOIN documents d ON "
            "d.id = r.document_id WHERE r.id = ?", (record_id,)).fetchone()
        if files:
            from ..codecs import jsonio
            yield jsonio.dumps(inline_tables(conn, record_id, json.loads(canonical)),
                               compact=True).encode() + b"\n"
        else:
            yield (data if fmt_ == "jsonl" else canonical.encode()) + b"\n"
