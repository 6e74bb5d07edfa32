"""The engine interface without any record (python-chess / pokerkit style)."""
from __future__ import annotations

import random

import pytest

from tarockrec import games
from tarockrec.engine import Action, Event
from tarockrec.errors import IllegalAction, RulesError

KR = games.get("koenigrufen")


def fresh(seed: int = 1, dealer: int = 3, **options: object):  # type: ignore[no-untyped-def]
    rules = KR.Rules("default", options)
    return KR.random_deal(random.Random(seed), 4, dealer, rules, {"doubling": 0})


def test_turns_legal_actions_and_events() -> None:
    e = fresh()
    assert e.to_act == 0  # forehand = dealer + 1
    assert {a.value for a in e.legal_actions() if a.kind == "call"} == {"mein_spiel"}
    with pytest.raises(IllegalAction) as err:
        e.verify_call(0, "pass")
    assert err.value.code == "KR-OPEN" and "mein_spiel" in str(err.value)
    assert not e.can_call(0, "pass") and e.can_call(0, "mein_spiel")
    ev = e.call(0, "mein_spiel")
    assert isinstance(ev, Event) and ev.action == Action("call", 0, "mein_spiel")
    assert e.to_act == 1
    with pytest.raises(IllegalAction) as err:
        e.call(3, "pass")
    assert err.value.code == "KR-TURN"
    with pytest.raises(IllegalAction) as err:
        e.call(1, "rufer")
    assert err.value.code == "KR-NOT-BIDDABLE"
    with pytest.raises(IllegalAction) as err:
        e.call(1, "hold")
    assert err.value.code == "KR-HOLD"


def test_play_to_the_end_and_score_breakdown() -> None:
    rng = random.Random(3)
    for seed in range(40):
        e = fresh(seed)
        steps = 0
        while not e.is_over:
            actions = list(e.legal_actions())
            assert actions and all(e.can(a) for a in actions)
            e.apply(rng.choice(actions))
            steps += 1
        sc = e.score()
        assert sum(sc.deltas) == 0
        assert [sum(it.deltas[s] for it in sc.items) for s in range(4)] == sc.deltas
        for it in sc.items:
            assert sum(it.deltas) == 0 and it.multiplier in (1, 2)
        assert e.to_act is None and list(e.legal_actions()) == []


def test_auction_examples_3_4() -> None:
    """rules/koenigrufen.md §3.4 (dealer 3, forehand 0)."""
    e = fresh()
    for seat, call in [(0, "mein_spiel"), (1, "piccolo"), (2, "bettel"), (3, "pass"), (0, "hold"),
                       (1, "pass"), (2, "dreier"), (0, "pass")]:
        e.call(seat, call)
    assert (e.declarer, e.contract.id) == (2, "dreier")
    e = fresh()
    for seat, call in [(0, "mein_spiel"), (1, "pass"), (2, "piccolo")]:
        e.call(seat, call)
    with pytest.raises(IllegalAction) as err:
        e.call(3, "piccolo")
    assert err.value.code == "KR-BID-LOW"
    assert not e.can_call(3, "hold")
    e = fresh()
    for seat, call in [(0, "mein_spiel"), (1, "pass"), (2, "pass"), (3, "pass")]:
        e.call(seat, call)
    assert e.phase == "choose" and e.to_act == 0
    assert {a.value for a in e.legal_actions()} == {
        "rufer", "sechserdreier", "trischaken", "piccolo", "solorufer", "bettel", "besserrufer",
        "dreier", "farbensolo", "piccolo_ouvert", "bettel_ouvert", "solodreier"}


def test_options_are_honoured_or_refused() -> None:
    with pytest.raises(RulesError) as err:
        KR.Rules("default", {"kaiserstich": "on"})
    assert err.value.code == "OPTION-UNSUPPORTED" and "kaiserstich" in err.value.message
    with pytest.raises(RulesError) as err:
        KR.Rules("default", {"no_such_option": "on"})
    assert err.value.code == "OPTION-UNKNOWN"
    with pytest.raises(RulesError) as err:
        KR.Rules("default", {"kakadu_value": 35})
    assert err.value.code == "OPTION-VALUE"
    with pytest.raises(RulesError) as err:
        KR.Rules("tarockcup")
    assert err.value.code == "RULES-UNKNOWN"
    # honoured: forehand-only hold
    e = fresh(hold_right="forehand_only")
    for seat, call in [(0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "pass")]:
        e.call(seat, call)
    assert e.can_call(0, "hold")
    steps = [(0, "mein_spiel"), (1, "pass"), (2, "piccolo"), (3, "bettel"), (0, "pass")]
    e, default = fresh(hold_right="forehand_only"), fresh()
    for seat, call in steps:
        e.call(seat, call)
        default.call(seat, call)
    assert e.to_act == 2 and not e.can_call(2, "hold")
    assert default.can_call(2, "hold")


def test_every_option_of_the_registry_is_declared() -> None:
    """§7.3: every named option is known; each either accepts all its values or refuses some
    with OPTION-UNSUPPORTED (never silently ignored)."""
    names = {o.name for o in KR.Rules.options}
    for required in ("kakadu_value", "farbensolo_bonuses", "trischaken_doubling_scope",
                     "trischaken_doubling_deals", "trischaken_compare", "trischaken_scoring",
                     "count_leftover_rule", "win_threshold_thirds", "declaration_end_rule",
                     "announcement_round", "besserrufer_announcement_timing",
                     "besserrufer_bird_in_hand", "besserrufer_concession_pays_bird",
                     "opponents_valat", "bird_announcement_requires_card", "reservation_binds",
                     "reservation_rule", "forced_bird_order", "silent_failure_penalty",
                     "silent_bonus_beside_announcement", "xxi_capture", "king_capture",
                     "king_capture_excludes_ultimo", "valat_suppresses_silent_bonuses",
                     "valat_loss_base", "solorufer_talon_king_kontra_void", "kontra_in_score",
                     "misere_kontra_individual", "misere_overtake", "pagat_last_tarock_in_misere",
                     "farbensolo_lead", "farbensolo_tarock_lead", "hold_right", "call_own_king",
                     "four_kings_forbid_king_call", "unused_talon_owner",
                     "sechserdreier_talon_exposed", "show_discarded_tarocks",
                     "redeal_no_king_no_tarock", "allow_early_stop_misere", "deal_order",
                     "contract_values", "contract_order", "bonus_scale", "quapil", "farbendreier",
                     "extra_misere_contracts", "kaiserstich"):
        assert required in names, required


@pytest.mark.parametrize("options", [
    {"kakadu_value": 40}, {"trischaken_compare": "thirds"}, {"win_threshold_thirds": 106},
    {"declaration_end_rule": "literal_three_passes"}, {"opponents_valat": "on"},
    {"bird_announcement_requires_card": "on"}, {"reservation_binds": "announcer"},
    {"forced_bird_order": "highest_first"}, {"silent_failure_penalty": "off"},
    {"xxi_capture": "off"}, {"king_capture": "off"}, {"king_capture_excludes_ultimo": "on"},
    {"valat_suppresses_silent_bonuses": "on"}, {"valat_loss_base": "loss_value"},
    {"solorufer_talon_king_kontra_void": "always"}, {"kontra_in_score": "off"},
    {"misere_overtake": "literal"}, {"pagat_last_tarock_in_misere": "on"},
    {"farbensolo_lead": "forehand"}, {"farbensolo_tarock_lead": "only_without_suit_cards"},
    {"call_own_king": "off"}, {"four_kings_forbid_king_call": "on"},
    {"unused_talon_owner": "opponents"}, {"redeal_no_king_no_tarock": "off"},
    {"deal_order": "talon_between"}, {"farbensolo_bonuses": "valat_and_four_kings"},
    {"besserrufer_announcement_timing": "first_turn"}, {"trischaken_doubling_scope": "bonuses_only"},
    {"trischaken_doubling_deals": 0},
])
def test_supported_options_generate_valid_deals(options: dict) -> None:
    from tarockrec.generate import deal_record
    from tarockrec.validate import validate_record
    rng = random.Random(9)
    rules = KR.Rules("default", options)
    for i in range(60):
        rec = deal_record(KR, rng, dealer=i % 4, rules=rules)
        rep = validate_record(rec)
        assert rep.valid, (options, rep.findings)
        assert rec["rules"]["options"] == options



BETTEL_HANDS = {1: "H2 T1 T2 T4 T6 T7 T9 T11 T12 T13 T14 T15",
                2: "T5 T10 SK SQ SN SJ S10 S9 S8 S7 CK CQ",
                3: "T3 T8 CN CJ C10 C9 C8 C7 DK DQ DN DJ",
                0: "H3 H1 HK HQ HN HJ H4 D1 D2 D3 D4 T16"}


def _bettel(options: dict, played: list[str]):  # type: ignore[no-untyped-def]
    """Seat 1 plays Bettel (dealer 3); ``played`` are the first cards of trick 1."""
    from tarockrec.games.koenigrufen.contracts import PACK
    e = KR.Engine(KR.Rules("default", options), 3,
                  [PACK.mask(BETTEL_HANDS[s].split()) for s in range(4)],
                  (PACK.mask("T17 T18 T19".split()), PACK.mask("T20 T21 T22".split())), 0)
    for seat, call in [(0, "mein_spiel"), (1, "bettel"), (2, "pass"), (3, "pass"), (0, "pass")]:
        e.call(seat, call)
    for seat in (2, 3, 0, 1):
        e.declare(seat, ())
    for card in played:
        e.play(e.to_act, card)
    return e


def test_misere_overtake_default_and_literal() -> None:
    """§5.4 / G19. Trick 1: H2 led, seat 2 ruffs with T5. Seat 3 (void in hearts) must
    over-ruff with T8 in both modes; seat 0 (holding hearts, trick ruffed) may play any heart
    by default, but literally must play a heart above H2."""
    for mode in ("must_win", "literal"):
        assert _bettel({"misere_overtake": mode}, ["H2", "T5"]).legal_cards() == ["T8"]
    hearts = set("H3 H1 HK HQ HN HJ H4".split())
    assert set(_bettel({}, ["H2", "T5", "T8"]).legal_cards()) == hearts
    assert set(_bettel({"misere_overtake": "literal"}, ["H2", "T5", "T8"]).legal_cards()) == \
        hearts - {"H3", "H4"}


@pytest.mark.parametrize("name", sorted(games.all_games()))
def test_every_phase_a_deal_passes_has_its_expect_entry(name: str) -> None:
    """The shared ``expected_next`` / ``_wrong_phase`` shape (TrickEngine) is driven by each
    game's tables: every phase a deal stops in names its own code and sentence (never the
    defensive fallback), and a deal that is over expects nothing and says why."""
    from tarockrec.engine import NOUNS, Kind
    assert set(NOUNS) == set(Kind)
    game = games.get(name)
    rng = random.Random(5)
    seen: set[str] = set()
    n = game.table_sizes[0]
    rules = game.Rules("default", {})
    for seed in range(12):
        e = game.random_deal(random.Random(seed), n, seed % n, rules, game.initial_carry(rules, n))
        while not e.is_over:
            missing = e.expected_next()
            assert e._expected_code() != type(e).PHASE_CODE, (name, e.phase)
            assert e._expecting() != "the deal is over", (name, e.phase)
            if missing is None:                 # only a play that may stop here
                assert e.phase == "play" and e._may_stop_early(), (name, e.phase)
            seen.add(e.phase)
            e.apply(game.choose(e, rng))
        assert e.expected_next() is None and e.phase in type(e).ENDED
        with pytest.raises(IllegalAction) as err:
            e.verify_play(e.to_act if e.to_act is not None else 0, "??")
        assert err.value.message.startswith("nothing can follow: ")
    assert {"play"} <= seen
