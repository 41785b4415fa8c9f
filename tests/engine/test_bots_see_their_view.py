"""Bots decide from what their seat sees (issue: bots that play well). Before a bot
chooses, a copy of the game has everything the seat cannot see dealt anew — its own
undrawn stack or deck shuffled, the other seats' hands and stacks pooled and redealt —
and the game's rng reseeded; a bot of the same seed must choose the same action in both.
A bot that read its future draws, an opponent's hand or the game's rng would not. The
hidden parts are dealt anew by the invariant tests' helpers (`hide_and_shuffle`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from play.engine.core import Action, State, get_game, mix_seed

from .chizo_data import tile_list, typical_stack
from .shadowfist_table import starter_cards, starter_deck
from .test_chizo_invariants import hide_and_shuffle as chizo_hidden
from .test_chocobo_invariants import hide_and_shuffle as chocobo_hidden
from .test_raise_invariants import hide_and_shuffle as raise_hidden
from .test_shadowfist_invariants import hide_and_shuffle as shadowfist_hidden

#: Decisions checked per game (every one of a bot's seats, from the start).
DECISIONS = 150


#: Each game's state with what a seat cannot see dealt anew and another rng (the helpers
#: of the invariant tests, which check the same of the views).
HIDERS: dict[str, Callable[[Any, int, int], Any]] = {
    "chizo": chizo_hidden,
    "shadowfist": shadowfist_hidden,
    "raise": raise_hidden,
    "chocobo": chocobo_hidden,
}


def _setups() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for game in ("chizo", "shadowfist", "raise", "chocobo"):
        for bot in sorted(get_game(game).bot_types()):
            if game == "chizo":
                tiles = tile_list()
                yield game, bot, {"goldfish": True, "tiles": tiles, "stacks": [typical_stack()]}
                yield game, bot, {"players": 2, "tiles": tiles,
                                  "stacks": [typical_stack(), typical_stack()]}  # fmt: skip
            elif game == "shadowfist":
                deck = starter_deck("Heroic Bloodshed")
                cards = starter_cards()
                yield game, bot, {"players": 2, "cards": cards, "decks": [deck, []], "dummy": 1}
                yield game, bot, {"players": 2, "cards": cards,
                                  "decks": [deck, starter_deck("Court of the Lotus")]}  # fmt: skip
            else:
                yield game, bot, {"players": 3}


def _case_id(game: str, bot: str, setup: dict[str, Any]) -> str:
    alone = setup.get("goldfish") or "dummy" in setup
    return f"{game}-{bot}-{'goldfish' if alone else str(setup['players']) + 'p'}"


CASES = [pytest.param(*case, id=_case_id(*case)) for case in _setups()]


@pytest.mark.parametrize(("game_slug", "bot", "setup"), CASES)
def test_a_bots_choice_does_not_depend_on_what_its_seat_cannot_see(
    game_slug: str, bot: str, setup: dict[str, Any]
) -> None:
    game = get_game(game_slug)
    state: State = game.new_game(setup, 7)
    hide = HIDERS[game_slug]
    players = [game.make_bot(bot, mix_seed(7, seat)) for seat in range(8)]
    checked = 0
    for step in range(1000):
        legal = game.legal_actions(state)
        if not legal or checked >= DECISIONS:
            break
        seat = legal[0].player
        seed = mix_seed(11, step)
        twin = hide(state, seat, mix_seed(13, step))
        seen = game.make_bot(bot, seed).choose(state.clone(), legal)
        unseen = game.make_bot(bot, seed).choose(twin, game.legal_actions(twin))
        assert _same(seen, unseen), f"step {step}: {seen} seeing the hidden parts, {unseen} not"
        checked += 1
        game.apply_unchecked(state, players[seat].choose(state, legal))
    assert checked >= 10


def _same(a: Action, b: Action) -> bool:
    return (a.kind, a.player, a.args) == (b.kind, b.player, b.args)
