"""The JSON schema and the XSD of the notation: fast bulk check and explained findings.

``fast_check(record)`` runs the schema compiled to Python by ``tarockrec.fastschema``
(True = valid; much faster than generic validators on this schema's shapes); use it on
the bulk path and call ``explain(record)`` only for records that fail: it runs
``jsonschema.Draft202012Validator`` and turns every error into a ``REC-SCHEMA`` Finding with
the JSON Pointer of the offending value and one sentence. ``xsd()`` is the compiled XSD.

The files are looked up in the package data (``tarockrec.schemas``) first, then in the
repository's ``schemas/`` directory beside the package.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping


from .fastschema import Compiler, cached_gate, compile_schema, keep_gate, trim
from .findings import Finding, pointer_join
from .patterns import lazy, lazy_module

SCHEMA_FILE = "tarockrec.schema.json"
XSD_FILE = "tarockrec.xsd"

if TYPE_CHECKING:  # jsonschema and lxml are imported when first needed (start-up time)
    import jsonschema
    from jsonschema.exceptions import ValidationError
    from lxml import etree
    import orjson
else:              # (one record's validate reads its record without it: codecs/jsonio.py)
    orjson = lazy_module("orjson")


def _read(name: str) -> bytes:
    """A schema file of the package: beside this module as installed (read directly, which
    saves importing importlib.resources at start-up), else as the package's resource, else from
    the checkout's schemas folder."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas", name)
    try:
        with open(here, "rb") as fp:
            return fp.read()
    except OSError:
        pass
    try:
        import importlib.resources
        res = importlib.resources.files("tarockrec.schemas").joinpath(name)
        if res.is_file():
            return res.read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):
        pass
    return (Path(__file__).resolve().parent.parent / "schemas" / name).read_bytes()


@functools.cache
def json_schema() -> dict[str, Any]:
    return orjson.loads(_read(SCHEMA_FILE))  # type: ignore[no-any-return]


@functools.cache
def _fast() -> Callable[[Any], bool]:
    """The bulk gate: a record is checked by its game's gate (``gate_schema``), each compiled
    when its game is first met; the whole schema as one gate when it has not that shape."""
    gates: dict[str, Callable[[Any], bool]] = {}
    cache = _cache_dir()

    def check(record: Any) -> bool:
        if type(record) is not dict:
            return False
        game = record.get("game")
        if type(game) is not str:   # (every definition of a record requires a game)
            return False
        gate = gates.get(game)
        if gate is None:
            gate = _gate(game, cache)
            if gate is None:
                return False
            gates[game] = gate
        return gate(record)

    return check


def _gate(game: Any, cache: str | None) -> Callable[[Any], bool] | None:
    """The gate of ``game``'s records, None when no record names it: as kept in the cache
    (made with the same schema file by the same compiler), else compiled and kept."""
    if type(game) is not str:
        return None
    key = _gate_key(game)
    gate = cached_gate(key, cache) if key is not None else None
    if gate is not None:
        return gate
    games = _shape()[0]
    if games is not None and game not in games:
        return None
    whole = games is None
    doc = json_schema() if whole else gate_schema(game)
    if key is None:
        return compile_schema(doc, cache)
    return keep_gate(doc, key, cache)


def _gate_key(game: str) -> str | None:
    """What a kept gate is kept under: the schema file, the game, this compiler (its modules'
    sizes and times) and the Python version (checksums in C: ``hashlib`` would load OpenSSL,
    which costs more than the rest of a kept gate)."""
    import sys
    import zlib
    from . import fastschema
    try:
        stamp = [(s.st_size, s.st_mtime_ns) for s in
                 (os.stat(f) for f in (__file__, fastschema.__file__))]
    except (OSError, TypeError):
        return None
    made = repr((game, stamp, sys.version)).encode()
    return f"{zlib.crc32(_read(SCHEMA_FILE)):08x}{zlib.crc32(made):08x}{len(made):x}"


#: the envelope's definitions of a deal, and where each game's ``<game>_fields`` meet them
_DEAL_LEVELS = {"deal_record": ["/allOf/0/else/else"],
                "session_deal": ["/$defs/session_record/properties/deals/items",
                                 "/$defs/table/properties/deals/items"]}
#: every definition on the way from the envelope to a deal, and the one place each is used:
#: a deal where the games' blocks (``_game_dispatch``) lay their fields, and nowhere else
_WAY = {**_DEAL_LEVELS, "session_record": ["/allOf/0/else/then"],
        "tournament_record": ["/allOf/0/then"],
        "round": ["/$defs/tournament_record/properties/rounds/items"],
        "table": ["/$defs/round/properties/tables/items"]}
#: the envelope: a tournament, a session or a deal, told as the games' blocks tell them
_ENVELOPE = {"if": {"type": "object", "required": ["rounds"]},
             "then": {"$ref": "#/$defs/tournament_record"},
             "else": {"if": {"type": "object", "required": ["deals"]},
                      "then": {"$ref": "#/$defs/session_record"},
                      "else": {"$ref": "#/$defs/deal_record"}}}


def gate_schema(game: str) -> dict[str, Any]:
    """The schema of the bulk gate for records of ``game``: what the notation's schema accepts
    of them, with fewer checks. The envelope checks a deal's fields for every game alike
    (``deal_record``, ``session_deal``: ``card``, ``name``…) and the game checks them again,
    stricter (``<game>_fields``: ``card54``, its calls…). Here the envelope is a copy without
    the checks that the game's fields imply (``fastschema.trim``), followed by the game's
    definition: the game lays its fields on the deals wherever the envelope finds them. The
    whole schema when it has not that shape."""
    s = json_schema()
    games, way = _shape()
    if games is None or game not in games:
        return s
    defs = s["$defs"]
    resolve = Compiler(s).resolve
    rename = {f"#/$defs/{name}": f"#/$defs/{name}@{game}" for name in way}
    fields = defs[f"{game}_fields"]["properties"]
    out = dict(defs)
    for name in way:
        node = _renamed(defs[name], rename)
        if name in _DEAL_LEVELS:
            node["properties"] = {key: trim(sub, [fields.get(key, True)], resolve)
                                  for key, sub in node["properties"].items()}
        out[f"{name}@{game}"] = node
    return {**s, "allOf": [_renamed(s["allOf"][0], rename), {"$ref": f"#/$defs/{game}"}],
            "$defs": out}


@functools.cache
def _shape() -> tuple[list[str] | None, set[str]]:
    """The games of the schema's per-game blocks and the definitions on the way from the
    envelope to a deal, when the schema has the shape ``gate_schema`` relies on; else None."""
    s = json_schema()
    refs: dict[str, list[str]] = {}
    _refs(s, refs)
    games = _game_dispatch(s)
    way = _on_the_way(refs, set(_DEAL_LEVELS))
    if (games is None or s.get("allOf", [None])[0] != _ENVELOPE or way != set(_WAY)
            or any(refs.get(f"#/$defs/{name}") != where for name, where in _WAY.items())):
        return None, set()
    return games, way


def _game_dispatch(s: dict[str, Any]) -> list[str] | None:
    """The games of the schema's ``if game == g then $defs/g`` blocks, when they are all of
    ``game``'s values and each ``$defs/g`` lays ``<g>_fields`` on the deals as the envelope
    finds them (a deal, a session's deals, a tournament's tables' deals); else None."""
    blocks = s.get("allOf", [])[1:]
    games = [Compiler._discriminator(b) for b in blocks]
    if not games or any(g is None or g[0] != "game" for g in games):
        return None
    names = [g[1] for g in games if g is not None]
    defs = s["$defs"]
    for kind in ("deal_record", "session_record", "tournament_record"):
        record = defs.get(kind, {})
        if ("game" not in record.get("required", ())
                or record.get("properties", {}).get("game", {}).get("enum") != names):
            return None
    for name, block in zip(names, blocks):
        fields = {"$ref": f"#/$defs/{name}_fields"}
        expected = {"if": {"required": ["rounds"]}, "then": {"properties": {"rounds": {
            "items": {"properties": {"tables": {"items": {"properties": {"deals": {
                "items": fields}}}}}}}}},
            "else": {"if": {"required": ["deals"]},
                     "then": {"properties": {"deals": {"items": fields}}}, "else": fields}}
        if block["then"] != {"$ref": f"#/$defs/{name}"} or defs[name] != expected:
            return None
    return names


def _refs(node: Any, found: dict[str, list[str]], at: str = "") -> None:
    """Every reference in ``node``: its target -> the JSON Pointers where it is."""
    if isinstance(node, dict):
        for key, sub in node.items():
            if key == "$ref" and isinstance(sub, str):
                found.setdefault(sub, []).append(at)
            else:
                _refs(sub, found, f"{at}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            _refs(sub, found, f"{at}/{i}")


def _on_the_way(refs: dict[str, list[str]], targets: set[str]) -> set[str]:
    """The definitions that are ``targets`` or refer to one of them, at any depth (``refs``:
    where each reference is, as ``_refs`` finds them)."""
    found = set(targets)
    todo = list(targets)
    while todo:
        for at in refs.get(f"#/$defs/{todo.pop()}", ()):
            parts = at.split("/")
            if len(parts) > 2 and parts[1] == "$defs" and parts[2] not in found:
                found.add(parts[2])
                todo.append(parts[2])
    return found


def _renamed(node: Any, rename: dict[str, str]) -> Any:
    """A copy of ``node`` with its references renamed (``rename``: old -> new)."""
    if isinstance(node, dict):
        return {k: (rename.get(v, v) if k == "$ref" else _renamed(v, rename))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_renamed(v, rename) for v in node]
    return node


def _cache_dir() -> str | None:
    """Where the compiled schema gate is kept between runs (``TAROCKREC_CACHE``, else the
    user's cache folder; ``TAROCKREC_CACHE=off`` compiles it every time)."""
    import os
    chosen = os.environ.get("TAROCKREC_CACHE")
    if chosen:
        return None if chosen == "off" else chosen
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tarockrec")


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    import jsonschema
    return jsonschema.Draft202012Validator(json_schema())


@functools.cache
def xsd() -> etree.XMLSchema:
    """The compiled XSD (parsed without network access or entity expansion)."""
    from lxml import etree
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.XMLSchema(etree.fromstring(_read(XSD_FILE), parser))


def fast_check(record: Any) -> bool:
    global _CHECK
    if _CHECK is None:
        _CHECK = _fast()
    return _CHECK(record)


#: ``_fast()``, once made (asked of every record)
_CHECK: Callable[[Any], bool] | None = None


def schema_text(kind: str) -> str:
    """The schema file as text: ``json`` (JSON Schema) or ``xml`` (XSD)."""
    return _read(SCHEMA_FILE if kind == "json" else XSD_FILE).decode("utf-8")


# -- explained errors ------------------------------------------------------------------------
_TYPE_WORDS = {"integer": "a whole number", "string": "a string", "array": "a list",
               "object": "an object", "boolean": "true or false", "null": "null",
               "number": "a number"}


def _pointer(path: Any) -> str:
    return pointer_join("", *path)


def _what(err: ValidationError) -> str:
    title = err.schema.get("title") if isinstance(err.schema, dict) else None
    return str(title) if title else "allowed value"


def _sentences(err: ValidationError) -> list[tuple[str, str]]:
    """(pointer, sentence) pairs for one jsonschema error (see ``_code`` for the code)."""
    ptr = _pointer(err.absolute_path)
    v, kw = err.instance, err.validator
    if kw == "additionalProperties" and isinstance(v, dict):
        schema = err.schema if isinstance(err.schema, Mapping) else {}
        props = schema.get("properties", {})
        return [(pointer_join(ptr, k), f"unknown field {k!r} (fields starting with _ are "
                 "private and allowed)") for k in v if k not in props and not k.startswith("_")]
    if kw == "required":
        required = err.validator_value if isinstance(err.validator_value, list) else []
        missing = [k for k in required if isinstance(v, dict) and k not in v]
        return [(ptr, f"missing field {k!r}") for k in missing]
    if kw == "type":
        value = err.validator_value
        want = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
        return [(ptr, "expected " + " or ".join(_TYPE_WORDS.get(w, w) for w in want))]
    if kw == "minimum":
        return [(ptr, f"expected a whole number of at least {err.validator_value}")]
    if kw == "const":
        return [(ptr, f"expected {orjson.dumps(err.validator_value).decode()} ({_what(err)})")]
    if kw == "not":
        return [(ptr, f"unknown field {ptr.rsplit('/', 1)[-1]!r} ({_what(err)})")]
    if kw in ("enum", "pattern"):
        what = _what(err)
        if what.startswith("card"):
            return [(ptr, f"{v!r} is not a {what}")]
        if ptr == "/game":
            from .games import unknown
            return [(ptr, unknown(v))]
        return [(ptr, f"{v!r} is not a valid {what}")]
    if kw == "propertyNames":
        return [(ptr, f"{v!r} is not a valid {_what(err)}")]
    if kw in ("anyOf", "oneOf") and err.context:
        # the branch that got furthest: not a bare type mismatch at this place
        deeper = [e for e in err.context if e.validator != "type" or e.absolute_path != err.absolute_path]
        if deeper:
            out: list[tuple[str, str]] = []
            for e in deeper:
                out.extend(_sentences(e))
            return out
        return [(ptr, f"expected a {_what(err)}")]
    return [(ptr, err.message)]


_NOT_A_CARD = lazy(r"^'[^']*' is not a card")


def _code(sentence: str) -> str:
    """``CARD-UNKNOWN`` for a card code that no pack has (the same code the deal check
    uses), ``REC-SCHEMA`` for everything else."""
    return "CARD-UNKNOWN" if _NOT_A_CARD.match(sentence) else "REC-SCHEMA"


def _origin(err: ValidationError) -> int:
    """0 for the envelope (first allOf entry), 1 for a game's part."""
    path = list(err.schema_path)
    return 0 if len(path) < 2 or path[0] != "allOf" or path[1] == 0 else 1


def explain(record: Any) -> list[Finding]:
    """Every schema error as a ``REC-SCHEMA`` (or ``CARD-UNKNOWN``) Finding. Where the envelope already reports a
    place, the game part's view of the same place is left out (one sentence per problem)."""
    found: list[tuple[int, str, str]] = []
    for err in _validator().iter_errors(record):
        origin = _origin(err)
        for ptr, sentence in _sentences(err):
            found.append((origin, ptr, sentence))
    envelope = {ptr for origin, ptr, _ in found if origin == 0}
    seen: set[tuple[str, str]] = set()
    out: list[Finding] = []
    for origin, ptr, sentence in sorted(found, key=lambda f: (f[0], f[1])):
        if (origin and ptr in envelope) or (ptr, sentence) in seen:
            continue
        seen.add((ptr, sentence))
        out.append(Finding(_code(sentence), sentence, ptr))
    out.sort(key=lambda f: f.pointer)
    return out
