"""The worked examples of docs/tournaments.md, "Substitutes, departures, tables that end early"
→ "Worked by hand": each names a shipped sample, shows its deals (rows of Rufers won by two
named players) and the standings computed by hand. Both tables are read from the page and
compared with what tarockrec derives, so the page cannot drift from the code."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tarockrec.tournament import record as tournament
from tarockrec.cli import main
from tarockrec.validate import validate_record

DOC = Path(ROOT) / "docs" / "tournaments.md"
SAMPLE = re.compile(r"\(`(samples/tournaments/valid/[\w-]+\.json)`\)")


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("### Worked by hand")
    return text[start:text.index("\n## ", start)]


def _tables(chunk: str) -> list[list[list[str]]]:
    """The markdown tables of a piece of the page: rows of cells, the header first, the
    separator line left out."""
    tables: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in chunk.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= {"-"} for c in cells):
                rows.append(cells)
        elif rows:
            tables.append(rows)
            rows = []
    return tables


def _examples() -> list[tuple[str, list[list[list[str]]]]]:
    section = _section()
    found = list(SAMPLE.finditer(section))
    return [(m.group(1), _tables(section[m.end():found[k + 1].start() if k + 1 < len(found)
                                         else len(section)]))
            for k, m in enumerate(found)]


def _number(cell: str) -> int | None:
    """A cell's figure: the result after the last '=' ("20 + 40 = 60"), its own sign, the
    typographic minus read as '-'; a note in brackets left out; '—' for none."""
    value = re.sub(r"\(.*?\)", "", cell.split("=")[-1]).strip().replace("−", "-")
    return None if value in ("—", "") else int(value)


def test_the_page_shows_three_worked_examples() -> None:
    names = [Path(path).stem for path, _ in _examples()]
    assert names == ["substitute-after-deal-3", "left-after-19-deals", "table-ended-early"]
    for _, tables in _examples():
        assert [t[0][0] for t in tables] == ["deals", "rank"]


def _standings(path: str) -> list[dict[str, Any]]:
    res = CliRunner().invoke(main, ["standings", str(Path(ROOT) / path), "--format", "json"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    out: list[dict[str, Any]] = json.loads(res.output)
    return out


COLUMNS = {"Schrift": "score", "rank points": "rank_points", "total": "total",
           "cup points": "cup_points"}


@pytest.mark.parametrize("path,tables", _examples(), ids=lambda x: Path(x).stem
                         if isinstance(x, str) else "")
def test_standings_are_the_pages(path: str, tables: list[list[list[str]]]) -> None:
    """Rank, order, Schrift, rank points, total, best round and cup points of every row; ties
    that a key breaks and ties that stay shared are both in each example."""
    header, *rows = tables[1]
    got = _standings(path)
    assert [g["player"] for g in got] == [r[header.index("entrant")] for r in rows]
    ranks = [int(r[0]) for r in rows]
    assert len(set(ranks)) < len(ranks), "a shared rank"
    for row, derived in zip(rows, got):
        assert derived["rank"] == int(row[0])
        for column, key in COLUMNS.items():
            if column in header:
                assert derived[key] == _number(row[header.index(column)]), (row, column)
        if "best round" in header:
            best = max(x for x in derived["rounds"] if x is not None)
            assert best == _number(row[header.index("best round")])
    totals = [_number(r[header.index("total")]) for r in rows]
    assert any(totals[k] == totals[k + 1] and ranks[k] != ranks[k + 1]
               for k in range(len(rows) - 1)), "a tie a key breaks"


@pytest.mark.parametrize("path,tables", _examples(), ids=lambda x: Path(x).stem
                         if isinstance(x, str) else "")
def test_deals_are_the_pages(path: str, tables: list[list[list[str]]]) -> None:
    """The first table of the round that has deals: each row's deals won by the named pair,
    each seat's sum over them, and the table's totals."""
    rec = json.loads((Path(ROOT) / path).read_text(encoding="utf-8"))
    table = next(t for t in rec["rounds"][0]["tables"] if "deals" in t)
    names = {e["id"]: e["name"] for e in rec["entrants"]}
    taken = {(s["seat"], s["from_deal"]): s["entrant"] for s in table.get("substitutes", ())}
    report = validate_record({"tarockrec": 1, "game": rec["game"], "rules": rec["rules"],
                              "players": [names[e] for e in table["seats"]],
                              "deals": table["deals"]})
    assert report.valid and report.totals is not None
    per_deal = tournament.deal_deltas(report, "score")
    header, *rows = tables[0]
    assert header[:2] == ["deals", "winners"] and len(header) == 2 + len(table["seats"])
    covered = 0
    for row in rows[:-1]:
        first, _, last = row[0].partition("–")
        span = range(int(first), int(last or first) + 1)
        assert span.start == covered + 1
        covered = span.stop - 1
        for k in span:
            seated = [_playing(table["seats"], taken, s, k) for s in range(len(table["seats"]))]
            won = {names[seated[s]] for s in range(len(seated)) if per_deal[k - 1][s] > 0}
            assert won == set(row[1].split(", ")), (row, k)
        for s in range(len(table["seats"])):
            assert _number(row[2 + s]) == sum(per_deal[k - 1][s] for k in span), (row, s)
    assert covered == len(per_deal)
    assert rows[-1][0] == "table"
    assert [_number(c) for c in rows[-1][2:]] == report.totals


def _playing(seats: list[str], taken: dict[tuple[int, int], str], seat: int, deal: int) -> str:
    """Who plays a seat at a deal: its latest substitute from that deal or before, else its
    starter."""
    starts = [(d, e) for (s, d), e in taken.items() if s == seat and d <= deal]
    return max(starts)[1] if starts else seats[seat]


def test_seat_holder_credits_the_whole_seat_to_its_starter() -> None:
    """The substitute example's last sentence: under seat_holder Dora takes seat 4's 20 and
    its 50 rank points (70, rank 2), Emil nothing in round 1 (−20, rank 5)."""
    path = Path(ROOT) / "samples" / "tournaments" / "valid" / "substitute-after-deal-3.json"
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["tournament"]["substitutes"] == "split"
    rec["tournament"]["substitutes"] = "seat_holder"
    rep = validate_record(rec)
    assert rep.standings is not None
    by = {row.player: row for row in rep.standings}
    assert (by["Dora"].score, by["Dora"].rank_points, by["Dora"].total, by["Dora"].rank) == \
        (20, 50, 70, 2)
    assert (by["Emil"].rounds, by["Emil"].total, by["Emil"].rank) == ([0, -20], -20, 5)
