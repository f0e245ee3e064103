"""Coin's own bot, named by the spec (``bots=("koloda_coin.bots",)``): ``bot:heads``."""

from __future__ import annotations

from koloda.engine import Action, Game, InvalidOption
from koloda.engine.bot import Decision, register_bot


class HeadsBot:
    """Always heads."""

    name = "heads"

    def act(self, decision: Decision) -> Action:
        return next(a for a in decision.legal if str(a) == "lay heads")


def _factory(game: Game, params: list[str], seed: int) -> HeadsBot:
    if params:
        raise InvalidOption("bot:heads takes no parameters")
    return HeadsBot()


register_bot("heads", _factory, game="coin")
