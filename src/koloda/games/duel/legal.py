"""What a duellist may do now: the legal actions in canonical order, and a uniform draw from
them without listing them (random play and search).

Action values are immutable, so each hand and each play is built once and shared (search asks
for the same lists again and again).
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from koloda.engine import Action, GameState, Rng
from koloda.engine.simultaneous import may_decide
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.cards import Weapon
from koloda.games.duel.model import SEATS, Phase, round_seats

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState

ACCEPT, DECLINE, OFFER, NO_SWAP = AcceptEnd(), DeclineEnd(), OfferEnd(), NoSwap()
_CHOOSE_HAND, _ROUNDS, _SWAP = Phase.CHOOSE_HAND, Phase.ROUNDS, Phase.SWAP
_kernel_draw = GameState.random_action

#: Play values: one instance per (card, show, kill), built once (search speed).
_PLAYS: dict[tuple[str, str | None, bool], Play] = {}
#: ChooseHand values: one instance per hand, built once.
_HANDS: dict[tuple[str, ...], ChooseHand] = {}


def hand(cards: tuple[str, ...]) -> ChooseHand:
    """The shared :class:`ChooseHand` of ``cards``."""
    found = _HANDS.get(cards)
    if found is None:
        found = _HANDS[cards] = ChooseHand(cards)
    return found


def play(card: str, show: str | None, kill: bool) -> Play:
    """The shared :class:`Play` of ``card`` (showing ``show``, declaring a kill or not)."""
    key = (card, show, kill)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(card, show, kill)
    return found


#: Cumulative counts of hands by size, C(n, lo) + … + C(n, k) for k in lo..hi, by (n, lo, hi).
_WEIGHTS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _weights(n: int, lo: int, hi: int) -> tuple[int, ...]:
    key = (n, lo, hi)
    out = _WEIGHTS.get(key)
    if out is None:
        sums, total = [], 0
        for k in range(lo, hi + 1):
            total += comb(n, k)
            sums.append(total)
        out = _WEIGHTS[key] = tuple(sums) or (0,)
    return out


#: The legal hands of the last few choices (search asks for the same list again and again):
#: by the eligible cards and the size limits, which are all the list depends on.
_HAND_LISTS: dict[tuple[tuple[str, ...], int, int], tuple[ChooseHand, ...]] = {}
_HAND_LISTS_MAX = 64


def hands(cards: tuple[str, ...], lo: int, hi: int) -> tuple[ChooseHand, ...]:
    """Every hand of ``lo`` to ``hi`` of ``cards``, by size then in the cards' order."""
    key = (cards, lo, hi)
    listed = _HAND_LISTS.get(key)
    if listed is None:
        if len(_HAND_LISTS) >= _HAND_LISTS_MAX:
            _HAND_LISTS.clear()
        listed = _HAND_LISTS[key] = tuple(
            [hand(combo) for k in range(lo, hi + 1) for combo in combinations(cards, k)])
    return listed


def legal_actions(state: DuelState, seat: int) -> list[Action]:
    """Legal actions in canonical order: hands by size then by ids; plays by card (plain,
    then with the kill declaration), then the offer to end; swaps, then no swap."""
    if seat not in state.to_act:
        return []
    if state.phase == Phase.CHOOSE_HAND:
        cards = state.eligible(seat)
        lo, hi = state.limits_for(seat, len(cards))
        return list(hands(tuple(cards), lo, hi))
    if state.phase == Phase.ROUNDS:
        if state.offer_by is not None:
            return [ACCEPT, DECLINE]
        out: list[Action] = list(plays(state, seat))
        if not state.offered[seat]:
            out.append(OFFER)
        return out
    loser = 1 - seat
    swaps: list[Action] = [Swap(t, g) for t in state.chosen[loser] for g in state.chosen[seat]]
    if not (swaps and state.options.swap_required):
        swaps.append(NO_SWAP)
    return swaps


def plays(state: DuelState, seat: int) -> list[Play]:
    """The plays of ``seat``'s hand: by card, each way of showing its weapon, plain then with
    the kill declaration."""
    shown = state.shown_kinds(seat)
    out = []
    cat = state.cat
    keys = state.keys
    for card in state.hands[seat]:
        info = cat[keys[card]]
        shows: list[str | None] = [None]
        if info.requires is not None and info.requires not in shown:
            shows = [c for c in state.decks[seat] if cat[keys[c]].item == info.requires]
        for show in shows:
            out.append(play(card, show, False))
            if info.deadly:
                out.append(play(card, show, True))
    return out


def random_action(state: DuelState, seat: int, rng: Rng) -> Action:
    """An action drawn uniformly from :func:`legal_actions` without listing them.

    At the choice of hand: a size k with probability C(n, k) / Σ C(n, j) over the allowed
    sizes, then k of the n eligible cards at random, sorted. In rounds and at the swap:
    the kernel's single draw ``randbelow(len(legal))``, and the action at that index of
    the canonical list, found by counting (the same draw and the same action as the
    kernel's default)."""
    phase = state.phase
    if phase is _ROUNDS:
        offer_by = state.offer_by
        if offer_by is not None:
            if seat != 1 - offer_by:
                return _kernel_draw(state, seat, rng)  # not to act: the refusal
            return ACCEPT if rng.randbelow(2) == 0 else DECLINE
        if not may_decide(round_seats(state.hands), state.commits, seat):
            return _kernel_draw(state, seat, rng)
        return _random_play(state, seat, rng)
    if phase is _CHOOSE_HAND:
        if not may_decide(SEATS, state.hand_commits, seat):
            return _kernel_draw(state, seat, rng)
        return random_hand(state, seat, rng)
    if phase is _SWAP and seat == state.winner:
        mine, theirs = state.chosen[seat], state.chosen[1 - seat]
        swaps = len(theirs) * len(mine)
        total = swaps + (0 if swaps and state.options.swap_required else 1)
        r = rng.randbelow(total)
        if r == swaps:
            return NO_SWAP
        t, g = divmod(r, len(mine))
        return Swap(theirs[t], mine[g])
    return _kernel_draw(state, seat, rng)


def random_hand(state: DuelState, seat: int, rng: Rng) -> Action:
    cards = state.eligible(seat)
    n = len(cards)
    lo, hi = state.limits_for(seat, n)
    weights = _weights(n, lo, hi)
    total = weights[-1]
    if total == 0:
        return _kernel_draw(state, seat, rng)  # no legal hand: the kernel's refusal
    randbelow = rng.randbelow
    r = randbelow(total)
    k = lo
    while r >= weights[k - lo]:
        k += 1
    # k distinct positions by a partial Fisher-Yates shuffle, kept in the deck's order
    pool = list(range(n))
    for i in range(k):
        j = i + randbelow(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    chosen = pool[:k]
    chosen.sort()
    picked = tuple([cards[i] for i in chosen])
    found = _HANDS.get(picked)
    return found if found is not None else hand(picked)


def _random_play(state: DuelState, seat: int, rng: Rng) -> Action:
    """A uniform draw from the plays of ``seat`` and the offer to end (if still open),
    counted in the order of :func:`legal_actions` without building the list."""
    keys = state.keys
    held = state.hands[seat]
    shown: set[Weapon] | None = None
    items: dict[Weapon | None, list[str]] | None = None  # the deck's items by kind
    widths: list[int] = []
    total = 0
    plays_of = state.cat.plays_of
    for card in held:
        need, width = plays_of[keys[card]]
        if need is not None:
            if shown is None:
                shown = state.shown_kinds(seat)
            if need not in shown:
                if items is None:
                    items = deck_items(state, seat)
                width *= len(items.get(need, ()))
        widths.append(width)
        total += width
    offer = not state.offered[seat]
    if total + offer == 0:  # pragma: no cover - a hand card is always playable
        return _kernel_draw(state, seat, rng)
    r = rng.randbelow(total + offer)
    if r == total:
        return OFFER
    i = 0
    while r >= widths[i]:
        r -= widths[i]
        i += 1
    card = held[i]
    need, width = plays_of[keys[card]]
    if width == 2:  # a deadly card: plain, then with the kill declaration
        r, kill = divmod(r, 2)
    else:
        kill = 0
    show = None
    if need is not None and items is not None and shown is not None and need not in shown:
        show = items[need][r]
    return play(card, show, kill == 1)


def deck_items(state: DuelState, seat: int) -> dict[Weapon | None, list[str]]:
    """The weapon items of ``seat``'s deck by kind, in the deck's order."""
    keys = state.keys
    item_of = state.cat.item_of
    out: dict[Weapon | None, list[str]] = {}
    for c in state.decks[seat]:
        kind = item_of[keys[c]]
        if kind is not None:
            out.setdefault(kind, []).append(c)
    return out
