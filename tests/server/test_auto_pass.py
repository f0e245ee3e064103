"""A person's automatic passes (Nevermore's magic windows): asked for over the seat's own
connection, applied by the server in every magic window whatever the seat holds, never in a
reply to a blow; off again on request. Nobody else learns that the setting is on."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth, hello, new_table, receive_until


def _view(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    v: dict[str, Any] = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
    return v


def _settle(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    """The view once the server's own moves (automatic passes) are made."""
    deadline = time.monotonic() + 5
    while True:
        v = _view(client, tid, token)
        if not (v["observation"]["stage"] == "magic" and 0 in v["to_act"]):
            return v
        assert time.monotonic() < deadline, "the magic window was not passed for seat 1"
        time.sleep(0.01)


def test_magic_windows_are_passed_for_a_seat_that_asked(client: TestClient) -> None:
    t = new_table(client, game="nevermore", players=3, seed=2, options={"max_rounds": 1},
                  seats=[{"kind": "human", "name": n} for n in ("Аня", "Борис", "Вера")])
    tid = t["table"]
    tokens = [s["token"] for s in t["seats"]]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, tokens[0])
        ws.send_json({"type": "auto", "on": True, "id": 7})
        assert receive_until(ws, "ack")["id"] == 7
        info = client.get(f"/api/tables/{tid}").json()
        assert "auto" not in info  # the setting is the seat's own
        rng = random.Random(4)
        windows = 0
        for _ in range(400):
            v0 = _settle(client, tid, tokens[0])
            if v0["finished"]:
                break
            moved = False
            for seat, tok in enumerate(tokens):
                v = _view(client, tid, tok)
                if seat == 0 and v["observation"]["stage"] == "magic":
                    continue
                if v["legal"]:
                    if v["observation"]["stage"] == "magic":
                        windows += 1
                    r = client.post(f"/api/tables/{tid}/act", headers=auth(tok),
                                    json={"action": rng.choice(v["legal"]),
                                          "version": v["version"]})
                    assert r.status_code in (200, 409), r.text
                    moved = True
                    break
            assert moved or _view(client, tid, tokens[0])["to_act"], "stuck"
        assert windows > 0
        # off again: the next window waits for the person
        ws.send_json({"type": "auto", "on": False, "id": 8})
        assert receive_until(ws, "ack")["id"] == 8
        ws.send_json({"type": "auto", "on": "yes", "id": 9})
        assert receive_until(ws, "error")["code"] == "malformed"


def test_no_automatic_pass_without_asking(client: TestClient) -> None:
    t = new_table(client, game="nevermore", players=3, seed=2, options={"max_rounds": 1},
                  seats=[{"kind": "human"} for _ in range(3)])
    tid, a = t["table"], t["seats"][0]["token"]
    v = _view(client, tid, a)
    assert v["observation"]["stage"] == "magic" and 0 in v["to_act"]
    time.sleep(0.1)
    assert _view(client, tid, a)["version"] == v["version"]
