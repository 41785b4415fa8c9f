"""Which rules engine runs, compiled with mypyc or pure Python, chosen at import.

``play/__init__.py`` has :func:`choose` run when ``play.engine`` is first imported. The
compiled modules (built by ``python -m play.engine_build``, docs/engine.md "Compiled
engine") are used only if their stamp matches the sources as they are now: after an
edit, a stale build is set aside with a warning and the sources run until the next
set-up rebuilds it. :data:`CHOICE` says which engine runs and why (``/healthz``,
``playout``'s header).

``CARDHOUSE_ENGINE`` chooses: ``auto`` (the default: compiled when built and current),
``pure`` (always the sources: the reference, and what mutation testing runs),
``compiled`` (no current compiled build is an error).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PLAY = Path(__file__).resolve().parent
ENGINE = PLAY / "engine"
ROOT = PLAY.parent
#: The name of the build, and of mypyc's shared library: <GROUP>__mypyc.<suffix> at the
#: project's root, where compiled code expects it (it finds the packages' folders from
#: there: inside play/ their __path__ would be wrong).
GROUP = "cardhouse_engine"
SHARED_LIB = f"{GROUP}__mypyc"
STAMP = ROOT / f"{SHARED_LIB}.json"

VARIABLE = "CARDHOUSE_ENGINE"
MODES = ("auto", "pure", "compiled")
STALE = "the compiled build is older than the sources"


@dataclass(frozen=True)
class EngineChoice:
    """Which engine runs (``compiled`` or ``pure``) and why, in words."""

    kind: str
    reason: str

    def __str__(self) -> str:
        return f"{self.kind} ({self.reason})"


class EngineBuildError(RuntimeError):
    """A bad ``CARDHOUSE_ENGINE``, or ``compiled`` asked of an engine not compiled."""


class StaleEngineWarning(UserWarning):
    """The compiled engine no longer matches its sources; the sources run."""


def mode() -> str:
    """The ``CARDHOUSE_ENGINE`` setting, checked."""
    value = os.environ.get(VARIABLE, "auto").strip().lower() or "auto"
    if value not in MODES:
        raise EngineBuildError(f"{VARIABLE} must be one of {', '.join(MODES)}, not {value!r}")
    return value


def sources() -> list[Path]:
    """Every module of the engine, in a stable order."""
    return sorted(ENGINE.rglob("*.py"))


def sources_digest() -> str:
    """sha256 over the engine's sources (paths and contents)."""
    digest = hashlib.sha256()
    for path in sources():
        digest.update(path.relative_to(PLAY).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def read_stamp() -> dict[str, str] | None:
    """What the compiled build was made from, or None without one."""
    try:
        data = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def extension_suffixes() -> list[str]:
    """The file endings of this Python's extension modules."""
    return list(importlib.machinery.EXTENSION_SUFFIXES)


def loadable() -> bool:
    """Whether this Python can load the shared library (its suffix is this ABI's)."""
    return any((ROOT / f"{SHARED_LIB}{suffix}").exists() for suffix in extension_suffixes())


class _SourcesOnly(MetaPathFinder):
    """Finds the engine's modules as sources, passing over compiled ones beside them."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != "play.engine" and not fullname.startswith("play.engine."):
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for entry in path or []:
            finder = importlib.machinery.FileFinder(entry, *loaders)
            spec = finder.find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _run_sources() -> None:
    if not any(isinstance(finder, _SourcesOnly) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourcesOnly())


def decide() -> EngineChoice:
    """Which engine the settings and the files on disk call for (nothing is changed)."""
    wanted = mode()
    if wanted == "pure":
        return EngineChoice("pure", f"{VARIABLE}=pure")
    stamp = read_stamp()
    if stamp is None or not loadable():
        if wanted == "compiled":
            raise EngineBuildError(
                f"{VARIABLE}=compiled, but the engine is not compiled for this Python: "
                "run python3 dev.py setup (it needs a C compiler and the Python headers)"
            )
        return EngineChoice("pure", "not compiled")
    if stamp.get("sources") != sources_digest():
        if wanted == "compiled":
            raise EngineBuildError(
                f"{VARIABLE}=compiled, but the compiled engine is older than its sources: "
                "run python3 dev.py setup to rebuild it"
            )
        return EngineChoice("pure", STALE)
    return EngineChoice("compiled", f"mypyc {stamp.get('mypy', '?')}")


def choose() -> EngineChoice:
    """Decide, and make the engine's imports follow: the sources unless compiled."""
    global CHOICE
    CHOICE = decide()
    if CHOICE.kind == "pure":
        _run_sources()
        if CHOICE.reason == STALE:
            warnings.warn(
                "the compiled engine is older than its sources: running the pure Python "
                "engine (python3 dev.py setup rebuilds it)",
                StaleEngineWarning,
                stacklevel=2,
            )
    return CHOICE


CHOICE = EngineChoice("pure", "not chosen yet")


class _ChooseOnFirstImport(MetaPathFinder):
    """Chooses the engine when ``play.engine`` is first imported, not before: a process
    that never runs the engine (the build itself, most management commands) neither
    reads the sources' digest nor warns about a stale build."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != "play.engine":
            return None
        sys.meta_path.remove(self)
        if choose().kind == "pure":
            return _SourcesOnly().find_spec(fullname, path)
        return None  # the usual finders: the compiled modules


def choose_on_first_import() -> None:
    """Install the chooser (``play/__init__.py``): the engine is chosen when imported."""
    if "play.engine" not in sys.modules and not any(
        isinstance(finder, _ChooseOnFirstImport) for finder in sys.meta_path
    ):
        sys.meta_path.insert(0, _ChooseOnFirstImport())


def running() -> EngineChoice:
    """The engine that actually runs: the choice, checked against a loaded module."""
    from play.engine.core import game

    compiled = any(str(game.__file__).endswith(suffix) for suffix in extension_suffixes())
    if compiled != (CHOICE.kind == "compiled"):  # a bug in the finder, never expected
        raise EngineBuildError(f"the engine chosen was {CHOICE}, but {game.__file__} runs")
    return CHOICE
