"""Nevermore's fast random draw for draft passes and commits: exactly the legal actions, each
as likely."""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.engine import Rng, load_game
from koloda.games.nevermore.state import NevermoreState, Stage


def _states(players: int, magic: str, games: int) -> list[NevermoreState]:
    """Every decision state of a few random games."""
    game = load_game("nevermore", players=players, magic=magic)
    rng = Rng.from_seed(7)
    out = []
    for seed in range(games):
        s = game.new(seed=seed)
        assert isinstance(s, NevermoreState)
        while not s.is_terminal:
            out.append(s.clone())
            seat = s.to_act[0]
            s.apply(seat, s.random_action(seat, rng))
    return out


@pytest.mark.parametrize(("players", "magic"), [(3, "none"), (4, "koloda"), (6, "koloda")])
def test_every_drawn_action_is_legal(players: int, magic: str) -> None:
    rng = Rng.from_seed(3)
    for s in _states(players, magic, 4):
        for seat in s.to_act:
            legal = s.legal_actions(seat)
            for _ in range(3):
                assert s.random_action(seat, rng) in legal


def _uniform(s: NevermoreState, seat: int, per_action: int = 300) -> None:
    legal = s.legal_actions(seat)
    rng = Rng.from_seed(11)
    draws = Counter(s.random_action(seat, rng) for _ in range(per_action * len(legal)))
    assert set(draws) == set(legal)
    for action in legal:  # binomial: sd ≤ √300 ≈ 17, so ±90 is over 5 sd
        assert abs(draws[action] - per_action) < 90, (action, draws[action])


def test_every_pass_is_drawn_about_equally() -> None:
    s = load_game("nevermore", players=3, magic="none").new(seed=1)
    assert isinstance(s, NevermoreState) and s.stage == Stage.PASS
    _uniform(s, s.to_act[0])


def test_every_commit_is_drawn_about_equally() -> None:
    """A commit with a choice of ravens and of suit-like magic cards."""
    for s in _states(4, "koloda", 30):
        if s.stage != Stage.COMMIT:
            continue
        for seat in s.to_act:
            lo, hi = s.commit_range(seat)
            if hi > lo and s.suit_magic(seat) and len(s.legal_actions(seat)) <= 16:
                _uniform(s, seat)
                return
    pytest.fail("no commit with a choice of ravens and magic in these games")
