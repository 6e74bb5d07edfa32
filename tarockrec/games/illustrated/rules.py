"""Illustrated Tarokk rule options (rules/illustrated.md §7 gap table). Default = the seed.

Options the spec writes as ``= true`` / ``= false`` take the strings ``"true"`` / ``"false"``.
"""
from __future__ import annotations

from enum import StrEnum

from ...rules import Option, RuleSet

TF = ("true", "false")


# -- the choice options as enums (the record keeps the notation value) ---------------------
class OpeningSolo(StrEnum):
    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class HonourlessFourthBids(StrEnum):
    THREE = "three"
    ANY = "any"


class HonourlessFourthFailure(StrEnum):
    LOSES = "loses"
    REDEAL_NO_PENALTY = "redeal_no_penalty"
    PAYS_ONE_VALUE = "pays_one_value"


class HoldRule(StrEnum):
    ANY_BIDDER = "any_bidder"
    EARLIER_SEAT_ONLY = "earlier_seat_only"


class JumpConvention(StrEnum):
    SEED = "seed"
    TRADITIONAL = "traditional"


class AnnulTiming(StrEnum):
    AFTER_DISCARD = "after_discard"
    BEFORE_DISCARD = "before_discard"


class AnnulHands(StrEnum):
    SEED = "seed"
    KEGL_THREE = "kegl_three"


class DoubleGameAndVolatSameTurn(StrEnum):
    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class TrullKingsAfterVolat(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class UltimoToUhuByPartner(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class FreeCallWhenTarokkDiscarded(StrEnum):
    ANY = "any"
    ONLY_IF_DECLARER_HOLDS_XX = "only_if_declarer_holds_xx"
    NEVER = "never"


class CallOwnDiscard(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class LoneGameValue(StrEnum):
    BID = "bid"
    SOLO = "solo"


class DoublingAfterPassout(StrEnum):
    STACKING = "stacking"
    NONE = "none"
    EXTEND = "extend"
    RESTART = "restart"


class JumpInvitations(StrEnum):
    SEED = "seed"
    AKOS = "akos"


class CallRule(StrEnum):
    SEED = "seed"
    AKOS = "akos"


class SideReveal(StrEnum):
    SEED = "seed"
    AKOS = "akos"


class TarokkDeclaration(StrEnum):
    SEED = "seed"
    AKOS = "akos"


class IllustratedRules(RuleSet):
    game = "illustrated"
    # typed fields: ``rules.<option>`` is a bool, an int or an enum member
    opening_solo: OpeningSolo
    honourless_fourth_bids: HonourlessFourthBids
    honourless_fourth_failure: HonourlessFourthFailure
    invitation_min_tarokks: int
    inviter_must_pass_next: bool
    hold_rule: HoldRule
    jump_convention: JumpConvention
    annul_timing: AnnulTiming
    annul_hands: AnnulHands
    annul_after_tarokk_discard: bool
    double_game_and_volat_same_turn: DoubleGameAndVolatSameTurn
    trull_kings_after_volat: TrullKingsAfterVolat
    ultimo_to_uhu_by_partner: UltimoToUhuByPartner
    one_bonus_per_trick_target: bool
    xx_discardable: bool
    free_call_when_tarokk_discarded: FreeCallWhenTarokkDiscarded
    call_own_discard: CallOwnDiscard
    discarder_of_called_card_must_kontra: bool
    lone_declarer_takes_all_discards: bool
    max_kontra_level: int
    pagat_uhu_value: int
    xxi_catch_values: int
    lone_game_value: LoneGameValue
    silent_ultimo_after_failed_uhu: bool
    doubling_after_passout: DoublingAfterPassout
    sas_bonuses: bool
    pagat_catch: bool
    jump_invitations: JumpInvitations
    call_rule: CallRule
    invited_card_discardable: bool
    card_bindings: bool
    trial_three_throw: bool
    unintentional_lone_takes_all_discards: bool
    tarokk_declaration: TarokkDeclaration
    side_reveal: SideReveal
    silent_bonus_after_announced_volat: bool
    options = (
        Option("opening_solo", "forbidden", ("forbidden", "allowed"), section="G4"),
        Option("honourless_fourth_bids", "three", ("three", "any"), section="G5"),
        Option("honourless_fourth_failure", "loses", ("loses", "redeal_no_penalty",
                                                      "pays_one_value"),
               section="G6"),
        Option("invitation_min_tarokks", 0, (0, 5), section="G7"),
        Option("inviter_must_pass_next", "true", TF, section="G8"),
        Option("hold_rule", "any_bidder", ("any_bidder", "earlier_seat_only"), section="G9"),
        Option("jump_convention", "seed", ("seed", "traditional"), ("seed",), section="G10"),
        Option("annul_timing", "after_discard", ("after_discard", "before_discard"),
               section="G15"),
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
        Option("doubling_after_passout", "stacking", ("stacking", "none", "extend", "restart"),
               section="G37"),
        Option("sas_bonuses", "false", TF, ("false",), section="G45"),
        Option("pagat_catch", "false", TF, ("false",), section="G45"),
        # options added for the AkosUzonyi/Tarock server's rules (docs/akos.md)
        Option("jump_invitations", "seed", ("seed", "akos"), section="§3.3"),
        Option("call_rule", "seed", ("seed", "akos"), section="§4.6"),
        Option("invited_card_discardable", "false", TF, section="§4.3"),
        Option("card_bindings", "true", TF, section="§5.3"),
        Option("trial_three_throw", "false", TF, section="§4.5"),
        Option("unintentional_lone_takes_all_discards", "false", TF, section="§1.3"),
        Option("tarokk_declaration", "seed", ("seed", "akos"), section="§4.12"),
        Option("side_reveal", "seed", ("seed", "akos"), section="§4.7"),
        Option("silent_bonus_after_announced_volat", "true", TF, section="§6.4"),
    )

    # -- named rule sets ---------------------------------------------------------------------
    # MOVE TO DATA (branch rulesets): the rule set "akos" reproduces the AkosUzonyi/Tarock
    # server's `illusztralt` games (docs/akos.md lists each difference and where the server
    # decides it). Until the rule sets become data files it lives here, as names + values.
    names = ("default", "akos")
    named_values = {
        "akos": {
            "opening_solo": "allowed",
            "honourless_fourth_failure": "redeal_no_penalty",
            "invitation_min_tarokks": 5,
            "inviter_must_pass_next": "false",
            "annul_timing": "before_discard",
            "double_game_and_volat_same_turn": "allowed",
            "trull_kings_after_volat": "forbidden",
            "ultimo_to_uhu_by_partner": "forbidden",
            "lone_game_value": "solo",
            "doubling_after_passout": "none",
            "jump_invitations": "akos",
            "call_rule": "akos",
            "invited_card_discardable": "true",
            "card_bindings": "false",
            "trial_three_throw": "true",
            "unintentional_lone_takes_all_discards": "true",
            "tarokk_declaration": "akos",
            "side_reveal": "akos",
            "silent_bonus_after_announced_volat": "false",
        },
    }

    def yes(self, key: str) -> bool:
        return self.values[key] == "true"
