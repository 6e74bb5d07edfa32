"""``rules``, ``codes`` and ``schema``: what tarockrec knows, printed."""
from __future__ import annotations

import click

from .. import games, schema
from ..rulesdoc import (
    ruleset_detail,
    ruleset_markdown,
    ruleset_summary,
    rulesets_markdown,
    tournament_lines,
)
from .group import _echo_json, main


@main.command(name="codes")
@click.argument("game", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def codes_cmd(game: str | None, fmt: str) -> None:
    """List the finding codes (those of GAME and the shared ones, or all): severity, the rules
    section each enforces and what it means. A section such as §5.4 or G19 is a heading of
    docs/rules/<game>.md; --format json gives its link."""
    from ..catalogue import catalogue, listed
    from ..games import all_games

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


@main.command(name="rules")
@click.argument("game", required=False)
@click.argument("name", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]),
              default="text", show_default=True,
              help="markdown: every rule set against the default (docs/rulesets.md)")
def rules_cmd(game: str | None, name: str | None, fmt: str) -> None:
    """List the named rule sets (of GAME, or of every game), or print the rule set NAME of
    GAME: every option with its value, its meaning and its source."""
    from .. import rulesets
    from ..games import all_games

    if game is not None and game not in all_games():
        raise click.BadParameter(games.unknown(game), param_hint="GAME")
    if fmt == "markdown" and name is None:
        click.echo(rulesets_markdown(game))
        return
    if name is None:
        docs = [d for g in ([game] if game else sorted(all_games()))
                for d in rulesets.for_game(g).values()]
        if fmt == "json":
            _echo_json([ruleset_summary(d) for d in docs])
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
    detail = ruleset_detail(known[name])
    if fmt == "json":
        _echo_json(detail)
        return
    if fmt == "markdown":
        click.echo(ruleset_markdown(detail))
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
        for line in tournament_lines(detail["tournament"]):
            click.echo(line.replace("`", ""))


@main.command(name="schema")
@click.argument("kind", type=click.Choice(["json", "xml"]), default="json")
def schema_cmd(kind: str) -> None:
    """Print the JSON Schema (json) or the XSD (xml) of the notation."""
    click.echo(schema.schema_text(kind), nl=False)

