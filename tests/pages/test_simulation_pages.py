"""Simulation pages: start from a form, watch the progress, read the report, cancel,
replay a sample game, compare two decks; owners only."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from play.matches.models import Match
from play.simulations.models import Simulation
from play.simulations.policies import gap_words, policy_gap

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
OTHER_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"
HISTOGRAM = "Games won on each turn"
CUMULATIVE = "Share of games won by each turn"


def new_deck(user: User, text: str = CHIZO_STACK, game: str = "chizo", name: str = "Stack") -> int:
    api = APIClient()
    api.force_authenticate(user)
    response = api.post("/api/v1/decks/", {"game": game, "name": name, "list": text}, format="json")
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


@pytest.fixture
def player(client: Client, alice: User, settings: Any) -> Client:
    settings.SIMULATIONS_INLINE = True
    client.force_login(alice)
    return client


@pytest.fixture
def deck(alice: User) -> int:
    return new_deck(alice)


def start(client: Client, deck: int, **fields: Any) -> Any:
    """POST the goldfish form; simulations stay pending (no on-commit callbacks run)."""
    data = {"kind": "goldfish", "deck": deck, "games": 20, "bot": "greedy", "seed": 5}
    return client.post("/simulations/new/", data | fields)


@pytest.fixture
def finished(player: Client, deck: int, django_capture_on_commit_callbacks: Any) -> Simulation:
    """A 20-game goldfish simulation of alice's ChiZo stack, run to the end."""
    with django_capture_on_commit_callbacks(execute=True):
        response = start(player, deck)
    simulation = Simulation.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/simulations/{simulation.pk}/"
    return simulation


def svg(html: str, label: str) -> ET.Element:
    """The chart whose aria-label starts with `label`, parsed as XML."""
    found = re.search(r'<svg[^>]*aria-label="' + re.escape(label) + r".*?</svg>", html, re.S)
    assert found, f"no chart labelled {label!r}"
    return ET.fromstring(found.group(0))


def text(response: Any) -> str:
    return response.content.decode()


def test_the_form_lists_my_deck_games_and_preselects_the_deck_in_the_address(
    player: Client, alice: User, bob: User
) -> None:
    mine = new_deck(alice, name="Alice stack")
    other = new_deck(alice, name="Second stack")
    new_deck(bob, name="Bob stack")

    html = text(player.get(f"/simulations/new/?deck={other}"))

    assert f'<option value="{other}" selected>Second stack (ChiZo RISING)</option>' in html
    assert f'<option value="{mine}">Alice stack (ChiZo RISING)</option>' in html
    assert "Bob stack" not in html
    assert 'value="1000"' in html  # the default number of games
    assert '<option value="planner">planner (ChiZo RISING only)</option>' in html


def test_a_simulation_started_from_the_form_reports_with_its_histogram_and_curve(
    player: Client, finished: Simulation
) -> None:
    html = text(player.get(f"/simulations/{finished.pk}/"))

    results = finished.results
    assert finished.status == "done"
    assert '<progress id="simulation-progress" value="20" max="20"' in html
    assert "20 of 20 games" in html
    bars = svg(html, HISTOGRAM).findall("g[@class='bar']")
    assert len(bars) == len(results["turn"]["histogram"]) > 0
    assert [b.get("data-value") for b in bars] == [
        str(n) for n in results["turn"]["histogram"].values()
    ]
    points = svg(html, CUMULATIVE).findall("g[@class='point']")
    assert float(points[-1].get("data-y")) == pytest.approx(results["wins"] / 20, abs=1e-4)
    assert "95% confidence interval" in html
    words = gap_words(policy_gap("chizo", "greedy"))
    assert f'<dt>Bot</dt><dd>greedy <span class="muted">(goldfish {words})</span></dd>' in html
    assert "<code>5</code>" in html  # the seed
    assert '<th scope="row">Rat</th>' in html  # the per-card table


def test_the_fragment_polls_while_the_simulation_runs(player: Client, deck: int) -> None:
    start(player, deck, games=200)
    simulation = Simulation.objects.get()
    Simulation.objects.filter(pk=simulation.pk).update(status="running", games_done=50)

    fragment = text(player.get(f"/simulations/{simulation.pk}/live/"))
    page = text(player.get(f"/simulations/{simulation.pk}/"))

    assert 'hx-trigger="every 1s"' in fragment
    assert f'hx-get="/simulations/{simulation.pk}/live/"' in fragment
    assert 'value="50" max="200"' in fragment
    assert "50 of 200 games" in fragment
    assert "Cancel the simulation" in fragment
    assert '<h2 id="report-heading">' not in fragment
    assert '<meta http-equiv="refresh"' in page  # without JavaScript


def test_the_fragment_of_a_finished_simulation_stops_polling_and_carries_the_report(
    player: Client, finished: Simulation
) -> None:
    fragment = text(player.get(f"/simulations/{finished.pk}/live/"))
    page = text(player.get(f"/simulations/{finished.pk}/"))

    assert "hx-trigger" not in fragment
    assert "Cancel the simulation" not in fragment
    assert len(svg(fragment, HISTOGRAM).findall("g[@class='bar']")) > 0
    assert '<meta http-equiv="refresh"' not in page


@pytest.mark.parametrize("games", ["0", "100001", "many"])
def test_a_bad_number_of_games_is_explained_and_what_was_typed_stays(
    player: Client, deck: int, games: str
) -> None:
    response = start(player, deck, games=games, seed="77", bot="random")

    html = text(response)
    assert response.status_code == 400
    assert Simulation.objects.count() == 0
    assert 'class="field invalid"' in html
    assert f'name="games" value="{games}"' in html
    assert 'name="seed" value="77"' in html
    assert '<option value="random" selected>' in html
    assert f'<option value="{deck}" selected>' in html


def test_a_bot_the_game_does_not_have_is_explained_on_the_bot_field(
    player: Client, deck: int
) -> None:
    response = start(player, deck, bot="tactician")

    html = text(response)
    bot_field = html[html.index('<label for="id_bot">') : html.index('<label for="id_seed">')]
    assert response.status_code == 400
    assert "no bot &#x27;tactician&#x27;" in bot_field
    assert re.search(r'<div class="field invalid">\s*<label for="id_bot">', html)
    assert Simulation.objects.count() == 0


def test_beyond_the_running_limit_the_form_says_why_and_keeps_the_input(
    player: Client, deck: int
) -> None:
    for _ in range(3):
        assert start(player, deck).status_code == 302

    response = start(player, deck, games="321")

    html = text(response)
    assert response.status_code == 429
    assert "You already have 3 simulations running" in html
    assert 'name="games" value="321"' in html
    assert Simulation.objects.count() == 3


def test_cancel_stops_a_running_simulation_and_its_page_stops_polling(
    player: Client, deck: int
) -> None:
    start(player, deck, games=500)
    simulation = Simulation.objects.get()

    response = player.post(f"/simulations/{simulation.pk}/cancel/")
    page = text(player.get(response["Location"]))

    simulation.refresh_from_db()
    assert response.status_code == 302
    assert simulation.status == "cancelled"
    assert "Simulation cancelled." in page
    assert "Cancelled after 0 of 500 games" in page
    assert "hx-trigger" not in page


def test_cancel_answers_only_a_post(player: Client, deck: int) -> None:
    start(player, deck)
    simulation = Simulation.objects.get()

    assert player.get(f"/simulations/{simulation.pk}/cancel/").status_code == 405
    assert Simulation.objects.get().status == "pending"


@pytest.mark.parametrize(
    ("method", "suffix"),
    [("get", ""), ("get", "live/"), ("post", "cancel/"), ("post", "replay/")],
)
def test_other_users_get_404_on_someone_elses_simulation(
    client: Client, alice: User, bob: User, deck: int, method: str, suffix: str
) -> None:
    client.force_login(alice)
    start(client, deck)
    simulation = Simulation.objects.get()

    client.force_login(bob)
    response = getattr(client, method)(f"/simulations/{simulation.pk}/{suffix}", {"seed": "1"})

    assert response.status_code == 404
    assert Simulation.objects.get().status == "pending"


@pytest.mark.parametrize(
    "path",
    ["/simulations/", "/simulations/new/", "/simulations/1/", "/simulations/1/live/",
     "/simulations/compare/", "/simulations/compare/1/2/"],
)  # fmt: skip
def test_anonymous_visitors_are_sent_to_log_in(client: Client, path: str) -> None:
    response = client.get(path)

    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={path}"


def test_the_list_shows_my_simulations_with_their_progress_and_no_one_elses(
    client: Client, alice: User, bob: User
) -> None:
    client.force_login(bob)
    start(client, new_deck(bob, name="Bob stack"))
    client.force_login(alice)
    start(client, new_deck(alice, name="Alice stack"), games=40)

    html = text(client.get("/simulations/"))

    mine = Simulation.objects.get(owner=alice)
    assert f'href="/simulations/{mine.pk}/"' in html
    assert "Alice stack (ChiZo RISING)" in html
    assert "Bob stack" not in html
    assert (
        f'<progress value="0" max="40" aria-label="Games played of simulation {mine.pk}">' in html
    )
    assert "Pending" in html


def test_a_sample_game_button_starts_a_goldfish_match_with_that_seed(
    player: Client, alice: User, finished: Simulation
) -> None:
    html = text(player.get(f"/simulations/{finished.pk}/"))
    seeds = re.findall(r'name="seed" value="(\d+)"', html)
    samples = [s for bucket in finished.results["sample_seeds"].values() for s in bucket]
    assert sorted(map(int, seeds)) == sorted(samples)

    response = player.post(f"/simulations/{finished.pk}/replay/", {"seed": seeds[-1]})

    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"].startswith("/play/matches/")
    assert str(match.pk) in response["Location"]
    assert (match.owner, match.mode, match.game, match.seed) == (
        alice, "goldfish", "chizo", int(seeds[-1])
    )  # fmt: skip


def test_a_seed_that_is_not_a_sample_game_is_refused(player: Client, finished: Simulation) -> None:
    response = player.post(f"/simulations/{finished.pk}/replay/", {"seed": "12345"})

    assert response.status_code == 400
    assert Match.objects.count() == 0


def test_the_card_table_sorts_by_the_chosen_column(player: Client, finished: Simulation) -> None:
    html = text(player.get(f"/simulations/{finished.pk}/?cards=name"))

    table = html[html.index('<table class="cards"') :]
    names = re.findall(r'<th scope="row">([^<]+)</th>', table[: table.index("</table>")])
    assert names == sorted(names, key=str.lower)
    assert len(names) == len(finished.results["cards"])
    assert 'aria-sort="ascending"><a href="/simulations/' in html


def test_bots_against_bots_run_from_the_second_form(
    player: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = player.post(
            "/simulations/new/",
            {"kind": "bots", "bots-game": "raise", "bots-seats": "greedy, Random, random",
             "bots-games": "30", "bots-seed": "4"},
        )  # fmt: skip
    simulation = Simulation.objects.get()
    html = text(player.get(response["Location"]))

    assert simulation.spec["bots"] == ["greedy", "random", "random"]
    assert simulation.status == "done"
    assert "Win rate per seat" in html
    bars = svg(html, "Games by length").findall("g[@class='bar']")
    assert 0 < len(bars) <= 20
    assert sum(int(bar.get("data-value")) for bar in bars) == 30


def test_bad_seats_are_explained_on_the_seats_field(player: Client) -> None:
    response = player.post(
        "/simulations/new/",
        {"kind": "bots", "bots-game": "raise", "bots-seats": "greedy, genius", "bots-games": "9"},
    )

    html = text(response)
    assert response.status_code == 400
    assert "no bot &#x27;genius&#x27;" in html
    assert 'name="bots-seats" value="greedy, genius"' in html


def compare(client: Client, first: int, second: int, **fields: Any) -> Any:
    data = {"first": first, "second": second, "games": 20, "bot": "greedy", "seed": 3}
    return client.post("/simulations/compare/", data | fields)


def test_comparing_two_decks_shows_both_means_the_difference_and_both_histograms(
    player: Client, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    first, second = new_deck(alice, name="Eggs"), new_deck(alice, OTHER_STACK, name="Oxen")
    with django_capture_on_commit_callbacks(execute=True):
        response = compare(player, first, second)

    a, b = Simulation.objects.order_by("pk")
    html = text(player.get(response["Location"]))

    assert response["Location"] == f"/simulations/compare/{a.pk}/{b.pk}/"
    assert (a.seed, b.seed, a.deck_id, b.deck_id) == (3, 3, first, second)
    assert f"<dd>{a.results['turn']['mean']:.2f}</dd>" in html
    assert f"<dd>{b.results['turn']['mean']:.2f}</dd>" in html
    assert re.search(r"<strong>-?\d+\.\d\d</strong> turns .*95% confidence interval", html)
    assert svg(html, "A, Eggs").findall("g[@class='bar']")
    assert svg(html, "B, Oxen").findall("g[@class='bar']")
    assert "hx-trigger" not in html


def test_a_comparison_still_running_polls_its_fragment(player: Client, alice: User) -> None:
    response = compare(player, new_deck(alice), new_deck(alice, OTHER_STACK))

    html = text(player.get(response["Location"] + "live/"))

    assert 'hx-trigger="every 1s"' in html
    assert "0 of 20 games" in html
    assert "Difference" not in html


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (lambda alice, first: first, "Choose a different deck"),
        (lambda alice, first: new_deck(alice, "4 Gun Shop Clerk", "shadowfist"), "Choose a ChiZo"),
    ],
)
def test_a_comparison_needs_two_different_decks_of_one_game(
    player: Client, alice: User, second: Callable[[User, int], int], message: str
) -> None:
    first = new_deck(alice)

    response = compare(player, first, second(alice, first))

    assert response.status_code == 400
    assert message in text(response)
    assert Simulation.objects.count() == 0


def test_a_comparison_beyond_the_running_limit_starts_neither_simulation(
    player: Client, alice: User, deck: int
) -> None:
    start(player, deck)
    start(player, deck)

    response = compare(player, deck, new_deck(alice, OTHER_STACK))

    assert response.status_code == 429
    assert "A comparison starts 2 simulations and you have 2 running" in text(response)
    assert Simulation.objects.count() == 2


def empty_deck(user: User) -> int:
    api = APIClient()
    api.force_authenticate(user)
    return int(api.post("/api/v1/decks/", {"game": "chizo", "name": "Empty"}).json()["id"])


@pytest.mark.parametrize("second", ["empty", "bob's", "missing"])
def test_a_bad_second_deck_starts_neither_simulation(
    player: Client, alice: User, bob: User, deck: int, second: str
) -> None:
    other = {
        "empty": lambda: empty_deck(alice),
        "bob's": lambda: new_deck(bob),
        "missing": lambda: 999_999,
    }[second]()

    response = compare(player, deck, other)

    assert Simulation.objects.count() == 0
    assert response.status_code == 400
    assert re.search(r'<div class="field invalid">\s*<label for="id_second">', text(response))
