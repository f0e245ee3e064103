"""The two-part views on the event socket follow every change: random legal operations (and the
clock's expiries) go through a room with a connection for every seat and the board; after each,
what each connection assembled from its ``public`` and ``private`` messages is exactly the
engine's view of that seat and its whole log, although a private part is rebuilt only for the
seats a change concerns. Each option set that changes who sees what is played."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("koloda.games.event")

from koloda.server.errors import ClientError
from koloda.server.event import bridge
from koloda.server.event import room as room_module
from koloda.server.event.clock import ManualClock
from koloda.server.event.hub import new_event_id
from koloda.server.event.logins import new_logins
from koloda.server.event.room import EventRoom
from koloda.server.event.store import EventRow, EventStore
from koloda.server.room import Client
from tests.server.conftest import db_url
from tests.server.event.assemble import Assembled
from tests.server.event.conftest import DECKS, PEOPLE, T0

VARIANTS: list[dict[str, Any]] = [
    {},
    {"board_shows_results": True, "masters_see_piles": False},
    {"rest_end": "auto", "on_death": "return_all", "wounded_can_be_attacked": True},
]
STEPS = 100


async def _call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    return fn(*args, **kwargs)


def _drain(client: Client, page: Assembled) -> int:
    n = 0
    while not client.queue.empty():
        m = client.queue.get_nowait()
        assert m is not None, "a connection was closed"
        page.take(json.loads(m) if isinstance(m, str) else m)
        n += 1
    return n


async def _room(db: Path, options: dict[str, Any], seed: int
                ) -> tuple[EventRoom, EventStore, ManualClock, dict[int | None, Client]]:
    """A room of the conftest's people, with a connection for every seat and the board."""
    players, setup = bridge.roster_setup(PEOPLE, spare=1, now=T0)
    setup["decks"] = DECKS
    row = EventRow(id=new_event_id(), title="Бал", game="event", players=players,
                   options=options, setup=setup, seed=seed, lang="ru", created_at=time.time(),
                   version=0, logins=new_logins(range(len(PEOPLE))))
    store = EventStore(db_url(db))
    store.create(row)
    clock = ManualClock(T0)
    room = EventRoom.build(row, store=store, store_call=_call, clock=clock, started_ms=T0)
    seats: list[int | None] = [*range(len(PEOPLE)), None]
    clients = {s: Client(s, "ru" if s != 2 else "en") for s in seats}
    async with room.lock:
        for c in clients.values():
            room.join(c)
    return room, store, clock, clients


async def _walk(db: Path, options: dict[str, Any], seed: int) -> tuple[int, int]:
    room, store, clock, clients = await _room(db, options, seed)
    seats = list(clients)
    pages = {s: Assembled() for s in seats}
    rng = random.Random(seed)
    private = checked = 0
    try:
        for _ in range(STEPS):
            st: Any = room.state
            if st.closed:
                break
            if rng.random() < 0.2:  # the clock moves on; due timers fire
                clock.advance(rng.choice([1_000, 60_000, 6 * 60_000, 16 * 60_000]))
                await room.fire_due()
            else:
                seat = rng.choice([s for s in st.to_act if s is not None])
                ops = [op for op in st.legal_actions(seat)
                       if not str(op).startswith(("expire", "close"))]
                if not ops:
                    continue
                text = str(rng.choice(ops)).rsplit(" @", 1)[0]
                clock.advance(max(0, st.now + 1 - clock.now_ms()))
                try:
                    await room.submit(seat, text)
                except ClientError as e:  # a refusal: nothing changed
                    assert e.code == "illegal_action", e
            await room.settle()
            for s in seats:
                n = _drain(clients[s], pages[s])
                private += n
                page = pages[s]
                want = json.loads(json.dumps(room.state.observe(s)))
                assert {k: v for k, v in page.observation.items() if k != "now"} == \
                    {k: v for k, v in want.items() if k != "now"}, (s, text)
                assert [e["n"] for e in page.log] == [
                    i for i, e in enumerate(room.state.events) if e.to.sees(s)], s
                checked += 1
    finally:
        store.close()
    return private, checked


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_connection_assembles_its_seats_view_after_every_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: int) -> None:
    monkeypatch.setattr(room_module, "MIN_GAP", 0.0)  # no pacing: settle() sends everything
    monkeypatch.setattr(room_module, "PACE", 0.0)
    messages, checked = asyncio.run(_walk(tmp_path / "fan.db", VARIANTS[variant], variant))
    assert checked > STEPS  # every seat, at every step that was taken
    assert messages > 0


async def _not_held_back(db: Path) -> tuple[bool, bool]:
    room, store, clock, clients = await _room(db, {}, 3)
    try:
        await room.settle()
        for c in clients.values():
            _drain(c, Assembled())
        st: Any = room.state
        master = next(s for s in clients if s is not None and s in bridge.staff(st))
        # the master's last view was costly: its next one waits (up to MAX_GAP), and the
        # flusher sleeps until then
        room._pace[clients[master]] = time.monotonic() + 5.0
        room._dirty.add(clients[master])
        room._flush_soon()
        await asyncio.sleep(0.05)
        seat = next(s for s in st.to_act if s is not None and s != master
                    and any(not str(op).startswith(("expire", "close"))
                            for op in st.legal_actions(s)))
        op = next(str(op) for op in st.legal_actions(seat)
                  if not str(op).startswith(("expire", "close")))
        clock.advance(max(0, st.now + 1 - clock.now_ms()))
        await room.submit(seat, op.rsplit(" @", 1)[0])
        mine, seen = clients[seat], []
        for _ in range(200):  # at most 2 s, far less than the master's 5
            while not mine.queue.empty():
                m = mine.queue.get_nowait()
                seen.append(json.loads(m) if isinstance(m, str) else m)
            if any(m and m.get("type") == "private" for m in seen):
                break
            await asyncio.sleep(0.01)
        got = any(m and m.get("type") == "private" for m in seen)
        return got, clients[master] in room._dirty
    finally:
        store.close()


def test_a_costly_view_waiting_for_its_pace_holds_back_nobody_else(tmp_path: Path) -> None:
    # the flusher asleep until the master's pace wakes for a participant's change at once
    got, master_waits = asyncio.run(_not_held_back(tmp_path / "pace.db"))
    assert got, "the participant's own part waited for the master's pace"
    assert master_waits  # (the master's still waits its turn)
