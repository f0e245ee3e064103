"""Game records: game, options, players, seed, an optional hand-made setup and the actions.

Replaying a record reproduces the final state exactly (tests compare ``to_json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from koloda.engine.codec import decode, encode
from koloda.engine.errors import InvalidData
from koloda.engine.game import Game, load_game
from koloda.engine.state import GameState


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to reproduce a game."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    players: int = 2
    seed: int = 0
    setup: dict[str, Any] | None = None
    actions: tuple[tuple[int, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = encode(self)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> GameRecord:
        record = decode(GameRecord, dict(data), "record")
        assert isinstance(record, GameRecord)
        return record

    def load(self) -> Game:
        return load_game(self.game, players=self.players, **self.options)

    def start(self) -> GameState:
        """The state before the first action."""
        game = self.load()
        if self.setup is not None:
            return game.from_setup(self.setup, seed=self.seed)
        return game.new(seed=self.seed)


def record_of(
    game: Game, state: GameState, *, setup: Mapping[str, Any] | None = None
) -> GameRecord:
    """The record of ``state`` (a game started by ``game.new`` or ``game.from_setup``)."""
    return GameRecord(
        game=game.name,
        options=game.options_json(),
        players=state.players,
        seed=state.seed,
        setup=dict(setup) if setup is not None else None,
        actions=tuple(state.history),
    )


def replay(record: GameRecord) -> GameState:
    """Play the record's actions through the checked path; returns the final state.

    Raises IllegalAction (with the action's index in the message) if one is refused.
    """
    state = record.start()
    for i, (seat, text) in enumerate(record.actions):
        try:
            state.apply_text(seat, text)
        except InvalidData:
            raise
        except Exception as e:
            raise type(e)(f"action #{i + 1} ({seat}: {text}): {e}") from e
    return state
