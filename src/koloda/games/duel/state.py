"""The duel's state and rules: choosing hands, rounds of simultaneous reveals, the end.

Zones per seat (lists of card ids): ``decks`` («колода») and ``discards`` («сброс»), sorted;
``hands`` (the hand's unplayed cards), sorted; ``played`` (cards played in this duel) and
``shown`` (weapon items shown from the deck in this duel), in the order of play. ``chosen``
records the hand as chosen (played and unplayed) for the end of the duel. ``keys`` maps every
card id to its catalogue key.

Phases: ``choose_hand`` (both seats at once) → ``rounds`` (both seats with cards commit at once;
an offer to end waits for the other seat's answer) → ``swap`` (the winner alone) → ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from math import comb
from typing import Any, Self

from koloda.engine import (
    EVERYONE,
    Action,
    Audience,
    GameState,
    Result,
    Rng,
)
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.actions import parse_action as _parse_action
from koloda.games.duel.cards import SAMPLE, CardInfo, Catalogue, Weapon, round_winner
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
from koloda.games.duel.options import LAID, DuelOptions
from koloda.games.duel.outcome import DuelOutcome

#: The largest hand («от 0 до 5 боевых карт»), and the attacker's exact hand size.
MAX_HAND = 5
SEATS = (0, 1)
_BOTH, _SEAT = SEATS, ((0,), (1,))
_ACCEPT, _DECLINE, _OFFER, _NO_SWAP = AcceptEnd(), DeclineEnd(), OfferEnd(), NoSwap()
_ONLY = (Audience.only(0), Audience.only(1))
_DUELLISTS = Audience.only(0, 1)
_new = object.__new__
#: Play values are immutable: one instance per (card, show, kill), built once (search speed).
_PLAYS: dict[tuple[str, str | None, bool], Play] = {}


#: ChooseHand values are immutable too: one instance per hand, built once.
_HANDS: dict[tuple[str, ...], ChooseHand] = {}


def _hand(cards: tuple[str, ...]) -> ChooseHand:
    hand = _HANDS.get(cards)
    if hand is None:
        hand = _HANDS[cards] = ChooseHand(cards)
    return hand


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


def _hands(cards: tuple[str, ...], lo: int, hi: int) -> tuple[ChooseHand, ...]:
    """Every hand of ``lo`` to ``hi`` of ``cards``, by size then in the cards' order."""
    key = (cards, lo, hi)
    listed = _HAND_LISTS.get(key)
    if listed is None:
        if len(_HAND_LISTS) >= _HAND_LISTS_MAX:
            _HAND_LISTS.clear()
        listed = _HAND_LISTS[key] = tuple(
            [_hand(combo) for k in range(lo, hi + 1) for combo in combinations(cards, k)])
    return listed


def _play(card: str, show: str | None, kill: bool) -> Play:
    key = (card, show, kill)
    play = _PLAYS.get(key)
    if play is None:
        play = _PLAYS[key] = Play(card, show, kill)
    return play


class Phase(StrEnum):
    CHOOSE_HAND = "choose_hand"  # выбор руки
    ROUNDS = "rounds"  # раунды
    SWAP = "swap"  # обмен картой победителем
    OVER = "over"


_CHOOSE_HAND, _ROUNDS, _SWAP, _OVER = Phase.CHOOSE_HAND, Phase.ROUNDS, Phase.SWAP, Phase.OVER


class EndReason(StrEnum):
    WON = "won"
    OUT_OF_CARDS = "out_of_cards"  # у обоих закончились карты
    AGREEMENT = "agreement"  # по обоюдному соглашению сторон


_REASON_TEXT = {r: r.value for r in EndReason}
_DRAW_WORDS = {
    EndReason.OUT_OF_CARDS: ("both are out of cards", "у обоих закончились карты"),
    EndReason.AGREEMENT: ("ended by agreement", "по обоюдному согласию"),
    EndReason.WON: ("", ""),
}


@dataclass(frozen=True)
class RoundRecord:
    """One revealed round: each seat's card (None: no card), the item it showed, whether it
    declared a kill, and the round's winner (None: nobody)."""

    cards: tuple[str | None, str | None]
    shown: tuple[str | None, str | None]
    kills: tuple[bool, bool]
    winner: int | None


def _two_lists() -> list[list[str]]:
    return [[], []]


@dataclass(kw_only=True)
class DuelState(GameState):
    """A duel between seats 0 and 1 (see the package docstring for the observation format)."""

    options: DuelOptions
    keys: dict[str, str] = field(default_factory=dict)
    decks: list[list[str]] = field(default_factory=_two_lists)
    discards: list[list[str]] = field(default_factory=_two_lists)
    hands: list[list[str]] = field(default_factory=_two_lists)
    chosen: list[list[str]] = field(default_factory=_two_lists)
    played: list[list[str]] = field(default_factory=_two_lists)
    shown: list[list[str]] = field(default_factory=_two_lists)
    phase: Phase = Phase.CHOOSE_HAND
    hand_commits: dict[int, tuple[str, ...]] = field(default_factory=dict)
    commits: dict[int, Play] = field(default_factory=dict)
    rounds: list[RoundRecord] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    offered: list[bool] = field(default_factory=lambda: [False, False])
    offer_by: int | None = None
    kills: list[bool] = field(default_factory=lambda: [False, False])
    winner: int | None = None
    end_reason: EndReason | None = None
    swapped: tuple[str, str] | None = None
    #: the card set (None: the sample set, ``data/cards.json``); an event brings its own
    catalogue: Catalogue | None = None

    # --- construction ------------------------------------------------------------------------

    @classmethod
    def initial(cls, options: Any, *, players: int, seed: int) -> Self:
        state: Self = _setup.deal(cls, options, players=players, seed=seed)
        return state

    @classmethod
    def from_setup(cls, options: Any, *, players: int, seed: int, setup: Mapping[str, Any]) -> Self:
        from koloda.games.duel.setup import build_from_setup

        state: Self = build_from_setup(cls, options, players=players, seed=seed, setup=setup)
        return state

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return _parse_action(text)

    # --- facts -------------------------------------------------------------------------------

    @property
    def cat(self) -> Catalogue:
        """The duel's card set: its own, or the sample set."""
        return SAMPLE if self.catalogue is None else self.catalogue

    def info(self, card: str) -> CardInfo:
        """The catalogue entry of card id ``card``."""
        return self.cat[self.keys[card]]

    def weapons(self, seat: int) -> set[Weapon]:
        """Weapon kinds ``seat`` can show or has shown: items in its deck and shown items."""
        out = set()
        for zone in (self.decks[seat], self.shown[seat]):
            for c in zone:
                item = self.cat[self.keys[c]].item
                if item is not None:
                    out.add(item)
        return out

    def shown_kinds(self, seat: int) -> set[Weapon]:
        keys, item_of = self.keys, self.cat.item_of
        out = set()
        for c in self.shown[seat]:
            item = item_of[keys[c]]
            if item is not None:
                out.add(item)
        return out

    def eligible(self, seat: int) -> list[str]:
        """Deck cards ``seat`` may take into its hand: battle cards whose weapon, if any, it
        has among its items (a card it could never play may not be taken)."""
        keys = self.keys
        deck = self.decks[seat]
        item_of = self.cat.item_of
        kinds = {item_of[keys[c]] for c in deck}
        for c in self.shown[seat]:
            kinds.add(item_of[keys[c]])
        # a battle card's own kind is None, so None is in ``kinds`` whenever the deck holds a
        # battle card, and a card that requires nothing is taken; an item needs NEVER
        needs = self.cat.take_needs
        return [c for c in deck if needs[keys[c]] in kinds]

    def hand_limits(self, seat: int) -> tuple[int, int]:
        """The smallest and largest hand ``seat`` may choose now."""
        return self._limits(seat, len(self.eligible(seat)))

    def _limits(self, seat: int, n: int) -> tuple[int, int]:
        """:meth:`hand_limits` for ``n`` eligible cards."""
        attacker = self.options.attacker
        if attacker is not None:
            if seat == attacker:
                return MAX_HAND, MAX_HAND
            if self.options.defender_min_one and n > 0:
                return 1, min(MAX_HAND, n)
        if self.options.hand_min_one and n > 0:
            return 1, min(MAX_HAND, n)
        return 0, min(MAX_HAND, n)

    @property
    def round_number(self) -> int:
        """The current round, from 1 (the last one played once the rounds are over)."""
        return len(self.rounds) + (1 if self.phase == Phase.ROUNDS else 0)

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner

    # --- the protocol ------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is _ROUNDS:
            offer_by = self.offer_by
            if offer_by is not None:
                return _SEAT[1 - offer_by]
            hands, commits = self.hands, self.commits
            a = 0 not in commits and bool(hands[0])
            b = 1 not in commits and bool(hands[1])
            return _BOTH if a and b else _SEAT[0] if a else _SEAT[1] if b else ()
        if phase is _CHOOSE_HAND:
            chosen = self.hand_commits
            a, b = 0 not in chosen, 1 not in chosen
            return _BOTH if a and b else _SEAT[0] if a else _SEAT[1] if b else ()
        if phase is _SWAP:
            assert self.winner is not None
            return _SEAT[self.winner]
        return ()

    @property
    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions in canonical order: hands by size then by ids; plays by card (plain,
        then with the kill declaration), then the offer to end; swaps, then no swap."""
        if seat not in self.to_act:
            return []
        if self.phase == Phase.CHOOSE_HAND:
            cards = self.eligible(seat)
            lo, hi = self._limits(seat, len(cards))
            return list(_hands(tuple(cards), lo, hi))
        if self.phase == Phase.ROUNDS:
            if self.offer_by is not None:
                return [_ACCEPT, _DECLINE]
            out: list[Action] = list(self._plays(seat))
            if not self.offered[seat]:
                out.append(_OFFER)
            return out
        loser = 1 - seat
        swaps: list[Action] = [Swap(t, g) for t in self.chosen[loser] for g in self.chosen[seat]]
        if not (swaps and self.options.swap_required):
            swaps.append(_NO_SWAP)
        return swaps

    def random_action(self, seat: int, rng: Rng) -> Action:
        """An action drawn uniformly from :meth:`legal_actions` without listing them.

        At the choice of hand: a size k with probability C(n, k) / Σ C(n, j) over the allowed
        sizes, then k of the n eligible cards at random, sorted. In rounds and at the swap:
        the kernel's single draw ``randbelow(len(legal))``, and the action at that index of
        the canonical list, found by counting (the same draw and the same action as the
        kernel's default)."""
        phase = self.phase
        if phase is _ROUNDS:
            offer_by = self.offer_by
            if offer_by is not None:
                if seat != 1 - offer_by:
                    return super().random_action(seat, rng)  # not to act: the refusal
                return _ACCEPT if rng.randbelow(2) == 0 else _DECLINE
            if seat not in SEATS or not self.hands[seat] or seat in self.commits:
                return super().random_action(seat, rng)
            return self._random_play(seat, rng)
        if phase is _CHOOSE_HAND:
            if seat in self.hand_commits or seat not in SEATS:
                return super().random_action(seat, rng)
            return self._random_hand(seat, rng)
        if phase is _SWAP and seat == self.winner:
            mine, theirs = self.chosen[seat], self.chosen[1 - seat]
            swaps = len(theirs) * len(mine)
            total = swaps + (0 if swaps and self.options.swap_required else 1)
            r = rng.randbelow(total)
            if r == swaps:
                return _NO_SWAP
            t, g = divmod(r, len(mine))
            return Swap(theirs[t], mine[g])
        return super().random_action(seat, rng)

    def _random_hand(self, seat: int, rng: Rng) -> Action:
        cards = self.eligible(seat)
        n = len(cards)
        lo, hi = self._limits(seat, n)
        weights = _weights(n, lo, hi)
        total = weights[-1]
        if total == 0:
            return super().random_action(seat, rng)  # no legal hand: the kernel's refusal
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
        hand = _HANDS.get(picked)
        return hand if hand is not None else _hand(picked)

    def _random_play(self, seat: int, rng: Rng) -> Action:
        """A uniform draw from the plays of ``seat`` and the offer to end (if still open),
        counted in the order of :meth:`legal_actions` without building the list."""
        keys = self.keys
        hand = self.hands[seat]
        shown: set[Weapon] | None = None
        items: dict[Weapon | None, list[str]] | None = None  # the deck's items by kind
        widths: list[int] = []
        total = 0
        plays = self.cat.plays_of
        for card in hand:
            need, width = plays[keys[card]]
            if need is not None:
                if shown is None:
                    shown = self.shown_kinds(seat)
                if need not in shown:
                    if items is None:
                        items = self._deck_items(seat)
                    width *= len(items.get(need, ()))
            widths.append(width)
            total += width
        offer = not self.offered[seat]
        if total + offer == 0:  # pragma: no cover - a hand card is always playable
            return super().random_action(seat, rng)
        r = rng.randbelow(total + offer)
        if r == total:
            return _OFFER
        i = 0
        while r >= widths[i]:
            r -= widths[i]
            i += 1
        card = hand[i]
        need, width = plays[keys[card]]
        if width == 2:  # a deadly card: plain, then with the kill declaration
            r, kill = divmod(r, 2)
        else:
            kill = 0
        show = None
        if need is not None and items is not None and shown is not None and need not in shown:
            show = items[need][r]
        return _play(card, show, kill == 1)

    def _deck_items(self, seat: int) -> dict[Weapon | None, list[str]]:
        """The weapon items of ``seat``'s deck by kind, in the deck's order."""
        keys = self.keys
        item_of = self.cat.item_of
        out: dict[Weapon | None, list[str]] = {}
        for c in self.decks[seat]:
            kind = item_of[keys[c]]
            if kind is not None:
                out.setdefault(kind, []).append(c)
        return out

    def _plays(self, seat: int) -> list[Play]:
        shown = self.shown_kinds(seat)
        out = []
        cat = self.cat
        for card in self.hands[seat]:
            info = cat[self.keys[card]]
            shows: list[str | None] = [None]
            if info.requires is not None and info.requires not in shown:
                shows = [c for c in self.decks[seat]
                         if cat[self.keys[c]].item == info.requires]
            for show in shows:
                out.append(_play(card, show, False))
                if info.deadly:
                    out.append(_play(card, show, True))
        return out

    def idle_reason(self, seat: int) -> str | None:
        """Why ``seat`` (not in ``to_act``, the duel not over) does not act now."""
        return _checks.idle_reason(self, seat)

    def check(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal for ``seat`` now, or None (no enumeration of hands)."""
        return _checks.check(self, seat, action)

    # --- carrying actions out ----------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            commits = self.commits
            commits[seat] = action
            r = len(self.rounds) + 1
            keys = self.keys
            card, show = action.card, action.show
            events = self.events
            events.append(DuelCardCommitted(seat, r))
            events.append(DuelPlayChosen(seat, r, card, keys[card], show, action.kill,
                                         to=_ONLY[seat]))
            if show is not None and self.options.item_shown == LAID:
                self.decks[seat].remove(show)
                self.shown[seat].append(show)
                events.append(DuelItemLaid(seat, r, show, keys[show]))
            hands = self.hands
            if (0 in commits or not hands[0]) and (1 in commits or not hands[1]):
                self._reveal()
        elif isinstance(action, ChooseHand):
            cards = self.hand_commits[seat] = action.cards
            keys = self.keys
            events = self.events
            events.append(DuelHandCommitted(seat))
            events.append(DuelHandChosen(seat, cards, tuple([keys[c] for c in cards]),
                                         to=_ONLY[seat]))
            if len(self.hand_commits) == 2:
                self._take_hands()
        elif isinstance(action, OfferEnd):
            self.offer_by = seat
            self.offered[seat] = True
            self.events.append(DuelEndOffered(seat))
        elif isinstance(action, DeclineEnd):
            self.offer_by = None
            self.events.append(DuelEndDeclined(seat))
        elif isinstance(action, AcceptEnd):
            self.offer_by = None
            self.commits = {}
            self.events.append(DuelEndAccepted(seat))
            self._settle(EndReason.AGREEMENT)
        elif isinstance(action, Swap):
            self.swapped = (action.take, action.give)
            self.events.append(DuelSwapDecided(seat, True))
            self.events.append(DuelCardsSwapped(seat, action.take, self.keys[action.take],
                                                action.give, self.keys[action.give],
                                                to=_DUELLISTS))
            self._settle(EndReason.WON)
        elif isinstance(action, NoSwap):
            self.events.append(DuelSwapDecided(seat, False))
            self._settle(EndReason.WON)
        else:  # pragma: no cover - apply() has checked the action
            raise TypeError(f"not a duel action: {action!r}")

    def _take_hands(self) -> None:
        commits, decks = self.hand_commits, self.decks
        hands, chosen = self.hands, self.chosen
        for s in SEATS:
            cards = commits[s]
            if cards:
                taken = set(cards)
                decks[s] = [c for c in decks[s] if c not in taken]
            hands[s] = list(cards)
            chosen[s] = list(cards)
        self.hand_commits = {}
        self.phase = _ROUNDS
        self.events.append(DuelHandsTaken((len(hands[0]), len(hands[1]))))
        if not hands[0] and not hands[1]:
            self._settle(EndReason.OUT_OF_CARDS)

    def _reveal(self) -> None:
        commits, keys = self.commits, self.keys
        cards: list[str | None] = [None, None]
        card_keys: list[str | None] = [None, None]
        shows: list[str | None] = [None, None]
        show_keys: list[str | None] = [None, None]
        kills = [False, False]
        for s, play in commits.items():
            card = cards[s] = play.card
            card_keys[s] = keys[card]
            self.hands[s].remove(card)
            self.played[s].append(card)
            show = play.show
            if show is not None:
                shows[s] = show
                show_keys[s] = keys[show]
                shown = self.shown[s]
                if show not in shown:  # not laid face up already
                    self.decks[s].remove(show)
                    shown.append(show)
            if play.kill:
                kills[s] = self.kills[s] = True
        k0, k1 = card_keys
        cat = self.cat
        winner = round_winner(None if k0 is None else cat[k0],
                              None if k1 is None else cat[k1])
        wins = self.wins
        if winner is not None:
            wins[winner] += 1
        c0, c1 = cards
        h0, h1 = shows
        record = _new(RoundRecord)
        record.__dict__.update(cards=(c0, c1), shown=(h0, h1), kills=(kills[0], kills[1]),
                               winner=winner)
        rounds = self.rounds
        rounds.append(record)
        self.events.append(DuelRoundRevealed(
            len(rounds), (c0, c1), (k0, k1), (h0, h1), (show_keys[0], show_keys[1]),
            (kills[0], kills[1]), winner, (wins[0], wins[1]), to=EVERYONE))
        self.commits = {}
        self.offered = [False, False]
        if winner is not None and wins[winner] >= self.options.rounds_to_win:
            self.winner = winner
            loser = 1 - winner
            self.phase = _SWAP
            self.events.append(DuelWon(winner, loser, self.kills[winner]))
            unplayed = tuple(self.hands[loser])
            self.events.append(DuelLoserHandShown(
                winner, loser, unplayed, tuple([keys[c] for c in unplayed]),
                to=_ONLY[winner]))
        elif not self.hands[0] and not self.hands[1]:
            self._settle(EndReason.OUT_OF_CARDS)

    def _settle(self, reason: EndReason) -> None:
        """The end of the duel («Завершение дуэли»): played cards and the card received go to
        the owners' discard; unplayed hand cards and shown items go back to the deck."""
        given: list[str | None] = [None, None]
        received: list[str | None] = [None, None]
        if self.swapped is not None and self.winner is not None:
            take, give = self.swapped
            given[self.winner], received[self.winner] = give, take
            given[1 - self.winner], received[1 - self.winner] = take, give
        hands, played, shown = self.hands, self.played, self.shown
        decks, discards, events = self.decks, self.discards, self.events
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
        self.end_reason = reason
        self.phase = _OVER
        winner = self.winner
        killed = 1 - winner if winner is not None and self.kills[winner] else None
        self.events.append(DuelEnded(winner, _REASON_TEXT[reason], killed))

    # --- the end -----------------------------------------------------------------------------

    def result(self) -> Result | None:
        if self.phase != Phase.OVER:
            return None
        if self.winner is None:
            assert self.end_reason is not None
            en, ru = _DRAW_WORDS[self.end_reason]
            return Result(scores=(0.0, 0.0), summary=f"a draw: {en}", summary_ru=f"ничья: {ru}")
        scores = (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)
        w, loser = self.winner + 1, 2 - self.winner
        text, text_ru = f"Player {w} wins the duel", f"Игрок {w} побеждает в дуэли"
        if self.kills[self.winner]:
            text += f"; Player {loser} is gravely wounded"
            text_ru += f"; Игрок {loser} тяжело ранен"
        return Result(scores=scores, summary=text, summary_ru=text_ru)

    def outcome(self) -> DuelOutcome | None:
        """Where every card ended up, for the event layer; None before the end."""
        if self.phase != Phase.OVER or self.end_reason is None:
            return None
        killed = self.loser if self.winner is not None and self.kills[self.winner] else None
        swap = None
        if self.swapped is not None:
            swap = (self.keys[self.swapped[0]], self.keys[self.swapped[1]])
        return DuelOutcome(
            winner=self.winner,
            reason=self.end_reason.value,
            killed=killed,
            swap=swap,
            decks=(tuple(self.keys[c] for c in self.decks[0]),
                   tuple(self.keys[c] for c in self.decks[1])),
            discards=(tuple(self.keys[c] for c in self.discards[0]),
                      tuple(self.keys[c] for c in self.discards[1])),
            swap_ids=None if self.swapped is None else (self.swapped[0], self.swapped[1]),
            deck_ids=(tuple(self.decks[0]), tuple(self.decks[1])),
            discard_ids=(tuple(self.discards[0]), tuple(self.discards[1])),
        )

    # --- views, samples, copies --------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        from koloda.games.duel.observe import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: Rng) -> Self:
        from koloda.games.duel.resample import resample

        return resample(self, seat, rng)

    def all_cards(self) -> list[str] | None:
        out: list[str] = []
        for zones in (self.decks, self.discards, self.hands, self.played, self.shown):
            for z in zones:
                out.extend(z)
        return out

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = self.rng.copy()
        new.events = list(self.events)
        new.history = list(self.history)
        new.keys = dict(self.keys)
        new.decks = [list(z) for z in self.decks]
        new.discards = [list(z) for z in self.discards]
        new.hands = [list(z) for z in self.hands]
        new.chosen = [list(z) for z in self.chosen]
        new.played = [list(z) for z in self.played]
        new.shown = [list(z) for z in self.shown]
        new.hand_commits = dict(self.hand_commits)
        new.commits = dict(self.commits)
        new.rounds = list(self.rounds)
        new.wins = list(self.wins)
        new.offered = list(self.offered)
        new.kills = list(self.kills)
        return new


# the setup and checks modules need this one's classes first (imported here for ``initial``,
# ``check`` and ``idle_reason``)
from koloda.games.duel import checks as _checks  # noqa: E402
from koloda.games.duel import setup as _setup  # noqa: E402
