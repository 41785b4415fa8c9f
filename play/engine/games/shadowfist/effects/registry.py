"""The effects registry: one resolver per effect key (the starter set's 22 keys).

A catalogue row names its effect by key; the engine runs the resolver registered under
that key. Keys whose effect is continuous (``ability``, ``site_body_bonus``,
``site_power_bonus``, ``cost_reduction``, and ``fighting_bonus``/``grant_ability`` on
states and edges) are read by ``stats`` while their card is in play; ``vanilla`` does
nothing. A test checks that every key of the vocabulary is either resolved here or
continuous, so a key can never be accepted and then ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..damage import Events
from ..state import ShadowfistState
from .economy import draw_cards, force_discard, gain_power, recycle, steal_power
from .fight import damage_each, damage_target, fighting_bonus, grant_ability, heal_target
from .removal import (
    cancel_event,
    return_to_hand,
    smoke_target,
    take_control,
    toast_target,
    turn_target,
    unturn,
)
from .resolution import Resolver, each_target, resolver
from .spec import EffectSpec
from .targets import target_ok

#: key -> the function that makes the effect happen. The effect modules write only what
#: a card does (to one target, or once); the wrapping into a :data:`Resolver` happens here
#: rather than with decorators, so the effect functions stay plain (and mutation testing,
#: which leaves decorated functions alone, reaches them).
RESOLVERS: Final[dict[str, Resolver]] = {
    "fighting_bonus": each_target(fighting_bonus),
    "grant_ability": each_target(grant_ability),
    "damage_target": each_target(damage_target),
    "damage_each": resolver(damage_each),
    "heal": each_target(heal_target),
    "smoke_target": each_target(smoke_target),
    "toast_target": each_target(toast_target),
    "return_to_hand": each_target(return_to_hand),
    "take_control": each_target(take_control),
    "turn_target": each_target(turn_target),
    "unturn": each_target(unturn),
    "gain_power": resolver(gain_power),
    "steal_power": each_target(steal_power),
    "draw": resolver(draw_cards),
    "force_discard": each_target(force_discard),
    "cancel_event": each_target(cancel_event),
    "recycle": resolver(recycle),
}
#: Keys whose effect is continuous while the card is in play (read by ``stats``).
CONTINUOUS: Final = frozenset(
    {
        "vanilla",
        "ability",
        "site_body_bonus",
        "site_power_bonus",
        "cost_reduction",
        "fighting_bonus",
        "grant_ability",
    }
)


def resolve_effect(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: Sequence[int],
    out: Events,
) -> None:
    """Make an effect happen for ``seat``, checking its chosen targets again first.

    A target that is gone or no longer fits is left out; an effect that needed a target
    and has none left does nothing (its costs stay paid).
    """
    chosen = [t for t in targets if target_ok(state, seat, source, spec, t)]
    if spec.chosen and not chosen:
        return
    RESOLVERS[spec.key](state, seat, source, spec, chosen, out)
