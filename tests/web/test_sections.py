"""Page sections named in the settings: each path is a maker that imports, and a page's
sections come in the settings' order, leaving out those with nothing to say."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.utils.module_loading import import_string

from web.sections import Section, sections


def test_every_section_maker_named_in_the_settings_imports() -> None:
    for page, paths in settings.PAGE_SECTIONS.items():
        assert paths, page
        for path in paths:
            assert callable(import_string(path)), path


def say(request: Any, subject: Any) -> Section | None:
    return Section("one.html", {"subject": subject}) if subject else None


def also(request: Any, subject: Any) -> Section | None:
    return Section("two.html")


@pytest.mark.parametrize(
    ("subject", "templates"), [(1, ["one.html", "two.html"]), (0, ["two.html"])]
)
def test_a_page_gets_its_sections_in_order(
    settings: Any, subject: int, templates: list[str]
) -> None:
    settings.PAGE_SECTIONS = {"test": [f"{__name__}.say", f"{__name__}.also"]}
    found = sections("test", RequestFactory().get("/"), subject)
    assert [section.template for section in found] == templates
    assert sections("no-such-page", RequestFactory().get("/"), subject) == []
