"""Issue 39 items 1 and 2 (Königrufen score sheets, wrong answers).

1. Where the card points, or the cards the other items place, force the whole Trull or all
   four kings into one side's pile, the silent Trull / Four Kings must be written (§6.4 "item to
   the side whose pile contains all the cards"), under every rule set that scores them, at four
   and five seats.
2. A Solorufer without a partner under ``call_own_king = off`` had the called king in the
   talon: the kontra the rules void (G23, ``solorufer_talon_king_kontra_void``) is not written
   (docs/notation.md), so an outcome that writes it is refused.

The property test of item 1 (a bound written from the rules) is
tests/test_koenigrufen_impossible.py."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tarockrec import games, rulesets
from tarockrec.validate import validate_record

_G = games.get("koenigrufen")
assert _G is not None
G = _G
VALID = Path(__file__).resolve().parents[1] / "samples" / "koenigrufen" / "valid"
RULESETS = sorted(rs for rs, doc in rulesets.for_game("koenigrufen").items() if doc.complete)
CASES = [(n, rs) for n in (4, 5) for rs in RULESETS]
IDS = [f"{n}-{rs}" for n, rs in CASES]


def _rules(rs: str, options: dict[str, str] | None = None) -> Any:
    return G.rules({"name": rs, "options": options or {}})


def _sheet(n: int, rs: str, outcome: dict[str, Any],
           options: dict[str, str] | None = None) -> dict[str, Any]:
    """A one-deal score sheet without calls (the outcome alone is judged) at ``n`` seats: at
    five, dealer 0 sits out and the four-seat outcome's seats move up by one."""
    o = dict(outcome)
    if n == 5:
        for key in ("declarer", "partner"):
            if isinstance(o.get(key), int):
                o[key] += 1
        o["tricks"] = [0, *o["tricks"]]
    return {"tarockrec": 1, "game": "koenigrufen",
            "rules": {"name": rs, "options": options or {}},
            "players": ["Anna", "Bernd", "Clara", "David", "Eva"][:n], "dealer": n - 1 if n == 4
            else 0, "outcome": o}


def _errors(rec: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f.code, f.pointer) for f in validate_record(rec).findings if f.severity == "error"]


def _silent(name: str, declarer: bool = True) -> dict[str, Any]:
    return {"item": name, "announced": False, "made": True,
            "side": "declarer" if declarer else "opponents"}


# -- item 1: a whole Trull or all four kings forced into one pile --------------------------------
def _eight_from_24(rs: str) -> dict[str, Any]:
    """The issue's first example: a Rufer whose opponents took 6 tricks and count the fewest
    points their cards can (every card a one-third blank: 8 from 24 cards; 9 from 27 where the
    untaken half is theirs, G8), so the declarer's side holds every counting card."""
    theirs = 24 + (3 if _rules(rs).unused_talon_owner == "opponents" else 0)
    low = (theirs + 1) // 3                  # §1.4: n blanks count n thirds
    return {"contract": "rufer", "declarer": 0, "partner": 2, "won": True,
            "points": [70 - low, low], "tricks": [2, 3, 4, 3]}


@pytest.mark.parametrize("n, rs", CASES, ids=IDS)
def test_opponents_with_only_blanks_leave_the_declarer_the_trull_and_the_kings(
        n: int, rs: str) -> None:
    o = _eight_from_24(rs)
    got = _errors(_sheet(n, rs, o))
    assert got and {code for code, _ in got} == {"OUTCOME-CONFLICT"}, got
    assert all(ptr.startswith("/outcome") for _, ptr in got)
    # written, the same outcome is accepted (the check refuses only the missing items)
    whole = dict(o, items=[_silent("trull"), _silent("four_kings")])
    assert _errors(_sheet(n, rs, whole)) == []
    # one of the two written is not enough
    for name in ("trull", "four_kings"):
        assert {c for c, _ in _errors(_sheet(n, rs, dict(o, items=[_silent(name)])))} \
            == {"OUTCOME-CONFLICT"}


@pytest.mark.parametrize("n, rs", CASES, ids=IDS)
def test_an_announced_trull_forced_whole_is_made(n: int, rs: str) -> None:
    """§6.4 announced evaluation: the Trull in the announcing side's pile is made; the points
    force it there, so "failed" cannot be."""
    o = _eight_from_24(rs)
    failed = dict(o, items=[{"item": "trull", "announced": True, "made": False,
                             "side": "declarer"}, _silent("four_kings")])
    assert {c for c, _ in _errors(_sheet(n, rs, failed))} == {"OUTCOME-CONFLICT"}
    made = dict(o, items=[{"item": "trull", "announced": True, "made": True,
                           "side": "declarer"}, _silent("four_kings")])
    assert _errors(_sheet(n, rs, made)) == []


CAPTURE = [(n, rs) for n, rs in CASES if _rules(rs).xxi_capture]


@pytest.mark.parametrize("n, rs", CAPTURE, ids=[f"{n}-{rs}" for n, rs in CAPTURE])
@pytest.mark.parametrize("declarer", [True, False], ids=["declarer", "opponents"])
def test_silent_pagat_and_xxi_capture_put_the_trull_in_one_pile(n: int, rs: str,
                                                                 declarer: bool) -> None:
    """The issue's second example: a silent Pagat (the Pagat wins trick 12) and the XXI captured
    by the same side's Sküs put the Pagat, the XXI and the Sküs in that side's pile."""
    items = [_silent("pagat", declarer), _silent("xxi_capture", declarer)]
    o = {"contract": "rufer", "declarer": 0, "partner": 2, "won": True,
         "points": [40, 30], "tricks": [2, 3, 4, 3], "items": items}
    got = _errors(_sheet(n, rs, o))
    assert got and {code for code, _ in got} == {"OUTCOME-CONFLICT"}, got
    whole = dict(o, items=[*items, _silent("trull", declarer)])
    assert _errors(_sheet(n, rs, whole)) == []


@pytest.mark.parametrize("n", [4, 5])
def test_nothing_is_forced_where_no_silent_trull_is_scored(n: int) -> None:
    """Beside a Valat under G26 (``valat_suppresses_silent_bonuses``) no silent Trull or kings
    are scored: an outcome whose points put them in one pile writes none; a Farbensolo that
    scores no bonuses neither."""
    o = {"contract": "dreier", "declarer": 0, "won": True, "points": [70, 0],
         "tricks": [12, 0, 0, 0], "items": [_silent("valat")]}
    assert _errors(_sheet(n, "default", o, {"valat_suppresses_silent_bonuses": "on"})) == []
    # the opponents' 6 tricks and the talon (§4.5): 30 blanks, 10 points
    solo = {"contract": "farbensolo", "declarer": 0, "won": True, "points": [60, 10],
            "tricks": [6, 2, 2, 2]}
    assert _errors(_sheet(n, "default", solo)) == []
    kings = [_silent("four_kings")]
    got = _errors(_sheet(n, "default", solo, {"farbensolo_bonuses": "valat_and_four_kings"}))
    assert {c for c, _ in got} == {"OUTCOME-CONFLICT"}, got      # only the kings scored
    assert _errors(_sheet(n, "default", dict(solo, items=kings),
                          {"farbensolo_bonuses": "valat_and_four_kings"})) == []


def test_a_trickless_side_holds_few_trull_cards_and_kings() -> None:
    """A declarer's side without a trick in a Rufer holds only the discards (never a king or
    a Trull card, §4.3) and the untaken half: at most three of the seven 5-value cards, so
    its points are those of six cards with at most three kings or Trull cards."""
    o = {"contract": "rufer", "declarer": 0, "partner": 2, "won": False, "points": [24, 46],
         "tricks": [0, 6, 0, 6]}
    # three 5-value cards and three queens (the discards) count 13·3 + 10·3 = 69 thirds, 23
    # points; 24 need a fourth king or Trull card (six of them would count 26)
    assert {c for c, _ in _errors(_sheet(4, "default", o))} == {"OUTCOME-POINTS"}
    assert _errors(_sheet(4, "default", dict(o, points=[23, 47]))) == []


# -- item 2: a Solorufer's void kontra is not written ----------------------------------------------
def _solorufer(won: bool, **extra: Any) -> dict[str, Any]:
    """§8 Example 5's outcome (the declarer alone, king in the talon), without its capture."""
    return {"contract": "solorufer", "declarer": 3, "partner": None, "won": won,
            "points": [40, 30] if won else [30, 40], "tricks": [1, 3, 1, 7], **extra}


#: the rule sets where the declarer may not call his own king, and when their G23 voids
VOID = {"tarockcup_austria": "on_loss", "ooe_2023": "always"}
VOID_CASES = [(n, rs) for n in (4, 5) for rs in VOID]


@pytest.mark.parametrize("n, rs", VOID_CASES, ids=[f"{n}-{rs}" for n, rs in VOID_CASES])
@pytest.mark.parametrize("won", [False, True], ids=["lost", "won"])
def test_solorufer_king_in_talon_void_kontra_is_not_written(n: int, rs: str, won: bool) -> None:
    r = _rules(rs)
    assert not r.call_own_king and r.solorufer_talon_king_kontra_void == VOID[rs]
    void = VOID[rs] == "always" or not won
    got = _errors(_sheet(n, rs, _solorufer(won, kontra=2)))
    assert got == ([("OUTCOME-KONTRA", "/outcome/kontra")] if void else [])
    assert _errors(_sheet(n, rs, _solorufer(won))) == []
    # under "always" every kontra is void: an announced bonus's too
    ann = _solorufer(won, items=[{"item": "trull", "announced": True, "made": False,
                                  "side": "declarer", "kontra": 2}])
    assert _errors(_sheet(n, rs, ann)) == ([("OUTCOME-KONTRA", "/outcome/items/0/kontra")]
                                           if VOID[rs] == "always" else [])
    del ann["items"][0]["kontra"]
    assert _errors(_sheet(n, rs, ann)) == []


def test_the_void_kontra_is_not_paid() -> None:
    """The issue's figures: without the kontra the deal pays [-6, 2, 2, 2], in the score and in
    the money alike; with it the sheet is refused (it was paid [-12, 4, 4, 4])."""
    rec = _sheet(4, "tarockcup_austria", _solorufer(False))
    report = validate_record(rec)
    assert report.valid
    score = report.scores[0]
    assert score is not None and score.deltas == [2, 2, 2, -6]
    assert score.money is None or score.money == [2, 2, 2, -6]
    assert not validate_record(_sheet(4, "tarockcup_austria",
                                      _solorufer(False, kontra=2))).valid


@pytest.mark.parametrize("n", [4, 5])
def test_solorufer_king_in_talon_kontra_void_on_loss(n: int) -> None:
    """The seed's G23 (``on_loss``) with ``call_own_king = off``: the contract kontra (and an
    announced Valat's) is void when the declarer loses, and stands when he wins."""
    opts = {"call_own_king": "off"}
    assert _errors(_sheet(n, "default", _solorufer(False, kontra=2), opts)) == \
        [("OUTCOME-KONTRA", "/outcome/kontra")]
    assert _errors(_sheet(n, "default", _solorufer(True, kontra=2), opts)) == []
    # a bonus kontra stands either way
    ann = _solorufer(False, items=[{"item": "pagat", "announced": True, "made": False,
                                    "side": "declarer", "kontra": 2}])
    assert _errors(_sheet(n, "default", ann, opts)) == []
    # an announced Valat lost: its kontra is void
    valat = _solorufer(False, items=[{"item": "valat", "announced": True, "made": False,
                                      "side": "declarer", "kontra": 2}])
    assert _errors(_sheet(n, "default", valat, opts)) == \
        [("OUTCOME-KONTRA", "/outcome/items/0/kontra")]
    # where the declarer may call his own king, no partner does not tell where the king lay
    assert _errors(_sheet(n, "default", _solorufer(False, kontra=2))) == []


def test_played_record_with_the_void_kontra_is_refused() -> None:
    """A played record: the kontra is said in play (nobody knows yet where the king lies) and
    voided in the score; an outcome written beside the cards with it is refused."""
    rec = json.loads((VALID / "ex05-solorufer-king-in-talon-kontra-void.json").read_text())
    rec["rules"] = {"name": "tarockcup_austria", "options": {}}
    for key in ("result", "_example"):
        rec.pop(key)
    report = validate_record(rec)
    assert report.valid, [str(f) for f in report.findings]
    assert any(t.get("say") == ["kontra"] for t in rec["declarations"])
    score = report.scores[0]
    assert score is not None and score.deltas == [2, 2, 2, -6]
    assert score.money is None or score.money == [2, 2, 2, -6]
    written = {"contract": "solorufer", "declarer": 3, "partner": None, "won": False,
               "kontra": 2, "points": [30, 40], "tricks": [1, 3, 1, 7]}
    assert "OUTCOME-CARDS" in {c for c, _ in _errors(dict(rec, outcome=written))}
    del written["kontra"]
    assert _errors(dict(rec, outcome=written)) == []
