"""Shadowfist designators, worked out from a card's title and subtitle.

Rules summary, "Designators": words in the title or subtitle of a card, not including
edge, state, site, event, feng or shui, nor articles, prepositions or conjunctions.
"""

from __future__ import annotations

import re

from cards.vocabulary import SHADOWFIST_NON_DESIGNATORS

_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")


def designators_of(title: str, subtitle: str = "") -> list[str]:
    """Distinct designators in order of appearance, capitalised as printed."""
    seen: dict[str, str] = {}
    for word in _WORD.findall(f"{title} {subtitle}"):
        word = word.strip("'-")
        if word.endswith("'s"):
            word = word[:-2]
        key = word.lower()
        if key and key not in SHADOWFIST_NON_DESIGNATORS and key not in seen:
            seen[key] = word
    return list(seen.values())
