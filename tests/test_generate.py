"""The generator reaches every way a deal can go, and writes sessions that cross periods."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.games import all_games
from tarockrec.generate import deal_records, session_records
from tarockrec.validate import validate_record


def _ways(records: list[dict]) -> Counter[str]:
    ways: Counter[str] = Counter()
    for rec in records:
        end = (rec.get("end") or {}).get("type")
        if end == "concede":
            after_discard = bool((rec.get("exchange") or {}).get("discard"))
            ways["concede after discard" if after_discard else "concede"] += 1
        elif end:
            ways[end] += 1
        if any(x.split(":")[0] in ("kontra", "rekontra", "double", "redouble")
               for turn in rec.get("declarations", []) for x in turn.get("say", [])):
            ways["kontra"] += 1
    return ways


def test_koenigrufen_deals_reach_redeals_and_both_concessions() -> None:
    ways = _ways(list(deal_records("koenigrufen", 3000, 11)))
    for way in ("redeal", "concede", "concede after discard", "kontra"):
        assert ways[way] >= 5, ways


@pytest.mark.parametrize("name,n", [(g, n) for g, game in sorted(all_games().items())
                                    for n in game.table_sizes])
def test_sessions_validate_and_carry_state(name: str, n: int) -> None:
    sessions = list(session_records(name, 4, 20, 5, n))
    doubled = 0
    for sess in sessions:
        report = validate_record(sess)
        assert report.valid and report.kind == "session", [str(f) for f in report.findings]
        assert report.totals == sess["result"]["totals"]
        assert len(sess["deals"]) == 20
        doubled += sum(1 for d in sess["deals"] if d.get("carry"))
    if name in ("koenigrufen", "illustrated", "carinthian"):  # games with doubling periods
        assert doubled > 0


def test_cli_generate_sessions_and_options(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    out = tmp_path / "sessions.jsonl"
    res = runner.invoke(main, ["generate", "koenigrufen", "-n", "12", "--sessions", "3",
                               "--seed", "4", "-o", str(out)])
    assert res.exit_code == 0, res.output
    sessions = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(sessions) == 3 and all(len(s["deals"]) == 12 for s in sessions)
    res = runner.invoke(main, ["validate", str(out)])
    assert res.exit_code == 0 and "3 valid" in res.output, res.output
    res = runner.invoke(main, ["generate", "koenigrufen", "--option",
                               "redeal_no_king_no_tarock=off", "--seed", "1"])
    assert res.exit_code == 0
    assert json.loads(res.output)["rules"]["options"] == {"redeal_no_king_no_tarock": "off"}
    res = runner.invoke(main, ["generate", "koenigrufen", "--option", "no_such_option=1"])
    assert res.exit_code == 2 and "no_such_option" in res.output
    res = runner.invoke(main, ["generate", "koenigrufen", "--option", "novalue"])
    assert res.exit_code == 2 and "NAME=VALUE" in res.output
