"""The Ulti outcome block (docs/notation.md, Ulti vocabulary): the facts of §7 as the table
writes them, read back into the ``UltiFacts`` the one scorer (``scoring.score_facts``) takes.

Keys: ``contract``, ``declarer``, ``end`` (``concede``, §7.6: nothing else then), ``won`` (the
main part, §7.2), ``kontra`` (the main part's doubling factor, §5.4), ``points`` ([soloist,
defenders], trump contracts, §7.1), ``tricks`` (per seat), and ``items``:

* ``ulti`` (announced, side declarer, ``made``, ``kontra`` = the Ulti part's factor): every
  contract with Ulti has it (§7.2);
* ``ulti_extra`` (silent, failed, declarer): the soloist's 7 of trumps captured in trick 10;
* ``silent_seven`` (silent, ``seat`` = who played the 7 of trumps to trick 10, ``made`` = he
  won that trick, ``side`` his side; §7.3; not for the soloist of an Ulti contract, whose 7 is
  his Ulti);
* ``silent_hundred`` (declarer), ``hundred`` (opponents, the defenders' 100; §7.4),
  ``unbid_durch`` (declarer, §7.5): silent, made.
"""
from __future__ import annotations

import functools
import itertools
from typing import Any

from ...findings import Finding
from .contracts import CONTRACTS, Contract
from .rules import SimpleTie, TalonPoints, UltiRules
from .scoring import UltiFacts, score_facts

SEATS = (0, 1, 2)
#: §5.4: double, redouble, surdouble
FACTORS = (2, 4, 8)
#: the most points a side can count: 8 aces and tens, the last trick, four marriages (§7.1)
MAX_POINTS = 80 + 10 + 40 + 3 * 20
#: §1.2, §1.4: the aces and tens (10 points each), three cards a trick, two in the talon
COUNTERS, TRICK_CARDS, TALON_CARDS = 8, 3, 2
#: §5.2: a marriage in the trump suit, and one in each of the three other suits
TRUMP_MARRIAGE, OTHER_MARRIAGE, OTHER_SUITS = 40, 20, 3
#: the items a trump contract may write, and the side each belongs to (None: either)
TRUMP_ITEMS = {"ulti": "declarer", "ulti_extra": "declarer", "silent_seven": None,
               "silent_hundred": "declarer", "hundred": "opponents", "unbid_durch": "declarer"}


def to_outcome(f: UltiFacts) -> dict[str, Any]:
    """The outcome block of ``f`` (a played deal's facts)."""
    c = f.contract
    out: dict[str, Any] = {"contract": c.id, "declarer": f.soloist}
    if f.conceded:
        out["end"] = "concede"
        return out
    out["won"] = f.main_won
    if f.main_factor > 1:
        out["kontra"] = f.main_factor
    if f.points is not None:
        out["points"] = list(f.points)
    if f.tricks is not None:
        out["tricks"] = list(f.tricks)
    items: list[dict[str, Any]] = []
    if c.ulti:
        items.append(_item("ulti", f.ulti_won, "declarer", announced=True, kontra=f.ulti_factor))
        if f.ulti_extra:
            items.append(_item("ulti_extra", False, "declarer"))
    if f.seven is not None:
        by, took = f.seven
        it = _item("silent_seven", took, "declarer" if by == f.soloist else "opponents")
        it["seat"] = by
        items.append(it)
    if f.silent_hundred:
        items.append(_item("silent_hundred", True, "declarer"))
    if f.defenders_hundred:
        items.append(_item("hundred", True, "opponents"))
    if f.unbid_durch:
        items.append(_item("unbid_durch", True, "declarer"))
    if items:
        out["items"] = items
    return out


def _item(name: str, made: bool, side: str, announced: bool = False,
          kontra: int = 1) -> dict[str, Any]:
    it: dict[str, Any] = {"item": name, "announced": announced, "made": made, "side": side}
    if kontra > 1:
        it["kontra"] = kontra
    return it


class _Reader:
    """Reads a written outcome into ``UltiFacts``, collecting what cannot be."""

    def __init__(self, o: dict[str, Any], rules: UltiRules) -> None:
        self.o = o
        self.rules = rules
        self.found: list[Finding] = []

    def bad(self, code: str, message: str, where: str = "") -> None:
        self.found.append(Finding(code, message, "/outcome" + where))

    def read(self) -> UltiFacts | None:
        o = self.o
        cid = o.get("contract")
        if cid not in CONTRACTS:
            self.bad("OUTCOME-CONTRACT", f"{cid!r} is not an Ulti contract id", "/contract")
            return None
        c = CONTRACTS[cid]
        sol = o.get("declarer")
        if not isinstance(sol, int):
            self.bad("OUTCOME-MISSING", "an Ulti outcome names the soloist (declarer)")
            return None
        if "partner" in o:
            self.bad("OUTCOME-PARTNER", "Ulti has no partner: the soloist plays against both "
                     "others", "/partner")
        if o.get("end") is not None:
            return self._conceded(c, sol)
        if "won" not in o:
            self.bad("OUTCOME-MISSING", "the outcome must say whether the main part was won "
                     "(won)")
            return None
        f = UltiFacts(c, sol, main_won=o["won"], main_factor=self._factor(o, ""))
        f.tricks = self._tricks(c)
        f.points = self._points(c)
        self._won(f)
        if c.no_trump:
            for i, _ in enumerate(o.get("items") or []):
                self.bad("OUTCOME-ITEM", f"{c.id} is a no-trump contract: it scores no bonus "
                         "(§7.3–§7.5)", f"/items/{i}")
        else:
            self._items(f)
        return f

    def _conceded(self, c: Contract, sol: int) -> UltiFacts:
        if self.o["end"] != "concede":
            self.bad("OUTCOME-END", f"an Ulti deal ends early only by concession, not "
                     f"{self.o['end']!r}", "/end")
        elif not c.simple or c.ulti:
            self.bad("OUTCOME-END", f"{c.id} cannot be conceded: only a Simple without Ulti "
                     "may be (§5.1)", "/end")
        for key in ("won", "kontra", "points", "tricks", "items"):
            if key in self.o:
                self.bad("OUTCOME-END", f"a conceded deal scores nothing but the concession "
                         f"(§7.6): no {key}", f"/{key}")
        return UltiFacts(c, sol, conceded=True)

    def _factor(self, o: dict[str, Any], where: str) -> int:
        k = o.get("kontra", 1)
        if k != 1 and k not in FACTORS:
            self.bad("OUTCOME-KONTRA", f"a doubling factor is 2, 4 or 8 (double, redouble, "
                     f"surdouble; §5.4), not {k}", where + "/kontra")
            return 1
        return int(k)

    def _tricks(self, c: Contract) -> list[int] | None:
        t = self.o.get("tricks")
        if t is None:
            return None
        early = (c.no_trump and not self.rules.require_full_play)     # G14
        if len(t) != 3 or min(t) < 0 or sum(t) > 10 or (sum(t) != 10 and not early):
            self.bad("OUTCOME-POINTS", f"the tricks {t} are not 3 counts adding up to 10"
                     + (" or fewer (an early end)" if early else ""), "/tricks")
            return None
        sol = self.o.get("declarer")
        if sum(t) < 10 and isinstance(sol, int) and 0 <= sol < 3:
            stop = "the soloist has won a trick" if c.betli is not None \
                else "the soloist has lost a trick"
            deciding = t[sol] if c.betli is not None else sum(t) - t[sol]
            if deciding < 1:            # §6.6, G14: at or after it, as the engine allows
                self.bad("OUTCOME-POINTS", f"play may stop early only once {stop}: the "
                         f"tricks {t} end before it (§6.6)", "/tricks")
                return None
        return list(t)

    def _points(self, c: Contract) -> tuple[int, int] | None:
        p = self.o.get("points")
        if p is None:
            return None
        if c.no_trump:
            self.bad("OUTCOME-POINTS", f"{c.id} is a no-trump contract: no points are counted "
                     "(§7.1)", "/points")
            return None
        if (len(p) != 2 or min(p) < 0 or any(x % 10 for x in p) or sum(p) > MAX_POINTS):
            self.bad("OUTCOME-POINTS", f"the points {p} are not the soloist's and the "
                     f"defenders' counts: multiples of 10 adding up to at most {MAX_POINTS} "
                     "(§7.1)", "/points")
            return None
        return p[0], p[1]

    def _won(self, f: UltiFacts) -> None:
        """``won`` against the points and tricks written beside it (§7.2)."""
        c, t, p = f.contract, f.tricks, f.points
        sol = f.soloist
        if c.betli is not None and t is not None:
            want: bool | None = t[sol] == 0 and sum(t) == 10
        elif (c.durch_nt is not None or c.durch is not None) and t is not None:
            want = t[sol] == 10 and (not c.hundred or p is None or p[0] >= 100)
            if c.hundred and p is None and t[sol] == 10:
                want = None
        elif c.simple and p is not None:
            want = p[0] > p[1] or (p[0] == p[1] and self.rules.simple_tie is SimpleTie.SOLOIST_WINS)
        elif c.hundred and c.durch is None and p is not None:
            want = p[0] >= 100
        else:
            want = None
        if want is not None and want != f.main_won:
            self.bad("OUTCOME-CONFLICT", f"the outcome says the main part was "
                     f"{'won' if f.main_won else 'lost'}, but its points and tricks make it "
                     f"{'won' if want else 'lost'} (§7.2)", "/won")

    def _items(self, f: UltiFacts) -> None:
        c, sol = f.contract, f.soloist
        seen: set[str] = set()
        for i, it in enumerate(self.o.get("items") or []):
            name, where = it["item"], f"/items/{i}"
            side = TRUMP_ITEMS.get(name, "?")
            if side == "?" or (name in ("ulti", "ulti_extra") and not c.ulti):
                self.bad("OUTCOME-ITEM", f"{c.id} scores no {name}", where)
                continue
            if name in seen:
                continue                                        # written twice: shared check
            seen.add(name)
            if it["announced"] != (name == "ulti"):
                self.bad("OUTCOME-ITEM", f"{name} is {'a bid part' if name == 'ulti' else 'silent'}"
                         f", never {'silent' if name == 'ulti' else 'announced'}", where + "/announced")
            if side is not None and it["side"] != side:
                self.bad("OUTCOME-ITEM", f"{name} belongs to the "
                         f"{'soloist' if side == 'declarer' else 'defenders'}", where + "/side")
            if "kontra" in it and name != "ulti":
                self.bad("OUTCOME-KONTRA", f"{name} is never doubled (§5.4, G10)",
                         where + "/kontra")
            self._item(f, name, it, where)
        if c.ulti and "ulti" not in seen:
            self.bad("OUTCOME-MISSING", f"{c.id} has an Ulti part: the outcome must say "
                     "whether it was made (item ulti)", "/items")
        self._consistent(f, seen)

    def _item(self, f: UltiFacts, name: str, it: dict[str, Any], where: str) -> None:
        made = it["made"]
        if name == "ulti":
            f.ulti_won, f.ulti_factor = made, self._factor(it, where)
        elif name == "ulti_extra":
            f.ulti_extra = True
            if made:
                self.bad("OUTCOME-ITEM", "ulti_extra is the penalty for the soloist's captured "
                         "7 of trumps: it is never made", where + "/made")
        elif name == "silent_seven":
            seat = it.get("seat")
            if not isinstance(seat, int):
                self.bad("OUTCOME-MISSING", "silent_seven names the seat that played the 7 of "
                         "trumps to trick 10", where)
                return
            if (seat == f.soloist) != (it["side"] == "declarer"):
                self.bad("OUTCOME-ITEM", f"seat {seat} is {'the soloist' if seat == f.soloist else 'a defender'}"
                         f", not on the {it['side']}' side", where + "/side")
            if seat == f.soloist and f.contract.ulti:
                self.bad("OUTCOME-ITEM", "the soloist's 7 of trumps in an Ulti contract is his "
                         "Ulti (item ulti), not a silent seven (§7.3)", where)
            f.seven = (seat, made)
        else:
            if not made:
                self.bad("OUTCOME-ITEM", f"{name} is written only when made", where + "/made")
            setattr(f, {"hundred": "defenders_hundred"}.get(name, name), True)

    def _consistent(self, f: UltiFacts, seen: set[str]) -> None:
        """Items against each other and against the points and tricks written (§7.2–§7.5)."""
        c, p, t, sol = f.contract, f.points, f.tricks, f.soloist
        self._tricks_and_items(f)
        if f.ulti_extra and f.ulti_won:
            self.bad("OUTCOME-CONFLICT", "the Ulti cannot be made with the soloist's 7 of trumps "
                     "captured (ulti_extra)", "/items")
        if f.seven is not None and (f.ulti_won or f.ulti_extra):
            self.bad("OUTCOME-CONFLICT", "there is one 7 of trumps: the soloist's Ulti and a "
                     "silent seven cannot both have it in trick 10", "/items")
        want = {"silent_hundred": None if p is None else (not c.hundred and p[0] >= 100),
                "hundred": None if p is None else p[1] >= 100,
                "unbid_durch": None if t is None else (c.durch is None and t[sol] == 10)}
        if c.hundred:
            want["silent_hundred"] = False
        if c.durch is not None:
            want["unbid_durch"] = False
        for name, should in want.items():
            if should is not None and should != (name in seen):
                why = {"silent_hundred": "the soloist's points", "hundred": "the defenders' points",
                       "unbid_durch": "the soloist's tricks"}[name]
                self.bad("OUTCOME-CONFLICT", f"{name} {'is missing' if should else 'cannot be'}: "
                         f"{why} say so (§7.4, §7.5)", "/items")


    def _tricks_and_items(self, f: UltiFacts) -> None:
        """Who won trick 10, as the tricks and the last-trick items say it (§7.2, §7.3); then
        the points against the tricks (§7.1)."""
        t, sol = f.tricks, f.soloist
        if t is not None and f.seven is not None:
            by, took = f.seven
            if took and t[by] == 0:
                self.bad("OUTCOME-CONFLICT", f"silent_seven says seat {by} won trick 10 with the "
                         "7 of trumps, but the outcome gives him no trick (§7.3)", "/items")
                return
            if not took and t[by] == sum(t):
                self.bad("OUTCOME-CONFLICT", f"silent_seven says seat {by} lost trick 10, but "
                         "the outcome gives him every trick (§7.3)", "/items")
                return
        sides = last_trick_sides(f)
        if not sides:
            fact = "made the Ulti" if f.ulti_won else "lost his 7 of trumps in trick 10" \
                if f.ulti_extra else "played the 7 of trumps to trick 10"
            self.bad("OUTCOME-CONFLICT", f"the outcome says the soloist {fact}, but gives him "
                     f"{t[sol] if t else '?'} trick(s): trick 10 cannot have gone that way "
                     "(§7.2, §7.3)", "/items")
        elif f.points is not None and not points_fit(f, self.rules, sides):
            s_pts, d_pts = f.points
            had = f" from {t[sol]} of the 10 tricks" if t is not None else ""
            self.bad("OUTCOME-POINTS", f"the soloist's {s_pts} and the defenders' {d_pts} points "
                     f"cannot be counted{had}: 10 for each ace and ten in a side's tricks (three "
                     "cards a trick; the talon keeps two), 10 for trick 10, and the marriages "
                     "each side may declare (§1.4, §5.2, §7.1)", "/points")


def last_trick_sides(f: UltiFacts) -> set[bool]:
    """The sides that can have won trick 10 (True: the soloist), by his tricks and the Ulti and
    the silent seven (§7.2, §7.3)."""
    sides = {True, False}
    if f.tricks is not None:
        won = f.tricks[f.soloist]
        sides -= {True} if won == 0 else {False} if won == sum(f.tricks) else set()
    if f.ulti_won:
        sides &= {True}
    if f.ulti_extra:
        sides &= {False}
    if f.seven is not None:
        by, took = f.seven
        if took:
            sides &= {by == f.soloist}
        elif by == f.soloist:
            sides &= {False}
    return sides


def _marriages(c: Contract) -> list[tuple[int, int]]:
    """(soloist's, defenders') marriage points §5.2 allows: one marriage per suit, in one
    hand; a Hundred's soloist declares only the marriage of his contract."""
    out = set()
    for trump_to in (None, True, False):
        if trump_to and c.hundred == OTHER_MARRIAGE:
            continue
        for ours in range((0 if c.hundred == TRUMP_MARRIAGE else OTHER_SUITS) + 1):
            if c.hundred == OTHER_MARRIAGE and (ours > 1 or trump_to):
                continue
            for theirs in range(OTHER_SUITS - ours + 1):
                out.add((TRUMP_MARRIAGE * (trump_to is True) + OTHER_MARRIAGE * ours,
                         TRUMP_MARRIAGE * (trump_to is False) + OTHER_MARRIAGE * theirs))
    return sorted(out)


def points_fit(f: UltiFacts, rules: UltiRules, last: set[bool]) -> bool:
    """Whether some play gives the written points (§1.4, §7.1): aces and tens in each side's
    tricks (at most three a trick), the talon's two cards counted for nobody or (G3) for the
    defenders, 10 for trick 10 to the side in ``last``, the marriages each side may declare."""
    assert f.points is not None
    s_pts, d_pts = f.points
    t = f.tricks
    ours_max = min(COUNTERS, TRICK_CARDS * t[f.soloist]) if t is not None else COUNTERS
    theirs_max = min(COUNTERS, TRICK_CARDS * (sum(t) - t[f.soloist])) if t is not None \
        else COUNTERS
    to_defenders = rules.talon_points_to is TalonPoints.DEFENDERS
    if to_defenders:
        theirs_max = min(COUNTERS, theirs_max + TALON_CARDS)
    in_play = range(COUNTERS, COUNTERS + 1) if to_defenders \
        else range(COUNTERS - TALON_CARDS, COUNTERS + 1)
    for ours_last in last:
        for m_ours, m_theirs in _marriages(f.contract):
            a, rest = divmod(s_pts - 10 * ours_last - m_ours, 10)
            b, rest_b = divmod(d_pts - 10 * (not ours_last) - m_theirs, 10)
            if not rest and not rest_b and 0 <= a <= ours_max and 0 <= b <= theirs_max \
                    and a + b in in_play:
                return True
    return False


def facts_of(outcome: dict[str, Any], rules: UltiRules) -> tuple[list[Finding], UltiFacts | None]:
    """A written outcome as the scorer's facts, or the findings that say why it cannot be."""
    reader = _Reader(outcome, rules)
    f = reader.read()
    return reader.found, (f if not reader.found else None)


@functools.lru_cache(maxsize=512)
def reachable_scores(cid: str, sol: int, rules: UltiRules) -> frozenset[tuple[int, ...]]:
    """Every settlement some outcome of ``c`` with soloist ``sol`` gives under ``rules``: the
    scorer run over every combination of the facts it reads. An over-approximation only where
    the facts depend on each other through cards (e.g. which silent seven goes with which
    points), never an under-approximation, so a reachable sheet is never refused. Cached per
    contract, soloist and rule set (rule sets are immutable and shared)."""
    c = CONTRACTS[cid]
    out: set[tuple[int, ...]] = set()
    if c.simple and not c.ulti:                                 # §5.1 concession
        out.add(tuple(score_facts(UltiFacts(c, sol, conceded=True), rules).deltas))
    factors = (1,) + FACTORS
    if c.no_trump:
        for won, k in itertools.product((True, False), factors):
            out.add(tuple(score_facts(UltiFacts(c, sol, main_won=won, main_factor=k),
                                      rules).deltas))
        return frozenset(out)
    ulti = list(itertools.product((True, False), factors, (False, True))) if c.ulti \
        else [(False, 1, False)]
    sevens: list[tuple[int, bool] | None] = [None]
    for s in SEATS:
        if s != sol or not c.ulti:
            sevens += [(s, True), (s, False)]
    bonuses = [(sh, dh, ud) for sh, dh, ud in itertools.product((False, True), repeat=3)
               if not (sh and c.hundred) and not (ud and c.durch is not None)
               and not (sh and dh) and not (ud and dh)]        # 100 + 100 > 190 points
    for won, k in itertools.product((True, False), factors):
        for (uw, uk, ux), seven, (sh, dh, ud) in itertools.product(ulti, sevens, bonuses):
            if ux and uw:
                continue
            if seven is not None and (uw or ux):
                continue
            f = UltiFacts(c, sol, main_won=won, main_factor=k, ulti_won=uw, ulti_factor=uk,
                          ulti_extra=ux, seven=seven, silent_hundred=sh, defenders_hundred=dh,
                          unbid_durch=ud)
            out.add(tuple(score_facts(f, rules).deltas))
    return frozenset(out)
