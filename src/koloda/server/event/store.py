"""Persistence of live events, in the same database as the tables (SQLite file by default,
PostgreSQL by URL).

What is stored is the record, not the state, as for the tables: each event (options, the setup
it started from, its seed), every accepted operation in order, and the logins (one secret token
and one public badge code per participant id). The live state is rebuilt on start by replaying
the operations through the engine's checked path.

Every write is one transaction committed before the server acknowledges anything. Operations
are numbered: the primary key ``(event_id, n)`` makes two writers (the server and an organiser's
``koloda event`` command on the same database) unable to store two different operations at the
same place; the loser re-reads the record and tries again (:class:`Conflict`).

The rows are read as strictly as the tables' (:class:`~koloda.server.store.Damaged`, in one
snapshot): options and setup that are not JSON objects, a gap in the operations' numbers, a
version that is not their count, an operation or a login of nobody at the event. Such an event
is refused with that reason and its rows are left as they are.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from koloda.engine import InvalidData
from koloda.server.store import Damaged, Database, json_object, read_strictly


def json_text(value: Any, what: str, **kwargs: Any) -> str:
    """``value`` as the JSON text a client or the database reads (``kwargs``: ``json.dumps``'s
    layout); raises :class:`~koloda.engine.InvalidData` naming ``what`` for a NaN or an
    infinity, which JSON has no words for (a bare ``NaN`` no client parses), and writes
    nothing."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, **kwargs)
    except ValueError:
        raise InvalidData(f"{what}: a number JSON cannot write (NaN or an infinity)") \
            from None


metadata = MetaData()

events_t = Table(
    "koloda_events",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("setup", Text, nullable=True),
    Column("seed", BigInteger, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("version", Integer, nullable=False),
)

ops_t = Table(
    "koloda_event_ops",
    metadata,
    Column("event_id", String(32), ForeignKey("koloda_events.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    #: when the server stored it (wall clock, seconds; informative: the operation carries its
    #: own stamp in its text)
    Column("stored_at", Float, nullable=False),
)

logins_t = Table(
    "koloda_event_logins",
    metadata,
    Column("event_id", String(32), ForeignKey("koloda_events.id"), primary_key=True),
    Column("who", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("badge", String(16), nullable=False),
    UniqueConstraint("event_id", "badge", name="koloda_event_badge"),
)


class Conflict(Exception):
    """Another writer stored an operation at this place first: re-read and try again."""


@dataclass
class LoginRow:
    who: int
    token: str
    badge: str


@dataclass
class EventRow:
    """An event as stored: enough to rebuild it."""

    id: str
    title: str
    game: str
    players: int
    options: dict[str, Any]
    setup: dict[str, Any] | None
    seed: int
    lang: str
    created_at: float
    version: int
    logins: list[LoginRow] = field(default_factory=list)
    ops: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self, *, secrets: bool = True) -> dict[str, Any]:
        """The whole record as JSON (``koloda event backup``); without ``secrets`` the login
        tokens are left out."""
        return {
            "format": "koloda-event",
            "format_version": 1,
            "id": self.id,
            "title": self.title,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "setup": self.setup,
            "seed": self.seed,
            "lang": self.lang,
            "created_at": self.created_at,
            "version": self.version,
            "logins": [
                {"who": lg.who, "badge": lg.badge, **({"token": lg.token} if secrets else {})}
                for lg in self.logins
            ],
            "ops": [[seat, text] for seat, text in self.ops],
        }


class EventStore(Database):
    """Synchronous storage of events; the server calls it from its database worker thread.
    Given an engine (the tables' store's), it shares it and leaves it open on :meth:`close`."""

    def __init__(self, url_or_engine: str | Engine) -> None:
        super().__init__(url_or_engine, metadata)

    def create(self, row: EventRow) -> None:
        """Store a new event with its logins and operations (one transaction)."""
        with self.engine.begin() as c:
            c.execute(insert(events_t).values(
                id=row.id, title=row.title, game=row.game, players=row.players,
                options=json_text(row.options, "the event's options"),
                setup=None if row.setup is None else json_text(row.setup, "its setup"),
                seed=row.seed, lang=row.lang, created_at=row.created_at,
                version=len(row.ops),
            ))
            for lg in row.logins:
                c.execute(insert(logins_t).values(
                    event_id=row.id, who=lg.who, token=lg.token, badge=lg.badge))
            now = time.time()
            for n, (seat, text) in enumerate(row.ops):
                c.execute(insert(ops_t).values(
                    event_id=row.id, n=n, seat=seat, text=text, stored_at=now))

    def append(self, event_id: str, *, n: int, ops: Sequence[tuple[int, str]],
               logins: Sequence[LoginRow] = ()) -> None:
        """Store operations ``n, n+1, …`` (and logins of participants they enroll) in one
        transaction; raises :class:`Conflict` if another writer got there first."""
        try:
            with self.engine.begin() as c:
                now = time.time()
                for i, (seat, text) in enumerate(ops):
                    c.execute(insert(ops_t).values(
                        event_id=event_id, n=n + i, seat=seat, text=text, stored_at=now))
                for lg in logins:
                    c.execute(insert(logins_t).values(
                        event_id=event_id, who=lg.who, token=lg.token, badge=lg.badge))
                c.execute(update(events_t).where(events_t.c.id == event_id)
                          .values(version=n + len(ops)))
        except IntegrityError as e:
            raise Conflict(str(e)) from None

    def version(self, event_id: str) -> int | None:
        """How many operations are stored (None: no such event)."""
        with self.engine.connect() as c:
            v = c.execute(select(events_t.c.version).where(events_t.c.id == event_id)).first()
            return None if v is None else int(v[0])

    def versions(self) -> dict[str, int]:
        with self.engine.connect() as c:
            return {r[0]: int(r[1]) for r in c.execute(select(events_t.c.id, events_t.c.version))}

    def ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(
                select(events_t.c.id).order_by(events_t.c.created_at, events_t.c.id))]

    def load(self, event_id: str) -> EventRow | None:
        """The stored event with its logins and operations, or None; raises
        :class:`~koloda.server.store.Damaged` when its rows do not make a whole record. The
        rows are read in one snapshot, so operations being stored meanwhile are either wholly
        in it or not at all."""
        with self.snapshot() as c:
            return read_strictly(lambda: _load(c, event_id), "её")

    def delete(self, event_id: str) -> None:
        """Remove an event entirely (``koloda event restore --replace``)."""
        with self.engine.begin() as c:
            _delete(c, event_id)

    def replace(self, row: EventRow) -> None:
        """Store ``row`` in place of any event with its id, in one transaction."""
        with self.engine.begin() as c:
            _delete(c, row.id)
        self.create(row)


def _delete(c: Connection, event_id: str) -> None:
    c.execute(delete(ops_t).where(ops_t.c.event_id == event_id))
    c.execute(delete(logins_t).where(logins_t.c.event_id == event_id))
    c.execute(delete(events_t).where(events_t.c.id == event_id))


def _load(c: Connection, event_id: str) -> EventRow | None:
    e = c.execute(select(events_t).where(events_t.c.id == event_id)).mappings().first()
    if e is None:
        return None
    players = int(e["players"])
    options = json_object(e["options"], "its options", "её параметры")
    setup = None if e["setup"] is None else json_object(
        e["setup"], "its setup", "её начальная расстановка", are="is")
    logins = [
        LoginRow(who=r["who"], token=r["token"], badge=r["badge"])
        for r in c.execute(select(logins_t).where(logins_t.c.event_id == event_id)
                           .order_by(logins_t.c.who)).mappings()
    ]
    for lg in logins:
        if not 0 <= lg.who < players:
            raise Damaged(f"it has a login of participant {lg.who}, who is not at the event",
                          f"у неё есть вход участника {lg.who}, которого нет в игре")
    ops: list[tuple[int, str]] = []
    rows: list[Any] = list(c.execute(select(ops_t.c.n, ops_t.c.seat, ops_t.c.text)
                                     .where(ops_t.c.event_id == event_id).order_by(ops_t.c.n)))
    for n, seat, text in rows:
        if n != len(ops):
            raise Damaged(f"operation #{len(ops) + 1} is missing",
                          f"нет операции №{len(ops) + 1}")
        if not 0 <= seat < players:
            raise Damaged(f"operation #{n + 1} is made by participant {seat}, who is not at "
                          "the event",
                          f"операцию №{n + 1} делает участник {seat}, которого нет в игре")
        ops.append((int(seat), str(text)))
    if e["version"] != len(ops):
        raise Damaged(
            f"its version {e['version']} does not match the count of its operations "
            f"({len(ops)}): an operation row is missing or was added",
            f"её версия {e['version']} не сходится с числом её операций ({len(ops)}): "
            "операция удалена или добавлена",
        )
    return EventRow(
        id=e["id"], title=e["title"], game=e["game"], players=players, options=options,
        setup=setup, seed=int(e["seed"]), lang=e["lang"], created_at=e["created_at"],
        version=int(e["version"]), logins=logins, ops=ops,
    )
