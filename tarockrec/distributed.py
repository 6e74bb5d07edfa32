"""Validating an archive that outgrows one machine: a Dask bag over many files.

    pip install 'tarockrec[dask]'

    from dask.distributed import Client
    from tarockrec.distributed import validate
    with Client("tcp://scheduler:8786"):               # or no client: Dask's local scheduler
        result = validate("archive/part-*.jsonl")
    result.summary        # {"valid": …, "invalid": …, "unreadable": …, "records": …}
    result.findings       # a pandas DataFrame: one row per finding
    result.records        # a pandas DataFrame: one row per record with its status

Each file is one partition, validated on a worker exactly as ``tarockrec validate`` validates
it (``parallel.reports``): the same records, findings, places and statuses.
"""
from __future__ import annotations

import glob
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .parallel import reports
from .report import status

if TYPE_CHECKING:  # pragma: no cover
    import pandas

RECORD_COLUMNS = {"source": "string", "index": "int64", "line": "Int64", "game": "string",
                  "kind": "string", "status": "string", "findings": "int64"}
FINDING_COLUMNS = {"source": "string", "index": "int64", "code": "string",
                   "severity": "string", "pointer": "string", "line": "Int64",
                   "message": "string"}


@dataclass
class Result:
    summary: dict[str, int]
    records: "pandas.DataFrame"
    findings: "pandas.DataFrame"


def files_of(paths: str | Iterable[str]) -> list[str]:
    """A glob pattern, a folder (its .json/.jsonl/.xml files, compressed or not) or a list."""
    from .sources import expand
    items = [paths] if isinstance(paths, str) else list(paths)
    out: list[str] = []
    for p in items:
        matches = sorted(glob.glob(p)) if any(c in p for c in "*?[") else [p]
        out += expand(matches) if any(os.path.isdir(m) for m in matches) else matches
    return out


def _rows(path: str) -> list[tuple[str, dict[str, Any]]]:
    """('record' | 'finding', row) for every record of one file (runs on a worker)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for entry, rep in reports([path]):
        out.append(("record", {"source": entry.source, "index": entry.index,
                               "line": entry.line, "game": rep.game, "kind": rep.kind,
                               "status": status(entry, rep), "findings": len(rep.findings)}))
        for f in rep.findings:
            out.append(("finding", {"source": entry.source, "index": entry.index,
                                    "code": f.code, "severity": f.severity,
                                    "pointer": f.pointer, "line": f.line,
                                    "message": f.message}))
    return out


def validate(paths: str | Iterable[str]) -> Result:
    """Validate every record of ``paths`` as a Dask bag (one partition per file) on the
    current Dask scheduler — a ``dask.distributed`` client when one is active."""
    import importlib

    import pandas
    dask: Any = importlib.import_module("dask")       # untyped: seen as Any
    db: Any = importlib.import_module("dask.bag")

    files = files_of(paths)
    if not files:
        raise ValueError(f"no file matches {paths!r}")
    bag = db.from_sequence(files, npartitions=len(files)).map(_rows).flatten()
    records = bag.filter(lambda r: r[0] == "record").map(lambda r: r[1])
    findings = bag.filter(lambda r: r[0] == "finding").map(lambda r: r[1])
    rec_rows, find_rows = dask.compute(records, findings)
    rec_df = pandas.DataFrame(list(rec_rows), columns=list(RECORD_COLUMNS)).astype(RECORD_COLUMNS)
    find_df = pandas.DataFrame(list(find_rows), columns=list(FINDING_COLUMNS)).astype(FINDING_COLUMNS)
    counts = rec_df["status"].value_counts()
    summary = {k: int(counts.get(k, 0)) for k in ("valid", "invalid", "unreadable")}
    summary["records"] = len(rec_df)
    return Result(summary, rec_df, find_df)
