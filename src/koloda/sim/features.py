"""Per-game facts recorded for each simulated game, and their summaries.

Each game may register a :class:`GameFeatures`: ``extract(final_state)`` returns a small
JSON-ready dict stored with the game's outcome (say, each seat's faction in Gwent, or the cards
revealed in a duel); ``summarize(outcomes)`` turns the stored dicts of a whole run into tables
(faction against faction, each card's effect on its holder, …). The simulator only stores and
passes these dicts along; what they mean is the game's business, kept in
:mod:`koloda.sim.game_features`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from koloda.engine import GameState

if TYPE_CHECKING:
    from koloda.sim.runner import GameOutcome


@dataclass(frozen=True)
class GameFeatures:
    """How to record and summarize one game's own facts."""

    extract: Callable[[GameState], dict[str, Any]]
    summarize: Callable[[Sequence[GameOutcome], int], dict[str, Any]]


_FEATURES: dict[str, GameFeatures] = {}


def register_features(game: str, features: GameFeatures) -> None:
    """Register the per-game facts of ``game``."""
    _FEATURES[game] = features


def _load() -> None:
    import koloda.sim.game_features  # noqa: F401  (registers the built-in games' features)


def extract_features(game: str, state: GameState) -> dict[str, Any]:
    """The facts of a finished game (empty when the game registers none)."""
    _load()
    features = _FEATURES.get(game)
    if features is None:
        return {}
    try:
        return features.extract(state)
    except (AttributeError, KeyError, TypeError, ValueError):
        # A game whose state shape changed: its facts are left out rather than failing a run.
        return {}


def summarize_features(
    game: str, outcomes: Sequence[GameOutcome], players: int
) -> dict[str, Any]:
    """The game's own summary tables for a run (empty when the game registers none)."""
    _load()
    features = _FEATURES.get(game)
    if features is None or not any(o.features for o in outcomes):
        return {}
    return features.summarize([o for o in outcomes if o.features], players)
