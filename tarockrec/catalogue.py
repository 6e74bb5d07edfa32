"""The finding-code catalogue: the shared codes (``codes.SHARED``) and each game's
(``tarockrec/games/<game>/codes.py``, named on its ``Game``), as ``tarockrec codes`` lists them."""
from __future__ import annotations

from .codes import SHARED, Code, rules_link
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


def listed(game: str | None = None) -> list[dict[str, str]]:
    """``tarockrec codes [GAME] --format json``: each code of ``catalogue(game)`` with, where its
    section is a rules section, ``rules``: the heading of ``docs/rules/<game>.md`` it names (a
    shared code's page is ``game``'s, or ``<game>`` when no game is asked for)."""
    owner = {c.code: g.name for g in all_games().values() for c in g.codes}
    out = []
    for c in catalogue(game).values():
        entry = c.as_dict()
        link = rules_link(c.section, owner.get(c.code) or game or "<game>")
        if link is not None:
            entry["rules"] = link
        out.append(entry)
    return out
