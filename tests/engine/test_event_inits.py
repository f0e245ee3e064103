"""Events get a faster ``__init__`` (engine.events.fast_inits): it must take exactly the
arguments the dataclass's own ``__init__`` takes and build equal events."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, dataclass, field, fields

import pytest

from koloda.engine import EVERYONE, Audience, Event, game_specs
from koloda.engine.events import _compile_init, fast_inits


def _registered() -> list[type[Event]]:
    game_specs()  # imports every built-in game, which registers its events
    fast_inits()
    return sorted(Event._registry.values(), key=lambda c: c.__name__)


def test_every_game_event_has_the_fast_init_with_the_dataclass_signature() -> None:
    classes = _registered()
    assert len(classes) > 50
    compiled = 0
    for cls in classes:
        init = _compile_init(cls)
        if init is None:
            continue
        compiled += 1
        assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
        assert "_d" in cls.__init__.__code__.co_varnames  # the fast one is installed
        # the dataclass's own signature, read from its fields
        expected = []
        for f in fields(cls):
            kind = (inspect.Parameter.KEYWORD_ONLY if f.kw_only
                    else inspect.Parameter.POSITIONAL_OR_KEYWORD)
            default = inspect.Parameter.empty if f.default is MISSING else f.default
            expected.append((f.name, kind, default))
        expected.sort(key=lambda p: p[1])  # keyword-only parameters come last, stably
        got = [(p.name, p.kind, p.default)
               for p in list(inspect.signature(cls.__init__).parameters.values())[1:]]
        assert got == expected, cls.__name__
    assert compiled == len(classes)


def test_fast_init_builds_the_same_event_as_the_dataclass_init() -> None:
    for cls in _registered():
        args = [("x", 1)] * len([f for f in fields(cls) if not f.kw_only])
        fast = cls(*args, to=Audience.only(1))
        slow = object.__new__(cls)
        for f in fields(cls):
            object.__setattr__(slow, f.name, getattr(fast, f.name))
        assert fast == slow and hash(fast) == hash(slow)
        assert fast.to == Audience.only(1)
        with pytest.raises(AttributeError):
            fast.to = EVERYONE  # type: ignore[misc]  # still frozen
        assert cls(*args).to == EVERYONE
        with pytest.raises(TypeError):
            cls(*args, ("one", "too many"))


def test_classes_it_cannot_speed_up_keep_their_init() -> None:
    @dataclass(frozen=True)
    class WithFactory(Event):
        items: tuple[int, ...] = field(default_factory=tuple)

    @dataclass(frozen=True)
    class WithPostInit(Event):
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    fast_inits()
    assert WithFactory().items == ()
    with pytest.raises(ValueError):
        WithPostInit(-1)
    Event._registry.pop((WithFactory.kind_scope(), "WithFactory"))
    Event._registry.pop((WithPostInit.kind_scope(), "WithPostInit"))
