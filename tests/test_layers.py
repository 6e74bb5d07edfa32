"""The package's layers (issue 44): no import circle between its modules, counting the imports
inside functions too (a lazy import hides a circle, it does not remove it), and no module
outside ``tarockrec/cli/`` imports the command line."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tarockrec"


def _modules(root: Path = PACKAGE) -> dict[str, tuple[Path, bool]]:
    """Every module of the package by its dotted name: (file, whether it is a package)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        out[".".join(parts)] = (path, package)
    return out


def imports(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module's imports of the package's own modules, wherever they stand in the file
    (``from . import x`` names the module ``x`` where there is one, else the package)."""
    modules = _modules(root)

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, (path, package) in modules.items():
        here = name.split(".") if package else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names]
            else:
                continue
            found.update(t for t in map(known, targets) if t is not None)
        found.discard(name)
        graph[name] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            node, rest = work[-1]
            for nxt in rest:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        group.append(top)
                        if top == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))
    return out


def test_no_import_circle() -> None:
    found = circles(imports())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_nothing_outside_the_command_line_imports_it() -> None:
    graph = imports()
    inside = ("tarockrec.cli",)
    wrong = sorted(f"{m} -> {t}" for m, ts in graph.items() for t in ts
                   if t.startswith(inside) and not m.startswith(inside))
    assert not wrong, wrong


def test_the_validator_imports_no_record_kind() -> None:
    """``validate`` finds the kinds by name (``kinds``), as games are found; no kind imports
    ``validate`` back."""
    graph = imports()
    kinds = {"tarockrec.deal", "tarockrec.session", "tarockrec.scoresheet",
             "tarockrec.tournament.record"}
    assert not graph["tarockrec.validate"] & kinds
    assert not [k for k in kinds if "tarockrec.validate" in graph[k]]


@pytest.mark.parametrize("source, circle", [
    ({"a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"}, ["p.a", "p.b"]),
    ({"a.py": "import p.b\n", "b.py": "from p import c\n", "c.py": "from .a import y\n"},
     ["p.a", "p.b", "p.c"]),
    ({"a.py": "from . import b\n", "b.py": "import os\n"}, None),
])
def test_the_check_sees_a_circle_inside_a_function(tmp_path: Path, source: dict[str, str],
                                                   circle: list[str] | None) -> None:
    """The check itself: a circle closed by an import inside a function is found."""
    package = tmp_path / "p"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in source.items():
        (package / name).write_text(text)
    found = circles(imports(package))
    assert found == ([circle] if circle else [])
