"""Rule sets: named options with defaults (rules/<game>.md, option registries).

A game declares its options as ``Option`` entries. ``RuleSet.build`` turns a record's
``rules`` block into an immutable rule set or raises ``RulesError`` naming the option:
unknown options, wrong values and values the engine does not implement are all refused,
never silently ignored.

Typed fields: a game's ``RuleSet`` subclass annotates each option with its type — ``bool`` for
an on/off (true/false) option, a ``StrEnum`` for a choice, ``int`` for a number — and reads it
as ``rules.require_full_play`` (a ``bool``), ``rules.simple_tie`` (an enum member). The record
keeps the option's notation value (``"on"``, ``"soloist_wins"``) in ``values``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, Callable, Mapping, get_type_hints

from .errors import RulesError

Value = int | str


@dataclass(frozen=True)
class Option:
    name: str
    default: Value
    #: every value the rules document names; ``None`` = any int ``>= minimum``
    values: tuple[Value, ...] | None = None
    #: the values this engine implements (defaults to all of ``values``)
    supported: tuple[Value, ...] | None = None
    minimum: int = 0
    section: str = ""

    def check(self, value: object) -> Value:
        if self.values is None:
            if not isinstance(value, int) or isinstance(value, bool) or value < self.minimum:
                raise RulesError("OPTION-VALUE", f"option {self.name} takes a whole number "
                                 f"of at least {self.minimum}, not {value!r}", self.name)
            if self.supported is not None and value not in self.supported:
                raise RulesError("OPTION-UNSUPPORTED", f"option {self.name} = {value!r} is not "
                                 "supported by this version of tarockrec", self.name)
            return value
        if value not in self.values or isinstance(value, bool):
            allowed = ", ".join(map(str, self.values))
            raise RulesError("OPTION-VALUE", f"option {self.name} cannot be {value!r} "
                             f"(allowed: {allowed})", self.name)
        if self.supported is not None and value not in self.supported:
            raise RulesError("OPTION-UNSUPPORTED", f"option {self.name} = {value} is not "
                             "supported by this version of tarockrec", self.name)
        return value


ON_OFF = ("on", "off")


def _truth(value: Value) -> bool:
    return value in ("on", "true")


class RuleSet:
    """Immutable mapping of option name → value for one game; attribute access by name."""

    game: str = ""
    names: tuple[str, ...] = ("default",)
    #: name -> option values of a named rule set other than "default" (the rest are defaults)
    named_values: Mapping[str, Mapping[str, Value]] = MappingProxyType({})
    options: tuple[Option, ...] = ()
    _by_name: Mapping[str, Option] = MappingProxyType({})

    #: option name -> conversion from the notation value to the typed field
    _fields: Mapping[str, Callable[[Value], Any]] = MappingProxyType({})

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._by_name = MappingProxyType({o.name: o for o in cls.options})
        hints = get_type_hints(cls)
        fields: dict[str, Callable[[Value], Any]] = {}
        for name in cls._by_name:
            hint = hints.get(name)
            if hint is bool:
                fields[name] = _truth
            elif isinstance(hint, type) and issubclass(hint, Enum):
                fields[name] = hint
            elif hint is int:
                fields[name] = int
        cls._fields = MappingProxyType(fields)

    def __init__(self, name: str = "default", overrides: Mapping[str, object] | None = None) -> None:
        if name not in self.names:
            raise RulesError("RULES-UNKNOWN", f"{self.game} has no rule set named {name!r} "
                             f"(known: {', '.join(self.names)})")
        values: dict[str, Value] = {o.name: o.default for o in self.options}
        for key, preset in self.named_values.get(name, {}).items():
            values[key] = self._by_name[key].check(preset)
        for key, raw in (overrides or {}).items():
            opt = self._by_name.get(key)
            if opt is None:
                raise RulesError("OPTION-UNKNOWN", f"{self.game} has no rule option {key!r}", key)
            values[key] = opt.check(raw)
        self.name = name
        self.values: Mapping[str, Value] = MappingProxyType(values)
        for key, convert in self._fields.items():
            self.__dict__[key] = convert(values[key])
        self.overrides = {k: values[k] for k in (overrides or {})}

    def __getattr__(self, key: str) -> Value:
        try:
            value: Value = self.__dict__["values"][key]
            return value
        except KeyError:
            raise AttributeError(key) from None

    def on(self, key: str) -> bool:
        return self.values[key] == "on"

    @classmethod
    def build(cls, block: Mapping[str, Any] | None) -> "RuleSet":
        block = block or {}
        return cls(block.get("name", "default"), block.get("options"))
