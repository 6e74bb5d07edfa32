"""Cego's outcome block (docs/notation.md, "Cego vocabulary: the outcome"): the facts of
``scoring.CegoFacts`` as the table writes them, their checks against docs/rules/cego.md §4.5,
§5.5 and §6, and the score sheets a contract can give (for a sheet written without an outcome).

Keys by contract (nothing else may be written; ``partner``, ``kontra``, ``target`` never):

* Solo, Cego … Pfeife: ``contract``, ``declarer``, ``won`` (A > 0), ``a`` (A, §6.2, §6.4),
  ``multiplier`` (M, §6.3), ``points`` ([P, 70 − P], §6.1), ``tricks`` (per seat);
* Piccolo, Bettel: ``contract``, ``declarer``, ``won``, ``tricks`` (§6.7; fewer than 11 in all
  only after a decided failure, §5.5);
* Räuber: ``contract``, ``declarer`` (forehand, the Räuber caller), ``points`` and ``tricks``
  per seat (§6.8);
* the Solo-hand challenge (§4.5, §6.9): ``contract``, ``declarer``, ``multiplier``,
  ``end: "challenge"`` and one item ``solo_hand`` per penalised seat: ``{"item": "solo_hand",
  "announced": true, "side": "declarer", "made": <a defender held a Solo hand>, "seat": q}``
  (made: q a defender; failed: q the declarer, alone).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable, Iterator

from ...findings import Finding
from .contracts import (
    CONTRACTS, FACTOR_NO_SOLO, FACTOR_SOLO, INFO, LADDER, PB, PB_TRICKS, PB_VALUE,
    RAEUBER_LOSS, RAEUBER_LOSS_FOREHAND, TOTAL_POINTS, WIN_POINTS, achievement,
)
from .rules import CegoRules
from .scoring import CegoFacts, a_of, factor

#: the keys each kind of deal writes besides contract and declarer
KEYS = {
    "ladder": ("won", "a", "multiplier", "points", "tricks"),
    "pb": ("won", "tricks"),
    "raeuber": ("points", "tricks"),
    "challenge": ("multiplier", "end", "items"),
}
#: keys that are never Cego's
FOREIGN = ("target",)
#: the one 4-player pack's raw total (§1.6: 54 cards counting 70) and the unused Räuber talon
RAW_TOTAL_4 = TOTAL_POINTS + 2 * 18
RAEUBER_TALON = 10


def least(size: int) -> int:
    """§1.6: the fewest card points a pile of ``size`` cards can count (zero cards only)."""
    return size - 2 * (size // 3) - (1 if size % 3 else 0)


def most(n: int, size: int) -> int:
    """§1.6: the most card points a pile of ``size`` cards of the ``n``-player pack counts
    (its highest cards)."""
    raw = sorted((v or 1 for v in INFO[n].value), reverse=True)
    return sum(raw[:size]) - _deduction(size) if size else 0


def _deduction(size: int) -> int:
    return 2 * (size // 3) + (1 if size % 3 else 0)


def points_range(n: int, t: int) -> tuple[int, int]:
    """The declarer's possible P after winning ``t`` tricks (§6.1): his pile (Legage and
    tricks, the 3-player extra point) counts at least its zero cards' count and at most its
    highest cards', and the defenders' pile likewise; the two make 70. Sound bounds: every
    value between is reached by swapping one card for one a point higher or lower."""
    info = INFO[n]
    if t == 0:
        return 0, 0
    if t == info.tricks:
        return TOTAL_POINTS, TOTAL_POINTS
    extra = 1 if n == 3 else 0
    ours = info.talon_size + n * t
    theirs = n * (info.tricks - t)
    return (max(least(ours) + extra, TOTAL_POINTS - most(n, theirs)),
            min(most(n, ours) + extra, TOTAL_POINTS - least(theirs)))


#: every P a declarer can reach at each table size, and the A it gives (§6.2)
FEASIBLE_P = {n: frozenset(p for t in range(INFO[n].tricks + 1)
                           for p in range(points_range(n, t)[0], points_range(n, t)[1] + 1))
              for n in (3, 4)}
FEASIBLE_A = {n: frozenset(achievement(p) for p in FEASIBLE_P[n]) for n in (3, 4)}


def outcome_of(f: CegoFacts) -> dict[str, Any]:
    """The outcome block of a deal's facts (played: derived; the inverse of ``parse``)."""
    c, d = f.contract, f.declarer
    out: dict[str, Any] = {"contract": c, "declarer": d}
    if f.penalised is not None:
        out["multiplier"] = FACTOR_NO_SOLO[c]
        out["end"] = "challenge"
        out["items"] = [{"item": "solo_hand", "announced": True, "made": q != d,
                         "side": "declarer", "seat": q} for q in f.penalised]
        return out
    assert f.tricks is not None
    if c in PB_VALUE:
        out["won"] = f.tricks[d] == PB_TRICKS[c]
    elif c == "raeuber":
        assert f.seat_points is not None
        out["points"] = list(f.seat_points)
    else:
        a = a_of(f)
        out["won"] = a > 0
        out["a"] = a
        out["multiplier"] = factor(c, f.solo_bid, a)
        out["points"] = [f.p, TOTAL_POINTS - f.p]
    out["tricks"] = list(f.tricks)
    return out


def _kind(contract: str, outcome: dict[str, Any]) -> str:
    if outcome.get("end") == "challenge":
        return "challenge"
    return "pb" if contract in PB else "raeuber" if contract == "raeuber" else "ladder"


def parse(o: dict[str, Any], rules: CegoRules, n: int,
          dealer: int) -> tuple[list[Finding], CegoFacts | None]:
    """Check a written outcome against its contract and the rule set (findings with pointers
    ``/outcome/...``) and turn it into the facts the scorer takes; None when it cannot be."""
    bad: list[Finding] = []

    def no(code: str, why: str, key: str = "") -> tuple[list[Finding], None]:
        bad.append(Finding(code, why, f"/outcome/{key}" if key else "/outcome"))
        return bad, None

    c = o.get("contract")
    if not isinstance(c, str):
        return no("CE-OUTCOME-KEY", "the outcome names no contract")
    if c not in CONTRACTS or (n == 3 and c not in LADDER):
        return no("OUTCOME-CONTRACT", f"{c} is not a contract of {n}-player Cego (§3.1, §3.6)",
                  "contract")
    end = o.get("end")
    if end is not None and end != "challenge":
        return no("OUTCOME-END", f"a Cego deal cannot end by {end}: the only early end is the "
                  "declarer's Solo-hand challenge (§4.5)", "end")
    if end == "challenge" and c not in FACTOR_NO_SOLO:
        return no("OUTCOME-END", f"a {c} deal cannot end by the Solo-hand challenge: only "
                  "Cego … Pfeife without a Solo bid can (§4.5)", "end")
    if o.get("partner") is not None:
        bad.append(Finding("OUTCOME-PARTNER", "Cego has no partner: every contract is played "
                           "alone (§1.1)", "/outcome/partner"))
    if "kontra" in o:
        bad.append(Finding("OUTCOME-KONTRA", "Cego has no kontra (§4.1)", "/outcome/kontra"))
    kind = _kind(c, o)
    want = KEYS[kind]
    for key in ("declarer", *want):
        if o.get(key) is None:
            bad.append(Finding("CE-OUTCOME-KEY", f"the outcome of a {_name(c, kind)} deal "
                               f"must write {key} (docs/notation.md, the Cego outcome)",
                               "/outcome"))
    for key in sorted(set(o) - {"contract", "declarer", "partner", "kontra", *want}):
        if not key.startswith("_") and not (key == "items" and not o[key]):
            code = "OUTCOME-ITEM" if key == "items" else "CE-OUTCOME-KEY"
            bad.append(Finding(code, f"the outcome of a {_name(c, kind)} deal has no {key} "
                               "(docs/notation.md, the Cego outcome)", f"/outcome/{key}"))
    if bad:
        return bad, None
    d = o["declarer"]
    if not 0 <= d < n:
        return no("OUTCOME-SEAT", f"the outcome names seat {d} as declarer, but the table has "
                  f"seats 0–{n - 1}", "declarer")
    if kind == "challenge":
        return _challenge(o, c, d, rules, n, bad)
    tricks = _tricks(o["tricks"], c, d, o.get("won"), rules, n, bad)
    if tricks is None:
        return bad, None
    if kind == "pb":
        if o["won"] != (tricks[d] == PB_TRICKS[c]):
            return no("OUTCOME-CONFLICT", f"{c} is won when the declarer takes exactly "
                      f"{PB_TRICKS[c]} trick(s) (§5.4), and seat {d} took {tricks[d]}", "won")
        return bad, CegoFacts(c, d, False, tricks)
    if kind == "raeuber":
        return _raeuber(o["points"], d, tricks, n, dealer, bad)
    return _ladder(o, c, d, tricks, n, bad)


def _name(contract: str, kind: str) -> str:
    return f"challenged {contract}" if kind == "challenge" else contract


def _tricks(tricks: list[int], c: str, d: int, won: Any, rules: CegoRules, n: int,
            bad: list[Finding]) -> tuple[int, ...] | None:
    """Tricks per seat: n counts, all tricks played; Piccolo and Bettel may stop after the
    trick that decides a failure (§5.5, G16; not under ``require_full_play``)."""
    total = INFO[n].tricks
    if len(tricks) != n or any(t < 0 for t in tricks):
        bad.append(Finding("OUTCOME-POINTS", f"the outcome writes tricks {tricks}: one count "
                           f"per seat, none below 0", "/outcome/tricks"))
        return None
    have = sum(tricks)
    early = (c in PB and not rules.require_full_play and won is False
             and tricks[d] > PB_TRICKS[c])
    if have > total or (have < total and not early):
        bad.append(Finding("OUTCOME-POINTS", f"the outcome writes {have} tricks, but a "
                           f"{n}-player {c} deal has {total} (§5.5)", "/outcome/tricks"))
        return None
    return tuple(tricks)


def _ladder(o: dict[str, Any], c: str, d: int, tricks: tuple[int, ...], n: int,
            bad: list[Finding]) -> tuple[list[Finding], CegoFacts | None]:
    points, a, m = o["points"], o["a"], o["multiplier"]
    if len(points) != 2 or not 0 <= points[0] <= TOTAL_POINTS \
            or points[1] != TOTAL_POINTS - points[0]:
        bad.append(Finding("OUTCOME-POINTS", f"the outcome writes points {points}: the "
                           f"declarer's P and the defenders' 70 − P (§1.7, §6.1)",
                           "/outcome/points"))
        return bad, None
    p, t = points[0], tricks[d]
    low, high = points_range(n, t)
    if not low <= p <= high:
        bad.append(Finding("OUTCOME-CONFLICT", f"a declarer who won {t} trick(s) has "
                           + (f"{low} card points" if low == high else
                              f"{low}–{high} card points") + f" at {n} players, not {p} "
                           "(§1.6, §6.1)", "/outcome/points"))
        return bad, None
    broken = c == "pfeife" and a == -1 and p >= WIN_POINTS
    if a != achievement(p) and not broken:
        also = " (or −1 for a Pfeife whose T1 condition was broken, §6.4)" \
            if c == "pfeife" and p >= WIN_POINTS else ""
        bad.append(Finding("OUTCOME-CONFLICT", f"card points {p} give A = {achievement(p)}"
                           f"{also}, not {a} (§6.2)", "/outcome/a"))
        return bad, None
    if o["won"] != (a > 0):
        bad.append(Finding("OUTCOME-CONFLICT", f"A = {a} means the contract was "
                           f"{'won' if a > 0 else 'lost'} (§6.2)", "/outcome/won"))
        return bad, None
    if c == "solo":
        solo_bid = True
        if m != factor(c, True, a):
            bad.append(Finding("OUTCOME-CONFLICT", f"a {'won' if a > 0 else 'lost'} Solo has "
                               f"M = {factor(c, True, a)}, not {m} (§6.3)",
                               "/outcome/multiplier"))
            return bad, None
    elif m in (FACTOR_NO_SOLO[c], FACTOR_SOLO[c]):
        solo_bid = m == FACTOR_SOLO[c]
    else:
        bad.append(Finding("OUTCOME-CONFLICT", f"{c} has M = {FACTOR_NO_SOLO[c]}, or "
                           f"{FACTOR_SOLO[c]} after a Solo bid, not {m} (§6.3)",
                           "/outcome/multiplier"))
        return bad, None
    return bad, CegoFacts(c, d, solo_bid, tricks, p, broken)


def _raeuber(points: list[int], d: int, tricks: tuple[int, ...], n: int, dealer: int,
             bad: list[Finding]) -> tuple[list[Finding], CegoFacts | None]:
    fh = (dealer + 1) % n
    if d != fh:
        bad.append(Finding("OUTCOME-CONFLICT", f"Räuber is called by forehand, seat {fh}, "
                           f"whom the outcome names as declarer, not seat {d} (§6.8)",
                           "/outcome/declarer"))
        return bad, None
    if len(points) != n:
        bad.append(Finding("OUTCOME-POINTS", f"a Räuber outcome writes each seat's card "
                           f"points, {n} numbers, not {len(points)} (§6.8)", "/outcome/points"))
        return bad, None
    for i, (p, t) in enumerate(zip(points, tricks)):
        # 4t cards count at least their zero-card count and at most their highest cards'
        if not least(4 * t) <= p <= most(n, 4 * t) or (t == 0) != (p == 0):
            bad.append(Finding("OUTCOME-CONFLICT", f"seat {i} won {t} trick(s) and cannot "
                               f"count {p} card points in Räuber (§1.6, §6.8)",
                               f"/outcome/points/{i}"))
            return bad, None
    # the piles' raw values (points plus each pile's deduction) leave the unused talon at
    # least one raw point a card (§1.6)
    raw = sum(p + _deduction(4 * t) for p, t in zip(points, tricks))
    if raw > RAW_TOTAL_4 - RAEUBER_TALON:
        bad.append(Finding("OUTCOME-CONFLICT", f"the card points {points} are more than the "
                           "pack holds outside the unused talon (§1.6, §6.8)",
                           "/outcome/points"))
        return bad, None
    return bad, CegoFacts("raeuber", d, False, tricks, seat_points=tuple(points))


def _challenge(o: dict[str, Any], c: str, d: int, rules: CegoRules, n: int,
               bad: list[Finding]) -> tuple[list[Finding], CegoFacts | None]:
    if o["multiplier"] != FACTOR_NO_SOLO[c]:
        bad.append(Finding("OUTCOME-CONFLICT", f"a challenged {c} has M = "
                           f"{FACTOR_NO_SOLO[c]}: no Solo was bid (§4.5, §6.9)",
                           "/outcome/multiplier"))
        return bad, None
    pen: list[int] = []
    items = o["items"]
    for i, item in enumerate(items):
        at = f"/outcome/items/{i}"
        seat = item.get("seat")
        if item.get("item") != "solo_hand" or item.get("side") != "declarer" \
                or item.get("announced") is not True or seat is None:
            bad.append(Finding("OUTCOME-ITEM", "after the challenge every item is the declarer's "
                               "announced solo_hand, with the penalised seat (§4.5)", at))
        elif item.get("kontra") is not None:
            bad.append(Finding("OUTCOME-KONTRA", "Cego has no kontra (§4.1)", at + "/kontra"))
        elif not 0 <= seat < n:
            bad.append(Finding("OUTCOME-SEAT", f"the outcome names seat {seat}, but the table "
                               f"has seats 0–{n - 1}", at + "/seat"))
        elif item["made"] != (seat != d):
            bad.append(Finding("OUTCOME-CONFLICT", "a penalised defender held a Solo hand (the "
                               "challenge made); the declarer is penalised only when none did "
                               "(failed) (§4.5)", at))
        pen.append(seat if isinstance(seat, int) else -1)
    if bad:
        return bad, None
    if d in pen and len(pen) > 1:
        bad.append(Finding("OUTCOME-CONFLICT", "the declarer is penalised only when no "
                           "defender held a Solo hand (§4.5)", "/outcome/items"))
    elif len(pen) > 1 and rules.multiple_solo_hands == "first_only":
        bad.append(Finding("OUTCOME-ITEM", "under multiple_solo_hands = first_only one seat "
                           "is penalised (G6)", "/outcome/items"))
    elif not pen:
        bad.append(Finding("OUTCOME-ITEM", "a challenge penalises a defender with a Solo hand, "
                           "or the declarer (§4.5): the outcome names none", "/outcome/items"))
    if bad:
        return bad, None
    order = sorted(pen, key=lambda q: (q - d) % n)          # seat order from the declarer
    return bad, CegoFacts(c, d, False, None, penalised=tuple(order))


# -- score sheets without an outcome ------------------------------------------------------------
def possible_sheets(n: int, dealer: int, contract: str, declarers: Iterable[int],
                    solo_bids: Iterable[bool], challenges: Iterable[bool],
                    rules: CegoRules) -> set[tuple[int, ...]]:
    """Every sheet line (§6.5–§6.9) some outcome of ``contract`` gives, for any of the
    declarers, Solo-bid states and challenge states named. Small: at most a few hundred."""
    out: set[tuple[int, ...]] = set()
    fh = (dealer + 1) % n
    if contract == "raeuber":                                           # §6.8
        for losers in _subsets(range(n)):
            if rules.raeuber_tie == "parlett" and fh in losers and len(losers) > 1:
                continue
            out.add(tuple(-(RAEUBER_LOSS_FOREHAND if i == fh else RAEUBER_LOSS)
                          if i in losers else 0 for i in range(n)))
        return out
    sb = list(solo_bids)
    for d in declarers:
        if contract in PB_VALUE:                                        # §6.7
            for v in (PB_VALUE[contract], -PB_VALUE[contract]):
                out.add(_line(n, d, v))
            continue
        for challenged in challenges:
            if challenged:                                              # §6.9
                if contract not in FACTOR_NO_SOLO or True in sb and False not in sb:
                    continue
                unit = 8 * FACTOR_NO_SOLO[contract]
                defenders = [q for q in range(n) if q != d]
                most = 1 if rules.multiple_solo_hands == "first_only" else n - 1
                out.add(tuple(unit if i != d else 0 for i in range(n)))
                for pen in _subsets(defenders, most):
                    out.add(tuple(unit * sum(1 for q in pen if q != i) for i in range(n)))
                continue
            for a in FEASIBLE_A[n]:                                     # §6.2–§6.5
                for s in sb:
                    out.add(_line(n, d, a * factor(contract, s, a)))
    return out


def _line(n: int, d: int, v: int) -> tuple[int, ...]:
    """§6.5: V for the declarer when positive, else |V| for each defender."""
    return tuple((v if i == d else 0) if v > 0 else (0 if i == d else -v) for i in range(n))


def _subsets(seats: Iterable[int], most: int | None = None) -> Iterator[tuple[int, ...]]:
    pool = list(seats)
    for k in range(1, (len(pool) if most is None else most) + 1):
        yield from combinations(pool, k)


def sheet_problem(n: int, dealer: int, contract: str, declarer: int | None,
                  solo_bid: bool | None, sheet: list[int], points: list[Any] | None,
                  challenged: bool, rules: CegoRules) -> str | None:
    """What is wrong with the sheet entries a score sheet without an outcome records, or None:
    the lines §6.5–§6.9 allow for ``contract`` (and the card points, when written)."""
    line = tuple(sheet)
    bids = [False, True] if solo_bid is None else [solo_bid]
    if contract == "raeuber":                                           # §6.8
        if line not in possible_sheets(n, dealer, contract, [], bids, [False], rules):
            return ("a Räuber sheet has −5 for each loser (−10 for forehand) and 0 elsewhere "
                    "(§6.8)" + (", forehand alone losing a tie for most under raeuber_tie = "
                                "parlett (G9)" if rules.raeuber_tie == "parlett" else ""))
        return None
    if declarer is None or not 0 <= declarer < n:
        return None
    if line not in possible_sheets(n, dealer, contract, [declarer], bids, [challenged], rules):
        if challenged:
            unit = 8 * FACTOR_NO_SOLO.get(contract, 0)
            return (f"after a challenge every sheet entry is a multiple of 8·M = {unit}, for "
                    "each penalised seat (§6.9)" if unit else
                    f"a {contract} deal cannot be challenged (§4.5)")
        if contract in PB_VALUE:                                        # §6.7
            v = PB_VALUE[contract]
            return f"{contract} writes {v} for the declarer, or {v} for each defender (§6.7)"
        return ("the sheet writes V = A·M for the declarer when it is positive, else |V| for "
                "each defender (§6.2–§6.5)")
    if points is None or contract not in LADDER or challenged:
        return None
    if (len(points) != 2 or not all(isinstance(x, int) for x in points)
            or points[0] not in FEASIBLE_P[n] or points[1] != TOTAL_POINTS - points[0]):
        return (f"the card points {points} are not the declarer's P and the defenders' 70 − P "
                "of a possible deal (§1.6, §6.1)")
    p = points[0]
    v = line[declarer] or -max(line)
    allowed = {achievement(p)} | ({-1} if contract == "pfeife" and p >= WIN_POINTS else set())
    if not any(a * factor(contract, s, a) == v for a in allowed for s in bids):
        return (f"card points {p} give A = " + " or ".join(str(a) for a in sorted(allowed))
                + f" (§6.2, §6.4), which does not make V = {v}")
    return None
