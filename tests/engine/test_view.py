"""``koloda.engine.view.envelope`` reads a view's standard fields and refuses a view that lacks
one or holds one of the wrong shape, naming the game and the field."""

from __future__ import annotations

from typing import Any

import pytest

from koloda.engine import InvalidData, View, envelope
from koloda.engine.view import FIELDS

GOOD: dict[str, Any] = {"game": "coin", "seat": 1, "phase": "lay", "to_act": [0],
                        "decided": [1], "won": [0, 0]}


def test_the_envelope_is_the_standard_fields_of_a_view_and_nothing_else() -> None:
    env = envelope(GOOD)
    assert env == {"game": "coin", "seat": 1, "phase": "lay", "to_act": [0], "decided": [1]}
    assert tuple(env) == FIELDS == ("game", "seat", "phase", "to_act", "decided")
    assert env["to_act"] is not GOOD["to_act"], "the envelope is a copy, not the view's lists"
    assert envelope({**GOOD, "seat": None})["seat"] is None


def test_a_view_built_with_the_class_has_the_envelope() -> None:
    view = {**View(game="coin", seat=None, phase="over", to_act=[], decided=[]), "won": [3, 1]}
    assert envelope(view) == {"game": "coin", "seat": None, "phase": "over", "to_act": [],
                              "decided": []}


@pytest.mark.parametrize("name", FIELDS)
def test_a_view_without_a_standard_field_is_refused_naming_it(name: str) -> None:
    view = {k: v for k, v in GOOD.items() if k != name}
    with pytest.raises(InvalidData, match=f"has no '{name}'") as info:
        envelope(view)
    assert ("the coin view" if name != "game" else "a view") in str(info.value)


@pytest.mark.parametrize(("name", "value", "says"), [
    ("game", "", "'game' must be the game's name"),
    ("game", 3, "'game' must be the game's name"),
    ("seat", "1", "'seat' must be a seat"),
    ("seat", True, "'seat' must be a seat"),
    ("seat", -1, "'seat' must be a seat"),
    ("phase", None, "'phase' must be a word"),
    ("phase", "", "'phase' must be a word"),
    ("to_act", (0,), "'to_act' must be a list of seats"),
    ("to_act", [0, "1"], "'to_act' must be a list of seats"),
    ("to_act", [False], "'to_act' must be a list of seats"),
    ("decided", [-2], "'decided' must be a list of seats"),
    ("decided", [3, 2], "'decided' must list each seat once, ascending"),
    ("to_act", [0, 0], "'to_act' must list each seat once, ascending"),
    ("decided", [0], "seats [0] are both to act and decided"),
])
def test_a_standard_field_of_the_wrong_shape_is_refused_saying_why(
        name: str, value: Any, says: str) -> None:
    with pytest.raises(InvalidData) as info:
        envelope({**GOOD, name: value})
    assert says in str(info.value)
