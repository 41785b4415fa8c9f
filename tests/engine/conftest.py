"""Fixtures of the engine tests.

Under mutation testing (bench/mutation.py), mutmut names the mutant under test in
``MUTANT_UNDER_TEST`` and runs each one in a process forked after the tests have run
once unmutated. A game's memoised tables (Chocobo's layouts, prebuilt actions and the
greedy bot's per-board tables; Raise's card values per roll; ChiZo's catalogues, checked
setups and prebuilt actions; Shadowfist's card fields and starter set) would then keep
what the unmutated code built, and no test would reach a mutant of the code that builds
them. So under mutation testing each mutant's run starts from empty caches (its tests
then share what the mutated code builds, as the tests of an unmutated run share what it
builds); otherwise nothing changes.
"""

from __future__ import annotations

import os

import pytest

#: The mutant whose run last emptied the caches (each mutant runs in its own process).
_emptied_for: list[str] = []


@pytest.fixture(autouse=True)
def _fresh_caches_under_mutation_testing() -> None:
    mutant = os.environ.get("MUTANT_UNDER_TEST")
    if mutant is None:
        return
    # mutmut's "stats" run traces which tests reach each function: there every test
    # starts from empty caches, so each test that needs a table reaches the code that
    # builds it. A mutant's run needs them emptied once, before its first test.
    if mutant == "stats" or _emptied_for != [mutant]:
        _emptied_for[:] = [mutant]
        from play.engine.games.chizo import actions as chizo_actions
        from play.engine.games.chizo import catalog as chizo_catalog
        from play.engine.games.chizo import setup as chizo_setup
        from play.engine.games.chocobo import actions, board, bots
        from play.engine.games.raise_ import cards as raise_cards
        from play.engine.games.shadowfist import cards as shadowfist_cards
        from play.engine.games.shadowfist import setup as shadowfist_setup

        board.layout.cache_clear()
        actions.tables.cache_clear()
        actions._TABLE.clear()
        bots._known.cache_clear()
        bots._steps.cache_clear()
        for memo in raise_cards._BY_FACES.values():
            memo.clear()
        for table in (
            chizo_actions._CELL_ACTIONS,
            chizo_actions._ONE,
            chizo_actions._TWO,
            chizo_actions._TO,
            chizo_actions._LAST,
            chizo_catalog._CACHE,
            chizo_catalog._SUBSETS,
            chizo_catalog._BY_JSON,
            chizo_setup._PARSED,
        ):
            table.clear()
        shadowfist_cards._card_items.cache_clear()
        shadowfist_setup.starter.cache_clear()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under mutation testing, run the tests that reach the mutant cheapest first.

    mutmut runs each mutant's tests with ``-x`` in no set order; it recorded each test's
    duration in the unmutated run. With the cheap tests first, a mutant that a quick
    test kills stops before the long invariant runs, and the verdicts do not change.
    """
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    from mutmut.state import state

    durations = state().duration_by_test
    if durations:
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
