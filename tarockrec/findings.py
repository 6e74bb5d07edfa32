"""Findings: what the validator says about a record (code, severity, place, sentence)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    pointer: str = ""
    severity: Severity = "error"
    line: int | None = None

    @property
    def place(self) -> str:
        where = self.pointer or "/"
        return f"line {self.line} {where}" if self.line is not None else where

    def __str__(self) -> str:
        return f"{self.place}: {self.message} [{self.code}]"

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
