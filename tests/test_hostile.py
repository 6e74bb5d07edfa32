"""Bad input of every kind gives findings, never a traceback (and never an INTERNAL-ERROR)."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarockrec.generate import deal_records
from tarockrec.validate import validate_record
from conftest import paths

BASE = list(deal_records("koenigrufen", 20, 11))
VALID = next(r for r in BASE if r["result"].get("contract") == "rufer") if any(
    r["result"].get("contract") == "rufer" for r in BASE) else BASE[0]


def codes(rec: object) -> set[str]:
    rep = validate_record(rec)
    assert "INTERNAL-ERROR" not in {f.code for f in rep.findings}, rep.findings
    return {f.code for f in rep.findings}


@pytest.mark.parametrize("doc", [None, 3, "x", [], [1, 2], True, {}])
def test_not_a_record(doc: object) -> None:
    assert codes(doc) == {"REC-SCHEMA"}


@pytest.mark.parametrize("path,value,code", [
    (("players",), 4, "REC-SCHEMA"), (("dealer",), "3", "REC-SCHEMA"),
    (("dealer",), 7, "REC-DEALER"), (("dealer",), True, "REC-SCHEMA"),
    (("deal", "hands", 0, 0), 22, "REC-SCHEMA"), (("deal", "hands", 0), "T22 T21", "REC-SCHEMA"),
    (("auction", 0, "seat"), "zero", "REC-SCHEMA"), (("auction", 0), ["mein_spiel"], "REC-SCHEMA"),
    (("play", 0), "T1 T2 T3 T4", "REC-SCHEMA"), (("play",), {}, "REC-SCHEMA"),
    (("result", "scores"), "40", "REC-SCHEMA"), (("tarockrec",), "1", "REC-SCHEMA"),
    (("game",), "schnapsen", "REC-SCHEMA"), (("rules",), "default", "REC-SCHEMA"),
    (("rules", "options"), {"kakadu_value": "lots"}, "OPTION-VALUE"),
    (("meta",), {"event": 3}, "REC-SCHEMA"), (("declarations", 0, "say"), "kontra", "REC-SCHEMA"),
    (("exchange", "king"), "XK", "CARD-UNKNOWN"),
])
def test_wrong_types_and_values(path: tuple, value: object, code: str) -> None:
    rec = copy.deepcopy(VALID)
    target = rec
    for key in path[:-1]:
        if isinstance(target, dict):
            target = target.setdefault(key, {})
        else:
            target = target[key]
    target[path[-1]] = value  # type: ignore[index]
    assert codes(rec) == {code}, path


def test_unknown_field_rejected_private_field_kept() -> None:
    rec = copy.deepcopy(VALID)
    rec["_club_id"] = "W-17"
    rec["deal"]["_note"] = {"any": ["json", 1]}
    assert validate_record(rec).valid
    rec["colour"] = "blue"
    assert "REC-SCHEMA" in codes(rec)


def test_duplicate_and_unknown_cards() -> None:
    rec = copy.deepcopy(VALID)
    rec["deal"]["hands"][1][0] = rec["deal"]["hands"][0][0]
    assert codes(rec) == {"DEAL-COMPOSITION"}
    rec = copy.deepcopy(VALID)
    rec["deal"]["hands"][1][0] = "SX"
    assert codes(rec) == {"CARD-UNKNOWN"}
    rec = copy.deepcopy(VALID)
    rec["play"][0][0] = "H9"
    assert codes(rec) == {"CARD-UNKNOWN"}


def test_newer_notation_version_is_named() -> None:
    rec = copy.deepcopy(VALID)
    rec["tarockrec"] = 2
    rep = validate_record(rec)
    assert [f.code for f in rep.findings] == ["REC-VERSION"]
    assert "version 2" in rep.findings[0].message


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=6)
    | st.sampled_from(["T22", "SK", "pass", "kontra", "rufer", "upper", "HK"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


#: one full record of every game (with announcements or kontras where the generator made some)
FUZZ_BASES = [VALID] + [
    max(deal_records(game, 40, 5, n), key=lambda r: len(r.get("declarations", [])))
    for game, n in (("ulti", 3), ("illustrated", 4), ("illustrated", 5), ("cego", 3),
                    ("cego", 4), ("carinthian", 3), ("carinthian", 4))]
FUZZ_CASES = [(i, p) for i, base in enumerate(FUZZ_BASES) for p in paths(base) if p]


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FUZZ_CASES), json_values, st.booleans())
def test_fuzz_any_value_anywhere(case: tuple, value: object, delete: bool) -> None:
    base, path = case
    rec = copy.deepcopy(FUZZ_BASES[base])
    target = rec
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = value  # type: ignore[index]
    codes(rec)  # must not raise, must not be an internal error
    json.dumps(validate_record(rec).as_dict())


def test_score_sheet_with_seats_out_of_range() -> None:
    sheet = {k: v for k, v in VALID.items() if k not in ("deal", "play", "declarations",
                                                          "exchange")}
    for key, value, code in (("partner", 9, "RESULT-SEAT"), ("declarer", 12, "RESULT-SEAT"),
                             ("partner", True, "REC-SCHEMA")):
        bad = copy.deepcopy(sheet)
        bad["result"][key] = value
        assert code in codes(bad), (key, value)
