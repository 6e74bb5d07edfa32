"""Ulti contracts, bid values and the seed's value table as data (docs/rules/ulti.md §1–§4).

A contract id is canonical and human-readable (docs/notation.md, "Ulti vocabulary"):

* trump contracts: ``<suit>_<parts>`` with ``<suit>`` one of ``spades clubs hearts diamonds``
  and the parts, joined by ``_``, in this order: ``simple`` | [``durch`` | ``durch_double`` |
  ``durch_ouvert``] [``hundred_20`` | ``hundred_40``] [``ulti``] — e.g. ``hearts_simple``,
  ``spades_hundred_40_ulti``, ``clubs_durch_ulti``, ``hearts_durch_ouvert_hundred_20_ulti``;
* no-trump contracts: ``betli``, ``betli_double``, ``betli_ouvert``, ``durch_nt``,
  ``durch_nt_double``, ``durch_nt_ouvert``.
"""
from __future__ import annotations


from ...plain import Frozen
from ...cards import ULTI32

PACK = ULTI32
C = PACK.index
SUIT_OF = PACK.suits
SUIT_MASK = PACK.suit_mask
#: §1.2 in-suit order with trumps (A 10 K Q J 9 8 7) — the pack's own strength
TRUMP_STRENGTH = PACK.strength
_NT_ORDER = {"A": 8, "K": 7, "Q": 6, "J": 5, "10": 4, "9": 3, "8": 2, "7": 1}
#: §1.2 in-suit order in no-trump contracts (A K Q J 10 9 8 7)
NT_STRENGTH = tuple(_NT_ORDER[c[1:]] for c in PACK.codes)
#: §1.4 Aces and Tens: 10 points each
COUNTERS = sum(1 << i for i, c in enumerate(PACK.codes) if c[1:] in ("A", "10"))
SEVEN = {s: C[s + "7"] for s in "SCHD"}
KING = {s: C[s + "K"] for s in "SCHD"}
QUEEN = {s: C[s + "Q"] for s in "SCHD"}

SUIT_WORD = {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}
WORD_SUIT = {w: s for s, w in SUIT_WORD.items()}
SUIT_NAME = SUIT_WORD

LEVELS = ("single", "double", "ouvert")
DURCH_VALUE = {"single": 6, "double": 12, "ouvert": 24}
BETLI_VALUE = {"single": 5, "double": 10, "ouvert": 20}
_DURCH_TOKEN = {"durch": "single", "durch_double": "double", "durch_ouvert": "ouvert"}
_LEVEL_TOKEN = {v: k for k, v in _DURCH_TOKEN.items()}
_BETLI_ID = {"single": "betli", "double": "betli_double", "ouvert": "betli_ouvert"}
_DURCH_NT_ID = {"single": "durch_nt", "double": "durch_nt_double", "ouvert": "durch_nt_ouvert"}


class Contract(Frozen):
    """One legal contract (§3.2). ``trump`` is a suit letter or None (no-trump)."""

    _fields = ("id", "trump", "simple", "hundred", "durch", "betli", "durch_nt", "ulti")
    id: str
    trump: str | None
    simple: bool
    hundred: int | None             # 20 or 40 (the marriage the soloist will declare)
    durch: str | None               # trump Durch level
    betli: str | None               # Betli level
    durch_nt: str | None            # no-trump Durch level
    ulti: bool
    hm: int
    main_value: int
    ulti_value: int
    value: int
    no_trump: bool

    def __init__(self, id: str, trump: str | None, simple: bool = False,
                 hundred: int | None = None, durch: str | None = None,
                 betli: str | None = None, durch_nt: str | None = None, ulti: bool = False) -> None:
        self.id = id
        self.trump = trump
        self.simple = simple
        self.hundred = hundred
        self.durch = durch
        self.betli = betli
        self.durch_nt = durch_nt
        self.ulti = ulti
        # derived once (asked for every bid and score; not fields: equality and hash keep
        # to the fields above)
        #: §3.3: hearts multiplier
        self.hm = 2 if trump == "H" else 1
        #: §3.3: value of the main (non-Ulti) part
        self.main_value = self._main_value()
        self.ulti_value = 4 * self.hm if ulti else 0
        #: §3.3 bid value = main + Ulti
        self.value = self.main_value + self.ulti_value
        self.no_trump = trump is None

    def _main_value(self) -> int:
        if self.simple:
            return self.hm
        if self.betli is not None:
            return BETLI_VALUE[self.betli]
        if self.durch_nt is not None:
            return DURCH_VALUE[self.durch_nt]
        v = 4 * self.hm if self.hundred else 0
        if self.durch is not None:
            v += DURCH_VALUE[self.durch]          # hearts does not double the Durch part
        return v

    @property
    def ouvert(self) -> bool:
        return "ouvert" in (self.durch, self.betli, self.durch_nt)

    @property
    def family(self) -> str:
        if self.betli is not None:
            return "betli"
        if self.durch_nt is not None:
            return "durch_nt"
        if self.durch is not None:
            return "durch_trump"
        return "hundred" if self.hundred else "simple"

    @property
    def value_class(self) -> tuple[object, ...]:
        """What the bid-value table distinguishes (§3.4): the components, hearts or not
        (20- and 40-Hundred, and the three non-heart suits, are one class)."""
        return (self.family, self.simple, bool(self.hundred), self.durch, self.betli,
                self.durch_nt, self.ulti, self.trump == "H")


class ContractError(ValueError):
    """A contract id that is not canonical (``unknown``) or names an illegal combination."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind            # "unknown" | "illegal"
        self.message = message


def _trump_id(suit: str, simple: bool, durch: str | None, hundred: int | None, ulti: bool) -> str:
    parts = [SUIT_WORD[suit]]
    if simple:
        parts.append("simple")
    if durch:
        parts.append(_LEVEL_TOKEN[durch])
    if hundred:
        parts.append(f"hundred_{hundred}")
    if ulti:
        parts.append("ulti")
    return "_".join(parts)


def _all_contracts() -> dict[str, Contract]:
    out: list[Contract] = []
    for s in "SCHD":
        for ulti in (False, True):
            out.append(Contract(_trump_id(s, True, None, None, ulti), s, simple=True, ulti=ulti))
            for hundred in (20, 40):
                out.append(Contract(_trump_id(s, False, None, hundred, ulti), s,
                                    hundred=hundred, ulti=ulti))
        for lvl in LEVELS:
            hundreds: tuple[tuple[int | None, bool], ...] = (
                (20, False), (40, False), (None, True), (20, True), (40, True))
            for h, ulti in hundreds:
                out.append(Contract(_trump_id(s, False, lvl, h, ulti), s, durch=lvl, hundred=h,
                                    ulti=ulti))
    for lvl in LEVELS:
        out.append(Contract(_BETLI_ID[lvl], None, betli=lvl))
    for lvl in LEVELS:
        out.append(Contract(_DURCH_NT_ID[lvl], None, durch_nt=lvl))
    return {c.id: c for c in out}


#: every legal contract (§3.2) by canonical id, in ascending bid value (stable)
CONTRACTS: dict[str, Contract] = dict(sorted(_all_contracts().items(), key=lambda kv: kv[1].value))

_NT_IDS = tuple(sorted(list(_BETLI_ID.values()) + list(_DURCH_NT_ID.values()), key=len,
                      reverse=True))
_PART_TOKENS = ("durch_double", "durch_ouvert", "hundred_20", "hundred_40", "simple", "durch",
                "ulti")


def _tokens(rest: str) -> list[str] | None:
    """``rest`` split into part tokens (longest match first), or None."""
    out: list[str] = []
    while rest:
        for tok in _PART_TOKENS:
            if rest == tok or rest.startswith(tok + "_"):
                out.append(tok)
                rest = rest[len(tok) + 1:]
                break
        else:
            return None
    return out


def parse_contract(cid: object) -> Contract:
    """The contract named by ``cid``; ``ContractError`` says why an id is not acceptable
    (§3.2 / §10.6: e.g. a trump Durch alone, Ulti with Betli)."""
    if isinstance(cid, str) and cid in CONTRACTS:
        return CONTRACTS[cid]
    if not isinstance(cid, str):
        raise ContractError("unknown", f"{cid!r} is not an Ulti contract id")
    for head in _NT_IDS:
        if cid.startswith(head + "_"):
            parts = _tokens(cid[len(head) + 1:])
            name = "Betli" if head.startswith("betli") else "no-trump Durch"
            if parts is not None and "ulti" in parts:
                raise ContractError("illegal", f"{cid}: Ulti never combines with {name} "
                                    "(it needs trumps)")
            if parts:
                raise ContractError("illegal", f"{cid}: {name} is a contract on its own and "
                                    "takes no further parts")
    head, _, rest = cid.partition("_")
    parts = _tokens(rest) if head in WORD_SUIT else None
    if not parts:
        raise ContractError("unknown", f"{cid!r} is not an Ulti contract id (see the Ulti "
                            "vocabulary: e.g. hearts_simple, spades_hundred_40_ulti, betli)")
    if len(set(parts)) != len(parts):
        raise ContractError("unknown", f"{cid!r} names a part twice")
    durch = [p for p in parts if p.startswith("durch")]
    hundred = [p for p in parts if p.startswith("hundred")]
    if len(durch) > 1 or len(hundred) > 1:
        raise ContractError("illegal", f"{cid}: a contract has at most one Durch and one "
                            "Hundred part")
    if "simple" in parts and (durch or hundred):
        raise ContractError("illegal", f"{cid}: Simple does not combine with Hundred or Durch")
    if durch and not hundred and "ulti" not in parts:
        raise ContractError("illegal", f"{cid}: a Durch with trumps must be combined with a "
                            "Hundred, an Ulti or both (§3.2)")
    if parts == ["ulti"]:
        raise ContractError("illegal", f"{cid}: Ulti is never a contract on its own; it is "
                            "added to Simple, Hundred or a trump Durch")
    raise ContractError("unknown", f"{cid!r} is not in canonical form (parts in the order "
                        "simple | durch…, hundred_…, ulti)")


def outranks(x: Contract, cur: Contract) -> bool:
    """§4.3: may ``x`` be bid over ``cur``? Higher value, or one of the two equal-value
    exceptions of the seed."""
    if x.value > cur.value:
        return True
    if x.value != cur.value:
        return False
    simple_ulti = cur.simple and cur.ulti
    if simple_ulti and cur.trump != "H" and x.betli == "single":        # exception 1
        return True
    if simple_ulti and cur.trump == "H" and x.value_class != cur.value_class:  # exception 2
        return True
    return False


# -- §3.4: the seed's bid-value table, 32 rows in seed order ------------------------------------
class TableRow(Frozen):
    """One row of the tariff table."""

    _fields = ("row", "gp", "seed", "english", "example", "note")
    row: int
    gp: int
    seed: str           # the seed's wording, verbatim
    english: str
    example: str        # a canonical contract id of the class the row stands for
    note: str

    def __init__(self, row: int, gp: int, seed: str, english: str, example: str,
                 note: str = "") -> None:
        self.row = row
        self.gp = gp
        self.seed = seed
        self.english = english
        self.example = example
        self.note = note


VALUE_TABLE: tuple[TableRow, ...] = (
    TableRow(1, 1, "シンプル", "Simple", "spades_simple"),
    TableRow(2, 2, "シンプル(ハート)", "Simple (Hearts)", "hearts_simple"),
    TableRow(3, 4, "ハンドレッド", "Hundred", "spades_hundred_20"),
    TableRow(4, 5, "シンプル+ウルティ", "Simple + Ulti", "spades_simple_ulti"),
    TableRow(5, 5, "シングルベッテル", "Single Betli", "betli"),
    TableRow(6, 6, "シングルデュルヒ(NT)", "Single Durch (NT)", "durch_nt"),
    TableRow(7, 8, "ハンドレッド(ハート)", "Hundred (Hearts)", "hearts_hundred_20"),
    TableRow(8, 8, "ハンドレッド+ウルティ", "Hundred + Ulti", "spades_hundred_20_ulti"),
    TableRow(9, 10, "シンプル+ウルティ(ハート)", "Simple + Ulti (Hearts)", "hearts_simple_ulti"),
    TableRow(10, 10, "ダブルベッテル", "Double Betli", "betli_double"),
    TableRow(11, 10, "シングルデュルヒ+ハンドレッド", "Single Durch + Hundred",
             "spades_durch_hundred_20"),
    TableRow(12, 10, "シングルデュルヒ+ウルティ", "Single Durch + Ulti", "spades_durch_ulti"),
    TableRow(13, 12, "ダブルデュルヒ(NT)", "Double Durch (NT)", "durch_nt_double"),
    TableRow(14, 14, "シングルデュルヒ+ハンドレッド(ハート)", "Single Durch + Hundred (Hearts)",
             "hearts_durch_hundred_20"),
    TableRow(15, 14, "シングルデュルヒ+ウルティ(ハート)", "Single Durch + Ulti (Hearts)",
             "hearts_durch_ulti"),
    TableRow(16, 14, "シングルデュルヒ+ハンドレッド+ウルティ", "Single Durch + Hundred + Ulti",
             "spades_durch_hundred_20_ulti"),
    TableRow(17, 16, "ダブルデュルヒ+ハンドレッド", "Double Durch + Hundred",
             "spades_durch_double_hundred_20"),
    TableRow(18, 16, "ダブルデュルヒ+ウルティ", "Double Durch + Ulti", "spades_durch_double_ulti"),
    TableRow(19, 16, "ハンドレッド+ウルティ(ハート)", "Hundred + Ulti (Hearts)",
             "hearts_hundred_20_ulti"),
    TableRow(20, 20, "ベッテルウベルト", "Betli Ouvert", "betli_ouvert"),
    TableRow(21, 20, "ダブルデュルヒ+ハンドレッド+ウルティ", "Double Durch + Hundred + Ulti",
             "spades_durch_double_hundred_20_ulti"),
    TableRow(22, 20, "ダブルデュルヒ+ハンドレッド(ハート)", "Double Durch + Hundred (Hearts)",
             "hearts_durch_double_hundred_20"),
    TableRow(23, 20, "ダブルデュルヒ+ウルティ(ハート)", "Double Durch + Ulti (Hearts)",
             "hearts_durch_double_ulti"),
    TableRow(24, 22, "シングルデュルヒ+ハンドレッド+ウルティ(ハート)",
             "Single Durch + Hundred + Ulti (Hearts)", "hearts_durch_hundred_20_ulti"),
    TableRow(25, 24, "デュルヒウベルト(NT)", "Durch Ouvert (NT)", "durch_nt_ouvert"),
    TableRow(26, 28, "デュルヒウベルト+ハンドレッド", "Durch Ouvert + Hundred",
             "spades_durch_ouvert_hundred_20"),
    TableRow(27, 28, "デュルヒウベルト+ウルティ", "Durch Ouvert + Ulti", "spades_durch_ouvert_ulti"),
    TableRow(28, 28, "ダブルデュルヒ+ハンドレッド+ウルティ(ハート)",
             "Double Durch + Hundred + Ulti (Hearts)", "hearts_durch_double_hundred_20_ulti"),
    TableRow(29, 32, "デュルヒウベルト+ハンドレッド+ウルティ", "Durch Ouvert + Hundred + Ulti",
             "spades_durch_ouvert_hundred_20_ulti"),
    TableRow(30, 32, "デュルヒウベルト+ハンドレッド(ハート)", "Durch Ouvert + Hundred (Hearts)",
             "hearts_durch_ouvert_hundred_20"),
    TableRow(31, 32, "デュルヒウベルト+ハンドレッド(ハート)", "Durch Ouvert + Ulti (Hearts)",
             "hearts_durch_ouvert_ulti",
             "the seed repeats row 30 verbatim; read as the only missing combination (G2)"),
    TableRow(32, 40, "デュルヒウベルト+ハンドレッド+ウルティ(ハート)",
             "Durch Ouvert + Hundred + Ulti (Hearts)", "hearts_durch_ouvert_hundred_20_ulti"),
)

#: value class → table row (§3.4)
ROW_OF_CLASS = {CONTRACTS[r.example].value_class: r for r in VALUE_TABLE}


def table_row(c: Contract) -> TableRow:
    return ROW_OF_CLASS[c.value_class]


_LEVEL_WORD = {"single": "", "double": "Double ", "ouvert": ""}


def display_name(c: Contract) -> str:
    """A contract as players name it: "Hearts 40-Hundred Durchmars Ulti", "Betli ouvert"."""
    def level(word: str, lvl: str) -> str:
        return _LEVEL_WORD[lvl] + word + (" ouvert" if lvl == "ouvert" else "")
    if c.betli is not None:
        return level("Betli", c.betli)
    if c.durch_nt is not None:
        return level("No-trump Durchmars", c.durch_nt)
    parts = [SUIT_WORD[c.trump].capitalize()] if c.trump else []
    parts += ["Simple"] if c.simple else []
    parts += [f"{c.hundred}-Hundred"] if c.hundred else []
    parts += [level("Durchmars", c.durch)] if c.durch else []
    parts += ["Ulti"] if c.ulti else []
    return " ".join(parts)


#: the contracts as players name them, for every page and text output (ids stay in the data)
DISPLAY_NAMES: dict[str, str] = {cid: display_name(c) for cid, c in CONTRACTS.items()}
