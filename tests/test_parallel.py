"""``validate --jobs N``: the same output as one process, record for record, in input order."""
from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import ROOT, SAMPLES, default_signals
from tarockrec import parallel
from tarockrec.cli import main
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records
from tarockrec.report import Style


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An archive of three games with broken lines, bad cards and blank lines among them."""
    rng = random.Random(7)
    lines = [jsonio.dumps(r, compact=True) for g in ("koenigrufen", "ulti", "illustrated")
             for r in deal_records(g, 40, 5)]
    out = []
    for line in lines:
        r = rng.random()
        if r < 0.08:
            line = line[: len(line) // 2]              # unreadable
        elif r < 0.16:
            line = line.replace('"T1"', '"T9"', 1).replace('"S7"', '"S1"', 1)   # invalid
        elif r < 0.2:
            out.append("")                               # a blank line
        out.append(line)
    path = tmp_path_factory.mktemp("par") / "mixed.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


def _run(args: list[str]) -> tuple[int, str]:
    res = CliRunner().invoke(main, args)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stdout     # stderr may say that -j is above the cores


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_jobs_give_the_same_output_in_the_same_order(mixed: str, fmt: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH", 7)          # many batches, odd boundaries
    others = [os.path.join(SAMPLES, "ulti", "valid"), "no/such/file.jsonl",
              os.path.join(SAMPLES, "koenigrufen", "invalid")]
    one = _run(["validate", "--format", fmt, "-j", "1", mixed, *others])
    two = _run(["validate", "--format", fmt, "-j", "2", mixed, *others])
    three = _run(["validate", "--format", fmt, "-j", "3", "-q", mixed, *others])
    assert one == two
    assert one[0] == 2                                   # an unreadable file among them
    assert "JSON-SYNTAX" in one[1] and "CARD-UNKNOWN" in one[1] and "IO-ERROR" in one[1]
    quiet = _run(["validate", "--format", fmt, "-j", "1", "-q", mixed, *others])
    assert three == quiet


def test_jobs_on_stdin(mixed: str) -> None:
    data = open(mixed, "rb").read()
    outs = [subprocess.run([sys.executable, "-m", "tarockrec.cli", "validate", "-j", j, "-"],
                           input=data, capture_output=True, cwd=ROOT) for j in ("1", "2")]
    assert outs[0].returncode == outs[1].returncode == 2
    assert outs[0].stdout == outs[1].stdout and outs[0].stdout.count(b"\n") > 100
    assert b"Traceback" not in outs[1].stderr


def test_the_default_is_one_worker_per_core_and_one_run_starts_none(
        mixed: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default is chosen by the work, not the bytes: every core, but no more workers than
    runs of work, and an input of one run is checked in this process (no worker started)."""
    from concurrent import futures

    from tarockrec.cli.entry import _jobs
    assert _jobs(None) == parallel.default_jobs()
    assert _jobs(4) == 4

    def no_pool(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a worker pool was started for one run")
    monkeypatch.setattr(futures, "ProcessPoolExecutor", no_pool)
    chunks = list(parallel.rendered([mixed], Style(), jobs=8))      # 120 lines: one run
    assert sum(sum(c.counts) for c in chunks) == 120


def test_files_of_one_record_are_runs_read_by_the_workers(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder of tournaments: each file (larger than ``DOCUMENTS`` bytes) is a run of its
    own, read and parsed where it is checked — not all parsed by the main process and sent
    as one run to one worker (which made the default slower than one process, and hold every
    tournament at once); small files are grouped. The output is that of one process."""
    from tarockrec.generate import tournament_record
    from tarockrec.sources import Document, expand
    big = jsonio.dumps(tournament_record("koenigrufen", 8, 1, 3))
    monkeypatch.setattr(parallel, "DOCUMENTS", len(big.encode()) // 2)
    for k in range(3):
        (tmp_path / f"cup{k}.json").write_text(big, encoding="utf-8")
    small = os.path.join(SAMPLES, "ulti", "valid")
    runs = list(parallel._batches(expand([str(tmp_path), small]), set()))
    assert all(isinstance(run, parallel.Documents) for run in runs)
    assert [len(run.files) for run in runs[:3]] == [1, 1, 1]
    grouped = [len(run.files) for run in runs[3:]]
    assert sum(grouped) == len(os.listdir(small)) and 1 < len(grouped) < sum(grouped)
    assert all(sum(doc.size for doc in run.files) <= parallel.DOCUMENTS
               for run in runs[3:] if len(run.files) > 1)
    assert all(isinstance(doc, Document) for run in runs for doc in run.files)
    one = _run(["validate", "-j", "1", str(tmp_path), small])
    two = _run(["validate", "-j", "2", str(tmp_path), small])
    assert one == two and one[0] == 0 and "3 valid" not in one[1]


def test_a_tournament_with_its_tables_in_files_is_a_run_of_its_own() -> None:
    """A tournament whose tables name session files is a few hundred bytes that stand for all
    their deals: it is a run of its own, not grouped by its size with the next ones (twenty
    such tournaments made one run, which left the default no faster than one process)."""
    from tarockrec.sources import expand
    folder = os.path.join(SAMPLES, "tournaments", "valid")
    tournament = os.path.join(folder, "sessions-in-files.json")
    others = [os.path.join(folder, name) for name in ("full-deals.json", "totals-only.json")]
    runs = list(parallel._batches(expand([others[0], tournament, others[1]]), set()))
    assert all(isinstance(run, parallel.Documents) for run in runs)
    assert [[doc.path for doc in run.files] for run in runs] == [[others[0]], [tournament],
                                                                  [others[1]]]
    assert os.path.getsize(tournament) < parallel.DOCUMENTS


def test_parsed_records_are_weighed_by_their_deals(tmp_path: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Records parsed by the main process (a JSON array) go in runs of ``BATCH`` deals: a
    session weighs its deals, so sessions of 12 deals make runs of a few records."""
    from tarockrec.generate import session_records
    monkeypatch.setattr(parallel, "BATCH", 30)
    path = tmp_path / "sessions.json"
    sessions = list(session_records("koenigrufen", 6, 12, 5))
    path.write_text(jsonio.dumps(sessions), encoding="utf-8")
    runs = list(parallel._batches([str(path)], set()))
    assert [len(run) for run in runs if isinstance(run, list)] == [3, 3]
    assert parallel.weight(sessions[0]) == 12
    assert parallel.weight({"rounds": [{"tables": [{"deals": [{}] * 4}, {}]}]}) == 7
    assert parallel.weight([1]) == parallel.weight({"rounds": 3}) == 1


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as fp:
        return [int(c) for c in fp.read().split()]


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="Linux /proc")
@pytest.mark.parametrize("stop", ["SIGINT to the group", "SIGTERM", "SIGHUP"])
def test_a_signal_stops_the_workers_too(stop: str, tmp_path: Any) -> None:
    """Ctrl-C (the terminal signals the whole group), SIGTERM or SIGHUP to the main process
    while workers run: one line on stderr, exit 2, and no worker process left behind."""
    line = jsonio.dumps(next(deal_records("koenigrufen", 1, 4)), compact=True) + "\n"
    src = tmp_path / "big.jsonl"
    src.write_text(line * 40_000, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "tarockrec.cli", "validate", "-j", "2",
                             str(src)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=default_signals)
    try:
        assert proc.stdout is not None and proc.stdout.readline().endswith(b"valid (koenigrufen deal)\n")
        workers = _children(proc.pid)
        assert len(workers) == 2
        if stop == "SIGINT to the group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(getattr(signal, stop))
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    why = "Ctrl-C" if stop.startswith("SIGINT") else stop
    assert proc.returncode == 2, err
    assert re.fullmatch(rf"tarockrec: stopped by {why} after [\d,]+ record\(s\); the rest were "
                        r"not checked\n", err.decode()), err
    deadline = time.monotonic() + 10
    while not all(_gone(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(_gone(w) for w in workers)


def test_the_main_process_memory_is_flat_in_the_archive_size(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading process holds a block and a window of batches, never the archive: its peak
    heap is the same for 1,500 and for 6,000 records (small blocks and batches here, so that a
    small archive shows it)."""
    import tracemalloc

    from tarockrec import sources
    monkeypatch.setattr(sources, "BLOCK", 1 << 16)
    monkeypatch.setattr(parallel, "BATCH", 50)
    line = jsonio.dumps(next(deal_records("ulti", 1, 4)), compact=True) + "\n"
    peaks = []
    for n in (1_500, 6_000):
        src = tmp_path / f"a{n}.jsonl"
        src.write_text(line * n, encoding="utf-8")
        tracemalloc.start()
        try:
            done = sum(sum(c.counts) for c in parallel.rendered([str(src)], Style(), jobs=2))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert done == n
    assert peaks[1] < peaks[0] * 1.3, peaks
    assert peaks[1] < 6_000 * len(line) / 4          # far less than the archive


def _dies_on_the_third_run(batch: Any, style: Any) -> Any:
    if batch.index >= 2 * parallel.BATCH:
        os._exit(3)                        # as if killed: no exception, no result
    return _real_chunk(batch, style)


_real_chunk = parallel._chunk


@pytest.mark.skipif(parallel._context().get_start_method() != "fork",
                    reason="the workers see this module's patch only when forked")
def test_a_worker_that_dies_is_reported_not_waited_for(tmp_path: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    line = jsonio.dumps(next(deal_records("ulti", 1, 4)), compact=True) + "\n"
    src = tmp_path / "a.jsonl"
    src.write_text(line * 2_000, encoding="utf-8")
    monkeypatch.setattr(parallel, "BATCH", 100)
    monkeypatch.setattr(parallel, "_chunk", _dies_on_the_third_run)
    res = CliRunner().invoke(main, ["validate", "-q", "-j", "2", str(src)])
    assert res.exit_code == 2, res.output
    assert re.search(r"tarockrec: a worker process ended without finishing its records "
                     r"\(killed, or out of memory\?\) after [\d,]+ record\(s\); the rest were "
                     r"not checked", res.output), res.output
    assert "Traceback" not in res.output


def _slow_after_the_first_run(batch: Any, style: Any) -> Any:
    if batch.index:
        time.sleep(30)                     # a run that takes far longer than GRACE
    return _real_chunk(batch, style)


@pytest.mark.skipif(parallel._context().get_start_method() != "fork",
                    reason="the workers see this module's patch only when forked")
def test_workers_busy_past_the_grace_time_are_terminated(tmp_path: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The caller stops reading (as on Ctrl-C) while both workers are on long runs: they are
    given GRACE seconds, then terminated, and nothing waits for them."""
    line = jsonio.dumps(next(deal_records("ulti", 1, 4)), compact=True) + "\n"
    src = tmp_path / "a.jsonl"
    src.write_text(line * 1_000, encoding="utf-8")
    monkeypatch.setattr(parallel, "BATCH", 100)
    monkeypatch.setattr(parallel, "GRACE", 0.5)
    monkeypatch.setattr(parallel, "_chunk", _slow_after_the_first_run)
    import multiprocessing
    before = set(multiprocessing.active_children())
    runs = parallel.rendered([str(src)], Style(), jobs=2)
    assert sum(next(runs).counts) == 100
    workers = set(multiprocessing.active_children()) - before
    assert len(workers) == 2
    started = time.monotonic()
    runs.close()
    assert time.monotonic() - started < 5
    deadline = time.monotonic() + 5      # gone from the system (is_alive can be wrong
    while not all(_gone(w.pid) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)                 # for a worker that another thread reaped)
    assert all(_gone(w.pid) for w in workers)
