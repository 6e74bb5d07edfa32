#!/usr/bin/env python3
"""Build the Königrufen samples of a table of five (samples/koenigrufen/{valid,invalid}/five-*),
reproducibly: a generated session of ten deals (the dealer passing over all five seats and
sitting each deal out), its score-sheet form (``convert --sheet``), and invalid records, each
breaking one thing of the valid session's first deal (``_expect`` lists the finding codes).

Usage:  PYTHONPATH=. python tools/build_koenigrufen_five_samples.py
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.generate import session_records  # noqa: E402
from tarockrec.tournament.sheet import to_sheet  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

OUT = ROOT / "samples" / "koenigrufen"
PLAYERS = ["Anna", "Bernd", "Clara", "Dieter", "Eva"]
SEED = 5


def session() -> dict[str, Any]:
    rec = next(session_records("koenigrufen", 1, 10, SEED, n=5))
    rec["players"] = list(PLAYERS)
    rec["_note"] = ("a table of five: the dealer sits out each deal (his hand is empty, he "
                    "neither calls, declares nor plays, and scores 0); the deal passes on over "
                    "all five seats (docs/notation.md, Königrufen at five)")
    return rec


def deal_of(rec: dict[str, Any], i: int) -> dict[str, Any]:
    """Deal ``i`` of the session as a stand-alone deal record."""
    out = {k: rec[k] for k in ("tarockrec", "game", "players")}
    out.update(copy.deepcopy(rec["deals"][i]))
    return out


def invalid(rec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    base = deal_of(rec, 0)
    dealer = base["dealer"]
    fh = (dealer + 1) % 5

    # the sitting-out dealer holds cards: one of forehand's cards moved to him
    r = copy.deepcopy(base)
    r["deal"]["hands"][dealer].append(r["deal"]["hands"][fh].pop())
    r["_expect"] = ["DEAL-COMPOSITION"]
    out["five-dealer-holds-cards"] = r

    # the sitting-out dealer calls in the auction
    r = copy.deepcopy(base)
    r["auction"].insert(1, {"seat": dealer, "call": "pass"})
    r.pop("result", None)
    r["_expect"] = ["KR-SITS-OUT"]
    out["five-dealer-calls"] = r

    # the sitting-out dealer plays: a fifth card in the first trick
    r = copy.deepcopy(base)
    assert "play" in r, "the sample deal is played out"
    r["play"][0].append(r["deal"]["talon"][0][0])
    r.pop("result", None)
    r["_expect"] = ["KR-TRICK-SIZE"]
    out["five-dealer-plays"] = r

    # the sitting-out dealer declares
    r = copy.deepcopy(base)
    r["declarations"].insert(0 if r["auction"][-1]["call"] != "besserrufer" else 1,
                             {"seat": dealer, "say": []})
    r.pop("result", None)
    r["_expect"] = ["KR-SITS-OUT"]
    out["five-dealer-declares"] = r

    # the sitting-out dealer scores
    r = copy.deepcopy(base)
    scores = r["result"]["scores"]
    scores[dealer] += 10
    scores[fh] -= 10
    r["_expect"] = ["RESULT-SCORES"]
    out["five-dealer-scores"] = r

    # a score sheet naming the sitting-out dealer as the partner
    sheet = to_sheet(base)
    o = sheet["outcome"]
    o["partner" if "partner" in o else "declarer"] = dealer
    sheet.pop("result", None)
    sheet["_expect"] = ["KR-SITS-OUT"]
    out["five-sheet-dealer-partner"] = sheet

    # a score sheet leaving out the opponents' silent Trull, which the declarer's side's card
    # points put whole in their pile (issue 39: 6 points from 10 cards hold no 5-value card)
    sheet = to_sheet(base)
    o = sheet["outcome"]
    assert o["points"][0] == 6 and {"item": "trull", "announced": False, "made": True,
                                    "side": "opponents"} in o["items"], o
    o["items"] = [x for x in o["items"] if x["item"] != "trull"]
    sheet.pop("result", None)
    sheet["_expect"] = ["OUTCOME-CONFLICT"]
    out["five-sheet-trull-forced-unwritten"] = sheet
    return out


def write(path: Path, rec: dict[str, Any]) -> None:
    path.write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")


def main() -> None:
    rec = session()
    report = validate_record(rec)
    assert report.valid, [str(f) for f in report.findings]
    write(OUT / "valid" / "five-session.json", rec)
    sheet = to_sheet(rec)
    assert validate_record(sheet).valid
    write(OUT / "valid" / "five-sheet-session.json", sheet)
    for name, bad in invalid(rec).items():
        rep = validate_record(bad)
        codes = {f.code for f in rep.findings if f.severity == "error"}
        assert set(bad["_expect"]) <= codes, (name, [str(f) for f in rep.findings])
        write(OUT / "invalid" / f"{name}.json", bad)


if __name__ == "__main__":
    main()
