"""Golden games: recorded games replayed by the tests, with their per-step hashes.

The shared machinery of every game's golden files: :func:`make` plays and records one,
:func:`regenerate` writes a list of them, and the ``check_*`` functions are what each
``test_*golden.py`` asserts about them (the replay reaches every recorded hash and the
recorded final state; the bots still choose the recorded actions; a tampered hash is
caught where it was changed), with the tests built on them that a golden test module
binds to its own names. This module also lists Raise's golden games.

Regenerate (only when a rules change is intended, and say so in the commit):

    .venv/bin/python -m tests.engine.golden_tool

Beside each golden file ``<name>.json`` stands its playthrough, ``<name>.txt``: the game
step by step for a reader (OpenSpiel's playthrough files are the model), which a test
keeps equal to what :func:`playthrough` writes now. Writing a golden file writes its
playthrough; rewrite them all (after a change of labels, event words or views) with:

    .venv/bin/python -m tests.engine.golden_tool --playthroughs
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from play.engine.core import (
    Action,
    Game,
    Outcome,
    ReplayError,
    State,
    Transcript,
    get_game,
    record,
    replay,
)
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
        write_playthrough(name)
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


#: The most legal actions a playthrough lists at one step (the chosen one is always named).
MAX_LISTED = 10
#: View fields a playthrough leaves out: whose view it is, and the actions listed anyway.
UNLISTED_FIELDS = frozenset({"player", "legal_actions"})


def playthrough_path(name: str) -> Path:
    """Where golden game ``name``'s playthrough text stands: beside it, ending ``.txt``."""
    return GOLDEN / (Path(name).stem + ".txt")


def _public(game: Game[Any], state: State) -> tuple[dict[str, Any], dict[int, str]]:
    """The public part of ``state``: the view fields that are plain values (or lists of
    them) and that every seat's view shows alike, and the names of ids that every seat's
    view gives alike (what a log may call them)."""
    views = [game.view(state, seat) for seat in range(state.players)]
    fields = {
        key: value
        for key, value in views[0].items()
        if key not in UNLISTED_FIELDS
        and _plain(value)
        and all(view.get(key) == value for view in views[1:])
    }
    names = game.view_names(views[0])
    for view in views[1:]:
        seen = game.view_names(view)
        names = {uid: name for uid, name in names.items() if seen.get(uid) == name}
    return fields, names


def _plain(value: Any, depth: int = 2) -> bool:
    """A value a line can show: None, a string or number, or a list of them (lists nested
    ``depth`` deep at most, so Chocobo's pairs of chocobos count)."""
    if isinstance(value, list):
        return depth > 0 and all(_plain(item, depth - 1) for item in value)
    return value is None or isinstance(value, str | int | float)


def _changes(before: dict[str, Any], after: dict[str, Any]) -> str:
    """The public fields that changed, as ``key=value`` words (JSON values, sorted keys)."""
    changed = [key for key in sorted(after) if before.get(key, ...) != after[key]]
    return ", ".join(f"{key}={json.dumps(after[key])}" for key in changed) or "(no change)"


def playthrough(name: str) -> str:
    """Golden game ``name`` as a readable text: the setup and, at each step, the seat to
    act, its legal actions (their labels, at most :data:`MAX_LISTED` listed), the one
    chosen, the events it made (in words) and what changed in the public view."""
    data = load(name)
    transcript = Transcript.from_dict(data["transcript"])
    game = get_game(transcript.game)
    state = game.new_game(transcript.setup, transcript.seed)
    public, _ = _public(game, state)
    lines = [
        f"# {name}: {game.info.name}, seed {transcript.seed}, bots {', '.join(data['bots'])}",
        f"# setup: {json.dumps(transcript.setup, sort_keys=True)[:200]}",
        "# Written by tests/engine/golden_tool.py (a test keeps it equal); rewrite with",
        "#     .venv/bin/python -m tests.engine.golden_tool --playthroughs",
        "# Each step: the seat to act and its legal actions worded as that seat sees them",
        f"# (at most {MAX_LISTED} listed), the chosen one, its events as public words, and the",
        "# public view fields that changed: plain fields every seat's view shows alike (a",
        "# field some seat sees otherwise is left out). Words count seats from 1 (Seat 1),",
        "# view fields from 0 (to_act=0 is Seat 1).",
        "",
        f"start: {_changes({}, public)}",
    ]
    for step, action in enumerate(transcript.actions, 1):
        legal = game.legal_actions(state)
        words = game.labels(state, legal)
        chosen = legal.index(action)
        lines += ["", f"step {step}: {_seat(state.to_act)} to act, {len(legal)} legal"]
        lines += [f"  {i:>3} {words[i]}" for i in range(min(len(legal), MAX_LISTED))]
        if len(legal) > MAX_LISTED:
            lines.append(f"      ... {len(legal) - MAX_LISTED} more not listed")
        lines.append(f"  chose {chosen}: {words[chosen]}")
        events = game.apply(state, action)
        after, names = _public(game, state)
        lines += [f"  - {game.event_text(event.to_dict(), names)}" for event in events]
        lines.append(f"  public: {_changes(public, after)}")
        public = after
    outcome = game.outcome(state)
    lines += [
        "",
        f"end: {outcome.status}, scores {list(outcome.scores)}, "
        f"winners {', '.join(_seat(s) for s in outcome.winners) or 'none'}, "
        f"{outcome.length} steps",
    ]
    return "\n".join(lines) + "\n"


def _seat(seat: int | None) -> str:
    return "nobody" if seat is None else f"Seat {seat + 1}"


def golden_names() -> list[str]:
    """The file name of every golden game in :data:`GOLDEN`, of every game."""
    return sorted(path.name for path in GOLDEN.glob("*.json"))


def write_playthrough(name: str) -> None:
    """Write golden game ``name``'s playthrough text beside it."""
    playthrough_path(name).write_text(playthrough(name))


def main() -> None:
    """Write every golden file of Raise; with ``--playthroughs``, instead the playthrough
    text of every golden game of every game."""
    if sys.argv[1:] == ["--playthroughs"]:
        for name in golden_names():
            write_playthrough(name)
            print(playthrough_path(name).name)
        return
    regenerate(GAMES)


if __name__ == "__main__":
    main()
