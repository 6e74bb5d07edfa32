"""Königrufen facts from the play (engine → ``Facts``) and the outcome block of a score sheet
(docs/notation.md, "Königrufen outcome"): ``Facts`` ↔ JSON, with every check of a written
outcome, and the reachable scores of a sheet without one. ``scoring.score_facts`` scores both.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Iterable

from ...findings import Finding
from .contracts import KING_MASK, T21, T22, TRULL_MASK, Contract, card_points, thirds
from .scoring import (ALONE, CAPTURES, ORDER, OTHERS, SEATS, SIDE_OF, UNIT, Facts, Item,
                      doubling_after, lowest_bird, period_multiplier)

if TYPE_CHECKING:
    from ...tricks import TrickTable
    from .engine import KoenigrufenEngine
    from .rules import KoenigrufenRules


def of_engine(e: "KoenigrufenEngine") -> Facts:
    """The facts of the finished deal ``e`` (§6.11 read from the play)."""
    r = e.rules
    c = e.contract
    m = period_multiplier(e.doubling)
    if e.redeal_seat is not None or c is None:
        return Facts(None, None, None, m, "redeal")
    d_seat = e.declarer
    assert d_seat is not None
    partner = e.partner
    if e.phase == "conceded":                  # §6.9, G22
        items: tuple[Item, ...] = ()
        if c.id == "besserrufer" and r.besserrufer_concession_pays_bird:
            tf = e.tariff
            bird = lowest_bird(e.dealt[d_seat], tf.birds, tf.bonus_base, tf.bird_card)
            items = (Item(bird, True, False, True),)
        return Facts(c, d_seat, partner, m, "concede", items=items)
    t = e.table
    assert t is not None
    tricks = list(t.count)
    if c.family == "trischaken":
        return _trischaken(e, t, m, tricks)
    D = ALONE[d_seat] if partner is None else frozenset((d_seat, partner))
    pile_d, pile_o = piles(e, D)
    thirds_d = thirds(pile_d)
    points = [(thirds_d + 1) // 3, card_points(pile_o)]   # card_points, §1.4
    if c.family == "misere":
        won = tricks[d_seat] == c.tricks_goal
        if e._individual:                      # G39: one chain per opponent
            ind = tuple(Item("contract", True, won, True, e.chains.multiplier(f"seat{s}"), s)
                        for s in SEATS if s != d_seat
                        and e.chains.multiplier(f"seat{s}") > 1)
            return Facts(c, d_seat, partner, m, None, won, tricks, points, None, 1, ind)
        return Facts(c, d_seat, partner, m, None, won, tricks, points, None,
                     e.chains.multiplier("contract"), ())

    # §6.3 (positive contracts): the contract item's kontra, the Valat, the bonuses
    solo_void = c.id == "solorufer" and e.king_in_talon
    void_all = solo_void and r.solorufer_talon_king_kontra_void == "always"
    won_d = 0
    for s in D:
        won_d += tricks[s]
    success = thirds_d >= int(r.win_threshold_thirds)
    # a function of the module bound to this deal, not one defined here: compiled, an inner
    # function ties the engine in a reference cycle with the call's closure
    kk = partial(_kontra_unless_void, e, solo_void, void_all)
    out: list[Item] = []
    f_contract = 1
    announced = e.announced
    valat_happened = False
    if "valat" in announced:
        x_d = announced["valat"][1] == "D"
        X = D if x_d else OTHERS[D]
        made = sum(tricks[s] for s in X) == 12
        out.append(Item("valat", True, made, x_d, kk("valat", not made)))
        valat_happened = True
    elif won_d == 12:
        f_contract = kk("contract", False)
        out.append(Item("valat", False, True, True))
        valat_happened = True
    elif won_d == 0 and r.opponents_valat:
        f_contract = kk("contract", True)
        out.append(Item("valat", False, True, False))
        valat_happened = True
    else:
        f_contract = kk("contract", not success)
    if not (c.no_trump and r.farbensolo_bonuses != "valat_and_four_kings"):
        _bonuses(e, out, D, pile_d, pile_o, kk, valat_happened)
    return Facts(c, d_seat, partner, m, None, success, tricks, points, None, f_contract,
                 tuple(out))


def _trischaken(e: "KoenigrufenEngine", t: "TrickTable", m: int, tricks: list[int]) -> Facts:
    """§6.7 / §7.2: each seat's card points; in thirds where the rule set compares them (G29
    ``trischaken_compare = thirds``; ``trischaken_scoring = oe2023``, the talon in the pile of
    the last trick's winner, [OÖ23 Trischaken 1])."""
    r = e.rules
    c = e.contract
    piles_ = list(t.won)
    th: list[int] | None = None
    if r.trischaken_scoring == "oe2023":
        lower, upper = e.talon
        piles_[t.winner(12)] |= lower | upper
        th = [thirds(p) for p in piles_]
    elif r.trischaken_compare == "thirds":
        th = [thirds(p) for p in piles_]
    points = [card_points(p) for p in piles_]
    return Facts(c, e.declarer, None, m, None, False, tricks, points, th)


def _kontra_unless_void(e: "KoenigrufenEngine", solo_void: bool, void_all: bool, target: str,
                        lost: bool) -> int:
    """The kontra factor of ``target`` (§4.6.2), but 1 where a Solorufer with the king in the
    talon voids the kontras (G23 ``solorufer_talon_king_kontra_void``: always, or on the
    contract and an announced Valat when lost). Kept whether or not kontras count in the score
    (``kontra_in_score``): the money counts them (§7.2)."""
    if void_all or (solo_void and lost and target in ("contract", "valat")):
        return 1
    return e.chains.multiplier(target)


def piles(e: "KoenigrufenEngine", D: frozenset[int]) -> tuple[int, int]:
    """§4.5: cards owned by each side at the end."""
    t = e.table
    c = e.contract
    assert t is not None and c is not None
    pile_d = pile_o = 0
    for s in SEATS:
        if s in D:
            pile_d |= t.won[s]
        else:
            pile_o |= t.won[s]
    lower, upper = e.talon
    if c.talon == "half":
        extra = e.discard_mask | e.untaken
        if e.rules.unused_talon_owner == "opponents":
            pile_d |= e.discard_mask
            pile_o |= e.untaken
        else:
            pile_d |= extra
    elif c.talon == "all":
        pile_d |= e.discard_mask
    elif c.talon_owner == "opponents":
        if c.id == "solorufer" and e.king_in_talon:
            assert e.called_king is not None
            with_king = lower if lower >> e.called_king & 1 else upper
            pile_d |= with_king
            pile_o |= (lower | upper) & ~with_king
        else:
            pile_o |= lower | upper
    return pile_d, pile_o


def _bonuses(e: "KoenigrufenEngine", out: list[Item], D: frozenset[int], pile_d: int,
             pile_o: int, kk: "partial[int]", valat_happened: bool) -> None:
    """§6.4: the bonus and penalty items the play gives, in the scorer's order."""
    r = e.rules
    c = e.contract
    t = e.table
    assert c is not None and t is not None
    side_of = SIDE_OF[D]
    silent_penalty = r.silent_failure_penalty
    silent_ok = not (r.valat_suppresses_silent_bonuses and valat_happened)
    tariff = e.tariff
    bird_card = tariff.bird_card
    king = e.called_king
    tricks = t.tricks
    n_tricks = len(tricks)
    announced = e.announced
    for bonus in tariff.bonus_types[c.no_trump, c.king_call]:
        if announced and bonus in announced:
            x_d = announced[bonus][1] == "D"
            X = D if x_d else OTHERS[D]
            if bonus in bird_card:      # the bird wins its trick: its player is the winner
                card, trick = bird_card[bonus]
                ok = (trick <= n_tricks and t.winning_card(trick) == card
                      and t.winner(trick) in X)
            elif bonus == "king_ultimo":
                ok = (king is not None and n_tricks >= 12 and king in tricks[11][1]
                      and t.winner(12) in X)
            else:
                mask = TRULL_MASK if bonus == "trull" else KING_MASK
                ok = (pile_d if x_d else pile_o) & mask == mask
            out.append(Item(bonus, True, ok, x_d, kk(bonus, not ok)))
            continue
        if not silent_ok:
            continue
        if bonus in bird_card:
            card, trick = bird_card[bonus]
            if trick > n_tricks:
                continue
            _, cards, seats, w = tricks[trick - 1]
            if card in cards:
                p = seats[cards.index(card)]
                if w == p:
                    out.append(Item(bonus, False, True, p in D))
                elif w not in side_of[p] and silent_penalty:
                    out.append(Item(bonus, False, False, p in D))
        elif bonus == "king_ultimo":
            if king is not None and n_tricks >= 12 and king in tricks[11][1]:
                if t.winner(12) in D:
                    out.append(Item(bonus, False, True, True))
                elif silent_penalty:
                    out.append(Item(bonus, False, False, True))
        else:                            # trull, four kings: in one side's pile (§6.4)
            mask = TRULL_MASK if bonus == "trull" else KING_MASK
            if pile_d & mask == mask:
                out.append(Item(bonus, False, True, True))
            if pile_o & mask == mask:
                out.append(Item(bonus, False, True, False))
    if c.no_trump:
        return
    # capture penalties (always silent): the item goes to the capturing side
    if r.xxi_capture:
        found = _trick_of(t, T21)
        if found is not None and T22 in found[0]:     # the XXI and the Sküs in one trick
            cards, seats, _ = found
            p21, p22 = seats[cards.index(T21)], seats[cards.index(T22)]
            if p22 not in side_of[p21]:
                out.append(Item("xxi_capture", False, True, p22 in D))
    if c.king_call and r.king_capture and king is not None:
        found = _trick_of(t, king)
        if found is not None:
            cards, seats, nk = found
            pk = seats[cards.index(king)]
            w = t.winner(nk)
            excluded = nk == 12 and r.king_capture_excludes_ultimo
            if w not in side_of[pk] and not excluded:
                out.append(Item("king_capture", False, True, w in D))


def _trick_of(t: "TrickTable", card: int) -> tuple[list[int], list[int], int] | None:
    """The cards, seats and 1-based number of the trick ``card`` was played to (None: not
    played): ``TrickTable.played``, keeping the trick."""
    for n, (_, cards, seats, _) in enumerate(t.tricks, 1):
        if card in cards:
            return cards, seats, n
    if card in t.cards:
        return t.cards, t.seats, len(t.tricks) + 1
    return None


def next_doubling(e: "KoenigrufenEngine") -> int:
    """§6.8 queue counter after the played deal ``e``."""
    return doubling_after(e.doubling, e.redeal_seat is not None,
                          e.contract.id if e.contract is not None else None, e.rules)


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

    def __init__(self, o: dict[str, Any], rules: "KoenigrufenRules") -> None:
        self.o = o
        self.r = rules
        self.found: list[Finding] = []

    def bad(self, code: str, text: str, where: str = "") -> None:
        self.found.append(Finding(code, text, "/outcome" + where))


def parse(o: dict[str, Any], rules: "KoenigrufenRules", contracts: dict[str, Contract],
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
    else:
        _positive_won(ck, won, points[0], won_d)
        items = _positive_items(ck, c, D, won_d, kontra, birds)
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


def _positive_items(ck: _Checker, c: Contract, D: frozenset[int], won_d: int, kontra: Any,
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
    _valat_items(ck, out, where, won_d)
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
        for it, i in zip(out, where):
            if not it.announced and it.name != "valat":
                bad("OUTCOME-CONFLICT", f"beside a Valat only announced bonuses count under "
                    f"this rule set (G26), not the silent {it.name}", f"/items/{i}")


# -- a score sheet without an outcome: reachable scores -----------------------------------------
_NETS: dict[tuple[object, ...], frozenset[int]] = {}


def _sumset(a: frozenset[int], b: Iterable[int]) -> frozenset[int]:
    return frozenset(x + y for x in a for y in b)


def positive_nets(r: "KoenigrufenRules", c: Contract, birds: tuple[str, ...],
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


def trischaken_vectors(r: "KoenigrufenRules", v: int, decl: int,
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


def reachable(r: "KoenigrufenRules", c: Contract, birds: tuple[str, ...],
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
