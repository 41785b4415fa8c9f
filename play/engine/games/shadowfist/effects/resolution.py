"""How a resolver is called, and the two wrappers that make one from an effect function.

The registry calls every resolver the same way, ``(state, seat, source, spec, targets,
out)``, once ``registry.resolve_effect`` has left out the targets that no longer fit.
Most effects do one thing to each chosen target; the rest name no target. So an effect
module writes only what the card does, as a function of one :class:`Resolution` (and,
for a targeted effect, of one target), and the registry wraps it with :func:`each_target`
or :func:`resolver` into a :data:`Resolver` with the effect's own name and docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple

from ....core import Event
from ..damage import Events
from ..state import ShadowfistState
from .spec import EffectSpec

#: What the registry runs for a key: (state, seat, source, spec, targets, out).
Resolver = Callable[[ShadowfistState, int, int, EffectSpec, list[int], Events], None]


class Resolution(NamedTuple):
    """One effect resolving: for ``seat``, from the card ``source``, as ``spec`` says,
    on ``targets`` (those still legal), with its events going to ``out``."""

    state: ShadowfistState
    seat: int
    source: int
    spec: EffectSpec
    targets: list[int]
    out: Events

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        """Record the event ``kind`` with ``data``, if events are being recorded."""
        if self.out is not None:
            self.out.append(Event(kind, data))


def resolver(act: Callable[[Resolution], None]) -> Resolver:
    """The resolver that runs ``act`` once (an effect that names no target)."""

    @wraps(act)
    def resolve(
        state: ShadowfistState,
        seat: int,
        source: int,
        spec: EffectSpec,
        targets: list[int],
        out: Events,
    ) -> None:
        act(Resolution(state, seat, source, spec, targets, out))

    return resolve


def each_target(act: Callable[[Resolution, int], None]) -> Resolver:
    """The resolver that runs ``act`` on each chosen target in turn, in the order chosen."""

    @resolver
    @wraps(act)
    def each(effect: Resolution) -> None:
        for target in effect.targets:
            act(effect, target)

    return each
