"""Checks on the dealt cards shared by every game: composition and the dealing procedure."""
from __future__ import annotations

from typing import Any, Sequence

from .cards import Pack
from .findings import Finding


def composition(pack: Pack, parts: Sequence[tuple[str, Any, int | None]]) -> tuple[list[Finding], list[int]]:
    """Check that ``parts`` — (pointer, list of codes, expected size or None) — hold every card
    of ``pack`` exactly once. Returns the findings and one mask per part."""
    fast = _fast(pack, parts)
    if fast is not None:
        return [], fast
    findings: list[Finding] = []
    seen: dict[int, str] = {}
    masks: list[int] = []
    for ptr, cards, size in parts:
        m = 0
        if not isinstance(cards, list):
            findings.append(Finding("REC-SCHEMA", "a list of cards is expected here", ptr))
            masks.append(0)
            continue
        if size is not None and len(cards) != size:
            findings.append(Finding("DEAL-COMPOSITION", f"this holds {len(cards)} cards; "
                                    f"{size} are dealt here", ptr))
        for i, code in enumerate(cards):
            card = pack.index.get(code) if isinstance(code, str) else None
            if card is None:
                findings.append(Finding("CARD-UNKNOWN", f"{code!r} is not a card of the "
                                        f"{pack.name} pack", f"{ptr}/{i}"))
                continue
            if card in seen:
                findings.append(Finding("DEAL-COMPOSITION", f"{code} is dealt twice (also at "
                                        f"{seen[card]})", f"{ptr}/{i}"))
                continue
            seen[card] = f"{ptr}/{i}"
            m |= 1 << card
        masks.append(m)
    missing = [pack.codes[i] for i in range(len(pack)) if i not in seen]
    if missing and not any(f.code == "CARD-UNKNOWN" for f in findings):
        shown = " ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
        findings.append(Finding("DEAL-COMPOSITION", f"{len(missing)} card(s) of the pack are "
                                f"missing from the deal: {shown}", parts[0][0].rsplit("/", 2)[0]))
    return findings, masks


def _fast(pack: Pack, parts: Sequence[tuple[str, Any, int | None]]) -> list[int] | None:
    """The common case in one pass: every part the right size, every card known, each once."""
    bit = pack.bit.__getitem__
    masks: list[int] = []
    union = count = 0
    try:
        for _, cards, size in parts:
            n = len(cards)
            if size is not None and n != size:
                return None
            # the bits added up: a card given twice carries into another bit, so the sum has
            # fewer bits set than cards (then the slow path names the duplicate)
            m = sum(map(bit, cards))
            if m.bit_count() != n:
                return None
            masks.append(m)
            union |= m
            count += n
    except (KeyError, TypeError):
        return None
    return masks if union == pack.full_mask and count == len(pack) else None
