"""Validation over several processes, in input order (``tarockrec validate --jobs N``).

The main process reads the sources; JSON Lines go to the workers unparsed, in batches, so
that parsing runs in parallel too; other records (JSON documents, XML) go parsed. Results come
back in input order through a window of batches in flight, so memory stays flat in the size
of the archive. A worker never raises: whatever goes wrong with a record is a finding of that
record (``validate_record`` already turns a bug into ``INTERNAL-ERROR``).
"""
from __future__ import annotations

import os
import signal
from collections import deque
from typing import Any, Iterable, Iterator

from .sources import Entry, Lines, units
from .findings import Finding
from .scoring import Score
from .validate import Report, validate_record

#: records per batch sent to a worker: large enough that the hand-over costs little
BATCH = 200
#: batches in flight per worker (the read-ahead that keeps every worker busy)
WINDOW = 3


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform can tell the cores this process may use
        return max(1, os.cpu_count() or 1)


def check(entry: Entry) -> tuple[Entry, Report]:
    """One entry's report (an unreadable entry reports its problem)."""
    if entry.problem is not None:
        return entry, Report(index=entry.index, line=entry.line, findings=[entry.problem])
    return entry, validate_record(entry.record, entry.index, entry.line, entry.lines)


def status(entry: Entry, rep: Report, strict: bool = False) -> str:
    """``valid``, ``invalid`` or ``unreadable``; with ``strict`` a warning makes a record
    invalid too (what ``validate`` counts and its ``--format json`` reports)."""
    if entry.problem is not None:
        return "unreadable"
    if not rep.valid or (strict and any(f.severity == "warning" for f in rep.findings)):
        return "invalid"
    return "valid"


def reports(paths: Iterable[str], jobs: int = 1) -> Iterator[tuple[Entry, Report]]:
    """(entry, report) for every record of ``paths``, in input order, on ``jobs`` processes.
    With more than one job the entries come without their records and each score keeps only
    its per-seat deltas (what ``validate`` reports)."""
    if jobs <= 1:
        for path in paths:
            for unit in units(path, BATCH):
                yield from map(check, [unit] if isinstance(unit, Entry) else unit.entries())
        return
    yield from _parallel(_batches(paths), jobs)


Batch = list[Entry] | Lines


def _batches(paths: Iterable[str]) -> Iterator[Batch]:
    pending: list[Entry] = []
    for path in paths:
        for unit in units(path, BATCH):
            if isinstance(unit, Entry):
                pending.append(unit)
                if len(pending) < BATCH:
                    continue
                yield pending
                pending = []
            else:
                if pending:
                    yield pending
                    pending = []
                yield unit
    if pending:
        yield pending


#: what a worker sends back for one record: its place and its report as plain values (a
#: tuple pickles about fifteen times faster than the objects; the record stays in the worker)
Sent = tuple[str, int, "int | None", "int | None", "Finding | None", "str | None",
             "str | None", "list[Finding]", "list[tuple[int, ...] | list[int] | None]",
             "list[int] | None"]


def _work(batch: Batch) -> list[Sent]:
    out: list[Sent] = []
    for e, r in map(check, batch.entries() if isinstance(batch, Lines) else batch):
        out.append((e.source, e.index, e.line, e.offset, e.problem, r.game, r.kind,
                     r.findings, [s.deltas if s is not None else None for s in r.scores],
                     r.totals))
    return out


def _received(sent: list[Sent]) -> Iterator[tuple[Entry, Report]]:
    """A worker's batch as (entry, report) again; a score keeps its per-seat deltas only."""
    for source, index, line, offset, problem, game, kind, findings, deltas, totals in sent:
        scores = [Score([], list(d), {}) if d is not None else None for d in deltas]
        yield (Entry(source, index, line, None, problem, None, offset),
               Report(index, line, game, kind, findings, scores, totals))


def _quiet_worker() -> None:
    # Ctrl-C reaches the whole process group: the main process stops the pool, the workers
    # must not print tracebacks of their own
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    import multiprocessing              # imported when first needed (start-up time)
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _parallel(batches: Iterator[Batch], jobs: int) -> Iterator[tuple[Entry, Report]]:
    pool = _context().Pool(jobs, initializer=_quiet_worker)
    try:
        flight: deque[Any] = deque()
        for batch in batches:
            flight.append(pool.apply_async(_work, (batch,)))
            if len(flight) >= jobs * WINDOW:
                yield from _received(flight.popleft().get())
        while flight:
            yield from _received(flight.popleft().get())
        pool.close()
    finally:
        pool.terminate()   # also on Ctrl-C, or when the caller stops reading
        pool.join()
