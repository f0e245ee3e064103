"""The envelope of a view: the standard fields every table game's ``observe(seat)`` has.

A view is a JSON-ready mapping built by inclusion (:meth:`GameState.observe`). Whatever else a
game shows, its view starts with the same five public fields, typed here as :class:`View`; the
rest is the game's own and documented with the game (its package or its ``observe`` module).
A game builds the envelope as a literal annotated with the class, which mypy checks field by
field (calling ``View(game=…, …)`` does the same, a little slower), and adds its own keys beside
it::

    head: View = {"game": "coin", "seat": seat, "phase": "lay",
                  "to_act": list(state.to_act), "decided": sorted(laid)}
    view: dict[str, Any] = {**head, "won": list(won)}

Code that reads views of any game (the pages' seat list, a generic client, the conformance
tests) reads the envelope through :func:`envelope`, which checks it:

>>> view = {"game": "coin", "seat": 0, "phase": "lay", "to_act": [0], "decided": [1],
...         "won": [0, 0]}
>>> envelope(view)["decided"]
[1]
>>> envelope({"game": "coin", "seat": None, "phase": "lay", "to_act": [1]})
Traceback (most recent call last):
...
koloda.engine.errors.InvalidData: the coin view has no 'decided' (a view's standard fields: \
game, seat, phase, to_act, decided)

The live event (``koloda.games.event``, not played at a lobby's table) has no envelope: who may
act there at a given moment would tell who is wounded and whose timer is due, which its views do
not show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from koloda.engine.errors import InvalidData


class View(TypedDict):
    """The standard fields of every view; all of them public (the same in every seat's view
    and the spectator's, ``seat`` aside)."""

    #: the game's registered name
    game: str
    #: the seat whose view this is; None for a spectator
    seat: int | None
    #: the game's current phase or stage, one of the game's own words ("rounds", "pass", …)
    phase: str
    #: the seats that must decide now, ascending: the state's ``to_act``
    to_act: list[int]
    #: the seats of the current simultaneous step that have decided, ascending, disjoint from
    #: ``to_act``; what they chose stays hidden. Empty when no such step is open
    decided: list[int]


#: The names of the standard fields, in their order.
FIELDS: tuple[str, ...] = tuple(View.__annotations__)


def _seats(view: Mapping[str, Any], name: str, where: str) -> list[int]:
    value = view[name]
    if not isinstance(value, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in value):
        raise InvalidData(f"{where}: {name!r} must be a list of seats (integers from 0), "
                          f"not {value!r}")
    if value != sorted(set(value)):
        raise InvalidData(f"{where}: {name!r} must list each seat once, ascending, "
                          f"not {value!r}")
    return list(value)


def envelope(view: Mapping[str, Any]) -> View:
    """The standard fields of ``view``, checked, as a new :class:`View`.

    Raises :class:`InvalidData` naming the game and the field when one is missing or of the
    wrong type, when ``to_act`` or ``decided`` is not ascending without repeats, or when a seat
    is in both."""
    game = view.get("game")
    where = f"the {game} view" if isinstance(game, str) and game else "a view"
    for name in FIELDS:
        if name not in view:
            raise InvalidData(f"{where} has no {name!r} (a view's standard fields: "
                              f"{', '.join(FIELDS)})")
    if not isinstance(game, str) or not game:
        raise InvalidData(f"{where}: 'game' must be the game's name, not {game!r}")
    seat = view["seat"]
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
        raise InvalidData(f"{where}: 'seat' must be a seat (an integer from 0) or None, "
                          f"not {seat!r}")
    phase = view["phase"]
    if not isinstance(phase, str) or not phase:
        raise InvalidData(f"{where}: 'phase' must be a word, not {phase!r}")
    to_act = _seats(view, "to_act", where)
    decided = _seats(view, "decided", where)
    both = sorted(set(to_act) & set(decided))
    if both:
        raise InvalidData(f"{where}: seats {both} are both to act and decided")
    return View(game=game, seat=seat, phase=phase, to_act=to_act, decided=decided)
