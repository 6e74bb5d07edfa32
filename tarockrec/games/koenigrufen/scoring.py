"""Königrufen scoring (rules/koenigrufen.md §6): items, kontra, solo doubling, periods."""
from __future__ import annotations

from functools import partial
from typing import Callable, TYPE_CHECKING

from ...scoring import Score, ScoreItem, spread
from .contracts import CONTRACTS, KING_MASK, T21, T22, TRULL_MASK, card_points, thirds

if TYPE_CHECKING:
    from ...tricks import TrickTable
    from .engine import KoenigrufenEngine
    from .rules import KoenigrufenRules

SEATS = (0, 1, 2, 3)
#: each set of seats -> the other seats
OTHERS = {w: frozenset(SEATS) - w for w in (frozenset(s for s in SEATS if bits >> s & 1)
                                             for bits in range(16))}
#: each set of seats D -> each seat's side (D or the others)
SIDE_OF = {w: tuple(w if s in w else OTHERS[w] for s in SEATS) for w in OTHERS}
#: ``spread(winners, SEATS, 1, 4)`` for every set of winners: an item of ``x`` pays ``x`` times
#: these (exact: each winner–loser pairing pays along the larger side, §6.1)
UNIT: dict[frozenset[int], tuple[int, ...]] = {
    w: spread(w, SEATS, 1, 4)
    for w in (frozenset(s for s in SEATS if bits >> s & 1) for bits in range(16))}


class _Items:
    """Collects items; ``add`` takes the amount before the period multiplier."""

    def __init__(self, m: int, bonus_only_period: bool) -> None:
        self.m = m
        self.bonus_only = bonus_only_period
        self.items: list[ScoreItem] = []

    def add(self, name: str, amount: int, winners: frozenset[int], note: str = "",
            bonus: bool = False, kontra: int = 1) -> None:
        if amount == 0:
            return
        if kontra > 1:
            note += f" ({_KONTRA_NAMES[kontra]} ×{kontra})"
        m = self.m if (bonus or not self.bonus_only) else 1
        x = amount * m
        a, b, c, d = UNIT[winners]
        self.items.append(ScoreItem(name, amount, m, (a * x, b * x, c * x, d * x), note))


_KONTRA_NAMES = {2: "kontra", 4: "rekontra", 8: "subkontra"}


def period_multiplier(doubling_pending: int) -> int:
    """§6.8: 2 while a Trischaken doubling period runs."""
    return 2 if doubling_pending > 0 else 1


def score_deal(e: "KoenigrufenEngine") -> Score:
    r = e.rules
    c = e.contract
    m = period_multiplier(e.doubling)
    out = _Items(m, r.trischaken_doubling_scope == "bonuses_only")
    facts: dict[str, object] = {"multiplier": m}
    if e.redeal_seat is not None or c is None:
        return Score([], [0] * 4, {"declarer": None, "multiplier": m})
    d_seat = e.declarer
    assert d_seat is not None
    facts["declarer"] = d_seat
    facts["contract"] = c.id
    D = e.side_d if c.family != "trischaken" else frozenset((d_seat,))
    O = OTHERS[D]
    if c.king_call:
        facts["partner"] = e.partner
    # §6.9 concession
    if e.phase == "conceded":
        out.add("concession", c.loss, O, "contract lost by concession")
        if c.id == "besserrufer" and r.besserrufer_concession_pays_bird:
            bird = concession_bird(e)
            out.add(bird, 2 * c.solo * e.tariff.bonus_base[bird], O,
                    f"the {bird} lost with the concession (schleifen)", bonus=True)
        return _finish(out, facts)
    t = e.table
    assert t is not None
    facts["tricks"] = list(t.count)
    kontra = r.kontra_in_score

    if c.family == "trischaken":
        TRISCHAKEN_SCORING[str(r.trischaken_scoring)](e, out, facts)
        return _finish(out, facts)

    pile_d, pile_o = _piles(e, D)
    thirds_d = thirds(pile_d)
    facts["points"] = [(thirds_d + 1) // 3, card_points(pile_o)]   # card_points, §1.4
    if c.family == "misere":
        won = t.count[d_seat]
        ok = won == c.tricks_goal
        if e._individual:
            _misere_individual(e, out, d_seat, ok, won, kontra)
            return _finish(out, facts)
        f = _kontra(e, kontra, "contract")
        out.add("contract", c.value * f, D if ok else O,
                f"{c.id} {'won' if ok else 'lost'} ({won} trick{'s' * (won != 1)})", kontra=f)
        return _finish(out, facts)

    # §6.3 contract item (positive contracts)
    solo_void = (c.id == "solorufer" and e.king_in_talon)
    count = t.count
    won_d = 0
    for s in D:
        won_d += count[s]
    success = thirds_d >= int(r.win_threshold_thirds)
    void_all = solo_void and r.solorufer_talon_king_kontra_void == "always"
    # a function of the module bound to this deal, not one defined here: compiled, an inner
    # function ties the engine in a reference cycle with the call's closure
    kk = partial(_kontra_unless_void, e, kontra, solo_void, void_all)

    if "valat" in e.announced:
        x_side = e.announced["valat"][1]
        X = D if x_side == "D" else O
        made = sum(t.count[s] for s in X) == 12
        # G24: the loss value when the declarer's side loses the Valat (its own announced Valat
        # failed, or the opponents' made) under valat_loss_base = loss_value
        d_loses = (X == D) != made
        base = c.loss if d_loses and r.valat_loss_base == "loss_value" else c.value
        f = kk("valat", not made)
        out.add("valat", 8 * base * f, X if made else (O if X == D else D),
                f"announced valat {'made' if made else 'lost'}", kontra=f)
    elif won_d == 12:
        f = kk("contract", False)
        out.add("valat", 4 * c.value * f, D, "silent valat", kontra=f)
    elif won_d == 0 and r.opponents_valat:
        f = kk("contract", True)
        base = c.loss if r.valat_loss_base == "loss_value" else c.value
        out.add("valat", 4 * base * f, O, "silent valat by the opponents", kontra=f)
    elif success:
        f = kk("contract", False)
        out.add("contract", c.value * f, D,
                f"{c.id} won with {facts['points'][0]} card points", kontra=f)  # type: ignore[index]
    else:
        f = kk("contract", True)
        out.add("contract", c.loss * f, O,
                f"{c.id} lost with {facts['points'][0]} card points", kontra=f)  # type: ignore[index]

    if c.no_trump and r.farbensolo_bonuses != "valat_and_four_kings":
        return _finish(out, facts)
    _bonuses(e, out, D, O, pile_d, pile_o, kk, won_d)
    return _finish(out, facts)


def _kontra(e: "KoenigrufenEngine", kontra: bool, target: str) -> int:
    """The kontra factor of ``target`` (§4.6.2), when kontras are scored."""
    return e.chains.multiplier(target) if kontra else 1


def _kontra_unless_void(e: "KoenigrufenEngine", kontra: bool, solo_void: bool, void_all: bool,
                        target: str, lost: bool) -> int:
    """``_kontra``, but 1 where a Solorufer with the king in the talon voids the kontras
    (G23 ``solorufer_talon_king_kontra_void``: always, or on the contract and an announced
    Valat when lost)."""
    if void_all or (solo_void and lost and target in ("contract", "valat")):
        return 1
    return _kontra(e, kontra, target)


def concession_bird(e: "KoenigrufenEngine") -> str:
    """G22 ``besserrufer_concession_pays_bird`` (§7.2, [OÖ23 Allg. 7]: 'schleifen' loses the
    game and the announcement): the bird the conceding Besserrufer pays, at its announced value.
    The concession comes before his announcement and the record names no bird, so (decision,
    the summary's open point R-2) it is the lowest-valued bird he held before the talon — the
    least he could have been bound to announce; holding none, the lowest bird of the tariff."""
    assert e.declarer is not None
    hand = e.dealt[e.declarer]
    t = e.tariff
    by_value = sorted(t.birds, key=lambda b: t.bonus_base[b])
    for bird in by_value:
        if hand >> t.bird_card[bird][0] & 1:
            return bird
    return by_value[0]


def _misere_individual(e: "KoenigrufenEngine", out: _Items, d_seat: int, ok: bool, won: int,
                       kontra: bool) -> None:
    """G39 ``misere_kontra_individual``: one item per opponent, settled between the declarer and
    that opponent alone: V · k(seat n) (its own chain, when kontras are scored). Without any
    kontra the three items add up to the seed's single item (declarer ±3V, each opponent ∓V)."""
    c = e.contract
    assert c is not None
    for s in SEATS:
        if s == d_seat:
            continue
        f = e.chains.multiplier(f"seat{s}") if kontra else 1
        amount = c.value * f
        if f > 1:
            note = f" ({_KONTRA_NAMES[f]} ×{f})"
        else:
            note = ""
        m = out.m if not out.bonus_only else 1
        sign = 1 if ok else -1
        deltas = [0, 0, 0, 0]
        deltas[d_seat] = sign * amount * m
        deltas[s] = -sign * amount * m
        out.items.append(ScoreItem(
            "contract", amount, m, tuple(deltas),
            f"{c.id} {'won' if ok else 'lost'} ({won} trick{'s' * (won != 1)}) against seat "
            f"{s}{note}"))


def _finish(out: _Items, facts: dict[str, object]) -> Score:
    a = b = c = d = 0
    for item in out.items:
        w, x, y, z = item.deltas
        a += w
        b += x
        c += y
        d += z
    return Score(out.items, [a, b, c, d], facts)


def _piles(e: "KoenigrufenEngine", D: frozenset[int]) -> tuple[int, int]:
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


def _bonuses(e: "KoenigrufenEngine", out: _Items, D: frozenset[int], O: frozenset[int],
             pile_d: int, pile_o: int, kk: Callable[[str, bool], int], won_d: int) -> None:
    """§6.4 bonus and penalty items."""
    r = e.rules
    c = e.contract
    t = e.table
    assert c is not None and t is not None
    solo = c.solo
    side_of = SIDE_OF[D]
    other = OTHERS
    silent_penalty = r.silent_failure_penalty
    valat_happened = ("valat" in e.announced or won_d == 12
                      or (won_d == 0 and r.opponents_valat))
    silent_ok = not (r.valat_suppresses_silent_bonuses and valat_happened)
    tariff = e.tariff
    base = tariff.bonus_base
    bird_card = tariff.bird_card
    types = tariff.bonus_types[c.no_trump, c.king_call]
    king = e.called_king
    tricks = t.tricks
    n_tricks = len(tricks)
    announced = e.announced
    for bonus in types:
        b = base[bonus]
        if announced and bonus in announced:
            X = D if announced[bonus][1] == "D" else O
            if bonus in bird_card:      # the bird wins its trick: its player is the winner
                card, trick = bird_card[bonus]
                ok = (trick <= n_tricks and t.winning_card(trick) == card
                      and t.winner(trick) in X)
            elif bonus == "king_ultimo":
                ok = (king is not None and n_tricks >= 12 and king in tricks[11][1]
                      and t.winner(12) in X)
            else:
                mask = TRULL_MASK if bonus == "trull" else KING_MASK
                ok = (pile_d if X == D else pile_o) & mask == mask
            f = kk(bonus, not ok)
            out.add(bonus, 2 * solo * b * f, X if ok else other[X],
                    f"announced {bonus} {'made' if ok else 'lost'}", bonus=True, kontra=f)
            continue
        if not silent_ok:
            continue
        amount = solo * b
        if bonus in bird_card:
            card, trick = bird_card[bonus]
            if trick > n_tricks:
                continue
            _, cards, seats, w = tricks[trick - 1]
            if card in cards:
                p = seats[cards.index(card)]
                if w == p:
                    out.add(bonus, amount, side_of[p], f"silent {bonus}", bonus=True)
                elif w not in side_of[p] and silent_penalty:
                    out.add(bonus, amount, other[side_of[p]], f"silent {bonus} lost", bonus=True)
        elif bonus == "king_ultimo":
            if king is not None and n_tricks >= 12 and king in tricks[11][1]:
                if t.winner(12) in D:
                    out.add(bonus, amount, D, "silent king ultimo", bonus=True)
                elif silent_penalty:
                    out.add(bonus, amount, O, "silent king ultimo lost", bonus=True)
        else:                            # trull, four kings: in one side's pile (§6.4)
            mask = TRULL_MASK if bonus == "trull" else KING_MASK
            if pile_d & mask == mask:
                out.add(bonus, amount, D, f"silent {bonus}", bonus=True)
            if pile_o & mask == mask:
                out.add(bonus, amount, O, f"silent {bonus}", bonus=True)
    if c.no_trump:
        return
    # capture penalties (always silent)
    if r.xxi_capture:
        found = _trick_of(t, T21)
        if found is not None and T22 in found[0]:     # the XXI and the Sküs in one trick
            cards, seats, _ = found
            p21, p22 = seats[cards.index(T21)], seats[cards.index(T22)]
            if p22 not in side_of[p21]:
                out.add("xxi_capture", solo * tariff.capture_base, side_of[p22],
                        f"XXI captured by seat {p22}", bonus=True)
    if c.king_call and r.king_capture and king is not None:
        found = _trick_of(t, king)
        if found is not None:
            cards, seats, nk = found
            pk = seats[cards.index(king)]
            w = t.winner(nk)
            excluded = nk == 12 and r.king_capture_excludes_ultimo
            if w not in side_of[pk] and not excluded:
                out.add("king_capture", solo * tariff.capture_base, side_of[w],
                        f"called king captured by seat {w}", bonus=True)


def _trick_of(t: "TrickTable", card: int) -> tuple[list[int], list[int], int] | None:
    """The cards, seats and 1-based number of the trick ``card`` was played to (None: not
    played): ``TrickTable.played``, keeping the trick."""
    for n, (_, cards, seats, _) in enumerate(t.tricks, 1):
        if card in cards:
            return cards, seats, n
    if card in t.cards:
        return t.cards, t.seats, len(t.tricks) + 1
    return None


def _trischaken(e: "KoenigrufenEngine", out: _Items, facts: dict[str, object]) -> None:
    """§6.7, seed scoring. The amounts are the contract's value V (10 in seed units) and 2V for
    the declarer; under ``contract_values = tarockcup`` (Trischaken 1, §7.2) the same tariff in
    cup units, 1 and 2 (decision: the cup's page gives only the value)."""
    t = e.table
    assert t is not None and e.declarer is not None and e.contract is not None
    decl = e.declarer
    v = e.contract.value
    pts = [card_points(t.won[s]) for s in SEATS]
    facts["points"] = pts
    key = pts if e.rules.trischaken_compare == "points" else [thirds(t.won[s]) for s in SEATS]
    tricks = t.count
    everyone = frozenset(SEATS)
    if 12 in tricks:
        s = tricks.index(12)
        out.add("trischaken", 2 * v if s == decl else v, everyone - {s},
                f"seat {s} took all tricks")
        return
    trickless = frozenset(s for s in SEATS if tricks[s] == 0)
    if trickless:
        out.add("trischaken", v, trickless, "trickless player(s)")
        return
    top = max(key)
    losers = frozenset(s for s in SEATS if key[s] == top)
    if len(losers) == 4:
        return
    if len(losers) == 1:
        (s,) = losers
        out.add("trischaken", 2 * v if s == decl else v, everyone - losers,
                f"seat {s} has the most card points")
    else:
        out.add("trischaken", v, everyone - losers, "tie for the most card points")


def trischaken_oe2023(thirds_: list[int], tricks: list[int], forehand: int,
                      v: int) -> tuple[list[int], str]:
    """§7.2 ``trischaken_scoring = oe2023`` ([OÖ23 Trischaken 2-3], read through the
    harbour-tarock summary): per-seat deltas (in units of the contract value ``v``, 1 under
    the Tarockcup tariff) from each seat's card points in exact thirds (the talon already in the
    pile of the last trick's winner) and trick counts.

    * the loser has the most points; his base ``b`` is 1, 2 with "the game" (>= 107 thirds,
      35 2/3, the Bürgermeister); he pays ``b`` to each other seat (3b in all);
    * forehand (the Trischaker) among the most points loses alone and pays double: b = 2, 4 as
      Bürgermeister;
    * a trickless seat (Jungfrau) collects the whole payout; two Jungfrauen share it; one loser
      with b = 1 and two Jungfrauen pays 4 (2 each), the rule's own example;
    * two tied (forehand not among them) pay 2 each: the other two collect 4 (a single Jungfrau
      among them all 4, else 2 each); three tied pay 1 each to the fourth ([ÖF21 Trischaken]).

    Decision (the summary leaves it open): every other payout that Jungfrauen share divides
    evenly (3b with b = 2 or 4 among two: 3 or 6 each; 3b among three only when one seat took
    every trick: b >= 2, so 2 or 4 each); four tied is impossible (210 thirds)."""
    seats = range(4)
    out = [0] * 4
    top = max(thirds_)
    losers = [s for s in seats if thirds_[s] == top]
    virgins = [s for s in seats if tricks[s] == 0]
    if forehand in losers or len(losers) == 1:
        loser = forehand if forehand in losers else losers[0]
        mayor = thirds_[loser] >= 107
        b = (2 if mayor else 1) * (2 if loser == forehand else 1)
        total = 3 * b
        if virgins and len(virgins) == 2 and b == 1:
            total = 4
        takers = virgins or [s for s in seats if s != loser]
        out[loser] = -total * v
        for s in takers:
            out[s] += total // len(takers) * v
        who = "forehand" if loser == forehand else f"seat {loser}"
        note = (f"{who} has the most card points ({top // 3} {top % 3}/3)"
                + (" with the game (Bürgermeister)" if mayor else "")
                + (f", paid to the trickless seat(s) {virgins}" if virgins else ""))
        return out, note
    others = [s for s in seats if s not in losers]
    for s in losers:
        out[s] = -(4 // len(losers) if len(losers) == 2 else 1) * v
    paid = -sum(out)
    takers = [s for s in others if tricks[s] == 0]
    takers = takers if len(takers) == 1 else others
    for s in takers:
        out[s] = paid // len(takers)
    return out, f"seats {losers} tied for the most card points"


def _trischaken_oe2023(e: "KoenigrufenEngine", out: _Items, facts: dict[str, object]) -> None:
    """§7.2 ``trischaken_scoring = oe2023``: the talon to the winner of the last trick
    ([OÖ23 Trischaken 1]), points compared in exact thirds, the tariff of
    ``trischaken_oe2023``; one item settling every seat."""
    t = e.table
    assert t is not None and e.contract is not None
    lower, upper = e.talon
    piles = [t.won[s] for s in SEATS]
    piles[t.winner(12)] |= lower | upper
    th = [thirds(p) for p in piles]
    facts["points"] = [card_points(p) for p in piles]
    deltas, note = trischaken_oe2023(th, list(t.count), e.forehand, e.contract.value)
    m = out.m if not out.bonus_only else 1
    out.items.append(ScoreItem("trischaken", e.contract.value, m,
                               tuple(d * m for d in deltas), note))


#: ``trischaken_scoring`` -> the scorer (rule-set data: one look-up per deal)
TRISCHAKEN_SCORING: dict[str, Callable[["KoenigrufenEngine", _Items, dict[str, object]], None]] = {
    "seed": _trischaken, "oe2023": _trischaken_oe2023}


def next_doubling(e: "KoenigrufenEngine") -> int:
    """§6.8 queue counter after the played deal ``e``."""
    return doubling_after(e.doubling, e.redeal_seat is not None,
                          e.contract.id if e.contract is not None else None, e.rules)


def doubling_after(pending: int, redealt: bool, contract: str | None,
                   rules: "KoenigrufenRules") -> int:
    """§6.8 (the one statement of the carried state, for played deals and score sheets): a
    redeal is not a deal; every deal uses one doubled deal; Trischaken adds its period."""
    if redealt:
        return pending
    pending = max(0, pending - 1)
    if contract == "trischaken":
        pending += int(rules.trischaken_doubling_deals)
    return pending


__all__ = ["score_deal", "next_doubling", "doubling_after", "CONTRACTS"]
