"""bot:solver in the duel's swap phase: it swaps only for gain, unless the swap is required."""

from __future__ import annotations

from koloda.bots import decision_for, make_bot
from koloda.engine import load_game


def _swaps(count: int, **options: object):  # type: ignore[no-untyped-def]
    """Up to ``count`` duels between random bots, stopped at the winner's swap."""
    game = load_game("duel", **options)
    found = []
    for seed in range(400):
        state = game.new(seed=seed)
        bots = [make_bot("bot:random", game, seed=seed + s) for s in (0, 1)]
        while not state.is_terminal and state.observe(None)["phase"] != "swap":
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(decision_for(state, seat)))
        if not state.is_terminal:
            found.append(state)
            if len(found) == count:
                break
    assert found, "no duel reached the swap"
    return game, found


def test_solver_bot_swaps_legally_when_the_swap_is_required() -> None:
    game, states = _swaps(40, swap_required=True)
    bot = make_bot("bot:solver:1", game, seed=1)
    for state in states:
        seat = state.to_act[0]
        action = bot.act(decision_for(state, seat))
        assert action in state.legal_actions(seat)


def test_solver_bot_answers_the_swap_legally() -> None:
    game, states = _swaps(10)
    bot = make_bot("bot:solver:1", game, seed=1)
    for state in states:
        seat = state.to_act[0]
        assert bot.act(decision_for(state, seat)) in state.legal_actions(seat)
