"""A large tournament's inline tables are read one at a time by ``validate`` (tarockrec/tournament/inline.py):
its memory does not grow with the tables, and its report is the one of the whole document,
whatever is wrong in it."""
from __future__ import annotations

import copy
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from tarockrec import parallel, sources
from tarockrec.codecs import jsonio
from tarockrec.generate import tournament_record
from tarockrec.report import Style


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """A played tournament of 8 entrants: one round, two tables of 12 deals."""
    return tournament_record("koenigrufen", 8, 1, 11)


def _tournament(played: dict[str, Any], tables: int) -> dict[str, Any]:
    """``tables`` tables in one round, each playing one of ``played``'s tables' deals."""
    given = played["rounds"][0]["tables"]
    rec = {k: v for k, v in played.items() if k not in ("standings", "rounds", "entrants")}
    rec["entrants"] = [{"id": str(i + 1), "name": f"Player {i + 1}"} for i in range(4 * tables)]
    rec["rounds"] = [{"tables": [
        {"table": str(t + 1), "seats": [str(4 * t + s + 1) for s in range(4)],
         "deals": copy.deepcopy(given[t % 2]["deals"]), "result": given[t % 2]["result"]}
        for t in range(tables)]}]
    return rec


def _write(path: Path, rec: Any) -> str:
    path.write_text(jsonio.dumps(rec), encoding="utf-8")
    return str(path)


def _validated(path: str, fmt: str = "text") -> str:
    """What ``validate`` prints for ``path`` (files of one record are read as ``Document``s)."""
    return "".join(c.text for c in parallel.rendered([path], Style(fmt), jobs=1))


def _whole(path: str, fmt: str = "text") -> str:
    """The same, the document read whole (as before)."""
    return parallel._tally(sources.entries(path), Style(fmt)).text


def _peak(path: str) -> int:
    tracemalloc.start()
    try:
        out = _validated(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert out.endswith("valid (koenigrufen tournament)\n"), out


def test_memory_does_not_grow_with_the_inline_tables(played: dict[str, Any], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Read whole, a tournament of 60 tables held every deal at once (~20 times its file);
    a table at a time, three times the tables take the same memory, below the file's size."""
    monkeypatch.setattr(sources, "INLINE_FROM", 0)
    small = _write(tmp_path / "small.json", _tournament(played, 20))
    large = _write(tmp_path / "large.json", _tournament(played, 60))
    size = Path(large).stat().st_size
    few, many = _peak(small), _peak(large)
    assert many < 1.3 * few, (few, many)
    assert many < size, (many, size)


def _rereads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The documents read whole again for being checked (``inline.Reread``)."""
    seen: list[str] = []
    real = parallel.entries

    def counted(path: str, inline: bool = False) -> Any:
        seen.append(path)
        return real(path, inline)
    monkeypatch.setattr(parallel, "entries", counted)
    return seen


def _edit(text: str, old: str, new: str, nth: int = 1) -> str:
    """``text`` with the ``nth`` occurrence of ``old`` replaced."""
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    return text[:at] + new + text[at + len(old):]


#: (what is changed, how, read whole again)
EDITS = [
    ("nothing", lambda t: t, False),
    ("a wrong score in the third table", lambda t: _edit(t, '"scores": [', '"scores": [1',
                                                         40), False),
    ("a card dealt twice", lambda t: _edit(t, '"T1"', '"T2"', 20), False),
    ("an unknown card (a schema finding)", lambda t: _edit(t, '"T1"', '"T0"', 20), True),
    ("a seat not in the register", lambda t: _edit(t, '"seats": ["9"', '"seats": ["x"'),
     False),
    ("broken JSON in a table's deals", lambda t: _edit(t, '"dealer": 1,', '"dealer": 1', 7),
     True),
    ("broken JSON in a table left out", lambda t: _edit(
        _edit(t, '"dealer": 1,', '"dealer": 1', 7), '"seats": ["5"', '"seats": ["x"'), True),
    ("a key twice in a deal", lambda t: _edit(t, '"dealer": 1,', '"dealer": 1, "dealer": 1,',
                                               5), True),
    ("an unknown field in a deal", lambda t: _edit(t, '"dealer": 1,', '"dealr": 1,', 5), True),
    ("a fraction in a deal", lambda t: _edit(t, '"dealer": 1,', '"dealer": 1.0,', 5), True),
    ("an unknown field in the tournament", lambda t: _edit(t, '"game"', '"gme": 1, "game"'),
     True),
    ("a note inside a table's deals", lambda t: _edit(
        t, '"game": "koenigrufen",', '"game": "koenigrufen", "notes": [{"at": '
        '"/rounds/0/tables/2/deals/40", "text": "x"}],'), True),
    ("a table with deals and a source", lambda t: _edit(
        t, '"seats": ["5"', '"source": "t.json", "seats": ["5"'), False),
    # a deal's fields sit 7 levels into the record: 194 lists in one are as deep as a record
    # may go, 195 too deep (a table's deals read apart are held to the levels around them)
    ("data as deep as may be inside a deal", lambda t: _edit(
        t, '"dealer": 1,', '"dealer": 1, "_x": ' + "[" * 194 + "]" * 194 + ",", 5), False),
    ("data too deep inside a deal", lambda t: _edit(
        t, '"dealer": 1,', '"dealer": 1, "_x": ' + "[" * 195 + "]" * 195 + ",", 5), True),
]


@pytest.mark.parametrize("what, edit, reread", EDITS, ids=[e[0] for e in EDITS])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_report_is_the_whole_documents(what: str, edit: Any, reread: bool, fmt: str,
                                           played: dict[str, Any], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "INLINE_FROM", 0)
    text = edit(jsonio.dumps(_tournament(played, 4)))
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    seen = _rereads(monkeypatch)
    streamed = _validated(str(path), fmt)
    assert bool(seen) == reread, what
    assert streamed == _whole(str(path), fmt)
    if what not in ("nothing", "data as deep as may be inside a deal"):
        assert "valid (koenigrufen tournament)" not in streamed.replace("invalid", "")


def test_only_the_writers_shape_is_deferred_and_a_stand_in_elsewhere_is_not_taken(
        played: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compact document has no table's deals on lines of their own: read whole. Deals in a
    private field are found too, but their stand-in is not where a table's deals stand: read
    whole."""
    monkeypatch.setattr(sources, "INLINE_FROM", 0)
    rec = _tournament(played, 3)
    compact = tmp_path / "compact.json"
    compact.write_text(jsonio.dumps(rec, compact=True), encoding="utf-8")
    assert next(sources.entries(str(compact), inline=True)).deferred is None
    rec["_kept"] = {"deals": rec["rounds"][0]["tables"][0]["deals"]}
    private = _write(tmp_path / "private.json", rec)
    assert next(sources.entries(private, inline=True)).deferred is None
    assert _validated(private) == _whole(private)
    del rec["_kept"]
    fine = _write(tmp_path / "fine.json", rec)
    entry = next(sources.entries(fine, inline=True))
    assert entry.deferred is not None and len(entry.deferred.spans) == 3
    assert all(t["deals"] == [] for t in entry.record["rounds"][0]["tables"])
