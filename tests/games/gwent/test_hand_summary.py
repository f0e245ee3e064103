"""The summary of a hand (``hands.HandSummary``) that the listing of plays counts from: kept up
to date as cards leave the hand, it always says what a summary worked out afresh says, and the
counts drawn from it are the lengths of the lists they stand for."""

from __future__ import annotations

from typing import Any

import pytest

from koloda.engine import Rng, load_game
from koloda.games.gwent import GwentState, listing
from koloda.games.gwent.hands import HandSummary, hand_summary
from koloda.games.gwent.perks import (
    medic_actions,
    medic_count,
    scorch_actions,
    scorch_count,
    spy_actions,
    spy_count,
)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"agile_open": "both", "medic_revives_to": "play", "bard_lasts": "next_card",
     "specialist_zero": "card", "throw_in_damage_to": "thrower"},
]

_FIELDS = ("cards", "units", "weights", "weights_decoy", "alone", "kinds", "decoy")


def _same(kept: HandSummary, fresh: HandSummary) -> None:
    for name in _FIELDS:
        assert getattr(kept, name) == getattr(fresh, name), name


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_summary_kept_is_the_summary_worked_out_afresh(players: int,
                                                         options: dict[str, Any]) -> None:
    game = load_game("gwent", players=players, **options)
    derived = 0
    for seed in range(3):
        state = game.new(seed=seed)
        assert isinstance(state, GwentState)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            for seat in range(players):
                kept = state.summaries[seat] if state.summaries else None
                if kept is not None and kept.cards == state.hands[seat]:
                    _same(kept, HandSummary(state.hands[seat]))
                    derived += 1
            seat = state.to_act[0]
            state.apply_unchecked(seat, state.random_action(seat, rng))
    assert derived > 100


@pytest.mark.parametrize("options", VARIANTS)
def test_perks_are_counted_as_they_are_listed(options: dict[str, Any]) -> None:
    game = load_game("gwent", players=3, **options)
    asked = 0
    for seed in range(4):
        state = game.new(seed=seed)
        assert isinstance(state, GwentState)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            ex = state.exchange
            seat = state.to_act[0]
            if ex is not None and not state.window:
                side = ex.side_of(seat)
                assert medic_count(state, seat) == len(medic_actions(state, seat))
                assert spy_count(state, seat, ex, side) == len(spy_actions(state, seat, ex, side))
                assert scorch_count(state, seat, ex, side) == len(
                    scorch_actions(state, seat, ex, side))
                asked += 1
            state.apply_unchecked(seat, state.random_action(seat, rng))
    assert asked > 100


def test_a_copy_keeps_its_own_summaries() -> None:
    game = load_game("gwent", players=3)
    state = game.new(seed=5)
    assert isinstance(state, GwentState)
    seat = state.to_act[0]
    summary = hand_summary(state, seat)
    copy = state.clone()
    assert copy.summaries is not state.summaries
    copy.hands[seat].pop()
    assert hand_summary(copy, seat) is not summary
    assert hand_summary(state, seat) is summary
    loaded = GwentState.from_json(state.to_json())
    assert loaded.summaries == []
    assert listing.legal(loaded, seat) == listing.legal(state, seat)


@pytest.mark.parametrize("players", [2, 3])
def test_draws_with_a_trump_or_ultima_pressing_are_the_default_draws(players: int) -> None:
    """The drawn play's target is read from the stacks counted on the way only while no trump
    or ultima presses; with one pressing, it is looked for by class: the same draws."""
    game = load_game("gwent", players=players)
    checked = 0
    for seed in range(8):
        state = game.new(seed=seed)
        assert isinstance(state, GwentState)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            seat = state.to_act[0]
            ex = state.exchange
            if ex is not None and not state.window and any(
                    s.layers[-1].damage > 0 and s.layers[-1].side != ex.side_of(seat)
                    and (s.layers[-1].trump or s.layers[-1].ultima) for s in ex.stacks):
                legal = state.legal_actions(seat)
                for k in range(3):
                    mine, default = Rng.from_seed(k), Rng.from_seed(k)
                    assert state.random_action(seat, mine) == legal[
                        default.randbelow(len(legal))]
                    assert mine.state == default.state
                checked += 1
            state.apply_unchecked(seat, state.random_action(seat, rng))
    assert checked > 20
