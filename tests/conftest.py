import os
import sys
from typing import Any, Iterable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the checkout's tarockrec (pure Python), or with TAROCKREC_TEST_INSTALLED=1 the installed one
# (compiled by setup.py where a compiler was at hand; .ci/run tests both)
INSTALLED = os.environ.get("TAROCKREC_TEST_INSTALLED", "") not in ("", "0")
if INSTALLED:      # tarockrec from site-packages; the checkout's tools/ and bench/ still found
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != ROOT]
    import tarockrec
    assert os.path.dirname(os.path.dirname(tarockrec.__file__)) != ROOT
    sys.path.append(ROOT)
elif ROOT not in sys.path:
    sys.path.insert(0, ROOT)
SAMPLES = os.path.join(ROOT, "samples")


def default_signals() -> None:
    """``preexec_fn`` of a child that a test stops by a signal: it starts with the default
    actions, as a terminal's shell starts it (a runner started in the background ignores
    SIGINT, and Python then leaves Ctrl-C ignored; nohup ignores SIGHUP)."""
    import signal
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def archive_rows(db: Any, sql: str, *args: Any) -> list[Any]:
    """The rows an SQL query gives on the archive ``db`` (a connection of its own, closed)."""
    import sqlite3
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def gzip_stream(path: Any, head: bytes, unit: bytes, mib: int, tail: bytes = b"") -> None:
    """``head``, ``unit`` repeated to ``mib`` MiB, ``tail``: gzipped as it streams (a bomb of
    a few MB on disk; tests of the input caps)."""
    import zlib
    dec = zlib.compressobj(1, zlib.DEFLATED, 31)
    block = unit * ((1 << 20) // len(unit))
    with open(path, "wb") as fp:
        fp.write(dec.compress(head))
        for _ in range(mib):
            fp.write(dec.compress(block))
        fp.write(dec.compress(tail))
        fp.write(dec.flush())


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value, as key/index tuples (for mutation tests)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


# -- finding codes seen during the run, and no INTERNAL-ERROR anywhere --------------------------
# Every finding / IllegalAction / RulesError made while the suite runs records its code here:
# tests/test_codes.py (run last) checks that each catalogued code was triggered and each code
# seen is catalogued. A test during which tarockrec reports INTERNAL-ERROR fails, whatever it
# asserts, unless it is marked ``internal_error`` (the one test of that path).
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# the same examples on every run, so that a run's outcome (and which codes it triggers) does
# not depend on luck; HYPOTHESIS_PROFILE=explore draws new ones
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

from tarockrec.errors import IllegalAction, RulesError  # noqa: E402
from tarockrec.findings import Finding  # noqa: E402

SEEN_CODES: set[str] = set()
_INTERNAL = [0]


def _recording(cls: type) -> None:
    original = cls.__init__

    def __init__(self, code, *args, **kwargs):  # type: ignore[no-untyped-def]
        SEEN_CODES.add(code)
        if code == "INTERNAL-ERROR":
            _INTERNAL[0] += 1
        original(self, code, *args, **kwargs)

    cls.__init__ = __init__


for _cls in (Finding, IllegalAction, RulesError):
    _recording(_cls)


def pytest_configure(config):
    config.addinivalue_line("markers", "internal_error: the test provokes INTERNAL-ERROR on "
                            "purpose")
    config.addinivalue_line("markers", "after_all: run after every other test")


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: item.get_closest_marker("after_all") is not None)


# -- several processes (pytest -n, pytest-xdist) ------------------------------------------------
# Each worker sees part of the suite: it hands the codes it saw to the controller, which checks
# the catalogue once every worker is done (tests/test_codes.py, ``catalogue_problems``).
def pytest_sessionfinish(session, exitstatus):
    config = session.config
    if hasattr(config, "workeroutput"):                      # an xdist worker
        config.workeroutput["seen_codes"] = sorted(SEEN_CODES)
        config.workeroutput["ran_files"] = sorted(_RAN_FILES)
    elif getattr(config.option, "numprocesses", None) and _WORKERS_DONE[0]:
        from test_codes import catalogue_problems
        problems = catalogue_problems(SEEN_CODES, _RAN_FILES, config)
        if problems:
            reporter = config.pluginmanager.get_plugin("terminalreporter")
            for line in problems:
                reporter.write_line(f"FAILED (after all workers) {line}", red=True)
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


_WORKERS_DONE = [0]
_RAN_FILES: set[str] = set()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    output = getattr(node, "workeroutput", {})
    SEEN_CODES.update(output.get("seen_codes", ()))
    _RAN_FILES.update(output.get("ran_files", ()))
    _WORKERS_DONE[0] += 1


def pytest_runtest_logstart(nodeid, location):
    _RAN_FILES.add(os.path.basename(location[0]))


@pytest.fixture(autouse=True)
def _no_internal_error(request):
    before = _INTERNAL[0]
    yield
    if _INTERNAL[0] != before and request.node.get_closest_marker("internal_error") is None:
        pytest.fail("tarockrec reported INTERNAL-ERROR (a crash) during this test",
                    pytrace=False)


def replayed(game, rec, rules=None, carry=None, n=None):  # type: ignore[no-untyped-def]
    """The engine after ``game.replay`` of a valid deal record (steps one action at a time,
    batches run), dealt with ``rules`` (default: the record's) and ``carry`` (default: the
    record's, else the game's initial carry), at a table of ``n`` (default: its players; a
    session's deal has none of its own)."""
    from tarockrec.games import Batch
    n = n if n is not None else len(rec["players"])
    rules = rules if rules is not None else game.rules(rec.get("rules"))
    if carry is None:
        carry = rec.get("carry") or game.initial_carry(rules, n)
    engine, found = game.make_engine(rules, n, rec["dealer"], rec["deal"], carry)
    assert engine is not None and not found, found
    for _sub, step in game.replay(rec, engine):
        step.run() if isinstance(step, Batch) else engine.apply(step)
    return engine


def sample_records_by_game() -> dict[str, list[Any]]:
    """Every shipped sample record that is a JSON object, valid or invalid, by its folder
    under samples/ (the five games and the tournaments)."""
    from pathlib import Path

    from tarockrec.codecs import jsonio
    root = Path(SAMPLES)
    by_game: dict[str, list[Any]] = {}
    for p in sorted(root.rglob("*.json")):
        try:
            rec = jsonio.loads(p.read_bytes())
        except jsonio.JSONError:
            continue
        if isinstance(rec, dict):
            by_game.setdefault(p.relative_to(root).parts[0], []).append(rec)
    return by_game


def comparable_entries(entries: Iterable[tuple[int, int, Any, Any]]) -> list[tuple[Any, ...]]:
    """A reader's entries (index, line, record or Finding, line map) in a comparable form, each
    record with the findings validation gives it placed by its line map, or the exception
    reading raised: what the fast-reader tests compare between a fast and an explaining
    reader (test_xml_fast.py, test_text_fast.py)."""
    from tarockrec.validate import validate_record
    out: list[tuple[Any, ...]] = []
    try:
        for index, line, item, lines in entries:
            if isinstance(item, Finding):
                out.append((index, line, item, None if lines is None else dict(lines)))
                continue
            assert lines is not None
            rep = validate_record(item, index, line, lines)
            placed = [(f.code, f.pointer, f.message, f.severity, f.line) for f in rep.findings]
            # repr shows the key order too, which the comparison should see
            out.append((index, line, repr(item), sorted(dict(lines).items()), placed))
    except Exception as err:  # noqa: BLE001 - compared, not hidden
        out.append(("raised", type(err).__name__, str(err)))
    return out


# -- the browser of the page and site tests (tests/chromium.py) ----------------------------------
@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    """One headless Chromium for the session's browser tests; without it they are skipped,
    saying so."""
    from chromium import Browser, find_chromium
    if find_chromium() is None:
        pytest.skip("chromium is not installed (Debian: apt-get install chromium); pages are "
                    "not tried in a browser")
    b = Browser()
    try:
        yield b
    finally:
        b.close()
