"""Records written out in one of the notation's formats, streamed."""
from __future__ import annotations

from typing import Any, Iterator

from . import jsonio


def serialise(records: Iterator[Any], fmt: str) -> Iterator[str]:
    """``records`` written in ``fmt`` (json, jsonl, xml, text), chunk by chunk: one record in
    memory at a time (``convert``, ``archive export``)."""
    if fmt == "jsonl":
        for rec in records:
            yield jsonio.dumps(rec, compact=True) + "\n"
        return
    if fmt == "xml":
        from . import xmlio
        yield from xmlio.iter_dumps(records)
        return
    if fmt == "text":
        from . import textio
        yield from textio.iter_dumps(records)
        return
    first = next(records, None)
    second = next(records, None)
    if first is None:
        yield "[]\n"
        return
    if second is None:
        yield jsonio.dumps(first)
        return
    yield "["
    sep = "\n"
    for rec in (first, second, *records):   # streamed: one record in memory at a time
        text = jsonio.dumps(rec).rstrip("\n")
        yield sep + "  " + text.replace("\n", "\n  ")
        sep = ",\n"
    yield "\n]\n"

