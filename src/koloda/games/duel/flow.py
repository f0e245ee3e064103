"""Carrying a duel's actions out: the choice of hands, each round's reveal, the swap and the
end of the duel («Завершение дуэли»). The state's ``_apply`` calls :func:`apply`, after the
kernel has checked the action (or not, on the unchecked path search uses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import EVERYONE, Action, Audience, simultaneous
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.cards import round_winner
from koloda.games.duel.events import (
    DuelCardCommitted,
    DuelCardsPutAway,
    DuelCardsSwapped,
    DuelEndAccepted,
    DuelEndDeclined,
    DuelEnded,
    DuelEndOffered,
    DuelHandChosen,
    DuelHandCommitted,
    DuelHandsTaken,
    DuelItemLaid,
    DuelLoserHandShown,
    DuelPlayChosen,
    DuelRoundRevealed,
    DuelSwapDecided,
    DuelWon,
)
from koloda.games.duel.model import SEATS, EndReason, Phase, RoundRecord, round_seats
from koloda.games.duel.options import LAID

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

_ONLY = (Audience.only(0), Audience.only(1))
_DUELLISTS = Audience.only(0, 1)
_REASON_TEXT = {r: r.value for r in EndReason}
_new = object.__new__


def apply(state: DuelState, seat: int, action: Action) -> None:
    """Carry out ``action`` of ``seat`` (legal: the caller has checked it)."""
    if isinstance(action, Play):
        commits = state.commits
        commits[seat] = action
        r = len(state.rounds) + 1
        keys = state.keys
        card, show = action.card, action.show
        events = state.events
        events.append(DuelCardCommitted(seat, r))
        events.append(DuelPlayChosen(seat, r, card, keys[card], show, action.kill,
                                     to=_ONLY[seat]))
        if show is not None and state.options.item_shown == LAID:
            state.decks[seat].remove(show)
            state.shown[seat].append(show)
            events.append(DuelItemLaid(seat, r, show, keys[show]))
        if simultaneous.complete(round_seats(state.hands), commits):
            reveal(state)
    elif isinstance(action, ChooseHand):
        cards = state.hand_commits[seat] = action.cards
        keys = state.keys
        events = state.events
        events.append(DuelHandCommitted(seat))
        events.append(DuelHandChosen(seat, cards, tuple([keys[c] for c in cards]),
                                     to=_ONLY[seat]))
        if simultaneous.complete(SEATS, state.hand_commits):
            take_hands(state)
    elif isinstance(action, OfferEnd):
        state.offer_by = seat
        state.offered[seat] = True
        state.events.append(DuelEndOffered(seat))
    elif isinstance(action, DeclineEnd):
        state.offer_by = None
        state.events.append(DuelEndDeclined(seat))
    elif isinstance(action, AcceptEnd):
        state.offer_by = None
        state.commits = {}
        state.events.append(DuelEndAccepted(seat))
        settle(state, EndReason.AGREEMENT)
    elif isinstance(action, Swap):
        state.swapped = (action.take, action.give)
        state.events.append(DuelSwapDecided(seat, True))
        state.events.append(DuelCardsSwapped(seat, action.take, state.keys[action.take],
                                             action.give, state.keys[action.give],
                                             to=_DUELLISTS))
        settle(state, EndReason.WON)
    elif isinstance(action, NoSwap):
        state.events.append(DuelSwapDecided(seat, False))
        settle(state, EndReason.WON)
    else:  # pragma: no cover - apply() has checked the action
        raise TypeError(f"not a duel action: {action!r}")


def take_hands(state: DuelState) -> None:
    """Both hands are chosen: each duellist takes its cards from the deck."""
    commits, decks = state.hand_commits, state.decks
    hands, chosen = state.hands, state.chosen
    for s in SEATS:
        cards = commits[s]
        if cards:
            taken = set(cards)
            decks[s] = [c for c in decks[s] if c not in taken]
        hands[s] = list(cards)
        chosen[s] = list(cards)
    state.hand_commits = {}
    state.phase = Phase.ROUNDS
    state.events.append(DuelHandsTaken((len(hands[0]), len(hands[1]))))
    if not hands[0] and not hands[1]:
        settle(state, EndReason.OUT_OF_CARDS)


def reveal(state: DuelState) -> None:
    """Every duellist with cards has put one face down: turn them over, decide the round,
    and the duel when a seat has won enough rounds or nobody has a card left."""
    commits, keys = state.commits, state.keys
    cards: list[str | None] = [None, None]
    card_keys: list[str | None] = [None, None]
    shows: list[str | None] = [None, None]
    show_keys: list[str | None] = [None, None]
    kills = [False, False]
    for s, chosen in commits.items():
        card = cards[s] = chosen.card
        card_keys[s] = keys[card]
        state.hands[s].remove(card)
        state.played[s].append(card)
        show = chosen.show
        if show is not None:
            shows[s] = show
            show_keys[s] = keys[show]
            shown = state.shown[s]
            if show not in shown:  # not laid face up already
                state.decks[s].remove(show)
                shown.append(show)
        if chosen.kill:
            kills[s] = state.kills[s] = True
    k0, k1 = card_keys
    cat = state.cat
    winner = round_winner(None if k0 is None else cat[k0],
                          None if k1 is None else cat[k1])
    wins = state.wins
    if winner is not None:
        wins[winner] += 1
    c0, c1 = cards
    h0, h1 = shows
    record = _new(RoundRecord)
    record.__dict__.update(cards=(c0, c1), shown=(h0, h1), kills=(kills[0], kills[1]),
                           winner=winner)
    rounds = state.rounds
    rounds.append(record)
    state.events.append(DuelRoundRevealed(
        len(rounds), (c0, c1), (k0, k1), (h0, h1), (show_keys[0], show_keys[1]),
        (kills[0], kills[1]), winner, (wins[0], wins[1]), to=EVERYONE))
    state.commits = {}
    state.offered = [False, False]
    if winner is not None and wins[winner] >= state.options.rounds_to_win:
        state.winner = winner
        loser = 1 - winner
        state.phase = Phase.SWAP
        state.events.append(DuelWon(winner, loser, state.kills[winner]))
        unplayed = tuple(state.hands[loser])
        state.events.append(DuelLoserHandShown(
            winner, loser, unplayed, tuple([keys[c] for c in unplayed]),
            to=_ONLY[winner]))
    elif not state.hands[0] and not state.hands[1]:
        settle(state, EndReason.OUT_OF_CARDS)


def settle(state: DuelState, reason: EndReason) -> None:
    """The end of the duel («Завершение дуэли»): played cards and the card received go to
    the owners' discard; unplayed hand cards and shown items go back to the deck."""
    given: list[str | None] = [None, None]
    received: list[str | None] = [None, None]
    if state.swapped is not None and state.winner is not None:
        take, give = state.swapped
        given[state.winner], received[state.winner] = give, take
        given[1 - state.winner], received[1 - state.winner] = take, give
    hands, played, shown = state.hands, state.played, state.shown
    decks, discards, events = state.decks, state.discards, state.events
    for s in SEATS:
        gone = given[s]
        if gone is None:
            to_discard = sorted(played[s])
            to_deck = hands[s] + shown[s]
        else:
            to_discard = [c for c in played[s] if c != gone]
            got = received[s]
            if got is not None:
                to_discard.append(got)
            to_discard.sort()
            to_deck = [c for c in hands[s] if c != gone] + shown[s]
        to_deck.sort()
        decks[s] = sorted(decks[s] + to_deck)
        discards[s] = sorted(discards[s] + to_discard)
        hands[s], played[s], shown[s] = [], [], []
        events.append(DuelCardsPutAway(s, tuple(to_deck), tuple(to_discard), to=_ONLY[s]))
    state.end_reason = reason
    state.phase = Phase.OVER
    winner = state.winner
    killed = 1 - winner if winner is not None and state.kills[winner] else None
    state.events.append(DuelEnded(winner, _REASON_TEXT[reason], killed))
