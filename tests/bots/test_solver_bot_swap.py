"""bot:solver in the duel's swap phase: it swaps only for gain, unless the swap is required."""

from __future__ import annotations

from koloda.bots import decision_for, make_bot
from koloda.engine import load_game


def _to_swap(**options: object):  # type: ignore[no-untyped-def]
    game = load_game("duel", **options)
    for seed in range(200):
        state = game.new(seed=seed)
        bots = [make_bot("bot:random", game, seed=seed + s) for s in (0, 1)]
        while not state.is_terminal and state.observe(None)["phase"] != "swap":
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(decision_for(state, seat)))
        if not state.is_terminal:
            return game, state
    raise AssertionError("no duel reached the swap")


def test_solver_bot_swaps_legally_when_the_swap_is_required() -> None:
    game, state = _to_swap(swap_required=True)
    seat = state.to_act[0]
    bot = make_bot("bot:solver:2", game, seed=1)
    action = bot.act(decision_for(state, seat))
    assert action in state.legal_actions(seat)
    assert str(action).startswith("swap ")


def test_solver_bot_answers_the_swap_legally() -> None:
    game, state = _to_swap()
    seat = state.to_act[0]
    action = make_bot("bot:solver:2", game, seed=1).act(decision_for(state, seat))
    assert action in state.legal_actions(seat)
