"""The Shadowfist board: each seat's site structure (front and back row by column) with
the characters at each column, Power, hand, smoked and discard piles; actions as buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.matches.pages.boards.common import (
    BoardInput,
    group_by_kind,
    make_buttons,
    names_by_id,
    player_name,
    seat_class,
    turn_text,
)

KIND_TITLES = {
    "power": "Establishing shot", "skip_power": "Establishing shot", "discard": "Discard",
    "keep": "Discard", "play": "Play a card", "ability": "Abilities", "heal": "Heal",
    "move": "Move", "attack": "Attack", "add": "Attack", "add_all": "Attack", "go": "Attack",
    "join": "Attack", "intercept": "Intercept", "strike": "Combat", "seize": "Site at 0 Body",
    "smoke_site": "Site at 0 Body", "burn_victory": "Site at 0 Body",
    "burn_power": "Site at 0 Body", "choose": "Choose", "pass": "Pass", "end_turn": "End turn",
}  # fmt: skip
PHASE_TEXT = {"power": "Establishing shot", "main": "Main shot", "over": "Game over"}


def board(inp: BoardInput) -> dict[str, Any]:
    """The template context of the Shadowfist board."""
    state = inp.view["state"]
    names = names_by_id(state)
    buttons = make_buttons(inp)
    viewer = inp.view["viewer"]
    order = [viewer, *[s for s in range(state["players"]) if s != viewer]]
    return {
        "template": "play/boards/shadowfist.html",
        "phase": phase_text(inp.view),
        "hand": state["hand"],
        "seats": [seat_board(inp, state["seats"][seat]) for seat in order],
        "stack": [f"{item['card']['name']}" for item in state["stack"]],
        "attack": attack_text(state.get("attack"), names),
        "groups": group_by_kind(buttons, KIND_TITLES),
    }


def phase_text(view: Mapping[str, Any]) -> str:
    """ "Turn 3: You, Main shot"."""
    phase = view["state"]["phase"]
    return turn_text(view, PHASE_TEXT.get(phase, str(phase).replace("_", " ")))


def seat_board(inp: BoardInput, seat: Mapping[str, Any]) -> dict[str, Any]:
    """One seat: its columns (front site, back site, characters there) and its piles."""
    number = seat["seat"]
    at: dict[int, list[dict[str, Any]]] = {}
    for character in seat["characters"]:
        at.setdefault(character.get("location", 0), []).append(character)
    columns = []
    for index, column in enumerate(seat["sites"]):
        columns.append(
            {
                "number": index + 1,
                "front": _site(column[0]) if column else None,
                "back": _site(column[1]) if len(column) > 1 else None,
                "characters": [_character(c) for c in at.pop(index, [])],
            }
        )
    elsewhere = [_character(c) for chars in at.values() for c in chars]
    return {
        "seat": number,
        "name": player_name(inp.view, number),
        "colour_class": seat_class(number),
        "dummy": number == inp.view["state"].get("dummy"),
        "pool": seat["pool"],
        "victory": seat["victory"],
        "goal": inp.view["state"].get("goal"),
        "hand_size": seat["hand_size"],
        "deck_size": seat["deck_size"],
        "smoked": len(seat["smoked"]),
        "discard": len(seat["discard"]),
        "burned": len(seat["burned"]),
        "columns": columns,
        "elsewhere": elsewhere,
        "edges": [e["name"] for e in seat["edges"]],
    }


def _site(site: Mapping[str, Any]) -> dict[str, Any]:
    if "name" not in site:
        return {"name": "Face-down site", "hidden": True, "damage": site.get("damage", 0),
                "turned": site.get("turned", False)}  # fmt: skip
    return {
        "name": site["name"],
        "hidden": False,
        "face_down": site.get("face_down", False),
        "body": site.get("body"),
        "damage": site.get("damage", 0),
        "power": site.get("power"),
        "turned": site.get("turned", False),
        "states": [s["name"] for s in site.get("states", [])],
    }


def _character(character: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "name": character["name"],
        "fighting": character.get("fighting"),
        "damage": character.get("damage", 0),
        "toughness": character.get("toughness", 0),
        "turned": character.get("turned", False),
        "abilities": character.get("abilities", []),
        "states": [s["name"] for s in character.get("states", [])],
    }


def attack_text(attack: Mapping[str, Any] | None, names: Mapping[int, str]) -> str:
    """The attack under way: by whom, on what, with which characters."""
    if not attack:
        return ""
    target = names.get(attack["target"], "a face-down site")
    attackers = ", ".join(names.get(a, f"card {a}") for a in attack["attackers"]) or "nobody yet"
    return f"Seat {attack['player'] + 1} attacks {target} with {attackers}"
