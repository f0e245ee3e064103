"""An event's duel table survives a restart: a duel that ended while the server died before
its result reached the event is applied after the restart, exactly once."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("koloda.games.event")

from koloda.engine import GameRecord, replay
from koloda.server.store import Store
from tests.server.conftest import db_url, make_client
from tests.server.event.conftest import (
    ANNA,
    BORIS,
    make_event,
    ok,
    view,
)


def _finish_behind_the_servers_back(db: Path, table_id: str) -> None:
    """Store the rest of the duel's actions as the server would have, without telling the
    event (as if the server died right after storing the last one)."""
    store = Store(db_url(db))
    row = store.load(table_id)
    assert row is not None and row.setup is not None
    state = replay(GameRecord(game=row.game, options=row.options, players=row.players,
                              seed=row.seed, setup=row.setup, actions=tuple(row.actions)))
    version = row.version
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        if seat == 0:
            pick = next((a for a in legal if "kill" in a), legal[0])
        else:
            pick = "hand" if "hand" in legal else legal[0]
        n = len(state.history)
        state.apply_text(seat, pick)
        version += 1
        store.append_action(table_id, match=row.match, n=n, seat=seat, text=pick,
                            version=version)
    store.close()


def _results(client: object, eid: str) -> list[str]:
    store = client.app.state.events.store  # type: ignore[attr-defined]
    return [t for _, t in store.load(eid).ops if t.startswith("result ")]


def test_a_duel_that_ended_unannounced_is_applied_after_a_restart_once(
        db: Path, clock: Path) -> None:
    eid, tokens, _ = make_event(db)
    with make_client(db) as c:
        ok(c, eid, tokens[ANNA], f"attack {BORIS}")
        table = c.get(f"/api/events/{eid}/duels/d1").json()["table"]
        assert view(c, eid, tokens[BORIS])["observation"]["me"]["duel"] == "d1"
    _finish_behind_the_servers_back(db, table)
    with make_client(db) as c:
        me = view(c, eid, tokens[BORIS])["observation"]["me"]
        assert me["duel"] is None and me["health"] == "wounded"
        assert len(_results(c, eid)) == 1
        info = c.get(f"/api/tables/{table}").json()
        assert info["finished"]
    with make_client(db) as c:  # and a second restart applies nothing more
        assert len(_results(c, eid)) == 1
