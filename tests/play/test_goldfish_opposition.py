"""The Shadowfist goldfish opposition chosen on every path (API, comparison, page form,
commands) and named wherever a figure is shown (docs/play.md, "The table")."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from cards.gamedata import game_json
from play.engine.core import get_game
from play.matches.models import Match
from play.simulations.compare import compare_simulations
from play.simulations.models import Simulation
from play.simulations.specs import reading_words
from tests.play.decks_api import new_deck

pytestmark = pytest.mark.django_db

DEFENDED_WORDS = (
    "against the defended table (a feng shui site of Body 7 each turn; 2 blockers of "
    "Fighting 4 kept in play)"
)
LEGAL_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push"


def starter_list(index: int = 0) -> str:
    deck = game_json("shadowfist", "starter.json")["decks"][index]
    return "\n".join(f"{count} {name}" for name, count in deck["cards"].items())


def simulate(api: APIClient, capture: Any, **fields: Any) -> Any:
    with capture(execute=True):
        return api.post("/api/v1/simulations/", {"games": 20, "seed": 4, **fields}, format="json")


def test_a_simulation_against_the_defended_table_records_and_names_it(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")

    response = simulate(player, django_capture_on_commit_callbacks, deck=deck,
                        opposition={"profile": "defended"})  # fmt: skip

    assert response.status_code == 202, response.json()
    simulation = Simulation.objects.get()
    table = {"profile": "defended", "site_body": 7, "sites": None, "blockers": 2,
             "blocker_fighting": 4}  # fmt: skip
    assert simulation.spec["opposition"] == table
    assert simulation.results["opposition"] == table
    assert reading_words("shadowfist", simulation.spec) == DEFENDED_WORDS
    page = Client()
    page.force_login(alice)
    html = page.get(f"/simulations/{simulation.pk}/").content.decode()
    assert DEFENDED_WORDS[0].upper() + DEFENDED_WORDS[1:] in html


def test_the_default_table_is_the_goldfish_profile_with_real_figures(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    simulate(player, django_capture_on_commit_callbacks, deck=deck)
    spec = Simulation.objects.get().spec
    assert spec["opposition"]["profile"] == "goldfish"
    assert spec["opposition"]["site_body"] == 7


def test_blockers_make_the_same_deck_win_later_on_the_same_seeds(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list(1), game="shadowfist")
    for profile in ("goldfish", "defended"):
        simulate(player, django_capture_on_commit_callbacks, deck=deck,
                 opposition={"profile": profile})  # fmt: skip
    means = {s.spec["opposition"]["profile"]: s.results["turn"]["mean"]
             for s in Simulation.objects.all()}  # fmt: skip
    assert means["defended"] > means["goldfish"]


@pytest.mark.parametrize(
    ("opposition", "field"),
    [
        ({"profile": "hard"}, "opposition.profile"),
        ({"blockers": 11}, "opposition.blockers"),
        ({"site_body": "\u0667"}, "opposition.site_body"),  # an Arabic-Indic 7
        ({"walls": 1}, "opposition.walls"),
    ],
)
def test_a_bad_opposition_is_refused_at_its_field(
    player: APIClient, django_capture_on_commit_callbacks: Any, opposition: Any, field: str
) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    response = simulate(player, django_capture_on_commit_callbacks, deck=deck,
                        opposition=opposition)  # fmt: skip
    assert response.status_code == 400, response.json()
    assert field in [error["field"] for error in response.json()["errors"]]
    assert not Simulation.objects.exists()


BOARD_WORDS = "beside a passive opponent's board of 12 basic creature tiles, one a turn"


def test_a_chizo_goldfish_beside_a_passive_board_records_and_names_it(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, LEGAL_STACK)
    response = simulate(player, django_capture_on_commit_callbacks, deck=deck,
                        opposition={"profile": "board"})  # fmt: skip
    assert response.status_code == 202, response.json()
    simulation = Simulation.objects.get()
    assert simulation.spec["opposition"] == {"profile": "board", "board": 12}
    assert simulation.results["opposition"] == {"profile": "board", "board": 12}
    words = reading_words("chizo", simulation.spec)
    assert words == f"{BOARD_WORDS}, effect points as tiles show them (capped by the Discard Pile)"
    page = Client()
    page.force_login(alice)
    html = page.get(f"/simulations/{simulation.pk}/").content.decode()
    assert "board of 12 basic creature tiles, one a turn" in html
    seed = next(s for bucket in simulation.results["sample_seeds"].values() for s in bucket)
    assert "the sample games are listed by their seeds" in html
    assert f"<code>{seed}</code>" in html
    replay = page.post(f"/simulations/{simulation.pk}/replay/", {"seed": str(seed)}, follow=True)
    assert "This game cannot be replayed: a ChiZo RISING goldfish match by hand plays alone" in (
        replay.content.decode()
    )
    assert not Match.objects.exists()


def test_a_chizo_goldfish_alone_is_the_default_and_needs_no_words(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, LEGAL_STACK)
    simulate(player, django_capture_on_commit_callbacks, deck=deck)
    spec = Simulation.objects.get().spec
    assert spec["opposition"] == {"profile": "alone", "board": 0}
    assert reading_words("chizo", spec) == (
        "effect points as tiles show them (capped by the Discard Pile)"
    )


def test_a_chizo_goldfish_has_no_shadowfist_table(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, LEGAL_STACK)
    response = simulate(player, django_capture_on_commit_callbacks, deck=deck,
                        opposition={"profile": "defended"})  # fmt: skip
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "opposition"
    assert "no ChiZo RISING table 'defended'; use one of alone, board" in error["message"]


def test_a_comparison_plays_both_decks_against_the_table_it_names(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    first = new_deck(player, starter_list(0), game="shadowfist", name="A")
    second = new_deck(player, starter_list(1), game="shadowfist", name="B")
    with django_capture_on_commit_callbacks(execute=True):
        response = player.post(
            "/api/v1/simulations/compare/",
            {"decks": [first, second], "games": 10, "seed": 2,
             "opposition": {"profile": "defended"}},
            format="json",
        )  # fmt: skip
    assert response.status_code == 202, response.json()
    a, b = Simulation.objects.order_by("pk")
    assert a.spec["opposition"] == b.spec["opposition"]
    assert a.spec["opposition"]["blockers"] == 2
    compare_simulations(a, b)  # the same table: comparable
    b.spec = {**b.spec, "opposition": {"profile": "soft"}}
    with pytest.raises(ValueError, match="the same opposition"):
        compare_simulations(a, b)


def test_a_spec_from_before_the_choice_is_read_as_the_soft_table_it_ran_against() -> None:
    words = reading_words("shadowfist", {"cards": []})
    assert words == "against the soft table (a feng shui site of Body 5 each turn; no blockers)"


def test_a_sample_game_replays_against_the_simulations_table(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    simulate(player, django_capture_on_commit_callbacks, deck=deck,
             opposition={"profile": "defended"})  # fmt: skip
    simulation = Simulation.objects.get()
    seed = next(s for bucket in simulation.results["sample_seeds"].values() for s in bucket)
    page = Client()
    page.force_login(alice)

    response = page.post(f"/simulations/{simulation.pk}/replay/", {"seed": str(seed)})

    assert response.status_code == 302
    match = Match.objects.get()
    assert match.setup["opposition"]["blockers"] == 2
    state = get_game("shadowfist").state_from_dict(match.state)
    assert state.blockers == 2


def test_the_simulation_form_offers_the_defended_table(
    alice: User, django_capture_on_commit_callbacks: Any, settings: Any, api: APIClient
) -> None:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    deck = new_deck(api, starter_list(), game="shadowfist")
    page = Client()
    page.force_login(alice)
    form = page.get("/simulations/new/").content.decode()
    assert "defended (Shadowfist): a feng shui site of Body 7" in form

    with django_capture_on_commit_callbacks(execute=True):
        response = page.post("/simulations/new/", {"kind": "goldfish", "deck": deck,
                             "games": "10", "bot": "greedy", "opposition": "defended"})  # fmt: skip

    assert response.status_code == 302
    assert Simulation.objects.get().spec["opposition"]["profile"] == "defended"


def goldfish(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    call_command("goldfish", *args, "--no-progress", stdout=out, stderr=err)
    return out.getvalue()


def test_the_goldfish_command_takes_a_profile_and_figures(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(starter_list(), encoding="utf-8")
    base = ("shadowfist", "--deck", str(deck), "--games", "10", "--seed", "1")

    assert DEFENDED_WORDS in goldfish(*base, "--opposition", "defended")
    custom = goldfish(*base, "--blockers", "1", "--blocker-fighting", "6", "--dummy-sites", "8")
    assert (
        "against the custom table (a feng shui site of Body 7 each turn, 8 in all; "
        "1 blocker of Fighting 6 kept in play)"
    ) in custom
    assert "against the soft table" in goldfish(*base, "--site-body", "5")
    with pytest.raises(CommandError, match="blockers is a whole number 0 to 10: 12"):
        goldfish(*base, "--blockers", "12")


def test_a_goldfish_match_faces_the_table_asked_for(player: APIClient) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")

    response = player.post(
        "/api/v1/matches/",
        {"game": "shadowfist", "mode": "goldfish", "deck": deck, "seed": 3,
         "opposition": {"profile": "defended", "blocker_fighting": 6}},
        format="json",
    )  # fmt: skip

    assert response.status_code == 201, response.json()
    match = Match.objects.get()
    assert match.setup["opposition"]["blockers"] == 2
    assert match.setup["opposition"]["blocker_fighting"] == 6
    assert get_game("shadowfist").state_from_dict(match.state).blockers == 2


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            {"game": "chizo", "mode": "goldfish"},
            "a ChiZo RISING goldfish match by hand plays alone",
        ),
        ({"game": "shadowfist", "mode": "hotseat"}, "only a goldfish match has an opposition"),
    ],
)
def test_a_match_without_a_dummy_has_no_opposition_to_choose(
    player: APIClient, body: dict[str, Any], words: str
) -> None:
    game = body["game"]
    deck = new_deck(player, starter_list() if game == "shadowfist" else LEGAL_STACK, game=game)
    seats = (
        {"deck": deck}
        if body["mode"] == "goldfish"
        else {"seats": [{"player": "human", "deck": deck}, {"player": "human", "deck": deck}]}
    )

    table = "board" if game == "chizo" else "defended"
    asked = {**body, **seats, "opposition": {"profile": table}}
    response = player.post("/api/v1/matches/", asked, format="json")

    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == ["opposition"]
    assert words in errors[0]["message"]
    assert not Match.objects.exists()


def test_the_goldfish_page_offers_the_defended_table(player: APIClient, alice: User) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    page = Client()
    page.force_login(alice)
    form = page.get("/play/goldfish/").content.decode()
    assert "defended (Shadowfist): a feng shui site of Body 7" in form

    response = page.post("/play/goldfish/", {"deck": deck, "opposition": "defended"})

    assert response.status_code == 302, response.content.decode()[:2000]
    assert Match.objects.get().setup["opposition"]["profile"] == "defended"


def test_the_goldfish_command_takes_a_chizo_board(tmp_path: Path) -> None:
    deck = tmp_path / "stack.txt"
    deck.write_text(LEGAL_STACK, encoding="utf-8")
    base = ("chizo", "--deck", str(deck), "--games", "10", "--seed", "1")
    assert BOARD_WORDS in goldfish(*base, "--opposition", "board")
    assert "board of 5 basic creature tiles" in goldfish(*base, "--board", "5")
    assert "passive" not in goldfish(*base)
