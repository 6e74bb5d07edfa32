"""A seeded fuzz run over every game: readers, ``validate_record`` and every writer
(``bench/fuzz.py`` runs the same fuzzer over 100,000 inputs)."""
from __future__ import annotations

import os
import sys

from conftest import ROOT
from tarockrec import games

sys.path.insert(0, os.path.join(ROOT, "bench"))
import fuzz  # noqa: E402


def test_fuzzed_inputs_never_crash_and_writers_keep_what_reads() -> None:
    # CPU time of one input: the slowest here takes 1.2 s alone and 2.1 s while another suite
    # shares the cores (the suite runs a process per core); bench/fuzz.py keeps 2 s
    out = fuzz.run(2500, seed=11, game_names=list(games.all_games()), per_game=8,
                   slow_after=4.0)
    assert out.crashes == [] and out.slow == []
    # the fuzzer reaches every stage: unreadable inputs, valid records, rewritten records
    assert out.records >= 2500 and out.valid > 200 and out.rewritten > out.valid
    # and every place: deals, sessions and score sheets of every game, as one record (JSON,
    # XML, text) and as several (a pretty JSON array, JSON Lines, an XML archive, text
    # blocks), each with some valid record read from it; tournaments (fewer inputs) of every
    # game and in every format
    # (each kind in every format and of every game; bench/fuzz.py's long run reaches every
    # format/game/kind cell, a few thousand inputs miss one or two of the 105)
    names = list(games.all_games())
    for kind in ("deal", "session", "sheet"):
        reached = [w.split("/") for w, n in out.valid_by.items() if w.endswith("/" + kind) and n]
        assert {f for f, _, _ in reached} == set(fuzz.FORMATS), kind
        assert {g for _, g, _ in reached} == set(names), kind
    tournaments = [w.split("/") for w in out.valid_by if w.endswith("/tournament")]
    assert {f for f, _, _ in tournaments} == set(fuzz.FORMATS)
    assert {g for _, g, _ in tournaments} == set(names)
    assert set(fuzz.FORMATS) >= {"json-array", "jsonl", "xml-archive", "text", "text-archive"}
    # tournaments with their tables in files of their own, in every format of the
    # tournament's file and of the tables' files, of every game
    sources = [w.split("/") for w, n in out.valid_by.items() if w.endswith("/sources") and n]
    assert {f for f, _, _ in sources} == set(fuzz.FORMATS) | {
        "table-file" + ext for ext in fuzz.SOURCE_FORMATS}
    assert {g for _, g, _ in sources} == set(names)
    # every valid record was made a score sheet (convert --sheet) that scores the same
    assert out.sheets == out.valid


def test_the_fuzzer_finds_a_sheet_that_scores_otherwise(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A ``convert --sheet`` that drops a tournament table's deals is caught."""
    real = fuzz.to_sheet

    def dropping(rec, origin=None):  # type: ignore[no-untyped-def]
        out = real(rec, origin)
        for rnd in out.get("rounds", []):
            for table in rnd["tables"]:
                if "deals" in table:
                    table["deals"] = table["deals"][:-1]
        return out
    monkeypatch.setattr(fuzz, "to_sheet", dropping)
    records = [r for r in fuzz.corpus(["ulti"], 2, 1) if fuzz.kind_of(r) == "tournament"]
    out = fuzz.Outcome()
    fuzz.check_one("t.json", fuzz.FORMATS["json"][2](records).encode(), out, "json/ulti/x")
    assert out.crashes and "its score sheet validates otherwise" in out.crashes[0]


def test_the_fuzzer_finds_a_planted_bug(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """It can fail: a writer that drops private fields is caught."""
    from tarockrec.codecs import xmlio
    real = xmlio.dumps
    monkeypatch.setattr(fuzz.xmlio, "dumps",
                        lambda rec: real({k: v for k, v in rec.items() if k != "players"}))
    out = fuzz.run(30, seed=3, game_names=["ulti"], per_game=3)
    assert any("changed the record" in c or "XMLError" in c or "Error" in c for c in out.crashes)
