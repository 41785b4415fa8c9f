"""bench/mutation.py's own reading of mutmut's results: which mutants are string-only,
where a survivor lies, how the equivalents are counted, and that its module table names
every module of each game (mutmut itself is not run here)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_mutation", ROOT / "bench" / "mutation.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


mutation = _load()


def _diff(before: str, after: str) -> str:
    return f"--- f.py\n+++ f.py\n@@ -1,3 +1,3 @@\n def f():\n-{before}\n+{after}\n"


@pytest.mark.parametrize(
    ("before", "after", "string_only"),
    [
        ('    raise IllegalAction("game_over", "the game is over")',
         '    raise IllegalAction("game_over", "XXthe game is overXX")', True),
        ('    raise IllegalAction("game_over", "the game is over")',
         '    raise IllegalAction("XXgame_overXX", "the game is over")', False),
        ('    return {"points": 3}', '    return {"XXpointsXX": 3}', False),
        ('    return {"points": 3}', '    return {"points": 4}', False),
        ('    x = "Pass"', '    x = "PASS"', True),
        ('    x = f"you need {need(state)}"', '    x = f"XXyou need {need(state)}XX"', True),
        ('    x = f"you need {need(state)}"', '    x = f"you need {need(None)}"', False),
        ('    x = "a message"', '    x = None', False),
        ('    x = "a message"', '    x = "a message"', False),
    ],
)  # fmt: skip
def test_string_only_means_wording_alone(before: str, after: str, string_only: bool) -> None:
    assert mutation.is_string_only(_diff(before, after)) is string_only


@pytest.mark.parametrize(
    ("before", "after", "type_only"),
    [
        ("    kind = KIND_INDEX[cast(str, act.args[0])]",
         "    kind = KIND_INDEX[cast(None, act.args[0])]", True),
        ("    x = cast(dict[str, int], y)", "    x = cast(None, y)", True),
        ("    x = cast(tuple(int), y)", "    x = cast(None, y)", True),
        ("    x = cast(str, y)", "    x = cast(str, None)", False),
        ("    x = cast(str, y)", "    x = None", False),
        ("    x = y + 1", "    x = y - 1", False),
    ],
)  # fmt: skip
def test_type_only_means_the_type_given_to_cast_alone(
    before: str, after: str, type_only: bool
) -> None:
    assert mutation.is_type_only(_diff(before, after)) is type_only


def test_a_survivor_is_placed_on_its_line_in_its_function(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "def f(x):\n    return x + 1\n\n\nclass C:\n    def g(self, x):\n        return x + 1\n"
    )
    diff = _diff("        return x + 1", "        return x - 1")
    assert mutation.source_line(source, "g", "C", diff) == 7
    assert mutation.source_line(source, "f", None, diff) == 2
    assert mutation.source_line(source, "f", None, _diff("    nowhere", "    else")) == 1


def _mutant(name: str, status: str, before: str = "    return 1", after: str = "    return 2"):
    return mutation.Mutant(name, "m.py", status, _diff(before, after), 1)


def test_the_tally_counts_equivalents_and_wording_apart_and_checks_the_equivalents() -> None:
    mutants = [
        _mutant("m.x_f__mutmut_1", "killed"),
        _mutant("m.x_f__mutmut_2", "timeout"),
        _mutant("m.x_f__mutmut_3", "survived"),
        _mutant("m.x_f__mutmut_4", "no tests"),
        _mutant("m.x_f__mutmut_5", "survived"),
        _mutant("m.x_f__mutmut_6", "survived", '    x = "a message"', '    x = "A MESSAGE"'),
        _mutant("m.x_f__mutmut_7", "killed"),
        _mutant("m.x_f__mutmut_8", "not checked"),
        _mutant("m.x_f__mutmut_9", "survived", "    x = cast(str, y)", "    x = cast(None, y)"),
    ]
    equivalents = {"m.x_f__mutmut_5": "same", "m.x_f__mutmut_7": "killed", "m.gone": "old"}
    counts, survivors, strings, problems = mutation.tally(mutants, equivalents)
    assert (counts.killed, counts.timeout, counts.survived) == (1, 1, 2)
    assert (counts.equivalent, counts.string_only, counts.not_run, counts.total) == (3, 1, 1, 9)
    assert counts.type_only == 1
    assert counts.rules_mutants == 4
    assert counts.score == 0.5
    assert [m.name for m in survivors] == ["m.x_f__mutmut_3", "m.x_f__mutmut_4"]
    assert [m.name for m in strings] == ["m.x_f__mutmut_6"]
    assert len(problems) == 2
    assert "m.gone is no mutant of this run" in problems[0]
    assert "m.x_f__mutmut_7 is killed: not equivalent" in problems[1]


def _tally(**counts: int) -> object:
    base = {"killed": 95, "survived": 5, "timeout": 0, "equivalent": 0, "string_only": 0}
    return mutation.Tally(**{**base, "other": 0, "not_run": 0, "total": 100, **counts})


def test_the_report_says_the_target_is_met_only_when_every_mutant_was_run() -> None:
    complete = mutation.report("raise", _tally(), [], [], 0.0)
    assert "killed of the 100 rules mutants (neither" in complete
    assert "95.0% (target 90%: met)" in complete
    stopped = mutation.report("raise", _tally(not_run=50, total=150), [], [], 0.0)
    assert "killed of the 100 rules mutants tried (neither" in stopped
    assert "95.0% (target 90%: not shown: 50 mutants not run)" in stopped
    short = mutation.report("raise", _tally(killed=85, survived=15), [], [], 0.0)
    assert "85.0% (target 90%: not met)" in short


@pytest.mark.parametrize("game", sorted(mutation.PACKAGES))
def test_every_module_of_a_game_is_mutated_or_left_out_with_a_reason(game: str) -> None:
    assert mutation.check_tables(game) == []
    assert "rules.py" in mutation.MODULES[game]
    assert all(mutation.LEFT_OUT[game].values())


def test_the_equivalents_file_names_only_games() -> None:
    for game in mutation.PACKAGES:
        assert isinstance(mutation.read_equivalents(game), dict)


def test_a_kill_is_fingerprinted_by_its_function_and_change() -> None:
    change = _diff("    return x + 1", "    return x - 1")
    first = mutation.fingerprint(
        mutation.Mutant("m.x_f__mutmut_1", "m.py", "killed", change, 2, "a1")
    )
    same = [
        mutation.Mutant("m.x_f__mutmut_7", "m.py", "survived", change, 9, "a1"),  # its number
    ]
    other = [
        mutation.Mutant("m.x_f__mutmut_1", "m.py", "killed", change, 2, "b2"),  # f changed
        mutation.Mutant("m.x_g__mutmut_1", "m.py", "killed", change, 2, "a1"),  # not f
        mutation.Mutant("m.x_f__mutmut_1", "n.py", "killed", change, 2, "a1"),  # not m.py
        mutation.Mutant("m.x_f__mutmut_1", "m.py", "killed", _diff("a", "b"), 2, "a1"),
    ]
    assert [mutation.fingerprint(m) for m in same] == [first]
    assert first not in {mutation.fingerprint(m) for m in other}


def test_saved_kills_are_restored_and_the_rest_is_left_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "KILLS", tmp_path / "kills")
    monkeypatch.chdir(tmp_path)  # mutmut keeps its verdicts in ./mutants/
    (tmp_path / "mutants").mkdir()
    killed, survived = _mutant("m.x_f__mutmut_1", "killed"), _mutant("m.x_f__mutmut_2", "survived")
    timeout = _mutant("m.x_f__mutmut_3", "timeout", "    return 1", "    return None")
    assert mutation.save_kills("raise", [killed, survived, timeout]) == 2
    assert mutation.read_kills("raise") == {mutation.fingerprint(m) for m in (killed, timeout)}
    fresh = [
        _mutant("m.x_f__mutmut_1", "not checked"),
        _mutant("m.x_f__mutmut_2", "not checked", "    return 1", "    return 3"),
    ]
    assert [m.name for m in mutation.restore_kills("raise", fresh)] == ["m.x_f__mutmut_2"]
    meta = json.loads((tmp_path / "mutants" / "m.py.meta").read_text())
    assert meta["exit_code_by_key"] == {"m.x_f__mutmut_1": 1}
