"""The API and the pages give the same answer for the same input: starting a simulation, a
comparison or a match, and fetching one's own simulation, are each one selector or service
(docs/architecture.md lists them), and these tests hold the two surfaces to it."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from decks import services as decks
from decks.models import Deck
from play.matches.models import Match
from play.simulations.models import Simulation

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
OTHER_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"


def new_deck(owner: User, text: str = CHIZO_STACK, **fields: Any) -> Deck:
    return decks.deck_create_from_text(owner=owner, game="chizo", name="Stack", text=text, **fields)


@pytest.fixture
def both(alice: User, api: APIClient, client: Client, settings: Any) -> tuple[APIClient, Client]:
    # Simulations run in-process; they stay pending here (no on-commit callbacks run).
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    client.force_login(alice)
    return api, client


def created(model: type[Simulation] | type[Match], before: set[int]) -> list[Any]:
    """The rows one request created, oldest first."""
    return list(model.objects.exclude(pk__in=before).order_by("pk"))


def ids(model: type[Simulation] | type[Match]) -> set[int]:
    return set(model.objects.values_list("pk", flat=True))


def parameters(simulation: Simulation) -> dict[str, Any]:
    fields = ("game", "kind", "deck_id", "games", "seed", "chunk_size", "spec")
    return {name: getattr(simulation, name) for name in fields}


def setup_of(match: Match) -> dict[str, Any]:
    return {name: getattr(match, name) for name in ("game", "mode", "seats", "setup", "seed")}


def form_errors(response: Any, name: str = "form") -> list[str]:
    return form_errors_of(response.context[name])


def form_errors_of(form: Any) -> list[str]:
    return [message for messages in form.errors.values() for message in messages]


# ---------------------------------------------------------------- starting a simulation


def test_a_goldfish_simulation_has_the_same_parameters_from_the_api_and_the_page(
    both: tuple[APIClient, Client], alice: User
) -> None:
    api, client = both
    deck = new_deck(alice)
    # The page has no max-turns field: both leave it to the default (max_turns not sent).
    wanted = {"deck": deck.pk, "games": 120, "bot": "greedy", "seed": 5}

    from_api = api.post("/api/v1/simulations/", wanted, format="json")
    before = ids(Simulation)
    from_page = client.post("/simulations/new/", {"kind": "goldfish", **wanted})

    assert from_api.status_code == 202, from_api.json()
    assert from_page.status_code == 302
    (by_page,) = created(Simulation, before)
    by_api = Simulation.objects.get(pk=from_api.json()["id"])
    assert parameters(by_api) == parameters(by_page)
    assert (by_page.kind, by_page.games, by_page.seed) == ("goldfish", 120, 5)


def test_a_bot_game_simulation_has_the_same_parameters_from_the_api_and_the_page(
    both: tuple[APIClient, Client],
) -> None:
    api, client = both
    seats = ["greedy", "random", "random"]

    from_api = api.post(
        "/api/v1/simulations/",
        {"game": "raise", "seats": seats, "games": 60, "seed": 8},
        format="json",
    )
    before = ids(Simulation)
    from_page = client.post(
        "/simulations/new/",
        {
            "kind": "bots",
            "bots-game": "raise",
            "bots-seats": "Greedy, random ,random",
            "bots-games": 60,
            "bots-seed": 8,
        },
    )

    assert from_api.status_code == 202, from_api.json()
    assert from_page.status_code == 302
    (by_page,) = created(Simulation, before)
    by_api = Simulation.objects.get(pk=from_api.json()["id"])
    assert parameters(by_api) == parameters(by_page)
    assert (by_page.kind, by_page.spec["bots"]) == ("bots", seats)


def test_a_comparison_starts_the_same_two_simulations_from_the_api_and_the_page(
    both: tuple[APIClient, Client], alice: User, settings: Any
) -> None:
    api, client = both
    settings.SIMULATIONS_RUNNING_PER_USER = 4  # both pairs pending at once
    first, second = new_deck(alice), new_deck(alice, OTHER_STACK)

    before = ids(Simulation)
    from_api = api.post(
        "/api/v1/simulations/compare/",
        {"decks": [first.pk, second.pk], "games": 40, "bot": "greedy", "seed": 3},
        format="json",
    )
    by_api = created(Simulation, before)
    before = ids(Simulation)
    from_page = client.post(
        "/simulations/compare/",
        {"first": first.pk, "second": second.pk, "games": 40, "bot": "greedy", "seed": 3},
    )
    by_page = created(Simulation, before)

    assert from_api.status_code == 202, from_api.json()
    assert from_page.status_code == 302
    assert [s.pk for s in by_api] == [from_api.json()["a"], from_api.json()["b"]]
    assert [parameters(s) for s in by_api] == [parameters(s) for s in by_page]
    assert [s.deck_id for s in by_page] == [first.pk, second.pk]


# ---------------------------------------------------------------- one's own simulation


def test_one_s_own_simulation_is_the_same_from_the_api_and_the_page(
    both: tuple[APIClient, Client], alice: User
) -> None:
    api, client = both
    started = api.post(
        "/api/v1/simulations/", {"deck": new_deck(alice).pk, "games": 30}, format="json"
    )
    pk = started.json()["id"]
    Simulation.objects.filter(pk=pk).update(status=Simulation.Status.RUNNING, games_done=10)

    from_api = api.get(f"/api/v1/simulations/{pk}/")
    from_page = client.get(f"/simulations/{pk}/")

    assert from_api.status_code == from_page.status_code == 200
    shown = from_page.context["simulation"]
    assert (from_api.json()["id"], from_api.json()["status"]) == (shown.pk, shown.status)
    assert from_api.json()["progress"] == {"done": shown.games_done, "total": shown.games}
    assert (shown.status, shown.games_done, shown.games) == ("running", 10, 30)


def test_someone_else_s_or_a_missing_simulation_is_not_found_by_the_api_nor_the_page(
    both: tuple[APIClient, Client], bob: User
) -> None:
    api, client = both
    other = APIClient()
    other.force_authenticate(bob)
    started = other.post(
        "/api/v1/simulations/", {"deck": new_deck(bob).pk, "games": 30}, format="json"
    )
    bobs = started.json()["id"]
    missing = bobs + 1000

    for pk in (bobs, missing):
        assert api.get(f"/api/v1/simulations/{pk}/").status_code == 404
        assert client.get(f"/simulations/{pk}/").status_code == 404
    assert other.get(f"/api/v1/simulations/{bobs}/").status_code == 200  # it is there


# ---------------------------------------------------------------- starting a match


def test_a_goldfish_match_is_set_up_the_same_from_the_api_and_the_page(
    both: tuple[APIClient, Client], alice: User
) -> None:
    api, client = both
    deck = new_deck(alice)

    from_api = api.post(
        "/api/v1/matches/",
        {"game": "chizo", "mode": "goldfish", "deck": deck.pk, "seed": 7},
        format="json",
    )
    before = ids(Match)
    from_page = client.post("/play/goldfish/", {"deck": deck.pk, "seed": 7})

    assert from_api.status_code == 201, from_api.json()
    assert from_page.status_code == 302
    (by_page,) = created(Match, before)
    by_api = Match.objects.get(pk=from_api.json()["id"])
    assert setup_of(by_api) == setup_of(by_page)
    assert by_page.seats == [{"player": "human", "deck": deck.pk}]


def test_a_match_against_bots_is_set_up_the_same_from_the_api_and_the_page(
    both: tuple[APIClient, Client],
) -> None:
    api, client = both

    from_api = api.post(
        "/api/v1/matches/",
        {"game": "raise", "mode": "bots", "seats": ["human", "greedy", "random"], "seed": 9},
        format="json",
    )
    before = ids(Match)
    from_page = client.post(
        "/play/bots/raise/",
        {"raise-players": 3, "raise-seat_2": "greedy", "raise-seat_3": "random", "raise-seed": 9},
    )

    assert from_api.status_code == 201, from_api.json()
    assert from_page.status_code == 302
    (by_page,) = created(Match, before)
    by_api = Match.objects.get(pk=from_api.json()["id"])
    assert setup_of(by_api) == setup_of(by_page)
    assert [seat["player"] for seat in by_page.seats] == ["human", "greedy", "random"]


# ---------------------------------------------------------------- refusals


@pytest.fixture
def bobs_private_deck(bob: User) -> Deck:
    deck = new_deck(bob)
    assert deck.visibility == Deck.Visibility.PRIVATE
    return deck


def test_a_bot_that_a_game_lacks_is_refused_for_the_same_reason_by_the_api_and_the_page(
    both: tuple[APIClient, Client],
) -> None:
    api, client = both

    from_api = api.post(
        "/api/v1/simulations/",
        {"game": "raise", "seats": ["greedy", "nobody"], "games": 10},
        format="json",
    )
    from_page = client.post(
        "/simulations/new/",
        {"kind": "bots", "bots-game": "raise", "bots-seats": "greedy, nobody", "bots-games": 10},
    )

    assert from_api.status_code == from_page.status_code == 400
    assert form_errors(from_page, "bots_form") == [from_api.json()["detail"]]
    assert "no bot 'nobody'" in from_api.json()["detail"]
    assert Simulation.objects.count() == 0


def test_a_bot_that_no_game_has_is_refused_for_the_same_reason_by_the_api_and_the_page(
    both: tuple[APIClient, Client], alice: User
) -> None:
    api, client = both
    wanted = {"deck": new_deck(alice).pk, "games": 10, "bot": "nobody"}

    from_api = api.post("/api/v1/simulations/", wanted, format="json")
    from_page = client.post("/simulations/new/", {"kind": "goldfish", **wanted})

    assert from_api.status_code == from_page.status_code == 400
    assert form_errors(from_page) == [from_api.json()["detail"]]
    assert from_api.json()["detail"] == (
        "no bot 'nobody'; use one of greedy, planner, random, search-fast, search-strong"
    )
    assert Simulation.objects.count() == 0


def test_a_bot_of_another_game_is_refused_for_the_same_reason_by_the_api_and_the_page(
    both: tuple[APIClient, Client],
) -> None:
    api, client = both  # "planner" plays ChiZo, not Raise

    from_api = api.post(
        "/api/v1/matches/",
        {"game": "raise", "mode": "bots", "seats": ["human", "planner"]},
        format="json",
    )
    from_page = client.post("/play/bots/raise/", {"raise-players": 2, "raise-seat_2": "planner"})

    assert from_api.status_code == from_page.status_code == 400
    page_form = next(f["form"] for f in from_page.context["bot_forms"] if f["form"].game == "raise")
    assert form_errors_of(page_form) == [from_api.json()["detail"]]
    assert from_api.json()["detail"] == "no player 'planner'; use human, budget, greedy, random"
    assert Match.objects.count() == 0


def test_another_user_s_private_deck_is_refused_for_the_same_reason_by_the_api_and_the_page(
    both: tuple[APIClient, Client], alice: User, bobs_private_deck: Deck
) -> None:
    api, client = both
    deck, mine = bobs_private_deck.pk, new_deck(alice).pk

    refusals = [
        (
            api.post(
                "/api/v1/matches/",
                {"game": "chizo", "mode": "goldfish", "deck": deck},
                format="json",
            ),
            client.post("/play/goldfish/", {"deck": deck}),
        ),
        (
            api.post("/api/v1/simulations/", {"deck": deck, "games": 10}, format="json"),
            client.post(
                "/simulations/new/",
                {"kind": "goldfish", "deck": deck, "games": 10, "bot": "greedy"},
            ),
        ),
        (
            api.post(
                "/api/v1/simulations/compare/", {"decks": [deck, mine], "games": 10}, format="json"
            ),
            client.post(
                "/simulations/compare/",
                {"first": deck, "second": mine, "games": 10, "bot": "greedy"},
            ),
        ),
    ]

    for from_api, from_page in refusals:
        assert from_api.status_code == from_page.status_code == 400
        assert form_errors(from_page) == [from_api.json()["detail"]]
        assert from_api.json()["detail"] == f"no deck {deck} that you may read"
    assert Match.objects.count() == Simulation.objects.count() == 0
