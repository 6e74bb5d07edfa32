"""The text notation's vocabulary, which both of its readers (``textio``, ``textfast``) and its
writer use: the typed tags, the sections, the fields written as lists, where a record starts.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

# -- the vocabulary -----------------------------------------------------------------------------
#: typed tags: tag name -> record key
TYPED = {"Tarockrec": "tarockrec", "Game": "game", "Rules": "rules", "Option": "rules",
         "Meta": "meta", "Players": "players", "Dealer": "dealer", "Deals": "deals"}
#: sections of the record (and of a deal inside a session)
SECTIONS = ("carry", "auction", "exchange", "declarations", "play", "late_claims", "end",
            "outcome", "result", "notes")
#: sections that are keys of ``deal``
DEAL_SECTIONS = ("hands", "talon", "deck")
#: list sections whose entries ``seat:main k=v …`` name their main field
MAIN = {"auction": "call", "declarations": "say", "late_claims": "claim"}
#: the main fields written as a comma list (``-`` = empty)
COMMA_LISTS = ("say",)
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_KEYWORDS = {"null": None, "true": True, "false": False}

#: where a record starts, the text being cut there (``iter_text_stream`` cuts at the same
#: places): after a line holding only ``*``, blank and comment lines, a tag that is no
#: ``[Round …]``. Counted over ``b"\n*\n" + text``, the first record is counted too.
RECORD_START = re.compile(rb"\n[ \t]*\*[ \t]*(?:;[^\n]*)?\r?\n(?:[ \t]*(?:;[^\n]*)?\r?\n)*"
                          rb"(?![ \t]*\[\s*Round\b)(?=[ \t]*\[)")

#: one record read: (index, line, record or finding, line map)
TextEntry = tuple[int, int, Any, "Mapping[str, int] | None"]
