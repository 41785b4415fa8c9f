"""Moving cards between zones: draw, discard, smoke, toast, sacrifice, return to hand.

Rules summary, "Definitions":
- Smoke: "taken from play and placed in its owner's smoked pile ... Cards smoked still
  provide resources".
- Toast: "removed to its owner's discard pile where it provides no resources and may
  not reenter play".
- Discard: "Discard a card into your discard pile. this card does not come into play for
  the rest of the game."
- Sacrifice: "When you sacrifice a card, you smoke it ... You may only sacrifice cards
  you control." (no starter card sacrifices; :func:`sacrifice` is the rule's hook).
Starter reading, "Toast It": "whenever this card would go to the smoked pile, it is
toasted instead".
"""

from __future__ import annotations

from typing import Final

from ...core import Event
from .sites import remove_site
from .state import BURNED, DISCARD, HAND, NONE, PLAY, SMOKED, ShadowfistState
from .stats import fighting_before_damage

Events = list[Event] | None


def draw(state: ShadowfistState, seat: int, count: int, out: Events) -> int:
    """Draw up to ``count`` cards (fewer when the deck runs out); returns how many."""
    deck, hand, zone = state.decks[seat], state.hands[seat], state.zone
    drawn = 0
    while drawn < count and deck:
        card = deck.pop()
        hand.append(card)
        zone[card] = HAND
        drawn += 1
    if out is not None and drawn:
        out.append(Event("drew", {"player": seat, "count": drawn}))
    return drawn


def discard_from_hand(state: ShadowfistState, seat: int, card: int, out: Events) -> None:
    """Discard a card from hand to its owner's discard pile."""
    state.hands[seat].remove(card)
    state.zone[card] = DISCARD
    state.discards[state.owner[card]].append(card)
    if out is not None:
        out.append(Event("discarded", {"player": seat, "card": card}))


def to_pile(state: ShadowfistState, card: int, zone: int) -> None:
    """Put a card that is out of play (or resolving) on its owner's smoked or discard
    pile; Toast It sends it to the discard pile instead of the smoked pile."""
    owner = state.owner[card]
    if zone == SMOKED and state.defs[state.kind[card]].toast_it:
        zone = DISCARD
    state.zone[card] = zone
    (state.smoked if zone == SMOKED else state.discards)[owner].append(card)


def leave_play(
    state: ShadowfistState, card: int, zone: int, out: Events, burner: int = NONE
) -> None:
    """Take a card out of play to ``zone`` (smoked, discard, hand, or burned by ``burner``).

    States attached to it go to their owners' smoked piles (the effect vocabulary: "If the host
    leaves play, the state goes to its owner's smoked pile"). Damage, turning and
    effects until the end of the turn do not follow it.
    """
    definition = state.defs[state.kind[card]]
    seat = state.ctrl[card]
    if definition.is_site:
        remove_site(state, card)
    elif definition.is_character:
        state.chars[seat].remove(card)
    elif card in state.attached:
        state.attached.remove(card)
    elif card in state.edges[seat]:
        state.edges[seat].remove(card)
    if definition.aura:
        state.auras.remove(card)
    for other in [s for s in state.attached if state.host[s] == card]:
        leave_play(state, other, SMOKED, out)
    if state.temp:
        state.temp = [entry for entry in state.temp if entry[0] != card]
    state.damage[card] = 0
    state.turned[card] = False
    state.face_up[card] = False
    state.host[card] = NONE
    state.loc[card] = 0
    owner = state.owner[card]
    state.ctrl[card] = owner
    if zone == HAND:
        state.zone[card] = HAND
        state.hands[owner].append(card)
    elif zone == BURNED:
        state.zone[card] = BURNED
        state.burned[burner].append(card)
    else:
        to_pile(state, card, zone)
    if out is not None:
        out.append(Event("left_play", {"card": card, "to": _ZONE_WORDS[state.zone[card]]}))


_ZONE_WORDS: Final = {SMOKED: "smoked", DISCARD: "toasted", HAND: "hand", BURNED: "burned"}


def smoke(state: ShadowfistState, card: int, out: Events) -> None:
    """Smoke a card in play (its owner's smoked pile; Toast It: discard pile)."""
    leave_play(state, card, SMOKED, out)


def toast(state: ShadowfistState, card: int, out: Events) -> None:
    """Toast a card in play: its owner's discard pile, no resources, never back."""
    leave_play(state, card, DISCARD, out)


def sacrifice(state: ShadowfistState, seat: int, card: int, out: Events) -> None:
    """Smoke a card the seat controls to meet a condition."""
    if state.ctrl[card] != seat or state.zone[card] != PLAY:
        raise ValueError("you may only sacrifice cards you control")
    smoke(state, card, out)


def settle(state: ShadowfistState, out: Events) -> None:
    """Smoke every character whose damage has reached its Fighting.

    Starter reading of "damage lowers Fighting score": "A character is smoked as soon as
    it has at least 1 damage and its damage is equal to or greater than its Fighting
    before damage (printed Fighting plus modifiers)."
    """
    damage = state.damage
    for seat_chars in state.chars:
        if not any(map(damage.__getitem__, seat_chars)):
            continue  # the usual case: nobody damaged (this runs after every action)
        for char in [c for c in seat_chars if damage[c]]:
            if damage[char] >= fighting_before_damage(state, char):
                smoke(state, char, out)
