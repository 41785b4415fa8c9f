"""Bots for Chocobo Party Up!. Each reads only what its seat may see: the board, the
public piles and counts, and its own hand (never the pile's order or the others' hands)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from typing import Any, Final

from ...core import Action, Bot
from .actions import BIG, ONE, PAIR, tables
from .board import BIG_WEIGHT, KIND_INDEX, SPACE_LIMIT, Layout
from .state import MOVE, NOWHERE, ChocoboState

#: How much the greedy bot values keeping a card of each kind (it discards the lowest).
CARD_VALUE: Final = {"Shirma": 1.0, "Croma": 1.2, "Moguri": 0.4, "Tifon": 0.8, "Golem": 0.5}


class GreedyBot(Bot):
    """Best immediate gain, by this heuristic (``d`` is a space's distance to the bot's
    own territory; a companion "comes home" when its ``d`` drops):

    * move: 3 per companion step home (the followers' ``d`` before minus after), plus,
      for a chocobo leading none, 0.5 per step toward the nearest companion outside its
      territory (or, while the supply lasts, a Spring or trail token); +0.5 for the pair
      or big chocobo entering a space it can kick from; ``end_move`` scores 0;
    * call: always when it can (10, nearer home better); discard: the least valuable
      kind (Croma > Shirma > Tifon > Golem > Moguri);
    * phase 2: Shirma 1.5; Croma 3 per step it brings a companion home, +2 taking one out
      of another territory; Tifon 0.5 + the companions next to the chocobo it sends home;
      Golem the companions it scatters from another player's territory (minus its own);
      Moguri 0.3; calling the big chocobo 2 minus the two cards' values, +0.5 next to a
      Spring or trail token; nothing 0;
    * kick: 0.5 + 0.1 per step the victim is sent from its home once no step is left,
      else only a victim with 3 or more companions home (kicking ends movement);
    * overflow and Golem moves: companions toward its home, never into another
      territory; opponents' chocobos away from theirs;
    * Tifon (its own chocobo): the territory space with most board neighbours;
    * setup: the territory spaces nearest a Spring.

    Ties are broken by the bot's own seeded rng.
    """

    name = "greedy"

    def choose(self, state: ChocoboState, legal: Sequence[Action]) -> Action:
        """The heuristic's pick among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        seat = legal[0].player
        if state.phase == MOVE:
            top = _best_steps(state, seat, legal)
            if top is None:
                scores = _Scorer(state, seat).moves(legal)
                best = max(scores)
                top = [a for a, s in zip(legal, scores, strict=True) if s == best]
        else:
            scores = _scores(state, seat, legal)
            top = list(compress(legal, map(max(scores).__eq__, scores)))
        if len(top) == 1:
            return top[0]
        return top[self.rng.below(len(top))]


def _scores(state: ChocoboState, seat: int, legal: Sequence[Action]) -> list[float]:
    """``_Scorer.score`` of each action, from what the seat's ``_Known`` keeps of it."""
    known = _known(state.layout, seat)
    scores: list[float | None] = list(map(known.scores.get, map(id, legal)))
    if None in scores:
        scorer = None
        parts_of, comp = known.parts.get, state.comp
        for i, action in enumerate(legal):
            if scores[i] is not None:
                continue
            parts = parts_of(id(action))
            if parts is None:
                if scorer is None:
                    scorer = _Scorer(state, seat)
                scores[i] = scorer.score(action)
                # Scores[i] was set just above.
                known.learn(action, scores[i], state.layout, seat)  # type: ignore[arg-type]
                continue
            # The score from its parts fixed by the board, as ``_Scorer`` computes it.
            what, space, adj, flag = parts
            if what == _BIG_CALL:  # flag: a Spring next to the space; space: the base
                token_near = flag or any(map(state.tokens.__getitem__, adj))
                scores[i] = space + (0.5 if token_near else 0.0)
            elif what == _TIFON:  # flag: the space is on the victim's territory
                crowd = sum(map(comp.__getitem__, adj)) + comp[space]
                scores[i] = -1.0 if flag else 0.5 + crowd
            else:  # a Golem on a territory; flag: the seat's own
                scores[i] = -float(comp[space]) if flag else float(comp[space])
    return scores  # type: ignore[return-value]  # no None left


#: Kinds whose score reads the state, not only the board (of the "play" kind: Tifon and
#: Golem, see ``_Known.learn``).
_DEPENDS_ON_STATE: Final = frozenset({"kick", "call_big", "move"})
_BIG_CALL: Final = 0
_TIFON: Final = 1
_GOLEM: Final = 2


class _Known:
    """Per board and seat, what ``_Scorer`` computes from the board alone, by action:
    ``scores``, the scores that depend on nothing else (every kind but those of
    ``_DEPENDS_ON_STATE``, and Tifon and Golem plays), and ``parts``, the parts of the
    score of a big chocobo call, a Tifon play or a Golem play on a territory, the rest
    being read from the state (``_scores``).

    Both are keyed by ``id(action)``; ``actions`` holds the actions, so that no other
    object can take the id of one while it is kept.
    """

    __slots__ = ("actions", "parts", "scores")

    LIMIT = 100_000

    def __init__(self) -> None:
        self.scores: dict[int, float] = {}
        self.parts: dict[int, tuple[int, Any, tuple[int, ...], bool]] = {}
        self.actions: list[Action] = []

    def learn(self, action: Action, score: float, board: Layout, seat: int) -> None:
        """Keep what the board fixes of ``action``'s ``score``."""
        kind, args = action.kind, action.args
        card = args[0] if kind == "play" else None
        if kind == "call_big":
            first, second, name = args
            adj = board.adj[board.index[name]]  # type: ignore[index]  # names: from legal_actions
            # Card names: from legal_actions.
            base = 2.0 - CARD_VALUE[first] - CARD_VALUE[second]  # type: ignore[index]
            self._keep(action)
            self.parts[id(action)] = (_BIG_CALL, base, adj, any(board.spring[t] for t in adj))
        elif card == "Tifon":
            space = board.index[args[2]]  # type: ignore[index]  # a space name: from legal_actions
            home = board.owner[space] == args[1]
            self._keep(action)
            self.parts[id(action)] = (_TIFON, space, board.adj[space], home)
        # A space name: from legal_actions.
        elif card == "Golem" and board.owner[board.index[args[1]]] >= 0:  # type: ignore[index]
            space = board.index[args[1]]  # type: ignore[index]  # a space name: from legal_actions
            self._keep(action)
            self.parts[id(action)] = (_GOLEM, space, (), board.owner[space] == seat)
        elif kind not in _DEPENDS_ON_STATE:  # a Golem on the main board: 0.1
            self._keep(action)
            self.scores[id(action)] = score

    def _keep(self, action: Action) -> None:
        if len(self.actions) >= self.LIMIT:
            self.scores.clear()
            self.parts.clear()
            self.actions.clear()
        self.actions.append(action)


@cache
def _known(board: Layout, seat: int) -> _Known:
    return _Known()


class _Steps:
    """Per board, what the greedy bot's phase 3 scoring reads (built once per board).

    ``steps[seat][piece][frm]``: per adjacent space ``to``, ``(to, prefixes, per)``: the
    prebuilt steps (``SeatTable.moves``) and ``per``, the half points a follower earns
    (6 per step nearer home); ``alone`` the same steps without followers.

    Sets of spaces are ints with a byte per space (1: in the set), so that a bitwise and
    tells whether two sets meet. ``balls[seat][space][d]``: the spaces within ``d``
    steps of ``space``, but the seat's own territory (never a place to fetch a companion
    or call from). ``springs``: the Spring spaces. ``metric``: whether the board is
    connected and its adjacency symmetric (so that adjacent spaces' distances to anything
    differ by 1 at most), as ``_best_steps`` assumes; else it leaves scoring to
    ``_Scorer``.
    """

    __slots__ = ("alone", "balls", "metric", "springs", "steps")

    def __init__(self, board: Layout) -> None:
        dist, spaces = board.dist, range(board.size)
        seat_tables = tables(board)
        self.steps = tuple(
            tuple(
                tuple(
                    tuple(
                        (to, prefixes, 6 * (home[frm] - home[to]))
                        for to, prefixes in table.moves[piece][frm]
                    )
                    for frm in spaces
                )
                for piece in range(len(table.moves))
            )
            for table, home in zip(seat_tables, board.home_dist, strict=True)
        )
        self.alone = tuple(table.alone for table in seat_tables)
        self.balls = tuple(
            tuple(_balls(row, [owner != seat for owner in board.owner]) for row in dist)
            for seat in range(len(board.sides))
        )
        self.springs = _space_set(board.spring)
        self.metric = all(d >= 0 for row in dist for d in row) and all(
            frm in board.adj[to] for frm in spaces for to in board.adj[frm]
        )


def _space_set(members: Sequence[int]) -> int:
    """A set of spaces as an int with a byte per space (1: a member)."""
    return int.from_bytes(bytes(members), "little")


def _balls(row: Sequence[int], allowed: Sequence[bool]) -> tuple[int, ...]:
    """The allowed spaces within 0, 1, 2... steps (``row``: the distances from a space)."""
    return tuple(
        _space_set([allowed[t] and row[t] <= d for t in range(len(row))])
        for d in range(max(row) + 1)
    )


@cache
def _steps(board: Layout) -> _Steps:
    return _Steps(board)


def _best_steps(state: ChocoboState, seat: int, legal: Sequence[Action]) -> list[Action] | None:
    """The best-scoring phase 3 actions of ``legal``, in its order (``_Scorer.moves``'
    scores, computed a group of steps at a time); ``None`` if ``legal`` is not the list
    :func:`~.movement.legal_moves` makes, in which case the caller scores each action.

    A group is one piece moving from one space to one adjacent space with 0 to all of
    the companions of its space following. Its scores are
    ``base + 3 * k * (home[frm] - home[to])`` for ``k`` followers, so the best of a group
    is its first or last step (or all of them when the distance home does not change).
    Scores are kept in half points, as ints: every score of the heuristic is a multiple
    of 0.5, so the comparisons are the same.
    """
    comp, load, block = state.comp, state.load, state.block
    tables_ = _steps(state.layout)
    if not tables_.metric:
        return None
    steps = tables_.steps[seat]
    alone = tables_.alone[seat]
    mask = ~(1 << seat)
    a, b = state.smalls[seat]
    if a == b:
        pieces = [(ONE, a, 1), (PAIR, a, 2)]
    elif a < b:
        pieces = [(ONE, a, 1), (ONE, b, 1)]
    else:
        pieces = [(ONE, b, 1), (ONE, a, 1)]
    big = state.bigs[seat]
    if big != NOWHERE and not state.big_moved and not state.big_new:
        pieces.append((BIG, big, BIG_WEIGHT))
    targets = -1
    best = 0  # end_move
    top: list[Action] = [legal[0]]
    count = 1
    last = legal[0]
    for piece, frm, weight in pieces:
        here = comp[frm]
        most_load = SPACE_LIMIT - weight
        if not here:
            # A lone chocobo: no follower can come, so one step per destination, worth
            # half a point per step nearer the nearest target (``_Scorer.seek``: a
            # companion outside the seat's territory or, while the supply lasts, a
            # Spring or a trail token, which lie on the main board), and half a point
            # for a kick (below). Its distance is that of the first ball that meets
            # the targets (0 when there is none). A step changes it by 1 at most.
            if targets < 0:
                balls = tables_.balls[seat]
                targets = int.from_bytes(bytes(comp).translate(_NOT_ZERO), "little")
                if state.supply > 0:
                    targets |= int.from_bytes(bytes(state.tokens), "little") | tables_.springs
            around = balls[frm]
            near = 0
            found = around[-1] & targets  # whether there is a target
            if found:
                while not around[near] & targets:
                    near += 1
            for to, step in alone[piece][frm]:
                loaded = load[to]
                if block[to] & mask:
                    continue
                if loaded > most_load:
                    if piece == ONE:
                        continue
                    return None  # a kick into a full space: the caller scores it (rare)
                count += 1
                last = step
                score = 0  # seek(frm) - seek(to): 1, 0 or -1 (0 without targets)
                if found:
                    around_to = balls[to]
                    if near and around_to[near - 1] & targets:
                        score = 1
                    elif not around_to[near] & targets:
                        score = -1
                if piece != ONE and loaded > (a == to) + (b == to) + (
                    BIG_WEIGHT if big == to else 0
                ):
                    score += 1
                if score > best:
                    best = score
                    top = [step]
                elif score == best:
                    top.append(step)
            continue
        for to, prefixes, per in steps[piece][frm]:
            loaded = load[to]
            if block[to] & mask:
                continue
            if loaded > most_load:
                if piece == ONE:
                    continue
                return None  # a kick into a full space: the caller scores it (rare)
            room = here  # every companion may follow
            prefix = prefixes[room]
            count += room + 1
            last = prefix[room]
            score = 0
            # The pair or the big one entering a space with another player's chocobo
            # (half a point): there is one if the space holds more than the seat's own
            # pieces (no other big chocobo: it would block the space).
            if piece != ONE and loaded > (a == to) + (b == to) + (BIG_WEIGHT if big == to else 0):
                score = 1
            if per:
                k = room if per > 0 else 0
                score += per * k
                if score > best:
                    best = score
                    top = [prefix[k]]
                elif score == best:
                    top.append(prefix[k])
            elif score > best:
                best = score
                top = list(prefix)
            elif score == best:
                top += prefix
    if count != len(legal) or legal[-1] is not last:
        return None
    return top


#: A byte per count: 1 if the count is not 0 (for ``bytes.translate``).
_NOT_ZERO: Final = bytes([0] + [1] * 255)


class _Scorer:
    """Scores actions of one seat in one state (distances computed once, when needed)."""

    def __init__(self, state: ChocoboState, seat: int) -> None:
        self.state = state
        self.seat = seat
        board = state.layout
        self.board = board
        self.index = board.index
        self.home = board.home_dist[seat]
        self._targets: list[int] | None = None
        self._seek: dict[int, int] = {}

    def seek(self, space: int) -> int:
        """Distance to the nearest companion to fetch (or, while the supply lasts, the
        nearest Spring or trail token to call from); 0 when there is none."""
        found = self._seek.get(space)
        if found is None:
            targets = self._targets
            if targets is None:
                state, board = self.state, self.board
                targets = [s for s, n in enumerate(state.comp) if n and board.owner[s] != self.seat]
                if state.supply > 0:
                    targets += board.spring_spaces
                    targets += [s for s, token in enumerate(state.tokens) if token]
                self._targets = targets
            row = self.board.dist[space]
            found = self._seek[space] = min(map(row.__getitem__, targets)) if targets else 0
        return found

    def space(self, name: Any) -> int:
        return self.index[name]

    def foreign(self, space: int) -> bool:
        """Whether a space is another player's territory."""
        owner = self.board.owner[space]
        return owner >= 0 and owner != self.seat

    def score(self, action: Action) -> float:
        method = _SCORERS.get(action.kind)
        return 0.0 if method is None else float(method(self, action.args))

    # -- phase 3 --------------------------------------------------------------------

    def moves(self, legal: Sequence[Action]) -> list[float]:
        """The scores of phase 3's actions (``_move`` inlined: the commonest decision)."""
        state, seat, home, index = self.state, self.seat, self.home, self.index
        comp, seek = state.comp, self.seek
        rivals = {s for q, pair in enumerate(state.smalls) if q != seat for s in pair}
        scores = [0.0]  # end_move
        for action in legal[1:]:
            piece, frm_name, to_name, followers = action.args
            # Space names: from legal_actions.
            frm, to = index[frm_name], index[to_name]  # type: ignore[index]
            # An int: from legal_actions.
            gain = 3.0 * followers * (home[frm] - home[to])  # type: ignore[operator]
            if not followers and not comp[frm]:
                gain += 0.5 * (seek(frm) - seek(to))
            if piece != "one" and to in rivals:
                gain += 0.5
            scores.append(gain)
        return scores

    def _kick(self, args: tuple[Any, ...]) -> float:
        victim: int = args[0]
        state = self.state
        far = self.board.home_dist[victim][self.space(args[1])]
        if state.steps == 0:
            return 0.5 + 0.1 * far
        home = sum(state.comp[s] for s in self.board.territory[victim])
        return 1.0 + 0.1 * far if home >= 3 else -1.0

    def _overflow(self, args: tuple[Any, ...]) -> float:
        to = self.space(args[1])
        return -self.home[to] - (5.0 if self.foreign(to) else 0.0)

    # -- phases 4 and 5 ---------------------------------------------------------------

    def _call(self, args: tuple[Any, ...]) -> float:
        return 10.0 - 0.1 * self.home[self.space(args[0])]

    def _discard(self, args: tuple[Any, ...]) -> float:
        return -CARD_VALUE[args[0]]

    # -- phase 2 ----------------------------------------------------------------------

    def _play(self, args: tuple[Any, ...]) -> float:
        card = args[0]
        state, home = self.state, self.home
        if card == "Shirma":
            return 1.5
        if card == "Croma":
            frm, to = self.space(args[1]), self.space(args[2])
            gain = 3.0 * (home[frm] - home[to])
            if self.foreign(frm):
                gain += 2.0
            return gain - (5.0 if self.foreign(to) else 0.0)
        if card == "Tifon":
            space = self.space(args[2])
            near = sum(state.comp[t] for t in self.board.adj[space]) + state.comp[space]
            return 0.5 + near if self.board.owner[space] != args[1] else -1.0
        if card == "Golem":
            space = self.space(args[1])
            owner = self.board.owner[space]
            if owner == self.seat:
                return -float(state.comp[space])
            return float(state.comp[space]) if owner >= 0 else 0.1
        return 0.3  # Moguri

    def _call_big(self, args: tuple[Any, ...]) -> float:
        first, second, name = args
        space = self.space(name)
        near = any(self.board.spring[t] or self.state.tokens[t] for t in self.board.adj[space])
        return 2.0 - CARD_VALUE[first] - CARD_VALUE[second] + (0.5 if near else 0.0)

    def _relocate(self, args: tuple[Any, ...]) -> float:
        space = self.space(args[0])
        return float(sum(self.board.owner[t] < 0 for t in self.board.adj[space]))

    def _golem_move(self, args: tuple[Any, ...]) -> float:
        if args[0] == "companion":
            to = self.space(args[1])
            return -self.home[to] - (5.0 if self.foreign(to) else 0.0)
        victim, to = args[1], self.space(args[2])
        return 0.0 if victim == self.seat else 0.1 * self.board.home_dist[victim][to]

    def _place(self, args: tuple[Any, ...]) -> float:
        dist = self.board.dist
        springs = self.board.spring_spaces
        return -float(sum(min(dist[self.space(a)][s] for s in springs) for a in args))


# Kind names the heuristic knows must be the game's (a typo would silently score 0).
#: The scoring method of each action kind (any other scores 0: the "do nothing" ones).
_SCORERS: Final[dict[str, Callable[[_Scorer, tuple[Any, ...]], float]]] = {
    kind: getattr(_Scorer, "_" + kind)
    for kind in (
        "kick",
        "overflow",
        "call",
        "discard",
        "play",
        "call_big",
        "relocate",
        "golem_move",
        "place",
    )
}

if set(CARD_VALUE) != set(KIND_INDEX):
    raise ValueError("CARD_VALUE must name every friend card kind")
