#!/usr/bin/env python3
"""Build the Königrufen records of the Upper-Austrian rule set ooe_2023
(samples/koenigrufen/valid/ooe-*.json), like tools/build_koenigrufen_cup_samples.py (whose
seeded deal-and-search it uses). The expected scores live in tests/test_koenigrufen_ooe.py,
computed there by hand; this script only checks the facts the deal is meant to show.

Usage:  PYTHONPATH=. python tools/build_koenigrufen_ooe_samples.py
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from build_koenigrufen_cup_samples import KINGS, OUT, make  # noqa: E402

from tarockrec.codecs import jsonio  # noqa: E402

OOE = {"name": "ooe_2023"}


def sechserdreier_opponents_valat() -> dict[str, Any]:
    # forehand 0 names the Sechserdreier as his first word with no tarock and no king (nor in
    # the talon); the opponents take all twelve tricks: their silent Valat
    weak = lambda c: c[0] != "T" and c not in KINGS  # noqa: E731
    return make("ooe-sechserdreier-opponents-valat", 2023, OOE, 3, {},
                {0: weak, "lower": weak, "upper": weak},
                dict(auction=[(0, "sechserdreier"), (1, "pass"), (2, "pass"), (3, "pass")],
                     take="all", decls=[(0, []), (1, []), (2, []), (3, [])]),
                check=lambda e, n: e.table.count[0] == 0,
                final=lambda e: e.table.count[0] == 0)


def besserrufer_talon_bird() -> dict[str, Any]:
    # forehand 0 holds Pagat and Kakadu, plays a Besserrufer, takes the Uhu with the lower
    # talon half and announces Uhu and Kakadu: the Kakadu, held before the talon, is his
    # compulsory bird; the Uhu from the talon is announced beside it (issue 32, item 3)
    return make("ooe-besserrufer-talon-bird", 2032, OOE, 3, {0: ["T1", "T3"], "lower": ["T2"]},
                {0: lambda c: c not in ("T2", "HK"), "lower": lambda c: c != "HK"},
                dict(auction=[(0, "besserrufer"), (1, "pass"), (2, "pass"), (3, "pass")],
                     king="HK", take="lower", decls=[(0, ["uhu", "kakadu"]), (1, []), (2, []), (3, [])]),
                final=lambda e: True)


def main() -> None:
    for name, build in (("ooe-sechserdreier-opponents-valat", sechserdreier_opponents_valat),
                        ("ooe-besserrufer-talon-bird", besserrufer_talon_bird)):
        rec = build()
        (OUT / f"{name}.json").write_text(jsonio.dumps(rec) + "\n", encoding="utf-8")
        print("wrote", name)


if __name__ == "__main__":
    main()
