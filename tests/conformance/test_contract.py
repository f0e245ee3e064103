"""The kernel's contract, checked the same way for every registered game (the kernel's toy game
included), at states reached by seeded random play:

- ``random_action`` draws what a uniform pick from ``legal_actions`` draws: only legal actions,
  each about equally often, and the state unchanged by the draw;
- ``check`` finds no reason exactly when the action is legal (for the legal actions and for
  actions legal elsewhere in the game, for every seat to act);
- a clone is independent of its original (playing either leaves the other as it was);
- ``apply_unchecked`` leaves the same state as ``apply`` (the history aside, which only the
  checked path keeps).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import cache
from typing import Any

import pytest

from koloda.engine import Action, GameState, Rng, Words, game_specs, get_spec, load_game

from ..engine import toy  # noqa: F401  (the kernel's own test game takes part too)

#: The states looked at per game: the first few of each game, then every STRIDE-th.
GAMES = 2
FIRST = 12
STRIDE = 7
#: random_action's counts are checked at states with at most this many legal actions.
MAX_LEGAL_COUNTED = 24
DRAWS_PER_ACTION = 60
MOST_PLAYERS = 8


def _configs() -> list[Any]:
    out = []
    for spec in game_specs():
        # the most players tried: a game's maximum, up to MOST_PLAYERS (the event seats 5000)
        counts = sorted({spec.min_players, min(spec.max_players, MOST_PLAYERS)})
        for players in counts:
            marks = () if players == spec.min_players else (pytest.mark.slow,)
            out.append(pytest.param(spec.name, players, id=f"{spec.name}-{players}p", marks=marks))
    return out


CONFIGS = _configs()


def _dump(state: GameState, *, history: bool = True) -> str:
    data = state.to_json()
    if not history:
        data["state"].pop("history", None)
    return json.dumps(data, sort_keys=True)


@cache
def _states(name: str, players: int) -> tuple[GameState, ...]:
    """Copies of the states met in seeded random games, at the first steps and then sparsely
    (shared by the tests below: each test changes only copies of them)."""
    game = load_game(name, players=players)
    out: list[GameState] = []
    for seed in range(GAMES):
        state = game.new(seed=seed)
        rng = Rng.from_seed(500 + seed)
        step = 0
        while not state.is_terminal:
            if step < FIRST or step % STRIDE == 0:
                out.append(state.clone())
            seat = state.to_act[rng.randbelow(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            step += 1
        out.append(state.clone())
    return tuple(out)


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_random_action_draws_as_a_uniform_pick_from_the_legal_list(name: str, players: int) -> None:
    counted = 0
    for i, state in enumerate(_states(name, players)):
        before = _dump(state)
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            rng = Rng.from_seed(i * 31 + seat)
            if len(legal) > MAX_LEGAL_COUNTED:
                for _ in range(20):
                    assert state.random_action(seat, rng) in legal
                continue
            draws = DRAWS_PER_ACTION * len(legal)
            counts: Counter[Action] = Counter(state.random_action(seat, rng) for _ in range(draws))
            assert set(counts) <= set(legal), "random_action drew an illegal action"
            # each action about equally often: within 5 standard deviations of a uniform pick
            p = 1 / len(legal)
            spread = 5 * math.sqrt(draws * p * (1 - p)) + 1
            for action in legal:
                assert abs(counts[action] - draws * p) <= spread, (str(action), counts[action])
            counted += 1
        assert _dump(state) == before, "random_action changed the state"
    assert counted > 0


def _pool(states: tuple[GameState, ...]) -> list[Action]:
    """Every action legal for some seat somewhere in these games (deduplicated, in order)."""
    seen: dict[str, Action] = {}
    for state in states:
        for seat in range(state.players):
            for action in state.legal_actions(seat):
                seen.setdefault(str(action), action)
    return list(seen.values())


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_check_finds_no_reason_exactly_for_the_legal_actions(name: str, players: int) -> None:
    states = _states(name, players)
    exact = get_spec(name).lists_every_action
    pool = _pool(states)[:400]
    for state in states:
        before = _dump(state)
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            for action in [*legal, *pool]:
                reason = state.check(seat, action)
                if not exact and action not in legal:  # an open action space: examples only
                    continue
                assert (reason is None) == (action in legal), (str(action), reason)
                if reason is not None:
                    assert isinstance(reason, str | Words) and str(reason)
        assert _dump(state) == before, "check changed the state"


def _play_out(state: GameState, rng: Rng, steps: int = 10_000) -> None:
    for _ in range(steps):
        if state.is_terminal:
            return
        seat = state.to_act[rng.randbelow(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_a_clone_is_independent_of_its_original(name: str, players: int) -> None:
    for i, original in enumerate(_states(name, players)[::3]):
        state = original.clone()
        before = _dump(state)
        copy = state.clone()
        assert type(copy) is type(state)
        assert _dump(copy) == before, "a clone differs from its original"
        _play_out(copy, Rng.from_seed(i))
        assert _dump(state) == before, "playing a clone changed its original"
        again = state.clone()
        _play_out(state, Rng.from_seed(i + 1))
        assert _dump(again) == before, "playing the original changed its clone"


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_the_unchecked_apply_leaves_what_the_checked_apply_leaves(name: str, players: int) -> None:
    for i, state in enumerate(_states(name, players)[::2]):
        rng = Rng.from_seed(i)
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            picks = (legal[0], legal[rng.randbelow(len(legal))])
            for action in {str(a): a for a in picks}.values():
                checked, unchecked = state.clone(), state.clone()
                checked.apply(seat, action)
                unchecked.apply_unchecked(seat, action)
                assert _dump(unchecked, history=False) == _dump(checked, history=False), (
                    str(action))
                assert unchecked.to_act == checked.to_act
                assert [e.to_json() for e in unchecked.events] == [
                    e.to_json() for e in checked.events]
