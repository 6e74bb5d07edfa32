"""tarockrec: record notation and strict rules validator for five trick-taking games."""
from __future__ import annotations


def compiled() -> bool:
    """Whether the hot modules run compiled (``setup.py`` builds them with Cython where a C
    compiler is at hand; otherwise the same modules run as plain Python)."""
    from . import engine
    return not engine.__file__.endswith(".py")
