"""The XML fast reader against the explaining one: the same entries (records, findings, line
maps) and the same validation findings, lines included, for valid, invalid and mutated records.

"slow" below means ``_fast_record`` switched off: every record read by ``_read_obj``, as before
the fast reader existed."""
from __future__ import annotations

import io
import random
from typing import Any, Callable, Iterator

import pytest
from conftest import comparable_entries, sample_records_by_game
from lxml import etree

from tarockrec import games
from tarockrec.codecs import jsonio, xmlio
from tarockrec.generate import deal_records, session_records

def _specs() -> list[tuple[str, int]]:
    return [(name, n) for name, g in games.all_games().items() for n in g.table_sizes]


def _archive(recs: list[Any]) -> bytes:
    buf = io.BytesIO()
    xmlio.dump_archive(recs, buf)
    return buf.getvalue()


def _read(data: bytes) -> list[tuple[Any, ...]]:
    """Every entry of ``data`` in a comparable form (``conftest.comparable_entries``)."""
    return comparable_entries(xmlio.iter_xml_lines(io.BytesIO(data)))


def _slow(monkeypatch: pytest.MonkeyPatch, data: bytes) -> list[tuple[Any, ...]]:
    with monkeypatch.context() as m:
        m.setattr(xmlio, "_fast_record", lambda el, version: None)
        return _read(data)


def _fast_count(data: bytes) -> int:
    """How many records of ``data`` the fast reader takes."""
    n = 0
    for _ev, el in etree.iterparse(io.BytesIO(data), events=("end",), tag=("deal", "session")):
        parent = el.getparent()
        if parent is not None and parent.getparent() is None:
            n += xmlio._fast_record(el, 1) is not None
    return n


@pytest.mark.parametrize("game,n", _specs())
def test_generated_same_and_fast(monkeypatch: pytest.MonkeyPatch, game: str, n: int) -> None:
    recs = list(deal_records(game, 25, 11, n)) + list(session_records(game, 2, 3, 12, n))
    data = _archive(recs)
    fast = _read(data)
    assert fast == _slow(monkeypatch, data)
    assert len(fast) == len(recs) and all(e[-1] == [] for e in fast), fast
    assert _fast_count(data) == len(recs)          # every one of them on the fast path


def test_samples_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped samples, valid and invalid, as one XML archive each game: the same findings
    on the same lines (the invalid ones mostly take the fast path: their shape is usual)."""
    by_game = sample_records_by_game()
    assert len(by_game) == 6          # the five games and the tournaments
    invalid = 0
    for recs in by_game.values():
        data = _archive(recs)
        fast = _read(data)
        assert fast == _slow(monkeypatch, data)
        invalid += sum(1 for e in fast if len(e) == 5 and e[-1])
    assert invalid > 200


# -- mutations: each a change to one element of a record's XML ---------------------------------
Mutation = Callable[[etree._Element, random.Random], None]


def _attr(el: etree._Element, rng: random.Random) -> None:
    el.set(rng.choice(["foo", "seat", "id", "game", "dealer", "name", "tarockrec", "hands",
                       "call", "text", "key"]), rng.choice(["x", "1", " 2 ", "", "none", "-3"]))


def _ns_attr(el: etree._Element, rng: random.Random) -> None:
    el.set("{urn:x}a", "1")


def _seat(el: etree._Element, rng: random.Random) -> None:
    s = el.get("seat")
    if s is None:
        el.set("seat", "0")
    elif rng.random() < 0.3:
        del el.attrib["seat"]
    else:
        el.set("seat", rng.choice([f" {s} ", str(int(s) + 1), "x", "0"]))


def _child(tag: str, text: str, **attrs: str) -> Mutation:
    def mutate(el: etree._Element, rng: random.Random) -> None:
        c = etree.Element(tag, attrs)
        c.text = text
        el.insert(rng.randint(0, len(el)), c)
    return mutate


def _drop(el: etree._Element, rng: random.Random) -> None:
    parent = el.getparent()
    if parent is not None:
        parent.remove(el)


def _twice(el: etree._Element, rng: random.Random) -> None:
    parent = el.getparent()
    if parent is not None:
        parent.insert(parent.index(el), etree.fromstring(etree.tostring(el)))


def _text(el: etree._Element, rng: random.Random) -> None:
    el.text = rng.choice(["", " ", "x y", "T1  T2", "-1 2", "99999999999999999999", "true",
                          "none", "\n", "a/b~c"])


def _deep(el: etree._Element, rng: random.Random) -> None:
    x = etree.SubElement(el, "x")
    for _ in range(jsonio.MAX_DEPTH + 3):
        x = etree.SubElement(x, "x")


def _rename(el: etree._Element, rng: random.Random) -> None:
    el.tag = rng.choice(["trick", "half", "hand", "call", "say", "player", "meta", "deal", "x"])


def _comment(el: etree._Element, rng: random.Random) -> None:
    el.insert(rng.randint(0, len(el)), etree.Comment("c"))


def _move_last(el: etree._Element, rng: random.Random) -> None:
    parent = el.getparent()
    if parent is not None:
        parent.append(el)


MUTATIONS: list[Mutation] = [
    _attr, _ns_attr, _seat, _drop, _twice, _text, _deep, _rename, _comment, _move_last,
    _child("json", '{"a": [1, 2.5]}', name="j"), _child("json", "[1", name="j"),
    _child("private", "1", name="_p"), _child("private", '"x"', name='"_\\u0001"', encoded="true"),
    _child("zzz", "1"), _child("trick", "T1 T2"), _child("half", "T3"),
    _child("meta", "v", key="a/b~c"), _child("meta", "v"), _child("option", "3", name="o"),
    _child("hand", "T1", seat="7"), _child("x", "", a="1"),
]


def _mutants(rec: dict[str, Any], rng: random.Random, count: int) -> Iterator[bytes]:
    doc = xmlio.dumps(rec).encode()
    for _ in range(count):
        root = etree.fromstring(doc)
        record = root[0]
        els = list(record.iter())
        for _k in range(rng.choice([1, 1, 2])):
            rng.choice(MUTATIONS)(rng.choice(els), rng)
        yield etree.tostring(root, xml_declaration=True, encoding="UTF-8")


@pytest.mark.parametrize("game,n", _specs())
def test_mutated_same(monkeypatch: pytest.MonkeyPatch, game: str, n: int) -> None:
    """Records changed in one or two elements: the same entry, findings and lines either way.
    Some mutants stay on the fast path (a changed text), the others must leave it."""
    rng = random.Random(f"{game}{n}")
    recs = list(deal_records(game, 4, 3, n)) + list(session_records(game, 1, 2, 4, n))
    taken = total = 0
    for rec in recs:
        for data in _mutants(rec, rng, 15):
            fast = _read(data)
            assert fast == _slow(monkeypatch, data), data.decode()
            total += 1
            taken += _fast_count(data)
    assert 0 < taken < total


def test_unusual_leaves_fast_path() -> None:
    """Each of these is read by the explaining reader (the fast one gives None)."""
    rec = next(deal_records("koenigrufen", 1, 1))
    base = xmlio.dumps(rec)
    cases = {
        "json": base.replace("<players>", '<json name="x">1</json><players>', 1),
        "private": base.replace("<players>", '<private name="_x">1</private><players>', 1),
        "unknown": base.replace("<players>", "<zzz/><players>", 1),
        "seat": base.replace('<player seat="1">', '<player seat="2">', 1),
        "seat_spaced": base.replace('<player seat="1">', '<player seat=" 1 ">', 1),
        "namespace": base.replace("<deal ", '<deal xmlns:q="urn:q" q:a="1" ', 1),
        "nested_text": base.replace("</trick>", "<x/></trick>", 1),
        "duplicate": base.replace("<result", "<end type=\"x\"/><end type=\"y\"/><result", 1),
        "trick_attr": base.replace("<trick>", '<trick n="1">', 1),
        "comment": base.replace("<players>", "<players><!-- c -->", 1),
    }
    for name, text in cases.items():
        root = etree.fromstring(text.encode())
        assert xmlio._fast_record(root[0], 1) is None, name
    assert xmlio._fast_record(etree.fromstring(base.encode())[0], 1) is not None


# -- the line map ---------------------------------------------------------------------------------
def _first(data: bytes) -> tuple[dict[str, Any], dict[str, int]]:
    (_i, _line, rec, lines), = list(xmlio.iter_xml_lines(io.BytesIO(data)))
    assert isinstance(rec, dict)
    return rec, lines


def test_line_map_keyed_and_nested(monkeypatch: pytest.MonkeyPatch) -> None:
    """Escaped names of meta and options, a session's deals: the explaining reader's map."""
    rec = next(deal_records("koenigrufen", 1, 8))
    rec["meta"] = {"event": "x", "a/b~c": "y"}
    rec["rules"] = {"name": "default", "options": {"kakadu_value": 40}}
    session = next(session_records("koenigrufen", 1, 3, 9))
    maps = []
    for r in (rec, session):
        data = xmlio.dumps(r).encode()
        assert _fast_count(data) == 1
        with monkeypatch.context() as m:
            m.setattr(xmlio, "_fast_record", lambda el, version: None)
            want = _first(data)[1]
        got = _first(data)[1]
        assert type(got) is dict and got == want
        maps.append(got)
    assert "/meta/a~1b~0c" in maps[0] and "/rules/options/kakadu_value" in maps[0]
    assert "/deals/2/play/0" in maps[1] and "/deals/2/deal/hands/3" in maps[1]


def _bad_deals() -> Iterator[tuple[str, bytes]]:
    """Deals with an engine-level fault (their shape is usual: the fast reader takes them)."""
    for game, n in _specs():
        rec = next(deal_records(game, 1, 21, n))
        good = xmlio.dumps(rec)
        tricks = good.split("<trick>")
        if len(tricks) > 4:     # two cards of the third trick swapped
            a, _, rest = tricks[3].partition("</trick>")
            cards = a.split()
            cards[0], cards[-1] = cards[-1], cards[0]
            tricks[3] = " ".join(cards) + "</trick>" + rest
            yield f"{game}{n}-swapped", "<trick>".join(tricks).encode()
        yield f"{game}{n}-trick-dropped", good.replace("<trick>", "<trick>X1 ", 1).encode()
        yield f"{game}{n}-score", good.replace("<scores>", "<scores>7", 1).encode()
        yield f"{game}{n}-call", good.replace('">pass</call>', '">nonsense</call>', 1).encode()
        yield f"{game}{n}-dealer", good.replace('dealer="', 'dealer="9', 1).encode()
        yield f"{game}{n}-hand", good.replace('<hand seat="1">', '<hand seat="1">T1 ', 1).encode()
        yield f"{game}{n}-option", good.replace("<players>", '<rules name="default"><option '
                                                 'name="no_such">1</option></rules><players>',
                                                 1).encode()


def test_finding_lines_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bad records of several kinds: the lines of their findings as the explaining reader
    gives them, and each on the line of an element of the record."""
    kinds = 0
    for name, data in _bad_deals():
        fast = _read(data)
        assert fast == _slow(monkeypatch, data), name
        assert _fast_count(data) == 1, name
        (_i, line, _r, lines, placed), = fast
        if not placed:
            continue
        kinds += 1
        rows = data.decode().splitlines()
        for code, pointer, _msg, _sev, ln in placed:
            assert ln is not None and rows[ln - 1].lstrip().startswith("<"), (name, code, pointer)
            assert ln == xmlio.line_for(dict(lines), pointer), (name, code, pointer)
    assert kinds >= 30


def test_long_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """More than 256 entries in a list (a session's deals, an auction): still the fast reader,
    still the same record and lines."""
    base = next(deal_records("koenigrufen", 1, 2))
    deal = {k: v for k, v in base.items() if k not in ("tarockrec", "game", "players")}
    session = {"tarockrec": 1, "game": "koenigrufen", "players": base["players"],
               "deals": [deal] * 300}
    long_auction = dict(base, auction=base["auction"] * 70)
    data = _archive([session, long_auction])
    assert _fast_count(data) == 2
    fast = _read(data)
    assert fast == _slow(monkeypatch, data)
    pointers = {k for e in fast for k, _v in e[3]}
    assert {"/deals/299/play/11", "/auction/300"} <= pointers
