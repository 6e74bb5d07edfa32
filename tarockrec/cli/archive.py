"""``tarockrec archive …``: the archive's commands (docs/archive.md). Registered on the main
command group by ``tarockrec/cli/app.py``."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Iterator, Sequence

import click

if TYPE_CHECKING:      # sqlite3 imported when a command runs (start-up of every command)
    import sqlite3

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


class _Archive(click.Group):
    """The archive's commands; an archive that SQLite finds damaged while a command reads it
    (a corrupted page: "database disk image is malformed") is said in one line, exit 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as err:
            import sqlite3
            if not isinstance(err, sqlite3.DatabaseError):
                raise
            from ..findings import Finding
            found = Finding("ARCHIVE-DAMAGED", f"the archive cannot be read: {err} (copy it "
                            "from a backup, or read what can be read with sqlite3's .recover)")
            click.echo(f"tarockrec: {found.code}: {found.message}", err=True)
            sys.exit(EXIT_UNREADABLE)


@click.group(name="archive", cls=_Archive)
def archive() -> None:
    """Every record of many events in one SQLite file: validated, kept as it came, indexed,
    queried and published (docs/archive.md)."""


def open_or_exit(path: str, write: bool = False) -> sqlite3.Connection:
    """The archive at ``path``, or one line on stderr and exit 2."""
    return _open(path, write)


def _open(path: str, write: bool = False) -> sqlite3.Connection:
    import os
    from ..sources import check_input
    from ..archive.store import ArchiveError, open_archive
    try:
        if not os.path.isdir(path):     # (a folder: the archive's own sentence says so)
            check_input(path)           # the one door in: a FIFO or a device is never opened
        return open_archive(path, write)
    except OSError as err:
        click.echo(f"tarockrec: cannot open the archive {path}: {err.strerror or err}", err=True)
        sys.exit(EXIT_UNREADABLE)
    except ArchiveError as err:
        click.echo(f"tarockrec: {err}", err=True)
        sys.exit(EXIT_UNREADABLE)


def conn_error(said: str) -> Exception:
    """SQLite's own error for what SQLite found damaged (said as ``_Archive`` says it)."""
    import sqlite3
    return sqlite3.DatabaseError(said)


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
    from ..archive.ingest import Ingest, read_inputs
    conn = _open(db, write=True)
    job = Ingest(conn, keep_invalid)
    try:
        conn.execute("BEGIN IMMEDIATE")
        for entry, doc in read_inputs(list(paths)):
            job.add(entry, doc, _label)
        conn.execute("COMMIT")
    except BaseException as err:
        import sqlite3
        _rollback(conn)
        conn.close()
        if isinstance(err, (KeyboardInterrupt, sqlite3.Error, MemoryError)):
            why = "Ctrl-C" if isinstance(err, KeyboardInterrupt) else str(err) or "no memory"
            _write_failed(f"nothing added to {db} ({why})")
        raise
    left = _close(conn, db)
    c = job.counts
    if not quiet:
        for where, f in c.problems:
            click.echo(f"{where}: {f}", err=True)
    click.echo(f"{db}: {c.summary()}")
    if left is not None:
        _write_failed(left)
    sys.exit(EXIT_UNREADABLE if c.unreadable else EXIT_INVALID
             if c.refused or c.out_of_range or c.kept_invalid else EXIT_VALID)


def _rollback(conn: sqlite3.Connection) -> None:
    """Undo the open transaction, if SQLite has not undone it itself (it does on a full disk:
    then ROLLBACK says "no transaction is active")."""
    import sqlite3
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def _close(conn: sqlite3.Connection, db: str) -> str | None:
    """Close a written archive: a failure to leave it as one file is returned (to be said as
    ARCHIVE-WRITE), a reader in the way only noted on stderr."""
    from ..archive.store import close_writer
    left = close_writer(conn, db)
    if left is not None and not left[0]:
        click.echo(f"tarockrec: note: {left[1]}", err=True)
    return left[1] if left is not None and left[0] else None


def _write_failed(said: str) -> None:
    """A write that failed or left the archive as two files: its finding, exit 2."""
    from ..findings import Finding
    found = Finding("ARCHIVE-WRITE", said)
    click.echo(f"tarockrec: {found.code}: {found.message}", err=True)
    sys.exit(EXIT_UNREADABLE)


def _people_failed(conn: sqlite3.Connection, db: str, err: BaseException,
                   writing: bool) -> None:
    """A link or unlink that failed: undone; a person or event not found said (exit 2), a
    write SQLite could not make said as ARCHIVE-WRITE (exit 2); anything else goes on up."""
    import sqlite3

    from ..archive.people import NoPerson
    _rollback(conn)
    if isinstance(err, NoPerson):
        click.echo(f"tarockrec: {err}", err=True)
        sys.exit(EXIT_UNREADABLE)
    if writing and isinstance(err, sqlite3.OperationalError):
        _write_failed(f"nothing changed in {db} ({err})")


@archive.command(name="export")
@click.argument("db", metavar="ARCHIVE")
@click.option("-o", "out", required=True, metavar="OUT", help="A file (jsonl, xml, text) or a "
              "folder (files, parquet).")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "xml", "text", "files", "parquet"]),
              default=None, help="By OUT's extension (.jsonl, .xml, .txt); a folder: files.")
@click.option("--event", "events", multiple=True, metavar="NAME", help="Only this event "
              "(its name or id; repeatable); an evening tarockrec serve is running, by its name: "
              "its record as it stands.")
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
    from ..atomic import Terminated, WriteError
    from ..archive import export
    conn = _open(db)
    fmt = fmt or _format_of(out)
    ids = export.selected(conn, export.Selection(events, seasons, players))
    from ..serve.evening import open_records, record_bytes
    # an evening being played (tarockrec serve), named by --event: its record as it stands
    playing = [] if seasons or players else open_records(conn, events)
    try:
        if fmt == "files":
            written = export.to_folder(conn, ids, out, force,
                                       [(name, record_bytes(rec)) for name, rec in playing])
            click.echo(f"{len(ids) + len(playing)} record(s) in {len(written)} file(s) "
                       f"written to {out}")
        elif fmt == "parquet":
            from ..archive.parquet import write_views
            written = write_views(conn, out, ids, force)
            click.echo(f"{len(written)} Parquet file(s) written to {out}")
        else:
            export.write_bytes(out, export.as_format(conn, ids, fmt,
                                                     [rec for _, rec in playing]),
                               replace=force)
            click.echo(f"{len(ids) + len(playing)} record(s) written to {out}")
    except WriteError as err:
        click.echo(f"tarockrec: {err.message}", err=True)
        sys.exit(EXIT_UNREADABLE)
    except (OSError, ImportError) as err:
        click.echo(f"tarockrec: cannot export: {err}", err=True)
        sys.exit(EXIT_UNREADABLE)
    except (Terminated, KeyboardInterrupt):
        click.echo(f"tarockrec: stopped while writing {out}; what was not complete was not "
                   "put in place", err=True)
        sys.exit(EXIT_UNREADABLE)
    except export.NotInline as err:
        click.echo(f"tarockrec: {err.finding.code}: nothing was written to {out}: {err}",
                   err=True)
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
    from ..archive.check import check
    from ..archive.store import tarockrec_version
    conn = _open(db)
    damage = [line for r in conn.execute("PRAGMA quick_check(3)") for line in
              str(r[0]).splitlines() if not line.startswith("***")]
    if damage != ["ok"]:
        raise conn_error("the file is damaged: " + "; ".join(damage[:3]))
    n, changes = check(conn)
    for c in changes:
        click.echo(f"record {c.record_id} ({c.source} #{c.index}, validated by tarockrec "
                   f"{c.version}): {c.what}")
    click.echo(f"{db}: {n} record(s) checked by tarockrec {tarockrec_version()}, "
               f"{len(changes)} changed")
    sys.exit(EXIT_INVALID if changes else EXIT_VALID)


# -- output ------------------------------------------------------------------------------------
def _cell(x: Any) -> Any:
    """A value as the JSON, CSV and text outputs write it: a BLOB as its bytes in hex (as
    SQLite's ``hex()`` writes them), an infinite number (``1e999``; JSON has none, and SQLite
    makes no NaN) as null, as JavaScript's ``JSON.stringify`` writes it: an empty cell in CSV
    and text."""
    if isinstance(x, bytes):
        return x.hex().upper()
    if isinstance(x, float) and x in (float("inf"), float("-inf")):
        return None
    return x


def _json(value: Any) -> str:
    import json
    return json.dumps(value, ensure_ascii=False, indent=1, allow_nan=False)


def _emit(heads: list[str], rows: list[list[Any]] | list[tuple[Any, ...]], fmt: str,
          title: str | None = None) -> None:
    """Rows as a text table, CSV, or JSON (one object per row)."""
    if fmt == "json":
        click.echo(_json([dict(zip(heads, map(_cell, r))) for r in rows]))
        return
    _stream(heads, iter(rows), fmt, title)


#: rows a text table is measured on before it is written (the rest keep those widths)
_MEASURED = 1000


def _stream(heads: list[str], rows: Iterator[Sequence[Any]], fmt: str,
            title: str | None = None) -> None:
    """Rows written as they come: a text table (its columns as wide as the first rows need),
    CSV, or JSON (an array, one object per row). Rows that stop with an error end the output
    as written so far (a JSON array closed), and the error is raised after."""
    import itertools
    import json
    stopped: list[Exception] = []

    def guarded(given: Iterator[Sequence[Any]]) -> Iterator[Sequence[Any]]:
        try:
            yield from given
        except Exception as err:       # (raised again below, once the output is whole)
            stopped.append(err)
    rows = guarded(rows)
    out = _Out()
    try:
        if fmt == "json":
            out.put("[")
            for k, r in enumerate(rows):
                out.put(("," if k else "") + "\n " + json.dumps(
                    dict(zip(heads, map(_cell, r))), ensure_ascii=False, allow_nan=False))
            out.put("\n]\n")
        elif fmt == "csv":             # through the one cell writer (docs/safety.md)
            from ..cells import csv_row
            out.put(csv_row(heads))
            for r in rows:
                out.put(csv_row(map(_cell, r)))
        else:
            first = [[_text(x) for x in r] for r in itertools.islice(rows, _MEASURED)]
            cells = [heads] + first
            widths = [max(len(c[k]) for c in cells) for k in range(len(heads))]
            if title:
                out.put(title + "\n")
            for c in itertools.chain(cells, ([_text(x) for x in r] for r in rows)):
                out.put("  ".join(x.rjust(w) if _numeric(x) else x.ljust(w)
                                  for x, w in zip(c, widths)).rstrip() + "\n")
    finally:
        out.flush()
    if stopped:
        raise stopped[0]


class _Out:
    """Text written in pieces of some kilobytes (a row at a time is slow)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def put(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)
        if self.size > 1 << 16:
            self.flush()

    def flush(self) -> None:
        click.echo("".join(self.parts), nl=False)
        self.parts.clear()
        self.size = 0


def _text(x: Any) -> str:
    x = _cell(x)
    return "" if x is None else str(x)


def _numeric(x: str) -> bool:
    return x.lstrip("-").replace(".", "", 1).isdigit()


_FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "csv", "json"]),
                       default="text", show_default=True)


# -- people ------------------------------------------------------------------------------------
@archive.command(name="people")
@click.argument("db", metavar="ARCHIVE")
@_FORMAT
def people_cmd(db: str, fmt: str) -> None:
    """The entrants linked to no person, grouped as they may be one person (spelling
    variants, an initial, the order reversed, a missing club), best first, each scored with
    its reasons: a proposal to confirm with archive link (nothing is linked without it)."""
    import json
    from ..archive.people import proposals
    conn = _open(db)
    found = proposals(conn)
    if fmt == "json":
        click.echo(json.dumps([p.as_json() for p in found], ensure_ascii=False, indent=1))
        return
    rows = [[p.number, p.score, p.name, p.club, len(p.entrants), " | ".join(p.names),
             p.reason, (p.person[1] or f"#{p.person[0]}") if p.person else None]
            for p in found]
    _emit(["proposal", "score", "name", "club", "entrants", "names", "reason", "person"],
          rows, fmt)
    if fmt == "text" and found:
        click.echo(f"{len(found)} proposal(s): see one and confirm it with  tarockrec archive "
                   f"link {db} --proposal N [--yes]")


@archive.command(name="link")
@click.argument("db", metavar="ARCHIVE")
@click.option("--name", "names", multiple=True, help="Link the unlinked entrants of this "
              "name (repeatable: spellings of one person) …")
@click.option("--club", default=None, help="… of this club (needed when the name is that of "
              "entrants of several clubs; \"\" for those without a club) …")
@click.option("--all", "every_club", is_flag=True, help="… of every club, to one person.")
@click.option("--proposal", type=int, default=None, metavar="N", help="Link the entrants of "
              "proposal N of archive people.")
@click.option("--person", "key", default=None, metavar="KEY", help="… to the person of this "
              "id (made if new; without it, the proposal's person, or the person of that name "
              "and club, or a new one).")
@click.option("--merge", nargs=2, default=None, metavar="KEEP GONE", help="Merge person GONE "
              "into KEEP (each a key, an id such as #3, or a name).")
@click.option("--yes", "-y", is_flag=True, help="Do it: without it, show what would be "
              "linked and link nothing.")
def link_cmd(db: str, names: tuple[str, ...], club: str | None, every_club: bool,
             proposal: int | None, key: str | None, merge: tuple[str, str] | None,
             yes: bool) -> None:
    """Confirm a proposal of archive people (link entrants to a person), or merge two
    persons into one. Shows what it would link; links it with --yes (exit 0 either way;
    2 when refused: a name of several clubs without --club or --all, entrants of one event,
    different person ids)."""
    from ..archive import people
    writing = merge is not None or yes
    conn = _open(db, write=writing)
    said: list[str] = []
    n = 0
    try:
        if merge is not None:
            conn.execute("BEGIN IMMEDIATE")
            n = people.merge(conn, *merge)
            conn.execute("COMMIT")
            said.append(f"merged {merge[1]} into {merge[0]}: {n} entrant(s) moved")
        else:
            if yes:
                conn.execute("BEGIN IMMEDIATE")
            plan = people.plan_link(conn, names, club, key, every_club, proposal)
            said.append(("linking " if yes else "would link ") + plan.describe())
            said += ["  " + e.label() for e in plan.entrants]
            if yes:
                people.apply_link(conn, plan)
                conn.execute("COMMIT")
                n = len(plan.entrants)
                said.append(f"linked {n} entrant(s)")
            else:
                said.append("nothing linked yet: add --yes to link them")
    except BaseException as err:
        _people_failed(conn, db, err, writing)
        raise
    left = None
    if writing:
        left = _close(conn, db)
    else:
        conn.close()
    for line in said:
        click.echo(line)
    if left is not None:
        _write_failed(left)
    sys.exit(EXIT_VALID if n or not writing else EXIT_INVALID)


@archive.command(name="unlink")
@click.argument("db", metavar="ARCHIVE")
@click.option("--event", required=True, help="The event: its id, or its name (with --date "
              "when several events have it) …")
@click.option("--date", default=None, metavar="DATE", help="… its date (year-month-day, as 2026-03-14) …")
@click.option("--entrant", required=True, help="… and the entrant id there to split off its "
              "person.")
def unlink_cmd(db: str, event: str, date: str | None, entrant: str) -> None:
    """Split an entrant of one event off the person it is linked to (a wrong link). A name
    several events have (every season's "1. Runde") is refused, the events listed (exit 2)."""
    from ..archive import people
    conn = _open(db, write=True)
    try:
        conn.execute("BEGIN IMMEDIATE")
        n = people.unlink(conn, event, entrant, date)
        conn.execute("COMMIT")
    except BaseException as err:
        _people_failed(conn, db, err, True)
        raise
    left = _close(conn, db)
    click.echo(f"unlinked {n} entrant(s)")
    if left is not None:
        _write_failed(left)
    sys.exit(EXIT_VALID if n else EXIT_INVALID)


# -- questions ---------------------------------------------------------------------------------
@archive.command(name="standings")
@click.argument("db", metavar="ARCHIVE")
@click.option("--series", required=True, help="The series (the events' event.series).")
@click.option("--season", default=None, help="Only its events of this season (2025/26).")
@_FORMAT
def standings_cmd(db: str, series: str, season: str | None, fmt: str) -> None:
    """A series' standings per person: each event's cup points summed (as standings --series
    sums them per entrant id; an entrant linked to no person counts by its id)."""
    import json
    from ..tournament.ranking import plain
    from ..tournament.standings import event_column, events_heading, events_json
    from ..archive.queries import series_standings
    conn = _open(db)
    events, ranked = series_standings(conn, series, season)
    if not events:
        click.echo(f"tarockrec: no ranked event of the series {series!r}"
                   + (f" in {season}" if season else ""), err=True)
        sys.exit(EXIT_INVALID)
    named = [(name, date) for _, name, date in events]
    heads = ["rank", "person", "player", "cup_points"] + \
        [event_column(k, *e) if fmt == "csv" else f"event.{k}" for k, e in enumerate(named, 1)]
    rows = [[r.rank, r.key, r.name, plain(r.cup_points),
             *(None if e is None else plain(e) for e in r.events)] for r in ranked]
    if fmt == "json":       # as standings --series: the events, then the rows
        click.echo(json.dumps({"events": events_json(named),
                               "standings": [dict(zip(heads, r)) for r in rows]},
                              ensure_ascii=False, indent=1))
        return
    _emit(heads, rows, fmt, events_heading(named))


@archive.command(name="player")
@click.argument("db", metavar="ARCHIVE")
@click.argument("who")
@_FORMAT
def player_cmd(db: str, who: str, fmt: str) -> None:
    """A person's summary (events, best and average place, cup points per season), history
    event by event (place, total, rank points, cup points) with each round (table, the people
    at it, the result there, the place), and the contracts they played as declarer (played,
    won, lost, average score). WHO: a person's key, id (#3) or name; a name no person is
    linked to yet: its entrants, said to be unlinked, with the command that links them."""
    import json
    import shlex
    from ..archive.people import NoPerson, find, unlinked
    from ..archive.queries import profile, round_line
    conn = _open(db)
    person: dict[str, Any] | None = None
    args: tuple[Any, ...]
    try:
        pid = find(conn, who)
        name, key, club = conn.execute("SELECT name, key, club FROM person WHERE id = ?",
                                       (pid,)).fetchone()
        person = {"id": pid, "key": key, "name": name, "club": club}
        where, args = "n.person_id = ?", (pid,)
    except NoPerson as err:
        if not unlinked(conn, who):
            click.echo(f"tarockrec: {err}, and no entrant of that name (entrants are linked "
                       "to persons by their records' person ids, or by archive link: see "
                       "archive people)", err=True)
            sys.exit(EXIT_INVALID)
        where, args = "n.person_id IS NULL AND n.name = ?", (who,)
    found = profile(conn, where, args)
    events, deals, summed = found["events"], found["declarer"], found["summary"]
    clubs = sorted({e["club"] for e in events if e["club"]})
    command = f"tarockrec archive link {shlex.quote(db)} --name {shlex.quote(who)}" + \
        (f" --club {shlex.quote(clubs[0])}" if len(clubs) > 1 else "")
    if fmt == "json":
        click.echo(json.dumps({"person": person, "linked": person is not None, "name":
                               person["name"] if person else who,
                               "link": None if person else command, "summary": summed,
                               "events": events, "declarer": deals}, ensure_ascii=False,
                              indent=1))
        return
    heads = ["date", "event", "place", "of", "total", "score", "rank_points", "cup_points"]
    dheads = ["contract", "played", "won", "lost", "average"]
    drows = [[d["name"]] + [d[h] for h in dheads[1:]] for d in deals]
    if fmt == "csv":
        _emit(["section"] + heads, [["event"] + [e[h] for h in heads] for e in events], fmt)
        _emit(["section"] + dheads, [["declarer"] + r for r in drows], fmt)
        return
    if person is not None:
        click.echo(" · ".join(str(x) for x in (person["name"], person["club"], person["key"])
                              if x))
    else:
        click.echo(f"{who}: {len(events)} entrant(s) of this name, not linked to a person"
                   + (f" (clubs: {', '.join(clubs)})" if clubs else ""))
        click.echo(f"link them with  {command}" + ("  (one club at a time, or --all)"
                                                    if len(clubs) > 1 else ""))
    cups = " · ".join(f"{s}: {_number(v)}" for s, v in summed["cup_points"].items())
    average = summed["average_place"]
    click.echo(f"events {summed['events']} · best place {summed['best_place'] or '-'} · "
               f"average place {'-' if average is None else f'{average:g}'} · "
               f"cup points {cups or '-'}\n")
    _emit(heads, [[e[h] for h in heads] for e in events], fmt)
    if any(e["rounds"] for e in events):
        click.echo("\nrounds:")
        for e in events:
            if e["rounds"]:
                click.echo(f"{e['date'] or ''} {e['event']}".strip())
                for r in e["rounds"]:
                    click.echo("  " + round_line(r))
    click.echo("\nas declarer:")
    _emit(dheads, drows, fmt)


def _number(x: Any) -> str:
    from ..tournament.ranking import number_text
    return str(number_text(x))


@archive.command(name="stats")
@click.argument("db", metavar="ARCHIVE")
@click.option("--game", default=None, help="Only this game.")
@_FORMAT
def stats_cmd(db: str, game: str | None, fmt: str) -> None:
    """Per game, contract and season: how often it was played and won by its declarer, and
    the declarer's average score."""
    from ..archive.queries import contract_stats
    conn = _open(db)
    found = contract_stats(conn, game)
    heads = ["game", "contract", "season", "played", "won", "won_share", "average"]
    if fmt == "json":       # the id and the name players give it
        heads.insert(2, "name")
    else:                   # the contracts as players name them
        for r in found:
            r["contract"] = r["name"]
    _emit(heads, [[r[h] for h in heads] for r in found], fmt)


@archive.command(name="query")
@click.argument("db", metavar="ARCHIVE")
@click.argument("sql")
@_FORMAT
@click.option("--timeout", "seconds", type=click.FloatRange(min=0, min_open=True),
              default=60.0, show_default=True, help="Stop the query after this many seconds.")
@click.option("--max-rows", type=click.IntRange(min=1), default=1_000_000, show_default=True,
              help="Stop after this many rows.")
def query_cmd(db: str, sql: str, fmt: str, seconds: float, max_rows: int) -> None:
    """Run SQL read-only over the archive's views: events, tables, entrants, deals,
    seat_scores, items, people, findings (their columns: docs/archive.md). The rows are
    written as they come; a query that runs past --timeout, gives more than --max-rows rows
    or needs more memory than its bound is stopped (exit 2)."""
    from ..archive.queries import Limits, QueryError, query
    conn = _open(db)
    try:
        heads, rows = query(conn, sql, Limits(seconds=seconds, rows=max_rows))
        _stream(heads, rows, fmt)
    except QueryError as err:
        click.echo(f"tarockrec: {err.finding.code}: the query was "
                   f"{'stopped' if err.finding.code == 'ARCHIVE-LIMIT' else 'refused'}: {err}",
                   err=True)
        sys.exit(EXIT_UNREADABLE)
