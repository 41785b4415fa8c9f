"""Golden Shadowfist replays: recorded games must replay step by step to the same hashes
and final state, and the bots must still choose the same actions.

The games (2 and 3 players with the starter decks, and a goldfish game against the
dummy) all end in a victory, the goldfish one the deck's; a tampered hash stops the
replay at its step. A failure means the rules, the bots, the rng or the state's JSON
changed: if that was intended, regenerate with ``python -m tests.engine.shadowfist_golden``
and say so.
"""

from __future__ import annotations

import pytest

from .golden_tool import bots_still_play_test, check_replay, load, names, tampered_hash_test
from .shadowfist_golden import GAMES


@pytest.mark.parametrize("name", names(GAMES))
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    assert check_replay("shadowfist", name).status in ("finished", "unfinished")


# The shared golden tests, collected under these names.
test_the_bots_still_play_the_golden_game = bots_still_play_test("shadowfist", GAMES)
test_a_tampered_action_log_is_caught_at_the_first_divergence = tampered_hash_test(GAMES[0][0], 7)


def test_the_golden_games_end_in_victories():
    for name in names(GAMES):
        outcome = load(name)["transcript"]["outcome"]
        assert outcome["status"] == "finished", name
    assert load("shadowfist-goldfish.json")["transcript"]["outcome"]["winners"] == [0]
