"""The compiled build (setup.py): which modules it compiles, and that an installed build that
should be compiled is (``.ci/run`` sets TAROCKREC_EXPECT_COMPILED=1 when it tests the installed
package, so that a build that silently fell back to pure Python fails CI)."""
from __future__ import annotations

import ast
import importlib
import os
from glob import glob

import pytest

import tarockrec

from conftest import ROOT


def _hot_modules() -> list[str]:
    tree = ast.parse(open(os.path.join(ROOT, "setup.py"), encoding="utf-8").read())
    patterns = next(ast.literal_eval(node.value) for node in tree.body
                    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "HOT")
    files = sorted({f for p in patterns for f in glob(os.path.join(ROOT, p))})
    assert len(files) >= len(patterns)           # every pattern names at least one file
    names = []
    for f in files:
        rel = os.path.relpath(f, ROOT).removesuffix(".py").removesuffix("/__init__")
        names.append(rel.replace(os.sep, "."))
    return names


def test_the_hot_modules_exist_and_import() -> None:
    for name in _hot_modules():
        assert importlib.import_module(name).__name__ == name


@pytest.mark.skipif(not os.environ.get("TAROCKREC_EXPECT_COMPILED"),
                    reason="only where a compiled build is expected (.ci/run)")
def test_an_installed_build_is_compiled() -> None:
    assert tarockrec.compiled()
    pure = [n for n in _hot_modules() if importlib.import_module(n).__file__.endswith(".py")]
    assert pure == []
    # and nothing else: a module outside HOT does not pay for its compile (bench_compilers.py)
    package = os.path.dirname(tarockrec.__file__)
    compiled = sorted("tarockrec." + os.path.relpath(os.path.join(d, f), package)
                      .split(".")[0].replace(os.sep, ".").removesuffix(".__init__")
                      for d, _, files in os.walk(package) for f in files if f.endswith(".so"))
    assert compiled == sorted(_hot_modules())
    # Cython's C output stays in the build (pyproject.toml: exclude-package-data)
    shipped_c = [os.path.relpath(os.path.join(d, f), package)
                 for d, _, files in os.walk(package) for f in files if f.endswith(".c")]
    assert shipped_c == []


def test_no_shift_by_a_length_in_a_compiled_module() -> None:
    """Compiled, ``len()`` is a C integer, and ``1 << len(x)`` a C shift that overflows past
    63 bits (Python's ints do not): the compiled modules write ``1 << int(len(x))``."""
    import re
    shift = re.compile(r"<<\s*\(?\s*len\(")
    for name in _hot_modules():
        path = os.path.join(ROOT, *name.split("."))
        path = path + ".py" if os.path.exists(path + ".py") else os.path.join(path, "__init__.py")
        assert not shift.search(open(path, encoding="utf-8").read()), name
