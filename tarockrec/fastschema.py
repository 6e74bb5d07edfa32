"""A JSON Schema compiler for the bulk path: the schema becomes generated Python functions.

It understands exactly the keywords the notation's schema uses (draft 2020-12 semantics) and
refuses any other keyword at compile time, so no constraint is silently skipped. It is built
for this schema's shapes: each ``$defs`` entry becomes one function, checks of plain values are
inlined, string enumerations are frozensets (a list of cards is one ``issuperset`` call),
``^_`` private keys are tested by prefix, and the per-game ``if game == X then …`` blocks are
one comparison chain. Pure-Python ``jsonschema`` stays the reference and explains failures;
tests check that both agree.

One deliberate difference: ``integer`` accepts only ints, not ``1.0`` (the notation writes whole
numbers; the validator reports such numbers itself).
"""
from __future__ import annotations

import re
import types
from typing import Any, Callable

Check = Callable[[Any], bool]

_ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "$defs", "examples",
                "default"}
_KEYWORDS = {"$ref", "type", "enum", "const", "pattern", "minimum", "maximum", "required",
             "properties", "patternProperties", "additionalProperties", "propertyNames",
             "items", "allOf", "anyOf", "oneOf", "if", "then", "else", "not", "minItems",
             "maxItems", "minLength", "maxLength"}
_TYPE_TEST = {"object": "type({v}) is dict", "array": "type({v}) is list",
              "string": "type({v}) is str", "integer": "type({v}) is int",
              "number": "type({v}) in (int, float)", "boolean": "type({v}) is bool",
              "null": "{v} is None"}
_MISSING = object()
#: JSON types whose test is one Python type (what ``_drop_known_types`` can rely on)
_KNOWN_TYPES = {"object": "dict", "array": "list", "string": "str", "integer": "int"}


def _json_equal(a: Any, b: Any) -> bool:
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if type(a) is dict and type(b) is dict:
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    if type(a) is list and type(b) is list:
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    if type(a) in (int, float) and type(b) in (int, float):
        return bool(a == b)
    return type(a) is type(b) and bool(a == b)


class SchemaCompileError(ValueError):
    pass


class Compiler:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.base = root.get("$id", "")
        self.env: dict[str, Any] = {"_eq": _json_equal, "_MISSING": _MISSING}
        self.funcs: dict[str, str] = {}       # ref target / id -> function name
        self.inlining: list[str] = []         # $ref targets being written out in place
        self.too_long: set[str] = set()       # $ref targets too long to write out in place
        self.sources: list[str] = []
        self.n = 0
        #: how to make the environment again from plain data (``Kit``): its values that
        #: ``marshal`` keeps, and (kind, name, data) for the matchers and tables of functions
        self.plain: dict[str, Any] = {}
        self.recipe: list[tuple[str, str, Any]] = []

    def _name(self, prefix: str, value: Any) -> str:
        self.n += 1
        name = f"_{prefix}{self.n}"
        self.env[name] = value
        if prefix in "SKECM":           # sets, lists and JSON values
            self.plain[name] = value
        return name

    # -- references ----------------------------------------------------------------------
    def _target(self, ref: str) -> str:
        if self.base and ref.startswith(self.base + "#"):
            ref = ref[len(self.base):]
        if not ref.startswith("#"):
            raise SchemaCompileError(f"only local $ref is supported, not {ref!r}")
        return ref

    def _node(self, ref: str) -> Any:
        node: Any = self.root
        for part in ref[2:].split("/") if ref != "#" else []:
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def resolve(self, s: Any) -> Any:
        """Follow a schema that is nothing but a ``$ref`` (plus annotations)."""
        while isinstance(s, dict) and "$ref" in s and set(s) - _ANNOTATIONS == {"$ref"}:
            s = self._node(self._target(s["$ref"]))
        return s

    def string_set(self, s: Any) -> frozenset[str] | None:
        """The allowed strings if ``s`` is just a string enumeration, else None."""
        s = self.resolve(s)
        if not isinstance(s, dict) or "enum" not in s:
            return None
        if set(s) - _ANNOTATIONS - {"enum", "type"} or s.get("type", "string") != "string":
            return None
        if not all(type(x) is str for x in s["enum"]):
            return None
        return frozenset(s["enum"])

    def function(self, s: Any, key: str | None = None) -> str:
        """Name of a generated function ``f(v) -> bool`` checking schema ``s``."""
        if key is not None and key in self.funcs:
            return self.funcs[key]
        self.n += 1
        name = f"_f{self.n}"
        if key is not None:
            self.funcs[key] = name
        body = self.gen(s, "v", 1)
        self.sources.append(f"def {name}(v):\n" + "".join(body) + "    return True\n")
        return name

    def _any_branch(self, s: Any, v: str) -> str:
        """An ``anyOf`` branch as an expression true when ``v`` passes it: a string
        enumeration or a bare type tested in place (the Cego talon's cards, the players'
        names: a call per value cost more than the test), any other schema by its function."""
        allowed = self.string_set(s)
        if allowed is not None:
            return f"(type({v}) is str and {v} in {self._name('S', allowed)})"
        r = self.resolve(s)
        if isinstance(r, dict) and set(r) - _ANNOTATIONS == {"type"}:
            # only a type (a player written as a name): its test in place too
            names = r["type"] if isinstance(r["type"], list) else [r["type"]]
            return "(" + " or ".join(_TYPE_TEST[t].format(v=v) for t in names) + ")"
        return f"{self.function(s)}({v})"

    # -- code generation: lines that `return False` when ``v`` fails ----------------------
    def gen(self, s: Any, v: str, ind: int) -> list[str]:
        pad = "    " * ind
        if s is True or s == {}:
            return []
        if s is False:
            return [f"{pad}return False\n"]
        unknown = set(s) - _KEYWORDS - _ANNOTATIONS
        if unknown:
            raise SchemaCompileError(f"keyword(s) not supported: {sorted(unknown)}")
        out: list[str] = []
        known: tuple[str, int] | None = None      # (Python type, lines after its test)
        out += self._ref_lines(s, v, ind)
        if "type" in s:
            names = s["type"] if isinstance(s["type"], list) else [s["type"]]
            test = " or ".join(_TYPE_TEST[t].format(v=v) for t in names)
            out.append(f"{pad}if not ({test}): return False\n")
            if len(names) == 1 and names[0] in _KNOWN_TYPES:
                known = (_KNOWN_TYPES[names[0]], len(out))
        out += self._value_lines(s, v, pad)
        if "required" in s and s["required"]:
            missing = " or ".join(f"{k!r} not in {v}" for k in s["required"])
            out.append(f"{pad}if type({v}) is dict and ({missing}): return False\n")
        if {"properties", "patternProperties", "additionalProperties"} & set(s):
            out += self._object(s, v, ind)
        if "propertyNames" in s:
            fname = self.function(s["propertyNames"])
            out.append(f"{pad}if type({v}) is dict and not all({fname}(k) for k in {v}): "
                       "return False\n")
        if "items" in s:
            out += self._items(s["items"], v, ind)
        if "allOf" in s:
            out += self._all_of(s["allOf"], v, ind)
        out += self._branch_lines(s, v, ind)
        if known is not None:
            self._drop_known_types(out, pad, v, *known)
        return out

    def _ref_lines(self, s: Any, v: str, ind: int) -> list[str]:
        """``$ref``: a set of strings tested at once, the target inlined, or its function."""
        pad = "    " * ind
        out: list[str] = []
        if "$ref" in s:
            allowed = self.string_set(s["$ref"] and {"$ref": s["$ref"]})
            if allowed is not None:
                sname = self._name("S", allowed)
                out.append(f"{pad}if type({v}) is not str or {v} not in {sname}: return False\n")
            else:
                target = self._target(s["$ref"])
                body = self._inline(target, v, ind)
                if body is not None:
                    out += body
                else:
                    fname = self.function(self._node(target), target)
                    out.append(f"{pad}if not {fname}({v}): return False\n")
        return out

    def _value_lines(self, s: Any, v: str, pad: str) -> list[str]:
        """``enum``, ``const``, ``pattern`` and the bounds of a number, a list, a string."""
        out: list[str] = []
        if "enum" in s:
            values = s["enum"]
            if all(type(x) is str for x in values):
                sname = self._name("S", frozenset(values))
                out.append(f"{pad}if type({v}) is not str or {v} not in {sname}: return False\n")
            else:
                lname = self._name("E", list(values))
                out.append(f"{pad}if not any(_eq({v}, x) for x in {lname}): return False\n")
        if "const" in s:
            c = s["const"]
            if type(c) in (str, int):
                out.append(f"{pad}if type({v}) is not {type(c).__name__} or {v} != {c!r}: "
                           "return False\n")
            else:
                cname = self._name("C", c)
                out.append(f"{pad}if not _eq({v}, {cname}): return False\n")
        if "pattern" in s:
            # the texts found to match are remembered (a set lookup instead of a regex)
            memo: set[str] = set()
            mname = self._name("M", memo)
            rname = self._name("R", _matcher(re.compile(s["pattern"]).search, memo))
            self.recipe.append(("matcher", rname, (s["pattern"], mname)))
            out.append(f"{pad}if type({v}) is str and {v} not in {mname} and not {rname}({v}): "
                       "return False\n")
        for key, op in (("minimum", "<"), ("maximum", ">")):
            if key in s:
                out.append(f"{pad}if type({v}) in (int, float) and {v} {op} {s[key]!r}: "
                           "return False\n")
        for key, kind, op in (("minItems", "list", "<"), ("maxItems", "list", ">"),
                              ("minLength", "str", "<"), ("maxLength", "str", ">")):
            if key in s:
                out.append(f"{pad}if type({v}) is {kind} and len({v}) {op} {s[key]!r}: "
                           "return False\n")
        return out

    def _branch_lines(self, s: Any, v: str, ind: int) -> list[str]:
        """``anyOf``, ``oneOf``, ``not`` and ``if``/``then``/``else``."""
        pad = "    " * ind
        out: list[str] = []
        if "anyOf" in s:
            tests = [self._any_branch(x, v) for x in s["anyOf"]]
            out.append(f"{pad}if not ({' or '.join(tests)}): return False\n")
        if "oneOf" in s:
            names = [self.function(x) for x in s["oneOf"]]
            out.append(f"{pad}if ({' + '.join(f'bool({n}({v}))' for n in names)}) != 1: "
                       "return False\n")
        if "not" in s:
            fname = self.function(s["not"])
            out.append(f"{pad}if {fname}({v}): return False\n")
        if "if" in s:
            cond = self._condition(s["if"], v) or f"{self.function(s['if'])}({v})"
            then = self.gen(s.get("then", True), v, ind + 1)
            other = self.gen(s.get("else", True), v, ind + 1)
            out.append(f"{pad}if {cond}:\n")
            out += then or [f"{pad}    pass\n"]
            out.append(f"{pad}else:\n")
            out += other or [f"{pad}    pass\n"]
        return out

    def _condition(self, s: Any, v: str) -> str | None:
        """An ``if`` that only requires keys (a tournament's ``rounds``, a session's ``deals``)
        as an expression, not a call; None for any other."""
        r = self.resolve(s)
        if (not isinstance(r, dict) or set(r) - _ANNOTATIONS not in ({"required"},
                                                                     {"required", "type"})
                or r.get("type", "object") != "object" or not r["required"]):
            return None
        keys = " and ".join(f"{k!r} in {v}" for k in r["required"])
        if "type" in r:
            return f"(type({v}) is dict and {keys})"
        return f"(type({v}) is not dict or ({keys}))"   # (no object: nothing is required)

    @staticmethod
    def _drop_known_types(out: list[str], pad: str, v: str, known: str, start: int) -> None:
        """Once a line of this level has returned False unless ``v`` is of type ``known``
        (the lines before ``start``), the later tests of that type at this level are true:
        leave them out."""
        guard = f"if type({v}) is {known}"
        for i in range(start, len(out)):
            line = out[i]
            if not line.startswith(pad) or line[len(pad)] == " ":
                continue                     # a line of a deeper level
            body = line[len(pad):]
            number = f"if type({v}) in (int, float) and "
            if not body.startswith("if type("):
                continue
            if body.startswith(guard + " and "):
                out[i] = pad + "if " + body[len(guard) + 5:]
            elif body == guard + ":\n":
                out[i] = pad + "if True:\n"
            elif known == "int" and body.startswith(number):
                out[i] = pad + "if " + body[len(number):]

    #: a $ref target whose checks are at most this many lines is written out in place of a
    #: call (the gate's time is mostly calls of small functions)
    INLINE_LINES = 40

    def _inline(self, target: str, v: str, ind: int) -> list[str] | None:
        """The checks of $ref ``target`` written out for ``v``, or None when they are
        recursive or long (then a call of its function)."""
        if target in self.inlining or target in self.too_long:
            return None
        node = self._node(target)
        if not isinstance(node, dict):
            return None
        self.inlining.append(target)
        try:
            body = self.gen(node, v, ind)
        finally:
            self.inlining.pop()
        if len(body) > self.INLINE_LINES:
            self.too_long.add(target)
            return None
        return body

    def _items(self, sub: Any, v: str, ind: int) -> list[str]:
        pad = "    " * ind
        allowed = self.string_set(sub)
        if allowed is not None:
            sname = self._name("S", allowed)
            return [f"{pad}if type({v}) is list:\n",
                    f"{pad}    try:\n",
                    f"{pad}        if not {sname}.issuperset({v}): return False\n",
                    f"{pad}    except TypeError:\n",
                    f"{pad}        return False\n"]
        item = f"i{ind}"
        body = self.gen(sub, item, ind + 2)
        if not body:
            return []
        return [f"{pad}if type({v}) is list:\n", f"{pad}    for {item} in {v}:\n", *body]

    def _all_of(self, parts: list[Any], v: str, ind: int) -> list[str]:
        """``allOf``; a run of ``if {prop: const X} then S`` blocks becomes one lookup chain."""
        pad = "    " * ind
        out: list[str] = []
        chains: dict[str, list[tuple[Any, Any]]] = {}
        for part in parts:
            key = self._discriminator(part)
            if key is None:
                out += self.gen(part, v, ind)
            else:
                chains.setdefault(key[0], []).append((key[1], part["then"]))
        for prop, cases in chains.items():
            var = f"d{ind}"
            out.append(f"{pad}{var} = {v}.get({prop!r}, _MISSING) if type({v}) is dict "
                       "else _MISSING\n")
            for i, (value, then) in enumerate(cases):
                kw = "if" if i == 0 else "elif"
                test = f"type({var}) is {type(value).__name__} and {var} == {value!r}"
                out.append(f"{pad}{kw} {test}:\n")
                out += self.gen(then, v, ind + 1) or [f"{pad}    pass\n"]
        return out

    @staticmethod
    def _discriminator(part: Any) -> tuple[str, Any] | None:
        if not isinstance(part, dict) or set(part) - _ANNOTATIONS != {"if", "then"}:
            return None
        cond = part["if"]
        if not isinstance(cond, dict) or set(cond) - _ANNOTATIONS - {"type"} != {"required", "properties"}:
            return None
        if cond.get("type", "object") != "object" or len(cond["properties"]) != 1:
            return None
        (prop, sub), = cond["properties"].items()
        if cond["required"] != [prop] or set(sub) - _ANNOTATIONS != {"const"}:
            return None
        value = sub["const"]
        return (prop, value) if type(value) in (str, int) else None

    def _object(self, s: dict[str, Any], v: str, ind: int) -> list[str]:
        pad = "    " * ind
        props: dict[str, Any] = s.get("properties", {})
        patterns: dict[str, Any] = s.get("patternProperties", {})
        extra = s.get("additionalProperties", True)
        out = [f"{pad}if type({v}) is dict:\n"]
        inner = "    " * (ind + 1)
        k = f"k{ind}"
        x = f"x{ind}"
        private_free = set(patterns) <= {"^_"} and all(
            self.resolve(p) in (True, {}) for p in patterns.values())
        if extra is False and private_free:
            known = self._name("K", frozenset(props))
            prefix = " and not {k}.startswith('_')".format(k=k) if patterns else ""
            # one C call when every key is known; the loop only to look at the others
            out.append(f"{inner}if not {known}.issuperset({v}):\n")
            out.append(f"{inner}    for {k} in {v}:\n")
            out.append(f"{inner}        if {k} not in {known}{prefix}: return False\n")
        elif extra not in (True, {}) or not private_free:
            fname = self._general_object(props, patterns, extra)
            out.append(f"{inner}if not {fname}({v}): return False\n")
            return out
        # a required key is there (``gen`` wrote the ``required`` test before these lines,
        # which returns False for a dict without it): taken without the ``in`` test
        required = set(s.get("required", ()))
        for name, sub in props.items():
            if name in required:
                body = self.gen(sub, x, ind + 1)
                if body:
                    out.append(f"{inner}{x} = {v}[{name!r}]\n")
                    out += body
                continue
            body = self.gen(sub, x, ind + 2)
            if body:     # ``in`` and a subscript: cheaper than a .get call, most keys absent
                out.append(f"{inner}if {name!r} in {v}:\n")
                out.append(f"{inner}    {x} = {v}[{name!r}]\n")
                out += body
        return out if len(out) > 1 else []

    def _general_object(self, props: dict[str, Any], patterns: dict[str, Any],
                        extra: Any) -> str:
        checks = {k: self.function(x) for k, x in props.items()}
        pats = [(re.compile(p).search, self.function(x)) for p, x in patterns.items()]
        extra_f = None if extra in (True, {}) else self.function(extra)
        pname = self._name("P", {k: self.env_lookup(f) for k, f in checks.items()})
        self.env["_pats" + pname] = pats
        self.recipe.append(("lookup", pname, checks))
        self.recipe.append(("patterns", "_pats" + pname,
                            [(p, f) for p, (_, f) in zip(patterns, pats)]))
        self.n += 1
        name = f"_f{self.n}"
        src = (f"def {name}(v):\n"
               f"    for k, x in v.items():\n"
               f"        c = {pname}.get(k)\n"
               f"        matched = c is not None\n"
               f"        if matched and not c(x): return False\n"
               f"        for rx, f in _pats{pname}:\n"
               f"            if rx(k):\n"
               f"                matched = True\n"
               f"                if not _call(f, x): return False\n"
               + (f"        if not matched and not {extra_f}(x): return False\n" if extra_f else "")
               + "    return True\n")
        self.sources.append(src)
        return name

    def env_lookup(self, fname: str) -> Callable[[Any], bool]:
        return lambda x: self.env[fname](x)


#: texts remembered per pattern (beyond it, a text is matched by the regex each time)
MEMO_SIZE = 4096


def _matcher(search: Callable[[str], Any], memo: set[str]) -> Callable[[str], bool]:
    """Whether a text matches (``search``), remembering a text that does in ``memo``."""

    def matches(text: str) -> bool:
        if search(text) is None:
            return False
        if len(memo) < MEMO_SIZE:
            memo.add(text)
        return True

    return matches


def compile_schema(schema: dict[str, Any], cache_dir: str | None = None) -> Check:
    """The schema as one Python function. With ``cache_dir``, the compiled bytecode is kept
    there (keyed by the generated source and the Python version) and reused: compiling the
    generated source is most of the start-up cost of a one-record validation."""
    c = Compiler(schema)
    top = c.function(schema, "#")
    c.env["_call"] = lambda fname, x: c.env[fname](x)
    code = "\n".join(c.sources)
    exec(_bytecode(code, cache_dir), c.env)  # noqa: S102 - our own schema
    return c.env[top]  # type: ignore[no-any-return]


def cached_gate(key: str, cache_dir: str | None) -> Check | None:
    """The gate kept under ``key`` by ``keep_gate`` (None: none, or not readable): its
    bytecode and the plain data its environment is made again from, so that a one-record
    validation neither builds the gate's schema nor generates its source."""
    import marshal
    import os
    if cache_dir is None:
        return None
    try:
        with open(os.path.join(cache_dir, f"kit-{key}.bin"), "rb") as fp:
            # read whole, then unmarshalled: ``marshal.load`` on a file reads it object by
            # object through Python-level calls (16 M instructions of a one-record validate)
            code, top, plain, recipe = marshal.loads(fp.read())
        if not isinstance(code, types.CodeType):
            return None
        env = _environment(plain, recipe)
        exec(code, env)  # noqa: S102 - our own schema, compiled by us
        gate: Check = env[top]
        return gate
    except (OSError, EOFError, ValueError, TypeError, KeyError, re.error):
        return None


def keep_gate(schema: dict[str, Any], key: str, cache_dir: str | None) -> Check:
    """``compile_schema(schema)``, kept under ``key`` for ``cached_gate``."""
    c = Compiler(schema)
    top = c.function(schema, "#")
    code = _bytecode("\n".join(c.sources), cache_dir)
    env = _environment(c.plain, c.recipe)
    exec(code, env)  # noqa: S102 - our own schema
    if cache_dir is not None:
        import marshal
        _write(cache_dir, f"kit-{key}.bin", marshal.dumps((code, top, c.plain, c.recipe)))
    gate: Check = env[top]
    return gate


def _environment(plain: dict[str, Any], recipe: list[Any]) -> dict[str, Any]:
    """The names the generated source uses, made from plain data (``Compiler.recipe``)."""
    env: dict[str, Any] = {"_eq": _json_equal, "_MISSING": _MISSING, **plain}
    env["_call"] = lambda fname, x: env[fname](x)

    def lookup(fname: str) -> Check:
        return lambda x: env[fname](x)
    def matcher(name: str, pattern: str, memo: set[str]) -> Callable[[str], bool]:
        def first(text: str) -> bool:       # compiled when first asked, then in its place
            env[name] = _matcher(re.compile(pattern).search, memo)
            return bool(env[name](text))
        return first
    for kind, name, data in recipe:
        if kind == "matcher":
            pattern, memo = data
            env[name] = matcher(name, pattern, env[memo])
        elif kind == "lookup":
            env[name] = {k: lookup(fname) for k, fname in data.items()}
        else:
            env[name] = [(re.compile(p).search, fname) for p, fname in data]
    return env


def _write(cache_dir: str, name: str, data: bytes) -> None:
    """``data`` into the cache, whole or not at all; a cache that cannot be written is no
    error (the gate is compiled each time)."""
    import os
    import tempfile
    try:
        os.makedirs(cache_dir, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, suffix=".tmp")
        with os.fdopen(fd, "wb") as fp:
            fp.write(data)
        os.replace(tmp, os.path.join(cache_dir, name))
    except OSError:
        pass


def _bytecode(code: str, cache_dir: str | None) -> Any:
    import hashlib
    import marshal
    import os
    import sys
    if cache_dir is None:
        return compile(code, "<tarockrec schema>", "exec")
    key = hashlib.sha256(code.encode() + sys.version.encode()).hexdigest()[:24]
    path = os.path.join(cache_dir, f"gate-{key}.bin")
    try:
        with open(path, "rb") as fp:
            cached = marshal.loads(fp.read())     # (as in ``cached_gate``)
        if type(cached) is type(_bytecode.__code__):
            return cached
    except (OSError, EOFError, ValueError, TypeError):
        pass
    compiled = compile(code, "<tarockrec schema>", "exec")
    _write(cache_dir, f"gate-{key}.bin", marshal.dumps(compiled))
    return compiled


# -- what one schema implies of another ---------------------------------------------------
def _no_value(s: Any) -> bool:
    """Whether ``s`` accepts no value at all (``false``, or ``not: {}``)."""
    return s is False or (isinstance(s, dict) and s.get("not") in (True, {}))


def _values(s: dict[str, Any]) -> list[Any] | None:
    """The values ``s`` allows when it lists them (``enum`` or ``const``), else None."""
    if "const" in s:
        return [s["const"]]
    return list(s["enum"]) if "enum" in s else None


def _json_type(x: Any) -> str:
    if x is None:
        return "null"
    if type(x) is bool:
        return "boolean"
    if type(x) is int:
        return "integer"
    return {float: "number", str: "string", list: "array", dict: "object"}[type(x)]


#: the keywords of ``a`` that ``implies`` can show ``b`` to keep
_IMPLIED = {"type", "enum", "const", "pattern", "minimum", "items", "required", "properties",
            "patternProperties", "additionalProperties", "anyOf"}


def implies(b: Any, a: Any, resolve: Callable[[Any], Any]) -> bool:
    """Whether every value schema ``b`` accepts is accepted by schema ``a`` too. True only when
    shown keyword by keyword (``a``'s keywords in ``_IMPLIED``; ``b``'s other keywords only
    narrow it), so False may also mean "not shown". ``resolve`` follows a pure ``$ref``."""
    a, b = resolve(a), resolve(b)
    if a is True or _no_value(b):
        return True
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    if _json_equal(a, b):
        return True
    if "$ref" in b and implies({"$ref": b["$ref"]}, a, resolve):
        return True                 # (``b`` narrows its reference, which implies ``a``)
    keys = set(a) - _ANNOTATIONS
    if keys - _IMPLIED:
        return False
    listed = _values(b)                 # (the three object keywords share one test)
    return all(keeps(b, a, listed, resolve) for keeps in {_KEEPS[k] for k in keys})


def _keeps_type(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                resolve: Callable[[Any], Any]) -> bool:
    allowed = set(a["type"] if isinstance(a["type"], list) else [a["type"]])
    if "integer" not in allowed and "number" in allowed:
        allowed.add("integer")
    if listed is not None:
        return all(_json_type(x) in allowed for x in listed)
    if "type" not in b:
        return False
    return set(b["type"] if isinstance(b["type"], list) else [b["type"]]) <= allowed


def _keeps_values(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                  resolve: Callable[[Any], Any]) -> bool:
    allowed = _values(a)
    assert allowed is not None
    if listed is None:
        return False
    texts = {y for y in allowed if type(y) is str}      # (cards: a set, not pairs)
    return all(x in texts if type(x) is str else any(_json_equal(x, y) for y in allowed)
               for x in listed)


def _keeps_pattern(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                   resolve: Callable[[Any], Any]) -> bool:
    if b.get("pattern") == a["pattern"]:
        return True
    search = re.compile(a["pattern"]).search
    if listed is not None:
        return all(type(x) is not str or search(x) for x in listed)
    texts = _pattern_texts(b["pattern"]) if "pattern" in b else None
    return texts is not None and all(search(t) for t in texts)


#: the most texts ``_pattern_texts`` lists
_TEXTS_LIMIT = 10_000


def _pattern_texts(pattern: str) -> set[str] | None:
    """Every text that ``pattern`` finds (``re.search``): when it is anchored at both ends
    (``^…$``) and made of literals, character sets, groups, alternatives and bounded
    repeats, with few texts; else None. (``$`` also matches before a final line break.)"""
    sre = _sre("_constants")
    try:
        tree = _sre("_parser").parse(pattern)
    except re.error:
        return None
    items = list(tree)
    if (tree.state.flags & ~sre.SRE_FLAG_UNICODE or len(items) < 2
            or items[0] != (sre.AT, sre.AT_BEGINNING) or items[-1] != (sre.AT, sre.AT_END)):
        return None
    texts = _sequence_texts(items[1:-1])
    return None if texts is None else texts | {t + "\n" for t in texts}


def _sre(name: str) -> Any:
    """A module of ``re``'s own (its pattern parser and constants, which typeshed omits)."""
    import importlib
    return importlib.import_module(f"re.{name}")


def _sequence_texts(items: list[Any]) -> set[str] | None:
    sre = _sre("_constants")
    texts = {""}
    for op, av in items:
        if op is sre.LITERAL:
            one: set[str] | None = {chr(av)}
        elif op is sre.IN:
            one = set()
            for kind, x in av:
                if kind is sre.LITERAL:
                    one.add(chr(x))
                elif kind is sre.RANGE and x[1] - x[0] < 256:
                    one.update(map(chr, range(x[0], x[1] + 1)))
                else:
                    return None
        elif op is sre.SUBPATTERN:
            one = None if av[1] or av[2] else _sequence_texts(list(av[3]))
        elif op is sre.BRANCH:
            one = set()
            for branch in av[1]:
                found = _sequence_texts(list(branch))
                if found is None:
                    return None
                one |= found
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[1] <= 8:
            inner = _sequence_texts(list(av[2]))
            if inner is None:
                return None
            one, power = set(), {""}
            for k in range(av[1] + 1):
                if k >= av[0]:
                    one |= power
                power = {p + t for p in power for t in inner}
                if len(power) > _TEXTS_LIMIT:
                    return None
        else:
            return None
        if one is None or len(texts) * len(one) > _TEXTS_LIMIT:
            return None
        texts = {t + o for t in texts for o in one}
    return texts


def _keeps_minimum(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                   resolve: Callable[[Any], Any]) -> bool:
    if listed is not None:
        return all(type(x) not in (int, float) or x >= a["minimum"] for x in listed)
    return "minimum" in b and b["minimum"] >= a["minimum"]


def _keeps_items(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                 resolve: Callable[[Any], Any]) -> bool:
    if listed is not None:
        return False
    return "items" in b and implies(b["items"], a["items"], resolve)


def _keeps_required(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                    resolve: Callable[[Any], Any]) -> bool:
    return listed is None and set(a["required"]) <= set(b.get("required", ()))


def _keeps_properties(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                      resolve: Callable[[Any], Any]) -> bool:
    """``properties``, ``patternProperties`` and ``additionalProperties`` together, for
    pattern properties that only allow keys (any value): what each key of ``b`` may hold
    must be what ``a`` allows for it."""
    if listed is not None:
        return False
    if not all(resolve(x) in (True, {}) for x in (*a.get("patternProperties", {}).values(),
                                                  *b.get("patternProperties", {}).values())):
        return False
    a_props, b_props = a.get("properties", {}), b.get("properties", {})
    b_closed = b.get("additionalProperties", True) is False

    def b_allows_any(key: str) -> bool:
        return not b_closed or any(re.search(p, key) for p in b.get("patternProperties", {}))

    for key, sub in a_props.items():
        if key in b_props:
            if not implies(b_props[key], sub, resolve):
                return False
        elif b_allows_any(key) and not implies(True, sub, resolve):
            return False
    extra = a.get("additionalProperties", True)
    if extra in (True, {}):
        return True
    if extra is not False or not b_closed:
        return False
    a_patterns = a.get("patternProperties", {})
    return (set(b.get("patternProperties", {})) <= set(a_patterns)
            and all(key in a_props or any(re.search(p, key) for p in a_patterns)
                    or _no_value(resolve(sub)) for key, sub in b_props.items()))


def _keeps_any_of(b: dict[str, Any], a: dict[str, Any], listed: list[Any] | None,
                  resolve: Callable[[Any], Any]) -> bool:
    return any(implies(b, branch, resolve) for branch in a["anyOf"])


_KeepTest = Callable[[dict[str, Any], dict[str, Any], "list[Any] | None", Callable[[Any], Any]],
                     bool]
_KEEPS: dict[str, _KeepTest] = {
    "type": _keeps_type, "enum": _keeps_values, "const": _keeps_values,
    "pattern": _keeps_pattern, "minimum": _keeps_minimum, "items": _keeps_items,
    "required": _keeps_required, "properties": _keeps_properties,
    "patternProperties": _keeps_properties, "additionalProperties": _keeps_properties,
    "anyOf": _keeps_any_of}


def trim(a: Any, bs: list[Any], resolve: Callable[[Any], Any]) -> Any:
    """Schema ``a`` without the checks that each schema of ``bs`` implies: with any one ``b``
    of ``bs`` checked beside it, the result accepts exactly what ``a`` does. Goes into
    ``properties`` and ``items`` (both apply to the same values in ``a`` and ``b``); ``a``
    itself when nothing is left out."""
    if all(implies(b, a, resolve) for b in bs):
        return {}
    node = resolve(a)
    others = [resolve(b) for b in bs]
    others = [b for b in others if not _no_value(b)]   # with these, nothing is accepted anyway
    if not isinstance(node, dict) or not all(isinstance(b, dict) for b in others):
        return a
    changed: dict[str, Any] = {}
    if isinstance(node.get("properties"), dict):
        props = {key: trim(sub, [b.get("properties", {}).get(key, True) for b in others],
                           resolve) for key, sub in node["properties"].items()}
        if any(props[k] is not node["properties"][k] for k in props):
            changed["properties"] = props
    if isinstance(node.get("items"), (dict, bool)):
        items = trim(node["items"], [b.get("items", True) for b in others], resolve)
        if items is not node["items"]:
            changed["items"] = items
    return {**node, **changed} if changed else a
