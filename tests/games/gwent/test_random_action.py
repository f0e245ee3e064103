"""Gwent's fast random draw (``GwentState.random_action``): the same draw as the default one
(``legal[rng.randbelow(len(legal))]``), so only legal actions, each as likely."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from koloda.engine import Rng, load_game
from koloda.games.gwent import GwentState

from .helpers import act, table

VARIANTS: list[dict[str, Any]] = [
    {},
    {"agile_open": "both", "medic_revives_to": "play", "bard_lasts": "next_card",
     "specialist_zero": "card", "throw_in_damage_to": "thrower"},
    {"deck_choice": "choose", "throw_ins": False},
]


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_draw_is_the_default_draw_from_the_legal_actions(players: int,
                                                             options: dict[str, Any]) -> None:
    game = load_game("gwent", players=players, **options)
    draws = 0
    for seed in range(3):
        state = game.new(seed=seed)
        assert isinstance(state, GwentState)
        step = 0
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            for k in range(2 if len(legal) > 1 else 1):
                mine, default = Rng.from_seed(step * 7 + k), Rng.from_seed(step * 7 + k)
                drawn = state.random_action(seat, mine)
                assert drawn in legal
                assert drawn == legal[default.randbelow(len(legal))]
                assert mine.state == default.state
                draws += 1
            state.apply(seat, state.random_action(seat, Rng.from_seed(step)))
            step += 1
    assert draws > 100


def test_a_seat_not_to_act_has_no_draw() -> None:
    state = table([["nr_ves"], ["ng_rainfarn"]])
    with pytest.raises(ValueError):
        state.random_action(1, Rng.from_seed(1))


def _equally(state: GwentState, seat: int, per_action: int = 300) -> None:
    legal = state.legal_actions(seat)
    assert len(legal) > 3
    rng = Rng.from_seed(11)
    draws = Counter(state.random_action(seat, rng) for _ in range(per_action * len(legal)))
    assert set(draws) == set(legal)
    for action in legal:  # binomial: sd ≤ √300 ≈ 17.3, so ±90 is over 5 sd
        assert abs(draws[action] - per_action) < 90, (str(action), draws[action])


def test_every_play_of_an_opened_exchange_is_drawn_about_equally() -> None:
    """The defender's choice: pass, naming suits, covering either stack, an agile card as
    either suit, with or without «Чучело», a medic and a spy."""
    state = table([["nr_ves", "nr_keira_metz", "ng_vreemde"],
                   ["st_barclay_els", "ng_rainfarn", "sp_decoy", "nr_dun_banner_medic",
                    "nr_prince_stennis"]],
                  discards=[[], ["ng_puttkammer"]])
    act(state, "0: play nr_ves#1@new", "1: pass", "0: play nr_keira_metz#1@new")
    assert state.to_act == (1,)
    _equally(state, 1)


def test_every_throw_in_is_drawn_about_equally() -> None:
    state = table([["nr_ves", "ng_rainfarn"], ["ng_vreemde"],
                   ["ne_zoltan_chivay", "nr_keira_metz", "st_vrihedd_brigade_veteran"]])
    act(state, "0: play nr_ves#1@new")
    assert state.window == [2]
    _equally(state, 2)
