"""The playout command: bot games with the engine alone, with statistics."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command


def playout(*args: str) -> str:
    out = io.StringIO()
    call_command("playout", *args, "--no-progress", stdout=out)
    return out.getvalue()


def test_it_prints_win_rates_per_seat_and_game_lengths() -> None:
    text = playout("raise", "--players", "4", "--bots", "greedy,random,random,random",
                   "--games", "60", "--seed", "7")  # fmt: skip

    assert text.startswith("Raise: 60 games, 4 players, seed 7")
    seats = re.findall(r"^\s+(\d)\s+(\w+)\s+(\d+)\s+([\d.]+)%", text, re.MULTILINE)
    assert [(s[0], s[1]) for s in seats] == [("0", "greedy"), ("1", "random"), ("2", "random"),
                                             ("3", "random")]  # fmt: skip
    assert sum(int(s[2]) for s in seats) >= 60  # shared victories count for each sharer
    assert "game length (actions): mean" in text
    assert "unfinished (hit the length cap): 0" in text


def test_the_same_seed_prints_the_same_figures() -> None:
    args = ("raise", "--players", "3", "--games", "40", "--seed", "11")

    assert playout(*args) == playout(*args)
    assert playout(*args) != playout("raise", "--players", "3", "--games", "40", "--seed", "12")


def test_it_refuses_a_bot_count_that_does_not_match_the_players() -> None:
    with pytest.raises(CommandError, match="names 2 bots for 3 players"):
        playout("raise", "--players", "3", "--bots", "random,greedy")


def test_it_names_an_unknown_game_or_bot() -> None:
    with pytest.raises(CommandError):
        playout("chess")
    with pytest.raises(CommandError, match="no bot 'genius'"):
        playout("raise", "--bots", "genius")


def test_a_round_robin_prints_each_pair_with_its_interval_and_cost() -> None:
    text = playout("raise", "--round-robin", "--games", "20", "--seed", "2")
    assert "Raise round-robin: 20 games a pair, 2 players, seed 2" in text
    line = next(line for line in text.splitlines() if line.startswith("greedy vs random:"))
    assert "95% interval" in line
    assert line.endswith("games/s")


def test_a_round_robin_needs_two_players_and_two_different_bots() -> None:
    with pytest.raises(CommandError, match="played with two players"):
        playout("raise", "--round-robin", "--players", "3")
    with pytest.raises(CommandError, match="two or more different bots"):
        playout("raise", "--round-robin", "--bots", "greedy,greedy")
