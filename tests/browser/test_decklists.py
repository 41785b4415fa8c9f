"""Published decklists in a real browser: the owner publishes a deck; another player finds
it by a card it plays, likes it, comments in Markdown and copies it into their decks; a
visitor who is not signed in reads it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from decks.decklists.models import Decklist
from decks.models import Deck
from tests.browser.conftest import WAIT_MS, screenshot
from tests.browser.test_decks import create_stack


@pytest.fixture
def second(browser: Browser, live_server: Any, catalogue: None) -> Iterator[Page]:
    """A second player's own browser (their own cookies)."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    yield context.new_page()
    context.close()


def test_publish_browse_like_comment_and_copy(
    page: Page, second: Page, browser: Browser, live_server: Any, login: Any
) -> None:
    alice = login(page, "alice")
    create_stack(page, "Egg Rush")
    expect(page.locator("#validation-summary")).to_have_text("Valid for Stack")
    page.get_by_label("Description").fill("Lay **eggs** early. <script>alert(1)</script>")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#deck-description strong")).to_have_text("eggs")

    page.get_by_label("Version name").fill("First cut")
    page.get_by_role("button", name="Publish version 2").click()
    expect(page.locator("h1")).to_contain_text("Egg Rush")
    expect(page.locator("#validity")).to_have_text("Valid for Stack")
    expect(page.locator("#description strong")).to_have_text("eggs")
    decklist = Decklist.objects.get(owner=alice)
    screenshot(page, "decklist-published")

    login(second, "bob")
    second.goto("/decklists/")
    second.get_by_label("Search decklists").fill('card:"Golden Egg">=3')
    second.get_by_role("button", name="Search").click()
    expect(second.locator("#decklist-count")).to_contain_text("1 decklist found")
    screenshot(second, "decklists-search")
    second.get_by_role("link", name="Egg Rush").click()

    second.get_by_role("button", name="Like").click()
    expect(second.locator("#like-count")).to_have_text("1")
    expect(second.get_by_role("button", name="Unlike")).to_be_visible()

    second.get_by_label("Your comment").fill("Nice *list*, try [more](https://example.com)")
    second.get_by_role("button", name="Post comment").click()
    comment = second.locator("article.comment").first
    expect(comment.locator("em")).to_have_text("list")
    expect(comment.locator("a")).to_have_attribute("rel", "nofollow noopener ugc")

    second.get_by_label("Name of your copy").fill("Bob's eggs")
    second.get_by_role("button", name="Copy into my decks").click()
    expect(second.locator("h1")).to_have_text("Bob's eggs")
    expect(second.locator("#derived-from")).to_contain_text("Copied from Egg Rush by alice")
    screenshot(second, "decklist-copied")

    copy = Deck.objects.get(name="Bob's eggs")
    assert copy.derived_from_id == decklist.pk
    decklist.refresh_from_db()
    assert (decklist.like_count, decklist.comment_count, decklist.copy_count) == (1, 1, 1)

    visitor = browser.new_context(base_url=live_server.url)
    tab = visitor.new_page()
    tab.goto(f"/decklists/{decklist.pk}/")
    expect(tab.locator("#comments article.comment")).to_have_count(1)
    expect(tab.get_by_role("link", name="Log in").last).to_be_visible()
    assert tab.locator("script:not([src])").count() == 0
    visitor.close()
