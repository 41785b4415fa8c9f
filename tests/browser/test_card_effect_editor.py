"""A staff member writes a Shadowfist event's effect on its page in a real browser: picks a
key and sees only its parameters and the values it allows, saves, reads the change in the
history and reverts it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from cards.models import Card, EffectChange, Game
from play.engine.core import BLANK, MODELLED
from tests.browser.conftest import PHONE, screenshot


def blank_event() -> Card:
    game = Game.objects.get(slug="shadowfist")
    return Card.objects.create(game=game, name="Sudden Storm", slug="sudden-storm", type="Event",
                               cost=1)  # fmt: skip


def test_staff_write_an_effect_see_it_in_the_history_and_revert_it(page: Page, login: Any) -> None:
    storm = blank_event()
    staff = login(page, "alice")
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    page.goto(f"/cards/{storm.pk}/")
    form = page.locator("#effect-form")
    expect(page.locator("#effect-history-empty")).to_be_visible()
    expect(form.locator(".param:visible")).to_have_count(0)  # no key chosen: no parameters

    form.get_by_label("Effect key").select_option("damage_target")

    for shown in ("trigger", "timing", "target", "amount", "max_cost", "at_location"):
        expect(form.get_by_label(shown, exact=True)).to_be_visible()
    for hidden in ("count", "scope", "duration", "designator", "all"):
        expect(form.get_by_label(hidden, exact=True)).to_be_hidden()
    expect(form.locator(".takes").first).to_be_hidden()  # the keys' list is for no script
    expect(form.locator("#id_target option[value=opponent]")).to_be_disabled()  # steal_power's
    expect(page.locator("#effect-key-doc")).to_have_attribute(
        "href", "/effects/shadowfist/#key-damage_target"
    )
    form.get_by_label("trigger", exact=True).select_option("play")
    form.get_by_label("target", exact=True).select_option("character")
    form.get_by_label("amount", exact=True).fill("2")
    form.get_by_label("Note").fill("2 damage to a character.")
    screenshot(page, "card-effect-form")
    form.get_by_role("button", name="Save the effect").click()

    expect(page.locator(".messages")).to_contain_text("Effect saved")
    expect(page.locator(".messages")).to_contain_text("Rules engine: modelled")
    expect(page.locator("#effect-entry")).to_contain_text('effect_key = "damage_target"')
    history = page.locator(".effect-history .revision")
    expect(history).to_have_count(1)
    expect(history.first).to_contain_text("alice")
    expect(history.first).to_contain_text("card page")
    storm.refresh_from_db()
    assert storm.modelling == MODELLED
    number = EffectChange.objects.get(revisions__card=storm).number
    screenshot(page, "card-effect-history")

    history.first.get_by_role("button", name=f"Revert to before version {number}").click()

    expect(page.locator(".messages")).to_contain_text(f"Reverted to before version {number}")
    expect(page.locator("#effect-entry")).to_contain_text("No effect data")
    expect(history).to_have_count(2)
    storm.refresh_from_db()
    assert (storm.effect_key, storm.effect_params, storm.modelling) == (None, {}, BLANK)


def test_the_effect_form_fits_a_phone(phone: Page, login: Any) -> None:
    lead_rain = Card.objects.get(game__slug="shadowfist", name="Lead Rain")
    staff = login(phone, "alice")
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])

    phone.goto(f"/cards/{lead_rain.pk}/")

    expect(phone.locator("#effect-form")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the card page scrolls sideways on a phone ({width}px)"
    screenshot(phone, "phone-card-effect-form")
