"""Load test: the production-like stack under 10, 50 and 100 concurrent clients.

    .venv/bin/python bench/load.py [--seconds 15] [--clients 10 50 100] [--think 0]
    .venv/bin/python bench/load.py --url http://127.0.0.1:8000   # a stack already running

Without --url it starts `python3 dev.py prod` on a fresh PostgreSQL database (throttles
raised: this measures capacity, not the throttles) and stops it at the end. Clients are
asyncio tasks in this process on loopback, each with a kept-alive connection, each sending its
next request when the last one answered (closed loop), or after --think seconds.
Each client's first request (connecting, creating its game) is a warm-up, not counted;
paced clients start spread over one think time. Scenarios: catalogue search (rotating
queries), anonymous deck validation (a 40-tile stack), match actions (each client plays
its own Raise game against a bot). The baseline, measured in the same run at the same
concurrency, is /healthz (the whole stack and one database query). Every level is
bounded by --seconds and --max-requests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import urllib.parse
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "cardhouse_load"
SEARCHES = ["q=t%3Acreature+c%3Arooster", "q=dragon", "q=game%3Ashadowfist+fighting%3E%3D6",
            "q=t%3Acharacter+f%3Adragons", "game=chizo&ordering=-strength", "q=golden"]  # fmt: skip
STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n3 Village"


class Client:
    """One simulated user: a kept-alive connection, a token, and for matches its game and
    seq. HTTP/1.1 by hand over asyncio streams, so that the load generator costs far less
    CPU per request than the server it measures (both share the machine's cores)."""

    def __init__(self, host: str, port: int, token: str = "") -> None:
        self.host, self.port, self.token = host, port, token
        self.match = self.seq = 0
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        payload = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                "Content-Type: application/json", f"Content-Length: {len(payload)}"]  # fmt: skip
        if self.token:
            head.append(f"Authorization: Token {self.token}")
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + payload
        for attempt in (1, 2):
            try:
                return await self._exchange(request)
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()  # the server closed a kept-alive connection
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, request: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        fields = (line.partition(":") for line in lines[1:])
        headers = {name.strip().lower(): value.strip() for name, _, value in fields}
        body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def search(client: Client, n: int) -> int:
    return (await client.call("GET", f"/api/v1/cards/?{SEARCHES[abs(n) % len(SEARCHES)]}"))[0]


async def validate(client: Client, n: int) -> int:
    body = {"game": "chizo", "list": STACK, "formats": ["stack"]}
    return (await client.call("POST", "/api/v1/decks/validate/", body))[0]


async def health(client: Client, n: int) -> int:
    return (await client.call("GET", "/healthz"))[0]


async def act(client: Client, n: int) -> int:
    if not client.match:
        await new_match(client)
    status, raw = await client.call(
        "POST", f"/api/v1/matches/{client.match}/actions/", {"action_id": 0, "seq": client.seq}
    )
    if status == 200:
        view = json.loads(raw)
        client.seq = view["seq"]
        if view["is_over"]:
            client.match = 0
    return status


async def new_match(client: Client) -> None:
    status, raw = await client.call(
        "POST", "/api/v1/matches/", {"game": "raise", "mode": "bots", "seats": ["human", "greedy"]}
    )
    assert status == 201, raw
    view = json.loads(raw)
    client.match, client.seq = view["id"], view["seq"]


Work = Callable[[Client, int], Awaitable[int]]
SCENARIOS: dict[str, Work] = {
    "healthz (baseline)": health,
    "catalogue search": search,
    "deck validation": validate,
    "match actions": act,
}


async def run_level(clients: list[Client], work: Work, seconds: float, max_requests: int,
                    think: float) -> dict[str, float]:  # fmt: skip
    latencies: list[float] = []
    errors = [0]
    rng = random.Random(len(clients))

    async def user(client: Client, deadline: float) -> None:
        if think:  # paced users arrive spread over one think time, not all at once
            await asyncio.sleep(rng.uniform(0, think))
        n = 0
        while time.monotonic() < deadline and len(latencies) + errors[0] < max_requests:
            start = time.perf_counter()
            try:
                ok = await work(client, n) < 400
            except Exception:
                ok = False
            elapsed = time.perf_counter() - start
            if ok:
                latencies.append(elapsed)
            else:
                errors[0] += 1
            n += 1
            if think:
                await asyncio.sleep(think)

    async def warm_up(client: Client) -> None:
        with contextlib.suppress(Exception):  # not counted: connecting, a new game
            await work(client, -1)

    await asyncio.gather(*(warm_up(c) for c in clients))
    began = time.monotonic()
    await asyncio.gather(*(user(c, began + seconds) for c in clients))
    wall = time.monotonic() - began
    await asyncio.gather(*(c.close() for c in clients))
    latencies.sort()

    def pct(p: float) -> float:
        return (
            latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else 0
        )

    return {"rps": len(latencies) / wall, "p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99),
            "errors": errors[0], "requests": len(latencies) + errors[0],
            "mean": statistics.fmean(latencies) * 1000 if latencies else 0}  # fmt: skip


def start_stack(port: int) -> subprocess.Popen[bytes]:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
    env = os.environ | {
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
        "CELERY_QUEUE": f"cardhouse-load-{uuid.uuid4().hex[:8]}",
        "THROTTLE_MATCH_CREATE": "1000000/min",
        "THROTTLE_MATCH_ACTION": "1000000/min",
        "THROTTLE_LOGIN": "1000000/min",
        "LOG_LEVEL": "WARNING",
    }
    command = [sys.executable, "dev.py", "prod", f"127.0.0.1:{port}"]
    stack = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if asyncio.run(Client("127.0.0.1", port).call("GET", "/healthz"))[0] == 200:
                return stack
        except OSError:
            time.sleep(1)
    os.killpg(stack.pid, signal.SIGTERM)
    raise SystemExit("the stack did not become healthy")


def import_real_list() -> None:
    """The real Shadowfist list, when it lies beside the project, as in bench/catalogue.py."""
    folder = os.environ.get("SHADOWFIST_DATA_DIR", str(ROOT.parent / "shared/data/shadowfist"))
    real = Path(folder) / "shadowfist_cards_factual.csv"
    if real.exists():
        env = os.environ | {"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}"}
        subprocess.run([sys.executable, "manage.py", "import_cards", "shadowfist", str(real)],
                       cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)  # fmt: skip


def make_users(count: int, port: int) -> list[str]:
    """Create load users in the stack's database and return their API tokens."""
    code = (
        "from django.contrib.auth.models import User; from rest_framework.authtoken.models "
        "import Token; import sys\n"
        f"for i in range({count}):\n"
        "    u, _ = User.objects.get_or_create(username=f'load{i}')\n"
        "    print(Token.objects.get_or_create(user=u)[0].key)"
    )
    env = os.environ | {"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}"}
    out = subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c", code], cwd=ROOT,
                         env=env, check=True, capture_output=True, text=True).stdout  # fmt: skip
    return out.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running stack; else one is started")
    parser.add_argument("--clients", type=int, nargs="+", default=[10, 50, 100])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--max-requests", type=int, default=20_000)
    parser.add_argument("--think", type=float, default=0.0, help="seconds between requests")
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS))
    args = parser.parse_args()
    port = 8097
    stack = None
    if args.url:
        parts = urllib.parse.urlsplit(args.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
    else:
        host, stack = "127.0.0.1", start_stack(port)
        import_real_list()
    try:
        tokens = make_users(max(args.clients), port) if not args.url else []
        print(f"{'scenario':22} {'clients':>7} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} "
              f"{'p99 ms':>8} {'errors':>6} {'p50/base':>8}")  # fmt: skip
        for count in args.clients:
            base_p50 = 0.0
            for name, work in SCENARIOS.items():
                if args.scenario and name not in args.scenario and "baseline" not in name:
                    continue
                # Only match actions sign in: search and validation are public, and most
                # of their callers are anonymous.
                signed_in = tokens and work is act
                clients = [Client(host, port, tokens[i] if signed_in else "") for i in range(count)]
                figures = asyncio.run(
                    run_level(clients, work, args.seconds, args.max_requests, args.think)
                )
                base_p50 = base_p50 or figures["p50"]
                ratio = figures["p50"] / base_p50 if base_p50 else 0
                print(f"{name:22} {count:7} {figures['rps']:8.0f} {figures['p50']:8.1f} "
                      f"{figures['p95']:8.1f} {figures['p99']:8.1f} {figures['errors']:6} "
                      f"{ratio:8.1f}", flush=True)  # fmt: skip
    finally:
        if stack:
            os.killpg(stack.pid, signal.SIGTERM)
            stack.wait(timeout=60)


if __name__ == "__main__":
    main()
