"""Ranking schemes as rule-set data (issue 33, items 1–3): placing points first, tie-breaks as
an ordered list of keys, placing-point scales by round and table size, exact means for tied
places, points carried into a final, cup points by table, field size or total, a series of the
best k results with its own tie-breaks, and a record's own ranking block. Every figure below is
worked by hand in the docstrings (and in docs/tournaments.md)."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tarockrec.tournament import ranking, record as tournament
from tarockrec.codecs import xmlio
from tarockrec.tournament.standings import Ranked, render
from tarockrec.tournament.record import Row, StandingsRules, rank, series, standings_rules
from tarockrec.validate import validate_record


def _tournament(game: str, name: str, rounds: list[list[tuple[list[str], list[int]]]],
                **extra: Any) -> dict[str, Any]:
    ids = sorted({e for rnd in rounds for seats, _ in rnd for e in seats})
    return {"tarockrec": 1, "game": game, "rules": {"name": name},
            "event": {"name": "test", "date": "2026-11-28"},
            "entrants": [{"id": e, "name": e} for e in ids],
            "rounds": [{"tables": [{"table": str(t + 1), "seats": seats,
                                    "result": {"totals": totals}}
                                   for t, (seats, totals) in enumerate(rnd)]}
                       for rnd in rounds], **extra}


def _scored(rec: dict[str, Any], srules: StandingsRules) -> list[Row]:
    """Rank a totals-only tournament's tables under ``srules`` as validation does (for
    Königrufen tables of five, which the engine does not play yet)."""
    rows = {e["id"]: Row(e["id"], e["name"], carried=e.get("carried", 0), rules=srules)
            for e in rec["entrants"]}
    for r, rnd in enumerate(rec["rounds"]):
        for row in rows.values():
            row.rounds.append(None)
            row.table_ranks.append(None)
            row.round_points.append(None)
        for table in rnd["tables"]:
            tournament._score_table(rows, table["seats"], table["result"]["totals"], r, srules)
            tournament._count_deals(rows, table["seats"], None)
    return rank(list(rows.values()), srules)


# -- Fragenstein 2016: the sum of rank points breaks the tie -----------------------------------
FRAGENSTEIN = [
    [(["H", "a", "b", "c", "d"], [30, 50, 0, -30, -50]), (["M", "e", "f", "g"], [40, 10, -20, -30])],
    [(["H", "M", "a", "e", "f"], [44, -54, 20, 0, -10]), (["b", "c", "d", "g"], [10, 0, -5, -5])],
    [(["H", "a", "b", "c", "e"], [0, 30, 20, -20, -30]), (["M", "d", "f", "g"], [103, -3, -50, -50])],
]


def test_fragenstein_2016_rank_points_break_the_tie() -> None:
    """The tirol-tarock report (2016-08): Haas 209 (74 Schrift / +135 Rang) ahead of
    Morgenbesser 209 (89 / +120) 'auf Grund der schlechteren Rangpunkte'. Rebuilt in three
    rounds of a table of five (60/45/30/15/0) and one of four (60/40/20/0):

    Haas (H): round 1 second at five (30 → 45), round 2 first at five (44 → 60), round 3 third
    at five (0 → 30): Schrift 74, Rang 135, total 209.
    Morgenbesser (M): round 1 first at four (40 → 60), round 2 last at five (−54 → 0), round 3
    first at four (103 → 60): Schrift 89, Rang 120, total 209.
    M has two table wins, H one: by table ranks first (the set's old tie-break) M would be
    ahead; by the sum of rank points (tiroler_cup now) H is."""
    srules = standings_rules("koenigrufen", {"name": "tiroler_cup"})
    assert srules.tie_breaks[0] == "rank_points_sum"
    rows = {r.entrant: r for r in _scored(_tournament("koenigrufen", "tiroler_cup", FRAGENSTEIN),
                                          srules)}
    h, m = rows["H"], rows["M"]
    assert (h.score, h.rank_points, h.total) == (74, 135, 209)
    assert (m.score, m.rank_points, m.total) == (89, 120, 209)
    assert h.rank + 1 == m.rank
    old = StandingsRules(rank_points=srules.rank_points, tie_breaks=("table_ranks", "best_round"))
    before = {r.entrant: r for r in _scored(_tournament("koenigrufen", "x", FRAGENSTEIN), old)}
    assert before["M"].rank + 1 == before["H"].rank


# -- ITVB: placing points first, scales by round, exact means ---------------------------------
ITVB_ROUNDS = [
    [(["A", "B", "C", "D", "E"], [40, 20, -20, -20, -20]), (["F", "G", "H", "I"], [30, 30, -30, -30])],
    [(["F", "A", "H", "C", "I"], [50, 10, 0, -30, -30]), (["B", "D", "E", "G"], [20, 10, -10, -20])],
]


def test_itvb_placing_points_scales_and_exact_means() -> None:
    """ITVB 4.0 (2.1–2.3): 10-8-6-4 at four; at five 10-8-6-4-4 in round 1, 10-8-6-4-2 later;
    tied places take the exact mean; placing points rank, the Schrift breaks ties.

    round 1, five: A 10, B 8, C/D/E share places 3–5: (6 + 4 + 4) / 3 = 14/3;
             four: F/G share 1–2: (10 + 8) / 2 = 9, H/I share 3–4: (6 + 4) / 2 = 5.
    round 2, five: F 10, A 8, H 6, C/I share 4–5: (4 + 2) / 2 = 3 (round 2's scale);
             four: B 10, D 8, E 6, G 4.
    placing points: F 19, A 18, B 18, G 13, D 14/3 + 8 = 38/3, H 11, E 14/3 + 6 = 32/3, I 8,
    C 14/3 + 3 = 23/3.  Schrift: A 50, B 40 → A before B.
    """
    rep = validate_record(_tournament("illustrated", "itvb", ITVB_ROUNDS))
    assert rep.standings is not None, [str(f) for f in rep.findings]
    got = [(r.rank, r.entrant, r.total, r.score) for r in rep.standings]
    assert got == [(1, "F", 19, 80), (2, "A", 18, 50), (3, "B", 18, 40), (4, "G", 13, 10),
                   (5, "D", Fraction(38, 3), -10), (6, "H", 11, -30),
                   (7, "E", Fraction(32, 3), -30), (8, "I", 8, -60),
                   (9, "C", Fraction(23, 3), -50)]
    by = {r.entrant: r for r in rep.standings}
    assert by["C"].round_points == [Fraction(14, 3), 3] and by["F"].round_points == [9, 10]
    text = render([Ranked("t", "test", rep.standings)], "entrants", "text")
    assert "placing_points" in text.splitlines()[1] and "schrift" in text.splitlines()[1]
    assert "38/3" in text
    as_json = json.loads(render([Ranked("t", "test", rep.standings)], "entrants", "json"))
    assert {r["entrant"]: r["total"] for r in as_json}["D"] == "38/3"


def test_itvb_written_standings_with_a_half_point() -> None:
    """A mean with a finite decimal (9 + 0.5) is written and compared exactly: round 1 only,
    four: W 10, X 10 → W/X (10 + 8) / 2 = 9; Y 0, Z −20 → 6, 4; a second table of four
    P 5, Q 5, R 5, S −15 → P/Q/R (10 + 8 + 6) / 3 = 8, S 4. A written 9.5 for W is refused."""
    rec = _tournament("illustrated", "itvb", [[(["W", "X", "Y", "Z"], [10, 10, 0, -20]),
                                               (["P", "Q", "R", "S"], [5, 5, 5, -15])]])
    rep = validate_record(rec)
    assert rep.standings is not None
    assert [(r.entrant, r.total) for r in rep.standings][:2] == [("W", 9), ("X", 9)]
    rec["standings"] = [{"rank": 1, "entrant": "W", "total": 9.5}]
    codes = [f.code for f in validate_record(rec).findings]
    assert "TOURN-STANDINGS" in codes


def test_mean_of_two_places_prints_a_decimal() -> None:
    """(8 + 7) / 2 = 7.5 prints as 7.5, never rounded; 14/3 as a fraction; 7 as 7."""
    assert ranking.place_points([9, 8, 7], 1, 2, ranking.MEAN) == Fraction(15, 2)
    assert ranking.number_text(Fraction(15, 2)) == "7.5"
    assert ranking.number_text(Fraction(14, 3)) == "14/3"
    assert ranking.number_text(Fraction(7)) == "7"
    assert ranking.plain(Fraction(-9, 4)) == -2.25
    assert ranking.place_points([9, 8, 7], 1, 2, ranking.SHARE) == 7
    assert ranking.place_points([9, 8, 7], 1, 2, ranking.HIGHER) == 8


def test_itvb_plays_four_rounds() -> None:
    """ITVB 1.2: a fifth round is refused (TOURN-ROUNDS)."""
    rnd = [(["A", "B", "C", "D"], [10, 0, 0, -10])]
    rep = validate_record(_tournament("illustrated", "itvb", [rnd] * 5))
    assert "TOURN-ROUNDS" in [f.code for f in rep.findings]
    assert validate_record(_tournament("illustrated", "itvb", [rnd] * 4)).valid


# -- every tie-break key, ties at every level --------------------------------------------------
def _row(eid: str, score: int, rank_points: int, rounds: list[int | None],
         places: list[int | None], deals: int | None = 32) -> Row:
    return Row(eid, eid, score=score, rank_points=Fraction(rank_points), rounds=rounds,
               table_ranks=places, round_points=[Fraction(0)] * len(rounds), deals=deals)


@pytest.mark.parametrize("key,expected", [
    # all four have total 100; each key orders them differently
    ("schrift", ["D", "A", "B", "C"]),
    ("rank_points_sum", ["C", "B", "A", "D"]),
    ("rank_points_sum_asc", ["D", "A", "B", "C"]),
    ("table_ranks", ["B", "A", "C", "D"]),
    ("best_round", ["D", "A", "C", "B"]),
    ("second_best_round", ["B", "A", "D", "C"]),
    ("last_round", ["C", "B", "A", "D"]),
    ("fewest_deals", ["C", "A", "B", "D"]),
])
def test_each_tie_break_key(key: str, expected: list[str]) -> None:
    """A: Schrift 60 + 40 (rounds 50, 10; places 1, 2; 32 deals); B: 50 + 50 (rounds 25, 25;
    places 1, 1; 36 deals); C: 40 + 60 (rounds −9, 49; places 2, 2; 30 deals);
    D: 70 + 30 (rounds 70, 0; places 3, 4; 40 deals). Second-best rounds: A 10, B 25, C −9,
    D 0. Ties left by a key keep the entrant-id order and share the rank."""
    rows = [_row("A", 60, 40, [50, 10], [1, 2], 32), _row("B", 50, 50, [25, 25], [1, 1], 36),
            _row("C", 40, 60, [-9, 49], [2, 2], 30), _row("D", 70, 30, [70, 0], [3, 4], 40)]
    ordered = rank(rows, StandingsRules(tie_breaks=(key,)))
    assert [r.entrant for r in ordered] == expected
    assert [r.rank for r in ordered] == [1, 2, 3, 4]


def test_second_best_round_needs_two_rounds() -> None:
    """second_best_round: A played one round (its second-best is missing) and ranks below B
    (rounds 40, −40: second-best −40); C equals B and shares rank 1."""
    rows = [_row("A", 0, 0, [0, None], [2, None]), _row("B", 0, 0, [40, -40], [1, 4]),
            _row("C", 0, 0, [-40, 40], [4, 1])]
    ordered = rank(rows, StandingsRules(tie_breaks=("second_best_round",)))
    assert [(r.rank, r.entrant) for r in ordered] == [(1, "B"), (1, "C"), (3, "A")]


def test_tarockcup_austria_round_limits_and_tie_breaks() -> None:
    """tarockcup_austria from the cup comparison (Mair 2026, via the harbour-tarock summary):
    3 rounds, 16 deals at four, the best round then the second-best break ties. The series
    sample of March 2025: Bernd (rounds 80, −20) and Clara (−60, 120) both 60; Clara's best
    round (120) ranks her 2nd, where the table ranks (Bernd a first and a second place, Clara
    a first and a fourth) had ranked Bernd first."""
    srules = standings_rules("koenigrufen", {"name": "tarockcup_austria"})
    assert (srules.rounds, dict(srules.deals_per_round), srules.tie_breaks) == \
        (3, {4: 16}, ("best_round", "second_best_round"))
    path = Path(__file__).parent.parent / "samples/tournaments/series/wiener-cup-2025-03.json"
    rep = validate_record(json.loads(path.read_text(encoding="utf-8")))
    assert rep.standings is not None
    assert [(r.rank, r.player, r.total) for r in rep.standings][1:3] == [
        (2, "Clara", 60), (3, "Bernd", 60)]
    assert dict(standings_rules("koenigrufen", {"name": "oe_finale_2021"}).deals_per_round) \
        == {4: 16}


def test_best_round_total_and_a_shared_rank() -> None:
    """best_round_total: the best round's Schrift plus that round's rank points. A: rounds 30
    (+10), 0 (+0) → 40; B: 35 (+0), −5 (+10) → 35; C equal to A in everything → A and C share
    rank 1, B third."""
    def row(eid: str, rounds: list[int | None], pts: list[int]) -> Row:
        r = Row(eid, eid, score=sum(x or 0 for x in rounds), rank_points=Fraction(sum(pts)),
                rounds=rounds, table_ranks=[1, 2], round_points=[Fraction(p) for p in pts])
        return r
    rows = [row("A", [30, 0], [10, 0]), row("B", [35, -5], [0, 10]), row("C", [30, 0], [10, 0])]
    ordered = rank(rows, StandingsRules(tie_breaks=("best_round_total",)))
    assert [(r.rank, r.entrant) for r in ordered] == [(1, "A"), (1, "C"), (3, "B")]
    ordered = rank(rows, StandingsRules(tie_breaks=("best_round",)))
    assert [(r.rank, r.entrant) for r in ordered] == [(1, "B"), (2, "A"), (2, "C")]


def test_fewest_deals_unknown_for_totals_only() -> None:
    """A table that gives only its totals leaves the deals unknown: it ranks after a known
    count under fewest_deals."""
    rows = [_row("A", 10, 0, [10], [1], None), _row("B", 10, 0, [10], [1], 20)]
    ordered = rank(rows, StandingsRules(tie_breaks=("fewest_deals",)))
    assert [r.entrant for r in ordered] == ["B", "A"]


# -- cup points by field size, formula, total; carried points ----------------------------------
def test_cup_points_by_field_and_formula() -> None:
    """by_field: fields of 1–7 use [10, 5], of 8 or more [20, 10, 5]. Formula base 5, step 5,
    minimum 1: place p of N scores max(1, 5 + 5 × (N − p)): N 4 → 20, 15, 10, 5.
    A tie (two entrants ranked 2) both take rank 2's points."""
    rows = [_row(e, s, 0, [s], [1]) for e, s in (("A", 30), ("B", 10), ("C", 10), ("D", -50))]
    small = StandingsRules(cup_points_by_field=((1, (10, 5)), (8, (20, 10, 5))),
                           tie_breaks=())
    assert [(r.rank, r.cup_points) for r in rank(rows, small)] == [(1, 10), (2, 5), (2, 5),
                                                                    (4, 0)]
    formula = StandingsRules(cup_points_formula=ranking.CupFormula(5, 5, 1), tie_breaks=())
    assert [r.cup_points for r in rank(rows, formula)] == [20, 15, 15, 5]
    big = rows + [_row(e, -1, 0, [-1], [1]) for e in "EFGH"]
    assert [r.cup_points for r in rank(big, small)][:3] == [20, 10, 10]
    assert ranking.CupFormula(5, 5, 1).points(9, 8) == 1


def test_tyrolean_cup_points_curve() -> None:
    """The Tyrolean curve, place p of N: round(200 × ((N − p) / (N − 1))³). N 5: 200, 84
    (84.375), 25, 3 (3.125), 0. N 30: 200, 180 (180.01), 161 (161.41). A field of one: 0."""
    curve = ranking.CupCurve(200, 3)
    assert [curve.points(p, 5) for p in range(1, 6)] == [200, 84, 25, 3, 0]
    assert [curve.points(p, 30) for p in (1, 2, 3, 30)] == [200, 180, 161, 0]
    assert curve.points(1, 1) == 0


def test_tiroler_cup_gives_cup_points_on_the_field() -> None:
    """tiroler_cup, one round at one table of four: A 30, B 10, C 10, D −50. Rank points
    60/40/20/0, B and C tie and share 2–3: (40 + 20) // 2 = 30. Totals A 90, B 40, C 40,
    D −50; B and C are equal on every tie-break and share rank 2. Cup points on N 4: A 200,
    B and C 200 × (2/3)³ = 59.26 → 59, D 0."""
    rec = _tournament("koenigrufen", "tiroler_cup", [[(["A", "B", "C", "D"], [30, 10, 10, -50])]])
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    assert [(r.rank, r.entrant, r.total, r.cup_points) for r in rep.standings] == [
        (1, "A", 90, 200), (2, "B", 40, 59), (2, "C", 40, 59), (4, "D", -50, 0)]


def test_total_scale_as_the_kaernten_cup_counts() -> None:
    """Kärnten: a total of 0 or less scores 0, up to 100 counts as it is, above 100 only half
    the excess (rounded down), at most 200: 159 → 129 (the KTC report of 2023-12-10),
    101 → 100, 102 → 101, 100 → 100, 41 → 41, 0 → 0, −20 → 0, 300 → 200, 350 → 200."""
    scale = ranking.TotalScale(half_above=100, minimum=0, maximum=200)
    assert [scale.points(t) for t in (159, 101, 102, 100, 41, 0, -20, 300, 350)] == \
        [129, 100, 101, 100, 41, 0, 0, 200, 200]
    assert scale.points(Fraction(203, 2)) == 100          # 101.5: half of 1.5, rounded down


def test_kaernten_cup_ranks_and_scales_its_tournament() -> None:
    """kaernten_cup, one round at two tables: A 159, B 41, C −100, D −100 and E 159, F 101,
    G −130, H −130. A and E tie on 159 and on the best round, and share rank 1 with 129 cup
    points each; F 101 → 100; B 41 → 41; C and D (−100) share rank 5, G and H (−130) rank 7,
    all four 0 cup points."""
    rec = _tournament("koenigrufen", "kaernten_cup", [[
        (["A", "B", "C", "D"], [159, 41, -100, -100]),
        (["E", "F", "G", "H"], [159, 101, -130, -130])]])
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    assert [(r.rank, r.entrant, r.cup_points) for r in rep.standings] == [
        (1, "A", 129), (1, "E", 129), (3, "F", 100), (4, "B", 41), (5, "C", 0), (5, "D", 0),
        (7, "G", 0), (7, "H", 0)]


def test_kaernten_cup_series_shares_equal_sums() -> None:
    """Two KTC tournaments; every result counts (the number of Streichresultate was not
    found) and the set gives no series tie-break, so equal sums share a rank: A 129 + 0 = 129,
    B 41 + 88 = 129, C 100 + 0 = 100 (−20 takes nothing off)."""
    srules = standings_rules("koenigrufen", {"name": "kaernten_cup"})
    assert srules.series_best is None and srules.series_tie_breaks == ()
    events = [rank([_row("A", 159, 0, [159], [1]), _row("B", 41, 0, [41], [2]),
                    _row("C", 100, 0, [100], [1])], srules),
              rank([_row("A", -5, 0, [-5], [2]), _row("B", 88, 0, [88], [1]),
                    _row("C", -20, 0, [-20], [3])], srules)]
    for rows in events:
        for r in rows:
            r.rules = srules
    assert [(s.rank, s.entrant, s.cup_points) for s in series(events)] == [
        (1, "A", 129), (1, "B", 129), (3, "C", 100)]


def test_carried_points_into_the_final() -> None:
    """Ö-Finale: cup winners start with 120 Vorrundenpunkte (entrants[].carried); oe_finale_2021
    counts them into the cup points (the overall ranking), the day's ranking (total) is the
    Schrift. Default rules count them into the total: A 10 + 120 = 130 beats B 40."""
    rec = _tournament("koenigrufen", "oe_finale_2021",
                      [[(["A", "B", "C", "D"], [10, 40, -20, -30])]])
    rec["entrants"][0].update(carried=120, carried_from="Tiroler Tarockcup 2022/23, rank 1")
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    by = {r.entrant: r for r in rep.standings}
    assert (by["B"].rank, by["A"].rank, by["A"].cup_points, by["B"].cup_points) == (1, 2, 120, 0)
    rows = _scored(rec, StandingsRules())
    assert [(r.entrant, r.total) for r in rows][:2] == [("A", 130), ("B", 40)]
    back = xmlio.loads(xmlio.dumps(rec))
    assert back["entrants"][0]["carried"] == 120
    assert back["entrants"][0]["carried_from"] == "Tiroler Tarockcup 2022/23, rank 1"


# -- a series of the best k, its own tie-breaks -------------------------------------------------
def _event(points: dict[str, int], srules: StandingsRules) -> list[Row]:
    return [Row(e, e, cup_points=p, rules=srules) for e, p in points.items()]


def test_series_best_k_and_its_tie_breaks() -> None:
    """Best 2 of 3 (Streichresultate): A 50, 10, 40 → 90; B 30, 60, — → 90; C 45, 45, 0 → 90;
    D 20, 20, 20 → 40. A, B, C tie on 90: best_results compares 60 (B) > 50 (A) > 45 (C);
    without tie-breaks they share rank 1; last_event: A 40 > C 0 > B (not played)."""
    events = [{"A": 50, "B": 30, "C": 45, "D": 20}, {"A": 10, "B": 60, "C": 45, "D": 20},
              {"A": 40, "C": 0, "D": 20}]

    def ranked(srules: StandingsRules) -> list[tuple[int, str, Any]]:
        return [(s.rank, s.entrant, s.cup_points)
                for s in series([_event(e, srules) for e in events])]
    assert ranked(StandingsRules(series_best=2, series_tie_breaks=("best_results",))) == \
        [(1, "B", 90), (2, "A", 90), (3, "C", 90), (4, "D", 40)]
    assert ranked(StandingsRules(series_best=2)) == \
        [(1, "A", 90), (1, "B", 90), (1, "C", 90), (4, "D", 40)]
    assert ranked(StandingsRules(series_best=2, series_tie_breaks=("last_event",))) == \
        [(1, "A", 90), (2, "C", 90), (3, "B", 90), (4, "D", 40)]
    assert ranked(StandingsRules())[0] == (1, "A", 100)       # every result counts


def test_tarockcup_austria_series_is_real() -> None:
    """The Raiffeisen cup sums each entrant's best six tournament results (its cup points are
    the tournament total): seven tournaments where A scores 10, 20, …, 70 count 70 + … + 20
    = 270; the worst (10) is struck."""
    srules = standings_rules("koenigrufen", {"name": "tarockcup_austria"})
    assert srules.cup_points_total and srules.series_best == 6
    tournaments = []
    for k in range(1, 8):
        rows = rank([_row("A", 10 * k, 0, [10 * k], [1]), _row("B", -10 * k, 0, [-10 * k], [2])],
                    srules)
        for r in rows:
            r.rules = srules
        tournaments.append(rows)
    assert tournaments[0][0].cup_points == 10
    s = series(tournaments)
    assert (s[0].entrant, s[0].cup_points) == ("A", 270)
    assert (s[1].entrant, s[1].cup_points) == ("B", -210)


# -- a record's own ranking block ---------------------------------------------------------------
OWN = {"ranks_by": "rank_points", "rank_points": {"4": [3, 2, 1, 0]}, "rank_ties": "mean",
       "tie_breaks": ["schrift"], "sources": {"rank_points": "Clubturnier house rules"}}


def test_a_record_ranks_by_its_own_block(tmp_path: Path) -> None:
    """A club tournament's own block (house rules: 3-2-1-0 placing points, ties the mean, the
    Schrift as tie-break) ranks it instead of its rule set's, and the heading says so.
    Round 1: A 30 → 3, B 10 / C 10 share 2–3: 1.5 each, D −50 → 0. Round 2: D 40 → 3, C 0 → 2,
    B −10 → 1, A −30 → 0. Placing points: C 3.5, A 3, D 3, B 2.5; A and D tie on 3, and A's
    Schrift (0) beats D's (−10): C, A, D, B."""
    rec = _tournament("koenigrufen", "default", [
        [(["A", "B", "C", "D"], [30, 10, 10, -50])], [(["A", "B", "C", "D"], [-30, -10, 0, 40])]],
        tournament=OWN)
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    assert [(r.rank, r.entrant, r.total) for r in rep.standings] == [
        (1, "C", Fraction(7, 2)), (2, "A", 3), (3, "D", 3), (4, "B", Fraction(5, 2))]
    text = render([Ranked("t", "test", rep.standings)], "entrants", "text")
    assert "ranked by its own tournament block" in text.splitlines()[0]
    assert "3.5" in text
    back = xmlio.loads(xmlio.dumps(rec))
    assert back["tournament"] == OWN


def test_an_own_block_that_does_not_fit_is_refused() -> None:
    """An unknown tie-break key in the record's own block: TOURN-RANKING at its place."""
    rec = _tournament("koenigrufen", "default", [[(["A", "B", "C", "D"], [1, 0, 0, -1])]],
                      tournament={**OWN, "tie_breaks": ["coin_toss"]})
    rep = validate_record(rec)
    found = [(f.code, f.pointer) for f in rep.findings]
    assert ("TOURN-RANKING", "/tournament/tie_breaks/0") in found
    assert rep.standings is None


# -- substitutes, departures, tables that end early --------------------------------------------
def _played(seed: int = 1) -> dict[str, Any]:
    """Eight entrants, two rounds of two tables of four, 12 deals each (and any redeal), played by
    the engine;
    entrant 9 is registered as a substitute (absent in round 2)."""
    from tarockrec.generate import tournament_record
    rec = tournament_record("koenigrufen", 8, 2, seed)
    rec.pop("standings")
    rec["entrants"].append({"id": "9", "name": "Player 9"})
    rec["rounds"][1]["absent"] = ["9"]
    return rec


def _deal_scores(rec: dict[str, Any], r: int, t: int) -> list[list[int]]:
    report = validate_record({"tarockrec": 1, "game": rec["game"],
                              "players": ["a", "b", "c", "d"],
                              "deals": rec["rounds"][r]["tables"][t]["deals"]})
    return tournament.deal_deltas(report, "score")


def test_a_substitute_takes_a_seat_over_after_deal_n() -> None:
    """Entrant 9 plays seat 2 of round 1's first table from deal 9: the seat's starter scores
    deals 1–8, the substitute deals 9–12 (split, the default); the starter played more of the
    seat (8 of 12 deals) and takes its place and rank points. seat_holder: the starter takes
    the whole seat, the substitute scores 0."""
    rec = _played()
    table = rec["rounds"][0]["tables"][0]
    starter = table["seats"][2]
    table["substitutes"] = [{"seat": 2, "entrant": "9", "from_deal": 9}]
    table["left"] = [{"seat": 2, "after_deal": 8}]
    per_deal = _deal_scores(rec, 0, 0)
    first, second = sum(d[2] for d in per_deal[:8]), sum(d[2] for d in per_deal[8:])
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    by = {r.entrant: r for r in rep.standings}
    assert by["9"].rounds == [second, None] and by["9"].table_ranks == [None, None]
    assert by[starter].rounds[0] == first and by[starter].table_ranks[0] is not None
    later = next(t for t in rec["rounds"][1]["tables"] if starter in t["seats"])
    assert (by["9"].deals, by[starter].deals) == (4, 8 + len(later["deals"]))   # a redeal too
    own = {"substitutes": "seat_holder", "sources": {"substitutes": "house rule"}}
    rep2 = validate_record({**rec, "tournament": own})
    assert rep2.standings is not None
    by2 = {r.entrant: r for r in rep2.standings}
    assert by2["9"].score == 0 and by2[starter].rounds[0] == first + second


def test_substitutes_and_departures_are_checked() -> None:
    """A player who left while the table plays on without a substitute, a substitute seated at
    another table too, a substitute at a totals-only table, a substitute for a deal the table
    never played: TOURN-SUBSTITUTE / TOURN-SEATED."""
    rec = _played()
    rec["rounds"][0]["tables"][0]["left"] = [{"seat": 1, "after_deal": 5}]
    assert "TOURN-SUBSTITUTE" in [f.code for f in validate_record(rec).findings]

    rec = _played()
    other = rec["rounds"][0]["tables"][1]["seats"][0]
    rec["rounds"][0]["tables"][0]["substitutes"] = [{"seat": 0, "entrant": other,
                                                     "from_deal": 3}]
    assert ("TOURN-SEATED", "/rounds/0/tables/0/substitutes/0/entrant") in \
        [(f.code, f.pointer) for f in validate_record(rec).findings]

    rec = _played()
    rec["rounds"][0]["tables"][0]["substitutes"] = [{"seat": 0, "entrant": "9",
                                                     "from_deal": 13}]
    assert "TOURN-SUBSTITUTE" in [f.code for f in validate_record(rec).findings]

    rnd = [(["A", "B", "C", "D"], [10, 0, 0, -10])]
    rec = _tournament("koenigrufen", "default", [rnd])
    rec["entrants"].append({"id": "E", "name": "E"})
    rec["rounds"][0]["tables"][0]["substitutes"] = [{"seat": 0, "entrant": "E", "from_deal": 2}]
    assert "TOURN-SUBSTITUTE" in [f.code for f in validate_record(rec).findings]


def test_a_player_who_leaves_and_a_table_that_ends_early() -> None:
    """Kärnten 2024 (KTC report 2024-04-14): a player left after 19 deals of round 2. The table
    ends there (its result is its deals', Tiroler Turniermodus: the director may end tables
    early); later rounds mark him absent. Here: the first table of round 1 keeps 7 of its 12
    deals, seat 1's player left after deal 7: valid, its seats credited with 7 deals."""
    rec = _played()
    table = rec["rounds"][0]["tables"][0]
    table["deals"] = table["deals"][:7]
    table.pop("result", None)
    rec["rounds"][0]["absent"] = ["9"]
    table["left"] = [{"seat": 1, "after_deal": 7}]
    table["ended_early"] = True
    rep = validate_record(rec)
    assert rep.standings is not None, [str(f) for f in rep.findings]
    by = {r.entrant: r for r in rep.standings}
    assert by[table["seats"][1]].deals == 7 + 12


# -- published lists ----------------------------------------------------------------------------
def _published(standings: list[dict[str, Any]]) -> dict[str, Any]:
    """The top four of the Fragenstein 2016 Einzel as the report gives them (totals, Schrift,
    Rang), spread over three rounds (the split per round is made up; the sums are the
    report's): Kienberger 299 (119/+180), Fidler 259 (99/+160), Haas 209 (74/+135),
    Morgenbesser 209 (89/+120)."""
    def rounds(*parts: tuple[int, Any]) -> list[dict[str, Any]]:
        return [{"schrift": s, **({"rank_points": p} if not isinstance(p, tuple)
                                  else {"place": p[0], "table_size": p[1]})} for s, p in parts]
    return {"tarockrec": 1, "game": "koenigrufen", "rules": {"name": "tiroler_cup"},
            "event": {"name": "Fragenstein 2016, Einzel", "date": "2016-06-??"},
            "entrants": [{"id": k, "name": n} for k, n in (("1", "Kienberger"), ("2", "Fidler"),
                                                          ("3", "Haas"), ("4", "Morgenbesser"))],
            "rounds": [],
            "published": [
                {"entrant": "1", "rounds": rounds((50, (1, 4)), (40, (1, 4)), (29, 60))},
                {"entrant": "2", "rounds": rounds((30, 60), (40, 60), (29, 40))},
                {"entrant": "3", "rounds": rounds((30, 45), (44, 60), (0, 30))},
                {"entrant": "4", "rounds": rounds((40, 60), (-54, 0), (103, 60))}],
            "standings": standings}


def test_a_published_list_is_ranked_and_compared() -> None:
    """Ranked under tiroler_cup: Kienberger 299, Fidler 259, then Haas before Morgenbesser at
    209 (rank points 135 against 120). Place 1 at a table of four gives 60 from the set's
    scale. Marked unverified; the published ranking agrees; a wrong published rank does not."""
    published = [{"rank": k + 1, "entrant": str(k + 1), "total": t}
                 for k, t in enumerate((299, 259, 209, 209))]
    rep = validate_record(_published(published))
    assert rep.standings is not None, [str(f) for f in rep.findings]
    assert [(r.rank, r.player, r.total, r.score, r.rank_points) for r in rep.standings] == [
        (1, "Kienberger", 299, 119, 180), (2, "Fidler", 259, 99, 160), (3, "Haas", 209, 74, 135),
        (4, "Morgenbesser", 209, 89, 120)]
    assert [(f.code, f.severity) for f in rep.findings] == [("TOURN-UNVERIFIED", "info")]
    published[2]["rank"], published[3]["rank"] = 4, 3
    codes = [f.code for f in validate_record(_published(published)).findings]
    assert codes.count("TOURN-STANDINGS") == 2


def test_a_published_list_that_cannot_be_ranked() -> None:
    """A round with neither rank points nor place where the set gives rank points, a list
    beside tables, an unknown entrant: TOURN-PUBLISHED, TOURN-ENTRANT."""
    rec = _published([])
    rec["published"][0]["rounds"][2] = {"schrift": 29}
    assert "TOURN-PUBLISHED" in [f.code for f in validate_record(rec).findings]
    rec = _published([])
    rec["rounds"] = [{"tables": [{"seats": ["1", "2", "3", "4"],
                                  "result": {"totals": [1, 0, 0, -1]}}]}]
    assert "TOURN-PUBLISHED" in [f.code for f in validate_record(rec).findings]
    rec = _published([])
    rec["published"].append(rec["published"][0])
    assert ("TOURN-PUBLISHED", "/published/4/entrant") in \
        [(f.code, f.pointer) for f in validate_record(rec).findings]
    rec = _published([])
    rec["published"][0]["entrant"] = "99"
    assert ("TOURN-ENTRANT", "/published/0/entrant") in \
        [(f.code, f.pointer) for f in validate_record(rec).findings]


def test_new_fields_round_trip_through_every_notation() -> None:
    """Carried points, substitutes, departures, a published list and a record's own block
    come back unchanged from XML (valid against the XSD) and the text notation."""
    from lxml import etree

    from tarockrec import schema
    from tarockrec.codecs import textio
    rec = _played()
    rec["entrants"][0].update(carried=120, carried_from="Tiroler Tarockcup 2022/23, rank 1")
    table = rec["rounds"][0]["tables"][0]
    table.update(substitutes=[{"seat": 2, "entrant": "9", "from_deal": 9}],
                 left=[{"seat": 2, "after_deal": 8}], ended_early=False)
    rec["tournament"] = OWN
    pub = _published([{"rank": 1, "entrant": "1", "total": 299}])
    for r in (rec, pub):
        assert textio.loads(textio.dumps(r)) == r
        text = xmlio.dumps(r)
        assert xmlio.loads(text) == r
        assert schema.xsd().validate(etree.fromstring(text.encode()))
    assert 'carried="120"' in xmlio.dumps(rec)
    assert validate_record(xmlio.loads(xmlio.dumps(rec))).valid


def test_best_results_a_missing_result_ranks_below_any() -> None:
    """Issue 39, 1.8 (docs/tournaments.md): ``best_results`` compares the single results from
    the best down; where one entrant's results run out first, a missing result ranks below
    any result, 0 included. A 50, 50, 0 and B 50, 50, — both sum to 100: A ranks above B
    (before, B ranked above A: the shorter list sorted first). Results that differ before
    either runs out decide there (C 60, 40, — above A); equal results, equally many, share
    the rank (D as B)."""
    events = [{"A": 50, "B": 50, "C": 60, "D": 50}, {"A": 50, "B": 50, "C": 40, "D": 50},
              {"A": 0}]
    srules = StandingsRules(series_tie_breaks=("best_results",))
    got = [(s.rank, s.entrant, s.cup_points)
           for s in series([_event(e, srules) for e in events])]
    assert got == [(1, "C", 100), (2, "A", 100), (3, "B", 100), (3, "D", 100)]
