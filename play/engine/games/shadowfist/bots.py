"""Bots for Shadowfist. Each reads only what its seat may see (its hand, the table).

``greedy`` scores each legal action by its immediate worth and takes the best (the
first on a tie, so it is reproducible without drawing from its rng). ``tactician`` is
the stronger heuristic of ``tactics.py``. ``random`` is the engine's generic bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core import Action, Bot
from .cards import CardDef
from .sites import sites_of
from .state import DECLARE, FATE, INTERCEPT, MAIN, POWER, STRIKE, ShadowfistState
from .stats import body, fighting, fighting_before_damage, resources
from .victory import goal, victory_count

#: Worth of the effects a greedy bot uses on its own, by key (others: not used).
_EFFECT_WORTH: Final = {
    "gain_power": 30,
    "draw": 28,
    "steal_power": 26,
    "force_discard": 20,
    "damage_target": 24,
    "smoke_target": 40,
    "toast_target": 42,
    "return_to_hand": 30,
    "take_control": 45,
    "damage_each": 18,
    "turn_target": 8,
    "recycle": 22,
    "heal": 12,
}


class GreedyBot(Bot):
    """Best immediate gain, in a fixed order of worth. The heuristic:

    * establishing shot: generate Power; discard a dead card (the hand is then drawn
      back up to six): the one furthest from its resource requirement, else, with no
      site in hand, the one costing most beyond next turn's Power;
    * main shot: a site (feng shui first, into the first open slot), then the character
      with the most Fighting it can afford, then states and edges, then events and
      abilities that help at once (Power, cards, removing or damaging an opponent's
      character, healing a damaged one of its own); then attack; then end the turn;
    * attack: the opponent's front-row feng shui site with the least Body left (else
      another site, else the opponent character with the least Fighting), with every
      unturned character; a site reduced to 0 Body is seized (burned for victory when
      that wins);
    * defending: each attacker is intercepted by the strongest character that would
      survive or trade with it; it never joins others' attacks and passes when asked
      to respond, except to cancel an opponent's event.
    """

    name = "greedy"

    def choose(self, state: ShadowfistState, legal: Sequence[Action]) -> Action:
        """The heuristic's pick among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        if state.choice is not None:
            return _best_choice(state, legal)
        phase = state.phase
        if state.pending:
            return _respond(state, legal)
        if phase == MAIN:
            return _main(state, legal)
        if phase == DECLARE:
            return _declare(legal)
        if phase == INTERCEPT:
            return _intercept(state, legal)
        if phase == STRIKE:
            return max(legal, key=lambda a: _strike_worth(state, a))
        if phase == FATE:
            return _fate(state, legal)
        if phase == POWER:
            return _discard(state, legal)
        return legal[0]  # keep, pass (joining)


def _best_choice(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    """Recycle the most expensive card; discard the most expensive card (the least
    likely to be played soon); a taken character goes to the first location."""
    assert state.choice is not None
    if state.choice[0] == "place":
        return legal[0]
    return max(legal, key=lambda a: state.defs[state.kind[_int(a, 0)]].cost)


def _discard(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    """Generate Power, discarding a dead card (the draw back up to six replaces it): the
    one furthest from its resource requirement, else (with no site in hand) the one
    costing most beyond next turn's Power. Discard nothing otherwise, or above six cards.
    """
    seat = legal[0].player
    hand = state.hands[seat]
    if len(hand) > 6:
        return legal[0]
    pool = resources(state, seat)
    defs, kind = state.defs, state.kind
    no_site = not any(defs[kind[c]].is_site for c in hand)
    reach = state.pool[seat] + len(sites_of(state, seat)) + 1
    best, best_key = legal[0], (0, 0, 0)
    for action in legal:
        if action.kind != "power" or not action.args:
            continue
        definition = _definition(state, action)
        missing = sum(max(n - pool.get(code, 0), 0) for code, n in definition.needs)
        if missing:
            key = (2, missing, definition.cost)
        elif no_site and definition.cost > reach:
            key = (1, definition.cost, 0)
        else:
            continue
        if key > best_key:
            best, best_key = action, key
    return best


def _respond(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    for action in legal:
        if action.kind == "play" and len(action.args) > 1:
            spec = _definition(state, action).effect
            if spec is not None and spec.key == "cancel_event":
                target = _int(action, 1)
                if state.owner[target] != action.player:
                    return action
    return legal[0]  # pass


def _main(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    best, best_worth = legal[0], 0.0
    defs, kind = state.defs, state.kind
    placed: set[int] = set()
    for action in legal:
        if action.kind == "play":
            card: int = action.args[0]  # type: ignore[assignment]  # an int
            definition = defs[kind[card]]
            if definition.is_character or definition.is_site or definition.type == "Edge":
                # Its worth does not depend on where it goes, but for preferring the
                # first place listed: the first of its actions is the one to weigh.
                if card in placed:
                    continue
                placed.add(card)
        elif action.kind not in ("ability", "attack"):
            continue  # end_turn, heal, move: worth nothing to it
        worth = _main_worth(state, action)
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def _main_worth(state: ShadowfistState, action: Action) -> float:
    kind = action.kind
    if kind == "play":
        return _play_worth(state, action)
    if kind == "ability":
        spec = _definition(state, action).effect
        if spec is None or spec.key not in _EFFECT_WORTH:
            return 0
        return _effect_worth(state, action, spec.key, 1) * 0.9
    if kind == "attack":
        return 5 + _target_worth(state, _int(action, 0))
    return 0  # end_turn, heal, move


#: The worth of playing a blank event, state or edge: the least of any play.
BLANK_WORTH: Final = 0.5


def _play_worth(state: ShadowfistState, action: Action) -> float:
    definition = _definition(state, action)
    if definition.is_site:
        return 100 + (10 if definition.is_fs else 0) - 0.01 * _int(action, 1)
    if definition.is_character:
        return 60 + definition.fighting + definition.cost * 0.1 - 0.01 * _int(action, 1)
    spec = definition.effect
    if spec is None:
        # A blank (its effect not modelled) is played as a player would play the card,
        # paying its cost, when nothing worth more can be played (docs/shadowfist.md,
        # "Blanks"): held forever, it would skew the hand and the Power curve.
        return BLANK_WORTH if definition.unmodelled else 0
    if definition.type == "State":
        host = _int(action, 1)
        mine = state.ctrl[host] == action.player
        if (spec.attach_to == "opponent_character") == mine:
            return 0
        return 50 + (fighting(state, host) if state.defs[state.kind[host]].is_character else 0)
    if definition.type == "Edge":
        return 55
    if spec.key not in _EFFECT_WORTH:
        return 0
    return _effect_worth(state, action, spec.key, 1)


def _effect_worth(state: ShadowfistState, action: Action, key: str, at: int) -> float:
    """Worth of using an effect now with the target in ``action.args[at:]``."""
    worth = float(_EFFECT_WORTH[key])
    seat = action.player
    target = _int(action, at) if len(action.args) > at else -1
    if key in (
        "damage_target",
        "smoke_target",
        "toast_target",
        "return_to_hand",
        "take_control",
        "turn_target",
    ):
        if target < 0 or state.ctrl[target] == seat:
            return 0
        if not state.defs[state.kind[target]].is_character:
            return worth  # a state or an edge
        if key == "turn_target" and state.turned[target]:
            return 0
        return worth + fighting(state, target)
    if key == "heal":
        return worth + state.damage[target] if target >= 0 and state.damage[target] else 0
    if key == "steal_power":
        return worth if target >= 0 and state.pool[target] else 0
    if key == "force_discard":
        return worth if target >= 0 and state.hands[target] else 0
    if key == "damage_each":
        spec = _definition(state, action).effect
        assert spec is not None
        theirs = sum(len(c) for s, c in enumerate(state.chars) if s != seat)
        mine = len(state.chars[seat]) if spec.scope == "all_characters" else 0
        return worth * (theirs - mine) if theirs > mine else 0
    if key == "recycle":
        return (
            worth if any(state.defs[state.kind[c]].is_character for c in state.smoked[seat]) else 0
        )
    return worth


def _target_worth(state: ShadowfistState, target: int) -> float:
    """Feng shui sites with little Body left first, then other sites, then characters."""
    definition = state.defs[state.kind[target]]
    if definition.is_site:
        left = body(state, target) - state.damage[target]
        return (20 if definition.is_fs else 10) - left * 0.1
    return 2 - fighting(state, target) * 0.1


def _declare(legal: Sequence[Action]) -> Action:
    """Every unturned character attacks."""
    for action in legal:
        if action.kind in ("add_all", "add"):
            return action
    return legal[0]  # go


def _intercept(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    """The player under attack stops each attacker (one interceptor each) with its
    strongest character that survives the attacker or smokes it."""
    seat = legal[0].player
    if seat != state.att_defender:
        return legal[0]
    declared = {b[1] for b in state.blocks}
    used = {b[0] for b in state.blocks}
    best, best_worth = legal[0], 0
    for action in legal[1:]:
        char, attacker = _int(action, 0), _int(action, 1)
        if attacker in declared or char in used:
            continue
        mine, theirs = fighting(state, char), fighting(state, attacker)
        survives = theirs < fighting_before_damage(state, char) - state.damage[char]
        trades = mine >= fighting_before_damage(state, attacker) - state.damage[attacker]
        if survives or trades:
            worth = 10 + mine
            if worth > best_worth:
                best, best_worth = action, worth
    return best


def _strike_worth(state: ShadowfistState, action: Action) -> float:
    attacker = _int(action, 0)
    power = fighting(state, state.att_target)
    left = fighting(state, attacker)
    return (100 if power >= left else 0) + left


def _fate(state: ShadowfistState, legal: Sequence[Action]) -> Action:
    seat = legal[0].player
    kinds = {a.kind: a for a in legal}
    if "burn_victory" in kinds and victory_count(state, seat) + 1 >= goal(state):
        return kinds["burn_victory"]
    return legal[0]  # seize into the first slot


def _definition(state: ShadowfistState, action: Action) -> CardDef:
    return state.defs[state.kind[_int(action, 0)]]


def _int(action: Action, index: int) -> int:
    return action.args[index]  # type: ignore[return-value]  # ints: from legal_actions
