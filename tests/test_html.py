"""``tarockrec show RECORD --html OUT`` (issue 11, item 2): one self-contained page per call,
tested in a real browser. Headless Chromium (Debian's ``chromium``) is driven over the DevTools
protocol on a pipe (tests/chromium.py, standard library only): pages of every registered game —
every sample, generated deals and a generated session — are loaded, stepped with real key
presses and buttons to the last trick, and the score shown is compared with the record's; no
script error, console error, dialog or network request may happen. Without chromium the
browser tests are skipped (saying so); the page's text and the CLI are tested anyway."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec import atomic, games
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records, session_records
from tarockrec.site import script_json
from tarockrec.show import engine_pack, session_traces, trace
from tarockrec.sources import entries, expand
from tarockrec.validate import validate_record

from chromium import Browser, Tab
from conftest import SAMPLES

GAMES = sorted(games.all_games())
HOSTILE = "</script><img src=x onerror=alert(1)>"
KR = os.path.join(SAMPLES, "koenigrufen", "valid", "ex01-rufer-kontra-rekontra.json")
SESSION = os.path.join(SAMPLES, "illustrated", "valid", "session_five_players_doubling.json")
DATA_BLOCK = re.compile(r'<script type="application/json" id="tarockrec-data">(.*?)</script>',
                        re.S)


def _html(*args: str) -> Any:
    return CliRunner().invoke(main, ["show", *args])


def _data(page: str) -> Any:
    found = DATA_BLOCK.findall(page)
    assert len(found) == 1
    return json.loads(found[0])


def _hostile_record() -> dict[str, Any]:
    rec = jsonio.loads(Path(KR).read_text(encoding="utf-8"))
    rec["players"][1] = HOSTILE
    rec["meta"] = {"event": "<!-- <script>alert(2)</script> & \u2028"}
    return rec


# -- the page as text ---------------------------------------------------------------------------
def test_script_json_cannot_end_the_block_or_open_markup() -> None:
    value = {"a": HOSTILE, "b": "<!--", "c": "]]>&amp;", "d": "\u2028\u2029", "é": "ü"}
    text = script_json(value)
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    assert json.loads(text) == value
    assert "ü" in text                       # readable, not \\u-escaped beyond what is needed


def test_a_hostile_player_name_stays_text(tmp_path: Path) -> None:
    src = tmp_path / "hostile.json"
    src.write_text(jsonio.dumps(_hostile_record()))
    out = tmp_path / "page.html"
    res = _html(str(src), "--html", str(out))
    assert res.exit_code == 0, res.output
    page = out.read_text(encoding="utf-8")
    assert "<img" not in page and "<!--" not in page and "alert(2)" in page
    assert page.count("</script>") == 2      # the data block and the program, nothing else
    assert page.count("<script") == 2
    data = _data(page)
    assert data["records"][0]["players"][1] == HOSTILE


def test_the_page_needs_no_other_file_and_no_network(tmp_path: Path) -> None:
    out = tmp_path / "kr.html"
    assert _html(KR, "--html", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert sorted(os.listdir(tmp_path)) == ["kr.html"]
    for pattern in (r"\bsrc\s*=", r"\bhref\s*=", r"url\(", r"@import", r"@font-face",
                    r"\bfetch\(", r"XMLHttpRequest", r"\bimport\("):
        assert not re.search(pattern, page), pattern
    # the only address in the page is the SVG namespace name (an identifier, never loaded)
    assert set(re.findall(r"https?://[^\s\"')]+", page)) == {"http://www.w3.org/2000/svg"}
    assert "default-src 'none'" in page      # and the browser is told to load nothing


def test_show_html_reports_and_exit_status(tmp_path: Path) -> None:
    out = tmp_path / "s.html"
    res = _html(SESSION, "--html", str(out))
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == f"wrote {out} (1 record, 11 deals)"
    data = _data(out.read_text(encoding="utf-8"))
    rec = data["records"][0]
    assert [d["number"] for d in rec["deals"]] == list(range(1, 12))
    assert len(rec["overview"]) == 11
    one = tmp_path / "one.html"
    assert _html(SESSION, "--deal", "3", "--html", str(one)).exit_code == 0
    assert [d["number"] for d in _data(one.read_text())["records"][0]["deals"]] == [3]
    bad = os.path.join(SAMPLES, "koenigrufen", "invalid", "i31a-revoke.json")
    res = _html(bad, "--html", str(tmp_path / "bad.html"))
    assert res.exit_code == 1 and "INVALID" in res.stderr
    assert "KR-FOLLOW" in (tmp_path / "bad.html").read_text()


def test_no_such_deal_writes_nothing(tmp_path: Path) -> None:
    res = _html(SESSION, "--deal", "12", "--html", str(tmp_path / "x.html"))
    assert res.exit_code == 2 and "no deal 12" in res.stderr
    assert os.listdir(tmp_path) == []


def test_a_page_holds_at_most_max_deals(tmp_path: Path) -> None:
    """More deals than --max-deals: reading stops there, nothing is written, exit 2; at the
    limit the page is written."""
    archive = tmp_path / "kr.jsonl"
    archive.write_text("".join(jsonio.dumps(r, compact=True) + "\n"
                               for r in deal_records("koenigrufen", 5, 7)), encoding="utf-8")
    out = tmp_path / "kr.html"
    res = _html(str(archive), "--html", str(out), "--max-deals", "4")
    assert res.exit_code == 2
    assert "more than 4 deals" in res.stderr and "record 5" in res.stderr
    assert not out.exists() and sorted(os.listdir(tmp_path)) == ["kr.jsonl"]
    res = _html(str(archive), "--html", str(out), "--max-deals", "5")
    assert res.exit_code == 0 and res.stdout.strip() == f"wrote {out} (5 records, 5 deals)"
    # a session counts its deals: the 11-deal session is refused under 10
    res = _html(SESSION, "--html", str(out), "--max-deals", "10", "--force")
    assert res.exit_code == 2 and "more than 10 deals" in res.stderr
    assert _html(SESSION, "--max-deals", "10").exit_code == 2     # only with --html


def test_the_input_is_never_the_output(tmp_path: Path) -> None:
    src = tmp_path / "deal.json"
    src.write_bytes(Path(KR).read_bytes())
    res = _html(str(src), "--html", str(src))
    assert res.exit_code == 2 and "never overwritten" in res.output
    assert src.read_bytes() == Path(KR).read_bytes()


def test_a_missing_folder_or_a_full_disk_leaves_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    res = _html(KR, "--html", str(tmp_path / "no" / "such" / "page.html"))
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert res.stderr.strip().splitlines() == [
        f"tarockrec: cannot write {tmp_path}/no/such/page.html: the folder "
        f"{tmp_path}/no/such does not exist; nothing was written"]
    old = tmp_path / "page.html"
    old.write_text("old")

    class Full:
        def __init__(self, fd: int, *a: Any, **kw: Any) -> None:
            self.fp = os.fdopen(fd, *a, **kw)

        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

        def __getattr__(self, name: str) -> Any:
            return getattr(self.fp, name)

        def __enter__(self) -> "Full":
            return self

        def __exit__(self, *exc: Any) -> None:
            self.fp.close()

    monkeypatch.setattr(atomic, "_open", Full)
    res = _html(KR, "--html", str(old), "--force")
    assert res.exit_code == 2 and "no space left on the device" in res.stderr
    assert old.read_text() == "old" and sorted(os.listdir(tmp_path)) == ["page.html"]


@pytest.mark.parametrize("game", GAMES)
def test_the_page_data_of_every_game_is_the_replay(game: str, tmp_path: Path) -> None:
    """Without a browser: the data the page draws holds, for generated deals and a session of
    every game, the record's scores, a trick per trick the engine took (cards from the hands
    held at the start of play), and the dealt hands."""
    recs = list(deal_records(game, 4, 21)) + list(session_records(game, 1, 3, 22))
    src = tmp_path / "g.jsonl"
    src.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in recs))
    out = tmp_path / "g.html"
    assert _html(str(src), "--html", str(out)).exit_code == 0
    models = _data(out.read_text(encoding="utf-8"))["records"]
    assert len(models) == len(recs)
    for rec, model in zip(recs, models):
        assert model["players"] == [p if isinstance(p, str) else p["name"]
                                    for p in rec["players"]]
        for (d, i), m in zip(_deals(rec), model["deals"]):
            assert m["hands"] == d["deal"]["hands"]
            assert m["score"]["total"] == d["result"]["scores"]
            for t in m["tricks"]:
                assert len(t["cards"]) == len(t["seats"]) and t["winner"] in t["seats"]
                for seat, c in zip(t["seats"], t["cards"]):
                    assert c in m["start"][seat]
            if m["tricks"]:
                played = sorted(c for t in m["tricks"] for c in t["cards"])
                held = sorted(c for h in m["start"] for c in h)
                assert set(played) <= set(held)


# -- in the browser -------------------------------------------------------------------------------


def _records(game: str, tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    """An archive of every valid sample of ``game``, three generated deals and a generated
    session of four deals."""
    folder = os.path.join(SAMPLES, game, "valid")
    recs = [e.record for e in entries_of(folder)]
    recs += list(deal_records(game, 3, 11))
    recs += list(session_records(game, 1, 4, 12))
    path = tmp_path / f"{game}.jsonl"
    path.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in recs))
    return path, recs


def entries_of(folder: str) -> list[Any]:
    if not os.path.isdir(folder):
        return []
    return [e for p in expand([folder]) for e in entries(p)]


def _deals(rec: dict[str, Any]) -> list[tuple[dict[str, Any], int]]:
    return [(d, i) for i, d in enumerate(rec["deals"])] if "deals" in rec else [(rec, 0)]


def _expected_scores(rec: dict[str, Any], d: dict[str, Any], i: int) -> list[int]:
    """The record's score of a deal: its recorded result, else what the validator computes."""
    result = d.get("result")
    if isinstance(result, dict) and isinstance(result.get("scores"), list):
        return list(result["scores"])
    report = validate_record(rec)
    return list(report.scores[i].deltas)


def _state(tab: Tab) -> tuple[int, int]:
    step, steps = tab.evaluate("(b => [+b.dataset.step, +b.dataset.steps])"
                               "(document.getElementById('board'))")
    return step, steps


def _totals(tab: Tab) -> list[int]:
    got: list[int] = tab.evaluate(
        "Array.from(document.querySelectorAll('#score [data-total]'))"
        ".map(x => [+x.dataset.seat, +x.dataset.total]).sort((a, b) => a[0] - b[0])"
        ".map(x => x[1])")
    return got


@pytest.mark.parametrize("game", GAMES)
def test_every_deal_of_every_game_steps_to_its_score(game: str, browser: Browser,
                                                     tmp_path: Path) -> None:
    src, recs = _records(game, tmp_path)
    out = tmp_path / f"{game}.html"
    res = _html(str(src), "--html", str(out))
    assert res.exit_code == 0, res.output
    tab = browser.open(out)
    try:
        deals = [(rec, d, i) for rec in recs for d, i in _deals(rec)]
        assert tab.evaluate("document.querySelectorAll('nav.deals tr.choice').length") == len(deals)
        for number, (rec, d, i) in enumerate(deals):
            g = games.get(rec["game"])
            assert g is not None
            n = len(rec["players"])
            assert tab.evaluate("document.querySelector('nav.deals tr.current')"
                                ".dataset.choice") == str(number)
            if "deal" in d:
                # the dealt hands, card for card
                for seat in range(n):
                    shown = tab.evaluate(
                        f"Array.from(document.querySelectorAll('.seat[data-seat=\"{seat}\"] "
                        f".hand svg.card title')).map(t => t.textContent)")
                    assert sorted(shown) == sorted(d["deal"]["hands"][seat])
            tab.press("End")
            step, steps = _state(tab)
            assert step == steps - 1
            assert _totals(tab) == _expected_scores(rec, d, i), (number, d.get("result"))
            if "deal" in d:
                # the last trick on the table is the engine's last trick
                rules = g.rules(rec.get("rules"))
                if "deals" in rec:
                    tr = session_traces(g, rules, n, rec, validate_record(rec))[i]
                else:
                    tr = trace(g, rules, n, rec, rec.get("carry") or g.initial_carry(rules, n))
                table = getattr(tr.engine, "table", None)
                tricks = table.tricks if table is not None else []
                pack = engine_pack(g, tr)
                if tricks:
                    # the cards not yet played are those the engine's hands still hold
                    for seat in range(n):
                        held = tab.evaluate(
                            f"Array.from(document.querySelectorAll('.seat[data-seat=\"{seat}\"] "
                            f".hand svg.card:not(.played) title')).map(t => t.textContent)")
                        assert sorted(held) == sorted(pack.codes_of(table.hands[seat]))
                    _, cards, seats, winner = tricks[-1]
                    shown = tab.evaluate("Array.from(document.querySelectorAll('.slot svg.card "
                                         "title')).map(t => t.textContent)")
                    assert sorted(shown) == sorted(pack.code(c) for c in cards)
                    assert tab.evaluate("+document.querySelector('.slot.won')"
                                        ".closest('.seat').dataset.seat") == winner
                    assert steps >= len(tricks) + 1
            tab.press("PageDown")
        assert tab.problems() == []
        assert tab.requests() == [tab.url]
    finally:
        tab.close()


@pytest.mark.parametrize("game", GAMES)
def test_keys_and_buttons_step_through_a_deal(game: str, browser: Browser,
                                              tmp_path: Path) -> None:
    rec = next(deal_records(game, 1, 5))
    src = tmp_path / "d.json"
    src.write_text(jsonio.dumps(rec))
    out = tmp_path / "d.html"
    assert _html(str(src), "--html", str(out)).exit_code == 0
    tab = browser.open(out)
    try:
        step, steps = _state(tab)
        assert step == 0 and steps >= 3
        assert "The score is shown after the last trick" in tab.evaluate(
            "document.getElementById('score').textContent")
        tab.press("ArrowRight")
        tab.press("ArrowRight")
        assert _state(tab)[0] == 2
        tab.press("ArrowLeft")
        assert _state(tab)[0] == 1
        tab.evaluate("document.querySelector('[data-go=next]').click()")
        assert _state(tab)[0] == 2
        tab.evaluate("document.querySelector('[data-go=last]').click()")
        assert _state(tab)[0] == steps - 1
        assert tab.evaluate("document.querySelector('[data-go=next]').disabled") is True
        assert _totals(tab) == rec["result"]["scores"]
        tab.press("ArrowRight")                       # nothing after the last step
        assert _state(tab)[0] == steps - 1
        tab.press("Home")
        assert _state(tab)[0] == 0
        assert tab.evaluate("document.querySelector('[data-go=previous]').disabled") is True
        assert _totals(tab) == []
        tab.evaluate("document.querySelector('.pips button:last-child').click()")
        assert _state(tab)[0] == steps - 1
        assert tab.problems() == []
    finally:
        tab.close()


@pytest.mark.parametrize("game", GAMES)
def test_invalid_records_show_their_finding(game: str, browser: Browser,
                                            tmp_path: Path) -> None:
    folder = os.path.join(SAMPLES, game, "invalid")
    found = entries_of(folder)
    if not found:
        pytest.skip(f"{game} has no invalid samples")
    out = tmp_path / "bad.html"
    res = _html(folder, "--html", str(out))
    assert res.exit_code in (1, 2), res.output
    tab = browser.open(out)
    try:
        # the page's deals in order: a record that cannot be replayed is one entry, a
        # session one per deal
        choices: list[int] = []
        reports = []
        for k, e in enumerate(found):
            rec = e.record
            report = validate_record(rec)
            reports.append(report)
            replayed = report.valid or bool(report.scores)
            many = replayed and isinstance(rec, dict) and isinstance(rec.get("deals"), list)
            choices += [k] * (len(rec["deals"]) if many else 1)
        seen = [""] * len(found)
        for k in choices:
            tab.press("End")
            seen[k] += tab.evaluate("document.body.innerText")
            tab.press("PageDown")
        for k, report in enumerate(reports):
            first = next(f for f in report.findings if f.severity == "error")
            assert f"[{first.code}]" in seen[k], (found[k].source, first)
            assert "✗" in seen[k]
        assert tab.problems() == []
        assert tab.requests() == [tab.url]
    finally:
        tab.close()


def test_a_hostile_name_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    src = tmp_path / "hostile.json"
    src.write_text(jsonio.dumps(_hostile_record()))
    out = tmp_path / "hostile.html"
    assert _html(str(src), "--html", str(out)).exit_code == 0
    tab = browser.open(out)
    try:
        assert tab.evaluate("document.images.length") == 0
        assert tab.evaluate("document.scripts.length") == 2
        assert tab.evaluate("document.querySelector('.seat[data-seat=\"1\"] .name')"
                            ".textContent") == HOSTILE
        tab.press("End")
        assert HOSTILE in tab.evaluate("document.getElementById('score').textContent")
        assert tab.problems() == []               # no alert, no error
        assert tab.requests() == [tab.url]        # the img was never made, nothing loaded
    finally:
        tab.close()


def test_the_score_of_a_five_player_deal_is_readable_at_1280(browser: Browser,
                                                             tmp_path: Path) -> None:
    """Five seats in the score panel of a 1280 px window: every column in view (none cut off
    behind a scroll bar) and an item name wrapped only after "_" or ":", never inside a word
    (it broke per syllable, and the fifth column was cut off)."""
    recs = [r for r in deal_records("illustrated", 40, 3, 5)
            if any("_" in it.name for sc in validate_record(r).scores if sc
                   for it in sc.items)][:3]
    assert recs
    src = tmp_path / "five.jsonl"
    src.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in recs))
    out = tmp_path / "five.html"
    assert _html(str(src), "--html", str(out)).exit_code == 0
    tab = browser.open(out)
    try:
        assert tab.evaluate("window.innerWidth") == 1280
        shown = set()
        for k in range(len(recs)):
            if k:
                tab.evaluate("document.querySelectorAll('nav.deals tr.choice')"
                             f"[{k}].click()")
            shown.add(tab.evaluate("document.querySelector('header h1 .label').textContent"))
            tab.press("End")
            score = "document.getElementById('score')"
            assert tab.evaluate(f"{score}.querySelectorAll('[data-total]').length") == 5
            assert tab.evaluate(f"{score}.scrollWidth <= {score}.clientWidth"), k
            assert tab.evaluate(f"{score}.querySelector('table').getBoundingClientRect()"
                                f".right <= {score}.getBoundingClientRect().right"), k
            # the lines of each item name: at most one per piece between "_" and ":"
            lines = tab.evaluate(
                f"Array.from({score}.querySelectorAll('td.item')).map(td => {{"
                "  const r = document.createRange(); r.selectNodeContents(td);"
                "  const tops = new Set(Array.from(r.getClientRects())"
                "                          .map(x => Math.round(x.top)));"
                "  return [td.textContent, tops.size]; })")
            for name, n in lines:
                assert n <= len(re.split(r"(?<=[_:])", name)), (name, n)
        assert len(shown) == len(recs)
        assert tab.problems() == []
    finally:
        tab.close()
