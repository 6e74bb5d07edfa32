"""Regular expressions compiled, and modules imported, when first used.

Compiling a pattern costs about a million instructions (``re``'s compiler is Python), and most
of the readers' patterns serve inputs that one small record does not hold (numbers of 19
digits, escapes, XML, text notation): ``lazy`` puts them off until asked for (start-up of
``tarockrec validate``, issue 35, item 6; ``bench/bench_startup.py``). ``lazy_module`` does
the same for a module that one record has no use for (``orjson``: issue 42, item 3).
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


class _LazyModule:
    """Stands for a module: the first attribute asked for imports it, and each attribute
    asked for becomes this object's own (a call then costs what the module's costs)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attr: str) -> Any:
        import importlib
        value = getattr(importlib.import_module(self.name), attr)
        setattr(self, attr, value)
        return value


def lazy_module(name: str) -> Any:
    """The module ``name``, imported when one of its attributes is first asked for; a module
    that holds it names the module's type for mypy (``if TYPE_CHECKING: import name``)."""
    return _LazyModule(name)
