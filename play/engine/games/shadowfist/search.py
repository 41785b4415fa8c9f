"""The Shadowfist search bots: ``search-fast`` and ``search-strong`` (:mod:`...core.search`).

They play as the tactician except the main shot of their own turn, which they search:
the tactician's pick and the next best plays, abilities and attacks by the greedy's
worths (one placement per card), each played in worlds where the bot's own deck, the
other players' hands and decks and the game's rng are dealt anew (:func:`deal_hidden`),
the turn and the horizon played on by tacticians for every seat (the goldfish dummy
decides by the engine's rule, :mod:`.opposition`, in rollouts as in the game).

A rollout's last position is worth, to the searching seat: a win 1,000 less the turns
it took (ten a turn of its own), a loss -1,000 plus the turns; else :func:`position`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from ...core import Action, Bot, Rng, mix_seed
from ...core.search import Budget, GoldfishGap, SearchBot
from .bots import _main_worth
from .state import DECK, HAND, MAIN, PLAY, ShadowfistState
from .stats import fighting
from .tactics import TacticianBot
from .victory import victory_count

#: ``search-fast``: a quick look at the main shot, the opponents' replies and the next.
FAST: Final = Budget("fast", rollouts=12, width=4, horizon=1)
#: ``search-strong``: more rollouts over more candidates.
STRONG: Final = Budget("strong", rollouts=24, width=8, horizon=1)
#: Each bot's goldfish gap, measured by ``python bench/goldfish_gap.py`` (docs/play.md,
#: "The goldfish gap"), shown beside every goldfish figure a bot made.
GOLDFISH_GAPS: Final[Mapping[str, GoldfishGap]] = MappingProxyType(
    {
        "greedy": GoldfishGap(deep=19.1, clairvoyant=23.3, decks=4),
        "tactician": GoldfishGap(deep=18.6, clairvoyant=22.9, decks=4),
        "search-fast": GoldfishGap(deep=4.5, clairvoyant=6.4, decks=4),
        "search-strong": GoldfishGap(deep=0.8, clairvoyant=4.1, decks=4),
    }
)
WIN: Final = 1000.0
#: What the parts of a position are worth (:func:`position`): a feng shui site towards
#: victory, a point of Fighting in play, a card in hand (up to six), a Power in the pool
#: (up to ten: Power beyond what a turn can spend waits).
SITE_WORTH: Final = 10.0
FIGHTING_WORTH: Final = 1.0
CARD_WORTH: Final = 0.5
POWER_WORTH: Final = 0.3


def deal_hidden(state: ShadowfistState, seat: int, seed: int) -> ShadowfistState:
    """A copy where what ``seat`` can't see is dealt anew from a private rng: its own
    deck's order, each other player's hand and deck (as one pool), the game's rng. Each
    pile is put in a fixed order first, so the copy depends only on what the seat may
    know (which cards are in it), never on the real order."""
    rng = Rng(seed)
    twin = state.clone()
    twin.decks[seat].sort()
    rng.shuffle(twin.decks[seat])
    for other in range(twin.players):
        if other == seat:
            continue
        pool = sorted(twin.hands[other] + twin.decks[other])
        rng.shuffle(pool)
        size = len(twin.hands[other])
        twin.hands[other], twin.decks[other] = pool[:size], pool[size:]
        for card in twin.hands[other]:
            twin.zone[card] = HAND
        for card in twin.decks[other]:
            twin.zone[card] = DECK
    twin.rng = Rng(mix_seed(seed, 1))
    return twin


def position(state: ShadowfistState, seat: int) -> float:
    """A position from ``seat``'s side: sites towards victory, Fighting in play, cards
    in hand and Power, less the strongest opponent's sites and Fighting."""
    own = SITE_WORTH * victory_count(state, seat) + FIGHTING_WORTH * _fighting(state, seat)
    own += CARD_WORTH * min(len(state.hands[seat]), 6)
    own += POWER_WORTH * min(state.pool[seat], 10)
    threat = max(
        (
            SITE_WORTH * victory_count(state, other) + FIGHTING_WORTH * _fighting(state, other)
            for other in range(state.players)
            if other != seat
        ),
        default=0.0,
    )
    return own - threat


def _fighting(state: ShadowfistState, seat: int) -> int:
    zone = state.zone
    return sum(max(0, fighting(state, c)) for c in state.chars[seat] if zone[c] == PLAY)


class ShadowfistSearch(SearchBot):
    """The search with Shadowfist's hooks (see the module docstring)."""

    def make_base(self, seed: int) -> Bot:
        """The tactician."""
        return TacticianBot(self.game, seed)

    def make_policy(self, seed: int) -> Bot:
        """The tactician."""
        return TacticianBot(self.game, seed)

    def alone(self, state: ShadowfistState) -> bool:
        """Against the goldfish dummy."""
        return state.dummy >= 0

    def searched(self, state: ShadowfistState, legal: Sequence[Action]) -> bool:
        """The main shot of a seat's own turn."""
        return state.phase == MAIN and not state.pending and state.choice is None

    def ranking(self, state: ShadowfistState, legal: Sequence[Action]) -> list[float]:
        """The greedy's worth of each action; a card's other placements after its first
        (they differ only in the slot), and moving or healing, rank last."""
        seen: set[int] = set()
        scores: list[float] = []
        for action in legal:
            kind = action.kind
            if kind == "play":
                card = action.args[0]
                assert isinstance(card, int)
                if card in seen:
                    scores.append(-1.0)
                    continue
                seen.add(card)
            elif kind not in ("ability", "attack", "end_turn"):
                scores.append(-1.0)
                continue
            scores.append(float(_main_worth(state, action)))
        return scores

    def deal_hidden(self, state: ShadowfistState, seat: int, seed: int) -> ShadowfistState:
        """:func:`deal_hidden`."""
        return deal_hidden(state, seat, seed)

    def clock(self, state: ShadowfistState) -> int:
        """Turns begun, every seat's."""
        return state.turn

    def seats(self, state: ShadowfistState) -> int:
        """Every seat takes turns (the dummy too)."""
        return state.players

    def value(self, state: ShadowfistState, seat: int) -> float:
        """See the module docstring."""
        winner = state.winner
        if winner is not None:
            if winner == seat:
                return WIN - 10.0 * state.turns[seat]
            return -WIN + state.turn
        return position(state, seat)


class FastSearchBot(ShadowfistSearch):
    """``search-fast``: the fast budget."""

    name = "search-fast"

    def budgets(self) -> tuple[Budget, Budget]:
        """:data:`FAST`, alone and opposed."""
        return FAST, FAST


class StrongSearchBot(ShadowfistSearch):
    """``search-strong``: the strong budget."""

    name = "search-strong"

    def budgets(self) -> tuple[Budget, Budget]:
        """:data:`STRONG`, alone and opposed."""
        return STRONG, STRONG
