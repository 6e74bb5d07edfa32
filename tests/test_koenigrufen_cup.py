"""The Austrian Königrufen cup rule sets (issue 12 item 2): tarockcup_austria and
oe_finale_2021 — the Tarockcup tariff (``contract_values`` / ``bonus_scale = tarockcup``), the
Quapil, the Farbendreier, each opponent's own kontra in negative contracts (G39), and the other
options the two files set.

Every expected score is a hand computation from rules/koenigrufen.md §7.2 (the "Contract values"
and "Bonus scale" rows: Trischaken 1, Rufer 1, Piccolo 2, Bettel 2, Solorufer 2, Besserrufer 1 +
bird, Farbendreier 3, Sechserdreier 4 (lost 8), Dreier 4, Farbensolo 6, Piccolo ouvert 6, Bettel
ouvert 7, Solodreier 8; announced Pagat 2, Uhu 4, Kakadu 6, Quapil 8, King Ultimo / Trull / All
Kings 2, silent = half, Valat x4 silent / x8 announced), converted to per-seat deltas by §6.1
(one winner: +3v / -v each; two against two: +v / -v). The records are
samples/koenigrufen/valid/cup-*.json, made by tools/build_koenigrufen_cup_samples.py; their
``result`` is never read back as the expectation.

The auction of both sets follows the cups' contract order (``contract_order = oe2023``, §7.2):
the tariff table's order is the bidding order, forehand opens with Mein Spiel ("Vorhand") or a
contract, the Sechserdreier only as his first word, Rufer and Trischaken only at the free
choice after Mein Spiel and three passes.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tarockrec import games
from tarockrec.codecs import jsonio, xmlio
from tarockrec.engine import Action
from tarockrec.errors import IllegalAction
from tarockrec.generate import deal_record
from tarockrec.validate import validate_record

ROOT = Path(__file__).resolve().parents[1]
VALID = ROOT / "samples" / "koenigrufen" / "valid"
G = games.get("koenigrufen")
assert G is not None
CUP = {"name": "tarockcup_austria"}
FINAL = {"name": "oe_finale_2021"}
DEFAULT = {"name": "default"}
CUP_SETS = ("tarockcup_austria", "oe_finale_2021")


def load(name: str) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((VALID / f"{name}.json").read_text(encoding="utf-8"))
    return rec


def score(rec: dict[str, Any], rules: dict[str, Any] | None = None) -> Any:
    """Validate ``rec`` (its ``result`` removed) under ``rules``; the score."""
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    if rules is not None:
        rec["rules"] = rules
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    return rep.scores[0]


def deltas(rec: dict[str, Any], rules: dict[str, Any] | None = None) -> list[int]:
    return list(score(rec, rules).deltas)


def item_names(rec: dict[str, Any], rules: dict[str, Any] | None = None) -> list[str]:
    return sorted(it.name for it in score(rec, rules).items)


def rejected(rec: dict[str, Any], rules: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    rec = copy.deepcopy(rec)
    rec.pop("result", None)
    if rules is not None:
        rec["rules"] = rules
    rep = validate_record(rec)
    assert not rep.valid
    return [(f.code, f.pointer) for f in rep.findings if f.severity == "error"]


# -- the rule sets load complete ---------------------------------------------------------------
def test_cup_samples_pass_the_xsd() -> None:
    from lxml import etree

    from tarockrec import schema

    xsd = schema.xsd()
    for path in sorted(VALID.glob("cup-*.json")):
        doc = etree.fromstring(xmlio.dumps(json.loads(path.read_text("utf-8"))).encode())
        assert xsd.validate(doc), (path.name, xsd.error_log.last_error)


@pytest.mark.parametrize("name", CUP_SETS)
def test_cup_rule_sets_are_complete(name: str) -> None:
    rules = G.rules({"name": name})
    assert rules.contract_values == "tarockcup" and rules.bonus_scale == "tarockcup"
    assert rules.quapil and rules.farbendreier
    assert rules.deal_order == "talon_between" and not rules.redeal_no_king_no_tarock
    assert not rules.xxi_capture and not rules.king_capture and not rules.kaiserstich
    if name == "tarockcup_austria":
        assert rules.misere_kontra_individual and not rules.kontra_in_score
        assert not rules.call_own_king and rules.misere_overtake == "must_win"


def test_the_tariff_tables() -> None:
    """§7.2 "Contract values" row, read back from the engine's contract table."""
    from tarockrec.games.koenigrufen.engine import tariff
    t = tariff(G.rules(CUP))
    values = {c.id: (c.value, c.loss) for c in t.contracts.values()}
    assert values == {"trischaken": (1, 1), "rufer": (1, 1), "piccolo": (2, 2),
                      "bettel": (2, 2), "solorufer": (2, 2), "besserrufer": (1, 1),
                      "farbendreier": (3, 3), "sechserdreier": (4, 8), "dreier": (4, 4),
                      "farbensolo": (6, 6), "piccolo_ouvert": (6, 6), "bettel_ouvert": (7, 7),
                      "solodreier": (8, 8)}
    # the auction ladder: the cup table's order (contract_order = oe2023), Rufer and
    # Trischaken only at forehand's free choice, so not on it
    assert t.auction.ladder == ("mein_spiel", "piccolo", "bettel", "solorufer", "besserrufer",
                                "farbendreier", "sechserdreier", "dreier", "farbensolo",
                                "piccolo_ouvert", "bettel_ouvert", "solodreier")
    # "Bonus scale" row: the silent value b is half the announced one
    assert t.bonus_base == {"pagat": 1, "uhu": 2, "kakadu": 3, "quapil": 4, "king_ultimo": 1,
                            "trull": 1, "four_kings": 1}
    assert t.birds == ("pagat", "uhu", "kakadu", "quapil")
    seed = tariff(G.rules(DEFAULT))
    assert "farbendreier" not in seed.contracts and seed.birds == ("pagat", "uhu", "kakadu")
    # §3.1: the seed's ladder, Solorufer below Bettel, no Sechserdreier
    assert seed.auction.ladder == ("mein_spiel", "piccolo", "solorufer", "bettel",
                                   "besserrufer", "dreier", "farbensolo", "piccolo_ouvert",
                                   "bettel_ouvert", "solodreier")
    assert tariff(G.rules(FINAL)).auction.ladder == t.auction.ladder


# -- worked deals ------------------------------------------------------------------------------
def test_rufer_under_the_cup_and_under_the_seed() -> None:
    """cup-rufer-won: forehand 0 plays a Rufer, calls HK (seat 2), wins; no bonus item.
    Cup (§7.2 Rufer 1, two against two): +1 / -1. Default (§4.1 Rufer 10): +10 / -10."""
    rec = load("cup-rufer-won")
    assert item_names(rec) == ["contract"]
    assert deltas(rec) == [1, -1, 1, -1]
    assert deltas(rec, DEFAULT) == [10, -10, 10, -10]
    assert deltas(rec, FINAL) == [1, -1, 1, -1]


def test_farbendreier() -> None:
    """cup-farbendreier-won: seat 1 plays a Farbendreier (§7.2: 3), takes the lower half
    (T5 T6 T7) and lays those three tarocks away, wins: +9 / -3 each. Farbendreier knows no
    bonus but Valat (farbensolo_bonuses = valat)."""
    rec = load("cup-farbendreier-won")
    assert rec["exchange"]["discard"] == ["T5", "T6", "T7"]
    assert item_names(rec) == ["contract"]
    assert deltas(rec) == [-3, 9, -3, -3]
    assert deltas(rec, FINAL) == [-3, 9, -3, -3]


def test_farbendreier_is_played_without_trumps() -> None:
    """§5.3 / §7.2: in the Farbendreier a tarock played to a suit lead does not win the trick;
    forehand leads the first trick (as in the Dreier)."""
    rec = load("cup-farbendreier-won")
    e = replay_until_play(rec, CUP)
    assert e.table is not None and e.table.to_play == 0          # forehand (dealer 3)
    tricks = rec["play"]
    checked = 0
    for cards in tricks:
        led = cards[0][0]
        for card in cards:
            e.apply(Action("play", e.table.to_play, card))
        if led != "T" and any(c[0] == "T" for c in cards):
            # a card of the led suit wins, whatever tarock fell
            winner_card = e.table.winning_card(len(e.table.tricks))
            assert G.pack.code(winner_card)[0] == led
            checked += 1
    assert checked >= 1


def test_farbendreier_tarock_lead_follows_the_farbensolo_option() -> None:
    """Decision (§7.2 says only "no-trump Dreier"): the Farbensolo lead rule G20 applies to the
    Farbendreier too. In cup-farbendreier-won forehand leads T12 to trick 1 while holding suit
    cards: legal by default (farbensolo_tarock_lead = free), refused with the option."""
    rec = load("cup-farbendreier-won")
    assert rec["play"][0][0] == "T12"
    assert any(c[0] != "T" for c in rec["deal"]["hands"][0])
    opt = {**CUP, "options": {"farbensolo_tarock_lead": "only_without_suit_cards"}}
    assert ("KR-FARBENSOLO-LEAD", "/play/0/0") in rejected(rec, opt)


@pytest.mark.parametrize("sample,seed,cup", [
    ("ex07a-trischaken", [10, -30, 10, 10], [1, -3, 1, 1]),
    ("ex07b-trischaken", [-60, 20, 20, 20], [-6, 2, 2, 2]),
    ("ex07c-trischaken", [-10, -10, -10, 30], [-1, -1, -1, 3]),
])
def test_trischaken_in_cup_units(sample: str, seed: list[int], cup: list[int]) -> None:
    """rules/koenigrufen.md Example 7 a-c (seed: 10, the declarer 20) under the cup: §7.2
    Trischaken 1, so (decision, the cup's page gives only the value) the seed's tariff in cup
    units: 1, the declarer 2."""
    rec = json.loads((VALID / f"{sample}.json").read_text("utf-8"))
    assert deltas(rec, DEFAULT) == seed
    assert deltas(rec, CUP) == cup


def test_sechserdreier_lost_counts_double() -> None:
    """cup-sechserdreier-lost: forehand 0 opens with a Sechserdreier (the cup's order: only as
    his first word), the others pass, he loses (§7.2: 4, lost 8): -24 / +8 each. Under the
    default the same deal needs the seed's auction (Mein Spiel, three passes, the free choice;
    §4.1: 20 won / 40 lost): -120 / +40."""
    rec = load("cup-sechserdreier-lost")
    assert [a["call"] for a in rec["auction"]] == ["sechserdreier", "pass", "pass", "pass"]
    assert item_names(rec) == ["contract"]
    assert deltas(rec) == [-24, 8, 8, 8]
    assert deltas(rec, FINAL) == [-24, 8, 8, 8]
    seed = _with_auction(rec, SEED_SECHSER)
    assert deltas(seed, DEFAULT) == [-120, 40, 40, 40]


def test_silent_quapil() -> None:
    """cup-dreier-silent-quapil: seat 1 wins a Dreier (4) and his tarock IV wins trick 9
    unannounced: silent Quapil = half of 8 = 4. Seat 1: 3 x (4 + 4) = +24, others -8.
    Without the Quapil (quapil = off) only the Dreier: +12 / -4."""
    rec = load("cup-dreier-silent-quapil")
    assert item_names(rec) == ["contract", "quapil"]
    assert deltas(rec) == [-8, 24, -8, -8]
    assert deltas(rec, {**CUP, "options": {"quapil": "off"}}) == [-4, 12, -4, -4]


def test_announced_quapil() -> None:
    """cup-dreier-announced-quapil: seat 1 announces the Quapil and wins trick 9 with the IV,
    and the Dreier: 3 x (4 + 8) = +36, others -12. Under the default rule set the Quapil
    cannot be announced."""
    rec = load("cup-dreier-announced-quapil")
    assert rec["declarations"][3] == {"seat": 1, "say": ["quapil"]}
    assert item_names(rec) == ["contract", "quapil"]
    assert deltas(rec) == [-12, 36, -12, -12]
    assert ("KR-ANNOUNCE-CONTRACT", "/declarations/3/say/0") in rejected(rec, DEFAULT)


def test_quapil_is_not_announced_without_the_option() -> None:
    """Under the default rule set no contract knows the Quapil (§4.6.2 table), also not the
    king-call contracts; under the cup it is announced like the other birds."""
    rec = load("cup-rufer-won")
    rec["declarations"][0]["say"] = ["quapil", "not_partner"]
    assert ("KR-ANNOUNCE-CONTRACT", "/declarations/0/say/0") in rejected(rec, DEFAULT)
    e = replay_until(rec, CUP, "declare")
    assert e.can_declare(1, ("quapil", "not_partner"))
    assert not e.can_declare(1, ("quapil",))         # the partner statement is still due


def test_announced_quapil_reserves_the_iv_for_trick_9() -> None:
    """§5.6 applied to the Quapil (T4, trick 9): kept before, due in trick 9."""
    rec = load("cup-dreier-announced-quapil")
    e = replay_until_play(rec, CUP)
    keep = due = False
    for cards in rec["play"]:
        for card in cards:
            seat = e.table.to_play
            n = e.table.trick_number
            if seat == 1 and n < 9 and not keep and e.hands[1] >> G.pack.index["T4"] & 1:
                with pytest.raises(IllegalAction) as err:
                    e.verify_play(1, "T4")
                assert err.value.code in ("KR-RESERVED-KEEP", "KR-FOLLOW", "KR-RUFF")
                keep = keep or err.value.code == "KR-RESERVED-KEEP"
            if seat == 1 and n == 9:
                other = next(c for c in G.pack.codes_of(e.hands[1]) if c != "T4")
                with pytest.raises(IllegalAction) as err:
                    e.verify_play(1, other)
                assert err.value.code in ("KR-RESERVED-DUE", "KR-FOLLOW")
                due = due or err.value.code == "KR-RESERVED-DUE"
            e.apply(Action("play", seat, card))
    assert keep and due


def test_announced_valat_counts_eight_times() -> None:
    """cup-dreier-announced-valat: seat 1 announces Valat in a Dreier and takes all 12 tricks:
    Valat 8 x 4 = 32 (§7.2 "Valat x8 announced"; it replaces the contract item, §6.3); every
    card ends in his pile, so the silent Trull (1) and All Kings (1) count beside it (G26:
    valat_suppresses_silent_bonuses is off in the cup sets): 3 x 34 = +102, others -34."""
    rec = load("cup-dreier-announced-valat")
    assert item_names(rec) == ["four_kings", "trull", "valat"]
    assert deltas(rec) == [-34, 102, -34, -34]
    # default (§6.3: 8 x 40 = 320, silent Trull 10, Four Kings 10): 3 x 340
    assert deltas(rec, DEFAULT) == [-340, 1020, -340, -340]


def test_bettel_with_individual_kontras() -> None:
    """cup-bettel-individual-kontra: seat 1 plays a Bettel (§7.2: 2) and takes no trick.
    Seats 2 and 3 kontra each for himself, the declarer rekontras seat 2 (rekontra:seat2),
    seat 0 does not kontra. tarockcup.at Allgemeines bullet 5: a kontra counts for the money
    only (kontra_in_score off): +6 / -2 each. With kontra_in_score on each chain settles
    between the declarer and its opponent (G39): seat 2 2 x 4 = 8, seat 3 2 x 2 = 4,
    seat 0 2: the declarer +14."""
    rec = load("cup-bettel-individual-kontra")
    assert deltas(rec) == [-2, 6, -2, -2]
    on = {**CUP, "options": {"kontra_in_score": "on"}}
    assert deltas(rec, on) == [-2, 14, -8, -4]
    assert [it.deltas for it in score(rec, on).items] == [
        (-2, 2, 0, 0), (0, 8, -8, 0), (0, 4, 0, -4)]
    # the seed's one chain for all opponents (§6.5): seat 3's second kontra is refused, and
    # a per-opponent target is unknown
    assert rejected(rec, DEFAULT) == [("KR-KONTRA", "/declarations/1/say/0")]
    rec["declarations"][1]["say"] = []
    assert rejected(rec, DEFAULT) == [("KR-KONTRA", "/declarations/3/say/0")]


def _bettel_with(decls: list[tuple[int, list[str]]]) -> dict[str, Any]:
    rec = load("cup-bettel-individual-kontra")
    rec["declarations"] = [{"seat": s, "say": say} for s, say in decls]
    return rec


def test_individual_kontra_chains() -> None:
    """G39 chains: an opponent's bare kontra / subkontra is on his own chain; the declarer's
    bare rekontra answers the one kontra awaiting it. Scores with kontra_in_score on."""
    on = {**CUP, "options": {"kontra_in_score": "on"}}
    one = _bettel_with([(2, ["kontra"]), (3, []), (0, []), (1, ["rekontra"]), (2, []), (3, []),
                        (0, [])])
    assert deltas(one, on) == [-2, 2 * 3 + 6, -8, -2]          # 2 + 8 + 2 = 12
    sub = _bettel_with([(2, ["kontra"]), (3, ["kontra"]), (0, []), (1, ["rekontra:seat2"]),
                        (2, ["subkontra"]), (3, []), (0, []), (1, [])])
    assert deltas(sub, on) == [-2, 22, -16, -4]                  # 2 + 16 + 4
    assert deltas(sub) == [-2, 6, -2, -2]                        # the cup: money only


def test_individual_kontra_refusals() -> None:
    two = _bettel_with([(2, ["kontra"]), (3, ["kontra"]), (0, []), (1, ["rekontra"]), (2, []),
                        (3, []), (0, [])])
    assert rejected(two) == [("KR-KONTRA-TARGET", "/declarations/3/say/0")]
    other = _bettel_with([(2, ["kontra"]), (3, ["kontra"]), (0, []), (1, ["rekontra:seat2"]),
                          (2, []), (3, ["subkontra:seat2"])])
    assert ("KR-KONTRA-SIDE", "/declarations/5/say/0") in rejected(other)
    foreign = _bettel_with([(2, ["kontra:seat3"])])
    assert ("KR-KONTRA-SIDE", "/declarations/0/say/0") in rejected(foreign)
    declarer = _bettel_with([(2, ["kontra:seat1"])])
    assert ("KR-KONTRA", "/declarations/0/say/0") in rejected(declarer)
    early = _bettel_with([(2, []), (3, []), (0, []), (1, ["rekontra"])])
    assert ("KR-KONTRA", "/declarations/3/say/0") in rejected(early)
    by_declarer = _bettel_with([(2, []), (3, []), (0, []), (1, ["kontra"])])
    assert ("KR-KONTRA-SIDE", "/declarations/3/say/0") in rejected(by_declarer)
    named = _bettel_with([(2, []), (3, []), (0, []), (1, ["kontra:seat2"])])
    assert ("KR-KONTRA-SIDE", "/declarations/3/say/0") in rejected(named)


# -- illegal Farbendreier records --------------------------------------------------------------
def test_farbendreier_discards_tarocks_first() -> None:
    """§7.2 "tarocks discarded first": with T5 T6 T7 in hand a suit card may not be laid away
    (the mirror of §4.3)."""
    rec = load("cup-farbendreier-won")
    rec["exchange"]["discard"] = ["T5", "T6", "DN"]
    assert ("KR-DISCARD-SUIT", "/exchange/discard") in rejected(rec)
    rec["exchange"]["discard"] = ["T5", "T6", "DK"]
    assert ("KR-DISCARD", "/exchange/discard/2") in rejected(rec)


def test_farbendreier_needs_the_option() -> None:
    rec = load("cup-farbendreier-won")
    assert ("KR-CALL-UNKNOWN", "/auction/1") in rejected(rec, DEFAULT)


def test_farbendreier_legal_discards_are_the_tarocks() -> None:
    rec = load("cup-farbendreier-won")
    e = replay_until(rec, CUP, "discard")
    assert list(e.legal_discards()) == [("T5", "T6", "T7")]


# -- Besserrufer and the Quapil ------------------------------------------------------------------
def test_besserrufer_may_open_with_the_quapil() -> None:
    """§7.2 Besserrufer "must announce a bird … (incl. Quapil)": under the cup the Quapil is one
    of the birds of the compulsory announcement; under the default it is not."""
    rec = json.loads((VALID / "ex08-besserrufer-uhu-king-captured.json").read_text("utf-8"))
    for rules, ok in ((CUP, True), (DEFAULT, False)):
        e = replay_until(rec, rules, "declare")
        assert e.phase == "opening"
        assert e.can_declare(e.declarer, ("quapil",)) is ok
        assert e.can_declare(e.declarer, ("uhu",))


# -- the other options of the two files ----------------------------------------------------------
def test_deal_order_talon_between() -> None:
    """tarockcup.at Allgemeines bullet 1 ("Der Talon wird in der Mitte gegeben"): a deck dealt
    6 each, the talon, 6 each matches under the cup and not under the default (§2.2)."""
    rec = load("cup-rufer-won")
    hands, talon = rec["deal"]["hands"], rec["deal"]["talon"]
    f = (rec["dealer"] + 1) % 4
    order = [(f + i) % 4 for i in range(4)]
    rec["deal"]["deck"] = ([c for s in order for c in hands[s][:6]] + talon[0] + talon[1]
                           + [c for s in order for c in hands[s][6:]])
    assert deltas(rec) == [1, -1, 1, -1]
    codes = [c for c, _ in rejected(rec, DEFAULT)]
    assert "DEAL-ORDER" in codes


@pytest.mark.parametrize("sample,place", [("i32a-must-win-bettel", "/play/3/1"),
                                          ("i32b-must-win-trischaken", "/play/1/1")])
def test_must_win_in_negative_contracts_under_the_cup(sample: str, place: str) -> None:
    """tarockcup.at Allgemeines bullet 3 ("bei Negativspielen auch Stichzwang",
    misere_overtake = must_win): the §9 I32 records stay refused under the cup."""
    path = ROOT / "samples" / "koenigrufen" / "invalid" / f"{sample}.json"
    rec = json.loads(path.read_text("utf-8"))
    assert rejected(rec, CUP) == [("KR-MUST-WIN", place)]


def test_no_redeal_under_the_cup() -> None:
    """tarockcup.at Allgemeines bullet 1: every hand must be played."""
    rec = json.loads((VALID / "redeal.json").read_text("utf-8"))
    assert ("KR-REDEAL", "/end") in rejected(rec, CUP)


def test_own_king_may_not_be_called_under_the_cup() -> None:
    """tarockcup.at Allgemeines bullet 6: calling a king in one's own hand is forbidden."""
    rec = json.loads((VALID / "ex14-rufer-own-king-doubling-king-ultimo.json").read_text("utf-8"))
    assert ("KR-KING-CALL", "/exchange/king") in rejected(rec, CUP)


# -- the cup's contract order (contract_order = oe2023, §7.2) ----------------------------------
#: the seed's way to a Sechserdreier (§3.3: Mein Spiel, three passes, forehand's free choice)
SEED_SECHSER = [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "sechserdreier")]


def _with_auction(rec: dict[str, Any], calls: list[tuple[int, str]]) -> dict[str, Any]:
    rec = copy.deepcopy(rec)
    rec["auction"] = [{"seat": s, "call": c} for s, c in calls]
    return rec


def _engine(rules: dict[str, Any], calls: list[tuple[int, str]], dealer: int = 3) -> Any:
    """A fresh deal (dealer 3: forehand 0) under ``rules`` after ``calls``."""
    rec = load("cup-rufer-won")
    e, found = G.make_engine(G.rules(rules), 4, dealer, rec["deal"], {"doubling": 0})
    assert e is not None and not found
    for seat, call in calls:
        e.call(seat, call)
    return e


def _refusal(rules: dict[str, Any], calls: list[tuple[int, str]], seat: int,
             call: str) -> str:
    e = _engine(rules, calls)
    with pytest.raises(IllegalAction) as err:
        e.verify_call(seat, call)
    return err.value.code


@pytest.mark.parametrize("name", CUP_SETS)
def test_cup_rule_sets_use_the_cup_order(name: str) -> None:
    rules = G.rules({"name": name})
    assert rules.contract_order == "oe2023" and rules.trischaken_doubling_deals == 0
    assert G.rules(DEFAULT).contract_order == "seed"


def test_solorufer_over_bettel_only_under_the_cup_order() -> None:
    """cup-solorufer-over-bettel: 0 Mein Spiel (Vorhand) · 1 Bettel · 2 Solorufer · three
    passes. The cup's order (§7.2: Piccolo < Bettel < Solorufer; tarockcup.at table
    'Spielwertigkeit und Punktebewertung'): seat 2 plays the Solorufer (2), calls CK (seat 0)
    and wins, two against two (§6.1): +2 / -2. Under the seed (§3.1: Solorufer 5 < Bettel 6)
    the Solorufer does not outrank the Bettel."""
    rec = load("cup-solorufer-over-bettel")
    assert [a["call"] for a in rec["auction"]] == ["mein_spiel", "bettel", "solorufer", "pass",
                                                    "pass", "pass"]
    assert rec["exchange"]["king"] == "CK" and "CK" in rec["deal"]["hands"][0]
    assert item_names(rec) == ["contract"]
    assert deltas(rec) == [2, -2, 2, -2]
    assert deltas(rec, FINAL) == [2, -2, 2, -2]
    assert rejected(rec, DEFAULT) == [("KR-BID-LOW", "/auction/2")]


def test_bettel_over_solorufer_only_under_the_seed_order() -> None:
    """The mirror: 0 Mein Spiel · 1 Solorufer · 2 Bettel is the seed's order (§3.4 example 2
    climbs Piccolo, Bettel, …; §3.1 Bettel 6 > Solorufer 5) and refused under the cup's."""
    calls = [(0, "mein_spiel"), (1, "solorufer")]
    e = _engine(DEFAULT, calls)
    assert e.can_call(2, "bettel")
    assert _refusal(CUP, calls, 2, "bettel") == "KR-BID-LOW"
    assert _refusal(FINAL, calls, 2, "bettel") == "KR-BID-LOW"
    # and the record: the Solorufer sample with the two bids swapped
    rec = _with_auction(load("cup-solorufer-over-bettel"),
                        [(0, "mein_spiel"), (1, "solorufer"), (2, "bettel")])
    assert rejected(rec) == [("KR-BID-LOW", "/auction/2")]


def test_sechserdreier_only_as_forehands_first_word() -> None:
    """§7.2 oe2023: "Sechserdreier only as forehand's first word". The seed's way to it (Mein
    Spiel, three passes, the free choice) is refused under the cup at the free choice; a bid of
    it by another seat or by forehand later in the auction too. Under the seed such a bid is
    KR-NOT-BIDDABLE (§3.1) and forehand may not open with it (KR-OPEN, §3.2)."""
    rec = load("cup-sechserdreier-lost")
    for rules in (CUP, FINAL):
        assert rejected(_with_auction(rec, SEED_SECHSER), rules) == [
            ("KR-FIRST-WORD", "/auction/4")]
    assert rejected(rec, DEFAULT) == [("KR-OPEN", "/auction/0")]
    later = _with_auction(rec, [(0, "mein_spiel"), (1, "sechserdreier")])
    assert rejected(later) == [("KR-FIRST-WORD", "/auction/1")]
    assert rejected(later, DEFAULT) == [("KR-NOT-BIDDABLE", "/auction/1")]
    own = _with_auction(rec, [(0, "mein_spiel"), (1, "piccolo"), (2, "pass"), (3, "pass"),
                              (0, "sechserdreier")])
    assert rejected(own) == [("KR-FIRST-WORD", "/auction/4")]
    # a Sechserdreier opening above another bid is no way round it
    over = _with_auction(rec, [(0, "piccolo"), (1, "sechserdreier")])
    assert rejected(over) == [("KR-FIRST-WORD", "/auction/1")]


def test_forehand_opens_with_vorhand_or_a_contract() -> None:
    """tarockcup.at Allgemeines bullet 2: "Die Vorhand beginnt mit 'Vorhand' oder einer
    Spielansage" — under the cup any contract of the auction, never a pass, a hold, Rufer or
    Trischaken (those only after 'Vorhand' and three passes); under the seed only Mein
    Spiel (§3.2)."""
    openings = {a.value for a in _engine(CUP, []).legal_actions()}
    assert openings == {"mein_spiel", "piccolo", "bettel", "solorufer", "besserrufer",
                        "farbendreier", "sechserdreier", "dreier", "farbensolo",
                        "piccolo_ouvert", "bettel_ouvert", "solodreier"}
    assert {a.value for a in _engine(DEFAULT, []).legal_actions()} == {"mein_spiel"}
    assert _refusal(CUP, [], 0, "pass") == "KR-OPEN"
    assert _refusal(CUP, [], 0, "hold") == "KR-OPEN"
    assert _refusal(CUP, [], 0, "rufer") == "KR-NOT-BIDDABLE"
    assert _refusal(CUP, [], 0, "trischaken") == "KR-NOT-BIDDABLE"
    assert _refusal(DEFAULT, [], 0, "dreier") == "KR-OPEN"
    # forehand's Dreier, three passes: he plays it
    e = _engine(CUP, [(0, "dreier"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert e.contract is not None and e.contract.id == "dreier" and e.declarer == 0
    # Mein Spiel stays forehand's first word only
    assert _refusal(CUP, [(0, "dreier")], 1, "mein_spiel") == "KR-OPEN"
    # a bid that has been made rules Rufer and Trischaken out (only the free choice names them)
    assert _refusal(CUP, [(0, "mein_spiel"), (1, "piccolo"), (2, "pass"), (3, "pass")], 0,
                    "rufer") == "KR-NOT-BIDDABLE"


def test_sechserdreier_overbid_by_a_dreier_and_held() -> None:
    """OÖ 4/2023 as cited by rules/koenigrufen.md §7.2 (Sechserdreier ranked between
    Farbendreier and Dreier): 0 Sechserdreier · 1 pass · 2 Dreier · 3 pass · 0 hold · 2 pass
    → forehand plays a Dreier. A Farbendreier does not outrank the Sechserdreier."""
    e = _engine(CUP, [(0, "sechserdreier"), (1, "pass"), (2, "dreier"), (3, "pass"),
                      (0, "hold"), (2, "pass")])
    assert e.contract is not None and e.contract.id == "dreier" and e.declarer == 0
    assert _refusal(CUP, [(0, "sechserdreier")], 1, "farbendreier") == "KR-BID-LOW"
    e = _engine(CUP, [(0, "sechserdreier"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert e.contract is not None and e.contract.id == "sechserdreier" and e.declarer == 0


def test_free_choice_after_vorhand_and_three_passes() -> None:
    """§7.2 oe2023: after 'Vorhand' and three passes forehand names any contract but the
    Sechserdreier (Rufer and Trischaken included); the seed: any of the twelve (§3.3)."""
    ms3 = [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass")]
    cup = _engine(CUP, ms3)
    assert cup.phase == "choose"
    chosen = {a.value for a in cup.legal_actions()}
    assert chosen == set(cup.contracts) - {"sechserdreier"}
    assert {"rufer", "trischaken", "piccolo", "solodreier"} <= chosen
    seed = _engine(DEFAULT, ms3)
    assert {a.value for a in seed.legal_actions()} == set(seed.contracts)
    assert len(seed.contracts) == 12


def test_default_auction_unchanged_by_the_cup_order() -> None:
    """The seed's I5/I6 rules (§9) stay: Rufer is not bid, a Piccolo not over a Bettel."""
    assert _refusal(DEFAULT, [(0, "mein_spiel"), (1, "piccolo")], 2, "rufer") == \
        "KR-NOT-BIDDABLE"
    assert _refusal(DEFAULT, [(0, "mein_spiel"), (1, "bettel")], 2, "piccolo") == "KR-BID-LOW"
    assert _refusal(CUP, [(0, "mein_spiel"), (1, "bettel")], 2, "piccolo") == "KR-BID-LOW"


def test_cup_order_alone_over_the_seed_tariff() -> None:
    """contract_order = oe2023 without the Farbendreier (the seed's tariff otherwise): the
    ladder skips it, generated deals stay valid and zero-sum."""
    from tarockrec.games.koenigrufen.engine import tariff
    rules = G.rules({"name": "default", "options": {"contract_order": "oe2023"}})
    assert tariff(rules).auction.ladder == (
        "mein_spiel", "piccolo", "bettel", "solorufer", "besserrufer", "sechserdreier",
        "dreier", "farbensolo", "piccolo_ouvert", "bettel_ouvert", "solodreier")
    rng = random.Random("cup-order/seed-tariff")
    for i in range(60):
        rec = deal_record(G, rng, i % 4, rules=rules, n=4)
        rep = validate_record(rec)
        assert rep.valid, [str(f) for f in rep.findings]
        assert sum(rep.scores[0].deltas) == 0


def test_no_doubling_after_trischaken_under_the_cup() -> None:
    """§6.8: after a Trischaken the next 4 deals are doubled (seed); the cups list no such
    doubling ('Radl', a private house rule, §7.2): trischaken_doubling_deals = 0."""
    from tarockrec.games.koenigrufen.scoring import doubling_after
    assert doubling_after(0, False, "trischaken", G.rules(DEFAULT)) == 4
    for name in CUP_SETS:
        assert doubling_after(0, False, "trischaken", G.rules({"name": name})) == 0
    rec = json.loads((VALID / "ex07a-trischaken.json").read_text("utf-8"))
    for rules, pending in ((DEFAULT, 4), (CUP, 0)):
        e = replay_until(rec, rules, "play")
        for cards in rec["play"]:
            for card in cards:
                e.apply(Action("play", e.table.to_play, card))
        assert e.is_over and G.next_carry(e, {"doubling": 0}) == {"doubling": pending}


# -- generated deals -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", CUP_SETS)
def test_generated_deals_under_the_cup_sets(name: str) -> None:
    """Deals generated under each cup rule set are valid, zero-sum, score what they record and
    survive JSON -> XML -> JSON unchanged; the cup's own rules come up among them."""
    from lxml import etree

    from tarockrec import schema

    xsd = schema.xsd()
    rules = G.rules({"name": name})
    rng = random.Random(f"cup/{name}")
    seen: set[str] = set()
    for i in range(160):
        rec = deal_record(G, rng, i % 4, rules=rules, n=4)
        assert rec["rules"]["name"] == name
        report = validate_record(rec)
        assert report.valid, [str(f) for f in report.findings]
        d = list(report.scores[0].deltas)
        assert sum(d) == 0 and d == rec["result"]["scores"]
        text = jsonio.dumps(rec)
        xml = xmlio.dumps(rec)
        assert jsonio.dumps(xmlio.loads(xml)) == text
        assert xsd.validate(etree.fromstring(xml.encode())), xsd.error_log.last_error
        seen.add(str(rec["result"].get("contract")))
        calls = [a["call"] for a in rec.get("auction", [])]
        # the cup's order (§7.2 oe2023): the Sechserdreier only as forehand's first word
        assert "sechserdreier" not in calls[1:], calls
        if calls and calls[0] != "mein_spiel":
            seen.add("opened-with-a-contract")
        for turn in rec.get("declarations", []):
            for x in turn["say"]:
                if x == "quapil" or x.endswith(":quapil"):
                    seen.add("say-quapil")
                if ":seat" in x:
                    seen.add("say-seat")
    assert {"farbendreier", "say-quapil", "sechserdreier", "opened-with-a-contract"} <= seen, seen
    if name == "tarockcup_austria":
        assert "say-seat" in seen or {"piccolo", "bettel"} & seen


# -- helpers --------------------------------------------------------------------------------------
def replay_until(rec: dict[str, Any], rules: dict[str, Any], kind: str) -> Any:
    """The engine of ``rec`` under ``rules`` just before its first action of ``kind``."""
    r = G.rules(rules)
    e, found = G.make_engine(r, 4, rec["dealer"], rec["deal"], {"doubling": 0})
    assert e is not None and not found
    for _, step in G.replay(rec, e):
        if not isinstance(step, Action):
            break
        if step.kind == kind:
            break
        e.apply(step)
    return e


def replay_until_play(rec: dict[str, Any], rules: dict[str, Any]) -> Any:
    e = replay_until(rec, rules, "play")
    assert e.phase == "play"
    return e
