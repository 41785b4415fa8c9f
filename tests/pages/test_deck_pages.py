"""The deck builder's pages: my decks, a deck (edit, search, paste, validate), statistics,
history, export, and who may see or change what; plus the services and selectors the
pages added."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cards.models import Card
from decks import selectors, services
from decks.intake import DeckListError
from decks.models import Deck
from decks.stats import prob_at_least

pytestmark = pytest.mark.django_db

BASICS = ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Ram", "Monkey", "Rooster"]
BASIC_STACK = "\n".join(f"3 {name}" for name in BASICS)  # 30 basic tiles: a valid stack
TYPO_LIST = "3 Rat\n\n3 Golden Eg\n3 Ox\n"


# --- helpers ------------------------------------------------------------------------------


def logged_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


def make_deck(owner: User, text: str = BASIC_STACK, *, game: str = "chizo", **fields: Any) -> Deck:
    return services.deck_create_from_text(
        owner=owner, game=game, name=fields.pop("name", "Stack"), text=text, **fields
    )


def card_id(name: str, game: str = "chizo") -> int:
    return Card.objects.get(name=name, game__slug=game).pk


def counts(deck: Deck) -> dict[str, int]:
    return {e.card.name: e.count for e in deck.entries.select_related("card")}


def html(response: Any) -> str:
    return response.content.decode()


def text_of(fragment: str) -> str:
    """Markup reduced to its words, entities decoded, spaces collapsed."""
    parser = _Text()
    parser.feed(fragment)
    return " ".join(" ".join(parser.parts).split())


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def element(page: str, element_id: str) -> str:
    """The markup of the element with `element_id`, up to its closing tag (no nesting of
    the same tag name inside it is assumed beyond what the pages have)."""
    match = re.search(rf'<(\w+)[^>]*\bid="{re.escape(element_id)}"', page)
    assert match, f"no element #{element_id}"
    tag = match.group(1)
    depth, position = 0, match.start()
    for token in re.finditer(rf"<(/?){tag}\b[^>]*>", page[match.start() :]):
        depth += -1 if token.group(1) else 1
        if depth == 0:
            position = match.start() + token.end()
            break
    return page[match.start() : position]


def table_rows(table: str) -> list[list[str]]:
    """The text of each cell, row by row."""
    rows = []
    for row in re.findall(r"<tr\b.*?</tr>", table, flags=re.S):
        cells = re.findall(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", row, flags=re.S)
        rows.append([text_of(cell) for cell in cells])
    return rows


def svgs(page: str) -> list[ET.Element]:
    """Every inline SVG chart, parsed as XML (so a malformed one fails the test)."""
    return [ET.fromstring(block) for block in re.findall(r"<svg\b.*?</svg>", page, flags=re.S)]


def post_count(
    client: Client, deck: Deck, name: str, count: int | str, *, version: int | None = None
) -> Any:
    return client.post(
        f"/decks/{deck.pk}/cards/count/",
        {
            "card": card_id(name, deck.game.slug),
            "count": count,
            "action": "set",
            "version": deck.version if version is None else version,
        },
    )


def post_list(
    client: Client, deck: Deck, text: str, *, mode: str = "replace", version: int | None = None
) -> Any:
    return client.post(
        f"/decks/{deck.pk}/import/",
        {"list": text, "mode": mode, "version": deck.version if version is None else version},
    )


# --- my decks -----------------------------------------------------------------------------


def test_anonymous_visitors_are_sent_to_the_login_page_for_their_decks(client: Client) -> None:
    response = client.get("/decks/")

    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/decks/"


@pytest.mark.parametrize("tab", ["", "stats/", "history/", "export/text/"])
def test_a_private_deck_is_not_found_for_anonymous_visitors(
    client: Client, alice: User, tab: str
) -> None:
    deck = make_deck(alice)

    assert client.get(f"/decks/{deck.pk}/{tab}").status_code == 404


def test_my_decks_lists_only_mine_with_game_format_size_and_verdict(
    client: Client, alice: User, bob: User
) -> None:
    make_deck(alice, name="Valid stack")
    make_deck(alice, "4 Golden Egg\n3 Rat", name="Broken stack")
    make_deck(bob, name="Bob's stack")

    page = html(logged_in(client, alice).get("/decks/"))

    rows = {row[0]: row for row in table_rows(page) if row and row[0] != "Name"}
    assert set(rows) == {"Valid stack", "Broken stack"}
    assert rows["Valid stack"][1:5] == ["ChiZo RISING", "Stack", "30", "valid"]
    assert rows["Broken stack"][3:5] == ["7", "2 problems"]  # too few tiles, 4 Golden Eggs


def test_a_deck_is_created_from_the_form_and_its_page_opens(client: Client, alice: User) -> None:
    response = logged_in(client, alice).post(
        "/decks/",
        {"name": "Birds", "game": "shadowfist", "format": "big-man", "visibility": "public"},
    )

    deck = Deck.objects.get(owner=alice)
    assert response.status_code == 302
    assert response["Location"] == f"/decks/{deck.pk}/"
    assert (deck.name, deck.game.slug, deck.format, deck.visibility) == (
        "Birds", "shadowfist", "big-man", "public",
    )  # fmt: skip
    page = html(client.get(response["Location"]))
    assert "Who&#x27;s the Big Man Now?" in page
    assert "Deck “Birds” created." in page


def test_a_refused_new_deck_keeps_what_was_typed_with_an_error_per_field(
    client: Client, alice: User
) -> None:
    response = logged_in(client, alice).post(
        "/decks/",
        {"name": "", "game": "chizo", "format": "", "visibility": "public", "list": "3 Rat\n"},
    )

    assert response.status_code == 400
    page = html(response)
    assert response.context["form"].errors == {"name": ["This field is required."]}
    name_field = r'<label for="id_name">Name</label>\s*<input[^>]*>\s*<p class="error"'
    assert re.search(name_field + r' role="alert">This field is required.</p>', page)
    assert '<option value="public" selected>' in page
    assert re.search(r'<textarea name="list"[^>]*>\n3 Rat\n</textarea>', page)
    assert not Deck.objects.exists()


def test_a_format_of_another_game_is_refused_on_the_format_field(
    client: Client, alice: User
) -> None:
    response = logged_in(client, alice).post(
        "/decks/",
        {"name": "Mixed", "game": "chizo", "format": "final-brawl", "visibility": "private"},
    )

    assert response.status_code == 400
    form = response.context["form"]
    assert list(form.errors) == ["format"]
    assert "ChiZo RISING has no format 'final-brawl'" in form.errors["format"][0]
    assert 'value="Mixed"' in html(response)
    assert not Deck.objects.exists()


def test_a_new_deck_with_a_typo_shows_the_suggestion_beside_the_line_and_saves_nothing(
    client: Client, alice: User
) -> None:
    response = logged_in(client, alice).post(
        "/decks/", {"name": "Eggs", "game": "chizo", "visibility": "private", "list": TYPO_LIST}
    )

    assert response.status_code == 400
    check = element(html(response), "list-check")
    assert 'data-line="3"' in check
    assert "3 Golden Eg" in text_of(check)
    assert "line 3: no card named 'Golden Eg'; did you mean 'Golden Egg'?" in text_of(check)
    assert "nothing was saved" in text_of(html(response))
    assert not Deck.objects.exists()


# --- the deck page: pasting a list ----------------------------------------------------------


def test_a_pasted_list_with_a_typo_shows_the_suggestion_saves_nothing_and_keeps_the_text(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice)

    response = post_list(logged_in(client, alice), deck, TYPO_LIST)

    assert response.status_code == 400
    page = html(response)
    errors = element(page, "list-check")
    assert "line 3: no card named 'Golden Eg'; did you mean 'Golden Egg'?" in text_of(errors)
    assert re.search(
        r'<textarea name="list" id="paste-list"[^>]*>\n3 Rat\n\n3 Golden Eg\n3 Ox\n<', page
    )
    deck.refresh_from_db()
    assert deck.version == 1
    assert sum(counts(deck).values()) == 30


def test_the_fixed_list_saves_and_the_deck_page_says_it_is_valid(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "3 Rat")
    fixed = BASIC_STACK.replace("3 Ox", "2 Ox") + "\n1 Golden Egg"

    response = post_list(logged_in(client, alice), deck, fixed)

    assert response.status_code == 302
    assert response["Location"] == f"/decks/{deck.pk}/#validation"
    deck.refresh_from_db()
    assert deck.version == 2
    assert counts(deck)["Golden Egg"] == 1
    page = html(client.get(f"/decks/{deck.pk}/"))
    assert text_of(element(page, "validation-summary")) == "Valid for Stack"


def test_a_pasted_list_can_be_added_to_the_decks_cards(client: Client, alice: User) -> None:
    deck = make_deck(alice, "3 Rat\n1 Golden Egg")

    response = post_list(logged_in(client, alice), deck, "2 Golden Egg\n1 Ox", mode="append")

    assert response.status_code == 302
    deck.refresh_from_db()
    assert counts(deck) == {"Rat": 3, "Golden Egg": 3, "Ox": 1}


def test_validate_as_you_type_answers_a_fragment_with_the_errors_a_save_would_show(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice)
    logged_in(client, alice)

    fragment = client.post(
        "/decks/check-list/",
        {"game": "chizo", "formats": ["stack"], "list": TYPO_LIST, "mode": "replace"},
        HTTP_HX_REQUEST="true",
    )
    saved = post_list(client, deck, TYPO_LIST)

    assert fragment.status_code == 200
    body = html(fragment)
    assert "<html" not in body
    assert "<main" not in body
    assert body.strip().startswith('<div id="list-check"')
    assert "did you mean 'Golden Egg'?" in text_of(body)
    assert text_of(element(body, "list-check")) == text_of(element(html(saved), "list-check"))
    deck.refresh_from_db()
    assert deck.version == 1


def test_validate_as_you_type_gives_the_verdict_of_a_clean_list(
    client: Client, alice: User
) -> None:
    response = logged_in(client, alice).post(
        "/decks/check-list/", {"game": "chizo", "format": "", "list": "4 Golden Egg\n3 Rat"}
    )

    body = text_of(html(response))
    assert "Every line reads: 7 tiles, 2 different." in body
    assert "2 problems with this list" in body
    assert "Deck has 4 copies of Golden Egg; at most 3 are allowed" in body
    assert not Deck.objects.exists()


def test_validate_as_you_type_gives_no_verdict_for_a_list_to_be_added(
    client: Client, alice: User
) -> None:
    response = logged_in(client, alice).post(
        "/decks/check-list/",
        {"game": "chizo", "formats": ["stack"], "list": "1 Golden Egg", "mode": "append"},
    )

    body = text_of(html(response))
    assert "Every line reads: 1 tile, 1 different." in body
    assert "problem" not in body
    assert "Valid" not in body


# --- the deck page: validation and editing ---------------------------------------------------


def test_a_fourth_copy_of_a_tile_is_shown_beside_that_card_with_the_fix_hint(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, BASIC_STACK + "\n4 Golden Egg")

    page = html(logged_in(client, alice).get(f"/decks/{deck.pk}/"))

    assert text_of(element(page, "validation-summary")) == "1 problem"
    row = element(page, f"card-{card_id('Golden Egg')}")
    assert 'class="has-problem"' in row
    assert "Deck has 4 copies of Golden Egg; at most 3 are allowed" in text_of(row)
    assert "Fix: remove 1 Golden Egg" in text_of(row)
    assert "has-problem" not in element(page, f"card-{card_id('Rat')}")


def test_the_deck_can_be_checked_against_several_formats_at_once(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "2 Hired Muscle\n2 Lead Rain", game="shadowfist")

    page = html(
        logged_in(client, alice).get(
            f"/decks/{deck.pk}/", {"formats": ["final-brawl", "hundred-names"]}
        )
    )

    assert text_of(element(page, "validation-summary")) == "2 problems"
    panel = text_of(element(page, "validation"))
    assert "Final Brawl: valid" in panel
    assert "One Hundred Names: 2 problems" in panel


def test_the_search_panel_finds_cards_of_the_decks_game_only(client: Client, alice: User) -> None:
    deck = make_deck(alice, "", game="shadowfist", name="Fists")
    logged_in(client, alice)

    shadowfist = html(client.get(f"/decks/{deck.pk}/", {"q": "lead rain"}))
    chizo = html(client.get(f"/decks/{deck.pk}/", {"q": "golden egg"}))

    assert "Add Lead Rain" in text_of(element(shadowfist, "search-results"))
    assert "No Shadowfist card matches “golden egg”." in text_of(element(chizo, "search-results"))


def test_the_search_fragment_answers_results_alone(client: Client, alice: User) -> None:
    deck = make_deck(alice)

    response = logged_in(client, alice).get(
        f"/decks/{deck.pk}/search/", {"q": "t:action golden"}, HTTP_HX_REQUEST="true"
    )

    body = html(response)
    assert response.status_code == 200
    assert "<main" not in body
    assert body.strip().startswith('<div id="search-results"')
    assert f'name="card" value="{card_id("Golden Egg")}"' in body
    assert 'name="version" value="1"' in body


def test_a_malformed_search_shows_the_parsers_message(client: Client, alice: User) -> None:
    deck = make_deck(alice)

    response = logged_in(client, alice).get(f"/decks/{deck.pk}/search/", {"q": "colour:red"})

    assert "unknown field 'colour' at column 1; did you mean 'class'?" in text_of(html(response))


def test_adding_a_card_from_the_search_panel_saves_a_new_version(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "3 Rat")
    logged_in(client, alice)

    first = client.post(
        f"/decks/{deck.pk}/cards/add/",
        {"card": card_id("Golden Egg"), "version": 1, "q": "golden"},
    )
    second = client.post(
        f"/decks/{deck.pk}/cards/add/", {"card": card_id("Golden Egg"), "version": 2}
    )

    assert first.status_code == 302
    assert first["Location"] == f"/decks/{deck.pk}/?q=golden#search"
    assert second.status_code == 302
    deck.refresh_from_db()
    assert deck.version == 3
    assert counts(deck) == {"Rat": 3, "Golden Egg": 2}


def test_a_card_of_another_game_cannot_be_added(client: Client, alice: User) -> None:
    deck = make_deck(alice, "3 Rat")

    response = logged_in(client, alice).post(
        f"/decks/{deck.pk}/cards/add/", {"card": card_id("Lead Rain", "shadowfist"), "version": 1}
    )

    assert response.status_code == 400
    assert "no card with id" in text_of(html(response))
    deck.refresh_from_db()
    assert deck.version == 1


def test_changing_a_count_saves_it_and_zero_or_remove_takes_the_card_out(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "3 Rat\n3 Ox\n2 Golden Egg")
    logged_in(client, alice)

    assert post_count(client, deck, "Rat", 1).status_code == 302
    deck.refresh_from_db()
    assert post_count(client, deck, "Ox", 0).status_code == 302
    deck.refresh_from_db()
    removed = client.post(
        f"/decks/{deck.pk}/cards/count/",
        {"card": card_id("Golden Egg"), "count": "", "action": "remove", "version": deck.version},
    )

    assert removed.status_code == 302
    deck.refresh_from_db()
    assert deck.version == 4
    assert counts(deck) == {"Rat": 1}


def test_a_count_out_of_range_is_refused_with_a_message(client: Client, alice: User) -> None:
    deck = make_deck(alice, "3 Rat")

    response = post_count(logged_in(client, alice), deck, "Rat", 100)

    assert response.status_code == 400
    assert "less than or equal to 99" in text_of(html(response))
    deck.refresh_from_db()
    assert counts(deck) == {"Rat": 3}


def test_a_stale_version_is_refused_with_a_message_and_nothing_is_lost(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "3 Rat\n3 Ox")
    logged_in(client, alice)
    assert post_count(client, deck, "Ox", 2).status_code == 302  # another tab: now version 2

    response = post_count(client, deck, "Rat", 1, version=1)

    assert response.status_code == 409
    message = text_of(element(html(response), "stale-version"))
    assert "This deck was changed since you loaded it" in message
    assert "it is now at version 2; your change was based on version 1" in message
    deck.refresh_from_db()
    assert deck.version == 2
    assert counts(deck) == {"Rat": 3, "Ox": 2}
    assert deck.versions.count() == 2


def test_a_stale_paste_keeps_the_typed_list_ready_to_send_again_on_the_latest_version(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "3 Rat")
    logged_in(client, alice)
    post_count(client, deck, "Rat", 2)

    response = post_list(client, deck, "1 Golden Egg\n", version=1)

    assert response.status_code == 409
    page = html(response)
    assert "what you typed is kept in the form" in text_of(page)
    assert re.search(r'<textarea name="list" id="paste-list"[^>]*>\n1 Golden Egg\n<', page)
    assert 'name="version" value="2" id="paste-version"' in page
    deck.refresh_from_db()
    assert counts(deck) == {"Rat": 2}


def test_settings_change_name_format_and_visibility(client: Client, alice: User) -> None:
    deck = make_deck(alice, "", game="shadowfist")

    response = logged_in(client, alice).post(
        f"/decks/{deck.pk}/settings/",
        {"name": "Renamed", "format": "hundred-names", "visibility": "public", "version": 1},
    )

    assert response.status_code == 302
    deck.refresh_from_db()
    assert (deck.name, deck.format, deck.visibility, deck.version) == (
        "Renamed", "hundred-names", "public", 2,
    )  # fmt: skip


def test_a_format_of_another_game_is_refused_in_the_settings(client: Client, alice: User) -> None:
    deck = make_deck(alice)

    response = logged_in(client, alice).post(
        f"/decks/{deck.pk}/settings/",
        {"name": "Stack", "format": "final-brawl", "visibility": "private", "version": 1},
    )

    assert response.status_code == 400
    assert "has no format &#x27;final-brawl&#x27;" in html(response)
    deck.refresh_from_db()
    assert (deck.format, deck.version) == ("stack", 1)


def test_a_deck_is_deleted_from_its_page(client: Client, alice: User) -> None:
    deck = make_deck(alice)

    response = logged_in(client, alice).post(f"/decks/{deck.pk}/delete/", {"version": 1})

    assert response.status_code == 302
    assert response["Location"] == "/decks/"
    assert not Deck.objects.exists()


def test_the_deck_page_links_to_goldfish_simulate_and_exports(client: Client, alice: User) -> None:
    deck = make_deck(alice)

    page = html(logged_in(client, alice).get(f"/decks/{deck.pk}/"))

    assert f'href="/play/goldfish/?deck={deck.pk}">Goldfish this deck</a>' in page
    assert f'href="/simulations/new/?deck={deck.pk}">Simulate</a>' in page
    for kind in ("text", "json", "csv"):
        assert f'href="/decks/{deck.pk}/export/{kind}/"' in page


# --- statistics, sample hand, history, export -------------------------------------------------


def test_statistics_show_parseable_charts_and_the_draw_odds_table(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, BASIC_STACK.replace("3 Rooster", "") + "\n3 Golden Egg")

    page = html(logged_in(client, alice).get(f"/decks/{deck.pk}/stats/", {"seed": 1}))

    charts = {chart.get("aria-label"): chart for chart in svgs(page)}
    assert {"Tiles by type", "Creatures by STR", "Creatures by INT", "Creatures by class"} <= set(
        charts
    )
    by_type = {g.get("data-label"): g.get("data-value") for g in charts["Tiles by type"].iter()
               if g.get("class") == "bar"}  # fmt: skip
    assert by_type == {"Creature": "27", "Action": "3"}
    odds = {row[0]: row for row in table_rows(element(page, "odds-table"))}
    opening = prob_at_least(1, 3, 30, 5)
    by_turn_5 = prob_at_least(1, 3, 30, 15)
    assert odds["Golden Egg"][1:3] == ["3", f"{opening:.0%}"]
    assert odds["Golden Egg"][-1] == f"{by_turn_5:.0%}"
    assert odds["Card"][3].startswith("Turn 1")


def test_the_odds_table_can_show_more_turns_and_two_copies(client: Client, alice: User) -> None:
    deck = make_deck(alice, BASIC_STACK + "\n1 Golden Egg")

    page = html(
        logged_in(client, alice).get(f"/decks/{deck.pk}/stats/", {"turns": 7, "at_least": 2})
    )

    rows = {row[0]: row for row in table_rows(element(page, "odds-table"))}
    assert len(rows["Card"]) == 3 + 7
    assert "Golden Egg" not in rows  # one copy: never two
    assert rows["Rat"][2] == f"{prob_at_least(2, 3, 31, 5):.0%}"


def test_shadowfist_statistics_chart_the_cost_curve_and_list_resources(
    client: Client, alice: User
) -> None:
    deck = make_deck(
        alice, "2 Teahouse Brawler\n1 Precinct Captain\n3 Hall of Nine Bells", game="shadowfist"
    )

    page = html(logged_in(client, alice).get(f"/decks/{deck.pk}/stats/"))

    charts = {chart.get("aria-label"): chart for chart in svgs(page)}
    curve = charts["Cost curve (feng shui sites left out)"]
    bars = {
        g.get("data-label"): g.get("data-value") for g in curve.iter() if g.get("class") == "bar"
    }
    assert bars == {"0": "0", "1": "0", "2": "2", "3": "0", "4": "1"}
    resources = text_of(page)
    assert "Dragons" in resources
    assert "required, never provided" not in resources


def test_the_same_seed_draws_the_same_hand_of_the_games_size(client: Client, alice: User) -> None:
    deck = make_deck(alice, BASIC_STACK + "\n3 Golden Egg")
    logged_in(client, alice)

    def hand(seed: int) -> tuple[list[str], str]:
        section = element(
            html(client.get(f"/decks/{deck.pk}/stats/", {"seed": seed})), "sample-hand"
        )
        names = [text_of(li) for li in re.findall(r"<li>(.*?)</li>", section, flags=re.S)]
        return names, section

    first, section = hand(7)
    again, _ = hand(7)
    others = [hand(seed)[0] for seed in (8, 9, 10)]

    assert len(first) == 5  # a ChiZo opening hand
    assert first == again
    assert any(other != first for other in others)
    assert "Seed 7" in text_of(section)
    next_seed = re.search(r'id="draw-another" href="\?seed=(\d+)', section)
    assert next_seed is not None
    assert next_seed.group(1) != "7"


def test_history_lists_every_version_and_the_diff_shows_what_changed(
    client: Client, alice: User
) -> None:
    deck = make_deck(alice, "3 Rat\n3 Ox")
    logged_in(client, alice)
    post_count(client, deck, "Ox", 1)
    deck.refresh_from_db()
    client.post(f"/decks/{deck.pk}/cards/add/", {"card": card_id("Golden Egg"), "version": 2})

    latest = html(client.get(f"/decks/{deck.pk}/history/"))
    whole = html(client.get(f"/decks/{deck.pk}/history/", {"start": 1, "end": 3}))

    versions = [row[0] for row in table_rows(element(latest, "versions"))[1:]]
    assert versions == ["3", "2", "1"]
    assert table_rows(element(latest, "diff"))[1:] == [["Golden Egg", "0", "1", "+1 added"]]
    assert table_rows(element(whole, "diff"))[1:] == [
        ["Golden Egg", "0", "1", "+1 added"],
        ["Ox", "3", "1", "-2 changed"],
    ]


def test_a_version_the_deck_never_had_is_not_found(client: Client, alice: User) -> None:
    deck = make_deck(alice)

    response = logged_in(client, alice).get(f"/decks/{deck.pk}/history/", {"start": 1, "end": 9})

    assert response.status_code == 404


def test_exports_download_as_text_json_and_csv(client: Client, alice: User) -> None:
    deck = make_deck(alice, "3 Rat\n2 Golden Egg", name="Egg Rush")
    logged_in(client, alice)

    text = client.get(f"/decks/{deck.pk}/export/text/")
    data = client.get(f"/decks/{deck.pk}/export/json/")
    table = client.get(f"/decks/{deck.pk}/export/csv/")

    assert text["Content-Disposition"] == f'attachment; filename="deck-{deck.pk}-egg-rush.txt"'
    assert text["Content-Type"] == "text/plain; charset=utf-8"
    assert html(text) == "Creatures (3)\n3 Rat\n\nActions (2)\n2 Golden Egg\n"
    assert json.loads(data.content)["cards"][0] == {
        "count": 3, "name": "Rat", "type": "Creature", "id": card_id("Rat"),
    }  # fmt: skip
    rows = list(csv.reader(io.StringIO(html(table))))
    assert rows[0] == ["count", "name", "type", "id"]
    assert client.get(f"/decks/{deck.pk}/export/xml/").status_code == 404


def test_an_exported_text_list_imports_back_unchanged(client: Client, alice: User) -> None:
    deck = make_deck(alice, BASIC_STACK + "\n2 Golden Egg")
    logged_in(client, alice)
    exported = html(client.get(f"/decks/{deck.pk}/export/text/"))

    client.post(
        "/decks/", {"name": "Copy", "game": "chizo", "visibility": "private", "list": exported}
    )

    copy = Deck.objects.get(name="Copy")
    assert counts(copy) == counts(deck)


# --- who may see and change what ------------------------------------------------------------


def test_other_users_get_404_on_a_private_deck(
    client: Client, alice: User, bob: User, charlie: User
) -> None:
    deck = make_deck(alice)
    gets = ["", "stats/", "history/", "export/text/", "search/?q=rat"]
    posts = {
        "cards/add/": {"card": card_id("Rat"), "version": 1},
        "cards/count/": {"card": card_id("Rat"), "count": 1, "action": "set", "version": 1},
        "import/": {"list": "1 Rat", "mode": "replace", "version": 1},
        "settings/": {"name": "Mine", "format": "stack", "visibility": "public", "version": 1},
        "delete/": {"version": 1},
    }

    for user in (bob, charlie):
        logged_in(client, user)
        for path in gets:
            assert client.get(f"/decks/{deck.pk}/{path}").status_code == 404, path
        for path, data in posts.items():
            assert client.post(f"/decks/{deck.pk}/{path}", data).status_code == 404, path

    deck.refresh_from_db()
    assert (deck.name, deck.version, counts(deck)["Rat"]) == ("Stack", 1, 3)


def test_others_read_a_public_deck_but_cannot_change_it(
    client: Client, alice: User, bob: User
) -> None:
    deck = make_deck(alice, visibility="public")
    logged_in(client, bob)

    page = html(client.get(f"/decks/{deck.pk}/"))
    writes = [
        client.post(f"/decks/{deck.pk}/cards/add/", {"card": card_id("Rat"), "version": 1}),
        post_count(client, deck, "Rat", 1),
        post_list(client, deck, "1 Rat"),
        client.post(
            f"/decks/{deck.pk}/settings/",
            {"name": "Bob's", "format": "stack", "visibility": "private", "version": 1},
        ),
        client.post(f"/decks/{deck.pk}/delete/", {"version": 1}),
    ]

    assert "This is alice's public deck: you can read it, but not change it." in text_of(page)
    assert "/cards/count/" not in page
    assert 'id="paste-list"' not in page
    assert [w.status_code for w in writes] == [403] * 5
    deck.refresh_from_db()
    assert (deck.name, deck.version, counts(deck)["Rat"]) == ("Stack", 1, 3)
    assert client.get(f"/decks/{deck.pk}/stats/").status_code == 200
    assert client.get(f"/decks/{deck.pk}/export/csv/").status_code == 200


# --- the services and selectors the pages added ----------------------------------------------


def test_creating_from_a_list_with_errors_raises_every_line_error(alice: User) -> None:
    with pytest.raises(DeckListError) as refused:
        make_deck(alice, "3 Golden Eg\n0 Rat\n2 Ox")

    assert [(e["line"], e["code"]) for e in refused.value.errors] == [
        (1, "unknown_card"), (2, "bad_count"),
    ]  # fmt: skip
    assert not Deck.objects.exists()


def test_a_game_without_decks_is_refused(alice: User) -> None:
    with pytest.raises(services.DeckFieldError, match="no decks for 'raise'") as refused:
        make_deck(alice, "", game="raise")

    assert refused.value.field == "game"


def test_setting_the_count_of_a_card_not_in_the_deck_is_refused(alice: User) -> None:
    deck = make_deck(alice, "3 Rat")

    with pytest.raises(services.DeckFieldError, match="not in the deck"):
        services.deck_set_count(
            deck_id=deck.pk, user=alice, card_id=card_id("Ox"), count=2, expected_version=1
        )


def test_adding_past_99_copies_is_refused(alice: User) -> None:
    deck = make_deck(alice, "99 Rat")

    with pytest.raises(services.DeckFieldError, match=r"at most 99 copies of a card: Rat \(100\)"):
        services.deck_add_card(
            deck_id=deck.pk, user=alice, card_id=card_id("Rat"), expected_version=1
        )
    with pytest.raises(services.DeckFieldError, match="at most 99"):
        services.deck_import_text(
            deck_id=deck.pk, user=alice, text="1 Rat", append=True, expected_version=1
        )


def test_a_stale_change_is_refused_before_the_card_is_looked_at(alice: User) -> None:
    deck = make_deck(alice, "3 Rat")

    with pytest.raises(services.StaleVersionError):
        services.deck_set_count(
            deck_id=deck.pk, user=alice, card_id=card_id("Ox"), count=2, expected_version=5
        )


def test_my_decks_are_validated_in_a_constant_number_of_queries(alice: User) -> None:
    for n in range(3):
        make_deck(alice, name=f"Deck {n}")
    with CaptureQueriesContext(connection) as three:
        assert len(selectors.deck_overviews(user=alice)) == 3
    for n in range(3):
        make_deck(alice, "4 Golden Egg", name=f"More {n}")

    with CaptureQueriesContext(connection) as six:
        overviews = selectors.deck_overviews(user=alice)

    assert len(six) == len(three)
    assert [o.valid for o in overviews].count(True) == 3
