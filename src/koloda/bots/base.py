"""The bot interface and the bot registry.

>>> from koloda.engine import load_game
>>> game = load_game("duel")
>>> state = game.new(seed=3)
>>> bot = make_bot("bot:random", game, seed=1)
>>> seat = state.to_act[0]
>>> bot.act(decision_for(state, seat)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from koloda.engine import Action, Game, GameState, InvalidOption, Rng


@dataclass(frozen=True)
class Decision:
    """What a seat knows when it must decide.

    ``sample(rng)`` returns a full state drawn consistently with the seat's knowledge (the
    state's ``determinize``: the game's ``resample`` with the hidden record stripped); search
    bots use it, nothing else of the true state reaches a bot.
    """

    seat: int
    observation: dict[str, Any]
    legal: tuple[Action, ...]
    sample: Callable[[Rng], GameState]


def decision_for(state: GameState, seat: int) -> Decision:
    """The decision ``seat`` faces in ``state``."""
    return Decision(
        seat=seat,
        observation=state.observe(seat),
        legal=tuple(state.legal_actions(seat)),
        sample=lambda rng: state.determinize(seat, rng),
    )


class Bot(Protocol):
    """A program that plays one seat."""

    name: str

    def act(self, decision: Decision) -> Action:
        """One of ``decision.legal``."""
        ...


BotFactory = Callable[[Game, list[str], int], Bot]
"""Builds a bot for a game from the parameters after its name (``ismcts:2000`` → ["2000"])."""

_FACTORIES: dict[tuple[str, str | None], BotFactory] = {}

#: Modules that register bots when imported (each game's bots, the search bots).
BOT_MODULES = (
    "koloda.bots.random",
    "koloda.bots.ismcts",
    "koloda.bots.solver_bot",
    "koloda.games.duel.bots",
    "koloda.games.nevermore.bots",
    "koloda.games.gwent.bots",
)


def register_bot(kind: str, factory: BotFactory, *, game: str | None = None) -> None:
    """Register ``bot:KIND`` for one game, or for every game when ``game`` is None."""
    _FACTORIES[(kind, game)] = factory


#: A game's redraw of the other seats' hidden past choices in a determinization, as a sensible
#: player would have made them: ``redraw(sample, seat, rng)`` changes the sample in place,
#: within what ``seat`` cannot see. Search bots with an opponent model use it (docs/bots.md).
#: (The sample is the game's own state class.)
ModelRedraw = Callable[[Any, int, Rng], None]
_REDRAWS: dict[str, ModelRedraw] = {}


def register_model_redraw(game: str, redraw: ModelRedraw) -> None:
    """Register ``game``'s redraw of hidden past choices for opponent models."""
    _REDRAWS[game] = redraw


def model_redraw(game: str) -> ModelRedraw | None:
    """The redraw ``game`` registered, if any."""
    _import_bot_modules()
    return _REDRAWS.get(game)


def _import_bot_modules() -> None:
    for module in BOT_MODULES:
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            importlib.import_module(module)


def bot_names(game: str) -> list[str]:
    """The bot kinds available for ``game``."""
    _import_bot_modules()
    return sorted({k for (k, g) in _FACTORIES if g in (None, game)})


def make_bot(spec: str, game: Game, *, seed: int = 0) -> Bot:
    """A bot from its name: ``bot:random``, ``bot:heuristic``, ``bot:ismcts:2000``, …

    Unknown names raise InvalidOption listing what exists for the game.
    """
    _import_bot_modules()
    text = spec.removeprefix("bot:")
    kind, *params = text.split(":")
    factory = _FACTORIES.get((kind, game.name)) or _FACTORIES.get((kind, None))
    if factory is None:
        known = ", ".join(f"bot:{k}" for k in bot_names(game.name))
        raise InvalidOption(f"unknown bot {spec!r} for {game.name}; known: {known}")
    return factory(game, params, seed)
