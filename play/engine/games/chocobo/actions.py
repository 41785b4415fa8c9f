"""The actions of Chocobo Party Up!: their kinds, their arguments, and a shared table.

Every decision is one action; arguments are space names (str), seats and counts (int)
and friend card kind names (str), so that a log reads as the game::

    place      TW0 TW1            setup: the two chocobos (2 players: one, beside the star)
    no_card                       phase 2: play nothing
    play       Shirma             phase 2: +1 to the die this turn
    play       Croma b12 b13      move a companion one space
    play       Moguri b01         put a trail token on an empty trail space
    play       Tifon 2 b22        send seat 2's chocobo on b22 to its territory...
    relocate   TS1                ...whose owner chooses the territory space
    play       Golem b22          move every chocobo of b22 but big ones...
    golem_move companion b12      ...one at a time: a companion
    golem_move chocobo 1 b21      ...or seat 1's chocobo
    call_big   Croma Moguri b13   discard two cards, place the big chocobo
    move       one b12 b13 2      phase 3: a chocobo ("one"), both together ("pair") or the
                                  big chocobo ("big") one space, with 2 companions following
    end_move                      stop moving (steps may be left)
    kick       1 b23              kick seat 1's chocobo to b23
    end_kick                      kick no more
    overflow   b13 b14            the limit of 4: move a companion off an over-full space
    call       b22                phase 4: call a companion
    no_call                       do not call
    discard    Golem              phase 5: discard a card of that kind

Actions are immutable values, so each one is built once per board and seat and shared
(the table below): the legal-action lists of simulations allocate almost nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from ...core import Action
from .board import CROMA, GOLEM, KINDS, MOGURI, SHIRMA, SPACE_LIMIT, TIFON, Layout

PIECES: Final = ("one", "pair", "big")
ONE: Final = 0
PAIR: Final = 1
BIG: Final = 2
PIECE_CODE: Final = {name: code for code, name in enumerate(PIECES)}

#: Action kinds allowed in each phase (for the human reason of a refused action).
PHASE_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "setup": ("place",),
    "friend": ("no_card", "play", "call_big"),
    "tifon": ("relocate",),
    "golem": ("golem_move",),
    "move": ("end_move", "move"),
    "kick": ("end_kick", "kick"),
    "overflow": ("overflow",),
    "call": ("no_call", "call"),
    "discard": ("discard",),
    "over": (),
}

_TABLE: Final[dict[tuple[Any, ...], Action]] = {}


def action(board: Layout, kind: str, player: int, *args: int) -> Action:
    """The shared action ``kind`` of ``player``; int ``args`` are translated per kind.

    Arguments are given as ints (spaces, seats, counts, card kinds, piece codes) and
    stored in the action as the game writes them: see the module docstring.
    """
    key = (board, kind, player, args)
    found = _TABLE.get(key)
    if found is None:
        found = _TABLE[key] = Action(kind, player, _translate(board, kind, args))
    return found


def _translate(board: Layout, kind: str, args: tuple[int, ...]) -> tuple[int | str, ...]:
    names = board.names
    if kind in ("place", "relocate", "call", "overflow"):
        return tuple(names[s] for s in args)
    if kind == "move":
        piece, frm, to, followers = args
        return (PIECES[piece], names[frm], names[to], followers)
    if kind == "kick":
        return (args[0], names[args[1]])
    if kind == "discard":
        return (KINDS[args[0]],)
    if kind == "call_big":
        return (KINDS[args[0]], KINDS[args[1]], names[args[2]])
    if kind == "golem_move":
        if len(args) == 1:
            return ("companion", names[args[0]])
        return ("chocobo", args[0], names[args[1]])
    if kind == "play":
        card, *rest = args
        if card == TIFON:  # a seat, then a space
            return (KINDS[card], rest[0], names[rest[1]])
        return (KINDS[card], *(names[s] for s in rest))
    return args  # no arguments: no_card, end_move, end_kick, no_call


class SeatTable:
    """The prebuilt actions of one seat on one board, for the hot legal-action lists.

    ``moves[piece][space]`` lists, per adjacent space ``to``, ``(to, prefixes)`` where
    ``prefixes[m]`` holds the steps with 0 to ``m`` companions following (m from 0 to 3,
    the most that fit beside one chocobo), ready to extend a legal-action list;
    ``alone[piece][space]`` the same without followers, as ``(to, step)``.
    ``croma[space]`` lists the Croma plays moving a companion off ``space``, in
    adjacency order. ``call``, ``moguri`` and ``golem`` are indexed by space, ``discard``
    by card kind. ``place`` lists the setup actions (``place_one`` those of the 2-player
    game, one chocobo beside the star). The rarer actions are built on first use:
    :meth:`row` (Tifon plays, kicks, Golem moves, relocations, by space), :meth:`call_big`
    and :meth:`overflow`.
    """

    __slots__ = (
        "_big",
        "_overflow",
        "_rows",
        "alone",
        "board",
        "call",
        "croma",
        "discard",
        "end_kick",
        "end_move",
        "golem",
        "moguri",
        "moves",
        "no_call",
        "no_card",
        "place",
        "place_one",
        "seat",
        "shirma",
    )

    def __init__(self, board: Layout, seat: int) -> None:
        adj = board.adj
        followers = range(SPACE_LIMIT)

        def prefixes(piece: int, frm: int, to: int) -> tuple[tuple[Action, ...], ...]:
            steps = [action(board, "move", seat, piece, frm, to, k) for k in followers]
            return tuple(tuple(steps[: m + 1]) for m in followers)

        self.moves = tuple(
            tuple(
                tuple((to, prefixes(piece, frm, to)) for to in adj[frm])
                for frm in range(board.size)
            )
            for piece in range(len(PIECES))
        )
        self.alone = tuple(
            tuple(tuple((to, prefixes[0][0]) for to, prefixes in row) for row in rows)
            for rows in self.moves
        )
        self.croma = tuple(
            tuple(action(board, "play", seat, CROMA, frm, to) for to in adj[frm])
            for frm in range(board.size)
        )
        spaces = range(board.size)
        self.call = tuple(action(board, "call", seat, s) for s in spaces)
        self.moguri = tuple(action(board, "play", seat, MOGURI, s) for s in spaces)
        self.golem = tuple(action(board, "play", seat, GOLEM, s) for s in spaces)
        self.discard = tuple(action(board, "discard", seat, k) for k in range(len(KINDS)))
        self.no_card = action(board, "no_card", seat)
        self.end_move = action(board, "end_move", seat)
        self.end_kick = action(board, "end_kick", seat)
        self.no_call = action(board, "no_call", seat)
        self.shirma = action(board, "play", seat, SHIRMA)
        home = board.territory[seat]
        self.place_one = tuple(action(board, "place", seat, s) for s in home)
        self.place = tuple(
            action(board, "place", seat, a, b) for i, a in enumerate(home) for b in home[i:]
        )
        self.board = board
        self.seat = seat
        self._big: list[tuple[Action, ...] | None] = [None] * (len(KINDS) * len(KINDS))
        self._rows: dict[tuple[str, int], tuple[Action, ...]] = {}
        self._overflow: dict[int, dict[int, Action]] = {}

    def row(self, kind: str, key: int) -> tuple[Action, ...]:
        """Per space, the actions ``kind`` of ``key``, built on first use: "tifon" (Tifon
        plays on seat ``key``'s chocobo), "kick" and "golem_move" (of seat ``key``'s
        chocobo; ``key`` -1: a companion), "relocate" (``key`` 0)."""
        found = self._rows.get((kind, key))
        if found is None:
            board, seat, spaces = self.board, self.seat, range(self.board.size)
            if kind == "tifon":
                found = tuple(action(board, "play", seat, TIFON, key, s) for s in spaces)
            elif kind == "relocate" or key < 0:
                found = tuple(action(board, kind, seat, s) for s in spaces)
            else:
                found = tuple(action(board, kind, seat, key, s) for s in spaces)
            self._rows[kind, key] = found
        return found

    def overflow(self, frm: int) -> dict[int, Action]:
        """The overflow moves off ``frm``, by destination (built on first use)."""
        found = self._overflow.get(frm)
        if found is None:
            board, seat = self.board, self.seat
            found = {to: action(board, "overflow", seat, frm, to) for to in board.adj[frm]}
            self._overflow[frm] = found
        return found

    def call_big(self, first: int, second: int) -> tuple[Action, ...]:
        """Per space, the call of the big chocobo there discarding ``first`` and
        ``second`` (kinds); built on first use."""
        row = self._big[first * len(KINDS) + second]
        if row is None:
            board, seat = self.board, self.seat
            row = tuple(
                action(board, "call_big", seat, first, second, s) for s in range(board.size)
            )
            self._big[first * len(KINDS) + second] = row
        return row


@cache
def tables(board: Layout) -> tuple[SeatTable, ...]:
    """The prebuilt actions of every seat of a board (built once per board)."""
    return tuple(SeatTable(board, seat) for seat in range(len(board.sides)))
