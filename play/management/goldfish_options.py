"""The command-line options a goldfish shares between the goldfish and simulate commands:
the Shadowfist dummy's table (a profile, and any of its figures replaced)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.management.base import CommandParser

from play.engine.games.shadowfist import DEFAULT_PROFILE, PROFILES

#: Each figure's option, and the opposition's name for it.
FIGURES = {
    "dummy_sites": "sites",
    "site_body": "site_body",
    "blockers": "blockers",
    "blocker_fighting": "blocker_fighting",
}


def add_opposition_arguments(parser: CommandParser) -> None:
    group = parser.add_argument_group(
        "Shadowfist opposition", "What the goldfish dummy puts on the table (docs/play.md)."
    )
    group.add_argument(
        "--opposition",
        choices=list(PROFILES),
        default=None,
        help=f"The table's profile (default {DEFAULT_PROFILE}): "
        + "; ".join(f"{name}: {table.words()}" for name, table in PROFILES.items()),
    )
    group.add_argument("--dummy-sites", type=int, help="The most sites the dummy lays.")
    group.add_argument("--site-body", type=int, help="The Body of the dummy's sites.")
    group.add_argument("--blockers", type=int, help="Characters the dummy keeps in play.")
    group.add_argument("--blocker-fighting", type=int, help="Their Fighting.")


def opposition_input(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The opposition the options ask for, in the API's shape (None: none asked)."""
    asked = {name: options[option] for option, name in FIGURES.items()
             if options.get(option) is not None}  # fmt: skip
    if options.get("opposition"):
        asked["profile"] = options["opposition"]
    return asked or None
