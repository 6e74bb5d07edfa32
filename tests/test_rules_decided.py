"""`tarockrec rules GAME NAME` shows a rule set's ``provenance.decided`` (what tarockrec decided
where the set's source is silent, e.g. Cego's early end of a misère, ``ooe_2023``'s kontra
beside a Valat) in text, JSON and Markdown."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tarockrec import rulesets
from tarockrec.cli import main
from tarockrec.games import all_games

DECIDING = [(g, n) for g in sorted(all_games()) for n, d in rulesets.for_game(g).items()
            if d.provenance.get("decided")]


def _rules(*args: str) -> str:
    res = CliRunner().invoke(main, ["rules", *args], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.output


def test_the_shipped_sets_that_decide_are_covered() -> None:
    assert ("cego", "default") in DECIDING and ("koenigrufen", "ooe_2023") in DECIDING


@pytest.mark.parametrize("game,name", DECIDING)
def test_rules_shows_what_was_decided(game: str, name: str) -> None:
    decided = rulesets.for_game(game)[name].provenance["decided"]
    text = _rules(game, name)
    head, _, tail = text.partition("\ndecided by tarockrec where the source is silent:\n")
    assert tail, text
    assert [line[2:] for line in tail.splitlines()[:len(decided)]] == list(decided)
    got = json.loads(_rules(game, name, "--format", "json"))
    assert got["provenance"]["decided"] == decided
    markdown = _rules(game, name, "--format", "markdown")
    assert all(f"- Decided: {d}" in markdown for d in decided)
