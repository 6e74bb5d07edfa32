"""``score`` and ``show``: what the deals scored, and the deals replayed."""
from __future__ import annotations

import os
import sys
from typing import Any, Iterator

import click

from .. import report
from ..sources import expand
from .entry import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID, _Progress
from .group import (
    _check_target,
    _same_file,
    _workbook,
    _write_binary,
    _write_file,
    allow_source_outside,
    main,
)


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
        from ..scoretable import workbook
        data, code = _workbook(lambda: workbook(expand(paths, True), sys.stderr))
        _write_binary(data)
        sys.exit(code)
    if fmt != "text":
        from ..scoretable import command
        sys.exit(command(expand(paths, True), fmt, sys.stdout, sys.stderr))
    status = EXIT_VALID
    files = expand(paths, True)
    progress = _Progress(files)
    from ..scoretable import reports
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
                 names: list[str] | None, whole: str = "session",
                 names_at: Any = None) -> None:
    """The breakdown of every deal of a deal or session record, and the session's totals
    (``names_at(k)``: who played deal k, where a substitute took a seat over)."""
    for i, sc in enumerate(scores):
        if sc is None:
            continue
        if len(scores) > 1:
            out.write(f"  deal {i + 1}\n")
        out.write(_table(sc, names if names_at is None else names_at(i + 1)))
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
    subs = "".join(f"; seat {x['seat']} from deal {x['from_deal']}: {x['entrant']} "
                   f"({table.sub_names.get(x['entrant'], '?')})" for x in table.substitutes)
    out.write(f"  round {table.round + 1}, table {table.name}: {who}{subs}\n")
    rep = table.report
    if rep is None:
        if table.totals is not None:
            out.write("  only the table's totals are written: "
                      + "  ".join(f"{t:+d}" for t in table.totals) + "\n")
        return
    _score_deals(out, rep.scores, rep.totals, names, "table", table.names_at)


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
    from ..show import show
    if html_out is not None:
        _show_html(expand(paths, True), html_out, deal, record, max_deals, force)
    if max_deals is not None or force:
        raise click.UsageError(f"{'--max-deals' if max_deals is not None else '--force'} goes "
                               "with --html")
    if colour is None:
        colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.exit(show(expand(paths, True), sys.stdout, deal, record, colour))


def _show_html(paths: list[str], target: str, deal: int | None, record: int | None,
               max_deals: int | None, force: bool) -> None:
    """``show --html``: the page is written whole or not at all (as by ``convert``), an
    existing OUT only with ``--force``; an input is never overwritten; OUT '-' is stdout
    (then every message goes to stderr)."""
    from ..site.deal import MAX_DEALS, write_html
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

