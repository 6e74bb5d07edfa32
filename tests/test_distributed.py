"""The Dask extra gives the findings ``tarockrec validate`` gives, on a local cluster of two
worker processes."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records

distributed = pytest.importorskip("dask.distributed", reason="the dask extra is not installed")


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Four JSON Lines files of three games, with broken lines and bad cards among them."""
    rng = random.Random(3)
    folder = tmp_path_factory.mktemp("parts")
    records = [jsonio.dumps(r, compact=True) for g in ("koenigrufen", "ulti", "illustrated")
               for r in deal_records(g, 30, 9)]
    out = []
    for k in range(4):
        lines = []
        for line in records[k::4]:
            r = rng.random()
            if r < 0.15:
                line = line[: len(line) // 3]
            elif r < 0.35:
                line = line.replace('"T1"', '"T0"', 1).replace('"HK"', '"H1"', 1)
            lines.append(line)
        path = folder / f"part-{k}.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        out.append(str(path))
    return out


def test_findings_on_a_dask_cluster_equal_validates(parts: list[str]) -> None:
    from tarockrec.distributed import validate

    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        result = validate(parts[0].rsplit("/", 1)[0] + "/part-*.jsonl")

    res = CliRunner().invoke(main, ["validate", "--format", "json", *parts])
    lines = [json.loads(x) for x in res.output.splitlines()]
    summary = lines.pop()["summary"]
    assert result.summary == summary and summary["invalid"] and summary["unreadable"]
    expected = [(d["source"], d["index"], f["code"], f["pointer"], f.get("line"), f["message"])
                for d in lines for f in d["findings"]]
    got = [(r.source, r.index, r.code, r.pointer, None if r.line is None or r.line != r.line
            else int(r.line), r.message) for r in result.findings.itertuples()]
    assert got == expected and len(got) > 10
    assert list(result.records["status"]) == [d["status"] for d in lines]
