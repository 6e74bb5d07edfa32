"""Illustrated Tarokk rule options (rules/illustrated.md §7): honoured ones change the verdict
or the score as the spec says; unimplemented values are refused (OPTION-UNSUPPORTED)."""
from __future__ import annotations

import json
import os

import pytest

from tarockrec.validate import validate_record

from conftest import SAMPLES

VALID = os.path.join(SAMPLES, "illustrated", "valid")


def with_options(name: str, **options: object) -> dict:
    with open(os.path.join(VALID, name), encoding="utf-8") as f:
        rec = json.load(f)
    rec["rules"] = {"name": "default", "options": options}
    rec.pop("result", None)
    return rec


def deltas(rec: dict) -> list[int]:
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    return rep.scores[0].deltas  # type: ignore[union-attr]


def test_xxi_catch_values_30_60() -> None:
    # E9: game −2, announced catch failed −60, O's silent catch −30 → V = −92
    assert deltas(with_options("e09_xxi_catch_fails.json", xxi_catch_values=30)) == [-92, 92, -92, 92]


def test_pagat_uhu_value_15() -> None:
    # E6: game +2, uhu −15×2, silent ultimó +5 → V = −23
    assert deltas(with_options("e06_uhu_superseded.json", pagat_uhu_value=15)) == [-23, -23, 23, 23]


def test_silent_ultimo_after_failed_uhu_false() -> None:
    # E6 without the G35 silent ultimó: V = 2 − 40 = −38
    rec = with_options("e06_uhu_superseded.json", silent_ultimo_after_failed_uhu="false")
    assert deltas(rec) == [-38, -38, 38, 38]


def test_lone_game_value_solo() -> None:
    # E11: lone two valued as solo: game +4×2 = 8, 1 v 3
    assert deltas(with_options("e11_called_card_discarded.json", lone_game_value="solo")) == [-8, 24, -8, -8]


def test_honourless_fourth_pays_one_value() -> None:
    # E8: he pays each other player the value of a one game (3), M = 2
    assert deltas(with_options("e08_honourless_fourth_fails.json",
                               honourless_fourth_failure="pays_one_value")) == [6, 6, 6, -18]


def test_max_kontra_level_refuses_mordkontra() -> None:
    rec = with_options("kontra_chain_mordkontra.json", max_kontra_level=4)
    codes = {f.code for f in validate_record(rec).findings}
    assert codes == {"IT-KONTRA-MAX"}


def test_discarder_need_not_kontra() -> None:
    rec = with_options("e11_called_card_discarded.json", discarder_of_called_card_must_kontra="false")
    rec["declarations"][1]["say"] = []
    rec["declarations"] = rec["declarations"][:4]     # s1 (call), then three empty turns
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]


def test_lone_declarer_takes_all_discards() -> None:
    rec = with_options("e11_called_card_discarded.json", lone_declarer_takes_all_discards="true")
    rep = validate_record(rec)
    assert rep.valid
    with open(os.path.join(VALID, "e11_called_card_discarded.json"), encoding="utf-8") as f:
        base = json.load(f)
    assert rep.scores[0].facts["points"][0] > base["result"]["points"][0]  # type: ignore[union-attr]


@pytest.mark.parametrize("option,value", [
    ("jump_convention", "traditional"),
    ("pagat_catch", "true"),
])
def test_refused_options(option: str, value: str) -> None:
    rec = with_options("e01_complete_deal.json", **{option: value})
    codes = {f.code for f in validate_record(rec).findings}
    assert codes == {"OPTION-UNSUPPORTED"}


def test_unknown_option_value() -> None:
    rec = with_options("e01_complete_deal.json", max_kontra_level=7)
    assert {f.code for f in validate_record(rec).findings} == {"OPTION-VALUE"}
