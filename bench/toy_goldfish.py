"""The fixed baseline of the engine benchmarks: a toy goldfish in plain Python.

60 cards, 24 lands and 36 one-cost spells dealing 3; one land a turn, cast all you can,
win at 20 damage; a seeded Fisher-Yates shuffle. Every ratio in docs/benchmarks.md is a
case's games/s over this loop's, measured in the same run, so the loop must not move
with the engine: it imports the standard library only, lives outside ``play/`` (never
compiled with the engine) and is kept as it is. Changing it would change every recorded
ratio.
"""

from __future__ import annotations

from random import Random

DECK = [True] * 24 + [False] * 36  # True: a land; False: a one-cost spell dealing 3


def goldfish(seed: int) -> int:
    """One toy goldfish game; returns the turn it deals 20 damage."""
    deck = list(DECK)
    draw = Random(seed).random
    for i in range(len(deck) - 1, 0, -1):
        j = int(draw() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    hand_lands = hand_spells = lands = damage = 0
    for card in deck[:7]:
        if card:
            hand_lands += 1
        else:
            hand_spells += 1
    top = 7
    turn = 0
    while damage < 20:
        turn += 1
        if turn > 1 and top < len(deck):
            if deck[top]:
                hand_lands += 1
            else:
                hand_spells += 1
            top += 1
        if hand_lands:
            hand_lands -= 1
            lands += 1
        cast = min(lands, hand_spells)
        hand_spells -= cast
        damage += 3 * cast
    return turn
