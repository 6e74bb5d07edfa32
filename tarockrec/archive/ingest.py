"""``archive add``: read every record of the inputs as ``validate`` reads them, validate it,
and store it — its bytes as they came, its canonical form, its index rows and findings — in
one transaction for the whole ``add``.

What is kept verbatim (``documents``): a JSON Lines line (without its line break) is the
document of its record; any other file (JSON, XML, the text notation) is one document, kept
once, however many records it holds; a compressed file is kept decompressed (``compression``
says how it came). A tournament's table files are documents of their own, attached to it
under the path its ``source`` names. A record already in the archive (the same canonical
form, whatever file or format it came in) is counted as a duplicate and not stored again.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Iterator

from .. import sources
from ..codecs import jsonio
from ..codecs.bounds import RecordTooLarge, TooLarge
from ..findings import Finding
from ..validate import Report, validate_record
from ..tournament.ranking import plain
from .store import tarockrec_version


@dataclass
class Counts:
    """What an ``add`` did."""

    stored: int = 0
    duplicates: int = 0
    refused: int = 0             # not valid, and not kept (no ``--keep-invalid``)
    #: holding a number SQLite cannot store (``ARCHIVE-RANGE``): refused whether valid or not
    out_of_range: int = 0
    kept_invalid: int = 0
    unreadable: int = 0
    #: (label, finding) of every refused or kept invalid record and every unreadable input
    problems: list[tuple[str, Finding]] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.stored} stored ({self.kept_invalid} of them not valid, kept), "
                f"{self.duplicates} duplicate(s), {self.refused} refused as not valid, "
                f"{self.out_of_range} refused as out of range, {self.unreadable} unreadable")


@dataclass
class Doc:
    """One document being read: its bytes, name, format; its row id once stored."""

    data: bytes
    name: str
    fmt: str
    compression: str | None
    records: int = 1
    id: int | None = None


def sha(data: bytes | str) -> str:
    return hashlib.sha256(data if isinstance(data, bytes) else data.encode()).hexdigest()


def read_inputs(paths: list[str]) -> Iterator[tuple[sources.Entry, Doc | None]]:
    """Every record of ``paths`` (files or folders, walked as ``validate`` walks them) with
    its document; an unreadable input or record comes with None."""
    for given in paths:
        for path in sources.expand([given], keep_empty=True):
            name = os.path.relpath(path, given) if os.path.isdir(given) else \
                "stdin" if path == "-" else os.path.basename(path)
            yield from _read_file(path, name)


def _read_file(path: str, name: str) -> Iterator[tuple[sources.Entry, Doc | None]]:
    try:       # standard input: read as a file is ("-"; kept under the name "stdin")
        raw: IO[bytes] = os.fdopen(os.dup(sys.stdin.fileno()), "rb") if path == "-" else \
            sources.open_input(path)        # the one door in: no FIFO, device or folder
    except (OSError, ValueError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else err
        yield sources.Entry(path, 1, None, None, Finding(
            "IO-ERROR", f"cannot read {path}: {why}", "")), None
        return
    with raw:
        try:
            src, inflated = sources._opened(raw)
            src, whole = sources._file_capped(src, inflated)    # the caps of every input
            compression = None if inflated is None else "zst" if inflated.zstd else "gz"
            head = src.read(65536)
            fmt = sources.detect(sources._plain_name(path), head.removeprefix(sources.BOM))
            if fmt == "jsonl":
                yield from _jsonl(path, name, head, src, compression)
            else:
                data = head + src.read(sources.RECORD_MAX_BYTES + 1 - len(head))
                if len(data) > sources.RECORD_MAX_BYTES:
                    raise RecordTooLarge(sources.RECORD_MAX_BYTES, None)
                yield from _document(path, Doc(data, name, fmt, compression))
            if whole.problem is not None:
                raise whole.problem
            if inflated is not None and inflated.problem is not None:
                yield sources.Entry(path, 1, None, None, Finding(
                    "IO-ERROR", f"{path} {inflated.problem}", "")), None
        except TooLarge as err:
            yield sources._too_large(path, 0, err), None
        except (OSError, EOFError, ValueError) as err:
            yield sources.Entry(path, 1, None, None, Finding(
                "IO-ERROR", f"cannot read {path}: {err}", "")), None


def _jsonl(path: str, name: str, head: bytes, src: IO[bytes],
           compression: str | None) -> Iterator[tuple[sources.Entry, Doc | None]]:
    """Each line of a JSON Lines file is its record's document (its bytes, without the line
    break, kept as they came: a BOM or a carriage return included)."""
    index = 0
    for lineno, line in enumerate(_lines(head, src), 1):
        if len(line) > sources.RECORD_MAX_BYTES + 1:
            yield sources._too_large(path, index, RecordTooLarge(sources.RECORD_MAX_BYTES,
                                                                 lineno)), None
            return
        raw = line[:-1] if line.endswith(b"\n") else line
        if not raw.strip():
            continue
        index += 1
        text = raw.removeprefix(sources.BOM) if lineno == 1 else raw
        item = jsonio.parse_jsonl_line(text, lineno)
        entry = sources._entry(path, index, lineno, item)
        yield entry, (Doc(raw, name, "jsonl", compression) if entry.problem is None else None)


def _lines(head: bytes, src: IO[bytes]) -> Iterator[bytes]:
    """The lines, none held longer than the record cap (a longer one ends the file)."""
    rest = io.BufferedReader(sources._Prefixed(head, src), 1 << 16)
    while line := rest.readline(sources.RECORD_MAX_BYTES + 2):
        yield line


def _document(path: str, doc: Doc) -> Iterator[tuple[sources.Entry, Doc | None]]:
    """The records of one document (JSON, XML or text), parsed as ``validate`` parses them."""
    found = list(sources._units(path, path, io.BytesIO(doc.data), 64, None))
    entries = [e for unit in found for e in
               ([unit] if isinstance(unit, sources.Entry) else unit.entries())]
    doc.records = sum(1 for e in entries if e.problem is None)
    for e in entries:
        yield e, (doc if e.problem is None else None)


# -- storing ---------------------------------------------------------------------------------
class Ingest:
    """Stores records into an open archive (the caller holds the transaction)."""

    def __init__(self, conn: sqlite3.Connection, keep_invalid: bool = False) -> None:
        self.conn = conn
        self.keep_invalid = keep_invalid
        self.counts = Counts()
        self.version = tarockrec_version()
        self.now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

    def add(self, entry: sources.Entry, doc: Doc | None,
            label: Callable[[sources.Entry], str]) -> None:
        if entry.problem is not None or doc is None:
            self.counts.unreadable += 1
            if entry.problem is not None:
                self.counts.problems.append((label(entry), entry.problem))
            return
        canonical = jsonio.dumps(entry.record, compact=True)
        files = _table_files(entry.record, entry.source)
        # a tournament is its record and its table files: the same record with other files
        # is another tournament
        digest = sha(canonical + "".join(f"\n{path}\t{key}" for path, _, key in files))
        if self.conn.execute("SELECT 1 FROM records WHERE sha256 = ?",
                             (digest,)).fetchone():
            self.counts.duplicates += 1
            return
        rep = validate_record(entry.record, entry.index, entry.line, entry.lines,
                              origin=entry.source, tables=True)
        if not rep.valid:
            errors = [f for f in rep.findings if f.severity == "error"]
            self.counts.problems.extend((label(entry), f) for f in errors)
            if not self.keep_invalid:
                self.counts.refused += 1
                return
            self.counts.kept_invalid += 1
        docs = [doc, *(d for _, d, _ in files)]
        ids = [d.id for d in docs]
        self.conn.execute("SAVEPOINT record")
        try:
            self._store(entry, doc, digest, canonical, rep, files)
        except OverflowError:   # a number SQLite cannot bind: the record alone is undone
            self.conn.execute("ROLLBACK TO record")
            for d, old_id in zip(docs, ids):
                d.id = old_id
            self.counts.stored -= 1
            self.counts.kept_invalid -= 0 if rep.valid else 1
            self.counts.out_of_range += 1
            self.counts.problems.append((label(entry), Finding(
                "ARCHIVE-RANGE", "the record holds a number too large for the archive "
                "(at most 19 digits); it is not stored", "")))
        self.conn.execute("RELEASE record")

    def _store(self, entry: sources.Entry, doc: Doc, digest: str, canonical: str,
               rep: Report, files: list[tuple[str, Doc, str]]) -> None:
        self.counts.stored += 1
        record_id = self._record(entry, doc, digest, canonical, rep)
        from .index import index_record
        index_record(self.conn, record_id, entry.record, rep)
        self.conn.executemany("INSERT INTO attachments (record_id, path, document_id) VALUES "
                              "(?, ?, ?)", [(record_id, path, self._document(d))
                                            for path, d, _ in files])

    def _document(self, doc: Doc) -> int:
        if doc.id is not None:
            return doc.id
        digest = sha(doc.data)
        row = self.conn.execute("SELECT id FROM documents WHERE sha256 = ?", (digest,)).fetchone()
        if row is None:
            row = self.conn.execute(
                "INSERT INTO documents (sha256, name, format, compression, records, data) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (digest, doc.name, doc.fmt, doc.compression, doc.records, doc.data)).fetchone()
        doc.id = int(row[0])
        return doc.id

    def _record(self, entry: sources.Entry, doc: Doc, digest: str, canonical: str,
                rep: Report) -> int:
        rec = entry.record if isinstance(entry.record, dict) else {}
        rules = rec.get("rules")
        rules_name = rules.get("name") if isinstance(rules, dict) else None
        row = self.conn.execute(
            "INSERT INTO records (sha256, document_id, doc_index, source, line, kind, game, "
            "rules, valid, outcome, version, added, canonical) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (digest, self._document(doc), entry.index if doc.records > 1 else 1, entry.source,
             entry.line, rep.kind, rep.game, rules_name if isinstance(rules_name, str) else None,
             int(rep.valid), outcome_of(rep),
             self.version, self.now, canonical)).fetchone()
        record_id = int(row[0])
        self.conn.executemany(
            "INSERT INTO finding (record_id, code, severity, pointer, line, message) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(record_id, f.code, f.severity, f.pointer, f.line, f.message)
             for f in rep.findings])
        return record_id


def _table_files(rec: Any, origin: str) -> list[tuple[str, Doc, str]]:
    """A tournament's table files (``source``), as (the path its tables name, its document,
    what identifies it: its record's canonical form, or its bytes' hash when it holds none
    that can be read); files that cannot be read are left out (validation says why)."""
    out: list[tuple[str, Doc, str]] = []
    rounds = rec.get("rounds") if isinstance(rec, dict) else None
    seen: set[str] = set()
    for rnd in rounds if isinstance(rounds, list) else []:
        tables = rnd.get("tables") if isinstance(rnd, dict) else None
        for table in tables if isinstance(tables, list) else []:
            source = table.get("source") if isinstance(table, dict) else None
            if not isinstance(source, str) or source in seen:
                continue
            seen.add(source)
            path = source if os.path.isabs(source) else \
                os.path.join(os.path.dirname(origin), source)
            found = [(e, d) for e, d in _read_file(path, source) if d is not None]
            if found:
                entry, doc = found[0]
                key = sha(jsonio.dumps(entry.record, compact=True)) if len(found) == 1 \
                    else sha(doc.data)
                out.append((source, doc, key))
    return out


def outcome_of(rep: Report) -> str:
    """What ``archive check`` compares: the verdict and the scores the record gave."""
    out: dict[str, Any] = {"valid": rep.valid,
                           "scores": [s.deltas if s is not None else None for s in rep.scores],
                           "totals": rep.totals}
    if rep.tables is not None:
        out["tables"] = [t.totals for t in rep.tables]
    if rep.standings is not None:
        out["standings"] = [[r.entrant, r.rank, plain(r.total),
                             None if r.cup_points is None else plain(r.cup_points)]
                           for r in rep.standings]
    out["errors"] = sorted({f.code for f in rep.findings if f.severity == "error"})
    return json.dumps(out, separators=(",", ":"))
