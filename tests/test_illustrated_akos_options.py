"""The Illustrated options added for the AkosUzonyi/Tarock server's rules (docs/akos.md) and
the named rule set ``akos``: each one changes the verdict or the score as it says."""
from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from tarockrec.errors import IllegalAction
from tarockrec.games import all_games
from tarockrec.games.illustrated.contracts import PACK
from tarockrec.games.illustrated.engine import IllustratedEngine
from tarockrec.games.illustrated.rules import IllustratedRules
from tarockrec.games.illustrated.scoring import multiplier_of, periods_after
from tarockrec.validate import validate_record

from conftest import SAMPLES

VALID = os.path.join(SAMPLES, "illustrated", "valid")
GAME = all_games()["illustrated"]

#: dealer s3; s0 invites with T19, s1 holds T21 + T1, s2 and s3 hold no honour
HANDS = [
    "T22 T19 T18 T17 T16 T15 SK SQ SN",
    "T21 T1 T14 T13 T12 HK HQ HN HJ",
    "T11 T10 T9 T8 CK CQ CN CJ C10",
    "T7 T6 T5 T4 T3 T2 DK DQ DN",
]
TALON = "T20 SJ S10 H1 DJ D1"


def engine(options: dict[str, Any] | None = None, hands: list[str] = HANDS,
           name: str = "default") -> IllustratedEngine:
    rules = IllustratedRules(name, options)
    return IllustratedEngine(rules, 4, 3, [PACK.mask(h.split()) for h in hands],
                             [PACK.index[c] for c in TALON.split()])


def bids(e: IllustratedEngine, *calls: str) -> None:
    for seat, call in enumerate(calls):
        e.bid(seat, call)


def invited(options: dict[str, Any]) -> IllustratedEngine:
    """s0 two (XIX), s1 one, s2 s3 s0 pass: s1 declares one; then the discards."""
    e = engine(options)
    bids(e, "two", "one", "pass", "pass")
    e.bid(0, "pass")
    for seat, cards in ((1, ("HJ",)), (2, ("SJ", "S10")), (3, ("H1", "DJ"))):
        e.discard(seat, cards)
    return e


def codes(e: IllustratedEngine) -> list[str]:
    return [PACK.code(c) for c in e.legal_calls()]


def test_call_rule_akos() -> None:
    seed = invited({})
    seed.discard(0, ("D1",))
    assert codes(seed) == ["T19"]                    # §4.6: the invited card is binding
    akos = invited({"call_rule": "akos"})
    akos.discard(0, ("D1",))
    assert codes(akos) == ["T20", "T19"]             # T20, the highest not held, the invited
    akos.call(1, "T20")                              # the invitation is not binding
    assert akos.partner is None                      # s1 called his own T20: alone


def test_call_rule_akos_no_t2() -> None:
    hands = [HANDS[0], HANDS[1], "T11 T10 T9 T8 CK CQ CN CJ C10", HANDS[3]]
    e = engine({"call_rule": "akos"}, hands)
    bids(e, "pass", "three", "pass", "pass")
    e.discard(1, ("HJ", "HN", "HQ"))
    e.discard(2, ("T11",))                           # another player discards a tarokk
    e.discard(3, ("DN",))
    e.discard(0, ("SN",))
    assert "T2" not in codes(e) and "T3" in codes(e) and "T20" in codes(e)
    with pytest.raises(IllegalAction) as err:
        e.call(1, "T2")
    assert err.value.code == "IT-CALL"
    seed = engine({}, hands)
    bids(seed, "pass", "three", "pass", "pass")
    for seat, cards in ((1, ("HJ", "HN", "HQ")), (2, ("T11",)), (3, ("DN",)), (0, ("SN",))):
        seed.discard(seat, cards)
    assert "T2" in codes(seed)


def test_invited_card_discardable() -> None:
    with pytest.raises(IllegalAction) as err:
        invited({}).discard(0, ("T19",))
    assert err.value.code == "IT-DISCARD-FORBIDDEN"
    invited({"invited_card_discardable": "true"}).discard(0, ("T19",))


def test_jump_invitations_akos() -> None:
    # s0 s1 s2 pass; s3 (T21, no T19) jumps to two: not an invitation by default (§3.3 6a),
    # an XIX invitation he cannot make under jump_invitations = akos
    hands = [HANDS[0], HANDS[2], HANDS[3], HANDS[1]]
    seed = engine({}, hands)
    bids(seed, "pass", "pass", "pass", "two")
    assert seed.invitation is None and seed.contract == "two"
    akos = engine({"jump_invitations": "akos", "opening_solo": "allowed"}, hands)
    bids(akos, "pass", "pass", "pass")
    with pytest.raises(IllegalAction) as err:
        akos.bid(3, "two")
    assert err.value.code == "IT-INVITATION"
    akos.bid(3, "solo")           # an opening solo is no invitation (opening_solo = allowed)
    # an invitation of the kind already made is free, and the inviter may bid on
    e = engine({"jump_invitations": "akos", "inviter_must_pass_next": "false",
                "opening_solo": "allowed"})
    bids(e, "two", "solo")        # s1 (no T19) jumps once more: the XIX kind again
    assert e.invitation == (PACK.index["T19"], 0)


def test_card_bindings_off() -> None:
    with open(os.path.join(VALID, "e01_complete_deal.json"), encoding="utf-8") as f:
        rec = json.load(f)
    rec.pop("result")
    rec["play"][5][2], rec["play"][8][3] = "T1", "T17"    # s3 plays his bound T1 early
    assert "IT-BOUND-KEEP" in {f.code for f in validate_record(rec).findings}
    rec["rules"] = {"options": {"card_bindings": "false"}}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]


def test_tarokk_declaration_and_side_reveal() -> None:
    with open(os.path.join(VALID, "e01_complete_deal.json"), encoding="utf-8") as f:
        rec = json.load(f)
    rec.pop("result")
    # s3 (partner) declares his 8 tarokks while the defenders spoke last: free by default,
    # a statement that needs his side known under tarokk_declaration = akos
    rec["rules"] = {"options": {"tarokk_declaration": "akos"}}
    assert {f.code for f in validate_record(rec).findings} == {"IT-ATTRIBUTION"}
    rec["declarations"][2]["say"] = ["rekontra:trull", "eight_tarokk", "pagat_ultimo"]
    assert validate_record(rec).valid
    # after the partner has shown himself, s0 (defender) announces without a kontra first
    rec["declarations"][3]["say"] = ["four_kings"]
    rec["declarations"].append({"seat": 3, "say": []})
    assert {f.code for f in validate_record(rec).findings} == {"IT-ATTRIBUTION"}
    rec["rules"] = {"options": {"tarokk_declaration": "akos", "side_reveal": "akos"}}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]


def test_undeclared_tarokks_bar_only_pagat_under_akos() -> None:
    e = engine({"tarokk_declaration": "akos"})
    assert e._barred("pagat_uhu") and not e._barred("king_ultimo:H")
    assert engine({})._barred("king_ultimo:H")


def _find(rules: IllustratedRules, want: str) -> IllustratedEngine:
    for seed in range(5000):
        rng = random.Random(seed)
        e = GAME.random_deal(rng, 4, 3, rules, {"periods": []})
        if want == "annul":
            seat = next((s for s in e.active if e.can_annul(s)), None)
            if seat is not None:
                e.annul(seat)
                return e
            continue
        while e.phase == "auction":
            e.apply(rng.choice([a for a in e.legal_actions() if a.kind == "bid"]))
        if want == "done":
            while not e.is_over:
                e.apply(GAME.choose(e, rng))
        if e.phase == want:
            return e
        if want == "trial" and e.phase == "discard" and e.annul_case(e.declarer) == 6:  # type: ignore[arg-type]
            return e
    raise AssertionError(want)


def test_annul_before_discard_and_trial_three() -> None:
    e = _find(IllustratedRules("default", {"annul_timing": "before_discard"}), "annul")
    assert e.redeal and e.phase == "annulled" and not e.calls
    assert validate_record({"tarockrec": 1, "game": "illustrated", "players": list("ABCD"),
                            "rules": {"options": {"annul_timing": "before_discard"}},
                            "dealer": 3, **GAME.record_of(e)}).valid
    t = _find(IllustratedRules("default", {"annul_timing": "before_discard",
                                           "trial_three_throw": "true"}), "trial")
    t.annul(t.declarer)                                 # type: ignore[arg-type]
    assert t.redeal
    plain = engine({"annul_timing": "before_discard"}, [HANDS[0], HANDS[2], HANDS[3], HANDS[1]])
    bids(plain, "pass", "pass", "pass", "three")
    with pytest.raises(IllegalAction) as err:
        plain.annul(3)
    assert err.value.code == "IT-ANNUL-HAND"
    plain.discard(3, ("HJ", "HN", "HQ"))
    with pytest.raises(IllegalAction) as err:
        plain.annul(3)
    assert err.value.code == "IT-ANNUL-LATE"
    late = engine({})
    bids(late, "pass", "three", "pass", "pass")
    with pytest.raises(IllegalAction) as err:
        late.annul(1)
    assert err.value.code == "IT-ANNUL-LATE"


def test_honourless_failure_redeal() -> None:
    rules = IllustratedRules("default", {"honourless_fourth_failure": "redeal_no_penalty"})
    e = _find(rules, "honourless_failed")
    assert e.redeal and e.score().deltas == [0, 0, 0, 0]
    assert GAME.next_dealer(e, 3, 4, {}) == 3
    loses = IllustratedEngine(IllustratedRules(), 4, 3, e.dealt, e.talon)
    for s, c in e.calls:
        loses.bid(s, c)
    assert not loses.redeal and loses.score().deltas != [0, 0, 0, 0]


def test_doubling_extend_and_restart() -> None:
    ext = IllustratedRules("default", {"doubling_after_passout": "extend"})
    res = IllustratedRules("default", {"doubling_after_passout": "restart"})
    stack = IllustratedRules()
    p = periods_after(periods_after((), True, ext, 4), False, ext, 4)     # 3 doubled left
    assert p == (3,) and periods_after(p, True, ext, 4) == (7,)
    assert periods_after(p, True, res, 4) == (4,)
    assert multiplier_of((7,), ext) == 2 and multiplier_of((), ext) == 1
    assert multiplier_of((3, 4), stack) == 4


def test_unintentional_lone_takes_all_discards() -> None:
    with open(os.path.join(VALID, "e11_called_card_discarded.json"), encoding="utf-8") as f:
        rec = json.load(f)
    base = rec.pop("result")["points"][0]
    rec["rules"] = {"options": {"unintentional_lone_takes_all_discards": "true"}}
    rep = validate_record(rec)
    assert rep.valid
    assert rep.scores[0].facts["points"][0] > base      # type: ignore[union-attr]


def test_rule_set_akos() -> None:
    r = IllustratedRules("akos")
    assert r.name == "akos" and r.lone_game_value == "solo" and not r.card_bindings
    assert r.values["annul_timing"] == "before_discard"
    assert IllustratedRules("akos", {"card_bindings": "true"}).card_bindings
    rec = {"tarockrec": 1, "game": "illustrated", "players": list("ABCD"), "dealer": 3,
           "rules": {"name": "akos"}, **GAME.record_of(_find(r, "done"))}
    assert validate_record(rec).valid
    rec["rules"] = {"name": "nosuch"}
    assert {f.code for f in validate_record(rec).findings} == {"RULES-UNKNOWN"}


def test_silent_bonus_after_announced_volat() -> None:
    # the declarer side announced volát, failed, and collected the four kings silently
    with open(os.path.join(VALID, "announced_volat_failed.json"), encoding="utf-8") as f:
        rec = json.load(f)
    rec.pop("result")
    names = [i.name for i in validate_record(rec).scores[0].items]   # type: ignore[union-attr]
    assert names == ["volat", "four_kings"]
    rec["rules"] = {"options": {"silent_bonus_after_announced_volat": "false"}}
    rep = validate_record(rec)
    assert [i.name for i in rep.scores[0].items] == ["volat"]         # type: ignore[union-attr]


# -- the bidding of the rule set akos against the server's bidding as docs/akos.md states it --
_NAME = {3: "three", 2: "two", 1: "one", 0: "solo"}


class _ServerAuction:
    """The server's auction as facts (docs/akos.md): levels 3 (three) … 0 (solo), 4 = none."""

    def __init__(self, hands: list[int]) -> None:
        self.hands = hands                  # by game seat (seat 0 = forehand)
        self.high, self.kept, self.last = 4, False, None
        self.state = ["initial"] * 4
        self.inv: int | None = None         # the invited card
        self.turn = 0
        self.over = False

    def _has(self, seat: int, card: str) -> bool:
        return bool(self.hands[seat] >> PACK.index[card] & 1)

    def legal(self) -> dict[str, int]:
        p = self.turn
        out = {"pass": -1}
        if any(self._has(p, c) for c in ("T1", "T21", "T22")):
            keep = self.state[p] == "in" and not self.kept
            default = self.high - (0 if keep else 1)
            if default >= 0:
                out["hold" if default == self.high else _NAME[default]] = default
            can_inv = ((self._has(p, "T21") or self._has(p, "T22"))
                       and (self.hands[p] & PACK.mask([f"T{i}" for i in range(1, 23)])).bit_count() >= 5)
            if keep and self.high == 2 and not (can_inv and self._has(p, "T20")):
                del out["pass"]
            for jump, card in ((1, "T19"), (2, "T18")):
                if default - jump >= 0 and ((can_inv and self._has(p, card))
                                            or self.inv == PACK.index[card]):
                    out[_NAME[default - jump]] = default - jump
            if default == 3:
                out["solo"] = 0
        elif p == 3 and self.last is None:
            out["three"] = 3
        return out

    def bid(self, call: str) -> None:
        p, value = self.turn, self.legal()[call]
        if value < 0:
            if self.state[p] == "in" and not self.kept and self.high == 2:
                self.inv = PACK.index["T20"]
            self.state[p] = "out"
        else:
            keep = self.state[p] == "in" and not self.kept
            jump = self.high - (0 if keep else 1) - value
            for j, card in ((1, "T19"), (2, "T18")):
                if jump == j and self.inv != PACK.index[card]:
                    self.inv = PACK.index[card]
            self.state[p] = "in"
            self.kept = value == self.high
            self.high, self.last = value, p
        nxt = p
        for k in range(1, 4):
            q = (p + k) % 4
            if self.state[q] == "out" or (self.high == 0 and self.state[q] != "in"):
                continue
            nxt = q
            break
        self.turn = nxt
        self.over = nxt == self.last or (self.high == 0 and self.kept) or self.state[nxt] == "out"


def test_akos_bidding_matches_the_server() -> None:
    rules = IllustratedRules("akos")
    seen: set[str] = set()
    for seed in range(400):
        rng = random.Random(seed)
        e = GAME.random_deal(rng, 4, 3, rules, {"periods": []})
        server = _ServerAuction(list(e.dealt))           # dealer 3: game seats = our seats
        while not server.over:
            while e.to_act != server.turn:               # a player the server skips
                assert {a.value for a in e.legal_actions() if a.kind == "bid"} == {"pass"}
                e.bid(e.to_act, "pass")                  # type: ignore[arg-type]
            ours = {a.value for a in e.legal_actions() if a.kind == "bid"}
            assert ours == set(server.legal()), (seed, e.calls)
            call = rng.choice(sorted(ours))
            seen.add(call)
            server.bid(call)
            e.bid(e.to_act, call)                        # type: ignore[arg-type]
            assert (e.invitation[0] if e.invitation else None) == server.inv, (seed, e.calls)
        while e.phase == "auction":
            assert {a.value for a in e.legal_actions() if a.kind == "bid"} == {"pass"}
            e.bid(e.to_act, "pass")                      # type: ignore[arg-type]
        assert (e.phase == "passed_out") == (server.last is None), (seed, e.calls)
        if server.last is not None:
            assert e.declarer == server.last and e.contract == _NAME[server.high]
        if e.invitation is not None:
            seen.add("invited " + PACK.code(e.invitation[0]))
    assert {"hold", "solo", "invited T19", "invited T18", "invited T20"} <= seen, seen


# -- the sixth kontra level (issue 24 item 4) ------------------------------------------------------
def _fedak_sari() -> dict[str, Any]:
    """samples' §4.11 chain on the game up to mordkontra (s2, defender), and seat 3 (the
    declarer's partner) answers with the sixth level, Fedák Sári."""
    with open(os.path.join(VALID, "kontra_chain_mordkontra.json"), encoding="utf-8") as f:
        rec: dict[str, Any] = json.load(f)
    rec.pop("result")
    assert [d["say"] for d in rec["declarations"]][5:] == [["mordkontra"], [], [], []]
    rec["declarations"][6]["say"] = ["fedak_sari"]
    rec["declarations"].append({"seat": 2, "say": []})
    return rec


def test_the_sixth_kontra_level_under_akos() -> None:
    """The server's levels go up to Fedák Sári, the sixth (phase/Announcing: MAX_CONTRA_LEVEL =
    7, a level below it may be said; the client's contra_array names it "Fedák Sári"), said by
    the owner's side as the even levels are (AnnouncementContra.getNextTeamToContra), and it
    doubles once more: AnnouncementBase.calculatePoints shifts the points by the level, ×64.
    The sample's ×32 game (32 to each seat of the declarer's side, 2 against 2; the silent
    double game 2, trull 1 and four kings 1 beside it make 36) becomes ×64: 64 + 4 = 68."""
    rec = _fedak_sari()
    rec["rules"] = {"name": "akos"}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert list(rep.scores[0].deltas) == [-68, 68, -68, 68]  # type: ignore[union-attr]
    game = next(i for i in rep.scores[0].items if i.name == "game")  # type: ignore[union-attr]
    assert list(game.deltas) == [-64, 64, -64, 64]
    # the level after it does not exist, and the defenders may not say it
    rec["declarations"][7]["say"] = ["fedak_sari"]
    codes = [(f.code, f.pointer) for f in validate_record(rec).findings]
    assert codes == [("IT-KONTRA-SIDE", "/declarations/7/say/0")]


@pytest.mark.parametrize("name,code,at", [
    ("default", "IT-KONTRA-MAX", "/declarations/6/say/0"),      # the seed ends at mordkontra
    ("tarokk_kupa", "IT-KONTRA-MAX", "/declarations/6/say/0"),
    ("itvb", "IT-KONTRA-MAX", "/declarations/5/say/0"),         # ITVB 6: up to hirskontra
])
def test_the_sixth_kontra_level_elsewhere_is_a_finding(name: str, code: str, at: str) -> None:
    rec = _fedak_sari()
    rec["rules"] = {"name": name}
    found = [(f.code, f.pointer) for f in validate_record(rec).findings]
    assert found[0] == (code, at)


def test_the_sixth_kontra_level_in_every_notation() -> None:
    """JSON Schema, XML (and its XSD) and the text notation write and read it."""
    from lxml import etree

    from tarockrec import schema
    from tarockrec.codecs import jsonio, textio, xmlio

    rec = _fedak_sari()
    rec["rules"] = {"name": "akos"}
    assert not list(schema._validator().iter_errors(rec)) and schema.fast_check(rec)
    text = jsonio.dumps(rec)
    doc = xmlio.dumps(rec)
    assert schema.xsd().validate(etree.fromstring(doc.encode()))
    assert jsonio.dumps(xmlio.loads(doc)) == text
    assert jsonio.dumps(textio.loads(textio.dumps(rec))) == text
    assert "fedak_sari" in textio.dumps(rec)
