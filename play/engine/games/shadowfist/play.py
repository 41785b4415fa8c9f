"""Playing cards and using abilities: what may be played, with which choices, and how.

Rules summary, "Main Shot": "You may play any type of card; you must have the proper
resources available and spend the right amount of Power. You may only play one site
per turn. (The Power cost of playing a feng shui site is equal to the number of feng
shui sites you already have in play.) ... If you have no feng shui sites in play, you
may recieve a point of Power right after you play one."

Action arguments (all ints):

- ``play (card, location)`` a character, at one of your locations;
- ``play (card, slot)`` a site, in a slot of your structure (``sites.site_slots``);
- ``play (card, host)`` a state, on the card it is attached to;
- ``play (card)`` an edge; ``play (card, *target)`` an event (its target, if any);
- ``ability (source, *target)`` turn a card you control for its "turn" effect.

A card with a "play" effect that names a target gets the target after its placement.
"""

from __future__ import annotations

from ...core import Action, Event
from .actions import make
from .cards import CardDef
from .damage import Events
from .effects.registry import resolve_effect
from .effects.spec import PLAY
from .effects.targets import target_options
from .sites import feng_shui_count, locations, place_site, site_slots, sites_of
from .stack import push
from .state import PLAY as IN_PLAY
from .state import ShadowfistState
from .stats import cost, cost_reductions, meets, resources


def title_in_play(state: ShadowfistState, name: str, seat: int | None = None) -> bool:
    """Whether a card with this title is in play (controlled by ``seat``, if given)."""
    defs, kind, ctrl = state.defs, state.kind, state.ctrl
    seats = range(state.players) if seat is None else (seat,)
    for s in seats:
        for group in (state.chars[s], state.edges[s], sites_of(state, s)):
            for card in group:
                if defs[kind[card]].name == name:
                    return True
    return any(
        defs[kind[c]].name == name and (seat is None or ctrl[c] == seat) for c in state.attached
    )


def restricted(state: ShadowfistState, seat: int, card: CardDef) -> bool:
    """Unique and Limited (docs/shadowfist-starter.md): "Unique: a card
    with this title cannot be played while any card with the same title is in play";
    "Limited: you cannot play a card with this title while you control one in play, and
    you play at most one card with this title per turn"."""
    if card.unique and title_in_play(state, card.name):
        return True
    return card.limited and (
        card.name in state.limited_used[seat] or title_in_play(state, card.name, seat)
    )


def play_actions(state: ShadowfistState, seat: int, main: bool) -> list[Action]:
    """The seat's legal plays and abilities: all of them in its own main shot
    (``main``), else only events and abilities that may be used at any time."""
    actions: list[Action] = []
    for card, definition in _playable(state, seat, main):
        for args in _play_args(state, seat, card, definition):
            actions.append(make("play", seat, args))
    defs, kind = state.defs, state.kind
    for source in _ability_sources(state, seat, main):
        spec = defs[kind[source]].effect
        assert spec is not None  # sources have a turn effect
        for target in target_options(state, seat, source, spec):
            actions.append(make("ability", seat, (source, *target)))
    return actions


def _playable(state: ShadowfistState, seat: int, main: bool) -> list[tuple[int, CardDef]]:
    """Cards in hand the seat may pay for, meets the requirements of, and may play now
    (placements and targets aside)."""
    found = []
    defs, kind = state.defs, state.kind
    pool: dict[str, int] | None = None
    power = state.pool[seat]
    fs_count: int | None = None  # counted at the first feng shui site in hand
    reductions = cost_reductions(state, seat)
    for card in state.hands[seat]:
        definition = defs[kind[card]]
        if not definition.playable or not (main or definition.any_event):
            continue
        price = definition.cost
        if definition.is_fs:
            if fs_count is None:
                fs_count = feng_shui_count(state, seat)
            price += fs_count
        if reductions:
            price = max(price - reductions.get(definition.type, 0), 0)
        if price > power:
            continue
        if definition.needs:
            if pool is None:
                pool = resources(state, seat)
            if not meets(definition, pool):
                continue
        if (definition.unique or definition.limited) and restricted(state, seat, definition):
            continue
        if definition.is_site and state.site_played:
            continue
        found.append((card, definition))
    return found


def has_response(state: ShadowfistState, seat: int) -> bool:
    """Whether the seat could play or use anything in a pass round (checked cheaply:
    it runs for every seat of every pass round)."""
    defs, kind = state.defs, state.kind
    if any(defs[kind[c]].any_event for c in state.hands[seat]):
        for card, definition in _playable(state, seat, False):
            if _play_args(state, seat, card, definition):
                return True
    for source in _ability_sources(state, seat, False):
        spec = defs[kind[source]].effect
        assert spec is not None
        if target_options(state, seat, source, spec):
            return True
    return False


def _ability_sources(state: ShadowfistState, seat: int, main: bool) -> list[int]:
    """Unturned cards the seat controls with a "turn" effect usable now."""
    defs, kind, turned = state.defs, state.kind, state.turned
    found = []
    for group in (state.chars[seat], state.edges[seat], *state.columns[seat]):
        for card in group:
            definition = defs[kind[card]]
            if definition.turn_ability and not turned[card] and (main or definition.any_ability):
                found.append(card)
    for card in state.attached:
        definition = defs[kind[card]]
        if (
            definition.turn_ability
            and state.ctrl[card] == seat
            and not turned[card]
            and (main or definition.any_ability)
        ):
            found.append(card)
    return found


def _play_args(
    state: ShadowfistState, seat: int, card: int, definition: CardDef
) -> list[tuple[int, ...]]:
    """Every choice of placement and target for playing ``card``."""
    spec = definition.effect
    places: list[tuple[int, ...]]
    if definition.is_character:
        places = [(card, loc) for loc in range(locations(state, seat))]
    elif definition.is_site:
        places = [(card, slot) for slot in site_slots(state, seat)]
    elif definition.type == "State":
        places = [(card, host) for host in _hosts(state, seat, definition)]
    else:
        places = [(card,)]
    if spec is None or spec.trigger != PLAY or not spec.chosen:
        return places
    targets = target_options(state, seat, card, spec)
    if definition.type == "Event":
        return [(card, *t) for t in targets]
    # A card entering play with a targeted effect may be played without a target.
    return [(*p, *t) for p in places for t in targets] or places


def _hosts(state: ShadowfistState, seat: int, definition: CardDef) -> list[int]:
    """What a state may be played on (its ``attach_to``; a blank: your cards in play)."""
    spec = definition.effect
    attach_to = spec.attach_to if spec is not None else ""
    if attach_to == "your_character":
        return list(state.chars[seat])
    if attach_to == "opponent_character":
        return [c for s, chars in enumerate(state.chars) if s != seat for c in chars]
    if attach_to == "your_site":
        return sites_of(state, seat)
    return list(state.chars[seat]) + sites_of(state, seat)


def play_card(state: ShadowfistState, action: Action, out: Events) -> None:
    """Pay for a card and play it: an event goes on the stack, the rest enters play."""
    seat = action.player
    card: int = action.args[0]  # type: ignore[assignment]  # ints: from legal_actions
    rest: tuple[int, ...] = action.args[1:]  # type: ignore[assignment]  # ints: from legal_actions
    definition = state.defs[state.kind[card]]
    state.pool[seat] -= cost(state, seat, definition)
    state.hands[seat].remove(card)
    if definition.limited:
        state.limited_used[seat].append(definition.name)
    if definition.type == "Event":
        push(state, card, seat, False, rest, out)
        return
    _enter_play(state, seat, card, definition, rest, out)


def _enter_play(
    state: ShadowfistState,
    seat: int,
    card: int,
    definition: CardDef,
    rest: tuple[int, ...],
    out: Events,
) -> None:
    state.zone[card] = IN_PLAY
    state.ctrl[card] = seat
    # The first argument places the card (a location, a column, a host), the rest are its
    # targets; an edge has no place, so all its arguments are targets.
    targets = rest[1:]
    # Counted before the site is placed: "if you have no feng shui sites in play".
    free_power = definition.is_fs and feng_shui_count(state, seat) == 0
    if definition.is_character:
        state.loc[card] = rest[0]
        state.chars[seat].append(card)
    elif definition.is_site:
        place_site(state, seat, card, rest[0])
        state.face_up[card] = not definition.is_fs
        state.site_played = True
    elif definition.type == "State":
        state.host[card] = rest[0]
        state.attached.append(card)
    else:
        state.edges[seat].append(card)
        targets = rest
    if definition.aura:
        state.auras.append(card)
    if out is not None:
        out.append(
            Event(
                "card_played",
                {
                    "player": seat,
                    "card": card,
                    "args": list(rest),
                    "title": _public_title(definition),
                },
            )
        )
    if free_power:
        # "If you have no feng shui sites in play, you may recieve a point of Power right
        # after you play one": taken automatically (it has no drawback).
        state.pool[seat] += 1
    spec = definition.effect
    if spec is not None and spec.trigger == PLAY:
        state.face_up[card] = True
        resolve_effect(state, seat, card, spec, targets, out)


def _public_title(definition: CardDef) -> str | None:
    """A feng shui site is played face down: its title is not public."""
    spec = definition.effect
    if definition.is_fs and not (spec is not None and spec.trigger == PLAY):
        return None
    return definition.name


def use_ability(state: ShadowfistState, action: Action, out: Events) -> None:
    """Turn a card you control for its "turn" effect (turning is the cost)."""
    source: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    # Ints: from legal_actions.
    targets: tuple[int, ...] = action.args[1:]  # type: ignore[assignment]
    state.turned[source] = True
    state.face_up[source] = True
    push(state, source, action.player, True, targets, out)
