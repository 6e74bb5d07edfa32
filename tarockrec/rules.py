"""Rule sets: named options with defaults (docs/rules/<game>.md, option registries).

A game declares its options as ``Option`` entries. ``RuleSet.build`` turns a record's
``rules`` block into an immutable rule set or raises ``RulesError`` naming the option:
unknown options, wrong values and values the engine does not implement are all refused,
never silently ignored.

Typed fields: a game's ``RuleSet`` subclass annotates each option with its type — ``bool`` for
an on/off (true/false) option, a ``StrEnum`` for a choice, ``int`` for a number — and reads it
as ``rules.require_full_play`` (a ``bool``), ``rules.simple_tie`` (an enum member). The record
keeps the option's notation value (``"on"``, ``"soloist_wins"``) in ``values``.

Named rule sets are data (``tarockrec/rulesets/<game>/<name>.json``, see ``tarockrec.rulesets``):
``RuleSet(name, overrides)`` starts from the game's defaults, applies the named file's option
values, then the record's ``options`` (single points override the named set). The checked
values of each named set are cached per game class.
"""
from __future__ import annotations

import builtins
import sys
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from . import rulesets
from .plain import Frozen
from .errors import RulesError

Value = int | str


class Option(Frozen):
    """One option of a game's rules: its default and the values it takes."""

    _fields = ("name", "default", "values", "supported", "minimum", "section", "meaning")
    name: str
    default: Value
    #: every value the rules document names; ``None`` = any int ``>= minimum``
    values: tuple[Value, ...] | None
    #: the values this engine implements (defaults to all of ``values``)
    supported: tuple[Value, ...] | None
    minimum: int
    section: str
    #: what the option decides, in a few words (from its section of the rules document)
    meaning: str

    def __init__(self, name: str, default: Value, values: tuple[Value, ...] | None = None,
                 supported: tuple[Value, ...] | None = None, minimum: int = 0,
                 section: str = "", meaning: str = "") -> None:
        self.name = name
        self.default = default
        self.values = values
        self.supported = supported
        self.minimum = minimum
        self.section = section
        self.meaning = meaning

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


class _Choice(str):
    """A choice option's values, as a ``StrEnum`` has them (``Rule.SEED == "seed"``,
    ``Rule("seed") is Rule.SEED``, ``.name``, ``.value``), made at a fifth of the cost: a
    game declares some twenty of them, and building each ``StrEnum`` costs half a million
    instructions of one record's ``validate`` (issue 42, item 3). mypy sees a ``StrEnum``."""

    _members: dict[str, _Choice]
    name: str

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._members = {}
        for name, value in list(vars(cls).items()):
            if type(value) is str and not name.startswith("_"):
                member = str.__new__(cls, value)
                member.name = name
                cls._members[value] = member
                setattr(cls, name, member)

    def __new__(cls, value: str) -> _Choice:
        try:
            return cls._members[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a valid {cls.__name__}") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (str(self),)

    @property
    def value(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {str(self)!r}>"


if TYPE_CHECKING:
    from enum import StrEnum
    Choice = StrEnum
else:
    Choice = _Choice


def _field_types(cls: type) -> dict[str, object]:
    """The typed fields of a rule set class, each annotation that is a name (``bool``, ``int``,
    an enum of the game's rules module) looked up where the class is defined, as
    ``typing.get_type_hints`` resolves it but without compiling each (start-up: issue 35, item
    6); any other annotation is left as written."""
    hints: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        names = vars(sys.modules[klass.__module__])
        for name, hint in vars(klass).get("__annotations__", {}).items():
            if isinstance(hint, str) and hint.isidentifier():
                hint = names.get(hint, getattr(builtins, hint, hint))
            hints[name] = hint
    return hints


def _truth(value: Value) -> bool:
    return value in ("on", "true")


class RuleSet:
    """Immutable mapping of option name → value for one game; attribute access by name."""

    game: str = ""
    options: tuple[Option, ...] = ()
    _by_name: Mapping[str, Option] = MappingProxyType({})

    #: option name -> conversion from the notation value to the typed field
    _fields: Mapping[str, Callable[[Value], Any]] = MappingProxyType({})

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._by_name = MappingProxyType({o.name: o for o in cls.options})
        hints = _field_types(cls)
        fields: dict[str, Callable[[Value], Any]] = {}
        for name in cls._by_name:
            hint = hints.get(name)
            if hint is bool:
                fields[name] = _truth
            elif isinstance(hint, type) and issubclass(hint, (Enum, _Choice)):
                fields[name] = hint
            elif hint is int:
                fields[name] = int
        cls._fields = MappingProxyType(fields)
        cls._named = {}

    #: name -> the checked option values of that named rule set (filled on first use)
    _named: dict[str, Mapping[str, Value]]

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of the game's rule set files (``default`` first)."""
        return tuple(rulesets.for_game(cls.game)) or ("default",)

    @classmethod
    def named(cls, name: str) -> Mapping[str, Value]:
        """The full option values of the rule set ``name`` (defaults + its file), checked;
        raises ``RULES-UNKNOWN`` naming the known sets, ``OPTION-UNSUPPORTED`` for a set that
        needs what this version does not implement."""
        values = cls._named.get(name)
        if values is not None:
            return values
        doc = rulesets.one(cls.game, name)
        if doc is None:
            docs = rulesets.for_game(cls.game)
            if name == "default" and not docs:  # a game without rule set files
                return MappingProxyType({o.name: o.default for o in cls.options})
            raise RulesError("RULES-UNKNOWN", f"{cls.game} has no rule set named {name!r} "
                             f"(known: {', '.join(cls.names())})")
        checked: dict[str, Value] = {o.name: o.default for o in cls.options}
        unsupported: list[str] = []
        for key, raw in doc.options.items():
            opt = cls._by_name.get(key)
            if opt is None:
                raise rulesets.RuleSetFileError(f"{doc.path}: {cls.game} has no option {key!r}")
            try:
                checked[key] = opt.check(raw)
            except RulesError as err:
                if err.code != "OPTION-UNSUPPORTED":
                    raise rulesets.RuleSetFileError(f"{doc.path}: {err}") from None
                unsupported.append(f"{key} = {raw}")
        if unsupported or not doc.complete:
            missing = [m["rule"] for m in doc.not_yet_supported
                       if m.get("option") not in {u.split(" = ")[0] for u in unsupported}]
            needs = "; ".join(unsupported + missing) or "rules it does not list"
            raise RulesError("OPTION-UNSUPPORTED", f"rule set {name!r} is incomplete: it needs "
                             f"{needs}, which this version of tarockrec does not support "
                             "(tarockrec rules " + f"{cls.game} {name} lists them)")
        values = MappingProxyType(checked)
        cls._named[name] = values
        return values

    def __init__(self, name: str = "default", overrides: Mapping[str, object] | None = None) -> None:
        values: dict[str, Value] = dict(self.named(name))
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
