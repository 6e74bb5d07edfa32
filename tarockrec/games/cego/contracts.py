"""Cego contracts, packs, card values and score tables as data (docs/rules/cego.md §0.3, §1, §3,
§4.2, §6). The 3- and 4-player packs differ (§1.2), so every card table is kept per table size
in a ``PackInfo``; trumps are indices 0–21 (``T1``…``T22``) in both packs."""
from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Mapping

from ...plain import Frozen
from ...cards import SUITS, TAROCK54, TRUMP, Pack, byte_sums, mask_sum

#: §3.1 the contract ladder, lowest first
LADDER: tuple[str, ...] = ("solo", "cego", "eine", "eine_leere", "zwei_leere",
                           "zwei_verschiedene", "pfeife")
#: the ladder bids of the ranked auction (§3.4): Solo is bid only in the Solo round
RANKED: tuple[str, ...] = LADDER[1:]
#: 4-player contracts outside the ladder (§3.6)
PB: tuple[str, ...] = ("piccolo", "bettel")
CONTRACTS: tuple[str, ...] = (*LADDER, *PB, "raeuber")
#: every auction call of the notation (Appendix B): the ladder, hold, pass, Piccolo, Bettel and
#: forehand's choice after an unraised Cego (§3.6)
CALLS: tuple[str, ...] = ("pass", "hold", *LADDER, *PB, "raeuber", "play_cego")

#: §6.3 factor M without / with a Solo bid (Solo itself: 1 won, 2 lost, §6.3 first row)
FACTOR_NO_SOLO: Mapping[str, int] = MappingProxyType(
    {"cego": 1, "eine": 2, "eine_leere": 3, "zwei_leere": 4, "zwei_verschiedene": 5,
     "pfeife": 6})
FACTOR_SOLO: Mapping[str, int] = MappingProxyType(
    {"cego": 2, "eine": 3, "eine_leere": 4, "zwei_leere": 5, "zwei_verschiedene": 6,
     "pfeife": 7})
SOLO_FACTOR_WON, SOLO_FACTOR_LOST = 1, 2
#: §6.7 fixed values
PB_VALUE: Mapping[str, int] = MappingProxyType({"piccolo": 10, "bettel": 15})
#: §5.4 tricks the declarer must win in Piccolo / Bettel
PB_TRICKS: Mapping[str, int] = MappingProxyType({"piccolo": 1, "bettel": 0})
#: §6.8 Räuber sheet entries
RAEUBER_LOSS, RAEUBER_LOSS_FOREHAND = 5, 10


class Exchange(Frozen):
    """§4.2: how many cards the declarer keeps, what they must be, the extra discard."""

    __slots__ = _fields = ("keep", "kind", "extra", "exposed")
    keep: int
    #: "any", "pip" (Eine Leere), "pips_same_suit", "pips_two_suits", "pfeife"
    kind: str
    #: "none", "any" (Cego), "lowest_trump" (Zwei Leere), "highest_trump" (Zwei Verschiedene)
    extra: str
    #: §4.3 the kept cards lie face up until the first lead
    exposed: bool

    def __init__(self, keep: int, kind: str, extra: str, exposed: bool) -> None:
        self.keep = keep
        self.kind = kind
        self.extra = extra
        self.exposed = exposed


EXCHANGES: Mapping[str, Exchange] = MappingProxyType({
    "cego": Exchange(2, "any", "any", False),
    "eine": Exchange(1, "any", "none", False),
    "eine_leere": Exchange(1, "pip", "none", True),
    "zwei_leere": Exchange(2, "pips_same_suit", "lowest_trump", True),
    "zwei_verschiedene": Exchange(2, "pips_two_suits", "highest_trump", True),
    "pfeife": Exchange(1, "pfeife", "none", True),
})

# -- §6.2 the achievement table A, as data: (lowest P of the band, A), highest band first ----
ACHIEVEMENT: tuple[tuple[int, int], ...] = (
    (70, 8), (65, 7), (60, 6), (55, 5), (50, 4), (45, 3), (40, 2), (36, 1),
    (31, -1), (26, -2), (21, -3), (16, -4), (11, -5), (6, -6), (1, -7), (0, -8),
)
#: §1.7 the declarer needs 36 of 70
TOTAL_POINTS = 70
WIN_POINTS = 36


def achievement(p: int) -> int:
    """§6.2: A for the declarer's card points ``p`` (never 0)."""
    for low, a in ACHIEVEMENT:
        if p >= low:
            return a
    raise ValueError(f"card points {p} below 0")


# -- packs (§1.2) ------------------------------------------------------------------------------
_VALUES = {"K": 5, "Q": 4, "N": 3, "J": 2}


def _value(code: str) -> int:
    """§1.5 card points."""
    if code in ("T22", "T21", "T1"):
        return 5
    if code[0] != TRUMP:
        return _VALUES.get(code[1:], 0)
    return 0


def _pack51() -> Pack:
    """§1.2: the 4-player pack without S7, C7 and D4."""
    drop = {"S7", "C7", "D4"}
    keep = [i for i, c in enumerate(TAROCK54.codes) if c not in drop]
    return Pack("51-card Cego", tuple(TAROCK54.codes[i] for i in keep),
                tuple(TAROCK54.suits[i] for i in keep), tuple(TAROCK54.strength[i] for i in keep))


PACK4 = Pack("54-card Cego", TAROCK54.codes, TAROCK54.suits, TAROCK54.strength)
PACK3 = _pack51()


class PackInfo(Frozen):
    """The card tables of one table size."""

    _fields = ("n", "pack", "talon_size", "hand_size", "tricks", "trump_mask", "pip_mask", "value",
               "beats", "high")
    n: int
    pack: Pack
    talon_size: int
    hand_size: int
    tricks: int
    trump_mask: int
    #: §0.2 pip cards (non-trump cards ranked 10/9/8/7 or 1/2/3/4)
    pip_mask: int
    value: tuple[int, ...]
    #: card -> mask of the cards that beat it when it is winning a trick (§5.3)
    beats: tuple[int, ...]
    #: §4.5 high trumps of the Solo-hand test, by the option's value
    high: Mapping[str, int]

    def __init__(self, n: int, pack: Pack, talon_size: int, hand_size: int, tricks: int,
                 trump_mask: int, pip_mask: int, value: tuple[int, ...],
                 beats: tuple[int, ...], high: Mapping[str, int]) -> None:
        self.n = n
        self.pack = pack
        self.talon_size = talon_size
        self.hand_size = hand_size
        self.tricks = tricks
        self.trump_mask = trump_mask
        self.pip_mask = pip_mask
        self.value = value
        self.beats = beats
        self.high = high


    @functools.cached_property
    def _raw_bytes(self) -> tuple[tuple[int, ...], ...]:
        return byte_sums([v if v else 1 for v in self.value])

    def count(self, mask: int) -> int:
        """§1.6: count(P) = Σ raw(c) − 2·⌊|P|/3⌋ − (1 if |P| mod 3 ≠ 0)."""
        raw = mask_sum(mask, self._raw_bytes)          # Σ raw(c), a byte at a time
        size = mask.bit_count()
        return raw - 2 * (size // 3) - (1 if size % 3 else 0)

    def suit_cards(self, mask: int) -> dict[str, int]:
        """Non-trump cards of ``mask`` per suit (non-empty suits only)."""
        out: dict[str, int] = {}
        for s in SUITS:
            m = mask & self.pack.suit_mask[s]
            if m:
                out[s] = m
        return out

    def suit_pips(self, mask: int) -> dict[str, int]:
        """Pip cards of ``mask`` per suit (non-empty suits only)."""
        out: dict[str, int] = {}
        for s in SUITS:
            m = mask & self.pip_mask & self.pack.suit_mask[s]
            if m:
                out[s] = m
        return out


def _info(n: int, pack: Pack) -> PackInfo:
    codes = pack.codes
    trump = pack.suit_mask[TRUMP]
    pips = sum(1 << i for i, c in enumerate(codes) if c[0] != TRUMP and c[1:] not in _VALUES)
    beats = []
    for w in range(len(pack)):
        above = sum(1 << c for c in range(len(pack))
                    if pack.suits[c] == pack.suits[w] and pack.strength[c] > pack.strength[w])
        beats.append(above if pack.suits[w] == TRUMP else trump | above)
    high = {"T18..T22": sum(1 << pack.index[f"T{k}"] for k in range(18, 23)),
            "T18..T21": sum(1 << pack.index[f"T{k}"] for k in range(18, 22))}
    talon = 12 if n == 3 else 10
    hand = 13 if n == 3 else 11
    return PackInfo(n, pack, talon, hand, hand, trump, pips, tuple(_value(c) for c in codes),
                    tuple(beats), MappingProxyType(high))


INFO: Mapping[int, PackInfo] = MappingProxyType({3: _info(3, PACK3), 4: _info(4, PACK4)})


def can_hold(info: PackInfo, hand: int, contract: str, blanks: bool = False) -> bool:
    """§3.2 ``can(seat, contract)`` on the dealt hand ``hand`` (also binds holds). With
    ``blanks`` (option court_as_blank, §4.4) "pip card" reads "non-trump card"."""
    if contract == "eine_leere":
        return bool(hand & (~info.trump_mask if blanks else info.pip_mask))
    if contract in ("zwei_leere", "zwei_verschiedene"):
        pool = info.suit_cards(hand) if blanks else info.suit_pips(hand)
        if contract == "zwei_leere":
            return any(m.bit_count() >= 2 for m in pool.values())
        return len(pool) >= 2
    if contract == "pfeife":
        return bool(hand & 1)               # T1 is index 0 in both packs
    return True


def blank_beats(info: PackInfo, blanks: int) -> tuple[int, ...]:
    """§4.4: the ``beats`` table with the designated blanks ranked below every other card of
    their suit (among themselves in their usual order)."""
    if not blanks:
        return info.beats
    pack = info.pack
    beats = list(info.beats)
    for c in range(len(pack)):
        if pack.suits[c] == TRUMP:
            continue
        suit = pack.suit_mask[pack.suits[c]]
        if blanks >> c & 1:
            higher_blanks = sum(1 << b for b in range(len(pack)) if blanks >> b & 1
                                and suit >> b & 1 and pack.strength[b] > pack.strength[c])
            beats[c] = info.trump_mask | (suit & ~blanks) | higher_blanks
        else:
            beats[c] &= ~blanks
    return tuple(beats)


def hand_reason(contract: str) -> str:
    """What §3.2 requires of a hand for ``contract`` (for a finding's sentence)."""
    return {"eine_leere": "at least one pip card",
            "zwei_leere": "two pip cards of one suit",
            "zwei_verschiedene": "pip cards of two different suits",
            "pfeife": "the Pfeife (T1)"}.get(contract, "nothing")


def is_solo_hand(info: PackInfo, hand: int, high_option: str) -> bool:
    """§4.5: 3 players ≥ 9 trumps, or exactly 8 with ≥ 2 high trumps; 4 players ≥ 8, or
    exactly 7 with ≥ 2 high trumps."""
    trumps = (hand & info.trump_mask).bit_count()
    many = 9 if info.n == 3 else 8
    if trumps >= many:
        return True
    return trumps == many - 1 and (hand & info.high[high_option]).bit_count() >= 2


#: the contracts as players name them, for every page and text output (ids stay in the data)
DISPLAY_NAMES: dict[str, str] = {
    "solo": "Solo", "cego": "Cego", "eine": "Eine", "eine_leere": "Eine Leere",
    "zwei_leere": "Zwei Leere", "zwei_verschiedene": "Zwei Verschiedene", "pfeife": "Pfeife",
    "piccolo": "Piccolo", "bettel": "Bettel", "raeuber": "Räuber"}
