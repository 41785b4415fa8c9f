"""ChiZo RISING as a :class:`Game`: the contract's entry points, views and outcome."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ...core import FINISHED, Action, Bot, Event, Game, GameInfo, Outcome
from ...core.game import check_seat
from ...core.search import GoldfishGap
from . import events_text, labels, rules
from .labels import labels as word_actions
from .params import modelling
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_state
from .state import ChizoState
from .tiles import MAX_LENGTH, POINTS_TO_WIN, tile_from_dict
from .view import view


class ChizoGame(Game[ChizoState]):
    """ChiZo RISING for 2 to 4 players, 2-vs-2 teams, or one goldfishing player.

    Rulebook: shared/rules/chizo-rising.txt; tiles: docs/chizo-tiles.md; readings:
    docs/chizo.md. Setup: see :mod:`.setup`. Actions: see :mod:`.actions`.
    """

    info = GameInfo(
        slug="chizo",
        name="ChiZo RISING",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        max_length=MAX_LENGTH,
    )
    state_class = ChizoState

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> ChizoState:
        """Stacks shuffled, hands of 5, the first player's turn (see :mod:`.setup`)."""
        return new_state(setup, seed)

    def legal_actions(self, state: ChizoState) -> list[Action]:
        return rules.legal_actions(state)

    def advance(self, state: ChizoState, action: Action) -> None:
        """Apply a legal action without building events."""
        rules.advance(state, action)

    def verify(self, state: ChizoState, action: Action) -> None:
        """The rules check the length cap themselves, after "the game is over"."""
        rules.verify(state, action)

    def apply_rules(self, state: ChizoState, action: Action, events: list[Event] | None) -> None:
        rules.apply(state, action, events)

    def labels(self, state: ChizoState, actions: Sequence[Action]) -> list[str]:
        return word_actions(state, actions)

    def event_words(
        self, event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
    ) -> str:
        return events_text.event_text(event, names, seat)

    def ended(self, state: ChizoState) -> bool:
        """12 points (won), nobody able to act, or the turn cap (both unfinished)."""
        return state.over

    def outcome(self, state: ChizoState) -> Outcome:
        """Points per seat (a team's for both partners) and the winners.

        "A player wins the game by scoring 12 points" (rulebook line 37): 12 points wins
        (the team's two seats in team play), and nothing else does. A game that ends
        otherwise (nobody can act any more, the turn cap, the length cap) is
        "unfinished" with no winner, whatever the points (docs/chizo.md).
        """
        n = state.players
        scores = tuple(state.points(s) for s in range(n))
        if state.over and state.end == "points":
            winners = tuple(s for s in range(n) if scores[s] >= POINTS_TO_WIN)
            return Outcome(FINISHED, scores, winners, state.step)
        return self.open_outcome(state, scores, capped=state.over)

    def view_names(self, seen: Mapping[str, Any]) -> dict[int, str]:
        """Tiles by uid, wherever the player's view shows them (hand, grid, piles, stack)."""
        return {uid: tile["name"] for uid, tile in labels.tiles_by_uid(seen).items()}

    def view(self, state: ChizoState, viewer: object) -> dict[str, Any]:
        """What the seat sees (see :mod:`.view`), with their legal actions if to act."""
        player = check_seat(viewer, state.players)
        return view(state, player, self.legal_dicts(state, player))

    def card_modelling(self, card: Mapping[str, Any]) -> tuple[str, str]:
        return modelling(tile_from_dict(card))

    def goldfish_gap(self, bot: str) -> GoldfishGap | None:
        """The measured gap of the bot (:data:`.search.GOLDFISH_GAPS`)."""
        from .search import GOLDFISH_GAPS

        return GOLDFISH_GAPS.get(bot)

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random", "greedy", "planner", "search-fast" and "search-strong" (see
        :mod:`.bots`, :mod:`.planner`, :mod:`.search`)."""
        from .search import BOTS

        return BOTS


GAME: Final = ChizoGame()
