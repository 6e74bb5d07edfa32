"""Sessions: state carried deal to deal, also through score sheets and past a broken deal."""
from __future__ import annotations

import copy
import json
import os

from conftest import SAMPLES

from tarockrec.validate import validate_record

EX15 = os.path.join(SAMPLES, "koenigrufen", "valid", "session-ex15-doubling-periods.json")
MULTIPLIERS = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 1]   # rules/koenigrufen.md §8 Example 15


def _session() -> dict:
    with open(EX15) as fp:
        return json.load(fp)


def _as_score_sheets(sess: dict) -> dict:
    sheet = copy.deepcopy(sess)
    for d in sheet["deals"]:
        for key in ("deal", "play", "declarations", "exchange"):
            d.pop(key, None)
    return sheet


def test_full_session() -> None:
    rep = validate_record(_session())
    assert rep.valid and rep.kind == "session"
    assert [s.facts["multiplier"] for s in rep.scores] == MULTIPLIERS


def test_score_sheet_session_carries_the_doubling_period() -> None:
    sess = _session()
    sheet = _as_score_sheets(sess)
    rep = validate_record(sheet)
    assert rep.valid, rep.findings
    assert [s.facts["multiplier"] for s in rep.scores] == MULTIPLIERS
    assert rep.totals == validate_record(sess).totals
    assert {f.code for f in rep.findings} == {"SHEET-UNVERIFIED"}
    sheet["deals"][7]["result"]["multiplier"] = 1          # deal 8 is in the period
    codes = {f.code: f.pointer for f in validate_record(sheet).findings if f.severity == "error"}
    assert codes == {"RESULT-MULTIPLIER": "/deals/7/result/multiplier"}


def test_wrong_carry_and_dealer_are_named() -> None:
    sess = _session()
    sess["deals"][6]["carry"] = {"doubling": 0}
    sess["deals"][9]["dealer"] = (sess["deals"][9]["dealer"] + 1) % 4
    found = {(f.code, f.pointer) for f in validate_record(sess).findings}
    assert ("SESSION-CARRY", "/deals/6/carry") in found
    assert ("SESSION-DEALER", "/deals/9/dealer") in found


def test_totals_are_checked() -> None:
    sess = _session()
    sess.setdefault("result", {})["totals"] = [0, 0, 0, 0]
    assert "RESULT-TOTALS" in {f.code for f in validate_record(sess).findings}


def test_a_broken_deal_does_not_derail_the_rest() -> None:
    sess = _session()
    sess["deals"][4]["play"][0][0], sess["deals"][4]["play"][0][1] = \
        sess["deals"][4]["play"][0][1], sess["deals"][4]["play"][0][0]      # deal 5 broken
    sess["deals"][5]["carry"] = {"doubling": 4}                              # as the table wrote
    rep = validate_record(sess)
    errors = [f for f in rep.findings if f.severity == "error"]
    assert errors and all(f.pointer.startswith("/deals/4/") for f in errors), errors
    assert [s.facts["multiplier"] if s else None for s in rep.scores] == \
        MULTIPLIERS[:4] + [None] + MULTIPLIERS[5:]
    assert rep.totals is None          # not all deals could be scored


def test_illustrated_score_sheet_session_carries_the_periods() -> None:
    folder = os.path.join(SAMPLES, "illustrated", "valid")
    names = [n for n in sorted(os.listdir(folder)) if "session" in n]
    assert names
    for name in names:
        with open(os.path.join(folder, name)) as fp:
            sess = json.load(fp)
        full = validate_record(sess)
        assert full.valid, full.findings
        sheet = validate_record(_as_score_sheets(sess))
        assert sheet.valid, sheet.findings
        assert [s.facts.get("multiplier") for s in sheet.scores] == \
            [s.facts.get("multiplier") for s in full.scores]
        assert sheet.totals == full.totals
