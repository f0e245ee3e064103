"""The event's WebSocket: a login's hello, its own view, operations acknowledged with the
server's stamp, views pushed only when something the login may see changed; the tables'
hardening (size, rate) applies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

pytest.importorskip("koloda.games.event")

from koloda.server import create_app
from tests.server.conftest import db_url
from tests.server.event.conftest import ANNA, BORIS, T0, VERA, make_event


def _hello(ws: object, token: str | None, lang: str = "ru") -> tuple[dict, dict]:
    """The welcome, then the whole public part, then the login's own part."""
    ws.send_json({"type": "hello", "token": token, "lang": lang})  # type: ignore[attr-defined]
    welcome = ws.receive_json()  # type: ignore[attr-defined]
    public = ws.receive_json()  # type: ignore[attr-defined]
    assert public["type"] == "public" and public["full"]
    own = ws.receive_json()  # type: ignore[attr-defined]
    assert own["type"] == "private" and own["full"] and own["merge"] == {}
    return welcome, {**public, **own, "observation": {**public["board"], **own["view"]}}


def test_a_login_sees_its_own_view_and_acts_through_the_socket(server: TestClient,
                                                               db: Path) -> None:
    eid, tokens, _ = make_event(db)
    with server.websocket_connect(f"/ws/events/{eid}") as anna, \
            server.websocket_connect(f"/ws/events/{eid}") as boris, \
            server.websocket_connect(f"/ws/events/{eid}") as board:
        welcome, a0 = _hello(anna, tokens[ANNA])
        assert welcome["type"] == "welcome" and welcome["who"] == ANNA
        assert welcome["now"] == T0 and a0["observation"]["me"]["id"] == ANNA
        _hello(boris, tokens[BORIS])
        _, p0 = _hello(board, None)
        assert p0["observation"]["me"] is None and p0["who"] is None
        anna.send_json({"type": "op", "action": f"attack {BORIS}", "id": 7})
        got = [anna.receive_json(), anna.receive_json()]
        ack = next(m for m in got if m["type"] == "ack")
        assert ack["id"] == 7 and ack["op"] == f"attack {BORIS} @{T0 + 1}"
        b0, b1 = boris.receive_json(), boris.receive_json()
        assert b0["type"] == "public" and [d["id"] for d in b0["board"]["duels"]] == ["d1"]
        assert "people" not in b0["board"]  # only what changed
        assert b1["type"] == "private" and b1["view"]["me"]["duel"] == "d1"
        p1 = board.receive_json()
        assert p1["type"] == "public" and p1["board"] == b0["board"]
        # a refusal goes to the sender only, in its language, with nothing changed
        boris.send_json({"type": "op", "action": "rest room", "id": "r"})
        err = boris.receive_json()
        assert err["type"] == "error" and err["code"] == "illegal_action" and err["id"] == "r"
        assert any("а" <= ch <= "я" for ch in err["message"])
        boris.send_json({"type": "ping"})
        assert boris.receive_json()["type"] == "pong"  # nothing else was queued for Boris


def test_a_bad_login_a_huge_message_and_a_flood_are_refused(db: Path, clock: Path) -> None:
    eid, tokens, _ = make_event(db)
    with TestClient(create_app(db_url(db), bot_delay=0, message_rate=1)) as client:
        with client.websocket_connect(f"/ws/events/{eid}") as ws:
            ws.send_json({"type": "hello", "token": "nobody", "lang": "en"})
            assert ws.receive_json()["code"] == "bad_token"
        with client.websocket_connect(f"/ws/events/{eid}") as ws:
            _hello(ws, tokens[VERA])
            ws.send_text(json.dumps({"type": "op", "action": "x" * 20_000}))
            assert ws.receive_json()["code"] == "too_large"
            codes = []
            for i in range(4):
                ws.send_json({"type": "ping", "id": i})
                codes.append(ws.receive_json().get("code", "pong"))
            assert "too_many" in codes
        r = client.post(f"/api/events/{eid}/act", content=b"{" + b" " * 20_000 + b"}",
                        headers={"Authorization": f"Bearer {tokens[VERA]}",
                                 "Content-Type": "application/json"})
        assert r.status_code == 413


def test_sockets_arriving_together_share_one_room(server: TestClient, db: Path) -> None:
    """Many connections asking at once for an event not yet in memory get the same room (two
    loads would make two rooms, and one's changes would never reach the other's sockets)."""
    import asyncio

    eid, _, _ = make_event(db)
    events = server.app.state.events  # type: ignore[attr-defined]
    slow_call = events.call

    async def slow(fn: object, *args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)  # the database is slow: every asker is waiting at once
        return await slow_call(fn, *args, **kwargs)

    async def together() -> list[object]:
        events.call = slow
        try:
            return list(await asyncio.gather(*(events.get(eid) for _ in range(5))))
        finally:
            events.call = slow_call

    rooms = server.portal.call(together)
    assert all(r is rooms[0] for r in rooms) and events.rooms[eid] is rooms[0]
