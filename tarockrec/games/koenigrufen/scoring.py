"""Königrufen scoring (docs/rules/koenigrufen.md §6): items, kontra, solo doubling, periods.

One scorer, ``score_facts``: it scores the facts of a deal (``Facts``: what the table writes,
the outcome block of docs/notation.md) under a rule set. A played deal's facts come from its
engine (``engine.of_engine``), a score sheet's from its written outcome (``outcome.parse``);
this module knows neither the engine nor the notation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple

from ...plain import Plain
from ...scoring import Score, ScoreItem, spread
from .contracts import Contract

if TYPE_CHECKING:
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
#: the declarer alone, by seat
ALONE = tuple(frozenset((s,)) for s in SEATS)
#: the items' printing order (the contract item first, then §6.4's bonuses, the captures)
ORDER = {name: i for i, name in enumerate(
    ("contract", "valat", "pagat", "uhu", "kakadu", "quapil", "trull", "four_kings",
     "king_ultimo", "xxi_capture", "king_capture"))}
CAPTURES = ("xxi_capture", "king_capture")


class Item(NamedTuple):
    """One item of the outcome (docs/notation.md): a bonus, a capture, the Valat, or (G39) the
    contract settled with one opponent ``seat``. ``declarer``: the side it belongs to is the
    declarer's (announced: the side that announced it; silent: the side that made it or, failed,
    whose bird failed). ``kontra``: the factor that applies (1: none)."""

    name: str
    announced: bool
    made: bool
    declarer: bool
    kontra: int = 1
    seat: int = -1


class Facts(Plain):
    """What a deal scores from (the outcome block): built from the play (``engine.of_engine``)
    or from a written outcome (``outcome.parse``). ``contract`` None: a redeal.

    ``kontra`` is the factor on the contract item as it applies (§6.5, §6.9: a kontra a
    Solorufer's talon king voids is 1; under an announced Valat the Valat item carries it);
    ``points`` the card points as ``result.points`` writes them; ``thirds`` (Trischaken) each
    seat's card points in thirds as the rule set compares them; ``won`` whether the contract
    item goes to the declarer's side (positive: §6.3 card points; misère: §6.6 tricks)."""

    __slots__ = _fields = ("contract", "declarer", "partner", "m", "end", "won", "tricks",
                           "points", "thirds", "kontra", "items")
    contract: Contract | None
    declarer: int | None
    partner: int | None
    m: int
    end: str | None                      # "concede", "redeal" or None (played out)
    won: bool
    tricks: list[int] | None
    points: list[int] | None
    thirds: list[int] | None
    kontra: int
    items: tuple[Item, ...]

    def __init__(self, contract: Contract | None, declarer: int | None, partner: int | None,
                 m: int, end: str | None = None, won: bool = False,
                 tricks: list[int] | None = None, points: list[int] | None = None,
                 thirds: list[int] | None = None, kontra: int = 1,
                 items: tuple[Item, ...] = ()) -> None:
        self.contract = contract
        self.declarer = declarer
        self.partner = partner
        self.m = m
        self.end = end
        self.won = won
        self.tricks = tricks
        self.points = points
        self.thirds = thirds
        self.kontra = kontra
        self.items = items



class _Items:
    """Collects items; ``add`` takes the amount before the period multiplier and the kontra.
    Where kontras count for money only (``kontra_in_score = off``) the kontra leaves the score
    (the Schrift) and goes into ``money`` alone."""

    __slots__ = ("m", "bonus_only", "in_score", "items", "extra")

    def __init__(self, m: int, bonus_only_period: bool, in_score: bool) -> None:
        self.m = m
        self.bonus_only = bonus_only_period
        self.in_score = in_score
        self.items: list[ScoreItem] = []
        #: money minus score per seat (kontras outside the score), None while nothing differs
        self.extra: list[int] | None = None

    def add(self, name: str, amount: int, winners: frozenset[int], note: str = "",
            bonus: bool = False, kontra: int = 1) -> None:
        if amount == 0:
            return
        m = self.m if (bonus or not self.bonus_only) else 1
        a, b, c, d = UNIT[winners]
        if kontra > 1:
            if self.in_score:
                note += f" ({_KONTRA_NAMES[kontra]} ×{kontra})"
                amount *= kontra
            else:
                note += f" ({_KONTRA_NAMES[kontra]} ×{kontra}: money only)"
                self._money(amount * (kontra - 1) * m, (a, b, c, d))
        x = amount * m
        self.items.append(ScoreItem(name, amount, m, (a * x, b * x, c * x, d * x), note))

    def _money(self, x: int, unit: tuple[int, ...]) -> None:
        extra = self.extra
        if extra is None:
            extra = self.extra = [0, 0, 0, 0]
        for s in SEATS:
            extra[s] += unit[s] * x


_KONTRA_NAMES = {2: "kontra", 4: "rekontra", 8: "subkontra"}


def period_multiplier(doubling_pending: int) -> int:
    """§6.8: 2 while a Trischaken doubling period runs."""
    return 2 if doubling_pending > 0 else 1


def score_facts(f: Facts, r: "KoenigrufenRules", bonus_base: dict[str, int],
                capture_base: int) -> Score:
    """§6.11: the score of the facts ``f`` under the rules ``r`` with the rule set's bonus
    tariff (``bonus_base``, ``capture_base``: the engine's ``Tariff``)."""
    m = f.m
    c = f.contract
    if c is None:
        return Score([], [0] * 4, {"declarer": None, "multiplier": m})
    out = _Items(m, r.trischaken_doubling_scope == "bonuses_only", r.kontra_in_score)
    d_seat = f.declarer
    assert d_seat is not None
    facts: dict[str, object] = {"multiplier": m, "declarer": d_seat, "contract": c.id}
    partner = f.partner
    D = ALONE[d_seat] if partner is None else frozenset((d_seat, partner))
    O = OTHERS[D]
    if c.king_call:
        facts["partner"] = partner
    if f.end == "concede":               # §6.9; G22 the bird of a conceding Besserrufer
        out.add("concession", c.loss, O, "contract lost by concession")
        for it in f.items:
            out.add(it.name, 2 * c.solo * bonus_base[it.name], O,
                    f"the {it.name} lost with the concession (schleifen)", bonus=True)
        return _finish(out, facts)
    assert f.tricks is not None and f.points is not None
    facts["tricks"] = f.tricks
    facts["points"] = f.points
    if c.family == "trischaken":
        TRISCHAKEN_SCORING[str(r.trischaken_scoring)](f, out)
        return _finish(out, facts)
    if c.family == "misere":
        won = f.tricks[d_seat]
        what = f"{c.id} {'won' if f.won else 'lost'} ({won} trick{'s' * (won != 1)})"
        if r.misere_kontra_individual:
            _misere_individual(f, out, d_seat, what)
        else:
            out.add("contract", c.value, D if f.won else O, what, kontra=f.kontra)
        return _finish(out, facts)
    _positive(f, r, c, D, out, bonus_base, capture_base)
    return _finish(out, facts)


def _positive(f: Facts, r: "KoenigrufenRules", c: Contract, D: frozenset[int], out: _Items,
              bonus_base: dict[str, int], capture_base: int) -> None:
    """A positive contract's items: §6.3 the contract item (or the Valat in its place), §6.4
    the bonus and penalty items, in ORDER."""
    assert f.points is not None
    O = OTHERS[D]
    items = f.items
    valat = None
    for it in items:
        if it.name == "valat":
            valat = it
    if valat is not None and valat.announced:
        X = D if valat.declarer else O
        made = valat.made
        # G24: the loss value when the declarer's side loses the Valat (its own announced Valat
        # failed, or the opponents' made) under valat_loss_base = loss_value
        d_loses = valat.declarer != made
        base = c.loss if d_loses and r.valat_loss_base == "loss_value" else c.value
        out.add("valat", 8 * base, X if made else OTHERS[X],
                f"announced valat {'made' if made else 'lost'}", kontra=valat.kontra)
    elif valat is not None and valat.declarer:
        out.add("valat", 4 * c.value, D, "silent valat", kontra=f.kontra)
    elif valat is not None:
        base = c.loss if r.valat_loss_base == "loss_value" else c.value
        out.add("valat", 4 * base, O, "silent valat by the opponents", kontra=f.kontra)
    elif f.won:
        out.add("contract", c.value, D, f"{c.id} won with {f.points[0]} card points",
                kontra=f.kontra)
    else:
        out.add("contract", c.loss, O, f"{c.id} lost with {f.points[0]} card points",
                kontra=f.kontra)
    solo = c.solo
    for it in items:                     # §6.4 bonus and penalty items, in ORDER
        name = it.name
        if name == "valat":
            continue
        X = D if it.declarer else O
        if name in CAPTURES:
            out.add(name, solo * capture_base, X, _CAPTURED[name], bonus=True)
        elif it.announced:
            out.add(name, 2 * solo * bonus_base[name], X if it.made else OTHERS[X],
                    f"announced {name} {'made' if it.made else 'lost'}", bonus=True,
                    kontra=it.kontra)
        elif it.made:
            out.add(name, solo * bonus_base[name], X, f"silent {name}", bonus=True)
        else:
            out.add(name, solo * bonus_base[name], OTHERS[X], f"silent {name} lost", bonus=True)


_CAPTURED = {"xxi_capture": "XXI captured by the Sküs", "king_capture": "called king captured"}


def lowest_bird(hand: int, birds: tuple[str, ...], bonus_base: dict[str, int],
                bird_card: dict[str, tuple[int, int]]) -> str:
    """G22 ``besserrufer_concession_pays_bird`` (§7.2, [OÖ23 Allg. 7]: 'schleifen' loses the
    game and the announcement): the bird the conceding Besserrufer pays, at its announced value.
    The concession comes before his announcement and the record names no bird, so (decision,
    the summary's open point R-2) it is the lowest-valued bird he held before the talon
    (``hand``) — the least he could have been bound to announce; holding none, the lowest bird
    of the tariff."""
    by_value = sorted(birds, key=lambda b: bonus_base[b])
    for bird in by_value:
        if hand >> bird_card[bird][0] & 1:
            return bird
    return by_value[0]


def _misere_individual(f: Facts, out: _Items, d_seat: int, what: str) -> None:
    """G39 ``misere_kontra_individual``: one item per opponent, settled between the declarer and
    that opponent alone: V · k(seat n) (its own chain, when kontras are scored). Without any
    kontra the three items add up to the seed's single item (declarer ±3V, each opponent ∓V)."""
    c = f.contract
    assert c is not None
    factor = {it.seat: it.kontra for it in f.items}
    m = out.m if not out.bonus_only else 1
    sign = 1 if f.won else -1
    for s in SEATS:
        if s == d_seat:
            continue
        k = factor.get(s, 1)
        amount = c.value
        note = ""
        if k > 1:
            if out.in_score:
                amount *= k
                note = f" ({_KONTRA_NAMES[k]} ×{k})"
            else:
                note = f" ({_KONTRA_NAMES[k]} ×{k}: money only)"
                unit = [0, 0, 0, 0]
                unit[d_seat], unit[s] = sign, -sign
                out._money(c.value * (k - 1) * m, tuple(unit))
        deltas = [0, 0, 0, 0]
        deltas[d_seat] = sign * amount * m
        deltas[s] = -sign * amount * m
        out.items.append(ScoreItem("contract", amount, m, tuple(deltas),
                                   f"{what} against seat {s}{note}"))


def _finish(out: _Items, facts: dict[str, object]) -> Score:
    a = b = c = d = 0
    for item in out.items:
        w, x, y, z = item.deltas
        a += w
        b += x
        c += y
        d += z
    extra = out.extra
    money = None if extra is None else [a + extra[0], b + extra[1], c + extra[2], d + extra[3]]
    return Score(out.items, [a, b, c, d], facts, money)


def _trischaken(f: Facts, out: _Items) -> None:
    """§6.7, seed scoring. The amounts are the contract's value V (10 in seed units) and 2V for
    the declarer; under ``contract_values = tarockcup`` (Trischaken 1, §7.2) the same tariff in
    cup units, 1 and 2 (decision: the cup's page gives only the value). ``f.thirds`` when the
    rule set compares thirds (G29), else ``f.points``."""
    assert f.declarer is not None and f.contract is not None and f.tricks is not None
    decl = f.declarer
    v = f.contract.value
    key = f.thirds if f.thirds is not None else f.points
    assert key is not None
    tricks = f.tricks
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


def _trischaken_oe2023(f: Facts, out: _Items) -> None:
    """§7.2 ``trischaken_scoring = oe2023``: the talon to the winner of the last trick
    ([OÖ23 Trischaken 1], already in ``f.thirds``), points compared in exact thirds, the tariff
    of ``trischaken_oe2023`` (the Trischaker is forehand, the declarer); one item settling
    every seat."""
    assert f.contract is not None and f.thirds is not None and f.tricks is not None
    assert f.declarer is not None
    deltas, note = trischaken_oe2023(f.thirds, f.tricks, f.declarer, f.contract.value)
    m = out.m if not out.bonus_only else 1
    out.items.append(ScoreItem("trischaken", f.contract.value, m,
                               tuple(d * m for d in deltas), note))


#: ``trischaken_scoring`` -> the scorer (rule-set data: one look-up per deal)
TRISCHAKEN_SCORING: dict[str, Callable[[Facts, _Items], None]] = {
    "seed": _trischaken, "oe2023": _trischaken_oe2023}


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


__all__ = ["score_facts", "Facts", "Item", "doubling_after", "period_multiplier"]
