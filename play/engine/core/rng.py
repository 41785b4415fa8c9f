"""The one source of randomness in the engine: a seeded generator owned by a state.

Every draw goes through :meth:`Rng.random` (one Mersenne Twister double per call), so the
generator's whole state is the seed and the number of draws made. That is what a state
stores in JSON: two integers instead of 625, canonical, and cheap to hash. Restoring
re-seeds and skips the recorded number of draws. Shuffles and integer draws are built on
``random()`` here rather than on ``Random.shuffle``/``randrange``, whose algorithms have
changed between Python versions; MT19937 with an integer seed has not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Final, TypeVar

from .errors import DataError

T = TypeVar("T")

#: Seeds are kept below 2**53 so that they survive JSON in a browser as well.
MAX_SEED: Final = 2**53


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid seed (an int in [0, 2**53)), else raise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise DataError("bad_seed", f"a seed is an integer from 0 to 2**53 - 1, not {seed!r}")
    return seed


class Rng:
    """A seeded random generator that counts its draws, so it can be saved as two ints.

    The Mersenne Twister behind it is built lazily, on the first draw: seeding one costs
    microseconds and copying its 625-word state more, while most clones (search, what-if)
    never draw. A lazy generator rebuilds itself from the seed and the draw count.
    """

    __slots__ = ("_draws", "_random", "seed")

    def __init__(self, seed: object, draws: object = 0) -> None:
        # Typed object, checked here: compiled code would refuse a float with a TypeError
        # and see True as 1.
        self.seed = check_seed(seed)
        if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
            raise DataError("bad_rng", f"rng draws must be a count, not {draws!r}")
        self._draws = draws
        self._random: Random | None = None

    def _generator(self) -> Random:
        """The Mersenne Twister, built (and moved past the draws made) on first use."""
        generator = self._random
        if generator is None:
            generator = Random(self.seed)
            # Each draw is exactly one random() call, so skipping ahead replays them.
            for _ in range(self._draws):
                generator.random()
            self._random = generator
        return generator

    @property
    def draws(self) -> int:
        """How many numbers have been drawn since seeding."""
        return self._draws

    def random(self) -> float:
        """A float in [0, 1)."""
        generator = self._random or self._generator()
        self._draws += 1
        return generator.random()

    def below(self, n: int) -> int:
        """An int in [0, n), for n >= 1."""
        generator = self._random or self._generator()
        self._draws += 1
        return int(generator.random() * n)

    def uncounted(self) -> Callable[[], float]:
        """The generator's own ``random``, whose draws are NOT counted.

        For a private stream that is never saved, like a bot's: it saves a Python call
        per draw. Once it is used, ``to_dict`` no longer describes this generator.
        """
        return (self._random or self._generator()).random

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        generator = self._random or self._generator()
        self._draws += 1
        return items[int(generator.random() * len(items))]

    def roll(self, dice: Sequence[Sequence[T]]) -> list[T]:
        """One face of each die, a die being the sequence of its equally likely faces."""
        draw = (self._random or self._generator()).random
        self._draws += len(dice)
        return [die[int(draw() * len(die))] for die in dice]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates, one draw per item but the first)."""
        draw = (self._random or self._generator()).random
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            items[i], items[j] = items[j], items[i]
        self._draws += max(len(items) - 1, 0)

    def clone(self) -> Rng:
        """An independent copy at the same point of the sequence (cheap: built lazily)."""
        return Rng(self.seed, self._draws)

    def to_dict(self) -> dict[str, int]:
        """The generator's state as JSON-ready data."""
        return {"seed": self.seed, "draws": self._draws}

    @classmethod
    def from_dict(cls, data: Any) -> Rng:
        """Rebuild a generator saved by :meth:`to_dict`."""
        try:
            seed, draws = data["seed"], data["draws"]
        except (TypeError, KeyError) as exc:
            raise DataError("bad_rng", "an rng is {'seed': int, 'draws': int}") from exc
        return cls(seed, draws)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.seed == other.seed and self._draws == other._draws

    def __hash__(self) -> int:
        return hash((self.seed, self._draws))

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed}, draws={self._draws})"


def mix_seed(seed: int, index: int) -> int:
    """A seed in [0, 2**53) derived from a seed and an index (splitmix64's finaliser).

    Cheap (a few integer operations) and stable across runs, hosts and Python versions;
    neighbouring indexes give unrelated seeds.
    """
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) % MAX_SEED


_MASK64: Final = 2**64 - 1
