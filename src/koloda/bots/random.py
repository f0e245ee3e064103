"""``bot:random``: a seeded bot that picks uniformly among the legal actions."""

from __future__ import annotations

from koloda.bots.base import Decision, register_bot
from koloda.engine import Action, Game, InvalidOption, Rng, say


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def act(self, decision: Decision) -> Action:
        return self.rng.choice(decision.legal)


def _factory(game: Game, params: list[str], seed: int) -> RandomBot:
    if params:
        raise InvalidOption(say("bot.random_params", "{bot} takes no parameters",
                                bot="bot:random"))
    return RandomBot(seed)


register_bot("random", _factory)
