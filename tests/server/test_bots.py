"""Bots at the table: a bot alone to act waits ``bot_delay`` so people can follow; in a
simultaneous step it chooses at once (its choice is face down), so that a person choosing at
the same moment is not told the table moved on."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from koloda.server import create_app
from tests.server.conftest import auth, db_url, new_table


def test_a_bot_in_a_simultaneous_step_chooses_at_once_even_after_a_solo_wait(db: Path) -> None:
    with TestClient(create_app(db_url(db), bot_delay=5, fixed_seeds=True)) as client:
        t = new_table(client, seed=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        tid, a = t["table"], t["seats"][0]["token"]

        def view_when(ok, within: float) -> dict:  # type: ignore[no-untyped-def,type-arg]
            deadline = time.monotonic() + within
            while True:
                v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
                if ok(v) or time.monotonic() > deadline:
                    return v  # type: ignore[no-any-return]
                time.sleep(0.02)

        for trick in range(2):  # each trick: both choose at once; the bot must not lag
            v = view_when(lambda v: v["to_act"] == [0], within=1.5)
            assert v["to_act"] == [0], (trick, v["to_act"])
            version = v["version"]
            r = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                            json={"action": v["legal"][0], "version": version})
            assert r.status_code == 200, r.text
            v = view_when(lambda v, n=version: v["version"] >= n + 2 or v["finished"], within=1.5)
            assert v["version"] >= version + 2 or v["finished"], (trick, v["to_act"])
