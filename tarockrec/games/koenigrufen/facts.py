"""Königrufen facts from the play (engine → ``Facts``) and the outcome block of a score sheet
(docs/notation.md, "Königrufen outcome"): ``Facts`` ↔ JSON, with every check of a written
outcome, and the reachable scores of a sheet without one. ``scoring.score_facts`` scores both.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from .contracts import KING_MASK, T21, T22, TRULL_MASK, card_points, thirds
from .scoring import (ALONE, OTHERS, SEATS, SIDE_OF, Facts, Item, doubling_after, lowest_bird,
                      period_multiplier)

if TYPE_CHECKING:
    from ...tricks import TrickTable
    from .engine import KoenigrufenEngine


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
            t = e.tariff
            bird = lowest_bird(e.dealt[d_seat], t.birds, t.bonus_base, t.bird_card)
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
