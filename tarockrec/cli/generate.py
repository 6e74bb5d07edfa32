"""``generate``: random valid records."""
from __future__ import annotations

import os
import sys
from typing import Any, Iterator

import click

from .. import games
from ..codecs import jsonio
from .group import _check_target, _write_file, main


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
              help="With --tournament: the number of rounds (at most the rule set's).")
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
    from ..errors import RulesError
    from ..generate import deal_records, session_records
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
        from ..generate import tournament_record
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


def _option_value(text: str) -> Any:
    """A rule option value from the command line: a whole number, true/false, or a word."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text, text)

