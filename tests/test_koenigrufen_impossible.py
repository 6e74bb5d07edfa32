"""Issue 32 item 1 (Königrufen): a written outcome is accepted only if some legal play gives it.

Score sheets are made from engine-played deals (``convert --sheet``) at four and five seats
under every complete rule set; single fields of their outcomes are changed, and each change is
judged by ``impossible`` below: necessary conditions of a legal play written here from
rules/koenigrufen.md (§1.3 card values, §1.4 counting, §4.1–§4.5 the talon and the sides,
§6.4 the bonus items, §6.6, §6.7), deliberately not from the code under test. A change this
bound calls impossible must be refused (a finding at the outcome, no INTERNAL-ERROR); every
unchanged sheet is accepted."""
from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import pytest

from tarockrec import games, rulesets
from tarockrec.generate import session_records
from tarockrec.tournament.sheet import to_sheet
from tarockrec.validate import validate_record

G = games.get("koenigrufen")
assert G is not None
CASES = [(n, rs) for n in G.table_sizes
         for rs, doc in sorted(rulesets.for_game("koenigrufen").items()) if doc.complete]

# -- the bound, from the rules document -------------------------------------------------------
#: §1.3 values, each card's count in thirds (§1.4: 3·value − 2, a blank 1): the seven 5s
#: (Sküs, Mond, Pagat, the kings), queens, knights, jacks, 35 blanks
PACK_THIRDS = [13] * 7 + [10] * 4 + [7] * 4 + [4] * 4 + [1] * 35
TOP = {"T22", "T21", "T1", "SK", "CK", "HK", "DK"}          # the 5-value cards
KINGS = {"SK", "CK", "HK", "DK"}
POSITIVE = {"rufer", "sechserdreier", "solorufer", "besserrufer", "dreier", "farbendreier",
            "farbensolo", "solodreier"}
BIRD = {"pagat": ("T1", 12), "uhu": ("T2", 11), "kakadu": ("T3", 10), "quapil": ("T4", 9)}


def points_range(n: int, held: int = 0, elsewhere: int = 0) -> tuple[int, int]:
    """Least and most card points (§1.4, P = ⌊(t+1)/3⌋) of ``n`` cards that hold ``held``
    of the 5-value cards and not ``elsewhere`` others of them."""
    rest = sorted(PACK_THIRDS[held + elsewhere:])           # the pack without those
    free = n - held
    if free < 0 or free > len(rest):
        return 1, 0                                         # no such pile
    lo = 13 * held + sum(rest[:free])
    hi = 13 * held + sum(rest[len(rest) - free:])
    return (lo + 1) // 3, (hi + 1) // 3


def talon_to_declarer(rules: Any, contract: str, alone: bool) -> set[int]:
    """§4.1 "unused talon / discards belong to", §4.3, §4.5, G8 ``unused_talon_owner``: how
    many talon cards count to the declarer's side (a Solorufer's king in the talon: its half)."""
    if contract in ("rufer", "besserrufer", "dreier", "farbendreier"):
        return {3} if rules.unused_talon_owner == "opponents" else {6}
    if contract == "sechserdreier":
        return {6}
    if contract == "solorufer" and alone:
        return {0, 3} if rules.call_own_king else {3}
    return {0}


def _cards(item: dict[str, Any]) -> tuple[bool, set[str], int]:
    """§6.4: (the side whose pile the item's cards end in, those cards, the trick that side
    won: 0 none named, -1 some trick)."""
    name, side, made = item["item"], item["side"] == "declarer", item["made"]
    silent_lost = not item["announced"] and not made
    if name in BIRD and (made or silent_lost):
        card, trick = BIRD[name]
        return (side if made else not side), {card}, trick
    if name == "king_ultimo" and (made or silent_lost):
        return made, {"called"}, 12
    if name == "trull" and made:
        return side, {"T22", "T21", "T1"}, 0
    if name == "four_kings" and made:
        return side, set(KINGS) | {"called"}, 0
    if name == "xxi_capture":
        return side, {"T22", "T21"}, -1
    if name == "king_capture":
        return side, {"called"}, -1
    return side, set(), 0


def _positive(o: dict[str, Any], rules: Any) -> str | None:
    partner = o.get("partner")
    side_d = {o["declarer"]} | ({partner} if isinstance(partner, int) else set())
    took = {True: sum(o["tricks"][s] for s in side_d)}
    took[False] = 12 - took[True]
    items = o.get("items") or []
    if len({x["item"] for x in items}) < len(items):
        return "a bonus evaluated twice"
    pile: dict[str, bool] = {}
    winner: dict[int, bool] = {}
    for x in items:
        if x["item"] == "king_capture" and x["side"] == "declarer":
            return "the declarer's side captures its own called king"
        side, cards, trick = _cards(x)
        if trick and not took[side]:
            return f"{x['item']} needs a trick of a side that took none"
        if trick > 0 and winner.setdefault(trick, side) != side:
            return f"trick {trick} won by both sides"
        for card in cards:
            if pile.setdefault(card, side) != side:
                return f"{card} in both piles"
        alone = not isinstance(partner, int)
        if (o["contract"] == "solorufer" and alone and not rules.call_own_king
                and (x["item"] in ("king_ultimo", "king_capture") and trick
                     or "called" in cards and not side)):
            return "the Solorufer's called king lay in the talon (it is the declarer's)"
    held = {}
    for s in (True, False):
        top = {c for c, v in pile.items() if v == s and c in TOP | {"called"}}
        if top & KINGS:                 # the called king is one of the four
            top.discard("called")
        held[s] = len(top)
    pd = o["points"][0]
    for talon in talon_to_declarer(rules, o["contract"], not isinstance(partner, int)):
        lo, hi = points_range(4 * took[True] + talon, held[True], held[False])
        if lo <= pd <= hi and _some_sharing(o, rules, took, talon, pile):
            return None
    return (f"{pd} card points out of the declarer's side's reach, or a Trull or four kings "
            "they force whole into one pile written otherwise")


def _some_sharing(o: dict[str, Any], rules: Any, took: dict[bool, int], talon: int,
                  pile: dict[str, bool]) -> bool:
    """Issue 39 item 1. §6.4: the Trull (or the Four Kings) is the bonus of "the side whose
    pile contains all the cards" — silently where not announced, announced made exactly
    then. Count how many of the three Trull cards (t) and the four kings (k) the declarer's
    side holds: the cards the items place bound t and k, the pile's card points bound t + k
    (§1.3: all seven are the 5-value cards); whether some (t, k) agrees with what the outcome
    writes of the Trull and the kings."""
    items = o.get("items") or []
    no_trump = o["contract"] in ("farbensolo", "farbendreier")
    scored = [] if no_trump else ["trull", "four_kings"]
    if no_trump and rules.farbensolo_bonuses == "valat_and_four_kings":
        scored = ["four_kings"]
    beside_valat = any(x["item"] == "valat" for x in items) and \
        rules.valat_suppresses_silent_bonuses                      # G26: no silent bonus
    trull_d = sum(1 for c in ("T22", "T21", "T1") if pile.get(c) is True)
    trull_o = sum(1 for c in ("T22", "T21", "T1") if pile.get(c) is False)
    kings_at = {pile[c] for c in KINGS if c in pile}
    called = pile.get("called")
    n_d = 4 * took[True] + talon
    pd = o["points"][0]
    for t in range(trull_d, 4 - trull_o):
        for k in range(5):
            if True in kings_at and k < 4 or False in kings_at and k > 0:
                continue
            if called is True and k == 0 or called is False and k == 4:
                continue
            lo, hi = points_range(n_d, t + k, 7 - t - k)
            if not lo <= pd <= hi:
                continue
            whole = {"trull": {3: True, 0: False}.get(t), "four_kings": {4: True, 0: False}.get(k)}
            if all(_agrees(b, whole[b], items, beside_valat) for b in scored):
                return True
    return False


def _agrees(bonus: str, holder: bool | None, items: list[dict[str, Any]],
            beside_valat: bool) -> bool:
    """Whether the items written for ``bonus`` fit ``holder`` (the side whose pile holds it
    whole: True the declarer's, False the opponents', None neither)."""
    written = [x for x in items if x["item"] == bonus]
    announced = [x for x in written if x["announced"]]
    if announced:
        x = announced[0]
        return ((x["side"] == "declarer") == holder) == bool(x["made"])
    if beside_valat:
        return True
    made = [x["side"] == "declarer" for x in written if x["made"]]
    return (made[0] if made else None) == holder


def _counts(o: dict[str, Any], rules: Any) -> str | None:
    """§6.6, §6.7: each pile from the cards of its tricks (Trischaken under
    ``trischaken_scoring = oe2023`` with the talon for the last trick's winner)."""
    tricks, points = o["tricks"], o["points"]
    if o["contract"] == "trischaken":
        talon = 6 if rules.trischaken_scoring == "oe2023" else 0
        for t, p in zip(tricks, points):
            lo = points_range(4 * t)[0]
            hi = points_range(4 * t + (talon if t else 0))[1]
            if not lo <= p <= hi:
                return f"{p} card points from {t} tricks"
        return None
    mine = tricks[o["declarer"]]
    for t, p in ((mine, points[0]), (12 - mine, points[1])):
        lo, hi = points_range(4 * t)
        if not lo <= p <= hi:
            return f"{p} card points from {t} tricks"
    return None


def impossible(o: dict[str, Any], rules: Any) -> str | None:
    """Why no legal play gives the outcome ``o`` (None: the bound cannot tell). Only outcomes
    of the shape a sheet writes are judged (anything else is the shape checks' business)."""
    try:
        if o.get("end") is not None or sum(o["tricks"]) != 12 or min(o["tricks"]) < 0:
            return None
        if o["contract"] in POSITIVE:
            if len(o["points"]) != 2 or sum(o["points"]) != 70:
                return None
            return _positive(o, rules)
        return _counts(o, rules)
    except (KeyError, TypeError, IndexError):
        return None


# -- the sheets and their changes ----------------------------------------------------------------
def sheets(n: int, rs: str) -> Iterator[tuple[dict[str, Any], Any]]:
    """Standalone sheet deals (no result: the outcome alone is judged) of generated play."""
    rules = G.rules({"name": rs}) if rs != "default" else G.Rules()
    for session in session_records("koenigrufen", 8, 12, 32, n=n, rules=rules):
        sheet = to_sheet(session)
        envelope = {k: v for k, v in sheet.items() if k not in ("deals", "result")}
        for deal in sheet["deals"]:
            if "outcome" in deal and deal["outcome"].get("end") is None:
                yield {**envelope, **{k: v for k, v in deal.items() if k != "result"}}, rules


def changes(o: dict[str, Any], n: int, rng: random.Random,
            rules: Any = None) -> Iterator[dict[str, Any]]:
    """Single-field changes of the outcome ``o``; with ``rules``, also the declarer's side's
    card points at and near the least and the most its pile can count (where they place the
    Trull and the kings, issue 39)."""
    positive = o["contract"] in POSITIVE
    extremes: set[int] = set()
    if positive and rules is not None:
        partner = o.get("partner")
        side_d = {o["declarer"]} | ({partner} if isinstance(partner, int) else set())
        took = sum(o["tricks"][s] for s in side_d)
        for talon in talon_to_declarer(rules, o["contract"], not isinstance(partner, int)):
            lo, hi = points_range(4 * took + talon)
            extremes |= {lo, lo + 1, lo + 3, hi - 3, hi - 1, hi}
    for delta in (-20, -7, -1, 1, 7, 20, 41):
        if positive:
            x = o["points"][0] + delta
            if 0 <= x <= 70:
                yield {**o, "points": [x, 70 - x]}
        else:
            k = rng.randrange(len(o["points"]))
            pts = list(o["points"])
            pts[k] = max(0, pts[k] + delta)
            yield {**o, "points": pts}
    for x in sorted(extremes):
        if 0 <= x <= 70 and x != o["points"][0]:
            yield {**o, "points": [x, 70 - x]}
    seats = [s for s in range(len(o["tricks"]))]
    for _ in range(6):
        a, b = rng.sample(seats, 2)
        if o["tricks"][a]:
            t = list(o["tricks"])
            moved = rng.randint(1, t[a])
            t[a] -= moved
            t[b] += moved
            yield {**o, "tricks": t}
    if "partner" in o:
        for p in [None, *seats]:
            if p != o["partner"] and p != o["declarer"]:
                yield {**o, "partner": p}
    if not positive:
        return
    items = o.get("items") or []
    for i, x in enumerate(items):
        for key, value in (("made", not x["made"]), ("announced", not x["announced"]),
                           ("side", "opponents" if x["side"] == "declarer" else "declarer")):
            changed = copy.deepcopy(items)
            changed[i][key] = value
            yield {**o, "items": changed}
        yield {**o, "items": items[:i] + items[i + 1:]}
    names = ["pagat", "uhu", "kakadu", "trull", "four_kings", "king_ultimo", "xxi_capture",
             "king_capture", "valat"]
    for _ in range(8):
        extra = {"item": rng.choice(names), "announced": rng.random() < 0.3,
                 "made": rng.random() < 0.7, "side": rng.choice(["declarer", "opponents"])}
        yield {**o, "items": [*items, extra]}


@pytest.mark.parametrize("n, rs", CASES, ids=[f"{n}-{rs}" for n, rs in CASES])
def test_no_impossible_change_passes(n: int, rs: str) -> None:
    rng = random.Random(f"{n}{rs}")
    judged = refused = sheets_seen = 0
    passed: list[str] = []
    for sheet, rules in sheets(n, rs):
        report = validate_record(sheet)
        assert report.valid, [str(f) for f in report.findings]      # no valid sheet refused
        sheets_seen += 1
        for o in changes(sheet["outcome"], n, rng, rules):
            why = impossible(o, rules)
            if why is None:
                continue
            judged += 1
            found = [f for f in validate_record({**sheet, "outcome": o}).findings
                     if f.severity == "error"]
            assert "INTERNAL-ERROR" not in {f.code for f in found}
            if found and any(f.pointer.startswith("/outcome") for f in found):
                refused += 1
            else:
                passed.append(f"{why}: {o}")
    assert sheets_seen >= 30 and judged >= 100, (sheets_seen, judged)
    assert not passed, f"{len(passed)} of {judged} impossible outcomes accepted, e.g. " \
        + "; ".join(passed[:3])


#: option sets beyond the complete rule sets whose talon, Valat and capture rules the checks
#: above read (a generated sheet of each must be accepted)
OPTION_SETS = [
    {"unused_talon_owner": "opponents", "call_own_king": "off", "opponents_valat": "on"},
    {"trischaken_scoring": "oe2023", "quapil": "on", "farbendreier": "on"},
    {"trischaken_compare": "thirds", "silent_failure_penalty": "off",
     "king_capture_excludes_ultimo": "on"},
    # G26 beside the capture penalties (§6.4: always evaluated): a Valat keeps them
    {"valat_suppresses_silent_bonuses": "on", "opponents_valat": "on"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_generated_sheets_of_other_options_are_accepted(options: dict[str, str]) -> None:
    rules = G.rules({"name": "default", "options": options})
    for session in session_records("koenigrufen", 10, 12, 11, n=4, rules=rules):
        report = validate_record(to_sheet(session))
        assert report.valid, [str(f) for f in report.findings if f.severity == "error"]
