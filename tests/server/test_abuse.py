"""A client trying to wear the server out, or to slip odd values past it.

Creation and connection limits, the HTTP rate, bounded resends, non-finite numbers, nesting,
names no database stores, versions that are not integers, oversized bodies, the security
headers, and custom card sets freed with their tables.
"""

from __future__ import annotations

import gc
import json
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from koloda.server import create_app
from koloda.server.app import MAX_MESSAGE
from koloda.server.limits import Limits
from tests.server.conftest import auth, db_url, hello, new_table, receive_until


def _server(db: Path, **kwargs: Any) -> TestClient:
    kwargs.setdefault("message_rate", 1000)
    return TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True, **kwargs))


# --- item 4: limits -----------------------------------------------------------------------------


def test_table_creation_is_limited_per_address_and_in_all(db: Path) -> None:
    limits = Limits(tables_per_minute=3, tables_per_minute_total=5)
    app = create_app(db_url(db), bot_delay=0, limits=limits)
    with TestClient(app, client=("10.0.0.1", 1)) as one:
        for _ in range(3):
            assert one.post("/api/tables", json={"game": "toy"}).status_code == 201
        r = one.post("/api/tables", json={"game": "toy"})
        assert r.status_code == 429 and r.json()["code"] == "too_many"
        assert "3 tables a minute" in r.json()["message"]
        assert r.json()["message_ru"] == ("с одного адреса можно создать не больше 3 столов в "
                                          "минуту; подождите немного")
        other = TestClient(app, client=("10.0.0.2", 1))  # another address has its own share
        assert other.post("/api/tables", json={"game": "toy"}).status_code == 201
        assert other.post("/api/tables", json={"game": "toy"}).status_code == 201
        r = other.post("/api/tables", json={"game": "toy"})  # the sixth of the server
        assert r.status_code == 429 and "the server creates at most 5" in r.json()["message"]
        assert "сервер создаёт не больше 5 столов в минуту" in r.json()["message_ru"]


def test_websockets_are_limited_per_address_and_in_all(db: Path) -> None:
    app = create_app(db_url(db), bot_delay=0, limits=Limits(sockets_per_address=2,
                                                            sockets_total=3))
    with TestClient(app, client=("10.0.0.1", 1)) as one:
        tid = new_table(one)["table"]
        with one.websocket_connect(f"/ws/{tid}") as a, one.websocket_connect(f"/ws/{tid}") as b:
            hello(a, None)
            hello(b, None)
            with one.websocket_connect(f"/ws/{tid}") as c:
                err = c.receive_json()
                assert err["code"] == "too_many" and "from one address" in err["message"]
                assert "с одного адреса — не больше 2 подключений" in err["message_ru"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert closed.value.code == 4429
            with one.websocket_connect("/ws/events/any") as event:  # an event's socket too
                assert event.receive_json()["code"] == "too_many"
            other = TestClient(app, client=("10.0.0.2", 1))
            with other.websocket_connect(f"/ws/{tid}") as d:
                hello(d, None)
                with other.websocket_connect(f"/ws/{tid}") as e:
                    err = e.receive_json()
                    assert err["code"] == "too_many" and "server is full" in err["message"]
                    assert "сервер заполнен (3 подключения)" in err["message_ru"]
        # closed connections are given back
        with one.websocket_connect(f"/ws/{tid}") as a:
            hello(a, None)
        gate = app.state.gate
        assert gate.sockets_open == 0 and gate.sockets == {}


def test_websockets_opened_again_and_again_are_limited_per_address(db: Path) -> None:
    # a page reconnecting in a loop draws the whole view and log each time: bounded per address
    app = create_app(db_url(db), bot_delay=0, limits=Limits(socket_opens_per_minute=3))
    with TestClient(app, client=("10.0.0.1", 1)) as one:
        tid = new_table(one)["table"]
        for _ in range(3):
            with one.websocket_connect(f"/ws/{tid}") as ws:
                hello(ws, None)
        with one.websocket_connect(f"/ws/{tid}") as ws:  # the fourth in the same minute
            err = ws.receive_json()
            assert err["code"] == "too_many" and "new connections a minute" in err["message"]
            assert "не больше 3 новых подключений в минуту" in err["message_ru"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4429
        other = TestClient(app, client=("10.0.0.2", 1))  # another address is not held
        with other.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, None)
        gate = app.state.gate
        assert gate.sockets_open == 0 and gate.sockets == {}


def test_a_custom_magic_set_is_freed_with_its_table(db: Path) -> None:
    from koloda.games.nevermore.magic import koloda_set, magic_set_for

    text = json.dumps(_magic_set_json(koloda_set()), ensure_ascii=False)
    with _server(db, idle_minutes=30) as c:
        t = new_table(c, game="nevermore", players=3,
                      options={"magic": "custom", "magic_set_json": text})
        hub = c.app.state.hub  # type: ignore[attr-defined]
        options = weakref.ref(hub.rooms[t["table"]].game.options)
        assert not hasattr(magic_set_for, "cache_info")  # no cache of every set seen
        hub.unload_idle(now=1e18)
        gc.collect()
        assert options() is None


def test_custom_gwent_decks_are_freed_with_their_table(db: Path) -> None:
    from importlib import resources

    text = resources.files("koloda.games.gwent").joinpath("data/default-decks.json").read_text(
        encoding="utf-8")
    with _server(db, idle_minutes=30) as c:
        t = new_table(c, game="gwent", options={"decks_json": text})
        hub = c.app.state.hub  # type: ignore[attr-defined]
        game = hub.rooms[t["table"]].game
        assert game.options.deck_lists is not None  # parsed, and kept by the options only
        options = weakref.ref(game.options)
        del game
        hub.unload_idle(now=1e18)
        gc.collect()
        assert options() is None


def _magic_set_json(ms: Any) -> dict[str, Any]:
    from importlib import resources

    data: dict[str, Any] = json.loads(resources.files("koloda.games.nevermore").joinpath(
        "data/koloda_magic.json").read_text(encoding="utf-8"))
    data["name"] = "mine"
    data["cards"] = data["cards"][:4] + data["cards"][-4:]  # a small set, within a body
    return data


# --- item 5: non-finite numbers -----------------------------------------------------------------


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_are_refused_in_options(client: TestClient, number: str) -> None:
    body = '{"game": "gwent", "options": {"cross_suit_value": ' + number + "}}"
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "invalid_option"
    assert "finite" in r.json()["message"]
    for text in ("nan", "inf"):
        r = client.post("/api/tables", json={"game": "gwent",
                                             "options": {"cross_suit_value": text}})
        assert r.status_code == 400


def test_non_finite_numbers_are_refused_in_option_files(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "gwent", "options": {
        "decks_json": '{"decks": {"a": {"x": NaN}, "b": {}}}'}})
    assert r.status_code == 400 and "NaN" in r.json()["message"]
    magic = json.dumps(_magic_set_json(None), ensure_ascii=False)
    for number in ("NaN", "Infinity", "-Infinity"):
        text = magic.replace('"name": "mine"', f'"name": "mine", "x": {number}', 1)
        assert number in text
        r = client.post("/api/tables", json={"game": "nevermore", "players": 3, "options": {
            "magic": "custom", "magic_set_json": text}})
        assert r.status_code == 400 and r.json()["code"] == "invalid_option", r.text
        assert number in r.json()["message"]


def _float_options() -> list[tuple[str, str]]:
    from koloda.engine import game_specs

    return [(s.name, o.name) for s in game_specs() if s.lobby for o in s.options
            if o.type_name == "float"]


def test_every_float_option_of_every_game_refuses_non_finite_numbers(
    client: TestClient,
) -> None:
    found = _float_options()
    assert ("gwent", "cross_suit_value") in found  # (the duel and Nevermore have none)
    for game, option in found:
        for number in ("NaN", "Infinity", "-Infinity"):
            body = f'{{"game": "{game}", "options": {{"{option}": {number}}}}}'
            r = client.post("/api/tables", content=body,
                            headers={"Content-Type": "application/json"})
            assert r.status_code == 400 and r.json()["code"] == "invalid_option", (game, r.text)


def test_frames_are_written_without_nan() -> None:
    from koloda.server.app import _send_now  # the writer and this share json's allow_nan=False

    sent: list[str] = []

    class Socket:
        async def send_text(self, text: str) -> None:
            sent.append(text)

    import asyncio

    asyncio.run(_send_now(Socket(), {"x": float("nan")}))  # type: ignore[arg-type]
    assert sent == []  # refused, not written as a bare NaN


# --- item 6: the HTTP rate ----------------------------------------------------------------------


def test_http_act_and_view_keep_the_message_rate(db: Path) -> None:
    with _server(db, message_rate=5) as c:
        t = new_table(c, seed=1)
        tid, a = t["table"], t["seats"][0]["token"]
        began = time.monotonic()
        codes = [c.get(f"/api/tables/{tid}/view", headers=auth(a)).status_code
                 for _ in range(30)]
        took = time.monotonic() - began
        # the burst, and what the rate gives back while the requests take their time (a busy
        # machine answers slowly: the bucket refills meanwhile)
        assert codes.count(200) <= 11 + int(5 * took) + 1 and 429 in codes
        acts = [c.post(f"/api/tables/{tid}/act", headers=auth(a),
                       json={"action": "play 1", "version": 99}) for _ in range(30)]
        refused = [r for r in acts if r.status_code == 429]
        assert refused and refused[0].json()["code"] == "too_many"
        assert refused[0].json()["message_ru"] == "помедленнее: не больше 5 запросов в секунду"
        again = [c.post(f"/api/tables/{tid}/again", headers=auth(a)).status_code
                 for _ in range(30)]
        assert 429 in again
        links = [c.get(f"/api/tables/{tid}/links",
                       headers={"X-Host-Token": t["host_token"]}).status_code
                 for _ in range(30)]
        assert 429 in links
        info = [c.get(f"/api/tables/{tid}").status_code for _ in range(30)]
        assert 429 in info
        # another seat has its own share
        b = t["seats"][1]["token"]
        assert c.get(f"/api/tables/{tid}/view", headers=auth(b)).status_code == 200


# --- item 7: amplification ----------------------------------------------------------------------


def test_lang_messages_do_not_resend_the_log_each_time(client: TestClient) -> None:
    t = new_table(client, seed=3)
    tid, a = t["table"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, a)
        ws.send_json({"type": "lang", "lang": "en", "id": 1})  # the same language: an ack
        assert receive_until(ws, "ack")["id"] == 1
        for i in range(20):
            ws.send_json({"type": "lang", "lang": "ru" if i % 2 == 0 else "en", "id": i})
        ws.send_json({"type": "ping", "id": "end"})
        resends, refused = 0, 0
        while True:
            m = ws.receive_json()
            if m["type"] == "pong":
                break
            if m["type"] == "state":
                assert m["log_reset"]
                resends += 1
            if m["type"] == "error":
                assert m["code"] == "too_many" and "language" in m["message"]
                assert "язык можно менять" in m["message_ru"]
                refused += 1
        assert resends == Limits().full_resends_per_minute and refused >= 7


def test_stale_versions_do_not_resend_the_view(client: TestClient) -> None:
    t = new_table(client, seed=3)
    tid, a = t["table"], t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, first = hello(ws, a)
        for _ in range(10):
            ws.send_json({"type": "act", "action": first["legal"][0], "version": 7})
            assert receive_until(ws, "error")["code"] == "stale_version"
        ws.send_json({"type": "ping", "id": "end"})
        assert receive_until(ws, "pong")["id"] == "end"  # and no state on the way


def test_what_a_connection_draws_is_bounded_in_bytes(client: TestClient) -> None:
    """The issue's measure: 40 small messages (a language switch or a stale action each) drew
    865 KB. Now the language switches resend the whole view a few times a minute and the
    stale actions nothing but their refusal: a duel's hand choice (a view of about 160 KB)."""
    t = new_table(client, game="duel", seed=3)
    tid, a = t["table"], t["seats"][0]["token"]
    whole = {}
    for lang in ("ru", "en"):
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "hello", "token": a, "lang": lang})
            ws.receive_text()  # welcome
            whole[lang] = len(ws.receive_text().encode())  # the first view, its whole log
    assert whole["en"] > 50_000
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, a, "en")
        sent = received = 0
        for i in range(40):
            message = (json.dumps({"type": "lang", "lang": "ru" if i % 4 == 0 else "en"})
                       if i % 2 == 0 else
                       json.dumps({"type": "act", "action": "pass", "version": 99}))
            sent += len(message.encode())
            ws.send_text(message)
        ws.send_json({"type": "ping", "id": "end"})
        while True:
            text = ws.receive_text()
            received += len(text.encode())
            if json.loads(text)["type"] == "pong":
                break
    # the allowed whole views (half of them in each language), a short answer to each other
    # message; before, each stale action drew the whole view too
    resends = Limits().full_resends_per_minute
    limit = resends / 2 * (whole["ru"] + whole["en"]) * 1.05 + 40 * 400
    assert received <= limit, (received, limit, sent)


# --- item 8: nesting, names, versions, sizes ----------------------------------------------------


def test_deeply_nested_option_json_is_a_clear_400(client: TestClient) -> None:
    deep = "[" * 5000 + "]" * 5000
    for game, option, extra in (("nevermore", "magic_set_json", {"magic": "custom"}),
                                ("gwent", "decks_json", {})):
        r = client.post("/api/tables", json={"game": game, "options": {option: deep, **extra}})
        assert r.status_code == 400, r.text
        assert r.json()["code"] == "invalid_option" and "nested too deeply" in r.json()["message"]


def test_a_deeply_nested_body_is_a_clear_400(client: TestClient) -> None:
    deep = '{"game": "toy", "options": {"x": ' + "[" * 7000 + "]" * 7000 + "}}"
    r = client.post("/api/tables", content=deep, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "malformed"


@pytest.mark.parametrize("name", ["A\x00B", "\ud800x", "Tab\there", "\x7f"])
def test_names_no_database_stores_are_refused(client: TestClient, name: str) -> None:
    body = json.dumps({"game": "toy", "seats": [{"name": name}, {}]})  # escapes the surrogate
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    # (a lone surrogate is refused as the body is read; the others by the seat's check)
    assert r.status_code == 400 and r.json()["code"] in ("invalid_option", "malformed"), r.text
    assert "seat 1" in r.json()["message"] or "seats.0.name" in r.json()["message"]
    t = new_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, t["seats"][0]["token"])
        ws.send_text(json.dumps({"type": "name", "name": name, "id": 5}))
        err = receive_until(ws, "error")
        assert err["code"] == "malformed" and err["id"] == 5
        ws.send_json({"type": "name", "name": "Аня", "id": 6})
        assert receive_until(ws, "ack")["id"] == 6


def test_bot_names_no_database_stores_are_refused(client: TestClient) -> None:
    for bot in ("random:\x00", "random:\ud800", "random:\u00e9"):
        body = json.dumps({"game": "toy", "seats": [{"kind": "bot", "bot": bot}, {}]})
        r = client.post("/api/tables", content=body,
                        headers={"Content-Type": "application/json"})
        assert r.status_code == 400, r.text
        assert r.json()["code"] in ("invalid_option", "malformed")


@pytest.mark.parametrize("version", ['"0"', "0.0", "false", "null", "0.5", "[0]"])
def test_http_act_takes_only_an_integer_version(client: TestClient, version: str) -> None:
    t = new_table(client, seed=1)
    tid, a = t["table"], t["seats"][0]["token"]
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()["legal"][0]
    body = '{"action": "' + legal + '", "version": ' + version + "}"
    r = client.post(f"/api/tables/{tid}/act", content=body,
                    headers={**auth(a), "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "malformed", r.text
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0
    with client.websocket_connect(f"/ws/{tid}") as ws:  # the WebSocket alike
        hello(ws, a)
        ws.send_text('{"type": "act", "action": "' + legal + '", "version": ' + version + "}")
        assert receive_until(ws, "error")["code"] == "malformed"
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0
    ok = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                     json={"action": legal, "version": 0})
    assert ok.status_code == 200


def test_oversized_bodies_are_413_with_or_without_a_length(client: TestClient) -> None:
    big = b'{"game": "toy", "x": "' + b"a" * (MAX_MESSAGE + 10) + b'"}'
    r = client.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    assert "default-src 'self'" in r.headers["content-security-policy"]

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(big), 1000):
            yield big[i:i + 1000]

    r = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    # a body within the limit in chunks is read whole
    small = json.dumps({"game": "toy"}).encode()
    r = client.post("/api/tables", content=iter([small[:5], small[5:]]),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text


# --- item 9: no CDN, a Content-Security-Policy everywhere ---------------------------------------


def test_every_answer_carries_the_security_policy(client: TestClient) -> None:
    t = new_table(client)
    for path in ("/", f"/t/{t['table']}", "/static/table.js", "/static/koloda.css",
                 "/api/games", f"/api/tables/{t['table']}", "/no/such/page", "/openapi.json",
                 # an event's pages and their errors (no such event) too
                 "/e/none", "/e/none/desk", "/e/none/board", "/e/none/print",
                 "/api/events/none", "/games/duel/page.js", "/games/none/page.js"):
        r = client.get(path)
        csp = r.headers.get("content-security-policy", "")
        assert "script-src 'self'" in csp and "default-src 'self'" in csp, path
        assert r.headers.get("x-content-type-options") == "nosniff", path
    assert client.get("/api/docs").status_code == 404  # the page that loaded a CDN's script
    assert client.get("/openapi.json").json()["info"]["title"] == "Koloda"


def test_a_server_failure_is_answered_with_the_security_policy(db: Path) -> None:
    """A failure of the server's own (a 500) carries the headers and the errors' shape too."""
    app = create_app(db_url(db), bot_delay=0)

    @app.get("/fails")
    async def fails() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/fails")
        assert r.status_code == 500 and r.json()["code"] == "internal"
        assert "script-src 'self'" in r.headers["content-security-policy"]
        assert "a bug" not in r.text


def test_pages_have_no_inline_scripts() -> None:
    from koloda.server.app import STATIC

    for page in ("index.html", "table.html"):
        html = (STATIC / page).read_text(encoding="utf-8")
        for part in html.split("<script")[1:]:
            head, _, rest = part.partition(">")
            assert "src=" in head, page
            assert rest.startswith("</script>"), page
        assert " on" not in html.replace(" only", "").lower().split("<body")[1].split(">")[0]
