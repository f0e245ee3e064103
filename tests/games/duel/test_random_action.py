"""The duel's fast random draw at the choice of hand: exactly the legal hands, each as likely."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from koloda.engine import Rng, load_game
from koloda.games.duel import DuelState

from .helpers import duel


@pytest.mark.parametrize("options", [
    {},
    {"hand_min_one": True},
    {"mode": "attack"},
    {"mode": "attack", "defender_min_one": True},
    {"deck_size": 15, "items": 3},
])
def test_every_drawn_action_is_legal(options: dict[str, Any]) -> None:
    game = load_game("duel", **options)
    rng = Rng.from_seed(5)
    for seed in range(40):
        state = game.new(seed=seed)
        assert isinstance(state, DuelState)
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            for _ in range(5 if len(legal) > 1 else 1):
                assert state.random_action(seat, rng) in legal
            state.apply(seat, state.random_action(seat, rng))


@pytest.mark.parametrize(("decks", "options"), [
    # seat 0: four eligible cards (a01 a02 a03 a04), a weapon card without its item (a05 slash
    # needs a cold item: not eligible), an item (not eligible)
    ([["punch", "kick", "trip", "block", "slash"], ["punch", "kick"]], {}),
    ([["punch", "kick", "trip", "block", "rapier_thrust", "dagger"], ["punch", "kick"]],
     {"hand_min_one": True}),
    ([["punch", "kick", "trip", "block", "dodge", "parry", "dagger"], ["punch"]],
     {"mode": "attack"}),
])
def test_every_legal_hand_is_drawn_about_equally(decks: list[list[str]],
                                                 options: dict[str, Any]) -> None:
    state = duel(decks, **options)
    legal = state.legal_actions(0)
    rng = Rng.from_seed(11)
    per_hand = 400
    draws = Counter(state.random_action(0, rng) for _ in range(per_hand * len(legal)))
    assert set(draws) == set(legal)
    for hand in legal:  # binomial: sd = √(400·(1-1/L)) ≤ 20, so ±100 is 5 sd
        assert abs(draws[hand] - per_hand) < 100, (hand, draws[hand])


def test_the_weapon_card_without_its_item_is_never_drawn() -> None:
    state = duel([["punch", "kick", "slash"], ["punch"]])
    rng = Rng.from_seed(3)
    for _ in range(200):
        assert "a03" not in state.random_action(0, rng).cards  # type: ignore[attr-defined]
