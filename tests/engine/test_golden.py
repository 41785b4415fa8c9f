"""Golden replays: recorded games must replay step by step to the same hashes and state.

Raise games of 2 to 5 players: each replays through every recorded state hash to the
recorded final state, finished; the bots still choose the recorded actions; a tampered
hash stops the replay at its step. A failure here means the rules (or the rng, or the
state's JSON) changed: if that was intended, regenerate with
``python -m tests.engine.golden_tool`` and say so in the commit.
"""

from __future__ import annotations

import pytest

from play.engine.core import Transcript, get_game

from .golden_tool import (
    GAMES,
    MAX_LISTED,
    bots_still_play_test,
    check_replay,
    golden_names,
    load,
    names,
    playthrough,
    playthrough_path,
    tampered_hash_test,
)


@pytest.mark.parametrize("name", names(GAMES))
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    assert check_replay("raise", name).status == "finished"


# The shared golden tests, collected under these names.
test_the_bots_still_play_the_golden_game = bots_still_play_test("raise", GAMES)
test_a_tampered_action_log_is_caught_at_the_first_divergence = tampered_hash_test(GAMES[0][0], 5)


@pytest.mark.parametrize("name", golden_names())
def test_each_golden_game_has_its_playthrough_text_as_written_now(name):
    # Rewrite with ``python -m tests.engine.golden_tool --playthroughs`` when labels, event
    # words or views change on purpose.
    path = playthrough_path(name)
    assert path.exists(), f"{path.name} is missing"
    assert path.read_text() == playthrough(name)


def test_a_playthrough_names_each_step_its_seat_legal_actions_and_choice():
    text = playthrough("raise-2p.json")
    transcript = Transcript.from_dict(load("raise-2p.json")["transcript"])
    game = get_game("raise")
    state = game.new_game(transcript.setup, transcript.seed)
    legal = game.legal_actions(state)
    first = text.split("\nstep 1: ")[1].split("\nstep 2: ")[0]
    assert first.startswith(f"Seat {state.to_act + 1} to act, {len(legal)} legal\n")
    for i, words in enumerate(game.labels(state, legal)):
        assert f"\n  {i:>3} {words}\n" in first
    chosen = legal.index(transcript.actions[0])
    assert f"\n  chose {chosen}: {game.label(state, transcript.actions[0])}\n" in first
    assert "\n  public: " in first
    assert text.count("\nstep ") == len(transcript.actions)
    assert text.rstrip().splitlines()[-1].startswith("end: finished, scores ")


def test_a_playthrough_caps_a_long_listing_of_legal_actions_and_says_so():
    text = playthrough("chizo-2p.json")
    assert "more not listed" in text
    longest = max(len(step.split("\n  chose ")[0].splitlines()) for step in text.split("\nstep "))
    assert longest <= MAX_LISTED + 2  # the step line, the listed actions, the "more" line
