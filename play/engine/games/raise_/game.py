"""Raise as a :class:`Game`: setup, the contract's entry points, views and outcome."""

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
    DataError,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Outcome,
    RandomBot,
    Rng,
    SetupError,
)
from ...core.game import EventWording
from . import events_text, labels, rules
from .bots import GreedyBot
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
from .state import OVER, RaiseState

SETUP_KEYS = frozenset({"players", "first_player"})


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

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> RaiseState:
        """Setup per the rulebook: shuffled sets, hands of 6, point cards removed, round 1."""
        players, first = _parse_setup(setup)
        rng = Rng(seed)
        state = RaiseState(players, rng)
        if first is None:
            first = rng.below(players)
        for seat in range(players):
            deck = list(range(seat * SET_SIZE, (seat + 1) * SET_SIZE))
            rng.shuffle(deck)
            state.hands[seat] = sorted(deck[-HAND_SIZE:])
            state.draws[seat] = deck[:-HAND_SIZE]
        points = list(range(len(POINT_VALUES)))
        rng.shuffle(points)
        removed = POINTS_REMOVED[players]
        state.removed, state.point_pile = sorted(points[:removed]), points[removed:]
        state.roller = first
        rules.start_round(state, None)
        return state

    def state_from_dict(self, data: Any) -> RaiseState:
        """Rebuild a state from ``to_dict`` output."""
        return RaiseState.from_dict(data)

    # The two hot entry points are the rules' functions themselves: simulations call
    # them for every action, and a wrapper call would cost a tenth of the time.
    #: Face down: one "bid" per hand card. Furthest back: "pass", then one "play" per
    #: hand card if the hand can overtake; once started, only "play".
    legal_actions = staticmethod(rules.legal_actions)
    #: Apply a legal action without building events.
    advance = staticmethod(rules.advance)

    def verify(self, state: RaiseState, action: Action) -> None:
        """Raise :class:`IllegalAction` unless the action is legal now."""
        if state.step >= self.info.max_length and state.phase != OVER:
            raise IllegalAction("game_over", "the game hit its length cap and is unfinished")
        rules.verify(state, action)

    def apply_unchecked(self, state: RaiseState, action: Action) -> list[Event]:
        """Apply a legal action; return its (public) events."""
        events: list[Event] = []
        rules.apply(state, action, events)
        return events

    def is_over(self, state: RaiseState) -> bool:
        """All point cards awarded (or nobody has a card), or the length cap hit."""
        return state.phase == OVER or state.step >= self.info.max_length

    def outcome(self, state: RaiseState) -> Outcome:
        """Final scoring once over; the public piles' points while in progress."""
        n = state.players
        if state.phase == OVER:
            scores = tuple(rules.score(state, p) for p in range(n))
            best = max(scores)
            winners = tuple(p for p in range(n) if scores[p] == best)
            return Outcome(FINISHED, scores, winners, state.step)
        status = UNFINISHED if state.step >= self.info.max_length else IN_PROGRESS
        scores = tuple(rules.public_score(state, p) for p in range(n))
        return Outcome(status, scores, (), state.step)

    def labels(self, state: RaiseState, actions: Sequence[Action]) -> list[str]:
        """Readable labels of the player's legal actions (see :mod:`.labels`)."""
        return labels.labels(state, actions)

    def event_wording(self) -> EventWording:
        """Events as sentences (see :mod:`.events_text`)."""
        return events_text.event_text

    def view(self, state: RaiseState, player: int) -> dict[str, Any]:
        """What ``player`` sees: own hand and face-down card, the table, counts of the rest."""
        n = state.players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise DataError("bad_player", f"no seat {player!r} in a {n}-player game")
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
            "legal_actions": [a.to_dict() for a in self.legal_actions(state)]
            if state.to_act == player
            else [],
        }

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random" and "greedy" (see :class:`GreedyBot` for its heuristic)."""
        return BOTS


def _parse_setup(setup: Mapping[str, Any] | None) -> tuple[int, int | None]:
    if setup is None or "players" not in setup:
        raise SetupError("missing_players", "Raise needs a setup with 'players' (2 to 5)")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise SetupError("unknown_option", f"Raise has no setup option {sorted(unknown)[0]!r}")
    players = setup["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise SetupError("bad_player_count", f"Raise is for 2 to 5 players, not {players!r}")
    first = setup.get("first_player")
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise SetupError("bad_first_player", f"first_player must be a seat 0 to {players - 1}")
    return players, first


BOTS: Mapping[str, type[Bot]] = MappingProxyType({"random": RandomBot, "greedy": GreedyBot})

GAME = RaiseGame()
