"""Each catalogue card's modelling status, stored (``Card.modelling``): the engine's word on
every loaded card, kept right when a card is edited and by ``refresh_modelling`` when the
engine changes; found by the search (``is:modelled``, ``is:statsonly``, ``is:blank``), given
by the API and said in words on the card page. Raise and Chocobo components have none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from cards.importers.shadowfist import import_shadowfist
from cards.modelling import card_row
from cards.models import Card
from cards.search import SearchError, search_cards
from cards.services import catalogue_load
from cards.upsert import refresh_modelling
from cards.versioning import catalogue_version
from play.engine.core import BLANK, MODELLED, STATS_ONLY, get_game
from tests.cards.test_shadowfist_import import row, write_csv

pytestmark = pytest.mark.django_db

REAL_FILE = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"
DECK_GAMES = ("chizo", "shadowfist")
NO_TEXT = "its rules text is not known: it plays by its printed figures"


def engine_says(card: Card) -> tuple[str, str]:
    """The engine's status and why for the card, asked directly ("" for a component)."""
    game = card.game.slug
    if game not in DECK_GAMES:
        return "", ""
    return get_game(game).card_modelling(card_row(card, game))


def stored(name: str, game: str = "shadowfist") -> Card:
    return Card.objects.select_related("game").get(game__slug=game, name=name)


@pytest.fixture
def imported(tmp_path: Path) -> None:
    """Cards as the real Shadowfist list imports them (facts, no rules text): two
    characters and a site played by their printed figures, and an event that is a blank."""
    rows = [
        row(9101, "Lone Brawler", cost="1", fighting="2"),
        row(9102, "Tough Guard", cost="2", fighting="3"),
        row(9103, "Quiet Garden", card_type="Feng Shui Site", faction_or_category="",
            cost="", provides="", fighting="", body="7", power="1"),
        row(9104, "Sudden Storm", card_type="Event", cost="1", provides="", fighting=""),
    ]  # fmt: skip
    import_shadowfist(write_csv(tmp_path / "cards.csv", rows))


def assert_every_card_stores_what_the_engine_says() -> set[str]:
    cards = list(Card.objects.select_related("game"))
    wrong = [
        (card.game.slug, card.name, card.modelling, engine_says(card)[0])
        for card in cards
        if card.modelling != engine_says(card)[0]
    ]
    assert not wrong, wrong[:20]
    return {card.modelling for card in cards}


@pytest.mark.usefixtures("imported")
def test_every_loaded_card_stores_the_status_its_engine_gives_it() -> None:
    statuses = assert_every_card_stores_what_the_engine_says()

    assert statuses == {MODELLED, STATS_ONLY, BLANK, ""}  # components have none
    assert stored("Lone Brawler").modelling == STATS_ONLY
    assert stored("Sudden Storm").modelling == BLANK
    assert stored("Flashbang").modelling == MODELLED
    assert not Card.objects.filter(game__slug__in=["raise", "chocobo"]).exclude(modelling="")


@pytest.mark.skipif(not REAL_FILE.exists(), reason="the real Shadowfist card list is not present")
def test_every_card_of_the_real_shadowfist_list_stores_its_engines_status() -> None:
    import_shadowfist(REAL_FILE)

    statuses = assert_every_card_stores_what_the_engine_says()

    assert {MODELLED, STATS_ONLY, BLANK} <= statuses
    assert Card.objects.filter(game__slug="shadowfist", modelling=STATS_ONLY).count() > 1000


def test_editing_a_card_changes_its_stored_status() -> None:
    flashbang = stored("Flashbang")
    key, params = flashbang.effect_key, flashbang.effect_params
    assert flashbang.modelling == MODELLED

    flashbang.effect_key, flashbang.effect_params = None, {}
    flashbang.save()
    assert stored("Flashbang").modelling == BLANK  # an event whose effect does not run

    flashbang.effect_key, flashbang.effect_params = key, params
    flashbang.save(update_fields=["effect_key", "effect_params"])  # the status goes too
    assert stored("Flashbang").modelling == MODELLED


def test_a_new_card_stores_its_status_when_it_is_created() -> None:
    chizo, shadowfist = stored("Clever Monkey", "chizo").game, stored("Flashbang").game
    fields = {"creature_class": "Rat", "strength": 2, "intelligence": 3}
    creature = Card.objects.create(game=chizo, name="New Rat", slug="new-rat", type="Creature",
                                   effect_key="no_such_effect", **fields)  # fmt: skip
    character = Card.objects.create(game=shadowfist, name="New Kid", slug="new-kid",
                                     type="Character", cost=1, fighting=1)  # fmt: skip

    assert (creature.modelling, character.modelling) == (STATS_ONLY, STATS_ONLY)
    assert stored("New Rat", "chizo").modelling == STATS_ONLY
    assert stored("New Kid").modelling == STATS_ONLY


def test_a_card_the_engine_cannot_read_is_a_blank_with_the_reason() -> None:
    chizo = stored("Clever Monkey", "chizo").game
    classless = Card.objects.create(game=chizo, name="No Class", slug="no-class", type="Creature")

    assert classless.modelling == BLANK
    why = "the rules engine cannot read it: No Class: a creature needs a class"
    assert why in client_page(classless)


def client_page(card: Card) -> str:
    page: str = Client().get(f"/cards/{card.pk}/").content.decode()
    return page


def test_a_chizo_tile_with_an_effect_not_modelled_is_stats_only_or_blank() -> None:
    monkey, granary = stored("Clever Monkey", "chizo"), stored("Rice Granary", "chizo")
    for tile in (monkey, granary):
        tile.effect_key = "no_such_effect"
        tile.save()

    assert stored("Clever Monkey", "chizo").modelling == STATS_ONLY  # a creature: STR and INT
    assert stored("Rice Granary", "chizo").modelling == BLANK


def test_a_component_has_no_status() -> None:
    component = Card.objects.filter(game__slug="raise").first()
    assert component is not None
    component.name += " (renamed)"
    component.save()

    component.refresh_from_db()
    assert component.modelling == ""


def test_refresh_modelling_puts_a_stale_status_right_and_renews_the_catalogue_version() -> None:
    # As if the engine had changed since the status was written: an update() sends no signal.
    Card.objects.filter(game__slug="shadowfist", name="Flashbang").update(modelling=BLANK)
    Card.objects.filter(game__slug="chizo", name="Clever Monkey").update(modelling=BLANK)
    shadowfist, chizo = catalogue_version("shadowfist"), catalogue_version("chizo")

    assert refresh_modelling(["shadowfist"]) == 1

    assert stored("Flashbang").modelling == MODELLED
    assert catalogue_version("shadowfist") != shadowfist
    assert stored("Clever Monkey", "chizo").modelling == BLANK  # not a game refreshed
    assert catalogue_version("chizo") == chizo

    assert refresh_modelling() == 1
    assert stored("Clever Monkey", "chizo").modelling == MODELLED
    again = catalogue_version("chizo")
    assert refresh_modelling() == 0
    assert catalogue_version("chizo") == again  # nothing written, nothing renewed


def test_loading_the_catalogue_refreshes_the_statuses(tmp_path: Path) -> None:
    Card.objects.filter(game__slug="chizo", name="Clever Monkey").update(modelling=BLANK)

    reports = catalogue_load(games=["chizo"])

    assert reports["chizo"].counts["updated"] == 0  # the card itself did not change
    assert stored("Clever Monkey", "chizo").modelling == MODELLED


def test_the_shadowfist_import_refreshes_the_statuses(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "cards.csv", [row(9201, "Gun Kid")])
    import_shadowfist(path)
    Card.objects.filter(game__slug="shadowfist", name="Gun Kid").update(modelling=BLANK)

    cards, _ = import_shadowfist(path)

    assert cards.counts == {"unchanged": 1}
    assert stored("Gun Kid").modelling == STATS_ONLY


def found(text: str, game: str | None = None) -> set[int]:
    cards = Card.objects.all() if game is None else Card.objects.filter(game__slug=game)
    return set(search_cards(cards, text)[0].values_list("pk", flat=True))


def engine_ids(wanted: str, game: str | None = None) -> set[int]:
    cards = Card.objects.select_related("game")
    cards = cards if game is None else cards.filter(game__slug=game)
    return {card.pk for card in cards if engine_says(card)[0] == wanted}


@pytest.mark.usefixtures("imported")
@pytest.mark.parametrize(
    ("term", "status"),
    [
        ("is:modelled", MODELLED),
        ("is:statsonly", STATS_ONLY),
        ("is:stats-only", STATS_ONLY),
        ("IS:Blank", BLANK),
    ],
)
def test_each_status_term_finds_exactly_the_cards_of_that_status(term: str, status: str) -> None:
    expected = engine_ids(status)

    assert expected
    assert found(term) == expected


@pytest.mark.usefixtures("imported")
def test_not_blank_is_every_other_card_of_a_deck_game() -> None:
    for game in DECK_GAMES:
        every = set(Card.objects.filter(game__slug=game).values_list("pk", flat=True))
        assert found("-is:blank", game) == every - engine_ids(BLANK, game)
    assert found("game:shadowfist -is:blank is:statsonly") == engine_ids(STATS_ONLY, "shadowfist")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("is:modeled", "did you mean 'modelled'?"),
        ("is:stats_only", "did you mean 'statsonly'?"),
        ("is:blnk", "did you mean 'blank'?"),
    ],
)
def test_a_mistyped_status_suggests_the_term(text: str, hint: str) -> None:
    with pytest.raises(SearchError) as raised:
        found(text)

    assert raised.value.hint == hint
    assert f"unknown property '{text}'" in str(raised.value)


def test_an_unknown_property_lists_the_status_terms() -> None:
    with pytest.raises(SearchError) as raised:
        found("is:zzzzzz")

    assert raised.value.hint is not None
    assert {"modelled", "statsonly", "stats-only", "blank"} <= set(
        raised.value.hint.removeprefix("use one of ").split(", ")
    )


def api_card(api: APIClient, card: Card) -> dict[str, Any]:
    response = api.get(f"/api/v1/cards/{card.pk}/")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.usefixtures("imported")
def test_the_api_gives_each_deck_cards_status_and_none_for_a_component(api: APIClient) -> None:
    assert api_card(api, stored("Lone Brawler"))["modelling"] == STATS_ONLY
    assert api_card(api, stored("Sudden Storm"))["modelling"] == BLANK
    assert api_card(api, stored("Flashbang"))["modelling"] == MODELLED
    assert api_card(api, stored("Clever Monkey", "chizo"))["modelling"] == MODELLED
    component = Card.objects.filter(game__slug="raise").first()
    assert component is not None
    assert "modelling" not in api_card(api, component)

    listed = api.get("/api/v1/cards/", {"q": "is:statsonly", "page_size": 200}).json()
    assert listed["count"] == len(engine_ids(STATS_ONLY))
    assert {card["modelling"] for card in listed["results"]} == {STATS_ONLY}


@pytest.mark.usefixtures("imported")
def test_the_card_page_says_the_status_in_words_with_why(client: Client) -> None:
    brawler = stored("Lone Brawler")
    page = client.get(f"/cards/{brawler.pk}/").content.decode()

    assert "Rules engine" in page
    assert f"by printed stats only</a> — {NO_TEXT}" in page
    link = "/cards/?q=is%3Astatsonly&amp;game=shadowfist"
    assert f'href="{link}"' in page
    listed = client.get(link.replace("&amp;", "&")).content.decode()
    assert "Lone Brawler" in listed

    storm = client.get(f"/cards/{stored('Sudden Storm').pk}/").content.decode()
    assert f"blank</a> — {engine_says(stored('Sudden Storm'))[1]}" in storm


def test_the_card_page_of_a_modelled_card_says_so_and_of_a_component_nothing(
    client: Client,
) -> None:
    monkey = client.get(f"/cards/{stored('Clever Monkey', 'chizo').pk}/").content.decode()
    assert 'game=chizo" title="Every ChiZo RISING card modelled">modelled</a></dd>' in monkey

    component = Card.objects.filter(game__slug="chocobo").first()
    assert component is not None
    page = client.get(f"/cards/{component.pk}/").content.decode()
    assert "Rules engine" not in page
