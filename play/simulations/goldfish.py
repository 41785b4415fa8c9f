"""Goldfish runners of the deck games (named by play.simulations.runners.GOLDFISH_RUNNERS).
Each runner turns the engine's goldfish record into the common record that
play/simulations/tallies.py reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from play.engine.core.values import digest
from play.matches.setups import CardRows
from play.matches.tables import spec_table

# The engines compile a card list once per list object. Every chunk of a simulation reads
# its spec anew from the database, so equal decks are mapped to one list object by content.
_compiled: dict[str, tuple[list[dict[str, Any]], list[int]]] = {}
_KEEP = 8


_last: list[Any] = [None, None]  # the spec object seen last (kept alive) and its entry


def _cards_and_deck(cards: CardRows) -> tuple[list[dict[str, Any]], list[int]]:
    if _last[0] is cards:  # the games of one chunk share one spec object
        entry: tuple[list[dict[str, Any]], list[int]] = _last[1]
        return entry
    key = digest([[row, count] for row, count in cards])
    if key not in _compiled:
        if len(_compiled) >= _KEEP:
            _compiled.pop(next(iter(_compiled)))
        rows = [row for row, _count in cards]
        deck = [row["id"] for row, count in cards for _ in range(count)]
        _compiled[key] = (rows, deck)
    _last[:] = [cards, _compiled[key]]
    return _compiled[key]


def _first_turns(drawn: Sequence[int | str], turns: Sequence[int]) -> dict[str, int]:
    first: dict[str, int] = {}
    for card, turn in zip(drawn, turns, strict=True):
        first.setdefault(str(card), turn)
    return first


def turn_cap(game: str, spec: Mapping[str, Any]) -> int:
    """The turn a goldfish of ``game`` plays to at most: the spec's ``max_turns``, else
    the game's default (ChiZo: the tile data's; Shadowfist: the goldfish module's)."""
    if spec.get("max_turns"):
        return int(spec["max_turns"])
    if game == "chizo":
        from play.engine.games.chizo.tiles import GOLDFISH_MAX_TURNS

        return GOLDFISH_MAX_TURNS
    from play.engine.games.shadowfist.goldfish import DEFAULT_MAX_TURNS

    return DEFAULT_MAX_TURNS


def chizo_goldfish(spec: dict[str, Any], seed: int) -> dict[str, Any]:
    from play.engine.games.chizo.goldfish import goldfish

    tiles, stack = _cards_and_deck(spec["cards"])
    record = goldfish(
        tiles,
        stack,
        seed,
        bot=spec["bot"],
        max_turns=turn_cap("chizo", spec),
        effect_points=spec.get("effect_points") or "shown",
        board=spec_table("chizo", spec),
    )
    return {
        "turn": record.turn_reached,
        "drawn": _first_turns(record.drawn, record.drawn_turns),
        "played": [str(card) for card in record.played],
        "never_playable": sorted({str(card) for card in record.never_playable}),
        "blanks": sorted({str(card) for card in record.unmodelled}),
        "points_by_turn": list(record.points_by_turn),
    }


def shadowfist_goldfish(spec: dict[str, Any], seed: int) -> dict[str, Any]:
    from play.engine.games.shadowfist.goldfish import goldfish

    cards, deck = _cards_and_deck(spec["cards"])
    record = goldfish(cards, deck, seed, bot=spec["bot"], max_turns=turn_cap("shadowfist", spec),
                      opposition=spec_table("shadowfist", spec))  # fmt: skip
    return {
        "turn": record.turn_won,
        "drawn": _first_turns(record.drawn, record.drawn_turns),
        "played": [str(card) for card in record.played],
        "never_playable": sorted({str(card) for card in record.never_playable}),
        "blanks": sorted({str(card) for card in record.blanks}),
        "power_by_turn": list(record.power_by_turn),
        "first_site_turn": record.first_site_turn,
        "first_character_turn": record.first_character_turn,
    }
