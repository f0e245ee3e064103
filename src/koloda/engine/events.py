"""Typed events with a visibility: the record of everything that happened.

Every change a game makes is an :class:`Event` appended to ``state.events``. Each event names its
:class:`Audience` in the keyword field ``to``: everyone (players and spectators), some seats only,
or nobody (kept for the record, shown to no one). Per-seat logs are filters of the one log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from koloda.engine.codec import encode


@dataclass(frozen=True)
class Audience:
    """Who may see an event: ``everyone``, or exactly ``seats``.

    >>> Audience.only(1).sees(1), Audience.only(1).sees(0), EVERYONE.sees(None)
    (True, False, True)
    """

    everyone: bool = False
    seats: tuple[int, ...] = ()

    @staticmethod
    def only(*seats: int) -> Audience:
        return Audience(everyone=False, seats=tuple(sorted(set(seats))))

    def sees(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see the event."""
        if self.everyone:
            return True
        return seat is not None and seat in self.seats


EVERYONE = Audience(everyone=True)
NOBODY = Audience()


@dataclass(frozen=True)
class Event:
    """Base of every event. Subclasses are frozen dataclasses registered by their class name."""

    _registry: ClassVar[dict[str, type[Event]]] = {}

    to: Audience = field(default=EVERYONE, kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.kind_name()
        if name in Event._registry and Event._registry[name].__qualname__ != cls.__qualname__:
            raise TypeError(f"two event classes are named {name}")
        Event._registry[name] = cls

    @classmethod
    def kind_name(cls) -> str:
        """The event's kind in JSON: its class name."""
        return cls.__name__

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form, with ``kind`` first."""
        data: dict[str, Any] = encode(self)
        return data
