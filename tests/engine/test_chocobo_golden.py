"""Golden replays of Chocobo Party Up!: recorded games must replay step by step to the same
hashes and final state.

A failure here means the rules (or the rng, the bots, or the state's JSON) changed: if
that was intended, regenerate and say so in the commit:

    .venv/bin/python -m tests.engine.test_chocobo_golden
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from play.engine.core import Action, ReplayError, Transcript, get_game, record, replay
from play.engine.simulate import play_game

GOLDEN = Path(__file__).parent / "golden"

#: (file name, setup, bots, seed)
GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("chocobo-2p.json", {"players": 2}, ["greedy", "random"], 2),
    ("chocobo-3p.json", {"players": 3, "first_player": 2}, ["greedy"] * 3, 16),
    ("chocobo-4p.json", {"players": 4}, ["greedy", "random", "greedy", "random"], 24),
]


def make(setup: dict[str, Any], bots: list[str], seed: int) -> dict[str, Any]:
    """Play the game between bots and return its golden record."""
    game = get_game("chocobo")
    actions: list[Action] = []
    final = play_game(game, setup, bots, seed, actions)
    transcript = record(game, setup, seed, actions)
    if transcript.final_hash != final.hash():
        raise RuntimeError("the checked replay diverged from the bots' game")
    return {"bots": bots, "transcript": transcript.to_dict(), "final_state": final.to_dict()}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / name).read_text())
    return data


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_golden_game_replays_to_its_recorded_hashes_and_final_state(name):
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    final = replay(transcript)
    assert final.hash() == transcript.final_hash == data["transcript"]["final_hash"]
    assert final.to_dict() == data["final_state"]
    outcome = get_game("chocobo").outcome(final)
    assert outcome.status == "finished"
    assert outcome.scores[outcome.winners[0]] >= 6


@pytest.mark.parametrize(("name", "setup", "bots", "seed"), GAMES)
def test_the_bots_still_play_the_golden_game(name, setup, bots, seed):
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    assert (transcript.setup, transcript.seed, data["bots"]) == (setup, seed, bots)
    actions: list[Action] = []
    play_game(get_game("chocobo"), setup, bots, seed, actions)
    assert tuple(actions) == transcript.actions


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


def main() -> None:
    """Write every golden file."""
    for name, setup, bots, seed in GAMES:
        data = make(setup, bots, seed)
        (GOLDEN / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        actions = data["transcript"]["actions"]
        print(
            name,
            len(actions),
            "actions",
            sorted({a["kind"] for a in actions}),
            data["transcript"]["final_hash"][:16],
        )


if __name__ == "__main__":
    main()
