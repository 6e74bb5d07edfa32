"""``add-deals``, ``draw``, ``publish`` and ``standings``: the tournament commands."""
from __future__ import annotations

import sys
from typing import Any

import click

from .. import report, schema
from ..codecs import jsonio
from ..sources import entries, expand
from .entry import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID
from .group import (
    _Abort,
    _check_target,
    _sheet_of,
    _workbook,
    _write_binary,
    _write_file,
    allow_source_outside,
    main,
)


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
    from ..tournament.director import NotTheTable, put_session
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


@main.command("draw")
@click.argument("tournament")
@click.option("--round", "round_no", required=True, type=click.IntRange(1), metavar="R",
              help="The round to draw (from 1): the next round, or the last one again while "
                   "no result is entered in it (the draw it replaces is kept).")
@click.option("--seed", type=click.IntRange(0), default=None, metavar="S",
              help="The draw's seed (stored in the record; default: a new one).")
@click.option("--method", type=click.Choice(["random", "standings", "fixed"]), default=None,
              help="How to draw (default: the rule set's draw method; fixed checks the "
                   "director's own seating of the round).")
@click.option("--absent", "absent", multiple=True, metavar="ID",
              help="An entrant not drawn this round (a departure, a bye); repeat or separate "
                   "ids by commas.")
@click.option("-o", "output", default=None, metavar="OUT",
              help="The tournament file to write with the round drawn (without -o the round "
                   "as the record has it is printed).")
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "html"]), default=None,
              help="Print the round's tables, who sits where, and (html) a printable table "
                   "card per table.")
@click.option("--force", "-f", is_flag=True, help="Overwrite OUT if it exists.")
@allow_source_outside
def draw_cmd(tournament: str, round_no: int, seed: int | None, method: str | None,
             absent: tuple[str, ...], output: str | None, fmt: str | None,
             force: bool) -> None:
    """Seat round R of the tournament in TOURNAMENT (docs/tournaments.md, The draw) and write
    the tournament to OUT whole or not at all. Exit 0: drawn (or printed); 1: the round cannot
    be drawn (the message says what the director can do); 2: unreadable input or bad usage."""
    from .. import drawprint
    from ..tournament import draw
    if output is not None:
        _check_target(output, force)
    rec = _one_record(tournament, "a tournament record (rounds)")
    if output is None:
        if round_no > len(rec["rounds"]):
            raise click.UsageError(f"round {round_no} is not drawn yet: give -o OUT to draw it")
    else:
        ids = [a for item in absent for a in item.split(",") if a]
        try:
            rec = draw.draw_tournament(rec, round_no, seed, method, ids, tournament)
        except draw.DrawRefused as err:
            click.echo(f"tarockrec: {err.message}; nothing written", err=True)
            sys.exit(EXIT_INVALID)
        _write_file(output, iter([jsonio.dumps(rec)]), force)
        made = rec["rounds"][round_no - 1].get("draw", {})
        click.echo(f"drew round {round_no} ({made.get('method')}"
                   + (f", seed {made['seed']}" if "seed" in made else "")
                   + f"): {output}", err=True)
    if fmt == "text":
        click.echo(drawprint.text(rec, round_no), nl=False)
    elif fmt == "csv":
        click.echo(drawprint.csv_text(rec, round_no), nl=False)
    elif fmt == "html":
        from ..site.draw import round_page
        click.echo(round_page(rec, round_no, draw.deals_per_table(rec)), nl=False)


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
    from ..site.publish import publish as build
    if (tournament is None) == (archive_db is None):
        raise click.UsageError("give either TOURNAMENT or --archive ARCHIVE")
    if archive_db is not None:
        from .archive import open_or_exit
        from ..site.archive import publish_archive
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
    from ..tournament.standings import Ranked, cannot_rank, rank_entry, render
    status = EXIT_VALID
    ranked: list[Ranked] = []
    exits = {"ranked": EXIT_VALID, "invalid": EXIT_INVALID, "unreadable": EXIT_UNREADABLE}
    for path in expand(paths, True):
        for entry in entries(path):
            got = rank_entry(entry, derived)
            for line in got.said:
                click.echo(line, err=True)
            status = max(status, exits[got.outcome])
            if got.ranked is not None:
                ranked.append(got.ranked)
    why = cannot_rank(ranked, mode or "entrants") if ranked else None
    if why is not None:
        click.echo(f"tarockrec: {why}", err=True)
        if mode == "teams":             # nothing to show: bad usage of --teams
            sys.exit(EXIT_UNREADABLE)
    if ranked and fmt == "xlsx":
        from ..tournament.standings import as_xlsx
        _write_binary(_workbook(lambda: (as_xlsx(ranked, mode or "entrants"), 0))[0])
    elif ranked and fmt == "html":
        from ..site.standings import as_html
        sys.stdout.write(as_html(ranked, mode or "entrants"))
    elif ranked:
        sys.stdout.write(render(ranked, mode or "entrants", fmt))
    sys.exit(status)

