"""The Upper-Austrian Königrufen rules 4/2023 (rule set ``ooe_2023``, issue 12 item 2).

The primary text ("Oberösterreichische Tarockregeln – Königrufen, Version 4/2023", Franz
Kienast) is cited by its sections [OÖ23 …] as read through the section-cited summary
docs/koenigrufen.md of the peer project smatkovi/harbour-tarock (commit 891f7ef), and through
rules/koenigrufen.md §7.2. Every expected score below is a hand computation written in the test
with its section; the sample records (samples/koenigrufen/valid/ex07*.json, made for the seed's
Example 7) give the cards, never the expectation: the card points in exact thirds are counted
here by an independent helper (§1.4: a card is worth 3·value − 2 thirds).
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tarockrec import games, rulesets
from tarockrec.codecs import jsonio, xmlio
from tarockrec.errors import IllegalAction
from tarockrec.generate import deal_record
from tarockrec.games.koenigrufen.scoring import trischaken_oe2023
from tarockrec.rules import RulesError
from tarockrec.validate import validate_record

ROOT = Path(__file__).resolve().parents[1]
VALID = ROOT / "samples" / "koenigrufen" / "valid"
G = games.get("koenigrufen")
assert G is not None
DEFAULT = {"name": "default"}
#: the Trischaken part of the set on the seed's other rules (the records were played under the
#: seed: the OÖ Pagat rule would make some of their plays illegal)
TRISCHAKEN_OE = {"name": "default", "options": {"contract_values": "tarockcup",
                                                "trischaken_scoring": "oe2023"}}


def load(name: str) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((VALID / f"{name}.json").read_text(encoding="utf-8"))
    return rec


def validated(rec: dict[str, Any], rules: dict[str, Any]) -> Any:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    rec["rules"] = rules
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    return rep


def deltas(rec: dict[str, Any], rules: dict[str, Any]) -> list[int]:
    return list(validated(rec, rules).scores[0].deltas)


def rejected(rec: dict[str, Any], rules: dict[str, Any]) -> list[tuple[str, str]]:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    rec["rules"] = rules
    rep = validate_record(rec)
    assert not rep.valid
    return [(f.code, f.pointer) for f in rep.findings if f.severity == "error"]


# -- an independent count of the Trischaken piles (§1.4, [OÖ23 Trischaken 1]) -------------------
_FIGURE = {"K": 5, "Q": 4, "N": 3, "J": 2}
_RED = ["4", "3", "2", "1", "J", "N", "Q", "K"]
_BLACK = ["7", "8", "9", "10", "J", "N", "Q", "K"]


def _strength(card: str) -> int:
    if card[0] == "T":
        return 100 + int(card[1:])
    return (_RED if card[0] in "HD" else _BLACK).index(card[1:])


def _value(card: str) -> int:
    if card[0] == "T":
        return 5 if card in ("T1", "T21", "T22") else 1
    return _FIGURE.get(card[1:], 1)


def pile_thirds(rec: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Each seat's card points in thirds and trick count; the talon joins the pile of the winner
    of the last trick ([OÖ23 Trischaken 1]). Tricks are listed from their leader on."""
    lead = (rec["dealer"] + 1) % 4
    won: list[list[str]] = [[] for _ in range(4)]
    count = [0] * 4
    for trick in rec["play"]:
        tarocks = [i for i, c in enumerate(trick) if c[0] == "T"]
        cand = tarocks or [i for i, c in enumerate(trick) if c[0] == trick[0][0]]
        w = (lead + max(cand, key=lambda i: _strength(trick[i]))) % 4
        won[w] += trick
        count[w] += 1
        lead = w
    won[lead] += rec["deal"]["talon"][0] + rec["deal"]["talon"][1]
    return [3 * sum(map(_value, p)) - 2 * len(p) for p in won], count


# -- the rule set file ---------------------------------------------------------------------------
def test_the_file_names_its_source_and_what_is_missing() -> None:
    doc = rulesets.for_game("koenigrufen")["ooe_2023"]
    assert doc.title.startswith("Oberösterreichische Tarockregeln")
    src = doc.provenance["source"]
    assert "891f7ef" in src["title"] and "harbour-tarock" in src["url"]
    assert src["author"] == "Franz Kienast" and src["date"] == "2023-04"
    # every value is cited ([OÖ23 …] or the summary section that fills the gap)
    assert all("OÖ23" in doc.sections[k] or "summary" in doc.sections[k] for k in doc.options)
    assert doc.complete and not doc.not_yet_supported


def test_the_set_loads_with_its_values() -> None:
    rules = G.rules({"name": "ooe_2023"})
    assert rules.trischaken_scoring == "oe2023" and rules.announcement_round == "oe2023"
    assert rules.reservation_rule == "soft" and rules.forced_bird_order == "highest_first"
    assert rules.besserrufer_concession_pays_bird and rules.colour_game_kontra_or_valat
    assert rules.hold_right == "forehand_only" and not rules.call_own_king
    assert rules.pagat_last_tarock_in_misere and not rules.kontra_in_score
    assert rules.valat_loss_base == "loss_value" and rules.opponents_valat


def test_generated_deals_under_ooe_2023() -> None:
    """Valid, zero-sum, JSON -> XML -> JSON identical; every contract of the ladder occurs."""
    rules = G.rules({"name": "ooe_2023"})
    rng = random.Random("ooe_2023")
    seen = set()
    for i in range(60):
        rec = deal_record(G, rng, i % 4, rules=rules, n=4)
        report = validate_record(rec)
        assert report.valid, [str(f) for f in report.findings]
        assert sum(report.scores[0].deltas) == 0
        assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)
        seen.add(rec.get("result", {}).get("contract"))
    assert len(seen) >= 3, seen


def test_an_option_still_refused_names_itself() -> None:
    """What the engine lacks is refused, never approximated (here: the Kaiserstich, not OÖ)."""
    with pytest.raises(RulesError) as err:
        G.rules({"name": "ooe_2023", "options": {"kaiserstich": "on"}})
    assert err.value.code == "OPTION-UNSUPPORTED" and "kaiserstich" in str(err.value)
    rec = load("ex07a-trischaken")
    bad = {"name": "ooe_2023", "options": {"kaiserstich": "on"}}
    assert ("OPTION-UNSUPPORTED", "/rules/options/kaiserstich") in rejected(rec, bad)


# -- Trischaken ([OÖ23 Trischaken 1-3], §7.2 row "Trischaken scoring") ---------------------------
# the summary's worked table (its §7.6), every row re-computed by hand below; thirds sum to 210;
# forehand (the Trischaker) is seat 0
@pytest.mark.parametrize("thirds_,tricks,expected", [
    # one loser (seat 1, 30 1/3 < 35 2/3: b = 1) and one Jungfrau (seat 3): she takes all 3
    ([60, 91, 59, 0], [3, 4, 5, 0], [0, -3, 0, 3]),
    # forehand loses with 36 (>= 107 thirds, Bürgermeister): alone and doubled, b = 2·2 = 4
    ([108, 40, 40, 22], [4, 3, 3, 2], [-12, 4, 4, 4]),
    # two tied at 25 (forehand not among them): 2 each, the other two collect 2 each
    ([36, 75, 75, 24], [2, 4, 4, 2], [2, -2, -2, 2]),
    # 35 1/3 : 34 2/3 and two Jungfrauen: the text's own example, 2 x 2 = 4
    ([0, 106, 104, 0], [0, 6, 6, 0], [2, -4, 0, 2]),
    # 35 2/3 (Bürgermeister, b = 2) and two Jungfrauen: 3b = 6 shared, 3 each
    ([0, 107, 103, 0], [0, 6, 6, 0], [3, -6, 0, 3]),
    # three tied at 20 ([ÖF21 Trischaken]): 1 each to the fourth
    ([30, 60, 60, 60], [1, 4, 4, 3], [3, -1, -1, -1]),
    # forehand tied at 25 with seat 1: forehand loses alone, doubled: 2 to each
    ([75, 75, 30, 30], [4, 4, 2, 2], [-6, 2, 2, 2]),
    # Bürgermeister seat 1 (36 2/3): b = 2 to each
    ([50, 110, 30, 20], [3, 5, 2, 2], [2, -6, 2, 2]),
    # 35 : 35 tied, two Jungfrauen: 2 each, the Jungfrauen share the 4
    ([0, 105, 105, 0], [0, 6, 6, 0], [2, -2, -2, 2]),
    # forehand Bürgermeister with two Jungfrauen: 3·4 = 12 shared, 6 each (decision: even share)
    ([117, 0, 93, 0], [6, 0, 6, 0], [-12, 6, 0, 6]),
    # two tied, exactly one Jungfrau among the other two: she collects the whole 4
    ([0, 80, 80, 50], [0, 5, 5, 2], [4, -2, -2, 0]),
])
def test_trischaken_tariff(thirds_: list[int], tricks: list[int], expected: list[int]) -> None:
    assert sum(thirds_) == 210
    got, _ = trischaken_oe2023(thirds_, tricks, 0, 1)
    assert got == expected and sum(got) == 0


def test_trischaken_tariff_scales_with_the_contract_value() -> None:
    """Decision: the amounts are in units of the contract's value (1 under the OÖ tariff)."""
    assert trischaken_oe2023([60, 91, 59, 0], [3, 4, 5, 0], 0, 10)[0] == [0, -30, 0, 30]


@pytest.mark.parametrize("sample,seed,oe", [
    # a: thirds with the talon to trick 12's winner 36/63/52/59: seat 1 loses alone, b = 1
    ("ex07a-trischaken", [10, -30, 10, 10], [1, -3, 1, 1]),
    # b: 67/45/66/32: forehand loses, doubled: 2 to each
    ("ex07b-trischaken", [-60, 20, 20, 20], [-6, 2, 2, 2]),
    # c: 86/88/36/0: seat 1 (29 1/3) loses 3, all to the Jungfrau seat 3
    ("ex07c-trischaken", [-10, -10, -10, 30], [0, -3, 0, 3]),
    # d: 117/0/93/0: forehand loses as Bürgermeister (39): 3·4 = 12, Jungfrauen 1 and 3 share
    ("ex07d-trischaken", [-10, 10, -10, 10], [-12, 6, 0, 6]),
    # e: 75/42/57/36: the seed's tie 19:19 (whole points, no talon) is no tie in thirds with
    # the talon: forehand loses, doubled
    ("ex07e-trischaken", [-10, 10, -10, 10], [-6, 2, 2, 2]),
    # f: seat 2 took every trick: 210 thirds, Bürgermeister b = 2, 6 shared by three Jungfrauen
    ("ex07f-trischaken", [10, 10, -30, 10], [2, 2, -6, 2]),
    # g: 54/72/54/30: seat 1 loses alone (the seed's three-way tie came from whole points)
    ("ex07g-trischaken", [-10, -10, -10, 30], [1, -3, 1, 1]),
    # h: 48/66/48/48: seat 1 loses alone (the seed: all equal, nobody pays)
    ("ex07h-trischaken", [0, 0, 0, 0], [1, -3, 1, 1]),
])
def test_same_trischaken_deal_under_the_seed_and_under_oe2023(sample: str, seed: list[int],
                                                               oe: list[int]) -> None:
    """rules/koenigrufen.md Example 7 (seed) and the same cards under [OÖ23 Trischaken 1-3]."""
    rec = load(sample)
    thirds_, tricks = pile_thirds(rec)
    assert sum(thirds_) == 210
    assert deltas(rec, DEFAULT) == seed
    assert deltas(rec, TRISCHAKEN_OE) == oe
    # the engine's scorer agrees with the tariff on the independently counted piles
    assert trischaken_oe2023(thirds_, tricks, 0, 1)[0] == oe


def test_no_doubling_and_no_kontra_after_an_oe_trischaken() -> None:
    rec = load("ex07a-trischaken")
    rules = {"name": "default", "options": {**TRISCHAKEN_OE["options"],
                                            "trischaken_doubling_deals": 0}}
    rep = validated(rec, rules)
    assert [it.name for it in rep.scores[0].items] == ["trischaken"]
    assert rep.scores[0].items[0].multiplier == 1


# -- reserved birds: soft ([OÖ23 Ansagen 6-7], §7.2 row "Reserved cards") ----------------------
INVALID = ROOT / "samples" / "koenigrufen" / "invalid"


def load_invalid(name: str) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((INVALID / f"{name}.json").read_text(encoding="utf-8"))
    for key in ("result", "_expect", "_example"):
        rec.pop(key, None)
    return rec


SOFT_CUP = {"name": "default", "options": {
    "contract_values": "tarockcup", "bonus_scale": "tarockcup", "reservation_rule": "soft",
    "silent_failure_penalty": "off", "king_capture": "off", "xxi_capture": "off"}}


def test_announced_pagat_played_early_is_a_revoke_only_under_the_hard_rule() -> None:
    """i33: the Besserrufer (seat 3, partner seat 1) announced the Pagat and ruffs trick 2
    with it. Seed (hard): KR-RESERVED-KEEP at the card. [OÖ23 Ansagen 6] (soft): 'played at the
    wrong time, it counts as lost' — the record is valid and the Pagat is lost."""
    rec = load_invalid("i33-pagat-played-early")
    assert rejected(rec, DEFAULT) == [("KR-RESERVED-KEEP", "/play/1/3")]
    rep = validated(rec, {"name": "default", "options": {"reservation_rule": "soft"}})
    (pagat,) = [it for it in rep.scores[0].items if it.name == "pagat"]
    # seed §6.4: announced bird lost, 2·10 = 20 to each opponent (seats 0, 2), 2 v 2
    assert list(pagat.deltas) == [20, -20, 20, -20] and "lost" in pagat.note
    # the OÖ tariff: Besserrufer lost 1 (25 card points < 35 2/3) and the announced Pagat
    # lost 2, both to the opponents 0 and 2; the silent King Ultimo lost in trick 12 costs
    # nothing (silent_failure_penalty = off, the decision for [OÖ23]) and there are no
    # captures ([OÖ23 Allg. 3]): 1 + 2 = 3 each way
    assert deltas(rec, SOFT_CUP) == [3, -3, 3, -3]


def test_an_announced_card_stays_due_in_its_own_trick_under_the_soft_rule() -> None:
    """The summary's recommendation 5.4 item 3 (kept): in its target trick the announced card
    must be played when it can be — i34's Uhu withheld in trick 11 stays refused."""
    rec = load_invalid("i34-uhu-not-played-when-due")
    soft = {"name": "default", "options": {"reservation_rule": "soft"}}
    assert rejected(rec, soft) == [("KR-RESERVED-DUE", "/play/10/3")]


# -- 'schleifen' pays the bird ([OÖ23 Allg. 7], G22) ---------------------------------------------
def ooe_supported() -> dict[str, Any]:
    """The values of ooe_2023 this version implements (the set itself is still refused)."""
    by_name = {o.name: o for o in G.Rules.options}
    return {k: v for k, v in rulesets.for_game("koenigrufen")["ooe_2023"].options.items()
            if by_name[k].supported is None or v in by_name[k].supported}


def test_besserrufer_concession_pays_game_and_bird() -> None:
    """Example 11b: seat 2 holds the Besserrufer, the called HK lies in the talon, he concedes.
    He held the Uhu (T2) and no other bird before the talon. Seed (G22 default): only the
    contract, 20 to each of the three others. Paying the bird: + the announced Uhu 2·20 = 40
    each. [OÖ23 Allg. 7] with the OÖ tariff: 'Spiel plus Ansager' = 1 + 4 = 5 to each of the
    three, the declarer −15 (the summary §7.7 a: 'Besserrufer mit Uhu: Spieler −15')."""
    rec = load("ex11b-besserrufer-held-concession")
    assert deltas(rec, DEFAULT) == [20, 20, -60, 20]
    on = {"name": "default", "options": {"besserrufer_concession_pays_bird": "on"}}
    assert deltas(rec, on) == [60, 60, -180, 60]
    assert deltas(rec, {"name": "default", "options": ooe_supported()}) == [5, 5, -15, 5]


def test_the_conceded_bird_is_the_lowest_held_before_the_talon() -> None:
    """Decision (the summary's open point R-2): the lowest-valued bird of the dealt hand; none
    held: the Pagat, the lowest of the tariff."""
    from tarockrec.games.koenigrufen.engine import tariff
    from tarockrec.games.koenigrufen.scoring import lowest_bird
    t = tariff(G.rules({"name": "default", "options": {"quapil": "on"}}))
    idx = G.pack.index

    def bird(*cards: str) -> str:
        hand = sum(1 << idx[c] for c in cards)
        return lowest_bird(hand, t.birds, t.bonus_base, t.bird_card)

    assert bird("T4", "T3", "SK") == "kakadu"
    assert bird("T4", "T2", "T1") == "pagat"
    assert bird("T4") == "quapil"
    assert bird("SK", "T22") == "pagat"


# -- the announcement round ([OÖ23 Allg. 2; Ansagen 1], §7.2 row "Announcement round") ----------
OE_ROUND = {"name": "default", "options": {"announcement_round": "oe2023"}}


def with_declarations(rec: dict[str, Any], decl: list[tuple[int, list[str]]]) -> dict[str, Any]:
    rec = copy.deepcopy(rec)
    rec["declarations"] = [{"seat": s, "say": say} for s, say in decl]
    return rec


def test_the_declarer_speaks_first_under_oe2023() -> None:
    """Example 1 (Rufer, declarer 0 with partner 2): the seed's round starts at the declarer's
    right (seat 1); the OÖ round starts with the declarer, who announces and says 'ich liege'.
    The same kontra and rekontra with the declarer's empty first turn score as Example 1:
    contract 10·4 + silent Pagat 10 + Trull 10 + XXI capture 10 = 70 to seats 0 and 2."""
    rec = load("ex01-rufer-kontra-rekontra")
    assert rejected(rec, OE_ROUND) == [("KR-DECL-TURN", "/declarations/0")]
    oe = with_declarations(rec, [(0, []), (1, ["kontra"]), (2, ["rekontra"]), (3, []), (0, []),
                                 (1, [])])
    assert deltas(oe, OE_ROUND) == [70, -70, 70, -70]
    assert deltas(rec, DEFAULT) == [70, -70, 70, -70]


def test_each_player_announces_once_and_the_declarer_only_first() -> None:
    rec = load("ex01-rufer-kontra-rekontra")
    # the declarer announces after his first turn: 'ich liege' was his last word
    late = with_declarations(rec, [(0, []), (1, ["kontra"]), (2, []), (3, []), (0, ["four_kings"])])
    assert rejected(late, OE_ROUND) == [("KR-ANNOUNCE-ONCE", "/declarations/4/say/0")]
    # the partner announces the Trull, later the Four Kings: a second announcing turn
    twice = with_declarations(rec, [(0, []), (1, ["kontra"]), (2, ["trull", "partner"]),
                                    (3, ["kontra:trull"]), (0, []), (1, []), (2, ["four_kings"])])
    assert rejected(twice, OE_ROUND) == [("KR-ANNOUNCE-ONCE", "/declarations/6/say/0")]
    # the seed (its round from the declarer's right) allows a second announcing turn
    seed = with_declarations(rec, [(1, ["kontra"]), (2, ["trull", "partner"]),
                                   (3, ["kontra:trull"]), (0, []), (1, []), (2, ["four_kings"]),
                                   (3, []), (0, []), (1, [])])
    assert validated(seed, DEFAULT).valid


def test_kontra_only_at_the_first_opportunity() -> None:
    """[OÖ23 Allg. 2]: each announcement is acknowledged with 'gut' or kontra'd. Seat 3 passed
    its first turn (the contract stood from the start) and kontras later: refused; seat 1's
    kontra on the Trull at its first turn after the announcement is in time."""
    rec = load("ex01-rufer-kontra-rekontra")
    late = with_declarations(rec, [(0, []), (1, []), (2, ["trull", "partner"]), (3, []), (0, []),
                                   (1, ["kontra:trull"]), (2, []), (3, ["kontra"])])
    assert rejected(late, OE_ROUND) == [("KR-KONTRA-LATE", "/declarations/7/say/0")]
    seed = with_declarations(rec, [(1, []), (2, ["trull", "partner"]), (3, []), (0, []),
                                   (1, ["kontra:trull"]), (2, []), (3, ["kontra"]), (0, []),
                                   (1, []), (2, [])])
    assert validated(seed, DEFAULT).valid      # the seed: kontra at any later turn
    ok = with_declarations(rec, [(0, []), (1, ["kontra"]), (2, ["trull", "partner"]),
                                 (3, ["kontra:trull"]), (0, []), (1, []), (2, ["rekontra:trull"]),
                                 (3, []), (0, []), (1, [])])
    # contract 10·2 (kontra) + Pagat 10 + announced Trull 2·10·4 (kontra, rekontra) + capture 10
    assert deltas(ok, OE_ROUND) == [120, -120, 120, -120]


def test_the_besserrufer_bird_is_the_first_turn_under_oe2023() -> None:
    """i33's declarations (declarer 3 announces the Pagat, then 0, 1, 2) are the OÖ round; with
    the soft reservation (the Pagat played early and lost) the record is valid."""
    rec = load_invalid("i33-pagat-played-early")
    rules = {"name": "default", "options": {"announcement_round": "oe2023",
                                            "reservation_rule": "soft"}}
    assert validated(rec, rules).valid
    # a first turn without a bird is refused
    bad = copy.deepcopy(rec)
    bad["declarations"][0]["say"] = ["trull"]
    assert ("KR-BESSERRUFER", "/declarations/0") in rejected(bad, rules)


# -- [OÖ23 Farben 4]: an opponent in a colour game kontras or announces the Valat ----------------
FARBEN4 = {"name": "default", "options": {"colour_game_kontra_or_valat": "on",
                                          "opponents_valat": "on"}}


def test_kontra_or_valat_in_a_colour_game() -> None:
    """Example 12 (Farbensolo, declarer 1; seat 2 kontras). Seat 2 may not also announce the
    Valat — in the same turn or later — and a seat that announced the Valat may not kontra;
    another opponent may announce it. The seed (option off) allows both."""
    rec = load("ex12-farbensolo-kontra")
    both = with_declarations(rec, [(2, ["kontra", "valat"]), (3, []), (0, []), (1, [])])
    assert rejected(both, FARBEN4) == [("KR-KONTRA-OR-VALAT", "/declarations/0/say/1")]
    later = with_declarations(rec, [(2, ["kontra"]), (3, []), (0, []), (1, ["rekontra"]),
                                    (2, ["valat"]), (3, []), (0, []), (1, [])])
    assert rejected(later, FARBEN4) == [("KR-KONTRA-OR-VALAT", "/declarations/4/say/0")]
    first_valat = with_declarations(rec, [(2, ["valat", "kontra"]), (3, []), (0, []), (1, [])])
    assert rejected(first_valat, FARBEN4) == [("KR-KONTRA-OR-VALAT", "/declarations/0/say/1")]
    other = with_declarations(rec, [(2, ["kontra"]), (3, ["valat"]), (0, []), (1, []), (2, [])])
    assert validated(other, FARBEN4).valid
    seed_rules = {"name": "default", "options": {"opponents_valat": "on"}}
    assert validated(later, seed_rules).valid


# -- a lost Sechserdreier Valat counts from the loss value (summary §7.4) -------------------------
def test_opponents_silent_valat_in_a_sechserdreier() -> None:
    """samples/koenigrufen/valid/ooe-sechserdreier-opponents-valat.json (built by
    tools/build_koenigrufen_ooe_samples.py): forehand 0 names the Sechserdreier as his first
    word without tarock or king and takes no trick. ooe_2023: the opponents' silent Valat,
    4 × the lost Sechserdreier's 8 = 32 each ('beim Sechserdreier zusätzlich verdoppelt'),
    the declarer −96 (the summary's worked example §7.10 no. 12: 'Sechserdreier, stiller Valat
    der Gegner: Spieler −96, Gegner je +32'); no silent bonus beside a Valat ([OÖ23 Ansagen
    2]). The Tarockcup set
    (no Valat of the opponents, the seed's round from the declarer's right): contract lost 8
    each, the opponents' silent Trull 1 and Four Kings 1 each: −30 / +10."""
    rec = load("ooe-sechserdreier-opponents-valat")
    assert deltas(rec, {"name": "ooe_2023"}) == [-96, 32, 32, 32]
    cup = with_declarations(rec, [(1, []), (2, []), (3, []), (0, [])])
    assert deltas(cup, {"name": "tarockcup_austria"}) == [-30, 10, 10, 10]
    # the win value (G24 default) with the opponents' Valat: 4 × 4 = 16 each
    win = {"name": "ooe_2023", "options": {"valat_loss_base": "win_value"}}
    assert deltas(rec, win) == [-48, 16, 16, 16]


# -- forced to give up an announced bird: the higher first ([OÖ23 Ansagen 7]) -------------------
def _forced_bird_engine(order: str) -> Any:
    """Dreier of seat 1 (dealer 3), who holds only T1 and T2 among the tarocks and announces
    the Pagat and the Uhu; forehand 0 leads the Sküs in trick 1."""
    from tarockrec.engine import Action
    hands = [["T22", "T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13", "SK", "CK"],
             ["T1", "T2", "SQ", "SN", "SJ", "S10", "S9", "CQ", "CN", "CJ", "C10", "C9"],
             ["T12", "T11", "T10", "T9", "T8", "T7", "T6", "T5", "T4", "T3", "HK", "DK"],
             ["S8", "S7", "C8", "C7", "HQ", "HN", "HJ", "H1", "H2", "DQ", "DN", "DJ"]]
    talon = [["H3", "H4", "D1"], ["D2", "D3", "D4"]]
    rules = G.rules({"name": "default", "options": {"forced_bird_order": order}})
    e, found = G.make_engine(rules, 4, 3, {"hands": hands, "talon": talon}, {"doubling": 0})
    assert e is not None and not found
    for seat, call in ((0, "mein_spiel"), (1, "dreier"), (2, "pass"), (3, "pass"), (0, "pass")):
        e.apply(Action("call", seat, call))
    e.apply(Action("take", 1, "lower"))
    e.apply(Action("discard", 1, ("H3", "H4", "D1")))
    for seat, say in ((2, ()), (3, ()), (0, ()), (1, ("pagat", "uhu")), (2, ()), (3, ()),
                      (0, ())):
        e.apply(Action("declare", seat, say))
    e.apply(Action("play", 0, "T22"))
    return e


def test_forced_birds_the_higher_first() -> None:
    """Seat 1 must follow the tarock lead with T1 or T2, both announced: free choice under the
    seed; under [OÖ23 Ansagen 7] the Uhu (T2, the higher bird) goes first, the Pagat is kept."""
    free = _forced_bird_engine("free")
    assert free.can_play(1, "T1") and free.can_play(1, "T2")
    high = _forced_bird_engine("highest_first")
    assert high.can_play(1, "T2") and not high.can_play(1, "T1")
    from tarockrec.errors import IllegalAction
    with pytest.raises(IllegalAction) as err:
        high.verify_play(1, "T1")
    assert err.value.code == "KR-RESERVED-KEEP"


# -- the summary's three practice games (its §11.7), transcribed as records ----------------------
# Seats in playing order: Du 0, Berta 1, Carl 2, Dora 3. Cards: Sk = T22, Roman numerals = T<n>;
# D(ame) = Q, R(eiter) = N, B(ube) = J; ♥ H, ♦ D, ♠ S, ♣ C. Each trick from its leader on.
def _record(dealer: int, hands: list[str], talon: list[str], auction: list[tuple[int, str]],
            declarations: list[tuple[int, list[str]]], play: list[str],
            exchange: dict[str, Any] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "tarockrec": 1, "game": "koenigrufen", "rules": {"name": "ooe_2023"},
        "players": ["Du", "Berta", "Carl", "Dora"], "dealer": dealer,
        "deal": {"hands": [h.split() for h in hands], "talon": [t.split() for t in talon]},
        "auction": [{"seat": s, "call": c} for s, c in auction]}
    if exchange is not None:
        rec["exchange"] = exchange
    rec["declarations"] = [{"seat": s, "say": say} for s, say in declarations]
    rec["play"] = [t.split() for t in play]
    return rec


PRACTICE_1 = _record(  # "Mein erster Rufer": dealer Dora, forehand Du
    3, ["T20 T17 T11 T8 T5 HK HJ D3 SQ S9 CK C8",
        "T22 T16 T13 T9 T3 HN H2 DQ DJ SJ CQ CN",
        "T19 T15 T12 T4 T2 H1 H3 DK D2 SK S10 C10",
        "T21 T14 T10 T7 T1 H4 D1 SN S8 S7 CJ C7"],
    ["T18 T6 D4", "HQ DN C9"],
    [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "rufer")],
    [(0, []), (1, []), (2, []), (3, [])],
    ["CK CN C10 C7", "T11 T3 T19 T21", "D1 T5 DJ DK", "S9 SJ SK S7", "T12 T7 T18 T22",
     "DQ D2 T10 T17", "T20 T9 T2 T14", "C8 CQ T15 CJ", "H3 H4 HK H2", "T8 T13 T4 T1",
     "HN H1 S8 T6", "SQ T16 S10 SN"],
    {"king": "SK", "take": "lower", "discard": ["D3", "D4", "HJ"]})

PRACTICE_2 = _record(  # "Piccolo – genau ein Stich": dealer Du, forehand Berta
    0, ["T22 T19 T4 T1 H4 H2 D4 D3 S8 S7 C9 C7",
        "T18 T14 T10 T6 HK HQ HN D2 SQ S10 CK C8",
        "T20 T17 T13 T9 T7 T5 H1 H3 DQ DJ SN CJ",
        "T21 T16 T15 T12 T8 T2 HJ DN D1 SJ S9 C10"],
    ["T3 T11 DK", "SK CQ CN"],
    [(1, "mein_spiel"), (2, "pass"), (3, "pass"), (0, "piccolo"), (1, "pass")],
    [(0, []), (1, []), (2, []), (3, ["kontra"]), (0, []), (1, []), (2, [])],
    ["T19 T6 T20 T21", "T15 T22 T10 T5", "T4 T14 T17 T2", "CJ C10 C9 CK", "C8 T7 T8 C7",
     "S9 S8 S10 SN", "DJ DN D3 D2", "D1 D4 T18 DQ", "SQ T9 SJ S7", "H1 HJ H2 HN",
     "HQ H3 T12 H4", "T16 T1 HK T13"])

PRACTICE_3 = _record(  # "Besserrufer mit Pagat ultimo": dealer Berta, forehand Carl
    1, ["T21 T18 T16 T13 T9 T7 T1 HK D4 SQ S8 C10",
        "T17 T11 T10 T4 H1 DJ SK S7 CN CJ C8 C7",
        "T22 T20 T15 T12 T8 T3 HQ H4 DN D3 SJ C9",
        "T14 T6 T2 HJ H3 H2 DQ D2 SN S10 S9 CK"],
    ["T19 T5 D1", "DK CQ HN"],
    [(2, "mein_spiel"), (3, "pass"), (0, "besserrufer"), (1, "pass"), (2, "pass")],
    [(0, ["pagat"]), (1, []), (2, ["kontra:pagat"]), (3, []), (0, []), (1, [])],
    ["DN D2 T5 DJ", "T7 T17 T20 T6", "C9 CK T9 CN", "T13 T11 T15 T2", "H4 H3 HK H1",
     "T18 T4 T3 T14", "T19 T10 T8 H2", "T16 C7 T12 S9", "S8 SK SJ S10", "S7 T22 SN SQ",
     "D3 DQ T21 C8", "T1 CJ HQ HJ"],
    {"king": "SK", "take": "lower", "discard": ["D4", "D1", "C10"]})


@pytest.mark.parametrize("rec,points,expected", [
    # 1: Rufer won, 41 2/3 : 28 1/3 (the summary §1.7 example B, §11.7): contract 1 to Du and
    # Carl; the opponents' silent Trull 1; the declarer side's silent Four Kings 1 → +1 / −1
    # (the record's card points are §1.4's rounded whole points: 125 thirds → 42, 85 → 28)
    (PRACTICE_1, [42, 28], [1, -1, 1, -1]),
    # 2: Piccolo of Du, exactly one trick (trick 2); Dora's own kontra counts for money only
    # ([OÖ23 Allg. 5]): 2 from each → +6 / −2
    (PRACTICE_2, None, [6, -2, -2, -2]),
    # 3: Besserrufer of Du with Berta (SK), 47 : 23, the announced Pagat made in trick 12
    # (kontra'd by Carl: money only): contract 1 + Pagat 2 → +3 / −3
    (PRACTICE_3, [47, 23], [3, 3, -3, -3]),
], ids=["rufer", "piccolo", "besserrufer-pagat"])
def test_practice_games(rec: dict[str, Any], points: list[int] | None,
                        expected: list[int]) -> None:
    rep = validated(rec, {"name": "ooe_2023"})
    score = rep.scores[0]
    assert list(score.deltas) == expected
    if points is not None:
        assert score.facts["points"] == points
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(rec))) == jsonio.dumps(rec)


def test_king_ultimo_only_by_the_holder_of_the_called_king() -> None:
    """[OÖ23 Ansagen 1]: birds and King Ultimo only by the player who holds the card, not for
    the partner (bird_announcement_requires_card covers the called king too). Practice game 1:
    Du (declarer) called SK, which Carl holds."""
    rec = copy.deepcopy(PRACTICE_1)
    rec["declarations"][0]["say"] = ["king_ultimo"]
    assert rejected(rec, {"name": "ooe_2023"}) == [("KR-ANNOUNCE-CARD", "/declarations/0/say/0")]
    # Carl announces it himself (with his partner statement); SK falls in trick 4, so the
    # announced King Ultimo (2) is lost to the opponents: contract +1, Trull −1, Four Kings +1,
    # King Ultimo −2 → −1 each for Du and Carl
    rec = copy.deepcopy(PRACTICE_1)
    rec["declarations"][2]["say"] = ["king_ultimo", "partner"]
    rec["declarations"] += [{"seat": 0, "say": []}, {"seat": 1, "say": []}]
    assert deltas(rec, {"name": "ooe_2023"}) == [-1, 1, -1, 1]


# -- bonuses in the solo games ([OÖ23 Ansagen 1], issue 24 item 2) -------------------------------
# Forehand Du plays a colour game with all four kings and wins eleven tricks (the C7 loses the
# tenth); Four Kings, the only bonus of a colour game besides Valat (summary §5.1), are in his
# pile. The talon (and in the Farbendreier the untaken half) is the opponents'.
_COLOUR_HANDS = ["SK SQ SN HK HQ HN DK DQ DN CK CQ C7",
                 "SJ S10 HJ H1 DJ D1 CN CJ T22 T21 T20 T19",
                 "S9 S8 H2 H3 D2 D3 C10 C9 T18 T17 T16 T15",
                 "S7 H4 D4 C8 T14 T13 T12 T11 T10 T9 T8 T7"]
_COLOUR_PLAY = ["SK S10 S9 S7", "SQ SJ S8 T14", "SN T22 T18 T13", "HK HJ H2 H4",
                "HQ H1 H3 T12", "HN T21 T17 T11", "DK DJ D2 D4", "DQ D1 D3 T10",
                "DN T20 T16 T9", "C7 CN C10 C8", "CJ C9 T8 CK", "CQ T19 T15 T7"]


def _colour_game(contract: str, say: list[str]) -> dict[str, Any]:
    exchange = {"take": "lower", "discard": ["T4", "T5", "T6"]} \
        if contract == "farbendreier" else None
    return _record(3, _COLOUR_HANDS, ["T6 T5 T4", "T3 T2 T1"],
                   [(0, contract), (1, "pass"), (2, "pass"), (3, "pass")],
                   [(0, say), (1, []), (2, []), (3, [])], _COLOUR_PLAY, exchange)


@pytest.mark.parametrize("contract,say,expected", [
    # Farbensolo 6 (+18 / −6) and Four Kings, doubled in a solo game ([OÖ23 Ansagen 1]: "Alle
    # Prämien zählen still die Hälfte, bei den Solospielen doppelt"; the Solospiele are
    # Solorufer, Solodreier and Farbensolo, summary §5.1 after LTA-GK1 Kap. 9): silent 1 × 2 = 2
    # from each opponent, announced 2 × 2 = 4
    ("farbensolo", [], [18 + 6, -8, -8, -8]),
    ("farbensolo", ["four_kings"], [18 + 12, -10, -10, -10]),
    # the Farbendreier (3: +9 / −3) is no solo game: Four Kings silent 1, announced 2 (the
    # summary's check after MAIR-CUPS: a Farbendreier with every silent bonus is 9 + 3 = 12)
    ("farbendreier", [], [9 + 3, -4, -4, -4]),
    ("farbendreier", ["four_kings"], [9 + 6, -5, -5, -5]),
], ids=["farbensolo-silent", "farbensolo-announced", "farbendreier-silent",
        "farbendreier-announced"])
def test_four_kings_in_a_colour_game(contract: str, say: list[str],
                                     expected: list[int]) -> None:
    rep = validated(_colour_game(contract, say), {"name": "ooe_2023"})
    score = rep.scores[0]
    assert score.facts["tricks"] == [11, 1, 0, 0]
    assert [i.name for i in score.items] == ["contract", "four_kings"]
    assert list(score.deltas) == expected


def _seed_round(rec: dict[str, Any], say: list[str]) -> dict[str, Any]:
    """The same deal with the seed's announcement round (from the declarer's right)."""
    rec = copy.deepcopy(rec)
    turns = [(1, []), (2, []), (3, []), (0, say)] + ([(1, []), (2, []), (3, [])] if say else [])
    rec["declarations"] = [{"seat": s, "say": x} for s, x in turns]
    return rec


@pytest.mark.parametrize("contract,say,expected", [
    ("farbensolo", [], [18 + 6, -8, -8, -8]),
    ("farbensolo", ["four_kings"], [18 + 12, -10, -10, -10]),
    ("farbendreier", [], [9 + 3, -4, -4, -4]),
], ids=["farbensolo-silent", "farbensolo-announced", "farbendreier-silent"])
def test_four_kings_in_a_colour_game_of_the_final(contract: str, say: list[str],
                                                  expected: list[int]) -> None:
    """oe_finale_2021: [ÖF21 Ansagen] "Beim Farbensolo sind nur Vier Könige und Valat möglich"
    (quoted by the summary §5.1), doubled in the Farbensolo as a solo game; the Tarockcup's page
    (as far as it was available) names no bonus of a colour game but Valat, so
    tarockcup_austria keeps Valat only (farbensolo_bonuses = valat): the contract alone."""
    rec = _seed_round(_colour_game(contract, say), say)
    assert deltas(rec, {"name": "oe_finale_2021"}) == expected
    if not say:
        rep = validated(rec, {"name": "tarockcup_austria"})
        assert [i.name for i in rep.scores[0].items] == ["contract"]
    else:
        assert rejected(rec, {"name": "tarockcup_austria"}) == [
            ("KR-ANNOUNCE-CONTRACT", "/declarations/3/say/0")]


# -- a hold binds the holder to the contract's hand conditions (issue 24 item 3) ---------------
# `generate koenigrufen -n 510 --seed 11 --rules ooe_2023`, deal 510: forehand (seat 2) holds
# no bird (T1–T4) but held seat 0's Besserrufer, and then owed a bird he could not announce.
_BIRDLESS_FOREHAND = ["T1 T5 T6 T8 T11 T19 SQ CK HK HN H4 D1",
                      "T2 T4 T9 T10 T14 T15 T17 SJ C8 C7 HQ H3",
                      "T12 SK S10 S9 S7 CJ C10 H1 H2 DK DN D3",
                      "T7 T16 T21 T22 SN CN C9 HJ DQ DJ D2 D4"]


def _auction_engine(hands: list[str], dealer: int, calls: list[tuple[int, str]]) -> Any:
    e, found = G.make_engine(G.rules({"name": "ooe_2023"}), 4, dealer,
                             {"hands": [h.split() for h in hands],
                              "talon": [["T3", "T13", "CQ"], ["T18", "T20", "S8"]]},
                             {"doubling": 0})
    assert e is not None and not found
    for seat, call in calls:
        e.call(seat, call)
    return e


def test_a_besserrufer_is_held_only_with_a_bird() -> None:
    """[OÖ23 Vorhand 2]: forehand may hold the last bid, "d. h. selbst spielen" (summary §3.3);
    whoever plays a Besserrufer needs a bird in hand before the talon, a Besserrufer without one
    is a revoke ([OÖ23 Ansagen 4], summary §3.7, §5.3). So a hold that would make a player
    without a bird the Besserrufer is refused like his bid (KR-BID-HAND), and the deal cannot
    reach a state where he owes a bird he does not hold."""
    calls = [(2, "mein_spiel"), (3, "pass"), (0, "besserrufer"), (1, "pass")]
    e = _auction_engine(_BIRDLESS_FOREHAND, 1, calls)
    with pytest.raises(IllegalAction) as err:
        e.verify_call(2, "hold")
    assert err.value.code == "KR-BID-HAND"
    legal = {a.value for a in e.legal_actions if a.kind == "call"}
    assert "hold" not in legal and "pass" in legal and "dreier" in legal
    assert not e.can_call(2, "besserrufer")             # not as a bid of his own either
    # seat 0 holds T1: after forehand's pass he plays the Besserrufer
    e.call(2, "pass")
    assert e.declarer == 0 and e.contract is not None and e.contract.id == "besserrufer"
    # the record is refused where the hold is written
    rec = _record(1, _BIRDLESS_FOREHAND, ["T3 T13 CQ", "T18 T20 S8"],
                  calls + [(2, "hold"), (0, "pass")], [], [])
    assert rejected(rec, {"name": "ooe_2023"})[0] == ("KR-BID-HAND", "/auction/4")


def test_a_king_call_is_held_only_without_four_kings() -> None:
    """[OÖ23 Vorhand 3; Allg. 6]: no king-call game with all four kings (summary §3.3, §3.7):
    forehand with four kings may not hold another's Solorufer."""
    hands = ["SK CK HK DK T1 T5 T6 T8 T11 T19 SQ D1",
             "T2 T4 T9 T10 T14 T15 T17 SJ C8 C7 HQ H3",
             "T12 HN H4 S10 S9 S7 CJ C10 H1 H2 DN D3",
             "T7 T16 T21 T22 SN CN C9 HJ DQ DJ D2 D4"]
    e = _auction_engine(hands, 3, [(0, "mein_spiel"), (1, "solorufer"), (2, "pass"),
                                   (3, "pass")])
    with pytest.raises(IllegalAction) as err:
        e.verify_call(0, "hold")
    assert err.value.code == "KR-BID-HAND"
    assert "hold" not in {a.value for a in e.legal_actions if a.kind == "call"}


#: announced bonus values in the solo games, per opponent, as the sources give them: the cups'
#: table (Pagat 2, Uhu 4, Kakadu 6, Quapil 8, King Ultimo / Trull / All Kings 2; silent half)
#: doubled "bei den Solospielen" ([OÖ23 Ansagen 1]; summary §5.1, §7.3); in a colour game All
#: Kings only ([OÖ23]; [ÖF21 Ansagen] "Beim Farbensolo sind nur Vier Könige und Valat
#: möglich"), none where the source names none (tarockcup_austria); Valat is no bonus item
#: here (8 / 4 times the contract, never doubled)
_SOLO_BIRDS = {"pagat": 4, "uhu": 8, "kakadu": 12, "quapil": 16, "trull": 4, "four_kings": 4}
SOLO_BONUSES = {
    name: {"solorufer": {**_SOLO_BIRDS, "king_ultimo": 4}, "solodreier": _SOLO_BIRDS,
           "farbensolo": {} if name == "tarockcup_austria" else {"four_kings": 4},
           # for contrast, two contracts that are no solo games
           "dreier": {b: v // 2 for b, v in _SOLO_BIRDS.items()},
           "farbendreier": {} if name == "tarockcup_austria" else {"four_kings": 2}}
    for name in ("ooe_2023", "oe_finale_2021", "tarockcup_austria")}


@pytest.mark.parametrize("name", sorted(SOLO_BONUSES))
def test_every_bonus_of_the_solo_games_against_the_source(name: str) -> None:
    """The bonus items each cup set scores in each solo game, and their announced value (the
    scoring's 2 · solo · b, silent solo · b), against the table above."""
    from tarockrec.games.koenigrufen.engine import tariff

    rules = G.rules({"name": name})
    t = tariff(rules)
    for cid, expected in SOLO_BONUSES[name].items():
        c = t.contracts[cid]
        kinds = t.bonus_types[c.no_trump, c.king_call]
        if c.no_trump and rules.farbensolo_bonuses != "valat_and_four_kings":
            kinds = ()
        assert {b: 2 * c.solo * t.bonus_base[b] for b in kinds} == expected, (name, cid)


# -- the Besserrufer's compulsory bird: one held before the talon ([OÖ23 Ansagen 4]) -------------
def test_a_bird_from_the_talon_is_announced_beside_the_compulsory_one() -> None:
    """samples/koenigrufen/valid/ooe-besserrufer-talon-bird.json (built by
    tools/build_koenigrufen_ooe_samples.py), issue 32 item 3: forehand 0 held Pagat and
    Kakadu, took the Uhu with the lower talon half and announced Uhu and Kakadu. The Kakadu,
    held before the talon, fulfils the duty; the Uhu "darf zusätzlich angesagt werden"
    ([ÖF21; LTA-GK1] as the set's source summarises them). It was refused ("the compulsory
    uhu must be held before the talon pickup"). The Uhu alone still is: no bird held before
    the talon is announced."""
    rec = load("ooe-besserrufer-talon-bird")
    hands, talon = rec["deal"]["hands"], rec["deal"]["talon"]
    assert {"T1", "T3"} <= set(hands[0]) and "T2" not in hands[0] and "T2" in talon[0]
    assert rec["declarations"][0] == {"seat": 0, "say": ["uhu", "kakadu"]}
    assert validated(rec, {"name": "ooe_2023"}).valid
    only_uhu = copy.deepcopy(rec)
    only_uhu["declarations"][0]["say"] = ["uhu"]
    assert rejected(only_uhu, {"name": "ooe_2023"}) == [("KR-BESSERRUFER", "/declarations/0")]
    only_kakadu = copy.deepcopy(rec)
    only_kakadu["declarations"][0]["say"] = ["kakadu"]
    assert validated(only_kakadu, {"name": "ooe_2023"}).valid
