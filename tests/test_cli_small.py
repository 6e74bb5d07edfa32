"""Small things a user meets on the command line (issue 25 item 7)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.catalogue import catalogue
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records

from conftest import SAMPLES

TOURNAMENT = os.path.join(SAMPLES, "tournaments", "valid", "full-deals.json")
TEAMS = os.path.join(SAMPLES, "tournaments", "valid", "totals-only.json")


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def test_there_is_no_strict(runner: CliRunner, tmp_path: Path) -> None:
    """``--strict`` is gone: no finding of validation is a warning (it did nothing)."""
    path = tmp_path / "d.jsonl"
    path.write_text(jsonio.dumps(next(iter(deal_records("ulti", 1, 2))), compact=True) + "\n")
    res = runner.invoke(main, ["validate", "--strict", str(path)])
    assert res.exit_code == 2 and "No such option '--strict'" in res.output
    # what keeps it so: a validation code that is a warning would need --strict back
    warnings = [c.code for c in catalogue().values()
                if c.severity == "warning" and not c.code.startswith("IMPORT-")]
    assert warnings == []


def test_rules_markdown_respects_game_and_name(runner: CliRunner) -> None:
    everything = runner.invoke(main, ["rules", "--format", "markdown"]).output
    assert "## Ulti" in everything and "## Illustrated" in everything
    one_game = runner.invoke(main, ["rules", "ulti", "--format", "markdown"])
    assert one_game.exit_code == 0
    assert "## Ulti" in one_game.output and "Illustrated" not in one_game.output
    one_set = runner.invoke(main, ["rules", "illustrated", "akos", "--format", "markdown"])
    assert one_set.exit_code == 0
    text = one_set.output
    assert text.startswith("### `akos`: ") and "tarokk_kupa" not in text
    assert "| `opening_solo` | **allowed** | forbidden |" in text
    unknown = runner.invoke(main, ["rules", "illustrated", "nosuch", "--format", "markdown"])
    assert unknown.exit_code == 2


def test_convert_names_the_line_once(runner: CliRunner, tmp_path: Path) -> None:
    """A problem of convert: the file, the record, and one line, as validate names it."""
    recs = [jsonio.loads(jsonio.dumps(r)) for r in deal_records("ulti", 2, 3)]
    recs[1]["players"] = 5
    pretty = tmp_path / "p.json"
    pretty.write_text("[\n" + ",\n".join(jsonio.dumps(r).rstrip() for r in recs) + "\n]\n")
    res = runner.invoke(main, ["convert", str(pretty), str(tmp_path / "o.jsonl")])
    assert res.exit_code == 1
    line = next(ln for ln in res.stderr.splitlines() if "[REC-SCHEMA]" in ln)
    players = next(i for i, ln in enumerate(pretty.read_text().splitlines(), 1)
                   if '"players": 5' in ln)
    assert line == f"{pretty} #2: line {players} /players: expected a list [REC-SCHEMA]"
    broken = tmp_path / "b.jsonl"
    broken.write_text(jsonio.dumps(recs[0], compact=True) + '\n{"tarockrec": 1,\n')
    res = runner.invoke(main, ["convert", str(broken), str(tmp_path / "o2.jsonl")])
    assert res.exit_code == 2
    first = res.stderr.splitlines()[0]
    assert first.startswith(f"{broken} #2: line 2 /: ") and first.count(" line ") == 1


@pytest.mark.parametrize("opening, closing", [("[", "]"), ('{"a": ', "}")])
def test_rec_depth_points_at_the_field(runner: CliRunner, tmp_path: Path, opening: str,
                                       closing: str) -> None:
    """REC-DEPTH names the field that holds the nesting, not 200 levels of /0."""
    path = tmp_path / "deep.json"
    path.write_text('{"tarockrec": 1, "_x": ' + opening * 250 + "1" + closing * 250 + "}")
    res = runner.invoke(main, ["validate", str(path)])
    assert res.exit_code == 2
    line = next(ln for ln in res.output.splitlines() if "[REC-DEPTH]" in ln)
    assert line.strip().startswith("line 1 /_x: data nested more than 200 levels deep")
    assert len(line) < 120


def _one_style(text: str) -> list[Any]:
    """The values of a ``--format json`` output written in the one style: an array's items
    one compact object a line between "[" and "]", or one compact value on one line."""
    lines = text.splitlines()
    if lines == ["[", "]"]:
        return []
    if lines[0] != "[":
        assert len(lines) == 1, text[:200]
        return [json.loads(lines[0])]
    assert lines[-1] == "]"
    items = [json.loads(ln.removesuffix(",")) for ln in lines[1:-1]]
    assert json.loads(text) == items
    return items


def test_format_json_is_one_style(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text("".join(jsonio.dumps(r, compact=True) + "\n"
                            for r in deal_records("ulti", 2, 2)))
    for args in (["codes"], ["codes", "ulti"], ["rules"], ["rules", "illustrated"],
                 ["rules", "illustrated", "akos"], ["score", str(path)],
                 ["standings", TOURNAMENT], ["standings", TEAMS, "--teams"],
                 ["standings", TOURNAMENT, TOURNAMENT, "--series"]):
        res = runner.invoke(main, [*args, "--format", "json"])
        assert res.exit_code == 0, (args, res.output[:300])
        values = _one_style(res.stdout)          # (a series without cup points: stderr says so)
        assert values and all(isinstance(v, dict) for v in values), args
    # validate's JSON Lines are the same objects, one a line
    res = runner.invoke(main, ["validate", str(path), "--format", "json"])
    assert [json.loads(ln)["status"] for ln in res.output.splitlines()[:2]] == ["valid"] * 2


def test_an_unknown_game_is_worded_alike_everywhere(runner: CliRunner, tmp_path: Path) -> None:
    sentence = ("'nosuch' is not a game tarockrec checks (carinthian, cego, illustrated, "
                "koenigrufen, ulti)")
    for args in (["generate", "nosuch"], ["codes", "nosuch"], ["rules", "nosuch"],
                 ["rules", "nosuch", "default"]):
        res = runner.invoke(main, args)
        assert res.exit_code == 2 and f"Invalid value for GAME: {sentence}" in res.output, args
    rec = jsonio.loads(jsonio.dumps(next(iter(deal_records("ulti", 1, 2)))))
    rec["game"] = "nosuch"
    path = tmp_path / "r.json"
    path.write_text(jsonio.dumps(rec))
    for command in ("validate", "show", "score"):
        res = runner.invoke(main, [command, str(path)])
        assert f"/game: {sentence} [REC-SCHEMA]" in res.output, (command, res.output[:400])
    assert "Games: carinthian, cego, illustrated, koenigrufen, ulti." in \
        runner.invoke(main, ["generate", "--help"]).output


def test_every_option_value_has_a_name(runner: CliRunner) -> None:
    """No option's value is shown as click's default TEXT in a command's help."""
    for command in main.commands:        # type: ignore[attr-defined]
        res = runner.invoke(main, [command, "--help"])
        assert res.exit_code == 0 and " TEXT " not in res.output, command
    assert "-o FILE " in runner.invoke(main, ["generate", "--help"]).output


def test_codes_and_rules_columns_stay_aligned(runner: CliRunner) -> None:
    """Long values (a section like docs/textnotation.md, a value like redeal_no_penalty)
    widen their column instead of pushing the rest of their line out of it."""
    entries = list(catalogue().values())
    lines = runner.invoke(main, ["codes"]).output.splitlines()
    assert len(lines) == len(entries)
    starts = {ln.index(c.meaning, len(c.code)) for ln, c in zip(lines, entries)}
    assert len(starts) == 1
    assert any(len(c.section) > 9 for c in entries)
    out = runner.invoke(main, ["rules", "illustrated", "akos"]).output.splitlines()
    rows = [ln for ln in out if ln[:1] in ("*", " ") and "  [" in ln]
    names = [ln[1:].split()[0] for ln in rows]
    values = [ln[1:].split()[1] for ln in rows]
    assert max(map(len, values)) > 12
    meaning_at = set()
    for ln, n, v in zip(rows, names, values):
        end = ln.index(v, len(n) + 1) + len(v)
        meaning_at.add(end + len(ln[end:]) - len(ln[end:].lstrip()))
    assert len(meaning_at) == 1
