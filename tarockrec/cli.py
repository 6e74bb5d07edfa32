"""The ``tarockrec`` command line: validate, convert, score, generate, rules, schema."""
from __future__ import annotations

import errno
import io
import json
import os
import signal
import sys
import time
from typing import Any, Iterator, Mapping, NoReturn

import click

from . import games, parallel, report, schema
from .atomic import Terminated
from .codecs import jsonio
from .findings import Finding
from .sources import entries, expand

from .command import (EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID, _cannot_write,  # noqa: F401
                      _jobs, _Progress, run)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tarockrec")
def main() -> None:
    """Record, check and convert deals of Königrufen, Illustrated Tarokk, Cego,
    Carinthian Tarock and Ulti."""


def _allow_outside(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    from . import sources
    sources.ALLOW_SOURCE_OUTSIDE = bool(value)   # set every time: a flag of this run only


#: ``--allow-source-outside`` of the commands that read a tournament's tables
allow_source_outside = click.option(
    "--allow-source-outside", is_flag=True, expose_value=False, callback=_allow_outside,
    help="Read a tournament table's `source` even where it leads out of the tournament's "
         "folder (refused by default: TOURN-SOURCE; docs/tournaments.md).")


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
    from .command import validate_command
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
                from .validate import _place
                found = _place(schema.explain(entry.record), entry.lines, entry.line)
                problems.extend(_named(entry, f) for f in found)
                raise _Abort()
            if sheet:
                yield _sheet_of(entry)
            else:
                yield entry.record

    chunks = _serialise(records(), fmt)
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


class _Abort(Exception):
    pass


def _named(entry: Any, f: Finding) -> str:
    """A finding of ``convert`` with its file and record, and its line named once: the
    finding's own where it has one, else the record's."""
    if f.line is not None:
        return f"{entry.source} #{entry.index}: {f}"
    return f"{report.label(entry, True)}: {f}"


def _sheet_of(entry: Any) -> Any:
    """``convert --sheet``: the record's score sheet, or its errors and ``_Abort``."""
    from .sheet import NotSheetable, to_sheet
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
    from .atomic import WriteError, write_atomic
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


def _serialise(records: Iterator[Any], fmt: str) -> Iterator[str]:
    if fmt == "jsonl":
        for rec in records:
            yield jsonio.dumps(rec, compact=True) + "\n"
        return
    if fmt == "xml":
        from .codecs import xmlio
        yield from xmlio.iter_dumps(records)
        return
    if fmt == "text":
        from .codecs import textio
        yield from textio.iter_dumps(records)
        return
    first = next(records, None)
    second = next(records, None)
    if first is None:
        yield "[]\n"
        return
    if second is None:
        yield jsonio.dumps(first)
        return
    yield "["
    sep = "\n"
    for rec in (first, second, *records):   # streamed: one record in memory at a time
        text = jsonio.dumps(rec).rstrip("\n")
        yield sep + "  " + text.replace("\n", "\n  ")
        sep = ",\n"
    yield "\n]\n"


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json", "xlsx"]),
              default="text", show_default=True,
              help="A breakdown per deal (text), or a table for a spreadsheet or pandas: one "
                   "row per deal and seat with every score item and the total (csv, xlsx: a "
                   "workbook on stdout, or json: an array of row objects).")
@allow_source_outside
def score(paths: tuple[str, ...], fmt: str) -> None:
    """Show the recomputed score of every deal in PATHS as a breakdown table."""
    out = sys.stdout
    if fmt == "xlsx":
        from .tables import command
        from .workbook import csv_to_xlsx
        buf = io.StringIO()
        code = command(expand(paths), "csv", buf, sys.stderr)
        _write_binary(csv_to_xlsx(buf.getvalue(), "score"))
        sys.exit(code)
    if fmt != "text":
        from .tables import command
        sys.exit(command(expand(paths), fmt, sys.stdout, sys.stderr))
    status = EXIT_VALID
    files = expand(paths)
    progress = _Progress(files)
    from .tables import reports
    for entry, rep in reports(files):
        progress.close()                  # wiped before the record's lines, drawn after them
        many = entry.index > 1
        out.write(f"{report.label(entry, many)}{f' ({rep.game})' if rep.game else ''}\n")
        if entry.problem is not None:
            status = EXIT_UNREADABLE
        elif not rep.valid:
            status = max(status, EXIT_INVALID)
        for f in rep.findings:
            out.write(f"  {f}\n")
        if rep.tables is not None and rep.kind == "tournament":
            for table in rep.tables:
                _score_table(out, table)
        else:
            _score_deals(out, rep.scores, rep.totals, _players(entry.record))
        progress.tick(entry.source, entry.offset)
    progress.close()
    sys.exit(status)


def _score_deals(out: Any, scores: list[Any], totals: list[int] | None,
                 names: list[str] | None, whole: str = "session") -> None:
    """The breakdown of every deal of a deal or session record, and the session's totals."""
    for i, sc in enumerate(scores):
        if sc is None:
            continue
        if len(scores) > 1:
            out.write(f"  deal {i + 1}\n")
        out.write(_table(sc, names))
    if totals is not None:
        out.write(f"  {whole} totals: " + "  ".join(f"{t:+d}" for t in totals) + "\n")
        if any(sc is not None and sc.money is not None for sc in scores):
            money = [sum((sc.money or sc.deltas)[s] for sc in scores if sc is not None)
                     for s in range(len(totals))]
            out.write(f"  {whole} money:  " + "  ".join(f"{t:+d}" for t in money) + "\n")


def _score_table(out: Any, table: Any) -> None:
    """One table of a tournament: who sat where, every deal's breakdown, the table's result."""
    names = table.names
    who = ", ".join(f"{e} ({names[s]})" if s < len(names) else e
                    for s, e in enumerate(table.seats))
    out.write(f"  round {table.round + 1}, table {table.name}: {who}\n")
    rep = table.report
    if rep is None:
        if table.totals is not None:
            out.write("  only the table's totals are written: "
                      + "  ".join(f"{t:+d}" for t in table.totals) + "\n")
        return
    _score_deals(out, rep.scores, rep.totals, names, "table")


def _players(record: Any) -> list[str] | None:
    names = record.get("players") if isinstance(record, dict) else None
    if isinstance(names, list) and all(isinstance(x, str) for x in names):
        return names
    return None


def _table(sc: Any, names: list[str] | None = None) -> str:
    """The breakdown: one row per item, one column per seat headed by the player's name;
    columns as wide as their longest entry."""
    n = len(sc.deltas)
    heads = [f"{names[s]} ({s})" if names and s < len(names) else f"seat {s}" for s in range(n)]
    rows = [(it.name, str(it.base), str(it.multiplier), [f"{d:+d}" for d in it.deltas],
             it.note) for it in sc.items]
    rows.append(("total", "", "", [f"{d:+d}" for d in sc.deltas], ""))
    if sc.money is not None:         # kontras counted for money only: the Geld beside it
        rows.append(("money", "", "", [f"{d:+d}" for d in sc.money],
                     "the money (Geld): with the kontras the score leaves out"))
    wn = max(len("item"), *(len(r[0]) for r in rows))
    wb = max(len("base"), *(len(r[1]) for r in rows))
    wm = max(1, *(len(r[2]) for r in rows))
    ws = [max(len(heads[s]), *(len(r[3][s]) for r in rows if s < len(r[3]))) for s in range(n)]

    def line(name: str, base: str, mult: str, cells: list[str], note: str) -> str:
        seats = "  ".join(f"{c:>{w}}" for c, w in zip(cells, ws))
        return (f"    {name:<{wn}}  {base:>{wb}}  {mult:>{wm}}  {seats}"
                + (f"   {note}" if note else "")).rstrip()

    facts = ", ".join(f"{k} {v}" for k, v in sc.facts.items() if v is not None)
    out = [f"    {facts}", line("item", "base", "×", heads, "")]
    out += [line(*r) for r in rows]
    return "\n".join(out) + "\n"


@main.command()
@click.argument("game")
@click.option("-n", "count", type=click.IntRange(1), default=1,
              help="Number of deals (per session with --sessions).")
@click.option("--sessions", type=click.IntRange(1), default=None,
              help="Write this many session records of COUNT deals each: the carried state "
                   "(doubling periods) and the dealer pass from deal to deal.")
@click.option("--rules", "ruleset", default="default", show_default=True, metavar="NAME",
              help="The named rule set of the generated deals (tarockrec rules GAME lists them).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A rule option for the generated deals (repeatable), e.g. "
                   "redeal_no_king_no_tarock=on; it overrides that point of --rules.")
@click.option("--seed", type=int, default=None, help="Random seed (same seed, same deals).")
@click.option("--players", type=int, default=None,
              help="Table size where the game has several (default: the first one).")
@click.option("--tournament", "entrants", type=click.IntRange(1), default=None,
              metavar="ENTRANTS", help="Write one tournament record instead: ENTRANTS entrants "
              "seated at random each round at tables of the game's sizes, each table playing "
              "12 deals a round, or the rule set's deals per round where it sets them (the "
              "default rule sets do not; docs/tournaments.md).")
@click.option("--rounds", type=click.IntRange(1), default=3, show_default=True,
              help="With --tournament: the number of rounds.")
@click.option("-o", "output", default=None, metavar="FILE",
              help="Write to FILE instead of stdout.")
@click.option("--force", "-f", is_flag=True, help="Overwrite FILE if it exists.")
def generate(game: str, count: int, sessions: int | None, ruleset: str, options: tuple[str, ...],
             seed: int | None, players: int | None, entrants: int | None, rounds: int,
             output: str | None, force: bool) -> None:
    """Play COUNT random legal deals of GAME through the engine and write them as JSON Lines.

    GAME is one of the games that stand (listed below). Defaults: one deal, a random seed,
    the game's default rule set and its first table size, the dealer rotating from seat 0.
    Example: tarockrec generate koenigrufen -n 100 --seed 7 -o deals.jsonl"""
    from .errors import RulesError
    from .generate import deal_records, session_records
    g = games.get(game)
    if g is None:
        raise click.BadParameter(games.unknown(game), param_hint="GAME")
    if players is not None and players not in g.table_sizes:
        raise click.UsageError(f"{g.title} is played by {' or '.join(map(str, g.table_sizes))} players")
    if output:
        _check_target(output, force)
    chosen: dict[str, Any] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise click.UsageError(f"--option {item!r}: write NAME=VALUE")
        chosen[name] = _option_value(value)
    try:
        rules = (g.rules({"name": ruleset, "options": chosen})
                 if chosen or ruleset != "default" else None)
    except RulesError as err:
        raise click.UsageError(err.message) from None
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    lines: Iterator[str]
    if entrants is not None:
        from .generate import tournament_record
        try:
            rec = tournament_record(game, entrants, rounds, seed, rules)
        except ValueError as err:
            raise click.UsageError(str(err)) from None
        lines = iter([jsonio.dumps(rec)])
    else:
        records = (session_records(game, sessions, count, seed, players, rules) if sessions
                   else deal_records(game, count, seed, players, rules))
        lines = (jsonio.dumps(r, compact=True) + "\n" for r in records)
    if output:
        _write_file(output, lines, force)
    else:
        out = sys.stdout
        for line in lines:
            out.write(line)


generate.epilog = "Games: " + ", ".join(sorted(games.MODULES)) + "."


@main.command(name="add-deals")
@click.argument("tournament")
@click.argument("session")
@click.option("--round", "round_no", type=click.IntRange(1), required=True, metavar="R",
              help="The round of the table (from 1).")
@click.option("--table", "table_name", required=True, metavar="NAME",
              help="The table's name (an unnamed table: its place in the round, 1, 2, …).")
@click.option("-o", "output", required=True, metavar="OUT",
              help="The tournament file to write (TOURNAMENT itself only with --force).")
@click.option("--sheet", is_flag=True, help="Reduce the session to score sheets first, as "
              "convert --sheet does (it must be valid).")
@click.option("--replace", is_flag=True, help="Replace the play the table already has.")
@click.option("--force", "-f", is_flag=True, help="Overwrite OUT if it exists.")
def add_deals(tournament: str, session: str, round_no: int, table_name: str, output: str,
              sheet: bool, replace: bool, force: bool) -> None:
    """Put the session record in SESSION (one table's deals: full records, or the score
    sheets convert --sheet makes) into table NAME of round R of the tournament in TOURNAMENT,
    written to OUT whole or not at all. The session must be the table's: the tournament's game
    and rules, played by the seated entrants in seat order. Check the result with validate.
    Exit 0: written; 1: the session is not valid (with --sheet) or not the table's; 2:
    unreadable input or bad usage."""
    from .director import NotTheTable, put_session
    _check_target(output, force)
    tour, played = (_one_record(p, what) for p, what in
                    ((tournament, "a tournament record (rounds)"),
                     (session, "a session record (deals)")))
    if sheet:
        try:
            played = _sheet_of(_one_entry(session))
        except _Abort:
            click.echo(f"nothing written to {output}", err=True)
            sys.exit(EXIT_INVALID)
    try:
        rec = put_session(tour, played, round_no, table_name, replace)
    except NotTheTable as err:
        click.echo(f"tarockrec: {err}; nothing written", err=True)
        sys.exit(EXIT_INVALID)
    _write_file(output, iter([jsonio.dumps(rec)]), force)
    click.echo(f"put {len(played['deals'])} deal(s) into table {table_name} of round "
               f"{round_no}: {output} (tarockrec validate {output} checks them)", err=True)


def _one_entry(path: str) -> Any:
    """The one record of ``path``, as its entry; an unreadable file or one of several
    records is one line on stderr and exit 2."""
    found = list(entries(path))
    if len(found) == 1 and found[0].problem is not None:
        click.echo(report.unreadable(found[0]), err=True)
        sys.exit(EXIT_UNREADABLE)
    if len(found) != 1 or not isinstance(found[0].record, dict):
        click.echo(f"tarockrec: {path} must hold one record, not {len(found)}", err=True)
        sys.exit(EXIT_UNREADABLE)
    return found[0]


def _one_record(path: str, what: str) -> dict[str, Any]:
    record: dict[str, Any] = _one_entry(path).record
    key = "rounds" if "rounds" in what else "deals"
    if key not in record or not schema.fast_check(record):
        click.echo(f"tarockrec: {path} must hold {what} of the notation's shape "
                   f"(tarockrec validate {path} says what is wrong)", err=True)
        sys.exit(EXIT_UNREADABLE)
    return record


@main.command()
@click.argument("tournament", required=False)
@click.option("-o", "out", required=True, metavar="DIR",
              help="The folder to write the site into (made if missing).")
@click.option("--force", "-f", is_flag=True, help="Replace a site written earlier into DIR "
              "(a folder holding anything else is never replaced).")
@click.option("--archive", "archive_db", default=None, metavar="ARCHIVE",
              help="Publish an archive (docs/archive.md) instead of one tournament: its series "
                   "standings per season, every event, a page per person, a search box.")
@allow_source_outside
def publish(tournament: str | None, out: str, force: bool, archive_db: str | None) -> None:
    """Write TOURNAMENT as a static, self-contained site into DIR: the standings
    (index.html), a page per round with its tables, and a page per table with its sheet and
    every deal drawn and stepped through as show --html draws it (docs/tournaments.md).
    With --archive, the archive's site (docs/archive.md). The site is switched in whole, or
    DIR is left as it was."""
    from .publish import publish as build
    if (tournament is None) == (archive_db is None):
        raise click.UsageError("give either TOURNAMENT or --archive ARCHIVE")
    if archive_db is not None:
        from .archive.commands import open_or_exit
        from .archive.site import publish_archive
        status, messages = publish_archive(open_or_exit(archive_db), out, force)
    else:
        status, messages = build(str(tournament), out, force)
    for m in messages:
        click.echo(m, err=status != 0)
    sys.exit(status)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json", "html", "xlsx"]),
              default="text", show_default=True,
              help="A table (text), a spreadsheet (csv, or an .xlsx workbook on stdout), one "
                   "object per row (json: rank, player, total and the parts of the total), or "
                   "a page (html).")
@click.option("--series", "mode", flag_value="series",
              help="The cup series: each tournament's cup points summed per entrant; "
              "the events are numbered by date (event.1, …), as archive standings does; "
              "csv, xlsx and html head each event's column with its name and date, json "
              "lists the events (number, name, date) beside the rows.")
@click.option("--teams", "mode", flag_value="teams",
              help="The teams: their members' totals summed.")
@click.option("--derived", is_flag=True,
              help="Where the written standings differ from the derived ones (and nothing else "
                   "is wrong), print the derived standings anyway, marked as differing.")
@allow_source_outside
def standings(paths: tuple[str, ...], fmt: str, mode: str | None, derived: bool) -> None:
    """The standings of the tournaments in PATHS (files of tournament records), derived from
    their tables as the rule set ranks them (docs/tournaments.md). A tournament that is not
    valid is not ranked: its findings go to stderr with a line that says why nothing was
    ranked, and the exit code is 1 (2: unreadable). With --derived, a tournament whose only
    fault is written standings that differ is ranked as derived, marked so (exit code 1).
    --teams where no entrant has a team exits 2; a series whose rule sets give no cup points
    says so on stderr."""
    from .standings import Ranked, cannot_rank, render
    from .validate import validate_record
    status = EXIT_VALID
    ranked: list[Ranked] = []
    for path in expand(paths):
        for entry in entries(path):
            if entry.problem is not None:
                click.echo(report.unreadable(entry), err=True)
                status = EXIT_UNREADABLE
                continue
            rec = entry.record
            if not isinstance(rec, dict) or "rounds" not in rec:
                click.echo(f"{report.label(entry, True)}: not a tournament record (no rounds)",
                           err=True)
                status = max(status, EXIT_INVALID)
                continue
            rep = validate_record(rec, entry.index, entry.line, entry.lines, origin=entry.source)
            for f in rep.findings:
                if f.severity == "error":
                    click.echo(f"{report.label(entry, True)}: {f}", err=True)
            event: dict[str, Any] = rec["event"] if isinstance(rec.get("event"), dict) else {}
            name = str(event.get("name") or entry.source)
            if not rep.valid or rep.standings is None:
                status = max(status, EXIT_INVALID)
                differ = _only_standings_differ(rep)
                if not (derived and differ and rep.standings is not None):
                    click.echo(f"{report.label(entry, True)}: nothing was ranked: "
                               + _why_not_ranked(rep, differ), err=True)
                    continue
                name += " (DERIVED: differs from the written standings)"
            cup = any(row.rules.gives_cup_points for row in rep.standings[:1])
            date = event.get("date")
            ranked.append(Ranked(entry.source, name, rep.standings, cup,
                                 date if isinstance(date, str) else None,
                                 str(event.get("name") or "")))
    why = cannot_rank(ranked, mode or "entrants") if ranked else None
    if why is not None:
        click.echo(f"tarockrec: {why}", err=True)
        if mode == "teams":             # nothing to show: bad usage of --teams
            sys.exit(EXIT_UNREADABLE)
    if ranked and fmt == "xlsx":
        from .workbook import csv_to_xlsx
        _write_binary(csv_to_xlsx(render(ranked, mode or "entrants", "csv"), "standings"))
    elif ranked:
        sys.stdout.write(render(ranked, mode or "entrants", fmt))
    sys.exit(status)


def _write_binary(data: bytes) -> None:
    """A workbook on stdout (refused on a terminal, where it would be noise)."""
    if sys.stdout.isatty():
        click.echo("tarockrec: an .xlsx workbook is binary; redirect stdout to a file", err=True)
        sys.exit(EXIT_UNREADABLE)
    sys.stdout.flush()
    sys.stdout.buffer.write(data)


def _only_standings_differ(rep: Any) -> bool:
    """Whether the only errors of a tournament are written standings that differ."""
    errors = [f.code for f in rep.findings if f.severity == "error"]
    return bool(errors) and set(errors) == {"TOURN-STANDINGS"}


def _why_not_ranked(rep: Any, differ: bool) -> str:
    """``standings``: why a tournament gives no standings, in one sentence."""
    n = sum(1 for f in rep.findings if f.severity == "error")
    if differ:
        return ("its written standings differ from the ones its tables give (above); "
                "standings --derived prints the derived ones")
    if rep.standings is None:
        return (f"the tournament is not valid ({n} finding(s) above) and some table's result "
                "is not known, so no standings can be derived")
    return f"the tournament is not valid ({n} finding(s) above)"


def _option_value(text: str) -> Any:
    """A rule option value from the command line: a whole number, true/false, or a word."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text, text)


@main.command(name="show")
@click.argument("paths", nargs=-1, required=True)
@click.option("--deal", type=click.IntRange(1), default=None, metavar="K",
              help="Show only deal K (from 1) of a session.")
@click.option("--record", type=click.IntRange(1), default=None, metavar="N",
              help="Show only the N-th record (from 1) of each archive.")
@click.option("--color/--no-color", "colour", default=None,
              help="Coloured suits (default: when stdout is a terminal and NO_COLOR is not "
                   "set).")
@click.option("--html", "html_out", default=None, metavar="OUT",
              help="Write one self-contained HTML page to OUT instead (cards drawn, a step "
                   "per trick, keys ← → Home End; a session lists its deals); '-' = stdout.")
@click.option("--force", "-f", is_flag=True, help="With --html: overwrite OUT if it exists.")
@click.option("--max-deals", type=click.IntRange(1), default=None, metavar="N",
              help="With --html: the most deals the page may hold (default 1000); past it "
                   "nothing is written.")
@allow_source_outside
def show_cmd(paths: tuple[str, ...], deal: int | None, record: int | None,
             colour: bool | None, html_out: str | None, max_deals: int | None,
             force: bool) -> None:
    """Show each deal of the records in PATHS as a person reads it: the hands with dealer and
    forehand, the talon, the auction by seat, the exchange, the declarations, the tricks with
    leader and winner, and the score. An invalid record is shown up to its first finding.
    Exit 0: all valid; 1: some invalid; 2: unreadable, or no such record or deal."""
    from .show import show
    if html_out is not None:
        _show_html(expand(paths), html_out, deal, record, max_deals, force)
    if max_deals is not None or force:
        raise click.UsageError(f"{'--max-deals' if max_deals is not None else '--force'} goes "
                               "with --html")
    if colour is None:
        colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.exit(show(expand(paths), sys.stdout, deal, record, colour))


def _show_html(paths: list[str], target: str, deal: int | None, record: int | None,
               max_deals: int | None, force: bool) -> None:
    """``show --html``: the page is written whole or not at all (as by ``convert``), an
    existing OUT only with ``--force``; an input is never overwritten; OUT '-' is stdout
    (then every message goes to stderr)."""
    from .htmlpage import MAX_DEALS, write_html
    to_stdout = target == "-"
    if not to_stdout:
        if any(p != "-" and _same_file(p, target) for p in paths):
            raise click.UsageError("OUT is one of the inputs; an input is never overwritten")
        _check_target(target, force)

    def write(path: str, chunks: Iterator[str]) -> None:
        if to_stdout:
            for chunk in chunks:
                sys.stdout.write(chunk)
            sys.stdout.flush()
        else:
            _write_file(path, chunks, force)

    status, messages = write_html(paths, target, deal, record, write=write,
                                  max_deals=MAX_DEALS if max_deals is None else max_deals)
    for m in messages:
        click.echo(m, err=to_stdout or not m.startswith("wrote "))
    sys.exit(status)


@main.command(name="import")
@click.argument("source", type=click.Choice(["akos", "csv", "sheet"]))
@click.argument("database", metavar="FILE")
@click.option("-o", "output", default=None, metavar="OUT", help="Write to OUT instead of stdout.")
@click.option("--force", "-f", is_flag=True, help="Overwrite OUT if it exists.")
@click.option("--game", default=None, metavar="GAME", help="csv, sheet (required): the "
              "tournament's game.")
@click.option("--rules", "rules_name", default=None, metavar="NAME",
              help="csv, sheet: its rule set's name.")
@click.option("--event", default=None, metavar="NAME", help="csv, sheet: the event's name.")
@click.option("--deals", "deals_path", default=None, metavar="FILE",
              help="csv, sheet: the tables' deals, one row per deal (a workbook's sheet "
                   "'deals' is read without it).")
def import_cmd(source: str, database: str, output: str | None, force: bool, game: str | None,
               rules_name: str | None, event: str | None, deals_path: str | None) -> None:
    """Import FILE, written by another program, as tarockrec records.

    akos: FILE a database; as JSON Lines records. The Illustrated Tarokk games of an AkosUzonyi/Tarock server database (SQLite), under
    the rule set "akos" (docs/akos.md); one session record per game session. Games of other
    types and games that cannot be imported are listed on stderr as findings, then a summary
    line. Exit 0: every Illustrated game imported; 1: some were not, or not as they stood (a
    name no record can carry); 2: the database cannot be read.
    Example: tarockrec import akos tarock.db -o games.jsonl

    csv, sheet: FILE a tournament director's spreadsheet, read as the subcommand says (csv: a
    CSV file; sheet: an .xlsx workbook), one row per entrant per round and table
    (docs/tournaments.md); as one tournament record (JSON, on one line); --game is required.
    Example: tarockrec import sheet cup.xlsx --game koenigrufen --rules tiroler_cup"""
    if output:
        _check_target(output, force)
    if source != "akos":
        sys.exit(_import_sheet(database, game, rules_name, event, deals_path, output, force,
                               xlsx=source == "sheet"))
    from .importers.akos import DatabaseError, import_database
    try:
        result = import_database(database)
    except DatabaseError as err:
        click.echo(f"tarockrec: {err.message}", err=True)
        sys.exit(EXIT_UNREADABLE)
    lines = (jsonio.dumps(r, compact=True) + "\n" for r in result.records)
    if output:
        _write_file(output, lines, force)
    else:
        for line in lines:
            sys.stdout.write(line)
    for f in result.findings:
        click.echo(f"{f} ({f.severity})", err=True)
    click.echo(result.summary(), err=True)
    bad = any(f.severity != "info" for f in result.findings)
    sys.exit(EXIT_INVALID if bad else EXIT_VALID)


def _unknown_game_or_rules(game: str | None, rules_name: str | None) -> str:
    """Why ``import csv|sheet`` cannot make a record of GAME under RULES ('' when it can)."""
    from .errors import RulesError
    if game is None:
        return "import csv|sheet needs --game GAME"
    found = games.get(game)
    if found is None:
        known = ", ".join(sorted(games.all_games()))
        return f"--game {game}: not a game tarockrec checks ({known})"
    try:
        found.rules({"name": rules_name or "default"})
    except RulesError as err:
        if err.code == "RULES-UNKNOWN":
            return f"--rules: {err.message}"
    return ""


def _import_sheet(path: str, game: str | None, rules_name: str | None, event: str | None,
                  deals: str | None, output: str | None, force: bool, xlsx: bool) -> int:
    """``import csv|sheet``: the record on stdout or OUT, each problem on stderr naming its
    sheet, row and column. ``xlsx``: the files are workbooks (``sheet``), else CSV."""
    from .workbook import WorkbookError, import_sheet, read_deals, read_sheet
    unknown = _unknown_game_or_rules(game, rules_name)
    if unknown or game is None:
        click.echo(f"tarockrec: {unknown}; nothing was written", err=True)
        return EXIT_UNREADABLE
    try:
        deal_sheet = read_deals(deals, xlsx) if deals else \
            read_deals(path, xlsx) if xlsx else None
        imported = import_sheet(read_sheet(path, xlsx), game, rules_name, event, deal_sheet)
    except WorkbookError as err:
        click.echo(f"tarockrec: {err}", err=True)
        return EXIT_UNREADABLE
    for f in imported.findings:
        click.echo(f"{f.code}: {f.message}", err=True)
    if imported.record is None:
        return EXIT_INVALID
    line = jsonio.dumps(imported.record, compact=True) + "\n"
    if output:
        _write_file(output, iter([line]), force)
    else:
        sys.stdout.write(line)
    return EXIT_VALID


@main.command(name="codes")
@click.argument("game", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def codes_cmd(game: str | None, fmt: str) -> None:
    """List the finding codes (those of GAME and the shared ones, or all): severity, the rules
    section each enforces and what it means. A section such as §5.4 or G19 is a heading of
    docs/rules/<game>.md; --format json gives its link."""
    from .codes import catalogue, listed
    from .games import all_games

    if game is not None and game not in all_games():
        raise click.BadParameter(games.unknown(game), param_hint="GAME")
    entries = list(catalogue(game).values())
    if fmt == "json":
        _echo_json(listed(game))
        return
    width = max(len(c.code) for c in entries)
    sev = max(len(c.severity) for c in entries)
    sec = max(len(c.section) for c in entries)      # columns as wide as their longest value
    for c in entries:
        note = f" (unreachable: {c.unreachable})" if c.unreachable else ""
        click.echo(f"{c.code:<{width}}  {c.severity:<{sev}}  {c.section:<{sec}}  "
                   f"{c.meaning}{note}")


def _echo_json(value: Any) -> None:
    """``--format json`` of every command in one style (``score``'s, and ``validate``'s lines):
    one compact object a line, an array's items between ``[`` and ``]`` lines."""
    if isinstance(value, list):
        click.echo(report.json_array(value), nl=False)
    else:
        click.echo(report.json_line(value), nl=False)


def _ruleset_summary(doc: Any) -> dict[str, Any]:
    src = doc.provenance["source"]
    return {"game": doc.game, "name": doc.name, "title": doc.title, "complete": doc.complete,
            "source": src.get("url") or src.get("path"), "source_title": src["title"],
            "source_date": src.get("date")}


def _ruleset_detail(doc: Any) -> dict[str, Any]:
    """One rule set: every option of the game with its value in this set, its default, its
    meaning, its section of the rules document and the section of the set's source."""
    from .games import all_games

    rules = all_games()[doc.game].Rules
    options = []
    for o in rules.options:
        value = doc.options.get(o.name, o.default)
        options.append({"name": o.name, "value": value, "default": o.default,
                        "meaning": o.meaning, "rules_section": o.section,
                        "source_section": doc.sections.get(o.name),
                        "supported": o.supported is None or value in o.supported})
    return dict(_ruleset_summary(doc), provenance=dict(doc.provenance), options=options,
                tournament=dict(doc.tournament) if doc.tournament else None)


def _tournament_lines(block: Mapping[str, Any] | None) -> list[str]:
    """A rule set's ``tournament`` block for a director: each value with its source, then
    what was decided where the source cannot be read (docs/tournaments.md)."""
    if not block:
        return []
    sources = block.get("sources", {})
    out = []
    for key, value in block.items():
        if key in ("sources", "decided"):
            continue
        if key == "rank_points_by_round":
            value = "; ".join(f"round {r}: " + "; ".join(f"table of {k}: {v}"
                                                       for k, v in m.items())
                              for r, m in value.items())
        elif key in ("deals_per_round", "rank_points"):
            value = "; ".join(f"table of {k}: {v}" for k, v in value.items())
        src = f" [source {sources[key]}]" if key in sources else ""
        out.append(f"- `{key}` = {value}{src}")
    out += [f"- decided: {d}" for d in block.get("decided", ())]
    return out


def _changelog_lines() -> list[str]:
    """docs/rulesets.md's changelog (tarockrec/rulesets/changelog.json): each change of a
    shipped set's tournament block that can rank a tournament differently, and why."""
    from . import rulesets
    entries = json.loads((rulesets.HERE / "changelog.json").read_text(encoding="utf-8"))
    out = ["## Changelog", "",
           "Changes to shipped rule sets that rank a tournament (or a series) differently, "
           "newest first: a value changes only when a source replaces a decision or a better "
           "source is found.", ""]
    for e in entries:
        keys = ", ".join(f"`{k}`" for k in e["keys"])
        out.append(f"- {e['date']}, `{e['rule_set']}` ({keys}): {e['change']}. Why: "
                   f"{e['why']}. Rankings: {e['ranks']}.")
    return out + [""]


def _short(section: str) -> str:
    """A source section without its parenthesised quotation (for a table cell)."""
    return section.split(" (", 1)[0]


def rulesets_markdown(game: str | None = None) -> str:
    """docs/rulesets.md: every shipped rule set against its game's default, point by point,
    with the source of each value (``tarockrec rules --format markdown``); with ``game``, that
    game's section only."""
    from . import rulesets
    from .games import all_games

    out = ["# Rule sets", "",
           "<!-- written by `tarockrec rules --format markdown`; tests/test_rulesets.py checks "
           "that this file is up to date -->", "",
           "A rule set is a named set of option values of one game, shipped as data in "
           "`tarockrec/rulesets/<game>/<name>.json` and checked against "
           "`tarockrec/rulesets/ruleset.schema.json`. Each file gives its provenance: the source "
           "document (title, URL or project path, date) and, for every value that differs from "
           "the game's default, the section of that source that fixes it. A record selects one "
           "with `\"rules\": {\"name\": \"…\"}`; `\"options\"` beside the name override "
           "single points; an unknown name is `RULES-UNKNOWN`, naming the known sets. "
           "`tarockrec rules [GAME] [NAME] [--format json]` lists the sets and prints one, every "
           "option with its value, meaning and source.", "",
           "A rule set that needs rules this version does not implement is shipped marked "
           "**incomplete**: its values are recorded with their sources, the missing rules are "
           "listed under *not yet supported*, and a record naming it is refused with "
           "`OPTION-UNSUPPORTED` (never scored by approximation). Only the opening parts of "
           "some sources were available to the research; what a source says beyond them is not "
           "recorded.", ""]
    chosen = [game] if game is not None else sorted(all_games())
    if game is not None:
        out = []
    out += ["## The rule sets", "", "| game | name | complete | source | date |",
            "| --- | --- | --- | --- | --- |"]
    for game in chosen:
        for doc in rulesets.for_game(game).values():
            src = doc.provenance["source"]
            where = src.get("url") or src.get("path")
            link = f"[{src['title']}]({where})" if src.get("url") else f"{src['title']} (`{where}`)"
            out.append(f"| {game} | `{doc.name}` | {'yes' if doc.complete else '**no**'} | "
                       f"{link} | {src.get('date') or 'undated'} |")
    out.append("")
    for game in chosen:
        docs = rulesets.for_game(game)
        rules = all_games()[game].Rules
        others = [d for n, d in docs.items() if n != "default"]
        out += [f"## {all_games()[game].title or game}", ""]
        if not others:
            out += ["Only the default rule set (`tarockrec rules " + game + " default`: every "
                    "option with its default, meaning and rules-document section).", ""]
            continue
        head = "| option | meaning | default | " + " | ".join(f"`{d.name}`" for d in others) + " |"
        out += ["Every option that a rule set of this game fixes; a cell gives the set's value "
                "and the section of its source (**bold**: differs from the default; *not yet "
                "supported*: the engine refuses that value today; ·: the source does not "
                "say, the default applies).", "", head,
                "| --- | --- | --- |" + " --- |" * len(others)]
        for o in rules.options:
            if not any(o.name in d.options for d in others):
                continue
            cells = []
            for d in others:
                if o.name not in d.options:
                    cells.append("·")
                    continue
                value = d.options[o.name]
                text = f"**{value}**" if value != o.default else f"{value}"
                if o.supported is not None and value not in o.supported:
                    text += " *not yet supported*"
                sec = d.sections.get(o.name)
                cells.append(f"{text} — {_short(sec)}" if sec else text)
            out.append(f"| `{o.name}` | {o.meaning} | {o.default} — {o.section} | "
                       + " | ".join(cells) + " |")
        out.append("")
        for d in others:
            prov = d.provenance
            out += [f"### `{d.name}`: {d.title}", ""]
            for label, ref in [("Source", prov["source"])] + [("Also", b) for b in
                                                             prov.get("based_on", [])]:
                where = ref.get("url") or ref.get("path")
                out.append(f"- {label}: {ref['title']} — <{where}> ({ref.get('date') or 'undated'})")
            for key, sec in d.sections.items():
                out.append(f"- `{key}` = {d.options.get(key, '?')}: {sec}")
            if d.not_yet_supported:
                out.append("- Not yet supported:")
                for m in d.not_yet_supported:
                    opt = f" (option `{m['option']}`)" if m.get("option") else ""
                    out.append(f"  - {m['rule']} — {m['section']}{opt}")
            if prov.get("notes"):
                out.append(f"- Notes: {prov['notes']}")
            out += [f"- Decided: {x}" for x in prov.get("decided", ())]
            if d.tournament:
                out.append("- Tournament (standings, docs/tournaments.md):")
                out += ["  " + line for line in _tournament_lines(d.tournament)]
            out.append("")
    if len(chosen) > 1:
        out += _changelog_lines()
    return "\n".join(out)


def _ruleset_markdown(detail: dict[str, Any]) -> str:
    """``rules GAME NAME --format markdown``: one rule set, every option with its value."""
    def cell(text: Any) -> str:
        return str(text).replace("|", "\\|").replace("\n", " ")

    prov = detail["provenance"]
    out = [f"### `{detail['name']}`: {cell(detail['title'])}", ""]
    if not detail["complete"]:
        out += ["**Incomplete**: needs rules this version does not support (records naming it "
                "are refused with `OPTION-UNSUPPORTED`).", ""]
    for label, ref in [("Source", prov["source"])] + [("Also", b) for b in
                                                     prov.get("based_on", [])]:
        where = ref.get("url") or ref.get("path")
        out.append(f"- {label}: {ref['title']} — <{where}> ({ref.get('date') or 'undated'})")
    out += ["", "| option | value | default | meaning | source |", "| --- | --- | --- | --- | --- |"]
    for o in detail["options"]:
        value = f"**{o['value']}**" if o["value"] != o["default"] else f"{o['value']}"
        if not o["supported"]:
            value += " *not yet supported*"
        src = (o["source_section"] if o["source_section"]
               else f"docs/rules/{detail['game']}.md {o['rules_section']}")
        out.append(f"| `{o['name']}` | {value} | {o['default']} | {cell(o['meaning'])} | "
                   f"{cell(src)} |")
    for m in prov.get("not_yet_supported", []):
        opt = f" (option `{m['option']}`)" if m.get("option") else ""
        out.append(f"- Not yet supported: {m['rule']} — {m['section']}{opt}")
    if prov.get("notes"):
        out += ["", f"Notes: {prov['notes']}"]
    out += [f"- Decided: {x}" for x in prov.get("decided", ())]
    return "\n".join(out)


@main.command(name="rules")
@click.argument("game", required=False)
@click.argument("name", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]),
              default="text", show_default=True,
              help="markdown: every rule set against the default (docs/rulesets.md)")
def rules_cmd(game: str | None, name: str | None, fmt: str) -> None:
    """List the named rule sets (of GAME, or of every game), or print the rule set NAME of
    GAME: every option with its value, its meaning and its source."""
    from . import rulesets
    from .games import all_games

    if game is not None and game not in all_games():
        raise click.BadParameter(games.unknown(game), param_hint="GAME")
    if fmt == "markdown" and name is None:
        click.echo(rulesets_markdown(game))
        return
    if name is None:
        docs = [d for g in ([game] if game else sorted(all_games()))
                for d in rulesets.for_game(g).values()]
        if fmt == "json":
            _echo_json([_ruleset_summary(d) for d in docs])
            return
        width = max(len(f"{d.game}/{d.name}") for d in docs)
        for d in docs:
            flag = "" if d.complete else "  [incomplete: needs rules not yet supported]"
            click.echo(f"{d.game + '/' + d.name:<{width}}  {d.title}{flag}")
        return
    assert game is not None
    known = rulesets.for_game(game)
    if name not in known:
        raise click.BadParameter(f"{game} has no rule set named {name!r} "
                                 f"(known: {', '.join(known)})", param_hint="NAME")
    detail = _ruleset_detail(known[name])
    if fmt == "json":
        _echo_json(detail)
        return
    if fmt == "markdown":
        click.echo(_ruleset_markdown(detail))
        return
    prov = detail["provenance"]
    click.echo(f"{game}/{name}: {detail['title']}")
    if not detail["complete"]:
        click.echo("INCOMPLETE: needs rules this version does not support (records naming it "
                   "are refused with OPTION-UNSUPPORTED)")
    for label, doc in [("source", prov["source"])] + [("based on", b)
                                                     for b in prov.get("based_on", [])]:
        where = doc.get("url") or doc.get("path")
        date = doc.get("date") or "undated"
        click.echo(f"{label}: {doc['title']} ({date}) {where}")
    click.echo("")
    width = max(len(o["name"]) for o in detail["options"])
    vwidth = max(len(str(o["value"])) for o in detail["options"])
    for o in detail["options"]:
        mark = "*" if o["value"] != o["default"] else " "
        src = (f"source {o['source_section']}" if o["source_section"]
               else f"docs/rules/{game}.md {o['rules_section']}")
        if o["value"] != o["default"]:
            src += f"; default {o['default']}"
        if not o["supported"]:
            src += "; NOT YET SUPPORTED"
        click.echo(f"{mark}{o['name']:<{width}}  {str(o['value']):<{vwidth}}  {o['meaning']}  "
                   f"[{src}]")
    missing = prov.get("not_yet_supported", [])
    if missing:
        click.echo("\nnot yet supported by tarockrec:")
        for m in missing:
            opt = f" (option {m['option']})" if m.get("option") else ""
            click.echo(f"- {m['rule']} [source {m['section']}]{opt}")
    if prov.get("notes"):
        click.echo(f"\nnotes: {prov['notes']}")
    if prov.get("decided"):            # play decisions where the source is silent
        click.echo("\ndecided by tarockrec where the source is silent:")
        for x in prov["decided"]:
            click.echo(f"- {x}")
    if detail["tournament"]:
        click.echo("\ntournament (standings, docs/tournaments.md):")
        for line in _tournament_lines(detail["tournament"]):
            click.echo(line.replace("`", ""))


@main.command(name="schema")
@click.argument("kind", type=click.Choice(["json", "xml"]), default="json")
def schema_cmd(kind: str) -> None:
    """Print the JSON Schema (json) or the XSD (xml) of the notation."""
    click.echo(schema.schema_text(kind), nl=False)


# -- the archive (issue 34): its commands live in tarockrec/archive/commands.py --------------
def _archive_commands() -> None:
    from .archive.commands import archive
    main.add_command(archive)


_archive_commands()


# -- the evening in a browser (issue 41): tarockrec/serve/ -----------------------------------
def _serve_command() -> None:
    from .serve.command import serve
    main.add_command(serve)


_serve_command()


__all__ = ["main", "Finding"]


if __name__ == "__main__":  # pragma: no cover
    run(main)
