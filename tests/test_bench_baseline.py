"""The engine benchmarks' baseline stays put: plain standard-library Python, unchanged.

Every ratio in docs/benchmarks.md is a case's speed over the toy goldfish loop's in the
same run (bench/toy_goldfish.py); if the loop used the engine (its Rng, say), compiling
the engine would speed up the baseline too, and if it were edited, old and new ratios
would stand on different loops.
"""

from __future__ import annotations

import ast
import hashlib
import sys
from pathlib import Path

TOY = Path(__file__).resolve().parent.parent / "bench" / "toy_goldfish.py"

#: The loop's source as first fixed; a change here must come with new baseline figures.
FIXED_SHA256 = "9564551c64ee541a22d35d083de82944633c719b7341ae8632cd23df6ac70f5f"


def imported_modules(source: str) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module.split(".")[0])
    return modules


def test_the_toy_loop_imports_the_standard_library_only() -> None:
    modules = imported_modules(TOY.read_text())
    assert modules, "the loop draws its shuffle from the standard library's random"
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}, modules


def test_the_toy_loop_is_the_one_first_fixed() -> None:
    assert hashlib.sha256(TOY.read_bytes()).hexdigest() == FIXED_SHA256


def test_the_toy_loop_replays_a_seed_and_wins_within_its_deck() -> None:
    sys.path.insert(0, str(TOY.parent.parent))
    from bench.toy_goldfish import goldfish

    turns = [goldfish(seed) for seed in range(200)]
    assert turns == [goldfish(seed) for seed in range(200)]
    # Seven 3-damage spells win; the fastest game needs them cast over at least 4 turns
    # (lands 1+2+3+1), the deck lasts 54 draws after the opening hand.
    assert min(turns) >= 4
    assert max(turns) <= 54
    assert len(set(turns)) > 3, "different seeds shuffle differently"
