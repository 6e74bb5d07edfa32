"""Build the Tarokk Kupa samples (rule set ``tarokk_kupa``) of samples/illustrated reproducibly.

Every deal here is written out card by card (no search): 4 players, dealer seat 3, forehand seat
0 bids three and calls T20, held by seat 1. The ``result`` is the engine's; the scores each
sample must have are computed by hand in tests/test_illustrated_kupa.py. Invalid samples are a
valid one with one change each and name their finding codes in ``_expect``.

    PYTHONPATH=. python tools/build_illustrated_kupa_samples.py
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarockrec.codecs import jsonio  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "samples" / "illustrated"
KUPA = {"name": "tarokk_kupa"}

# Deal A: seat 0 keeps nine tarokks (T22 T21 T19–T14 and the sas, T2) and leads them from the top;
# seat 1 (T20, partner) has five tarokks, seat 2 eight (the pagát among them), seat 3 none. All
# other tarokks are gone after trick 8, so the sas wins trick 9.
DEAL_A = {
    "hands": [
        "T22 T21 T19 T18 T17 T16 T15 T2 S10",
        "T20 T13 T12 T11 T10 DK DQ DN HN",
        "T1 T3 T4 T5 T6 T7 T8 T9 D1",
        "SK SQ SN SJ CK CQ CN CJ HK",
    ],
    "talon": "T14 C10 H1 DJ HJ HQ",
}
PLAY_A = [
    "T22 T20 T9 SJ", "T21 T13 T8 CJ", "T19 T12 T7 SN", "T18 T11 T6 CN", "T17 T10 T5 SQ",
    "T16 HN T4 CQ", "T15 DN T3 HK", "T14 DQ T1 CK", "T2 DK D1 SK",
]
# Deal B: as A, but seat 1 holds nine tarokks and keeps T6 for trick 9, where it beats the sas.
DEAL_B = {
    "hands": [
        "T22 T21 T19 T18 T17 T16 T15 T2 S10",
        "T20 T13 T12 T11 T10 T9 T8 T7 T6",
        "T1 T3 T4 T5 DK DQ DN D1 HN",
        "SK SQ SN SJ CK CQ CN CJ HK",
    ],
    "talon": "T14 C10 H1 DJ HJ HQ",
}
PLAY_B = [
    "T22 T20 T5 SJ", "T21 T13 T4 CJ", "T19 T12 T3 SN", "T18 T11 T1 CN", "T17 T10 HN SQ",
    "T16 T9 D1 CQ", "T15 T8 DN HK", "T14 T7 DQ CK", "T2 T6 DK SK",
]
# Deal C: seat 1 seven tarokks, seat 2 six: every other tarokk is gone after trick 7, so the
# sas wins trick 8.
DEAL_C = {
    "hands": [
        "T22 T21 T19 T18 T17 T16 T15 T2 S10",
        "T20 T13 T12 T11 T10 T9 T8 DK DQ",
        "T1 T3 T4 T5 T6 T7 DN D1 HN",
        "SK SQ SN SJ CK CQ CN CJ HK",
    ],
    "talon": "T14 C10 H1 DJ HJ HQ",
}
PLAY_C = [
    "T22 T20 T7 SJ", "T21 T13 T6 CJ", "T19 T12 T5 SN", "T18 T11 T4 CN", "T17 T10 T3 SQ",
    "T16 T9 T1 CQ", "T15 T8 HN HK", "T2 DQ DN CK", "T14 DK D1 SK",
]

# Deal E: s1 (partner, T20) keeps eight tarokks with the sas and a diamond; s0 leads seven tarokks,
# then DK in trick 8, where s1 must follow with DQ and cannot play the sas, then T14 in trick 9,
# where it beats the sas.
DEAL_E = {
    "hands": [
        "T22 T21 T19 T18 T17 T16 T15 DK S10",
        "T20 T13 T12 T11 T10 T9 T8 T2 DQ",
        "T1 T3 T4 T5 T6 T7 DN D1 HN",
        "SK SQ SN SJ CK CQ CN CJ HK",
    ],
    "talon": "T14 C10 H1 DJ HJ HQ",
}
PLAY_E = [
    "T22 T20 T7 SJ", "T21 T13 T6 CJ", "T19 T12 T5 SN", "T18 T11 T4 CN", "T17 T10 T3 SQ",
    "T16 T9 T1 CQ", "T15 T8 HN HK", "DK DQ DN CK", "T14 T2 D1 SK",
]


def deal(spec: dict[str, Any], play: list[str], turns: list[tuple[int, list[str]]],
         rules: dict[str, Any] | None = KUPA, **extra: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"tarockrec": 1, "game": "illustrated"}
    if rules is not None:
        rec["rules"] = rules
    rec.update({
        "players": ["Player 1", "Player 2", "Player 3", "Player 4"],
        "dealer": 3,
        "deal": {"hands": [h.split() for h in spec["hands"]], "talon": spec["talon"].split()},
        "auction": [{"seat": 0, "call": "three"}, {"seat": 1, "call": "pass"},
                    {"seat": 2, "call": "pass"}, {"seat": 3, "call": "pass"}],
        "exchange": {"call": "T20", "discards": [["S10", "C10", "H1"], ["DJ"], ["HJ"], ["HQ"]]},
        "declarations": [{"seat": s, "say": say} for s, say in turns],
        "play": [t.split() for t in play],
    })
    rep = validate_record(copy.deepcopy(rec))
    if rep.valid:
        assert rep.scores[0] is not None
        rec["result"] = rep.scores[0].result()
    rec.update(extra)
    return rec


def quiet(first: list[str]) -> list[tuple[int, list[str]]]:
    """The declarer's first turn, then three empty turns."""
    return [(0, first), (1, []), (2, []), (3, [])]


def valid() -> dict[str, dict[str, Any]]:
    kontra_turns = [(0, ["nine_tarokk", "sas_ultimo"]), (1, []),
                    (2, ["kontra", "eight_tarokk", "kontra:sas_ultimo"]), (3, []), (0, []), (1, [])]
    return {
        "kupa_sas_ultimo_made": deal(DEAL_A, PLAY_A, quiet(["nine_tarokk", "sas_ultimo"]),
                                     _example="Kupa K1"),
        "kupa_silent_sas_ultimo": deal(DEAL_A, PLAY_A, quiet([]), _example="Kupa K2"),
        "kupa_sas_ultimo_kontra_tarokk_count": deal(DEAL_A, PLAY_A, kontra_turns,
                                                    _example="Kupa K3"),
        "kupa_silent_sas_ultimo_lost": deal(DEAL_B, PLAY_B, quiet([]), _example="Kupa K4"),
        "kupa_king_ultimo_without_count": deal(DEAL_A, PLAY_A, quiet(["king_ultimo:D"]),
                                               _example="Kupa K5"),
        "kupa_partner_sas_uhu": deal(DEAL_C, PLAY_C, [(0, []), (1, ["sas_uhu"]), (2, []),
                                                      (3, []), (0, [])], _example="Kupa K6"),
        "kupa_sas_uhu_failed_silent_ultimo_lost": deal(
            DEAL_E, PLAY_E, [(0, []), (1, ["eight_tarokk", "sas_uhu"]), (2, []), (3, []),
                             (0, [])], _example="Kupa K7"),
    }


def bad(rec: dict[str, Any], expect: list[str], why: str) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    out.pop("result", None)
    out.pop("_example", None)
    out["_expect"] = expect
    out["_why"] = why
    return out


def invalid(v: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    k1, k3, k6 = v["kupa_sas_ultimo_made"], v["kupa_sas_ultimo_kontra_tarokk_count"], \
        v["kupa_partner_sas_uhu"]
    out: dict[str, dict[str, Any]] = {}

    def turn(rec: dict[str, Any], i: int, say: list[str]) -> dict[str, Any]:
        r = copy.deepcopy(rec)
        r["declarations"][i]["say"] = say
        return r

    why = "Tarokk Kupa 1§ '1., Tarokkszám'"
    out["kupa_sas_ultimo_count_missing"] = bad(turn(k1, 0, ["sas_ultimo"]),
                                               ["IT-TAROKK-UNDECLARED"], why)
    out["kupa_sas_ultimo_count_after"] = bad(turn(k1, 0, ["sas_ultimo", "nine_tarokk"]),
                                             ["IT-TAROKK-UNDECLARED"], why)
    out["kupa_sas_ultimo_count_wrong"] = bad(turn(k1, 0, ["eight_tarokk", "sas_ultimo"]),
                                             ["IT-TAROKK-DECLARE"], why + "; §4.12")
    out["kupa_kontra_sas_count_missing"] = bad(turn(k3, 2, ["kontra", "kontra:sas_ultimo"]),
                                               ["IT-TAROKK-UNDECLARED"], why)
    out["kupa_tarokk_count_misattributed"] = bad(
        turn(k3, 2, ["eight_tarokk", "kontra", "kontra:sas_ultimo"]), ["IT-ATTRIBUTION"], why)
    out["kupa_sas_self_upgrade"] = bad(turn(k1, 0, ["nine_tarokk", "sas_ultimo", "sas_uhu"]),
                                       ["IT-ULTIMO-UHU"], "§4.10.2 rule 3")
    out["kupa_pagat_and_sas_ultimo"] = bad(
        turn(k1, 0, ["nine_tarokk", "pagat_ultimo", "sas_ultimo"]), ["IT-TRICK-TARGET"],
        "§4.10.2 rule 4 (G18)")
    early = copy.deepcopy(k1)
    early["play"][0][0], early["play"][8][0] = "T2", "T22"
    out["kupa_sas_played_early"] = bad(early, ["IT-BOUND-KEEP"], "§5.3")
    late = copy.deepcopy(k6)
    late["play"][7][0], late["play"][8][0] = "T14", "T2"
    out["kupa_sas_uhu_withheld"] = bad(late, ["IT-BOUND-DUE"], "§5.3")
    seed = copy.deepcopy(k1)
    seed["rules"] = {"name": "default"}
    out["sas_ultimo_under_default"] = bad(seed, ["IT-SAY-UNKNOWN"], "G45 (sas_bonuses = false)")
    king = copy.deepcopy(v["kupa_king_ultimo_without_count"])
    king["rules"] = {"name": "default"}
    out["king_ultimo_without_count_under_default"] = bad(king, ["IT-TAROKK-UNDECLARED"],
                                                         "§4.10.2 rule 6")
    return out


def main() -> None:
    v = valid()
    for name, rec in v.items():
        assert "result" in rec, name
        write(ROOT / "valid" / f"{name}.json", rec)
    for name, rec in invalid(v).items():
        write(ROOT / "invalid" / f"{name}.json", rec)


def write(path: Path, rec: dict[str, Any]) -> None:
    path.write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")
    print("wrote", path.relative_to(ROOT.parent.parent))


if __name__ == "__main__":
    main()
