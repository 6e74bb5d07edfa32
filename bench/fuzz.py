"""Fuzzing the readers, the validator and every writer.

    python bench/fuzz.py [--inputs 100000] [--seed 1] [--games koenigrufen,ulti,...]
                         [--summary FILE]

Each input is generated deals, sessions, score sheets or a tournament of some game — with its
tables inline, or in session files of their own beside it (``source``, each file JSON, XML or
text) — written as one record (JSON, XML, text) or several (a pretty JSON array as ``convert``
writes it, JSON Lines, an XML archive, text blocks) and then broken: bytes flipped, cut short,
pieces doubled, odd characters and numbers planted, values replaced anywhere in the record or
in a table's file. Each goes through what a user's file goes through: the reader
(``sources``), ``validate_record`` (a tournament's table files read beside it), ``convert
--sheet`` of every valid record (whose sheet must validate with the same scores and
standings), and — when the record reads — every writer (JSON, JSON Lines, XML, text) and the
XML and text readers again, which must give back the same record; the records of an archive
are written again as a pretty array and JSON Lines. A crash is any exception, an
``INTERNAL-ERROR`` finding, a sheet that scores otherwise, or a record that a writer changes.
The run reports crashes, inputs that took over two seconds of CPU time (this process's: the
work, not the load of a shared machine; until 2026-11-28 it was wall time) and the peak memory.
``tests/test_fuzz.py`` runs the same fuzzer over a few thousand seeded inputs.

Runs of 2026-11-28 (issue 35, complete; four shards of 25,000 each, niced, on a 2-core
machine shared with helpers' test runs, load average 5-7; ``--summary`` of each shard summed):
- on ``ac544a5`` (seeds 1-4): 100,000 inputs, 168,930 records read, 73,280 valid and reduced to
  sheets that score the same, 79,394 rewritten; **0 crashes** (no traceback, no INTERNAL-ERROR,
  no writer changing a record, no sheet scoring otherwise); 0 inputs over 2 s of CPU; nothing
  unreached (inputs by format: JSON 22,010, JSON array 14,988, JSON Lines 9,952, XML 18,209,
  XML archive 6,868, text 15,917, text archive 12,056; by kind: deals 42,028, sessions 18,044,
  sheets 18,129, tournaments 11,109, tournaments with table files 10,690); 2,730 s of CPU in
  all, 43 min wall per shard, peak 74 MB a shard.
- on ``f26f9f2`` (seeds 5-8): 100,000 inputs, 169,035 records read, 73,531 valid, 79,573
  rewritten, 0 tracebacks, 0 slow, nothing unreached, peak 70 MB a shard; **1 crash**, an
  INTERNAL-ERROR (seed 5, input 706: a table file's deal whose auction held ``null``, read
  before the file's schema check to count the round's deals; fixed in 4d2d8d5,
  tests/test_tournament_sheets.py).

Earlier run of 2026-11-28 (issue 35; tournaments inline and with their tables in files of JSON, XML or
text, every valid record made a score sheet; four shards of 25,000, seeds 1-4, niced on a
2-core machine at load average 8-16, so stopped at the session's deadline): 51,500 inputs,
86,893 records read, 37,780 valid and reduced to sheets that score the same, 40,805 rewritten,
every format/game/kind reached (tournaments with table files of every format too), peak 65 MB
a shard, 1 crash and no traceback: an INTERNAL-ERROR (a table's file whose players held a
number; fixed, tests/test_tournament_sheets.py); 1,451 inputs took over 2 s of wall time
(why slow is now CPU time).

Since 2026-11-26 (fifth session) the corpus also holds score sheets and tournaments. The last
100,000-input run before that (2026-11-26, four shards of 25,000, seeds 1-4, on a loaded 2-core
machine): 168,356 records read, 77,436 valid, 80,296 rewritten, 0 crashes (no traceback, no
INTERNAL-ERROR, no writer changing a record), every format/game/kind reached, peak 44 MB per
shard; 257 inputs took over 2 s of wall time while the full test suite ran beside it.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import resource
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tarockrec import games, schema  # noqa: E402
from tarockrec.codecs import jsonio, textio, xmlio  # noqa: E402
from tarockrec.generate import (deal_records, session_records, table_sizes_for,  # noqa: E402
                                tournament_record)
from tarockrec.tournament.sheet import to_sheet  # noqa: E402
from tarockrec.sources import Entry, units  # noqa: E402
from tarockrec.validate import validate_record  # noqa: E402

ODD_TEXTS = ["\\ud800", "\\udfff", "\\uffff", "\\ufffe", "\\u0000", "\\u001b", "\\u0085",
             "\\ud83c\\udccf", "\u00e9", "\u202e", "<", "&amp;", "]]>", "\\\\", "\\\"", "\t"]
ODD_NUMBERS = ["1e400", "-0", "1.0", "0.5", "18446744073709551616", "-1", "1e-400", "NaN",
               "Infinity", "99999999999999999999999999"]
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 2**70, 1.5, "", "T22", "XX", "pass",
                         [], {}, ["T1"] * 3, {"_x": 1}, "\ud800", "\uffff", [[[]]]]


#: a tournament of the corpus whose tables are in files: ``{file name: session record}``,
#: taken off before the tournament is written, the files written beside it
FILES = "_fuzz_files"


def corpus(game_names: list[str], per_game: int, seed: int) -> list[dict[str, Any]]:
    """Valid records to break: deals of every game and table size, a few sessions, their
    score sheets (``convert --sheet``: outcomes, no cards) and a small tournament, with its
    tables inline and in files of their own."""
    out: list[dict[str, Any]] = []
    for name in game_names:
        game = games.get(name)
        assert game is not None, name
        for k in game.table_sizes:
            deals = list(deal_records(name, per_game, seed, k))
            sessions = list(session_records(name, 2, 3, seed, k))
            out += deals + sessions
            out += [to_sheet(r) for r in deals[:max(1, per_game // 3)] + sessions[:1]]
        smallest = min(game.table_sizes)
        entrants = next(e for e in range(2 * smallest, 4 * smallest)
                        if table_sizes_for(e, game.table_sizes))
        tournament = tournament_record(name, entrants, 1, seed)
        out += [tournament, _in_files(tournament)]
    return out


def _in_files(tournament: dict[str, Any]) -> dict[str, Any]:
    """The tournament with each table's session in a file of its own (``tables/r1-t2.json``;
    the extension is chosen when an input is made)."""
    out = json.loads(json.dumps(tournament))
    names = {e["id"]: e["name"] for e in out["entrants"]}
    files: dict[str, Any] = {}
    for r, rnd in enumerate(out["rounds"]):
        for t, table in enumerate(rnd["tables"]):
            name = f"tables/r{r + 1}-t{t + 1}.json"
            files[name] = {"tarockrec": 1, "game": out["game"],
                           **({"rules": out["rules"]} if "rules" in out else {}),
                           "players": [names[s] for s in table["seats"]],
                           "deals": table.pop("deals"), "result": table["result"]}
            table["source"] = name
    out[FILES] = files
    return out


def kind_of(rec: dict[str, Any]) -> str:
    """``deal``, ``session``, ``sheet`` (a deal or session without cards), ``tournament`` or
    ``sources`` (a tournament with its tables in files)."""
    if "rounds" in rec:
        return "sources" if FILES in rec else "tournament"
    deals = rec.get("deals")
    first = deals[0] if isinstance(deals, list) and deals else rec
    if isinstance(first, dict) and "outcome" in first and "deal" not in first:
        return "sheet"
    return "session" if "deals" in rec else "deal"


KINDS = ("deal", "session", "sheet", "tournament", "sources")
#: the share of inputs made of each kind of record
KIND_WEIGHTS = (0.42, 0.18, 0.18, 0.11, 0.11)
#: how a table's session file is written: extension -> writer
SOURCE_FORMATS: dict[str, Callable[[dict[str, Any]], str]] = {
    ".json": lambda rec: jsonio.dumps(rec), ".xml": lambda rec: xmlio.dumps(rec),
    ".txt": lambda rec: textio.dumps(rec)}


# -- mutations ----------------------------------------------------------------------------
def _places(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _places(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _places(v, prefix + (i,))
    return out


def _set_anywhere(rng: random.Random, rec: Any) -> Any:
    rec = json.loads(json.dumps(rec))
    places = [p for p in _places(rec) if p]
    path = rng.choice(places)
    target = rec
    for key in path[:-1]:
        target = target[key]
    how = rng.random()
    if how < 0.15 and isinstance(target, dict):
        del target[path[-1]]
    elif how < 0.3 and isinstance(target, list):
        target.insert(path[-1], rng.choice(ODD_VALUES))
    else:
        target[path[-1]] = rng.choice(ODD_VALUES)
    return rec


def _text_mutation(rng: random.Random, text: str, kind: str = "json") -> str:
    n = len(text)
    i = rng.randrange(n)
    how = rng.randrange(8)
    if how == 0:
        return text[:i]                                               # cut short
    if how == 1:
        j = min(n, i + rng.randrange(1, 40))
        return text[:j] + text[i:]                                    # a piece doubled
    if how == 2:
        return text[:i] + chr(rng.randrange(0x20, 0x7f)) + text[i + 1:]   # one character
    if how == 3:
        return text[:i] + rng.choice(ODD_TEXTS) + text[i:]
    if how == 4:
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            k = rng.choice(digits)
            return text[:k] + rng.choice(ODD_NUMBERS) + text[k + 1:]
        return text
    if how == 5:
        depth = rng.choice([50, 199, 201, 1000, 3000])          # deep nesting planted
        if kind == "text":                    # a private field: an exact tag [key = JSON]
            k = text.find("\n")
            return text if k < 0 else (text[:k + 1] + '[_deep = ' + "[" * depth + "]" * depth
                                       + "]\n" + text[k + 1:])
        if kind == "json":
            k = text.find(",")
            return text if k < 0 else text[:k] + ', "_deep": ' + "[" * depth + "]" * depth + text[k:]
        found = re.search(r"<(deal|session|tournament)\b", text)
        k = text.find(">", found.end()) if found else -1
        return text if k < 0 else text[:k + 1] + "<x>" * depth + "</x>" * depth + text[k + 1:]
    if how == 6:
        j = min(n, i + rng.randrange(1, 200))
        return text[:i] + text[j:]                                    # a piece cut out
    return text.replace(rng.choice(['"T1"', '"SK"', '"HA"', "T1 ", "SK "]),
                        rng.choice(['"T23"', '"SX"', '"T1"', "T0 ", "ZZ "]), 1)


def _pretty_array(recs: list[dict[str, Any]]) -> str:
    """What ``convert`` writes for several records to a ``.json`` file: a pretty array."""
    from tarockrec.codecs.serialise import serialise as _serialise
    return "".join(_serialise(iter(recs), "json"))


#: how the records of an input are written: format -> (file extension, how many records,
#: writer, weight); every format is drawn for deals and sessions of every game
FORMATS: dict[str, tuple[str, tuple[int, int], Callable[[list[dict[str, Any]]], str], float]] = {
    "json": (".json", (1, 1), lambda recs: jsonio.dumps(recs[0]), 0.22),
    "json-array": (".json", (2, 4), _pretty_array, 0.15),
    "jsonl": (".jsonl", (2, 4), lambda recs: "".join(jsonio.dumps(r, compact=True) + "\n"
                                                      for r in recs), 0.1),
    "xml": (".xml", (1, 1), lambda recs: xmlio.dumps(recs[0]), 0.18),
    "xml-archive": (".xml", (2, 4), lambda recs: "".join(xmlio.iter_dumps(iter(recs))), 0.07),
    "text": (".txt", (1, 1), lambda recs: textio.dumps(recs[0]), 0.16),
    "text-archive": (".txt", (2, 4), lambda recs: "".join(textio.iter_dumps(iter(recs))), 0.12),
}


def label(fmt: str, rec: dict[str, Any]) -> str:
    """``format/game/kind`` of an input: what the fuzzer reached."""
    return f"{fmt}/{rec.get('game')}/{kind_of(rec)}"


def _table_files(rng: random.Random, recs: list[dict[str, Any]]) -> dict[str, bytes]:
    """For tournaments with their tables in files: takes the files off ``recs`` (in place),
    writes them in one of ``SOURCE_FORMATS`` (the tables' ``source`` renamed to match), and
    breaks one of them now and then; ``{file name: bytes}``."""
    files: dict[str, Any] = {}
    for rec in recs:
        files = rec.pop(FILES, None) or files
    if not files:
        return {}
    ext = rng.choice(list(SOURCE_FORMATS))
    for rec in recs:
        for rnd in rec.get("rounds") or []:
            for table in rnd.get("tables") or [] if isinstance(rnd, dict) else []:
                source = table.get("source") if isinstance(table, dict) else None
                if isinstance(source, str) and source.endswith(".json"):
                    table["source"] = source[:-5] + ext
    names = sorted(files)
    broken = rng.choice(names)
    out: dict[str, bytes] = {}
    for name in names:
        session = files[name]
        if name == broken and rng.random() < 0.2:
            session = _set_anywhere(rng, session)
        try:
            text = SOURCE_FORMATS[ext](session)
        except Exception:       # a value no writer can write: the JSON reader gets it raw
            text = json.dumps(session)
        if name == broken and rng.random() < 0.2:
            text = _text_mutation(rng, text, {".txt": "text", ".xml": "xml"}.get(ext, "json"))
        out[name[:-5] + ext] = text.encode("utf-8", "surrogatepass")
    return out


def inputs(records: list[dict[str, Any]], count: int, seed: int) -> Any:
    """(label, name, bytes, files): records of one game and kind written in one of
    ``FORMATS`` (a single record, or several as a pretty JSON array, JSON Lines, an XML
    archive or text blocks), then broken; ``files``: a tournament's table files to write
    beside it (``{name: bytes}``)."""
    rng = random.Random(seed)
    groups: dict[tuple[Any, str], list[dict[str, Any]]] = {}
    for rec in records:
        groups.setdefault((rec["game"], kind_of(rec)), []).append(rec)
    game_names = sorted({g for g, _ in groups})
    names, weights = list(FORMATS), [f[3] for f in FORMATS.values()]
    for k in range(count):
        game = rng.choice(game_names)
        chosen = rng.choices(KINDS, KIND_WEIGHTS)[0]
        pool = groups.get((game, chosen)) or groups[(game, "deal")]
        fmt = rng.choices(names, weights)[0]
        ext, (lo, hi), write, _ = FORMATS[fmt]
        recs = [rng.choice(pool) for _ in range(rng.randint(lo, hi))]
        files: dict[str, bytes] = {}
        if chosen == "sources":
            recs = [json.loads(json.dumps(r)) for r in recs]
            where = label(fmt, recs[0])
            files = _table_files(rng, recs)
        else:
            where = label(fmt, recs[0])
        if rng.random() < 0.35:
            i = rng.randrange(len(recs))
            recs[i] = _set_anywhere(rng, recs[i])
        kind = "text" if ext == ".txt" else "xml" if ext == ".xml" else "json"
        try:
            text = write(recs)
        except Exception:  # a value no writer can write: give it to the JSON reader raw
            kind, ext = "json", ".json" if len(recs) == 1 else ".jsonl"
            dump = (lambda r: json.dumps(r, ensure_ascii=False)) if rng.random() < 0.5 \
                else json.dumps
            text = dump(recs[0]) if len(recs) == 1 else "".join(dump(r) + "\n" for r in recs)
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            if text:
                text = _text_mutation(rng, text, kind)
        yield where, f"input-{k}{ext}", text.encode("utf-8", "surrogatepass"), files


# -- one input through the whole path ------------------------------------------------------
@dataclass
class Outcome:
    crashes: list[str] = field(default_factory=list)
    slow: list[tuple[str, float]] = field(default_factory=list)
    records: int = 0
    valid: int = 0
    rewritten: int = 0
    #: inputs, and valid records read, by ``format/game/kind`` (and by the format of a
    #: tournament's table files: ``table-file.xml/game/sources``)
    reached: Counter[str] = field(default_factory=Counter)
    valid_by: Counter[str] = field(default_factory=Counter)
    sheets: int = 0
    #: seconds spent on the current input's score sheets (``convert --sheet``, a command of
    #: its own: timed apart from reading and validating)
    sheet_seconds: float = 0.0
    #: CPU seconds past which an input is listed as slow
    slow_after: float = 2.0


def _entries_of(name: str, data: bytes, folder: str | None = None) -> list[Entry]:
    """Read ``data`` as the file reader reads a file called ``name`` (in ``folder``, where
    it is left for the tables' files; else in a temporary file, removed)."""
    import tempfile
    if folder is not None:
        path = os.path.join(folder, name)
        with open(path, "wb") as fp:
            fp.write(data)
    else:
        fd, path = tempfile.mkstemp(suffix=os.path.splitext(name)[1])
        with os.fdopen(fd, "wb") as fp:
            fp.write(data)
    try:
        out: list[Entry] = []
        for unit in units(path):
            out += [unit] if isinstance(unit, Entry) else list(unit.entries())
        return out
    finally:
        if folder is None:
            os.unlink(path)


def check_one(name: str, data: bytes, outcome: Outcome, where: str = "",
              files: dict[str, bytes] | None = None) -> None:
    """One input through the whole path; ``files``: a tournament's table files, written
    beside it."""
    import tempfile
    t = time.process_time()
    outcome.reached[where] += 1
    outcome.sheet_seconds = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for file_name, text in (files or {}).items():
            os.makedirs(os.path.dirname(os.path.join(folder, file_name)), exist_ok=True)
            with open(os.path.join(folder, file_name), "wb") as fp:
                fp.write(text)
        _check_in(name, data, outcome, where, folder, files or {})
    dt = time.process_time() - t - outcome.sheet_seconds
    if dt > outcome.slow_after:
        outcome.slow.append((name, dt))


def _check_in(name: str, data: bytes, outcome: Outcome, where: str, folder: str,
              files: dict[str, bytes]) -> None:
    try:
        read: list[Any] = []
        for entry in _entries_of(name, data, folder):
            outcome.records += 1
            if entry.problem is not None:
                continue
            rep = validate_record(entry.record, entry.index, entry.line, entry.lines,
                                  origin=entry.source)
            if any(f.code == "INTERNAL-ERROR" for f in rep.findings):
                outcome.crashes.append(f"{name}: INTERNAL-ERROR {rep.findings}")
                continue
            outcome.valid += rep.valid
            outcome.valid_by[where] += rep.valid
            for file_name in files:
                outcome.valid_by["table-file" + os.path.splitext(file_name)[1] + "/"
                                 + where.split("/", 1)[1]] += rep.valid
                break
            if rep.valid:
                _sheet(name, entry, rep, outcome)
            if schema.fast_check(entry.record):      # what convert writes: records of the schema's shape
                _rewrite(name, entry.record, outcome)
                read.append(entry.record)
        if len(read) > 1:
            # convert's archive writers: a pretty array and JSON Lines read back the same
            for ext, text in ((".json", _pretty_array(read)),
                              (".jsonl", FORMATS["jsonl"][2](read))):
                back = [e.record for e in _entries_of("again" + ext, text.encode())]
                if back != read:
                    outcome.crashes.append(f"{name}: the {ext} archive writer changed records")
    except Exception:
        outcome.crashes.append(f"{name}: {traceback.format_exc(limit=3)}")


def _sheet(name: str, entry: Entry, rep: Any, outcome: Outcome) -> None:
    """``convert --sheet`` of a valid record: its sheet validates with the same scores, totals
    and standings (timed apart: a slow one is listed as ``name (sheet)``)."""
    t = time.process_time()
    sheet = to_sheet(entry.record, entry.source)
    again = validate_record(sheet, origin=entry.source)

    def scored(r: Any) -> Any:
        return ([None if s is None else s.deltas for s in r.scores], r.totals,
                None if r.standings is None else [row.as_dict() for row in r.standings])
    if not again.valid or scored(again) != scored(rep):
        outcome.crashes.append(f"{name}: its score sheet validates otherwise "
                               f"({[str(f) for f in again.findings][:3]})")
    outcome.sheets += 1
    dt = time.process_time() - t
    outcome.sheet_seconds += dt
    if dt > outcome.slow_after:
        outcome.slow.append((name + " (sheet)", dt))


def _rewrite(name: str, rec: Any, outcome: Outcome) -> None:
    """Whatever was read, every writer writes, and the XML reader gives it back unchanged."""
    jsonio.dumps(rec)
    jsonio.dumps(rec, compact=True)
    xml = xmlio.dumps(rec)
    back = xmlio.loads(xml)
    if back != rec or jsonio.loads(jsonio.dumps(rec)) != rec \
            or textio.loads(textio.dumps(rec)) != rec:
        outcome.crashes.append(f"{name}: a writer changed the record")
    outcome.rewritten += 1


def run(count: int, seed: int, game_names: list[str], per_game: int = 30,
        progress: Callable[[int, Outcome], None] | None = None,
        slow_after: float = 2.0) -> Outcome:
    outcome = Outcome(slow_after=slow_after)
    records = corpus(game_names, per_game, seed)
    for k, (where, name, data, files) in enumerate(inputs(records, count, seed)):
        check_one(name, data, outcome, where, files)
        if progress and (k + 1) % 500 == 0:
            progress(k + 1, outcome)
    return outcome


def unreached(out: Outcome, game_names: list[str], kinds: tuple[str, ...] = KINDS) -> list[str]:
    """The ``format/game/kind`` places no input reached, or where no valid record was read
    (with ``sources``: also each format of the table files, ``table-file.xml/game/sources``)."""
    places = [f"{f}/{g}/{k}" for f in FORMATS for g in game_names for k in kinds]
    if "sources" in kinds:
        places += [f"table-file{ext}/{g}/sources" for ext in SOURCE_FORMATS for g in game_names]
    return [w for w in places if not out.valid_by[w]]


def summary(out: Outcome, inputs_done: int, game_names: list[str], seconds: float,
            crashes: int = 20) -> dict[str, Any]:
    """The run's figures so far (and the first crashes and slow inputs)."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    return {"inputs": inputs_done, "records_read": out.records, "valid": out.valid,
            "rewritten": out.rewritten, "sheets": out.sheets, "crashes": len(out.crashes),
            "slower_than_2s": len(out.slow), "seconds": round(seconds, 1),
            "cpu_seconds": round(cpu.ru_utime + cpu.ru_stime, 1), "max_rss_MB": round(rss, 1),
            "inputs_by_format": {f: sum(n for w, n in out.reached.items()
                                        if w.startswith(f + "/")) for f in FORMATS},
            "inputs_by_kind": {k: sum(n for w, n in out.reached.items()
                                      if w.endswith("/" + k)) for k in KINDS},
            "unreached": unreached(out, game_names),
            "first_crashes": out.crashes[:crashes],
            "first_slow": [f"{name} {dt:.1f} s" for name, dt in out.slow[:crashes]]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default=",".join(games.all_games()))
    ap.add_argument("--summary", default=None, metavar="FILE",
                    help="rewrite FILE with the figures so far every 500 inputs (a long run "
                         "stopped early still tells what it did)")
    ap.add_argument("--out", metavar="FILE",
                    help="also write the result file FILE (bench/results/fuzz.json)")
    args = ap.parse_args()
    names = args.games.split(",")
    t = time.perf_counter()

    def progress(k: int, out: Outcome) -> None:
        print(f"\r{k:,} inputs", end="", file=sys.stderr, flush=True)
        if args.summary:
            with open(args.summary + ".part", "w", encoding="utf-8") as fp:
                json.dump(summary(out, k, names, time.perf_counter() - t), fp)
            os.replace(args.summary + ".part", args.summary)
    out = run(args.inputs, args.seed, names, progress=progress)
    print(file=sys.stderr)
    result = summary(out, args.inputs, names, time.perf_counter() - t, crashes=0)
    print(json.dumps({k: v for k, v in result.items() if not k.startswith("first_")}))
    if args.out:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import result_file
        result_file.write(
            args.out, title="Fuzzing", order=70, conditions=f"seed {args.seed}",
            tables=[result_file.table("One run.", ["inputs", "records read", "valid",
                                                   "rewritten", "crashes", "over 2 s CPU",
                                                   "unreached", "peak"],
                                      [[f"{result['inputs']:,}", f"{result['records_read']:,}",
                                        f"{result['valid']:,}", f"{result['rewritten']:,}",
                                        result["crashes"], result["slower_than_2s"],
                                        len(result["unreached"]),
                                        f"{result['max_rss_MB']:.0f} MB"]])],
            figures=result)
    for c in out.crashes[:20]:
        print(c)
    for name, dt in out.slow[:20]:
        print(f"slow: {name} {dt:.1f} s")
    sys.exit(1 if out.crashes or out.slow else 0)


if __name__ == "__main__":
    main()
