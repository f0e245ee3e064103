"""Game records: game, options, players, seed, an optional hand-made setup and the actions.

Replaying a record reproduces the final state exactly (tests compare ``to_json``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from koloda.engine.codec import decode, encode
from koloda.engine.errors import InvalidData
from koloda.engine.game import Game, get_spec, load_game
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
    #: The rules version it was played under (``GameSpec.rules_version``); None in records
    #: made before rules had versions: version 1.
    rules_version: int | None = None

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
        rules_version=game.spec.rules_version,
    )


class RulesChanged(InvalidData):
    """A record played under another rules version than the installed one, with no written
    migration step between them: replaying it could silently play another game."""

    def __init__(self, game: str, recorded: int, current: int) -> None:
        super().__init__(
            f"this {game} game was played under rules version {recorded}; the installed "
            f"rules are version {current} and no migration step leads from one to the other"
        )
        self.game, self.recorded, self.current = game, recorded, current


#: ``step(record) -> record`` for (game, from version): the record rewritten for the next
#: version (its actions one for one, so stored positions keep their numbers).
Migration = Callable[[GameRecord], GameRecord]
_MIGRATIONS: dict[tuple[str, int], Migration] = {}


def register_migration(game: str, from_version: int, step: Migration) -> None:
    """Register the written step that brings ``game``'s records from ``from_version`` to
    ``from_version + 1``."""
    _MIGRATIONS[(game, from_version)] = step


def migrate(record: GameRecord) -> GameRecord:
    """``record`` brought to the installed rules version by the registered steps; raises
    :class:`RulesChanged` when a step is missing (or the record is from newer rules)."""
    current = get_spec(record.game).rules_version
    version = 1 if record.rules_version is None else record.rules_version
    out = record
    while version < current:
        step = _MIGRATIONS.get((record.game, version))
        if step is None:
            break
        out = step(out)
        if len(out.actions) != len(record.actions):
            raise InvalidData(f"the {record.game} migration step from rules version "
                              f"{version} changed the number of actions")
        version += 1
        out = GameRecord(game=out.game, options=out.options, players=out.players,
                         seed=out.seed, setup=out.setup, actions=out.actions,
                         rules_version=version)
    if version != current:
        recorded = 1 if record.rules_version is None else record.rules_version
        raise RulesChanged(record.game, recorded, current)
    return out


def replay(record: GameRecord, *, any_rules: bool = False) -> GameState:
    """Play the record's actions through the checked path; returns the final state.

    Raises IllegalAction (with the action's index in the message) if one is refused, and
    :class:`RulesChanged` if the record was played under another rules version (migrate it
    first; ``any_rules`` replays it under the installed rules anyway, to show it read-only).
    """
    if not any_rules:
        current = get_spec(record.game).rules_version
        recorded = 1 if record.rules_version is None else record.rules_version
        if recorded != current:
            raise RulesChanged(record.game, recorded, current)
    state = record.start()
    for i, (seat, text) in enumerate(record.actions):
        try:
            state.apply_text(seat, text)
        except InvalidData:
            raise
        except Exception as e:
            where = f"action #{i + 1} ({seat}: {text})"
            try:
                again = type(e)(f"{where}: {e}")
            except Exception:  # an error made from other arguments: the same, with a note
                e.add_note(where)
                raise e from None
            raise again from e
    return state
