"""Golden replays: recorded games must replay step by step to the same hashes and state.

A failure here means the rules (or the rng, or the state's JSON) changed: if that was
intended, regenerate with ``python -m tests.engine.golden_tool`` and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from play.engine.core import Action, ReplayError, Transcript, get_game, replay
from play.engine.simulate import play_game

from .golden_tool import GAMES, GOLDEN


def load(name):
    return json.loads((GOLDEN / name).read_text())


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    final = replay(transcript)
    assert final.hash() == transcript.final_hash == data["transcript"]["final_hash"]
    assert final.to_dict() == data["final_state"]
    assert get_game(transcript.game).outcome(final).status == "finished"


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_the_bots_still_play_the_golden_game(name):
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    actions: list[Action] = []
    play_game(get_game(transcript.game), transcript.setup, data["bots"], transcript.seed, actions)
    assert tuple(actions) == transcript.actions


def test_a_tampered_action_log_is_caught_at_the_first_divergence():
    data = load(GAMES[0][0])["transcript"]
    data["hashes"][5] = "0" * 64
    with pytest.raises(ReplayError) as caught:
        replay(Transcript.from_dict(data))
    assert caught.value.code == "replay_hash"
    assert "after step 5" in caught.value.reason
