"""``bot:heuristic`` plays legal actions and beats ``bot:random`` (a small, fast sample; the
figures in docs/rules/gwent.md come from a larger run)."""

from __future__ import annotations

from koloda.bots.base import decision_for, make_bot
from koloda.engine import load_game


def _match(players: int, seed: int, heuristic_seat: int) -> float:
    game = load_game("gwent", players=players)
    bots = [make_bot("bot:heuristic" if p == heuristic_seat else "bot:random", game,
                     seed=seed * 10 + p) for p in range(players)]
    state = game.new(seed=seed)
    while not state.is_terminal:
        seat = state.to_act[0]
        decision = decision_for(state, seat)
        action = bots[seat].act(decision)
        assert action in decision.legal
        state.apply(seat, action)
    result = state.result()
    assert result is not None
    return result.scores[heuristic_seat]


def test_heuristic_beats_random() -> None:
    games = 16
    wins = sum(_match(3, seed, seed % 3) for seed in range(games))
    assert wins / games > 1 / 3 + 0.1
