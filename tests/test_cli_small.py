"""Small things a user meets on the command line (issue 25 item 7)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.codes import catalogue
from tarockrec.codecs import jsonio
from tarockrec.generate import deal_records


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def test_there_is_no_strict(runner: CliRunner, tmp_path: Path) -> None:
    """``--strict`` is gone: no finding of validation is a warning (it did nothing)."""
    path = tmp_path / "d.jsonl"
    path.write_text(jsonio.dumps(next(iter(deal_records("ulti", 1, 2))), compact=True) + "\n")
    res = runner.invoke(main, ["validate", "--strict", str(path)])
    assert res.exit_code == 2 and "No such option '--strict'" in res.output
    # what keeps it so: a validation code that is a warning would need --strict back
    warnings = [c.code for c in catalogue().values()
                if c.severity == "warning" and not c.code.startswith("IMPORT-")]
    assert warnings == []
