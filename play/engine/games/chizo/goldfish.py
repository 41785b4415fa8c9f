"""Goldfishing a ChiZo stack: one player, no opponent, how fast to 12 points.

"ChiZo: one player, no opponent; the goal is 12 points from squares and effects; the
figure is the turn on which it gets there (or "not within N turns")." The game is the
full engine with a one-seat setup (``{"goldfish": true, ...}``): no Battles (no
opponent's tiles), no opponent for effects that need one, and Reactions only on one's
own stacks. A record also says which tiles were drawn, which were played, and which were
drawn but never legal to play while in hand.

:func:`goldfish` is pure (no I/O): the Django side calls it for batch simulations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...core import DataError, check_seed
from ...simulate import bot_seed
from .game import GAME
from .rules import advance, legal_actions
from .setup import new_state
from .tiles import GOLDFISH_MAX_TURNS, MAX_LENGTH, TileDef

TileId = int | str
#: Action kinds that play the tile named by their first argument from the hand.
PLAY_KINDS: Final = frozenset({"place", "attach", "action", "react", "put"})


@dataclass(frozen=True, slots=True)
class GoldfishRecord:
    """One goldfish game.

    ``turn_reached``: the turn on which the Point Pile reached 12, or ``None`` ("not
    within ``max_turns`` turns", or the stack ran dry first: ``end`` says which).
    ``points_by_turn[i]``: points at the end of turn i + 1. ``drawn``: every tile that
    reached the hand (opening hand first), one entry per copy, and ``drawn_turns`` the
    turn in which each did (the opening hand: turn 1); ``played``: tiles played
    from the hand; ``never_playable``: drawn tiles that no legal action ever played
    while they were in hand; ``unmodelled``: tiles of the stack whose effect the engine
    does not implement (they play as tiles without effect).
    """

    seed: int
    bot: str
    max_turns: int
    turn_reached: int | None
    points: int
    points_by_turn: tuple[int, ...]
    drawn: tuple[TileId, ...]
    played: tuple[TileId, ...]
    never_playable: tuple[TileId, ...]
    unmodelled: tuple[TileId, ...]
    end: str
    #: The turn on which each entry of ``drawn`` reached the hand (the opening hand: 1).
    drawn_turns: tuple[int, ...] = ()
    #: The reading of effect points the game was played with: "shown" or "printed"
    #: (setup ``effect_points``, docs/chizo.md "Points of effects").
    effect_points: str = "shown"

    @property
    def reached(self) -> bool:
        """Whether the deck got to 12 points within the cap."""
        return self.turn_reached is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seed": self.seed,
            "bot": self.bot,
            "max_turns": self.max_turns,
            "turn_reached": self.turn_reached,
            "points": self.points,
            "points_by_turn": list(self.points_by_turn),
            "drawn": list(self.drawn),
            "played": list(self.played),
            "never_playable": list(self.never_playable),
            "unmodelled": list(self.unmodelled),
            "end": self.end,
            "drawn_turns": list(self.drawn_turns),
            "effect_points": self.effect_points,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GoldfishRecord:
        """Parse a record written by :meth:`to_dict`."""
        try:
            reached = data["turn_reached"]
            return cls(
                int(data["seed"]),
                str(data["bot"]),
                int(data["max_turns"]),
                None if reached is None else int(reached),
                int(data["points"]),
                tuple(int(p) for p in data["points_by_turn"]),
                tuple(data["drawn"]),
                tuple(data["played"]),
                tuple(data["never_playable"]),
                tuple(data["unmodelled"]),
                str(data["end"]),
                tuple(int(t) for t in data.get("drawn_turns", ())),
                str(data.get("effect_points", "shown")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("bad_record", f"not a goldfish record: {exc!r}") from exc


def goldfish(
    tiles: Sequence[TileDef | Mapping[str, Any]],
    stack: Sequence[TileId],
    seed: int,
    bot: str = "greedy",
    max_turns: int = GOLDFISH_MAX_TURNS,
    effect_points: str = "shown",
) -> GoldfishRecord:
    """Goldfish ``stack`` (tile ids of ``tiles``) once with the named bot.

    ``tiles``: TileDef objects or catalogue rows (pass the same list object to every
    call of a batch: the engine compiles it once). The bot's seed is derived from
    ``seed`` as the simulations derive seat 0's. ``effect_points``: the reading of
    points scored by effects, "shown" (the default) or "printed" (docs/chizo.md).
    """
    check_seed(seed)
    setup = {
        "goldfish": True,
        "tiles": tiles,
        "stacks": [list(stack)],
        "max_turns": max_turns,
        "effect_points": effect_points,
    }
    state = new_state(setup, seed)
    chooser = GAME.make_bot(bot, bot_seed(seed, 0)).choose
    kind, hand = state.kind, state.hands[0]
    drawn: list[int] = list(hand)
    drawn_turns: list[int] = [state.turn] * len(drawn)
    seen = set(drawn)
    playable: set[int] = set()
    played: list[int] = []
    by_turn: list[int] = []
    turn = state.turn
    while legal := legal_actions(state):
        if not playable.issuperset(hand):  # else nothing new to learn here
            # A tile id: from legal_actions.
            usable = {kind[a.args[0]] for a in legal if a.kind in PLAY_KINDS}  # type: ignore[index]
            for u in hand:
                if kind[u] in usable:
                    playable.add(u)
        action = chooser(state, legal)
        if action.kind in PLAY_KINDS:
            played.append(action.args[0])  # type: ignore[arg-type]  # a tile id: from legal_actions
        advance(state, action)
        for u in hand:
            if u not in seen:
                seen.add(u)
                drawn.append(u)
                drawn_turns.append(state.turn)
        if state.turn != turn:  # turns skipped at once keep the same points
            by_turn += [state.points(0)] * (state.turn - turn)
            turn = state.turn
    by_turn.append(state.points(0))
    ids = [t.id for t in state.cat.defs]
    reached = state.turn if state.end == "points" else None
    end = state.end or ("length_cap" if state.step >= MAX_LENGTH else "unknown")
    return GoldfishRecord(
        seed=seed,
        bot=bot,
        max_turns=max_turns,
        turn_reached=reached,
        points=state.points(0),
        points_by_turn=tuple(by_turn),
        drawn=tuple(ids[kind[u]] for u in drawn),
        drawn_turns=tuple(drawn_turns),
        played=tuple(ids[kind[u]] for u in played),
        never_playable=tuple(ids[kind[u]] for u in drawn if u not in playable),
        unmodelled=tuple(dict.fromkeys(ids[d] for d in kind if not state.cat.modelled[d])),
        end=end,
        effect_points=effect_points,
    )
