"""The text notation's fast reader (``codecs/textfast.py``) against the explaining one: the same
entries (records with their key order, findings, line maps, record numbers and lines) and the
same validation findings, placed on the same lines, for generated records of every game,
their score sheets, the samples, and mutated texts. "slow" below is ``iter_text(fast=False)``:
every record read by ``textio._Reader``, as before the fast reader existed."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest
from conftest import comparable_entries, sample_records_by_game

from tarockrec import games
from tarockrec.codecs import jsonio, textfast, textio
from tarockrec.findings import Finding
from tarockrec.generate import deal_records, session_records
from tarockrec.tournament.sheet import to_sheet

def _specs() -> list[tuple[str, int]]:
    return [(name, n) for name, g in games.all_games().items() for n in g.table_sizes]


def _read(data: str | bytes, fast: bool) -> list[tuple[Any, ...]]:
    """Every entry in a comparable form (``conftest.comparable_entries``)."""
    return comparable_entries(textio.iter_text(data, fast=fast))


def _taken(data: str | bytes) -> int:
    """How many records the fast reader read (their line maps are its lazy ones)."""
    return sum(isinstance(e[3], textfast.TextLines) for e in textio.iter_text(data))


def _text(recs: list[Any]) -> str:
    return "".join(textio.iter_dumps(recs))


def _records(game: str, n: int, seed: int, deals: int = 12) -> list[dict[str, Any]]:
    recs = list(deal_records(game, deals, seed, n)) + list(session_records(game, 2, 3, seed, n))
    return recs + [to_sheet(r) for r in recs[:4] + recs[-2:]]


@pytest.mark.parametrize("game,n", _specs())
def test_generated_same_and_fast(game: str, n: int) -> None:
    """Deals, sessions and their score sheets: every one on the fast path, read alike."""
    recs = _records(game, n, 11)
    data = _text(recs)
    fast = _read(data, True)
    assert fast == _read(data, False)
    assert len(fast) == len(recs), fast
    assert all(f[3] != "error" for e in fast for f in e[-1]), fast     # (sheets: an info)
    assert _taken(data) == len(recs)
    assert [e[2] for e in textio.iter_text(data)] == [jsonio.canonical(r) for r in recs]


def test_samples_same() -> None:
    """The shipped samples, valid and invalid, as one text per game: the same findings on the
    same lines (most invalid ones are read fast: their shape is usual)."""
    by_game = sample_records_by_game()
    assert len(by_game) == 6          # the five games and the tournaments
    invalid = taken = 0
    for recs in by_game.values():
        data = _text(recs)
        fast = _read(data, True)
        assert fast == _read(data, False)
        invalid += sum(1 for e in fast if len(e) == 5 and e[-1])
        taken += _taken(data)
    assert invalid > 200 and taken > 400


# -- mutations: each a change to one line of a text ---------------------------------------------
Mutation = Callable[[list[str], int, random.Random], None]
WORDS = ["1.5", "007", "null", "true", '"x y"', '"a\\"b"', "(=)", "()", "_p=1", "x=", "=", "-",
         "-0", "1e3", "a:", "{c}", ";c", "\t", "\r", "é", "T1,T2", "((a))", "(a=1 a=2)", "3:",
         "99999999999999999999", "*", "[", '"\u0001"', '"\ufffe"', "a=1", ",", ")", "("]


def _token(lines: list[str], k: int, rng: random.Random) -> None:
    parts = lines[k].split(" ")
    j = rng.randrange(len(parts))
    parts[j] = rng.choice([rng.choice(WORDS), parts[j] + rng.choice(WORDS), ""])
    lines[k] = " ".join(parts)


def _insert(lines: list[str], k: int, rng: random.Random) -> None:
    lines.insert(k, rng.choice(["", "; a comment", "{ a comment }", "  ", "*", "[x = 1]",
                                '[Round "1"]', '[Deals "1"]', '[Meta "a" "b"]', "notes: x",
                                '[Option "o" "3"]', '[Game "ulti"]', "[= {}]", "  1. T1",
                                "result: x=1", "hands:", "play:", "[Rules \"default\"]"]))


def _drop(lines: list[str], k: int, rng: random.Random) -> None:
    del lines[k]


def _twice(lines: list[str], k: int, rng: random.Random) -> None:
    lines.insert(k, lines[k])


def _swap(lines: list[str], k: int, rng: random.Random) -> None:
    j = rng.randrange(len(lines))
    lines[k], lines[j] = lines[j], lines[k]


def _space(lines: list[str], k: int, rng: random.Random) -> None:
    line = lines[k]
    j = rng.randrange(len(line) + 1)
    lines[k] = line[:j] + rng.choice([" ", "  ", "\t", "\r", ";", "\\", '"']) + line[j:]


def _cut(lines: list[str], k: int, rng: random.Random) -> None:
    lines[k] = lines[k][:rng.randrange(len(lines[k]) + 1)]


MUTATIONS: list[Mutation] = [_token, _token, _token, _insert, _drop, _twice, _swap, _space, _cut]


def _mutant(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.choice([1, 1, 2])):
        rng.choice(MUTATIONS)(lines, rng.randrange(len(lines)), rng)
    return "\n".join(lines)


@pytest.mark.parametrize("game,n", _specs())
def test_mutated_same(game: str, n: int) -> None:
    """A record changed in one or two lines, between two unchanged ones (so the readings after
    a declined or broken record are compared too): the same entries either way. Some mutants
    stay on the fast path, the others must leave it."""
    rng = random.Random(f"{game}{n}")
    recs = _records(game, n, 3, deals=3)
    texts = [textio.dumps(r) for r in recs]
    taken = total = 0
    for k, text in enumerate(texts):
        for _ in range(10):
            data = "\n".join([texts[k - 1], _mutant(text, rng), texts[(k + 1) % len(texts)]])
            fast = _read(data, True)
            assert fast == _read(data, False), data
            assert not any(e[0] == "raised" for e in fast), fast
            total += 3
            taken += _taken(data)
    assert total // 3 < taken < total


def test_unusual_leaves_fast_path() -> None:
    """Each of these is read by the explaining reader, alike with or without the fast one."""
    rec = next(deal_records("koenigrufen", 1, 1))
    base = textio.dumps(rec)
    assert _taken(base) == 1
    cases = {
        "comment": base.replace("auction:", "; c\nauction:", 1),
        "brace comment": base.replace("auction:", "{c} auction:", 1),
        "exact tag": base.replace("[Dealer", '[x = {"a": 1}]\n[Dealer', 1),
        "private": base.replace("multiplier=1", "multiplier=1 _p=(b=1 a=2)", 1),
        "float": base.replace("multiplier=1", "multiplier=1.0", 1),
        "leading zero": base.replace("multiplier=1", "multiplier=01", 1),
        "two spaces": base.replace("auction: ", "auction:  ", 1),
        "tab": base.replace("auction: ", "auction:\t", 1),
        "crlf": base.replace("\n", "\r\n"),
        "escape": base.replace('"koenigrufen"', '"koenig\\u0072ufen"', 1),
        "wrapped hand": base.replace("  1: ", "  1:\n  ", 1),
        "seat label 01": base.replace("  1: ", "  01: ", 1),
        "trick order": base.replace("  2. ", "  3. ", 1),
        "duplicate section": base.replace("auction:", "notes: (a)\nnotes: (b)\nauction:", 1),
        "duplicate key": base.replace("multiplier=1", "multiplier=1 multiplier=2", 1),
        "no star": base.replace("\n*", "", 1),
        "round alone": base.replace("[Tarockrec", '[Round "1"]\n[Tarockrec', 1),
    }
    slow_codes = {}
    for name, text in cases.items():
        assert _taken(text) == 0, name
        assert _read(text, True) == _read(text, False), name
        slow_codes[name] = [e[2].code for e in textio.iter_text(text) if isinstance(e[2], Finding)]
    # the cases that are no notation at all are refused as such
    assert slow_codes["duplicate key"] == ["TEXT-DUPLICATE"]
    assert slow_codes["trick order"] == ["TEXT-SYNTAX"]
    assert slow_codes["no star"] == [] and slow_codes["comment"] == []


def test_line_map_is_the_explaining_readers() -> None:
    """The lazy line map of a record read fast equals the explaining reader's map, lines after
    earlier records and a declined one included."""
    recs = list(deal_records("illustrated", 2, 5, 5)) + list(session_records("cego", 1, 3, 5, 4))
    odd = textio.dumps(recs[0]).replace("auction:", "; note\nauction:", 1)
    data = "\n".join([textio.dumps(recs[1]), odd, textio.dumps(recs[2])])
    fast = list(textio.iter_text(data))
    slow = list(textio.iter_text(data, fast=False))
    assert [type(e[3]).__name__ for e in fast] == ["TextLines", "dict", "TextLines"]
    for a, b in zip(fast, slow):
        assert a[:3] == b[:3]
        assert dict(a[3] or {}) == b[3]
    assert fast[2][3]["/deals/2/play/3"] == slow[2][3]["/deals/2/play/3"] > 40


def test_a_session_keeps_its_record_before_a_broken_one() -> None:
    """The explaining reader looked one token past a session's last deal (for a deal too many)
    and gave the session the next record's error, losing it; now the error is the next
    record's only, as the fast reader has it."""
    session = next(session_records("koenigrufen", 1, 2, 4))
    broken = '[Tarockrec "1\n[Game "koenigrufen"]\n*\n'
    data = textio.dumps(session) + "\n" + broken
    for fast in (True, False):
        entries = list(textio.iter_text(data, fast=fast))
        assert [e[0] for e in entries] == [1, 2]
        assert entries[0][2] == jsonio.canonical(session)
        finding = entries[1][2]
        assert isinstance(finding, Finding) and finding.code == "TEXT-SYNTAX"
        assert finding.line == data.count("\n", 0, data.index(broken)) + 1


def test_remembered_sections_give_fresh_values() -> None:
    """Sections the fast reader remembers by their text (auctions, declarations, the values of
    ``k=v`` pairs, the players) give each record values of its own: changing one record's does not change
    the next one's."""
    rec = next(deal_records("koenigrufen", 1, 3))
    data = textio.dumps(rec) * 2
    first, second = (e[2] for e in textio.iter_text(data))
    assert first == second and _taken(data) == 2
    first["auction"][0]["call"] = "changed"
    first["auction"].append({"seat": 0, "call": "pass"})
    for d in first.get("declarations", []):
        d["say"].append("changed")
    first["result"]["scores"].append(7)
    first["players"][0] = "changed"
    first["result"]["points"][0] = -1
    again = [e[2] for e in textio.iter_text(data)]
    assert again == [second, second] == [jsonio.canonical(rec)] * 2


def test_unusual_words_in_runs_and_lists() -> None:
    """Words the writer writes in hands, tricks, talons and seat lists, but no other kind of
    token there: each such text is read as the explaining reader reads it."""
    rec = next(deal_records("cego", 1, 2))
    base = textio.dumps(rec)
    hand = next(line for line in base.split("\n") if line.startswith("  0: "))
    talon = next(line for line in base.split("\n") if line.startswith("talon: "))
    cases = [
        base.replace(hand, hand + " 5X", 1),                 # a word starting with a digit
        base.replace(hand, hand + " -", 1),                  # "-" after words
        base.replace(hand, "  0: -", 1),                     # no cards
        base.replace(hand, hand + " null", 1),               # a keyword
        base.replace(talon, talon + " 12", 1),               # a number in a talon of words
        base.replace(talon, "talon: (T1 T2) (T3)", 1),       # lists of words
        base.replace(talon, "talon: (T1 null) ()", 1),
        base.replace("auction: ", "auction: 0:null ", 1),
        base.replace("auction: ", "auction: 0:a,b ", 1),
        # words all read before (in ``base``), in shapes the pattern of runs refuses
        base.replace(hand, hand.replace(" ", "  ", 3), 1),   # two spaces between words
        base.replace(hand, hand + " ", 1),
        base.replace(hand, "  0: ", 1),
        base.replace(hand, hand[:5] + "- " + hand[5:], 1),   # "-" before words
        base.replace(hand, hand.replace(" ", "\t", 3), 1),
    ]
    _read(base, True)
    for text in cases:
        assert _read(text, True) == _read(text, False), text


def test_named_rule_set_without_options_is_read_fast() -> None:
    """A named rule set with no options is written as the exact tag ``[rules = {…}]``; the
    fast reader reads that one form too, and leaves a typed rules tag after it (refused) to
    the explaining reader."""
    g = games.get("koenigrufen")
    assert g is not None
    recs = list(deal_records("koenigrufen", 3, 4, rules=g.rules({"name": "ooe_2023",
                                                                   "options": {}})))
    data = _text(recs)
    assert '[rules = {"name": "ooe_2023", "options": {}}]' in data
    assert _taken(data) == 3
    assert _read(data, True) == _read(data, False)
    assert [e[2] for e in textio.iter_text(data)] == [jsonio.canonical(r) for r in recs]
    for extra in ('[Rules "x"]', '[Option "a" "1"]'):
        odd = data.replace("[Players", extra + "\n[Players", 1)
        assert _taken(odd) == 0       # (an unreadable record: the rest is read in order)
        assert _read(odd, True) == _read(odd, False)
        assert [e[2].code for e in textio.iter_text(odd) if isinstance(e[2], Finding)] == \
            ["TEXT-DUPLICATE"]


def test_pairs_of_remembered_values_in_other_shapes() -> None:
    """A ``k=v`` text whose values and keys were all read before is taken without its pattern;
    the same values in another shape (spaces, a missing ``=``, a list cut open, a key twice) are
    read as the explaining reader reads them."""
    rec = next(deal_records("koenigrufen", 1, 5))
    base = textio.dumps(rec)
    result = next(line for line in base.split("\n") if line.startswith("result: "))
    _read(base, True)                                 # its values and keys are remembered now
    assert _taken(base) == 1
    body = result[len("result: "):]
    first = body.split(" ")[0]
    cases = [body.replace(" ", "  ", 1), body.replace("=", " ", 1), body.replace(")", "", 1),
             body.replace("(", "", 1), body + " " + first, first + " " + body,
             body.replace(" ", "=", 1), body.replace(" ", "", 1), body + " ", " " + body]
    for case in cases:
        text = base.replace(result, "result: " + case, 1)
        assert _read(text, True) == _read(text, False), case


def test_seat_lists_of_remembered_entries_in_other_shapes() -> None:
    """An auction or declarations text whose ``seat:word`` entries were all read before is
    taken without its pattern; the same entries in another shape are read as the explaining
    reader reads them."""
    rec = next(deal_records("koenigrufen", 1, 6))
    base = textio.dumps(rec)
    _read(base, True)                                 # its entries are remembered now
    for section in ("auction: ", "declarations: "):
        line = next(x for x in base.split("\n") if x.startswith(section))
        body = line[len(section):]
        entries = body.split(" ")
        cases = [" ".join(reversed(entries)), body.replace(" ", "  ", 1), body + " ",
                 " " + body, body.replace(" ", ",", 1), body.replace(" ", "", 1),
                 entries[0] + " " + entries[0]]
        for case in cases:
            text = base.replace(line, section + case, 1)
            assert _read(text, True) == _read(text, False), case
