"""The rules kernel shared by every game: specs and registry, state protocol, actions, seeded
chance, events with visibility, serialization, records, replay and scenarios.

The kernel and the games do no I/O of their own except :mod:`koloda.engine.scenario`'s file
loader (and the registry's import of the installed games), use no clock and no global
randomness, and import nothing above them.
"""

from koloda.engine import simultaneous
from koloda.engine.codec import decode, encode
from koloda.engine.errors import (
    ActionSyntaxError,
    IllegalAction,
    InvalidData,
    InvalidOption,
    KolodaError,
    Term,
    UnknownGame,
    Words,
    say,
    say_count,
)
from koloda.engine.events import EVERYONE, NOBODY, Audience, Event
from koloda.engine.game import Game, GameSpec, game_specs, get_spec, load_game, register
from koloda.engine.options import build_options, describe_options, option, parse_option_text
from koloda.engine.record import GameRecord, record_of, replay
from koloda.engine.rng import Rng
from koloda.engine.state import Action, GameState, Result
from koloda.engine.view import View, envelope

__all__ = [
    "EVERYONE",
    "NOBODY",
    "Action",
    "ActionSyntaxError",
    "Audience",
    "Event",
    "Game",
    "GameRecord",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "InvalidData",
    "InvalidOption",
    "KolodaError",
    "Result",
    "Rng",
    "Term",
    "UnknownGame",
    "View",
    "Words",
    "build_options",
    "decode",
    "describe_options",
    "encode",
    "envelope",
    "game_specs",
    "get_spec",
    "load_game",
    "option",
    "parse_option_text",
    "record_of",
    "register",
    "replay",
    "say",
    "say_count",
    "simultaneous",
]
