"""Why a duel action is refused: the checked path's reasons, in words, without listing the
legal actions (:meth:`DuelState.check <koloda.games.duel.state.DuelState.check>` and
:meth:`~koloda.games.duel.state.DuelState.idle_reason` call these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Action
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.model import Phase

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState


def idle_reason(state: DuelState, seat: int) -> str | None:
    """Why ``seat`` (not in ``to_act``, the duel not over) does not act now."""
    other = 1 - seat
    if state.phase == Phase.CHOOSE_HAND:
        return f"you have already chosen your hand; seat {other} is choosing"
    if state.phase == Phase.SWAP:
        return f"the winner (seat {other}) decides the swap"
    if state.offer_by == seat:
        return (f"you offered to end the duel; waiting for the answer to your offer "
                f"(seat {other}: accept-end or decline-end)")
    if seat in state.commits:
        return (f"you have already put a card face down in this round; seat {other} "
                "is choosing")
    return "your hand is empty: you play no card, and cannot offer to end the duel"


def check(state: DuelState, seat: int, action: Action) -> str | None:
    """Why ``action`` is illegal for ``seat`` now, or None (no enumeration of hands)."""
    phase = state.phase
    if phase == Phase.CHOOSE_HAND:
        if not isinstance(action, ChooseHand):
            return "first choose your hand: hand CARD CARD … (or 'hand' for none)"
        return _check_hand(state, seat, action.cards)
    if phase == Phase.ROUNDS:
        if state.offer_by is not None:
            if isinstance(action, AcceptEnd | DeclineEnd):
                return None
            return "answer the offer to end the duel first: accept-end or decline-end"
        if isinstance(action, Play):
            return _check_play(state, seat, action)
        if isinstance(action, OfferEnd):
            return "you have already offered to end the duel in this round" \
                if state.offered[seat] else None
        if isinstance(action, AcceptEnd | DeclineEnd):
            return "there is no offer to end the duel to answer"
        return "in a round, play a card: play CARD [show ITEM] [kill], or offer-end"
    if phase == Phase.SWAP:
        if isinstance(action, NoSwap):
            if state.options.swap_required and state.chosen[0] and state.chosen[1]:
                return ("the winner must swap a card (option swap_required): "
                        "swap THEIRS MINE")
            return None
        if not isinstance(action, Swap):
            return "the winner now swaps a card (swap THEIRS MINE) or not (no-swap)"
        loser = 1 - seat
        if action.take not in state.chosen[loser]:
            return f"{action.take} is not a card of the loser's hand"
        if action.give not in state.chosen[seat]:
            return f"{action.give} is not a card of your hand"
        return None
    return "the duel is over"


def _check_hand(state: DuelState, seat: int, cards: tuple[str, ...]) -> str | None:
    if len(set(cards)) != len(cards):
        return "a card is listed twice"
    eligible = state.eligible(seat)
    if not set(cards).issubset(eligible):  # say which card, and why
        deck = state.decks[seat]
        kinds = state.weapons(seat)
        for c in cards:
            if c not in deck:
                return f"{c} is not in your deck"
            info = state.cat[state.keys[c]]
            if info.item is not None:
                return (f"{c} is a weapon item: items stay in the deck and are not taken "
                        "into hand")
            if info.requires is not None and info.requires not in kinds:
                return (f"{c} needs a {info.requires.value} weapon item, and your deck has "
                        "none: you could never play it")
    lo, hi = state._limits(seat, len(eligible))
    if not lo <= len(cards) <= hi:
        if seat == state.options.attacker:
            return f"the attacker takes exactly {lo} cards"
        if lo == hi:
            return (f"take exactly {lo} card{'s' if lo != 1 else ''} into the hand "
                    f"(the playable cards of your deck), not {len(cards)}")
        return f"take {lo} to {hi} cards into the hand, not {len(cards)}"
    return None


def _check_play(state: DuelState, seat: int, play: Play) -> str | None:
    if play.card not in state.hands[seat]:
        return f"{play.card} is not in your hand"
    info = state.cat[state.keys[play.card]]
    if play.kill and not info.deadly:
        return f"{play.card} does not deal grave wounds: no kill can be declared with it"
    needs_show = info.requires is not None and info.requires not in state.shown_kinds(seat)
    if play.show is None:
        if needs_show:
            assert info.requires is not None
            return (f"{play.card} needs a {info.requires.value} weapon: show an item of "
                    f"that kind from your deck (play {play.card} show ITEM)")
        return None
    if not needs_show:
        return ("no item is to be shown with this card" if info.requires is None
                else "an item of this kind is already shown: play the card without 'show'")
    if play.show not in state.decks[seat]:
        return f"{play.show} is not in your deck"
    if state.cat[state.keys[play.show]].item != info.requires:
        assert info.requires is not None
        return f"{play.show} is not a {info.requires.value} weapon item"
    return None
