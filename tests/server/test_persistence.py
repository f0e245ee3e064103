"""Persistence: every accepted action is stored before it is acknowledged; a restarted server
rebuilds each table by replaying its record and the game continues where it was."""

from __future__ import annotations

import time
from pathlib import Path

from koloda.server.store import Store
from tests.server.conftest import auth, db_url, make_client, new_table


def _view(client, tid, token):
    return client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()


def test_actions_are_stored_before_the_ack(db: Path) -> None:
    with make_client(db) as client:
        t = new_table(client, seed=3)
        tid, a = t["table"], t["seats"][0]["token"]
        v = _view(client, tid, a)
        r = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                        json={"action": v["legal"][0], "version": 0})
        assert r.status_code == 200
        # at the moment the ack arrived the action is already in the database
        row = Store(db_url(db)).load(tid)
        assert row is not None and row.actions == [(0, v["legal"][0])] and row.version == 1


def test_restart_rebuilds_every_table_and_the_game_goes_on(db: Path) -> None:
    with make_client(db) as client:
        t = new_table(client, seed=7, seats=[{"kind": "human", "name": "Ann"},
                                             {"kind": "human", "name": "Bob"}])
        tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
        v = _view(client, tid, a)
        client.post(f"/api/tables/{tid}/act", headers=auth(a),
                    json={"action": v["legal"][0], "version": 0})
        before_a, before_b = _view(client, tid, a), _view(client, tid, b)
        spect = client.get(f"/api/tables/{tid}/view").json()
    with make_client(db) as client:
        assert _view(client, tid, a) == before_a
        assert _view(client, tid, b) == before_b
        assert client.get(f"/api/tables/{tid}/view").json() == spect
        info = client.get(f"/api/tables/{tid}").json()
        assert [s["name"] for s in info["seats"]] == ["Ann", "Bob"]
        # the same secret links still work, and the game finishes
        while True:
            for token in (a, b):
                v = _view(client, tid, token)
                if v["legal"]:
                    r = client.post(f"/api/tables/{tid}/act", headers=auth(token),
                                    json={"action": v["legal"][0], "version": v["version"]})
                    assert r.status_code == 200, r.text
            if v["finished"]:
                break
        client.post(f"/api/tables/{tid}/again", headers=auth(a))
        client.post(f"/api/tables/{tid}/again", headers=auth(b))
        match1 = _view(client, tid, a)
    with make_client(db) as client:
        again = _view(client, tid, a)
        assert again == match1 and again["match"] == 1
        assert client.get(f"/api/tables/{tid}").json()["matches_played"] == 1


def test_bots_resume_after_a_restart(db: Path) -> None:
    from fastapi.testclient import TestClient

    from koloda.server import create_app

    with TestClient(create_app(db_url(db), bot_delay=0.3, fixed_seeds=True)) as client:
        t = new_table(client, seed=1, seats=[{"kind": "bot", "bot": "random"},
                                             {"kind": "bot", "bot": "random"}])
        tid = t["table"]
        assert not client.get(f"/api/tables/{tid}").json()["finished"]
    with make_client(db) as client:
        for _ in range(300):
            if client.get(f"/api/tables/{tid}").json()["finished"]:
                break
            time.sleep(0.01)
        final = client.get(f"/api/tables/{tid}/view").json()
    assert final["finished"]
    with make_client(db) as client:
        assert client.get(f"/api/tables/{tid}/view").json() == final
