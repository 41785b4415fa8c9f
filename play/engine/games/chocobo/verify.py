"""Refusing illegal actions with a code and a human reason.

An action is legal exactly when ``legal_actions`` lists it (one source of truth, so the
two can never disagree). When it is not, :func:`explain` finds the rule it breaks, to
say why ("you may not enter a space with another player's big chocobo") rather than
only that it is not allowed.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import Action, IllegalAction
from .actions import PHASE_KINDS, PIECES
from .board import KIND_INDEX, KIND_OF, KINDS, SPACE_LIMIT, SPRING_ONLY_FROM
from .legal import legal_actions
from .movement import count, must_kick
from .state import NOWHERE, OVER, ChocoboState

_PHASE_WORDS: Final = {
    "setup": "place your chocobos on your territory board",
    "friend": "play a friend card ('play'), call your big chocobo ('call_big') or 'no_card'",
    "tifon": "choose the territory space your chocobo goes to ('relocate')",
    "golem": "move the next chocobo off the Golem's space ('golem_move')",
    "move": "move ('move') or stop moving ('end_move')",
    "kick": "kick a chocobo ('kick') or stop kicking ('end_kick')",
    "overflow": "move a companion off a space above the limit of 4 ('overflow')",
    "call": "call a companion ('call') or not ('no_call')",
    "discard": "discard down to 3 cards ('discard')",
}


def verify(state: ChocoboState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now."""
    if state.phase == OVER or state.to_act is None:
        raise IllegalAction("game_over", "the game is over")
    if action.player != state.to_act:
        raise IllegalAction("not_your_turn", f"not your turn: player {state.to_act} is to act")
    if action in legal_actions(state):
        return
    raise explain(state, action)


def explain(state: ChocoboState, action: Action) -> IllegalAction:
    """The error saying why a (non-listed) action of the player to act is illegal."""
    phase = state.phase
    if action.kind not in PHASE_KINDS[phase]:
        return IllegalAction("wrong_action", f"now {_PHASE_WORDS[phase]}, not {action.kind!r}")
    try:
        found = _EXPLAIN.get(action.kind, _nothing)(state, action)
    # OverflowError: compiled, an index beyond a C ssize_t (a seat of 10**30).
    except (ValueError, KeyError, TypeError, IndexError, OverflowError):
        return IllegalAction("bad_action", f"malformed {action.kind!r}: {action.args!r}")
    return found or IllegalAction("illegal_action", f"{action} is not legal now")


def _space(state: ChocoboState, value: Any) -> int:
    """A space index from its name (KeyError: no such space in this game)."""
    if not isinstance(value, str):
        raise TypeError(value)
    return state.layout.index[value]


def _nothing(state: ChocoboState, action: Action) -> IllegalAction | None:
    if action.args:
        return IllegalAction("bad_action", f"{action.kind!r} takes no arguments")
    return None


def _entry(state: ChocoboState, seat: int, to: int, weight: int) -> IllegalAction | None:
    """Why ``seat`` may not enter ``to`` with ``weight``, if it may not."""
    for other in range(state.players):
        if other != seat and state.bigs[other] == to:
            return IllegalAction(
                "big_chocobo_there",
                "a chocobo may not enter a space "
                f"with another player's big chocobo (player {other}'s)",
            )
        if other != seat and state.smalls[other] == [to, to]:
            return IllegalAction(
                "two_chocobos_there",
                "a chocobo may not enter a space "
                f"with two chocobos of another player (player {other}'s)",
            )
    if state.load[to] + weight > SPACE_LIMIT:
        if weight > 1:
            return IllegalAction(
                "space_full",
                "a space holds at most 4 chocobos (a big one counts 2): the kick there "
                "could not bring the chocobos that are not companions down to 4",
            )
        return IllegalAction(
            "space_full",
            "a space holds at most 4 chocobos (a big one "
            "counts 2), and only companions are moved off by the limit",
        )
    return None


def _move(state: ChocoboState, action: Action) -> IllegalAction | None:
    piece_name, frm_name, to_name, followers = action.args
    piece = PIECES.index(str(piece_name))
    frm, to = _space(state, frm_name), _space(state, to_name)
    seat = action.player
    if not isinstance(followers, int) or isinstance(followers, bool) or followers < 0:
        return IllegalAction("bad_action", "followers is a count of companions")
    mine = state.smalls[seat]
    if piece == 0 and frm not in mine:
        return IllegalAction("no_chocobo_there", f"you have no chocobo on {frm_name}")
    if piece == 1 and mine != [frm, frm]:
        return IllegalAction("not_together", "two chocobos move together only from one space")
    if piece == 2:
        if state.bigs[seat] != frm:
            return IllegalAction("no_chocobo_there", f"your big chocobo is not on {frm_name}")
        if state.big_new:
            return IllegalAction(
                "big_just_called",
                "you may not move your big chocobo during the turn in which you place it",
            )
        if state.big_moved:
            return IllegalAction("big_moved", "a big chocobo moves at most one space a turn")
    if to not in state.layout.adj[frm]:
        return IllegalAction("not_adjacent", f"{to_name} is not next to {frm_name}")
    weight = 1 if piece == 0 else 2
    refusal = _entry(state, seat, to, weight)
    if refusal:
        return refusal
    if followers > state.comp[frm]:
        return IllegalAction(
            "not_enough_companions", f"only {state.comp[frm]} companions are on {frm_name}"
        )
    return None


def _call(state: ChocoboState, action: Action) -> IllegalAction | None:
    (name,) = action.args
    space = _space(state, name)
    seat = action.player
    board = state.layout
    if state.supply <= 0:
        return IllegalAction("no_companions_left", "every companion has been called")
    if space not in state.smalls[seat] and state.bigs[seat] != space:
        return IllegalAction("no_chocobo_there", f"you have no chocobo on {name}")
    if not board.spring[space] and not state.tokens[space]:
        return IllegalAction(
            "no_trail_token", "call from a space with a trail token or a Spring space"
        )
    if count(state, space) >= SPACE_LIMIT:
        return IllegalAction(
            "space_full", "there must be fewer than 4 chocobos on the space to call"
        )
    if state.result >= SPRING_ONLY_FROM and not board.spring[space]:
        return IllegalAction(
            "spring_only",
            f"your die result is {state.result}: with "
            f"{SPRING_ONLY_FROM} or more you may only call from a Spring space",
        )
    return None


def _card(state: ChocoboState, action: Action, kind_name: Any) -> IllegalAction | None:
    kind = KIND_INDEX[str(kind_name)]
    if not any(KIND_OF[c] == kind for c in state.hands[action.player]):
        return IllegalAction("card_not_in_hand", f"you have no {KINDS[kind]} in hand")
    return None


def _play(state: ChocoboState, action: Action) -> IllegalAction | None:
    refusal = _card(state, action, action.args[0])
    if refusal:
        return refusal
    return IllegalAction(
        "bad_target",
        f"{action.args[0]} cannot be played on {list(action.args[1:])}: see the card's effect",
    )


def _call_big(state: ChocoboState, action: Action) -> IllegalAction | None:
    first, second, name = action.args
    seat = action.player
    if state.bigs[seat] != NOWHERE:
        return IllegalAction("big_on_board", "your big chocobo is already on the board")
    hand = [KIND_OF[c] for c in state.hands[seat]]
    for kind_name in (first, second):
        hand.remove(KIND_INDEX[str(kind_name)])  # ValueError: reported below
    space = _space(state, name)
    if count(state, space):
        return IllegalAction("space_not_empty", f"{name} is not empty")
    near = {t for s in state.smalls[seat] for t in state.layout.adj[s]}
    if space not in near:
        return IllegalAction(
            "not_next_to_your_chocobo", f"{name} is not next to a space with one of your chocobos"
        )
    return None


def _call_big_safe(state: ChocoboState, action: Action) -> IllegalAction | None:
    try:
        return _call_big(state, action)
    except ValueError:
        return IllegalAction("card_not_in_hand", "discard two friend cards of your hand")


def _discard(state: ChocoboState, action: Action) -> IllegalAction | None:
    return _card(state, action, action.args[0])


def _kick(state: ChocoboState, action: Action) -> IllegalAction | None:
    victim, name = action.args
    to = _space(state, name)
    space = state.kick_space
    if victim == action.player or not isinstance(victim, int) or space not in state.smalls[victim]:
        return IllegalAction(
            "not_kickable", "kick only other players' chocobos of the space you moved onto"
        )
    if to not in state.layout.adj[space]:
        return IllegalAction("not_adjacent", "a kicked chocobo goes to an adjacent space")
    refusal = _entry(state, victim, to, 1)
    if refusal or not must_kick(state):
        return refusal
    return IllegalAction(
        "kick_cannot_clear",
        "after this kick the chocobos that are not companions on the space could not be "
        "brought down to 4",
    )


def _end_kick(state: ChocoboState, action: Action) -> IllegalAction | None:
    if action.args:
        return IllegalAction("bad_action", "'end_kick' takes no arguments")
    return IllegalAction(
        "must_kick",
        "the chocobos that are not companions on the space count more than 4: "
        "kick until they count 4 at most",
    )


def _overflow(state: ChocoboState, action: Action) -> IllegalAction | None:
    frm, to = (_space(state, a) for a in action.args)
    if count(state, frm) <= SPACE_LIMIT:
        return IllegalAction("not_over_limit", f"{action.args[0]} is not above the limit of 4")
    if to not in state.layout.adj[frm]:
        return IllegalAction("not_adjacent", "an overflowing companion goes to an adjacent space")
    return IllegalAction(
        "must_take_room",
        "an overflowing companion goes to an adjacent "
        "space with room when there is one (else nearer to one)",
    )


def _relocate(state: ChocoboState, action: Action) -> IllegalAction | None:
    (name,) = action.args
    if _space(state, name) not in state.layout.territory[action.player]:
        return IllegalAction(
            "not_your_territory", "Tifon sends your chocobo to a space of your own territory board"
        )
    return IllegalAction("space_full", f"your chocobo may not stand on {name}")


def _golem_move(state: ChocoboState, action: Action) -> IllegalAction | None:
    piece, *rest = action.args
    space = state.golem_space
    to = _space(state, rest[-1])
    if to not in state.layout.adj[space]:
        return IllegalAction("not_adjacent", "the Golem moves each chocobo to an adjacent space")
    if piece == "companion" and len(rest) == 1:
        return IllegalAction("no_companion_there", "no companion is left on the Golem's space")
    if piece == "chocobo" and len(rest) == 2 and isinstance(rest[0], int):
        if space not in state.smalls[rest[0]]:
            return IllegalAction(
                "no_chocobo_there", f"player {rest[0]} has no chocobo on the Golem's space"
            )
        return _entry(state, rest[0], to, 1)
    return IllegalAction(
        "bad_action", "golem_move takes 'companion' and a space, or 'chocobo', a seat and a space"
    )


def _place(state: ChocoboState, action: Action) -> IllegalAction | None:
    spaces = [_space(state, a) for a in action.args]
    if not all(s in state.layout.territory[action.player] for s in spaces):
        return IllegalAction(
            "not_your_territory", "place your chocobos on your own territory board"
        )
    return IllegalAction(
        "bad_action",
        "name your chocobos' spaces in board order (2 players: only the one not on the star)",
    )


_EXPLAIN: Final = {
    "move": _move,
    "call": _call,
    "play": _play,
    "call_big": _call_big_safe,
    "discard": _discard,
    "kick": _kick,
    "end_kick": _end_kick,
    "overflow": _overflow,
    "place": _place,
    "relocate": _relocate,
    "golem_move": _golem_move,
}
