"""Random play over many seeds: the harness the invariant tests and the long fuzz run share.

A :class:`FuzzCase` is one game with one player count (or variant): its setup and bots
per seed, and its own checks as hooks (no piece created or lost; the listed actions and
nothing else are legal; a state its viewer cannot tell apart; what its outcome must
say). The harness plays a seeded game with the bots, checking that every chosen action
is a listed one (``verify`` too, as often as the case says); one step of some games, and
every few steps of the first (thorough) seeds, goes through ``apply`` with the costly
checks (the listed actions, conservation, state, action and events through JSON, views
leaking nothing, malformed actions a client could send, deep nesting included, refused
with an engine error and the state untouched); the game must end, within the length
cap, with every piece accounted for, and the same seed must give the same game on the
fast path, through ``apply`` and from a recorded transcript.

Used by ``test_*_invariants.py`` (1,000 seeds per case) and ``bench/fuzz_engine.py``
(10,000 and more, over every core). Its last part holds what the invariant test modules
share besides their cases: the per-case tests (the seeds, the same seed twice, a recorded
replay) and the check that a cloned state is independent of its original.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, Generic, TypeVar

import pytest

from play.engine.core import (
    Action,
    DataError,
    Event,
    Game,
    IllegalAction,
    Outcome,
    State,
    record,
    replay,
)
from play.engine.core.values import MAX_ARG_DEPTH
from play.engine.simulate import bot_seed, play_game

S = TypeVar("S", bound=State)


@dataclass(frozen=True, slots=True)
class Rates:
    """How often the costly checks run: every n-th step or seed (0: never).

    The figures are each game's own, tuned so its test runs in seconds.
    """

    sample: int = 10  #: one game in ``sample`` gets the deep checks at one step ...
    sample_step: int = 97  #: ... the step ``seed % sample_step``
    deep: int = 1  #: a thorough game gets the deep checks every ``deep`` steps ...
    exhaustive: int = 3  #: ... the listed-actions check every ``exhaustive`` steps ...
    views: int = 5  #: ... and the views every ``views`` steps
    verify: int = 0  #: ``verify`` the chosen action every ``verify`` steps
    light: int = 0  #: the case's cheap check on the fast path every ``light`` steps
    final_json: int = 1  #: seeds whose final state goes through JSON
    final_views: int = 0  #: seeds whose final views are checked
    fast: int = 0  #: seeds played again on the fast path (``play_game``)
    checked: int = 0  #: seeds played again through ``apply``


def _nothing(*_: Any) -> None:
    return None


def _no_skip(*_: Any) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Result:
    """What the totals of a run are checked on."""

    seed: int
    status: str
    length: int
    end: str  #: how the game ended, when the game says (ChiZo: points, exhausted ...)


@dataclass(frozen=True)
class FuzzCase(Generic[S]):
    """One game and player count (or variant), with the game's hooks."""

    game: Game[S]
    players: int
    variant: str
    #: The setup of a seed's game.
    setup: Callable[[int], Mapping[str, Any]]
    #: The bots' names per seat for a seed.
    bots: Callable[[int], list[str]]
    #: No piece created or lost: ``conserve(state, fixed)``, ``fixed`` being what
    #: ``fixed(state)`` said after setup (e.g. the owners, which never change).
    conserve: Callable[[S, Any], None]
    #: The game's check of its listed actions (each verifies, or applies on a clone;
    #: near misses are refused).
    exhaustive: Callable[[S], None]
    #: A state ``viewer`` cannot tell apart from ``state``: ``hide(state, viewer, seed)``.
    hide: Callable[[S, int, int], S]
    #: Keys no view may have.
    hidden_keys: frozenset[str]
    #: What the finished game's outcome must say: ``check_outcome(state, outcome, seed)``.
    check_outcome: Callable[[S, Outcome, int], None]
    #: What the results of a run of seeds ``0 .. n - 1`` must show together.
    check_totals: Callable[[Sequence[Result]], None] = _nothing
    fixed: Callable[[S], Any] = _nothing
    #: A cheap check on the fast path: ``light(state, step)``, every ``rates.light`` steps.
    light: Callable[[S, int], None] = _nothing
    #: Viewers whose view is not checked against ``hide``: ``view_skip(state, viewer)``.
    view_skip: Callable[[S, int], bool] = _no_skip
    #: How the game ended, for the totals.
    end: Callable[[S], str] = lambda _: ""
    rates: Rates = field(default_factory=Rates)
    thorough: int = 3  #: seeds ``0 .. thorough - 1`` get the deep checks every few steps
    same_seeds: Sequence[int] = (0, 1, 2)  #: seeds played twice to the same game
    record_seed: int = 99  #: the seed recorded and replayed hash by hash

    @property
    def slug(self) -> str:
        return self.game.info.slug

    @property
    def label(self) -> str:
        return " ".join(p for p in (self.slug, f"{self.players}p", self.variant) if p)

    @property
    def test_id(self) -> str:
        return "-".join(p for p in (str(self.players), self.variant.replace(" ", "_")) if p)


@dataclass(slots=True)
class Played(Generic[S]):
    """A game played by the harness: its final state, its actions, its fixed facts."""

    state: S
    actions: list[Action]
    fixed: Any


def roundtrip(data: object) -> Any:
    return json.loads(json.dumps(data))


def every(n: int, count: int) -> bool:
    """Whether ``count`` is one of every ``n``-th (never when ``n`` is 0)."""
    return n > 0 and count % n == 0


def play_one(
    case: FuzzCase[S], seed: int, thorough: bool, setup: Mapping[str, Any] | None = None
) -> Played[S]:
    """Play a game, checking that each action is a listed one; invariants on the way."""
    game, rates = case.game, case.rates
    state = game.new_game(case.setup(seed) if setup is None else setup, seed)
    choosers = [
        game.make_bot(name, bot_seed(seed, s)).choose for s, name in enumerate(case.bots(seed))
    ]
    fixed = case.fixed(state)
    case.conserve(state, fixed)
    sample = seed % rates.sample_step if every(rates.sample, seed) else -1
    actions: list[Action] = []
    while legal := game.legal_actions(state):
        step = len(actions)
        # A seat: someone is to act while actions are legal.
        action = choosers[state.to_act](state, legal)  # type: ignore[index]
        # Every applied action is legal (identity first: equality is slow on long lists).
        assert any(map(is_, legal, repeat(action))) or action in legal
        if every(rates.verify, step):
            game.verify(state, action)
        if (thorough and step % rates.deep == 0) or step == sample:
            deep_step(case, state, action, fixed, seed, step, thorough)
        else:
            game.advance(state, action)
            if every(rates.light, step):
                case.light(state, step)
        actions.append(action)
    assert game.is_over(state)
    return Played(state, actions, fixed)


def deep_step(
    case: FuzzCase[S],
    state: S,
    action: Action,
    fixed: Any,
    seed: int,
    step: int,
    thorough: bool,
) -> None:
    """Apply ``action`` through the checked path with the costly checks around it."""
    rates = case.rates
    if not thorough or step % rates.exhaustive == 0:
        case.exhaustive(state)
        check_malformed_actions(case.game, state, action)
    events = case.game.apply(state, action)
    case.conserve(state, fixed)
    check_json_roundtrips(case.game, state, action, events)
    if not thorough or step % rates.views == 0:
        check_views(case, state, seed + step)


def nested(depth: int, inner: Any = 0) -> Any:
    """``inner`` in ``depth`` lists: [[0]] for 2 (built without recursion)."""
    for _ in range(depth):
        inner = [inner]
    return inner


def nested_dicts(depth: int) -> Any:
    """0 in ``depth`` objects: {"a": {"a": 0}} for 2."""
    inner: Any = 0
    for _ in range(depth):
        inner = {"a": inner}
    return inner


# Past any recursion limit: built once, shared (never changed).
DEEP_LIST = nested(5_000)
DEEP_DICT = nested_dicts(5_000)
ODD_VALUES: list[Any] = [-1, 2**63, "", "x" * 1_000, [], True, None, 1.5, {}, "²", "٣"]


def malformed_actions(action: Action) -> list[Any]:
    """Action dicts a client could send instead of ``action``: not actions at all, fields
    of the wrong type or range, arguments changed, added, dropped, nested, deep."""
    data = action.to_dict()
    args: list[Any] = data["args"]
    found: list[Any] = [None, [], "play", DEEP_DICT, DEEP_LIST]
    found += [{**data, "kind": kind} for kind in ("", "nope", data["kind"].upper(), 5, None)]
    found += [{**data, "player": p} for p in (-1, 10**9, True, str(data["player"]), None)]
    not_lists: tuple[Any, ...] = (5, "x", {}, DEEP_DICT, DEEP_LIST)
    found += [{**data, "args": value} for value in not_lists]
    found += [{**data, "args": [*args, value]} for value in ODD_VALUES]
    found += [{**data, "args": [value]} for value in ([0], nested(MAX_ARG_DEPTH + 1), DEEP_LIST)]
    for index, arg in enumerate(args):
        for value in [*ODD_VALUES, [arg], nested(MAX_ARG_DEPTH + 1, arg), str(arg)]:
            found.append({**data, "args": [*args[:index], value, *args[index + 1 :]]})
    if args:
        found.append({**data, "args": args[:-1]})
    return found


def check_malformed_actions(game: Game[S], state: S, action: Action) -> None:
    """Each malformed action is refused, by ``Action.from_dict`` (DataError) or by
    ``verify`` (IllegalAction), never with another error; the state is untouched."""
    legal = game.legal_actions(state)
    before = state.hash()
    for data in malformed_actions(action):
        try:
            parsed = Action.from_dict(data)
        except DataError:
            continue
        if parsed in legal:
            continue  # a change that names another listed action (a player's other seat)
        with pytest.raises(IllegalAction):
            game.verify(state, parsed)
    assert state.hash() == before


def check_json_roundtrips(game: Game[S], state: S, action: Action, events: list[Event]) -> None:
    data = state.to_dict()
    again = game.state_from_dict(roundtrip(data))
    assert again.to_dict() == data
    assert again.hash() == state.hash()
    assert game.legal_actions(again) == game.legal_actions(state)
    assert Action.from_dict(roundtrip(action.to_dict())) == action
    for event in events:
        assert Event.from_dict(roundtrip(event.to_dict())) == event


def check_views(case: FuzzCase[S], state: S, seed: int) -> None:
    """Views are JSON, hold none of the hidden keys, and do not change with what their
    viewer cannot see."""
    game = case.game
    # Every game's state has players; the State base class does not declare it.
    for viewer in range(state.players):  # type: ignore[attr-defined]
        view = game.view(state, viewer)
        assert roundtrip(view) == view
        assert not case.hidden_keys & set(view)
        if not case.view_skip(state, viewer):
            assert game.view(case.hide(state, viewer, seed), viewer) == view


def check_game(case: FuzzCase[S], seed: int) -> Result:
    """Play seed ``seed`` and check its game from end to end (the per-seed test)."""
    game, rates = case.game, case.rates
    setup = case.setup(seed)
    played = play_one(case, seed, seed < case.thorough, setup)
    state, actions = played.state, played.actions
    outcome = game.outcome(state)
    assert outcome.length == len(actions) <= game.info.max_length
    case.check_outcome(state, outcome, seed)
    assert Outcome.from_dict(roundtrip(outcome.to_dict())) == outcome
    case.conserve(state, played.fixed)
    if every(rates.final_json, seed):
        check_json_roundtrips(game, state, actions[-1], [])
    if every(rates.final_views, seed):
        check_views(case, state, seed)
    if every(rates.fast, seed):
        # The fast path (no verify, no events) plays the very same game.
        assert play_game(game, setup, case.bots(seed), seed).hash() == state.hash()
    if every(rates.checked, seed):
        # The checked path (every action verified, events built) plays the same game.
        assert replay_checked(case, seed, actions, setup).hash() == state.hash()
    return Result(seed, outcome.status, outcome.length, case.end(state))


def replay_checked(
    case: FuzzCase[S],
    seed: int,
    actions: Sequence[Action],
    setup: Mapping[str, Any] | None = None,
) -> S:
    """The same game through ``apply``: every action verified, events built."""
    state = case.game.new_game(case.setup(seed) if setup is None else setup, seed)
    for action in actions:
        case.game.apply(state, action)
    return state


def check_same_seed(case: FuzzCase[S], seed: int) -> None:
    """The same seed gives the same game, also replayed through ``apply``."""
    first = play_one(case, seed, thorough=False)
    second = play_one(case, seed, thorough=False)
    assert first.actions == second.actions
    assert first.state.hash() == second.state.hash()
    assert replay_checked(case, seed, first.actions).hash() == first.state.hash()


def check_recorded_replay(case: FuzzCase[S], seed: int) -> None:
    """A recorded game, through JSON, replays with every state hash matching."""
    played = play_one(case, seed, thorough=False)
    transcript = record(case.game, case.setup(seed), seed, played.actions)
    final = replay(type(transcript).from_dict(roundtrip(transcript.to_dict())))
    assert final.hash() == transcript.final_hash


#: Mutation testing (bench/mutation.py) reruns the invariant tests for every mutant: it sets
#: this variable to play at most that many seeds per case, without the totals (figures
#: over the full count).
SEEDS_CAP_VARIABLE = "ENGINE_FUZZ_SEEDS"


def seeds_to_play(seeds: int) -> int:
    """``seeds``, or fewer under the cap that mutation testing sets."""
    return min(seeds, int(os.environ.get(SEEDS_CAP_VARIABLE) or seeds))


def run_seeds(case: FuzzCase[S], seeds: int) -> list[Result]:
    """The per-seed check over seeds ``0 .. seeds - 1``, then the totals."""
    played = seeds_to_play(seeds)
    results = [check_game(case, seed) for seed in range(played)]
    if played == seeds:
        case.check_totals(results)
    return results


def fuzz_seed(case: FuzzCase[S], seed: int) -> Result:
    """Everything the harness checks about one seed (the long run's unit of work)."""
    result = check_game(case, seed)
    if seed in case.same_seeds:
        check_same_seed(case, seed)
    if seed == case.record_seed:
        check_recorded_replay(case, seed)
    return result


def statuses(results: Sequence[Result]) -> Counter[str]:
    return Counter(r.status for r in results)


# What the invariant test modules share besides the cases: their per-case tests (a test
# module binds each to its own ``test_*`` name, under which pytest collects it) and the
# check that a clone is independent of its original.

#: Picks one of the legal actions: ``choose(state, legal)`` (a bot's ``choose`` will do).
Choose = Callable[[Any, Sequence[Action]], Action]


def per_case(cases: Sequence[FuzzCase[Any]]) -> pytest.MarkDecorator:
    """Parametrize a test (argument ``case``) over ``cases``, each named by its
    ``test_id`` (``3``, ``4-teams``, ``2-real_decks`` ...)."""
    return pytest.mark.parametrize("case", cases, ids=lambda case: case.test_id)


#: A test over cases, as pytest calls it: ``test(case)``.
CaseTest = Callable[[FuzzCase[Any]], None]


def _case_test(
    cases: Sequence[FuzzCase[Any]], check: Callable[[FuzzCase[Any]], object]
) -> CaseTest:
    def test(case: FuzzCase[Any]) -> None:
        check(case)

    # A mark returns the test it marks; mypy sees Any (two of MarkDecorator's overloads match).
    marked: CaseTest = per_case(cases)(test)
    return marked


def seeds_test(cases: Sequence[FuzzCase[Any]], seeds: int) -> CaseTest:
    """A test, per case of ``cases``, of :func:`run_seeds` over seeds ``0 .. seeds - 1``:
    every game checked from end to end, then the case's totals."""
    return _case_test(cases, lambda case: run_seeds(case, seeds))


def same_seed_test(cases: Sequence[FuzzCase[Any]]) -> CaseTest:
    """A test, per case of ``cases``, of :func:`check_same_seed` on each of the case's
    ``same_seeds``."""
    return _case_test(cases, check_same_seeds)


def recorded_replay_test(cases: Sequence[FuzzCase[Any]]) -> CaseTest:
    """A test, per case of ``cases``, of :func:`check_recorded_replay` on the case's
    ``record_seed``."""
    return _case_test(cases, lambda case: check_recorded_replay(case, case.record_seed))


def check_same_seeds(case: FuzzCase[S]) -> None:
    """:func:`check_same_seed` on each of ``case.same_seeds``."""
    for seed in case.same_seeds:
        check_same_seed(case, seed)


def first_action(_: object, legal: Sequence[Action]) -> Action:
    """The first listed action (a :data:`Choose`)."""
    return legal[0]


def last_action(_: object, legal: Sequence[Action]) -> Action:
    """The last listed action (a :data:`Choose`)."""
    return legal[-1]


def apply_steps(game: Game[S], state: S, choose: Choose, steps: int) -> None:
    """Apply ``steps`` actions to ``state`` through ``apply``, each picked by ``choose``;
    the game must not end before."""
    for step in range(steps):
        legal = game.legal_actions(state)
        assert legal, f"the game ended after {step} of {steps} steps"
        game.apply(state, choose(state, legal))


def check_clone_is_independent(
    game: Game[S], state: S, choose: Choose, limit: int | None = None
) -> S:
    """A clone of ``state`` (a game not over yet) starts out equal to it, and playing the
    clone on (through ``apply``, each action picked by ``choose``, to the end or for
    ``limit`` actions) leaves ``state`` unchanged. Returns the clone as played, for the
    game's own checks."""
    assert not game.is_over(state), "the clone would have nothing to play"
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    before = state.to_dict()
    played = 0
    while (limit is None or played < limit) and (legal := game.legal_actions(twin)):
        game.apply(twin, choose(twin, legal))
        played += 1
    assert state.to_dict() == before
    return twin
