"""Persistence of tables through SQLAlchemy: a SQLite file by default, PostgreSQL by URL.

What is stored is the record, not the state: each table (game, options, players), its seats
(kind, bot name, player name, secret token), its matches (seed, result once finished) and every
accepted action in order. A table's live state is rebuilt on start by replaying its current
match through the engine's checked path (:func:`koloda.engine.replay`).

Every write is one transaction that is committed before the server acknowledges anything. With
SQLite the database runs in WAL mode with ``synchronous=NORMAL``: a committed action survives the
server process being killed (it is in the write-ahead log); a power cut may lose the last few
milliseconds, which the documentation states.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

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
    create_engine,
    event,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

from koloda.extras import require

T = TypeVar("T")

metadata = MetaData()

tables_t = Table(
    "koloda_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("host_token", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("match", Integer, nullable=False),
    Column("version", Integer, nullable=False),
)

seats_t = Table(
    "koloda_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("koloda_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token", String(64), nullable=False, unique=True),
)

matches_t = Table(
    "koloda_matches",
    metadata,
    Column("table_id", String(32), ForeignKey("koloda_tables.id"), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("result", Text, nullable=True),
    #: the rules version (``GameSpec.rules_version``) the match is played under; NULL in
    #: databases made before rules had versions: version 1
    Column("rules_version", Integer, nullable=True),
    #: the hand-made position the match started from (JSON; an event's duel), or NULL: a deal
    Column("setup", Text, nullable=True),
)

actions_t = Table(
    "koloda_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("koloda_tables.id"), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


class Damaged(Exception):
    """A stored table whose rows do not make a whole record: the reason in words (English and
    Russian), naming rows and numbers only, never the cards."""

    def __init__(self, en: str, ru: str) -> None:
        super().__init__(en)
        self.en, self.ru = en, ru


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    bot: str | None
    name: str
    token: str


@dataclass
class TableRow:
    """A table as stored: enough to rebuild it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    lang: str
    host_token: str
    created_at: float
    match: int
    version: int
    seats: list[SeatRow]
    seed: int = 0
    #: the rules version of the current match (see ``GameSpec.rules_version``)
    rules_version: int = 1
    actions: list[tuple[int, str]] = field(default_factory=list)
    #: Results of the finished earlier matches at this table (the scoreboard).
    results: list[dict[str, Any]] = field(default_factory=list)
    #: The current match's hand-made setup (``game.from_setup``), None for a seeded deal.
    setup: dict[str, Any] | None = None


def default_url() -> str:
    """``sqlite:///.koloda/koloda.db`` in the working directory."""
    return "sqlite:///" + str(Path(".koloda") / "koloda.db")


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get their directory created and WAL mode."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            parent = os.path.dirname(os.path.abspath(path))
            os.makedirs(parent, exist_ok=True)
        memory = not path or path == ":memory:"
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            # one shared connection, or each thread would see its own empty database
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("postgresql+psycopg://"):
        require("psycopg", extra="postgres", what="a PostgreSQL database")
    return create_engine(url, pool_pre_ping=True)


class Database:
    """One engine (its own, made from a URL, or one shared with another store) and a schema
    created in it: what the tables' store and the events' store have in common."""

    def __init__(self, url_or_engine: str | Engine, schema: MetaData) -> None:
        if isinstance(url_or_engine, str):
            self.url = url_or_engine
            self.engine = make_engine(url_or_engine)
            self._own = True
        else:
            self.engine = url_or_engine
            self.url = url_or_engine.url.render_as_string()
            self._own = False
        schema.create_all(self.engine)

    def close(self) -> None:
        """Release the engine if this store made it."""
        if self._own:
            self.engine.dispose()

    def _tx(self) -> Any:
        return self.engine.begin()

    @contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """A connection reading one snapshot of the database: rows being stored meanwhile are
        either wholly in what it reads or not at all."""
        with self.engine.connect() as c:
            if c.dialect.name == "sqlite":
                c.exec_driver_sql("BEGIN")  # the driver opens no transaction for reads
            else:
                c = c.execution_options(isolation_level="REPEATABLE READ")
            yield c

    def _columns(self, table: str) -> dict[str, Any]:
        return {c["name"]: c for c in inspect(self.engine).get_columns(table)}

    def _add_column(self, table: str, column: str, sql_type: str) -> None:
        """Add a column that databases made before it lack (NULL in their rows)."""
        if column not in self._columns(table):
            with self._tx() as c:
                c.execute(sql_text(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}"))


class Store(Database):
    """Synchronous storage; the server calls it from one worker thread."""

    def __init__(self, url: str) -> None:
        super().__init__(url, metadata)
        self._widen_seeds()
        # databases made before rules had versions (NULL: version 1, the rules those matches
        # were played under) and before matches could start from a setup
        self._add_column("koloda_matches", "rules_version", "INTEGER")
        self._add_column("koloda_matches", "setup", "TEXT")

    def _widen_seeds(self) -> None:
        """Databases made before seeds had 63 bits stored them as 32-bit integers; widen the
        column (SQLite's integers have 64 bits already)."""
        if self.engine.dialect.name != "postgresql":
            return
        if not isinstance(self._columns("koloda_matches")["seed"]["type"], BigInteger):
            with self._tx() as c:
                c.execute(sql_text("ALTER TABLE koloda_matches ALTER COLUMN seed TYPE BIGINT"))

    def create_table(self, row: TableRow) -> None:
        with self._tx() as c:
            c.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=json.dumps(row.options, allow_nan=False),
                    lang=row.lang,
                    host_token=row.host_token,
                    created_at=row.created_at,
                    match=row.match,
                    version=row.version,
                )
            )
            for s in row.seats:
                c.execute(
                    insert(seats_t).values(
                        table_id=row.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                        token=s.token,
                    )
                )
            setup = None if row.setup is None else json.dumps(row.setup, allow_nan=False)
            c.execute(insert(matches_t).values(table_id=row.id, match=row.match, seed=row.seed,
                                               rules_version=row.rules_version, setup=setup))

    def append_action(
        self,
        table_id: str,
        *,
        match: int,
        n: int,
        seat: int,
        text: str,
        version: int,
    ) -> None:
        """Store one accepted action and the table's new version, in one transaction."""
        with self._tx() as c:
            c.execute(
                insert(actions_t).values(
                    table_id=table_id, match=match, n=n, seat=seat, text=text, version=version,
                    at=time.time(),
                )
            )
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(version=version))

    def set_result(self, table_id: str, *, match: int, result: dict[str, Any]) -> None:
        """Remember a finished match's result (derivable by replay; kept for the scoreboard)."""
        with self._tx() as c:
            c.execute(
                update(matches_t)
                .where((matches_t.c.table_id == table_id) & (matches_t.c.match == match))
                .values(result=json.dumps(result, allow_nan=False))
            )

    def delete_action(self, table_id: str, *, match: int, n: int, version: int) -> None:
        """Undo :meth:`append_action` (only when the engine refused an action after storing)."""
        with self._tx() as c:
            c.execute(
                actions_t.delete().where(
                    (actions_t.c.table_id == table_id)
                    & (actions_t.c.match == match)
                    & (actions_t.c.n == n)
                )
            )
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(version=version))

    def new_match(self, table_id: str, *, match: int, seed: int, version: int,
                  rules_version: int = 1) -> None:
        with self._tx() as c:
            c.execute(insert(matches_t).values(table_id=table_id, match=match, seed=seed,
                                               rules_version=rules_version))
            c.execute(
                update(tables_t).where(tables_t.c.id == table_id).values(
                    match=match, version=version
                )
            )

    def migrate_match(self, table_id: str, *, match: int, texts: list[str],
                      rules_version: int) -> None:
        """Rewrite a match's action texts (one for one, in order) and its rules version: a
        written migration step's result (``koloda.engine.record.register_migration``)."""
        with self._tx() as c:
            for n, text in enumerate(texts):
                c.execute(
                    update(actions_t)
                    .where((actions_t.c.table_id == table_id) & (actions_t.c.match == match)
                           & (actions_t.c.n == n))
                    .values(text=text)
                )
            c.execute(
                update(matches_t)
                .where((matches_t.c.table_id == table_id) & (matches_t.c.match == match))
                .values(rules_version=rules_version)
            )

    def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        with self._tx() as c:
            c.execute(
                update(seats_t)
                .where((seats_t.c.table_id == table_id) & (seats_t.c.seat == seat))
                .values(name=name)
            )

    def table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(select(tables_t.c.id).order_by(tables_t.c.created_at))]

    def load(self, table_id: str) -> TableRow | None:
        """The stored table with its current match's actions, or None; raises
        :class:`Damaged` when its rows do not make a whole record. The rows are read in one
        snapshot, so an action being stored meanwhile is either wholly in it or not at all."""
        with self.snapshot() as c:
            return read_strictly(lambda: _load(c, table_id), "его")

    def load_all(self) -> Iterator[tuple[str, TableRow | Damaged]]:
        """Every stored table, each as its row or as the reason it is damaged."""
        for tid in self.table_ids():
            try:
                row = self.load(tid)
            except Damaged as e:
                yield tid, e
                continue
            if row is not None:
                yield tid, row


def _load(c: Connection, table_id: str) -> TableRow | None:
    t = c.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
    if t is None:
        return None
    options = json_object(t["options"], "its options", "его параметры")
    seats = [
        SeatRow(seat=r["seat"], kind=r["kind"], bot=r["bot"], name=r["name"], token=r["token"])
        for r in c.execute(
            select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
        ).mappings()
    ]
    if [s.seat for s in seats] != list(range(t["players"])):
        raise Damaged(
            f"its seat rows {[s.seat + 1 for s in seats]} are not seats 1 to {t['players']}",
            f"его места {[s.seat + 1 for s in seats]} — не места с 1 по {t['players']}",
        )
    for s in seats:
        if s.kind not in ("human", "bot") or (s.kind == "bot") != (s.bot is not None):
            raise Damaged(f"its seat {s.seat + 1} is neither a person nor a bot",
                          f"его место {s.seat + 1} — ни человек, ни бот")
    matches = list(
        c.execute(
            select(matches_t).where(matches_t.c.table_id == table_id).order_by(matches_t.c.match)
        ).mappings()
    )
    if [m["match"] for m in matches] != list(range(t["match"] + 1)):
        raise Damaged(
            f"its match rows do not run from 1 to its current match {t['match'] + 1}",
            f"его партии не идут подряд с 1 по текущую ({t['match'] + 1})",
        )
    current = matches[-1]
    # every action row of every match: numbered from 0 without a gap, each carrying the
    # table's version after it; a new match takes one version more
    version = 0
    rows: list[Any] = list(c.execute(
        select(actions_t.c.match, actions_t.c.n, actions_t.c.version)
        .where(actions_t.c.table_id == table_id)
        .order_by(actions_t.c.match, actions_t.c.n)
    ).all())
    by_match: dict[int, list[tuple[int, int]]] = {}
    for m, n, v in rows:
        by_match.setdefault(m, []).append((n, v))
    if set(by_match) - set(range(t["match"] + 1)):
        raise Damaged("it has actions of a match it never started",
                      "у него есть ходы партии, которая не начиналась")
    for m in range(t["match"] + 1):
        if m > 0:
            version += 1  # the new match
        for k, (n, v) in enumerate(by_match.get(m, [])):
            if n != k:
                raise Damaged(
                    f"action #{k + 1} of match {m + 1} is missing",
                    f"нет хода №{k + 1} партии {m + 1}",
                )
            version += 1
            if v != version:
                raise Damaged(
                    f"action #{k + 1} of match {m + 1} carries version {v}, its history "
                    f"{version}",
                    f"ход №{k + 1} партии {m + 1} несёт версию {v}, а по истории {version}",
                )
    if t["version"] != version:
        raise Damaged(
            f"its version {t['version']} does not match its history ({version}): an action "
            "row is missing or was added",
            f"его версия {t['version']} не сходится с историей ({version}): ход удалён "
            "или добавлен",
        )
    actions = [
        (r[0], r[1])
        for r in c.execute(
            select(actions_t.c.seat, actions_t.c.text)
            .where((actions_t.c.table_id == table_id) & (actions_t.c.match == t["match"]))
            .order_by(actions_t.c.n)
        )
    ]
    try:
        results = [
            json.loads(m["result"], parse_constant=_no_constant)
            for m in matches
            if m["result"] is not None and m["match"] != t["match"]
        ]
    except (ValueError, RecursionError):
        raise Damaged("a match's result is not valid JSON",
                      "результат партии — не JSON") from None
    for r in results:
        scores = r.get("scores") if isinstance(r, dict) else None
        if not isinstance(scores, list) or len(scores) != t["players"] or not all(
            isinstance(x, int | float) and not isinstance(x, bool) for x in scores
        ):
            raise Damaged("a match's result has no scores for every seat",
                          "в результате партии нет очков каждого места")
    if current["seed"] is None:
        raise Damaged("its current match has no seed", "у текущей партии нет зерна")
    return TableRow(
        id=t["id"],
        game=t["game"],
        players=t["players"],
        options=options,
        lang=t["lang"],
        host_token=t["host_token"],
        created_at=t["created_at"],
        match=t["match"],
        version=t["version"],
        seats=seats,
        seed=current["seed"],
        rules_version=current["rules_version"] or 1,
        actions=actions,
        results=results,
        setup=None if current["setup"] is None else json_object(
            current["setup"], "its current match's setup", "начальная позиция его партии",
            are="is"),
    )


def read_strictly(read: Callable[[], T], its_ru: str) -> T:
    """``read()``, with an error of a row the columns' types do not describe raised as
    :class:`Damaged` (``its_ru``: "its" in Russian for what is read, «его», «её»)."""
    try:
        return read()
    except Damaged:
        raise
    except Exception as e:
        raise Damaged(f"its rows cannot be read ({type(e).__name__})",
                      f"{its_ru} строки не читаются ({type(e).__name__})") from e


def json_object(text: Any, what: str, what_ru: str, *, are: str = "are") -> dict[str, Any]:
    """The JSON object stored in a column; raises :class:`Damaged` naming ``what`` (English,
    with the verb ``are``: "are" or "is") and ``what_ru`` (Russian: «его параметры») when it is
    not valid JSON (NaN and infinities included) or not an object."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError, TypeError):
        raise Damaged(f"{what} {are} not valid JSON", f"{what_ru} — не JSON") from None
    if not isinstance(value, dict):
        raise Damaged(f"{what} {are} not a JSON object", f"{what_ru} — не объект JSON")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
