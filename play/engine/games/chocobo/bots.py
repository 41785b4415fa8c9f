"""Bots for Chocobo Party Up!. Each reads only what its seat may see: the board, the
public piles and counts, and its own hand (never the pile's order or the others' hands)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core import Action, Bot
from .board import KIND_INDEX
from .state import MOVE, ChocoboState

#: How much the greedy bot values keeping a card of each kind (it discards the lowest).
CARD_VALUE = {"Shirma": 1.0, "Croma": 1.2, "Moguri": 0.4, "Tifon": 0.8, "Golem": 0.5}


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
        scorer = _Scorer(state, seat)
        scores = scorer.moves(legal) if state.phase == MOVE else [scorer.score(a) for a in legal]
        best = max(scores)
        top = [a for a, s in zip(legal, scores, strict=True) if s == best]
        if len(top) == 1:
            return top[0]
        return top[self.rng.below(len(top))]


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
            frm, to = index[frm_name], index[to_name]  # type: ignore[index]
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
_SCORERS: dict[str, Callable[[_Scorer, tuple[Any, ...]], float]] = {
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
