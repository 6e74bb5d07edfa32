"""``tarockrec validate`` without ``click``: what the console entry point (``cli.run``) runs.

``run`` reads a plain ``validate`` command line itself (``validate_args``: paths and the
options ``--format``, ``-q``, ``--max-findings``, ``--jobs`` with values they take) and runs
``validate_command`` at once; any other command line (another command, ``--help``, an option
it does not know, a value out of range) goes to the ``click`` application (``cli/app.py``), which
words it as ever. An editor or a hook validating one file on save so waits for neither
``click`` nor the other commands' modules (``bench/bench_startup.py``).
"""
from __future__ import annotations

import errno
import os
import sys
import time
from typing import NoReturn

from .. import parallel, report
from ..atomic import Terminated
from ..sources import expand

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2
#: ``validate``'s options that take a value, with the values they take
FORMATS = ("text", "json", "junit")


def _say(text: str) -> None:
    """One line on stderr (as ``click.echo(..., err=True)`` writes it)."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


class _Progress:
    """A progress bar on stderr for long inputs, drawn only when stderr is a terminal:
    the share of the input bytes read so far and the records checked."""

    def __init__(self, paths: list[str]) -> None:
        self.on = sys.stderr.isatty()
        self.sizes = [os.path.getsize(p) if p != "-" and os.path.isfile(p) else 0
                      for p in paths]
        self.order = {p: i for i, p in enumerate(paths)}
        self.total = sum(self.sizes)
        self.done = 0          # bytes of the files before the current one
        self.current = ""
        self.n = 0
        self.last = 0.0
        self.drawn = False

    def tick(self, source: str, offset: int | None, records: int = 1) -> None:
        """``records`` more records checked, the last of them read from ``source`` up to
        ``offset`` bytes."""
        self.n += records
        if not self.on:
            return
        if source != self.current:
            self.done = sum(self.sizes[:self.order.get(source, len(self.sizes))])
            self.current = source
        now = time.monotonic()
        if now - self.last < 0.2:
            return
        self.last = now
        read = self.done + (offset or 0)
        share = min(1.0, read / self.total) if self.total else 0.0
        bar = "#" * int(share * 30)
        sys.stderr.write(f"\r[{bar:<30}] {share:4.0%}  {self.n:,} records")
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        """Wipe the bar (before a line is printed for a record, and at the end)."""
        if self.drawn:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()
            self.drawn = False


def _jobs(asked: int | None) -> int:
    """The worker processes asked for, by default one per core: ``parallel.rendered`` starts
    no more than there are runs of work (none for one run), whatever the bytes."""
    return asked if asked is not None else parallel.default_jobs()


def validate_command(paths: tuple[str, ...] | list[str], fmt: str, quiet: bool,
                     max_findings: int | None, jobs: int | None) -> NoReturn:
    """``tarockrec validate`` (``cli/records.py``'s ``validate`` says what it does); ends the process with
    its exit code."""
    counts = {"valid": 0, "invalid": 0, "unreadable": 0}
    files = expand(paths)
    progress = _Progress(files)
    out = sys.stdout
    cases: list[str] = []
    style = report.Style(fmt, quiet, max_findings)
    cores = parallel.default_jobs()
    if jobs is not None and jobs > cores:
        _say(f"tarockrec: --jobs {jobs} is more than the {cores} core(s) this process may "
             "use; the workers (at most one per run of records) will share them")
    try:
        for chunk in parallel.rendered(files, style, _jobs(jobs)):
            progress.tick(chunk.source, chunk.offset, sum(chunk.counts))
            valid, invalid, unreadable = chunk.counts
            counts["valid"] += valid
            counts["invalid"] += invalid
            counts["unreadable"] += unreadable
            if chunk.text:
                progress.close()
                if fmt == "junit":
                    cases.append(chunk.text)
                else:
                    out.write(chunk.text)
    except (Terminated, KeyboardInterrupt, parallel.WorkerLost) as err:
        progress.close()
        why = (f"stopped by {err.name}" if isinstance(err, Terminated) else "stopped by Ctrl-C"
               if isinstance(err, KeyboardInterrupt) else str(err))
        _say(f"tarockrec: {why} after {sum(counts.values()):,} record(s); "
             "the rest were not checked")
        sys.exit(EXIT_UNREADABLE)
    progress.close()
    total = sum(counts.values())
    if fmt == "json":
        out.write(report.json_line({"summary": dict(counts, records=total)}))
    elif fmt == "junit":
        out.write(report.junit(cases, counts))
    else:
        out.write(f"{total} record(s): {counts['valid']} valid, {counts['invalid']} invalid, "
                  f"{counts['unreadable']} unreadable\n")
    if total == 0:
        _say("tarockrec: no record was read from " + ", ".join(paths)
             + " (an empty folder, or no .json / .jsonl / .xml / .txt file in it?)")
        sys.exit(EXIT_UNREADABLE)
    if counts["unreadable"]:
        sys.exit(EXIT_UNREADABLE)
    sys.exit(EXIT_INVALID if counts["invalid"] else EXIT_VALID)


def validate_args(args: list[str]) -> tuple[list[str], str, bool, int | None, int | None] | None:
    """(paths, format, quiet, max findings, jobs) of a plain ``validate`` command line, as
    ``click`` reads it; None for any other (``click`` reads that one)."""
    if not args or args[0] != "validate":
        return None
    paths: list[str] = []
    fmt, quiet = "text", False
    numbers: dict[str, int | None] = {"--max-findings": None, "--jobs": None}
    rest = iter(args[1:])
    for arg in rest:
        if arg in ("-q", "--quiet"):
            quiet = True
            continue
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        name, eq, value = arg.partition("=")
        name = "--jobs" if name == "-j" and not eq else name
        if name not in ("--format", "--max-findings", "--jobs"):
            return None
        if not eq:
            value = next(rest, "")
        if name == "--format":
            if value not in FORMATS:
                return None
            fmt = value
            continue
        if not value.isdigit() or int(value) < 1:
            return None
        numbers[name] = int(value)
    if not paths:
        return None
    return paths, fmt, quiet, numbers["--max-findings"], numbers["--jobs"]


def _leave(done: SystemExit) -> NoReturn:
    """End the process with ``validate``'s exit code once what it wrote is flushed, without the
    interpreter's teardown (freeing every module and object, a last garbage collection: a
    tenth of validating one record; ``bench/bench_startup.py``). Nothing of ``validate`` needs
    it: it starts no thread, its worker pool is shut down before it returns, and every file it
    opened is closed. A flush that fails raises here, as at the exit (``_cannot_write``)."""
    if not isinstance(done.code, int | None):
        raise done
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(done.code or 0)


def _cannot_write(err: OSError) -> NoReturn:
    """An output could not be written: one line on stderr and exit 2. Whatever stdout still
    holds is dropped (it can never be written), so that the exit does not try again; a pipe
    closed by its reader ends quietly, as click ends it."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):      # no file descriptor behind stdout: nothing to drop
        pass
    if err.errno == errno.EPIPE:
        sys.exit(1)
    why = err.strerror.lower() if err.strerror else str(err)
    _say(f"tarockrec: cannot write the output: {why}; what was written is incomplete")
    sys.exit(EXIT_UNREADABLE)
