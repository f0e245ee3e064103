"""All live events of one server: restored from the database on start, their timers fired by
a scheduler, their duels played as real tables of the ``duel`` game.

**Timers.** Every open timer is an absolute deadline in the event's state (the operation that
started it stored it). The scheduler (:meth:`EventHub.run_forever`) looks every
``check_seconds`` and fires each deadline that has come with an ``expire`` stamped with the
deadline itself, not the time it ran, so a replay gives the same state; a person's operation
fires the due deadlines first as well. A deadline that passed while the server was down fires
once at start, marked late. Nothing is counted down in memory: a restart re-reads the
deadlines from the replayed state.

**Duels.** When an operation opens a duel to be fought on phones (a challenge accepted, an
attack declared), the hub creates a table of the ``duel`` game through the tables' hub, with the
hand-made setup the engine gives (``state.duel_setup``): the two participants' decks as duel card
ids. Its id is derived from the event's and the duel's (:func:`duel_table_id`), so a restart
finds it again instead of creating a second one. Its seat tokens are handed to no one: a
duellist reaches their seat with their own event login (``GET
/api/events/{id}/duels/{duel}/seat``); witnesses open the table's public view. When the table's
duel ends, the hub applies ``duel_result`` with the duel's outcome (card ids included) to the
event, under the event's lock, only while the engine still lists the duel as open: exactly once,
also when the server died between the duel's end and the result (each pass checks every open
duel's table).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from koloda.engine import IllegalAction, KolodaError
from koloda.engine.errors import InvalidOption, UnknownGame
from koloda.server.errors import ClientError
from koloda.server.event import bridge
from koloda.server.event.clock import Clock, default_clock
from koloda.server.event.room import EventRoom
from koloda.server.event.store import EventRow, EventStore
from koloda.server.hub import Hub, SeatRequest
from koloda.server.room import Room
from koloda.server.store import Damaged

log = logging.getLogger("koloda.server.event")


def duel_table_id(event_id: str, duel_id: str) -> str:
    """The id of the table of duel ``duel_id`` (``d1``) of event ``event_id``: ``ID-d1``."""
    return f"{event_id}-{duel_id}"


#: The letters of an event's id: no look-alikes, nothing a shell or a command line reads.
ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_event_id() -> str:
    """A new event's id: 8 random letters and digits (40 bits; the id is not a secret)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(8))


class EventHub:
    """Every event of one server (see the module docstring)."""

    def __init__(self, tables: Hub, *, clock: Clock | None = None,
                 check_seconds: float = 2.0) -> None:
        self.tables = tables
        self.store = EventStore(tables.store.engine)
        self.clock = clock or default_clock()
        self.check_seconds = check_seconds
        self.rooms: dict[str, EventRoom] = {}
        #: events that cannot be restored: why, in English and Russian (rows and numbers
        #: only; the details go to the server's log)
        self.broken: dict[str, tuple[str, str]] = {}
        self.started_ms = self.clock.now_ms()
        self._syncing: set[str] = set()
        #: one load per event, however many sockets ask at once (two loads would make two
        #: rooms, and a change in one would never reach the connections of the other)
        self._loading = asyncio.Lock()

    async def call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        return await self.tables.store_call(fn, *args, **kwargs)

    # --- start ----------------------------------------------------------------------------------

    async def restore(self) -> None:
        """Replay every stored event, fire the deadlines missed while the server was down
        (late), and bring every duel up to date."""
        self.started_ms = self.clock.now_ms()
        for event_id in await self.call(self.store.ids):
            await self._load(event_id)
        for room in list(self.rooms.values()):
            await self.tick(room)

    async def _load(self, event_id: str) -> EventRoom | None:
        """The room of ``event_id``, replayed from the database unless it is loaded already;
        None when there is no such event or it cannot be restored."""
        async with self._loading:
            room = self.rooms.get(event_id)
            if room is not None or event_id in self.broken:
                return room
            return await self._replay(event_id)

    async def _replay(self, event_id: str) -> EventRoom | None:
        try:  # one event's failure must not keep the others down
            row = await self.call(self.store.load, event_id)
            if row is None:
                return None
            room = EventRoom.build(row, store=self.store, store_call=self.call, clock=self.clock,
                                   started_ms=self.started_ms)
        except Exception as e:
            log.error("event %s cannot be restored: %r", event_id, e)
            self.broken[event_id] = _why(e)
            return None
        room.after_change = self.sync_duels
        self.rooms[event_id] = room
        return room

    async def get(self, event_id: str) -> EventRoom:
        room = self.rooms.get(event_id)
        if room is None and event_id not in self.broken and len(event_id) <= 32:
            room = await self._load(event_id)  # created by the organiser's command since
            if room is not None:               # the start
                await self.tick(room)
        if room is not None:
            return room
        why = self.broken.get(event_id)
        if why is not None:
            raise ClientError(
                "broken_event",
                f"event {event_id} cannot be opened: {why[0]}; its record is kept unchanged",
                message_ru=f"игру {event_id} нельзя открыть: {why[1]}; её запись сохранена без "
                "изменений",
                reason=why[0], reason_ru=why[1],
            )
        raise ClientError("unknown_event", "there is no such event")

    async def create(self, row: EventRow) -> EventRoom:
        await self.call(self.store.create, row)
        room = await self._load(row.id)
        assert room is not None
        return room

    # --- the scheduler --------------------------------------------------------------------------

    async def tick(self, room: EventRoom) -> None:
        """One pass over one event: fire due timers, bring duels up to date."""
        try:
            await room.fire_due()
            async with room.lock:
                await self.sync_duels(room)
        except Exception:
            log.exception("event %s: the scheduler's pass failed", room.id)

    async def tick_all(self) -> None:
        versions = await self.call(self.store.versions)
        for event_id, version in versions.items():
            room = self.rooms.get(event_id)
            if room is None:
                if event_id not in self.broken:
                    await self._load(event_id)
                continue
            if version != room.version:  # another writer (``koloda event``) stored operations
                async with room.lock:
                    await room.reload()
        for room in list(self.rooms.values()):
            await self.tick(room)
            room.sweep()

    async def run_forever(self) -> None:
        """The scheduler: :meth:`tick_all` every ``check_seconds`` (a task of the lifespan)."""
        while True:
            await asyncio.sleep(self.check_seconds)
            try:
                await self.tick_all()
            except Exception:
                log.exception("the event scheduler's pass failed")

    # --- duels ----------------------------------------------------------------------------------

    async def sync_duels(self, room: EventRoom) -> None:
        """Create the tables of the event's open phone duels and apply the results of those
        that ended. Call under the event's lock."""
        if room.id in self._syncing:
            return  # a result applied here changes the event again: one pass at a time
        self._syncing.add(room.id)
        try:
            for duel in bridge.open_duels(room.state):
                table = await self._duel_table(room, duel)
                if table.state.is_terminal:
                    await self._apply_result(room, duel, table)
        finally:
            self._syncing.discard(room.id)

    async def _duel_table(self, room: EventRoom, duel: bridge.Duel) -> Room:
        table_id = duel_table_id(room.id, duel.id)
        try:
            table = await self.tables.get_room(table_id)
        except ClientError as e:
            if e.code != "unknown_table":
                raise
            options, setup = bridge.duel_setup(room.state, duel)
            names = [bridge.name_of(room.state, p) for p in duel.seats]
            table = await self.tables.create_table(
                game="duel", players=2, options=options,
                seats=[SeatRequest(kind="human", name=n[:40]) for n in names],
                lang=room.row.lang, seed=secrets.randbits(63), setup=setup, table_id=table_id)
            log.info("event %s: duel %s plays at table %s", room.id, duel.id, table_id)
        table.on_finish = self._finished
        return table

    async def _finished(self, table: Room) -> None:
        """A duel table's game ended: apply its result to its event."""
        event_id = table.id.rpartition("-")[0]
        room = self.rooms.get(event_id)
        if room is None:
            return
        async with room.lock:
            await self.sync_duels(room)

    async def _apply_result(self, room: EventRoom, duel: bridge.Duel, table: Room) -> None:
        now = bridge.stamp(room.state, room.now_ms())
        await room._fire_due(now)
        now = bridge.stamp(room.state, now)
        if duel.id not in {d.id for d in bridge.open_duels(room.state)}:
            return
        seat, action = bridge.duel_result(room.game, room.state, duel, table.state, now)
        try:
            await room.apply_system(seat, action)
        except IllegalAction:
            log.exception("event %s: the engine refuses the result of duel %s", room.id,
                          duel.id)

    async def duel_seat(self, room: EventRoom, who: int, duel_id: str) -> dict[str, Any]:
        """The seat link of ``who`` at duel ``duel_id``'s table (a duellist only)."""
        async with room.lock:
            duel = next((d for d in bridge.all_duels(room.state) if str(d.id) == duel_id), None)
            if duel is None:
                raise ClientError("not_found", "there is no such duel at this event")
            if who not in duel.seats:
                raise ClientError("bad_token", "only the two duellists have seats at a duel")
            table = await self._duel_table(room, duel)
        seat = duel.seats.index(who)
        token = table.seats[seat].token
        return {"table": table.id, "seat": seat, "token": token,
                "link": f"/t/{table.id}#seat={token}", "witness": f"/t/{table.id}"}

    async def duel_public(self, room: EventRoom, duel_id: str) -> dict[str, Any]:
        """What witnesses need: the duel's table and its public view's link."""
        duel = next((d for d in bridge.all_duels(room.state) if str(d.id) == duel_id), None)
        if duel is None or not duel.phone:
            raise ClientError("not_found", "there is no such duel played on phones here")
        table_id = duel_table_id(room.id, duel.id)
        return {"table": table_id, "witness": f"/t/{table_id}", "open": duel.open}


def _why(error: BaseException) -> tuple[str, str]:
    """Why an event cannot be restored, in words that name no card nor operation text
    (English, Russian)."""
    if isinstance(error, Damaged):
        return error.en, error.ru
    if isinstance(error, UnknownGame):
        return "its game is not installed on this server", "её игра не установлена на сервере"
    if isinstance(error, InvalidOption):
        return ("its stored options are refused by this server's rules",
                "её сохранённые параметры не принимают правила этого сервера")
    if isinstance(error, IllegalAction | KolodaError):
        return ("a stored operation does not replay under the rules this server runs",
                "сохранённая операция не воспроизводится по правилам этого сервера")
    return (f"its record cannot be replayed ({type(error).__name__})",
            f"её запись не воспроизводится ({type(error).__name__})")
