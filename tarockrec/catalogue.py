"""The finding-code catalogue: the shared codes (``codes.SHARED``) and each game's
(``tarockrec/games/<game>/codes.py``, named on its ``Game``), as ``tarockrec codes`` lists them."""
from __future__ import annotations

from .codes import SHARED, Code
from .games import all_games


def catalogue(game: str | None = None) -> dict[str, Code]:
    """Every code (shared first, then each game's) or, for ``game``, the shared codes and that
    game's; raises ``KeyError`` for an unknown game name."""
    games = all_games()
    chosen = [games[game]] if game is not None else list(games.values())
    out = {c.code: c for c in SHARED}
    for g in chosen:
        for c in g.codes:
            out[c.code] = c
    return out
