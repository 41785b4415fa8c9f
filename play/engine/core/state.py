"""The base class of every game's state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Self

from .rng import Rng
from .values import digest


class State(ABC):
    """Everything about one game in progress, the seeded rng included.

    A state is mutable: ``Game.apply`` changes it in place, because simulations apply
    millions of actions and copying a state per action would dominate their cost. Search
    and what-ifs take a :meth:`clone` first, which copies lists explicitly (no deepcopy).

    Every state has ``step`` (actions applied so far), ``to_act`` (the seat whose
    decision the game waits for, ``None`` once the game is over) and ``rng``.
    """

    __slots__ = ()

    step: int
    to_act: int | None
    rng: Rng

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy; applying actions to it leaves this state untouched."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data, hidden parts and rng included."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a state written by :meth:`to_dict`."""

    def hash(self) -> str:
        """A stable hash of the canonical state: sha256 of its canonical JSON."""
        return digest(self.to_dict())
