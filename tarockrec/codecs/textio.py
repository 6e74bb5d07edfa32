"""The text notation (docs/textnotation.md): ``load / loads / dump / dumps``, readers of many
records (``iter_text`` over a text, ``iter_text_stream`` over a binary stream, ``loads_all``)
and a writer of many (``iter_dumps``).

A PGN-like form of the same records, for typing and reading deals by hand. A block is tag
lines, then sections of short tokens, then ``*``::

    [Tarockrec "1"]
    [Game "koenigrufen"]
    [Players "Anna, Bernd, Clara, David"]
    [Dealer "0"]
    hands:
      0: T6 T7 T15 ...
    talon: (SJ CN D1) (T14 T16 H1)
    auction: 1:mein_spiel 2:pass 3:besserrufer 0:pass 1:pass
    exchange: king=CK take=lower discard=(CN C8 DN)
    declarations: 3:pagat 0:- 1:- 2:-
    play:
      1. CQ C10 C7 T15
    result: declarer=3 contract=besserrufer partner=1 points=(21 49) ...
    *

Nothing here knows a game: the record's keys map to typed tags (``[Dealer "3"]``), to sections
whose values are written in one generic value syntax (words, numbers, quoted strings,
``( … )`` lists, ``(k=v …)`` objects), or — for anything else, private ``_`` fields included —
to an exact tag ``[key = JSON]``. ``jsonio.dumps(loads(dumps(rec)))`` equals
``jsonio.dumps(rec)`` for every record the JSON reader reads.

Errors are findings (``TEXT-SYNTAX``, ``TEXT-DUPLICATE``) with the line, the column in the
sentence; a broken block costs that record only: reading resumes after the next ``*`` line.
"""
from __future__ import annotations

import bisect
import io
import json
import re
from dataclasses import dataclass
from typing import IO, Any, Iterable, Iterator, NoReturn

import orjson

from ..findings import Finding, pointer_join
from . import textfast
from .bounds import LineBound, RecordTooLarge
from .jsonio import MAX_DEPTH, TOO_DEEP, NumberTooLong, _flat, canonical, unwritable, whole_number
from .textsyntax import COMMA_LISTS as COMMA_LISTS, DEAL_SECTIONS as DEAL_SECTIONS, MAIN as MAIN
from .textsyntax import RECORD_START as RECORD_START, SECTIONS as SECTIONS, TYPED as TYPED
from .textsyntax import _INT, _KEYWORDS, TextEntry as TextEntry

#: a line is wrapped after this many characters
WIDTH = 96

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.:+\-]*")
_SKIP = re.compile(r"(?:[ \t\r\n]+|;[^\n]*|\{[^}]*\})*")
_NEWLINE = re.compile("\n")
_TOKEN = re.compile(r"""
    (?P<seat>[0-9]+:)
  | (?P<trick>[0-9]+\.(?![0-9]))
  | (?P<num>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
  | (?P<word>[A-Za-z_][A-Za-z0-9_.:+\-]*)
  | (?P<str>"(?:[^"\\\n]++|\\.)*+"?)
  | (?P<punct>[()=,*\-])
  | (?P<tag>\[)
""", re.X)
#: words without ":" each followed by a space, a line end or a comment: cards in a run
_PLAIN_WORDS = re.compile(r"(?:[ \t]+[A-Za-z_][A-Za-z0-9_.+\-]*(?=[ \t\r\n;]|\Z))+")
_ENDS = frozenset(("eof", "tag", "section"))
_DELIM = frozenset(" \t\r\n(),=;{")
_TERMINATOR = re.compile(r"^[ \t]*\*[ \t\r]*(?:;[^\n]*)?$", re.M)


# -- writing ------------------------------------------------------------------------------------
def _word_ok(s: str) -> bool:
    return bool(_WORD.fullmatch(s)) and not s.endswith(":") and s not in _KEYWORDS


def _string(s: str) -> str:
    return s if _word_ok(s) else orjson.dumps(s).decode()


def _key_text(k: str) -> str:
    return _string(k)


def value_text(v: Any) -> str:
    """Any JSON value in the generic value syntax."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is int:
        return str(v)
    if isinstance(v, float):
        return orjson.dumps(v).decode()
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "(" + " ".join(value_text(x) for x in v) + ")"
    if isinstance(v, dict):
        if not v:
            return "(=)"
        return "(" + " ".join(f"{_key_text(k)}={value_text(x)}" for k, x in v.items()) + ")"
    raise TypeError(f"not a JSON value: {type(v).__name__}")


def _wrap(head: str, items: list[str], indent: str = "  ") -> str:
    """``head`` then ``items`` separated by spaces, lines wrapped at ``WIDTH``."""
    lines: list[str] = []
    line = head
    for it in items:
        if len(line) + 1 + len(it) > WIDTH and line.strip() and line != head:
            lines.append(line)
            line = indent + it
        else:
            line = f"{line} {it}" if line else it
    lines.append(line)
    return "\n".join(lines)


def _entry_text(section: str, item: Any) -> str | None:
    """``seat:main k=v …`` for an entry of a list section, None when ``item`` is no entry."""
    if not isinstance(item, dict):
        return None
    seat = item.get("seat")
    if type(seat) is not int or seat < 0:
        return None
    main = MAIN.get(section)
    if main is not None:
        if main not in item:
            return None
        mv = item[main]
        if main in COMMA_LISTS:
            if not isinstance(mv, list):
                return None
            head = f"{seat}:" + (",".join(value_text(x) for x in mv) if mv else "-")
        else:
            head = f"{seat}:{value_text(mv)}"
    else:
        head = f"{seat}:"
    rest = [f"{_key_text(k)}={value_text(x)}" for k, x in item.items() if k not in ("seat", main)]
    if main is None and not rest:
        return None
    return " ".join([head, *rest])


def _section_text(name: str, value: Any) -> str | None:
    """The section ``name: …`` for ``value``, None when only an exact tag can carry it."""
    if isinstance(value, dict):
        if not value:
            return None
        return _wrap(f"{name}:", [f"{_key_text(k)}={value_text(x)}" for k, x in value.items()])
    if not isinstance(value, list):
        return None
    if name == "play" and value and all(isinstance(t, list) for t in value):
        return "\n".join([f"{name}:"] + [f"  {k}. " + (" ".join(value_text(c) for c in t) or "-")
                                         for k, t in enumerate(value, 1)])
    if name == "hands" and value and all(isinstance(h, list) for h in value):
        return "\n".join([f"{name}:"] + [f"  {k}: " + (" ".join(value_text(c) for c in h) or "-")
                                         for k, h in enumerate(value)])
    items = []
    for x in value:
        e = _entry_text(name, x)
        items.append(e if e is not None else value_text(x))
    return _wrap(f"{name}:", items)


def _typed_tags(key: str, v: Any, in_round: bool) -> list[str] | None:
    """The typed tag lines of ``key``, None when the value has no typed form."""
    def q(s: str) -> str:
        return orjson.dumps(s).decode()

    if key in ("tarockrec", "dealer"):
        if type(v) is int:
            return [f"[{key.capitalize()} {q(str(v))}]"]
    elif key == "game":
        if isinstance(v, str):
            return [f"[Game {q(v)}]"]
    elif key == "rules":
        if not isinstance(v, dict) or not v or set(v) - {"name", "options"}:
            return None
        out = []
        if "name" in v:
            if not isinstance(v["name"], str):
                return None
            out.append(f"[Rules {q(v['name'])}]")
        if "options" in v:
            opts = v["options"]
            if not isinstance(opts, dict) or not opts:
                return None
            for k, x in opts.items():
                if type(x) is int:
                    out.append(f"[Option {q(k)} {q(str(x))}]")
                elif isinstance(x, str) and not _INT.fullmatch(x):
                    out.append(f"[Option {q(k)} {q(x)}]")
                else:
                    return None
        return out
    elif key == "meta":
        if isinstance(v, dict) and v and all(isinstance(x, str) for x in v.values()):
            return [f"[Meta {q(k)} {q(x)}]" for k, x in v.items()]
    elif key == "players":
        if isinstance(v, list) and v and all(isinstance(p, str) and p and p == p.strip()
                                             and "," not in p for p in v):
            return [f"[Players {q(', '.join(v))}]"]
    elif key == "deals" and not in_round:
        if isinstance(v, list) and all(isinstance(d, dict) for d in v):
            return [f"[Deals {q(str(len(v)))}]"]
    return None


def _deal_sections(deal: Any) -> list[str] | None:
    if not isinstance(deal, dict) or not deal or set(deal) - set(DEAL_SECTIONS):
        return None
    out = []
    for k in DEAL_SECTIONS:
        if k in deal:
            text = _section_text(k, deal[k])
            if text is None:
                return None
            out.append(text)
    return out


def _block(rec: dict[str, Any], in_round: int = 0) -> list[str]:
    """The blocks of one record (a session: its header block, then one block per deal)."""
    tags: list[str] = [f'[Round "{in_round}"]'] if in_round else []
    sections: list[str] = []
    rounds: list[str] = []
    for key, v in rec.items():
        typed = _typed_tags(key, v, bool(in_round))
        if typed is not None:
            tags += typed
            if key == "deals":
                for k, d in enumerate(v, 1):
                    rounds += _block(d, k)
            continue
        if key == "deal":
            found = _deal_sections(v)
            if found is not None:
                sections += found
                continue
        elif key in SECTIONS:
            text = _section_text(key, v)
            if text is not None:
                sections.append(text)
                continue
        tags.append(f"[{_key_text(key)} = {_flat(v)}]")
    return ["\n".join(tags + sections + ["*"]) + "\n", *rounds]


def dumps(record: Any) -> str:
    """One record as text (a session: its header block and one block per deal)."""
    return "\n".join(_blocks(record))


def _blocks(record: Any) -> list[str]:
    rec = canonical(record)
    if not isinstance(rec, dict) or not rec:
        return [f"[= {_flat(rec)}]\n*\n"]
    return _block(rec)


def dump(record: Any, fp: IO[str]) -> None:
    fp.write(dumps(record))


def iter_dumps(records: Iterable[Any]) -> Iterator[str]:
    """Many records as one text, one record at a time (blocks separated by a blank line)."""
    first = True
    for rec in records:
        yield ("" if first else "\n") + dumps(rec)
        first = False


# -- reading ------------------------------------------------------------------------------------
class TextError(ValueError):
    """Text that is not the notation; ``finding`` says where."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class Tok:
    """A token: its kind (tag section seat trick num word str punct eof, or place for a
    position only), its value, and where it starts (line and column found on demand)."""

    __slots__ = ("kind", "value", "pos", "lx")

    def __init__(self, kind: str, value: Any, pos: int, lx: "_Lexer") -> None:
        self.kind, self.value, self.pos, self.lx = kind, value, pos, lx

    @property
    def line(self) -> int:
        return bisect.bisect_left(self.lx.newlines, self.pos) + 1 + self.lx.line_offset

    @property
    def col(self) -> int:
        k = bisect.bisect_left(self.lx.newlines, self.pos)     # newlines before pos
        return self.pos + 1 if k == 0 else self.pos - self.lx.newlines[k - 1]


@dataclass(slots=True)
class _Exact:
    """The value of an exact tag ``[key = JSON]``."""
    value: Any


class _Err(Exception):
    def __init__(self, code: str, message: str, tok: Tok, resync: bool = True) -> None:
        super().__init__(message)
        self.code, self.message, self.tok, self.resync = code, message, tok, resync


class _Dup(Exception):
    pass


def _pairs_hook(items: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(items)
    if len(d) != len(items):
        keys = [k for k, _ in items]
        raise _Dup(next(k for k in keys if keys.count(k) > 1))
    return d


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs_hook, parse_constant=_no_constant,
                            parse_int=whole_number)


def _whole(text: str, tok: Tok) -> int:
    """A whole number of the text; one longer than Python reads is REC-NUMBER at ``tok``."""
    try:
        return whole_number(text)
    except NumberTooLong as err:
        raise _Err("REC-NUMBER", str(err), tok) from None


class _Lexer:
    def __init__(self, text: str, line_offset: int = 0) -> None:
        self.s = text
        self.i = 0
        self.line_offset = line_offset
        self.newlines = [m.start() for m in _NEWLINE.finditer(text)]
        self.buf: list[Tok] = []

    def release(self) -> None:
        """Let go of the text and its line index once it is read: the tokens left in ``buf``
        refer to the lexer (a cycle that only the collector's rare full pass frees), so a
        stream read piece by piece held every piece until then (221 MB at 100,000 deals)."""
        self.buf.clear()
        self.s = ""
        self.newlines = []

    def here(self, pos: int) -> Tok:
        """A token standing for the place ``pos``."""
        return Tok("place", None, pos, self)

    def resync(self, tok: Tok) -> None:
        """Skip to just after the next line holding only ``*`` at or after ``tok``."""
        self.buf.clear()
        m = _TERMINATOR.search(self.s, tok.pos)
        self.i = m.end() if m else len(self.s)

    def plain_words(self) -> list[Any]:
        """The plain words (cards) that follow on this line, read in one step: what the token
        reader would read, faster (nothing when a token was looked at already)."""
        if self.buf:
            return []
        m = _PLAIN_WORDS.match(self.s, self.i)
        if m is None or m.end() == self.i:
            return []
        self.i = m.end()
        return [_KEYWORDS.get(w, w) for w in m.group().split()]

    def peek(self, k: int = 0) -> Tok:
        buf = self.buf
        if k < len(buf):
            return buf[k]
        while len(buf) <= k:
            self.buf.append(self._next())
        return self.buf[k]

    def next(self) -> Tok:
        t = self.peek()
        del self.buf[0]
        return t

    def _next(self) -> Tok:
        s = self.s
        i = _SKIP.match(s, self.i).end()      # type: ignore[union-attr]  # always matches
        self.i = i
        if i >= len(s):
            return Tok("eof", None, i, self)
        m = _TOKEN.match(s, i)
        if m is None:
            if s[i] == "{":
                raise _Err("TEXT-SYNTAX", "a comment opened by { is never closed by }",
                           self.here(i))
            raise _Err("TEXT-SYNTAX", f"unexpected character {s[i]!r}", self.here(i))
        kind = m.lastgroup or ""
        end = m.end()
        if kind == "tag":
            return self._tag(i)
        text = m.group()
        tok = Tok(kind, text, i, self)
        if end < len(s) and s[end] not in _DELIM:
            if kind in ("num", "word", "str") and not text.endswith(":"):
                raise _Err("TEXT-SYNTAX", f"unexpected character {s[end]!r} after "
                           f"{text[:40]!r}", self.here(end))
            if kind == "punct" and text == "-":
                raise _Err("TEXT-SYNTAX", f"unexpected character {s[end]!r} after '-'", tok)
        if kind == "word":
            if text.endswith(":"):
                tok.kind, tok.value = "section", text[:-1]
        elif kind in ("seat", "trick"):
            tok.value = _whole(text[:-1], tok)
        elif kind == "str":
            tok.value = self._string(tok)
        elif kind == "num":
            tok.value = self._number(tok)
        self.i = end
        return tok

    def _string(self, tok: Tok) -> str:
        text = tok.value
        try:
            value = json.loads(text)
        except ValueError:
            raise _Err("TEXT-SYNTAX", "a quoted text is not closed by a double quote on its "
                       "line, or holds a broken backslash escape", tok) from None
        if not isinstance(value, str):
            raise _Err("TEXT-SYNTAX", "a broken quoted text", tok)
        return value

    def _number(self, tok: Tok) -> int | float:
        text = tok.value
        return _whole(text, tok) if _INT.fullmatch(text) else float(text)

    # tags: [Name "text" ...] or [key = JSON] ------------------------------------------------
    def _ws(self, j: int) -> int:
        while j < len(self.s) and self.s[j] in " \t\r\n":
            j += 1
        return j

    def _tag(self, start: int) -> Tok:
        s = self.s
        open_tok = self.here(start)
        j = self._ws(start + 1)
        quoted = False
        if j < len(s) and s[j] == "=":
            name = None
        else:
            name, j, quoted = self._tag_word(j, "a tag name")
            j = self._ws(j)
        if j < len(s) and s[j] == "=":
            j = self._ws(j + 1)
            try:
                value, j = _DECODER.raw_decode(s, j)
            except _Dup as dup:
                raise _Err("TEXT-DUPLICATE", f"the JSON of this tag names the field "
                           f"{dup.args[0]!r} twice; which one counts would be a guess",
                           open_tok) from None
            except json.JSONDecodeError as err:
                raise _Err("TEXT-SYNTAX", f"the JSON of this tag is broken: {err.msg}",
                           self.here(err.pos)) from None
            except RecursionError:
                raise _Err("REC-DEPTH", TOO_DEEP, open_tok) from None
            except NumberTooLong as err:
                raise _Err("REC-NUMBER", str(err), self.here(j)) from None
            except ValueError as err:
                raise _Err("TEXT-SYNTAX", f"the JSON of this tag is broken: {err}",
                           self.here(j)) from None
            args: Any = _Exact(value)
        else:
            if name is None:
                raise _Err("TEXT-SYNTAX", "a tag needs a name", open_tok)
            strings = []
            while j < len(s) and s[j] == '"':
                m = _TOKEN.match(s, j)
                assert m is not None and m.lastgroup == "str"
                strings.append(self._string(Tok("str", m.group(), j, self)))
                j = self._ws(m.end())
            args = tuple(strings)
        j = self._ws(j)
        if j >= len(s) or s[j] != "]":
            raise _Err("TEXT-SYNTAX", "a tag is not closed by ]: write [Name \"text\"] or "
                       "[key = JSON]", self.here(j))
        self.i = j + 1
        return Tok("tag", (name, quoted, args), start, self)

    def _tag_word(self, j: int, what: str) -> tuple[str, int, bool]:
        m = _TOKEN.match(self.s, j)
        if m is not None and m.lastgroup == "word" and not m.group().endswith(":"):
            return m.group(), m.end(), False
        if m is not None and m.lastgroup == "str":
            return self._string(Tok("str", m.group(), j, self)), m.end(), True
        raise _Err("TEXT-SYNTAX", f"{what} is missing after [", self.here(j))


@dataclass
class _Block:
    first: Tok
    tags: list[Tok]
    sections: list[tuple[Tok, Any, dict[str, int]]]   # (name token, value, lines below it)


class _Reader:
    def __init__(self, text: str, line_offset: int = 0) -> None:
        self.lx = _Lexer(text, line_offset)

    # values ---------------------------------------------------------------------------------
    def _value(self, depth: int = 0) -> Any:
        t = self.lx.next()
        if t.kind in ("num", "str"):
            return t.value
        if t.kind == "word":
            return _KEYWORDS.get(t.value, t.value)
        if t.kind == "punct" and t.value == "(":
            if depth >= MAX_DEPTH:
                raise _Err("REC-DEPTH", TOO_DEEP, t)
            return self._paren(depth + 1, t)
        self._expected("a value", t)

    def _expected(self, what: str, t: Tok) -> NoReturn:
        found = {"eof": "the end of the text", "section": f"the section {t.value}:",
                 "tag": "a tag", "seat": f"the seat label {t.value}:",
                 "trick": f"the trick number {t.value}."}.get(t.kind, repr(t.value))
        raise _Err("TEXT-SYNTAX", f"expected {what}, found {found}", t)

    def _is_pair(self) -> bool:
        if self.lx.peek().kind not in ("word", "str"):
            return False                       # never look past what may end the block
        b = self.lx.peek(1)
        return b.kind == "punct" and b.value == "="

    def _pair_into(self, d: dict[str, Any], depth: int) -> None:
        k = self.lx.next()
        self.lx.next()                     # =
        if k.value in d:
            raise _Err("TEXT-DUPLICATE", f"the field {k.value!r} is given twice", k)
        d[k.value] = self._value(depth)

    def _unclosed(self, opened: Tok) -> None:
        t = self.lx.peek()
        if t.kind in ("eof", "tag", "section") or (t.kind == "punct" and t.value == "*"):
            raise _Err("TEXT-SYNTAX", f"the ( opened at line {opened.line}, column "
                       f"{opened.col} is never closed by )", t)

    def _paren(self, depth: int, opened: Tok) -> Any:
        a = self.lx.peek()
        if a.kind == "punct" and a.value == "=" and self.lx.peek(1).kind == "punct" \
                and self.lx.peek(1).value == ")":
            self.lx.next()
            self.lx.next()
            return {}
        if self._is_pair():
            d: dict[str, Any] = {}
            while self._is_pair():
                self._pair_into(d, depth)
            self._unclosed(opened)
            t = self.lx.next()
            if not (t.kind == "punct" and t.value == ")"):
                self._expected("a field name=value or )", t)
            return d
        out: list[Any] = []
        while True:
            t = self.lx.peek()
            if t.kind == "punct" and t.value == ")":
                self.lx.next()
                return out
            self._unclosed(opened)
            out.append(self._value(depth))

    # sections ---------------------------------------------------------------------------------
    def _at_end(self) -> bool:
        t = self.lx.peek()
        return t.kind in _ENDS or (t.kind == "punct" and t.value == "*")

    def _section(self, name: str) -> tuple[Any, dict[str, int]]:
        lines: dict[str, int] = {}
        if self._is_pair():
            d: dict[str, Any] = {}
            while self._is_pair():
                lines["/" + self.lx.peek().value.replace("~", "~0").replace("/", "~1")] = \
                    self.lx.peek().line
                self._pair_into(d, 0)
            if not self._at_end():
                self._expected("a field name=value, the next section or *", self.lx.peek())
            return d, lines
        out: list[Any] = []
        first = self.lx.peek()
        if first.kind == "trick" or (first.kind == "seat" and name == "hands"):
            label = first.kind
            while not self._at_end():
                t = self.lx.next()
                if t.kind != label:
                    self._expected("a trick number like 1." if label == "trick"
                                   else "a seat label like 0:", t)
                due = len(out) + (1 if label == "trick" else 0)
                if t.value != due:
                    raise _Err("TEXT-SYNTAX", f"{t.value}{'.' if label == 'trick' else ':'} "
                               f"where {due}{'.' if label == 'trick' else ':'} is due", t)
                lines[f"/{len(out)}"] = t.line
                run: list[Any] = self.lx.plain_words()
                nxt = self.lx.peek()
                if not run and nxt.kind == "punct" and nxt.value == "-":
                    self.lx.next()
                else:
                    while True:
                        nxt = self.lx.peek()
                        if nxt.kind == "word":          # the usual case: a card
                            self.lx.next()
                            run.append(_KEYWORDS.get(nxt.value, nxt.value))
                        elif nxt.kind == label or self._at_end():
                            break
                        else:
                            run.append(self._value())
                out.append(run)
            return out, lines
        main = MAIN.get(name)
        while not self._at_end():
            t = self.lx.peek()
            lines[f"/{len(out)}"] = t.line
            if t.kind == "seat":
                self.lx.next()
                e: dict[str, Any] = {"seat": t.value}
                if main in COMMA_LISTS:
                    nxt = self.lx.peek()
                    if nxt.kind == "punct" and nxt.value == "-":
                        self.lx.next()
                        e[main] = []
                    else:
                        items = [self._value()]
                        while self.lx.peek().kind == "punct" and self.lx.peek().value == ",":
                            self.lx.next()
                            items.append(self._value())
                        e[main] = items
                elif main is not None:
                    e[main] = self._value()
                while self._is_pair():
                    self._pair_into(e, 0)
                out.append(e)
            else:
                out.append(self._value())
        return out, lines

    # blocks ---------------------------------------------------------------------------------
    def _block(self) -> _Block:
        first = self.lx.peek()
        tags = []
        while self.lx.peek().kind == "tag":
            tags.append(self.lx.next())
        sections = []
        while self.lx.peek().kind == "section":
            t = self.lx.next()
            if t.value not in SECTIONS and t.value not in DEAL_SECTIONS:
                raise _Err("TEXT-SYNTAX", f"unknown section {t.value}: (sections: "
                           f"{', '.join(DEAL_SECTIONS + SECTIONS)}; any other field is "
                           "written [key = JSON])", t)
            value, lines = self._section(t.value)
            sections.append((t, value, lines))
        t = self.lx.peek()
        if t.kind == "punct" and t.value == "*":
            self.lx.next()
        elif t.kind not in ("eof", "tag"):
            self._expected("a section (auction: …), a tag or the * that ends the deal", t)
        if not tags and not sections:
            raise _Err("TEXT-SYNTAX", "an empty block: a deal begins with tags like "
                       '[Game "koenigrufen"]', first)
        return _Block(first, tags, sections)

    def _build(self, b: _Block, in_round: bool) -> tuple[Any, dict[str, int], int | None]:
        """The object of a block, its line map, and the number of deals a session header
        announces (None when the block is no session header)."""
        rec: dict[str, Any] = {}
        lines: dict[str, int] = {"": b.first.line}
        owner: dict[str, str] = {}            # key -> "typed" / "exact" / "section"
        deals: int | None = None
        whole: tuple[Any] | None = None

        def claim(key: str, how: str, t: Tok) -> None:
            if key in owner and not (how == owner[key] == "typed"):
                raise _Err("TEXT-DUPLICATE", f"the field {key!r} is given twice", t)
            owner[key] = how
            lines.setdefault(pointer_join("", key), t.line)

        for k, t in enumerate(b.tags):
            name, quoted, args = t.value
            if name is None:               # [= JSON]: the whole record
                if len(b.tags) > 1 or b.sections or in_round:
                    raise _Err("TEXT-SYNTAX", "[= JSON] stands alone in its block", t)
                whole = (args.value,)
                continue
            if isinstance(args, _Exact):
                claim(name, "exact", t)
                rec[name] = args.value
                continue
            if quoted or name not in TYPED and name != "Round":
                raise _Err("TEXT-SYNTAX", f"unknown tag {name!r} (tags: "
                           f"{', '.join([*TYPED, 'Round'])}; any field is written "
                           "[key = JSON])", t)
            want = 2 if name in ("Option", "Meta") else 1
            if len(args) != want:
                raise _Err("TEXT-SYNTAX", f"[{name} …] takes {want} quoted text"
                           f"{'s' if want > 1 else ''}, not {len(args)}", t)
            if name == "Round":
                if not in_round or k != 0:
                    raise _Err("TEXT-SYNTAX", "[Round …] begins a deal of a session: it comes "
                               "first, in the blocks after the session's [Deals …] block", t)
                continue
            key = TYPED[name]
            claim(key, "typed", t)
            told = self._typed(rec, name, key, args, t, in_round)
            if told is not None:
                deals = told
        if whole is not None:
            return whole[0], lines, None
        for t, value, sub in b.sections:
            name = t.value
            if name in DEAL_SECTIONS:
                if owner.get("deal") == "exact":
                    raise _Err("TEXT-DUPLICATE", "the field 'deal' is given twice", t)
                owner["deal"] = "section"
                deal = rec.setdefault("deal", {})
                lines.setdefault("/deal", t.line)
                if name in deal:
                    raise _Err("TEXT-DUPLICATE", f"the section {name}: is given twice", t)
                deal[name] = value
                base = "/deal/" + name
            else:
                claim(name, "section", t)
                rec[name] = value
                base = "/" + name
            lines[base] = t.line
            for p, ln in sub.items():
                lines[base + p] = ln
        return rec, lines, deals

    @staticmethod
    def _typed(rec: dict[str, Any], name: str, key: str, args: Any, t: Tok,
               in_round: bool) -> int | None:
        """A typed tag's value put into ``rec``; the number of deals for ``[Deals …]``."""
        deals: int | None = None
        text = args[0]
        if name in ("Tarockrec", "Dealer", "Deals"):
            if not _INT.fullmatch(text) or (name == "Deals" and text.startswith("-")):
                raise _Err("TEXT-SYNTAX", f"[{name} …] takes a whole number, not "
                           f"{text!r}", t)
            if name == "Deals":
                if in_round:
                    raise _Err("TEXT-SYNTAX", "a deal of a session holds no [Deals …]", t)
                if key in rec:
                    raise _Err("TEXT-DUPLICATE", "the field 'deals' is given twice", t)
                deals = _whole(text, t)
                rec["deals"] = []
            else:
                if key in rec:
                    raise _Err("TEXT-DUPLICATE", f"the field {key!r} is given twice", t)
                rec[key] = _whole(text, t)
        elif name == "Game":
            if key in rec:
                raise _Err("TEXT-DUPLICATE", "the field 'game' is given twice", t)
            rec["game"] = text
        elif name == "Players":
            if key in rec:
                raise _Err("TEXT-DUPLICATE", "the field 'players' is given twice", t)
            rec["players"] = [p.strip() for p in text.split(",")]
        elif name == "Rules":
            rules = rec.setdefault("rules", {})
            if "name" in rules:
                raise _Err("TEXT-DUPLICATE", "[Rules …] is given twice", t)
            rules["name"] = text
        elif name == "Option":
            opts = rec.setdefault("rules", {}).setdefault("options", {})
            if text in opts:
                raise _Err("TEXT-DUPLICATE", f"the option {text!r} is given twice", t)
            opts[text] = _whole(args[1], t) if _INT.fullmatch(args[1]) else args[1]
        elif name == "Meta":
            meta = rec.setdefault("meta", {})
            if text in meta:
                raise _Err("TEXT-DUPLICATE", f"[Meta {text!r} …] is given twice", t)
            meta[text] = args[1]
        return deals

    def records(self, index: int = 0) -> Iterator[tuple[int, int, Any, dict[str, int] | None]]:
        """The records of the text, numbered from ``index + 1``."""
        lx = self.lx
        skipping = False       # after a broken record: the round blocks of its session
        while True:
            counted = False
            try:
                t = lx.peek()
                if t.kind == "eof":
                    return
                if skipping and _is_round(t):
                    try:
                        self._block()
                    except _Err as err:
                        lx.resync(err.tok)
                    continue
                skipping = False
                index += 1
                counted = True
                rec, lines = self._record()
            except _Err as err:
                if not counted:
                    index += 1
                t = err.tok
                yield index, t.line, Finding(err.code, f"{err.message}, at column {t.col}", "",
                                             line=t.line), None
                if err.resync:
                    lx.resync(t)
                skipping = True
                continue
            problem = unwritable(rec)
            if problem is not None:
                line = _line_for(lines, problem.pointer)
                yield index, lines[""], Finding(problem.code, problem.message, problem.pointer,
                                                line=line), None
                continue
            yield index, lines[""], rec, lines

    def _record(self) -> tuple[Any, dict[str, int]]:
        block = self._block()
        if block.tags and _is_round(block.tags[0]):
            raise _Err("TEXT-SYNTAX", "a [Round …] block outside a session (a session begins "
                       "with a block holding [Deals \"n\"])", block.tags[0])
        rec, lines, deals = self._build(block, False)
        if deals is not None:
            for k in range(deals):
                t = self.lx.peek()
                if not _is_round(t):
                    raise _Err("TEXT-SYNTAX", f"the session announces {deals} deals "
                               f'([Deals "{deals}"]) but {k} follow', t,
                               resync=t.kind not in ("tag", "eof"))
                number = t.value[2][0]
                if number != str(k + 1):
                    raise _Err("TEXT-SYNTAX", f'[Round "{number}"] where [Round "{k + 1}"] '
                               "is due", t)
                deal, sub, _ = self._build(self._block(), True)
                rec["deals"].append(deal)
                for p, ln in sub.items():
                    lines[f"/deals/{k}{p}"] = ln
            try:
                t = self.lx.peek()
            except _Err:          # the next record's own error: it is told there, not here
                return canonical(rec), lines
            if _is_round(t):
                raise _Err("TEXT-SYNTAX", f"the session announces {deals} deals "
                           f'([Deals "{deals}"]) but more follow', t)
        return (canonical(rec) if isinstance(rec, dict) else rec), lines


def _is_round(t: Tok) -> bool:
    return t.kind == "tag" and t.value[0] == "Round" and not t.value[1] \
        and isinstance(t.value[2], tuple) and len(t.value[2]) == 1


def _line_for(lines: dict[str, int], pointer: str) -> int:
    p = pointer
    while p not in lines:
        p = p[:p.rfind("/")] if "/" in p else ""
    return lines[p]


#: one record read: (index from 1, its first line, the record or a Finding, JSON Pointer -> line)


def iter_text(data: str | bytes, line_offset: int = 0, index_offset: int = 0,
              fast: bool = True) -> Iterator[TextEntry]:
    """Every record of a text, as ``(index, line, record or Finding, lines)``; ``lines`` maps
    JSON Pointers to lines. ``line_offset`` and ``index_offset`` count what came before (a
    piece of a larger stream). Records as the writer writes them are read by the fast reader
    (``textfast``), anything else by the explaining one (``fast=False``: all of them)."""
    if isinstance(data, bytes):
        raw = data
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            line = raw[:err.start].count(b"\n") + 1 + line_offset
            yield index_offset + 1, line, Finding("TEXT-SYNTAX", "this text is not UTF-8", "",
                                                  line=line), None
            return
    if data.startswith("\ufeff"):
        data = data[1:]
    if not fast:
        reader = _Reader(data, line_offset)
        try:
            yield from reader.records(index_offset)
        finally:
            reader.lx.release()
        return
    yield from textfast.records(data, line_offset, index_offset)


#: a stream is parsed in pieces of about this many bytes, cut at a ``*`` line
CHUNK = 1 << 20
_END_LINE = re.compile(rb"[ \t]*\*[ \t]*(?:;[^\n]*)?\r?\n?")
_ROUND_LINE = re.compile(rb"\s*\[\s*Round\b")


def iter_text_stream(fp: IO[bytes], line_offset: int = 0, index_offset: int = 0,
                     record_max: int | None = None) -> Iterator[TextEntry]:
    """``iter_text`` over a binary stream, holding about ``CHUNK`` bytes at a time: the text is
    cut after a line holding only ``*`` when the next line with a token opens a tag and is no
    ``[Round …]`` (a deal of the same session). ``line_offset`` and ``index_offset`` count what
    came before (the stream read from a record's start on). ``record_max``: the most bytes one
    record may take, from its first tag line to the next record's (a session with its rounds,
    the blank lines after it); past it, the records before are read and ``RecordTooLarge``
    is raised (nothing more is read)."""
    index, lines_before = index_offset, line_offset
    # what is held is kept as bytes, not as a list of lines: a line takes 33 bytes more as an
    # object, which a record of blank lines would multiply
    buf = bytearray()              # whole records, then the record being read
    pending = bytearray()          # blank and comment lines after a * line
    after_end = False
    cap = (1 << 62) if record_max is None else record_max
    stream = fp if record_max is None else io.BufferedReader(LineBound(fp, record_max), 1 << 16)
    start = 0                      # where in ``buf`` the record being read starts
    limit = cap                    # the most ``buf`` may hold (and pending with it)

    def flush(chunk: bytes) -> Iterator[TextEntry]:
        nonlocal index, lines_before
        for item in iter_text(chunk, lines_before, index):
            index = item[0]
            yield item
        lines_before += chunk.count(b"\n")

    def too_large() -> Iterator[TextEntry]:
        yield from flush(bytes(buf[:start]))                # the records before it
        raise RecordTooLarge(cap, lines_before + 1)

    for raw in stream:
        if after_end:
            stripped = raw.strip()
            if not stripped or stripped.startswith(b";"):
                pending += raw
                if len(buf) + len(pending) > limit:
                    yield from too_large()
                continue
            after_end = False
            if stripped.startswith(b"[") and not _ROUND_LINE.match(raw):   # a record starts
                if len(buf) >= CHUNK:
                    yield from flush(bytes(buf))
                    buf = bytearray()
                start = len(buf) + len(pending)
                limit = start + cap
            buf += pending
            pending = bytearray()
        buf += raw
        if len(buf) > limit:
            yield from too_large()
        if raw.startswith((b"*", b" ", b"\t")) and _END_LINE.fullmatch(raw):
            after_end = True
    buf += pending
    if buf:
        yield from flush(bytes(buf))


def loads_all(data: str | bytes) -> list[Any]:
    """Every record of a text; the first unreadable one raises ``TextError``."""
    out = []
    for _i, _line, item, _lines in iter_text(data):
        if isinstance(item, Finding):
            raise TextError(item)
        out.append(item)
    return out


def loads(data: str | bytes) -> Any:
    """The one record of a text; ``TextError`` when it is unreadable or holds more or fewer."""
    found = loads_all(data)
    if len(found) != 1:
        raise TextError(Finding("TEXT-SYNTAX", f"the text holds {len(found)} records, not one "
                                "(read many with iter_text or loads_all)", "", line=1))
    return found[0]


def load(fp: IO[str] | IO[bytes]) -> Any:
    return loads(fp.read())


def looks_like_text(head: bytes) -> bool:
    """The text notation: a tag line or a ``;`` comment first."""
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return stripped.startswith(b";") or \
        re.match(rb'\[\s*(?:=|[A-Za-z_][A-Za-z0-9_]*\s*(?:"|=))', stripped) is not None


def looks_like_json(head: bytes) -> bool:
    """JSON or XML in a file named like text: ``{"``, ``{}``, ``[{``, ``[[``, ``[]`` or ``<`` first
    (a ``{ comment }`` of the notation never starts with a quote)."""
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return stripped.startswith(b"<") or \
        re.match(rb'\{\s*["}]|\[\s*[\[{\]]', stripped) is not None




def iter_piece(data: bytes, line_offset: int, index_offset: int,
               record_max: int | None = None) -> Iterator[TextEntry | None]:
    """The records of ``data``, a run of whole records of a text (cut where RECORD_START
    matches), as ``iter_text`` reads them; None, and nothing after it, for an unreadable one:
    how it ends may reach past the run (a comment left open), so only the text read on in
    order words it. None at once too when a record takes more than ``record_max`` bytes (the
    text read in order tells it in its place)."""
    if record_max is not None and len(data) > record_max:
        starts = [0] + [m.end() - 3 for m in RECORD_START.finditer(b"\n*\n" + data)][1:]
        if any(b - a > record_max for a, b in zip(starts, starts[1:] + [len(data)])):
            yield None
            return
    for item in iter_text(data, line_offset, index_offset):
        if isinstance(item[2], Finding):
            yield None
            return
        yield item


textfast.explain_with(_Reader)        # the fast reader falls back on this one
