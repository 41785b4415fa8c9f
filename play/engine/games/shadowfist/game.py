"""Shadowfist as a :class:`Game`: the contract's entry points, outcome and views."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ...core import FINISHED, Action, Bot, Event, Game, Outcome, RandomBot
from ...core.game import check_seat
from ...core.search import GoldfishGap
from . import events_text, rules
from .bots import GreedyBot
from .cards import card_from_dict, modelling
from .labels import labels as word_actions
from .search import FastSearchBot, StrongSearchBot
from .setup import INFO, new_game
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

    info = INFO
    state_class = ShadowfistState

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> ShadowfistState:
        """Shuffled decks, hands of six, the first turn begun (1 Power in the pool)."""
        return new_game(setup, seed)

    def legal_actions(self, state: ShadowfistState) -> list[Action]:
        return rules.legal_actions(state)

    def advance(self, state: ShadowfistState, action: Action) -> None:
        """Apply a legal action without building events."""
        rules.advance(state, action)

    def verify_rules(self, state: ShadowfistState, action: Action) -> None:
        verify_action(state, action)

    def apply_rules(
        self, state: ShadowfistState, action: Action, events: list[Event] | None
    ) -> None:
        rules.apply(state, action, events)

    def labels(self, state: ShadowfistState, actions: Sequence[Action]) -> list[str]:
        return word_actions(state, actions)

    def event_words(
        self, event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
    ) -> str:
        return events_text.event_text(event, names, seat)

    def ended(self, state: ShadowfistState) -> bool:
        """A victory, or the turn cap."""
        return state.phase == OVER

    def outcome(self, state: ShadowfistState) -> Outcome:
        """Scores are feng shui sites controlled plus burned for victory."""
        scores = tuple(victory_count(state, p) for p in range(state.players))
        if state.winner is not None:
            return Outcome(FINISHED, scores, (state.winner,), state.step)
        return self.open_outcome(state, scores, capped=state.capped)

    def view(self, state: ShadowfistState, viewer: object) -> dict[str, Any]:
        """What the seat sees: its hand, the table, public piles; no hidden cards."""
        player = check_seat(viewer, state.players)
        return seat_view(state, player, self.legal_dicts(state, player))

    def card_modelling(self, card: Mapping[str, Any]) -> tuple[str, str]:
        return modelling(card_from_dict(card))

    def goldfish_gap(self, bot: str) -> GoldfishGap | None:
        """The measured gap of the bot (:data:`.search.GOLDFISH_GAPS`)."""
        from .search import GOLDFISH_GAPS

        return GOLDFISH_GAPS.get(bot)

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random", "greedy", "tactician" (their heuristics: ``bots.py``,
        ``tactics.py``), "search-fast" and "search-strong" (``search.py``)."""
        return BOTS


BOTS: Final[Mapping[str, type[Bot]]] = MappingProxyType(
    {
        "random": RandomBot,
        "greedy": GreedyBot,
        "tactician": TacticianBot,
        "search-fast": FastSearchBot,
        "search-strong": StrongSearchBot,
    }
)

GAME: Final = ShadowfistGame()
