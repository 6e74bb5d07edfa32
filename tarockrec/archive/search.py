"""The archive site's search index (issue 43, part 3): what each hit is found by, how hits
are ranked, and the index split by first letters so that the front page carries none of it.

A hit is found by every word of its text in the forms people type: as written, folded
(lower case, accents dropped: "muller"), transliterated ("mueller", "strasse"); a person also
by the person id (an entrant linked to no person: by the person ids its record gives), an
event by its date and season, a series by its season. A query matches
when each of its words begins a word of the hit (in any order: "Huber Maria" finds "Maria
Huber"). Hits are ranked people with results first (more events first), then events (latest
first), then series, then entrants linked to no person.

The index is split into shards by the first letters of each word (a hit is in the shard of
every word of its name, id, date or season; a shard of more than ``SHARD_MOST`` hits is split
again by the next letter): the page loads only the shards of the words typed. ``search`` is
what the page's script does with them (tarockrec/site/page/search.js), in Python, for the
tests.
"""
from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from .people import TRANSLIT

#: the order of the kinds of hits
KINDS = ("person", "event", "series", "entrant")
#: the most hits a shard holds before it is split by one more letter
SHARD_MOST = 1500

Entry = dict[str, "str | int"]


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

    def as_json(self, rank: int) -> Entry:
        """The hit as the page's script reads it (``r``: its place in the ranked index)."""
        return {"t": self.text, "u": self.url, "k": self.kind, "s": " ".join(self.terms),
                "r": rank}


def _person_page(person_id: int | None, entrant_row: int) -> str:
    return f"people/{person_id}.html" if person_id is not None else \
        f"people/entrant-{entrant_row}.html"


def hits(conn: sqlite3.Connection, event_pages: Mapping[int, str],
         series_pages: list[tuple[str, str, str]],
         person_page: Callable[[int | None, int], str] = _person_page) -> list[Hit]:
    """Every hit of the archive, ranked: people with results first, then events, series,
    and the entrants linked to no person (``person_page``: the site's page of a person or of
    an entrant, ``ArchiveSite.person_page``)."""
    out: list[Hit] = []
    for pid, key, name, club, events in conn.execute(
            "SELECT p.id, p.key, p.name, p.club, (SELECT count(*) FROM entrant n WHERE "
            "n.person_id = p.id) FROM person p"):
        spellings = [r[0] for r in conn.execute("SELECT DISTINCT name FROM entrant WHERE "
                                                "person_id = ? AND name != ?", (pid, name))]
        out.append(Hit(name + (f" ({club})" if club else ""), person_page(pid, 0), "person",
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
    for row, name, club, events, ids in conn.execute(
            "SELECT min(n.id), n.name, n.club, count(*), group_concat(DISTINCT n.person_key) "
            "FROM entrant n WHERE n.person_id IS NULL GROUP BY n.name, n.club"):
        out.append(Hit(name + (f" ({club})" if club else "") + " · not linked",
                       person_page(None, row), "entrant",
                       (KINDS.index("entrant"), -events, name), terms(name, club, ids),
                       terms(name, ids)))
    out.sort(key=lambda h: h.rank)
    return out


def shard_of(term: str, letters: int = 1) -> str:
    """The shard a term is in: its first ``letters`` letters as far as they are a–z or 0–9,
    else ``_``."""
    head = ""
    for c in term[:letters]:
        if not (c.isascii() and c.isalnum()):
            break
        head += c
    return head or "_"


def shards(found: list[Hit], most: int = SHARD_MOST) -> dict[str, list[Entry]]:
    """The hits by shard, each in rank order: a hit is in the shard of each of its key terms,
    by their first letter; a shard of more than ``most`` hits is split by the next letter
    (its terms no longer than its name stay in it)."""
    heads = [{shard_of(t, len(t)) for t in hit.keys} for hit in found]  # a–z0–9 prefixes
    members: dict[str, set[tuple[int, str]]] = {}
    for k, hs in enumerate(heads):
        for head in hs:
            members.setdefault(head[:1], set()).add((k, head))
    todo = list(members)
    while todo:
        name = todo.pop()
        held = members[name]
        if name == "_" or len({k for k, _ in held}) <= most or \
                all(len(h) <= len(name) for _, h in held):
            continue
        stay = {(k, h) for k, h in held if len(h) <= len(name)}
        for k, h in held - stay:
            members.setdefault(h[:len(name) + 1], set()).add((k, h))
            if h[:len(name) + 1] not in todo:
                todo.append(h[:len(name) + 1])
        if stay:
            members[name] = stay
        else:
            del members[name]
    entries = [hit.as_json(k) for k, hit in enumerate(found)]
    return {name: [entries[k] for k in sorted({k for k, _ in held})]
            for name, held in sorted(members.items())}


def needed(names: Iterable[str], query: str) -> set[str]:
    """The shards the page loads for ``query``: for every form of every word, each shard
    whose name begins the form's head or that the head begins."""
    out: set[str] = set()
    have = list(names)
    for w in words(query):
        for f in forms(w):
            head = shard_of(f, len(f))
            out |= {n for n in have if head.startswith(n) or n.startswith(head)}
    return out


def _exact(entry: Entry, asked: list[set[str]]) -> bool:
    have = set(str(entry["s"]).split())
    return all(fs & have for fs in asked)


def search(entries: Iterable[Entry], query: str) -> list[Entry]:
    """What the page's script shows for ``query`` of the entries of the shards it loaded:
    the matching ones, each once, by kind, those whose every word is a whole term first,
    then in index order."""
    asked = [forms(w) for w in words(query)]
    seen: dict[str | int, Entry] = {}
    for e in entries:
        if asked and matches(e, query):
            seen.setdefault(e["r"], e)
    return sorted(seen.values(), key=lambda e: (KINDS.index(str(e["k"])),
                                                not _exact(e, asked), int(e["r"])))


def matches(hit: Hit | Entry, query: str) -> bool:
    """What the page's script does: every word of the query (in one of its forms) begins a
    term of the hit."""
    have = hit.terms if isinstance(hit, Hit) else str(hit["s"]).split()
    asked = [forms(w) for w in words(query)]
    return bool(asked) and all(any(t.startswith(f) for t in have for f in fs) for fs in asked)
