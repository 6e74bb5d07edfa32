"""Errors raised by the engines: small ``ValueError`` subclasses carrying a stable code; and
``Reread``, which the validator raises for a tournament read a table at a time (``inline``)."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid now. ``code`` is the stable finding code, ``token`` the
    offending token (card, call, …) and ``sub`` an optional JSON-Pointer suffix inside the
    recorded action (e.g. ``/say/1`` for the second item of a declaration turn)."""

    def __init__(self, code: str, message: str, token: object = None, sub: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.token = token
        self.sub = sub


class RulesError(ValueError):
    """A rule set or option the game cannot honour."""

    def __init__(self, code: str, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.option = option


class Reread(Exception):
    """A record read with its tables' deals deferred must be read whole to be checked as the
    whole document is (``tarockrec/tournament/inline.py``)."""
