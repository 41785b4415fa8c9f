"""The apps' import graph, read from the source: no cycle, every import goes down the layers
play -> decks -> cards -> web -> config (play.engine imports none of them, nor Django), and no
module is longer than MAX_MODULE_LINES. Imports inside functions count like any other: a
cycle hidden behind a function-level import is still a cycle. Imports under
`if TYPE_CHECKING:` are left out: they are read by the type checker only, never run.

Anything that must stay for now is listed below with its reason; nothing is allowed silently.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("config", "web", "cards", "decks", "play")
# Each package may import only the packages below it (config is the bottom).
LAYERS = {"config": 0, "web": 1, "cards": 2, "decks": 3, "play": 4}
ENGINE = "play.engine"
MAX_MODULE_LINES = 600

_EFFECTS_REASON = (
    "a card's effect is checked, read from effects files and described by the engine's "
    "effect vocabulary, the one source of what the engine runs (pure Python, it imports "
    "nothing back); the catalogue stores the effects and their history"
)
# (importer, imported): why it stays for now.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {
    ("config.wsgi", "play.simulations.resumer"): (
        "the web process's entry point starts the simulation resumer of the in-process mode "
        "(no broker); wsgi is where the apps are put together, it is imported by nothing"
    ),
    ("config.wsgi", "cards.bulk.refresher"): (
        "the web process's entry point starts the bulk data refresher of the in-process mode "
        "(no broker), as it starts the simulation resumer"
    ),
    ("decks.api.views", "play.engine.core.rng"): (
        "the sample hand's seed is checked against the engine's MAX_SEED (one limit, one "
        "constant); the engine is pure Python and imports nothing back"
    ),
    ("web.health", "play.engine_choice"): (
        "/healthz says which rules engine runs; engine_choice is standard library only and "
        "imports nothing back"
    ),
    ("decks.analysis", "play.engine.games.chizo.analysis"): (
        "the stack analysis on the deck answers is the engine's (pure Python, it imports "
        "nothing back); the goldfish paths call it through decks.analysis too"
    ),
    ("decks.modelling", "play.engine.core"): (
        "how completely the engine plays each card of a deck is the engine's to say "
        "(Game.card_modelling; pure Python, it imports nothing back)"
    ),
    ("cards.modelling", "play.engine.core"): (
        "each card's modelling status, stored for the search, the API and the card page, is "
        "the engine's to say (Game.card_modelling; pure Python, it imports nothing back)"
    ),
    **{
        (importer, f"play.engine.games.shadowfist.{engine_module}"): _EFFECTS_REASON
        for importer, engine_module in (
            ("cards.effects.files", "effects.effect_file"),
            ("cards.effects.files", "effects.entries"),
            ("cards.effects.files", "effects.vocabulary"),
            ("cards.effects.forms", "effects.entries"),
            ("cards.effects.forms", "effects.spec"),
            ("cards.effects.forms", "effects.vocabulary"),
            ("cards.effects.loading", "effects.effect_file"),
            ("cards.effects.history", "effects.entries"),
            ("cards.effects.shipped", "starter_set"),
            ("cards.effects.reference", "effects.vocabulary"),
            ("cards.effects.reference", "effects.spec"),
            ("cards.effects.reference", "effects.effect_file"),
            ("cards.effects.reference", "starter_set"),
        )
    },
    ("decks.pages.forms", "play.engine.core.rng"): (
        "the sample hand's seed is checked against the engine's MAX_SEED, as in the API"
    ),
}
# path: why it is not split yet.
ALLOWED_LONG: dict[str, str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                modules[_module_name(path)] = path
    return modules


def _imported_names(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module name `module` imports (absolute or relative, at any depth), with the line."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(), str(path))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and _is_type_checking(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                keep = len(base) - node.level + (1 if is_package else 0)
                prefix = ".".join(base[:keep])
                target = f"{prefix}.{node.module}" if node.module else prefix
            else:
                target = node.module or ""
            yield target, node.lineno
            # `from package import module` imports the submodule too.
            for alias in node.names:
                yield f"{target}.{alias.name}", node.lineno


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The first-party module `name` denotes (the longest known prefix), else None."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def _graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], int]]:
    modules = _sources()
    edges: dict[str, set[str]] = {name: set() for name in modules}
    lines: dict[tuple[str, str], int] = {}
    for module, path in modules.items():
        for name, lineno in _imported_names(module, path):
            target = _resolve(name, modules)
            # A package's own __init__ (or a module naming itself) is not an edge.
            if target is None or target == module or module.startswith(target + "."):
                continue
            edges[module].add(target)
            lines.setdefault((module, target), lineno)
    return edges, lines


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as a
    cycle found inside it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def visit(root: str) -> None:
        nonlocal counter
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return [_cycle_in(set(component), edges) for component in components]


def _cycle_in(component: set[str], edges: dict[str, set[str]]) -> list[str]:
    """One cycle through the first module of a strongly connected component."""
    start = min(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(edges[node] & component):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    raise AssertionError(f"no cycle in {component}")  # a component always has one


def _layer(module: str) -> str:
    return ENGINE if module == ENGINE or module.startswith(ENGINE + ".") else module.split(".")[0]


def test_no_import_cycle_between_modules() -> None:
    edges, lines = _graph()
    cycles = _cycles(edges)
    described = [
        " -> ".join(f"{a} (line {lines[(a, b)]})" for a, b in itertools.pairwise(cycle))
        + f" -> {cycle[-1]}"
        for cycle in cycles
    ]
    assert not described, "import cycles:\n" + "\n".join(described)


def test_imports_go_down_the_layers() -> None:
    edges, lines = _graph()
    wrong = []
    for module, targets in edges.items():
        for target in targets:
            source_layer, target_layer = _layer(module), _layer(target)
            if source_layer == ENGINE:
                bad = target_layer != ENGINE
            elif target_layer == ENGINE:
                bad = source_layer != "play"  # play's other modules use the engine
            else:
                bad = LAYERS[target_layer] > LAYERS[source_layer]
            if bad and (module, target) not in ALLOWED_UPWARD:
                wrong.append(f"{module} (line {lines[(module, target)]}) imports {target}")
    assert not wrong, "imports against play -> decks -> cards -> web -> config:\n" + "\n".join(
        sorted(wrong)
    )
    stale = [pair for pair in ALLOWED_UPWARD if pair[1] not in edges.get(pair[0], set())]
    assert not stale, f"allowed but no longer imported (drop them from ALLOWED_UPWARD): {stale}"


def test_the_engine_imports_no_django() -> None:
    wrong = []
    for module, path in _sources().items():
        if _layer(module) != ENGINE:
            continue
        for name, lineno in _imported_names(module, path):
            top = name.split(".")[0]
            if top in {"django", "rest_framework", "celery"}:
                wrong.append(f"{module} (line {lineno}) imports {name}")
    assert not wrong, "the engine is pure Python:\n" + "\n".join(wrong)


def test_no_module_is_too_long() -> None:
    long = {}
    for path in _sources().values():
        relative = path.relative_to(ROOT).as_posix()
        count = len(path.read_text().splitlines())
        if count > MAX_MODULE_LINES and relative not in ALLOWED_LONG:
            long[relative] = count
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"
    stale = [
        relative
        for relative in ALLOWED_LONG
        if len((ROOT / relative).read_text().splitlines()) <= MAX_MODULE_LINES
    ]
    assert not stale, f"allowed as long but no longer are (drop them from ALLOWED_LONG): {stale}"


def test_the_graph_sees_function_level_imports(tmp_path: Path) -> None:
    """The reader itself: an import inside a function, and a relative one, are edges."""
    source = tmp_path / "mod.py"
    source.write_text("def f():\n    from play.tasks import x\n    from .sibling import y\n")
    names = {name for name, _line in _imported_names("play.services.mod", source)}
    assert {"play.tasks", "play.tasks.x", "play.services.sibling"} <= names


def test_the_graph_leaves_out_type_checking_imports(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from play.tasks import x\n"
    )
    names = {name for name, _line in _imported_names("play.mod", source)}
    assert names == {"typing", "typing.TYPE_CHECKING"}


# config holds the settings (with their environment readers and the database they name),
# the URLs, the Celery app and the WSGI/ASGI entry points; the web kit is the `web` app.
CONFIG_MODULES = {
    "config": "the package: loads the Celery app with Django",
    "config.settings": "settings",
    "config.env": "the typed readers of the settings' environment variables",
    "config.createdb": "creates the PostgreSQL database the settings name (set-up)",
    "config.urls": "the top-level URL routes",
    "config.celery": "the Celery app",
    "config.wsgi": "WSGI entry point",
    "config.asgi": "ASGI entry point",
}


def test_config_holds_settings_urls_celery_and_entry_points_only() -> None:
    found = {module for module in _sources() if _layer(module) == "config"}
    assert found - CONFIG_MODULES.keys() == set(), "move these to the web kit or an app"
    assert CONFIG_MODULES.keys() - found == set(), "listed but gone: drop them from the list"


def test_matches_know_nothing_of_simulations() -> None:
    """Simulations start matches (a sample game replayed); matches never import simulations."""
    edges, lines = _graph()
    wrong = [
        f"{module} (line {lines[(module, target)]}) imports {target}"
        for module, targets in edges.items()
        if module.startswith("play.matches")
        for target in targets
        if target.startswith("play.simulations")
    ]
    assert not wrong, "\n".join(sorted(wrong))
