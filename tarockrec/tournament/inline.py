"""A large tournament's inline tables, read when their turn comes (docs/tournaments.md).

``validate`` reads a tournament file whose tables give their deals inline without those deals:
the reader finds where each table's ``"deals": [ … ]`` stands in the text (``spans``: the key
first on its line, as the writer puts it, and the array closed at the same indentation),
parses the rest with a stand-in for each, and the validator parses a table's deals when it
checks that table (``Deferred.load``) and lets them go after. So one table is in memory at a
time, as for tables kept in files of their own.

Only what reads exactly as the whole document would is read this way. A table's deals that do
not read as JSON, that fail the schema gate, a note anchored inside them, a tournament that
fails the gate: then the validator reads the document whole (``Reread``), and every finding
is worded as before. A place found wrong cannot pass: a text that parses as one JSON value
from the ``[`` of a table's deals is that value, and every stand-in must be found where a
table's deals stand.
"""
from __future__ import annotations

import mmap
import os
import re
from typing import Any, Callable, Iterator

from ..codecs import jsonio
from ..errors import Reread
from ..findings import LazyLines

#: a table's deals as the writer opens them
_DEALS = re.compile(rb'"deals"[ \t\r]*:[ \t\r]*\[[ \t\r]*\n')
#: the levels around a table's deals: the record, its rounds, a round, its tables, the table
LEVELS = 5
#: bytes of a mapped file scanned before the pages behind are given back
_GIVE_BACK = 8 << 20


class _Text:
    """Where the document's text is: bytes held, or a file read where needed."""

    def __init__(self, data: bytes | None = None, fd: int | None = None,
                 size: int = 0) -> None:
        self.data = data
        self.fd = os.dup(fd) if fd is not None else None
        self.size = len(data) if data is not None else size

    def read(self, start: int, end: int) -> bytes:
        if self.data is not None:
            return self.data[start:end]
        assert self.fd is not None
        parts: list[bytes] = []
        while start < end:
            got = os.pread(self.fd, end - start, start)
            if not got:
                break
            parts.append(got)
            start += len(got)
        return b"".join(parts)

    def __del__(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


class Deferred:
    """The deals of a record's tables not read yet, each standing in the record as an empty
    list (found by its identity); ``gate``: the schema gate a table's deals must pass (set by
    the validator)."""

    def __init__(self, text: _Text, spans: dict[int, tuple[int, int]],
                 stand_ins: list[list[Any]], start: int) -> None:
        self.text = text
        self.spans = spans
        self.stand_ins = stand_ins          # kept: their identities name the spans
        self.start = start                  # bytes before the document (a byte order mark)
        self.gate: Callable[[list[Any]], bool] = lambda deals: True

    def holds(self, value: Any) -> bool:
        """Whether ``value`` stands for deals not read yet."""
        return type(value) is list and id(value) in self.spans

    def load(self, deals: Any) -> Any:
        """A table's deals: read and parsed if ``deals`` stands for them (then let go of by
        this object), else ``deals`` itself. ``Reread`` when they do not read as the whole
        document would have read them, or fail the gate."""
        span = self.spans.pop(id(deals), None) if type(deals) is list else None
        if span is None:
            return deals
        try:
            loaded = jsonio.loads(self.text.read(*span), depth=LEVELS)
        except jsonio.JSONError:
            raise Reread from None
        if type(loaded) is not list or not self.gate(loaded):
            raise Reread
        return loaded

    def rest(self) -> None:
        """Read what no table has read (a table left out for its seats): a broken text in it
        makes the whole document unreadable, as it always did."""
        for stand_in in self.stand_ins:
            if id(stand_in) in self.spans:
                self.load(stand_in)

    def inside(self, rec: Any, pointer: str) -> bool:
        """Whether JSON Pointer ``pointer`` reaches into deals not read yet."""
        value = rec
        for token in pointer.split("/")[1:]:
            if self.holds(value):
                return True
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(value, dict) and token in value:
                value = value[token]
            elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                value = value[int(token)]
            else:
                return False
        return self.holds(value) and pointer != ""


class Lines(LazyLines):
    """The line map of the whole document, read again when a finding needs a line."""

    def __init__(self, text: _Text, start: int) -> None:
        super().__init__()
        self.text, self.start = text, start

    def _make(self) -> dict[str, int]:
        data = self.text.read(self.start, self.text.size)
        try:
            return jsonio.line_map(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, IndexError, ValueError):
            return {}


def spans(buf: Any, start: int = 0, give_back: Callable[[int], None] | None = None,
          ) -> list[tuple[int, int]]:
    """Where the tables' deals of the JSON text ``buf`` (bytes or a mapped file) stand, as the
    writer writes them: ``"deals": [`` ending its line, the key first on its line, and the
    array closed by ``]`` at the start of a line of the same indentation. Found by searches in
    C; what is found is checked by parsing it (see the module's text)."""
    out: list[tuple[int, int]] = []
    pos = start
    while (m := _DEALS.search(buf, pos)) is not None:
        line = buf.rfind(b"\n", 0, m.start()) + 1
        indent = buf[line:m.start()]
        if indent.strip(b" \t"):            # not first on its line: left in the record
            pos = m.end()
            continue
        close = buf.find(b"\n" + indent + b"]", m.end() - 1)
        if close < 0:
            break
        end = close + len(indent) + 2
        out.append((m.start() + m.group().index(b"["), end))
        pos = end
        if give_back is not None:
            give_back(pos)
    return out


def read(buf: Any, text: _Text, start: int,
         give_back: Callable[[int], None] | None = None) -> tuple[Any, Deferred] | None:
    """The tournament in ``buf`` with its tables' deals deferred, or None when it has none to
    defer or does not read so (then it is read whole, which words what is wrong)."""
    found = spans(buf, start, give_back)
    if not found:
        return None
    nonce = os.urandom(12).hex()
    parts: list[bytes] = []
    pos = start
    for k, (a, b) in enumerate(found):
        parts.append(buf[pos:a])
        parts.append(f'"{nonce} {k}"'.encode())
        pos = b
    parts.append(buf[pos:])
    try:
        rec = jsonio.loads(b"".join(parts))
    except jsonio.JSONError:
        return None
    stand_ins: dict[int, list[Any]] = {}
    for table in _tables(rec):
        deals = table.get("deals")
        if type(deals) is str and deals.startswith(nonce + " "):
            k = int(deals[len(nonce) + 1:])
            if k in stand_ins:
                return None
            table["deals"] = stand_ins[k] = []
    if len(stand_ins) != len(found):        # a stand-in where no table's deals stand
        return None
    return rec, Deferred(text, {id(v): found[k] for k, v in stand_ins.items()},
                         list(stand_ins.values()), start)


def _tables(rec: Any) -> Iterator[dict[str, Any]]:
    rounds = rec.get("rounds") if isinstance(rec, dict) else None
    for rnd in rounds if isinstance(rounds, list) else ():
        tables = rnd.get("tables") if isinstance(rnd, dict) else None
        for table in tables if isinstance(tables, list) else ():
            if isinstance(table, dict):
                yield table


def read_file(fd: int, size: int) -> tuple[Any, Deferred] | None:
    """``read`` of a regular file: scanned through a mapping whose pages are given back as the
    scan passes them, then read a table at a time."""
    try:
        mapped = mmap.mmap(fd, size, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    with mapped:
        if mapped.find(b'"rounds"') < 0:
            return None
        start = 3 if mapped[:3] == b"\xef\xbb\xbf" else 0
        done = [0]

        def give_back(pos: int) -> None:
            upto = pos - pos % mmap.PAGESIZE
            if upto - done[0] >= _GIVE_BACK and hasattr(mapped, "madvise"):
                mapped.madvise(mmap.MADV_DONTNEED, done[0], upto - done[0])
                done[0] = upto
        return read(mapped, _Text(fd=fd, size=size), start, give_back)


def read_bytes(data: bytes) -> tuple[Any, Deferred] | None:
    """``read`` of a document held in memory (stdin, a compressed file)."""
    if b'"rounds"' not in data:
        return None
    start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    return read(data, _Text(data=data), start)
