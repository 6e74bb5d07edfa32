"""Score tables for analysis (issue 11, item 5): ``score --format csv|json`` writes one row per
deal and seat, for every registered game (nothing game-specific in the code or here)."""
from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec import games
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records, session_records
from tarockrec.scoretable import FIXED, ITEM_PREFIX
from tarockrec.validate import validate_record

from conftest import SAMPLES

GAMES = sorted(games.all_games())


def _valid_samples(game: str) -> list[str]:
    folder = os.path.join(SAMPLES, game, "valid")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))


def _csv(args: list[str]) -> tuple[list[dict[str, str]], list[str], Any]:
    res = CliRunner().invoke(main, ["score", "--format", "csv", *args])
    reader = csv.DictReader(io.StringIO(res.stdout))
    return list(reader), list(reader.fieldnames or []), res


def _json(args: list[str]) -> tuple[list[dict[str, Any]], Any]:
    res = CliRunner().invoke(main, ["score", "--format", "json", *args])
    return json.loads(res.stdout), res


def _expected(path: str) -> list[tuple[int, list[int], dict[str, Any], dict[str, Any]]]:
    """(deal number, recomputed per-seat scores, facts, the deal object) of every scored deal."""
    rec = jsonio.loads(Path(path).read_bytes())
    rep = validate_record(rec)
    deals = rec["deals"] if "deals" in rec else [rec]
    return [(i + 1, sc.deltas, sc.facts, deals[i]) for i, sc in enumerate(rep.scores)
            if sc is not None]


@pytest.mark.parametrize("game", GAMES)
def test_every_valid_sample_gives_a_row_per_deal_and_seat(game: str) -> None:
    paths = _valid_samples(game)
    assert paths
    rows, columns, res = _csv(paths)
    assert res.exit_code == 0, res.output
    # ``money`` last, only where some deal counts kontras for money only (Königrufen cups)
    money = ["money"] if columns[-1] == "money" else []
    assert columns[:len(FIXED)] == list(FIXED) and columns[-1 - len(money)] == "total"
    items = [c for c in columns if c.startswith(ITEM_PREFIX)]
    assert columns == list(FIXED) + items + ["total"] + money
    by_place = {(r["source"], int(r["deal"]), int(r["seat"])): r for r in rows}
    assert len(by_place) == len(rows)
    expected_rows = 0
    for path in paths:
        rec = jsonio.loads(Path(path).read_bytes())
        g = games.get(rec["game"])
        assert g is not None
        players = [p["name"] if isinstance(p, dict) else p for p in rec["players"]]
        for deal, deltas, facts, d in _expected(path):
            for seat, total in enumerate(deltas):
                expected_rows += 1
                row = by_place[(path, deal, seat)]
                assert int(row["total"]) == total
                if money:
                    score = validate_record(jsonio.loads(Path(path).read_bytes())).scores[deal - 1]
                    assert score is not None
                    assert int(row["money"]) == (score.money or score.deltas)[seat]
                assert row["player"] == players[seat]
                assert row["record"] == "1" and row["dealer"] == str(d["dealer"])
                if "deal" in d:         # a played deal: its items add up to its total
                    assert sum(int(row[c]) for c in items) == total
                    if facts.get("contract") is not None:
                        assert row["contract"] == str(facts["contract"])
                written = (d.get("result") or {}).get("scores")
                if written is not None:
                    assert int(row["total"]) == written[seat]
                decl = facts.get("declarer")
                if isinstance(decl, int) and seat == decl:
                    assert row["side"] == "declarer" and row["declarer"] == str(decl)
                # the seat who sits out is the one the game says, on a played deal (dealt no
                # cards) as on a score sheet (which has no hands to tell)
                out = g.sitting_out(len(deltas), d["dealer"], facts)
                assert (row["side"] == "out") == (seat in out)
                hands = (d.get("deal") or {}).get("hands")
                if seat in out and hands is not None:
                    assert not hands[seat]
    assert len(rows) == expected_rows > 0


@pytest.mark.parametrize("game", GAMES)
def test_csv_and_json_hold_the_same_table(game: str) -> None:
    paths = _valid_samples(game)
    rows, columns, _ = _csv(paths)
    objs, res = _json(paths)
    assert res.exit_code == 0
    assert len(objs) == len(rows) and all(list(o) == columns for o in objs)
    for o, r in zip(objs, rows):
        assert {k: "" if v is None else str(v) for k, v in o.items()} == r
        assert isinstance(o["total"], int) and isinstance(o["seat"], int)


@pytest.mark.parametrize("game", GAMES)
def test_generated_deals_and_sessions_of_every_game(game: str, tmp_path: Path) -> None:
    g = games.get(game)
    assert g is not None
    n = g.table_sizes[-1]
    path = tmp_path / "g.jsonl"
    recs = list(deal_records(game, 25, 11, n)) + list(session_records(game, 2, 4, 12, n))
    path.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in recs))
    objs, res = _json([str(path)])
    assert res.exit_code == 0, res.output
    deals = 25 + 2 * 4
    assert len(objs) == deals * n
    got: dict[tuple[int, int], list[int]] = {}
    for o in objs:
        got.setdefault((o["record"], o["deal"]), []).append(o["total"])
        items = sum(v for k, v in o.items() if k.startswith(ITEM_PREFIX))
        assert items == o["total"]
        assert o["side"] in ("declarer", "defender", "out", "")
    for i, rec in enumerate(recs, 1):
        deal_list = rec["deals"] if "deals" in rec else [rec]
        for k, d in enumerate(deal_list, 1):
            assert got[(i, k)] == d["result"]["scores"]
            assert sum(got[(i, k)]) == 0


def test_koenigrufen_worked_example_row_by_row() -> None:
    """rules/koenigrufen.md example 1: a Rufer won with 40 points under rekontra, partner seat 2,
    silent pagat, trull and XXI capture for the declarer's side: 40 + 10 + 10 + 10."""
    path = os.path.join(SAMPLES, "koenigrufen", "valid", "ex01-rufer-kontra-rekontra.json")
    rows, columns, res = _csv([path])
    assert res.exit_code == 0
    assert columns == list(FIXED) + ["item.contract", "item.pagat", "item.trull",
                                     "item.xxi_capture", "total"]
    assert [(r["seat"], r["contract"], r["declarer"], r["partner"], r["side"], r["item.contract"],
             r["item.pagat"], r["total"]) for r in rows] == [
        ("0", "rufer", "0", "2", "declarer", "40", "10", "70"),
        ("1", "rufer", "0", "2", "defender", "-40", "-10", "-70"),
        ("2", "rufer", "0", "2", "declarer", "40", "10", "70"),
        ("3", "rufer", "0", "2", "defender", "-40", "-10", "-70"),
    ]


def test_the_seat_who_sits_out_is_marked() -> None:
    path = os.path.join(SAMPLES, "illustrated", "valid", "e07_five_players_birds.json")
    objs, _ = _json([path])
    rec = json.loads(Path(path).read_text())
    out = [o["seat"] for o in objs if o["side"] == "out"]
    assert out == [rec["dealer"]]


def test_a_score_sheet_gives_its_written_total() -> None:
    path = os.path.join(SAMPLES, "koenigrufen", "valid", "sheet-rufer.json")
    rec = json.loads(Path(path).read_text())
    objs, res = _json([path])
    assert res.exit_code == 0
    assert [o["total"] for o in objs] == rec["result"]["scores"]
    assert {o["partner"] for o in objs} == {rec["result"]["partner"]}
    assert [o["side"] for o in objs].count("declarer") == 2


def test_invalid_and_unreadable_records_give_no_rows_and_say_so(tmp_path: Path) -> None:
    bad = sorted(Path(SAMPLES, "koenigrufen", "invalid").glob("*.json"))[0]
    good = _valid_samples("ulti")[0]
    rows, _, res = _csv([good, str(bad)])
    assert res.exit_code == 1
    assert {r["source"] for r in rows} == {good}
    assert f"{bad} #1: INVALID" in res.stderr
    missing = tmp_path / "missing.json"
    rows, _, res = _csv([good, str(missing)])
    assert res.exit_code == 2 and "unreadable, no rows" in res.stderr and len(rows) == 3


def test_record_id_from_meta_or_private_id(tmp_path: Path) -> None:
    rec = jsonio.loads(Path(_valid_samples("ulti")[0]).read_bytes())
    a = dict(rec, meta={"id": "table-7/3"})
    b = dict(rec, _id=4711)
    path = tmp_path / "two.jsonl"
    path.write_text(jsonio.dumps(a, compact=True) + "\n" + jsonio.dumps(b, compact=True) + "\n")
    objs, res = _json([str(path)])
    assert res.exit_code == 0
    assert [o["id"] for o in objs] == ["table-7/3"] * 3 + ["4711"] * 3
    assert [o["record"] for o in objs] == [1] * 3 + [2] * 3


def test_pandas_reads_both(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    path = _valid_samples("koenigrufen")[0]
    _, _, res = _csv([path])
    df = pd.read_csv(io.StringIO(res.stdout))
    objs, _ = _json([path])
    dj = pd.DataFrame(objs)
    assert list(df["total"]) == list(dj["total"])


#: tables at which a seat sits out: Königrufen and Illustrated at five, Carinthian at four
SITTING_OUT = [("koenigrufen", 5), ("illustrated", 5), ("carinthian", 4)]


@pytest.mark.parametrize("game, n", SITTING_OUT)
def test_a_score_sheet_marks_the_seat_who_sits_out_as_the_played_deal_does(
        game: str, n: int, tmp_path: Path) -> None:
    """``convert --sheet`` of a session at which the dealer sits out: the sheet has no hands,
    and its rows give the same ``side`` column as the played session's (the dealer ``out``,
    never ``defender``; Carinthian's dealer plays in Trischak, so is not out there)."""
    played = tmp_path / "played.jsonl"
    recs = list(session_records(game, 3, 8, 31, n))
    played.write_text("".join(jsonio.dumps(r, compact=True) + "\n" for r in recs))
    sheets = tmp_path / "sheets.jsonl"
    res = CliRunner().invoke(main, ["convert", "--sheet", str(played), str(sheets)])
    assert res.exit_code == 0, res.output
    assert all("deal" not in d for line in sheets.read_text().splitlines()
               for d in json.loads(line)["deals"])
    rows_played, res = _json([str(played)])
    assert res.exit_code == 0, res.output
    rows_sheet, res = _json([str(sheets)])
    assert res.exit_code == 0, res.output
    side = [(o["record"], o["deal"], o["seat"], o["side"]) for o in rows_played]
    assert side == [(o["record"], o["deal"], o["seat"], o["side"]) for o in rows_sheet]
    g = games.get(game)
    assert g is not None
    dealt = {(i, k): d for i, r in enumerate(recs, 1) for k, d in enumerate(r["deals"], 1)}
    outs = 0
    for o in rows_played:
        d = dealt[(o["record"], o["deal"])]
        trischak = o["contract"] == "trischak"
        if o["seat"] == d["dealer"] and not trischak:
            assert o["side"] == "out"
            assert not d["deal"]["hands"][o["seat"]]
            outs += 1
        else:
            assert o["side"] != "out"
    assert outs > 0


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_a_sheet_with_a_result_keeps_the_money(fmt: str, tmp_path: Path) -> None:
    """Issue 32, item 2: a score sheet that writes a ``result`` object (every sheet ``convert
    --sheet`` writes) keeps the ``money`` column of a rule set that counts kontras for money
    only, with the figures of its full record."""
    from tarockrec.tournament.sheet import to_sheet
    full = os.path.join(SAMPLES, "koenigrufen", "valid", "cup-bettel-individual-kontra.json")
    sheet = tmp_path / "sheet.json"
    sheet.write_text(jsonio.dumps(to_sheet(jsonio.loads(Path(full).read_bytes()))))
    score = validate_record(jsonio.loads(Path(full).read_bytes())).scores[0]
    assert score is not None and score.money is not None and score.money != score.deltas
    if fmt == "csv":
        rows, columns, res = _csv([str(sheet)])
        assert res.exit_code == 0 and columns[-1] == "money"
        assert [int(r["money"]) for r in rows] == score.money
    else:
        objs, res = _json([str(sheet)])
        assert res.exit_code == 0
        assert [o["money"] for o in objs] == score.money


def test_a_substitute_is_named_for_the_deals_he_played() -> None:
    """Issue 39, 1.3: ``score`` credits each deal to the entrant who played it, as the
    standings split the seat (substitutes.py): E plays seat 3 from deal 4, so the rows of deals
    4–8 name E, and each entrant's rows add up to his round result in the standings. Before,
    every row of the seat named D (Dora), the starter."""
    path = os.path.join(SAMPLES, "tournaments", "valid", "substitute-after-deal-3.json")
    rec = json.loads(Path(path).read_text())
    sub = rec["rounds"][0]["tables"][0]["substitutes"][0]
    names = {e["id"]: e["name"] for e in rec["entrants"]}
    starter = rec["rounds"][0]["tables"][0]["seats"][sub["seat"]]
    csv_rows, _, res = _csv([path])
    assert res.exit_code == 0, res.output
    json_rows, _ = _json([path])
    for rows in (csv_rows, json_rows):
        at_seat = [(int(r["deal"]), r["entrant"], r["player"]) for r in rows
                   if int(r["seat"]) == sub["seat"] and int(r["round"]) == 1]
        assert at_seat and all(
            (e, p) == ((sub["entrant"], names[sub["entrant"]]) if k >= sub["from_deal"]
                       else (starter, names[starter])) for k, e, p in at_seat)
    res = CliRunner().invoke(main, ["standings", "--format", "json", path])
    standings = {r["entrant"]: r["rounds"][0] for r in json.loads(res.stdout)}
    summed: dict[str, int] = {}
    for r in json_rows:
        if r["round"] == 1:
            summed[r["entrant"]] = summed.get(r["entrant"], 0) + r["total"]
    assert summed == {e: x for e, x in standings.items() if x is not None}
    text = CliRunner().invoke(main, ["score", path]).stdout
    deals = text.split("\n  deal ")
    head = f"{names[sub['entrant']]} ({sub['seat']})"
    assert all((head in d) == (int(d.split("\n")[0]) >= sub["from_deal"]) for d in deals[1:9])
    assert f"seat {sub['seat']} from deal {sub['from_deal']}: {sub['entrant']}" in text


def test_a_substitute_is_named_in_the_workbook() -> None:
    """The same in ``score --format xlsx`` (a workbook of the CSV's rows)."""
    openpyxl = pytest.importorskip("openpyxl")
    path = os.path.join(SAMPLES, "tournaments", "valid", "substitute-after-deal-3.json")
    res = CliRunner().invoke(main, ["score", "--format", "xlsx", path])
    ws = openpyxl.load_workbook(io.BytesIO(res.stdout_bytes)).active
    rows = list(ws.iter_rows(values_only=True))
    col = {c: i for i, c in enumerate(rows[0])}
    last = [r for r in rows[1:] if r[col["deal"]] == 8 and r[col["seat"]] == 3]
    assert [r[col["entrant"]] for r in last] == ["E"]
