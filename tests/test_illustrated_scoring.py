"""Illustrated Tarokk: §6.10 oracle table (game + double game + volát) and the §6.9 periods."""
from __future__ import annotations

import pytest

from tarockrec.games.illustrated.scoring import game_items

# columns of §6.10: (P_D, tricks of the declarer team)
COLUMNS = {"no trick": (0, 0), "<=23": (20, 2), "24-47": (40, 4), "48-70": (60, 6),
           ">=71": (80, 8), "all 9 tricks": (94, 9)}
# rows of §6.10: announcements (team, item) -> kontra level, and the expected cells (units of g)
TABLE = [
    ("none", {}, [-3, -2, -1, +1, +2, +3]),
    ("declarers: double game", {("D", "double_game"): 0}, [-7, -6, -5, -4, +4, +7]),
    ("declarers: volat", {("D", "volat"): 0}, [-9, -8, -7, -6, -6, +6]),
    ("declarers: double game + volat", {("D", "double_game"): 0, ("D", "volat"): 0},
     [-13, -12, -11, -10, -2, +10]),
    ("game kontra'd", {("D", "game"): 1}, [-5, -4, -2, +2, +4, +5]),
    ("game kontra'd; defenders announced double game", {("D", "game"): 1, ("O", "double_game"): 0},
     [-9, -6, +2, +6, +8, +9]),
    ("declarers: double game, kontra'd", {("D", "double_game"): 1}, [-11, -10, -9, -8, +8, +11]),
    ("declarers: double game kontra'd, and game kontra'd",
     {("D", "double_game"): 1, ("D", "game"): 1}, [-13, -12, -10, -6, +10, +13]),
]


@pytest.mark.parametrize("g", [1, 2, 3, 4])
@pytest.mark.parametrize("row,announced,cells", TABLE, ids=[r[0] for r in TABLE])
def test_oracle_table(row: str, announced: dict, cells: list[int], g: int) -> None:
    items = {("D", "game"): 0, **announced}
    got = []
    for p_d, tricks in COLUMNS.values():
        v = sum(a if team == "D" else -a for team, a, _, _ in game_items(g, p_d, tricks, items))
        got.append(v)
    assert got == [c * g for c in cells]


def test_periods_stack_and_run_out() -> None:
    from tarockrec import games
    from tarockrec.games.illustrated.engine import IllustratedEngine
    game = games.get("illustrated")
    assert game is not None
    rules = game.Rules()

    class Fake:
        def __init__(self, redeal: bool, periods: tuple[int, ...], n: int = 5) -> None:
            self.redeal, self.periods, self.n, self.rules = redeal, periods, n, rules

    from tarockrec.games.illustrated.scoring import next_periods
    p: tuple[int, ...] = ()
    p = next_periods(Fake(True, p))            # all pass: a period of 5 scored deals
    assert p == (5,)
    p = next_periods(Fake(False, p))
    p = next_periods(Fake(True, p))            # second pass-out inside it: overlap (×4)
    assert p == (4, 5)
    assert 1 << len(p) == 4
    for _ in range(4):
        p = next_periods(Fake(False, p))
    assert p == (1,)
    p = next_periods(Fake(False, p))
    assert p == ()
    assert IllustratedEngine  # imported for the type only
