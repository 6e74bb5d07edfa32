"""Carinthian rule options (docs/rules/carinthian.md §7, the gap table). Default = the document.

Every named option of §7 is listed; values this engine does not implement are refused with
OPTION-UNSUPPORTED (never silently ignored). Options the document writes ``= true`` / ``= false``
take the strings ``"true"`` / ``"false"``.
"""
from __future__ import annotations


from ...rules import Choice, Option, RuleSet

TRUE_FALSE = ("true", "false")


class TalonOrder(Choice):
    ANY = "any"
    B_ON_A = "b_on_a"
    A_ON_B = "a_on_b"


class Trischak4Tie(Choice):
    NON_TOP = "non_top"
    NONE = "none"


def _flag(name: str, default: str, supported: tuple[str, ...] = TRUE_FALSE,
          section: str = "",
          meaning: str = "") -> Option:
    return Option(name, default, TRUE_FALSE, supported, section=section, meaning=meaning)


class CarinthianRules(RuleSet):
    game = "carinthian"
    options = (
        Option("talon_profile_by_bid", "uniform", ("uniform", "by_bid"), ("uniform",),
               section="G1",
               meaning="whether the talon exchange (halves allowed, cards taken, exposure) differs by bid"),
        _flag("redeal_no_tarock", "false", ("false",), section="G4",
              meaning="a hand without a tarock is thrown in and redealt"),
        # G5: when the decision is made changes nothing a record holds or a rule checks (the
        # decision is written in the same place either way), so both values are honoured
        _flag("trischak_after_seeing_talon", "false", section="G5",
              meaning="the Trischak decision is taken after the talon is exposed"),
        # G6 names them B_on_A / A_on_B; option values are lower-case in the notation
        Option("talon_order", "any", ("any", "b_on_a", "a_on_b"), section="G6",
               meaning="how the two talon halves are stacked when kept as one pile in Trischak"),
        _flag("zahle_allow_pass", "false", ("false",), section="G7",
              meaning="a defender may pass instead of saying zahle or kontra"),
        _flag("zahle_doubled", "true", section="G8",
              meaning="a zahle is doubled in a doubling period"),
        _flag("zahle_counts_as_success", "false", section="G8",
              meaning="a zahle counts as a success for the doubling-period rules"),
        _flag("kontra_multi_round", "false", ("false",), section="G9",
              meaning="the kontra round may go round more than once"),
        _flag("valat_and_game_kontra", "false", section="G10",
              meaning="a kontra on an announced Valat also multiplies the game"),
        Option("announced_valat_loss", 24, (24, 48), section="G11",
               meaning="what an announced Valat that fails costs (24 as the seed writes, or 48)"),
        _flag("valat_in_period_doubled", "true", section="G12",
              meaning="a silent Valat is doubled in a doubling period"),
        _flag("bird_announce_requires_card", "true", section="G13",
              meaning="the declarer must hold the bird he announces"),
        _flag("trull_kings_tricks_only", "false", section="G15",
              meaning="Trull and the kings count only when taken in tricks (not from discard or talon)"),
        Option("trischak_silent_bonuses", "on", ("on", "off"), section="G16",
               meaning="silent bird, Trull and king bonuses are scored in Trischak"),
        Option("trischak4_tie", "non_top", ("non_top", "none"), section="G18",
               meaning="with four players, how a tie for most points in Trischak is settled"),
        _flag("dealer_zero_continue", "false", section="G19",
              meaning="with four players, play goes on after the dealer has lost tricks 1 to 6"),
        _flag("settle_active_only", "false", section="G21",
              meaning="with four players, only the three active seats settle (the idle dealer does not)"),
        _flag("restricted_solo_counts", "false", section="G22",
              meaning="a Solo won in the restricted phase ends it (not only a Trischak)"),
        Option("restricted_after_deals", 9, None, minimum=1, section="G23",
               meaning="how many deals the restricted phase (9-deal rule) lasts"),
    )
    talon_profile_by_bid: str
    redeal_no_tarock: bool
    trischak_after_seeing_talon: bool
    talon_order: TalonOrder
    zahle_allow_pass: bool
    zahle_doubled: bool
    zahle_counts_as_success: bool
    kontra_multi_round: bool
    valat_and_game_kontra: bool
    announced_valat_loss: int
    valat_in_period_doubled: bool
    bird_announce_requires_card: bool
    trull_kings_tricks_only: bool
    trischak_silent_bonuses: bool
    trischak4_tie: Trischak4Tie
    dealer_zero_continue: bool
    settle_active_only: bool
    restricted_solo_counts: bool
    restricted_after_deals: int
