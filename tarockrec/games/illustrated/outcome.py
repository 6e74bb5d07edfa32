"""Illustrated Tarokk's outcome block (docs/notation.md, "Illustrated vocabulary", the outcome):
the facts of a deal (scoring.IllustratedFacts) written as the table writes them, read back with
the checks a written outcome must pass, and what a score sheet without an outcome can score.

One scorer: a played deal's facts come from the engine, a sheet's from ``facts_of`` here; both
go to ``scoring.score_facts``.
"""
from __future__ import annotations

from itertools import product
from typing import Any

from ...findings import Finding
from .contracts import (
    ALL_BONUSES, BINDINGS, GAME_VALUE, KING_OF, LEVELS, PACK, POINTS, SAS_BONUSES, T1, T21, T22,
    TALON_TABLE, bonus_kind,
)
from .rules import IllustratedRules
from .scoring import HAND_VALUE, IllustratedFacts, bonus_values, silent_counts

SIDE = {"D": "declarer", "O": "opponents"}
#: the sides in a sentence
WHO = {"D": "declarer's side", "O": "defenders"}
TEAM = {"declarer": "D", "opponents": "O"}
#: items that may be written silent (§6.4; the sas ultimó under sas_bonuses, G45)
SILENT = ("trull", "four_kings", "xxi_catch", "pagat_ultimo", "sas_ultimo")
ULTIMOS = ("pagat_ultimo", "sas_ultimo")
#: the end vocabulary: a thrown-in deal (all passed, annulled, §2.3; a honourless fourth's
#: failure under redeal_no_penalty), the honourless fourth's failure scored (§3.6, §6.8)
ENDS = ("redeal", "honourless")
#: card points in the pack (§1.3); tricks in a deal (§5.1)
PACK_POINTS = 94
TRICKS = 9
#: §6.2: a volát team holds at least 72 card points (the six discards hold at most 22)
VOLAT_POINTS = 72
#: tarokks in the pack: the 8 and 9 tarokks claimed add up to no more (§4.12)
TAROKKS = 22
_TAROKK_COUNT = {"eight_tarokk": 8, "nine_tarokk": 9}


def _active(n: int, dealer: int) -> tuple[int, ...]:
    return tuple((dealer + 1 + i) % n for i in range(4))


def _factor(level: int) -> dict[str, int]:
    return {"kontra": 1 << level} if level else {}


# -- facts → outcome (a played deal) -----------------------------------------------------------
def outcome_of(f: IllustratedFacts, rules: IllustratedRules) -> dict[str, Any]:
    """The outcome block of the facts ``f``: what ``facts_of`` reads back to the same score."""
    out: dict[str, Any] = {}
    if f.contract is not None:
        out["contract"] = f.contract
    out["declarer"] = f.declarer
    if f.end == "redeal":
        out["end"] = "redeal"
        return out
    out["partner"] = f.partner
    if f.end == "honourless":
        out["won"] = False
        out["end"] = "honourless"
        return out
    p_d, p_o = f.points
    out["won"] = p_d >= 48
    level = f.items.get(("D", "game"), 0)
    if level:
        out["kontra"] = 1 << level
    out["points"] = [p_d, p_o]
    out["tricks"] = list(f.tricks)
    items: list[dict[str, Any]] = []
    for (team, item), lvl in sorted(f.items.items()):
        if item == "game":
            continue
        if item in ("double_game", "volat"):
            made = _dg_volat_made(f, team, item)
        else:
            made = f.made[(team, item)]
        items.append({"item": item, "announced": True, "made": made, "side": SIDE[team],
                      **_factor(lvl)})
    for item, who in (("trull", f.trull), ("four_kings", f.four_kings),
                      ("xxi_catch", f.caught)):
        if who is not None and silent_counts(f, rules, who, item):
            items.append({"item": item, "announced": False, "made": True, "side": SIDE[who]})
    for item, team, ok in f.ultimos:
        if silent_counts(f, rules, team, item):
            items.append({"item": item, "announced": False, "made": ok, "side": SIDE[team]})
    for seat, claim in f.declared:
        items.append({"item": claim, "announced": True, "made": True,
                      "side": SIDE[f.team_of(seat)], "seat": seat})
    for seat, claim in f.late:
        items.append({"item": claim, "announced": False, "made": True,
                      "side": SIDE[f.team_of(seat)], "seat": seat})
    if items:
        out["items"] = items
    return out


def _dg_volat_made(f: IllustratedFacts, team: str, item: str) -> bool:
    """§6.2: a team makes double game with ≥ 71 card points, volát with all 9 tricks."""
    if item == "double_game":
        return f.points[0 if team == "D" else 1] >= 71
    return f.team_tricks(team) == TRICKS


# -- outcome → facts (a score sheet), with its checks ------------------------------------------
class _Reader:
    """Reads a written outcome into facts, collecting findings (pointers ``/outcome/...``)."""

    def __init__(self, rules: IllustratedRules, n: int, dealer: int) -> None:
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.active = _active(n, dealer)
        self.found: list[Finding] = []
        self.maxk = int(rules.max_kontra_level)
        self.bonuses = ALL_BONUSES + (SAS_BONUSES if rules.sas_bonuses else ())

    def bad(self, code: str, message: str, where: str = "") -> None:
        self.found.append(Finding(code, message, "/outcome" + where))

    def seat(self, seat: Any, what: str, where: str) -> bool:
        """An active seat (the 5-player dealer sits out); the seat range itself is the
        shared check's (outcome.check_seats)."""
        if isinstance(seat, int) and 0 <= seat < self.n and seat not in self.active:
            self.bad("OUTCOME-SEAT", f"seat {seat} deals and sits out this deal: he cannot be "
                     f"the {what}", where)
            return False
        return isinstance(seat, int) and 0 <= seat < self.n

    def level(self, factor: Any, what: str, where: str) -> int | None:
        """A kontra factor (2, 4, … up to the rule set's highest level, §4.11) as its level."""
        if factor is None:
            return 0
        if (not isinstance(factor, int) or factor < 2 or factor & (factor - 1)
                or factor.bit_length() - 1 > self.maxk):
            self.bad("OUTCOME-KONTRA", f"{what} carries kontra ×{factor}: a kontra factor is "
                     f"2, 4, … up to ×{1 << self.maxk} (the highest level these rules allow)",
                     where)
            return None
        return factor.bit_length() - 1

    def read(self, o: dict[str, Any], multiplier: int) -> IllustratedFacts | None:
        r = self.rules
        end = o.get("end")
        if end is not None and end not in ENDS:
            self.bad("OUTCOME-END", f"{end!r} is not an end of an Illustrated Tarokk deal "
                     "(redeal, honourless)", "/end")
            return None
        contract = o.get("contract")
        if contract is not None and contract not in LEVELS:
            self.bad("OUTCOME-CONTRACT", f"{contract!r} is not an Illustrated Tarokk contract "
                     "(three, two, one, solo)", "/contract")
            return None
        declarer = o.get("declarer")
        if declarer is not None and not self.seat(declarer, "declarer", "/declarer"):
            return None
        f = IllustratedFacts(self.n, self.active, multiplier, contract, declarer)
        if end == "redeal":
            extra = [k for k in ("partner", "won", "kontra", "points", "tricks", "items")
                     if k in o]
            if extra:
                self.bad("OUTCOME-END", "a thrown-in deal (redeal) scores nothing: its outcome "
                         f"writes no {', '.join(extra)}", "/" + extra[0])
                return None
            if (contract is None) != (declarer is None):
                self.bad("OUTCOME-CONTRACT", "a thrown-in deal names both its contract and "
                         "declarer (annulled after the auction) or neither (all passed)",
                         "/contract" if contract is None else "/declarer")
                return None
            f.end = "redeal"
            return f
        if contract is None or declarer is None:
            key = "contract" if contract is None else "declarer"
            self.bad("OUTCOME-CONTRACT", f"the outcome of a deal that was not thrown in names "
                     f"its {key}", "")
            return None
        if "partner" not in o:
            self.bad("OUTCOME-PARTNER", "the outcome names the partner (null: the declarer "
                     "played alone)", "")
            return None
        partner = o["partner"]
        if partner is not None:
            if partner == declarer:
                self.bad("OUTCOME-PARTNER", f"seat {partner} is the declarer and cannot also "
                         "be his partner", "/partner")
                return None
            if not self.seat(partner, "partner", "/partner"):
                return None
        if end == "honourless":
            return self._honourless(o, f, contract, partner)
        f.partner = partner
        if not self._points(o, f):
            return None
        kg = self.level(o.get("kontra"), "the game", "/kontra")
        if kg is None:
            return None
        f.items[("D", "game")] = kg
        if not self._items(o.get("items") or [], f):
            return None
        return f if not self.found else None

    def _honourless(self, o: dict[str, Any], f: IllustratedFacts, contract: str,
                    partner: int | None) -> IllustratedFacts | None:
        r = self.rules
        if r.honourless_fourth_failure == "redeal_no_penalty":
            self.bad("OUTCOME-END", "under these rules a honourless fourth who draws no honour "
                     "throws the deal in (end: redeal), he pays nothing", "/end")
        elif r.honourless_fourth_bids == "three" and contract != "three":
            self.bad("OUTCOME-END", f"the honourless fourth bids only three under these rules, "
                     f"not {contract}", "/contract")
        elif partner is not None:
            self.bad("OUTCOME-PARTNER", "the honourless fourth who draws no honour plays alone "
                     "(partner: null)", "/partner")
        elif o.get("won") is not False:
            self.bad("OUTCOME-CONFLICT", "the honourless fourth who draws no honour loses "
                     "(won: false)", "/won")
        else:
            extra = [k for k in ("kontra", "points", "tricks", "items") if k in o]
            if extra:
                self.bad("OUTCOME-END", "the honourless fourth's deal ends before the "
                         f"announcements and the play: its outcome writes no "
                         f"{', '.join(extra)}", "/" + extra[0])
        if self.found:
            return None
        f.end = "honourless"
        return f

    def _points(self, o: dict[str, Any], f: IllustratedFacts) -> bool:
        points, tricks, won = o.get("points"), o.get("tricks"), o.get("won")
        if not isinstance(won, bool):
            self.bad("OUTCOME-CONFLICT", "the outcome of a played deal says whether the "
                     "declarer's side won (won)", "")
            return False
        if (not isinstance(points, list) or len(points) != 2
                or not all(isinstance(p, int) and 0 <= p <= PACK_POINTS for p in points)
                or sum(points) != PACK_POINTS):
            self.bad("OUTCOME-POINTS", f"the card points are written as [declarer side, "
                     f"defenders], each 0–{PACK_POINTS}, together {PACK_POINTS} (§1.3): "
                     f"{points} is not", "/points")
            return False
        n = self.n
        if (not isinstance(tricks, list) or len(tricks) != n
                or not all(isinstance(t, int) and t >= 0 for t in tricks)
                or sum(tricks) != TRICKS or any(tricks[s] for s in range(n)
                                                if s not in self.active)):
            self.bad("OUTCOME-POINTS", f"the tricks are written one count per seat ({n}), "
                     f"together {TRICKS}, none for a seat that sits out: {tricks} is not",
                     "/tricks")
            return False
        f.points = (points[0], points[1])
        f.tricks = tuple(tricks)
        if won != (points[0] >= 48):
            self.bad("OUTCOME-CONFLICT", f"the declarer's side has {points[0]} card points and "
                     f"{'lost' if won else 'won'} the game (48 win it, §6.2), but the outcome "
                     f"says won = {'yes' if won else 'no'}", "/won")
            return False
        for team in ("D", "O"):
            if f.team_tricks(team) == TRICKS and f.points[team == "O"] < VOLAT_POINTS:
                self.bad("OUTCOME-CONFLICT", f"the {WHO[team]} won all 9 tricks but hold "
                         f"only {f.points[team == 'O']} card points (a volát brings at least "
                         f"{VOLAT_POINTS}, §6.2)", "/points")
                return False
        return True

    def _items(self, items: list[dict[str, Any]], f: IllustratedFacts) -> bool:
        r = self.rules
        hand_total = 0
        hand_seats: set[int] = set()
        written: list[tuple[int, str, str, bool, bool]] = []   # (i, team, item, announced, made)
        for i, it in enumerate(items):
            where = f"/items/{i}"
            name, announced, made = it.get("item"), it.get("announced"), it.get("made")
            team = TEAM.get(it.get("side", ""), "")
            if not team:
                self.bad("OUTCOME-ITEM", f"{name}: the side is declarer or opponents",
                         where + "/side")
                continue
            if name in _TAROKK_COUNT:
                hand_total += self._hand_bonus(it, name, team, where, f, hand_seats)
                continue
            if "seat" in it:
                self.bad("OUTCOME-ITEM", f"{name} is a team's item: it names no seat",
                         where + "/seat")
                continue
            if name == "game":
                self.bad("OUTCOME-ITEM", "the game is written as the outcome's won and kontra, "
                         "not as an item", where)
                continue
            if name not in self.bonuses and name not in ("double_game", "volat"):
                self.bad("OUTCOME-ITEM", f"{name!r} is not a bonus these rules play", where)
                continue
            if not announced:
                if name not in SILENT or (name == "sas_ultimo" and not r.sas_bonuses):
                    why = ("a silent double game or volát follows from the card points and "
                           "tricks (§6.3) and is not written"
                           if name in ("double_game", "volat")
                           else f"{name} scores only when announced (§4.9)")
                    self.bad("OUTCOME-ITEM", why, where + "/announced")
                    continue
                if "kontra" in it:
                    self.bad("OUTCOME-KONTRA", f"a silent {name} cannot be kontra'd (§4.11)",
                             where + "/kontra")
                    continue
                if name not in ULTIMOS and made is not True:
                    self.bad("OUTCOME-ITEM", f"a silent {name} is written only where it was "
                             "made (made: true)", where + "/made")
                    continue
                written.append((i, team, name, False, bool(made)))
                continue
            lvl = self.level(it.get("kontra"), name, where + "/kontra")
            if lvl is None:
                continue
            f.items[(team, name)] = lvl
            written.append((i, team, name, True, bool(made)))
        if hand_total > TAROKKS:
            self.bad("OUTCOME-CONFLICT", f"the tarokk declarations and claims add up to "
                     f"{hand_total} tarokks; the pack has {TAROKKS}", "/items")
        if self.found:
            return False
        return self._made(written, f)

    def _hand_bonus(self, it: dict[str, Any], name: str, team: str, where: str,
                    f: IllustratedFacts, hand_seats: set[int]) -> int:
        """A written tarokk declaration or late claim (§4.12): its holder's seat and side, made,
        no kontra (§4.11), once per seat; the tarokks it counts (0 when refused)."""
        announced, made, seat = it.get("announced"), it.get("made"), it.get("seat")
        if not isinstance(seat, int) or not self.seat(seat, f"holder of {name}",
                                                       where + "/seat"):
            if not isinstance(seat, int):
                self.bad("OUTCOME-ITEM", f"{name} names the seat that holds the "
                         "tarokks", where)
            return 0
        if f.team_of(seat) != team:
            self.bad("OUTCOME-ITEM", f"seat {seat} plays for the "
                     f"{WHO[f.team_of(seat)]}, not the {WHO[team]}", where + "/side")
        elif made is not True:
            self.bad("OUTCOME-ITEM", f"a tarokk {'declaration' if announced else 'claim'} "
                     "is written made: true (it is paid as held, §4.12)", where + "/made")
        elif "kontra" in it:
            self.bad("OUTCOME-KONTRA", f"{name} is a hand bonus and cannot be kontra'd "
                     "(§4.11)", where + "/kontra")
        elif seat in hand_seats:
            self.bad("OUTCOME-ITEM", f"seat {seat} declares or claims his tarokks once "
                     "(§4.12)", where)
        else:
            hand_seats.add(seat)
            if announced:
                f.declared += ((seat, name),)
            else:
                f.late += ((seat, name),)
            return _TAROKK_COUNT[name]
        return 0

    def _made(self, written: list[tuple[int, str, str, bool, bool]],
              f: IllustratedFacts) -> bool:
        """The items' made/failed against the points, tricks and each other (§4.9, §6.2–6.4)."""
        r = self.rules
        by_trick: dict[int, tuple[int, str]] = {}     # target trick -> (index, item) made
        holders: dict[str, tuple[int, str]] = {}      # card-collecting kinds -> (index, team)
        for i, team, name, announced, made in written:
            where = f"/items/{i}"
            if name in ("double_game", "volat"):
                want = _dg_volat_made(f, team, name)
                if made != want:
                    self.bad("OUTCOME-CONFLICT", f"the {WHO[team]}' {name} is "
                             f"{'made' if want else 'failed'} by the card points and tricks "
                             f"written (§6.2), but the outcome says "
                             f"{'made' if made else 'failed'}", where + "/made")
                continue
            if not announced and not silent_counts(f, r, team, name):
                self.bad("OUTCOME-CONFLICT", f"a silent {name} of the {WHO[team]} does not "
                         f"score here (§6.4: announced by them, after their volát, or after "
                         "their uhu on the card)", where)
                continue
            if announced:
                f.made[(team, name)] = made
            if not made:
                if not announced:            # a silent ultimó lost: its card was played
                    f.ultimos += ((name, team, False),)
                continue
            tricks = f.team_tricks(team)
            b = BINDINGS.get(name)
            need = b[1] if b is not None and b[2] else 1      # a bird: tricks 1..target
            if tricks < need:
                self.bad("OUTCOME-CONFLICT", f"the {WHO[team]} made {name} with "
                         f"{tricks} trick{'s' if tricks != 1 else ''} (it needs "
                         f"{need} at least)", where + "/made")
                continue
            kind = bonus_kind(name)
            if b is not None:
                other = by_trick.get(b[1])
                if other is not None:
                    self.bad("OUTCOME-CONFLICT", f"{name} and {other[1]} both made: one card "
                             f"wins trick {b[1]}", where + "/made")
                    continue
                by_trick[b[1]] = (i, name)
                if not announced:
                    f.ultimos += ((name, team, True),)
            elif kind in ("trull", "four_kings", "xxi_catch"):
                other_h = holders.get(kind)
                if other_h is not None and other_h[1] != team:
                    self.bad("OUTCOME-CONFLICT", f"both sides made {kind}: only one can "
                             f"({'collect the cards' if kind != 'xxi_catch' else 'catch the XXI'})",
                             where + "/made")
                    continue
                holders[kind] = (i, team)
                if kind == "trull":
                    f.trull = team
                elif kind == "four_kings":
                    f.four_kings = team
                else:
                    f.caught = team
        for i, team, name, announced, made in written:
            # a silent ultimó lost by one side while the other side made its announced one:
            # the card was played by one side only
            if name in ULTIMOS and (("O" if team == "D" else "D"), name) in f.made:
                if not announced and f.made[("O" if team == "D" else "D", name)]:
                    self.bad("OUTCOME-CONFLICT", f"{name}: the {WHO[team]} played the card "
                             "to trick 9 (silent), yet the other side made its announced one",
                             f"/items/{i}")
        if not self.found:
            self._piles(written, f)
        return not self.found

    def _piles(self, written: list[tuple[int, str, str, bool, bool]],
               f: IllustratedFacts) -> None:
        """The cards the achieved bonuses place in each team's tricks (§4.9), in one team's
        only, and the declarer team's card points against its tricks, its discards and those
        cards (§1.3, §4.3)."""
        placed: dict[str, set[int]] = {"D": set(), "O": set()}
        for _, team, name, _, made in written:
            if made:
                placed[team].update(_PLACES.get(name, ()))
        both = placed["D"] & placed["O"]
        if both:
            self.bad("OUTCOME-CONFLICT", f"the bonuses made put {PACK.codes[min(both)]} in both "
                     "sides' tricks (§4.9)", "/items")
            return
        r, contract = self.rules, f.contract
        assert contract is not None
        all_discards = len(PACK) - TRICKS * _CARDS_PER_TRICK
        lone = f.partner is None
        discards = {all_discards if lone and r.lone_declarer_takes_all_discards
                    else TALON_TABLE[contract][0]}
        if lone and r.unintentional_lone_takes_all_discards:
            discards.add(all_discards)
        spans = [_team_pile(f.points[0], f.tricks_d(), k, placed["D"], placed["O"])
                 for k in sorted(discards)]
        if all(span is not None for span in spans):
            low = min(sp[0] for sp in spans if sp is not None)
            high = max(sp[1] for sp in spans if sp is not None)
            said = " with the cards its bonuses place" if placed["D"] | placed["O"] else ""
            self.bad("OUTCOME-POINTS", f"the declarer's side won {f.tricks_d()} trick(s): "
                     f"its tricks and discard{said} hold {low}–{high} card points, not "
                     f"{f.points[0]} (§1.3, §4.3)", "/points")


#: §4.9: the cards an achieved bonus puts in its team's tricks (the card that won its trick,
#: the honours or kings collected, the Skíz and the XXI it caught)
_PLACES = {"trull": (T22, T21, T1), "four_kings": tuple(KING_OF.values()),
           "xxi_catch": (T22, T21), "pagat_ultimo": (T1,), "pagat_uhu": (T1,),
           "kismadar": (T21,), "nagymadar": (T22,),
           **{f"king_{kind}:{s}": (k,) for s, k in KING_OF.items() for kind in ("ultimo", "uhu")}}
#: §1.3, §4.3: the honours and kings (5 points, never discarded) and the other cards' points
_FIVES = frozenset(c for c in range(len(PACK)) if POINTS[c] == 5)
_OTHERS = tuple(sorted(POINTS[c] for c in range(len(PACK)) if c not in _FIVES))
_CARDS_PER_TRICK = 4


def _team_pile(points: int, tricks: int, discard: int, ours: set[int], theirs: set[int]
               ) -> tuple[int, int] | None:
    """The fewest and most card points (§1.3) the declarer team's pile can hold, over its
    ``tricks`` tricks and ``discard`` discarded cards, with the named cards ``ours`` in its
    tricks and ``theirs`` in the defenders': None when ``points`` is in reach."""
    spans = []
    for x in range(len(ours & _FIVES), len(_FIVES) - len(theirs & _FIVES) + 1):
        rest = _CARDS_PER_TRICK * tricks + discard - x
        if x > _CARDS_PER_TRICK * tricks or len(_FIVES) - x > _CARDS_PER_TRICK * (
                TRICKS - tricks) or not 0 <= rest <= len(_OTHERS):
            continue
        low, high = 5 * x + sum(_OTHERS[:rest]), 5 * x + sum(_OTHERS[len(_OTHERS) - rest:])
        if low <= points <= high:
            return None
        spans.append((low, high))
    return (min(s[0] for s in spans), max(s[1] for s in spans)) if spans else (0, -1)


def facts_of(o: dict[str, Any], rules: IllustratedRules, n: int, dealer: int,
             multiplier: int) -> tuple[list[Finding], IllustratedFacts | None]:
    """The facts of the written outcome ``o`` (None where it cannot be scored), and the findings
    that say why it is impossible for its contract under ``rules``."""
    reader = _Reader(rules, n, dealer)
    f = reader.read(o, multiplier)
    return reader.found, (f if not reader.found else None)


# -- a score sheet without an outcome ----------------------------------------------------------
#: the hand-bonus choices of one seat: none, declared 8 / 9, claimed late 8 / 9 (§4.12)
_HAND = ((0, 0, False), (8, 1, True), (9, 2, True), (8, 1, False), (9, 2, False))


def reachable(scores: list[int], rules: IllustratedRules, n: int, dealer: int, multiplier: int,
              contract: str, declarer: int | None, partner: Any) -> bool:
    """Whether some outcome of ``contract`` gives ``scores`` (§6.5): every seat's score is
    ``M`` × (its team share of one team value V + the tarokk declarations and claims).

    Enumerated: the declarer (where not written), the partner (none or any other active seat,
    where not written) and each active seat's tarokk declaration or claim (5⁴ choices). V
    itself is bounded, not enumerated: the silent trull and four kings step it by 1, so every
    integer up to the largest sum of items is taken as possible (sound: a score called
    unreachable is; a reachable-looking one may still need an impossible combination)."""
    active = _active(n, dealer)
    if any(scores[s] for s in range(n) if s not in active):
        return False
    if any(x % multiplier for x in scores):
        return False
    base = [x // multiplier for x in scores]
    vmax = _v_bound(rules, contract)
    declarers = (declarer,) if isinstance(declarer, int) else active
    for d in declarers:
        if d not in active:
            continue
        others = [s for s in active if s != d]
        partners: tuple[Any, ...] = (partner,) if partner is not ... else (None, *others)
        for p in partners:
            if p is not None and p not in others:
                continue
            team_d = {d} if p is None else {d, p}
            for hands in product(_HAND, repeat=4):
                if sum(h[0] for h in hands) > TAROKKS:
                    continue
                rest = list(base)
                for s, (_, v, declared) in zip(active, hands):
                    if not v:
                        continue
                    if declared:            # +3v to the holder, −v to each other active seat
                        for t in active:
                            rest[t] -= 3 * v if t == s else -v
                    else:                   # a late claim: paid by the holder's teammates
                        mates = team_d if s in team_d else set(active) - team_d
                        for t in mates:
                            if t != s:
                                rest[s] -= v
                                rest[t] += v
                if _team_split(rest, active, d, team_d, vmax):
                    return True
    return False


def _team_split(rest: list[int], active: tuple[int, ...], d: int, team_d: set[int],
                vmax: int) -> bool:
    """Whether ``rest`` is one team value V spread as §6.5 says (2 v 2: ±V; 1 v 3: +3V/−V)."""
    if len(team_d) == 1:
        v = -rest[next(s for s in active if s != d)]
        want = {s: (3 * v if s == d else -v) for s in active}
    else:
        v = rest[d]
        want = {s: (v if s in team_d else -v) for s in active}
    return abs(v) <= vmax and all(rest[s] == want[s] for s in active)


def _v_bound(rules: IllustratedRules, contract: str) -> int:
    """The largest |V| any outcome of ``contract`` can give (a generous bound: every item
    kontra'd to the top, both sides' announcements together)."""
    k = 1 << int(rules.max_kontra_level)
    g = max(GAME_VALUE[contract], 4 if rules.lone_game_value == "solo" else 0)
    game = g * k * (1 + 4 + 6) * 2 + 3 * g
    values = bonus_values(rules)
    bonuses = (ALL_BONUSES + (SAS_BONUSES if rules.sas_bonuses else ()))
    announced = 2 * k * sum(values[bonus_kind(b)] for b in bonuses if bonus_kind(b) in values)
    silent = 1 + 1 + int(rules.xxi_catch_values) + 5 + 5
    return game + announced + silent + 3 * (HAND_VALUE["nine_tarokk"] + 1)
