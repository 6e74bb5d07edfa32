"""Findings: what the validator says about a record (code, severity, place, sentence)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Literal

from .plain import Frozen

Severity = Literal["error", "warning", "info"]


class Finding(Frozen):
    """One thing the validator says: its code, sentence, place (JSON Pointer, and the line of
    an XML or pretty JSON record) and severity."""

    __slots__ = _fields = ("code", "message", "pointer", "severity", "line")
    code: str
    message: str
    pointer: str
    severity: Severity
    line: int | None

    def __init__(self, code: str, message: str, pointer: str = "", severity: Severity = "error",
                 line: int | None = None) -> None:
        self.code = code
        self.message = message
        self.pointer = pointer
        self.severity = severity
        self.line = line

    @property
    def place(self) -> str:
        where = self.pointer or "/"
        return f"line {self.line} {where}" if self.line is not None else where

    def __str__(self) -> str:
        """The finding as one line; a lone surrogate (a key or value of a record read from
        JSON's ``\\ud800``) is escaped as the command line escapes it, so that the line can be
        printed or encoded as UTF-8."""
        text = f"{self.place}: {self.message} [{self.code}]"
        if text.isascii():
            return text
        return text.encode("utf-8", "backslashreplace").decode("utf-8")

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "severity": self.severity,
                                  "pointer": self.pointer, "message": self.message}
        if self.line is not None:
            out["line"] = self.line
        return out


def pointer_join(base: str, *parts: object) -> str:
    """Append reference tokens to a JSON Pointer, escaping ``~`` and ``/``."""
    out = base
    for p in parts:
        out += "/" + str(p).replace("~", "~0").replace("/", "~1")
    return out


#: what ``pointer_get`` returns by default for a pointer that names no place
MISSING: Any = object()


def pointer_get(doc: Any, pointer: str, default: Any = MISSING) -> Any:
    """The value JSON Pointer ``pointer`` names inside ``doc`` (``""``: the document), or
    ``default`` when it names no place."""
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(doc, dict) and token in doc:
            doc = doc[token]
        elif isinstance(doc, list) and token.isdigit() and int(token) < len(doc):
            doc = doc[int(token)]
        else:
            return default
    return doc


class LazyLines(Mapping[str, int]):
    """A record's line map (JSON Pointer -> line), made by ``_make`` when first looked at: a
    valid record gives no finding to place, and making the map can cost more than reading
    the record."""

    def __init__(self) -> None:
        self._map: dict[str, int] | None = None

    def _make(self) -> dict[str, int]:
        raise NotImplementedError

    def _full(self) -> dict[str, int]:
        if self._map is None:
            self._map = self._make()
        return self._map

    def __getitem__(self, ptr: str) -> int:
        return self._full()[ptr]

    def __iter__(self) -> Iterator[str]:
        return iter(self._full())

    def __len__(self) -> int:
        return len(self._full())
