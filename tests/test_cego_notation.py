"""Cego in the notation: the XSD accepts every Cego record, JSON → XML → JSON is identical,
canonical key order, sessions and the CLI (docs/notation.md "Cego vocabulary")."""
from __future__ import annotations

import json

from click.testing import CliRunner
from lxml import etree

from tarockrec import schema
from tarockrec.cli import main
from tarockrec.codecs import jsonio, xmlio
from tarockrec.generate import deal_records, session_records
from tarockrec.validate import validate_record


def _records() -> list[dict]:  # type: ignore[type-arg]
    return list(deal_records("cego", 40, 5, n=3)) + list(deal_records("cego", 40, 5, n=4))


def test_xsd_accepts_cego_records() -> None:
    xsd = schema.xsd()
    recs = _records()
    kinds = {(r["result"]["contract"], "end" in r, "exchange" in r) for r in recs}
    assert any(k[1] for k in kinds) and any(k[2] for k in kinds)
    for rec in recs:
        doc = etree.fromstring(xmlio.dumps(rec).encode())
        assert xsd.validate(doc), xsd.error_log.last_error
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


def test_canonical_key_order() -> None:
    rec = next(r for r in _records() if "extra_discard" in r.get("exchange", {}))
    text = jsonio.dumps(rec)
    assert text.index('"keep"') < text.index('"extra_discard"')
    assert text.index('"multiplier"') < text.index('"sheet"') < text.index('"scores"')
    xml = xmlio.dumps(rec)
    assert "<keep>" in xml and 'extra_discard="' in xml and "<sheet>" in xml


def test_sessions_pass_the_deal_to_forehand() -> None:
    for n in (3, 4):
        (sess,) = session_records("cego", 1, 2 * n + 1, 11, n=n)
        assert [d["dealer"] for d in sess["deals"]] == [i % n for i in range(2 * n + 1)]
        report = validate_record(sess)
        assert report.valid, [str(f) for f in report.findings]
        assert report.totals == sess["result"]["totals"]
        bad = json.loads(json.dumps(sess))
        bad["deals"][1]["dealer"] = (bad["deals"][1]["dealer"] + 1) % n
        assert ("SESSION-DEALER", "/deals/1/dealer") in {
            (f.code, f.pointer) for f in validate_record(bad).findings}


def test_cli_generate_validate_score(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    for n in ("3", "4"):
        out = tmp_path / f"cego{n}.jsonl"
        res = runner.invoke(main, ["generate", "cego", "-n", "20", "--seed", "3", "--players", n,
                                   "-o", str(out)])
        assert res.exit_code == 0, res.output
        res = runner.invoke(main, ["validate", str(out)])
        assert res.exit_code == 0, res.output
        res = runner.invoke(main, ["score", str(out)])
        assert res.exit_code == 0 and "sheet" in res.output, res.output
        xml = tmp_path / f"cego{n}.xml"
        res = runner.invoke(main, ["convert", str(out), str(xml), "--to", "xml"])
        assert res.exit_code == 0, res.output
        assert runner.invoke(main, ["validate", str(xml)]).exit_code == 0
