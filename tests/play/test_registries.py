"""The goldfish runners and deck setups are tables written where they are looked up, full as
soon as their module is imported: no app's ready() has to run first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_tables_are_full_without_django_set_up() -> None:
    # A fresh interpreter that never calls django.setup(), so no AppConfig.ready() runs.
    script = (
        "import sys; from play.simulations.runners import GOLDFISH_RUNNERS; "
        "from play.matches.setups import DECK_SETUPS; "
        "print(sorted(GOLDFISH_RUNNERS), sorted(DECK_SETUPS)); "
        "sys.exit('django' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == ("['chizo', 'shadowfist'] ['chizo', 'shadowfist']")


def test_the_play_app_fills_no_table_when_ready() -> None:
    from play.apps import PlayConfig

    assert "ready" not in vars(PlayConfig)
