"""The finding-code catalogue: complete, triggered, printed by ``tarockrec codes``."""
from __future__ import annotations

import glob
import json
import os
import re

import pytest
from click.testing import CliRunner

from conftest import ROOT, SEEN_CODES
from tarockrec.cli import main
from tarockrec.catalogue import catalogue
from tarockrec.codes import SHARED
from tarockrec.games import all_games
from tarockrec.validate import validate_record

_LITERAL = re.compile(r'"([A-Z]{2,}(?:-[A-Z][A-Z0-9]*)+)"')
_PREFIXED = re.compile(r'f"\{self\.CODE\}-([A-Z0-9-]+)"')


def _source_codes() -> set[str]:
    """Every code written as a literal in tarockrec/ (plus ``{CODE}-X`` for each game)."""
    prefixes = {c.code.split("-")[0] for g in all_games().values() for c in g.codes}
    out: set[str] = set()
    for path in glob.glob(os.path.join(ROOT, "tarockrec", "**", "*.py"), recursive=True):
        if path.endswith("codes.py"):
            continue
        text = open(path, encoding="utf-8").read()
        out |= set(_LITERAL.findall(text))
        out |= {f"{p}-{rest}" for rest in _PREFIXED.findall(text) for p in prefixes}
    # the RESULT-<FIELD> codes are made from the result fields the schema allows
    fields = json.load(open(os.path.join(ROOT, "schemas", "tarockrec.schema.json")))
    out |= {f"RESULT-{k.upper()}" for k in fields["$defs"]["result"]["properties"]}
    return out


def test_every_code_in_the_source_is_catalogued() -> None:
    missing = _source_codes() - set(catalogue())
    assert not missing, f"codes raised but not in the catalogue: {sorted(missing)}"


def test_catalogue_entries_are_complete_and_unique() -> None:
    seen: set[str] = set()
    for game in [None, *all_games()]:
        for code in catalogue(game).values():
            assert code.section and code.meaning, code
            assert code.severity in ("error", "warning", "info"), code
    for g in all_games().values():
        for c in g.codes:
            assert c.code not in seen, f"{c.code} is listed twice"
            seen.add(c.code)
    assert not seen & {c.code for c in SHARED}


def test_each_game_lists_only_its_own_prefix() -> None:
    for g in all_games().values():
        prefixes = {c.code.split("-")[0] for c in g.codes}
        assert len(prefixes) == 1, (g.name, prefixes)


def test_codes_command_text_and_json() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["codes", "ulti"])
    assert out.exit_code == 0
    assert "UL-DECL-TIMING" in out.output and "§5.4" in out.output
    assert "KR-" not in out.output and "RESULT-SCORES" in out.output
    as_json = json.loads(runner.invoke(main, ["codes", "--format", "json"]).output)
    assert {c["code"] for c in as_json} == set(catalogue())
    bad = runner.invoke(main, ["codes", "nosuchgame"])
    assert bad.exit_code == 2 and "nosuchgame" in bad.output


@pytest.mark.internal_error
def test_a_crash_is_reported_as_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one path that may report INTERNAL-ERROR: a bug inside a game's replay."""
    game = all_games()["ulti"]

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("planted bug")

    monkeypatch.setattr(type(game), "replay", broken)
    monkeypatch.setattr(type(game), "replay_batched", broken)   # the validator's replay
    rec = json.load(open(os.path.join(ROOT, "samples", "ulti", "valid",
                                      sorted(os.listdir(os.path.join(ROOT, "samples", "ulti",
                                                                     "valid")))[0])))
    report = validate_record(rec)
    assert [f.code for f in report.findings] == ["INTERNAL-ERROR"]


def catalogue_problems(seen: set[str], ran: set[str], config: pytest.Config) -> list[str]:
    """What is wrong between the catalogue and the codes the tests made (``seen``), the files
    that ran (``ran``, basenames) told apart from the whole suite: unknown codes always; codes
    no test triggers and codes marked unreachable that a test reached, after the full suite."""
    unknown = seen - set(catalogue())
    problems = [f"codes made during the tests but not catalogued: {sorted(unknown)}"] \
        if unknown else []
    every = {os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "tests", "test_*.py"))}
    if ran != every or config.option.keyword or config.option.markexpr:
        return problems
    untested = sorted(c.code for c in catalogue().values()
                      if c.code not in seen and not c.unreachable)
    if untested:
        problems.append(f"catalogued codes no test triggers: {untested}")
    stale = sorted(c.code for c in catalogue().values() if c.unreachable and c.code in seen)
    if stale:
        problems.append(f"codes marked unreachable that the tests reach: {stale}")
    return problems


@pytest.mark.after_all
def test_every_catalogued_code_is_triggered(request: pytest.FixtureRequest) -> None:
    config = request.config
    if hasattr(config, "workerinput"):
        pytest.skip("with several processes the controller checks the catalogue once every "
                    "worker is done (conftest.pytest_sessionfinish)")
    ran = {os.path.basename(str(item.fspath)) for item in request.session.items}
    problems = catalogue_problems(SEEN_CODES, ran, config)
    assert not problems, "; ".join(problems)
    every = {os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "tests", "test_*.py"))}
    if ran != every or config.option.keyword or config.option.markexpr:
        pytest.skip("whether every code is triggered is known only after the full suite")
