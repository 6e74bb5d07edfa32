"""The bulk-path schema compiler agrees with jsonschema (the reference) on mutated records."""
from __future__ import annotations

import copy
from typing import Any
import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarockrec import games, schema
from tarockrec.fastschema import Compiler, SchemaCompileError, compile_schema
from tarockrec.generate import deal_records
from conftest import paths

FAST = schema.fast_check                # the gate the validator runs: one per game
SLOW = jsonschema.Draft202012Validator(schema.json_schema())
RECORDS = [r for g in games.all_games() for r in deal_records(g, 15, 3)]
#: sessions and tournaments (a deal's fields one or three levels down)
NESTED = [json.loads(p.read_text()) for p in sorted(Path("samples").glob("*/valid/*.json"))
          if p.name in ("session.json", "session-3p.json", "five-session.json",
                        "session_five_players_doubling.json", "full-deals.json",
                        "score-sheets.json")]


def test_generated_records_of_every_game_pass_both() -> None:
    assert len(NESTED) == 6
    for rec in RECORDS + NESTED:
        assert FAST(rec) and SLOW.is_valid(rec)


values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4)
    | st.sampled_from(["T22", "SK", "HA", "pass", "kontra", "kontra:trull", "rufer", "upper",
                       "lower", "all", "HK", "concede", "redeal", "_x", "2026-03-14", "mein_spiel",
                       "S7", "HA", "bid", "koenigrufen", "illustrated", "cego", "carinthian",
                       "ulti"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["seat", "call", "say", "x", "_p", "name", "type", "king"]), inner,
        max_size=3),
    max_leaves=6,
)


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(RECORDS) + len(NESTED) - 1), st.data(), values,
       st.sampled_from(["set", "del", "add", "game"]))
def test_agrees_with_jsonschema(i: int, data: st.DataObject, value: object, how: str) -> None:
    """Mutated deals, sessions and tournaments; "game" also makes it another game's record
    (the gate leaves a deal's fields to the game's own checks: they must catch another game's
    cards and calls)."""
    rec = copy.deepcopy((RECORDS + NESTED)[i])
    if how == "game":
        rec["game"] = data.draw(st.sampled_from(sorted(games.all_games())))
    path = data.draw(st.sampled_from([p for p in paths(rec) if p]))
    target = rec
    for key in path[:-1]:
        target = target[key]
    if how == "del" and isinstance(target, dict):
        del target[path[-1]]
    elif how == "add" and isinstance(target, dict):
        target[data.draw(st.sampled_from(["seat", "extra", "_private", "say", "take"]))] = value
    else:
        target[path[-1]] = value  # type: ignore[index]
    assert FAST(rec) == SLOW.is_valid(rec), path


def test_whole_numbers_only() -> None:
    rec = copy.deepcopy(RECORDS[0])
    rec["dealer"] = 1.0
    assert not FAST(rec)           # stricter than JSON Schema on purpose (see module doc)


def test_unknown_keyword_is_refused() -> None:
    with pytest.raises(SchemaCompileError):
        compile_schema({"type": "object", "dependentRequired": {"a": ["b"]}})
    assert compile_schema({"$defs": {"a": {"type": "string"}}, "$ref": "#/$defs/a"})("x")
    assert not compile_schema({"$defs": {"a": {"type": "string"}}, "$ref": "#/$defs/a"})(1)


def test_compiled_gate_is_cached_and_a_broken_cache_is_no_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rec = RECORDS[0]
    first = compile_schema(schema.json_schema(), str(tmp_path))
    (cached,) = tmp_path.glob("gate-*.bin")
    again = compile_schema(schema.json_schema(), str(tmp_path))
    assert first(rec) and again(rec) and not again({"game": 1})
    cached.write_bytes(b"\x00garbage")
    assert compile_schema(schema.json_schema(), str(tmp_path))(rec)
    import marshal
    cached.write_bytes(marshal.dumps(42))            # readable, but not code
    assert compile_schema(schema.json_schema(), str(tmp_path))(rec)
    blocked = tmp_path / "file"
    blocked.write_text("")                          # a cache folder that cannot be made
    assert compile_schema(schema.json_schema(), str(blocked / "sub"))(rec)


def test_a_kept_gate_is_made_again_without_its_schema_and_agrees(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up: a game's gate is kept whole (bytecode and the plain data of its names), so a
    later run neither builds the gate's schema nor generates its source; it checks what the
    compiled one checks, and a broken kept gate is compiled again."""
    from tarockrec import fastschema
    cache = str(tmp_path)
    made = {game: schema._gate(game, cache) for game in games.all_games()}
    kits = sorted(tmp_path.glob("kit-*.bin"))
    assert len(kits) == len(made)

    def no_schema(game: str) -> Any:
        raise AssertionError("the gate's schema was built again")
    monkeypatch.setattr(schema, "gate_schema", no_schema)
    kept = {game: schema._gate(game, cache) for game in games.all_games()}
    changed = []
    for rec in RECORDS + NESTED:
        for edit in ({"_x": 1}, {"extra": 1}, {"dealer": "0"}, {"players": ["A", 2]}):
            changed.append(dict(rec, **edit))
        changed.append({k: v for k, v in rec.items() if k != "players"})
    for rec in RECORDS + NESTED + changed:
        game = rec["game"]
        assert kept[game](rec) == made[game](rec) == SLOW.is_valid(rec), rec
    assert schema._gate("chess", cache) is None and schema._gate(3, cache) is None
    monkeypatch.undo()
    kits[0].write_bytes(b"\x00garbage")
    assert fastschema.cached_gate(kits[0].name[4:-4], cache) is None
    assert all(schema._gate(game, cache)(rec) for game in made for rec in RECORDS
               if rec["game"] == game)


def test_an_any_of_string_enumeration_is_tested_in_place() -> None:
    """An ``anyOf`` branch that is a string enumeration (the Cego talon's cards) or only a
    type (a player's name) is an expression, not a call per value; it decides as jsonschema
    does."""
    from tarockrec.fastschema import Compiler
    s = {"$defs": {"card": {"enum": ["T1", "SK"]}, "name": {"type": ["integer", "null"]}},
         "type": "array", "items": {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "integer"},
                                              {"$ref": "#/$defs/name"},
                                              {"type": "object", "required": ["x"]}]}}
    c = Compiler(s)
    c.function(s, "#")
    assert len(c.sources) == 2          # the array's function and the object branch's
    check, slow = compile_schema(s), jsonschema.Draft202012Validator(s)
    for v in (["T1", 3], ["SK"], ["T2"], [None], [["T1"]], [1.5], [True], [], [{"x": 1}],
              [{}], ["SK", {"y": 2}]):
        assert check(v) == slow.is_valid(v), v


def test_a_required_key_is_read_without_a_presence_test() -> None:
    """A property the same object requires is read straight away (the ``required`` test
    before it has returned False without it); it decides as jsonschema does, with the key
    missing too, at any depth."""
    from tarockrec.fastschema import Compiler
    inner = {"type": "object", "required": ["a"], "additionalProperties": False,
             "properties": {"a": {"type": "array", "items": {"type": "integer"}},
                            "b": {"type": "string"}}}
    s = {"anyOf": [{"type": "object", "required": ["x"], "properties": {"x": inner}},
                   {"type": "integer"}]}
    c = Compiler(s)
    c.function(s, "#")
    code = "\n".join(c.sources)
    assert "'a' in" not in code and "'x' in" not in code and "'b' in" in code
    check, slow = compile_schema(s), jsonschema.Draft202012Validator(s)
    for v in ({"x": {"a": [1]}}, {"x": {"a": [1], "b": "s"}}, {"x": {"b": "s"}}, {"x": {}},
              {}, {"y": 1}, {"x": {"a": ["1"]}}, {"x": {"a": [], "c": 1}}, {"x": []}, 3, "s",
              {"x": {"a": [1], "b": 2}}, {"x": None}):
        assert check(v) == slow.is_valid(v), v


def test_the_gate_leaves_a_deals_fields_to_the_games() -> None:
    """``gate_schema(game)`` drops the envelope's checks of a deal's fields that the game
    checks more strictly (for Königrufen all of them: its statements' pattern lists texts that
    the envelope's finds); a game that leaves a check to the envelope keeps it (Ulti's
    contract names, of a pattern that cannot be listed). The record's game picks its gate; a
    record of no game of the notation passes none."""
    full = schema.json_schema()["$defs"]
    kr, ulti = (schema.gate_schema(g)["$defs"] for g in ("koenigrufen", "ulti"))
    for level in ("deal_record", "session_deal"):
        props = kr[f"{level}@koenigrufen"]["properties"]
        for key in ("deal", "auction", "exchange", "declarations", "play", "end", "outcome",
                    "result"):
            assert props[key] == {}, key
        assert props["dealer"] == full[level]["properties"]["dealer"]
        auction = ulti[f"{level}@ulti"]["properties"]["auction"]["items"]["properties"]
        assert auction["contract"] == {"$ref": "#/$defs/name"} and auction["call"] == {}
    assert schema.gate_schema("nope") is schema.json_schema()
    rec = copy.deepcopy(RECORDS[0])
    for game in (None, 3, ["koenigrufen"], {"a": 1}, "nope", "Koenigrufen"):
        rec["game"] = game
        assert not FAST(rec) and not SLOW.is_valid(rec)
    assert not FAST([RECORDS[0]]) and not FAST(None)


def test_implies() -> None:
    """What ``implies`` shows; a False is "not shown", never a guess."""
    from tarockrec.fastschema import implies
    root = {"$defs": {"card": {"type": "string", "enum": ["T1", "SK", "HA"]},
                      "card2": {"type": "string", "enum": ["T1", "SK"]}}}
    resolve = Compiler(root).resolve
    card, card2 = {"$ref": "#/$defs/card"}, {"$ref": "#/$defs/card2"}
    yes = [(card2, card), ({"type": "array", "items": card2}, {"type": "array", "items": card}),
           ({"enum": ["ab"]}, {"type": "string", "pattern": "^a"}),
           ({"type": "integer", "minimum": 2}, {"type": ["integer", "null"], "minimum": 0}),
           ({"type": "integer"}, {"type": "number"}), ({"not": {}}, card), (card, {}),
           ({"type": "object", "required": ["a", "b"], "additionalProperties": False,
             "properties": {"a": card2, "b": {}}},
            {"type": "object", "required": ["a"], "additionalProperties": False,
             "properties": {"a": card, "b": {}, "c": {}}}),
           ({"type": "array", "items": {"type": "array", "items": card2}},
            {"type": "array", "anyOf": [{"items": card}, {"items": {"items": card}}]})]
    no = [(card, card2), ({"type": "array"}, {"type": "array", "items": card}),
          ({"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^a|b"}),
          ({"type": "integer"}, {"type": "integer", "minimum": 0}),
          ({"type": "number"}, {"type": "integer"}), ({}, card),
          ({"type": "object", "properties": {"a": card2}},          # open: "b" may be anything
           {"type": "object", "properties": {"a": card, "b": card}}),
          ({"type": "object", "additionalProperties": False, "properties": {"c": {}}},
           {"type": "object", "additionalProperties": False, "properties": {"a": {}}}),
          ({"type": "object", "required": ["b"]}, {"type": "object", "required": ["a"]}),
          ({"type": "string"}, {"type": "string", "maxLength": 3})]
    for b, a in yes:
        assert implies(b, a, resolve), (b, a)
    for b, a in no:
        assert not implies(b, a, resolve), (b, a)


def test_pattern_texts() -> None:
    """``_pattern_texts`` lists exactly the texts a finite, anchored pattern finds: every
    declaration pattern of the notation, against each listed text changed by one character
    (a text finds the pattern exactly when it is listed); None for what it cannot list."""
    import random
    import re
    from tarockrec.fastschema import _pattern_texts
    defs = schema.json_schema()["$defs"]
    rng = random.Random(7)
    for name in ("koenigrufen_say_item", "illustrated_say_item", "carinthian_say_item",
                 "ulti_say_item"):
        pattern = defs[name]["pattern"]
        texts = _pattern_texts(pattern)
        assert texts is not None and len(texts) >= 20
        search = re.compile(pattern).search
        for t in sorted(texts):
            assert search(t), t
            for _ in range(6):
                i = rng.randrange(len(t) + 1)
                c = rng.choice("ak:_S1\n")
                for changed in (t[:i] + c + t[i:], t[:i] + t[i + 1:], t[:i] + c + t[i + 1:]):
                    assert bool(search(changed)) == (changed in texts), (name, changed)
    assert _pattern_texts("^(ab|c)[xy]?$") == {"ab", "c", "abx", "aby", "cx", "cy", "ab\n",
                                               "c\n", "abx\n", "aby\n", "cx\n", "cy\n"}
    for pattern in ("^[a-z][a-z0-9_]*$", "^a", "a$", "^a.$", "^[^a]$", "(?i)^a$", "^a\\d$",
                    "^(a)\\1$", "^a{1,20}$"):
        assert _pattern_texts(pattern) is None, pattern


def test_an_if_of_required_keys_is_an_expression() -> None:
    """An ``if`` that only requires keys is tested in place (no call); it decides as jsonschema
    does, for values that are no objects too (they pass a ``required`` without ``type``)."""
    from tarockrec.fastschema import Compiler
    for cond in ({"required": ["a"]}, {"type": "object", "required": ["a", "b"]}):
        s = {"if": cond, "then": {"required": ["c"]}, "else": {"type": "string"}}
        c = Compiler(s)
        c.function(s, "#")
        assert len(c.sources) == 1
        check, slow = compile_schema(s), jsonschema.Draft202012Validator(s)
        for v in (1, "x", [], {}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1, "b": 2, "c": 3},
                  {"c": 1}):
            assert check(v) == slow.is_valid(v), (cond, v)


def test_the_gates_per_game_need_the_schemas_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-game gates rely on where the envelope's definitions of a deal are used and on
    the games' blocks: a schema that uses one elsewhere too, or tells the records apart
    otherwise, or does not require the game, is compiled whole (``_shape`` finds no games)."""
    assert schema._shape()[0] == sorted(games.all_games(), key=[
        "koenigrufen", "illustrated", "cego", "carinthian", "ulti"].index)
    base = schema.json_schema()

    def changed(edit: Any) -> Any:
        s = copy.deepcopy(base)
        edit(s)
        return s

    edits = [
        lambda s: s["$defs"]["meta"].update({"properties": {"t": {"$ref": "#/$defs/table"}}}),
        lambda s: s["$defs"]["entrant"].update({"properties": {"d": {"$ref": "#/$defs/session_deal"}}}),
        lambda s: s["allOf"][0]["else"]["if"].update({"required": ["deal"]}),
        lambda s: s["allOf"].pop(),
        lambda s: s["$defs"]["cego"]["else"].update({"else": {}}),
        lambda s: s["$defs"]["tournament_record"].pop("required"),
        lambda s: s["$defs"]["session_record"]["properties"].pop("game"),
    ]
    for edit in edits:
        s = changed(edit)
        monkeypatch.setattr(schema, "json_schema", lambda s=s: s)
        assert schema._shape.__wrapped__()[0] is None          # type: ignore[attr-defined]
