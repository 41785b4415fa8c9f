"""The state of a game of Chocobo Party Up!."""

from __future__ import annotations

from typing import Any, Final

from ...core import DataError, Rng, State
from .actions import SeatTable, tables
from .board import BIG_WEIGHT, CARDS, FACES, LAYOUT_FOR, Layout, layout

# Phases: whose decision the game waits for, and of what kind.
SETUP: Final = "setup"  # placing chocobos on the territory boards
FRIEND: Final = "friend"  # phase 2: play a friend card, call the big chocobo, or nothing
TIFON_PHASE: Final = "tifon"  # the owner of a chocobo hit by Tifon chooses its territory space
GOLEM_PHASE: Final = (
    "golem"  # the Golem's player moves the chocobos of the chosen space, one at a time
)
MOVE: Final = "move"  # phase 3: the next step of movement, or ending it
KICK: Final = "kick"  # a kick: move the other players' chocobos of the space, or stop
OVERFLOW: Final = "overflow"  # the limit of 4: move companions off the spaces above it
CALL: Final = "call"  # phase 4: call a companion, or not
DISCARD: Final = "discard"  # phase 5: discard down to the hand limit
OVER: Final = "over"
PHASES: Final = (SETUP, FRIEND, TIFON_PHASE, GOLEM_PHASE, MOVE, KICK, OVERFLOW, CALL, DISCARD, OVER)

#: Where the turn goes once an overflow is settled: on with movement, or to the call.
RESUME_MOVE: Final = "move"
RESUME_CALL: Final = "call"
RESUMES: Final = ("", RESUME_MOVE, RESUME_CALL)

NOWHERE: Final = -1  # a chocobo not on the board (unplaced; a big chocobo in the supply)


#: The attributes a clone copies as they are (ints, bools, strings, None, and the shared
#: ``tables``); the others are containers a clone copies, or the layout and rng.
_SCALARS: Final = (
    "active",
    "big_moved",
    "big_new",
    "face",
    "first",
    "golem_space",
    "kick_space",
    "kicked",
    "phase",
    "players",
    "result",
    "resume",
    "step",
    "steps",
    "supply",
    "tables",
    "tifon_from",
    "tifon_seat",
    "to_act",
    "token_supply",
    "turn",
    "winner",
)


class ChocoboState(State):
    """Everything about a game. Lists are mutated in place by the rules.

    Spaces are ints (see :class:`~.board.Layout`); JSON uses their names. Each seat has
    two chocobos (``smalls``) and one big chocobo (``bigs``, ``NOWHERE`` while in the
    supply); companions are identical, so a space holds a count of them. Friend cards are
    ids (see ``board.KIND_OF``); hands are sorted, the pile's top is its end.

    ``load`` (per space: the chocobos that are not companions, a big one counting 2) and
    ``block`` (per space: a bit per seat whose big chocobo or both chocobos stand there,
    so that other seats may not enter) are derived from the pieces, kept up to date by
    :meth:`recount`, and not serialised. ``tables`` are the board's prebuilt actions,
    per seat (``actions.tables``), at hand for the legal-action lists.
    """

    __slots__ = (
        *_SCALARS,
        "bigs",
        "block",
        "comp",
        "discard",
        "hands",
        "layout",
        "load",
        "pile",
        "rng",
        "smalls",
        "tokens",
    )

    def __init__(self, board: Layout, rng: Rng) -> None:
        players = len(board.sides)
        self.players = players
        self.layout = board
        self.tables: tuple[SeatTable, ...] = tables(board)
        self.rng = rng
        self.step = 0
        self.to_act: int | None = None
        #: The seat whose turn it is (``to_act`` differs while a Tifon owner chooses).
        self.active = 0
        self.first = 0
        #: Turns started so far (the first player's first turn is turn 1).
        self.turn = 0
        self.phase = SETUP
        self.smalls: list[list[int]] = [[NOWHERE, NOWHERE] for _ in range(players)]
        self.bigs: list[int] = [NOWHERE] * players
        self.comp: list[int] = [0] * board.size
        self.load: list[int] = [0] * board.size
        self.block: list[int] = [0] * board.size
        self.tokens: list[bool] = [False] * board.size
        self.token_supply = 0
        self.supply = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[int] = []
        self.discard: list[int] = []
        #: This turn's die face (-1 before the first roll), result and steps left.
        self.face = -1
        self.result = 0
        self.steps = 0
        self.big_moved = False
        self.big_new = False
        self.kick_space = NOWHERE
        self.kicked = 0
        self.golem_space = NOWHERE
        self.tifon_seat = NOWHERE
        self.tifon_from = NOWHERE
        self.resume = ""
        self.winner = NOWHERE

    def recount(self, space: int) -> None:
        """Recompute ``load`` and ``block`` of one space from the pieces."""
        load = block = 0
        bigs = self.bigs
        for seat, (a, b) in enumerate(self.smalls):
            here = (a == space) + (b == space)
            if here == 2:
                block |= 1 << seat
            load += here
            if bigs[seat] == space:
                load += BIG_WEIGHT
                block |= 1 << seat
        self.load[space] = load
        self.block[space] = block

    def recount_all(self) -> None:
        """Recompute the derived tables of every space."""
        for space in range(self.layout.size):
            self.recount(space)

    def clone(self) -> ChocoboState:
        """A copy sharing nothing mutable (lists copied one by one; no deepcopy). Built
        through ``__init__`` (a class compiled with mypyc cannot be made without it), then
        filled in."""
        twin = ChocoboState(self.layout, self.rng.clone())  # the layout is immutable: shared
        for name in _SCALARS:
            setattr(twin, name, getattr(self, name))
        twin.smalls = [list(pair) for pair in self.smalls]
        twin.bigs = list(self.bigs)
        twin.comp = list(self.comp)
        twin.load = list(self.load)
        twin.block = list(self.block)
        twin.tokens = list(self.tokens)
        twin.hands = [list(h) for h in self.hands]
        twin.pile = list(self.pile)
        twin.discard = list(self.discard)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts and rng included, as JSON-ready data."""
        names = self.layout.names

        def name(space: int) -> str | None:
            return None if space == NOWHERE else names[space]

        return {
            "game": "chocobo",
            "players": self.players,
            "layout": self.layout.name,
            "sides": list(self.layout.sides),
            "rng": self.rng.to_dict(),
            "step": self.step,
            "to_act": self.to_act,
            "active": self.active,
            "first_player": self.first,
            "turn": self.turn,
            "phase": self.phase,
            "chocobos": [[name(s) for s in pair] for pair in self.smalls],
            "big_chocobos": [name(s) for s in self.bigs],
            "companions": {names[s]: n for s, n in enumerate(self.comp) if n},
            "supply": self.supply,
            "trail_tokens": [names[s] for s, t in enumerate(self.tokens) if t],
            "token_supply": self.token_supply,
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "die": None if self.face < 0 else FACES[self.face],
            "result": self.result,
            "steps": self.steps,
            "big_moved": self.big_moved,
            "big_new": self.big_new,
            "kick_space": name(self.kick_space),
            "kicked": self.kicked,
            "golem_space": name(self.golem_space),
            "tifon_seat": None if self.tifon_seat == NOWHERE else self.tifon_seat,
            "tifon_from": name(self.tifon_from),
            "resume": self.resume,
            "winner": None if self.winner == NOWHERE else self.winner,
        }

    @classmethod
    def from_dict(cls, data: Any) -> ChocoboState:
        """Rebuild a state written by :meth:`to_dict`."""
        try:
            if data["game"] != "chocobo" or data["phase"] not in PHASES:
                raise DataError("bad_state", "not a Chocobo Party Up! state")
            players = int(data["players"])
            sides = tuple(str(s) for s in data["sides"])
            if data["layout"] != LAYOUT_FOR[players] or len(sides) != players:
                raise DataError("bad_state", "layout and sides do not match the players")
            board = layout(data["layout"], sides)
            index = board.index

            def space(value: Any) -> int:
                return NOWHERE if value is None else index[value]

            state = cls(board, Rng.from_dict(data["rng"]))
            for key in (
                "step",
                "turn",
                "active",
                "supply",
                "token_supply",
                "result",
                "steps",
                "kicked",
            ):
                setattr(state, key, int(data[key]))
            state.first = int(data["first_player"])
            state.to_act = None if data["to_act"] is None else int(data["to_act"])
            state.phase = data["phase"]
            state.smalls = [[space(s) for s in pair] for pair in data["chocobos"]]
            state.bigs = [space(s) for s in data["big_chocobos"]]
            for name, count in data["companions"].items():
                state.comp[index[name]] = int(count)
            for name in data["trail_tokens"]:
                state.tokens[index[name]] = True
            state.hands = [sorted(int(c) for c in h) for h in data["hands"]]
            state.pile = [int(c) for c in data["pile"]]
            state.discard = [int(c) for c in data["discard"]]
            state.face = -1 if data["die"] is None else FACES.index(data["die"])
            state.big_moved = bool(data["big_moved"])
            state.big_new = bool(data["big_new"])
            state.kick_space = space(data["kick_space"])
            state.golem_space = space(data["golem_space"])
            seat = data["tifon_seat"]
            state.tifon_seat = NOWHERE if seat is None else int(seat)
            state.tifon_from = space(data["tifon_from"])
            if data["resume"] not in RESUMES:
                raise DataError("bad_state", f"unknown resume {data['resume']!r}")
            state.resume = data["resume"]
            state.winner = NOWHERE if data["winner"] is None else int(data["winner"])
            if len(state.smalls) != players or len(state.bigs) != players:
                raise DataError("bad_state", "one pair of chocobos and one big chocobo a seat")
            if any(c < 0 or c >= CARDS for c in state.pile + state.discard):
                raise DataError("bad_state", "a friend card id is out of range")
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise DataError("bad_state", f"not a Chocobo Party Up! state: {exc!r}") from exc
        state.recount_all()
        return state
