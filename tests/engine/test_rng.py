"""The generator's outputs are fixed: seeds and action lists stored in records, scenario files and
the server's database must deal the same games forever. These tests pin the outputs to a plain
SplitMix64 written out here, so a faster implementation cannot change them.

Every test runs twice: with the compiled loops (``engine/_rngc.c``, when the package was built
with them) and with the Python ones they replace."""

from __future__ import annotations

import pytest

from koloda.engine import InvalidData, Rng
from koloda.engine import rng as rng_module

MASK = (1 << 64) - 1


@pytest.fixture(autouse=True, params=["compiled", "python"])
def implementation(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "python":
        monkeypatch.setattr(rng_module, "_randbelow", rng_module._py_randbelow)
        monkeypatch.setattr(rng_module, "_shuffle", rng_module._py_shuffle)
    elif not rng_module.ACCELERATED:
        pytest.skip("the compiled generator is not built")
    return str(request.param)


def test_the_compiled_generator_is_built_where_a_compiler_was() -> None:
    # The project's install (make install) builds it; CI runs on such an install.
    assert rng_module.ACCELERATED, (
        "the compiled generator (src/koloda/engine/_rngc.c) is not built: install a C compiler "
        "and Python's headers (scripts/system-deps.sh does), then reinstall (make install)")


def test_a_shuffle_of_something_else_than_a_list_gives_the_same_order() -> None:
    a, b = Rng.from_seed(9), Rng.from_seed(9)
    items = list(range(30))
    other = bytearray(range(30))
    a.shuffle(items)
    b.shuffle(other)
    assert list(other) == items and a.state == b.state


def test_the_compiled_loops_refuse_what_they_cannot_take() -> None:
    if not rng_module.ACCELERATED:
        pytest.skip("the compiled generator is not built")
    from koloda.engine import _rngc

    with pytest.raises(ValueError):
        _rngc.randbelow(5, 0)
    with pytest.raises(OverflowError):
        _rngc.randbelow(-1, 3)
    with pytest.raises(TypeError):
        _rngc.shuffle((1, 2), 5)  # type: ignore[arg-type]
    items = [1, 2, 3]
    with pytest.raises(OverflowError):
        _rngc.shuffle(items, 1 << 64)
    assert items == [1, 2, 3]


class PlainSplitMix:
    """SplitMix64 with rejection sampling, written for clarity, not speed."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789, 2**63 - 1])
def test_randbelow_matches_plain_splitmix(seed: int) -> None:
    fast = Rng.from_seed(seed)
    plain = PlainSplitMix(fast.state)
    bounds = [1, 2, 3, 5, 6, 7, 8, 52, 100, 1023, 1024, 1025, 10**6, 2**40 + 3, 2**63 + 1]
    for _ in range(50):
        for n in bounds:
            assert fast.randbelow(n) == plain.randbelow(n)
    assert fast.state == plain.state


def test_rejection_is_taken_where_a_draw_falls_above_the_limit() -> None:
    # With n just above 2**63 about half the draws are rejected: both must skip the same ones.
    fast = Rng.from_seed(3)
    plain = PlainSplitMix(fast.state)
    n = 2**63 + 12345
    assert [fast.randbelow(n) for _ in range(200)] == [plain.randbelow(n) for _ in range(200)]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 10, 52, 200, 1500])
def test_shuffle_matches_plain_splitmix(size: int) -> None:
    fast = Rng.from_seed(size + 11)
    plain = PlainSplitMix(fast.state)
    a, b = list(range(size)), list(range(size))
    for _ in range(5):
        fast.shuffle(a)
        plain.shuffle(b)
        assert a == b
    assert fast.state == plain.state


def test_shuffle_consumes_forced_single_outcomes_then_the_generator() -> None:
    rng = Rng.from_seed(5)
    plain = PlainSplitMix(rng.state)
    rng.force(0, 1)  # the first two draws of the shuffle (bounds 4 and 3)
    items = [10, 11, 12, 13]
    rng.shuffle(items)
    expected = [10, 11, 12, 13]
    expected[3], expected[0] = expected[0], expected[3]
    expected[2], expected[1] = expected[1], expected[2]
    j = plain.randbelow(2)
    expected[1], expected[j] = expected[j], expected[1]
    assert items == expected
    assert rng.state == plain.state


def test_forced_shuffle_and_bad_forced_values() -> None:
    rng = Rng.from_seed(1)
    rng.force([2, 0, 1])
    items = ["a", "b", "c"]
    rng.shuffle(items)
    assert items == ["c", "a", "b"]
    rng.force(9)
    with pytest.raises(InvalidData):
        rng.randbelow(6)
    rng.force([0, 0])
    with pytest.raises(InvalidData):
        rng.shuffle([1, 2])
    with pytest.raises(ValueError):
        rng.randbelow(0)
