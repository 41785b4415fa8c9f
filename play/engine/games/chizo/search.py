"""The ChiZo search bots: ``search-fast`` and ``search-strong`` (:mod:`...core.search`).

They play as the greedy bot alone and as the planner against opponents, except the
actions of a turn, which they search: that bot's pick, drawing, and the next best by
the greedy's scores (the planner's shortlist),
each played in worlds where the bot's own Stack, the other players' hands and Stacks
and the game's rng are dealt anew (:func:`.planner.hidden_reshuffled`), the turn and
the horizon played on by greedy bots for every seat.

A rollout's last position is worth, to the searching seat: a win 1,000 less the turns
it took (ten times that alone, where the turn of the win is the goldfish's figure), a
loss -1,000 plus the turns; else :func:`.evaluate.score` (points first, then the hand
and the board), and with opponents 1.5 for each window of three the seat whose turn has
begun could finish: for us if it is our side's turn, against us if it is theirs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from ...core import Action, Bot, RandomBot, mix_seed
from ...core.search import Budget, GoldfishGap, SearchBot
from .bots import GreedyBot
from .evaluate import holes, score
from .grid import free_cells
from .planner import PlannerBot, hidden_reshuffled
from .state import TURN, ChizoState
from .tiles import POINTS_TO_WIN

#: ``search-fast`` alone: a quick look at the turn (docs/play.md, "Search bots").
FAST: Final = Budget("fast", rollouts=12, width=4, horizon=0)
#: ``search-strong`` alone: more candidates, and the next turn played out too.
STRONG: Final = Budget("strong", rollouts=24, width=8, horizon=1)
#: Against opponents: the rollouts play the opponents' replies and the seat's next turn,
#: and weigh two candidates, the planner's pick and drawing (or the greedy's best when
#: the planner draws): the opponents' hidden hands make rollouts noisy, and a third
#: candidate on the same budget lost more games than it won (docs/play.md, "Search
#: bots").
FAST_OPPOSED: Final = Budget("fast", rollouts=24, width=2, horizon=1)
STRONG_OPPOSED: Final = Budget("strong", rollouts=128, width=2, horizon=1)
#: A window of three, to the side whose turn has begun (the planner's weight).
HOLE: Final = 1.5
#: The rank that puts an action on every shortlist.
ALWAYS: Final = 1e9
#: What a won rollout is worth before the turns it took are taken off.
#: Each bot's goldfish gap, measured by ``python bench/goldfish_gap.py`` (docs/play.md,
#: "The goldfish gap"), shown beside every goldfish figure a bot made.
GOLDFISH_GAPS: Final[Mapping[str, GoldfishGap]] = MappingProxyType(
    {
        "greedy": GoldfishGap(deep=31.7, clairvoyant=34.5, decks=3),
        "planner": GoldfishGap(deep=20.6, clairvoyant=23.7, decks=3),
        "search-fast": GoldfishGap(deep=16.5, clairvoyant=19.0, decks=3),
        "search-strong": GoldfishGap(deep=3.9, clairvoyant=7.7, decks=3),
    }
)
WIN: Final = 1000.0


class ChizoSearch(SearchBot):
    """The search with ChiZo's hooks (see the module docstring)."""

    #: The base bot against opponents (``base``, the greedy, plays alone).
    planner: Bot

    def make_base(self, seed: int) -> Bot:
        """The greedy bot (alone: the planner does no better there, docs/chizo.md)."""
        self.planner = PlannerBot(self.game, mix_seed(seed, 1))
        return GreedyBot(self.game, seed)

    def base_for(self, state: ChizoState) -> Bot:
        """Alone the greedy bot, against opponents the planner."""
        return self.base if state.goldfish else self.planner

    def alone(self, state: ChizoState) -> bool:
        """A goldfish (one seat)."""
        return state.goldfish

    def make_policy(self, seed: int) -> Bot:
        """The greedy bot."""
        return GreedyBot(self.game, seed)

    def searched(self, state: ChizoState, legal: Sequence[Action]) -> bool:
        """The actions of a turn."""
        return state.phase == TURN

    def ranking(self, state: ChizoState, legal: Sequence[Action]) -> list[float]:
        """The greedy's scores of the turn's actions, drawing always among the first (as
        the planner's shortlist: with opponents, a creature placed can feed their
        squares, and drawing is often the better use of an action)."""
        base = self.base
        assert isinstance(base, GreedyBot)
        scores = base.turn_scores(state, legal)
        return [ALWAYS if a.kind == "draw" else s for a, s in zip(legal, scores, strict=True)]

    def deal_hidden(self, state: ChizoState, seat: int, seed: int) -> ChizoState:
        """:func:`.planner.hidden_reshuffled`."""
        return hidden_reshuffled(state, seat, seed)

    def clock(self, state: ChizoState) -> int:
        """The turn counter (every seat's turns)."""
        return state.turn

    def seats(self, state: ChizoState) -> int:
        """Every seat takes turns."""
        return state.players

    def value(self, state: ChizoState, seat: int) -> float:
        """See the module docstring."""
        if state.over and state.end == "points":
            alone = 10.0 if state.goldfish else 1.0
            if state.points(seat) >= POINTS_TO_WIN:
                return WIN - alone * state.turn
            return -WIN + state.turn
        value = score(state, seat)
        if state.goldfish:
            return value
        ours = state.team[state.active] == state.team[seat]
        return value + (HOLE if ours else -HOLE) * len(holes(state, free_cells(state)))


class FastSearchBot(ChizoSearch):
    """``search-fast``: the fast budget."""

    name = "search-fast"

    def budgets(self) -> tuple[Budget, Budget]:
        """:data:`FAST`, :data:`FAST_OPPOSED`."""
        return FAST, FAST_OPPOSED


class StrongSearchBot(ChizoSearch):
    """``search-strong``: the strong budget."""

    name = "search-strong"

    def budgets(self) -> tuple[Budget, Budget]:
        """:data:`STRONG`, :data:`STRONG_OPPOSED`."""
        return STRONG, STRONG_OPPOSED


# The game's bots by name (ChizoGame.bot_types). The table lives with the search bots,
# which build on the greedy and the planner's helpers, so that neither imports it back.
BOTS: Final[Mapping[str, type[Bot]]] = MappingProxyType(
    {
        "random": RandomBot,
        "greedy": GreedyBot,
        "planner": PlannerBot,
        "search-fast": FastSearchBot,
        "search-strong": StrongSearchBot,
    }
)
