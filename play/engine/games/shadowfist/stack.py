"""Effects waiting to resolve, and the pass rounds of the response windows.

The effect vocabulary, "timing": "``any``: at any time you could act, on any player's turn,
including in response. Effects waiting to resolve form a stack, and the latest one
resolves first." Readings (docs/shadowfist.md, "Responses"):

- Events and "turn" abilities go on the stack; characters, sites, states and edges
  enter play at once.
- After something goes on the stack, every other seat is asked in turn, clockwise from
  the one after the seat that put it there (a *pass round*); a seat does not answer its
  own effect. A response starts a new round; when a round ends with every seat passing,
  the latest effect resolves.
- The attack has three windows (after the declaration, before each intercepting
  player's combats, before the attackers reach the target) where every seat may act
  from the active player on; a window closes when a round ends with the stack empty.
- A seat with nothing it could play is passed over without being asked, and the
  goldfish dummy is never asked.
"""

from __future__ import annotations

from ...core import Event
from .damage import Events
from .effects.registry import resolve_effect
from .state import SMOKED, STACK, ShadowfistState
from .zones import to_pile


def seats_from(state: ShadowfistState, first: int) -> list[int]:
    """Every seat clockwise from ``first`` (the dummy left out)."""
    n, dummy = state.players, state.dummy
    return [s for s in ((first + i) % n for i in range(n)) if s != dummy]


def round_after(state: ShadowfistState, seat: int) -> list[int]:
    """A pass round after ``seat`` put something on the stack: every other seat, clockwise
    from the next one. A seat does not answer its own effect (it acts again once the
    effect resolves, or when another seat's answer opens a new round)."""
    return [s for s in seats_from(state, (seat + 1) % state.players) if s != seat]


def push(
    state: ShadowfistState,
    source: int,
    seat: int,
    is_ability: bool,
    targets: tuple[int, ...],
    out: Events,
) -> None:
    """Put an event (``source`` is the card) or an ability on the stack; open a round."""
    if not is_ability:
        state.zone[source] = STACK
    state.stack.append([source, seat, int(is_ability), *targets])
    state.pending = round_after(state, seat)
    if out is not None:
        kind = "ability_used" if is_ability else "event_played"
        spec = state.defs[state.kind[source]].effect
        out.append(
            Event(
                kind,
                {
                    "player": seat,
                    "card": source,
                    "title": state.defs[state.kind[source]].name,
                    "targets": list(targets),
                    # what the targets are: seats ("opponent") or cards (any other)
                    "targeting": spec.target if spec is not None else None,
                },
            )
        )


def resolve_top(state: ShadowfistState, out: Events) -> None:
    """Resolve the latest effect. An event goes to its owner's pile before its effect
    happens (so it cannot be the target of a choice it causes)."""
    source, seat, is_ability, *targets = state.stack.pop()
    spec = state.defs[state.kind[source]].effect
    if not is_ability:
        to_pile(state, source, SMOKED)
    if out is not None:
        out.append(Event("resolved", {"card": source}))
    if spec is not None:
        resolve_effect(state, seat, source, spec, targets, out)
