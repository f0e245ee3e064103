"""A tiny simultaneous game for testing the kernel: each seat is dealt three distinct cards of
1..6, hidden, and plays one per trick at the same time; the highest card alone takes the trick."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from koloda.engine import (
    EVERYONE,
    Action,
    ActionSyntaxError,
    Audience,
    Event,
    GameSpec,
    GameState,
    InvalidData,
    Result,
    Rng,
    View,
    option,
    register,
)


@dataclass(frozen=True)
class ToyOptions:
    tricks: int = option(3, minimum=1, maximum=3, en="Tricks", ru="Взятки")


@dataclass(frozen=True, order=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class ToyDealt(Event):
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class ToyTrick(Event):
    cards: tuple[int, ...]
    winner: int | None


@dataclass(kw_only=True)
class ToyState(GameState):
    options: ToyOptions
    hands: list[list[int]] = field(default_factory=list)
    committed: dict[int, int] = field(default_factory=dict)
    taken: list[int] = field(default_factory=list)
    trick: int = 0

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        rng = Rng.from_seed(seed)
        hands = [rng.shuffled([1, 2, 3, 4, 5, 6])[:3] for _ in range(players)]
        s = cls(options=options, players=players, seed=seed, rng=rng, hands=hands,
                taken=[0] * players)
        for i, h in enumerate(hands):
            s.events.append(ToyDealt(i, tuple(h), to=Audience.only(i)))
        return s

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise InvalidData("setup needs 'hands', one list per seat")
        return cls(options=options, players=players, seed=seed, rng=Rng.from_seed(seed),
                   hands=[list(h) for h in hands], taken=[0] * players)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        verb, _, arg = text.strip().partition(" ")
        if verb != "play" or not arg.isdigit():
            raise ActionSyntaxError(f"not a toy action: {text!r}")
        return Play(int(arg))

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_terminal:
            return ()
        return tuple(i for i in range(self.players) if i not in self.committed)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [Play(c) for c in sorted(self.hands[seat])]

    def check(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, Play):
            return "only plays are allowed"
        if action.card not in self.hands[seat]:
            return f"card {action.card} is not in your hand"
        return None

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Play)
        self.committed[seat] = action.card
        self.hands[seat].remove(action.card)
        if len(self.committed) == self.players:
            cards = tuple(self.committed[i] for i in range(self.players))
            best = max(cards)
            winner = cards.index(best) if cards.count(best) == 1 else None
            if winner is not None:
                self.taken[winner] += 1
            self.events.append(ToyTrick(cards, winner, to=EVERYONE))
            self.committed = {}
            self.trick += 1

    @property
    def is_terminal(self) -> bool:
        return self.trick >= self.options.tricks

    def result(self) -> Result | None:
        return Result(scores=tuple(float(t) for t in self.taken)) if self.is_terminal else None

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {
            **View(game="toy", seat=seat, phase="over" if self.is_terminal else "trick",
                   to_act=list(self.to_act), decided=sorted(self.committed)),
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "taken": list(self.taken),
            "trick": self.trick,
            "log": [e.to_json() for e in self.log(seat)],
        }

    def resample(self, seat: int, rng: Rng) -> Self:
        s = self.clone()
        s.rng = rng.spawn()
        played: dict[int, set[int]] = {o: set() for o in range(self.players)}
        for e in self.events:
            if isinstance(e, ToyTrick):
                for o, c in enumerate(e.cards):
                    played[o].add(c)
        for o in range(self.players):
            if o == seat:
                continue
            unknown = len(self.hands[o]) + (1 if o in self.committed else 0)
            pool = rng.shuffled([c for c in range(1, 7) if c not in played[o]])[:unknown]
            if o in self.committed:
                s.committed[o] = pool.pop()
            s.hands[o] = pool
        return s

    def all_cards(self) -> list[str] | None:
        return None


TOY = register(GameSpec(
    name="toy", title_en="Toy", title_ru="Игрушка", summary_en="", summary_ru="",
    min_players=2, max_players=4, default_players=2, simultaneous=True, chance=True,
    hidden_information=True, options_type=ToyOptions, state_type=ToyState,
))
