"""The person register. An entrant whose record gives a ``person`` id is linked to the person
of that id when it is added (made if new). Every other link is the user's: ``archive people``
proposes the unlinked entrants that may be one person (spelling variants included: ü/ue, ß/ss,
accents, an initial, the order reversed, a missing club), each proposal scored with its
reasons; ``archive link`` shows what it would link and links it when confirmed (``--yes``), or
merges two persons; ``archive unlink`` splits an entrant off again. Nothing is linked silently
by name, and every link, merge and unlink is written to the log (``person_log``).

Never proposed as one person, and never linked as one: entrants of different person ids,
entrants of different clubs, and entrants of one event (one person plays an event once, so
two entrants who sat at one table are two people).
"""
from __future__ import annotations

import re
import sqlite3
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Sequence


class NoPerson(LookupError):
    """A person, event or selection that cannot be named as asked: a sentence for the user."""


def link_by_key(conn: sqlite3.Connection, event_id: int) -> None:
    """Link the event's entrants that carry a ``person`` id."""
    rows = conn.execute("SELECT id, person_key, name, club FROM entrant WHERE event_id = ? AND "
                        "person_key IS NOT NULL", (event_id,)).fetchall()
    for entrant_id, key, name, club in rows:
        found = conn.execute("SELECT id FROM person WHERE key = ?", (key,)).fetchone()
        if found is None:
            found = conn.execute("INSERT INTO person (key, name, club) VALUES (?, ?, ?) "
                                 "RETURNING id", (key, name, club)).fetchone()
        conn.execute("UPDATE entrant SET person_id = ?, link = 'id' WHERE id = ?",
                     (found[0], entrant_id))


# -- names -----------------------------------------------------------------------------------
#: transliterations of German letters (a name written without them); accents are folded too
TRANSLIT = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"))


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(c))


@dataclass(frozen=True)
class Token:
    """A word of a name: as written (lower case), its folded forms, whether an initial."""

    text: str
    forms: frozenset[str]
    initial: bool


def _token(word: str) -> Token:
    low = word.lower().rstrip(".")
    translit = low
    for letter, pair in TRANSLIT:
        translit = translit.replace(letter, pair)
    forms = frozenset({_strip_accents(translit), _strip_accents(low).replace("ß", "ss")})
    return Token(low, forms, low.isalpha() and (len(low) == 1 or (word.endswith(".")
                                                                    and len(low) <= 2)))


def tokens(name: str) -> tuple[Token, ...]:
    """A name's words; "Müller, Jürgen" is read as "Jürgen Müller"."""
    if name.count(",") == 1:
        last, first = name.split(",")
        name = f"{first} {last}"
    return tuple(_token(w) for w in re.split(r"[\s,]+", name.strip()) if w.strip("."))


def _variant(a: str, b: str) -> set[str]:
    """How two spellings of one word differ: "ü/ue", "ß/ss", "accents"."""
    out = {f"{x}/{y}" for x, y in TRANSLIT if (x in a and y in b) or (x in b and y in a)}
    return out or {"accents"}


def name_match(a: Sequence[Token], b: Sequence[Token]) -> set[str] | None:
    """How name ``b`` differs from ``a`` when both may name one person (an empty set: the
    same words), or None. The words pair up in order or reversed; a pair is the same word,
    a spelling variant, or an initial and a word it begins; one pair at least is whole."""
    if len(a) != len(b) or not a:
        return None
    best: set[str] | None = None
    for order, flip in ((b, False), (tuple(reversed(b)), True)):
        if flip and len(b) < 2:
            continue
        how: set[str] = {"reversed order"} if flip else set()
        whole = False
        for x, y in zip(a, order):
            if x.text == y.text:
                whole = whole or not x.initial
            elif x.forms & y.forms and not x.initial and not y.initial:
                how |= _variant(x.text, y.text)
                whole = True
            elif x.initial != y.initial and (x.text if x.initial else y.text)[:1] in \
                    {f[:1] for f in (y.forms if x.initial else x.forms)}:
                how.add("an initial")
            else:
                break
        else:
            if whole and (best is None or len(how) < len(best)):
                best = how
    return best


# -- proposals -------------------------------------------------------------------------------
@dataclass
class Entry:
    """An entrant row with its event."""

    row: int
    event_id: int
    event: str
    date: str | None
    entrant: str
    name: str
    club: str | None
    key: str | None

    def label(self) -> str:
        return f"{self.date or '????-??-??'}  {self.event} (event {self.event_id}), " \
            f"entrant {self.entrant}: {self.name}" + (f" ({self.club})" if self.club else "")


@dataclass
class _Node:
    """Unlinked entrants of one spelling and club, or a person of the register."""

    name: str
    club: str | None
    toks: tuple[Token, ...]
    entries: list[Entry] = field(default_factory=list)
    events: set[int] = field(default_factory=set)
    keys: set[str] = field(default_factory=set)
    person: tuple[int, str | None, str] | None = None     # (id, key, name)
    linked: int = 0                                         # a person's linked entrants


@dataclass
class Proposal:
    """Entrants that may be one person, and the person they would be linked to if any."""

    number: int
    name: str                                   # the name the person would have
    club: str | None
    names: list[str]
    clubs: list[str]
    entrants: list[Entry]                       # the unlinked ones, to link
    person: tuple[int, str | None, str] | None  # (id, key, name) of the register
    score: int
    reasons: list[str]

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)

    def as_json(self) -> dict[str, object]:
        return {"number": self.number, "name": self.name, "club": self.club,
                "names": self.names, "clubs": self.clubs, "score": self.score,
                "reason": self.reason, "reasons": self.reasons,
                "person": None if self.person is None else
                {"id": self.person[0], "key": self.person[1], "name": self.person[2]},
                "entrants": [{"entrant_row": e.row, "event_id": e.event_id, "event": e.event,
                              "date": e.date, "entrant": e.entrant, "name": e.name,
                              "club": e.club} for e in self.entrants]}


@dataclass
class _Group:
    """Nodes proposed as one person: their events, person ids and club, kept as they join."""

    members: list[_Node]
    events: set[int]
    keys: set[str]
    club: str | None
    person: bool


def _compatible(group: _Group, node: _Node) -> set[str] | None:
    """How ``node`` differs from the group's members (None: it cannot be one of them)."""
    if (node.club and group.club and node.club != group.club) or (node.person and
                                                                  group.person):
        return None                      # two clubs; two persons of the register
    if node.keys and group.keys and node.keys != group.keys:
        return None                      # two person ids
    if not group.events.isdisjoint(node.events):
        return None                      # one event: two people
    how: set[str] = set()
    for m in group.members:
        found = name_match(m.toks, node.toks)
        if found is None:
            return None
        how |= found
    return how


def _nodes(conn: sqlite3.Connection) -> list[_Node]:
    rows = conn.execute(
        "SELECT n.id, n.event_id, coalesce(e.name, ''), e.date, n.entrant, n.name, n.club, "
        "n.person_key FROM entrant n JOIN event e ON e.id = n.event_id "
        "WHERE n.person_id IS NULL ORDER BY e.date, n.event_id, n.id").fetchall()
    spelled: dict[tuple[str, str | None, str | None], list[_Node]] = {}
    for r in rows:
        entry = Entry(*r)
        nodes = spelled.setdefault((entry.name, entry.club, entry.key), [])
        # two entrants of one spelling at one event are two people: a node of their own
        node = next((n for n in nodes if entry.event_id not in n.events), None)
        if node is None:
            node = _Node(entry.name, entry.club, tokens(entry.name))
            nodes.append(node)
        node.entries.append(entry)
        node.events.add(entry.event_id)
        if entry.key:
            node.keys.add(entry.key)
    return [n for nodes in spelled.values() for n in nodes]


def _persons(conn: sqlite3.Connection, forms: set[str]) -> list[_Node]:
    """The persons whose names share a word with an unlinked entrant's name."""
    out = []
    for pid, key, name, club in conn.execute("SELECT id, key, name, club FROM person "
                                             "ORDER BY id"):
        toks = tokens(name)
        if not any(t.forms & forms for t in toks if not t.initial):
            continue
        events = {r[0] for r in conn.execute("SELECT event_id FROM entrant WHERE person_id = ?",
                                             (pid,))}
        out.append(_Node(name, club, toks, events=events, keys={key} if key else set(),
                         person=(pid, key, name), linked=len(events)))
    return out


def proposals(conn: sqlite3.Connection) -> list[Proposal]:
    """The unlinked entrants grouped as they may be one person, best first. A node (a
    spelling and club) joins the one group it may belong to; one that may belong to several
    (a "Maria Huber" without a club, when there is one of Graz and one of Linz) stays on its
    own and says so."""
    nodes = _nodes(conn)
    forms = {f for n in nodes for t in n.toks if not t.initial for f in t.forms}
    groups: list[_Group] = []
    ambiguous: dict[int, list[str]] = {}
    words: dict[str, set[int]] = {}       # a word's form: the groups that have it whole
    initials: dict[str, set[int]] = {}    # … the groups with a name of initials that has it

    def place(node: _Node, gid: int | None) -> None:
        if gid is None:
            gid = len(groups)
            groups.append(_Group([node], set(node.events), set(node.keys), node.club,
                                 node.person is not None))
        else:
            g = groups[gid]
            g.members.append(node)
            g.events |= node.events
            g.keys |= node.keys
            g.club = g.club or node.club
        index = initials if any(t.initial for t in node.toks) else words
        for t in node.toks:
            if not t.initial:
                for f in t.forms:
                    words.setdefault(f, set()).add(gid)
                    index.setdefault(f, set()).add(gid)

    def candidates(node: _Node) -> list[int]:
        """The groups that may fit: each whole word of the node's name is a word of theirs,
        or one of their names has an initial (it may stand for that word)."""
        whole = [t for t in node.toks if not t.initial]
        found: set[int] | None = None
        for t in whole:
            having = set().union(*(words.get(f, set()) for f in t.forms))
            found = having if found is None else found & having
        near = set().union(*(initials.get(f, set()) for t in whole for f in t.forms))
        return sorted((found or set()) | near)

    for p in _persons(conn, forms):
        place(p, None)
    nodes.sort(key=lambda n: (n.club is None, any(t.initial for t in n.toks),
                              -len(n.entries), n.name, n.club or "", n.entries[0].row))
    for node in nodes:
        fits = [g for g in candidates(node) if _compatible(groups[g], node) is not None]
        if len(fits) == 1:
            place(node, fits[0])
            continue
        place(node, None)
        if len(fits) > 1:
            ambiguous[len(groups) - 1] = [_group_label(groups[g].members) for g in fits]
    out = [_proposal(g.members, ambiguous.get(k)) for k, g in enumerate(groups)
           if any(m.person is None for m in g.members)]
    out.sort(key=lambda q: (-q.score, q.name, q.club or "", q.entrants[0].row))
    for k, q in enumerate(out, 1):
        q.number = k
    return out


def _group_label(group: list[_Node]) -> str:
    head = group[0]
    return head.name + (f" ({head.club})" if head.club else "")


def _proposal(group: list[_Node], ambiguous: list[str] | None) -> Proposal:
    person = next((m for m in group if m.person), None)
    # the person's name: the register's; else the spelling with most entrants, whole words
    # before an initial, the letters as written (ü) before a transliteration, the earliest
    head = person or min(group, key=lambda m: (any(t.initial for t in m.toks), -len(m.entries),
                                               m.name.isascii(), m.entries[0].date or ""))
    club = next((m.club for m in group if m.club), None)
    entries = sorted((e for m in group for e in m.entries),
                     key=lambda e: (e.date or "", e.event_id, e.row))
    reasons, score = [], 100
    if person is not None and person.person is not None:
        _, key, name = person.person
        reasons.append(f"the person {key} (same person id at {person.linked} event(s))"
                       if key else f"the person {name} of the register ({person.linked} "
                       "event(s))")
        score -= 5               # an id or a register's name, and entrants without the id
    same = [e for e in entries if e.name == head.name and e.club == club]
    if same:
        reasons.append(f"same name and club at {len(same)} event(s)" if club else
                       f"same name at {len(same)} event(s), no club")
    how: set[str] = set()
    for m in group:
        if m is not head:
            how |= name_match(head.toks, m.toks) or set()
    spelling = sorted(h for h in how if "/" in h or h == "accents")
    if spelling:
        reasons.append(("same club, " if club else "") + "name differs by " +
                       ", ".join(spelling))
        score -= 5 * len(spelling)
    if "reversed order" in how:
        reasons.append("name in reversed order")
        score -= 10
    if "an initial" in how:
        reasons.append("name with an initial")
        score -= 20
    missing = [e for e in entries if e.club is None]
    if club is None:
        score -= 15
    elif missing:
        reasons.append(f"no club at {len(missing)} event(s)")
        score -= 10
    if ambiguous:
        reasons.append("also fits " + " and ".join(ambiguous) + ": not joined to either")
        score -= 30
    if len({e.event_id for e in entries}) < 2 and person is None:
        score -= 10                        # one event: nothing joined yet
    names = sorted({m.name for m in group} | {e.name for e in entries},
                   key=lambda n: (n != head.name, n))
    return Proposal(0, head.name, club, names, sorted({m.club for m in group if m.club}),
                    entries, person.person if person else None, max(score, 0), reasons)


# -- the log ---------------------------------------------------------------------------------
def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def log(conn: sqlite3.Connection, action: str, person: int | None,
        entrants: Iterable[int], detail: str | None = None) -> None:
    """Write one row per entrant to the log (``person_log``): the time, what was done."""
    pname = conn.execute("SELECT coalesce(key, name) FROM person WHERE id = ?",
                         (person,)).fetchone() if person is not None else None
    stamp = now()
    conn.executemany(
        "INSERT INTO person_log (time, action, person_id, person, entrant_id, event_id, "
        "entrant, name, detail) SELECT ?, ?, ?, ?, n.id, n.event_id, n.entrant, n.name, ? "
        "FROM entrant n WHERE n.id = ?",
        [(stamp, action, person, pname[0] if pname else None, detail, e) for e in entrants])


# -- linking ---------------------------------------------------------------------------------
@dataclass
class Plan:
    """What a link would do: the entrants and the person they would be linked to."""

    entrants: list[Entry]
    person: int | None            # an existing person, or None: a new one
    name: str
    club: str | None
    key: str | None

    def describe(self) -> str:
        who = (f"the person {self.key or self.name} (#{self.person})" if self.person is not None
               else f"a new person {self.name}" + (f" ({self.club})" if self.club else "")
               + (f", id {self.key}" if self.key else ""))
        return f"{len(self.entrants)} entrant(s) to {who}:"


def _entries(conn: sqlite3.Connection, where: str, args: Sequence[object]) -> list[Entry]:
    return [Entry(*r) for r in conn.execute(
        "SELECT n.id, n.event_id, coalesce(e.name, ''), e.date, n.entrant, n.name, n.club, "
        f"n.person_key FROM entrant n JOIN event e ON e.id = n.event_id WHERE {where} "
        "ORDER BY e.date, n.event_id, n.id", args)]


def plan_link(conn: sqlite3.Connection, names: Sequence[str], club: str | None,
              key: str | None, every_club: bool = False,
              proposal: int | None = None) -> Plan:
    """The link asked for, checked: the unlinked entrants of ``names`` (of ``club`` when
    given; of every club with ``every_club``; refused when they are of several clubs and
    neither says which), or those of proposal number ``proposal``."""
    target: tuple[int, str | None, str] | None = None
    if proposal is not None:
        found = [p for p in proposals(conn) if p.number == proposal]
        if not found:
            raise NoPerson(f"no proposal {proposal}: archive people lists them")
        p = found[0]
        entries, name, club, target = p.entrants, p.name, p.club, p.person
    else:
        if not names:
            raise NoPerson("say what to link: --name (and --club), --proposal or --merge")
        marks = ",".join("?" * len(names))
        where = f"n.person_id IS NULL AND n.name IN ({marks})"
        args: list[object] = list(names)
        if club is not None:
            where += " AND n.club IS ?"
            args.append(club or None)
        entries = _entries(conn, where, args)
        if not entries:
            raise NoPerson("no unlinked entrant named " + " or ".join(names)
                           + (f" of {club}" if club else "") + ": archive people lists them")
        clubs: dict[str | None, int] = {}
        for e in entries:
            clubs[e.club] = clubs.get(e.club, 0) + 1
        if club is None and not every_club and len([c for c in clubs if c]) > 1:
            listed = ", ".join(f"{c or 'no club'} ({n})" for c, n in
                               sorted(clubs.items(), key=lambda kv: kv[0] or "\uffff"))
            raise NoPerson(f"{' or '.join(names)} is the name of entrants of {len(clubs)} "
                           f"clubs: {listed}; say which with --club CLUB, or --all to link "
                           "them all to one person")
        name = names[0]
        club = club or next((e.club for e in entries if e.club), None)
    pid = _person_for(conn, name, club, key, target)
    _refuse_clash(conn, entries, pid)
    pkey = key if pid is None else conn.execute("SELECT key FROM person WHERE id = ?",
                                               (pid,)).fetchone()[0]
    return Plan(entries, pid, name if pid is None else conn.execute(
        "SELECT name FROM person WHERE id = ?", (pid,)).fetchone()[0], club, pkey)


def _person_for(conn: sqlite3.Connection, name: str, club: str | None, key: str | None,
                target: tuple[int, str | None, str] | None) -> int | None:
    if key is not None:
        row = conn.execute("SELECT id FROM person WHERE key = ?", (key,)).fetchone()
        return int(row[0]) if row else None
    if target is not None:
        return target[0]
    row = conn.execute("SELECT id FROM person WHERE name = ? AND club IS ? ORDER BY id LIMIT 1",
                       (name, club)).fetchone()
    return int(row[0]) if row else None


def _refuse_clash(conn: sqlite3.Connection, entries: list[Entry], person: int | None) -> None:
    """Entrants of one event cannot be one person; nor entrants of two person ids."""
    seen: dict[int, Entry] = {}
    if person is not None:
        for e in _entries(conn, "n.person_id = ?", (person,)):
            seen.setdefault(e.event_id, e)
    for e in entries:
        other = seen.get(e.event_id)
        if other is not None and other.row != e.row:
            raise NoPerson(f"{other.name} (entrant {other.entrant}) and {e.name} (entrant "
                           f"{e.entrant}) both played {e.event} (event {e.event_id}): they "
                           "are two people, not one; nothing was linked")
        seen[e.event_id] = e
    keys = {e.key for e in entries if e.key}
    if person is not None:
        pkey = conn.execute("SELECT key FROM person WHERE id = ?", (person,)).fetchone()[0]
        keys |= {pkey} if pkey else set()
    if len(keys) > 1:
        raise NoPerson(f"the entrants carry different person ids ({', '.join(sorted(keys))}): "
                       "they are not one person; nothing was linked")


def apply_link(conn: sqlite3.Connection, plan: Plan) -> int:
    """Link the plan's entrants (the person made if new); logged. Returns the person id."""
    pid = plan.person
    if pid is None:
        pid = int(conn.execute("INSERT INTO person (key, name, club) VALUES (?, ?, ?) "
                               "RETURNING id", (plan.key, plan.name, plan.club)).fetchone()[0])
    conn.executemany("UPDATE entrant SET person_id = ?, link = 'confirmed' WHERE id = ?",
                     [(pid, e.row) for e in plan.entrants])
    log(conn, "link", pid, [e.row for e in plan.entrants])
    return pid


def merge(conn: sqlite3.Connection, keep: str, gone: str) -> int:
    """Merge person ``gone`` into ``keep`` (each a key or a person id); returns the entrants
    moved. The merged person is removed; the move is logged."""
    a, b = find(conn, keep), find(conn, gone)
    if a == b:
        raise NoPerson(f"{keep} and {gone} are the same person (#{a}): nothing to merge")
    moving = _entries(conn, "n.person_id = ?", (b,))
    conn.executemany("UPDATE entrant SET person_id = ?, link = 'confirmed' WHERE id = ?",
                     [(a, e.row) for e in moving])
    log(conn, "merge", a, [e.row for e in moving], f"merged person #{b}")
    conn.execute("DELETE FROM person WHERE id = ?", (b,))
    return len(moving)


def find_event(conn: sqlite3.Connection, event: str, date: str | None = None) -> int:
    """One event: by its id, or by its name (and date); a name several events have is
    refused, with the candidates listed."""
    if event.lstrip("#").isdigit() and date is None:
        row = conn.execute("SELECT id FROM event WHERE id = ?", (int(event.lstrip("#")),)
                           ).fetchone()
        if row is not None:
            return int(row[0])
    sql, args = "SELECT id, name, date FROM event WHERE name = ?", [event]
    if date is not None:
        sql += " AND date = ?"
        args.append(date)
    found = conn.execute(sql + " ORDER BY date, id", args).fetchall()
    if len(found) == 1:
        return int(found[0][0])
    if not found:
        raise NoPerson(f"no event {event!r}" + (f" on {date}" if date else "")
                       + " in the archive")
    listed = "; ".join(f"event {i}: {n} {d or '(no date)'}" for i, n, d in found)
    raise NoPerson(f"{len(found)} events are called {event!r}: {listed}; name one by its id "
                   "(--event ID) or by its date (--date YYYY-MM-DD)")


def unlink(conn: sqlite3.Connection, event: str, entrant: str,
           date: str | None = None) -> int:
    """Split the entrant ``entrant`` of one event (its id, or its name and date) off its
    person; logged."""
    event_id = find_event(conn, event, date)
    rows = conn.execute("SELECT id, person_id FROM entrant WHERE event_id = ? AND entrant = ? "
                        "AND person_id IS NOT NULL", (event_id, entrant)).fetchall()
    for row, pid in rows:
        log(conn, "unlink", pid, [row])
    conn.executemany("UPDATE entrant SET person_id = NULL, link = NULL WHERE id = ?",
                     [(r[0],) for r in rows])
    return len(rows)


def find(conn: sqlite3.Connection, who: str) -> int:
    """A person by key, by id (``#7`` or ``7``), or by a name only one person has."""
    row = conn.execute("SELECT id FROM person WHERE key = ?", (who,)).fetchone()
    if row is None and who.lstrip("#").isdigit():
        row = conn.execute("SELECT id FROM person WHERE id = ?", (int(who.lstrip("#")),)
                           ).fetchone()
    if row is None:
        rows = conn.execute("SELECT id FROM person WHERE name = ?", (who,)).fetchall()
        if len(rows) > 1:
            raise NoPerson(f"{len(rows)} persons are called {who}: name one by its key or id")
        row = rows[0] if rows else None
    if row is None:
        raise NoPerson(f"no person {who!r} in the archive")
    return int(row[0])


def unlinked(conn: sqlite3.Connection, name: str) -> list[Entry]:
    """The entrants of ``name`` linked to no person."""
    return _entries(conn, "n.person_id IS NULL AND n.name = ?", (name,))
