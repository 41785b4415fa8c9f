"""The games the engine knows, by slug. Game modules load on first use."""

from __future__ import annotations

import importlib
from typing import Any, Final

from .errors import UnknownGameError
from .game import Game

#: slug -> "module:attribute" of the game object, relative to ``play.engine``.
_GAMES: Final[dict[str, str]] = {
    "raise": ".games.raise_:GAME",
    "chocobo": ".games.chocobo:GAME",
    "shadowfist": ".games.shadowfist:GAME",
    "chizo": ".games.chizo:GAME",
}
_ENGINE_PACKAGE: Final = __name__.rsplit(".core", 1)[0]
_loaded: dict[str, Game[Any]] = {}


def game_slugs() -> list[str]:
    """The registered slugs, sorted."""
    return sorted(_GAMES)


def register(slug: str, target: str) -> None:
    """Register a game object by import path: ``register("chocobo", ".games.chocobo:GAME")``."""
    _GAMES[slug] = target
    _loaded.pop(slug, None)


def get_game(slug: str) -> Game[Any]:
    """The game registered under ``slug`` (e.g. "raise")."""
    if slug in _loaded:
        return _loaded[slug]
    if slug not in _GAMES:
        known = ", ".join(game_slugs())
        raise UnknownGameError("unknown_game", f"no game {slug!r}; the engine knows {known}")
    module_name, _, attribute = _GAMES[slug].partition(":")
    module = importlib.import_module(module_name, _ENGINE_PACKAGE)
    game: Game[Any] = getattr(module, attribute)
    _loaded[slug] = game
    return game
