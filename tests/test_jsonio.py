"""The JSON codec: canonical form and the pointer → line map of pretty-printed documents."""
from __future__ import annotations

import json

from conftest import paths
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tarockrec.codecs import jsonio
from tarockrec.findings import pointer_join

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),   # ints of any size
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(values, st.booleans())
def test_line_map_knows_every_place(doc: object, compact: bool) -> None:
    text = jsonio.dumps(doc, compact=compact)
    lines = jsonio.line_map(text)
    want = {pointer_join("", *p) for p in paths(doc)}
    assert set(lines) == want
    assert all(1 <= ln <= text.count("\n") + 1 for ln in lines.values())


def test_line_map_points_at_the_value() -> None:
    doc = {"a": [1, {"b/c": 'x\\"y', "~": [[]]}], "z": "s"}
    text = json.dumps(doc, indent=1)
    lines = jsonio.line_map(text)
    rows = text.splitlines()
    assert '"b/c"' in rows[lines["/a/1/b~1c"] - 1]
    assert '"~"' in rows[lines["/a/1/~0"] - 1]
    assert rows[lines["/z"] - 1].strip().startswith('"z"')


def test_canonical_order_and_private_fields() -> None:
    rec = {"_z": {"b": 1, "a": 2}, "result": {"scores": [0]}, "game": "ulti", "tarockrec": 1}
    assert list(json.loads(jsonio.dumps(rec))) == ["tarockrec", "game", "result", "_z"]
    assert json.loads(jsonio.dumps(rec))["_z"] == {"b": 1, "a": 2}
    assert jsonio.dumps(json.loads(jsonio.dumps(rec))) == jsonio.dumps(rec)


def test_big_integers_and_broken_text() -> None:
    big = {"tarockrec": 1, "dealer": 123456789012345678901234567890}
    text = jsonio.dumps(big, compact=True)                    # written exactly
    assert json.loads(text) == big and json.loads(jsonio.dumps(big)) == big
    jsonio.loads(text)                                        # read without an error
    for bad in ('{"a": NaN}', '{"a": 1,}', '[1, 2', "", '{"a": "\\x"}', "\ufeff{}x"):
        try:
            jsonio.loads(bad)
        except jsonio.JSONError as err:
            assert err.finding.code == "JSON-SYNTAX"
        else:
            raise AssertionError(bad)


def test_long_integers_in_private_data_survive_both_formats() -> None:
    from tarockrec.codecs import xmlio
    rec = {"tarockrec": 1, "game": "ulti", "_id": 2**70, "_list": [-(2**65), 1.5, "x"]}
    text = jsonio.dumps(rec)
    assert jsonio.loads(text) == rec
    assert jsonio.dumps(xmlio.loads(xmlio.dumps(jsonio.loads(text)))) == text


DUPLICATED = [b'{\n "a": 1,\n "a": 2\n}', b'{\n "a": {"b": [1, {"c": 1, "c": 2}]}\n}',
              b'{\n "x": ":y", "x": 1\n}', b'{\n "k\\"": 1, "k\\"": 2\n}',
              b'{"a" :1, "a" : 2}', b'{"a" : 1, "a": 2}', b'{\n "\\\\": ":", "\\\\": 1\n}',
              b'[\n {"q": "\\":\\"", "q": 0}\n]']


def test_a_key_twice_is_refused_in_pretty_text() -> None:
    """Pretty text is not the compact writing of what was read: a key counted from the text's
    skeleton (strings reduced to a quote) decides, and strings holding quotes, colons and
    backslashes do not fool it."""
    for text in DUPLICATED:
        try:
            jsonio.loads(text)
        except jsonio.JSONError as err:
            assert err.finding.code == "JSON-DUPLICATE", text
        else:
            raise AssertionError(f"accepted {text!r}")
    for text in (b'{\n "a": ":", "b": "\\":"\n}', b'{\n "x": {"x": {"x": 1}}\n}'):
        assert jsonio.loads(text)


@settings(max_examples=300, deadline=None)
@given(values)
def test_pretty_text_reads_back(doc: object) -> None:
    """What the pretty writer writes reads back as it was (no key taken for a duplicate)."""
    assume(jsonio.unwritable(doc) is None)
    assert jsonio.loads(jsonio.dumps(doc)) == doc


def test_nesting_is_counted_not_guessed() -> None:
    """Many brackets are not deep nesting (a tournament holds thousands); 201 levels are."""
    wide = b"[\n" + b",\n".join([b"[1, [2, {\"a\": [3]}]]"] * 400) + b"\n]"
    assert len(jsonio.loads(wide)) == 400
    for deep in (b"[" * 201 + b"1" + b"]" * 201, b"[" * 120 + b"{\"a\": " * 90 + b"1"
                 + b"}" * 90 + b"]" * 120):
        try:
            jsonio.loads(deep)
        except jsonio.JSONError as err:
            assert err.finding.code == "REC-DEPTH"
        else:
            raise AssertionError("too deep, accepted")
    assert jsonio.loads(b"[" * 150 + b"]" * 150) == eval("[" * 150 + "]" * 150)


def test_compact_lines_with_long_digit_runs_read_exactly() -> None:
    """A compact line is taken as orjson read it only when orjson writes it back the same: a
    number orjson reads inexactly (an integer beyond 64 bits, a long fraction) is read by the
    standard library, exactly; long runs of digits elsewhere change nothing."""
    jsonio.loads(b"{}")             # (the first value is the standard library's in any case)
    for line in (b'{"a":12345678901234567890123}', b'{"a":18446744073709551615}',
                 b'{"a":18446744073709551616}', b'{"a":-9223372036854775809}',
                 b'{"a":[0.12345678901234567890,1.2345678901234568e22]}',
                 b'{"a":"12345678901234567890123","b":-1234567890123456789}'):
        got, want = jsonio.loads(line), json.loads(line)
        assert got == want and repr(got) == repr(want), line
    for line in (b'{"a":1,"a":12345678901234567890123}', b'{"a":[1],"b":{"c":1,"c":2}}',
                 b'{"a":"12345678901234567890","a":1}'):
        try:
            jsonio.loads(line)
        except jsonio.JSONError as err:
            assert err.finding.code == "JSON-DUPLICATE", line
        else:
            raise AssertionError(f"accepted {line!r}")
