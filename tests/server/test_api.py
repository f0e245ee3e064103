"""The lobby and the HTTP API: creating tables, seats and tokens, acting, errors."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.server.conftest import auth, new_table


def test_games_lists_the_registered_games_with_options_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games?lang=ru").json()}
    toy = games["toy"]
    assert toy["title"] == "Игрушка"
    assert toy["options"][0]["name"] == "tricks"
    assert "bot:random" in toy["bots"]
    if "bot:ismcts" in toy["bots"]:  # search bots come with time-bounded strengths
        assert "bot:ismcts:0.3s" in toy["bots"] and "bot:ismcts:1s" in toy["bots"]
        new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "bot:ismcts:0.3s"}])
    duel = games["duel"]  # a game with a heuristic: the search that models the others with it
    assert "bot:ismcts:1s:::heuristic" in duel["bots"]
    t = new_table(client, game="duel", players=2, seats=[
        {"kind": "human"}, {"kind": "bot", "bot": "bot:ismcts:1s:::heuristic"}])
    assert t["seats"][1]["bot"] == "bot:ismcts:1s:::heuristic"
    assert not [b for b in toy["bots"] if b.endswith(":::heuristic")]
    assert not [b for b in games["nevermore"]["bots"] if b.endswith(":::heuristic")]
    assert "bot:ismcts:1s:::heuristic" in games["gwent"]["bots"]


def test_create_table_gives_each_human_seat_its_own_secret_link(client: TestClient) -> None:
    t = new_table(client, players=3, seats=[
        {"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    humans = [s for s in t["seats"] if s["kind"] == "human"]
    assert [s["name"] for s in t["seats"]] == ["Ann", "Player 2", "Bot 3"]
    tokens = {s["token"] for s in humans}
    assert len(tokens) == 2 and all(len(tok) >= 32 for tok in tokens)
    assert all(s["link"] == f"/t/{t['table']}#seat={s['token']}" for s in humans)
    assert t["seats"][2]["token"] is None and t["seats"][2]["bot"] == "bot:random"
    assert t["spectator"] == f"/t/{t['table']}"
    # public info shows no token
    info = client.get(f"/api/tables/{t['table']}").json()
    assert all(tok not in str(info) for tok in tokens)
    # the host sees the links again, nobody else
    r = client.get(f"/api/tables/{t['table']}/links", headers={"X-Host-Token": t["host_token"]})
    assert r.status_code == 200 and r.json()["seats"][0]["token"] == humans[0]["token"]
    r = client.get(f"/api/tables/{t['table']}/links", headers={"X-Host-Token": "guess"})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"


def test_create_table_refuses_bad_requests_clearly(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, 400, "unknown_game"),
        ({"game": "toy", "options": {"tricks": 9}}, 400, "invalid_option"),
        ({"game": "toy", "options": {"colour": 1}}, 400, "invalid_option"),
        ({"game": "toy", "players": 7}, 400, "invalid_option"),
        ({"game": "toy", "seats": [{"kind": "human"}]}, 400, "invalid_option"),
        ({"game": "toy", "seats": [{"kind": "bot", "bot": "bot:genius"}, {}]}, 400,
         "invalid_option"),
        ({"game": "toy", "seats": [{"kind": "alien"}, {}]}, 400, "malformed"),
        ({"game": "toy", "surprise": 1}, 400, "malformed"),
        ({"players": 2}, 400, "malformed"),
    ]
    for body, status, code in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["code"] == code, (body, r.json())
        assert r.json()["message"]
    r = client.post("/api/tables", content=b"{not json",
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "malformed"


def test_the_live_event_is_not_a_lobby_game(client: TestClient) -> None:
    """The event (seat count up to 5000, run by ``koloda event``) is neither listed in the
    lobby nor created as a table."""
    assert "event" not in {g["name"] for g in client.get("/api/games").json()}
    r = client.post("/api/tables", json={"game": "event"})
    assert r.status_code == 400 and r.json()["code"] == "unknown_game"
    assert "koloda event" in r.json()["message"]


def test_unknown_table(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/view"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["code"] == "unknown_table"


def test_views_are_per_seat_and_spectators_see_public_information(client: TestClient) -> None:
    t = new_table(client, seed=4)
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    va = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    vb = client.get(f"/api/tables/{tid}/view", headers=auth(b)).json()
    vs = client.get(f"/api/tables/{tid}/view").json()
    assert va["seat"] == 0 and vb["seat"] == 1 and vs["seat"] is None
    assert va["legal"] and vs["legal"] == []
    assert vs["observation"]["hand"] is None
    assert [e["event"]["seat"] for e in va["log"]] == [0]
    assert [e["event"]["seat"] for e in vb["log"]] == [1]
    assert vs["log"] == []
    assert va["to_act"] == [0, 1] and va["version"] == 0


def test_act_then_errors_leave_the_table_unchanged(client: TestClient) -> None:
    t = new_table(client, seed=4)
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    url = f"/api/tables/{tid}/act"
    va = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    r = client.post(url, headers=auth(a), json={"action": va["legal"][0], "version": 0})
    assert r.status_code == 200 and r.json() == {"type": "ack", "version": 1}
    before = client.get(f"/api/tables/{tid}/view", headers=auth(b)).json()
    assert before["observation"]["decided"] == [0]  # b sees that a decided, not what
    bad = [
        (auth(b), {"action": before["legal"][0], "version": 0}, 409, "stale_version"),
        (auth(a), {"action": va["legal"][1], "version": 1}, 422, "illegal_action"),
        (auth(b), {"action": "play 99", "version": 1}, 422, "illegal_action"),
        (auth(b), {"action": "dance", "version": 1}, 422, "syntax"),
        (auth(b), {"action": "", "version": 1}, 400, "malformed"),
        (auth(b), {"action": "play 1"}, 400, "malformed"),
        (auth(b), {"action": "play 1", "version": "x"}, 400, "malformed"),
        (auth(b), {"action": "play 1", "version": 1, "seat": 0}, 400, "malformed"),
        ({}, {"action": before["legal"][0], "version": 1}, 403, "spectator"),
        (auth("forged-token"), {"action": before["legal"][0], "version": 1}, 403, "bad_token"),
        ({"Authorization": "Basic x"}, {"action": before["legal"][0], "version": 1}, 403,
         "bad_token"),
    ]
    for headers, body, status, code in bad:
        r = client.post(url, headers=headers, json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["code"] == code, (body, r.json())
    stale = client.post(url, headers=auth(b), json={"action": before["legal"][0], "version": 0})
    assert "version 1" in stale.json()["message"] and stale.json()["version"] == 1
    after = client.get(f"/api/tables/{tid}/view", headers=auth(b)).json()
    assert after == before


def test_oversized_payload_is_refused(client: TestClient) -> None:
    t = new_table(client)
    r = client.post(f"/api/tables/{t['table']}/act", headers=auth(t["seats"][0]["token"]),
                    content=b'{"action": "' + b"x" * 40000 + b'", "version": 0}',
                    )
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    r = client.post("/api/tables", json={"game": "toy", "options": {"x": "y" * 20000}})
    assert r.status_code == 413


def test_a_game_to_the_end_and_play_again(client: TestClient) -> None:
    t = new_table(client, seed=9, seats=[{"kind": "human"}, {"kind": "bot", "bot": "bot:random"}])
    tid, a = t["table"], t["seats"][0]["token"]
    while True:
        v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
        if v["finished"]:
            break
        if not v["legal"]:  # the bot has not moved yet (a busy machine)
            time.sleep(0.01)
            continue
        r = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                        json={"action": v["legal"][-1], "version": v["version"]})
        if r.status_code == 409 and r.json()["code"] == "stale_version":
            continue  # the bot moved between the view and the action: look again
        assert r.status_code == 200, r.text
    assert v["result"]["scores"] and len(v["result"]["ranks"]) == 2
    version = v["version"]
    r = client.post(f"/api/tables/{tid}/again", headers=auth(a))
    assert r.status_code == 200 and r.json()["version"] == version + 1
    info = client.get(f"/api/tables/{tid}").json()
    assert info["match"] == 1 and info["matches_played"] == 1
    assert info["totals"] == v["result"]["scores"]
    v2 = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    assert not v2["finished"] and v2["match"] == 1
    r = client.post(f"/api/tables/{tid}/again", headers=auth(a))
    assert r.status_code == 409 and r.json()["code"] == "not_finished"


def test_pages_are_served(client: TestClient) -> None:
    assert "lobby.js" in client.get("/").text
    assert "table.js" in client.get("/t/anything").text
    assert client.get("/static/render/generic.js").status_code == 200


def test_the_lobby_names_option_choices_in_the_players_language(client: TestClient) -> None:
    for lang, words in (("en", ["by agreement", "Player 1 attacks"]),
                        ("ru", ["по согласию", "нападение Игрока 1"])):
        games = client.get(f"/api/games?lang={lang}").json()
        duel = next(g for g in games if g["name"] == "duel")
        mode = next(o for o in duel["options"] if o["name"] == "mode")
        assert mode["choices"] == ["agreement", "attack"]
        assert mode["choice_labels"] == words
