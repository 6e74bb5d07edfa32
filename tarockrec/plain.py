"""Value classes without ``dataclasses``: equality, hash and ``repr`` from a class's fields.

The classes on the path of ``tarockrec validate`` write their ``__init__`` out and take the
rest from here. ``@dataclass`` generates and compiles each method's source when its module is
imported (about 2–3.5 million instructions a class), and importing ``dataclasses`` itself
brings ``inspect`` (about 27 million): together a fifth of the start-up of validating one
record (issue 35, item 6; ``bench/bench_startup.py``).
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, ClassVar


class Plain:
    """A value class: equal to an instance of the same class whose ``_fields`` are equal (as a
    ``dataclass`` compares), shown as ``Name(field=value, …)``; not hashable (it may change)."""

    __slots__ = ()
    #: the fields compared and shown, in order (the ``dataclass`` fields with ``compare``)
    _fields: ClassVar[tuple[str, ...]] = ()
    #: the values of ``_fields`` of an instance (a tuple for two or more)
    _key: ClassVar[Callable[[Any], Any]]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._key = attrgetter(*cls._fields) if cls._fields else staticmethod(lambda _: ())

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = type(self)._key          # (an attrgetter: not a method)
        return bool(key(self) == key(other))

    __hash__: ClassVar[None] = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class Frozen(Plain):
    """A value class not changed after ``__init__`` (by convention, as the type checker sees
    it; not enforced at run time): hashable by its ``_fields``."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(type(self)._key(self))
