"""``GwentState.check`` answers plays, «end» and «pass» without listing every action: it must
accept exactly the legal actions."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from koloda.engine import Action, Rng, load_game
from koloda.games.gwent import GwentState
from koloda.games.gwent.actions import SUITS, EndAction, NameSuit, Pass, Play, Throw


def _candidates(state: GwentState, seat: int) -> list[Action]:
    """Legal and illegal actions alike: every card of every hand on every stack (and a stack
    that is not there), as every suit, with every decoy or none; end, pass, naming suits."""
    ex = state.exchange
    stacks = [s.id for s in ex.stacks] if ex is not None else []
    cards = sorted({c for h in state.hands for c in h})[:12]
    decoys = ["", *[c for c in cards if c.startswith("sp_decoy")]][:2]
    out: list[Action] = [EndAction(), Pass()]
    out.extend(NameSuit(side, su) for side in (0, 1) for su in SUITS)
    for cid, target, suit, decoy in product(cards, [-1, *stacks, 99], ["", *SUITS], decoys):
        out.append(Play(cid, target, suit, decoy))
    own = state.hands[seat]
    out.extend(Throw(side, (c,)) for side in (0, 1) for c in own[:3])
    return out


@pytest.mark.parametrize("options", [{}, {"agile_open": "both", "specialist_zero": "card"}])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_accepts_exactly_the_legal_actions(players: int, options: dict[str, Any]) -> None:
    game = load_game("gwent", players=players, **options)
    rng = Rng.from_seed(3)
    checked = 0
    for seed in range(2):
        state = game.new(seed=seed)
        assert isinstance(state, GwentState)
        step = 0
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if step % 3 == 0:
                for action in [*legal, *_candidates(state, seat)]:
                    assert (state.check(seat, action) is None) == (action in legal), action
                    checked += 1
                for other in range(players):
                    if other not in state.to_act:
                        assert state.check(other, legal[0]) is not None
            state.apply(seat, state.random_action(seat, rng))
            step += 1
    assert checked > 1000
