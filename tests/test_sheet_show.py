"""``show`` draws a score sheet as the sheet line it is: the outcome (the game and its facts,
each bonus on a line) and the breakdown scored from it, in the terminal and on the page."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tarockrec.cli import main

SHEET = Path(__file__).resolve().parents[1] / "samples" / "ulti" / "valid" / \
    "sheet_u02_hearts_simple_ulti_redoubled.json"
BAD = Path(__file__).resolve().parents[1] / "samples" / "ulti" / "invalid" / \
    "s07_won_with_fewer_points.json"


def test_the_terminal_shows_the_outcome_and_its_breakdown() -> None:
    out = CliRunner().invoke(main, ["show", str(SHEET), "--no-color"]).output
    lines = out.splitlines()
    at = lines.index("Outcome (the sheet line)")
    # the contract as players name it (issue 43), not its id hearts_simple_ulti
    assert lines[at + 1].startswith("  contract Hearts Simple Ulti · declarer Bence (1) · won")
    assert lines[at + 2] == "  ulti: announced by the declarer, made · kontra ×4"
    assert any(line.startswith("  ulti ") and "+64" in line for line in lines[at:])


def test_an_outcome_finding_is_shown_under_the_outcome() -> None:
    out = CliRunner().invoke(main, ["show", str(BAD), "--no-color"]).output
    lines = out.splitlines()
    at = lines.index("Outcome (the sheet line)")
    assert any("[OUTCOME-CONFLICT]" in line for line in lines[at:at + 6])


def test_the_page_has_the_outcome_section(tmp_path: Path) -> None:
    target = tmp_path / "p.html"
    r = CliRunner().invoke(main, ["show", str(SHEET), "--html", str(target)])
    assert r.exit_code == 0, r.output
    text = target.read_text(encoding="utf-8")
    data = json.loads(text.split('id="tarockrec-data">')[1].split("</script>")[0])
    sections = data["records"][0]["deals"][0]["sections"]
    outcome = next(s for s in sections if s["key"] == "outcome")
    assert [i["text"] for i in outcome["items"]][1] == \
        "ulti: announced by the declarer, made · kontra ×4"
