"""The text notation (docs/textnotation.md): exact round trip for every sample and for generated
deals and sessions of every game at every table size, hand-typed deals, syntax errors as findings
with line and column, the command line."""
from __future__ import annotations

import copy
import glob
import json
import os
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from tarockrec.cli import main
from tarockrec.codecs import jsonio, textio
from tarockrec.findings import Finding
from tarockrec.games import all_games
from tarockrec.generate import deal_records, session_records
from tarockrec.sources import entries
from tarockrec.validate import validate_record

CASES = [(name, n) for name, game in sorted(all_games().items()) for n in game.table_sizes]
SAMPLES = sorted(glob.glob(os.path.join(ROOT, "samples", "**", "*.json"), recursive=True))


def _same(*recs: Any) -> str:
    """Write ``recs`` as one text, read it back, and demand the same canonical JSON."""
    text = "".join(textio.iter_dumps(recs))
    back = textio.loads_all(text)
    assert [jsonio.dumps(r) for r in back] == [jsonio.dumps(r) for r in recs]
    return text


def _findings(text: str) -> list[Finding]:
    return [item for _i, _l, item, _m in textio.iter_text(text) if isinstance(item, Finding)]


# -- round trip ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: os.path.relpath(p, ROOT))
def test_every_sample_round_trips(path: str) -> None:
    try:
        rec = jsonio.loads(open(path, "rb").read())
    except jsonio.JSONError:
        pytest.skip("a sample the JSON reader refuses")
    text = _same(*(rec if isinstance(rec, list) else [rec]))
    assert "[Game " in text or "[game = " in text


def test_the_samples_are_there() -> None:
    games = {os.path.relpath(p, ROOT).split(os.sep)[1] for p in SAMPLES}
    assert {"koenigrufen", "illustrated", "ulti"} <= games
    assert len(SAMPLES) > 100


@pytest.mark.parametrize("game,n", CASES)
def test_generated_deals_and_sessions_round_trip(game: str, n: int) -> None:
    deals = list(deal_records(game, 40, 11, n))
    sessions = list(session_records(game, 2, 5, 12, n))
    _same(*deals)
    text = _same(*sessions, *deals[:3])
    assert text.count("[Round ") == 10
    # what convert writes: the streaming writer gives the same text
    assert "".join(textio.iter_dumps(deals[:2])) == textio.dumps(deals[0]) + "\n" + \
        textio.dumps(deals[1])


def _hand_made() -> list[Any]:
    base = next(deal_records("koenigrufen", 1, 5))
    a = copy.deepcopy(base)
    a.update({
        "_club": {"z": 1, "a": [1.5, None, "x", True], "nested": {"y": {}, "b": []}},
        "meta": {"event": "Wiener Tarockcup", "odd key": "a ; b { c } * [d]", "n": "12"},
        "rules": {"name": "default", "options": {"kakadu_value": 40, "x": "valat"}},
        "players": ["Anna", {"name": "Bernd", "id": "AT-17"}, "Clara", "Dieter"],
        "notes": [{"at": "/play/5", "text": "Bernd \"misses\"\nthe ultimo; {sic}"}],
    })
    a["exchange"] = {"_why": {"b": 2, "a": 1}, **a.get("exchange", {})}
    a["deal"]["_dealt_by"] = "machine"                 # an extra key: deal as exact JSON
    b = copy.deepcopy(base)
    b.update({"players": ["Anna", " Bernd", "Cla,ra", ""], "rules": {"options": {"k": "40"}},
              "dealer": "3", "tarockrec": 2, "meta": {}, "carry": {},
              "auction": [{"seat": 1, "call": "-"}, {"seat": -1, "call": "pass"},
                          {"call": "pass"}, {"seat": 2}, {"seat": True, "call": 1},
                          {"seat": 0, "call": ["x", {"y": None}], "_k": 10 ** 30},
                          "null", None, 1.25, -0.0, 1e300, "true", "1:", "a b", "kontra:"],
              "declarations": [{"seat": 0, "say": []}, {"seat": 1, "say": ["-"]},
                               {"seat": 2, "say": "pagat"}, {"seat": 3, "say": [[], "x,y"]}],
              "play": [["T1"], "T2", []], "end": [], "result": {"x": {}}, "unknown": [1]})
    c = {"tarockrec": 1, "game": "ulti", "players": ["A", "B", "C"], "deals": [{"dealer": 0},
                                                                              "not a deal"]}
    d = copy.deepcopy(base)
    d["deal"]["hands"][2] = []
    d["deal"]["talon"] = [[], ["T1"], []]
    d["play"] = [[], ["SK", 3]]
    return [a, b, c, d, 5, [1, "x"], None, {"tarockrec": 1, "deals": []},
            {"tarockrec": 1, "game": "ulti", "deals": [{"deals": [{}], "_x": 1}, {}]}]


def test_hand_made_records_round_trip() -> None:
    recs = _hand_made()
    text = _same(*recs)
    assert '[players = ["Anna", {"name": "Bernd", "id": "AT-17"}, "Clara", "Dieter"]]' in text
    assert '[Meta "odd key" "a ; b { c } * [d]"]' in text
    assert "[= 5]" in text
    for rec in recs:
        _same(rec)


_KEYS = st.sampled_from(["tarockrec", "game", "rules", "meta", "players", "dealer", "carry",
                         "deal", "deals", "auction", "exchange", "declarations", "play", "end",
                         "result", "notes", "late_claims", "_x", "seat", "say", "call",
                         "hands", "talon", "x y", "Game", "options", "name"])
_SCALARS = (st.none() | st.booleans() | st.integers(-10 ** 20, 10 ** 20)
            | st.floats(allow_nan=False, allow_infinity=False)
            | st.text(max_size=6) | st.sampled_from(["T1", "pass", "1", "-", "*", "a:", "null"]))
_JSON = st.recursive(_SCALARS, lambda kids: st.lists(kids, max_size=4)
                     | st.dictionaries(_KEYS | st.text(max_size=3), kids, max_size=4),
                     max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(_KEYS, _JSON, max_size=8))
def test_any_json_object_round_trips(rec: dict[str, Any]) -> None:
    if jsonio.unwritable(rec) is not None:
        return
    _same(rec)


# -- reading by hand ----------------------------------------------------------------------------
HAND_TYPED = """\
; Königrufen, typed by hand from a score sheet
[Tarockrec "1"]
[Game "koenigrufen"]
[Players "Anna, Bernd, Clara, David"]
[Dealer "1"]
hands:
  0: T4 T10 T12 T14 T20 T21 SJ S10 S8 S7 H3 H4
  1: T1 T8 T16 T18 CQ C10 HN HJ H2 DQ D1 D2
  2: T2 T6 T13 T15 SK SN CK C9 C7 HQ H1 D4   { forehand }
  3: T3 T7 T9 T11 T22 SQ S9 CN C8 DK DN D3
talon: (CJ HK DJ) (T5 T17 T19)
auction: 2:mein_spiel 3:besserrufer 0:pass 1:pass
         2:hold        ; Clara holds
         3:pass
exchange: king=HK
end: type=concede seat=2
result: contract=besserrufer declarer=2 partner=null multiplier=1
        scores=(20 20 -60 20)
*
"""


def test_a_hand_typed_deal_validates() -> None:
    [(index, line, rec, lines)] = list(textio.iter_text(HAND_TYPED))
    assert (index, line) == (1, 2)
    assert rec["auction"][4] == {"seat": 2, "call": "hold"}
    assert rec["end"] == {"type": "concede", "seat": 2}
    assert validate_record(rec).valid
    assert lines is not None and lines["/auction/5"] == 14 and lines["/deal/hands/2"] == 9


def test_findings_of_a_text_record_carry_the_line_of_their_entry(tmp_path: Any) -> None:
    wrong = HAND_TYPED.replace("2:hold ", "2:pass ")
    path = tmp_path / "deal.txt"
    path.write_text(wrong, encoding="utf-8")
    [entry] = list(entries(str(path)))
    rep = validate_record(entry.record, entry.index, entry.line, entry.lines)
    assert not rep.valid
    assert any(f.line in (13, 14) for f in rep.findings), rep.findings


BROKEN = [
    # (text, code, line, column)
    ('[Game "ulti"]\nauction: 1:bid (a b\n*\n', "TEXT-SYNTAX", 3, 1),
    ('[Game "ulti"]\nplay:\n  1. SA\n  3. SK\n*\n', "TEXT-SYNTAX", 4, 3),
    ('[Game "ulti"]\nhands:\n  1: SA\n*\n', "TEXT-SYNTAX", 3, 3),
    ('[Game "ulti"]\n[Dealer "one"]\n', "TEXT-SYNTAX", 2, 1),
    ('[Game "ulti"\n', "TEXT-SYNTAX", 2, 1),
    ('[Game "ulti"]\n[Game "ulti"]\n', "TEXT-DUPLICATE", 2, 1),
    ('[Game "ulti"]\n[game = "ulti"]\n', "TEXT-DUPLICATE", 2, 1),
    ('[Game "ulti"]\nexchange: king=HK king=SK\n', "TEXT-DUPLICATE", 2, 19),
    ('[Game "ulti"]\nauction: 1:pass\nauction: 2:pass\n', "TEXT-DUPLICATE", 3, 1),
    ('[Game "ulti"]\n[x = {"a": 1, "a": 2}]\n', "TEXT-DUPLICATE", 2, 1),
    ('[Game "ulti"]\n[x = {"a": 1,}]\n', "TEXT-SYNTAX", 2, 14),
    ('[Game "ulti"]\nbidding: 1:pass\n', "TEXT-SYNTAX", 2, 1),
    ('[Event "Cup"]\n', "TEXT-SYNTAX", 1, 1),
    ('[Game "ulti"]\nauction: 1:pass { no end\n', "TEXT-SYNTAX", 2, 17),
    ('[Game "ulti"]\nauction: 1:"pass\n', "TEXT-SYNTAX", 2, 12),
    ('[Game "ulti"]\nauction: 1:pass% 2:pass\n', "TEXT-SYNTAX", 2, 16),
    ('[Game "ulti"]\n[Deals "2"]\n*\n[Round "1"]\n*\n[Game "ulti"]\n*\n', "TEXT-SYNTAX", 6, 1),
    ('[Round "1"]\n*\n', "TEXT-SYNTAX", 1, 1),
    ('[Game "ulti"]\n[Deals "1"]\n*\n[Round "2"]\n*\n', "TEXT-SYNTAX", 4, 1),
    ('*\n', "TEXT-SYNTAX", 1, 1),
    ('[Game "ulti"]\nauction: 1:pass ) \n', "TEXT-SYNTAX", 2, 17),
    ('[Game "ulti"]\nplay: ' + "(" * 205 + "\n", "REC-DEPTH", 2, 7 + 200),
    ('[Game "ulti"]\nnotes: "\\u0001"\n', "REC-TEXT", 2, None),
]


@pytest.mark.parametrize("text,code,line,col", BROKEN)
def test_syntax_errors_are_findings_with_line_and_column(text: str, code: str, line: int,
                                                         col: int | None) -> None:
    found = _findings(text)
    assert found, text
    f = found[0]
    assert (f.code, f.line) == (code, line), f
    if col is not None:
        assert f.message.endswith(f"at column {col}"), f.message


def test_a_broken_block_costs_only_its_own_record() -> None:
    good = textio.dumps(next(deal_records("ulti", 1, 3)))
    broken = good.replace("auction:", "auction: 1:bid (", 1)
    items = list(textio.iter_text(good + "\n" + broken + "\n" + good))
    assert [i for i, *_ in items] == [1, 2, 3]
    assert isinstance(items[1][2], Finding) and items[1][2].code == "TEXT-SYNTAX"
    assert items[0][2] == items[2][2] and not isinstance(items[0][2], Finding)


def test_a_broken_session_skips_its_rounds() -> None:
    good = textio.dumps(next(deal_records("ulti", 1, 3)))
    session = textio.dumps(next(session_records("ulti", 1, 3, 4)))
    broken = session.replace('[Round "2"]', '[Round "2"]\n[Dealer "x"]', 1)
    items = list(textio.iter_text(broken + "\n" + good))
    assert len(items) == 2
    assert isinstance(items[0][2], Finding) and "Dealer" in items[0][2].message
    assert items[1][2]["game"] == "ulti" and "deals" not in items[1][2]


def test_loads_wants_exactly_one_record() -> None:
    rec = next(deal_records("cego" if "cego" in all_games() else "ulti", 1, 1))
    assert jsonio.dumps(textio.loads(textio.dumps(rec))) == jsonio.dumps(rec)
    with pytest.raises(textio.TextError) as err:
        textio.loads(textio.dumps(rec) * 2)
    assert err.value.finding.code == "TEXT-SYNTAX"
    with pytest.raises(textio.TextError):
        textio.loads(b"\xff\xfe")


def test_format_is_told_from_the_content() -> None:
    assert textio.looks_like_text(b'\n[Tarockrec "1"]\n')
    assert textio.looks_like_text(b"; a comment\n")
    assert textio.looks_like_text(b"[= 5]")
    assert not textio.looks_like_text(b'[{"tarockrec": 1}]')
    assert not textio.looks_like_text(b"[true, null]")
    assert not textio.looks_like_text(b'{"tarockrec": 1}')


# -- the command line ---------------------------------------------------------------------------
def test_validate_and_convert_text_files(tmp_path: Any) -> None:
    runner = CliRunner()
    typed = tmp_path / "typed.txt"
    typed.write_text(HAND_TYPED, encoding="utf-8")
    out = runner.invoke(main, ["validate", str(typed)])
    assert out.exit_code == 0 and "1 valid" in out.output, out.output

    src = os.path.join(ROOT, "samples", "ulti", "valid", "session.json")
    as_text = tmp_path / "session.txt"
    out = runner.invoke(main, ["convert", src, str(as_text)])
    assert out.exit_code == 0, out.output
    assert as_text.read_text(encoding="utf-8").startswith('[Tarockrec "1"]\n[Game "ulti"]')
    back = tmp_path / "back.json"
    out = runner.invoke(main, ["convert", str(as_text), str(back)])
    assert out.exit_code == 0, out.output
    assert back.read_text(encoding="utf-8") == jsonio.dumps(json.load(open(src)))

    out = runner.invoke(main, ["convert", src, "-", "--to", "text"])
    assert out.exit_code == 0 and out.output == as_text.read_text(encoding="utf-8")
    # from stdin the content tells the format; a folder includes .txt files
    out = runner.invoke(main, ["validate", "-"], input=HAND_TYPED)
    assert out.exit_code == 0 and "1 valid" in out.output, out.output
    out = runner.invoke(main, ["validate", str(tmp_path)])
    assert "typed.txt" in out.output and "session.txt" in out.output


def test_a_broken_text_file_is_unreadable_with_its_place(tmp_path: Any) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(HAND_TYPED.replace("(CJ HK DJ)", "(CJ HK DJ"), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(main, ["validate", str(bad)])
    assert out.exit_code == 2, out.output
    assert "TEXT-SYNTAX" in out.output and "line 12" in out.output
    assert "( opened at line 11, column 8 is never closed" in out.output
    out = runner.invoke(main, ["convert", str(bad), str(tmp_path / "x.json")])
    assert out.exit_code == 2 and "TEXT-SYNTAX" in out.output
    assert not (tmp_path / "x.json").exists()


def test_the_examples_in_the_grammar_document_read_and_validate() -> None:
    doc = open(os.path.join(ROOT, "docs", "textnotation.md"), encoding="utf-8").read()
    blocks = [b.split("\n", 1)[1] for b in doc.split("```")[1::2]]
    examples = [b for b in blocks if b.startswith("[Tarockrec") and "..." not in b]
    assert len(examples) == 5
    games = set()
    for text in examples:
        rec = textio.loads(text)
        games.add(rec["game"])
        if rec["game"] in all_games():
            rep = validate_record(rec)
            assert rep.valid, (rec["game"], rep.findings)
    assert games == {"koenigrufen", "illustrated", "ulti", "cego", "carinthian"}


def test_the_stream_reader_reads_in_pieces_what_the_text_reader_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    parts = [textio.dumps(r) for r in deal_records("illustrated", 6, 2, 5)]
    parts += [textio.dumps(r) for r in session_records("koenigrufen", 2, 3, 2)]
    parts.insert(3, '[Game "x"]\nauction: 1:"unclosed\n*\n')       # a broken record
    parts.insert(5, "; a comment\n\n")
    parts.insert(1, '"a lexing error right at the start of a record"x\n*\n')
    text = "\n".join(parts) + "[Game \"last\"]\nauction: 1:pass\n"   # no * at the end
    whole = list(textio.iter_text(text))
    monkeypatch.setattr(textio, "CHUNK", 200)
    streamed = list(textio.iter_text_stream(io.BytesIO(text.encode())))
    assert streamed == whole
    assert [i for i, *_ in whole] == list(range(1, 12))
    assert [isinstance(x, Finding) for _i, _l, x, _m in whole] == \
        [False, True] + [False] * 2 + [True] + [False] * 6
    assert whole[-1][2] == {"game": "last", "auction": [{"seat": 1, "call": "pass"}]}
    # Finding lines count from the start of the whole text
    assert whole[4][1] == text[:text.index('[Game "x"]')].count("\n") + 2


def test_windows_line_ends_read_the_same() -> None:
    good = textio.dumps(next(deal_records("koenigrufen", 1, 8)))
    broken = good.replace("play:", "play: (", 1)
    text = good + "\n" + broken + "\n" + good
    crlf = text.replace("\n", "\r\n")
    assert list(textio.iter_text(crlf)) == list(textio.iter_text(text))
    assert [isinstance(x, Finding) for _i, _l, x, _m in textio.iter_text(crlf)] == \
        [False, True, False]


def test_a_txt_file_holding_json_or_xml_is_read_as_such(tmp_path: Any) -> None:
    from tarockrec.codecs import xmlio
    from tarockrec.sources import detect
    rec = next(deal_records("ulti", 1, 4))
    as_json = tmp_path / "a.txt"
    as_json.write_text(jsonio.dumps(rec), encoding="utf-8")
    as_xml = tmp_path / "b.txt"
    as_xml.write_text(xmlio.dumps(rec), encoding="utf-8")
    as_text = tmp_path / "c.txt"
    as_text.write_text("{ club evening }\n" + textio.dumps(rec), encoding="utf-8")
    for path in (as_json, as_xml, as_text):
        [entry] = list(entries(str(path)))
        assert entry.problem is None and jsonio.dumps(entry.record) == jsonio.dumps(rec), path
    assert detect("x.txt", b'[{"tarockrec": 1}]') == "json"
    assert detect("x.txt", b"{}\n{}\n") == "jsonl"
    assert detect("x.txt", b"{ a comment }") == "text"
    assert detect("-", b'[Game "ulti"]') == "text"


def test_exact_tags_may_span_lines_and_keep_the_line_count() -> None:
    text = ('[Tarockrec "1"]\n[Game "koenigrufen"]\n'
            '[players = ["Anna",\n            {"name": "Bernd", "id": "AT-17"},\n'
            '            "Clara", "David"]]\n'
            '[carry = {"doubling": 2}]  ; still doubled\n[Dealer "0"]\n'
            "auction: 1:pass 2:pass 3:pass 0:pass\n*\n")
    [(_i, line, rec, lines)] = list(textio.iter_text(text))
    assert rec["players"][1] == {"name": "Bernd", "id": "AT-17"}
    assert rec["carry"] == {"doubling": 2} and rec["dealer"] == 0
    assert lines is not None
    assert (line, lines["/players"], lines["/carry"], lines["/auction/3"]) == (1, 3, 6, 8)
    [f] = _findings(text.replace("pass 0:pass", "pass 0:(pass"))
    assert (f.line, f.message.endswith("at column 1")) == (9, True)
    assert "opened at line 8, column 33" in f.message
