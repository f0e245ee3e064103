"""Hand-made duels for the rules tests."""

from __future__ import annotations

from typing import Any

from koloda.engine import load_game
from koloda.games.duel import DuelState

#: Seat 0: a01 punch (attack 1), a02 kick (attack 2), a03 trip (trick 1), a04 block (defence 1),
#: a05 dodge (defence 2), a06 slash (attack 4, cold, deadly), a07 rapier_thrust (attack 3, cold),
#: a08 dagger (cold item), a09 parry (defence 3, cold).
DECK_0 = ["punch", "kick", "trip", "block", "dodge", "slash", "rapier_thrust", "dagger", "parry"]
#: Seat 1: b01 punch (attack 1), b02 sand_in_eyes (trick 2), b03 block (defence 1),
#: b04 full_guard (defence 4), b05 shot (attack 4, firearm, deadly), b06 pistol (firearm item),
#: b07 garrotte (trick 4, deadly), b08 kick (attack 2).
DECK_1 = ["punch", "sand_in_eyes", "block", "full_guard", "shot", "pistol", "garrotte", "kick"]


def duel(decks: list[list[str]] | None = None, discards: list[list[str]] | None = None,
         **options: Any) -> DuelState:
    setup: dict[str, Any] = {"decks": decks or [list(DECK_0), list(DECK_1)]}
    if discards is not None:
        setup["discards"] = discards
    state = load_game("duel", **options).from_setup(setup)
    assert isinstance(state, DuelState)
    return state


def act(state: DuelState, *steps: str) -> DuelState:
    """Apply ``"SEAT: ACTION"`` steps through the checked path."""
    for step in steps:
        seat, _, text = step.partition(":")
        state.apply_text(int(seat), text.strip())
    return state
