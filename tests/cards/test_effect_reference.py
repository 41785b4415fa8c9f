"""The effect vocabulary reference: the docs file and the page are drawn from the engine's
vocabulary, the one the validator checks against."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.effects import reference
from play.engine.games.shadowfist.effects.effect_file import read_effect_file
from play.engine.games.shadowfist.effects.entries import effect_problems
from play.engine.games.shadowfist.effects.spec import KEYS


def test_the_docs_file_is_what_the_vocabulary_draws() -> None:
    """Fails when the vocabulary changed and docs/shadowfist-effects.md was not written
    again (python -m cards.effects.reference --write)."""
    assert reference.DOCS_FILE.read_text(encoding="utf-8") == reference.markdown()


def test_every_key_is_described_with_an_example_that_loads() -> None:
    words = reference.vocabulary()

    assert [key.key for key in words.keys] == list(KEYS)
    for key in words.keys:
        assert key.meaning, key.key
        assert key.example_title, key.key
        [entry], problems = read_effect_file(key.example)
        assert problems == []
        assert (entry.title, entry.key) == (key.example_title, key.key)
        assert effect_problems(entry.key, entry.params) == []


def test_a_key_lists_its_own_targets_and_triggers() -> None:
    cancel = next(key for key in reference.vocabulary().keys if key.key == "cancel_event")
    assert (cancel.targets, cancel.triggers) == (("event",), ("play",))


def test_the_check_option_fails_on_a_stale_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = reference.DOCS_FILE.with_name("stale-effects.md")
    monkeypatch.setattr(reference, "DOCS_FILE", stale)
    stale.write_text("old", encoding="utf-8")
    try:
        assert reference.main(["--check"]) == 1
        assert reference.main(["--write"]) == 0
        assert reference.main(["--check"]) == 0
    finally:
        stale.unlink()
    assert "out of date" in capsys.readouterr().out


@pytest.mark.django_db
def test_the_page_shows_every_key_with_its_anchor(client: Client) -> None:
    response = client.get("/effects/shadowfist/")
    page = response.content.decode()

    assert response.status_code == 200
    for key in KEYS:
        assert f'id="key-{key}"' in page
    assert "Keyword abilities" in page
    assert "toughness:1" in page
    assert "Inflict <code>amount</code> non-combat damage" in page, "code spans, no backticks"
    assert "`" not in page


@pytest.mark.django_db
def test_a_game_without_a_vocabulary_has_no_page(client: Client) -> None:
    assert client.get("/effects/chizo/").status_code == 404
    assert client.post("/effects/shadowfist/").status_code == 405
