"""Rewrite the options table of each rules page (docs/rules/<game>.md) from the game's options
and its rule set files: every option with its default, its values, what it decides, its section,
and the rule sets that change it (tests/test_rules_citations.py checks the last column).

Only the table (from its header row to the next blank line) is rewritten; the page's text is
the project's own and is edited by hand.

Usage:  python tools/rules_options_table.py [GAME...]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarockrec import rulesets  # noqa: E402
from tarockrec.games import all_games  # noqa: E402

HEADER = "| option | default | values | what it decides | section | rule sets that change it |"


def table(game: str) -> list[str]:
    """The options table of ``game``, one markdown row a line."""
    docs = rulesets.for_game(game)
    rows = [HEADER, "| --- | --- | --- | --- | --- | --- |"]
    for o in all_games()[game].Rules.options:
        changed = [f"`{name}`: {doc.options[o.name]}" for name, doc in sorted(docs.items())
                   if doc.options.get(o.name, o.default) != o.default]
        values = (", ".join(map(str, o.values)) if o.values is not None
                  else f"a whole number ≥ {o.minimum}")
        if o.values is not None and o.supported is not None and set(o.supported) != set(o.values):
            values += " (implemented: " + ", ".join(map(str, o.supported)) + ")"
        rows.append(f"| `{o.name}` | {o.default} | {values} | {o.meaning} | {o.section} | "
                    f"{'; '.join(changed) or 'none'} |")
    return rows


def rewrite(game: str) -> bool:
    """Replace the table in docs/rules/<game>.md; True when the page changed."""
    page = ROOT / "docs" / "rules" / f"{game}.md"
    lines = page.read_text(encoding="utf-8").split("\n")
    start = lines.index(HEADER)
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    new = lines[:start] + table(game) + lines[end:]
    if new == lines:
        return False
    page.write_text("\n".join(new), encoding="utf-8")
    return True


def main(argv: list[str]) -> int:
    for game in argv or list(all_games()):
        print(f"docs/rules/{game}.md: {'rewritten' if rewrite(game) else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
