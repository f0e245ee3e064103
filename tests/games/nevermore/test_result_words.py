"""The outcome in words, English and Russian, naming players from 1 as the log does."""

from __future__ import annotations

from koloda.engine import Rng, load_game
from koloda.games.nevermore.state import NevermoreState


def _play_out(players: int, seed: int, **options: object) -> NevermoreState:
    state = load_game("nevermore", players=players, **options).new(seed=seed)
    rng = Rng.from_seed(seed)
    while not state.is_terminal:
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    assert isinstance(state, NevermoreState)
    return state


def test_a_win_is_said_in_both_languages() -> None:
    state = _play_out(3, 3)
    result = state.result()
    assert result is not None and state.winner >= 0
    n = state.winner + 1
    assert result.text("en").startswith(f"Player {n} wins")
    assert result.text("ru").startswith(f"Игрок {n} побеждает")


def test_a_stopped_game_is_said_in_both_languages() -> None:
    state = _play_out(4, 5, max_rounds=1)
    result = state.result()
    assert result is not None and state.winner < 0  # this seed's first round ends no game
    assert result.text("en") == "the game stops after round 1 without a winner"
    assert result.text("ru") == "игра остановлена после раунда 1 без победителя"
