"""Königrufen rule options (docs/rules/koenigrufen.md §7.3). Default = the seed."""
from __future__ import annotations


from ...rules import Choice, ON_OFF, Option, RuleSet


def _on_off(name: str, default: str, supported: tuple[str, ...] = ON_OFF, section: str = "",
            meaning: str = "") -> Option:
    return Option(name, default, ON_OFF, supported, section=section, meaning=meaning)


# -- the choice options as enums (the record keeps the notation value) ---------------------
class FarbensoloBonuses(Choice):
    VALAT = "valat"
    VALAT_AND_FOUR_KINGS = "valat_and_four_kings"


class TrischakenDoublingScope(Choice):
    ALL = "all"
    BONUSES_ONLY = "bonuses_only"


class TrischakenCompare(Choice):
    POINTS = "points"
    THIRDS = "thirds"


class TrischakenScoring(Choice):
    SEED = "seed"
    OE2023 = "oe2023"


class CountLeftoverRule(Choice):
    NEAREST = "nearest"
    LEFTOVER_COUNTS_FULL_VALUE = "leftover_counts_full_value"


class DeclarationEndRule(Choice):
    ALL_SPOKE_THEN_THREE_PASSES = "all_spoke_then_three_passes"
    LITERAL_THREE_PASSES = "literal_three_passes"


class AnnouncementRound(Choice):
    SEED = "seed"
    OE2023 = "oe2023"


class BesserruferAnnouncementTiming(Choice):
    OPENING = "opening"
    FIRST_TURN = "first_turn"


class ReservationBinds(Choice):
    HOLDER_ON_SIDE = "holder_on_side"
    ANNOUNCER = "announcer"


class ReservationRule(Choice):
    HARD = "hard"
    SOFT = "soft"


class ForcedBirdOrder(Choice):
    FREE = "free"
    HIGHEST_FIRST = "highest_first"


class ValatLossBase(Choice):
    WIN_VALUE = "win_value"
    LOSS_VALUE = "loss_value"


class SoloruferTalonKingKontraVoid(Choice):
    ON_LOSS = "on_loss"
    ALWAYS = "always"


class MisereOvertake(Choice):
    MUST_WIN = "must_win"
    LITERAL = "literal"


class FarbensoloLead(Choice):
    DECLARER = "declarer"
    FOREHAND = "forehand"


class FarbensoloTarockLead(Choice):
    FREE = "free"
    ONLY_WITHOUT_SUIT_CARDS = "only_without_suit_cards"


class HoldRight(Choice):
    ANY_HIGHER_SEAT = "any_higher_seat"
    FOREHAND_ONLY = "forehand_only"


class UnusedTalonOwner(Choice):
    DECLARER = "declarer"
    OPPONENTS = "opponents"


class DealOrder(Choice):
    TALON_FIRST = "talon_first"
    TALON_BETWEEN = "talon_between"


class ContractValues(Choice):
    SEED = "seed"
    TAROCKCUP = "tarockcup"


class ContractOrder(Choice):
    SEED = "seed"
    OE2023 = "oe2023"


class BonusScale(Choice):
    SEED = "seed"
    TAROCKCUP = "tarockcup"


class KoenigrufenRules(RuleSet):
    game = "koenigrufen"
    # typed fields: ``rules.<option>`` is a bool, an int or an enum member
    kakadu_value: int
    farbensolo_bonuses: FarbensoloBonuses
    trischaken_doubling_scope: TrischakenDoublingScope
    trischaken_doubling_deals: int
    trischaken_compare: TrischakenCompare
    trischaken_scoring: TrischakenScoring
    count_leftover_rule: CountLeftoverRule
    win_threshold_thirds: int
    declaration_end_rule: DeclarationEndRule
    announcement_round: AnnouncementRound
    besserrufer_announcement_timing: BesserruferAnnouncementTiming
    besserrufer_bird_in_hand: bool
    besserrufer_concession_pays_bird: bool
    opponents_valat: bool
    bird_announcement_requires_card: bool
    reservation_binds: ReservationBinds
    reservation_rule: ReservationRule
    forced_bird_order: ForcedBirdOrder
    silent_failure_penalty: bool
    silent_bonus_beside_announcement: bool
    xxi_capture: bool
    king_capture: bool
    king_capture_excludes_ultimo: bool
    valat_suppresses_silent_bonuses: bool
    valat_loss_base: ValatLossBase
    solorufer_talon_king_kontra_void: SoloruferTalonKingKontraVoid
    kontra_in_score: bool
    misere_kontra_individual: bool
    misere_overtake: MisereOvertake
    pagat_last_tarock_in_misere: bool
    farbensolo_lead: FarbensoloLead
    farbensolo_tarock_lead: FarbensoloTarockLead
    hold_right: HoldRight
    call_own_king: bool
    four_kings_forbid_king_call: bool
    unused_talon_owner: UnusedTalonOwner
    sechserdreier_talon_exposed: bool
    show_discarded_tarocks: bool
    redeal_no_king_no_tarock: bool
    allow_early_stop_misere: bool
    deal_order: DealOrder
    contract_values: ContractValues
    contract_order: ContractOrder
    bonus_scale: BonusScale
    quapil: bool
    farbendreier: bool
    extra_misere_contracts: bool
    kaiserstich: bool
    colour_game_kontra_or_valat: bool
    options = (
        Option("kakadu_value", 30, (30, 40), section="G1",
               meaning="the silent value of the Kakadu (tarock III wins trick 10) in the seed's "
                       "bonus scale"),
        Option("farbensolo_bonuses", "valat", ("valat", "valat_and_four_kings"), section="G2",
               meaning="which bonuses Farbensolo knows"),
        Option("trischaken_doubling_scope", "all", ("all", "bonuses_only"), section="G3",
               meaning="what a lost Trischaken doubles in the following deals: all game points or only bonuses"),
        Option("trischaken_doubling_deals", 4, None, section="§6.8",
               meaning="how many deals a Trischaken doubles (0: none)"),
        Option("trischaken_compare", "points", ("points", "thirds"), section="G29",
               meaning="the unit in which Trischaken card points are compared (whole points or thirds)"),
        Option("trischaken_scoring", "seed", ("seed", "oe2023"), section="§7.2",
               meaning="the Trischaken tariff: the seed's, or the Upper Austrian 2023 one (Bürgermeister, Jungfrau)"),
        Option("count_leftover_rule", "nearest", ("nearest", "leftover_counts_full_value"),
               ("nearest",), section="G11",
               meaning="how card points are counted when there are not enough blanks for the left-over cards"),
        Option("win_threshold_thirds", 107, (107, 106), section="§1.4",
               meaning="the card points (in thirds) a side needs to win (107 = 35 2/3, 106 = 35 1/3)"),
        Option("declaration_end_rule", "all_spoke_then_three_passes",
               ("all_spoke_then_three_passes", "literal_three_passes"), section="G12",
               meaning="when the declaration round ends"),
        Option("announcement_round", "seed", ("seed", "oe2023"), section="§7.2",
               meaning="the order and number of turns in the announcement round"),
        Option("besserrufer_announcement_timing", "opening", ("opening", "first_turn"),
               section="G13",
               meaning="when the Besserrufer's compulsory bird announcement is made"),
        _on_off("besserrufer_bird_in_hand", "off", section="§4.6.3",
                meaning="the Besserrufer must hold the bird he announces"),
        _on_off("besserrufer_concession_pays_bird", "off", section="G22",
                meaning="a conceded Besserrufer also pays the bird penalty"),
        _on_off("opponents_valat", "off", section="G14",
                meaning="the opponents may announce and score a Valat"),
        _on_off("bird_announcement_requires_card", "off", section="G18",
                meaning="the announcer must hold the bird he announces"),
        Option("reservation_binds", "holder_on_side", ("holder_on_side", "announcer"),
               section="G17",
               meaning="whom a reserved (announced) bird binds: the holder on the announcing side or the announcer"),
        Option("reservation_rule", "hard", ("hard", "soft"), section="§7.2",
               meaning="whether a reserved bird may not be played early (hard) or only loses the bonus (soft)"),
        Option("forced_bird_order", "free", ("free", "highest_first"), section="§7.2",
               meaning="which reserved bird must go first when a player is forced to play one"),
        _on_off("silent_failure_penalty", "on", section="§7.2",
                meaning="a silent bird or King Ultimo that fails costs a penalty"),
        _on_off("silent_bonus_beside_announcement", "off", ("off",), section="G27",
                meaning="a silent bonus of one side is scored beside the other side's announced bonus of the same kind"),
        _on_off("xxi_capture", "on", section="G6",
                meaning="capturing the XXI with the Sküs scores (Fang)"),
        _on_off("king_capture", "on", section="§7.2",
                meaning="capturing the called king scores"),
        _on_off("king_capture_excludes_ultimo", "off", section="G28",
                meaning="a called king lost in the last trick is not scored both as a failed King Ultimo and as captured"),
        _on_off("valat_suppresses_silent_bonuses", "off", section="G26",
                meaning="a Valat replaces the silent bonuses"),
        Option("valat_loss_base", "win_value", ("win_value", "loss_value"), section="G24",
               meaning="the value a Valat is computed from: the contract's win value or its loss value"),
        Option("solorufer_talon_king_kontra_void", "on_loss", ("on_loss", "always"),
               section="G23",
               meaning="when a Solorufer's kontra counts as not said (called king in the talon): only if he loses, or always"),
        _on_off("kontra_in_score", "on", section="§7.2",
                meaning="kontras multiply the tournament score (result.scores, the Schrift); "
                        "off: they count for the money (Geld) only, which tarockrec score "
                        "shows beside it"),
        _on_off("misere_kontra_individual", "off", section="G39",
                meaning="each opponent kontras a negative contract for himself"),
        Option("misere_overtake", "must_win", ("must_win", "literal"), section="G19",
               meaning="in negative contracts, whether a player must beat the current winner or only the led suit"),
        _on_off("pagat_last_tarock_in_misere", "off", section="§7.2",
                meaning="in negative contracts the pagat may be played only as the last tarock"),
        Option("farbensolo_lead", "declarer", ("declarer", "forehand"), section="§7.2",
               meaning="who leads to the first trick of a Farbensolo"),
        Option("farbensolo_tarock_lead", "free", ("free", "only_without_suit_cards"),
               section="G20",
               meaning="whether a tarock may be led in Farbensolo while holding suit cards"),
        Option("hold_right", "any_higher_seat", ("any_higher_seat", "forehand_only"),
               section="G33",
               meaning="who may hold a bid: any higher seat or forehand only"),
        _on_off("call_own_king", "on", section="§4.2",
                meaning="a player may call a king he holds himself (and then plays alone)"),
        _on_off("four_kings_forbid_king_call", "off", section="G34",
                meaning="a player holding four kings may not bid a king-calling contract"),
        Option("unused_talon_owner", "declarer", ("declarer", "opponents"), section="G8",
               meaning="who counts the untaken talon half: the declarer's side or the opponents"),
        # G38 / G35: whether cards are shown changes nothing a record holds or a rule checks,
        # so both values are honoured by accepting them
        _on_off("sechserdreier_talon_exposed", "on", section="G38",
                meaning="the Sechserdreier talon is exposed before it is taken"),
        _on_off("show_discarded_tarocks", "off", section="G35",
                meaning="discarded tarocks are shown"),
        _on_off("redeal_no_king_no_tarock", "on", section="G31",
                meaning="a player without king and tarock may demand a redeal"),
        _on_off("allow_early_stop_misere", "off", section="G32",
                meaning="a negative contract may end as soon as it is decided"),
        Option("deal_order", "talon_first", ("talon_first", "talon_between"), section="§7.2",
               meaning="when the talon is dealt: first, or between the two packets"),
        Option("contract_values", "seed", ("seed", "tarockcup"), section="§7.2",
               meaning="the contract tariff: the seed's, or the Tarockcup tariff (Rufer 1, … Solodreier 8)"),
        Option("contract_order", "seed", ("seed", "oe2023"), section="§7.2",
               meaning="the contract ladder: the seed's, or the Upper Austrian 2023 one "
                       "(Piccolo < Bettel < Solorufer; Sechserdreier only as forehand's first "
                       "word; forehand may open with a contract)"),
        Option("bonus_scale", "seed", ("seed", "tarockcup"), section="§7.2",
               meaning="the bonus tariff: the seed's, or the Tarockcup tariff (Pagat 2, Uhu 4, Kakadu 6, Quapil 8, …)"),
        _on_off("quapil", "off", section="§7.2",
                meaning="the Quapil bonus (tarock IV wins trick 9) is played"),
        _on_off("farbendreier", "off", section="§7.2",
                meaning="the Farbendreier contract is played"),
        _on_off("extra_misere_contracts", "off", ("off",), section="§7.2",
                meaning="house negative contracts such as Zwiccolo are played"),
        _on_off("kaiserstich", "off", ("off",), section="§7.2",
                meaning="the Kaiserstich (Sküs, Mond and Pagat in one trick: the Pagat wins) is played"),
        _on_off("colour_game_kontra_or_valat", "off", section="§7.2",
                meaning="in Farbensolo and Farbendreier an opponent may either kontra or "
                        "announce the Valat, not both (OÖ 4/2023, Farbenspiele 4)"),
    )
