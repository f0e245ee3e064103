"""Typed events with a visibility: the record of everything that happened.

Every change a game makes is an :class:`Event` appended to ``state.events``. Each event names its
:class:`Audience` in the keyword field ``to``: everyone (players and spectators), some seats only,
or nobody (kept for the record, shown to no one). Per-seat logs are filters of the one log.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
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


def fast_inits() -> None:
    """Give every registered event class a faster ``__init__`` with the same signature.

    Frozen dataclasses set each field through ``object.__setattr__``, the largest cost of
    making an event, and games make events on every action of every playout. The replacement
    writes the fields into the instance's ``__dict__`` directly; the signature (order, defaults,
    keyword-only fields) is the dataclass's own, and the instances are the same (equality,
    hashing, immutability and the codec look only at the fields). Classes with a
    ``__post_init__``, a ``default_factory`` or ``__slots__`` keep the dataclass's ``__init__``.
    The kernel calls this when a game registers and when one is loaded; calling it again
    only handles classes registered since.
    """
    for cls in list(Event._registry.values()):
        if cls.__dict__.get("_fast_init_done") or "__dataclass_fields__" not in cls.__dict__:
            continue
        cls._fast_init_done = True  # type: ignore[attr-defined]
        init = _compile_init(cls)
        if init is not None:
            cls.__init__ = init  # type: ignore[method-assign]


def _compile_init(cls: type[Event]) -> Any:
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        return None
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    namespace: dict[str, Any] = {}
    for f in fields(cls):
        if not f.init:
            return None
        if f.default_factory is not MISSING or f.name in ("self", "_d"):
            return None
        param = f.name
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            param += f"=_default_{f.name}"
        (keyword if f.kw_only else positional).append(param)
        body.append(f"    _d[{f.name!r}] = {f.name}")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({params}):\n    _d = self.__dict__\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # generated from the class's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    return init
