"""``import``: records from the AKOS database, a director's CSV or workbook."""
from __future__ import annotations

import sys

import click

from .. import games
from ..codecs import jsonio
from .entry import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID
from .group import _check_target, _write_file, main


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
    from ..importers.akos import DatabaseError, import_database
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
    from ..errors import RulesError
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
    from ..tournament.workbook import WorkbookError, import_sheet, read_deals, read_sheet
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

