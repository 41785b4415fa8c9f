"""Properties over many generated decks, lists and draws (hypothesis)."""

from __future__ import annotations

import json
import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.vocabulary import CHIZO_TYPES, SHADOWFIST_TYPES
from decks.cardfacts import CardFacts
from decks.formats import FORMATS, DeckLine, validate
from decks.listexport import export_csv, export_json, export_text
from decks.stats import deck_stats, draw_odds, prob_at_least, sample_hand
from decks.textlist import MAX_COUNT, MAX_NAME, NameIndex, parse_deck_text, resolve

from .factories import shipped_chizo, shipped_shadowfist

# Real Shadowfist titles that are hard to read back: case-only twins, quotes, punctuation,
# a leading number, a colon, empty brackets, accents, a trailing space.
AWKWARD_TITLES = [
    "SWAT Team",
    "Swat Team",
    '"Is That All You Got?"',
    '"Is that all you got?"',
    "Earth, Wind, and Fire",
    "Earth, Wind and Fire",
    "18 Bronze Men",
    "Bronze Men",
    "1,000 Corpses",
    "200 Guys With Hatchets and Ladders",
    "malloc()",
    "Evacuation: 2066",
    "Iala Mané",
    "Iala Mane",
    "Who's the Big Man Now?!",
    "Kiii-YAAAH!",
    ".44 Kincaid Magnum ",
    'Juan "El Tigre" Velasquez',
    "Public Enemy No. 1",
]
AWKWARD = tuple(
    CardFacts(id=9000 + i, game="shadowfist", name=name, type=SHADOWFIST_TYPES[i % 6])
    for i, name in enumerate(AWKWARD_TITLES)
)
CATALOGUE = {"chizo": shipped_chizo(), "shadowfist": shipped_shadowfist() + AWKWARD}
FAST = settings(max_examples=60, deadline=None)


@st.composite
def decks(draw: st.DrawFn, game: str) -> list[DeckLine]:
    chosen = draw(st.lists(st.sampled_from(CATALOGUE[game]), unique=True, max_size=40))
    return [DeckLine(c, draw(st.integers(1, MAX_COUNT))) for c in chosen]


@FAST
@given(data=st.data(), game=st.sampled_from(["chizo", "shadowfist"]))
def test_export_then_import_gives_the_same_deck(data, game):
    deck = data.draw(decks(game))
    text = export_text(deck, game=game)
    back = resolve(parse_deck_text(text), NameIndex(CATALOGUE[game]))
    assert back.errors == []
    assert sorted((x.card.id, x.count) for x in back.lines) == sorted(
        (x.card.id, x.count) for x in deck
    )
    assert export_text(back.lines, game=game) == text


# Cards no catalogue holds: any game, type, name and facts.
wild_cards = st.builds(
    CardFacts,
    id=st.integers(-5, 10**6),
    game=st.sampled_from(["chizo", "shadowfist", "raise", ""]),
    name=st.text(max_size=30),
    type=st.sampled_from([*CHIZO_TYPES, *SHADOWFIST_TYPES, "", "Token"]),
    subtitle=st.text(max_size=20),
    is_basic=st.booleans(),
    is_no_max=st.booleans(),
    designators=st.lists(st.text(max_size=8), max_size=4).map(tuple),
    cost=st.none() | st.integers(-3, 20),
    cost_is_x=st.booleans(),
    requires=st.text(alphabet="dgeCHMx", max_size=5),
    provides=st.text(alphabet="dgeCHMx", max_size=3),
    power=st.none() | st.integers(-2, 5),
    strength=st.none() | st.integers(0, 9),
    intelligence=st.none() | st.integers(0, 9),
)
any_card = st.sampled_from(CATALOGUE["chizo"] + CATALOGUE["shadowfist"]) | wild_cards
any_lines = st.lists(
    st.builds(DeckLine, any_card, st.integers(-3, 300), st.none() | st.integers(0, 600)),
    max_size=30,
)
any_slugs = st.lists(st.sampled_from(list(FORMATS)) | st.text(max_size=60), max_size=6)


@settings(max_examples=150, deadline=None)
@given(lines=any_lines, slugs=any_slugs, game=st.sampled_from(["chizo", "shadowfist", "raise"]))
def test_validation_never_raises_on_any_list_of_cards(lines, slugs, game):
    report = validate(lines, slugs, game=game)
    as_json = json.loads(json.dumps(report.to_dict()))
    assert as_json["valid"] == (as_json["errors"] == [])
    assert all(
        set(e) == {"code", "message", "cards", "line", "hint", "format"} for e in as_json["errors"]
    )


@settings(max_examples=100, deadline=None)
@given(lines=any_lines, game=st.sampled_from(["chizo", "shadowfist"]), seed=st.integers())
def test_statistics_and_exports_never_raise_on_any_list_of_cards(lines, game, seed):
    stats = deck_stats(lines, game=game, turns=3)
    json.dumps(stats)
    assert len(sample_hand(lines, game=game, seed=seed)) <= 6
    export_text(lines, game=game)
    export_csv(lines)
    assert sum(row["count"] for row in export_json(lines)) == stats["total"]


LIST_PIECES = st.sampled_from(
    [
        *"0123456789 x\u00d7#/()[]:\t\r\n'\"\u2019\u201c\u201d!?-,.\u00e9",
        "3 ",
        "x3",
        "Golden Egg",
        "Rat",
        "Creatures:",
        "## ",
        "// ",
        "(L/S)",
        "\ufeff",
        "\n",
        "99999999999999999999",
    ]
)
texts = st.text(max_size=400) | st.lists(LIST_PIECES, max_size=80).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=texts)
def test_parse_deck_text_never_raises_on_any_text(text):
    parsed = parse_deck_text(text)
    for line in parsed.lines:
        assert 1 <= line.count <= MAX_COUNT
        assert 0 < len(line.name) <= MAX_NAME
        assert line.line >= 1
    resolved = resolve(parsed, NameIndex(CATALOGUE["chizo"]))
    assert all(x.count >= 1 for x in resolved.lines)


def simulate(k: int, copies: int, deck: int, drawn: int, rng: random.Random, n: int) -> float:
    """The share of `n` shuffled draws holding at least `k` copies (cards 0..copies-1)."""
    population = range(deck)
    hits = sum(sum(1 for c in rng.sample(population, drawn) if c < copies) >= k for _ in range(n))
    return hits / n


@st.composite
def draws(draw: st.DrawFn) -> tuple[int, int, int, int]:
    deck = draw(st.integers(1, 60))
    copies = draw(st.integers(0, deck))
    drawn = draw(st.integers(0, min(deck, 15)))
    k = draw(st.integers(0, 4))
    return k, copies, deck, drawn


@settings(max_examples=8, deadline=None)
@given(case=draws())
def test_the_exact_odds_agree_with_a_seeded_simulation_within_its_error(case):
    k, copies, deck, drawn = case
    n = 20_000
    exact = prob_at_least(k, copies, deck, drawn)
    simulated = simulate(k, copies, deck, drawn, random.Random(2024), n)
    # Four standard errors, floored at that of p = 1/n so near-certain odds are not
    # held to zero tolerance.
    error = math.sqrt(max(exact * (1 - exact), 1 / n) / n)
    assert abs(simulated - exact) <= 4 * error


def test_the_odds_of_a_textbook_case_agree_with_a_simulation():
    """A fixed case beside the generated ones: 3 copies in a 40-tile stack by turn 2."""
    exact = prob_at_least(1, 3, 40, 9)
    simulated = simulate(1, 3, 40, 9, random.Random(7), 20_000)
    assert abs(simulated - exact) <= 4 * math.sqrt(exact * (1 - exact) / 20_000)


@FAST
@given(data=st.data(), game=st.sampled_from(["chizo", "shadowfist"]))
def test_draw_odds_rise_turn_by_turn_and_stay_probabilities(data, game):
    deck = data.draw(decks(game))
    for row in draw_odds(deck, game=game, turns=4):
        series = [row["opening"], *row["by_turn"]]
        assert all(0.0 <= p <= 1.0 for p in series)
        assert row["by_turn"] == sorted(row["by_turn"])
