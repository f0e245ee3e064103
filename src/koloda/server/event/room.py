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
import time
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

#: A connection gets a new view at most every ``PACE`` times what building its last one cost,
#: and at most every ``MIN_GAP`` seconds; never later than ``MAX_GAP`` seconds after the last
#: (a build that was slow once, a pause of the whole process, must not hold a view back).
PACE = 10.0
MIN_GAP = 0.02
MAX_GAP = 1.0
#: Views built at a time before operations get the lock again.
CHUNK = 16
#: Every connection is looked at again this often, whatever changed (a safety net).
SWEEP_SECONDS = 10.0

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
        self._pos: dict[Client, int] = {}
        self._pace: dict[Client, float] = {}
        self._dirty: set[Client] = set()
        self._described: dict[str, list[dict[str, Any]]] = {}
        self._broadcast_from = len(state.events)
        self._flusher: asyncio.Task[None] | None = None
        self._swept = time.monotonic()
        self._board_key = ""
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
        self._described.clear()
        self._broadcast_from = 0
        for c in self._all_clients():  # their logs start again
            self._dirty.discard(c)
            self._push_view(c, force=True)

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

    def _entries(self, lang: str) -> list[dict[str, Any]]:
        """Every event of the log described in ``lang`` (each described once, then kept)."""
        done = self._described.setdefault(lang, [])
        events = self.state.events
        if len(done) > len(events):  # the state was rebuilt with a shorter log
            done.clear()
        if len(done) < len(events):
            spec = self.game.spec
            for e in events[len(done):]:
                done.append({"text": bridge.describe(spec, e, lang), "event": e.to_json()})
        return done

    def _log_of(self, who: int | None, lang: str, start: int = 0) -> list[dict[str, Any]]:
        """``who``'s filtered log from the ``start``-th event of the whole log on, numbered."""
        entries = self._entries(lang)
        return [{"n": i, **entries[i]} for i, e in enumerate(self.state.events)
                if i >= start and e.to.sees(who)]

    def view(self, who: int | None, lang: str) -> dict[str, Any]:
        """What ``who`` may see (None: the public board): the engine's observation and the
        whole filtered log (``n`` numbers an entry in the event's whole log)."""
        return {
            "type": "state",
            "event": self.id,
            "version": self.version,
            "who": who,
            "now": self.now_ms(),
            "observation": self.state.observe(who),
            "log": self._log_of(who, lang),
            "log_from": 0,
            "log_reset": True,
        }

    def info(self) -> dict[str, Any]:
        """What anyone may know about the event."""
        return {"id": self.id, "title": self.row.title, "version": self.version,
                "options": self.game.options_json(), "lang": self.row.lang}

    # --- clients --------------------------------------------------------------------------------
    #
    # After a change, the connections of the seats the new events are addressed to, and of those
    # these seats show their cards to, are marked for a new view at once; everyone's when the
    # public part changed (the board's view, which every view holds) or an event is public;
    # every connection is looked at again every ten seconds whatever changed. A view is sent
    # only when it differs from the last one sent (the server's time aside) and carries the log
    # entries the connection has not had. A connection whose view is costly to build (a
    # master's, with every pile) gets a new one at most every ten times that cost: under load
    # the latest view, not every intermediate one.

    def join(self, client: Client) -> None:
        """Register ``client`` and queue its welcome and view. Call under the lock."""
        self.clients.setdefault(client.seat, set()).add(client)
        client.push({"type": "welcome", "who": client.seat, "event": self.info(),
                     "now": self.now_ms()})
        self._push_view(client, force=True)

    def leave(self, client: Client) -> None:
        self.clients.get(client.seat, set()).discard(client)
        self._sent.pop(client, None)
        self._dirty.discard(client)
        self._pace.pop(client, None)

    def count(self, who: int | None) -> int:
        return len(self.clients.get(who, ()))

    def _all_clients(self) -> list[Client]:
        return [c for cs in self.clients.values() for c in cs]

    def _push_view(self, client: Client, *, force: bool = False) -> None:
        began = time.perf_counter()
        observation = self.state.observe(client.seat)
        key = repr({k: v for k, v in observation.items() if k != "now"})
        events = len(self.state.events)
        pos = 0 if force else self._pos.get(client, 0)
        if not force and self._sent.get(client) == key and pos == events:
            return  # nothing new for this login
        log = self._log_of(client.seat, client.lang, pos)
        self._sent[client] = key
        self._pos[client] = events
        client.push({"type": "state", "event": self.id, "version": self.version,
                     "who": client.seat, "now": self.now_ms(), "observation": observation,
                     "log": log, "log_from": pos, "log_reset": force})
        cost = time.perf_counter() - began
        self._pace[client] = time.monotonic() + min(MAX_GAP, max(MIN_GAP, PACE * cost))

    def broadcast(self) -> None:
        """Mark for a new view the connections the latest change may concern."""
        events = self.state.events
        start = min(self._broadcast_from, len(events))
        fresh = events[start:]
        self._broadcast_from = len(events)
        board = repr({k: v for k, v in self.state.observe(None).items() if k != "now"})
        public_changed = board != self._board_key
        self._board_key = board
        if public_changed or any(e.to.everyone for e in fresh):
            self._dirty.update(self._all_clients())
        else:
            seats = {s for e in fresh for s in e.to.seats}
            seats |= bridge.watching(self.state, seats)
            for seat in seats:
                self._dirty.update(self.clients.get(seat, ()))
        self._flush_soon()

    def _flush_soon(self) -> None:
        if self._dirty and (self._flusher is None or self._flusher.done()):
            try:
                self._flusher = asyncio.get_running_loop().create_task(self._flush())
            except RuntimeError:  # no loop (a synchronous caller): send now
                for c in list(self._dirty):
                    self._push_view(c)
                self._dirty.clear()

    async def _flush(self) -> None:
        """Send the marked connections their views, each at its own pace."""
        for _ in range(100_000):
            await asyncio.sleep(0)
            now = time.monotonic()
            ready = [c for c in self._dirty if self._pace.get(c, 0.0) <= now]
            for i in range(0, len(ready), CHUNK):  # operations get the lock between chunks
                async with self.lock:
                    for c in ready[i:i + CHUNK]:
                        if c in self._dirty:
                            self._dirty.discard(c)
                            self._push_view(c)
                await asyncio.sleep(0)
            if not self._dirty:
                return
            wait = min(self._pace.get(c, 0.0) for c in self._dirty) - time.monotonic()
            await asyncio.sleep(max(0.005, wait))

    async def settle(self) -> None:
        """Wait until every marked connection has been sent its view (tests, benchmarks)."""
        while self._flusher is not None and not self._flusher.done():
            await self._flusher

    def sweep(self, *, force: bool = False) -> None:
        """Look at every connection again, every :data:`SWEEP_SECONDS` (the scheduler calls
        this at each pass)."""
        now = time.monotonic()
        if not force and now < self._swept + SWEEP_SECONDS:
            return
        self._swept = now
        self._dirty.update(self._all_clients())
        self._flush_soon()

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
