"""Every Königrufen and envelope finding code is reachable and fires at its place.

Most codes have an invalid sample (samples/koenigrufen/invalid); these are the rest: record
structure, phases, and codes that only rule options make reachable. Codes the schema check
makes unreachable from a record (an unknown call or declaration token) are tested through
the engine API.
"""
from __future__ import annotations

import copy
import json
import os
import random
from typing import Any, Callable

import pytest
from conftest import SAMPLES

from tarockrec import games
from tarockrec.errors import IllegalAction
from tarockrec.generate import deal_record, deal_records
from tarockrec.validate import validate_record

KR = games.get("koenigrufen")
RECORDS = list(deal_records("koenigrufen", 400, 77))


def first(pred: Callable[[dict], bool]) -> dict:
    return copy.deepcopy(next(r for r in RECORDS if pred(r)))


def contract(*names: str) -> Callable[[dict], bool]:
    """A played deal (not redealt or conceded) of one of these contracts."""
    return lambda r: r["result"].get("contract") in names and "play" in r


def findings(rec: Any) -> set[tuple[str, str]]:
    return {(f.code, f.pointer) for f in validate_record(rec).findings}


def test_trick_size_and_extra_and_missing_tricks() -> None:
    rec = first(contract("rufer"))
    rec["play"][4] = rec["play"][4][:3]
    assert ("KR-TRICK-SIZE", "/play/4") in findings(rec)
    rec = first(contract("rufer"))
    rec["play"].append(list(rec["play"][0]))
    assert ("KR-TRICKS-EXTRA", "/play/12/0") in findings(rec)
    rec = first(contract("dreier"))
    del rec["play"][9:]
    assert ("KR-TRICKS-MISSING", "/play") in findings(rec)


def test_declaration_turn_order() -> None:
    rec = first(lambda r: contract("rufer", "dreier")(r) and len(r.get("declarations", [])) >= 4)
    rec["declarations"][1]["seat"] = (rec["declarations"][1]["seat"] + 1) % 4
    assert ("KR-DECL-TURN", "/declarations/1") in findings(rec)


def test_auction_incomplete_and_talon_order() -> None:
    rec = first(contract("piccolo"))
    rec["auction"] = rec["auction"][:-1]
    assert ("KR-AUCTION-INCOMPLETE", "/declarations/0") in findings(rec)
    rec = first(contract("dreier"))
    del rec["exchange"]["take"]
    assert ("KR-TALON", "/exchange/discard") in findings(rec)


def test_nothing_after_a_redeal_or_the_end() -> None:
    with open(os.path.join(SAMPLES, "koenigrufen", "valid", "redeal.json")) as fp:
        redeal = json.load(fp)
    assert validate_record(redeal).valid
    redeal["exchange"] = {"king": "HK"}
    assert ("KR-AFTER-END", "/exchange/king") in findings(redeal)
    rec = first(contract("rufer"))
    rec["end"] = {"type": "claim", "seat": 0}   # the schema knows Königrufen's end types
    rep = validate_record(rec)
    assert [(f.code, f.pointer) for f in rep.findings] == [("REC-SCHEMA", "/end/type")]
    assert "'claim'" in rep.findings[0].message


def test_redeal_seat_must_exist() -> None:
    rec = first(contract("rufer"))
    rec = {k: rec[k] for k in ("tarockrec", "game", "players", "dealer", "deal")}
    rec.update(auction=[], end={"type": "redeal", "seat": 9})
    assert ("KR-SEAT", "/end") in findings(rec)


@pytest.mark.parametrize("options,code", [
    ({"farbensolo_tarock_lead": "only_without_suit_cards"}, "KR-FARBENSOLO-LEAD"),
    ({"pagat_last_tarock_in_misere": "on"}, "KR-PAGAT-LAST"),
])
def test_option_only_codes_in_play(options: dict, code: str) -> None:
    """A deal played under the default rules that breaks the optional restriction."""
    rng = random.Random(3)
    wanted = "farbensolo" if code == "KR-FARBENSOLO-LEAD" else None
    for i in range(3000):
        rec = deal_record(KR, rng, dealer=i % 4)
        c = rec["result"].get("contract")
        if "play" not in rec or (wanted and c != wanted) or (not wanted and c not in (
                "piccolo", "bettel", "piccolo_ouvert", "bettel_ouvert", "trischaken")):
            continue
        rec["rules"] = {"name": "default", "options": options}
        found = findings(rec)
        hits = [p for k, p in found if k == code]
        if hits:
            assert hits[0].startswith("/play/")
            return
    raise AssertionError(f"no default-rules deal breaks {options}")


def test_option_only_codes_in_calls() -> None:
    rules = KR.Rules("default", {"bird_announcement_requires_card": "on"})
    e = KR.random_deal(random.Random(1), 4, 3, rules, {"doubling": 0})
    birdless = next(s for s in range(4) if not e.hands[s] & sum(1 << KR.pack.index[c]
                                                                 for c in ("T1", "T2", "T3")))
    with pytest.raises(IllegalAction) as err:
        e.verify_call(birdless, "besserrufer") if e.to_act == birdless else \
            e._check_hand_limits(birdless, "besserrufer")
    assert err.value.code == "KR-BID-HAND"
    for seed in range(200):   # an announced bird its announcer does not hold
        e = KR.random_deal(random.Random(seed), 4, 3, rules, {"doubling": 0})
        for seat, call in [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass"),
                           (0, "solodreier")]:
            e.call(seat, call)
        if not e.hands[1] >> KR.pack.index["T1"] & 1:
            with pytest.raises(IllegalAction) as err:
                e.verify_declare(1, ("pagat",))
            assert err.value.code == "KR-ANNOUNCE-CARD"
            return
    raise AssertionError("no deal found")  # pragma: no cover


def test_tokens_the_schema_stops_are_still_refused_by_the_engine() -> None:
    e = KR.random_deal(random.Random(2), 4, 3, KR.Rules(), {"doubling": 0})
    e.call(0, "mein_spiel")
    with pytest.raises(IllegalAction) as err:
        e.verify_call(1, "grand")
    assert err.value.code == "KR-CALL-UNKNOWN"
    for seat, call in [(1, "pass"), (2, "pass"), (3, "pass"), (0, "solodreier")]:
        e.call(seat, call)
    with pytest.raises(IllegalAction) as err:
        e.verify_declare(1, ("kontra:contract:x",))
    assert err.value.code in ("KR-KONTRA", "KR-SAY-UNKNOWN")
    with pytest.raises(IllegalAction) as err:
        e.verify_declare(1, ("hurrah",))
    assert err.value.code == "KR-SAY-UNKNOWN"


def test_envelope_codes() -> None:
    rec = first(contract("rufer"))
    bad = dict(rec, dealer=7)
    assert ("REC-DEALER", "/dealer") in findings(bad)
    bad = dict(rec, players=rec["players"][:3])
    assert ("REC-PLAYERS", "/players") in findings(bad)
    bad = dict(rec, notes=[{"at": "/play/99", "text": "?"}, {"at": "/play/3", "text": "ok"}])
    assert findings(bad) == {("REC-NOTE", "/notes/0/at")}


def test_a_game_this_build_lacks_is_named(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every game of the notation has an engine today; a build without one (a game's module
    left out) refuses its records by name instead of failing."""
    from tarockrec import games
    rec = first(contract("rufer"))
    monkeypatch.setattr(games, "MODULES", {k: v for k, v in games.MODULES.items()
                                           if k != "koenigrufen"})
    monkeypatch.setattr(games, "GAMES", {k: v for k, v in games.GAMES.items()
                                         if k != "koenigrufen"})
    assert ("GAME-UNSUPPORTED", "/game") in findings(rec)


@pytest.mark.parametrize("statement", ["partner", "not_partner"])
def test_declarer_makes_no_partner_statement(statement: str) -> None:
    """§4.6.2: the declarer's side is public from the start. Example 14's declarer called his
    own king: he is told he is the declarer, not that he lacks the king he holds."""
    path = os.path.join(SAMPLES, "koenigrufen", "valid",
                        "ex14-rufer-own-king-doubling-king-ultimo.json")
    rec = json.load(open(path, encoding="utf-8"))
    assert rec["declarations"][3]["seat"] == rec["result"]["declarer"] == 0
    rec["declarations"][3]["say"] = ["trull", statement]
    (finding,) = validate_record(rec).findings
    assert (finding.code, finding.pointer) == ("KR-PARTNER-STATEMENT", "/declarations/3/say/1")
    assert "is the declarer" in finding.message and "not hold" not in finding.message
