"""One seeded source of chance, carried in the state.

The generator is SplitMix64: its whole state is one 64-bit integer, so copying, comparing and
serializing it is free. Tests can *force* the next outcomes (a die roll, a shuffle) instead of
hunting for a lucky seed: forced values are consumed first and checked to be possible.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from koloda.engine.errors import InvalidData

T = TypeVar("T")

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
# The rejection limit of randbelow(n), the largest multiple of n up to 2**64, for small n.
_LIMITS = tuple(_TWO64 - _TWO64 % n if n else 0 for n in range(1024))
_GOLDEN = 0x9E3779B97F4A7C15


def _py_randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform value in ``[0, n)`` and the generator's next state (``n > 0``).

    SplitMix64 written out (used when the compiled loops are not built); rejection sampling
    keeps the result exactly uniform: draws at or above the largest multiple of n are drawn
    again."""
    limit = _LIMITS[n] if n < 1024 else _TWO64 - _TWO64 % n
    while True:
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


def _py_shuffle(items: MutableSequence[Any], state: int) -> int:
    """Shuffle ``items`` in place (Fisher-Yates with the draws of ``randbelow(i + 1)``) and
    return the generator's next state."""
    for i in range(len(items) - 1, 0, -1):
        j, state = _py_randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


# The same two loops compiled (``_rngc.c``, built when the package is installed with a C
# compiler): the same outcomes and states, several times faster. Without it, the Python ones.
_randbelow: Callable[[int, int], tuple[int, int]]
_shuffle: Callable[[list[Any], int], int]
try:
    from koloda.engine._rngc import randbelow as _randbelow
    from koloda.engine._rngc import shuffle as _shuffle
    ACCELERATED = True
except ImportError:  # pragma: no cover - depends on the build
    _randbelow, _shuffle = _py_randbelow, _py_shuffle
    ACCELERATED = False


@dataclass
class Rng:
    """A deterministic random generator (SplitMix64) with an optional queue of forced outcomes.

    >>> a, b = Rng.from_seed(7), Rng.from_seed(7)
    >>> [a.roll() for _ in range(5)] == [b.roll() for _ in range(5)]
    True
    >>> r = Rng.from_seed(1); r.force(3); r.randbelow(6)
    3
    """

    state: int = 0
    forced: list[int | list[int]] = field(default_factory=list)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator whose outcomes depend only on ``seed``."""
        return cls(state=(seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK)

    def force(self, *outcomes: int | list[int]) -> None:
        """Queue outcomes: an int is the next ``randbelow`` result, a list the next shuffle.

        A list is a permutation of indices: ``[2, 0, 1]`` puts the item at index 2 first.
        """
        self.forced.extend(outcomes)

    def _next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if self.forced:
            value = self.forced.pop(0)
            if not isinstance(value, int) or not 0 <= value < n:
                raise InvalidData(f"forced outcome {value!r} is not a number in [0, {n})")
            return value
        value, self.state = _randbelow(self.state, n) if n <= _MASK else _py_randbelow(
            self.state, n)
        return value

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates), or apply the next forced permutation."""
        if self.forced and isinstance(self.forced[0], list):
            perm = self.forced.pop(0)
            assert isinstance(perm, list)
            if sorted(perm) != list(range(len(items))):
                raise InvalidData(
                    f"forced shuffle {perm} is not a permutation of {len(items)} items"
                )
            items[:] = [items[i] for i in perm]
            return
        if self.forced:  # forced single outcomes are consumed one draw at a time
            for i in range(len(items) - 1, 0, -1):
                j = self.randbelow(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        if type(items) is list:
            self.state = _shuffle(items, self.state)
        else:
            self.state = _py_shuffle(items, self.state)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy."""
        out = list(items)
        self.shuffle(out)
        return out

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(state=self._next64())

    def copy(self) -> Rng:
        return Rng(state=self.state, forced=[list(f) if isinstance(f, list) else f
                                             for f in self.forced])
