"""Import the Illustrated Tarokk (``illusztralt``) games of an AkosUzonyi/Tarock server database.

The server (github.com/AkosUzonyi/Tarock, GPL) keeps every game in a database; this module
reads it as SQLite, read-only, and writes one tarockrec record per game (a session record when
the games of one ``game_session`` all import), under the rule set ``akos`` (docs/akos.md). Only
facts about the server are used here, none of its code:

* tables ``game_session(id, type, double_round_type, ...)``, ``player(game_session_id, ordinal,
  user_id, points)``, ``user(id, name)``, ``game(id, game_session_id, beginner_player, ...)``,
  ``deck_card(game_id, ordinal, card)``, ``action(game_id, ordinal, seat, action, time)``
  (``db/migration/V0…V4``; a database from before migration V3 — ``player.seat``, absolute action
  seats, ``skart:`` actions — is converted the way V3 and V4 convert it);
* a game's seat ``k`` is the session's player ``(beginner_player + k) mod 4``
  (``GameSession.getPlayerBySeat``), seat 0 bids first and leads (forehand), so the record's
  dealer is ``beginner_player - 1``;
* the deck: seat ``k`` gets ``deck[9k .. 9k+8]``, the talon is ``deck[36..41]`` top first
  (``Game.start``, ``Folding.dealCardsFromTalon``);
* cards ``t1..t22`` and ``a/b/c/d`` + value 1..5: hearts, diamonds, spades, clubs; 1 = the pip
  card, 2 jack, 3 knight, 4 queen, 5 king (``Card``, ``SuitCard``, the client's card names);
* actions ``bid:3|2|1|0|p`` (three, two, one, solo, pass; the current level again = hold),
  ``fold:c1,c2``, ``call:t20``, ``throw:``, ``announce:<id>[K<level>]`` and ``announce:passz``
  (the end of a turn), ``play:c``, ``newgame:`` (``Action``, ``AnnouncementContra``).
"""
from __future__ import annotations

import re
import sqlite3
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action
from ..errors import IllegalAction
from ..findings import Finding
from ..games import all_games
from ..games.illustrated.contracts import KONTRA_LEVELS, PACK
from ..games.illustrated.engine import IllustratedEngine
from ..games.illustrated.rules import IllustratedRules
from ..games.illustrated.scoring import next_periods, periods_after
from ..codecs.jsonio import unwritable
from ..validate import validate_record

GAME_TYPE = "illusztralt"
#: the server's double-round trackers -> doubling_after_passout (docs/akos.md)
DOUBLING = {"none": "none", "multiplying": "stacking", "stacking": "extend",
            "peculating": "restart"}
_SUIT = {"a": "H", "b": "D", "c": "S", "d": "C"}
_RANK = {5: "K", 4: "Q", 3: "N", 2: "J"}
_CARD = re.compile(r"^(?:t([1-9]|1[0-9]|2[0-2])|([abcd])([1-5]))$")
_BID = {"3": "three", "2": "two", "1": "one", "0": "solo"}
#: the server's kontra levels 1–6 (``K1`` … ``K6``, the sixth Fedák Sári: phase/Announcing
#: MAX_CONTRA_LEVEL = 7), the rule set akos's (max_kontra_level = 6)
_KONTRA = KONTRA_LEVELS
#: announcement ids of the server that Illustrated games can hold -> our bonus ids
_BONUS = {
    "trull": "trull", "negykiraly": "four_kings", "dupla": "double_game", "volat": "volat",
    "xxifogas": "xxi_catch", "kezbevacakT4": "centrum", "kezbevacakT5": "kismadar",
    "kezbevacakT6": "nagymadar", "ultimoCt1T8": "pagat_ultimo", "ultimoCt1T7": "pagat_uhu",
    **{f"ultimoC{s}5T8": f"king_ultimo:{x}" for s, x in _SUIT.items()},
    **{f"ultimoC{s}5T7": f"king_uhu:{x}" for s, x in _SUIT.items()},
}
_HAND = {"nyolctarokk": "eight_tarokk", "kilenctarokk": "nine_tarokk"}


class DatabaseError(Exception):
    """The file is not a database of the server that can be read at all."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class ImportResult:
    records: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: the games of the database: all of them, those written (in ``records``), those of other
    #: types, the unfinished ones (the rest could not be imported)
    games: int = 0
    imported: int = 0
    other_type: int = 0
    unfinished: int = 0

    def summary(self) -> str:
        """One closing line, as ``validate`` prints one."""
        failed = self.games - self.imported - self.other_type - self.unfinished
        return (f"{self.games} game(s): {self.imported} imported in {len(self.records)} "
                f"record(s), {failed} not imported, {self.unfinished} unfinished, "
                f"{self.other_type} of other types; {len(self.findings)} finding(s)")


#: how much of a value of the database a finding quotes
QUOTE = 40


def quote(value: Any) -> str:
    """A value of the database as a finding quotes it: its ``repr`` (control characters and
    U+FFFF escaped), cut after ``QUOTE`` characters or bytes with the length said, so that a
    50 MB action is one short line."""
    if isinstance(value, (str, bytes)) and len(value) > QUOTE:
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{value[:QUOTE]!r}… ({len(value):,} {unit})"
    return repr(value)


def _text(data: bytes) -> str:
    """SQLite text as Python text; bytes that are not UTF-8 become lone surrogates
    (``surrogateescape``), which no record can carry, so they are found, not dropped."""
    return data.decode("utf-8", "surrogateescape")


class _Skip(Exception):
    """A game that is not imported; carries the finding that says why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def card_code(server_id: str) -> str:
    """``t21`` -> ``T21``, ``a5`` -> ``HK``, ``c1`` -> ``S10``; ``ValueError`` otherwise."""
    m = _CARD.match(server_id)
    if m is None:
        raise ValueError(f"{quote(server_id)} is not a card of the server")
    if m.group(1):
        return f"T{m.group(1)}"
    suit, value = _SUIT[m.group(2)], int(m.group(3))
    if value == 1:
        return suit + ("1" if suit in "HD" else "10")
    return suit + _RANK[value]


def statement(server_id: str) -> str:
    """One announcement id of the server -> one item of a declaration turn (``ValueError`` for
    one an Illustrated game cannot hold)."""
    name, k, level_text = server_id.partition("K")
    level = 0
    if k:
        if not re.fullmatch(r"[0-9]", level_text):
            raise ValueError(f"{quote(server_id)}: the kontra level must be one digit")
        level = int(level_text)
    if name == "hkp" and level == 0:         # the compulsory kontra of the game (§4.6)
        return "kontra"
    if level == 0:
        if name in _BONUS:
            return _BONUS[name]
        if name in _HAND:
            return _HAND[name]
        raise ValueError(f"{quote(server_id)} is not an announcement of an Illustrated game")
    if name != "jatek" and name not in _BONUS:
        raise ValueError(f"{quote(server_id)}: {quote(name)} cannot be kontra'd in an "
                         "Illustrated game")
    if level > len(_KONTRA):
        raise ValueError(f"{server_id!r}: the server's kontra levels end at {len(_KONTRA)} "
                         f"({_KONTRA[-1]})")
    word = _KONTRA[level - 1]
    return word if name == "jatek" else f"{word}:{_BONUS[name]}"


# -- reading the database ------------------------------------------------------------------------
def _connect(path: str) -> sqlite3.Connection:
    from ..sources import check_input
    uri = "file:" + urllib.parse.quote(path) + "?mode=ro"
    try:
        check_input(path)           # the one door in: a FIFO or a device is never opened
    except OSError as err:
        raise DatabaseError(f"{path}: cannot be read: {err.strerror or err}") from None
    try:
        con = sqlite3.connect(uri, uri=True)
        con.text_factory = _text
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.Error as err:
        raise DatabaseError(f"{path}: not a readable SQLite database ({err})") from None
    missing = {"game_session", "player", "game", "deck_card", "action"} - tables
    if missing:
        con.close()
        raise DatabaseError(f"{path}: not a database of the AkosUzonyi/Tarock server (no table "
                            f"{', '.join(sorted(missing))})")
    return con


def _columns(con: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in con.execute(f"PRAGMA table_info({table})")}


#: the characters of a text that no record can carry (what ``jsonio.unwritable`` refuses)
_NO_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _names(con: sqlite3.Connection) -> tuple[dict[int, str], dict[int, Finding], list[Finding]]:
    """The users' names by id; the names no record can carry (not UTF-8, a BLOB, a character
    no XML document can carry), each with the finding that says so, given when a game of the
    user is imported; and a finding for each row whose id is not a whole number."""
    names: dict[int, str] = {}
    refused: dict[int, Finding] = {}
    bad_ids: list[Finding] = []
    try:
        rows = con.execute("SELECT id, name FROM user").fetchall()
    except sqlite3.Error:
        return names, refused, bad_ids
    for uid, name in rows:
        if isinstance(uid, str) and re.fullmatch("[0-9]{1,18}", uid):
            uid = int(uid)          # a column of text affinity: the number as text
        if not isinstance(uid, int):
            bad_ids.append(Finding(
                "IMPORT-USER-ID", f"a row of the table user has the id {quote(uid)}, not a whole "
                "number: no player can be this user, and the row is not read", "/user", "info"))
            continue
        why = None
        if isinstance(name, bytes):
            why = f"is a BLOB ({quote(name)}), not text"
        elif isinstance(name, str) and re.search("[\udc80-\udcff]", name):
            raw = name.encode("utf-8", "surrogateescape")
            why = f"is not UTF-8 text ({quote(raw)})"
        elif isinstance(name, str):
            if unwritable(name) is not None:
                char = _NO_XML.search(name)
                what = f"the character {ascii(char.group())}" if char else "a character"
                why = (f"({quote(name)}) holds {what}, which no record can carry (no XML "
                       "document can)")
        elif name is not None:
            why = f"is not text ({quote(name)})"
        if why is None:
            if name:
                names[uid] = name
            continue
        refused[uid] = Finding(
            "IMPORT-USER", f"the name of user {uid} {why}; the player is written as "
            f"\"user {uid}\"", f"/user/{uid}", "warning")
    return names, refused, bad_ids


def _old_action(text: str) -> str:
    """Migration V4 on an action of an older database (idempotent on current ones)."""
    if text.startswith("skart:"):
        return "fold:" + text[6:]
    if text.startswith("announce:"):
        body = text[9:].replace("R", "T")
        if body[:1].isdigit() or body[:1] == "s":
            level, body = body[0], body[1:]
            body = body if level == "0" else f"{body}K{level}"
        return "announce:" + body
    return text


# -- one game --------------------------------------------------------------------------------------
class _Game:
    def __init__(self, gid: int, beginner: int, deck: list[str],
                 actions: list[tuple[int, Any, str]], rules: IllustratedRules,
                 periods: tuple[int, ...]) -> None:
        self.gid = gid
        self.ptr = f"/game/{gid}"
        self.b = beginner
        self.rules = rules
        self.periods = periods
        self.actions = actions
        self.dealer = (beginner + 3) % 4
        self.hands: list[list[str]] = [[] for _ in range(4)]
        for k in range(4):
            self.hands[(beginner + k) % 4] = deck[9 * k: 9 * k + 9]
        self.talon = deck[36:]
        self.e = self._engine()

    def _engine(self) -> IllustratedEngine:
        return IllustratedEngine(self.rules, 4, self.dealer, [PACK.mask(h) for h in self.hands],
                                 [PACK.index[c] for c in self.talon], self.periods)

    def _unreadable(self, ordinal: int, text: str, why: str) -> _Skip:
        return _Skip(Finding("IMPORT-UNREADABLE", f"game {self.gid}: action {ordinal} "
                             f"({quote(text)}) cannot be read: {why}; the game is not imported",
                             f"{self.ptr}/action/{ordinal}"))

    def _apply(self, action: Action, ordinal: int, text: str) -> None:
        try:
            self.e.apply(action)
        except IllegalAction as err:
            raise _Skip(Finding(
                "IMPORT-RULES", f"game {self.gid}: the server accepted action {ordinal} "
                f"({quote(text)}, seat {action.seat}), which the rule set akos refuses: "
                f"{err.message} [{err.code}]; the game is not imported",
                f"{self.ptr}/action/{ordinal}", "warning")) from None

    def _implied_passes(self, ordinal: int, text: str) -> None:
        """After a solo the server skips the players who have not bid (they could only pass);
        a record writes their passes."""
        e = self.e
        while (e.phase == "auction" and e.high == "solo" and e.to_act is not None
               and not e.has_bid[e.to_act]):
            self._apply(Action("bid", e.to_act, "pass"), ordinal, text)

    def _flush_discards(self, folds: dict[int, tuple[str, ...]], ordinal: int, text: str) -> None:
        """The server's folds come in any order; the engine takes them declarer first."""
        e = self.e
        while e.phase == "discard":
            s = e.to_act
            assert s is not None
            if not e.drawn[s]:
                self._apply(Action("discard", s, ()), ordinal, text)
            elif s in folds:
                self._apply(Action("discard", s, folds.pop(s)), ordinal, text)
            else:
                break

    def run(self) -> IllustratedEngine:
        high: str | None = None
        folds: dict[int, tuple[str, ...]] = {}
        say: list[str] = []
        for ordinal, rel, text in self.actions:
            if not isinstance(rel, int) or rel not in range(4):
                raise self._unreadable(ordinal, text,
                                       f"seat {quote(rel)} is not a seat of the game")
            seat = (self.b + rel) % 4
            kind, sep, param = text.partition(":")
            if not sep:
                raise self._unreadable(ordinal, text, "an action is written kind:parameter")
            if kind in ("newgame", "chat"):     # ready for the next game; chat before V1
                continue
            if kind != "bid":
                self._implied_passes(ordinal, text)
            if kind not in ("bid", "throw"):
                self._flush_discards(folds, ordinal, text)
            if kind == "bid":
                if param == "p":
                    call = "pass"
                elif param in _BID:
                    call = "hold" if _BID[param] == high else _BID[param]
                    high = _BID[param]
                else:
                    raise self._unreadable(ordinal, text, "a bid is 3, 2, 1, 0 or p")
                self._implied_passes(ordinal, text)
                self._apply(Action("bid", seat, call), ordinal, text)
                self._flush_discards(folds, ordinal, text)
            elif kind == "fold":
                try:
                    cards = tuple(card_code(c) for c in param.split(",") if c)
                except ValueError as err:
                    raise self._unreadable(ordinal, text, str(err)) from None
                folds[seat] = cards
                self._flush_discards(folds, ordinal, text)
            elif kind == "throw":
                if self.e.phase == "discard" and self.e.discard_turn:
                    # thrown in before the thrower's own discard: the others' discards of a
                    # thrown-in deal are not written (a record annuls after the auction)
                    calls = list(self.e.calls)
                    self.e = self._engine()
                    for s, c in calls:
                        self._apply(Action("bid", s, c), ordinal, text)
                self._apply(Action("annul", seat), ordinal, text)
            elif kind == "call":
                try:
                    called = card_code(param)
                except ValueError as err:
                    raise self._unreadable(ordinal, text, str(err)) from None
                self._apply(Action("call", seat, called), ordinal, text)
            elif kind == "announce":
                if param == "passz":
                    self._apply(Action("declare", seat, tuple(say)), ordinal, text)
                    say = []
                    continue
                try:
                    say.append(statement(param))
                except ValueError as err:
                    raise self._unreadable(ordinal, text, str(err)) from None
            elif kind == "play":
                try:
                    played = card_code(param)
                except ValueError as err:
                    raise self._unreadable(ordinal, text, str(err)) from None
                self._apply(Action("play", seat, played), ordinal, text)
            else:
                raise self._unreadable(ordinal, text, f"{quote(kind)} is not an action of the server")
        last = self.actions[-1] if self.actions else (-1, 0, "")
        self._implied_passes(last[0], last[2])
        self._flush_discards(folds, last[0], last[2])
        if not self.e.is_over:
            raise _Skip(Finding("IMPORT-INCOMPLETE", f"game {self.gid} was not finished (it "
                                f"stops {self.e._expecting()}); it is not imported", self.ptr,
                                "info"))
        return self.e


# -- the database --------------------------------------------------------------------------------
def import_database(path: str) -> ImportResult:
    """Every ``illusztralt`` game of the database at ``path`` as tarockrec records; games of
    other types, and games that cannot be read or reproduced, as findings."""
    con = _connect(path)
    try:
        return _import(con)
    except sqlite3.Error as err:
        raise DatabaseError(f"{path}: the database cannot be read ({err})") from None
    finally:
        con.close()


def _import(con: sqlite3.Connection) -> ImportResult:
    out = ImportResult()
    names, refused_names, bad_ids = _names(con)
    out.findings += bad_ids
    told: set[int] = set()                  # users whose refused name was reported
    old = "ordinal" not in _columns(con, "player")     # before migration V3
    seat_col = "seat" if old else "ordinal"
    for sid, gtype, drt in con.execute(
            "SELECT id, type, double_round_type FROM game_session ORDER BY id").fetchall():
        games = _session_games(con, out, sid, gtype)
        if not games:
            continue
        players = _session_players(con, out, sid, drt, games, seat_col)
        if players is None:
            continue
        options = {} if DOUBLING[drt] == "none" else {"doubling_after_passout": DOUBLING[drt]}
        rules = IllustratedRules("akos", options)
        rules_block: dict[str, Any] = {"name": "akos"}
        if options:
            rules_block["options"] = options
        user_ids = [int(p[1]) for p in players]
        envelope: dict[str, Any] = {
            "tarockrec": 1, "game": "illustrated", "rules": rules_block,
            "players": [names.get(u) or f"user {u}" for u in user_ids],
        }
        ids = {"_akos_game_session_id": sid, "_akos_user_ids": user_ids,
               "_akos_double_round_type": drt, "_akos_points": [int(p[2]) for p in players]}
        deals, failed = _session_deals(con, out, games, rules, old)
        if not deals:
            continue
        for u in user_ids:          # a name no record can carry is replaced, and said so
            if u in refused_names and u not in told:
                told.add(u)
                out.findings.append(refused_names[u])
        _write_session(out, sid, envelope, ids, deals, failed, players, user_ids)
    return out


def _session_games(con: sqlite3.Connection, out: ImportResult, sid: Any,
                   gtype: Any) -> list[Any] | None:
    """A session's games (id, beginner), counted; None (and why) when it is not imported."""
    games = con.execute("SELECT id, beginner_player FROM game WHERE game_session_id = ? "
                        "ORDER BY id", (sid,)).fetchall()
    out.games += len(games)
    bad_gid = next((g for g, _ in games if not isinstance(g, int)), None)
    if not isinstance(sid, int) or bad_gid is not None:
        what = (f"session {quote(sid)}" if not isinstance(sid, int)
                else f"session {sid} has a game with the id {quote(bad_gid)}")
        out.findings.append(Finding(
            "IMPORT-UNREADABLE", f"{what}: an id is a whole number; its {len(games)} "
            "game(s) are not imported", "/game_session"))
        return None
    if gtype != GAME_TYPE:
        out.other_type += len(games)
        for gid, _ in games:
            out.findings.append(Finding(
                "IMPORT-GAME-TYPE", f"game {gid} (session {sid}) is a {quote(gtype)} game, "
                f"not Illustrated ({GAME_TYPE}); it is not imported", f"/game/{gid}", "info"))
        return None
    return games


def _session_players(con: sqlite3.Connection, out: ImportResult, sid: int, drt: Any,
                     games: list[Any], seat_col: str) -> list[Any] | None:
    """A session's four players (place, user id, points); None (and why) when unreadable."""
    players = con.execute(f"SELECT {seat_col}, user_id, points FROM player WHERE "
                          f"game_session_id = ? ORDER BY {seat_col}", (sid,)).fetchall()
    why = None
    if [p[0] for p in players] != [0, 1, 2, 3]:
        why = f"it has {len(players)} players, not four at places 0–3"
    elif not all(isinstance(p[1], int) for p in players):
        bad = next(p for p in players if not isinstance(p[1], int))
        why = f"its player at place {bad[0]} has the user id {quote(bad[1])}, not a whole number"
    elif not all(isinstance(p[2], int) for p in players):
        bad = next(p for p in players if not isinstance(p[2], int))
        why = f"its player at place {bad[0]} has the points {quote(bad[2])}, not a whole number"
    elif drt not in DOUBLING:
        why = f"its double-round type {quote(drt)} is not one the server knows"
    if why is not None:
        for gid, _ in games:
            out.findings.append(Finding(
                "IMPORT-UNREADABLE", f"game {gid}: session {sid} cannot be read: {why}; the "
                "game is not imported", f"/game/{gid}"))
        return None
    return players


def _session_deals(con: sqlite3.Connection, out: ImportResult, games: list[Any],
                   rules: IllustratedRules, old: bool) -> tuple[list[dict[str, Any]], bool]:
    """The deals of a session's games that can be read, and whether one could not be."""
    game_by_id = all_games()["illustrated"]
    deals: list[dict[str, Any]] = []
    periods: tuple[int, ...] = ()
    failed = False
    for i, (gid, beginner) in enumerate(games):
        carry = list(periods)
        try:
            try:
                engine = _one_game(con, int(gid), beginner, rules, periods, old)
            except (TypeError, ValueError) as err:      # a value of the wrong kind
                raise _Skip(Finding("IMPORT-UNREADABLE", f"game {gid} cannot be read: "
                                    f"{str(err)[:200]}; it is not imported",
                                    f"/game/{gid}")) from None
        except _Skip as skip:
            out.findings.append(skip.finding)
            if skip.finding.code == "IMPORT-INCOMPLETE":
                out.unfinished += 1
            if skip.finding.code != "IMPORT-INCOMPLETE" or i + 1 < len(games):
                failed = True
            # the next game's beginner tells whether this one was thrown in
            if i + 1 < len(games):
                periods = periods_after(periods, games[i + 1][1] == beginner, rules, 4)
            continue
        deal = {"dealer": engine.dealer, **game_by_id.record_of(engine),
                "_akos_game_id": int(gid), "_akos_beginner_player": int(beginner)}
        deals.append({"carry": {"periods": carry}, **deal} if carry else deal)
        periods = next_periods(engine)
    return deals, failed


def _write_session(out: ImportResult, sid: int, envelope: dict[str, Any], ids: dict[str, Any],
                   deals: list[dict[str, Any]], failed: bool, players: list[Any],
                   user_ids: list[int]) -> None:
    """A session's records: the session whole when it validates, else one record a game."""
    if not failed and len(deals) > 1:
        session = {**envelope, "deals": [{k: v for k, v in d.items() if k != "carry"}
                                         for d in deals], **ids}
        rep = validate_record(session)
        if rep.valid and _writable(session, out, f"session {sid}",
                                   f"/game_session/{sid}"):
            out.records.append(session)
            out.imported += len(deals)
            stored = [int(p[2]) for p in players]
            if rep.totals is not None and rep.totals != stored:
                out.findings.append(Finding(
                    "IMPORT-TOTALS", f"session {sid}: the server's stored points {stored} "
                    f"differ from the totals tarockrec computes {rep.totals}: a rule of "
                    "the server is not reproduced, or the session lacks games",
                    f"/game_session/{sid}", "warning"))
            return
        if not rep.valid:
            first = next(f for f in rep.findings if f.severity == "error")
            out.findings.append(Finding(
                "IMPORT-RULES", f"session {sid}: its games do not form a valid session "
                f"under the rule set akos ({first}); they are written one record per game",
                f"/game_session/{sid}", "warning"))
    for d in deals:
        rec = {**envelope, **d, "_akos_game_session_id": sid, "_akos_user_ids": user_ids}
        rep = validate_record(rec)
        if rep.valid:
            if _writable(rec, out, f"game {d['_akos_game_id']}",
                         f"/game/{d['_akos_game_id']}"):
                out.records.append(rec)
                out.imported += 1
        else:
            first = next(f for f in rep.findings if f.severity == "error")
            out.findings.append(Finding(
                "IMPORT-RULES", f"game {d['_akos_game_id']}: the record does not validate "
                f"under the rule set akos ({first}); it is not imported",
                f"/game/{d['_akos_game_id']}", "warning"))


def _writable(rec: dict[str, Any], out: ImportResult, what: str, ptr: str) -> bool:
    """Whether the record can be written and read back as it is (what ``validate`` of the
    written file asks beyond ``validate_record``); if not, a finding says why."""
    problem = unwritable(rec)
    if problem is None:
        return True
    out.findings.append(Finding(
        "IMPORT-UNREADABLE", f"{what}: the record cannot be written as it stands "
        f"({problem.pointer}: {problem.message}); it is not imported", ptr))
    return False


def _one_game(con: sqlite3.Connection, gid: int, beginner: Any, rules: IllustratedRules,
              periods: tuple[int, ...], old: bool) -> IllustratedEngine:
    ptr = f"/game/{gid}"

    def unreadable(why: str) -> _Skip:
        return _Skip(Finding("IMPORT-UNREADABLE", f"game {gid} cannot be read: {why}; it is not "
                             "imported", ptr))

    if not isinstance(beginner, int) or beginner not in range(4):
        raise unreadable(f"its beginner_player {quote(beginner)} is not a place 0–3")
    rows = con.execute("SELECT ordinal, card FROM deck_card WHERE game_id = ? ORDER BY ordinal",
                       (gid,)).fetchall()
    if [r[0] for r in rows] != list(range(42)):
        raise unreadable(f"its deck has {len(rows)} cards, not 42 at places 0–41")
    odd = next((r for r in rows if not isinstance(r[1], str)), None)
    if odd is not None:
        raise unreadable(f"its card at place {odd[0]} is {quote(odd[1])}, not text")
    try:
        deck = [card_code(r[1]) for r in rows]
    except ValueError as err:
        raise unreadable(f"its deck holds {err}") from None
    if len(set(deck)) != 42:
        raise unreadable("its deck holds a card twice")
    acts = con.execute("SELECT ordinal, seat, action FROM action WHERE game_id = ? "
                       "ORDER BY ordinal", (gid,)).fetchall()
    for o, _, a in acts:
        if not isinstance(o, int):
            raise unreadable(f"an action has the ordinal {quote(o)}, not a whole number")
        if not isinstance(a, str):
            raise unreadable(f"its action {o} is {quote(a)}, not text")
    actions: list[tuple[int, Any, str]] = [(o, s, a) for o, s, a in acts]
    if old:
        # migration V3: absolute seats and deck places become relative to the beginner
        deck = [deck[(k + 9 * beginner) % 36] for k in range(36)] + deck[36:]
        actions = [(o, (s - beginner) % 4 if s in range(4) else s, _old_action(a))
                   for o, s, a in actions]
    else:
        actions = [(o, s, _old_action(a)) for o, s, a in actions]
    return _Game(gid, beginner, deck, actions, rules, periods).run()
