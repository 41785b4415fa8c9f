"""What one seat may see: its own hand, the table, the public piles; not the others'
hands, the order of any deck, face-down sites it does not control, or the rng."""

from __future__ import annotations

from typing import Any

from .choices import choice_options
from .effects.spec import ABILITY_NAMES
from .effects.targets import attack_location
from .sites import sites_of
from .state import ShadowfistState
from .stats import abilities, body, fighting, toughness
from .victory import goal, victory_count


def card_view(state: ShadowfistState, card: int) -> dict[str, Any]:
    """A card's public facts: instance id, title and type."""
    definition = state.defs[state.kind[card]]
    return {
        "id": card,
        "card": definition.id,
        "name": definition.name,
        "type": definition.type,
        "owner": state.owner[card],
    }


def view(state: ShadowfistState, player: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The seat's view as JSON-ready data (``legal``: its legal actions, if it is to act)."""
    n = state.players
    return {
        "game": "shadowfist",
        "player": player,
        "players": n,
        "step": state.step,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "to_act": state.to_act,
        "dummy": state.dummy if state.dummy >= 0 else None,
        "goal": goal(state),
        "winner": state.winner,
        "hand": [card_view(state, c) for c in sorted(state.hands[player])],
        "seats": [_seat(state, seat, player) for seat in range(n)],
        "stack": [
            {
                "card": card_view(state, item[0]),
                "player": item[1],
                "ability": bool(item[2]),
                "targets": item[3:],
            }
            for item in state.stack
        ],
        "attack": _attack(state),
        "choice": _choice(state, player),
        "legal_actions": legal,
    }


def _seat(state: ShadowfistState, seat: int, viewer: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "pool": state.pool[seat],
        "hand_size": len(state.hands[seat]),
        "deck_size": len(state.decks[seat]),
        "victory": victory_count(state, seat),
        "turns": state.turns[seat],
        "smoked": [card_view(state, c) for c in state.smoked[seat]],
        "discard": [card_view(state, c) for c in state.discards[seat]],
        "burned": [card_view(state, c) for c in state.burned[seat]],
        "sites": [[_site(state, s, viewer) for s in column] for column in state.columns[seat]],
        "characters": [_character(state, c) for c in state.chars[seat]],
        "edges": [_in_play(state, c) for c in state.edges[seat]],
        "site_count": len(sites_of(state, seat)),
    }


def _in_play(state: ShadowfistState, card: int) -> dict[str, Any]:
    data = card_view(state, card)
    data["turned"] = state.turned[card]
    data["states"] = [card_view(state, s) for s in state.attached if state.host[s] == card]
    return data


def _site(state: ShadowfistState, site: int, viewer: int) -> dict[str, Any]:
    if not state.face_up[site] and state.ctrl[site] != viewer:
        return {
            "id": site,
            "face_down": True,
            "damage": state.damage[site],
            "turned": state.turned[site],
        }
    data = _in_play(state, site)
    data.update(
        face_down=not state.face_up[site],
        damage=state.damage[site],
        body=body(state, site),
        power=state.defs[state.kind[site]].power,
    )
    return data


def _character(state: ShadowfistState, char: int) -> dict[str, Any]:
    data = _in_play(state, char)
    bits = abilities(state, char)
    data.update(
        location=state.loc[char],
        damage=state.damage[char],
        fighting=fighting(state, char),
        toughness=toughness(state, char),
        abilities=[name for bit, name in ABILITY_NAMES if bits & bit],
    )
    return data


def _attack(state: ShadowfistState) -> dict[str, Any] | None:
    if state.att_player < 0:
        return None
    where = attack_location(state)
    return {
        "player": state.att_player,
        "target": state.att_target,
        "defender": state.att_defender,
        "attackers": list(state.attackers),
        "stopped": list(state.stopped),
        "location": None if where is None else list(where),
        "interceptions": [list(b) for b in state.blocks],
    }


def _choice(state: ShadowfistState, viewer: int) -> dict[str, Any] | None:
    if state.choice is None:
        return None
    kind, seat, count = state.choice[0], state.choice[1], state.choice[2]
    data: dict[str, Any] = {"kind": kind, "player": seat, "count": count}
    if seat == viewer:
        data["options"] = choice_options(state)
    return data
