"""Ulti rule options (docs/rules/ulti.md §8 gap table). Default = the seed (older Parlett/McLeod).

Every named option of the gap table is listed; values this engine does not implement are
refused with OPTION-UNSUPPORTED (never silently ignored).
"""
from __future__ import annotations


from ...rules import Choice, ON_OFF, Option, RuleSet


class TalonPoints(Choice):
    NOBODY = "nobody"
    DEFENDERS = "defenders"


class SimpleTie(Choice):
    FAILS = "fails"
    SOLOIST_WINS = "soloist_wins"


def _on_off(name: str, default: str = "off", supported: tuple[str, ...] = ON_OFF,
            section: str = "",
            meaning: str = "") -> Option:
    return Option(name, default, ON_OFF, supported, section=section, meaning=meaning)


class UltiRules(RuleSet):
    game = "ulti"
    options = (
        Option("talon_points_to", "nobody", ("nobody", "defenders"), section="G3",
               meaning="who scores the aces and tens left in the talon"),
        Option("simple_tie", "fails", ("fails", "soloist_wins"), section="G4",
               meaning="whether a tie in Simple fails or wins for the soloist"),
        _on_off("forehand_suit_binds_all_his_bids", section="G5",
                meaning="forehand's named suit binds all his bids, not only his opening"),
        _on_off("require_marriage_for_hundred", section="G6",
                meaning="a Hundred may be bid only when holding the marriage"),
        _on_off("require_seven_for_ulti", section="G6",
                meaning="Ulti may be bid only when holding the trump seven"),
        _on_off("score_durch_and_hundred_separately", supported=("off",), section="G7",
                meaning="trump Durch and Hundred are scored as two units"),
        _on_off("marriages_automatic", supported=("off",), section="G8",
                meaning="marriages count without being declared"),
        _on_off("double_applies_to_bonuses", supported=("off",), section="G10",
                meaning="doubles also multiply the bonuses"),
        _on_off("unbid_durch_hearts_double", section="G11",
                meaning="an unbid Durch in hearts scores double"),
        _on_off("require_full_play", section="G14",
                meaning="a record must contain every trick (no early end once decided)"),
        _on_off("equal_value_fewer_components_wins", supported=("off",), section="G17",
                meaning="of two equal-valued bids the one with fewer components wins"),
    )
    talon_points_to: TalonPoints
    simple_tie: SimpleTie
    forehand_suit_binds_all_his_bids: bool
    require_marriage_for_hundred: bool
    require_seven_for_ulti: bool
    score_durch_and_hundred_separately: bool
    marriages_automatic: bool
    double_applies_to_bonuses: bool
    unbid_durch_hearts_double: bool
    require_full_play: bool
    equal_value_fewer_components_wins: bool
