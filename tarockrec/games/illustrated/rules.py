"""Illustrated Tarokk rule options (rules/illustrated.md §7 gap table). Default = the seed.

Options the spec writes as ``= true`` / ``= false`` take the strings ``"true"`` / ``"false"``.
"""
from __future__ import annotations

from ...rules import Option, RuleSet

TF = ("true", "false")


class IllustratedRules(RuleSet):
    game = "illustrated"
    options = (
        Option("opening_solo", "forbidden", ("forbidden", "allowed"), section="G4"),
        Option("honourless_fourth_bids", "three", ("three", "any"), section="G5"),
        Option("honourless_fourth_failure", "loses", ("loses", "redeal_no_penalty",
                                                      "pays_one_value"),
               ("loses", "pays_one_value"), section="G6"),
        Option("invitation_min_tarokks", 0, (0, 5), section="G7"),
        Option("inviter_must_pass_next", "true", TF, section="G8"),
        Option("hold_rule", "any_bidder", ("any_bidder", "earlier_seat_only"), section="G9"),
        Option("jump_convention", "seed", ("seed", "traditional"), ("seed",), section="G10"),
        Option("annul_timing", "after_discard", ("after_discard", "before_discard"),
               ("after_discard",), section="G15"),
        Option("annul_hands", "seed", ("seed", "kegl_three"), section="G15"),
        Option("annul_after_tarokk_discard", "false", TF, section="G15"),
        Option("double_game_and_volat_same_turn", "forbidden", ("forbidden", "allowed"),
               section="G16"),
        Option("trull_kings_after_volat", "allowed", ("allowed", "forbidden"), section="G16"),
        Option("ultimo_to_uhu_by_partner", "allowed", ("allowed", "forbidden"), section="G17"),
        Option("one_bonus_per_trick_target", "true", TF, section="G18"),
        Option("xx_discardable", "true", TF, section="G21"),
        Option("free_call_when_tarokk_discarded", "any",
               ("any", "only_if_declarer_holds_xx", "never"), ("any", "never"), section="G22"),
        Option("call_own_discard", "allowed", ("allowed", "forbidden"), section="G23"),
        Option("discarder_of_called_card_must_kontra", "true", TF, section="G24"),
        Option("lone_declarer_takes_all_discards", "false", TF, section="G25"),
        Option("max_kontra_level", 5, (5, 4, 3), section="G33"),
        Option("pagat_uhu_value", 20, (20, 15), section="G32"),
        Option("xxi_catch_values", 21, (21, 30), section="§6.7"),
        Option("lone_game_value", "bid", ("bid", "solo"), section="G34"),
        Option("silent_ultimo_after_failed_uhu", "true", TF, section="G35"),
        Option("doubling_after_passout", "stacking", ("stacking", "none"), section="G37"),
        Option("sas_bonuses", "false", TF, ("false",), section="G45"),
        Option("pagat_catch", "false", TF, ("false",), section="G45"),
    )

    def yes(self, key: str) -> bool:
        return self.values[key] == "true"
