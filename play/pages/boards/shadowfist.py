"""The Shadowfist board: each seat's site structure (front and back row by column) with
the characters at each column, Power, hand, smoked and discard piles; actions as buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.pages.boards.common import (
    BoardInput,
    Wording,
    group_by_kind,
    make_buttons,
    names_by_id,
    player_name,
    seat_colour,
    turn_text,
    word_action,
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
SITE_TYPES = ("Feng Shui Site", "Site")
WORDINGS: dict[str, Wording] = {
    "power": ("Generate Power, discard {0:card}", "Generate Power"),
    "skip_power": "Skip Power and discard", "keep": "Keep the rest",
    "add_all": "Add every character to the attack", "go": "Start the attack", "pass": "Pass",
    "end_turn": "End turn", "join": ("Join the attack with {0:card}", "Join the attack"),
    "seize": "Seize the site", "smoke_site": "Smoke the site",
    "burn_victory": "Burn the site for victory", "burn_power": "Burn the site for Power",
    "move": "Move {0:card} to column {1:column}", "intercept": "Intercept {1:card} with {0:card}",
    "discard": "Discard {0:card}", "heal": "Heal {0:card}", "attack": "Attack {0:card}",
    "add": "Add to the attack: {0:card}", "strike": "Strike {0:card}",
}  # fmt: skip


def board(inp: BoardInput) -> dict[str, Any]:
    """The template context of the Shadowfist board."""
    state = inp.view["state"]
    names = names_by_id(state)
    cards = {c["id"]: c for c in state["hand"]}
    buttons = make_buttons(inp, lambda action: action_label(action, names, cards, state))
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
        "names": names,
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
        "colour": seat_colour(number),
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


def _card(card: Any, names: Mapping[int, str]) -> str:
    return names.get(card, "a face-down site") if isinstance(card, int) else str(card)


def action_label(
    action: Mapping[str, Any],
    names: Mapping[int, str],
    hand: Mapping[int, Mapping[str, Any]],
    state: Mapping[str, Any],
) -> str:
    """A readable label: "Generate Power", "Play Teahouse Brawler at column 1" (WORDINGS,
    but for the kinds worded from the hand or the state)."""
    kind, args = action["kind"], action["args"]
    if kind == "play":
        return _play_label(args, names, hand, state)
    if kind == "ability":
        on = f" on {', '.join(_card(t, names) for t in args[1:])}" if len(args) > 1 else ""
        return f"Use {_card(args[0], names)}{on}"
    if kind == "choose":
        return _choose_label(args[0], names, state)
    return word_action(
        action,
        WORDINGS,
        card=lambda card: _card(card, names),
        column=lambda index: str(index + 1),
    )


def _play_label(
    args: list[Any],
    names: Mapping[int, str],
    hand: Mapping[int, Mapping[str, Any]],
    state: Mapping[str, Any],
) -> str:
    card = hand.get(args[0], {})
    name, kind = _card(args[0], names), card.get("type", "")
    if kind == "Character" and len(args) > 1:
        return f"Play {name} at column {args[1] + 1}"
    if kind in SITE_TYPES and len(args) > 1:
        columns = len(state["seats"][state["player"]]["sites"])
        return f"Play {name} in a new column" if args[1] >= columns else (
            f"Play {name} behind column {args[1] + 1}"
        )  # fmt: skip
    if len(args) > 1:
        return f"Play {name} on {', '.join(_card(t, names) for t in args[1:])}"
    return f"Play {name}"


def _choose_label(option: Any, names: Mapping[int, str], state: Mapping[str, Any]) -> str:
    choice = state.get("choice") or {}
    if choice.get("kind") in ("discard", "recycle"):
        return f"Choose {_card(option, names)}"
    return f"Choose column {option + 1}" if isinstance(option, int) else f"Choose {option}"
