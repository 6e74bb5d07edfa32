"""Nothing impossible passes (issue 32, item 1): for Carinthian, Ulti, Illustrated and Cego, every
table size and every complete rule set, score sheets are made from engine-played deals
(``convert --sheet``), each is changed one fact at a time, and each change is judged by a bound
written here from the rules documents alone (rules/carinthian.md, rules/ulti.md, …): no check of
the code under test is imported. A change the bound calls impossible must be refused with a real
finding code; every unchanged sheet must be accepted, and the bound must call it possible (the
bound itself is checked to be sound on what play gave).

Königrufen has its own property test (tests/test_koenigrufen_*.py)."""
from __future__ import annotations

import copy
import itertools
from typing import Any, Callable, Iterator

import pytest

from tarockrec.generate import deal_records
from tarockrec import games
from tarockrec.tournament.sheet import to_sheet
from tarockrec.validate import validate_record

Outcome = dict[str, Any]
#: a bound: (the outcome, the table size, the dealer, the rule set's options) → why the outcome
#: cannot be, or None when the bound finds no reason
Bound = Callable[[Outcome, int, int, dict[str, Any]], "str | None"]


# -- Carinthian (rules/carinthian.md) ------------------------------------------------------------
# §1.4: the pack's values. The Trull T22 T21 T1 and the four kings are 5; the bonuses name the
# Trull cards, the kings as a group and the birds T1 T2 T3 (§6.3), so the other cards are kept
# as a list of values only.
CA_TRULL = ("T22", "T21", "T1")
CA_BIRD = {"pagat": "T1", "uhu": "T2", "kike": "T3"}
CA_BIRD_TRICK = {"pagat": 16, "uhu": 15, "kike": 14}
#: every card but the Trull, the kings and T2/T3: 4 queens, 4 knights, 4 jacks, T4–T20, 16 pips
CA_OTHERS = [4] * 4 + [3] * 4 + [2] * 4 + [1] * 17 + [1] * 16
CA_TARGET = {"vierzig": (40, 50)}


def _ca_count(raw: int, cards: int) -> int:
    """§1.4: each full three loses 2, a remainder of 1 or 2 cards loses 1."""
    return raw - 2 * (cards // 3) - (1 if cards % 3 else 0)


def _ca_raw_span(cards: int, slots_for_fives: int, must: set[str], must_not: set[str],
                 trull: range, kings: range) -> list[tuple[int, int]]:
    """The raw sums of a pile of ``cards`` cards holding ``must`` and none of ``must_not``,
    with a count of Trull cards in ``trull`` and of kings in ``kings``, where at most
    ``slots_for_fives`` of its cards may be Trull cards or kings (§4.2: never discarded)."""
    spans = []
    small_in = [c for c in ("T2", "T3") if c in must]
    small_free = [c for c in ("T2", "T3") if c not in must and c not in must_not]
    rest_pool = sorted(CA_OTHERS + [1] * len(small_free))
    for x in trull:
        if sum(c in must for c in CA_TRULL) > x or sum(c not in must_not for c in CA_TRULL) < x:
            continue
        for y in kings:
            fixed = x + y + len(small_in)
            rest = cards - fixed
            if rest < 0 or rest > len(rest_pool) or x + y + len(small_in) > slots_for_fives:
                continue
            base = 5 * (x + y) + len(small_in)
            spans.append((base + sum(rest_pool[:rest]),
                          base + sum(rest_pool[len(rest_pool) - rest:])))
    return spans


def _ca_placed(item: dict[str, Any]) -> tuple[list[str], bool | None]:
    """The cards an item puts in a pile and whether that pile is the declarer's side's (§6.3):
    a bird in its trick's winner's pile, the Mond with the Sküs that caught it."""
    name, made, ours = item["item"], item["made"], item["side"] == "declarer"
    if name in CA_BIRD:
        if item["announced"] and not made:
            return [], None
        return [CA_BIRD[name]], ours == made
    if name == "mondfang":
        return ["T22", "T21"], ours
    return [], None


def carinthian_bound(o: Outcome, n: int, dealer: int, opts: dict[str, Any]) -> str | None:
    if o.get("end") == "zahle":
        return None
    tricks, pts, items = o["tricks"], o["points"], o.get("items", [])
    active = [s for s in range(n) if not (n == 4 and s == dealer)]
    if o["contract"] == "trischak":
        return _ca_trischak(o, n, dealer, opts)
    if sum(tricks) != 16 or any(tricks[s] for s in range(n) if s not in active):
        return "16 tricks, none to a dealer who sits out"
    d = o["declarer"]
    t = tricks[d]
    if pts[0] + pts[1] != 70:
        return "the two piles count 70"
    target = o["target"]
    if target not in CA_TARGET.get(o["contract"], (36,)) or o["won"] != (pts[0] >= target):
        return "the target and won against the points"
    names = {it["item"]: it for it in items}
    valat = names.get("valat")
    if (t == 16) != bool(valat and valat["made"]):
        return "a valat made is all 16 tricks"
    # the tricks each side must have won: the birds' tricks, the Mondfang's
    ours: set[int] = set()
    theirs: set[int] = set()
    for it in items:
        if it["item"] in CA_BIRD and not (it["announced"] and not it["made"]):
            (ours if (it["side"] == "declarer") == it["made"] else theirs).add(
                CA_BIRD_TRICK[it["item"]])
    if "mondfang" in names:
        side = ours if names["mondfang"]["side"] == "declarer" else theirs
        if not side:
            side.add(0)
    if len(ours) > t or len(theirs) > 16 - t:
        return "the bonuses' tricks against the tricks won"
    tricks_only = opts.get("trull_kings_tricks_only") == "true"
    mine: set[str] = set()
    yours: set[str] = set()
    for it in items:
        cards, side = _ca_placed(it)
        if side is not None:
            (mine if side else yours).update(cards)
    their_trick_cards = set(yours)          # the birds and the Mond came in tricks
    their_kings = 0
    ranges = {}
    for name, size in (("trull", 3), ("four_kings", 4)):
        it = names.get(name)
        if it is None:        # no pile holds them all; under G15 the talon may split them
            ranges[name] = range(0 if tricks_only else 1, size)
        elif it["side"] == "declarer":
            ranges[name] = range(size, size + 1)
        else:
            ranges[name] = range(0, 1)
            if tricks_only and name == "trull":
                their_trick_cards |= set(CA_TRULL)
            elif tricks_only:
                their_kings = 4
    if mine & yours:
        return "one card in both piles"
    if len(their_trick_cards) + their_kings > 3 * (16 - t):
        return "the defenders' tricks cannot hold what the bonuses put there"
    talon = o["contract"] != "solo"
    cards = 3 * t + (3 if talon else 0)
    spans = _ca_raw_span(cards, 3 * t, mine, yours, ranges["trull"], ranges["four_kings"])
    raw = pts[0] + 2 * cards // 3
    if not any(lo <= raw <= hi for lo, hi in spans):
        return "the declarer's pile cannot count its points"
    return None


def _ca_trischak(o: Outcome, n: int, dealer: int, opts: dict[str, Any]) -> str | None:
    """§5.6, §6.6: a seat's pile is his tricks and the talon card of each of tricks 1–6 he won
    (at four: tricks 1–6 have four cards; the dealer plays only them)."""
    tricks, pts, items = o["tricks"], o["points"], o.get("items", [])
    four_end = n == 4 and tricks[dealer] == 0
    total = sum(tricks)
    if total != 16 and not (four_end and total == 6 and opts.get("dealer_zero_continue") != "true"):
        return "16 tricks (6 when the four-seat dealer won none of 1–6)"
    if n == 4 and tricks[dealer] > 6:
        return "the four-seat dealer plays tricks 1–6 only"
    silent = opts.get("trischak_silent_bonuses", "on") == "on"
    names = {it["item"]: it for it in items}
    must: list[set[str]] = [set() for _ in range(n)]
    must_not: list[set[str]] = [set() for _ in range(n)]
    for it in items:
        if it["item"] in CA_BIRD and not (it["announced"] and not it["made"]):
            seat = o["declarer"] if it["announced"] else it["seat"]
            card = CA_BIRD[it["item"]]
            for s in range(n):      # a lost bird lies with whoever won its trick: not his
                if it["made"] or s == seat:
                    (must[s] if s == seat and it["made"] else must_not[s]).add(card)
            if it["made"] and tricks[seat] == 0:
                return "a bird made by a seat with no trick"
    per_seat = []
    for s in range(n):
        rng = {}
        for name, size in (("trull", 3), ("four_kings", 4)):
            it = names.get(name)
            rng[name] = range(size, size + 1) if it is not None and it["seat"] == s else \
                range(0, 1) if it is not None else range(0, size if silent else size + 1)
        t = tricks[s]
        options = {}
        ks = [t] if n == 4 and s == dealer else range(max(0, t - 10), min(6, t) + 1)
        if four_end:
            ks = [0] if s == dealer else range(max(0, t - 10), min(6, t) + 1)
        for k in ks:
            cards = 4 * k if four_end else 3 * t + k
            spans = _ca_raw_span(cards, cards, must[s], must_not[s], rng["trull"],
                                 rng["four_kings"])
            raw = pts[s] + (cards and 2 * (cards // 3) + (1 if cards % 3 else 0))
            if any(lo <= raw <= hi for lo, hi in spans):
                options[k] = raw
        if not options:
            return f"seat {s}'s pile cannot count its points"
        per_seat.append(options)
    for ks in itertools.product(*per_seat):
        if sum(ks) == 6 and (four_end or sum(per_seat[s][k] for s, k in enumerate(ks)) == 106):
            return None
    return "the piles cannot share the pack"


# -- Ulti (rules/ulti.md) ----------------------------------------------------------------------
def _ul_contract(cid: str) -> dict[str, Any]:
    """The parts of a contract id (docs/notation.md, Ulti vocabulary; rules/ulti.md §3)."""
    parts = cid.split("_")
    return {"nt": parts[0] in ("betli", "durch"), "betli": parts[0] == "betli",
            "simple": "simple" in parts, "ulti": "ulti" in parts,
            "durch": parts[0] != "durch" and "durch" in parts,
            "hundred": 40 if "hundred_40" in cid else 20 if "hundred_20" in cid else 0}


def _ul_points(c: dict[str, Any], s_pts: int, d_pts: int, t_s: int, t_d: int,
               last: set[bool], to_defenders: bool) -> bool:
    """§1.4, §5.2, §7.1: some aces and tens in each side's tricks (3 a trick at most; 2 cards
    lie in the talon, counting for nobody or, G3, for the defenders), trick 10, and marriages
    (one per suit in one hand; a Hundred's soloist declares only his contract's)."""
    for owners in itertools.product(("S", "D", None), repeat=4):     # suit 0 is the trump
        mine = [i for i, o in enumerate(owners) if o == "S"]
        if c["hundred"] == 40 and mine not in ([], [0]):
            continue
        if c["hundred"] == 20 and (len(mine) > 1 or 0 in mine):
            continue
        m = {side: sum(40 if i == 0 else 20 for i, o in enumerate(owners) if o == side)
             for side in ("S", "D")}
        for ours in last:
            a_s = (s_pts - 10 * ours - m["S"]) / 10
            a_d = (d_pts - 10 * (not ours) - m["D"]) / 10
            total = a_s + a_d
            if a_s == int(a_s) and a_d == int(a_d) and 0 <= a_s <= min(8, 3 * t_s) \
                    and 0 <= a_d <= min(8, 3 * t_d + (2 if to_defenders else 0)) \
                    and (total == 8 if to_defenders else 6 <= total <= 8):
                return True
    return False


def ulti_bound(o: Outcome, n: int, dealer: int, opts: dict[str, Any]) -> str | None:
    if o.get("end") == "concede":
        return None
    c = _ul_contract(o["contract"])
    sol, tricks = o["declarer"], o.get("tricks")
    items = {it["item"]: it for it in o.get("items", [])}
    if c["nt"]:
        if "points" in o or items:
            return "no-trump contracts count no points and score no bonus"
        if tricks is None:
            return None
        early = sum(tricks) < 10
        if early and (opts["require_full_play"] == "on" or
                      (tricks[sol] if c["betli"] else sum(tricks) - tricks[sol]) < 1):
            return "play stops early only once a Betli is lost or an NT Durch is lost"
        if sum(tricks) > 10 or o["won"] != ((tricks[sol] == 0 and not early) if c["betli"]
                                            else tricks[sol] == 10):
            return "won against the tricks"
        return None
    if tricks is None or "points" not in o or sum(tricks) != 10:
        return None if tricks is None or sum(tricks) == 10 else "10 tricks"
    t_s = tricks[sol]
    s_pts, d_pts = o["points"]
    last = {True, False} - ({True} if t_s == 0 else {False} if t_s == 10 else set())
    ulti, seven = items.get("ulti"), items.get("silent_seven")
    if ulti and ulti["made"]:
        last &= {True}
    if "ulti_extra" in items:
        last &= {False}
    if seven:
        if seven["made"]:
            last &= {seven["seat"] == sol}
            if tricks[seven["seat"]] == 0:
                return "the seven's player won trick 10 but no trick"
        elif seven["seat"] == sol:
            last &= {False}
    if not last:
        return "trick 10 against the tricks and the last-trick items"
    if not _ul_points(c, s_pts, d_pts, t_s, 10 - t_s, last,
                      opts["talon_points_to"] == "defenders"):
        return "the points cannot be counted from these tricks"
    if c["simple"]:
        want = s_pts > d_pts or (s_pts == d_pts and opts["simple_tie"] == "soloist_wins")
    elif c["durch"]:
        want = t_s == 10 and (not c["hundred"] or s_pts >= 100)
    else:
        want = s_pts >= 100
    if o["won"] != want:
        return "won against the points and tricks"
    if ("unbid_durch" in items) != (not c["durch"] and t_s == 10):
        return "an unbid Durch is all 10 tricks"
    if ("silent_hundred" in items) != (not c["hundred"] and s_pts >= 100):
        return "the soloist's 100 without a Hundred part"
    if ("hundred" in items) != (d_pts >= 100):
        return "the defenders' 100"
    return None


# -- Cego (rules/cego.md) --------------------------------------------------------------------
def _ce_pack(n: int) -> list[int]:
    """§1.2, §1.5, §1.6: raw values (a zero card counts 1); 51 cards at three, 54 at four."""
    return [5] * 7 + [4] * 4 + [3] * 4 + [2] * 4 + [1] * (32 if n == 3 else 35)


def _ce_count_span(n: int, cards: int) -> tuple[int, int]:
    """§1.6: the fewest and the most a pile of ``cards`` cards counts."""
    pack = sorted(_ce_pack(n))
    return (_ca_count(sum(pack[:cards]), cards) if cards else 0,
            _ca_count(sum(pack[len(pack) - cards:]), cards) if cards else 0)


def _ce_a(p: int) -> int:
    """§6.2's table, from its rows."""
    if p == 70:
        return 8
    if p == 0:
        return -8
    if p >= 40:
        return (p - 40) // 5 + 2
    if p >= 36:
        return 1
    return -((35 - p) // 5 + 1)


def cego_bound(o: Outcome, n: int, dealer: int, opts: dict[str, Any]) -> str | None:
    if o.get("end") == "challenge":
        return None
    tricks, d, c = o["tricks"], o["declarer"], o["contract"]
    all_tricks = 13 if n == 3 else 11
    if c in ("piccolo", "bettel"):
        need = 1 if c == "piccolo" else 0
        early = sum(tricks) < all_tricks
        # §5.5, G16: a record may stop once the failure is decided (the engine lets it stop
        # at any trick's end after that)
        if early and (opts["require_full_play"] == "on" or tricks[d] <= need):
            return "play stops early only after the trick deciding the failure (§5.5)"
        if sum(tricks) > all_tricks or o["won"] != (tricks[d] == need and not early):
            return "won against the tricks (§5.4)"
        return None
    if sum(tricks) != all_tricks:
        return "every trick is played (§5.5)"
    if c == "raeuber":
        for s in range(n):
            lo, hi = _ce_count_span(n, 4 * tricks[s])
            if not lo <= o["points"][s] <= hi:
                return "a Räuber pile counts what its tricks can (§6.8)"
        return None
    p = o["points"][0]
    t = tricks[d]
    if o["points"][0] + o["points"][1] != 70:
        return "the sides total 70 (§1.7)"
    if t == 0:
        if p != 0:
            return "a declarer without a trick has 0 (§6.1)"
    else:
        lo, hi = _ce_count_span(n, (12 if n == 3 else 10) + (3 if n == 3 else 4) * t)
        extra = 1 if n == 3 else 0
        if not lo + extra <= p <= hi + extra:
            return "the declarer's pile counts what it can (§6.1)"
    a = o["a"]
    broken_pfeife = c == "pfeife" and a == -1 and p >= 36
    if a != _ce_a(p) and not broken_pfeife:
        return "A is the table's for P (§6.2, §6.4)"
    if o["won"] != (a > 0):
        return "won is A > 0 (§6.2)"
    return None


# -- Illustrated (rules/illustrated.md) ---------------------------------------------------------
#: §1.3: the honours and kings (5 each; never discarded, §4.3), and the other 35 cards' values
IL_OTHERS = [4] * 4 + [3] * 4 + [2] * 4 + [1] * 23
IL_TALON = {"three": 3, "two": 2, "one": 1, "solo": 0}


def illustrated_bound(o: Outcome, n: int, dealer: int, opts: dict[str, Any]) -> str | None:
    if "end" in o:
        return None
    tricks, pts, d, partner = o["tricks"], o["points"], o["declarer"], o.get("partner")
    if n == 5 and tricks[dealer]:
        return "the dealer sits out at five"
    if sum(tricks) != 9:
        return "9 tricks (§1.3)"
    if pts[0] + pts[1] != 94:
        return "the sides total 94 (§1.3)"
    if o["won"] != (pts[0] >= 48):
        return "won is 48 or more (§6.2)"
    team = {d} if partner is None else {d, partner}
    t = sum(tricks[s] for s in team)
    # §1.3, §4.3: the declarer's discard (the talon cards he took) counts for his team; under
    # lone_declarer_takes_all_discards a lone declarer's team takes all six
    # (and, under unintentional_lone_takes_all_discards, one who called a card of his own or
    # of the talon, which the outcome does not tell)
    lone = partner is None
    discards = {6 if lone and opts.get("lone_declarer_takes_all_discards") == "true"
                else IL_TALON[o["contract"]]}
    if lone and opts.get("unintentional_lone_takes_all_discards") == "true":
        discards.add(6)
    fives_here = {"declarer": 0, "opponents": 0}
    names: dict[str, set[str]] = {"declarer": set(), "opponents": set()}
    for it in o.get("items", []):
        if not it["made"] or "seat" in it:         # §4.9: what a team made, in its tricks
            continue
        if it["item"] == "trull":
            names[it["side"]] |= {"T22", "T21", "T1"}
        elif it["item"] == "four_kings":
            fives_here[it["side"]] = 4
        elif it["item"] == "xxi_catch":
            names[it["side"]] |= {"T22", "T21"}
        elif it["item"] == "volat" and (t == 9) != (it["side"] == "declarer"):
            return "a silent volát is all 9 tricks (§6.2)"
    if names["declarer"] & names["opponents"] or (fives_here["declarer"] and
                                                  fives_here["opponents"]):
        return "one card in both teams' piles"
    ours_min = len(names["declarer"]) + fives_here["declarer"]
    theirs_min = len(names["opponents"]) + fives_here["opponents"]
    spans = []
    for x, discard in itertools.product(range(0, 8), discards):
        # x: the honours and kings in the declarer team's tricks (never discarded, §4.3)
        if x < ours_min or 7 - x < theirs_min or x > 4 * t or 7 - x > 4 * (9 - t):
            continue
        rest = 4 * t + discard - x
        if not 0 <= rest <= len(IL_OTHERS):
            continue
        others = sorted(IL_OTHERS)
        spans.append((5 * x + sum(others[:rest]), 5 * x + sum(others[len(others) - rest:])))
    if not any(lo <= pts[0] <= hi for lo, hi in spans):
        return "the declarer team's pile counts what its tricks and discard can (§1.3)"
    return None


# -- the changes -----------------------------------------------------------------------------------
def _int_changes(value: int) -> list[int]:
    return sorted({value + k for k in (-10, -5, -1, 1, 5, 10)} | {0})


def changes(o: Outcome, vocabulary: dict[str, list[Any]], item_names: list[str],
            seats: int) -> Iterator[tuple[str, Outcome]]:
    """One fact of ``o`` changed at a time: a value, one seat's count (also moved from one seat
    to another, so that sums still hold), an item's field, an item left out or added."""
    def variant(edit: Callable[[Outcome], None]) -> Outcome:
        new = copy.deepcopy(o)
        edit(new)
        return new
    for key, value in o.items():
        if key.startswith("_") or key == "items":
            continue
        if isinstance(value, bool):
            yield f"{key} flipped", variant(lambda x, k=key: x.__setitem__(k, not x[k]))
        elif isinstance(value, int) and key != "declarer":
            for v in _int_changes(value):
                yield f"{key}={v}", variant(lambda x, k=key, v=v: x.__setitem__(k, v))
        elif isinstance(value, list):
            for i, j in itertools.permutations(range(len(value)), 2):
                for step in (1, 5, 10):
                    def move(x: Outcome, k: str = key, i: int = i, j: int = j,
                             step: int = step) -> None:
                        x[k][i] -= step
                        x[k][j] += step
                    yield f"{key} {i}->{j} by {step}", variant(move)
            for i in range(len(value)):
                for step in (-1, 1):
                    yield f"{key}[{i}]+{step}", variant(
                        lambda x, k=key, i=i, s=step: x[k].__setitem__(i, x[k][i] + s))
        elif key in vocabulary:
            for v in vocabulary[key]:
                if v != value:
                    yield f"{key}={v}", variant(lambda x, k=key, v=v: x.__setitem__(k, v))
    items = o.get("items") or []
    for i, it in enumerate(items):
        yield f"items[{i}] left out", variant(lambda x, i=i: x["items"].pop(i))
        for field in ("made", "announced"):
            yield f"items[{i}].{field} flipped", variant(
                lambda x, i=i, f=field: x["items"][i].__setitem__(f, not x["items"][i][f]))
        other = "opponents" if it["side"] == "declarer" else "declarer"
        yield f"items[{i}].side={other}", variant(
            lambda x, i=i, s=other: x["items"][i].__setitem__("side", s))
        if "seat" in it:
            for s in range(seats):
                yield f"items[{i}].seat={s}", variant(
                    lambda x, i=i, s=s: x["items"][i].__setitem__("seat", s))
    have = {it["item"] for it in items}
    for name in item_names:
        if name in have:
            continue
        for side, made in itertools.product(("declarer", "opponents"), (True, False)):
            seated = o.get("contract") == "trischak" or name == "silent_seven"
            for seat in (range(seats) if seated else [None]):
                new_item = {"item": name, "announced": False, "made": made, "side": side}
                if seat is not None:
                    new_item["seat"] = seat
                    if (seat == o["declarer"]) != (side == "declarer"):
                        continue
                yield f"+{name} {side} made={made} seat={seat}", variant(
                    lambda x, it=new_item: x.setdefault("items", []).append(it))


# -- the property ----------------------------------------------------------------------------------
def _rules(game: str, ruleset: str, options: dict[str, Any]) -> Any:
    g = games.get(game)
    assert g is not None
    return g.Rules(ruleset, options)


#: games whose sheet must record the calls (Cego §2.5, §3.7): they keep the auction
KEEP_AUCTION = ("cego",)


def _sheets(game: str, rules: Any, n: int, count: int, seed: int) -> Iterator[dict[str, Any]]:
    """Sheets of engine-played deals (``convert --sheet``) with only the outcome left to check:
    no result (its fields are optional and checked against the outcome) and, where a sheet may
    leave them out, no calls."""
    for rec in deal_records(game, count, seed, n=n, rules=rules):
        sheet = to_sheet(rec)
        sheet.pop("result", None)
        if game not in KEEP_AUCTION:
            sheet.pop("auction", None)
        yield sheet


def _errors(sheet: dict[str, Any]) -> list[str]:
    return [f.code for f in validate_record(sheet).findings if f.severity == "error"]


def check_game(game: str, rules: Any, n: int, bound: Bound, count: int, seed: int,
               vocabulary: dict[str, list[Any]], item_names: list[str]) -> tuple[int, int]:
    """(changes judged impossible, changes tried); asserts the property on the way."""
    opts = dict(rules.values)
    impossible = tried = 0
    missed: list[str] = []
    for sheet in _sheets(game, rules, n, count, seed):
        o = sheet["outcome"]
        assert not _errors(sheet), (o, _errors(sheet))
        why = bound(o, n, sheet["dealer"], opts)
        assert why is None, f"the bound refuses what play gave: {why}: {o}"
        for what, changed in changes(o, vocabulary, item_names, n):
            tried += 1
            codes = _errors({**sheet, "outcome": changed})
            if "INTERNAL-ERROR" in codes:         # no change ends in a traceback
                missed.append(f"{what}: {changed} -> {codes}")
            try:
                why = bound(changed, n, sheet["dealer"], opts)
            except (KeyError, TypeError, IndexError):
                why = None            # a shape the bound does not judge
            if why is None:
                continue
            impossible += 1
            if not codes:
                missed.append(f"{what} ({why}): {changed} -> accepted")
    assert not missed, f"{len(missed)} impossible changes accepted or failing inside:\n" + \
        "\n".join(missed[:10])
    return impossible, tried


CA_CONTRACTS = ["angesehen", "hinunter", "drei", "vier", "vierzig", "solo", "trischak"]
CA_ITEMS = ["valat", "pagat", "uhu", "kike", "trull", "four_kings", "mondfang"]


#: the complete rule set, and the options that change what an outcome may say (§7 G15, G16, G19)
CA_RULES = [("default", {}), ("default", {"trull_kings_tricks_only": "true"}),
            ("default", {"trischak_silent_bonuses": "off", "dealer_zero_continue": "true"})]


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("ruleset,options", CA_RULES)
def test_carinthian(n: int, ruleset: str, options: dict[str, str]) -> None:
    impossible, tried = check_game("carinthian", _rules("carinthian", ruleset, options), n,
                                   carinthian_bound, 70, 32 + n, {"contract": CA_CONTRACTS},
                                   CA_ITEMS)
    assert impossible > tried // 10        # the bound has something to judge


UL_ITEMS = ["ulti", "ulti_extra", "silent_seven", "silent_hundred", "hundred", "unbid_durch"]
UL_CONTRACTS = ["spades_simple", "hearts_simple_ulti", "clubs_hundred_40", "diamonds_hundred_20",
                "spades_durch_ulti", "hearts_durch_hundred_40", "betli", "durch_nt"]
UL_RULES = [("default", {}), ("default", {"talon_points_to": "defenders",
                                          "simple_tie": "soloist_wins",
                                          "require_full_play": "on"})]


@pytest.mark.parametrize("ruleset,options", UL_RULES)
def test_ulti(ruleset: str, options: dict[str, str]) -> None:
    impossible, tried = check_game("ulti", _rules("ulti", ruleset, options), 3, ulti_bound, 150,
                                   32, {"contract": UL_CONTRACTS}, UL_ITEMS)
    assert impossible > tried // 10


CE_CONTRACTS = ["solo", "cego", "eine", "eine_leere", "zwei_leere", "zwei_verschiedene",
                "pfeife", "piccolo", "bettel", "raeuber"]
CE_RULES = [("default", {}), ("default", {"require_full_play": "on", "raeuber_tie": "parlett"})]


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("ruleset,options", CE_RULES)
def test_cego(n: int, ruleset: str, options: dict[str, str]) -> None:
    impossible, tried = check_game("cego", _rules("cego", ruleset, options), n, cego_bound, 150,
                                   32 + n, {"contract": CE_CONTRACTS}, ["solo_hand"])
    assert impossible > tried // 10


IL_ITEMS = ["trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch"]
IL_RULESETS = ["default", "akos", "itvb", "tarokk_kupa"]


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("ruleset", IL_RULESETS)
def test_illustrated(n: int, ruleset: str) -> None:
    impossible, tried = check_game("illustrated", _rules("illustrated", ruleset, {}), n,
                                   illustrated_bound, 80, 32 + n,
                                   {"contract": list(IL_TALON)}, IL_ITEMS)
    assert impossible > tried // 10
