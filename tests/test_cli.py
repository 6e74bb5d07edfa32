"""The command line through click's runner: exit codes, formats, conversion, no tracebacks."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records

from conftest import SAMPLES


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture()
def archive(tmp_path) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(jsonio.dumps(r, compact=True) + "\n"
                            for r in deal_records("koenigrufen", 30, 3)))
    return str(path)


def _ok(result) -> None:  # type: ignore[no-untyped-def]
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output


def test_generate_then_validate(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "g.jsonl"
    res = runner.invoke(main, ["generate", "koenigrufen", "-n", "20", "--seed", "4", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert len(out.read_text().splitlines()) == 20
    res = runner.invoke(main, ["validate", str(out)])
    assert res.exit_code == 0, res.output
    assert "20 record(s): 20 valid, 0 invalid, 0 unreadable" in res.output
    # same seed, same deals
    again = runner.invoke(main, ["generate", "koenigrufen", "-n", "20", "--seed", "4"])
    assert again.output == out.read_text()


def test_generate_refuses_to_overwrite(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "g.jsonl"
    out.write_text("keep")
    res = runner.invoke(main, ["generate", "koenigrufen", "-n", "2", "-o", str(out)])
    assert res.exit_code == 2 and out.read_text() == "keep"


def test_validate_invalid_record_exit_1_and_json_format(runner: CliRunner, archive: str,
                                                        tmp_path) -> None:  # type: ignore[no-untyped-def]
    recs = [json.loads(x) for x in open(archive)]
    recs[3]["play"][2][1], recs[3]["play"][2][2] = recs[3]["play"][2][2], recs[3]["play"][2][1]
    recs[5]["result"]["scores"][0] += 10
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs))
    res = runner.invoke(main, ["validate", str(bad)])
    _ok(res)
    assert res.exit_code == 1
    assert "#4, line 4: INVALID" in res.output and "#6, line 6: INVALID" in res.output
    assert "28 valid, 2 invalid" in res.output
    res = runner.invoke(main, ["validate", "--format", "json", str(bad)])
    *lines, summary = [json.loads(x) for x in res.output.splitlines()]
    assert [x["valid"] for x in lines].count(False) == 2
    assert [x["status"] for x in lines].count("invalid") == 2
    assert summary == {"summary": {"valid": 28, "invalid": 2, "unreadable": 0, "records": 30}}
    assert all({"code", "pointer", "message", "severity"} <= set(f) for x in lines
               for f in x["findings"])
    res = runner.invoke(main, ["validate", "--format", "json", "-q", str(bad)])
    *lines, summary = [json.loads(x) for x in res.output.splitlines()]
    assert [x["index"] for x in lines] == [4, 6] and summary["summary"]["records"] == 30


def test_validate_stdin(runner: CliRunner, archive: str) -> None:
    res = runner.invoke(main, ["validate", "-"], input=open(archive).read())
    assert res.exit_code == 0, res.output


def test_unreadable_input_exit_2(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    for name, text in [("a.json", "{not json"), ("b.jsonl", '{"tarockrec": 1}\n{oops\n'),
                       ("c.xml", "<tarockrec version='1'><deal"), ("d.json", "")]:
        p = tmp_path / name
        p.write_text(text)
        res = runner.invoke(main, ["validate", str(p)])
        _ok(res)
        assert res.exit_code == 2, (name, res.output)
    res = runner.invoke(main, ["validate", str(tmp_path / "missing.json")])
    _ok(res)
    assert res.exit_code == 2 and "IO-ERROR" in res.output


def test_bad_usage_exit_2(runner: CliRunner) -> None:
    assert runner.invoke(main, ["validate"]).exit_code == 2
    assert runner.invoke(main, ["generate", "nosuchgame"]).exit_code == 2
    assert runner.invoke(main, ["convert", "a.json", "b.dat"]).exit_code == 2


def test_convert_round_trip_and_no_overwrite(runner: CliRunner, archive: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    xml = tmp_path / "a.xml"
    back = tmp_path / "b.jsonl"
    before = open(archive, "rb").read()
    assert runner.invoke(main, ["convert", archive, str(xml)]).exit_code == 0
    assert runner.invoke(main, ["convert", str(xml), str(back)]).exit_code == 0
    assert back.read_bytes() == before
    assert open(archive, "rb").read() == before          # input never modified
    res = runner.invoke(main, ["convert", archive, str(xml)])
    assert res.exit_code == 2 and "--force" in res.output
    assert runner.invoke(main, ["convert", "--force", archive, str(xml)]).exit_code == 0
    res = runner.invoke(main, ["validate", str(xml)])
    assert res.exit_code == 0, res.output


def test_convert_never_leaves_a_partial_file(runner: CliRunner, archive: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "broken.jsonl"
    lines = open(archive).read().splitlines()
    src.write_text("\n".join(lines[:10] + ["{broken"] + lines[10:]) + "\n")
    out = tmp_path / "out.xml"
    res = runner.invoke(main, ["convert", str(src), str(out)])
    _ok(res)
    assert res.exit_code == 2
    assert not out.exists()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_score_shows_breakdown(runner: CliRunner, archive: str) -> None:
    res = runner.invoke(main, ["score", archive])
    assert res.exit_code == 0, res.output
    # one column per seat, headed by the player's name and seat
    assert "total" in res.output and "Player 4 (3)" in res.output


def test_schema_command(runner: CliRunner) -> None:
    res = runner.invoke(main, ["schema", "json"])
    assert res.exit_code == 0 and json.loads(res.output)["$schema"].endswith("2020-12/schema")
    res = runner.invoke(main, ["schema", "xml"])
    assert res.exit_code == 0 and "xs:schema" in res.output


@pytest.mark.parametrize("game", ["koenigrufen", "ulti", "illustrated", "cego", "carinthian"])
def test_validate_samples_directory(runner: CliRunner, game: str) -> None:
    valid = os.path.join(SAMPLES, game, "valid")
    res = runner.invoke(main, ["validate", "-q", valid])
    assert res.exit_code == 0, res.output
    assert " 0 invalid" in res.output and not res.output.startswith("0 record")
    res = runner.invoke(main, ["validate", "-q", os.path.join(SAMPLES, game, "invalid")])
    _ok(res)
    assert res.exit_code in (1, 2) and " 0 valid" in res.output, res.output


def test_hostile_xml_is_refused_without_reading_anything(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    doc = tmp_path / "evil.xml"
    doc.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM "file://{secret}">'
                   '<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;&l;">]>\n'
                   '<tarockrec version="1"><deal game="koenigrufen" dealer="0">&x;&l2;</deal>'
                   '</tarockrec>\n')
    for args in (["validate", str(doc)], ["validate", "--format", "json", str(doc)],
                 ["convert", str(doc), str(tmp_path / "out.json")]):
        res = runner.invoke(main, args)
        _ok(res)
        assert res.exit_code == 2, res.output
        assert "TOP-SECRET" not in res.output and "lollol" not in res.output
    assert not (tmp_path / "out.json").exists()
    assert "XML-DOCTYPE" in runner.invoke(main, ["validate", str(doc)]).output


def test_findings_in_pretty_json_carry_their_line(runner: CliRunner, tmp_path) -> None:  # type: ignore[no-untyped-def]
    recs = list(deal_records("koenigrufen", 3, 8))
    recs[1]["play"][5][1] = "XX"
    single = tmp_path / "one.json"
    single.write_text(jsonio.dumps(recs[1]))
    text = single.read_text().splitlines()
    want = next(i for i, ln in enumerate(text, 1) if '"XX"' in ln)
    out = runner.invoke(main, ["validate", str(single)]).output
    assert f"line {want} /play/5/1" in out, out
    array = tmp_path / "many.json"
    array.write_text("[\n" + ",\n".join(jsonio.dumps(r).rstrip() for r in recs) + "\n]\n")
    text = array.read_text().splitlines()
    want = next(i for i, ln in enumerate(text, 1) if '"XX"' in ln)
    out = runner.invoke(main, ["validate", str(array)]).output
    assert f"line {want} /play/5/1" in out and "#2, line" in out, out
