"""The Carinthian generator (``tarockrec generate carinthian``) reaches every way a deal goes:
every contract, Zahle, both Trischak modes and every Trischak rule that decides (including the
four-player dealer who wins none of tricks 1–6), every announcement won and lost, kontra and
retour on the game and on announcements; and the CLI writes valid deals and sessions."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.games import get
from tarockrec.generate import play_out
from tarockrec.validate import validate_record

G = get("carinthian")


def _every_way(n: int) -> list[object]:
    """What the generator must reach at a table of ``n``: each contract and mode, each way a
    Trischak ends, each bird announced both made and lost, kontra and retour on the game and on
    a bonus."""
    ways: list[object] = ["angesehen", "hinunter", "drei", "vier", "vierzig", "solo", "trischak",
                          "zahle", ("mode", "stichzwang"), ("mode", "nachlassen"),
                          ("trischak", "trickless"), ("trischak", "top"), ("trischak", "tie")]
    if n == 4:
        ways.append(("trischak", "dealer"))
    ways += [(bird, made) for bird in ("pagat", "uhu", "kike", "valat", "fuenfzig")
             for made in (True, False)]
    ways += [("say", level, on_bonus) for level in ("kontra", "retour")
             for on_bonus in (False, True)]
    return ways


def _ways_seen(e: Any, s: Any, seen: Counter[object]) -> None:
    seen[s.facts["contract"]] += 1
    if e.zahle:
        seen["zahle"] += 1
    if e.trischak:
        seen[("mode", e.mode)] += 1
        rule = next((it.note for it in s.items if it.name == "trischak"), "nobody")
        seen[("trischak", "dealer" if "dealer won none" in rule else
              "trickless" if "won no trick" in rule else
              "top" if "most card points" in rule else
              "tie" if "tie at the top" in rule else rule)] += 1
    for _, say in e.turns:
        for x in say:
            if x.startswith(("kontra", "retour")):
                seen[("say", x.split(":")[0], ":" in x)] += 1
    for it in s.items:
        if it.note.startswith("announced"):
            seen[(it.name, "won" in it.note or "made" in it.note)] += 1
    if "fuenfzig" in e.announced:
        seen[("fuenfzig", s.facts["points"][0] >= 50)] += 1


@pytest.mark.parametrize("n", [3, 4])
def test_generator_reaches_every_way(n: int) -> None:
    """Within 4,000 generated deals every way is reached (the loop stops once all are)."""
    rng = random.Random(100 + n)
    seen: Counter[object] = Counter()
    rules = G.Rules()
    ways = _every_way(n)
    for i in range(4000):
        e = play_out(G, rng, n, i % n, rules, {})
        _ways_seen(e, e.score(), seen)
        if i % 100 == 99 and all(seen[w] for w in ways):
            break
    assert [w for w in ways if not seen[w]] == []


def test_cli_generate_deals_and_sessions(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    out = tmp_path / "ca.jsonl"
    res = runner.invoke(main, ["generate", "carinthian", "-n", "6", "--seed", "2", "--players",
                               "4", "--sessions", "2", "-o", str(out)])
    assert res.exit_code == 0, res.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(len(json.loads(x)["players"]) == 4 for x in lines)
    for line in lines:
        assert validate_record(json.loads(line)).valid
    res = runner.invoke(main, ["validate", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["generate", "carinthian", "-n", "2", "--players", "5"])
    assert res.exit_code == 2 and "3 or 4 players" in res.output
