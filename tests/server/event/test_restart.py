"""Kill the real server (SIGKILL) during a grave wound and a rest, move its injected clock past
one deadline while it is down, start it again: both deadlines are unchanged, the passed one
fired once and marked late, the other fires on time; a second restart fires nothing."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

pytest.importorskip("koloda.games.event")

from tests.server.conftest import db_url
from tests.server.event.conftest import (
    ANNA,
    BORIS,
    T0,
    VERA,
    deck,
    make_event,
    ok,
    play_duel,
    set_clock,
    view,
)
from tests.server.process import ServerProcess


def _stored(db: Path, eid: str) -> list[str]:
    from koloda.server.event.store import EventStore

    store = EventStore(db_url(db))
    try:
        row = store.load(eid)
        assert row is not None
        return [text for _, text in row.ops]
    finally:
        store.close()


def _deadlines(c: httpx.Client, eid: str, token: str) -> list[tuple[str, str, int]]:
    me = view(c, eid, token)["observation"]["me"]
    return [(d["id"], d["kind"], d["at"]) for d in me["deadlines"]]


def test_timers_survive_a_sigkill_and_a_missed_deadline_fires_once_late(
        tmp_path: Path, clock: Path) -> None:
    db = tmp_path / "event.db"
    eid, tokens, _ = make_event(db)
    server = ServerProcess(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            set_clock(clock, T0 + 60_000)
            ok(c, eid, tokens[ANNA], f"attack {BORIS}")
            play_duel(c, eid, "d1", tokens, winner=ANNA, kill=True)
            wound = _deadlines(c, eid, tokens[BORIS])
            assert [k for _, k, _ in wound] == ["wound"]
            set_clock(clock, T0 + 120_000)
            ok(c, eid, tokens[VERA], f"discard {deck(c, eid, tokens[VERA])[0]}")
            ok(c, eid, tokens[VERA], "rest room")
            rest = _deadlines(c, eid, tokens[VERA])
            assert [(k, at) for _, k, at in rest] == [("rest", T0 + 120_001 + 5 * 60_000)]
        before = _stored(db, eid)
    finally:
        server.kill()
    # while the server is down, the rest's deadline passes (the wound's does not)
    rest_id, _, rest_at = rest[0]
    wound_id, _, wound_at = wound[0]
    assert rest_at < wound_at
    set_clock(clock, rest_at + 30_000)
    server = ServerProcess(db, port=server.port).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            assert _deadlines(c, eid, tokens[BORIS]) == wound  # unchanged
            after = _stored(db, eid)
            assert after[:len(before)] == before
            assert after[len(before):] == [f"expire {rest_id} late @{rest_at}"]
            assert view(c, eid, tokens[VERA])["observation"]["me"]["deadlines"] == []
            # the wound's deadline comes while the server runs: it fires on time, not late
            set_clock(clock, wound_at + 100)
            deadline = time.monotonic() + 20
            while _deadlines(c, eid, tokens[BORIS]) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert _deadlines(c, eid, tokens[BORIS]) == []
            fired = _stored(db, eid)[len(after):]
            assert fired[0] == f"expire {wound_id} @{wound_at}"
            assert sum(t.startswith(f"expire {wound_id}") for t in _stored(db, eid)) == 1
        settled = _stored(db, eid)
    finally:
        server.kill()
    # a second restart fires nothing again
    server = ServerProcess(db, port=server.port).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            view(c, eid, tokens[BORIS])
            time.sleep(2.5)  # a scheduler's pass at least
            assert _stored(db, eid) == settled
    finally:
        server.stop()
