"""Carinthian contracts, card values, birds and counting as data (docs/rules/carinthian.md §1,
§4.3)."""
from __future__ import annotations


from ...plain import Frozen
from ...cards import TAROCK54, byte_sums, mask_sum
from ...tricks import beats_table

PACK = TAROCK54
C = PACK.index
KINGS = (C["SK"], C["CK"], C["HK"], C["DK"])
KING_MASK = sum(1 << k for k in KINGS)
T1, T2, T3, T21, T22 = C["T1"], C["T2"], C["T3"], C["T21"], C["T22"]
TRULL_MASK = (1 << T1) | (1 << T21) | (1 << T22)
TAROCK_MASK = PACK.suit_mask["T"]
SUIT_CARDS = PACK.full_mask & ~TAROCK_MASK
#: §4.2: never discardable
FORBIDDEN_DISCARD = KING_MASK | TRULL_MASK
#: §4.2: the "free cards": suit cards other than kings
FREE_MASK = SUIT_CARDS & ~KING_MASK
#: §4.2: tarocks that may be discarded when too few free cards are held (T2..T20)
DISCARDABLE_TAROCKS = TAROCK_MASK & ~TRULL_MASK

_VALUE = {"K": 5, "Q": 4, "N": 3, "J": 2}


def _card_value(code: str) -> int:
    if code in ("T22", "T21", "T1"):
        return 5
    if code[0] != "T" and code[1:] in _VALUE:
        return _VALUE[code[1:]]
    return 1


#: §1.4 raw card values (the whole pack sums to 106)
VALUE = tuple(_card_value(c) for c in PACK.codes)
_VALUE_BYTES = byte_sums(VALUE)


def raw(mask: int) -> int:
    return mask_sum(mask, _VALUE_BYTES)           # Σ VALUE[c], a byte at a time


def points(mask: int) -> int:
    """§1.4 pile count: s − 2·floor(n/3) − (1 if n mod 3 ≠ 0)."""
    n = mask.bit_count()
    if not n:
        return 0
    return raw(mask) - 2 * (n // 3) - (1 if n % 3 else 0)


#: cards that beat card ``w`` when it is winning the trick (§5.2 rule 4, §5.8 ``beats``)
BEATS = beats_table(PACK.suits, PACK.strength)

#: §4.3 / §6.3 birds: card, target trick, base value
BIRDS = ("pagat", "uhu", "kike")
BIRD_CARD = {"pagat": T1, "uhu": T2, "kike": T3}
BIRD_TRICK = {"pagat": 16, "uhu": 15, "kike": 14}
BIRD_BASE = {"pagat": 4, "uhu": 6, "kike": 8}
ANNOUNCEMENTS = ("pagat", "uhu", "kike", "valat", "fuenfzig")
KONTRA, RETOUR = "kontra", "retour"
ZAHLE = "zahle"


class Contract(Frozen):
    """One contract: its rank, value, target and talon."""

    _fields = ("id", "rank", "value", "target", "talon")
    id: str
    rank: int
    value: int          # base game points (GP)
    target: int         # card points the declarer needs
    talon: bool         # the talon exchange of §4.2 (not Solo)

    def __init__(self, id: str, rank: int, value: int, target: int, talon: bool) -> None:
        self.id = id
        self.rank = rank
        self.value = value
        self.target = target
        self.talon = talon


#: §1.5, lowest first
CONTRACTS: dict[str, Contract] = {c.id: c for c in (
    Contract("angesehen", 0, 3, 36, True),
    Contract("hinunter", 1, 4, 36, True),
    Contract("drei", 2, 5, 36, True),
    Contract("vier", 3, 6, 36, True),
    Contract("vierzig", 4, 7, 40, True),
    Contract("solo", 5, 12, 36, False),
)}
LADDER = tuple(CONTRACTS)
FUENFZIG_VALUE, FUENFZIG_TARGET = 11, 50
VALAT_WIN, VALAT_SILENT = 48, 24
TRISCHAK = "trischak"
TRISCHAK_BASE = 3
ZAHLE_VALUE = 3
MODES = ("stichzwang", "nachlassen")
HALVES = ("a", "b")


#: the contracts as players name them, for every page and text output (ids stay in the data)
DISPLAY_NAMES: dict[str, str] = {
    "angesehen": "Angesehen", "hinunter": "Hinunter", "drei": "Drei", "vier": "Vier",
    "vierzig": "Vierzig", "solo": "Solo", TRISCHAK: "Trischak"}
