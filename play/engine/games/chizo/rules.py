"""Legal actions, verification with reasons, and applying actions.

``legal_actions`` lists every action of ``state.to_act`` in a fixed order; ``verify``
refuses anything else with a reason that says what to do; ``apply`` changes the state
and then lets the flow run until the next decision (:func:`.flow.settle`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...core import Action, IllegalAction
from .actions import ACCEPT, DRAW, END_TURN, REFUSE, one, two, with_cells
from .battle import ally_actions, announce, answer, ask, battle_actions, stop
from .effects import EFFECTS
from .effects.base import canonical
from .events import Events
from .flow import settle
from .grid import cell_at, free_cells
from .placement import attach_tile, hosts_for, place_tile, replace_cells
from .stack import lend, pass_, react, reaction_actions, start_action_stack, start_battle_stack
from .state import ALLIES, ANSWER, CHOICE, FACE_DOWN, OVER, REACT, TURN, ChizoState
from .tiles import DRAW_COUNT, MAX_LENGTH
from .turn import end_turn, start_turn, take_action
from .zones import draw

#: The action kinds of each phase (for the "wrong_action" reason).
PHASE_KINDS: Final[dict[str, tuple[str, ...]]] = {
    TURN: ("place", "attach", "action", "battle", "draw", "end_turn"),
    ALLIES: ("ask", "stop"),
    ANSWER: ("accept", "refuse"),
    FACE_DOWN: ("face_down",),
    REACT: ("react", "lend", "pass"),
    CHOICE: ("choose", "opponent", "to", "put", "done"),
}


# -- legal actions -------------------------------------------------------------------------


def legal_actions(state: ChizoState) -> list[Action]:
    """Every action of ``state.to_act``, in a fixed order; none once the game is over."""
    player = state.to_act
    if player is None or state.over or state.step >= MAX_LENGTH:
        return []
    phase = state.phase
    if phase == TURN:
        return turn_actions(state, player)
    if phase == REACT:
        return reaction_actions(state, player)
    if phase == CHOICE:
        frame = state.frames[-1]
        return EFFECTS[frame.key].options(state, frame)
    if phase == ALLIES:
        return ally_actions(state, player)
    if phase == ANSWER:
        return [ACCEPT[player], REFUSE[player]]
    return [one("face_down", player, u) for u in canonical(state, state.hands[player])]


def turn_actions(state: ChizoState, player: int) -> list[Action]:
    """ "draw", "end_turn" (after an action), the Actions of the hand, Modifiers to attach,
    Battles, then the placements (the long part of the list, last)."""
    found = []
    if state.stacks[player]:
        found.append(DRAW[player])
    if state.actions_taken:
        found.append(END_TURN[player])
    cat, kind = state.cat, state.kind
    placed, replaces, attach, starts = cat.placed, cat.replaces, cat.attach, cat.starts
    places: list[int] = []
    for uid in canonical(state, state.hands[player]):
        d = kind[uid]
        if placed[d]:
            places.append(uid)
        elif attach[d] is not None:
            found += [two("attach", player, uid, h) for h in hosts_for(state, player, uid)]
        elif starts[d]:
            found.append(one("action", player, uid))
    found += battle_actions(state, player)  # none in a one-player game
    free = None
    for uid in places:
        r = replaces[kind[uid]]
        if r >= 0:
            found += with_cells("place", player, uid, replace_cells(state, player, r))
        else:
            if free is None:
                free = free_cells(state)
            found += with_cells("place", player, uid, free)
    return found


# -- verification ---------------------------------------------------------------------------


def verify(state: ChizoState, action: Action) -> None:
    """Raise :class:`IllegalAction` with a reason unless ``action`` is legal now."""
    if state.over or state.phase == OVER or state.to_act is None:
        raise IllegalAction("game_over", "the game is over")
    if state.step >= MAX_LENGTH:
        raise IllegalAction("game_over", "the game hit its length cap and is unfinished")
    if action.player != state.to_act:
        raise IllegalAction(
            "not_your_turn", f"player {state.to_act} is to act, not {action.player}"
        )
    kinds = PHASE_KINDS[state.phase]
    if action.kind not in kinds:
        raise IllegalAction(
            "wrong_action",
            f"now ({state.phase}) the actions are {', '.join(kinds)}; not {action.kind!r}",
        )
    if action in legal_actions(state):
        return
    raise IllegalAction(*_explain(state, action))


def _explain(state: ChizoState, action: Action) -> tuple[str, str]:
    """Why a well-formed action of the right kind is still not legal."""
    args, player = action.args, action.player
    given: tuple[object, ...] = args  # as objects: an Action built in code may hold anything
    if any(isinstance(a, bool) or not isinstance(a, int) for a in given):
        return "bad_action", f"{action.kind!r} takes int arguments, not {list(args)!r}"
    kind = action.kind
    hand = state.hands[player]
    if kind in ("place", "attach", "action", "face_down", "react", "put") and args:
        uid = args[0]
        if uid not in hand:
            return "not_in_hand", f"tile {uid} is not in your hand"
        twin = min(u for u in hand if state.kind[u] == state.kind[uid])
        if twin != uid:
            return "use_lowest_copy", (
                f"copies in a hand are interchangeable: play {state.name(twin)} as tile {twin}"
            )
    if kind == "place" and len(args) == 3:
        return "bad_space", (
            "a tile goes into a free space next to a tile in play (the first "
            "anywhere: 0, 0); a replacing tile onto a basic creature of its "
            "class that you control"
        )
    if kind == "draw":
        return "empty_stack", "your Stack is empty: there is nothing to draw"
    if kind == "end_turn":
        return "no_action_yet", "take at least one action before ending the turn"
    if kind == "battle":
        return "bad_battle", (
            "the Attacker is a creature you control, the Defender a "
            "neighbouring tile an opponent controls, and you need a tile in "
            "hand to lay face down"
        )
    if kind == "react":
        return "cannot_react", "only a Reaction or Action/Reaction answering this stack"
    return "illegal", f"{action} is not among the legal actions now"


# -- applying --------------------------------------------------------------------------------


def apply(state: ChizoState, action: Action, out: Events) -> None:
    """Apply a legal action, then run the flow to the next decision."""
    state.step += 1
    HANDLERS[action.kind](state, action, out)
    settle(state, out)


def advance(state: ChizoState, action: Action) -> None:
    """Apply a legal action without events (the simulations' fast path)."""
    state.step += 1
    HANDLERS[action.kind](state, action, None)
    settle(state, None)


def _place(state: ChizoState, action: Action, out: Events) -> None:
    uid, x, y = action.args
    take_action(state)
    # Ints on the area: from legal_actions.
    place_tile(state, action.player, uid, cell_at(x, y), out)  # type: ignore[arg-type]


def _attach(state: ChizoState, action: Action, out: Events) -> None:
    uid, host = action.args
    take_action(state)
    # Ints: from legal_actions.
    attach_tile(state, action.player, uid, host, out)  # type: ignore[arg-type]


def _action(state: ChizoState, action: Action, out: Events) -> None:
    take_action(state)
    # A tile id: from legal_actions.
    start_action_stack(state, action.player, action.args[0], out)  # type: ignore[arg-type]


def _battle(state: ChizoState, action: Action, out: Events) -> None:
    attacker, defender = action.args
    take_action(state)
    # Ints: from legal_actions.
    announce(state, action.player, attacker, defender, out)  # type: ignore[arg-type]


def _draw(state: ChizoState, action: Action, out: Events) -> None:
    take_action(state)
    draw(state, action.player, DRAW_COUNT, out)


def _end_turn(state: ChizoState, action: Action, out: Events) -> None:
    end_turn(state, out)
    if not state.over:
        start_turn(state, (action.player + 1) % state.players, out)


def _ask(state: ChizoState, action: Action, out: Events) -> None:
    ask(state, action.args[0], out)  # type: ignore[arg-type]  # a tile id: from legal_actions


def _stop(state: ChizoState, action: Action, out: Events) -> None:
    stop(state)


def _accept(state: ChizoState, action: Action, out: Events) -> None:
    answer(state, True, out)


def _refuse(state: ChizoState, action: Action, out: Events) -> None:
    answer(state, False, out)


def _face_down(state: ChizoState, action: Action, out: Events) -> None:
    # A tile id: from legal_actions.
    start_battle_stack(state, action.player, action.args[0], out)  # type: ignore[arg-type]


def _react(state: ChizoState, action: Action, out: Events) -> None:
    # A tile id: from legal_actions.
    react(state, action.player, action.args[0], out)  # type: ignore[arg-type]


def _lend(state: ChizoState, action: Action, out: Events) -> None:
    creature, cost = action.args
    # Ints: from legal_actions.
    lend(state, action.player, creature, cost, out)  # type: ignore[arg-type]


def _pass(state: ChizoState, action: Action, out: Events) -> None:
    pass_(state, action.player, out)


def _choice(state: ChizoState, action: Action, out: Events) -> None:
    frame = state.frames[-1]
    EFFECTS[frame.key].choose(state, frame, action, out)


#: The function applying each kind of action.
HANDLERS: Final[dict[str, Callable[[ChizoState, Action, Events], None]]] = {
    "place": _place,
    "attach": _attach,
    "action": _action,
    "battle": _battle,
    "draw": _draw,
    "end_turn": _end_turn,
    "ask": _ask,
    "stop": _stop,
    "accept": _accept,
    "refuse": _refuse,
    "face_down": _face_down,
    "react": _react,
    "lend": _lend,
    "pass": _pass,
    "choose": _choice,
    "opponent": _choice,
    "to": _choice,
    "put": _choice,
    "done": _choice,
}
