"""The admin never writes a card's effect: the effect fields are read-only there (the card's
page changes them, checked and kept in the history), and the history of effect changes is
shown read-only, each change with its cards."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.sites import site
from django.test import Client, RequestFactory

from cards.admin import CardAdmin
from cards.models import Card, EffectChange

pytestmark = pytest.mark.django_db

EFFECT_FIELDS = ("effect_key", "effect_params", "effect_note")


def lead_rain() -> Card:
    return Card.objects.get(game__slug="shadowfist", name="Lead Rain")


def test_the_card_change_page_shows_the_effect_read_only_with_where_to_change_it(
    admin_client: Client,
) -> None:
    card = lead_rain()

    response = admin_client.get(f"/admin/cards/card/{card.pk}/change/")
    content = response.content.decode()

    assert response.status_code == 200
    for name in EFFECT_FIELDS:
        assert f'name="{name}"' not in content
        assert f"field-{name}" in content
    assert "damage_target" in content
    assert f'href="/cards/{card.pk}/#effect-data"' in content
    assert "keeps its history" in content


def test_the_card_admin_form_has_no_effect_field_to_write(admin_user: Any) -> None:
    request = RequestFactory().get("/admin/")
    request.user = admin_user
    card_admin = CardAdmin(Card, site)

    form = card_admin.get_form(request, lead_rain())

    assert not set(EFFECT_FIELDS) & set(form.base_fields)


def test_the_effect_changes_are_listed_newest_first(admin_client: Client) -> None:
    response = admin_client.get("/admin/cards/effectchange/")
    content = response.content.decode()

    assert response.status_code == 200
    assert "the shipped starter effects" in content
    assert "Add effect change" not in content


def test_a_change_shows_its_cards_read_only(admin_client: Client) -> None:
    change = EffectChange.objects.get(game__slug="shadowfist")

    response = admin_client.get(f"/admin/cards/effectchange/{change.pk}/change/")
    content = response.content.decode()

    assert response.status_code == 200
    assert "Lead Rain" in content
    assert "<code>amount</code>: — → 3" in content
    assert 'name="_save"' not in content
    assert 'name="source"' not in content
    assert "revisions-0-DELETE" not in content


def test_the_admin_neither_adds_nor_deletes_changes(admin_client: Client) -> None:
    change = EffectChange.objects.get(game__slug="shadowfist")

    assert admin_client.get("/admin/cards/effectchange/add/").status_code == 403
    assert admin_client.get(f"/admin/cards/effectchange/{change.pk}/delete/").status_code == 403
    response = admin_client.post(f"/admin/cards/effectchange/{change.pk}/change/", {"source": "x"})
    assert response.status_code == 403
    change.refresh_from_db()
    assert change.source != "x"
