"""The state of a game of Raise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...core import DataError, Rng, State
from .cards import MAX_PLAYERS, card_values_and_getter

BID: Final = "bid"  # step 2: collecting the face-down cards, one player at a time
RACE: Final = "race"  # step 3: the stone furthest back continues or passes
OVER: Final = "over"
PHASES: Final = (BID, RACE, OVER)


class RaiseState(State):
    """Everything about a game of Raise. Lists are mutated in place by the rules.

    Cards are ints (see ``cards``). Hands are kept sorted; draw piles and the point pile
    have their top at the end. ``pos`` has each seat's stone space (``None`` when off the
    board) and ``order`` the seats with a stone from the furthest back to the furthest
    ahead, where on one space the top stone comes first: the rulebook gives the top stone
    the turn on a tie, so it counts as further back than the stones under it.
    """

    __slots__ = (
        "bids",
        "committed",
        "dice",
        "draws",
        "hands",
        "order",
        "phase",
        "players",
        "point",
        "point_pile",
        "pos",
        "pot",
        "removed",
        "rng",
        "roller",
        "round",
        "step",
        "target",
        "to_act",
        "value_of",
        "values",
        "won",
        "won_points",
    )

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.step = 0
        self.to_act: int | None = None
        self.phase = BID
        self.round = 0
        self.roller = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.draws: list[list[int]] = [[] for _ in range(players)]
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.won_points: list[list[int]] = [[] for _ in range(players)]
        self.point_pile: list[int] = []
        self.removed: list[int] = []
        #: The point card revealed for the current round (``None`` before or after).
        self.point: int | None = None
        self.dice: list[int] = []
        #: Face-down cards chosen this round, per seat (``None``: not chosen).
        self.bids: list[int | None] = [None] * players
        #: The common winnings pile of the round.
        self.pot: list[int] = []
        self.pos: list[int | None] = [None] * players
        self.order: list[int] = []
        #: In the race: the space the stone to act must pass (the second-to-last stone's).
        self.target: int | None = None
        #: In the race: whether the stone to act has started to continue (it cannot pass).
        self.committed = False
        #: Derived from ``dice``: each card id's value this round (not serialised), and
        #: the same as a function (``value_of(card)``, for ``map``).
        self.values: tuple[int, ...] = ()
        self.value_of: Callable[[int], int] = self.values.__getitem__

    def set_dice(self, dice: list[int]) -> None:
        """Set the round's dice and the card values they give."""
        self.dice = dice
        self.values, self.value_of = card_values_and_getter(dice, self.players)

    def clone(self) -> RaiseState:
        """A copy sharing nothing mutable (lists copied one by one; no deepcopy). Built
        through ``__init__`` (a class compiled with mypyc cannot be made without it), then
        filled in."""
        twin = RaiseState(self.players, self.rng.clone())
        twin.step = self.step
        twin.to_act = self.to_act
        twin.phase = self.phase
        twin.round = self.round
        twin.roller = self.roller
        twin.hands = [list(h) for h in self.hands]
        twin.draws = [list(d) for d in self.draws]
        twin.won = [list(w) for w in self.won]
        twin.won_points = [list(w) for w in self.won_points]
        twin.point_pile = list(self.point_pile)
        twin.removed = list(self.removed)
        twin.point = self.point
        twin.dice = list(self.dice)
        twin.values = self.values  # a tuple: shared safely
        twin.value_of = self.value_of  # reads a list no one else holds
        twin.bids = list(self.bids)
        twin.pot = list(self.pot)
        twin.pos = list(self.pos)
        twin.order = list(self.order)
        twin.target = self.target
        twin.committed = self.committed
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts and rng included, as JSON-ready data."""
        return {
            "game": "raise",
            "players": self.players,
            "rng": self.rng.to_dict(),
            "step": self.step,
            "to_act": self.to_act,
            "phase": self.phase,
            "round": self.round,
            "roller": self.roller,
            "hands": [list(h) for h in self.hands],
            "draws": [list(d) for d in self.draws],
            "won": [list(w) for w in self.won],
            "won_points": [list(w) for w in self.won_points],
            "point_pile": list(self.point_pile),
            "removed": list(self.removed),
            "point": self.point,
            "dice": list(self.dice),
            "bids": list(self.bids),
            "pot": list(self.pot),
            "pos": list(self.pos),
            "order": list(self.order),
            "target": self.target,
            "committed": self.committed,
        }

    @classmethod
    def from_dict(cls, data: Any) -> RaiseState:
        """Rebuild a state written by :meth:`to_dict`."""
        try:
            if data["game"] != "raise" or data["phase"] not in PHASES:
                raise DataError("bad_state", "not a Raise state")
            state = cls(int(data["players"]), Rng.from_dict(data["rng"]))
            for name in ("step", "round", "roller"):
                setattr(state, name, int(data[name]))
            state.to_act = _opt_int(data["to_act"])
            state.phase = data["phase"]
            for name in ("hands", "draws", "won", "won_points"):
                setattr(state, name, [[int(c) for c in cards] for cards in data[name]])
            state.point_pile = [int(c) for c in data["point_pile"]]
            state.removed = [int(c) for c in data["removed"]]
            state.point = _opt_int(data["point"])
            state.set_dice([int(f) for f in data["dice"]])
            state.bids = [_opt_int(b) for b in data["bids"]]
            state.pot = [int(c) for c in data["pot"]]
            state.pos = [_opt_int(p) for p in data["pos"]]
            state.order = [int(s) for s in data["order"]]
            state.target = _opt_int(data["target"])
            state.committed = bool(data["committed"])
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("bad_state", f"not a Raise state: {exc!r}") from exc
        _check_shape(state)
        return state


def _check_shape(state: RaiseState) -> None:
    """Refuse a state whose per-seat lists do not match its player count."""
    n = state.players
    per_seat = (state.hands, state.draws, state.won, state.won_points, state.bids, state.pos)
    if not 2 <= n <= MAX_PLAYERS or any(len(values) != n for values in per_seat):
        raise DataError("bad_state", f"a Raise state for {n} players needs one entry per seat")
    if sorted(state.order) != [s for s in range(n) if state.pos[s] is not None]:
        raise DataError("bad_state", "the stone order must list exactly the stones on the board")


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)
