"""Card codes and packs (FORMAT.md principle 5).

A card is an ``int`` index into its pack inside the engines (hands are bit masks), and its
code string (``T22``, ``SK``, ``H1``, ``HA``) in records. ``Pack`` converts between the two.
"""
from __future__ import annotations

from typing import Iterable, Iterator, Sequence

from .plain import Frozen

TRUMP = "T"
SUITS = ("S", "C", "H", "D")


class CardError(ValueError):
    """A card code that the pack does not know."""

    def __init__(self, token: object, pack: str) -> None:
        super().__init__(f"{token!r} is not a card of the {pack} pack")
        self.token = token
        self.pack = pack


class Pack(Frozen):
    """One pack: the card codes in index order with suit and in-suit strength.

    ``strength`` is the trick-taking order inside a suit (higher wins); games with a second
    order (Ulti's no-trump order) keep their own table.
    """

    _fields = ("name", "codes", "suits", "strength")
    name: str
    codes: tuple[str, ...]
    suits: tuple[str, ...]
    strength: tuple[int, ...]
    index: dict[str, int]
    suit_mask: dict[str, int]
    full_mask: int
    #: card -> the mask of its suit (what following a lead of that card means)
    led: tuple[int, ...]
    #: card code -> its bit (``1 << index``)
    bit: dict[str, int]

    def __init__(self, name: str, codes: tuple[str, ...], suits: tuple[str, ...],
                 strength: tuple[int, ...]) -> None:
        self.name = name
        self.codes = codes
        self.suits = suits
        self.strength = strength
        self.index = {c: i for i, c in enumerate(codes)}
        masks: dict[str, int] = {}
        for i, s in enumerate(suits):
            masks[s] = masks.get(s, 0) | (1 << i)
        self.suit_mask = masks
        self.full_mask = (1 << int(len(codes))) - 1
        self.led = tuple(masks[s] for s in suits)
        self.bit = {c: 1 << i for i, c in enumerate(codes)}

    def __len__(self) -> int:
        return len(self.codes)

    def card(self, code: object) -> int:
        try:
            return self.index[code]  # type: ignore[index]
        except (KeyError, TypeError):
            raise CardError(code, self.name) from None

    def mask(self, codes: Iterable[str]) -> int:
        m = 0
        for c in codes:
            m |= 1 << self.card(c)
        return m

    def code(self, card: int) -> str:
        return self.codes[card]

    def codes_of(self, mask: int) -> list[str]:
        return [self.codes[i] for i in iter_bits(mask)]


def iter_bits(mask: int) -> Iterator[int]:
    """Card indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


def _tarock_pack(name: str, suit_ranks: dict[str, tuple[str, ...]]) -> Pack:
    codes: list[str] = []
    suits: list[str] = []
    strength: list[int] = []
    for n in range(1, 23):
        codes.append(f"T{n}")
        suits.append(TRUMP)
        strength.append(n)
    for s in SUITS:
        ranks = suit_ranks[s]
        for pos, r in enumerate(ranks):  # listed highest first
            codes.append(s + r)
            suits.append(s)
            strength.append(len(ranks) - pos)
    return Pack(name, tuple(codes), tuple(suits), tuple(strength))


_BLACK = ("K", "Q", "N", "J", "10", "9", "8", "7")
_RED = ("K", "Q", "N", "J", "1", "2", "3", "4")

#: 54 cards: Königrufen, Cego, Carinthian Tarock.
TAROCK54 = _tarock_pack("54-card tarock", {"S": _BLACK, "C": _BLACK, "H": _RED, "D": _RED})
#: 42 cards: Illustrated Tarokk (one pip card per suit, the lowest).
TAROCK42 = _tarock_pack(
    "42-card tarokk",
    {"S": ("K", "Q", "N", "J", "10"), "C": ("K", "Q", "N", "J", "10"),
     "H": ("K", "Q", "N", "J", "1"), "D": ("K", "Q", "N", "J", "1")},
)

_ULTI_RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")
#: 32 cards: Ulti (in-suit strength of the trump order A 10 K Q J 9 8 7).
ULTI32 = Pack(
    "32-card",
    tuple(s + r for s in SUITS for r in _ULTI_RANKS),
    tuple(s for s in SUITS for _ in _ULTI_RANKS),
    tuple(8 - i for _ in SUITS for i in range(8)),
)


def byte_sums(values: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """For each byte of a card mask (cards 0–7, 8–15, …), the sum of ``values`` of the cards
    set, for each of the 256 bytes: ``mask_sum`` adds a mask's values a byte at a time."""
    tables = []
    for base in range(0, len(values), 8):
        chunk = values[base:base + 8]
        table = [0] * 256
        for b in range(1, 256):
            low = b & -b
            i = low.bit_length() - 1
            table[b] = table[b ^ low] + (chunk[i] if i < len(chunk) else 0)
        tables.append(tuple(table))
    return tuple(tables)


def mask_sum(mask: int, tables: Sequence[Sequence[int]]) -> int:
    """The sum of the values (``byte_sums``) of the cards in ``mask``."""
    total = 0
    k = 0
    while mask:
        total += tables[k][mask & 255]
        mask >>= 8
        k += 1
    return total
