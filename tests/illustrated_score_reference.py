"""A frozen copy of Illustrated Tarokk's scoring as it stood before the speed work of issue 10
(tarockrec/games/illustrated/scoring.py at commit ea575c9, ``score_deal`` and ``game_items``
only, ``card_points`` counted card by card): the oracle tests/test_illustrated_fast_paths.py
holds the shipped scoring to. Not to be edited except to follow a change of the rules."""
from __future__ import annotations

from typing import Any

from tarockrec.games.illustrated.contracts import (
    ANNOUNCED_VALUE, HONOUR_MASK, KING_MASK, POINTS, SILENT_ULTIMOS, T21, T22, binding,
    bonus_kind,
)
from tarockrec.scoring import Score, ScoreItem, spread


def card_points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total

class _Sheet:
    """Items from the declarer team's point of view; per-seat deltas via ``spread``."""

    def __init__(self, e: Any, m: int) -> None:
        self.e = e
        self.m = m
        self.items: list[ScoreItem] = []
        self.v = 0

    def add(self, team: str, amount: int, name: str, note: str = "") -> None:
        """``amount`` to ``team`` ("D" or "O")."""
        if amount == 0:
            return
        e = self.e
        self.v += amount if team == "D" else -amount
        winners = e.members(team)
        deltas = spread(winners, e.active, amount * self.m, e.n)
        self.items.append(ScoreItem(name, amount if team == "D" else -amount, self.m, deltas, note))

    def hand(self, name: str, winners: frozenset[int], seats: tuple[int, ...], v: int,
             note: str) -> None:
        deltas = spread(winners, seats, v * self.m, self.e.n)
        self.items.append(ScoreItem(name, v, self.m, deltas, note))

    def deltas(self) -> list[int]:
        out = [0] * self.e.n
        for it in self.items:
            for s, d in enumerate(it.deltas):
                out[s] += d
        return out


def score_deal(e: Any) -> Score:
    m = e.multiplier
    facts: dict[str, Any] = {"declarer": e.declarer}
    if e.contract is not None:
        facts["contract"] = e.contract
    if e.redeal:
        return Score([], [0] * e.n, {"declarer": e.declarer, "multiplier": m}
                     | ({"contract": e.contract} if e.contract else {}))
    facts["multiplier"] = m
    sheet = _Sheet(e, m)
    if e.phase == "honourless_failed":        # §3.6, §6.8
        assert e.declarer is not None
        g = 3 if e.rules.honourless_fourth_failure == "pays_one_value" else {
            "three": 1, "two": 2, "one": 3, "solo": 4}[e.contract]  # type: ignore[index]
        facts["partner"] = None
        sheet.add("O", g, "game", "the honourless fourth drew no honour: lost, played alone")
        return Score(sheet.items, sheet.deltas(), facts)
    facts["partner"] = e.partner
    t = e.table
    assert t is not None and e.declarer is not None
    D, O = e.team_d, e.team_o
    won_d = 0
    won_o = 0
    for s in D:
        won_d |= t.won[s]
    for s in O:
        won_o |= t.won[s]
    disc_d = e.discard_mask[e.declarer]
    disc_o = 0
    for s in e.active:
        if s != e.declarer:
            if e.partner is None and (e.rules.lone_declarer_takes_all_discards or (
                    e.rules.unintentional_lone_takes_all_discards
                    and e.discarder_of_called is not None)):
                disc_d |= e.discard_mask[s]
            else:
                disc_o |= e.discard_mask[s]
    p_d = card_points(won_d | disc_d)
    p_o = card_points(won_o | disc_o)
    facts["points"] = [p_d, p_o]
    facts["tricks"] = list(t.count)
    tricks_d = sum(t.count[s] for s in D)
    team_pile = {"D": won_d, "O": won_o}
    g = e.g
    items = e.items

    def announced(team: str, bonus: str) -> bool:
        return (team, bonus) in items

    def volat(team: str) -> bool:
        return (tricks_d if team == "D" else 9 - tricks_d) == 9

    # §6.3 game, double game, volát
    for team, amount, name, note in game_items(g, p_d, tricks_d, items):
        sheet.add(team, amount, name, note)

    # §6.4 other bonuses
    r = e.rules
    played = t.played_by

    def team_of(seat: int) -> str:
        return "D" if seat in D else "O"

    def wins_with(card: int, trick: int, team: str) -> bool:
        return (len(t.tricks) >= trick and t.winning_card(trick) == card
                and team_of(played[card][0]) == team)

    def catch() -> str | None:
        """The team whose T22 took an opponent's T21 in the same trick, if any."""
        if T21 in played and T22 in played and played[T21][1] == played[T22][1]:
            a, b = team_of(played[T22][0]), team_of(played[T21][0])
            if a != b:
                return a
        return None

    def achieved(team: str, bonus: str) -> bool:
        kind = bonus_kind(bonus)
        pile = team_pile[team]
        if kind == "trull":
            return pile & HONOUR_MASK == HONOUR_MASK
        if kind == "four_kings":
            return pile & KING_MASK == KING_MASK
        if kind == "xxi_catch":
            return catch() == team
        if kind in ("centrum", "kismadar", "nagymadar"):
            card, target, _ = binding(bonus)  # type: ignore[misc]
            return (all(team_of(t.winner(i)) == team for i in range(1, target + 1))
                    and t.winning_card(target) == card)
        card, target, _ = binding(bonus)  # type: ignore[misc]
        return card in played and played[card][1] == target and wins_with(card, target, team)

    values = dict(ANNOUNCED_VALUE)
    values["pagat_uhu"] = int(r.pagat_uhu_value)
    values["sas_uhu"] = int(r.pagat_uhu_value)     # Kupa 1§ items 14 and 16: both 15
    values["xxi_catch"] = 2 * int(r.xxi_catch_values)
    for (team, bonus), lvl in sorted(items.items()):
        if bonus in ("game", "double_game", "volat"):
            continue
        ok = achieved(team, bonus)
        amount = values[bonus_kind(bonus)] * (1 << lvl)
        sheet.add(team if ok else e.other(team), amount, bonus,
                  f"announced {bonus} {'made' if ok else 'failed'}"
                  + (f" ×{1 << lvl}" if lvl else ""))
    for bonus in ("trull", "four_kings"):
        for team in ("D", "O"):
            if (achieved(team, bonus) and not announced(team, bonus) and not volat(team)
                    and (r.silent_bonus_after_announced_volat or not announced(team, "volat"))):
                sheet.add(team, 1, bonus, f"silent {bonus}")
    c = catch()
    if c is not None and not announced(c, "xxi_catch"):
        sheet.add(c, int(r.xxi_catch_values), "xxi_catch", "silent XXI-catch")
    # silent pagát ultimó; silent sas ultimó the same way (G45; Kupa 1§ item 12: silent 5)
    for card, ultimo, uhu in SILENT_ULTIMOS[:2 if r.sas_bonuses else 1]:
        if card not in played or played[card][1] != 9:
            continue
        s_team = team_of(played[card][0])
        blocked = announced(s_team, ultimo)
        if not r.silent_ultimo_after_failed_uhu and (
                (s_team, uhu) in e.ever or (s_team, ultimo) in e.superseded):
            blocked = True
        if not blocked:
            ok = t.winning_card(9) == card
            name = "pagát" if ultimo == "pagat_ultimo" else "sas"
            sheet.add(s_team if ok else e.other(s_team), 5, ultimo,
                      f"silent {name} ultimó {'made' if ok else 'lost'}")

    # §4.12 hand bonuses
    for seat, claim in sorted(e.hand_declared.items()):
        v = 1 if claim == "eight_tarokk" else 2
        sheet.hand(claim, frozenset((seat,)), e.active, v, f"seat {seat} declared {claim}")
    for seat, claim in e.late_claims:
        v = 1 if claim == "eight_tarokk" else 2
        mates = e.members(team_of(seat))
        if len(mates) > 1:
            sheet.hand(claim, frozenset((seat,)), tuple(sorted(mates)), v,
                       f"seat {seat} claims {claim} late, paid by his teammates")
    return Score(sheet.items, sheet.deltas(), facts)


def game_items(g: int, p_d: int, tricks_d: int, items: dict[tuple[str, str], int]
               ) -> list[tuple[str, int, str, str]]:
    """§6.3 as a pure function: (team, amount, item, note) for the game, double game and
    volát, given the game value, the declarer team's card points and tricks, and the active
    announcements ``(team, item) -> kontra level`` (``("D", "game")`` is the game's level)."""
    out: list[tuple[str, int, str, str]] = []
    W = "D" if p_d >= 48 else "O"
    L = "O" if W == "D" else "D"
    pts = {"D": p_d, "O": 94 - p_d}

    def add(team: str, amount: int, name: str, note: str) -> None:
        out.append((team, amount, name, note))

    def ann(team: str, bonus: str) -> bool:
        return (team, bonus) in items

    def k(team: str, bonus: str) -> int:
        return 1 << items.get((team, bonus), 0)

    def dg(team: str) -> bool:
        return pts[team] >= 71

    def volat(team: str) -> bool:
        return (tricks_d if team == "D" else 9 - tricks_d) == 9

    kG = items.get(("D", "game"), 0)
    game_scored = False
    w_dg, w_vol = ann(W, "double_game"), ann(W, "volat")
    if not w_dg and not w_vol:
        if volat(W):
            add(W, 3 * g, "volat", "silent volát (instead of the game)")
        elif dg(W):
            add(W, 2 * g, "double_game", "silent double game (instead of the game)")
        else:
            add(W, g * (1 << kG), "game", "game" + (f" ×{1 << kG}" if kG else ""))
            game_scored = True
    else:
        if w_dg:
            ok = dg(W)
            add(W if ok else L, 4 * g * k(W, "double_game"), "double_game",
                f"announced double game {'made' if ok else 'failed'}")
        if w_vol:
            ok = volat(W)
            add(W if ok else L, 6 * g * k(W, "volat"), "volat",
                f"announced volát {'made' if ok else 'failed'}")
        if w_dg and not w_vol and volat(W):
            add(W, 3 * g, "volat", "silent volát on top of the announced double game")
    if ann(L, "double_game"):
        add(W, 4 * g * k(L, "double_game"), "double_game", "announced double game failed")
    if ann(L, "volat"):
        add(W, 6 * g * k(L, "volat"), "volat", "announced volát failed")
    if kG > 0 and not game_scored:
        add(W, g * (1 << kG), "game", f"kontra'd game ×{1 << kG}")
    return out


