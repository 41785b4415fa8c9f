"""The rules of Chocobo Party Up!: the turn's phases and applying actions (the legal
actions are in :mod:`.legal`).

A turn (rulebook "Turn Order"): 1. roll the die (a chance move made by the engine at
the start of the turn); 2. ``friend``: play one friend card, call the big chocobo or do
nothing; 3. ``move``: steps, with ``kick`` and ``overflow`` decisions on the way;
4. ``call``; 5. ``discard`` down to 3 cards; 6. the victory check, then the next player.

A decision nobody has is skipped, never asked: phase 2 with nothing playable, movement
with no step left or none possible, a call with no space to call from, a discard from a
hand of one kind, Tifon with a single space to go to.

Functions take ``out``: a list collecting events, or ``None`` on the fast path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from ...core import Action, Event
from . import friends as fr
from . import movement as mv
from .actions import PIECE_CODE
from .board import (
    CROMA,
    FACE_DRAWS,
    FACE_STEPS,
    FACES,
    GOLEM,
    HAND_LIMIT,
    KIND_INDEX,
    KIND_OF,
    KINDS,
    MOGURI,
    SHIRMA,
    SPACE_LIMIT,
    TIFON,
    TO_WIN,
)
from .state import (
    CALL,
    DISCARD,
    FRIEND,
    GOLEM_PHASE,
    KICK,
    MOVE,
    NOWHERE,
    OVER,
    OVERFLOW,
    RESUME_CALL,
    RESUME_MOVE,
    TIFON_PHASE,
    ChocoboState,
)

Events = list[Event] | None

#: Actions after which a game stops, "unfinished" (see docs/chocobo.md for the figures).
MAX_LENGTH: Final = 3000


# -- applying actions -----------------------------------------------------------------


def apply(state: ChocoboState, action: Action, out: Events) -> None:
    """Apply a legal action, appending its events to ``out`` unless it is ``None``."""
    state.step += 1
    HANDLERS[action.kind](state, action, out)


def advance(state: ChocoboState, action: Action) -> None:
    """Apply a legal action without events (the simulations' fast path).

    The commonest action of a game, a step of one chocobo, is ``_move`` (and
    ``mv.step``) inlined.
    """
    state.step += 1
    if action.kind != "move" or action.args[0] != "one":
        HANDLERS[action.kind](state, action, None)
        return
    seat = action.player
    _, frm_name, to_name, followers = action.args
    index = state.layout.index
    frm: int = index[frm_name]  # type: ignore[index]  # a space name: from legal_actions
    to: int = index[to_name]  # type: ignore[index]  # a space name: from legal_actions
    pair, load, block = state.smalls[seat], state.load, state.block
    if pair[0] == frm:
        pair[0] = to
        other = pair[1]
    else:
        pair[1] = to
        other = pair[0]
    load[frm] -= 1
    load[to] += 1
    if other == frm and state.bigs[seat] != frm:
        block[frm] &= ~(1 << seat)
    elif other == to:
        block[to] |= 1 << seat
    comp = state.comp
    if followers:
        comp[frm] -= followers  # type: ignore[operator]  # an int: from legal_actions
        comp[to] += followers  # type: ignore[operator]  # an int: from legal_actions
    steps = state.steps = state.steps - 1
    if comp[to] + load[to] > SPACE_LIMIT:
        _overflowing(state, RESUME_MOVE)
        return
    if steps > 0:
        # ``continue_move``: the chocobo that moved can usually go on (back, at least),
        # which answers ``mv.any_move`` at once.
        mask = ~(1 << seat)
        for nxt in state.layout.adj[to]:
            if load[nxt] < SPACE_LIMIT and not block[nxt] & mask:
                state.phase = MOVE
                state.to_act = state.active
                return
    continue_move(state, None)


def _space(state: ChocoboState, name: object) -> int:
    return state.layout.index[cast(str, name)]


def _place(state: ChocoboState, act: Action, out: Events) -> None:
    seat = act.player
    spaces = [_space(state, a) for a in act.args]
    pair = state.smalls[seat]
    if len(spaces) == 1:
        pair[1] = spaces[0]
    else:
        pair[0], pair[1] = spaces
    for s in set(pair):
        state.recount(s)
    if out is not None:
        out.append(Event("placed", {"player": seat, "spaces": list(act.args)}))
    n = state.players
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if NOWHERE in state.smalls[nxt]:
            state.to_act = nxt
            return
    state.active = (state.first - 1) % n  # start_turn moves on to the first player
    start_turn(state, out)


def _no_card(state: ChocoboState, act: Action, out: Events) -> None:
    if out is not None:
        out.append(Event("no_card", {"player": act.player}))
    continue_move(state, out)


def _play(state: ChocoboState, act: Action, out: Events) -> None:
    seat, args = act.player, act.args
    kind = KIND_INDEX[args[0]]  # type: ignore[index]  # a card name: from legal_actions
    card = fr.take(state, seat, kind)
    if kind == SHIRMA:
        state.result += 1
        state.steps += 1
    elif kind == CROMA:
        mv.shift_companion(state, _space(state, args[1]), _space(state, args[2]))
    elif kind == MOGURI:
        state.tokens[_space(state, args[1])] = True
        state.token_supply -= 1
    if out is not None:
        data: dict[str, object] = {"player": seat, "card": KINDS[kind], "id": card}
        if kind == SHIRMA:
            data["result"] = state.result
        elif kind == CROMA:
            data.update({"from": args[1], "to": args[2]})
        elif kind == MOGURI:
            data["space"] = args[1]
        elif kind == TIFON:
            data.update({"target": args[1], "space": args[2]})
        else:
            data["space"] = args[1]
        out.append(Event("card_played", data))
    if kind == CROMA:
        to = _space(state, args[2])  # settle(state, [to], RESUME_MOVE, out), inlined
        if state.comp[to] + state.load[to] > SPACE_LIMIT:
            _overflowing(state, RESUME_MOVE)
        else:
            continue_move(state, out)
    elif kind == TIFON:
        victim, frm = cast(int, args[1]), _space(state, args[2])
        state.tifon_seat, state.tifon_from = victim, frm
        targets = fr.tifon_targets(state, victim, frm)
        if len(targets) == 1:
            _relocate_to(state, targets[0], out)
        else:
            state.phase, state.to_act = TIFON_PHASE, victim
    elif kind == GOLEM:
        state.golem_space = _space(state, args[1])
        state.phase = GOLEM_PHASE
    else:
        continue_move(state, out)


def _call_big(state: ChocoboState, act: Action, out: Events) -> None:
    first, second, where = act.args
    space = _space(state, where)
    fr.call_big(
        state, act.player, KIND_INDEX[cast(str, first)], KIND_INDEX[cast(str, second)], space
    )
    if out is not None:
        out.append(
            Event(
                "big_called", {"player": act.player, "discarded": [first, second], "space": where}
            )
        )
    continue_move(state, out)


def _relocate(state: ChocoboState, act: Action, out: Events) -> None:
    _relocate_to(state, _space(state, act.args[0]), out)


def _relocate_to(state: ChocoboState, to: int, out: Events) -> None:
    victim, frm = state.tifon_seat, state.tifon_from
    fr.move_small(state, victim, frm, to)
    names = state.layout.names
    if out is not None:
        out.append(Event("sent_home", {"player": victim, "from": names[frm], "to": names[to]}))
    state.tifon_seat = state.tifon_from = NOWHERE
    state.to_act = state.active
    settle(state, [to], RESUME_MOVE, out)


def _golem_move(state: ChocoboState, act: Action, out: Events) -> None:
    space = state.golem_space
    args = act.args
    if args[0] == "companion":
        to = _space(state, args[1])
        mv.shift_companion(state, space, to)
        data: dict[str, object] = {"piece": "companion"}
    else:
        victim = cast(int, args[1])
        to = _space(state, args[2])
        fr.move_small(state, victim, space, to)
        data = {"piece": "chocobo", "seat": victim}
    if out is not None:
        data.update(
            {"player": act.player, "from": state.layout.names[space], "to": state.layout.names[to]}
        )
        out.append(Event("golem_moved", data))
    if fr.golem_done(state):
        state.golem_space = NOWHERE
        settle(state, None, RESUME_MOVE, out)


def _move(state: ChocoboState, act: Action, out: Events) -> None:
    seat = act.player
    piece_name, frm_name, to_name, followers = act.args
    # No cast() here: this runs for most actions of a game, and cast is a call.
    index = state.layout.index
    frm: int = index[frm_name]  # type: ignore[index]  # a space name: from legal_actions
    to: int = index[to_name]  # type: ignore[index]  # a space name: from legal_actions
    piece: int = PIECE_CODE[piece_name]  # type: ignore[index]  # a piece name: from legal_actions
    # An int: from legal_actions.
    kick = mv.step(state, seat, piece, frm, to, followers)  # type: ignore[arg-type]
    if out is not None:
        out.append(
            Event(
                "moved",
                {
                    "player": seat,
                    "piece": piece_name,
                    "from": frm_name,
                    "to": to_name,
                    "followers": followers,
                    "steps_left": state.steps,
                },
            )
        )
    if kick:  # only the pair or the big chocobo kicks (mv.step is False for one chocobo)
        state.kick_space, state.kicked = to, 0
        state.phase = KICK
        kicks: list[Action] = []
        mv.kick_actions(state, seat, kicks)
        if kicks:
            return
        state.kick_space = NOWHERE  # nobody can be kicked anywhere: no kick
    if mv.is_over_limit(state, to):
        _overflowing(state, RESUME_MOVE)
    else:
        continue_move(state, out)


def _end_move(state: ChocoboState, act: Action, out: Events) -> None:
    if out is not None:
        out.append(Event("movement_ended", {"player": act.player, "steps_left": state.steps}))
    start_call(state, out)


def _kick(state: ChocoboState, act: Action, out: Events) -> None:
    victim, where = act.args
    to = _space(state, where)
    mv.kick(state, cast(int, victim), to)
    if out is not None:
        out.append(
            Event(
                "kicked",
                {
                    "player": act.player,
                    "seat": victim,
                    "from": state.layout.names[state.kick_space],
                    "to": where,
                },
            )
        )
    kicks: list[Action] = []
    mv.kick_actions(state, act.player, kicks)
    if not kicks:
        _end_kick(state, act, out)


def _end_kick(state: ChocoboState, act: Action, out: Events) -> None:
    kicked = state.kicked
    state.kick_space, state.kicked = NOWHERE, 0
    if kicked:
        if out is not None:
            out.append(
                Event(
                    "movement_ended",
                    {"player": state.active, "steps_left": state.steps, "reason": "kick"},
                )
            )
        state.steps = 0
        settle(state, None, RESUME_CALL, out)
    else:
        settle(state, None, RESUME_MOVE, out)


def _overflow(state: ChocoboState, act: Action, out: Events) -> None:
    frm, to = (_space(state, a) for a in act.args)
    mv.shift_companion(state, frm, to)
    if out is not None:
        out.append(
            Event("overflowed", {"player": act.player, "from": act.args[0], "to": act.args[1]})
        )
    if not mv.over_spaces(state):
        resume = state.resume
        state.resume = ""
        if resume == RESUME_CALL:
            start_call(state, out)
        else:
            continue_move(state, out)


def _call(state: ChocoboState, act: Action, out: Events) -> None:
    seat = act.player
    space = _space(state, act.args[0])
    state.comp[space] += 1
    state.supply -= 1
    token = state.tokens[space]
    if token:
        state.tokens[space] = False
        state.token_supply += 1
    if out is not None:
        out.append(Event("called", {"player": seat, "space": act.args[0], "trail_token": token}))
    draw(state, seat, out)
    hand_limit(state, out)


def _no_call(state: ChocoboState, act: Action, out: Events) -> None:
    if out is not None:
        out.append(Event("no_call", {"player": act.player}))
    hand_limit(state, out)


def _discard(state: ChocoboState, act: Action, out: Events) -> None:
    kind = KIND_INDEX[cast(str, act.args[0])]
    card = fr.take(state, act.player, kind)
    if out is not None:
        out.append(Event("discarded", {"player": act.player, "card": KINDS[kind], "id": card}))
    hand_limit(state, out)


HANDLERS: Final[dict[str, Callable[[ChocoboState, Action, Events], None]]] = {
    "place": _place,
    "no_card": _no_card,
    "play": _play,
    "call_big": _call_big,
    "relocate": _relocate,
    "golem_move": _golem_move,
    "move": _move,
    "end_move": _end_move,
    "kick": _kick,
    "end_kick": _end_kick,
    "overflow": _overflow,
    "call": _call,
    "no_call": _no_call,
    "discard": _discard,
}


# -- the flow of a turn ---------------------------------------------------------------


def start_turn(state: ChocoboState, out: Events) -> None:
    """Pass the turn clockwise and roll the die (a chocobo face draws a card)."""
    seat = state.active = (state.active + 1) % state.players
    state.to_act = seat
    state.turn += 1
    state.big_moved = state.big_new = False
    face = state.face = state.rng.below(len(FACES))
    steps = state.result = state.steps = FACE_STEPS[face]
    if out is not None:
        out.append(Event("turn_started", {"player": seat, "turn": state.turn}))
        out.append(Event("rolled", {"player": seat, "face": FACES[face], "result": state.result}))
    if FACE_DRAWS[face]:
        draw(state, seat, out)
    if state.hands[seat] and fr.has_play(state, seat):
        state.phase = FRIEND
    elif steps > 0 and mv.any_move(state, seat):  # continue_move, inlined
        state.phase = MOVE
    else:
        start_call(state, out)


def continue_move(state: ChocoboState, out: Events) -> None:
    """Ask for the next step, or go to the call when no step is left or possible."""
    seat = state.active
    if state.steps > 0 and mv.any_move(state, seat):
        state.phase = MOVE
        state.to_act = seat
    else:
        start_call(state, out)


def settle(state: ChocoboState, spaces: list[int] | None, resume: str, out: Events) -> None:
    """Check the limit of 4 on ``spaces`` (``None``: all), then go on with ``resume``."""
    if spaces is None:
        over = bool(mv.over_spaces(state))
    else:
        over = any(mv.is_over_limit(state, s) for s in spaces)
    if over:
        _overflowing(state, resume)
    elif resume == RESUME_CALL:
        start_call(state, out)
    else:
        continue_move(state, out)


def _overflowing(state: ChocoboState, resume: str) -> None:
    state.phase = OVERFLOW
    state.resume = resume
    state.to_act = state.active


def start_call(state: ChocoboState, out: Events) -> None:
    """Phase 4, if the active player has a space to call from."""
    seat = state.active
    state.steps = 0
    if mv.can_call(state, seat):
        state.phase = CALL
        state.to_act = seat
    elif len(state.hands[seat]) > HAND_LIMIT:
        hand_limit(state, out)
    else:
        check_victory(state, out)  # hand_limit has nothing to do


def hand_limit(state: ChocoboState, out: Events) -> None:
    """Phase 5: with 4 or more cards, discard down to 3 (asked unless all of one kind)."""
    seat = state.active
    hand = state.hands[seat]
    if len(hand) <= HAND_LIMIT:
        check_victory(state, out)
        return
    while len(hand) > HAND_LIMIT:
        if len(fr.kinds_in_hand(hand)) > 1:
            state.phase = DISCARD
            state.to_act = seat
            return
        card = fr.take(state, seat, KIND_OF[hand[0]])
        if out is not None:
            out.append(
                Event("discarded", {"player": seat, "card": KINDS[KIND_OF[card]], "id": card})
            )
    check_victory(state, out)


def check_victory(state: ChocoboState, out: Events) -> None:
    """Phase 6: 6 or more companions on the active player's territory win at once."""
    seat = state.active
    home = sum(map(state.comp.__getitem__, state.layout.territory[seat]))  # mv.home_count
    if home >= TO_WIN:
        state.winner = seat
        state.phase = OVER
        state.to_act = None
        if out is not None:
            out.append(Event("won", {"player": seat, "companions": home}))
        return
    start_turn(state, out)


def draw(state: ChocoboState, seat: int, out: Events) -> None:
    """Draw one friend card; the discard pile is reshuffled when the pile runs out."""
    pile = state.pile
    if not pile:
        reshuffle(state, out)
    if not pile:
        if out is not None:
            out.append(Event("no_card_to_draw", {"player": seat}))
        return
    card = pile.pop()
    hand = state.hands[seat]
    hand.append(card)
    hand.sort()
    if out is not None:
        out.append(Event("card_drawn", {"player": seat}))
    if not pile:
        reshuffle(state, out)


def reshuffle(state: ChocoboState, out: Events) -> None:
    """Shuffle the discard pile face down to form a new pile (if it has cards)."""
    if not state.discard:
        return
    state.pile[:] = state.discard
    state.discard.clear()
    state.rng.shuffle(state.pile)
    if out is not None:
        out.append(Event("reshuffled", {"cards": len(state.pile)}))
