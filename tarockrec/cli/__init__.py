"""The ``tarockrec`` command line: one module per command group, each of which parses its
options, calls the library and prints.

``entry`` (the console entry point, ``run``: a plain ``validate`` without ``click``),
``group`` (the ``click`` group and what its commands share), ``records`` (validate, convert),
``score`` (score, show), ``generate``, ``tournament`` (add-deals, publish, standings),
``imports`` (import), ``reference`` (rules, codes, schema) and ``app`` (the group with every
command on it, the archive's included). Nothing outside this package imports it.

Importing this package imports neither ``click`` nor a command: ``main`` (the ``click``
application) is loaded when first asked for, so that the console entry point validates a file
without them.
"""
from __future__ import annotations

import io
import sys
from typing import Any, Callable

from .entry import _cannot_write, _leave, _say, validate_args, validate_command

__all__ = ["main", "run"]


def run(app: Callable[[], object] | None = None) -> None:
    """The console entry point: text the terminal cannot encode (a file name of undecodable
    bytes) is escaped instead of failing. A closed pipe (``tarockrec validate … | head -1``)
    ends quietly, as click ends it. ``app``: the click application (``cli.main``), when
    already imported."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        try:
            asked = validate_args(sys.argv[1:])
            if asked is None:
                if app is None:
                    from .app import main
                    app = main
                app()
            else:
                try:
                    validate_command(*asked)
                except KeyboardInterrupt:           # before the records: as click says it
                    _say("\nAborted!")
                    sys.exit(1)
                except SystemExit as done:
                    _leave(done)
        finally:
            sys.stdout.flush()      # what is still held fails here, not at the exit
    except OSError as err:          # a full disk, /dev/full, a quota: no traceback
        _cannot_write(err)


def __getattr__(name: str) -> Any:
    """``main``: the ``click`` application, with every command (imported when first used)."""
    if name == "main":
        from .app import main
        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
