"""The state of a game of ChiZo RISING: tiles, zones, the grid, stacks and decisions.

Tiles are ints ("uids"), numbered at setup seat by seat in stack-list order; ``kind``
maps a uid to its definition in the catalogue and ``owner`` to its owner (both fixed for
the game: "Tiles never change ownership"). Every uid is in exactly one zone: a Stack, a
hand, a Discard Pile, a Point Pile, the grid (``grid``: cell -> uid, a cell being an
int, ``grid.Cell``; ``pos`` the other way), attached to a grid tile (``att``: host ->
attached tile), an entry of the Action Stack, or ``current`` (the entry resolving now).
Stacks have their top at the end.

Decisions the rules wait for besides a turn's actions (allies, reactions, targets chosen
on resolution...) are part of the state: ``phase`` and ``to_act`` say whose decision it is,
and ``frames`` holds the effects being resolved, innermost last.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ...core import DataError, Rng, State
from .catalog import Catalog, catalog_for
from .grid import Cell, cell_at, on_area, xy

# Phases: whose decision the game waits for, and of what kind.
TURN: Final = "turn"
ALLIES: Final = "allies"
ANSWER: Final = "answer"
FACE_DOWN: Final = "face_down"
REACT: Final = "react"
CHOICE: Final = "choice"
OVER: Final = "over"
PHASES: Final = (TURN, ALLIES, ANSWER, FACE_DOWN, REACT, CHOICE, OVER)

# How a tile came onto the Action Stack.
PLAYED_ACTION: Final = 0
PLAYED_REACTION: Final = 1
BATTLE_TILE: Final = 2
LEND_TILE: Final = 3
FACE_DOWN_MODES: Final = (BATTLE_TILE, LEND_TILE)

# Durations of temporary effects.
UNTIL_STACK: Final = 0
UNTIL_TURN: Final = 1
PERMANENT: Final = 2
DURATION_CODES: Final = {"stack": UNTIL_STACK, "turn": UNTIL_TURN, "permanent": PERMANENT}

# Battle steps, and the sides of a Battle.
ASK_ATTACKER: Final = 0
ASK_DEFENDER: Final = 1
CHOOSE_FACE_DOWN: Final = 2
FIGHTING: Final = 3
ATTACKER_SIDE: Final = 0
DEFENDER_SIDE: Final = 1


class Entry(NamedTuple):
    """A tile on the Action Stack: who added it and how (``source``: a lending creature)."""

    uid: int
    player: int
    mode: int
    source: int = -1


class Temp(NamedTuple):
    """A temporary change of a tile's values (``modify_stats``, ``lend_stat``)."""

    uid: int
    dstr: int
    dint: int
    until: int


class Battle:
    """A Battle from its announcement to the end of its Battle Action Stack."""

    __slots__ = (
        "allies",
        "announcer",
        "asked",
        "attacker",
        "defender",
        "defending",
        "dismissed",
        "request",
        "step",
        "support",
    )

    def __init__(
        self, attacker: int, defender: int, announcer: int, defending: int, players: int
    ) -> None:
        self.attacker = attacker
        self.defender = defender
        self.announcer = announcer
        #: The player who controlled the Defender when the Battle was announced.
        self.defending = defending
        #: [uid, side] of each Ally, in the order they joined.
        self.allies: list[tuple[int, int]] = []
        #: Allies that an effect took out of the Battle (``dismiss_ally``).
        self.dismissed: list[int] = []
        #: The side each seat supports (-1: none yet): "each Player may support only one".
        self.support = [-1] * players
        self.support[announcer] = ATTACKER_SIDE
        self.support[defending] = DEFENDER_SIDE
        #: (uid, side) already asked, so no creature is asked twice by one side.
        self.asked: list[tuple[int, int]] = []
        #: The creature whose controller is being asked to ally (-1: nobody).
        self.request = -1
        self.step = ASK_ATTACKER

    def side_of(self, uid: int) -> int:
        """The side ``uid`` fights on (-1: not in the Battle)."""
        if uid == self.attacker:
            return ATTACKER_SIDE
        if uid == self.defender:
            return DEFENDER_SIDE
        for ally, side in self.allies:
            if ally == uid and uid not in self.dismissed:
                return side
        return -1

    def clone(self) -> Battle:
        """An independent copy."""
        twin = Battle(
            self.attacker, self.defender, self.announcer, self.defending, len(self.support)
        )
        twin.allies, twin.dismissed = list(self.allies), list(self.dismissed)
        twin.support, twin.asked = list(self.support), list(self.asked)
        twin.request, twin.step = self.request, self.step
        return twin

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "announcer": self.announcer,
            "defending": self.defending,
            "allies": [list(a) for a in self.allies],
            "dismissed": list(self.dismissed),
            "support": list(self.support),
            "asked": [list(a) for a in self.asked],
            "request": self.request,
            "step": self.step,
        }

    @classmethod
    def from_dict(cls, data: Any, players: int) -> Battle:
        """Rebuild a Battle written by :meth:`to_dict`."""
        battle = cls(
            int(data["attacker"]),
            int(data["defender"]),
            int(data["announcer"]),
            int(data["defending"]),
            players,
        )
        battle.allies = [(int(u), int(s)) for u, s in data["allies"]]
        battle.dismissed = [int(u) for u in data["dismissed"]]
        battle.support = [int(s) for s in data["support"]]
        battle.asked = [(int(u), int(s)) for u, s in data["asked"]]
        battle.request, battle.step = int(data["request"]), int(data["step"])
        return battle


class Frame:
    """An effect being carried out, possibly waiting for its player's decision.

    ``key`` names the handler (an effect key, or an internal step such as "_arrive");
    ``player`` is "you" for the effect, ``source`` the tile whose effect it is, ``step``
    and ``left`` its progress, ``data`` handler-specific ints (a chosen opponent, the tile
    being moved, tiles already moved...).
    """

    __slots__ = ("data", "key", "left", "player", "source", "step", "wait")

    def __init__(
        self, key: str, player: int, source: int, left: int = 1, data: list[int] | None = None
    ) -> None:
        self.key = key
        self.player = player
        self.source = source
        self.step = 0
        self.left = left
        self.wait = False
        self.data: list[int] = data if data is not None else []

    def clone(self) -> Frame:
        """An independent copy."""
        twin = Frame(self.key, self.player, self.source, self.left, list(self.data))
        twin.step, twin.wait = self.step, self.wait
        return twin

    def to_list(self) -> list[Any]:
        """JSON-ready form."""
        return [
            self.key,
            self.player,
            self.source,
            self.step,
            self.left,
            self.wait,
            list(self.data),
        ]

    @classmethod
    def from_list(cls, data: Any) -> Frame:
        """Rebuild a frame written by :meth:`to_list`."""
        key, player, source, step, left, wait, extra = data
        frame = cls(str(key), int(player), int(source), int(left), [int(x) for x in extra])
        frame.step, frame.wait = int(step), bool(wait)
        return frame

    def __repr__(self) -> str:
        return f"Frame({self.to_list()!r})"


class ChizoState(State):
    """Everything about a game of ChiZo RISING. Mutated in place by the rules."""

    __slots__ = (
        "actions_left", "actions_taken", "active", "asked", "att", "battle", "cat", "ctrl",
        "current", "discards", "end", "formed", "frames", "free", "goldfish", "grid", "hands",
        "kind",
        "last", "lent", "max_turns", "over", "owner", "phase", "piles", "players", "pos",
        "printed", "protects", "resolving", "rng", "skips", "stack", "stack_kind", "stacks",
        "step", "team", "teams", "temps", "to_act", "turn", "unshown",
    )  # fmt: skip

    def __init__(
        self,
        cat: Catalog,
        players: int,
        teams: bool,
        goldfish: bool,
        kind: tuple[int, ...],
        owner: tuple[int, ...],
        rng: Rng,
    ) -> None:
        self.cat = cat
        self.players = players
        self.teams = teams
        self.goldfish = goldfish
        #: seat -> Point Pile: partners (seated across) share one in team play.
        self.team: tuple[int, ...] = (
            tuple(s % 2 for s in range(players)) if teams else tuple(range(players))
        )
        self.kind = kind
        self.owner = owner
        self.ctrl: list[int] = list(owner)
        self.rng = rng
        self.stacks: list[list[int]] = [[] for _ in range(players)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.piles: list[list[int]] = [[] for _ in range(max(self.team) + 1)]
        #: The "printed" reading of effect points (setup ``effect_points``): points scored
        #: by effects that no tile could show, per Point Pile (always 0 when "shown").
        self.printed = False
        self.unshown: list[int] = [0] * len(self.piles)
        self.grid: dict[Cell, int] = {}
        self.pos: dict[int, Cell] = {}
        #: The free cells next to a tile (``grid.free_cells``), while the grid is unchanged.
        self.free: list[Cell] | None = None
        self.att: dict[int, int] = {}
        self.temps: list[Temp] = []
        #: (uid, until): creatures that can't be captured or removed by effects.
        self.protects: list[tuple[int, int]] = []
        self.stack: list[Entry] = []
        self.current: Entry | None = None
        self.stack_kind = 0
        self.last = -1
        self.asked = -1
        self.resolving = False
        #: Creatures that have lent their values on this stack ("once per stack").
        self.lent: list[int] = []
        self.battle: Battle | None = None
        #: Squares formed during a stack: (completing tile, its four tiles), in order.
        self.formed: list[tuple[int, tuple[int, ...]]] = []
        self.frames: list[Frame] = []
        self.turn = 0
        self.active = 0
        self.actions_left = 0
        self.actions_taken = 0
        #: Turns skipped in a row because the player could take no action.
        self.skips = 0
        self.max_turns: int | None = None
        self.phase = TURN
        self.to_act: int | None = None
        self.step = 0
        self.over = False
        #: Why the game ended: "points", "exhausted", "turn_cap" ("" while it runs).
        self.end = ""

    # -- reading ----------------------------------------------------------------------

    def points(self, seat: int) -> int:
        """The points of ``seat`` (its team's, in team play): the tiles of its Point Pile
        (and, in the "printed" reading, effect points no tile could show)."""
        team = self.team[seat]
        return len(self.piles[team]) + self.unshown[team]

    def opponents(self, seat: int) -> list[int]:
        """Players of other teams, clockwise from ``seat``."""
        team, n = self.team, self.players
        return [(seat + i) % n for i in range(1, n) if team[(seat + i) % n] != team[seat]]

    def name(self, uid: int) -> str:
        """A tile's name."""
        return self.cat.defs[self.kind[uid]].name

    # -- copying and JSON ---------------------------------------------------------------

    def clone(self) -> ChizoState:
        """A copy sharing nothing mutable (lists copied one by one; no deepcopy). Built
        through ``__init__`` (a class compiled with mypyc cannot be made without it), then
        filled in."""
        twin = ChizoState(
            self.cat,
            self.players,
            self.teams,
            self.goldfish,
            self.kind,
            self.owner,
            self.rng.clone(),
        )
        twin.ctrl = list(self.ctrl)
        twin.stacks = [list(z) for z in self.stacks]
        twin.hands = [list(z) for z in self.hands]
        twin.discards = [list(z) for z in self.discards]
        twin.piles = [list(z) for z in self.piles]
        twin.printed, twin.unshown = self.printed, list(self.unshown)
        twin.grid, twin.pos, twin.att = dict(self.grid), dict(self.pos), dict(self.att)
        twin.free = self.free  # never mutated, only replaced
        twin.temps, twin.protects = list(self.temps), list(self.protects)
        twin.stack, twin.current, twin.stack_kind = list(self.stack), self.current, self.stack_kind
        twin.last, twin.asked, twin.resolving = self.last, self.asked, self.resolving
        twin.lent = list(self.lent)
        twin.battle = None if self.battle is None else self.battle.clone()
        twin.formed = list(self.formed)
        twin.frames = [f.clone() for f in self.frames]
        twin.turn, twin.active = self.turn, self.active
        twin.actions_left, twin.actions_taken = self.actions_left, self.actions_taken
        twin.skips, twin.max_turns = self.skips, self.max_turns
        twin.phase, twin.to_act, twin.step = self.phase, self.to_act, self.step
        twin.over, twin.end = self.over, self.end
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts and rng included, as JSON-ready data."""
        return {
            "game": "chizo",
            "players": self.players,
            "teams": self.teams,
            "goldfish": self.goldfish,
            "max_turns": self.max_turns,
            "tiles": self.cat.to_list(),
            "kind": list(self.kind),
            "owner": list(self.owner),
            "ctrl": list(self.ctrl),
            "stacks": [list(z) for z in self.stacks],
            "hands": [list(z) for z in self.hands],
            "discards": [list(z) for z in self.discards],
            "piles": [list(z) for z in self.piles],
            "grid": [[*xy(cell), uid] for cell, uid in self.grid.items()],
            "attached": [[host, mod] for host, mod in self.att.items()],
            "temps": [list(t) for t in self.temps],
            "protects": [list(p) for p in self.protects],
            "stack": [list(e) for e in self.stack],
            "current": None if self.current is None else list(self.current),
            "stack_kind": self.stack_kind,
            "last": self.last,
            "asked": self.asked,
            "resolving": self.resolving,
            "lent": list(self.lent),
            "battle": None if self.battle is None else self.battle.to_dict(),
            "formed": [[c, list(tiles)] for c, tiles in self.formed],
            "frames": [f.to_list() for f in self.frames],
            "turn": self.turn,
            "active": self.active,
            "actions_left": self.actions_left,
            "actions_taken": self.actions_taken,
            "skips": self.skips,
            "phase": self.phase,
            "to_act": self.to_act,
            "step": self.step,
            "over": self.over,
            "end": self.end,
            "rng": self.rng.to_dict(),
        } | (  # only in the "printed" reading: the default's JSON (and hashes) unchanged
            {"effect_points": "printed", "unshown": list(self.unshown)} if self.printed else {}
        )

    @classmethod
    def from_dict(cls, data: Any) -> ChizoState:
        """Rebuild a state written by :meth:`to_dict`."""
        try:
            if data["game"] != "chizo" or data["phase"] not in PHASES:
                raise DataError("bad_state", "not a ChiZo state")
            state = cls(
                catalog_for(data["tiles"]),
                int(data["players"]),
                bool(data["teams"]),
                bool(data["goldfish"]),
                tuple(int(k) for k in data["kind"]),
                tuple(int(o) for o in data["owner"]),
                Rng.from_dict(data["rng"]),
            )
            _read_zones(state, data)
            _read_flow(state, data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise DataError("bad_state", f"not a ChiZo state: {exc!r}") from exc
        except DataError as exc:  # a tile of the saved catalogue: the state is what is bad
            if exc.code == "bad_state":
                raise
            raise DataError("bad_state", f"not a ChiZo state: {exc.reason}") from exc
        return state


def _ints(values: Any) -> list[int]:
    return [int(v) for v in values]


def _read_zones(state: ChizoState, data: Any) -> None:
    state.max_turns = None if data["max_turns"] is None else int(data["max_turns"])
    state.ctrl = _ints(data["ctrl"])
    for name in ("stacks", "hands", "discards", "piles"):
        setattr(state, name, [_ints(z) for z in data[name]])
    state.grid = {}
    for x, y, u in data["grid"]:
        if not on_area(int(x), int(y)):
            raise DataError("bad_state", f"cell ({x}, {y}) is off the area")
        state.grid[cell_at(int(x), int(y))] = int(u)
    state.pos = {u: cell for cell, u in state.grid.items()}
    state.att = {int(h): int(m) for h, m in data["attached"]}
    state.temps = [Temp(*_ints(t)) for t in data["temps"]]
    state.protects = [(int(u), int(w)) for u, w in data["protects"]]
    state.printed = data.get("effect_points") == "printed"
    state.unshown = _ints(data.get("unshown", [0] * len(state.piles)))
    if len(state.unshown) != len(state.piles):
        raise DataError("bad_state", "unshown needs one entry per Point Pile")
    if len(state.ctrl) != len(state.kind) or len(state.owner) != len(state.kind):
        raise DataError("bad_state", "kind, owner and ctrl need one entry per tile")


def _read_flow(state: ChizoState, data: Any) -> None:
    state.stack = [Entry(*_ints(e)) for e in data["stack"]]
    state.current = None if data["current"] is None else Entry(*_ints(data["current"]))
    state.stack_kind, state.last, state.asked = (
        int(data["stack_kind"]),
        int(data["last"]),
        int(data["asked"]),
    )
    state.resolving = bool(data["resolving"])
    state.lent = _ints(data["lent"])
    battle = data["battle"]
    state.battle = None if battle is None else Battle.from_dict(battle, state.players)
    state.formed = [(int(c), tuple(_ints(t))) for c, t in data["formed"]]
    state.frames = [Frame.from_list(f) for f in data["frames"]]
    for name in ("turn", "active", "actions_left", "actions_taken", "skips", "step"):
        setattr(state, name, int(data[name]))
    state.phase = data["phase"]
    state.to_act = None if data["to_act"] is None else int(data["to_act"])
    state.over, state.end = bool(data["over"]), str(data["end"])
