"""A game loop without a user interface: every seat is a human (a callback) or a bot.

The loop asks the seats in :attr:`GameState.to_act` for their actions until the game is over.
A human seat is shown a :class:`SeatView` built only from ``state.observe(seat)``,
``state.log(seat)`` and ``state.legal_actions(seat)`` — never the state itself — and answers with
an :class:`~koloda.engine.Action`. A bot seat answers a :class:`~koloda.bots.Decision`.

In a simultaneous step (several seats in ``to_act``) the bots answer first, without anything
being shown, then each human in seat order; ``to_act`` is read again after every action, since an
action may change who must act next.

>>> from koloda.bots import make_bot
>>> from koloda.engine import load_game
>>> game = load_game("duel")
>>> table = Table.start(game, [BotSeat(make_bot("bot:random", game, seed=1)),
...                            BotSeat(make_bot("bot:random", game, seed=2))], seed=7)
>>> table.run().scores in [(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from koloda.bots import Bot, decision_for
from koloda.engine import Action, Event, Game, GameState, IllegalAction, Result, Words


class GameAbandoned(Exception):
    """A human left the game before its end (``quit``, or the input ended)."""


@dataclass(frozen=True)
class SeatView:
    """Everything a human seat is shown when it must decide.

    ``log`` is the seat's own log (``state.log(seat)``); ``new_from`` is the index in it of the
    first event this seat has not been shown yet. ``refused`` says why the previous answer of this
    seat was refused (None on a first ask): :class:`~koloda.engine.Words` when the game gave them
    (``koloda.action_words.refusal_text`` reads them in any language), else English.
    """

    seat: int
    players: int
    observation: dict[str, Any]
    log: tuple[Event, ...]
    new_from: int
    legal: tuple[Action, ...]
    to_act: tuple[int, ...]
    refused: str | Words | None
    parse: Callable[[str], Action]

    @property
    def new_events(self) -> tuple[Event, ...]:
        """The events of the seat's log that it has not been shown yet."""
        return self.log[self.new_from:]


AskHuman = Callable[[SeatView], Action]
"""Shows a view to a person and returns their action; raises GameAbandoned to leave."""


@dataclass
class HumanSeat:
    """A seat played by a person through ``ask``."""

    ask: AskHuman
    label: str = "human"

    @property
    def is_human(self) -> bool:
        return True


@dataclass
class BotSeat:
    """A seat played by a bot (see :func:`koloda.bots.make_bot`)."""

    bot: Bot
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            self.label = f"bot:{self.bot.name}"

    @property
    def is_human(self) -> bool:
        return False


Seat = HumanSeat | BotSeat


@dataclass
class Table:
    """A game in progress with a seat at each place.

    ``on_handover(seat)`` is called before a human seat decides when the device must pass from
    another human (hot-seat play: two or more human seats); ``on_action(seat, action)`` after
    every accepted action.
    """

    game: Game
    state: GameState
    seats: list[Seat]
    on_handover: Callable[[int], None] | None = None
    on_action: Callable[[int, Action], None] | None = None
    #: Per seat, how many events of its log it has been shown.
    _shown: dict[int, int] = field(default_factory=dict, init=False, repr=False)
    #: The human seat that decided last (hot-seat: who holds the device).
    _last_human: int | None = field(default=None, init=False, repr=False)

    @classmethod
    def start(
        cls,
        game: Game,
        seats: Sequence[Seat],
        *,
        seed: int = 0,
        on_handover: Callable[[int], None] | None = None,
        on_action: Callable[[int, Action], None] | None = None,
    ) -> Table:
        """A new game of ``game`` dealt from ``seed``, one seat per player."""
        state = game.new(seed=seed, players=len(seats))
        return cls(game=game, state=state, seats=list(seats), on_handover=on_handover,
                   on_action=on_action)

    def __post_init__(self) -> None:
        if len(self.seats) != self.state.players:
            raise ValueError(f"{len(self.seats)} seats for {self.state.players} players")

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.is_human)

    @property
    def hot_seat(self) -> bool:
        """Whether several people share the device."""
        return len(self.humans) > 1

    def next_seat(self) -> int | None:
        """The seat asked next: bots before humans, then by seat number; None at the end."""
        to_act = self.state.to_act
        if not to_act:
            return None
        bots = [s for s in to_act if not self.seats[s].is_human]
        return bots[0] if bots else to_act[0]

    def view(self, seat: int, refused: str | Words | None = None) -> SeatView:
        """What ``seat`` is shown now (by inclusion: observation, own log, legal actions)."""
        state = self.state
        log = tuple(state.log(seat))
        return SeatView(
            seat=seat,
            players=state.players,
            observation=state.observe(seat),
            log=log,
            new_from=min(self._shown.get(seat, 0), len(log)),
            legal=tuple(state.legal_actions(seat)),
            to_act=state.to_act,
            refused=refused,
            parse=state.parse_action,
        )

    def step(self) -> bool:
        """Ask the next seat and apply its action; False when the game is over."""
        seat = self.next_seat()
        if seat is None:
            return False
        player = self.seats[seat]
        if isinstance(player, BotSeat):
            action = player.bot.act(decision_for(self.state, seat))
            self.state.apply(seat, action)
        else:
            if self.hot_seat and self._last_human != seat and self.on_handover is not None:
                self.on_handover(seat)
            self._last_human = seat
            action = self._ask_human(player, seat)
        if self.on_action is not None:
            self.on_action(seat, action)
        return True

    def _ask_human(self, player: HumanSeat, seat: int) -> Action:
        refused: str | Words | None = None
        while True:
            view = self.view(seat, refused)
            action = player.ask(view)
            self._shown[seat] = len(view.log)
            try:
                self.state.apply(seat, action)
            except IllegalAction as e:
                refused = e.words if e.words is not None else e.reason
                continue
            return action

    def run(self) -> Result:
        """Play to the end; returns the result."""
        while self.step():
            pass
        result = self.state.result()
        assert result is not None
        return result
