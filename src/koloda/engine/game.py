"""Game specs and the registry: each game declares its facts once and registers by name.

>>> game = load_game("duel", rounds_to_win=3)
>>> game.options.rounds_to_win
3
>>> state = game.new(seed=1)
>>> state.to_act
(0, 1)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from koloda.engine.codec import encode
from koloda.engine.errors import InvalidOption, UnknownGame, say, say_count
from koloda.engine.events import Event, fast_inits
from koloda.engine.options import OptionInfo, build_options, describe_options
from koloda.engine.state import Action, GameState

#: The package whose subpackages are the games that ship with Koloda: each is imported on the
#: registry's first use and registers its spec (a new game is a new package there, nothing more).
GAMES_PACKAGE = "koloda.games"
#: The entry-point group through which an installed distribution adds its games: each entry
#: names a module that registers a spec when imported (``coin = "koloda_coin"``).
ENTRY_POINT_GROUP = "koloda.games"


@dataclass(frozen=True)
class GameSpec:
    """The facts a game declares once."""

    name: str
    title_en: str
    title_ru: str
    summary_en: str
    summary_ru: str
    min_players: int
    max_players: int
    default_players: int
    simultaneous: bool
    chance: bool
    hidden_information: bool
    options_type: type
    state_type: type[GameState]
    #: ``describe(event, lang)``: one line of the log in words ("ru" or "en").
    describe_event: Callable[[Event, str], str] | None = None
    #: the modules that register the game's own bots (koloda.engine.bot.register_bot) when
    #: imported; :func:`koloda.bots.make_bot` imports them when a bot is asked for
    bots: tuple[str, ...] = ()
    #: The version of the rules as implemented: raised whenever a stored game could replay
    #: differently (a rule's behaviour, the deal, an action's text). Records and the server's
    #: tables store it; a record of another version is migrated by a written step
    #: (:func:`koloda.engine.record.register_migration`) or refused
    #: (:class:`koloda.engine.record.RulesChanged`). The golden transcripts
    #: (tests/golden/) fail when behaviour changes without a new version.
    rules_version: int = 1
    #: False where ``legal_actions`` lists one example of each kind of action, not every one:
    #: an open action space (the live event's operations carry times and free texts); there
    #: ``check`` alone says whether any action is legal
    lists_every_action: bool = True
    #: False for a game that is not played at a lobby's table (the live event runs through
    #: ``koloda event`` and its own pages): the play server neither lists nor creates it
    lobby: bool = True
    #: where the game comes in lists of games (menus, ``koloda games``): by this, then by name
    list_order: int = 100
    #: The game's page renderer: the JavaScript module that draws a seat's view on the play
    #: server's table page (it exports ``render(ctx)``, as the server's
    #: ``static/render/generic.js`` does), named ``"package:path"``: a file inside an
    #: importable package (``"koloda_coin:page.js"``). The server serves it at
    #: ``/games/<name>/page.js``; None: the generic renderer draws the game.
    page: str | None = None

    def describe(self, event: Event, lang: str = "en") -> str:
        """The event in words, for logs a person reads."""
        if self.describe_event is not None:
            return self.describe_event(event, lang)
        data = event.to_json()
        fields = ", ".join(f"{k}={v}" for k, v in data.items() if k not in ("kind", "to"))
        return f"{event.kind_name()}({fields})"

    @property
    def options(self) -> tuple[OptionInfo, ...]:
        return describe_options(self.options_type)

    def title(self, lang: str = "en") -> str:
        return self.title_ru if lang == "ru" else self.title_en

    def summary(self, lang: str = "en") -> str:
        return self.summary_ru if lang == "ru" else self.summary_en


@dataclass(frozen=True)
class Game:
    """A game with validated options and a player count: the factory of states."""

    spec: GameSpec
    options: Any
    players: int

    @property
    def name(self) -> str:
        return self.spec.name

    def options_json(self) -> dict[str, Any]:
        data: dict[str, Any] = encode(self.options)
        return data

    def new(self, seed: int = 0, players: int | None = None) -> GameState:
        """A new game dealt from ``seed``."""
        n = self._players(players)
        return self.spec.state_type.initial(self.options, players=n, seed=seed)

    def from_setup(
        self, setup: Mapping[str, Any], seed: int = 0, players: int | None = None
    ) -> GameState:
        """A position set up by hand (see the game's docs for the setup format)."""
        n = self._players(players)
        return self.spec.state_type.from_setup(self.options, players=n, seed=seed, setup=setup)

    def parse_action(self, text: str) -> Action:
        return self.spec.state_type.parse_action(text)

    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        return self.spec.state_type.from_json(data)

    def _players(self, players: int | None) -> int:
        n = self.players if players is None else players
        check_players(self.spec, n)
        return n


def check_players(spec: GameSpec, n: Any) -> None:
    if not isinstance(n, int) or isinstance(n, bool):
        raise InvalidOption(say("players.whole", "players must be a whole number, got {got}",
                                got=repr(n)))
    if not spec.min_players <= n <= spec.max_players:
        raise InvalidOption(say_count("players.range", "{game} is played by {low}-{n} players, "
                                      "not {got}", "{game} is played by {low}-{n} players, "
                                      "not {got}", spec.max_players, game=spec.name,
                                      low=spec.min_players, got=n))


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Register a game spec under its name (a game module does this on import)."""
    spec.state_type.GAME = spec.name
    _REGISTRY[spec.name] = spec
    fast_inits()
    return spec


_builtins_imported = False


def builtin_game_packages() -> list[str]:
    """The packages of the games that ship with Koloda: the subpackages of :data:`GAMES_PACKAGE`."""
    games = importlib.import_module(GAMES_PACKAGE)
    return sorted(f"{GAMES_PACKAGE}.{m.name}" for m in pkgutil.iter_modules(games.__path__)
                  if m.ispkg)


def _import_builtins() -> None:
    global _builtins_imported
    if _builtins_imported:
        return
    for package in builtin_game_packages():
        importlib.import_module(package)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        entry.load()
    _builtins_imported = True


def game_specs() -> list[GameSpec]:
    """Every registered game, by its ``list_order``, then by name."""
    _import_builtins()
    return sorted(_REGISTRY.values(), key=lambda s: (s.list_order, s.name))


def get_spec(name: str) -> GameSpec:
    _import_builtins()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(s.name for s in game_specs())
        raise UnknownGame(say("game.unknown", "unknown game {name}; known games: {known}",
                              name=repr(name), known=known)) from None


def load_game(name: str, *, players: int | None = None, **options: Any) -> Game:
    """The game ``name`` with ``options`` validated (unknown or invalid ones are refused)."""
    spec = get_spec(name)
    fast_inits()  # event classes of modules the game imported after it registered
    opts: Any = build_options(spec.options_type, options)
    n = spec.default_players if players is None else players
    check_players(spec, n)
    return Game(spec=spec, options=opts, players=n)
