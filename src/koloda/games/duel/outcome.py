"""The end of a duel: its :class:`~koloda.engine.Result` (scores and words), and what it hands
back to the event layer (issuing cards, rest, wounds, trading)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from koloda.engine import Result, say
from koloda.games.duel.model import EndReason, Phase
from koloda.games.duel.words import seat_term

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

_DRAW_WORDS = {
    EndReason.OUT_OF_CARDS: ("both are out of cards", "у обоих закончились карты"),
    EndReason.AGREEMENT: ("ended by agreement", "по обоюдному согласию"),
    EndReason.WON: ("", ""),
}
_DRAW_KEYS = {EndReason.OUT_OF_CARDS: "duel.out_of_cards", EndReason.AGREEMENT: "duel.agreed",
              EndReason.WON: "duel.won"}


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


def result_of(state: DuelState) -> Result | None:
    """The scores and the words of a finished duel (None before the end): ``words`` for any
    language (keys ``duel.won``, ``duel.won_wounded``, ``duel.draw``), ``summary`` and
    ``summary_ru`` as before."""
    if state.phase != Phase.OVER:
        return None
    if state.winner is None:
        assert state.end_reason is not None
        en, ru = _DRAW_WORDS[state.end_reason]
        key = _DRAW_KEYS[state.end_reason]
        return Result(scores=(0.0, 0.0), summary=f"a draw: {en}", summary_ru=f"ничья: {ru}",
                      words=say("duel.draw", "a draw: {why}", why=say(key, en)))
    scores = (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)
    w, loser = state.winner + 1, 2 - state.winner
    text, text_ru = f"Player {w} wins the duel", f"Игрок {w} побеждает в дуэли"
    winner_term, loser_term = seat_term(state.winner), seat_term(1 - state.winner)
    if state.kills[state.winner]:
        text += f"; Player {loser} is gravely wounded"
        text_ru += f"; Игрок {loser} тяжело ранен"
        words = say("duel.won_wounded", "{winner} wins the duel; {loser} is gravely wounded",
                    winner=winner_term, loser=loser_term)
    else:
        words = say("duel.won", "{winner} wins the duel", winner=winner_term)
    return Result(scores=scores, summary=text, summary_ru=text_ru, words=words)


def outcome_of(state: DuelState) -> DuelOutcome | None:
    """Where every card ended up, for the event layer; None before the end."""
    if state.phase != Phase.OVER or state.end_reason is None:
        return None
    keys = state.keys
    killed = state.loser if state.winner is not None and state.kills[state.winner] else None
    swap = None
    if state.swapped is not None:
        swap = (keys[state.swapped[0]], keys[state.swapped[1]])
    decks, discards = state.decks, state.discards
    return DuelOutcome(
        winner=state.winner,
        reason=state.end_reason.value,
        killed=killed,
        swap=swap,
        decks=(tuple(keys[c] for c in decks[0]), tuple(keys[c] for c in decks[1])),
        discards=(tuple(keys[c] for c in discards[0]), tuple(keys[c] for c in discards[1])),
        swap_ids=None if state.swapped is None else (state.swapped[0], state.swapped[1]),
        deck_ids=(tuple(decks[0]), tuple(decks[1])),
        discard_ids=(tuple(discards[0]), tuple(discards[1])),
    )
