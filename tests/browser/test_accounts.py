"""A visitor signs up, logs out and logs in again, in a real browser."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot


def test_a_visitor_signs_up_and_is_logged_in(page: Page) -> None:
    page.goto("/")
    screenshot(page, "home")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password", exact=True).fill("a long pass phrase 7")
    page.get_by_label("Password confirmation").fill("a long pass phrase 7")
    screenshot(page, "signup")
    page.get_by_role("button", name="Create my account").click()

    expect(page).to_have_url(re.compile(r"/decks/$"))
    expect(page.locator("header.site-header")).to_contain_text("dora")
    assert get_user_model().objects.filter(username="dora").exists()


def test_a_sign_up_error_keeps_what_was_typed(page: Page) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password", exact=True).fill("a long pass phrase 7")
    page.get_by_label("Password confirmation").fill("another phrase 8")
    page.get_by_role("button", name="Create my account").click()

    expect(page.locator(".field.invalid .error")).to_contain_text("password fields didn")
    expect(page.get_by_label("Username")).to_have_value("erin")
    assert not get_user_model().objects.filter(username="erin").exists()


def test_a_user_logs_out_and_in_with_the_keyboard(page: Page, login: object) -> None:
    get_user_model().objects.create_user("fay", password="fay-password-1")
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("fay")
    page.get_by_label("Password").fill("fay-password-1")
    page.keyboard.press("Enter")
    expect(page.locator("header.site-header")).to_contain_text("fay")

    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("link", name="Log in")).to_be_visible()


def test_a_wrong_password_is_refused_with_a_message(page: Page) -> None:
    get_user_model().objects.create_user("gus", password="gus-password-1")
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("gus")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_role("alert").first).to_contain_text("correct username and password")
    expect(page.get_by_label("Username")).to_have_value("gus")
