"""The turn sequence: the establishing shot (P.U.D.D.), the end of a turn, the dummy.

Rules summary, "Establishing Shot (Perform steps in order.)": "Add any Power generated
by cards ... to your pool. You may skip this step for the priviledge of discarding more
than one card during your discard step. Unturn all your cards. Cards that are "turned
and maintained" need not be unturned. You may discard a card. If you skiped
Power-generation, discard as many cards as you like. You must then bring your hand size
up to six cards, or stay if you already have six or more cards."

Actions: ``power`` (generate Power, unturn, discard nothing) or ``power (card)``
(generate, unturn, discard that card): one decision, since nothing hidden is revealed
between generating Power and discarding; or ``skip_power``, then ``discard (card)`` any
number of times and ``keep`` to stop. Then the hand is drawn up to six and the main
shot begins.
"""

from __future__ import annotations

from typing import Final

from ...core import Action, Event
from .actions import make
from .damage import Events
from .effects.registry import resolve_effect
from .effects.spec import ESTABLISHING
from .sites import place_site, sites_of
from .state import DISCARD_STEP, MAIN, OVER, PLAY, POWER, ShadowfistState
from .stats import site_power
from .zones import discard_from_hand, draw, settle

HAND_SIZE: Final = 6


def start_turn(state: ShadowfistState, seat: int, out: Events) -> None:
    """Begin the seat's turn (or stop the game at the turn cap, unfinished)."""
    if state.max_turns and state.turn >= state.max_turns:
        state.capped = True
        state.phase = OVER  # rules.run then sets to_act to None
        return
    state.active = seat
    state.turn += 1
    state.turns[seat] += 1
    state.site_played = False
    state.may_attack = True
    state.power_burned = False
    state.phase = POWER
    if state.turns[seat] == 1 and seat != state.dummy:
        # "Each player starts ... his or her first turn with 1 Power point in his or her
        # Power pool."
        state.pool[seat] += 1
    if out is not None:
        out.append(Event("turn_started", {"player": seat, "turn": state.turn}))


def power_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """``power``, ``power (card)`` for each card in hand, and ``skip_power``."""
    actions = [make("power", seat)]
    actions += [make("power", seat, (c,)) for c in state.hands[seat]]
    actions.append(make("skip_power", seat))
    return actions


def generate_power(state: ShadowfistState, action: Action, out: Events) -> None:
    """P: add the Power of your sites (and "establishing" effects); U; D: discard the
    card named, if any; D: draw up to six."""
    seat = action.player
    generated = sum(site_power(state, s) for s in sites_of(state, seat))
    state.pool[seat] += generated
    if out is not None:
        out.append(Event("power_generated", {"player": seat, "amount": generated}))
    defs, kind = state.defs, state.kind
    for card in _controlled(state, seat):
        spec = defs[kind[card]].effect
        if spec is not None and spec.trigger == ESTABLISHING:
            resolve_effect(state, seat, card, spec, (), out)
    _unturn(state, seat)
    if action.args:
        discarded: int = action.args[0]  # type: ignore[assignment]  # an int: listed
        discard_from_hand(state, seat, discarded, out)
    finish_establishing(state, out)


def skip_power(state: ShadowfistState, action: Action, out: Events) -> None:
    """Skip P to discard any number of cards; then U."""
    if out is not None:
        out.append(Event("power_skipped", {"player": action.player}))
    _unturn(state, action.player)
    state.phase = DISCARD_STEP


def _controlled(state: ShadowfistState, seat: int) -> list[int]:
    found = state.chars[seat] + sites_of(state, seat) + state.edges[seat]
    return found + [c for c in state.attached if state.ctrl[c] == seat]


def _unturn(state: ShadowfistState, seat: int) -> None:
    """U: unturn all your cards (no card in the engine is turned and maintained)."""
    turned = state.turned
    for card in _controlled(state, seat):
        turned[card] = False


def discard_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """After skipping Power: ``keep`` (stop discarding) and ``discard`` each card."""
    return [make("keep", seat)] + [make("discard", seat, (c,)) for c in state.hands[seat]]


def discard(state: ShadowfistState, action: Action, out: Events) -> None:
    """D, after skipping Power: discard a card (as many as you like, one at a time)."""
    card: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    discard_from_hand(state, action.player, card, out)


def keep(state: ShadowfistState, action: Action, out: Events) -> None:
    """Stop discarding."""
    finish_establishing(state, out)


def finish_establishing(state: ShadowfistState, out: Events) -> None:
    """D: draw up to six, then the main shot."""
    seat = state.active
    draw(state, seat, HAND_SIZE - len(state.hands[seat]), out)  # none when six or more
    state.phase = MAIN


def end_turn(state: ShadowfistState, out: Events) -> None:
    """End the turn: effects "until the end of the turn" end, damage on sites heals,
    Limited counts restart; the next seat clockwise begins its turn.

    Reading (docs/shadowfist.md): the summary is silent on damage to sites; it is
    removed at the end of each turn, so a site must be beaten within one turn.
    """
    state.temp = []
    damage = state.damage
    for columns in state.columns:
        for column in columns:
            for site in column:
                damage[site] = 0
    for used in state.limited_used:
        used.clear()
    settle(state, out)
    if out is not None:
        out.append(Event("turn_ended", {"player": state.active}))
    start_turn(state, (state.active + 1) % state.players, out)


def dummy_turn(state: ShadowfistState, out: Events) -> None:
    """The goldfish dummy's whole turn (docs/shadowfist.md, "Goldfish opposition"): its
    cards unturn; it lays its next site, if it has one left, in a new column, face down;
    while it has fewer characters in play than its blockers, it brings one more in at its
    first location. Nothing else: no Power, no hand, no attacks."""
    seat = state.dummy
    deck, defs, kind = state.decks[seat], state.defs, state.kind
    for char in state.chars[seat]:
        state.turned[char] = False
    # Its deck holds its blockers first, then its sites: it lays sites from the end.
    if deck and defs[kind[deck[-1]]].is_site:
        site = deck.pop()
        state.zone[site] = PLAY
        place_site(state, seat, site, len(state.columns[seat]))
        _dummy_played(seat, site, len(state.columns[seat]) - 1, None, out)
    chars = state.chars[seat]
    while (
        len(chars) < state.blockers
        and deck
        and defs[kind[deck[0]]].is_character
        and state.columns[seat]  # a location to stand at
    ):
        blocker = deck.pop(0)
        state.zone[blocker] = PLAY
        state.ctrl[blocker] = seat
        state.loc[blocker] = 0
        chars.append(blocker)
        _dummy_played(seat, blocker, 0, defs[kind[blocker]].name, out)
    end_turn(state, out)


def _dummy_played(seat: int, card: int, place: int, title: str | None, out: Events) -> None:
    """The event of a dummy's card put into play (a face-down site's title: None)."""
    if out is not None:
        out.append(
            Event("card_played", {"player": seat, "card": card, "title": title, "args": [place]})
        )
