"""Readable labels of ChiZo RISING's actions: "Place Rat at (0, 1)", "Draw 2", "End turn".

A tile reads as its name, or as its name and space when it is in play; the names come
from the acting player's own view, so a label names nothing that player cannot see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core import Action
from ...core.wording import Wording, label_each, word_action
from .state import ChizoState
from .view import view

WORDINGS: Final[dict[str, Wording]] = {
    "draw": "Draw 2", "end_turn": "End turn", "pass": "Pass", "stop": "Stop asking for Allies",
    "accept": "Accept: become an Ally", "refuse": "Refuse to ally", "done": "Done",
    "place": "Place {0:name} at ({1}, {2})", "put": "Put {0:name} at ({1}, {2})",
    "to": "Move to ({0}, {1})", "attach": "Attach {0:name} to {1:where}",
    "battle": "Battle: {0:where} attacks {1:where}",
    "lend": "Lend {0:where}, paying with {1:name}", "opponent": "Choose {0:seat}",
    "action": "Play {0:where}", "react": "React with {0:where}",
    "face_down": "Lay face down: {0:where}", "ask": "Ask to ally: {0:where}",
    "choose": "Choose {0:where}",
}  # fmt: skip


def labels(state: ChizoState, actions: Sequence[Action]) -> list[str]:
    """The label of each action (of one player, to act), or the terse ``str(action)``
    for one WORDINGS lacks."""
    return label_each(actions, lambda player: tiles_by_uid(view(state, player, [])), action_label)


def tiles_by_uid(seen: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Every tile a player's view names, by uid (grid tiles carry their x and y)."""
    found: dict[int, dict[str, Any]] = {}
    zones = [seen["hand"], seen["grid"]]
    zones += [*seen["discards"], *seen["point_piles"]]
    for zone in zones:
        for tile in zone:
            found.setdefault(tile["uid"], tile)
            if tile.get("attached"):
                found.setdefault(tile["attached"]["uid"], tile["attached"])
    for entry in [*seen["action_stack"], seen.get("resolving") or {}]:
        if entry.get("tile"):
            found.setdefault(entry["tile"]["uid"], entry["tile"])
    choice = seen.get("choice") or {}
    if choice.get("source"):
        found.setdefault(choice["source"]["uid"], choice["source"])
    return found


def tile_name(uid: Any, tiles: Mapping[int, Mapping[str, Any]]) -> str:
    """The tile's name ("tile 7" for one the view does not name)."""
    tile = tiles.get(uid) if isinstance(uid, int) else None
    return str(tile["name"]) if tile else f"tile {uid}"


def tile_where(uid: Any, tiles: Mapping[int, Mapping[str, Any]]) -> str:
    """The tile's name, with its space when it is in play."""
    tile = tiles.get(uid) if isinstance(uid, int) else None
    if tile and "x" in tile:
        return f"{tile['name']} at ({tile['x']}, {tile['y']})"
    return tile_name(uid, tiles)


def action_label(action: Mapping[str, Any], tiles: Mapping[int, Mapping[str, Any]]) -> str:
    """By WORDINGS, tiles named from ``tiles`` (``tiles_by_uid``); "" for a kind without
    a wording."""
    return word_action(
        action,
        WORDINGS,
        name=lambda uid: tile_name(uid, tiles),
        where=lambda uid: tile_where(uid, tiles),
    )
