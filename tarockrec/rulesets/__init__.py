"""Named, sourced rule sets as data: ``tarockrec/rulesets/<game>/<name>.json``.

Each file holds one rule set of one game: its name, title, provenance (the source document
and, for every option value that differs from the game's default, the section of that source
that fixes it) and its option values. The files are checked against ``ruleset.schema.json``
(beside them) when they are first read; reading is cached, so naming a rule set in a record
costs a dictionary look-up after the first time.

A rule set that needs rules this version does not implement is shipped with
``"complete": false`` and lists them under ``provenance.not_yet_supported``; building it is
refused (``OPTION-UNSUPPORTED``), never silently approximated.
"""
from __future__ import annotations

import functools
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..codecs.jsonio import plain_loads
from ..plain import Frozen

HERE = Path(__file__).resolve().parent
SCHEMA = HERE / "ruleset.schema.json"


class RuleSetDoc(Frozen):
    """One rule set file as read (``options`` are the notation values, not yet checked)."""

    _fields = ("name", "game", "title", "complete", "provenance", "options")
    name: str
    game: str
    title: str
    complete: bool
    provenance: Mapping[str, Any]
    options: Mapping[str, int | str]
    path: Path
    #: how a tournament under this rule set is ranked (tarockrec/tournament/record.py), or None
    tournament: Mapping[str, Any] | None

    def __init__(self, name: str, game: str, title: str, complete: bool,
                 provenance: Mapping[str, Any], options: Mapping[str, int | str], path: Path,
                 tournament: Mapping[str, Any] | None = None) -> None:
        self.name = name
        self.game = game
        self.title = title
        self.complete = complete
        self.provenance = provenance
        self.options = options
        self.path = path
        self.tournament = tournament


    @property
    def sections(self) -> Mapping[str, str]:
        sections: Mapping[str, str] = self.provenance.get("sections", {})
        return sections

    @property
    def not_yet_supported(self) -> list[dict[str, str]]:
        missing: list[dict[str, str]] = self.provenance.get("not_yet_supported", [])
        return missing


class RuleSetFileError(ValueError):
    """A shipped rule set file is malformed (a packaging error, not a record finding)."""


@functools.cache
def _validator() -> Any:
    import json

    import jsonschema

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def read(path: Path, check_schema: bool | None = None) -> RuleSetDoc:
    """Read and schema-check one rule set file (no caching: ``for_game`` caches). The files
    shipped in the package are checked by the test suite, not on every start (the check
    would import jsonschema into every run); ``check_schema`` forces the choice."""
    try:
        data = plain_loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise RuleSetFileError(f"{path}: {err}") from None
    if check_schema is None:
        check_schema = not path.resolve().is_relative_to(HERE)
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path)) \
        if check_schema else []
    if errors:
        where = "/".join(map(str, errors[0].absolute_path))
        raise RuleSetFileError(f"{path}: /{where}: {errors[0].message}")
    if data["name"] != path.stem or data["game"] != path.parent.name:
        raise RuleSetFileError(f"{path}: name/game {data['name']}/{data['game']} do not match "
                               "the file's place")
    return RuleSetDoc(data["name"], data["game"], data["title"], data["complete"],
                      MappingProxyType(data["provenance"]), MappingProxyType(data["options"]),
                      path, data.get("tournament"))


@functools.cache
def for_game(game: str) -> Mapping[str, RuleSetDoc]:
    """Every rule set file of ``game`` by name (``default`` first, then by name)."""
    folder = HERE / game
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    docs = {p.stem: read(p) for p in files}
    ordered = {k: docs[k] for k in sorted(docs, key=lambda n: (n != "default", n))}
    return MappingProxyType(ordered)


def one(game: str, name: str) -> RuleSetDoc | None:
    """``for_game(game).get(name)``, reading the one file when nothing else is read yet: one
    record's ``validate`` names one rule set (start-up, issue 42, item 3)."""
    if for_game.cache_info().currsize or not name.isidentifier() or not game.isidentifier():
        return for_game(game).get(name)
    path = HERE / game / f"{name}.json"
    return _one(path) if path.is_file() else None


@functools.cache
def _one(path: Path) -> RuleSetDoc:
    return read(path)


def games() -> list[str]:
    return sorted(p.name for p in HERE.iterdir() if p.is_dir() and not p.name.startswith("_"))
