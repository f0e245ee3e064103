from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from koloda.server import create_app
from tests.engine import toy  # noqa: F401  (registers the toy game)


def db_url(db: Path) -> str:
    """A SQLite file by default; ``KOLODA_TEST_DATABASE_URL`` (e.g. a local PostgreSQL) runs
    the same tests against another database: a database of its own for each test (named after
    the test's file path, created on first use), so tests stay as independent as with SQLite."""
    base = os.environ.get("KOLODA_TEST_DATABASE_URL")
    return _own_database(base, db) if base else f"sqlite:///{db}"


_CREATED: set[str] = set()


def _own_database(base: str, db: Path) -> str:
    import hashlib

    from sqlalchemy import make_url, text

    from koloda.server.store import make_engine

    name = "koloda_t_" + hashlib.sha256(str(db).encode()).hexdigest()[:20]
    url = make_url(base).set(database=name).render_as_string(hide_password=False)
    if name not in _CREATED:
        engine = make_engine(base).execution_options(isolation_level="AUTOCOMMIT")
        with engine.connect() as c:
            if c.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"),
                         {"n": name}).first() is None:
                c.execute(text(f'CREATE DATABASE "{name}"'))
        engine.dispose()
        _CREATED.add(name)
    return url


def make_client(db: Path) -> TestClient:
    """A test server: seeds chosen by the tests, scripted clients faster than people."""
    return TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True, message_rate=1000))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "koloda.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "toy")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def hello(ws: Any, token: str | None, lang: str = "en") -> tuple[dict[str, Any], dict[str, Any]]:
    """Send hello; return (welcome, first state)."""
    ws.send_json({"type": "hello", "token": token, "lang": lang})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    state = ws.receive_json()
    assert state["type"] == "state", state
    return welcome, state


def receive_until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == kind:
            return m
