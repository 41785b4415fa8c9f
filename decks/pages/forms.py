"""Forms of the deck builder pages: they read and bound what a user sends; the services
decide what is allowed."""

from __future__ import annotations

import builtins
from typing import Any, cast

from django import forms

from cards.vocabulary import DECK_GAMES, GAMES
from decks.formats import default_format, formats_for_game
from decks.limits import MAX_DESCRIPTION_CHARS
from decks.models import Deck
from decks.stats import MAX_TURNS
from decks.textlist import MAX_COUNT, MAX_LIST_CHARS
from play.engine.core.rng import MAX_SEED
from web.fields import WholeNumberField
from web.numbers import MAX_ID

GAME_CHOICES = [(slug, GAMES[slug]) for slug in DECK_GAMES]
LIST_HELP = (
    "One card a line: <code>3 Golden Egg</code>, <code>Golden Egg x3</code>; "
    "headers and <code># comments</code> are fine."
)


def format_choices(game: str | None = None) -> list[tuple[str, Any]]:
    """A game's formats, or every deck format grouped by game."""
    if game is not None:
        return [(f.slug, f.name) for f in formats_for_game(game)]
    return [
        (GAMES[slug], [(f.slug, f.name) for f in formats_for_game(slug)]) for slug in DECK_GAMES
    ]


def list_field(*, required: bool, label: str) -> forms.CharField:
    # strip=False: a stripped leading blank line would shift every line number reported.
    return forms.CharField(
        label=label,
        required=required,
        strip=False,
        max_length=MAX_LIST_CHARS,
        help_text=LIST_HELP,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "autocomplete": "off"}),
    )


def version_field() -> forms.IntegerField:
    return WholeNumberField(min_value=1, max_value=MAX_ID, widget=forms.HiddenInput)


class DeckCreateForm(forms.Form):
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(choices=GAME_CHOICES)
    format = forms.ChoiceField(
        choices=[("", "The game's standard format"), *format_choices()],
        required=False,
        help_text="ChiZo RISING: Stack. Shadowfist: Final Brawl unless you choose another.",
    )
    visibility = forms.ChoiceField(
        choices=Deck.Visibility.choices,
        initial=Deck.Visibility.PRIVATE,
        help_text="A public deck can be read by anyone; only you can change it.",
    )
    list = list_field(required=False, label="Cards (optional: paste a list)")


class DeckSettingsForm(forms.Form):
    name = forms.CharField(max_length=100)
    format = forms.ChoiceField(choices=())
    visibility = forms.ChoiceField(choices=Deck.Visibility.choices)
    description = forms.CharField(
        max_length=MAX_DESCRIPTION_CHARS, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    version = version_field()

    def __init__(self, *args: Any, game: str | None = None, **kwargs: Any) -> None:
        # Shown with the deck's own formats; a POST accepts any and the service checks it.
        kwargs.setdefault("auto_id", "settings-%s")  # ids unique beside the paste form
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["format"]).choices = format_choices(game)


class ListImportForm(forms.Form):
    list = list_field(required=True, label="Paste a list")
    mode = forms.ChoiceField(
        choices=[("replace", "Replace the deck's cards"), ("append", "Add to the deck's cards")],
        initial="replace",
        widget=forms.RadioSelect,
    )
    version = version_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "paste-%s")  # ids unique beside the settings form
        super().__init__(*args, **kwargs)


class ListCheckForm(forms.Form):
    """What the validate-as-you-type box sends: the list, its game and the formats."""

    game = forms.ChoiceField(choices=GAME_CHOICES)
    list = forms.CharField(required=False, strip=False, max_length=MAX_LIST_CHARS)
    format = forms.CharField(required=False, max_length=32)
    formats = forms.MultipleChoiceField(required=False, choices=())
    mode = forms.CharField(required=False, max_length=16)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["formats"]).choices = [
            (f.slug, f.name) for slug in DECK_GAMES for f in formats_for_game(slug)
        ]

    def chosen_formats(self) -> builtins.list[str] | None:
        """The formats to judge the list by: None when it is to be added to a deck; the
        create form's one format, or the game's standard format when it names none."""
        data = self.cleaned_data
        if data.get("mode") == "append":
            return None
        chosen = list(data.get("formats") or []) or [data.get("format") or ""]
        known = {f.slug for f in formats_for_game(data["game"])}
        return [slug for slug in chosen if slug in known] or [default_format(data["game"]).slug]


class CardAddForm(forms.Form):
    card = WholeNumberField(min_value=1, max_value=MAX_ID, widget=forms.HiddenInput)
    version = version_field()
    q = forms.CharField(required=False, max_length=500, widget=forms.HiddenInput)


class CardCountForm(forms.Form):
    card = WholeNumberField(min_value=1, max_value=MAX_ID, widget=forms.HiddenInput)
    count = WholeNumberField(min_value=0, max_value=MAX_COUNT, required=False)
    version = version_field()
    action = forms.ChoiceField(choices=[("set", "Save"), ("remove", "Remove")], initial="set")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns cleaned_data
        if data.get("action") == "set" and data.get("count") is None and "count" not in self.errors:
            self.add_error("count", f"Enter a number of copies from 0 (remove) to {MAX_COUNT}.")
        return data

    def wanted_count(self) -> int:
        return 0 if self.cleaned_data["action"] == "remove" else self.cleaned_data["count"]


class DeckDeleteForm(forms.Form):
    version = version_field()


class StatsForm(forms.Form):
    turns = WholeNumberField(label="Turns", min_value=1, max_value=MAX_TURNS, required=False)
    at_least = forms.TypedChoiceField(
        label="Chance to see at least",
        choices=[(1, "1 copy"), (2, "2 copies"), (3, "3 copies")],
        coerce=int,
        required=False,
    )
    seed = WholeNumberField(min_value=0, max_value=MAX_SEED - 1, required=False)


class DiffForm(forms.Form):
    start = WholeNumberField(label="From version", min_value=1, max_value=MAX_ID)
    end = WholeNumberField(label="To version", min_value=1, max_value=MAX_ID)
