"""XML: ``load / loads / dump / dumps``, archive streaming (``iter_xml``) and writing.

The XML tree is the JSON record written differently (docs/notation.md, "XML"): an element for
an object, an attribute for a scalar, space-separated text for a list of cards / tokens / ints.
The whole mapping is the table ``TYPES`` (one ``ObjType`` per kind of object: which keys are
attributes, which key is the element's text, which keys are child elements and in what form).
``jsonio.dumps(xmlio.loads(xmlio.dumps(rec)))`` equals ``jsonio.dumps(rec)`` byte for byte.

Beyond the table:

* ``_x`` fields (any object level) → ``<private name="_x">JSON</private>`` (the value exactly
  as given, written with orjson).
* A value the table's form cannot express exactly (an empty ``meta``, a string where an int
  belongs, a card containing a space, …) → ``<json name="key">JSON</json>`` in the object's
  element, so even invalid records round-trip and the schema check reports the same errors.
* An unknown key with a string value → attribute of that name; any other unknown key →
  ``<json>``. Reading, an attribute or element the table does not know is kept under its own
  name (attribute → string, element → its text or a nested dict), never dropped.
* ``tarockrec`` is the root's ``version``; a record without it gets it from the root.
* Index attributes ``seat="k"`` on ``<player>``, ``<hand>``, ``<discards><discard>`` say the
  position and must match it (``XML-SEAT`` otherwise).

Line numbers: ``loads_with_lines`` returns ``(record, lines)`` and ``iter_xml_lines`` yields
``(index, line, record-or-Finding, lines)``; ``lines`` maps the JSON Pointer of every object,
list and list entry held by an element to the element's line (``""`` → the record element).
Pointers inside element text (``/play/6/2``) are not stored: ``line_for(lines, pointer)``
finds the nearest enclosing entry (the ``<trick>`` line).

Security: the prolog is scanned before parsing and any ``<!DOCTYPE``/``<!ENTITY`` refuses the
document (``XML-DOCTYPE``); the parser never resolves entities, never loads a DTD, never uses
the network, keeps libxml2's size limits (no huge_tree), and the parsed docinfo is checked
again. Bad input never raises from ``iter_xml*``: it yields a ``Finding``. ``loads`` raises
``XMLError`` (carrying the ``Finding``), like ``jsonio.JSONError``.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any, Callable, IO, Iterable, Iterator, TypeGuard

import orjson
from lxml import etree

from ..findings import Finding, pointer_join
from .bounds import XML_RECORD_MAX_MARKUP, RecordTooLarge
from ..outcome import ITEM as OUTCOME_ITEM
from ..outcome import TOP as OUTCOME_TOP
from .jsonio import MAX_DEPTH, TOO_DEEP, JSONError, _compact, unwritable
from .jsonio import loads as _jsonio_loads
from .jsonio import _key as _canonical_key
from .jsonio import NumberTooLong, whole_number

VERSION = 1

# -- scalar kinds: fits(value) → the table form can hold it exactly; enc → text; dec → value --
_XML_BAD = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_INT = re.compile(r"-?[0-9]+\Z")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*\Z")


def _safe(s: object) -> TypeGuard[str]:
    return isinstance(s, str) and not _XML_BAD.search(s)


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


#: the whole numbers a record mostly holds, by their text (read without a regex)
_SMALL_INTS = {str(i): i for i in range(-1000, 10000)}


def _dec_int(s: str) -> Any:
    v = _SMALL_INTS.get(s)
    if v is not None:
        return v
    return whole_number(s) if _INT.match(s) else s


def _tok_ok(v: object) -> bool:
    return _safe(v) and v.split() == [v]


@dataclass(frozen=True)
class Kind:
    fits: Callable[[Any], bool]
    enc: Callable[[Any], str]
    dec: Callable[[str], Any]


_str = Kind(_safe, str, str)
_token = Kind(lambda v: _safe(v) and v == v.strip(), str, str.strip)
def _dec_int_text(s: str) -> Any:
    """A whole number written with spaces around it or not (the common case by lookup)."""
    v = _SMALL_INTS.get(s)
    return v if v is not None else _dec_int(s.strip())


def _dec_seat(s: str) -> Any:
    v = _SMALL_INTS.get(s)
    if v is not None:
        return v
    return None if s.strip() == "none" else _dec_int(s.strip())


_int = Kind(_is_int, str, _dec_int_text)
_seat = Kind(lambda v: v is None or _is_int(v), lambda v: "none" if v is None else str(v),
             _dec_seat)
_bool = Kind(lambda v: isinstance(v, bool), lambda v: "true" if v else "false",
             lambda s: {"true": True, "false": False}.get(s.strip(), s))
_optval = Kind(lambda v: _is_int(v) or (_safe(v) and not _INT.match(v)), str, _dec_int)
_tokens = Kind(lambda v: isinstance(v, list) and all(map(_tok_ok, v)), " ".join, str.split)
_ints = Kind(lambda v: isinstance(v, list) and all(map(_is_int, v)), lambda v: " ".join(map(str, v)),
             lambda s: [_dec_int(t) for t in s.split()])
_cards = _tokens  # card codes are tokens; the schema checks the codes


# -- lines past 65,535 -----------------------------------------------------------------------
#: libxml2 keeps an element's line in 16 bits: from this line on an element says this much and
#: ``sourceline`` gives the line of a text node next to it instead (``_big_line``). The fast
#: reader takes the line of an element whose text is on one line as said: that text's line.
BIG_LINE = 65535


def line_of(el: etree._Element) -> int | None:
    """The line on which ``el`` starts (its start tag on one line), past 65,535 too."""
    line = el.sourceline
    return line if line is None or line < BIG_LINE else _big_line(el, line)


def _big_line(el: etree._Element, reported: int, depth: int = 0) -> int:
    found = _walk(el, reported)
    return found if found is not None else _from_neighbours(el, reported, depth)


def _walk(el: etree._Element, reported: int) -> int | None:
    """libxml2's ``xmlGetLineNo`` answers for an element past line 65,535 with the line of its
    first child, else of its next sibling (five steps at most; then from its previous
    sibling, or 65,535); a text node there has the line its text ends on. Follow the same walk
    and take back the line breaks of that text; None where it ends elsewhere."""
    node = el
    for _ in range(5):
        text: str | None = node.text
        if text:                                      # the first child: its text
            return reported - text.count("\n")
        if len(node):                                 # the first child: an element
            node = node[0]
            continue
        tail: str | None = node.tail
        if tail:                                      # the next sibling: the text after it
            return reported - tail.count("\n")
        nxt = node.getnext()
        if nxt is None:
            return None
        node = nxt
    return None


def _breaks(el: etree._Element) -> int:
    """The line breaks in ``el`` and in the text after it."""
    return int(etree.tostring(el, encoding=str, with_tail=True).count("\n"))


def _known_line(el: etree._Element) -> int | None:
    """The line of ``el`` where libxml2's answer can be read back, else None."""
    said = el.sourceline or 0
    return said if said < BIG_LINE else _walk(el, said)


def _from_neighbours(el: etree._Element, reported: int, depth: int) -> int:
    """The line of ``el`` counted from the nearest sibling whose line is known, after it or
    before it, else from its parent's."""
    if depth > 8:
        return reported
    ahead, node = 0, el
    while (nxt := node.getnext()) is not None:
        ahead += _breaks(node)
        if (found := _known_line(nxt)) is not None:
            return found - ahead
        node = nxt
    behind, node = 0, el
    while (prev := node.getprevious()) is not None:
        behind += _breaks(prev)
        if (found := _known_line(prev)) is not None:
            return found + behind
        node = prev
    parent = el.getparent()
    if parent is None:
        return reported
    said = parent.sourceline or 0
    start = said if said < BIG_LINE else _big_line(parent, said, depth + 1)
    return start + (parent.text or "").count("\n") + behind


# -- forms of child elements ----------------------------------------------------------------
class Ctx:
    """Reading state of one record: the line map."""

    def __init__(self) -> None:
        self.lines: dict[str, int] = {}

    def at(self, ptr: str, el: etree._Element) -> None:
        line = line_of(el)
        if line is not None:
            self.lines[ptr] = line


class Form:
    tags: tuple[str, ...] = ()

    @property
    def repeats(self) -> bool:
        """Whether one field is written as several sibling elements (read one by one)."""
        return False

    def fits(self, v: Any) -> bool:
        raise NotImplementedError

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        raise NotImplementedError

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        raise NotImplementedError


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    el = etree.SubElement(parent, tag, attrs)
    if text:
        el.text = text
    return el


def _no_attributes(el: etree._Element, but: tuple[str, ...]) -> bool:
    """Whether ``el`` has no attributes other than those named in ``but``."""
    keys = el.keys()                     # a list: one walk, no set built
    if len(keys) < 2:
        return not keys or keys[0] in but
    return all(k in but for k in keys)


_SEAT_TEXT = [str(i) for i in range(64)]


def _check_seat(el: etree._Element, i: int) -> None:
    s = el.get("seat")
    if s is not None and s != (_SEAT_TEXT[i] if i < 64 else str(i)) and s.strip() != str(i):
        raise XMLError(Finding("XML-SEAT", f'<{el.tag} seat="{s}"> is entry {i} of its list; '
                               "seats are written in order 0, 1, 2, …", line=line_of(el)))


@dataclass(frozen=True)
class One(Form):
    """One child element holding an object: ``<exchange king="HK">…</exchange>``."""
    tag: str
    type: str

    @property
    def tags(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.tag,)

    def fits(self, v: Any) -> bool:
        return TYPES[self.type].fits(v)

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        _write_obj(_sub(parent, self.tag), TYPES[self.type], v, level + 1)

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        d[key] = _read_obj(el, TYPES[self.type], ptr, ctx)


@dataclass(frozen=True)
class Many(Form):
    """A list of objects in a wrapper: ``<auction><call seat="0">pass</call>…</auction>``.
    ``index``: items carry ``seat="k"`` = their position. ``scalar``: an item may be a plain
    string (the element's text), as players are."""
    wrapper: str
    item: str
    type: str
    index: bool = False
    scalar: bool = False

    @property
    def tags(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.wrapper,)

    def _item_fits(self, x: Any) -> bool:
        t = TYPES[self.type]
        if isinstance(x, str):
            return self.scalar and t.text is not None and t.text[1].fits(x)
        if not isinstance(x, dict) or (self.index and "seat" in x):
            return False
        if self.scalar and t.text and set(x) == {t.text[0]}:
            return False  # would read back as a plain string
        return t.fits(x)

    def fits(self, v: Any) -> bool:
        return isinstance(v, list) and all(map(self._item_fits, v))

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        w = _sub(parent, self.wrapper)
        t = TYPES[self.type]
        for i, x in enumerate(v):
            el = _sub(w, self.item, **({"seat": str(i)} if self.index else {}))
            if isinstance(x, str):
                el.text = t.text[1].enc(x) or None  # type: ignore[index]
            else:
                _write_obj(el, t, x, level + 2)
        _indent(w, level + 1)

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        t = TYPES[self.type]
        out: list[Any] = []
        lines = ctx.lines
        line = line_of(el)
        if line is not None:
            lines[ptr] = line
        index, scalar, item_tag = self.index, self.scalar, self.item
        skip = ("seat",) if index else ()
        i = 0
        for item in el:
            tag = item.tag
            if not isinstance(tag, str):       # not an element (as _children skips)
                continue
            p = f"{ptr}/{i}"
            if index:
                _check_seat(item, i)
            i += 1
            if tag != item_tag:  # foreign element in a list: keep it as an entry
                ctx.at(p, item)
                out.append(_read_unknown(item) if tag != "json" else _read_json(item))
                continue
            if scalar and len(item) == 0 and _no_attributes(item, skip):
                line = line_of(item)
                if line is not None:
                    lines[p] = line
                out.append(t.text[1].dec(item.text or ""))  # type: ignore[index]
            else:
                out.append(_read_obj(item, t, p, ctx, skip))
        d[key] = out


@dataclass(frozen=True)
class Text(Form):
    """One child element whose text is the value: ``<points>41 29</points>``."""
    tag: str
    kind: Kind

    @property
    def tags(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.tag,)

    def fits(self, v: Any) -> bool:
        return self.kind.fits(v)

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        _sub(parent, self.tag, self.kind.enc(v))

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        line = line_of(el)
        if line is not None:
            ctx.lines[ptr] = line
        d[key] = self.kind.dec(el.text or "")


@dataclass(frozen=True)
class Texts(Form):
    """A list of text values, one element each, in a wrapper (``<play><trick>…``) or, with
    ``wrapper=None``, repeated directly (``<hand seat="0">…``; then the list may not be empty)."""
    wrapper: str | None
    item: str
    kind: Kind
    index: bool = False

    @property
    def tags(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.wrapper or self.item,)

    def fits(self, v: Any) -> bool:
        return (isinstance(v, list) and (bool(v) or self.wrapper is not None)
                and all(map(self.kind.fits, v)))

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        w = _sub(parent, self.wrapper) if self.wrapper else parent
        for i, x in enumerate(v):
            _sub(w, self.item, self.kind.enc(x), **({"seat": str(i)} if self.index else {}))
        if self.wrapper:
            _indent(w, level + 1)

    def _item(self, item: etree._Element, out: list[Any], ptr: str, ctx: Ctx) -> None:
        n = len(out)
        if self.index:
            _check_seat(item, n)
        ctx.at(f"{ptr}/{n}", item)
        tag = item.tag
        if tag == "json":
            out.append(_read_json(item))
        elif tag != self.item or len(item) or not _no_attributes(item, ("seat",)):
            out.append(_read_unknown(item))
        else:
            out.append(self.kind.dec(item.text or ""))

    @property
    def repeats(self) -> bool:
        return not self.wrapper

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        if self.wrapper:
            lines = ctx.lines
            line = line_of(el)
            if line is not None:
                lines[ptr] = line
            out: list[Any] = []
            item_tag, dec = self.item, self.kind.dec
            n = 0
            for item in el:
                tag = item.tag
                if not isinstance(tag, str):   # not an element (as _children skips)
                    continue
                # the common item inline (what _item does for it): no index, no attributes
                # but seat, no children
                if tag == item_tag and not self.index and not len(item) and (
                        not item.keys() or _no_attributes(item, ("seat",))):
                    line = line_of(item)
                    if line is not None:
                        lines[f"{ptr}/{n}"] = line
                    out.append(dec(item.text or ""))
                else:
                    self._item(item, out, ptr, ctx)
                n += 1
            d[key] = out
        else:
            out = d.setdefault(key, [])
            if not out:
                ctx.at(ptr, el)
            self._item(el, out, ptr, ctx)


@dataclass(frozen=True)
class Keyed(Form):
    """A string-keyed object of scalars as repeated elements: ``<meta key="event">…</meta>``
    (not empty: an empty object goes to ``<json>``)."""
    item: str
    attr: str
    kind: Kind

    @property
    def tags(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.item,)

    def fits(self, v: Any) -> bool:
        return (isinstance(v, dict) and bool(v)
                and all(_safe(k) and self.kind.fits(x) for k, x in v.items()))

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        for k, x in v.items():
            _sub(parent, self.item, self.kind.enc(x), **{self.attr: k})

    @property
    def repeats(self) -> bool:
        return True

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        out = d.setdefault(key, {})
        if not isinstance(out, dict):
            return
        name = el.get(self.attr)
        if name is None:
            raise XMLError(Finding("XML-VALUE", f"<{el.tag}> needs a {self.attr}=\"…\" attribute",
                                   line=line_of(el)))
        if not out:
            ctx.at(ptr, el)
        ctx.at(pointer_join(ptr, name), el)
        out[name] = self.kind.dec(el.text or "")


@dataclass(frozen=True)
class Talon(Form):
    """The talon in the game's layout: a list of cards (text) or of packets (``<half>``)."""
    tag: str = "talon"
    half: str = "half"

    @property
    def tags(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.tag,)

    def fits(self, v: Any) -> bool:
        return isinstance(v, list) and (_cards.fits(v) or all(map(_cards.fits, v)))

    def write(self, parent: etree._Element, v: Any, level: int) -> None:
        if _cards.fits(v):
            _sub(parent, self.tag, _cards.enc(v))
            return
        w = _sub(parent, self.tag)
        for x in v:
            _sub(w, self.half, _cards.enc(x))
        _indent(w, level + 1)

    def read(self, el: etree._Element, d: dict[str, Any], key: str, ptr: str, ctx: Ctx) -> None:
        ctx.at(ptr, el)
        kids = _children(el)
        if not kids:
            d[key] = _cards.dec(el.text or "")
            return
        Texts(self.tag, self.half, _cards).read(el, d, key, ptr, ctx)


@dataclass
class ObjType:
    """One kind of object: ``attrs`` key → kind (attribute of that name), ``text`` the key held
    by the element's text, ``children`` key → form."""
    attrs: dict[str, Kind] = field(default_factory=dict)
    text: tuple[str, Kind] | None = None
    children: dict[str, Form] = field(default_factory=dict)
    by_tag: dict[str, tuple[str, Form]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.by_tag = {tag: (k, f) for k, f in self.children.items() for tag in f.tags}

    def fits(self, v: Any) -> bool:
        # an object always fits: what the table cannot hold goes to <json>; but the text key
        # must be there, since an element always has a text
        return isinstance(v, dict) and (self.text is None or
                                        (self.text[0] in v and self.text[1].fits(v[self.text[0]])))


#: the kinds tarockrec/outcome.py names its keys by
_KINDS = {"str": _token, "seat": _seat, "int": _int, "bool": _bool}

# -- THE MAPPING TABLE -----------------------------------------------------------------------
TYPES: dict[str, ObjType] = {
    # deal record, session record and a deal inside a session (<deal>/<session>)
    "record": ObjType(
        attrs={"game": _str, "dealer": _int},
        children={
            "rules": One("rules", "rules"),
            "meta": Keyed("meta", "key", _str),
            "players": Many("players", "player", "player", index=True, scalar=True),
            "carry": One("carry", "carry"),
            "deal": One("cards", "cards"),
            "deals": Many("deals", "deal", "record"),
            "auction": Many("auction", "call", "bid"),
            "exchange": One("exchange", "exchange"),
            "declarations": Many("declarations", "say", "turn"),
            "play": Texts("play", "trick", _cards),
            "late_claims": Many("late_claims", "claim", "claim"),
            "end": One("end", "end"),
            "outcome": One("outcome", "outcome"),
            "result": One("result", "result"),
            "notes": Many("notes", "note", "note"),
            # a tournament (docs/tournaments.md)
            "event": One("event", "event"),
            "entrants": Many("entrants", "entrant", "entrant"),
            "rounds": Many("rounds", "round", "round"),
            "standings": Many("standings", "standing", "standing"),
        }),
    "event": ObjType(attrs={"name": _str, "date": _str, "site": _str, "series": _str}),
    "entrant": ObjType(attrs={"id": _str, "club": _str, "team": _str, "person": _str,
                              "carried": _int, "carried_from": _str}, text=("name", _str)),
    "round": ObjType(children={"tables": Many("tables", "table", "table"),
                               "absent": Text("absent", _tokens)}),
    "table": ObjType(attrs={"table": _str, "source": _str},
                     children={"seats": Text("seats", _tokens),
                               "deals": Many("deals", "deal", "record"),
                               "result": One("result", "result")}),
    "standing": ObjType(attrs={"rank": _int, "entrant": _str, "total": _int, "score": _int,
                               "rank_points": _int, "cup_points": _int}),
    "rules": ObjType(attrs={"name": _str}, children={"options": Keyed("option", "name", _optval)}),
    "player": ObjType(attrs={"id": _str}, text=("name", _str)),
    # Königrufen doubling; Carinthian period state (§6.8)
    "carry": ObjType(attrs={"doubling": _int, "period_active": _bool, "successes": _int,
                            "period_deals": _int, "restricted": _bool}),
    "cards": ObjType(children={"hands": Texts(None, "hand", _cards, index=True),
                               "talon": Talon(), "deck": Text("deck", _cards)}),
    # auction entry; Ulti adds suit, contract and the two discarded cards
    "bid": ObjType(attrs={"seat": _int, "suit": _token, "contract": _token, "discard": _tokens},
                   text=("call", _token)),
    "exchange": ObjType(
        attrs={"king": _token, "as_remaining_king": _bool, "take": _token, "call": _token,
               "call_card": _token, "trischak": _token,
               "extra_discard": _token},
        children={"keep": Text("keep", _cards), "discard": Text("discard", _cards),
                  # Carinthian: the discarded tarocks shown (§4.2), the Trischak talon order
                  "shown": Text("shown", _cards),
                  "talon_order": Text("talon_order", _cards),
                  "discards": Texts("discards", "discard", _cards, index=True)}),
    # declaration turn; Ulti adds the trick it was said at
    "turn": ObjType(attrs={"seat": _int, "trick": _int}, text=("say", _tokens)),
    "claim": ObjType(attrs={"seat": _int}, text=("claim", _token)),
    "end": ObjType(attrs={"type": _token, "seat": _int}),
    "result": ObjType(
        attrs={"declarer": _seat, "contract": _token, "partner": _seat, "multiplier": _int},
        children={k: Text(k, _ints) for k in ("points", "tricks", "sheet", "scores", "totals")}),
    # the outcome block (tarockrec/outcome.py: TOP and ITEM give every key's kind)
    "outcome": ObjType(
        attrs={k: _KINDS[kind] for k, kind in OUTCOME_TOP.items() if kind != "ints"},
        children={**{k: Text(k, _ints) for k, kind in OUTCOME_TOP.items() if kind == "ints"},
                  "items": Many("items", "item", "outcome_item")}),
    "outcome_item": ObjType(attrs={k: _KINDS[kind] for k, kind in OUTCOME_ITEM.items()}),
    "note": ObjType(attrs={"at": _str}, text=("text", _str)),
}

_SPECIAL = ("private", "json")


# -- writing ---------------------------------------------------------------------------------
def _json_text(v: Any) -> str:
    try:
        return orjson.dumps(v).decode()
    except TypeError:      # an integer beyond 64 bits
        return _compact(v)


def _indent(el: etree._Element, level: int) -> None:
    """Element-content indentation by two spaces (never touches a text-valued element)."""
    kids = list(el)
    if not kids:
        return
    el.text = "\n" + "  " * level
    for k in kids:
        k.tail = "\n" + "  " * level
    kids[-1].tail = "\n" + "  " * (level - 1)


def _named(tag: str, key: str) -> etree._Element:
    """``<private>``/``<json>`` naming ``key`` (JSON-encoded when not XML-safe)."""
    if _safe(key):
        return etree.Element(tag, name=key)
    return etree.Element(tag, name=_json_text(key), encoded="true")


def _write_obj(el: etree._Element, t: ObjType, d: dict[str, Any], level: int,
               top: bool = False, version: int = VERSION) -> None:
    """Fill ``el`` from ``d``; ``level`` is the depth of ``el``'s children (for indentation)."""
    late: list[etree._Element] = []
    for k in sorted(d, key=_canonical_key):
        v = d[k]
        if k.startswith("_"):
            late.append(_named("private", k))
            late[-1].text = _json_text(v)
        elif top and k == "tarockrec" and v == version and _is_int(v):
            pass  # the root's version attribute
        elif k in t.attrs and t.attrs[k].fits(v):
            el.set(k, t.attrs[k].enc(v))
        elif t.text and k == t.text[0] and t.text[1].fits(v):
            el.text = t.text[1].enc(v) or None
        elif k in t.children and t.children[k].fits(v):
            t.children[k].write(el, v, level)
        elif (isinstance(v, str) and _safe(v) and _safe(k) and _NAME.match(k)
              and not k.lower().startswith("xml") and k not in t.attrs
              and not (t.text and k == t.text[0])):
            el.set(k, v)  # unknown key with a string value: an attribute of its own name
        else:
            late.append(_named("json", k))
            late[-1].text = _json_text(v)
    el.extend(late)
    if t.text is None:
        _indent(el, level)


def _record_element(record: dict[str, Any], version: int, level: int) -> etree._Element:
    if not isinstance(record, dict):
        raise TypeError("a tarockrec record is a JSON object (dict)")
    el = etree.Element("tournament" if "rounds" in record else
                       "session" if "deals" in record else "deal")
    _write_obj(el, TYPES["record"], record, level, top=True, version=version)
    return el


def _header(version: int) -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<tarockrec version="{version}">\n'


def dumps(record: dict[str, Any]) -> str:
    """One record as an XML document (root ``<tarockrec version=…>``)."""
    v = record.get("tarockrec") if isinstance(record, dict) else None
    version = v if _is_int(v) else VERSION
    el = _record_element(record, version, 2)
    el.tail = "\n"
    body: str = etree.tostring(el, encoding="unicode")
    return _header(version) + "  " + body + "</tarockrec>\n"


def dump(record: dict[str, Any], fp: IO[str] | IO[bytes]) -> None:
    text = dumps(record)
    if isinstance(fp, io.TextIOBase):
        fp.write(text)
    else:
        fp.write(text.encode("utf-8"))  # type: ignore[arg-type]


def iter_dumps(records: Iterable[dict[str, Any]]) -> Iterator[str]:
    """An archive as text chunks, one record at a time (for ``jsonio.write_atomic``)."""
    yield _header(VERSION)
    for rec in records:
        el = _record_element(rec, VERSION, 2)
        el.tail = "\n"
        yield "  " + etree.tostring(el, encoding="unicode")
    yield "</tarockrec>\n"


def dump_archive(records: Iterable[dict[str, Any]], fp: IO[bytes]) -> None:
    for chunk in iter_dumps(records):
        fp.write(chunk.encode("utf-8"))


# -- reading ---------------------------------------------------------------------------------
class XMLError(ValueError):
    """XML that is refused or unreadable; ``finding`` says why and where."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def _children(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _read_json(el: etree._Element) -> Any:
    try:
        return _jsonio_loads(el.text or "")
    except JSONError as err:
        where = f"<{el.tag} name=\"{el.get('name')}\">"
        if err.finding.code != "JSON-SYNTAX":           # JSON, but beyond what tarockrec keeps
            raise XMLError(Finding(err.finding.code, f"in {where}: {err.finding.message}",
                                   line=line_of(el))) from None
        raise XMLError(Finding("XML-VALUE", f"the content of {where} is not JSON",
                               line=line_of(el))) from None


def _read_json_name(el: etree._Element, name: str) -> str:
    try:
        key = orjson.loads(name)
    except orjson.JSONDecodeError:
        key = None
    if not isinstance(key, str):
        raise XMLError(Finding("XML-VALUE", f"the encoded name of <{el.tag}> is not a JSON string",
                               line=line_of(el)))
    return key


#: more attributes than any element of a record has; reading an attribute's value costs time in
#: proportion to the element's attributes (libxml2 keeps them in a list), so many would be slow
#: (and libxml2 never gives us more than one over: see _AttributeGuard)
MAX_ATTRIBUTES = 256


def _attributes(el: etree._Element) -> Any:
    if len(el.keys()) > MAX_ATTRIBUTES:      # keys() alone is fast: a single walk
        raise XMLError(Finding("XML-ATTRIBUTES", f"<{_local(str(el.tag))}> carries more than "
                               f"the {MAX_ATTRIBUTES} attributes an element of a record may "
                               "have", line=line_of(el)))
    return el.attrib.items()


def _read_unknown(el: etree._Element) -> Any:
    """An element the table does not know: its text, or a dict of its attributes/children."""
    kids = _children(el)
    if not kids and not el.attrib:
        return el.text or ""
    out: dict[str, Any] = {_local(k): v for k, v in _attributes(el)}
    for c in kids:
        name, val = _local(c.tag) if not c.prefix else f"{c.prefix}:{_local(c.tag)}", _read_unknown(c)
        if name in out:
            prev = out[name]
            out[name] = (prev if isinstance(prev, list) else [prev]) + [val]
        else:
            out[name] = val
    if kids and el.text and el.text.strip():
        out["#text"] = el.text
    return out


def _read_obj(el: etree._Element, t: ObjType, ptr: str, ctx: Ctx,
              skip: tuple[str, ...] = ()) -> dict[str, Any]:
    d: dict[str, Any] = {}
    line = line_of(el)
    if line is not None:
        ctx.lines[ptr] = line
    items = el.items()                   # one walk of the attributes, names and values
    if items:
        if len(items) > MAX_ATTRIBUTES:
            _attributes(el)              # raises XML-ATTRIBUTES
        attrs = t.attrs
        for name, raw in items:
            if name in skip:
                continue
            key = _local(name) if name[0] == "{" else name       # {namespace}name
            kind = attrs.get(key)
            d[key] = kind.dec(raw) if kind else raw
    if t.text:
        d[t.text[0]] = t.text[1].dec(el.text or "")
    by_tag = t.by_tag
    for c in el:
        tag = c.tag
        if not isinstance(tag, str):        # not an element (as _children skips)
            continue
        if tag in _SPECIAL:
            name = c.get("name")
            if name is None:
                raise XMLError(Finding("XML-VALUE", f"<{tag}> needs a name=\"…\" attribute",
                                       line=line_of(c)))
            if c.get("encoded") == "true":
                name = _read_json_name(c, name)
            d[name] = _read_json(c)
            ctx.at(pointer_join(ptr, name), c)
        elif tag in by_tag:
            key, form = by_tag[tag]
            if key in d and not form.repeats:
                raise _duplicate(c, key)
            form.read(c, d, key, f"{ptr}/{key}", ctx)     # a table key: nothing to escape
        else:
            key = _local(tag) if not c.prefix else f"{c.prefix}:{_local(tag)}"
            if key in d:
                raise _duplicate(c, key)
            d[key] = _read_unknown(c)
            ctx.at(pointer_join(ptr, key), c)
    return d


def _duplicate(el: etree._Element, key: str) -> XMLError:
    return XMLError(Finding("XML-DUPLICATE", f"<{_local(str(el.tag))}> gives {key} a second "
                            "time in one element; which one counts would be a guess",
                            line=line_of(el)))


def _entry(el: etree._Element, index: int, line: int,
           version: int) -> tuple[int, int, Any, dict[str, int]]:
    """One streamed record as the readers yield it: its index, line, and the record with its
    line map, or the finding that stops it."""
    try:
        rec, lines = _record_of(el, version)
    except XMLError as err:
        return index, line, err.finding, {}
    except NumberTooLong as err:
        return index, line, Finding("REC-NUMBER", str(err), line=line), {}
    return index, line, rec, lines


def _record_of(el: etree._Element, version: int) -> tuple[dict[str, Any], dict[str, int]]:
    ctx = Ctx()
    rec: dict[str, Any] = {"tarockrec": version}
    rec.update(_read_obj(el, TYPES["record"], "", ctx))
    # what every writer must keep: the JSON reader's limits. A float here came from a <json>
    # element, read by jsonio.loads, which refuses a number beyond a double
    problem = unwritable(rec, floats_checked=True)
    if problem is not None:
        raise XMLError(Finding(problem.code, problem.message, problem.pointer,
                               line=line_for(ctx.lines, problem.pointer) or line_of(el)))
    return rec, ctx.lines


# -- the fast reader --------------------------------------------------------------------------
# A record as the writer writes it (the table's elements and attributes only, seats in order, no
# <json>/<private>, nothing below an element whose text is the value) is read here with less
# work per element: each form read in its one usual shape, pointers joined from ready-made
# pieces, and no unwritable() walk (the characters it looks for are not XML characters, which
# libxml2 refuses, literal or as references; no floats; the shapes nest five elements deep at
# most, so no depth check either). Anything else raises _Unusual, and the record is read again
# by _read_obj above, which words what is wrong. Both give the same record and line map
# (tests/test_xml_fast.py compares them on valid and mutated records).
class _Unusual(Exception):
    """The fast reader leaves this record to the explaining one."""


#: reads an object element: (element, its pointer, the line map, whether its seat="k" is its
#: position (checked by the caller) rather than a field) → the object
_ObjReader = Callable[[etree._Element, str, dict[str, int], bool], dict[str, Any]]
#: reads a child element into its parent's object: (element, object, key, pointer, line map)
_Reader = Callable[[etree._Element, dict[str, Any], str, str, dict[str, int]], None]
#: a child element's tag → (its key, "/key", whether it repeats, its reader)
_Kids = dict[str, tuple[str, str, bool, _Reader]]
#: ``"/i"``: the pointer token of list entry i (``_idx(i)`` beyond); what ``el.items()`` is for
#: ``seat="i"``
_IDX = tuple(f"/{i}" for i in range(256))
_SEAT_ITEMS = tuple([("seat", str(i))] for i in range(64))


def _idx(i: int) -> str:
    return _IDX[i] if i < 256 else f"/{i}"


def _fast_obj(t: ObjType, kids: _Kids) -> _ObjReader:
    """_read_obj for the usual shape of ``t``."""
    dec = {k: kind.dec for k, kind in t.attrs.items()}
    ints = _SMALL_INTS
    tkey, tdec = (t.text[0], t.text[1].dec) if t.text else ("", None)

    def read(el: etree._Element, ptr: str, lines: dict[str, int], index: bool) -> dict[str, Any]:
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE:                      # _big_line, its usual case inline
                text = el.text
                line = line - text.count("\n") if text else _big_line(el, line)
            lines[ptr] = line
        d: dict[str, Any] = {}
        items = el.items()
        if items:
            if len(items) > MAX_ATTRIBUTES:
                raise _Unusual
            for name, raw in items:
                if index and name == "seat":
                    continue
                f = dec.get(name)
                if f is None:
                    if name[0] == "{":                    # {namespace}name
                        raise _Unusual
                    d[name] = raw
                elif f is _dec_int_text:                  # the common whole number inline
                    v = ints.get(raw)
                    d[name] = v if v is not None else f(raw)
                else:
                    d[name] = f(raw)
        if tdec is not None:
            d[tkey] = tdec(el.text or "")
        if len(el):
            for c in el:
                kid = kids.get(c.tag)     # a comment's tag is a function: unusual too
                if kid is None:
                    raise _Unusual
                key, sfx, repeats, rd = kid
                if not repeats and key in d:
                    raise _Unusual
                rd(c, d, key, ptr + sfx, lines)
        return d
    return read


def _seat_ok(el: etree._Element, i: int) -> bool:
    """``el`` has no seat attribute or exactly ``seat="i"``."""
    s = el.get("seat")
    return s is None or (i < 64 and s == _SEAT_ITEMS[i][0][1])


def _plain(item: etree._Element, n: int, index: bool) -> bool:
    """An entry whose text is the value: no children, no attributes but seat, and that one
    ``seat="n"`` when the list is indexed (otherwise it is unusual)."""
    if len(item):
        return False
    attrs = item.items()
    if not attrs:
        return True
    if index:
        if n < 64 and attrs == _SEAT_ITEMS[n]:
            return True
        if not _seat_ok(item, n):
            raise _Unusual
        return False
    return len(attrs) == 1 and attrs[0][0] == "seat"


def _fast_one(form: One, types: dict[str, _ObjReader]) -> _Reader:
    name = form.type

    def read(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
             lines: dict[str, int]) -> None:
        d[key] = types[name](el, ptr, lines, False)
    return read


def _fast_many(form: Many, types: dict[str, _ObjReader], inner: str) -> _Reader:
    item_tag, index, scalar = form.item, form.index, form.scalar
    text = TYPES[form.type].text
    tdec = text[1].dec if scalar and text is not None else None

    def read(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
             lines: dict[str, int]) -> None:
        obj = types[inner]
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE:                      # _big_line, its usual case inline
                text = el.text
                line = line - text.count("\n") if text else _big_line(el, line)
            lines[ptr] = line
        out: list[Any] = []
        i = 0
        for item in el:
            if item.tag != item_tag:
                raise _Unusual
            p = ptr + (_IDX[i] if i < 256 else _idx(i))
            if tdec is not None and _plain(item, i, index):
                text = item.text or ""
                line = item.sourceline
                if line is not None:
                    if line >= BIG_LINE and not (text and "\n" not in text):
                        line = _big_line(item, line)      # a one-line text: as said
                    lines[p] = line
                out.append(tdec(text))
            else:
                if index and not _seat_ok(item, i):
                    raise _Unusual
                out.append(obj(item, p, lines, index))
            i += 1
        d[key] = out
    return read


def _fast_text(form: Text) -> _Reader:
    dec = form.kind.dec

    def read(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
             lines: dict[str, int]) -> None:
        if len(el):
            raise _Unusual
        text = el.text or ""
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE and not (text and "\n" not in text):
                line = _big_line(el, line)
            lines[ptr] = line
        d[key] = dec(text)
    return read


def _fast_texts(form: Texts) -> _Reader:
    item_tag, dec, index = form.item, form.kind.dec, form.index

    def listed(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
               lines: dict[str, int]) -> None:
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE:                      # _big_line, its usual case inline
                text = el.text
                line = line - text.count("\n") if text else _big_line(el, line)
            lines[ptr] = line
        out: list[Any] = []
        n = 0
        for item in el:
            if item.tag != item_tag or not _plain(item, n, index):
                raise _Unusual
            text = item.text or ""
            line = item.sourceline
            if line is not None:
                if line >= BIG_LINE and not (text and "\n" not in text):
                    line = _big_line(item, line)
                lines[ptr + (_IDX[n] if n < 256 else _idx(n))] = line
            out.append(dec(text))
            n += 1
        d[key] = out

    def repeated(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
                 lines: dict[str, int]) -> None:
        out = d.get(key)
        if out is None:
            out = d[key] = []
        elif type(out) is not list:
            raise _Unusual
        n = len(out)
        if not _plain(el, n, index):
            raise _Unusual
        text = el.text or ""
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE and not (text and "\n" not in text):
                line = _big_line(el, line)
            if not n:
                lines[ptr] = line
            lines[ptr + (_IDX[n] if n < 256 else _idx(n))] = line
        out.append(dec(text))
    return listed if form.wrapper else repeated


def _fast_keyed(form: Keyed) -> _Reader:
    attr, dec = form.attr, form.kind.dec

    def read(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
             lines: dict[str, int]) -> None:
        out = d.get(key)
        if out is None:
            out = d[key] = {}
        elif type(out) is not dict:
            raise _Unusual
        name = el.get(attr)
        if name is None or len(el):
            raise _Unusual
        text = el.text or ""
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE and not (text and "\n" not in text):
                line = _big_line(el, line)
            if not out:
                lines[ptr] = line
            lines[pointer_join(ptr, name)] = line
        out[name] = dec(text)
    return read


def _fast_talon(form: Talon) -> _Reader:
    halves = _fast_texts(Texts(form.tag, form.half, _cards))
    dec = _cards.dec

    def read(el: etree._Element, d: dict[str, Any], key: str, ptr: str,
             lines: dict[str, int]) -> None:
        if len(el):
            halves(el, d, key, ptr, lines)
            return
        text = el.text or ""
        line = el.sourceline
        if line is not None:
            if line >= BIG_LINE and not (text and "\n" not in text):
                line = _big_line(el, line)
            lines[ptr] = line
        d[key] = dec(text)
    return read


def _fast_types() -> dict[str, _ObjReader]:
    """The fast reader of each ObjType, and ``deal``: a record without deals (a session's deals
    hold none), which keeps the nesting bounded."""
    types: dict[str, _ObjReader] = {}

    def reader(form: Form) -> _Reader:
        if isinstance(form, One):
            return _fast_one(form, types)
        if isinstance(form, Many):
            return _fast_many(form, types, "deal" if form.type == "record" else form.type)
        if isinstance(form, Text):
            return _fast_text(form)
        if isinstance(form, Texts):
            return _fast_texts(form)
        if isinstance(form, Keyed):
            return _fast_keyed(form)
        if isinstance(form, Talon):
            return _fast_talon(form)
        raise TypeError(f"no fast reader for {form!r}")

    for name, t in TYPES.items():
        kids: _Kids = {tag: (k, "/" + k, f.repeats, reader(f))
                       for k, f in t.children.items() for tag in f.tags}
        types[name] = _fast_obj(t, kids)
        if name == "record":
            types["deal"] = _fast_obj(t, {tag: kid for tag, kid in kids.items()
                                          if kid[0] != "deals"})
    return types


_FAST = _fast_types()


def _fast_record(el: etree._Element, version: int) -> tuple[dict[str, Any], dict[str, int]] | None:
    """The record and its line map by the fast reader, or None when it is left to _record_of."""
    lines: dict[str, int] = {}
    try:
        d = _FAST["record"](el, "", lines, False)
    except Exception:   # _Unusual, or anything the explaining reader is to meet and word
        return None
    rec: dict[str, Any] = {"tarockrec": version}
    rec.update(d)
    return rec, lines


def line_for(lines: dict[str, int], pointer: str) -> int | None:
    """The line of ``pointer`` or of the nearest enclosing place that has one."""
    p = pointer
    while True:
        if p in lines:
            return lines[p]
        if not p:
            return None
        p = p.rsplit("/", 1)[0]


# -- the prolog scan (refuse DOCTYPE before libxml2 sees it) ----------------------------------
_PROLOG_MAX = 1 << 20
_ENCODINGS = {"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1", "iso-8859-15"}
_DECL_ENC = re.compile(rb"""encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
DOCTYPE_SENTENCE = "XML with a DOCTYPE or entity declarations is refused (entities are never expanded)"


def _scan_prolog(buf: bytes) -> Finding | None | bool:
    """``True`` when ``buf`` holds the whole prolog and it is acceptable, ``None`` when more
    bytes are needed, a Finding when the document is refused."""
    if buf[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in buf[:4]:
        return Finding("XML-SYNTAX", "tarockrec XML must be encoded in UTF-8", line=1)
    i = 3 if buf.startswith(b"\xef\xbb\xbf") else 0
    n = len(buf)
    while True:
        while i < n and buf[i] in b" \t\r\n":
            i += 1
        if i >= n:
            return None
        if buf[i:i + 1] != b"<":
            return True  # not markup: libxml2 reports the syntax error
        if n - i < 9:
            return None
        if buf.startswith(b"<?", i):
            j = buf.find(b"?>", i)
            if j < 0:
                return None
            m = _DECL_ENC.search(buf, i, j)
            if i == (3 if buf.startswith(b"\xef\xbb\xbf") else 0) and m \
                    and m.group(1).decode().lower() not in _ENCODINGS:
                return Finding("XML-SYNTAX", f"encoding {m.group(1).decode()!r} is not accepted; "
                               "tarockrec XML is UTF-8", line=1)
            i = j + 2
        elif buf.startswith(b"<!--", i):
            j = buf.find(b"-->", i + 4)
            if j < 0:
                return None
            i = j + 3
        elif buf.startswith(b"<!", i):
            return Finding("XML-DOCTYPE", DOCTYPE_SENTENCE, line=buf.count(b"\n", 0, i) + 1)
        else:
            return True


class _Chain(io.RawIOBase):
    """The bytes already read for the prolog scan, then the rest of the file."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if self.head:
            out, self.head = (self.head, b"") if n < 0 or n >= len(self.head) else \
                (self.head[:n], self.head[n:])
            return out
        return self.rest.read(n)


#: one attribute of a start tag, loosely: a name, "=", a quoted value (neither "<" nor ">" stands
#: in a tag outside its quotes, and "<" not even in them); possessive, so that nothing is tried
#: twice and nothing is kept to go back to
_ATTRIBUTE = rb'''[^<>"'=]*+=[^<>"'=]*+(?:"[^"<]*+"|'[^'<]*+')'''
#: a start tag with more than MAX_ATTRIBUTES attributes, up to the end of the one over
_MANY_ATTRIBUTES = re.compile(rb"<(?:%s){%d}" % (_ATTRIBUTE, MAX_ATTRIBUTES + 1))
_MORE_ATTRIBUTES = re.compile(rb"(?:%s)*+" % _ATTRIBUTE)
#: where such a tag can start: a "<" and at least 4 bytes an attribute (a="") before the next
#: "<" (found at half the cost of the pattern above, which is tried there only)
_LONG_GAP = re.compile(rb"<[^<]{%d}" % (4 * (MAX_ATTRIBUTES + 1)))


class _AttributeGuard:
    """The bytes of ``fp`` as libxml2 is to read them, with every start tag of more than
    MAX_ATTRIBUTES attributes cut after the first one over (the rest replaced by its line
    breaks, so that every line number stays). libxml2 takes time quadratic in a tag's
    attributes, in one C call that holds the GIL, so that no signal is handled either (200,000
    attributes: minutes) — all before any code of ours sees the element. Cut, the record is
    refused as any with too many attributes (XML-ATTRIBUTES) and the records after it are read.

    The bytes are passed on up to the last "<" read so far (a tag holds none, so every tag is
    seen whole); a tag of many attributes is found by one search of the pattern, which jumps
    from "<" to "<" and walks each tag once. What looks like a tag inside a comment or a CDATA
    section is text and left alone: they are followed from "<!" to their end."""

    def __init__(self, fp: IO[bytes], record_max: int | None = None) -> None:
        self.fp = fp
        self.held: list[bytes] = []           # from the last "<" read on
        self.ready = memoryview(b"")          # checked bytes not yet handed out
        self.done = False
        self.inside: bytes | None = None      # the end of the comment or CDATA section we are in
        # the record cap: bytes read since the last record ended (what the parser had not
        # been given then included); the line where the open record starts, when known
        self.cap = (1 << 62) if record_max is None else record_max
        self.taken = 0
        self.markup_cap = (1 << 62) if record_max is None else XML_RECORD_MAX_MARKUP
        self.markup = 0                       # "<" and "=" read since the last record ended
        self.record_line: int | None = None

    def ended(self) -> None:
        """A record has ended: what comes after it counts towards the next."""
        self.taken = len(self.ready) + sum(map(len, self.held))
        self.markup = 0        # what the parser had not been given: at most a read's worth
        self.record_line = None

    def read(self, n: int = -1) -> bytes:
        while not self.ready and not self.done:
            chunk = self.fp.read(1 << 16)
            self.taken += len(chunk)
            self.markup += chunk.count(b"<") + chunk.count(b"=")
            if self.taken > self.cap:        # raised through the parser, which stops
                raise RecordTooLarge(self.cap, self.record_line)
            if self.markup > self.markup_cap:
                raise RecordTooLarge(self.markup_cap, self.record_line, markup=True)
            if not chunk:
                self.done = True
                self.ready = memoryview(self._checked(b"".join(self.held)))
                self.held = []
                break
            last = chunk.rfind(b"<")
            if last < 0:
                self.held.append(chunk)
                continue
            self.ready = memoryview(self._checked(b"".join(self.held) + chunk[:last]))
            self.held = [chunk[last:]]
        if n < 0:
            n = len(self.ready)
        out, self.ready = bytes(self.ready[:n]), self.ready[n:]
        return out

    def _checked(self, data: bytes) -> bytes:
        """``data`` (whole tags, cut before a "<") with its tags of too many attributes cut."""
        if self.inside is None and b"<!" not in data:      # the usual case: two searches
            return _cut(data)
        out: list[bytes] = []
        pos = 0
        while pos < len(data):
            if self.inside is not None:                  # a comment or CDATA: passed on
                end = data.find(self.inside, pos)
                if end < 0:
                    out.append(data[pos:])
                    break
                end += len(self.inside)
                out.append(data[pos:end])
                self.inside, pos = None, end
                continue
            opens = [(k, close) for k, close in ((data.find(b"<!--", pos), b"-->"),
                                                 (data.find(b"<![CDATA[", pos), b"]]>"))
                     if k >= 0]
            if not opens:
                out.append(_cut(data[pos:]))
                break
            k, self.inside = min(opens)
            out.append(_cut(data[pos:k]))
            out.append(data[k:k + 4])                    # "<!--" or "<![C": not an end
            pos = k + 4
        return b"".join(out)


def _cut(data: bytes) -> bytes:
    """``data`` with every start tag of too many attributes cut (see _AttributeGuard)."""
    gap = _LONG_GAP.search(data)
    if gap is None:
        return data
    out: list[bytes] = []
    pos = 0
    while gap is not None:
        m = _MANY_ATTRIBUTES.match(data, gap.start())
        if m is None:
            gap = _LONG_GAP.search(data, gap.start() + 1)
            continue
        rest = _MORE_ATTRIBUTES.match(data, m.end())
        end = rest.end() if rest is not None else m.end()
        out += [data[pos:m.end()], b"\n" * data.count(b"\n", m.end(), end)]
        pos = end
        gap = _LONG_GAP.search(data, pos)
    out.append(data[pos:])
    return b"".join(out)


def _syntax(err: etree.XMLSyntaxError, log: Any) -> Finding:
    msg, line = (getattr(err, "msg", None) or str(err)).strip(), err.lineno or 0
    log = [e for e in log if e.message]
    if log and (not line or msg == "no element found"):  # iterparse's summary hides the cause
        msg, line = log[0].message.strip(), log[0].line
    msg = _LIBXML_HINTS.sub("", msg).rstrip(" ,:")
    msg = _LIBXML_WORDS.get(msg, msg)
    return Finding("XML-SYNTAX", f"this is not well-formed XML: {msg}", line=max(line, 1))


#: libxml2's advice to programmers is no help to a reader of the report
_LIBXML_HINTS = re.compile(r",? *(use|try) XML_PARSE_HUGE( option)?|, line \d+, column \d+.*$")
_LIBXML_WORDS = {"Excessive depth in document: 2048": "elements nested more than 2048 deep",
                 "Document is empty": "the document is empty",
                 "Extra content at the end of the document":
                     "more text follows the end of the document"}


#: one archive entry with its line map (empty when the entry is a Finding)
LinedEntry = tuple[int, int, "dict[str, Any] | Finding", dict[str, int]]


def iter_xml_lines(fp: IO[bytes], record_max: int | None = None) -> Iterator[LinedEntry]:
    """Stream an archive ``<tarockrec version="1">`` of ``<deal>``/``<session>`` elements:
    ``(index, line, record-or-Finding, lines)``, 1-based index. Memory stays constant
    (processed elements are cleared). Never raises for bad input, but ``RecordTooLarge`` when
    one element below the root (with what precedes it) takes more than ``record_max`` bytes:
    nothing more is read then."""
    guard = _AttributeGuard(fp, record_max)
    fp = guard                        # type: ignore[assignment]  # reads as a binary stream
    head = b""
    try:
        while True:
            chunk = fp.read(16384)
            head += chunk or b""
            verdict = _scan_prolog(head)
            if isinstance(verdict, Finding):
                yield 1, verdict.line or 1, verdict, {}
                return
            if verdict is True or not chunk:
                break
            if len(head) > _PROLOG_MAX:
                yield 1, 1, Finding("XML-SYNTAX", "the XML prolog is too long", line=1), {}
                return
    except OSError as err:
        yield 1, 1, Finding("XML-SYNTAX", f"the file cannot be read ({err})", line=1), {}
        return
    if not head.strip():
        yield 1, 1, Finding("XML-SYNTAX", "the file is empty, not an XML document", line=1), {}
        return
    # the root element read from the head alone: when it is there and acceptable, the records
    # are read with the parser reporting only their elements (an event per element costs
    # time); otherwise the element-by-element reading below words whatever is wrong
    root = _root_of(head)
    if root is not None:
        bad = _check_root(root)
        if bad is not None:
            yield 1, bad.line or 1, bad, {}
            return
        version = int(root.get("version", "1").strip())
        del root                          # the head's own parse: not kept while reading
        yield from _records(_Chain(head, fp), version, guard)
        return
    yield from _iter_every_element(guard, head)


def _iter_every_element(fp: "_AttributeGuard", head: bytes) -> Iterator[LinedEntry]:
    """The archive read with an event for every element (the depth counted as it goes)."""
    # huge_tree: a value longer than libxml2's 10 MB default is read as JSON reads it (a record
    # valid in JSON must read back from XML); nesting is bounded below, per record (REC-DEPTH)
    parser = etree.iterparse(
        _Chain(head, fp), events=("start", "end"),  # type: ignore[arg-type]  # a binary stream
        resolve_entities=False, load_dtd=False,
        no_network=True, huge_tree=True, dtd_validation=False, attribute_defaults=False,
        remove_comments=True, remove_pis=True, recover=False)
    index = 0
    depth = 0
    too_deep = False
    version = VERSION
    try:
        for event, el in parser:
            if event == "start":
                depth += 1
                if depth > MAX_DEPTH + 2:       # below the root and the record element
                    too_deep = True
                elif depth == 1:
                    bad = _check_root(el)
                    if bad is not None:
                        yield 1, bad.line or 1, bad, {}
                        return
                    version = int(el.get("version", "1").strip())
                elif depth == 2:
                    fp.record_line = el.sourceline
                continue
            depth -= 1
            if depth != 1:
                continue
            fp.ended()
            index += 1
            line = line_of(el) or 1
            if not isinstance(el.tag, str):
                index -= 1
            elif el.tag not in ("deal", "session", "tournament"):
                yield index, line, Finding(
                    "XML-ROOT", f"<{_local(el.tag)}> is not a record (expected <deal>, "
                    "<session> or <tournament>)", line=line), {}
            elif too_deep:
                too_deep = False
                yield index, line, Finding("REC-DEPTH", TOO_DEEP, line=line), {}
            else:
                yield _entry(el, index, line, version)
            el.clear()
            parent = el.getparent()
            if parent is not None:
                while el.getprevious() is not None:
                    del parent[0]
    except etree.XMLSyntaxError as err:
        f = _syntax(err, parser.error_log)
        yield index + 1, f.line or 1, f, {}
    except (etree.LxmlError, ValueError, OSError) as err:
        yield index + 1, 1, Finding("XML-SYNTAX", f"this is not readable XML ({err})", line=1), {}


def _parser_options() -> dict[str, Any]:
    # huge_tree: a value longer than libxml2's 10 MB default is read as JSON reads it; nesting
    # is bounded per record (REC-DEPTH)
    return dict(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=True,
                dtd_validation=False, attribute_defaults=False, remove_comments=True,
                remove_pis=True)


def _root_of(head: bytes) -> etree._Element | None:
    """The root element as the start of ``head`` gives it (children not read), or None when
    the head does not hold its start tag or holds an error before it."""
    pull = etree.XMLPullParser(events=("start",), recover=False, **_parser_options())
    try:
        pull.feed(head)
        for _event, el in pull.read_events():
            return el
    except (etree.XMLSyntaxError, etree.LxmlError, ValueError):
        return None
    return None


#: the elements below a record at most MAX_DEPTH levels deep: a record has one deeper
#: (counted only when it has more than MAX_DEPTH elements at all)
_DESCENDANTS = etree.XPath("count(descendant::*)")
_TOO_DEEP = etree.XPath("boolean(" + "/".join(["*"] * (MAX_DEPTH + 1)) + ")")


def _records(source: Any, version: int, guard: "_AttributeGuard") -> Iterator[LinedEntry]:
    """The records below an acceptable root, the parser reporting only <deal>/<session>
    elements: any other element directly below the root is reported (XML-ROOT) in its
    place, when the record after it ends or the archive does. ``guard``: the stream below
    ``source``, told where records start and end (the record cap)."""
    parser = etree.iterparse(source, events=("start", "end"),
                             tag=("tarockrec", "deal", "session", "tournament"), recover=False,
                             **_parser_options())
    index = 0
    root: etree._Element | None = None
    last: etree._Element | None = None      # the record read last (cleared, still in place)
    try:
        for event, el in parser:
            if event == "start":
                if root is None:
                    root = el
                elif guard.record_line is None:      # the element below the root it opens
                    while (up := el.getparent()) is not None and up is not root:
                        el = up
                    guard.record_line = el.sourceline
                continue
            parent = el.getparent()
            if parent is None or parent.getparent() is not None:
                continue                     # a <deal> inside a record, not a record
            guard.ended()
            earlier = list(el.itersiblings(preceding=True))
            earlier.reverse()
            for other in earlier:
                if other is last or not isinstance(other.tag, str):
                    continue
                index += 1
                yield index, line_of(other) or 1, _not_a_record(other), {}
            index += 1
            line = line_of(el) or 1
            fast = _fast_record(el, version)
            if fast is not None:       # then it nests a few levels only: no depth check
                yield index, line, fast[0], fast[1]
            elif _DESCENDANTS(el) > MAX_DEPTH and _TOO_DEEP(el):
                yield index, line, Finding("REC-DEPTH", TOO_DEEP, line=line), {}
            else:
                yield _entry(el, index, line, version)
            el.clear()
            while el.getprevious() is not None:
                del parent[0]
            last = el
        if root is not None:
            for other in root:
                if other is last or not isinstance(other.tag, str):
                    continue
                index += 1
                yield index, line_of(other) or 1, _not_a_record(other), {}
    except etree.XMLSyntaxError as err:
        if root is not None:     # the elements that ended before it, the open one left out
            for other in list(root)[:-1]:
                if other is last or not isinstance(other.tag, str) \
                        or other.tag in ("deal", "session", "tournament"):
                    continue
                index += 1
                yield index, line_of(other) or 1, _not_a_record(other), {}
        f = _syntax(err, parser.error_log)
        yield index + 1, f.line or 1, f, {}
    except (etree.LxmlError, ValueError, OSError) as err:
        yield index + 1, 1, Finding("XML-SYNTAX", f"this is not readable XML ({err})", line=1), {}


def _not_a_record(el: etree._Element) -> Finding:
    line = line_of(el) or 1
    return Finding("XML-ROOT", f"<{_local(str(el.tag))}> is not a record (expected <deal>, "
                   "<session> or <tournament>)", line=line)


def _check_root(el: etree._Element) -> Finding | None:
    line = line_of(el) or 1
    info = el.getroottree().docinfo
    if info.doctype or info.internalDTD is not None or info.externalDTD is not None:
        return Finding("XML-DOCTYPE", DOCTYPE_SENTENCE, line=line)
    if el.tag != "tarockrec":
        return Finding("XML-ROOT", f"the root element is <{_local(str(el.tag))}>, not <tarockrec>",
                       line=line)
    v = el.get("version")
    if v is None:
        return Finding("REC-VERSION", "<tarockrec> has no version attribute (this reader "
                       f"knows version {VERSION})", line=line)
    if v.strip() != str(VERSION):
        return Finding("REC-VERSION", f"this is tarockrec version {v}; this reader knows "
                       f"version {VERSION} only", line=line)
    return None


def iter_xml(fp: IO[bytes]) -> Iterator[tuple[int, int, "dict[str, Any] | Finding"]]:
    """Like ``iter_xml_lines`` without the line maps: the archive-entry convention of jsonio."""
    for index, line, item, _lines in iter_xml_lines(fp):
        yield index, line, item


def loads_with_lines(data: str | bytes) -> tuple[dict[str, Any], dict[str, int]]:
    """One record and its line map; raises ``XMLError`` for anything but exactly one record."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    found: list[tuple[dict[str, Any], dict[str, int]]] = []
    for _i, _line, item, lines in iter_xml_lines(io.BytesIO(raw)):
        if isinstance(item, Finding):
            raise XMLError(item)
        found.append((item, lines))
    if len(found) != 1:
        raise XMLError(Finding("XML-ROOT", f"the document holds {len(found)} records, not one "
                               "(read an archive with iter_xml)", line=1))
    return found[0]


def loads(data: str | bytes) -> dict[str, Any]:
    return loads_with_lines(data)[0]


def load(fp: IO[str] | IO[bytes]) -> dict[str, Any]:
    return loads(fp.read())


# -- pieces of an archive (``validate --jobs``: parsed where they are validated) ----------------
_ROOT_TAG = re.compile(rb"<tarockrec(?:\s[^<>]*)?>")
_PROLOG_NOISE = re.compile(rb"<\?.*?\?>|<!--.*?-->|[ \t\r\n]+", re.S)
#: a record's start tag as the writer puts it: on its own line, indented once
RECORD_STARTS = (b"\n  <deal", b"\n  <session", b"\n  <tournament")


def body_start(head: bytes) -> tuple[int, bytes, int] | None:
    """Where the records of an archive start in ``head`` (its first bytes, no BOM): (the
    offset just after the root's start tag, that start tag on one line, the version), or
    None when the prolog or the root is anything but plain (then the archive is read
    element by element, which words what is wrong)."""
    if _scan_prolog(head) is not True:
        return None
    m = _ROOT_TAG.search(head)
    if m is None or m.group().endswith(b"/>") or len(m.group()) > 1000 \
            or _PROLOG_NOISE.sub(b"", head[:m.start()]):
        return None
    decl = _DECL_ENC.search(head, 0, m.start())
    if decl is not None and decl.group(1).lower() not in (b"utf-8", b"utf8"):
        return None
    root = _root_of(head)
    if root is None or _check_root(root) is not None:
        return None
    tag = m.group().replace(b"\r", b" ").replace(b"\n", b" ")
    return m.end(), tag, int(str(root.get("version", "1")).strip())


#: findings of a piece that the archive as a whole might word otherwise (its structure)
_WHOLE = frozenset({"XML-SYNTAX", "XML-ROOT", "XML-DOCTYPE", "REC-VERSION"})


def iter_piece(data: bytes, root_tag: bytes, version: int, last: bool,
               line_offset: int, record_max: int | None = None) -> Iterator[LinedEntry | None]:
    """The records of ``data``, a run of whole records of an archive (the last run: to its
    end) read on their own below ``root_tag``, lines counted from ``line_offset``; None, and
    nothing after it, where something concerns the archive as a whole (broken XML, an element
    that is no record): only the whole archive read in order words that as it must be worded."""
    doc = root_tag + data + (b"" if last else b"</tarockrec>")
    guard = _AttributeGuard(io.BytesIO(doc), record_max)
    for index, line, item, lines in _records(guard, version, guard):
        if isinstance(item, Finding):
            if item.code in _WHOLE:
                yield None
                return
            if item.line is not None:
                item = Finding(item.code, item.message, item.pointer, item.severity,
                               item.line + line_offset)
        yield (index, line + line_offset, item,
               {p: ln + line_offset for p, ln in lines.items()} if line_offset else lines)
