"""Score sheets (issue: score sheets as strict as played deals).

The property, for every game, table size and complete rule set: a full record generated
through the engine's legal actions and its score sheet (``tarockrec convert --sheet``: no cards,
no play, the derived outcome and result) validate with identical scores; changing any written
score of the sheet, even keeping the sum zero, is refused; the sheet's outcome scored again
gives the same score (one scorer); the sheet survives JSON → XML → JSON and the text notation.
"""
from __future__ import annotations

import ast
import copy
import os
import random
from typing import Any

import pytest

from conftest import ROOT

from tarockrec import rulesets
from tarockrec.codecs import jsonio, textio, xmlio
from tarockrec.games import Game, all_games
from tarockrec.generate import session_records
from tarockrec.tournament.sheet import NotSheetable, to_sheet
from tarockrec.validate import validate_record

#: deals per game, table size and rule set in CI: a few hundred, as the issue asks (a longer
#: run: SHEET_DEALS in the environment)
DEALS = int(os.environ.get("SHEET_DEALS", "240"))


def _cases() -> list[tuple[str, int, str]]:
    out = []
    for name, game in sorted(all_games().items()):
        names = [doc.name for doc in rulesets.for_game(name).values() if doc.complete]
        for n in game.table_sizes:
            for rs in names or ["default"]:
                out.append((name, n, rs))
    return out


CASES = _cases()


def _sessions(name: str, n: int, rs: str) -> list[dict[str, Any]]:
    game = all_games()[name]
    rules = game.rules({"name": rs}) if rs != "default" else game.Rules()
    seed = random.Random(f"{name}/{n}/{rs}").randrange(1 << 30)
    per = 12
    return list(session_records(name, max(1, DEALS // per), per, seed, n=n, rules=rules))


@pytest.mark.parametrize("name,n,rs", CASES, ids=[f"{g}-{n}-{r}" for g, n, r in CASES])
def test_a_sheet_scores_as_its_deals(name: str, n: int, rs: str) -> None:
    game = all_games()[name]
    assert type(game).outcome is not Game.outcome, f"{name} writes no outcome"
    for session in _sessions(name, n, rs):
        full = validate_record(session)
        assert full.valid, [str(f) for f in full.findings]
        sheet = to_sheet(session)
        for deal in sheet["deals"]:
            assert "deal" not in deal and "play" not in deal and "outcome" in deal
        report = validate_record(sheet)
        assert report.valid, [str(f) for f in report.findings if f.severity == "error"]
        assert [s.deltas if s else None for s in report.scores] == \
            [s.deltas if s else None for s in full.scores]
        assert report.totals == full.totals
        text = jsonio.dumps(sheet)
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(sheet))) == text
        assert jsonio.dumps(textio.loads(textio.dumps(sheet))) == text
        # every written score changed, the sum kept at zero, is refused
        for i, deal in enumerate(sheet["deals"][:4]):
            scores = deal["result"]["scores"]
            for seat in range(n):
                bad = copy.deepcopy(sheet)
                changed = bad["deals"][i]["result"]["scores"]
                changed[seat] += 1
                changed[(seat + 1) % n] -= 1
                bad.pop("result", None)
                codes = {f.code for f in validate_record(bad).findings if f.severity == "error"}
                assert "RESULT-SCORES" in codes, (scores, changed, codes)


def test_an_invalid_record_makes_no_sheet() -> None:
    session = next(session_records("ulti", 1, 2, 5))
    session["deals"][0]["result"]["scores"][0] += 10
    with pytest.raises(NotSheetable) as err:
        to_sheet(session)
    assert "RESULT-SCORES" in {f.code for f in err.value.report.findings}


@pytest.mark.parametrize("name", sorted(all_games()))
def test_scoring_does_not_import_the_engine(name: str) -> None:
    """Score from the facts needs no engine (one scorer for sheets and played deals): no
    game's ``scoring.py`` imports its engine, so the engine <-> scoring circle is gone."""
    path = os.path.join(ROOT, "tarockrec", "games", name, "scoring.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names]
    names = [a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for a in node.names]
    assert imported and not any("engine" in m.split(".") for m in imported), imported
    assert "engine" not in names, names
