"""Create the PostgreSQL database named by DATABASE_URL if it does not exist yet.

    python -m config.createdb

Used by `dev.py prod` on a fresh machine; a SQLite URL needs nothing and is left alone.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import psycopg
from psycopg import sql


def create_database(url: str) -> bool:
    """Create the database if missing; True when it was created."""
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        return False
    name = parts.path.lstrip("/")
    server = parts._replace(scheme="postgresql", path="/postgres").geturl()
    with psycopg.connect(server, autocommit=True) as db:
        if db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return False
        db.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return True


if __name__ == "__main__":
    if create_database(os.environ["DATABASE_URL"]):
        print("Created the database", flush=True)
