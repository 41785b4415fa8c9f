"""Golden games: recorded games replayed by the tests, with their per-step hashes.

The shared machinery of every game's golden files: :func:`make` plays and records one,
:func:`regenerate` writes a list of them, and the ``check_*`` functions are what each
``test_*golden.py`` asserts about them (the replay reaches every recorded hash and the
recorded final state; the bots still choose the recorded actions; a tampered hash is
caught where it was changed), with the tests built on them that a golden test module
binds to its own names. This module also lists Raise's golden games.

Regenerate (only when a rules change is intended, and say so in the commit):

    .venv/bin/python -m tests.engine.golden_tool
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from play.engine.core import Action, Outcome, ReplayError, Transcript, get_game, record, replay
from play.engine.simulate import play_game

GOLDEN = Path(__file__).parent / "golden"

#: A golden game: (file name, game, setup, bots, seed).
Golden = tuple[str, str, dict[str, Any], list[str], int]

GAMES: list[Golden] = [
    ("raise-2p.json", "raise", {"players": 2}, ["greedy", "random"], 20240),
    ("raise-3p.json", "raise", {"players": 3, "first_player": 1}, ["random"] * 3, 77),
    ("raise-4p.json", "raise", {"players": 4}, ["greedy", "random", "greedy", "random"], 4),
    ("raise-5p.json", "raise", {"players": 5}, ["greedy"] * 5, 555),
]


def make(name: str, slug: str, setup: dict[str, Any], bots: list[str], seed: int) -> dict[str, Any]:
    """Play the game between bots and return its golden record."""
    game = get_game(slug)
    actions: list[Action] = []
    final = play_game(game, setup, bots, seed, actions)
    transcript = record(game, setup, seed, actions)
    if transcript.final_hash != final.hash():
        raise RuntimeError(f"{name}: the checked replay diverged from the bots' game")
    return {"bots": bots, "transcript": transcript.to_dict(), "final_state": final.to_dict()}


def regenerate(
    games: Iterable[Golden], extra: Callable[[dict[str, Any]], Sequence[object]] = lambda _: ()
) -> None:
    """Play and write the golden file of each of ``games``, printing a line for each (its
    name, length, status, what ``extra`` picks out of its record, and final hash)."""
    for name, slug, setup, bots, seed in games:
        data = make(name, slug, setup, bots, seed)
        (GOLDEN / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        transcript = data["transcript"]
        print(
            name,
            len(transcript["actions"]),
            "actions",
            transcript["outcome"]["status"],
            *extra(data),
            transcript["final_hash"],
        )


def names(games: Iterable[Sequence[Any]]) -> list[str]:
    """The file names of a list of golden games (the tests' parameters)."""
    return [game[0] for game in games]


def load(name: str) -> dict[str, Any]:
    """A golden file's record: ``bots``, ``transcript`` and ``final_state``."""
    data: dict[str, Any] = json.loads((GOLDEN / name).read_text())
    return data


def transcript_of(slug: str, data: dict[str, Any]) -> Transcript:
    """The transcript of a golden record, which must be one of game ``slug``."""
    transcript = Transcript.from_dict(data["transcript"])
    assert transcript.game == slug
    return transcript


def check_replay(slug: str, name: str) -> Outcome:
    """Golden game ``name`` of game ``slug`` replays action by action with every recorded
    state hash matching, to the recorded final hash and final state; returns the final
    state's outcome for the game's own checks."""
    data = load(name)
    transcript = transcript_of(slug, data)
    final = replay(transcript)
    assert final.hash() == transcript.final_hash == data["transcript"]["final_hash"]
    assert final.to_dict() == data["final_state"]
    return get_game(slug).outcome(final)


def check_bots_still_play(slug: str, name: str) -> Transcript:
    """The recorded bots, from the recorded setup and seed, choose the very actions of
    golden game ``name``; returns its transcript."""
    data = load(name)
    transcript = transcript_of(slug, data)
    actions: list[Action] = []
    play_game(get_game(slug), transcript.setup, data["bots"], transcript.seed, actions)
    assert tuple(actions) == transcript.actions
    return transcript


def check_tampered_hash_is_caught(name: str, step: int) -> None:
    """With the hash after ``step`` changed, replaying golden game ``name`` stops with a
    hash mismatch at that very step."""
    data = load(name)["transcript"]
    data["hashes"][step] = "0" * 64
    with pytest.raises(ReplayError) as caught:
        replay(Transcript.from_dict(data))
    assert caught.value.code == "replay_hash"
    assert f"after step {step}" in caught.value.reason


def bots_still_play_test(slug: str, games: Iterable[Sequence[Any]]) -> Callable[[str], None]:
    """A test, per golden game of ``games`` (of game ``slug``), of
    :func:`check_bots_still_play`; a test module binds it to a ``test_*`` name, under
    which pytest collects it."""

    @pytest.mark.parametrize("name", names(games))
    def test(name: str) -> None:
        check_bots_still_play(slug, name)

    return test


def tampered_hash_test(name: str, step: int) -> Callable[[], None]:
    """A test of :func:`check_tampered_hash_is_caught` (bound like
    :func:`bots_still_play_test`)."""

    def test() -> None:
        check_tampered_hash_is_caught(name, step)

    return test


def main() -> None:
    """Write every golden file."""
    regenerate(GAMES)


if __name__ == "__main__":
    main()
