"""The ``tarockrec`` command group, and what its commands share: writing a file whole
or not at all, the refusals of a target, ``--format json``."""
from __future__ import annotations

import os
import signal
import sys
from typing import Any, Iterator

import click

from .. import report
from ..atomic import Terminated
from ..findings import Finding
from .entry import EXIT_UNREADABLE


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tarockrec")
def main() -> None:
    """Record, check and convert deals of Königrufen, Illustrated Tarokk, Cego,
    Carinthian Tarock and Ulti."""


def _allow_outside(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    from .. import sources
    sources.ALLOW_SOURCE_OUTSIDE = bool(value)   # set every time: a flag of this run only


#: ``--allow-source-outside`` of the commands that read a tournament's tables
allow_source_outside = click.option(
    "--allow-source-outside", is_flag=True, expose_value=False, callback=_allow_outside,
    help="Read a tournament table's `source` even where it leads out of the tournament's "
         "folder (refused by default: TOURN-SOURCE; docs/tournaments.md).")


class _Abort(Exception):
    pass


def _check_target(path: str, force: bool) -> None:
    """Before any work: a folder is refused (one line, exit 2), an existing target without
    ``force`` too (a usage error); ``write_atomic`` checks again when it writes."""
    if os.path.isdir(path):
        click.echo(f"tarockrec: cannot write {path}: {path} is a folder; nothing was written",
                   err=True)
        sys.exit(EXIT_UNREADABLE)
    if os.path.exists(path) and not force:
        raise click.UsageError(f"{path} exists; use --force to overwrite it")


def _write_file(path: str, chunks: Iterator[str], force: bool = False) -> None:
    """Write ``chunks`` to ``path`` whole or not at all (an existing target only with
    ``force``; a FIFO, a device or ``/dev/stdout`` written in place, never replaced: see
    ``atomic``); a failure (a missing folder, an unwritable target, a full disk, a target that
    appeared meanwhile, SIGTERM, Ctrl-C) is one line on stderr and exit 2, never a traceback,
    and leaves neither ``path`` nor a temporary file."""
    from ..atomic import WriteError, write_atomic
    try:
        write_atomic(path, chunks, replace=force)
    except WriteError as err:
        click.echo(f"tarockrec: {err.message}", err=True)
        sys.exit(EXIT_UNREADABLE)
    except (Terminated, KeyboardInterrupt) as err:
        signal_ = err if isinstance(err, Terminated) else None
        why = ("Ctrl-C" if signal_ is None or signal_.signum == signal.SIGINT else signal_.name)
        what = (f"{path} got part of the output" if signal_ is not None and signal_.partial
                else "nothing was written")
        click.echo(f"tarockrec: stopped by {why} while writing {path}; {what}", err=True)
        sys.exit(EXIT_UNREADABLE)


def _same_file(a: str, b: str) -> bool:
    """The same file by identity (device and inode), so that a symbolic or hard link to the
    input is refused as a target too."""
    try:
        return os.path.samefile(a, b)
    except OSError:             # the target does not exist yet
        return os.path.abspath(a) == os.path.abspath(b)


def _echo_json(value: Any) -> None:
    """``--format json`` of every command in one style (``score``'s, and ``validate``'s lines):
    one compact object a line, an array's items between ``[`` and ``]`` lines."""
    if isinstance(value, list):
        click.echo(report.json_array(value), nl=False)
    else:
        click.echo(report.json_line(value), nl=False)


def _workbook(make: Any) -> tuple[bytes, int]:
    """``make()`` (a workbook and an exit status), or without openpyxl one line saying how to
    install it and exit 2."""
    from ..cells import NoWorkbook
    try:
        made: tuple[bytes, int] = make()
    except NoWorkbook as err:
        click.echo(f"tarockrec: {err}", err=True)
        sys.exit(EXIT_UNREADABLE)
    return made


def _write_binary(data: bytes) -> None:
    """A workbook on stdout (refused on a terminal, where it would be noise)."""
    if sys.stdout.isatty():
        click.echo("tarockrec: an .xlsx workbook is binary; redirect stdout to a file", err=True)
        sys.exit(EXIT_UNREADABLE)
    sys.stdout.flush()
    sys.stdout.buffer.write(data)


def _named(entry: Any, f: Finding) -> str:
    """A finding of ``convert`` with its file and record, and its line named once: the
    finding's own where it has one, else the record's."""
    if f.line is not None:
        return f"{entry.source} #{entry.index}: {f}"
    return f"{report.label(entry, True)}: {f}"


def _sheet_of(entry: Any) -> Any:
    """``convert --sheet``: the record's score sheet, or its errors and ``_Abort``."""
    from ..tournament.sheet import NotSheetable, to_sheet
    try:
        return to_sheet(entry.record, entry.source)
    except NotSheetable as err:
        errors = [f for f in err.report.findings if f.severity == "error"]
        for f in errors:
            click.echo(_named(entry, f), err=True)
        why = "" if any(f.code == "INTERNAL-ERROR" for f in errors) else "not valid, so "
        click.echo(f"{report.label(entry, True)}: {why}no score sheet can be made of it",
                   err=True)
        raise _Abort() from None
