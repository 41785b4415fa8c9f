"""Loading and exporting effects files (cards/effects): checked before anything is
written, every mistake with its line, all or nothing (or --partial), each load one
numbered change with a revision per card, and load -> export giving the file back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from cards.effects.export import export_effects
from cards.effects.history import (
    Effect,
    EffectRefusedError,
    changed_since,
    effects_version,
    revert,
    write_effects,
)
from cards.effects.loading import MAX_EFFECT_FILE_BYTES, check_effect_file, load_effect_file
from cards.effects.shipped import SOURCE, load_shipped_effects
from cards.models import Card, CardSet, EffectChange, Game, Printing
from cards.services import catalogue_load
from decks.modelling import lines_modelling
from decks.selectors import deck_lines
from decks.services import deck_create_from_text
from play.engine.games.shadowfist.starter_set import EFFECTS_FILE, starter_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def shadowfist() -> Game:
    return Game.objects.get(slug="shadowfist")


@pytest.fixture
def real_cards(shadowfist: Game) -> dict[str, Card]:
    """Cards as the importer makes them from the real list: facts, no effect."""
    edition = CardSet.objects.create(game=shadowfist, code="TST", name="Test Edition")
    made = {}
    for name, kind, extra in (
        ("Rain of Embers", "Event", {"cost": 2}),
        ("Iron Bodyguard", "Character", {"cost": 3, "fighting": 4, "faction": "Dragons"}),
        ("Lucky Charm", "State", {"cost": 1}),
    ):
        card = Card.objects.create(
            game=shadowfist, name=name, slug=name.lower().replace(" ", "-"), type=kind, **extra
        )
        Printing.objects.create(card=card, card_set=edition, external_id=name)
        made[name] = card
    return made


GOOD = """\
game = "shadowfist"

[cards."Rain of Embers"]
effect_key = "damage_target"
trigger = "play"
target = "character"
amount = 2
note = "Inflict 2 damage on a target character."

[cards."Iron Bodyguard"]
effect_key = "ability"
abilities = ["toughness:1"]

[cards."Lucky Charm"]
effect_key = "fighting_bonus"
trigger = "static"
target = "host"
attach_to = "your_character"
amount = 1
"""


def test_a_good_file_makes_its_cards_modelled_in_one_numbered_change(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    before = effects_version("shadowfist")
    assert {c.modelling for c in real_cards.values()} == {"blank", "stats_only"}

    loaded = load_effect_file(shadowfist, GOOD, source="effects file mine.toml")

    assert loaded.loaded
    assert loaded.checked.problems == []
    assert sorted(loaded.written) == sorted(real_cards)
    change = loaded.change
    assert change is not None
    assert change.number == before + 1 == effects_version("shadowfist")
    assert change.source == "effects file mine.toml"
    assert change.revisions.count() == 3
    rain = Card.objects.get(pk=real_cards["Rain of Embers"].pk)
    assert (rain.effect_key, rain.effect_params, rain.effect_note) == (
        "damage_target",
        {"trigger": "play", "target": "character", "amount": 2},
        "Inflict 2 damage on a target character.",
    )
    assert set(
        Card.objects.filter(pk__in=[c.pk for c in real_cards.values()]).values_list(
            "modelling", flat=True
        )
    ) == {"modelled"}
    revision = rain.effect_revisions.get()
    assert revision.before == {"effect_key": None, "effect_params": {}, "effect_note": ""}
    assert revision.after["effect_key"] == "damage_target"


def test_a_deck_of_those_cards_reads_modelled_once_they_have_effects(
    shadowfist: Game, real_cards: dict[str, Card], alice: User, client: Client
) -> None:
    deck = deck_create_from_text(
        owner=alice,
        game="shadowfist",
        name="Real",
        text="3 Rain of Embers\n2 Iron Bodyguard\n1 Lucky Charm",
    )
    lines = deck_lines(deck=deck)
    client.force_login(alice)

    assert lines_modelling("shadowfist", lines)["counts"] == {
        "modelled": 0,
        "stats_only": 2,
        "blank": 4,
    }
    assert "0 of 6 cards modelled" in client.get(f"/decks/{deck.pk}/").content.decode()
    load_effect_file(shadowfist, GOOD, source="effects file")
    assert lines_modelling("shadowfist", lines)["counts"] == {
        "modelled": 6,
        "stats_only": 0,
        "blank": 0,
    }
    assert "all 6 cards modelled" in client.get(f"/decks/{deck.pk}/").content.decode()


def test_one_wrong_entry_loads_nothing_and_every_mistake_is_reported(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    text = (
        GOOD
        + '\n[cards."Rain of Ember"]\neffect_key = "vanilla"\n'
        + ('\n[cards."Lucky Charm "]\neffect_key = "gain_powr"\n')
    )
    version = effects_version("shadowfist")

    loaded = load_effect_file(shadowfist, text, source="f")

    assert not loaded.loaded
    assert loaded.change is None
    shown = [str(p) for p in loaded.checked.problems]
    assert shown == [
        "line 21: 'Rain of Ember': no card has this title (did you mean 'Rain of Embers'?)",
        "line 24: 'Lucky Charm ': 'Lucky Charm' has an entry already, at line 14",
    ]
    assert effects_version("shadowfist") == version
    assert Card.objects.get(pk=real_cards["Rain of Embers"].pk).effect_key is None


def test_partial_loads_the_right_entries_and_lists_the_rest(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    text = GOOD.replace("amount = 2\n", 'amount = "two"\n')

    loaded = load_effect_file(shadowfist, text, source="f", partial=True)

    assert loaded.loaded
    assert sorted(loaded.written) == ["Iron Bodyguard", "Lucky Charm"]
    assert [str(p) for p in loaded.checked.problems] == [
        "line 7: 'Rain of Embers': amount must be a whole number, not 'two'"
    ]
    assert loaded.left_out == 1
    assert Card.objects.get(pk=real_cards["Rain of Embers"].pk).effect_key is None


def test_an_effect_that_would_be_a_blank_on_its_card_is_refused(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    text = '[cards."Rain of Embers"]\neffect_key = "gain_power"\ntrigger = "turn"\namount = 1\n'

    [problem] = check_effect_file(shadowfist, text).problems

    assert problem.line == 3
    assert "on a Event: the card would play as a blank" in problem.message


def test_a_title_two_cards_share_loosely_is_ambiguous(shadowfist: Game) -> None:
    for name in ("Fox-Spirit", "Fox Spirit!"):
        Card.objects.create(game=shadowfist, name=name, slug=name.lower().strip("!"), type="Event")

    [problem] = check_effect_file(
        shadowfist, '[cards."fox spirit"]\neffect_key = "vanilla"\n'
    ).problems

    assert "names several cards" in problem.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x" * (MAX_EFFECT_FILE_BYTES + 1), "larger than"),
        ("[cards.A\n", "not TOML"),
    ],
)
def test_a_file_that_cannot_be_read_is_fatal(shadowfist: Game, text: str, message: str) -> None:
    checked = check_effect_file(shadowfist, text)
    assert checked.fatal
    assert message in str(checked.problems[0])
    assert not load_effect_file(shadowfist, text, source="f", partial=True).loaded


def test_a_game_without_a_vocabulary_has_no_effects_files() -> None:
    checked = check_effect_file(Game.objects.get(slug="chizo"), GOOD)
    assert checked.fatal
    assert "has no effects files" in str(checked.problems[0])


def test_loading_the_same_file_again_changes_nothing(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    load_effect_file(shadowfist, GOOD, source="f")
    version = effects_version("shadowfist")

    again = load_effect_file(shadowfist, GOOD, source="f")

    assert again.loaded
    assert again.change is None
    assert again.written == []
    assert again.unchanged == 3
    assert effects_version("shadowfist") == version


def test_the_shipped_starter_effects_round_trip_through_export() -> None:
    assert export_effects("shadowfist", set_code="CHS") == starter_file(EFFECTS_FILE)


def test_load_then_export_gives_the_file_back(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    load_effect_file(shadowfist, GOOD, source="f")
    exported = export_effects("shadowfist", set_code="TST")

    for card in real_cards.values():
        Card.objects.filter(pk=card.pk).update(effect_key=None, effect_params={}, effect_note="")
    reloaded = load_effect_file(shadowfist, exported, source="f")

    assert len(reloaded.written) == 3
    assert export_effects("shadowfist", set_code="TST") == exported
    assert '[cards."Rain of Embers"]\neffect_key = "damage_target"\ntrigger = "play"\n' in exported


def test_write_effects_refuses_what_the_vocabulary_refuses(real_cards: dict[str, Card]) -> None:
    card = real_cards["Rain of Embers"]
    with pytest.raises(EffectRefusedError) as caught:
        write_effects(
            card.game,
            [(card, Effect("damage_target", {"trigger": "play"}))],
            author=None,
            source="x",
        )
    assert [p.message for p in caught.value.problems] == [
        "damage_target needs the parameter 'amount'",
        "damage_target needs the parameter 'target'",
    ]
    assert not card.effect_revisions.exists()


def test_a_revert_restores_the_effect_before_and_keeps_both_in_the_history(
    shadowfist: Game, real_cards: dict[str, Card], alice: User
) -> None:
    load_effect_file(shadowfist, GOOD, source="f")
    card = Card.objects.get(pk=real_cards["Rain of Embers"].pk)
    revision = card.effect_revisions.get()

    change = revert(revision, author=alice)

    card.refresh_from_db()
    assert change is not None
    assert change.author == alice
    assert (card.effect_key, card.modelling) == (None, "blank")
    assert card.effect_revisions.count() == 2
    assert revert(revision, author=alice) is None, "already as before: nothing written"


def test_changed_since_names_the_cards_changed_after_a_version(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    version = effects_version("shadowfist")
    load_effect_file(shadowfist, GOOD, source="f")
    ids = [card.pk for card in real_cards.values()]

    assert set(changed_since("shadowfist", version, ids)) == set(ids)
    assert changed_since("shadowfist", version + 1, ids) == {}
    assert changed_since("shadowfist", version, ids[:1]).keys() == {ids[0]}


def test_the_shipped_effects_keep_an_effect_edited_since(shadowfist: Game, alice: User) -> None:
    card = Card.objects.get(game=shadowfist, name="Lead Rain")
    write_effects(shadowfist, [(card, Effect("vanilla", {}))], author=alice, source="card page")

    written, kept = load_shipped_effects(shadowfist)

    card.refresh_from_db()
    assert (written, kept, card.effect_key) == (0, 1, "vanilla")


def test_the_shipped_effects_put_back_their_own_effect(shadowfist: Game) -> None:
    card = Card.objects.get(game=shadowfist, name="Lead Rain")
    shipped = card.effect_key
    Card.objects.filter(pk=card.pk).update(effect_key="vanilla", effect_params={})

    assert load_shipped_effects(shadowfist) == (1, 0)
    card.refresh_from_db()
    assert card.effect_key == shipped
    assert EffectChange.objects.filter(game=shadowfist).first().source == SOURCE  # type: ignore[union-attr]


def test_loading_the_catalogue_again_keeps_loaded_effects(
    shadowfist: Game, real_cards: dict[str, Card]
) -> None:
    load_effect_file(shadowfist, GOOD, source="f")
    catalogue_load(games=["shadowfist"])
    assert Card.objects.get(pk=real_cards["Rain of Embers"].pk).effect_key == "damage_target"


# -- the commands ---------------------------------------------------------------------------


def test_load_effects_reports_each_mistake_and_loads_nothing(
    tmp_path: Path, real_cards: dict[str, Card]
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD.replace('"ability"', '"abilty"'), encoding="utf-8")
    err = io.StringIO()

    with pytest.raises(CommandError, match="nothing loaded: 1 problem \\(--partial"):
        call_command("load_effects", "shadowfist", str(path), stderr=err)

    assert err.getvalue() == (
        "mine.toml: line 11: 'Iron Bodyguard': unknown effect key 'abilty' "
        "(did you mean 'ability'?)\n"
    )
    out = io.StringIO()
    call_command("load_effects", "shadowfist", str(path), "--partial", stdout=out, stderr=err)
    assert out.getvalue().startswith(
        "2 effects written, 0 already so, 1 entries left out; effects version "
    )


def test_export_effects_writes_a_file_load_effects_reads(
    tmp_path: Path, real_cards: dict[str, Card]
) -> None:
    source = tmp_path / "in.toml"
    source.write_text(GOOD, encoding="utf-8")
    call_command("load_effects", "shadowfist", str(source), stdout=io.StringIO())
    target = tmp_path / "out.toml"
    out = io.StringIO()

    call_command("export_effects", "shadowfist", str(target), "--set", "TST", stdout=out)

    assert out.getvalue() == f"3 effects written to {target}\n"
    again = io.StringIO()
    call_command("load_effects", "shadowfist", str(target), stdout=again)
    assert again.getvalue().splitlines() == [
        "0 effects written, 3 already so, 0 entries left out; effects version unchanged",
        "bulk data: all current",
    ]
    with pytest.raises(CommandError, match="no shadowfist set has the code 'NOPE'"):
        call_command("export_effects", "shadowfist", "--set", "NOPE")


def test_load_effects_reads_a_file_saved_with_a_byte_order_mark(
    tmp_path: Path, real_cards: dict[str, Card]
) -> None:
    path = tmp_path / "bom.toml"
    path.write_text("\ufeff" + GOOD, encoding="utf-8")
    out = io.StringIO()
    call_command("load_effects", "shadowfist", str(path), stdout=out)
    assert out.getvalue().startswith("3 effects written")


def test_load_effects_refuses_a_file_it_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[cards."Caf\xe9"]\n')
    with pytest.raises(CommandError, match="cannot read"):
        call_command("load_effects", "shadowfist", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("load_effects", "shadowfist", str(tmp_path / "absent.toml"))
