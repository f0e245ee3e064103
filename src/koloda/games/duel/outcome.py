"""What a finished duel hands back to the event layer (issuing cards, rest, wounds, trading)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DuelOutcome:
    """The end of a duel, in catalogue keys.

    ``winner``: the seat that won, None for a draw; ``reason``: ``won``, ``out_of_cards`` or
    ``agreement``; ``killed``: the seat on whom a declared kill succeeded (the loser, when the
    winner declared a kill with a «наносит тяжелые раны» card), else None; ``swap``: the keys
    (taken from the loser, given by the winner) or None; ``decks`` and ``discards``: each seat's
    deck («колода») and discard («сброс») after the duel, sorted by card id.

    The same in card ids (``a01…``, which copy went where, so that an event that gave the duel
    its serialised cards can map them back): ``swap_ids`` (taken from the loser, given by the
    winner) or None; ``deck_ids`` and ``discard_ids`` per seat, sorted, in the order of
    ``decks`` and ``discards``.
    """

    winner: int | None
    reason: str
    killed: int | None
    swap: tuple[str, str] | None
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    discards: tuple[tuple[str, ...], tuple[str, ...]]
    swap_ids: tuple[str, str] | None = None
    deck_ids: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    discard_ids: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    @property
    def kill(self) -> bool:
        """Whether a kill attempt succeeded."""
        return self.killed is not None
