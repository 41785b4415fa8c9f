"""Every page works under the Content-Security-Policy: Chromium refuses nothing on our pages
(with their htmx interactions: typing, boards, undo, a simulation's progress), on the
admin, the browsable API and Swagger UI. A refusal is caught two ways: the
`securitypolicyviolation` event, reported out of the page, and Chromium's console message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from cards.gamedata import game_json
from cards.models import Card
from decks import services as deck_services
from tests.browser.test_play import chizo_deck
from tests.test_content_security_policy import POLICY, parse_policy
from tests.waiting import WAIT_SECONDS

# Runs before any script of the page, in every document of the context (not subject to CSP).
REPORT_VIOLATIONS = """
window.cspRefused = 0;
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspRefused += 1;
  window.cspViolation(`${location.pathname}: ${event.effectiveDirective} refused `
    + `${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
});
"""


@dataclass
class Watch:
    """What the browser refused, and each document's policy header, as pages are used."""

    violations: list[str] = field(default_factory=list)
    unpoliced: list[str] = field(default_factory=list)

    def on_violation(self, text: str) -> None:
        self.violations.append(text)

    def on_console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.violations.append(f"console: {message.text}")

    def visit(self, tab: Page, url: str) -> None:
        response = tab.goto(url)
        assert response is not None
        assert response.ok or response.status == 404, (url, response.status)
        header = response.headers.get("content-security-policy", "")
        if parse_policy(header) != POLICY:
            self.unpoliced.append(f"{url}: {header!r}")


@pytest.fixture
def watch(page: Page) -> Watch:
    found = Watch()
    page.context.expose_function("cspViolation", found.on_violation)
    page.context.add_init_script(REPORT_VIOLATIONS)
    page.on("console", found.on_console)
    return found


def settle(tab: Page) -> None:
    """Wait until htmx has no request in flight and has settled its last swap (a click
    during a swap may land on the content being replaced)."""
    expect(tab.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def test_our_pages_and_their_htmx_interactions_refuse_nothing(
    page: Page, login: Any, watch: Watch
) -> None:
    owner = login(page)
    deck = chizo_deck(owner)
    tile = Card.objects.get(game__slug="chizo", name="Rooster")
    for url in [
        "/", "/cards/?q=t:creature", f"/cards/{tile.pk}/", "/decks/", f"/decks/{deck}/",
        f"/decks/{deck}/stats/", f"/decks/{deck}/history/", "/play/",
        f"/play/goldfish/?deck={deck}", "/simulations/", f"/simulations/new/?deck={deck}",
        "/simulations/compare/", "/no-such-page/",
    ]:  # fmt: skip
        watch.visit(page, url)
        expect(page.locator("main h1").first).to_be_visible()

    # The deck page: a search as typed, a card added, a count changed.
    watch.visit(page, f"/decks/{deck}/")
    page.get_by_label("Search ChiZo RISING tiles").fill("Toasted")
    page.get_by_role("button", name="Add Toasted").click()
    expect(page.get_by_label("Copies of Toasted")).to_have_value("1")
    page.get_by_label("Copies of Toasted").fill("2")
    page.get_by_label("Copies of Toasted").press("Enter")
    expect(page.get_by_label("Copies of Toasted")).to_have_value("2")
    settle(page)
    watch.visit(page, f"/decks/{deck}/stats/")
    first_hand = page.locator("#sample-hand").inner_text()
    page.locator("#draw-another").click()
    expect(page.locator("#sample-hand")).not_to_have_text(first_hand)

    # A ChiZo board (its spaces placed by style attributes): choose a tile, place it, undo.
    watch.visit(page, f"/play/goldfish/?deck={deck}")
    page.get_by_role("button", name="Start the goldfish game").click()
    board = page.locator("#match")
    expect(board).to_have_attribute("data-seq", "0")
    page.locator("li.hand-tile a").first.click()
    expect(page.locator("li.hand-tile.selected")).to_be_visible()
    settle(page)
    page.locator("#board-area button.cell-button[data-action-id]").first.click()
    expect(board).to_have_attribute("data-seq", "1")
    settle(page)
    page.get_by_role("button", name="Undo").click()
    expect(board).to_have_attribute("data-seq", "0")
    settle(page)

    # The other games' boards, each with an action played.
    for game in ("Raise", "Chocobo Party Up!"):
        watch.visit(page, "/play/")
        page.get_by_role("button", name=f"Play {game}").click()
        play_one_action(page)
    chosen = game_json("shadowfist", "starter.json")["decks"][0]["cards"]
    text = "\n".join(f"{count} {name}" for name, count in chosen.items())
    shadowfist = deck_services.deck_create_from_text(
        owner=owner, game="shadowfist", name="Starter", text=text
    )
    watch.visit(page, f"/play/goldfish/?deck={shadowfist.pk}")
    page.get_by_role("button", name="Start the goldfish game").click()
    play_one_action(page)

    # A simulation: its progress polled by htmx until the report draws.
    watch.visit(page, f"/simulations/new/?deck={deck}")
    form = page.get_by_role("form", name="Goldfish a deck")
    form.get_by_label("Games").fill("40")
    form.get_by_role("button", name="Start the simulation").click()
    expect(page.locator("#simulation-progress-text")).to_have_text(
        "40 of 40 games", timeout=WAIT_SECONDS * 1000
    )
    expect(page.get_by_role("img", name="Games won on each turn")).to_be_visible()

    assert watch.violations == []
    assert watch.unpoliced == []


def play_one_action(tab: Page) -> None:
    board = tab.locator("#match")
    expect(board.locator("button[data-action-id]").first).to_be_visible()
    seq = board.get_attribute("data-seq")
    board.locator("button[data-action-id]").first.click()
    expect(board).not_to_have_attribute("data-seq", seq or "")
    settle(tab)


def test_the_admin_the_browsable_api_and_swagger_ui_refuse_nothing(
    page: Page, login: Any, watch: Watch
) -> None:
    staff = login(page, "root")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    card = Card.objects.filter(game__slug="chizo").first()
    assert card is not None

    for url in ["/admin/", "/admin/cards/card/?q=Rat", f"/admin/cards/card/{card.pk}/change/",
                f"/admin/auth/user/{staff.pk}/change/"]:  # fmt: skip
        watch.visit(page, url)
        expect(page.locator("#content h1, #content h2").first).to_be_visible()
    watch.visit(page, "/admin/cards/card/?q=Rat")
    page.locator("#changelist-filter a").first.click()
    expect(page.locator("#result_list")).to_be_visible()

    watch.visit(page, "/api/v1/games/")
    expect(page.locator(".response-info")).to_contain_text("chizo")
    watch.visit(page, "/api/v1/decks/")
    expect(page.locator("form#post-object-form, .response-info").first).to_be_visible()

    watch.visit(page, "/api/docs/")
    operation = page.locator(".opblock").first
    expect(operation).to_be_visible()
    operation.locator(".opblock-summary").click()
    page.get_by_role("button", name="Try it out").first.click()
    page.get_by_role("button", name="Execute").first.click()
    expect(page.locator(".live-responses-table .response .response-col_status")).to_have_text(
        re.compile(r"\d{3}")
    )

    assert watch.violations == []
    assert watch.unpoliced == []


def test_an_inline_script_is_refused_and_reported(page: Page, watch: Watch) -> None:
    """The watch itself works: a script written into a page does not run, and is reported."""
    watch.visit(page, "/")

    with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
        page.evaluate(
            """() => { const script = document.createElement("script");
                       script.textContent = "document.body.dataset.ran = 'yes'";
                       document.body.append(script); }"""
        )
    page.wait_for_function("() => window.cspRefused > 0")

    expect(page.locator("body")).not_to_have_attribute("data-ran", "yes")
    assert any("script-src-elem refused inline" in v for v in watch.violations), watch.violations
    assert any(v.startswith("console:") for v in watch.violations), watch.violations
