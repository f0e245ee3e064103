"""The listing's shortcuts for the fast path answer as the listing does: whether an action
may go on (:func:`listing.can_go_on`) is whether the listing of plays has a first play."""

from __future__ import annotations

from typing import Any

import pytest

from koloda.engine import Rng, load_game
from koloda.games.gwent import GwentState, listing
from koloda.games.gwent.cards import CATALOGUE, facts

VARIANTS: list[dict[str, Any]] = [
    {},
    {"agile_open": "both", "medic_revives_to": "play", "bard_lasts": "next_card",
     "specialist_zero": "card", "throw_in_damage_to": "thrower"},
]


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whether_an_action_may_go_on_is_whether_there_is_a_play(
        players: int, options: dict[str, Any]) -> None:
    game = load_game("gwent", players=players, **options)
    asked = 0
    for seed in range(4):
        state = game.new(seed=seed)
        assert isinstance(state, GwentState)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            ex = state.exchange
            if ex is not None and not state.window:
                seat = state.to_act[0]
                side = ex.side_of(seat)
                expected = bool(listing.play_entries(state, seat, ex, side, first=True))
                assert listing.can_go_on(state, seat, ex, side) == expected
                asked += 1
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng))
    assert asked > 100


def test_no_card_played_on_its_own_is_layable() -> None:
    """The listing of plays learns whether the hand holds a medic, a spy or «Казнь» among the
    cards it does not lay: none of them is layable."""
    for cid in CATALOGUE:
        f = facts(f"{cid}#1")
        assert f.alone == (f.medic or f.spy or f.scorch)
        assert not (f.alone and f.layable), cid
