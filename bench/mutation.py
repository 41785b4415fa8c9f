"""Mutation testing of one game's rules modules with mutmut (docs/benchmarks.md, "Mutation
testing").

    .venv/bin/python bench/mutation.py raise [--max-children 1] [--keep | --retry-survivors]
        [--restore-kills] [--save-kills] [--report-only] [--survivors FILE]

mutmut changes one thing at a time in the game's rules modules (the table ``MODULES``
below: every module of ``play/engine/games/<game>/`` but bots, planners and tactics,
labels, event wording and views, each left out with its reason in ``LEFT_OUT``) and runs
the tests under ``tests/engine/`` that reach the changed function; a mutant is killed
when one of them fails. Prints the mutants killed, survived, timed out (counted as
killed: a test noticed), equivalent and string-only, the share of the other mutants
killed, and every survivor (file:line, the mutation).

String-only: a mutant whose change is to string literals alone, each of them wording (a
space or a capital letter in it: a message, not a rule); counted apart whatever its
verdict. A changed key or code (``"points"``, ``"bad_state"``) is a rules mutant.
Equivalent: a survivor listed in ``bench/mutation_equivalents.toml`` (game -> mutant
name -> the reason no test can tell it from the original); an entry naming a mutant
that no longer exists, or one a test kills, is an error (exit status 1). A mutant that
changes only the type given to ``typing.cast`` is equivalent by its form (``cast``
returns its value) and needs no entry.

mutmut works in ``mutants/`` (a copy of the project, ignored by git, pytest, ruff and
mypy). Each run starts from an empty ``mutants/`` unless ``--keep`` (go on with the
mutants a stopped run has not tried) or ``--retry-survivors`` (try again only the
survivors, after new tests); both copy in the source files changed since and trace
again which tests reach each function. Run one game at a time, with one worker on a
shared machine. The invariant tests play 20 seeds per case instead of 1,000
(``--fuzz-seeds``): they run again for every mutant that reaches their games. Each
mutant's tests run cheapest first (tests/engine/conftest.py), so most kills take a
fraction of a second and a survivor costs the time of all its tests. Not part of
``.ci/run``.

A run too long for one sitting goes on in the next: ``--save-kills`` writes the
fingerprints of the mutants killed (each one's file, original function and change) to
``bench/mutation_kills/<game>.txt``, kept with the project, and ``--restore-kills`` counts
those as killed without running them, so the run tries only the rest. A changed function
gives its mutants new fingerprints: they run again.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import tokenize
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = Path("play/engine/games")
EQUIVALENTS = ROOT / "bench" / "mutation_equivalents.toml"
KILLS = ROOT / "bench" / "mutation_kills"  # <game>.txt: fingerprints of mutants killed
WORK = ROOT / "mutants"
TESTS = "tests/engine/"

#: The game's package under play/engine/games/.
PACKAGES = {"chizo": "chizo", "chocobo": "chocobo", "raise": "raise_", "shadowfist": "shadowfist"}

#: The rules modules mutated, per game (paths under play/engine/games/<package>/).
MODULES: dict[str, tuple[str, ...]] = {
    "chizo": (
        "__init__.py", "actions.py", "battle.py", "catalog.py", "events.py", "filters.py",
        "flow.py", "game.py", "grid.py", "params.py", "placement.py", "rules.py", "setup.py",
        "squares.py", "stack.py", "state.py", "targets.py", "tiles.py", "turn.py", "zones.py",
        "effects/__init__.py", "effects/base.py", "effects/board.py", "effects/hand.py",
        "effects/in_play.py", "effects/stack.py", "effects/values.py",
    ),
    "chocobo": (
        "__init__.py", "actions.py", "board.py", "friends.py", "game.py", "legal.py",
        "movement.py", "rules.py", "state.py", "verify.py",
    ),
    "raise": ("__init__.py", "cards.py", "game.py", "rules.py", "state.py"),
    "shadowfist": (
        "__init__.py", "actions.py", "attack.py", "card_types.py", "cards.py", "choices.py",
        "combat.py", "damage.py", "game.py", "opposition.py", "play.py", "rules.py", "setup.py",
        "sites.py", "stack.py", "state.py", "stats.py", "turn.py", "verify.py", "victory.py",
        "zones.py",
        "effects/__init__.py", "effects/economy.py", "effects/fight.py",
        "effects/registry.py", "effects/removal.py", "effects/resolution.py",
        "effects/spec.py", "effects/targets.py",
    ),
}  # fmt: skip

#: The modules left out, per game, each with the reason.
LEFT_OUT: dict[str, dict[str, str]] = {
    "chizo": {
        "bots.py": "bots",
        "planner.py": "a bot (planner)",
        "search.py": "bots (the search bots)",
        "tactics.py": "the bots' battle arithmetic (tactics)",
        "evaluate.py": "what the bots know of a position (planners)",
        "goldfish.py": "a harness: the deck alone or beside a passive board, for deck figures",
        "analysis.py": "a static look at a stack for the deck answers, not a rule of play",
        "scenario.py": "lays out positions for tests",
        "labels.py": "labels",
        "events_text.py": "event wording",
        "view.py": "a view",
    },
    "chocobo": {
        "bots.py": "bots",
        "scenario.py": "lays out positions for tests",
        "labels.py": "labels",
        "events_text.py": "event wording",
    },
    "raise": {"bots.py": "bots", "labels.py": "labels", "events_text.py": "event wording"},
    "shadowfist": {
        "bots.py": "bots",
        "tactics.py": "a bot (tactician)",
        "search.py": "bots (the search bots)",
        "goldfish.py": "a harness: one deck against a passive dummy, for deck figures",
        "labels.py": "labels",
        "events_text.py": "event wording",
        "view.py": "a view",
        "effects/entries.py": "an author's report of spec.py's checks (spec.py is mutated)",
        "effects/effect_file.py": "reading effects files (tests/cards/test_effect_files.py)",
        "effects/vocabulary.py": "the vocabulary's words, for the reference page and docs",
        "starter_set.py": "reads the starter set's two files (a wrong file fails every test)",
    },
}

#: A share of killed mutants (timeouts included) among those neither string-only nor
#: equivalent that the issue asks of every game, and the most equivalents it allows.
TARGET = 0.90
MAX_EQUIVALENT_SHARE = 0.05


def module_paths(game: str) -> list[str]:
    """The mutated files of a game, relative to the project (as mutmut names them)."""
    return [str(GAMES_DIR / PACKAGES[game] / name) for name in MODULES[game]]


def check_tables(game: str) -> list[str]:
    """Every Python module of the game is either mutated or left out with a reason."""
    folder = ROOT / GAMES_DIR / PACKAGES[game]
    present = {str(p.relative_to(folder)) for p in folder.rglob("*.py")}
    listed = set(MODULES[game]) | set(LEFT_OUT[game])
    problems = [f"{game}: {name} is neither in MODULES nor in LEFT_OUT"
                for name in sorted(present - listed)]  # fmt: skip
    problems += [f"{game}: {name} is listed but does not exist"
                 for name in sorted(listed - present)]  # fmt: skip
    problems += [f"{game}: {name} is both mutated and left out"
                 for name in sorted(set(MODULES[game]) & set(LEFT_OUT[game]))]  # fmt: skip
    return problems


# --- reading a mutant's change ----------------------------------------------------------


def changed_lines(diff: str) -> tuple[list[str], list[str]]:
    """The lines a unified diff removes and adds (headers left out)."""
    removed = [line[1:] for line in diff.splitlines()
               if line.startswith("-") and not line.startswith("---")]  # fmt: skip
    added = [line[1:] for line in diff.splitlines()
             if line.startswith("+") and not line.startswith("+++")]  # fmt: skip
    return removed, added


_LAYOUT = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT,
           tokenize.ENDMARKER}  # fmt: skip


def _tokens(lines: list[str]) -> list[tuple[int, str]]:
    """The tokens of some lines of code (layout left out). Lines cut out of a function may
    leave a bracket open: the tokens before are kept."""
    source = textwrap.dedent("\n".join(lines)) + "\n"
    tokens: list[tuple[int, str]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type not in _LAYOUT:
                tokens.append((token.type, token.string))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return tokens


#: A string like this is a key, a code or a name that code reads ("points", "bad_state",
#: "raise"), not wording: a mutant changing it is a rules mutant like any other.
_KEY_LIKE = re.compile(r"[a-z0-9_.:/-]*")


def _text_and_code(literal: str) -> tuple[str, list[str]] | None:
    """A string literal's text and, for an f-string, its replacement fields' code."""
    try:
        node = ast.parse(literal, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, []
    if isinstance(node, ast.JoinedStr):
        text = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
        code = [ast.dump(v) for v in node.values if isinstance(v, ast.FormattedValue)]
        return text, code
    return None  # bytes


def _wording_changed(old: str, new: str) -> bool:
    """Whether two string literals differ in wording alone: the same code in their
    replacement fields, and text that reads as words (a space or a capital), not as a key
    or a code."""
    before, after = _text_and_code(old), _text_and_code(new)
    if before is None or after is None or before[1] != after[1]:
        return False
    return not _KEY_LIKE.fullmatch(before[0])


_CAST_TYPE = re.compile(r"\bcast\((?:[^()\[\],]|\([^()]*\)|\[[^\[\]]*\])+,")


def is_type_only(diff: str) -> bool:
    """Whether a mutant changes only the type given to ``typing.cast``, which returns its
    value unchanged: no run can tell it from the original (an equivalent by its form)."""
    removed, added = changed_lines(diff)
    if not removed or len(removed) != len(added):
        return False
    erase = [_CAST_TYPE.sub("cast(T,", line) for line in removed + added]
    return erase[: len(removed)] == erase[len(removed) :] and removed != added


def is_string_only(diff: str) -> bool:
    """Whether a mutant changes the wording of messages and nothing else: only string
    literals differ, and each one changed reads as words (a space or a capital), not as
    a key or a code."""
    removed, added = changed_lines(diff)
    before, after = _tokens(removed), _tokens(added)
    if not before or len(before) != len(after) or before == after:
        return False
    for (kind, old), (new_kind, new) in zip(before, after, strict=True):
        if old == new and kind == new_kind:
            continue
        if kind != tokenize.STRING or new_kind != tokenize.STRING:
            return False
        if not _wording_changed(old, new):
            return False
    return True


def _function_spans(source: str) -> dict[tuple[str | None, str], tuple[int, int]]:
    spans: dict[tuple[str | None, str], tuple[int, int]] = {}
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            spans[(None, node.name)] = (node.lineno, node.end_lineno or node.lineno)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    spans[(node.name, item.name)] = (item.lineno, item.end_lineno or item.lineno)
    return spans


def source_line(path: Path, function: str, cls: str | None, diff: str) -> int:
    """The line of the original file that a mutant changes (the function's first line
    when the changed text cannot be found in it)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start, end = _function_spans("\n".join(lines)).get((cls, function), (1, len(lines)))
    removed, _ = changed_lines(diff)
    if removed:
        wanted = removed[0].strip()
        for number in range(start, end + 1):
            if lines[number - 1].strip() == wanted:
                return number
    return start


# --- kills kept between runs -----------------------------------------------------------


def fingerprint(mutant: Mutant) -> str:
    """What a verdict stands on: the file, the original function (mutmut's hash of its
    syntax tree when the mutants were made) and the change. A changed function gives its
    mutants new fingerprints: they are tried again."""
    from mutmut.utils.format_utils import mangled_name_from_mutant_name

    function = mangled_name_from_mutant_name(mutant.name)
    text = "\0".join([mutant.path, function, mutant.function_hash, mutant.diff])
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def kills_file(game: str) -> Path:
    return KILLS / f"{game}.txt"


def save_kills(game: str, mutants: Sequence[Mutant]) -> int:
    """Write the fingerprints of the mutants killed (timeouts too), under a header naming
    the commit they were found on; returns their count."""
    found = sorted({fingerprint(m) for m in mutants
                    if m.status in ("killed", "timeout")})  # fmt: skip
    commit = run_commit()
    KILLS.mkdir(exist_ok=True)
    header = (f"# {game}: {len(found)} mutants killed, the run made from commit "
              f"{commit or '(unknown)'} (bench/mutation.py --save-kills; --restore-kills "
              "reads it)")  # fmt: skip
    kills_file(game).write_text("\n".join([header, *found]) + "\n", encoding="utf-8")
    return len(found)


def run_commit() -> str:
    """The commit the run's copy was made from (mutmut records it with its trace), or the
    checkout's when there is no trace."""
    try:
        stats = json.loads((WORK / "mutmut-stats.json").read_text(encoding="utf-8"))
        return str(stats["git_commit"])[:7]
    except (OSError, ValueError, KeyError, TypeError):
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=False)  # fmt: skip
        return done.stdout.strip()


def read_kills(game: str) -> set[str]:
    path = kills_file(game)
    if not path.is_file():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def restore_kills(game: str, mutants: Sequence[Mutant]) -> list[Mutant]:
    """Mark killed, in mutants/, the mutants whose fingerprint a saved run killed, and
    return the others. A test added since can only kill more; a test weakened since could
    let a restored kill survive: a full run without --restore-kills settles it."""
    from mutmut.mutation.data import SourceFileMutationData

    kills = read_kills(game)
    restored = [m for m in mutants if fingerprint(m) in kills]
    for path in sorted({m.path for m in restored}):
        data = SourceFileMutationData(path=path)
        data.load()
        for mutant in restored:
            if mutant.path == path:
                data.exit_code_by_key[mutant.name] = 1  # mutmut's "killed"
        data.save()
    print(f"restored {len(restored)} kills from {kills_file(game).relative_to(ROOT)}")
    return [m for m in mutants if m not in restored]


# --- a run ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str
    status: str  # killed, survived, timeout, no tests, ... (mutmut's words)
    diff: str
    line: int
    function_hash: str = ""  # mutmut's hash of the original function

    @property
    def string_only(self) -> bool:
        return is_string_only(self.diff)

    def describe(self) -> str:
        removed, added = changed_lines(self.diff)
        change = [f"    - {line.strip()}" for line in removed]
        change += [f"    + {line.strip()}" for line in added]
        return "\n".join([f"{self.path}:{self.line}  {self.name} ({self.status})", *change])


def refresh_unmutated(game: str) -> None:
    """Copy into a kept mutants/ the source files changed since it was made, but the
    game's mutated modules: mutmut copies a file there only once, and regenerates the
    mutants of a module whose source changed."""
    mutated = set(module_paths(game))
    for source in sorted(Path("play").rglob("*")):
        if not source.is_file() or "__pycache__" in source.parts or str(source) in mutated:
            continue
        target = WORK / source
        if not target.is_file() or target.read_bytes() != source.read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def rules_mutants_to_try(game: str, max_children: int) -> list[Mutant]:
    """Generate the game's mutants (mutmut's first step) and name those still to try,
    but the string-only ones: their verdict does not count, and most survive, which
    costs the time of every test that reaches them."""
    from mutmut.__main__ import create_mutants
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths

    WORK.mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(max_children)
    return [m for m in read_mutants(game)
            if m.status == "not checked" and not m.string_only]  # fmt: skip


def run_mutmut(
    game: str,
    max_children: int,
    keep: bool,
    fuzz_seeds: int,
    names: Sequence[str] = (),
    restore: bool = False,
) -> None:
    """mutmut run over the game's modules, in mutants/ (cwd: the project); with ``names``,
    over those mutants alone (their earlier verdicts set aside); with ``restore``, but the
    mutants a saved run killed (``restore_kills``)."""
    from mutmut import configuration
    from mutmut.__main__ import cli

    if not keep and WORK.exists():
        shutil.rmtree(WORK)
    elif WORK.exists():
        refresh_unmutated(game)
        # Trace again which tests reach each function: mutmut traces only tests it has
        # not seen, and a changed test may reach other functions now.
        (WORK / "mutmut-stats.json").unlink(missing_ok=True)
    # The tests run inside mutants/: the data they read beside the project stays there.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    os.environ["RULEBOOKS_DIR"] = str(settings.RULEBOOKS_DIR)
    os.environ["SHADOWFIST_DATA_DIR"] = str(settings.SHADOWFIST_DATA_DIR)
    # Each mutant reruns the tests that reach it: the invariant tests' random games are
    # the costly ones (tests/engine/fuzz_harness.py, SEEDS_CAP_VARIABLE).
    os.environ["ENGINE_FUZZ_SEEDS"] = str(fuzz_seeds)
    # The mutants are made in the sources: a compiled engine beside them would run unmutated.
    os.environ["CARDHOUSE_ENGINE"] = "pure"
    # [tool.mutmut] in pyproject.toml names what is copied and which tests run; the
    # modules mutated are the game's.
    configuration.config().only_mutate = module_paths(game)
    if not names:
        to_try = rules_mutants_to_try(game, max_children)
        if restore:
            to_try = restore_kills(game, to_try)
        names = [m.name for m in to_try]
        if not names:
            return
    try:
        cli.main(["run", "--max-children", str(max_children), *names], standalone_mode=False)
    except SystemExit as stop:
        if stop.code not in (0, None):
            raise SystemExit(f"mutmut stopped (exit {stop.code}); see its output above") from None


def read_mutants(game: str) -> list[Mutant]:
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.format_utils import (
        mangled_name_from_mutant_name,
        orig_function_and_class_names_from_key,
    )

    mutants: list[Mutant] = []
    for path in module_paths(game):
        data = SourceFileMutationData(path=path)
        data.load()
        for name, code in sorted(data.exit_code_by_key.items()):
            diff = get_diff_for_mutant(name, path=path)
            function, cls = orig_function_and_class_names_from_key(name)
            line = source_line(ROOT / path, function, cls, diff)
            mangled = mangled_name_from_mutant_name(name).rpartition(".")[2]
            function_hash = data.hash_by_function_name.get(mangled, "")
            status = status_by_exit_code[code]
            mutants.append(Mutant(name, path, status, diff, line, function_hash))
    return mutants


@dataclass
class Tally:
    killed: int
    survived: int
    timeout: int
    equivalent: int
    string_only: int
    other: int
    not_run: int
    total: int
    type_only: int = 0  # of the equivalents: typing.cast's type argument changed
    string_only_run: int = 0  # of the string-only: those a run tried (older runs)

    @property
    def rules_mutants(self) -> int:
        """The mutants tried that are neither string-only nor equivalent."""
        return self.total - self.string_only - self.equivalent - self.not_run

    @property
    def score(self) -> float:
        return (self.killed + self.timeout) / self.rules_mutants if self.rules_mutants else 1.0


def read_equivalents(game: str, path: Path = EQUIVALENTS) -> dict[str, str]:
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(data) - set(PACKAGES)
    if unknown:
        raise SystemExit(f"{path.name}: unknown games {sorted(unknown)}")
    table = data.get(game, {})
    return {str(name): str(reason) for name, reason in table.items()}


def tally(
    mutants: Sequence[Mutant], equivalents: dict[str, str]
) -> tuple[Tally, list[Mutant], list[Mutant], list[str]]:
    """The counts, the rules survivors, the string-only survivors, and the problems with
    the equivalents."""
    by_name = {m.name: m for m in mutants}
    problems = [f"equivalent {name} is no mutant of this run any more: remove or rename it"
                for name in equivalents if name not in by_name]  # fmt: skip
    counts: Counter[str] = Counter()
    survivors: list[Mutant] = []
    string_survivors: list[Mutant] = []
    for mutant in mutants:
        caught = mutant.status in ("killed", "timeout")
        if mutant.name not in equivalents and is_type_only(mutant.diff):
            counts["equivalent"] += 1  # typing.cast's type: nothing at run time
            counts["type_only"] += 1
        elif mutant.name in equivalents:
            if caught:
                problems.append(f"equivalent {mutant.name} is {mutant.status}: not equivalent")
            counts["equivalent"] += 1
        elif mutant.string_only:
            counts["string_only"] += 1
            counts["string_only_run"] += mutant.status != "not checked"
            if mutant.status in ("survived", "no tests"):
                string_survivors.append(mutant)
        elif mutant.status in ("killed", "timeout"):
            counts[mutant.status] += 1
        elif mutant.status in ("survived", "no tests"):
            counts["survived"] += 1
            survivors.append(mutant)
        elif mutant.status == "not checked":  # a run stopped before reaching it
            counts["not_run"] += 1
        else:  # suspicious, segfault, not checked, ...
            counts["other"] += 1
            survivors.append(mutant)
    result = Tally(killed=counts["killed"], survived=counts["survived"],
                   timeout=counts["timeout"], equivalent=counts["equivalent"],
                   string_only=counts["string_only"], other=counts["other"],
                   not_run=counts["not_run"], total=len(mutants),
                   type_only=counts["type_only"],
                   string_only_run=counts["string_only_run"])  # fmt: skip
    return result, survivors, string_survivors, problems


def report(
    game: str, counts: Tally, survivors: list[Mutant], strings: list[Mutant], seconds: float
) -> str:
    share = counts.equivalent / counts.total if counts.total else 0.0
    lines = [
        f"mutation testing of {game}: {len(MODULES[game])} modules, tests under {TESTS}",
        f"  mutants:     {counts.total}",
        f"  killed:      {counts.killed}",
        f"  timeout:     {counts.timeout} (a test noticed: counted as killed)",
        f"  survived:    {counts.survived}",
        f"  equivalent:  {counts.equivalent} ({share:.1%} of the mutants; at most "
        f"{MAX_EQUIVALENT_SHARE:.0%} allowed; {counts.type_only} of them change only the "
        "type given to typing.cast, the others are listed with their reasons)",
        f"  string-only: {counts.string_only} (not counted; {counts.string_only_run} of them "
        f"tried, of which {len(strings)} survived)",
    ]
    if counts.other:
        lines.append(f"  other:       {counts.other} (suspicious, segfault)")
    if counts.not_run:
        lines.append(f"  not run:     {counts.not_run} (the run stopped before them; left out "
                     "of the share below)")  # fmt: skip
    met = "met" if counts.score >= TARGET else "not met"
    if counts.not_run:  # a share of the mutants tried says nothing of the rest
        met = f"not shown: {counts.not_run} mutants not run"
    tried = " tried" if counts.not_run else ""
    lines += [
        f"  killed of the {counts.rules_mutants} rules mutants{tried} (neither string-only "
        f"nor equivalent): {counts.score:.1%} (target {TARGET:.0%}: {met})",
        *([f"  time: {seconds / 60:.1f} min"] if seconds else []),
        "",
        f"survivors ({len(survivors)}):",
        *(m.describe() for m in survivors),
    ]
    if strings:
        lines += ["", f"string-only survivors ({len(strings)}):", *(m.describe() for m in strings)]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game", choices=sorted(PACKAGES))
    parser.add_argument("--max-children", type=int, default=1,
                        help="mutmut's workers (default 1: the machine is shared)")  # fmt: skip
    parser.add_argument("--keep", action="store_true",
                        help="reuse mutants/ and mutmut's verdicts from the last run")  # fmt: skip
    parser.add_argument("--retry-survivors", action="store_true",
                        help="reuse mutants/ and run again only the mutants that survived "
                             "there (string-only ones aside): after new tests")  # fmt: skip
    parser.add_argument("--fuzz-seeds", type=int, default=20,
                        help="seeds per case the invariant tests play (default 20; the "
                             "suite plays 1,000), without their totals")  # fmt: skip
    parser.add_argument("--restore-kills", action="store_true",
                        help="count as killed, without running them, the mutants whose "
                             "fingerprint bench/mutation_kills/GAME.txt holds")  # fmt: skip
    parser.add_argument("--save-kills", action="store_true",
                        help="at the end, write the fingerprints of the mutants killed to "
                             "bench/mutation_kills/GAME.txt (for --restore-kills)")  # fmt: skip
    parser.add_argument("--report-only", action="store_true",
                        help="run nothing: report the verdicts mutants/ holds")  # fmt: skip
    parser.add_argument("--survivors", type=Path,
                        help="also write the report with every survivor to this file")  # fmt: skip
    options = parser.parse_args(argv)
    if problems := check_tables(options.game):
        print("\n".join(problems), file=sys.stderr)
        return 1
    os.chdir(ROOT)  # mutmut reads pyproject.toml and works in mutants/ from here
    sys.path.insert(0, str(ROOT))
    start = time.monotonic()
    if options.retry_survivors:
        equivalents = read_equivalents(options.game)
        names = [m.name for m in read_mutants(options.game)
                 if m.status in ("survived", "no tests") and not m.string_only
                 and not is_type_only(m.diff) and m.name not in equivalents]  # fmt: skip
        print(f"running again the {len(names)} survivors in mutants/")
        if names:
            run_mutmut(options.game, options.max_children, True, options.fuzz_seeds, names)
    elif not options.report_only:
        run_mutmut(options.game, options.max_children, options.keep, options.fuzz_seeds,
                   restore=options.restore_kills)  # fmt: skip
    seconds = 0.0 if options.report_only else time.monotonic() - start
    mutants = read_mutants(options.game)
    counts, survivors, strings, problems = tally(mutants, read_equivalents(options.game))
    text = report(options.game, counts, survivors, strings, seconds)
    print()
    print(text, end="")
    if options.save_kills:
        print(f"{save_kills(options.game, mutants)} kills written to "
              f"{kills_file(options.game).relative_to(ROOT)}")  # fmt: skip
    if options.survivors:
        options.survivors.write_text(text, encoding="utf-8")
        print(f"written to {options.survivors}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
