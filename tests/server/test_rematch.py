"""«Сыграть ещё» at a table of several people: a new match starts only once every person seated
has asked for it; until then the table says who has, and everyone keeps the end screen."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth, hello, new_table, receive_until


def _finish(client: TestClient, tid: str, tokens: list[str]) -> dict[str, Any]:
    for _ in range(200):
        for token in tokens:
            v: dict[str, Any] = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
            if v["finished"]:
                return v
            if v["legal"]:
                r = client.post(f"/api/tables/{tid}/act", headers=auth(token),
                                json={"action": v["legal"][0], "version": v["version"]})
                if r.status_code == 409 and r.json()["code"] == "stale_version":
                    continue  # a bot moved between the look and the move: look again
                assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_play_again_needs_every_person_and_says_who_agreed(client: TestClient) -> None:
    t = new_table(client, seed=4, seats=[{"kind": "human", "name": "Ann"},
                                         {"kind": "human", "name": "Bob"}])
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    end = _finish(client, tid, [a, b])
    r = client.post(f"/api/tables/{tid}/again", headers=auth(a))
    assert r.status_code == 200
    assert r.json() == {"type": "ack", "version": end["version"], "again": [0]}
    # nothing restarted: Bob still sees the end of the match, and who asked for another
    v = client.get(f"/api/tables/{tid}/view", headers=auth(b)).json()
    assert v["finished"] and v["match"] == 0 and v["version"] == end["version"]
    info = client.get(f"/api/tables/{tid}").json()
    assert info["again"] == [0] and info["match"] == 0
    # asking twice changes nothing
    assert client.post(f"/api/tables/{tid}/again", headers=auth(a)).json()["again"] == [0]
    # Bob agrees over his WebSocket: the new match starts for both
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, b)
        ws.send_json({"type": "again", "id": 1})
        state = receive_until(ws, "state")
        assert state["match"] == 1 and not state["finished"]
    info = client.get(f"/api/tables/{tid}").json()
    assert info["match"] == 1 and info["again"] == [] and info["matches_played"] == 1
    v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    assert v["match"] == 1 and not v["finished"]


def test_the_others_hear_who_asked_for_another_match(client: TestClient) -> None:
    t = new_table(client, seed=5, seats=[{"kind": "human", "name": "Ann"},
                                         {"kind": "human", "name": "Bob"}])
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    _finish(client, tid, [a, b])
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, b)
        client.post(f"/api/tables/{tid}/again", headers=auth(a))
        while True:
            m = receive_until(ws, "table")
            if m["table"]["again"] == [0]:
                break


def test_alone_with_bots_play_again_starts_at_once(client: TestClient) -> None:
    t = new_table(client, seed=6, seats=[{"kind": "human"}, {"kind": "bot", "bot": "bot:random"}])
    tid, a = t["table"], t["seats"][0]["token"]
    end = _finish(client, tid, [a])
    r = client.post(f"/api/tables/{tid}/again", headers=auth(a)).json()
    assert r["version"] == end["version"] + 1 and r["again"] == []
