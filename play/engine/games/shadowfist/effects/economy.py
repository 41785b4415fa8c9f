"""Effects on Power and cards: gain, steal, draw, force a discard, recycle.

Starter doc, "The vocabulary": ``steal_power``: "The target opponent loses up to
``amount`` Power from their pool, and you gain as much as they lost"; ``draw``: "Your
hand may go above six. If your deck runs out, draw what is left"; ``force_discard``:
"discards ``count`` cards of their choice ... or all of them if they have fewer";
``recycle``: "Put a card of that type, with cost at most ``max_cost``, from your own
smoked pile into your hand. You choose it on resolution. If there is none, nothing
happens."
"""

from __future__ import annotations

from ....core import Event
from ..damage import Events
from ..state import HAND, ShadowfistState
from ..zones import discard_from_hand, draw
from .spec import EffectSpec


def gain_power(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Add ``amount`` Power to your pool."""
    state.pool[seat] += spec.amount
    if out is not None:
        out.append(Event("power_gained", {"player": seat, "amount": spec.amount}))


def steal_power(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target opponent loses up to ``amount`` Power; you gain what they lost."""
    for other in targets:
        lost = min(spec.amount, state.pool[other])
        state.pool[other] -= lost
        state.pool[seat] += lost
        if out is not None:
            out.append(Event("power_stolen", {"player": seat, "from": other, "amount": lost}))


def draw_cards(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Draw ``count`` cards."""
    draw(state, seat, spec.count, out)


def force_discard(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target opponent discards ``count`` cards of their choice (all, if fewer)."""
    for other in targets:
        hand = state.hands[other]
        if len(hand) <= spec.count:
            for card in sorted(hand):
                discard_from_hand(state, other, card, out)
        elif spec.count:
            state.choice = ["discard", other, spec.count, source, -1]


def recycle_options(state: ShadowfistState, seat: int, spec: EffectSpec) -> list[int]:
    """The cards of your smoked pile the recycle effect may return to your hand."""
    defs, kind = state.defs, state.kind
    limit = spec.max_cost if spec.max_cost is not None else 999
    return sorted(
        card
        for card in state.smoked[seat]
        if defs[kind[card]].type == spec.card_type and defs[kind[card]].cost <= limit
    )


def recycle(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Return a card of your choice from your smoked pile to your hand (if any fits)."""
    options = recycle_options(state, seat, spec)
    if len(options) == 1:
        return_from_smoked(state, seat, options[0], out)
    elif options:
        state.choice = ["recycle", seat, 1, source, -1]


def return_from_smoked(state: ShadowfistState, seat: int, card: int, out: Events) -> None:
    """Move a card from the seat's smoked pile to its hand."""
    state.smoked[seat].remove(card)
    state.zone[card] = HAND
    state.hands[seat].append(card)
    if out is not None:
        out.append(Event("recycled", {"player": seat, "card": card}))
