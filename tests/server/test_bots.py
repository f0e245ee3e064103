"""Bots at the table: a bot alone to act waits ``bot_delay`` so people can follow; in a
simultaneous step it chooses at once (its choice is face down), so that a person choosing at
the same moment is not told the table moved on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
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


def test_a_bots_seed_does_not_lead_back_to_the_deal(
    client: TestClient, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots' generators are not cryptographic: a bot's seed must be a one-way function of the
    table's secret seed, not an affine one that a player could undo."""
    import koloda.server.room as room_module
    from koloda.server.store import Store

    seen: list[int] = []
    real = room_module.make_bot

    def spy(name: str, game: Any, *, seed: int) -> Any:
        seen.append(seed)
        return real(name, game, seed=seed)

    monkeypatch.setattr(room_module, "make_bot", spy)
    t = new_table(client, seed=12345, seats=[{"kind": "bot", "bot": "random"},
                                              {"kind": "bot", "bot": "random"}])
    deadline = time.monotonic() + 5
    while len(seen) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    row = Store(db_url(db)).load(t["table"])
    assert row is not None and row.seed == 12345 and len(set(seen)) == 2
    mask = (1 << 64) - 1
    for bot in seen:
        for k in range(1, 64):
            for j in range(4):
                assert bot != (row.seed * k + j) & mask
        assert bot.bit_length() > 40


def test_a_bot_thinks_without_holding_up_the_people_at_its_table(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a bot thinks, a person can still open the table and make a choice of the same
    simultaneous step; the bot then thinks again on the new position and chooses."""
    from koloda.bots.random import RandomBot

    real = RandomBot.act

    def slow(self: Any, decision: Any) -> Any:
        time.sleep(1.0)
        return real(self, decision)

    monkeypatch.setattr(RandomBot, "act", slow)
    with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True)) as client:
        t = new_table(client, seed=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        tid, a = t["table"], t["seats"][0]["token"]
        time.sleep(0.2)  # the bot is thinking now
        started = time.monotonic()
        v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
        assert time.monotonic() - started < 0.5 and v["to_act"] == [0, 1]
        r = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                        json={"action": v["legal"][0], "version": 0})
        assert r.status_code == 200, r.text
        assert time.monotonic() - started < 0.5
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
            if v["version"] >= 2:
                break
            time.sleep(0.05)
        assert v["version"] >= 2  # the bot chose too
