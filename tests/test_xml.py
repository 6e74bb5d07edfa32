"""XML codec: exact round trip, XSD validity, streaming with bounded memory, hostile input."""
from __future__ import annotations

import copy
import io
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from tarockrec import schema
from tarockrec.codecs import jsonio, xmlio
from tarockrec.findings import Finding
from tarockrec.generate import deal_records


def _same(rec: Any) -> None:
    back = xmlio.loads(xmlio.dumps(rec))
    assert jsonio.dumps(back) == jsonio.dumps(rec)


def test_round_trip_generated() -> None:
    n = 0
    for rec in deal_records("koenigrufen", 320, 2):
        _same(rec)
        n += 1
    assert n == 320


def _hand_made() -> list[dict[str, Any]]:
    base = next(deal_records("koenigrufen", 1, 5))
    a = copy.deepcopy(base)
    a.update({
        "_club": {"z": 1, "a": [1.5, None, "x"]},
        "meta": {"event": "Wiener Tarockcup", "date": "2026-03-??", "odd key": "<&>\"'\n\r\t"},
        "rules": {"name": "default", "options": {"kakadu_value": 40, "farbensolo_bonuses": "valat"}},
        "players": ["Anna", {"name": "Bernd", "id": "AT-17"}, {"name": "Clara", "id": "", "_elo": 1},
                    "Dieter"],
        "carry": {"doubling": 2, "_n": 0},
        "notes": [{"at": "/play/5", "text": "  spaced\n text "}, {"at": "", "text": ""}],
        "exchange": {"king": "HK", "as_remaining_king": True, "take": "upper", "discard": ["S7"],
                     "_why": "x"},
        "end": {"type": "concede", "seat": 0},
    })
    a["auction"][0]["_time"] = "1:02"
    a["declarations"][0]["_c"] = None
    a["result"] = dict(a["result"], partner=None, _x=[])
    session = {
        "tarockrec": 1, "game": "koenigrufen", "rules": {"name": "default"}, "meta": {"event": "x"},
        "players": ["a", "b", "c", "d"],
        "deals": [{k: v for k, v in base.items() if k not in ("tarockrec", "game", "players")},
                  {"dealer": 1, "carry": {"doubling": 3}, "deal": base["deal"], "auction": [],
                   "end": {"type": "redeal", "seat": 2}, "_p": True}],
        "result": {"totals": [1, -1, 0, 0]}, "_s": "x",
    }
    # other games' fields (Ulti, Illustrated) and values the table form cannot hold
    other = {
        "tarockrec": 1, "game": "illustrated", "rules": {"name": "x", "options": {}}, "meta": {},
        "players": ["a", "b", "c", "d", {"name": "e"}], "dealer": 0,
        "deal": {"hands": [[], ["T1"], [], [], []], "talon": ["T2", "T3"], "deck": ["T1"]},
        "auction": [{"seat": 1, "call": "three", "suit": "H", "contract": "forty", "discard": ["HA"]}],
        "exchange": {"discards": [[], ["SK"], [], [], []], "call": "T20"},
        "declarations": [{"seat": 1, "say": ["kontra:trull", "king_ultimo:H"], "trick": 1}],
        "late_claims": [{"seat": 2, "claim": "nine_tarokk"}],
        "play": [["T1", "T 2"], []], "dealer_x": "3", "bad": 3, "_\x01": 1,
        "result": {"points": [1, "2"], "declarer": "none"},
    }
    return [a, session, other]


@pytest.mark.parametrize("rec", _hand_made(), ids=["private", "session", "other"])
def test_round_trip_hand_made(rec: dict[str, Any]) -> None:
    _same(rec)


def test_xsd_valid() -> None:
    xsd = schema.xsd()
    recs = list(deal_records("koenigrufen", 50, 9)) + _hand_made()[:2]
    for rec in recs:
        doc = etree.fromstring(xmlio.dumps(rec).encode())
        assert xsd.validate(doc), xsd.error_log.last_error
    buf = io.BytesIO()
    xmlio.dump_archive(recs, buf)
    assert xsd.validate(etree.fromstring(buf.getvalue()))


def test_lines() -> None:
    rec = next(deal_records("koenigrufen", 1, 3))
    text = xmlio.dumps(rec)
    back, lines = xmlio.loads_with_lines(text)
    assert back == xmlio.loads(text)
    rows = text.splitlines()
    line = xmlio.line_for(lines, "/play/6/2")
    assert line is not None and rows[line - 1].strip().startswith("<trick>")
    assert " ".join(rec["play"][6]) in rows[line - 1]
    assert rows[xmlio.line_for(lines, "/auction/2/call") - 1].strip().startswith("<call")  # type: ignore[operator]
    assert rows[lines[""] - 1].strip().startswith("<deal")


def _stream_peak(path: Path, recs: list) -> tuple[int, int]:
    """(records read, peak traced heap) while streaming ``path``."""
    tracemalloc.start()
    count = 0
    with path.open("rb") as fp:
        for index, line, item in xmlio.iter_xml(fp):
            assert isinstance(item, dict), item
            count += 1
            assert index == count
            if count <= len(recs):
                assert jsonio.dumps(item) == jsonio.dumps(recs[count - 1])
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return count, peak


def test_stream_bounded_memory(tmp_path: Path) -> None:
    """Constant memory: three times the records, about the same peak (and far below the file)."""
    recs = list(deal_records("koenigrufen", 60, 4))
    peaks = {}
    for n in (1000, 3000):
        path = tmp_path / f"big{n}.xml"
        with path.open("wb") as fp:
            xmlio.dump_archive((recs[i % len(recs)] for i in range(n)), fp)
        count, peaks[n] = _stream_peak(path, recs)
        assert count == n
        size = path.stat().st_size
    assert peaks[3000] < 1.5 * peaks[1000] + 50_000, peaks
    assert peaks[3000] < size / 10, (peaks, size)


SECRET = "TOP-SECRET-CONTENT-4711"


@pytest.fixture()
def secret(tmp_path: Path) -> Path:
    p = tmp_path / "secret.txt"
    p.write_text(SECRET)
    return p


def _hostile(secret: Path) -> dict[str, tuple[bytes, str]]:
    uri = secret.as_uri().encode()
    laughs = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
              + b"".join(b'<!ENTITY lol%d "%s">\n' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                         for i in range(1, 10))
              + b']>\n<tarockrec version="1"><deal><meta key="x">&lol9;</meta></deal></tarockrec>')
    return {
        "billion_laughs": (laughs, "XML-DOCTYPE"),
        "external_entity": (b'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "' + uri
                            + b'">]>\n<tarockrec version="1"><deal><meta key="x">&x;</meta></deal></tarockrec>',
                            "XML-DOCTYPE"),
        "parameter_entity": (b'<!DOCTYPE d [<!ENTITY % p SYSTEM "' + uri + b'"> %p;]><tarockrec version="1"/>',
                             "XML-DOCTYPE"),
        "external_dtd": (b'<!-- c -->\n<!DOCTYPE tarockrec SYSTEM "' + uri + b'">\n<tarockrec version="1"/>',
                         "XML-DOCTYPE"),
        "network_dtd": (b'<!DOCTYPE tarockrec PUBLIC "-//x//y" "http://127.0.0.1:9/x.dtd"><tarockrec version="1"/>',
                        "XML-DOCTYPE"),
        "undefined_entity": (b'<tarockrec version="1"><deal game="&x;"/></tarockrec>', "XML-SYNTAX"),
        "garbage": (b"hello, world", "XML-SYNTAX"),
        "binary": (bytes(range(256)) * 4, "XML-SYNTAX"),
        "utf16": '<tarockrec version="1"/>'.encode("utf-16"),
        "empty": (b"", "XML-SYNTAX"),
        "truncated": (b'<tarockrec version="1">\n<deal game="koenigrufen" dealer="0"><play><trick>T1', "XML-SYNTAX"),
        "wrong_root": (b'<records version="1"><deal/></records>', "XML-ROOT"),
        "version_2": (b'<tarockrec version="2"><deal/></tarockrec>', "REC-VERSION"),
        "no_version": (b"<tarockrec><deal/></tarockrec>", "REC-VERSION"),
        "bad_private": (b'<tarockrec version="1"><deal><private name="_x">{no</private></deal></tarockrec>',
                        "XML-VALUE"),
        "bad_seat": (b'<tarockrec version="1"><deal><players><player seat="1">x</player></players></deal></tarockrec>',
                     "XML-SEAT"),
        "utf7": (b'<?xml version="1.0" encoding="UTF-7"?><tarockrec version="1"/>', "XML-SYNTAX"),
    }  # type: ignore[return-value]


def test_hostile(secret: Path) -> None:
    cases = _hostile(secret)
    cases["utf16"] = (cases["utf16"], "XML-SYNTAX")  # type: ignore[assignment]
    for name, (data, code) in cases.items():
        entries = list(xmlio.iter_xml(io.BytesIO(data)))
        findings = [x for _i, _l, x in entries if isinstance(x, Finding)]
        assert findings and findings[0].code == code, (name, entries)
        assert all(SECRET not in repr(x) for _i, _l, x in entries), name
        if code == "XML-DOCTYPE":
            assert findings[0].message == ("XML with a DOCTYPE or entity declarations is refused "
                                           "(entities are never expanded)")
        with pytest.raises(xmlio.XMLError) as err:
            xmlio.loads(data)
        assert err.value.finding.code == code


def test_syntax_line() -> None:
    data = b'<tarockrec version="1">\n<deal dealer="0">\n<play>\n<trick>T1</trik>\n</play></deal></tarockrec>'
    (_i, line, f), = list(xmlio.iter_xml(io.BytesIO(data)))
    assert isinstance(f, Finding) and f.code == "XML-SYNTAX" and f.line == line == 4


def test_xinclude_not_processed(secret: Path) -> None:
    data = (b'<tarockrec version="1" xmlns:xi="http://www.w3.org/2001/XInclude"><deal game="koenigrufen" '
            b'dealer="0"><xi:include href="' + secret.as_uri().encode() + b'" parse="text"/></deal></tarockrec>')
    rec = xmlio.loads(data)
    assert SECRET not in repr(rec)
    assert "xi:include" in rec  # kept as an unknown field: the schema reports it
    assert any(f.pointer == "/xi:include" for f in schema.explain(rec))


def test_unknown_kept_and_archive_continues() -> None:
    data = (b'<tarockrec version="1">\n<foo/>\n<deal dealer="1" zzz="a"><weird a="1"><b>2</b><b>3</b></weird>'
            b'<exchange take="upper" extra="q"><odd>1</odd></exchange></deal>\n'
            b'<deal><private name="_x">{no</private></deal>\n<deal dealer="2"/>\n</tarockrec>')
    entries = list(xmlio.iter_xml(io.BytesIO(data)))
    assert [i for i, _l, _x in entries] == [1, 2, 3, 4]
    assert isinstance(entries[0][2], Finding) and entries[0][2].code == "XML-ROOT"
    rec = entries[1][2]
    assert rec == {"tarockrec": 1, "dealer": 1, "zzz": "a", "weird": {"a": "1", "b": ["2", "3"]},
                   "exchange": {"take": "upper", "extra": "q", "odd": "1"}}
    assert isinstance(entries[2][2], Finding) and entries[2][1] == 4
    assert entries[3][2] == {"tarockrec": 1, "dealer": 2}


def test_types_come_back() -> None:
    rec = {"tarockrec": 1, "game": "koenigrufen", "players": ["1", "2", "3", "4"], "dealer": 0,
           "rules": {"name": "default", "options": {"kakadu_value": 40, "xxi_capture": "off"}},
           "exchange": {"as_remaining_king": True},
           "result": {"declarer": None, "partner": 3, "multiplier": 1, "scores": [-1, 1]}}
    back = xmlio.loads(xmlio.dumps(rec))
    assert back == rec
    assert type(back["rules"]["options"]["kakadu_value"]) is int
    assert back["exchange"]["as_remaining_king"] is True


def test_dump_file_objects(tmp_path: Path) -> None:
    rec = next(deal_records("koenigrufen", 1, 1))
    s = io.StringIO()
    xmlio.dump(rec, s)
    b = io.BytesIO()
    xmlio.dump(rec, b)
    assert s.getvalue().encode() == b.getvalue()
    b.seek(0)
    assert xmlio.load(b) == xmlio.loads(s.getvalue())
