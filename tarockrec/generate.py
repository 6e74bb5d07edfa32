"""Random legal deals, played through the engine's own legal actions."""
from __future__ import annotations

import random
from typing import Any, Iterator, Mapping

from . import games
from .engine import Engine
from .rules import RuleSet


def play_out(game: games.Game[Any], rng: random.Random, n: int, dealer: int, rules: RuleSet,
             carry: dict[str, Any]) -> Engine:
    engine: Engine = game.random_deal(rng, n, dealer, rules, carry)
    while not engine.is_over:
        engine.apply(game.choose(engine, rng))
    return engine


def deal_record(game: games.Game[Any], rng: random.Random, dealer: int, rules: RuleSet | None = None,
                n: int | None = None, players: list[str] | None = None,
                carry: dict[str, Any] | None = None) -> dict[str, Any]:
    """One complete deal record with its recomputed ``result``."""
    n = n or game.table_sizes[0]
    rules = rules or game.Rules()
    carry = carry if carry is not None else game.initial_carry(rules, n)
    engine = play_out(game, rng, n, dealer, rules, carry)
    return record_of(game, engine, rules, n, dealer, carry, players)


def record_of(game: games.Game[Any], engine: Any, rules: RuleSet, n: int, dealer: int,
              carry: dict[str, Any], players: list[str] | None = None) -> dict[str, Any]:
    """The standalone record of a finished deal (its carried state written in ``carry``)."""
    rec: dict[str, Any] = {"tarockrec": 1, "game": game.name}
    if rules.overrides or rules.name != "default":
        rec["rules"] = {"name": rules.name, "options": dict(rules.overrides)}
    rec["players"] = players or [f"Player {i + 1}" for i in range(n)]
    rec["dealer"] = dealer
    if any(carry.values()):
        rec["carry"] = dict(carry)
    rec.update(game.record_of(engine))
    rec["result"] = engine.score().result()
    return rec


def deal_records(game_name: str, count: int, seed: int, n: int | None = None,
                 rules: RuleSet | None = None) -> Iterator[dict[str, Any]]:
    """``count`` standalone deals, each from a fresh carried state."""
    game = _game(game_name)
    rng = random.Random(seed)
    n = n or game.table_sizes[0]
    for i in range(count):
        yield deal_record(game, rng, dealer=i % n, n=n, rules=rules)


_ENVELOPE = ("tarockrec", "game", "rules", "players")


def session_records(game_name: str, sessions: int, deals: int, seed: int, n: int | None = None,
                    rules: RuleSet | None = None, dealt_on: bool = False,
                    deal_afresh: bool = False) -> Iterator[dict[str, Any]]:
    """``sessions`` session records of ``deals`` deals each: the carried state (doubling
    periods) and the dealer pass from deal to deal as the rules say (a redeal keeps the
    dealer), and the session totals are written. ``dealt_on``: ``deals`` counts only the
    deals after which the deal passes on (a redeal, a passed-out deal dealt again by the same
    dealer, is played beside them: a tournament's ``deals_count = dealt_on``).
    ``deal_afresh``: a deal after which the same dealer would deal again is not written but
    dealt afresh (as if the shuffle had given other cards), so that every written deal passes
    the deal on: at a table where the dealer sits out, each seat then sits out of as many
    written deals as the others (issue 39, 1.7)."""
    game = _game(game_name)
    rng = random.Random(seed)
    n = n or game.table_sizes[0]
    rules = rules or game.Rules()
    for _ in range(sessions):
        carry = game.initial_carry(rules, n)
        dealer = 0
        out: list[dict[str, Any]] = []
        totals = [0] * n
        counted = 0
        while counted < deals:
            engine = play_out(game, rng, n, dealer, rules, carry)
            rec = record_of(game, engine, rules, n, dealer, carry)
            if deal_afresh and game.next_dealer(engine, dealer, n, rec) == dealer:
                continue
            out.append({k: v for k, v in rec.items() if k not in _ENVELOPE})
            totals = [a + b for a, b in zip(totals, rec["result"]["scores"])]
            carry = game.next_carry(engine, carry)
            passed_on = game.next_dealer(engine, dealer, n, rec)
            counted += 1 if passed_on != dealer or not dealt_on else 0
            dealer = passed_on
        session: dict[str, Any] = {"tarockrec": 1, "game": game.name}
        if rules.overrides or rules.name != "default":
            session["rules"] = {"name": rules.name, "options": dict(rules.overrides)}
        session["players"] = [f"Player {i + 1}" for i in range(n)]
        session["deals"] = out
        session["result"] = {"totals": totals}
        yield session


def _game(name: str) -> games.Game[Any]:
    game = games.get(name)
    if game is None:
        raise ValueError(games.unknown(name))
    return game


def table_sizes_for(count: int, sizes: tuple[int, ...]) -> list[int]:
    """Tables for ``count`` entrants: as many of the game's first (usual) size as can be, the
    rest at tables of its other sizes (13 entrants of a game of 4 or 5: 4, 4, 5); ValueError
    when there is no split (5 entrants of a game of 3 or 4)."""
    usual, others = sizes[0], sizes[1:]
    for fill in range(0, count // min(sizes) + 1):
        for combo in _combos(others, fill):
            rest = count - sum(combo)
            if rest >= 0 and rest % usual == 0:
                return [usual] * (rest // usual) + sorted(combo)
    raise ValueError(f"{count} entrants cannot be seated at tables of "
                     f"{' or '.join(map(str, sizes))}")


def _combos(sizes: tuple[int, ...], k: int) -> Iterator[list[int]]:
    if k == 0:
        yield []
        return
    for i, s in enumerate(sizes):
        for rest in _combos(sizes[i:], k - 1):
            yield [s] + rest


#: deals a table plays in a round where the rule set sets no limit
DEFAULT_ROUND_DEALS = 12


def round_deals(game: games.Game[Any], n: int, limits: Mapping[int, int]) -> int:
    """The deals a table of ``n`` plays in a generated round: the rule set's limit; without
    one, at a table where the dealer sits out (Königrufen and Illustrated at five, Carinthian
    at four) as many deals as let each seat play as many as at the game's usual size and sit
    out equally often: a multiple of ``n`` (16 at four: 20 at five, each seat playing 16)."""
    if n in limits:
        return limits[n]
    usual = limits.get(game.table_sizes[0], DEFAULT_ROUND_DEALS)
    active = n - len(game.sitting_out(n, 0, {}))
    if active == n:
        return usual
    return -(-usual // active) * n


def tournament_record(game_name: str, entrants: int, rounds: int, seed: int,
                      rules: RuleSet | None = None, rules_block: dict[str, Any] | None = None,
                      ) -> dict[str, Any]:
    """A random tournament played through the engines: ``entrants`` entrants seated at random
    each round at tables of the game's sizes, each table playing the rule set's deal limit
    (``round_deals`` where it has none), the written standings derived. ValueError for more
    ``rounds`` than the rule set plays, or entrants that cannot be seated."""
    from .tournament.ranking import plain
    from .tournament.record import rank, standings_rules, validate_tournament
    game = _game(game_name)
    rng = random.Random(seed)
    rules = rules or game.Rules()
    block = rules_block or ({"name": rules.name, "options": dict(rules.overrides)}
                            if rules.overrides or rules.name != "default" else None)
    srules = standings_rules(game.name, block)
    if srules.rounds is not None and rounds > srules.rounds:
        # the validator would refuse it (TOURN-ROUNDS): say so rather than write it
        raise ValueError(f"a tournament under the rule set {rules.name} plays at most "
                         f"{srules.rounds} rounds, not {rounds}")
    sizes = table_sizes_for(entrants, game.table_sizes)
    register = [{"id": str(i + 1), "name": f"Player {i + 1}"} for i in range(entrants)]
    rec: dict[str, Any] = {"tarockrec": 1, "game": game.name}
    if block:
        rec["rules"] = block
    rec["event"] = {"name": f"Generated {game.title} tournament", "date": "2026-01-01"}
    rec["entrants"] = register
    rec["rounds"] = []
    for _ in range(rounds):
        ids = [e["id"] for e in register]
        rng.shuffle(ids)
        tables: list[dict[str, Any]] = []
        for n in sizes:
            seats, ids = ids[:n], ids[n:]
            deals = round_deals(game, n, srules.deals_per_round)
            # where the dealer sits out, no redeal is written: each seat sits out equally
            session = next(session_records(game.name, 1, deals, rng.randrange(1 << 30), n=n,
                                           rules=rules,
                                           dealt_on=srules.deals_count == "dealt_on",
                                           deal_afresh=bool(game.sitting_out(n, 0, {}))))
            tables.append({"table": str(len(tables) + 1), "seats": seats,
                           "deals": session["deals"], "result": session["result"]})
        rec["rounds"].append({"tables": tables})
    found: list[Any] = []
    rows = validate_tournament(rec, found)
    assert rows is not None, [str(f) for f in found]
    rec["standings"] = [{"rank": r.rank, "entrant": r.entrant, "total": plain(r.total),
                         "score": r.score, "rank_points": plain(r.rank_points),
                         **({"cup_points": plain(r.cup_points)}
                            if srules.gives_cup_points and r.cup_points is not None else {})}
                        for r in rank(rows, srules) if r.rank is not None]
    return rec
