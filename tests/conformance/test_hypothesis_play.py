"""Hypothesis drives every registered game through random legal and illegal play, shrinking any
failure to a short sequence: refused actions never change the state, accepted ones always come
from the legal list, and the record replays to the same state."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from koloda.engine import ActionSyntaxError, IllegalAction, game_specs, load_game, record_of, replay

from ..engine import toy  # noqa: F401

NAMES = [s.name for s in game_specs()]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_and_illegal_play(name: str, data: st.DataObject) -> None:
    spec = next(s for s in game_specs() if s.name == name)
    # (at most 8 seats: an event has thousands)
    top = min(spec.max_players, 8)
    players = data.draw(st.integers(spec.min_players, top), label="players")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    game = load_game(name, players=players)
    state = game.new(seed=seed)
    junk = st.sampled_from(["", "play", "hand 999", "pass", "x y z", "play -1", "swap a b"])
    for _ in range(data.draw(st.integers(0, 120), label="steps")):
        if state.is_terminal:
            break
        seat = data.draw(st.sampled_from(range(players)), label="seat")
        if data.draw(st.booleans(), label="try junk"):
            before = json.dumps(state.to_json(), sort_keys=True)
            text = data.draw(junk)
            was_legal = text in {str(a) for a in state.legal_actions(seat)}
            try:
                action = game.parse_action(text)
                state.apply(seat, action)
            except (ActionSyntaxError, IllegalAction):
                assert not was_legal
                assert json.dumps(state.to_json(), sort_keys=True) == before
            else:
                assert was_legal
            continue
        if seat not in state.to_act:
            seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = data.draw(st.sampled_from(legal), label="action")
        state.apply(seat, action)
    assert json.dumps(replay(record_of(game, state)).to_json(), sort_keys=True) == json.dumps(
        state.to_json(), sort_keys=True
    )
