"""Recording and replaying games: seed + setup + action log, checked by state hashes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import DataError, IllegalAction, ReplayError
from .game import Game
from .registry import get_game
from .rng import check_seed
from .state import State
from .values import Action, Outcome


@dataclass(frozen=True, slots=True)
class Transcript:
    """A recorded game: enough to replay it exactly, and hashes to check the replay.

    ``hashes[0]`` is the hash of the state after setup, ``hashes[i]`` the hash after the
    i-th action, so a divergence is caught at the first step where it happens.
    """

    game: str
    setup: dict[str, Any]
    seed: int
    actions: tuple[Action, ...]
    hashes: tuple[str, ...]
    outcome: Outcome

    @property
    def final_hash(self) -> str:
        """The hash of the last state."""
        return self.hashes[-1]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "game": self.game,
            "setup": self.setup,
            "seed": self.seed,
            "actions": [action.to_dict() for action in self.actions],
            "hashes": list(self.hashes),
            "final_hash": self.final_hash,
            "outcome": self.outcome.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Transcript:
        """Parse a transcript written by :meth:`to_dict`."""
        try:
            transcript = cls(
                game=str(data["game"]),
                setup=dict(data["setup"]),
                seed=check_seed(data["seed"]),
                actions=tuple(Action.from_dict(a) for a in data["actions"]),
                hashes=tuple(str(h) for h in data["hashes"]),
                outcome=Outcome.from_dict(data["outcome"]),
            )
        except (KeyError, TypeError) as exc:
            raise DataError("bad_transcript", f"not a transcript: {exc}") from exc
        if len(transcript.hashes) != len(transcript.actions) + 1:
            raise DataError("bad_transcript", "a transcript has one hash per action, plus one")
        if data.get("final_hash", transcript.final_hash) != transcript.final_hash:
            raise DataError("bad_transcript", "final_hash is not the last of the hashes")
        return transcript


def record(
    game: Game[Any], setup: Mapping[str, Any], seed: int, actions: Iterable[Action]
) -> Transcript:
    """Play ``actions`` (each verified) from a new game and record the hashes."""
    state = game.new_game(setup, seed)
    hashes = [state.hash()]
    played = []
    for action in actions:
        game.apply(state, action)
        played.append(action)
        hashes.append(state.hash())
    return Transcript(
        game.info.slug, dict(setup), seed, tuple(played), tuple(hashes), game.outcome(state)
    )


def replay(transcript: Transcript, game: Game[Any] | None = None) -> State:
    """Replay a transcript, checking every action's legality and every hash.

    Returns the final state; raises :class:`ReplayError` at the first divergence.
    """
    game = game or get_game(transcript.game)
    state: State = game.new_game(transcript.setup, transcript.seed)
    _check_hash(state, transcript.hashes[0], 0)
    for step, action in enumerate(transcript.actions, start=1):
        try:
            game.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(
                "replay_illegal_action", f"step {step}: {action} is illegal: {exc.reason}"
            ) from exc
        _check_hash(state, transcript.hashes[step], step)
    if game.outcome(state) != transcript.outcome:
        raise ReplayError("replay_outcome", "the replay ended with a different outcome")
    return state


def _check_hash(state: State, expected: str, step: int) -> None:
    actual = state.hash()
    if actual != expected:
        raise ReplayError(
            "replay_hash", f"state hash differs after step {step}: {actual[:12]} != {expected[:12]}"
        )
