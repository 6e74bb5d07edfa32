"""Every rules section the package cites resolves to a heading of docs/rules/<game>.md.

A citation is ``§`` and a section number (``§5.4``, ``§4.10.2``; a range ``§3–§5`` is two), a
decision of the gap table (``G19``) or an appendix (``App. B``, ``Appendix C``). They are
collected from the package's source (comments, docstrings and strings alike), from the findings
the validator reports on every sample record, and from ``tarockrec codes`` (text and JSON).

Which game a citation belongs to, first rule that applies:

1. a game's name (or its ``rules/<game>.md``) written before it on the same line, the nearest one
   ("Cego §6.5, Carinthian §6.7");
2. the code it stands beside: a finding code's prefix (``KR-``, ``IT-``, ``CE-``, ``CA-``, ``UL-``),
   or for a finding the record's game;
3. the file's game package (``tarockrec/games/<game>/``), or the one game a module serves
   (``importers/akos.py``: Illustrated Tarokk);
4. otherwise it cannot be attributed, and must resolve in at least one game's rules.

A shared code of the catalogue (no game prefix, e.g. ``CARD-UNKNOWN`` at ``§1.2``) is listed by
``tarockrec codes GAME`` for every game, so its section must resolve in every game's rules.
"""
from __future__ import annotations

import glob
import json
import os
import re
from typing import Iterator

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tarockrec.cli import main
from tarockrec.catalogue import catalogue
from tarockrec.codes import rules_anchor, rules_link
from tarockrec.games import all_games
from tarockrec.validate import validate_record

GAMES = ("koenigrufen", "illustrated", "cego", "carinthian", "ulti")
_NAMES = re.compile(r"(?P<koenigrufen>K(?:ö|oe)nigrufen|rules/koenigrufen\.md)|"
                    r"(?P<illustrated>Illustrated|rules/illustrated\.md)|"
                    r"(?P<cego>Cego|rules/cego\.md)|"
                    r"(?P<carinthian>Carinthian|rules/carinthian\.md)|"
                    r"(?P<ulti>Ulti\b|rules/ulti\.md)")
_CITATION = re.compile(r"§\s?(\d+(?:\.\d+)*)|\bG(\d+)\b|\bApp(?:endix|\.)\s?([A-C])\b")
_PREFIX = {"KR": "koenigrufen", "IT": "illustrated", "CE": "cego", "CA": "carinthian",
           "UL": "ulti"}
#: modules outside ``games/`` that serve one game
_MODULE_GAME = {"akos.py": "illustrated"}
#: ``§`` and ``G`` tokens that are no rules citation: another standard's section, a spreadsheet cell
_NOT_RULES = (re.compile(r"RFC \d+ \(?$"), re.compile(r"(cell|reference)[^§]*``$"))
_HEADING = re.compile(r"^(#{2,4}) (?:(\d+(?:\.\d+)*)\.? |(G\d+) |Appendix ([A-C])\. )"
                      r".*?<a id=\"([^\"]+)\"></a>$")


def _doc(game: str) -> str:
    return os.path.join(ROOT, "docs", "rules", f"{game}.md")


def headings(text: str) -> dict[str, str]:
    """The citable headings of a rules page: citation (``§5.4``, ``G19``, ``App. B``) → anchor."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        m = _HEADING.match(line)
        if not m:
            continue
        label = (f"§{m.group(2)}" if m.group(2) else m.group(3) if m.group(3)
                 else f"App. {m.group(4)}")
        out[label] = m.group(5)
    return out


HEADINGS = {g: headings(open(_doc(g), encoding="utf-8").read()) for g in GAMES}


def citations(text: str) -> Iterator[tuple[str, str]]:
    """(citation, the text before it on its line) for each citation in ``text``."""
    for line in text.splitlines():
        for m in _CITATION.finditer(line):
            before = line[:m.start()]
            if any(p.search(before) for p in _NOT_RULES):
                continue
            label = (f"§{m.group(1)}" if m.group(1) else f"G{m.group(2)}" if m.group(2)
                     else f"App. {m.group(3)}")
            yield label, before


def named_game(before: str) -> str | None:
    """The game named nearest before a citation on its line, if any."""
    last = None
    for m in _NAMES.finditer(before):
        last = m.lastgroup
    return last


def unresolved(label: str, game: str | None, where: str,
               docs: dict[str, dict[str, str]]) -> list[str]:
    if game is not None:
        return [] if label in docs[game] else [f"{where}: {label} is no heading of "
                                               f"docs/rules/{game}.md"]
    if any(label in h for h in docs.values()):
        return []
    return [f"{where}: {label} (not attributed to one game) is a heading of no docs/rules page"]


def source_problems(docs: dict[str, dict[str, str]]) -> tuple[int, list[str]]:
    """(citations checked, those that do not resolve) over the package's source."""
    count, bad = 0, []
    for path in sorted(glob.glob(os.path.join(ROOT, "tarockrec", "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        parts = rel.split("/")
        file_game = (parts[2] if len(parts) > 3 and parts[1] == "games"
                     else _MODULE_GAME.get(parts[-1]))
        for n, line in enumerate(open(path, encoding="utf-8").read().splitlines(), 1):
            for label, before in citations(line):
                code = re.findall(r"\b(KR|IT|CE|CA|UL)-[A-Z]", before)
                game = named_game(before) or (_PREFIX[code[-1]] if code else file_game)
                count += 1
                bad += unresolved(label, game, f"{rel}:{n}", docs)
    return count, bad


def test_the_rules_pages_have_numbered_anchored_headings() -> None:
    for game in GAMES:
        h = HEADINGS[game]
        assert {"§1", "§5", "§6"} <= set(h), game          # every page has play and scoring
        for label, anchor in h.items():
            assert anchor == rules_anchor(label), (game, label, anchor)


def test_every_citation_in_the_source_resolves() -> None:
    count, bad = source_problems(HEADINGS)
    assert count > 1000                                   # the scan sees the package
    assert not bad, "\n".join(bad)


def test_the_check_fails_when_a_heading_is_removed() -> None:
    """Drop one heading each game's source cites: the same check must report it."""
    for game, label in (("koenigrufen", "§5.4"), ("cego", "§3.4"), ("ulti", "G4"),
                        ("carinthian", "G19"), ("illustrated", "§4.10.2")):
        docs = {g: dict(h) for g, h in HEADINGS.items()}
        del docs[game][label]
        _, bad = source_problems(docs)
        assert any(b.endswith(f"{label} is no heading of docs/rules/{game}.md") for b in bad), \
            (game, label)


def test_attribution() -> None:
    line = "the sheet entries (Cego §6.5, Carinthian §6.7), Königrufen §3.3; RFC 8259 §8.1"
    found = [(label, named_game(before)) for label, before in citations(line)]
    assert found == [("§6.5", "cego"), ("§6.7", "carinthian"), ("§3.3", "koenigrufen")]
    assert list(citations("cell: str   # its reference, e.g. ``G7``")) == []


def _finding_messages() -> Iterator[tuple[str, str, str | None, str]]:
    """(file, code, game, message) of every finding the sample records give."""
    for path in sorted(glob.glob(os.path.join(ROOT, "samples", "**", "*.json"), recursive=True)):
        try:
            rec = json.load(open(path, encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        rec_game = rec.get("game") if isinstance(rec, dict) else None
        for f in validate_record(rec, origin=path).findings:
            prefix = f.code.split("-")[0]
            game = _PREFIX.get(prefix) or (rec_game if rec_game in GAMES else None)
            yield os.path.relpath(path, ROOT), f.code, game, f.message


def test_every_citation_in_a_finding_message_resolves() -> None:
    count, bad = 0, []
    for path, code, game, message in _finding_messages():
        for label, before in citations(message):
            count += 1
            bad += unresolved(label, named_game(before) or game, f"{path} {code}", HEADINGS)
    assert count > 50                                     # the samples do cite sections
    assert not bad, "\n".join(bad)


def _code_games() -> dict[str, str | None]:
    owner: dict[str, str | None] = {c: None for c in catalogue()}
    for g in all_games().values():
        owner.update({c.code: g.name for c in g.codes})
    return owner


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_every_citation_of_tarockrec_codes_resolves(fmt: str) -> None:
    owner = _code_games()
    out = CliRunner().invoke(main, ["codes", "--format", fmt])
    assert out.exit_code == 0
    if fmt == "json":
        rows = [(e["code"], " ".join([e["section"], e["meaning"], e.get("unreachable", "")]))
                for e in json.loads(out.output)]
    else:
        rows = [(ln.split()[0], ln) for ln in out.output.splitlines()]
    count, bad = 0, []
    for code, text in rows:
        for label, before in citations(text):
            count += 1
            named = named_game(before)
            targets = [named] if named else [owner[code]] if owner[code] else list(GAMES)
            for game in targets:
                bad += unresolved(label, game, f"codes {code}", HEADINGS)
    assert count > 100
    assert not bad, "\n".join(bad)


def test_codes_json_links_each_code_to_its_rules_heading() -> None:
    owner = _code_games()
    runner = CliRunner()
    for game in (None, *GAMES):
        args = ["codes", "--format", "json"] + ([game] if game else [])
        for entry in json.loads(runner.invoke(main, args).output):
            link = entry.get("rules")
            cited = [label for label, _ in citations(entry["section"])]
            if not cited:
                assert link is None, entry
                continue
            doc_game = owner[entry["code"]] or game or "<game>"
            anchor = rules_anchor(cited[0])
            assert link == f"docs/rules/{doc_game}.md#{anchor}", entry
            for g in ([doc_game] if doc_game in GAMES else list(GAMES)):
                assert anchor in HEADINGS[g].values(), (g, entry)


def test_rules_link() -> None:
    assert rules_anchor("§4.10.2") == "s4.10.2" and rules_anchor("G19") == "g19"
    assert rules_anchor("App. B") == "app-b" and rules_anchor("notation") is None
    assert rules_link("§3–§5", "cego") == "docs/rules/cego.md#s3"
    assert rules_link("docs/tournaments.md", "cego") is None


def test_readme_and_docs_point_to_the_rules_inside_the_repository() -> None:
    pages = [os.path.join(ROOT, "README.md"), *glob.glob(os.path.join(ROOT, "docs", "*.md"))]
    for path in pages:
        text = open(path, encoding="utf-8").read()
        assert "shared/rules" not in text, path
    readme = open(pages[0], encoding="utf-8").read()
    assert "docs/rules/" in readme and "kept outside this repository" not in readme
    for game in GAMES:
        assert f"docs/rules/{game}.md" in readme


def test_every_citation_in_the_readme_and_docs_resolves() -> None:
    """The README and docs/*.md; a game named in a heading attributes the citations under it.
    docs/rulesets.md is left out: its sections are those of each rule set's source document
    (the ITVB's, a summary's), which the rule set files quote."""
    pages = [os.path.join(ROOT, "README.md"),
             *sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))]
    count, bad = 0, []
    for path in pages:
        if path.endswith("rulesets.md"):
            continue
        heading_game = None
        for n, line in enumerate(open(path, encoding="utf-8").read().splitlines(), 1):
            if line.startswith("#"):
                heading_game = named_game(line)
            for label, before in citations(line):
                count += 1
                bad += unresolved(label, named_game(before) or heading_game,
                                  f"{os.path.relpath(path, ROOT)}:{n}", HEADINGS)
    assert count > 100
    assert not bad, "\n".join(bad)


def test_every_option_names_the_rule_sets_that_change_it() -> None:
    from tarockrec import rulesets
    for game in GAMES:
        text = open(_doc(game), encoding="utf-8").read()
        rows = {ln.split("|")[1].strip().strip("`"): ln for ln in text.splitlines()
                if ln.startswith("| `")}
        for option in all_games()[game].Rules.options:
            assert option.name in rows, (game, option.name, "python tools/rules_options_table.py")
            row = rows[option.name]
            changers = {n for n, d in rulesets.for_game(game).items()
                        if d.options.get(option.name, option.default) != option.default}
            named = set(re.findall(r"`([a-z0-9_]+)`: ", row.split("|")[-2]))
            assert named == changers, (game, option.name, named, changers,
                                       "python tools/rules_options_table.py")
