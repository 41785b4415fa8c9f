"""Battles: announcing, asking for Allies, and the result at the face-down tile.

"As an action, a BATTLE may be announced by choosing the ATTACKER (under the
announcer's control) and the DEFENDER (controlled by an opponent). The chosen Tiles must
be Neighbors." Then "both players may ask for Allies. The ATTACKER is the first to ask.
In order to be an Ally, the Allying Creature must be a Neighbor to the defending
Creature." "All Neighbors are possible Allies but each Player may support only one
side." "Items and Obstacles can neither be chosen to be the ATTACKER in a BATTLE nor be
used as an Ally." Then the attacker lays the face-down tile (``stack.start_battle``).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core import Action
from .actions import STOP, one, two
from .catalog import NO_ALLY, NO_ATTACK, NO_DEFEND
from .events import Events, emit
from .filters import CREATURE_BIT
from .grid import DX, adjacent, neighbours
from .state import (
    ASK_ATTACKER,
    ASK_DEFENDER,
    ATTACKER_SIDE,
    DEFENDER_SIDE,
    Battle,
    ChizoState,
)
from .targets import restriction_map, restrictions, values
from .zones import capture, sweep


def battle_actions(state: ChizoState, player: int) -> list[Action]:
    """Every ("battle", attacker, defender) ``player`` may announce now.

    A Battle needs a tile in hand to lay face down ("The first Tile to start the BATTLE
    ACTION STACK is played face down by the Attacker").
    """
    if not state.hands[player] or state.players < 2:
        return []
    found = []
    for attacker, defender in _pairs(state, player):
        found.append(two("battle", player, attacker, defender))
    return found


def can_battle(state: ChizoState, player: int) -> bool:
    """Whether ``player`` could announce a Battle now."""
    if not state.hands[player] or state.players < 2:
        return False
    return next(_iter_pairs(state, player), None) is not None


def _pairs(state: ChizoState, player: int) -> list[tuple[int, int]]:
    return sorted(_iter_pairs(state, player))


def _iter_pairs(state: ChizoState, player: int) -> Iterator[tuple[int, int]]:
    """(attacker, defender) pairs ``player`` may announce, in no particular order."""
    cat, kind, ctrl, grid, team = state.cat, state.kind, state.ctrl, state.grid, state.team
    bits, mine = cat.bits, team[player]
    flags: dict[int, int] | None = None
    for attacker, cell in state.pos.items():
        if ctrl[attacker] != player or not bits[kind[attacker]] & CREATURE_BIT:
            continue
        defenders = []
        for n in (cell + DX, cell - DX, cell + 1, cell - 1):
            d = grid.get(n)
            if d is not None and team[ctrl[d]] != mine:
                defenders.append(d)
        if not defenders:
            continue
        if flags is None:
            flags = restriction_map(state)
        if not flags.get(attacker, 0) & NO_ATTACK:
            for d in defenders:
                if not flags.get(d, 0) & NO_DEFEND:
                    yield (attacker, d)


def announce(state: ChizoState, player: int, attacker: int, defender: int, out: Events) -> None:
    """Start a Battle; the sides then ask for Allies (skipped when nobody can ally)."""
    state.battle = Battle(attacker, defender, player, state.ctrl[defender], state.players)
    emit(
        out,
        "battle",
        player=player,
        attacker=attacker,
        defender=defender,
        attacker_name=state.name(attacker),
        defender_name=state.name(defender),
    )
    # "If any Creature's STR ever reaches 0, immediately remove it from play" (line 211):
    # a bonus "while it is the Attacker/Defender" counts from now on. A side removed so
    # leaves a Battle without a result (result: "no longer neighbours").
    sweep(state, out)
    advance_allies(state)


def candidates(state: ChizoState, battle: Battle) -> list[int]:
    """Creatures the side now asking may ask to ally, by uid."""
    side = battle.step
    cell = state.pos.get(battle.defender)
    if cell is None or side not in (ASK_ATTACKER, ASK_DEFENDER):
        return []
    cat, kind, ctrl, grid = state.cat, state.kind, state.ctrl, state.grid
    joined = {a for a, _ in battle.allies}
    found = []
    for n in neighbours(cell):
        u = grid.get(n)
        if u is None or u in (battle.attacker, battle.defender) or u in joined:
            continue
        if not cat.bits[kind[u]] & CREATURE_BIT or (u, side) in battle.asked:
            continue
        if battle.support[ctrl[u]] not in (-1, side) or restrictions(state, u) & NO_ALLY:
            continue
        found.append(u)
    return sorted(found)


def asker(battle: Battle) -> int:
    """The player asking for Allies now: the announcer, then the defending player."""
    return battle.announcer if battle.step == ASK_ATTACKER else battle.defending


def advance_allies(state: ChizoState) -> None:
    """Move past the sides that have nobody left to ask (never while a creature's
    controller has yet to answer: every caller comes with no request pending)."""
    battle = state.battle
    assert battle is not None
    while battle.step in (ASK_ATTACKER, ASK_DEFENDER) and not candidates(state, battle):
        battle.step += 1


def ally_actions(state: ChizoState, player: int) -> list[Action]:
    """ "stop" asking, or "ask" one of the candidates."""
    battle = state.battle
    assert battle is not None
    return [STOP[player]] + [one("ask", player, u) for u in candidates(state, battle)]


def ask(state: ChizoState, uid: int, out: Events) -> None:
    """Ask a creature: your own joins at once, another player's controller answers."""
    battle = state.battle
    assert battle is not None
    side = battle.step
    battle.asked.append((uid, side))
    if state.ctrl[uid] == asker(battle):
        join(state, uid, side, out)
    else:
        battle.request = uid
        if out is not None:
            emit(out, "ally_asked", tile=uid, name=state.name(uid), player=state.ctrl[uid])


def answer(state: ChizoState, accept: bool, out: Events) -> None:
    """The asked creature's controller accepts or refuses."""
    battle = state.battle
    assert battle is not None
    uid, battle.request = battle.request, -1
    if accept:
        join(state, uid, battle.step, out)
    else:
        if out is not None:
            emit(out, "ally_refused", tile=uid, player=state.ctrl[uid])
        advance_allies(state)


def join(state: ChizoState, uid: int, side: int, out: Events) -> None:
    """A creature allies a side; its controller now supports that side."""
    battle = state.battle
    assert battle is not None
    battle.allies.append((uid, side))
    battle.support[state.ctrl[uid]] = side
    if out is not None:
        emit(out, "ally", tile=uid, name=state.name(uid), side=side)
    advance_allies(state)


def stop(state: ChizoState) -> None:
    """The asking side asks nobody else."""
    battle = state.battle
    assert battle is not None
    battle.step += 1
    advance_allies(state)


def sides(state: ChizoState, battle: Battle) -> tuple[list[int], list[int]]:
    """The tiles fighting on each side now: the main tile and its Allies that are still
    in play, still involved and still neighbours of the Defender ("Allies no more")."""
    dcell = state.pos[battle.defender]
    found: tuple[list[int], list[int]] = ([battle.attacker], [battle.defender])
    for ally, side in battle.allies:
        cell = state.pos.get(ally)
        if cell is not None and ally not in battle.dismissed and adjacent(cell, dcell):
            found[side].append(ally)
    return found


def totals(state: ChizoState, tiles: list[int]) -> tuple[int, int]:
    """Summed STR and INT of a side: "the STR and INT values are added"."""
    s = i = 0
    for uid in tiles:
        a, b = values(state, uid)
        s += a
        i += b
    return s, i


def result(state: ChizoState, out: Events) -> None:
    """The Battle's result, when the face-down tile at the bottom is reached.

    "The creature with the greatest STR and INT values wins the battle. A higher STR or
    INT value is not necessarily enough . . . If both creatures have equal STR and/or INT
    values, then the Battle is a draw." It is fought only "if the BATTLE ACTION STACK is
    worked down to the Tile faced down and the ATTACKER and the DEFENDER are still
    Neighbors". The winner's controller captures the loser and its Allies.
    """
    battle = state.battle
    if battle is None:
        return
    pos = state.pos
    a_cell, d_cell = pos.get(battle.attacker), pos.get(battle.defender)
    if a_cell is None or d_cell is None or not adjacent(a_cell, d_cell):
        if out is not None:
            emit(out, "battle_result", winner=None, why="no longer neighbours")
        return
    attackers, defenders = sides(state, battle)
    a_str, a_int = totals(state, attackers)
    d_str, d_int = totals(state, defenders)
    if a_str > d_str and a_int > d_int:
        winner, losers = battle.attacker, defenders
    elif d_str > a_str and d_int > a_int:
        winner, losers = battle.defender, attackers
    else:
        emit(
            out,
            "battle_result",
            winner=None,
            why="draw",
            attacker=[a_str, a_int],
            defender=[d_str, d_int],
        )
        return
    seat = state.ctrl[winner]
    emit(
        out,
        "battle_result",
        winner=seat,
        side=ATTACKER_SIDE if winner == battle.attacker else DEFENDER_SIDE,
        attacker=[a_str, a_int],
        defender=[d_str, d_int],
    )
    capture(state, losers, seat, out)
