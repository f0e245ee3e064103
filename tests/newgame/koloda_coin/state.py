"""Coin's options, actions, events and state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self

from koloda.engine import (
    EVERYONE,
    Action,
    ActionSyntaxError,
    Audience,
    Event,
    GameState,
    Result,
    Rng,
    View,
    option,
    simultaneous,
)

SIDES = ("heads", "tails")
SEATS = (0, 1)


@dataclass(frozen=True)
class CoinOptions:
    rounds_to_win: int = option(5, minimum=1, maximum=9, en="Rounds to win",
                                ru="Раундов для победы")


@dataclass(frozen=True, order=True)
class Lay(Action):
    side: str

    def __str__(self) -> str:
        return f"lay {self.side}"


@dataclass(frozen=True)
class CoinLaid(Event):
    """A seat laid its coin face down (the others see that it did, not which side)."""

    seat: int
    side: str


@dataclass(frozen=True)
class RoundEnded(Event):
    """Both coins shown; ``winner`` takes the round (the duel has a kind of this name too)."""

    sides: tuple[str, ...]
    winner: int


def describe(event: Event, lang: str = "en") -> str:
    if isinstance(event, RoundEnded):
        if lang == "ru":
            return f"Монеты: {', '.join(event.sides)}; раунд за игроком {event.winner + 1}"
        return f"Coins: {', '.join(event.sides)}; player {event.winner + 1} takes the round"
    if isinstance(event, CoinLaid):
        return (f"Игрок {event.seat + 1} кладёт монету" if lang == "ru"
                else f"Player {event.seat + 1} lays a coin")
    return event.kind_name()


@dataclass(kw_only=True)
class CoinState(GameState):
    options: CoinOptions
    laid: dict[int, str] = field(default_factory=dict)
    won: list[int] = field(default_factory=lambda: [0, 0])

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        return cls(options=options, players=players, seed=seed, rng=Rng.from_seed(seed))

    @classmethod
    def parse_action(cls, text: str) -> Action:
        verb, _, side = text.strip().partition(" ")
        if verb != "lay" or side not in SIDES:
            raise ActionSyntaxError(f"not a coin action: {text!r} (lay heads, lay tails)")
        return Lay(side)

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_terminal:
            return ()
        # both seats lay a coin at once: the kernel's simultaneous step over ``laid``
        return simultaneous.to_act(SEATS, self.laid)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Lay(side) for side in SIDES] if seat in self.to_act else []

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Lay)
        self.laid[seat] = action.side
        self.events.append(CoinLaid(seat, action.side, to=Audience.only(seat)))
        if simultaneous.complete(SEATS, self.laid):
            sides = (self.laid[0], self.laid[1])
            winner = 0 if sides[0] == sides[1] else 1
            self.won[winner] += 1
            self.laid = {}
            self.events.append(RoundEnded(sides, winner, to=EVERYONE))

    @property
    def is_terminal(self) -> bool:
        return max(self.won) >= self.options.rounds_to_win

    def result(self) -> Result | None:
        if not self.is_terminal:
            return None
        winner = self.won.index(max(self.won))
        return Result(scores=tuple(1.0 if s == winner else -1.0 for s in range(self.players)),
                      summary=f"Player {winner + 1} wins", summary_ru=f"Победил игрок {winner + 1}")

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {
            **View(game="coin", seat=seat, phase="over" if self.is_terminal else "lay",
                   to_act=list(self.to_act), decided=simultaneous.decided_seats(self.laid)),
            "mine": self.laid.get(seat) if seat is not None else None,
            "won": list(self.won),
        }

    def resample(self, seat: int, rng: Rng) -> Self:
        sample = self.clone()
        sample.rng = rng.spawn()
        for other in sorted(sample.laid):
            if other == seat:
                continue
            side = SIDES[rng.randbelow(2)]  # the coin ``seat`` has not seen, laid anew
            sample.laid[other] = side
            last = max(i for i, e in enumerate(sample.events)
                       if isinstance(e, CoinLaid) and e.seat == other)
            sample.events[last] = CoinLaid(other, side, to=sample.events[last].to)
        return sample
