"""Regular expressions compiled when first used.

Compiling a pattern costs about a million instructions (``re``'s compiler is Python), and most
of the readers' patterns serve inputs that one small record does not hold (numbers of 19
digits, escapes, XML, text notation): ``lazy`` puts them off until asked for (start-up of
``tarockrec validate``, issue 35, item 6; ``bench/bench_startup.py``).
"""
from __future__ import annotations

import re
from typing import Any, AnyStr, cast

#: the methods of a compiled pattern that ``_Lazy`` hands on
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class _Lazy:
    """Stands for ``re.compile(pattern)``: the first method asked for compiles it, and its
    methods become this object's own attributes, so that a call costs what the compiled
    pattern's costs."""

    def __init__(self, pattern: str | bytes) -> None:
        self.pattern = pattern

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(self.pattern)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


def lazy(pattern: AnyStr) -> re.Pattern[AnyStr]:
    """``re.compile(pattern)``, compiled when first used."""
    return cast("re.Pattern[AnyStr]", _Lazy(pattern))
