"""``python -m tarockrec.cli``: the console entry point."""
from __future__ import annotations

from . import run

run()
