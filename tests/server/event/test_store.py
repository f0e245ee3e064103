"""Events in the database: stored before acknowledged, one writer per place in the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from koloda.server.event.logins import new_logins
from koloda.server.event.store import Conflict, EventRow, EventStore
from koloda.server.store import SeatRow, Store, TableRow
from tests.server.conftest import db_url


def _row() -> EventRow:
    return EventRow(id="ev1", title="Бал", game="event", players=2, options={"deck_max": 12},
                    setup={"people": [{"name": "Анна"}]}, seed=5, lang="ru", created_at=1.0,
                    version=0, logins=new_logins([0, 1]))


def test_an_event_round_trips_and_two_writers_cannot_store_the_same_place(tmp_path: Path) -> None:
    store = EventStore(db_url(tmp_path / "e.db"))
    store.create(_row())
    store.append("ev1", n=0, ops=[(0, "a"), (1, "b")])
    with pytest.raises(Conflict):
        store.append("ev1", n=1, ops=[(0, "c")])
    row = store.load("ev1")
    assert row is not None
    assert row.ops == [(0, "a"), (1, "b")] and row.version == 2
    assert row.setup == {"people": [{"name": "Анна"}]} and row.options == {"deck_max": 12}
    assert [lg.who for lg in row.logins] == [0, 1]
    assert len({lg.badge for lg in row.logins}) == 2
    assert all(len(lg.token) >= 32 and len(lg.badge) == 4 for lg in row.logins)
    assert store.versions() == {"ev1": 2}
    store.replace(EventRow(**{**row.__dict__, "ops": [(0, "x")]}))
    again = store.load("ev1")
    assert again is not None and again.ops == [(0, "x")] and again.version == 1
    store.close()


def test_a_table_keeps_its_setup_and_an_old_database_gets_the_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = create_engine(f"sqlite:///{path}")
    with old.begin() as c:  # the matches table as it was before setups
        c.execute(text("CREATE TABLE koloda_matches (table_id VARCHAR(32) NOT NULL, "
                       "\"match\" INTEGER NOT NULL, seed BIGINT NOT NULL, result TEXT, "
                       "PRIMARY KEY (table_id, \"match\"))"))
    old.dispose()
    store = Store(f"sqlite:///{path}")
    store.create_table(TableRow(
        id="t1", game="duel", players=2, options={}, lang="en", host_token="h", created_at=0.0,
        match=0, version=0, seats=[SeatRow(0, "human", None, "A", "tok0"),
                                   SeatRow(1, "human", None, "B", "tok1")],
        seed=3, setup={"decks": [["punch"], ["kick"]]}))
    row = store.load("t1")
    assert row is not None and row.setup == {"decks": [["punch"], ["kick"]]}
    store.close()
