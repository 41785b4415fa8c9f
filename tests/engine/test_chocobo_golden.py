"""Golden replays of Chocobo Party Up!: recorded games must replay step by step to the same
hashes and final state.

A failure here means the rules (or the rng, the bots, or the state's JSON) changed: if
that was intended, regenerate and say so in the commit:

    .venv/bin/python -m tests.engine.test_chocobo_golden
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import ReplayError, Transcript, replay

from .golden_tool import check_bots_still_play, check_replay, load, names, regenerate

#: (file name, setup, bots, seed)
GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("chocobo-2p.json", {"players": 2}, ["greedy", "random"], 2),
    ("chocobo-3p.json", {"players": 3, "first_player": 2}, ["greedy"] * 3, 16),
    ("chocobo-4p.json", {"players": 4}, ["greedy", "random", "greedy", "random"], 36),
]


@pytest.mark.parametrize("name", names(GAMES))
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    outcome = check_replay("chocobo", name)
    assert outcome.status == "finished"
    assert outcome.scores[outcome.winners[0]] >= 6


@pytest.mark.parametrize(("name", "setup", "bots", "seed"), GAMES)
def test_the_bots_still_play_the_golden_game(name, setup, bots, seed):
    transcript = check_bots_still_play("chocobo", name)
    assert (transcript.setup, transcript.seed, load(name)["bots"]) == (setup, seed, bots)


def test_the_golden_games_use_every_kind_of_decision():
    kinds = {a["kind"] for name, *_ in GAMES for a in load(name)["transcript"]["actions"]}
    assert kinds >= {
        "place",
        "no_card",
        "play",
        "call_big",
        "move",
        "end_move",
        "kick",
        "end_kick",
        "overflow",
        "call",
        "no_call",
        "golem_move",
        "relocate",
    }


def test_a_tampered_golden_game_is_caught_at_the_first_divergence():
    data = load(GAMES[0][0])["transcript"]
    data["actions"][30]["args"] = ["nonsense"]
    with pytest.raises(ReplayError) as caught:
        replay(Transcript.from_dict(data))
    assert caught.value.code == "replay_illegal_action"
    assert "step 31" in caught.value.reason


def decision_kinds(data: dict[str, Any]) -> list[list[str]]:
    """The kinds of action a golden record holds (what regenerating prints)."""
    return [sorted({a["kind"] for a in data["transcript"]["actions"]})]


def main() -> None:
    """Write every golden file."""
    regenerate(
        [(name, "chocobo", setup, bots, seed) for name, setup, bots, seed in GAMES], decision_kinds
    )


if __name__ == "__main__":
    main()
