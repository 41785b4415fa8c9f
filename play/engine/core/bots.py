"""Bots: players that choose among the legal actions, with their own seeded rng.

A bot's choice depends only on the state it is shown, the legal actions and its own rng
(never on wall-clock time, never on the game's rng), so a game between bots replays from
the seeds alone. A bot should read only what its seat may see (its own hand, the public
table); the engine does not police that, the bot's docstring states it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .rng import Rng
from .values import Action

if TYPE_CHECKING:
    from .game import Game


class Bot(ABC):
    """A player program. ``choose`` must return one of the ``legal`` actions."""

    name: ClassVar[str]

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, state: Any, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (the non-empty result of ``legal_actions(state)``)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} rng={self.rng!r}>"


class RandomBot(Bot):
    """Uniformly random among the legal actions. Works for every game."""

    name = "random"

    def choose(self, state: Any, legal: Sequence[Action]) -> Action:
        """Any legal action, each equally likely."""
        return legal[int(self._draw() * len(legal))]

    def __init__(self, game: Game[Any], seed: int) -> None:
        super().__init__(game, seed)
        # This runs for every simulated action: draw straight from the generator (the
        # bot's rng is private and never saved, so its draw count does not matter).
        self._draw = self.rng.uncounted()


#: A bot by name, or a maker of one from its seed (a benchmark's yardstick, such as a
#: search with a larger budget, which no user can pick by name).
BotSpec = str | Callable[[int], Bot]


def bot_for(game: Game[Any], spec: BotSpec, seed: int) -> Bot:
    """The bot ``spec`` names (``game.make_bot``), or the one it makes, seeded ``seed``."""
    return game.make_bot(spec, seed) if isinstance(spec, str) else spec(seed)
