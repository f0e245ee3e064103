"""A live event in the server («игра»): the one authority over its operation log.

An :class:`EventRoom` holds the engine state of one event (the kernel game ``"event"``), its
logins and the connected clients. Every change goes through :meth:`EventRoom.submit` (a person's
operation) or :meth:`EventRoom.fire_due` (the clock's), under the room's lock, in this order:

1. every open timer whose deadline has come is fired first, each an ``expire`` stamped with its
   own deadline, so the log's times never go backwards (the scheduler does the same every few
   seconds when nobody acts);
2. the operation is parsed, stamped with the server's time and checked as the login's own
   (a participant acts as themself only; see :mod:`.bridge`) and by the engine (nothing changes
   when it is refused);
3. it is stored in the database and the commit is awaited;
4. it is applied, the version moves on, the caller gets its acknowledgement and each connected
   login its own view (the engine's ``observe`` of its participant id and the new entries of its
   filtered log), nothing else.

When another writer (an organiser's ``koloda event`` command on the same database) stored an
operation first, the room re-reads the record and tries once more (:class:`~.store.Conflict`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from koloda.engine import Action, Game, GameState, IllegalAction
from koloda.server.errors import ClientError
from koloda.server.event import bridge
from koloda.server.event.clock import Clock
from koloda.server.event.logins import new_logins, same_secret
from koloda.server.event.store import Conflict, EventRow, EventStore, LoginRow
from koloda.server.room import Client

log = logging.getLogger("koloda.server.event")

StoreCall = Callable[..., Awaitable[Any]]

#: Open connections a login may have at once, and public board screens an event may have.
MAX_LOGIN_CONNECTIONS = 8
MAX_BOARDS = 64


class EventRoom:
    """One event in play (see the module docstring)."""

    def __init__(self, row: EventRow, *, game: Game, state: GameState, store: EventStore,
                 store_call: StoreCall, clock: Clock, started_ms: int) -> None:
        self.id = row.id
        self.row = row
        self.game = game
        self.state = state
        self.store = store
        self.store_call = store_call
        self.clock = clock
        #: the clock when the server (re)started: a deadline before it fired late
        self.started_ms = started_ms
        self.logins: dict[int, LoginRow] = {lg.who: lg for lg in row.logins}
        self.lock = asyncio.Lock()
        self.clients: dict[int | None, set[Client]] = {}
        self._sent: dict[Client, str] = {}
        #: called after every committed change (under the lock): the event hub starts and
        #: settles the event's duels
        self.after_change: Callable[[EventRoom], Awaitable[None]] | None = None

    # --- building -------------------------------------------------------------------------------

    @classmethod
    def build(cls, row: EventRow, **kwargs: Any) -> EventRoom:
        game, state = bridge.load(row)
        return cls(row, game=game, state=state, **kwargs)

    @property
    def version(self) -> int:
        return len(self.state.history)

    async def reload(self) -> None:
        """Re-read the record (another writer stored operations). Call under the lock."""
        row = await self.store_call(self.store.load, self.id)
        if row is None:
            raise ClientError("unknown_event", "this event no longer exists")
        self.game, self.state = bridge.load(row)
        self.row = row
        self.logins = {lg.who: lg for lg in row.logins}
        self.broadcast()

    # --- who is who -----------------------------------------------------------------------------

    def who_for_token(self, token: str) -> int:
        """The participant id whose login is ``token``; raises bad_token."""
        found = None
        for lg in self.logins.values():
            if same_secret(lg.token, token):
                found = lg.who
        if found is None:
            raise ClientError("bad_token", "this login does not open anyone at this event")
        return found

    def who_for_badge(self, code: str) -> int:
        """The participant id with the public badge ``code``; raises not_found."""
        code = code.strip()
        for lg in self.logins.values():
            if lg.badge == code:
                return lg.who
        raise ClientError("not_found", f"no one at this event has the badge {code!r}")

    # --- views ----------------------------------------------------------------------------------

    def now_ms(self) -> int:
        return self.clock.now_ms()

    def view(self, who: int | None, lang: str, *, log_from: int = 0) -> dict[str, Any]:
        """What ``who`` may see (None: the public board): the engine's observation and log."""
        state = self.state
        entries = bridge.log_entries(self.game, state, who, lang)
        return {
            "type": "state",
            "event": self.id,
            "version": self.version,
            "who": who,
            "now": self.now_ms(),
            "observation": state.observe(who),
            "log": entries[log_from:],
            "log_from": log_from,
        }

    def info(self) -> dict[str, Any]:
        """What anyone may know about the event."""
        return {"id": self.id, "title": self.row.title, "version": self.version,
                "options": self.game.options_json(), "lang": self.row.lang}

    # --- clients --------------------------------------------------------------------------------

    def join(self, client: Client) -> None:
        """Register ``client`` and queue its welcome and view. Call under the lock."""
        self.clients.setdefault(client.seat, set()).add(client)
        client.push({"type": "welcome", "who": client.seat, "event": self.info(),
                     "now": self.now_ms()})
        self._push_view(client, force=True)

    def leave(self, client: Client) -> None:
        self.clients.get(client.seat, set()).discard(client)
        self._sent.pop(client, None)

    def count(self, who: int | None) -> int:
        return len(self.clients.get(who, ()))

    def _push_view(self, client: Client, *, force: bool = False) -> None:
        full = self.view(client.seat, client.lang)
        key = repr((full["observation"], len(full["log"])))
        if not force and self._sent.get(client) == key:
            return  # nothing new for this login
        self._sent[client] = key
        start = 0 if force else client.log_sent
        message = {**full, "log": full["log"][start:], "log_from": start, "log_reset": force}
        client.log_sent = len(full["log"])
        client.push(message)

    def broadcast(self) -> None:
        for clients in self.clients.values():
            for c in clients:
                self._push_view(c)

    def resend(self, client: Client) -> None:
        self._push_view(client, force=True)

    # --- changes --------------------------------------------------------------------------------

    async def submit(self, who: int, text: Any, lang: str = "en") -> dict[str, Any]:
        """Check, store, apply and announce one operation by the login ``who``; returns the
        acknowledgement (version, the server's stamp). Raises :class:`ClientError` with nothing
        changed."""
        if not isinstance(text, str) or not text.strip():
            raise ClientError("malformed", "an operation must be a non-empty text")
        async with self.lock:
            now = bridge.stamp(self.state, self.now_ms())
            await self._fire_due(now)
            for attempt in (0, 1):
                now = bridge.stamp(self.state, now)
                seat, action = bridge.client_operation(self.game, self.state, who, text, now,
                                                       lang)
                self._check(seat, action, lang)
                fresh = bridge.enrolled_seat(self.state, action)
                logins = [] if fresh is None else new_logins(
                    [fresh], [lg.badge for lg in self.logins.values()])
                try:
                    await self._commit([(seat, action)], logins)
                    break
                except Conflict:
                    if attempt:
                        raise ClientError("storage", "the event is being changed elsewhere; "
                                          "try again") from None
                    await self.reload()
            return {"type": "ack", "version": self.version, "at": now, "op": str(action)}

    def _check(self, seat: int, action: Action, lang: str) -> None:
        try:
            self.state.verify(seat, action)
        except IllegalAction as e:
            raise ClientError("illegal_action", bridge.refusal(e, lang)) from None

    async def fire_due(self) -> int:
        """Fire every timer whose deadline has come (the scheduler's pass); returns how many."""
        async with self.lock:
            return await self._fire_due(self.now_ms())

    async def _fire_due(self, now: int) -> int:
        fired = 0
        for _ in range(10_000):  # bounded: each expiry closes its timer
            due = [d for d in bridge.deadlines(self.state) if d.at <= now]
            if not due:
                break
            first = min(due, key=lambda d: (d.at, d.id))
            late = first.at < self.started_ms
            seat, action = bridge.expire(self.game, first, late=late)
            try:
                self.state.verify(seat, action)
            except IllegalAction:
                log.exception("event %s: the engine refuses to expire %s", self.id, first.id)
                break
            try:
                await self._commit([(seat, action)])
            except Conflict:
                await self.reload()
                continue
            fired += 1
        return fired

    async def apply_system(self, seat: int, action: Action) -> None:
        """Store and apply an operation of the server itself (a duel's result). Call under the
        lock; raises IllegalAction when the engine refuses it."""
        self.state.verify(seat, action)
        await self._commit([(seat, action)])

    async def _commit(self, ops: list[tuple[int, Action]],
                      logins: Sequence[LoginRow] = ()) -> None:
        """Store then apply checked operations. Call under the lock."""
        n = self.version
        texts = [(seat, str(action)) for seat, action in ops]
        try:
            await self.store_call(self.store.append, self.id, n=n, ops=texts, logins=logins)
        except Conflict:
            raise
        except Exception as e:
            log.exception("storing an operation of event %s failed", self.id)
            raise ClientError("storage", "the operation could not be stored; try again") from e
        for seat, action in ops:
            try:
                self.state.apply(seat, action)
            except Exception:  # the engine disagrees with verify(): the record decides
                log.exception("event %s: applying %s failed; rebuilding", self.id, action)
                await self.reload()
                raise ClientError("internal", "the operation could not be carried out") from None
        for lg in logins:
            self.logins[lg.who] = lg
        self.broadcast()
        if self.after_change is not None:
            try:
                await self.after_change(self)
            except Exception:
                log.exception("event %s: the duels could not be brought up to date", self.id)
