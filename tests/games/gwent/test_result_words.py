"""The outcome in words, English and Russian, naming players from 1 as the log does."""

from __future__ import annotations

from koloda.engine import Rng, load_game


def test_the_match_result_is_said_in_both_languages() -> None:
    state = load_game("gwent", players=3).new(seed=2)
    rng = Rng.from_seed(2)
    while not state.is_terminal:
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    result = state.result()
    assert result is not None and result.winners
    first = result.winners[0] + 1
    assert result.text("en").startswith("The match is over; won by ")
    assert f"Player {first}" in result.text("en")
    assert result.text("ru").startswith("Партия окончена, побеждает: ")
    assert f"Игрок {first}" in result.text("ru")
