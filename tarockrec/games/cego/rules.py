"""Cego rule options (docs/rules/cego.md Appendix A). Default = the seed.

Every option of Appendix A is listed; the values this engine does not implement are refused
with OPTION-UNSUPPORTED, never ignored.
"""
from __future__ import annotations


from ...rules import Choice, ON_OFF, Option, RuleSet


class MultipleSoloHands(Choice):
    EACH = "each"
    FIRST_ONLY = "first_only"


class RaeuberTie(Choice):
    ALL_TIED = "all_tied"
    PARLETT = "parlett"


def _on_off(name: str, supported: tuple[str, ...] = ON_OFF, section: str = "",
            meaning: str = "") -> Option:
    return Option(name, "off", ON_OFF, supported, section=section, meaning=meaning)


class CegoRules(RuleSet):
    game = "cego"
    options = (
        # §4.4 / G13: a kept court is the designated blank (the kept cards name it)
        _on_off("court_as_blank", section="§4.4",
                meaning="a kept court card may be named as the designated blank"),
        _on_off("court_as_blank_eine_leere", section="§4.4",
                meaning="the court-as-blank relaxation also applies to Eine Leere"),
        _on_off("exposed_lead", section="§4.3",
                meaning="the exposed-lead variant (adapted from Parlett) is played"),
        # the option values of Appendix A contain dots; the notation's option strings are
        # identifiers, so they are written t18_t22 / t18_t21
        Option("solo_hand_high", "t18_t22", ("t18_t22", "t18_t21"), section="§4.5",
               meaning="which trumps count as high in the Solo-hand test (with or without the Stieß)"),
        Option("multiple_solo_hands", "each", ("each", "first_only"), section="G6",
               meaning="whether each defender holding a Solo hand is penalised, or only the first"),
        Option("raeuber_tie", "all_tied", ("all_tied", "parlett"), section="G9",
               meaning="how ties for most points in Räuber are settled"),
        _on_off("require_full_play", section="§5.5",
                meaning="a record must contain every trick (no early end once the result is decided)"),
    )
    court_as_blank: bool
    court_as_blank_eine_leere: bool
    exposed_lead: bool
    multiple_solo_hands: MultipleSoloHands
    raeuber_tie: RaeuberTie
    require_full_play: bool

    @property
    def high_trumps(self) -> str:
        """The Solo-hand test's high trumps (§4.5): ``T18..T22`` or ``T18..T21``."""
        return "T18..T21" if self.values["solo_hand_high"] == "t18_t21" else "T18..T22"
