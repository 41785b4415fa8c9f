"""Every module constant of the engine is annotated ``Final`` (docs/engine.md, "Compiled
engine"): compiled, a ``Final`` name is a C static (an int or a string inlined), where any
other module-level name is looked up in the module's dict at every use; the hot paths read
such constants at every step (phases, zones, tables of actions). Read from the source.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "play" / "engine"
#: Constant case, two characters at least (a one-letter name is a type variable).
CONSTANT = re.compile(r"_?[A-Z][A-Z0-9_]+")


def _unannotated_constants(tree: ast.Module) -> list[tuple[int, str]]:
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                found += [
                    (node.lineno, name.id)
                    for name in names
                    if isinstance(name, ast.Name) and CONSTANT.fullmatch(name.id)
                ]
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and CONSTANT.fullmatch(node.target.id)
            and "Final" not in ast.unparse(node.annotation)
        ):
            found.append((node.lineno, node.target.id))
    return found


def test_every_engine_constant_is_final() -> None:
    missing = [
        f"{path.relative_to(ENGINE)}:{line} {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for line, name in _unannotated_constants(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert missing == []


def test_the_check_sees_plain_annotated_and_unpacked_constants() -> None:
    source = "AA = 1\nBB: int = 2\nCC, DD = 3, 4\nEE: Final = 5\nlow = 6\nFF: Final[int] = 7\n"
    found = _unannotated_constants(ast.parse(source))
    assert found == [(1, "AA"), (2, "BB"), (3, "CC"), (3, "DD")]
