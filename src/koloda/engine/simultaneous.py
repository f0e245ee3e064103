"""A simultaneous step («одновременный ход»): several seats decide at once, each choice hidden
until every one of them has decided, then the step resolves.

The kernel's protocol says how such a step looks from outside (``docs/kernel.md``): every seat in
``to_act`` decides; a seat that has decided leaves ``to_act``, and its choice stays hidden; views
say who has decided, not what; the last decision resolves the step. These functions are that
protocol worked out once, over the two facts every game keeps for a step in its own fields (they
are part of its state's JSON):

- the step's **seats**, ascending: the seats that decide in it;
- the seats that have **decided**: the keys of a dict of hidden choices, or a list.

The three games answer through them alike: the duel's hand choice («выбор руки») and rounds
(«раунд»: both duellists with cards lay one face down), Nevermore's draft passes, commits and magic
windows (and its one-seat decisions, a step of one), Gwent's throw-in windows («подбрасывание»).
What a choice is, how it is stored and what resolving it does stay the game's.

>>> to_act((0, 2, 3), {2: "secret"})
(0, 3)
>>> complete((0, 2, 3), {2: "a", 0: "b"}), complete((0, 2, 3), [2, 0, 3])
(False, True)
>>> may_decide((0, 2, 3), [2], 2), may_decide((0, 2, 3), [2], 1), may_decide((0, 2, 3), [2], 3)
(False, False, True)
>>> decided_seats({3: "x", 0: "y"})
[0, 3]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

__all__ = ["complete", "decided_seats", "may_decide", "to_act"]


def to_act(seats: Sequence[int], decided: Collection[int]) -> tuple[int, ...]:
    """The step's seats still to decide, ascending (``seats`` is ascending): the state's
    ``to_act`` during the step. With nobody decided yet, ``seats`` itself when it is a tuple."""
    if not decided:
        return seats if type(seats) is tuple else tuple(seats)
    return tuple([s for s in seats if s not in decided])


def complete(seats: Collection[int], decided: Collection[int]) -> bool:
    """Whether every seat of the step has decided, so the step resolves now. ``decided`` holds
    only seats of the step (:func:`may_decide` let them in)."""
    return len(decided) >= len(seats)


def may_decide(seats: Collection[int], decided: Collection[int], seat: int) -> bool:
    """Whether ``seat`` decides in this step and has not yet."""
    return seat in seats and seat not in decided


def decided_seats(decided: Iterable[int]) -> list[int]:
    """The seats that have decided, ascending: what a view shows of the step (who, not what)."""
    return sorted(decided)
