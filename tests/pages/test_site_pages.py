"""The site's frame: the navigation, the login link's return address, error pages."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def test_the_login_link_returns_to_the_page_with_its_query(client: Any) -> None:
    page = client.get("/cards/", {"q": "c:rooster"}).content.decode()

    assert 'href="/accounts/login/?next=/cards/%3Fq%3Dc%253Arooster"' in page


def test_the_login_link_drops_a_long_query(client: Any) -> None:
    page = client.get("/cards/", {"q": "rat " * 300}).content.decode()

    assert 'href="/accounts/login/?next=/cards/"' in page
    assert not [link for link in re.findall(r'href="([^"]*)"', page) if "rat" in link]


def test_an_unknown_page_answers_404_with_the_site_frame(client: Any) -> None:
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert b"<h1>Not found</h1>" in response.content
    assert b'href="/cards/"' in response.content


def test_the_navigation_marks_the_current_section(client: Any) -> None:
    page = client.get("/cards/").content.decode()

    assert '<a href="/cards/" aria-current="page">Catalogue</a>' in page


def test_a_logged_in_user_sees_their_name_and_a_log_out_button(client: Any, alice: Any) -> None:
    client.force_login(alice)

    page = client.get("/").content.decode()

    assert "alice" in page
    assert ">Log out</button>" in page
    assert "Sign up" not in page
