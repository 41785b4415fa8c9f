"""Golden ChiZo replays: recorded games must replay step by step to the same hashes and
final state, and the bots must still choose the same actions.

A failure means the rules, the bots, the rng or the state's JSON changed: if that was
intended, regenerate with ``python -m tests.engine.chizo_golden`` and say so.
"""

from __future__ import annotations

import json

import pytest

from play.engine.core import Action, ReplayError, Transcript, get_game, replay
from play.engine.simulate import play_game

from .chizo_golden import GAMES
from .golden_tool import GOLDEN


def load(name):
    return json.loads((GOLDEN / name).read_text())


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    final = replay(transcript)
    assert final.hash() == transcript.final_hash == data["transcript"]["final_hash"]
    assert final.to_dict() == data["final_state"]
    assert get_game("chizo").outcome(final).status == "finished"


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_the_bots_still_play_the_golden_game(name):
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    actions: list[Action] = []
    play_game(get_game("chizo"), transcript.setup, data["bots"], transcript.seed, actions)
    assert tuple(actions) == transcript.actions


def test_the_golden_games_are_won_with_twelve_points():
    for name, *_ in GAMES:
        outcome = load(name)["transcript"]["outcome"]
        assert outcome["status"] == "finished", name
        assert max(outcome["scores"]) >= 12, name
    teams = load("chizo-teams.json")["transcript"]["outcome"]
    assert len(teams["winners"]) == 2  # partners share the win
    assert teams["winners"][1] - teams["winners"][0] == 2  # seated across


def test_a_tampered_action_log_is_caught_at_the_first_divergence():
    data = load(GAMES[0][0])["transcript"]
    data["hashes"][9] = "0" * 64
    with pytest.raises(ReplayError) as caught:
        replay(Transcript.from_dict(data))
    assert "after step 9" in caught.value.reason
