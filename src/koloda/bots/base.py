"""The bot registry by name: ``make_bot("bot:random", game)``.

The interface a bot implements (:class:`Decision`, :class:`Bot`, :func:`register_bot`) belongs
to the kernel (:mod:`koloda.engine.bot`) and is re-exported here. The bots for any game (random,
ISMCTS) are this package's; a game's own bots are in the game's package, which names the
modules that register them in its spec (``GameSpec.bots``): nothing here names a game.

>>> from koloda.engine import load_game
>>> game = load_game("duel")
>>> state = game.new(seed=3)
>>> bot = make_bot("bot:random", game, seed=1)
>>> seat = state.to_act[0]
>>> bot.act(decision_for(state, seat)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from typing import Any

from koloda.engine import Game, InvalidOption, get_spec, say
from koloda.engine.bot import (
    Bot,
    BotFactory,
    BotParameter,
    Decision,
    ModelRedraw,
    bot_factory,
    bot_needs,
    bot_parameters,
    decision_for,
    parse_bot_spec,
    register_bot,
    register_model_redraw,
    registered_bots,
    registered_model_redraw,
)

__all__ = [
    "GENERIC_BOT_MODULES",
    "Bot",
    "BotFactory",
    "BotParameter",
    "Decision",
    "ModelRedraw",
    "bot_descriptions",
    "bot_names",
    "decision_for",
    "make_bot",
    "model_redraw",
    "named_bot",
    "offered_bots",
    "register_bot",
    "register_model_redraw",
]

#: The modules of the bots that play any game (each registers its bots when imported).
GENERIC_BOT_MODULES = ("koloda.bots.random", "koloda.bots.ismcts")


def _import_bot_modules(game: str) -> None:
    for module in (*GENERIC_BOT_MODULES, *get_spec(game).bots):
        importlib.import_module(module)


def model_redraw(game: str) -> ModelRedraw | None:
    """The redraw of hidden past choices ``game`` registered, if any."""
    _import_bot_modules(game)
    return registered_model_redraw(game)


def bot_names(game: str) -> list[str]:
    """The bot kinds available for ``game``."""
    _import_bot_modules(game)
    return registered_bots(game)


def offered_bots(game: str) -> list[str]:
    """The bot kinds of ``game`` that this install can make: those whose optional modules
    (``register_bot(needs=…)``) are installed; what menus offer. (A kind left out is still
    known: asked for by name, it says which extra to install.)"""
    return [kind for kind in bot_names(game) if all(_installed(m) for m in bot_needs(kind, game))]


@functools.cache  # (what is installed does not change while the server runs; asked per lobby)
def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # (an import hook that refuses it: not installed here)
        return False


def bot_descriptions(game: str) -> list[dict[str, object]]:
    """Every bot of ``game`` this install can make (:func:`offered_bots`) with its named
    parameters, JSON-ready (for menus and pages)."""
    return [{"kind": kind, "spec": f"bot:{kind}",
             "parameters": [p.to_json() for p in bot_parameters(kind, game)]}
            for kind in offered_bots(game)]


def named_bot(spec: str, game: str) -> dict[str, Any]:
    """``spec`` (any spelling :func:`koloda.engine.bot.parse_bot_spec` reads) as its kind and
    its named parameters, ``{"kind": "ismcts", "params": {"budget": "1s"}, "spec":
    "bot:ismcts:budget=1s"}`` (the parameters given only; ``spec`` in the named spelling), so a
    page names a bot in words without splitting the text. Raises InvalidOption like the
    parser.

    >>> named_bot("bot:ismcts:1s:::heuristic", "duel")["params"]
    {'budget': '1s', 'opponents': 'heuristic'}
    """
    _import_bot_modules(game)
    kind, values = parse_bot_spec(spec, game)
    declared = bot_parameters(kind, game)
    params = {p.name: v for p, v in zip(declared, values, strict=False) if v != ""}
    extra = values[len(declared):]
    named = "".join(f":{k}={v}" for k, v in params.items()) + "".join(f":{v}" for v in extra)
    return {"kind": kind, "params": params, "spec": f"bot:{kind}{named}"}


def make_bot(spec: str, game: Game, *, seed: int = 0) -> Bot:
    """A bot from its name and parameters: ``bot:random``, ``bot:heuristic``,
    ``bot:ismcts:2000`` or ``bot:ismcts:budget=2000:playout=heuristic``, … (one parser,
    :func:`koloda.engine.bot.parse_bot_spec`).

    Unknown names and parameters raise InvalidOption listing what exists for the game.
    """
    _import_bot_modules(game.name)
    kind, params = parse_bot_spec(spec, game.name)
    factory = bot_factory(kind, game.name)
    if factory is None:
        known = ", ".join(f"bot:{k}" for k in bot_names(game.name))
        raise InvalidOption(say("bot.unknown", "unknown bot {bot} for {game}; known: {known}",
                                bot=repr(spec), game=game.name, known=known))
    return factory(game, params, seed)
