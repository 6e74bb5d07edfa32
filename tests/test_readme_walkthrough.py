"""The README's walk-through "A tournament, from sheets to the published site" runs as printed
(issue 35, item 5): its commands, taken from the README, run one by one in a shell in a
temporary folder holding the shipped samples, each with exit 0, as the `tarockrec` command of
this checkout (or of the installed package with TAROCKREC_TEST_INSTALLED=1)."""
from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import INSTALLED, ROOT

HEADING = "## A tournament, from sheets to the published site"


ARCHIVE = "## An archive of every event"


def walkthrough(heading: str = HEADING) -> list[str]:
    """The command lines of the first ``sh`` block after the heading."""
    text = Path(ROOT, "README.md").read_text(encoding="utf-8")
    after = text[text.index(heading):]
    block = re.search(r"```sh\n(.*?)```", after, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def _shell(tmp: Path) -> dict[str, str]:
    """An environment whose ``tarockrec`` is this checkout's (or the installed one)."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "tarockrec"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tarockrec.cli "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    if INSTALLED:
        env.pop("PYTHONPATH", None)
    else:
        env["PYTHONPATH"] = ROOT
    return env


def _run_lines(lines: list[str], work: Path, env: dict[str, str]) -> list[Any]:
    """Each line in a shell in ``work``, in order; each must exit 0."""
    done = []
    for line in lines:
        one = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=work, env=env,
                             capture_output=True, text=True, timeout=600)
        assert one.returncode == 0, (line, one.stdout[-2000:], one.stderr[-2000:])
        done.append(one)
    return done


def test_the_walkthroughs_run_as_printed_one_after_the_other(tmp_path: Path) -> None:
    """The README's tournament block, then its archive block, in one folder holding the
    shipped samples, in that order, as the README says they run ("after the block above"):
    each block used to run in a fresh copy, and the archive block's last line failed after
    the tournament block (issue 39, 4.1: its site/ was there already)."""
    lines = walkthrough()
    commands = [line.split()[1] for line in lines]
    assert commands == ["draw", "convert", "add-deals", "validate", "standings", "standings",
                        "publish", "generate"]
    archive = walkthrough(ARCHIVE)
    assert [line.split()[1:3] for line in archive][:3] == \
        [["archive", "add"], ["archive", "people"], ["archive", "link"]]
    work = tmp_path / "checkout"
    shutil.copytree(Path(ROOT, "samples"), work / "samples")
    env = _shell(tmp_path)
    stderr = [done.stderr for done in _run_lines(lines, work, env)]
    _check_tournament_block(work, stderr)
    out = [done.stdout for done in _run_lines(archive, work, env)]
    _check_archive_block(work, out)


def _check_tournament_block(work: Path, stderr: list[str]) -> None:
    """What each step of the tournament block made."""
    evening = json.loads((work / "evening.json").read_text())
    assert [len(t["seats"]) for t in evening["rounds"][0]["tables"]] == [4, 4, 5]
    assert evening["rounds"][0]["draw"]["seed"] == 4
    stderr = stderr[1:]                 # the steps after the draw, as before it
    sheet = json.loads((work / "sheets.json").read_text())
    assert all("outcome" in d and "deal" not in d for d in sheet["deals"])
    cup = json.loads((work / "cup-2026-03.json").read_text())
    assert cup["rounds"][1]["tables"][1]["deals"] == sheet["deals"]
    rows = list(csv.reader((work / "cup.csv").open()))
    assert rows[0][:4] == ["rank", "entrant", "player", "cup_points"] and len(rows) == 9
    ranks = [int(r[0]) for r in rows[1:]]
    assert ranks == sorted(ranks) and ranks[0] == 1             # ranks ordered as numbers
    assert "no cup points" not in stderr[4]
    # tarockcup_austria's cup points are each evening's total (cup_points_total), summed
    points = [int(r[3]) for r in rows[1:]]
    assert points == [sum(int(x) for x in r[4:7]) for r in rows[1:]]
    assert points == sorted(points, reverse=True) and len(set(points)) > 1
    assert (work / "site" / "index.html").is_file()
    assert "rounds" in json.loads((work / "t.json").read_text())
    # the shipped samples stay as they were
    assert not (work / "samples" / "tournaments" / "cup" / "sheets.json").exists()


def _check_archive_block(work: Path, out: list[str]) -> None:
    """The archive block, on the shipped samples: every line exits 0, the person proposed is
    linked, and the archive's site and export are written."""
    assert "0 refused" in out[0] and "Hans" in out[1] and "linked 4 entrant(s)" in out[2]
    assert "Anna" in out[3] and "Wiener Cup" in out[5]
    assert sorted(p.name for p in (work / "back").iterdir()) == \
        ["wiener-cup-2025-09.json", "wiener-cup-2025-11.json", "wiener-cup-2026-02.json"]
    site = [line.split("-o ")[1].split()[0] for line in walkthrough(ARCHIVE)
            if "publish --archive" in line]
    assert site and (work / site[0] / "index.html").is_file()


def test_the_compiled_check_runs_where_it_tells_the_truth(tmp_path: Path) -> None:
    """The README's line that tells whether the installed tarockrec is compiled, run as
    printed from the checkout's root, reads the installed package, not the source tree (which
    is never compiled: it printed False after a compiled install; issue 39, 4.2). The
    "installed" package here is a stand-in on PYTHONPATH whose compiled() says so."""
    text = Path(ROOT, "README.md").read_text(encoding="utf-8")
    line = next(m.group(1) for m in re.finditer(r"`([^`]*tarockrec\.compiled\(\)[^`]*)`", text))
    site = tmp_path / "site-packages" / "tarockrec"
    site.mkdir(parents=True)
    (site / "__init__.py").write_text("def compiled():\n    return 'the installed one'\n")
    env = {**os.environ, "PYTHONPATH": str(site.parent)}
    one = subprocess.run(["bash", "-c", line], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert one.returncode == 0, one.stderr
    assert one.stdout.strip() == "the installed one", (line, one.stdout)
