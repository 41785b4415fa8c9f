"""The ``planner`` bot: one-ply lookahead over its own two actions.

``planner`` is the stronger heuristic: on its turn it looks one ply ahead over its own
two actions. For each of its best first actions (by the greedy scores) it applies the
action to a copy of the game whose hidden tiles are dealt anew (it does not peek),
resolves any stack as if everybody passed, tries its best second actions the same way,
and keeps the first action of the best pair by :func:`plan_score`: the greedy score
less the windows of three that the next player could finish.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core import Action, Rng, mix_seed
from .bots import GreedyBot, finish
from .evaluate import holes, score
from .grid import free_cells
from .rules import advance, legal_actions
from .state import TURN, ChizoState


class PlannerBot(GreedyBot):
    """One-ply lookahead over its own two actions (see the module docstring)."""

    name = "planner"
    first_width = 6
    second_width = 4

    def choose(self, state: ChizoState, legal: Sequence[Action]) -> Action:
        """Plan the turn; other decisions as the greedy bot."""
        if state.phase != TURN or len(legal) == 1:
            return super().choose(state, legal)
        player = legal[0].player
        seed = int(self.rng.random() * 2**31)
        best, best_value = legal[0], -1e18
        for action in self.shortlist(state, legal, self.first_width):
            twin = hidden_reshuffled(state, player, seed)
            advance(twin, action)
            finish(twin)
            value = self.second(twin, player)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def shortlist(self, state: ChizoState, legal: Sequence[Action], width: int) -> list[Action]:
        """The best ``width`` actions by the greedy scores, plus "draw" if legal."""
        scores = self.turn_scores(state, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        picked = [legal[i] for i in order[:width]]
        picked += [a for a in legal if a.kind == "draw" and a not in picked]
        return picked

    def second(self, state: ChizoState, player: int) -> float:
        """The best score reachable with the turn's next action (if it is still ours)."""
        best = plan_score(state, player)
        if state.over or state.phase != TURN or state.to_act != player:
            return best
        for action in self.shortlist(state, legal_actions(state), self.second_width):
            twin = state.clone()
            advance(twin, action)
            finish(twin)
            best = max(best, plan_score(twin, player))
        return best


def hidden_reshuffled(state: ChizoState, player: int, seed: int) -> ChizoState:
    """A copy where what ``player`` can't see is dealt anew from a private rng: its own
    Stack's order, each other player's hand and Stack (as one pool), and the game's rng.
    Each hidden pile is put in a fixed order first, so the copy depends only on what the
    player may know (which tiles are in it), never on the real order."""
    rng = Rng(seed)
    twin = state.clone()
    shuffle: Callable[[list[int]], None] = rng.shuffle
    twin.stacks[player].sort()
    shuffle(twin.stacks[player])
    for seat in range(twin.players):
        if seat != player:
            pool = sorted(twin.hands[seat] + twin.stacks[seat])
            shuffle(pool)
            size = len(twin.hands[seat])
            twin.hands[seat], twin.stacks[seat] = pool[:size], pool[size:]
    twin.rng = Rng(mix_seed(seed, 1))
    return twin


def plan_score(state: ChizoState, player: int) -> float:
    """:func:`.evaluate.score`, less 1.5 for each window of three the next player (an
    opponent) could finish."""
    value = score(state, player)
    if state.goldfish or state.over:
        return value
    return value - 1.5 * len(holes(state, free_cells(state)))
