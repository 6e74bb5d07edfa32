"""The type checker is part of the suite: ``mypy --strict`` on tarockrec/ (settings in
pyproject.toml) reports nothing."""
from __future__ import annotations

import os

from mypy import api

from conftest import ROOT


def test_mypy_strict_is_clean(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cwd = os.getcwd()
    os.chdir(ROOT)                       # mypy reads [tool.mypy] from pyproject.toml here
    try:
        out, err, status = api.run(["--cache-dir", str(tmp_path / "cache")])
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
    assert "Success" in out
