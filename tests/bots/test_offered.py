"""Menus offer the bots this install can make: a bot that needs an optional module which is not
installed is left out of them, and still says which extra to install when asked for by name."""

from __future__ import annotations

from koloda.bots import make_bot
from koloda.bots.base import bot_descriptions, offered_bots
from koloda.bots.random import RandomBot
from koloda.engine import load_game
from koloda.engine.bot import _FACTORIES, _NEEDS, _PARAMETERS, register_bot


def test_a_bot_whose_module_is_missing_is_not_offered() -> None:
    key = ("needs_missing", "duel")
    register_bot("needs_missing", lambda game, params, seed: RandomBot(seed), game="duel",
                 needs=("no_such_module_koloda_test",))
    try:
        assert "needs_missing" not in offered_bots("duel")
        assert "needs_missing" not in [d["kind"] for d in bot_descriptions("duel")]
        assert make_bot("bot:needs_missing", load_game("duel")) is not None  # known by name
    finally:
        for table in (_FACTORIES, _PARAMETERS, _NEEDS):
            table.pop(key, None)


def test_the_duel_solver_is_offered_where_numpy_and_scipy_are_installed() -> None:
    assert "solver" in offered_bots("duel")  # (the test environment has every extra)
    assert "solver" not in offered_bots("nevermore")
