"""How completely the rules engine plays each card of a deck: what its figures stand on.

Each card of a deck is *modelled* (its effect runs, or it has none), *stats only* (it
plays by its printed figures; its rules text is not known to Cardhouse or not modelled:
every imported real Shadowfist character and site without an effect), or a *blank*
(nothing of it runs but its cost), as its game's engine says (Game.card_modelling). The
deck page, the goldfish and simulate commands and the simulation report give the counts
(beside the headline figure) and name every card that is not modelled (docs/play.md,
"What a figure stands on"). The statuses are the engine's (pure Python, it imports
nothing back); each card's is also stored in the catalogue (cards/modelling.py), which
words them (STATUS_WORDS).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cards.modelling import STATUS_WORDS
from decks.engine_rows import CardRows, line_rows
from decks.formats.rules import noun_for
from decks.lines import DeckLine
from play.engine.core import BLANK, MODELLED, MODELLING, STATS_ONLY, get_game


def deck_modelling(game: str, cards: CardRows) -> dict[str, Any]:
    """The deck's copies per status, and each card that is not modelled with why."""
    engine = get_game(game)
    counts = dict.fromkeys(MODELLING, 0)
    others = []
    for row, copies in cards:
        status, why = engine.card_modelling(row)
        counts[status] += copies
        if status != MODELLED:
            card = {"card": str(row["id"]), "name": row["name"], "copies": copies}
            others.append({**card, "status": status, "why": why})
    return {"noun": noun_for(game).many, "total": sum(counts.values()), "counts": counts,
            "not_modelled": others}  # fmt: skip


def lines_modelling(game: str, lines: Sequence[DeckLine]) -> dict[str, Any]:
    """:func:`deck_modelling` of a deck's lines (one query for its cards)."""
    return deck_modelling(game, line_rows(game, lines))


def modelling_words(modelling: Mapping[str, Any]) -> str:
    """ "38 of 55 cards modelled; 13 by printed stats only; 4 blanks", or "all 40 tiles
    modelled" only when every copy is."""
    total, counts, noun = modelling["total"], modelling["counts"], modelling["noun"]
    if counts[MODELLED] == total:
        return f"all {total} {noun} modelled"
    words = [f"{counts[MODELLED]} of {total} {noun} modelled"]
    if counts[STATS_ONLY]:
        words.append(f"{counts[STATS_ONLY]} by printed stats only")
    if counts[BLANK]:
        words.append(f"{counts[BLANK]} blank{'' if counts[BLANK] == 1 else 's'}")
    return "; ".join(words)


def modelling_shown(modelling: Mapping[str, Any]) -> dict[str, Any]:
    """What a page shows: the words, and each card not modelled with its status worded."""
    cards = [
        {**card, "status_words": STATUS_WORDS[card["status"]]} for card in modelling["not_modelled"]
    ]
    return {"words": modelling_words(modelling), "not_modelled": cards}


def not_modelled_lines(modelling: Mapping[str, Any]) -> list[str]:
    """One line per card that is not modelled: its copies, name, status and why."""
    return [
        f"  {card['copies']} {card['name']}: {STATUS_WORDS[card['status']]} ({card['why']})"
        for card in modelling["not_modelled"]
    ]
