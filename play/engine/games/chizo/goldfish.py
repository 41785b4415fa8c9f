"""Goldfishing a ChiZo stack: how fast to 12 points, alone or beside a passive board.

"ChiZo: one player, no opponent; the goal is 12 points from squares and effects; the
figure is the turn on which it gets there (or "not within N turns")." The game is the
full engine with a one-seat setup (``{"goldfish": true, ...}``): no Battles (no
opponent's tiles), no opponent for effects that need one, and Reactions only on one's
own stacks. A record also says which tiles were drawn, which were played, and which were
drawn but never legal to play while in hand.

With a *passive board* of K tiles (``board``; docs/chizo.md, "Goldfish opposition") the
game has two seats: the deck's (seat 0, first) and a passive opponent whose stack is K
basic creatures, the twelve classes in zodiac order and again. On each of its turns the
opponent places one tile of its hand in a legal space (drawn by its own rng) and ends
its turn; it never draws, battles, asks for allies, answers an ally's request but to
refuse, or reacts, and once its tiles are placed its turns are skipped, as the rules
skip a player with no action. Its creatures are there to complete squares with ("the
last player to place a Tile ... takes all of the Tiles in the Square ... regardless of
who controls the Tiles"), to battle and to block; the figure counts the deck's own turns.

:func:`goldfish` is pure (no I/O): the Django side calls it for batch simulations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ...core import Action, DataError, Rng, SetupError, check_seed, mix_seed
from ...core.bots import BotSpec, bot_for
from ...simulate import bot_seed
from .game import GAME
from .rules import advance, legal_actions
from .setup import new_state
from .state import TURN, ChizoState
from .tiles import CLASSES, GOLDFISH_MAX_TURNS, MAX_LENGTH, POINTS_TO_WIN, TileDef, basic_tiles

TileId = int | str
#: Action kinds that play the tile named by their first argument from the hand.
PLAY_KINDS: Final = frozenset({"place", "attach", "action", "react", "put"})
#: The deck's seat, and the passive opponent's when there is a board.
PLAYER: Final = 0
PASSIVE: Final = 1
#: The most tiles a passive board may hold.
MAX_BOARD: Final = 40
#: The passive opponent's answers, in order of preference, when it is not its turn.
PASSIVE_ANSWERS: Final = ("pass", "refuse", "stop", "done")
#: The passive opponent's rng, offset from the game's seed (as the bots' seeds are).
PASSIVE_SEED_OFFSET: Final = 2_000_003
#: The named tables of a ChiZo goldfish, by the tiles of their passive board (the
#: first is the default; docs/chizo.md, "Goldfish opposition"). "board": one basic
#: creature of each class, so the board favours no quartet.
BOARD_PROFILES: Final[Mapping[str, int]] = {"alone": 0, "board": len(CLASSES)}


def board_from(value: Any) -> int:
    """The passive board's tiles a goldfish table asks for: None (alone), a profile's
    name, or a mapping of an optional ``profile`` and ``board`` (its tiles). Raises
    :class:`SetupError` ("bad_opposition") saying what is wrong."""
    if value is None:
        return 0
    if isinstance(value, str):
        value = {"profile": value}
    if not isinstance(value, Mapping):
        raise SetupError("bad_opposition", "'opposition' is a profile's name or a mapping")
    unknown = sorted(str(key) for key in value if key not in ("profile", "board"))
    if unknown:
        raise SetupError(
            "bad_opposition",
            f"a ChiZo RISING table has no {', '.join(unknown)}; use profile, board",
        )
    name = value.get("profile", "alone")
    if name == "custom":
        name = "alone"
    if name not in BOARD_PROFILES:
        known = ", ".join(BOARD_PROFILES)
        raise SetupError("bad_opposition", f"no ChiZo RISING table {name!r}; use one of {known}")
    board = value.get("board", BOARD_PROFILES[name])
    if type(board) is not int or not 0 <= board <= MAX_BOARD:
        raise SetupError(
            "bad_opposition", f"opposition board is a whole number 0 to {MAX_BOARD}: {board!r}"
        )
    return board


def board_dict(board: int) -> dict[str, Any]:
    """A table as specs record it: its profile ("custom" when none) and board."""
    names = [name for name, size in BOARD_PROFILES.items() if size == board]
    return {"profile": names[0] if names else "custom", "board": board}


def board_words(board: int) -> str:
    """The table in a player's words, for reports."""
    if not board:
        return "alone on the board"
    tiles = "tile" if board == 1 else "tiles"
    return f"beside a passive opponent's board of {board} basic creature {tiles}, one a turn"


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
    #: The passive board's tiles (0: alone; docs/chizo.md, "Goldfish opposition").
    board: int = 0

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
            "board": self.board,
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
                int(data.get("board", 0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("bad_record", f"not a goldfish record: {exc!r}") from exc


def goldfish(
    tiles: Sequence[TileDef | Mapping[str, Any]],
    stack: Sequence[TileId],
    seed: int,
    bot: BotSpec = "greedy",
    max_turns: int = GOLDFISH_MAX_TURNS,
    effect_points: str = "shown",
    board: int = 0,
) -> GoldfishRecord:
    """Goldfish ``stack`` (tile ids of ``tiles``) once with the bot ``bot`` (a name, or
    a maker of one from its seed: a benchmark's yardstick).

    ``tiles``: TileDef objects or catalogue rows (pass the same list object to every
    call of a batch: the engine compiles it once). The bot's seed is derived from
    ``seed`` as the simulations derive seat 0's. ``effect_points``: the reading of
    points scored by effects, "shown" (the default) or "printed" (docs/chizo.md).
    ``board``: the tiles of a passive opponent's board (0, the default: alone).
    """
    check_seed(seed)
    if type(board) is not int or not 0 <= board <= MAX_BOARD:
        raise DataError("bad_board", f"board is a whole number 0 to {MAX_BOARD}: {board!r}")
    setup: dict[str, Any] = {"tiles": tiles, "stacks": [list(stack)],
                             "max_turns": max_turns, "effect_points": effect_points}  # fmt: skip
    if board:
        setup["tiles"], opponent = _with_board(tiles, board)
        setup.update(players=2, first_player=PLAYER, max_turns=2 * max_turns)
        setup["stacks"].append(opponent)
    else:
        setup["goldfish"] = True
    state = new_state(setup, seed)
    seats = state.players
    player = bot_for(GAME, bot, bot_seed(seed, 0))
    chooser = player.choose
    passive = Rng(mix_seed(seed, PASSIVE_SEED_OFFSET))
    kind, hand = state.kind, state.hands[PLAYER]
    drawn: list[int] = list(hand)
    drawn_turns: list[int] = [_own(state.turn, seats)] * len(drawn)
    seen = set(drawn)
    playable: set[int] = set()
    played: list[int] = []
    by_turn: list[int] = []
    turn = _own(state.turn, seats)
    while legal := legal_actions(state):
        if state.to_act != PLAYER:
            advance(state, passive_choice(state, legal, passive))
        else:
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
                drawn_turns.append(_own(state.turn, seats))
        now = _own(state.turn, seats)
        if now != turn:  # turns skipped at once keep the same points
            by_turn += [state.points(PLAYER)] * (now - turn)
            turn = now
    by_turn.append(state.points(PLAYER))
    ids = [t.id for t in state.cat.defs]
    won = state.end == "points" and state.points(PLAYER) >= POINTS_TO_WIN
    reached = _own(state.turn, seats) if won else None
    end = state.end or ("length_cap" if state.step >= MAX_LENGTH else "unknown")
    return GoldfishRecord(
        seed=seed,
        bot=player.name,
        max_turns=max_turns,
        turn_reached=reached,
        points=state.points(PLAYER),
        points_by_turn=tuple(by_turn),
        drawn=tuple(ids[kind[u]] for u in drawn),
        drawn_turns=tuple(drawn_turns),
        played=tuple(ids[kind[u]] for u in played),
        never_playable=tuple(ids[kind[u]] for u in drawn if u not in playable),
        # The passive opponent's basic creatures are all modelled: only the deck's count.
        unmodelled=tuple(dict.fromkeys(ids[d] for d in kind if not state.cat.modelled[d])),
        end=end,
        effect_points=effect_points,
        board=board,
    )


def _own(turn: int, seats: int) -> int:
    """The deck's own turn (it goes first) when ``turn`` counts every seat's turns."""
    return (turn + seats - 1) // seats


def passive_choice(state: ChizoState, legal: Sequence[Action], rng: Rng) -> Action:
    """The passive opponent's decision: on its turn one tile of its hand into a legal
    space drawn by ``rng`` (it draws only when it cannot place one), then the end of its
    turn; at any other time it passes, refuses, stops or is done, else takes the first
    legal action (a choice an opponent's effect asks of it)."""
    if state.phase == TURN and state.active == PASSIVE:
        if state.actions_taken == 0:
            places = [a for a in legal if a.kind == "place"]
            if places:
                return places[rng.below(len(places))]
        for wanted in ("end_turn", "draw"):
            for action in legal:
                if action.kind == wanted:
                    return action
    for wanted in PASSIVE_ANSWERS:
        for action in legal:
            if action.kind == wanted:
                return action
    return legal[0]


#: The tile lists of the last few (tiles, board) asked for, with the tiles object itself:
#: held, it cannot be collected and its id reused by another list.
_BOARDS: Final[list[tuple[object, int, list[Any], list[TileId]]]] = []


def _with_board(
    tiles: Sequence[TileDef | Mapping[str, Any]], board: int
) -> tuple[list[Any], list[TileId]]:
    """The deck's tiles with the passive opponent's (the twelve basic creatures, ids
    prefixed "passive-"), and its stack of ``board`` tiles (built once per list)."""
    for known, size, known_tiles, known_stack in _BOARDS:
        if known is tiles and size == board:
            return known_tiles, known_stack
    basics = [replace(t, id=f"passive-{t.id}") for t in basic_tiles()]
    every: list[Any] = [*tiles, *basics]
    opponent: list[TileId] = [basics[i % len(CLASSES)].id for i in range(board)]
    _BOARDS.insert(0, (tiles, board, every, opponent))
    del _BOARDS[8:]
    return every, opponent
