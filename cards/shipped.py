"""The catalogue shipped with Cardhouse: its data files turned into specs.

The project's ChiZo tile set lives in cards/data/; every other file is the rules engine's
per-game data, read by path (cards/gamedata.py), its one copy.

- ChiZo RISING: the 12 basic creatures (stand-in compatibility and STR/INT) and the
  project's own tile set (the printed tile list was never published).
- Shadowfist: the project's own starter set (real cards come from the importer).
- Raise and Chocobo Party Up!: the fixed components, from the stand-in figures.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from cards.gamedata import game_json
from cards.models import Card
from cards.upsert import CardSpec, PrintingSpec, SetSpec

DATA_DIR = Path(__file__).resolve().parent / "data"


def read_json(relative: str) -> Any:
    with (DATA_DIR / relative).open(encoding="utf-8") as handle:
        return json.load(handle)


def _printing(set_code: str, slug: str) -> list[PrintingSpec]:
    return [PrintingSpec(set_code=set_code, external_id=slug, rarity="")]


# --- ChiZo RISING ---------------------------------------------------------------

CHIZO_BASIC_TEXT = (
    "Basic Creature. No special effect. A stack may hold any number of basic creatures."
)


def chizo_allies() -> dict[str, list[str]]:
    allies: dict[str, list[str]] = game_json("chizo")["allies"]
    return allies


def chizo_catalogue() -> tuple[list[SetSpec], list[CardSpec]]:
    data = read_json("chizo/tiles.json")
    meta = data["set"]
    set_spec = SetSpec(
        code=meta["code"],
        name=meta["name"],
        release_order=1,
        is_project_set=True,
        description=meta.get("description", ""),
    )
    specs = list(_chizo_basics(set_spec.code))
    specs += [_chizo_tile(tile, set_spec.code) for tile in data["tiles"]]
    return [set_spec], specs


def _chizo_basics(set_code: str) -> Iterator[CardSpec]:
    figures = game_json("chizo")
    for name in figures["zodiac_order"]:
        strength, intelligence = figures["basic_str_int"][name]
        slug = slugify(name)
        yield CardSpec(
            slug=slug,
            fields={
                "name": name,
                "type": "Creature",
                "creature_class": name,
                "is_basic": True,
                "element": None,
                "strength": strength,
                "intelligence": intelligence,
                "compatible_classes": Card.join_classes(figures["allies"][name]),
                "effect_key": "basic",
                "effect_params": {},
                "effect_text": CHIZO_BASIC_TEXT,
            },
            printings=_printing(set_code, slug),
        )


def _chizo_tile(tile: dict[str, Any], set_code: str) -> CardSpec:
    creature_class = tile.get("class") or ""
    compatible = tile.get("compatible")
    if compatible is None and creature_class:
        compatible = chizo_allies()[creature_class]
    slug = slugify(tile["name"])
    return CardSpec(
        slug=slug,
        fields={
            "name": tile["name"],
            "type": tile["type"],
            "creature_class": creature_class,
            "is_basic": False,
            "element": tile.get("element"),
            "strength": tile.get("str"),
            "intelligence": tile.get("int"),
            "compatible_classes": Card.join_classes(compatible or []),
            "effect_key": tile["effect_key"],
            "effect_params": tile.get("effect_params", {}),
            "effect_text": tile["effect_text"],
        },
        printings=_printing(set_code, slug),
    )


# --- Shadowfist starter set -------------------------------------------------------


def shadowfist_catalogue() -> tuple[list[SetSpec], list[CardSpec]]:
    data = game_json("shadowfist", "starter.json")
    meta = data["set"]
    set_spec = SetSpec(
        code=meta["code"],
        name=meta["name"],
        release_order=100,
        is_project_set=True,
        description=meta.get("description", ""),
    )
    return [set_spec], [_shadowfist_card(card, set_spec.code) for card in data["cards"]]


def _shadowfist_card(card: dict[str, Any], set_code: str) -> CardSpec:
    slug = slugify(card["name"])
    return CardSpec(
        slug=slug,
        fields={
            "name": card["name"],
            "subtitle": card.get("subtitle", ""),
            "type": card["type"],
            "faction": card.get("faction", ""),
            "cost": card.get("cost"),
            "cost_is_x": card.get("cost_is_x", False),
            "requires": card.get("requires", ""),
            "provides": card.get("provides", ""),
            "fighting": card.get("fighting"),
            "fighting_is_x": card.get("fighting_is_x", False),
            "power": card.get("power"),
            "body": card.get("body"),
            "designators": " ".join(card["designators"]),
            "is_no_max": card.get("no_max", False),
            "is_unique": card.get("unique", False),
            "is_limited": card.get("limited", False),
            # The effects are loaded from their own file (cards/effects/shipped.py).
            "effect_text": card["effect_text"],
        },
        printings=_printing(set_code, slug),
    )


# --- Raise ----------------------------------------------------------------------

RAISE_SET = SetSpec(
    code="RAISE",
    name="Raise (stand-in components)",
    release_order=1,
    is_project_set=True,
    description=(
        "Stand-in figures: the distribution of numbers and symbols was printed on an "
        "overview card that was never transcribed."
    ),
)


def raise_catalogue() -> tuple[list[SetSpec], list[CardSpec]]:
    data = game_json("raise_")
    sets_in_box = data["sets"]
    kinds = Counter((c["symbol"], c["value"], c["vp"]) for c in data["set_cards"])
    specs = [
        _raise_number_card(symbol, value, vp, copies * sets_in_box)
        for (symbol, value, vp), copies in sorted(kinds.items())
    ]
    specs += [_raise_point_card(value) for value in sorted(set(data["point_cards"]))]
    return [RAISE_SET], specs


def _raise_number_card(symbol: str, value: int, vp: int, copies: int) -> CardSpec:
    name = f"{symbol.capitalize()} {value}"
    slug = slugify(name)
    text = f"Number card: {value} times (1 + the dice showing a {symbol}). Worth {vp} at the end."
    return CardSpec(
        slug=slug,
        fields={
            "name": name,
            "type": "Number Card",
            "symbol": symbol,
            "value": value,
            "points": vp,
            "copies": copies,
            "effect_text": text,
        },
        printings=_printing(RAISE_SET.code, slug),
    )


def _raise_point_card(value: int) -> CardSpec:
    name = f"Point Card {value}"
    slug = slugify(name)
    return CardSpec(
        slug=slug,
        fields={
            "name": name,
            "type": "Point Card",
            "value": value,
            "points": value,
            "copies": 1,
            "effect_text": f"Won by the winner of a round: worth {value} points at the end.",
        },
        printings=_printing(RAISE_SET.code, slug),
    )


# --- Chocobo Party Up! ------------------------------------------------------------

CHOCOBO_SET = SetSpec(
    code="CPU",
    name="Chocobo Party Up! (components)",
    release_order=1,
    is_project_set=True,
    description="Friend cards as listed in the rulebook's appendix; the board is a stand-in.",
)

# Rulebook, "Appendix: Friend Cards".
CHOCOBO_FRIEND_TEXT = {
    "Shirma": ("die_plus_one", "Add +1 to the die during this turn."),
    "Croma": ("move_companion", "Choose a companion chocobo and move it one space."),
    "Moguri": (
        "place_trail_token",
        "Choose a space with a trail symbol that has no trail token and place a trail token on it.",
    ),
    "Tifon": (
        "send_home",
        "Choose another player's chocobo (that is not a big chocobo). That player must move "
        "the chosen chocobo to any space of their territory board.",
    ),
    "Golem": (
        "scatter_space",
        "Choose a space. Move all the chocobos on that space (except big chocobos) one at a "
        "time to adjacent spaces.",
    ),
}
CHOCOBO_PRINTED_NAMES = {"Tifon": "Tifón", "Golem": "Gólem"}


def chocobo_catalogue() -> tuple[list[SetSpec], list[CardSpec]]:
    counts = game_json("chocobo")["components_real"]["friend_cards"]
    specs = []
    for key, copies in counts.items():
        effect_key, text = CHOCOBO_FRIEND_TEXT[key]
        name = CHOCOBO_PRINTED_NAMES.get(key, key)
        slug = slugify(key)
        specs.append(
            CardSpec(
                slug=slug,
                fields={
                    "name": name,
                    "type": "Friend Card",
                    "copies": copies,
                    "effect_key": effect_key,
                    "effect_text": text,
                },
                printings=_printing(CHOCOBO_SET.code, slug),
            )
        )
    return [CHOCOBO_SET], specs


CATALOGUES = {
    "chizo": chizo_catalogue,
    "shadowfist": shadowfist_catalogue,
    "raise": raise_catalogue,
    "chocobo": chocobo_catalogue,
}
