"""Königrufen at a table of five (games/koenigrufen/five.py; docs/notation.md, "Königrufen at
five"): the dealer sits out each deal, the four others play an ordinary deal; the engine's four
seats behind the record's five, every finding, event and score in record seats."""
from __future__ import annotations

import copy
import io
import random
from pathlib import Path
from typing import Any

import pytest

from tarockrec import games
from tarockrec.codecs import jsonio
from tarockrec.engine import Action
from tarockrec.errors import IllegalAction
from tarockrec.games.koenigrufen import deal_from_deck
from tarockrec.games.koenigrufen.contracts import PACK
from tarockrec.games.koenigrufen.five import ENGINE_DEALER, FiveEngine, SeatMap
from tarockrec.generate import deal_records, session_records
from tarockrec.tournament.sheet import to_sheet
from tarockrec.show import show
from tarockrec.validate import validate_record

G = games.get("koenigrufen")
VALID = Path(__file__).resolve().parents[1] / "samples" / "koenigrufen" / "valid"


def _codes(rec: dict[str, Any]) -> list[str]:
    return [f.code for f in validate_record(rec).findings if f.severity == "error"]


def _deal(seed: int = 3, dealer: int = 2) -> dict[str, Any]:
    for rec in deal_records("koenigrufen", 40, seed, n=5):
        if rec["dealer"] == dealer and "play" in rec and rec.get("declarations"):
            return rec
    raise AssertionError("no played deal")


def test_seat_map_is_a_bijection_with_the_dealer_outside() -> None:
    for dealer in range(5):
        m = SeatMap(dealer)
        assert sorted(m.eng(s) for s in range(5)) == [0, 1, 2, 3, 4]
        assert m.eng(dealer) == 4                      # the engine has no seat 4
        assert all(m.rec(m.eng(s)) == s for s in range(5))
        assert m.active()[0] == (dealer + 1) % 5       # forehand is engine seat 0
        assert m.eng(7) == 7 and m.rec(None) is None


def test_a_session_of_five_rotates_the_dealer_and_the_dealer_scores_nothing() -> None:
    rec = next(session_records("koenigrufen", 1, 15, 9, n=5))
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    dealers = [d["dealer"] for d in rec["deals"]]
    assert set(dealers) == {0, 1, 2, 3, 4}
    for d, score in zip(rec["deals"], rep.scores):
        assert score is not None and len(score.deltas) == 5 and sum(score.deltas) == 0
        assert score.deltas[d["dealer"]] == 0
        assert all(it.deltas[d["dealer"]] == 0 for it in score.items)
        assert d["deal"]["hands"][d["dealer"]] == []
        assert all(e["seat"] != d["dealer"] for e in d["auction"] + d.get("declarations", []))
        if "tricks" in d["result"]:                 # not after a redeal or concession
            assert len(d["result"]["tricks"]) == 5 and d["result"]["tricks"][d["dealer"]] == 0
    assert rep.totals == rec["result"]["totals"]


def test_samples_of_five() -> None:
    for name in ("five-session", "five-sheet-session"):
        rec = jsonio.loads((VALID / f"{name}.json").read_text(encoding="utf-8"))
        assert len(rec["players"]) == 5
        assert validate_record(rec).valid


def test_the_sitting_out_dealer_takes_no_action() -> None:
    e = G.random_deal(random.Random(4), 5, 1, G.Rules(), {"doubling": 0})
    assert isinstance(e, FiveEngine)
    assert e.to_act == 2 and e.forehand == 2
    assert not e.can(Action("call", 1, "mein_spiel"))
    with pytest.raises(IllegalAction) as err:
        e.verify(Action("redeal", 1))
    assert err.value.code == "KR-SITS-OUT" and "seat 1 deals and sits out" in str(err.value)
    assert all(a.seat != 1 for a in e.legal_actions)
    e.apply(Action("call", 2, "mein_spiel"))
    with pytest.raises(IllegalAction) as err:
        e.verify(Action("call", 1, "pass"))
    assert err.value.code == "KR-SITS-OUT"


def test_findings_name_record_seats() -> None:
    """An engine sentence's seat numbers are the record's: forehand at a table of five dealt
    by seat 2 is seat 3 (the engine's seat 0)."""
    rec = _deal()
    bad = copy.deepcopy(rec)
    bad["auction"][0]["seat"] = 4                  # forehand (3) must open, seat 4 calls
    bad.pop("result", None)
    f = next(f for f in validate_record(bad).findings if f.severity == "error")
    assert f.code == "KR-TURN" and f.pointer == "/auction/0"
    assert "seat 3's turn" in f.message and "not seat 4's" in f.message, f.message
    # a card the seat to play does not hold: the holder named in record seats
    bad = copy.deepcopy(rec)
    t0 = bad["play"][0]
    t0[0], t0[1] = t0[1], t0[0]
    bad.pop("result", None)
    f = next(f for f in validate_record(bad).findings if f.severity == "error")
    holder = next(s for s, h in enumerate(rec["deal"]["hands"]) if t0[0] in h)
    assert f"seat {holder}" in f.message and holder != rec["dealer"], f.message


def test_the_deck_is_dealt_from_forehand_leaving_the_dealer_out() -> None:
    rec = _deal()
    dealer = rec["dealer"]
    rng = random.Random(1)
    deck = list(range(len(PACK)))
    rng.shuffle(deck)
    hands, talon = deal_from_deck(deck, ENGINE_DEALER, "talon_first")
    m = SeatMap(dealer)
    rec5 = {"tarockrec": 1, "game": "koenigrufen", "players": list("ABCDE"), "dealer": dealer,
            "deal": {"hands": [PACK.codes_of(sum(1 << c for c in hands[m.eng(s)]))
                               if s != dealer else [] for s in range(5)],
                     "talon": [[PACK.code(c) for c in half] for half in talon],
                     "deck": [PACK.code(c) for c in deck]},
            "auction": []}
    codes = _codes(rec5)
    assert "DEAL-ORDER" not in codes and "KR-AUCTION-INCOMPLETE" in codes
    fh = (dealer + 1) % 5
    h = rec5["deal"]["hands"]
    h[fh][0], h[(fh + 1) % 5][0] = h[(fh + 1) % 5][0], h[fh][0]
    f = next(f for f in validate_record(rec5).findings if f.code == "DEAL-ORDER")
    assert f.pointer == f"/deal/hands/{fh}"


def test_individual_kontras_name_record_seats() -> None:
    """``kontra:seat<n>`` (misere_kontra_individual, ooe_2023) names the record seat."""
    rules = G.rules({"name": "ooe_2023"})
    found = 0
    for rec in deal_records("koenigrufen", 1500, 11, n=5, rules=rules):
        turns = [t for t in rec.get("declarations", []) if any(":seat" in x for x in t["say"])]
        for t in turns:
            for x in t["say"]:
                if x.startswith("kontra:seat"):        # an opponent's own chain
                    assert x == f"kontra:seat{t['seat']}"
                    found += 1
        if turns:
            assert validate_record(rec).valid
    assert found


def test_score_sheets_of_five() -> None:
    rec = _deal()
    dealer = rec["dealer"]
    sheet = to_sheet(rec)
    assert validate_record(sheet).valid
    o = sheet["outcome"]
    assert len(o["tricks"]) == 5 and o["tricks"][dealer] == 0
    bad = copy.deepcopy(sheet)
    bad["outcome"]["tricks"][dealer] = 1
    bad["outcome"]["tricks"][(dealer + 1) % 5] -= 1
    f = next(f for f in validate_record(bad).findings if f.code == "KR-SITS-OUT")
    assert f.pointer == f"/outcome/tricks/{dealer}"
    bad = copy.deepcopy(sheet)
    bad["outcome"]["declarer"] = dealer
    assert "OUTCOME-AUCTION" in _codes(bad)        # the calls name another declarer
    bad["auction"] = []                            # a sheet without its calls
    assert "KR-SITS-OUT" in _codes(bad)
    bad = copy.deepcopy(sheet)
    bad["auction"].append({"seat": dealer, "call": "pass"})
    assert "KR-SITS-OUT" in _codes(bad)
    # without the outcome: the scores must be reachable, the dealer's 0
    bare = copy.deepcopy(sheet)
    del bare["outcome"]
    rep = validate_record(bare)
    assert rep.valid, [str(f) for f in rep.findings]
    assert "RESULT-UNREACHABLE" not in _codes(bare)
    bad = copy.deepcopy(bare)
    s = bad["result"]["scores"]
    s[dealer] += 10
    s[(dealer + 1) % 5] -= 10
    assert ("RESULT-SCORES", f"/result/scores/{dealer}") in {
        (f.code, f.pointer) for f in validate_record(bad).findings}
    bad = copy.deepcopy(bare)
    s = bad["result"]["scores"]
    others = [x for x in range(5) if x != dealer]
    s[others[0]] += 7
    s[others[1]] -= 7
    assert "RESULT-UNREACHABLE" in _codes(bad)


def test_show_draws_the_dealer_sitting_out() -> None:
    out = io.StringIO()
    assert show([str(VALID / "five-session.json")], out, deal=2) == 0
    text = out.getvalue()
    assert "Bernd (1)  sits out" in text and "won by" in text
