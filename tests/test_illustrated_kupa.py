"""The Tarokk Kupa Versenyszabályzat (rule set ``tarokk_kupa``, tarokk.hu/kupa_vsz.htm): the sas
(T2) ultimó and uhu, and the tarokk count that whoever announces or kontras a pagát or sas
ultimó or uhu must state.

Sources: Kupa = Tarokk Kupa Versenyszabályzat, 1§ A bemondások (the bonus list) and 1§
"1., Tarokkszám"; rules/illustrated.md for everything the Kupa leaves to the seed.

Deals A, B, C (samples/illustrated/valid/kupa_*.json, written out card by card by
tools/build_illustrated_kupa_samples.py): 4 players, dealer s3; s0 bids three, draws T14 C10 H1,
discards S10 C10 H1, calls T20 (s1's); s1, s2, s3 draw DJ, HJ, HQ and discard them. s0 keeps nine
tarokks, T22 T21 T19–T14 and T2, and leads them from the top. The declarer side (s0, s1) takes
all nine tricks (a silent volát, §6.3: 3g = 3 with g = 1 for three, instead of the game) and
every card but the defenders' discard pile DJ 2 + HJ 2 + HQ 4 = 8 points: P_D = 94 - 8 = 86.
Team items are paid 2 v 2 (§6.5: each declarer-side seat +V, each defender -V); a declared
count n = 8/9 tarokks is worth 1/2 from each of the three others (§4.12; Kupa 1§ item 1).
"""
from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest

from tarockrec.codecs import jsonio, xmlio
from tarockrec.games import all_games
from tarockrec.games.illustrated.contracts import PACK
from tarockrec.games.illustrated.engine import IllustratedEngine
from tarockrec.games.illustrated.rules import IllustratedRules
from tarockrec.generate import deal_record
from tarockrec.validate import validate_record

from conftest import SAMPLES

VALID = os.path.join(SAMPLES, "illustrated", "valid")
INVALID = os.path.join(SAMPLES, "illustrated", "invalid")
GAME = all_games()["illustrated"]


def load(name: str, folder: str = VALID) -> dict[str, Any]:
    with open(os.path.join(folder, name + ".json"), encoding="utf-8") as f:
        rec: dict[str, Any] = json.load(f)
    return rec


def deltas(rec: dict[str, Any], rules: dict[str, Any] | None = None) -> list[int]:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    if rules is not None:
        rec["rules"] = rules
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0] is not None
    return list(rep.scores[0].deltas)


def findings(rec: dict[str, Any]) -> list[tuple[str, str]]:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    return [(f.code, f.pointer) for f in validate_record(rec).findings]


# -- the rule set ---------------------------------------------------------------------------
def test_the_rule_set_is_complete_and_loads() -> None:
    rules = GAME.rules({"name": "tarokk_kupa"})
    assert isinstance(rules, IllustratedRules)
    assert rules.sas_bonuses is True
    assert rules.tarokk_declaration == "kupa"
    assert rules.pagat_uhu_value == 15 and rules.xxi_catch_values == 42


# -- worked deals under tarokk_kupa (scores computed by hand) --------------------------------
@pytest.mark.parametrize("name,example,want", [
    # K1 (deal A): s0 says nine_tarokk, sas_ultimo; the sas wins trick 9.
    # V = silent volát 3 + sas ultimó 10 (Kupa 1§ item 12) = 13; nine tarokks (item 1) 2 from
    # each other seat: s0 13 + 6 = 19, s1 13 - 2 = 11, s2 and s3 -13 - 2 = -15.
    ("kupa_sas_ultimo_made", "Kupa K1", [19, 11, -15, -15]),
    # K2 (deal A, nothing announced): V = silent volát 3 + silent sas ultimó 5 (item 12,
    # "csendben 5 pont") = 8.
    ("kupa_silent_sas_ultimo", "Kupa K2", [8, 8, -8, -8]),
    # K3 (deal A): s0 as in K1; s2 (a defender with eight tarokks) says kontra (the game),
    # eight_tarokk, kontra:sas_ultimo. V = silent volát 3 + kontra'd game 1 x 2 (§6.3 step 3)
    # + sas ultimó 10 x 2 = 25; s0 +6 (nine) and s2 +3 (eight), each other seat -2 and -1:
    # s0 25 + 6 - 1 = 30, s1 25 - 2 - 1 = 22, s2 -25 - 2 + 3 = -24, s3 -25 - 2 - 1 = -28.
    ("kupa_sas_ultimo_kontra_tarokk_count", "Kupa K3", [30, 22, -24, -28]),
    # K4 (deal B): s1 keeps T6 for trick 9 and beats his partner's sas: the silent sas ultimó
    # is lost (§6.4, as the pagát's: beaten by the partner too), 5 to the defenders.
    # V = 3 - 5 = -2.
    ("kupa_silent_sas_ultimo_lost", "Kupa K4", [-2, -2, 2, 2]),
    # K5 (deal A): s0, nine tarokks undeclared, announces king_ultimo:D — the Kupa asks for the
    # count only at the pagát and sas ones. s1's DK falls to the sas in trick 9: king ultimó
    # lost, 15 (item 11) to the defenders; the sas itself makes a silent ultimó.
    # V = 3 - 15 + 5 = -7.
    ("kupa_king_ultimo_without_count", "Kupa K5", [-7, -7, 7, 7]),
    # K6 (deal C): the partner s1 (seven tarokks: nothing to state) announces sas_uhu; s0's
    # sas, bound to trick 8 (§5.3), wins it. V = 3 + sas uhu 15 (item 16) = 18.
    ("kupa_partner_sas_uhu", "Kupa K6", [18, 18, -18, -18]),
    # K7 (deal E): the partner s1 (eight tarokks, stated) announces sas_uhu; in trick 8 he must
    # follow s0's DK with DQ and cannot play the sas: sas uhu lost, 15 (item 16) to the
    # defenders; in trick 9 his sas falls to s0's T14: a silent sas ultimó lost too (§6.4; the
    # ITVB's 8.6 says the same of a bound card played to the last trick after an uhu), 5 more.
    # V = 3 - 15 - 5 = -17; s1's eight tarokks 1 from each other seat:
    # s0 -17 - 1 = -18, s1 -17 + 3 = -14, s2 and s3 17 - 1 = 16.
    ("kupa_sas_uhu_failed_silent_ultimo_lost", "Kupa K7", [-18, -14, 16, 16]),
])
def test_worked_deal(name: str, example: str, want: list[int]) -> None:
    rec = load(name)
    assert rec["_example"] == example and rec["rules"] == {"name": "tarokk_kupa"}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    score = rep.scores[0]
    assert score is not None
    assert score.deltas == want
    assert score.facts["points"] == [86, 8]
    assert sum(want) == 0


def test_items_of_k3() -> None:
    """K3 item by item: the sas ultimó kontra'd once, both counts paid by everyone else."""
    score = validate_record(load("kupa_sas_ultimo_kontra_tarokk_count")).scores[0]
    assert score is not None
    got = sorted((it.name, it.base) for it in score.items)
    assert got == [("eight_tarokk", 1), ("game", 2), ("nine_tarokk", 2), ("sas_ultimo", 20),
                   ("volat", 3)]


# -- the same deal under default and under tarokk_kupa ------------------------------------------
def test_silent_sas_ultimo_made_under_both() -> None:
    """Deal A, nothing announced. Default (rules/illustrated.md G45: no sas bonuses): the silent
    volát alone, V = 3. Kupa 1§ item 12: + silent sas ultimó 5, V = 8."""
    rec = load("kupa_silent_sas_ultimo")
    assert deltas(rec, {"name": "default"}) == [3, 3, -3, -3]
    assert deltas(rec, {"name": "tarokk_kupa"}) == [8, 8, -8, -8]


def test_silent_sas_ultimo_lost_under_both() -> None:
    """Deal B, nothing announced: default V = 3; Kupa V = 3 - 5 = -2 (the partner's T6 beats
    the sas in trick 9)."""
    rec = load("kupa_silent_sas_ultimo_lost")
    assert deltas(rec, {"name": "default"}) == [3, 3, -3, -3]
    assert deltas(rec, {"name": "tarokk_kupa"}) == [-2, -2, 2, 2]


def test_silent_sas_ultimo_after_a_failed_sas_uhu_is_the_option() -> None:
    """K7 with silent_ultimo_after_failed_uhu = false (rules/illustrated.md G35): the failed
    sas uhu alone, V = 3 - 15 = -12: s0 -13, s1 -9, s2 and s3 11."""
    rec = load("kupa_sas_uhu_failed_silent_ultimo_lost")
    assert deltas(rec, {"name": "tarokk_kupa",
                        "options": {"silent_ultimo_after_failed_uhu": "false"}}) == \
        [-13, -9, 11, 11]


def test_sas_uhu_takes_the_pagat_uhu_value() -> None:
    """K6 with pagat_uhu_value = 20 (pagat.com: "many players prefer to score only 15 rather
    than 20 for announced pagát uhu and sas uhu"): V = 3 + 20 = 23."""
    rec = load("kupa_partner_sas_uhu")
    assert deltas(rec, {"name": "tarokk_kupa", "options": {"pagat_uhu_value": 20}}) == \
        [23, 23, -23, -23]


# -- illegal records --------------------------------------------------------------------------
@pytest.mark.parametrize("name,code,place", [
    # Kupa 1§ "1., Tarokkszám": s0 holds nine tarokks and announces the sas ultimó without the
    # count, or states it only after the announcement, or states a wrong one
    ("kupa_sas_ultimo_count_missing", "IT-TAROKK-UNDECLARED", "/declarations/0/say/0"),
    ("kupa_sas_ultimo_count_after", "IT-TAROKK-UNDECLARED", "/declarations/0/say/0"),
    ("kupa_sas_ultimo_count_wrong", "IT-TAROKK-DECLARE", "/declarations/0/say/0"),
    # … and whoever kontras it: s2 with eight tarokks
    ("kupa_kontra_sas_count_missing", "IT-TAROKK-UNDECLARED", "/declarations/2/say/1"),
    # before the pairs are known the count is said for the last speaker (the declarer side):
    # s2 must show his side (kontra) first
    ("kupa_tarokk_count_misattributed", "IT-ATTRIBUTION", "/declarations/2/say/0"),
    # §4.10.2 rule 3: the announcer of the sas ultimó raises it to the uhu himself
    ("kupa_sas_self_upgrade", "IT-ULTIMO-UHU", "/declarations/0/say/2"),
    # G18 (ITVB 7.13): the pagát and the sas ultimó need the same trick
    ("kupa_pagat_and_sas_ultimo", "IT-TRICK-TARGET", "/declarations/0/say/2"),
    # §5.3: the announced sas is bound to its trick
    ("kupa_sas_played_early", "IT-BOUND-KEEP", "/play/0/0"),
    ("kupa_sas_uhu_withheld", "IT-BOUND-DUE", "/play/7/0"),
    # the default plays no sas bonuses; and the seed bars the king ultimó to an undeclared
    # nine-tarokk holder, where the Kupa does not
    ("sas_ultimo_under_default", "IT-SAY-UNKNOWN", "/declarations/0/say/1"),
    ("king_ultimo_without_count_under_default", "IT-TAROKK-UNDECLARED", "/declarations/0/say/0"),
])
def test_illegal_record(name: str, code: str, place: str) -> None:
    rec = load(name, INVALID)
    assert rec["_expect"] == [code]
    assert findings(rec) == [(code, place)]


def test_the_count_rule_is_the_option() -> None:
    """The misattributed turn of s2 is legal under the seed's declaration rule (declarations
    have nothing to do with sides, and the seed does not bar the sas items) and under the
    server's (it bars only the pagát ones), with the sas bonuses still on."""
    rec = load("kupa_tarokk_count_misattributed", INVALID)
    assert deltas(rec, {"name": "tarokk_kupa",
                        "options": {"tarokk_declaration": "seed"}}) == [30, 22, -24, -28]
    missing = load("kupa_kontra_sas_count_missing", INVALID)
    # s2 keeps his eight tarokks to himself: V = 25 as in K3, only s0's nine are paid
    assert deltas(missing, {"name": "tarokk_kupa",
                            "options": {"tarokk_declaration": "seed"}}) == [31, 23, -27, -27]
    assert findings(dict(missing, rules={"name": "tarokk_kupa", "options": {
        "tarokk_declaration": "akos"}})) == []


def _engine(rules: IllustratedRules) -> IllustratedEngine:
    rec = load("kupa_sas_ultimo_made")
    hands = [PACK.mask(h) for h in rec["deal"]["hands"]]
    e = IllustratedEngine(rules, 4, 3, hands, [PACK.index[c] for c in rec["deal"]["talon"]])
    for s, call in ((0, "three"), (1, "pass"), (2, "pass"), (3, "pass")):
        e.bid(s, call)
    for s, cards in enumerate(rec["exchange"]["discards"]):
        e.discard(s, tuple(cards))
    e.call(0, "T20")
    return e


def test_the_engine_offers_the_sas_bonuses_only_when_played() -> None:
    kupa = _engine(GAME.rules({"name": "tarokk_kupa"}))  # type: ignore[arg-type]
    seed = _engine(GAME.rules({"name": "default"}))  # type: ignore[arg-type]
    assert kupa.can_declare(0, ("nine_tarokk", "sas_ultimo"))
    assert not kupa.can_declare(0, ("sas_ultimo",))
    assert kupa.can_declare(0, ("king_uhu:S",))
    assert not seed.can_declare(0, ("nine_tarokk", "sas_ultimo"))
    assert not seed.can_declare(0, ("king_uhu:S",))
    said = {a.value for a in kupa.legal_actions()}
    assert ("nine_tarokk", "sas_ultimo") in said and ("nine_tarokk", "sas_uhu") in said
    assert not any("sas" in x for a in seed.legal_actions() for x in a.value)


# -- generated deals under the rule set ----------------------------------------------------------
_BARRED = ("pagat_ultimo", "pagat_uhu", "sas_ultimo", "sas_uhu")


def _kept_tarokks(rec: dict[str, Any]) -> dict[int, int]:
    """Each active seat's tarokks after the exchange, from the record alone (§4.1 talon
    order: the declarer's share first, then the next seats in play order)."""
    n, dealer = len(rec["players"]), rec["dealer"]
    active = [(dealer + 1 + k) % n for k in range(4)]
    declarer = rec["result"]["declarer"]
    order = active[active.index(declarer):] + active[:active.index(declarer)]
    talon, discards = rec["deal"]["talon"], rec["exchange"]["discards"]
    out, i = {}, 0
    for s in order:
        r = len(discards[s])
        kept = (set(rec["deal"]["hands"][s]) | set(talon[i:i + r])) - set(discards[s])
        i += r
        out[s] = sum(1 for c in kept if c.startswith("T"))
    return out


def test_generated_deals_under_tarokk_kupa() -> None:
    """Generated deals under the rule set are valid and zero-sum, survive JSON -> XML -> JSON,
    never let an 8/9-tarokk holder announce or kontra a pagát or sas ultimó/uhu before stating
    his count (checked here from the record alone), and reach every new rule: sas ultimó and
    uhu announced, kontra'd, made and failed, the silent sas ultimó made and lost, and a count
    stated before a barred item."""
    rules = GAME.rules({"name": "tarokk_kupa"})
    rng = random.Random("kupa-properties")
    seen: set[str] = set()
    for i in range(1500):
        n = (4, 5)[i % 2]
        rec = deal_record(GAME, rng, i % n, rules=rules, n=n)
        assert rec["rules"] == {"name": "tarokk_kupa", "options": {}}
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        score = rep.scores[0]
        assert score is not None
        assert sum(score.deltas) == 0 and list(score.deltas) == rec["result"]["scores"]
        text = jsonio.dumps(rec)
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == text
        for it in score.items:
            if it.name.startswith("sas_"):
                seen.add(f"{it.name}: {it.note.split(' ×')[0]}")
        if "declarations" not in rec:
            continue
        kept = _kept_tarokks(rec)
        declared: set[int] = set()
        for turn in rec["declarations"]:
            s = turn["seat"]
            for item in turn["say"]:
                if item in ("eight_tarokk", "nine_tarokk"):
                    declared.add(s)
                    continue
                level, _, target = item.partition(":")
                if target:
                    seen.add("kontra on " + target.split(":")[0])
                barred = (target or level) in _BARRED
                if barred and kept[s] >= 8:
                    assert s in declared, (rec, s, item)
                    seen.add("count before " + (target or level))
    for want in ("sas_ultimo: announced sas_ultimo made", "sas_ultimo: announced sas_ultimo failed",
                 "sas_uhu: announced sas_uhu made", "sas_uhu: announced sas_uhu failed",
                 "sas_ultimo: silent sas ultimó made", "sas_ultimo: silent sas ultimó lost",
                 "kontra on sas_ultimo", "kontra on sas_uhu"):
        assert want in seen, (want, sorted(seen))
    assert any(x.startswith("count before ") for x in seen), sorted(seen)
