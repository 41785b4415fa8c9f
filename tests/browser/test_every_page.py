"""Every page at phone width: it renders, nothing scrolls sideways, and a screenshot is
kept for review. And the catalogue can be used with the keyboard alone."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from cards.models import Card
from decks.decklists import services as decklist_services
from tests.browser.conftest import PHONE, htmx_idle, screenshot
from tests.browser.test_play import chizo_deck


def test_every_page_fits_a_phone(phone: Page, login: Any) -> None:
    owner = login(phone)
    deck = chizo_deck(owner)
    tile = Card.objects.get(game__slug="chizo", name="Rooster")
    decklist = decklist_services.decklist_publish(user=owner, deck_id=deck)
    decklist_services.comment_add(
        user=owner, decklist_id=decklist.pk, body="A *comment* with `code`"
    )
    pages = {
        "home": "/",
        "catalogue": "/cards/?q=t:creature",
        "card": f"/cards/{tile.pk}/",
        "decks": "/decks/",
        "deck": f"/decks/{deck}/",
        "deck-statistics": f"/decks/{deck}/stats/",
        "deck-history": f"/decks/{deck}/history/",
        "decklists": "/decklists/",
        "decklist": f"/decklists/{decklist.pk}/",
        "decklist-variant": f"/decklists/{decklist.pk}/compare/",
        "play": "/play/",
        "goldfish-start": f"/play/goldfish/?deck={deck}",
        "simulations": "/simulations/",
        "simulation-new": f"/simulations/new/?deck={deck}",
        "simulation-compare": "/simulations/compare/",
    }
    too_wide = {}
    for name, url in pages.items():
        response = phone.goto(url)
        assert response is not None
        assert response.status == 200, (name, response.status)
        expect(phone.locator("main h1").first).to_be_visible()
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[name] = width
        screenshot(phone, f"phone-{name}")

    phone.goto(f"/play/goldfish/?deck={deck}")
    phone.get_by_role("button", name="Start the goldfish game").click()
    expect(phone.locator("#match")).to_be_visible()
    htmx_idle(phone)  # its stylesheets have loaded: the width is the one people see
    if (width := phone.evaluate("document.documentElement.scrollWidth")) > PHONE["width"]:
        too_wide["chizo-board"] = width
    screenshot(phone, "phone-chizo-board")

    assert too_wide == {}, f"pages that scroll sideways on a phone: {too_wide}"


def test_the_catalogue_is_searched_with_the_keyboard_alone(page: Page) -> None:
    page.goto("/")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()

    for _press in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "home-q":
            break
    page.keyboard.type("c:rat t:creature")
    page.keyboard.press("Enter")

    expect(page).to_have_url(re.compile(r"q=c%3Arat"))
    expect(page.locator(".card-item").first).to_be_visible()
    page.wait_for_load_state("load")  # every result is on the page before they are read
    assert all("Rat" in text for text in page.locator(".card-item").all_inner_texts())
