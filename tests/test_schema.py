"""JSON schema: generated records pass, broken records fail both validators with a pointer."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import jsonschema
import pytest

from tarockrec import schema
from tarockrec.codecs import xmlio
from tarockrec.fastschema import compile_schema
from tarockrec.generate import deal_records

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "tarockrec.schema.json"
BASE = next(deal_records("koenigrufen", 1, 11))


def test_schema_is_valid_2020_12_and_compiles_for_the_bulk_path() -> None:
    doc = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(doc)
    compile_schema(doc)
    text = SCHEMA_PATH.read_text()
    for word in ("prefixItems", "unevaluatedProperties", "$dynamicRef", "dependentRequired"):
        assert word not in text


def test_generated_records_pass() -> None:
    for rec in deal_records("koenigrufen", 300, 21):
        assert schema.fast_check(rec)
        assert schema.explain(rec) == []
        # and after a trip through XML
        back = xmlio.loads(xmlio.dumps(rec))
        assert schema.fast_check(back)


def _mut(f: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    rec = copy.deepcopy(BASE)
    f(rec)
    return rec


def _session(deal_extra: dict[str, Any] | None = None) -> dict[str, Any]:
    deal = {k: v for k, v in BASE.items() if k not in ("tarockrec", "game", "players")}
    deal.update(deal_extra or {})
    return {"tarockrec": 1, "game": "koenigrufen", "players": ["a", "b", "c", "d"],
            "deals": [deal], "result": {"totals": [0, 0, 0, 0]}}


VALID = {
    "private_everywhere": _mut(lambda r: (r.update(_x={"any": [1, None]}), r["auction"][0].update(_t=1),
                                          r["result"].update(_y=2), r.update(meta={"event": "x", "_m": 3}))),
    "players_objects": _mut(lambda r: r.update(players=["a", {"name": "b", "id": "AT-1"}, "c", "d"])),
    "options_meta_notes": _mut(lambda r: r.update(
        rules={"name": "default", "options": {"kakadu_value": 40, "xxi_capture": "off"}},
        meta={"event": "Cup", "date": "2026-03-??", "anything": "kept"},
        notes=[{"at": "/play/5", "text": "nice"}], carry={"doubling": 2})),
    "session": _session(),
    "exchange_redeal": _mut(lambda r: r.update(exchange={"king": "HK", "as_remaining_king": True,
                                                         "take": "upper", "discard": ["S7"]},
                                               end={"type": "redeal", "seat": 1})),
    "ulti_generic": {"tarockrec": 1, "game": "ulti", "players": ["a", "b", "c"], "dealer": 0,
                     "deal": {"hands": [["HA"], [], []], "talon": ["S7", "S8"]},
                     "auction": [{"seat": 0, "call": "bid", "suit": "H", "contract": "hearts_hundred_40", "discard": ["S7", "HA"]}],
                     "declarations": [{"seat": 1, "say": ["double:ulti"], "trick": 1}]},
    "illustrated_generic": {"tarockrec": 1, "game": "illustrated", "players": ["a", "b", "c", "d"], "dealer": 0,
                            "deal": {"hands": [["T1"], [], [], []], "talon": ["T2", "T3"]},
                            "exchange": {"discards": [[], ["SK"], [], []], "call": "T20"},
                            "declarations": [{"seat": 1, "say": ["king_ultimo:H"]}],
                            "late_claims": [{"seat": 2, "claim": "nine_tarokk"}]},
}

INVALID: dict[str, tuple[dict[str, Any] | Any, str, str]] = {
    "unknown_key": (_mut(lambda r: r.update(foo=1)), "/foo", "unknown field 'foo'"),
    "unknown_nested": (_mut(lambda r: r["result"].update(bonus=1)), "/result/bonus", "unknown field"),
    "wrong_type": (_mut(lambda r: r.update(dealer="3")), "/dealer", "expected a whole number"),
    "wrong_type_list": (_mut(lambda r: r["result"].update(scores=[1, "x", 0, 0])), "/result/scores/1",
                        "expected a whole number"),
    "unknown_card": (_mut(lambda r: r["play"][6].__setitem__(2, "XX")), "/play/6/2", "'XX' is not a card"),
    "card_of_other_pack": (_mut(lambda r: r["deal"]["hands"][0].__setitem__(0, "HA")), "/deal/hands/0/0",
                           "54-card"),
    "bad_call": (_mut(lambda r: r["auction"][0].update(call="grand")), "/auction/0/call", "Königrufen call"),
    "bad_say": (_mut(lambda r: r.update(declarations=[{"seat": 0, "say": ["kontra:foo"]}])),
                "/declarations/0/say/0", "declaration item"),
    "say_pass": (_mut(lambda r: r.update(declarations=[{"seat": 0, "say": ["pass"]}])),
                 "/declarations/0/say/0", "declaration item"),
    "bad_king": (_mut(lambda r: r.update(exchange={"king": "HQ"})), "/exchange/king", "king"),
    "bad_take": (_mut(lambda r: r.update(exchange={"take": "both"})), "/exchange/take", "talon"),
    "bad_end": (_mut(lambda r: r.update(end={"type": "annul", "seat": 0})), "/end/type", "end type"),
    "bad_contract": (_mut(lambda r: r["result"].update(contract="ulti")), "/result/contract", "contract"),
    "ulti_field": (_mut(lambda r: r["auction"][0].update(suit="H")), "/auction/0/suit", "unknown field"),
    "late_claims": (_mut(lambda r: r.update(late_claims=[])), "/late_claims", "unknown field"),
    "carry": (_mut(lambda r: r.update(carry={"doubling": -1})), "/carry/doubling", "at least 0"),
    "missing": (_mut(lambda r: r.pop("players")), "", "missing field 'players'"),
    "version": (_mut(lambda r: r.update(tarockrec=2)), "/tarockrec", "expected 1"),
    "game": (_mut(lambda r: r.update(game="skat")), "/game", "game"),
    "player": (_mut(lambda r: r["players"].__setitem__(1, {"name": "b"})), "/players/1", "missing field 'id'"),
    "note": (_mut(lambda r: r.update(notes=[{"at": "play/5", "text": "x"}])), "/notes/0/at", "JSON Pointer"),
    "option": (_mut(lambda r: r.update(rules={"name": "default", "options": {"x": "Bad Value"}})),
               "/rules/options/x", "option value"),
    "session_deal_key": (_session({"game": "koenigrufen"}), "/deals/0/game", "unknown field"),
    "session_deal_card": (_session({"play": [["T1", "ZZ"]]}), "/deals/0/play/0/1", "not a card"),
    "not_object": ("hello", "", "expected an object"),
}


@pytest.mark.parametrize("name", list(VALID))
def test_valid(name: str) -> None:
    rec = VALID[name]
    assert schema.explain(rec) == []
    assert schema.fast_check(rec)


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid(name: str) -> None:
    rec, pointer, words = INVALID[name]
    assert not schema.fast_check(rec)
    found = schema.explain(rec)
    assert found and all(f.code in ("REC-SCHEMA", "CARD-UNKNOWN") for f in found)
    assert all((f.code == "CARD-UNKNOWN") == ("is not a card" in f.message) for f in found)
    assert any(f.pointer == pointer and words in f.message for f in found), [str(f) for f in found]


def test_validators_agree() -> None:
    doc = json.loads(SCHEMA_PATH.read_text())
    fast = compile_schema(doc)
    slow = jsonschema.Draft202012Validator(doc)
    for rec in list(VALID.values()) + [v[0] for v in INVALID.values()]:
        assert fast(rec) == slow.is_valid(rec), rec


def test_xml_of_invalid_record_gives_same_findings() -> None:
    for rec, _pointer, _words in INVALID.values():
        if not isinstance(rec, dict) or rec.get("tarockrec") != 1:
            continue  # a version-2 record is refused by the XML reader itself (REC-VERSION)
        back = xmlio.loads(xmlio.dumps(rec))
        assert [str(f) for f in schema.explain(back)] == [str(f) for f in schema.explain(rec)]


def test_xsd_loads() -> None:
    assert schema.xsd() is schema.xsd()
