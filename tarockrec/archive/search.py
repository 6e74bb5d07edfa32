"""The archive site's search index (issue 43, part 3): what each hit is found by, how hits
are ranked, and the index split by first letters so that the front page carries none of it.

A hit is found by every word of its text in the forms people type: as written, folded
(lower case, accents dropped: "muller"), transliterated ("mueller", "strasse"); a person also
by the person id, an event by its date and season, a series by its season. A query matches
when each of its words begins a word of the hit (in any order: "Huber Maria" finds "Maria
Huber"). Hits are ranked people with results first (more events first), then events (latest
first), then series, then entrants linked to no person.

The index is split into shards by the first letter of each word (a hit is in the shard of
every word of its name, id, date or season): the page loads the shard of the query's first
letter only.
"""
from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass

from .people import TRANSLIT

#: the order of the kinds of hits
KINDS = ("person", "event", "series", "entrant")


def _strip(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(c))


def forms(word: str) -> set[str]:
    """A word in the forms it may be typed: folded ("muller"), transliterated ("mueller"),
    and a transliteration read back ("Mueller" may be "Müller": "muller")."""
    low = word.lower()
    translit = low
    for letter, pair in TRANSLIT:
        translit = translit.replace(letter, pair)
    folded = _strip(low).replace("ß", "ss")
    back = folded
    for pair in ("ae", "oe", "ue"):
        back = back.replace(pair, pair[0])
    return {f for f in {folded, _strip(translit), back} if f}


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[^\w]+", text) if w]


def terms(*texts: str | None) -> list[str]:
    """Every form of every word of ``texts``, each once, in order."""
    out: dict[str, None] = {}
    for text in texts:
        for w in words(text or ""):
            for f in sorted(forms(w)):
                out.setdefault(f, None)
    return list(out)


@dataclass
class Hit:
    """One entry of the index: its text, page, kind, rank, the terms it is found by and
    those whose first letters choose its shards (a club's name is not one: every hit of a
    club would be in the shard of "TC")."""

    text: str
    url: str
    kind: str
    rank: tuple[int, int, str]
    terms: list[str]
    keys: list[str]

    def as_json(self) -> dict[str, str]:
        return {"t": self.text, "u": self.url, "k": self.kind, "s": " ".join(self.terms)}


def hits(conn: sqlite3.Connection, event_pages: dict[int, str],
         series_pages: list[tuple[str, str, str]]) -> list[Hit]:
    """Every hit of the archive, ranked: people with results first, then events, series,
    and the entrants linked to no person."""
    out: list[Hit] = []
    for pid, key, name, club, events in conn.execute(
            "SELECT p.id, p.key, p.name, p.club, (SELECT count(*) FROM entrant n WHERE "
            "n.person_id = p.id) FROM person p"):
        spellings = [r[0] for r in conn.execute("SELECT DISTINCT name FROM entrant WHERE "
                                                "person_id = ? AND name != ?", (pid, name))]
        out.append(Hit(name + (f" ({club})" if club else ""), f"people/{pid}.html", "person",
                       (KINDS.index("person"), -events, name),
                       terms(name, club, key, *spellings), terms(name, key, *spellings)))
    for eid, name, date, season in conn.execute("SELECT id, name, date, season FROM event"):
        if eid in event_pages:
            text = f"{name or ''} {date or ''}".strip()
            out.append(Hit(text, f"{event_pages[eid]}/index.html", "event",
                           (KINDS.index("event"), -int((date or "0").replace("-", "")[:8]
                                                       or 0), text),
                           terms(name, date, season), terms(name, date, season)))
    for name, season, page in series_pages:
        text = f"{name} · {season}"
        out.append(Hit(text, page, "series", (KINDS.index("series"), 0, text),
                       terms(name, season), terms(name, season)))
    for row, name, club, events in conn.execute(
            "SELECT min(n.id), n.name, n.club, count(*) FROM entrant n WHERE n.person_id IS "
            "NULL GROUP BY n.name, n.club"):
        out.append(Hit(name + (f" ({club})" if club else "") + " · not linked",
                       f"people/entrant-{row}.html", "entrant",
                       (KINDS.index("entrant"), -events, name), terms(name, club),
                       terms(name)))
    out.sort(key=lambda h: h.rank)
    return out


def shard_of(term: str) -> str:
    """The shard a term is in: its first letter (a–z, 0–9), else ``_``."""
    first = term[:1]
    return first if first.isascii() and first.isalnum() else "_"


def shards(found: list[Hit]) -> dict[str, list[dict[str, str]]]:
    """The hits by shard, each in rank order (a hit in the shard of each of its terms)."""
    out: dict[str, list[dict[str, str]]] = {}
    for hit in found:
        entry = hit.as_json()
        for shard in sorted({shard_of(t) for t in hit.keys}):
            out.setdefault(shard, []).append(entry)
    return out


def matches(hit: Hit | dict[str, str], query: str) -> bool:
    """What the page's script does: every word of the query (in one of its forms) begins a
    term of the hit."""
    have = hit.terms if isinstance(hit, Hit) else hit["s"].split()
    asked = [forms(w) for w in words(query)]
    return bool(asked) and all(any(t.startswith(f) for t in have for f in fs) for fs in asked)
