"""The ``tactician`` bot: a stronger heuristic than ``greedy``, still one step deep.

What it adds to the greedy bot (docs/shadowfist.md, "Bots"):

* characters: a character providing a resource the hand is missing comes first;
* attacks are planned: a target is chosen only if the attackers' Fighting, less what the
  opponents' possible interceptors would stop, can take the site (or kill the
  character) this turn; only the attackers needed go (the strongest first), and the
  strongest character stays home when an opponent's characters could take one of its
  front-row feng shui sites;
* before the attackers reach a site, a Fighting bonus event is played if it makes the
  difference; a site is burned for victory when that wins, else seized;
* defending: interceptors that survive, that trade with an attacker costing as much or
  more, or that save a feng shui site are declared;
  damage events and "turn" abilities hit attackers about to take one of its sites; an
  opponent's event aimed at its characters is cancelled; a third player intercepts only
  to stop an attacker from winning;
* after attacking, damaged characters left unturned are healed.

It reads only what its seat may see: a face-down site of another player counts as
Body 6 (the commonest), except the goldfish dummy's, whose Body the convention fixes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core import Action
from .bots import GreedyBot, _definition, _int, _main_worth
from .effects.spec import SUPERLEAP
from .sites import front_sites
from .state import DECLARE, FATE, INTERCEPT, MAIN, PLAY, TARGET, ShadowfistState
from .stats import abilities, body, fighting, fighting_before_damage, resources
from .victory import goal, victory_count

UNKNOWN_BODY: Final = 6


class TacticianBot(GreedyBot):
    """Plans its attacks and defends; see the module docstring for the heuristic."""

    name = "tactician"

    def choose(self, state: ShadowfistState, legal: Sequence[Action]) -> Action:
        """The heuristic's pick among ``legal``."""
        if len(legal) == 1 or state.choice is not None:
            return super().choose(state, legal)
        phase = state.phase
        if state.pending:
            return _respond(state, legal) or legal[0]
        if phase == MAIN:
            return _main(state, legal)
        if phase == DECLARE:
            return _declare(state, legal)
        if phase == INTERCEPT:
            return _intercept(state, legal)
        if phase == FATE:
            return _fate(state, legal)
        return super().choose(state, legal)


# -- reading the table --------------------------------------------------------------------


def body_left(state: ShadowfistState, site: int, seat: int) -> int:
    """A site's Body less its damage, as ``seat`` knows it."""
    known = state.face_up[site] or state.ctrl[site] == seat or state.owner[site] == state.dummy
    return (body(state, site) if known else UNKNOWN_BODY) - state.damage[site]


def _blockers(state: ShadowfistState, seat: int, target: int) -> list[int]:
    """Opponents' characters that could intercept an attack on ``target`` (strongest first)."""
    defender = state.ctrl[target]
    column = _column(state, target)
    found = []
    for other, chars in enumerate(state.chars):
        if other == seat or other == state.dummy:
            continue
        for char in chars:
            if char == target:
                continue
            home = other == defender and state.loc[char] == column
            if home or not state.turned[char]:
                found.append(char)
    return sorted(found, key=lambda c: -fighting(state, c))


def _column(state: ShadowfistState, card: int) -> int:
    if state.defs[state.kind[card]].is_site:
        for c, column in enumerate(state.columns[state.ctrl[card]]):
            if card in column:
                return c
    return state.loc[card]


def _through(state: ShadowfistState, attackers: list[int], blockers: list[int]) -> int:
    """Fighting that gets past the blockers: each blocker stops the strongest attacker it
    can (Superleap attackers only by Superleap blockers)."""
    left = sorted(attackers, key=lambda c: -fighting(state, c))
    for blocker in blockers:
        leaps = abilities(state, blocker) & SUPERLEAP
        for attacker in left:
            if leaps or not abilities(state, attacker) & SUPERLEAP:
                left.remove(attacker)
                break
    return sum(fighting(state, c) for c in left)


def _ready(state: ShadowfistState, seat: int) -> list[int]:
    return [c for c in state.chars[seat] if not state.turned[c]]


def _threatened(state: ShadowfistState, seat: int) -> bool:
    """Whether a real opponent's characters (all unturned next turn) could take one of
    the seat's front-row feng shui sites."""
    sites = [s for s in front_sites(state, seat) if state.defs[state.kind[s]].is_fs]
    if not sites:
        return False
    weakest = min(body(state, s) for s in sites)
    return any(
        sum(fighting(state, c) for c in chars) >= weakest
        for other, chars in enumerate(state.chars)
        if other not in (seat, state.dummy)
    )


# -- the main shot ------------------------------------------------------------------------


def _main(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    seat = legal[0].player
    missing = _missing_codes(state, seat)
    best, best_worth = legal[0], 0.0
    attack_worth = {a: _attack_worth(state, a) for a in legal if a.kind == "attack"}
    for action in legal:
        if action.kind == "attack":
            worth = attack_worth[action]
        elif action.kind == "heal":
            worth = 1.0  # after everything else: a healed character defends
        else:
            worth = _main_worth(state, action)
            if action.kind == "play" and worth and missing:
                provides = _definition(state, action).provides
                worth += 15 * sum(1 for code in provides if code in missing)
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def _missing_codes(state: ShadowfistState, seat: int) -> set[str]:
    """Resource codes the hand needs and the pool lacks."""
    pool = resources(state, seat)
    missing = set()
    for card in state.hands[seat]:
        for code, count in state.defs[state.kind[card]].needs:
            if pool.get(code, 0) < count:
                missing.add(code)
    return missing


def _attack_worth(state: ShadowfistState, action: Action) -> float:
    """Attack only a target it can take (or kill) this turn, the most valuable first."""
    seat, target = action.player, _int(action, 0)
    attackers = _attackers_for(state, seat)
    if not attackers:
        return 0
    through = _through(state, attackers, _blockers(state, seat, target))
    definition = state.defs[state.kind[target]]
    if definition.is_site:
        need = body_left(state, target, seat)
        if through < need:
            return 0
        win = victory_count(state, seat) + 1 >= goal(state) and definition.is_fs
        return (200 if win else 40 if definition.is_fs else 15) - need * 0.1
    if through >= fighting_before_damage(state, target) - state.damage[target]:
        return 10 + fighting(state, target)
    return 0


def _attackers_for(state: ShadowfistState, seat: int) -> list[int]:
    """Its unturned characters, less the strongest one when it must keep a defender."""
    ready = sorted(_ready(state, seat), key=lambda c: -fighting(state, c))
    if len(ready) > 1 and _threatened(state, seat):
        return ready[1:]
    return ready


def _declare(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    """Add the strongest attackers until what gets through can take the target."""
    seat, target = legal[0].player, state.att_target
    attackers = [a for a in _attackers_for(state, seat) if a not in state.attackers]
    blockers = _blockers(state, seat, target)
    if state.defs[state.kind[target]].is_site:
        need = body_left(state, target, seat)
    else:
        need = fighting_before_damage(state, target) - state.damage[target]
    enough = state.attackers and _through(state, state.attackers, blockers) >= need
    if attackers and not enough:
        pick = attackers[0]
        for action in legal:
            if action.kind == "add" and action.args[0] == pick:
                return action
    for action in legal:
        if action.kind == "go":
            return action
    return legal[-1]


def _fate(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    seat = legal[0].player
    kinds = {a.kind: a for a in legal}
    if "burn_victory" in kinds and victory_count(state, seat) + 1 >= goal(state):
        return kinds["burn_victory"]
    return legal[0]


# -- defending and responding -------------------------------------------------------------


def _in_danger(state: ShadowfistState, seat: int) -> bool:
    """An attack on one of the seat's sites whose attackers can take it."""
    target = state.att_target
    if state.att_player < 0 or state.ctrl[target] != seat:
        return False
    if not state.defs[state.kind[target]].is_site:
        return False
    reaching = [a for a in state.attackers if a not in state.stopped and state.zone[a] == PLAY]
    return sum(fighting(state, a) for a in reaching) >= body_left(state, target, seat)


def _respond(state: ShadowfistState, legal: Sequence[Action]) -> Action | None:
    seat = legal[0].player
    cancel = _cancel(state, legal)
    if cancel is not None:
        return cancel
    if _in_danger(state, seat):
        best, best_worth = None, 0
        for action in legal[1:]:
            spec = _definition(state, action).effect
            if spec is None or spec.key not in (
                "damage_target",
                "smoke_target",
                "toast_target",
                "return_to_hand",
                "turn_target",
            ):
                continue
            target = _int(action, 1) if len(action.args) > 1 else -1
            if target in state.attackers and state.ctrl[target] != seat:
                worth = fighting(state, target) if spec.key != "turn_target" else 0
                if worth > best_worth:
                    best, best_worth = action, worth
        return best
    if state.phase == TARGET and state.att_player == seat:
        return _pump(state, legal)
    return None


def _cancel(state: ShadowfistState, legal: Sequence[Action]) -> Action | None:
    """Cancel an opponent's event that targets one of its characters."""
    seat = legal[0].player
    for action in legal[1:]:
        spec = _definition(state, action).effect
        if spec is None or spec.key != "cancel_event" or len(action.args) < 2:
            continue
        event = _int(action, 1)
        for item in state.stack:
            if (
                item[0] == event
                and item[1] != seat
                and any(t in state.chars[seat] for t in item[3:])
            ):
                return action
    return None


def _pump(state: ShadowfistState, legal: Sequence[Action]) -> Action | None:
    """A Fighting bonus on an attacker when it makes the site fall."""
    target = state.att_target
    if not state.defs[state.kind[target]].is_site:
        return None
    reaching = [a for a in state.attackers if a not in state.stopped and state.zone[a] == PLAY]
    short = body_left(state, target, legal[0].player) - sum(fighting(state, a) for a in reaching)
    if short <= 0:
        return None
    for action in legal[1:]:
        spec = _definition(state, action).effect
        if (
            spec is not None
            and spec.key == "fighting_bonus"
            and len(action.args) > 1
            and _int(action, 1) in reaching
            and spec.amount >= short
        ):
            return action
    return None


def _intercept(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    """Declare interceptors that survive their attacker; any that saves a feng shui
    site; a third player only stops an attacker that would win."""
    seat = legal[0].player
    declared = {b[1] for b in state.blocks}
    used = {b[0] for b in state.blocks}
    danger = _in_danger(state, seat)
    winner_threat = seat != state.att_defender and victory_count(
        state, state.att_player
    ) + 1 >= goal(state)
    if seat != state.att_defender and not winner_threat:
        return legal[0]
    best, best_worth = legal[0], 0.0
    for action in legal[1:]:
        char, attacker = _int(action, 0), _int(action, 1)
        if attacker in declared or char in used:
            continue
        hit = fighting(state, attacker)
        mine = fighting(state, char)
        survives = hit < fighting_before_damage(state, char) - state.damage[char]
        kills = mine >= fighting_before_damage(state, attacker) - state.damage[attacker]
        worth = (20 if survives else 0) + (10 if kills else 0) + hit * 0.1
        trade = kills and state.defs[state.kind[attacker]].cost >= state.defs[state.kind[char]].cost
        if not survives and not (danger or winner_threat or trade):
            continue
        if worth > best_worth:
            best, best_worth = action, worth
    return best
