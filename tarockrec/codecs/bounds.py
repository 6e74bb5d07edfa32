"""The caps a reader holds a record and a file to (issue 35, item 3; docs/notation.md,
*Limits*): what a reader raises past one, and the stream that bounds a text line."""
from __future__ import annotations

import io
from typing import IO, Any


class TooLarge(Exception):
    """A cap was passed (``sources.RECORD_MAX_BYTES``, ``sources.FILE_MAX_BYTES``): the message
    says which, as the end of a sentence that starts with the file's name."""


class RecordTooLarge(TooLarge):
    """One record runs past the record cap; ``line``: where it starts (None: not known). The
    message goes on from "record N" (the reader of the file numbers it)."""

    def __init__(self, cap: int, line: int | None, markup: bool = False) -> None:
        super().__init__(f"holds more than {cap:,} tags and attributes, the most one XML record "
                         "may hold" if markup else
                         f"runs longer than {mib(cap)}, the most one record may take")
        self.line = line


def mib(n: int) -> str:
    return f"{n >> 30} GiB" if n >= 1 << 30 else f"{n >> 20} MiB"


#: the most tags and attributes (counted as "<" and "=") one XML record may hold: parsed, a tag
#: takes about 130 bytes and an attribute about 250, however few bytes they are written in
#: (``<x/>``), so that bytes alone do not bound the tree. A Königrufen deal as ``xmlio`` writes
#: it holds about 106, a tournament of 30,000 deals about 3.2 million
XML_RECORD_MAX_MARKUP = 4 << 20


#: the most values one JSON record may hold, counted by their brackets and commas ("[", "{",
#: ","; a comma inside a text counts too, so the count is an upper bound): read, a value is a
#: Python object of 24–72 bytes however few bytes it is written in (``[]``, ``0``), so that
#: bytes alone do not bound the objects. A Königrufen deal holds about 190, a session of
#: 30,000 deals about 5.6 million. Counted only in a record longer than the cap in bytes
JSON_RECORD_MAX_VALUES = 8 << 20
#: the most records one JSON array (a pretty archive, as ``convert`` writes it) may hold: each
#: is remembered by where it starts and ends before it is read (an archive that large is kept
#: as JSON Lines, read a line at a time)
JSON_ARRAY_MAX_RECORDS = 2 << 20


class LineBound(io.RawIOBase):
    """The bytes of ``fp`` until a line runs past ``cap`` bytes: there the stream ends (the
    line handed out is then longer than ``cap``, which the reader of the record tells), so
    that no line is ever held longer than that."""

    def __init__(self, fp: IO[bytes], cap: int) -> None:
        self.read_some = getattr(fp, "read1", fp.read)
        self.cap = cap
        self.open_line = 0               # bytes since the last line break

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self.open_line > self.cap:
            return 0
        data = self.read_some(len(buf))
        brk = data.rfind(b"\n")
        self.open_line = self.open_line + len(data) if brk < 0 else len(data) - brk - 1
        buf[: len(data)] = data
        return len(data)
