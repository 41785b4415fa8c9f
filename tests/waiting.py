"""How tests wait: on the condition itself, within a generous budget.

The suite runs on machines with two cores shared with other work, where anything can take
many times longer than on a quiet one. So a test never sleeps for a fixed time or races a
short deadline: it polls for what it needs, and only gives up (saying what it waited for)
after WAIT_SECONDS, a budget meant to be reached only when something is broken. A loaded
machine makes the suite slower, never red.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import pytest

# The budget for anything a test waits on: a worker, a server, a subprocess, a simulation.
WAIT_SECONDS = 900.0  # a 4,000-game rescue took over 300 s on a loaded 2-core machine
# Browser expectations and actions (Playwright's own defaults are 5 s and 30 s): one page
# step is far less work than a simulation, so a shorter budget keeps a real failure quick.
BROWSER_WAIT_SECONDS = 90.0
POLL_SECONDS = 0.1

T = TypeVar("T")


def wait_for(
    condition: Callable[[], T],
    what: str | Callable[[], str],
    budget: float = WAIT_SECONDS,
) -> T:
    """Poll `condition` until it returns something truthy, and return that. After `budget`
    seconds, fail the test with "timed out after N s waiting for <what>" (`what` may be a
    function, called then, to say how far things got)."""
    deadline = time.monotonic() + budget
    while not (result := condition()):
        if time.monotonic() >= deadline:
            said = what() if callable(what) else what
            pytest.fail(f"timed out after {budget:.0f} s waiting for {said}")
        time.sleep(POLL_SECONDS)
    return result
