"""Small helpers for Nevermore's tests."""

from __future__ import annotations

from typing import Any

from koloda.engine import load_game
from koloda.games.nevermore.state import NevermoreState


def new(players: int = 3, magic: str = "none", seed: int = 1) -> NevermoreState:
    s = load_game("nevermore", players=players, magic=magic).new(seed=seed)
    assert isinstance(s, NevermoreState)
    return s


def setup(players: int = 3, magic_set: str = "none", seed: int = 1, **kw: Any) -> NevermoreState:
    """A hand-made position; ``kw`` is the setup object (see ``koloda.games.nevermore.setup``)."""
    s = load_game("nevermore", players=players, magic=magic_set).from_setup(kw, seed=seed)
    assert isinstance(s, NevermoreState)
    return s


def act(s: NevermoreState, *texts: str) -> None:
    for t in texts:
        seat, _, action = t.partition(":")
        s.apply_text(int(seat), action.strip())


def first_legal(s: NevermoreState) -> None:
    """Every seat to act takes its first legal action (one simultaneous step)."""
    for seat in s.to_act:
        s.apply(seat, s.legal_actions(seat)[0])


def commit_min(s: NevermoreState, steps: int = 1) -> None:
    """``steps`` suit steps in which every seat commits with the fewest ravens allowed."""
    for _ in range(steps):
        assert s.stage.value == "commit", s.stage
        first_legal(s)


def kinds(s: NevermoreState) -> list[str]:
    return [e.kind_name() for e in s.events]
