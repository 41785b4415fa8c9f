"""The table a goldfish faces (docs/play.md, "The table a goldfish faces"): what a user
asks for, checked by the game's engine, recorded in a spec and worded for reports.

Shadowfist: the dummy's opposition (an engine ``Opposition``: its sites, their Body, its
blockers). ChiZo RISING: the tiles of a passive opponent's board (0: alone). The
matches and the simulations read a table through these functions only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from play.engine.core import SetupError
from play.matches.setups import SeatsError

#: A goldfish spec written before its table was a choice ran against these: Shadowfist's
#: dummy sites of Body 5 without blockers ("soft"), ChiZo alone.
EARLIER_TABLES: Final[Mapping[str, Any]] = {"shadowfist": "soft", "chizo": None}


def goldfish_table(game: str, value: Any) -> Any:
    """The table a goldfish of ``game`` faces, from what a user asked (a profile's name or
    a mapping; None: the game's default): Shadowfist an engine ``Opposition``, ChiZo the
    tiles of a passive board; None for a game without a goldfish. Raises SeatsError
    ("opposition") for a bad value."""
    from play.engine.games.chizo.goldfish import board_from
    from play.engine.games.shadowfist import opposition_from

    readers = {"shadowfist": opposition_from, "chizo": board_from}
    if game not in readers:
        if value is not None:
            raise SeatsError("opposition", f"a {game} game has no goldfish table to choose")
        return None
    try:
        return readers[game](value)
    except SetupError as error:
        raise SeatsError("opposition", error.reason) from None


def table_dict(game: str, table: Any) -> dict[str, Any]:
    """A table as a spec records it, every figure with its profile's name."""
    if game == "chizo":
        from play.engine.games.chizo.goldfish import board_dict

        return board_dict(table)
    result: dict[str, Any] = table.to_dict()
    return result


def spec_table(game: str, spec: Mapping[str, Any]) -> Any:
    """The table a goldfish spec runs against (an earlier spec's, when it names none)."""
    return goldfish_table(game, spec.get("opposition", EARLIER_TABLES.get(game)))


def table_words(game: str, spec: Mapping[str, Any]) -> str:
    """ "against the defended table (a feng shui site of Body 7 each turn; ...)", or
    "beside a passive opponent's board of 12 basic creature tiles, one a turn" ("" for
    ChiZo alone: the solitaire needs no words)."""
    table = spec_table(game, spec)
    if game == "chizo":
        from play.engine.games.chizo.goldfish import board_words

        return board_words(table) if table else ""
    from play.engine.games.shadowfist.opposition import profile_name

    return f"against the {profile_name(table)} table ({table.words()})"


def table_profiles() -> list[tuple[str, str, str]]:
    """Every named table: (game's name, profile, its words), for forms and help."""
    from play.engine.games.chizo.goldfish import BOARD_PROFILES, board_words
    from play.engine.games.shadowfist import PROFILES

    shadowfist = [("Shadowfist", name, table.words()) for name, table in PROFILES.items()]
    chizo = [("ChiZo RISING", name, board_words(size)) for name, size in BOARD_PROFILES.items()]
    return shadowfist + chizo
