"""Play in a real browser: a ChiZo goldfish game clicked through to 12 points, a
Shadowfist goldfish board, Raise against a bot, a board of bots alone that plays on by
itself, and a simulation whose progress bar finishes and whose report draws the
histogram."""

from __future__ import annotations

import math
import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from decks import services as deck_services
from play.matches import services as match_services
from play.matches.models import Match
from play.matches.services import BotBudget
from tests.browser.conftest import htmx_idle, screenshot
from tests.waiting import WAIT_SECONDS

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"


def chizo_deck(owner: Any) -> int:
    deck = deck_services.deck_create_from_text(
        owner=owner, game="chizo", name="Roosters", text=CHIZO_STACK, format="stack",
        visibility="private",
    )  # fmt: skip
    return int(deck.pk)


def moved_on(tab: Page, board: Locator, seq: str | None) -> None:
    """The board has been swapped for a later step than `seq`, and htmx is done with it
    (so the next click goes to buttons htmx has wired up)."""
    expect(board).not_to_have_attribute("data-seq", seq or "")
    htmx_idle(tab)


def start_goldfish(tab: Page) -> Locator:
    """Start the goldfish game from its page; the board once it is ready to click on."""
    tab.get_by_role("button", name="Start the goldfish game").click()
    board = tab.locator("#match")
    expect(board).to_be_visible()
    htmx_idle(tab)
    return board


def choose_a_hand_tile(tab: Page) -> None:
    tab.locator("li.hand-tile a").first.click()
    expect(tab.locator("li.hand-tile.selected")).to_be_visible()  # the choice has loaded
    htmx_idle(tab)


def test_a_player_clicks_a_chizo_goldfish_game_to_twelve_points(page: Page, login: Any) -> None:
    deck = chizo_deck(login(page))
    page.goto(f"/play/goldfish/?deck={deck}")
    page.get_by_label("Seed (optional)").fill("4")
    board = start_goldfish(page)
    screenshot(page, "chizo-goldfish-start")

    # By hand first: choose a tile from the hand, then click a highlighted cell.
    choose_a_hand_tile(page)
    seq = board.get_attribute("data-seq")
    page.locator("#board-area button.cell-button[data-action-id]").first.click()
    moved_on(page, board, seq)

    # Then with the suggested move marked on the board, to the end of the game.
    page.get_by_role("link", name="Suggest moves").click()
    expect(page.locator('[data-suggested="true"]')).to_be_visible()  # the page with hints
    htmx_idle(page)
    for _click in range(200):
        if page.locator("[data-outcome]").count():
            break
        seq = board.get_attribute("data-seq")
        page.locator('[data-suggested="true"]').click()
        moved_on(page, board, seq)
    outcome = page.locator("[data-outcome]")
    expect(outcome).to_contain_text(re.compile(r"You reached \d+ points on turn \d+"))
    screenshot(page, "chizo-goldfish-won")
    # The outcome text matched just above, so the search finds it.
    points = int(re.search(r"reached (\d+) points", outcome.inner_text()).group(1))  # type: ignore[union-attr]
    assert points >= 12
    assert Match.objects.get().is_over


def test_undo_takes_back_the_last_action(page: Page, login: Any) -> None:
    deck = chizo_deck(login(page))
    page.goto(f"/play/goldfish/?deck={deck}")
    board = start_goldfish(page)
    expect(board).to_have_attribute("data-seq", "0")
    choose_a_hand_tile(page)
    page.locator("#board-area button.cell-button[data-action-id]").first.click()
    moved_on(page, board, "0")

    page.get_by_role("button", name="Undo").click()

    expect(board).to_have_attribute("data-seq", "0")
    expect(board.get_by_role("button", name="Undo")).to_have_count(0)  # nothing left to undo


def test_a_player_plays_raise_against_a_bot(page: Page, login: Any) -> None:
    login(page)
    page.goto("/play/")
    screenshot(page, "play-home")
    page.get_by_role("button", name="Play Raise").click()
    board = page.locator("#match")
    expect(board).to_be_visible()
    htmx_idle(page)
    seq = board.get_attribute("data-seq")

    page.locator("#match button[data-action-id]").first.click()

    moved_on(page, board, seq)
    screenshot(page, "raise-board")


def test_a_throttled_action_shows_its_reason_on_the_board(
    page: Page, login: Any, settings: Any
) -> None:
    rest = dict(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | {"match_action": "1/min"}
    settings.REST_FRAMEWORK = rest
    login(page)
    page.goto("/play/")
    page.get_by_role("button", name="Play Raise").click()
    board = page.locator("#match")
    expect(board).to_be_visible()
    htmx_idle(page)
    seq = board.get_attribute("data-seq")
    page.locator("#match button[data-action-id]").first.click()
    moved_on(page, board, seq)
    played = board.get_attribute("data-seq")

    page.locator("#match button[data-action-id]").first.click()

    expect(board.get_by_role("alert")).to_contain_text("Too many requests: please wait")
    expect(board).to_have_attribute("data-seq", played or "")
    screenshot(page, "raise-throttled")


def test_a_board_of_bots_alone_plays_on_by_itself_to_the_end(
    page: Page, login: Any, monkeypatch: Any
) -> None:
    user = login(page)
    seats = [{"player": "greedy", "deck": None}, {"player": "random", "deck": None}]

    def start() -> Match:
        return match_services.match_create(
            owner=user, game="raise", mode="bots", seats=seats, setup={"players": 2}, seed=3
        )

    # Eight decisions a request, so the board must continue by itself several times.
    monkeypatch.setattr(match_services, "BOT_BUDGET", BotBudget(8, math.inf))
    match = start()
    assert match.seq == 8
    page.goto(f"/play/matches/{match.pk}/")
    board = page.locator("#match")
    expect(page.get_by_role("button", name="Continue")).to_be_visible()
    screenshot(page, "raise-bots-moving")

    # htmx submits "Continue" by itself each time the board comes back with bots to move.
    expect(board).to_have_attribute("data-over", "true", timeout=WAIT_SECONDS * 1000)
    expect(page.get_by_role("button", name="Continue")).to_have_count(0)
    screenshot(page, "raise-bots-done")
    match.refresh_from_db()
    monkeypatch.setattr(match_services, "BOT_BUDGET", BotBudget(10**9, math.inf))
    whole = start()
    assert whole.is_over
    assert list(match.actions.values_list("action", "state_hash")) == list(
        whole.actions.values_list("action", "state_hash")
    )


def test_a_simulation_runs_with_a_progress_bar_and_draws_its_report(page: Page, login: Any) -> None:
    deck = chizo_deck(login(page))
    page.goto(f"/simulations/new/?deck={deck}")
    form = page.get_by_role("form", name="Goldfish a deck")
    form.get_by_label("Games").fill("400")
    form.get_by_label("Seed").fill("7")
    form.get_by_role("button", name="Start the simulation").click()

    progress = page.get_by_role("progressbar", name="Games played")
    expect(progress).to_be_visible()
    screenshot(page, "simulation-running")
    # Hundreds of games, not one page step: the budget of any long job.
    expect(page.locator("#simulation-progress-text")).to_have_text(
        "400 of 400 games", timeout=WAIT_SECONDS * 1000
    )
    expect(progress).to_have_attribute("value", "400")
    histogram = page.get_by_role("img", name="Games won on each turn")
    expect(histogram).to_be_visible()
    assert histogram.locator("g.bar").count() >= 2
    expect(page.get_by_role("img", name="Share of games won by each turn")).to_be_visible()
    screenshot(page, "simulation-report")

    page.get_by_text("Delete this simulation").click()
    page.get_by_role("button", name="Delete simulation").click()
    expect(page.get_by_text("deleted.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/simulations/$"))


def test_a_shadowfist_goldfish_board_shows_sites_power_and_hand(page: Page, login: Any) -> None:
    from cards.gamedata import game_json

    owner = login(page)
    chosen = game_json("shadowfist", "starter.json")["decks"][0]["cards"]
    text = "\n".join(f"{count} {name}" for name, count in chosen.items())
    deck = deck_services.deck_create_from_text(
        owner=owner, game="shadowfist", name="Starter", text=text
    )
    page.goto(f"/play/goldfish/?deck={deck.pk}")
    board = start_goldfish(page)

    expect(board).to_contain_text("Power")
    expect(board.locator("[data-action-id]").first).to_be_visible()
    seq = board.get_attribute("data-seq")
    board.locator("button[data-action-id]").first.click()
    moved_on(page, board, seq)
    screenshot(page, "shadowfist-goldfish")


def test_chocobo_party_up_is_played_against_bots_on_a_phone(phone: Page, login: Any) -> None:
    login(phone)
    phone.goto("/play/")
    phone.get_by_role("button", name="Play Chocobo Party Up!").click()

    board = phone.locator("#match")
    expect(board).to_be_visible()
    htmx_idle(phone)
    seq = board.get_attribute("data-seq")
    board.locator("button[data-action-id]").first.click()
    moved_on(phone, board, seq)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the board scrolls sideways on a phone ({width}px wide)"
    screenshot(phone, "chocobo-phone")
