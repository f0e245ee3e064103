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
4. it is applied, the version moves on, every connection gets what changed in the public part
   (built once, one text for all), the caller its acknowledgement, and the logins the change
   concerns their own private part (the engine's ``observe_private`` of their participant id
   and the new entries of their filtered log), nothing else.

When another writer (an organiser's ``koloda event`` command on the same database) stored an
operation first, the room re-reads the record and tries once more (:class:`~.store.Conflict`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
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
        #: the private part last sent to each connection
        self._sent: dict[Client, dict[str, Any]] = {}
        self._pos: dict[Client, int] = {}
        self._pace: dict[Client, float] = {}
        self._dirty: set[Client] = set()
        #: set when connections are marked while the flusher sleeps (see _flush_soon)
        self._wake = asyncio.Event()
        self._described: dict[str, list[dict[str, Any]]] = {}
        self._broadcast_from = len(state.events)
        self._flusher: asyncio.Task[None] | None = None
        self._swept = time.monotonic()
        #: the public part as last announced to every connection, and how far the log was
        self._public: dict[str, Any] = {}
        self._public_from = 0
        self._announcing = False
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
        self._public = {}
        self._public_from = 0
        for c in self._all_clients():  # their views and logs start again
            self._dirty.discard(c)
            self._push_full(c)

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
    # A connection's view comes in two parts (docs/event-server.md, "Views on the socket"):
    #
    # - ``public``: the part every seat and the board see alike (``observe_public``) and the
    #   log's entries addressed to everyone. After a change it is built once, compared with the
    #   last one announced, and what changed is written as JSON once per language and the same
    #   text queued for every connection (a connection that joins gets the whole of it);
    # - ``private``: the rest of the login's own view (``observe_private``: own piles, status,
    #   what is shown to it, a master's piles) and its log's other entries. After a change it is
    #   built only for the seats the new events concern (their audience, the seats an event to
    #   everyone names, those they show their cards to) and the masters and doctors; sent only
    #   when it differs from the last one sent or new entries came, each connection at its own
    #   pace: one whose part is costly to build (a master's, with every pile) gets a new one at
    #   most every ten times that cost, so under load the latest part, not every intermediate
    #   one. Every connection's part is looked at again every ten seconds whatever changed.

    def join(self, client: Client) -> None:
        """Register ``client`` and queue its welcome and view. Call under the lock."""
        self.clients.setdefault(client.seat, set()).add(client)
        client.push({"type": "welcome", "who": client.seat, "event": self.info(),
                     "now": self.now_ms()})
        self._push_full(client)

    def leave(self, client: Client) -> None:
        self.clients.get(client.seat, set()).discard(client)
        self._sent.pop(client, None)
        self._pos.pop(client, None)
        self._dirty.discard(client)
        self._pace.pop(client, None)

    def count(self, who: int | None) -> int:
        return len(self.clients.get(who, ()))

    def _all_clients(self) -> list[Client]:
        return [c for cs in self.clients.values() for c in cs]

    def _public_entries(self, lang: str, start: int, end: int) -> list[dict[str, Any]]:
        entries = self._entries(lang)
        events = self.state.events
        return [{"n": i, **entries[i]} for i in range(start, end) if events[i].to.everyone]

    def _public_text(self, board: dict[str, Any], *, full: bool, lang: str, start: int,
                     end: int) -> str:
        return _dumps({"type": "public", "event": self.id, "version": self.version,
                       "now": self.now_ms(), "full": full, "board": board,
                       "log": self._public_entries(lang, start, end)})

    def _push_full(self, client: Client) -> None:
        """The whole public part as last announced, then the whole private part."""
        if not self._public:  # nobody holds a public part yet: nothing to announce
            self._public = bridge.public_view(self.state)
            self._public_from = len(self.state.events)
        client.push(self._public_text(self._public, full=True, lang=client.lang, start=0,
                                      end=self._public_from))
        self._push_private(client, force=True)

    def _announce(self) -> None:
        """Send every connection what changed in the public part (one text per language)."""
        board = bridge.public_view(self.state)
        end = len(self.state.events)
        start = min(self._public_from, end)
        fresh = any(self.state.events[i].to.everyone for i in range(start, end))
        old = self._public
        changed = {k: v for k, v in board.items() if k != "now" and old.get(k) != v}
        self._public_from = end
        if not changed and not fresh and old:
            return
        self._public = board
        changed["now"] = board["now"]
        texts: dict[str, str] = {}
        for c in self._all_clients():
            text = texts.get(c.lang)
            if text is None:
                text = texts[c.lang] = self._public_text(changed, full=False, lang=c.lang,
                                                         start=start, end=end)
            c.push(text)

    def _push_private(self, client: Client, *, force: bool = False) -> None:
        began = time.perf_counter()
        view = bridge.private_view(self.state, client.seat)
        events = self.state.events
        pos = 0 if force else min(self._pos.get(client, 0), len(events))
        who = client.seat
        fresh = [i for i in range(pos, len(events))
                 if not events[i].to.everyone and events[i].to.sees(who)]
        self._pos[client] = len(events)
        old = None if force else self._sent.get(client)
        if old is not None and set(old) != set(view):
            old = None  # (a seat's keys never change; if they did: the whole part again)
        merge: dict[str, dict[str, Any]] = {}
        if old is None:
            changed = view
        else:
            changed, merge = _private_delta(old, view)
            if not changed and not merge and not fresh:
                return  # nothing new for this login
        entries = self._entries(client.lang)
        self._sent[client] = view
        client.push(_dumps({"type": "private", "event": self.id, "version": self.version,
                            "who": who, "now": self.now_ms(), "full": old is None,
                            "view": changed, "merge": merge,
                            "log": [{"n": i, **entries[i]} for i in fresh]}))
        cost = time.perf_counter() - began
        self._pace[client] = time.monotonic() + min(MAX_GAP, max(MIN_GAP, PACE * cost))

    def broadcast(self) -> None:
        """Announce the public part's change to everyone; mark for a new private part the
        connections the latest change may concern."""
        events = self.state.events
        start = min(self._broadcast_from, len(events))
        fresh = events[start:]
        self._broadcast_from = len(events)
        self._announce_soon()
        seats = bridge.concerned(self.state, fresh)
        seats |= bridge.watching(self.state, seats)
        seats.update(bridge.staff(self.state))
        for seat in seats:
            self._dirty.update(self.clients.get(seat, ()))
        self._flush_soon()

    def _announce_soon(self) -> None:
        """Announce the public part as soon as the change's caller has had its answer (the
        acknowledgement goes out before the same change's message to every connection);
        changes made before it runs are announced together."""
        if self._announcing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a synchronous caller): now
            self._announce()
            return
        self._announcing = True

        def run() -> None:
            self._announcing = False
            self._announce()

        loop.call_soon(run)

    def _flush_soon(self) -> None:
        if not self._dirty:
            return
        if self._flusher is not None and not self._flusher.done():
            # the flusher may be asleep until a costly view's pace (a master's, up to MAX_GAP):
            # it looks again now, the connections just marked may be due at once
            self._wake.set()
            return
        try:
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        except RuntimeError:  # no loop (a synchronous caller): send now
            for c in list(self._dirty):
                self._push_private(c)
            self._dirty.clear()

    async def _flush(self) -> None:
        """Send the marked connections their private parts, each at its own pace."""
        for _ in range(100_000):
            await asyncio.sleep(0)
            now = time.monotonic()
            ready = [c for c in self._dirty if self._pace.get(c, 0.0) <= now]
            for i in range(0, len(ready), CHUNK):  # operations get the lock between chunks
                async with self.lock:
                    for c in ready[i:i + CHUNK]:
                        if c in self._dirty:
                            self._dirty.discard(c)
                            self._push_private(c)
                await asyncio.sleep(0)
            if not self._dirty:
                return
            wait = min(self._pace.get(c, 0.0) for c in self._dirty) - time.monotonic()
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.005, wait))

    async def settle(self) -> None:
        """Wait until every marked connection has been sent its view (tests, benchmarks)."""
        for _ in range(100_000):
            if self._announcing:
                await asyncio.sleep(0)
            elif self._flusher is not None and not self._flusher.done():
                await self._flusher
            else:
                return

    def sweep(self, *, force: bool = False) -> None:
        """Look at every connection again, every :data:`SWEEP_SECONDS` (the scheduler calls
        this at each pass)."""
        now = time.monotonic()
        if not force and now < self._swept + SWEEP_SECONDS:
            return
        self._swept = now
        self._announce()
        self._dirty.update(self._all_clients())
        self._flush_soon()

    def resend(self, client: Client) -> None:
        """Both parts again, whole (the connection's language changed)."""
        self._push_full(client)

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


def _dumps(value: Any) -> str:
    """JSON as the connections' writer writes it, but UTF-8 text as it is (smaller)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False)


#: Keys of a private part sent entry by entry: a master's every pile by participant, the faces
#: of the cards a view names by serial (thousands of cards at a large event, few change).
MERGED = ("piles", "cards")


def _private_delta(old: dict[str, Any], new: dict[str, Any]
                   ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """What changed from ``old`` to ``new``: the keys whose values are replaced whole, and for
    the keys of :data:`MERGED` present in both, the entries set (an entry gone: null; their
    values are never null)."""
    changed: dict[str, Any] = {}
    merge: dict[str, dict[str, Any]] = {}
    for k, v in new.items():
        before = old.get(k)
        if before == v:
            continue
        if k in MERGED and isinstance(v, dict) and isinstance(before, dict):
            entries: dict[str, Any] = {e: x for e, x in v.items() if before.get(e) != x}
            entries.update((e, None) for e in before if e not in v)
            merge[k] = entries
        else:
            changed[k] = v
    return changed, merge
