"""The rules of Raise: which actions are legal, and what each one does.

A round (rulebook "Course of Play"):

1. ``start_round``: the roller reveals the top point card and rolls the 7 dice.
2. Phase ``bid``: each player with cards chooses one face down (action "bid"), one player
   at a time from the roller clockwise; nothing is revealed until all have chosen. Then
   the cards are turned up and the stones placed in order from the roller, stacking on
   occupied spaces, and the cards go to the winnings pile (the pot).
3. Phase ``race``: the stone furthest back (the top one on a tie) acts. "pass" removes
   the stone and refills the hand to 6. "play" puts one card on the pot and moves the
   stone on by its value; a player may start only if the whole hand can carry the stone
   past the second-to-last stone, and once started must keep playing until it does.
4. ``end_round`` when one stone is left or no stone's owner holds a card: the stone
   furthest ahead wins the point card and the pot, everyone refills, the winner rolls.

Functions take ``out``: a list collecting the events, or ``None`` on the fast path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...core import Action, Event, IllegalAction
from .cards import (
    ALL_CARDS,
    DICE,
    FACE_NAMES,
    HAND_SIZE,
    KIND_OF,
    KINDS,
    MAX_PLAYERS,
    POINT_VALUES,
    SYMBOLS,
    VP_OF,
    multipliers,
    owner,
)
from .state import BID, OVER, RACE, RaiseState

# Actions are immutable values, so each possible one is built once and shared.
BID_ACTIONS: Final = tuple(Action("bid", owner(c), (c,)) for c in range(ALL_CARDS))
PLAY_ACTIONS: Final = tuple(Action("play", owner(c), (c,)) for c in range(ALL_CARDS))
PASS_ACTIONS: Final = tuple(Action("pass", p) for p in range(MAX_PLAYERS))
# A list's __getitem__ is a plain builtin method, which map() calls faster than the
# slot wrapper of a tuple's.
_BID_OF: Final = list(BID_ACTIONS).__getitem__
_PLAY_OF: Final = list(PLAY_ACTIONS).__getitem__

#: Actions after which a game stops, "unfinished". A game plays at most one action per
#: number card (150) plus one pass per stone and round (4 x 11), so a correct engine
#: never reaches it; the cap exists to report a bug rather than loop.
MAX_LENGTH: Final = 500

Events = list[Event] | None

#: SEATS_FROM[players][seat]: every seat clockwise, starting with ``seat``.
SEATS_FROM: Final = tuple(
    tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n))
    for n in range(MAX_PLAYERS + 1)
)
#: SEATS_AFTER[players][seat]: the other seats clockwise from ``seat``.
SEATS_AFTER: Final = tuple(tuple(seats[1:] for seats in table) for table in SEATS_FROM)


# -- reading the table ----------------------------------------------------------------


def card_value(state: RaiseState, card: int) -> int:
    """The card's value this round: number x (1 + dice showing its symbol)."""
    return state.values[card]


def reach(state: RaiseState, player: int) -> int:
    """The space the player's stone would reach by playing every card in hand."""
    return (state.pos[player] or 0) + sum(map(state.value_of, state.hands[player]))


def score(state: RaiseState, player: int) -> int:
    """Final-scoring points: own pile (number and point cards) plus hand; not the draw pile."""
    return public_score(state, player) + sum(VP_OF[c] for c in state.hands[player])


def public_score(state: RaiseState, player: int) -> int:
    """Points in the player's own pile so far (what every player can see)."""
    return sum(VP_OF[c] for c in state.won[player]) + sum(
        POINT_VALUES[i] for i in state.won_points[player]
    )


def kind_name(card: int) -> str:
    """The card's name, e.g. "Bell 2" (for messages)."""
    return KINDS[KIND_OF[card]].name


# -- legal actions ----------------------------------------------------------------------


def legal_actions(state: RaiseState) -> list[Action]:
    """The actions of ``state.to_act``: pass first, then cards by id; none once over."""
    # map() over the shared action tables keeps this free of Python-level loops: it runs
    # before every action of every simulated game.
    player = state.to_act
    if player is None or state.step >= MAX_LENGTH:
        return []
    hand = state.hands[player]
    if state.phase == BID:
        return list(map(_BID_OF, hand))
    if state.committed:
        return list(map(_PLAY_OF, hand))
    # Whether the whole hand can overtake (values are at least 1: often the first card can).
    need = (state.target or 0) - (state.pos[player] or 0)
    value_of = state.value_of
    if hand and (value_of(hand[0]) > need or sum(map(value_of, hand)) > need):
        actions = [PASS_ACTIONS[player]]
        actions += map(_PLAY_OF, hand)
        return actions
    return [PASS_ACTIONS[player]]


def verify(state: RaiseState, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal (the game checks the cap)."""
    if state.phase == OVER or state.to_act is None:
        raise IllegalAction("game_over", "the game is over")
    if action.player != state.to_act:
        raise IllegalAction("not_your_turn", f"not your turn: player {state.to_act} is to act")
    if state.phase == BID:
        if action.kind != "bid":
            raise IllegalAction(
                "wrong_action", f"choose a card to play face down ('bid'), not {action.kind!r}"
            )
        _card_in_hand(state, action)
    elif action.kind == "pass":
        _verify_pass(state, action)
    elif action.kind == "play":
        _verify_play(state, action)
    else:
        raise IllegalAction(
            "wrong_action",
            f"your stone is furthest back: 'play' a card or 'pass', not {action.kind!r}",
        )


def _verify_pass(state: RaiseState, action: Action) -> None:
    if action.args:
        raise IllegalAction("bad_action", "'pass' takes no arguments")
    if state.committed:
        raise IllegalAction(
            "must_continue",
            "you have started to continue: play cards until your stone overtakes the "
            f"second-to-last stone (you are on {state.pos[action.player]}, "
            f"you need {_need(state)})",
        )


def _verify_play(state: RaiseState, action: Action) -> None:
    _card_in_hand(state, action)
    if not state.committed:
        reached = reach(state, action.player)
        if reached < _need(state):
            raise IllegalAction(
                "cannot_overtake",
                "you must overtake the second-to-last stone: "
                f"your cards reach {reached}, you need {_need(state)}",
            )


def _need(state: RaiseState) -> int:
    """The first space past the second-to-last stone."""
    return (state.target or 0) + 1


def _card_in_hand(state: RaiseState, action: Action) -> None:
    args = action.args
    if len(args) != 1 or isinstance(args[0], bool) or not isinstance(args[0], int):
        raise IllegalAction("bad_action", f"{action.kind!r} takes one argument: a card id")
    card = args[0]
    if card not in state.hands[action.player]:
        name = f" ({kind_name(card)})" if 0 <= card < ALL_CARDS else ""
        raise IllegalAction("card_not_in_hand", f"card {card}{name} is not in your hand")


# -- applying actions ---------------------------------------------------------------------


def apply(state: RaiseState, action: Action, out: Events) -> None:
    """Apply a legal action, appending its events to ``out`` unless it is ``None``."""
    HANDLERS[action.kind](state, action, out)


def advance(state: RaiseState, action: Action) -> None:
    """Apply a legal action without events (the simulations' fast path)."""
    HANDLERS[action.kind](state, action, None)


def _bid(state: RaiseState, action: Action, out: Events) -> None:
    player = action.player
    card: int = action.args[0]  # type: ignore[assignment]  # an int: verified
    state.step += 1
    state.hands[player].remove(card)
    state.bids[player] = card
    if out is not None:
        out.append(Event("card_chosen", {"player": player}))
    bids, hands = state.bids, state.hands
    for nxt in SEATS_AFTER[state.players][player]:
        if bids[nxt] is None and hands[nxt]:
            state.to_act = nxt
            return
    _reveal(state, out)


def _reveal(state: RaiseState, out: Events) -> None:
    """Turn the face-down cards up and place the stones in order from the roller."""
    values, bids = state.values, state.bids
    plays = []
    for seat in SEATS_FROM[state.players][state.roller]:
        card = bids[seat]
        if card is None:
            continue
        bids[seat] = None
        value = values[card]
        _place(state, seat, value)
        state.pot.append(card)
        if out is not None:
            plays.append({"player": seat, "card": card, "value": value, "space": value})
    if out is not None:
        out.append(Event("cards_revealed", {"plays": plays}))
    _next_in_race(state, out)


def _place(state: RaiseState, seat: int, space: int) -> None:
    """Put ``seat``'s stone on ``space``, on top of any stones there.

    On top means first among the stones of that space in ``order`` (further back).
    """
    pos, order = state.pos, state.order
    pos[seat] = space
    index = 0
    for other in order:
        if pos[other] >= space:  # type: ignore[operator]  # stones in order are placed
            break
        index += 1
    order.insert(index, seat)


def _play(state: RaiseState, action: Action, out: Events) -> None:
    player = action.player
    card: int = action.args[0]  # type: ignore[assignment]  # an int: verified
    state.step += 1
    state.hands[player].remove(card)
    state.pot.append(card)
    value = state.values[card]
    start = state.pos[player] or 0
    end = start + value
    overtook = end > (state.target or 0)
    if out is not None:
        out.append(
            Event(
                "card_played",
                {
                    "player": player,
                    "card": card,
                    "value": value,
                    "from": start,
                    "to": end,
                    "overtook": overtook,
                },
            )
        )
    if overtook:
        # The stone was the one furthest back; it lands on top of any stones on ``end``
        # (as ``_place`` does, inlined: this is the commonest move of the game).
        pos, order = state.pos, state.order
        del order[0]
        pos[player] = end
        index = 0
        for other in order:
            if pos[other] >= end:  # type: ignore[operator]  # stones in order are placed
                break
            index += 1
        order.insert(index, player)
        _next_in_race(state, out)  # which also ends the continuation (committed = False)
    else:
        # Still at or behind the second-to-last stone (on top of it at most), so still
        # the furthest back: the order is unchanged and the player plays on.
        state.pos[player] = end
        state.committed = True


def _pass(state: RaiseState, action: Action, out: Events) -> None:
    player = action.player
    state.step += 1
    state.pos[player] = None
    state.order.remove(player)
    if out is not None:
        out.append(Event("passed", {"player": player}))
    _refill(state, player, out)
    _next_in_race(state, out)


def _next_in_race(state: RaiseState, out: Events) -> None:
    """Give the turn to the stone furthest back, or end the round."""
    order, hands = state.order, state.hands
    if len(order) > 1:
        for seat in order:
            if hands[seat]:
                state.phase = RACE
                state.to_act = order[0]
                state.target = state.pos[order[1]]
                state.committed = False
                return
    _end_round(state, order[-1], out)


def _refill(state: RaiseState, player: int, out: Events) -> None:
    hand, draw = state.hands[player], state.draws[player]
    count = min(HAND_SIZE - len(hand), len(draw))
    if count <= 0:
        return
    hand += draw[-count:]  # the top of a draw pile is its end
    del draw[-count:]
    hand.sort()
    if out is not None:
        out.append(Event("refilled", {"player": player, "count": count}))


def _end_round(state: RaiseState, winner: int, out: Events) -> None:
    point = state.point
    if point is not None:
        state.won_points[winner].append(point)
    state.won[winner].extend(state.pot)
    if out is not None:
        out.append(
            Event(
                "round_won",
                {
                    "player": winner,
                    "point_card": POINT_VALUES[point] if point is not None else None,
                    "cards": list(state.pot),
                },
            )
        )
    state.pot = []
    state.point = None
    state.pos = [None] * state.players
    state.order = []
    state.target = None
    state.committed = False
    for seat in range(state.players):
        _refill(state, seat, out)
    state.roller = winner
    if state.point_pile:
        start_round(state, out)
    else:
        _game_over(state, "all point cards have been awarded", out)


def start_round(state: RaiseState, out: Events) -> None:
    """Step 1: reveal the top point card and roll the dice; then collect face-down cards."""
    hands = state.hands
    for first in SEATS_FROM[state.players][state.roller]:
        if hands[first]:
            break
    else:
        # Nobody can play a card, so no round can be played (docs/raise.md).
        _game_over(state, "no player has a card left", out)
        return
    state.round += 1
    state.point = state.point_pile.pop()
    state.set_dice(state.rng.roll(DICE))
    state.phase = BID
    state.to_act = first
    if out is not None:
        mult = multipliers(state.dice)
        out.append(
            Event(
                "round_started",
                {
                    "round": state.round,
                    "roller": state.roller,
                    "point_card": POINT_VALUES[state.point],
                    "dice": [FACE_NAMES[f] for f in state.dice],
                    "multipliers": {SYMBOLS[i]: m for i, m in enumerate(mult)},
                },
            )
        )


def _game_over(state: RaiseState, why: str, out: Events) -> None:
    state.phase = OVER
    state.to_act = None
    if out is not None:
        scores = [score(state, p) for p in range(state.players)]
        best = max(scores)
        out.append(
            Event(
                "game_over",
                {
                    "reason": why,
                    "scores": scores,
                    "winners": [p for p, s in enumerate(scores) if s == best],
                },
            )
        )


#: The function applying each kind of action (``apply`` dispatches on ``action.kind``).
HANDLERS: Final[dict[str, Callable[[RaiseState, Action, Events], None]]] = {
    "bid": _bid,
    "play": _play,
    "pass": _pass,
}
