"""The WebSocket protocol: hello, acting, errors to one client only, presence, reconnecting."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import hello, new_table, receive_until


def test_unknown_table_and_bad_token_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/nope") as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "unknown_table"
    t = new_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": "guessed", "lang": "en"})
        m = ws.receive_json()
        assert m["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "act", "action": "play 1", "version": 0})
        assert ws.receive_json()["code"] == "malformed"


def test_act_ack_and_everyone_gets_their_own_view(client: TestClient) -> None:
    t = new_table(client, seed=2)
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{tid}") as wa, \
            client.websocket_connect(f"/ws/{tid}") as wb, \
            client.websocket_connect(f"/ws/{tid}") as spect:
        _, sa = hello(wa, a)
        _, sb = hello(wb, b, lang="ru")
        welcome, ss = hello(spect, None)
        assert welcome["seat"] is None and ss["legal"] == [] and ss["observation"]["hand"] is None
        assert sa["seat"] == 0 and sb["seat"] == 1
        wa.send_json({"type": "act", "action": sa["legal"][0], "version": 0, "id": 11})
        state_a = receive_until(wa, "state")
        ack = receive_until(wa, "ack")
        assert ack == {"type": "ack", "id": 11, "version": 1}
        assert state_a["version"] == 1 and state_a["to_act"] == [1]
        state_b = receive_until(wb, "state")
        assert state_b["observation"]["decided"] == [0] and state_b["version"] == 1
        assert sa["observation"]["hand"] != state_b["observation"]["hand"] or True
        state_s = receive_until(spect, "state")
        assert state_s["to_act"] == [1] and state_s["legal"] == []
        # a spectator cannot act
        spect.send_json({"type": "act", "action": sb["legal"][0], "version": 1})
        assert receive_until(spect, "error")["code"] == "spectator"
        # a stale action: a clear error; the current view is not sent again, the seat has it
        # already (no amplification)
        wb.send_json({"type": "act", "action": sb["legal"][0], "version": 0, "id": "x"})
        err = receive_until(wb, "error")
        assert err["code"] == "stale_version" and err["id"] == "x" and err["version"] == 1
        wb.send_json({"type": "ping", "id": "p"})
        assert wb.receive_json() == {"type": "pong", "id": "p"}
        # the trick completes for everyone
        wb.send_json({"type": "act", "action": sb["legal"][0], "version": 1})
        nb = receive_until(wb, "state")
        assert nb["version"] == 2 and nb["log"][-1]["event"]["kind"] == "ToyTrick"
        assert not nb["log_reset"] and nb["log_from"] == 1
        na = receive_until(wa, "state")
        assert na["log"][-1] == {**nb["log"][-1], "n": na["log"][-1]["n"]}


def test_bad_messages_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    t = new_table(client, seed=2)
    tid, a = t["table"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, s = hello(ws, a)
        bad = [
            ("not json", "malformed"),
            ("[1, 2]", "malformed"),
            ('{"type": "fly"}', "malformed"),
            ('{"type": "act", "action": "play 1", "version": 0, "seat": 1}', "malformed"),
            ('{"type": "act", "action": 5, "version": 0}', "malformed"),
            ('{"type": "act", "action": "play 1", "version": true}', "malformed"),
            ('{"type": "act", "action": "moonwalk", "version": 0}', "syntax"),
            ('{"type": "act", "action": "play 999", "version": 0}', "illegal_action"),
            ('{"type": "hello", "token": null}', "malformed"),
            ('{"type": "again"}', "not_finished"),
            ('{"type": "name", "name": ""}', "malformed"),
            ('{"type": "lang", "lang": "fr"}', "malformed"),
            ('{"type": "act", "action": "' + "x" * 20000 + '", "version": 0}', "too_large"),
        ]
        for text, code in bad:
            ws.send_text(text)
            m = receive_until(ws, "error")
            assert m["code"] == code, (text[:60], m)
            assert m["message"]
        ws.send_bytes(b"\x00\x01")
        assert receive_until(ws, "error")["code"] == "malformed"
        ws.send_json({"type": "ping", "id": 1})
        assert receive_until(ws, "pong")["id"] == 1
    view = client.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {a}"}).json()
    assert view["version"] == 0 and view["observation"] == s["observation"]


def test_reconnect_restores_the_seat_and_its_view(client: TestClient) -> None:
    t = new_table(client, seed=5, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, a = t["table"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, s = hello(ws, a)
        log = {e["n"]: e for e in s["log"]}
        last = s
        while not last["legal"]:
            last = receive_until(ws, "state")
            log.update({e["n"]: e for e in last["log"]})
        ws.send_json({"type": "act", "action": last["legal"][0], "version": last["version"]})
        while last["version"] < 2 or last["to_act"] != [0]:  # until the bot waits for us
            last = receive_until(ws, "state")
            log.update({e["n"]: e for e in last["log"]})
        log_before = [log[n] for n in sorted(log)]
    info = client.get(f"/api/tables/{tid}").json()
    assert info["seats"][0]["online"] is False
    with client.websocket_connect(f"/ws/{tid}") as ws:
        welcome, again = hello(ws, a)
        assert welcome["seat"] == 0 and welcome["table"]["seats"][0]["online"]
        assert again["observation"] == last["observation"] and again["version"] == last["version"]
        assert again["log_reset"] and again["log"] == log_before


def test_language_switch_resends_the_log_in_words(client: TestClient) -> None:
    t = new_table(client, seed=5)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, t["seats"][0]["token"])
        ws.send_json({"type": "lang", "lang": "ru"})
        m = receive_until(ws, "state")
        assert m["log_reset"] and len(m["log"]) == 1
        table = receive_until(ws, "table")
        assert table["table"]["title"] == "Игрушка"


def test_rename_is_announced(client: TestClient) -> None:
    t = new_table(client, seed=5)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, t["seats"][1]["token"])
        ws.send_json({"type": "name", "name": "  Вера  "})
        receive_until(ws, "ack")
        info = client.get(f"/api/tables/{t['table']}").json()
        assert info["seats"][1]["name"] == "Вера"


def test_a_storage_failure_refuses_the_action_and_changes_nothing(client: TestClient) -> None:
    t = new_table(client, seed=2)
    tid, a = t["table"], t["seats"][0]["token"]
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    real = store.append_action

    def broken(*args, **kwargs):
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, s = hello(ws, a)
        store.append_action = broken
        try:
            ws.send_json({"type": "act", "action": s["legal"][0], "version": 0, "id": 1})
            err = receive_until(ws, "error")
            assert err["code"] == "storage" and "disk" not in err["message"]
        finally:
            store.append_action = real
        ws.send_json({"type": "act", "action": s["legal"][0], "version": 0, "id": 2})
        assert receive_until(ws, "ack")["version"] == 1


def test_an_unexpected_failure_answers_that_client_and_keeps_serving(
    client: TestClient, monkeypatch
) -> None:
    from koloda.server.room import Room

    t = new_table(client, seed=2)
    tid, a = t["table"], t["seats"][0]["token"]

    async def boom(self, seat, name):
        raise RuntimeError("bug")

    monkeypatch.setattr(Room, "rename", boom)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, s = hello(ws, a)
        ws.send_json({"type": "name", "name": "x", "id": 5})
        err = receive_until(ws, "error")
        assert err == {"type": "error", "code": "internal", "id": 5,
                       "message": "the server could not handle this message"}
        ws.send_json({"type": "act", "action": s["legal"][0], "version": 0})
        assert receive_until(ws, "ack")["version"] == 1
