"""The site's frame: the navigation, the login link's return address, error pages, query
strings refused before any page reads them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

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


PAGES_WITH_A_QUERY = [
    ("/cards/?q=golden%00egg", "q"),
    ("/cards/?game=chizo&type=%00", "type"),
    ("/cards/?cost__lte=2%00", "cost__lte"),
    ("/cards/?%00=1", "\\x00"),  # in a parameter's name (shown escaped)
    ("/decks/{deck}/search/?q=rat%00", "q"),
    ("/play/?page=%00", "page"),
    ("/accounts/login/?next=/decks/%00", "next"),
]


@pytest.mark.parametrize(("url", "name"), PAGES_WITH_A_QUERY)
def test_a_nul_in_a_page_query_answers_400_in_plain_text_naming_the_parameter(
    api: APIClient, client: Any, alice: User, url: str, name: str
) -> None:
    api.force_authenticate(alice)
    deck = api.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": "3 Rat"}).json()
    client.force_login(alice)
    client.raise_request_exception = False  # a 500 shows as a status, not as an error

    response = client.get(url.format(deck=deck["id"]))
    served = client.get(url.format(deck=deck["id"]).replace("%00", ""))

    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == (
        f"The query parameter '{name}' is refused: NUL characters are not allowed."
    )
    assert served.status_code == 200  # the page itself answers without the NUL
