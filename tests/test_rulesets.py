"""Named, sourced rule sets as data (issue 12): the files, their schema, loading, caching,
and generated deals under every shipped rule set."""
from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from tarockrec import rulesets
from tarockrec.codecs import jsonio, xmlio
from tarockrec.errors import RulesError
from tarockrec.games import all_games
from tarockrec.generate import deal_record
from tarockrec.validate import validate_record
from conftest import ROOT

GAMES = sorted(all_games())
ALL = [(g, name) for g in GAMES for name in rulesets.for_game(g)]
COMPLETE = [(g, n) for g, n in ALL if rulesets.for_game(g)[n].complete]
INCOMPLETE = [(g, n) for g, n in ALL if not rulesets.for_game(g)[n].complete]


def test_every_game_ships_its_default_rule_set() -> None:
    assert rulesets.games() == GAMES
    for g in GAMES:
        assert next(iter(rulesets.for_game(g))) == "default"
        assert all_games()[g].Rules.names()[0] == "default"


@pytest.mark.parametrize("game", GAMES)
def test_default_file_holds_the_engine_defaults(game: str) -> None:
    """The default rule set is data: its values are the defaults of rules.py, its sections
    the rules document's sections, its source the rules document and the seed article."""
    doc = rulesets.for_game(game)["default"]
    rules = all_games()[game].Rules
    assert dict(doc.options) == {o.name: o.default for o in rules.options}
    assert dict(doc.sections) == {o.name: o.section for o in rules.options if o.section}
    assert doc.provenance["source"]["path"] == f"docs/rules/{game}.md"
    here = os.path.dirname(__file__)               # the rules page is in the repository
    assert os.path.isfile(os.path.join(here, "..", doc.provenance["source"]["path"]))
    assert doc.provenance["based_on"][0]["path"].startswith("shared/seeds/")
    assert doc.complete and not doc.not_yet_supported


@pytest.mark.parametrize("game,name", ALL, ids=[f"{g}-{n}" for g, n in ALL])
def test_rule_set_file_is_sourced(game: str, name: str) -> None:
    doc = rulesets.for_game(game)[name]
    rules = all_games()[game].Rules
    by_name = {o.name: o for o in rules.options}
    assert doc.name == name and doc.game == game and doc.title
    for key, value in doc.options.items():
        assert key in by_name, key
        assert value in (by_name[key].values or (value,)), (key, value)
        if value != by_name[key].default:   # every value that differs from the default
            assert doc.sections.get(key), f"{name}: {key} = {value} has no section in its source"
    for key in doc.sections:
        assert key in by_name, key
    for missing in doc.not_yet_supported:
        if "option" in missing:
            assert missing["option"] in by_name
    # complete <=> nothing listed as missing and every value supported
    unsupported = [k for k, v in doc.options.items()
                   if by_name[k].supported is not None and v not in by_name[k].supported]
    assert doc.complete == (not unsupported and not doc.not_yet_supported), unsupported


def test_every_shipped_file_passes_its_schema() -> None:
    shipped = sorted(rulesets.HERE.glob("*/*.json"))
    assert len(shipped) >= 5
    for path in shipped:
        rulesets.read(path, check_schema=True)


def test_rule_set_files_are_schema_checked(tmp_path: Any) -> None:
    folder = tmp_path / "ulti"
    folder.mkdir()
    good = json.loads((rulesets.HERE / "ulti" / "default.json").read_text(encoding="utf-8"))
    bad = dict(good, complete="yes")
    (folder / "default.json").write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(rulesets.RuleSetFileError, match="complete"):
        rulesets.read(folder / "default.json")
    (folder / "other.json").write_text(json.dumps(good), encoding="utf-8")
    with pytest.raises(rulesets.RuleSetFileError, match="do not match"):
        rulesets.read(folder / "other.json")
    nosource = dict(good, provenance={"sections": {}})
    (folder / "default.json").write_text(json.dumps(nosource), encoding="utf-8")
    with pytest.raises(rulesets.RuleSetFileError, match="source"):
        rulesets.read(folder / "default.json")


@pytest.mark.parametrize("game,name", COMPLETE, ids=[f"{g}-{n}" for g, n in COMPLETE])
def test_complete_rule_set_loads_with_its_values(game: str, name: str) -> None:
    g = all_games()[game]
    rules = g.rules({"name": name})
    doc = rulesets.for_game(game)[name]
    assert rules.name == name and not rules.overrides
    for key, value in doc.options.items():
        assert rules.values[key] == value


@pytest.mark.parametrize("game,name", INCOMPLETE, ids=[f"{g}-{n}" for g, n in INCOMPLETE])
def test_incomplete_rule_set_is_refused(game: str, name: str) -> None:
    """A rule set needing what the engine lacks is refused, never approximated."""
    with pytest.raises(RulesError) as err:
        all_games()[game].rules({"name": name})
    assert err.value.code == "OPTION-UNSUPPORTED"
    assert name in str(err.value)


def test_unknown_name_is_a_finding_naming_the_known_sets() -> None:
    g = all_games()["koenigrufen"]
    rec = deal_record(g, random.Random(1), 0, n=4)
    rec["rules"] = {"name": "no_such_cup"}
    report = validate_record(rec)
    assert not report.valid
    (finding,) = [f for f in report.findings if f.code == "RULES-UNKNOWN"]
    assert finding.pointer == "/rules"
    for known in g.Rules.names():
        assert known in finding.message


def test_options_override_single_points_of_a_named_set() -> None:
    g = all_games()["ulti"]
    rules = g.rules({"name": "default", "options": {"simple_tie": "soloist_wins"}})
    assert rules.values["simple_tie"] == "soloist_wins"
    assert rules.overrides == {"simple_tie": "soloist_wins"}
    assert rules.values["talon_points_to"] == "nobody"


def test_loading_is_cached() -> None:
    g = all_games()["illustrated"]
    assert rulesets.for_game("illustrated") is rulesets.for_game("illustrated")
    first = g.Rules.named("default")
    assert g.Rules.named("default") is first
    assert g.rules({"name": "default"}) is g.rules({"name": "default"})


@pytest.mark.parametrize("game,name", COMPLETE, ids=[f"{g}-{n}" for g, n in COMPLETE])
def test_generated_deals_under_every_rule_set(game: str, name: str) -> None:
    """Deals generated under the rule set are valid, zero-sum, name the rule set when it is not
    the default, and survive JSON -> XML -> JSON unchanged."""
    g = all_games()[game]
    rules = g.rules({"name": name})
    rng = random.Random(f"rulesets/{game}/{name}")
    for i in range(24):
        n = g.table_sizes[i % len(g.table_sizes)]
        rec = deal_record(g, rng, i % n, rules=rules, n=n)
        if name != "default":
            assert rec["rules"]["name"] == name
        report = validate_record(rec)
        assert report.valid, [str(f) for f in report.findings]
        deltas = list(report.scores[0].deltas)
        assert sum(deltas) == 0 and deltas == rec["result"]["scores"]
        text = jsonio.dumps(rec)
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == text


# -- tarockrec rules -----------------------------------------------------------------------
def _cli(*args: str) -> Any:
    from click.testing import CliRunner

    from tarockrec.cli import main

    return CliRunner().invoke(main, ["rules", *args])


def test_cli_lists_every_rule_set() -> None:
    res = _cli()
    assert res.exit_code == 0, res.output
    for game, name in ALL:
        assert f"{game}/{name}" in res.output
    res = _cli("ulti", "--format", "json")
    assert res.exit_code == 0
    listed = json.loads(res.output)
    assert [d["name"] for d in listed] == list(rulesets.for_game("ulti"))
    assert all(d["game"] == "ulti" for d in listed)


@pytest.mark.parametrize("game", GAMES)
def test_cli_prints_one_rule_set_with_meanings_and_sources(game: str) -> None:
    res = _cli(game, "default", "--format", "json")
    assert res.exit_code == 0, res.output
    detail = json.loads(res.output)
    rules = all_games()[game].Rules
    assert [o["name"] for o in detail["options"]] == [o.name for o in rules.options]
    for o in detail["options"]:
        assert o["meaning"], o["name"]           # every option says what it decides
        assert o["value"] == o["default"]
    assert detail["provenance"]["source"]["path"] == f"docs/rules/{game}.md"
    text = _cli(game, "default")
    assert text.exit_code == 0
    for o in rules.options:
        assert o.name in text.output and o.meaning in text.output


def test_cli_refuses_unknown_game_and_name() -> None:
    res = _cli("skat")
    assert res.exit_code == 2 and "not a game" in res.output
    res = _cli("ulti", "no_such_set")
    assert res.exit_code == 2 and "known: default" in res.output


# -- the same deal under two rule sets ---------------------------------------------------------
def _supported_part(game: str, name: str) -> dict[str, Any]:
    """The option values of a shipped (incomplete) rule set that this version implements."""
    by_name = {o.name: o for o in all_games()[game].Rules.options}
    return {k: v for k, v in rulesets.for_game(game)[name].options.items()
            if by_name[k].supported is None or v in by_name[k].supported}


def _rescore(path: str, rules: dict[str, Any]) -> list[int]:
    rec = json.loads(open(os.path.join(ROOT, path), encoding="utf-8").read())
    rec.pop("result")
    rec["rules"] = rules
    report = validate_record(rec)
    assert report.valid, [str(f) for f in report.findings]
    return list(report.scores[0].deltas)


@pytest.mark.parametrize("game,name", INCOMPLETE, ids=[f"{g}-{n}" for g, n in INCOMPLETE])
def test_generated_deals_under_the_supported_part_of_incomplete_sets(game: str, name: str) -> None:
    """What an incomplete rule set already gets right combines with everything else: deals
    generated under its supported values are valid, zero-sum and survive JSON -> XML -> JSON."""
    g = all_games()[game]
    options = _supported_part(game, name)
    assert options, name
    rules = g.rules({"name": "default", "options": options})
    rng = random.Random(f"rulesets-part/{game}/{name}")
    for i in range(24):
        n = g.table_sizes[i % len(g.table_sizes)]
        rec = deal_record(g, rng, i % n, rules=rules, n=n)
        assert rec["rules"]["options"] == options
        report = validate_record(rec)
        assert report.valid, [str(f) for f in report.findings]
        assert sum(report.scores[0].deltas) == 0
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


def test_koenigrufen_example_1_under_the_seed_and_under_the_tarockcup_points() -> None:
    """rules/koenigrufen.md Example 1 (samples/koenigrufen/valid/ex01-…): a Rufer won with
    rekontra, silent Pagat, silent Trull, XXI captured by the declarer.

    Seed (the default): contract 10 x 4 (rekontra) = 40, Pagat 10, Trull 10, XXI capture 10:
    +70 for each declarer-side seat.
    tarockcup.at, Spielregeln (rules/koenigrufen.md §7.2 "Contract values" and "Bonus scale"
    rows): Rufer 1, silent Pagat 1 (announced 2, silent half), silent Trull 1; Allgemeines
    bullet 3 ("weder Kaiserstich noch Fänge": no XXI capture) and bullet 5 ("Ein Kontra wirkt
    sich nur auf das Geld ... aus": kontra_in_score off): 1 + 1 + 1 = +3.
    Tarock-Österreich-Finale 2021 (same tariff, no captures, kontra not regulated in what was
    available, so it counts): 1 x 4 + 1 + 1 = +6."""
    path = "samples/koenigrufen/valid/ex01-rufer-kontra-rekontra.json"
    assert _rescore(path, {"name": "default"}) == [70, -70, 70, -70]
    assert _rescore(path, {"name": "tarockcup_austria"}) == [3, -3, 3, -3]
    assert _rescore(path, {"name": "oe_finale_2021"}) == [6, -6, 6, -6]


def test_koenigrufen_example_8_without_king_capture() -> None:
    """rules/koenigrufen.md Example 8: Besserrufer lost (+20 to the defenders), announced Uhu
    made (40 to the declarer side), called king captured by seat 0 (+10 to the defenders):
    seat 0 gets 20 - 40 + 10 = -10. Under the cup (§7.2 rows: Besserrufer "A-Rufer" 1, announced
    Uhu 4; no captures, tarockcup.at Allgemeines bullet 3): 1 - 4 = -3."""
    path = "samples/koenigrufen/valid/ex08-besserrufer-uhu-king-captured.json"
    assert _rescore(path, {"name": "default"}) == [-10, 10, -10, 10]
    assert _rescore(path, {"name": "tarockcup_austria"}) == [-3, 3, -3, 3]


def test_illustrated_pagat_uhu_under_the_seed_and_under_the_kupa_value() -> None:
    """samples/illustrated/valid/announced_pagat_uhu_made.json: contract three (g = 1), the
    declarer side wins every trick without announcing volát, announced pagát uhu made.
    Seed (rules/illustrated.md §6.3 silent volát 3g, §4.9 pagát uhu 20): 3 + 20 = 23.
    Tarokk Kupa Versenyszabályzat (tarokk.hu/kupa_vsz.htm) 1§ item 14, pagát uhu 15 pont
    (item 6: silent volát three times the game, as the seed): 3 + 15 = 18."""
    path = "samples/illustrated/valid/announced_pagat_uhu_made.json"
    assert _rescore(path, {"name": "default"}) == [-23, 23, -23, 23]
    kupa = _supported_part("illustrated", "tarokk_kupa")
    assert kupa == {"pagat_uhu_value": 15, "sas_bonuses": "true", "tarokk_declaration": "kupa",
                    "xxi_catch_values": 42}
    assert _rescore(path, {"name": "default", "options": kupa}) == [-18, 18, -18, 18]


def test_illustrated_xxi_catch_under_the_seed_and_under_the_kupa_values() -> None:
    """Tarokk Kupa Versenyszabályzat 1§ item 5: XXI-catch 84 announced, 42 silent (seed 42/21).

    rules/illustrated.md E3 (solo, g = 4, lone declarer s1, game kontra'd and lost, silent
    XXI-catch by s1, s1 declared 8 tarokks): seed V = -8 + 21 = 13, s1 +39 +3 = +42, the others
    -13 -1 = -14. Kupa: V = -8 + 42 = 34, s1 +102 +3 = +105, the others -34 -1 = -35.
    samples/illustrated/valid/e09_xxi_catch_fails.json (two, g = 2; the declarer side's announced
    catch fails, the defenders' Skíz catches the XXI silently; game lost): seed
    -2 - 42 - 21 = -65 per declarer-side seat; kupa -2 - 84 - 42 = -128."""
    kupa = {"name": "default", "options": _supported_part("illustrated", "tarokk_kupa")}
    e3 = "samples/illustrated/valid/e03_lone_kontra_catch.json"
    assert _rescore(e3, {"name": "default"}) == [-14, 42, -14, -14]
    assert _rescore(e3, kupa) == [-35, 105, -35, -35]
    e9 = "samples/illustrated/valid/e09_xxi_catch_fails.json"
    assert _rescore(e9, {"name": "default"}) == [-65, 65, -65, 65]
    assert _rescore(e9, kupa) == [-128, 128, -128, 128]


def test_docs_rulesets_md_is_up_to_date() -> None:
    """docs/rulesets.md is what `tarockrec rules --format markdown` writes from the files."""
    from pathlib import Path

    from tarockrec.rulesdoc import rulesets_markdown

    doc = Path(__file__).resolve().parent.parent / "docs" / "rulesets.md"
    assert doc.read_text(encoding="utf-8") == rulesets_markdown() + "\n", \
        "run: tarockrec rules --format markdown > docs/rulesets.md"
    text = doc.read_text(encoding="utf-8")
    for game, name in ALL:
        assert f"`{name}`" in text


def test_generate_under_a_named_rule_set() -> None:
    from click.testing import CliRunner

    from tarockrec.cli import main

    res = CliRunner().invoke(main, ["generate", "ulti", "-n", "3", "--seed", "2", "--rules",
                                    "default", "--option", "simple_tie=soloist_wins"])
    assert res.exit_code == 0, res.output
    for line in res.output.splitlines():
        rec = json.loads(line)
        assert rec["rules"] == {"name": "default", "options": {"simple_tie": "soloist_wins"}}
        assert validate_record(rec).valid
    res = CliRunner().invoke(main, ["generate", "koenigrufen", "--rules", "hopfgarten_2016"])
    assert res.exit_code == 2 and "incomplete" in res.output and "clockwise" in res.output
    res = CliRunner().invoke(main, ["generate", "koenigrufen", "-n", "2", "--seed", "3",
                                    "--rules", "tarockcup_austria"])
    assert res.exit_code == 0, res.output
    for line in res.output.splitlines():
        rec = json.loads(line)
        assert rec["rules"]["name"] == "tarockcup_austria" and not rec["rules"].get("options")
        assert validate_record(rec).valid
    res = CliRunner().invoke(main, ["generate", "koenigrufen", "--rules", "no_such_cup"])
    assert res.exit_code == 2 and "known: default" in res.output
