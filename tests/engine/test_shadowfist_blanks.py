"""Blanks played as a player would play them (docs/shadowfist.md, "Blanks"): an event,
state or edge whose effect the engine does not model is played, paying its cost, when
nothing worth more can be played, by every bot; held forever it would skew the hand and
the Power curve the goldfish reports."""

from __future__ import annotations

import pytest

from play.engine.games.shadowfist.goldfish import goldfish

CARDS = [
    {"id": 1, "name": "Quiet Garden", "type": "Feng Shui Site", "body": 7, "power": 1},
    {"id": 2, "name": "Street Tough", "type": "Character", "faction": "Dragons", "cost": 1,
     "provides": "d", "fighting": 2},
    {"id": 3, "name": "Sudden Storm", "type": "Event", "cost": 1},
    {"id": 4, "name": "Old Grudge", "type": "Edge", "cost": 1},
]
DECK = [1] * 12 + [2] * 12 + [3] * 8 + [4] * 8


@pytest.mark.parametrize("bot", ["greedy", "tactician"])
def test_every_bot_plays_blank_events_and_edges_it_can_afford(bot: str) -> None:
    records = [goldfish(CARDS, DECK, seed, bot=bot, max_turns=12) for seed in range(10)]

    played = [card for record in records for card in record.blanks_played]
    assert 3 in played
    assert 4 in played
    assert all(record.blanks == (3, 4) for record in records)
