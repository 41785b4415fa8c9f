"""What a simulation's figures stand on in card effects: its game's *effects version*
when it was created (``Simulation.effects_version``; cards/effects/history.py), and the
cards of its deck whose effect changed after that version.

The API and the pages both take it from :func:`effects_provenance`, the commands word
the version with :func:`effects_words`. A simulation created before the version was
recorded says it is not known and marks nothing: no version is guessed for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils import timezone

from cards.effects.history import changed_since
from play.engine.core import get_game
from play.simulations.models import Simulation

NOT_KNOWN = "not known: this simulation ran before the effects version was recorded"


def effects_words(game: str, version: int | None) -> str:
    """ "version 7 (Shadowfist)"; "version 0 (ChiZo RISING: no effect change recorded)"
    before any change; "not known: ..." for a simulation from before it was recorded."""
    if version is None:
        return NOT_KNOWN
    name = get_game(game).info.name
    if version == 0:
        return f"version 0 ({name}: no effect change recorded)"
    return f"version {version} ({name})"


def effects_provenance(simulation: Simulation) -> dict[str, Any]:
    """The simulation's effects version (None: not known), in words, and the cards of its
    deck whose effect changed since, in deck order (None when the version is not known:
    nothing can be said changed or not)."""
    version = simulation.effects_version
    changed = None
    if version is not None:
        changed = changed_cards(simulation.game, version, simulation.spec.get("cards", []))
    return {
        "version": version,
        "words": effects_words(simulation.game, version),
        "changed_since": changed,
    }


def changed_cards(game: str, version: int, cards: Iterable[Any]) -> list[dict[str, Any]]:
    """Of the spec's card rows, those whose effect changed after ``version``: the card's
    id and name (as simulated), the version of its latest change, when, by whom (None: a
    command or the shipped files) and from where."""
    names = {int(row["id"]): row["name"] for row, _copies in cards}
    changes = changed_since(game, version, names)
    return [
        {
            "card": card_id,
            "name": name,
            "version": change.number,
            "changed_at": change.created_at,
            "author": change.author.get_username() if change.author else None,
            "source": change.source,
        }
        for card_id, name in names.items()
        if (change := changes.get(card_id)) is not None
    ]


def change_details(card: dict[str, Any]) -> str:
    """ "(version 9, 2026-12-03, by alice: card page)", as the report shows it."""
    day = timezone.localtime(card["changed_at"]).date().isoformat()
    author = f", by {card['author']}" if card["author"] else ""
    return f"(version {card['version']}, {day}{author}: {card['source']})"


def effects_shown(provenance: dict[str, Any]) -> dict[str, Any]:
    """What a page shows: the words, and each changed card with its details worded."""
    changed = [{**card, "details": change_details(card)}
               for card in provenance["changed_since"] or []]  # fmt: skip
    return {"words": provenance["words"], "changed": changed}
