"""ChiZo RISING as a :class:`Game`: the contract's entry points, views and outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import (
    FINISHED,
    IN_PROGRESS,
    UNFINISHED,
    Action,
    Bot,
    Event,
    Game,
    GameInfo,
    Outcome,
)
from ...core.game import EventWording
from . import events_text, labels, rules
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_state
from .state import ChizoState
from .tiles import MAX_LENGTH, POINTS_TO_WIN
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

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> ChizoState:
        """Stacks shuffled, hands of 5, the first player's turn (see :mod:`.setup`)."""
        return new_state(setup, seed)

    def state_from_dict(self, data: Any) -> ChizoState:
        """Rebuild a state from ``to_dict`` output."""
        return ChizoState.from_dict(data)

    # The hot entry points are the rules' functions themselves (no wrapper call).
    legal_actions = staticmethod(rules.legal_actions)
    advance = staticmethod(rules.advance)

    def verify(self, state: ChizoState, action: Action) -> None:
        """Raise :class:`IllegalAction` with a reason unless the action is legal now."""
        rules.verify(state, action)

    def apply_unchecked(self, state: ChizoState, action: Action) -> list[Event]:
        """Apply a legal action; return its (public) events."""
        events: list[Event] = []
        rules.apply(state, action, events)
        return events

    def is_over(self, state: ChizoState) -> bool:
        """12 points, nobody able to act, the turn cap, or the length cap."""
        return state.over or state.step >= MAX_LENGTH

    def outcome(self, state: ChizoState) -> Outcome:
        """Points per seat (a team's for both partners) and the winners.

        12 points wins (the team's two seats in team play). When nobody can act any
        more, the most points win (docs/chizo.md); a goldfish that stops short of 12
        is "unfinished". Hitting the turn or length cap is "unfinished".
        """
        n = state.players
        scores = tuple(state.points(s) for s in range(n))
        if state.over and state.end == "points":
            winners = tuple(s for s in range(n) if scores[s] >= POINTS_TO_WIN)
            return Outcome(FINISHED, scores, winners, state.step)
        if state.over and state.end == "exhausted" and not state.goldfish:
            best = max(scores)
            return Outcome(
                FINISHED, scores, tuple(s for s in range(n) if scores[s] == best), state.step
            )
        if state.over or state.step >= MAX_LENGTH:
            return Outcome(UNFINISHED, scores, (), state.step)
        return Outcome(IN_PROGRESS, scores, (), state.step)

    def labels(self, state: ChizoState, actions: Sequence[Action]) -> list[str]:
        """Readable labels of the player's legal actions (see :mod:`.labels`)."""
        return labels.labels(state, actions)

    def view_names(self, seen: Mapping[str, Any]) -> dict[int, str]:
        """Tiles by uid, wherever the player's view shows them (hand, grid, piles, stack)."""
        return {uid: tile["name"] for uid, tile in labels.tiles_by_uid(seen).items()}

    def event_wording(self) -> EventWording:
        """Events as sentences (see :mod:`.events_text`)."""
        return events_text.event_text

    def view(self, state: ChizoState, player: int) -> dict[str, Any]:
        """What ``player`` sees (see :mod:`.view`), with their legal actions if to act."""
        legal = [a.to_dict() for a in self.legal_actions(state)] if state.to_act == player else []
        return view(state, player, legal)

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random", "greedy" and "planner" (see :mod:`.bots`)."""
        from .planner import BOTS

        return BOTS


GAME = ChizoGame()
