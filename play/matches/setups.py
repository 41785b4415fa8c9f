"""Engine setups for matches and simulations: seats and decks turned into engine input.

Deck games (ChiZo, Shadowfist) need each seat's deck as the engine's card definitions;
the definitions are copied into the setup, so a match replays the decks as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from play.engine.core import get_game

HUMAN = "human"
# The most seats of a game (a match or a simulated bot game), checked by the API and pages.
MAX_SEATS = 8

CardRows = Sequence[tuple[dict[str, Any], int]]


def _rows_and_decks(
    decks: Sequence[CardRows],
) -> tuple[list[dict[str, Any]], list[list[int]]]:
    rows: dict[int, dict[str, Any]] = {}
    piles = []
    for deck in decks:
        piles.append([row["id"] for row, count in deck for _ in range(count)])
        for row, _count in deck:
            rows.setdefault(row["id"], row)
    return list(rows.values()), piles


def chizo_setup(decks: Sequence[CardRows], goldfish: bool, opposition: Any) -> dict[str, Any]:
    tiles, stacks = _rows_and_decks(decks)
    if goldfish:
        return {"goldfish": True, "tiles": tiles, "stacks": stacks[:1]}
    return {"players": len(stacks), "tiles": tiles, "stacks": stacks}


def shadowfist_setup(decks: Sequence[CardRows], goldfish: bool, opposition: Any) -> dict[str, Any]:
    """``opposition``: the goldfish dummy's (an engine Opposition; None: the default)."""
    from play.engine.games.shadowfist.goldfish import goldfish_setup
    from play.engine.games.shadowfist.opposition import DEFAULT_PROFILE, PROFILES

    cards, piles = _rows_and_decks(decks)
    if goldfish:
        table = PROFILES[DEFAULT_PROFILE] if opposition is None else opposition
        return goldfish_setup(cards, piles[0], opposition=table)
    return {"players": len(piles), "cards": cards, "decks": piles}


# game slug -> function(decks: list of [(card row, count)], goldfish: bool, the goldfish
# opposition or None) -> setup
DeckSetup = Callable[[Sequence[Sequence[tuple[dict[str, Any], int]]], bool, Any], dict[str, Any]]
DECK_SETUPS: dict[str, DeckSetup] = {"chizo": chizo_setup, "shadowfist": shadowfist_setup}


class SeatsError(ValueError):
    """Seats or decks that cannot make a game; the message says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def check_players(game: str, players: int) -> None:
    info = get_game(game).info
    if not info.min_players <= players <= info.max_players:
        raise SeatsError(
            "seats",
            f"{info.name} is for {info.min_players} to {info.max_players} players, not {players}",
        )


def plain_setup(game: str, players: int) -> dict[str, Any]:
    """Games without decks: the number of players is the whole setup."""
    check_players(game, players)
    return {"players": players}


def deck_setup(
    game: str,
    decks: Sequence[Sequence[tuple[dict[str, Any], int]]],
    *,
    goldfish: bool,
    opposition: Any = None,
) -> dict[str, Any]:
    """A deck game's engine setup; ``opposition``: a Shadowfist goldfish's table."""
    if game not in DECK_SETUPS:
        raise SeatsError("game", f"the engine cannot play {game} decks yet")
    return DECK_SETUPS[game](decks, goldfish, opposition)
