"""``tarockrec archive …``: the archive's commands (docs/archive.md). Registered on the main
command group by ``tarockrec/cli.py``."""
from __future__ import annotations

import sqlite3
import sys
from typing import Any, Iterator

import click

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


@click.group(name="archive")
def archive() -> None:
    """Every record of many events in one SQLite file: validated, kept as it came, indexed,
    queried and published (docs/archive.md)."""


def _open(path: str, write: bool = False) -> sqlite3.Connection:
    from .store import ArchiveError, open_archive
    try:
        return open_archive(path, write)
    except ArchiveError as err:
        click.echo(f"tarockrec: {err}", err=True)
        sys.exit(EXIT_UNREADABLE)


def _label(entry: Any) -> str:
    from ..report import label
    return label(entry)


@archive.command(name="add")
@click.argument("db", metavar="ARCHIVE")
@click.argument("paths", nargs=-1, required=True)
@click.option("--keep-invalid", is_flag=True, help="Store records that are not valid too, "
              "flagged, with their findings (by default they are refused).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary.")
def add_cmd(db: str, paths: tuple[str, ...], keep_invalid: bool, quiet: bool) -> None:
    """Validate every record of PATHS (files or folders: deals, sessions, score sheets,
    tournaments with their table files; JSON, JSON Lines, XML, text; plain, .gz or .zst) and
    store it in ARCHIVE (made if missing), all in one transaction: an add that is stopped
    leaves the archive as it was."""
    from .ingest import Ingest, read_inputs
    conn = _open(db, write=True)
    job = Ingest(conn, keep_invalid)
    conn.execute("BEGIN IMMEDIATE")
    try:
        for entry, doc in read_inputs(list(paths)):
            job.add(entry, doc, _label)
        conn.execute("COMMIT")
    except BaseException as err:
        conn.execute("ROLLBACK")
        conn.close()
        if isinstance(err, (KeyboardInterrupt, sqlite3.Error)):
            why = "Ctrl-C" if isinstance(err, KeyboardInterrupt) else str(err)
            click.echo(f"tarockrec: nothing added to {db} ({why})", err=True)
            sys.exit(EXIT_UNREADABLE)
        raise
    conn.close()
    c = job.counts
    if not quiet:
        for where, f in c.problems:
            click.echo(f"{where}: {f}", err=True)
    click.echo(f"{db}: {c.summary()}")
    sys.exit(EXIT_UNREADABLE if c.unreadable else EXIT_INVALID if c.refused or c.kept_invalid
             else EXIT_VALID)


@archive.command(name="export")
@click.argument("db", metavar="ARCHIVE")
@click.option("-o", "out", required=True, metavar="OUT", help="A file (jsonl, xml, text) or a "
              "folder (files, parquet).")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "xml", "text", "files", "parquet"]),
              default=None, help="By OUT's extension (.jsonl, .xml, .txt); a folder: files.")
@click.option("--event", "events", multiple=True, metavar="NAME", help="Only this event "
              "(its name or id; repeatable).")
@click.option("--season", "seasons", multiple=True, metavar="SEASON", help="Only events of this "
              "season (2025/26: July to June).")
@click.option("--player", "players", multiple=True, metavar="WHO", help="Only records this "
              "person or player plays in (a person's key, id or name).")
@click.option("--force", "-f", is_flag=True, help="Overwrite what is there.")
def export_cmd(db: str, out: str, fmt: str | None, events: tuple[str, ...],
               seasons: tuple[str, ...], players: tuple[str, ...], force: bool) -> None:
    """Write the records of ARCHIVE (or those selected) to OUT: into a folder as they came,
    byte for byte (with a tournament's table files), or into one file of JSON Lines (lines
    that came as JSON Lines as they came), XML or the text notation (docs/archive.md)."""
    import os
    from . import export
    conn = _open(db)
    fmt = fmt or _format_of(out)
    ids = export.selected(conn, export.Selection(events, seasons, players))
    try:
        if fmt == "files":
            written = export.to_folder(conn, ids, out, force)
            click.echo(f"{len(ids)} record(s) in {len(written)} file(s) written to {out}")
        elif fmt == "parquet":
            from .parquet import write_views
            written = write_views(conn, out, ids)
            click.echo(f"{len(written)} Parquet file(s) written to {out}")
        else:
            if os.path.lexists(out) and not force:
                raise FileExistsError(f"{out} exists (use --force to overwrite)")
            export.write_bytes(out, export.as_format(conn, ids, fmt))
            click.echo(f"{len(ids)} record(s) written to {out}")
    except (OSError, ImportError) as err:
        click.echo(f"tarockrec: cannot export: {err}", err=True)
        sys.exit(EXIT_UNREADABLE)


def _format_of(out: str) -> str:
    import os
    lower = out.lower()
    for ext, fmt in ((".jsonl", "jsonl"), (".ndjson", "jsonl"), (".xml", "xml"),
                     (".txt", "text")):
        if lower.endswith(ext):
            return fmt
    if os.path.isdir(out) or out.endswith(("/", os.sep)) or not os.path.splitext(out)[1]:
        return "files"
    click.echo(f"tarockrec: say which format to write {out} in (--format)", err=True)
    sys.exit(EXIT_UNREADABLE)


@archive.command(name="check")
@click.argument("db", metavar="ARCHIVE")
def check_cmd(db: str) -> None:
    """Validate every record of ARCHIVE again with this tarockrec and report each whose
    verdict or scores changed since it was stored (exit 1 when some did)."""
    from .check import check
    from .store import tarockrec_version
    conn = _open(db)
    n, changes = check(conn)
    for c in changes:
        click.echo(f"record {c.record_id} ({c.source} #{c.index}, validated by tarockrec "
                   f"{c.version}): {c.what}")
    click.echo(f"{db}: {n} record(s) checked by tarockrec {tarockrec_version()}, "
               f"{len(changes)} changed")
    sys.exit(EXIT_INVALID if changes else EXIT_VALID)
