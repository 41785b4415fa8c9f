"""Bots for Raise. Each reads only what its seat may see: its own hand and the table.

``greedy`` tries to win every round; ``budget`` prices the cards a round would cost
against the points it would win, and keeps the rest for later rounds and for the final
scoring. ``random`` is the engine's generic bot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar, Final

from ...core import Action, Bot
from .cards import ALL_CARDS, DICE, NUMBER_OF, POINT_VALUES, SET_SIZE, SYMBOL_OF, SYMBOLS, VP_OF
from .rules import PASS_ACTIONS, PLAY_ACTIONS
from .state import BID, RaiseState


class GreedyBot(Bot):
    """Best immediate gain: try to win every round. The heuristic:

    * face down: the card of highest value this round (the stone furthest ahead wins),
      on a tie the one with fewer victory points, then the lower id;
    * furthest back: continue whenever the hand can overtake. Play the card that
      overtakes alone with the fewest victory points (then the lowest value, so no
      strength is wasted); if no card does it alone, the highest-value card first.
      Spending cards costs little: played cards go to the round's winner, refills come
      from the draw pile, whose cards would not count at the end anyway;
    * pass only when it must.

    Against random bots it wins about 90% of two-player games, 70% of three-player and
    55% of four-player games.
    """

    name = "greedy"

    def choose(self, state: RaiseState, legal: Sequence[Action]) -> Action:
        """The heuristic's pick among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        player = legal[0].player
        values = state.values
        hand = state.hands[player]
        if state.phase == BID:
            best = max(hand, key=lambda c: (values[c], -VP_OF[c], -c))
            return _pick(legal, "bid", best)
        need = (state.target or 0) + 1 - (state.pos[player] or 0)
        overtaking = [c for c in hand if values[c] >= need]
        if overtaking:
            return PLAY_ACTIONS[min(overtaking, key=lambda c: (VP_OF[c], values[c], c))]
        return PLAY_ACTIONS[max(hand, key=lambda c: (values[c], -c))]


def _pick(legal: Sequence[Action], kind: str, card: int) -> Action:
    for action in legal:
        if action.kind == kind and action.args == (card,):
            return action
    raise ValueError(f"the bot picked {kind} {card}, which is not legal")  # a bug if reached


# -- the budget bot ---------------------------------------------------------------------

#: Per symbol, its mean multiplier over every roll: 1 for the board's printed symbol plus
#: each die's share of faces showing it.
_MEAN_MULTIPLIER: Final = tuple(
    sum((die.count(symbol) / len(die) for die in DICE), 1.0) for symbol in range(len(SYMBOLS))
)
#: Per card id, its mean value over every roll: what keeping it for a later round is worth.
EXPECTED_VALUE: Final[tuple[float, ...]] = tuple(
    NUMBER_OF[c] * _MEAN_MULTIPLIER[SYMBOL_OF[c]] for c in range(ALL_CARDS)
)
_MEAN_POINTS: Final = sum(POINT_VALUES) / len(POINT_VALUES)


class BudgetBot(Bot):
    """Spends its number cards where they buy points (rulebook line 89: "Budget your
    number cards well"). Greedy fights every round to its last card and so empties its
    draw pile with point cards still to come; this bot prices the cards a round costs.

    * **Price of a card**: a mean point card x the rounds still to come / the spare
      cards (hand and draw pile, less one card face down for each round to come): cheap
      while the supply is large, dear when it runs short, nothing in the last round
      (draw piles do not score).
    * **Chance of winning the round**: the furthest its whole hand can carry its stone,
      against each rival's: the rival's hand size times the mean (with the spread) of the
      values, under this round's dice, of its cards not yet seen. Those are its set less
      the cards on the table and in the won piles, all face up: no hidden card, no
      pile's order and no rng is read.
    * **Face down**: when chance x (point card) beats ``CONTEST_PRICE`` cards' price, the
      card of highest value this round (on a tie, the one of lower mean value: the
      better card is kept); otherwise the card least worth keeping (lowest mean value,
      then fewest victory points), given up to the round's winner.
    * **Furthest back**: continue when chance x (point card + winnings pile) beats what
      the cards it must spend cost: ``RACE_PRICE`` x their price each, and their victory
      points if the round is lost. It plays the set of cards that overtakes at the
      lowest mean value (then victory points), strongest first, so that the strong cards
      and the 5-point diamonds stay in hand, where they also score at the end.

    Deterministic without its rng (ties go to the lower card id) and without memory: it
    decides from the state alone. The two weights were tuned by measurement, on tables
    of one budget bot among greedy or random bots and of budget bots alone, played as
    ``bench/raise_endings.py`` plays them with master seeds 2 and 3 (docs/raise.md,
    "Bots", reports seed 1).
    """

    name = "budget"

    #: Cards' price charged to a contested round when choosing the face-down card.
    CONTEST_PRICE: ClassVar[float] = 4.5
    #: Share of its price charged for each card of the overtaking set (played cards come
    #: back to their owner if the round is won, but the rival may answer).
    RACE_PRICE: ClassVar[float] = 0.5

    def choose(self, state: RaiseState, legal: Sequence[Action]) -> Action:
        """Face down: a strong card on a round worth it, else the cheapest; furthest
        back: continue only when the round is worth the cards."""
        if len(legal) == 1:
            return legal[0]
        player = legal[0].player
        hand = state.hands[player]
        values = state.values
        points = POINT_VALUES[state.point] if state.point is not None else 0
        price = card_price(state, player)
        if state.phase == BID:
            chance = win_chance(state, player, sum(map(state.value_of, hand)))
            if chance * points > price * self.CONTEST_PRICE:
                card = max(hand, key=lambda c: (values[c], -EXPECTED_VALUE[c], -VP_OF[c], -c))
            else:
                card = min(hand, key=lambda c: (EXPECTED_VALUE[c], VP_OF[c], -values[c], c))
            return _pick(legal, "bid", card)
        space = state.pos[player] or 0
        plan = cheapest_overtake(hand, values, (state.target or 0) + 1 - space)
        play = PLAY_ACTIONS[max(plan, key=lambda c: (values[c], -c))]
        if state.committed:
            return play
        chance = win_chance(state, player, space + sum(map(state.value_of, hand)))
        prize = points + sum(VP_OF[c] for c in state.pot)
        at_risk = sum(VP_OF[c] for c in plan)
        cost = (1 - chance) * at_risk + self.RACE_PRICE * price * len(plan)
        return play if chance * prize > cost else PASS_ACTIONS[player]


def card_price(state: RaiseState, player: int) -> float:
    """What one card spent now takes from the rounds to come, in points. Each round to
    come needs a card face down, so only the cards beyond those are spare; a mean point
    card per round to come is shared among the spare cards (at least one)."""
    supply = len(state.hands[player]) + len(state.draws[player])  # sizes only
    to_come = len(state.point_pile)
    return _MEAN_POINTS * to_come / max(supply - to_come, 1)


def cheapest_overtake(hand: list[int], values: tuple[int, ...], need: int) -> list[int]:
    """The hand cards worth ``need`` or more together that are least worth keeping:
    lowest total mean value, then fewest victory points, then the first found (a hand
    has at most 6 cards: at most 63 sets). The whole hand if none is (never legal)."""
    best = list(hand)
    best_cost = (math.inf, 0)
    size = len(hand)
    for mask in range(1, 1 << size):
        chosen = [hand[i] for i in range(size) if mask >> i & 1]
        if sum(values[c] for c in chosen) < need:
            continue
        cost = (sum((EXPECTED_VALUE[c] for c in chosen), 0.0), sum(VP_OF[c] for c in chosen))
        if cost < best_cost:
            best, best_cost = chosen, cost
    return best


def win_chance(state: RaiseState, player: int, reach: int) -> float:
    """The chance that no rival's stone can end beyond ``reach``: per rival with a stone
    (or, face down, with a card), its space plus a normal guess of its hand's sum, drawn
    from its cards not yet seen."""
    seen = {c for pile in state.won for c in pile}
    seen.update(state.pot)
    values = state.values
    chance = 1.0
    for rival in range(state.players):
        if rival == player:
            continue
        cards = len(state.hands[rival])
        if state.phase == BID:
            cards += state.bids[rival] is not None  # chosen face down: not seen either
            if not cards:
                continue  # no card, no stone this round
            start = 0
        else:
            space = state.pos[rival]
            if space is None:
                continue  # passed
            start = space
        first = rival * SET_SIZE
        pool = [values[c] for c in range(first, first + SET_SIZE) if c not in seen]
        left = len(pool)
        mean = sum(pool) / left if left else 0.0
        margin = reach - 0.5 - start - cards * mean
        spread = sum(((v - mean) ** 2 for v in pool), 0.0) / left if left > 1 else 0.0
        variance = cards * spread * (left - cards) / (left - 1) if left > 1 else 0.0
        if variance <= 0:
            chance *= 1.0 if margin > 0 else 0.0
        else:
            chance *= 0.5 * (1 + math.erf(margin / math.sqrt(2 * variance)))
    return chance
