"""The state of a game of Shadowfist.

Cards are ints: each physical card of the game (every copy in every deck, and the
goldfish dummy's sites) is an *instance* numbered at setup. ``kind[i]`` indexes the
game's card table ``defs``; ``owner[i]`` never changes (rules summary, "Owner": "The
owner of a card does not change"). Per-instance facts (zone, controller, damage,
turned, location, host, face up) are flat lists indexed by instance, so a clone copies
a dozen lists and nothing deeper.

Per seat: hand, deck (top at the end), smoked pile, discard pile, burned-for-victory
pile, Power pool, site structure and the characters and edges it controls. The site
structure is a list of columns, each ``[front]`` or ``[front, back]``; a column is a
location, and a character's ``loc`` is the index of the column where it resides.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import DataError, Rng, State
from .cards import CardDef, card_from_dict, card_to_dict

# Zones of an instance.
DECK: Final = 0
HAND: Final = 1
PLAY: Final = 2
SMOKED: Final = 3
DISCARD: Final = 4
BURNED: Final = 5
STACK: Final = 6
ZONE_NAMES: Final = ("deck", "hand", "play", "smoked", "discard", "burned", "stack")

# Phases: whose decision the game waits for, and of what kind.
POWER: Final = "power"  # establishing shot: generate Power or skip it
DISCARD_STEP: Final = "discard"  # establishing shot, after skipping Power: discard any number
MAIN: Final = "main"  # main shot: play cards, use abilities, heal, move, attack, end the turn
DECLARE: Final = "declare"  # the attacking player adds attackers, then goes
JOIN: Final = "join"  # other players, clockwise from the attacker, may join the attack
DECLARED: Final = "declared"  # response window after the declaration
INTERCEPT: Final = "intercept"  # one player at a time declares interceptors
COMBAT: Final = "combat"  # response window before an intercepting player's combats resolve
TARGET: Final = "target"  # response window before the attackers reach the target
STRIKE: Final = "strike"  # the target character's controller picks the attacker it hits
FATE: Final = "fate"  # a site reduced to 0 Body: seize, smoke or burn
OVER: Final = "over"
PHASES: Final = (
    POWER,
    DISCARD_STEP,
    MAIN,
    DECLARE,
    JOIN,
    DECLARED,
    INTERCEPT,
    COMBAT,
    TARGET,
    STRIKE,
    FATE,
    OVER,
)
#: Phases that are response windows: when their pass round ends, the attack moves on.
WINDOWS: Final = frozenset({DECLARED, COMBAT, TARGET})
#: Phases inside an attack.
ATTACK_PHASES: Final = frozenset({DECLARE, JOIN, DECLARED, INTERCEPT, COMBAT, TARGET, STRIKE, FATE})

NONE: Final = -1  # no card / no seat


class ShadowfistState(State):
    """Everything about one game; the rules mutate it in place.

    Overlays on the phase, checked first: ``choice`` (a player must choose a card or a
    place while an effect resolves) and ``pending`` (a pass round of the response
    window: the seats still to be asked; ``stack`` holds the effects waiting to
    resolve, the latest last).
    """

    __slots__ = (
        "active",
        "att_defender",
        "att_hit",
        "att_player",
        "att_quiet",
        "att_target",
        "attached",
        "attackers",
        "auras",
        "blockers",
        "blocks",
        "burned",
        "capped",
        "chars",
        "choice",
        "columns",
        "ctrl",
        "damage",
        "decks",
        "defs",
        "discards",
        "dummy",
        "edges",
        "face_up",
        "hands",
        "hit_done",
        "host",
        "kind",
        "limited_used",
        "loc",
        "max_turns",
        "may_attack",
        "owner",
        "pending",
        "phase",
        "players",
        "pool",
        "power_burned",
        "queue",
        "rng",
        "site_played",
        "smoked",
        "stack",
        "step",
        "stopped",
        "temp",
        "to_act",
        "turn",
        "turned",
        "turns",
        "winner",
        "zone",
    )

    def __init__(
        self,
        players: int,
        rng: Rng,
        defs: tuple[CardDef, ...],
        kind: tuple[int, ...],
        owner: tuple[int, ...],
    ) -> None:
        self.players = players
        self.rng = rng
        self.step = 0
        self.to_act: int | None = None
        self.defs = defs
        self.kind = kind
        self.owner = owner
        n = len(kind)
        self.zone: list[int] = [DECK] * n
        self.ctrl: list[int] = list(owner)
        self.damage: list[int] = [0] * n
        self.turned: list[bool] = [False] * n
        self.loc: list[int] = [0] * n
        self.host: list[int] = [NONE] * n
        self.face_up: list[bool] = [False] * n
        seats = range(players)
        self.hands: list[list[int]] = [[] for _ in seats]
        self.decks: list[list[int]] = [[] for _ in seats]
        self.smoked: list[list[int]] = [[] for _ in seats]
        self.discards: list[list[int]] = [[] for _ in seats]
        self.burned: list[list[int]] = [[] for _ in seats]
        self.columns: list[list[list[int]]] = [[] for _ in seats]
        self.chars: list[list[int]] = [[] for _ in seats]
        self.edges: list[list[int]] = [[] for _ in seats]
        #: States in play (whoever controls them); their host is ``host[state]``.
        self.attached: list[int] = []
        #: Cards in play with a continuous effect on their controller's cards or plays.
        self.auras: list[int] = []
        self.pool: list[int] = [0] * players
        self.active = 0
        #: Turns begun in the game, and by each seat.
        self.turn = 0
        self.turns: list[int] = [0] * players
        self.phase = POWER
        self.site_played = False
        self.may_attack = True
        self.power_burned = False
        #: Per seat: titles of Limited cards played this turn.
        self.limited_used: list[list[str]] = [[] for _ in seats]
        #: Until the end of the turn: [card, Fighting change, ability bits, Toughness].
        self.temp: list[list[int]] = []
        #: Effects waiting to resolve: [source, player, is_ability (0/1), *targets].
        self.stack: list[list[int]] = []
        self.pending: list[int] = []
        #: [kind, player, count, source, card]: a choice while an effect resolves.
        self.choice: list[Any] | None = None
        # The attack in progress (att_player NONE when there is none).
        self.att_player = NONE
        self.att_target = NONE
        self.att_defender = NONE
        self.attackers: list[int] = []
        #: Attackers stopped by an interceptor: they do not reach the target.
        self.stopped: list[int] = []
        #: The current intercepting player's declarations: [interceptor, attacker].
        self.blocks: list[list[int]] = []
        #: Seats still to join or to intercept, in order.
        self.queue: list[int] = []
        self.att_hit = False
        #: No seat has had a decision since the window after the declaration closed.
        self.att_quiet = True
        #: Attackers whose attack_hit effect happened in this attack.
        self.hit_done: list[int] = []
        self.winner: int | None = None
        self.capped = False
        #: The goldfish dummy's seat, or NONE.
        self.dummy = NONE
        #: The characters the dummy keeps in play (its opposition's blockers).
        self.blockers = 0
        #: Turns (all seats together) after which the game stops, unfinished.
        self.max_turns = 0

    # -- copying -----------------------------------------------------------------------

    def clone(self) -> ShadowfistState:
        """A copy sharing nothing mutable (lists copied one by one; no deepcopy). Built
        through ``__init__`` (a class compiled with mypyc cannot be made without it), then
        filled in."""
        twin = ShadowfistState(self.players, self.rng.clone(), self.defs, self.kind, self.owner)
        for name in _SCALARS:
            setattr(twin, name, getattr(self, name))
        for name in _FLAT_LISTS:
            setattr(twin, name, list(getattr(self, name)))
        for name in _NESTED_LISTS:
            setattr(twin, name, [list(x) for x in getattr(self, name)])
        twin.columns = [[list(col) for col in cols] for cols in self.columns]
        twin.choice = None if self.choice is None else list(self.choice)
        return twin

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts, card table and rng included, as JSON-ready data."""
        data: dict[str, Any] = {"game": "shadowfist", "rng": self.rng.to_dict()}
        data["cards"] = [card_to_dict(card) for card in self.defs]
        data["kind"] = list(self.kind)
        data["owner"] = list(self.owner)
        for name in _SCALARS:
            data[name] = getattr(self, name)
        for name in _FLAT_LISTS:
            data[name] = list(getattr(self, name))
        for name in _NESTED_LISTS:
            data[name] = [list(x) for x in getattr(self, name)]
        data["columns"] = [[list(col) for col in cols] for cols in self.columns]
        data["choice"] = None if self.choice is None else list(self.choice)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> ShadowfistState:
        """Rebuild a state written by :meth:`to_dict`."""
        try:
            if data["game"] != "shadowfist" or data["phase"] not in PHASES:
                raise DataError("bad_state", "not a Shadowfist state")
            defs = tuple(card_from_dict(c, i) for i, c in enumerate(data["cards"]))
            state = cls(
                int(data["players"]),
                Rng.from_dict(data["rng"]),
                defs,
                tuple(int(k) for k in data["kind"]),
                tuple(int(o) for o in data["owner"]),
            )
            for name in _SCALARS:
                setattr(state, name, data[name] if name in data else _ADDED[name])
            for name in _FLAT_LISTS:
                setattr(state, name, list(data[name]))
            for name in _NESTED_LISTS:
                setattr(state, name, [list(x) for x in data[name]])
            state.columns = [[[int(c) for c in col] for col in cols] for cols in data["columns"]]
            state.choice = None if data["choice"] is None else list(data["choice"])
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("bad_state", f"not a Shadowfist state: {exc!r}") from exc
        except DataError as exc:  # a card of the saved table: the state is what is bad
            if exc.code == "bad_state":
                raise
            raise DataError("bad_state", f"not a Shadowfist state: {exc.reason}") from exc
        _check_shape(state)
        return state


#: Attributes copied and saved as they are (ints, strs, bools, None); the card table,
#: ``kind`` and ``owner`` (shared tuples) are given to ``__init__`` and saved apart.
_SCALARS: Final = (
    "players",
    "step",
    "to_act",
    "active",
    "turn",
    "phase",
    "site_played",
    "may_attack",
    "power_burned",
    "att_player",
    "att_target",
    "att_defender",
    "att_hit",
    "att_quiet",
    "winner",
    "capped",
    "dummy",
    "blockers",
    "max_turns",
)
#: Scalars added after states were first saved, with the value of a state saved before.
_ADDED: Final = {"blockers": 0}
_FLAT_LISTS: Final = (
    "zone",
    "ctrl",
    "damage",
    "turned",
    "loc",
    "host",
    "face_up",
    "attached",
    "auras",
    "pool",
    "turns",
    "pending",
    "attackers",
    "stopped",
    "queue",
    "hit_done",
)
_NESTED_LISTS: Final = (
    "hands",
    "decks",
    "smoked",
    "discards",
    "burned",
    "chars",
    "edges",
    "limited_used",
    "temp",
    "stack",
    "blocks",
)


def _check_shape(state: ShadowfistState) -> None:
    """Refuse a state whose lists do not match its players and cards."""
    n, cards = state.players, len(state.kind)
    per_seat = (
        state.hands,
        state.decks,
        state.smoked,
        state.discards,
        state.burned,
        state.columns,
        state.chars,
        state.edges,
        state.pool,
        state.turns,
        state.limited_used,
    )
    per_card = (
        state.zone,
        state.ctrl,
        state.damage,
        state.turned,
        state.loc,
        state.host,
        state.face_up,
        state.owner,
    )
    if n < 2 or any(len(x) != n for x in per_seat) or any(len(x) != cards for x in per_card):
        raise DataError("bad_state", "a Shadowfist state needs one entry per seat and per card")
    if any(not 0 <= k < len(state.defs) for k in state.kind):
        raise DataError("bad_state", "a card instance refers to a card outside the table")
