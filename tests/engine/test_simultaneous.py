"""The kernel's simultaneous step (:mod:`koloda.engine.simultaneous`), and every game with such
steps following it: a seat that decides leaves ``to_act``, the others stay, and the step resolves
only with the last decision."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from koloda.engine import IllegalAction, Rng, game_specs, get_spec, load_game, simultaneous

from . import toy  # noqa: F401  (the kernel's own test game takes part too)


@given(st.sets(st.integers(0, 7), min_size=1), st.data())
def test_the_seats_yet_to_decide_are_the_step_less_the_decided(seats: set[int],
                                                               data: st.DataObject) -> None:
    step = tuple(sorted(seats))
    decided = data.draw(st.sets(st.sampled_from(step)))
    choices = {s: f"secret {s}" for s in decided}
    waiting = simultaneous.to_act(step, choices)
    assert waiting == tuple(s for s in step if s not in decided)
    assert simultaneous.to_act(list(step), sorted(decided)) == waiting
    assert simultaneous.complete(step, choices) == (not waiting)
    assert simultaneous.decided_seats(choices) == sorted(decided)
    for s in range(9):
        assert simultaneous.may_decide(step, choices, s) == (s in waiting)


def test_nobody_decided_gives_the_step_itself() -> None:
    step = (0, 1)
    assert simultaneous.to_act(step, {}) is step
    assert simultaneous.to_act([2, 5], []) == (2, 5)
    assert simultaneous.to_act((), {}) == ()
    assert simultaneous.complete((), {})


def _simultaneous_configs() -> list[Any]:
    out = []
    for spec in game_specs():
        if not spec.simultaneous:
            continue
        for players in sorted({spec.min_players, spec.max_players}):
            out.append(pytest.param(spec.name, players, id=f"{spec.name}-{players}p"))
    return out


@pytest.mark.parametrize(("name", "players"), _simultaneous_configs())
def test_a_seat_that_decides_leaves_the_step_and_the_others_stay(name: str, players: int) -> None:
    game = load_game(name, players=players)
    steps_seen = 0
    for seed in range(4):
        state = game.new(seed=seed)
        rng = Rng.from_seed(seed + 7)
        for _ in range(3000):
            if state.is_terminal:
                break
            before = state.to_act
            seat = before[rng.randbelow(len(before))]
            action = state.random_action(seat, rng)
            state.apply(seat, action)
            if len(before) > 1:
                steps_seen += 1
                # not the last to decide: the step waits for the others, and this seat is done
                assert state.to_act == tuple(s for s in before if s != seat), (seed, before, seat)
                assert state.legal_actions(seat) == []
                if steps_seen <= 12:  # deciding twice is refused, changing nothing
                    frozen = state.to_json()
                    with pytest.raises(IllegalAction):
                        state.apply(seat, action)
                    assert state.to_json() == frozen
    if players == get_spec(name).max_players:  # (Gwent with two has no throw-ins)
        assert steps_seen, f"{name} with {players} players never had two seats deciding at once"
