"""Attacks on a running Cardhouse: the hardening rounds' hostile requests, replayed.

    .venv/bin/python bench/attacks.py                 # the default install, started here
    .venv/bin/python bench/attacks.py --url http://127.0.0.1:8000 --token KEY

Without --url it starts the README's default install (runserver, SQLite in a temporary
folder, the shipped catalogue, Celery in-process) on a free port, with a user of its own,
and stops it at the end. Every request has a 30-second budget: past it, the request counts
as a hang. After each attack /healthz must still answer. Prints one line an attack (its
statuses and slowest answer) and the totals: requests, 5xx, hangs, lost health. Exits 1 if
any answer was a 5xx other than the documented 503s, any request hung, the health check
was lost, or an attack's own check failed.

The faults that need a killed process or a concurrent race (Redis or the broker down, a
restarted web process, simultaneous simulation requests on PostgreSQL) are fault tests in
the suite (tests/test_cache_faults.py, tests/play/test_simulation_faults.py,
tests/play/test_simulation_limit_race.py), not requests.
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUDGET_SECONDS = 30.0
# 503 is documented for a search past its time bound and for an unreachable task queue.
DOCUMENTED_5XX = {503}


@dataclass
class Answer:
    status: int  # 0: no answer within the budget (a hang); -1: connection refused
    seconds: float
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """A user agent with a cookie jar (the pages' session and CSRF) and an optional token."""

    def __init__(self, base: str, token: str = "") -> None:
        self.base, self.token = base.rstrip("/"), token
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def csrf(self) -> str:
        return next((c.value or "" for c in self.jar if c.name == "csrftoken"), "")

    def call(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
             form: dict[str, str] | None = None, token: bool = True) -> Answer:  # fmt: skip
        headers = {"Accept": "application/json"} if path.startswith("/api/v1/") else {}
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if method != "GET":
            headers["X-CSRFToken"] = self.csrf()
            headers["Referer"] = self.base + "/"
        if token and self.token:
            headers["Authorization"] = f"Token {self.token}"
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        start = time.monotonic()
        try:
            with self.opener.open(request, timeout=BUDGET_SECONDS) as response:
                return Answer(response.status, time.monotonic() - start,
                              dict(response.headers), response.read())  # fmt: skip
        except urllib.error.HTTPError as error:
            return Answer(error.code, time.monotonic() - start, dict(error.headers), error.read())
        except (TimeoutError, http.client.RemoteDisconnected, ConnectionError):
            return Answer(0, time.monotonic() - start)
        except urllib.error.URLError as error:  # refused: no server listening (yet)
            hung = isinstance(error.reason, TimeoutError)
            return Answer(0 if hung else -1, time.monotonic() - start)

    def login(self, username: str, password: str) -> None:
        self.call("GET", "/accounts/login/")
        answer = self.call("POST", "/accounts/login/", token=False,
                           form={"username": username, "password": password})  # fmt: skip
        if answer.status != 302:
            raise SystemExit(f"could not sign in as {username}: {answer.status}")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Attack:
    item: str
    name: str
    send: Callable[[Client], list[Answer]]
    check: Callable[[list[Answer]], str] = lambda _answers: ""  # a non-empty text is a failure


def _get(path: str) -> Callable[[Client], list[Answer]]:
    return lambda client: [client.call("GET", path)]


def _all_4xx(answers: list[Answer]) -> str:
    bad = [a.status for a in answers if not 400 <= a.status < 500]
    return f"expected 4xx, got {bad}" if bad else ""


def _no_5xx(answers: list[Answer]) -> str:
    bad = [a.status for a in answers if a.status >= 500 and a.status not in DOCUMENTED_5XX]
    return f"5xx {bad}" if bad else ""


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


REGEX_BOMBS = [
    "/" + ".?" * 40 + "#/",
    "/" + "(.|.)" * 30 + "#/",
    "/(a*)*b/",
    "/(a|aa)+$/",
    "/(x+x+)+y/",
    "/^(\\w+\\s?)*$/",
    "o:/" + "(.?)" * 25 + "zz/",
]
NON_ASCII_NUMBERS = ["²", "٣", "\uff11\uff12", "9" * 5000, " 1", "1e3", "0x10"]


def attacks(ids: dict[str, int]) -> list[Attack]:
    deck, match = ids["deck"], ids["match"]
    quoted = [urllib.parse.quote(q) for q in REGEX_BOMBS]
    found: list[Attack] = []
    for q in quoted:
        found += [
            Attack(
                "1",
                f"API search {urllib.parse.unquote(q)[:24]}",
                _get(f"/api/v1/cards/?q={q}"),
                _no_5xx,
            ),
            Attack(
                "1", f"page search {urllib.parse.unquote(q)[:24]}", _get(f"/cards/?q={q}"), _no_5xx
            ),
            Attack(
                "1",
                f"deck panel {urllib.parse.unquote(q)[:24]}",
                _get(f"/decks/{deck}/search/?q={q}"),
                _no_5xx,
            ),
        ]
    for number in NON_ASCII_NUMBERS:
        n = urllib.parse.quote(number)
        short = number[:8]
        found += [
            Attack("6", f"catalogue page={short}", _get(f"/cards/?page={n}"), _all_4xx),
            Attack("6", f"API page={short}", _get(f"/api/v1/cards/?page={n}"), _all_4xx),
            Attack("6", f"API cost__lte={short}", _get(f"/api/v1/cards/?cost__lte={n}"), _all_4xx),
            Attack("6", f"goldfish deck={short}", _get(f"/play/goldfish/?deck={n}"), _all_4xx),
            Attack(
                "6",
                f"act seq={short}",
                _form(f"/play/matches/{match}/act/", {"seq": number, "action_id": "0"}),
                _all_4xx,
            ),
            Attack(
                "6",
                f"undo seq={short}",
                _form(f"/play/matches/{match}/undo/", {"seq": number}),
                _all_4xx,
            ),
            Attack(
                "6",
                f"sample hand seed={short}",
                _get(f"/api/v1/decks/{deck}/sample-hand/?seed={n}"),
                _all_4xx,
            ),
        ]
    for depth in (100, 2_000, 100_000):
        body = _nested(depth)
        found += [
            Attack("7", f"deep JSON {depth}: token", _raw("/api/v1/auth/token/", body), _all_4xx),
            Attack(
                "7", f"deep JSON {depth}: validate", _raw("/api/v1/decks/validate/", body), _all_4xx
            ),
            Attack("7", f"deep JSON {depth}: new deck", _raw("/api/v1/decks/", body), _all_4xx),
            Attack(
                "7",
                f"deep JSON {depth}: action args",
                _post(
                    f"/api/v1/matches/{match}/actions/",
                    {
                        "seq": 0,
                        "action": {
                            "kind": "draw",
                            "player": 0,
                            "args": json.loads(_nested(min(depth, 900))),
                        },
                    },
                ),
                _all_4xx,
            ),
        ]
    found.append(Attack("8", "compare with a missing deck", _compare_missing(deck), _compare_left))
    found.append(Attack("12", "Content-Security-Policy on pages", _pages_csp, _strict_csp))
    found.append(Attack("13", "all-bot ChiZo match", _all_bots(deck), _bots_bounded))
    # Last: it spends the login budget of this address, which the token endpoint shares.
    found.append(Attack("2", "admin login: 20 wrong passwords", _admin_guess, _some_429))
    return found


def _form(path: str, form: dict[str, str]) -> Callable[[Client], list[Answer]]:
    return lambda client: [client.call("POST", path, form=form, token=False)]


def _raw(path: str, body: bytes) -> Callable[[Client], list[Answer]]:
    return lambda client: [client.call("POST", path, raw=body)]


def _post(path: str, body: Any) -> Callable[[Client], list[Answer]]:
    return lambda client: [client.call("POST", path, body)]


def _admin_guess(client: Client) -> list[Answer]:
    anonymous = Client(client.base)
    anonymous.call("GET", "/admin/login/")
    form = {"username": "nobody", "password": "wrong", "next": "/admin/"}
    return [anonymous.call("POST", "/admin/login/", form=form) for _ in range(20)]


def _some_429(answers: list[Answer]) -> str:
    statuses = Counter(a.status for a in answers)
    return "" if statuses[429] else f"no 429 in {dict(statuses)}"


def _compare_missing(deck: int) -> Callable[[Client], list[Answer]]:
    def send(client: Client) -> list[Answer]:
        before = client.call("GET", "/api/v1/simulations/")
        sent = client.call("POST", "/api/v1/simulations/compare/",
                           {"decks": [deck, 999_999], "games": 100})  # fmt: skip
        after = client.call("GET", "/api/v1/simulations/")
        return [sent, before, after]

    return send


def _compare_left(answers: list[Answer]) -> str:
    sent, before, after = answers
    if sent.status != 400:
        return f"expected 400, got {sent.status}"
    if before.json()["count"] != after.json()["count"]:
        return "a simulation was left behind"
    return ""


def _pages_csp(client: Client) -> list[Answer]:
    return [client.call("GET", path) for path in ("/", "/cards/", "/api/docs/", "/admin/login/")]


def _strict_csp(answers: list[Answer]) -> str:
    for answer in answers:
        policy = answer.headers.get("Content-Security-Policy", "")
        script = next((d for d in policy.split(";") if d.strip().startswith("script-src")), "")
        if not script or "unsafe-inline" in script or "unsafe-eval" in script:
            return f"script-src not strict: {policy!r}"
    return ""


def _all_bots(deck: int) -> Callable[[Client], list[Answer]]:
    """Four ChiZo planners on one stack, played to the end: start, then advance/ while the
    bots are not done (each request within the bot budget)."""

    def send(client: Client) -> list[Answer]:
        seats = [{"player": "planner", "deck": deck}] * 4
        body = {"game": "chizo", "mode": "bots", "seed": 1, "seats": seats}
        answers = [client.call("POST", "/api/v1/matches/", body)]
        while answers[-1].status in (200, 201) and answers[-1].json()["bots_pending"]:
            view = answers[-1].json()
            path = f"/api/v1/matches/{view['id']}/advance/"
            answers.append(client.call("POST", path, {"seq": view["seq"]}))
            if len(answers) > 500:
                break
        return answers

    return send


# Far above what the bot budget (0.2 s of CPU) lets a request spend, on a loaded machine too.
SLOW_REQUEST_SECONDS = 2.0


def _bots_bounded(answers: list[Answer]) -> str:
    if any(a.status not in (200, 201) for a in answers):
        return f"statuses {sorted({a.status for a in answers})}"
    if not answers[-1].json()["is_over"]:
        return "the game did not end"
    slowest = max(a.seconds for a in answers)
    return f"a request took {slowest:.2f} s" if slowest > SLOW_REQUEST_SECONDS else ""


def run(base: str, client: Client, ids: dict[str, int], items: set[str]) -> int:
    statuses: Counter[int] = Counter()
    hangs = lost = failed = requests = 0
    print(f"{'item':4} {'attack':44} {'requests':>8} {'slowest s':>9}  statuses / check")
    chosen = [attack for attack in attacks(ids) if not items or attack.item in items]
    for attack in chosen:
        answers = attack.send(client)
        requests += len(answers)
        statuses.update(a.status for a in answers)
        hung = sum(a.status == 0 for a in answers)
        problem = attack.check(answers) or _no_5xx(answers) or ("hang" if hung else "")
        health = Client(base).call("GET", "/healthz")
        if health.status != 200:
            lost += 1
            problem = problem or f"/healthz answered {health.status}"
        hangs += hung
        failed += bool(problem)
        slowest = max(a.seconds for a in answers)
        shown = " ".join(f"{s}:{n}" for s, n in sorted(Counter(a.status for a in answers).items()))
        print(f"{attack.item:4} {attack.name[:44]:44} {len(answers):8} {slowest:9.2f}  {shown}"
              f"{'  FAILED: ' + problem if problem else ''}", flush=True)  # fmt: skip
    server_errors = sum(n for s, n in statuses.items() if s >= 500)
    undocumented = sum(n for s, n in statuses.items() if s >= 500 and s not in DOCUMENTED_5XX)
    print(f"\n{len(chosen)} attacks, {requests} requests: 5xx {server_errors} "
          f"(undocumented {undocumented}), hangs {hangs}, health lost {lost}, "
          f"checks failed {failed}")  # fmt: skip
    return 1 if failed or undocumented or hangs or lost else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _manage(env: dict[str, str], *args: str) -> str:
    command = [sys.executable, "manage.py", *args]
    return subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True,
                          text=True).stdout  # fmt: skip


SETUP = """
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from cards.models import Card
from decks.services import deck_create_from_text
user = User.objects.create_user("attacker", password="{password}")
text = "6 Rat\\n6 Rabbit\\n6 Horse\\n6 Rooster\\n3 Ox\\n3 Dragon\\n3 Golden Egg"
deck = deck_create_from_text(owner=user, game="chizo", name="Attack stack", text=text)
print(Token.objects.create(user=user).key, deck.pk)
"""


def start_default_install(folder: Path) -> tuple[subprocess.Popen[bytes], str, str, int, str]:
    port = _free_port()
    env = os.environ | {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
                        "LOG_LEVEL": "ERROR", "THROTTLE_MATCH_CREATE": "1000/min"}  # fmt: skip
    env.pop("CELERY_BROKER_URL", None)
    _manage(env, "migrate", "--noinput")
    _manage(env, "load_catalogue")
    password = secrets.token_urlsafe(16)
    token, deck = _manage(env, "shell", "-v", "0", "-c", SETUP.format(password=password)).split()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT, env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):  # up to a minute for the server to listen
        if Client(base).call("GET", "/healthz").status == 200:
            return server, base, token, int(deck), password
        threading.Event().wait(0.1)
    os.killpg(server.pid, signal.SIGTERM)
    raise SystemExit("the server did not answer /healthz")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running install (then --token, --password, --deck)")
    parser.add_argument("--token", default="")
    parser.add_argument("--username", default="attacker")
    parser.add_argument("--password", default="")
    parser.add_argument("--deck", type=int, default=0, help="one of the user's ChiZo decks")
    parser.add_argument("--item", action="append", help="only these items of the list (1, 2, ...)")
    args = parser.parse_args()
    server = None
    with tempfile.TemporaryDirectory() as folder:
        if args.url:
            base, token, deck = args.url, args.token, args.deck
        else:
            server, base, token, deck, args.password = start_default_install(Path(folder))
        try:
            client = Client(base, token)
            client.login(args.username, args.password)
            match = client.call("POST", "/api/v1/matches/",
                                {"game": "chizo", "mode": "goldfish", "deck": deck})  # fmt: skip
            if match.status != 201:
                raise SystemExit(f"could not start a goldfish match: {match.status} {match.body!r}")
            ids = {"deck": deck, "match": match.json()["id"]}
            sys.exit(run(base, client, ids, set(args.item or [])))
        finally:
            if server:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=60)


if __name__ == "__main__":
    main()
