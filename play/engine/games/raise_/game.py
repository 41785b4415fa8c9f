"""Raise as a :class:`Game`: setup, the contract's entry points, views and outcome."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ...core import FINISHED, Action, Bot, Event, Game, GameInfo, Outcome, RandomBot, Rng
from ...core.game import check_seat
from ...core.setup import first_player, players
from . import events_text, rules
from .bots import BudgetBot, GreedyBot
from .cards import (
    FACE_NAMES,
    HAND_SIZE,
    MAX_PLAYERS,
    POINT_VALUES,
    POINTS_REMOVED,
    SET_SIZE,
    SYMBOLS,
    card_dict,
    multipliers,
)
from .labels import labels as word_actions
from .state import OVER, RaiseState

SETUP_KEYS: Final = frozenset({"players", "first_player"})


class RaiseGame(Game[RaiseState]):
    """Raise, for 2 to 5 players (rulebook: shared/rules/raise.txt; readings: docs/raise.md).

    Setup: ``{"players": 2..5, "first_player": seat}``; without ``first_player`` the
    beginner is drawn from the seeded rng. Actions: ``bid`` (card id) in the face-down
    step, then ``play`` (card id) or ``pass`` for the stone furthest back.
    """

    info = GameInfo(
        slug="raise",
        name="Raise",
        min_players=2,
        max_players=MAX_PLAYERS,
        max_length=rules.MAX_LENGTH,
    )
    state_class = RaiseState

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> RaiseState:
        """Setup per the rulebook: shuffled sets, hands of 6, point cards removed, round 1."""
        n = players(setup, self.info, SETUP_KEYS)
        first = first_player(setup, n)
        rng = Rng(seed)
        state = RaiseState(n, rng)
        if first is None:
            first = rng.below(n)
        for seat in range(n):
            deck = list(range(seat * SET_SIZE, (seat + 1) * SET_SIZE))
            rng.shuffle(deck)
            state.hands[seat] = sorted(deck[-HAND_SIZE:])
            state.draws[seat] = deck[:-HAND_SIZE]
        points = list(range(len(POINT_VALUES)))
        rng.shuffle(points)
        removed = POINTS_REMOVED[n]
        state.removed, state.point_pile = sorted(points[:removed]), points[removed:]
        state.roller = first
        rules.start_round(state, None)
        return state

    def legal_actions(self, state: RaiseState) -> list[Action]:
        """Face down: one "bid" per hand card. Furthest back: "pass", then one "play" per
        hand card if the hand can overtake; once started, only "play"."""
        return rules.legal_actions(state)

    def advance(self, state: RaiseState, action: Action) -> None:
        """Apply a legal action without building events."""
        rules.advance(state, action)

    def verify_rules(self, state: RaiseState, action: Action) -> None:
        rules.verify(state, action)

    def apply_rules(self, state: RaiseState, action: Action, events: list[Event] | None) -> None:
        rules.apply(state, action, events)

    def labels(self, state: RaiseState, actions: Sequence[Action]) -> list[str]:
        return word_actions(state, actions)

    def event_words(
        self, event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
    ) -> str:
        return events_text.event_text(event, names, seat)

    def ended(self, state: RaiseState) -> bool:
        """All point cards awarded, or nobody has a card."""
        return state.phase == OVER

    def outcome(self, state: RaiseState) -> Outcome:
        """Final scoring once over; the public piles' points while in progress."""
        n = state.players
        if state.phase == OVER:
            scores = tuple(rules.score(state, p) for p in range(n))
            best = max(scores)
            winners = tuple(p for p in range(n) if scores[p] == best)
            return Outcome(FINISHED, scores, winners, state.step)
        return self.open_outcome(state, tuple(rules.public_score(state, p) for p in range(n)))

    def view(self, state: RaiseState, viewer: object) -> dict[str, Any]:
        """What the seat sees: own hand and face-down card, the table, counts of the rest."""
        n = state.players
        player = check_seat(viewer, n)
        values = state.values
        own_bid = state.bids[player]
        return {
            "game": "raise",
            "player": player,
            "players": n,
            "step": state.step,
            "round": state.round,
            "phase": state.phase,
            "to_act": state.to_act,
            "roller": state.roller,
            "point_card": None if state.point is None else POINT_VALUES[state.point],
            "point_pile_size": len(state.point_pile),
            "dice": [FACE_NAMES[f] for f in state.dice],
            "multipliers": dict(zip(SYMBOLS, multipliers(state.dice), strict=True)),
            "stones": [{"player": p, "space": state.pos[p]} for p in state.order],
            "target": state.target,
            "committed": state.committed,
            "hand": [{**card_dict(c), "value": values[c]} for c in state.hands[player]],
            "face_down": None if own_bid is None else card_dict(own_bid),
            "chosen": [b is not None for b in state.bids],
            "hand_sizes": [len(h) for h in state.hands],
            "draw_sizes": [len(d) for d in state.draws],
            "pot": [card_dict(c) for c in state.pot],
            "piles": [
                {
                    "cards": list(state.won[p]),
                    "point_cards": [POINT_VALUES[i] for i in state.won_points[p]],
                    "points": rules.public_score(state, p),
                }
                for p in range(n)
            ],
            "legal_actions": self.legal_dicts(state, player),
        }

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random", "greedy" and "budget" (their heuristics: :class:`GreedyBot`,
        :class:`BudgetBot`)."""
        return BOTS


BOTS: Final[Mapping[str, type[Bot]]] = MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "budget": BudgetBot}
)

GAME: Final = RaiseGame()
