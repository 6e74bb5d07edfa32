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

    def __init__(self, cap: int, line: int | None, tags: bool = False) -> None:
        super().__init__(f"holds more than {cap:,} tags, the most one XML record may hold"
                         if tags else f"runs longer than {mib(cap)}, the most one record may take")
        self.line = line


#: the most tags (counted as "<") one XML record may hold: the parsed tree costs about 120 bytes
#: a tag, however few bytes the tag takes (``<x/>``), so bytes alone do not bound it. A
#: tournament of 30,000 deals written by ``xmlio`` holds about 2 million; at most about 500 MB
#: parsed
XML_RECORD_MAX_TAGS = 4 << 20


def mib(n: int) -> str:
    return f"{n >> 30} GiB" if n >= 1 << 30 else f"{n >> 20} MiB"


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
