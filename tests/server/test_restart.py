"""Stop the server process in the middle of a game (SIGKILL), start it again, finish the game."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.server.process import ServerProcess


def _view(base: str, tid: str, token: str) -> dict:
    r = httpx.get(f"{base}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"})
    r.raise_for_status()
    return r.json()


def _play_one(base: str, tid: str, tokens: list[str]) -> bool:
    """One action by the first seat that must act (or a stale look, to be taken again); False
    when the game is over. While only bots are to act (they think on their own threads, slower
    on a busy machine), it looks again, for at most 30 s."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for token in tokens:
            v = _view(base, tid, token)
            if v["finished"]:
                return False
            if v["legal"]:
                r = httpx.post(f"{base}/api/tables/{tid}/act",
                               headers={"Authorization": f"Bearer {token}"},
                               json={"action": v["legal"][-1], "version": v["version"]})
                if r.status_code == 409 and r.json()["code"] == "stale_version":
                    return True  # a bot moved between the look and the act: look again
                assert r.status_code == 200, r.text
                return True
        time.sleep(0.02)
    raise AssertionError("nobody can act")


def test_kill_mid_game_restart_and_finish(tmp_path: Path) -> None:
    db = tmp_path / "restart.db"
    server = ServerProcess(db).start()
    try:
        r = httpx.post(server.url + "/api/tables", json={
            "game": "toy", "seed": 11, "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        t = r.json()
        tid = t["table"]
        tokens = [s["token"] for s in t["seats"][:2]]
        for _ in range(3):
            assert _play_one(server.url, tid, tokens)
        before = [_view(server.url, tid, tok) for tok in tokens]
        assert not before[0]["finished"]
    finally:
        server.kill()
    server = ServerProcess(db, port=server.port).start()
    try:
        after = [_view(server.url, tid, tok) for tok in tokens]
        assert after == before
        while _play_one(server.url, tid, tokens):
            pass
        final = _view(server.url, tid, tokens[0])
        assert final["finished"] and final["result"]["scores"]
    finally:
        server.stop()


def test_kill_mid_duel_with_a_bot_restart_and_finish(tmp_path: Path) -> None:
    pytest.importorskip("koloda.games.duel")
    db = tmp_path / "duel.db"
    server = ServerProcess(db).start()
    try:
        t = httpx.post(server.url + "/api/tables", json={
            "game": "duel", "seed": 8,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "bot:heuristic"}]}).json()
        tid, token = t["table"], t["seats"][0]["token"]
        assert _play_one(server.url, tid, [token])  # the hand
        assert _play_one(server.url, tid, [token])  # round 1
        before = _view(server.url, tid, token)
        for _ in range(100):  # until the bot has made its own choice of this round
            if before["to_act"] == [0]:
                break
            time.sleep(0.02)
            before = _view(server.url, tid, token)
        assert before["observation"]["phase"] == "rounds" and before["to_act"] == [0]
    finally:
        server.kill()
    server = ServerProcess(db, port=server.port).start()
    try:
        assert _view(server.url, tid, token) == before
        while _play_one(server.url, tid, [token]):
            pass
        assert _view(server.url, tid, token)["finished"]
    finally:
        server.stop()


def test_kill_while_a_bot_is_moving_restart_and_finish(tmp_path: Path) -> None:
    """The server dies while a bot is in the middle of its move (waiting out its delay): after
    the restart the table is exactly where it was and the bot makes that move."""
    pytest.importorskip("koloda.games.nevermore")
    db = tmp_path / "bot.db"
    server = ServerProcess(db, bot_delay=10).start()
    try:
        t = httpx.post(server.url + "/api/tables", json={
            "game": "nevermore", "seed": 4, "players": 3, "options": {"max_rounds": 1},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "bot:heuristic"},
                      {"kind": "bot", "bot": "bot:heuristic"}]}).json()
        tid, token = t["table"], t["seats"][0]["token"]
        before = _view(server.url, tid, token)
        for _ in range(200):  # until one bot alone must act (and waits 10 s to do so)
            if len(before["to_act"]) == 1 and before["to_act"][0] != 0:
                break
            if before["legal"]:
                assert _play_one(server.url, tid, [token])
            else:
                time.sleep(0.02)
            before = _view(server.url, tid, token)
        assert len(before["to_act"]) == 1 and before["to_act"][0] != 0, before["to_act"]
    finally:
        server.kill()
    server = ServerProcess(db, port=server.port).start()
    try:
        # the bot resumes at once (no delay now): the table goes on from exactly where it was
        after = _view(server.url, tid, token)
        assert after["version"] >= before["version"] and after["match"] == before["match"]
        assert after["log"][:len(before["log"])] == before["log"]
        deadline = time.monotonic() + 60
        while True:
            v = _view(server.url, tid, token)
            if v["finished"]:
                break
            assert time.monotonic() < deadline
            if v["legal"]:
                _play_one(server.url, tid, [token])
            else:
                time.sleep(0.02)
        assert v["version"] > before["version"]
    finally:
        server.stop()
