"""Chocobo Party Up! as a :class:`Game`: setup, the contract's entry points, views, outcome."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ...core import (
    FINISHED,
    Action,
    Bot,
    Event,
    Game,
    GameInfo,
    Outcome,
    RandomBot,
    Rng,
    SetupError,
)
from ...core.game import check_seat
from ...core.setup import first_player, players
from . import events_text, legal, rules
from .board import (
    CARDS,
    COMPANIONS,
    DEFAULT_SIDES,
    DISPLAY,
    FACES,
    KIND_OF,
    KINDS,
    LAYOUT_FOR,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRAIL_TOKENS,
    layout,
    layout_sides,
)
from .bots import GreedyBot
from .labels import labels as word_actions
from .movement import home_count
from .state import NOWHERE, OVER, ChocoboState
from .verify import verify as verify_action

SETUP_KEYS: Final = frozenset({"players", "first_player", "sides"})


class ChocoboGame(Game[ChocoboState]):
    """Chocobo Party Up!, for 2 to 4 players (rulebook: shared/rules/chocobo-party-up.txt;
    readings and the stand-in board: docs/chocobo.md).

    Setup: ``{"players": 2..4, "first_player": seat, "sides": ["E", "W"]}``. Without
    ``first_player`` the starting player is drawn from the seeded rng. ``sides`` puts the
    seats' territory boards on those sides of the board, clockwise (default: 2 players
    E and W, 3 players E S W, 4 players N E S W); only 2 players have a real choice.
    Actions: see ``actions.py``.
    """

    info = GameInfo(
        slug="chocobo",
        name="Chocobo Party Up!",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        max_length=rules.MAX_LENGTH,
    )
    state_class = ChocoboState

    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> ChocoboState:
        """Setup per the rulebook: board(s), trail tokens, shuffled friend cards, the
        starting player; then the players place their chocobos (2 players: one each on
        the star space first)."""
        n = players(setup, self.info, SETUP_KEYS)
        first = first_player(setup, n)
        sides = DEFAULT_SIDES[n]
        if setup is not None and setup.get("sides") is not None:
            sides = _parse_sides(setup["sides"], n)
        board = layout(LAYOUT_FOR[n], sides)
        rng = Rng(seed)
        state = ChocoboState(board, rng)
        for s in board.trail_spaces:
            state.tokens[s] = True
        state.token_supply = TRAIL_TOKENS - len(board.trail_spaces)
        state.supply = COMPANIONS
        state.pile = list(range(CARDS))
        rng.shuffle(state.pile)
        if first is None:
            first = rng.below(n)
        state.first = state.active = first
        if n == 2:
            for pair in state.smalls:
                pair[0] = board.star
            state.recount(board.star)
        state.to_act = first
        return state

    def legal_actions(self, state: ChocoboState) -> list[Action]:
        """Every legal action, in the order :func:`.legal.legal_actions` gives."""
        return legal.legal_actions(state)

    def advance(self, state: ChocoboState, action: Action) -> None:
        """Apply a legal action without building events."""
        rules.advance(state, action)

    def verify_rules(self, state: ChocoboState, action: Action) -> None:
        verify_action(state, action)

    def apply_rules(self, state: ChocoboState, action: Action, events: list[Event] | None) -> None:
        rules.apply(state, action, events)

    def labels(self, state: ChocoboState, actions: Sequence[Action]) -> list[str]:
        return word_actions(state, actions)

    def event_words(
        self, event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
    ) -> str:
        return events_text.event_text(event, names, seat)

    def ended(self, state: ChocoboState) -> bool:
        """Someone won."""
        return state.phase == OVER

    def outcome(self, state: ChocoboState) -> Outcome:
        """Scores are the companions on each territory; the winner is the one who won."""
        scores = tuple(home_count(state, p) for p in range(state.players))
        if state.phase == OVER:
            return Outcome(FINISHED, scores, (state.winner,), state.step)
        return self.open_outcome(state, scores)

    def view(self, state: ChocoboState, viewer: object) -> dict[str, Any]:
        """What the seat sees: the whole table and own hand; of the others' hands and
        the pile only their sizes; never the rng."""
        n = state.players
        player = check_seat(viewer, n)
        board = state.layout
        names = board.names

        def name(space: int) -> str | None:
            return None if space == NOWHERE else names[space]

        return {
            "game": "chocobo",
            "player": player,
            "players": n,
            "step": state.step,
            "turn": state.turn,
            "phase": state.phase,
            "to_act": state.to_act,
            "active": state.active,
            "first_player": state.first,
            "layout": board.name,
            "sides": list(board.sides),
            "spaces": [
                {
                    "id": names[s],
                    "kind": board.kind(s),
                    "owner": None if board.owner[s] < 0 else board.owner[s],
                    "adjacent": [names[t] for t in board.adj[s]],
                }
                for s in range(board.size)
            ],
            "chocobos": [[name(s) for s in pair] for pair in state.smalls],
            "big_chocobos": [name(s) for s in state.bigs],
            "companions": {names[s]: c for s, c in enumerate(state.comp) if c},
            "supply": state.supply,
            "trail_tokens": [names[s] for s, t in enumerate(state.tokens) if t],
            "token_supply": state.token_supply,
            "home": [home_count(state, p) for p in range(n)],
            "hand": [card_dict(c) for c in state.hands[player]],
            "hand_sizes": [len(h) for h in state.hands],
            "pile_size": len(state.pile),
            "discard": [card_dict(c) for c in state.discard],
            "die": None if state.face < 0 else FACES[state.face],
            "result": state.result,
            "steps": state.steps,
            "big_moved": state.big_moved,
            "big_new": state.big_new,
            "kick_space": name(state.kick_space),
            "kicked": state.kicked,
            "golem_space": name(state.golem_space),
            "tifon": None
            if state.tifon_seat == NOWHERE
            else {"seat": state.tifon_seat, "space": name(state.tifon_from)},
            "winner": None if state.winner == NOWHERE else state.winner,
            "legal_actions": self.legal_dicts(state, player),
        }

    def bot_types(self) -> Mapping[str, type[Bot]]:
        """ "random" and "greedy" (see :class:`GreedyBot` for its heuristic)."""
        return BOTS


def card_dict(card: int) -> dict[str, Any]:
    """A friend card as JSON-ready data."""
    kind = KIND_OF[card]
    return {"id": card, "kind": KINDS[kind], "name": DISPLAY[kind]}


def _parse_sides(value: Any, players: int) -> tuple[str, ...]:
    clockwise = layout_sides(LAYOUT_FOR[players])
    if (
        not isinstance(value, list | tuple)
        or len(value) != players
        or len(set(value)) != players
        or not set(value) <= set(clockwise)
    ):
        raise SetupError(
            "bad_sides",
            f"sides: {players} different sides of {', '.join(clockwise)}, one per seat clockwise",
        )
    sides = tuple(str(s) for s in value)
    # Seats take turns clockwise, so their territories must run clockwise too.
    used = [s for s in clockwise if s in sides]
    start = used.index(sides[0])
    if tuple(used[start:] + used[:start]) != sides:
        raise SetupError("bad_sides", f"sides must run clockwise ({' '.join(clockwise)})")
    return sides


BOTS: Final[Mapping[str, type[Bot]]] = MappingProxyType({"random": RandomBot, "greedy": GreedyBot})

GAME: Final = ChocoboGame()
