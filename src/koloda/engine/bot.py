"""The interface a bot implements, and the registry the games declare their bots into.

A bot plays one seat. It receives a :class:`Decision` (the seat's observation, its legal actions
and a way to draw full states consistent with what the seat knows), never the true state, and
answers one of the legal actions. A game's own bots live in the game's package and register
here with :func:`register_bot`; the game names the modules that do so in its spec
(``GameSpec.bots``), and :func:`koloda.bots.make_bot` imports them when a bot is asked for.
Nothing here imports a game or a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from koloda.engine.errors import InvalidOption, say
from koloda.engine.rng import Rng
from koloda.engine.state import Action, GameState

if TYPE_CHECKING:
    from koloda.engine.game import Game


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


BotFactory = Callable[["Game", list[str], int], Bot]
"""Builds a bot for a game from the parameters after its name (``ismcts:2000`` → ["2000"])."""

_FACTORIES: dict[tuple[str, str | None], BotFactory] = {}


@dataclass(frozen=True)
class BotParameter:
    """A named parameter of a bot: ``bot:KIND:NAME=VALUE``, or the value alone in its place
    (``bot:ismcts:2000:0.7`` is ``bot:ismcts:budget=2000:exploration=0.7``); a parameter left
    out, or given empty, takes its default (``default`` says it in words)."""

    name: str
    en: str
    ru: str
    default: str = ""

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "en": self.en, "ru": self.ru, "default": self.default}


_PARAMETERS: dict[tuple[str, str | None], tuple[BotParameter, ...]] = {}


def register_bot(kind: str, factory: BotFactory, *, game: str | None = None,
                 parameters: tuple[BotParameter, ...] = ()) -> None:
    """Register ``bot:KIND`` for one game, or for every game when ``game`` is None, with its
    parameters in the order the factory reads them."""
    _FACTORIES[(kind, game)] = factory
    _PARAMETERS[(kind, game)] = parameters


def bot_parameters(kind: str, game: str) -> tuple[BotParameter, ...]:
    """The parameters of ``bot:KIND`` in ``game`` (the game's own bot first)."""
    if (kind, game) in _FACTORIES:
        return _PARAMETERS.get((kind, game), ())
    return _PARAMETERS.get((kind, None), ())


def parse_bot_spec(spec: str, game: str) -> tuple[str, list[str]]:
    """``bot:KIND:P1:P2…`` as the bot's kind and its parameters in the order its factory reads
    them: ``NAME=VALUE`` parts put in their parameter's place, parts without a name taken in
    order (the old spellings), gaps left empty (the default), trailing empty ones dropped.

    >>> parse_bot_spec("bot:random", "duel")
    ('random', [])
    """
    kind, *parts = spec.removeprefix("bot:").split(":")
    declared = bot_parameters(kind, game)
    index = {p.name: i for i, p in enumerate(declared)}
    values: list[str] = []
    named: set[str] = set()
    for part in parts:
        name, eq, value = part.partition("=")
        if not eq:
            if named:
                raise InvalidOption(say("bot.unnamed_after_named", "{bot}: {part} has no name "
                                        "but follows a named parameter (write {form})",
                                        bot=f"bot:{kind}", part=repr(part), form="NAME=VALUE"))
            values.append(part)
            continue
        name = name.strip().lower()
        if name not in index:
            raise InvalidOption(say("bot.no_parameter", "{bot} has no parameter {name} (its "
                                    "parameters: {known})", bot=f"bot:{kind}", name=repr(name),
                                    known=", ".join(p.name for p in declared)) if declared else
                                say("bot.no_parameters", "{bot} has no parameter {name} (its "
                                    "parameters: none)", bot=f"bot:{kind}", name=repr(name)))
        i = index[name]
        if name in named or (i < len(values) and values[i] != ""):
            raise InvalidOption(say("bot.twice", "{bot}: {name} is given twice",
                                    bot=f"bot:{kind}", name=name))
        named.add(name)
        values.extend([""] * (i + 1 - len(values)))
        values[i] = value
    while values and values[-1] == "":
        values.pop()
    return kind, values


def bot_factory(kind: str, game: str) -> BotFactory | None:
    """The factory registered for ``bot:KIND`` in ``game`` (the game's own first), if any."""
    return _FACTORIES.get((kind, game)) or _FACTORIES.get((kind, None))


def registered_bots(game: str) -> list[str]:
    """The bot kinds registered so far for ``game`` (its own and every game's)."""
    return sorted({k for (k, g) in _FACTORIES if g in (None, game)})


#: A game's redraw of the other seats' hidden past choices in a determinization, as a sensible
#: player would have made them: ``redraw(sample, seat, rng)`` changes the sample in place,
#: within what ``seat`` cannot see. Search bots with an opponent model use it (docs/bots.md).
#: (The sample is the game's own state class.)
ModelRedraw = Callable[[Any, int, Rng], None]
_REDRAWS: dict[str, ModelRedraw] = {}


def register_model_redraw(game: str, redraw: ModelRedraw) -> None:
    """Register ``game``'s redraw of hidden past choices for opponent models."""
    _REDRAWS[game] = redraw


def registered_model_redraw(game: str) -> ModelRedraw | None:
    """The redraw ``game`` registered so far, if any."""
    return _REDRAWS.get(game)
