"""``tarockrec show`` (issue 11, item 1): every deal of every registered game is shown from the
engine replay — hands with dealer and forehand, talon, auction, exchange, declarations, the
tricks with leader and winner, the score — and an invalid record up to its first finding."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec import games
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records, session_records
from tarockrec.show import Style, engine_pack, trace, words
from tarockrec.sources import entries
from tarockrec.validate import validate_record

from conftest import SAMPLES

GAMES = sorted(games.all_games())
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _samples(game: str, kind: str) -> list[str]:
    folder = os.path.join(SAMPLES, game, kind)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))


def _show(*args: str) -> Any:
    return CliRunner().invoke(main, ["show", "--no-color", *args])


def _section(text: str, title: str) -> list[str]:
    """The lines of a section (its title line up to the next blank line)."""
    lines = text.splitlines()
    try:
        start = lines.index(title)
    except ValueError:
        return []
    out = []
    for ln in lines[start + 1:]:
        if not ln.strip():
            break
        out.append(ln)
    return out


def _name(rec: dict[str, Any], seat: int) -> str:
    p = rec["players"][seat]
    return f"{p['name'] if isinstance(p, dict) else p} ({seat})"


def _check_deal(text: str, rec: dict[str, Any], d: dict[str, Any]) -> None:
    """What a correctly shown deal must contain, derived from the record and the engine."""
    game = games.get(rec["game"])
    assert game is not None
    n = len(rec["players"])
    assert "✗" not in text and "INTERNAL" not in text
    if "deal" not in d:                                  # a score sheet
        assert "Score sheet" in text
        return
    hands = _section(text, "Hands")
    dealer, forehand = d["dealer"], (d["dealer"] + 1) % n
    for seat in range(n):
        row = next(r for r in hands if _name(rec, seat) in r)
        assert row[2] == ("D" if seat == dealer else " ")
        assert row[3] == ("F" if seat == forehand else " ")
        for card in d["deal"]["hands"][seat]:
            assert re.search(rf"(?<![\w]){card}(?![\w])", row), (card, row)
    if d["deal"].get("talon"):
        talon = [c for half in d["deal"]["talon"]
                 for c in (half if isinstance(half, list) else [half])]
        talon_row = next(r for r in hands if r.strip().startswith("talon"))
        assert talon_row.split()[1:] == words(d["deal"]["talon"]).split()
        assert sorted(w for w in talon_row.split()[1:] if w != "|") == sorted(talon)
    # the auction: every call of the record is in the table
    auction = _section(text, "Auction")
    for entry in d.get("auction", []):
        assert any(words(entry).split(" · ")[0] in row for row in auction), entry
    # the tricks, from the engine: every card in its row, the leader's marked >, the winner's *
    rules = game.rules(rec.get("rules"))
    carry = d.get("carry") or game.initial_carry(rules, n)
    tr = trace(game, rules, n, d, carry)
    assert tr.failure is None
    table = getattr(tr.engine, "table", None)
    tricks = list(table.tricks) if table is not None else []
    assert len(tricks) == len(d.get("play") or [])
    play = _section(text, "Play")
    rows = {int(m.group(1)): m.group(2) for m in (re.match(r"\s+(\d+)  (.*)$", r) for r in play)
            if m}
    pack = engine_pack(game, tr)
    for k, (leader, cards, seats, winner) in enumerate(tricks, 1):
        assert [pack.code(c) for c in cards] == d["play"][k - 1]
        row = rows[k]
        for c, s in zip(cards, seats):
            code = pack.code(c)
            mark = (">" if s == leader else "") + code + ("*" if s == winner else "")
            assert re.search(rf"(?<![\w>]){re.escape(mark)}(?![\w*])", row), (k, mark, row)
        assert row.rstrip().endswith(_name(rec, winner))
    assert len(rows) == len(tricks)
    # the score: the total row is the recomputed score, which the record's result states
    score = tr.score
    assert score is not None
    total = next(r for r in _section(text, "Score") if r.strip().startswith("total"))
    assert [int(x) for x in re.findall(r"[+-]\d+", total)] == list(score.deltas)
    written = (d.get("result") or {}).get("scores")
    if written is not None:
        assert written == list(score.deltas)
        assert "the recorded result agrees" in text
    for it in score.items:
        assert any(r.strip().startswith(it.name + " ") for r in _section(text, "Score"))
    # a seat dealt no cards that plays no trick sits the deal out
    for seat in range(n):
        if not d["deal"]["hands"][seat]:
            row = next(r for r in hands if _name(rec, seat) in r)
            out = bool(tricks) and all(seat not in t[2] for t in tricks)
            assert row.rstrip().endswith("sits out" if out else "dealt no cards"), row


@pytest.mark.parametrize("game", GAMES)
def test_every_valid_sample_is_shown(game: str) -> None:
    for path in _samples(game, "valid"):
        rec = jsonio.loads(Path(path).read_bytes())
        if "deals" in rec:
            res = _show(path)
            assert res.exit_code == 0, res.output
            assert f"Session of {len(rec['deals'])} deals" in res.output
            totals = next(r for r in res.output.splitlines() if r.strip().startswith("totals"))
            assert [int(x) for x in re.findall(r"[+-]\d+", totals)] == rec["result"]["totals"]
            for k, d in enumerate(rec["deals"], 1):
                one = _show(path, "--deal", str(k))
                assert one.exit_code == 0, one.output
                assert f"— deal {k} of {len(rec['deals'])} —" in one.output
                part = one.output.split(f"— deal {k} of")[1]
                _check_deal(part, rec, d)
        else:
            res = _show(path)
            assert res.exit_code == 0, (path, res.output)
            assert res.output.rstrip().endswith(f"{path}: valid")
            _check_deal(res.output, rec, rec)


@pytest.mark.parametrize("game", GAMES)
def test_generated_deals_of_every_game_and_table_size(game: str, tmp_path: Path) -> None:
    g = games.get(game)
    assert g is not None
    for n in g.table_sizes:
        recs = list(deal_records(game, 12, 21 + n, n))
        path = tmp_path / f"g{n}.jsonl"
        path.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in recs))
        res = _show(str(path))
        assert res.exit_code == 0, res.output
        blocks = res.output.split("\n\n" + g.title + " · ")
        assert len(blocks) == len(recs)
        for i, rec in enumerate(recs, 1):
            one = _show(str(path), "--record", str(i))
            assert one.exit_code == 0
            _check_deal(one.output, rec, rec)


@pytest.mark.parametrize("game", GAMES)
def test_a_generated_session_deal_by_deal(game: str, tmp_path: Path) -> None:
    rec = next(iter(session_records(game, 1, 5, 8)))
    path = tmp_path / "s.json"
    path.write_text(jsonio.dumps(rec))
    for k, d in enumerate(rec["deals"], 1):
        res = _show(str(path), "--deal", str(k))
        assert res.exit_code == 0, res.output
        _check_deal(res.output.split(f"— deal {k} of")[1], rec, d)


@pytest.mark.parametrize("game", GAMES)
def test_invalid_samples_are_shown_up_to_their_first_finding(game: str) -> None:
    for path in _samples(game, "invalid"):
        res = _show(path)
        assert res.exit_code == 1, (path, res.output)
        assert "Traceback" not in res.output
        entry = next(iter(entries(path)))
        rep = validate_record(entry.record, 1, entry.line, entry.lines)
        first = next(f for f in rep.findings if f.severity == "error")
        assert f"✗ {first}" in res.output, (path, res.output)
        assert res.output.rstrip().endswith(f"{path}: INVALID")


def test_the_finding_is_shown_where_it_happened() -> None:
    """A revoke in trick 1: the trick row shows the card led and the card refused (✗), the
    finding follows the play, and nothing after it (no score) is shown."""
    path = os.path.join(SAMPLES, "illustrated", "invalid", "09_01_revoke.json")
    rec = json.loads(Path(path).read_text())
    out = _show(path).output
    play = _section(out, "Play")
    lead, bad = rec["play"][0][0], rec["play"][0][1]
    row = next(r for r in play if re.match(r"\s+1  ", r))
    assert f">{lead}" in row and f"✗{bad}" in row
    assert any("[IT-FOLLOW]" in r and "/play/0/1" in r for r in play)
    assert "Score" not in out.splitlines() and "(shown up to its first finding)" in out


def test_an_auction_finding_stops_before_the_exchange() -> None:
    path = os.path.join(SAMPLES, "koenigrufen", "invalid", "i09b-out-of-turn.json")
    out = _show(path).output
    auction = _section(out, "Auction")
    assert any("✗ " in r for r in auction[:-1])
    assert auction[-1].strip().startswith("✗") and "[KR-TURN]" in auction[-1]
    assert "Exchange" not in out.splitlines() and "Play" not in out.splitlines()


def test_a_dealt_card_problem_is_shown_with_the_hands() -> None:
    path = os.path.join(SAMPLES, "koenigrufen", "invalid", "i01a-hand-of-13.json")
    out = _show(path).output
    hands = _section(out, "Hands")
    assert any("[DEAL-COMPOSITION]" in r for r in hands)
    assert "Auction" not in out.splitlines()


def test_a_wrong_recorded_score_is_shown_under_the_score() -> None:
    path = os.path.join(SAMPLES, "illustrated", "invalid", "09_25a_wrong_score.json")
    score = _section(_show(path).output, "Score")
    assert any("[RESULT-SCORES]" in r for r in score)
    assert not any("agrees" in r for r in score)


def test_an_invalid_deal_of_a_session(tmp_path: Path) -> None:
    rec = json.loads(Path(SAMPLES, "ulti", "valid", "session.json").read_text())
    rec["deals"][1]["play"][4][0], rec["deals"][1]["play"][4][1] = \
        rec["deals"][1]["play"][4][1], rec["deals"][1]["play"][4][0]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(rec))
    res = _show(str(path))
    assert res.exit_code == 1
    assert re.search(r"^\s+2  .*✗ not scored", res.output, re.M)
    assert "/deals/1/play/4/0" in res.output
    ok = _show(str(path), "--deal", "3")          # the next deal is shown whole
    assert ok.exit_code == 1 and "✗" not in ok.output.split("— deal 3 of")[1].split(
        f"{path}: INVALID")[0]


def test_a_record_that_cannot_be_replayed(tmp_path: Path) -> None:
    rec = json.loads(Path(SAMPLES, "ulti", "valid", "session.json").read_text())
    rec["surprise"] = 1
    path = tmp_path / "x.json"
    path.write_text(json.dumps(rec))
    res = _show(str(path))
    assert res.exit_code == 1 and "[REC-SCHEMA]" in res.output
    assert "(the record cannot be replayed)" in res.output


def test_unreadable_input_and_missing_deal_exit_2(tmp_path: Path) -> None:
    res = _show(str(tmp_path / "none.json"))
    assert res.exit_code == 2 and "[IO-ERROR]" in res.output
    path = _samples("koenigrufen", "valid")[0]
    res = _show(path, "--deal", "2")
    assert res.exit_code == 2 and "there is no deal 2" in res.output
    res = _show(path, "--record", "2")
    assert res.exit_code == 2
    assert f"{path}: there is no record 2: it holds 1 record" in res.output


def test_a_record_past_the_last_is_named_per_file(tmp_path: Path) -> None:
    """``--record N`` past the last record of one file says so, and shows the others'."""
    three = tmp_path / "three.jsonl"
    three.write_text("".join(jsonio.dumps(r, compact=True) + "\n"
                             for r in deal_records("ulti", 3, 5, 3)))
    one = _samples("koenigrufen", "valid")[0]
    res = _show(str(three), one, "--record", "3")
    assert res.exit_code == 2
    assert f"{three} #3: valid" in res.output
    assert f"{one}: there is no record 3: it holds 1 record\n" in res.output
    html = _show(one, "--record", "2", "--html", str(tmp_path / "p.html"))
    assert html.exit_code == 2 and not (tmp_path / "p.html").exists()
    assert f"{one}: there is no record 2: it holds 1 record" in html.output


def test_colour_only_when_asked_or_on_a_terminal() -> None:
    path = os.path.join(SAMPLES, "koenigrufen", "valid", "ex01-rufer-kontra-rekontra.json")
    plain = CliRunner().invoke(main, ["show", path])        # not a terminal: no colour
    assert "\x1b[" not in plain.output
    coloured = CliRunner().invoke(main, ["show", "--color", path])
    assert "\x1b[31mHK\x1b[0m" in coloured.output           # hearts red
    assert ANSI.sub("", coloured.output) == plain.output     # the same text underneath
    assert "\x1b[" not in _show(path).output


def test_style_colours_only_card_codes() -> None:
    g = games.get("koenigrufen")
    assert g is not None
    st = Style(True, g.pack)
    assert st.cards("take lower T2 HJ") == "take lower \x1b[33mT2\x1b[0m \x1b[31mHJ\x1b[0m"
    assert Style(False, g.pack).cards("T2 HJ") == "T2 HJ"


def test_notes_are_shown_at_their_place(tmp_path: Path) -> None:
    rec = json.loads(Path(SAMPLES, "koenigrufen", "valid",
                          "ex01-rufer-kontra-rekontra.json").read_text())
    rec["notes"] = [{"at": "/play/5", "text": "the pagat falls here"},
                    {"at": "/auction/4", "text": "a bold call"}]
    path = tmp_path / "n.json"
    path.write_text(json.dumps(rec))
    res = _show(str(path))
    assert res.exit_code == 0, res.output
    assert "  ✎ /play/5: the pagat falls here" in _section(res.output, "Play")
    assert "  ✎ /auction/4: a bold call" in _section(res.output, "Auction")
