"""Deck building in a real browser: a list pasted with a typo shows the suggestion as
it is typed; fixed, it saves and validates; statistics show their charts."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from decks.models import Deck
from tests.browser.conftest import screenshot

STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push"


def create_stack(page: Page, name: str) -> None:
    """Create a ChiZo deck from STACK through the new-deck form."""
    page.goto("/decks/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game").select_option(label="ChiZo RISING")
    page.get_by_label("Cards (optional: paste a list)").fill(STACK)
    page.get_by_role("button", name="Create deck").click()


def test_a_player_imports_a_list_with_a_typo_then_fixes_it(page: Page, login: Any) -> None:
    owner = login(page)
    page.goto("/decks/")
    page.get_by_label("Name").fill("Roosters")
    page.get_by_label("Game").select_option(label="ChiZo RISING")
    typo = STACK.replace("Golden Egg", "Golden Eg")
    page.get_by_label("Cards (optional: paste a list)").fill(typo)

    line = page.locator("#list-check li.line-error[data-line='7']")
    expect(line).to_contain_text("no card named 'Golden Eg'; did you mean 'Golden Egg'?")
    screenshot(page, "deck-import-typo")
    page.get_by_role("button", name="Create deck").click()
    # The form's answer, not the page it was sent from (which shows the line's error too):
    # typing before it has come back would be typing into a page about to go.
    expect(page.locator(".field.invalid .error")).to_contain_text("nothing was saved")
    expect(page.locator("#list-check li.line-error[data-line='7']")).to_be_visible()
    expect(page.get_by_label("Cards (optional: paste a list)")).to_have_value(
        re.compile("Golden Eg\n")
    )
    assert not Deck.objects.filter(owner=owner).exists()

    page.get_by_label("Cards (optional: paste a list)").fill(STACK)
    expect(page.locator("#list-check")).to_contain_text("Every line reads")
    page.get_by_role("button", name="Create deck").click()

    expect(page.locator("#validation-summary")).to_have_text("Valid for Stack")
    screenshot(page, "deck-page")
    deck = Deck.objects.get(owner=owner)
    assert sum(entry.count for entry in deck.entries.all()) == 36


def test_a_fourth_copy_is_flagged_beside_its_card_and_fixed(page: Page, login: Any) -> None:
    login(page)
    create_stack(page, "Eggs")

    page.get_by_label("Copies of Golden Egg").fill("4")
    page.get_by_label("Copies of Golden Egg").press("Enter")

    expect(page.locator("#validation-summary")).to_have_text("1 problem")
    row = page.locator("tr[data-card='Golden Egg']")
    expect(row).to_have_class(re.compile("has-problem"))
    expect(row).to_contain_text("remove 1 Golden Egg")
    page.get_by_role("button", name="Remove Golden Egg").click()
    expect(page.locator("#validation-summary")).to_have_text("Valid for Stack")


def test_a_card_is_added_from_the_search_panel(page: Page, login: Any) -> None:
    login(page)
    create_stack(page, "Search")

    page.get_by_label("Search ChiZo RISING tiles").fill("Toasted")
    page.get_by_label("Search ChiZo RISING tiles").press("Enter")
    page.get_by_role("button", name="Add Toasted").click()

    expect(page.locator("tr[data-card='Toasted']")).to_be_visible()
    expect(page.get_by_label("Copies of Toasted")).to_have_value("1")


def test_statistics_show_charts_odds_and_a_sample_hand(page: Page, login: Any) -> None:
    login(page)
    create_stack(page, "Stats")

    page.get_by_role("link", name="Statistics").click()

    expect(page.locator("svg.chart").first).to_be_visible()
    expect(page.locator("#odds-table")).to_contain_text("Golden Egg")
    expect(page.locator("#sample-hand")).to_be_visible()
    first_hand = page.locator("#sample-hand").inner_text()
    page.locator("#draw-another").click()
    expect(page.locator("#sample-hand")).not_to_have_text(first_hand)
    screenshot(page, "deck-statistics")
