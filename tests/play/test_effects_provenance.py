"""Card effects are part of what a figure stands on: a simulation records its game's
effects version when it is created, and its report (API and page) names that version and
marks each card of its deck whose effect changed since (docs/play.md, "What a figure
stands on"). A simulation from before the version was recorded says it is not known."""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from cards.effects.history import Effect, effects_version, write_effects
from cards.models import Card, EffectChange
from play.simulations.models import Simulation
from play.simulations.provenance import NOT_KNOWN
from play.simulations.services import simulation_run_chunk
from tests.play.decks_api import new_deck
from tests.play.test_goldfish_opposition import LEGAL_STACK, starter_list

pytestmark = pytest.mark.django_db

CHANGED = re.compile(r"Effect changed since this run: <a href=\"[^\"]+\">([^<]+)</a> ([^<]+)</p>")


def change_note(card: Card, note: str, *, author: User | None = None,
                source: str = "card page") -> EffectChange:  # fmt: skip
    """A change of the card's effect (its note: valid whatever its effect is)."""
    effect = Effect.of(card)
    change = write_effects(card.game, [(card, Effect(effect.key, effect.params, note))],
                           author=author, source=source)  # fmt: skip
    assert change is not None
    return change


def simulate(api: APIClient, capture: Any, deck: int) -> Simulation:
    with capture(execute=True):
        response = api.post("/api/v1/simulations/", {"deck": deck, "games": 5, "seed": 2},
                            format="json")  # fmt: skip
    assert response.status_code == 202, response.json()
    return Simulation.objects.get(pk=response.json()["id"])


def deck_ids(simulation: Simulation) -> list[int]:
    return [int(row["id"]) for row, _copies in simulation.spec["cards"]]


def outside(*simulations: Simulation) -> Card:
    """A Shadowfist card in none of the simulations' decks."""
    ids = {card for simulation in simulations for card in deck_ids(simulation)}
    card = Card.objects.filter(game__slug="shadowfist").exclude(pk__in=ids).first()
    assert card is not None
    return card


def effects(api: APIClient, simulation: Simulation) -> dict[str, Any]:
    body: dict[str, Any] = api.get(f"/api/v1/simulations/{simulation.pk}/").json()["effects"]
    return body


def page(user: User, url: str) -> str:
    client = Client()
    client.force_login(user)
    return client.get(url).content.decode()


def day(change: EffectChange) -> str:
    return timezone.localtime(change.created_at).date().isoformat()


def test_a_simulation_records_the_effects_version_of_its_game_when_it_is_created(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    names = {line.split(" ", 1)[1] for line in starter_list().splitlines()}
    other = Card.objects.filter(game__slug="shadowfist").exclude(name__in=names).first()
    assert other is not None
    version = change_note(other, "before the run").number
    deck = new_deck(player, starter_list(), game="shadowfist")

    simulation = simulate(player, django_capture_on_commit_callbacks, deck)

    assert simulation.effects_version == version == effects_version("shadowfist")
    assert effects(player, simulation) == {
        "version": version, "words": f"version {version} (Shadowfist)", "changed_since": []
    }  # fmt: skip
    listed = player.get("/api/v1/simulations/").json()["results"][0]
    assert listed["effects_version"] == version
    assert "effects" not in listed
    html = page(alice, f"/simulations/{simulation.pk}/")
    assert f"<dt>Effects</dt><dd>Version {version} (Shadowfist)</dd>" in html
    assert "Effect changed since this run" not in html


def test_the_report_marks_exactly_the_deck_s_card_whose_effect_changed_since(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks,
                          new_deck(player, starter_list(), game="shadowfist"))  # fmt: skip
    version = simulation.effects_version
    card = Card.objects.get(pk=deck_ids(simulation)[1])
    change_note(card, "first reading")
    change = change_note(card, "second reading", author=alice)  # the latest is named
    change_note(outside(simulation), "not in the deck", source="an effects file")

    body = effects(player, simulation)

    assert body["version"] == version
    assert body["words"] == f"version {version} (Shadowfist)"
    [marked] = body["changed_since"]
    changed_at = marked.pop("changed_at")
    assert marked == {"card": card.pk, "name": card.name, "version": change.number,
                      "author": "alice", "source": "card page"}  # fmt: skip
    assert datetime.fromisoformat(changed_at.replace("Z", "+00:00")) == change.created_at
    html = page(alice, f"/simulations/{simulation.pk}/")
    assert CHANGED.findall(html) == [
        (card.name, f"(version {change.number}, {day(change)}, by alice: card page)")
    ]


def test_an_effect_changed_while_the_run_waits_leaves_its_recorded_version_alone(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    """The chunks and the summary write their own columns: the version stays the one the
    simulation was created with, and the card changed meanwhile is marked."""
    deck = new_deck(player, starter_list(), game="shadowfist")
    with django_capture_on_commit_callbacks(execute=False):
        response = player.post("/api/v1/simulations/", {"deck": deck, "games": 5, "seed": 2},
                               format="json")  # fmt: skip
    simulation = Simulation.objects.get(pk=response.json()["id"])
    version = simulation.effects_version
    card = Card.objects.get(pk=deck_ids(simulation)[0])
    change = change_note(card, "written before the games ran")

    with django_capture_on_commit_callbacks(execute=True):
        for chunk in simulation.chunks.all():
            simulation_run_chunk(chunk.pk)

    simulation.refresh_from_db()
    assert simulation.status == Simulation.Status.DONE
    assert simulation.effects_version == version == change.number - 1
    assert [c["card"] for c in effects(player, simulation)["changed_since"]] == [card.pk]


def test_a_comparison_names_each_deck_s_version_and_marks_its_changed_cards(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    first = new_deck(player, starter_list(0), game="shadowfist", name="A")
    second = new_deck(player, starter_list(1), game="shadowfist", name="B")
    with django_capture_on_commit_callbacks(execute=True):
        started = player.post("/api/v1/simulations/compare/",
                              {"decks": [first, second], "games": 5, "seed": 3},
                              format="json").json()  # fmt: skip
    a, b = Simulation.objects.get(pk=started["a"]), Simulation.objects.get(pk=started["b"])
    version = a.effects_version
    only_a = Card.objects.get(pk=next(i for i in deck_ids(a) if i not in deck_ids(b)))
    change = change_note(only_a, "only in A", author=alice)
    change_note(outside(a, b), "in neither deck")

    body = player.get("/api/v1/simulations/compare/", {"a": a.pk, "b": b.pk}).json()

    assert version is not None
    assert b.effects_version == version
    assert [c["card"] for c in body["effects"]["a"]["changed_since"]] == [only_a.pk]
    assert body["effects"]["b"]["changed_since"] == []
    assert body["effects"]["b"]["words"] == f"version {version} (Shadowfist)"
    html = page(alice, f"/simulations/compare/{a.pk}/{b.pk}/")
    assert f'<p id="compare-effects-a">Effects: version {version} (Shadowfist)</p>' in html
    assert f'<p id="compare-effects-b">Effects: version {version} (Shadowfist)</p>' in html
    assert CHANGED.findall(html) == [
        (only_a.name, f"(version {change.number}, {day(change)}, by alice: card page)")
    ]


def test_a_simulation_from_before_the_version_was_recorded_says_it_is_not_known(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks,
                          new_deck(player, starter_list(), game="shadowfist"))  # fmt: skip
    Simulation.objects.filter(pk=simulation.pk).update(effects_version=None)
    change_note(Card.objects.get(pk=deck_ids(simulation)[0]), "changed, but since when?")

    assert effects(player, simulation) == {
        "version": None, "words": NOT_KNOWN, "changed_since": None
    }  # fmt: skip
    html = page(alice, f"/simulations/{simulation.pk}/")
    assert f"<dt>Effects</dt><dd>{NOT_KNOWN.capitalize()}</dd>" in html
    assert "Effect changed since this run" not in html


def test_a_chizo_simulation_records_version_0_and_says_no_change_was_recorded(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks, new_deck(player, LEGAL_STACK))

    words = "version 0 (ChiZo RISING: no effect change recorded)"
    assert simulation.effects_version == 0
    assert effects(player, simulation) == {"version": 0, "words": words, "changed_since": []}
    assert f"<dd>V{words[1:]}</dd>" in page(alice, f"/simulations/{simulation.pk}/")


def goldfish(tmp_path: Path, game: str, deck: str) -> list[str]:
    path = tmp_path / "deck.txt"
    path.write_text(deck, encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", game, "--deck", str(path), "--games", "3", "--no-progress",
                 stdout=out, stderr=io.StringIO())  # fmt: skip
    return out.getvalue().splitlines()


def test_the_goldfish_command_names_the_effects_version_in_its_header(tmp_path: Path) -> None:
    version = change_note(Card.objects.filter(game__slug="shadowfist").first(), "noted").number

    shadowfist = goldfish(tmp_path, "shadowfist", starter_list())
    chizo = goldfish(tmp_path, "chizo", LEGAL_STACK)

    assert shadowfist[4] == f"effects: version {version} (Shadowfist)"  # after the modelling
    assert chizo[4] == "effects: version 0 (ChiZo RISING: no effect change recorded)"


@pytest.mark.usefixtures("committed_catalogue")  # the simulation runs once committed
def test_the_simulate_command_names_the_version_its_simulation_recorded(
    tmp_path: Path, settings: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    path = tmp_path / "stack.txt"
    path.write_text(LEGAL_STACK, encoding="utf-8")
    out = io.StringIO()

    call_command("simulate", "--game", "chizo", "--deck", str(path), "--games", "2",
                 "--no-progress", stdout=out, stderr=io.StringIO())  # fmt: skip

    assert Simulation.objects.get().effects_version == 0
    assert "effects: version 0 (ChiZo RISING: no effect change recorded)" in out.getvalue()
