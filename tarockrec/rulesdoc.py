"""The shipped rule sets described: a summary and the detail of each, and docs/rulesets.md
(``tarockrec rules``)."""
from __future__ import annotations

import json
from typing import Any, Mapping


def ruleset_summary(doc: Any) -> dict[str, Any]:
    src = doc.provenance["source"]
    return {"game": doc.game, "name": doc.name, "title": doc.title, "complete": doc.complete,
            "source": src.get("url") or src.get("path"), "source_title": src["title"],
            "source_date": src.get("date")}


def ruleset_detail(doc: Any) -> dict[str, Any]:
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
    return dict(ruleset_summary(doc), provenance=dict(doc.provenance), options=options,
                tournament=dict(doc.tournament) if doc.tournament else None)


def tournament_lines(block: Mapping[str, Any] | None) -> list[str]:
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
        elif key == "draw":
            value = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in value.items())
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

    out = _intro()
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
        out += _options_table(rules.options, others)
        out.append("")
        for d in others:
            out += _set_lines(d)
    if len(chosen) > 1:
        out += _changelog_lines()
    return "\n".join(out)


def _intro() -> list[str]:
    """docs/rulesets.md's opening: what a rule set is and how a record names one."""
    return ["# Rule sets", "",
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


def _options_table(options: Any, others: list[Any]) -> list[str]:
    """Every option that a rule set of the game fixes, a column per set."""
    out: list[str] = []
    head = "| option | meaning | default | " + " | ".join(f"`{d.name}`" for d in others) + " |"
    out += ["Every option that a rule set of this game fixes; a cell gives the set's value "
            "and the section of its source (**bold**: differs from the default; *not yet "
            "supported*: the engine refuses that value today; ·: the source does not "
            "say, the default applies).", "", head,
            "| --- | --- | --- |" + " --- |" * len(others)]
    for o in options:
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
    return out


def _set_lines(d: Any) -> list[str]:
    """One rule set of docs/rulesets.md: its sources, the values they fix, what is not yet
    supported, what was decided, its tournament block."""
    prov = d.provenance
    out = [f"### `{d.name}`: {d.title}", ""]
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
        out += ["  " + line for line in tournament_lines(d.tournament)]
    out.append("")
    return out


def ruleset_markdown(detail: dict[str, Any]) -> str:
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

