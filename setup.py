"""Build hook: the hot modules compiled with Cython when a C compiler is at hand.

The package is plain Python and runs as it is; compiling the modules named below (the same
source, unchanged, as C extension modules) makes the bulk path 1.3–1.5× faster. Where
Cython or a compiler is missing, or ``TAROCKREC_PURE=1`` is set, the build installs the pure
Python package instead and says so; it never fails for want of a compiler.
"""
from __future__ import annotations

import os
import sys
from glob import glob

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: the modules compiled: those whose compiled form pays best for its compile, by
#: bench/bench_compilers.py (docs/performance.md, "Compilers"): the shared replay core and the
#: schema gate, with the C types of tarockrec/tricks.pxd (Cython reads it beside tricks.py). The
#: games' engines are left out: each is 2-4.6 MB of C, and the build would take more than twice
#: as long for 5-10 % fewer instructions. tests/test_build.py checks that an installed build
#: compiled each of them, and nothing else. Tried with a compiler that fails (CC=/bin/false):
#: the plain package installs and runs.
HOT = ["tarockrec/engine.py", "tarockrec/tricks.py", "tarockrec/core/auction.py",
       "tarockrec/core/declarations.py", "tarockrec/deal.py", "tarockrec/kinds.py",
       "tarockrec/dealing.py", "tarockrec/cards.py", "tarockrec/validate.py",
       "tarockrec/fastschema.py"]

#: Python semantics throughout: annotations are not enforced as C types, no variable is given
#: a C integer type by inference (bit masks are arbitrary-precision ints)
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "infer_types": False,
              "binding": True, "always_allow_keywords": True}


class OptionalBuildExt(build_ext):
    """Compile in parallel; a module that does not compile stays pure Python."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":   # no debug information, -O2: half the time
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0", "-O2"]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # no compiler: the pure package is complete by itself
            print(f"tarockrec: not compiled ({err}); installing pure Python", file=sys.stderr)

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as err:
            print(f"tarockrec: {ext.name} not compiled ({err})", file=sys.stderr)


def hot_files() -> list[str]:
    """The files to compile: ``HOT``, or the patterns of ``TAROCKREC_MODULES`` (comma-separated;
    bench/bench_compilers.py builds other module sets with it)."""
    chosen = os.environ.get("TAROCKREC_MODULES", "")
    patterns = [p for p in chosen.split(",") if p] if chosen else HOT
    return sorted({f for pattern in patterns for f in glob(pattern)})


def cython_extensions(files: list[str]) -> list:  # type: ignore[type-arg]
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("tarockrec: Cython is not installed; installing pure Python", file=sys.stderr)
        return []
    return list(cythonize(files, compiler_directives=DIRECTIVES, quiet=True,
                          nthreads=os.cpu_count() or 1))


def mypyc_extensions(files: list[str]) -> list:  # type: ignore[type-arg]
    """mypyc (``TAROCKREC_COMPILER=mypyc``, measured by bench/bench_compilers.py): one extension
    per module, so that they compile in parallel."""
    from mypyc.build import mypycify
    return list(mypycify(files, opt_level="2", separate=True))


def extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get("TAROCKREC_PURE", "") not in ("", "0"):
        return []
    compiler = os.environ.get("TAROCKREC_COMPILER", "cython")
    try:
        files = hot_files()
        return mypyc_extensions(files) if compiler == "mypyc" else cython_extensions(files)
    except Exception as err:  # a module the compiler cannot translate: stay pure
        print(f"tarockrec: not compiled ({err}); installing pure Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
