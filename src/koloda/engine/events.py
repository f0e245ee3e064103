"""Typed events with a visibility: the record of everything that happened.

Every change a game makes is an :class:`Event` appended to ``state.events``. Each event names its
:class:`Audience` in the keyword field ``to``: everyone (players and spectators), some seats only,
or nobody (kept for the record, shown to no one). Per-seat logs are filters of the one log.

An event's kind in JSON is its class name, scoped by the package that defines it (a game's
package): two games may both have a ``RoundEnded``. A state decodes its events within its own
game's package first (:meth:`Event.kind_named`).
"""

from __future__ import annotations

import sys
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
    """Base of every event. Subclasses are frozen dataclasses registered by their class name
    within the package that defines them (:meth:`kind_scope`)."""

    #: (scope, kind) -> class, for every event class defined so far
    _registry: ClassVar[dict[tuple[str, str], type[Event]]] = {}

    to: Audience = field(default=EVERYONE, kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        key = (cls.kind_scope(), cls.kind_name())
        known = Event._registry.get(key)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise TypeError(f"two event classes are named {key[1]} in {key[0]}")
        Event._registry[key] = cls

    @classmethod
    def kind_name(cls) -> str:
        """The event's kind in JSON: its class name."""
        return cls.__name__

    @classmethod
    def kind_scope(cls) -> str:
        """The package that defines the class (a game's package): its kind is unique there."""
        return module_package(cls.__module__)

    @classmethod
    def kind_named(cls, name: str, scope: str | None = None) -> type[Event] | None:
        """The event class of kind ``name``: the one defined in the package ``scope`` (a
        state's game), else the only one of that name anywhere; None when there is none or the
        name is ambiguous without a scope."""
        if scope is not None:
            found = Event._registry.get((scope, name))
            if found is not None:
                return found
        named = [c for (_, n), c in Event._registry.items() if n == name]
        return named[0] if len(named) == 1 else None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form, with ``kind`` first."""
        data: dict[str, Any] = encode(self)
        return data


def module_package(module: str) -> str:
    """The package of the module named ``module`` (itself when it is a package)."""
    loaded = sys.modules.get(module)
    if loaded is not None and hasattr(loaded, "__path__"):
        return module
    return module.rpartition(".")[0] or module


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
