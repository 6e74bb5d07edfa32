"""The fast reader of the text notation: records as ``textio``'s writer writes them.

The explaining reader (``textio._Reader``) makes a token object for every word and a line map
for every record; that made the text notation the slowest format to validate. This one reads
blocks line by line, in the writer's exact shape only: typed tags, sections whose tokens are
separated by single spaces, ``hands:``/``play:`` one line per hand or trick, ``*``, blank
lines. Whatever else it meets (a comment, an exact tag ``[key = JSON]``, a float, a second
space, an error of any kind) it *declines*, and the record is read by the explaining reader,
whose result is the reference: ``tests/test_text_fast.py`` compares the two on generated
records of every game and on mutated ones.

A record read here has no line map yet: it is made by the explaining reader over the
record's text the first time a finding needs a line (``TextLines``), which a valid record
never does.
"""
from __future__ import annotations

import re
import sys
from itertools import chain
from typing import Any, Iterator

import orjson

from ..findings import Finding, LazyLines
from .jsonio import _RANK as _RANKS, _UNWRITABLE, _key as _rank
from .textsyntax import (COMMA_LISTS, DEAL_SECTIONS, MAIN, RECORD_START, SECTIONS, TYPED, TextEntry,
                         _INT, _KEYWORDS)

#: the explaining reader (``textio._Reader``), which ``textio`` hands over as it is imported
#: (``explain_with``): this reader falls back on it, and ``textio`` reads through this one
_Reader: Any = None


def explain_with(reader: Any) -> None:
    """Fall back on ``reader`` (``textio._Reader``) for what this reader declines."""
    global _Reader
    _Reader = reader

__all__ = ["records", "TextLines"]


class _Decline(Exception):
    """The fast reader leaves this record to the explaining one."""


#: a value not remembered
_UNSEEN = object()


#: a quoted text's characters: no escape, and none that ``jsonio.unwritable`` refuses (so no
#: record read here needs that check)
_TEXT = "[^\"\\\\\x00-\x1f\ud800-\udfff\ufffe\uffff]*"
#: the tokens of a section, single spaces included (a catch-all char is declined)
_TOKEN = re.compile(r' |[0-9]+[:.]?|-[0-9]+|[A-Za-z_][A-Za-z0-9_.:+\-]*|"' + _TEXT + '"|.')
_WORD_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_DIGITS = frozenset("0123456789")
_NUMERIC = frozenset("0123456789-")
#: a whole number as the writer writes it, short enough to need no length check
_NUMBER = re.compile(r"0|-?[1-9][0-9]{0,17}")
#: a tag line: ``[Name "text"]``, ``[Name "text" "text"]`` or an exact tag ``[key = JSON]``
_TAG = re.compile(rf'\[(?:([A-Z][a-z]+) "({_TEXT})"(?: "({_TEXT})")?'
                  rf'|([A-Za-z_][A-Za-z0-9_]*) = (.+))\]')
#: names an exact tag cannot take here (a typed field, or one a section may claim)
_NOT_EXACT = frozenset([*TYPED.values(), *SECTIONS, "deal"])
_SMALL = {str(k): k for k in range(-200, 1000)}
_BLANK = re.compile(r"\n*")
_ROUND_NEXT = re.compile(r"[ \t]*\[\s*Round\b")
_RECORD_START = re.compile(RECORD_START.pattern.decode())
#: nesting the fast reader takes on (deeper: the explaining reader and its REC-DEPTH)
_MAX_NEST = 16
_SECTION_NAMES = frozenset(SECTIONS)
#: sections that are mostly a list of values
_LISTS = frozenset(("talon", "deck"))


#: the canonical order of each run of keys met: None when they are in it already
_ORDERS: dict[tuple[str, ...], tuple[str, ...] | None] = {}


def _sorted(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` with its keys in canonical order (``jsonio.canonical``, one level)."""
    if len(d) > 1:
        keys = tuple(d)
        try:
            order = _ORDERS[keys]
        except KeyError:
            order = _order(keys)
            if len(_ORDERS) < 4096:
                _ORDERS[keys] = order
        if order is not None:
            return {k: d[k] for k in order}
    return d


def _order(keys: tuple[str, ...]) -> tuple[str, ...] | None:
    ranks = list(map(_RANKS.get, keys))
    if None in ranks:              # a key of no known rank: ranked by name among them
        order = sorted(keys, key=_rank)
    else:
        order = sorted(keys, key=_RANKS.__getitem__)
    return None if tuple(order) == keys else tuple(order)


# -- values ---------------------------------------------------------------------------------------
def _number(tok: str) -> int:
    small = _SMALL.get(tok)
    if small is not None:
        return small
    if not _NUMBER.fullmatch(tok):
        raise _Decline
    return int(tok)


def _is_key(tok: str) -> bool:
    c = tok[:1]
    if c in _WORD_START:
        return tok[-1] != ":"
    return c == '"' and len(tok) > 1


def _key(tok: str) -> str:
    k = tok[1:-1] if tok[0] == '"' else tok
    if k[:1] == "_":          # private data is kept as given: left to the explaining reader
        raise _Decline
    return k


def _value(t: list[str], i: int, depth: int) -> tuple[Any, int]:
    tok = t[i]
    c = tok[:1]
    if c in _WORD_START:
        if tok[-1] == ":":
            raise _Decline
        return _KEYWORDS.get(tok, tok), i + 1
    if c == "(":
        if depth >= _MAX_NEST:
            raise _Decline
        return _paren(t, i + 1, depth + 1)
    if c == '"':
        if len(tok) < 2:
            raise _Decline
        return tok[1:-1], i + 1
    if c in _DIGITS or c == "-":
        return _number(tok), i + 1
    raise _Decline


def _pairs(t: list[str], i: int, depth: int, end: str) -> tuple[dict[str, Any], int]:
    """``k=v k=v …`` from ``t[i]`` (a key) up to ``end``, which is consumed."""
    d: dict[str, Any] = {}
    while True:
        k = _key(t[i])
        if k in d or t[i + 1] != "=":
            raise _Decline
        d[k], i = _value(t, i + 2, depth)
        tok = t[i]
        if tok == end:
            return _sorted(d), i + 1
        if tok != " " or not _is_key(t[i + 1]):
            raise _Decline
        i += 1


def _paren(t: list[str], i: int, depth: int) -> tuple[Any, int]:
    tok = t[i]
    if tok == ")":
        return [], i + 1
    if tok == "=":
        if t[i + 1] != ")":
            raise _Decline
        return {}, i + 2
    if _is_key(tok) and t[i + 1] == "=":
        return _pairs(t, i, depth, ")")
    out = []
    while True:
        v, i = _value(t, i, depth)
        out.append(v)
        tok = t[i]
        if tok == ")":
            return out, i + 1
        if tok != " ":
            raise _Decline
        i += 1


# -- sections -------------------------------------------------------------------------------------
def _entry(t: list[str], i: int, main: str | None) -> tuple[dict[str, Any], int]:
    """``seat:main k=v …`` from the seat label ``t[i]``."""
    e: dict[str, Any] = {"seat": _number(t[i][:-1])}
    i += 1
    if main in COMMA_LISTS:
        if t[i] == "-":
            e[main] = []
            i += 1
        else:
            items = []
            while True:
                v, i = _value(t, i, 0)
                items.append(v)
                if t[i] != ",":
                    break
                i += 1
            e[main] = items
    elif main is not None:
        e[main], i = _value(t, i, 0)
    while t[i] == " " and _is_key(t[i + 1]) and t[i + 2] == "=":
        k = _key(t[i + 1])
        if k in e:
            raise _Decline
        e[k], i = _value(t, i + 3, 0)
    if t[i] not in (" ", ""):
        raise _Decline
    return _sorted(e), i


# the two shapes most sections have, read with a regular expression each
_W = r"[A-Za-z_][A-Za-z0-9_.+\-]*"                     # a word without ":" (a card, a name)
_WC = r"[A-Za-z_][A-Za-z0-9_.:+\-]*(?<!:)"             # a word (``king_uhu:D``)
_I = r"(?:0|-?[1-9][0-9]{0,17})"
_FLAT = rf"{_WC}|{_I}|\((?:{_W}(?: {_W})*|{_I}(?: {_I})*)?\)"
#: ``k=v …``, each value a word, a number or a list of words or of numbers; ``seat:word …``
#: (a comma list of words, or ``-``, where the main field is one). Each pattern takes the space
#: after its match: the matches cover the text exactly when their lengths add up to it.
_KEY = r"[A-Za-z][A-Za-z0-9_.+\-]*"
_PAIRS = re.compile(rf"{_KEY}=(?:{_FLAT})(?: {_KEY}=(?:{_FLAT}))*")
_SEAT_WORD = re.compile(rf"(0|[1-9][0-9]{{0,5}}):({_WC})(?: |\Z)")
_SEAT_WORDS = re.compile(rf"(0|[1-9][0-9]{{0,5}}):({_WC}(?:,{_WC})*|-)(?: |\Z)")
#: words; lists of words
_WORDS = re.compile(rf"{_W}(?: {_W})*")
_WORD_LISTS = re.compile(rf"\({_W}(?: {_W})*\)(?: \({_W}(?: {_W})*\))*")
#: the items of a list of such values
_ITEM = re.compile(rf"({_FLAT})(?: |\Z)")


def _flat(v: str) -> Any:
    """A value matched by ``_FLAT``."""
    c = v[0]
    if c == "(":
        if len(v) == 2:
            return []
        items = v[1:-1].split(" ")
        if items[0][0] in _NUMERIC:
            return list(map(int, items))
        return items if _KEYWORD_SET.isdisjoint(items) else [_KEYWORDS.get(w, w) for w in items]
    if c in _DIGITS or c == "-":
        return int(v)
    return _KEYWORDS.get(v, v)


def _may_hold_keywords(text: str) -> bool:
    """Whether ``text`` may hold a word read as a keyword (``null``, ``true``, ``false``)."""
    return "null" in text or "true" in text or "false" in text


def _covers(found: list[Any], body: str) -> bool:
    """Whether matches of ``_SEAT_WORD`` or ``_SEAT_WORDS`` (two groups and a separator each) make
    up the whole of ``body``."""
    a, b = zip(*found)
    return sum(map(len, a)) + sum(map(len, b)) + 2 * len(found) - 1 == len(body)


#: the values and keys of ``k=v`` texts read, by their text (at most 4,096 each): lists are
#: copied per record
_PAIR_VALUES: dict[str, Any] = {}
_PAIR_KEYS: set[str] = set()


def _flat_pairs(body: str) -> dict[str, Any] | None:
    """``k=v …`` as ``_PAIRS`` matches it, else None. No key or value holds ``=`` and no key a
    space, so the text between two ``=`` is a value, a space and the next key; a text whose
    values and keys were all met in texts read before needs no pattern (most of them)."""
    parts = body.split("=")
    last = len(parts) - 1
    if not last:
        return None
    values, keys = _PAIR_VALUES, _PAIR_KEYS
    checked = False
    d: dict[str, Any] = {}
    key = parts[0]
    for i in range(1, last + 1):
        if i < last:
            v, _, after = parts[i].rpartition(" ")
        else:
            v, after = parts[i], ""
        x = values.get(v, _UNSEEN)
        if x is _UNSEEN or key not in keys:
            if not checked:
                if not _PAIRS.fullmatch(body):
                    return None
                checked = True
            if x is _UNSEEN:
                x = _flat(v)
                if len(values) < 4096:
                    values[v] = x
            if len(keys) < 4096:
                keys.add(key)
        d[key] = x.copy() if type(x) is list else x
        key = after
    if len(d) != last:              # a key twice
        raise _Decline
    return _sorted(d)


def _seat_words(main: str, body: str) -> list[tuple[int, Any]] | None:
    """``seat:word …`` (a comma list of words or ``-``, none, where the main field is a list)
    as (seat, value) pairs, values as tuples; None when ``body`` is of another shape. Entries
    (``seat:word``, no space in them) met before in such a text need no pattern."""
    known = _SEAT_ENTRIES[main]
    said = []
    for text in body.split(" "):
        pair = known.get(text)
        if pair is None:
            break
        said.append(pair)
    else:
        return said
    comma = main in COMMA_LISTS
    entries = (_SEAT_WORDS if comma else _SEAT_WORD).findall(body)
    if not entries or not _covers(entries, body):
        return None
    # (words shared between the remembered sections: ``intern``)
    keywords = _may_hold_keywords(body)
    if comma:
        said = [(int(seat), () if word == "-" else tuple(
                 [_KEYWORDS.get(w, w) for w in word.split(",")] if keywords
                 else map(sys.intern, word.split(","))))
                for seat, word in entries]
    else:
        said = [(int(seat), _KEYWORDS.get(word, word) if keywords else sys.intern(word))
                for seat, word in entries]
    if len(known) < 4096:
        known.update(zip(body.split(" "), said))
    return said


#: the (seat, value) pairs of ``seat:word …`` sections met, per main field: auctions and
#: declarations repeat a great deal; the same of their entries (at most 4,096 each)
_SEAT_MEMO: dict[str, dict[str, list[tuple[int, Any]] | None]] = {
    main: {} for main in MAIN.values()}
_SEAT_ENTRIES: dict[str, dict[str, tuple[int, Any]]] = {main: {} for main in MAIN.values()}


def _section(name: str, body: str) -> Any:
    """The value of a section written on one line (wrapped lines joined by a space)."""
    if not body:
        return []
    main = MAIN.get(name)
    if main is not None:
        memo = _SEAT_MEMO[main]
        try:
            said = memo[body]
        except KeyError:
            said = _seat_words(main, body)
            if len(memo) < 4096:
                memo[body] = said
        if said is not None:
            if main in COMMA_LISTS:     # ``seat`` ranks before every main field
                return [{"seat": seat, main: list(value)} for seat, value in said]
            return [{"seat": seat, main: value} for seat, value in said]
    if name in _LISTS:              # the usual talons and decks: lists of words, or words
        if _may_hold_keywords(body):
            pass                    # (keywords: below)
        elif _WORD_LISTS.fullmatch(body):
            return [part.split(" ") for part in body[1:-1].split(") (")]
        elif _WORDS.fullmatch(body):
            return body.split(" ")
    else:
        pairs = _flat_pairs(body)
        if pairs is not None:
            return pairs
    items = _ITEM.findall(body)
    if items and sum(map(len, items)) + len(items) - 1 == len(body):
        return [_flat(v) if v[0] == "(" else int(v) if v[0] in _NUMERIC else _KEYWORDS.get(v, v)
                for v in items]
    return _tokens(main, body)


def _tokens(main: str | None, body: str) -> Any:
    """A section of any other shape, token by token."""
    t = _TOKEN.findall(body)
    t += ("", "", "")               # the end, and room to look ahead
    if _is_key(t[0]) and t[1] == "=":
        d, i = _pairs(t, 0, 0, "")
        return d
    out: list[Any] = []
    i = 0
    while True:
        tok = t[i]
        if tok[:1] in _DIGITS and tok[-1] == ":":
            v, i = _entry(t, i, main)
        else:
            v, i = _value(t, i, 0)
        out.append(v)
        tok = t[i]
        if tok == "":
            return out
        if tok != " ":
            raise _Decline
        i += 1


_KEYWORD_SET = frozenset(_KEYWORDS)
_RUN = rf"(?:-|{_W}(?: {_W})*)"
#: per (mark, lines): the lines' labels with any text after them; the same with runs of words
_RUN_PATTERNS: dict[tuple[str, int], tuple[re.Pattern[str], re.Pattern[str]]] = {}
#: words read in hands and tricks (each matched ``_W``), at most 8,192
_RUN_WORDS: set[str] = set()


def _run_patterns(mark: str, n: int) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """``n`` hands (``  0: …``, mark ``:``) or tricks (``  1. …``, mark ``.``), one a line:
    the labels alone, and the labels with their runs."""
    key = (mark, n)
    found = _RUN_PATTERNS.get(key)
    if found is None:
        first = 0 if mark == ":" else 1
        labels = [f"  {k}{re.escape(mark)} " for k in range(first, first + n)]
        found = (re.compile("\n".join(label + "[^\n]*" for label in labels)),
                 re.compile("\n".join(label + _RUN for label in labels)))
        if len(_RUN_PATTERNS) < 256:
            _RUN_PATTERNS[key] = found
    return found


def _runs(text: str, mark: str) -> list[list[Any]]:
    """The hands (``  0: …``) or tricks (``  1. …``), one a line, labelled in order: ``text``
    is a section's wrapped lines. Words met in runs before need no pattern: a text whose
    labels are in order and whose words were all met (no word is "", so no space is doubled)
    is what the pattern of runs would match."""
    if not text:
        return []
    n = text.count("\n") + 1
    if n > 64:
        raise _Decline
    labels, runs = _run_patterns(mark, n)
    if not labels.fullmatch(text):
        raise _Decline
    out: list[list[Any]] = [line.split(" ")[3:] for line in text.split("\n")]
    if not _RUN_WORDS.issuperset(chain.from_iterable(out)):
        if not runs.fullmatch(text):
            raise _Decline
        if len(_RUN_WORDS) < 8192:
            _RUN_WORDS.update(chain.from_iterable(out))
            _RUN_WORDS.discard("-")         # (a run of no card, not a word)
    if "-" in text:
        out = [[] if run == ["-"] else run for run in out]
    if _may_hold_keywords(text):
        out = [[_KEYWORDS.get(w, w) for w in run] for run in out]
    return out


# -- blocks ---------------------------------------------------------------------------------------
def _exact(rec: dict[str, Any], key: str, text: str) -> None:
    """An exact tag ``[key = JSON]`` whose JSON holds no object (whose duplicate keys orjson
    would not see) and nothing ``jsonio.unwritable`` refuses."""
    if key in rec or key in _NOT_EXACT or "{" in text or text.count("[") > _MAX_NEST:
        raise _Decline
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise _Decline from None
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack += v
        elif isinstance(v, float) or (isinstance(v, str) and _UNWRITABLE.search(v)):
            raise _Decline
    rec[key] = value


#: the exact tag the writer writes for a named rule set with no options
_RULES_NO_OPTIONS = re.compile(rf'\{{"name": "({_TEXT})", "options": \{{\}}\}}')


#: the names of the ``[Players …]`` tags met, by their text (a table's deals repeat them)
_PLAYERS: dict[str, tuple[str, ...]] = {}


def _players(text: str) -> list[str]:
    """The names of a ``[Players …]`` tag (a list of the record's own)."""
    names = _PLAYERS.get(text)
    if names is None:
        names = tuple(p.strip() for p in text.split(","))
        if len(_PLAYERS) < 4096:
            _PLAYERS[text] = names
    return list(names)


def _tags(rec: dict[str, Any], tags: list[re.Match[str]], in_round: bool) -> int | None:
    """The typed tags into ``rec``; the number of deals a session header announces."""
    deals: int | None = None
    exact_rules = False
    for k, m in enumerate(tags):
        if m[4] is not None:
            named = _RULES_NO_OPTIONS.fullmatch(m[5]) if m[4] == "rules" else None
            if named is not None and "rules" not in rec:
                rec["rules"] = {"name": named[1], "options": {}}
                exact_rules = True
            else:
                _exact(rec, m[4], m[5])
            continue
        name, text, second = m[1], m[2], m[3]
        if (second is None) != (name not in ("Option", "Meta")):
            raise _Decline
        if name == "Round":
            if not in_round or k:
                raise _Decline
            continue
        key = TYPED.get(name)
        if key is None or (exact_rules and key == "rules"):
            raise _Decline
        if name == "Option":
            opts = rec.setdefault("rules", {}).setdefault("options", {})
            if text in opts:
                raise _Decline
            opts[text] = _number(second) if _INT.fullmatch(second) else second
        elif name == "Meta":
            meta = rec.setdefault("meta", {})
            if text in meta:
                raise _Decline
            meta[text] = second
        elif name == "Rules":
            rules = rec.setdefault("rules", {})
            if "name" in rules:
                raise _Decline
            rules["name"] = text
        elif key in rec:
            raise _Decline
        elif name == "Game":
            rec["game"] = text
        elif name == "Players":
            rec["players"] = _players(text)
        elif name == "Deals":
            if in_round:
                raise _Decline
            deals = _number(text)
            if deals < 0:
                raise _Decline
            rec["deals"] = []
        else:                                        # Tarockrec, Dealer
            rec[key] = _number(text)
    return deals


#: a line ends at a line break (not the block's last character) or at the block's end
_EOL = r"(?:\n(?!\Z)|\Z)"
_TAG_LINE = re.compile(_TAG.pattern + _EOL)
#: the tags of a deal as the writer most often writes them (more tags may follow)
_HEAD = re.compile(rf'\[Tarockrec "([0-9]+)"\]\n\[Game "({_TEXT})"\]\n(?:\[Rules "({_TEXT})"\]\n)?'
                   rf'\[Players "({_TEXT})"\]\n\[Dealer "([0-9]+)"\]' + _EOL)
#: a section's text: its first line and its wrapped lines (indented by two); hands, tricks
_TEXT_LINES = r"([^\n]*(?:\n  [^\n]*)*)"
_RUN_LINES = r"(  [^\n]*(?:\n  [^\n]*)*)"
#: the sections of a played deal as the writer most often writes them (in its order)
_LAYOUT = re.compile(rf"hands:\n{_RUN_LINES}\ntalon: {_TEXT_LINES}"
                     + "".join(rf"(?:\n{name}: {_TEXT_LINES})?"
                               for name in ("auction", "exchange", "declarations"))
                     + rf"(?:\nplay:\n{_RUN_LINES})?(?:\nend: {_TEXT_LINES})?"
                     + rf"(?:\nresult: {_TEXT_LINES})?")
#: where a section starts: a line not indented by two (the others are wrapped lines)
_SECTION_START = re.compile(r"\n(?!  )")


def _block(s: str, pos: int, end: int, in_round: bool) -> tuple[dict[str, Any], int | None]:
    """The block ``s[pos:end]`` (tags and sections; its ``*`` line cut off) and the deals it
    announces."""
    if pos >= end:
        raise _Decline
    rec: dict[str, Any] = {}
    tags = []
    if not in_round:                 # the usual header of a deal: one match
        m = _HEAD.match(s, pos, end)
        if m is not None:
            version, game, rules, players, dealer = m.groups()
            rec["tarockrec"] = _number(version)
            rec["game"] = game
            if rules is not None:
                rec["rules"] = {"name": rules}
            rec["players"] = _players(players)
            rec["dealer"] = _number(dealer)
            pos = m.end()
    while s.startswith("[", pos, end):
        m = _TAG_LINE.match(s, pos, end)
        if m is None:
            raise _Decline
        tags.append(m)
        pos = m.end()
    deals = _tags(rec, tags, in_round) if tags else None
    m = _LAYOUT.fullmatch(s, pos, end)
    if m is not None:               # the usual sections of a played deal: one match
        hands, talon, auction, exchange, declarations, play, ending, result = m.groups()
        rec["deal"] = {"hands": _runs(hands, ":"), "talon": _section("talon", _line(talon))}
        # (one test per section, written out: a loop over (name, text) pairs cost ~10k
        # instructions a deal)
        if auction is not None:
            rec["auction"] = _section("auction", _line(auction))
        if exchange is not None:
            rec["exchange"] = _section("exchange", _line(exchange))
        if declarations is not None:
            rec["declarations"] = _section("declarations", _line(declarations))
        if play is not None:
            rec["play"] = _runs(play, ".")
        if ending is not None:
            rec["end"] = _section("end", _line(ending))
        if result is not None:
            rec["result"] = _section("result", _line(result))
        pos = end
    deal: dict[str, Any] | None = None
    for chunk in _SECTION_START.split(s[pos:end]) if pos < end else ():
        name, colon, rest = chunk.partition(":")
        if not colon:
            raise _Decline
        first, _, more = rest.partition("\n")        # ``more``: its wrapped lines
        if not first:
            body = None
        elif first[0] == " ":
            body = first[1:]
        else:
            raise _Decline
        if name in DEAL_SECTIONS:
            if deal is None:
                deal = rec["deal"] = {}
            elif name in deal:
                raise _Decline
            if name == "hands":
                if body is not None:
                    raise _Decline
                deal[name] = _runs(more, ":")
            else:
                deal[name] = _section(name, _joined(body, more) if more else body or "")
        elif name in _SECTION_NAMES and name not in rec:
            if name == "play" and more and body is None:
                rec[name] = _runs(more, ".")
            else:
                rec[name] = _section(name, _joined(body, more) if more else body or "")
        else:
            raise _Decline
    for key in ("rules", "deal", "meta"):
        if key in rec:
            rec[key] = _sorted(rec[key])
    if "options" in rec.get("rules", ()):
        rec["rules"]["options"] = _sorted(rec["rules"]["options"])
    return _sorted(rec), deals


def _line(text: str) -> str:
    """A section's text (its first line and its wrapped lines) on one line."""
    return text.replace("\n  ", " ") if "\n" in text else text


def _joined(body: str | None, more: str) -> str:
    """A section's text on one line (its wrapped lines ``more``, indented by two, joined by a
    space)."""
    if not more:
        return body or ""
    if body is None:
        raise _Decline
    return (body + "\n" + more).replace("\n  ", " ")


def _block_end(s: str, pos: int) -> tuple[int, int]:
    """Where the block at ``pos`` ends (its ``*`` line), and where the next block starts (past
    blank lines)."""
    end = s.find("\n*\n", pos)
    if end < 0:
        if s.endswith("\n*") and len(s) - 2 >= pos:
            end = len(s) - 2
        else:
            raise _Decline
    nxt = end + 3
    while nxt < len(s) and s[nxt] == "\n":
        nxt += 1
    return max(end, pos), min(nxt, len(s))


def _record(s: str, pos: int) -> tuple[dict[str, Any], int]:
    """The record at ``pos`` and where the next one starts."""
    if s.startswith("[Round", pos):
        raise _Decline
    end, nxt = _block_end(s, pos)
    rec, deals = _block(s, pos, end, False)
    pos = nxt
    if deals is not None:
        for k in range(1, deals + 1):
            if not s.startswith(f'[Round "{k}"]\n', pos):
                raise _Decline
            end, nxt = _block_end(s, pos)
            deal, _ = _block(s, pos, end, True)
            rec["deals"].append(deal)
            pos = nxt
    if _ROUND_NEXT.match(s, pos):
        raise _Decline
    return rec, pos


# -- records --------------------------------------------------------------------------------------
class TextLines(LazyLines):
    """The line map of a record read by the fast reader, made by the explaining reader over
    the record's text."""

    def __init__(self, text: str, before: int) -> None:
        self._map = None                # (``LazyLines.__init__``, written out: one per record)
        self._text: str | None = text
        self._before = before

    def _make(self) -> dict[str, int]:
        found: dict[str, int] = {}
        if self._text is not None:
            reader = _Reader(self._text, self._before)
            try:
                for _i, _line, _rec, lines in reader.records():
                    found = dict(lines or {})
                    break
            finally:
                reader.lx.release()
        self._text = None
        return found


def _explained(text: str, before: int, index: int) -> Iterator[TextEntry]:
    reader = _Reader(text, before)
    try:
        yield from reader.records(index)
    finally:
        reader.lx.release()


def records(s: str, line_offset: int = 0, index_offset: int = 0) -> Iterator[TextEntry]:
    """Every record of the text ``s`` (past a BOM), as ``textio.iter_text`` gives them: read
    fast where they are as the writer writes them, else by the explaining reader. A record
    it declines is read alone (up to where the next record starts, ``RECORD_START``); if that
    reading finds something unreadable, whose end may reach past the cut, the rest of the
    text is read in order by the explaining reader, as it would be without this one."""
    index, line = index_offset, line_offset
    pos = _BLANK.match(s).end()       # type: ignore[union-attr]  # always matches
    counted = 0
    while pos < len(s):
        line += s.count("\n", counted, pos)
        counted = pos
        try:
            rec, end = _record(s, pos)
        except (_Decline, IndexError, ValueError):
            pass
        else:
            index += 1
            yield index, line + 1, rec, TextLines(s[pos:end], line)
            pos = end
            continue
        m = _RECORD_START.search(s, pos)
        cut = m.end() if m is not None and m.end() > pos else len(s)
        if cut == len(s):
            yield from _explained(s[pos:], line, index)
            return
        alone = list(_explained(s[pos:cut], line, index))
        if any(isinstance(item[2], Finding) for item in alone):
            yield from _explained(s[pos:], line, index)
            return
        if alone:
            index = alone[-1][0]
        yield from alone
        pos = cut
