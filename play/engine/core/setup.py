"""The setup options that games read alike: the player count and the first player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import SetupError
from .values import GameInfo


def players(setup: Mapping[str, Any] | None, info: GameInfo, keys: frozenset[str]) -> int:
    """The ``players`` of ``setup`` (from ``info.min_players`` to ``info.max_players``),
    once the setup names only options of ``keys``; a :class:`SetupError` says what is off."""
    least, most = info.min_players, info.max_players
    if setup is None or "players" not in setup:
        raise SetupError(
            "missing_players", f"{info.name} needs a setup with 'players' ({least} to {most})"
        )
    unknown = set(setup) - keys
    if unknown:
        raise SetupError(
            "unknown_option", f"{info.name} has no setup option {sorted(unknown)[0]!r}"
        )
    count = setup["players"]
    if isinstance(count, bool) or not isinstance(count, int) or not least <= count <= most:
        raise SetupError(
            "bad_player_count", f"{info.name} is for {least} to {most} players, not {count!r}"
        )
    return count


def first_player(setup: Mapping[str, Any] | None, players: int) -> int | None:
    """The seat ``first_player`` of ``setup`` names, or None (the game draws one)."""
    first = None if setup is None else setup.get("first_player")
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise SetupError("bad_first_player", f"first_player must be a seat 0 to {players - 1}")
    return first
