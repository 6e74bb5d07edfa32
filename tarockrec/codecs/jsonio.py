"""JSON and JSON Lines: ``load / loads / dump / dumps`` and a streaming archive reader.

Canonical form (FORMAT.md principle 3): keys in one fixed order (``KEY_ORDER``, then private
``_`` keys sorted), UTF-8, and one layout: objects and lists of containers one entry per
line, indented by two; scalars, lists of scalars and flat objects inline. ``dumps(rec,
compact=True)`` writes the one-line form used in JSON Lines.
"""
from __future__ import annotations

import math
import sys
from typing import IO, TYPE_CHECKING, Any, Iterator, cast

from ..atomic import write_atomic as write_atomic  # its home before tarockrec.atomic
from ..findings import Finding, pointer_join
from .bounds import JSON_ARRAY_MAX_RECORDS, JSON_RECORD_MAX_VALUES, TooLarge
from ..patterns import lazy, lazy_module

if TYPE_CHECKING:
    import orjson
else:       # imported at the second value read (``loads``)
    orjson = lazy_module("orjson")

#: canonical key order of every object in a record, whatever its level
KEY_ORDER = (
    "tarockrec", "game", "rules", "name", "id", "options", "meta", "event", "date", "site",
    "series", "players",
    # a tournament's register and rounds (docs/tournaments.md)
    "club", "team", "person", "carried", "carried_from", "entrants", "rounds", "tables", "table", "seats", "source", "absent",
    "dealer", "carry",
    # Carinthian carry (§6.8)
    "period_active", "successes", "period_deals", "restricted",
    "deal", "hands", "talon", "deck", "deals", "auction", "seat", "call", "suit", "contract",
    "exchange", "king", "as_remaining_king",
    # Carinthian Trischak decision (§4.1, §4.6)
    "trischak", "talon_order",
    "take", "call_card",
    # Cego kept cards and the extra discard (§4.2)
    "keep", "extra_discard",
    "discard",
    # Carinthian discarded tarocks shown (§4.2)
    "shown",
    "discards",
    "declarations", "trick", "say", "play", "late_claims", "claim", "end", "type", "outcome",
    "result", "declarer", "partner", "won", "a", "target", "points", "tricks",
    "thirds",
    "multiplier",
    # Carinthian score-sheet entries (§6.7)
    "sheet",
    "scores", "totals",
    # a tournament's written standings
    "standings", "rank", "entrant", "total", "score", "rank_points", "cup_points",
    # outcome items (tarockrec/outcome.py)
    "item", "announced", "made", "side", "kontra", "items",
    "notes", "at",
    "text",
)
_RANK = {k: i for i, k in enumerate(KEY_ORDER)}
_LAST = len(KEY_ORDER)


def _key(k: str) -> tuple[int, str]:
    return (_RANK.get(k, _LAST + (1 if k.startswith("_") else 0)), k)


def canonical(value: Any) -> Any:
    """The same value with every object's keys in canonical order (private data untouched
    inside ``_`` fields, which are kept exactly as given)."""
    if isinstance(value, dict):
        return {k: (value[k] if k.startswith("_") else canonical(value[k]))
                for k in sorted(value, key=_key)}
    if isinstance(value, list):      # (scalars as they are, without a call each: cards)
        return [canonical(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


def _is_scalar(v: Any) -> bool:
    return not isinstance(v, (dict, list))


def _inline(v: Any) -> bool:
    if _is_scalar(v):
        return True
    if isinstance(v, list):
        return all(_is_scalar(x) for x in v)
    return all(_is_scalar(x) or (isinstance(x, list) and all(map(_is_scalar, x)))
               for x in v.values())


def _scalar(v: Any) -> str:
    if type(v) is int:      # any size (orjson stops at 64 bits)
        return str(v)
    return orjson.dumps(v).decode()


def _flat(v: Any, comma: str = ", ", colon: str = ": ") -> str:
    """``v`` on one line: the canonical layout's inline form, or (with ``","`` and ``":"``)
    the compact form orjson writes."""
    if isinstance(v, dict):
        return "{" + comma.join(orjson.dumps(k).decode() + colon + _flat(x, comma, colon)
                                for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + comma.join(_flat(x, comma, colon) for x in v) + "]"
    return _scalar(v)


def _compact(v: Any) -> str:
    return _flat(v, ",", ":")


def _pretty(v: Any, indent: str, out: list[str]) -> None:
    if _inline(v):
        out.append(_flat(v))
        return
    inner = indent + "  "
    if isinstance(v, list):
        out.append("[\n")
        for i, x in enumerate(v):
            out.append(inner)
            _pretty(x, inner, out)
            out.append(",\n" if i < len(v) - 1 else "\n")
        out.append(indent + "]")
        return
    out.append("{\n")
    items = list(v.items())
    for i, (k, x) in enumerate(items):
        out.append(inner + orjson.dumps(k).decode() + ": ")
        _pretty(x, inner, out)
        out.append(",\n" if i < len(items) - 1 else "\n")
    out.append(indent + "}")


def dumps(record: Any, compact: bool = False) -> str:
    rec = canonical(record)
    if compact:
        try:
            return orjson.dumps(rec).decode()
        except TypeError:   # an integer beyond 64 bits: the same text, written by hand
            return _compact(rec)
    out: list[str] = []
    _pretty(rec, "", out)
    out.append("\n")
    return "".join(out)


def dump(record: Any, fp: IO[str], compact: bool = False) -> None:
    fp.write(dumps(record, compact))
    if compact:
        fp.write("\n")


class JSONError(ValueError):
    """Text that is not JSON; ``finding`` says where."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class _Constant(ValueError):
    """NaN, Infinity or -Infinity, which Python's parser reads and JSON does not have."""


def _no_constants(name: str) -> Any:
    raise _Constant(name)


class NumberTooLong(ValueError):
    """A whole number with more digits than Python reads (``sys.get_int_max_str_digits``,
    4,300 by default: reading more takes time quadratic in the digits)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits
        super().__init__(f"this whole number has {digits:,} digits, more than the "
                         f"{sys.get_int_max_str_digits():,} tarockrec reads")


def whole_number(text: str) -> int:
    """``int(text)`` for a text of digits (with a sign), or ``NumberTooLong``."""
    limit = sys.get_int_max_str_digits()
    if limit and len(text) > limit:
        digits = len(text.lstrip("+-"))
        if digits > limit:
            raise NumberTooLong(digits)
    return int(text)


#: a JSON text (skipped whole, see _ARRAY_TOKENS) or a number or constant outside texts
_NUMBERS = lazy(rb'"(?:[^"\\]++|\\.)*+"|-?[0-9]+|-?Infinity|NaN')


#: a run of 19 digits: a number that may not fit 64 bits, which orjson would turn into an
#: inexact float (found by mapping digits to "0", "[" and "{" to "[" and the rest to " ": one
#: C pass, whose result also counts the brackets that open a level of nesting)
_DIGITS = bytes(48 if 48 <= i <= 57 else 91 if i in (91, 123) else 32 for i in range(256))
_LONG_RUN = b"0" * 19


#: the deepest nesting of objects and lists a record may have, private data included: every
#: reader and writer keeps it (the one-line writer, orjson, stops a little above)
MAX_DEPTH = 200
#: the sentence of REC-DEPTH, whichever reader finds the nesting
TOO_DEEP = f"data nested more than {MAX_DEPTH} levels deep: tarockrec keeps at most that many"
#: characters no XML 1.0 document can carry, and lone surrogates, which no UTF-8 text can
_UNWRITABLE = lazy("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: field names travel JSON-encoded in XML: only these characters cannot be carried there
_UNWRITABLE_NAME = lazy("[\ud800-\udfff\ufffe\uffff]")
#: what such a character looks like in JSON text (an escape, or U+FFFE / U+FFFF as UTF-8)
_SUSPECT = lazy(b"\\\\[ubf]|\xef\xbf[\xbe\xbf]")


#: a JSON string (possessive: never backtracks, however long the string)
_STRING = lazy(rb'"(?:[^"\\]++|\\.)*+"')
#: after the skeleton: what is not a bracket, and the innermost pairs of brackets
_NOT_BRACKET = lazy(rb"[^\[\]{}]++")
_INNERMOST = lazy(rb"\[\]|\{\}")


def _keys(compact: bytes) -> int:
    """How many object keys the compact JSON text ``compact`` holds (each string becomes
    one quote; a key is a quote followed by a colon)."""
    return _STRING.sub(b'"', compact).count(b'":')


class _Skeleton:
    """JSON text that parsed, with each string reduced to one quote and no white space
    (scanning left to right, the first quote outside a string opens one: a string is always
    matched whole), made when first asked: keys and nesting counted by C loops alone, for
    large pretty-printed documents (a tournament) that the per-value checks made slow."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._bare: bytes | None = None

    def bare(self) -> bytes:
        if self._bare is None:
            self._bare = _STRING.sub(b'"', self.data).translate(None, b" \t\r\n")
        return self._bare

    def keys(self) -> int:
        return self.bare().count(b'":')

    def too_deep(self, limit: int = MAX_DEPTH) -> bool:
        """Whether containers nest more than ``limit`` deep (then the walk finds the place);
        each pass takes away the innermost pairs of brackets."""
        brackets = _NOT_BRACKET.sub(b"", self.bare())
        for _ in range(limit):
            if not brackets:
                return False
            brackets = _INNERMOST.sub(b"", brackets)
        return bool(brackets)


def _suspect(data: bytes) -> bool:
    """Whether JSON text ``data`` may hold such a character (a backslash or the byte 0xEF is
    looked for first: one memchr each, nothing more for most records)."""
    return ((data.find(b"\\") >= 0 or data.find(b"\xef") >= 0)    # (find: memchr)
            and _SUSPECT.search(data) is not None)


def _values(data: bytes) -> int:
    """An upper bound of the values JSON text ``data`` holds (its brackets and commas)."""
    return data.count(b"[") + data.count(b"{") + data.count(b",")


#: the values ``loads`` has read: the first is read by the standard library (the way every
#: text orjson refuses takes, which reads each value as orjson does), so that one record's
#: ``validate`` does without importing orjson, which with the modules it imports (uuid,
#: zoneinfo, datetime, json) costs 29 M instructions (``bench/bench_startup.py``)
_READ = 0


def loads(text: str | bytes, line_offset: int = 0, depth: int = 0) -> Any:
    """One JSON value. Refused with a finding (``JSONError``): text that is not JSON, and
    values no format can carry exactly — a text holding a character XML cannot carry or a
    lone surrogate (REC-TEXT), a number beyond the range of a double (REC-NUMBER), nesting
    deeper than ``MAX_DEPTH`` (REC-DEPTH; ``depth``: the levels the value sits in, for a
    part of a document read apart). A UTF-8 byte order mark in front is ignored."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.startswith(b"\xef\xbb\xbf"):     # a byte order mark, which a reader may ignore
        text = data = data[3:]                 # (RFC 8259 §8.1): Windows tools write it
    if len(data) > JSON_RECORD_MAX_VALUES and _values(data) > JSON_RECORD_MAX_VALUES:
        raise JSONError(Finding("INPUT-TOO-LARGE", f"the record holds more than "
                                f"{JSON_RECORD_MAX_VALUES:,} values (counted by their brackets "
                                "and commas), the most one JSON record may hold", "",
                                line=1 + line_offset))
    global _READ
    _READ += 1
    if _READ > 1:
        try:
            value = orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
        else:
            if _compact_line(value, data, depth):
                return value
            scanned = data.translate(_DIGITS)
            if _LONG_RUN in scanned:        # (the standard library reads it exactly)
                return _read_slowly(text, data, line_offset, depth)
            skeleton = None
            if scanned.count(b"[") > MAX_DEPTH - depth:
                skeleton = _Skeleton(data)
            deep = skeleton is not None and skeleton.too_deep(MAX_DEPTH - depth)
            if _suspect(data) or deep:
                _refuse_unwritable(value, line_offset, depth)
            # a key given twice is dropped silently by the parser: the text is the compact
            # writing of what was read, or has as many keys as that writing (then no key can
            # be missing), or it is read again with every object's pairs in view
            compact = orjson.dumps(value)
            if compact != data.strip() and (skeleton or _Skeleton(data)).keys() != _keys(compact):
                _refuse_duplicate_keys(data, line_offset)
            return value
    return _read_slowly(text, data, line_offset, depth)


def _compact_line(value: Any, data: bytes, depth: int) -> bool:
    """Whether the text ``data``, read by orjson as ``value``, needs none of ``loads``' checks
    (the common JSON Lines record), told by C calls alone: too few brackets to nest too deep,
    nothing suspect (``_suspect``), and the text is the compact writing of what was read — no
    key was given twice, and no number was read inexactly (a number orjson reads as an inexact
    float, an integer beyond 64 bits or a long fraction, is written back otherwise; one
    written back the same is what the standard library would read)."""
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH - depth or _suspect(data):
        return False
    try:
        return orjson.dumps(value) == data.strip()
    except orjson.JSONEncodeError:
        return False


def _read_slowly(text: str | bytes, data: bytes, line_offset: int, depth: int) -> Any:
    """``loads`` by the standard library, with every check in Python."""
    # orjson refuses integers beyond 64 bits, which are valid JSON: ask the standard library,
    # which also words the error when the text really is broken (imported when first needed:
    # start-up time), and reads the first value (``_READ``)
    pairs = _Pairs()            # (duplicate keys noted in the same pass)
    if _READ == 1:
        read = _first_value(data, pairs)
        if read is not None:
            _refuse_unwritable(read[0], line_offset, depth, walk=True)
            _refuse_seen(read[0], pairs.seen, line_offset)
            return read[0]
        pairs = _Pairs()
    import json
    try:
        value = json.loads(text, parse_constant=_no_constants, parse_int=whole_number,
                           object_pairs_hook=pairs)
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError, RecursionError) as err:
        raise JSONError(_syntax_finding(text, err, line_offset)) from None
    _refuse_unwritable(value, line_offset, depth, walk=True)
    _refuse_seen(value, pairs.seen, line_offset)
    return value


class _Context:
    """What the standard library's C scanner reads of its parser (``json.JSONDecoder``)."""

    strict = True
    object_hook = None
    parse_float = float

    def __init__(self, pairs: Any, parse_int: Any, parse_constant: Any) -> None:
        self.object_pairs_hook = pairs
        self.parse_int = parse_int
        self.parse_constant = parse_constant
        self.memo: dict[str, str] = {}


def _scanned(text: str, pairs: Any = None, parse_int: Any = int,
             parse_constant: Any = None) -> tuple[Any] | None:
    """``(json.loads(text, ...),)`` by the standard library's C scanner alone, when it reads the
    text whole; None for anything else (``json.loads`` then reads it, and words what it
    finds). Without importing ``json``, whose patterns cost 5 M instructions of one record's
    ``validate`` (issue 42, item 3)."""
    try:
        from _json import make_scanner
        text = text.strip(" \t\n\r")
        value, end = make_scanner(cast(Any, _Context(pairs, parse_int, parse_constant)))(text, 0)
    except Exception:  # (json.loads meets it again, and words it)
        return None
    return (value,) if end == len(text) else None


def plain_loads(text: str) -> Any:
    """``json.loads(text)`` (a file of the package: the rule sets)."""
    read = _scanned(text, parse_constant=float)
    if read is not None:
        return read[0]
    import json
    return json.loads(text)


def _first_value(data: bytes, pairs: _Pairs) -> tuple[Any] | None:
    """``_scanned`` as ``loads`` asks the standard library below."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return _scanned(text, pairs, whole_number, _no_constants)


#: the standard library's parser messages, as sentences
_SYNTAX_WORDS = {
    "Expecting ',' delimiter": "a comma is missing between two values",
    "Expecting ':' delimiter": "a colon is missing after a field name",
    "Expecting value": "a value is missing",
    "Expecting property name enclosed in double quotes":
        "a field name must be written in double quotes",
    "Unterminated string starting at": "a text is not closed by a double quote",
    "Invalid control character at": "a text holds a control character (a line break or tab "
                                    "must be written \\n or \\t)",
    "Invalid \\escape": "a text holds an unknown backslash escape",
    "Invalid \\uXXXX escape": "a text holds a broken \\u escape",
    "Extra data": "more text follows the end of the value",
}


def _syntax_finding(text: str | bytes, err: Exception, line_offset: int) -> Finding:
    """JSON-SYNTAX with one sentence and the line of the record itself: a record cut short
    (a truncated line, a missing closing brace) is blamed on its own last line, not on the
    line after it."""
    if isinstance(err, RecursionError):
        return _too_deep(line_offset)
    if isinstance(err, (_Constant, NumberTooLong)):
        line, col = _place_of(text, err)
        if isinstance(err, NumberTooLong):
            return Finding("REC-NUMBER", f"{err}, at column {col}", "", line=line + line_offset)
        return Finding("JSON-SYNTAX", f"this is not valid JSON: {err} is not a number JSON "
                       f"has (write a number, or null), at column {col}", "",
                       line=line + line_offset)
    import json
    if not isinstance(err, json.JSONDecodeError):
        return Finding("JSON-SYNTAX", "this is not valid JSON: the text is not UTF-8", "",
                       line=1 + line_offset)
    body = err.doc.rstrip()
    if err.pos >= len(body):
        # the parser wanted more: the text ends before the value does
        line = body.count("\n") + 1
        col = len(body) - (body.rfind("\n") + 1)
        return Finding("JSON-SYNTAX", "this is not valid JSON: the text ends before the "
                       f"record is complete (cut short?), after column {col}", "",
                       line=line + line_offset)
    words = _SYNTAX_WORDS.get(err.msg, err.msg[:1].lower() + err.msg[1:])
    return Finding("JSON-SYNTAX", f"this is not valid JSON: {words}, at column {err.colno}",
                   "", line=err.lineno + line_offset)


def _place_of(text: str | bytes, err: ValueError) -> tuple[int, int]:
    """Line and column of the constant or the long number ``err`` is about (the parser's
    hooks are not told where they are)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    for m in _NUMBERS.finditer(data):
        token = m.group()
        if token[:1] != b'"' and (token == str(err).encode() if
                                  isinstance(err, _Constant) else
                                  len(token.lstrip(b"-")) == getattr(err, "digits", -1)):
            start = m.start()
            line_start = data.rfind(b"\n", 0, start) + 1
            return data.count(b"\n", 0, start) + 1, \
                len(data[line_start:start].decode("utf-8", "replace")) + 1
    return 1, 1


def _too_deep(line_offset: int) -> Finding:
    return Finding("REC-DEPTH", TOO_DEEP, "", line=1 + line_offset)


class _Pairs:
    """A parser's ``object_pairs_hook`` that notes each object naming a key twice."""

    def __init__(self) -> None:
        self.seen: dict[int, str] = {}        # id of an object with a duplicate -> the key

    def __call__(self, items: list[tuple[str, Any]]) -> dict[str, Any]:
        d = dict(items)
        if len(d) != len(items):
            keys = [k for k, _ in items]
            self.seen[id(d)] = next(k for k in keys if keys.count(k) > 1)
        return d


def _refuse_duplicate_keys(text: str | bytes, line_offset: int) -> None:
    """Raise JSON-DUPLICATE, with its place, when an object of ``text`` names a key twice."""
    pairs = _Pairs()
    import json
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogatepass")
    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=_no_constants)
    except RecursionError:
        raise JSONError(_too_deep(line_offset)) from None
    _refuse_seen(value, pairs.seen, line_offset)


def _refuse_seen(value: Any, seen: dict[int, str], line_offset: int) -> None:
    """Raise JSON-DUPLICATE at the first object of ``value`` that ``_Pairs`` saw."""
    if not seen:
        return
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        v, ptr = stack.pop()
        if isinstance(v, dict):
            if id(v) in seen:
                key = seen[id(v)]
                raise JSONError(Finding("JSON-DUPLICATE", f"this object names the field "
                                        f"{key!r} twice; which one counts would be a guess",
                                        ptr, line=line_offset + 1))
            stack.extend((x, pointer_join(ptr, k)) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, f"{ptr}/{i}") for i, x in enumerate(v))


def unwritable(value: Any, floats_checked: bool = False, depth: int = 0) -> Finding | None:
    """The first place in ``value`` that no format can carry exactly (see ``loads``).
    ``floats_checked``: every float in ``value`` was read by ``loads`` (so is finite).
    ``depth``: the levels ``value`` sits in (a part of a document read apart)."""
    # the common case in one C call: written as JSON, nothing suspect shows and there are
    # too few brackets to nest too deep (a lone surrogate or a non-text key makes dumps
    # fail; a number beyond a double is written null)
    try:
        data = orjson.dumps(value)
    except (orjson.JSONEncodeError, TypeError):
        return _unwritable_walk(value, depth)
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH - depth \
            and (floats_checked or b"null" not in data) and not _suspect(data):
        return None
    return _unwritable_walk(value, depth)


def _unwritable_walk(value: Any, depth: int = 0) -> Finding | None:
    stack: list[tuple[Any, str, int]] = [(value, "", depth)]
    while stack:
        v, ptr, depth = stack.pop()
        if depth > MAX_DEPTH:
            return Finding("REC-DEPTH", TOO_DEEP, _deep_place(ptr))
        if isinstance(v, str):
            # (a printable text holds none of those characters: the pattern, compiled when
            # first asked for, is asked only about the others)
            m = None if v.isprintable() else _UNWRITABLE.search(v)
            if m:
                return Finding("REC-TEXT", f"this text holds the character {ascii(m.group())}, "
                               "which no XML document (and, for a lone surrogate, no UTF-8 "
                               "text) can carry", ptr)
        elif isinstance(v, float):
            if not math.isfinite(v):
                return Finding("REC-NUMBER", "this number is beyond the range of a double "
                               "(about 1.8e308) and cannot be kept exactly", ptr)
        elif isinstance(v, dict):
            for k, x in v.items():
                sub = ptr + "/" + str(k).replace("~", "~0").replace("/", "~1")
                if isinstance(k, str) and not k.isprintable() and _UNWRITABLE_NAME.search(k):
                    return Finding("REC-TEXT", f"the field name {ascii(k)} holds a character "
                                   "that no XML document can carry", sub)
                stack.append((x, sub, depth + 1))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                stack.append((x, f"{ptr}/{i}", depth + 1))
    return None


def _deep_place(ptr: str) -> str:
    """Where data nested too deep is said to be: not its 200 levels of ``/0``, but the
    private field that holds it, else the record's field a few levels down."""
    parts = ptr.split("/")[1:]
    for i, part in enumerate(parts[:20]):
        if part.startswith("_"):
            return "/" + "/".join(parts[:i + 1])
    return "/" + "/".join(parts[:3])


def _refuse_unwritable(value: Any, line_offset: int, depth: int = 0, walk: bool = False) -> None:
    """``walk``: look at every value (``_unwritable_walk``) without the quick test in C, which
    writes the value with orjson (a value read by the standard library: without orjson)."""
    problem = _unwritable_walk(value, depth) if walk else unwritable(value, depth=depth)
    if problem is not None:
        raise JSONError(Finding(problem.code, problem.message, problem.pointer,
                                line=line_offset + 1))


def load(fp: IO[str] | IO[bytes]) -> Any:
    return loads(fp.read())


# -- archives ------------------------------------------------------------------------------
#: one archive entry: 1-based record index, first line, the record or the finding that
#: made it unreadable
Entry = tuple[int, int, "Any | Finding"]


def iter_jsonl(fp: IO[bytes]) -> Iterator[Entry]:
    """JSON Lines, one record a line, read as a stream (blank lines skipped)."""
    for index, lineno, raw in iter_jsonl_raw(fp):
        yield index, lineno, parse_jsonl_line(raw, lineno)


def iter_jsonl_raw(fp: IO[bytes]) -> Iterator[tuple[int, int, bytes]]:
    """The non-blank lines of a JSON Lines stream, unparsed: (record number, line, bytes)."""
    index = 0
    for lineno, raw in enumerate(fp, 1):
        if not raw.strip():
            continue
        index += 1
        yield index, lineno, raw


def parse_jsonl_line(raw: bytes, lineno: int) -> Any:
    """One JSON Lines record, or the Finding that says why it cannot be read."""
    try:
        return loads(raw, lineno - 1)
    except JSONError as err:
        return err.finding


def iter_json_document(data: bytes) -> Iterator[Entry]:
    """One JSON document: a record, or an array of records."""
    try:
        doc = loads(data)
    except JSONError as err:
        yield 1, 1, err.finding
        return
    if isinstance(doc, list):
        for i, rec in enumerate(doc, 1):
            yield i, 1, rec
    else:
        yield 1, 1, doc


#: a JSON text, skipped whole, or a bracket or comma. Possessive (``++``, ``*+``): the matcher
#: keeps no place to go back to, so a text of 20 MB takes no memory (``(?:[^"\\]|\\.)*``
#: kept one per character, ~120 bytes for each)
_ARRAY_TOKENS = lazy(rb'"(?:[^"\\]++|\\.)*+"|[\[\]{},]')


def iter_json_array(data: bytes) -> Iterator[Entry] | None:
    """The records of a JSON document that is an array, parsed one at a time (a large
    archive is never held as objects all at once), each with the line it starts on; None when
    ``data`` is not a well-nested array (the whole-document reader then words the error)."""
    start = len(data) - len(data.lstrip(b"\xef\xbb\xbf \t\r\n"))
    if data[start:start + 1] != b"[":
        return None
    bounds: list[tuple[int, int]] = []
    depth, item = 0, start + 1
    for m in _ARRAY_TOKENS.finditer(data, start):
        c = data[m.start()]
        if c == 0x22:                            # a string: skipped whole
            continue
        if c in (0x5B, 0x7B):                    # [ {
            depth += 1
        elif c in (0x5D, 0x7D):                  # ] }
            depth -= 1
            if depth == 0:
                if data[m.end():].strip() or data[item:m.start()].strip() or bounds:
                    bounds.append((item, m.start()))
                break
        elif depth == 1:                         # a comma between records
            bounds.append((item, m.start()))
            item = m.end()
            if len(bounds) > JSON_ARRAY_MAX_RECORDS:
                raise TooLarge(f"the JSON array holds more than {JSON_ARRAY_MAX_RECORDS:,} "
                               "records, the most one may hold (an archive that large is kept "
                               "as JSON Lines)")
    else:
        return None
    if depth != 0 or data[m.end():].strip():
        return None
    if bounds and not data[bounds[-1][0]:bounds[-1][1]].strip():
        bounds.pop()                             # "[]" or a trailing comma: the reader decides
        if bounds:
            return None
    return _array_records(data, bounds)


def _array_records(data: bytes, bounds: list[tuple[int, int]]) -> Iterator[Entry]:
    line, counted = 1, 0
    for i, (a, b) in enumerate(bounds, 1):
        first = a + len(data[a:b]) - len(data[a:b].lstrip())
        line += data.count(b"\n", counted, first)
        counted = first
        try:
            yield i, line, loads(data[a:b], line - 1)
        except JSONError as err:
            yield i, line, err.finding


def looks_like_jsonl(head: bytes) -> bool:
    """Two or more non-blank lines that each start an object: JSON Lines."""
    lines = [ln.strip() for ln in head.splitlines() if ln.strip()]
    return len(lines) > 1 and all(ln.startswith(b"{") and ln.endswith(b"}") for ln in lines[:2])


def line_map(text: str) -> dict[str, int]:
    """JSON Pointer → line of every value in a JSON document (for findings in pretty-printed
    files; JSON Lines records are one line each). Meant for text that parses as JSON; in an
    array whose records are well nested but some broken, it maps the others and never fails."""
    lines: dict[str, int] = {}
    # each frame: [is_object, pointer of the container, next array index, pending key]
    stack: list[list[Any]] = []
    line = 1
    i, n = 0, len(text)

    def start() -> str:
        """Record where the value beginning here lives and return its pointer."""
        if not stack:
            ptr = ""
        else:
            frame = stack[-1]
            token = frame[3] if frame[0] else str(frame[2])
            if token is None:       # a value with no name before it: a broken record (one
                token = ""          # of an array whose others parse), its lines unused
            ptr = frame[1] + "/" + token.replace("~", "~0").replace("/", "~1")
        lines.setdefault(ptr, line)
        return ptr

    def done() -> None:
        if stack and not stack[-1][0]:
            stack[-1][2] += 1

    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c in "{[":
            stack.append([c == "{", start(), 0, None])
        elif c in "}]":
            stack.pop()
            done()
        elif c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if stack and stack[-1][0] and stack[-1][3] is None:
                try:
                    stack[-1][3] = orjson.loads(text[i:j + 1])   # a key
                except orjson.JSONDecodeError:                   # a broken escape, as above
                    stack[-1][3] = text[i + 1:j]
            else:
                start()
                done()
            i = j
        elif c == ",":
            if stack and stack[-1][0]:
                stack[-1][3] = None
        elif c not in " \t\r:":
            start()                                          # number, true, false, null
            while i + 1 < n and text[i + 1] not in ",}] \t\r\n":
                i += 1
            done()
        i += 1
    return lines
