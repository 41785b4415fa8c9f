"""Every card of the starter set, its effect tested (docs/shadowfist-starter.md).

One test per title: ``CARD_TESTS`` maps each of the 95 titles to the check of its
effect, and a test makes sure no title is left out. Keyword abilities are checked here
as the card's own (and as rules in test_shadowfist_abilities.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from play.engine.core import Event
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.effects.registry import CONTINUOUS, RESOLVERS
from play.engine.games.shadowfist.effects.spec import ABILITY_BITS, KEYS
from play.engine.games.shadowfist.sites import sites_of
from play.engine.games.shadowfist.state import DISCARD, HAND, MAIN, PLAY, SMOKED, ShadowfistState
from play.engine.games.shadowfist.stats import (
    abilities,
    body,
    cost,
    fighting,
    fighting_before_damage,
    site_power,
    toughness,
)
from play.engine.games.shadowfist.zones import discard_from_hand, smoke

from .shadowfist_table import (
    act,
    attack,
    every_card,
    find,
    give_resources,
    main_table,
    new_table,
    pass_round,
    play,
    plays_of,
    put_character,
    put_edge,
    put_site,
    put_state,
    set_hand,
    starter_cards,
    to_hand,
    to_main,
)

CARD_TESTS: dict[str, Callable[[str], None]] = {}


def cards(*names: str) -> Callable[[Callable[[str], None]], Callable[[str], None]]:
    """Register a check for these titles."""

    def register(check: Callable[[str], None]) -> Callable[[str], None]:
        for name in names:
            CARD_TESTS[name] = check
        return check

    return register


def definition(state, card):
    return state.defs[state.kind[card]]


# -- sites --------------------------------------------------------------------------------


@cards(
    "Hall of Nine Bells",
    "Pavilion of Falling Lanterns",
    "Jade Moon Garden",
    "Old Junk Harbor",
    "Whispering Bamboo Grove",
    "Sleeping Dragon Ridge",
    "Cloud-Piercing Summit",
    "Rain-Slick Rooftops",
    "Geomantic Crossroads",
)
def vanilla_feng_shui_site(name):
    """'Generates 1 Power.' Played face down; its Body as printed."""
    state = main_table()
    site = play(state, name, 0)
    assert state.columns[0] == [[site]]
    assert not state.face_up[site]
    assert site_power(state, site) == 1
    assert body(state, site) == definition(state, site).body
    act(state, "end_turn")
    to_main(state)
    act(state, "end_turn")
    act(state, "power")
    assert state.pool[0] == 10 - 0 + 1 + 1  # the free Power, then 1 generated


@cards("Hall of Forbidden Scrolls", "Monastery Training Yard", "Gene-Splicing Vat Complex")
def resource_site(name):
    """'Provides a ... resource.' A regular site, played face up, paying its cost."""
    from play.engine.games.shadowfist.stats import resources

    state = main_table()
    give_resources(state, 0, "gf")
    before = dict(resources(state, 0))
    site = play(state, name, 0)
    assert state.pool[0] == 10 - definition(state, site).cost
    assert state.face_up[site]
    code = definition(state, site).provides
    assert resources(state, 0)[code] == before.get(code, 0) + 1


@cards("Cinnabar Gate")
def cinnabar_gate(name):
    """'Turn (at any time): Inflict 1 damage on a target attacking character at this
    location.'"""
    state = main_table()
    gate = put_site(state, 1, name)
    other = put_site(state, 1, "Jade Moon Garden")
    a = put_character(state, 0, "Teahouse Brawler")
    b = put_character(state, 0, "Teahouse Brawler")
    attack(state, other, a)  # at the other column: the Gate cannot reach
    assert state.to_act == 0
    assert state.phase == MAIN
    attack(state, gate, b)
    assert state.pending
    assert state.to_act == 1
    assert [x.args for x in GAME.legal_actions(state) if x.kind == "ability"] == [(gate, b)]
    act(state, "ability", gate, b)
    pass_round(state)
    assert state.turned[gate]
    assert state.zone[b] == PLAY
    assert state.damage[b] == 1
    assert state.damage[gate] == 1  # the damaged Brawler inflicts 1


@cards("Lantern-Lit Noodle Stalls")
def noodle_stalls(name):
    """'When you play this site from your hand, draw a card.'"""
    state = main_table()
    site = play(state, name, 0)
    assert len(state.hands[0]) == 1
    assert state.face_up[site]


@cards("Flooded Subway Shrine")
def subway_shrine(name):
    """'When you play this site from your hand, gain 1 Power.'"""
    state = main_table(power=0)
    play(state, name, 0)
    assert state.pool[0] == 2  # 1 from the site, 1 for the first feng shui site


@cards("Back-Alley Clinic")
def back_alley_clinic(name):
    """'Turn: Heal a target character you control at this location.'"""
    state = main_table()
    put_site(state, 0, "Jade Moon Garden")
    clinic = put_site(state, 0, name)
    here = put_character(state, 0, "Precinct Captain", loc=1)
    there = put_character(state, 0, "Precinct Captain", loc=0)
    state.damage[here] = state.damage[there] = 2
    assert [x.args for x in GAME.legal_actions(state) if x.kind == "ability"] == [(clinic, here)]
    act(state, "ability", clinic, here)
    pass_round(state)
    assert state.damage[here] == 0
    assert state.damage[there] == 2


# -- characters -----------------------------------------------------------------------------


@cards(
    "Rookie Patrol Officer",
    "Gun Shop Clerk",
    "Teahouse Brawler",
    "Temple Novice",
    "Hermit of the Misty Peak",
    "Palace Eunuch Clerk",
    "Hedge Conjurer",
    "Vat-Grown Orderly",
    "Lab Technician",
    "Hired Muscle",
)
def vanilla_character(name):
    """'No special abilities.' Played by its printed cost, Fighting and resources."""
    from play.engine.games.shadowfist.stats import resources

    state = main_table()
    char = play(state, name, 0)
    printed = definition(state, char)
    assert state.pool[0] == 10 - printed.cost
    assert fighting(state, char) == printed.fighting
    assert abilities(state, char) == 0
    assert toughness(state, char) == 0
    for code in printed.provides:
        assert resources(state, 0).get(code, 0) >= printed.provides.count(code)


KEYWORDS = {
    "Hard-Boiled Detective": ({"tactics"}, 0),
    "Rooftop Acrobat": ({"superleap"}, 0),
    "Twin-Pistol Drifter": ({"ambush"}, 0),
    "Precinct Captain": (set(), 1),
    "Vengeful Kickboxer": ({"guts"}, 0),
    "The Last Honest Inspector": ({"ambush"}, 2),
    "Monastery Sentry": ({"tactics"}, 0),
    "Silent Pilgrim": ({"stealth"}, 0),
    "Disciple of the Iron Palm": (set(), 1),
    "Masked Rebel Swordsman": ({"ambush"}, 0),
    "Abbot of the Closed Gate": ({"tactics"}, 1),
    "The Unbowed Elder": ({"guts"}, 1),
    "Wailing Hungry Ghost": ({"stealth"}, 0),
    "Court Poisoner": ({"assassinate"}, 0),
    "Lotus Blade Assassin": ({"assassinate", "ambush"}, 0),
    "Demon of the Ninth Furnace": ({"guts"}, 0),
    "Thousand-Eyed Horror": ({"superleap"}, 1),
    "Cyborg Enforcer": (set(), 1),
    "Jet-Pack Bio-Drone": ({"superleap"}, 0),
    "Chrome-Jawed Bruiser": ({"guts"}, 0),
    "Neural-Whip Overseer": ({"tactics"}, 0),
    "Abomination Mk. IV": (set(), 1),
    "Rampaging Bio-Titan": (set(), 2),
    "Drifting Ronin": ({"ambush"}, 0),
}


@cards(*KEYWORDS)
def keyword_character(name):
    """The keyword abilities its text names (each rule: test_shadowfist_abilities.py)."""
    state = main_table(power=20)
    char = play(state, name, 0)
    words, value = KEYWORDS[name]
    assert abilities(state, char) == sum(ABILITY_BITS[w] for w in words)
    assert toughness(state, char) == value
    assert fighting(state, char) == definition(state, char).fighting


@cards("Kamikaze Stunt Driver", "Summoned Fox Spirit")
def toast_it_character(name):
    """'Toast It.' Smoked, it is toasted instead."""
    state = main_table()
    char = play(state, name, 0)
    smoke(state, char, None)
    assert state.zone[char] == DISCARD


def take_site_with(name):
    """Seat 0 attacks a site of seat 1 with the named character; returns (state, char)."""
    state = main_table()
    char = put_character(state, 0, name)
    site = put_site(state, 1, "Old Junk Harbor")
    return state, char, site


@cards("Hero of the Harbor")
def hero_of_the_harbor(name):
    """'Toughness: 1. When this character inflicts combat damage on the target of its
    attack, gain 1 Power. Unique.'"""
    state, hero, site = take_site_with(name)
    assert toughness(state, hero) == 1
    attack(state, site, hero)  # 7 damage on Body 7
    act(state, "smoke_site")
    assert state.pool[0] == 11
    state.turned[hero] = False
    other = put_site(state, 1, "Sleeping Dragon Ridge")
    guard = put_character(state, 1, "The Unbowed Elder")  # 9: it stops the Hero
    attack(state, other, hero)
    act(state, "intercept", guard, hero)
    assert state.pool[0] == 11  # no damage to the target: no Power


@cards("Grandmaster of the Ninth Hall")
def grandmaster(name):
    """'Tactics. When this character inflicts combat damage on the target of its attack,
    draw a card. Unique.'"""
    state, master, site = take_site_with(name)
    assert abilities(state, master) == ABILITY_BITS["tactics"]
    attack(state, site, master)
    assert len(state.hands[0]) == 1


@cards("Roaming Chi Healer")
def roaming_chi_healer(name):
    """'Turn: Heal a target character you control. Limited.'"""
    state = main_table()
    healer = play(state, name, 0)
    hurt = put_character(state, 0, "Abbot of the Closed Gate")
    state.damage[hurt] = 3
    theirs = put_character(state, 1, "Abbot of the Closed Gate")
    targets = {x.args[1] for x in GAME.legal_actions(state) if x.kind == "ability"}
    assert theirs not in targets
    assert hurt in targets
    act(state, "ability", healer, hurt)
    pass_round(state)
    assert state.damage[hurt] == 0
    assert state.turned[healer]


@cards("Black Lotus Sorceress")
def black_lotus_sorceress(name):
    """'Turn: Inflict 2 damage on a target character.'"""
    state = main_table()
    sorceress = put_character(state, 0, name)
    victim = put_character(state, 1, "Monastery Sentry")
    act(state, "ability", sorceress, victim)
    pass_round(state)
    assert state.zone[victim] == SMOKED


@cards("Grand Eunuch of the Shadow Court")
def grand_eunuch(name):
    """'Turn: A target opponent loses up to 1 Power; you gain as much Power as they lost.
    Unique.' (Text fixed to the key's meaning: docs/shadowfist-starter.md.)"""
    state = main_table(power=0)
    eunuch = put_character(state, 0, name)
    state.pool[1] = 0
    act(state, "ability", eunuch, 1)
    pass_round(state)
    assert state.pool == [0, 0]  # nothing to lose, nothing gained
    state.turned[eunuch] = False
    state.pool[1] = 3
    act(state, "ability", eunuch, 1)
    pass_round(state)
    assert state.pool == [1, 2]


@cards("Netrunner Saboteur")
def netrunner(name):
    """'Turn: Turn a target character an opponent controls.'"""
    state = main_table()
    runner = put_character(state, 0, name)
    victim = put_character(state, 1, "Temple Novice")
    mine = put_character(state, 0, "Temple Novice")
    targets = {x.args[1] for x in GAME.legal_actions(state) if x.kind == "ability"}
    assert targets == {victim}
    act(state, "ability", runner, victim)
    pass_round(state)
    assert state.turned[victim]
    assert not state.turned[mine]


@cards("Flesh Sculptor Prime")
def flesh_sculptor(name):
    """'Turn: Return a character with a cost of 3 or less from your smoked pile to your
    hand. Unique.' The card is chosen on resolution."""
    state = main_table()
    sculptor = put_character(state, 0, name)
    small = put_character(state, 0, "Chrome-Jawed Bruiser")  # cost 3
    big = put_character(state, 0, "Abomination Mk. IV")  # cost 4
    other = put_character(state, 0, "Cyborg Enforcer")  # cost 2
    for char in (small, big, other):
        smoke(state, char, None)
    (gone,) = to_hand(state, 0, "Vat-Grown Orderly")  # cost 1, discarded
    discard_from_hand(state, 0, gone, None)
    act(state, "ability", sculptor)
    pass_round(state)
    assert state.choice is not None
    # "No other card can affect a card in the discard pile."
    assert {x.args[0] for x in GAME.legal_actions(state)} == {small, other}
    act(state, "choose", small)
    assert state.hands[0] == [small]
    assert state.zone[small] == HAND
    assert state.smoked[0] == [big, other]


# -- events ---------------------------------------------------------------------------------


@cards("Lead Rain", "Orbital Strike Authorization")
def damage_event(name):
    """'Inflict 3 (4) damage on a target character.' Toughness reduces it."""
    state = main_table()
    amount = 3 if name == "Lead Rain" else 4
    victim = put_character(state, 1, "Rampaging Bio-Titan")  # 9, Toughness 2
    play(state, name, victim)
    assert state.damage[victim] == amount - 2


@cards("Back on My Feet", "Emergency Reconstruction")
def heal_event(name):
    """'Heal a target character you control.'"""
    state = main_table()
    hurt = put_character(state, 0, "Abbot of the Closed Gate")
    state.damage[hurt] = 4
    card = to_hand(state, 0, name)[0]
    give_resources(state, 0, definition(state, card).requires)
    assert {args[1] for args in plays_of(state, card)} >= {hurt}
    act(state, "play", card, hurt)
    pass_round(state)
    assert state.damage[hurt] == 0
    assert state.smoked[0][-1] == card  # after resolving: its owner's smoked pile


@cards("Never Back Down", "Fists of the Faithful")
def fighting_event(name):
    """'A target character you control gets +3 (+2) Fighting until the end of the turn.'"""
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")
    play(state, name, char)
    bonus = 3 if name == "Never Back Down" else 2
    assert fighting(state, char) == 2 + bonus
    act(state, "end_turn")
    assert fighting(state, char) == 2


@cards("Stillness of the Sage")
def stillness(name):
    """'Play in response to an event. Cancel that event.' Its costs stay paid; it goes to
    its owner's smoked pile."""
    state = main_table(hands={1: [name]})
    give_resources(state, 1, "ggC")
    state.pool[1] = 1
    mine = put_character(state, 1, "Temple Novice")
    rain = to_hand(state, 0, "Lead Rain")[0]
    give_resources(state, 0, "dH")
    act(state, "play", rain, mine)
    assert state.to_act == 1
    stillness_card = state.hands[1][0]
    act(state, "play", stillness_card, rain)
    pass_round(state)
    assert state.zone[mine] == PLAY
    assert state.damage[mine] == 0
    assert rain in state.smoked[0]
    assert stillness_card in state.smoked[1]
    assert state.pool[0] == 9  # Lead Rain's cost stays paid


@cards("Return to the Mountain")
def return_to_the_mountain(name):
    """'Return a target character with a cost of 3 or less to its owner's hand.'"""
    state = main_table()
    small = put_character(state, 1, "Silent Pilgrim")  # cost 3
    big = put_character(state, 1, "Abbot of the Closed Gate")  # cost 4
    state.damage[small] = 1
    card = to_hand(state, 0, name)[0]
    give_resources(state, 0, "gg")
    assert {args[1] for args in plays_of(state, card)} == {small}
    act(state, "play", card, small)
    pass_round(state)
    assert state.hands[1] == [small]
    assert state.damage[small] == 0
    assert state.zone[big] == PLAY


@cards("Cast into the Yellow Springs")
def yellow_springs(name):
    """'Smoke a target character with a cost of 3 or less.'"""
    state = main_table()
    small = put_character(state, 1, "Silent Pilgrim")
    put_character(state, 1, "Abbot of the Closed Gate")
    blade = put_state(state, 1, "Prayer Beads of Warding", small)
    play(state, name, small)
    assert sorted(state.smoked[1]) == sorted([small, blade])  # its state follows it


@cards("Puppet on Red Strings")
def puppet(name):
    """'Play during your main shot. Take control of a target character with a cost of 3 or
    less controlled by an opponent. Toast It.'"""
    state = main_table()
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Old Junk Harbor")
    victim = put_character(state, 1, "Silent Pilgrim")
    state.damage[victim] = 1
    card = play(state, name, victim)
    assert state.choice is not None  # two locations: its new controller chooses
    act(state, "choose", 1)
    assert state.ctrl[victim] == 0
    assert state.owner[victim] == 1
    assert state.loc[victim] == 1
    assert state.damage[victim] == 1
    assert state.zone[card] == DISCARD  # Toast It
    # "main": never in response
    other = main_table(hands={1: [name]})
    give_resources(other, 1, "eeM")
    other.pool[1] = 5
    put_character(other, 0, "Temple Novice")
    rain = to_hand(other, 0, "Lead Rain")[0]
    give_resources(other, 0, "dH")
    act(other, "play", rain, find(other, 0, "Temple Novice", exclude=other.decks[0]))
    assert other.to_act != 1  # Puppet cannot answer: seat 1 was passed over


@cards("Whispers in the Court")
def whispers(name):
    """'Draw two cards.'"""
    state = main_table()
    play(state, name)
    assert len(state.hands[0]) == 2


@cards("Nightmare Visions")
def nightmare_visions(name):
    """'A target opponent discards two cards of their choice from their hand.'"""
    state = main_table(hands={1: ["Temple Novice", "Lead Rain", "Jade Moon Garden"]})
    novice, rain, garden = state.hands[1]
    play(state, name, 1)
    assert state.choice is not None
    assert state.to_act == 1
    act(state, "choose", rain)
    act(state, "choose", garden)
    assert state.hands[1] == [novice]
    assert state.discards[1] == [rain, garden]
    few = main_table(hands={1: ["Temple Novice"]})
    play(few, name, 1)
    assert few.hands[1] == []
    assert few.choice is None


@cards("Overload Surge")
def overload_surge(name):
    """'Inflict 1 damage on each character your opponents control.'"""
    state = main_table()
    mine = put_character(state, 0, "Temple Novice")
    theirs = put_character(state, 1, "Temple Novice")
    tough = put_character(state, 1, "Cyborg Enforcer")
    play(state, name)
    assert state.zone[theirs] == SMOKED
    assert state.zone[mine] == PLAY
    assert state.damage[tough] == 0


@cards("Storm of Crimson Needles")
def storm(name):
    """'Inflict 1 damage on each character in play.'"""
    state = main_table()
    mine = put_character(state, 0, "Temple Novice")
    theirs = put_character(state, 1, "Monastery Sentry")
    play(state, name)
    assert state.zone[mine] == SMOKED
    assert state.damage[theirs] == 1


@cards("Unweaving Sigil")
def unweaving_sigil(name):
    """'Smoke a target state or edge.'"""
    state = main_table()
    host = put_character(state, 1, "Temple Novice")
    beads = put_state(state, 1, "Prayer Beads of Warding", host)
    watch = put_edge(state, 1, "Neighborhood Watch")
    card = to_hand(state, 0, name)[0]
    give_resources(state, 0, "M")
    assert {args[1] for args in plays_of(state, card)} == {beads, watch}
    act(state, "play", card, watch)
    pass_round(state)
    assert state.smoked[1] == [watch]
    assert state.edges[1] == []
    assert state.zone[beads] == PLAY


@cards("Soul-Burning Flame")
def soul_burning_flame(name):
    """'Toast a target character with a cost of 2 or less. Toast It.'"""
    state = main_table()
    small = put_character(state, 1, "Monastery Sentry")  # cost 2
    put_character(state, 1, "Silent Pilgrim")  # cost 3
    card = play(state, name, small)
    assert state.discards[1] == [small]
    assert state.zone[card] == DISCARD


@cards("Flowing Water Stance")
def flowing_water(name):
    """'A target character you control has Toughness: 2 until the end of the turn.'"""
    state = main_table()
    char = put_character(state, 0, "Temple Novice")
    play(state, name, char)
    assert toughness(state, char) == 2
    act(state, "end_turn")
    assert toughness(state, char) == 0


@cards("Second Breath of Qi")
def second_breath(name):
    """'Unturn a target character you control.' An attacker stays in its attack."""
    state = main_table(hands={0: [name]})
    give_resources(state, 0, "CC")
    char = put_character(state, 0, "Monastery Sentry")
    site = put_site(state, 1, "Old Junk Harbor")
    act(state, "attack", site)
    act(state, "add", char)  # its only character: the attack launches
    assert state.to_act == 0
    assert state.pending
    act(state, "play", state.hands[0][0], char)
    pass_round(state)
    assert not state.turned[char]
    assert state.damage[site] == 2  # it stayed in its attack


@cards("Flashbang")
def flashbang(name):
    """'Turn a target character.'"""
    state = main_table()
    victim = put_character(state, 1, "Temple Novice")
    play(state, name, victim)
    assert state.turned[victim]


@cards("Lucky Red Envelope")
def lucky_red_envelope(name):
    """'Gain 1 Power. Limited.'"""
    state = main_table(power=0)
    play(state, name)
    assert state.pool[0] == 1


@cards("Protection Money")
def protection_money(name):
    """'A target opponent loses up to 2 Power; you gain as much Power as they lost.'"""
    state = main_table(power=1)
    state.pool[1] = 1
    play(state, name, 1)
    assert state.pool == [1, 0]


# -- states ---------------------------------------------------------------------------------


@cards("Commandeered Taxi", "Iron Shirt Discipline", "Cloaking Field Belt")
def ability_state(name):
    """'Play on a character you control. That character has Superleap (Guts, Stealth).'"""
    word = {
        "Commandeered Taxi": "superleap",
        "Iron Shirt Discipline": "guts",
        "Cloaking Field Belt": "stealth",
    }[name]
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")
    theirs = put_character(state, 1, "Temple Novice")
    card = to_hand(state, 0, name)[0]
    give_resources(state, 0, definition(state, card).requires)
    assert {args[1] for args in plays_of(state, card)} == {char}
    assert theirs not in {args[1] for args in plays_of(state, card)}
    act(state, "play", card, char)
    assert abilities(state, char) == ABILITY_BITS[word]
    smoke(state, char, None)
    assert state.zone[card] == SMOKED  # the host left play


@cards("Prayer Beads of Warding", "Armored Delivery Van")
def toughness_state(name):
    """'Play on a character you control. That character has Toughness: 1.'"""
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")
    play(state, name, char)
    assert toughness(state, char) == 1


@cards("Grafted Blade-Arm", "Rusty Meat Cleaver")
def weapon_state(name):
    """'Play on a character you control. That character gets +2 (+1) Fighting.'"""
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")
    play(state, name, char)
    assert fighting(state, char) == 2 + (2 if name == "Grafted Blade-Arm" else 1)


@cards("Cursed Jade Amulet")
def cursed_jade_amulet(name):
    """'Play on a character an opponent controls. That character gets -2 Fighting.' The
    state stays under the control of the player who played it."""
    state = main_table()
    mine = put_character(state, 0, "Teahouse Brawler")
    theirs = put_character(state, 1, "Abbot of the Closed Gate")
    card = to_hand(state, 0, name)[0]
    give_resources(state, 0, "e")
    assert {args[1] for args in plays_of(state, card)} == {theirs}
    assert mine not in {args[1] for args in plays_of(state, card)}
    act(state, "play", card, theirs)
    assert fighting(state, theirs) == 3
    assert state.ctrl[card] == 0
    assert state.ctrl[theirs] == 1


@cards("Spirit Ward")
def spirit_ward(name):
    """'Play on a site you control. That site gets +2 Body.'"""
    state = main_table()
    site = put_site(state, 0, "Pavilion of Falling Lanterns")
    put_site(state, 1, "Pavilion of Falling Lanterns")
    card = to_hand(state, 0, name)[0]
    give_resources(state, 0, "M")
    assert [args[1] for args in plays_of(state, card)] == [site]
    act(state, "play", card, site)
    assert body(state, site) == 7


# -- edges ----------------------------------------------------------------------------------


@cards("Code of the Badge")
def code_of_the_badge(name):
    """'Your characters get +1 Fighting while they are attacking.'"""
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")
    play(state, name)
    site = put_site(state, 1, "Old Junk Harbor")
    assert fighting(state, char) == 2
    attack(state, site, char)
    assert state.damage[site] == 3
    assert fighting(state, char) == 2


@cards("Pilgrims' Offerings")
def pilgrims_offerings(name):
    """'Each Temple site you control generates 1 additional Power. Limited.'"""
    state = main_table()
    temple = put_site(state, 0, "Hall of Nine Bells")
    plain = put_site(state, 0, "Jade Moon Garden")
    play(state, name)
    assert site_power(state, temple) == 2
    assert site_power(state, plain) == 1
    assert plays_of(state, to_hand(state, 0, name)[0]) == []  # Limited


@cards("Tribute of the Provinces")
def tribute(name):
    """'When you generate Power in your establishing shot, gain 1 additional Power.'"""
    state = main_table(power=3)
    play(state, name)
    act(state, "end_turn")
    to_main(state)
    act(state, "end_turn")
    act(state, "power")
    assert state.pool[0] == 1
    state2 = main_table(power=3)
    play(state2, name)
    act(state2, "end_turn")
    to_main(state2)
    act(state2, "end_turn")
    act(state2, "skip_power")
    assert state2.pool[0] == 0  # not when Power generation is skipped
    state3 = main_table(power=3)
    tribute_card = play(state3, name)
    act(state3, "end_turn")
    to_main(state3)
    act(state3, "end_turn")
    events = act(state3, "power")
    assert Event("power_gained", {"player": 0, "amount": 1}) in events, tribute_card


@cards("Mandatory Upgrade Program")
def upgrade_program(name):
    """'States you play cost 1 less Power (to a minimum of 0).'"""
    state = main_table()
    blade = to_hand(state, 0, "Grafted Blade-Arm")[0]
    van = to_hand(state, 0, "Armored Delivery Van")[0]
    assert cost(state, 0, definition(state, blade)) == 1
    play(state, name)
    assert cost(state, 0, definition(state, blade)) == 0
    assert cost(state, 0, definition(state, van)) == 1
    assert cost(state, 0, definition(state, find(state, 0, "Teahouse Brawler"))) == 2
    # What may be played follows: with 1 Power, the State and not a 2-Power Character.
    (brawler,) = to_hand(state, 0, "Teahouse Brawler")
    give_resources(state, 0, "d" + definition(state, blade).requires)
    state.pool[0] = 1
    put_character(state, 0, "Temple Novice")  # the Blade-Arm's host
    assert plays_of(state, blade) != []
    assert plays_of(state, brawler) == []


@cards("Satellite Uplink")
def satellite_uplink(name):
    """'Turn: Draw a card.'"""
    state = main_table()
    uplink = play(state, name)
    act(state, "ability", uplink)
    pass_round(state)
    assert len(state.hands[0]) == 1
    assert state.turned[uplink]


@cards("Neighborhood Watch")
def neighborhood_watch(name):
    """'Sites you control get +1 Body.'"""
    state = main_table()
    mine = put_site(state, 0, "Jade Moon Garden")
    theirs = put_site(state, 1, "Jade Moon Garden")
    play(state, name)
    assert body(state, mine) == 7
    assert body(state, theirs) == 6
    assert len(sites_of(state, 0)) == 1


# -- the tests ------------------------------------------------------------------------------


STARTER_NAMES = [card["name"] for card in starter_cards()]

# The rulebook lines (shared/rules/shadowfist.txt) each card's check reads, by check.
RULES_BY_CHECK: dict[str, tuple[int | str, ...]] = {
    "vanilla_feng_shui_site": (18, "39.3", "4.1"),
    "resource_site": (18, "36.1"),
    "cinnabar_gate": ("59.1",),
    "noodle_stalls": (74,),
    "subway_shrine": ("39.3",),
    "back_alley_clinic": ("59.1", 84),
    "vanilla_character": ("26.1", "36.2"),
    "keyword_character": ("26.2", 88),
    "toast_it_character": ("69.1", "69.2", "90.2"),
    "hero_of_the_harbor": ("39.3",),
    "roaming_chi_healer": ("59.1", 84),
    "black_lotus_sorceress": ("59.1", "67.2"),
    "grand_eunuch": ("39.4",),
    "netrunner": ("59.1",),
    "flesh_sculptor": ("67.4", "72.2"),
    "damage_event": ("30.1", "67.2"),
    "heal_event": ("30.1", 84),
    "fighting_event": ("26.4", "30.1"),
    "stillness": ("30.2", "80.2", 82),
    "return_to_the_mountain": ("43.1", "43.2"),
    "yellow_springs": ("67.1", "67.2"),
    "puppet": ("45.2",),
    "whispers": (74,),
    "nightmare_visions": ("72.3",),
    "soul_burning_flame": ("69.1", "69.2", "69.3"),
    "lucky_red_envelope": ("39.3",),
    "protection_money": ("39.4",),
    "ability_state": ("28.1",),
    "toughness_state": ("28.1",),
    "weapon_state": ("28.1", "26.4"),
    "cursed_jade_amulet": ("28.1", "45.3"),
    "spirit_ward": ("28.1",),
    "code_of_the_badge": (32,),
    "pilgrims_offerings": (32, "90.1"),
    "tribute": (32, "39.3"),
    "upgrade_program": (32,),
    "satellite_uplink": (32, "59.1"),
    "neighborhood_watch": (32,),
    "overload_surge": ("30.1", "67.2"),
    "storm": ("30.1", "67.2"),
    "unweaving_sigil": ("67.1",),
    "flowing_water": ("30.1",),
    "second_breath": ("30.1",),
    "flashbang": ("30.1",),
}


def _card_param(name: str) -> object:
    lines = RULES_BY_CHECK.get(CARD_TESTS[name].__name__)
    if not lines:
        return name
    return pytest.param(name, marks=pytest.mark.rule("shadowfist.txt", *lines))


def test_every_starter_card_has_a_test():
    assert sorted(CARD_TESTS) == sorted(STARTER_NAMES)
    assert len(STARTER_NAMES) == 95


@pytest.mark.parametrize("name", [_card_param(name) for name in STARTER_NAMES])
def test_the_starter_cards_effect(name):
    CARD_TESTS[name](name)


def test_every_key_of_the_vocabulary_is_resolved_or_continuous():
    """No key can be accepted and then ignored."""
    assert set(KEYS) == set(RESOLVERS) | CONTINUOUS
    assert len(KEYS) == 22
    used = {card["effect_key"] for card in starter_cards()}
    assert used == set(KEYS)


@pytest.mark.rule("shadowfist.txt", "28.1", "67.2")
def test_a_cursed_character_whose_fighting_falls_to_its_damage_is_smoked():
    """The effect vocabulary: smoked 'as soon as it has at least 1 damage and its damage is equal to
    or greater than its Fighting before damage'; 'A Fighting modifier on its own never
    smokes a character that has no damage.'"""
    state = main_table()
    hurt = put_character(state, 1, "Teahouse Brawler")  # 2
    whole = put_character(state, 1, "Teahouse Brawler")
    state.damage[hurt] = 1
    give_resources(state, 0, "e")
    amulet = to_hand(state, 0, "Cursed Jade Amulet")[0]
    act(state, "play", amulet, hurt)
    assert state.zone[hurt] == SMOKED
    assert state.zone[amulet] == SMOKED
    amulet2 = to_hand(state, 0, "Cursed Jade Amulet")[0]
    act(state, "play", amulet2, whole)
    assert fighting(state, whole) == 0
    assert state.zone[whole] == PLAY


def test_set_hand_keeps_cards_accounted_for():
    state = main_table(hands={0: ["Lead Rain"]})
    set_hand(state, 0)
    assert state.hands[0] == []


def _upgrade_table(program_seat: int) -> tuple[ShadowfistState, int, int]:
    """Seat 0 in its main shot with no Power, a Grafted Blade-Arm (a State costing 1) in
    hand and its resource; a Mandatory Upgrade Program controlled by ``program_seat``."""
    state = main_table(power=0)
    put_edge(state, program_seat, "Mandatory Upgrade Program")
    host = put_character(state, 0, "Temple Novice")
    (blade,) = to_hand(state, 0, "Grafted Blade-Arm")
    give_resources(state, 0, "f")
    return state, blade, host


def test_a_cost_reduction_makes_a_card_its_controller_could_not_afford_playable() -> None:
    """'States you play cost 1 less Power (to a minimum of 0).' With no Power, the State
    costing 1 is offered, and played for nothing."""
    state, blade, host = _upgrade_table(0)
    assert plays_of(state, blade) == [(blade, host)]
    act(state, "play", blade, host)
    assert state.pool[0] == 0
    assert state.zone[blade] == PLAY


def test_an_opponents_cost_reduction_does_not_lower_your_costs() -> None:
    """'States *you* play cost 1 less': the opponent's program leaves seat 0's State at
    1 Power, not offered with none, offered with 1."""
    state, blade, host = _upgrade_table(1)
    assert plays_of(state, blade) == []
    state.pool[0] = 1
    assert plays_of(state, blade) == [(blade, host)]


def _van_table(programs: int) -> tuple[ShadowfistState, int, int]:
    """Seat 0 in its main shot with no Power, an Armored Delivery Van (a State costing 2,
    no resources) in hand and ``programs`` Mandatory Upgrade Programs in play."""
    state = main_table(power=0)
    for _ in range(programs):
        put_edge(state, 0, "Mandatory Upgrade Program")
    host = put_character(state, 0, "Temple Novice")
    (van,) = to_hand(state, 0, "Armored Delivery Van")
    return state, van, host


def test_one_cost_reduction_takes_exactly_its_amount_off() -> None:
    """'cost 1 less Power': the Van costing 2 costs 1 with one program, not 0."""
    state, van, host = _van_table(1)
    assert plays_of(state, van) == []
    state.pool[0] = 1
    assert plays_of(state, van) == [(van, host)]


def test_cost_reductions_add_up() -> None:
    """Two programs, each 'States you play cost 1 less Power', take 2 off the Van."""
    state, van, host = _van_table(2)
    assert plays_of(state, van) == [(van, host)]
    act(state, "play", van, host)
    assert state.pool[0] == 0
    assert state.zone[van] == PLAY


def test_an_ability_granted_until_the_end_of_the_turn_is_the_characters_until_then() -> None:
    """A catalogue event like Flowing Water Stance granting Guts instead: 'A target
    character you control has Guts until the end of the turn.' Damage then does not
    lower its Fighting, and it keeps its own abilities; at the end of the turn the Guts
    is gone."""
    stance = next(c for c in starter_cards() if c["name"] == "Flowing Water Stance")
    guts = {**stance, "id": "guts-stance", "name": "Guts Stance"}
    guts["effect_params"] = {**stance["effect_params"], "abilities": ["guts"]}
    decks = [[*every_card(), "Guts Stance"], every_card()]
    state = new_table(decks, cards=[*starter_cards(), guts])
    to_main(state, 10)
    char = put_character(state, 0, "Rooftop Acrobat")  # Superleap
    state.damage[char] = 1
    printed = fighting_before_damage(state, char)
    assert fighting(state, char) == printed - 1
    play(state, "Guts Stance", char)
    superleap, guts = ABILITY_BITS["superleap"], ABILITY_BITS["guts"]
    assert abilities(state, char) == superleap | guts  # its own, and this turn's
    assert fighting(state, char) == printed
    act(state, "end_turn")
    assert abilities(state, char) == superleap


@pytest.mark.rule("shadowfist.txt", "13.2")
def test_a_fighting_bonus_for_the_turn_grants_no_ability_and_damage_still_lowers_it() -> None:
    """Fists of the Faithful: 'A target character you control gets +2 Fighting until the
    end of the turn': only its Fighting changes; damage lowers the new score."""
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")  # Fighting 2, no ability
    state.damage[char] = 1
    own = abilities(state, char)
    play(state, "Fists of the Faithful", char)
    assert fighting_before_damage(state, char) == 4
    assert fighting(state, char) == 3
    assert abilities(state, char) == own


def _played_events(state: ShadowfistState, card: int, *args: int) -> list[Event]:
    """Play a card of seat 0 with ``args`` and pass every round: all the events told."""
    events = act(state, "play", card, *args)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    return events


def test_damage_to_each_character_is_told_character_by_character() -> None:
    """Storm of Crimson Needles: 'Inflict 1 damage on each character in play': every
    character damaged has its own event, as damage to one target does."""
    state = main_table()
    mine = put_character(state, 0, "Monastery Sentry")  # Fighting 2: survives 1 damage
    theirs = put_character(state, 1, "Teahouse Brawler")  # 2
    (storm,) = to_hand(state, 0, "Storm of Crimson Needles")
    give_resources(state, 0, "MM")
    events = _played_events(state, storm)
    assert Event("damaged", {"card": mine, "amount": 1}) in events
    assert Event("damaged", {"card": theirs, "amount": 1}) in events


def test_healing_a_target_is_told_with_the_damage_removed() -> None:
    """Back on My Feet: 'Heal a target character you control': the event says how much
    damage was removed."""
    state = main_table()
    hurt = put_character(state, 0, "Abbot of the Closed Gate")
    state.damage[hurt] = 3
    (feet,) = to_hand(state, 0, "Back on My Feet")
    give_resources(state, 0, "d")
    events = _played_events(state, feet, hurt)
    assert Event("healed", {"card": hurt, "amount": 3}) in events
    assert state.damage[hurt] == 0


def test_a_heal_of_a_set_amount_removes_only_that_much_damage() -> None:
    """The effect vocabulary: ``heal`` "removes damage": with an ``amount`` of 1 rather than "all",
    a character with 3 damage keeps 2 of them."""
    feet = next(c for c in starter_cards() if c["name"] == "Back on My Feet")
    patch = {**feet, "id": "patch-up", "name": "Patch Up"}
    patch["effect_params"] = {**feet["effect_params"], "amount": 1}
    decks = [[*every_card(), "Patch Up"], every_card()]
    state = new_table(decks, cards=[*starter_cards(), patch])
    to_main(state, 10)
    hurt = put_character(state, 0, "Abbot of the Closed Gate")
    state.damage[hurt] = 3
    (card,) = to_hand(state, 0, "Patch Up")
    give_resources(state, 0, "d")
    events = _played_events(state, card, hurt)
    assert state.damage[hurt] == 2
    assert Event("healed", {"card": hurt, "amount": 1}) in events


@pytest.mark.rule("shadowfist.txt", "28.1", "67.2")
def test_a_character_smoked_by_the_state_just_played_is_told_with_that_play() -> None:
    """A state entering play resolves at once; the character it brings down to its damage
    is smoked before the next decision, and the play's events tell it (the state, its
    host gone, goes to its owner's smoked pile too)."""
    state = main_table()
    hurt = put_character(state, 1, "Teahouse Brawler")  # 2
    state.damage[hurt] = 1
    give_resources(state, 0, "e")
    amulet = to_hand(state, 0, "Cursed Jade Amulet")[0]
    events = act(state, "play", amulet, hurt)
    assert events == [
        Event(
            "card_played",
            {"player": 0, "card": amulet, "args": [hurt], "title": "Cursed Jade Amulet"},
        ),
        Event("left_play", {"card": amulet, "to": "smoked"}),
        Event("left_play", {"card": hurt, "to": "smoked"}),
    ]
    assert (state.phase, state.to_act) == (MAIN, 0)
