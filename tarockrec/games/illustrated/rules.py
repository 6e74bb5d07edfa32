"""Illustrated Tarokk rule options (docs/rules/illustrated.md §7 gap table). Default = the seed.

Options the spec writes as ``= true`` / ``= false`` take the strings ``"true"`` / ``"false"``.
"""
from __future__ import annotations


from ...rules import Choice, Option, RuleSet

TF = ("true", "false")


# -- the choice options as enums (the record keeps the notation value) ---------------------
class OpeningSolo(Choice):
    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class HonourlessFourthBids(Choice):
    THREE = "three"
    ANY = "any"


class HonourlessFourthFailure(Choice):
    LOSES = "loses"
    REDEAL_NO_PENALTY = "redeal_no_penalty"
    PAYS_ONE_VALUE = "pays_one_value"


class HoldRule(Choice):
    ANY_BIDDER = "any_bidder"
    EARLIER_SEAT_ONLY = "earlier_seat_only"


class JumpConvention(Choice):
    SEED = "seed"
    TRADITIONAL = "traditional"


class AnnulTiming(Choice):
    AFTER_DISCARD = "after_discard"
    BEFORE_DISCARD = "before_discard"
    AFTER_TALON = "after_talon"


class AnnulHands(Choice):
    SEED = "seed"
    KEGL_THREE = "kegl_three"


class DoubleGameAndVolatSameTurn(Choice):
    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class TrullKingsAfterVolat(Choice):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class UltimoToUhuByPartner(Choice):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class FreeCallWhenTarokkDiscarded(Choice):
    ANY = "any"
    ONLY_IF_DECLARER_HOLDS_XX = "only_if_declarer_holds_xx"
    NEVER = "never"


class CallOwnDiscard(Choice):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class LoneGameValue(Choice):
    BID = "bid"
    SOLO = "solo"


class DoublingAfterPassout(Choice):
    STACKING = "stacking"
    NONE = "none"
    EXTEND = "extend"
    RESTART = "restart"


class JumpInvitations(Choice):
    SEED = "seed"
    AKOS = "akos"


class CallRule(Choice):
    SEED = "seed"
    AKOS = "akos"


class SideReveal(Choice):
    SEED = "seed"
    AKOS = "akos"


class AttributionExceptions(Choice):
    NONE = "none"
    ITVB = "itvb"


class TarokkDeclaration(Choice):
    SEED = "seed"
    AKOS = "akos"
    KUPA = "kupa"
    ITVB = "itvb"


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
    sole_bidder_chooses_talon: bool
    attribution_exceptions: AttributionExceptions
    trull_meaning_rules: bool
    options = (
        Option("opening_solo", "forbidden", ("forbidden", "allowed"), section="G4",
               meaning="the opening bid may be a solo (a jump to the top bid)"),
        Option("honourless_fourth_bids", "three", ("three", "any"), section="G5",
               meaning="which bids the honourless fourth player may make"),
        Option("honourless_fourth_failure", "loses", ("loses", "redeal_no_penalty",
                                                      "pays_one_value"), section="G6",
               meaning="what happens when the honourless fourth bidder has no honour after all"),
        Option("invitation_min_tarokks", 0, (0, 5), section="G7",
               meaning="the least number of tarokks a player needs to invite"),
        Option("inviter_must_pass_next", "true", TF, section="G8",
               meaning="an inviter must pass at his next turn"),
        Option("hold_rule", "any_bidder", ("any_bidder", "earlier_seat_only"), section="G9",
               meaning="who may hold a bid: anyone who has bid, or only an earlier seat"),
        Option("jump_convention", "seed", ("seed", "traditional"), ("seed",), section="G10",
               meaning="how the size of a jump (invitation) is measured"),
        # after_talon: ITVB 8.2 (after drawing the talon, before discarding; four kings before
        # the talon too)
        Option("annul_timing", "after_discard", ("after_discard", "before_discard",
                                                 "after_talon"),
               section="G15",
               meaning="when a deal may be annulled: after discarding; before one's own discard "
                       "(from the auction on); or so, but during the auction only with four "
                       "kings"),
        Option("annul_hands", "seed", ("seed", "kegl_three"), section="G15",
               meaning="which hands allow annulling the deal"),
        Option("annul_after_tarokk_discard", "false", TF, section="G15",
               meaning="a deal may be annulled after a tarokk was discarded"),
        Option("double_game_and_volat_same_turn", "forbidden", ("forbidden", "allowed"),
               section="G16",
               meaning="double game and volát may be announced in the same turn"),
        Option("trull_kings_after_volat", "allowed", ("allowed", "forbidden"), section="G16",
               meaning="trull and four kings may be announced after one's own volát"),
        Option("ultimo_to_uhu_by_partner", "allowed", ("allowed", "forbidden"), section="G17",
               meaning="the partner may upgrade an announced ultimó to an uhu"),
        Option("one_bonus_per_trick_target", "true", TF, section="G18",
               meaning="a team may announce only one bonus for the same trick"),
        Option("xx_discardable", "true", TF, section="G21",
               meaning="tarokk XX may be discarded"),
        Option("free_call_when_tarokk_discarded", "any",
               ("any", "only_if_declarer_holds_xx", "never"), section="G22",
               meaning="whether the declarer may call any tarokk after another player discarded a tarokk"),
        Option("call_own_discard", "allowed", ("allowed", "forbidden"), section="G23",
               meaning="the declarer may call a card he discarded himself"),
        Option("discarder_of_called_card_must_kontra", "true", TF, section="G24",
               meaning="whoever discarded the called card must kontra the game"),
        Option("lone_declarer_takes_all_discards", "false", TF, section="G25",
               meaning="a lone declarer (1 v 3) counts every discard, not only his own"),
        Option("max_kontra_level", 5, (6, 5, 4, 3), section="G33",
               meaning="the highest kontra level (6 fedak_sari, 5 mordkontra, 4 hirskontra, "
                       "3 szubkontra)"),
        Option("pagat_uhu_value", 20, (20, 15), section="G32",
               meaning="the value of the pagát uhu (and of the sas uhu where it is played)"),
        # 21/42 (seed), 30/60 (§6.7); 42/84: Tarokk Kupa Versenyszabályzat 1§ item 5
        # (tarockrec/rulesets/illustrated/tarokk_kupa.json) — scoring.py doubles it when announced
        Option("xxi_catch_values", 21, (21, 30, 42), section="§6.7",
               meaning="the silent value of the XXI-catch (announced: twice that)"),
        Option("lone_game_value", "bid", ("bid", "solo"), section="G34",
               meaning="the game value a lone declarer plays for: the bid's, or the solo's"),
        Option("silent_ultimo_after_failed_uhu", "true", TF, section="G35",
               meaning="a silent pagát (or sas) ultimó scores after the team's uhu failed or "
                       "its ultimó was superseded"),
        Option("doubling_after_passout", "stacking", ("stacking", "none", "extend", "restart"),
               section="G37",
               meaning="what a passed-out deal does to the doubling periods: open a stacking one, "
                       "nothing, extend the running one, or restart it"),
        # sas ultimó 10 (silent 5) and sas uhu (pagat_uhu_value), bound to T2 like the pagát
        # ones: Tarokk Kupa Versenyszabályzat 1§ items 12 and 16
        Option("sas_bonuses", "false", TF, section="G45",
               meaning="the sas (tarokk II) ultimó and uhu bonuses are played"),
        Option("pagat_catch", "false", TF, ("false",), section="G45",
               meaning="the pagát-catch bonus is played"),
        # options added for the AkosUzonyi/Tarock server's rules (docs/akos.md)
        Option("jump_invitations", "seed", ("seed", "akos"), section="§3.3",
               meaning="which jumps are invitations: the seed's, or every single or double jump "
                       "(the server's)"),
        Option("call_rule", "seed", ("seed", "akos"), section="§4.6",
               meaning="which cards the declarer may call: the seed's rule, or the server's"),
        Option("invited_card_discardable", "false", TF, section="§4.3",
               meaning="the inviter may discard the invited card"),
        Option("card_bindings", "true", TF, section="§5.3",
               meaning="announcements bind cards in play (the bird held back for its trick)"),
        Option("trial_three_throw", "false", TF, section="§4.5",
               meaning="the fourth who won with three may throw in after seeing his talon cards"),
        Option("unintentional_lone_takes_all_discards", "false", TF, section="§1.3",
               meaning="a declarer alone because the called card lay in a discard gets all "
                       "six discarded cards"),
        # kupa: Tarokk Kupa Versenyszabályzat 1§ "1., Tarokkszám" — stating 8 or 9 tarokks is
        # compulsory for whoever announces or kontras a pagát or sas ultimó or uhu, and before the
        # pairs are known it counts for the side of the last speaker
        # itvb: as kupa, but not needed when the speaker's partner holds the card (ITVB 7.1, 7.3)
        Option("tarokk_declaration", "seed", ("seed", "akos", "kupa", "itvb"), section="§4.12",
               meaning="how declaring 8 or 9 tarokks works: the seed's; an announcement that "
                       "shows the side, needed before a pagát ultimó/uhu (the server's); the "
                       "same, needed before a pagát or sas ultimó/uhu (the Tarokk Kupa's); or "
                       "that, unless the speaker's partner holds the pagát or sas (the ITVB's)"),
        Option("side_reveal", "seed", ("seed", "akos"), section="§4.7",
               meaning="when the sides become known: the seed's events, or the server's"),
        Option("silent_bonus_after_announced_volat", "true", TF, section="§6.4",
               meaning="a team that announced volát still scores silent trull and four kings"),
        # options the ITVB's cup rules need (rulesets/illustrated/itvb.json)
        Option("sole_bidder_chooses_talon", "false", TF, section="§3.5",
               meaning="the only bidder may raise his game by taking fewer talon cards "
                       "(ITVB 4.2)"),
        Option("attribution_exceptions", "none", ("none", "itvb"), section="§4.10.1",
               meaning="announcements exempt from the last-speaker attribution: none, or "
                       "centrum and, after the declarer's trull, the birds (ITVB 7.2)"),
        Option("trull_meaning_rules", "false", TF, section="§4.10.2",
               meaning="trull needs a high honour in hand, and the declarer's first-turn trull "
                       "means both high honours (ITVB 7.6–7.8)"),
    )

    def yes(self, key: str) -> bool:
        return self.values[key] == "true"
