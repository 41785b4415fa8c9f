"""Shadowfist as a :class:`Game`: the contract's entry points, outcome and views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
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
    IllegalAction,
    Outcome,
    RandomBot,
)
from ...core.game import EventWording
from . import events_text, labels, rules
from .bots import GreedyBot
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from .state import OVER, ShadowfistState
from .tactics import TacticianBot
from .verify import verify as verify_action
from .victory import victory_count
from .view import view as seat_view


class ShadowfistGame(Game[ShadowfistState]):
    """Shadowfist for 2 to 6 players (rules summary: shared/rules/shadowfist.txt;
    readings: docs/shadowfist.md; the starter set: docs/shadowfist-starter.md).

    Setup: see ``setup.py`` (``{"players": 2}`` plays the starter decks). Actions: see
    ``turn.py`` (establishing shot), ``play.py`` (cards and abilities), ``attack.py``
    and ``combat.py`` (attacks), ``choices.py``; plus ``heal``, ``move``, ``end_turn``
    and ``pass``.
    """

    info = GameInfo(
        slug="shadowfist",
        name="Shadowfist",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        max_length=rules.MAX_LENGTH,
    )

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> ShadowfistState:
        """Shuffled decks, hands of six, the first turn begun (1 Power in the pool)."""
        return new_game(setup, seed)

    def state_from_dict(self, data: Any) -> ShadowfistState:
        """Rebuild a state from ``to_dict`` output."""
        return ShadowfistState.from_dict(data)

    # The hot entry points are the rules' functions themselves (no wrapper call).
    legal_actions = staticmethod(rules.legal_actions)
    advance = staticmethod(rules.advance)

    def verify(self, state: ShadowfistState, action: Action) -> None:
        """Raise :class:`IllegalAction` unless the action is legal now."""
        if state.step >= self.info.max_length and state.phase != OVER:
            raise IllegalAction("game_over", "the game hit its length cap and is unfinished")
        verify_action(state, action)

    def apply_unchecked(self, state: ShadowfistState, action: Action) -> list[Event]:
        """Apply a legal action; return its (public) events."""
        events: list[Event] = []
        rules.apply(state, action, events)
        return events

    def is_over(self, state: ShadowfistState) -> bool:
        """A victory, the turn cap, or the length cap."""
        return state.phase == OVER or state.step >= self.info.max_length

    def outcome(self, state: ShadowfistState) -> Outcome:
        """Scores are feng shui sites controlled plus burned for victory."""
        scores = tuple(victory_count(state, p) for p in range(state.players))
        if state.winner is not None:
            return Outcome(FINISHED, scores, (state.winner,), state.step)
        capped = state.capped or state.step >= self.info.max_length
        return Outcome(UNFINISHED if capped else IN_PROGRESS, scores, (), state.step)

    def labels(self, state: ShadowfistState, actions: Sequence[Action]) -> list[str]:
        """Readable labels of the player's legal actions (see :mod:`.labels`)."""
        return labels.labels(state, actions)

    def event_wording(self) -> EventWording:
        """Events as sentences (see :mod:`.events_text`)."""
        return events_text.event_text

    def view(self, state: ShadowfistState, player: int) -> dict[str, Any]:
        """What ``player`` sees: its hand, the table, public piles; no hidden cards."""
        legal = [a.to_dict() for a in self.legal_actions(state)] if state.to_act == player else []
        return seat_view(state, player, legal)

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random", "greedy" and "tactician" (their heuristics: ``bots.py``)."""
        return BOTS


BOTS: Mapping[str, type[Bot]] = MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "tactician": TacticianBot}
)

GAME = ShadowfistGame()
