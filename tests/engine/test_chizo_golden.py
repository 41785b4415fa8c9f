"""Golden ChiZo replays: recorded games must replay step by step to the same hashes and
final state, and the bots must still choose the same actions.

The games (2 and 3 players, 2-vs-2 teams, basic tiles only, goldfish) are all won with
12 points, the teams game by both partners; a tampered hash stops the replay at its
step. A failure means the rules, the bots, the rng or the state's JSON changed: if that
was intended, regenerate with ``python -m tests.engine.chizo_golden`` and say so.
"""

from __future__ import annotations

import pytest

from .chizo_golden import GAMES
from .golden_tool import bots_still_play_test, check_replay, load, names, tampered_hash_test


@pytest.mark.parametrize("name", names(GAMES))
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    assert check_replay("chizo", name).status == "finished"


# The shared golden tests, collected under these names.
test_the_bots_still_play_the_golden_game = bots_still_play_test("chizo", GAMES)
test_a_tampered_action_log_is_caught_at_the_first_divergence = tampered_hash_test(GAMES[0][0], 9)


def test_the_golden_games_are_won_with_twelve_points():
    for name in names(GAMES):
        outcome = load(name)["transcript"]["outcome"]
        assert outcome["status"] == "finished", name
        assert max(outcome["scores"]) >= 12, name
    teams = load("chizo-teams.json")["transcript"]["outcome"]
    assert len(teams["winners"]) == 2  # partners share the win
    assert teams["winners"][1] - teams["winners"][0] == 2  # seated across
