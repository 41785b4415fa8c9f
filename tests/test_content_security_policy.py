"""Content-Security-Policy: every answer, page or API, carries the policy; no page of ours
needs an inline script or a <style> element, and the pages of the libraries we serve
(the browsable API, Swagger UI) are set up so theirs do not either.

tests/browser/test_content_security_policy.py checks in Chromium that nothing is refused.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from play.matches.pages.boards.common import SEAT_COLOURS, seat_class

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)
POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "style-src-elem": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
}
#: A <style> element, an event handler attribute, a javascript: URL, htmx's hx-on.
INLINE_CODE = r"<style\b|\son[a-z]+=|javascript:|hx-on"
#: Templates whose style="" attributes carry computed values (a space's place on the area).
STYLE_ATTRIBUTES_ALLOWED = {"play/templates/play/boards/chizo.html"}


#: htmx settings that would need 'unsafe-inline' (its indicator <style>) or 'unsafe-eval'
#: (hx-on, js: values), or run scripts that arrive in fragments.
FORBIDDEN_TO_HTMX = ("includeIndicatorStyles", "allowEval", "allowScriptTags")


def parse_policy(header: str) -> dict[str, list[str]]:
    return {
        name: values
        for name, *values in (part.split() for part in header.split(";") if part.strip())
    }


def policy(response: Any) -> dict[str, list[str]]:
    return parse_policy(response.headers["Content-Security-Policy"])


@pytest.mark.parametrize(
    ("url", "accept"),
    [
        ("/", "text/html"),
        ("/cards/?q=t:creature", "text/html"),
        ("/accounts/login/", "text/html"),
        ("/no-such-page/", "text/html"),
        ("/admin/login/", "text/html"),
        ("/api/docs/", "text/html"),
        ("/api/v1/games/", "application/json"),
        ("/api/v1/games/", "text/html"),
        ("/api/v1/no-such/", "application/json"),
        ("/api/v1/decks/", "application/json"),
        ("/healthz", "application/json"),
    ],
)
def test_every_answer_carries_the_policy(client: Client, url: str, accept: str) -> None:
    response = client.get(url, HTTP_ACCEPT=accept)

    assert policy(response) == POLICY
    assert "'unsafe-inline'" not in policy(response)["script-src"]


def test_a_signed_in_page_and_a_board_fragment_carry_the_policy(
    client: Client, alice: User
) -> None:
    client.force_login(alice)
    page = client.get("/decks/")
    fragment = client.post("/decks/check-list/", {"game": "chizo", "list": "3 Rat"},
                           HTTP_HX_REQUEST="true")  # fmt: skip

    assert page.status_code == 200
    assert fragment.status_code == 200
    assert policy(page) == policy(fragment) == POLICY


def templates() -> list[Path]:
    return sorted(
        path
        for app in ("config", "cards", "decks", "play")
        for path in (ROOT / app / "templates").rglob("*.html")
    )


def test_no_template_of_ours_has_inline_script_or_style() -> None:
    found = []
    for path in templates():
        text = re.sub(r"\{#.*?#\}", "", path.read_text())  # comments
        name = str(path.relative_to(ROOT))
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag and 'type="application/json"' not in tag:
                found.append((name, tag))
        found += [(name, hit) for hit in re.findall(INLINE_CODE, text)]
        if name not in STYLE_ATTRIBUTES_ALLOWED:
            found += [(name, hit) for hit in re.findall(r'\sstyle="[^"]*"', text)]
    assert found == []


def test_htmx_neither_injects_styles_nor_evaluates_attributes(client: Client) -> None:
    page = client.get("/").content.decode()

    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page)
    assert config is not None
    chosen = json.loads(config.group(1))
    assert {name: chosen.get(name) for name in FORBIDDEN_TO_HTMX} == dict.fromkeys(
        FORBIDDEN_TO_HTMX, False
    )


def test_the_api_docs_load_their_setup_from_a_script_file(client: Client) -> None:
    page = client.get("/api/docs/").content.decode()

    scripts = re.findall(r"<script\b[^>]*>", page)
    assert scripts
    assert all("src=" in tag for tag in scripts), scripts
    assert "<style" not in page
    setup = re.search(r'<script src="(/api/docs/\?[^"]*)"', page)
    assert setup is not None
    script = client.get(setup.group(1).replace("&amp;", "&"))
    assert script.status_code == 200
    assert script.headers["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in script.content.decode()


def test_the_browsable_api_has_no_style_element(client: Client) -> None:
    page = client.get("/api/v1/games/", HTTP_ACCEPT="text/html").content.decode()

    assert "<title>" in page
    assert "<style" not in page
    assert all("src=" in tag or "application/json" in tag
               for tag in re.findall(r"<script\b[^>]*>", page))  # fmt: skip


def test_the_seat_classes_give_the_seat_colours() -> None:
    """Seat colours come from classes (no style attribute): board.css has the palette."""
    css = (ROOT / "play" / "static" / "play" / "board.css").read_text()

    palette = dict(re.findall(r"\.seat-(\d+) \{ --seat: (#[0-9a-f]{6}); \}", css))

    assert palette == {str(seat): colour for seat, colour in enumerate(SEAT_COLOURS)}
    assert seat_class(len(SEAT_COLOURS) + 1) == "seat-1"
