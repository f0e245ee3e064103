"""Record every message each seat receives through whole games and check that none shows a seat
anything its own observation, log or legal actions do not contain.

Two checks: (1) every ``state`` message equals what the engine gives that seat at that version,
recomputed independently by replaying the stored record; (2) a game-specific list of secrets
(cards a seat may not know) never appears in that seat's messages.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from koloda.engine import GameRecord, get_spec
from koloda.server.store import Store
from tests.server.conftest import db_url, hello, new_table


def play_recording(
    client: TestClient, tid: str, tokens: list[str], seed: int = 0
) -> dict[int | None, list]:
    """Play a whole game with every seat a person choosing a (seeded) random legal action;
    return every message each seat (and a spectator) received."""
    rng = random.Random(seed)
    got: dict[int | None, list[dict[str, Any]]] = {i: [] for i in range(len(tokens))}
    got[None] = []
    socks = {}
    views: dict[int | None, dict[str, Any]] = {}
    for i, tok in [*enumerate(tokens), (None, None)]:
        ws = client.websocket_connect(f"/ws/{tid}").__enter__()
        socks[i] = ws
        welcome, state = hello(ws, tok)
        got[i] += [welcome, state]
        views[i] = state
    try:
        version = views[0]["version"]
        while not views[0]["finished"]:
            seat = next(s for s in range(len(tokens)) if views[s]["legal"])
            socks[seat].send_json({"type": "act", "action": rng.choice(views[seat]["legal"]),
                                   "version": version})
            version += 1
            for i, ws in socks.items():
                while True:
                    m = ws.receive_json()
                    got[i].append(m)
                    if m["type"] == "error":
                        raise AssertionError(m)
                    if m["type"] == "state" and m["version"] == version:
                        views[i] = m
                        break
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)
    return got


def states_by_version(db: Path, tid: str) -> tuple[Any, dict[int, Any]]:
    """The stored record stepped through once: a copy of the state at every version."""
    row = Store(db_url(db)).load(tid)
    assert row is not None
    state = GameRecord(game=row.game, options=row.options, players=row.players,
                       seed=row.seed, setup=row.setup).start()
    states = {0: state.clone()}
    for i, (seat, text) in enumerate(row.actions):
        state.apply_text(seat, text)
        states[i + 1] = state.clone()
    return row, states


def check_messages(db: Path, tid: str, got: dict[int | None, list], tokens: list[str]) -> None:
    row, states = states_by_version(db, tid)
    spec = get_spec(row.game)
    expected: dict[tuple[int, int | None], tuple[Any, ...]] = {}
    for seat, messages in got.items():
        text = json.dumps(messages)
        for j, tok in enumerate(tokens):
            if j != seat:
                assert tok not in text, f"seat {seat} saw seat {j}'s token"
        log: list[dict[str, Any]] = []
        for m in messages:
            if m["type"] != "state":
                continue
            key = (m["version"], seat)
            if key not in expected:
                state = states[m["version"]]
                legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
                events = state.log(seat)
                expected[key] = (
                    json.loads(json.dumps(state.observe(seat))),
                    legal if seat in state.to_act else [],
                    json.loads(json.dumps([e.to_json() for e in events])),
                    [spec.describe(e, "en") for e in events],
                )
            observation, legal, events_json, texts = expected[key]
            log = m["log"] if m["log_reset"] else log + m["log"]
            assert m["observation"] == observation
            assert m["legal"] == legal
            assert [e["event"] for e in log] == events_json
            assert [e["text"] for e in log] == texts
            assert set(m) == {"type", "table", "version", "match", "seat", "to_act", "finished",
                              "result", "observation", "legal", "log", "bot_error", "log_from",
                              "log_reset"}


def test_toy_messages_show_no_hidden_deal(client: TestClient, db: Path) -> None:
    t = new_table(client, seed=21, players=3)
    tokens = [s["token"] for s in t["seats"]]
    got = play_recording(client, t["table"], tokens)
    check_messages(db, t["table"], got, tokens)
    # the toy's secret: each seat's dealt order is shown to that seat only
    for seat, messages in got.items():
        for m in messages:
            for e in m.get("log", []):
                if e["event"]["kind"] == "ToyDealt":
                    assert e["event"]["seat"] == seat


def test_duel_messages_show_no_card_the_seat_may_not_know(client: TestClient, db: Path) -> None:
    pytest.importorskip("koloda.games.duel")
    from koloda.games.duel import DuelState

    for seed in (1, 2, 3):
        secrets_checked = seen_checked = 0
        t = new_table(client, game="duel", seed=seed)
        tokens = [s["token"] for s in t["seats"]]
        got = play_recording(client, t["table"], tokens, seed=seed)
        check_messages(db, t["table"], got, tokens)
        _row, states = states_by_version(db, t["table"])
        for seat, messages in got.items():
            for m in messages:
                if m["type"] != "state":
                    continue
                state = states[m["version"]]
                assert isinstance(state, DuelState)
                for other in (0, 1):
                    if other == seat:
                        continue
                    known = set(state.shown[other])
                    for r in state.rounds:
                        known |= {c for c in (r.cards[other], r.shown[other]) if c}
                    if seat is not None and state.winner == seat:
                        known |= set(state.chosen[other])
                    if state.swapped and seat is not None:
                        known |= set(state.swapped)
                    mine = set(state.keys) - {c for c in state.keys if c[0] == "ab"[other]}
                    secret = set(state.keys) - known - mine
                    seen = set(re.findall(r"\b[ab]\d\d\b", json.dumps(m)))
                    assert not (seen & secret), (seat, m["version"], seen & secret)
                    secrets_checked += len(secret)
                    seen_checked += len(seen)
        assert secrets_checked > 0 and seen_checked > 0


@pytest.mark.parametrize(("game", "players", "options"), [
    ("nevermore", 3, {"max_rounds": 2}),
    ("gwent", 3, {"rounds": 1, "hand_size": 6}),
])
def test_other_games_send_each_seat_only_its_view(
    client: TestClient, db: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    """Shortened games (options), every message checked against the engine's views."""
    pytest.importorskip(f"koloda.games.{game}")
    t = new_table(client, game=game, players=players, seed=5, options=options)
    tokens = [s["token"] for s in t["seats"]]
    got = play_recording(client, t["table"], tokens, seed=5)
    check_messages(db, t["table"], got, tokens)
