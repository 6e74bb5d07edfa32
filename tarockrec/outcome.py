"""The outcome block: what the table writes after a deal (the score-sheet line), shared by every
game (docs/notation.md, "The outcome block").

A played deal *derives* its outcome from the engine (``Game.outcome``); a score sheet *writes*
it. Either way one function per game scores it (``Game.score_outcome``): there is no second
scorer. This module holds what every game's outcome has in common: the keys and their kinds
(the codecs and the schema follow them), the comparison of a written outcome with a derived one,
and the small checks every game makes the same way.

Common keys (a game uses those it needs and may add its own, listed in ``KINDS``):

``contract``  the contract played (the game's contract id)
``declarer``  the declarer's seat (null where nobody declared: a redeal, Trischaken's
              lowest-loss counts of some games name the loser instead; see the game)
``partner``   the partner's seat, in games with a called partner (null: played alone)
``won``       whether the declarer's side won the game (the contract item)
``kontra``    the factor the kontras give the game (2, 4, 8, …; written only above 1)
``points``    card points as ``result.points`` writes them
``tricks``    tricks won per seat, as ``result.tricks``
``end``       how the deal ended where it did not end in full play: ``concede``, ``claim``,
              ``redeal``, ``challenge`` (the game's ``end`` vocabulary)
``items``     the bonuses and premiums, each ``{"item", "announced", "made", "side",
              "kontra"?, "seat"?}``: ``item`` the name ``tarockrec score`` prints, ``side``
              ``declarer`` or ``opponents`` (the side that announced it; for a silent item the
              side that made it), ``made`` whether that side achieved it, ``kontra`` its factor,
              ``seat`` for items settled per seat (``kontra`` is written only above 1: one way to
              write each fact)
"""
from __future__ import annotations

from typing import Any, Iterable

from .findings import Finding

#: the kind of every key an outcome (``TOP``) or an outcome item (``ITEM``) may hold, for the
#: XML and text codecs: "str", "seat" (int or null), "int", "bool", "ints" (list of int)
TOP: dict[str, str] = {
    "contract": "str", "declarer": "seat", "partner": "seat", "won": "bool", "kontra": "int",
    "points": "ints", "tricks": "ints", "end": "str",
    # Cego: the table's A (§6.2) and factor M (§6.3), Carinthian: the target in card points (§6.2)
    "a": "int", "multiplier": "int", "target": "int",
    # Königrufen Trischaken: each seat's card points in thirds (§1.4, G29, §7.2)
    "thirds": "ints",
}
ITEM: dict[str, str] = {
    "item": "str", "announced": "bool", "made": "bool", "side": "str", "kontra": "int",
    "seat": "int",
}

SIDES = ("declarer", "opponents")


def compare(written: dict[str, Any], derived: dict[str, Any], ptr: str) -> list[Finding]:
    """``OUTCOME-CARDS``: where a record carries both cards and an outcome, every written key
    must equal what the cards give (and the written items must be exactly the derived ones)."""
    out: list[Finding] = []
    for key, value in written.items():
        if key.startswith("_") or key == "items":
            continue
        want = derived.get(key)
        if value != want:
            out.append(Finding("OUTCOME-CARDS", f"the outcome says {key} = {_show(value)}, but "
                               f"the cards give {_show(want)}", f"{ptr}/outcome/{key}"))
    for key, want in derived.items():
        if key not in written and key != "items":
            out.append(Finding("OUTCOME-CARDS", f"the outcome leaves out {key}, which the cards "
                               f"give as {_show(want)}", f"{ptr}/outcome"))
    have = [_item_key(x) for x in written.get("items") or []]
    want_items = [_item_key(x) for x in derived.get("items") or []]
    if sorted(have, key=repr) != sorted(want_items, key=repr):
        missing = [x for x in want_items if x not in have]
        extra = [x for x in have if x not in want_items]
        parts = []
        if extra:
            parts.append("writes " + ", ".join(_item_text(x) for x in extra))
        if missing:
            parts.append("lacks " + ", ".join(_item_text(x) for x in missing))
        out.append(Finding("OUTCOME-CARDS", f"the outcome's bonuses differ from the cards: it "
                           f"{' and '.join(parts)}", f"{ptr}/outcome/items"))
    return out


def _item_key(item: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, v) for k, v in item.items() if not k.startswith("_")))


def _item_text(key: tuple[tuple[str, Any], ...]) -> str:
    d = dict(key)
    words = [str(d.get("item")), "announced" if d.get("announced") else "silent",
             "made" if d.get("made") else "failed", f"by the {d.get('side')}"]
    if d.get("kontra", 1) != 1:
        words.append(f"×{d['kontra']}")
    if "seat" in d:
        words.append(f"(seat {d['seat']})")
    return " ".join(words)


def _show(v: Any) -> str:
    if v is None:
        return "none"
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return str(v)


def check_seats(outcome: dict[str, Any], n: int, keys: Iterable[str] = ("declarer", "partner"),
                ) -> list[Finding]:
    """``OUTCOME-SEAT``: a seat named by the outcome that the table does not have."""
    out = []
    for key in keys:
        seat = outcome.get(key)
        if isinstance(seat, int) and not 0 <= seat < n:
            out.append(Finding("OUTCOME-SEAT", f"the outcome names seat {seat} as {key}, but "
                               f"the table has seats 0–{n - 1}", f"/outcome/{key}"))
    for i, item in enumerate(outcome.get("items") or []):
        seat = item.get("seat")
        if isinstance(seat, int) and not 0 <= seat < n:
            out.append(Finding("OUTCOME-SEAT", f"the outcome names seat {seat} for "
                               f"{item.get('item')}, but the table has seats 0–{n - 1}",
                               f"/outcome/items/{i}/seat"))
    return out


def duplicate_items(outcome: dict[str, Any]) -> list[Finding]:
    """``OUTCOME-ITEM``: one bonus written twice (for the same side, and the same seat where
    it has one; in Illustrated Tarokk both sides may announce the same bonus)."""
    seen: set[tuple[Any, Any, Any]] = set()
    out = []
    for i, item in enumerate(outcome.get("items") or []):
        key = (item.get("item"), item.get("side"), item.get("seat"))
        if key in seen:
            out.append(Finding("OUTCOME-ITEM", f"the outcome writes {item.get('item')} twice",
                               f"/outcome/items/{i}"))
        seen.add(key)
    return out
