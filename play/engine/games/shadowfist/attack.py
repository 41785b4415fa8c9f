"""Declaring attacks, joining them and intercepting them.

Rules summary, "Kicking Butt":

- "Attack Declaration: You may attack with unturned characters. turn all attacking
  characters. You may have as many characters attack as you wish, but you can only
  attack one target. Each player in turn, clockwise from the attacking player, has a
  chance to join in the attack."
- "Defense: Before the player under attack defends, each player in turn, clockwise from
  the player under attack, may intercept the attack by turning each character he or she
  wishes to intercept with and declaring which attacker that character is intercepting.
  If a player wishes to intercept a given attacker with multiple characters, those
  characters must defend in a chain. ... Defense is chosen and combat is resolved before
  the next player may intercept. After all players other than the player under attack
  have had a chance to intercept, the player under attack may intercept with any
  characters at the same location as the target."
- "Turning": "intercepting does not require you to turn, but intercepting an attack at
  another location requires you to turn to change location."

Actions: ``attack (target)`` then ``add (character)`` per attacker (or ``add_all``) and
``go``; ``join (character)`` / ``pass``; ``intercept (interceptor, attacker)`` / ``pass``.
"""

from __future__ import annotations

from ...core import Action, Event
from .actions import make
from .damage import Events
from .effects.spec import ASSASSINATE, STEALTH, SUPERLEAP, TACTICS
from .effects.targets import attack_location, location_of
from .sites import front_sites, site_column
from .stack import seats_from
from .state import DECLARE, NONE, PLAY, ShadowfistState
from .stats import abilities


def attack_targets(state: ShadowfistState, seat: int) -> list[int]:
    """What the seat may attack: other seats' characters and front-row sites.

    Reading (docs/shadowfist.md): a back-row site is protected by the site in front of
    it, so only front-row sites are targets.
    """
    found = []
    for other in range(state.players):
        if other != seat:
            found += state.chars[other]
            found += front_sites(state, other)
    return found


def can_attack(state: ShadowfistState, seat: int) -> bool:
    """Whether the seat may declare an attack now: one attack, and another after each
    attack that damaged its target ("If any one of the attacking characters manages to
    damage its target, another attack can be declared")."""
    turned = state.turned
    return state.may_attack and any(not turned[c] for c in state.chars[seat])


def attack_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """``attack (target)`` for every target, when the seat may attack."""
    if not can_attack(state, seat):
        return []
    return [make("attack", seat, (t,)) for t in attack_targets(state, seat)]


def declare(state: ShadowfistState, action: Action, out: Events) -> None:
    """Start an attack on a target; attackers are added next."""
    target: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    state.att_player = action.player
    state.att_target = target
    state.att_defender = state.ctrl[target]
    state.attackers = []
    state.stopped = []
    state.blocks = []
    state.hit_done = []
    state.att_hit = False
    state.att_quiet = True
    state.may_attack = False
    state.phase = DECLARE
    if out is not None:
        out.append(Event("attack_declared", {"player": action.player, "target": target}))


def declare_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """``go`` once an attacker is in; ``add`` each unturned character; ``add_all`` (every
    unturned character at once) when two or more are left."""
    actions = [make("go", seat)] if state.attackers else []
    turned = state.turned
    ready = [c for c in state.chars[seat] if not turned[c]]
    if len(ready) > 1:
        actions.append(make("add_all", seat))
    actions += [make("add", seat, (c,)) for c in ready]
    return actions


def add_all(state: ShadowfistState, action: Action, out: Events) -> None:
    """Every unturned character of the seat attacks (in the order they entered play)."""
    turned = state.turned
    for char in [c for c in state.chars[action.player] if not turned[c]]:
        turned[char] = True
        state.attackers.append(char)
        if out is not None:
            out.append(Event("attacker", {"player": action.player, "card": char}))


def add_attacker(state: ShadowfistState, action: Action, out: Events) -> None:
    """An attacker (or a joining character) turns and joins the attack."""
    char: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    state.turned[char] = True
    state.attackers.append(char)
    if out is not None:
        out.append(Event("attacker", {"player": action.player, "card": char}))


def start_joining(state: ShadowfistState) -> None:
    """After the declaration: the other seats, clockwise from the attacker, may join
    (not the player under attack)."""
    attacker, defender = state.att_player, state.att_defender
    state.queue = [s for s in seats_from(state, attacker) if s not in (attacker, defender)]


def join_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """``pass`` and ``join`` each unturned character of the seat."""
    turned = state.turned
    return [make("pass", seat)] + [
        make("join", seat, (c,)) for c in state.chars[seat] if not turned[c]
    ]


def attacking_seats(state: ShadowfistState) -> set[int]:
    """The attacking player and every seat that joined."""
    return {state.att_player} | {state.ctrl[a] for a in state.attackers}


def start_interception(state: ShadowfistState) -> None:
    """Each other player clockwise from the player under attack, then that player."""
    defender = state.att_defender
    attacking = attacking_seats(state)
    order = [
        s
        for s in seats_from(state, (defender + 1) % state.players)
        if s != defender and s not in attacking
    ]
    if defender not in attacking:
        order.append(defender)
    state.queue = order


def active_attackers(state: ShadowfistState) -> list[int]:
    """Attackers still in play and not stopped by an interceptor."""
    zone, stopped = state.zone, state.stopped
    return [a for a in state.attackers if zone[a] == PLAY and a not in stopped]


def intercept_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """``pass`` and every legal (interceptor, attacker) pair of the seat."""
    actions = [make("pass", seat)]
    attackers = active_attackers(state)
    if not attackers:
        return actions
    here = attack_location(state)
    declared = {b[0] for b in state.blocks}
    target_is_char = state.defs[state.kind[state.att_target]].is_character
    for char in state.chars[seat]:
        if char in declared or char == state.att_target or char in state.attackers:
            continue
        at_target = seat == state.att_defender and location_of(state, char) == here
        if not at_target and state.turned[char]:
            continue  # changing location to intercept takes a turn
        bits = abilities(state, char)
        for attacker in attackers:
            if _may_intercept(state, attacker, bits, at_target, target_is_char):
                actions.append(make("intercept", seat, (char, attacker)))
    return actions


def _may_intercept(
    state: ShadowfistState, attacker: int, bits: int, at_target: bool, target_is_char: bool
) -> bool:
    """The attacker's abilities (the effect vocabulary): Superleap: "only characters with Superleap
    may intercept it"; Stealth: "only characters already at the target's location may
    intercept it"; Assassinate: "when it attacks a character (not a site), it cannot be
    intercepted"."""
    attacker_bits = abilities(state, attacker)
    if attacker_bits & ASSASSINATE and target_is_char:
        return False
    if attacker_bits & SUPERLEAP and not bits & SUPERLEAP:
        return False
    return not (attacker_bits & STEALTH and not at_target)


def intercept(state: ShadowfistState, action: Action, out: Events) -> None:
    """Declare an interceptor. Changing location turns it (not with Tactics); the player
    under attack's character moves to the target's location for good."""
    char: int = action.args[0]  # type: ignore[assignment]  # ints: from legal_actions
    attacker: int = action.args[1]  # type: ignore[assignment]  # an int: from legal_actions
    seat = action.player
    here = attack_location(state)
    if not (seat == state.att_defender and location_of(state, char) == here):
        if not abilities(state, char) & TACTICS:
            state.turned[char] = True
        if seat == state.att_defender and here is not None:
            state.loc[char] = here[1]
    state.blocks.append([char, attacker])
    if out is not None:
        out.append(Event("intercepted", {"player": seat, "card": char, "attacker": attacker}))


def target_column(state: ShadowfistState) -> int:
    """The column of the attack's target (its location in the defender's structure)."""
    target = state.att_target
    if state.defs[state.kind[target]].is_site:
        return site_column(state, target)
    return state.loc[target]


def clear_attack(state: ShadowfistState) -> None:
    """Forget the attack (after it ends)."""
    state.att_player = NONE
    state.att_target = NONE
    state.att_defender = NONE
    state.attackers = []
    state.stopped = []
    state.blocks = []
    state.queue = []
    state.hit_done = []
    state.att_hit = False
    state.att_quiet = True
