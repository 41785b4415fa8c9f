"""Choosing the engine (compiled with mypyc, or pure Python) and building it.

The real build runs in ``dev.py setup`` and ``python -m tests.same_engines`` compares the
two engines' games; these tests pin the decisions around them on stand-in files."""

from __future__ import annotations

import importlib.machinery
import json
import subprocess
import sys
from pathlib import Path
from subprocess import CompletedProcess
from typing import TextIO

import pytest
from django.test import Client

from play import engine_build, engine_choice
from play.engine_choice import STALE, EngineBuildError, EngineChoice, StaleEngineWarning

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The stamp and the shared library looked for in an empty folder."""
    monkeypatch.setattr(engine_choice, "ROOT", tmp_path)
    monkeypatch.setattr(engine_choice, "STAMP", tmp_path / "stamp.json")
    monkeypatch.delenv("CARDHOUSE_ENGINE", raising=False)
    return tmp_path


def built(folder: Path, sources: str) -> None:
    """A stand-in build: a shared library file and a stamp naming ``sources``."""
    (folder / f"{engine_choice.SHARED_LIB}{SUFFIX}").write_bytes(b"")
    (folder / "stamp.json").write_text(json.dumps({"sources": sources, "mypy": "9.9"}))


def test_the_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDHOUSE_ENGINE", " PURE ")
    assert engine_choice.mode() == "pure"
    monkeypatch.setenv("CARDHOUSE_ENGINE", "fast")
    with pytest.raises(EngineBuildError, match="one of auto, pure, compiled, not 'fast'"):
        engine_choice.mode()


def test_without_a_build_the_sources_run(elsewhere: Path) -> None:
    assert engine_choice.decide() == EngineChoice("pure", "not compiled")


def test_a_build_matching_the_sources_runs_compiled(elsewhere: Path) -> None:
    built(elsewhere, engine_choice.sources_digest())
    assert engine_choice.decide() == EngineChoice("compiled", "mypyc 9.9")


def test_a_stamp_without_a_library_for_this_python_is_no_build(elsewhere: Path) -> None:
    built(elsewhere, engine_choice.sources_digest())
    (elsewhere / f"{engine_choice.SHARED_LIB}{SUFFIX}").rename(elsewhere / "other-abi.so")
    assert engine_choice.decide() == EngineChoice("pure", "not compiled")


def test_a_build_older_than_the_sources_is_set_aside(elsewhere: Path) -> None:
    built(elsewhere, "0" * 64)
    assert engine_choice.decide() == EngineChoice("pure", STALE)


def test_pure_is_chosen_whatever_is_built(elsewhere: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built(elsewhere, engine_choice.sources_digest())
    monkeypatch.setenv("CARDHOUSE_ENGINE", "pure")
    assert engine_choice.decide() == EngineChoice("pure", "CARDHOUSE_ENGINE=pure")


@pytest.mark.parametrize("stamp", [None, "0" * 64])
def test_compiled_asked_of_no_current_build_is_an_error(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, stamp: str | None
) -> None:
    if stamp is not None:
        built(elsewhere, stamp)
    monkeypatch.setenv("CARDHOUSE_ENGINE", "compiled")
    with pytest.raises(EngineBuildError, match=r"run python3 dev\.py setup"):
        engine_choice.decide()


def test_a_stale_build_warns_and_the_imports_take_the_sources(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built(elsewhere, "0" * 64)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))  # restored afterwards
    monkeypatch.setattr(engine_choice, "CHOICE", engine_choice.CHOICE)
    with pytest.warns(StaleEngineWarning, match="older than its sources"):
        assert engine_choice.choose() == EngineChoice("pure", STALE)
    assert isinstance(sys.meta_path[0], engine_choice._SourcesOnly)


def test_the_sources_finder_passes_over_a_compiled_module_beside_its_source(
    tmp_path: Path,
) -> None:
    (tmp_path / "rules.py").write_text("")
    (tmp_path / f"rules{SUFFIX}").write_bytes(b"")
    finder = engine_choice._SourcesOnly()

    spec = finder.find_spec("play.engine.games.rules", [str(tmp_path)])
    assert spec is not None
    assert spec.origin == str(tmp_path / "rules.py")
    assert isinstance(spec.loader, importlib.machinery.SourceFileLoader)
    # Only the engine's modules: everything else is found as usual.
    assert finder.find_spec("play.models", [str(tmp_path)]) is None
    assert finder.find_spec("play.engine.games.missing", [str(tmp_path)]) is None


def test_the_engine_is_chosen_when_first_imported_not_with_the_app() -> None:
    """Importing ``play`` (the Django app, the build command) decides nothing; the first
    import of ``play.engine`` does."""
    script = (
        "import play\n"
        "from play import engine_choice\n"
        "print(engine_choice.CHOICE.reason)\n"
        "import play.engine.core\n"
        "print(engine_choice.CHOICE == engine_choice.decide())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True,
        cwd=Path(engine_choice.ROOT),
    )  # fmt: skip
    assert done.stdout.splitlines() == ["not chosen yet", "True"]


def test_the_engine_running_is_the_one_chosen() -> None:
    from play.engine.core import game

    choice = engine_choice.running()
    compiled = str(game.__file__).endswith(SUFFIX)
    assert choice.kind == ("compiled" if compiled else "pure")


@pytest.mark.django_db
def test_the_health_check_names_the_engine(client: Client) -> None:
    body = client.get("/healthz").json()
    assert body["engine"] == str(engine_choice.running())
    assert body["engine"].startswith(("compiled (mypyc ", "pure ("))


def test_playout_names_the_engine_in_its_header() -> None:
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("playout", "raise", "--games", "2", "--no-progress", stdout=out)
    assert out.getvalue().splitlines()[1] == f"engine: {engine_choice.running()}"


# -- building ----------------------------------------------------------------------


@pytest.fixture
def no_build(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The build's deletions and compiler runs recorded instead of done."""
    done: list[str] = []
    monkeypatch.setattr(engine_build, "remove_compiled", lambda: done.append("removed"))
    monkeypatch.setattr(engine_build, "read_stamp", lambda: None)
    monkeypatch.delenv("CARDHOUSE_ENGINE", raising=False)
    monkeypatch.setenv("CARDHOUSE_BUILD_CACHE", "off")
    return done


def test_pure_builds_nothing(
    no_build: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDHOUSE_ENGINE", "pure")
    assert engine_build.build() == 0
    assert no_build == []
    assert "pure Python (CARDHOUSE_ENGINE=pure)" in capsys.readouterr().out


@pytest.mark.parametrize(("wanted", "code"), [("auto", 0), ("compiled", 1)])
def test_without_a_compiler_one_line_says_the_engine_runs_pure(
    no_build: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    wanted: str,
    code: int,
) -> None:
    monkeypatch.setenv("CARDHOUSE_ENGINE", wanted)
    monkeypatch.setattr(engine_build, "missing_toolchain", lambda: "no C compiler (cc)")
    assert engine_build.build() == code
    assert capsys.readouterr().out == (
        "Engine: pure Python (no C compiler (cc); compiling it needs gcc and python3-dev).\n"
    )
    assert no_build == ["removed"]  # a build of other sources is not left behind


@pytest.mark.parametrize(("wanted", "code"), [("auto", 0), ("compiled", 1)])
def test_a_failed_build_leaves_the_pure_engine(
    no_build: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    wanted: str,
    code: int,
) -> None:
    monkeypatch.setenv("CARDHOUSE_ENGINE", wanted)
    monkeypatch.setattr(engine_build, "missing_toolchain", lambda: None)
    monkeypatch.setattr(engine_build, "BUILD_LOG", tmp_path / "build.log")
    monkeypatch.setattr(engine_build, "ROOT", tmp_path)
    stamp = tmp_path / "stamp.json"
    monkeypatch.setattr(engine_build, "STAMP", stamp)

    def failing(*args: object, stdout: TextIO, **kwargs: object) -> CompletedProcess[str]:
        stdout.write("error: command 'gcc' failed\n")
        return CompletedProcess([], 1)

    monkeypatch.setattr(engine_build.subprocess, "run", failing)
    assert engine_build.build() == code
    out = capsys.readouterr().out
    assert "the mypyc build failed; the engine runs as pure Python" in out
    assert "error: command 'gcc' failed" in out
    assert no_build == ["removed", "removed"]  # the old build, then the failed one
    assert not stamp.exists()


def test_a_current_build_is_kept(
    no_build: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    key = {"sources": "s", "mypy": "m", "python": "p"}
    monkeypatch.setattr(engine_build, "build_key", lambda: key)
    monkeypatch.setattr(engine_build, "read_stamp", lambda: dict(key))
    monkeypatch.setattr(engine_build, "loadable", lambda: True)
    assert engine_build.build() == 0
    assert no_build == []
    assert capsys.readouterr().out == "Engine: compiled with mypyc, up to date.\n"


def test_the_build_key_names_the_sources_mypy_and_python() -> None:
    key = engine_build.build_key()
    assert key["sources"] == engine_choice.sources_digest()
    assert key["python"] == sys.implementation.cache_tag
    assert key["mypy"][0].isdigit()


def test_the_same_transcripts_check_names_what_differs_or_is_missing() -> None:
    from tests.same_engines import compare

    assert compare({"a": "1", "b": "2"}, {"a": "1", "b": "2"}) == []
    assert compare({"a": "1", "b": "2"}, {"a": "1", "b": "3", "c": "4"}) == ["b", "c"]


@pytest.fixture
def stand_in_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Path]:
    """A project of two compiled files (the shared library, one module) and a build cache,
    in a temporary folder: (shared library, module, stamp)."""
    root = tmp_path / "project"
    engine = root / "play" / "engine"
    (engine / "core").mkdir(parents=True)
    shared = root / f"{engine_choice.SHARED_LIB}{SUFFIX}"
    shared.write_bytes(b"library")
    module = engine / "core" / f"game{SUFFIX}"
    module.write_bytes(b"module")
    stamp = root / "stamp.json"
    monkeypatch.setattr(engine_build, "ROOT", root)
    monkeypatch.setattr(engine_build, "ENGINE", engine)
    monkeypatch.setattr(engine_build, "STAMP", stamp)
    monkeypatch.setattr(engine_build, "loadable", shared.exists)
    monkeypatch.setenv("CARDHOUSE_BUILD_CACHE", str(tmp_path / "cache"))
    return shared, module, stamp


def test_a_build_is_cached_and_restored_by_its_key(stand_in_build: tuple[Path, Path, Path]) -> None:
    shared, module, stamp = stand_in_build
    key = {"sources": "a", "mypy": "1", "python": "p"}
    engine_build.save_to_cache(key)
    engine_build.remove_compiled()
    assert not shared.exists()
    assert not module.exists()

    assert not engine_build.restore_from_cache({**key, "sources": "b"})  # other sources
    assert not shared.exists()
    assert engine_build.restore_from_cache(key)
    assert shared.read_bytes() == b"library"
    assert module.read_bytes() == b"module"
    assert json.loads(stamp.read_text()) == key


def test_the_cache_keeps_the_last_builds_only(
    stand_in_build: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    keys = [{"sources": str(n), "mypy": "1", "python": "p"} for n in range(5)]
    for key in keys:
        engine_build.save_to_cache(key)
    assert len(list((tmp_path / "cache").iterdir())) == engine_build.CACHE_KEEP
    engine_build.remove_compiled()
    assert engine_build.restore_from_cache(keys[-1])  # the newest is always kept


def test_no_cache_when_it_is_off(
    stand_in_build: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CARDHOUSE_BUILD_CACHE", "off")
    assert engine_build.cache_dir() is None
    engine_build.save_to_cache({"sources": "a"})
    assert not (tmp_path / "cache").exists()
    assert not engine_build.restore_from_cache({"sources": "a"})
