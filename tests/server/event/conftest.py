"""Shared helpers of the event server's tests: an event stored in the test server's database,
a clock file the server reads its time from, requests as a login."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from koloda.server.event import bridge
from koloda.server.event.clock import CLOCK_ENV, FileClock
from koloda.server.event.hub import new_event_id
from koloda.server.event.logins import new_logins
from koloda.server.event.store import EventRow, EventStore
from tests.server.conftest import db_url, make_client

#: The test event's start: 1 March 2026, 10:00 UTC, in milliseconds.
T0 = 1_772_359_200_000

#: master, doctor, NPC, five participants (Анна attacks with a dagger), one vacant seat.
PEOPLE = [
    {"name": "Мастер Евгений", "role": "master"},
    {"name": "Доктор Дарья", "role": "doctor"},
    {"name": "Трактирщик Зоя", "role": "npc"},
    {"name": "Анна", "role": "participant", "team": "Гвардия"},
    {"name": "Борис", "role": "participant", "team": "Гвардия"},
    {"name": "Вера", "role": "participant", "team": "Мушкетёры"},
    {"name": "Глеб", "role": "participant", "team": "Мушкетёры"},
    {"name": "Дина", "role": "participant"},
]
MASTER, DOCTOR, NPC, ANNA, BORIS, VERA, GLEB, DINA = range(8)
DECKS = {
    str(ANNA): ["punch", "kick", "block", "trip", "dagger_stab", "dagger"],
    str(BORIS): ["feint", "parry", "shot", "pistol", "punch"],
    str(VERA): ["punch", "kick", "block", "trip", "dodge", "feint"],
    str(GLEB): ["punch", "kick", "block", "trip", "dodge"],
    str(DINA): ["punch", "kick", "block"],
    str(NPC): ["punch", "kick", "block"],
}


def make_event(db: Path, *, spare: int = 1, options: dict[str, Any] | None = None,
               event_id: str | None = None) -> tuple[str, dict[int, str], dict[int, str]]:
    """Store the test event; returns its id, the logins and the badges by participant id."""
    event_id = event_id or new_event_id()
    players, setup = bridge.roster_setup(PEOPLE, spare=spare, now=T0)
    setup["decks"] = DECKS
    row = EventRow(id=event_id, title="Бал", game="event", players=players,
                   options=dict(options or {}), setup=setup, seed=7, lang="ru",
                   created_at=time.time(), version=0, logins=new_logins(range(len(PEOPLE))))
    store = EventStore(db_url(db))
    store.create(row)
    store.close()
    return event_id, {lg.who: lg.token for lg in row.logins}, \
        {lg.who: lg.badge for lg in row.logins}


@pytest.fixture
def clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The clock file the server reads its time from, set to :data:`T0`."""
    path = tmp_path / "clock"
    FileClock.write(path, T0)
    monkeypatch.setenv(CLOCK_ENV, str(path))
    return path


def set_clock(path: Path, ms: int) -> None:
    FileClock.write(path, ms)


@pytest.fixture
def server(db: Path, clock: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def act(client: TestClient | httpx.Client, eid: str, token: str, text: str,
        lang: str = "en") -> httpx.Response:
    return client.post(f"/api/events/{eid}/act", json={"action": text, "lang": lang},
                       headers=auth(token))


def ok(client: TestClient | httpx.Client, eid: str, token: str, text: str) -> dict[str, Any]:
    r = act(client, eid, token, text)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def view(client: TestClient | httpx.Client, eid: str, token: str | None = None,
         lang: str = "en") -> dict[str, Any]:
    headers = auth(token) if token else {}
    r = client.get(f"/api/events/{eid}/view", params={"lang": lang}, headers=headers)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def deck(client: TestClient | httpx.Client, eid: str, token: str) -> list[str]:
    return list(view(client, eid, token)["observation"]["me"]["deck"])


def play_duel(client: TestClient | httpx.Client, eid: str, duel: str,
              tokens: dict[int, str], *, winner: int, kill: bool) -> None:
    """Play duel ``duel`` at its table to the end: the winner's side declares a kill when it
    can (``kill``), the other side takes an empty hand when it may, else its first choices."""
    seats = {}
    for who, token in tokens.items():
        r = client.get(f"/api/events/{eid}/duels/{duel}/seat", headers=auth(token))
        if r.status_code == 200:
            seats[who] = r.json()
    assert len(seats) == 2, seats
    table = next(iter(seats.values()))["table"]
    for _ in range(60):
        progressed = False
        for who, s in seats.items():
            v = client.get(f"/api/tables/{table}/view", headers=auth(s["token"])).json()
            if v["finished"]:
                return
            if not v["legal"]:
                continue
            legal = v["legal"]
            if who == winner:
                pick = next((a for a in legal if kill and "kill" in a), None)
                pick = pick or next((a for a in legal if "kill" not in a), legal[0])
            else:
                pick = "hand" if "hand" in legal else legal[0]
                pick = "no-swap" if "no-swap" in legal else pick
            r = client.post(f"/api/tables/{table}/act", headers=auth(s["token"]),
                            json={"action": pick, "version": v["version"]})
            assert r.status_code == 200, r.text
            progressed = True
        if not progressed:
            raise AssertionError("nobody can act at the duel table")
    raise AssertionError("the duel did not end")
