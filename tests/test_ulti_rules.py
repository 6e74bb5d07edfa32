"""Ulti contracts as data: the seed's bid-value table (§3.4), outranking (§4.3), the §4.4
bidding oracle, rule options (§8)."""
from __future__ import annotations

import pytest

from tarockrec.engine import Action
from tarockrec.errors import IllegalAction, RulesError
from tarockrec.games.ulti.contracts import (
    CONTRACTS, VALUE_TABLE, ContractError, outranks, parse_contract, table_row,
)
from tarockrec.games.ulti.engine import UltiEngine
from tarockrec.games.ulti.rules import UltiRules
from tarockrec.cards import ULTI32

# the seed's table, seed order: (GP, Japanese) — copied from the seed text
SEED_TABLE = [
    (1, "シンプル"), (2, "シンプル(ハート)"), (4, "ハンドレッド"), (5, "シンプル+ウルティ"),
    (5, "シングルベッテル"), (6, "シングルデュルヒ(NT)"), (8, "ハンドレッド(ハート)"),
    (8, "ハンドレッド+ウルティ"), (10, "シンプル+ウルティ(ハート)"), (10, "ダブルベッテル"),
    (10, "シングルデュルヒ+ハンドレッド"), (10, "シングルデュルヒ+ウルティ"),
    (12, "ダブルデュルヒ(NT)"), (14, "シングルデュルヒ+ハンドレッド(ハート)"),
    (14, "シングルデュルヒ+ウルティ(ハート)"), (14, "シングルデュルヒ+ハンドレッド+ウルティ"),
    (16, "ダブルデュルヒ+ハンドレッド"), (16, "ダブルデュルヒ+ウルティ"),
    (16, "ハンドレッド+ウルティ(ハート)"), (20, "ベッテルウベルト"),
    (20, "ダブルデュルヒ+ハンドレッド+ウルティ"), (20, "ダブルデュルヒ+ハンドレッド(ハート)"),
    (20, "ダブルデュルヒ+ウルティ(ハート)"), (22, "シングルデュルヒ+ハンドレッド+ウルティ(ハート)"),
    (24, "デュルヒウベルト(NT)"), (28, "デュルヒウベルト+ハンドレッド"),
    (28, "デュルヒウベルト+ウルティ"), (28, "ダブルデュルヒ+ハンドレッド+ウルティ(ハート)"),
    (32, "デュルヒウベルト+ハンドレッド+ウルティ"), (32, "デュルヒウベルト+ハンドレッド(ハート)"),
    (32, "デュルヒウベルト+ハンドレッド(ハート)"), (40, "デュルヒウベルト+ハンドレッド+ウルティ(ハート)"),
]


def test_value_table_is_the_seed() -> None:
    assert [(r.gp, r.seed) for r in VALUE_TABLE] == SEED_TABLE
    assert [r.row for r in VALUE_TABLE] == list(range(1, 33))


def test_every_contract_has_its_table_value() -> None:
    classes = set()
    for c in CONTRACTS.values():
        assert c.value == table_row(c).gp, c.id
        classes.add(c.value_class)
    assert len(classes) == 32                           # 13 × 2 + 3 + 3
    assert len(CONTRACTS) == 90
    assert {table_row(c).row for c in CONTRACTS.values()} == set(range(1, 33))


def test_row_31_is_hearts_durch_ouvert_ulti() -> None:
    assert table_row(CONTRACTS["hearts_durch_ouvert_ulti"]).row == 31
    assert CONTRACTS["hearts_durch_ouvert_ulti"].value == 32


@pytest.mark.parametrize("cid,value", [
    ("spades_simple", 1), ("hearts_simple", 2), ("clubs_hundred_20", 4), ("hearts_hundred_40", 8),
    ("spades_simple_ulti", 5), ("hearts_simple_ulti", 10), ("betli", 5), ("betli_double", 10),
    ("betli_ouvert", 20), ("durch_nt", 6), ("durch_nt_double", 12), ("durch_nt_ouvert", 24),
    ("hearts_durch_ulti", 14), ("hearts_durch_hundred_20_ulti", 22),
    ("hearts_durch_ouvert_hundred_40_ulti", 40), ("diamonds_durch_ouvert_hundred_20", 28),
])
def test_values(cid: str, value: int) -> None:
    assert CONTRACTS[cid].value == value


def test_hearts_does_not_double_durch() -> None:
    assert CONTRACTS["hearts_durch_hundred_20"].main_value == 6 + 8
    assert CONTRACTS["spades_durch_hundred_20"].main_value == 6 + 4


def test_outranking_exceptions() -> None:
    o = lambda x, c: outranks(CONTRACTS[x], CONTRACTS[c])  # noqa: E731
    assert o("betli", "spades_simple_ulti")                        # exception 1
    assert not o("spades_simple_ulti", "betli")                    # one direction only
    assert not o("betli", "hearts_simple_ulti")
    for ten in ("betli_double", "clubs_durch_hundred_20", "clubs_durch_ulti"):
        assert o(ten, "hearts_simple_ulti")                        # exception 2
        assert not o("hearts_simple_ulti", ten)
    assert not o("betli_double", "clubs_durch_ulti")
    assert not o("clubs_durch_ulti", "betli_double")
    assert not o("hearts_hundred_20", "spades_hundred_20_ulti")    # 8 v 8
    assert o("spades_hundred_20_ulti", "durch_nt")
    assert not o("betli", "durch_nt")
    assert not o("spades_simple", "spades_simple")
    # equal values never outrank except the two exceptions
    for x in CONTRACTS.values():
        for c in CONTRACTS.values():
            if x.value == c.value and outranks(x, c):
                assert c.simple and c.ulti, (x.id, c.id)


def test_illegal_combinations() -> None:
    for cid in ("clubs_durch", "betli_ulti", "durch_nt_ulti", "hearts_ulti"):
        with pytest.raises(ContractError) as err:
            parse_contract(cid)
        assert err.value.kind == "illegal"
    with pytest.raises(ContractError):
        parse_contract("heart_simple")


def _engine(dealer: int = 2) -> UltiEngine:
    codes = list(ULTI32.codes)
    hands = [ULTI32.mask(codes[i * 10:(i + 1) * 10]) for i in range(3)]
    return UltiEngine(UltiRules(), dealer, hands, ULTI32.mask(codes[30:]))


def _discard(e: UltiEngine, seat: int) -> tuple[str, str]:
    held = ULTI32.codes_of(e.hands[seat] | e.talon)
    return (held[-1], held[-2])


def test_bidding_oracle_4_4() -> None:
    e = _engine(2)
    e.name_suit(0, "C")  # type: ignore[attr-defined]
    for seat, cid in [(0, "clubs_simple"), (1, "spades_simple_ulti"), (2, "betli"), (0, None),
                      (1, "hearts_simple_ulti")]:
        if cid is None:
            e.apply(Action("pass", seat))
        else:
            e.bid(seat, (cid, _discard(e, seat)))  # type: ignore[attr-defined]
    assert not e.can_bid(2, ("hearts_hundred_20", _discard(e, 2)))  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction) as err:
        e.bid(2, ("hearts_hundred_20", _discard(e, 2)))  # type: ignore[attr-defined]
    assert err.value.code == "UL-BID-LOW"
    e.bid(2, ("betli_double", _discard(e, 2)))  # type: ignore[attr-defined]
    e.apply(Action("pass", 0))
    e.apply(Action("pass", 1))
    assert e.soloist == 2 and e.contract is not None and e.contract.id == "betli_double"
    assert e.phase == "play" and e.to_act == 2


def test_options_honoured_or_refused() -> None:
    for name in ("score_durch_and_hundred_separately", "marriages_automatic",
                 "double_applies_to_bonuses", "equal_value_fewer_components_wins"):
        with pytest.raises(RulesError) as err:
            UltiRules("default", {name: "on"})
        assert err.value.code == "OPTION-UNSUPPORTED"
    r = UltiRules("default", {"talon_points_to": "defenders", "simple_tie": "soloist_wins",
                              "forehand_suit_binds_all_his_bids": "on",
                              "require_marriage_for_hundred": "on", "require_seven_for_ulti": "on",
                              "unbid_durch_hearts_double": "on", "require_full_play": "on"})
    assert r.talon_points_to == "defenders"
    with pytest.raises(RulesError):
        UltiRules("default", {"no_such_option": 1})


def test_require_seven_for_ulti() -> None:
    e = UltiEngine(UltiRules("default", {"require_seven_for_ulti": "on"}), 2,
                   [ULTI32.mask(list(ULTI32.codes[i * 10:(i + 1) * 10])) for i in range(3)],
                   ULTI32.mask(list(ULTI32.codes[30:])))
    e.name_suit(0, "S")  # type: ignore[attr-defined]
    # seat 0 holds SA..S7, CA, C10 and picks up D8 D7; discarding S7 leaves no seven
    with pytest.raises(IllegalAction) as err:
        e.bid(0, ("spades_simple_ulti", ("S7", "CA")))  # type: ignore[attr-defined]
    assert err.value.code == "UL-BID-HAND"
    e.bid(0, ("spades_simple_ulti", ("D8", "D7")))  # type: ignore[attr-defined]


def test_rule_set_fields_are_typed() -> None:
    """A rule set's options read as typed fields: on/off as bool, choices as enum members;
    the notation value stays in ``values``."""
    from tarockrec.games.ulti.rules import SimpleTie, UltiRules

    r = UltiRules("default", {"require_full_play": "on", "simple_tie": "soloist_wins"})
    assert r.require_full_play is True and r.require_seven_for_ulti is False
    assert r.simple_tie is SimpleTie.SOLOIST_WINS
    assert r.values["require_full_play"] == "on"
