"""The Carinthian outcome block (docs/notation.md, Carinthian vocabulary; tarockrec/outcome.py):
the facts of a deal as the table writes them, to and from ``scoring.Facts``, the checks a
written outcome must pass (docs/rules/carinthian.md §4–§6), and whether a score sheet without an
outcome writes scores some outcome of its contract gives.

Shapes (``kontra`` only above 1, ``items`` only when there are any)::

    Zahle     {"contract": "angesehen", "declarer": d, "end": "zahle"}
    played    {"contract", "declarer", "won", "kontra"?, "points": [P_decl, P_def],
               "tricks": [per seat], "target": 36 | 40 | 50, "items"?}
    Trischak  {"contract": "trischak", "declarer", "kontra"?, "points": [per seat],
               "tricks": [per seat], "items"?}

``target`` 50 is the Fünfzig (Vierzig only); an announced Valat does not raise it (§6.8).
Items: ``valat`` (announced, or silent: all 16 tricks), ``pagat``/``uhu``/``kike`` (announced by
the declarer; silent: the side that played the bird, ``made`` when it won its trick),
``trull``/``four_kings`` (the side whose pile holds them all), ``mondfang`` (the side whose Sküs
caught the Mond); in Trischak the silent birds, Trull and kings carry the participant's ``seat``.
"""
from __future__ import annotations

import functools
from itertools import product
from typing import Any

from ...findings import Finding
from .contracts import BIRD_BASE, BIRD_CARD, BIRD_TRICK, BIRDS, CONTRACTS, FUENFZIG_TARGET, KINGS, \
    PACK, T1, T2, T21, T22, T3, TRISCHAK, TRISCHAK_BASE, VALAT_SILENT, VALAT_WIN, VALUE, \
    ZAHLE_VALUE, Contract
from .rules import CarinthianRules
from .scoring import ORDER, Facts, Item, settle, settle_seats

ZAHLE_END = "zahle"
NORMAL_ITEMS = ("valat", *BIRDS, "trull", "four_kings", "mondfang")
TRISCHAK_ITEMS = (*BIRDS, "trull", "four_kings")
#: the keys each shape needs (besides contract and declarer) and may have
NEEDS = {"zahle": ("end",), "played": ("won", "points", "tricks", "target"),
         TRISCHAK: ("points", "tricks")}
MAY = {"zahle": {"contract", "declarer", "partner", "end"},
       "played": {"contract", "declarer", "partner", "won", "kontra", "points", "tricks",
                  "target", "items"},
       TRISCHAK: {"contract", "declarer", "partner", "kontra", "points", "tricks", "items"}}


# -- facts → outcome ------------------------------------------------------------------------
def to_outcome(f: Facts) -> dict[str, Any]:
    """The outcome block of ``f`` (what ``Carinthian.outcome`` writes for a played deal)."""
    out: dict[str, Any] = {"contract": f.contract, "declarer": f.declarer}
    if f.zahle:
        out["end"] = ZAHLE_END
        return out
    if f.contract != TRISCHAK:
        out["won"] = f.won
    if f.kontra > 1:
        out["kontra"] = f.kontra
    assert f.points is not None and f.tricks is not None
    out["points"] = list(f.points)
    out["tricks"] = list(f.tricks)
    if f.contract != TRISCHAK:
        out["target"] = f.target
    if f.items:
        out["items"] = [_item(it) for it in f.items]
    return out


def _item(it: Item) -> dict[str, Any]:
    out: dict[str, Any] = {"item": it.name, "announced": it.announced, "made": it.made,
                           "side": "declarer" if it.declarer_side else "opponents"}
    if it.kontra > 1:
        out["kontra"] = it.kontra
    if it.seat is not None:
        out["seat"] = it.seat
    return out


# -- outcome → facts, with its checks -------------------------------------------------------
def _seat_list(value: Any, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value)


class _Refused(Exception):
    """Why a written outcome cannot be: a finding's code, sentence and place under
    ``/outcome``."""

    def __init__(self, code: str, msg: str, where: str = "") -> None:
        super().__init__(msg)
        self.code, self.msg, self.where = code, msg, where


def parse(o: dict[str, Any], rules: CarinthianRules, n: int, dealer: int,
          restricted: bool) -> tuple[list[Finding], Facts | None]:
    """The facts of the written outcome ``o``, or the findings that say why it cannot be
    (pointers relative to the deal, ``/outcome/...``)."""
    try:
        contract, d, shape = _head(o, n, dealer, restricted)
        if shape == "zahle":
            return [], Facts(str(contract), d, zahle=True)
        trischak = shape == TRISCHAK
        kontra = _kontra(o.get("kontra", 1), n, trischak)
        tricks, pts = o["tricks"], o["points"]
        if not _seat_list(tricks, n):
            raise _Refused("OUTCOME-POINTS", f"tricks are {n} counts, one per seat", "/tricks")
        found = _check_tricks(tricks, n, dealer, d, trischak, rules)
        if found:
            raise _Refused("OUTCOME-POINTS", found, "/tricks")
        found = _check_points(pts, n, trischak)
        if found:
            raise _Refused("OUTCOME-POINTS", found, "/points")
        items, found_items = _items(o.get("items") or [], rules, d, trischak)
        if found_items:
            return list(found_items), None
        if trischak:
            conflict = _trischak_conflicts(items, tricks, n, dealer) \
                or _trischak_piles(items, rules, d, pts, tricks, n, dealer)
            if conflict:
                raise _Refused(*conflict)
            return [], Facts(TRISCHAK, d, False, kontra, 0, False, list(pts), list(tricks),
                             items)
        return [], _game_facts(o, rules, CONTRACTS[str(contract)], d, kontra, items)
    except _Refused as no:
        return [Finding(no.code, no.msg, "/outcome" + no.where)], None


def _head(o: dict[str, Any], n: int, dealer: int, restricted: bool) -> tuple[Any, int, str]:
    """The contract, the declarer and the shape of the outcome (``zahle``, ``trischak`` or
    ``played``), its keys checked against the shape."""
    contract = o.get("contract")
    if contract != TRISCHAK and contract not in CONTRACTS:
        raise _Refused("OUTCOME-CONTRACT", f"{_name(contract)} is not a Carinthian contract "
                       f"({', '.join(CONTRACTS)} or trischak)", "/contract" if contract else "")
    if restricted and contract not in ("solo", TRISCHAK):
        raise _Refused("OUTCOME-CONTRACT", f"in the restricted phase only a Solo or a "
                       f"Trischak is played, not {contract} (§3.2, §6.8)", "/contract")
    d = o.get("declarer")
    if not isinstance(d, int):
        raise _Refused("OUTCOME-SEAT", "the outcome names no declarer", "/declarer"
                       if "declarer" in o else "")
    if n == 4 and d == dealer:
        raise _Refused("OUTCOME-SEAT", f"seat {d} deals and sits out: it cannot be the "
                       "declarer (§1.6)", "/declarer")
    if o.get("partner") is not None:
        raise _Refused("OUTCOME-PARTNER", "Carinthian has no partner: the declarer plays "
                       "alone (§4)", "/partner")
    end = o.get("end")
    if end is not None and end != ZAHLE_END:
        raise _Refused("OUTCOME-END", f"{_name(end)} is not a Carinthian end (only zahle: the "
                       "deal scored without play, §4.4)", "/end")
    if end == ZAHLE_END and contract != "angesehen":
        raise _Refused("OUTCOME-END", f"zahle ends only an Angesehen, not a {contract} (§4.4)",
                       "/end")
    shape = "zahle" if end == ZAHLE_END else TRISCHAK if contract == TRISCHAK else "played"
    if shape == "zahle":
        if o.get("items"):
            raise _Refused("OUTCOME-END", "a Zahle is scored without play or bonuses: it has "
                           "no items (§6.5)", "/items")
        if "kontra" in o:
            raise _Refused("OUTCOME-KONTRA", "a Zahle means both defenders said zahle: "
                           "nobody said kontra (§4.4)", "/kontra")
    for key in NEEDS[shape]:
        if key not in o:
            raise _Refused("CA-OUTCOME-KEYS", f"the outcome of {_shape(shape)} writes {key} "
                           f"({', '.join(NEEDS[shape])} are needed)")
    for key in o:
        if not key.startswith("_") and key not in MAY[shape]:
            raise _Refused("CA-OUTCOME-KEYS", f"the outcome of {_shape(shape)} has no {key}",
                           f"/{key}")
    return contract, d, shape


def _kontra(kontra: Any, n: int, trischak: bool) -> Any:
    """The game's kontra factor: ×2 and ×4 at most (§4.5); the Trischak game doubled once
    per kontra, at most once per participant (§4.6)."""
    if trischak:
        levels = tuple(1 << k for k in range(1, n + 1))
        if kontra != 1 and kontra not in levels:
            raise _Refused("OUTCOME-KONTRA", f"the Trischak game doubles once per kontra, at "
                           f"most {n} (one per participant): ×{kontra} cannot be (§4.6)",
                           "/kontra")
    elif kontra not in (1, 2, 4):
        raise _Refused("OUTCOME-KONTRA", f"a game is kontra'd (×2) and retour'd (×4) at most: "
                       f"×{kontra} cannot be (§4.5)", "/kontra")
    return kontra


def _game_facts(o: dict[str, Any], rules: CarinthianRules, c: Contract, d: int, kontra: Any,
                items: tuple[Item, ...]) -> Facts:
    """The facts of a played game (not a Trischak): its target (§6.2, §6.8), won or lost,
    a kontra beside an announced valat (G10), the items against the tricks."""
    tricks, pts = o["tricks"], o["points"]
    target = o["target"]
    if target != c.target and not (c.id == "vierzig" and target == FUENFZIG_TARGET):
        fifty = " (50 with fuenfzig)" if c.id == "vierzig" else ""
        raise _Refused("OUTCOME-CONFLICT", f"the target of a {c.id} is {c.target} card points"
                       f"{fifty}, not {target}; an announced valat does not raise it (§6.2, "
                       "§6.8)", "/target")
    won = o["won"]
    if won != (pts[0] >= target):
        raise _Refused("OUTCOME-CONFLICT", f"{pts[0]} card points against a target of "
                       f"{target}: the game is {'won' if pts[0] >= target else 'lost'}, not "
                       f"{'won' if won else 'lost'} (§6.2)", "/won")
    valat = next((it for it in items if it.name == "valat"), None)
    if valat is not None and valat.announced and kontra > 1 \
            and not rules.valat_and_game_kontra:
        raise _Refused("OUTCOME-KONTRA", "valat was announced: it replaces the game, so a "
                       "kontra is on the valat item, not on the game (§4.5, G10)", "/kontra")
    conflict = _normal_conflicts(items, tricks[d]) or _normal_piles(items, rules, c, pts[0],
                                                                    tricks[d])
    if conflict:
        raise _Refused(*conflict)
    return Facts(c.id, d, False, kontra, target, bool(won), list(pts), list(tricks), items)


def _name(v: Any) -> str:
    return repr(v) if isinstance(v, str) else "none" if v is None else str(v)


def _shape(shape: str) -> str:
    return {"zahle": "a Zahle", TRISCHAK: "a Trischak"}.get(shape, "a played game")


def _check_tricks(tricks: list[int], n: int, dealer: int, d: int, trischak: bool,
                  rules: CarinthianRules) -> str:
    total = sum(tricks)
    if not trischak:
        if n == 4 and tricks[dealer]:
            return f"seat {dealer} deals and sits out: it wins no trick (§1.6)"
        return "" if total == 16 else f"{total} tricks won in all, not 16 (§5.7)"
    if n == 4:
        if tricks[dealer] > 6:
            return f"the dealer plays tricks 1–6 only: he cannot win {tricks[dealer]} (§5.6)"
        if tricks[dealer] == 0 and not rules.dealer_zero_continue:
            return "" if total == 6 else (f"the dealer won none of tricks 1–6, so play ended "
                                          f"after trick 6: {total} tricks cannot be (§5.6)")
    return "" if total == 16 else f"{total} tricks won in all, not 16 (§5.7)"


def _check_points(pts: Any, n: int, trischak: bool) -> str:
    """The shape of the card points; what the piles can count is ``_normal_piles`` and
    ``_trischak_piles``."""
    if trischak:
        return "" if _seat_list(pts, n) else \
            f"a Trischak's card points are {n} counts, one per participant (§6.6)"
    if not (isinstance(pts, list) and len(pts) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in pts)):
        return "card points are two counts: the declarer's and the defenders' (§6.1)"
    if pts[0] + pts[1] != 70:
        return f"the two piles count 70 together (§1.4), not {pts[0]} + {pts[1]}"
    return ""


def _items(raw_items: list[dict[str, Any]], rules: CarinthianRules, d: int,
           trischak: bool) -> tuple[tuple[Item, ...], list[Finding]]:
    allowed = TRISCHAK_ITEMS if trischak else NORMAL_ITEMS
    out: list[Item] = []
    seen: set[str] = set()
    for i, x in enumerate(raw_items):
        at = f"/outcome/items/{i}"
        name = str(x.get("item"))
        announced, made = bool(x.get("announced")), bool(x.get("made"))
        ds = x.get("side") == "declarer"
        kontra, seat = x.get("kontra", 1), x.get("seat")

        def no(code: str, msg: str, where: str = "") -> tuple[tuple[Item, ...], list[Finding]]:
            return (), [Finding(code, msg, at + where)]
        if name not in allowed:
            where = "Trischak" if trischak else "a played game"
            return no("OUTCOME-ITEM", f"{_name(name)} is not a bonus of {where} "
                      f"({', '.join(allowed)}; §6.3, §6.6)", "/item")
        if name in seen:
            return no("OUTCOME-ITEM", f"the outcome writes {name} twice")
        seen.add(name)
        if announced:
            if name not in BIRDS and name != "valat":
                return no("OUTCOME-ITEM", f"{name} is never announced (§4.3)", "/announced")
            if not ds:
                return no("OUTCOME-ITEM", f"only the declarer announces; the opponents cannot "
                          f"have announced {name} (§4.3)", "/side")
            if seat is not None:
                return no("OUTCOME-ITEM", f"an announced {name} is scored in the declarer's "
                          "column: it has no seat (§6.3)", "/seat")
            if kontra not in (1, 2, 4):
                return no("OUTCOME-KONTRA", f"{name} is kontra'd (×2) and retour'd (×4) at "
                          f"most: ×{kontra} cannot be (§4.5)", "/kontra")
            out.append(Item(name, True, made, True, kontra))
            continue
        if "kontra" in x:
            return no("OUTCOME-KONTRA", f"a silent {name} cannot be kontra'd: only announced "
                      "bonuses can (§4.5)", "/kontra")
        if name in ("valat", "trull", "four_kings", "mondfang") and not made:
            return no("OUTCOME-ITEM", f"a silent {name} is written only where it was made "
                      "(§6.2, §6.3)", "/made")
        if name == "valat" and not ds:
            return no("OUTCOME-ITEM", "a silent valat is the declarer's (all 16 tricks, "
                      "§6.2)", "/side")
        if trischak:
            if not rules.trischak_silent_bonuses:
                return no("OUTCOME-ITEM", f"under these rules no silent {name} is scored in "
                          "Trischak (G16 trischak_silent_bonuses = off)", "/item")
            if not isinstance(seat, int):
                return no("OUTCOME-ITEM", f"a silent {name} in Trischak is scored in one "
                          "participant's column: name his seat (§6.6)")
            if (seat == d) != ds:
                side = "the declarer" if seat == d else "an opponent"
                return no("OUTCOME-ITEM", f"seat {seat} is {side}: the side of its {name} is "
                          f"{'declarer' if seat == d else 'opponents'}, not {x.get('side')}",
                          "/side")
        elif seat is not None:
            return no("OUTCOME-ITEM", f"{name} is scored in the declarer's column: it has no "
                      "seat outside Trischak (§6.3)", "/seat")
        out.append(Item(name, False, made, ds, 1, seat if trischak else None))
    return tuple(sorted(out, key=lambda it: ORDER.index(it.name))), []   # the scorer's order


def _trick_winners(items: tuple[Item, ...]) -> dict[int, bool]:
    """Trick → whether the declarer's side won it, as the bird items fix it (an announced bird
    made; a silent bird's player won or lost his trick)."""
    out = {}
    for it in items:
        if it.name in BIRDS and (not it.announced or it.made):
            out[BIRD_TRICK[it.name]] = it.declarer_side == it.made
    return out


def _normal_conflicts(items: tuple[Item, ...], won: int) -> tuple[str, str, str] | None:
    names = {it.name: it for it in items}
    valat = names.get("valat")
    if (won == 16) != (valat is not None and valat.made):
        if won == 16:
            return ("OUTCOME-CONFLICT", "the declarer won all 16 tricks: that is a valat "
                    "(§6.2), which the outcome does not write", "/items")
        return ("OUTCOME-CONFLICT", "a valat made means all 16 tricks, but the declarer won "
                f"{won} (§6.2)", "/tricks")
    winners = list(_trick_winners(items).values())
    ours = winners.count(True)
    theirs = winners.count(False)
    m = names.get("mondfang")
    if m is not None:                    # the Sküs wins its trick
        ours, theirs = max(ours, int(m.declarer_side)), max(theirs, int(not m.declarer_side))
    if ours > won or theirs > 16 - won:
        return ("OUTCOME-CONFLICT", f"the bonuses need the declarer to win {ours} and the "
                f"defenders {theirs} of the tricks, but the declarer won {won} of 16", "/items")
    return None


def _trischak_conflicts(items: tuple[Item, ...], tricks: list[int], n: int,
                        dealer: int) -> tuple[str, str, str] | None:
    if sum(tricks) < 16:                 # §6.6: decided after trick 6, no bird reached its trick
        for it in items:
            if it.name in BIRDS and (it.made or not it.announced):
                return ("OUTCOME-CONFLICT", f"play ended after trick 6: no {it.name} reached "
                        "its trick (§5.6, §6.6)", "/items")
        return None
    by_seat = [0] * n
    for it in items:
        if it.name in BIRDS and not it.announced and it.made and it.seat is not None:
            by_seat[it.seat] += 1
    for s in range(n):
        if by_seat[s] > tricks[s]:
            return ("OUTCOME-CONFLICT", f"seat {s} made {by_seat[s]} silent bird(s) but won "
                    f"{tricks[s]} trick(s)", "/items")
    return None

# -- what the piles can hold (§1.4, §4.2, §6.1, §6.3, §6.6) ----------------------------------
TRULL_CARDS = (T22, T21, T1)
_NAMED = (*TRULL_CARDS, T2, T3, *KINGS)
#: the values of the cards no bonus names (all but the Trull, the kings, Uhu and Kike), high first
_ANONYMOUS = tuple(sorted((VALUE[c] for c in range(len(PACK)) if c not in _NAMED), reverse=True))
_FIVE = VALUE[T22]
_SMALL_BIRDS = (T2, T3)
#: where a bonus puts a card: a made bird in its winner's pile, the Mondfang in the Sküs's
_MOND = (T22, T21)


class _Pile:
    """What one pile holds as the outcome's facts place the cards: ``cards`` its size,
    ``five_slots`` how many of them may be Trull cards or kings (the declarer's discard holds
    neither, §4.2), ``trull``/``kings`` how many of them it holds (inclusive ranges),
    ``named`` the named cards in it, ``away`` named cards another pile holds."""

    def __init__(self, cards: int, five_slots: int | None = None) -> None:
        self.cards = cards
        self.five_slots = cards if five_slots is None else five_slots
        self.trull, self.kings = (0, 3), (0, 4)
        self.named: set[int] = set()
        self.away: set[int] = set()

    def trull_range(self) -> tuple[int, int]:
        here = sum(1 for c in TRULL_CARDS if c in self.named)
        away = sum(1 for c in TRULL_CARDS if c in self.away)
        return max(self.trull[0], here), min(self.trull[1], 3 - away)

    def raw_ranges(self) -> tuple[tuple[int, int], ...]:
        """The raw sums (§1.4) the pile can have, as intervals: within one, every value is
        reached by swapping a card for one a point higher or lower."""
        return _raw_ranges(self.cards, self.five_slots, self.trull_range(), self.kings,
                           frozenset(self.named & set(_SMALL_BIRDS)),
                           frozenset(self.away & set(_SMALL_BIRDS)))

    def counts(self, points: int) -> bool:
        """Whether the pile can count ``points`` (§1.4)."""
        raw_sum = points + _deduction(self.cards)
        return any(lo <= raw_sum <= hi for lo, hi in self.raw_ranges())

    def count_span(self) -> str:
        ranges = self.raw_ranges()
        if not ranges:
            return "nothing (no cards fit)"
        d = _deduction(self.cards)
        return f"{min(lo for lo, _ in ranges) - d}–{max(hi for _, hi in ranges) - d}"


@functools.lru_cache(maxsize=4096)
def _raw_ranges(cards: int, five_slots: int, trull: tuple[int, int], kings: tuple[int, int],
                small_here: frozenset[int], small_away: frozenset[int]
                ) -> tuple[tuple[int, int], ...]:
    """``_Pile.raw_ranges`` by the pile's size, its room for Trull cards and kings, how many
    of each it holds and where Uhu and Kike lie (one pile shape answers many outcomes)."""
    small = len(small_here)
    pool = _ANONYMOUS + (1,) * (2 - small - len(small_away))   # what fills the rest, high first
    out = []
    for x in range(trull[0], trull[1] + 1):
        for y in range(kings[0], kings[1] + 1):
            rest = cards - x - y - small
            if rest < 0 or rest > len(pool) or x + y + small > five_slots:
                continue
            base = _FIVE * (x + y) + small
            out.append((base + sum(pool[len(pool) - rest:]), base + sum(pool[:rest])))
    return tuple(out)


def _deduction(cards: int) -> int:
    """§1.4: a pile of ``cards`` cards counts its raw sum less this."""
    return 2 * (cards // 3) + (1 if cards % 3 else 0)


def _bird_in_winner(it: Item) -> bool | None:
    """Whether the bird card of ``it`` lies in the declarer's side's pile (its trick's winner):
    a silent bird is the side that played it, ``made`` when it won; an announced one made is
    the declarer's; None when the outcome does not place it (an announced bird failed)."""
    if it.announced and not it.made:
        return None
    return it.declarer_side == it.made


def _normal_piles(items: tuple[Item, ...], rules: CarinthianRules, c: Contract, points: int,
                  won: int) -> tuple[str, str, str] | None:
    """The declarer's pile (§6.1: his tricks and his discard) against the bonuses that place
    cards in it or in the defenders' (tricks and talon), and against his card points."""
    pile = _Pile(3 * won + (3 if c.talon else 0), 3 * won)
    theirs: set[int] = set()      # named cards the defenders took in tricks
    their_kings = 0
    written = {it.name: it for it in items}
    for name, size in (("trull", 3), ("four_kings", 4)):
        it = written.get(name)
        if it is None:            # neither pile holds them all (§6.3)
            held = (0 if rules.trull_kings_tricks_only else 1, size - 1)
        else:
            held = (size, size) if it.declarer_side else (0, 0)
            if not it.declarer_side and rules.trull_kings_tricks_only:    # G15: in tricks
                if name == "trull":
                    theirs.update(TRULL_CARDS)
                else:
                    their_kings = size
        if name == "trull":
            pile.trull = held
        else:
            pile.kings = held
    for it in items:
        placed: tuple[int, ...] = (BIRD_CARD[it.name],) if it.name in BIRDS else \
            _MOND if it.name == "mondfang" else ()
        ours = _bird_in_winner(it) if it.name in BIRDS else it.declarer_side
        if placed and ours is not None:
            (pile.named if ours else pile.away).update(placed)
            if not ours:
                theirs.update(placed)
    theirs_from_tricks = len(theirs) + their_kings
    both = pile.named & pile.away
    if both:
        return ("OUTCOME-CONFLICT", f"the bonuses put {PACK.codes[min(both)]} in both sides' "
                "piles (§6.3)", "/items")
    low, high = pile.trull_range()
    if low > high:
        return ("OUTCOME-CONFLICT", "the bonuses put Trull cards in both sides' piles: one side "
                "cannot hold the whole Trull (§6.3)", "/items")
    needed = low + pile.kings[0] + len(pile.named - set(TRULL_CARDS))
    if needed > 3 * won:
        return ("OUTCOME-CONFLICT", f"the declarer won {won} trick(s): they cannot hold the "
                f"{needed} cards the bonuses put in his pile (the Trull and the kings are never "
                "discarded, §4.2, §6.3)", "/items")
    if theirs_from_tricks > 3 * (16 - won):
        return ("OUTCOME-CONFLICT", f"the defenders won {16 - won} trick(s): they cannot have "
                f"taken the {theirs_from_tricks} cards the bonuses put in their tricks (§6.3)",
                "/items")
    if not pile.counts(points):
        unwritten = [n for n in ("trull", "four_kings") if n not in written]
        pile.trull = (0, 3) if "trull" in unwritten else pile.trull
        pile.kings = (0, 4) if "four_kings" in unwritten else pile.kings
        if unwritten and pile.counts(points):
            return ("OUTCOME-CONFLICT", f"with {points} card points from {won} trick(s) one "
                    f"side's pile holds the whole {' or the '.join(unwritten)}, which the "
                    "outcome does not write (§6.3)", "/items")
        return ("OUTCOME-POINTS", f"a declarer who won {won} trick(s) holds {pile.cards} cards"
                f"{_what(written)}: they count {pile.count_span()} card points, not {points} "
                "(§1.4, §6.1)", "/points")
    return None


def _trischak_seat_piles(items: tuple[Item, ...], rules: CarinthianRules, d: int,
                         n: int) -> list[_Pile]:
    """Each participant's pile as the Trischak bonuses place cards (§6.6): the Trull and the
    kings in one seat's pile, or (silent bonuses scored) in nobody's whole; a made bird in its
    player's pile, a lost one in another's. Sizes are set by the caller."""
    piles = [_Pile(0) for _ in range(n)]
    written = {it.name: it for it in items}
    for name, size in (("trull", 3), ("four_kings", 4)):
        it = written.get(name)
        for s, pile in enumerate(piles):
            held = ((size, size) if it.seat == s else (0, 0)) if it is not None else \
                (0, size - 1) if rules.trischak_silent_bonuses else (0, size)
            if name == "trull":
                pile.trull = held
            else:
                pile.kings = held
    for it in items:
        if it.name not in BIRDS or (it.announced and not it.made):
            continue
        seat = d if it.announced else it.seat
        assert seat is not None
        card = BIRD_CARD[it.name]
        for s, pile in enumerate(piles):
            if it.made:
                (pile.named if s == seat else pile.away).add(card)
            elif s == seat:             # lost: in the pile of whoever won its trick, not his
                pile.away.add(card)
    return piles


def _trischak_piles(items: tuple[Item, ...], rules: CarinthianRules, d: int, pts: list[int],
                    tricks: list[int], n: int, dealer: int) -> tuple[str, str, str] | None:
    """§5.6, §6.6: each participant's pile (his tricks, and the talon card each of tricks 1–6
    brought; at four the dealer's four-card tricks) against the bonuses and his card points;
    after a full play the piles share the whole pack (raw 106, §1.4)."""
    after_six = n == 4 and tricks[dealer] == 0          # scored as after trick 6 (§5.6, G19)
    full = sum(tricks) == 16 and not after_six
    piles = _trischak_seat_piles(items, rules, d, n)
    for s, pile in enumerate(piles):
        low, high = pile.trull_range()
        if pile.named & pile.away or low > high:
            return ("OUTCOME-CONFLICT", f"the bonuses put the same card in seat {s}'s pile "
                    "and in another's (§6.6)", "/items")

    def sizes(s: int) -> dict[int, int]:
        """Seat ``s``'s pile size for each count of tricks 1–6 he can have won."""
        t = tricks[s]
        if n == 4 and s == dealer:
            return {0: 0} if after_six else {t: 4 * t}
        ks = range(max(0, t - 10), min(6, t) + 1)
        return {k: 4 * k if after_six else 3 * t + k for k in ks}

    options = []
    for s, pile in enumerate(piles):
        fits = {}
        for k, cards in sizes(s).items():
            pile.cards = pile.five_slots = cards
            if pile.counts(pts[s]):
                fits[k] = cards
        if not fits:
            spans = ", ".join(f"{c} cards count {_span(piles[s], c)}" for c in
                              sorted(set(sizes(s).values())))
            return ("OUTCOME-POINTS", f"seat {s} won {tricks[s]} trick(s): his pile ({spans}) "
                    f"cannot count {pts[s]} card points (§1.4, §5.6)", f"/points/{s}")
        options.append(fits)
    for ks in product(*(sorted(o) for o in options)):
        if sum(ks) == 6 and (not full or sum(
                pts[s] + _deduction(options[s][k]) for s, k in enumerate(ks)) == 106):
            return None
    return ("OUTCOME-POINTS", f"the participants' card points {pts} cannot be counted from "
            "one pack: no sharing of the 54 cards between piles of their tricks gives them "
            "(§1.4, §5.6)", "/points")


def _span(pile: _Pile, cards: int) -> str:
    pile.cards = pile.five_slots = cards
    return pile.count_span()


def _what(written: dict[str, Item]) -> str:
    """The bonuses that fix cards, as the sentence of a pile's count names them."""
    names = [n for n in ("trull", "four_kings", "mondfang", *BIRDS) if n in written]
    return f" with what {', '.join(names)} say" if names else ""


# -- score sheets without an outcome: the scores some outcome gives -------------------------
@functools.cache
def _normal_bonuses() -> frozenset[int]:
    """Every sum of §6.3 bonuses in the declarer's column (birds announced with their kontra,
    or silent; Trull, kings, Mondfang): a superset of what a deal can give (it ignores which
    combinations the cards exclude)."""
    options = [sorted({0, base, -base} | {s * 2 * base * k for s in (1, -1) for k in (1, 2, 4)})
               for base in (BIRD_BASE[b] for b in BIRDS)] + [[-1, 0, 1]] * 3
    return frozenset(sum(c) for c in product(*options))


def _normal_games(contract: str, rules: CarinthianRules, D: int, restricted: bool
                  ) -> tuple[set[int], set[int]]:
    """(game scores with bonuses possible, Zahle scores) of a non-Trischak contract (§6.2,
    §6.5)."""
    c = CONTRACTS[contract]
    values = {c.value} | ({11} if c.id == "vierzig" else set())
    games = {s * v * k * D for v in values for s in (1, -1) for k in (1, 2, 4)}
    m = D if rules.valat_in_period_doubled else 1
    game_k = (1, 2, 4) if rules.valat_and_game_kontra else (1,)
    for kv in (1, 2, 4):
        for kg in game_k:
            games |= {VALAT_WIN * kv * kg * m, -int(rules.announced_valat_loss) * kv * kg * m}
        games.add(VALAT_SILENT * kv * m)
    zahle = set()
    if c.id == "angesehen" and not restricted:
        zahle.add(ZAHLE_VALUE * (D if rules.zahle_doubled else 1))
    return games, zahle


@functools.cache
def _trischak_bonuses(n: int, d: int, silent: bool
                      ) -> tuple[frozenset[tuple[int, ...]], tuple[tuple[int, ...], ...]]:
    """The settled deltas of the Trischak bonuses (§6.6) with declarer ``d``: every sum of
    the birds' (announced with their kontra, or silent in any participant's column), and
    every sum of Trull and kings; a superset, as above. Settlement is linear, so sums of
    settled vectors are the settled sums."""
    seats = tuple(range(n))
    zero = (0,) * n

    def unit(s: int, v: int) -> tuple[int, ...]:
        e = [0] * n
        e[s] = v
        return settle(e, seats)

    def sums(per: list[list[tuple[int, ...]]]) -> set[tuple[int, ...]]:
        out: set[tuple[int, ...]] = {zero}
        for opts in per:
            out = {tuple(a + b for a, b in zip(x, y)) for x in out for y in opts}
        return out
    birds = []
    for b in BIRDS:
        base = BIRD_BASE[b]
        opts = [zero] + [unit(d, s * 2 * base * k) for s in (1, -1) for k in (1, 2, 4)]
        if silent:
            opts += [unit(p, s * base) for p in seats for s in (1, -1)]
        birds.append(opts)
    held = [[zero] + ([unit(p, 1) for p in seats] if silent else [])] * 2
    return frozenset(sums(birds)), tuple(sums(held))


@functools.cache
def _trischak_games(n: int, dealer: int, tie_scores: bool, D: int
                    ) -> tuple[tuple[int, ...], ...]:
    """The settled deltas of every Trischak game result (§6.6: nobody, one seat ±V, the seats
    outside a tie at the top +V), for 0…n game kontras."""
    seats = tuple(range(n))
    out: set[tuple[int, ...]] = {(0,) * n}
    for k in range(n + 1):
        V = TRISCHAK_BASE * (1 << k) * D
        for s in seats:
            for v in (V, -V):
                e = [0] * n
                e[s] = v
                out.add(settle(e, seats))
        if tie_scores:
            for group in product((0, 1), repeat=n):   # the seats outside the tie
                if 2 <= sum(group) <= n - 2:
                    out.add(settle([V * g for g in group], seats))
    return tuple(out)


def reachable(contract: Any, declarer: Any, rules: CarinthianRules, n: int, dealer: int,
              D: int, restricted: bool, scores: list[int]) -> bool | None:
    """Whether some outcome of ``contract`` (declarer ``declarer``, or any active seat when
    None) gives ``scores``. Sound: it may accept scores the cards could not give together,
    never refuses scores an outcome gives. None when the contract is unknown."""
    if contract != TRISCHAK and contract not in CONTRACTS:
        return None
    active = tuple((dealer + 1 + i) % n for i in range(3))
    seats_d = (declarer,) if isinstance(declarer, int) else active
    if contract == TRISCHAK:
        results = _trischak_games(n, dealer, not (n == 4 and rules.trischak4_tie == "none"), D)
        for d in seats_d:
            birds, held = _trischak_bonuses(n, d, rules.trischak_silent_bonuses)
            for g in results:
                rest = [a - b for a, b in zip(scores, g)]
                for h in held:
                    if tuple(a - b for a, b in zip(rest, h)) in birds:
                        return True
        return False
    games, zahle = _normal_games(str(contract), rules, D, restricted)
    bonuses = _normal_bonuses()
    seats = settle_seats(n, dealer, False, rules.settle_active_only)
    for d in seats_d:
        other = next(s for s in seats if s != d)
        e = -scores[other]
        sheet = [0] * n
        sheet[d] = e
        if list(settle(sheet, seats)) != scores:
            continue
        if e in zahle or any(e - g in bonuses for g in games):
            return True
    return False
