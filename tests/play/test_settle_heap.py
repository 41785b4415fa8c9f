"""Processes that run games in bulk set Django's objects aside from the cyclic garbage
collector once started (play.simulations.runners.settle_heap): the goldfish command
before its games, a Celery worker process when it starts."""

from __future__ import annotations

import gc
import io
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery.signals import worker_process_init  # type: ignore[import-untyped]
from django.core.management import call_command

from play.simulations.runners import settle_heap


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the suite collects as usual


def is_collectable(thing: object) -> bool:
    """Whether the collector still walks ``thing`` (it is in one of its generations)."""
    return any(found is thing for found in gc.get_objects())


def test_settling_collects_the_garbage_first_and_sets_the_living_aside() -> None:
    gc.disable()  # no collection of its own between here and settle_heap
    try:
        garbage, live = Node(), Node()
        garbage.other, live.other = garbage, live  # two cycles; only ``live`` is held
        gone = weakref.ref(garbage)
        del garbage
        assert gone() is not None
        assert is_collectable(live)
        settle_heap()
    finally:
        gc.enable()
    assert gone() is None  # the garbage cycle was collected, not set aside for good
    assert not is_collectable(live)
    assert gc.get_freeze_count() > 0


@pytest.mark.django_db
def test_the_goldfish_command_settles_its_heap_before_its_games(tmp_path: Path) -> None:
    deck = tmp_path / "stack.txt"
    deck.write_text("10 Rat\n10 Rabbit\n10 Horse\n", encoding="utf-8")
    assert gc.get_freeze_count() == 0
    call_command("goldfish", "chizo", "--deck", str(deck), "--games", "2", "--no-progress",
                 stdout=io.StringIO())  # fmt: skip
    assert gc.get_freeze_count() > 0


def test_a_worker_process_settles_its_heap_when_it_starts() -> None:
    import play.simulations.tasks  # noqa: F401  # the worker loads it: its signal handlers

    assert gc.get_freeze_count() == 0
    worker_process_init.send(sender=None)
    assert gc.get_freeze_count() > 0
