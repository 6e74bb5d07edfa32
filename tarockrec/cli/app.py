"""The ``click`` application: the group with every command on it."""
from __future__ import annotations

from ..archive.commands import archive
from . import generate, imports, records, reference, score, tournament  # noqa: F401 (commands)
from .group import main

# the archive's commands (issue 34) live in tarockrec/archive/commands.py
main.add_command(archive)

__all__ = ["main"]
