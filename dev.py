#!/usr/bin/env python3
"""Set up Cardhouse and run it: the two Quick start commands of the README.

    python3 dev.py serve   # venv, install, compile the engine, migrate, load the catalogue,
                           # serve on :8000
    python3 dev.py test    # venv, install, compile the engine, run the whole test suite
                           # (extra args go to pytest)
    python3 dev.py prod    # a production-like stack: gunicorn + a Celery worker on
                           # the local PostgreSQL and Redis (docs/deploy.md)

Standard library only, so it runs on a machine with nothing but Python 3.11.
The virtual environment lives in .venv and is reinstalled only when
pyproject.toml changes; the engine is compiled with mypyc when a C compiler is present
and recompiled only when its sources change (CARDHOUSE_ENGINE=pure skips it).
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


def ensure_engine() -> None:
    """Compile the rules engine with mypyc unless it is current or cannot be (then the
    engine runs as pure Python and one line says why): play/engine_build.py."""
    _run(PYTHON, "-m", "play.engine_build", "build")


def setup() -> None:
    ensure_venv()
    ensure_engine()


def serve(extra: list[str]) -> None:
    setup()
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
    setup()
    ensure_chromium()
    _run(PYTHON, "-m", "pytest", *extra)


PROD_DEFAULTS = {
    "DJANGO_DEBUG": "false",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/cardhouse",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    "CACHE_URL": "redis://127.0.0.1:6379/1",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    # Plain HTTP on loopback: nothing in front terminates TLS here (docs/deploy.md).
    "DJANGO_SSL_REDIRECT": "false",
    "DJANGO_SECURE_COOKIES": "false",
}


def _secret_key() -> str:
    """A strong key kept in var/ so sessions survive restarts of the local stack."""
    path = ROOT / "var" / "secret-key"
    if not path.exists():
        import secrets

        path.parent.mkdir(exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def prod(extra: list[str]) -> None:
    """Start gunicorn and a Celery worker with production settings; stop both together."""
    import signal
    import time

    setup()
    address = extra[0] if extra else "127.0.0.1:8000"
    env = PROD_DEFAULTS | dict(os.environ)
    env.setdefault("DJANGO_SECRET_KEY", _secret_key())
    (ROOT / "var").mkdir(exist_ok=True)  # the beat schedule lives there
    _run(PYTHON, "-m", "config.createdb", env=env)
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput", "-v", "0"],
                 ["load_catalogue"]):  # fmt: skip
        _run(PYTHON, "manage.py", *step, env=env)
    # Sync workers, gunicorn's advice of two a core and one more: each takes one request at
    # a time from the listening socket, so a busy one is never handed more (threaded
    # workers keep their kept-alive connections, unevenly: docs/benchmarks.md). They want
    # a buffering proxy in front against slow clients (docs/deploy.md); WEB_THREADS > 1
    # selects threaded workers instead. The timeout stays above the statement timeout.
    workers = env.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1) + 1))
    web = [BIN / "gunicorn", "config.wsgi", "--bind", address, "--workers", workers,
           "--threads", env.get("WEB_THREADS", "1"), "--timeout", "60",
           "--access-logfile", "-"]  # fmt: skip
    # --beat: this worker also runs the periodic check for stalled simulations.
    worker = [PYTHON, "-m", "celery", "-A", "config", "worker", "-l", "INFO", "--beat",
              "-s", ROOT / "var" / "celerybeat-schedule",
              "-c", env.get("CELERY_CONCURRENCY", "1")]  # fmt: skip
    children = [subprocess.Popen(command, cwd=ROOT, env=env) for command in (web, worker)]
    print(f"Cardhouse (production settings) at http://{address}/  health: /healthz", flush=True)

    def stop(*_args: object) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()

    signal.signal(signal.SIGTERM, stop)
    try:
        while all(child.poll() is None for child in children):
            time.sleep(0.5)
    finally:
        stop()
        for child in children:
            child.wait(timeout=30)
    sys.exit(max(child.returncode or 0 for child in children))


COMMANDS = {
    "serve": serve,
    "test": test,
    "prod": prod,
    "setup": lambda _extra: setup(),
}


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
