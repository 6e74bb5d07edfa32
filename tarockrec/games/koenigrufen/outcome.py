"""The outcome block of a Königrufen score sheet (docs/notation.md, "Königrufen outcome"):
``Facts`` ↔ JSON, with every check of a written outcome, and the reachable scores of a sheet
without one. ``scoring.score_facts`` scores the facts; the facts of a played deal are read from
its engine (``engine.of_engine``). Nothing here imports the engine.
"""
from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from ...findings import Finding
from .contracts import KINGS, PACK, T1, T2, T3, T4, T21, T22, Contract, thirds
from .rules import KoenigrufenRules
from .scoring import (ALONE, CAPTURES, ORDER, OTHERS, SEATS, UNIT, Facts, Item,
                      period_multiplier)


# -- the outcome block (docs/notation.md, "Königrufen outcome") ---------------------------------
_SIDE = {True: "declarer", False: "opponents"}
_LEVELS = (2, 4, 8)                      # kontra, rekontra, subkontra (§4.6.2)
_WHOSE = {True: "declarer's", False: "opponents'"}
_THIRDS = {107: "35⅔", 106: "35⅓"}       # win_threshold_thirds as card points (§1.4)


def to_outcome(f: Facts) -> dict[str, Any]:
    """The outcome block of the facts ``f`` (``Game.outcome``): one way to write each fact."""
    c = f.contract
    if c is None:
        return {"end": "redeal"}
    out: dict[str, Any] = {"contract": c.id, "declarer": f.declarer}
    if c.king_call:
        out["partner"] = f.partner
    if f.end is not None:
        out["end"] = f.end
    else:
        if c.family != "trischaken":
            out["won"] = f.won
        if f.kontra > 1:
            out["kontra"] = f.kontra
        out["points"] = list(f.points or ())
        out["tricks"] = list(f.tricks or ())
        if f.thirds is not None:
            out["thirds"] = list(f.thirds)
    if f.items:
        items = []
        for it in f.items:
            d: dict[str, Any] = {"item": it.name, "announced": it.announced, "made": it.made,
                                 "side": _SIDE[it.declarer]}
            if it.kontra > 1:
                d["kontra"] = it.kontra
            if it.seat >= 0:
                d["seat"] = it.seat
            items.append(d)
        out["items"] = items
    return out


def _ints(v: Any, n: int) -> bool:
    return (isinstance(v, list) and len(v) == n
            and all(isinstance(x, int) and not isinstance(x, bool) for x in v))


class _Checker:
    """Reads a written outcome into ``Facts``, collecting a finding for each thing that cannot
    be (pointers ``/outcome/...``)."""

    def __init__(self, o: dict[str, Any], rules: KoenigrufenRules) -> None:
        self.o = o
        self.r = rules
        self.found: list[Finding] = []

    def bad(self, code: str, text: str, where: str = "") -> None:
        self.found.append(Finding(code, text, "/outcome" + where))


def parse(o: dict[str, Any], rules: KoenigrufenRules, contracts: dict[str, Contract],
          birds: tuple[str, ...], carry: dict[str, Any]) -> tuple[list[Finding], Facts | None]:
    """The facts of the written outcome ``o`` under ``rules`` (``contracts``, ``birds``: the
    rule set's tariff), or the findings that say why it cannot be (docs/notation.md)."""
    ck = _Checker(o, rules)
    bad = ck.bad
    r = rules
    m = period_multiplier(int(carry.get("doubling", 0)))
    end = o.get("end")
    if end is not None and end not in ("concede", "redeal"):
        bad("OUTCOME-END", f"a Königrufen deal ends by concession or redeal, not {end!r}",
            "/end")
        return ck.found, None
    if end == "redeal":                  # §2.3: not a deal, nothing scored
        extra = [k for k, v in o.items() if k != "end" and not k.startswith("_")
                 and not (k == "declarer" and v is None)]
        if not r.redeal_no_king_no_tarock:
            bad("OUTCOME-END", "this rule set has no redeal: every hand is played (G31)", "/end")
        elif extra:
            bad("OUTCOME-END", f"a redeal is not played and scores nothing, but the outcome "
                f"writes {', '.join(extra)}", "/end")
        return ck.found, (None if ck.found else Facts(None, None, None, m, "redeal"))
    cid = o.get("contract")
    c = contracts.get(cid) if isinstance(cid, str) else None
    if c is None:
        bad("OUTCOME-CONTRACT", f"{cid!r} is not a contract of this rule set (it plays "
            f"{', '.join(contracts)})" if cid is not None else "the outcome names no contract",
            "/contract" if cid is not None else "")
        return ck.found, None
    d = o.get("declarer")
    if not isinstance(d, int) or isinstance(d, bool):
        bad("OUTCOME-SEAT", f"a {c.id} has a declarer: the outcome must name his seat",
            "/declarer" if "declarer" in o else "")
        return ck.found, None
    partner = o.get("partner")
    if c.king_call and "partner" not in o:
        bad("OUTCOME-PARTNER", f"a {c.id} calls a king: the outcome must name the partner "
            "(null where the declarer played alone)")
    elif not c.king_call and partner is not None:
        bad("OUTCOME-PARTNER", f"a {c.id} has no partner (no king is called), but the outcome "
            f"names seat {partner}", "/partner")
    elif partner is not None and partner == d:
        bad("OUTCOME-PARTNER", f"seat {d} is the declarer and cannot be his own partner "
            "(calling his own king he plays alone: write null)", "/partner")
    if ck.found:
        return ck.found, None
    p = partner if isinstance(partner, int) else None
    if end == "concede":
        return _conceded(ck, c, d, p, m, birds)
    return _played(ck, c, d, p, m, contracts, birds)


def _conceded(ck: _Checker, c: Contract, d: int, p: int | None, m: int,
              birds: tuple[str, ...]) -> tuple[list[Finding], Facts | None]:
    """§4.4, §6.9: only a Rufer or Besserrufer whose called king lies in the talon; the
    declarer alone; nothing played; G22 the Besserrufer's bird."""
    o, r, bad = ck.o, ck.r, ck.bad
    if c.id not in ("rufer", "besserrufer"):
        bad("OUTCOME-END", f"only a Rufer or Besserrufer may be conceded (§4.4), not a {c.id}",
            "/end")
    if p is not None:
        bad("OUTCOME-PARTNER", "a conceded game has the called king in the talon: the "
            f"declarer has no partner, but the outcome names seat {p}", "/partner")
    played = [k for k in ("won", "kontra", "points", "tricks", "thirds") if k in o]
    if played:
        bad("OUTCOME-END", f"a conceded game is not played, but the outcome writes "
            f"{', '.join(played)}", "/" + played[0])
    items = o.get("items") or []
    pays = c.id == "besserrufer" and r.besserrufer_concession_pays_bird
    got: tuple[Item, ...] = ()
    for i, x in enumerate(items):
        name = x.get("item")
        if not pays or i > 0:
            bad("OUTCOME-ITEM", f"a conceded {c.id} scores no {name} under this rule set "
                "(only the contract is lost)", f"/items/{i}")
        elif (name not in birds or not x.get("announced") or x.get("made")
              or x.get("side") != "declarer" or "kontra" in x or "seat" in x):
            bad("OUTCOME-ITEM", "a conceding Besserrufer pays one bird (pagat, uhu, …) as "
                "announced, failed, by the declarer, without kontra (G22 schleifen)",
                f"/items/{i}")
        else:
            got = (Item(str(name), True, False, True),)
    if pays and not got and not items:
        bad("OUTCOME-ITEM", "a conceding Besserrufer also pays his bird under this rule set "
            "(G22 schleifen): the outcome must name it", "")
    if ck.found:
        return ck.found, None
    return [], Facts(c, d, None, m, "concede", items=got)


def _played(ck: _Checker, c: Contract, d: int, p: int | None, m: int,
            contracts: dict[str, Contract],
            birds: tuple[str, ...]) -> tuple[list[Finding], Facts | None]:
    o, r, bad = ck.o, ck.r, ck.bad
    tri = c.family == "trischaken"
    counts = _counts(ck, c, tri, d)
    if counts is None:
        return ck.found, None
    tricks, points = counts
    th = _thirds(ck, tri, points)
    won = o.get("won")
    if tri:
        if won is not None:
            bad("OUTCOME-CONFLICT", "in a Trischaken every seat plays for himself: there is no "
                "game won or lost", "/won")
        if "kontra" in o:
            bad("OUTCOME-KONTRA", "a Trischaken cannot be kontra'd (§6.7)", "/kontra")
        if o.get("items"):
            bad("OUTCOME-ITEM", "a Trischaken scores no bonuses (§6.7)", "/items/0")
        if not ck.found:
            _trischaken_possible(ck, tricks, points, th)
        if ck.found:
            return ck.found, None
        return [], Facts(c, d, None, m, None, False, list(tricks), list(points),
                         list(th) if th is not None else None)
    if not isinstance(won, bool):
        bad("OUTCOME-CONFLICT", f"the outcome of a {c.id} must say whether it was won", "")
        return ck.found, None
    kontra = o.get("kontra", 1)
    individual = c.family == "misere" and r.misere_kontra_individual
    if "kontra" in o:
        if individual:
            bad("OUTCOME-KONTRA", "under this rule set each opponent kontras a negative "
                "contract for himself (G39): write the kontra on a contract item with his seat",
                "/kontra")
        elif kontra not in _LEVELS:
            bad("OUTCOME-KONTRA", f"a kontra factor is 2, 4 or 8 (kontra, rekontra, "
                f"subkontra), not {kontra}", "/kontra")
    D = ALONE[d] if p is None else frozenset((d, p))
    won_d = sum(tricks[s] for s in D)
    if c.family == "misere":
        if won != (tricks[d] == c.tricks_goal):
            bad("OUTCOME-CONFLICT", f"a {c.id} is won with exactly {c.tricks_goal} trick(s) of "
                f"the declarer (§6.6); he took {tricks[d]}, so it was "
                f"{'lost' if won else 'won'}", "/won")
        items = _misere_items(ck, c, d, won) if individual else ()
        if not individual and o.get("items"):
            bad("OUTCOME-ITEM", f"a {c.id} scores no bonuses (§6.6)", "/items/0")
        if not ck.found:
            _misere_possible(ck, d, tricks, points)
    else:
        _positive_won(ck, won, points[0], won_d)
        items = _positive_items(ck, c, D, tricks, points[0], birds)
        if c.id == "solorufer" and p is None and not r.call_own_king:
            _talon_king_kontras(ck, won)
    if ck.found:
        return ck.found, None
    return [], Facts(c, d, p, m, None, won, list(tricks), list(points), None,
                     kontra if isinstance(kontra, int) else 1, items)


def _counts(ck: _Checker, c: Contract, tri: bool, d: int) -> tuple[Any, Any] | None:
    """The tricks (four counts adding up to 12, fewer in a negative contract stopped once
    lost, G32) and the card points (the two sides', or in a Trischaken each seat's, §1.4) of
    a played deal; None when they cannot be used."""
    o, bad = ck.o, ck.bad
    tricks: Any = o.get("tricks")
    if (_ints(tricks, 4) and c.tricks_goal is not None and ck.r.allow_early_stop_misere
            and sum(tricks) < 12 and tricks[d] > c.tricks_goal and min(tricks) >= 0):
        pass                            # G32: a decided misère writes the tricks played
    elif not _ints(tricks, 4) or any(not 0 <= t <= 12 for t in tricks) or sum(tricks) != 12:
        bad("OUTCOME-POINTS", "tricks must be four counts, one per seat, of 0 to 12 adding up "
            f"to 12, not {tricks}" if tricks is not None else
            "a played deal writes the tricks each seat won", "/tricks" if tricks else "")
        return None
    points: Any = o.get("points")
    n_pts = 4 if tri else 2
    whose = "one per seat" if tri else "the declarer's side's and the opponents'"
    if not _ints(points, n_pts) or any(not 0 <= x <= 70 for x in points):
        bad("OUTCOME-POINTS", f"points must be {n_pts} card point counts ({whose}) of 0 to 70, "
            f"not {points}" if points is not None else
            "a played deal writes the card points", "/points" if points is not None else "")
        return None
    if c.family == "positive" and sum(points) != 70:
        bad("OUTCOME-POINTS", f"the whole pack counts 70 card points (§1.4), but the outcome's "
            f"{points[0]} + {points[1]} make {sum(points)}", "/points")
    elif sum(points) > 71:
        bad("OUTCOME-POINTS", f"the pack has 70 card points, but the outcome writes "
            f"{sum(points)}", "/points")
    return tricks, points


def _thirds(ck: _Checker, tri: bool, points: list[int]) -> Any:
    """A Trischaken's card points in thirds as written, where the rule set compares them so
    (``trischaken_scoring = oe2023``, ``trischaken_compare = thirds``; §1.4), else None."""
    o, r, bad = ck.o, ck.r, ck.bad
    th: Any = o.get("thirds")
    wants_thirds = tri and (r.trischaken_scoring == "oe2023" or r.trischaken_compare == "thirds")
    if th is not None:
        if not tri:
            bad("OUTCOME-POINTS", "thirds are written only for a Trischaken", "/thirds")
        elif not _ints(th, 4) or sum(th) > 210 or any(x < 0 for x in th):
            bad("OUTCOME-POINTS", f"thirds must be four counts of card points in thirds adding "
                f"up to at most 210, not {th}", "/thirds")
        elif [(x + 1) // 3 for x in th] != points:
            bad("OUTCOME-CONFLICT", f"the thirds {th} give the card points "
                f"{[(x + 1) // 3 for x in th]}, not {points} (§1.4)", "/thirds")
    elif wants_thirds:
        bad("OUTCOME-POINTS", "this rule set compares Trischaken card points in thirds: the "
            "outcome must write each seat's thirds", "")
    return th if wants_thirds else None


def _positive_won(ck: _Checker, won: bool, pd: int, won_d: int) -> None:
    """§1.4: a positive contract's won or lost against the win threshold of the declarer's
    side's points (P = ⌊(t+1)/3⌋) and its tricks."""
    thr = int(ck.r.win_threshold_thirds)
    if won and 3 * pd + 1 < thr or not won and 3 * pd - 1 >= thr:
        ck.bad("OUTCOME-CONFLICT", f"the declarer's side {'won' if won else 'lost'} with "
               f"{pd} card points, but {_THIRDS.get(thr, f'{thr}/3')} win (§1.4)", "/won")
    elif won_d == 12 and not won or won_d == 0 and won:
        ck.bad("OUTCOME-CONFLICT", f"the declarer's side took {won_d} tricks and so cannot "
               f"have {'lost' if won_d else 'won'} the game", "/won")


def _talon_king_kontras(ck: _Checker, won: bool) -> None:
    """§6.9, G23: a Solorufer without a partner where the declarer may not call his own king
    (``call_own_king = off``) had the called king in the talon, and the kontras it voids
    (``solorufer_talon_king_kontra_void``: every one, or on loss the contract's and an
    announced Valat's) are not written (docs/notation.md, "Königrufen outcome")."""
    always = ck.r.solorufer_talon_king_kontra_void == "always"
    why = ("a Solorufer without a partner under this rule set had the called king in the "
           "talon (call_own_king = off), which voids every kontra, won or lost"
           if always else "a lost Solorufer without a partner under this rule set had the "
           "called king in the talon (call_own_king = off), which voids the kontra on the "
           "contract and on an announced Valat")
    if "kontra" in ck.o and (always or not won):
        ck.bad("OUTCOME-KONTRA", f"{why} (§6.9, G23): a void kontra is not written", "/kontra")
    for i, x in enumerate(ck.o.get("items") or []):
        if "kontra" not in x:
            continue
        valat_lost = x.get("item") == "valat" and not x.get("made")
        if always or valat_lost:
            ck.bad("OUTCOME-KONTRA", f"{why} (§6.9, G23): the kontra on the {x.get('item')} "
                   "is void and not written", f"/items/{i}/kontra")


def _misere_items(ck: _Checker, c: Contract, d: int, won: bool) -> tuple[Item, ...]:
    """G39: the opponents' own kontras, one contract item per kontra-ing seat."""
    out = []
    for i, x in enumerate(ck.o.get("items") or []):
        seat = x.get("seat")
        k = x.get("kontra")
        if (x.get("item") != "contract" or not isinstance(seat, int) or seat == d
                or not x.get("announced") or x.get("side") != "declarer"):
            ck.bad("OUTCOME-ITEM", f"a {c.id} scores no bonuses; under this rule set (G39) an "
                   "opponent's own kontra is written as the contract item (announced, by the "
                   "declarer) with his seat", f"/items/{i}")
        elif k not in _LEVELS:
            ck.bad("OUTCOME-KONTRA", f"seat {seat}'s kontra factor is 2, 4 or 8, not {k}",
                   f"/items/{i}/kontra")
        elif x.get("made") != won:
            ck.bad("OUTCOME-CONFLICT", f"the contract item against seat {seat} says "
                   f"{'made' if x.get('made') else 'failed'}, but the game was "
                   f"{'won' if won else 'lost'}", f"/items/{i}/made")
        else:
            out.append(Item("contract", True, won, True, k, seat))
    out.sort(key=lambda it: it.seat)
    return tuple(out)


def _positive_items(ck: _Checker, c: Contract, D: frozenset[int], tricks: list[int], pd: int,
                    birds: tuple[str, ...]) -> tuple[Item, ...]:
    """§6.3, §6.4: the Valat, the bonuses and the captures a positive contract may score."""
    r = ck.r
    if c.no_trump:
        allowed: tuple[str, ...] = (("four_kings",) if r.farbensolo_bonuses ==
                                    "valat_and_four_kings" else ())
    else:
        allowed = (*birds, "trull", "four_kings") + (("king_ultimo",) if c.king_call else ())
        allowed += (("xxi_capture",) if r.xxi_capture else ())
        allowed += (("king_capture",) if c.king_call and r.king_capture else ())
    penalty = (*birds, "king_ultimo") if r.silent_failure_penalty else ()
    out: list[Item] = []
    where: list[int] = []
    for i, x in enumerate(ck.o.get("items") or []):
        item = _positive_item(ck, c, x, f"/items/{i}", allowed, penalty)
        if item is not None:
            out.append(item)
            where.append(i)
    won_d = sum(tricks[s] for s in D)
    _valat_items(ck, out, where, won_d)
    if not ck.found:
        _positive_possible(ck, c, D, tricks, pd, out, where, allowed)
    if c.id == "besserrufer" and not any(it.announced and it.declarer and it.name in birds
                                         for it in out):
        ck.bad("OUTCOME-ITEM", "a Besserrufer announces a bird (§4.6.3): the outcome must "
               "write it", "/items" if ck.o.get("items") else "")
    out.sort(key=lambda it: ORDER[it.name])
    return tuple(out)


def _positive_item(ck: _Checker, c: Contract, x: Any, at: str, allowed: tuple[str, ...],
                   penalty: tuple[str, ...]) -> Item | None:
    """One written item of a positive contract (§6.3 Valat, §6.4 bonuses and captures, their
    kontra §6.5), or None with a finding."""
    r, bad = ck.r, ck.bad
    name = x.get("item")
    ann = x.get("announced") is True
    made = x.get("made") is True
    x_d = x.get("side") == "declarer"
    k = x.get("kontra", 1)
    if "seat" in x:
        bad("OUTCOME-ITEM", f"{name} is settled side against side: it has no seat",
            at + "/seat")
        return None
    if name == "valat":
        if not x_d and not r.opponents_valat:
            bad("OUTCOME-ITEM", "only the declarer's side makes or announces a Valat "
                "under this rule set (G14)", at + "/side")
            return None
        if not ann and not made:
            bad("OUTCOME-ITEM", "a silent Valat is one made (a side took every trick)",
                at + "/made")
            return None
    elif name not in allowed:
        bad("OUTCOME-ITEM", f"a {c.id} scores no {name} under this rule set", at + "/item")
        return None
    elif name in CAPTURES and (ann or not made):
        bad("OUTCOME-ITEM", f"{name} is never announced: it is written silent and made "
            "(by the capturing side)", at)
        return None
    elif name == "king_ultimo" and not x_d:
        bad("OUTCOME-ITEM", "the King Ultimo belongs to the declarer's side (§6.4)",
            at + "/side")
        return None
    elif not ann and not made and name not in penalty:
        bad("OUTCOME-ITEM", f"a failed silent {name} scores nothing under this rule set",
            at + "/made")
        return None
    if "kontra" in x and not ann:
        bad("OUTCOME-KONTRA", f"only an announced {name} can be kontra'd", at + "/kontra")
        return None
    if "kontra" in x and k not in _LEVELS:
        bad("OUTCOME-KONTRA", f"a kontra factor is 2, 4 or 8 (kontra, rekontra, "
            f"subkontra), not {k}", at + "/kontra")
        return None
    return Item(str(name), ann, made, x_d, k if isinstance(k, int) else 1)


def _valat_items(ck: _Checker, out: list[Item], where: list[int], won_d: int) -> None:
    """§6.3, §6.5: the Valat item against the tricks (a side that took every trick writes
    it), its kontra in place of the contract's; G26 ``valat_suppresses_silent_bonuses``."""
    r, bad = ck.r, ck.bad
    valat = [(it, i) for it, i in zip(out, where) if it.name == "valat"]
    X_all = 12 if won_d == 12 else (-12 if won_d == 0 else 0)   # which side took every trick
    if valat:
        it, i = valat[0]
        x_took = X_all == (12 if it.declarer else -12)
        if it.made != x_took:
            bad("OUTCOME-CONFLICT", f"the {_WHOSE[it.declarer]} side took "
                f"{won_d if it.declarer else 12 - won_d} tricks: its Valat was "
                f"{'made' if x_took else 'not made'}", f"/items/{i}/made")
        if it.announced and "kontra" in ck.o:
            bad("OUTCOME-KONTRA", "an announced Valat replaces the contract item (§6.3, §6.5): "
                "its kontra is written on the Valat", "/kontra")
    elif X_all == 12 or X_all == -12 and r.opponents_valat:
        bad("OUTCOME-CONFLICT", f"the {_WHOSE[X_all == 12]} side took "
            "every trick: the outcome must write the Valat", "/items" if ck.o.get("items")
            else "")
    if valat and r.valat_suppresses_silent_bonuses:
        for it, i in zip(out, where):      # the capture penalties are always evaluated (§6.4)
            if not it.announced and it.name != "valat" and it.name not in CAPTURES:
                bad("OUTCOME-CONFLICT", f"beside a Valat only announced bonuses count under "
                    f"this rule set (G26), not the silent {it.name}", f"/items/{i}")


# -- what some legal play can give (issue 32 item 1) --------------------------------------------
# A written outcome is refused where no legal play gives it: each pile's card points against its
# size (the tricks its side took and the talon cards it counts, §4.5) and the pack's card
# values (§1.3, §1.4); the cards the items place (Trull, kings, birds, the called king) in one
# pile only; the trick winners the bird and King Ultimo items name (§6.4).

#: w(c) in thirds (§1.4) of every card of the pack
_W = tuple(thirds(1 << card) for card in range(len(PACK)))
#: the cards the items place, by name: the card's w; "kings" is all four, "called" the
#: called king (one of them, which the outcome does not say)
_PLACED_W = {"T1": (_W[T1],), "T2": (_W[T2],), "T3": (_W[T3],), "T4": (_W[T4],),
             "T21": (_W[T21],), "T22": (_W[T22],), "kings": tuple(_W[k] for k in KINGS),
             "called": (_W[KINGS[0]],)}
_CARD_NAME = {"T1": "the Pagat", "T2": "the Uhu", "T3": "the Kakadu", "T4": "the Quapil",
              "T21": "the XXI", "T22": "the Sküs", "kings": "the four kings",
              "called": "the called king"}
#: a bird's card and the trick it is played to (§6.4, §7.2 Quapil)
_BIRD_AT = {"pagat": ("T1", 12), "uhu": ("T2", 11), "kakadu": ("T3", 10), "quapil": ("T4", 9)}
#: cards never discarded (§4.3): in a talon share of discards they cannot be
_NOT_DISCARDABLE = ("T1", "T21", "T22", "kings", "called")


def thirds_range(n: int, inside: Iterable[int] = (), outside: Iterable[int] = ()
                 ) -> tuple[int, int] | None:
    """The least and the most thirds (§1.4) ``n`` cards of the pack can count when they hold
    cards of the w's ``inside`` and none of ``outside``; None if no such ``n`` cards exist."""
    pool = sorted(_W)
    for w in (*inside, *outside):
        if w not in pool:              # more such cards than the pack has
            return None
        pool.remove(w)
    held = list(inside)
    free = n - len(held)
    if free < 0 or free > len(pool):
        return None
    return sum(held) + sum(pool[:free]), sum(held) + sum(pool[len(pool) - free:])


def _points_of(t: tuple[int, int]) -> tuple[int, int]:
    """Card points P = ⌊(thirds + 1) / 3⌋ (§1.4) of a range of thirds."""
    return (t[0] + 1) // 3, (t[1] + 1) // 3


class _Talon:
    """One way the talon's six cards may be shared (§4.3, §4.5, §6.9): how many count to each
    side, how many of those may be cards never discarded, and whether the called king lies
    in the declarer's share unplayed (a Solorufer's king in the talon)."""

    __slots__ = ("to", "free", "called_in_talon")

    def __init__(self, d: int, o: int, free_d: int, free_o: int,
                 called_in_talon: bool = False) -> None:
        self.to = {True: d, False: o}
        self.free = {True: free_d, False: free_o}
        self.called_in_talon = called_in_talon


def talon_shares(r: KoenigrufenRules, c: Contract, alone: bool) -> tuple[_Talon, ...]:
    """The ways the talon counts to the sides in ``c`` (``alone``: no partner)."""
    if c.talon == "half":              # discards (3) to D; the untaken half per G8
        if r.unused_talon_owner == "opponents":
            return (_Talon(3, 3, 0, 3),)
        return (_Talon(6, 0, 3, 0),)
    if c.talon == "all":               # Sechserdreier: six discards to D
        return (_Talon(6, 0, 0, 0),)
    if c.talon_owner != "opponents":   # misère: nobody's
        return (_Talon(0, 0, 0, 0),)
    opponents = _Talon(0, 6, 0, 6)
    if c.id == "solorufer" and alone:  # the called king in the talon: its half to D (§4.5)
        in_talon = _Talon(3, 3, 3, 3, called_in_talon=True)
        # the declarer's own king only where he may call it (call_own_king, §7.2)
        return (opponents, in_talon) if r.call_own_king else (in_talon,)
    return (opponents,)


class _Placed:
    """The piles and trick winners the items of a positive contract name (§6.4): a card in
    one pile only, a trick won by one side only; the first item naming each, for the
    sentence."""

    def __init__(self, ck: _Checker, tricks_of: dict[bool, int]) -> None:
        self.ck = ck
        self.tricks_of = tricks_of
        self.pile: dict[str, tuple[bool, str, int]] = {}     # card -> side, item, index
        self.winner: dict[int, tuple[bool, str, int]] = {}   # trick -> side, item, index
        self.played: dict[str, tuple[str, int]] = {}         # card -> item, index
        self.start = 0                                       # findings before this item

    def put(self, card: str, side: bool, name: str, i: int) -> None:
        if len(self.ck.found) > self.start:     # one finding per item
            return
        for other in ((card, "kings") if card == "called" else
                      (card, "called") if card == "kings" else (card,)):
            got = self.pile.get(other)
            if got is not None and got[0] != side:
                self.ck.bad("OUTCOME-CONFLICT", f"the {_WHOSE[side]} {name} puts "
                            f"{_CARD_NAME[card]} in that side's pile, but the "
                            f"{_WHOSE[got[0]]} {got[1]} in the other's: a card lies in one "
                            "pile only (§4.5, §6.4)", f"/items/{i}")
                return
        self.pile.setdefault(card, (side, name, i))

    def won(self, trick: int, side: bool, name: str, i: int) -> None:
        """Trick ``trick`` (0: some trick) won by ``side``."""
        if len(self.ck.found) > self.start:
            return
        got = self.winner.get(trick)
        if self.tricks_of[side] == 0:
            which = f"trick {trick}" if trick else "a trick"
            self.ck.bad("OUTCOME-CONFLICT", f"the {_WHOSE[side]} {name} needs {which} won by "
                        f"that side, but it took no trick (§6.4)", f"/items/{i}")
        elif got is not None and got[0] != side:
            self.ck.bad("OUTCOME-CONFLICT", f"the {_WHOSE[side]} {name} needs trick {trick} won "
                        f"by that side, but the {_WHOSE[got[0]]} {got[1]} needs it won by the "
                        "other (§6.4)", f"/items/{i}")
        elif trick:
            self.winner.setdefault(trick, (side, name, i))

    def item(self, it: Item, i: int) -> None:
        """The cards and tricks item ``it`` (written at index ``i``) names (§6.4)."""
        self.start = len(self.ck.found)
        name, side, silent_lost = it.name, it.declarer, not it.announced and not it.made
        if name in _BIRD_AT and (it.made or silent_lost):
            card, trick = _BIRD_AT[name]     # made: won by its side; silent lost: by the other
            won_by = side if it.made else not side
            self.put(card, won_by, name, i)
            self.won(trick, won_by, name, i)
            self.played[card] = (name, i)
        elif name == "king_ultimo" and (it.made or silent_lost):
            self.put("called", it.made, name, i)    # the King Ultimo is the declarer's side's
            self.won(12, it.made, name, i)
            self.played["called"] = (name, i)
        elif name == "trull" and it.made:
            for card in ("T22", "T21", "T1"):
                self.put(card, side, name, i)
        elif name == "four_kings" and it.made:
            self.put("kings", side, name, i)
        elif name == "xxi_capture":          # the Sküs takes the XXI: both to its side
            self.put("T22", side, name, i)
            self.put("T21", side, name, i)
            self.won(0, side, name, i)
        elif name == "king_capture":
            if side:                         # the called king is always the declarer's side's
                self.ck.bad("OUTCOME-CONFLICT", "the called king is played by the declarer's "
                            "side (its holder is the partner or the declarer, §4.2): only the "
                            "opponents can capture it", f"/items/{i}/side")
            else:
                self.put("called", False, name, i)
                self.won(0, False, name, i)
                self.played["called"] = (name, i)


def _held(cards: Iterable[str]) -> tuple[list[int], int]:
    """The w's of the named cards (the called king inside the four kings counted once) and
    how many of them are never discarded."""
    names = set(cards)
    if "kings" in names:
        names.discard("called")
    ws = [w for n in sorted(names) for w in _PLACED_W[n]]
    return ws, sum(len(_PLACED_W[n]) for n in names if n in _NOT_DISCARDABLE)


def _share_problems(placed: _Placed, talon: _Talon, tricks_of: dict[bool, int],
                    pd: int) -> list[Finding]:
    """What one way of sharing the talon leaves impossible: the called king in the talon
    played or in the opponents' pile; a side without a trick holding, in its talon cards,
    cards it cannot; the declarer's side's card points against its pile (§1.4, §4.5)."""
    out: list[Finding] = []
    pile = dict(placed.pile)
    if talon.called_in_talon:
        got = pile.get("called") or pile.get("kings")
        if "called" in placed.played:
            name, i = placed.played["called"]
            out.append(Finding("OUTCOME-CONFLICT", f"a Solorufer without a partner under this "
                               "rule set had the called king in the talon (the declarer may "
                               "not call his own, call_own_king = off): it was never played, "
                               f"so the outcome's {name} cannot be (§4.5, §6.9)",
                               f"/outcome/items/{i}"))
        elif got is not None and not got[0]:
            out.append(Finding("OUTCOME-CONFLICT", "a Solorufer without a partner under this "
                               "rule set had the called king in the talon half that counts to "
                               f"the declarer (§4.5), but the opponents' {got[1]} puts it in "
                               "their pile", f"/outcome/items/{got[2]}"))
        pile.setdefault("called", (True, "", -1))
    held = {side: [c for c, v in pile.items() if v[0] == side] for side in (True, False)}
    for side in (True, False):
        ws, never = _held(held[side])
        if tricks_of[side] == 0 and held[side] and (never > talon.free[side]
                                                    or len(ws) > talon.to[side]):
            first = min((v for v in pile.values() if v[0] == side and v[2] >= 0),
                        key=lambda v: v[2], default=None)
            names = ", ".join(_CARD_NAME[c] for c in sorted(held[side]))
            out.append(Finding("OUTCOME-CONFLICT", f"the {_WHOSE[side]} side took no trick: "
                               f"its pile is the talon cards it counts ({talon.to[side]}, of "
                               f"which {talon.free[side]} may be a king or a Trull card, "
                               f"§4.3), which cannot hold {names}",
                               f"/outcome/items/{first[2]}" if first else "/outcome/tricks"))
    n_d = 4 * tricks_of[True] + talon.to[True]
    rng = thirds_range(n_d, _held(held[True])[0], _held(held[False])[0])
    lo, hi = _points_of(rng) if rng is not None else (1, 0)
    if not lo <= pd <= hi:
        out.append(Finding("OUTCOME-POINTS", f"the declarer's side took {tricks_of[True]} "
                           f"trick(s) and counts {talon.to[True]} talon card(s) (§4.5)"
                           + (f" with {', '.join(_CARD_NAME[c] for c in sorted(held[True]))}"
                              if held[True] else "") + f": its {n_d} cards count "
                           + (f"{lo} to {hi} card points" if rng else "no such pile")
                           + f" (§1.3, §1.4), not {pd}", "/outcome/points"))
    return out


def _positive_possible(ck: _Checker, c: Contract, D: frozenset[int], tricks: list[int],
                       pd: int, items: list[Item], where: list[int],
                       allowed: tuple[str, ...]) -> None:
    """Whether some legal play gives the items and counts of a positive contract (issue 32
    item 1): one evaluation per bonus (§6.4); the items' cards and tricks; then some way of
    sharing the talon with the declarer's card points in reach of his side's pile, and of
    sharing the Trull and the kings that fits the Trull and Four Kings written (issue 39:
    forced whole into one pile, a silent one must be written; ``allowed``, the bonuses the
    contract scores)."""
    won_d = sum(tricks[s] for s in D)
    tricks_of = {True: won_d, False: 12 - won_d}
    placed = _Placed(ck, tricks_of)
    seen: dict[str, bool] = {}
    for it, i in zip(items, where):
        if it.name in seen:
            ck.bad("OUTCOME-CONFLICT", f"each bonus is evaluated once (§6.4): the outcome "
                   f"writes {it.name} for both sides", f"/items/{i}")
            return
        seen[it.name] = it.declarer
        placed.item(it, i)
    if ck.found:
        return
    suppressed = "valat" in seen and ck.r.valat_suppresses_silent_bonuses       # G26
    wants = _whole_wants(items, where, allowed, suppressed)
    problems: list[Finding] = []
    for talon in talon_shares(ck.r, c, len(D) == 1):
        found = (_share_problems(placed, talon, tricks_of, pd)
                 or _forced_whole(placed, talon, tricks_of, pd, wants))
        if not found:
            return
        problems = problems or found
    ck.found.extend(problems)


#: the Trull's cards (§1.2), each a 5-value card like the four kings (§1.3)
_TRULL = ("T22", "T21", "T1")
_W5 = _W[T22]
#: what the items may place besides the 5-value cards: the small birds (blanks)
_SMALL = ("T2", "T3", "T4")
_WHOLE_NAME = {"trull": "Trull (the Sküs, the XXI and the Pagat)", "four_kings": "four kings"}


class _Want(NamedTuple):
    """What the outcome says of the side holding a whole Trull or all four kings (§6.4):
    ``is_``: that side exactly (``side`` True/False, None: neither; a silent evaluation),
    else not ``side`` (an announced bonus failed); ``at`` the item's index (-1: unwritten)."""

    is_: bool
    side: bool | None
    at: int


def _whole_wants(items: list[Item], where: list[int], allowed: tuple[str, ...],
                 suppressed: bool) -> dict[str, _Want]:
    """§6.4: for the Trull and the four kings the contract scores (``allowed``), what the
    outcome says of the side whose pile holds them all. Announced, the announcing side holds
    them exactly when made (made: its placement says so already); silent (not suppressed
    beside a Valat, G26), a side holds them exactly when its made item is written."""
    out: dict[str, _Want] = {}
    for b in ("trull", "four_kings"):
        if b not in allowed:
            continue
        written = [(it, i) for it, i in zip(items, where) if it.name == b]
        ann = next(((it, i) for it, i in written if it.announced), None)
        if ann is not None:
            if not ann[0].made:
                out[b] = _Want(False, ann[0].declarer, ann[1])
        elif not suppressed:
            made = next(((it, i) for it, i in written if it.made), None)
            out[b] = _Want(True, made[0].declarer, made[1]) if made else _Want(True, None, -1)
    return out


def _forced_whole(placed: _Placed, talon: _Talon, tricks_of: dict[bool, int], pd: int,
                  wants: dict[str, _Want]) -> list[Finding]:
    """Issue 39 item 1: some sharing of the seven 5-value cards (the Trull, the four kings)
    between the piles fits the cards the items place (the called king one of the kings), a
    trickless side's talon cards (at most ``talon.free`` of them, §4.3), the declarer's side's
    card points (§1.4) and what ``wants`` says of a whole Trull or all four kings (§6.4); as
    the Carinthian check does, from the counting facts alone."""
    pile = {card: v[0] for card, v in placed.pile.items()}
    if talon.called_in_talon:
        pile.setdefault("called", True)
    n_d = 4 * tricks_of[True] + talon.to[True]
    small = {side: [w for card in _SMALL if pile.get(card) is side
                    for w in _PLACED_W[card]] for side in (True, False)}
    fits: dict[int, bool] = {}
    seen: list[dict[str, bool | None]] = []
    for trull_d in range(8):                 # bit k: _TRULL[k] in the declarer's side's pile
        if any(card in pile and pile[card] != bool(trull_d >> k & 1)
               for k, card in enumerate(_TRULL)):
            continue
        for kings_d in range(5):
            if "kings" in pile and kings_d != (4 if pile["kings"] else 0):
                continue
            if "called" in pile and (kings_d == 0 if pile["called"] else kings_d == 4):
                continue
            top_d = bin(trull_d).count("1") + kings_d
            if (not tricks_of[True] and top_d > talon.free[True]
                    or not tricks_of[False] and 7 - top_d > talon.free[False]):
                continue
            if top_d not in fits:
                rng = thirds_range(n_d, [_W5] * top_d + small[True],
                                   [_W5] * (7 - top_d) + small[False])
                lo, hi = _points_of(rng) if rng is not None else (1, 0)
                fits[top_d] = lo <= pd <= hi
            if not fits[top_d]:
                continue
            whole = {"trull": True if trull_d == 7 else False if trull_d == 0 else None,
                     "four_kings": True if kings_d == 4 else False if kings_d == 0 else None}
            if all((whole[b] == w.side) == w.is_ for b, w in wants.items()):
                return []
            seen.append(whole)
    if not seen:                             # (the talon: _share_problems saw the rest)
        short = [side for side in (True, False) if not tricks_of[side]]
        limit = (f"the {_WHOSE[short[0]]} side took no trick, so its talon cards hold at most "
                 f"{talon.free[short[0]]} of them (§4.3): " if short else "")
        return [Finding("OUTCOME-POINTS", f"{limit}no sharing of the kings and the Trull cards "
                        f"between the piles gives the declarer's side {pd} card points "
                        "(§1.3, §1.4)", "/outcome/points")]
    for b, w in wants.items():
        holders = {x[b] for x in seen}
        if len(holders) == 1:
            (side,) = holders
            if side is not None and (side == w.side) != w.is_:
                what = (f"its silent {b} must be written" if w.is_ else
                        f"the {_WHOSE[side]} announced {b} was made, not failed")
                return [Finding("OUTCOME-CONFLICT", f"the card points and the cards the items "
                                f"place put the whole {_WHOLE_NAME[b]} in the {_WHOSE[side]} "
                                f"side's pile: {what} (§1.4, §6.4)",
                                f"/outcome/items/{w.at}" if w.at >= 0 else "/outcome/items")]
    return [Finding("OUTCOME-CONFLICT", "no sharing of the Trull and the four kings between the "
                    "piles fits both the card points and the Trull and Four Kings the outcome "
                    "writes (§1.4, §6.4)", "/outcome/items")]


def _sum_fits(points: list[int], sizes: list[int], total: int,
              th: list[int] | None) -> bool:
    """Whether disjoint piles of ``sizes`` cards, together ``total`` cards of the pack, can
    count ``points`` (or, written, the thirds ``th``): their thirds add up to what ``total``
    cards count, each pile's P within ⅓ of its thirds (§1.4)."""
    rng = thirds_range(total)
    assert rng is not None
    if th is not None:
        return rng[0] <= sum(th) <= rng[1]
    k = sum(1 for n in sizes if n)
    return 3 * sum(points) - k <= rng[1] and 3 * sum(points) + k >= rng[0]


def _seat_counts(ck: _Checker, seats: list[tuple[str, int, int, int]], points: list[int],
                 th: list[int] | None, total: int) -> None:
    """Each pile's card points (thirds where written) against the cards its tricks (and a
    talon share) can hold, ``seats``: (who, pile size least, most, tricks); then their sum."""
    for k, (who, least, most, t) in enumerate(seats):
        fewest, most_t = thirds_range(least), thirds_range(most)
        assert fewest is not None and most_t is not None
        lo_t, hi_t = fewest[0], most_t[1]
        cards = f"{least} cards" if least == most else f"{least} to {most} cards"
        if not t and (points[k] or th is not None and th[k]):
            ck.bad("OUTCOME-POINTS", f"{who} took no trick: no card counts to that pile, so its "
                   f"card points are 0, not {points[k]}" + (f" ({th[k]} thirds)" if th else "")
                   + " (§6.6, §6.7)", "/points")
            return
        if th is not None and not lo_t <= th[k] <= hi_t:
            ck.bad("OUTCOME-POINTS", f"{who} took {t} trick(s): {cards} count {lo_t} to "
                   f"{hi_t} thirds (§1.3, §1.4), not {th[k]}", "/thirds")
            return
        lo, hi = _points_of((lo_t, hi_t))
        if not lo <= points[k] <= hi:
            ck.bad("OUTCOME-POINTS", f"{who} took {t} trick(s): {cards} count {lo} to {hi} "
                   f"card points (§1.3, §1.4), not {points[k]}", "/points")
            return
    if not _sum_fits(points, [s[2] for s in seats], total, th):
        ck.bad("OUTCOME-POINTS", f"the piles' card points {points}"
               + (f" (thirds {th})" if th is not None else "") + f" cannot come from "
               f"{total} cards of the pack (§1.4)", "/thirds" if th is not None else "/points")


def _misere_possible(ck: _Checker, d: int, tricks: list[int], points: list[int]) -> None:
    """§6.6: the talon is nobody's; each side's points from the cards of its tricks (all the
    tricks written: a misère stopped early, ``allow_early_stop_misere``, writes those played)."""
    t, played = tricks[d], sum(tricks)
    _seat_counts(ck, [("the declarer", 4 * t, 4 * t, t),
                      ("the opponents", 4 * (played - t), 4 * (played - t), played - t)],
                 points, None, 4 * played)


def _trischaken_possible(ck: _Checker, tricks: list[int], points: list[int],
                         th: list[int] | None) -> None:
    """§6.7: each seat's points from the cards of its tricks; under ``trischaken_scoring =
    oe2023`` the talon joins the pile of the last trick's winner (a seat with a trick)."""
    talon = 6 if ck.r.trischaken_scoring == "oe2023" else 0
    seats = [(f"seat {s}", 4 * t, 4 * t + (talon if t else 0), t) for s, t in enumerate(tricks)]
    _seat_counts(ck, seats, points, th, 48 + talon)


# -- a score sheet without an outcome: reachable scores -----------------------------------------
_NETS: dict[tuple[object, ...], frozenset[int]] = {}


def _sumset(a: frozenset[int], b: Iterable[int]) -> frozenset[int]:
    return frozenset(x + y for x in a for y in b)


def positive_nets(r: KoenigrufenRules, c: Contract, birds: tuple[str, ...],
                  bonus_base: dict[str, int], capture_base: int, mc: int,
                  mb: int) -> frozenset[int]:
    """Every net amount (toward the declarer's side, period multiplier included) some outcome
    of the positive contract ``c`` can give under ``r``: the sum set of each item's possible
    contributions (§6.3, §6.4; an item not scored contributes 0). A superset where items
    exclude each other (a Valat beside silent bonuses under G26, a silent and an announced
    bird of one seat): sound for refusing — every reachable net is in it — and small (a few
    thousand values, built once per rule set, contract and multiplier)."""
    key = (r, c.id, mc, mb)
    got = _NETS.get(key)
    if got is not None:
        return got
    ks = (1, *_LEVELS) if r.kontra_in_score else (1,)
    lose_base = c.loss if r.valat_loss_base == "loss_value" else c.value
    contract = {c.value * k for k in ks} | {-c.loss * k for k in ks}
    contract |= {4 * c.value * k for k in ks} | {8 * c.value * k for k in ks}
    contract |= {-8 * lose_base * k for k in ks}
    if r.opponents_valat:
        contract |= {-4 * lose_base * k for k in ks} | {-8 * lose_base * k for k in ks}
        contract |= {8 * c.value * k for k in ks}
    nets = frozenset(x * mc for x in contract)
    if c.no_trump:
        bonuses: tuple[str, ...] = (("four_kings",) if r.farbensolo_bonuses ==
                                    "valat_and_four_kings" else ())
    else:
        bonuses = (*birds, "trull", "four_kings") + (("king_ultimo",) if c.king_call else ())
    for name in bonuses:
        b = c.solo * bonus_base[name]
        opts = {0, b, -b} | {2 * b * k for k in ks} | {-2 * b * k for k in ks}
        nets = _sumset(nets, [x * mb for x in opts])
    if not c.no_trump:
        caps = int(r.xxi_capture) + int(c.king_call and r.king_capture)
        x = c.solo * capture_base * mb
        for _ in range(caps):
            nets = _sumset(nets, (0, x, -x))
    if len(_NETS) < 512:
        _NETS[key] = nets
    return nets


def trischaken_vectors(r: KoenigrufenRules, v: int, decl: int,
                       m: int) -> set[tuple[int, ...]]:
    """Every per-seat result of a Trischaken (§6.7, or §7.2 ``oe2023``) with forehand
    ``decl``: its cases enumerated (who took every trick, who none, who has the most points,
    tied or not, Bürgermeister or not), each scored by the scorer's own tariff."""
    from itertools import combinations
    out: set[tuple[int, ...]] = set()
    subsets = [frozenset(x) for k in range(1, 4) for x in combinations(SEATS, k)]
    if r.trischaken_scoring == "oe2023":
        from .scoring import trischaken_oe2023
        for losers in subsets:
            rest = [s for s in SEATS if s not in losers]
            for mayor in (False, True):
                for k in range(len(rest) + 1):
                    for virgins in combinations(rest, k):
                        th = [(107 if mayor else 90) if s in losers else 10 for s in SEATS]
                        tricks = [0 if s in virgins else 1 for s in SEATS]
                        deltas, _ = trischaken_oe2023(th, tricks, decl, v)
                        out.add(tuple(d * m for d in deltas))
        return out
    out.add((0, 0, 0, 0))
    unit = {w: tuple(x * v * m for x in UNIT[w]) for w in OTHERS}
    for s in SEATS:                      # all tricks, or the most points alone
        amount = 2 if s == decl else 1
        out.add(tuple(x * amount for x in unit[OTHERS[ALONE[s]]]))
    for w in subsets:
        if len(w) <= 2:                  # one or two trickless seats
            out.add(unit[w])
        if len(w) >= 2:                  # two or three tied for the most points
            out.add(unit[OTHERS[w]])
    return out


def reachable(r: KoenigrufenRules, c: Contract, birds: tuple[str, ...],
              bonus_base: dict[str, int], capture_base: int, doubling: int, decl: int,
              partners: Iterable[int | None], scores: list[int]) -> bool:
    """Whether some outcome of ``c`` with declarer ``decl`` (and one of ``partners``) gives
    ``scores`` under ``r``; ``doubling``: the deals still doubled (§6.8)."""
    m = period_multiplier(doubling)
    mb = m
    mc = 1 if r.trischaken_doubling_scope == "bonuses_only" else m
    if c.family == "trischaken":
        return tuple(scores) in trischaken_vectors(r, c.value, decl, mc)
    if c.family == "misere":
        ks = (1, *_LEVELS) if r.kontra_in_score else (1,)
        others = [s for s in SEATS if s != decl]
        if sum(scores) != 0:
            return False
        if r.misere_kontra_individual:   # G39: V·k(s) between the declarer and each opponent
            for sign in (1, -1):
                if all(-scores[s] * sign in {c.value * k * mc for k in ks} for s in others):
                    return True
            return False
        return _fits(scores, ALONE[decl], frozenset({c.value * k * mc for k in ks}
                                                    | {-c.value * k * mc for k in ks}))
    nets = positive_nets(r, c, birds, bonus_base, capture_base, mc, mb)
    concede: set[int] = set()
    if c.id in ("rufer", "besserrufer"):  # §4.4, §6.9, G22
        concede.add(-c.loss * mc)
        if c.id == "besserrufer" and r.besserrufer_concession_pays_bird:
            concede = {-c.loss * mc - 2 * c.solo * bonus_base[b] * mb for b in birds}
    for p in partners:
        D = ALONE[decl] if p is None else frozenset((decl, p))
        if _fits(scores, D, nets) or (p is None and _fits(scores, D, frozenset(concede))):
            return True
    return False


def _fits(scores: list[int], D: frozenset[int], nets: frozenset[int]) -> bool:
    """Whether ``scores`` are one item of some net in ``nets`` won by ``D`` (§6.1)."""
    unit = UNIT[D]
    s0 = min(D)
    if scores[s0] % unit[s0]:
        return False
    net = scores[s0] // unit[s0]
    return net in nets and all(scores[s] == unit[s] * net for s in SEATS)
