"""Can this stack ever reach 12? (play/engine/games/chizo/analysis.py; docs/play.md): a
square needs four creature tiles all compatible with each other (rulebook line 111), two
of one class never are, and tile effects such as Golden Egg score without squares when
their target is in the stack."""

from __future__ import annotations

import pytest

from play.engine.games.chizo.analysis import analyse_stack, stack_warnings
from tests.engine.chizo_data import tile_list, typical_stack

QUARTET = ["Rat", "Rabbit", "Horse", "Rooster"]  # allies of each other in the stand-in data


def analysed(stack: list[str]) -> dict:
    return analyse_stack(tile_list(), stack)


@pytest.mark.rule("chizo-rising.txt", 111)
def test_a_one_class_stack_can_never_reach_12_and_says_why() -> None:
    analysis = analysed(["Rat"] * 30)

    assert analysis["verdict"] == "never"
    assert analysis["squares"] == []
    assert analysis["unpartnered"] == ["Rat"]
    assert analysis["square_tiles"] == 0
    assert stack_warnings(analysis) == [
        "This stack can never reach 12 points: no four of its creature tiles are all "
        "compatible with each other, so no square can form, and its tile effects can add at "
        "most 0 points.",
        "Creature tiles with no compatible partner in the stack: Rat.",
    ]


@pytest.mark.rule("chizo-rising.txt", 111)
def test_a_quartet_stack_can_square_and_warns_of_nothing() -> None:
    analysis = analysed(QUARTET * 8)

    assert analysis["verdict"] == "squares"
    assert analysis["squares"] == [QUARTET]
    assert analysis["square_tiles"] == analysis["size"] == 32
    assert stack_warnings(analysis) == []


@pytest.mark.rule("chizo-rising.txt", 111)
def test_three_of_a_quartet_make_no_square() -> None:
    analysis = analysed(QUARTET[:3] * 10)

    assert analysis["verdict"] == "never"
    assert analysis["unpartnered"] == []  # each has partners: there are only three


def test_the_typical_stack_names_its_squares_its_loner_and_its_share_in_squares() -> None:
    analysis = analysed(typical_stack())

    assert analysis["squares"] == [QUARTET, ["Ox", "Dragon", "Ram", "Dog"]]
    assert analysis["unpartnered"] == ["Clever Monkey"]
    # The creatures of the two quartets and their variants: not the Monkey nor the
    # Actions, Reactions, Items, Obstacles and the Modifier.
    assert analysis["square_tiles"] == 31
    assert stack_warnings(analysis) == [
        "Creature tiles with no compatible partner in the stack: Clever Monkey."
    ]


def test_golden_eggs_score_only_with_their_target_in_the_stack() -> None:
    with_roosters = analysed(["Golden Egg"] * 3 + ["Rooster"] * 27)
    without = analysed(["Golden Egg"] * 3 + ["Rat"] * 27)

    assert with_roosters["effects"] == [{
        "name": "Golden Egg", "copies": 3, "points": 2, "target_class": "Rooster",
        "targets_in_stack": 27,
    }]  # fmt: skip
    assert with_roosters["effect_points"] == 6
    assert without["effect_points"] == 0
    assert "at most 6 points" in stack_warnings(with_roosters)[0]


def test_a_stack_without_squares_whose_effects_reach_12_scores_only_through_them() -> None:
    windfall = {"id": "Windfall", "name": "Windfall", "type": "Action",
                "effect_key": "score_points", "effect_params": {"points": 5}}  # fmt: skip
    analysis = analyse_stack([*tile_list(), windfall], ["Windfall"] * 3 + ["Rat"] * 27)

    assert analysis["verdict"] == "effects_only"
    assert analysis["effect_points"] == 15
    assert stack_warnings(analysis)[0] == (
        "No square can form from this stack: it can score only through its tile effects "
        "(at most 15 points)."
    )
