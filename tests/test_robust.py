"""Nothing a user feeds tarockrec breaks it (issue: robust reading, writing and reporting).

What validates, every writer writes: texts XML cannot carry, numbers beyond a double and
nesting beyond ``MAX_DEPTH`` are refused by the readers with a finding; reports never fail on
odd names; the CI-facing options of ``validate``; an input is never modified.
"""
from __future__ import annotations

import copy
import io
import json
import os
import sys
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree

from conftest import SAMPLES
from tarockrec import parallel, report
from tarockrec.cli import entry, score
from tarockrec.cli import main
from tarockrec.codecs import jsonio, xmlio
from tarockrec.findings import Finding
from tarockrec.validate import Report

VALID = os.path.join(SAMPLES, "koenigrufen", "valid", "ex14-rufer-own-king-doubling-king-ultimo.json")
REC: dict[str, Any] = json.load(open(VALID, encoding="utf-8"))


def _nested(depth: int) -> dict[str, Any]:
    top: dict[str, Any] = {}
    cur = top
    for _ in range(depth - 1):
        cur["x"] = {}
        cur = cur["x"]
    return top


def _text(rec: dict[str, Any]) -> str:
    return json.dumps(rec)            # escapes every odd character as \\uXXXX


@pytest.mark.parametrize("path,value,code", [
    (("players", 0), "\ud800x", "REC-TEXT"),           # a lone surrogate escape
    (("players", 0), "A\uffffB", "REC-TEXT"),          # U+FFFF: no XML document holds it
    (("players", 1), "tab\x01", "REC-TEXT"),           # a control character
    (("game",), "\udfff", "REC-TEXT"),
    (("_deep",), _nested(250), "REC-DEPTH"),
])
def test_reader_refuses_what_no_writer_can_keep(path: tuple, value: Any, code: str,
                                                tmp_path) -> None:  # type: ignore[no-untyped-def]
    rec = copy.deepcopy(REC)
    target: Any = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(jsonio.JSONError) as err:
        jsonio.loads(_text(rec))
    assert err.value.finding.code == code
    assert err.value.finding.pointer.startswith("/" + str(path[0]))
    # the CLI: an unreadable record, nothing written, no traceback
    src = tmp_path / "in.json"
    src.write_text(_text(rec), encoding="utf-8")
    runner = CliRunner()
    for fmt in ("text", "json"):
        res = runner.invoke(main, ["validate", "--format", fmt, str(src)])
        assert res.exit_code == 2 and code in res.output and res.exception is None or \
            isinstance(res.exception, SystemExit), res.output
    for out in ("out.xml", "out.jsonl", "out.json"):
        res = runner.invoke(main, ["convert", str(src), str(tmp_path / out)])
        assert res.exit_code == 2 and isinstance(res.exception, SystemExit), res.output
        assert not (tmp_path / out).exists()


def test_number_beyond_a_double_is_refused() -> None:
    text = _text(REC)[:-1] + ', "_big": 1e400}'
    with pytest.raises(jsonio.JSONError) as err:
        jsonio.loads(text)
    assert (err.value.finding.code, err.value.finding.pointer) == ("REC-NUMBER", "/_big")


def test_deep_but_allowed_private_data_survives_every_writer() -> None:
    rec = copy.deepcopy(REC)
    rec["_deep"] = _nested(jsonio.MAX_DEPTH - 2)
    rec["_text"] = "tab\\tquote\"ünï €"
    text = jsonio.dumps(rec)
    assert jsonio.loads(text) == rec
    assert jsonio.loads(jsonio.dumps(rec, compact=True)) == rec
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == text


def test_xml_reader_applies_the_same_limits() -> None:
    rec = copy.deepcopy(REC)
    rec["_deep"] = _nested(jsonio.MAX_DEPTH - 2)
    doc = xmlio.dumps(rec).replace('"x":{}', '"x":{"x":{"x":{"x":{"x":{}}}}}')
    with pytest.raises(xmlio.XMLError) as err:
        xmlio.loads(doc)
    assert err.value.finding.code == "REC-DEPTH"


def test_reports_survive_names_that_are_not_unicode(tmp_path) -> None:  # type: ignore[no-untyped-def]
    name = os.fsdecode(b"bad\xff.json")                      # a surrogate escape in the name
    path = tmp_path / name
    path.write_text(_text(REC), encoding="utf-8")
    d = {"source": str(path), "valid": True}
    line = json.loads(report.json_line(d))
    assert line["source"] == str(path)


def test_no_record_read_is_a_failure(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "archive.dat").write_bytes(b"{}")
    res = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert res.exit_code == 2 and "no record was read" in res.output
    (tmp_path / "archive.jsonl.gz").write_bytes(b"\x1f\x8b")     # read, and broken
    res = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert res.exit_code == 2 and "IO-ERROR" in res.output


def test_junit_report_is_xml_ci_servers_read() -> None:
    invalid = os.path.join(SAMPLES, "koenigrufen", "invalid", "i06-bid-not-higher.json")
    res = CliRunner().invoke(main, ["validate", "--format", "junit", VALID, invalid])
    assert res.exit_code == 1
    suite = etree.fromstring(res.output.encode())
    assert suite.tag == "testsuite" and suite.get("tests") == "2" and suite.get("failures") == "1"
    (failure,) = suite.iter("failure")
    assert failure.get("type") == "KR-BID-LOW"


def test_max_findings_and_labels(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    many = [Finding("RESULT-SCORES", f"finding {i}", "/result/scores") for i in range(5)]
    warn = Finding("SHEET-UNVERIFIED", "a warning", "/", "warning")

    def fake(rec: Any, index: int = 1, line: int | None = None,
             lines: Any = None, **kwargs: Any) -> Report:
        return Report(index=index, line=line, game="koenigrufen", kind="deal",
                      findings=list(many) if rec.get("_bad") else [warn])

    monkeypatch.setattr(parallel, "validate_record", fake)
    runner = CliRunner()
    invalid = copy.deepcopy(REC)
    invalid["_bad"] = True
    w, i = tmp_path / "w.json", tmp_path / "i.json"
    w.write_text(json.dumps(REC), encoding="utf-8")
    i.write_text(json.dumps(invalid), encoding="utf-8")
    res = runner.invoke(main, ["validate", "--max-findings", "2", str(i)])
    assert res.output.count("finding ") == 2 and "… and 3 more" in res.output
    res = runner.invoke(main, ["validate", str(w)])
    assert res.exit_code == 0 and "warning: " in res.output


def test_an_input_reached_through_a_link_is_never_the_target(tmp_path) -> None:  # type: ignore[no-untyped-def]
    a = tmp_path / "a.json"
    a.write_text(jsonio.dumps(REC), encoding="utf-8")
    before = a.read_bytes()
    (tmp_path / "sym.json").symlink_to(a)
    os.link(a, tmp_path / "hard.json")
    runner = CliRunner()
    for link in ("sym.json", "hard.json"):
        res = runner.invoke(main, ["convert", str(tmp_path / link), str(a), "--force"])
        assert res.exit_code == 2 and "same file" in res.output
        res = runner.invoke(main, ["convert", str(a), str(tmp_path / link), "--force"])
        assert res.exit_code == 2 and "same file" in res.output
    assert a.read_bytes() == before


def test_output_is_written_whole_with_plain_permissions(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out.xml"
    res = CliRunner().invoke(main, ["convert", VALID, str(out)])
    assert res.exit_code == 0
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    assert [p.name for p in tmp_path.iterdir()] == ["out.xml"]       # no temporary file left


def test_a_json_key_given_twice_is_a_finding_not_a_guess() -> None:
    compact = jsonio.dumps(REC, compact=True)
    doubled = compact.replace('"dealer":3,', '"dealer":3,"dealer":0,', 1)
    assert doubled != compact
    with pytest.raises(jsonio.JSONError) as err:
        jsonio.loads(doubled)
    assert (err.value.finding.code, err.value.finding.pointer) == ("JSON-DUPLICATE", "")
    pretty = jsonio.dumps(REC).replace('"seat": 1, "say": []', '"seat": 1, "seat": 2, "say": []',
                                       1)
    with pytest.raises(jsonio.JSONError) as err:
        jsonio.loads(pretty)
    assert err.value.finding.code == "JSON-DUPLICATE"
    assert err.value.finding.pointer.startswith("/declarations/")
    assert jsonio.loads(jsonio.dumps(REC)) == REC            # pretty text is read again, fine


def test_an_xml_field_given_twice_is_a_finding_not_a_guess() -> None:
    doc = xmlio.dumps(REC)
    start = doc.index("<auction>")
    end = doc.index("</auction>") + len("</auction>")
    doubled = doc[:end] + doc[start:end] + doc[end:]
    with pytest.raises(xmlio.XMLError) as err:
        xmlio.loads(doubled)
    assert err.value.finding.code == "XML-DUPLICATE" and err.value.finding.line


@pytest.mark.parametrize("element", ['<deal game="koenigrufen"', "<hand seat=\"0\"", "<call "])
def test_an_element_with_very_many_attributes_is_refused_early(element: str) -> None:
    """libxml2 finds an attribute's value by walking the element's list: reading 50,000
    attributes took seconds (quadratic), 200,000 more than a minute."""
    text = xmlio.dumps(REC)
    assert element in text
    many = " ".join(f'a{i}="1"' for i in range(50_000))
    text = text.replace(element, f"{element} {many} ", 1)
    reports = list(parallel.reports([_write_tmp(text)]))
    (entry, rep), = reports
    assert [f.code for f in rep.findings] == ["XML-ATTRIBUTES"]
    assert rep.findings[0].line is not None


def _write_tmp(text: str) -> str:
    import tempfile
    fd, path = tempfile.mkstemp(suffix=".xml")
    with os.fdopen(fd, "w", encoding="utf-8") as fp:
        fp.write(text)
    return path


def test_a_truncated_json_lines_record_is_blamed_on_its_own_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    line = jsonio.dumps(REC, compact=True)
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join([line, line[:-1], line, line[:300]]) + "\n", encoding="utf-8")
    got = [(e.index, e.line, e.problem.code if e.problem else None, e.problem.line if e.problem else None)
           for e, _ in parallel.reports([str(path)])]
    assert got == [(1, 1, None, None), (2, 2, "JSON-SYNTAX", 2), (3, 3, None, None),
                   (4, 4, "JSON-SYNTAX", 4)]


@pytest.mark.parametrize("text, words", [
    ('{"a": "x\\q"}', "unknown backslash escape"), ('{"a" 1}', "colon is missing"),
    ('{"a": 1} x', "more text follows"), ('{"a": "open', "not closed by a double quote"),
    ('{"a": [1, 2', "ends before the record is complete")])
def test_parser_messages_are_sentences(text: str, words: str) -> None:
    with pytest.raises(jsonio.JSONError) as err:
        jsonio.loads(text)
    assert err.value.finding.code == "JSON-SYNTAX" and words in err.value.finding.message


def test_a_value_beyond_libxml2s_limit_is_one_record(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A 12 MB private attribute (libxml2 stops at 10 MB by default): the record reads as JSON
    reads it, and the record after it is not confused with an error."""
    big = dict(REC, _big="x" * 12_000_000)
    path = tmp_path / "big.xml"
    path.write_text("".join(xmlio.iter_dumps([big, REC])),
                    encoding="utf-8")
    reps = list(parallel.reports([str(path)]))
    assert [(e.index, e.problem, r.valid) for e, r in reps] == [(1, None, True), (2, None, True)]


def test_xml_nesting_deeper_than_the_limit_is_one_finding(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = "".join(xmlio.iter_dumps([REC, REC]))
    deep = "<x>" * 1500 + "</x>" * 1500
    text = text.replace('<deal game="koenigrufen"', "\x00", 1)
    head, _, tail = text.partition("\x00")
    tail = tail.replace(">", ">" + deep, 1)
    path = tmp_path / "deep.xml"
    path.write_text(head + '<deal game="koenigrufen"' + tail, encoding="utf-8")
    reps = list(parallel.reports([str(path)]))
    assert [(e.index, e.problem.code if e.problem else None) for e, _ in reps] == \
        [(1, "REC-DEPTH"), (2, None)]


def test_compressed_archives_are_read_through(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import gzip
    import zstandard
    lines = "".join(jsonio.dumps(REC, compact=True) + "\n" for _ in range(3)).encode()
    xml = "".join(xmlio.iter_dumps([REC, REC])).encode()
    (tmp_path / "a.jsonl.gz").write_bytes(gzip.compress(lines))
    (tmp_path / "b.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(lines))
    (tmp_path / "c.xml.gz").write_bytes(gzip.compress(xml))
    (tmp_path / "cut.jsonl.gz").write_bytes(gzip.compress(lines)[:-30])
    reps = list(parallel.reports(sources_expand([str(tmp_path)])))
    got = [(os.path.basename(e.source), e.index, r.valid, e.problem.code if e.problem else None)
           for e, r in reps]
    assert got[:8] == [("a.jsonl.gz", i, True, None) for i in (1, 2, 3)] + \
        [("b.jsonl.zst", i, True, None) for i in (1, 2, 3)] + \
        [("c.xml.gz", i, True, None) for i in (1, 2)]
    assert got[-1][0] == "cut.jsonl.gz" and got[-1][3] == "IO-ERROR"


def sources_expand(paths: list[str]) -> list[str]:
    from tarockrec.sources import expand
    return expand(paths)


def test_stdin_is_streamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Records from stdin are validated as they arrive, not after the whole input is read."""
    import io
    import sys
    line = (jsonio.dumps(REC, compact=True) + "\n").encode()

    class Slow(io.RawIOBase):
        """4,000 records, handed out a kilobyte a read."""
        reads = 0
        data = memoryview(line * 4000)

        def readable(self) -> bool:
            return True

        def readinto(self, buf) -> int:  # type: ignore[no-untyped-def]
            Slow.reads += 1
            n = min(len(buf), 1024, len(self.data))
            buf[:n] = self.data[:n]
            self.data = self.data[n:]
            return n

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Slow(), 1024)))
    first = next(iter(parallel.reports(["-"])))
    assert first[1].valid and Slow.reads < 1000          # the whole input takes ~5,000


def test_generate_help_lists_the_games_and_defaults() -> None:
    res = CliRunner().invoke(main, ["generate", "--help"])
    assert res.exit_code == 0
    assert all(name in res.output for name in ("koenigrufen", "ulti", "illustrated"))
    assert "default" in res.output.lower() and "first table size" in res.output


def test_score_names_the_players_and_aligns_long_item_names() -> None:
    from tarockrec.scoring import Score, ScoreItem
    sc = Score(items=[ScoreItem("a_very_long_item_name_indeed", 10, 2, (60, -20, -20, -20)),
                      ScoreItem("x", 1, 1, (3, -1, -1, -1))], deltas=[63, -21, -21, -21],
               facts={"contract": "rufer"})
    text = score._table(sc, ["Anna", "Bernd", "Clara", "Dieter Maximilian"])
    lines = text.splitlines()
    assert "Anna (0)" in lines[1] and "Dieter Maximilian (3)" in lines[1]
    assert len({len(line) for line in lines[1:]}) == 1    # every row ends in the last column
    assert lines[2].startswith("    a_very_long_item_name_indeed  ")
    assert lines[3].startswith("    x" + " " * len("a_very_long_item_name_indeed"))


def test_convert_and_score_draw_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path) -> None:  # type: ignore[no-untyped-def]
    drawn: list[int] = []
    monkeypatch.setattr(entry._Progress, "tick",
                        lambda self, source, offset, records=1: drawn.append(records))
    src = tmp_path / "a.jsonl"
    src.write_text((jsonio.dumps(REC, compact=True) + "\n") * 5, encoding="utf-8")
    assert CliRunner().invoke(main, ["convert", str(src), str(tmp_path / "b.xml")]).exit_code == 0
    assert CliRunner().invoke(main, ["score", str(src)]).exit_code == 0
    assert drawn == [1] * 10                       # one tick a record


def test_progress_counts_the_files_before_the_current_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_bytes(b"x" * 300)
    b.write_bytes(b"x" * 100)
    bar = entry._Progress([str(a), str(b)])
    bar.on, shown = True, io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stderr", shown)
        bar.tick(str(b), 50, 7)                    # a chunk of 7 records, half-way into b
    assert (bar.n, bar.done) == (7, 300)
    assert "88%" in shown.getvalue() and "7 records" in shown.getvalue()


def test_a_large_json_array_is_read_one_record_at_a_time(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tarockrec import sources
    one = jsonio.dumps(REC, compact=True)
    dup = one.replace('"dealer":', '"dealer":3,"dealer":', 1)
    text = "[\n" + ",\n".join([one, one, dup, one]) + "\n]\n"
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    whole = [(e.index, e.line, e.record, e.problem.code if e.problem else None)
             for e in sources.entries(str(path))]
    monkeypatch.setattr(sources, "LINE_MAP_LIMIT", 100)   # the streaming path from 100 bytes
    parsed: list[int] = []
    real = jsonio.loads
    monkeypatch.setattr(jsonio, "loads", lambda data, off=0: parsed.append(len(data)) or real(data, off))
    streamed = [(e.index, e.line, e.record, e.problem.code if e.problem else None)
                for e in sources.entries(str(path))]
    assert streamed == whole                   # the same, with or without line maps
    assert [ln for _, ln, _, _ in streamed] == [2, 3, 4, 5]
    assert [c for *_, c in streamed] == [None, None, "JSON-DUPLICATE", None]
    assert len(parsed) == 4 and max(parsed) < len(text) / 3   # each record parsed by itself
    for broken in ("[" + one + ",]", "[" + one, "[" + one + "] x"):
        path.write_text(broken, encoding="utf-8")
        (entry,) = sources.entries(str(path))
        assert entry.problem is not None and entry.problem.code == "JSON-SYNTAX"


def test_a_closed_pipe_ends_quietly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`tarockrec validate … | head -1`: the reader goes away, no traceback follows."""
    import subprocess
    import sys
    from conftest import ROOT
    path = tmp_path / "many.jsonl"
    path.write_text((jsonio.dumps(REC, compact=True) + "\n") * 3000, encoding="utf-8")
    for jobs in ("1", "2"):
        proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "validate", "-j", jobs,
                                 str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                cwd=ROOT)
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()                      # what `head -1` does after its line
        err = proc.stderr.read()
        proc.wait(timeout=120)
        assert first.startswith(str(path).encode()) and b"valid" in first
        assert b"Traceback" not in err, err.decode(errors="replace")


def test_the_progress_bar_never_mixes_with_record_lines(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path) -> None:  # type: ignore[no-untyped-def]
    """On a terminal the bar is wiped before every line printed for a record."""
    import io
    import sys
    log: list[str] = []

    class Stream(io.StringIO):
        def __init__(self, name: str, tty: bool) -> None:
            super().__init__()
            self.name_, self.tty = name, tty

        def isatty(self) -> bool:
            return self.tty

        def write(self, text: str) -> int:
            if self.name_ == "err":
                log.append("wipe" if text.startswith("\r ") else "draw" if "[" in text else "")
            elif text.strip():
                log.append("line")
            return len(text)

    clock = iter(range(10 ** 6))
    monkeypatch.setattr(entry.time, "monotonic", lambda: float(next(clock)))  # every tick draws
    monkeypatch.setattr(parallel, "BATCH", 2)          # validate ticks once a batch of records
    monkeypatch.setattr(sys, "stderr", Stream("err", True))
    monkeypatch.setattr(sys, "stdout", Stream("out", False))
    bad = copy.deepcopy(REC)
    bad["play"][0][0], bad["play"][0][1] = bad["play"][0][1], bad["play"][0][0]
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(jsonio.dumps(r, compact=True) + "\n"
                            for r in [REC, bad, REC, REC, bad, REC]), encoding="utf-8")
    for command in (["validate", "-q", str(path)], ["score", str(path)]):
        log.clear()
        with pytest.raises(SystemExit):
            main(command)
        assert "draw" in log and "line" in log
        drawn = False
        for event in log:
            if event == "draw":
                drawn = True
            elif event == "wipe":
                drawn = False
            elif event == "line":
                assert not drawn, (command, log)
