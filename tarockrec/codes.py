"""The catalogue of finding codes: every code tarockrec can report, with its severity, the rules
section it enforces and a one-line meaning.

The codes shared by every game are listed here; each game lists its own in
``tarockrec/games/<game>/codes.py`` (``CODES``) and names them on its ``Game`` (``codes``).
``tarockrec codes [GAME]`` prints the catalogue. The test suite fails when code reports a code
the catalogue lacks, or when no test triggers a catalogued code that is not marked
``unreachable`` (with the reason).
"""
from __future__ import annotations

from .findings import Severity
from .patterns import lazy
from .plain import Frozen

#: the first rules citation of a section: ``§4.10.2``, ``G19``, ``App. B`` / ``Appendix B``
_CITATION = lazy(r"§\s?(\d+(?:\.\d+)*)|\bG(\d+)\b|\bApp(?:endix|\.)\s?([A-C])\b")


class Code(Frozen):
    """One code of the catalogue."""

    __slots__ = _fields = ("code", "section", "meaning", "severity", "unreachable")
    code: str
    #: the section of ``docs/rules/<game>.md`` it enforces (``§4.3``, ``G19``); for the
    #: notation, the part of ``docs/notation.md`` or FORMAT.md
    section: str
    meaning: str
    severity: Severity
    #: why no record can trigger it (a defensive fallback); empty when tests trigger it
    unreachable: str

    def __init__(self, code: str, section: str, meaning: str, severity: Severity = "error",
                 unreachable: str = "") -> None:
        self.code = code
        self.section = section
        self.meaning = meaning
        self.severity = severity
        self.unreachable = unreachable

    def as_dict(self) -> dict[str, str]:
        out = {"code": self.code, "severity": self.severity, "section": self.section,
               "meaning": self.meaning}
        if self.unreachable:
            out["unreachable"] = self.unreachable
        return out


_FALLBACK = "a defensive fallback: every phase names its own code first"

#: codes of the notation, the reader and the shared checks (no game prefix)
SHARED: tuple[Code, ...] = (
    Code("IO-ERROR", "notation", "the input file cannot be read"),
    Code("INPUT-TOO-LARGE", "notation", "a record, or a file as stored or decompressed, is "
         "larger than the cap of its kind (docs/notation.md, Limits): the rest of the file is "
         "not read (a JSON record past its cap of values is skipped alone)"),
    Code("JSON-SYNTAX", "notation", "the input is not well-formed JSON"),
    Code("REC-TEXT", "notation", "a text holds a character no XML document can carry (a "
         "control character, U+FFFE, U+FFFF) or a lone surrogate, which no UTF-8 text can"),
    Code("REC-NUMBER", "notation", "a number beyond the range of a double (such as 1e400)"),
    Code("REC-DEPTH", "notation", "objects and lists nested more than 200 levels deep"),
    Code("XML-SYNTAX", "notation", "the input is not well-formed XML (or not UTF-8)"),
    Code("XML-DOCTYPE", "notation", "the XML carries a DOCTYPE or entity declaration, which "
         "tarockrec never reads"),
    Code("XML-ROOT", "notation", "the XML element is not a tarockrec record"),
    Code("XML-VALUE", "notation", "an XML element lacks a required attribute or holds a value "
         "of the wrong kind"),
    Code("XML-DUPLICATE", "notation", "an XML element gives one field twice (two <auction> "
         "elements in a deal, say)"),
    Code("JSON-DUPLICATE", "notation", "a JSON object names one field twice"),
    Code("TEXT-SYNTAX", "docs/textnotation.md", "the input is not well-formed text notation "
         "(the finding names the line and column)"),
    Code("TEXT-DUPLICATE", "docs/textnotation.md", "a text-notation block gives one field "
         "twice (two tags, a tag and a section, two pairs of one object)"),
    Code("XML-ATTRIBUTES", "notation", "an XML element carries more attributes than any "
         "record needs (more than 256)"),
    Code("XML-SEAT", "notation", "an XML per-seat entry names a seat other than its place"),
    Code("REC-SCHEMA", "notation", "the record does not have the shape the schema requires"),
    Code("REC-VERSION", "notation", "the record names a notation version this reader does not "
         "know"),
    Code("REC-PLAYERS", "notation", "the number of players is not a table size of the game"),
    Code("REC-DEALER", "notation", "the dealer is not a seat of the table"),
    Code("REC-NOTE", "notation", "a note is anchored at a place the record does not have"),
    Code("GAME-UNSUPPORTED", "notation", "this version of tarockrec cannot check records of "
         "the game"),
    Code("RULES-UNKNOWN", "rule sets", "the record names a rule set the game does not have"),
    Code("OPTION-UNKNOWN", "rule sets", "the record sets a rule option the game does not have"),
    Code("OPTION-VALUE", "rule sets", "a rule option is given a value of the wrong kind"),
    Code("OPTION-UNSUPPORTED", "rule sets", "a rule option value tarockrec does not implement"),
    Code("CARD-UNKNOWN", "§1.2", "a card code that is not in the game's pack"),
    Code("DEAL-COMPOSITION", "§2", "the dealt hands and talon are not exactly the pack, or a "
         "hand holds the wrong number of cards"),
    Code("DEAL-ORDER", "§2", "the deck order does not give the recorded hands and talon"),
    Code("ACTION-UNKNOWN", "engine", "an engine action of a kind the game does not have (a "
         "program calling the engine; records name only the game's kinds)"),
    Code("ACTION-VALUE", "engine", "an engine action whose seat or value has the wrong shape "
         "(a program calling the engine; the schema refuses such records first)"),
    Code("RESULT-SEAT", "notation", "a score sheet names a declarer or partner seat that is not "
         "at the table"),
    Code("RESULT-DECLARER", "scoring", "the recorded declarer differs from the replayed one"),
    Code("RESULT-CONTRACT", "scoring", "the recorded contract differs from the replayed one"),
    Code("RESULT-PARTNER", "scoring", "the recorded partner differs from the replayed one"),
    Code("RESULT-POINTS", "scoring", "the recorded card points differ from the counted ones"),
    Code("RESULT-TRICKS", "scoring", "the recorded trick counts differ from the replayed ones"),
    Code("RESULT-MULTIPLIER", "scoring", "the recorded multiplier differs from the recomputed "
         "one"),
    Code("RESULT-SHEET", "scoring", "the recorded score-sheet entries differ from the "
         "recomputed ones (Cego §6.5, Carinthian §6.7)"),
    Code("RESULT-SCORES", "scoring", "the recorded scores differ from the recomputed ones"),
    Code("RESULT-ZERO-SUM", "scoring", "the recorded scores do not add up to zero"),
    Code("RESULT-TOTALS", "scoring", "the session totals differ from the sum of its deals"),
    Code("RESULT-UNREACHABLE", "scoring", "a score sheet without an outcome writes scores "
         "that no outcome of its contract gives under its rule set"),
    Code("OUTCOME-CARDS", "docs/notation.md outcome", "a record with cards and an outcome: "
         "the outcome differs from what the cards give"),
    Code("OUTCOME-AUCTION", "docs/notation.md outcome", "the outcome names another contract, "
         "declarer or partner than the recorded calls fix"),
    Code("OUTCOME-SEAT", "docs/notation.md outcome", "the outcome names a seat the table does "
         "not have"),
    Code("OUTCOME-CONTRACT", "docs/notation.md outcome", "the outcome's contract is not one "
         "the rule set allows at this table"),
    Code("OUTCOME-PARTNER", "docs/notation.md outcome", "the outcome names a partner where the "
         "contract has none, leaves one out where it has one, or names the declarer"),
    Code("OUTCOME-ITEM", "docs/notation.md outcome", "the outcome writes a bonus the contract "
         "or rule set does not score (or writes one twice, or on a side that cannot make it)"),
    Code("OUTCOME-KONTRA", "docs/notation.md outcome", "a kontra factor beyond the rule set's "
         "highest level, on an item that cannot be kontra'd, or one the rules void (a "
         "Königrufen Solorufer's called king in the talon, G23)"),
    Code("OUTCOME-POINTS", "docs/notation.md outcome", "card points or trick counts outside "
         "what the contract and the pack allow: more or fewer than the cards of a side's "
         "tricks (and its share of the talon) can count"),
    Code("OUTCOME-CONFLICT", "docs/notation.md outcome", "facts of the outcome that cannot go "
         "together: a Valat made but the game lost, a won game with too few card points, a "
         "card placed in both sides' piles (Trull, kings, a bird, the called king), a trick "
         "won by both sides, a bonus written twice"),
    Code("OUTCOME-END", "docs/notation.md outcome", "an end (concession, claim, redeal, "
         "challenge) the contract or rule set does not allow, or items after one"),
    Code("OUTCOME-MISSING", "docs/notation.md outcome", "the outcome leaves out a fact its "
         "contract's score needs (the declarer, whether the game was won, a bid part)"),
    Code("OUTCOME-UNSUPPORTED", "docs/notation.md outcome", "tarockrec cannot score a written "
         "outcome of this game yet"),
    Code("TOURN-ENTRANT", "docs/tournaments.md", "two entrants share an id, or a table or an "
         "absence names an id the register of entrants does not have"),
    Code("TOURN-SEATED", "docs/tournaments.md", "an entrant is seated twice in one round, or "
         "both seated and marked absent"),
    Code("TOURN-UNSEATED", "docs/tournaments.md", "an entrant is neither seated nor marked "
         "absent in a round"),
    Code("TOURN-TABLE-SIZE", "docs/tournaments.md", "a table has a number of entrants the game "
         "is not played by"),
    Code("TOURN-TABLE-NAME", "docs/tournaments.md", "a table's name is empty, or two tables "
         "of one round have the same name (an unnamed table is called by its place)"),
    Code("TOURN-DEAL-LIMIT", "docs/tournaments.md", "a table plays more deals in a round than "
         "the rule set allows"),
    Code("TOURN-SOURCE", "docs/tournaments.md", "a table's session file cannot be read, is not "
         "read (outside the tournament's folder, not a regular file, too large), holds other "
         "than one session of the tournament's game and rules, or other players"),
    Code("TOURN-TOTALS", "docs/tournaments.md", "a table's written totals do not add up to zero, "
         "or differ from its session's"),
    Code("TOURN-NO-PLAY", "docs/tournaments.md", "a table gives neither deals, a session file, "
         "nor its totals, or its deals (inline or in its file) are none and no totals are "
         "written"),
    Code("TOURN-DRAW", "docs/tournaments.md", "a round is not seated as its stored draw (method, "
         "seed, seat order) gives from the field, the earlier rounds and the standings before "
         "it; the first table that differs is named"),
    Code("TOURN-DRAWN", "docs/tournaments.md", "a table of a drawn round has no play entered "
         "yet: the evening goes on, and the standings wait for its result", "info"),
    Code("TOURN-UNVERIFIED", "docs/tournaments.md", "a table gives only its totals: its deals "
         "were not checked", severity="info"),
    Code("TOURN-STANDINGS", "docs/tournaments.md", "the written standings differ from the ones "
         "the tables give"),
    Code("TOURN-ROUNDS", "docs/tournaments.md", "a tournament plays more rounds than its rule "
         "set's tournament block allows"),
    Code("TOURN-SUBSTITUTE", "docs/tournaments.md", "a table's substitutes or departures do "
         "not say consistently who played which deals"),
    Code("TOURN-PUBLISHED", "docs/tournaments.md", "a published list cannot be ranked: rounds "
         "given twice, a round without its rank points where the rule set gives them, or a "
         "place or table size no table of the game has"),
    Code("TOURN-RANKING", "docs/tournaments.md", "a tournament's own ranking block does not fit "
         "the rule-set schema's tournament block"),
    Code("SESSION-DEALER", "sessions", "a session deal is dealt by the wrong seat"),
    Code("SESSION-CARRY", "sessions", "the carried state written on a deal differs from the "
         "state the earlier deals leave"),
    Code("SHEET-UNVERIFIED", "notation", "a score sheet without cards: play and card points "
         "are taken on trust", severity="info"),
    Code("ARCHIVE-RANGE", "docs/archive.md", "a record holds a number beyond the archive's "
         "range (SQLite stores integers of at most 64 bits): the record is refused"),
    Code("EVENING-UNCONFIRMED", "docs/serve.md", "tarockrec serve: an evening cannot be "
         "finished while a table has not confirmed its result"),
    Code("EVENING-TOTALS-ONLY", "docs/serve.md", "tarockrec serve: a table entered its totals "
         "instead of its deals under a rule set that ranks by more than the totals (money "
         "counted deal by deal, or a tie-break on the deals played)"),
    Code("EVENING-TOTALS-DEALS", "docs/serve.md", "tarockrec serve: a table entered its totals "
         "while it has deals, or a deal while its totals stand: one or the other"),
    Code("EVENING-ENDED", "docs/serve.md", "tarockrec serve: a deal entered at a table the "
         "director ended early"),
    Code("ARCHIVE-SCHEMA", "docs/archive.md", "a file given as an archive holds a table, "
         "view, trigger or index tarockrec did not create, lacks one of its own, or is empty: "
         "it is refused before anything of it runs or is written"),
    Code("ARCHIVE-QUERY", "docs/archive.md", "archive query was given SQL that does more than "
         "read, or calls a function outside SQLite's own (such as fts3_tokenizer): refused"),
    Code("ARCHIVE-LIMIT", "docs/archive.md", "archive query was stopped at one of its bounds: "
         "its time (--timeout), its rows (--max-rows), or its memory"),
    Code("ARCHIVE-DAMAGED", "docs/archive.md", "the archive's file is damaged (SQLite finds a "
         "page malformed): the command stops and says so"),
    Code("ARCHIVE-WRITE", "docs/archive.md", "a write to the archive failed (a full disk, a "
         "file-size limit): nothing of it was stored; or it was stored, but the archive was "
         "left as two files (its -wal file beside it)"),
    Code("ARCHIVE-EXPORT", "docs/archive.md", "a tournament's table file cannot be written "
         "inline into one export file (it holds more than a table takes): export it into a "
         "folder"),
    Code("IMPORT-SHEET", "docs/tournaments.md", "a row of a director's spreadsheet cannot be "
         "read: a column is missing, a cell is not a whole number or is a formula whose value "
         "was not saved, a seat is taken twice, or an entrant's name differs from an earlier "
         "row"),
    Code("IMPORT-GAME-TYPE", "docs/akos.md", "an imported database holds a game of another "
         "type (not Illustrated Tarokk); it is not imported", severity="info"),
    Code("IMPORT-UNREADABLE", "docs/akos.md", "a game of an imported database cannot be read "
         "(a broken deck, an unknown card or action, a session without four players); it is "
         "not imported"),
    Code("IMPORT-RULES", "docs/akos.md", "the server accepted a game that the rule set akos "
         "refuses (a rule of the server tarockrec does not reproduce); it is not imported",
         severity="warning"),
    Code("IMPORT-TOTALS", "docs/akos.md", "the session totals the server stored differ from "
         "the ones tarockrec computes for the imported session (the records are written)",
         severity="warning"),
    Code("IMPORT-USER", "docs/akos.md", "a user's name in an imported database cannot be "
         "written (not UTF-8, a BLOB, a character no XML document can carry); the player is "
         "written as \"user <id>\"", severity="warning"),
    Code("IMPORT-USER-ID", "docs/akos.md", "a row of an imported database's user table has an "
         "id that is not a whole number; no player can be that user, the row is not read",
         severity="info"),
    Code("IMPORT-INCOMPLETE", "docs/akos.md", "a game of an imported database was not finished "
         "(the one being played, or an abandoned one); it is not imported", severity="info"),
    Code("INTERNAL-ERROR", "engine", "tarockrec itself failed on this record (a bug to "
         "report); the record is not judged"),
)


def rules_anchor(section: str) -> str | None:
    """The anchor of the first rules section ``section`` cites in ``docs/rules/<game>.md``
    (``§4.3`` → ``s4.3``, ``G19`` → ``g19``, ``App. B`` → ``app-b``), or ``None``."""
    m = _CITATION.search(section)
    if m is None:
        return None
    num, gap, app = m.groups()
    return f"s{num}" if num else f"g{gap}" if gap else f"app-{app.lower()}"


def rules_link(section: str, game: str) -> str | None:
    """Where a reader finds ``section`` of ``game``'s rules: ``docs/rules/<game>.md#anchor``."""
    anchor = rules_anchor(section)
    return None if anchor is None else f"docs/rules/{game}.md#{anchor}"
