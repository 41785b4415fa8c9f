"""Combat: interception chains, the attackers reaching the target, and damaged sites.

Rules summary, "Combat": "Characters in combat inflict their Fighting score ... in
damage. Damage lowers Fighting score. Attacking characters that defeat interceptors
continue to attack until they have reached their target. If any one of the attacking
characters manages to damage its target, another attack can be declared."
"Damaging Sites": "A feng shui site that has its Body rating ... reduced to zero by an
attacking character can be either seized, smoked, or burned, and a feng shui site can be
burned either to reduce by one the total number of feng shui sites you must control for
victory or to add five Power to your Power pool. If you burn a site for Power your turn
ends. A regular site taking damage equal to its Body rating can be either seized or
smoked."

Readings (docs/shadowfist.md): combat damage is simultaneous, except that Ambush
damage comes first (the effect vocabulary: "If that damage smokes an opponent without Ambush, that
opponent inflicts no damage"); an attacker *defeats* an interceptor by smoking it and
is stopped by one that survives; a target character strikes one attacker that reached
it, chosen by its controller; the attacking player decides a site's fate.
"""

from __future__ import annotations

from ...core import Action, Event
from .actions import make
from .attack import active_attackers, clear_attack
from .damage import Events, damage_site, inflict
from .effects.registry import resolve_effect
from .effects.spec import AMBUSH
from .sites import place_site, remove_site, site_slots
from .state import BURNED, FATE, MAIN, NONE, PLAY, SMOKED, STRIKE, ShadowfistState
from .stats import abilities, body, fighting
from .victory import check_victory
from .zones import leave_play, settle, smoke

Blow = tuple[int, int]  # (dealer, receiver)


def exchange(state: ShadowfistState, blows: list[Blow], out: Events) -> None:
    """Characters inflict their Fighting on their opponents, Ambush first.

    Each step is simultaneous: every amount is worked out before any is dealt, and
    characters are smoked only once the step's damage is all in.
    """
    ambush = [b for b in blows if abilities(state, b[0]) & AMBUSH]
    if ambush:
        _deal(state, ambush, out)
        settle(state, out)
        blows = [b for b in blows if b not in ambush]
    _deal(state, blows, out)
    settle(state, out)


def _deal(state: ShadowfistState, blows: list[Blow], out: Events) -> None:
    zone = state.zone
    amounts = [
        (dealer, receiver, fighting(state, dealer))
        for dealer, receiver in blows
        if zone[dealer] == PLAY and zone[receiver] == PLAY
    ]
    # Combat damage is simultaneous: nothing leaves play until ``settle`` (a damaged
    # site's fate waits too), so every receiver listed is still in play when it is hit.
    for dealer, receiver, amount in amounts:
        if state.defs[state.kind[receiver]].is_site:
            dealt = damage_site(state, receiver, amount, out)
        else:
            dealt = inflict(state, receiver, amount, out)
        if dealt and receiver == state.att_target and dealer in state.attackers:
            _hit(state, dealer, out)


def _hit(state: ShadowfistState, attacker: int, out: Events) -> None:
    """An attacker damaged the target: another attack may follow, and its
    ``attack_hit`` effect happens once per attack ("even if the same combat smokes
    this character")."""
    state.att_hit = True
    spec = state.defs[state.kind[attacker]].effect
    if spec is not None and spec.trigger == "attack_hit" and attacker not in state.hit_done:
        state.hit_done.append(attacker)
        resolve_effect(state, state.ctrl[attacker], attacker, spec, (), out)


def resolve_blocks(state: ShadowfistState, out: Events) -> None:
    """Resolve one intercepting player's combats, attacker by attacker, each attacker
    against its chain of interceptors in the order they were declared."""
    blocks, zone = state.blocks, state.zone
    for attacker in [a for a in state.attackers if any(b[1] == a for b in blocks)]:
        for interceptor in [b[0] for b in blocks if b[1] == attacker]:
            if zone[attacker] != PLAY:
                break
            if zone[interceptor] != PLAY:
                continue
            exchange(state, [(attacker, interceptor), (interceptor, attacker)], out)
            if zone[attacker] == PLAY and zone[interceptor] == PLAY:
                state.stopped.append(attacker)  # not defeated: the attacker is stopped
                break
    state.blocks = []


def reach_target(state: ShadowfistState, out: Events) -> None:
    """The attackers that got through reach the target (or the attack ends)."""
    target = state.att_target
    reaching = active_attackers(state)
    if state.zone[target] != PLAY or state.ctrl[target] != state.att_defender or not reaching:
        end_attack(state, out)
        return
    if state.defs[state.kind[target]].is_site:
        exchange(state, [(a, target) for a in reaching], out)
        if state.zone[target] == PLAY and state.damage[target] >= body(state, target):
            state.phase = FATE
            return
        end_attack(state, out)
        return
    if len(reaching) > 1 and fighting(state, target) > 0 and state.att_defender != state.dummy:
        state.phase = STRIKE
        return
    strike_back(state, reaching[0], out)


def strike_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """The target character's controller picks the attacker it inflicts damage on."""
    return [make("strike", seat, (a,)) for a in active_attackers(state)]


def strike_back(state: ShadowfistState, struck: int, out: Events) -> None:
    """Combat at a target character: the attackers hit it, it hits ``struck``."""
    target = state.att_target
    blows: list[Blow] = [(a, target) for a in active_attackers(state)]
    if struck != NONE:
        blows.append((target, struck))
    exchange(state, blows, out)
    end_attack(state, out)


def fate_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """Seize (into a slot of your structure) or smoke; a feng shui site may be burned."""
    actions = [make("seize", seat, (slot,)) for slot in site_slots(state, seat)]
    actions.append(make("smoke_site", seat))
    if state.defs[state.kind[state.att_target]].is_fs:
        actions += [make("burn_victory", seat), make("burn_power", seat)]
    return actions


def decide_fate(state: ShadowfistState, action: Action, out: Events) -> None:
    """Apply the attacking player's choice for a site reduced to 0 Body."""
    seat, site, kind = action.player, state.att_target, action.kind
    if kind == "seize":
        # "Seizing a site involves playing that site into your site structure": it stays
        # in play (with its states), changes controller and loses its damage.
        remove_site(state, site)
        slot: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
        place_site(state, seat, site, slot)
        state.damage[site] = 0
        state.face_up[site] = True
    elif kind == "smoke_site":
        smoke(state, site, out)
    elif kind == "burn_victory":
        leave_play(state, site, BURNED, out, burner=seat)
    else:
        # "In burning for power the site goes into the owners smoked pile and you gain
        # five power. You are no closer to fulfilling victory conditions and your turn
        # immediately ends."
        leave_play(state, site, SMOKED, out)
        state.pool[seat] += 5
        state.power_burned = True
    if out is not None:
        out.append(Event("site_fate", {"player": seat, "card": site, "fate": kind}))
    if kind in ("seize", "burn_victory") and state.defs[state.kind[site]].is_fs:
        # "You must either seize or 'burn for victory' your final feng shui site": only
        # a feng shui site taken that way can be the final one; seizing a regular site
        # never wins, whatever the count.
        check_victory(state, seat, out)
    if state.winner is None:
        end_attack(state, out)


def end_attack(state: ShadowfistState, out: Events) -> None:
    """The attack is over: back to the main shot (the turn ends after a burn for Power).
    Bonuses "while attacking" end, which may smoke a damaged character."""
    hit = state.att_hit
    clear_attack(state)
    if hit:
        state.may_attack = True
    state.phase = MAIN
    settle(state, out)
    if out is not None:
        out.append(Event("attack_ended", {"hit": hit}))
