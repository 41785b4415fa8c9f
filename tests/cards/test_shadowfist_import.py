"""The importer of the factual Shadowfist card list."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db.models import QuerySet

from cards.importers.shadowfist import COLUMNS, import_shadowfist
from cards.limits import value_errors
from cards.models import Card, CardSet, Printing
from cards.upsert import (
    CardSpec,
    LoadReport,
    PrintingSpec,
    SetSpec,
    ensure_games,
    upsert_cards,
    upsert_set,
)
from decks.catalogue import facts_by_id
from decks.lines import DeckLine
from decks.models import Deck
from decks.services import DeckChanges, deck_create, deck_update

REAL_FILE = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"

BASE_ROW = dict.fromkeys(COLUMNS, "") | {
    "cost_is_x": "N",
    "fighting_is_x": "N",
    "no_max_db_flag": "N",
    "no_max_kw": "N",
    "unique_kw": "N",
    "limited_kw": "N",
    "rarity": "Common",
    "rarity_short": "C",
}


def imported() -> QuerySet[Card]:
    """Shadowfist cards from published editions (the shipped starter set is loaded too)."""
    published = Card.objects.filter(game__slug="shadowfist", printings__card_set__in=editions())
    return published.distinct()


def editions() -> QuerySet[CardSet]:
    return CardSet.objects.filter(game__slug="shadowfist", is_project_set=False)


def row(card_id: int, title: str, **values: str) -> dict[str, str]:
    edition = values.pop("edition", "Limited / Standard")
    defaults = {
        "edition": edition,
        "edition_short": values.pop("edition_short", "L/S"),
        "edition_seq": values.pop("edition_seq", "1"),
        "card_type": "Character",
        "faction_or_category": "Dragons",
        "cost": "1",
        "provides": "d",
        "fighting": "1",
    }
    return BASE_ROW | defaults | {"card_id": str(card_id), "title": title} | values


def write_csv(path: Path, rows: list[dict[str, str]], columns: tuple[str, ...] = COLUMNS) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.mark.django_db
def test_it_merges_printings_under_their_title_and_takes_the_newest_facts(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "cards.csv",
        [
            row(1, "Nine Cuts", subtitle="Mercenary Assassin", fighting="2"),
            row(
                2,
                "Nine Cuts",
                subtitle="Shadowy Assassin",
                fighting="3",
                edition="Netherworld 2",
                edition_short="Nw2",
                edition_seq="6",
            ),
            row(
                3,
                "Ancient Temple",
                card_type="Feng Shui Site",
                faction_or_category="Feng Shui Site",
                cost="0",
                provides="",
                fighting="",
                power="1",
                body="5",
            ),
        ],
    )
    cards, printings = import_shadowfist(path)

    assert cards.counts["created"] == 2
    assert printings.counts["created"] == 3
    nine_cuts = Card.objects.get(name="Nine Cuts")
    assert (nine_cuts.subtitle, nine_cuts.fighting) == ("Shadowy Assassin", 3)
    printed = {p.card_set.code: p.facts["fighting"] for p in nine_cuts.printings.all()}
    assert printed == {"L/S": 2, "Nw2": 3}
    temple = Card.objects.get(name="Ancient Temple")
    assert (temple.type, temple.faction, temple.power, temple.body) == ("Feng Shui Site", "", 1, 5)
    assert temple.effect_text is None
    assert temple.effect_key is None
    assert nine_cuts.designator_list == ["Nine", "Cuts", "Shadowy", "Assassin"]


@pytest.mark.django_db
def test_it_changes_nothing_on_a_second_import_and_updates_what_changed(tmp_path: Path) -> None:
    rows = [row(1, "Gun Kid"), row(2, "Sword Kid", cost="2")]
    path = write_csv(tmp_path / "cards.csv", rows)
    import_shadowfist(path)

    again, again_printings = import_shadowfist(path)
    assert again.counts == {"unchanged": 2}
    assert again_printings.counts == {"unchanged": 2}

    rows[1]["cost"] = "3"
    changed, _ = import_shadowfist(write_csv(path, rows))
    assert changed.counts == {"unchanged": 1, "updated": 1}
    assert Card.objects.get(name="Sword Kid").cost == 3


@pytest.mark.django_db
def test_it_rejects_malformed_rows_with_their_row_number_and_keeps_the_rest(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "cards.csv",
        [
            row(1, "Good One"),
            row(2, "Bad Type", card_type="Vehicle"),
            row(3, "Bad Cost", cost="three"),
            row(4, "Bad Flag", unique_kw="maybe"),
            row(5, ""),
            row(1, "Duplicate Id"),
            row(7, "Bad Resource", requires="dz"),
            row(8, "Good Two"),
        ],
    )
    cards, _ = import_shadowfist(path)

    assert cards.rejected == [
        "row 3: unknown card_type 'Vehicle'",
        "row 4: cost 'three' is not a whole number",
        "row 5: unique_kw 'maybe' is not Y or N",
        "row 6: empty title",
        "row 7: duplicate card_id 1",
        "row 8: requires has unknown resource code(s) 'z'",
    ]
    assert sorted(imported().values_list("name", flat=True)) == ["Good One", "Good Two"]


@pytest.mark.django_db
def test_it_refuses_a_file_that_is_not_in_the_format_and_imports_nothing(tmp_path: Path) -> None:
    path = tmp_path / "deck.csv"
    path.write_text("name,count\nGolden Egg,3\n", encoding="utf-8")

    before = Card.objects.count()
    with pytest.raises(CommandError, match=r"not a Shadowfist factual card list: missing column"):
        call_command("import_cards", "shadowfist", str(path))
    assert Card.objects.count() == before


@pytest.mark.django_db
def test_it_refuses_a_binary_file_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(b"\xff\xfe\x00garbage\x80\x81")

    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("import_cards", "shadowfist", str(path))


@pytest.mark.django_db
def test_the_command_prints_the_counts(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "cards.csv", [row(1, "Gun Kid"), row(2, "Bad", cost="x")])
    out, err = io.StringIO(), io.StringIO()

    call_command("import_cards", "shadowfist", str(path), stdout=out, stderr=err)

    assert "cards: 1 created, 0 updated, 0 unchanged, 1 rejected" in out.getvalue()
    assert "printings: 1 created, 0 updated, 0 unchanged" in out.getvalue()
    assert "rejected row 3: cost 'x' is not a whole number" in err.getvalue()


@pytest.mark.django_db
@pytest.mark.skipif(not REAL_FILE.exists(), reason="the real Shadowfist card list is not present")
def test_it_imports_the_real_card_list_with_exact_counts() -> None:
    cards, printings = import_shadowfist(REAL_FILE)

    assert cards.counts == {"created": 2391}
    assert cards.rejected == []
    assert printings.counts == {"created": 2975}
    assert imported().count() == 2391
    # Three titles are spelled two ways (docs/catalogue.md): one card each, the newest
    # edition's spelling, every printing keeping its own.
    twins = {
        "SWAT Team": {"Swat Team", "SWAT Team"},
        '"Is That All You Got?"': {'"Is That All You Got?"', '"Is that all you got?"'},
        "Entropy is Your Friend": {"Entropy Is Your Friend", "Entropy is Your Friend"},
    }
    for title, spellings in twins.items():
        card = Card.objects.get(name__iexact=title)
        assert card.name == title
        assert {p.facts["title"] for p in card.printings.all()} == spellings
    assert Printing.objects.filter(card_set__in=editions()).count() == 2975
    assert editions().count() == 27
    # SOURCE.md: the DB flag misses these two No Max cards; the keyword scan finds them.
    assert Card.objects.get(name="The Great Wall").is_no_max
    assert Card.objects.get(name="Imperial Sycophants").is_no_max

    again, again_printings = import_shadowfist(REAL_FILE)
    assert again.counts == {"unchanged": 2391}
    assert again_printings.counts == {"unchanged": 2975}


# --- every row checked against the model's limits (the same on SQLite and PostgreSQL) ------

# 100 distinct three-letter words: 50 fit a title, 50 a subtitle, all are designators.
WORDS = [f"Q{a}{b}" for a in "abcd" for b in "abcdefghijklmnopqrstuvwxy"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ({"title": "T" * 201}, "title is 201 characters long; at most 200 fit"),
        ({"subtitle": "S" * 201}, "subtitle is 201 characters long; at most 200 fit"),
        ({"title": "Nul\x00Title"}, "title contains a NUL character"),
        ({"subtitle": "Mercenary\x00"}, "subtitle contains a NUL character"),
        (
            {"faction_or_category": "F" * 41},
            "faction_or_category is 41 characters long; at most 40 fit",
        ),
        ({"rarity": "R" * 21}, "rarity is 21 characters long; at most 20 fit"),
        ({"rarity": "Rare\x00"}, "rarity contains a NUL character"),
        ({"card_id": "²"}, "card_id '²' is not a number"),
        ({"card_id": "٣"}, "card_id '٣' is not a number"),
        ({"card_id": "1" * 33}, "card_id is 33 characters long; at most 32 fit"),
        (
            {"edition": "E" * 101, "edition_short": "E1"},
            "edition is 101 characters long; at most 100 fit",
        ),
        (
            {"edition": "Long Code", "edition_short": "C" * 17},
            "edition_short is 17 characters long; at most 16 fit",
        ),
        ({"edition": "Nul\x00Edition", "edition_short": "N0"}, "edition contains a NUL character"),
        (
            {"title": " ".join(WORDS[:50]), "subtitle": " ".join(WORDS[50:])},
            "the designator list (from title and subtitle) is 399 characters long; at most 300 fit",
        ),
    ],
)
def test_a_row_over_a_models_limit_is_rejected_and_the_rest_imported(
    tmp_path: Path, values: dict[str, str], reason: str
) -> None:
    card_id = values.pop("card_id", "2")
    bad = row(2, values.pop("title", "Bad Row"), **values) | {"card_id": card_id}
    path = write_csv(tmp_path / "cards.csv", [row(1, "Good One"), bad, row(3, "Good Two")])
    out, err = io.StringIO(), io.StringIO()

    call_command("import_cards", "shadowfist", str(path), stdout=out, stderr=err)

    assert err.getvalue() == f"rejected row 3: {reason}\n"
    assert "cards: 2 created, 0 updated, 0 unchanged, 1 rejected" in out.getvalue()
    assert sorted(imported().values_list("name", flat=True)) == ["Good One", "Good Two"]
    assert list(editions().values_list("name", flat=True)) == ["Limited / Standard"]


@pytest.mark.django_db
def test_rows_whose_edition_name_and_code_disagree_are_rejected(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "cards.csv",
        [
            row(1, "Good One"),
            row(2, "Other Code", edition_short="XX"),  # same name as L/S, another code
            row(3, "Other Name", edition="Not Limited"),  # the code L/S, another name
            row(4, "Starter Name", edition="Cardhouse Starter", edition_short="CS2"),
            row(5, "Good Two"),
        ],
    )
    cards, _ = import_shadowfist(path)

    assert cards.rejected == [
        "row 3: edition 'Limited / Standard' has the code 'L/S' in this list, not 'XX'",
        "row 4: edition code 'L/S' is 'Limited / Standard' in this list, not 'Not Limited'",
        "row 5: edition 'Cardhouse Starter' has the code 'CHS' in the catalogue, not 'CS2'",
    ]
    assert sorted(imported().values_list("name", flat=True)) == ["Good One", "Good Two"]


def test_the_limits_are_the_model_fields_own_on_any_database() -> None:
    assert (
        value_errors(Card, {"cost": 32767, "name": "N" * 200, "subtitle": "", "power": None}) == {}
    )
    assert value_errors(Card, {"cost": 32768, "name": "N" * 201, "type": "Edge\x00"}) == {
        "cost": "32768 is out of range (-32768 to 32767)",
        "name": "is 201 characters long; at most 200 fit",
        "type": "contains a NUL character",
    }
    assert value_errors(Printing, {"external_id": "1" * 33}) == {
        "external_id": "is 33 characters long; at most 32 fit"
    }


# --- titles equal but for case, spacing and quote style are one card -----------------------


def ten_k(card_id: int, title: str, **values: str) -> dict[str, str]:
    """A printing in a later edition than L/S."""
    later = {"edition": "10,000 Bullets", "edition_short": "10kB", "edition_seq": "8"}
    return row(card_id, title, **(later | values))


@pytest.mark.django_db
def test_printings_whose_titles_differ_in_case_spacing_or_quotes_are_one_card(
    tmp_path: Path,
) -> None:
    path = write_csv(
        tmp_path / "cards.csv",
        [
            row(1, "Swat Team", fighting="2"),
            ten_k(2, "SWAT Team", fighting="3"),
            row(3, '"Is That All You Got?"', card_type="Event"),
            ten_k(4, "\u201cIs that  all you got?\u201d", card_type="Event"),
            row(5, "Iala Mane"),  # an accent is another title: not merged
            ten_k(6, "Iala Mané"),
        ],
    )
    cards, printings = import_shadowfist(path)

    assert cards.counts == {"created": 4}
    assert printings.counts == {"created": 6}
    names = sorted(imported().values_list("name", flat=True))
    assert names == ["Iala Mane", "Iala Mané", "SWAT Team", "\u201cIs that  all you got?\u201d"]
    swat = Card.objects.get(name="SWAT Team")
    assert swat.fighting == 3
    printed = {p.external_id: p.facts["title"] for p in swat.printings.all()}
    assert printed == {"1": "Swat Team", "2": "SWAT Team"}

    again, _ = import_shadowfist(path)
    assert again.counts == {"unchanged": 4}


def make_card(title: str, slug: str, external_id: str, edition: str = "L/S") -> Card:
    """A card as an install imported before titles were merged: one per spelling."""
    game = ensure_games()["shadowfist"]
    names = {"L/S": "Limited / Standard", "10kB": "10,000 Bullets"}
    card_set = upsert_set(game, SetSpec(code=edition, name=names[edition]))
    spec = CardSpec(
        slug=slug,
        fields={"name": title, "type": "Character", "faction": "Dragons", "cost": 1},
        printings=[PrintingSpec(set_code=edition, external_id=external_id)],
    )
    upsert_cards(game, {edition: card_set}, [spec], LoadReport())
    return Card.objects.get(game=game, slug=spec.slug)


def entries(deck: Deck) -> list[tuple[str, int]]:
    return [(e.card.name, e.count) for e in deck.entries.select_related("card")]


@pytest.mark.django_db
def test_reimporting_merges_cards_an_install_holds_twice_and_keeps_every_deck_line(
    tmp_path: Path, alice: User
) -> None:
    old = make_card("Swat Team", "swat-team", "1")
    new = make_card("SWAT Team", "swat-team-2", "2", edition="10kB")
    other = Card.objects.get(name="Hall of Nine Bells")
    game = old.game
    facts = facts_by_id([old.pk, new.pk, other.pk])

    def deck(name: str, *lines: tuple[Card, int]) -> Deck:
        return deck_create(
            owner=alice,
            game=game,
            name=name,
            lines=[DeckLine(facts[card.pk], count) for card, count in lines],
        )

    both = deck("Both", (other, 1), (old, 3), (new, 2))
    only_old = deck("Old only", (old, 4))
    only_new = deck("New only", (new, 5))
    over = deck("Over", (old, 60), (new, 50))
    deck_update(
        deck_id=both.pk,
        user=alice,
        changes=DeckChanges(lines=[DeckLine(facts[old.pk], 1)]),
        expected_version=1,
    )
    path = write_csv(tmp_path / "cards.csv", [row(1, "Swat Team"), ten_k(2, "SWAT Team")])
    out = io.StringIO()

    call_command("import_cards", "shadowfist", str(path), stdout=out)

    assert not Card.objects.filter(pk=old.pk).exists()
    survivor = Card.objects.get(pk=new.pk)
    assert survivor.name == "SWAT Team"
    assert sorted(survivor.printings.values_list("external_id", flat=True)) == ["1", "2"]
    assert entries(only_old) == [("SWAT Team", 4)]
    assert entries(only_new) == [("SWAT Team", 5)]
    assert entries(over) == [("SWAT Team", 99)]
    assert entries(both) == [("SWAT Team", 1)]
    history = {v.version: v.entries for v in both.versions.all()}
    assert history == {
        1: [
            {"card": other.pk, "name": "Hall of Nine Bells", "count": 1},
            {"card": survivor.pk, "name": "Swat Team", "count": 5},
        ],
        2: [{"card": survivor.pk, "name": "Swat Team", "count": 1}],
    }
    assert f"merged 'Swat Team' (card {old.pk}) into 'SWAT Team' (card {new.pk})" in (
        out.getvalue()
    )
    assert "3 deck entries and 4 saved deck versions moved" in out.getvalue()
    assert "cards: 0 created, 1 updated, 0 unchanged, 0 rejected, 1 merged" in out.getvalue()
