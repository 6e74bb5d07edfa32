"""The score-sheet form a table fills in for one deal: the outcome block's fields
(docs/notation.md, "The outcome block"), narrowed to what the game and its rule set allow.

The vocabulary (contracts, ends, bonus items, kontra factors) is the game's outcome definition
in the record schema; the contracts are narrowed to the rule set's by asking the game's own
outcome scorer (``Game.score_outcome``), which refuses a contract the rule set or the table
size does not play (``OUTCOME-CONTRACT``). Nothing here decides whether an outcome can be:
the validator does, when the deal is entered (``evening.check_deal``).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from .. import games
from ..schema import json_schema as load_schema

#: the keys of the outcome each game writes besides contract, declarer, points, tricks,
#: kontra and items (docs/notation.md: each game's outcome section)
_KEYS: Mapping[str, tuple[str, ...]] = {
    "koenigrufen": ("partner", "won"),
    "illustrated": ("partner", "won"),
    "ulti": ("won",),
    "cego": ("won", "a", "multiplier"),
    "carinthian": ("won", "target"),
}
#: contract ids offered for Ulti, whose contracts are a grammar rather than a list (§3): the
#: table types any other id
_ULTI_COMMON = ("hearts_simple", "spades_simple", "clubs_simple", "diamonds_simple", "betli",
                "durch_nt", "hearts_40_hundred", "spades_ulti", "hearts_ulti", "durch",
                "betli_ouvert", "durch_nt_ouvert")
#: codes by which a game's outcome scorer says the contract is not played here
_NOT_PLAYED = ("OUTCOME-CONTRACT", "UL-CONTRACT-ILLEGAL")
#: empty item rows the form offers
ITEM_ROWS = 4


@dataclass(frozen=True)
class FormSpec:
    """What the form of a deal offers at a table of ``n`` seats."""

    game: str
    n: int
    contracts: tuple[str, ...]
    free_contract: bool            # any other contract id may be typed (Ulti)
    ends: tuple[str, ...]
    items: tuple[str, ...]
    kontras: tuple[int, ...]
    keys: tuple[str, ...]          # partner, won, a, multiplier, target
    #: the contracts' names as players say them (``games.contract_name``), by id
    names: Mapping[str, str] = field(default_factory=dict)
    #: each seat's card points in thirds, where the rule set compares a Trischaken's card
    #: points so (``outcome.thirds``; Königrufen §1.4, G29)
    thirds: bool = False

    def name(self, contract: str | None) -> str:
        """The contract as players name it (its id where the game names none)."""
        return self.names.get(contract or "", contract or "")


def _outcome_def(game: str) -> dict[str, Any]:
    defs = load_schema()["$defs"]
    out: dict[str, Any] = {}

    def collect(d: Any) -> None:
        if not isinstance(d, dict):
            return
        for part in d.get("allOf", ()):
            collect(part)
        for key, value in (d.get("properties") or {}).items():
            out.setdefault(key, value)
    collect(defs[f"{game}_outcome"])
    return out


def _enum(d: Any) -> list[Any]:
    if not isinstance(d, dict):
        return []
    if "enum" in d:
        return list(d["enum"])
    if "$ref" in d:
        return _enum(load_schema()["$defs"][d["$ref"].rsplit("/", 1)[1]])
    return []


def _item_names(d: Any) -> list[str]:
    item = (((d or {}).get("items") or {}).get("properties") or {}).get("item") or {}
    if "enum" in item:
        return [x for x in item["enum"] if x != "contract"]
    # a pattern of alternatives, a suit class spelled out: king_ultimo:[SCHD] -> :S, :C, ...
    found = re.fullmatch(r"\^\(([a-z_:|\[\]A-Z]+)\)\$", item.get("pattern", ""))
    out: list[str] = []
    for alt in found.group(1).split("|") if found else []:
        suits = re.fullmatch(r"([a-z_]+:)\[([A-Z]+)\]", alt)
        out.extend([suits.group(1) + x for x in suits.group(2)] if suits else [alt])
    return out


@functools.lru_cache(maxsize=64)
def form_spec(game_name: str, rules_name: str, n: int) -> FormSpec:
    game = games.get(game_name)
    if game is None:
        raise ValueError(games.unknown(game_name))
    rules = game.rules({"name": rules_name})
    d = _outcome_def(game_name)
    vocabulary = _enum(d.get("contract")) or list(_ULTI_COMMON)
    carry = game.initial_carry(rules, n)
    contracts = []
    for c in vocabulary:
        found, _ = game.score_outcome({"contract": c, "declarer": 0}, rules, n, n - 1, carry)
        if not any(f.code in _NOT_PLAYED for f in found):
            contracts.append(c)
    kontras = tuple(k for k in _enum(d.get("kontra")) if isinstance(k, int)) or (2, 4, 8)
    return FormSpec(game_name, n, tuple(contracts), not _enum(d.get("contract")),
                    tuple(_enum(d.get("end"))), tuple(_item_names(d.get("items"))), kontras,
                    _KEYS.get(game_name, ()),
                    {c: str(games.contract_name(game_name, c)) for c in contracts},
                    _wants_thirds(rules) and any(c in _THIRDS_CONTRACTS for c in contracts))


#: the contracts whose outcome writes each seat's card points in thirds where the rule set
#: compares them so (Königrufen's Trischaken: ``outcome.thirds``, §1.4, G29)
_THIRDS_CONTRACTS = ("trischaken",)


def _wants_thirds(rules: Any) -> bool:
    """Whether the rule set compares a Trischaken's card points in thirds (Königrufen's
    ``trischaken_compare = thirds``, or its ``oe2023`` Trischaken scoring, which counts
    them so): only then does the form offer the thirds; a game without these options
    writes none."""
    return getattr(rules, "trischaken_compare", None) == "thirds" or \
        getattr(rules, "trischaken_scoring", None) == "oe2023"


class FormError(ValueError):
    """A field of the form that cannot be read: a sentence naming it."""


def _int(text: str, what: str) -> int:
    text = text.strip()
    if not re.fullmatch(r"-?\d{1,6}", text):
        raise FormError(f"{what} must be a whole number, not {text[:20]!r}")
    return int(text)


def whole(text: str, what: str) -> int:
    """A whole number the form asks for (``what`` names it in the sentence if it is not)."""
    return _int(text, what)


def _seat(text: str, n: int, what: str) -> int | None:
    if text in ("", "none"):
        return None
    seat = _int(text, what)
    if not 0 <= seat < n:
        raise FormError(f"{what} must be one of the table's seats")
    return seat


def _ints(text: str, what: str) -> list[int]:
    return [_int(x, what) for x in re.split(r"[\s,;/]+", text.strip()) if x]


def outcome_of(form: Mapping[str, str], spec: FormSpec) -> dict[str, Any]:
    """The outcome block the form's fields write (only the fields filled in); raises
    ``FormError`` for a field that is not what the form asks for."""
    out: dict[str, Any] = {}
    contract = form.get("contract", "").strip()
    if contract:
        if contract not in spec.contracts and not (
                spec.free_contract and re.fullmatch(r"[a-z][a-z0-9_]{0,60}", contract)):
            raise FormError(f"{contract[:30]!r} is not a contract this table plays")
        out["contract"] = contract
    end = form.get("end", "").strip()
    if end:
        if end not in spec.ends:
            raise FormError(f"{end[:30]!r} is not how a deal of this game ends")
        out["end"] = end
    declarer = _seat(form.get("declarer", ""), spec.n, "the declarer")
    if declarer is not None or (contract and "declarer" in form):
        out["declarer"] = declarer
    if "partner" in spec.keys and form.get("partner", "") != "":
        out["partner"] = _seat(form["partner"], spec.n, "the partner")
    if "won" in spec.keys and form.get("won") in ("yes", "no"):
        out["won"] = form["won"] == "yes"
    kontra = form.get("kontra", "").strip()
    if kontra and kontra != "1":
        value = _int(kontra, "the kontra")
        if value not in spec.kontras:
            raise FormError(f"a kontra of ×{value} is not one of this game's")
        out["kontra"] = value
    for key in ("a", "multiplier", "target"):
        if key in spec.keys and form.get(key, "").strip():
            out[key] = _int(form[key], key)
    if form.get("points", "").strip():
        out["points"] = _ints(form["points"], "the card points")
    tricks = [form.get(f"tricks{s}", "").strip() for s in range(spec.n)]
    if any(tricks):
        out["tricks"] = [_int(t or "0", "the tricks") for t in tricks]
    if spec.thirds:
        thirds = [form.get(f"thirds{s}", "").strip() for s in range(spec.n)]
        if any(thirds):             # at a table of five the dealer, who sits out, has none
            out["thirds"] = [_int(t, "the card points in thirds") for t in thirds if t] \
                if spec.n == 5 else [_int(t or "0", "the card points in thirds")
                                     for t in thirds]
    items = []
    for k in range(ITEM_ROWS):
        name = form.get(f"item{k}", "").strip()
        if not name:
            continue
        if name not in spec.items:
            raise FormError(f"{name[:30]!r} is not a bonus of this game")
        item: dict[str, Any] = {"item": name, "announced": form.get(f"announced{k}") == "on",
                                "made": form.get(f"made{k}") == "on",
                                "side": "opponents" if form.get(f"side{k}") == "opponents"
                                else "declarer"}
        if form.get(f"ikontra{k}", "") not in ("", "1"):
            value = _int(form[f"ikontra{k}"], "a bonus's kontra")
            if value not in spec.kontras:
                raise FormError(f"a kontra of ×{value} is not one of this game's")
            item["kontra"] = value
        if form.get(f"iseat{k}", "") != "":
            item["seat"] = _seat(form[f"iseat{k}"], spec.n, "a bonus's seat")
        items.append(item)
    if items:
        out["items"] = items
    return out
