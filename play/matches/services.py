"""Matches: start, act, advance, undo, replay. The engine decides; this module stores
and loads.

Concurrency: an action names the sequence number it was chosen on; the match row is
locked and a stale number refused (409), so two tabs cannot both move.

Bots move within BOT_BUDGET per request, so a request's CPU time stays bounded however
long an all-bot game is; when they are not done the match is left with bots to move
(`bots_pending`) and `match_advance` plays their next decisions. Where a request stops
does not change the game: each decision depends only on the state and the match seed.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, User
from django.db import transaction
from django.http import Http404

from cards.vocabulary import DECK_GAMES
from decks.selectors import deck_for_read
from play.engine.core import Action, EngineError, Game, State, get_game, mix_seed
from play.engine.core.rng import MAX_SEED
from play.matches.decks import deck_cards
from play.matches.legality import IllegalDeckError, Legality
from play.matches.models import Match, MatchAction
from play.matches.setups import (
    HUMAN,
    SeatsError,
    check_players,
    deck_setup,
    plain_setup,
)
from play.matches.tables import goldfish_table

#: Why a ChiZo goldfish match by hand has no passive board (docs/play.md).
BOARD_BY_HAND = (
    "a ChiZo RISING goldfish match by hand plays alone; the passive board is for "
    "simulations and the goldfish command"
)


def match_setup(
    *,
    user: AbstractBaseUser,
    game: str,
    mode: str,
    seats: Sequence[dict[str, Any]],
    test_anyway: bool = False,
    opposition: Any = None,
) -> tuple[dict[str, Any], list[Legality | None]]:
    """The engine's setup of the seats, and each seat's deck verdict (None: no deck). A
    deck not legal in its format is refused (IllegalDeckError) unless ``test_anyway``.
    ``opposition``: what a Shadowfist goldfish's dummy puts on the table (as asked)."""
    if mode != "goldfish" and opposition is not None:
        raise SeatsError("opposition", "only a goldfish match has an opposition to choose")
    table = goldfish_table(game, opposition) if mode == "goldfish" else None
    if game == "chizo" and table:
        raise SeatsError("opposition", BOARD_BY_HAND)
    bots = get_game(game).bot_types()
    for index, seat in enumerate(seats):
        if seat["player"] != HUMAN and seat["player"] not in bots:
            known = ", ".join(["human", *sorted(bots)])
            raise SeatsError(f"seats[{index}]", f"no player {seat['player']!r}; use {known}")
    if game not in DECK_GAMES:
        if mode == "goldfish":
            raise SeatsError("mode", f"{game} has no decks to goldfish")
        return plain_setup(game, len(seats)), [None] * len(seats)
    decks = []
    verdicts: list[Legality | None] = []
    for index, seat in enumerate(seats):
        if seat["deck"] is None:
            raise SeatsError(f"seats[{index}]", f"each seat of a {game} match needs a deck")
        try:
            _deck, cards, legality = deck_cards(
                user=user, deck_id=seat["deck"], game=game, test_anyway=test_anyway
            )
        except IllegalDeckError as error:
            field = "deck" if mode == "goldfish" else f"seats[{index}]"
            raise IllegalDeckError(field, f"deck {seat['deck']}", error.legality) from None
        decks.append(cards)
        verdicts.append(legality)
    if mode != "goldfish":
        check_players(game, len(seats))
    return deck_setup(game, decks, goldfish=mode == "goldfish", opposition=table), verdicts


RULES_VERSION = "1"


@dataclass(frozen=True)
class BotBudget:
    """What one request (start, act, advance) may spend on bot moves: at most `decisions`,
    and no new decision once `cpu_seconds` of the request thread's CPU went to them (one
    decision is always played). Cheap bots (Raise, Chocobo, most ChiZo turns) finish a
    round in one request; the slowest (six Shadowfist tacticians late in a long game, up to
    88 ms a decision: bench/bot_decisions.py, docs/benchmarks.md) stop near the CPU bound."""

    decisions: int
    cpu_seconds: float


BOT_BUDGET = BotBudget(decisions=200, cpu_seconds=0.2)


class StaleSeqError(Exception):
    def __init__(self, current: int, given: int) -> None:
        super().__init__(f"the match is at step {current}; this action was chosen at step {given}")
        self.current = current


class MatchRuleError(Exception):
    """An action the engine refused, or a request the match cannot take (code, reason)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class Loaded:
    match: Match
    game: Game[Any]
    state: State


def new_seed() -> int:
    return secrets.randbelow(MAX_SEED)


def match_for(*, user: User, match_id: int, lock: bool = False) -> Match:
    matches = Match.objects.select_for_update() if lock else Match.objects.all()
    match = matches.filter(owner_id=user.pk, pk=match_id).first()
    if match is None:
        raise Http404("no such match")
    return match


def load(match: Match) -> Loaded:
    game = get_game(match.game)
    return Loaded(match=match, game=game, state=game.state_from_dict(match.state))


@transaction.atomic
def match_create(
    *,
    owner: User,
    game: str,
    mode: str,
    seats: Sequence[dict[str, Any]],
    setup: dict[str, Any],
    seed: int | None = None,
) -> Match:
    engine = get_game(game)
    seed = new_seed() if seed is None else seed
    try:
        state = engine.new_game(setup, seed)
    except EngineError as error:
        raise MatchRuleError(error.code, error.reason) from None
    match = Match.objects.create(
        owner=owner,
        game=game,
        mode=mode,
        seats=list(seats),
        setup=setup,
        seed=seed,
        rules_version=f"{game}-{RULES_VERSION}",
        state=state.to_dict(),
        is_over=engine.is_over(state),
    )
    _let_bots_move(Loaded(match, engine, state))
    return match


def _load_to_move(*, user: User, match_id: int, seq: int) -> Loaded:
    """The match, locked, for a move chosen at step `seq`: a stale step or a finished game
    is refused."""
    loaded = load(match_for(user=user, match_id=match_id, lock=True))
    if seq != loaded.match.seq:
        raise StaleSeqError(loaded.match.seq, seq)
    if loaded.game.is_over(loaded.state):
        raise MatchRuleError("game_over", "the game is over")
    return loaded


@transaction.atomic
def match_act(
    *, user: User, match_id: int, seq: int, action: Action | None, action_id: int | None
) -> Match:
    loaded = _load_to_move(user=user, match_id=match_id, seq=seq)
    match, game, state = loaded.match, loaded.game, loaded.state
    if not is_human(match, state.to_act):
        raise MatchRuleError("not_your_turn", f"seat {state.to_act} is played by a bot")
    chosen = _chosen(game, state, action, action_id)
    try:
        events = game.apply(state, chosen)
    except EngineError as error:
        raise MatchRuleError(error.code, error.reason) from None
    _record(loaded, chosen, events, by_bot=False)
    _let_bots_move(loaded)
    return match


def _chosen(game: Game[Any], state: State, action: Action | None, action_id: int | None) -> Action:
    if action is not None:
        return action
    legal = game.legal_actions(state)
    if action_id is None or not 0 <= action_id < len(legal):
        raise MatchRuleError(
            "unknown_action", f"action_id must be one of 0 to {len(legal) - 1}, not {action_id}"
        )
    return legal[action_id]


@transaction.atomic
def match_advance(*, user: User, match_id: int, seq: int) -> Match:
    """Let the bots play their next decisions (at most the budget) when an earlier
    request left them to move."""
    loaded = _load_to_move(user=user, match_id=match_id, seq=seq)
    if not bots_to_move(loaded):
        seat = loaded.state.to_act
        raise MatchRuleError("no_bots_to_move", f"seat {seat} is played by a human")
    _let_bots_move(loaded)
    return loaded.match


def is_human(match: Match, seat: int | None) -> bool:
    return seat is not None and seat < len(match.seats) and match.seats[seat]["player"] == HUMAN


def bots_to_move(loaded: Loaded) -> bool:
    """The game is on and a bot is to act (after a request: it spent its budget)."""
    game, state = loaded.game, loaded.state
    return not game.is_over(state) and not is_human(loaded.match, state.to_act)


def _let_bots_move(loaded: Loaded) -> None:
    """Bots play until a human is to act, the game ends, or the request's BOT_BUDGET is
    spent (then `bots_to_move` stays true until `match_advance`)."""
    match, game, state = loaded.match, loaded.game, loaded.state
    budget, started = BOT_BUDGET, time.thread_time()
    for played in range(budget.decisions):
        spent = time.thread_time() - started
        if not bots_to_move(loaded) or (played and spent >= budget.cpu_seconds):
            break
        seat = state.to_act
        assert seat is not None
        # A bot is rebuilt for each decision from the match seed and the step, so its
        # choice depends only on the state and the seed, however requests are split.
        bot = game.make_bot(match.seats[seat]["player"], mix_seed(match.seed, match.seq + 1))
        chosen = bot.choose(state, game.legal_actions(state))
        _record(loaded, chosen, game.apply_unchecked(state, chosen), by_bot=True)
    _save(loaded)


def _record(loaded: Loaded, action: Action, events: list[Any], *, by_bot: bool) -> None:
    match = loaded.match
    match.seq += 1
    MatchAction.objects.create(
        match=match,
        seq=match.seq,
        player=action.player,
        by_bot=by_bot,
        action=action.to_dict(),
        events=[event.to_dict() for event in events],
        state_hash=loaded.state.hash(),
    )


def _save(loaded: Loaded) -> None:
    match = loaded.match
    match.state = loaded.state.to_dict()
    match.is_over = loaded.game.is_over(loaded.state)
    match.save()


@transaction.atomic
def match_undo(*, user: User, match_id: int, seq: int) -> Match:
    """Take back the last human action and the bot moves after it (goldfish, hotseat)."""
    match = match_for(user=user, match_id=match_id, lock=True)
    if match.mode == Match.Mode.BOTS:
        raise MatchRuleError("no_undo", "undo is for goldfish and hotseat matches")
    if seq != match.seq:
        raise StaleSeqError(match.seq, seq)
    last_human = match.actions.filter(by_bot=False).order_by("-seq").first()
    if last_human is None:
        raise MatchRuleError("nothing_to_undo", "no action to take back")
    match.actions.filter(seq__gte=last_human.seq).delete()
    game = get_game(match.game)
    state = game.new_game(match.setup, match.seed)
    for row in match.actions.order_by("seq"):
        game.apply_unchecked(state, Action.from_dict(row.action))
    match.seq = last_human.seq - 1
    _save(Loaded(match, game, state))
    return match


def match_replay(*, match: Match, verify: bool) -> dict[str, Any]:
    """Seed, setup and log; with `verify`, the log replayed with every hash checked."""
    rows = list(match.actions.order_by("seq"))
    result: dict[str, Any] = {
        "game": match.game,
        "rules_version": match.rules_version,
        "seed": match.seed,
        "setup": match.setup,
        "log": [
            {"seq": r.seq, "action": r.action, "by_bot": r.by_bot, "state_hash": r.state_hash}
            for r in rows
        ],
    }
    if verify:
        result["verified"], result["problem"] = _verify(match, rows)
    return result


def _verify(match: Match, rows: list[MatchAction]) -> tuple[bool, str | None]:
    game = get_game(match.game)
    state = game.new_game(match.setup, match.seed)
    for row in rows:
        try:
            game.apply(state, Action.from_dict(row.action))
        except EngineError as error:
            return False, f"step {row.seq}: {error.reason}"
        if state.hash() != row.state_hash:
            return False, f"step {row.seq}: the state hash differs"
    return True, None


def match_start(
    *,
    user: User,
    game: str,
    mode: str,
    seats: Sequence[dict[str, Any]],
    seed: int | None,
    test_anyway: bool = False,
    opposition: Any = None,
) -> Match:
    """A new match of the user's choosing: seats and decks read into the engine's setup
    (SeatsError when they cannot make a game; a deck not legal in its format only with
    ``test_anyway``, its seat then saying why; a goldfish's ``opposition``), then dealt
    from the seed."""
    setup, verdicts = match_setup(
        user=user, game=game, mode=mode, seats=seats, test_anyway=test_anyway,
        opposition=opposition,
    )  # fmt: skip
    kept = [
        {**seat, "deck_legality": verdict.to_dict()} if verdict and not verdict.legal else seat
        for seat, verdict in zip(seats, verdicts, strict=True)
    ]
    return match_create(owner=user, game=game, mode=mode, seats=kept, setup=setup, seed=seed)


def goldfish_start(
    *, user: User, deck_id: int, seed: int | None, test_anyway: bool = False,
    opposition: Any = None,
) -> Match:  # fmt: skip
    """A goldfish match of a deck the user may read: the deck names the game."""
    try:
        deck = deck_for_read(user=user, deck_id=deck_id)
    except Http404:
        raise SeatsError("deck", f"no deck {deck_id} that you may read") from None
    game = deck.game.slug
    if game not in DECK_GAMES:
        raise SeatsError("deck", f"{deck.game.name} decks cannot be goldfished")
    seats = [{"player": HUMAN, "deck": deck_id}]
    return match_start(
        user=user, game=game, mode=Match.Mode.GOLDFISH, seats=seats, seed=seed,
        test_anyway=test_anyway, opposition=opposition,
    )  # fmt: skip
