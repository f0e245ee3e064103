"""The organiser's desk: an event in the database changed without the server (``koloda event``).

A :class:`Desk` reads an event's record, replays it, and stores operations exactly as the server
does: due timers fired first, each stamped with its deadline; the operation stamped with the
clock; checked by the engine; stored in one transaction at the next place of the log. When the
server runs on the same database, whichever writer comes second finds its place taken
(:class:`~.store.Conflict`), re-reads and tries again, and the server picks up what the desk
stored on its next pass (every few seconds).

A deadline the desk fires more than :data:`LATE_MS` after it passed is marked late (the server
marks late what passed while it was down).
"""

from __future__ import annotations

from collections.abc import Sequence

from koloda.engine import Action, Game, GameState, IllegalAction
from koloda.server.event import bridge
from koloda.server.event.clock import Clock, default_clock
from koloda.server.event.store import Conflict, EventRow, EventStore, LoginRow
from koloda.server.store import Damaged

#: A deadline fired this long after it passed counts as late.
LATE_MS = 10_000


class DeskError(Exception):
    """An operation the desk could not store; ``en`` and ``ru`` say why."""

    def __init__(self, en: str, ru: str) -> None:
        super().__init__(en)
        self.en, self.ru = en, ru

    def text(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


class Desk:
    """One event, loaded from ``store`` (see the module docstring)."""

    def __init__(self, store: EventStore, event_id: str, *, clock: Clock | None = None) -> None:
        self.store = store
        self.event_id = event_id
        self.clock = clock or default_clock()
        self.reload()

    def reload(self) -> None:
        try:
            row = self.store.load(self.event_id)
        except Damaged as e:
            raise DeskError(f"event {self.event_id} cannot be opened: {e.en}",
                            f"игру «{self.event_id}» нельзя открыть: {e.ru}") from None
        if row is None:
            raise DeskError(f"there is no event {self.event_id!r} in this database",
                            f"в этой базе нет игры «{self.event_id}»")
        self.row: EventRow = row
        self.game: Game
        self.state: GameState
        self.game, self.state = bridge.load(row)

    def now(self) -> int:
        return bridge.stamp(self.state, self.clock.now_ms())

    def _store(self, ops: Sequence[tuple[int, Action]], logins: Sequence[LoginRow] = ()) -> None:
        probe = self.state.clone()
        for seat, action in ops:
            probe.apply(seat, action)
        self.store.append(self.event_id, n=len(self.state.history),
                          ops=[(s, str(a)) for s, a in ops], logins=logins)
        self.state = probe
        self.row.logins.extend(logins)

    def fire_due(self) -> int:
        """Fire the timers whose deadline has come; returns how many."""
        now = self.now()
        fired = 0
        for _ in range(10_000):
            due = [d for d in bridge.deadlines(self.state) if d.at <= now]
            if not due:
                break
            first = min(due, key=lambda d: (d.at, d.id))
            self._store([bridge.expire(self.game, first, late=now - first.at > LATE_MS)])
            fired += 1
        return fired

    def submit(self, seat: int, text: str, *, lang: str = "en",
               logins: Sequence[LoginRow] = ()) -> str:
        """Store one operation acted from ``seat`` (its text without the time); returns the
        stored text. Raises :class:`DeskError` with nothing stored."""
        return self.submit_many([(seat, text)], lang=lang, logins=logins)[0]

    def submit_many(self, ops: Sequence[tuple[int, str]], *, lang: str = "en",
                    logins: Sequence[LoginRow] = ()) -> list[str]:
        """Store several operations in one transaction: all or none."""
        from koloda.server.errors import ClientError

        for attempt in (0, 1):
            self.fire_due()
            actions: list[tuple[int, Action]] = []
            probe = self.state.clone()
            for i, (seat, text) in enumerate(ops):
                now = bridge.stamp(probe, self.clock.now_ms())
                try:
                    pair = bridge.client_operation(self.game, probe, seat, text, now, lang)
                    probe.apply(*pair)
                except ClientError as e:
                    raise DeskError(_nth(i, len(ops), e.message, "en"),
                                    _nth(i, len(ops), e.message, "ru")) from None
                except IllegalAction as e:
                    raise DeskError(_nth(i, len(ops), f"{text}: {bridge.refusal(e, 'en')}",
                                         "en"),
                                    _nth(i, len(ops), f"{text}: {bridge.refusal(e, 'ru')}",
                                         "ru")) from None
                actions.append(pair)
            try:
                self._store(actions, logins)
                return [str(a) for _, a in actions]
            except Conflict:
                if attempt:
                    raise DeskError("the event is being changed elsewhere; try again",
                                    "игру в этот момент меняют в другом месте; повторите")\
                        from None
                self.reload()
        raise AssertionError("unreachable")


def _nth(i: int, n: int, message: str, lang: str) -> str:
    if n == 1:
        return message
    return (f"операция {i + 1} из {n}: " if lang == "ru" else f"operation {i + 1} of {n}: ") \
        + message
