"""The forms of the simulation pages: goldfish a deck, bots against each other, compare two
decks. Their input goes to the simulation services in the API's shape (spec_data,
start_data), and a service's error lands on the field it names (bound_form)."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from cards.vocabulary import DECK_GAMES
from decks.models import Deck
from decks.selectors import deck_list
from play.engine.core import game_slugs, get_game
from play.engine.core.rng import MAX_SEED
from play.matches.pages.fields import illegal_deck_field, opposition_field, opposition_input
from play.matches.setups import MAX_SEATS, SeatsError
from play.simulations.runners import GOLDFISH_RUNNERS
from play.simulations.services import MAX_COMPARE_GAMES, MAX_GAMES
from web.fields import WholeNumberField
from web.numbers import MAX_ID, is_whole_number

DEFAULT_GAMES = 1_000
MAX_BOT_NAME = 32  # as the API's bot field


# ---------------------------------------------------------------- choices


def game_name(slug: str) -> str:
    return get_game(slug).info.name


def goldfish_bot_choices() -> list[tuple[str, str]]:
    """Every goldfish bot, labelled with the games it plays when not all of them."""
    games = sorted(GOLDFISH_RUNNERS)
    plays = {
        bot: [game for game in games if bot in get_game(game).bot_types()]
        for game in games
        for bot in get_game(game).bot_types()
    }
    return [
        (
            bot,
            bot
            if len(plays[bot]) == len(games)
            else f"{bot} ({', '.join(map(game_name, plays[bot]))} only)",
        )
        for bot in sorted(plays)
    ]


def bot_game_choices() -> list[tuple[str, str]]:
    """Games that bots play against each other without decks (Raise, Chocobo Party Up!)."""
    return [(slug, game_name(slug)) for slug in game_slugs() if slug not in DECK_GAMES]


# ---------------------------------------------------------------- fields


def _seed_field() -> forms.IntegerField:
    return WholeNumberField(
        label="Seed",
        required=False,
        min_value=0,
        max_value=MAX_SEED - 1,
        help_text="Optional. The same seed, deck and bot give the same games.",
    )


def _games_field(maximum: int = MAX_GAMES) -> forms.IntegerField:
    return WholeNumberField(
        label="Games",
        min_value=1,
        max_value=maximum,
        initial=DEFAULT_GAMES,
        help_text=f"1 to {maximum:,}.",
    )


def _with_opposition(data: dict[str, Any], profile: str) -> dict[str, Any]:
    asked = opposition_input(profile)
    return data if asked is None else {**data, "opposition": asked}


# ---------------------------------------------------------------- forms


# ModelChoiceField is generic only in django-stubs: Django's class takes no subscript at run time.
class DeckChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """One of the user's decks, or the id of a deck the select does not offer: which decks
    one may simulate the service decides, with the reason the API gives."""

    def to_python(self, value: Any) -> Deck | int | None:
        # An id in ASCII digits only: the lookup would read "٣" as deck 3.
        if value not in self.empty_values and not is_whole_number(str(value)):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        try:
            return super().to_python(value)
        except ValidationError:
            if 1 <= int(value) <= MAX_ID:
                return int(value)
            raise

    def label_from_instance(self, deck: Deck) -> str:
        return f"{deck.name} ({deck.game.name})"


class BotField(forms.ChoiceField):
    """A goldfish bot: the select offers them, and whether the deck's game has the one
    sent the service decides, with the reason the API gives (a name as long as the API
    takes)."""

    def __init__(self) -> None:
        super().__init__(label="Bot", initial="greedy", help_text="The policy that plays.")

    def valid_value(self, value: Any) -> bool:
        return 0 < len(str(value)) <= MAX_BOT_NAME


def _goldfish_decks(user: AbstractBaseUser) -> QuerySet[Deck]:
    return deck_list(user=user).filter(game__slug__in=sorted(GOLDFISH_RUNNERS))


class SimulationForm(forms.Form):
    """Goldfish a deck: the deck, how many games, the bot that plays it, a seed."""

    deck = DeckChoiceField(label="Deck", queryset=Deck.objects.none(), empty_label=None)
    games = _games_field()
    bot = BotField()
    opposition = opposition_field()
    seed = _seed_field()
    test_anyway = illegal_deck_field()

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # self.fields holds copies of the fields declared above: their types are known.
        cast(DeckChoiceField, self.fields["deck"]).queryset = _goldfish_decks(user)
        cast(forms.ChoiceField, self.fields["bot"]).choices = goldfish_bot_choices()

    def spec_data(self) -> dict[str, Any]:
        """The input as simulation_start reads it (the API's shape)."""
        data = self.cleaned_data
        spec = {"deck": deck_id(data["deck"]), "games": data["games"], "bot": data["bot"],
                "test_anyway": data["test_anyway"]}  # fmt: skip
        spec = _with_opposition(spec, data["opposition"])
        return spec if data["seed"] is None else {**spec, "seed": data["seed"]}


class BotSimulationForm(forms.Form):
    """Bots against each other in a game without decks."""

    game = forms.ChoiceField(label="Game")
    seats = forms.CharField(
        label="Seats",
        max_length=300,
        initial="greedy, random, random",
        help_text="One bot per seat, separated by commas: greedy or random.",
    )
    games = _games_field()
    seed = _seed_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = bot_game_choices()

    def clean_seats(self) -> list[str]:
        seats = [name.strip().lower() for name in self.cleaned_data["seats"].split(",")]
        if not all(seats):
            raise forms.ValidationError("Name a bot for each seat, separated by commas.")
        if len(seats) > MAX_SEATS:
            raise forms.ValidationError(f"At most {MAX_SEATS} seats.")
        return seats

    def spec_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        spec = {"game": data["game"], "seats": data["seats"], "games": data["games"]}
        return spec if data["seed"] is None else {**spec, "seed": data["seed"]}


class CompareForm(forms.Form):
    """Two of the user's decks of one game, goldfished on the same seeds."""

    error_fields = {"decks[0]": "first", "decks[1]": "second"}  # the service's names

    first = DeckChoiceField(label="First deck (A)", queryset=Deck.objects.none(), empty_label=None)
    second = DeckChoiceField(
        label="Second deck (B)", queryset=Deck.objects.none(), empty_label=None
    )
    games = _games_field(MAX_COMPARE_GAMES)
    bot = BotField()
    opposition = opposition_field()
    seed = _seed_field()
    test_anyway = illegal_deck_field()

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # self.fields holds copies of the fields declared above: their types are known.
        for name in ("first", "second"):
            cast(DeckChoiceField, self.fields[name]).queryset = _goldfish_decks(user)
        cast(forms.ChoiceField, self.fields["bot"]).choices = goldfish_bot_choices()

    def start_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        decks = [deck_id(data["first"]), deck_id(data["second"])]
        start = {"decks": decks, "games": data["games"], "bot": data["bot"],
                 "seed": data["seed"], "test_anyway": data["test_anyway"]}  # fmt: skip
        return _with_opposition(start, data["opposition"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("first"), data.get("second")
        if not isinstance(first, Deck) or not isinstance(second, Deck):
            return data  # a deck not offered: the service checks the pair
        if first.pk == second.pk:
            self.add_error("second", "Choose a different deck to compare with.")
        elif first.game_id != second.game_id:
            self.add_error("second", f"Choose a {first.game.name} deck, like the first.")
        return data


def deck_id(deck: Deck | int) -> int:
    return deck if isinstance(deck, int) else deck.pk


def bound_form(form: forms.Form, error: SeatsError) -> None:
    """Put a spec error on the field it names (seats[2] → seats), else on the form."""
    field = getattr(form, "error_fields", {}).get(error.field) or error.field.split("[")[0]
    form.add_error(field if field in form.fields else None, str(error))


class VariantForm(forms.Form):
    """A published decklist against itself without a card, or with it swapped."""

    remove = forms.TypedChoiceField(label="Card to take out", coerce=int)
    copies = WholeNumberField(
        label="Copies", required=False, min_value=1, max_value=MAX_ID,
        help_text="Optional: all of them unless you say.",
    )  # fmt: skip
    add = forms.CharField(
        label="Put in instead (optional)", required=False, max_length=200,
        help_text="A card's name: the same number of copies goes in.",
        widget=forms.TextInput(attrs={"list": "swap-suggestions", "autocomplete": "off"}),
    )  # fmt: skip
    games = _games_field(MAX_COMPARE_GAMES)
    bot = BotField()
    seed = _seed_field()
    test_anyway = illegal_deck_field()

    def __init__(self, *args: Any, cards: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["remove"]).choices = cards
        cast(forms.ChoiceField, self.fields["bot"]).choices = goldfish_bot_choices()
