"""Königrufen contracts, card values and announcements as data (docs/rules/koenigrufen.md §1,
§3.1, §4.1)."""
from __future__ import annotations

from typing import Any

from ...cards import TAROCK54, iter_bits
from ...plain import Frozen
from ...tricks import beats_table

PACK = TAROCK54
C = PACK.index
KINGS = (C["SK"], C["CK"], C["HK"], C["DK"])
KING_MASK = sum(1 << k for k in KINGS)
T1, T2, T3, T4, T21, T22 = C["T1"], C["T2"], C["T3"], C["T4"], C["T21"], C["T22"]
TRULL_MASK = (1 << T1) | (1 << T21) | (1 << T22)
TAROCK_MASK = PACK.suit_mask["T"]
#: §4.3 never discarded: kings and the trull
FORBIDDEN_DISCARD = KING_MASK | TRULL_MASK

# §1.3 / §1.4: value in thirds per card: 3*value - 2 for counting cards, 1 for blanks
_VALUE = {"K": 5, "Q": 4, "N": 3, "J": 2}


def _card_value(code: str) -> int:
    if code in ("T22", "T21", "T1"):
        return 5
    if code[0] != "T" and code[1:] in _VALUE:
        return _VALUE[code[1:]]
    return 0


VALUE = tuple(_card_value(c) for c in PACK.codes)
THIRDS = tuple(3 * v - 2 if v else 1 for v in VALUE)
def _byte_table(b: int) -> tuple[int, ...]:
    """Σ THIRDS over the cards of byte ``b`` of a mask, for each value of the byte (each value
    is a smaller one plus its highest bit: one addition each, at import)."""
    cards = [THIRDS[8 * b + i] if 8 * b + i < len(THIRDS) else 0 for i in range(8)]
    table = [0] * 256
    for x in range(1, 256):
        top = x.bit_length() - 1
        table[x] = table[x ^ (1 << top)] + cards[top]
    return tuple(table)


_BYTE_TABLES = tuple(_byte_table(b) for b in range(7))


def thirds(mask: int) -> int:
    """Σ w(c) over the cards of ``mask`` (§1.4)."""
    t = _BYTE_TABLES
    # the mask's bytes at once: each shift of a mask past 30 bits would make a new int
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")
    return (t[0][b0] + t[1][b1] + t[2][b2] + t[3][b3] + t[4][b4] + t[5][b5] + t[6][b6])


def card_points(mask: int) -> int:
    """P(M) = floor((thirds + 1) / 3), §1.4 (normative engine formula)."""
    return (thirds(mask) + 1) // 3


#: BEATS[w]: cards that beat ``w`` in a trump contract (§5.4 ``beats``; the trick's winner is
#: the card no later card beats)
BEATS = beats_table(PACK.suits, PACK.strength)

#: the birds; the Quapil (T4, trick 9) only under ``quapil = on`` (§7.2)
BIRDS = ("pagat", "uhu", "kakadu", "quapil")
ALL_ANNOUNCEMENTS = ("pagat", "uhu", "kakadu", "quapil", "king_ultimo", "trull", "four_kings",
                     "valat")
#: §5.6: the card an announced bird reserves, and its target trick. §7.2 Quapil: "T4 wins
#: trick 9" — reserved, due and kept exactly like the three seed birds (its target trick is the
#: next one before the Kakadu's, so the §5.6 rules apply unchanged)
BIRD_CARD = {"pagat": (T1, 12), "uhu": (T2, 11), "kakadu": (T3, 10), "quapil": (T4, 9)}


class Contract(Frozen):
    """One contract of the game: its rank, values, talon and the play it asks for."""

    _fields = ("id", "rank", "value", "loss", "family", "king_call", "talon", "talon_owner",
               "declarer_leads", "solo", "announcements", "tricks_goal", "no_trump")
    id: str
    rank: int
    value: int                 # V_win (§4.1)
    loss: int                  # V_loss
    family: str                # positive | misere | trischaken
    king_call: bool
    talon: str                 # half | all | none
    talon_owner: str             # declarer | opponents | nobody (unused talon / discards)
    declarer_leads: bool
    solo: int                  # §6.2 bonus doubling
    announcements: tuple[str, ...]
    tricks_goal: int | None         # misère: tricks the declarer must take
    no_trump: bool             # §5.5: tarocks are a fifth suit (Farbensolo, Farbendreier)

    def __init__(self, id: str, rank: int, value: int, loss: int, family: str,
                 king_call: bool = False, talon: str = "none", talon_owner: str = "nobody",
                 declarer_leads: bool = False, solo: int = 1,
                 announcements: tuple[str, ...] = (), tricks_goal: int | None = None,
                 no_trump: bool = False) -> None:
        self.id = id
        self.rank = rank
        self.value = value
        self.loss = loss
        self.family = family
        self.king_call = king_call
        self.talon = talon
        self.talon_owner = talon_owner
        self.declarer_leads = declarer_leads
        self.solo = solo
        self.announcements = announcements
        self.tricks_goal = tricks_goal
        self.no_trump = no_trump

    def but(self, **changes: int) -> Contract:
        """This contract with another ``rank``, ``value`` or ``loss`` (``dataclasses.replace``)."""
        fields: dict[str, Any] = {name: getattr(self, name) for name in self._fields}
        return Contract(**{**fields, **changes})


    @property
    def biddable(self) -> bool:
        return self.rank >= 40

    @property
    def bonus(self) -> bool:
        """A bonus contract (§6.4): positive and with trumps."""
        return self.family == "positive" and not self.no_trump


#: the announcements of each contract (§4.6.2); the Quapil is added by the engine where the
#: birds are allowed, under ``quapil = on``
_KC = ("pagat", "uhu", "kakadu", "king_ultimo", "trull", "four_kings", "valat")
_SOLO = ("pagat", "uhu", "kakadu", "trull", "four_kings", "valat")

#: the seed's contracts (§4.1); ``rank`` here is the seed's (§3.1), a rule set's table
#: (``contract_table``) ranks them by its ``contract_order``
CONTRACTS: dict[str, Contract] = {c.id: c for c in (
    Contract("rufer", 10, 10, 10, "positive", king_call=True, talon="half",
             talon_owner="declarer", announcements=_KC),
    Contract("sechserdreier", 10, 20, 40, "positive", talon="all", talon_owner="declarer",
             announcements=_SOLO),
    Contract("trischaken", 10, 10, 10, "trischaken", declarer_leads=True),
    Contract("piccolo", 40, 20, 20, "misere", declarer_leads=True, tricks_goal=1),
    Contract("solorufer", 50, 20, 20, "positive", king_call=True, talon_owner="opponents",
             solo=2, announcements=_KC),
    Contract("bettel", 60, 30, 30, "misere", declarer_leads=True, tricks_goal=0),
    Contract("besserrufer", 70, 20, 20, "positive", king_call=True, talon="half",
             talon_owner="declarer", announcements=_KC),
    Contract("dreier", 80, 40, 40, "positive", talon="half", talon_owner="declarer",
             announcements=_SOLO),
    # solo = 2: a solo game ("Solospiel", with Solorufer and Solodreier). Under the seed its
    # only bonus is Valat, which ``solo`` never multiplies (§6.2), so this changes nothing
    # there; where it knows Four Kings (``farbensolo_bonuses = valat_and_four_kings``, the
    # modern rules of §7.2) they are doubled: [OÖ23 Ansagen 1] "Alle Prämien zählen still die
    # Hälfte, bei den Solospielen doppelt" (harbour-tarock summary §5.1, §7.3: the Solospiele
    # are Solorufer, Solodreier and Farbensolo, after LTA-GK1 Kap. 9)
    Contract("farbensolo", 90, 50, 50, "positive", talon_owner="opponents",
             declarer_leads=True, solo=2, announcements=("valat",), no_trump=True),
    Contract("piccolo_ouvert", 100, 60, 60, "misere", declarer_leads=True, tricks_goal=1),
    Contract("bettel_ouvert", 110, 80, 80, "misere", declarer_leads=True, tricks_goal=0),
    Contract("solodreier", 120, 100, 100, "positive", talon_owner="opponents", solo=2,
             announcements=_SOLO),
)}

#: §7.2 Farbendreier (``farbendreier = on``): "no-trump Dreier with a 3-card talon half;
#: tarocks discarded first". Decisions where the cup's rules say no more (tarockcup.at lists
#: only its value 3, between A-Rufer and Sechserdreier):
#: * ranked between Besserrufer and Dreier (the cup table's order);
#: * forehand leads, as in the Dreier it is a variant of (§4.1);
#: * play as Farbensolo (§5.3/§5.5: no trumps, ``farbensolo_tarock_lead`` applies), bonuses as
#:   Farbensolo (``farbensolo_bonuses``: Valat, with the option also Four Kings);
#: * the talon, the discard and the untaken half as in the Dreier (§4.3, ``unused_talon_owner``),
#:   the discard rule mirrored (``discard_tarocks_first``, see the engine);
#: * seed-unit value 30 (1 cup unit ≈ 10 seed points, §7.2; between Besserrufer 20 and Dreier 40).
FARBENDREIER = Contract("farbendreier", 75, 30, 30, "positive", talon="half",
                        talon_owner="declarer", announcements=("valat",), no_trump=True)

#: §7.2 "Contract values" row, tarockcup.at "Spielwertigkeit und Punktebewertung":
#: (V_win, V_loss) in cup units. Besserrufer (A-Rufer) "1+": 1, the compulsory bird is its
#: own bonus item (§6.3); Sechserdreier 4, "lost 8" (§7.2).
TAROCKCUP_VALUES = {
    "trischaken": (1, 1), "rufer": (1, 1), "piccolo": (2, 2), "bettel": (2, 2),
    "solorufer": (2, 2), "besserrufer": (1, 1), "farbendreier": (3, 3),
    "sechserdreier": (4, 8), "dreier": (4, 4), "farbensolo": (6, 6), "piccolo_ouvert": (6, 6),
    "bettel_ouvert": (7, 7), "solodreier": (8, 8),
}

class Order(Frozen):
    """A contract order as data (``contract_order``): which contracts the auction knows, how
    they rank, and the contracts only one moment of the auction may name. The notation is the
    seed's (Appendix C): forehand's first call, "Mein Spiel" (= the cups' "Vorhand"), is
    ``mein_spiel``; a contract named in the auction is its id; forehand's free choice after Mein
    Spiel and three passes is one more entry by forehand (any contract not on ``ladder``, and
    any on it but those in ``first_word_only``)."""

    _fields = ("ladder", "open_with_contract", "first_word_only")
    #: the contracts of the auction, lowest first (a contract the rule set does not play is
    #: skipped); the others are only forehand's free choice after Mein Spiel and three passes
    ladder: tuple[str, ...]
    #: forehand may open with a contract of the ladder instead of mein_spiel
    open_with_contract: bool
    #: ladder contracts that only forehand's first call may name: never a later bid, never the
    #: free choice
    first_word_only: tuple[str, ...]

    def __init__(self, ladder: tuple[str, ...], open_with_contract: bool,
                 first_word_only: tuple[str, ...] = ()) -> None:
        self.ladder = ladder
        self.open_with_contract = open_with_contract
        self.first_word_only = first_word_only


ORDERS: dict[str, Order] = {
    # §3.1: Rufer, Sechserdreier, Trischaken only at the free choice; forehand's first call is
    # always Mein Spiel (§3.2); Solorufer below Bettel
    "seed": Order(ladder=("piccolo", "solorufer", "bettel", "besserrufer", "farbendreier",
                          "dreier", "farbensolo", "piccolo_ouvert", "bettel_ouvert",
                          "solodreier"),
                  open_with_contract=False),
    # §7.2 ``contract_order = oe2023``: the order of the cups' tariff tables (tarockcup.at
    # "Spielwertigkeit und Punktebewertung", Österreich-Finale 2021 "Spiele und
    # Ansagen/Prämien"; OÖ 4/2023: the tariff table *is* the bidding order): Trischaken, Rufer
    # (only at the free choice after "Vorhand" and three passes: not on the ladder), Piccolo <
    # Bettel < Solorufer < Besserrufer (A-Rufer) < Farbendreier < Sechserdreier < Dreier <
    # Farbensolo < Piccolo ouvert < Bettel ouvert < Solodreier. "Die Vorhand beginnt mit
    # 'Vorhand' oder einer Spielansage" (tarockcup.at Allgemeines bullet 2): forehand opens
    # with mein_spiel or any ladder contract (never with a pass, Rufer or Trischaken). The
    # Sechserdreier only "vorneweg", as forehand's first word (OÖ 4/2023 Vorhand 1): a later
    # bid of it and its free choice after Vorhand and three passes are refused.
    "oe2023": Order(ladder=("piccolo", "bettel", "solorufer", "besserrufer", "farbendreier",
                            "sechserdreier", "dreier", "farbensolo", "piccolo_ouvert",
                            "bettel_ouvert", "solodreier"),
                    open_with_contract=True, first_word_only=("sechserdreier",)),
}

_TABLES: dict[tuple[str, bool, str], dict[str, Contract]] = {}


def contract_table(values: str, farbendreier: bool, order: str = "seed") -> dict[str, Contract]:
    """The contracts a rule set plays, with its tariff (``contract_values``, ``farbendreier``)
    and ranks (``contract_order``), in ladder order: first the free-choice contracts (rank 10),
    then the ladder lowest first (ranks 40, 50, …); built once per combination."""
    key = (values, farbendreier, order)
    table = _TABLES.get(key)
    if table is None:
        played = {**CONTRACTS, **({"farbendreier": FARBENDREIER} if farbendreier else {})}
        ladder = [cid for cid in ORDERS[order].ladder if cid in played]
        chosen = [c.but(rank=10) for cid, c in played.items() if cid not in ladder]
        chosen += [played[cid].but(rank=40 + 10 * i) for i, cid in enumerate(ladder)]
        if values == "tarockcup":
            chosen = [c.but(value=TAROCKCUP_VALUES[c.id][0], loss=TAROCKCUP_VALUES[c.id][1])
                      for c in chosen]
        table = _TABLES[key] = {c.id: c for c in chosen}
    return table


#: §6.4 silent base values b (announced: 2b). The Quapil under the seed scale: 40, continuing
#: the linear series 10/20/30 (decision, as G1 for the Kakadu).
BONUS_BASE = {"pagat": 10, "uhu": 20, "kakadu": 30, "quapil": 40, "king_ultimo": 10,
              "trull": 10, "four_kings": 10}
CAPTURE_BASE = 10
#: §7.2 "Bonus scale" row (tarockcup.at "Ansagen und Punktebewertung"): announced Pagat 2,
#: Uhu 4, Kakadu 6, Quapil 8, King Ultimo / Trull / All Kings 2; "silent = half" — so b is half
#: the announced value and the seed's announced = 2b stays. ``kakadu_value`` (G1, a seed
#: inconsistency) belongs to the seed scale only. Captures are not in the cup ("weder
#: Kaiserstich noch Fänge"); where a rule set combines them with this scale they count 1, the
#: seed's 10 in cup units (decision).
TAROCKCUP_BONUS_BASE = {"pagat": 1, "uhu": 2, "kakadu": 3, "quapil": 4, "king_ultimo": 1,
                        "trull": 1, "four_kings": 1}
TAROCKCUP_CAPTURE_BASE = 1
#: The solo games' bonus doubling (``solo = 2``: Solorufer, Solodreier, Farbensolo) stays under
#: the cup scale: [OÖ23 Ansagen 1] doubles every bonus "bei den Solospielen"; the cup's page
#: (tarockcup.at, as far as it was available) names the bonus values only and says nothing
#: against it. The Farbendreier is no solo game: its Four Kings count once.
KONTRA_LEVELS = ("kontra", "rekontra", "subkontra")

#: the contracts as players name them, for every page and text output (ids stay in the data)
DISPLAY_NAMES: dict[str, str] = {
    "rufer": "Rufer", "sechserdreier": "Sechserdreier", "trischaken": "Trischaken",
    "piccolo": "Piccolo", "solorufer": "Solorufer", "bettel": "Bettel",
    "besserrufer": "Besserrufer", "dreier": "Dreier", "farbensolo": "Farbensolo",
    "piccolo_ouvert": "Piccolo ouvert", "bettel_ouvert": "Bettel ouvert",
    "solodreier": "Solodreier", "farbendreier": "Farbendreier"}

__all__ = ["PACK", "CONTRACTS", "Contract", "card_points", "thirds", "iter_bits"]
