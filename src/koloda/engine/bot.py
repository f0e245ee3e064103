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


def register_bot(kind: str, factory: BotFactory, *, game: str | None = None) -> None:
    """Register ``bot:KIND`` for one game, or for every game when ``game`` is None."""
    _FACTORIES[(kind, game)] = factory


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
