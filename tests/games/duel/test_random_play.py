"""The duel's random draw in rounds and at the swap: the kernel's draw, without the list.

``DuelState.random_action`` makes the same single ``randbelow(len(legal))`` draw as the
kernel's default and returns the action at that index of ``legal_actions``: the same action and
the same generator state at every step, so seeded playouts are unchanged.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from koloda.engine import GameState, Rng, load_game
from koloda.games.duel import DuelState
from koloda.games.duel.state import Phase

from .helpers import act, duel

OPTIONS: list[dict[str, Any]] = [
    {},
    {"item_shown": "laid"},
    {"mode": "attack", "defender_min_one": True},
    {"swap_required": True, "rounds_to_win": 3, "hand_min_one": True},
    {"deck_size": 15, "items": 3, "rounds_to_win": 3},
    {"deck_size": 5, "items": 0, "swap_required": True},
]


def _same_draw(state: DuelState, seat: int, rng: Rng) -> None:
    """The override and the kernel's default draw the same action with the same draws."""
    mine, kernel = rng.copy(), rng.copy()
    try:
        expected = GameState.random_action(state, seat, kernel)
    except ValueError:  # nothing legal: both refuse alike
        with pytest.raises(ValueError):
            state.random_action(seat, mine)
        return
    assert state.random_action(seat, mine) == expected
    assert mine.state == kernel.state


@pytest.mark.parametrize("options", OPTIONS)
def test_the_draw_is_the_kernels_draw_at_every_step(options: dict[str, Any]) -> None:
    game = load_game("duel", **options)
    rng = Rng.from_seed(17)
    steps = 0
    for seed in range(60):
        state = game.new(seed=seed)
        assert isinstance(state, DuelState)
        while True:
            if state.phase != Phase.CHOOSE_HAND:  # the choice of hand has its own draw
                for seat in (0, 1):
                    _same_draw(state, seat, rng)
                steps += 1
            if state.is_terminal:
                break
            seat = state.to_act[0]
            action = state.random_action(seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    assert steps > 300


def _rounds_position() -> DuelState:
    # seat 0's hand: a01 punch, a02 slash (cold, deadly), a06 garrotte (deadly); its deck keeps
    # two cold items (a03 dagger, a04 rapier) and a firearm item (a05 pistol): slash may show
    # either cold item, with or without the kill: 4 plays, garrotte 2, punch 1, the offer 1
    state = duel([["punch", "slash", "dagger", "rapier", "pistol", "garrotte"],
                  ["punch", "kick", "trip"]])
    return act(state, "0: hand a01 a02 a06", "1: hand b01 b02 b03")


def test_every_legal_play_is_drawn_about_equally() -> None:
    state = _rounds_position()
    legal = state.legal_actions(0)
    assert len(legal) == 8
    rng = Rng.from_seed(23)
    per = 500
    draws = Counter(state.random_action(0, rng) for _ in range(per * len(legal)))
    assert set(draws) == set(legal)
    for action in legal:  # binomial: sd = √(500·7/8) ≈ 21, so ±100 is about 5 sd
        assert abs(draws[action] - per) < 100, (action, draws[action])


def test_the_answer_to_an_offer_and_the_swap_are_drawn_from_their_lists() -> None:
    state = act(_rounds_position(), "0: offer-end")
    assert state.legal_actions(1) == [state.parse_action("accept-end"),
                                      state.parse_action("decline-end")]
    rng = Rng.from_seed(2)
    draws = Counter(state.random_action(1, rng) for _ in range(2000))
    assert set(draws) == set(state.legal_actions(1))
    assert all(abs(n - 1000) < 150 for n in draws.values())
    with pytest.raises(ValueError):  # the offering seat does not act: the kernel's refusal
        state.random_action(0, rng)

    state = act(duel([["punch", "kick", "trip"], ["trip", "sand_in_eyes", "block"]]),
                "0: hand a01 a02", "1: hand b01 b02", "0: play a01", "1: play b01",
                "0: play a02", "1: play b02")
    assert state.phase == Phase.SWAP
    legal = state.legal_actions(0)
    assert len(legal) == 5
    draws = Counter(state.random_action(0, rng) for _ in range(500 * len(legal)))
    assert set(draws) == set(legal)
    assert all(abs(n - 500) < 100 for n in draws.values())
    with pytest.raises(ValueError):
        state.random_action(1, rng)


def test_the_listed_hands_are_a_fresh_list_of_every_hand_each_time() -> None:
    from itertools import combinations

    state = duel()
    legal = state.legal_actions(0)
    cards = state.eligible(0)
    lo, hi = state.hand_limits(0)
    expected = [state.parse_action(" ".join(("hand", *combo)))
                for k in range(lo, hi + 1) for combo in combinations(cards, k)]
    assert legal == expected
    legal.clear()  # the caller's list: changing it changes nothing for the next caller
    assert state.legal_actions(0) == expected
    # another duel whose seat has other eligible cards gets its own list
    other = duel([["punch", "kick", "slash"], ["punch"]])
    assert other.legal_actions(0) == [state.parse_action(t) for t in
                                      ("hand", "hand a01", "hand a02", "hand a01 a02")]
