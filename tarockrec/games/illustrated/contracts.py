"""Illustrated Tarokk data: pack, card points, bids, talon table, bonuses
(docs/rules/illustrated.md §1, §4)."""
from __future__ import annotations

from ...cards import TAROCK42

PACK = TAROCK42
C = PACK.index
T1, T2, T18, T19, T20, T21, T22 = (C["T1"], C["T2"], C["T18"], C["T19"], C["T20"], C["T21"],
                                   C["T22"])
TAROCK_MASK = PACK.suit_mask["T"]
KING_OF = {s: C[s + "K"] for s in ("S", "C", "H", "D")}
KING_MASK = sum(1 << k for k in KING_OF.values())
HONOUR_MASK = (1 << T1) | (1 << T21) | (1 << T22)
HIGH_HONOUR_MASK = (1 << T21) | (1 << T22)
#: non-honour tarokks T2..T20 (the callable cards, §4.6)
CALLABLE = tuple(C[f"T{n}"] for n in range(20, 1, -1))

# §1.3 card points
_POINTS = {"K": 5, "Q": 4, "N": 3, "J": 2}


def _points(code: str) -> int:
    if code in ("T22", "T21", "T1"):
        return 5
    if code[0] == "T":
        return 1
    return _POINTS.get(code[1:], 1)


POINTS = tuple(_points(c) for c in PACK.codes)
assert sum(POINTS) == 94


#: the cards worth at least 1, 2, 3, 4, 5 points: a card of k points is in the first k masks
_AT_LEAST = tuple(sum(1 << c for c, p in enumerate(POINTS) if p >= k) for k in range(1, 6))


def card_points(mask: int) -> int:
    """The card points of the cards in ``mask`` (§1.3)."""
    a1, a2, a3, a4, a5 = _AT_LEAST
    return ((mask & a1).bit_count() + (mask & a2).bit_count() + (mask & a3).bit_count()
            + (mask & a4).bit_count() + (mask & a5).bit_count())


# §1.4 bids: rank, game value g, talon cards per position from the declarer (§4.1)
LEVELS = ("three", "two", "one", "solo")
RANK = {b: i for i, b in enumerate(LEVELS)}
GAME_VALUE = {"three": 1, "two": 2, "one": 3, "solo": 4}
TALON_TABLE = {"three": (3, 1, 1, 1), "two": (2, 2, 1, 1), "one": (1, 2, 2, 1), "solo": (0, 2, 2, 2)}
CALLS = ("pass", "hold") + LEVELS

# §4.11 kontra levels; the sixth, Fedák Sári (×64), only where a rule set goes so far
# (``max_kontra_level = 6``: the AkosUzonyi/Tarock server, docs/akos.md)
KONTRA_LEVELS = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra", "fedak_sari")
LEVEL_OF = {k: i + 1 for i, k in enumerate(KONTRA_LEVELS)}

# §4.9 bonuses: id -> (silent value or None, announced value)
SUITS = ("S", "C", "H", "D")
BASE_BONUSES = ("trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch",
                "centrum", "kismadar", "nagymadar", "pagat_uhu")
KING_BONUSES = tuple(f"king_ultimo:{s}" for s in SUITS) + tuple(f"king_uhu:{s}" for s in SUITS)
ALL_BONUSES = BASE_BONUSES + KING_BONUSES
#: G45 ``sas_bonuses``: the sas (T2) ultimó and uhu (Tarokk Kupa Versenyszabályzat 1§ items 12
#: and 16: sas ultimó 10, silent 5; sas uhu 15 — scoring.py gives the sas uhu the pagát uhu's
#: value, ``pagat_uhu_value``: 15 in the Kupa, 20 for both uhus on pagat.com)
SAS_BONUSES = ("sas_ultimo", "sas_uhu")
ANNOUNCED_VALUE = {"trull": 2, "four_kings": 2, "pagat_ultimo": 10, "xxi_catch": 42,
                   "centrum": 10, "kismadar": 10, "nagymadar": 10, "pagat_uhu": 20,
                   "king_ultimo": 15, "king_uhu": 20, "sas_ultimo": 10, "sas_uhu": 20}
HAND_BONUSES = {"eight_tarokk": (8, 1), "nine_tarokk": (9, 2)}


def bonus_kind(bonus: str) -> str:
    return bonus.split(":", 1)[0]


def binding(bonus: str) -> tuple[int, int, bool] | None:
    """§5.3: (bound card, target trick, is a bird) of an announcement, or None."""
    kind, _, suit = bonus.partition(":")
    if kind == "pagat_ultimo":
        return T1, 9, False
    if kind == "pagat_uhu":
        return T1, 8, False
    if kind == "sas_ultimo":
        return T2, 9, False
    if kind == "sas_uhu":
        return T2, 8, False
    if kind == "king_ultimo":
        return KING_OF[suit], 9, False
    if kind == "king_uhu":
        return KING_OF[suit], 8, False
    if kind == "centrum":
        return T20, 5, True
    if kind == "kismadar":
        return T21, 6, True
    if kind == "nagymadar":
        return T22, 7, True
    return None


#: ``binding`` of every bonus id (None: the bonus binds no card)
BINDINGS = {b: binding(b) for b in ALL_BONUSES + SAS_BONUSES}

#: (ultimó id, uhu id) pairs on the same card (§4.10.2 rule 3)
ULTIMO_UHU = {"pagat_ultimo": "pagat_uhu", "sas_ultimo": "sas_uhu",
              **{f"king_ultimo:{s}": f"king_uhu:{s}" for s in SUITS}}
UHU_ULTIMO = {v: k for k, v in ULTIMO_UHU.items()}
#: bonuses the undeclared 8/9-tarokk holder may not announce or kontra (§4.10.2 rule 6)
TAROKK_BARRED = ("pagat_ultimo", "pagat_uhu", "king_ultimo", "king_uhu")
#: ``tarokk_declaration = kupa``: whoever announces or kontras a pagát or sas ultimó or uhu must
#: have stated his 8 or 9 tarokks (Tarokk Kupa Versenyszabályzat 1§ "1., Tarokkszám")
KUPA_TAROKK_BARRED = ("pagat_ultimo", "pagat_uhu", "sas_ultimo", "sas_uhu")
#: the silent ultimós (§6.4): (card, ultimó id, uhu id)
SILENT_ULTIMOS = ((T1, "pagat_ultimo", "pagat_uhu"), (T2, "sas_ultimo", "sas_uhu"))


#: the games as players name them (the bidding levels), for every page and text output
DISPLAY_NAMES: dict[str, str] = {"three": "Three (három)", "two": "Two (kettő)",
                                 "one": "One (egy)", "solo": "Solo (szóló)"}
