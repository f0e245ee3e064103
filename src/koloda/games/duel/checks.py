"""Why a duel action is refused: the checked path's reasons, in words every language can have
(:class:`~koloda.engine.Words`, keys ``duel.*``, Russian in ``locale/ru/LC_MESSAGES/duel.po``),
without listing the legal actions (:meth:`DuelState.check
<koloda.games.duel.state.DuelState.check>` and
:meth:`~koloda.games.duel.state.DuelState.idle_reason` call these). Cards are named only as the
refusing seat may know them (:func:`koloda.games.duel.words.card_term`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Action, Words, say, say_count
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
from koloda.games.duel.words import card_term, seat_term, weapon_term

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState


def idle_reason(state: DuelState, seat: int) -> Words | None:
    """Why ``seat`` (not in ``to_act``, the duel not over) does not act now."""
    other = seat_term(1 - seat)
    if state.phase == Phase.CHOOSE_HAND:
        return say("duel.wait_hand", "you have already chosen your hand; {seat} is choosing",
                   seat=other)
    if state.phase == Phase.SWAP:
        return say("duel.wait_swap", "the winner ({seat}) decides the swap", seat=other)
    if state.offer_by == seat:
        return say("duel.wait_answer", "you offered to end the duel; waiting for the answer to "
                   "your offer ({seat}: accept-end or decline-end)", seat=other)
    if seat in state.commits:
        return say("duel.wait_reveal", "you have already put a card face down in this round; "
                   "{seat} is choosing", seat=other)
    return say("duel.empty_hand",
               "your hand is empty: you play no card, and cannot offer to end the duel")


def check(state: DuelState, seat: int, action: Action) -> Words | None:
    """Why ``action`` is illegal for ``seat`` now, or None (no enumeration of hands)."""
    phase = state.phase
    if phase == Phase.CHOOSE_HAND:
        if not isinstance(action, ChooseHand):
            return say("duel.choose_hand_first",
                       "first choose your hand: hand CARD CARD … (or 'hand' for none)")
        return _check_hand(state, seat, action.cards)
    if phase == Phase.ROUNDS:
        if state.offer_by is not None:
            if isinstance(action, AcceptEnd | DeclineEnd):
                return None
            return say("duel.answer_offer_first",
                       "answer the offer to end the duel first: accept-end or decline-end")
        if isinstance(action, Play):
            return _check_play(state, seat, action)
        if isinstance(action, OfferEnd):
            return say("duel.offered_already",
                       "you have already offered to end the duel in this round") \
                if state.offered[seat] else None
        if isinstance(action, AcceptEnd | DeclineEnd):
            return say("duel.no_offer", "there is no offer to end the duel to answer")
        return say("duel.play_a_card",
                   "in a round, play a card: play CARD [show ITEM] [kill], or offer-end")
    if phase == Phase.SWAP:
        if isinstance(action, NoSwap):
            if state.options.swap_required and state.chosen[0] and state.chosen[1]:
                return say("duel.swap_required", "the winner must swap a card (option "
                           "swap_required): swap THEIRS MINE")
            return None
        if not isinstance(action, Swap):
            return say("duel.swap_or_not",
                       "the winner now swaps a card (swap THEIRS MINE) or not (no-swap)")
        loser = 1 - seat
        if action.take not in state.chosen[loser]:
            return say("duel.not_losers_card", "{card} is not a card of the loser's hand",
                       card=card_term(state, seat, action.take))
        if action.give not in state.chosen[seat]:
            return say("duel.not_your_card", "{card} is not a card of your hand",
                       card=card_term(state, seat, action.give))
        return None
    return say("duel.over", "the duel is over")


def _check_hand(state: DuelState, seat: int, cards: tuple[str, ...]) -> Words | None:
    if len(set(cards)) != len(cards):
        return say("duel.listed_twice", "a card is listed twice")
    eligible = state.eligible(seat)
    if not set(cards).issubset(eligible):  # say which card, and why
        deck = state.decks[seat]
        kinds = state.weapons(seat)
        for c in cards:
            if c not in deck:
                return say("duel.not_in_deck", "{card} is not in your deck",
                           card=card_term(state, seat, c))
            info = state.cat[state.keys[c]]
            if info.item is not None:
                return say("duel.item_not_taken", "{card} is a weapon item: items stay in the "
                           "deck and are not taken into hand", card=card_term(state, seat, c))
            if info.requires is not None and info.requires not in kinds:
                return say("duel.needs_missing_weapon", "{card} needs a {weapon} weapon item, "
                           "and your deck has none: you could never play it",
                           card=card_term(state, seat, c), weapon=weapon_term(info.requires))
    lo, hi = state.limits_for(seat, len(eligible))
    if not lo <= len(cards) <= hi:
        if seat == state.options.attacker:
            return say_count("duel.attacker_exactly", "the attacker takes exactly {n} card",
                             "the attacker takes exactly {n} cards", lo)
        if lo == hi:
            return say_count(
                "duel.take_exactly",
                "take exactly {n} card into the hand (the playable cards of your deck), "
                "not {got}",
                "take exactly {n} cards into the hand (the playable cards of your deck), "
                "not {got}", lo, got=len(cards))
        return say("duel.take_between", "take {lo} to {hi} cards into the hand, not {got}",
                   lo=lo, hi=hi, got=len(cards))
    return None


def _check_play(state: DuelState, seat: int, play: Play) -> Words | None:
    card = card_term(state, seat, play.card)
    if play.card not in state.hands[seat]:
        return say("duel.not_in_hand", "{card} is not in your hand", card=card)
    info = state.cat[state.keys[play.card]]
    if play.kill and not info.deadly:
        return say("duel.no_kill", "{card} does not deal grave wounds: no kill can be declared "
                   "with it", card=card)
    needs_show = info.requires is not None and info.requires not in state.shown_kinds(seat)
    if play.show is None:
        if needs_show:
            assert info.requires is not None
            return say("duel.show_needed", "{card} needs a {weapon} weapon: show an item of "
                       "that kind from your deck (play {id} show ITEM)", card=card,
                       weapon=weapon_term(info.requires), id=play.card)
        return None
    if not needs_show:
        if info.requires is None:
            return say("duel.nothing_to_show", "no item is to be shown with this card")
        return say("duel.shown_already", "an item of this kind is already shown: play the "
                   "card without 'show'")
    item = card_term(state, seat, play.show)
    if play.show not in state.decks[seat]:
        return say("duel.show_not_in_deck", "{item} is not in your deck", item=item)
    if state.cat[state.keys[play.show]].item != info.requires:
        assert info.requires is not None
        return say("duel.wrong_item", "{item} is not a {weapon} weapon item", item=item,
                   weapon=weapon_term(info.requires))
    return None
