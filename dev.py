#!/usr/bin/env python3
"""Set up Cardhouse and run it: the two Quick start commands of the README.

    python3 dev.py serve   # venv, install, migrate, load the catalogue, serve on :8000
    python3 dev.py test    # venv, install, run the whole test suite (extra args go to pytest)

Standard library only, so it runs on a machine with nothing but Python 3.11.
The virtual environment lives in .venv and is reinstalled only when
pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".cardhouse-installed"


def _run(*args: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True, env=env)


def _requirements_hash() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create .venv and install the project with its dev extras, once per pyproject change."""
    if not PYTHON.exists():
        print(f"Creating virtual environment in {VENV.name}/", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = _requirements_hash()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    _run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
    STAMP.write_text(wanted)


def serve(extra: list[str]) -> None:
    ensure_venv()
    _run(PYTHON, "manage.py", "migrate", "--noinput")
    _run(PYTHON, "manage.py", "load_catalogue")
    address = extra[0] if extra else "127.0.0.1:8000"
    print(f"Cardhouse at http://{address}/  (API: /api/v1/, docs: /api/docs/)", flush=True)
    _run(PYTHON, "manage.py", "runserver", address)


CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))


def ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests when it is missing (as root, or
    through sudo without a password). If that fails, the browser tests fail and say why."""
    if CHROMIUM.exists() or not shutil.which("apt-get"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = os.environ | {"DEBIAN_FRONTEND": "noninteractive"}
    print("Installing Chromium for the browser tests (apt-get install chromium)", flush=True)
    install = [*sudo, "apt-get", "install", "-y", "-qq", "chromium"]
    if subprocess.run(install, env=env, check=False).returncode == 0:
        return
    subprocess.run([*sudo, "apt-get", "update", "-qq"], env=env, check=False)  # stale lists
    if subprocess.run(install, env=env, check=False).returncode != 0:
        print("Could not install Chromium; the browser tests will fail.", flush=True)


def test(extra: list[str]) -> None:
    ensure_venv()
    ensure_chromium()
    _run(PYTHON, "-m", "pytest", *extra)


COMMANDS = {"serve": serve, "test": test, "setup": lambda _extra: ensure_venv()}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: python3 dev.py {{{'|'.join(COMMANDS)}}} [args...]")
    try:
        COMMANDS[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as error:
        sys.exit(error.returncode)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
