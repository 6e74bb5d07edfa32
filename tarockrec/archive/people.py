"""The person register. An entrant whose record gives a ``person`` id is linked to the person
of that id when it is added (made if new). Every other link is the user's: ``archive people``
proposes the unlinked entrants that share a name and club, ``archive link`` confirms them (or
merges two persons), ``archive unlink`` splits an entrant off again. Nothing is linked
silently by name."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass


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


@dataclass
class Proposal:
    """Unlinked entrants of one name and club, and the person of that name and club if any."""

    name: str
    club: str | None
    entrants: list[tuple[int, str, str]]        # (entrant row, event name, entrant id)
    person: tuple[int, str | None] | None       # (person id, key)


def proposals(conn: sqlite3.Connection) -> list[Proposal]:
    rows = conn.execute(
        "SELECT n.id, n.name, n.club, e.name, n.entrant FROM entrant n JOIN event e ON "
        "e.id = n.event_id WHERE n.person_id IS NULL ORDER BY n.name, n.club, e.date, n.id"
    ).fetchall()
    groups: dict[tuple[str, str | None], list[tuple[int, str, str]]] = {}
    for row_id, name, club, event, entrant in rows:
        groups.setdefault((name, club), []).append((row_id, event or "", entrant))
    out = []
    for (name, club), members in groups.items():
        person = conn.execute("SELECT id, key FROM person WHERE name = ? AND club IS ? "
                              "ORDER BY id LIMIT 1", (name, club)).fetchone()
        out.append(Proposal(name, club, members, (person[0], person[1]) if person else None))
    return out


def link(conn: sqlite3.Connection, name: str, club: str | None, key: str | None) -> int:
    """Link every unlinked entrant of ``name`` (and ``club``, when given) to the person
    ``key`` (made if new; without a key, the person of that name and club, or a new one).
    Returns how many entrants were linked."""
    where = "person_id IS NULL AND name = ?" + (" AND club IS ?" if club is not None else "")
    args: tuple[str | None, ...] = (name, club) if club is not None else (name,)
    rows = conn.execute(f"SELECT id, club FROM entrant WHERE {where}", args).fetchall()
    if not rows:
        return 0
    person = person_id(conn, name, club if club is not None else rows[0][1], key)
    conn.executemany("UPDATE entrant SET person_id = ?, link = 'confirmed' WHERE id = ?",
                     [(person, r[0]) for r in rows])
    return len(rows)


def person_id(conn: sqlite3.Connection, name: str, club: str | None, key: str | None) -> int:
    if key is not None:
        row = conn.execute("SELECT id FROM person WHERE key = ?", (key,)).fetchone()
    else:
        row = conn.execute("SELECT id FROM person WHERE name = ? AND club IS ? ORDER BY id "
                           "LIMIT 1", (name, club)).fetchone()
    if row is None:
        row = conn.execute("INSERT INTO person (key, name, club) VALUES (?, ?, ?) RETURNING id",
                           (key, name, club)).fetchone()
    return int(row[0])


def merge(conn: sqlite3.Connection, keep: str, gone: str) -> int:
    """Merge person ``gone`` into ``keep`` (each a key or a person id); returns the entrants
    moved. The merged person is removed."""
    a, b = find(conn, keep), find(conn, gone)
    if a == b:
        raise NoPerson(f"{keep} and {gone} are the same person (#{a}): nothing to merge")
    moved = conn.execute("UPDATE entrant SET person_id = ?, link = 'confirmed' WHERE "
                         "person_id = ?", (a, b)).rowcount
    conn.execute("DELETE FROM person WHERE id = ?", (b,))
    return moved


def unlink(conn: sqlite3.Connection, event: str, entrant: str) -> int:
    """Split the entrant ``entrant`` of the event ``event`` (its id or name) off its person."""
    return conn.execute(
        "UPDATE entrant SET person_id = NULL, link = NULL WHERE entrant = ? AND event_id IN "
        "(SELECT id FROM event WHERE CAST(id AS TEXT) = ? OR name = ?)",
        (entrant, event, event)).rowcount


class NoPerson(LookupError):
    pass


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
