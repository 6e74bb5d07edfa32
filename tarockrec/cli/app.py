"""The ``click`` application: the group with every command on it."""
from __future__ import annotations

from .archive import archive
from . import generate, imports, records, reference, score, serve, tournament  # noqa: F401
from .group import main

# the archive's commands (issue 34) live in tarockrec/cli/archive.py
main.add_command(archive)

__all__ = ["main"]
