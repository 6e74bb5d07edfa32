"""Writes samples/tournaments/sheet/director-template.xlsx from the CSV beside it (the same
rows: a director's sheet of two rounds of two tables of four, docs/tournaments.md)."""
from __future__ import annotations

import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarockrec.tournament.workbook import xlsx_bytes  # noqa: E402

HERE = Path(__file__).resolve().parent.parent / "samples" / "tournaments" / "sheet"


def main() -> None:
    with open(HERE / "director-template.csv", encoding="utf-8", newline="") as fp:
        rows = [list(r) for r in csv.reader(fp)]
    typed = [rows[0]] + [[int(c) if c.lstrip("-").isdigit() and k in (0, 2, 6) else c
                          for k, c in enumerate(r)] for r in rows[1:]]
    (HERE / "director-template.xlsx").write_bytes(xlsx_bytes(typed, "results"))


if __name__ == "__main__":
    main()
