"""A player's effects file, end to end: cards imported without effects play as blanks;
once their effects are loaded the goldfish command plays them (the engine reads them
from the catalogue), counts them modelled and names the effects version."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from cards.effects.loading import load_effect_file
from cards.models import Card, CardSet, Game, Printing
from decks.catalogue import facts_by_id
from decks.engine_rows import line_rows
from decks.lines import DeckLine
from play.engine.games.shadowfist import CardDef, card_from_dict
from tests.play.test_goldfish_opposition import starter_list

pytestmark = pytest.mark.django_db

EFFECTS = """\
[cards."Rain of Embers"]
effect_key = "damage_target"
trigger = "play"
target = "character"
amount = 2
"""


@pytest.fixture
def rain() -> Card:
    """An event as the importer makes it from the real list: facts, no effect."""
    game = Game.objects.get(slug="shadowfist")
    edition = CardSet.objects.create(game=game, code="TST", name="Test Edition")
    card = Card.objects.create(game=game, name="Rain of Embers", slug="rain-of-embers",
                               type="Event", cost=0)  # fmt: skip
    Printing.objects.create(card=card, card_set=edition, external_id="1")
    return card


def goldfish(tmp_path: Path) -> list[str]:
    """The starter deck with its three Lead Rain swapped for three Rain of Embers."""
    deck = starter_list().replace("3 Lead Rain", "3 Rain of Embers")
    assert "3 Rain of Embers" in deck
    path = tmp_path / "deck.txt"
    path.write_text(deck, encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", "shadowfist", "--deck", str(path), "--games", "3",
                 "--no-progress", stdout=out, stderr=io.StringIO())  # fmt: skip
    return out.getvalue().splitlines()


def as_played(card: Card) -> CardDef:
    """The card as the goldfish paths hand it to the engine."""
    [(row, _copies)] = line_rows("shadowfist", [DeckLine(facts_by_id([card.pk])[card.pk], 3)])
    return card_from_dict(row)


def test_loaded_effects_are_played_counted_modelled_and_named(tmp_path: Path, rain: Card) -> None:
    before = goldfish(tmp_path)
    assert as_played(rain).blank

    loaded = load_effect_file(rain.game, EFFECTS, source="effects file mine.toml")
    after = goldfish(tmp_path)

    assert loaded.change is not None
    assert "what the engine modelled: 47 of 50 cards modelled; 3 blanks" in before
    assert "what the engine modelled: all 50 cards modelled" in after
    assert f"effects: version {loaded.change.number} (Shadowfist)" in after
    played = as_played(rain)
    assert not played.blank
    assert played.effect is not None
    assert (played.effect.key, played.effect.amount) == ("damage_target", 2)
