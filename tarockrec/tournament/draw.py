"""The draw: who sits at which table in a round of a tournament (docs/tournaments.md, *The
draw*; issue 40).

``table_plan`` splits a field into tables of the sizes the game is played by (the fewest tables
of the odd size, unless the rule set's ``draw.fewest_of`` names another), or refuses with a
sentence naming what the director can do (``DrawRefused``). ``draw_round`` seats a field by the
rule set's method:

* ``random``: round 1 at random; later rounds with as few repeated meetings as the search finds
  (a greedy seating, then swaps of two entrants between tables while a swap lowers the
  repeats);
* ``standings``: by the standings after the previous round, the first four (or five) at
  table 1, and so on (entrants the ranking cannot part are ordered by the seed);
* ``fixed``: the director's own seating, only checked.

Every draw is a function of the field (in register order), the earlier rounds' tables, the
standings before the round and the seed: the random numbers come from ``Rng``, a SplitMix64
generator keyed by SHA-256 of the seed and the round, written out here so that no library's
change can alter a stored draw (tests/test_draw.py pins a few seeds' seatings).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .. import kinds
from ..findings import Finding

METHODS = ("random", "standings", "fixed")
SEAT_ORDERS = ("random", "standings")
LATE_ENTRANTS = ("nothing", "absent")

_MASK = (1 << 64) - 1


class DrawRefused(ValueError):
    """The round cannot be drawn; the message is one or two sentences for the director."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014), keyed by SHA-256 of ``key``: the same numbers on
    every machine and Python version (``random.Random``'s shuffle and choice are not promised
    to stay the same)."""

    def __init__(self, key: str) -> None:
        self.state = int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big")

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in [0, n), without modulo bias (rejection sampling)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates, from the last place down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def rng_for(seed: int, round_no: int, purpose: str) -> Rng:
    return Rng(f"tarockrec-draw/1:{seed}:{round_no}:{purpose}")


# -- the rule set's draw ----------------------------------------------------------------------
@dataclass(frozen=True)
class DrawRules:
    """A tournament block's ``draw`` entry (rule-set schema), or these defaults."""

    method: str = "random"
    seat_order: str = "random"
    #: what a late entrant scores for the rounds he missed: ``nothing`` (the rounds are not
    #: his; he is not marked absent in them) or ``absent`` (marked absent, scored as the rule
    #: set scores an absent entrant)
    late_entrants: str = "nothing"
    #: the table size the draw uses as few tables of as it can (None: the game's odd size)
    fewest_of: int | None = None


def draw_rules(block: Mapping[str, Any] | None) -> DrawRules:
    d = (block or {}).get("draw") or {}
    return DrawRules(d.get("method", "random"), d.get("seat_order", "random"),
                     d.get("late_entrants", "nothing"), d.get("fewest_of"))


def rules_for(game: str, rec: Mapping[str, Any]) -> DrawRules:
    """The draw of a tournament record: its own block's, else its rule set's."""
    from .. import rulesets
    own = rec.get("tournament")
    if isinstance(own, Mapping):
        return draw_rules(own)
    name = str((rec.get("rules") or {}).get("name", "default"))
    doc = rulesets.for_game(game).get(name)
    return draw_rules(doc.tournament if doc is not None else None)


# -- table sizes ------------------------------------------------------------------------------
def table_plan(count: int, sizes: Sequence[int], fewest_of: int | None = None,
               title: str = "this game") -> list[int]:
    """The tables for ``count`` entrants: the fewest tables of the odd size (``fewest_of``, by
    default every size but the game's first), the tables of the usual size first. A field
    that cannot be seated raises ``DrawRefused`` naming the byes that would seat it."""
    plan = _plan(count, tuple(sizes), fewest_of)
    if plan is not None:
        return plan
    raise DrawRefused(refusal(count, tuple(sizes), fewest_of, title))


def _plan(count: int, sizes: tuple[int, ...], fewest_of: int | None) -> list[int] | None:
    if count <= 0:
        return None
    if len(sizes) == 1:
        return [sizes[0]] * (count // sizes[0]) if count % sizes[0] == 0 else None
    odd = fewest_of if fewest_of in sizes else sizes[-1]
    usual = next(s for s in sizes if s != odd)
    for k in range(count // odd + 1):
        rest = count - k * odd
        if rest % usual == 0:
            return [usual] * (rest // usual) + [odd] * k
    return None


def refusal(count: int, sizes: tuple[int, ...], fewest_of: int | None, title: str) -> str:
    """The sentence for a field that cannot be seated: the fewest byes that seat it (each a
    sit-out recorded as ``absent``, scored as the rule set scores an absent entrant)."""
    tables = " or ".join(map(str, sizes))
    head = (f"{count} entrant{'s' if count != 1 else ''} cannot be seated at tables of "
            f"{tables} ({title})")
    if count < min(sizes):
        return (f"{head}: a table needs at least {min(sizes)}; register "
                f"{min(sizes) - count} more (the rule set allows no table of another size)")
    byes = next(k for k in range(1, count) if _plan(count - k, sizes, fewest_of) is not None)
    seated = _plan(count - byes, sizes, fewest_of) or []
    at = " and ".join(f"{_number(seated.count(s))} table{'s' if seated.count(s) > 1 else ''} "
                      f"of {s}" for s in sorted(set(seated)))
    return (f"{head}: give {byes} entrant{'s' if byes > 1 else ''} a bye this round (a sit-out, "
            f"recorded as absent: --absent ID) and seat {count - byes} at {at}, or "
            f"register {_more(count, sizes, fewest_of)} more; the rule set allows no table of "
            "another size")


def _number(k: int) -> str:
    return ("one", "two", "three")[k - 1] if k <= 3 else str(k)


def _more(count: int, sizes: tuple[int, ...], fewest_of: int | None) -> int:
    return next(k for k in range(1, max(sizes) + 1)
                if _plan(count + k, sizes, fewest_of) is not None)


# -- meetings ---------------------------------------------------------------------------------
Pair = tuple[str, str]


def pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def meetings(rounds: Sequence[Sequence[Sequence[str]]]) -> dict[Pair, int]:
    """How often each two entrants sat at one table in ``rounds`` (each a list of tables'
    seats)."""
    met: dict[Pair, int] = {}
    for tables in rounds:
        for seats in tables:
            for i, a in enumerate(seats):
                for b in seats[i + 1:]:
                    p = pair(a, b)
                    met[p] = met.get(p, 0) + 1
    return met


def repeats(rounds: Sequence[Sequence[Sequence[str]]]) -> int:
    """Repeated meetings: for each two entrants, the times they met after the first."""
    return sum(m - 1 for m in meetings(rounds).values() if m > 1)


def repeat_bound(field: int, rounds: int, plan: Sequence[int]) -> int:
    """A lower bound on the repeats of ``rounds`` rounds of tables ``plan`` (the same each
    round), the larger of two counts:

    * pigeonhole: the rounds hold ``rounds × Σ C(s, 2)`` meetings of at most ``C(field, 2)``
      different pairs; each meeting past them repeats one;
    * the round before: a table of ``s`` in a later round draws its entrants from the ``g``
      tables of the round before, so at least ``Σ C(a, 2)`` of its pairs sat together there,
      the ``a`` (entrants from one earlier table) as even as they can be (``s`` split into
      ``g`` near-equal parts); every round after the first repeats at least that.
    """
    meets = rounds * sum(s * (s - 1) // 2 for s in plan)
    pigeonhole = max(0, meets - field * (field - 1) // 2)
    g = len(plan)
    per_round = 0
    for s in plan:
        q, rem = divmod(s, g)
        per_round += rem * (q + 1) * q // 2 + (g - rem) * q * (q - 1) // 2
    return max(pigeonhole, (rounds - 1) * per_round)


# -- the draw ---------------------------------------------------------------------------------
def draw_round(field: Sequence[str], sizes: Sequence[int], method: str, seed: int,
               round_no: int, previous: Sequence[Sequence[Sequence[str]]] = (),
               standings: Sequence[Sequence[str]] = (), seat_order: str = "random",
               fewest_of: int | None = None, title: str = "this game") -> list[list[str]]:
    """The tables of round ``round_no`` (from 1), each its seats in order. ``field``: the
    entrants drawn, in register order; ``previous``: the earlier rounds' tables;
    ``standings``: the ranking after the previous round as groups of entrants sharing a rank,
    best first (entrants in no group have no rank yet and come after). Raises
    ``DrawRefused``."""
    if method not in ("random", "standings"):
        raise DrawRefused(f"the {method!r} draw is the director's own seating, which "
                          "tarockrec only checks")
    plan = table_plan(len(field), sizes, fewest_of, title)
    order = _order_by_standings(field, standings, rng_for(seed, round_no, "ties"))
    if method == "standings":
        tables = _cut(order, plan)
    else:
        tables = _random_tables(list(field), plan, meetings(previous),
                                rng_for(seed, round_no, "tables"))
    place = {e: i for i, e in enumerate(order)}
    seat_rng = rng_for(seed, round_no, "seats")
    for seats in tables:
        if seat_order == "standings":
            seats.sort(key=lambda e: place[e])
        else:
            seat_rng.shuffle(seats)
    return tables


def _order_by_standings(field: Sequence[str], standings: Sequence[Sequence[str]],
                        rng: Rng) -> list[str]:
    """The field in standings order; each shared rank, and the entrants with no rank yet (at
    the end), ordered by the seed."""
    inside = set(field)
    out: list[str] = []
    seen: set[str] = set()
    for group in standings:
        members = [e for e in group if e in inside and e not in seen]
        rng.shuffle(members)
        out += members
        seen.update(members)
    rest = [e for e in field if e not in seen]
    rng.shuffle(rest)
    return out + rest


def _cut(order: Sequence[str], plan: Sequence[int]) -> list[list[str]]:
    tables, k = [], 0
    for n in plan:
        tables.append(list(order[k:k + n]))
        k += n
    return tables


def _weight(m: int) -> int:
    """The cost of seating together two entrants who met ``m`` times: a repeat above all, then
    fewer earlier meetings first."""
    return 0 if m == 0 else 1024 + m


def _random_tables(field: list[str], plan: Sequence[int], met: Mapping[Pair, int],
                   rng: Rng) -> list[list[str]]:
    rng.shuffle(field)
    if not met:
        return _cut(field, plan)

    def cost(a: str, b: str) -> int:
        return _weight(met.get(pair(a, b), 0))
    # greedy: each table opened by the first entrant left, filled by the cheapest next
    left = list(field)
    tables: list[list[str]] = []
    for n in plan:
        seats = [left.pop(0)]
        while len(seats) < n:
            best = min(range(len(left)), key=lambda i: (sum(cost(left[i], s) for s in seats), i))
            seats.append(left.pop(best))
        tables.append(seats)
    _improve(tables, cost)
    # no seating of this round repeats fewer pairs than its meetings exceed the unmet pairs
    n = len(field)
    unmet = n * (n - 1) // 2 - len(met)
    floor = max(0, sum(s * (s - 1) // 2 for s in plan) - unmet)
    return _kick(tables, cost, rng, max(40, 4000 // n), floor)


def _repeated(tables: list[list[str]], cost: Callable[[str, str], int]) -> int:
    return sum(1 for seats in tables for i, a in enumerate(seats) for b in seats[i + 1:]
               if cost(a, b))


def _total(tables: list[list[str]], cost: Callable[[str, str], int]) -> int:
    return sum(cost(a, b) for seats in tables for i, a in enumerate(seats) for b in seats[i + 1:])


def _kick(tables: list[list[str]], cost: Callable[[str, str], int], rng: Rng,
          tries: int, floor: int = 0) -> list[list[str]]:
    """Iterated local search: while more pairs repeat than ``floor`` (the fewest any seating
    of the round can), swap an entrant of a repeat with one at another table at random,
    improve again, and keep the result unless it is worse."""
    best, best_cost = tables, _total(tables, cost)
    for _ in range(tries):
        if _repeated(best, cost) <= floor:
            break
        trial = [list(t) for t in best]
        hot = [(t, i) for t, seats in enumerate(trial) for i, a in enumerate(seats)
               if any(cost(a, b) for b in seats if b != a)]
        for _ in range(2):
            t, i = hot[rng.below(len(hot))]
            u = rng.below(len(trial) - 1)
            u += u >= t
            j = rng.below(len(trial[u]))
            trial[t][i], trial[u][j] = trial[u][j], trial[t][i]
        _improve(trial, cost)
        c = _total(trial, cost)
        if c <= best_cost:
            best, best_cost = trial, c
    return best


def _improve(tables: list[list[str]], cost: Callable[[str, str], int]) -> None:
    """Swap two entrants of different tables while a swap lowers the cost (first the entrant
    of a repeat, with the best partner for it); at most a fixed number of passes."""
    def with_table(e: str, seats: list[str], skip: str) -> int:
        return sum(cost(e, s) for s in seats if s != e and s != skip)
    for _ in range(50):
        improved = False
        for ta, a_seats in enumerate(tables):
            for ia in range(len(a_seats)):
                a = a_seats[ia]
                here = with_table(a, a_seats, a)
                if here == 0:
                    continue
                best, where = 0, None
                for tb, b_seats in enumerate(tables):
                    if tb == ta:
                        continue
                    for ib, b in enumerate(b_seats):
                        delta = (with_table(b, a_seats, a) - here
                                 + with_table(a, b_seats, b) - with_table(b, b_seats, b))
                        if delta < best:
                            best, where = delta, (tb, ib)
                if where is not None:
                    tb, ib = where
                    a_seats[ia], tables[tb][ib] = tables[tb][ib], a
                    improved = True
        if not improved:
            return


# -- checking a stored draw -------------------------------------------------------------------
def check_round(rec: Mapping[str, Any], r: int, sizes: Sequence[int], title: str,
                standings_before: Callable[[int], list[list[str]] | None],
                add: Callable[[Finding], None]) -> None:
    """``TOURN-DRAW`` when round ``r`` (from 0) is not seated as its stored draw (method, seed,
    seat order) gives from the field, the earlier rounds and the standings before it, naming
    the first table that differs. A draw without a seed, or ``fixed``, is checked for the
    table sizes only (``TOURN-TABLE-SIZE``, by the seating check)."""
    rnd = rec["rounds"][r]
    d = rnd.get("draw") or {}
    method, seed = d.get("method", "random"), d.get("seed")
    if seed is None or method == "fixed":
        return
    seat_order = d.get("seat_order", "random")
    register = [e["id"] for e in rec["entrants"]]
    seated = {s for t in rnd["tables"] for s in t["seats"]}
    field = [e for e in dict.fromkeys(register) if e in seated]
    standings: list[list[str]] = []
    if (method == "standings" or seat_order == "standings") and r > 0:
        found = standings_before(r)
        if found is None:
            add(Finding("TOURN-DRAW", f"round {r + 1}'s draw ({method}, seed {seed}) goes by "
                        "the standings after the round before it, which are not known (see "
                        "the findings of the earlier rounds)", f"/rounds/{r}/draw"))
            return
        standings = found
    previous = [[t["seats"] for t in rec["rounds"][k]["tables"]] for k in range(r)]
    fewest = d.get("fewest_of", rules_for(rec["game"], rec).fewest_of)
    try:
        tables = draw_round(field, sizes, method, seed, r + 1, previous, standings, seat_order,
                            fewest, title)
    except DrawRefused as err:
        add(Finding("TOURN-DRAW", f"round {r + 1}'s draw cannot be made again: {err.message}",
                    f"/rounds/{r}/draw"))
        return
    stored = [list(t["seats"]) for t in rnd["tables"]]
    for t in range(max(len(tables), len(stored))):
        got = stored[t] if t < len(stored) else None
        want = tables[t] if t < len(tables) else None
        if got != want:
            name = str(rnd["tables"][t].get("table", t + 1)) if got is not None else str(t + 1)
            where = f"/rounds/{r}/tables/{t}/seats" if got is not None else f"/rounds/{r}/tables"
            add(Finding("TOURN-DRAW", f"table {name} of round {r + 1} seats "
                        f"{_seats_text(got)}, but the draw ({method}, seed {seed}, seat order "
                        f"{seat_order}) gives {_seats_text(want)}", where))
            return


def _seats_text(seats: list[str] | None) -> str:
    return "no table" if seats is None else "[" + ", ".join(seats) + "]"


def new_seed() -> int:
    """A seed for a draw when the director gives none (from the operating system)."""
    import secrets
    return secrets.randbelow(1 << 31)


# -- drawing a round of a tournament record ---------------------------------------------------
def _played(table: Mapping[str, Any]) -> bool:
    return any(k in table for k in ("deals", "source", "result"))


def _departed(rec: Mapping[str, Any], upto: int) -> list[str]:
    """Entrants who left a table (``left``) in the rounds before ``upto``: later rounds are
    drawn without them."""
    out: list[str] = []
    for rnd in rec["rounds"][:upto]:
        for table in rnd["tables"]:
            for gone in table.get("left", ()):
                seat = gone.get("seat")
                if isinstance(seat, int) and 0 <= seat < len(table["seats"]):
                    out.append(table["seats"][seat])
    return out


def standings_groups(rec: Mapping[str, Any], rounds: int, origin: str | None = None
                     ) -> tuple[list[list[str]] | None, list[Finding]]:
    """The standings after the first ``rounds`` rounds, as groups sharing a rank (best first),
    ranked as ``tarockrec standings`` ranks them; None (and the findings) when a table's
    result is not known."""
    from .record import validate_tournament
    if rounds == 0:
        return [], []
    sub = {k: v for k, v in rec.items() if k != "standings"}
    sub["rounds"] = list(rec["rounds"][:rounds])
    found: list[Finding] = []
    rows = validate_tournament(sub, found, origin, check_draws=False)
    if rows is None:
        return None, found
    groups: list[list[str]] = []
    last: int | None = None
    for row in rows:
        if row.rank is None:
            continue
        if row.rank != last:
            groups.append([])
            last = row.rank
        groups[-1].append(row.entrant)
    return groups, found


def draw_tournament(rec: dict[str, Any], round_no: int, seed: int | None = None,
                    method: str | None = None, absent: Sequence[str] = (),
                    origin: str | None = None) -> dict[str, Any]:
    """The tournament ``rec`` with round ``round_no`` (from 1) drawn: a new round after the
    last, or a re-draw of the last round before any result is entered in it (the draw it
    replaces is kept under ``replaced``). ``absent``: entrants not drawn this round
    (departures, byes). An entrant of the register in no earlier round joins from this one
    (a late entrant: ``joins``, or marked absent in the rounds missed, as the rule set's
    ``late_entrants`` says). Raises ``DrawRefused``."""
    from .. import games
    game = games.get(rec.get("game", ""))
    if game is None:
        raise DrawRefused(f"the game {rec.get('game')!r} is not one tarockrec knows")
    rules = rules_for(game.name, rec)
    method = method or rules.method
    rounds: list[dict[str, Any]] = list(rec["rounds"])
    if not 1 <= round_no <= len(rounds) + 1:
        raise DrawRefused(f"round {round_no} cannot be drawn: the tournament has "
                          f"{len(rounds)} round(s), so the next is round {len(rounds) + 1}")
    old = rounds[round_no - 1] if round_no <= len(rounds) else None
    if old is not None and method != "fixed":
        if round_no < len(rounds):
            raise DrawRefused(f"round {round_no} cannot be drawn again: later rounds are "
                              "drawn after it")
        if any(_played(t) for t in old["tables"]):
            raise DrawRefused(f"round {round_no} cannot be drawn again: a result is entered "
                              "at one of its tables")
    register = [e["id"] for e in rec["entrants"]]
    unknown = [a for a in absent if a not in register]
    if unknown:
        raise DrawRefused(f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not "
                          "in the register of entrants")
    out = dict(rec)
    out["entrants"] = [dict(e) for e in rec["entrants"]]
    out["rounds"] = rounds
    r = round_no - 1
    _late_entrants(out, r, rules.late_entrants)
    if method == "fixed":
        if old is None:
            raise DrawRefused(f"a fixed draw is the director's own seating: write round "
                              f"{round_no}'s tables into the record, then draw it with "
                              "--method fixed to check it")
        _check_fixed(out, r, game.table_sizes, game.title)
        rounds[r] = dict(old, draw=_with_history({"method": "fixed"}, old))
        return out
    gone = set(absent) | set(_departed(out, r))
    joins = {e["id"]: e.get("joins", 1) for e in out["entrants"]}
    field = [e for e in register if e not in gone and joins[e] <= round_no]
    standings: list[list[str]] = []
    if method == "standings" or rules.seat_order == "standings":
        groups, found = standings_groups(out, r, origin)
        if groups is None:
            first = next((f for f in found if f.severity == "error"), None)
            why = f": {first.pointer} {first.message}" if first is not None else ""
            raise DrawRefused(f"round {round_no} is drawn by the standings after round {r}, "
                              f"which are not known yet{why}")
        standings = groups
    seed = new_seed() if seed is None else seed
    previous = [[t["seats"] for t in rnd["tables"]] for rnd in rounds[:r]]
    tables = draw_round(field, game.table_sizes, method, seed, round_no, previous, standings,
                        rules.seat_order, rules.fewest_of, game.title)
    entry: dict[str, Any] = {"method": method, "seed": seed, "seat_order": rules.seat_order}
    new: dict[str, Any] = {"tables": [{"table": str(i + 1), "seats": s}
                                      for i, s in enumerate(tables)]}
    missing = [e for e in register if e not in field and joins[e] <= round_no]
    if missing:
        new["absent"] = missing
    new["draw"] = _with_history(entry, old) if old is not None else entry
    if old is None:
        rounds.append(new)
    else:
        rounds[r] = new
    return out


def _with_history(entry: dict[str, Any], old: Mapping[str, Any]) -> dict[str, Any]:
    """The new draw, the one that stands, with the draws it replaces (oldest first)."""
    before = old.get("draw")
    if not before:
        return entry
    history = list(before.get("replaced", ())) + [{k: v for k, v in before.items()
                                                   if k != "replaced"}]
    return dict(entry, replaced=history)


def _late_entrants(rec: dict[str, Any], r: int, late: str) -> None:
    """An entrant in none of the rounds before ``r`` (not seated, not absent, no ``joins``)
    registered after they were drawn: he joins from round ``r + 1``."""
    if r == 0:
        return
    present = {e for rnd in rec["rounds"][:r] for e in
               [s for t in rnd["tables"] for s in t["seats"]] + list(rnd.get("absent", ()))
               + [sub["entrant"] for t in rnd["tables"] for sub in t.get("substitutes", ())]}
    for e in rec["entrants"]:
        if e["id"] in present or "joins" in e:
            continue
        if late == "absent":
            for k in range(r):
                rnd = rec["rounds"][k] = dict(rec["rounds"][k])
                rnd["absent"] = list(rnd.get("absent", ())) + [e["id"]]
        else:
            e["joins"] = r + 1


def _check_fixed(rec: Mapping[str, Any], r: int, sizes: Sequence[int], title: str) -> None:
    """The director's seating of round ``r``: each table of a size the game is played by, each
    entrant of the round at one table or absent."""
    from .record import _check_seating
    found: list[Finding] = []
    register = {e["id"]: e for e in rec["entrants"]
                if e.get("joins", 1) <= r + 1}
    _check_seating(rec["rounds"][r], r, register, tuple(sizes), found.append)
    if found:
        raise DrawRefused(f"the director's seating of round {r + 1} does not stand: "
                          f"{found[0].pointer}: {found[0].message}")


def deals_per_table(rec: Mapping[str, Any]) -> dict[str, int]:
    """The deals a table of each size plays in a round, as ``generate --tournament`` plays
    them: the rule set's ``deals_per_round``, else at a table where the dealer sits out the
    multiple of its size that gives each seat the same sit-outs (``generate.round_deals``)."""
    from .. import games
    from ..generate import round_deals
    from .record import standings_rules
    game = games.get(rec["game"])
    if game is None:
        return {}
    own = rec.get("tournament") if isinstance(rec.get("tournament"), Mapping) else None
    srules = standings_rules(game.name, rec.get("rules"), own)
    return {str(n): round_deals(game, n, srules.deals_per_round) for n in game.table_sizes}


def check_stored_draw(rec: dict[str, Any], r: int, game: Any, origin: str | None,
                      add: Any) -> None:
    """Round ``r``'s stored draw gives its seating (``TOURN-DRAW``): the check
    ``tournament/record.py`` asks for by name (``kinds``)."""
    def before(k: int) -> list[list[str]] | None:
        return standings_groups(rec, k, origin)[0]
    check_round(rec, r, game.table_sizes, game.title, before, add)


kinds.register("draw", check_stored_draw)
