"""Search bots: a determinised Monte Carlo search over the next action.

A search bot plays like its game's best heuristic (its *base* bot) except where the
game says a decision is worth searching (ChiZo: the actions of a turn; Shadowfist: the
main shot and an attack's declarations). There it:

1. takes a shortlist of candidate actions: the base bot's own pick first, then the
   others by the game's ranking, at most ``budget.width``;
2. deals the hidden parts anew (its own stack's or deck's order, the other players'
   hands and piles, the game's rng, the fast bot's ties) from its own rng, once per
   *world*: a copy that agrees with everything its seat may see and nothing else
   (``deal_hidden``);
3. plays each candidate in the same worlds (common random numbers: candidates are
   compared on the same draws), then the rest of the turn and, with a ``horizon`` of
   n, every turn up to the end of the seat's n-th next turn, with the game's fast bot
   for every seat (a *rollout*), and scores the position reached for the searching
   seat (``value``);
4. keeps the best half of the candidates after each round of rollouts and plays the
   last one standing (sequential halving, Karnin, Koren and Somekh 2013: a fixed
   budget spent mostly on the close contenders). The base bot's pick wins every tie.

The budget is counted in rollouts, never in time: the same seed plays the same game on
any machine. A *clairvoyant* search (``clairvoyant=True``, for benchmarks only) skips
step 2 and rolls out the real state, reading its real draw order: what a player who
knew the future could reach with the same search.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .bots import Bot
from .errors import DataError
from .rng import Rng, mix_seed
from .values import Action

if TYPE_CHECKING:
    from .game import Game

#: The yardsticks of bench/goldfish_gap.py search with this many times the strong
#: bot's rollouts.
YARDSTICK_FACTOR: Final = 20

#: A rollout that runs this many actions without reaching its horizon stops there (a
#: guard: a turn of any of the games is far shorter).
MAX_ROLLOUT_ACTIONS: Final = 2_000


@dataclass(frozen=True, slots=True)
class Budget:
    """What one searched decision may spend: ``rollouts`` in all, over at most
    ``width`` candidate actions, each rollout playing the rest of the turn and then
    the next ``horizon`` turns of the searching seat (and the others' turns before
    them): 0 stops at the end of the current turn."""

    label: str
    rollouts: int
    width: int
    horizon: int

    def __post_init__(self) -> None:
        if self.rollouts < 1 or self.width < 2 or self.horizon < 0:
            raise DataError(
                "bad_budget",
                "a search budget needs at least one rollout, two candidates and a horizon "
                f"of 0 or more: {self.rollouts}, {self.width}, {self.horizon}",
            )


@dataclass(frozen=True, slots=True)
class GoldfishGap:
    """A bot's goldfish against the yardsticks, as bench/goldfish_gap.py measured it: the
    largest over the bench's ``decks`` of its mean finishing turn above the deep fair
    search's and above the clairvoyant bound's (seed by seed the sooner of the deep and
    the clairvoyant searches), in per cent of theirs."""

    deep: float
    clairvoyant: float
    decks: int


class SearchBot(Bot):
    """The search of the module docstring; a game states the hooks below.

    ``budget``: the game's budgets for the bot's name unless given (then used alone and
    against opponents alike); ``clairvoyant``: roll out the real state (benchmarks only:
    it reads hidden information).
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int,
        budget: Budget | None = None,
        clairvoyant: bool = False,
    ) -> None:
        super().__init__(game, seed)
        alone, opposed = self.budgets()
        #: The budgets alone (goldfish) and against opponents; ``budget`` sets both.
        self.alone_budget = budget if budget is not None else alone
        self.opposed_budget = budget if budget is not None else opposed
        self.clairvoyant = clairvoyant
        self.base = self.make_base(mix_seed(seed, 1))
        self.policy = self.make_policy(mix_seed(seed, 2))
        #: Searched decisions and rollouts played, for benchmarks and tests.
        self.searches = 0
        self.rollouts = 0

    # -- the game's hooks -----------------------------------------------------------------

    @abstractmethod
    def budgets(self) -> tuple[Budget, Budget]:
        """The budgets of this bot's name (the game's "fast" or "strong"): alone, and
        against opponents."""

    @abstractmethod
    def alone(self, state: Any) -> bool:
        """Whether the seat plays alone (a goldfish: no opponent's decision to weigh)."""

    @abstractmethod
    def make_base(self, seed: int) -> Bot:
        """The heuristic bot that decides where nothing is searched and whose pick is
        the first candidate."""

    def base_for(self, state: Any) -> Bot:
        """The base bot for this state (a game may keep one alone, another opposed)."""
        return self.base

    @abstractmethod
    def make_policy(self, seed: int) -> Bot:
        """The fast bot that plays every seat in rollouts."""

    @abstractmethod
    def searched(self, state: Any, legal: Sequence[Action]) -> bool:
        """Whether this decision is searched (else the base bot decides)."""

    @abstractmethod
    def ranking(self, state: Any, legal: Sequence[Action]) -> list[float]:
        """A score per legal action: the shortlist takes the best after the base's pick."""

    @abstractmethod
    def deal_hidden(self, state: Any, seat: int, seed: int) -> Any:
        """A copy of ``state`` with what ``seat`` cannot see dealt anew from ``seed``;
        it must depend only on what ``seat`` may see, never on the real hidden order."""

    @abstractmethod
    def clock(self, state: Any) -> int:
        """Turns begun so far, every seat's counted (the horizon is measured in them)."""

    @abstractmethod
    def seats(self, state: Any) -> int:
        """The seats that take turns (one round of turns is this many)."""

    @abstractmethod
    def value(self, state: Any, seat: int) -> float:
        """How good a rollout's last position is for ``seat`` (won: the higher the
        sooner; lost: the lower the sooner)."""

    # -- the search -----------------------------------------------------------------------

    def choose(self, state: Any, legal: Sequence[Action]) -> Action:
        """The base bot's pick, or the search's where the game searches."""
        if len(legal) == 1:
            return legal[0]
        first = self.base_for(state).choose(state, legal)
        if not self.searched(state, legal):
            return first
        budget = self.alone_budget if self.alone(state) else self.opposed_budget
        candidates = self.shortlist(state, legal, first, budget.width)
        if len(candidates) == 1:
            return first
        self.searches += 1
        return self.halve(state, candidates, budget)

    def shortlist(
        self, state: Any, legal: Sequence[Action], first: Action, width: int
    ) -> list[Action]:
        """``first``, then the best-ranked other actions, ``width`` in all."""
        scores = self.ranking(state, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        picked = [first]
        for i in order:
            if len(picked) >= width:
                break
            if legal[i] != first:
                picked.append(legal[i])
        return picked

    def halve(self, state: Any, candidates: list[Action], budget: Budget) -> Action:
        """Sequential halving over ``candidates`` (the first wins ties)."""
        seat = candidates[0].player
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = max(1, (len(candidates) - 1).bit_length())
        # The end of the current turn, or of the seat's ``horizon``-th turn after it.
        stop = self.clock(state) + budget.horizon * self.seats(state) + 1
        for _ in range(rounds):
            per = max(1, budget.rollouts // (rounds * len(alive)))
            seeds = [int(self.rng.random() * 2**31) for _ in range(per)]
            for i in alive:
                for world_seed in seeds:
                    totals[i] += self.rollout(state, seat, candidates[i], world_seed, stop)
                counts[i] += per
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            if len(alive) == 1:
                break
            alive = alive[: (len(alive) + 1) // 2]
        return candidates[alive[0]]

    def rollout(self, state: Any, seat: int, action: Action, seed: int, stop: int) -> float:
        """Play ``action`` in a world dealt from ``seed``, then the fast bot for every
        seat until the clock reaches ``stop`` or the game ends; the value for ``seat``."""
        self.rollouts += 1
        game = self.game
        twin = state.clone() if self.clairvoyant else self.deal_hidden(state, seat, seed)
        game.advance(twin, action)
        # The fast bot's ties too come from the world's seed: every candidate meets the
        # same luck, so what differs between their values is the candidates.
        self.policy.rng = Rng(mix_seed(seed, 2))
        choose = self.policy.choose
        for _ in range(MAX_ROLLOUT_ACTIONS):
            if self.clock(twin) >= stop or game.is_over(twin):
                break
            legal = game.legal_actions(twin)
            if not legal:
                break
            game.advance(twin, choose(twin, legal))
        return self.value(twin, seat)
