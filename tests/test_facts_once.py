"""Every game fact is stated once: no data file, and no constant, is defined twice.

The engine (play/engine) imports nothing of the app, so facts used to be copied into it.
Each fact now has one owner (docs/architecture.md, "Facts and their owners"); other
layers read the owner's JSON through a small loader. These checks fail on a new copy.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cards", "decks", "play", "config")
DATA_SUFFIXES = {".json", ".csv", ".lark", ".yaml", ".yml", ".toml", ".txt"}
#: A top-level JSON value this long (canonical text) is a fact, not a coincidence.
MIN_FACT_CHARS = 40
#: A collection of this many literals is a fact (a vocabulary), not a coincidence.
MIN_FACT_ITEMS = 3

#: Equal constants in two modules that are harmless, each with the reason.
ALLOWED_CONSTANTS: dict[str, str] = {}


def _tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *patterns],
        cwd=ROOT, capture_output=True, check=True, text=True,
    ).stdout  # fmt: skip
    return [ROOT / name for name in out.split("\0") if name and (ROOT / name).is_file()]


def _data_files() -> list[Path]:
    return [p for p in _tracked(*PACKAGES) if p.suffix in DATA_SUFFIXES]


def test_no_data_file_is_a_copy_of_another() -> None:
    by_digest: dict[str, list[str]] = defaultdict(list)
    for path in _data_files():
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        by_digest[digest].append(str(path.relative_to(ROOT)))
    copies = [sorted(paths) for paths in by_digest.values() if len(paths) > 1]
    assert copies == [], f"data files with the same content: {copies}"


def test_no_json_fact_is_stated_in_two_files() -> None:
    """A top-level entry of one JSON file repeated in another is a partial copy."""
    seen: dict[str, list[str]] = defaultdict(list)
    for path in _data_files():
        if path.suffix != ".json":
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        for key, value in data.items():
            text = json.dumps(value, sort_keys=True)
            if len(text) >= MIN_FACT_CHARS:
                seen[text].append(f"{path.relative_to(ROOT)}:{key}")
    copies = [places for places in seen.values() if len(places) > 1]
    assert copies == [], f"JSON entries stated twice: {copies}"


#: A file named in a data file's text: a path or a bare name with one of these endings.
FILE_NAME = re.compile(r"[\w./-]*\w\.(?:json|csv|py|md|txt)\b")
#: The project's shared rulebooks and design data, cited as the docs cite them; they are
#: not in the source tree.
OUTSIDE_THE_TREE = "shared/"


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def test_a_data_file_names_only_files_that_exist() -> None:
    """The notes in a data file (its "about", a set's description) that name another file,
    as the owner of figures or their source, name one that is still there: a path from
    the project's root or a name beside the data file."""
    tracked = {str(path.relative_to(ROOT)) for path in _tracked(*PACKAGES, "docs", "tests")}
    missing = []
    for path in _data_files():
        if path.suffix != ".json":
            continue
        beside = str(path.parent.relative_to(ROOT))
        for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
            for name in FILE_NAME.findall(text):
                if name.startswith(OUTSIDE_THE_TREE) or name in tracked:
                    continue
                if f"{beside}/{name}" not in tracked:
                    missing.append(f"{path.relative_to(ROOT)}: {name}")
    assert missing == [], f"data files naming files that do not exist: {missing}"


def _literal(node: ast.expr) -> Any:
    """The value of a literal collection (frozenset(...)/set(...) of one included)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"frozenset", "set", "tuple"}
        and len(node.args) == 1
        and not node.keywords
    ):
        node = node.args[0]
    value = ast.literal_eval(node)
    if isinstance(value, list | tuple | set | frozenset | dict):
        return value
    raise ValueError("not a collection")


def _key(value: Any) -> str:
    if isinstance(value, set | frozenset):
        return json.dumps(sorted(value, key=repr), default=repr)
    if isinstance(value, dict) and not all(isinstance(k, str) for k in value):
        # A table keyed by tuples or numbers: JSON takes string keys only.
        return json.dumps(sorted((repr(k), _key(v)) for k, v in value.items()))
    return json.dumps(value, sort_keys=True, default=repr)


def _constants() -> list[tuple[str, str, Any]]:
    """(module, name, value) of every module-level literal collection of first-party code."""
    found = []
    for path in _tracked(*(f"{p}/*.py" for p in PACKAGES)):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, ast.AnnAssign) and node.value else []  # fmt: skip
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if not names:
                continue
            value_node = node.value
            assert value_node is not None
            try:
                value = _literal(value_node)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
            module = str(path.relative_to(ROOT))
            found += [(module, name, value) for name in names]
    return found


def test_no_constant_is_defined_in_two_modules() -> None:
    by_name: dict[tuple[str, str], list[str]] = defaultdict(list)
    by_value: dict[str, list[str]] = defaultdict(list)
    for module, name, value in _constants():
        if name in ALLOWED_CONSTANTS or not value:  # an empty table or cache states nothing
            continue
        by_name[(name, _key(value))].append(f"{module}:{name}")
        if len(value) >= MIN_FACT_ITEMS and all(isinstance(v, str) for v in value):
            by_value[_key(value)].append(f"{module}:{name}")
    twice = [places for places in by_name.values() if len({p.split(":")[0] for p in places}) > 1]
    twice += [places for places in by_value.values() if len(places) > 1 and places not in twice]
    assert twice == [], f"constants defined twice: {twice}"


def _json_lists(value: Any, where: str) -> list[tuple[str, list[str]]]:
    """Every list of strings inside a JSON value, with where it is."""
    if isinstance(value, list):
        found = [(where, value)] if value and all(isinstance(v, str) for v in value) else []
        for i, item in enumerate(value):
            found += _json_lists(item, f"{where}[{i}]")
        return found
    if isinstance(value, dict):
        found = []
        for key, item in value.items():
            found += _json_lists(item, f"{where}.{key}")
        return found
    return []


def test_no_constant_restates_a_data_file() -> None:
    """A literal vocabulary in code that a data file already holds is a second copy."""
    in_files: dict[str, str] = {}
    for path in _data_files():
        if path.suffix == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
            for where, items in _json_lists(data, str(path.relative_to(ROOT))):
                if len(items) >= 2:
                    in_files.setdefault(_key(tuple(items)), where)
                    in_files.setdefault(_key(frozenset(items)), where)
    restated = [
        f"{module}:{name} = {where}"
        for module, name, value in _constants()
        if name not in ALLOWED_CONSTANTS
        and len(value) >= 2
        and all(isinstance(v, str) for v in value)
        and (where := in_files.get(_key(value)))
    ]
    assert restated == [], f"constants that restate a data file: {restated}"


def test_the_allowed_list_names_constants_that_exist() -> None:
    names = {name for _, name, _ in _constants()}
    assert set(ALLOWED_CONSTANTS) <= names
