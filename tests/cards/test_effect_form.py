"""The effect form's fields come from the engine's vocabulary, and it reads what a browser
sends back into the very effect it was filled with (saving unchanged writes nothing)."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms

from cards.effects.forms import AMOUNT_ALL_KEYS, KEYS_TAKING, EffectForm, takes
from cards.effects.history import Effect
from cards.models import Card
from play.engine.games.shadowfist.effects.entries import Problem
from play.engine.games.shadowfist.effects.spec import COMMON, KEYS
from play.engine.games.shadowfist.effects.vocabulary import PARAMS, allowed_values


def test_every_parameter_of_the_vocabulary_has_a_field_typed_by_its_kind() -> None:
    fields = EffectForm(current=Effect(None, {})).fields

    assert set(PARAMS) <= set(fields)
    for name, doc in PARAMS.items():
        field = fields[name]
        if name == "abilities":
            assert isinstance(field, forms.MultipleChoiceField)
        elif any(allowed_values(key, name) for key in KEYS_TAKING[name]):
            assert isinstance(field, forms.ChoiceField), name
        elif doc.kind == "true or false":
            assert isinstance(field, forms.BooleanField), name
        elif doc.kind.startswith("whole number"):
            assert isinstance(field, forms.IntegerField), name
        else:
            assert isinstance(field, forms.CharField), name


def test_a_select_offers_every_value_some_key_allows_each_naming_its_keys() -> None:
    form = EffectForm(current=Effect(None, {}))

    targets = dict(form.fields["target"].choices)  # type: ignore[attr-defined]
    assert set(targets) - {""} == {
        target for key in KEYS for target in allowed_values(key, "target") if key != "ability"
    }
    rendered = str(form["target"])
    assert '<option value="opponent" data-keys="steal_power force_discard">' in rendered


def test_each_key_is_offered_its_own_parameters_and_the_common_ones() -> None:
    assert takes("damage_target") == KEYS["damage_target"].params | COMMON
    assert takes("vanilla") == {"abilities", "toast_it"}  # no trigger, so no timing either
    assert KEYS_TAKING["count"] == ("draw", "force_discard")
    assert AMOUNT_ALL_KEYS == ("heal",)


def sent_by_a_browser(form: EffectForm) -> dict[str, Any]:
    """What a browser sends for the form as it was filled in."""
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value if isinstance(value, list) else str(value)
    return data


@pytest.mark.django_db
def test_every_starter_effect_comes_back_as_it_was_from_the_filled_in_form() -> None:
    cards = Card.objects.filter(game__slug="shadowfist", effect_key__isnull=False)
    assert cards.count() > 90

    for card in cards:
        effect = Effect.of(card)
        form = EffectForm(sent_by_a_browser(EffectForm(current=effect)), current=effect)

        assert form.is_valid(), (card.name, form.errors)
        assert form.effect == effect, card.name


def test_the_vocabulary_s_problems_land_beside_their_fields() -> None:
    form = EffectForm({"effect_key": "heal", "amount_all": "on", "trigger": "play"},
                      current=Effect(None, {}))  # fmt: skip
    assert form.is_valid() is False  # heal needs a target
    form = EffectForm({"effect_key": "heal", "amount_all": "on", "trigger": "play",
                       "target": "character"}, current=Effect(None, {}))  # fmt: skip
    assert form.is_valid()

    form.add_problems([
        Problem("effect_key", "unknown", "did you mean 'heal'?"),
        Problem("amount", "not so much"),
        Problem("", "the entry as a whole"),
        Problem("no_such_field", "a parameter the form has not"),
    ])  # fmt: skip

    assert form.errors["effect_key"] == ["unknown; did you mean 'heal'?"]
    assert form.errors["amount_all"] == ["not so much"]  # amount = "all" is the check box
    assert form.non_field_errors() == ["the entry as a whole", "a parameter the form has not"]
