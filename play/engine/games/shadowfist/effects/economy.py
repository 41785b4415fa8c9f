"""Effects on Power and cards: gain, steal, draw, force a discard, recycle.

docs/shadowfist-effects.md: ``steal_power``: "The target opponent loses up to
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
from .resolution import Resolution
from .spec import EffectSpec


def gain_power(effect: Resolution) -> None:
    """Add ``amount`` Power to your pool."""
    effect.state.pool[effect.seat] += effect.spec.amount
    effect.emit("power_gained", {"player": effect.seat, "amount": effect.spec.amount})


def steal_power(effect: Resolution, other: int) -> None:
    """The target opponent loses up to ``amount`` Power; you gain what they lost."""
    pool = effect.state.pool
    lost = min(effect.spec.amount, pool[other])
    pool[other] -= lost
    pool[effect.seat] += lost
    effect.emit("power_stolen", {"player": effect.seat, "from": other, "amount": lost})


def draw_cards(effect: Resolution) -> None:
    """Draw ``count`` cards."""
    draw(effect.state, effect.seat, effect.spec.count, effect.out)


def force_discard(effect: Resolution, other: int) -> None:
    """The target opponent discards ``count`` cards of their choice (all, if fewer)."""
    state, count = effect.state, effect.spec.count
    hand = state.hands[other]
    if len(hand) <= count:
        for card in sorted(hand):
            discard_from_hand(state, other, card, effect.out)
    elif count:
        state.choice = ["discard", other, count, effect.source, -1]


def recycle_options(state: ShadowfistState, seat: int, spec: EffectSpec) -> list[int]:
    """The cards of your smoked pile the recycle effect may return to your hand."""
    defs, kind, limit = state.defs, state.kind, spec.max_cost
    return sorted(
        card
        for card in state.smoked[seat]
        if defs[kind[card]].type == spec.card_type
        and (limit is None or defs[kind[card]].cost <= limit)
    )


def recycle(effect: Resolution) -> None:
    """Return a card of your choice from your smoked pile to your hand (if any fits)."""
    seat = effect.seat
    options = recycle_options(effect.state, seat, effect.spec)
    if len(options) == 1:
        return_from_smoked(effect.state, seat, options[0], effect.out)
    elif options:
        effect.state.choice = ["recycle", seat, 1, effect.source, -1]


def return_from_smoked(state: ShadowfistState, seat: int, card: int, out: Events) -> None:
    """Move a card from the seat's smoked pile to its hand."""
    state.smoked[seat].remove(card)
    state.zone[card] = HAND
    state.hands[seat].append(card)
    if out is not None:
        out.append(Event("recycled", {"player": seat, "card": card}))
