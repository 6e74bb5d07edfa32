"""Build samples/tournaments/series/: the events of a small club series over two seasons, as
the archive's walk-through and tests use them (docs/archive.md). Each event is totals only
(two rounds, two tables of four); entrants carry their federation id as ``id`` and as
``person`` — except Hans, who has none (the archive proposes his entrants by name and club),
and Anna, who is entrant 17 at the third event (her ``person`` id still names her).

Run from the checkout: ``python tools/build_series_samples.py``; the files are the same on
every run (a fixed seed)."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "samples" / "tournaments" / "series"
PEOPLE = [("AT-101", "Anna", "TC Wien"), ("AT-102", "Bernd", "TC Wien"),
          ("AT-103", "Clara", "TC Graz"), ("AT-104", "Dieter", "TC Graz"),
          ("AT-105", "Eva", "TC Linz"), ("AT-106", "Franz", "TC Linz"),
          ("AT-107", "Gerda", "TC Wien"), (None, "Hans", "TC Linz")]
EVENTS = [("wiener-cup-2025-03.json", "Wiener Cup, 3. Runde", "2025-03-15", "Wiener Cup 2024/25"),
          ("wiener-cup-2025-09.json", "Wiener Cup, 1. Runde", "2025-09-13", "Wiener Cup 2025/26"),
          ("wiener-cup-2025-11.json", "Wiener Cup, 2. Runde", "2025-11-08", "Wiener Cup 2025/26"),
          ("wiener-cup-2026-02.json", "Wiener Cup, 3. Runde", "2026-02-14", "Wiener Cup 2025/26")]


def _totals(rng: random.Random) -> list[int]:
    a, b, c = (rng.randrange(-8, 9) * 10 for _ in range(3))
    return [a, b, c, -(a + b + c)]


def event(k: int, rng: random.Random) -> dict[str, Any]:
    file, name, date, series = EVENTS[k]
    entrants = []
    for n, (pid, who, club) in enumerate(PEOPLE):
        eid = pid or f"L-{k}{n}"              # Hans: another id at every event
        if who == "Anna" and k == 3:
            eid = "17"
        e: dict[str, Any] = {"id": eid, "name": who, "club": club}
        if pid is not None:
            e["person"] = pid
        entrants.append(e)
    ids = [e["id"] for e in entrants]
    rounds = []
    for _ in range(2):
        rng.shuffle(ids)
        rounds.append({"tables": [{"table": str(t + 1), "seats": ids[4 * t:4 * t + 4],
                                   "result": {"totals": _totals(rng)}} for t in range(2)]})
    return {"tarockrec": 1, "game": "koenigrufen", "rules": {"name": "tarockcup_austria"},
            "event": {"name": name, "date": date, "site": "Wien", "series": series},
            "entrants": entrants, "rounds": rounds}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(2025)
    for k, (file, *_rest) in enumerate(EVENTS):
        from tarockrec.codecs import jsonio
        (OUT / file).write_text(jsonio.dumps(event(k, rng)), encoding="utf-8")


if __name__ == "__main__":
    main()
