"""``validate`` and ``convert``: the records read, checked and written."""
from __future__ import annotations

import sys
from typing import Any, Iterator

import click

from .. import schema
from ..codecs.serialise import serialise
from ..sources import entries
from .entry import EXIT_INVALID, EXIT_UNREADABLE, _Progress
from .group import (
    _Abort,
    _check_target,
    _named,
    _same_file,
    _sheet_of,
    _write_file,
    allow_source_outside,
    main,
)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit"]), default="text",
              show_default=True,
              help="Text lines; one JSON object per record and a closing summary object (JSON "
                   "Lines); or a JUnit XML report that CI servers display.")
@click.option("--quiet", "-q", is_flag=True, help="Print only records that are not valid, and "
              "the summary.")
@click.option("--max-findings", type=click.IntRange(1), default=None, metavar="N",
              help="Report at most N findings per record (the count of the rest is given).")
@click.option("--jobs", "-j", type=click.IntRange(1), default=None, metavar="N",
              help="Worker processes (default: one per core, at most one per run of work: "
                   "about 1,000 deals, or a file of one large record; an input of one run is "
                   "checked in one process). The output is the same for every N, in input "
                   "order.")
@allow_source_outside
def validate(paths: tuple[str, ...], fmt: str, quiet: bool, max_findings: int | None,
             jobs: int | None) -> None:
    """Replay every record in PATHS (files, directories, '-' for stdin) through the rules
    engine and report every finding. Exit 0: all valid; 1: some invalid; 2: unreadable input,
    or no record at all."""
    from .entry import validate_command
    validate_command(paths, fmt, quiet, max_findings, jobs)


def _target_format(path: str, to: str | None) -> str:
    if to:
        return to
    lower = path.lower()
    for ext, fmt in ((".jsonl", "jsonl"), (".ndjson", "jsonl"), (".xml", "xml"), (".json", "json"),
                     (".txt", "text")):
        if lower.endswith(ext):
            return fmt
    raise click.UsageError(f"cannot tell the output format from {path!r}: "
                           "use --to json|xml|jsonl|text")


@main.command()
@click.argument("source")
@click.argument("target")
@click.option("--to", type=click.Choice(["json", "xml", "jsonl", "text"]), help="Output format "
              "(default: from TARGET's extension).")
@click.option("--force", "-f", is_flag=True, help="Overwrite TARGET if it exists.")
@click.option("--sheet", is_flag=True, help="Write the score sheets the table would have "
              "written: no cards, no play, the derived outcome and result of every deal; "
              "of a tournament, every table's inline deals (records must be valid).")
def convert(source: str, target: str, to: str | None, force: bool, sheet: bool) -> None:
    """Convert SOURCE (JSON, JSON Lines, XML or text; '-' = stdin) to TARGET in canonical form
    ('-' = stdout). Records are checked against the schema (with --sheet, fully validated);
    nothing is written if any record cannot be read. The output file appears complete or not
    at all."""
    fmt = _target_format(target, to)
    if target != "-" and source != "-" and _same_file(source, target):
        raise click.UsageError("SOURCE and TARGET are the same file; an input is never modified")
    if target != "-":
        _check_target(target, force)
    problems: list[str] = []
    unreadable: list[bool] = []

    progress = _Progress([source])
    progress.on = progress.on and not (target == "-" and sys.stdout.isatty())

    def records() -> Iterator[Any]:
        for entry in entries(source):
            progress.tick(entry.source, entry.offset)
            if entry.problem is not None:
                problems.append(_named(entry, entry.problem))
                unreadable.append(True)
                raise _Abort()
            if not schema.fast_check(entry.record):
                from ..validate import _place
                found = _place(schema.explain(entry.record), entry.lines, entry.line)
                problems.extend(_named(entry, f) for f in found)
                raise _Abort()
            if sheet:
                yield _sheet_of(entry)
            else:
                yield entry.record

    chunks = serialise(records(), fmt)
    try:
        if target == "-":
            out = sys.stdout
            for chunk in chunks:
                out.write(chunk)
        else:
            _write_file(target, chunks, force)
        progress.close()
    except _Abort:
        progress.close()
        for p in problems:
            click.echo(p, err=True)
        click.echo(f"nothing written to {target}", err=True)
        sys.exit(EXIT_UNREADABLE if unreadable else EXIT_INVALID)
