"""``tarockrec import akos``: AkosUzonyi/Tarock server databases built here, in SQLite, with the
server's schema (its migrations V0–V4, written from what they say), holding games our engine
played under the rule set ``akos`` and written in the server's action format."""
from __future__ import annotations

import json
import os
import random
import sqlite3
from typing import Any

import pytest
from click.testing import CliRunner

from tarockrec.cli import main
from tarockrec.engine import Action
from tarockrec.games import Batch, all_games
from tarockrec.games.illustrated.contracts import PACK
from tarockrec.games.illustrated.engine import IllustratedEngine
from tarockrec.games.illustrated.rules import IllustratedRules
from tarockrec.importers.akos import card_code, import_database, statement
from tarockrec.validate import validate_record

from conftest import SAMPLES

GAME = all_games()["illustrated"]

#: the server's tables after its migrations V0–V4 (SQLite spelling)
SCHEMA = """
CREATE TABLE user (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) NOT NULL,
    img_url VARCHAR(2083), registration_time BIGINT NOT NULL);
CREATE TABLE game_session (id INTEGER PRIMARY KEY AUTOINCREMENT, type VARCHAR(255) NOT NULL,
    double_round_type VARCHAR(255) NOT NULL, double_round_data INTEGER NOT NULL,
    current_game_id INTEGER, create_time BIGINT NOT NULL);
CREATE TABLE player (game_session_id INTEGER NOT NULL, {seat} TINYINT NOT NULL,
    user_id INTEGER NOT NULL, points INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_session_id, {seat}));
CREATE TABLE game (id INTEGER PRIMARY KEY AUTOINCREMENT, game_session_id INTEGER NOT NULL,
    beginner_player TINYINT NOT NULL, create_time BIGINT NOT NULL);
CREATE TABLE deck_card (game_id INTEGER NOT NULL, ordinal SMALLINT NOT NULL,
    card VARCHAR(255) NOT NULL, PRIMARY KEY (game_id, ordinal));
CREATE TABLE action (game_id INTEGER NOT NULL, ordinal SMALLINT NOT NULL, seat TINYINT NOT NULL,
    action VARCHAR(1024) NOT NULL, time BIGINT NOT NULL, PRIMARY KEY (game_id, ordinal));
"""

_SUIT = {"H": "a", "D": "b", "S": "c", "C": "d"}
_VALUE = {"K": 5, "Q": 4, "N": 3, "J": 2, "1": 1, "10": 1}
_LEVEL = {"three": 3, "two": 2, "one": 1, "solo": 0}
_BONUS = {"trull": "trull", "four_kings": "negykiraly", "double_game": "dupla",
          "volat": "volat", "xxi_catch": "xxifogas", "centrum": "kezbevacakT4",
          "kismadar": "kezbevacakT5", "nagymadar": "kezbevacakT6",
          "pagat_ultimo": "ultimoCt1T8", "pagat_uhu": "ultimoCt1T7",
          **{f"king_ultimo:{x}": f"ultimoC{s}5T8" for x, s in _SUIT.items()},
          **{f"king_uhu:{x}": f"ultimoC{s}5T7" for x, s in _SUIT.items()},
          "eight_tarokk": "nyolctarokk", "nine_tarokk": "kilenctarokk"}
_KONTRA = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra", "fedak_sari")


def server_card(c: str) -> str:
    return "t" + c[1:] if c.startswith("T") else _SUIT[c[0]] + str(_VALUE[c[1:]])


def server_statement(item: str, hkp: bool) -> str:
    word, _, target = item.partition(":")
    if word in _KONTRA:
        if hkp and word == "kontra" and not target:
            return "hkp"
        return f"{_BONUS[target] if target else 'jatek'}K{_KONTRA.index(word) + 1}"
    return _BONUS[item]


def server_game(e: IllustratedEngine) -> tuple[int, list[str], list[tuple[int, str]]]:
    """(beginner, deck, [(relative seat, action)]) of a deal our engine played."""
    b = e.forehand
    deck: list[str] = []
    for k in range(4):
        deck += [server_card(c) for c in PACK.codes_of(e.dealt[(b + k) % 4])]
    deck += [server_card(PACK.code(c)) for c in e.talon]
    acts: list[tuple[int, str]] = []

    def add(seat: int, text: str) -> None:
        acts.append(((seat - b) % 4, text))

    high: str | None = None
    bid: set[int] = set()
    for seat, call in e.calls:
        if call == "pass":
            if high == "solo" and seat not in bid:
                continue          # the server skips a player who cannot bid over a solo
            add(seat, "bid:p")
        else:
            high = high if call == "hold" else call
            bid.add(seat)
            add(seat, f"bid:{_LEVEL[high]}")        # type: ignore[index]
    if e.annul_seat is not None:
        add(e.annul_seat, "throw:")
    for seat in e.active:
        d = e.discards[seat]
        if d:
            add(seat, "fold:" + ",".join(server_card(c) for c in d))
    if e.called is not None:
        add(e.declarer, "call:" + server_card(PACK.code(e.called)))     # type: ignore[arg-type]
    hkp_said = False
    for seat, say in e.turns:
        for item in say:
            hkp = seat == e.discarder_of_called and not hkp_said
            text = server_statement(item, hkp)
            hkp_said = hkp_said or text == "hkp"
            add(seat, "announce:" + text)
        add(seat, "announce:passz")
    if e.table is not None:
        for _, cards, seats, _ in e.table.tricks:
            for c, s in zip(cards, seats):
                add(s, "play:" + server_card(PACK.code(c)))
    if e.is_over:
        for s in range(4):
            acts.append((s, "newgame:"))
    return b, deck, acts


def play_session(rules: IllustratedRules, games: int, seed: int) -> list[IllustratedEngine]:
    rng = random.Random(seed)
    carry = GAME.initial_carry(rules, 4)
    dealer = 3
    out = []
    for _ in range(games):
        e = GAME.random_deal(rng, 4, dealer, rules, carry)
        while not e.is_over:
            e.apply(GAME.choose(e, rng))
        out.append(e)
        carry = GAME.next_carry(e, carry)
        dealer = GAME.next_dealer(e, dealer, 4, {})
    return out


class Db:
    """A server database in a file, written the way the server writes it."""

    def __init__(self, path: str, old: bool = False) -> None:
        self.path = path
        self.old = old
        self.con = sqlite3.connect(path)
        self.con.executescript(SCHEMA.format(seat="seat" if old else "ordinal"))
        self.con.executemany("INSERT INTO user VALUES (?, ?, NULL, 0)",
                             [(1, "bot0"), (2, "bot1"), (3, "bot2"), (4, "Anna"), (5, "Béla")])

    def session(self, gtype: str = "illusztralt", drt: str = "none",
                users: tuple[int, ...] = (4, 2, 5, 3)) -> int:
        cur = self.con.execute("INSERT INTO game_session(type, double_round_type, "
                               "double_round_data, create_time) VALUES (?, ?, 0, 0)", (gtype, drt))
        sid = int(cur.lastrowid)        # type: ignore[arg-type]
        col = "seat" if self.old else "ordinal"
        self.con.executemany(f"INSERT INTO player(game_session_id, {col}, user_id) VALUES (?, ?, ?)",
                             [(sid, i, u) for i, u in enumerate(users)])
        return sid

    def game(self, sid: int, beginner: int, deck: list[str], acts: list[tuple[int, str]]) -> int:
        cur = self.con.execute("INSERT INTO game(game_session_id, beginner_player, create_time) "
                               "VALUES (?, ?, 0)", (sid, beginner))
        gid = int(cur.lastrowid)        # type: ignore[arg-type]
        if self.old:   # before migration V3: absolute deck places and seats, old action names
            deck = [deck[(k - 9 * beginner) % 36] for k in range(36)] + deck[36:]
            acts = [((s + beginner) % 4, _old(a)) for s, a in acts]
            acts.insert(1, (0, "chat:jó napot"))      # chat lived among the actions before V1
        self.con.executemany("INSERT INTO deck_card VALUES (?, ?, ?)",
                             [(gid, i, c) for i, c in enumerate(deck)])
        self.con.executemany("INSERT INTO action VALUES (?, ?, ?, ?, 0)",
                             [(gid, i, s, a) for i, (s, a) in enumerate(acts)])
        self.con.execute("UPDATE game_session SET current_game_id = ? WHERE id = ?", (gid, sid))
        return gid

    def add(self, sid: int, e: IllustratedEngine) -> int:
        """A game our engine played; the players' stored totals grow by its score, as the
        server adds them after each game (``GameSession.action``)."""
        col = "seat" if self.old else "ordinal"
        self.con.executemany(f"UPDATE player SET points = points + ? WHERE game_session_id = ? "
                             f"AND {col} = ?", [(d, sid, i) for i, d in enumerate(e.score().deltas)])
        return self.game(sid, *server_game(e))

    def points(self, sid: int, points: list[int]) -> None:
        col = "seat" if self.old else "ordinal"
        self.con.executemany(f"UPDATE player SET points = ? WHERE game_session_id = ? AND {col} = ?",
                             [(p, sid, i) for i, p in enumerate(points)])

    def close(self) -> str:
        self.con.commit()
        self.con.close()
        return self.path


def _old(text: str) -> str:
    """An action as the server wrote it before migration V4."""
    if text.startswith("fold:"):
        return "skart:" + text[5:]
    if text.startswith("announce:") and text != "announce:passz":
        body = text[9:]
        name, k, level = body.partition("K")
        body = f"{level if k else '0'}{name}"
        return "announce:" + body.replace("T", "R") if "T" in body else "announce:" + body
    return text


AKOS = IllustratedRules("akos")


@pytest.fixture(scope="module")
def session_games() -> list[IllustratedEngine]:
    return play_session(AKOS, 40, 11)


def test_card_and_statement_codes() -> None:
    assert [card_code(c) for c in ("t1", "t22", "a5", "b1", "c1", "d4", "c3", "a2")] == [
        "T1", "T22", "HK", "D1", "S10", "CQ", "SN", "HJ"]
    for bad in ("t0", "t23", "e1", "a6", "T1", ""):
        with pytest.raises(ValueError):
            card_code(bad)
    assert statement("trullK1") == "kontra:trull" and statement("jatekK2") == "rekontra"
    assert statement("hkp") == "kontra" and statement("ultimoCa5T8") == "king_ultimo:H"
    assert statement("nyolctarokk") == "eight_tarokk"
    assert statement("jatekK6") == "fedak_sari" and statement("trullK6") == "fedak_sari:trull"
    for bad in ("jatek", "zaroparos", "nyolctarokkK1", "trullKx", "jatekK7"):
        with pytest.raises(ValueError):
            statement(bad)


def test_session_imports_and_validates(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    db = Db(str(tmp_path / "t.db"))
    sid = db.session()
    gids = [db.add(sid, e) for e in session_games]
    totals = [sum(e.score().deltas[i] for e in session_games) for i in range(4)]
    other = db.session("zebi")
    zebi = db.game(other, 0, [server_card(c) for c in PACK.codes], [])
    res = import_database(db.close())
    assert [f.code for f in res.findings] == ["IMPORT-GAME-TYPE"]
    assert f"game {zebi} " in res.findings[0].message
    assert len(res.records) == 1
    rec = res.records[0]
    assert rec["rules"] == {"name": "akos"}
    assert rec["players"] == ["Anna", "bot1", "Béla", "bot2"]
    assert rec["_akos_game_session_id"] == sid and rec["_akos_user_ids"] == [4, 2, 5, 3]
    assert rec["_akos_points"] == totals
    assert [d["_akos_game_id"] for d in rec["deals"]] == gids
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings][:5]
    # every deal is the one our engine played, and scores the same
    for d, e in zip(rec["deals"], session_games):
        assert d["dealer"] == e.dealer
        assert d["auction"] == [{"seat": s, "call": c} for s, c in e.calls]
        assert d["deal"]["talon"] == [PACK.code(c) for c in e.talon]
    assert [s.deltas for s in rep.scores] == [e.score().deltas for e in session_games]  # type: ignore[union-attr]
    kinds = {("annul" if e.annul_seat is not None else e.phase) for e in session_games}
    assert {"done", "passed_out"} <= kinds


def test_doubling_types_map_to_options(tmp_path: Any) -> None:
    for drt, value in (("multiplying", "stacking"), ("stacking", "extend"),
                       ("peculating", "restart")):
        rules = IllustratedRules("akos", {"doubling_after_passout": value})
        engines = play_session(rules, 14, 5)
        assert any(e.redeal for e in engines) and any(e.multiplier > 1 for e in engines)
        db = Db(str(tmp_path / f"{drt}.db"))
        sid = db.session(drt=drt)
        for e in engines:
            db.add(sid, e)
        res = import_database(db.close())
        assert not res.findings
        (rec,) = res.records
        assert rec["rules"] == {"name": "akos", "options": {"doubling_after_passout": value}}
        rep = validate_record(rec)
        assert rep.valid
        assert [s.facts.get("multiplier") for s in rep.scores] == [  # type: ignore[union-attr]
            e.multiplier for e in engines]


def test_pre_v3_database(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    """A database from the server's SQLite years (before migrations V3 and V4) reads the same."""
    new, old = Db(str(tmp_path / "new.db")), Db(str(tmp_path / "old.db"), old=True)
    for db in (new, old):
        sid = db.session()
        for e in session_games[:12]:
            db.add(sid, e)
    a, b = import_database(new.close()), import_database(old.close())
    assert not a.findings and not b.findings
    assert a.records == b.records


def _broken_db(path: str, session_games: list[IllustratedEngine]) -> tuple[str, dict[str, int]]:
    db = Db(path)
    sid = db.session()
    played = [e for e in session_games if e.table is not None]
    ids: dict[str, int] = {}
    b, deck, acts = server_game(played[0])
    ids["ok"] = db.game(sid, b, deck, acts)
    ids["short_deck"] = db.game(sid, b, deck[:41], acts)
    ids["bad_card"] = db.game(sid, b, ["x9"] + deck[1:], acts)
    ids["bad_action"] = db.game(sid, b, deck, acts[:2] + [(0, "dance:t1")])
    ids["bad_announce"] = db.game(sid, b, deck, acts[:1] + [(0, "announce:zaroparos")])
    # a play out of turn: the server would never store it; the akos rules refuse it
    plays = [i for i, (_, a) in enumerate(acts) if a.startswith("play:")]
    swapped = list(acts)
    swapped[plays[0]], swapped[plays[1]] = swapped[plays[1]], swapped[plays[0]]
    ids["refused"] = db.game(sid, b, deck, swapped)
    # a seventh kontra level, which the server does not have (its levels end at Fedák Sári)
    turn = next(i for i, (_, a) in enumerate(acts) if a.startswith("announce:"))
    ids["kontra7"] = db.game(sid, b, deck, acts[:turn] + [(acts[turn][0], "announce:jatekK7")]
                             + acts[turn:])
    ids["unfinished"] = db.game(sid, b, deck, acts[:plays[5]])
    return db.close(), ids


def test_broken_games_are_findings(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    path, ids = _broken_db(str(tmp_path / "b.db"), session_games)
    res = import_database(path)
    by_game = {f.pointer.split("/")[2]: f for f in res.findings}
    expect = {"short_deck": "IMPORT-UNREADABLE", "bad_card": "IMPORT-UNREADABLE",
              "bad_action": "IMPORT-UNREADABLE", "bad_announce": "IMPORT-UNREADABLE",
              "refused": "IMPORT-RULES", "kontra7": "IMPORT-UNREADABLE",
              "unfinished": "IMPORT-INCOMPLETE"}
    for name, code in expect.items():
        f = by_game[str(ids[name])]
        assert f.code == code, (name, str(f))
    assert by_game[str(ids["refused"])].severity == "warning"
    assert by_game[str(ids["unfinished"])].severity == "info"
    # the session is broken, so each readable game is a record of its own, with its ids
    (rec,) = res.records
    assert rec["_akos_game_id"] == ids["ok"] and "deals" not in rec
    assert validate_record(rec).valid


def test_carry_of_standalone_records(tmp_path: Any) -> None:
    """A session with an unreadable game: the others are written one per record, each with
    the doubling state the earlier games left (the unreadable one's outcome is read from the
    next game's beginner)."""
    rules = IllustratedRules("akos", {"doubling_after_passout": "stacking"})
    engines = play_session(rules, 16, 5)
    first_redeal = next(i for i, e in enumerate(engines) if e.redeal)
    db = Db(str(tmp_path / "c.db"))
    sid = db.session(drt="multiplying")
    for i, e in enumerate(engines):
        b, deck, acts = server_game(e)
        db.game(sid, b, deck if i != first_redeal else deck[:40], acts)
    res = import_database(db.close())
    assert [f.code for f in res.findings] == ["IMPORT-UNREADABLE"]
    assert len(res.records) == len(engines) - 1
    for rec in res.records:
        assert validate_record(rec).valid
    after = res.records[first_redeal]
    assert after["carry"] == {"periods": list(engines[first_redeal + 1].periods)} != {"periods": []}


def test_not_a_database(tmp_path: Any) -> None:
    from tarockrec.importers.akos import DatabaseError
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DatabaseError):
        import_database(str(junk))
    other = sqlite3.connect(str(tmp_path / "other.db"))
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    with pytest.raises(DatabaseError, match="no table"):
        import_database(str(tmp_path / "other.db"))


def test_read_only(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    db = Db(str(tmp_path / "ro.db"))
    db.add(db.session(), session_games[0])
    path = db.close()
    os.chmod(path, 0o444)
    before = open(path, "rb").read()
    assert import_database(path).records
    assert open(path, "rb").read() == before
    assert not os.path.exists(path + "-journal") and not os.path.exists(path + "-wal")


def test_cli(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    db = Db(str(tmp_path / "cli.db"))
    sid = db.session()
    for e in session_games[:5]:
        db.add(sid, e)
    db.game(db.session("paskievics"), 1, [server_card(c) for c in PACK.codes], [])
    path = db.close()
    runner = CliRunner()
    out = runner.invoke(main, ["import", "akos", path])
    assert out.exit_code == 0, out.output
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1 and json.loads(lines[0])["_akos_game_session_id"] == sid
    assert "IMPORT-GAME-TYPE" in out.stderr
    target = tmp_path / "games.jsonl"
    out = runner.invoke(main, ["import", "akos", path, "-o", str(target)])
    assert out.exit_code == 0 and target.exists()
    assert runner.invoke(main, ["validate", str(target)]).exit_code == 0
    again = runner.invoke(main, ["import", "akos", path, "-o", str(target)])
    assert again.exit_code == 2 and "--force" in again.output
    missing = runner.invoke(main, ["import", "akos", path, "-o", str(tmp_path / "no" / "x.jsonl")])
    assert missing.exit_code == 2 and not (tmp_path / "no").exists()
    junk = tmp_path / "junk"
    junk.write_text("nothing")
    bad = runner.invoke(main, ["import", "akos", str(junk)])
    assert bad.exit_code == 2 and "tarockrec:" in bad.stderr
    broken, _ = _broken_db(str(tmp_path / "broken.db"), session_games)
    assert runner.invoke(main, ["import", "akos", broken]).exit_code == 1


def _thrown_scenarios() -> dict[str, tuple[int, list[str], list[tuple[int, str]]]]:
    """Deals thrown in the server's ways, found by seed: during the auction, the fourth's
    trial three after seeing the talon, and a player after the declarer has folded."""
    found: dict[str, tuple[int, list[str], list[tuple[int, str]]]] = {}
    for seed in range(5000):
        rng = random.Random(seed)
        e = GAME.random_deal(rng, 4, 3, AKOS, {"periods": []})
        if "auction" not in found:
            seat = next((s for s in e.active if e.can_annul(s)), None)
            if seat is not None:
                e.annul(seat)
                found["auction"] = server_game(e)
                continue
        while e.phase == "auction":
            e.apply(rng.choice([a for a in e.legal_actions() if a.kind == "bid"]))
        if e.phase != "discard":
            continue
        d = e.declarer
        assert d is not None
        if "trial" not in found and e.annul_case(d) == 6:
            e.annul(d)
            found["trial"] = server_game(e)
            continue
        other = next((s for s in e.active if s != d and e.annul_case(s) is not None), None)
        if "fold" not in found and other is not None and e.drawn[d]:
            b, deck, acts = server_game(e)
            fold = next(iter(e.legal_discards(d)))
            found["fold"] = (b, deck, acts + [((d - b) % 4, "fold:" + ",".join(
                server_card(c) for c in fold)), ((other - b) % 4, "throw:")])
        if len(found) == 3:
            return found
    raise AssertionError(f"no seed gives every scenario: {sorted(found)}")


def test_thrown_in_games(tmp_path: Any) -> None:
    db = Db(str(tmp_path / "thrown.db"))
    sid = db.session()
    scenarios = _thrown_scenarios()
    for b, deck, acts in scenarios.values():
        db.game(sid, b, deck, acts)
    res = import_database(db.close())
    assert not res.findings, [str(f) for f in res.findings]
    (rec,) = res.records
    assert validate_record(rec).valid
    for deal, (name, (b, _, acts)) in zip(rec["deals"], scenarios.items()):
        thrower = (b + next(s for s, a in acts if a == "throw:")) % 4
        assert deal["end"] == {"type": "annul", "seat": thrower}, name
        assert "exchange" not in deal
    assert len({d["dealer"] for d in rec["deals"]}) == 1      # a thrown-in deal is dealt again


def test_unreadable_sessions(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    db = Db(str(tmp_path / "s.db"))
    three = db.session(users=(1, 2, 3))
    g1 = db.add(three, session_games[0])
    odd = db.session(drt="sometimes")
    g2 = db.add(odd, session_games[0])
    db.session()                                   # a session without games: nothing
    nulls = db.session()
    g3 = db.add(nulls, session_games[0])
    db.con.execute("UPDATE action SET ordinal = 'x' WHERE game_id = ? AND ordinal = 0", (g3,))
    res = import_database(db.close())
    assert not res.records
    assert [(f.code, f.pointer) for f in res.findings] == [
        ("IMPORT-UNREADABLE", f"/game/{g1}"), ("IMPORT-UNREADABLE", f"/game/{g2}"),
        ("IMPORT-UNREADABLE", f"/game/{g3}")]
    assert "3 players" in res.findings[0].message and "sometimes" in res.findings[1].message


#: rules/illustrated.md §8 E1 written by hand as the server stores it (dealer s3, so the game's
#: beginner is player 0 and game seats are record seats); the folds come in the server's free
#: order, and s3 shows his side (rekontra) before declaring his 8 tarokks, as the server demands
E1_DECK = ("t2 t3 t4 t5 c4 c3 c2 a4 a3  t22 t21 t19 t18 t16 c5 a5 a2 b1  "
           "t6 t7 t8 d5 d4 d3 b5 b4 b3  t20 t17 t15 t14 t13 t12 t1 d2 a1  t11 c1 d1 t10 t9 b2")
E1_ACTIONS = """0 bid:p  1 bid:3  2 bid:p  3 bid:p
0 fold:b2  3 fold:d2  1 fold:b1,c1,d1  2 fold:b3  1 call:t20
1 announce:trull  1 announce:passz  2 announce:trullK1  2 announce:passz
3 announce:trullK2  3 announce:nyolctarokk  3 announce:ultimoCt1T8  3 announce:passz
0 announce:passz  1 announce:passz  2 announce:passz
0 play:c2  1 play:c5  2 play:t6  3 play:t9   3 play:t12 0 play:t2  1 play:t11 2 play:t7
3 play:t13 0 play:t3  1 play:t16 2 play:t8   1 play:t18 2 play:t10 3 play:t14 0 play:t4
1 play:t19 2 play:b4  3 play:t15 0 play:t5   1 play:t22 2 play:d3  3 play:t17 0 play:a3
1 play:t21 2 play:d4  3 play:t20 0 play:c3   1 play:a2  2 play:d5  3 play:a1  0 play:a4
0 play:c4  1 play:a5  2 play:b5  3 play:t1
0 newgame:  1 newgame:  2 newgame:  3 newgame:"""


def test_hand_written_e1(tmp_path: Any) -> None:
    tokens = E1_ACTIONS.split()
    acts = [(int(tokens[i]), tokens[i + 1]) for i in range(0, len(tokens), 2)]
    db = Db(str(tmp_path / "e1.db"))
    gid = db.game(db.session(), 0, E1_DECK.split(), acts)
    res = import_database(db.close())
    assert not res.findings
    (rec,) = res.records
    assert rec["_akos_game_id"] == gid and rec["dealer"] == 3
    assert rec["exchange"] == {"call": "T20", "discards": [
        ["DJ"], ["D1", "S10", "C10"], ["DN"], ["CJ"]]}
    assert rec["declarations"][2] == {"seat": 3, "say": [
        "rekontra:trull", "eight_tarokk", "pagat_ultimo"]}
    rep = validate_record(rec)
    assert rep.valid, [str(f) for f in rep.findings]
    assert rep.scores[0].deltas == [-21, 19, -21, 23]        # type: ignore[union-attr]


def test_stored_totals_compared(tmp_path: Any, session_games: list[IllustratedEngine]) -> None:
    db = Db(str(tmp_path / "p.db"))
    sid = db.session()
    for e in session_games[:6]:
        db.add(sid, e)
    db.points(sid, [5, -5, 0, 0])
    res = import_database(db.close())
    assert [f.code for f in res.findings] == ["IMPORT-TOTALS"]
    assert len(res.records) == 1 and validate_record(res.records[0]).valid


def _engine_of(rec: dict[str, Any]) -> IllustratedEngine:
    """The engine of a valid record, replayed action by action."""
    rules = GAME.rules(rec["rules"])
    e, found = GAME.make_engine(rules, 4, rec["dealer"], rec["deal"], {})
    assert e is not None and not found
    for _, step in GAME.replay(rec, e):
        if isinstance(step, Batch):
            step.run()
        else:
            assert isinstance(step, Action), step
            e.apply(step)
    assert e.is_over
    return e


def test_the_sixth_kontra_level_imports(tmp_path: Any) -> None:
    """A game with the server's sixth kontra level (``jatekK6``, Fedák Sári) imports under akos
    and scores as the server scored it: the points of the game shifted by the level
    (AnnouncementBase.calculatePoints), ×64. The deal: the samples' §4.11 chain up to mordkontra
    (the ×32 game, 32 to each seat of the declarer's side, and 4 for the silent double game,
    trull and four kings), answered with Fedák Sári by the declarer's partner: 64 + 4 = 68.
    A second game follows, so that the server's stored totals are compared as well."""
    with open(os.path.join(SAMPLES, "illustrated", "valid", "kontra_chain_mordkontra.json"),
              encoding="utf-8") as f:
        rec = json.load(f)
    rec.pop("result")
    rec["rules"] = {"name": "akos"}
    rec["declarations"][6]["say"] = ["fedak_sari"]
    rec["declarations"].append({"seat": 2, "say": []})
    k6 = _engine_of(rec)
    assert list(k6.score().deltas) == [-68, 68, -68, 68]
    rng = random.Random(3)
    nxt = GAME.random_deal(rng, 4, GAME.next_dealer(k6, k6.dealer, 4, {}), AKOS, {"periods": []})
    while not nxt.is_over:
        nxt.apply(GAME.choose(nxt, rng))
    db = Db(str(tmp_path / "k6.db"))
    sid = db.session()
    _, _, acts = server_game(k6)
    assert (2, "announce:jatekK5") in acts and (3, "announce:jatekK6") in acts
    db.game(sid, *server_game(k6))
    db.game(sid, *server_game(nxt))
    stored = [68 * s + d for s, d in zip((-1, 1, -1, 1), nxt.score().deltas)]
    db.points(sid, stored)
    res = import_database(db.close())
    assert not res.findings, [str(f) for f in res.findings]
    (session,) = res.records
    assert session["deals"][0]["declarations"][6] == {"seat": 3, "say": ["fedak_sari"]}
    rep = validate_record(session)
    assert rep.valid and rep.totals == stored
    assert list(rep.scores[0].deltas) == [-68, 68, -68, 68]  # type: ignore[union-attr]


#: hostile databases (issue 25 item 5): what a row holds -> the finding it gives
HOSTILE: dict[str, tuple[str, tuple[Any, ...], str, str]] = {
    # name: (SQL, its parameters, the code, a piece of the finding's sentence)
    "nul": ("UPDATE user SET name = ? WHERE id = 4", ("An\x00na",), "IMPORT-USER",
            "'\\x00'"),
    "uffff": ("UPDATE user SET name = ? WHERE id = 4", ("An\uffffna",), "IMPORT-USER",
              "'\\uffff'"),
    "not_utf8": ("UPDATE user SET name = CAST(X'416EFF6E61' AS TEXT) WHERE id = 4", (),
                 "IMPORT-USER", "not UTF-8 text (b'An\\xffna')"),
    "blob": ("UPDATE user SET name = X'00FF' WHERE id = 4", (), "IMPORT-USER",
             "a BLOB (b'\\x00\\xff')"),
    "text_user_id": ("ALTER TABLE user RENAME TO u0; CREATE TABLE user (id TEXT, name TEXT); "
                     "INSERT INTO user SELECT id, name FROM u0; "
                     "INSERT INTO user VALUES ('abc', 'Zed')", (), "IMPORT-USER-ID", "'abc'"),
    "text_player_user_id": ("UPDATE player SET user_id = 'x4' WHERE user_id = 4", (),
                            "IMPORT-UNREADABLE", "the user id 'x4', not a whole number"),
    "huge_action": ("UPDATE action SET action = ? WHERE ordinal = 3",
                    ("dance:" + "x" * 5_000_000,), "IMPORT-UNREADABLE",
                    "'dance:xxxx"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_database(tmp_path: Any, session_games: list[IllustratedEngine], case: str) -> None:
    """Each hostile row is a finding with a short quote; the rest is imported, and every
    record written validates from the file; a closing summary line."""
    sql, args, code, quoted = HOSTILE[case]
    db = Db(str(tmp_path / "h.db"))
    sid = db.session()
    for e in session_games[:3]:
        db.add(sid, e)
    if ";" in sql:
        db.con.executescript(sql)
    else:
        db.con.execute(sql, args)
    path = db.close()
    res = import_database(path)
    assert code in [f.code for f in res.findings], [str(f) for f in res.findings]
    found = next(f for f in res.findings if f.code == code)
    assert quoted in found.message and len(found.message) < 300, found.message[:400]
    for rec in res.records:
        assert "\x00" not in rec["players"][0] and "\uffff" not in rec["players"][0]
    if code == "IMPORT-USER":         # the game is written, the player named by id
        (rec,) = res.records
        assert rec["players"][0] == "user 4"
    runner = CliRunner()
    target = tmp_path / "out.jsonl"
    out = runner.invoke(main, ["import", "akos", path, "-o", str(target)])
    assert out.exit_code == (0 if code == "IMPORT-USER-ID" else 1), out.stderr[:500]
    assert len(out.stderr) < 3000
    last = out.stderr.splitlines()[-1]
    assert last == res.summary() and last.startswith("3 game(s): ")
    if res.records:
        checked = runner.invoke(main, ["validate", str(target)])
        assert checked.exit_code == 0, checked.output[:500]


def test_summary_counts(tmp_path: Any) -> None:
    """The closing line counts each game once: imported, not imported, unfinished, other."""
    path, _ = _broken_db(str(tmp_path / "b.db"), play_session(AKOS, 6, 11))
    db = sqlite3.connect(path)
    db.execute("INSERT INTO game_session(type, double_round_type, double_round_data, "
               "create_time) VALUES ('zebi', 'none', 0, 0)")
    sid = db.execute("SELECT max(id) FROM game_session").fetchone()[0]
    db.execute("INSERT INTO game(game_session_id, beginner_player, create_time) VALUES (?, 0, 0)",
               (sid,))
    db.commit()
    db.close()
    res = import_database(path)
    assert res.summary() == (f"9 game(s): 1 imported in 1 record(s), 6 not imported, "
                             f"1 unfinished, 1 of other types; {len(res.findings)} finding(s)")
