"""Refusing illegal actions with a code and a human reason.

An action is legal exactly when ``legal_actions`` lists it (one source of truth, so the
two can never disagree). When it is not, :func:`explain` finds the rule it breaks.
"""

from __future__ import annotations

from typing import Final

from ...core import Action, IllegalAction
from .cards import CardDef
from .rules import legal_actions
from .state import HAND, OVER, ShadowfistState
from .stats import cost, meets, resources

_PHASE_WORDS: Final = {
    "power": "generate Power ('power', naming the card you discard, if any) or 'skip_power'",
    "discard": "discard a card ('discard') or stop discarding ('keep')",
    "main": "play a card, use an ability, 'heal', 'move', 'attack' or 'end_turn'",
    "declare": "add an attacker ('add') or launch the attack ('go')",
    "join": "join the attack ('join') or 'pass'",
    "intercept": "intercept an attacker ('intercept') or 'pass'",
    "strike": "choose the attacker your character strikes ('strike')",
    "fate": "'seize', 'smoke_site', 'burn_victory' or 'burn_power' the site",
}


def verify(state: ShadowfistState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now."""
    if state.phase == OVER or state.to_act is None:
        raise IllegalAction("game_over", "the game is over")
    if action.player != state.to_act:
        raise IllegalAction("not_your_turn", f"not your turn: player {state.to_act} is to act")
    if action in legal_actions(state):
        return
    raise explain(state, action)


def explain(state: ShadowfistState, action: Action) -> IllegalAction:
    """The error saying why a (non-listed) action of the seat to act is illegal."""
    if state.choice is not None:
        return IllegalAction("wrong_action", "choose one of the options ('choose')")
    if state.pending and action.kind not in ("pass", "play", "ability"):
        return IllegalAction(
            "wrong_action",
            "respond: play an event or use an ability that may be used at any time, or 'pass'",
        )
    if action.kind == "play":
        return _explain_play(state, action)
    words = _PHASE_WORDS.get(state.phase)
    said = f"{action} is not legal now"
    return IllegalAction("illegal_action", f"{said}: {words}" if words else said)


def _explain_play(state: ShadowfistState, action: Action) -> IllegalAction:
    seat = action.player
    args = action.args
    if (
        not args
        or not isinstance(args[0], int)
        or isinstance(args[0], bool)
        or not (0 <= args[0] < len(state.kind))
    ):
        return IllegalAction("bad_action", "'play' takes a card id (then its choices)")
    card = args[0]
    if state.zone[card] != HAND or card not in state.hands[seat]:
        return IllegalAction("card_not_in_hand", f"card {card} is not in your hand")
    definition: CardDef = state.defs[state.kind[card]]
    price = cost(state, seat, definition)
    if price > state.pool[seat]:
        return IllegalAction(
            "cannot_afford", f"{definition.name} costs {price} Power; you have {state.pool[seat]}"
        )
    if not meets(definition, resources(state, seat)):
        return IllegalAction(
            "missing_resources",
            f"{definition.name} requires {definition.requires!r} in your resource pool",
        )
    if definition.is_site and state.site_played:
        return IllegalAction("one_site_a_turn", "you may only play one site per turn")
    if state.pending or state.phase != "main":
        return IllegalAction("wrong_time", f"{definition.name} cannot be played now")
    return IllegalAction(
        "illegal_choice", f"{definition.name} cannot be played with the choices {list(args[1:])}"
    )
