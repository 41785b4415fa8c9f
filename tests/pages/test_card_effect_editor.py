"""A card's effect data on its page: the effect as an effects file's entry and the history
of its changes for everyone; for staff, the form that changes the effect (checked by the
vocabulary, every problem beside its field) and a revert per change."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from cards.effects.loading import MAX_NOTE
from cards.models import Card, EffectChange, EffectRevision, Game
from play.engine.core import BLANK, MODELLED

pytestmark = pytest.mark.django_db

NO_EFFECT = {"effect_key": None, "effect_params": {}, "effect_note": ""}


@pytest.fixture
def staff(alice: User) -> User:
    alice.is_staff = True
    alice.save(update_fields=["is_staff"])
    return alice


@pytest.fixture
def editor(client: Client, staff: User) -> Client:
    client.force_login(staff)
    return client


@pytest.fixture
def storm() -> Card:
    """A Shadowfist event as the real card list imports it: no rules text, a blank."""
    game = Game.objects.get(slug="shadowfist")
    card = Card.objects.create(game=game, name="Sudden Storm", slug="sudden-storm", type="Event",
                               cost=1)  # fmt: skip
    assert card.modelling == BLANK
    return card


def shadowfist(name: str) -> Card:
    return Card.objects.select_related("game").get(game__slug="shadowfist", name=name)


def page(client: Client, card: Card) -> str:
    response = client.get(f"/cards/{card.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def save(client: Client, card: Card, **fields: Any) -> Any:
    return client.post(f"/cards/{card.pk}/effect/", fields)


def field_error(content: str, field: str) -> str:
    """The text of the errors shown under a field of the effect form."""
    found = re.search(rf'<div id="id_{field}_error">(.*?)</div>', content, re.S)
    assert found, f"no error under {field}"
    return html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def changes() -> int:
    return EffectChange.objects.count()


# What everyone sees


def test_the_effect_shows_as_an_effects_file_entry(client: Client) -> None:
    content = page(client, shadowfist("Lead Rain"))

    entry = re.search(r'<pre class="effect-entry" id="effect-entry"><code>(.*?)</code>', content,
                      re.S)  # fmt: skip
    assert entry
    assert html.unescape(entry.group(1)).splitlines() == [
        '[cards."Lead Rain"]',
        'effect_key = "damage_target"',
        'trigger = "play"',
        'timing = "any"',
        'target = "character"',
        "amount = 3",
    ]
    assert "Rules engine" in content  # the modelling status stays


def test_the_history_lists_each_change_with_what_it_changed(client: Client) -> None:
    content = page(client, shadowfist("Lead Rain"))

    assert '<ol class="effect-history"' in content
    assert "the shipped starter effects" in content
    assert '<code class="name">amount</code>: <span class="before">—</span>' in content
    assert "<code>3</code>" in content


def test_a_card_whose_effect_never_changed_says_so(client: Client, storm: Card) -> None:
    content = page(client, storm)

    assert 'id="effect-history-empty"' in content
    assert "No effect data" in content


def test_visitors_and_players_see_no_form_nor_revert(client: Client, bob: User) -> None:
    lead_rain = shadowfist("Lead Rain")
    anonymous = page(client, lead_rain)
    client.force_login(bob)
    player = page(client, lead_rain)

    for content in (anonymous, player):
        assert 'id="effect-data"' in content
        assert 'id="effect-form"' not in content
        assert "Revert to before" not in content
        assert "effect_editor.js" not in content


def test_a_chizo_tile_has_no_effect_data_nor_editor(editor: Client) -> None:
    rooster = Card.objects.get(game__slug="chizo", name="Rooster")

    content = page(editor, rooster)

    assert 'id="effect-data"' not in content
    assert 'id="effect-form"' not in content
    assert save(editor, rooster, effect_key="vanilla").status_code == 404


# The staff form


def test_staff_see_the_form_filled_with_the_current_effect(editor: Client) -> None:
    content = page(editor, shadowfist("Lead Rain"))

    assert 'id="effect-form"' in content
    assert '<option value="damage_target" selected>' in content
    assert re.search(r'<input type="number" name="amount" value="3"', content)
    assert "effect_editor.js" in content
    # Without the script every parameter shows, naming the keys that take it.
    assert 'name="count"' in content
    assert 'data-keys="draw force_discard"' in content


def test_staff_set_an_event_s_effect_and_it_becomes_modelled(
    editor: Client, staff: User, storm: Card
) -> None:
    response = save(editor, storm, effect_key="damage_target", trigger="play",
                    target="character", amount="2", note="2 damage to a character.")  # fmt: skip

    assert response.status_code == 302
    assert response["Location"] == f"/cards/{storm.pk}/#effect-data"
    storm.refresh_from_db()
    assert (storm.effect_key, storm.effect_params, storm.effect_note) == (
        "damage_target",
        {"trigger": "play", "target": "character", "amount": 2},
        "2 damage to a character.",
    )
    assert storm.modelling == MODELLED
    revision = EffectRevision.objects.get(card=storm)
    assert revision.change.author == staff
    assert revision.change.source == "card page"
    assert revision.before == NO_EFFECT
    assert revision.after["effect_key"] == "damage_target"


def test_after_saving_the_page_says_so_and_lists_the_change(editor: Client, storm: Card) -> None:
    response = save(editor, storm, effect_key="gain_power", trigger="play", amount="1")
    content = editor.get(response["Location"]).content.decode()

    number = EffectChange.objects.get(revisions__card=storm).number
    assert f"Effect saved: effects version {number}. Rules engine: modelled." in content
    assert f"<strong>Version {number}</strong>" in content
    assert '<span class="author">alice</span>' in content
    assert "Revert to before version" in content


def test_only_the_chosen_key_s_filled_parameters_are_saved(editor: Client, storm: Card) -> None:
    save(editor, storm, effect_key="draw", trigger="play", count="2", amount="5",
         scope="all_characters", target="character", max_cost="")  # fmt: skip

    storm.refresh_from_db()
    assert storm.effect_params == {"trigger": "play", "count": 2}


def test_a_character_s_abilities_are_check_boxes_and_a_toughness(editor: Client) -> None:
    brawler = shadowfist("Hired Muscle")

    save(editor, brawler, effect_key="ability", abilities=["ambush", "tactics"], toughness="2")

    brawler.refresh_from_db()
    assert brawler.effect_params == {"abilities": ["tactics", "ambush", "toughness:2"]}


def test_heal_takes_all_of_the_damage(editor: Client, storm: Card) -> None:
    save(editor, storm, effect_key="heal", trigger="play", target="your_character",
         amount_all="on")  # fmt: skip

    storm.refresh_from_db()
    assert storm.effect_params["amount"] == "all"


def test_saving_the_form_unchanged_writes_nothing(editor: Client) -> None:
    abbot = shadowfist("Abbot of the Closed Gate")  # abilities ["tactics", "toughness:1"]
    before = changes()

    response = save(editor, abbot, effect_key="ability", abilities=["tactics"], toughness="1")

    assert response.status_code == 302
    assert changes() == before
    assert "Nothing changed" in editor.get(response["Location"]).content.decode()


def test_choosing_no_effect_data_clears_the_effect(editor: Client) -> None:
    lead_rain = shadowfist("Lead Rain")

    save(editor, lead_rain, effect_key="", amount="3")

    lead_rain.refresh_from_db()
    assert (lead_rain.effect_key, lead_rain.effect_params) == (None, {})
    assert lead_rain.modelling == BLANK


# What the form refuses: 400, each problem beside its field, nothing written


def assert_refused(response: Any, card: Card, before: int) -> str:
    assert response.status_code == 400
    assert changes() == before
    stored = Card.objects.get(pk=card.pk)
    assert (stored.effect_key, stored.effect_params) == (card.effect_key, card.effect_params)
    content: str = response.content.decode()
    assert 'id="effect-form-errors"' in content
    return content


def test_an_unknown_key_is_refused_at_the_key(editor: Client) -> None:
    lead_rain, before = shadowfist("Lead Rain"), changes()

    response = save(editor, lead_rain, effect_key="damage_targt", amount="3")

    content = assert_refused(response, lead_rain, before)
    assert "damage_targt is not one of the available choices" in field_error(content, "effect_key")


def test_a_missing_required_parameter_is_named_at_its_field(editor: Client, storm: Card) -> None:
    before = changes()

    response = save(editor, storm, effect_key="damage_target", trigger="play",
                    target="character", note="what I typed")  # fmt: skip

    content = assert_refused(response, storm, before)
    assert field_error(content, "amount") == "damage_target needs this parameter"
    assert "what I typed</textarea>" in content  # what was typed is kept
    assert '<option value="damage_target" selected>' in content


def test_a_value_the_key_does_not_allow_is_refused_at_its_field(
    editor: Client, storm: Card
) -> None:
    before = changes()

    response = save(editor, storm, effect_key="damage_target", trigger="play", target="opponent",
                    amount="2")  # fmt: skip

    content = assert_refused(response, storm, before)
    assert field_error(content, "target") == (
        "damage_target cannot target 'opponent'; did you mean 'opponent_character'?"
    )
    assert re.search(r'<input type="number" name="amount" value="2"', content)


def test_an_effect_the_engine_would_not_run_on_the_card_s_type_is_refused(
    editor: Client, storm: Card
) -> None:
    before = changes()

    response = save(editor, storm, effect_key="damage_target", trigger="turn",
                    target="character", amount="2")  # fmt: skip

    content = assert_refused(response, storm, before)
    assert "would play as a blank" in field_error(content, "trigger")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("amount", "three", "Enter a whole number."),
        ("amount", "1000", "less than or equal to 999"),
        ("max_cost", "-1", "greater than or equal to 0"),
        ("toughness", "x", "Enter a whole number."),
        ("trigger", "whenever", "whenever is not one of the available choices"),
    ],
)
def test_a_badly_typed_value_is_refused_at_its_field(
    editor: Client, storm: Card, field: str, value: str, message: str
) -> None:
    fields = {"effect_key": "damage_target", "trigger": "play", "target": "character",
              "amount": "2", field: value}  # fmt: skip
    before = changes()

    response = save(editor, storm, **fields)

    content = assert_refused(response, storm, before)
    assert message in field_error(content, field)


def test_a_number_and_all_together_are_refused(editor: Client, storm: Card) -> None:
    before = changes()

    response = save(editor, storm, effect_key="heal", trigger="play", target="character",
                    amount="2", amount_all="on")  # fmt: skip

    content = assert_refused(response, storm, before)
    assert field_error(content, "amount_all") == "either a number or all, not both"


def test_all_for_a_key_that_takes_only_numbers_is_refused_at_all(
    editor: Client, storm: Card
) -> None:
    before = changes()

    response = save(editor, storm, effect_key="damage_target", trigger="play",
                    target="character", amount_all="on")  # fmt: skip

    content = assert_refused(response, storm, before)
    assert "amount must be a whole number, not 'all'" in field_error(content, "amount_all")


def test_abilities_on_an_event_are_refused_at_the_abilities(editor: Client, storm: Card) -> None:
    before = changes()

    response = save(editor, storm, effect_key="gain_power", trigger="play", amount="1",
                    abilities=["guts"])  # fmt: skip

    content = assert_refused(response, storm, before)
    assert "only characters have keyword abilities of their own" in content


def test_abilities_without_a_key_are_refused_above_the_form(editor: Client, storm: Card) -> None:
    before = changes()

    response = save(editor, storm, effect_key="", abilities=["guts"])

    content = assert_refused(response, storm, before)
    assert "parameters without an effect_key" in content


def test_a_note_longer_than_an_effects_file_takes_is_refused(editor: Client, storm: Card) -> None:
    before = changes()

    response = save(editor, storm, effect_key="vanilla", note="n" * (MAX_NOTE + 1))

    content = assert_refused(response, storm, before)
    assert f"at most {MAX_NOTE} characters" in field_error(content, "note")


# Who may write


def test_a_player_may_not_change_an_effect(client: Client, bob: User, storm: Card) -> None:
    client.force_login(bob)
    before = changes()

    response = save(client, storm, effect_key="vanilla")

    assert response.status_code == 403
    assert "Your account may not do this." in response.content.decode()
    assert changes() == before


def test_a_visitor_is_sent_to_log_in(client: Client, storm: Card) -> None:
    before = changes()

    response = save(client, storm, effect_key="vanilla")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert changes() == before


def test_the_form_s_address_takes_only_posts(editor: Client, storm: Card) -> None:
    assert editor.get(f"/cards/{storm.pk}/effect/").status_code == 405
    assert editor.get(f"/cards/{storm.pk}/effect/revert/").status_code == 405


# Revert


def revert(client: Client, card: Card, revision: EffectRevision | int | str) -> Any:
    sent = revision.pk if isinstance(revision, EffectRevision) else revision
    return client.post(f"/cards/{card.pk}/effect/revert/", {"revision": sent})


def test_a_revert_puts_back_the_effect_before_a_change(editor: Client, staff: User) -> None:
    lead_rain = shadowfist("Lead Rain")
    save(editor, lead_rain, effect_key="damage_target", trigger="play", timing="any",
         target="character", amount="5")  # fmt: skip
    edit = EffectRevision.objects.filter(card=lead_rain).first()
    assert edit is not None
    assert edit.after["effect_params"]["amount"] == 5

    response = revert(editor, lead_rain, edit)

    assert response.status_code == 302
    lead_rain.refresh_from_db()
    assert lead_rain.effect_params["amount"] == 3
    latest = EffectRevision.objects.filter(card=lead_rain).first()
    assert latest is not None
    assert latest.pk != edit.pk
    assert (latest.before, latest.after) == (edit.after, edit.before)
    assert latest.change.author == staff
    assert latest.change.source == f"revert to before version {edit.change.number}"
    content = editor.get(response["Location"]).content.decode()
    assert f"Reverted to before version {edit.change.number}" in content
    assert content.count('class="revision"') == 3  # the starter effect, the edit, the revert


def test_a_revert_that_changes_nothing_says_so(editor: Client) -> None:
    lead_rain = shadowfist("Lead Rain")
    save(editor, lead_rain, effect_key="damage_target", trigger="play", timing="any",
         target="character", amount="5")  # fmt: skip
    edit = EffectRevision.objects.filter(card=lead_rain).first()
    assert edit is not None
    revert(editor, lead_rain, edit)
    before = changes()

    response = revert(editor, lead_rain, edit)

    assert changes() == before
    content = editor.get(response["Location"]).content.decode()
    number = edit.change.number
    assert f"Nothing changed: the effect is already as it was before version {number}." in content


def test_a_revert_names_a_change_of_this_card(editor: Client) -> None:
    lead_rain, flashbang = shadowfist("Lead Rain"), shadowfist("Flashbang")
    other = EffectRevision.objects.filter(card=flashbang).first()
    assert other is not None

    assert revert(editor, lead_rain, other).status_code == 404
    assert revert(editor, lead_rain, 999_999).status_code == 404
    assert revert(editor, lead_rain, "x").status_code == 400


def test_a_player_may_not_revert(client: Client, bob: User) -> None:
    lead_rain = shadowfist("Lead Rain")
    revision = EffectRevision.objects.filter(card=lead_rain).first()
    assert revision is not None
    client.force_login(bob)
    before = changes()

    assert revert(client, lead_rain, revision).status_code == 403
    client.logout()
    assert revert(client, lead_rain, revision).status_code == 302
    assert changes() == before


def test_visitors_read_the_history_of_a_staff_edit(client: Client, staff: User) -> None:
    lead_rain = shadowfist("Lead Rain")
    editor = Client()
    editor.force_login(staff)
    save(editor, lead_rain, effect_key="damage_target", trigger="play", timing="any",
         target="character", amount="4", note="Now 4.")  # fmt: skip

    content = page(client, lead_rain)

    assert '<span class="author">alice</span>' in content
    assert '<span class="source">card page</span>' in content
    amount = (
        '<code class="name">amount</code>: <span class="before"><code>3</code></span> '
        '<span aria-label="becomes">→</span> <span class="after"><code>4</code></span>'
    )
    assert amount in content
    assert "<code>&quot;Now 4.&quot;</code>" in content
    assert content.index("card page") < content.index("the shipped starter effects")
