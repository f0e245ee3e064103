"""``GwentState.clone`` and ``resample`` give independent states: playing on a copy to the end
changes nothing in the original (hands, decks, the table, throw-ins, the generator, the log)."""

from __future__ import annotations

import pytest

from koloda.engine import Rng, load_game
from koloda.games.gwent import GwentState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_copy_played_to_the_end_leaves_the_original_as_it_was(players: int) -> None:
    game = load_game("gwent", players=players)
    state = game.new(seed=players)
    assert isinstance(state, GwentState)
    rng = Rng.from_seed(9)
    for step in range(120):
        if state.is_terminal:
            break
        if step % 20 == 5:
            before = state.to_json()
            for copy in (state.clone(), state.resample(state.to_act[0], Rng.from_seed(step))):
                assert copy.clone().to_json() == copy.to_json()
                while not copy.is_terminal:
                    seat = copy.to_act[0]
                    copy.apply(seat, copy.random_action(seat, rng))
                assert state.to_json() == before
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
