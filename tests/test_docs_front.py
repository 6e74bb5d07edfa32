"""The README as a front page (issue 44, item 4): at most 200 lines, its links and those of
docs/ lead somewhere, the command reference in docs/cli.md complete, and docs/performance.md
rendered from the benchmarks' result files."""
from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import build_performance_doc  # noqa: E402
import result_file  # noqa: E402

README = Path(ROOT, "README.md")
TEST_COMMAND = "pip install '.[test]' && python -m pytest -q -n auto"


def pages() -> list[Path]:
    return [README, *sorted(Path(ROOT, "docs").rglob("*.md"))]


def _prose(text: str) -> str:
    """The text without fenced code blocks and inline code (a link there is an example)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[`*_]|\[|\]\([^)]*\)", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    seen: dict[str, int] = {}
    out = set()
    for line in text.splitlines():
        m = re.match(r"#{1,6} (.*)", line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(path: Path) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", _prose(path.read_text(encoding="utf-8")))


def broken(path: Path) -> list[str]:
    bad = []
    for target in links(path):
        if re.match(r"[a-z]+:", target):                      # https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists():
            bad.append(f"{os.path.relpath(path, ROOT)}: {target} (no such file)")
        elif anchor and (dest.suffix != ".md" or anchor not in anchors(dest)):
            bad.append(f"{os.path.relpath(path, ROOT)}: {target} (no such heading)")
    return bad


def test_the_readme_is_a_front_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, len(lines)
    for page in ("docs/cli.md", "docs/performance.md", "docs/library.md", "docs/testing.md"):
        assert f"({page}" in README.read_text(encoding="utf-8"), page


def test_the_readme_keeps_the_test_command_ci_runs() -> None:
    readme = README.read_text(encoding="utf-8")
    block = re.search(r"## Tests\n\n```sh\n(.*?)\n```", readme, re.S)
    assert block is not None and block.group(1) == TEST_COMMAND
    ci = Path(ROOT, ".ci", "run").read_text(encoding="utf-8").replace(" --quiet", "")
    assert TEST_COMMAND in ci.splitlines()


def test_every_relative_link_leads_to_a_file_and_heading() -> None:
    checked = sum(len(links(p)) for p in pages())
    assert checked > 50
    bad = [b for p in pages() for b in broken(p)]
    assert not bad, "\n".join(bad)


def test_the_link_check_finds_a_broken_link_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "b.md").write_text("# The `x` heading (one)\n\n## Again\n## Again\n")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#the-x-heading-one) [twice](b.md#again-1) `[code](gone.md)`\n"
                    "[gone](gone.md) [no](b.md#nowhere) [web](https://example.org/x)\n"
                    "```\n[in a block](gone2.md)\n```\n")
    got = broken(page)
    assert len(got) == 2 and "gone.md (no such file)" in got[0] and "#nowhere" in got[1], got


def _mentions(row: str, path: list[str]) -> bool:
    """Whether a table row of docs/cli.md is about the command ``path`` (``archive
    people\\|link\\|unlink`` names three)."""
    sub = rf" [^`|]*(\\\|)?\b{path[1]}\b" if len(path) > 1 else ""
    return re.search(rf"`(tarockrec )?{path[0]}{sub}(?![\w-])", row) is not None


def test_docs_cli_lists_every_command_and_option() -> None:
    """Every command of the click application has a row in docs/cli.md, and each of its
    options is in a row about that command."""
    from tarockrec.cli import main
    text = Path(ROOT, "docs", "cli.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    missing = []

    def walk(cmd: click.Command, path: list[str]) -> None:
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                walk(sub, [*path, name])
            return
        mine = [row for row in rows if _mentions(row, path)]
        if not mine:
            missing.append(" ".join(path))
        for p in cmd.params:
            if isinstance(p, click.Option):
                for opt in p.opts + p.secondary_opts:
                    if opt not in ("-h", "--help") and not any(
                            re.search(rf"{re.escape(opt)}(?![\w-])", row) for row in mine):
                        missing.append(f"{' '.join(path)} {opt}")
    walk(main, [])
    assert "--version" in text
    assert not missing, missing


def test_performance_doc_is_what_the_result_files_render() -> None:
    """Edit bench/results/*.json (or run a benchmark with --out), then
    python tools/build_performance_doc.py."""
    doc = Path(ROOT, "docs", "performance.md").read_text(encoding="utf-8")
    assert doc == build_performance_doc.render(), "python tools/build_performance_doc.py"
    results = sorted(glob.glob(os.path.join(ROOT, "bench", "results", "*.json")))
    assert {Path(r).stem for r in results} >= {"install", "validate", "startup", "gate",
                                               "tournament_jobs", "archive", "fuzz"}
    for path in results:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        assert data["date"] and data["commit"] and data["tables"], path
        assert data["bench"] is None or Path(ROOT, data["bench"]).is_file(), path


def test_a_result_file_a_benchmark_writes_is_rendered(tmp_path: Path) -> None:
    """What a bench script's --out writes (bench/result_file.py) renders as a section, with
    the notes a person wrote kept when the benchmark runs again."""
    out = str(tmp_path / "x.json")
    table = result_file.table("Per deal.", ["game", "µs"], [["cego", 7.5]])
    result_file.write(out, title="X speed", order=5, conditions="plain build", tables=[table],
                      figures={"us": 7.5})
    data = json.loads(Path(out).read_text(encoding="utf-8"))
    data["notes"] = ["Why it is fast."]
    Path(out).write_text(json.dumps(data), encoding="utf-8")
    result_file.write(out, title="X speed", order=5, conditions="plain build", tables=[table],
                      figures={"us": 7.4})
    text = build_performance_doc.render(str(tmp_path))
    assert "## X speed" in text and "| cego | 7.5 |" in text and "Why it is fast." in text
    assert "Plain build; " in text and "commit `" in text and "*Transcribed*" not in text


@pytest.mark.parametrize("heading", ["## A deal"])
def test_the_readme_example_of_a_deal_runs_as_printed(heading: str, tmp_path: Path) -> None:
    from test_readme_walkthrough import _run_lines, _shell, walkthrough
    lines = walkthrough(heading)
    assert [line.split()[1] for line in lines] == ["validate", "show", "score"]
    env = _shell(tmp_path)
    out = [done.stdout for done in _run_lines(lines, Path(ROOT), env)]
    assert "1 valid" in out[0] and "Anna" in out[1] and "item" in out[2]
