"""A tiny sequential game for testing search bots: a pile of stones, each seat in turn takes 1-3,
whoever takes the last stone wins. Perfect information, so the best move is known: leave a
multiple of 4."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from koloda.engine import (
    EVERYONE,
    Action,
    ActionSyntaxError,
    Event,
    GameSpec,
    GameState,
    Result,
    Rng,
    View,
    option,
    register,
)


@dataclass(frozen=True)
class NimOptions:
    stones: int = option(7, minimum=1, maximum=50, en="Stones", ru="Камни")


@dataclass(frozen=True, order=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class NimTaken(Event):
    seat: int
    n: int


@dataclass(kw_only=True)
class NimState(GameState):
    options: NimOptions
    pile: int = 0
    turn: int = 0
    last: int = -1

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        return cls(options=options, players=players, seed=seed, rng=Rng.from_seed(seed),
                   pile=options.stones)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        verb, _, arg = text.strip().partition(" ")
        if verb != "take" or not arg.isdigit():
            raise ActionSyntaxError(f"not a nim action: {text!r}")
        return Take(int(arg))

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_terminal else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [Take(n) for n in range(1, min(3, self.pile) + 1)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.n
        self.last = seat
        self.turn = (self.turn + 1) % self.players
        self.events.append(NimTaken(seat, action.n, to=EVERYONE))

    @property
    def is_terminal(self) -> bool:
        return self.pile <= 0

    def result(self) -> Result | None:
        if not self.is_terminal:
            return None
        return Result(scores=tuple(1.0 if i == self.last else -1.0 for i in range(self.players)))

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {**View(game="nim", seat=seat, phase="over" if self.is_terminal else "take",
                       to_act=list(self.to_act), decided=[]),
                "pile": self.pile, "turn": self.turn}

    def resample(self, seat: int, rng: Rng) -> Self:
        s = self.clone()
        s.rng = rng.spawn()
        return s


NIM = register(GameSpec(
    name="nim", title_en="Nim", title_ru="Ним", summary_en="", summary_ru="",
    min_players=2, max_players=3, default_players=2, simultaneous=False, chance=False,
    hidden_information=False, options_type=NimOptions, state_type=NimState,
))
