"""Compile the rules engine with mypyc: ``python -m play.engine_build [build|clean|which]``.

``dev.py`` runs ``build`` before it sets up or tests anything: every module of
``play/engine/`` is compiled when a C compiler and the Python headers are present. The
compiled modules sit beside their sources (``*.so``, ignored by git); mypyc's shared
library ``cardhouse_engine__mypyc*.so`` and a stamp, ``cardhouse_engine__mypyc.json``,
naming the sources, mypy and Python they were built from, sit at the project's root; a
build whose stamp still matches is kept.
Without a compiler, or if the build fails, one line says so and the engine runs as pure
Python (``CARDHOUSE_ENGINE=compiled`` makes either an error, ``pure`` skips the build).
Which engine runs is chosen at import: play/engine_choice.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

from play.engine_choice import (
    ENGINE,
    GROUP,
    ROOT,
    SHARED_LIB,
    STAMP,
    VARIABLE,
    loadable,
    mode,
    read_stamp,
    running,
    sources,
    sources_digest,
)

BUILD_LOG = ROOT / "build" / "engine-mypyc.log"
#: The optimisation level given to the C compiler: level 1 compiles the engine's one
#: large C file in a few minutes, where level 3 takes several times longer for a few
#: per cent (docs/benchmarks.md, "Compiled engine").
OPT_LEVEL = "1"


CACHE_VARIABLE = "CARDHOUSE_BUILD_CACHE"
#: Finished builds kept in the cache, the most recently made or used first.
CACHE_KEEP = 3


def _mypy_version() -> str:
    from importlib.metadata import version

    return version("mypy")


def build_key() -> dict[str, str]:
    """What a build is made from: rebuilt when any of these changes."""
    return {
        "sources": sources_digest(),
        "mypy": _mypy_version(),
        "python": sys.implementation.cache_tag or sys.version,
    }


def compiled_files() -> list[Path]:
    """The compiled modules present (any Python version's), the shared library first."""
    shared = sorted(ROOT.glob(f"{SHARED_LIB}*.so")) + sorted(ROOT.glob(f"{SHARED_LIB}*.pyd"))
    return shared + sorted(ENGINE.rglob("*.so")) + sorted(ENGINE.rglob("*.pyd"))


def missing_toolchain() -> str | None:
    """What is missing to compile C extensions, in words, or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").exists():
        return f"no Python headers ({include}/Python.h: the python3-dev package)"
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"no {error.name} in this environment"
    return None


def remove_compiled() -> None:
    """Delete every compiled module and the stamp (the sources then run)."""
    for path in compiled_files():
        path.unlink()
    STAMP.unlink(missing_ok=True)


_MYPY_CONFIG = """\
[mypy]
python_version = {python}
strict = True

# play/__init__.py chooses the engine through this module; it is not part of the engine.
[mypy-play.engine_choice]
follow_imports = skip
"""


def _compile() -> None:
    """Run mypyc over the engine, in this process (``build`` runs it in a child)."""
    from mypyc.build import mypycify
    from setuptools import setup

    work = ROOT / "build" / "engine-mypyc"
    work.mkdir(parents=True, exist_ok=True)
    config = work / "mypy.ini"
    config.write_text(_MYPY_CONFIG.format(python=f"{sys.version_info[0]}.{sys.version_info[1]}"))
    os.chdir(ROOT)
    modules = [path.relative_to(ROOT).as_posix() for path in sources()]
    # setuptools' or distutils' Extension, as mypyc finds them: setup takes either.
    extensions: list[Any] = mypycify(
        [f"--config-file={config}", *modules],
        opt_level=OPT_LEVEL,
        group_name=GROUP,
        target_dir=str(work / "c"),
    )
    places = ["--build-temp", str(work / "temp"), "--build-lib", str(work / "lib")]
    setup(
        name="cardhouse-engine",
        ext_modules=extensions,
        script_args=["build_ext", "--inplace", *places],
    )


def cache_dir() -> Path | None:
    """Where finished builds are kept by their key, so a fresh clone of the same sources
    (CI) restores one instead of compiling: ``CARDHOUSE_BUILD_CACHE``, by default
    ``~/.cache/cardhouse/engine`` (``off`` keeps none)."""
    value = os.environ.get(CACHE_VARIABLE)
    if value is not None:
        return None if value.strip().lower() in ("", "off") else Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardhouse" / "engine"


def _cache_entry(key: dict[str, str]) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    name = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:24]
    return folder / name


def save_to_cache(key: dict[str, str]) -> None:
    """Keep a copy of the build just made under its key (trimmed to ``CACHE_KEEP``)."""
    entry = _cache_entry(key)
    if entry is None or entry.exists():
        return
    staging = entry.with_name(f"{entry.name}.{os.getpid()}.partial")
    try:
        for path in compiled_files():
            copy = staging / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)
        staging.rename(entry)  # whole or not at all: another process may read it
        others = [p for p in entry.parent.iterdir() if p != entry and "." not in p.name]
        others.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in others[CACHE_KEEP - 1 :]:  # the new one is kept, and the latest others
            shutil.rmtree(old, ignore_errors=True)
    except OSError as error:
        print(f"Engine: the build was not cached ({error}).", flush=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def restore_from_cache(key: dict[str, str]) -> bool:
    """Put back a cached build of this key; whether one was there and loads."""
    entry = _cache_entry(key)
    if entry is None or not entry.is_dir():
        return False
    remove_compiled()
    try:
        for path in entry.rglob("*"):
            if path.is_file():
                target = ROOT / path.relative_to(entry)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
        os.utime(entry)  # recently used: kept longest
    except OSError:
        remove_compiled()
        return False
    if not loadable():
        remove_compiled()
        return False
    STAMP.write_text(json.dumps(key, indent=1) + "\n")
    return True


def build() -> int:
    """Compile the engine unless it is current, cannot be, or is not wanted; 0 unless
    ``CARDHOUSE_ENGINE=compiled`` asked for a build that failed."""
    wanted = mode()
    if wanted == "pure":
        print(f"Engine: pure Python ({VARIABLE}=pure); not compiled.", flush=True)
        return 0
    key = build_key()
    if read_stamp() == key and loadable():
        print("Engine: compiled with mypyc, up to date.", flush=True)
        return 0
    if restore_from_cache(key):
        print(f"Engine: compiled with mypyc, restored from the build cache ({cache_dir()}).",
              flush=True)  # fmt: skip
        return 0
    missing = missing_toolchain()
    if missing is not None:
        remove_compiled()
        print(f"Engine: pure Python ({missing}; compiling it needs gcc and python3-dev).",
              flush=True)  # fmt: skip
        return 1 if wanted == "compiled" else 0
    remove_compiled()
    print(f"Engine: compiling with mypyc {key['mypy']} (a few minutes; {VARIABLE}=pure "
          f"skips it); log in {BUILD_LOG.relative_to(ROOT)}", flush=True)  # fmt: skip
    BUILD_LOG.parent.mkdir(parents=True, exist_ok=True)
    with BUILD_LOG.open("w") as log:
        done = subprocess.run(
            [sys.executable, "-m", "play.engine_build", "compile"],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=os.environ | {VARIABLE: "pure"},  # the compiler's own imports: sources
            check=False,
        )
    if done.returncode != 0 or not loadable():
        remove_compiled()
        tail = BUILD_LOG.read_text(errors="replace").splitlines()[-5:]
        print("Engine: the mypyc build failed; the engine runs as pure Python.", *tail,
              sep="\n", flush=True)  # fmt: skip
        return 1 if wanted == "compiled" else 0
    STAMP.write_text(json.dumps(key, indent=1) + "\n")
    save_to_cache(key)
    print("Engine: compiled with mypyc.", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "build"
    if command == "build":
        return build()
    if command == "compile":
        _compile()
        return 0
    if command == "clean":
        remove_compiled()
        return 0
    if command == "which":
        print(running())
        return 0
    print("usage: python -m play.engine_build [build|clean|which]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
