"""Königrufen contracts, card values and announcements as data (rules/koenigrufen.md §1, §3.1, §4.1)."""
from __future__ import annotations

from dataclasses import dataclass

from ...cards import TAROCK54, iter_bits

PACK = TAROCK54
C = PACK.index
KINGS = (C["SK"], C["CK"], C["HK"], C["DK"])
KING_MASK = sum(1 << k for k in KINGS)
T1, T2, T3, T21, T22 = C["T1"], C["T2"], C["T3"], C["T21"], C["T22"]
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
_BYTE_TABLES = tuple(
    tuple(sum(THIRDS[8 * b + i] for i in range(8) if (x >> i) & 1 and 8 * b + i < len(PACK))
          for x in range(256))
    for b in range(7)
)


def thirds(mask: int) -> int:
    """Σ w(c) over the cards of ``mask`` (§1.4)."""
    t = _BYTE_TABLES
    return (t[0][mask & 255] + t[1][(mask >> 8) & 255] + t[2][(mask >> 16) & 255]
            + t[3][(mask >> 24) & 255] + t[4][(mask >> 32) & 255] + t[5][(mask >> 40) & 255]
            + t[6][(mask >> 48) & 255])


def card_points(mask: int) -> int:
    """P(M) = floor((thirds + 1) / 3), §1.4 (normative engine formula)."""
    return (thirds(mask) + 1) // 3


def _beats(w: int) -> int:
    """Mask of the cards that beat card ``w`` currently winning a trick (§5.4 ``beats``)."""
    tarocks_above = sum(1 << c for c in range(len(PACK))
                        if PACK.suits[c] == "T" and PACK.strength[c] > PACK.strength[w])
    if PACK.suits[w] == "T":
        return tarocks_above
    same_above = sum(1 << c for c in range(len(PACK))
                     if PACK.suits[c] == PACK.suits[w] and PACK.strength[c] > PACK.strength[w])
    return TAROCK_MASK | same_above


#: BEATS[w]: cards that beat ``w`` in a trump contract (trick winner = no card beats it)
BEATS = tuple(_beats(w) for w in range(len(PACK)))

BIRDS = ("pagat", "uhu", "kakadu")
ALL_ANNOUNCEMENTS = ("pagat", "uhu", "kakadu", "king_ultimo", "trull", "four_kings", "valat")
#: §5.6: the card an announced bird reserves, and its target trick
BIRD_CARD = {"pagat": (T1, 12), "uhu": (T2, 11), "kakadu": (T3, 10)}


@dataclass(frozen=True)
class Contract:
    id: str
    rank: int
    value: int                 # V_win (§4.1)
    loss: int                  # V_loss
    family: str                # positive | misere | trischaken
    king_call: bool = False
    talon: str = "none"        # half | all | none
    talon_owner: str = "nobody"  # declarer | opponents | nobody (unused talon / discards)
    declarer_leads: bool = False
    solo: int = 1              # §6.2 bonus doubling
    announcements: tuple[str, ...] = ()
    tricks_goal: int | None = None  # misère: tricks the declarer must take

    @property
    def biddable(self) -> bool:
        return self.rank >= 4

    @property
    def bonus(self) -> bool:
        return self.family == "positive" and self.id != "farbensolo"


_KC = ALL_ANNOUNCEMENTS
_SOLO = ("pagat", "uhu", "kakadu", "trull", "four_kings", "valat")

CONTRACTS: dict[str, Contract] = {c.id: c for c in (
    Contract("rufer", 1, 10, 10, "positive", king_call=True, talon="half",
             talon_owner="declarer", announcements=_KC),
    Contract("sechserdreier", 1, 20, 40, "positive", talon="all", talon_owner="declarer",
             announcements=_SOLO),
    Contract("trischaken", 1, 10, 10, "trischaken", declarer_leads=True),
    Contract("piccolo", 4, 20, 20, "misere", declarer_leads=True, tricks_goal=1),
    Contract("solorufer", 5, 20, 20, "positive", king_call=True, talon_owner="opponents",
             solo=2, announcements=_KC),
    Contract("bettel", 6, 30, 30, "misere", declarer_leads=True, tricks_goal=0),
    Contract("besserrufer", 7, 20, 20, "positive", king_call=True, talon="half",
             talon_owner="declarer", announcements=_KC),
    Contract("dreier", 8, 40, 40, "positive", talon="half", talon_owner="declarer",
             announcements=_SOLO),
    Contract("farbensolo", 9, 50, 50, "positive", talon_owner="opponents",
             declarer_leads=True, announcements=("valat",)),
    Contract("piccolo_ouvert", 10, 60, 60, "misere", declarer_leads=True, tricks_goal=1),
    Contract("bettel_ouvert", 11, 80, 80, "misere", declarer_leads=True, tricks_goal=0),
    Contract("solodreier", 12, 100, 100, "positive", talon_owner="opponents", solo=2,
             announcements=_SOLO),
)}

BONUS_BASE = {"pagat": 10, "uhu": 20, "kakadu": 30, "king_ultimo": 10, "trull": 10,
              "four_kings": 10}
CAPTURE_BASE = 10
KONTRA_LEVELS = ("kontra", "rekontra", "subkontra")

__all__ = ["PACK", "CONTRACTS", "Contract", "card_points", "thirds", "iter_bits"]
