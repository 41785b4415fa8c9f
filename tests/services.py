"""Servers of a test's own: a free port, and a private Redis (the cache and broker fault
tests kill and restart it)."""

from __future__ import annotations

import signal
import socket
import subprocess
import tempfile

import pytest
import redis

from tests.waiting import WAIT_SECONDS, wait_for


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivateRedis:
    """A Redis server of this test's own, which keeps nothing on disk: a restart loses
    every queued task, the worst case for a broker restart."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="cardhouse-redis-")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                   "--save", "", "--appendonly", "no", "--dir", self.folder]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        wait_for(self.answers, f"the private Redis to answer on port {self.port}")

    def answers(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            pytest.fail(f"the private Redis exited with {self.process.returncode}")
        try:
            return bool(redis.Redis.from_url(self.url).ping())
        except redis.ConnectionError:
            return False

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=WAIT_SECONDS)
