"""The catalogue in a real browser: a query, an invalid query, filters, a card page,
and the phone-sized screen."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot


def test_a_visitor_searches_with_the_query_language(page: Page) -> None:
    page.goto("/")
    page.get_by_label("Search the catalogue").fill("t:creature c:rooster")
    page.keyboard.press("Enter")

    expect(page).to_have_url(re.compile(r"/cards/\?q=t%3Acreature\+c%3Arooster"))
    items = page.locator(".card-item")
    expect(items).to_have_count(3)
    assert all("Rooster" in name for name in items.all_inner_texts())
    expect(page.locator("svg.tile").first).to_be_visible()
    screenshot(page, "catalogue-search")


def test_an_invalid_query_shows_the_error_under_the_box_with_its_position(page: Page) -> None:
    page.goto("/cards/")
    page.get_by_label("Search", exact=True).fill("colour:red")
    page.get_by_role("button", name="Search", exact=True).click()

    error = page.locator("#q-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("unknown field 'colour' at column 1")
    expect(error).to_contain_text("did you mean 'class'?")
    expect(page.get_by_label("Search", exact=True)).to_have_value("colour:red")
    expect(page.get_by_label("Search", exact=True)).to_have_attribute("aria-invalid", "true")
    screenshot(page, "catalogue-invalid-query")


def test_a_visitor_opens_a_tile_page_from_the_results(page: Page) -> None:
    page.goto("/cards/?q=Golden+Egg")
    page.locator(".card-item a").first.click()

    expect(page.locator("article.card-page h1")).to_contain_text("Golden Egg")
    expect(page.locator(".tile-large svg.tile")).to_be_visible()
    expect(page.locator("article.card-page")).to_contain_text("Action")
    screenshot(page, "card-page")  # of the card page, not of the results it was opened from


def test_the_next_page_and_the_list_view_keep_the_query(page: Page) -> None:
    page.goto("/cards/?game=shadowfist")
    page.locator("nav.pagination a[rel=next]").click()

    expect(page).to_have_url(re.compile(r"game=shadowfist.*page=2|page=2.*game=shadowfist"))
    expect(page.locator("nav.pagination a[aria-current=page]")).to_have_text("2")

    page.get_by_role("link", name="List", exact=True).click()
    expect(page.locator("table.card-list")).to_be_visible()
    expect(page).to_have_url(re.compile(r"view=list"))
    expect(page).to_have_url(re.compile(r"game=shadowfist"))


def test_the_catalogue_fits_a_phone_screen(phone: Page) -> None:
    phone.goto("/cards/?q=t:creature")

    expect(phone.locator(".card-item").first).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px wide)"
    screenshot(phone, "catalogue-phone")
