"""Helpers to lay out a Raise table for a test: chosen hands, chosen dice.

They only move cards between a seat's hand and its own draw pile, so every card stays
accounted for; the state stays one the engine could have reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from play.engine.core import Action
from play.engine.games.raise_ import GAME, RaiseState
from play.engine.games.raise_.cards import SET_SIZE, SYMBOL_INDEX, find_card

BLANK_FACE = SYMBOL_INDEX["blank"]


def card(seat: int, name: str, nth: int = 0) -> int:
    """Seat's card named e.g. "Bell 2" (``nth`` for a second copy)."""
    return find_card(seat, name, nth)


def ids(seat: int, names: Sequence[str]) -> list[int]:
    """The ids of named cards of a seat; a repeated name takes the next copy."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        result.append(card(seat, name, seen.get(name, 0)))
        seen[name] = seen.get(name, 0) + 1
    return result


def set_hand(state: RaiseState, seat: int, names: Sequence[str],
             draw_top: Sequence[str] = ()) -> None:
    """Make the seat's hand exactly ``names``; ``draw_top`` are the next cards drawn, in order."""
    own = state.hands[seat] + state.draws[seat]
    hand, top = ids(seat, names), ids(seat, draw_top)
    rest = sorted(c for c in own if c not in hand and c not in top)
    state.hands[seat] = sorted(hand)
    state.draws[seat] = rest + list(reversed(top))  # the top of the pile is its end


def set_draw(state: RaiseState, seat: int, count: int) -> None:
    """Leave only ``count`` cards in the seat's draw pile (the rest leave the game).

    For tests of an exhausted draw pile; conservation checks then exclude those cards.
    """
    state.draws[seat] = state.draws[seat][len(state.draws[seat]) - count:]


def set_dice(state: RaiseState, counts: Mapping[str, int]) -> None:
    """Set the 7 dice: so many of each symbol, the rest blank."""
    faces = [SYMBOL_INDEX[name] for name, n in counts.items() for _ in range(n)]
    faces += [BLANK_FACE] * (7 - len(faces))
    state.set_dice(faces)


def table(players: int, roller: int, hands: Mapping[int, Sequence[str]],
          dice: Mapping[str, int] | None = None, seed: int = 1) -> RaiseState:
    """A game at the start of round 1 (face-down step) with the given hands and dice."""
    state = GAME.new_game({"players": players, "first_player": roller}, seed)
    for seat, names in hands.items():
        set_hand(state, seat, names)
    if dice is not None:
        set_dice(state, dice)
    n = state.players
    state.to_act = next(s for s in ((roller + i) % n for i in range(n)) if state.hands[s])
    return state


def bid(seat: int, name: str, nth: int = 0) -> Action:
    """The face-down choice of a named card."""
    return Action("bid", seat, (card(seat, name, nth),))


def play(seat: int, name: str, nth: int = 0) -> Action:
    """Continuing with a named card."""
    return Action("play", seat, (card(seat, name, nth),))


def pass_(seat: int) -> Action:
    """Passing."""
    return Action("pass", seat)


def all_cards(state: RaiseState) -> list[int]:
    """Every number card in play, wherever it is (sorted)."""
    found = [c for h in state.hands for c in h] + [c for d in state.draws for c in d]
    found += [c for w in state.won for c in w] + state.pot
    found += [b for b in state.bids if b is not None]
    return sorted(found)


def expected_cards(players: int) -> list[int]:
    """The number cards of a game of ``players``: one set per seat."""
    return list(range(players * SET_SIZE))
