"""The catalogue's pages: search, filters, pages, grid and list, the card page, tiles."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from cards.models import Card
from cards.pages.tiles import tile_svg

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
LIST_ROW = re.compile(r'<tr class="card-item">\s*<td><a href="/cards/(\d+)/">([^<]*)</a>')


def search(client: Client, **params: Any) -> Any:
    return client.get("/cards/", params)


def listed_names(client: Client, **params: Any) -> list[str]:
    """The names on the list view of a search, in order."""
    response = search(client, view="list", **params)
    assert response.status_code == 200
    return [html.unescape(name) for _, name in LIST_ROW.findall(response.content.decode())]


def link(content: str, rel: str) -> dict[str, list[str]]:
    """The query parameters of the link with this rel."""
    href = re.search(rf'rel="{rel}" href="([^"]*)"', content)
    assert href, f"no {rel} link"
    return parse_qs(urlsplit(html.unescape(href.group(1))).query)


def current_page(content: str) -> int:
    found = re.search(r'<a aria-current="page" href="[^"]*">(\d+)</a>', content)
    assert found
    return int(found.group(1))


def card(name: str, game: str) -> Card:
    return Card.objects.get(name=name, game__slug=game)


# Search


def test_it_shows_the_cards_a_query_names_and_not_the_others(client: Client) -> None:
    names = listed_names(client, q="c:rat t:creature")

    assert {"Rat", "Helpful Rat", "Lucky Rat", "Indifferent Rat"} <= set(names)
    assert "Grumpy Ox" not in names
    assert "Golden Egg" not in names


def test_it_shows_the_result_count(client: Client) -> None:
    expected = Card.objects.filter(game__slug="chizo", creature_class="Rooster").count()

    response = search(client, q="c:rooster")

    assert f">{expected} cards" in response.content.decode()


def test_an_invalid_query_answers_400_with_the_message_the_column_and_the_query_kept(
    client: Client,
) -> None:
    response = search(client, q="t:creature colour:red")
    content = response.content.decode()

    assert response.status_code == 400
    assert "unknown field &#x27;colour&#x27; at column 12; did you mean &#x27;class&#x27;?" in (
        content
    )
    assert 'id="q-error"' in content
    assert 'value="t:creature colour:red"' in content
    assert "t:creature <mark>c</mark>olour:red\n" + " " * 11 + '<span class="caret">^' in content
    assert 'class="card-item"' not in content


def test_an_error_at_the_end_of_the_query_marks_the_place_after_it(client: Client) -> None:
    response = search(client, q="str>=")
    content = response.content.decode()

    assert response.status_code == 400
    assert "str&gt;=<mark> </mark>" in content


def test_an_empty_result_says_so_and_suggests_what_to_try(client: Client) -> None:
    response = search(client, q="zzyzx-no-such-card", game="chizo")
    content = response.content.decode()

    assert response.status_code == 200
    assert "No cards match this search." in content
    assert "Search again without the filters" in content


def test_the_ordering_menu_orders_the_results(client: Client) -> None:
    names = listed_names(client, game="chizo", type="Creature", ordering="-str")
    strengths = [card(name, "chizo").strength for name in names]

    assert strengths == sorted(strengths, reverse=True)
    assert strengths[0] == 6


def test_an_unknown_ordering_answers_400_beside_the_menu(client: Client) -> None:
    response = search(client, ordering="colour")

    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()


# Filters


def test_filters_narrow_the_results_to_exactly_the_matching_cards(client: Client) -> None:
    names = listed_names(client, game="shadowfist", faction="Dragons", cost__lte="2")
    expected = Card.objects.filter(game__slug="shadowfist", faction="Dragons", cost__lte=2)

    assert names
    assert set(names) == {c.name for c in expected}


def test_chizo_filters_combine_with_the_query(client: Client) -> None:
    names = listed_names(
        client, q="t:creature", game="chizo", strength__gte="4", intelligence__lte="2"
    )
    expected = Card.objects.filter(
        game__slug="chizo", type="Creature", strength__gte=4, intelligence__lte=2
    )

    assert names
    assert set(names) == {c.name for c in expected}


def test_the_faction_with_the_longest_name_can_be_chosen(client: Client) -> None:
    names = listed_names(client, faction="Architects of the Flesh")

    assert names
    assert {card(name, "shadowfist").faction for name in names} == {"Architects of the Flesh"}


def test_the_class_filter_keeps_one_class(client: Client) -> None:
    names = listed_names(client, creature_class="Dog")

    assert names
    assert {card(name, "chizo").creature_class for name in names} == {"Dog"}


def test_the_game_filter_keeps_one_game(client: Client) -> None:
    names = listed_names(client, game="raise")

    assert len(names) == Card.objects.filter(game__slug="raise").count()
    assert "Golden Egg" not in names


def test_a_bad_filter_value_answers_400_beside_its_field(client: Client) -> None:
    response = search(client, cost__gte="lots", game="chizo")
    content = response.content.decode()

    assert response.status_code == 400
    assert "Enter a whole number." in content
    assert 'aria-invalid="true"' in content
    assert 'class="card-item"' not in content


def test_the_filters_keep_their_values(client: Client) -> None:
    content = search(client, game="shadowfist", faction="Dragons").content.decode()

    assert '<option value="shadowfist" selected>' in content
    assert '<option value="Dragons" selected>' in content


# Pages, grid and list


def test_pagination_links_keep_every_parameter(client: Client) -> None:
    first = search(client, game="chizo", q="-is:basic", ordering="name", view="grid")
    content = first.content.decode()

    assert content.count('class="card-item"') == 60
    assert link(content, "next") == {
        "game": ["chizo"],
        "q": ["-is:basic"],
        "ordering": ["name"],
        "view": ["grid"],
        "page": ["2"],
    }
    second = search(client, game="chizo", q="-is:basic", ordering="name", view="grid", page=2)
    rest = Card.objects.filter(game__slug="chizo", is_basic=False).count() - 60
    assert second.content.decode().count('class="card-item"') == rest
    assert link(second.content.decode(), "prev")["page"] == ["1"]


@pytest.mark.parametrize(("page", "shown"), [("9999", 2), ("1", 1), ("0002", 2)])
def test_a_page_number_past_the_end_shows_the_last_page(
    client: Client, page: str, shown: int
) -> None:
    response = search(client, game="chizo", page=page)

    assert response.status_code == 200
    assert current_page(response.content.decode()) == shown


def test_the_grid_draws_chizo_tiles_and_shadowfist_text_cards(client: Client) -> None:
    tiles = search(client, q="c:rat").content.decode()
    cards = search(client, game="shadowfist", faction="Dragons").content.decode()

    assert tiles.count('<svg xmlns="http://www.w3.org/2000/svg" class="tile') == tiles.count(
        'class="card-item"'
    )
    assert 'class="text-card game-shadowfist"' in cards
    assert 'class="tile' not in cards
    assert "Precinct Captain" in cards
    assert "Fighting <b>5</b>" in cards


def test_the_list_view_is_a_table_and_the_toggle_keeps_the_query(client: Client) -> None:
    content = search(client, q="c:rat", game="chizo", view="list", page=1).content.decode()

    assert '<table class="card-list">' in content
    assert 'class="tile' not in content
    toggle = re.search(r'<nav class="view-toggle".*?</nav>', content, re.S)
    assert toggle
    grid_href = re.search(r'href="([^"]*)"[^>]*>Grid<', toggle.group(0))
    assert grid_href
    params = parse_qs(urlsplit(html.unescape(grid_href.group(1))).query)
    assert params == {"q": ["c:rat"], "game": ["chizo"], "view": ["grid"]}
    assert 'aria-current="true">List<' in toggle.group(0)


def test_the_search_form_keeps_the_view(client: Client) -> None:
    content = search(client, view="list").content.decode()

    assert '<input type="hidden" name="view" value="list">' in content


def test_a_results_page_needs_three_queries_however_many_tiles(
    client: Client, assert_num_reads: Any
) -> None:
    # count, cards with their game, printings with their set
    with assert_num_reads(3):
        assert search(client, game="chizo").status_code == 200


# The card page


def test_the_card_page_shows_a_chizo_tiles_fields(client: Client) -> None:
    rat = card("Rat", "chizo")

    response = client.get(f"/cards/{rat.pk}/")
    content = response.content.decode()

    assert response.status_code == 200
    for label, value in [
        ("Class", "Rat"),
        ("Basic creature", "yes"),
        ("STR", "1"),
        ("INT", "5"),
        ("Compatible with", "Rabbit, Horse, Rooster"),
    ]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in content
    assert rat.effect_text
    assert html.escape(rat.effect_text) in content
    assert 'class="tile tile-creature"' in content
    assert ">CR1</a>" in content
    assert 'href="/cards/"' in content


def test_the_card_page_shows_a_shadowfist_cards_fields_and_editions(client: Client) -> None:
    captain = card("Precinct Captain", "shadowfist")

    content = client.get(f"/cards/{captain.pk}/").content.decode()

    for label, value in [
        ("Subtitle", "Cop"),
        ("Faction", "Dragons"),
        ("Cost", "4"),
        ("Requires", "2 Dragons (dd)"),
        ("Fighting", "5"),
        ("Unique", "no"),
    ]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in content
    assert "<h2>Editions</h2>" in content
    assert "Cardhouse Starter" in content
    assert 'class="tile' not in content


def test_the_card_page_of_an_item_says_nothing_of_creatures(client: Client) -> None:
    village = card("Village", "chizo")

    content = client.get(f"/cards/{village.pk}/").content.decode()

    assert "<dt>STR</dt><dd>3</dd>" in content
    assert "Compatible with" not in content
    assert "Basic creature" not in content
    assert 'class="tile tile-plain"' in content


def test_the_card_page_of_an_action_shows_no_empty_str_or_int(client: Client) -> None:
    egg = card("Golden Egg", "chizo")
    assert egg.type == "Action"
    assert egg.strength is None
    assert egg.intelligence is None

    content = client.get(f"/cards/{egg.pk}/").content.decode()

    # as the catalogue's list and grid do, the page leaves out what the tile has not
    assert "<dt>STR</dt>" not in content
    assert "<dt>INT</dt>" not in content
    assert "<dd>—</dd>" not in content
    assert "<dd></dd>" not in content
    assert 'class="tile tile-plain"' in content
    assert "<dt>Effect key</dt>" in content


def test_an_x_cost_shows_as_x(client: Client) -> None:
    captain = card("Precinct Captain", "shadowfist")
    Card.objects.filter(pk=captain.pk).update(cost_is_x=True)

    content = client.get(f"/cards/{captain.pk}/").content.decode()

    assert "<dt>Cost</dt><dd>X</dd>" in content


def test_an_unknown_card_answers_404(client: Client) -> None:
    assert client.get("/cards/999999/").status_code == 404


# Tiles


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return [text.text or "" for text in root.iter(f"{SVG}text")]


def test_the_tile_is_well_formed_svg_with_str_int_class_and_a_mark_per_ally() -> None:
    root = parse(tile_svg(Card.objects.get(name="Rat")))
    marks = [g for g in root.iter(f"{SVG}g") if "compat" in g.get("class", "").split()]

    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert {"Rat", "STR", "INT", "1", "5"} <= set(texts(root))
    assert [mark.get("data-class") for mark in marks] == ["Rabbit", "Horse", "Rooster"]
    assert [mark.findtext(f"{SVG}title") for mark in marks] == [
        "Compatible with Rabbit",
        "Compatible with Horse",
        "Compatible with Rooster",
    ]
    centres = {(c.get("cx"), c.get("cy")) for mark in marks for c in mark.iter(f"{SVG}circle")}
    assert len(centres) == 3  # one edge each


def test_a_creature_compatible_with_none_gets_a_single_none_mark() -> None:
    root = parse(tile_svg(Card.objects.get(name="Indifferent Rat")))
    marks = [g for g in root.iter(f"{SVG}g") if "compat" in g.get("class", "").split()]

    assert len(marks) == 1
    assert marks[0].findtext(f"{SVG}title") == "Compatible with no creature"


def test_a_tile_that_is_not_a_creature_is_plain_with_its_type() -> None:
    root = parse(tile_svg(Card.objects.get(name="Golden Egg")))

    assert "tile-plain" in root.get("class", "")
    assert "Action" in texts(root)
    assert not [g for g in root.iter(f"{SVG}g") if "compat" in g.get("class", "")]


def test_a_tile_shows_its_element_when_it_has_one() -> None:
    rat = Card.objects.get(name="Rat")
    rat.element = "Water"

    root = parse(tile_svg(rat))

    assert "Water" in texts(root)
    assert "element Water" in root.get("aria-label", "")


def test_a_tile_escapes_its_text() -> None:
    hostile = Card(
        name='<script>"x" & y</script>',
        type="Creature",
        creature_class="Rat",
        compatible_classes="Ox",
        strength=1,
        intelligence=2,
    )

    svg = str(tile_svg(hostile))
    root = parse(svg)

    assert "<script>" not in svg
    assert any("<script>" in text for text in texts(root))
    assert root.get("aria-label", "").startswith('<script>"x" & y</script>')


# Hostile input


def test_a_hostile_query_is_escaped(client: Client) -> None:
    response = search(client, q='<script>alert("x")</script>')
    content = response.content.decode()

    assert response.status_code in (200, 400)
    assert "<script>alert" not in content
    assert "&lt;script&gt;alert(&quot;x&quot;)" in content


def box_value(content: str) -> str:
    found = re.search(r'<input type="search" id="id_q" name="q" value="([^"]*)"', content)
    assert found
    return html.unescape(found.group(1))


def test_an_overlong_query_answers_400_and_is_not_echoed_in_full(client: Client) -> None:
    response = search(client, q="<b>" + "a" * 20000)
    content = response.content.decode()

    assert response.status_code == 400
    assert "the query is too long: at most 500 characters are allowed" in content
    assert box_value(content) == ("<b>" + "a" * 20000)[:500]
    assert "<b>a" not in content
    assert 'class="card-item"' not in content


def test_hostile_filter_values_are_refused_and_escaped(client: Client) -> None:
    response = search(client, game="<script>x</script>", element='"fire"', cost__lte="9" * 5000)
    content = response.content.decode()

    assert response.status_code == 400
    assert "<script>x" not in content
    assert "an element has no quotes" in content
    assert re.search(r'name="cost__lte" value="9{1,41}"', content)


# The home page


def test_the_home_pages_catalogue_links_find_cards(client: Client) -> None:
    home = client.get("/").content.decode()
    links = [html.unescape(href) for href in re.findall(r'href="(/cards/\?[^"]*)"', home)]

    assert any("?game=" in href for href in links)
    assert any("?q=" in href for href in links)
    for href in links:
        response = client.get(href)
        assert response.status_code == 200, href
        assert 'class="card-item"' in response.content.decode(), href
