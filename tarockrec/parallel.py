"""Validation over several processes, in input order (``tarockrec validate --jobs N``).

The main process reads the sources; JSON Lines go to the workers unparsed, as runs of lines
in one block of bytes each (``sources.Lines``), and so do XML archives and the text notation,
as runs of whole records (``sources.Piece``; stdin's too), so that parsing runs in parallel
too; a file of one JSON record (a tournament, a session, a deal) goes as its name
(``sources.Document``: the worker reads it), files of small ones grouped; the records of a
JSON array and of a JSON document on stdin go parsed, in runs of ``BATCH`` deals (a session or
a tournament weighs its deals). The runs are the work: as many workers as there are runs, up
to ``jobs``, and none when there is one run (it is checked in this process). A worker checks a run and words what ``validate``
prints for it (``report.render``, as one process does), and the main process writes these
``Chunk``s in input order through a window of runs in flight, so memory stays flat in the
size of the archive. A worker never raises: whatever goes wrong with a record is a finding of
that record (``validate_record`` already turns a bug into ``INTERNAL-ERROR``).
"""
from __future__ import annotations

import itertools
import os
import signal
from collections import deque
from typing import Any, Generator, Iterable, Iterator

from . import atomic
from .errors import Reread
from .report import INVALID, VALID, Style, render
from .findings import Finding
from .plain import Plain
from .sources import PIECE, Document, Entry, Lines, Piece, Unfit, entries, units
from .validate import Report, validate_record

#: records per batch sent to a worker: large enough that the hand-over costs little (the
#: main process's time for 100,000 deals with --jobs 2: 0.30 s at 200, 0.20 s at 1,000)
BATCH = 1000
#: the same from stdin, whose records may arrive slowly and are reported a run at a time
STDIN_BATCH = 200
#: batches in flight per worker (the read-ahead that keeps every worker busy)
WINDOW = 3
#: bytes of files of one record grouped in one run (a file larger than this is a run alone)
DOCUMENTS = PIECE


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform can tell the cores this process may use
        return max(1, os.cpu_count() or 1)


def check(entry: Entry) -> tuple[Entry, Report]:
    """One entry's report (an unreadable entry reports its problem). A tournament read a
    table at a time that must be read whole to be checked (``inline.Reread``) is read whole."""
    if entry.problem is not None:
        return entry, Report(index=entry.index, line=entry.line, findings=[entry.problem])
    if entry.deferred is None:
        return entry, validate_record(entry.record, entry.index, entry.line, entry.lines,
                                      origin=entry.source)
    try:
        return entry, validate_record(entry.record, entry.index, entry.line, entry.lines,
                                      origin=entry.source, deferred=entry.deferred)
    except Reread:
        entry.record = entry.deferred = None
    whole = next(iter(entries(entry.source)), None)
    if whole is None:
        return entry, Report(index=entry.index, line=entry.line, findings=[Finding(
            "IO-ERROR", f"cannot read {entry.source} again: it holds no record now", "")])
    return check(whole)


def reports(paths: Iterable[str]) -> Iterator[tuple[Entry, Report]]:
    """(entry, report) for every record of ``paths``, in input order (one process)."""
    for path in paths:
        for unit in units(path, _run_size(path)):
            yield from map(check, [unit] if isinstance(unit, Entry) else unit.entries())


class Documents(Plain):
    """A run of files of one record each (``sources.Document``), read where it is checked."""

    _fields = ("files",)
    files: list[Document]

    def __init__(self, files: list[Document]) -> None:
        self.files = files


    def entries(self) -> Iterator[Entry]:
        for doc in self.files:
            yield from doc.entries()


Batch = list[Entry] | Lines | Piece | Documents


def _run_size(path: str) -> int:
    return STDIN_BATCH if path == "-" else BATCH


def weight(record: Any) -> int:
    """The work of a record, in deals: a deal 1, a session its deals, a tournament its tables'
    deals and one for each table."""
    if not isinstance(record, dict):
        return 1
    deals = record.get("deals")
    if isinstance(deals, list):
        return max(1, len(deals))
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        return 1
    work = 1
    for rnd in rounds:
        tables = rnd.get("tables") if isinstance(rnd, dict) else None
        for table in tables if isinstance(tables, list) else ():
            deals = table.get("deals") if isinstance(table, dict) else None
            work += 1 + (len(deals) if isinstance(deals, list) else 0)
    return work


def _batches(paths: Iterable[str], stopped: set[int]) -> Iterator[Batch]:
    """The runs of work: parsed records until they weigh ``BATCH`` deals (``STDIN_BATCH``
    from stdin), files of one record until they hold ``DOCUMENTS`` bytes, and the
    ``Lines`` and ``Piece``s of the sources as they come."""
    pending: list[Entry] = []
    work = 0
    files: list[Document] = []
    size = 0
    for path in paths:
        most = _run_size(path)
        for unit in units(path, most, stopped):
            if isinstance(unit, Document):
                if pending:
                    yield pending
                    pending, work = [], 0
                if files and size + unit.size > DOCUMENTS:
                    yield Documents(files)
                    files, size = [], 0
                files.append(unit)
                size += unit.size
                if len(files) >= most:
                    yield Documents(files)
                    files, size = [], 0
                continue
            if files:
                yield Documents(files)
                files, size = [], 0
            if isinstance(unit, Entry):
                pending.append(unit)
                work += weight(unit.record)
                if work < most:
                    continue
                yield pending
                pending, work = [], 0
            else:
                if pending:
                    yield pending
                    pending, work = [], 0
                yield unit
    if pending:
        yield pending
    if files:
        yield Documents(files)


class Chunk(Plain):
    """A run of records as ``validate`` reports them: their tally, what it prints for them,
    and how far into which source they reach (for the progress bar)."""

    _fields = ("source", "offset", "counts", "text", "run", "unfit")
    source: str
    offset: int | None
    counts: tuple[int, int, int]        # valid, invalid, unreadable
    text: str                           # the records' reports, in input order
    run: int | None                     # the reading of a file the run's Piece is of
    unfit: bool                         # the Piece is not trusted: nothing done (Piece.rest)

    def __init__(self, source: str, offset: int | None, counts: tuple[int, int, int],
                 text: str, run: int | None = None, unfit: bool = False) -> None:
        self.source = source
        self.offset = offset
        self.counts = counts
        self.text = text
        self.run = run
        self.unfit = unfit



def _chunk(batch: Batch | Entry | Document, style: Style) -> Chunk:
    if isinstance(batch, Piece):
        try:       # validated as parsed (a piece's records are not all held at once)
            return _tally(batch.read(), style, batch.run)
        except Unfit:
            return Chunk(batch.source, batch.offset, (0, 0, 0), "", batch.run, unfit=True)
    return _tally([batch] if isinstance(batch, Entry) else batch
                  if isinstance(batch, list) else batch.entries(), style)


def _tally(todo: Iterable[Entry], style: Style, run: int | None = None) -> Chunk:
    valid = invalid = unreadable = 0
    texts: list[str] = []
    entry: Entry | None = None
    for entry, rep in map(check, todo):
        state, text = render(entry, rep, style)
        if state == VALID:
            valid += 1
        elif state == INVALID:
            invalid += 1
        else:
            unreadable += 1
        if text:
            texts.append(text)
    if entry is None:               # a piece of no record (comments only)
        return Chunk("", None, (0, 0, 0), "", run)
    return Chunk(entry.source, entry.offset, (valid, invalid, unreadable), "".join(texts),
                 run)


def _kept(done: Iterable[tuple[Batch | Entry | Document, Chunk]], stopped: set[int],
          style: Style) -> Iterator[Chunk]:
    """The chunks of ``done``; at a piece that is not trusted, the file read in order from it
    to its end by this process, a run at a time, and not the file's later pieces (its reading
    is told to stop: ``stopped``)."""
    for batch, chunk in done:
        if chunk.run is not None:
            if chunk.run in stopped:
                continue
            if chunk.unfit and isinstance(batch, Piece):
                stopped.add(chunk.run)
                rest = batch.rest()
                while todo := list(itertools.islice(rest, BATCH)):
                    yield _tally(todo, style)
                continue
        yield chunk


def rendered(paths: Iterable[str], style: Style, jobs: int = 1) -> Iterator[Chunk]:
    """What ``validate`` prints for every record of ``paths``, in input order, a run of records
    at a time, checked on ``jobs`` processes."""
    stopped: set[int] = set()
    if jobs <= 1:
        yield from _kept(((unit, _chunk(unit, style)) for path in paths
                          for unit in units(path, _run_size(path), stopped)), stopped, style)
        return
    pool = _parallel(_batches(paths, stopped), jobs, style)
    try:
        yield from _kept(pool, stopped, style)
    finally:    # stopped (a signal, Ctrl-C) while this process reads a file again: the
        pool.close()        # workers are stopped now, not when the generator is collected


class WorkerLost(RuntimeError):
    """A worker process ended without finishing its records (killed, or out of memory)."""


def _quiet_worker() -> None:
    # Ctrl-C reaches the whole process group: the main process stops the workers, which must
    # not print tracebacks of their own; SIGTERM (how they are stopped) ends one as by default
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in atomic.STOP_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)


def _context() -> Any:
    import multiprocessing              # imported when first needed (start-up time)
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _parallel(batches: Iterator[Batch], jobs: int,
              style: Style) -> Generator[tuple[Batch, Chunk], None, None]:
    """SIGTERM or SIGHUP to the main process stops the workers too (``atomic.Terminated``
    reaches the caller, as Ctrl-C's ``KeyboardInterrupt`` does): none is left behind.

    ``concurrent.futures``' pool, not ``multiprocessing.Pool``: the latter's worker-minding
    thread wakes up again and again while a result waits in the pipe (~0.25 s of the main
    process's time per 100,000 records, taken from the workers on two cores), and a worker
    that dies leaves its task waiting for ever; here that is ``WorkerLost``."""
    handlers = atomic.stop_on_signals()
    pool: Any = None
    flight: deque[tuple[Batch, Any]] = deque()
    finished = False
    try:
        # no more workers than runs to do: the pool starts all of its workers at once (forked
        # before its threads start), so the runs are counted first, up to ``jobs`` of them;
        # one run is checked here (a worker would only add its start and the hand-over)
        ahead = deque(itertools.islice(batches, jobs))
        if len(ahead) <= 1:
            for batch in ahead:
                yield batch, _chunk(batch, style)
            finished = True
            return
        from concurrent.futures import ProcessPoolExecutor   # only now (start-up time)
        jobs = len(ahead)
        pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_quiet_worker)
        for batch in _then(ahead, batches):
            flight.append((batch, pool.submit(_chunk, batch, style)))
            if len(flight) >= jobs * WINDOW:
                done, future = flight.popleft()
                yield done, future.result()
        while flight:
            done, future = flight.popleft()
            yield done, future.result()
        finished = True
    except Exception as err:
        from concurrent.futures.process import BrokenProcessPool
        if not isinstance(err, BrokenProcessPool):
            raise
        raise WorkerLost("a worker process ended without finishing its records "
                         "(killed, or out of memory?)") from None
    finally:
        if pool is not None:
            if not finished:   # Ctrl-C, SIGTERM, a lost worker, or the caller stopped reading
                _stop(pool, deque(future for _batch, future in flight))
            pool.shutdown(wait=True, cancel_futures=True)
        atomic.restore_signals(handlers)


def _then(ahead: deque[Batch], rest: Iterator[Batch]) -> Iterator[Batch]:
    """The runs read ahead (let go of as they are handed out), then the rest."""
    while ahead:
        yield ahead.popleft()
    yield from rest


#: seconds the workers are given to finish the runs they are on when validation stops
GRACE = 5.0


def _stop(pool: Any, flight: deque[Any]) -> None:
    """Stop the workers after the runs they are on: a worker stopped while it sends a result
    would leave the pool waiting for the rest of that result. One still busy after GRACE
    seconds is terminated, and the pool's end of the results pipe closed, so that nothing
    waits for it."""
    import time
    workers: list[Any] = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    for future in flight:
        future.cancel()
    pool.shutdown(wait=False, cancel_futures=True)     # each worker ends after its run
    deadline = time.monotonic() + GRACE
    for proc in workers:
        proc.join(max(0.0, deadline - time.monotonic()))
    if any(proc.is_alive() for proc in workers):
        for proc in workers:
            proc.terminate()
        for proc in workers:
            proc.join(GRACE)
            if proc.is_alive():      # SIGTERM handled or held back: SIGKILL is not (and a
                proc.kill()          # worker the pool's own thread reaped first looks alive)
                proc.join(GRACE)
        if results is not None:
            results.close()
