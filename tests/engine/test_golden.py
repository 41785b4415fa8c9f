"""Golden replays: recorded games must replay step by step to the same hashes and state.

Raise games of 2 to 5 players: each replays through every recorded state hash to the
recorded final state, finished; the bots still choose the recorded actions; a tampered
hash stops the replay at its step. A failure here means the rules (or the rng, or the
state's JSON) changed: if that was intended, regenerate with
``python -m tests.engine.golden_tool`` and say so in the commit.
"""

from __future__ import annotations

import pytest

from .golden_tool import GAMES, bots_still_play_test, check_replay, names, tampered_hash_test


@pytest.mark.parametrize("name", names(GAMES))
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    assert check_replay("raise", name).status == "finished"


# The shared golden tests, collected under these names.
test_the_bots_still_play_the_golden_game = bots_still_play_test("raise", GAMES)
test_a_tampered_action_log_is_caught_at_the_first_divergence = tampered_hash_test(GAMES[0][0], 5)
